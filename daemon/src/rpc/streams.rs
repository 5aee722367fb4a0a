//! Open server streams, so shutdown can let them send their last message before connections close: the
//! streams end first (their feeds stop on shutdown), then the server stops — at most [`STREAM_GRACE`] later.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::sync::Notify;
use tokio_stream::Stream;

/// How long shutdown waits for open streams to finish before closing connections anyway.
pub const STREAM_GRACE: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
pub struct OpenStreams {
    count: AtomicUsize,
    changed: Notify,
}

impl OpenStreams {
    /// Wraps a response stream; it counts as open until tonic drops it (after its end was sent).
    pub fn track<S>(self: &Arc<Self>, inner: S) -> Tracked<S> {
        self.count.fetch_add(1, Ordering::AcqRel);
        Tracked {
            inner,
            streams: Arc::clone(self),
        }
    }

    /// Resolves when no stream is open, or after `grace`.
    pub async fn drained(&self, grace: Duration) {
        let wait = async {
            loop {
                let notified = self.changed.notified();
                if self.count.load(Ordering::Acquire) == 0 {
                    return;
                }
                notified.await;
            }
        };
        let _ = tokio::time::timeout(grace, wait).await;
    }
}

pub struct Tracked<S> {
    inner: S,
    streams: Arc<OpenStreams>,
}

impl<S: Stream + Unpin> Stream for Tracked<S> {
    type Item = S::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        Pin::new(&mut self.inner).poll_next(cx)
    }
}

impl<S> Drop for Tracked<S> {
    fn drop(&mut self) {
        self.streams.count.fetch_sub(1, Ordering::AcqRel);
        self.streams.changed.notify_waiters();
    }
}
