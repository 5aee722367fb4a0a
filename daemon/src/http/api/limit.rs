//! Rate limits per token (Relay Cloud §13): a sliding window of one minute per token and kind of request, in
//! memory (a restart forgets them). Over the limit the answer is 429 `RATE_LIMITED` with `Retry-After`, and
//! nothing runs. A request without an authenticated caller is not counted (it is refused anyway); the key is the
//! token's fingerprint, never the token.
//!
//! | kind | limit per minute |
//! |---|---|
//! | `POST /api/v1/projects` | 10 |
//! | `POST /api/v1/projects/{id}/sessions` | 20 |
//! | `POST …/stop`, `…/resume`, `…/retry` and `DELETE` | 30 |
//! | `GET` | 100 |
//!
//! `GET /api/v1/events` (SSE) is limited by open streams instead: at most [`MAX_STREAMS`] per token.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::Method;

use super::error::{Code, RestError};
use crate::caller::Caller;
use crate::handle::DaemonHandle;

/// The window every limit counts in.
pub const WINDOW_MS: i64 = 60_000;
/// Open SSE streams per token.
pub const MAX_STREAMS: usize = 10;

/// The kinds of request §13 limits, each with its limit per [`WINDOW_MS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    CreateProject,
    CreateSession,
    Action,
    Read,
}

impl Kind {
    pub const fn limit(self) -> usize {
        match self {
            Kind::CreateProject => 10,
            Kind::CreateSession => 20,
            Kind::Action => 30,
            Kind::Read => 100,
        }
    }

    /// The kind of a request by its method and path; `None` for what is not limited this way (SSE).
    pub fn of(method: &Method, path: &str) -> Option<Kind> {
        if path == super::events::EVENTS_PATH {
            return None;
        }
        let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
        match (method, segments.as_slice()) {
            (&Method::GET | &Method::HEAD, _) => Some(Kind::Read),
            (&Method::POST, ["", "api", "v1", "projects"]) => Some(Kind::CreateProject),
            (&Method::POST, ["", "api", "v1", "projects", _, "sessions"]) => Some(Kind::CreateSession),
            _ => Some(Kind::Action),
        }
    }

    const fn describe(self) -> &'static str {
        match self {
            Kind::CreateProject => "project creations",
            Kind::CreateSession => "session creations",
            Kind::Action => "session and project actions (stop, resume, retry, delete)",
            Kind::Read => "reads",
        }
    }
}

/// The windows and the open streams, per token fingerprint.
#[derive(Debug, Default)]
pub struct Limits {
    windows: Mutex<HashMap<(String, Kind), VecDeque<i64>>>,
    streams: Mutex<HashMap<String, usize>>,
}

/// One open SSE stream counted against its token; dropping it frees the place.
#[derive(Debug)]
pub struct StreamSlot {
    limits: Arc<Limits>,
    key: String,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = self.limits.streams.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(open) = streams.get_mut(&self.key) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                streams.remove(&self.key);
            }
        }
    }
}

impl Limits {
    /// Counts a request of `kind` by `key` at `now_ms`: `Err(seconds to wait)` when the window is full.
    pub fn admit(&self, key: &str, kind: Kind, now_ms: i64) -> Result<(), u64> {
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        let window = windows.entry((key.to_owned(), kind)).or_default();
        while window.front().is_some_and(|at| now_ms - at >= WINDOW_MS) {
            window.pop_front();
        }
        if window.len() >= kind.limit() {
            let oldest = window.front().copied().unwrap_or(now_ms);
            let wait_ms = (oldest + WINDOW_MS - now_ms).max(1);
            return Err(u64::try_from((wait_ms + 999) / 1000).unwrap_or(1));
        }
        window.push_back(now_ms);
        Ok(())
    }

