//! `ListPlanCards` (cards.proto): the Plan n/m badges of a project's board cards.

use relay_core::proto;

use crate::board::cards::PlanCardRow;

pub(super) fn card(row: PlanCardRow) -> proto::PlanCard {
    proto::PlanCard {
        key: row.key,
        status: row.status,
        steps: row.steps,
        done: row.done,
        deviations: row.deviations,
        now: row.now,
    }
}
