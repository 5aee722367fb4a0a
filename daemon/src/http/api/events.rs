//! Server-sent events from the event log, in two feeds with one mechanism ([`Feed`], [`stream`]):
//!
//! - `GET /api/v1/events` (Relay Cloud §10, §15): the runner's projects and sessions. Each event's SSE `id` is its
//!   event-log id; a client that reconnects with `Last-Event-ID` gets every event after it replayed from the log,
//!   in order, then the live ones. Without `Last-Event-ID`, with one beyond the log, or one more than
//!   [`REPLAY_MAX`] events back, the stream starts with `sync_required` (the client reloads its lists) and goes on
//!   live. A named `heartbeat` event every [`HEARTBEAT`] keeps proxies from closing an idle stream.
//! - `GET /events` (relaybay §2 "Live updates", the board's pages): every event, named by its kind, with a small
//!   JSON summary; at most [`BOARD_REPLAY_MAX`] replayed, `resync` past that or beyond the log, a `: heartbeat`
//!   comment every [`HEARTBEAT`].
//!
//! Every connection has a bounded buffer of [`BUFFER`] events: when it is full (the client does not read) the
//! server ends the stream, and the client reconnects and replays.

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
/// The board's stream replays at most this many (relaybay §2); further behind, `resync`.
pub const BOARD_REPLAY_MAX: i64 = 5_000;
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

/// What a stream sends: an event, or a comment line that EventSource ignores (the board's heartbeat).
#[derive(Clone, Debug, PartialEq)]
enum Frame {
    Event(WireEvent),
    Comment(&'static str),
}

impl Frame {
    fn sse(&self) -> Event {
        match self {
            Frame::Event(wire) => {
                let event = Event::default().event(wire.name).data(wire.data.to_string());
                match wire.id {
                    Some(id) => event.id(id.to_string()),
                    None => event,
                }
            }
            Frame::Comment(text) => Event::default().comment(*text),
        }
    }
}

/// Why a client must reload instead of replaying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reload {
    /// It sent no `Last-Event-ID`.
    Fresh,
    /// Its `Last-Event-ID` is newer than the log's newest event.
    Beyond,
    /// It is further behind than the feed replays.
    TooFar,
}

impl Reload {
    fn reason(self) -> &'static str {
        match self {
            Reload::Fresh => "no_last_event_id",
            Reload::Beyond => "last_event_id_beyond_log",
            Reload::TooFar => "replay_window_exceeded",
        }
    }
}

/// The event an event-log row becomes on one stream, when the stream carries it.
type Translate = Box<dyn Fn(&EventRecord) -> Option<WireEvent> + Send + Sync>;

/// What one kind of stream carries and how it talks.
pub(crate) struct Feed {
    /// The event an event-log row becomes on this stream, when the stream carries it.
    wire: Translate,
    /// The most events one reconnect replays.
    replay_max: i64,
    /// The name of the event that tells the client to reload (its data is `{reason}`, its id the log's newest).
    reload: &'static str,
    /// Whether a stream opened without `Last-Event-ID` starts with the reload event; the board's page has just
    /// loaded then, so it goes live at once.
    reload_when_fresh: bool,
    heartbeat: Frame,
    /// [`HEARTBEAT`]; shorter in tests.
    pub(crate) heartbeat_every: Duration,
}

impl Feed {
    /// The REST API's feed (§10): the runner's events the filter takes.
    pub(crate) fn rest(filter: Filter) -> Feed {
        Feed {
            wire: Box::new(move |record| wire(record, &filter)),
            replay_max: REPLAY_MAX,
            reload: "sync_required",
            reload_when_fresh: true,
            heartbeat: Frame::Event(WireEvent {
                id: None,
                name: "heartbeat",
                data: json!({}),
            }),
            heartbeat_every: HEARTBEAT,
        }
    }

    /// The board's feed (relaybay §2): every event, or one project's.
    pub(crate) fn board(project: Option<String>) -> Feed {
        Feed {
            wire: Box::new(move |record| board_wire(record, project.as_deref())),
            replay_max: BOARD_REPLAY_MAX,
            reload: "resync",
            reload_when_fresh: false,
            heartbeat: Frame::Comment("heartbeat"),
            heartbeat_every: HEARTBEAT,
        }
    }

