//! The `GraphService` RPCs (graph.proto): what `relay graph …` calls. The caller comes from the transport; enable,
//! disable and rebuild are refused unless it is the owner (`graph::admin`).

use relay_core::proto;
use relay_core::proto::graph_service_server::GraphService;
use tonic::{Request, Response};

use super::convert;
use super::service::RelayService;
use crate::graph::GraphError;
use crate::graph::admin::{self, AdminError, Report};
use crate::graph::queries::QueryError;

/// Graph errors as statuses: an agent refused PERMISSION_DENIED, a bad URL or query INVALID_ARGUMENT, the graph
/// off or unreachable FAILED_PRECONDITION (UNAVAILABLE is the CLI's word for relayd itself not answering), no
/// such project or graph NOT_FOUND, a query stopped at its bound DEADLINE_EXCEEDED.
fn status(err: AdminError) -> tonic::Status {
    let message = err.to_string();
    match err {
        AdminError::OwnerOnly(_) => tonic::Status::permission_denied(message),
        AdminError::BadUrl(_)
        | AdminError::Query(
            QueryError::Unknown { .. } | QueryError::Missing { .. } | QueryError::TooMany { .. },
        )
        | AdminError::Graph(GraphError::BadUrl { .. })
        | AdminError::Query(QueryError::Graph(GraphError::BadUrl { .. })) => {
            tonic::Status::invalid_argument(message)
        }
        AdminError::NoProject(_)
        | AdminError::Graph(GraphError::Missing { .. })
        | AdminError::Query(QueryError::Graph(GraphError::Missing { .. })) => {
            tonic::Status::not_found(message)
        }
        AdminError::Graph(GraphError::TimedOut { .. })
        | AdminError::Query(QueryError::Graph(GraphError::TimedOut { .. })) => {
            tonic::Status::deadline_exceeded(message)
        }
        AdminError::Graph(GraphError::Query { .. })
        | AdminError::Query(QueryError::Graph(GraphError::Query { .. })) => {
            tracing::warn!(error = %message, "a graph query failed");
            tonic::Status::internal(message)
        }
        AdminError::Graph(_) | AdminError::Query(_) => tonic::Status::failed_precondition(message),
        AdminError::Config { .. } => tonic::Status::failed_precondition(message),
        AdminError::Store(err) => super::error::store(err),
        AdminError::Server(_) => tonic::Status::failed_precondition(message),
    }
}

fn server_state(state: &crate::graph::server::ServerState) -> proto::GraphServerState {
    proto::GraphServerState {
        state: state.state.clone(),
        backend: state.backend.clone(),
        url: state.url.clone(),
        port: state.port.map(u32::from),
        pid: state.pid,
        container: state.container.clone(),
        data_dir: state.data_dir.clone(),
        restarts: state.restarts,
        last_error: state.last_error.clone(),
        started_at_ms: state.started_at_ms,
    }
}

/// `relay graph up`'s stream: its steps, then what it did.
pub type ServerProgressStream = std::pin::Pin<
    Box<dyn tokio_stream::Stream<Item = Result<proto::GraphServerProgress, tonic::Status>> + Send>,
>;

fn status_message(report: &Report) -> proto::GraphStatus {
    let status = &report.status;
    proto::GraphStatus {
        enabled: status.enabled,
        connected: status.connected,
        url: status.url.clone(),
        url_source: report.url_source.to_owned(),
        config_path: report.config_path.clone(),
        last_error: status.last_error.clone(),
        passes: status.passes,
        resends: status.resends,
        last_pass_at_ms: status.last_pass_at_ms,
        projects: report
            .projects
            .iter()
            .map(|p| proto::GraphProjectStatus {
                project: p.project.clone(),
                graph: p.graph.clone(),
                resend: p.pass.as_ref().and_then(|pass| {
                    pass.resend.map(|r| {
                        serde_json::to_value(r)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_owned))
                            .unwrap_or_default()
                    })
                }),
                sent: p
                    .pass
                    .as_ref()
                    .map(|pass| pass.sent.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect())
                    .unwrap_or_default(),
                last_ingest_at_ms: p.last_ingest_at_ms,
                schema_version: p.schema_version,
                needs_rebuild: p.needs_rebuild.clone(),
            })
            .collect(),
        schema_version: crate::graph::schema::SCHEMA_VERSION,
        needs_rebuild: report.needs_rebuild,
        server: report.server.as_ref().map(server_state),
    }
}

fn change(done: admin::ConfigChange) -> proto::GraphConfigChange {
    proto::GraphConfigChange {
        config_path: done.config_path,
        url: done.url,
        live: done.live,
        notes: done.notes,
        status: Some(status_message(&done.report)),
    }
}

#[tonic::async_trait]
impl GraphService for RelayService {
    async fn get_graph_status(
        &self,
        _request: Request<proto::GetGraphStatusRequest>,
    ) -> Result<Response<proto::GraphStatus>, tonic::Status> {
        Ok(Response::new(status_message(
            &Box::pin(admin::report(&self.handle)).await,
        )))
    }

