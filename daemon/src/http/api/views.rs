//! What the REST API takes and answers, as JSON and as OpenAPI schemas. Requests refuse unknown fields;
//! answers may grow fields (clients ignore the ones they do not know, §10).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::runner::{RunnerProjectRow, RunnerSessionRow};

/// `limit` and `offset` of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct Page {
    /// How many to answer, 1–500 (default 50).
    pub limit: Option<u32>,
    /// How many to skip first (default 0).
    pub offset: Option<u32>,
}

pub const DEFAULT_LIMIT: u32 = 50;
pub const MAX_LIMIT: u32 = 500;

/// `POST /api/v1/projects`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateProject {
    /// The project's name as people read it (the id is made from the URL's last part).
    pub name: Option<String>,
    /// The repository to clone: `https://` (§10's SSRF rules apply: no credentials, no private addresses).
    pub git_url: String,
}

/// `POST /api/v1/projects/{project_id}/sessions`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSession {
    /// The branch the session works on (made from the default branch when new); default: the project's
    /// default branch.
    pub branch: Option<String>,
    /// Runs the session in a container of this image (it must be in `docker_allowed_images`); without it the
    /// session is a terminal on the server itself (the `local` backend).
    pub docker_image: Option<String>,
    /// The profile it runs (`GET /api/v1/profiles`); default `shell`.
    pub profile: Option<String>,
}

/// A project.
#[derive(Debug, Serialize, ToSchema)]
pub struct Project {
    /// The project's id (its slug).
    pub id: String,
    /// `cloning`, `ready` or `failed`.
    pub state: String,
    /// `url` (cloned from `git_url`) or `local` (a checkout on the server).
    pub source: String,
    pub git_url: Option<String>,
    /// Why the clone failed (state `failed`).
    pub error: Option<String>,
    pub created_at_ms: i64,
}

impl From<RunnerProjectRow> for Project {
    fn from(row: RunnerProjectRow) -> Project {
        Project {
            id: row.slug,
            state: row.state,
            source: row.source,
            git_url: row.git_url,
            error: row.error,
            created_at_ms: row.created_at_ms,
        }
    }
}

/// A project with its sessions.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectDetail {
    #[serde(flatten)]
    pub project: Project,
    pub sessions: Vec<Session>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectList {
    pub projects: Vec<Project>,
    /// How many there are in all (the page is `limit` of them from `offset`).
    pub total: usize,
}

/// A session.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    /// The session's id (its name, `run-<project>-<n>`).
    pub id: String,
    pub project_id: String,
    /// `starting`, `running`, `stopped`, `failed` or `deleted`.
    pub state: String,
    pub branch: String,
    /// `local` or `docker`.
    pub backend: String,
    /// The docker session's image.
    pub image: Option<String>,
    pub profile: String,
    pub is_default: bool,
    /// What went wrong (failed), or how the process ended when it was not asked to (stopped).
    pub error: Option<String>,
    pub exit_code: Option<i64>,
    /// The agent's own session id (Claude Code's), kept for resume.
    pub claude_session_id: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub started_at_ms: Option<i64>,
    pub stopped_at_ms: Option<i64>,
}

impl From<RunnerSessionRow> for Session {
    fn from(row: RunnerSessionRow) -> Session {
        Session {
            id: row.name,
            project_id: row.slug,
            state: row.state,
            branch: row.branch,
            backend: row.backend,
            image: row.image,
            profile: row.profile,
            is_default: row.is_default,
            error: row.error,
            exit_code: row.exit_code,
            claude_session_id: row.agent_session_id,
            created_at_ms: row.created_at_ms,
            updated_at_ms: row.updated_at_ms,
            started_at_ms: row.started_at_ms,
            stopped_at_ms: row.stopped_at_ms,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionList {
    pub sessions: Vec<Session>,
    /// How many there are in all (the page is `limit` of them from `offset`).
    pub total: usize,
}

/// One page of `items` as `page` asks, and how many there are; a bad limit is refused naming it.
pub fn paged<T>(items: Vec<T>, page: &Page) -> Result<(Vec<T>, usize), super::error::RestError> {
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT);
    if limit == 0 || limit > MAX_LIMIT {
        return Err(super::error::RestError::new(
            super::error::Code::InvalidRequest,
            format!("limit={limit} is out of range; pass 1 to {MAX_LIMIT} (default {DEFAULT_LIMIT})"),
        ));
    }
    let total = items.len();
    let offset = usize::try_from(page.offset.unwrap_or(0)).unwrap_or(usize::MAX);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    Ok((items.into_iter().skip(offset).take(limit).collect(), total))
}

/// An image sessions may run.
#[derive(Debug, Serialize, ToSchema)]
pub struct Image {
    pub name: String,
    /// Its size in the Docker engine, e.g. `"312 MB"`; absent when the engine lacks it or cannot be reached.
    pub size: Option<String>,
    /// Whether the Docker engine has it (one it lacks is pulled when a session needs it); absent when the engine cannot be reached.
    pub present: Option<bool>,
    /// It is `docker_default_image`.
    pub default: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImageList {
    pub images: Vec<Image>,
    /// `docker_allowed_images` is empty: every image is allowed, and only the default is listed.
    pub any_image_allowed: bool,
}

/// A profile sessions may run.
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub name: String,
    pub description: Option<String>,
    /// The absolute command; absent for a built-in found on PATH when the session starts.
    pub command: Option<String>,
    pub args: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileList {
    pub profiles: Vec<Profile>,
}
