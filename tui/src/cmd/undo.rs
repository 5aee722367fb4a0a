//! `relay snapshots [--project SLUG] [--json]` and `relay undo ID [--paths …] [--to DIR] [--force] [--dry-run]`:
//! the snapshots of uncommitted work relay took before destructive commands, and the way back (docs/SPEC.md §13).

use relay_core::display::human_size;
use relay_core::proto::{self, ListSnapshotsRequest, RestoreSnapshotRequest};

use super::format::{emit, print_json, to_json, utc};
use crate::cli::{OutputArgs, UndoArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn list(ctx: &Context, project: Option<String>, output: OutputArgs) -> Result<(), CliError> {
    let listing = daemon_client(ctx)
        .await?
        .coord
        .list_snapshots(ListSnapshotsRequest {
            project: project.clone(),
            limit: 0,
            ..ListSnapshotsRequest::default()
        })
        .await?
        .into_inner();
    if output.json {
        return print_json(&to_json(&listing));
    }
    if listing.snapshots.is_empty() {
        let scope = project.map_or_else(String::new, |slug| format!(" for project {slug}"));
        emit(&format!(
            "No snapshots{scope}: relay takes one before a command discards uncommitted work."
        ))?;
        return Ok(());
    }
    for snapshot in &listing.snapshots {
        if !emit(&line(snapshot))? {
            break;
        }
    }
    Ok(())
}

/// `#3  2026-12-02 01:02:03  run-app-2 (Claude Code)  git reset --hard  app-7  2 files, 1.2 KB  /repo`
pub fn line(snapshot: &proto::WorkSnapshot) -> String {
    let task = snapshot
        .task_key
        .as_deref()
        .or(snapshot.project.as_deref())
        .unwrap_or("-");
    let mut text = format!(
        "#{}  {}  {} ({})  {}  {}  {} file(s), {}  {}",
        snapshot.id,
        utc(snapshot.created_at_ms),
        snapshot.session,
        snapshot.agent,
        cut(&snapshot.command, 60),
        task,
        snapshot.files,
        human_size(u64::try_from(snapshot.bytes).unwrap_or(0)),
        snapshot.repo,
    );
    if !snapshot.skipped.is_empty() {
        text.push_str(&format!("  (left out: {})", snapshot.skipped.join(", ")));
    }
    if !snapshot.held_by.is_empty() {
        text.push_str(&format!("  (held by {})", snapshot.held_by.join(", ")));
    }
    text
}

pub async fn run(ctx: &Context, args: UndoArgs) -> Result<(), CliError> {
    let to = match &args.to {
        Some(dir) if dir.is_relative() => Some(
            std::env::current_dir()
                .map_err(|err| CliError::failed(format!("cannot read the current folder for --to: {err}")))?
                .join(dir),
        ),
        other => other.clone(),
    };
    let answer = daemon_client(ctx)
        .await?
        .coord
        .restore_snapshot(RestoreSnapshotRequest {
            id: args.id,
            paths: args.paths.clone(),
            to: to.map(|dir| dir.to_string_lossy().into_owned()),
            force: args.force,
            dry_run: args.dry_run,
        })
        .await?
        .into_inner();
    if args.output.json {
        print_json(&to_json(&answer))?;
        return match answer.refused {
            true => Err(refused(&answer)),
            false => Ok(()),
        };
    }
    for text in plan_lines(&answer, args.force) {
        emit(&text)?;
    }
    if answer.ref_deleted {
        emit("Its ref was deleted by hand; the commit was still in git and was used.")?;
    }
    if answer.refused {
        return Err(refused(&answer));
    }
    let writes = answer
        .changes
        .iter()
        .filter(|c| matches!(c.action.as_str(), "create" | "restore") || (args.force && c.action == "newer"))
        .count();
    let whose = answer.snapshot.as_ref().map_or_else(String::new, |s| {
        format!(" ({}'s work, lost to `{}`)", s.session, cut(&s.command, 60))
    });
    let text = match (args.dry_run, writes) {
        (_, 0) => format!(
            "Nothing to write: every file of snapshot {} is already as it was.",
            args.id
        ),
        (true, n) => format!(
            "Would write {n} file(s) of snapshot {}{whose} into {}. Run it without --dry-run to restore.",
            args.id, answer.into
        ),
        (false, n) => format!(
            "Restored {n} file(s) of snapshot {}{whose} into {}.",
            args.id, answer.into
        ),
    };
    emit(&text)?;
    Ok(())
}

/// One line per file: what the restore does to it.
pub fn plan_lines(answer: &proto::RestoreSnapshotResponse, force: bool) -> Vec<String> {
    answer
        .changes
        .iter()
        .map(|change| {
            let what = match change.action.as_str() {
                "create" => "create   ",
                "restore" => "restore  ",
                "unchanged" => "unchanged",
                "newer" if force => "overwrite",
                "newer" => "NEWER    ",
                "deleted" => "deleted  ",
                _ => "skipped  ",
            };
            let note = match change.action.as_str() {
                "newer" if force => "  (changed since the snapshot; --force overwrites it)",
                "newer" => "  (changed since the snapshot)",
                "deleted" => "  (deleted when the snapshot was taken; left as it is)",
                "not_written" => "  (a submodule or a path relay does not write)",
                _ => "",
            };
            format!("{what}  {}{note}", change.path)
        })
        .collect()
}

fn refused(answer: &proto::RestoreSnapshotResponse) -> CliError {
    let newer: Vec<&str> = answer
        .changes
        .iter()
        .filter(|c| c.action == "newer")
        .map(|c| c.path.as_str())
        .collect();
    CliError::Failed(format!(
        "nothing was restored: {} file(s) changed since the snapshot ({}). Pass --force to overwrite them, \
         --paths to restore only other files, or --to DIR to restore into another folder.",
        newer.len(),
        newer.join(", ")
    ))
}

fn cut(text: &str, chars: usize) -> String {
    let mut out: String = text.chars().take(chars).collect();
    if text.chars().nth(chars).is_some() {
        out.push('…');
    }
    out.replace('\n', " ")
}
