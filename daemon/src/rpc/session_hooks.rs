//! A docker session's hook socket (`runner::hooks`): the `CoordinationService` with only the two hook calls.
//! Everything that comes in on it is that session's agent — by the socket, never by anything the call says —
//! and nothing else of relayd is reachable from the container through it.

use std::io;

use relay_core::hook::{Agent, Phase};
use relay_core::proto;
use relay_core::proto::coordination_service_server::{CoordinationService, CoordinationServiceServer};
use tokio::net::{UnixListener, UnixStream};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::UnixListenerStream;
use tonic::{Request, Response, Status};

use crate::handle::DaemonHandle;
use crate::runner::hooks::ContainerOrigin;

/// The hook calls of one docker session.
#[derive(Clone, Debug)]
struct SessionHooks {
    handle: DaemonHandle,
    origin: ContainerOrigin,
}

/// Serves `origin`'s hook calls on `listener` until relayd shuts down or the task is aborted (the session's
/// program ended). Only processes of relayd's user get in (the containers run as it).
pub async fn serve_session_hooks(
    handle: DaemonHandle,
    listener: UnixListener,
    origin: ContainerOrigin,
) -> Result<(), tonic::transport::Error> {
    let uid = rustix::process::getuid().as_raw();
    let incoming = UnixListenerStream::new(listener).filter_map(move |conn| match conn {
        Ok(stream) if super::peer_is(&stream, uid) => Some(Ok::<UnixStream, io::Error>(stream)),
        Ok(_) => None,
        Err(err) => {
            tracing::warn!(error = %err, "accept on a docker session's hook socket failed");
            None
        }
    });
    let shutdown = {
        let handle = handle.clone();
        async move { handle.shutdown_requested().await }
    };
    let service = CoordinationServiceServer::new(SessionHooks { handle, origin });
    tonic::transport::Server::builder()
        .add_service(service)
        .serve_with_incoming_shutdown(incoming, shutdown)
        .await
}

/// The refusal of everything but the hook calls.
fn hooks_only(what: &str) -> Status {
    Status::permission_denied(format!(
        "{what} is not served on a docker session's hook socket: it answers relay's hook calls only (`relay hook`); run other relay commands on the host"
    ))
}

#[tonic::async_trait]
impl CoordinationService for SessionHooks {
    async fn run_hook(
        &self,
        request: Request<proto::RunHookRequest>,
    ) -> Result<Response<proto::RunHookResponse>, Status> {
        let request = request.into_inner();
        let invalid = |err: relay_core::hook::HookError| Status::invalid_argument(err.to_string());
        let agent = Agent::parse(&request.agent).map_err(invalid)?;
        let phase = Phase::parse(&request.phase).map_err(invalid)?;
        let answer = self
            .handle
            .handle_container_hook(agent, phase, &request.body, &self.origin)
            .await;
        Ok(Response::new(proto::RunHookResponse {
            stdout: answer.stdout,
        }))
    }

    async fn wait_for_wake(
        &self,
        request: Request<proto::WaitForWakeRequest>,
    ) -> Result<Response<proto::WaitForWakeResponse>, Status> {
        let body = request.into_inner().body;
        let wake = self
            .handle
            .wait_container_hook(&body, crate::hooks::claude::wake::WAKE_WAIT, &self.origin)
            .await;
        Ok(Response::new(proto::WaitForWakeResponse { wake }))
    }

    async fn list_locks(
        &self,
        _: Request<proto::ListLocksRequest>,
    ) -> Result<Response<proto::ListLocksResponse>, Status> {
        Err(hooks_only("the lock table"))
    }

    async fn list_snapshots(
        &self,
        _: Request<proto::ListSnapshotsRequest>,
    ) -> Result<Response<proto::ListSnapshotsResponse>, Status> {
        Err(hooks_only("listing snapshots"))
    }

    async fn restore_snapshot(
        &self,
        _: Request<proto::RestoreSnapshotRequest>,
    ) -> Result<Response<proto::RestoreSnapshotResponse>, Status> {
        Err(hooks_only("restoring a snapshot"))
    }
}
