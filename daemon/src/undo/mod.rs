//! Nothing an agent does to the tree is unrecoverable (issue 20): snapshots of uncommitted work before a
//! destructive command (the hook step `hooks/undo.rs`) or before relay removes a runner workspace, their rows,
//! retention, and `relay undo` — the way back.
//!
//! The snapshot is git's own object (`git.rs`): a commit under `refs/relay/snapshots/…`, so `git gc` keeps it while
//! the ref exists, and it holds what the working tree held (tracked changes and untracked files, not ignored
//! ones). The row (`store::snapshot`) says who, which command, which task, what it holds.

pub mod git;

use std::path::{Path, PathBuf};

use relay_core::event::payload;
use serde::{Deserialize, Serialize};

pub use git::{Action, GitError, RefState, Skipped};

use crate::handle::DaemonHandle;
use crate::store::StoreError;
use crate::store::snapshot::{self as rows, NewSnapshot, SnapshotRow};

/// The longest command text a row keeps.
const COMMAND_CHARS: usize = 2_000;

/// Why relay took a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// An agent's tool call would discard uncommitted work.
    Command,
    /// relay is about to remove a runner session's workspace.
    Remove,
}

impl Reason {
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Command => "command",
            Reason::Remove => "remove",
        }
    }
}

/// A session whose locked files a command would discard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldBy {
    /// The lock owner, as `relay locks` shows it.
    pub holder: String,
    pub intent: Option<String>,
    pub paths: Vec<String>,
}

/// What to snapshot and for whom.
#[derive(Clone, Debug)]
pub struct Ask<'a> {
    /// A folder inside the working tree.
    pub dir: &'a Path,
    pub reason: Reason,
    /// The relay session's name when relay knows it, else the agent's session.
    pub session: &'a str,
    /// The board session (for its bound task).
    pub session_id: Option<i64>,
    pub agent: &'a str,
    pub command: &'a str,
    pub held: Vec<HeldBy>,
}

/// A snapshot written, or why none was needed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Took {
    Saved {
        row: Box<SnapshotRow>,
        skipped: Vec<Skipped>,
        notes: Vec<String>,
    },
    Clean {
        root: PathBuf,
        skipped: Vec<Skipped>,
        notes: Vec<String>,
    },
}

/// Why a snapshot or a restore failed.
#[derive(Debug, thiserror::Error)]
pub enum UndoError {
    #[error(transparent)]
    Git(#[from] GitError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("there is no snapshot {0}; `relay snapshots` lists them")]
    NotFound(i64),
    #[error(
        "snapshot {id}'s ref {git_ref} was deleted and git has pruned its commit {commit}; its files cannot be brought back"
    )]
    Gone {
        id: i64,
        git_ref: String,
        commit: String,
    },
    #[error(
        "the repository {0} of this snapshot is not there any more; restore into another folder with --to"
    )]
    RepoMissing(String),
    #[error("no file of snapshot {id} is under {paths}; its files are: {files}")]
    NoSuchPaths { id: i64, paths: String, files: String },
    #[error("{0}")]
    BadTarget(String),
}

/// A restore to do.
#[derive(Clone, Debug, Default)]
pub struct Undo {
    pub id: i64,
    /// Only these files or folders (repo-relative); all when empty.
    pub paths: Vec<String>,
    /// Into this folder (absolute) instead of the repository.
    pub to: Option<PathBuf>,
    /// Overwrite files changed after the snapshot.
    pub force: bool,
    /// Say what would change; write nothing.
    pub dry_run: bool,
}

/// What a restore did (or would do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    pub row: SnapshotRow,
    pub into: PathBuf,
    pub changes: Vec<git::FileChange>,
    /// Files were written.
    pub applied: bool,
    /// Files changed after the snapshot stopped it (no `--force`); nothing was written.
    pub refused: bool,
    pub ref_state: RefState,
}

