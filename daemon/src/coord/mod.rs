//! Coordination: the file-lock table that keeps two agents from editing one file at once.
//!
//! Each agent's pre-tool hook claims the files it is about to edit; relayd answers from [`LockTable`] in a few
//! microseconds. A lock is keyed `<workspace>::<repo-relative path>` ([`lock_key`]) and held by
//! `<agent label>:<host>:<session>` ([`Owner`], compared by session), for a TTL (15 s by default, 5–300 s)
//! that the owner's next claim or post-tool heartbeat renews and its stop or session end releases. A refused
//! claim names the holder and what it is working on ([`Holding::deny_reason`]), notes the refused session as a
//! waiter and counts a [`Contention`] (one per 10 s bucket). Reads are presence, never locks.
//!
//! The table does no I/O and reads no clock: callers pass Unix milliseconds, and persistence goes through
//! [`LockTable::entries`] and [`LockTable::restore`]. [`Coord`] (`service.rs`) is the table at work in relayd:
//! the lock step of the hook pipeline ([`crate::hooks`]) answers agent hook calls from it, [`Sweeper`] (a
//! [`crate::component::Component`]) sweeps it every 2 s and writes its snapshot (`<data>/locks.json`) at most
//! once a second, and the daemon restores that snapshot at start.

mod contention;
mod intent;
mod key;
mod service;
mod table;
mod view;

#[cfg(test)]
mod tests;

use std::time::Duration;

pub use contention::{CONTENTION_BUCKET_MS, Contention};
pub use intent::{FILLER_PROMPTS, Intent, MAX_INTENT_CHARS, is_filler, meaningful};
pub use key::{KeyError, LockKey, MAX_PATH_LEN, lock_key};
pub use relay_core::owner::{Owner, OwnerError, SessionId};
pub use service::{Coord, Held, SAVE_EVERY, SNAPSHOT_FILE, SWEEP_EVERY, SnapshotError, Sweeper};
pub use table::LockTable;
pub use view::{
    ClaimOutcome, Holding, LockRecord, LockState, LockView, Presence, RestoreReport, SweepReport,
};

/// Most paths in one claim. A hook claims the files of one tool call; this bounds the time the mutex is held.
pub const MAX_BATCH: usize = 1024;

/// A claim refused before the table was looked at. Nothing was claimed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("a claim of {count} paths is more than the {MAX_BATCH} one claim may hold; claim them in parts")]
    TooMany { count: usize },
}

/// How long a lock lives without renewal: 15 s unless configured, always within 5–300 s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ttl(Duration);

impl Ttl {
    pub const MIN: Ttl = Ttl(Duration::from_secs(5));
    pub const DEFAULT: Ttl = Ttl(Duration::from_secs(15));
    pub const MAX: Ttl = Ttl(Duration::from_secs(300));

    /// `duration` brought into 5–300 s.
    pub fn clamped(duration: Duration) -> Ttl {
        Ttl(duration.clamp(Ttl::MIN.0, Ttl::MAX.0))
    }

    pub fn from_secs(secs: u64) -> Ttl {
        Ttl::clamped(Duration::from_secs(secs))
    }

    pub fn as_duration(self) -> Duration {
        self.0
    }

    pub fn as_ms(self) -> i64 {
        i64::try_from(self.0.as_millis()).unwrap_or(i64::MAX)
    }
}

impl Default for Ttl {
    fn default() -> Ttl {
        Ttl::DEFAULT
    }
}

/// The lock table's timings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockConfig {
    pub ttl: Ttl,
    /// How long a released or expired lock stays listed (refusing nobody). Default 30 s; keep it under a minute.
    pub released_visible: Duration,
    /// How long a refused session stays listed as waiting for the file after its last refusal. Default 3 min.
    pub waiter_window: Duration,
    /// How long a read stays listed as presence on the file. Default 60 s.
    pub presence_window: Duration,
    /// How long the intent of a session that holds no lock is kept. Default 6 h.
    pub intent_retention: Duration,
    /// Contentions kept for listing, newest kept. Default 1,000.
    pub contention_capacity: usize,
}

impl Default for LockConfig {
    fn default() -> LockConfig {
        LockConfig {
            ttl: Ttl::DEFAULT,
            released_visible: Duration::from_secs(30),
            waiter_window: Duration::from_secs(180),
            presence_window: Duration::from_secs(60),
            intent_retention: Duration::from_secs(6 * 3600),
            contention_capacity: 1000,
        }
    }
}
