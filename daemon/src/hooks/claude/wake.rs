//! The opt-in wake-up hook (relaybay §4): Claude Code runs `relay hook claude stop --wait` in the background
//! after every turn (`asyncRewake`); the call waits here up to [`WAKE_WAIT`]. When an owner comment waits for
//! the exactly linked session while it is idle — and relay did not block this turn's Stop — the comment is
//! marked delivered and its lines come back: the hook writes them to stderr and exits 2, which wakes Claude
//! with them. Otherwise (time up, the session not linked exactly, ended, relay blocked this turn's Stop, or a
//! newer wait for the same session) nothing comes back and the hook exits 0.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use relay_core::hook::HookEvent;
use tokio::sync::broadcast::error::RecvError;

use super::Claude;
use super::context::COMMENT_BUDGET;
use super::session::{HookStatus, Tracked};
use crate::board::BoardError;
use crate::store::hook_session as db;

/// How long one wait lasts at most (the hook's own timeout is 1,800 s).
pub const WAKE_WAIT: Duration = Duration::from_secs(25 * 60);
/// How long a wait gives the Stop hook that runs beside it to answer before it goes by the turn's state alone.
const SIBLING_GRACE: Duration = Duration::from_secs(3);
/// How often a wait looks again without an event (the Stop hook that marks the session idle runs beside it).
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// The newest wait per Claude Code session id: an older one gives up.
#[derive(Debug, Default)]
pub struct Waits {
    newest: Mutex<HashMap<String, u64>>,
}

impl Waits {
    fn start(&self, cc: &str) -> u64 {
        let mut newest = self
            .newest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let turn = newest.get(cc).map_or(1, |n| n + 1);
        newest.insert(cc.to_owned(), turn);
        turn
    }

    fn is_newest(&self, cc: &str, turn: u64) -> bool {
        let newest = self
            .newest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        newest.get(cc) == Some(&turn)
    }
}

impl Claude<'_> {
    /// Waits up to `limit` for an owner comment to wake the session of `event` (a Stop input); the lines to
    /// wake it with, or `None`.
    pub async fn wait_for_wake(
        &self,
        event: &HookEvent,
        limit: Duration,
    ) -> Result<Option<String>, BoardError> {
        let cc = event.session_id.as_str();
        let stop = super::session::stop_print(event);
        let sibling_by = tokio::time::Instant::now() + SIBLING_GRACE;
        let waits = self.handle.hook_waits();
        let turn = waits.start(cc);
        let mut events = self.handle.store().events().subscribe();
        let mut shutdown = self.handle.shutdown_signal();
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if !waits.is_newest(cc, turn) {
                return Ok(None);
            }
            let sibling_late = tokio::time::Instant::now() >= sibling_by;
            match self.wake_now(cc, &stop, sibling_late).await? {
                Wake::Lines(lines) => return Ok(Some(lines)),
                Wake::Never => return Ok(None),
                Wake::NotYet => {}
            }
            tokio::select! {
                () = tokio::time::sleep_until(deadline) => return Ok(None),
                _ = shutdown.changed() => return Ok(None),
                _ = tokio::time::sleep(LOOK_EVERY) => {}
                received = events.recv() => {
                    if matches!(received, Err(RecvError::Closed)) {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// Whether the session can be woken now. `stop` names the Stop this wait belongs to; `sibling_late` says the
    /// Stop hook beside it has had [`SIBLING_GRACE`] to answer.
    async fn wake_now(&self, cc: &str, stop: &str, sibling_late: bool) -> Result<Wake, BoardError> {
        let sessions = self.handle.hook_sessions();
        let tracked = match sessions.tracked(cc) {
            Some(tracked) => tracked,
            None => {
                let store = self.handle.store();
                let mut conn = store.read().await?;
                match db::by_cc(&mut conn, cc).await? {
                    Some(row) => Tracked::of(&row),
                    None => return Ok(Wake::Never),
                }
            }
        };
        if !tracked.exact || tracked.status == Some(HookStatus::Ended) {
            return Ok(Wake::Never);
        }
        // relay blocked this Stop: the turn goes on, and its next Stop starts a new wait. End this one now — Claude
        // Code holds a Stop block back while the wake-up hook still runs beside it. Which Stop relay answered last
        // is known by its input; until the Stop hook beside this wait has answered, wait for it (a blocked earlier
        // Stop of the turn must not end the wait of the allowed last one).
        let blocked = match &tracked.last_stop {
            Some((answered, blocked)) if answered == stop => *blocked,
            _ if !sibling_late => return Ok(Wake::NotYet),
            _ => tracked.blocked_this_turn,
        };
        if blocked {
            return Ok(Wake::Never);
        }
        if tracked.status != Some(HookStatus::Idle) {
            return Ok(Wake::NotYet);
        }
        let lines = self.deliver(&tracked, COMMENT_BUDGET).await?;
        if lines.is_empty() {
            return Ok(Wake::NotYet);
        }
        Ok(Wake::Lines(lines.join("\n")))
    }
}

enum Wake {
    Lines(String),
    NotYet,
    Never,
}

impl crate::handle::DaemonHandle {
    /// The wake-up hook's call: the Stop input of a Claude Code session, then a wait of up to `limit` (see the
    /// module documentation). A body that is not a usable Stop input, or a store failure, wakes nothing.
    pub async fn wait_hook(&self, body: &[u8], limit: Duration) -> Option<String> {
        self.wait_hook_with(body, limit, |_| true).await
    }

    /// [`DaemonHandle::wait_hook`] on a docker session's hook socket: only for an agent session of that
    /// container ([`crate::hooks::ContainerOrigin::adopt`]).
    pub async fn wait_container_hook(
        &self,
        body: &[u8],
        limit: Duration,
        origin: &crate::hooks::ContainerOrigin,
    ) -> Option<String> {
        let runner = self.runner();
        self.wait_hook_with(body, limit, |event| origin.adopt(event, &runner))
            .await
    }

    async fn wait_hook_with(
        &self,
        body: &[u8],
        limit: Duration,
        admit: impl FnOnce(&mut relay_core::hook::HookEvent) -> bool,
    ) -> Option<String> {
        use relay_core::hook::{Agent, Phase, read_event};
        let mut event = match read_event(Agent::Claude, Phase::Stop, body) {
            Ok(event) if event.agent == Agent::Claude => event,
            Ok(_) | Err(_) => return None,
        };
        if !admit(&mut event) {
            return None;
        }
        match self.claude().wait_for_wake(&event, limit).await {
            Ok(wake) => wake,
            Err(err) => {
                tracing::warn!(error = %err, "a wake-up hook gave up");
                None
            }
        }
    }
}
