//! GitHub Copilot (agent-formats §4.1): VS Code's `chatSessions/<id>.jsonl` — a mutation log replayed into one
//! session object (`kind` 0 sets it, 1 sets the value at a key path, 2 splices an array) — and the older
//! `<id>.json`, the session object itself; and the Copilot CLI's `session-state/<id>/events.jsonl` of typed
//! events. In a VS Code session each request is a prompt; its edits come from the model's tool calls
//! (`create_file`, `replace_string_in_file`, `multi_replace_string_in_file` — one edit per file —,
//! `insert_edit_into_file`, `apply_patch`) and from `textEditGroup` parts for files no call names.

use serde_json::Value;

use crate::json::{content_text, first_str, object, str_at};
use crate::link::{Draft, Out};
use crate::patch::{self, OpKind};
use crate::time::value_ms;
use crate::{EditKind, MAX_DOCUMENT, Outcome, Role};

/// A whole-document transcript being read (Copilot's session object, an Antigravity artifact).
#[derive(Debug, Default)]
pub(crate) struct Document {
    pub(crate) value: Option<Value>,
    pub(crate) text: String,
    bytes: usize,
    over: bool,
    notes: Vec<String>,
}

impl Document {
    pub(crate) fn retained(&self) -> usize {
        usize::from(self.value.is_some()) + usize::from(!self.text.is_empty())
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    /// Counts `len` bytes against [`MAX_DOCUMENT`]; false (and a note, once) past it.
    fn admit(&mut self, len: usize) -> bool {
        if self.over {
            return false;
        }
        self.bytes += len;
        if self.bytes > MAX_DOCUMENT {
            self.over = true;
            self.value = None;
            self.text.clear();
            self.notes.push(format!(
                "the transcript is a single document over {} MiB; relay reads such documents whole and skipped this one",
                MAX_DOCUMENT / (1024 * 1024)
            ));
            return false;
        }
        true
    }

    pub(crate) fn text_line(&mut self, line: &str) {
        if self.admit(line.len() + 1) {
            self.text.push_str(line);
            self.text.push('\n');
        }
    }

    /// One mutation of VS Code's session log.
    pub(crate) fn log_line(&mut self, out: &mut Out<'_>, line: Value, len: usize) {
        if !self.admit(len) {
            return;
        }
        let Value::Object(mut line) = line else {
            return out.bad();
        };
        let kind = line.get("kind").and_then(Value::as_i64);
        let value = line.remove("v").unwrap_or(Value::Null);
        let path: Vec<Value> = match line.remove("k") {
            Some(Value::Array(path)) => path,
            _ => Vec::new(),
        };
        match kind {
            Some(0) => self.value = Some(value),
            Some(1) => match self.value.as_mut().and_then(|root| at_path(root, &path)) {
                Some(slot) => *slot = value,
                None => out.bad(),
            },
            Some(2) => {
                let index = line.get("i").and_then(Value::as_u64);
                match self.value.as_mut().and_then(|root| at_path(root, &path)) {
                    Some(slot) => {
                        if !slot.is_array() {
                            *slot = Value::Array(Vec::new());
                        }
                        if let Value::Array(items) = slot {
                            if let Some(index) = index {
                                items.truncate(usize::try_from(index).unwrap_or(usize::MAX));
                            }
                            match value {
                                Value::Array(more) => items.extend(more),
                                Value::Null => {}
                                one => items.push(one),
                            }
                        }
                    }
                    None => out.bad(),
                }
            }
            Some(other) => out.unknown(&format!("kind:{other}")),
            None => out.bad(),
        }
    }

    pub(crate) fn finish_log(&mut self, out: &mut Out<'_>) {
        if let Some(session) = self.value.take() {
            read_session(out, &session);
        }
    }

    pub(crate) fn finish_json(&mut self, out: &mut Out<'_>) {
        let text = std::mem::take(&mut self.text);
        if text.trim().is_empty() {
            return;
        }
        match serde_json::from_str::<Value>(&text) {
            Ok(session) if session.is_object() => read_session(out, &session),
            _ => {
                out.state.stats.bad_lines += 1;
                self.notes
                    .push("the session file is not one JSON object; nothing was read from it".to_owned());
            }
        }
    }
}

/// The value at a key path (object keys and array indices), created as objects where missing.
fn at_path<'a>(root: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    let mut here = root;
    for step in path {
        here = match step {
            Value::String(key) => {
                if !here.is_object() {
                    return None;
                }
                here.as_object_mut()?.entry(key.clone()).or_insert(Value::Null)
            }
            Value::Number(n) => {
                let index = usize::try_from(n.as_u64()?).ok()?;
                here.as_array_mut()?.get_mut(index)?
            }
            _ => return None,
        };
    }
    Some(here)
}

