use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

use relay_core::hook::{Agent, Phase};
use relay_core::proto::{self, relay_server::Relay};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response};

use super::streams::OpenStreams;
use super::{convert, error};
use crate::board::{DecisionInput, NewTask, ProjectInput, ReportInput, TaskChange, TaskFilter, limits};
use crate::bus;
use crate::handle::DaemonHandle;

/// Updates buffered per subscriber between the bus and the socket.
const SUBSCRIBER_DEPTH: usize = 64;

#[derive(Debug)]
pub struct RelayService {
    handle: DaemonHandle,
    streams: Arc<OpenStreams>,
}

impl RelayService {
    pub fn new(handle: DaemonHandle, streams: Arc<OpenStreams>) -> RelayService {
        RelayService { handle, streams }
    }

    /// The daemon, for the RPCs each area implements in its own file.
    pub(super) fn handle(&self) -> &DaemonHandle {
        &self.handle
    }

    /// Open server streams, so a streaming RPC in an area's file ends before connections close at shutdown.
    pub(super) fn streams(&self) -> &Arc<OpenStreams> {
        &self.streams
    }
}

/// An event page's size: `limit`, else `default`; refused outside 1 to [`limits::EVENTS_PAGE`].
pub(super) fn page_limit(limit: Option<u32>, default: u32) -> Result<u32, tonic::Status> {
    let limit = limit.unwrap_or(default);
    if limit == 0 || limit > limits::EVENTS_PAGE {
        return Err(tonic::Status::invalid_argument(format!(
            "limit {limit} is out of range; ask for 1 to {} events per page",
            limits::EVENTS_PAGE
        )));
    }
    Ok(limit)
}

type UpdateStream = Pin<Box<dyn Stream<Item = Result<proto::Update, tonic::Status>> + Send>>;

#[tonic::async_trait]
impl Relay for RelayService {
    async fn get_status(
        &self,
        _request: Request<proto::GetStatusRequest>,
    ) -> Result<Response<proto::Status>, tonic::Status> {
        Ok(Response::new(convert::status(self.handle.status())))
    }

    type SubscribeStream = UpdateStream;

    async fn subscribe(
        &self,
        request: Request<proto::SubscribeRequest>,
    ) -> Result<Response<Self::SubscribeStream>, tonic::Status> {
        let since = request.into_inner().since_event_id;
        if since.is_some_and(|id| id < 0) {
            return Err(tonic::Status::invalid_argument(
                "since_event_id must be 0 or a positive event id",
            ));
        }
        let hello = proto::Update {
            update: Some(proto::update::Update::Hello(proto::Hello {
                protocol_version: relay_core::PROTOCOL_VERSION,
                daemon_version: relay_core::VERSION.to_owned(),
            })),
        };
        let feed = bus::subscribe(&self.handle, since, SUBSCRIBER_DEPTH);
        let updates = ReceiverStream::new(feed).map(|item| item.map(convert::feed).map_err(error::store));
        let stream: UpdateStream = Box::pin(tokio_stream::once(Ok(hello)).chain(updates));
        Ok(Response::new(Box::pin(self.streams.track(stream))))
    }

    async fn create_backup(
        &self,
        request: Request<proto::CreateBackupRequest>,
    ) -> Result<Response<proto::Backup>, tonic::Status> {
        let request = request.into_inner();
        if request.output_path.trim().is_empty() {
            return Err(tonic::Status::invalid_argument(
                "output_path is empty; name the backup file to write",
            ));
        }
        let info = self
            .handle
            .backup(&PathBuf::from(request.output_path), request.overwrite)
            .await
            .map_err(error::store)?;
        Ok(Response::new(convert::backup(info)))
    }

    async fn stop_daemon(
        &self,
        _request: Request<proto::StopDaemonRequest>,
    ) -> Result<Response<proto::StopDaemonResponse>, tonic::Status> {
        tracing::info!("shutdown requested over the local socket");
        self.handle.request_shutdown();
        Ok(Response::new(proto::StopDaemonResponse {
            pid: std::process::id(),
        }))
    }

    async fn list_projects(
        &self,
        _request: Request<proto::ListProjectsRequest>,
    ) -> Result<Response<proto::ListProjectsResponse>, tonic::Status> {
        let projects = self.handle.board().projects().await.map_err(error::board)?;
        Ok(Response::new(proto::ListProjectsResponse {
            projects: projects.into_iter().map(convert::project).collect(),
        }))
    }

