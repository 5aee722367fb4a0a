//! Answers in each agent's own dialect (ARCHITECTURE §7): Claude Code / Codex
//! `hookSpecificOutput.permissionDecision`, Cursor `permission`, Copilot `permissionDecision`, Antigravity
//! `decision`.
//!
//! [`Decision::Allow`] means "relay has no objection", never "skip the agent's own permission prompt": where an
//! explicit allow would grant the tool call (Claude Code, Codex, Copilot, Cursor's `permission:"allow"`) relay
//! prints the pass-through form instead, so the agent's own rules still apply. The exit code is always 0.
//!
//! The fail-open answer, [`allow`], per agent (valid for every phase, including phases the agent lacks):
//!
//! | agent | output | why |
//! |---|---|---|
//! | Claude Code | nothing | exit 0 with empty stdout is success on every event (§1.4) |
//! | Copilot | nothing | Claude's exit-code contract (§4.2); the Copilot CLI honours `allow` as a grant |
//! | Codex | `{}` | Stop expects JSON on stdout when exiting 0 (§2.3); `{}` fits every output schema |
//! | Cursor | `{}`, `{"continue":true}` on prompt | absent JSON from a permission hook is a block (§3.2) |
//! | Antigravity | `{"decision":"allow"}` | agy fails closed on a missing decision (observed; its allow grants nothing) |

use serde_json::{Map, Value, json};

use super::{Agent, Phase};

/// What relayd decided about one hook call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// No objection: the agent goes on under its own rules.
    Allow,
    /// Refuse the action (pre-tool, pre-read), the prompt, or the stop. Where the phase cannot refuse
    /// (session-start, post-tool on some agents) the reason is delivered as context instead, and where the agent
    /// has no context channel either, the answer is the fail-open one.
    Deny { reason: String },
    /// Text for the model (Claude Code's `additionalContext`); dropped where the agent has no such channel.
    Context { text: String },
    /// Pre-tool only: the owner approves the action in the agent's own permission prompt, shown `reason`;
    /// `context` (may be empty) rides along where the agent has a context channel. Where the agent does not
    /// enforce an ask, a deny stands in (see [`ASK_STANDS_IN`]); on other phases an ask is a deny.
    Ask { reason: String, context: String },
}

/// The words added to an ask's reason where a deny stands in for it (Codex parses `"ask"` on PreToolUse but does
/// not enforce it, so an ask would let the call through unasked).
pub const ASK_STANDS_IN: &str = "(relay: this agent's hooks cannot ask the owner, so the call is refused instead; ask the owner in the chat.)";

/// What `relay hook` prints on stdout before exiting 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Print nothing.
    Silent,
    /// Print this object as one line of JSON.
    Json(Value),
}

impl Answer {
    /// The JSON object, if any.
    pub fn json(&self) -> Option<&Value> {
        match self {
            Answer::Silent => None,
            Answer::Json(value) => Some(value),
        }
    }

    /// The exact stdout: empty, or the JSON followed by a newline.
    pub fn stdout(&self) -> String {
        match self {
            Answer::Silent => String::new(),
            Answer::Json(value) => format!("{value}\n"),
        }
    }
}

/// A refusal needs words: Codex rejects `decision:"block"` with a blank reason.
const DEFAULT_REASON: &str = "relay refused this action";

