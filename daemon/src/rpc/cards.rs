//! `ListPlanCards` (cards.proto): the Plan n/m and Review a/n badges of a project's board cards.

use relay_core::proto;

use crate::board::cards::{PlanCardRow, ReviewCardRow};

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

pub(super) fn review_card(row: ReviewCardRow) -> proto::ReviewCard {
    proto::ReviewCard {
        key: row.key,
        steps: row.steps,
        accepted: row.accepted,
        rejected: row.rejected,
    }
}
