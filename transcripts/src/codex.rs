//! Codex rollout files (agent-formats §2.1): envelope lines `{timestamp, type, payload}` — `session_meta` (the
//! session id is `payload.id`), `turn_context` (the cwd), `response_item` (messages, tool calls and their
//! outputs), `event_msg` — and the legacy headerless files of bare items. `apply_patch` arrives as a
//! `custom_tool_call`, a `function_call` named `apply_patch`, or a shell call feeding it the patch (an argv or a
//! heredoc); each file of a patch is one edit, and the tool's output or `patch_apply_end` says whether it was
//! applied. A prompt seen both as a `response_item` and as an `event_msg.user_message` is read once.

use serde_json::Value;

use crate::json::{content_text, first_str, object, str_at};
use crate::link::{Draft, Out};
use crate::patch::{self, OpKind};
use crate::time::value_ms;
use crate::{EditKind, Outcome, Role};

const KNOWN_LINES: &[&str] = &[
    "compacted",
    "world_state",
    "inter_agent_communication",
    "inter_agent_communication_metadata",
    "token_usage_record",
];

const KNOWN_ITEMS: &[&str] = &[
    "reasoning",
    "local_shell_call",
    "web_search_call",
    "image_generation_call",
    "tool_search_call",
    "tool_search_output",
    "compaction",
];

const KNOWN_EVENTS: &[&str] = &[
    "token_count",
    "task_started",
    "task_complete",
    "turn_started",
    "turn_complete",
    "item_started",
    "item_completed",
    "thread_settings_applied",
    "agent_reasoning",
    "agent_reasoning_raw_content",
    "exec_command_begin",
    "exec_command_end",
    "patch_apply_begin",
    "mcp_tool_call_begin",
    "mcp_tool_call_end",
    "web_search_begin",
    "web_search_end",
    "turn_aborted",
    "thread_rolled_back",
    "context_compacted",
    "thread_name_updated",
    "error",
    "warning",
    "view_image_tool_call",
    "stream_error",
    "background_event",
    "plan_update",
    "turn_diff",
    "entered_review_mode",
    "exited_review_mode",
];

const SHELL_TOOLS: &[&str] = &[
    "shell",
    "exec_command",
    "shell_command",
    "local_shell",
    "container.exec",
];

pub(crate) fn line(out: &mut Out<'_>, value: &Value, ordinal: u64) {
    let at_ms = value.get("timestamp").and_then(value_ms);
    let kind = str_at(value, "type");
    match (kind, value.get("payload")) {
        (Some("session_meta"), Some(meta)) => {
            if let Some(id) = first_str(meta, &["id", "session_id"]) {
                out.set_session_id(id);
            }
            let started = meta.get("timestamp").and_then(value_ms).or(at_ms);
            out.learn_session(str_at(meta, "cwd"), started, str_at(meta, "cli_version"));
        }
        (Some("turn_context"), Some(context)) => out.learn_session(str_at(context, "cwd"), None, None),
        (Some("response_item"), Some(item)) => response_item(out, item, at_ms, ordinal),
        (Some("event_msg"), Some(event)) => event_msg(out, event, at_ms, ordinal),
        (Some(known), Some(_)) if KNOWN_LINES.contains(&known) => {}
        (Some(other), Some(_)) => out.unknown(other),
        // The legacy format: a bare header, then bare items and `record_type: state` lines.
        (None, None) if value.get("record_type").is_some() => {}
        (None, None) if value.get("id").is_some() => {
            if let Some(id) = str_at(value, "id") {
                out.set_session_id(id);
            }
            let git_cwd = value.get("git").and_then(|git| str_at(git, "cwd"));
            out.learn_session(git_cwd, at_ms, None);
        }
        (Some(_), None) => response_item(out, value, at_ms, ordinal),
        (None, _) => out.bad(),
    }
}

/// Injected scaffolding sent as user messages (`<environment_context>`, `<user_instructions>`, AGENTS.md).
fn scaffolding(text: &str) -> bool {
    let text = text.trim_start();
    if text.starts_with("# AGENTS.md instructions") {
        return true;
    }
    let Some(rest) = text.strip_prefix('<') else {
        return false;
    };
    let Some(end) = rest.find('>') else {
        return false;
    };
    end > 0
        && end <= 48
        && rest[..end]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' '))
}

