-- relay schema 10: environments, the access map, policy layers and proposals (issue 17, relaybay §7). relay never
-- stores a secret, only where it lives: the service refuses secret values before a row is written (the secret
-- detectors of relay-core's `policy::secrets`); the database holds the rules it can check itself. Times are Unix ms;
-- `changed_by` is who wrote the row as events name it (the owner's surface, or an agent's session for proposals).

-- A project's stand. Names are unique per project without regard to case; letters, digits, spaces, dots, dashes
-- and underscores. `sign_in_allowed` is always off on live: the service forces it off and the CHECK refuses it.
-- `level` NULL takes the policy's; `overrides` is a JSON object {capability: level}.
CREATE TABLE environment (
    id               INTEGER PRIMARY KEY,
    project_id       INTEGER NOT NULL REFERENCES project (id),
    name             TEXT    NOT NULL
                     CHECK (length(name) BETWEEN 1 AND 80 AND name NOT GLOB '*[^A-Za-z0-9 ._-]*'
                            AND trim(name) = name),
    kind             TEXT    NOT NULL CHECK (kind IN ('local', 'test', 'live')),
    base_url         TEXT    CHECK (base_url IS NULL OR base_url GLOB 'http://?*' OR base_url GLOB 'https://?*'),
    sign_in_allowed  INTEGER NOT NULL CHECK (sign_in_allowed IN (0, 1)),
    login_state_path TEXT,
    notes            TEXT,
    level            TEXT    CHECK (level IS NULL OR level IN ('none', 'read', 'ask', 'full')),
    overrides        TEXT    NOT NULL DEFAULT '{}'
                     CHECK (json_valid(overrides) AND json_type(overrides) = 'object'),
    changed_at_ms    INTEGER NOT NULL,
    changed_by       TEXT    NOT NULL,
    CHECK (NOT (kind = 'live' AND sign_in_allowed = 1))
) STRICT;
CREATE UNIQUE INDEX environment_name ON environment (project_id, lower(name));

-- One way into an environment: a kind and its string fields (a JSON object). A test secret is a field holding
-- {"value": …, "test": true}; an environment with one cannot be live (the trigger below).
CREATE TABLE access_entry (
    id             INTEGER PRIMARY KEY,
    environment_id INTEGER NOT NULL REFERENCES environment (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL
                   CHECK (kind IN ('ssh', 'kubectl', 'db', 'gitops', 'logs', 'monitoring', 'other')),
    fields         TEXT    NOT NULL CHECK (json_valid(fields) AND json_type(fields) = 'object'),
    changed_at_ms  INTEGER NOT NULL,
    changed_by     TEXT    NOT NULL
) STRICT;
CREATE INDEX access_entry_environment ON access_entry (environment_id, id);

CREATE TRIGGER environment_live_without_test_secrets
BEFORE UPDATE OF kind ON environment
WHEN NEW.kind = 'live' AND EXISTS (
    SELECT 1 FROM access_entry a, json_each(a.fields) f
     WHERE a.environment_id = NEW.id AND f.type = 'object')
BEGIN
    SELECT RAISE(ABORT, 'an environment with test secrets cannot become live');
END;

CREATE TRIGGER access_entry_no_test_secret_on_live
BEFORE INSERT ON access_entry
WHEN EXISTS (SELECT 1 FROM json_each(NEW.fields) f WHERE f.type = 'object')
 AND (SELECT kind FROM environment e WHERE e.id = NEW.environment_id) = 'live'
BEGIN
    SELECT RAISE(ABORT, 'test secrets are never stored on a live environment');
END;

CREATE TRIGGER access_entry_no_test_secret_on_live_update
BEFORE UPDATE OF fields ON access_entry
WHEN EXISTS (SELECT 1 FROM json_each(NEW.fields) f WHERE f.type = 'object')
 AND (SELECT kind FROM environment e WHERE e.id = NEW.environment_id) = 'live'
BEGIN
    SELECT RAISE(ABORT, 'test secrets are never stored on a live environment');
END;

-- A project's or an environment's policy layer (the JSON document as written; validated by the service). The
-- global layer is the file policy.json, not a row.
CREATE TABLE policy_layer (
    id             INTEGER PRIMARY KEY,
    project_id     INTEGER NOT NULL REFERENCES project (id),
    environment_id INTEGER REFERENCES environment (id) ON DELETE CASCADE,
    body           TEXT    NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    changed_at_ms  INTEGER NOT NULL,
    changed_by     TEXT    NOT NULL
) STRICT;
CREATE UNIQUE INDEX policy_layer_scope ON policy_layer (project_id, coalesce(environment_id, 0));

-- An agent's proposed change to an environment (environment_propose): recorded, changing nothing until the owner
-- accepts it; decided once.
CREATE TABLE environment_proposal (
    id             INTEGER PRIMARY KEY,
    project_id     INTEGER NOT NULL REFERENCES project (id),
    environment    TEXT    NOT NULL CHECK (length(environment) > 0),
    change         TEXT    NOT NULL CHECK (json_valid(change) AND json_type(change) = 'object'),
    reason         TEXT    NOT NULL,
    proposed_by    TEXT    NOT NULL,
    proposed_at_ms INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
    decided_by     TEXT,
    decided_at_ms  INTEGER,
    CHECK ((status = 'pending') = (decided_at_ms IS NULL))
) STRICT;
CREATE INDEX environment_proposal_pending ON environment_proposal (project_id, status, id);

CREATE TRIGGER environment_proposal_decided_once
BEFORE UPDATE OF status ON environment_proposal
WHEN OLD.status <> 'pending'
BEGIN
    SELECT RAISE(ABORT, 'this proposal was already decided');
END;

-- An agent's proposed policy change (policy_propose): a patch merged into the scope's layer. `scope` is `global`,
-- `<project>` or `<project>/<environment>`. An accepted global proposal whose file could not be written goes back
-- to pending (the only way back); a rejected one stays rejected.
CREATE TABLE policy_proposal (
    id             INTEGER PRIMARY KEY,
    scope          TEXT    NOT NULL CHECK (length(scope) > 0),
    project_id     INTEGER REFERENCES project (id),
    patch          TEXT    NOT NULL CHECK (json_valid(patch) AND json_type(patch) = 'object'),
    reason         TEXT    NOT NULL,
    proposed_by    TEXT    NOT NULL,
    proposed_at_ms INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
    decided_by     TEXT,
    decided_at_ms  INTEGER,
    error          TEXT,
    CHECK ((status = 'pending') = (decided_at_ms IS NULL))
) STRICT;
CREATE INDEX policy_proposal_pending ON policy_proposal (status, id);

CREATE TRIGGER policy_proposal_decided_once
BEFORE UPDATE OF status ON policy_proposal
WHEN OLD.status = 'rejected' OR (OLD.status = 'accepted' AND NEW.status <> 'pending')
BEGIN
    SELECT RAISE(ABORT, 'this proposal was already decided');
END;
