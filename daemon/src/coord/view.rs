//! What the lock table answers: claim outcomes with the deny message, listings for `relay locks` and the TUI,
//! and the records a snapshot persists.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use relay_core::display::human_age;

use super::intent::Intent;
use super::key::LockKey;
use relay_core::owner::Owner;

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ClaimOutcome {
    /// Every path of the claim is now held by the claimer, until `expires_at_ms` unless renewed.
    Granted {
        /// Paths the claimer already held; their expiry moved.
        renewed: Vec<LockKey>,
        /// Paths taken now.
        new: Vec<LockKey>,
        expires_at_ms: i64,
    },
    /// Another session holds a path of the claim; nothing was claimed.
    Denied(Holding),
}

impl ClaimOutcome {
    pub fn is_granted(&self) -> bool {
        matches!(self, ClaimOutcome::Granted { .. })
    }
}

/// A file held by another session, as a denied claim or a read sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Holding {
    /// The file (the first one held by someone else, in key order, for a batch).
    pub path: LockKey,
    pub holder: Owner,
    /// The holder's last meaningful prompt, else the intent sent with its claim.
    pub intent: Option<Intent>,
    /// When the holder took the lock (Unix ms).
    pub since_ms: i64,
    /// When this answer was made; ages in the messages are counted to it.
    pub at_ms: i64,
}

impl Holding {
    /// The reason a pre-tool hook gives the refused agent:
    ///
    /// ```text
    /// File `src/auth.ts` is locked by Claude Code:DESK:52b2…. Pick a different task.
    /// They're working on: "switch the login flow to JWT tokens" (2 min ago).
    /// ```
    pub fn deny_reason(&self) -> String {
        let mut text = format!(
            "File `{}` is locked by {}. Pick a different task.",
            self.path.path(),
            self.holder.short()
        );
        self.push_intent(&mut text);
        text
    }

    /// The heads-up a read gets when someone else is editing the file (reads are never refused).
    pub fn read_notice(&self) -> String {
        let mut text = format!(
            "File `{}` is being edited by {}.",
            self.path.path(),
            self.holder.short()
        );
        self.push_intent(&mut text);
        text
    }

    fn push_intent(&self, text: &mut String) {
        if let Some(intent) = &self.intent {
            let age = human_age(self.at_ms - intent.at_ms);
            let _ = write!(text, "\nThey're working on: \"{}\" ({age}).", intent.text);
        }
    }
}

/// One file in the listing: its lock (held, or released within the last seconds), who waits for it and who
/// read it lately.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LockView {
    pub key: LockKey,
    pub state: LockState,
    /// Sessions refused on this file lately, first refused first.
    pub waiters: Vec<Presence>,
    /// Sessions that read this file lately (reads are presence, never locks).
    pub readers: Vec<Presence>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum LockState {
    /// Arbitrating: claims by other sessions are refused.
    Held {
        holder: Owner,
        since_ms: i64,
        renewed_at_ms: i64,
        expires_at_ms: i64,
        intent: Option<Intent>,
    },
    /// Released or expired; shown for a short while, refuses nobody.
    Released {
        holder: Owner,
        since_ms: i64,
        released_at_ms: i64,
    },
    /// Nobody holds it; listed for its waiters or readers.
    Free,
}

/// A session waiting for, or reading, a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Presence {
    pub owner: Owner,
    pub since_ms: i64,
    pub last_at_ms: i64,
}

/// A held lock as a snapshot stores it; [`LockTable::restore`](super::LockTable::restore) takes them back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockRecord {
    pub workspace: String,
    pub path: String,
    pub agent_label: String,
    pub host: String,
    pub session: String,
    pub since_ms: i64,
    pub renewed_at_ms: i64,
    pub expires_at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent_hint: Option<Intent>,
}

/// What a sweep did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SweepReport {
    /// Locks whose TTL ran out since the last sweep (now shown as released).
    pub expired: Vec<LockKey>,
    /// Released locks, waiters, readers and intents dropped because their time was up.
    pub forgotten: usize,
}

/// What a restore did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RestoreReport {
    pub restored: usize,
    /// Records whose TTL ran out while relayd was down.
    pub expired: usize,
    /// Records for a file another restored (or live) lock of another session already holds.
    pub conflicting: usize,
    /// Records that are not valid locks, each with the reason.
    pub invalid: Vec<String>,
}