fn user_prompt(out: &mut Out<'_>, text: &str, at_ms: Option<i64>, ordinal: u64, source: Option<&str>) {
    if text.trim().is_empty() || scaffolding(text) {
        return;
    }
    if out.extra("last_user") == Some(text.trim()) {
        out.state.stats.duplicates += 1;
        return;
    }
    out.set_extra("last_user", text.trim());
    out.turn(Role::User, text, at_ms, ordinal, source, None);
}

fn assistant_message(out: &mut Out<'_>, text: &str, at_ms: Option<i64>, ordinal: u64, source: Option<&str>) {
    if text.trim().is_empty() {
        return;
    }
    if out.extra("last_assistant") == Some(text.trim()) {
        out.state.stats.duplicates += 1;
        return;
    }
    out.set_extra("last_assistant", text.trim());
    out.turn(Role::Assistant, text, at_ms, ordinal, source, None);
}

fn response_item(out: &mut Out<'_>, item: &Value, at_ms: Option<i64>, ordinal: u64) {
    let Some(kind) = str_at(item, "type") else {
        return out.bad();
    };
    let call_id = first_str(item, &["call_id", "id"]);
    match kind {
        "message" => {
            let content = item.get("content").unwrap_or(&Value::Null);
            match str_at(item, "role") {
                Some("user") => {
                    let text = content_text(content, &["input_text", "text"]);
                    user_prompt(out, &text, at_ms, ordinal, None);
                }
                Some("assistant") => {
                    let text = content_text(content, &["output_text", "text"]);
                    assistant_message(out, &text, at_ms, ordinal, None);
                }
                _ => {}
            }
        }
        "custom_tool_call" => {
            if str_at(item, "name") == Some("apply_patch")
                && let Some(input) = str_at(item, "input")
            {
                patch_edits(out, input, "apply_patch", call_id, at_ms, ordinal);
            }
        }
        "function_call" => {
            let name = str_at(item, "name").unwrap_or("");
            let Some(arguments) = item.get("arguments").and_then(object) else {
                return;
            };
            if name == "apply_patch" {
                if let Some(input) = first_str(&arguments, &["input", "patch"]) {
                    patch_edits(out, input, name, call_id, at_ms, ordinal);
                }
            } else if SHELL_TOOLS.contains(&name)
                && let Some(patch) = shell_patch(&arguments)
            {
                patch_edits(out, &patch, name, call_id, at_ms, ordinal);
            }
        }
        "custom_tool_call_output" | "function_call_output" => {
            if let Some(call_id) = str_at(item, "call_id")
                && out.is_pending(call_id)
            {
                let output = item.get("output").map(output_text).unwrap_or_default();
                out.resolve(call_id, outcome_of(&output), &|_| {});
            }
        }
        known if KNOWN_ITEMS.contains(&known) => {}
        other => out.unknown(other),
    }
}

fn event_msg(out: &mut Out<'_>, event: &Value, at_ms: Option<i64>, ordinal: u64) {
    let Some(kind) = str_at(event, "type") else {
        return out.bad();
    };
    match kind {
        "user_message" => {
            if let Some(text) = str_at(event, "message") {
                user_prompt(out, text, at_ms, ordinal, None);
            }
        }
        "agent_message" => {
            if let Some(text) = str_at(event, "message") {
                assistant_message(out, text, at_ms, ordinal, None);
            }
        }
        "patch_apply_end" => {
            let success = event.get("success").and_then(Value::as_bool).unwrap_or(false);
            let outcome = if success {
                Outcome::Applied
            } else {
                Outcome::Failed
            };
            let call_id = str_at(event, "call_id");
            match call_id {
                Some(id) if out.is_pending(id) => out.resolve(id, outcome, &|_| {}),
                _ => changes_edits(out, event, call_id, outcome, at_ms, ordinal),
            }
        }
        known if KNOWN_EVENTS.contains(&known) => {}
        other => out.unknown(&format!("event_msg:{other}")),
    }
}

/// The patch a shell call feeds to `apply_patch`: `["apply_patch", patch]`, or a command line with a heredoc.
fn shell_patch(arguments: &Value) -> Option<String> {
    match arguments.get("command").or_else(|| arguments.get("cmd"))? {
        Value::Array(argv) => {
            let words: Vec<&str> = argv.iter().filter_map(Value::as_str).collect();
            match words.as_slice() {
                ["apply_patch" | "applypatch", patch, ..] => Some((*patch).to_owned()),
                _ => words
                    .iter()
                    .find(|w| patch::is_shell_patch(w))
                    .map(|w| (*w).to_owned()),
            }
        }
        Value::String(line) if patch::is_shell_patch(line) => Some(line.clone()),
        _ => None,
    }
}

