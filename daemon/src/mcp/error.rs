//! How the MCP adapter fails, in one place.
//!
//! - A domain failure (unknown project or task, a refused value, a version conflict, a rule refusal) is a tool
//!   error: an `isError` result whose text is the board's message, which already says what to do. Writes add
//!   "Nothing changed." when the message does not say it yet.
//! - Arguments that do not fit a tool's schema (an unknown parameter, a wrong type) are tool errors too, so the
//!   model reads them and calls again.
//! - Protocol problems (a body that is not JSON-RPC, an unknown tool or resource) are JSON-RPC errors.
//! - A store failure is logged with its cause; the model reads only that relayd failed and nothing changed.

use axum::response::{IntoResponse, Response};
use http::StatusCode;
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{Value, json};

use crate::board::BoardError;

/// JSON-RPC 2.0: the body is not JSON.
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC 2.0: JSON, but not a request object.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC 2.0: a known method with params it cannot take.
pub const INVALID_PARAMS: i64 = -32602;

/// Whether the failed call could have changed something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// The tool error for a board failure.
pub fn failed(err: BoardError, access: Access) -> CallToolResult {
    if !err.is_caller_error() {
        tracing::error!(error = %err, "store failure while answering an MCP tool call");
        let text = match access {
            Access::Read => "relayd could not read its store; see its log (relay daemon logs) and try again.",
            Access::Write => {
                "relayd could not write its store; nothing changed. See its log (relay daemon logs) and try again."
            }
        };
        return tool_error(text.to_owned());
    }
    let mut message = err.to_string();
    if let BoardError::UnknownTask { key } = &err
        && let Some((project, _)) = key.rsplit_once('-')
    {
        message.push_str(&format!("; task_list(project=\"{project}\") lists its tasks"));
    }
    match access {
        Access::Write => tool_error(nothing_changed(message)),
        Access::Read => tool_error(message),
    }
}

/// The tool error for arguments that do not fit the tool's schema.
pub fn bad_arguments(tool: &str, problem: &str) -> CallToolResult {
    tool_error(format!(
        "Invalid arguments for {tool}: {problem}. Check the tool's parameters and call it again. Nothing changed."
    ))
}

pub fn tool_error(text: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

/// `message` ending with "Nothing changed." (once).
fn nothing_changed(message: String) -> String {
    if message.to_ascii_lowercase().contains("nothing changed") {
        return message;
    }
    let message = message.trim_end();
    if message.ends_with('.') {
        format!("{message} Nothing changed.")
    } else {
        format!("{message}. Nothing changed.")
    }
}

/// A JSON-RPC error answer on HTTP, for bodies refused before they reach the MCP service.
pub fn jsonrpc_error(status: StatusCode, id: Value, code: i64, message: String) -> Response {
    let body = json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } });
    (status, axum::Json(body)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_changed_is_added_once_when_a_write_fails() {
        assert_eq!(
            nothing_changed("bad value".to_owned()),
            "bad value. Nothing changed."
        );
        assert_eq!(
            nothing_changed("Bad value.".to_owned()),
            "Bad value. Nothing changed."
        );
        assert_eq!(
            nothing_changed("x. Nothing changed.".to_owned()),
            "x. Nothing changed."
        );
        assert_eq!(
            nothing_changed("x; nothing changed.".to_owned()),
            "x; nothing changed."
        );
    }
}
