//! The `DaemonService` RPCs: the daemon's status, the event stream, backups and shutdown.

use std::path::PathBuf;

use relay_core::proto;
use relay_core::proto::daemon_service_server::DaemonService;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response};

use super::service::RelayService;
use super::service::{SUBSCRIBER_DEPTH, UpdateStream};
use super::{convert, error};
use crate::bus;

#[tonic::async_trait]
impl DaemonService for RelayService {
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
        convert::owner_only(&request, "a backup")?;
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
        request: Request<proto::StopDaemonRequest>,
    ) -> Result<Response<proto::StopDaemonResponse>, tonic::Status> {
        convert::owner_only(&request, "stopping relayd")?;
        tracing::info!("shutdown requested by the owner over gRPC");
        self.handle.request_shutdown();
        Ok(Response::new(proto::StopDaemonResponse {
            pid: std::process::id(),
        }))
    }
}
