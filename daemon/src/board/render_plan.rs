//! Plans as short markdown for a model to read (plan_get and the answers of plan_set, plan_step_update and
//! plan_accept). Pure: the plan in, text out. Agent text is shown as text; times in UTC.

use relay_core::board::{PlanStatus, PlanStepStatus, TodoStatus};

use super::plan::{Plan, PlanStep, PlanWritten, StepWritten, TodoItem};
use super::render::{one_line, utc};

/// Everything plan_get shows: the state, "2 of 5 done · 1 deviation", the steps with their checkpoints, the
/// current step with "Now doing" and the bound session's todo, or without steps the todo as the agent's plan.
pub fn plan(plan: &Plan) -> String {
    let mut md = format!("# Plan of {} · {}\n", plan.key, one_line(&plan.title));
    if plan.steps.is_empty() {
        if plan.todo.is_empty() {
            md.push_str(&format!(
                "No plan yet. Write 2-5 steps with plan_set(task=\"{}\", steps=[{{title, details}}]) (S tasks: at \
                 least a todo), then mark them in_progress / done with plan_step_update.",
                plan.key
            ));
        } else {
            md.push_str(&format!(
                "No plan steps. Agent's plan, not accepted (todo of {}):\n",
                plan.session.as_deref().unwrap_or("the bound session")
            ));
            md.push_str(&todo_lines(&plan.todo, ""));
        }
        return md.trim_end().to_owned();
    }
    md.push_str(&format!("Status: {}\n", status_text(plan)));
    md.push_str(&format!("{}\n", progress_line(plan)));
    let current = plan.current().map(|s| s.position);
    for step in &plan.steps {
        md.push('\n');
        md.push_str(&step_text(step));
        if Some(step.position) == current {
            md.push_str(" ← current");
        }
        md.push('\n');
        if let Some(details) = &step.details {
            for line in details.trim().lines() {
                md.push_str(&format!("   > {line}\n"));
            }
        }
        if Some(step.position) == current && !plan.todo.is_empty() {
            if let Some(doing) = plan.now_doing() {
                md.push_str(&format!("   Now doing: {}\n", one_line(doing)));
            }
            md.push_str(&format!(
                "   Agent's todo ({}):\n",
                plan.session.as_deref().unwrap_or("bound session")
            ));
            md.push_str(&todo_lines(&plan.todo, "   "));
        }
    }
    if plan.revision_count > 0 {
        md.push_str(&format!(
            "\nHistory: {} revision{} (`relay plan show {} --history`).",
            plan.revision_count,
            if plan.revision_count == 1 { "" } else { "s" },
            plan.key
        ));
    }
    md.trim_end().to_owned()
}

/// `accepted by owner, 2026-11-29 23:10Z`, or the draft text saying who accepts.
fn status_text(plan: &Plan) -> String {
    match PlanStatus::from_name(&plan.status) {
        Some(PlanStatus::Accepted) => {
            let by = plan.accepted_by.as_deref().unwrap_or("someone");
            let at = plan
                .accepted_at_ms
                .map(|ms| format!(", {}", utc(ms)))
                .unwrap_or_default();
            format!("accepted by {by}{at}")
        }
        // Read by the agent (plan_get) and the owner (`relay plan show`): who accepts, no command to run.
        _ => "draft, not accepted yet (only the owner accepts it)".to_owned(),
    }
}

/// `2 of 5 done · 1 deviation`.
pub fn progress_line(plan: &Plan) -> String {
    let mut line = format!("{} of {} done", plan.done(), plan.steps.len());
    match plan.deviations() {
        0 => {}
        1 => line.push_str(" · 1 deviation"),
        n => line.push_str(&format!(" · {n} deviations")),
    }
    line
}

/// `2. [done] Title — deviation: … · outcome · report:12 · done 2026-11-29 23:10Z`.
fn step_text(step: &PlanStep) -> String {
    let mut line = format!("{}. [{}] {}", step.position, step.status, one_line(&step.title));
    let mut checkpoint = Vec::new();
    if let Some(conformance) = &step.conformance {
        let mark = if step.is_deviation() { "⚠ " } else { "" };
        checkpoint.push(format!("{mark}{}", one_line(conformance)));
    }
    if let Some(outcome) = &step.outcome {
        checkpoint.push(one_line(outcome));
    }
    if let Some(link) = &step.link {
        checkpoint.push(link.clone());
    }
    if let Some(at) = step.done_at_ms {
        checkpoint.push(format!("done {}", utc(at)));
    }
    if !checkpoint.is_empty() {
        line.push_str(" — ");
        line.push_str(&checkpoint.join(" · "));
    }
    line
}

