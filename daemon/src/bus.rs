//! The event bus, owned by the daemon handle, with two channels:
//!
//! - **persisted**: committed event-log rows, published by the store's one writer in commit order. Each
//!   subscription turns into "snapshot (or replay from the log), then events in id order, a fresh snapshot on
//!   lag" — never a silent gap ([`subscribe`]).
//! - **live**: what must never be written to the log (lock changes now; terminal output and progress later).
//!   Ephemeral and bounded per subscriber: a subscriber that falls behind is told how much it missed
//!   ([`LiveMessage::Lagged`]) and goes on from the newest.

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc};

use crate::handle::{DaemonHandle, StatusReport};
use crate::store::{EventRecord, StoreError};

/// Replay page size when a subscriber resumes from an event id.
const REPLAY_PAGE: u32 = 500;
/// Live messages buffered for each subscriber before it counts as lagging.
pub const LIVE_BUFFER: usize = 1024;

/// One message of the live channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Live {
    /// The file-lock table changed: a lock was taken, renewed, released or expired.
    LocksChanged,
}

/// What a live subscriber receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveMessage {
    Live(Live),
    /// The subscriber fell behind and `skipped` messages are gone; what follows is the newest.
    Lagged {
        skipped: u64,
    },
}

#[derive(Debug)]
pub struct EventBus {
    persisted: broadcast::Sender<Arc<EventRecord>>,
    live: broadcast::Sender<Live>,
}

impl EventBus {
    /// `capacity` committed events are buffered for each subscriber before it counts as lagging.
    pub fn new(capacity: usize) -> EventBus {
        let (persisted, _) = broadcast::channel(capacity.max(2));
        let (live, _) = broadcast::channel(LIVE_BUFFER);
        EventBus { persisted, live }
    }

