-- relay schema 2: the board core — projects, tasks, sessions and their binding history, reports, decisions,
-- the external tracker history and per-project working-rules overrides (relaybay spec §1, §6, §11).
-- Times are Unix milliseconds. Text limits are enforced by the task fields table in relay-core; the CHECKs
-- here keep the invariants that must never break whoever writes.

CREATE TABLE project (
    id            INTEGER PRIMARY KEY,
    slug          TEXT    NOT NULL UNIQUE
                  CHECK (length(slug) BETWEEN 1 AND 40 AND slug NOT GLOB '*[^a-z0-9-]*'
                         AND slug NOT GLOB '-*' AND slug NOT GLOB '*-' AND slug NOT GLOB '*--*'),
    name          TEXT    NOT NULL CHECK (length(name) > 0),
    repo_path     TEXT,
    description   TEXT,
    next_number   INTEGER NOT NULL DEFAULT 1 CHECK (next_number > 0),
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE task (
    id                  INTEGER PRIMARY KEY,
    project_id          INTEGER NOT NULL REFERENCES project (id),
    number              INTEGER NOT NULL CHECK (number > 0),
    title               TEXT    NOT NULL CHECK (length(title) > 0),
    stage               TEXT    NOT NULL DEFAULT 'plan'
                        CHECK (stage IN ('plan', 'dev', 'review', 'test', 'live', 'done')),
    stage_note          TEXT,
    waiting_on          TEXT,
    next_step           TEXT,
    -- When next_step was last written or confirmed; older than stage_changed_at_ms means stale.
    next_step_at_ms     INTEGER,
    branch              TEXT,
    doc_path            TEXT,
    description         TEXT,
    progress            TEXT,
    priority            INTEGER CHECK (priority BETWEEN 1 AND 5),
    size                TEXT    CHECK (size IN ('S', 'M', 'L')),
    tracker_ref         TEXT,
    tracker_name        TEXT,
    tracker_url         TEXT    CHECK (tracker_url GLOB 'http://*' OR tracker_url GLOB 'https://*'),
    tracker_logged      INTEGER NOT NULL DEFAULT 0 CHECK (tracker_logged IN (0, 1)),
    -- Grows with every write; expected_version compares against it.
    version             INTEGER NOT NULL DEFAULT 1,
    created_at_ms       INTEGER NOT NULL,
    updated_at_ms       INTEGER NOT NULL,
    stage_changed_at_ms INTEGER NOT NULL,
    closed_at_ms        INTEGER,
    UNIQUE (project_id, number)
) STRICT;

CREATE INDEX task_project_stage ON task (project_id, stage);

-- Whoever works on a task: a desktop session (local_<uuid>), a plain name, or one the hooks created.
CREATE TABLE session (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE CHECK (length(name) > 0),
    kind          TEXT    NOT NULL CHECK (kind IN ('desktop', 'named', 'hook')),
    title         TEXT,
    created_at_ms INTEGER NOT NULL,
    seen_at_ms    INTEGER NOT NULL
) STRICT;

-- A plain name given for a task bound to a desktop session resolves to that session from then on.
CREATE TABLE session_alias (
    alias         TEXT    PRIMARY KEY,
    session_id    INTEGER NOT NULL REFERENCES session (id),
    created_at_ms INTEGER NOT NULL
) STRICT;

-- Binding history: the open row (unbound_at_ms IS NULL) is the current binding; at most one per task.
CREATE TABLE task_session (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    session_id    INTEGER NOT NULL REFERENCES session (id),
    bound_at_ms   INTEGER NOT NULL,
    unbound_at_ms INTEGER,
    bound_by      TEXT
) STRICT;

CREATE UNIQUE INDEX task_session_current ON task_session (task_id) WHERE unbound_at_ms IS NULL;
CREATE INDEX task_session_session ON task_session (session_id);

CREATE TABLE report (
    id            INTEGER PRIMARY KEY,
    task_id       INTEGER NOT NULL REFERENCES task (id),
    session_id    INTEGER REFERENCES session (id),
    body          TEXT    NOT NULL CHECK (length(body) > 0),
    summary       TEXT    NOT NULL,
    state         TEXT,
    size          TEXT    CHECK (size IN ('S', 'M', 'L')),
    stage         TEXT    NOT NULL,
    created_at_ms INTEGER NOT NULL
) STRICT;

CREATE INDEX report_task ON report (task_id, id);

-- Two time axes: when the decision holds (valid_*) and when relay learned of it (recorded_at_ms).
CREATE TABLE decision (
    id             INTEGER PRIMARY KEY,
    project_id     INTEGER NOT NULL REFERENCES project (id),
    task_id        INTEGER REFERENCES task (id),
    scope          TEXT    NOT NULL CHECK (scope IN ('project', 'task')),
    text           TEXT    NOT NULL CHECK (length(text) > 0),
    decided_by     TEXT,
    session_id     INTEGER REFERENCES session (id),
    source_kind    TEXT,
    source_ref     TEXT,
    source_text    TEXT,
    valid_from_ms  INTEGER NOT NULL,
    valid_to_ms    INTEGER,
    recorded_at_ms INTEGER NOT NULL,
    superseded_at_ms INTEGER,
    superseded_by  INTEGER REFERENCES decision (id),
    CHECK ((scope = 'task') = (task_id IS NOT NULL))
) STRICT;

CREATE INDEX decision_project ON decision (project_id, id);
CREATE INDEX decision_task ON decision (task_id, id);

-- Every issue key a task has had; the newest row is the current entry.
CREATE TABLE tracker_entry (
    id             INTEGER PRIMARY KEY,
    task_id        INTEGER NOT NULL REFERENCES task (id),
    tracker_ref    TEXT    NOT NULL,
    tracker_name   TEXT,
    tracker_url    TEXT,
    logged_at_ms   INTEGER,
    unlogged_at_ms INTEGER,
    created_at_ms  INTEGER NOT NULL
) STRICT;

CREATE INDEX tracker_entry_task ON tracker_entry (task_id, id);

-- A project's working-rules override: the same document as config.toml's [rules], as JSON.
CREATE TABLE project_rules (
    project_id    INTEGER PRIMARY KEY REFERENCES project (id),
    body          TEXT    NOT NULL CHECK (json_valid(body)),
    updated_at_ms INTEGER NOT NULL
) STRICT;
