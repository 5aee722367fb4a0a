//! The lock ↔ session join, per agent (relaybrain's `sessionjoin.test.js`): a real-format transcript is parsed
//! by relay-transcripts' parser, the lock owner is built from that agent's documented hook payload the way the
//! lock step builds it (`SessionId::from_hook` over the payload's transcript path and session field), and the
//! two session keys must be equal.

use std::path::{Path, PathBuf};

use relay_transcripts::{Format, Options, parse_bytes};

use super::read;
use crate::hook::{Agent, Phase};
use crate::owner::{Owner, SessionId};

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The one file below `dir` ending with `suffix`.
fn find(dir: &Path, suffix: &str) -> PathBuf {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in std::fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                return path;
            }
        }
    }
    panic!("no {suffix} under {dir:?}");
}

/// The transcript's session, as the parser gives it.
fn transcript_session(format: Format, path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let parsed = parse_bytes(format, &path.to_string_lossy(), &bytes, Options::default());
    assert!(!parsed.turns.is_empty(), "{path:?} gave no turns");
    parsed.session.id
}

/// The lock owner's session for a hook payload, as `Coord::owner` derives it.
fn owner_session(agent: Agent, payload: &serde_json::Value) -> String {
    let event = read(agent, Phase::PreTool, &payload.to_string());
    let transcript = event.transcript_path.as_deref().and_then(Path::to_str);
    let session = SessionId::from_hook(transcript, Some(event.session_id.as_str())).unwrap();
    Owner::new(event.agent.label(), "DESK", session)
        .unwrap()
        .session()
        .to_string()
}

fn fixture(name: &str) -> serde_json::Value {
    let path = workspace().join("src/hook/fixtures").join(name);
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn claude_code_lock_owner_and_transcript_agree() {
    let transcript = find(
        &workspace().join("tests/fixtures/transcripts/claude-lock-holder"),
        ".jsonl",
    );
    let mut payload = fixture("claude_pre_tool_edit.json");
    let stem = transcript.file_stem().unwrap().to_string_lossy().into_owned();
    payload["transcript_path"] = transcript.to_string_lossy().into_owned().into();
    payload["session_id"] = stem.into();
    let parsed = transcript_session(Format::Claude, &transcript);
    assert_eq!(owner_session(Agent::Claude, &payload), parsed);
    // Without a transcript path the payload's session_id is the same id.
    payload.as_object_mut().unwrap().remove("transcript_path");
    assert_eq!(owner_session(Agent::Claude, &payload), parsed);
}

#[test]
fn codex_lock_owner_and_rollout_agree_with_and_without_the_transcript_path() {
    let rollout = find(
        &workspace().join("tests/fixtures/transcripts/codex-free-file"),
        ".jsonl",
    );
    let parsed = transcript_session(Format::Codex, &rollout);
    let mut payload = fixture("codex_pre_tool_apply_patch.json");
    payload["transcript_path"] = rollout.to_string_lossy().into_owned().into();
    assert_eq!(
        owner_session(Agent::Codex, &payload),
        parsed,
        "the rollout's UUID is session_meta.payload.id"
    );
    payload["transcript_path"] = serde_json::Value::Null;
    payload["session_id"] = parsed.clone().into();
    assert_eq!(
        owner_session(Agent::Codex, &payload),
        parsed,
        "session_id is the thread id"
    );
}

#[test]
fn cursor_lock_owner_follows_the_transcript_path() {
    let dir = workspace().join("transcripts/fixtures/cursor/projects/Users-ana-app/agent-transcripts");
    let transcript =
        dir.join("5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f/5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f.jsonl");
    let parsed = transcript_session(Format::Cursor, &transcript);
    let mut payload = fixture("cursor_pre_tool_write.json");
    payload["transcript_path"] = transcript.to_string_lossy().into_owned().into();
    // The conversation id is ignored when a path exists (Cursor's docs do not say they are equal).
    payload["conversation_id"] = "some-other-id".into();
    assert_eq!(owner_session(Agent::Cursor, &payload), parsed);
    let sub = dir.join("5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f/subagents/9a8b7c6d.jsonl");
    assert_eq!(
        transcript_session(Format::Cursor, &sub),
        parsed,
        "a subagent's edits join its session"
    );
}

#[test]
fn copilot_lock_owner_and_chat_session_agree() {
    let dir = workspace()
        .join("transcripts/fixtures/copilot/Code/User/workspaceStorage/8e1f0c2a9b7d4e6f/chatSessions");
    let parsed = transcript_session(
        Format::CopilotLog,
        &dir.join("7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60.jsonl"),
    );
    let payload = fixture("copilot_pre_tool_multi_replace.json");
    assert_eq!(
        owner_session(Agent::Copilot, &payload),
        parsed,
        "the documented sessionId"
    );

    // The Copilot CLI: the hook input its own log recorded, against the parser's session.
    let events = find(
        &workspace().join("tests/fixtures/transcripts/copilot-lock"),
        "events.jsonl",
    );
    let cli = transcript_session(Format::CopilotCli, &events);
    let text = std::fs::read_to_string(&events).unwrap();
    let pre_tool = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|l| l["type"] == "hook.start" && l["data"]["hookType"] == "preToolUse")
        .unwrap();
    let mut input = pre_tool["data"]["input"].clone();
    let call = input["toolCalls"][0].clone();
    input["toolName"] = call["name"].clone();
    input["toolArgs"] = call["args"].to_string().into();
    assert_eq!(owner_session(Agent::Copilot, &input), cli);
}

#[test]
fn antigravity_lock_owner_and_brain_folder_agree() {
    let brain =
        workspace().join("transcripts/fixtures/antigravity/brain/a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e");
    let parsed = transcript_session(
        Format::AntigravitySteps,
        &brain.join(".system_generated/logs/transcript_full.jsonl"),
    );
    let payload = fixture("antigravity_pre_tool_write.json");
    assert_eq!(
        owner_session(Agent::Antigravity, &payload),
        parsed,
        "conversationId = brain/<uuid>"
    );
}