fn patch_edits(
    out: &mut Out<'_>,
    patch: &str,
    tool: &str,
    call_id: Option<&str>,
    at_ms: Option<i64>,
    ordinal: u64,
) {
    for op in patch::parse(patch) {
        let (kind, file, from) = match (&op.kind, &op.move_to) {
            (OpKind::Add, _) => (EditKind::Create, op.path.as_str(), None),
            (OpKind::Delete, _) => (EditKind::Delete, op.path.as_str(), None),
            (OpKind::Update, Some(to)) => (EditKind::Rename, to.as_str(), Some(op.path.as_str())),
            (OpKind::Update, None) => (EditKind::Modify, op.path.as_str(), None),
        };
        out.edit(
            Draft {
                file,
                from,
                kind,
                tool,
                call_id,
                at_ms,
                ordinal,
                diff: Some(&op.body),
                subagent: None,
            },
            true,
            Outcome::Unknown,
        );
    }
}

/// Edits from `patch_apply_end.changes` when the call itself was not read (`{path: {type, unified_diff,
/// move_path}}`).
fn changes_edits(
    out: &mut Out<'_>,
    event: &Value,
    call_id: Option<&str>,
    outcome: Outcome,
    at_ms: Option<i64>,
    ordinal: u64,
) {
    let Some(changes) = event.get("changes").and_then(Value::as_object) else {
        return;
    };
    for (path, change) in changes {
        let move_path = str_at(change, "move_path");
        let (kind, file, from) = match (str_at(change, "type"), move_path) {
            (Some("add"), _) => (EditKind::Create, path.as_str(), None),
            (Some("delete"), _) => (EditKind::Delete, path.as_str(), None),
            (_, Some(to)) => (EditKind::Rename, to, Some(path.as_str())),
            _ => (EditKind::Modify, path.as_str(), None),
        };
        let diff = first_str(change, &["unified_diff", "content"]);
        out.edit(
            Draft {
                file,
                from,
                kind,
                tool: "apply_patch",
                call_id,
                at_ms,
                ordinal,
                diff,
                subagent: None,
            },
            false,
            outcome,
        );
    }
}

/// A tool output's text: a string (itself maybe JSON `{"output": …, "metadata": {"exit_code": …}}`) or content
/// items.
fn output_text(output: &Value) -> String {
    match output {
        Value::String(text) => text.clone(),
        Value::Array(items) => {
            content_text(output, &["input_text", "output_text", "text"])
                + &items.iter().filter_map(Value::as_str).collect::<String>()
        }
        other => other.to_string(),
    }
}

/// Whether a patch tool's output says it applied.
fn outcome_of(output: &str) -> Outcome {
    if let Ok(value) = serde_json::from_str::<Value>(output)
        && let Some(code) = value
            .get("metadata")
            .and_then(|m| m.get("exit_code"))
            .and_then(Value::as_i64)
    {
        return if code == 0 {
            Outcome::Applied
        } else {
            Outcome::Failed
        };
    }
    let lower = output.to_lowercase();
    let failed = [
        "blocked",
        "denied",
        "verification failed",
        "error:",
        "failed to",
        "rejected",
    ];
    if failed.iter().any(|word| lower.contains(word)) {
        Outcome::Failed
    } else if lower.contains("success") || lower.contains("exit code: 0") {
        Outcome::Applied
    } else {
        Outcome::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaffolding_is_told_from_prompts() {
        assert!(scaffolding("<environment_context>\n  <cwd>/w</cwd>"));
        assert!(scaffolding("<permissions instructions>x"));
        assert!(scaffolding("# AGENTS.md instructions for /w"));
        assert!(!scaffolding("fix <b>bold</b> rendering"));
        assert!(!scaffolding("<div class=\"x\"> is broken"));
    }

    #[test]
    fn outputs_say_applied_or_failed() {
        assert_eq!(
            outcome_of("Exit code: 0\nOutput:\nSuccess. Updated the following files:\nM a"),
            Outcome::Applied
        );
        assert_eq!(
            outcome_of("Command blocked by PreToolUse hook: File `a` is locked"),
            Outcome::Failed
        );
        assert_eq!(
            outcome_of(r#"{"output":"x","metadata":{"exit_code":1}}"#),
            Outcome::Failed
        );
        assert_eq!(outcome_of("something else"), Outcome::Unknown);
    }
}
