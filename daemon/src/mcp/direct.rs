//! Direct dispatch of plain stateless requests (`tools/call`, `tools/list`, `ping`), past rmcp's per-request
//! service machinery.
//!
//! For every stateless POST rmcp builds a peer and a one-shot transport, spawns a serve loop and a handler
//! task, and passes the answer back over channels: as much work as a whole `task_get`. On rmcp's plain
//! stateless path (no per-request protocol negotiation, no standard-header checks) all of that ends in one
//! call of [`Service::handle_request`] with a context that carries the request's HTTP parts and `_meta`, and
//! a JSON body of its answer. This module makes that call itself and writes the same body: the version checks,
//! the tool dispatch and the shaping of the result for older protocol versions stay rmcp's (a test compares
//! both paths' answers).
//!
//! Only such requests come here ([`eligible`]); everything else — other methods, notifications, `Accept`
//! lists with parameters, a 2026-07-28 or unknown `MCP-Protocol-Version`, a `_meta` naming a protocol
//! version — still goes to rmcp. The HTTP guard has already checked Host, Origin and the token.
//!
//! The handler runs in its own task, as under rmcp: a client that disconnects does not cut a write short.
//! Tools do not talk back to the client mid-call (no progress or log notifications, no requests): the peer
//! handed to them is detached, and a message sent through it is refused and logged. A tool that needs to
//! talk back must be left to rmcp (see [`eligible`]).

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use rmcp::model::{
    ClientCapabilities, ClientJsonRpcMessage, ClientRequest, ErrorCode, Extensions, GetExtensions, GetMeta,
    Implementation, InitializeRequestParams, JsonRpcRequest, ProtocolVersion, RequestMetaObject,
    ServerJsonRpcMessage,
};
use rmcp::service::{RequestContext, RunningService, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::{ErrorData, Peer, RoleServer, Service};

use super::RelayMcp;

const JSON: &str = "application/json";
const EVENT_STREAM: &str = "text/event-stream";
const PROTOCOL_HEADER: &str = "mcp-protocol-version";

/// The direct path of one profile's server.
#[derive(Clone)]
pub(super) struct Direct {
    server: RelayMcp,
    /// One detached peer per protocol version this path serves.
    peers: Arc<Vec<VersionPeer>>,
}

/// The detached peer of one protocol version, made on first use (it needs the runtime); its peer info is what
/// rmcp makes up for a stateless request of that version.
struct VersionPeer {
    version: ProtocolVersion,
    running: OnceLock<RunningService<RoleServer, RelayMcp>>,
}

impl Direct {
    pub(super) fn new(server: RelayMcp) -> Direct {
        let peers = ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .filter(|version| is_plain_version(version.as_str()))
            .map(|version| VersionPeer {
                version: version.clone(),
                running: OnceLock::new(),
            })
            .collect();
        Direct {
            server,
            peers: Arc::new(peers),
        }
    }

    /// The peer for a request with this `MCP-Protocol-Version` (rmcp's default when there is none).
    fn peer(&self, headers: &HeaderMap) -> Option<Peer<RoleServer>> {
        let version = match headers.get(PROTOCOL_HEADER) {
            Some(value) => value.to_str().ok()?,
            None => ProtocolVersion::V_2025_03_26.as_str(),
        };
        let peer = self.peers.iter().find(|peer| peer.version.as_str() == version)?;
        let running = peer.running.get_or_init(|| {
            let info = InitializeRequestParams::new(ClientCapabilities::default(), Implementation::default())
                .with_protocol_version(peer.version.clone());
            rmcp::service::serve_directly(self.server.clone(), Detached, Some(info))
        });
        Some(running.peer().clone())
    }

    /// Answers a request that [`eligible`] accepted, as rmcp's stateless JSON path would: the same handler
    /// call ([`Service::handle_request`], which also shapes the result for the protocol version) and the
    /// same JSON body, without the serve loop, the one-shot transport and the channels between them.
    pub(super) async fn answer(&self, parts: Parts, message: ClientJsonRpcMessage) -> Response {
        let ClientJsonRpcMessage::Request(JsonRpcRequest { id, mut request, .. }) = message else {
            return internal_error("the direct MCP path got a message that is not a request");
        };
        let Some(peer) = self.peer(&parts.headers) else {
            return internal_error(
                "the direct MCP path got a request of a protocol version it does not serve",
            );
        };
        // What rmcp does with a request: the HTTP parts go into its extensions, then the serve loop moves the
        // meta and the extensions into the handler's context.
        request.extensions_mut().insert(parts);
        let mut meta = RequestMetaObject::new();
        std::mem::swap(&mut meta, request.get_meta_mut());
        let mut extensions = Extensions::new();
        std::mem::swap(&mut extensions, request.extensions_mut());
        let mut context = RequestContext::new(id.clone(), peer);
        context.meta = meta;
        context.extensions = extensions;
        let server = self.server.clone();
        // Its own task, as under rmcp: a client that goes away does not cut a write short.
        let handler = tokio::spawn(async move { server.handle_request(request, context).await });
        let message = match handler.await {
            Ok(Ok(result)) => ServerJsonRpcMessage::response(result, id),
            Ok(Err(error)) => {
                tracing::warn!(%id, ?error, "MCP request answered with a JSON-RPC error");
                ServerJsonRpcMessage::error(error, Some(id))
            }
            Err(join) => {
                tracing::error!(%id, error = %join, "MCP request handler failed");
                let error = ErrorData::new(ErrorCode::INTERNAL_ERROR, "the request handler failed", None);
                ServerJsonRpcMessage::error(error, Some(id))
            }
        };
        match serde_json::to_vec(&message) {
            Ok(body) => {
                let mut response = Response::new(Body::from(body));
                response
                    .headers_mut()
                    .insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
                response
            }
            Err(err) => internal_error(&format!("could not serialise the MCP answer: {err}")),
        }
    }
}

fn internal_error(message: &str) -> Response {
    tracing::error!("{message}");
    (StatusCode::INTERNAL_SERVER_ERROR, message.to_owned()).into_response()
}

/// Whether `message` is a request this path serves and rmcp would answer on its plain stateless path: one
/// handler call, a JSON body. Everything else goes to rmcp.
pub(super) fn eligible(headers: &HeaderMap, message: &ClientJsonRpcMessage) -> bool {
    let ClientJsonRpcMessage::Request(request) = message else {
        return false;
    };
    let served = matches!(
        request.request,
        ClientRequest::CallToolRequest(_)
            | ClientRequest::ListToolsRequest(_)
            | ClientRequest::PingRequest(_)
    );
    served
        && request.request.get_meta().protocol_version().is_none()
        && accepts_json_and_sse(headers)
        && content_type_is_json(headers)
        && protocol_header_is_plain(headers)
}

/// `Accept` names both `application/json` and `text/event-stream` in plain form. A list with parameters
/// (quality weights among them) goes to rmcp, which reads those.
fn accepts_json_and_sse(headers: &HeaderMap) -> bool {
    let mut json = false;
    let mut sse = false;
    for value in headers.get_all(header::ACCEPT) {
        let Ok(value) = value.to_str() else {
            return false;
        };
        for item in value.split(',') {
            let item = item.trim();
            if item.contains([';', '"']) {
                return false;
            }
            json |= item.eq_ignore_ascii_case(JSON);
            sse |= item.eq_ignore_ascii_case(EVENT_STREAM);
        }
    }
    json && sse
}

/// The first `Content-Type` is `application/json` (parameters allowed), as rmcp requires.
fn content_type_is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            let essence = value.split_once(';').map_or(value, |(essence, _)| essence);
            essence.trim().eq_ignore_ascii_case(JSON)
        })
}

