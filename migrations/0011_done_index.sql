-- relay schema 11: the done column by closed time. The board carries every open task and the 200 most recently
-- closed done ones, with the counts of the recent and archived rest (relaybay §2 "Done column and archive"). Without
-- this index that statement read every done task's row and sorted them; with it the 200 come from the index in
-- order and both counts are scans of the index alone (it holds `tracker_logged`, which `require_tracker_log` reads).
CREATE INDEX task_done_closed
    ON task (project_id, coalesce(closed_at_ms, stage_changed_at_ms) DESC, number DESC, tracker_logged)
    WHERE stage = 'done';
