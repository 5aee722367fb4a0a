//! The `RunnerService` RPCs: runner projects, sessions and their terminals. Each parses, calls one runner
//! function and converts back; `AttachTerminal` pumps one attachment both ways.

use std::pin::Pin;

use relay_core::proto;
use relay_core::proto::runner_service_server::RunnerService;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response, Streaming};

use super::service::RelayService;
use super::{convert, error};
use crate::runner::terminal::{End, Frame, TermSize};
use crate::runner::{NewProject, NewSession, RunnerProjectRow, RunnerSessionRow};

/// Frames buffered between an attachment and the socket. Small: the terminal's own per-client queue is the
/// buffer; when the socket is slow this fills, the attachment's queue fills, and the client is skipped forward.
const ATTACH_DEPTH: usize = 16;

pub(super) type TerminalStream =
    Pin<Box<dyn Stream<Item = Result<proto::TerminalOutput, tonic::Status>> + Send>>;

pub(super) fn project(row: RunnerProjectRow) -> proto::RunnerProject {
    proto::RunnerProject {
        slug: row.slug,
        source: row.source,
        repo_path: row.repo_path,
        git_url: row.git_url,
        state: row.state,
        error: row.error,
        created_at_ms: row.created_at_ms,
    }
}

pub(super) fn session(row: RunnerSessionRow) -> proto::RunnerSession {
    proto::RunnerSession {
        isolated: row.backend != "local",
        name: row.name,
        project: row.slug,
        is_default: row.is_default,
        backend: row.backend,
        profile: row.profile,
        branch: row.branch,
        workspace: row.workspace,
        state: row.state,
        error: row.error,
        exit_code: row.exit_code,
        agent_session_id: row.agent_session_id,
        created_at_ms: row.created_at_ms,
        updated_at_ms: row.updated_at_ms,
        started_at_ms: row.started_at_ms,
        stopped_at_ms: row.stopped_at_ms,
        image: row.image,
        container: row.container_id,
    }
}

fn output(output: proto::terminal_output::Output) -> proto::TerminalOutput {
    proto::TerminalOutput { output: Some(output) }
}

fn frame(frame: Frame, row: &RunnerSessionRow) -> proto::TerminalOutput {
    use proto::terminal_output::Output;
    match frame {
        Frame::Snapshot { bytes, size } => output(Output::Snapshot(proto::TerminalSnapshot {
            screen: bytes,
            rows: u32::from(size.rows),
            cols: u32::from(size.cols),
            session: Some(session(row.clone())),
        })),
        Frame::Output(bytes) => output(Output::Data(bytes.to_vec())),
        Frame::End(End::Detached(reason)) => output(Output::End(proto::TerminalEnd {
            reason,
            exited: false,
            exit_code: None,
        })),
        Frame::End(End::Exited(exit)) => {
            let reason = match (&exit.code, &exit.signal) {
                (Some(code), _) => format!("the session's process exited with code {code}"),
                (None, Some(signal)) => format!("the session's process was ended by {signal}"),
                (None, None) => "the session's process ended".to_owned(),
            };
            output(Output::End(proto::TerminalEnd {
                reason: format!("{reason}; `relay session resume {}` starts it again", row.name),
                exited: true,
                exit_code: exit.code,
            }))
        }
    }
}

