//! The window's lists: `ListSessions` (sessions.proto) and `ListActivity` (activity.proto).

use relay_core::proto;
use tonic::{Request, Response};

use super::service::{RelayService, page_limit};
use super::{convert, error};
use crate::board::{ACTIVITY_PAGE, render, sessions::SessionListRow};
use crate::store::EventRecord;

impl RelayService {
    pub(super) async fn sessions_list(
        &self,
        request: Request<proto::ListSessionsRequest>,
    ) -> Result<Response<proto::ListSessionsResponse>, tonic::Status> {
        let project = request.into_inner().project;
        let sessions = self
            .handle()
            .board()
            .sessions(project.as_deref())
            .await
            .map_err(error::board)?;
        Ok(Response::new(proto::ListSessionsResponse {
            sessions: sessions.into_iter().map(session).collect(),
            now_ms: self.handle().now_ms(),
        }))
    }

    pub(super) async fn activity_list(
        &self,
        request: Request<proto::ListActivityRequest>,
    ) -> Result<Response<proto::ListActivityResponse>, tonic::Status> {
        let request = request.into_inner();
        if request.before_event_id.is_some_and(|id| id < 0) {
            return Err(tonic::Status::invalid_argument(
                "before_event_id must be 0 (from the newest) or a positive event id",
            ));
        }
        let limit = page_limit(request.limit, ACTIVITY_PAGE)?;
        let page = self
            .handle()
            .board()
            .activity(
                request.before_event_id,
                limit,
                request.project.as_deref(),
                request.kind.as_deref(),
            )
            .await
            .map_err(error::board)?;
        Ok(Response::new(proto::ListActivityResponse {
            rows: page.events.iter().map(activity_row).collect(),
            next_before_event_id: page.next_before,
            more: page.more,
            now_ms: self.handle().now_ms(),
        }))
    }
}

fn session(row: SessionListRow) -> proto::SessionRow {
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

fn activity_row(event: &EventRecord) -> proto::ActivityRow {
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
