//! `ListPlanCards` (cards.proto): the Plan n/m badges of a project's board cards.

use relay_core::proto;
use tonic::{Request, Response};

use super::error;
use super::service::RelayService;
use crate::board::cards::PlanCardRow;

impl RelayService {
    pub(super) async fn plan_cards_list(
        &self,
        request: Request<proto::ListPlanCardsRequest>,
    ) -> Result<Response<proto::ListPlanCardsResponse>, tonic::Status> {
        let project = request.into_inner().project;
        let cards = self
            .handle()
            .board()
            .plan_cards(&project)
            .await
            .map_err(error::board)?;
        Ok(Response::new(proto::ListPlanCardsResponse {
            cards: cards.into_iter().map(card).collect(),
        }))
    }
}

fn card(row: PlanCardRow) -> proto::PlanCard {
    proto::PlanCard {
        key: row.key,
        status: row.status,
        steps: row.steps,
        done: row.done,
        deviations: row.deviations,
        now: row.now,
    }
}
