//! Codex's `apply_patch` envelope (agent-formats §2.2), which Codex's `apply_patch` tool and Copilot's
//! `apply_patch` both carry: one [`FileOp`] per file operation, with the lines that go with it. relay-core's hook
//! reader takes the files a patch writes from here too, so the lock claim and the transcript agree on them.

const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";
const ADD: &str = "*** Add File:";
const UPDATE: &str = "*** Update File:";
const MOVE: &str = "*** Move to:";
const DELETE: &str = "*** Delete File:";

/// What one file operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Add,
    Update,
    Delete,
}

/// One file operation, paths as written (relative to the turn's cwd, or absolute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileOp {
    pub kind: OpKind,
    pub path: String,
    /// A rename's target (`*** Move to:` after an update's header; the first one counts).
    pub move_to: Option<String>,
    /// The operation's lines after its header (the added file's `+` lines, an update's hunks).
    pub body: String,
}

/// The file operations of `patch`, in order.
///
/// Lenient the way Codex's own parser is: markers may carry surrounding whitespace, and text outside
/// `*** Begin Patch` … `*** End Patch` is ignored when a begin marker is present (a patch fed through a shell
/// heredoc). Without a begin marker every line is scanned. Hunk lines start with `+`, `-`, ` ` or `@@` and are
/// never headers, except that a context line whose text is itself a header cannot be told apart.
///
/// ```
/// use relay_transcripts::patch::{OpKind, parse};
/// let ops = parse("*** Begin Patch\n*** Update File: a.rs\n*** Move to: b.rs\n@@\n-x\n+y\n*** End Patch");
/// assert_eq!((ops[0].kind, ops[0].path.as_str(), ops[0].move_to.as_deref()), (OpKind::Update, "a.rs", Some("b.rs")));
/// assert_eq!(ops[0].body, "@@\n-x\n+y\n");
/// ```
pub fn parse(patch: &str) -> Vec<FileOp> {
    let mut lines = patch.lines();
    if patch.lines().any(|line| line.trim() == BEGIN) {
        lines.by_ref().find(|line| line.trim() == BEGIN);
    }
    let mut ops: Vec<FileOp> = Vec::new();
    for raw in lines.take_while(|line| line.trim() != END) {
        let line = raw.trim();
        let op = |kind, path: &str| FileOp {
            kind,
            path: path.to_owned(),
            move_to: None,
            body: String::new(),
        };
        if let Some(path) = header(line, ADD) {
            ops.push(op(OpKind::Add, path));
        } else if let Some(path) = header(line, UPDATE) {
            ops.push(op(OpKind::Update, path));
        } else if let Some(path) = header(line, DELETE) {
            ops.push(op(OpKind::Delete, path));
        } else if let Some(target) = header(line, MOVE)
            && let Some(last) = ops.last_mut()
            && last.kind == OpKind::Update
            && last.move_to.is_none()
        {
            last.move_to = Some(target.to_owned());
        } else if let Some(last) = ops.last_mut() {
            last.body.push_str(raw);
            last.body.push('\n');
        }
    }
    ops
}

/// Whether a shell command feeds a patch to `apply_patch` (Codex runs the patch tool through its shell too, as
/// `apply_patch <<'EOF' … EOF`).
pub fn is_shell_patch(command: &str) -> bool {
    command.contains("apply_patch") && command.contains(BEGIN)
}

/// The path after a header marker, when `line` is that header and names a path.
fn header<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    let path = line.strip_prefix(marker)?.trim();
    (!path.is_empty()).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_one_file_with_its_lines() {
        let patch = "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** Delete File: old.txt\n*** Update File: a.rs\n@@ fn a()\n-x\n+y\n*** End of File\n*** End Patch\ntrailing";
        let ops = parse(patch);
        let shape: Vec<(OpKind, &str, &str)> = ops
            .iter()
            .map(|o| (o.kind, o.path.as_str(), o.body.as_str()))
            .collect();
        assert_eq!(
            shape,
            [
                (OpKind::Add, "new.txt", "+hello\n"),
                (OpKind::Delete, "old.txt", ""),
                (OpKind::Update, "a.rs", "@@ fn a()\n-x\n+y\n*** End of File\n"),
            ]
        );
    }

    #[test]
    fn a_heredoc_around_the_patch_and_padded_markers_are_read() {
        let command = "bash -lc \"apply_patch <<'EOF'\n  *** Begin Patch  \n*** Update File: src/x.ts\n@@\n-a\n+b\n *** End Patch\nEOF\"";
        assert!(is_shell_patch(command));
        let ops = parse(command);
        assert_eq!(ops.len(), 1);
        assert_eq!(ops[0].path, "src/x.ts");
    }

    #[test]
    fn no_begin_marker_scans_every_line_and_garbage_gives_nothing() {
        assert_eq!(parse("*** Update File: a\n-x\n+y").len(), 1);
        assert!(parse("just words\n*** Add File:\n").is_empty());
    }
}