/// A file from a URI value (`{fsPath, path, external}` or a string).
fn uri_path(uri: &Value) -> Option<String> {
    let text = match uri {
        Value::String(text) => text.as_str(),
        other => first_str(other, &["fsPath", "path", "external"])?,
    };
    let text = text.strip_prefix("file://").unwrap_or(text);
    (!text.is_empty()).then(|| text.to_owned())
}

fn read_session(out: &mut Out<'_>, session: &Value) {
    if let Some(id) = str_at(session, "sessionId") {
        out.set_session_id(id);
    }
    let started = session.get("creationDate").and_then(value_ms);
    out.learn_session(None, started, None);
    let Some(requests) = session.get("requests").and_then(Value::as_array) else {
        return;
    };
    for (index, request) in requests.iter().enumerate() {
        read_request(out, request, index as u64);
    }
}

fn read_request(out: &mut Out<'_>, request: &Value, ordinal: u64) {
    let at_ms = request.get("timestamp").and_then(value_ms);
    let request_id = str_at(request, "requestId");
    if let Some(message) = request.get("message") {
        let text = str_at(message, "text").unwrap_or("");
        out.turn(Role::User, text, at_ms, ordinal, request_id, None);
    }
    let parts = request
        .get("response")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let mut markdown = Vec::new();
    let mut edited_files = Vec::new();
    for part in parts {
        match str_at(part, "kind") {
            None => {
                if let Some(text) = part.get("value").and_then(Value::as_str) {
                    markdown.push(text.to_owned());
                } else if let Some(text) = part.get("value").and_then(|v| str_at(v, "value")) {
                    markdown.push(text.to_owned());
                }
            }
            Some("markdownContent") => {
                if let Some(text) = part.get("content").and_then(|c| str_at(c, "value")) {
                    markdown.push(text.to_owned());
                }
            }
            Some("textEditGroup") => {
                if let Some(file) = part.get("uri").and_then(uri_path) {
                    edited_files.push(file);
                }
            }
            _ => {}
        }
    }
    let response_id = request_id.map(|id| format!("{id}:response"));
    out.turn(
        Role::Assistant,
        &markdown.concat(),
        at_ms,
        ordinal,
        response_id.as_deref(),
        None,
    );

    let mut named = Vec::new();
    let rounds = request
        .get("result")
        .and_then(|r| r.get("metadata"))
        .and_then(|m| m.get("toolCallRounds"))
        .and_then(Value::as_array);
    for call in rounds
        .into_iter()
        .flatten()
        .filter_map(|round| round.get("toolCalls")?.as_array())
        .flatten()
    {
        let (Some(name), Some(arguments)) = (str_at(call, "name"), call.get("arguments").and_then(object))
        else {
            continue;
        };
        for (file, kind, from, diff) in tool_files(name, &arguments) {
            let outcome = if edited_files
                .iter()
                .any(|f| out.absolute(f) == out.absolute(&file))
            {
                Outcome::Applied
            } else {
                Outcome::Unknown
            };
            named.push(out.absolute(&file));
            out.edit(
                Draft {
                    file: &file,
                    from: from.as_deref(),
                    kind,
                    tool: name,
                    call_id: str_at(call, "id"),
                    at_ms,
                    ordinal,
                    diff: diff.as_deref(),
                    subagent: None,
                },
                false,
                outcome,
            );
        }
    }
    for file in edited_files {
        if named.contains(&out.absolute(&file)) {
            continue;
        }
        named.push(out.absolute(&file));
        out.edit(
            Draft {
                file: &file,
                from: None,
                kind: EditKind::Modify,
                tool: "textEditGroup",
                call_id: request_id,
                at_ms,
                ordinal,
                diff: None,
                subagent: None,
            },
            false,
            Outcome::Applied,
        );
    }
}