/// The todo, one item a line: `[x]` completed, `[>]` in progress, `[ ]` pending.
fn todo_lines(items: &[TodoItem], indent: &str) -> String {
    items
        .iter()
        .map(|item| {
            let mark = TodoStatus::mark_of(&item.status);
            format!("{indent}- {mark} {}\n", one_line(&item.subject))
        })
        .collect()
}

/// The plan reminder the hooks give an agent for one task (relaybay §4 "Plan reminders"): the step in progress
/// (`Plan of acme-12 (accepted): step 2/3 'Address book page' — Add, edit and remove addresses.`), else the next
/// one, else "all N steps done", with "Now doing: …" from the todo; without steps the todo's summary, or for a
/// task in dev with neither, the hint to write down what the agent is going to do. `None` when there is nothing
/// to say.
pub fn reminder(plan: &Plan) -> Option<String> {
    let now_doing = plan
        .now_doing()
        .map(|doing| format!(" Now doing: {}.", one_line(doing).trim_end_matches('.')))
        .unwrap_or_default();
    if plan.steps.is_empty() {
        if plan.todo.is_empty() {
            return (plan.stage == "dev").then(|| {
                format!(
                    "{} has no plan and no todo yet: write down what you are going to do (todo or 2-3 steps with \
                     plan_set).",
                    plan.key
                )
            });
        }
        let completed = plan.todo.iter().filter(|i| i.is(TodoStatus::Completed)).count();
        return Some(format!(
            "Todo of {} (agent's plan, not accepted): {completed} of {} done.{now_doing}",
            plan.key,
            plan.todo.len()
        ));
    }
    let state = if plan.is(PlanStatus::Accepted) {
        PlanStatus::Accepted.as_str()
    } else {
        "draft, not accepted yet"
    };
    let total = plan.steps.len();
    let in_progress = plan.steps.iter().find(|s| s.is(PlanStepStatus::InProgress));
    let text = match (in_progress, plan.current()) {
        (_, None) => format!("all {total} steps done."),
        (step, Some(next)) => {
            let step = step.unwrap_or(next);
            let which = if step.is(PlanStepStatus::InProgress) {
                "step"
            } else {
                "next step"
            };
            let mut text = format!("{which} {}/{total} '{}'", step.position, one_line(&step.title));
            match step
                .details
                .as_deref()
                .and_then(|d| d.lines().find(|l| !l.trim().is_empty()))
            {
                Some(line) => {
                    let line = one_line(line);
                    let line: String = line.chars().take(200).collect();
                    text.push_str(&format!(" — {}.", line.trim_end_matches('.')));
                }
                None => text.push('.'),
            }
            text
        }
    };
    Some(format!("Plan of {} ({state}): {text}{now_doing}", plan.key))
}

/// plan_set's answer line.
pub fn written(written: &PlanWritten, changed: bool) -> String {
    let plan = &written.plan;
    if !changed {
        return String::new();
    }
    if plan.steps.is_empty() {
        return format!("Removed the plan of {} (status none).", plan.key);
    }
    let mut line = format!(
        "Saved the plan of {}: {} step{}, {}.",
        plan.key,
        plan.steps.len(),
        if plan.steps.len() == 1 { "" } else { "s" },
        plan.status
    );
    if plan.is(PlanStatus::Draft) && written.previous_status != PlanStatus::Accepted.as_str() {
        line.push_str(
            " The owner accepts it: to put the task in the owner's inbox, set waiting_on to owner \
             (task_patch(task, fields={\"waiting_on\": \"owner\"})).",
        );
    }
    line
}

/// plan_step_update's answer line: `Step 2/5 of acme-1 'Title': pending → done (as planned). Plan 2/5 · draft`.
pub fn step_written(written: &StepWritten, changed: bool) -> String {
    let plan = &written.plan;
    let Some(step) = plan.steps.iter().find(|s| s.position == written.position) else {
        return String::new();
    };
    if !changed {
        return String::new();
    }
    let mut line = format!(
        "Step {}/{} of {} '{}': ",
        step.position,
        plan.steps.len(),
        plan.key,
        one_line(&step.title)
    );
    if written.previous == step.status {
        line.push_str(&format!("updated ({})", step.status));
    } else {
        line.push_str(&format!("{} → {}", written.previous, step.status));
    }
    if let Some(conformance) = step.conformance.as_deref().filter(|_| step.is_done()) {
        line.push_str(&format!(" ({})", one_line(conformance)));
    }
    line.push_str(&format!(". {}", plan.summary().line()));
    line
}

/// plan_accept's answer line.
pub fn accepted(plan: &Plan, changed: bool) -> String {
    if !changed {
        return String::new();
    }
    format!(
        "Accepted the plan of {} ({} step{}) as {}.",
        plan.key,
        plan.steps.len(),
        if plan.steps.len() == 1 { "" } else { "s" },
        plan.accepted_by.as_deref().unwrap_or("owner")
    )
}
