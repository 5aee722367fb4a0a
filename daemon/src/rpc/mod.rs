//! The `relay.v1` gRPC adapter, served on the local socket. Each method validates, calls one handle
//! function and converts back.

mod convert;
mod error;
mod service;

use std::io;

use relay_core::proto::relay_server::RelayServer;
use tokio::net::{UnixListener, UnixStream};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::UnixListenerStream;

use crate::handle::DaemonHandle;
pub use service::RelayService;

/// Serves gRPC on `listener` until shutdown is requested, then stops accepting and drains.
pub async fn serve(handle: DaemonHandle, listener: UnixListener) -> Result<(), tonic::transport::Error> {
    let uid = rustix::process::getuid().as_raw();
    let incoming = UnixListenerStream::new(listener).filter_map(move |conn| match conn {
        Ok(stream) if peer_is(&stream, uid) => Some(Ok::<UnixStream, io::Error>(stream)),
        Ok(_) => None,
        Err(err) => {
            tracing::warn!(error = %err, "accept on the local socket failed");
            None
        }
    });
    let shutdown = {
        let handle = handle.clone();
        async move { handle.shutdown_requested().await }
    };
    tonic::transport::Server::builder()
        .add_service(RelayServer::new(RelayService::new(handle)))
        .serve_with_incoming_shutdown(incoming, shutdown)
        .await
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
