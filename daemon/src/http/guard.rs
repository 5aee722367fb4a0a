//! The checks every HTTP request passes, in order (relaybay spec §9):
//! 1. Host allow-list (DNS rebinding): 127.0.0.1, localhost, [::1], the bound host and `allowed_hosts`.
//! 2. Origin: a foreign Origin is refused on every non-GET request and on every request to /mcp, /api and
//!    /hooks.
//! 3. Token: `Authorization: Bearer` on everything but the public paths, compared in constant time. A refused
//!    token is logged by its fingerprint only. An accepted one puts [`Caller::http_token`] (an agent) on the
//!    request for the REST API.

use std::net::SocketAddr;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{Method, StatusCode, header};
use relay_core::config::Config;

use super::ApiError;
use crate::caller::Caller;
use crate::handle::DaemonHandle;
use crate::token;

/// Paths anyone may read (the Host and Origin checks still apply).
const PUBLIC_PATHS: &[&str] = &["/healthz", super::api::OPENAPI_PATH];
/// Under this prefix refusals take the REST API's form, `{"error": {"code", "message"}}`.
const REST_PREFIX: &str = "/api";
/// Prefixes where even a GET with a foreign Origin is refused.
const ORIGIN_CHECKED_PREFIXES: &[&str] = &["/mcp", "/api", "/hooks"];

/// The host names this daemon answers to.
#[derive(Clone, Debug)]
pub struct HostPolicy {
    allowed: Vec<String>,
}

impl HostPolicy {
    pub fn new(config: &Config, bound: SocketAddr) -> HostPolicy {
        let mut allowed: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let bound = match bound.ip() {
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            std::net::IpAddr::V4(ip) => ip.to_string(),
        };
        allowed.push(bound);
        allowed.extend(config.allowed_hosts.iter().cloned());
        allowed.sort();
        allowed.dedup();
        HostPolicy { allowed }
    }

    /// The allowed host names (IPv6 in brackets), for a layer that checks Host and Origin itself (rmcp).
    pub fn hosts(&self) -> &[String] {
        &self.allowed
    }

    /// Whether `authority` (`host[:port]`) names this daemon.
    pub fn allows(&self, authority: &str) -> bool {
        let host = host_of(authority).to_ascii_lowercase();
        self.allowed.contains(&host)
    }

    /// Whether an `Origin` header value is one of ours. `null` and non-http(s) origins are foreign.
    pub fn allows_origin(&self, origin: &str) -> bool {
        let Some((scheme, rest)) = origin.split_once("://") else {
            return false;
        };
        matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https")
            && !rest.contains('/')
            && self.allows(rest)
    }
}

/// The host part of `host[:port]`, keeping IPv6 brackets.
fn host_of(authority: &str) -> &str {
    let authority = authority.trim();
    if authority.starts_with('[') {
        return authority.find(']').map_or(authority, |end| &authority[..=end]);
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => authority,
    }
}

/// A refusal in the form of the path's API: the REST API's coded errors under `/api`, else `{"error": "…"}`.
fn refuse(path: &str, status: StatusCode, message: impl Into<String>) -> Response {
    if under(path, REST_PREFIX) {
        let code = match status {
            StatusCode::UNAUTHORIZED => super::api::Code::Unauthorized,
            _ => super::api::Code::Forbidden,
        };
        super::api::RestError::new(code, message).into_response()
    } else {
        ApiError::new(status, message).into_response()
    }
}

/// How much of a refused request's body is read before the refusal goes out, and for how long. Reading it lets
/// the connection stay open for the client's next request: a socket closed with unread bytes is reset, and the
/// client may lose the refusal itself (seen in CI as a ReadError in place of the 401).
const REFUSED_BODY_DRAIN_BYTES: usize = 64 * 1024;
const REFUSED_BODY_DRAIN: std::time::Duration = std::time::Duration::from_secs(1);

pub(super) async fn guard(
    State((handle, policy)): State<(DaemonHandle, HostPolicy)>,
    mut request: Request,
    next: Next,
) -> Response {
    match refusal(&handle, &policy, &request) {
        None => {
            // The daemon's token is the one agents are given: a REST request made with it is an agent's.
            if !PUBLIC_PATHS.contains(&request.uri().path()) {
                request.extensions_mut().insert(Caller::http_token());
            }
            next.run(request).await
        }
        Some(refused) => {
            let drain = axum::body::to_bytes(request.into_body(), REFUSED_BODY_DRAIN_BYTES);
            // A body too large or too slow is left unread: the connection then closes, which is what it deserves.
            let _ = tokio::time::timeout(REFUSED_BODY_DRAIN, drain).await;
            refused
        }
    }
}

/// The refusal for a request that fails a check, or None when it may go on.
fn refusal(handle: &DaemonHandle, policy: &HostPolicy, request: &Request) -> Option<Response> {
    let path = request.uri().path().to_owned();
    let method = request.method().clone();
    let headers = request.headers();

    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(|a| a.to_string()));
    match host {
        Some(host) if policy.allows(&host) => {}
        Some(host) => {
            tracing::warn!(%method, %path, host = %host, "refused: Host not allowed");
            return Some(refuse(
                &path,
                StatusCode::FORBIDDEN,
                format!(
                    "Host {host:?} is not allowed; relayd answers to 127.0.0.1, localhost and [::1] — add other names to allowed_hosts in config.toml"
                ),
            ));
        }
        None => {
            return Some(refuse(
                &path,
                StatusCode::FORBIDDEN,
                "the request has no Host header",
            ));
        }
    }

    let checked_prefix = ORIGIN_CHECKED_PREFIXES.iter().any(|prefix| under(&path, prefix));
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let needs_check = checked_prefix || !matches!(method, Method::GET | Method::HEAD);
        if needs_check && !policy.allows_origin(origin) {
            tracing::warn!(%method, %path, origin = %origin, "refused: foreign Origin");
            return Some(refuse(
                &path,
                StatusCode::FORBIDDEN,
                format!("Origin {origin:?} is not allowed to call relayd"),
            ));
        }
    }

    if !PUBLIC_PATHS.contains(&path.as_str()) {
        let presented = headers
            .get(header::AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer ")))
            .map(str::trim);
        match presented {
            Some(presented) if handle.token().matches(presented) => {}
            Some(presented) => {
                tracing::warn!(%method, %path, presented_token_id = %token::fingerprint(presented), "refused: wrong token");
                return Some(refuse(
                    &path,
                    StatusCode::UNAUTHORIZED,
                    "wrong token; send the one `relay token` prints as Authorization: Bearer <token>",
                ));
            }
            None => {
                tracing::debug!(%method, %path, "refused: no token");
                return Some(refuse(
                    &path,
                    StatusCode::UNAUTHORIZED,
                    "this route needs the token: send Authorization: Bearer <token> (relay token prints it)",
                ));
            }
        }
    }
    None
}

fn under(path: &str, prefix: &str) -> bool {
    path == prefix
        || path
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with('/'))
}
