-- relay schema 5: the project an event is about in its own indexed column, so the activity feed filters by
-- project without reading every payload. Written by the one writer from the typed payload (relay-core's
-- event::Payload::project); backfilled here from the payloads already in the log. Additive only.
ALTER TABLE event ADD COLUMN project TEXT;
UPDATE event SET project = json_extract(data, '$.project') WHERE json_type(data, '$.project') = 'text';
CREATE INDEX event_project_id ON event (project, id) WHERE project IS NOT NULL;
