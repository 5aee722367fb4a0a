//! The pipeline step that saves uncommitted work before a destructive command (issue 20): a pre-tool call whose
//! shell command discards work (`relay_core::hook::discards`) gets a snapshot of its repository's working tree first ([`crate::undo`]), and the answer says which snapshot,
//! what it left out, and whose work the command would discard (the lock table's holders, with their intent). The
//! command always goes on: this step never denies (the guard's block mode is a later issue). An edit tool's
//! patch that deletes a held file never gets here: the lock step before it refuses the claim.
//!
//! Every other call costs one look at the event's command.

use std::path::{Path, PathBuf};
use std::time::Duration;

use relay_core::display::human_size;
use relay_core::hook::{Discard, DiscardKind, HookEvent, Phase, discards};

use super::{HookCall, StepAnswer, StepFuture};
use crate::coord::Held;
use crate::handle::DaemonHandle;
use crate::undo::{Ask, HeldBy, Reason, Took};

#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "undo"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            let event = call.event;
            if call.denied() || event.phase != Phase::PreTool {
                return StepAnswer::pass();
            }
            if event.command.is_none() {
                return StepAnswer::pass();
            }
            let context = guard(call.handle, event, call.now_ms).await;
            let mut left = call.context_left();
            let context = context
                .into_iter()
                .filter(|line| {
                    let fits = line.len() < left;
                    left = left.saturating_sub(line.len() + 1);
                    fits
                })
                .collect();
            StepAnswer {
                context,
                deny: None,
                ask: None,
            }
        })
    }
}

/// What one repository is about to lose.
#[derive(Debug)]
struct Target {
    dir: PathBuf,
    commands: Vec<String>,
    held: Vec<HeldBy>,
}

async fn guard(handle: &DaemonHandle, event: &HookEvent, now_ms: i64) -> Vec<String> {
    let found = event.command.as_deref().map(discards).unwrap_or_default();
    if found.is_empty() {
        return Vec::new();
    }
    let held_all = handle.coord().held_by_others(event, now_ms);
    let mut targets: Vec<Target> = Vec::new();
    for discard in &found {
        let dir = match &discard.dir {
            Some(dir) => expand(&event.cwd, dir),
            None => event.cwd.clone(),
        };
        let Some(root) = repo_root(&dir) else {
            continue;
        };
        let targets_paths: Vec<PathBuf> = discard.paths.iter().map(|p| expand(&dir, p)).collect();
        let held = holders(&held_all, &root, &targets_paths, whole_tree(discard));
        if !relevant(discard, &root, &dir, &targets_paths, &held) {
            continue;
        }
        add(&mut targets, root, discard.command.clone(), held);
    }
    let mut lines = Vec::new();
    for target in targets {
        lines.extend(snapshot(handle, event, target).await);
    }
    lines
}

/// Whether the command acts on the whole working tree (no paths, or `.`).
fn whole_tree(discard: &Discard) -> bool {
    discard.paths.is_empty() || discard.paths.iter().any(|p| p.as_os_str() == ".")
}

/// Whether a recognised command would discard anything here.
fn relevant(discard: &Discard, root: &Path, dir: &Path, paths: &[PathBuf], held: &[HeldBy]) -> bool {
    match discard.kind {
        DiscardKind::Remove => !held.is_empty(),
        DiscardKind::RemoveTree => {
            paths.is_empty() || paths.iter().any(|p| p.starts_with(root) || root.starts_with(p))
        }
        DiscardKind::Checkout if discard.if_paths_exist => paths.iter().any(|p| p.exists()),
        _ => {
            let _ = dir;
            true
        }
    }
}

fn add(targets: &mut Vec<Target>, root: PathBuf, command: String, held: Vec<HeldBy>) {
    match targets.iter_mut().find(|t| t.dir == root) {
        Some(target) => {
            target.commands.push(command);
            for h in held {
                if !target.held.contains(&h) {
                    target.held.push(h);
                }
            }
        }
        None => targets.push(Target {
            dir: root,
            commands: vec![command],
            held,
        }),
    }
}

/// The other sessions' locks in `root` the command reaches: every one for a whole-tree command, else those on
/// or under its paths.
fn holders(held: &[Held], root: &Path, paths: &[PathBuf], whole: bool) -> Vec<HeldBy> {
    let mut out: Vec<HeldBy> = Vec::new();
    for lock in held {
        if Path::new(&lock.workspace) != root {
            continue;
        }
        let file = root.join(&lock.path);
        let reached = whole || paths.iter().any(|p| file.starts_with(p));
        if !reached {
            continue;
        }
        match out.iter_mut().find(|h| h.holder == lock.holder) {
            Some(h) => h.paths.push(lock.path.clone()),
            None => out.push(HeldBy {
                holder: lock.holder.clone(),
                intent: lock.intent.clone(),
                paths: vec![lock.path.clone()],
            }),
        }
    }
    out
}

