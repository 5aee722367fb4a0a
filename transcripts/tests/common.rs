//! Where the fixtures are, for the crate's tests.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)] // test code

use std::path::PathBuf;

use relay_transcripts::{Format, Options, Parsed, parse_bytes};

/// `tests/fixtures/transcripts/` of the workspace: real transcripts written by Claude Code, Codex and the
/// Copilot CLI during the e2e tests.
pub fn real(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/transcripts")
        .join(relative)
}

/// `transcripts/fixtures/`: the composed recorded-format transcripts of Cursor, VS Code Copilot, Antigravity.
pub fn composed(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(relative)
}

/// The only file under `dir` whose name ends with `suffix`.
pub fn only_file(dir: &PathBuf, suffix: &str) -> PathBuf {
    let mut found = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(here) = stack.pop() {
        for entry in std::fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    assert_eq!(found.len(), 1, "{dir:?}: {found:?}");
    found.remove(0)
}

pub fn parse_file(format: Format, path: &PathBuf) -> Parsed {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    parse_bytes(format, &path.to_string_lossy(), &bytes, Options::default())
}

/// Every edit has a prompt link to a user turn of the same parse that is not filler.
pub fn assert_every_edit_prompt_linked(parsed: &Parsed) {
    assert!(!parsed.edits.is_empty(), "no edits to check");
    for edit in &parsed.edits {
        let link = edit
            .prompt
            .as_ref()
            .unwrap_or_else(|| panic!("edit of {} has no prompt", edit.file));
        let turn = parsed
            .turns
            .iter()
            .find(|t| t.key == link.turn_key)
            .unwrap_or_else(|| panic!("edit of {} links to a turn not read", edit.file));
        assert_eq!(turn.role, relay_transcripts::Role::User);
        assert!(
            !turn.filler,
            "edit of {} linked to filler {:?}",
            edit.file, turn.text
        );
    }
}
