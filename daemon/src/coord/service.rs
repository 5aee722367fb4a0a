//! The lock table at work in relayd: [`Coord`] (the table, this machine's host name and the snapshot file),
//! [`Coord::decide`] (what one hook event does to the table: the lock step of [`crate::hooks`]), the sweeper and
//! the snapshot writer ([`Sweeper`]), and the restore at start.
//!
//! The hook path reads only memory: the table's mutex for a few microseconds and a `stat` or two to find the
//! repository. The `lock.contended` events are written by a spawned task after the answer is made, and the
//! snapshot by the background loop, so a claim never waits on SQLite or the disk.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use relay_core::config::Config;
use relay_core::event::payload;
use relay_core::hook::{Decision, HookEvent, Phase};
use serde::{Deserialize, Serialize};

use super::{
    ClaimOutcome, Contention, LockConfig, LockRecord, LockTable, LockView, Owner, SessionId, Ttl, lock_key,
};
use crate::bus::{Live, LiveSender};
use crate::component::{Component, ComponentFuture};
use crate::handle::DaemonHandle;

/// How often expired locks are turned into released ones and old presence is forgotten.
pub const SWEEP_EVERY: Duration = Duration::from_secs(2);
/// How often, at most, the snapshot is written (only when the locks changed).
pub const SAVE_EVERY: Duration = Duration::from_secs(1);
/// The snapshot file in the data directory.
pub const SNAPSHOT_FILE: &str = "locks.json";
const SNAPSHOT_VERSION: u32 = 1;

/// The coordination component: the lock table and what keeps it across restarts.
#[derive(Debug)]
pub struct Coord {
    table: LockTable,
    /// This machine, as lock owners name it (`Claude Code:<host>:<session>`).
    host: String,
    snapshot: PathBuf,
    /// Bumped by every change a snapshot would show (a lock taken, renewed, released or expired).
    changes: AtomicU64,
    /// The `changes` value the file on disk reflects; held while writing, so two saves never interleave.
    saved: Mutex<u64>,
    /// The newest contention id written to the event log.
    recorded: tokio::sync::Mutex<u64>,
    /// Lock changes go out live, never to the log.
    live: LiveSender,
    /// Where granted and refused claims are counted (the ledger's queue; `try_send`, never waited on).
    ledger: std::sync::OnceLock<crate::ledger::Tap>,
}

/// A file another session holds, as a destructive command's warning names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub workspace: String,
    /// Relative to the workspace.
    pub path: String,
    /// The holder as `relay locks` shows it.
    pub holder: String,
    /// The holder's last meaningful prompt, else the intent sent with its claim.
    pub intent: Option<String>,
}

/// The snapshot file's shape.
#[derive(Debug, Serialize, Deserialize)]
struct Snapshot {
    version: u32,
    saved_at_ms: i64,
    locks: Vec<LockRecord>,
}

/// Why a snapshot could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the lock snapshot {path}: {problem}")]
pub struct SnapshotError {
    path: PathBuf,
    problem: String,
}

impl Coord {
    /// A component with an empty table, the TTL from `lock_ttl_secs`, and its snapshot at `<data>/locks.json`.
    pub fn new(config: &Config, live: LiveSender) -> Coord {
        let table = LockTable::new(LockConfig {
            ttl: Ttl::from_secs(config.lock_ttl_secs),
            ..LockConfig::default()
        });
        Coord {
            table,
            host: hostname(),
            snapshot: config.data_dir.path().join(SNAPSHOT_FILE),
            changes: AtomicU64::new(0),
            saved: Mutex::new(0),
            recorded: tokio::sync::Mutex::new(0),
            live,
            ledger: std::sync::OnceLock::new(),
        }
    }

    /// Counts every granted and refused claim in the ledger from now on (set once, by the daemon handle).
    pub(crate) fn tap_ledger(&self, tap: crate::ledger::Tap) {
        let _ = self.ledger.set(tap);
    }

