//! The window's lists: `ListSessions` (sessions.proto) and `ListActivity` (activity.proto).

use relay_core::proto;

use super::convert;
use crate::board::{render, sessions::SessionListRow};
use crate::store::EventRecord;

pub(super) fn session(row: SessionListRow) -> proto::SessionRow {
    proto::SessionRow {
        name: row.name,
        kind: row.kind,
        title: row.title,
        hook_status: row.hook_status,
        activity: row.activity,
        activity_at_ms: row.activity_at_ms,
        cwd: row.cwd,
        project: row.project,
        unlinked_reason: row.unlinked_reason,
        cc_exact: row.cc_exact != 0,
        seen_at_ms: row.seen_at_ms,
        tasks: row.tasks,
    }
}

pub(super) fn activity_row(event: &EventRecord) -> proto::ActivityRow {
    let actor = serde_json::from_str::<serde_json::Value>(&event.data)
        .ok()
        .and_then(|data| data.get("actor")?.as_str().map(str::to_owned))
        .unwrap_or_default();
    proto::ActivityRow {
        event: Some(convert::event(event)),
        what: render::event_what(event).unwrap_or_default(),
        actor,
    }
}
