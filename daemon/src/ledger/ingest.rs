//! The ingest component: the queue's consumer, the watcher over the agents' transcript folders, the periodic
//! scan that finds folders created later and changes the watcher missed, and the text retention.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use notify::{RecursiveMode, Watcher as _};
use relay_transcripts::Format;
use tokio::sync::mpsc;

use super::discover::{self, Found};
use super::{Work, read};
use crate::component::{Component, ComponentFuture};
use crate::handle::DaemonHandle;
use crate::store::ledger::{self, Claim, Refusal};

/// How often the agent folders are scanned (new folders are watched, missed changes read).
pub const SCAN_EVERY: Duration = Duration::from_secs(30);
/// How often text past `graph_text_days` is removed.
pub const RETENTION_EVERY: Duration = Duration::from_secs(3600);
/// Changes to one file within this long are read once.
pub const DEBOUNCE: Duration = Duration::from_millis(200);
/// Pieces of work taken off the queue per round at most.
const ROUND: usize = 4096;
/// Intents older than this are not put back into the lock table at start.
const INTENT_REFILL_MS: i64 = 24 * 3600 * 1000;

/// The ledger's ingest loop (a [`Component`]).
#[derive(Debug)]
pub struct Ingest;

impl Component for Ingest {
    fn name(&self) -> &'static str {
        "ledger"
    }

    fn run(&self, handle: DaemonHandle) -> ComponentFuture {
        Box::pin(async move {
            let Some(receiver) = handle.ledger().take_receiver() else {
                tracing::warn!("the ledger's queue was taken already; transcripts are not read this run");
                return;
            };
            refill_intents(&handle).await;
            let mut ingest = Running::new(&handle);
            ingest.run(receiver).await;
        })
    }
}

/// The lock intents of the last day, from the ledger (the deny message's "They're working on").
async fn refill_intents(handle: &DaemonHandle) {
    let since = handle.now_ms() - INTENT_REFILL_MS;
    let intents = match handle.store().read().await {
        Ok(mut db) => ledger::recent_intents(&mut db, since).await,
        Err(err) => Err(err),
    };
    match intents {
        Ok(intents) => {
            let coord = handle.coord();
            for (agent, session, text, at_ms) in intents {
                let owner = relay_core::hook::Agent::parse(&agent).ok().and_then(|agent| {
                    let session = relay_core::owner::SessionId::new(&session).ok()?;
                    relay_core::owner::Owner::new(agent.label(), coord.host(), session).ok()
                });
                if let Some(owner) = owner {
                    coord.table().record_prompt(&owner, &text, at_ms);
                }
            }
        }
        Err(err) => tracing::warn!(error = %err, "lock intents not refilled from the ledger"),
    }
}

struct Running {
    handle: DaemonHandle,
    folders: Vec<PathBuf>,
    watched: HashSet<PathBuf>,
    watcher: Option<notify::RecommendedWatcher>,
    /// Size and time of each file when last read, so a scan only reads what changed.
    seen: HashMap<PathBuf, (u64, i64)>,
    /// Files already recorded as unreadable.
    noted: HashSet<PathBuf>,
}

