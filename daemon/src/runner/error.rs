//! The runner's errors: each says what failed, on which input, and what to do.

use crate::board::BoardError;
use crate::store::StoreError;

use super::state::Refused;

#[derive(Debug, thiserror::Error)]
pub enum RunnerError {
    /// An unknown project or session.
    #[error("{0}")]
    NotFound(String),
    /// A bad value from the request (a folder that is not a checkout, a branch name, a profile).
    #[error("{0}")]
    Invalid(String),
    /// The session's state does not allow the action.
    #[error("{0}")]
    State(Refused),
    /// Another session holds the branch (the seed's 409).
    #[error("{0}")]
    Conflict(String),
    /// Something else must happen first (the project's clone must finish), said with what.
    #[error("{0}")]
    Precondition(String),
    /// Not allowed by the configuration (an image outside `docker_allowed_images`: the seed's 403).
    #[error("{0}")]
    Forbidden(String),
    /// `max_sessions_*` reached.
    #[error("{0}")]
    Limit(String),
    /// Less than `git_min_free_disk_mb` free for a clone or a workspace (the seed's 507).
    #[error("{0}")]
    NoSpace(String),
    /// The workspace or the process could not be handled (git, the PTY), with git's or the system's words.
    #[error("{0}")]
    Failed(String),
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Store(#[from] StoreError),
}
