//! The REST API's one error type (Relay Cloud §10): a status, a stable code and words for people, as
//! `{"error": {"code": "SESSION_LIMIT_EXCEEDED", "message": "…"}}`. Store and system failures are logged and
//! answered with a generic message: internals never reach the client.

use axum::Json;
use axum::response::{IntoResponse, Response};
use http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::board::BoardError;
use crate::runner::RunnerError;

/// The stable error codes, with the status each goes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Code {
    /// 400: a body, query or value the route does not take (an unknown field, a bad git URL, an unknown profile).
    InvalidRequest,
    /// 401: no token, or one this relayd does not know.
    Unauthorized,
    /// 403: the caller's token is an agent's and the action is the owner's.
    OwnerOnly,
    /// 403: a foreign Origin or Host.
    Forbidden,
    /// 403: a docker image outside `docker_allowed_images`.
    ImageNotAllowed,
    /// 404: no such project, session or route.
    NotFound,
    /// 409: the session's or project's state does not allow the action.
    InvalidState,
    /// 409: another session holds the branch, or the project exists.
    Conflict,
    /// 409: `max_sessions_total` or `max_sessions_per_project` reached.
    SessionLimitExceeded,
    /// 429: the token's rate limit for this kind of request is used up; `Retry-After` says when to come back.
    RateLimited,
    /// 500: something failed inside relayd; its log has the details.
    Internal,
    /// 507: less than `git_min_free_disk_mb` free for a clone or a workspace.
    InsufficientStorage,
}

impl Code {
    pub const fn status(self) -> StatusCode {
        match self {
            Code::InvalidRequest => StatusCode::BAD_REQUEST,
            Code::Unauthorized => StatusCode::UNAUTHORIZED,
            Code::OwnerOnly | Code::Forbidden | Code::ImageNotAllowed => StatusCode::FORBIDDEN,
            Code::NotFound => StatusCode::NOT_FOUND,
            Code::InvalidState | Code::Conflict | Code::SessionLimitExceeded => StatusCode::CONFLICT,
            Code::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Code::InsufficientStorage => StatusCode::INSUFFICIENT_STORAGE,
        }
    }
}

/// An error answer of the REST API.
#[derive(Debug)]
pub struct RestError {
    pub code: Code,
    pub message: String,
    /// Seconds until the limit allows the request again (429 only).
    pub retry_after: Option<u64>,
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    pub code: Code,
    /// What failed, on which input, and what to do.
    pub message: String,
}

impl RestError {
    pub fn new(code: Code, message: impl Into<String>) -> RestError {
        RestError {
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    fn internal(what: &str, detail: &dyn std::fmt::Display) -> RestError {
        tracing::error!(error = %detail, "REST: {what}");
        RestError::new(
            Code::Internal,
            format!("relayd could not {what}; its log (relay daemon status shows where) has the details"),
        )
    }

    /// An owner-only action asked for with an agent's token.
    pub fn owner_only(what: &str, surface: &str) -> RestError {
        RestError::new(
            Code::OwnerOnly,
            format!(
                "{what} is the owner's to do, and this request authenticated as an agent ({surface}); use an owner token on the remote listener (`relay token --remote owner --rotate` on the server makes one). Nothing changed."
            ),
        )
    }
}

impl From<RunnerError> for RestError {
    fn from(err: RunnerError) -> RestError {
        match err {
            RunnerError::NotFound(message) => RestError::new(Code::NotFound, message),
            RunnerError::Invalid(message) => RestError::new(Code::InvalidRequest, message),
            RunnerError::State(refused) => RestError::new(Code::InvalidState, refused.to_string()),
            RunnerError::Precondition(message) => RestError::new(Code::InvalidState, message),
            RunnerError::Conflict(message) => RestError::new(Code::Conflict, message),
            RunnerError::Forbidden(message) => RestError::new(Code::ImageNotAllowed, message),
            RunnerError::Limit(message) => RestError::new(Code::SessionLimitExceeded, message),
            RunnerError::NoSpace(message) => RestError::new(Code::InsufficientStorage, message),
            RunnerError::Failed(message) => {
                RestError::internal("run the session's workspace or process", &message)
            }
            RunnerError::Board(err) => err.into(),
            RunnerError::Store(err) => RestError::internal("read or write its store", &err),
        }
    }
}

impl From<BoardError> for RestError {
    fn from(err: BoardError) -> RestError {
        match err {
            BoardError::Store(err) => RestError::internal("read or write its store", &err),
            ref known if known.not_found() => RestError::new(Code::NotFound, err.to_string()),
            BoardError::OwnerOnly(_) => RestError::new(Code::OwnerOnly, err.to_string()),
            BoardError::VersionConflict { .. } => RestError::new(Code::Conflict, err.to_string()),
            BoardError::RulesRefused(_) | BoardError::Refused(_) => {
                RestError::new(Code::InvalidState, err.to_string())
            }
            _ => RestError::new(Code::InvalidRequest, err.to_string()),
        }
    }
}

impl IntoResponse for RestError {
    fn into_response(self) -> Response {
        let status = self.code.status();
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
            },
        };
        let mut response = (status, Json(body)).into_response();
        let headers = response.headers_mut();
        if status == StatusCode::UNAUTHORIZED {
            headers.insert(
                http::header::WWW_AUTHENTICATE,
                http::HeaderValue::from_static("Bearer"),
            );
        }
        if let Some(seconds) = self.retry_after
            && let Ok(value) = http::HeaderValue::from_str(&seconds.to_string())
        {
            headers.insert(http::header::RETRY_AFTER, value);
        }
        response
    }
}