impl Running {
    fn new(handle: &DaemonHandle) -> Running {
        let homes = discover::homes(&handle.config().transcript_roots);
        let folders = homes
            .iter()
            .flat_map(|home| discover::agent_folders(home))
            .collect();
        let tap = handle.ledger().tap();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event {
                for path in event.paths {
                    if let Some(Found::Transcript(path, format)) = discover::classify(&path) {
                        // A full queue drops the event (counted); the next scan reads the file.
                        tap.offer(Work::Transcript { path, format });
                    }
                }
            }
        });
        let watcher = match watcher {
            Ok(watcher) => Some(watcher),
            Err(err) => {
                tracing::warn!(error = %err, "cannot watch the agents' transcript folders; they are scanned every {}s instead", SCAN_EVERY.as_secs());
                None
            }
        };
        Running {
            handle: handle.clone(),
            folders,
            watched: HashSet::new(),
            watcher,
            seen: HashMap::new(),
            noted: HashSet::new(),
        }
    }

    async fn run(&mut self, mut receiver: mpsc::Receiver<Work>) {
        let ingest = self.handle.config().graph_ingest;
        let mut scan = tokio::time::interval(SCAN_EVERY);
        let mut retention = tokio::time::interval(RETENTION_EVERY);
        scan.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        retention.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = self.handle.shutdown_requested() => return,
                _ = scan.tick(), if ingest => self.scan().await,
                _ = retention.tick() => self.retention().await,
                work = receiver.recv() => {
                    let Some(first) = work else { return };
                    if matches!(first, Work::Transcript { .. }) {
                        tokio::time::sleep(DEBOUNCE).await;
                    }
                    let mut round = vec![first];
                    while round.len() < ROUND && let Ok(more) = receiver.try_recv() {
                        round.push(more);
                    }
                    self.round(round, ingest).await;
                }
            }
        }
    }

    /// One round of work: transcripts once each, claims and refusals in one write.
    async fn round(&mut self, round: Vec<Work>, ingest: bool) {
        let mut transcripts: Vec<(PathBuf, Format)> = Vec::new();
        let mut claims: Vec<Claim> = Vec::new();
        let mut refusals: Vec<Refusal> = Vec::new();
        for work in round {
            match work {
                Work::Transcript { path, format } => {
                    if !transcripts.iter().any(|(p, _)| *p == path) {
                        transcripts.push((path, format));
                    }
                }
                Work::Claims(more) => claims.extend(more),
                Work::Refusal(refusal) => refusals.push(refusal),
            }
        }
        if !claims.is_empty() || !refusals.is_empty() {
            self.write_locks(&claims, &refusals).await;
        }
        if ingest {
            for (path, format) in transcripts {
                self.read(&path, format).await;
            }
        }
    }

    async fn write_locks(&self, claims: &[Claim], refusals: &[Refusal]) {
        let keep_text = self.handle.config().graph_text;
        let result = async {
            let mut tx = self.handle.store().begin_write().await?;
            ledger::record_claims(&mut tx, claims).await?;
            ledger::record_refusals(&mut tx, refusals, keep_text).await?;
            tx.commit().await
        }
        .await;
        if let Err(err) = result {
            tracing::warn!(error = %err, claims = claims.len(), refusals = refusals.len(), "lock claims not counted in the ledger");
        }
    }

    async fn read(&mut self, path: &Path, format: Format) {
        let Some(stamp) = stamp(path) else {
            return;
        };
        match read::read_transcript(&self.handle, path, format).await {
            Ok(report) => {
                self.handle.ledger().count_read(true);
                self.seen.insert(path.to_path_buf(), stamp);
                if !report.unchanged {
                    tracing::debug!(path = %path.display(), turns = report.added.turns, edits = report.added.edits, "transcript read into the ledger");
                }
            }
            Err(err) => {
                self.handle.ledger().count_read(false);
                tracing::warn!(error = %err, "transcript not read");
                let text = path.to_string_lossy();
                let error = err.to_string();
                if let Ok(mut tx) = self.handle.store().begin_write().await
                    && ledger::cursor_problem(
                        &mut tx,
                        &text,
                        format.name(),
                        None,
                        Some(&error),
                        self.handle.now_ms(),
                    )
                    .await
                    .is_ok()
                {
                    let _ = tx.commit().await;
                }
            }
        }
    }

    /// Watches folders that appeared, and reads every transcript that changed since it was last read.
    async fn scan(&mut self) {
        let folders: Vec<PathBuf> = self.folders.iter().filter(|f| f.is_dir()).cloned().collect();
        for folder in &folders {
            if !self.watched.contains(folder)
                && let Some(watcher) = self.watcher.as_mut()
            {
                match watcher.watch(folder, RecursiveMode::Recursive) {
                    Ok(()) => {
                        self.watched.insert(folder.clone());
                    }
                    Err(err) => {
                        tracing::warn!(folder = %folder.display(), error = %err, "cannot watch a transcript folder; it is scanned instead")
                    }
                }
            }
        }
        let found = {
            let folders = folders.clone();
            tokio::task::spawn_blocking(move || {
                folders.iter().flat_map(|f| discover::scan(f)).collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default()
        };
        for item in found {
            match item {
                Found::Transcript(path, format) => {
                    if stamp(&path).is_some_and(|now| self.seen.get(&path) != Some(&now)) {
                        self.read(&path, format).await;
                    }
                }
                Found::Unreadable(path, why) => {
                    if self.noted.insert(path.clone()) {
                        self.note_unreadable(&path, why).await;
                    }
                }
            }
        }
    }

    async fn note_unreadable(&self, path: &Path, why: &str) {
        let text = path.to_string_lossy();
        let result = async {
            let mut tx = self.handle.store().begin_write().await?;
            ledger::cursor_problem(
                &mut tx,
                &text,
                "unreadable",
                Some(why),
                None,
                self.handle.now_ms(),
            )
            .await?;
            tx.commit().await
        }
        .await;
        if let Err(err) = result {
            tracing::warn!(error = %err, "an unreadable transcript not recorded");
        }
    }

    async fn retention(&self) {
        let days = i64::from(self.handle.config().graph_text_days);
        let before = self.handle.now_ms() - days * 24 * 3600 * 1000;
        let result = async {
            let mut tx = self.handle.store().begin_write().await?;
            let changed = ledger::expire_text(&mut tx, before).await?;
            tx.commit().await?;
            Ok::<u64, crate::store::StoreError>(changed)
        }
        .await;
        match result {
            Ok(0) => {}
            Ok(changed) => tracing::info!(changed, days, "ledger text past its retention removed"),
            Err(err) => tracing::warn!(error = %err, "ledger retention did not run"),
        }
    }
}

/// A file's size and modification time (ms).
fn stamp(path: &Path) -> Option<(u64, i64)> {
    let meta = std::fs::metadata(path).ok()?;
    let mtime = meta
        .modified()
        .ok()?
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    Some((meta.len(), mtime))
}
