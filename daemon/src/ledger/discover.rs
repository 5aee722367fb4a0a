//! Where each agent keeps its transcripts, below a home folder (agent-formats §1.6, §2.1, §3.1, §4.1, §5), and
//! the transcript files found there.

use std::path::{Path, PathBuf};

use relay_transcripts::Format;

/// The folders below `home` that hold agents' transcripts, whether or not they exist yet.
pub fn agent_folders(home: &Path) -> Vec<PathBuf> {
    let mut folders = vec![
        home.join(".claude/projects"),
        home.join(".config/claude/projects"),
        home.join(".codex/sessions"),
        home.join(".codex/archived_sessions"),
        home.join(".cursor/projects"),
        home.join(".copilot/session-state"),
        home.join(".gemini/antigravity/brain"),
        home.join(".gemini/antigravity-ide/brain"),
        home.join(".gemini/antigravity-cli/brain"),
        home.join(".gemini/antigravity/conversations"),
    ];
    for app in ["Code", "Code - Insiders", "VSCodium"] {
        for base in [home.join(".config"), home.join("Library/Application Support")] {
            folders.push(base.join(app).join("User/workspaceStorage"));
            folders.push(base.join(app).join("User/globalStorage/emptyWindowChatSessions"));
        }
    }
    folders
}

/// The home folders to read: `transcript_roots`, else the user's home.
pub fn homes(roots: &[PathBuf]) -> Vec<PathBuf> {
    if !roots.is_empty() {
        return roots.to_vec();
    }
    std::env::var_os("HOME")
        .filter(|home| !home.is_empty())
        .map(PathBuf::from)
        .into_iter()
        .collect()
}

/// How deep below an agent folder transcripts are looked for (Codex's `YYYY/MM/DD`, Antigravity's
/// `<id>/.system_generated/logs`, VS Code's `<hash>/chatSessions`).
const MAX_DEPTH: usize = 6;

/// A file found below an agent folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Transcript(PathBuf, Format),
    /// A file an agent keeps its conversation in that relay cannot read, with why.
    Unreadable(PathBuf, &'static str),
}

/// What a transcript file is, by its path: its format, why it cannot be read, or nothing relay reads. The
/// truncated Antigravity `transcript.jsonl` is skipped beside a `transcript_full.jsonl`.
pub fn classify(path: &Path) -> Option<Found> {
    let text = path.to_str()?;
    if let Some(why) = relay_transcripts::unreadable(text) {
        return Some(Found::Unreadable(path.to_path_buf(), why));
    }
    let format = Format::from_path(text)?;
    if format == Format::AntigravitySteps
        && path.file_name().is_some_and(|n| n == "transcript.jsonl")
        && path.with_file_name("transcript_full.jsonl").exists()
    {
        return None;
    }
    // Copilot's chatSessions beside Cursor's projects: only files under agent-transcripts are Cursor's.
    Some(Found::Transcript(path.to_path_buf(), format))
}

/// Every transcript below `folder`, in path order.
pub fn scan(folder: &Path) -> Vec<Found> {
    let mut found = Vec::new();
    let mut stack = vec![(folder.to_path_buf(), 0)];
    while let Some((dir, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            if kind.is_dir() && depth < MAX_DEPTH {
                stack.push((path, depth + 1));
            } else if kind.is_file()
                && let Some(item) = classify(&path)
            {
                found.push(item);
            }
        }
    }
    found.sort_by(|a, b| path_of(a).cmp(path_of(b)));
    found
}

fn path_of(found: &Found) -> &Path {
    match found {
        Found::Transcript(path, _) | Found::Unreadable(path, _) => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scan_finds_each_agents_transcripts_and_names_what_cannot_be_read() {
        let home = tempfile::tempdir().unwrap();
        let h = home.path();
        let files = [
            ".claude/projects/-w/9c1e.jsonl",
            ".claude/projects/-w/9c1e/subagents/agent-a1.jsonl",
            ".codex/sessions/2026/12/01/rollout-2026-12-01T16-35-10-01a23275-ca8a-7762-91af-3d5192ad1c90.jsonl",
            ".cursor/projects/w/agent-transcripts/c1/c1.jsonl",
            ".copilot/session-state/s1/events.jsonl",
            ".config/Code/User/workspaceStorage/ab/chatSessions/v1.jsonl",
            ".gemini/antigravity/brain/b1/.system_generated/logs/transcript_full.jsonl",
            ".gemini/antigravity/brain/b1/.system_generated/logs/transcript.jsonl",
            ".gemini/antigravity/brain/b1/task.md",
            ".gemini/antigravity/conversations/b1.pb",
            ".claude/projects/-w/notes.txt",
        ];
        for file in files {
            let path = h.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, b"{}\n").unwrap();
        }
        let mut found: Vec<Found> = agent_folders(h).iter().flat_map(|f| scan(f)).collect();
        found.sort_by(|a, b| path_of(a).cmp(path_of(b)));
        let shape: Vec<(String, Option<Format>)> = found
            .iter()
            .map(|f| match f {
                Found::Transcript(p, format) => {
                    (p.strip_prefix(h).unwrap().display().to_string(), Some(*format))
                }
                Found::Unreadable(p, _) => (p.strip_prefix(h).unwrap().display().to_string(), None),
            })
            .collect();
        let expected: Vec<(String, Option<Format>)> = [
            (
                ".claude/projects/-w/9c1e/subagents/agent-a1.jsonl",
                Some(Format::Claude),
            ),
            (".claude/projects/-w/9c1e.jsonl", Some(Format::Claude)),
            (files[2], Some(Format::Codex)),
            (
                ".config/Code/User/workspaceStorage/ab/chatSessions/v1.jsonl",
                Some(Format::CopilotLog),
            ),
            (".copilot/session-state/s1/events.jsonl", Some(Format::CopilotCli)),
            (
                ".cursor/projects/w/agent-transcripts/c1/c1.jsonl",
                Some(Format::Cursor),
            ),
            (
                ".gemini/antigravity/brain/b1/.system_generated/logs/transcript_full.jsonl",
                Some(Format::AntigravitySteps),
            ),
            (
                ".gemini/antigravity/brain/b1/task.md",
                Some(Format::AntigravityArtifact),
            ),
            (".gemini/antigravity/conversations/b1.pb", None),
        ]
        .into_iter()
        .map(|(p, f)| (p.to_owned(), f))
        .collect();
        assert_eq!(shape, expected);
    }
}
