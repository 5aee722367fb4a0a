//! The `CoordinationService` RPCs: agents' hook calls, the lock table and the wake-up hook.

use relay_core::hook::{Agent, Phase};
use relay_core::proto;
use relay_core::proto::coordination_service_server::CoordinationService;
use tonic::{Request, Response};

use super::convert;
use super::error;
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

    async fn list_snapshots(
        &self,
        request: Request<proto::ListSnapshotsRequest>,
    ) -> Result<Response<proto::ListSnapshotsResponse>, tonic::Status> {
        let request = request.into_inner();
        let limit = match request.limit {
            0 => 100,
            n => i64::from(n),
        };
        let filter = crate::store::snapshot::Filter {
            project: request.project.as_deref(),
            task_key: request.task_key.as_deref(),
            session: request.session.as_deref(),
        };
        let rows = self
            .handle
            .snapshots_where(filter, limit)
            .await
            .map_err(error::undo)?;
        Ok(Response::new(proto::ListSnapshotsResponse {
            snapshots: rows.iter().map(convert::work_snapshot).collect(),
        }))
    }

    async fn restore_snapshot(
        &self,
        request: Request<proto::RestoreSnapshotRequest>,
    ) -> Result<Response<proto::RestoreSnapshotResponse>, tonic::Status> {
        convert::owner_only(&request, "restoring a snapshot")?;
        let request = request.into_inner();
        let undo = crate::undo::Undo {
            id: request.id,
            paths: request.paths,
            to: request.to.map(std::path::PathBuf::from),
            force: request.force,
            dry_run: request.dry_run,
        };
        let done = self.handle.undo(&undo).await.map_err(error::undo)?;
        Ok(Response::new(proto::RestoreSnapshotResponse {
            snapshot: Some(convert::work_snapshot(&done.row)),
            into: done.into.to_string_lossy().into_owned(),
            changes: done
                .changes
                .iter()
                .map(|change| proto::RestoreChange {
                    path: change.path.clone(),
                    action: change.action.as_str().to_owned(),
                })
                .collect(),
            applied: done.applied,
            refused: done.refused,
            ref_deleted: done.ref_state == crate::undo::RefState::RefDeleted,
        }))
    }
}
