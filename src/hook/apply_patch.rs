//! The file operations of a Codex `apply_patch` envelope (agent-formats §2.2), which Codex's `apply_patch` tool
//! and Copilot's `apply_patch` both carry.
//!
//! Only the file headers matter here, never the hunks: a claim needs to know which files a patch writes, not what
//! it writes into them. The envelope's grammar is relay-transcripts' (`patch::parse`), so the claim and the
//! transcript's edits name the same files.

use std::path::PathBuf;

use relay_transcripts::patch::OpKind;

/// One file operation of a patch, paths as written (relative to the turn's cwd, or absolute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatchOp {
    Add {
        path: PathBuf,
    },
    /// An edit in place, or a rename when `move_to` is set (`*** Move to:` directly after the header).
    Update {
        path: PathBuf,
        move_to: Option<PathBuf>,
    },
    Delete {
        path: PathBuf,
    },
}

/// The file operations of `patch`, in order.
///
/// Lenient the way Codex's own parser is: markers may carry surrounding whitespace, and text outside
/// `*** Begin Patch` … `*** End Patch` is ignored when a begin marker is present (a patch fed through a shell
/// heredoc). Without a begin marker every line is scanned. Hunk lines start with `+`, `-`, ` ` or `@@` and are
/// never headers, except that a context line whose text is itself a header cannot be told apart.
///
/// ```
/// use std::path::PathBuf;
/// use relay_core::hook::{PatchOp, parse_patch};
/// let ops = parse_patch("*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\n");
/// assert_eq!(ops, [PatchOp::Delete { path: PathBuf::from("old.txt") }]);
/// ```
pub fn parse_patch(patch: &str) -> Vec<PatchOp> {
    relay_transcripts::patch::parse(patch)
        .into_iter()
        .map(|op| match op.kind {
            OpKind::Add => PatchOp::Add {
                path: PathBuf::from(op.path),
            },
            OpKind::Update => PatchOp::Update {
                path: PathBuf::from(op.path),
                move_to: op.move_to.map(PathBuf::from),
            },
            OpKind::Delete => PatchOp::Delete {
                path: PathBuf::from(op.path),
            },
        })
        .collect()
}

/// Every path `patch` writes, in order and without repeats: added, updated, renamed-to and deleted files (a
/// rename claims both its source and its target).
///
/// ```
/// use std::path::PathBuf;
/// use relay_core::hook::patch_files;
/// let patch = "*** Begin Patch\n*** Update File: a.rs\n*** Move to: b.rs\n@@\n-x\n+y\n*** End Patch";
/// assert_eq!(patch_files(patch), [PathBuf::from("a.rs"), PathBuf::from("b.rs")]);
/// ```
pub fn patch_files(patch: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for op in parse_patch(patch) {
        match op {
            PatchOp::Add { path } | PatchOp::Delete { path } => files.push(path),
            PatchOp::Update { path, move_to } => {
                files.push(path);
                files.extend(move_to);
            }
        }
    }
    dedup(files)
}

/// Whether a shell command feeds a patch to `apply_patch` (Codex runs the patch tool through its shell too, as
/// `apply_patch <<'EOF' … EOF`).
pub(super) fn is_shell_patch(command: &str) -> bool {
    relay_transcripts::patch::is_shell_patch(command)
}

/// `paths` with later repeats removed, first occurrences kept in order.
pub(super) fn dedup(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut unique: Vec<PathBuf> = Vec::with_capacity(paths.len());
    for path in paths {
        if !unique.contains(&path) {
            unique.push(path);
        }
    }
    unique
}
