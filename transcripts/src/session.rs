//! The one derivation of a conversation's session id from its transcript's path, shared by the transcript
//! parsers and the lock owners (relay-core's `SessionId::from_transcript_path` calls [`session_id_from_path`]), so
//! a lock can always be joined to what its holder was doing.

/// The session of a conversation from its transcript file, for every agent relay reads:
///
/// | Agent | Transcript | Session |
/// |---|---|---|
/// | Claude Code | `~/.claude/projects/<dir>/<session>.jsonl` | file stem |
/// | Claude Code subagent | `<dir>/<session>/subagents/agent-<id>.jsonl` | the folder before `subagents` (its hooks carry the parent's session) |
/// | Cursor | `agent-transcripts/<id>/<id>.jsonl` (subagents in `<id>/subagents/`) | file stem (the folder before `subagents`) |
/// | Codex | `sessions/…/rollout-<timestamp>-<uuid>.jsonl` | the trailing UUID (= `session_meta.payload.id`) |
/// | Copilot (VS Code) | `chatSessions/<id>.json` / `.jsonl` | file stem |
/// | Copilot CLI | `~/.copilot/session-state/<id>/events.jsonl` | the folder after `session-state` |
/// | Antigravity | `brain/<uuid>/…` | the folder after `brain` |
///
/// `/` and `\` both separate folders, so a Windows path sent by an agent gives the same id. `None` when the path
/// names no file.
///
/// ```
/// use relay_transcripts::session_id_from_path;
/// let sub = "/h/.claude/projects/-w/9c1e/subagents/agent-a1.jsonl";
/// assert_eq!(session_id_from_path(sub), Some("9c1e"));
/// let codex = "/h/.codex/sessions/2026/12/01/rollout-2026-12-01T16-35-10-01a23275-ca8a-7762-91af-3d5192ad1c90.jsonl";
/// assert_eq!(session_id_from_path(codex), Some("01a23275-ca8a-7762-91af-3d5192ad1c90"));
/// ```
pub fn session_id_from_path(path: &str) -> Option<&str> {
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    // Antigravity's `brain/<uuid>/…` and the Copilot CLI's `session-state/<id>/events.jsonl` name the session by
    // the folder (the CLI's file is `events.jsonl` for every session).
    if let Some(at) = parts.iter().position(|p| *p == "brain" || *p == "session-state")
        && let Some(dir) = parts.get(at + 1)
        && at + 2 < parts.len()
    {
        return Some(dir);
    }
    // A subagent's transcript belongs to the session in whose folder it sits.
    if let Some(at) = parts.iter().rposition(|p| *p == "subagents")
        && at >= 1
        && at + 1 < parts.len()
    {
        return Some(parts[at - 1]);
    }
    let file = parts.last()?;
    let stem = file.rsplit_once('.').map_or(*file, |(stem, _)| stem);
    match stem.strip_prefix("rollout-") {
        Some(rest) => trailing_uuid(rest),
        None => Some(stem),
    }
}

/// The subagent a transcript is of (`agent-<id>.jsonl` under `subagents/`), when it is one.
pub fn subagent_from_path(path: &str) -> Option<&str> {
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let at = parts.iter().rposition(|p| *p == "subagents")?;
    let file = parts.get(at + 1..)?.last()?;
    let stem = file.rsplit_once('.').map_or(*file, |(stem, _)| stem);
    Some(stem.strip_prefix("agent-").unwrap_or(stem))
}

/// `8-4-4-4-12` hex digits at the end of `text`.
fn trailing_uuid(text: &str) -> Option<&str> {
    let start = text.len().checked_sub(36)?;
    let uuid = text.get(start..)?;
    let shape_ok = uuid.char_indices().all(|(i, c)| match i {
        8 | 13 | 18 | 23 => c == '-',
        _ => c.is_ascii_hexdigit(),
    });
    shape_ok.then_some(uuid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agents_layout_gives_its_session() {
        let cases = [
            ("/h/.claude/projects/-w-app/9c1e.jsonl", "9c1e"),
            ("C:\\Users\\me\\.claude\\projects\\C--w\\9c1e.jsonl", "9c1e"),
            ("/h/.cursor/projects/w-app/agent-transcripts/c1/c1.jsonl", "c1"),
            (
                "/h/.cursor/projects/w-app/agent-transcripts/c1/subagents/s9.jsonl",
                "c1",
            ),
            (
                "/h/.config/Code/User/workspaceStorage/ab/chatSessions/v1.jsonl",
                "v1",
            ),
            ("/h/.copilot/session-state/cli1/events.jsonl", "cli1"),
            (
                "/h/.gemini/antigravity/brain/b1/.system_generated/logs/transcript_full.jsonl",
                "b1",
            ),
            ("/h/.gemini/antigravity/brain/b1/task.md", "b1"),
        ];
        for (path, id) in cases {
            assert_eq!(session_id_from_path(path), Some(id), "{path}");
        }
        assert_eq!(
            session_id_from_path("/h/.codex/sessions/rollout-2026-x.jsonl"),
            None
        );
        assert_eq!(session_id_from_path("/"), None);
    }

    #[test]
    fn a_subagent_is_named_by_its_file() {
        assert_eq!(subagent_from_path("/p/9c1e/subagents/agent-a1.jsonl"), Some("a1"));
        assert_eq!(subagent_from_path("/p/9c1e.jsonl"), None);
    }
}