    async fn upsert_project(
        &self,
        request: Request<proto::UpsertProjectRequest>,
    ) -> Result<Response<proto::UpsertProjectResponse>, tonic::Status> {
        let request = request.into_inner();
        let input = ProjectInput {
            slug: request.slug,
            name: request.name,
            repo_path: request.repo_path,
            description: request.description,
        };
        let outcome = self
            .handle
            .board()
            .upsert_project(input, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::project_write(outcome)))
    }

    async fn get_project_board(
        &self,
        request: Request<proto::GetProjectBoardRequest>,
    ) -> Result<Response<proto::ProjectBoard>, tonic::Status> {
        let slug = request.into_inner().slug;
        let snapshot = self.handle.board().snapshot(&slug).await.map_err(error::board)?;
        Ok(Response::new(convert::project_board(snapshot)))
    }

    async fn list_tasks(
        &self,
        request: Request<proto::ListTasksRequest>,
    ) -> Result<Response<proto::ListTasksResponse>, tonic::Status> {
        let request = request.into_inner();
        let filter = TaskFilter {
            project: request.project,
            stage: request.stage,
            session: request.session,
            limit: request.limit,
        };
        let tasks = self.handle.board().tasks(&filter).await.map_err(error::board)?;
        Ok(Response::new(proto::ListTasksResponse {
            tasks: tasks.into_iter().map(convert::task).collect(),
        }))
    }

    async fn get_task(
        &self,
        request: Request<proto::GetTaskRequest>,
    ) -> Result<Response<proto::TaskDetail>, tonic::Status> {
        let key = request.into_inner().key;
        let detail = self.handle.board().task(&key).await.map_err(error::board)?;
        Ok(Response::new(convert::task_detail(detail)))
    }

    async fn create_task(
        &self,
        request: Request<proto::CreateTaskRequest>,
    ) -> Result<Response<proto::TaskWrite>, tonic::Status> {
        let request = request.into_inner();
        let new = NewTask {
            project: request.project,
            title: request.title,
            fields: convert::field_changes(request.fields)?,
            session: request.bind_session,
        };
        let outcome = self
            .handle
            .board()
            .create_task(new, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn update_task(
        &self,
        request: Request<proto::UpdateTaskRequest>,
    ) -> Result<Response<proto::TaskWrite>, tonic::Status> {
        let request = request.into_inner();
        let change = TaskChange {
            fields: convert::field_changes(request.fields)?,
            expected_version: request.expected_version,
        };
        let outcome = self
            .handle
            .board()
            .update_task(&request.key, change, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn set_task_stage(
        &self,
        request: Request<proto::SetTaskStageRequest>,
    ) -> Result<Response<proto::TaskWrite>, tonic::Status> {
        let request = request.into_inner();
        // A stage move is a write of the stage field and its companions; the board judges it.
        let fields = [
            ("stage", Some(request.stage)),
            ("stage_note", request.stage_note),
            ("next_step", request.next_step),
            ("waiting_on", request.waiting_on),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.map(|v| (name.to_owned(), serde_json::Value::String(v))))
        .collect();
        let change = TaskChange {
            fields,
            expected_version: request.expected_version,
        };
        let outcome = self
            .handle
            .board()
            .update_task(&request.key, change, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn bind_task_session(
        &self,
        request: Request<proto::BindTaskSessionRequest>,
    ) -> Result<Response<proto::TaskBinding>, tonic::Status> {
        let request = request.into_inner();
        let outcome = self
            .handle
            .board()
            .bind_session(&request.key, &request.session, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::binding(outcome)))
    }

    async fn unbind_task_session(
        &self,
        request: Request<proto::UnbindTaskSessionRequest>,
    ) -> Result<Response<proto::TaskBinding>, tonic::Status> {
        let request = request.into_inner();
        let outcome = self
            .handle
            .board()
            .unbind_session(&request.key, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::binding(outcome)))
    }

    async fn add_report(
        &self,
        request: Request<proto::AddReportRequest>,
    ) -> Result<Response<proto::AddReportResponse>, tonic::Status> {
        let request = request.into_inner();
        let input = ReportInput {
            key: request.key,
            body: request.body,
            next_step: request.next_step,
            waiting_on: request.waiting_on,
            progress: request.progress,
        };
        let outcome = self
            .handle
            .board()
            .add_report(input, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::report_added(outcome)))
    }

    async fn add_decision(
        &self,
        request: Request<proto::AddDecisionRequest>,
    ) -> Result<Response<proto::AddDecisionResponse>, tonic::Status> {
        let request = request.into_inner();
        let input = DecisionInput {
            project: request.project,
            task: request.task,
            text: request.text,
            decided_by: request.decided_by,
            source: request.source,
        };
        let outcome = self
            .handle
            .board()
            .add_decision(input, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::decision_added(outcome)))
    }

    async fn list_events(
        &self,
        request: Request<proto::ListEventsRequest>,
    ) -> Result<Response<proto::ListEventsResponse>, tonic::Status> {
        let request = request.into_inner();
        if request.after_event_id < 0 {
            return Err(tonic::Status::invalid_argument(
                "after_event_id must be 0 or a positive event id",
            ));
        }
        let limit = page_limit(request.limit, limits::EVENTS_PAGE)?;
        let page = self
            .handle
            .board()
            .events_since(request.after_event_id, limit, request.project.as_deref())
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::event_page(page)))
    }

    async fn get_rules(
        &self,
        request: Request<proto::GetRulesRequest>,
    ) -> Result<Response<proto::Rules>, tonic::Status> {
        let project = request.into_inner().project;
        let rules = self
            .handle
            .board()
            .rules(project.as_deref())
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::rules(&rules)))
    }

    async fn run_hook(
        &self,
        request: Request<proto::RunHookRequest>,
    ) -> Result<Response<proto::RunHookResponse>, tonic::Status> {
        let request = request.into_inner();
        let invalid = |err: relay_core::hook::HookError| tonic::Status::invalid_argument(err.to_string());
        let agent = Agent::parse(&request.agent).map_err(invalid)?;
        let phase = Phase::parse(&request.phase).map_err(invalid)?;
        let answer = self.handle.handle_hook(agent, phase, &request.body).await;
        Ok(Response::new(proto::RunHookResponse {
            stdout: answer.stdout,
        }))
    }

    async fn wait_for_wake(
        &self,
        request: Request<proto::WaitForWakeRequest>,
    ) -> Result<Response<proto::WaitForWakeResponse>, tonic::Status> {
        let body = request.into_inner().body;
        let wake = self
            .handle
            .wait_hook(&body, crate::hooks::claude::wake::WAKE_WAIT)
            .await;
        Ok(Response::new(proto::WaitForWakeResponse { wake }))
    }

    async fn get_inbox(
        &self,
        request: Request<proto::GetInboxRequest>,
    ) -> Result<Response<proto::Inbox>, tonic::Status> {
        self.inbox_get(request).await
    }

    async fn list_plan_cards(
        &self,
        request: Request<proto::ListPlanCardsRequest>,
    ) -> Result<Response<proto::ListPlanCardsResponse>, tonic::Status> {
        self.plan_cards_list(request).await
    }

    async fn list_sessions(
        &self,
        request: Request<proto::ListSessionsRequest>,
    ) -> Result<Response<proto::ListSessionsResponse>, tonic::Status> {
        self.sessions_list(request).await
    }

    async fn list_activity(
        &self,
        request: Request<proto::ListActivityRequest>,
    ) -> Result<Response<proto::ListActivityResponse>, tonic::Status> {
        self.activity_list(request).await
    }

    async fn get_plan(
        &self,
        request: Request<proto::GetPlanRequest>,
    ) -> Result<Response<proto::Plan>, tonic::Status> {
        self.plan_get(request).await
    }

    async fn accept_plan(
        &self,
        request: Request<proto::AcceptPlanRequest>,
    ) -> Result<Response<proto::PlanWrite>, tonic::Status> {
        self.plan_accept(request).await
    }

    async fn get_review(
        &self,
        request: Request<proto::GetReviewRequest>,
    ) -> Result<Response<proto::Review>, tonic::Status> {
        self.review_get(request).await
    }

    async fn decide_review_step(
        &self,
        request: Request<proto::DecideReviewStepRequest>,
    ) -> Result<Response<proto::DecideReviewStepResponse>, tonic::Status> {
        self.review_decide(request).await
    }

    async fn list_comments(
        &self,
        request: Request<proto::ListCommentsRequest>,
    ) -> Result<Response<proto::ListCommentsResponse>, tonic::Status> {
        self.comments_list(request).await
    }

    async fn add_comment(
        &self,
        request: Request<proto::AddCommentRequest>,
    ) -> Result<Response<proto::AddCommentResponse>, tonic::Status> {
        self.comment_add(request).await
    }

    async fn mark_replies_read(
        &self,
        request: Request<proto::MarkRepliesReadRequest>,
    ) -> Result<Response<proto::MarkRepliesReadResponse>, tonic::Status> {
        self.replies_read(request).await
    }

    async fn list_attachments(
        &self,
        request: Request<proto::ListAttachmentsRequest>,
    ) -> Result<Response<proto::ListAttachmentsResponse>, tonic::Status> {
        self.attachments_list(request).await
    }

    type GetAttachmentStream = super::attachment::AttachmentStream;

    async fn get_attachment(
        &self,
        request: Request<proto::GetAttachmentRequest>,
    ) -> Result<Response<Self::GetAttachmentStream>, tonic::Status> {
        self.attachment_get(request).await
    }

    async fn add_attachment(
        &self,
        request: Request<proto::AddAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        self.attachment_add(request).await
    }

    async fn set_attachment_caption(
        &self,
        request: Request<proto::SetAttachmentCaptionRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        self.attachment_caption(request).await
    }

    async fn remove_attachment(
        &self,
        request: Request<proto::RemoveAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        self.attachment_remove(request).await
    }

    async fn list_locks(
        &self,
        request: Request<proto::ListLocksRequest>,
    ) -> Result<Response<proto::ListLocksResponse>, tonic::Status> {
        let limit = usize::try_from(request.into_inner().contention_limit).unwrap_or(usize::MAX);
        let now = self.handle.now_ms();
        let coord = self.handle.coord();
        let (locks, contentions) = coord.listing(limit, now);
        Ok(Response::new(convert::lock_listing(
            locks,
            contentions,
            now,
            coord.table().config().ttl,
        )))
    }
}
