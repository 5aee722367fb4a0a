//! Every parser on its agent's transcripts: the real ones Claude Code, Codex and the Copilot CLI wrote in the
//! e2e tests, and the composed recorded-format ones of Cursor, VS Code Copilot and Antigravity.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is the failure report

mod common;

use common::*;
use relay_transcripts::{EditKind, Format, Outcome, Role, TimeSource, parse_bytes, unreadable};

#[test]
fn claude_code_edits_are_linked_to_the_prompt_and_a_refused_edit_is_failed() {
    let holder = parse_file(Format::Claude, &only_file(&real("claude-lock-holder"), ".jsonl"));
    assert_eq!(holder.session.id, "89585d00-56e9-40b4-a2a5-1832fa5f3cc2");
    assert_eq!(holder.session.agent_version.as_deref(), Some("2.1.328"));
    assert!(
        holder
            .session
            .cwd
            .as_deref()
            .is_some_and(|c| c.ends_with("/scratch/repo"))
    );
    let users: Vec<&str> = holder
        .turns
        .iter()
        .filter(|t| t.role == Role::User)
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(users, ["cc-first: switch the login flow to JWT tokens"]);
    assert_eq!(holder.edits.len(), 1);
    let edit = &holder.edits[0];
    assert!(edit.file.ends_with("/scratch/repo/src/login.ts"), "{}", edit.file);
    assert_eq!(
        (edit.kind, edit.tool.as_str(), edit.outcome),
        (EditKind::Modify, "Edit", Outcome::Applied)
    );
    assert_eq!(edit.time, TimeSource::Recorded);
    assert!(
        edit.diff.as_deref().is_some_and(|d| d.contains('+')),
        "{:?}",
        edit.diff
    );
    assert_every_edit_prompt_linked(&holder);

    let refused = parse_file(Format::Claude, &only_file(&real("claude-lock-refused"), ".jsonl"));
    assert_eq!(refused.edits.len(), 1);
    assert_eq!(
        refused.edits[0].outcome,
        Outcome::Failed,
        "the PreToolUse deny is an error result"
    );
    assert_every_edit_prompt_linked(&refused);
}

#[test]
fn every_real_claude_transcript_parses_without_bad_or_unknown_lines() {
    for scenario in [
        "claude-comment",
        "claude-link",
        "claude-lock-holder",
        "claude-lock-refused",
        "claude-stop-block",
        "claude-todo-plan",
        "claude-wake",
    ] {
        let parsed = parse_file(Format::Claude, &only_file(&real(scenario), ".jsonl"));
        assert_eq!(parsed.stats.bad_lines, 0, "{scenario}");
        assert_eq!(
            parsed.stats.unknown_lines(),
            0,
            "{scenario}: {:?}",
            parsed.stats.unknown_types
        );
        assert!(parsed.turns.iter().any(|t| t.role == Role::User), "{scenario}");
        assert!(
            parsed.turns.iter().any(|t| t.role == Role::Assistant),
            "{scenario}"
        );
        for edit in &parsed.edits {
            assert!(edit.prompt.is_some(), "{scenario}: {}", edit.file);
        }
    }
}

#[test]
fn claude_code_repeats_of_one_message_are_read_once_and_subagents_join_the_parent() {
    let lines = [
        r#"{"type":"user","uuid":"u1","sessionId":"9c1e","timestamp":"2026-08-01T10:00:00.000Z","cwd":"/w/app","message":{"role":"user","content":"rename a to b"}}"#,
        r#"{"type":"assistant","uuid":"a1","timestamp":"2026-08-01T10:00:01.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"On it."}]},"requestId":"req_1"}"#,
        r#"{"type":"assistant","uuid":"a2","timestamp":"2026-08-01T10:00:01.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"On it."}]},"requestId":"req_1"}"#,
        r#"{"type":"assistant","uuid":"a3","timestamp":"2026-08-01T10:00:02.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Write","input":{"file_path":"src/b.rs","content":"fn b() {}"}}]},"requestId":"req_1"}"#,
        r#"{"type":"user","uuid":"u2","timestamp":"2026-08-01T10:00:03.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"File created"}]},"toolUseResult":{"type":"create","filePath":"/w/app/src/b.rs","content":"fn b() {}","structuredPatch":[]}}"#,
        r#"{"type":"user","uuid":"u3","isMeta":true,"timestamp":"2026-08-01T10:00:04.000Z","message":{"role":"user","content":"<command-name>/clear</command-name>"}}"#,
        r#"{"type":"brand-new-kind","x":1}"#,
    ];
    let text = lines.join("\n");
    let path = "/h/.claude/projects/-w-app/9c1e/subagents/agent-a77.jsonl";
    let parsed = parse_bytes(Format::Claude, path, text.as_bytes(), Default::default());
    assert_eq!(
        parsed.session.id, "9c1e",
        "a subagent belongs to its parent's session"
    );
    assert_eq!(parsed.turns.len(), 2, "{:?}", parsed.turns);
    assert_eq!(parsed.stats.duplicates, 1);
    assert_eq!(parsed.stats.unknown_types.get("brand-new-kind"), Some(&1));
    let edit = &parsed.edits[0];
    assert_eq!(
        edit.file, "/w/app/src/b.rs",
        "relative paths resolve against the cwd"
    );
    assert_eq!((edit.kind, edit.outcome), (EditKind::Create, Outcome::Applied));
    assert_eq!(edit.subagent.as_deref(), Some("a77"));
    assert_eq!(edit.explained_by.as_deref(), Some(parsed.turns[1].key.as_str()));
}

