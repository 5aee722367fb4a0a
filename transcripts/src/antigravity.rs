//! Google Antigravity (agent-formats §5): what of it can be read. The IDE's chat lives in
//! `conversations/<id>.pb`, which is encrypted — it cannot be read, and [`crate::unreadable`] says so. Readable
//! are the step log `brain/<id>/.system_generated/logs/transcript_full.jsonl` (or the truncated
//! `transcript.jsonl`) — `{step_index, type, status, created_at, content, tool_calls: [{name, args}]}` steps:
//! `USER_INPUT` (the request inside `<USER_REQUEST>`), `PLANNER_RESPONSE` (the answer and its tool calls;
//! `write_to_file`, `replace_file_content` and `multi_replace_file_content` name their `TargetFile`) and
//! `CODE_ACTION` (an edit carried out, with its status) — and the brain's Markdown artifacts (`task.md`,
//! `implementation_plan.md`, `walkthrough.md`), each read whole as one assistant turn.

use serde_json::Value;

use crate::copilot::Document;
use crate::json::{first_str, object, str_at};
use crate::link::{Draft, Out};
use crate::time::value_ms;
use crate::{EditKind, Outcome, Role};

const EDIT_TOOLS: &[&str] = &[
    "write_to_file",
    "replace_file_content",
    "multi_replace_file_content",
];
const FILE_KEYS: &[&str] = &["TargetFile", "target_file", "AbsolutePath", "file_path", "path"];
const KNOWN_STEPS: &[&str] = &[
    "CHECKPOINT",
    "LIST_DIRECTORY",
    "CONVERSATION_HISTORY",
    "VIEW_FILE",
    "VIEW_FILE_OUTLINE",
    "VIEW_CODE_ITEM",
    "RUN_COMMAND",
    "COMMAND_STATUS",
    "GREP_SEARCH",
    "FIND",
    "CODEBASE_SEARCH",
    "READ_URL_CONTENT",
    "SEARCH_WEB",
    "BROWSER_SUBAGENT",
    "NOTIFY_USER",
    "TASK_BOUNDARY",
    "EPHEMERAL_MESSAGE",
    "ERROR_MESSAGE",
    "GENERIC",
    "MCP_TOOL",
    "KNOWLEDGE_ARTIFACTS",
];

pub(crate) fn step_line(out: &mut Out<'_>, value: &Value, ordinal: u64) {
    let Some(raw_kind) = str_at(value, "type") else {
        return out.bad();
    };
    let kind = raw_kind.strip_prefix("CORTEX_STEP_TYPE_").unwrap_or(raw_kind);
    let at_ms = value.get("created_at").and_then(value_ms);
    let step = value
        .get("step_index")
        .and_then(Value::as_u64)
        .map(|i| format!("step-{i}"));
    match kind {
        "USER_INPUT" => {
            let text = text_of(value);
            let request = between(&text, "<USER_REQUEST>", "</USER_REQUEST>").unwrap_or(&text);
            out.turn(Role::User, request, at_ms, ordinal, step.as_deref(), None);
        }
        "PLANNER_RESPONSE" => {
            out.turn(
                Role::Assistant,
                &text_of(value),
                at_ms,
                ordinal,
                step.as_deref(),
                None,
            );
            for (n, call) in value
                .get("tool_calls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                planner_call(out, call, at_ms, ordinal, step.as_deref(), n);
            }
        }
        "CODE_ACTION" => code_action(out, value, at_ms, ordinal, step.as_deref()),
        known if KNOWN_STEPS.contains(&known) => {}
        other => out.unknown(other),
    }
}

fn text_of(value: &Value) -> String {
    match value.get("content") {
        Some(Value::String(text)) => text.clone(),
        Some(other) => first_str(other, &["text", "content", "response"])
            .unwrap_or("")
            .to_owned(),
        None => String::new(),
    }
}

fn planner_call(
    out: &mut Out<'_>,
    call: &Value,
    at_ms: Option<i64>,
    ordinal: u64,
    step: Option<&str>,
    n: usize,
) {
    let Some(name) = str_at(call, "name").filter(|n| EDIT_TOOLS.contains(n)) else {
        return;
    };
    let Some(args) = call
        .get("args")
        .or_else(|| call.get("arguments"))
        .and_then(object)
    else {
        return;
    };
    let Some(file) = first_str(&args, FILE_KEYS) else {
        return;
    };
    let kind = match (name, args.get("Overwrite").and_then(Value::as_bool)) {
        ("write_to_file", Some(true)) => EditKind::Modify,
        ("write_to_file", _) => EditKind::Create,
        _ => EditKind::Modify,
    };
    let diff = first_str(&args, &["CodeContent", "ReplacementContent"]).map(crate::claude::added);
    let call_id = str_at(call, "id")
        .map(str::to_owned)
        .unwrap_or_else(|| format!("{}:{n}", step.unwrap_or("step")));
    out.edit(
        Draft {
            file,
            from: None,
            kind,
            tool: name,
            call_id: Some(&call_id),
            at_ms,
            ordinal,
            diff: diff.as_deref(),
            subagent: None,
        },
        true,
        Outcome::Unknown,
    );
}

/// A `CODE_ACTION` step: the outcome of the planner's call on the same file, else an edit of its own.
fn code_action(out: &mut Out<'_>, value: &Value, at_ms: Option<i64>, ordinal: u64, step: Option<&str>) {
    let outcome = match str_at(value, "status").map(|s| s.rsplit('_').next().unwrap_or(s)) {
        Some("DONE" | "COMPLETED" | "SUCCESS") => Outcome::Applied,
        Some("ERROR" | "FAILED" | "CANCELED" | "CANCELLED" | "REJECTED") => Outcome::Failed,
        _ => Outcome::Unknown,
    };
    let sources = [value.get("content"), value.get("metadata"), value.get("args")];
    let file = sources
        .into_iter()
        .flatten()
        .filter_map(object)
        .find_map(|o| first_str(&o, FILE_KEYS).map(str::to_owned))
        .or_else(|| first_str(value, FILE_KEYS).map(str::to_owned));
    let Some(file) = file else {
        return;
    };
    let absolute = out.absolute(&file);
    if let Some(call_id) = out.pending_for_file(&absolute) {
        out.resolve(&call_id, outcome, &|_| {});
        return;
    }
    out.edit(
        Draft {
            file: &file,
            from: None,
            kind: EditKind::Modify,
            tool: "CODE_ACTION",
            call_id: step,
            at_ms,
            ordinal,
            diff: None,
            subagent: None,
        },
        false,
        outcome,
    );
}

/// A Markdown artifact, read whole: one assistant turn naming the file.
pub(crate) fn artifact(out: &mut Out<'_>, document: &mut Document) {
    let text = std::mem::take(&mut document.text);
    if text.trim().is_empty() {
        return;
    }
    let name = out
        .state
        .path
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("artifact")
        .to_owned();
    out.turn(
        Role::Assistant,
        &format!("[{name}]\n{}", text.trim()),
        None,
        0,
        Some(&name),
        None,
    );
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let end = text[start..].find(close)? + start;
    Some(text[start..end].trim())
}
