-- relay schema 1: the event log.
-- Every write appends its event in the same transaction. AUTOINCREMENT keeps ids monotonic and never reused,
-- even after the newest rows are deleted, so Last-Event-ID replay is exact.
PRAGMA application_id = 1380273241; -- 0x52454C59, "RELY": marks the file as a relay database

CREATE TABLE event (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at_ms   INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (length(kind) > 0),
    subject TEXT    NOT NULL DEFAULT '',
    data    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(data))
) STRICT;

CREATE INDEX event_kind_id ON event (kind, id);
