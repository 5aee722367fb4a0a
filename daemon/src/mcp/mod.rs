//! The MCP adapter: streamable HTTP at `/mcp` (rmcp), behind the HTTP guard (Host, Origin, Bearer token).
//!
//! - **Stateless.** rmcp serves every request on its own (no `Mcp-Session-Id`), answering with
//!   `application/json`. A client therefore survives a relayd restart: its next call simply succeeds. Clients
//!   of the 2026-07-28 protocol are stateless anyway; older ones (Claude Code today) accept a server that hands
//!   out no session.
//! - **Profiles.** `?profile=core|full` or the `X-Relay-Profile` header chooses which tools a connection lists
//!   ([`profile`]); `full` is the default, an unknown profile is a 400.
//! - **Refused before rmcp.** A POST body that is not one JSON-RPC 2.0 message gets a JSON-RPC error (parse
//!   error, invalid request, invalid params) with HTTP 400 instead of rmcp's plain-text 415.
//! - rmcp's own Host and Origin checks are on, with the guard's host list, as a second line (on rmcp's path;
//!   the direct path below relies on the guard, which runs on every request).
//! - **Direct dispatch.** A plain stateless `tools/call`, `tools/list` or `ping` (no 2026-07-28 negotiation)
//!   skips rmcp's per-request serve loop: relayd calls the same rmcp handler itself and writes the same JSON
//!   body (`direct.rs`); everything else, and every refusal of rmcp's, stays rmcp's.
//!
//! Tools live in `tools.rs`, their parameters in `params.rs`, resources in `resources.rs`, the server
//! instructions in `instructions.rs`. The board ([`crate::board`]) holds every rule.

mod arguments;
mod budget;
mod direct;
mod error;
mod instructions;
mod params;
mod profile;
mod resources;
mod server;
mod tools;
mod tools_attach;
mod tools_env;
mod tools_graph;
mod tools_plan;
mod tools_review;

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, any};
use http::{Method, StatusCode};
use rmcp::model::{
    CallToolRequestParams, ClientJsonRpcMessage, ClientRequest, InitializeRequestParams,
    ReadResourceRequestParams,
};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::Value;

pub use profile::Profile;
pub use server::RelayMcp;

use crate::handle::DaemonHandle;
use crate::http::ApiError;
use error::{INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, jsonrpc_error};

/// The largest request body `/mcp` reads for everything but a screenshot (a report is at most 50 000 characters).
pub const MAX_REQUEST_BYTES: usize = 1 << 20;

/// The largest request body `/mcp` reads: [`MAX_REQUEST_BYTES`], or more when attach_file's content_base64 needs
/// it — a screenshot of `attachments_max_mb`, base64-encoded (4 characters per 3 bytes), plus the rest of the call.
pub fn max_request_bytes(config: &relay_core::config::Config) -> usize {
    let (per_file, _) = crate::board::attachment_limits(config);
    let encoded = usize::try_from(per_file.div_ceil(3).saturating_mul(4)).unwrap_or(usize::MAX);
    encoded.saturating_add(MAX_REQUEST_BYTES)
}

type Service = StreamableHttpService<RelayMcp, NeverSessionManager>;

/// One rmcp service per profile, and beside each the direct path of plain stateless requests.
#[derive(Clone)]
struct Services {
    /// In the order of [`Profile::ALL`].
    profiles: Vec<(Profile, Service, direct::Direct)>,
    /// [`max_request_bytes`] of the daemon's configuration.
    max_body: usize,
}

/// The `/mcp` route. Mount it with `.route("/mcp", mcp::route(&handle, policy.hosts()))` before the guard layer
/// is added, so the guard runs first; `hosts` are the names the guard allows, and rmcp checks Host and Origin
/// against the same list.
pub fn route<S: Clone + Send + Sync + 'static>(handle: &DaemonHandle, hosts: &[String]) -> MethodRouter<S> {
    let max_body = max_request_bytes(handle.config());
    let origins: Vec<String> = hosts
        .iter()
        .flat_map(|host| [format!("http://{host}:*"), format!("https://{host}:*")])
        .collect();
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_allowed_hosts(hosts.iter().cloned())
        .with_allowed_origins(origins)
        .enforce_origin_validation()
        .with_max_request_body_bytes(max_body);
    let service = |server: &RelayMcp| {
        let server = server.clone();
        StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::new(NeverSessionManager::default()),
            config.clone(),
        )
    };
    let profiles = Profile::ALL
        .iter()
        .map(|&profile| {
            let server = RelayMcp::new(handle.clone(), profile);
            (profile, service(&server), direct::Direct::new(server))
        })
        .collect();
    let services = Services { profiles, max_body };
    // Behind an Arc: axum clones the state for every request, and a service's clone copies its host lists.
    any(serve).with_state(Arc::new(services))
}

