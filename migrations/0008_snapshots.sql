-- relay schema 8: snapshots of uncommitted work (issue 20), taken before a destructive command or before relay
-- removes a runner session's workspace. The snapshot itself is a git commit under `git_ref` in the repository;
-- this row says who, which command, which task, what it covers. Additive only. Times are Unix milliseconds.
CREATE TABLE work_snapshot (
    id            INTEGER PRIMARY KEY,
    -- The repository's working tree (absolute), and the private ref that keeps the commit from `git gc`.
    repo          TEXT    NOT NULL CHECK (length(repo) > 0),
    git_ref       TEXT    NOT NULL UNIQUE CHECK (git_ref LIKE 'refs/relay/snapshots/%'),
    commit_sha    TEXT    NOT NULL CHECK (length(commit_sha) >= 40),
    -- HEAD when it was taken; NULL in a repository with no commits.
    base_sha      TEXT,
    -- Why: `command` (an agent's tool call) or `remove` (relay removing a runner workspace).
    reason        TEXT    NOT NULL CHECK (reason IN ('command', 'remove')),
    -- Who: the relay session's name when relay knows it, else the agent's own session id; the agent's product.
    session       TEXT    NOT NULL CHECK (length(session) > 0),
    agent         TEXT    NOT NULL,
    -- The command line (cut to 2,000 characters) or what relay was removing.
    command       TEXT    NOT NULL,
    -- The task bound to the session then, and its project.
    project       TEXT,
    task_key      TEXT,
    -- Changed files the snapshot holds, their bytes, and the untracked files it left out for their size (JSON
    -- array of {path, bytes}) or what it could not cover (JSON array of strings).
    files         INTEGER NOT NULL CHECK (files >= 0),
    bytes         INTEGER NOT NULL CHECK (bytes >= 0),
    skipped_json  TEXT    NOT NULL DEFAULT '[]',
    notes_json    TEXT    NOT NULL DEFAULT '[]',
    -- Sessions whose locked files the command would discard (JSON array of {holder, intent, paths}).
    held_json     TEXT    NOT NULL DEFAULT '[]',
    created_at_ms INTEGER NOT NULL
) STRICT;

CREATE INDEX work_snapshot_repo ON work_snapshot (repo, created_at_ms);
CREATE INDEX work_snapshot_project ON work_snapshot (project, created_at_ms);