/// `path` against `base`, `~` as the home folder, `.` and `..` taken lexically.
fn expand(base: &Path, path: &Path) -> PathBuf {
    let joined = match path.strip_prefix("~") {
        Ok(rest) => {
            std::env::var_os("HOME").map_or_else(|| base.join(path), |home| PathBuf::from(home).join(rest))
        }
        Err(_) => base.join(path),
    };
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The nearest folder at or above `dir` with a `.git` (a folder or a worktree's file), as the lock table finds it.
fn repo_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join(".git").symlink_metadata().is_ok())
        .map(Path::to_path_buf)
}

/// Takes the snapshot (within `undo_wait_ms`, else in the background) and says what happened.
async fn snapshot(handle: &DaemonHandle, event: &HookEvent, target: Target) -> Vec<String> {
    let (session, session_id) = who(handle, event);
    let agent = event.agent.label().to_owned();
    let command = target.commands.join(" ; ");
    let held = target.held.clone();
    let dir = target.dir.clone();
    let owned = handle.clone();
    let task = tokio::spawn(async move {
        owned
            .snapshot_work(Ask {
                dir: &dir,
                reason: Reason::Command,
                session: &session,
                session_id,
                agent: &agent,
                command: &command,
                held,
            })
            .await
    });
    let mut lines = Vec::new();
    let shown = target.dir.display();
    let wait = Duration::from_millis(handle.config().undo_wait_ms);
    match tokio::time::timeout(wait, task).await {
        Ok(Ok(Ok(Took::Saved { row, skipped, notes }))) => {
            lines.push(format!(
                "relay saved the uncommitted work in {shown} before `{}`: snapshot {} ({} file(s), {}). It can be brought back with `relay undo {}`.",
                cut(&row.command, 200),
                row.id,
                row.files,
                human_size(u64::try_from(row.bytes).unwrap_or(0)),
                row.id
            ));
            lines.extend(skipped_line(&skipped, handle.config().undo_max_file_mb));
            lines.extend(notes.into_iter().map(|note| format!("Not in the snapshot: {note}.")));
        }
        Ok(Ok(Ok(Took::Clean { skipped, notes, .. }))) => {
            lines.extend(skipped_line(&skipped, handle.config().undo_max_file_mb));
            lines.extend(notes.into_iter().map(|note| format!("Not saved by relay: {note}.")));
        }
        Ok(Ok(Err(err))) => {
            tracing::warn!(error = %err, repo = %shown, "no snapshot before a destructive command");
            lines.push(format!(
                "relay could not save the uncommitted work in {shown} before this command ({err}); nothing of it can be brought back by relay."
            ));
        }
        Ok(Err(join)) => {
            tracing::warn!(error = %join, "the snapshot task failed");
        }
        Err(_) => lines.push(format!(
            "relay is still saving the uncommitted work in {shown} (it did not finish within the hook's time); changes this command makes before it finishes may be missing from the snapshot. `relay snapshots` lists it when done."
        )),
    }
    for held in &target.held {
        lines.push(held_line(held));
    }
    lines
}

fn skipped_line(skipped: &[crate::undo::Skipped], limit_mb: u64) -> Option<String> {
    if skipped.is_empty() {
        return None;
    }
    let names: Vec<String> = skipped
        .iter()
        .take(10)
        .map(|s| format!("{} ({})", s.path, human_size(s.bytes)))
        .collect();
    let more = skipped.len().saturating_sub(10);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    Some(format!(
        "Left out of the snapshot for their size (over {limit_mb} MB, `undo_max_file_mb`): {}{more}; the command may lose them.",
        names.join(", ")
    ))
}

/// The warning that names another session's work.
fn held_line(held: &HeldBy) -> String {
    let files: Vec<&str> = held.paths.iter().take(5).map(String::as_str).collect();
    let more = held.paths.len().saturating_sub(5);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    let mut line = format!(
        "Warning: this command discards work of another session: {} holds `{}`{more}.",
        held.holder,
        files.join("`, `")
    );
    if let Some(intent) = &held.intent {
        line.push_str(&format!(" They're working on: \"{}\".", cut(intent, 200)));
    }
    line.push_str(" Leave their files alone unless the owner asked for this.");
    line
}

/// The relay session's name and id when relay knows them (a Claude Code id it linked), else the agent's own id.
fn who(handle: &DaemonHandle, event: &HookEvent) -> (String, Option<i64>) {
    if let Some(tracked) = handle.hook_sessions().tracked(event.session_id.as_str()) {
        return (tracked.name, Some(tracked.session_id));
    }
    let id: String = event.session_id.as_str().chars().take(12).collect();
    (format!("{}:{id}", event.agent.cli_name()), None)
}

fn cut(text: &str, chars: usize) -> String {
    let mut out: String = text.chars().take(chars).collect();
    if text.chars().nth(chars).is_some() {
        out.push('…');
    }
    out.replace('\n', " ")
}

#[cfg(test)]
#[path = "undo_tests.rs"]
mod tests;
