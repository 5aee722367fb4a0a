//! `GET /api/v1/events` (Relay Cloud §10, §15): server-sent events of the runner's projects and sessions, from the
//! event log. Each event's SSE `id` is its event-log id; a client that reconnects with `Last-Event-ID` gets every
//! event after it replayed from the log, in order, then the live ones. Without `Last-Event-ID`, with one beyond
//! the log, or one more than [`REPLAY_MAX`] events back, the stream starts with `sync_required` (the client
//! reloads its lists) and goes on live. Every connection has a bounded buffer of [`BUFFER`] events: when it is
//! full (the client does not read) the server ends the stream, and the client reconnects and replays. A named
//! `heartbeat` event every [`HEARTBEAT`] keeps proxies from closing an idle stream.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::State;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use relay_core::event::{Payload, payload};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;
use utoipa::IntoParams;

use super::error::{Code, ErrorBody, RestError};
use super::extract::{Authed, StrictQuery};
use super::limit::{self, Limits, StreamSlot};
use crate::handle::DaemonHandle;
use crate::store::EventRecord;

pub const EVENTS_PATH: &str = "/api/v1/events";
/// Events buffered per connection (§15: capacity 256); a full buffer ends the stream.
pub const BUFFER: usize = 256;
/// The named keep-alive event's period (§10).
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// The most events one reconnect replays; a client further behind gets `sync_required`.
pub const REPLAY_MAX: i64 = 10_000;
/// Replay page size.
const PAGE: u32 = 500;

/// Which events a stream carries: all the runner's, one project's, or one session's.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct Filter {
    /// Only this project's events (its sessions' too).
    pub project_id: Option<String>,
    /// Only this session's events.
    pub session_id: Option<String>,
}

impl Filter {
    fn takes(&self, project: &str, session: Option<&str>) -> bool {
        let project_ok = self.project_id.as_deref().is_none_or(|p| p == project);
        let session_ok = match (&self.session_id, session) {
            (None, _) => true,
            (Some(wanted), Some(session)) => wanted == session,
            (Some(_), None) => false,
        };
        project_ok && session_ok
    }
}

/// One SSE event before it is framed.
#[derive(Clone, Debug, PartialEq)]
pub struct WireEvent {
    pub id: Option<i64>,
    pub name: &'static str,
    pub data: Value,
}

impl WireEvent {
    fn frame(&self) -> Event {
        let event = Event::default().event(self.name).data(self.data.to_string());
        match self.id {
            Some(id) => event.id(id.to_string()),
            None => event,
        }
    }

    fn sync_required(reason: &str, head: i64) -> WireEvent {
        WireEvent {
            id: Some(head),
            name: "sync_required",
            data: json!({ "reason": reason }),
        }
    }

    fn heartbeat() -> WireEvent {
        WireEvent {
            id: None,
            name: "heartbeat",
            data: json!({}),
        }
    }
}

/// The SSE event an event-log row becomes: `project_state_changed` or `session_state_changed`, when the row is
/// one of those and the filter takes it.
pub fn wire(record: &EventRecord, filter: &Filter) -> Option<WireEvent> {
    let kind = record.kind.as_str();
    let data = if kind == payload::RunnerProjectAdded::KIND.as_str() {
        let added: payload::RunnerProjectAdded = serde_json::from_str(&record.data).ok()?;
        filter.takes(&added.project, None).then(|| {
            (
                "project_state_changed",
                json!({"project_id": added.project, "old_state": null, "new_state": added.state}),
            )
        })?
    } else if kind == payload::RunnerProjectChanged::KIND.as_str() {
        let changed: payload::RunnerProjectChanged = serde_json::from_str(&record.data).ok()?;
        filter.takes(&changed.project, None).then(|| {
            let mut data = json!({"project_id": changed.project, "old_state": changed.previous, "new_state": changed.state});
            if let Some(error) = changed.error {
                data["error"] = Value::String(error);
            }
            ("project_state_changed", data)
        })?
    } else if kind == payload::RunnerSessionChanged::KIND.as_str() {
        let changed: payload::RunnerSessionChanged = serde_json::from_str(&record.data).ok()?;
        filter.takes(&changed.project, Some(&changed.session)).then(|| {
            let mut data = json!({
                "session_id": changed.session,
                "project_id": changed.project,
                "old_state": changed.previous,
                "new_state": changed.state,
            });
            if let Some(error) = changed.error {
                data["error"] = Value::String(error);
            }
            if let Some(code) = changed.exit_code {
                data["exit_code"] = Value::from(code);
            }
            ("session_state_changed", data)
        })?
    } else {
        return None;
    };
    Some(WireEvent {
        id: Some(record.id),
        name: data.0,
        data: data.1,
    })
}