    /// Publishes a committed event. Called in commit order by the single writer.
    pub fn publish(&self, event: Arc<EventRecord>) {
        // No subscribers is fine: the event is in the log.
        let _ = self.persisted.send(event);
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<EventRecord>> {
        self.persisted.subscribe()
    }

    /// A sender for the live channel, for a component that publishes from where it has no handle.
    pub fn live_sender(&self) -> LiveSender {
        LiveSender(self.live.clone())
    }

    pub fn subscribe_live(&self) -> LiveSubscription {
        LiveSubscription(self.live.subscribe())
    }
}

/// Publishes on the live channel; nothing is written anywhere.
#[derive(Clone, Debug)]
pub struct LiveSender(broadcast::Sender<Live>);

impl LiveSender {
    pub fn publish(&self, live: Live) {
        // No subscribers is fine: live messages are for whoever listens now.
        let _ = self.0.send(live);
    }
}

/// One subscriber's view of the live channel.
#[derive(Debug)]
pub struct LiveSubscription(broadcast::Receiver<Live>);

impl LiveSubscription {
    /// The next message; `None` once the bus is gone.
    pub async fn recv(&mut self) -> Option<LiveMessage> {
        match self.0.recv().await {
            Ok(live) => Some(LiveMessage::Live(live)),
            Err(broadcast::error::RecvError::Lagged(skipped)) => Some(LiveMessage::Lagged { skipped }),
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }
}

/// Why a snapshot was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnapshotReason {
    Initial,
    Lagged,
}

/// One message of a subscription, before an adapter converts it.
#[derive(Clone, Debug)]
pub enum Feed {
    Snapshot {
        reason: SnapshotReason,
        status: Box<StatusReport>,
        last_event_id: i64,
    },
    Event(Arc<EventRecord>),
    /// A live message (not in the event log).
    Live(Live),
}

/// Starts a subscription: the returned channel yields a snapshot (or the events after `since`), then live
/// events. It closes when the daemon shuts down, the receiver is dropped, or the store fails.
pub fn subscribe(
    handle: &DaemonHandle,
    since: Option<i64>,
    depth: usize,
) -> mpsc::Receiver<Result<Feed, StoreError>> {
    let (out, rx) = mpsc::channel(depth.max(1));
    let handle = handle.clone();
    let live = handle.bus().subscribe();
    let messages = handle.bus().subscribe_live();
    tokio::spawn(async move {
        if let Err(err) = pump(&handle, live, messages, since, &out).await {
            let _ = out.send(Err(err)).await;
        }
    });
    rx
}

fn snapshot(handle: &DaemonHandle, reason: SnapshotReason) -> (Feed, i64) {
    let status = handle.status();
    let last_event_id = status.last_event_id;
    let feed = Feed::Snapshot {
        reason,
        status: Box::new(status),
        last_event_id,
    };
    (feed, last_event_id)
}

async fn pump(
    handle: &DaemonHandle,
    mut live: broadcast::Receiver<Arc<EventRecord>>,
    mut messages: LiveSubscription,
    since: Option<i64>,
    out: &mpsc::Sender<Result<Feed, StoreError>>,
) -> Result<(), StoreError> {
    let stopped = handle.shutdown_requested();
    tokio::pin!(stopped);
    let mut last_sent = match since {
        None => {
            let (feed, head) = snapshot(handle, SnapshotReason::Initial);
            if out.send(Ok(feed)).await.is_err() {
                return Ok(());
            }
            head
        }
        Some(since) => {
            let mut last = since;
            loop {
                let page = handle.store().events_after(last, REPLAY_PAGE).await?;
                let Some(newest) = page.last().map(|e| e.id) else {
                    break;
                };
                for event in page {
                    if out.send(Ok(Feed::Event(Arc::new(event)))).await.is_err() {
                        return Ok(());
                    }
                }
                last = newest;
            }
            last
        }
    };
    loop {
        tokio::select! {
            () = &mut stopped => return Ok(()),
            () = out.closed() => return Ok(()),
            received = live.recv() => match received {
                Ok(event) if event.id <= last_sent => {}
                Ok(event) => {
                    last_sent = event.id;
                    if out.send(Ok(Feed::Event(event))).await.is_err() {
                        return Ok(());
                    }
                }
                Err(broadcast::error::RecvError::Lagged(skipped)) => {
                    tracing::debug!(skipped, "subscriber lagged; sending a fresh snapshot");
                    let (feed, head) = snapshot(handle, SnapshotReason::Lagged);
                    last_sent = head;
                    if out.send(Ok(feed)).await.is_err() {
                        return Ok(());
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return Ok(()),
            },
            message = messages.recv() => match message {
                Some(LiveMessage::Live(message)) => {
                    if out.send(Ok(Feed::Live(message))).await.is_err() {
                        return Ok(());
                    }
                }
                // Skipped lock changes are one change: the client lists the locks again either way.
                Some(LiveMessage::Lagged { .. }) => {
                    if out.send(Ok(Feed::Live(Live::LocksChanged))).await.is_err() {
                        return Ok(());
                    }
                }
                None => return Ok(()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{backed_up, started, stopped};
    use serde_json::json;

    use super::*;
    use crate::testing::{fixture, fixture_with_buffer};

    async fn next(rx: &mut mpsc::Receiver<Result<Feed, StoreError>>) -> Feed {
        tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv())
            .await
            .unwrap()
            .unwrap()
            .unwrap()
    }

    #[tokio::test]
    async fn subscription_starts_with_a_snapshot_then_events_in_order() {
        let (_dir, handle) = fixture().await;
        handle.emit("", &started()).await.unwrap();
        let mut rx = subscribe(&handle, None, 16);
        let Feed::Snapshot {
            reason,
            last_event_id,
            ..
        } = next(&mut rx).await
        else {
            panic!("snapshot first")
        };
        assert_eq!(reason, SnapshotReason::Initial);
        assert_eq!(last_event_id, 1);
        for _ in 0..3 {
            handle.emit("/tmp/x", &backed_up()).await.unwrap();
        }
        let ids: Vec<i64> = futures_ids(&mut rx, 3).await;
        assert_eq!(ids, vec![2, 3, 4]);
    }

    async fn futures_ids(rx: &mut mpsc::Receiver<Result<Feed, StoreError>>, n: usize) -> Vec<i64> {
        let mut ids = Vec::new();
        for _ in 0..n {
            match next(rx).await {
                Feed::Event(event) => ids.push(event.id),
                other => panic!("expected an event, got {other:?}"),
            }
        }
        ids
    }

    #[tokio::test]
    async fn resumed_subscription_replays_the_log_after_the_given_id() {
        let (_dir, handle) = fixture().await;
        for _ in 0..5 {
            handle.emit("", &started()).await.unwrap();
        }
        let mut rx = subscribe(&handle, Some(2), 16);
        assert_eq!(futures_ids(&mut rx, 3).await, vec![3, 4, 5]);
        handle.emit("", &stopped()).await.unwrap();
        assert_eq!(futures_ids(&mut rx, 1).await, vec![6]);
    }

    #[tokio::test]
    async fn lagging_subscriber_gets_a_fresh_snapshot_instead_of_a_gap() {
        let (_dir, handle) = fixture_with_buffer(2).await;
        let mut rx = subscribe(&handle, None, 1);
        assert!(matches!(next(&mut rx).await, Feed::Snapshot { .. }));
        // The subscriber does not read while 20 events are written: the bus keeps only 2.
        for _ in 0..20 {
            handle.emit("", &backed_up()).await.unwrap();
        }
        let mut saw_resync = false;
        let mut last = 0;
        while last < 20 {
            match next(&mut rx).await {
                Feed::Snapshot {
                    reason,
                    last_event_id,
                    ..
                } => {
                    assert_eq!(reason, SnapshotReason::Lagged);
                    saw_resync = true;
                    last = last_event_id;
                }
                Feed::Event(event) => {
                    assert!(event.id > last, "events stay in order after a resync");
                    last = event.id;
                }
                Feed::Live(_) => {}
            }
        }
        assert!(saw_resync, "a lagging subscriber must be told to resync");
    }

    #[tokio::test]
    async fn live_messages_reach_every_subscriber_and_are_never_logged() {
        let (_dir, handle) = fixture().await;
        let mut first = handle.bus().subscribe_live();
        let mut second = handle.bus().subscribe_live();
        let head = handle.store().last_event_id();
        handle.bus().live_sender().publish(Live::LocksChanged);
        assert_eq!(first.recv().await, Some(LiveMessage::Live(Live::LocksChanged)));
        assert_eq!(second.recv().await, Some(LiveMessage::Live(Live::LocksChanged)));
        assert_eq!(handle.store().last_event_id(), head);
        assert!(handle.store().events_after(head, 10).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_lagging_live_subscriber_is_told_how_much_it_missed() {
        let (_dir, handle) = fixture().await;
        let mut slow = handle.bus().subscribe_live();
        let live = handle.bus().live_sender();
        for _ in 0..LIVE_BUFFER + 5 {
            live.publish(Live::LocksChanged);
        }
        assert_eq!(slow.recv().await, Some(LiveMessage::Lagged { skipped: 5 }));
        assert_eq!(slow.recv().await, Some(LiveMessage::Live(Live::LocksChanged)));
    }

    #[tokio::test]
    async fn a_lock_change_is_published_live_when_a_hook_claims_a_file() {
        let (dir, handle) = fixture().await;
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        let mut live = handle.bus().subscribe_live();
        let body = json!({
            "session_id": "cc-1", "cwd": repo, "hook_event_name": "PreToolUse", "tool_name": "Write",
            "tool_input": {"file_path": repo.join("a.rs"), "content": "x"},
        });
        handle
            .handle_hook(
                relay_core::hook::Agent::Claude,
                relay_core::hook::Phase::PreTool,
                body.to_string().as_bytes(),
            )
            .await;
        assert_eq!(live.recv().await, Some(LiveMessage::Live(Live::LocksChanged)));
    }

    #[tokio::test]
    async fn subscription_ends_when_the_daemon_shuts_down() {
        let (_dir, handle) = fixture().await;
        let mut rx = subscribe(&handle, None, 4);
        assert!(matches!(next(&mut rx).await, Feed::Snapshot { .. }));
        handle.request_shutdown();
        let end = tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv())
            .await
            .unwrap();
        assert!(end.is_none());
    }
}
