use std::pin::Pin;
use std::sync::Arc;

use relay_core::proto;
use tokio_stream::Stream;

use super::streams::OpenStreams;
use crate::board::limits;
use crate::handle::DaemonHandle;

/// Updates buffered per subscriber between the bus and the socket.
pub(super) const SUBSCRIBER_DEPTH: usize = 64;

/// The state every service's RPCs share; `DaemonService`, `BoardService`, `ReviewService` and
/// `CoordinationService` are each implemented for it in their own file.
#[derive(Clone, Debug)]
pub struct RelayService {
    pub(super) handle: DaemonHandle,
    pub(super) streams: Arc<OpenStreams>,
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

pub(super) type UpdateStream = Pin<Box<dyn Stream<Item = Result<proto::Update, tonic::Status>> + Send>>;
