-- relay schema 6: the runner (Relay Cloud seed §7, §11): a board project's runner side and its sessions, each a
-- workspace with a process in a terminal. Additive only. Times are Unix milliseconds.

-- A board project that can run sessions: from a checkout on this machine (local: the default session works in
-- the checkout itself, extra sessions in `git worktree`s) or from a git URL (cloned into the data directory).
CREATE TABLE runner_project (
    project_id    INTEGER PRIMARY KEY REFERENCES project (id),
    source        TEXT    NOT NULL CHECK (source IN ('local', 'url')),
    -- The checkout (local) or the clone's folder (url).
    repo_path     TEXT    NOT NULL CHECK (length(repo_path) > 0),
    git_url       TEXT,
    state         TEXT    NOT NULL CHECK (state IN ('cloning', 'ready', 'failed')),
    -- Why the clone failed (state failed), shown to the owner with what to do.
    error         TEXT,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    CHECK ((source = 'url') = (git_url IS NOT NULL))
) STRICT;

-- A runner session. It is also a board session (session_id), so tasks bind to it; its name is that session's.
CREATE TABLE runner_session (
    id               INTEGER PRIMARY KEY,
    session_id       INTEGER NOT NULL UNIQUE REFERENCES session (id),
    project_id       INTEGER NOT NULL REFERENCES runner_project (project_id),
    -- The project's default session works in the checkout itself and goes only with its project.
    is_default       INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    backend          TEXT    NOT NULL CHECK (backend IN ('local', 'docker')),
    profile          TEXT    NOT NULL CHECK (length(profile) > 0),
    branch           TEXT    NOT NULL CHECK (length(branch) > 0),
    workspace        TEXT    NOT NULL CHECK (length(workspace) > 0),
    state            TEXT    NOT NULL CHECK (state IN ('starting', 'running', 'stopped', 'failed', 'deleted')),
    -- What went wrong (failed), or how the process ended when it was not asked to (stopped).
    error            TEXT,
    exit_code        INTEGER,
    -- The agent's own session id (Claude Code's), for resume; captured from its hooks.
    agent_session_id TEXT,
    -- The docker backend's container (NULL for local sessions).
    container_id     TEXT,
    created_at_ms    INTEGER NOT NULL,
    updated_at_ms    INTEGER NOT NULL,
    started_at_ms    INTEGER,
    stopped_at_ms    INTEGER,
    deleted_at_ms    INTEGER
) STRICT;

-- One live session per branch of a project (a worktree holds its branch until the session is deleted).
CREATE UNIQUE INDEX runner_session_branch ON runner_session (project_id, branch) WHERE state != 'deleted';
CREATE INDEX runner_session_project ON runner_session (project_id, state);
