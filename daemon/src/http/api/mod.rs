//! The REST management API, `/api/v1` (Relay Cloud §10): projects, sessions, images, profiles, health and
//! metrics, the runner's events as SSE (`events.rs`), rate limits per token (`limit.rs`), and its OpenAPI 3 document at `/api/v1/openapi.json`, generated from these handlers and types.
//!
//! The router is the same on every listener that mounts it; the listener authenticates the request and puts
//! its [`crate::caller::Caller`] on it (the local guard: the daemon's token, an agent; the remote listener: a
//! remote token, by its scope). Handlers read it with [`extract::Authed`] and never from anything the request
//! says. Each handler is a thin adapter over the runner (`crate::runner`); errors are [`error::RestError`].

pub mod error;
pub mod events;
pub mod extract;
pub mod limit;
mod projects;
mod sessions;
mod system;
pub mod views;

use std::sync::{Arc, LazyLock};
use std::time::Instant;

use axum::Router;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};

use crate::handle::DaemonHandle;
pub use error::{Code, RestError};

/// The path of the OpenAPI document; public, like `/healthz`.
pub const OPENAPI_PATH: &str = "/api/v1/openapi.json";

/// The REST routes, for a listener to mount behind its authentication.
pub fn router(handle: &DaemonHandle) -> Router<DaemonHandle> {
    let limits = Arc::new(limit::Limits::default());
    Router::new()
        .route("/api/v1/projects", get(projects::list).post(projects::create))
        .route(
            "/api/v1/projects/{project_id}",
            get(projects::get).delete(projects::delete),
        )
        .route("/api/v1/projects/{project_id}/retry", post(projects::retry))
        .route(
            "/api/v1/projects/{project_id}/sessions",
            get(sessions::list_in_project).post(sessions::create),
        )
        .route("/api/v1/sessions", get(sessions::list))
        .route(
            "/api/v1/sessions/{session_id}",
            get(sessions::get).delete(sessions::delete),
        )
        .route("/api/v1/sessions/{session_id}/stop", post(sessions::stop))
        .route("/api/v1/sessions/{session_id}/resume", post(sessions::resume))
        .route("/api/v1/sessions/{session_id}/retry", post(sessions::retry))
        .route("/api/v1/images", get(system::images))
        .route("/api/v1/profiles", get(system::profiles))
        .route("/api/v1/health", get(system::health))
        .route("/api/v1/metrics", get(system::metrics))
        .route(events::EVENTS_PATH, get(events::events))
        .route_layer(axum::middleware::from_fn_with_state(handle.clone(), timed))
        .route_layer(axum::middleware::from_fn_with_state(
            (handle.clone(), Arc::clone(&limits)),
            limit::limit,
        ))
        .layer(axum::Extension(limits))
        .route(OPENAPI_PATH, get(openapi_json))
        .route("/api/{*rest}", axum::routing::any(unknown_route))
}

/// Any other path under `/api`: 404 in the REST API's form (on every listener that mounts it).
async fn unknown_route(method: http::Method, uri: http::Uri) -> RestError {
    RestError::new(
        Code::NotFound,
        format!(
            "no route for {method} {}; /api/v1/openapi.json lists the routes",
            uri.path()
        ),
    )
}

/// The remote listener's REST guard: a request from a web page (any `Origin`) is refused, since no web client
/// exists and CORS is off (§13). Its token check is the listener's own (`remote/auth.rs`).
pub async fn refuse_browsers(request: Request, next: Next) -> Response {
    if let Some(origin) = request.headers().get(http::header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("?").to_owned();
        tracing::warn!(origin = %origin, path = %request.uri().path(), "refused: a browser request on the remote listener");
        return RestError::new(
            Code::Forbidden,
            format!(
                "Origin {origin:?} is not allowed: relayd's remote listener serves no web pages (CORS is off)"
            ),
        )
        .into_response();
    }
    next.run(request).await
}

/// Records each answer's time for `relay_rest_request_duration_ms`.
async fn timed(State(handle): State<DaemonHandle>, request: Request, next: Next) -> Response {
    let began = Instant::now();
    let response = next.run(request).await;
    handle.runner().record_rest_request(began.elapsed());
    response
}

/// The OpenAPI document, made once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|err| err.to_string())
});

/// The OpenAPI 3 document of this API (public).
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "system", security(()),
    responses((status = 200, description = "This document", content_type = "application/json")))]
async fn openapi_json() -> Response {
    (
        [(http::header::CONTENT_TYPE, "application/json")],
        DOCUMENT.as_str(),
    )
        .into_response()
}

struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "relay REST API",
        description = "relayd's management API (Relay Cloud §10): projects cloned from git, sessions, images, profiles, health and metrics. Every route but /healthz and /api/v1/openapi.json needs `Authorization: Bearer <token>`; an agent's token reads, the owner's token also writes. Errors are {\"error\": {\"code\", \"message\"}}. Requests with unknown fields are refused (400); answers may grow fields, which clients ignore."
    ),
    paths(
        projects::create, projects::list, projects::get, projects::retry, projects::delete,
        sessions::create, sessions::list_in_project, sessions::list, sessions::get,
        sessions::stop, sessions::resume, sessions::retry, sessions::delete,
        system::images, system::profiles, system::health, system::metrics, events::events,
        openapi_json, super::healthz,
    ),
    modifiers(&BearerAuth),
    security(("bearer" = [])),
    tags(
        (name = "projects", description = "Projects cloned from a git URL"),
        (name = "sessions", description = "Sessions: a workspace with a program in a terminal"),
        (name = "system", description = "Images, profiles, health, metrics, this document"),
    )
)]
struct ApiDoc;

#[cfg(test)]
mod tests;
