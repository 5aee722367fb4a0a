//! MCP from inside a docker session's container.
//!
//! A container reaches neither relayd's socket nor its loopback HTTP port. While a docker session's program
//! runs, relayd serves `/mcp` — and nothing else — on the host's address on the container's network (the bridge's
//! gateway, a port the system picks), and hands the session a token of its own:
//!
//! - the token is made when the program starts and forgotten when it ends (stop, exit, rm, relayd's restart);
//!   it is written only into the session's hook folder (`mcp-token`, `mcp.json` for `claude --mcp-config`, both
//!   0600, mounted read-only at `/run/relay`), never logged (a refused one is logged by its fingerprint);
//! - a request counts only with a session's token **and** from that session's container: the connection's peer
//!   address must be the container's address on its network (a process there runs as relayd's uid without
//!   privileges: it cannot send from another address), so a token read elsewhere is refused too;
//! - relayd's own token means nothing here, and every path but `/mcp` is 404: the REST API, the hooks and the
//!   board's stream are not served to containers;
//! - Host must be the gateway's address, and any `Origin` is refused (no browser calls this);
//! - with a network per session (`docker_network_mode = "per-session"`) each session's gateway is its own
//!   listener; with the shared network one listener serves every session's token, each from its container.
//!
//! The caller is an agent ([`crate::caller::Caller::mcp_token`]), as on `/mcp` with relayd's token.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use http::{StatusCode, header};
use sha2::Digest;

use crate::handle::DaemonHandle;
use crate::http::ApiError;

/// The token's file inside the container.
pub const TOKEN_FILE: &str = "/run/relay/mcp-token";
/// Claude Code's MCP configuration inside the container (`claude --mcp-config`).
pub const CONFIG_FILE: &str = "/run/relay/mcp.json";
/// The variable naming the MCP URL inside the terminal.
pub const URL_ENV: &str = "RELAY_MCP_URL";

type Key = [u8; 32];

/// Who a token is: the session and the address its container calls from.
#[derive(Clone, Debug)]
struct Grantee {
    session: String,
    peer: IpAddr,
}

type Grants = Arc<Mutex<HashMap<Key, Grantee>>>;

#[derive(Debug)]
struct Listener {
    port: u16,
    grants: Grants,
    task: tokio::task::JoinHandle<()>,
}

/// The listeners, by gateway address.
#[derive(Debug, Default)]
pub struct Gateways {
    listeners: Arc<Mutex<HashMap<IpAddr, Listener>>>,
}

/// One session's right to call MCP from its container; dropping it forgets the token (and closes the listener
/// when no session uses it any more).
pub struct Grant {
    listeners: Arc<Mutex<HashMap<IpAddr, Listener>>>,
    gateway: IpAddr,
    key: Key,
    /// `http://<gateway>:<port>/mcp`.
    pub url: String,
    token: String,
}

impl std::fmt::Debug for Grant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grant")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl Grant {
    /// The token (for the files relay writes into the session's hook folder; never for a log).
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl Drop for Grant {
    fn drop(&mut self) {
        let mut listeners = super::lock(&self.listeners);
        let empty = match listeners.get(&self.gateway) {
            Some(listener) => {
                let mut grants = super::lock(&listener.grants);
                grants.remove(&self.key);
                grants.is_empty()
            }
            None => false,
        };
        if empty && let Some(listener) = listeners.remove(&self.gateway) {
            listener.task.abort();
        }
    }
}

fn key_of(token: &str) -> Key {
    sha2::Sha256::digest(token.as_bytes()).into()
}

/// The address as a Host header names it (IPv6 in brackets).
fn host_name(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
    }
}

