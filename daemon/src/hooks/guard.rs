//! The guard step (relaybay §7, PreToolUse): a shell command, or every string of an MCP tool's input (relay's own
//! tools excepted), checked against the environments of the session's bound tasks' projects and of the project
//! holding the hook's cwd. It answers deny / ask with §7's reason, warn as context ending "(warn mode: not
//! blocked)", and never an allow; every call that touches a live environment leaves a `live.action` event with
//! the command masked and cut at 200 characters. A guard error is logged and the call goes on.
//!
//! Every agent is guarded, in its own dialect (`relay_core::hook::answer`): where an agent does not enforce an ask
//! (Codex), a deny with the same reason stands in for it.

use relay_core::event::payload::LiveAction;
use relay_core::guard::{self, GuardOutcome, ToolCall, Verdict};
use relay_core::hook::{HookEvent, Phase};
use relay_core::policy::EnvKind;
use relay_core::policy::secrets;
use serde_json::Value;

use super::{HookCall, StepAnswer, StepFuture};
use crate::environments::EnvError;
use crate::handle::DaemonHandle;
use crate::store::{board, hook_session};

/// relay's own MCP server's tools (`mcp__relay__…`): never guarded.
const OWN_TOOLS: &str = "mcp__relay__";

#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "guard"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            match guard_call(call.handle, call.event).await {
                Ok(answer) => answer,
                Err(err) => {
                    tracing::warn!(error = %err, "the guard failed; the call goes on unchecked");
                    StepAnswer::pass()
                }
            }
        })
    }
}

/// What the guard reads of a call, if anything.
enum Read<'e> {
    Bash(&'e str),
    Mcp(&'e str, &'e Value),
}

fn what_to_read(event: &HookEvent) -> Option<Read<'_>> {
    if event.phase != Phase::PreTool {
        return None;
    }
    let tool = event.tool_name.as_deref().unwrap_or_default();
    if let Some(input) = &event.mcp_input {
        if tool.starts_with(OWN_TOOLS) {
            return None;
        }
        return Some(Read::Mcp(tool, input));
    }
    event
        .command
        .as_deref()
        .filter(|c| !c.trim().is_empty())
        .map(Read::Bash)
}

/// The guard's answer for one call, and the journal of what it touched on live.
async fn guard_call(handle: &DaemonHandle, event: &HookEvent) -> Result<StepAnswer, EnvError> {
    let Some(read) = what_to_read(event) else {
        return Ok(StepAnswer::pass());
    };
    let (project_ids, session, keys) = scope_of(handle, event).await?;
    if project_ids.is_empty() {
        return Ok(StepAnswer::pass());
    }
    let view = handle.environments().guard_view(&project_ids).await?;
    if view.environments.is_empty() {
        return Ok(StepAnswer::pass());
    }
    let (call, tool, text) = match read {
        Read::Bash(command) => (
            ToolCall::Bash { command },
            event.tool_name.clone().unwrap_or("shell".into()),
            command.to_owned(),
        ),
        Read::Mcp(tool, input) => {
            let mut text = Vec::new();
            strings(input, &mut text);
            (ToolCall::Mcp { tool, input }, tool.to_owned(), text.join(" "))
        }
    };
    let outcome = guard::decide(&call, &view.environments);
    for slow in &outcome.slow_patterns {
        if handle.first_warning(&format!("guard-slow:{slow}")) {
            tracing::warn!(pattern = %slow, "a custom guard pattern went over its time budget and counted as matched");
        }
    }
    journal(
        handle,
        event,
        &outcome,
        &tool,
        &text,
        &view.test_values,
        session,
        &keys,
    );
    Ok(answer_of(&outcome))
}

/// The step's answer: deny or ask with the reason, warn as context, nothing otherwise.
pub fn answer_of(outcome: &GuardOutcome) -> StepAnswer {
    let message = outcome.message();
    match (outcome.verdict(), message) {
        (Verdict::Deny, Some(reason)) => StepAnswer {
            deny: Some(reason),
            ..StepAnswer::default()
        },
        (Verdict::Ask, Some(reason)) => StepAnswer {
            ask: Some(reason),
            ..StepAnswer::default()
        },
        (Verdict::Warn, Some(reason)) => StepAnswer {
            context: vec![reason],
            ..StepAnswer::default()
        },
        _ => StepAnswer::pass(),
    }
}

fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => out.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| strings(item, out)),
        Value::Object(map) => map.values().for_each(|item| strings(item, out)),
        _ => {}
    }
}

/// The projects whose environments count (the session's bound tasks' projects, then the project holding the
/// cwd), the session's name, and its bound task keys by project.
async fn scope_of(
    handle: &DaemonHandle,
    event: &HookEvent,
) -> Result<(Vec<i64>, Option<String>, Vec<(String, String)>), EnvError> {
    let mut conn = handle.store().read().await?;
    let mut ids = Vec::new();
    let mut keys = Vec::new();
    let session = hook_session::by_cc(&mut conn, event.session_id.as_str()).await?;
    if let Some(session) = &session {
        for (_, key, slug) in hook_session::bound_tasks(&mut conn, session.id).await? {
            if let Some(project) = board::project_by_slug(&mut conn, &slug).await?
                && !ids.contains(&project.id)
            {
                ids.push(project.id);
            }
            keys.push((slug, key));
        }
    }
    if let Some(cwd) = event.cwd.to_str()
        && let Some((id, _, _)) = hook_session::projects_holding(&mut conn, cwd)
            .await?
            .into_iter()
            .next()
        && !ids.contains(&id)
    {
        ids.push(id);
    }
    Ok((ids, session.map(|s| s.name), keys))
}

/// `live.action` for every touched live environment (any decision), written after the answer goes out.
#[allow(clippy::too_many_arguments)]
fn journal(
    handle: &DaemonHandle,
    event: &HookEvent,
    outcome: &GuardOutcome,
    tool: &str,
    text: &str,
    test_values: &[String],
    session: Option<String>,
    keys: &[(String, String)],
) {
    let values: Vec<&str> = test_values.iter().map(String::as_str).collect();
    let command = secrets::summary(text, &values);
    let actions: Vec<LiveAction> = outcome
        .touches
        .iter()
        .filter(|touch| touch.kind == EnvKind::Live)
        .map(|touch| LiveAction {
            project: touch.project.clone(),
            environment: touch.environment.clone(),
            key: keys
                .iter()
                .find(|(slug, _)| *slug == touch.project)
                .map(|(_, key)| key.clone()),
            session: session.clone(),
            agent: event.agent.cli_name().to_owned(),
            tool: tool.to_owned(),
            command: command.clone(),
            decision: touch.verdict.as_str().to_owned(),
            level: touch.level.as_str().to_owned(),
            rule: touch.rule.as_ref().map(|rule| rule.id.clone()),
        })
        .collect();
    if actions.is_empty() {
        return;
    }
    let handle = handle.clone();
    tokio::spawn(async move {
        if let Err(err) = write_actions(&handle, &actions).await {
            tracing::warn!(error = %err, "live.action events were not written");
        }
    });
}

async fn write_actions(
    handle: &DaemonHandle,
    actions: &[LiveAction],
) -> Result<(), crate::store::StoreError> {
    let mut tx = handle.store().begin_write().await?;
    for action in actions {
        tx.emit(&format!("{}/{}", action.project, action.environment), action)
            .await?;
    }
    tx.commit().await.map(drop)
}

#[cfg(test)]
#[path = "guard_tests.rs"]
mod tests;
