-- relay schema 3: the owner's loop — plans with checkpoints and revisions, review checklists, screenshots
-- (attachments), the comment thread with its sent / delivered / read life cycle, and the agent's todo
-- (relaybay spec §1 and §11: 0008_comments, 0011_review, 0013_plan). Additive only.
-- Times are Unix milliseconds.

-- Plan status lives on the task: none (no steps), draft (written), accepted (by whom and when).
ALTER TABLE task ADD COLUMN plan_status TEXT NOT NULL DEFAULT 'none'
    CHECK (plan_status IN ('none', 'draft', 'accepted'));
ALTER TABLE task ADD COLUMN plan_accepted_at_ms INTEGER;
ALTER TABLE task ADD COLUMN plan_accepted_by TEXT;

-- The rule warnings of the task's last stage move (a JSON array), until it moves again: the inbox's "Rule
-- warnings" group. Backfilled from each task's last task.stage_changed event.
ALTER TABLE task ADD COLUMN stage_warnings TEXT CHECK (stage_warnings IS NULL OR json_valid(stage_warnings));
UPDATE task SET stage_warnings = (
    SELECT json_extract(e.data, '$.warnings') FROM event e
     WHERE e.kind = 'task.stage_changed'
       AND e.subject = (SELECT slug FROM project WHERE id = task.project_id) || '-' || task.number
     ORDER BY e.id DESC LIMIT 1);
UPDATE task SET stage_warnings = NULL
 WHERE stage_warnings IS NOT NULL AND (json_type(stage_warnings) <> 'array' OR json_array_length(stage_warnings) = 0);
CREATE INDEX task_stage_warnings ON task (id) WHERE stage_warnings IS NOT NULL;

-- One row per plan step; position is 1-based and dense. A done step is a checkpoint (done_at_ms, outcome,
-- link, conformance: 'as planned' or 'deviation: <why>').
CREATE TABLE plan_step (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    position      INTEGER NOT NULL CHECK (position > 0),
    title         TEXT    NOT NULL CHECK (length(title) > 0),
    details       TEXT,
    status        TEXT    NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'in_progress', 'done', 'blocked')),
    done_at_ms    INTEGER,
    link          TEXT,
    outcome       TEXT,
    conformance   TEXT,
    created_by    TEXT,
    updated_at_ms INTEGER NOT NULL,
    UNIQUE (task_id, position)
) STRICT;

-- Every plan write (set, step update, acceptance): the whole plan as JSON, its author and a reason.
CREATE TABLE plan_revision (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    revision      INTEGER NOT NULL CHECK (revision > 0),
    body          TEXT    NOT NULL CHECK (json_valid(body)),
    author        TEXT    NOT NULL,
    reason        TEXT    NOT NULL,
    created_at_ms INTEGER NOT NULL,
    UNIQUE (task_id, revision)
) STRICT;

-- The owner's review checklist: what to check by eye, decided only by the owner.
CREATE TABLE review_step (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    position      INTEGER NOT NULL CHECK (position > 0),
    title         TEXT    NOT NULL CHECK (length(title) > 0),
    details       TEXT,
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
    decided_at_ms INTEGER,
    decided_by    TEXT,
    created_by    TEXT,
    updated_at_ms INTEGER NOT NULL,
    UNIQUE (task_id, position)
) STRICT;

-- Screenshots of a task, optionally of one review step. The file is
-- <data dir>/attachments/<project>/<task key>/<stored_name>; original_name is for display only.
CREATE TABLE attachment (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    step_id       INTEGER REFERENCES review_step (id) ON DELETE SET NULL,
    kind          TEXT    NOT NULL DEFAULT 'screenshot' CHECK (kind IN ('screenshot')),
    stored_name   TEXT    NOT NULL UNIQUE CHECK (stored_name NOT GLOB '*[/\]*' AND length(stored_name) > 0),
    original_name TEXT,
    media_type    TEXT    NOT NULL
                  CHECK (media_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
    size_bytes    INTEGER NOT NULL CHECK (size_bytes > 0),
    sha256        TEXT    NOT NULL CHECK (length(sha256) = 64),
    caption       TEXT,
    created_by    TEXT    NOT NULL,
    created_at_ms INTEGER NOT NULL,
    UNIQUE (task_id, sha256)
) STRICT;

CREATE INDEX attachment_step ON attachment (step_id);

-- A task's thread: owner comments (for the bound session's agent) and agents' replies.
-- Owner comment: sent (created_at_ms), delivered (a hook handed it to the agent), read (comment_ack or a reply).
-- Agent reply: unread until the owner marks it read or writes a comment on the task.
CREATE TABLE comment (
    id                      INTEGER PRIMARY KEY,
    task_id                 INTEGER NOT NULL REFERENCES task (id),
    author_kind             TEXT    NOT NULL CHECK (author_kind IN ('owner', 'agent')),
    author_name             TEXT    NOT NULL,
    author_session_id       INTEGER REFERENCES session (id),
    body                    TEXT    NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
    in_reply_to             INTEGER REFERENCES comment (id),
    step_id                 INTEGER REFERENCES review_step (id) ON DELETE SET NULL,
    attachment_id           INTEGER REFERENCES attachment (id) ON DELETE SET NULL,
    created_at_ms           INTEGER NOT NULL,
    delivered_at_ms         INTEGER,
    delivered_to_session_id INTEGER REFERENCES session (id),
    read_at_ms              INTEGER
) STRICT;

CREATE INDEX comment_task ON comment (task_id, id);
CREATE INDEX comment_unread ON comment (author_kind, read_at_ms) WHERE read_at_ms IS NULL;

-- The agent's own todo (Claude Code's todo tools, read from its hooks): a second layer, never merged into the
-- plan. It belongs to the session and its current Claude Code id; a new id starts a fresh list.
CREATE TABLE session_todo (
    id            INTEGER PRIMARY KEY,
    session_id    INTEGER NOT NULL REFERENCES session (id),
    cc_session_id TEXT    NOT NULL DEFAULT '',
    item_id       TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed')),
    active_form   TEXT,
    position      INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    UNIQUE (session_id, cc_session_id, item_id)
) STRICT;