/// An IPv4 peer seen through an IPv6 socket is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl Gateways {
    /// A token for `session`, whose container calls from `peer`, on the listener at `gateway` (bound on first
    /// use). Fails when relayd cannot listen there (the engine's network is not on this machine: a remote
    /// engine, Docker Desktop's VM).
    pub fn grant(
        &self,
        handle: &DaemonHandle,
        session: &str,
        gateway: IpAddr,
        peer: IpAddr,
    ) -> Result<Grant, String> {
        let mut listeners = super::lock(&self.listeners);
        if listeners.get(&gateway).is_some_and(|l| l.task.is_finished()) {
            listeners.remove(&gateway);
        }
        let listener = match listeners.entry(gateway) {
            std::collections::hash_map::Entry::Occupied(open) => open.into_mut(),
            std::collections::hash_map::Entry::Vacant(none) => none.insert(bind(handle, gateway)?),
        };
        let token: String = rand::random::<[u8; 32]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let key = key_of(&token);
        super::lock(&listener.grants).insert(
            key,
            Grantee {
                session: session.to_owned(),
                peer: canonical(peer),
            },
        );
        Ok(Grant {
            listeners: Arc::clone(&self.listeners),
            gateway,
            key,
            url: format!("http://{}:{}/mcp", host_name(gateway), listener.port),
            token,
        })
    }

    /// The port of the listener at `gateway`, while one is open.
    pub fn port(&self, gateway: IpAddr) -> Option<u16> {
        super::lock(&self.listeners).get(&gateway).map(|l| l.port)
    }
}

#[derive(Clone)]
struct Guarded {
    gateway: IpAddr,
    grants: Grants,
}

fn bind(handle: &DaemonHandle, gateway: IpAddr) -> Result<Listener, String> {
    let std_listener = std::net::TcpListener::bind(SocketAddr::new(gateway, 0)).map_err(|err| {
        format!(
            "relayd cannot listen on {gateway}, the host's address on the container's network ({err}); MCP is reachable from containers of a Docker engine on this machine only"
        )
    })?;
    std_listener
        .set_nonblocking(true)
        .map_err(|err| format!("could not set up the MCP listener on {gateway}: {err}"))?;
    let port = std_listener
        .local_addr()
        .map_err(|err| format!("the MCP listener on {gateway} has no address: {err}"))?
        .port();
    let listener = tokio::net::TcpListener::from_std(std_listener)
        .map_err(|err| format!("could not set up the MCP listener on {gateway}: {err}"))?;
    let grants: Grants = Arc::default();
    let guarded = Guarded {
        gateway,
        grants: Arc::clone(&grants),
    };
    let hosts = [host_name(gateway)];
    let app = axum::Router::new()
        .route("/mcp", crate::mcp::route(handle, &hosts))
        .fallback(only_mcp)
        .layer(axum::middleware::from_fn_with_state(guarded, guard));
    let handle = handle.clone();
    let task = tokio::spawn(async move {
        // Without TCP_NODELAY a keep-alive client waits ~40 ms per request (Nagle + delayed ACK).
        let listener = listener.tap_io(|tcp| {
            if let Err(err) = tcp.set_nodelay(true) {
                tracing::debug!(error = %err, "could not set TCP_NODELAY");
            }
        });
        let served = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(async move { handle.shutdown_requested().await })
            .await;
        if let Err(err) = served {
            tracing::warn!(%gateway, error = %err, "the MCP listener for containers stopped");
        }
    });
    tracing::info!(%gateway, port, "serving MCP to docker sessions' containers");
    Ok(Listener { port, grants, task })
}

async fn only_mcp(uri: http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no route for {}: this address serves only /mcp, to docker sessions' agents; run other relay commands on the host",
            uri.path()
        ),
    )
}

async fn guard(State(guarded): State<Guarded>, mut request: Request, next: Next) -> Response {
    match admitted(&guarded, &request) {
        Ok(session) => {
            // The tools read which session calls from here (relay_report_decision attributes to it).
            request
                .extensions_mut()
                .insert(crate::caller::GrantedSession(session));
            next.run(request).await
        }
        Err(refused) => refused.into_response(),
    }
}