#[test]
fn codex_takes_the_session_from_session_meta_and_makes_one_edit_per_file_of_a_patch() {
    let free = parse_file(Format::Codex, &only_file(&real("codex-free-file"), ".jsonl"));
    assert_eq!(free.session.id, "01a23275-ca8a-7762-91af-3d5192ad1c90");
    let users: Vec<&str> = free
        .turns
        .iter()
        .filter(|t| t.role == Role::User)
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(
        users,
        ["cx-free: dark theme"],
        "scaffolding messages are not prompts"
    );
    assert_eq!(free.edits.len(), 1);
    assert_eq!(
        (free.edits[0].tool.as_str(), free.edits[0].outcome),
        ("apply_patch", Outcome::Applied)
    );
    assert!(free.edits[0].file.ends_with("/scratch/repo/src/theme.ts"));
    assert_every_edit_prompt_linked(&free);

    let refused = parse_file(Format::Codex, &only_file(&real("codex-lock-refused"), ".jsonl"));
    let files: Vec<&str> = refused
        .edits
        .iter()
        .map(|e| e.file.rsplit('/').next().unwrap())
        .collect();
    assert_eq!(files, ["theme.ts", "auth.ts"]);
    assert!(
        refused.edits.iter().all(|e| e.outcome == Outcome::Failed),
        "the hook refused the patch whole"
    );
    assert_ne!(refused.edits[0].key, refused.edits[1].key);
    assert_every_edit_prompt_linked(&refused);
    for parsed in [&free, &refused] {
        assert_eq!(parsed.stats.bad_lines, 0);
        assert_eq!(
            parsed.stats.unknown_lines(),
            0,
            "{:?}",
            parsed.stats.unknown_types
        );
    }
}