    async fn enable_graph(
        &self,
        request: Request<proto::EnableGraphRequest>,
    ) -> Result<Response<proto::GraphConfigChange>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let url = request.into_inner().url;
        let done = Box::pin(admin::enable(&self.handle, &caller, &url))
            .await
            .map_err(status)?;
        Ok(Response::new(change(done)))
    }

    async fn disable_graph(
        &self,
        request: Request<proto::DisableGraphRequest>,
    ) -> Result<Response<proto::GraphConfigChange>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let done = Box::pin(admin::disable(&self.handle, &caller))
            .await
            .map_err(status)?;
        Ok(Response::new(change(done)))
    }

    async fn rebuild_graph(
        &self,
        request: Request<proto::RebuildGraphRequest>,
    ) -> Result<Response<proto::RebuildGraphResponse>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let project = request.into_inner().project;
        let (graphs, connected) = Box::pin(admin::rebuild(&self.handle, &caller, project.as_deref()))
            .await
            .map_err(status)?;
        Ok(Response::new(proto::RebuildGraphResponse { graphs, connected }))
    }

    async fn get_graph_stats(
        &self,
        request: Request<proto::GetGraphStatsRequest>,
    ) -> Result<Response<proto::GraphStats>, tonic::Status> {
        let project = request.into_inner().project;
        let stats = Box::pin(admin::stats(&self.handle, project.as_deref()))
            .await
            .map_err(status)?;
        let counts = |items: Vec<(String, i64)>| {
            items
                .into_iter()
                .map(|(name, count)| proto::GraphCount { name, count })
                .collect()
        };
        Ok(Response::new(proto::GraphStats {
            graphs: stats
                .into_iter()
                .map(|s| proto::GraphStatsOfProject {
                    project: s.project,
                    graph: s.graph,
                    nodes: counts(s.nodes),
                    edges: counts(s.edges),
                    last_ingest_at_ms: s.last_ingest_at_ms,
                    schema_version: s.schema_version,
                    note: s.note,
                })
                .collect(),
        }))
    }

    async fn run_graph_query(
        &self,
        request: Request<proto::RunGraphQueryRequest>,
    ) -> Result<Response<proto::GraphQueryAnswer>, tonic::Status> {
        let request = request.into_inner();
        let limit = (request.limit > 0).then_some(i64::from(request.limit));
        // Boxed: the graph client's futures nest past the compiler's layout depth when inlined.
        let done = Box::pin(admin::query(
            &self.handle,
            &request.name,
            request.arg.as_deref(),
            admin::Target {
                project: request.project.as_deref(),
                cwd: request.cwd.as_deref(),
                near: None,
            },
            limit,
        ))
        .await
        .map_err(status)?;
        let rows = serde_json::to_string(&done.answer.rows).map_err(|err| {
            tonic::Status::internal(format!("the query's rows could not be encoded: {err}"))
        })?;
        Ok(Response::new(proto::GraphQueryAnswer {
            query: done.answer.query.to_owned(),
            project: done.project,
            graph: done.answer.graph,
            cypher: done.answer.cypher.to_owned(),
            arg: done.answer.arg,
            limit: done.answer.limit,
            rows_json: rows,
            text: done.text,
        }))
    }

    type StartGraphServerStream = ServerProgressStream;

    async fn start_graph_server(
        &self,
        request: Request<proto::StartGraphServerRequest>,
    ) -> Result<Response<Self::StartGraphServerStream>, tonic::Status> {
        let caller = convert::transport(&request)?;
        caller
            .require_owner(|| {
                "starting the memory graph's server is the owner's to do, and this request authenticated as an agent; run `relay graph up` as the owner. Nothing changed.".to_owned()
            })
            .map_err(|err| tonic::Status::permission_denied(err.to_string()))?;
        let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
        let handle = self.handle.clone();
        // The start goes on when the client goes away: relayd supervises the server either way.
        tokio::spawn(async move {
            let steps = sender.clone();
            let progress = move |step: String| {
                let _ = steps.send(Ok(proto::GraphServerProgress {
                    step: Some(step),
                    done: None,
                }));
            };
            let last = match Box::pin(admin::up(&handle, &caller, &progress)).await {
                Ok(done) => Ok(proto::GraphServerProgress {
                    step: None,
                    done: Some(proto::GraphServerUp {
                        backend: done.started.backend.to_owned(),
                        notes: done.started.notes.clone(),
                        already_running: done.started.already_running,
                        change: Some(change(done.change)),
                    }),
                }),
                Err(err) => Err(status(err)),
            };
            let _ = sender.send(last);
        });
        Ok(Response::new(Box::pin(
            tokio_stream::wrappers::UnboundedReceiverStream::new(receiver),
        )))
    }

    async fn stop_graph_server(
        &self,
        request: Request<proto::StopGraphServerRequest>,
    ) -> Result<Response<proto::StopGraphServerResponse>, tonic::Status> {
        let caller = convert::transport(&request)?;
        let (stopped, done) = Box::pin(admin::down(&self.handle, &caller))
            .await
            .map_err(status)?;
        Ok(Response::new(proto::StopGraphServerResponse {
            stopped,
            change: done.map(change),
            data_dir: crate::graph::server::server_dir(self.handle.config().data_dir.path())
                .display()
                .to_string(),
        }))
    }

    async fn get_pre_tool_brief(
        &self,
        request: Request<proto::GetPreToolBriefRequest>,
    ) -> Result<Response<proto::PreToolBrief>, tonic::Status> {
        let request = request.into_inner();
        let target = admin::Target {
            project: request.project.as_deref(),
            cwd: request.cwd.as_deref(),
            near: None,
        };
        let (project, paths, text, cached) = Box::pin(crate::graph::cache::pre_tool_brief(
            &self.handle,
            target,
            &request.paths,
        ))
        .await
        .map_err(status)?;
        Ok(Response::new(proto::PreToolBrief {
            project: project.slug,
            text,
            enabled: self.handle.config().graph_pre_tool_brief,
            cached_files: u64::try_from(cached).unwrap_or(u64::MAX),
            paths,
        }))
    }
}