/// The runner's events as server-sent events (`project_state_changed`, `session_state_changed`, `heartbeat`,
/// `sync_required`), replayed after `Last-Event-ID`.
#[utoipa::path(get, path = "/api/v1/events", tag = "system", params(Filter,
        ("Last-Event-ID" = Option<i64>, Header, description = "The id of the last event received: the events after it are replayed")),
    responses(
        (status = 200, description = "The event stream", content_type = "text/event-stream", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 429, description = "This token has 10 streams open", body = ErrorBody),
    ))]
pub async fn events(
    State(handle): State<DaemonHandle>,
    Extension(limits): Extension<Arc<Limits>>,
    _authed: Authed,
    StrictQuery(filter): StrictQuery<Filter>,
    headers: http::HeaderMap,
) -> Result<Response, RestError> {
    let last = match headers.get("last-event-id") {
        None => None,
        Some(value) => Some(
            value
                .to_str()
                .ok()
                .and_then(|t| t.trim().parse::<i64>().ok())
                .filter(|id| *id >= 0)
                .ok_or_else(|| {
                    RestError::new(
                        Code::InvalidRequest,
                        "Last-Event-ID must be the id of an event this stream sent (a whole number); leave it out to start afresh",
                    )
                })?,
        ),
    };
    let key = limit::token_key(&headers).unwrap_or_default();
    let slot = limits.open_stream(&key).ok_or_else(|| {
        let mut refused = RestError::new(
            Code::RateLimited,
            format!(
                "this token has {} event streams open, the most it may; close one first",
                limit::MAX_STREAMS
            ),
        );
        refused.retry_after = Some(5);
        refused
    })?;
    let (out, rx) = mpsc::channel::<WireEvent>(BUFFER);
    // Subscribed before the log is read, so nothing falls between the replay and the live events.
    let live = handle.bus().subscribe();
    tokio::spawn(pump(handle, live, last, filter, out, slot));
    let stream = ReceiverStream::new(rx).map(|wire| Ok::<_, Infallible>(wire.frame()));
    Ok(Sse::new(stream).into_response())
}

/// Feeds one connection: the replay (or `sync_required`), then live events and heartbeats, until the client
/// goes, relayd stops, the buffer overflows or the bus lags (both end the stream: the client replays).
async fn pump(
    handle: DaemonHandle,
    mut live: broadcast::Receiver<Arc<EventRecord>>,
    last: Option<i64>,
    filter: Filter,
    out: mpsc::Sender<WireEvent>,
    _slot: StreamSlot,
) {
    let head = handle.store().last_event_id();
    let mut sent = match last {
        None => {
            if out
                .send(WireEvent::sync_required("no_last_event_id", head))
                .await
                .is_err()
            {
                return;
            }
            head
        }
        Some(last) if last > head => {
            if out
                .send(WireEvent::sync_required("last_event_id_beyond_log", head))
                .await
                .is_err()
            {
                return;
            }
            head
        }
        Some(last) if head - last > REPLAY_MAX => {
            if out
                .send(WireEvent::sync_required("replay_window_exceeded", head))
                .await
                .is_err()
            {
                return;
            }
            head
        }
        Some(last) => match replay(&handle, last, head, &filter, &out).await {
            Some(sent) => sent,
            None => return,
        },
    };
    let stopped = handle.shutdown_requested();
    tokio::pin!(stopped);
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    loop {
        let next = tokio::select! {
            () = &mut stopped => return,
            () = out.closed() => return,
            _ = beat.tick() => WireEvent::heartbeat(),
            received = live.recv() => match received {
                Ok(event) if event.id <= sent => continue,
                Ok(event) => {
                    sent = event.id;
                    match wire(&event, &filter) {
                        Some(wire) => wire,
                        None => continue,
                    }
                }
                Err(broadcast::error::RecvError::Lagged(skipped)) => {
                    tracing::info!(skipped, "an SSE stream fell behind the event bus; ended (the client replays)");
                    return;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
        };
        if let Err(mpsc::error::TrySendError::Full(_)) = out.try_send(next) {
            tracing::info!(
                "an SSE client did not read its {BUFFER} buffered events; its stream is ended (it replays on reconnect)"
            );
            return;
        }
    }
}

/// Sends the events after `last` up to `head` that the filter takes; the id of the last one read, or `None`
/// when the client went or the store failed (the stream then ends).
async fn replay(
    handle: &DaemonHandle,
    mut last: i64,
    head: i64,
    filter: &Filter,
    out: &mpsc::Sender<WireEvent>,
) -> Option<i64> {
    while last < head {
        let page = match handle.store().events_after(last, PAGE).await {
            Ok(page) => page,
            Err(err) => {
                tracing::error!(error = %err, "an SSE replay could not read the event log");
                return None;
            }
        };
        let Some(newest) = page.last().map(|e| e.id) else {
            break;
        };
        for record in page.iter().filter(|e| e.id <= head) {
            if let Some(wire) = wire(record, filter)
                && out.send(wire).await.is_err()
            {
                return None;
            }
        }
        last = newest;
    }
    Some(head)
}
