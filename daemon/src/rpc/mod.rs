//! The `relay.v1` gRPC adapter, served on the local socket and, when `remote_listen` is set, on the remote
//! listener (`crate::remote`). Each method takes its caller from the request's listener (`convert::transport`),
//! validates, calls one handle function and converts back.

mod attachment;
mod board;
mod cards;
mod convert;
mod coord;
mod daemon;
mod environments;
mod error;
mod graph;
mod inbox;
mod plan;
mod review;
mod runner;
mod service;
mod session_hooks;
mod sessions;
mod streams;

use std::io;
use std::sync::Arc;

use relay_core::proto::board_service_server::BoardServiceServer;
use relay_core::proto::coordination_service_server::CoordinationServiceServer;
use relay_core::proto::daemon_service_server::DaemonServiceServer;
use relay_core::proto::environment_service_server::EnvironmentServiceServer;
use relay_core::proto::graph_service_server::GraphServiceServer;
use relay_core::proto::review_service_server::ReviewServiceServer;
use relay_core::proto::runner_service_server::RunnerServiceServer;
use tokio::net::{UnixListener, UnixStream};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::UnixListenerStream;

use crate::caller::Caller;
use crate::handle::DaemonHandle;
pub use service::RelayService;
pub use session_hooks::serve_session_hooks;
pub(crate) use streams::OpenStreams;

/// Serves gRPC on `listener` until shutdown is requested, then stops accepting and drains. Every request on it
/// is the owner's: only the user's own processes get past the peer check.
pub async fn serve(
    handle: DaemonHandle,
    listener: UnixListener,
    streams: Arc<OpenStreams>,
) -> Result<(), tonic::transport::Error> {
    let uid = rustix::process::getuid().as_raw();
    let incoming = UnixListenerStream::new(listener).filter_map(move |conn| match conn {
        Ok(stream) if peer_is(&stream, uid) => Some(Ok::<UnixStream, io::Error>(stream)),
        Ok(_) => None,
        Err(err) => {
            tracing::warn!(error = %err, "accept on the local socket failed");
            None
        }
    });
    let shutdown = drained(&handle, &streams);
    let routes = routes(handle, streams);
    tonic::transport::Server::builder()
        .layer(tower::util::MapRequestLayer::new(socket_peer))
        .add_routes(routes)
        .serve_with_incoming_shutdown(incoming, shutdown)
        .await
}

/// The local socket's caller, set on every request before any service sees it.
fn socket_peer(mut request: http::Request<tonic::body::Body>) -> http::Request<tonic::body::Body> {
    request.extensions_mut().insert(Caller::socket_peer());
    request
}

/// Resolves once shutdown was requested and the open server streams ended (or their grace ran out).
pub(crate) fn drained(
    handle: &DaemonHandle,
    streams: &Arc<OpenStreams>,
) -> impl std::future::Future<Output = ()> + Send + 'static {
    let handle = handle.clone();
    let streams = Arc::clone(streams);
    async move {
        handle.shutdown_requested().await;
        streams.drained(streams::STREAM_GRACE).await;
    }
}

/// Every `relay.v1` service, as both listeners serve them (the socket and the remote listener).
pub(crate) fn routes(handle: DaemonHandle, streams: Arc<OpenStreams>) -> tonic::service::Routes {
    let max_message = max_message_bytes(handle.config());
    let rpc = RelayService::new(handle, streams);
    tonic::service::Routes::new(DaemonServiceServer::new(rpc.clone()))
        .add_service(BoardServiceServer::new(rpc.clone()))
        .add_service(ReviewServiceServer::new(rpc.clone()).max_decoding_message_size(max_message))
        .add_service(CoordinationServiceServer::new(rpc.clone()))
        .add_service(EnvironmentServiceServer::new(rpc.clone()))
        .add_service(GraphServiceServer::new(rpc.clone()))
        .add_service(RunnerServiceServer::new(rpc))
}

/// The largest request the socket decodes: tonic's 4 MiB, or a pasted screenshot of `attachments_max_mb` (an
/// `AddAttachment` with content) plus 1 MiB for the rest of the request.
fn max_message_bytes(config: &relay_core::config::Config) -> usize {
    let (per_file, _) = crate::board::attachment_limits(config);
    usize::try_from(per_file)
        .unwrap_or(usize::MAX)
        .saturating_add(1 << 20)
        .max(4 << 20)
}

/// Only processes of the daemon's own user may talk to it (SO_PEERCRED).
fn peer_is(stream: &UnixStream, uid: u32) -> bool {
    match stream.peer_cred() {
        Ok(cred) if cred.uid() == uid => true,
        Ok(cred) => {
            tracing::warn!(
                peer_uid = cred.uid(),
                "refused a local connection from another user"
            );
            false
        }
        Err(err) => {
            tracing::warn!(error = %err, "refused a local connection whose peer could not be identified");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;

    use super::*;

    #[tokio::test]
    async fn peer_of_the_same_user_is_accepted_when_connecting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.sock");
        let listener = UnixListener::bind(&path).unwrap();
        let _client = UnixStream::connect(&path).await.unwrap();
        let (stream, _) = listener.accept().await.unwrap();
        assert!(peer_is(&stream, rustix::process::getuid().as_raw()));
        assert!(!peer_is(&stream, rustix::process::getuid().as_raw() + 1));
    }

    /// A real process of another user: only root can start one, so the test is ignored by a plain run and
    /// tests/run runs it (`--run-ignored only`) when it runs as root, as CI does.
    #[tokio::test]
    #[ignore = "needs root (to start a process of another user); tests/run runs it when run as root"]
    async fn peer_of_another_user_is_refused_when_connecting() {
        assert!(
            rustix::process::getuid().is_root(),
            "starting a process as another user needs root: run this test as root (tests/run does when it is)"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        let path = dir.path().join("s.sock");
        let listener = UnixListener::bind(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o777)).unwrap();
        let mut other = std::process::Command::new("python3")
            .args([
                "-c",
                "import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.recv(1)",
            ])
            .arg(&path)
            .uid(65534)
            .gid(65534)
            .spawn()
            .unwrap();
        let (stream, _) = tokio::time::timeout(std::time::Duration::from_secs(10), listener.accept())
            .await
            .unwrap()
            .unwrap();
        assert!(
            !peer_is(&stream, 0),
            "a connection from uid 65534 is refused by a daemon of uid 0"
        );
        assert!(peer_is(&stream, 65534));
        drop(stream);
        other.wait().unwrap();
    }
}
