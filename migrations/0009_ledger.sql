-- relay schema 9: the ledger (issue 16) — what agents did, read from their transcripts and from the lock table: the
-- source of truth the memory graph is projected from. Keys are content-addressed (relay-transcripts'
-- `content_key`), so reading a transcript again, or replaying a batch, inserts nothing new. Text columns are NULL
-- when `graph_text` is off and after `graph_text_days` (retention keeps every row and time). Times are Unix ms.

-- One agent conversation. `session_id` is the id lock owners carry (relay-transcripts' `session_id_from_path`).
CREATE TABLE ledger_session (
    key           TEXT    PRIMARY KEY,
    agent         TEXT    NOT NULL CHECK (agent IN ('claude', 'codex', 'cursor', 'copilot', 'antigravity')),
    session_id    TEXT    NOT NULL CHECK (length(session_id) > 0),
    cwd           TEXT,
    agent_version TEXT,
    started_at_ms INTEGER,
    last_at_ms    INTEGER,
    UNIQUE (agent, session_id)
) STRICT;

-- A user prompt or an assistant message. `filler` prompts ("continue") never explain an edit.
CREATE TABLE ledger_turn (
    key            TEXT    PRIMARY KEY,
    session_key    TEXT    NOT NULL REFERENCES ledger_session (key),
    role           TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
    text           TEXT,
    text_chars     INTEGER NOT NULL,
    filler         INTEGER NOT NULL CHECK (filler IN (0, 1)),
    at_ms          INTEGER,
    synthetic_time INTEGER NOT NULL CHECK (synthetic_time IN (0, 1)),
    ordinal        INTEGER NOT NULL,
    subagent       TEXT,
    recorded_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_turn_session ON ledger_turn (session_key, at_ms);

-- A file written: an edit read from a transcript, or a patch the repository watcher saw (attributed to the lock
-- holder when there was one). A patch and a transcript edit of the same change point at each other
-- (`same_change`). `prompt_key` is the "why" (a ledger_turn), `via` the filler said after it.
CREATE TABLE ledger_edit (
    key            TEXT    PRIMARY KEY,
    session_key    TEXT    REFERENCES ledger_session (key),
    source         TEXT    NOT NULL CHECK (source IN ('transcript', 'patch')),
    file           TEXT    NOT NULL CHECK (length(file) > 0),
    from_file      TEXT,
    kind           TEXT    NOT NULL CHECK (kind IN ('create', 'modify', 'delete', 'rename')),
    tool           TEXT,
    call_id        TEXT,
    outcome        TEXT    NOT NULL CHECK (outcome IN ('applied', 'failed', 'unknown')),
    at_ms          INTEGER,
    synthetic_time INTEGER NOT NULL CHECK (synthetic_time IN (0, 1)),
    diff           TEXT,
    prompt_key     TEXT,
    via            TEXT,
    explained_by   TEXT,
    subagent       TEXT,
    same_change    TEXT,
    recorded_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_edit_file ON ledger_edit (file, at_ms);
CREATE INDEX ledger_edit_session ON ledger_edit (session_key, at_ms);

-- Lock claims, aggregated: how often a session claimed a file (the graph's HELD count).
CREATE TABLE ledger_held (
    session_key  TEXT    NOT NULL,
    agent        TEXT    NOT NULL,
    session_id   TEXT    NOT NULL,
    workspace    TEXT    NOT NULL,
    file         TEXT    NOT NULL,
    claims       INTEGER NOT NULL CHECK (claims > 0),
    first_at_ms  INTEGER NOT NULL,
    last_at_ms   INTEGER NOT NULL,
    PRIMARY KEY (session_key, workspace, file)
) STRICT;

-- Refused claims: one row per file, holder, wanting session and 10 s bucket (a retry storm is one row).
CREATE TABLE ledger_contention (
    key            TEXT    PRIMARY KEY,
    workspace      TEXT    NOT NULL,
    file           TEXT    NOT NULL,
    holder_key     TEXT    NOT NULL,
    wanted_key     TEXT    NOT NULL,
    bucket_ms      INTEGER NOT NULL,
    attempts       INTEGER NOT NULL CHECK (attempts > 0),
    holder_intent  TEXT,
    first_at_ms    INTEGER NOT NULL,
    last_at_ms     INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_contention_file ON ledger_contention (workspace, file, bucket_ms);

-- The files a decision is about.
CREATE TABLE ledger_decision_file (
    decision_id INTEGER NOT NULL REFERENCES decision (id),
    file        TEXT    NOT NULL CHECK (length(file) > 0),
    session_key TEXT,
    PRIMARY KEY (decision_id, file)
) STRICT;

-- How far each transcript file has been read: the byte offset after the last complete line, the file's size and
-- time then, and the parser's state at that offset (JSON), so a restart goes on where it stopped.
CREATE TABLE ledger_cursor (
    path           TEXT    PRIMARY KEY,
    format         TEXT    NOT NULL,
    offset         INTEGER NOT NULL,
    size           INTEGER NOT NULL,
    mtime_ms       INTEGER NOT NULL,
    state          TEXT,
    session_key    TEXT,
    turns          INTEGER NOT NULL DEFAULT 0,
    edits          INTEGER NOT NULL DEFAULT 0,
    bad_lines      INTEGER NOT NULL DEFAULT 0,
    unknown_lines  INTEGER NOT NULL DEFAULT 0,
    note           TEXT,
    error          TEXT,
    updated_at_ms  INTEGER NOT NULL
) STRICT;
