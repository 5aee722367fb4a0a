//! The ledger's ingestion (docs/SPEC.md §"Memory graph"): the agents' transcripts read into the ledger tables
//! (`store::ledger`), and the lock table's claims and refusals counted there.
//!
//! Nothing on a hook's path waits on this: the Stop hook's step ([`crate::hooks`]' `ledger` step) and the lock
//! table only put work on a bounded queue ([`Ledger::offer`], `try_send`); the [`Ingest`] component takes it off,
//! finds and watches the agents' transcript folders ([`discover`]), reads each changed file from its saved cursor
//! ([`read`]) and writes what it found in one transaction per batch. A full queue drops the work and counts it
//! ([`Ledger::dropped`]): a transcript is read again on its next change or at the next scan, and only claim
//! counts can be lost.

pub mod discover;
mod ingest;
pub mod read;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use relay_transcripts::Format;
use tokio::sync::mpsc;

pub use ingest::Ingest;

use crate::store::ledger::{Claim, Refusal};

/// Work waiting at most; past it new work is dropped and counted.
pub const QUEUE: usize = 4096;

/// One piece of work for the ingest component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// A transcript that changed (a watcher event, a Stop hook, a scan).
    Transcript { path: PathBuf, format: Format },
    /// Granted lock claims, for the HELD counts.
    Claims(Vec<Claim>),
    /// A refused claim, for the contention buckets.
    Refusal(Refusal),
}

/// The ledger's side of the daemon handle: the queue and what the status line shows.
#[derive(Debug)]
pub struct Ledger {
    sender: mpsc::Sender<Work>,
    receiver: Mutex<Option<mpsc::Receiver<Work>>>,
    dropped: Arc<AtomicU64>,
    /// Transcript reads done, and failed, since start.
    reads: AtomicU64,
    failed_reads: AtomicU64,
}

impl Default for Ledger {
    fn default() -> Ledger {
        let (sender, receiver) = mpsc::channel(QUEUE);
        Ledger {
            sender,
            receiver: Mutex::new(Some(receiver)),
            dropped: Arc::new(AtomicU64::new(0)),
            reads: AtomicU64::new(0),
            failed_reads: AtomicU64::new(0),
        }
    }
}

impl Ledger {
    /// Queues work without waiting; false (and counted) when the queue is full or nothing takes work.
    pub fn offer(&self, work: Work) -> bool {
        self.tap().offer(work)
    }

    /// A handle on the queue for the lock table and the watcher's thread.
    pub(crate) fn tap(&self) -> Tap {
        Tap {
            sender: self.sender.clone(),
            dropped: self.dropped.clone(),
        }
    }

    /// The queue's receiving end, once (the ingest component takes it at start).
    pub(crate) fn take_receiver(&self) -> Option<mpsc::Receiver<Work>> {
        self.receiver
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Work dropped because the queue was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    pub fn reads(&self) -> (u64, u64) {
        (
            self.reads.load(Ordering::Relaxed),
            self.failed_reads.load(Ordering::Relaxed),
        )
    }

    pub(crate) fn count_read(&self, ok: bool) {
        let counter = if ok { &self.reads } else { &self.failed_reads };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// The queue's sending end, counting what a full queue drops.
#[derive(Clone, Debug)]
pub struct Tap {
    sender: mpsc::Sender<Work>,
    dropped: Arc<AtomicU64>,
}

impl Tap {
    /// Queues work without waiting; false (and counted) when the queue is full.
    pub fn offer(&self, work: Work) -> bool {
        let sent = self.sender.try_send(work).is_ok();
        if !sent {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
        sent
    }
}

/// The transcript format of a hook's `transcript_path`: by where it lives, else the agent's usual one.
pub fn hook_transcript_format(agent: relay_core::hook::Agent, path: &str) -> Option<Format> {
    use relay_core::hook::Agent;
    Format::from_path(path).or(match agent {
        Agent::Claude => Some(Format::Claude),
        Agent::Codex => Some(Format::Codex),
        Agent::Cursor => Some(Format::Cursor),
        Agent::Copilot | Agent::Antigravity => None,
    })
}

/// relay-transcripts' agent name for a lock owner's product label (`Claude Code` → `claude`).
pub fn agent_of_label(label: &str) -> Option<&'static str> {
    use relay_core::hook::Agent;
    [
        Agent::Claude,
        Agent::Codex,
        Agent::Cursor,
        Agent::Copilot,
        Agent::Antigravity,
    ]
    .into_iter()
    .find(|agent| agent.label() == label)
    .map(|agent| agent.cli_name())
}
