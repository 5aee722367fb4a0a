//! Cursor's `agent-transcripts` JSONL (agent-formats §3.1): `{role, message: {content: [blocks]}}` lines with no
//! ids, no timestamps and no tool results, and `turn_ended` lines. Newer builds put a `<timestamp>` tag before
//! the `<user_query>`: the turn and what the assistant did in it take that time (to the minute); turns without
//! one keep the file's order and are flagged synthetic. Edits have no result to read, so their outcome is
//! unknown.

use serde_json::Value;

use crate::json::{first_str, str_at};
use crate::link::{Draft, Out};
use crate::session::subagent_from_path;
use crate::time::cursor_ms;
use crate::{EditKind, Outcome, Role};

const TURN_MS: &str = "turn_ms";

pub(crate) fn line(out: &mut Out<'_>, value: &Value, ordinal: u64) {
    if let Some(kind) = str_at(value, "type") {
        return match kind {
            "turn_ended" | "turn_started" | "summary" => {}
            other => out.unknown(other),
        };
    }
    let (Some(role), Some(message)) = (str_at(value, "role"), value.get("message")) else {
        return out.bad();
    };
    let Some(Value::Array(blocks)) = message.get("content") else {
        return out.bad();
    };
    let subagent = subagent_from_path(&out.state.path).map(str::to_owned);
    match role {
        "user" => {
            let text = blocks
                .iter()
                .filter(|b| str_at(b, "type") == Some("text"))
                .filter_map(|b| str_at(b, "text"))
                .collect::<Vec<_>>()
                .join("\n\n");
            let at_ms = between(&text, "<timestamp>", "</timestamp>").and_then(cursor_ms);
            match at_ms {
                Some(ms) => out.set_extra(TURN_MS, &ms.to_string()),
                None => {
                    out.state.extra.remove(TURN_MS);
                }
            }
            out.turn(
                Role::User,
                &query(&text),
                at_ms,
                ordinal,
                None,
                subagent.as_deref(),
            );
        }
        "assistant" => {
            let at_ms = out.extra(TURN_MS).and_then(|ms| ms.parse().ok());
            for block in blocks {
                match str_at(block, "type") {
                    Some("text") => {
                        let text = str_at(block, "text").unwrap_or("").replace("[REDACTED]", "");
                        out.turn(Role::Assistant, &text, at_ms, ordinal, None, subagent.as_deref());
                    }
                    Some("tool_use") => tool_use(out, block, at_ms, ordinal, subagent.as_deref()),
                    _ => {}
                }
            }
        }
        other => out.unknown(&format!("role:{other}")),
    }
}

fn tool_use(out: &mut Out<'_>, block: &Value, at_ms: Option<i64>, ordinal: u64, subagent: Option<&str>) {
    let (Some(name), Some(input)) = (str_at(block, "name"), block.get("input")) else {
        return;
    };
    let (kind, diff) = match name {
        "Write" | "write" => (
            EditKind::Modify,
            first_str(input, &["contents", "content"]).map(crate::claude::added),
        ),
        "StrReplace" | "search_replace" | "Edit" | "MultiEdit" | "edit_file" | "EditNotebook" => (
            EditKind::Modify,
            Some(crate::claude::replace_diff(
                first_str(input, &["old_string", "old_str"]).unwrap_or(""),
                first_str(input, &["new_string", "new_str", "code_edit", "new_source"]).unwrap_or(""),
            )),
        ),
        "Delete" | "delete_file" => (EditKind::Delete, None),
        _ => return,
    };
    let Some(file) = first_str(input, &["path", "file_path", "target_file", "target_notebook"]) else {
        return;
    };
    out.edit(
        Draft {
            file,
            from: None,
            kind,
            tool: name,
            call_id: first_str(block, &["id", "bubbleId"]),
            at_ms,
            ordinal,
            diff: diff.as_deref(),
            subagent,
        },
        false,
        Outcome::Unknown,
    );
}

/// The user's words: the `<user_query>`, else the text without the `<timestamp>` and `<user_info>` blocks.
fn query(text: &str) -> String {
    if let Some(query) = between(text, "<user_query>", "</user_query>") {
        return query.trim().to_owned();
    }
    let mut rest = text.to_owned();
    for (open, close) in [("<timestamp>", "</timestamp>"), ("<user_info>", "</user_info>")] {
        while let Some(start) = rest.find(open) {
            let Some(end) = rest[start..].find(close) else {
                break;
            };
            rest.replace_range(start..start + end + close.len(), "");
        }
    }
    rest.trim().to_owned()
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let end = text[start..].find(close)? + start;
    Some(&text[start..end])
}
