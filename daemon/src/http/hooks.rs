//! `POST /hooks/claude-code`: Claude Code's http hooks (relaybay §4). The body is the hook's input JSON; the
//! answer is what the command hook `relay hook claude <phase>` would print — 200 with the JSON object when
//! there is something to tell the agent, else 204. A body over 256 KB is dropped with 204 (the agent goes on),
//! a body that is not a JSON object gets 400, and events relay does not handle are ignored with 204.
//!
//! `POST /hooks/claude-code/wait` is the wake-up hook's long wait ([`crate::board::hook_wake`]).
//!
//! Behind the guard like `/mcp`: Host allow-list, Origin check, Bearer token.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use relay_core::hook::{Agent, HOST_ATTENDED_KEY, HOST_SESSION_KEY, MAX_BODY, Phase};
use serde_json::Value;

use super::ApiError;
use crate::handle::DaemonHandle;
use crate::hooks::claude::wake::WAKE_WAIT;

/// The header an http hook sends the desktop app's session id in (`allowedEnvVars`).
pub const HOST_SESSION_HEADER: &str = "x-relay-host-session";
/// The header an http hook sends `CLAUDE_CODE_SESSION_ATTENDED` in.
pub const HOST_ATTENDED_HEADER: &str = "x-relay-host-attended";

/// `POST /hooks/claude-code/wait`: the wake-up hook. Holds the request up to 25 minutes; 200
/// `{"wake": "<lines>"}` when an owner comment wakes the session, else 204.
pub async fn claude_code_wait(State(handle): State<DaemonHandle>, body: Body) -> Response {
    let payload = match read_object(body).await {
        Ok(payload) => payload,
        Err(response) => return response,
    };
    let body = Value::Object(payload).to_string();
    match handle.wait_hook(body.as_bytes(), WAKE_WAIT).await {
        Some(lines) => (StatusCode::OK, axum::Json(serde_json::json!({ "wake": lines }))).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

/// The body as a JSON object: a body over the limit is dropped with 204, one that is not a JSON object is 400.
async fn read_object(body: Body) -> Result<serde_json::Map<String, Value>, Response> {
    let body = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(body) => body,
        Err(_) => {
            tracing::debug!("an http hook body over the limit (or unreadable) was dropped");
            return Err(StatusCode::NO_CONTENT.into_response());
        }
    };
    match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(payload)) => Ok(payload),
        Ok(_) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "the hook body must be a JSON object (the hook's input)",
        )
        .into_response()),
        Err(err) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the hook body is not JSON ({err}); send the hook's input JSON as the body"),
        )
        .into_response()),
    }
}

pub async fn claude_code(State(handle): State<DaemonHandle>, headers: HeaderMap, body: Body) -> Response {
    let mut payload = match read_object(body).await {
        Ok(payload) => payload,
        Err(response) => return response,
    };
    let event = payload.get("hook_event_name").and_then(Value::as_str);
    let Some(phase) = event.and_then(|name| Phase::from_event(Agent::Claude, name)) else {
        return StatusCode::NO_CONTENT.into_response();
    };
    for (header, key) in [
        (HOST_SESSION_HEADER, HOST_SESSION_KEY),
        (HOST_ATTENDED_HEADER, HOST_ATTENDED_KEY),
    ] {
        if let Some(value) = headers.get(header).and_then(|v| v.to_str().ok()) {
            payload.insert(key.to_owned(), Value::String(value.trim().to_owned()));
        }
    }
    let body = Value::Object(payload).to_string();
    let answer = handle.handle_hook(Agent::Claude, phase, body.as_bytes()).await;
    let stdout = answer.stdout.trim();
    if stdout.starts_with('{') {
        (
            StatusCode::OK,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            stdout.to_owned(),
        )
            .into_response()
    } else {
        StatusCode::NO_CONTENT.into_response()
    }
}
