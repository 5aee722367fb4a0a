//! `/api/v1/sessions` and a project's sessions: each handler checks the caller, calls one runner function and
//! converts back.

use axum::Json;
use axum::extract::{Path, State};
use http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;

use super::error::{ErrorBody, RestError};
use super::extract::{Authed, StrictJson, StrictQuery};
use super::views::{CreateSession, Page, Session, SessionList, paged};
use crate::handle::DaemonHandle;
use crate::runner::NewSession;

/// `DELETE /api/v1/sessions/{session_id}`'s query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RemoveParams {
    /// Remove the workspace even with changes not committed (they are saved as a snapshot first).
    pub force: Option<bool>,
}

/// Starts a session in a project (answered `starting` or `running`; `session_state_changed` events follow).
#[utoipa::path(operation_id = "create_session", post, path = "/api/v1/projects/{project_id}/sessions", tag = "sessions",
    params(("project_id" = String, Path, description = "The project's id")), request_body = CreateSession,
    responses(
        (status = 201, description = "The session", body = Session),
        (status = 400, description = "An unknown profile or field, a bad branch", body = ErrorBody),
        (status = 403, description = "An agent's token, or an image outside docker_allowed_images", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A session limit, or the branch has a session", body = ErrorBody),
        (status = 507, body = ErrorBody),
    ))]
pub async fn create(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(project_id): Path<String>,
    StrictJson(body): StrictJson<CreateSession>,
) -> Result<(StatusCode, Json<Session>), RestError> {
    let caller = authed.owner("creating a session")?;
    let given = |text: Option<String>| text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    let image = given(body.docker_image);
    let input = NewSession {
        project: Some(project_id.trim().to_owned()),
        branch: given(body.branch),
        profile: given(body.profile),
        backend: image.as_ref().map(|_| "docker".to_owned()),
        image,
        task: None,
    };
    let row = handle.runner().create(input, &caller).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// A project's sessions (not deleted), oldest first.
#[utoipa::path(operation_id = "list_project_sessions", get, path = "/api/v1/projects/{project_id}/sessions", tag = "sessions",
    params(("project_id" = String, Path, description = "The project's id"), Page),
    responses((status = 200, body = SessionList), (status = 404, body = ErrorBody)))]
pub async fn list_in_project(
    State(handle): State<DaemonHandle>,
    _authed: Authed,
    Path(project_id): Path<String>,
    StrictQuery(page): StrictQuery<Page>,
) -> Result<Json<SessionList>, RestError> {
    let rows = handle.runner().list(Some(project_id.trim()), false).await?;
    let (rows, total) = paged(rows, &page)?;
    Ok(Json(SessionList {
        sessions: rows.into_iter().map(Session::from).collect(),
        total,
    }))
}

/// Every session (not deleted), oldest first.
#[utoipa::path(operation_id = "list_sessions", get, path = "/api/v1/sessions", tag = "sessions", params(Page),
    responses((status = 200, body = SessionList), (status = 400, body = ErrorBody)))]
pub async fn list(
    State(handle): State<DaemonHandle>,
    _authed: Authed,
    StrictQuery(page): StrictQuery<Page>,
) -> Result<Json<SessionList>, RestError> {
    let rows = handle.runner().list(None, false).await?;
    let (rows, total) = paged(rows, &page)?;
    Ok(Json(SessionList {
        sessions: rows.into_iter().map(Session::from).collect(),
        total,
    }))
}

#[utoipa::path(operation_id = "get_session", get, path = "/api/v1/sessions/{session_id}", tag = "sessions",
    params(("session_id" = String, Path, description = "The session's id")),
    responses((status = 200, body = Session), (status = 404, body = ErrorBody)))]
pub async fn get(
    State(handle): State<DaemonHandle>,
    _authed: Authed,
    Path(session_id): Path<String>,
) -> Result<Json<Session>, RestError> {
    Ok(Json(handle.runner().get(&session_id).await?.into()))
}

/// Stops the session's process; the workspace (and container) stay, resume starts it again.
#[utoipa::path(operation_id = "stop_session", post, path = "/api/v1/sessions/{session_id}/stop", tag = "sessions",
    params(("session_id" = String, Path, description = "The session's id")),
    responses((status = 200, body = Session), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Its state does not allow it", body = ErrorBody)))]
pub async fn stop(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(session_id): Path<String>,
) -> Result<Json<Session>, RestError> {
    authed.owner("stopping a session")?;
    Ok(Json(handle.runner().stop(&session_id).await?.into()))
}

/// Starts a stopped session again in its workspace (a Claude Code session continues its conversation).
#[utoipa::path(operation_id = "resume_session", post, path = "/api/v1/sessions/{session_id}/resume", tag = "sessions",
    params(("session_id" = String, Path, description = "The session's id")),
    responses((status = 200, body = Session), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Not stopped", body = ErrorBody)))]
pub async fn resume(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(session_id): Path<String>,
) -> Result<Json<Session>, RestError> {
    authed.owner("resuming a session")?;
    Ok(Json(handle.runner().resume(&session_id).await?.into()))
}

/// Starts a failed session again; its workspace and agent session id are kept.
#[utoipa::path(operation_id = "retry_session", post, path = "/api/v1/sessions/{session_id}/retry", tag = "sessions",
    params(("session_id" = String, Path, description = "The session's id")),
    responses((status = 200, body = Session), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Not failed", body = ErrorBody)))]
pub async fn retry(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(session_id): Path<String>,
) -> Result<Json<Session>, RestError> {
    authed.owner("retrying a session")?;
    Ok(Json(handle.runner().retry(&session_id).await?.into()))
}

/// Removes a stopped or failed session with its workspace (and container); the branch and its commits stay.
#[utoipa::path(operation_id = "delete_session", delete, path = "/api/v1/sessions/{session_id}", tag = "sessions",
    params(("session_id" = String, Path, description = "The session's id"), RemoveParams),
    responses((status = 204, description = "Removed"), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Running, uncommitted changes, or the project's last session", body = ErrorBody)))]
pub async fn delete(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(session_id): Path<String>,
    StrictQuery(params): StrictQuery<RemoveParams>,
) -> Result<StatusCode, RestError> {
    authed.owner("removing a session")?;
    handle
        .runner()
        .remove(&session_id, params.force.unwrap_or(false))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