/// The answer to `decision` for an `agent` hook in `phase`, in that agent's dialect.
///
/// ```
/// use relay_core::hook::{Agent, Decision, Phase, answer};
/// let deny = Decision::Deny { reason: "src/a.rs is being edited by bob".into() };
/// let stdout = answer(Agent::Cursor, Phase::PreTool, &deny).stdout();
/// let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
/// assert_eq!(json["permission"], "deny");
/// assert_eq!(json["agent_message"], "src/a.rs is being edited by bob");
/// ```
pub fn answer(agent: Agent, phase: Phase, decision: &Decision) -> Answer {
    let decision = match decision {
        Decision::Deny { reason } if reason.trim().is_empty() => Decision::Deny {
            reason: DEFAULT_REASON.to_owned(),
        },
        Decision::Context { text } if text.trim().is_empty() => Decision::Allow,
        Decision::Ask { reason, context } if reason.trim().is_empty() => Decision::Ask {
            reason: DEFAULT_REASON.to_owned(),
            context: context.clone(),
        },
        // Only a pre-tool call can be asked about; elsewhere the ask is a refusal.
        Decision::Ask { reason, .. } if phase != Phase::PreTool => Decision::Deny {
            reason: reason.clone(),
        },
        other => other.clone(),
    };
    match agent {
        Agent::Claude => claude(phase, &decision),
        Agent::Codex => codex(phase, &decision),
        Agent::Cursor => cursor(phase, &decision),
        Agent::Copilot => copilot(phase, &decision),
        Agent::Antigravity => antigravity(phase, &decision),
    }
}

/// The fail-open answer `relay hook` prints when anything goes wrong (bad payload, relayd down, timeout): valid
/// for every agent and phase, it lets the agent go on. See the table in the module docs.
pub fn allow(agent: Agent, phase: Phase) -> Answer {
    answer(agent, phase, &Decision::Allow)
}

/// The event name `hookSpecificOutput.hookEventName` must carry: the agent's first name for the phase.
fn event(agent: Agent, phase: Phase) -> &'static str {
    phase.events(agent).first().copied().unwrap_or_default()
}

/// `{"hookSpecificOutput": {"hookEventName": …, <fields>}}`.
fn hook_specific(agent: Agent, phase: Phase, fields: Value) -> Value {
    let mut output = Map::new();
    output.insert("hookEventName".to_owned(), event(agent, phase).into());
    if let Value::Object(fields) = fields {
        output.extend(fields);
    }
    json!({ "hookSpecificOutput": output })
}

fn block(reason: &str) -> Answer {
    Answer::Json(json!({ "decision": "block", "reason": reason }))
}

fn empty() -> Answer {
    Answer::Json(json!({}))
}

/// Claude Code (§1.4).
fn claude(phase: Phase, decision: &Decision) -> Answer {
    let agent = Agent::Claude;
    let context =
        |text: &str| Answer::Json(hook_specific(agent, phase, json!({ "additionalContext": text })));
    match (phase, decision) {
        (Phase::Notification | Phase::SessionEnd | Phase::PreRead, _) | (_, Decision::Allow) => {
            Answer::Silent
        }
        (Phase::PreTool, Decision::Deny { reason }) => Answer::Json(hook_specific(
            agent,
            phase,
            json!({ "permissionDecision": "deny", "permissionDecisionReason": reason }),
        )),
        (_, Decision::Ask { reason, context }) => {
            let mut fields = json!({ "permissionDecision": "ask", "permissionDecisionReason": reason });
            if !context.trim().is_empty() {
                fields["additionalContext"] = json!(context);
            }
            Answer::Json(hook_specific(agent, phase, fields))
        }
        (Phase::Prompt | Phase::PostTool | Phase::Stop, Decision::Deny { reason }) => block(reason),
        (Phase::SessionStart, Decision::Deny { reason: text }) | (_, Decision::Context { text }) => {
            context(text)
        }
    }
}

/// Codex (§2.3; output schemas `codex-rs/hooks/schema/generated/*.command.output.schema.json` allow no other
/// keys): `additionalContext` only on SessionStart, UserPromptSubmit and PostToolUse.
fn codex(phase: Phase, decision: &Decision) -> Answer {
    let agent = Agent::Codex;
    if let Decision::Ask { reason, .. } = decision {
        return codex(
            phase,
            &Decision::Deny {
                reason: format!("{reason} {ASK_STANDS_IN}"),
            },
        );
    }
    let context =
        |text: &str| Answer::Json(hook_specific(agent, phase, json!({ "additionalContext": text })));
    match (phase, decision) {
        (Phase::PreTool, Decision::Deny { reason }) => Answer::Json(hook_specific(
            agent,
            phase,
            json!({ "permissionDecision": "deny", "permissionDecisionReason": reason }),
        )),
        (Phase::Prompt | Phase::PostTool | Phase::Stop, Decision::Deny { reason }) => block(reason),
        (Phase::SessionStart, Decision::Deny { reason: text })
        | (Phase::SessionStart | Phase::Prompt | Phase::PostTool, Decision::Context { text }) => {
            context(text)
        }
        _ => empty(),
    }
}