#[tonic::async_trait]
impl RunnerService for RelayService {
    async fn add_runner_project(
        &self,
        request: Request<proto::AddRunnerProjectRequest>,
    ) -> Result<Response<proto::AddRunnerProjectResponse>, tonic::Status> {
        let transport = convert::owner_only(&request, "adding a runner project")?;
        let request = request.into_inner();
        let input = NewProject {
            slug: request.slug.filter(|s| !s.trim().is_empty()),
            name: request.name.filter(|s| !s.trim().is_empty()),
            repo: request.repo_path.filter(|s| !s.trim().is_empty()).map(Into::into),
            git_url: request.git_url.filter(|s| !s.trim().is_empty()),
        };
        let (row, default) = self
            .handle()
            .runner()
            .add_project(input, &transport)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(proto::AddRunnerProjectResponse {
            project: Some(project(row)),
            default_session: default.map(session),
        }))
    }

    async fn retry_runner_project(
        &self,
        request: Request<proto::RetryRunnerProjectRequest>,
    ) -> Result<Response<proto::RunnerProject>, tonic::Status> {
        convert::owner_only(&request, "retrying a runner project's clone")?;
        let slug = request.into_inner().slug;
        let row = self
            .handle()
            .runner()
            .retry_project(slug.trim())
            .await
            .map_err(error::runner)?;
        Ok(Response::new(project(row)))
    }

    async fn remove_runner_project(
        &self,
        request: Request<proto::RemoveRunnerProjectRequest>,
    ) -> Result<Response<proto::RemoveRunnerProjectResponse>, tonic::Status> {
        let transport = convert::owner_only(&request, "removing a runner project")?;
        let request = request.into_inner();
        let removed = self
            .handle()
            .runner()
            .remove_project(request.slug.trim(), request.force, &transport)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(proto::RemoveRunnerProjectResponse {
            slug: removed.project,
            sessions: removed.sessions,
            clone_removed: removed.clone_removed,
        }))
    }

    async fn list_runner_projects(
        &self,
        _request: Request<proto::ListRunnerProjectsRequest>,
    ) -> Result<Response<proto::ListRunnerProjectsResponse>, tonic::Status> {
        let rows = self.handle().runner().projects().await.map_err(error::runner)?;
        Ok(Response::new(proto::ListRunnerProjectsResponse {
            projects: rows.into_iter().map(project).collect(),
        }))
    }

    async fn create_runner_session(
        &self,
        request: Request<proto::CreateRunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        let transport = convert::owner_only(&request, "creating a runner session")?;
        let request = request.into_inner();
        let input = NewSession {
            project: request.project.filter(|s| !s.trim().is_empty()),
            branch: request.branch.filter(|s| !s.trim().is_empty()),
            task: request.task.filter(|s| !s.trim().is_empty()),
            profile: request.profile.filter(|s| !s.trim().is_empty()),
            backend: request.backend.filter(|s| !s.trim().is_empty()),
            image: request.image.filter(|s| !s.trim().is_empty()),
        };
        let row = self
            .handle()
            .runner()
            .create(input, &transport)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn list_runner_sessions(
        &self,
        request: Request<proto::ListRunnerSessionsRequest>,
    ) -> Result<Response<proto::ListRunnerSessionsResponse>, tonic::Status> {
        let request = request.into_inner();
        let rows = self
            .handle()
            .runner()
            .list(
                request.project.as_deref().filter(|s| !s.trim().is_empty()),
                request.with_deleted,
            )
            .await
            .map_err(error::runner)?;
        Ok(Response::new(proto::ListRunnerSessionsResponse {
            sessions: rows.into_iter().map(session).collect(),
        }))
    }

    async fn get_runner_session(
        &self,
        request: Request<proto::RunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        let name = request.into_inner().session;
        let row = self.handle().runner().get(&name).await.map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn stop_runner_session(
        &self,
        request: Request<proto::RunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        convert::owner_only(&request, "stopping a runner session")?;
        let name = request.into_inner().session;
        let row = self.handle().runner().stop(&name).await.map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn resume_runner_session(
        &self,
        request: Request<proto::RunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        convert::owner_only(&request, "resuming a runner session")?;
        let name = request.into_inner().session;
        let row = self
            .handle()
            .runner()
            .resume(&name)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn retry_runner_session(
        &self,
        request: Request<proto::RunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        convert::owner_only(&request, "retrying a runner session")?;
        let name = request.into_inner().session;
        let row = self.handle().runner().retry(&name).await.map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn remove_runner_session(
        &self,
        request: Request<proto::RemoveRunnerSessionRequest>,
    ) -> Result<Response<proto::RunnerSession>, tonic::Status> {
        convert::owner_only(&request, "removing a runner session")?;
        let request = request.into_inner();
        let row = self
            .handle()
            .runner()
            .remove(&request.session, request.force)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(session(row)))
    }

    async fn get_scrollback(
        &self,
        request: Request<proto::GetScrollbackRequest>,
    ) -> Result<Response<proto::GetScrollbackResponse>, tonic::Status> {
        convert::owner_only(&request, "a session terminal's scrollback")?;
        let request = request.into_inner();
        let limit = match request.max_lines {
            0 => usize::MAX,
            n => usize::try_from(n).unwrap_or(usize::MAX),
        };
        let lines = self
            .handle()
            .runner()
            .scrollback(&request.session, limit)
            .await
            .map_err(error::runner)?;
        Ok(Response::new(proto::GetScrollbackResponse { lines }))
    }

    type AttachTerminalStream = TerminalStream;

    async fn attach_terminal(
        &self,
        request: Request<Streaming<proto::TerminalInput>>,
    ) -> Result<Response<Self::AttachTerminalStream>, tonic::Status> {
        convert::owner_only(&request, "a session terminal")?;
        use proto::terminal_input::Input;
        use proto::terminal_output::Output;
        let mut inbound = request.into_inner();
        let open = match inbound.next().await {
            Some(Ok(proto::TerminalInput {
                input: Some(Input::Open(open)),
            })) => open,
            Some(Err(status)) => return Err(status),
            _ => {
                return Err(tonic::Status::invalid_argument(
                    "the first message of AttachTerminal must be `open`, naming the session",
                ));
            }
        };
        let (tx, rx) = mpsc::channel(ATTACH_DEPTH);
        // A writer's size (0×0: leave it) becomes the terminal's before its snapshot is taken.
        let mut size = None;
        if !open.watch && (open.rows, open.cols) != (0, 0) {
            match TermSize::checked(open.rows, open.cols) {
                Ok((checked, note)) => {
                    size = Some(checked);
                    if let Some(note) = note {
                        let _ = tx.send(Ok(output(Output::Notice(note)))).await;
                    }
                }
                Err(refusal) => {
                    let _ = tx.send(Ok(output(Output::Notice(refusal)))).await;
                }
            }
        }
        let (row, mut attachment) = self
            .handle()
            .runner()
            .attach(&open.session, !open.watch, size)
            .await
            .map_err(error::runner)?;
        let control = attachment.control();
        let notices = tx.clone();
        let input = tokio::spawn(async move {
            while let Some(message) = inbound.next().await {
                let Ok(message) = message else { break };
                let refused = match message.input {
                    Some(Input::Data(bytes)) => control.input(bytes).await.err(),
                    Some(Input::Resize(size)) => match control.resize(size.rows, size.cols) {
                        Ok(note) => note,
                        Err(refusal) => Some(refusal),
                    },
                    Some(Input::Open(_)) => {
                        Some("this terminal is already open; send keys and resizes".to_owned())
                    }
                    None => None,
                };
                if let Some(notice) = refused
                    && notices.send(Ok(output(Output::Notice(notice)))).await.is_err()
                {
                    break;
                }
            }
        });
        tokio::spawn(async move {
            while let Some(next) = attachment.next().await {
                let last = matches!(next, Frame::End(_));
                if tx.send(Ok(frame(next, &row))).await.is_err() || last {
                    break;
                }
            }
            input.abort();
        });
        let stream: TerminalStream = Box::pin(ReceiverStream::new(rx));
        Ok(Response::new(Box::pin(self.streams().track(stream))))
    }
}