/// The session whose token a request to the containers' listener comes with, from that session's container; or
/// why it is refused.
fn admitted(guarded: &Guarded, request: &Request) -> Result<String, ApiError> {
    let path = request.uri().path().to_owned();
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let expected = host_name(guarded.gateway);
    let host_only = host.rsplit_once(':').map_or(host, |(h, port)| {
        if port.bytes().all(|b| b.is_ascii_digit()) {
            h
        } else {
            host
        }
    });
    if !host_only.eq_ignore_ascii_case(&expected) {
        tracing::warn!(%path, host = %host, "refused on the containers' MCP listener: Host not allowed");
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("Host {host:?} is not allowed here; call {expected} as the session's RELAY_MCP_URL says"),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        tracing::warn!(%path, origin = ?origin, "refused on the containers' MCP listener: an Origin");
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "a request with an Origin is not allowed to call relayd's MCP for containers",
        ));
    }
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| canonical(info.0.ip()));
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer ")))
        .map(str::trim);
    let Some(presented) = presented else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            format!(
                "this route needs the session's token: send Authorization: Bearer <the contents of {TOKEN_FILE}>"
            ),
        ));
    };
    let grantee = super::lock(&guarded.grants).get(&key_of(presented)).cloned();
    match grantee {
        Some(grantee) if Some(grantee.peer) == peer => Ok(grantee.session),
        Some(grantee) => {
            tracing::warn!(%path, session = %grantee.session, peer = ?peer, presented_token_id = %crate::token::fingerprint(presented), "refused on the containers' MCP listener: a session's token from another address");
            Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "this token belongs to another docker session's container; each session calls with its own token, from its own container",
            ))
        }
        None => {
            tracing::warn!(%path, peer = ?peer, presented_token_id = %crate::token::fingerprint(presented), "refused on the containers' MCP listener: not a session's token");
            Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!(
                    "this is not a running docker session's MCP token here: a session's token works only from its own container, at the address its RELAY_MCP_URL names; send the one in {TOKEN_FILE} (it changes each time the session's program starts)"
                ),
            ))
        }
    }
}

