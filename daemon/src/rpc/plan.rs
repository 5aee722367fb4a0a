//! The plan RPCs: GetPlan and AcceptPlan. The socket is the owner's surface, so an acceptance here is the
//! owner's (`accepted_by: owner`); agents write plans over MCP.

use relay_core::proto;

use super::convert;
use crate::board::plan::{PlanRevision, TitleChange};
use crate::board::{Outcome, Plan, PlanStep, TodoItem};

pub(super) fn plan_write(outcome: Outcome<Plan>) -> proto::PlanWrite {
    let notes = convert::notes(&outcome);
    proto::PlanWrite {
        plan: Some(plan_message(outcome.value)),
        notes: Some(notes),
    }
}

pub(super) fn plan_message(plan: Plan) -> proto::Plan {
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    let summary_line = if plan.steps.is_empty() {
        String::new()
    } else {
        plan.summary().line()
    };
    proto::Plan {
        done: count(plan.done()),
        deviations: count(plan.deviations()),
        current: plan.current().map(|s| s.position),
        now_doing: plan.now_doing().map(str::to_owned),
        summary_line,
        key: plan.key,
        title: plan.title,
        stage: plan.stage,
        size: plan.size,
        status: plan.status,
        accepted_by: plan.accepted_by,
        accepted_at_ms: plan.accepted_at_ms,
        steps: plan.steps.into_iter().map(step).collect(),
        session: plan.session,
        todo: plan.todo.into_iter().map(todo).collect(),
        revision_count: plan.revision_count,
        revisions: plan.revisions.into_iter().map(revision).collect(),
    }
}

pub(super) fn step(step: PlanStep) -> proto::PlanStep {
    proto::PlanStep {
        deviation: step.is_deviation(),
        position: step.position,
        title: step.title,
        details: step.details,
        status: step.status,
        done_at_ms: step.done_at_ms,
        link: step.link,
        outcome: step.outcome,
        conformance: step.conformance,
        updated_at_ms: step.updated_at_ms,
    }
}

pub(super) fn todo(item: TodoItem) -> proto::TodoItem {
    proto::TodoItem {
        item_id: item.item_id,
        subject: item.subject,
        status: item.status,
        active_form: item.active_form,
    }
}

pub(super) fn revision(revision: PlanRevision) -> proto::PlanRevision {
    proto::PlanRevision {
        revision: revision.revision,
        author: revision.author,
        reason: revision.reason,
        created_at_ms: revision.created_at_ms,
        status: revision.status,
        title_changes: revision.title_changes.into_iter().map(title_change).collect(),
    }
}

pub(super) fn title_change(change: TitleChange) -> proto::PlanTitleChange {
    proto::PlanTitleChange {
        position: change.position,
        old: change.old,
        new: change.new,
    }
}
