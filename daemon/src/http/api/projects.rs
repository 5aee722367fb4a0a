//! `/api/v1/projects`: each handler checks the caller, calls one runner function and converts back.

use axum::Json;
use axum::extract::{Path, State};
use http::StatusCode;

use super::error::{Code, ErrorBody, RestError};
use super::extract::{Authed, StrictJson, StrictQuery};
use super::sessions::RemoveParams;
use super::views::{CreateProject, Page, Project, ProjectDetail, ProjectList, paged};
use crate::handle::DaemonHandle;
use crate::runner::NewProject;

/// Clones a repository as a new project (answered at once, `cloning`; `project_state_changed` events follow).
#[utoipa::path(operation_id = "create_project", post, path = "/api/v1/projects", tag = "projects", request_body = CreateProject,
    responses(
        (status = 201, description = "The project, cloning", body = Project),
        (status = 400, description = "A bad git URL (§10's SSRF rules) or an unknown field", body = ErrorBody),
        (status = 403, description = "An agent's token", body = ErrorBody),
        (status = 409, description = "The project exists", body = ErrorBody),
        (status = 507, description = "Not enough free disk", body = ErrorBody),
    ))]
pub async fn create(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    StrictJson(body): StrictJson<CreateProject>,
) -> Result<(StatusCode, Json<Project>), RestError> {
    let caller = authed.owner("adding a project")?;
    if body.git_url.trim().is_empty() {
        return Err(RestError::new(
            Code::InvalidRequest,
            "git_url is empty; pass the https:// URL of the repository to clone",
        ));
    }
    let input = NewProject {
        name: body.name.filter(|n| !n.trim().is_empty()),
        git_url: Some(body.git_url.trim().to_owned()),
        ..NewProject::default()
    };
    let (row, _) = handle.runner().add_project(input, &caller).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// The projects, oldest first.
#[utoipa::path(operation_id = "list_projects", get, path = "/api/v1/projects", tag = "projects", params(Page),
    responses((status = 200, body = ProjectList), (status = 400, body = ErrorBody)))]
pub async fn list(
    State(handle): State<DaemonHandle>,
    _authed: Authed,
    StrictQuery(page): StrictQuery<Page>,
) -> Result<Json<ProjectList>, RestError> {
    let rows = handle.runner().projects().await?;
    let (rows, total) = paged(rows, &page)?;
    Ok(Json(ProjectList {
        projects: rows.into_iter().map(Project::from).collect(),
        total,
    }))
}

/// One project with its sessions (those not deleted).
#[utoipa::path(operation_id = "get_project", get, path = "/api/v1/projects/{project_id}", tag = "projects",
    params(("project_id" = String, Path, description = "The project's id")),
    responses((status = 200, body = ProjectDetail), (status = 404, body = ErrorBody)))]
pub async fn get(
    State(handle): State<DaemonHandle>,
    _authed: Authed,
    Path(project_id): Path<String>,
) -> Result<Json<ProjectDetail>, RestError> {
    let project = find(&handle, &project_id).await?;
    let sessions = handle.runner().list(Some(&project.id), false).await?;
    Ok(Json(ProjectDetail {
        project,
        sessions: sessions.into_iter().map(Into::into).collect(),
    }))
}

/// Clones a failed project again (`failed` → `cloning`).
#[utoipa::path(operation_id = "retry_project", post, path = "/api/v1/projects/{project_id}/retry", tag = "projects",
    params(("project_id" = String, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The project, cloning", body = Project),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Not failed", body = ErrorBody),
    ))]
pub async fn retry(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(project_id): Path<String>,
) -> Result<Json<Project>, RestError> {
    authed.owner("retrying a project's clone")?;
    let row = handle.runner().retry_project(project_id.trim()).await?;
    Ok(Json(row.into()))
}

/// Removes a project's runner side: a clone under way is stopped, every session stopped and removed (uncommitted
/// work is snapshotted first), its clone deleted. The project's board stays.
#[utoipa::path(operation_id = "delete_project", delete, path = "/api/v1/projects/{project_id}", tag = "projects",
    params(("project_id" = String, Path, description = "The project's id"), RemoveParams),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "A session has uncommitted changes (pass force=true to lose them)", body = ErrorBody),
    ))]
pub async fn delete(
    State(handle): State<DaemonHandle>,
    authed: Authed,
    Path(project_id): Path<String>,
    StrictQuery(params): StrictQuery<RemoveParams>,
) -> Result<StatusCode, RestError> {
    let caller = authed.owner("removing a project")?;
    let project = find(&handle, &project_id).await?;
    handle
        .runner()
        .remove_project(&project.id, params.force.unwrap_or(false), &caller)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn find(handle: &DaemonHandle, project_id: &str) -> Result<Project, RestError> {
    let id = project_id.trim();
    handle
        .runner()
        .projects()
        .await?
        .into_iter()
        .find(|p| p.slug == id)
        .map(Project::from)
        .ok_or_else(|| {
            RestError::new(
                Code::NotFound,
                format!("there is no project {id:?}; GET /api/v1/projects lists them"),
            )
        })
}