    /// Hands a claim's outcome to the ledger without waiting (a full queue drops it).
    fn count_claim(&self, owner: &Owner, outcome: &ClaimOutcome, now_ms: i64) {
        let Some(tap) = self.ledger.get() else {
            return;
        };
        let Some(agent) = crate::ledger::agent_of_label(owner.agent_label()) else {
            return;
        };
        let work = match outcome {
            ClaimOutcome::Granted { renewed, new, .. } => crate::ledger::Work::Claims(
                renewed
                    .iter()
                    .chain(new)
                    .map(|key| crate::store::ledger::Claim {
                        agent: agent.to_owned(),
                        session_id: owner.session().to_string(),
                        workspace: key.workspace().to_owned(),
                        file: key.path().to_owned(),
                        at_ms: now_ms,
                    })
                    .collect(),
            ),
            ClaimOutcome::Denied(holding) => {
                let Some(holder_agent) = crate::ledger::agent_of_label(holding.holder.agent_label()) else {
                    return;
                };
                crate::ledger::Work::Refusal(crate::store::ledger::Refusal {
                    workspace: holding.path.workspace().to_owned(),
                    file: holding.path.path().to_owned(),
                    holder: (holder_agent.to_owned(), holding.holder.session().to_string()),
                    wanted: (agent.to_owned(), owner.session().to_string()),
                    holder_intent: holding.intent.as_ref().map(|intent| intent.text.clone()),
                    at_ms: now_ms,
                })
            }
        };
        tap.offer(work);
    }

    pub fn table(&self) -> &LockTable {
        &self.table
    }

    pub fn host(&self) -> &str {
        &self.host
    }

