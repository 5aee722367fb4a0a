//! The `BoardService` RPCs: projects, tasks and stages, sessions and bindings, reports, decisions, rules, the inbox,
//! the session and activity lists and the plan badges. Conversions live in `convert.rs` and the area files
//! (`inbox.rs`, `sessions.rs`, `cards.rs`).

use relay_core::proto;
use relay_core::proto::board_service_server::BoardService;
use tonic::{Request, Response};

use super::cards::{card, review_card};
use super::inbox::inbox_message;
use super::service::RelayService;
use super::service::page_limit;
use super::sessions::{activity_row, session};
use super::{convert, error};
use crate::board::ACTIVITY_PAGE;
use crate::board::{DecisionInput, NewTask, ProjectInput, ReportInput, TaskChange, TaskFilter, limits};

#[tonic::async_trait]
impl BoardService for RelayService {
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
        let transport = convert::transport(&request)?;
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
            .upsert_project(input, &convert::caller(&transport, request.actor))
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

    async fn list_archived_tasks(
        &self,
        request: Request<proto::ListArchivedTasksRequest>,
    ) -> Result<Response<proto::ListArchivedTasksResponse>, tonic::Status> {
        let request = request.into_inner();
        let archived = self
            .handle
            .board()
            .archived(&request.project, &request.query)
            .await
            .map_err(error::board)?;
        Ok(Response::new(proto::ListArchivedTasksResponse {
            tasks: archived.tasks.into_iter().map(convert::task).collect(),
            total: archived.total,
        }))
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
        if request.paged || request.after.is_some() {
            let limit = request.limit.unwrap_or(crate::board::TASK_PAGE_DEFAULT);
            let page = self
                .handle
                .board()
                .task_page(&filter, request.after.as_deref(), limit)
                .await
                .map_err(error::board)?;
            return Ok(Response::new(proto::ListTasksResponse {
                tasks: page.tasks.into_iter().map(convert::task).collect(),
                total: page.total,
                remaining: page.remaining,
                next_after: page.next_after,
            }));
        }
        let tasks = self.handle.board().tasks(&filter).await.map_err(error::board)?;
        let total = i64::try_from(tasks.len()).unwrap_or(i64::MAX);
        Ok(Response::new(proto::ListTasksResponse {
            tasks: tasks.into_iter().map(convert::task).collect(),
            total,
            remaining: 0,
            next_after: None,
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
        let transport = convert::transport(&request)?;
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
            .create_task(new, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn update_task(
        &self,
        request: Request<proto::UpdateTaskRequest>,
    ) -> Result<Response<proto::TaskWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let change = TaskChange {
            fields: convert::field_changes(request.fields)?,
            expected_version: request.expected_version,
        };
        let outcome = self
            .handle
            .board()
            .update_task(&request.key, change, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn set_task_stage(
        &self,
        request: Request<proto::SetTaskStageRequest>,
    ) -> Result<Response<proto::TaskWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
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
            .update_task(&request.key, change, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::task_write(outcome)))
    }

    async fn bind_task_session(
        &self,
        request: Request<proto::BindTaskSessionRequest>,
    ) -> Result<Response<proto::TaskBinding>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let outcome = self
            .handle
            .board()
            .bind_session(
                &request.key,
                &request.session,
                false,
                &convert::caller(&transport, request.actor),
            )
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::binding(outcome)))
    }

    async fn unbind_task_session(
        &self,
        request: Request<proto::UnbindTaskSessionRequest>,
    ) -> Result<Response<proto::TaskBinding>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let outcome = self
            .handle
            .board()
            .unbind_session(&request.key, false, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::binding(outcome)))
    }

    async fn add_report(
        &self,
        request: Request<proto::AddReportRequest>,
    ) -> Result<Response<proto::AddReportResponse>, tonic::Status> {
        let transport = convert::transport(&request)?;
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
            .add_report(input, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(convert::report_added(outcome)))
    }

    async fn add_decision(
        &self,
        request: Request<proto::AddDecisionRequest>,
    ) -> Result<Response<proto::AddDecisionResponse>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let input = DecisionInput {
            project: request.project,
            task: request.task,
            text: request.text,
            decided_by: request.decided_by,
            source: request.source,
            source_kind: request.source_kind,
            source_ref: request.source_ref,
            supersedes: request.supersedes,
            ledger_session: None,
        };
        let outcome = self
            .handle
            .board()
            .add_decision(input, &convert::caller(&transport, request.actor))
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

    async fn get_inbox(
        &self,
        _request: Request<proto::GetInboxRequest>,
    ) -> Result<Response<proto::Inbox>, tonic::Status> {
        let inbox = self.handle().board().inbox().await.map_err(error::board)?;
        Ok(Response::new(inbox_message(&inbox, self.handle().now_ms())))
    }

    async fn list_plan_cards(
        &self,
        request: Request<proto::ListPlanCardsRequest>,
    ) -> Result<Response<proto::ListPlanCardsResponse>, tonic::Status> {
        let project = request.into_inner().project;
        let (plans, reviews) = self
            .handle()
            .board()
            .cards(&project)
            .await
            .map_err(error::board)?;
        Ok(Response::new(proto::ListPlanCardsResponse {
            cards: plans.into_iter().map(card).collect(),
            reviews: reviews.into_iter().map(review_card).collect(),
        }))
    }

    async fn list_sessions(
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

    async fn list_activity(
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
