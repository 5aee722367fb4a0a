//! What a REST handler takes from a request, strictly (§10 "Tolerant Reader": the server refuses what it does
//! not know): a JSON body whose every field is known, a query whose every parameter is known, and the caller
//! the listener authenticated.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};

use http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::{Code, RestError};
use crate::caller::Caller;

/// The largest body a REST route reads.
pub const MAX_BODY: usize = 64 * 1024;

/// A JSON body parsed strictly: the type has `deny_unknown_fields`, so an unknown field is a 400 naming it.
#[derive(Debug)]
pub struct StrictJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for StrictJson<T> {
    type Rejection = RestError;

    async fn from_request(request: Request, state: &S) -> Result<StrictJson<T>, RestError> {
        let json = request
            .headers()
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_none_or(|v| {
                v.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            });
        if !json {
            return Err(RestError::new(
                Code::InvalidRequest,
                "the body must be JSON: send Content-Type: application/json",
            ));
        }
        let _ = state;
        let bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
            .await
            .map_err(|err| {
                RestError::new(
                    Code::InvalidRequest,
                    format!("the body could not be read ({err}); send at most {MAX_BODY} bytes of JSON"),
                )
            })?;
        let bytes = if bytes.is_empty() {
            Bytes::from_static(b"{}")
        } else {
            bytes
        };
        serde_json::from_slice(&bytes).map(StrictJson).map_err(|err| {
            RestError::new(
                Code::InvalidRequest,
                format!(
                    "the request body was refused: {err}; send only the fields /api/v1/openapi.json lists for this route"
                ),
            )
        })
    }
}

/// The query string parsed strictly: an unknown parameter or a bad value is a 400 naming it.
#[derive(Debug)]
pub struct StrictQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for StrictQuery<T> {
    type Rejection = RestError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<StrictQuery<T>, RestError> {
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|q| StrictQuery(q.0))
            .map_err(|err| {
                RestError::new(
                    Code::InvalidRequest,
                    format!(
                        "the query was refused: {}; the parameters each route takes are in /api/v1/openapi.json",
                        err.body_text()
                    ),
                )
            })
    }
}

/// The caller the listener authenticated (the local guard or the remote listener's token check put it on the
/// request). A request without one was not authenticated: 401.
#[derive(Debug)]
pub struct Authed(pub Caller);

impl<S: Send + Sync> FromRequestParts<S> for Authed {
    type Rejection = RestError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Authed, RestError> {
        parts
            .extensions
            .get::<Caller>()
            .cloned()
            .map(Authed)
            .ok_or_else(|| {
                RestError::new(
                    Code::Unauthorized,
                    "this route needs a token: send Authorization: Bearer <token>",
                )
            })
    }
}

impl Authed {
    /// The caller, when it is the owner; an agent's token is refused with what to use instead.
    pub fn owner(self, what: &str) -> Result<Caller, RestError> {
        let caller = self.0;
        if caller.is_owner() {
            Ok(caller)
        } else {
            Err(RestError::owner_only(what, caller.surface().as_str()))
        }
    }
}