    pub fn snapshot_path(&self) -> &Path {
        &self.snapshot
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::AcqRel);
        self.live.publish(Live::LocksChanged);
    }

    /// Every listed lock at `now_ms` and the newest `limit` contentions (all kept when 0), oldest first.
    pub fn listing(&self, limit: usize, now_ms: i64) -> (Vec<LockView>, Vec<Contention>) {
        let mut contentions = self.table.contentions();
        if limit > 0 && contentions.len() > limit {
            contentions.drain(..contentions.len() - limit);
        }
        (self.table.locks(now_ms), contentions)
    }

    /// Sweeps the table; a lock that expired changes the snapshot.
    pub fn sweep(&self, now_ms: i64) {
        let report = self.table.sweep(now_ms);
        if !report.expired.is_empty() {
            tracing::debug!(expired = report.expired.len(), "file locks expired");
            self.changed();
        }
    }

    /// Takes back the locks of the snapshot file (at start). A missing file is no locks; a file that cannot be
    /// read or parsed is logged and ignored, and replaced at the next save.
    pub fn restore(&self, now_ms: i64) {
        let path = &self.snapshot;
        let text = match std::fs::read(path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return,
            Err(err) => {
                tracing::warn!(path = %path.display(), error = %err, "cannot read the lock snapshot; starting with no file locks");
                return self.changed();
            }
        };
        let snapshot = match serde_json::from_slice::<Snapshot>(&text) {
            Ok(snapshot) if snapshot.version == SNAPSHOT_VERSION => snapshot,
            Ok(snapshot) => {
                tracing::warn!(path = %path.display(), version = snapshot.version, "the lock snapshot is of another version; starting with no file locks");
                return self.changed();
            }
            Err(err) => {
                tracing::warn!(path = %path.display(), error = %err, "the lock snapshot is not valid JSON of locks; starting with no file locks");
                return self.changed();
            }
        };
        let report = self.table.restore(snapshot.locks, now_ms);
        for problem in &report.invalid {
            tracing::warn!(path = %path.display(), %problem, "skipped a lock of the snapshot");
        }
        tracing::info!(
            restored = report.restored,
            expired = report.expired,
            conflicting = report.conflicting,
            invalid = report.invalid.len(),
            "file locks restored"
        );
        // The file still holds the expired and invalid records; the next save drops them.
        self.changed();
    }

    /// Writes the snapshot (temp file, fsync, rename; mode 0600) when the locks changed since the last write.
    /// Blocking: run it on a blocking thread. Returns whether it wrote.
    pub fn save(&self) -> Result<bool, SnapshotError> {
        let mut saved = self
            .saved
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let changes = self.changes.load(Ordering::Acquire);
        if changes == *saved {
            return Ok(false);
        }
        let snapshot = Snapshot {
            version: SNAPSHOT_VERSION,
            saved_at_ms: relay_core::time::now_ms(),
            locks: self.table.entries(),
        };
        let error = |problem: String| SnapshotError {
            path: self.snapshot.clone(),
            problem,
        };
        let bytes = serde_json::to_vec_pretty(&snapshot).map_err(|e| error(e.to_string()))?;
        crate::token::write_private(&self.snapshot, &bytes).map_err(|e| error(e.to_string()))?;
        *saved = changes;
        Ok(true)
    }

    /// The decision for one hook call, and whether a claim was refused.
    pub(crate) fn decide(&self, event: &HookEvent, now_ms: i64) -> (Decision, bool) {
        let Some(owner) = self.owner(event) else {
            return (Decision::Allow, false);
        };
        match event.phase {
            Phase::PreTool | Phase::PreRead => {
                let workspace = workspace(event);
                let Some(workspace) = workspace.to_str() else {
                    tracing::debug!("the hook's working directory is not UTF-8; nothing to coordinate");
                    return (Decision::Allow, false);
                };
                match event.resolved_edits() {
                    Some(files) if !files.is_empty() => self.claim(&owner, workspace, &files, now_ms),
                    _ => (self.read(&owner, workspace, event, now_ms), false),
                }
            }
            Phase::PostTool => {
                if self.table.heartbeat(&owner, now_ms) > 0 {
                    self.changed();
                }
                (Decision::Allow, false)
            }
            Phase::Prompt => {
                if let Some(prompt) = &event.prompt {
                    self.table.record_prompt(&owner, prompt, now_ms);
                }
                (Decision::Allow, false)
            }
            Phase::Stop | Phase::SessionEnd => {
                let released = self.table.release_owner(&owner, now_ms);
                if !released.is_empty() {
                    tracing::debug!(owner = %owner, released = released.len(), "file locks released");
                    self.changed();
                }
                (Decision::Allow, false)
            }
            Phase::SessionStart | Phase::Notification => (Decision::Allow, false),
        }
    }

    /// The files other sessions hold now (every workspace), for a command that may discard them; empty when
    /// the event's session cannot own locks.
    pub(crate) fn held_by_others(&self, event: &HookEvent, now_ms: i64) -> Vec<Held> {
        let me = self.owner(event);
        self.table
            .locks(now_ms)
            .into_iter()
            .filter_map(|view| match view.state {
                super::LockState::Held { holder, intent, .. } => {
                    let mine = me.as_ref().is_some_and(|me| me.session() == holder.session());
                    (!mine).then(|| Held {
                        workspace: view.key.workspace().to_owned(),
                        path: view.key.path().to_owned(),
                        holder: holder.short(),
                        intent: intent.map(|intent| intent.text),
                    })
                }
                _ => None,
            })
            .collect()
    }

    fn owner(&self, event: &HookEvent) -> Option<Owner> {
        let transcript = event.transcript_path.as_deref().and_then(Path::to_str);
        let session = SessionId::from_hook(transcript, Some(event.session_id.as_str()));
        let owner = session.map(|session| Owner::new(event.agent.label(), &self.host, session));
        match owner {
            Some(Ok(owner)) => Some(owner),
            Some(Err(err)) => {
                tracing::debug!(error = %err, "the hook's session cannot own locks; allowed");
                None
            }
            None => {
                tracing::debug!("the hook's session id cannot own locks; allowed");
                None
            }
        }
    }

    /// Claims the files inside the workspace (files outside it are not the repository's and are not locked).
    fn claim(&self, owner: &Owner, workspace: &str, files: &[PathBuf], now_ms: i64) -> (Decision, bool) {
        let paths: Vec<&str> = files
            .iter()
            .filter_map(|file| file.to_str())
            .filter(|file| lock_key(workspace, file).is_ok())
            .collect();
        if paths.len() < files.len() {
            tracing::debug!(
                skipped = files.len() - paths.len(),
                workspace,
                "edited files outside the workspace are not locked"
            );
        }
        if paths.is_empty() {
            return (Decision::Allow, false);
        }
        // The intent travels with the lock, so a restored lock still says what its holder was doing.
        let hint = self.table.intent(owner.session()).map(|intent| intent.text);
        let outcome = self
            .table
            .claim(owner, workspace, &paths, hint.as_deref(), now_ms);
        if let Ok(outcome) = &outcome {
            self.count_claim(owner, outcome, now_ms);
        }
        match outcome {
            Ok(ClaimOutcome::Granted { renewed, new, .. }) => {
                if !renewed.is_empty() || !new.is_empty() {
                    self.changed();
                }
                (Decision::Allow, false)
            }
            Ok(ClaimOutcome::Denied(holding)) => (
                Decision::Deny {
                    reason: holding.deny_reason(),
                },
                true,
            ),
            Err(err) => {
                tracing::debug!(error = %err, "claim refused before the table; allowed");
                (Decision::Allow, false)
            }
        }
    }

    /// Notes the reads; a file someone else is editing adds a heads-up for the model.
    fn read(&self, owner: &Owner, workspace: &str, event: &HookEvent, now_ms: i64) -> Decision {
        let notices: Vec<String> = event
            .reads
            .iter()
            .filter_map(|file| {
                let file = event.resolve(file);
                let holding = self
                    .table
                    .read_presence(owner, workspace, file.to_str()?, now_ms)
                    .ok()??;
                Some(holding.read_notice())
            })
            .collect();
        match notices.is_empty() {
            true => Decision::Allow,
            false => Decision::Context {
                text: notices.join("\n"),
            },
        }
    }
}