type FileEdit = (String, EditKind, Option<String>, Option<String>);

/// The files a Copilot tool call writes, with what it does to each.
fn tool_files(name: &str, arguments: &Value) -> Vec<FileEdit> {
    let one = |kind, diff: Option<String>| {
        first_str(arguments, &["filePath", "path", "file_path"])
            .map(|file| vec![(file.to_owned(), kind, None, diff)])
            .unwrap_or_default()
    };
    match name {
        "create_file" | "copilot_createFile" => one(
            EditKind::Create,
            str_at(arguments, "content").map(crate::claude::added),
        ),
        "replace_string_in_file" | "copilot_replaceString" => one(
            EditKind::Modify,
            Some(crate::claude::replace_diff(
                str_at(arguments, "oldString").unwrap_or(""),
                str_at(arguments, "newString").unwrap_or(""),
            )),
        ),
        "insert_edit_into_file" | "copilot_insertEdit" => one(
            EditKind::Modify,
            str_at(arguments, "code").map(crate::claude::added),
        ),
        "multi_replace_string_in_file" | "copilot_multiReplaceString" => {
            let mut files: Vec<FileEdit> = Vec::new();
            for replacement in arguments
                .get("replacements")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let Some(file) = str_at(replacement, "filePath") else {
                    continue;
                };
                let diff = crate::claude::replace_diff(
                    str_at(replacement, "oldString").unwrap_or(""),
                    str_at(replacement, "newString").unwrap_or(""),
                );
                match files.iter_mut().find(|(f, ..)| f == file) {
                    Some((_, _, _, Some(all))) => all.push_str(&diff),
                    _ => files.push((file.to_owned(), EditKind::Modify, None, Some(diff))),
                }
            }
            files
        }
        "apply_patch" | "copilot_applyPatch" => patch_files(str_at(arguments, "input").unwrap_or("")),
        _ => Vec::new(),
    }
}

fn patch_files(input: &str) -> Vec<FileEdit> {
    patch::parse(input)
        .into_iter()
        .map(|op| match (op.kind, op.move_to) {
            (OpKind::Add, _) => (op.path, EditKind::Create, None, Some(op.body)),
            (OpKind::Delete, _) => (op.path, EditKind::Delete, None, None),
            (OpKind::Update, Some(to)) => (to, EditKind::Rename, Some(op.path), Some(op.body)),
            (OpKind::Update, None) => (op.path, EditKind::Modify, None, Some(op.body)),
        })
        .collect()
}

const CLI_KNOWN: &[&str] = &[
    "hook.start",
    "hook.end",
    "system.message",
    "assistant.turn_start",
    "assistant.turn_end",
    "assistant.reasoning",
    "assistant.message_delta",
    "session.usage_record",
    "session.shutdown",
    "session.info",
    "session.error",
    "session.model_change",
    "session.truncation",
    "session.compaction_start",
    "session.compaction_complete",
    "tool.execution_partial_result",
    "tool.user_requested",
    "abort",
];