#[test]
fn codex_reads_every_apply_patch_shape_and_the_legacy_format() {
    let patch = "*** Begin Patch\\n*** Add File: new.py\\n+x = 1\\n*** Update File: a.py\\n*** Move to: b.py\\n@@\\n-y\\n+z\\n*** Delete File: old.py\\n*** End Patch";
    let lines = [
        r#"{"timestamp":"2026-08-10T20:05:50.000Z","type":"session_meta","payload":{"id":"019e0000-0000-7000-8000-000000000001","cwd":"/w/app","cli_version":"0.140.0"}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:05:52.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"restructure the modules"}]}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:05:52.000Z","type":"event_msg","payload":{"type":"user_message","message":"restructure the modules"}}"#.to_owned(),
        format!(r#"{{"timestamp":"2026-08-10T20:05:55.000Z","type":"response_item","payload":{{"type":"custom_tool_call","call_id":"c1","name":"apply_patch","input":"{patch}"}}}}"#),
        r#"{"timestamp":"2026-08-10T20:05:56.000Z","type":"event_msg","payload":{"type":"patch_apply_end","call_id":"c1","success":true,"changes":{}}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:00.000Z","type":"response_item","payload":{"type":"function_call","call_id":"c2","name":"apply_patch","arguments":"{\"input\":\"*** Begin Patch\\n*** Update File: c.py\\n@@\\n-1\\n+2\\n*** End Patch\"}"}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:01.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c2","output":"{\"output\":\"Success\",\"metadata\":{\"exit_code\":0}}"}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:05.000Z","type":"response_item","payload":{"type":"function_call","call_id":"c3","name":"shell","arguments":"{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Update File: d.py\\n@@\\n-1\\n+2\\n*** End Patch\"]}"}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:07.000Z","type":"response_item","payload":{"type":"function_call","call_id":"c4","name":"exec_command","arguments":"{\"cmd\":\"bash -lc \\\"apply_patch <<'EOF'\\n*** Begin Patch\\n*** Update File: e.py\\n@@\\n-1\\n+2\\n*** End Patch\\nEOF\\\"\"}"}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:09.000Z","type":"event_msg","payload":{"type":"patch_apply_end","call_id":"c9","success":true,"changes":{"/w/app/f.py":{"type":"update","unified_diff":"@@ -1 +1 @@\n-x\n+y\n","move_path":null}}}}"#.to_owned(),
        r#"{"timestamp":"2026-08-10T20:06:10.000Z","type":"mystery_item","payload":{}}"#.to_owned(),
    ];
    let text = lines.join("\n");
    let path = "/h/.codex/sessions/2026/08/10/rollout-2026-08-10T20-05-50-019e0000-0000-7000-8000-000000000001.jsonl";
    let parsed = parse_bytes(Format::Codex, path, text.as_bytes(), Default::default());
    assert_eq!(
        parsed.turns.len(),
        1,
        "the event_msg copy of the prompt is read once"
    );
    assert_eq!(parsed.stats.duplicates, 1);
    let shape: Vec<(&str, EditKind, &str, Outcome)> = parsed
        .edits
        .iter()
        .map(|e| (e.file.as_str(), e.kind, e.tool.as_str(), e.outcome))
        .collect();
    assert_eq!(
        shape,
        [
            ("/w/app/new.py", EditKind::Create, "apply_patch", Outcome::Applied),
            ("/w/app/b.py", EditKind::Rename, "apply_patch", Outcome::Applied),
            ("/w/app/old.py", EditKind::Delete, "apply_patch", Outcome::Applied),
            ("/w/app/c.py", EditKind::Modify, "apply_patch", Outcome::Applied),
            ("/w/app/f.py", EditKind::Modify, "apply_patch", Outcome::Applied),
            ("/w/app/d.py", EditKind::Modify, "shell", Outcome::Unknown),
            ("/w/app/e.py", EditKind::Modify, "exec_command", Outcome::Unknown),
        ]
    );
    assert_eq!(parsed.edits[1].from.as_deref(), Some("/w/app/a.py"));
    assert_every_edit_prompt_linked(&parsed);
    assert_eq!(parsed.stats.unknown_types.get("mystery_item"), Some(&1));

    let legacy = [
        r#"{"id":"5973b6c0-94b8-487b-a530-2aeb6098ae0e","timestamp":"2025-06-01T10:00:00.000Z","instructions":null}"#,
        r#"{"record_type":"state"}"#,
        r#"{"type":"message","role":"user","content":[{"type":"input_text","text":"add logging"}]}"#,
        r#"{"type":"function_call","call_id":"l1","name":"shell","arguments":"{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Add File: log.py\\n+import logging\\n*** End Patch\"]}"}"#,
        r#"{"type":"function_call_output","call_id":"l1","output":"Success. Updated the following files:\nA log.py"}"#,
    ];
    let path = "/h/.codex/sessions/rollout-5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl";
    let parsed = parse_bytes(
        Format::Codex,
        path,
        legacy.join("\n").as_bytes(),
        Default::default(),
    );
    assert_eq!(parsed.session.id, "5973b6c0-94b8-487b-a530-2aeb6098ae0e");
    assert_eq!(parsed.edits.len(), 1);
    assert_eq!(
        (parsed.edits[0].kind, parsed.edits[0].outcome),
        (EditKind::Create, Outcome::Applied)
    );
    assert_every_edit_prompt_linked(&parsed);
}

#[test]
fn cursor_turns_take_their_timestamp_tag_and_untagged_ones_are_synthetic() {
    let dir =
        composed("cursor/projects/Users-ana-app/agent-transcripts/5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f");
    let parsed = parse_file(
        Format::Cursor,
        &dir.join("5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f.jsonl"),
    );
    assert_eq!(parsed.session.id, "5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f");
    let users: Vec<(&str, TimeSource)> = parsed
        .turns
        .iter()
        .filter(|t| t.role == Role::User)
        .map(|t| (t.text.as_str(), t.time))
        .collect();
    assert_eq!(
        users[0],
        ("add a checkout button component", TimeSource::Synthetic)
    );
    assert_eq!(users[1].1, TimeSource::Recorded);
    assert!(users[1].0.contains("[REDACTED:openai-key]"), "{}", users[1].0);
    assert!(
        !users[1].0.contains("sk-proj-"),
        "the secret never leaves the parser"
    );
    assert_eq!(users[2], ("continue", TimeSource::Recorded));
    // 1:56 PM at UTC-7 on 2026-09-08 is 20:56 UTC.
    let cart = parsed.edits.iter().find(|e| e.file.ends_with("cart.ts")).unwrap();
    assert_eq!(
        cart.at_ms,
        relay_transcripts::time::rfc3339_ms("2026-09-08T20:56:00Z")
    );
    assert_eq!(cart.time, TimeSource::Recorded);
    let button = parsed
        .edits
        .iter()
        .find(|e| e.file.ends_with("Button.tsx"))
        .unwrap();
    assert_eq!(button.time, TimeSource::Synthetic);
    let delete = parsed.edits.iter().find(|e| e.kind == EditKind::Delete).unwrap();
    assert_eq!(
        delete.prompt.as_ref().unwrap().turn_key,
        cart.prompt.as_ref().unwrap().turn_key
    );
    assert_eq!(
        delete.prompt.as_ref().unwrap().via.as_deref(),
        Some("continue"),
        "filler is kept as via"
    );
    assert!(
        parsed.edits.iter().all(|e| e.outcome == Outcome::Unknown),
        "Cursor writes no tool results"
    );
    assert_eq!(parsed.edits.len(), 3, "a Read is not an edit");
    assert_every_edit_prompt_linked(&parsed);

    let sub = parse_file(Format::Cursor, &dir.join("subagents/9a8b7c6d.jsonl"));
    assert_eq!(sub.session.id, "5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f");
    assert_eq!(sub.edits[0].subagent.as_deref(), Some("9a8b7c6d"));
    assert_every_edit_prompt_linked(&sub);
}

#[test]
fn copilot_replays_the_vs_code_log_and_reads_the_older_json() {
    let dir = composed("copilot/Code/User/workspaceStorage/8e1f0c2a9b7d4e6f/chatSessions");
    let log = parse_file(
        Format::CopilotLog,
        &dir.join("7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60.jsonl"),
    );
    assert_eq!(log.session.id, "7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60");
    let users: Vec<&str> = log
        .turns
        .iter()
        .filter(|t| t.role == Role::User)
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(
        users,
        [
            "rename userName to displayName in the profile",
            "yes",
            "also patch the router"
        ]
    );
    let edits: Vec<(&str, EditKind, &str, Outcome)> = log
        .edits
        .iter()
        .map(|e| {
            (
                e.file.rsplit('/').next().unwrap(),
                e.kind,
                e.tool.as_str(),
                e.outcome,
            )
        })
        .collect();
    assert_eq!(
        edits,
        [
            (
                "Profile.tsx",
                EditKind::Modify,
                "multi_replace_string_in_file",
                Outcome::Applied
            ),
            (
                "Header.tsx",
                EditKind::Modify,
                "multi_replace_string_in_file",
                Outcome::Applied
            ),
            ("name.ts", EditKind::Create, "create_file", Outcome::Unknown),
            (
                "settings.tsx",
                EditKind::Modify,
                "textEditGroup",
                Outcome::Applied
            ),
            ("router.ts", EditKind::Modify, "apply_patch", Outcome::Unknown),
            ("old-router.ts", EditKind::Delete, "apply_patch", Outcome::Unknown),
        ],
        "one edit per file of a multi-replace (Profile.tsx twice is one edit)"
    );
    let first_prompt = &log.turns[0].key;
    assert_eq!(
        log.edits[2].prompt.as_ref().unwrap().turn_key,
        *first_prompt,
        "\"yes\" is filler"
    );
    assert_eq!(log.edits[2].prompt.as_ref().unwrap().via.as_deref(), Some("yes"));
    assert_eq!(log.stats.unknown_types.get("kind:7"), Some(&1));
    assert_every_edit_prompt_linked(&log);

    let json = parse_file(
        Format::CopilotJson,
        &dir.join("0b9e6c2f-1d4a-4e8b-a3c5-7f2e1d0c9b8a.json"),
    );
    assert_eq!(json.session.id, "0b9e6c2f-1d4a-4e8b-a3c5-7f2e1d0c9b8a");
    assert_eq!(
        json.edits.len(),
        1,
        "the textEditGroup of the call's file is the same edit"
    );
    assert_eq!(json.edits[0].outcome, Outcome::Applied);
    assert_every_edit_prompt_linked(&json);
}

#[test]
fn copilot_cli_events_give_prompts_and_edits_with_their_outcome() {
    let parsed = parse_file(
        Format::CopilotCli,
        &only_file(&real("copilot-lock"), "events.jsonl"),
    );
    assert_eq!(parsed.session.id, "2c12a37d-96e0-48c3-9c54-8c9a33a162e8");
    assert_eq!(parsed.session.agent_version.as_deref(), Some("1.0.102"));
    let edits: Vec<(&str, Outcome)> = parsed
        .edits
        .iter()
        .map(|e| (e.file.rsplit('/').next().unwrap(), e.outcome))
        .collect();
    assert_eq!(
        edits,
        [("auth.ts", Outcome::Failed), ("theme.ts", Outcome::Applied)]
    );
    assert_every_edit_prompt_linked(&parsed);
    assert_eq!(
        parsed.stats.unknown_lines(),
        0,
        "{:?}",
        parsed.stats.unknown_types
    );
}

#[test]
fn antigravity_reads_the_step_log_and_artifacts_and_says_the_chat_cannot_be_read() {
    let brain = composed("antigravity/brain/a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e");
    let steps = parse_file(
        Format::AntigravitySteps,
        &brain.join(".system_generated/logs/transcript_full.jsonl"),
    );
    assert_eq!(steps.session.id, "a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e");
    let users: Vec<&str> = steps
        .turns
        .iter()
        .filter(|t| t.role == Role::User)
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(users, ["add a health check endpoint to the server", "ok"]);
    let edits: Vec<(&str, Outcome)> = steps
        .edits
        .iter()
        .map(|e| (e.file.rsplit('/').next().unwrap(), e.outcome))
        .collect();
    assert_eq!(
        edits,
        [("main.go", Outcome::Applied), ("main_test.go", Outcome::Failed)],
        "a view_file is no edit"
    );
    assert_eq!(steps.edits[1].prompt.as_ref().unwrap().via.as_deref(), Some("ok"));
    assert_eq!(steps.stats.unknown_types.get("FUTURE_STEP_KIND"), Some(&1));
    assert_every_edit_prompt_linked(&steps);

    let task = parse_file(Format::AntigravityArtifact, &brain.join("task.md"));
    assert_eq!(task.turns.len(), 1);
    assert!(task.turns[0].text.starts_with("[task.md]\n# Health check"));

    let pb = composed("antigravity/conversations/a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e.pb");
    let note = unreadable(&pb.to_string_lossy()).unwrap();
    assert!(
        note.contains("encrypted") && note.contains("cannot be read"),
        "{note}"
    );
    assert_eq!(Format::from_path(&pb.to_string_lossy()), None);
}

#[test]
fn formats_are_known_from_where_each_agent_keeps_its_transcripts() {
    let cases = [
        ("/h/.claude/projects/-w/9c1e.jsonl", Some(Format::Claude)),
        (
            "/h/.claude/projects/-w/9c1e/subagents/agent-1.jsonl",
            Some(Format::Claude),
        ),
        (
            "/h/.codex/sessions/2026/08/10/rollout-2026-08-10T20-05-50-019e.jsonl",
            Some(Format::Codex),
        ),
        (
            "/h/.cursor/projects/w/agent-transcripts/c1/c1.jsonl",
            Some(Format::Cursor),
        ),
        (
            "/h/.config/Code/User/workspaceStorage/ab/chatSessions/v.jsonl",
            Some(Format::CopilotLog),
        ),
        (
            "/h/.config/Code/User/workspaceStorage/ab/chatSessions/v.json",
            Some(Format::CopilotJson),
        ),
        (
            "/h/.copilot/session-state/s1/events.jsonl",
            Some(Format::CopilotCli),
        ),
        (
            "/h/.gemini/antigravity/brain/b/.system_generated/logs/transcript_full.jsonl",
            Some(Format::AntigravitySteps),
        ),
        (
            "/h/.gemini/antigravity/brain/b/task.md",
            Some(Format::AntigravityArtifact),
        ),
        ("/h/.gemini/antigravity/brain/b/task.md.resolved.0", None),
        ("/h/notes.txt", None),
    ];
    for (path, format) in cases {
        assert_eq!(Format::from_path(path), format, "{path}");
    }
}