    /// A place for one more SSE stream of `key`, or `None` when it has [`MAX_STREAMS`] open.
    pub fn open_stream(self: &Arc<Self>, key: &str) -> Option<StreamSlot> {
        let mut streams = self.streams.lock().unwrap_or_else(|p| p.into_inner());
        let open = streams.entry(key.to_owned()).or_default();
        if *open >= MAX_STREAMS {
            return None;
        }
        *open += 1;
        Some(StreamSlot {
            limits: Arc::clone(self),
            key: key.to_owned(),
        })
    }
}

/// The key a request is counted under: its token's fingerprint, when the listener authenticated it.
pub fn key_of(request: &Request) -> Option<String> {
    request.extensions().get::<Caller>()?;
    token_key(request.headers())
}

/// The fingerprint of the request's Bearer token.
pub fn token_key(headers: &http::HeaderMap) -> Option<String> {
    let token = headers
        .get(http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .split_once(' ')?
        .1
        .trim();
    Some(relay_core::token::fingerprint(token))
}

/// The middleware: counts the request, or answers 429 with `Retry-After`.
pub async fn limit(
    State((handle, limits)): State<(DaemonHandle, Arc<Limits>)>,
    request: Request,
    next: Next,
) -> Response {
    let route = request.uri().path().to_owned();
    if let (Some(kind), Some(key)) = (Kind::of(request.method(), &route), key_of(&request))
        && let Err(wait) = limits.admit(&key, kind, handle.now_ms())
    {
        tracing::warn!(token_id = %key, route = %route, "REST rate limit reached");
        let mut refused = RestError::new(
            Code::RateLimited,
            format!(
                "too many {} with this token: at most {} a minute; try again in {wait} s",
                kind.describe(),
                kind.limit()
            ),
        );
        refused.retry_after = Some(wait);
        return refused.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_admits_its_limit_then_refuses_until_the_oldest_ages_out() {
        let limits = Limits::default();
        for i in 0..10 {
            assert_eq!(limits.admit("t", Kind::CreateProject, 1_000 + i), Ok(()));
        }
        assert_eq!(limits.admit("t", Kind::CreateProject, 31_000), Err(30));
        // Another token and another kind have windows of their own.
        assert_eq!(limits.admit("u", Kind::CreateProject, 31_000), Ok(()));
        assert_eq!(limits.admit("t", Kind::Read, 31_000), Ok(()));
        // A minute after the first, one place is free again, and only one.
        assert_eq!(limits.admit("t", Kind::CreateProject, 61_000), Ok(()));
        assert!(limits.admit("t", Kind::CreateProject, 61_000).is_err());
    }

    #[test]
    fn requests_are_sorted_into_the_kinds_of_the_table() {
        assert_eq!(
            Kind::of(&Method::POST, "/api/v1/projects"),
            Some(Kind::CreateProject)
        );
        assert_eq!(
            Kind::of(&Method::POST, "/api/v1/projects/app/sessions"),
            Some(Kind::CreateSession)
        );
        assert_eq!(
            Kind::of(&Method::POST, "/api/v1/projects/app/retry"),
            Some(Kind::Action)
        );
        assert_eq!(
            Kind::of(&Method::POST, "/api/v1/sessions/run-app-1/stop"),
            Some(Kind::Action)
        );
        assert_eq!(
            Kind::of(&Method::DELETE, "/api/v1/sessions/run-app-1"),
            Some(Kind::Action)
        );
        assert_eq!(Kind::of(&Method::GET, "/api/v1/sessions"), Some(Kind::Read));
        assert_eq!(Kind::of(&Method::GET, "/api/v1/events"), None);
    }

    #[test]
    fn a_token_has_at_most_ten_streams_and_a_closed_one_frees_its_place() {
        let limits = Arc::new(Limits::default());
        let open: Vec<StreamSlot> = (0..MAX_STREAMS)
            .map(|_| limits.open_stream("t").unwrap())
            .collect();
        assert!(limits.open_stream("t").is_none());
        assert!(limits.open_stream("u").is_some());
        drop(open);
        assert!(limits.open_stream("t").is_some());
    }
}