/// No `MCP-Protocol-Version`, or one known version older than the standard headers (2026-07-28): versions
/// from there on bring per-request negotiation and header checks, which rmcp does.
fn protocol_header_is_plain(headers: &HeaderMap) -> bool {
    let mut values = headers.get_all(PROTOCOL_HEADER).iter();
    let Some(first) = values.next() else {
        return true;
    };
    let Ok(version) = first.to_str() else {
        return false;
    };
    values.next().is_none() && is_plain_version(version)
}

/// A known protocol version older than the standard headers (2026-07-28).
fn is_plain_version(version: &str) -> bool {
    version < ProtocolVersion::STANDARD_HEADERS.as_str()
        && ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .any(|known| known.as_str() == version)
}

/// The transport behind the direct path's peer: it never receives, and refuses (and logs) anything a tool
/// tries to send to the client, which the direct path has no stream for.
struct Detached;

impl Transport<RoleServer> for Detached {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        tracing::warn!(
            message = ?item,
            "a tool sent a message to the client during a direct MCP tools/call; dropped (route such tools through rmcp)"
        );
        std::future::ready(Err(std::io::Error::other(
            "the direct MCP path has no stream to the client",
        )))
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleServer>>> + Send {
        std::future::pending()
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        std::future::ready(Ok(()))
    }
}
