//! `relay plan show|accept`: the owner reads a task's plan (steps, checkpoints, the agent's todo, the history)
//! and accepts it. Agents write plans over MCP.

use relay_core::board::{PlanStatus, TodoStatus};
use relay_core::proto::{self, AcceptPlanRequest, GetPlanRequest};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn show(ctx: &Context, key: String, history: bool, output: OutputArgs) -> Result<(), CliError> {
    let plan = daemon_client(ctx)
        .await?
        .review
        .get_plan(GetPlanRequest {
            key,
            revisions: history,
        })
        .await?
        .into_inner();
    if output.json {
        return print_json(&json!({ "plan": plan_json(&plan, history) }));
    }
    emit(&plan_text(&plan, history))?;
    Ok(())
}

pub async fn accept(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .review
        .accept_plan(AcceptPlanRequest { key })
        .await?
        .into_inner();
    let plan = answer
        .plan
        .as_ref()
        .ok_or_else(|| CliError::Failed("relayd answered without the plan".to_owned()))?;
    format::print_notes(answer.notes.as_ref());
    if output.json {
        let body = json!({ "plan": plan_json(plan, false) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    if answer.notes.as_ref().is_some_and(|n| n.changed) {
        let by = plan.accepted_by.as_deref().unwrap_or("owner");
        emit(&format!(
            "accepted the plan of {} ({} steps) as {by}",
            plan.key,
            plan.steps.len()
        ))?;
    }
    Ok(())
}

/// `plan show`'s text: the state, progress, the steps with their checkpoints, the current step with "Now doing"
/// and the agent's todo (or the todo as the agent's plan without steps), then the history.
fn plan_text(plan: &proto::Plan, history: bool) -> String {
    let mut text = format!("{} · {}\n", plan.key, plan.title);
    if plan.steps.is_empty() {
        if plan.todo.is_empty() {
            text.push_str("  no plan yet (the agent writes one with plan_set)\n");
        } else {
            let session = plan.session.as_deref().unwrap_or("the bound session");
            text.push_str(&format!("  agent's plan, not accepted (todo of {session})\n"));
            text.push_str(&todo_text(&plan.todo, "    "));
        }
    } else {
        let state = match PlanStatus::from_name(&plan.status) {
            Some(PlanStatus::Accepted) => format!(
                "accepted by {}{}",
                plan.accepted_by.as_deref().unwrap_or("someone"),
                plan.accepted_at_ms
                    .map(|ms| format!(" {}", format::utc(ms)))
                    .unwrap_or_default()
            ),
            _ => format!(
                "draft, not accepted (accept with `relay plan accept {}`)",
                plan.key
            ),
        };
        text.push_str(&format!("  plan     {state}\n"));
        let mut progress = format!("{} of {} done", plan.done, plan.steps.len());
        match plan.deviations {
            0 => {}
            1 => progress.push_str(" · 1 deviation"),
            n => progress.push_str(&format!(" · {n} deviations")),
        }
        text.push_str(&format!("  progress {progress}\n\nsteps\n"));
        let width = plan.steps.iter().map(|s| s.status.len()).max().unwrap_or(0) + 2;
        for step in &plan.steps {
            let status = format!("[{}]", step.status);
            let mut line = format!("  {}. {status:<width$} {}", step.position, one_line(&step.title));
            let mut checkpoint = Vec::new();
            if let Some(conformance) = &step.conformance {
                let mark = if step.deviation { "DEVIATION " } else { "" };
                checkpoint.push(format!("{mark}{}", one_line(conformance)));
            }
            if let Some(outcome) = &step.outcome {
                checkpoint.push(one_line(outcome));
            }
            if let Some(link) = &step.link {
                checkpoint.push(link.clone());
            }
            if let Some(at) = step.done_at_ms {
                checkpoint.push(format::utc(at));
            }
            if !checkpoint.is_empty() {
                line.push_str(&format!(" — {}", checkpoint.join(" · ")));
            }
            if plan.current == Some(step.position) {
                line.push_str("  ← current");
            }
            text.push_str(&line);
            text.push('\n');
            if let Some(details) = &step.details {
                for detail in details.trim().lines() {
                    text.push_str(&format!("       {detail}\n"));
                }
            }
            if plan.current == Some(step.position) && !plan.todo.is_empty() {
                if let Some(doing) = &plan.now_doing {
                    text.push_str(&format!("       now doing: {}\n", one_line(doing)));
                }
                let session = plan.session.as_deref().unwrap_or("the bound session");
                text.push_str(&format!("       agent's todo ({session}):\n"));
                text.push_str(&todo_text(&plan.todo, "         "));
            }
        }
    }
    if history {
        if !plan.revisions.is_empty() {
            text.push_str(&format!("\nhistory ({}, newest first)\n", plan.revisions.len()));
        }
        for revision in &plan.revisions {
            text.push_str(&format!(
                "  r{} {} by {} [{}]: {}\n",
                revision.revision,
                format::utc(revision.created_at_ms),
                revision.author,
                revision.status,
                one_line(&revision.reason)
            ));
            for change in &revision.title_changes {
                if let Some(old) = &change.old {
                    text.push_str(&format!("       - {}. {}\n", change.position, one_line(old)));
                }
                if let Some(new) = &change.new {
                    text.push_str(&format!("       + {}. {}\n", change.position, one_line(new)));
                }
            }
        }
    } else if plan.revision_count > 0 {
        text.push_str(&format!(
            "\nhistory: {} revision{} (--history lists them)\n",
            plan.revision_count,
            if plan.revision_count == 1 { "" } else { "s" }
        ));
    }
    text.trim_end().to_owned()
}

fn todo_text(items: &[proto::TodoItem], indent: &str) -> String {
    items
        .iter()
        .map(|item| {
            let mark = TodoStatus::mark_of(&item.status);
            format!("{indent}{mark} {}\n", one_line(&item.subject))
        })
        .collect()
}

/// The `--json` shape of a plan (stable field names; unset values are `null`).
fn plan_json(plan: &proto::Plan, history: bool) -> Value {
    let mut value = format::to_json(plan);
    if !history && let Value::Object(object) = &mut value {
        object.remove("revisions");
    }
    value
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