    fn reload_event(&self, why: Reload, head: i64) -> Frame {
        Frame::Event(WireEvent {
            id: Some(head),
            name: self.reload,
            data: json!({ "reason": why.reason() }),
        })
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
    } else if kind == payload::RunnerProjectRemoved::KIND.as_str() {
        let removed: payload::RunnerProjectRemoved = serde_json::from_str(&record.data).ok()?;
        filter.takes(&removed.project, None).then(|| {
            (
                "project_state_changed",
                json!({"project_id": removed.project, "old_state": removed.previous, "new_state": "deleted"}),
            )
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
    let last = last_event_id(&headers).map_err(|message| RestError::new(Code::InvalidRequest, message))?;
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
    Ok(stream(handle, Feed::rest(filter), last, Some(slot)))
}

/// `?project=` of the board's stream.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFilter {
    /// Only this project's events.
    pub project: Option<String>,
}

/// `GET /events` (relaybay §2 "Live updates"): every event of the log, or one project's, for the board's pages.
/// Each is named by its kind (`task.moved`) with `{kind, project, key, stage, from, to, session, summary}`; the
/// page refetches what it shows. Replays up to [`BOARD_REPLAY_MAX`] after `Last-Event-ID`, else `resync`.
pub async fn board_events(
    State(handle): State<DaemonHandle>,
    query: Result<axum::extract::Query<BoardFilter>, axum::extract::rejection::QueryRejection>,
    headers: http::HeaderMap,
) -> Result<Response, crate::http::ApiError> {
    let axum::extract::Query(filter) = query.map_err(|refused| {
        crate::http::ApiError::new(
            http::StatusCode::BAD_REQUEST,
            format!("{}; the stream takes only ?project=<slug>", refused.body_text()),
        )
    })?;
    let last = last_event_id(&headers)
        .map_err(|message| crate::http::ApiError::new(http::StatusCode::BAD_REQUEST, message))?;
    Ok(stream(handle, Feed::board(filter.project), last, None))
}

/// The board's form of an event: named by its kind, the fields a page needs to know what to refetch, and the
/// line the activity feed shows. Kinds this relay does not know are not sent.
fn board_wire(record: &EventRecord, project: Option<&str>) -> Option<WireEvent> {
    if project.is_some_and(|wanted| record.project.as_deref() != Some(wanted)) {
        return None;
    }
    let kind = relay_core::event::EventKind::parse(&record.kind)?;
    let data: Value = serde_json::from_str(&record.data).unwrap_or(Value::Null);
    let field = |name: &str| data.get(name).and_then(Value::as_str).map(str::to_owned);
    Some(WireEvent {
        id: Some(record.id),
        name: kind.as_str(),
        data: json!({
            "kind": kind.as_str(),
            "project": record.project,
            "key": field("key"),
            "stage": field("stage"),
            "from": field("from"),
            "to": field("to"),
            "session": field("session"),
            "summary": crate::board::render::event_what(record),
        }),
    })
}

/// The `Last-Event-ID` header as an event id, `None` when absent; a value that is not one is refused.
fn last_event_id(headers: &http::HeaderMap) -> Result<Option<i64>, &'static str> {
    let Some(value) = headers.get("last-event-id") else {
        return Ok(None);
    };
    value
        .to_str()
        .ok()
        .and_then(|t| t.trim().parse::<i64>().ok())
        .filter(|id| *id >= 0)
        .map(Some)
        .ok_or("Last-Event-ID must be the id of an event this stream sent (a whole number); leave it out to start afresh")
}

/// Opens a stream of `feed` after `last`: subscribed to the bus before the log is read, so nothing falls between
/// the replay and the live events.
pub(crate) fn stream(
    handle: DaemonHandle,
    feed: Feed,
    last: Option<i64>,
    slot: Option<StreamSlot>,
) -> Response {
    let (out, rx) = mpsc::channel::<Frame>(BUFFER);
    let live = handle.bus().subscribe();
    // Read here, not in the task: an event appended after the answer is sent is newer than the head.
    let head = handle.store().last_event_id();
    tokio::spawn(pump(handle, live, head, last, feed, out, slot));
    let stream = ReceiverStream::new(rx).map(|frame| Ok::<_, Infallible>(frame.sse()));
    Sse::new(stream).into_response()
}

/// Feeds one connection: the replay (or the reload event), then live events and heartbeats, until the client
/// goes, relayd stops, the buffer overflows or the bus lags (both end the stream: the client replays).
async fn pump(
    handle: DaemonHandle,
    mut live: broadcast::Receiver<Arc<EventRecord>>,
    head: i64,
    last: Option<i64>,
    feed: Feed,
    out: mpsc::Sender<Frame>,
    _slot: Option<StreamSlot>,
) {
    let reload = match last {
        None => Some(Reload::Fresh),
        Some(last) if last > head => Some(Reload::Beyond),
        Some(last) if head - last > feed.replay_max => Some(Reload::TooFar),
        Some(_) => None,
    };
    let mut sent = match (reload, last) {
        (Some(Reload::Fresh), _) if !feed.reload_when_fresh => head,
        (Some(why), _) => {
            if out.send(feed.reload_event(why, head)).await.is_err() {
                return;
            }
            head
        }
        (None, Some(last)) => match replay(&handle, last, head, &feed, &out).await {
            Some(sent) => sent,
            None => return,
        },
        (None, None) => head,
    };
    let stopped = handle.shutdown_requested();
    tokio::pin!(stopped);
    let every = feed.heartbeat_every;
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        let next = tokio::select! {
            () = &mut stopped => return,
            () = out.closed() => return,
            _ = beat.tick() => feed.heartbeat.clone(),
            received = live.recv() => match received {
                Ok(event) if event.id <= sent => continue,
                Ok(event) => {
                    sent = event.id;
                    match (feed.wire)(&event) {
                        Some(wire) => Frame::Event(wire),
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
    feed: &Feed,
    out: &mpsc::Sender<Frame>,
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
            if let Some(wire) = (feed.wire)(record)
                && out.send(Frame::Event(wire)).await.is_err()
            {
                return None;
            }
        }
        last = newest;
    }
    Some(head)
}
