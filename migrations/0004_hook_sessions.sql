-- relay schema 4: sessions as Claude Code's hooks see them (relaybay spec §4 and §11: 0007_hook_sessions, the
-- session part of 0008_comments). Additive only. Times are Unix milliseconds.

-- The Claude Code session id linked to this session (one session per id), and whether the agent linked it
-- itself (hook_session on a write, or the desktop app's own id: exact) or the hooks guessed it from the folder.
-- Only an exact link receives owner comment text.
ALTER TABLE session ADD COLUMN cc_session_id TEXT;
ALTER TABLE session ADD COLUMN cc_exact INTEGER NOT NULL DEFAULT 0 CHECK (cc_exact IN (0, 1));
CREATE UNIQUE INDEX session_cc ON session (cc_session_id) WHERE cc_session_id IS NOT NULL;

-- The hook status (working, waiting, idle, ended; NULL: no hook has reported), the last activity and when.
ALTER TABLE session ADD COLUMN hook_status TEXT CHECK (hook_status IN ('working', 'waiting', 'idle', 'ended'));
ALTER TABLE session ADD COLUMN activity TEXT;
ALTER TABLE session ADD COLUMN activity_at_ms INTEGER;
-- The working directory its hooks reported last, and the project that folder belongs to.
ALTER TABLE session ADD COLUMN cwd TEXT;
ALTER TABLE session ADD COLUMN project_id INTEGER REFERENCES project (id);
-- Why the hooks could not link this session to a desktop session (ambiguous candidates), shown to the owner.
ALTER TABLE session ADD COLUMN unlinked_reason TEXT;

-- How many Stop blocks an owner comment has caused (at most two in all; counted again from zero when it is
-- delivered to a newly bound session).
ALTER TABLE comment ADD COLUMN stop_blocks INTEGER NOT NULL DEFAULT 0;