/// Claude Code's MCP configuration for the session: relay at `url` with the token, or no server when MCP is not
/// reachable from the container.
pub fn claude_config(grant: Option<&Grant>) -> String {
    let servers = match grant {
        Some(grant) => serde_json::json!({
            "relay": {
                "type": "http",
                "url": grant.url,
                "headers": {"Authorization": format!("Bearer {}", grant.token)},
            }
        }),
        None => serde_json::json!({}),
    };
    serde_json::json!({"mcpServers": servers}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peer_through_an_ipv6_socket_is_its_ipv4_address_and_hosts_bracket_ipv6() {
        let mapped: IpAddr = "::ffff:172.18.0.2".parse().unwrap();
        assert_eq!(canonical(mapped), "172.18.0.2".parse::<IpAddr>().unwrap());
        assert_eq!(host_name("fd00::1".parse().unwrap()), "[fd00::1]");
        assert_eq!(host_name("172.18.0.1".parse().unwrap()), "172.18.0.1");
    }

    #[test]
    fn the_claude_config_names_relay_with_the_token_or_no_server() {
        let none: serde_json::Value = serde_json::from_str(&claude_config(None)).unwrap();
        assert_eq!(none, serde_json::json!({"mcpServers": {}}));
    }

    /// One HTTP/1.0 request to `port` on loopback: the status line's code and the body.
    async fn call(port: u16, path: &str, token: &str, extra: &str, body: &str) -> (u16, String) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        let request = format!(
            "POST {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        let code = answer.split_whitespace().nth(1).unwrap_or("0").parse().unwrap();
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default();
        (code, body)
    }

    #[tokio::test]
    async fn a_decision_reported_with_a_session_s_token_is_that_session_s_and_its_agent_session_s() {
        let (dir, handle) = crate::testing::fixture_with(|_| {}).await;
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(&repo).unwrap();
        handle
            .board()
            .upsert_project(
                crate::board::ProjectInput {
                    slug: "shop".to_owned(),
                    name: Some("Shop".into()),
                    repo_path: Some(repo.display().to_string()),
                    ..crate::board::ProjectInput::default()
                },
                &crate::caller::Caller::socket_peer(),
            )
            .await
            .unwrap();
        // A runner session of the claude profile whose Claude Code session the hooks told.
        let store = handle.store();
        let mut write = store.begin_write().await.unwrap();
        let project = handle.board().project_row(&mut write, "shop").await.unwrap();
        let now = handle.now_ms();
        let workspace = repo.display().to_string();
        crate::store::runner::insert_project(&mut write, project.id, "local", &workspace, None, "ready", now)
            .await
            .unwrap();
        let board_session = crate::store::board::insert_session(&mut write, "run-shop-2", "named", None, now)
            .await
            .unwrap();
        crate::store::runner::insert_session(
            &mut write,
            board_session,
            project.id,
            false,
            "docker",
            Some("relay-dev:latest"),
            "claude",
            "work",
            &workspace,
            now,
        )
        .await
        .unwrap();
        crate::store::runner::set_agent_session(&mut write, board_session, "cc-agent-7", now)
            .await
            .unwrap();
        write.commit().await.unwrap();

        let gateways = Gateways::default();
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        let grant = gateways.grant(&handle, "run-shop-2", loopback, loopback).unwrap();
        let port = gateways.port(loopback).unwrap();
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"relay_report_decision","arguments":{"project":"shop","decision":"carts expire after a day","files":["src/cart.ts"]}}}"#;
        let (code, answer) = call(port, "/mcp?profile=full", grant.token(), "", body).await;
        assert_eq!(code, 200, "{answer}");
        assert!(
            answer.contains("as session run-shop-2's (its container's token)"),
            "{answer}"
        );
        let mut conn = store.read().await.unwrap();
        let (decision_session, key): (Option<i64>, Option<String>) = sqlx::query_as(
            "SELECT d.session_id, f.session_key FROM decision d JOIN ledger_decision_file f ON f.decision_id = d.id",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap();
        assert_eq!(decision_session, Some(board_session));
        assert_eq!(
            key.as_deref(),
            Some(crate::store::ledger::session_key("claude", "cc-agent-7").as_str())
        );
    }

    #[tokio::test]
    async fn only_a_running_session_s_token_from_its_container_s_address_reaches_mcp() {
        let (_dir, handle) = crate::testing::fixture_with(|_| {}).await;
        let gateways = Gateways::default();
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        // Session a's container calls from loopback here; session b's from an address this test never uses.
        let a = gateways.grant(&handle, "run-a-2", loopback, loopback).unwrap();
        let b = gateways
            .grant(&handle, "run-a-3", loopback, "10.9.9.9".parse().unwrap())
            .unwrap();
        let port = gateways.port(loopback).unwrap();
        assert_eq!(a.url, format!("http://127.0.0.1:{port}/mcp"));
        let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;

        let (code, body) = call(port, "/mcp", a.token(), "", list).await;
        assert_eq!(code, 200, "{body}");
        assert!(body.contains("task_list"), "{body}");
        // b's token from a's address: refused, whoever holds it.
        let (code, body) = call(port, "/mcp", b.token(), "", list).await;
        assert_eq!(code, 401, "{body}");
        assert!(body.contains("another docker session's container"), "{body}");
        // relayd's own token is nothing here, and nothing but /mcp is served.
        let (code, body) = call(port, "/mcp", handle.token().expose(), "", list).await;
        assert_eq!(code, 401, "{body}");
        assert!(
            body.contains("not a running docker session's MCP token"),
            "{body}"
        );
        let (code, body) = call(port, "/api/v1/status", a.token(), "", "").await;
        assert_eq!(code, 404, "{body}");
        assert!(body.contains("serves only /mcp"), "{body}");
        let (code, _) = call(port, "/mcp", a.token(), "Origin: http://evil.example\r\n", list).await;
        assert_eq!(code, 403);

        // A's program ended: its token is forgotten; the listener stays for b, and goes with the last one.
        let token = a.token().to_owned();
        drop(a);
        let (code, _) = call(port, "/mcp", &token, "", list).await;
        assert_eq!(code, 401);
        drop(b);
        assert_eq!(gateways.port(loopback), None);
    }
}