impl DaemonHandle {
    /// Snapshots the working tree `ask.dir` is in, records it and emits `snapshot.taken`; then, in the
    /// background, applies retention to the repository.
    pub async fn snapshot_work(&self, ask: Ask<'_>) -> Result<Took, UndoError> {
        let max = self.config().undo_max_file_mb.saturating_mul(1024 * 1024);
        let now = self.now_ms();
        let command: String = ask.command.chars().take(COMMAND_CHARS).collect();
        let outcome = git::snapshot(ask.dir, ask.session, &command, max, now).await?;
        let taken = match outcome {
            git::Outcome::Clean { root, skipped, notes } => return Ok(Took::Clean { root, skipped, notes }),
            git::Outcome::Taken(taken) => taken,
        };
        let repo = taken.root.to_string_lossy().into_owned();
        let store = self.store();
        let (project, key) = {
            let mut read = store.read().await?;
            let bound = match ask.session_id {
                Some(id) => rows::bound_task(&mut read, id).await?,
                None => None,
            };
            match bound {
                Some((project, key)) => (Some(project), Some(key)),
                None => (rows::project_of_repo(&mut read, &repo).await?, None),
            }
        };
        let skipped_json = json(
            &taken
                .skipped
                .iter()
                .map(|s| (&s.path, s.bytes))
                .collect::<Vec<_>>(),
        );
        let notes_json = json(&taken.notes);
        let held_json = json(&ask.held);
        let files = i64::try_from(taken.files.len()).unwrap_or(i64::MAX);
        let bytes = i64::try_from(taken.bytes).unwrap_or(i64::MAX);
        let mut write = store.begin_write().await?;
        let id = rows::insert(
            &mut write,
            &NewSnapshot {
                repo: &repo,
                git_ref: &taken.git_ref,
                commit_sha: &taken.commit,
                base_sha: taken.base.as_deref(),
                reason: ask.reason.as_str(),
                session: ask.session,
                agent: ask.agent,
                command: &command,
                project: project.as_deref(),
                task_key: key.as_deref(),
                files,
                bytes,
                skipped_json: &skipped_json,
                notes_json: &notes_json,
                held_json: &held_json,
                created_at_ms: now,
            },
        )
        .await?;
        write
            .emit(
                &id.to_string(),
                &payload::SnapshotTaken {
                    id,
                    repo: repo.clone(),
                    git_ref: taken.git_ref.clone(),
                    reason: ask.reason.as_str().to_owned(),
                    session: ask.session.to_owned(),
                    agent: ask.agent.to_owned(),
                    command: command.clone(),
                    project: project.clone(),
                    key: key.clone(),
                    files,
                    bytes,
                    skipped: taken.skipped.iter().map(|s| s.path.clone()).collect(),
                    held_by: ask.held.iter().map(|h| h.holder.clone()).collect(),
                },
            )
            .await?;
        write.commit().await?;
        let row = {
            let mut read = store.read().await?;
            rows::get(&mut read, id).await?.ok_or(UndoError::NotFound(id))?
        };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let handle = self.clone();
            let root = taken.root.clone();
            runtime.spawn(async move {
                if let Err(err) = handle.prune_snapshots(&root).await {
                    tracing::warn!(error = %err, repo = %root.display(), "snapshot retention failed");
                }
            });
        }
        Ok(Took::Saved {
            row: Box::new(row),
            skipped: taken.skipped,
            notes: taken.notes,
        })
    }

    /// Before relay removes a runner session's workspace: a snapshot of what it holds beyond its commit. A
    /// session's own clone goes with its folder, so the snapshot (and the commits under it) is fetched into the
    /// project's repository at `keep_in`; a worktree's refs are its repository's already. Either way the row points
    /// at `keep_in`, and `relay undo ID --to DIR` brings the files back.
    pub async fn snapshot_before_remove(
        &self,
        session: &str,
        session_id: i64,
        workspace: &Path,
        keep_in: &str,
        own_clone: bool,
    ) -> Result<Option<i64>, UndoError> {
        let what = match own_clone {
            true => format!("the clone {}", workspace.display()),
            false => format!("the worktree {}", workspace.display()),
        };
        let took = self
            .snapshot_work(Ask {
                dir: workspace,
                reason: Reason::Remove,
                session,
                session_id: Some(session_id),
                agent: "relay",
                command: &what,
                held: Vec::new(),
            })
            .await?;
        let Took::Saved { row, .. } = took else {
            return Ok(None);
        };
        if own_clone {
            git::keep_elsewhere(workspace, Path::new(keep_in), &row.git_ref).await?;
        }
        // The workspace's folder goes; its snapshot is read from the repository that stays.
        let mut write = self.store().begin_write().await?;
        rows::move_repo(&mut write, row.id, keep_in).await?;
        write.commit().await?;
        Ok(Some(row.id))
    }

    /// The newest snapshots first (of one project when given), at most `limit`.
    pub async fn snapshots(&self, project: Option<&str>, limit: i64) -> Result<Vec<SnapshotRow>, UndoError> {
        let filter = rows::Filter {
            project,
            ..rows::Filter::default()
        };
        self.snapshots_where(filter, limit).await
    }

    /// The newest snapshots first that `filter` admits (a project, a task, a session), at most `limit`.
    pub async fn snapshots_where(
        &self,
        filter: rows::Filter<'_>,
        limit: i64,
    ) -> Result<Vec<SnapshotRow>, UndoError> {
        let mut read = self.store().read().await?;
        Ok(rows::list(&mut read, filter, limit).await?)
    }

    /// Retention for one repository: snapshots older than `undo_keep_days` or past the newest
    /// `undo_keep_per_repo` go (ref and row), except each session's newest.
    pub async fn prune_snapshots(&self, root: &Path) -> Result<usize, UndoError> {
        let repo = root.to_string_lossy().into_owned();
        let list = {
            let mut read = self.store().read().await?;
            rows::of_repo(&mut read, &repo).await?
        };
        let config = self.config();
        let oldest = self.now_ms() - i64::from(config.undo_keep_days) * 86_400_000;
        let keep_count = usize::try_from(config.undo_keep_per_repo).unwrap_or(usize::MAX);
        let doomed = doomed(&list, oldest, keep_count);
        for row in &doomed {
            git::delete_ref(root, &row.git_ref).await?;
            let mut write = self.store().begin_write().await?;
            rows::delete(&mut write, row.id).await?;
            write.commit().await?;
        }
        Ok(doomed.len())
    }

    /// Restores a snapshot's files (see [`Undo`]): files missing or as the destructive command left them are
    /// written; a file changed since is left alone unless forced, and then nothing is written at all.
    pub async fn undo(&self, undo: &Undo) -> Result<Undone, UndoError> {
        let row = {
            let mut read = self.store().read().await?;
            rows::get(&mut read, undo.id)
                .await?
                .ok_or(UndoError::NotFound(undo.id))?
        };
        let root = PathBuf::from(&row.repo);
        if !root.is_dir() {
            return Err(UndoError::RepoMissing(row.repo.clone()));
        }
        let ref_state = git::resolve(&root, &row.git_ref, &row.commit_sha).await?;
        if ref_state == RefState::Gone {
            return Err(UndoError::Gone {
                id: row.id,
                git_ref: row.git_ref.clone(),
                commit: row.commit_sha.clone(),
            });
        }
        let into = match &undo.to {
            None => root.clone(),
            Some(to) if !to.is_absolute() => {
                return Err(UndoError::BadTarget(format!(
                    "--to {} is not an absolute path",
                    to.display()
                )));
            }
            Some(to) => {
                match std::fs::symlink_metadata(to) {
                    Ok(meta) if !meta.is_dir() => {
                        return Err(UndoError::BadTarget(format!(
                            "--to {} exists and is not a folder; pass a folder (it is created if missing)",
                            to.display()
                        )));
                    }
                    Ok(_) => {}
                    Err(_) if undo.dry_run => {}
                    Err(_) => std::fs::create_dir_all(to).map_err(|err| {
                        UndoError::BadTarget(format!("could not create {}: {err}", to.display()))
                    })?,
                }
                to.clone()
            }
        };
        let paths: Vec<String> = undo.paths.iter().map(|path| relative_to(path, &root)).collect();
        let plan = git::plan(&root, row.base_sha.as_deref(), &row.commit_sha, &into, &paths).await?;
        if plan.is_empty() && !paths.is_empty() {
            let all = git::plan(&root, row.base_sha.as_deref(), &row.commit_sha, &into, &[]).await?;
            let files: Vec<&str> = all
                .iter()
                .take(20)
                .map(|(change, ..)| change.path.as_str())
                .collect();
            return Err(UndoError::NoSuchPaths {
                id: row.id,
                paths: paths.join(", "),
                files: if files.is_empty() {
                    "none".to_owned()
                } else {
                    files.join(", ")
                },
            });
        }
        let newer = plan.iter().any(|(change, ..)| change.action == Action::Newer);
        let refused = newer && !undo.force;
        let changes: Vec<git::FileChange> = plan.iter().map(|(change, ..)| change.clone()).collect();
        if undo.dry_run || refused {
            return Ok(Undone {
                row,
                into,
                changes,
                applied: false,
                refused,
                ref_state,
            });
        }
        let mut written = 0i64;
        for (change, blob, mode) in &plan {
            let write = matches!(change.action, Action::Create | Action::Restore)
                || (change.action == Action::Newer && undo.force);
            if let (true, Some(blob)) = (write, blob) {
                git::write_blob(&root, &into, &change.path, blob, mode).await?;
                written += 1;
            }
        }
        if written > 0 {
            let restored = payload::SnapshotRestored {
                id: row.id,
                repo: row.repo.clone(),
                session: row.session.clone(),
                command: row.command.clone(),
                project: row.project.clone(),
                key: row.task_key.clone(),
                files: written,
                into: into.to_string_lossy().into_owned(),
                forced: newer && undo.force,
            };
            self.emit(&row.id.to_string(), &restored).await?;
        }
        Ok(Undone {
            row,
            into,
            changes,
            applied: written > 0,
            refused: false,
            ref_state,
        })
    }
}

/// The snapshots retention removes from one repository's list (newest first): past `keep` or older than
/// `oldest_ms`, unless it is its session's newest.
pub fn doomed(list: &[SnapshotRow], oldest_ms: i64, keep: usize) -> Vec<SnapshotRow> {
    let mut seen_sessions = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (rank, row) in list.iter().enumerate() {
        let newest_of_session = seen_sessions.insert(row.session.clone());
        if newest_of_session {
            continue;
        }
        if rank >= keep || row.created_at_ms < oldest_ms {
            out.push(row.clone());
        }
    }
    out
}

/// A path given to `relay undo --paths`, relative to the repository (an absolute one inside it is cut).
fn relative_to(path: &str, root: &Path) -> String {
    let given = Path::new(path);
    let rel = given.strip_prefix(root).unwrap_or(given);
    let text = rel.to_string_lossy();
    text.trim_start_matches("./").to_owned()
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned())
}

#[cfg(test)]
mod tests;