/// One event of the Copilot CLI's `events.jsonl`.
pub(crate) fn cli_line(out: &mut Out<'_>, value: &Value, ordinal: u64) {
    let (Some(kind), Some(data)) = (str_at(value, "type"), value.get("data")) else {
        return out.bad();
    };
    let at_ms = value.get("timestamp").and_then(value_ms);
    match kind {
        "session.start" | "session.resume" => {
            if let Some(id) = str_at(data, "sessionId") {
                out.set_session_id(id);
            }
            let cwd = data.get("context").and_then(|c| str_at(c, "cwd"));
            let started = data.get("startTime").and_then(value_ms).or(at_ms);
            out.learn_session(cwd, started, str_at(data, "copilotVersion"));
        }
        "user.message" => {
            let text = content_text(data.get("content").unwrap_or(&Value::Null), &["text"]);
            out.turn(Role::User, &text, at_ms, ordinal, str_at(data, "messageId"), None);
        }
        "assistant.message" => {
            let text = content_text(data.get("content").unwrap_or(&Value::Null), &["text"]);
            out.turn(
                Role::Assistant,
                &text,
                at_ms,
                ordinal,
                str_at(data, "messageId"),
                None,
            );
            for request in data
                .get("toolRequests")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                cli_tool(out, request, "name", at_ms, ordinal);
            }
        }
        "tool.execution_start" => cli_tool(out, data, "toolName", at_ms, ordinal),
        "tool.execution_complete" => {
            if let Some(id) = str_at(data, "toolCallId") {
                let success = data.get("success").and_then(Value::as_bool) == Some(true);
                let outcome = if success {
                    Outcome::Applied
                } else {
                    Outcome::Failed
                };
                out.resolve(id, outcome, &|_| {});
            }
        }
        known if CLI_KNOWN.contains(&known) => {}
        other => out.unknown(other),
    }
}

fn cli_tool(out: &mut Out<'_>, request: &Value, name_key: &str, at_ms: Option<i64>, ordinal: u64) {
    let (Some(name), Some(call_id)) = (str_at(request, name_key), str_at(request, "toolCallId")) else {
        return;
    };
    if out.is_pending(call_id) {
        return;
    }
    let Some(arguments) = request.get("arguments").and_then(object) else {
        return;
    };
    let files: Vec<FileEdit> = match name {
        "edit" | "str_replace" | "str_replace_editor" => {
            let command = str_at(&arguments, "command");
            let kind = if command == Some("create") {
                EditKind::Create
            } else {
                EditKind::Modify
            };
            first_str(&arguments, &["path", "file_path"])
                .map(|file| {
                    let diff = match command {
                        Some("create") => str_at(&arguments, "file_text").map(crate::claude::added),
                        _ => Some(crate::claude::replace_diff(
                            str_at(&arguments, "old_str").unwrap_or(""),
                            first_str(&arguments, &["new_str", "insert_text"]).unwrap_or(""),
                        )),
                    };
                    vec![(file.to_owned(), kind, None, diff)]
                })
                .unwrap_or_default()
        }
        "create" | "write" => first_str(&arguments, &["path", "file_path"])
            .map(|file| {
                let diff = first_str(&arguments, &["file_text", "content"]).map(crate::claude::added);
                vec![(file.to_owned(), EditKind::Create, None, diff)]
            })
            .unwrap_or_default(),
        "delete" => first_str(&arguments, &["path", "file_path"])
            .map(|file| vec![(file.to_owned(), EditKind::Delete, None, None)])
            .unwrap_or_default(),
        "apply_patch" => patch_files(first_str(&arguments, &["input", "patch"]).unwrap_or("")),
        _ => Vec::new(),
    };
    for (file, kind, from, diff) in files {
        out.edit(
            Draft {
                file: &file,
                from: from.as_deref(),
                kind,
                tool: name,
                call_id: Some(call_id),
                at_ms,
                ordinal,
                diff: diff.as_deref(),
                subagent: None,
            },
            true,
            Outcome::Unknown,
        );
    }
}