impl DaemonHandle {
    /// Writes a `lock.contended` event for every contention not written yet, after the answer went out.
    pub(crate) fn spawn_contention_events(&self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let handle = self.clone();
        runtime.spawn(async move { handle.record_contentions().await });
    }

    async fn record_contentions(&self) {
        let coord = self.coord();
        let mut recorded = coord.recorded.lock().await;
        let fresh: Vec<Contention> = coord
            .table
            .contentions()
            .into_iter()
            .filter(|c| c.id > *recorded)
            .collect();
        for contention in fresh {
            *recorded = contention.id;
            let payload = payload::LockContended {
                workspace: contention.key.workspace().to_owned(),
                path: contention.key.path().to_owned(),
                holder: contention.holder.to_string(),
                wanted_by: contention.wanted_by.to_string(),
                bucket_ms: contention.bucket_ms,
                contention: contention.id,
            };
            if let Err(err) = self.emit(&contention.key.to_string(), &payload).await {
                tracing::warn!(error = %err, "could not record lock.contended");
            }
        }
    }
}

/// The lock table's component: the sweeper and the snapshot writer until shutdown, and the last snapshot once
/// the in-flight requests have drained (nothing changes the table any more).
#[derive(Debug)]
pub struct Sweeper;

impl Component for Sweeper {
    fn name(&self) -> &'static str {
        "locks"
    }

    fn run(&self, handle: DaemonHandle) -> ComponentFuture {
        Box::pin(async move {
            let mut sweep = tokio::time::interval(SWEEP_EVERY);
            let mut save = tokio::time::interval(SAVE_EVERY);
            sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            save.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    () = handle.shutdown_requested() => return,
                    _ = sweep.tick() => handle.coord().sweep(handle.now_ms()),
                    _ = save.tick() => save_in_background(&handle).await,
                }
            }
        })
    }

    fn stopped(&self, handle: &DaemonHandle) {
        handle.coord().sweep(handle.now_ms());
        if let Err(err) = handle.coord().save() {
            tracing::warn!(error = %err, "file locks not saved at shutdown");
        }
    }
}

async fn save_in_background(handle: &DaemonHandle) {
    let handle = handle.clone();
    match tokio::task::spawn_blocking(move || handle.coord().save()).await {
        Ok(Ok(_)) => {}
        Ok(Err(err)) => tracing::warn!(error = %err, "file locks not saved; retrying in a second"),
        Err(err) => tracing::warn!(error = %err, "the lock snapshot writer failed"),
    }
}

/// The repository the agent works in: the nearest folder holding `.git` at or above its working directory,
/// else the workspace root the agent names that contains it, else the working directory itself. Two agents
/// in one repository thus key a file the same way even when one of them runs in a subfolder.
fn workspace(event: &HookEvent) -> PathBuf {
    let cwd = &event.cwd;
    if cwd.is_absolute()
        && let Some(root) = cwd
            .ancestors()
            .find(|dir| dir.join(".git").symlink_metadata().is_ok())
    {
        return root.to_path_buf();
    }
    event
        .workspace_roots
        .iter()
        .find(|root| cwd.starts_with(root))
        .unwrap_or(cwd)
        .clone()
}

/// This machine's name (the kernel's, as `uname -n` prints it), else `localhost`.
fn hostname() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .filter_map(|file| std::fs::read_to_string(file).ok())
        .map(|name| name.trim().to_owned())
        .find(|name| !name.is_empty() && !name.chars().any(char::is_control) && name.len() <= 255)
        .unwrap_or_else(|| "localhost".to_owned())
}
