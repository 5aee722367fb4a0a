//! The `CoordinationService` RPCs: agents' hook calls, the lock table and the wake-up hook.

use relay_core::hook::{Agent, Phase};
use relay_core::proto;
use relay_core::proto::coordination_service_server::CoordinationService;
use tonic::{Request, Response};

use super::convert;
use super::service::RelayService;

#[tonic::async_trait]
impl CoordinationService for RelayService {
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
