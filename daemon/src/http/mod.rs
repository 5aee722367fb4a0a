//! The HTTP adapter on `127.0.0.1:8765`: `/healthz` (public), `/api/v1/*`, the board's `/events` stream, `/mcp`
//! and `/hooks/claude-code` (Bearer token), every request behind the Host allow-list and the Origin check (see
//! [`guard`]). The HTML board will mount here.

pub mod api;
mod error;
mod guard;
pub mod hooks;

use axum::extract::State;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::{Json, Router};
use serde_json::json;
use tokio::net::TcpListener;

use crate::handle::{DaemonHandle, StatusReport};
pub use error::ApiError;
pub use guard::HostPolicy;

/// The whole HTTP surface, with the guard in front of every route.
pub fn router(handle: DaemonHandle) -> Router {
    let policy = HostPolicy::new(handle.config(), handle.http_addr());
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/v1/status", get(status))
        .route("/events", get(api::events::board_events))
        .merge(api::router(&handle))
        .route("/mcp", crate::mcp::route(&handle, policy.hosts()))
        .route("/hooks/claude-code", axum::routing::post(hooks::claude_code))
        .route(
            "/hooks/claude-code/wait",
            axum::routing::post(hooks::claude_code_wait),
        )
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            (handle.clone(), policy),
            guard::guard,
        ))
        .with_state(handle)
}

/// Serves until shutdown is requested, then stops accepting and lets in-flight requests finish.
pub async fn serve(handle: DaemonHandle, listener: TcpListener) -> std::io::Result<()> {
    let app = router(handle.clone());
    // Without TCP_NODELAY a keep-alive client waits ~40 ms per request (Nagle + delayed ACK).
    let listener = listener.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::debug!(error = %err, "could not set TCP_NODELAY");
        }
    });
    axum::serve(listener, app)
        .with_graceful_shutdown(async move { handle.shutdown_requested().await })
        .await
}

/// Public liveness: status, version, the token's fingerprint (never the token) and the hash of the global
/// working rules the daemon runs with.
#[utoipa::path(get, path = "/healthz", tag = "system", security(()),
    responses((status = 200, description = "relayd answers: {\"status\": \"ok\", …}", body = Object)))]
pub(crate) async fn healthz(State(handle): State<DaemonHandle>) -> Json<serde_json::Value> {
    let config = handle.config();
    let rules = relay_core::rules::effective(&config.rules, None, config.rules_mode);
    Json(json!({
        "status": "ok",
        "version": relay_core::VERSION,
        "token_id": handle.token().id(),
        "rules_hash": rules.hash(),
    }))
}

async fn status(State(handle): State<DaemonHandle>) -> Json<StatusReport> {
    Json(handle.status())
}

async fn not_found(method: http::Method, uri: http::Uri) -> ApiError {
    ApiError::new(
        http::StatusCode::NOT_FOUND,
        format!("no route for {method} {}", uri.path()),
    )
}

#[cfg(test)]
mod tests;
