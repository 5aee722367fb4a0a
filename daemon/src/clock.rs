//! The daemon's clock: what every rule that depends on the time reads (`DaemonHandle::now_ms`), so a test can fix
//! the time instead of sleeping. The real one reads the system clock; [`FixedClock`] stands still until moved.

#[cfg(test)]
use std::sync::atomic::{AtomicI64, Ordering};

/// Unix time in milliseconds.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now_ms(&self) -> i64;
}

/// The system clock (relay-core's `time::now_ms`).
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        relay_core::time::now_ms()
    }
}

/// A clock that reads what it was set to, for tests of time-dependent rules.
#[cfg(test)]
#[derive(Debug)]
pub struct FixedClock(AtomicI64);

#[cfg(test)]
impl FixedClock {
    pub fn at(now_ms: i64) -> FixedClock {
        FixedClock(AtomicI64::new(now_ms))
    }

    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

#[cfg(test)]
impl Clock for FixedClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::{Caller, ProjectInput};
    use crate::testing::fixture_on;

    #[tokio::test]
    async fn the_board_and_its_events_read_the_handle_clock_when_it_is_fixed() {
        let clock = Arc::new(FixedClock::at(1_800_000_000_000));
        let (_dir, handle) = fixture_on(|_| {}, clock.clone()).await;
        assert_eq!(handle.status().started_at_ms, 1_800_000_000_000);
        clock.advance(1_500);
        let input = ProjectInput {
            slug: "acme".into(),
            name: Some("Acme".into()),
            repo_path: None,
            description: None,
        };
        handle
            .board()
            .upsert_project(input, &Caller::socket_peer())
            .await
            .unwrap();
        let events = handle.store().events_after(0, 10).await.unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].at_ms, 1_800_000_001_500);
    }
}