async fn serve(State(services): State<Arc<Services>>, request: Request) -> Response {
    let profile = match Profile::of_request(request.uri().query(), request.headers()) {
        Ok(profile) => profile,
        Err(message) => return ApiError::new(StatusCode::BAD_REQUEST, message).into_response(),
    };
    let Some((_, service, direct)) = services.profiles.iter().find(|(p, _, _)| *p == profile) else {
        return ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("relayd built no MCP service for the {} profile", profile.as_str()),
        )
        .into_response();
    };
    let request = if request.method() == Method::POST {
        let (parts, bytes, message) = match checked(request, services.max_body).await {
            Ok(checked) => checked,
            Err(refused) => return refused,
        };
        if direct::eligible(&parts.headers, &message) {
            return direct.answer(parts, message).await;
        }
        Request::from_parts(parts, Body::from(bytes))
    } else {
        request
    };
    service.handle(request).await.map(Body::new)
}

/// Reads a POST body (at most `max_body` bytes) and refuses it unless it is one JSON-RPC message rmcp can take;
/// the request's parts, the body and the message it holds.
async fn checked(
    request: Request,
    max_body: usize,
) -> Result<(http::request::Parts, axum::body::Bytes, ClientJsonRpcMessage), Response> {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, max_body).await.map_err(|_| {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the MCP request body is unreadable or over {max_body} bytes; send less per call"),
        )
        .into_response()
    })?;
    match check_message(&bytes) {
        Ok(message) => Ok((parts, bytes, message)),
        Err(refusal) => Err(jsonrpc_error(
            StatusCode::BAD_REQUEST,
            refusal.id,
            refusal.code,
            refusal.message,
        )),
    }
}

/// Why a body is not one JSON-RPC 2.0 message: the JSON-RPC error to answer with.
#[derive(Debug, PartialEq)]
struct Refusal {
    id: Value,
    code: i64,
    message: String,
}

impl Refusal {
    fn new(id: Value, code: i64, message: String) -> Refusal {
        Refusal { id, code, message }
    }
}

/// Checks that a body is one JSON-RPC 2.0 message whose params rmcp can read, and returns it.
fn check_message(bytes: &[u8]) -> Result<ClientJsonRpcMessage, Refusal> {
    let value: Value = serde_json::from_slice(bytes).map_err(|err| {
        let message = format!(
            "Parse error: the body is not JSON ({err}); send one JSON-RPC 2.0 message as a JSON object"
        );
        Refusal::new(Value::Null, PARSE_ERROR, message)
    })?;
    let Value::Object(object) = &value else {
        let what = if value.is_array() {
            "JSON-RPC batches are not supported; send one message per POST"
        } else {
            "a JSON-RPC message is a JSON object"
        };
        return Err(Refusal::new(
            Value::Null,
            INVALID_REQUEST,
            format!("Invalid Request: {what}"),
        ));
    };
    let id = object.get("id").cloned().unwrap_or(Value::Null);
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(Refusal::new(
            id,
            INVALID_REQUEST,
            "Invalid Request: \"jsonrpc\" must be \"2.0\"".to_owned(),
        ));
    }
    let method = object
        .get("method")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let invalid_params = |id: Value, err: serde_json::Error| {
        Refusal::new(id, INVALID_PARAMS, format!("Invalid params for {method}: {err}"))
    };
    let params = object.get("params").cloned();
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Err(err) if !method.is_empty() && !id.is_null() => Err(invalid_params(id, err)),
        Err(err) => Err(Refusal::new(
            id,
            INVALID_REQUEST,
            format!("Invalid Request: {err}"),
        )),
        // rmcp reads a known method with params it cannot take as a custom request; say what is wrong instead.
        Ok(ClientJsonRpcMessage::Request(request))
            if matches!(request.request, ClientRequest::CustomRequest(_)) =>
        {
            known_params(&method, params.as_ref())
                .map_err(|err| invalid_params(id, err))
                .map(|()| ClientJsonRpcMessage::Request(request))
        }
        Ok(message) => Ok(message),
    }
}

/// Checks the params of the standard methods whose params are required.
fn known_params(method: &str, params: Option<&Value>) -> Result<(), serde_json::Error> {
    let params = params.cloned().unwrap_or(Value::Null);
    match method {
        "tools/call" => serde_json::from_value::<CallToolRequestParams>(params).map(drop),
        "resources/read" => serde_json::from_value::<ReadResourceRequestParams>(params).map(drop),
        "initialize" => serde_json::from_value::<InitializeRequestParams>(params).map(drop),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_paging;