/// Cursor (§3.2): permission hooks answer `permission`; beforeReadFile takes the permission only. The
/// `additional_context` of sessionStart / postToolUse is not in agent-formats (observed in third-party hooks).
fn cursor(phase: Phase, decision: &Decision) -> Answer {
    let context = |text: &str| Answer::Json(json!({ "additional_context": text }));
    match (phase, decision) {
        (Phase::PreTool, Decision::Deny { reason }) => Answer::Json(json!({
            "permission": "deny",
            "user_message": reason,
            "agent_message": reason,
        })),
        // beforeShellExecution and beforeMCPExecution, the hooks relay installs for shell and MCP calls, ask.
        (Phase::PreTool, Decision::Ask { reason, .. }) => Answer::Json(json!({
            "permission": "ask",
            "user_message": reason,
            "agent_message": reason,
        })),
        (Phase::PreRead, Decision::Deny { .. }) => Answer::Json(json!({ "permission": "deny" })),
        (Phase::Prompt, Decision::Deny { reason }) => Answer::Json(json!({
            "continue": false,
            "user_message": reason,
        })),
        (Phase::Prompt, _) => Answer::Json(json!({ "continue": true })),
        (Phase::Stop, Decision::Deny { reason }) => Answer::Json(json!({ "followup_message": reason })),
        (Phase::SessionStart | Phase::PostTool, Decision::Deny { reason: text })
        | (Phase::SessionStart | Phase::PostTool, Decision::Context { text }) => context(text),
        _ => empty(),
    }
}

/// Copilot (§4.2). VS Code reads Claude's nested `hookSpecificOutput`; the Copilot CLI reads the same fields
/// flat at the top level (ARCHITECTURE §7 "Copilot `permissionDecision`"). Each answer carries both, since the
/// payload does not always say which of the two is asking.
fn copilot(phase: Phase, decision: &Decision) -> Answer {
    let agent = Agent::Copilot;
    let both = |fields: Value| {
        let mut answer = hook_specific(agent, phase, fields.clone());
        if let (Value::Object(top), Value::Object(fields)) = (&mut answer, fields) {
            top.extend(fields);
        }
        Answer::Json(answer)
    };
    match (phase, decision) {
        (Phase::PreTool, Decision::Deny { reason }) => both(json!({
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        })),
        (Phase::PreTool, Decision::Ask { reason, context }) => {
            let mut fields = json!({ "permissionDecision": "ask", "permissionDecisionReason": reason });
            if !context.trim().is_empty() {
                fields["additionalContext"] = json!(context);
            }
            both(fields)
        }
        (Phase::Prompt, Decision::Deny { reason }) => Answer::Json(json!({
            "continue": false,
            "stopReason": reason,
        })),
        (Phase::PostTool | Phase::Stop, Decision::Deny { reason }) => block(reason),
        (Phase::SessionStart, Decision::Deny { reason: text })
        | (
            Phase::SessionStart | Phase::Prompt | Phase::PreTool | Phase::PostTool,
            Decision::Context { text },
        ) => both(json!({ "additionalContext": text })),
        _ => Answer::Silent,
    }
}

/// Antigravity CLI (§5.2 "Claude-compatible ask/deny on PreToolUse"; the flat `{"decision", "reason"}` shape and
/// the fail-closed default are observed, not documented). No context channel is known.
fn antigravity(phase: Phase, decision: &Decision) -> Answer {
    match (phase, decision) {
        (Phase::PreTool, Decision::Deny { reason }) => {
            Answer::Json(json!({ "decision": "deny", "reason": reason }))
        }
        (Phase::PreTool, Decision::Ask { reason, .. }) => {
            Answer::Json(json!({ "decision": "ask", "reason": reason }))
        }
        _ => Answer::Json(json!({ "decision": "allow" })),
    }
}
