//! Tests of the hook protocol: recorded payloads of every agent and phase (`fixtures/*.json`, built from the
//! documented formats) into their `HookEvent` (`events.rs`), the answers of every dialect (`answers.rs`), and
//! here the bad inputs, the fingerprint corner cases and the patch parser.

mod answers;
mod events;
mod session_join;

use std::path::PathBuf;

use super::*;

/// Reads a fixture as `relay hook <declared> <phase>` would.
fn read(declared: Agent, phase: Phase, fixture: &str) -> HookEvent {
    read_event(declared, phase, fixture.as_bytes())
        .unwrap_or_else(|err| panic!("fixture for {declared} {phase} did not parse: {err}"))
}

fn paths(items: &[&str]) -> Vec<PathBuf> {
    items.iter().map(PathBuf::from).collect()
}

const MINIMAL_CLAUDE: &str = r#"{"session_id":"s-1","cwd":"/w","hook_event_name":"PreToolUse",
    "tool_name":"Write","tool_input":{"file_path":"/w/a.rs","content":"x"}}"#;

#[test]
fn read_event_fails_when_the_body_is_over_256_kb() {
    let mut body = MINIMAL_CLAUDE.as_bytes().to_vec();
    body.resize(MAX_BODY + 1, b' ');
    let err = read_event(Agent::Claude, Phase::PreTool, &body).unwrap_err();
    assert!(matches!(err, HookError::BodyTooLarge { len, max, .. } if len == MAX_BODY + 1 && max == 262_144));
    let message = err.to_string();
    assert!(
        message.contains("Claude Code") && message.contains("262145 bytes"),
        "{message}"
    );
}

#[test]
fn read_event_accepts_a_body_of_exactly_256_kb() {
    let mut body = MINIMAL_CLAUDE.as_bytes().to_vec();
    body.resize(MAX_BODY, b' ');
    let event = read_event(Agent::Claude, Phase::PreTool, &body).unwrap();
    assert_eq!(event.edit, Some(paths(&["/w/a.rs"])));
}

#[test]
fn read_event_fails_naming_the_input_when_the_body_is_not_json() {
    let err = read_event(
        Agent::Cursor,
        Phase::PreTool,
        b"permission=allow&file=/etc/passwd",
    )
    .unwrap_err();
    assert!(matches!(
        err,
        HookError::NotJson {
            agent: Agent::Cursor,
            ..
        }
    ));
    let message = err.to_string();
    assert!(message.contains("Cursor hook payload is not JSON"), "{message}");
    assert!(message.contains("permission=allow&file=/etc/passwd"), "{message}");

    let long = "x".repeat(100);
    let message = read_event(Agent::Codex, Phase::Stop, long.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(message.contains(&format!("{}…", "x".repeat(40))), "{message}");
    assert!(!message.contains(&"x".repeat(41)), "{message}");
}

#[test]
fn read_event_fails_when_the_body_is_empty_or_not_utf8() {
    assert!(matches!(
        read_event(Agent::Claude, Phase::Stop, b""),
        Err(HookError::NotJson { .. })
    ));
    assert!(matches!(
        read_event(Agent::Claude, Phase::Stop, b"\xff\xfe{"),
        Err(HookError::NotJson { .. })
    ));
}

#[test]
fn read_event_fails_when_the_json_is_not_an_object() {
    for (body, found) in [
        (&b"[1, 2]"[..], "array"),
        (b"\"PreToolUse\"", "string"),
        (b"null", "null"),
        (b"42", "number"),
    ] {
        let err = read_event(Agent::Copilot, Phase::PreTool, body).unwrap_err();
        assert!(matches!(err, HookError::NotAnObject { found: f, .. } if f == found));
        assert!(
            err.to_string()
                .contains(&format!("a JSON {found}, not an object"))
        );
    }
}

#[test]
fn read_event_fails_naming_the_keys_when_the_session_id_is_missing() {
    let body =
        br#"{"cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#;
    let err = read_event(Agent::Claude, Phase::PreTool, body).unwrap_err();
    assert!(matches!(
        err,
        HookError::MissingField {
            field: "session id",
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "Claude Code PreToolUse payload has no session id (looked for a non-empty string in session_id)"
    );

    let cursor = br#"{"generation_id":"g","workspace_roots":["/w"],"hook_event_name":"stop"}"#;
    let message = read_event(Agent::Cursor, Phase::Stop, cursor)
        .unwrap_err()
        .to_string();
    assert!(message.contains("conversation_id, session_id"), "{message}");
}

#[test]
fn read_event_fails_when_the_session_id_is_empty_or_not_a_string() {
    for session in [r#""""#, "17", "null"] {
        let body = format!(r#"{{"session_id":{session},"cwd":"/w","hook_event_name":"Stop"}}"#);
        let err = read_event(Agent::Claude, Phase::Stop, body.as_bytes()).unwrap_err();
        assert!(
            matches!(
                err,
                HookError::MissingField {
                    field: "session id",
                    ..
                }
            ),
            "{session}"
        );
    }
}

#[test]
fn read_event_fails_when_there_is_no_working_directory() {
    let body = br#"{"session_id":"s-1","hook_event_name":"SessionStart","source":"startup"}"#;
    let err = read_event(Agent::Claude, Phase::SessionStart, body).unwrap_err();
    assert!(matches!(
        err,
        HookError::MissingField {
            field: "working directory",
            ..
        }
    ));
    assert!(err.to_string().contains("cwd, workspace_roots, workspacePaths"));
}

#[test]
fn parse_fails_naming_the_input_when_the_agent_or_phase_is_unknown() {
    let err = Agent::parse("gemini").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"unknown agent "gemini"; use one of claude, cursor, codex, copilot, antigravity"#
    );
    let err = Phase::parse("PreToolUse").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"unknown hook phase "PreToolUse"; use one of session-start, prompt, pre-tool, post-tool, pre-read, notification, stop, session-end"#
    );
    assert_eq!(" Claude ".parse::<Agent>().unwrap(), Agent::Claude);
    assert_eq!("SESSION-END".parse::<Phase>().unwrap(), Phase::SessionEnd);
}

#[test]
fn every_name_round_trips_when_parsed_from_its_cli_name() {
    for agent in Agent::ALL {
        assert_eq!(Agent::parse(agent.cli_name()).unwrap(), *agent);
    }
    for phase in Phase::ALL {
        assert_eq!(Phase::parse(phase.cli_name()).unwrap(), *phase);
        assert_eq!(phase.to_string(), phase.cli_name());
    }
    let labels: Vec<_> = Agent::ALL.iter().map(|agent| agent.to_string()).collect();
    assert_eq!(
        labels,
        ["Claude Code", "Cursor", "Codex", "Copilot", "Antigravity"]
    );
}

#[test]
fn supported_lists_each_agents_phases_when_asked() {
    let names = |agent| phase::list(&Phase::supported(agent));
    assert_eq!(
        names(Agent::Claude),
        "session-start, prompt, pre-tool, post-tool, notification, stop, session-end"
    );
    assert_eq!(
        names(Agent::Codex),
        "session-start, prompt, pre-tool, post-tool, stop"
    );
    assert_eq!(
        names(Agent::Cursor),
        "session-start, prompt, pre-tool, post-tool, pre-read, stop, session-end"
    );
    assert_eq!(
        names(Agent::Copilot),
        "session-start, prompt, pre-tool, post-tool, stop, session-end"
    );
    assert_eq!(
        names(Agent::Antigravity),
        "session-start, pre-tool, post-tool, stop"
    );
}

#[test]
fn read_event_fails_when_the_agent_has_no_such_phase() {
    let body = br#"{"session_id":"s-1","cwd":"/w","model":"gpt-5.3-codex"}"#;
    let err = read_event(Agent::Codex, Phase::Notification, body).unwrap_err();
    assert!(matches!(
        err,
        HookError::PhaseNotSupported {
            agent: Agent::Codex,
            phase: Phase::Notification,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "Codex has no notification hook; its phases are session-start, prompt, pre-tool, post-tool, stop \
         (check the hook entry that runs `relay hook`)"
    );
}

#[test]
fn read_event_takes_the_phase_from_the_event_name_when_it_differs_from_the_argument() {
    let body = br#"{"conversation_id":"c-1","workspace_roots":["/w"],"hook_event_name":"beforeReadFile",
        "file_path":"/w/.env"}"#;
    let event = read_event(Agent::Cursor, Phase::PreTool, body).unwrap();
    assert_eq!(
        (event.phase, event.declared_phase),
        (Phase::PreRead, Phase::PreTool)
    );
    assert_eq!(event.reads, paths(&["/w/.env"]));

    let unknown = br#"{"session_id":"s-1","cwd":"/w","hook_event_name":"SubagentStop"}"#;
    let event = read_event(Agent::Claude, Phase::Stop, unknown).unwrap();
    assert_eq!(event.phase, Phase::Stop);
    assert_eq!(event.event_name.as_deref(), Some("SubagentStop"));
}

#[test]
fn detect_keeps_the_declared_agent_when_the_payload_has_no_fingerprint() {
    let body = br#"{"session_id":"s-1","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash",
        "tool_input":{"command":"ls"}}"#;
    for agent in [Agent::Claude, Agent::Codex, Agent::Antigravity] {
        assert_eq!(read_event(agent, Phase::PreTool, body).unwrap().agent, agent);
    }
}

#[test]
fn detect_finds_codex_when_a_codex_payload_arrives_as_claude() {
    let event = read(
        Agent::Claude,
        Phase::SessionStart,
        include_str!("fixtures/codex_session_start.json"),
    );
    assert_eq!((event.agent, event.declared_agent), (Agent::Codex, Agent::Claude));
    let turn = br#"{"session_id":"s-1","turn_id":"t-1","cwd":"/w","hook_event_name":"Stop"}"#;
    assert_eq!(
        read_event(Agent::Claude, Phase::Stop, turn).unwrap().agent,
        Agent::Codex
    );
}

#[test]
fn detect_keeps_antigravity_when_its_payload_spells_keys_like_copilot() {
    let body = br#"{"sessionId":"s-1","cwd":"/w","hookEventName":"Stop","timestamp":1764411302123}"#;
    assert_eq!(
        read_event(Agent::Antigravity, Phase::Stop, body).unwrap().agent,
        Agent::Antigravity
    );
    assert_eq!(
        read_event(Agent::Claude, Phase::Stop, body).unwrap().agent,
        Agent::Copilot
    );
}

#[test]
fn antigravity_takes_the_conversation_id_first_when_a_payload_carries_several_ids() {
    let body = br#"{"session_id":"other","conversationId":"conv-1","cwd":"/w","hookEventName":"Stop"}"#;
    let event = read_event(Agent::Antigravity, Phase::Stop, body).unwrap();
    assert_eq!(event.session_id.as_str(), "conv-1");
}

#[test]
fn detect_finds_copilot_when_a_snake_case_vs_code_payload_has_a_timestamp() {
    let body =
        br#"{"session_id":"s-1","cwd":"/w","hook_event_name":"Stop","timestamp":"2026-11-29T10:15:02Z",
        "stop_hook_active":false}"#;
    assert_eq!(
        read_event(Agent::Claude, Phase::Stop, body).unwrap().agent,
        Agent::Copilot
    );
}

#[test]
fn parse_patch_lists_add_update_move_and_delete_when_the_patch_has_all_four() {
    let patch = include_str!("fixtures/codex_pre_tool_apply_patch.json");
    let value: serde_json::Value = serde_json::from_str(patch).unwrap();
    let text = value["tool_input"]["command"].as_str().unwrap();
    assert_eq!(
        parse_patch(text),
        [
            PatchOp::Add {
                path: "api/handlers/__init__.py".into()
            },
            PatchOp::Update {
                path: "api/handlers.py".into(),
                move_to: Some("api/handlers/users.py".into())
            },
            PatchOp::Update {
                path: "api/routes.py".into(),
                move_to: None
            },
            PatchOp::Delete {
                path: "api/legacy_shim.py".into()
            },
        ]
    );
}

#[test]
fn parse_patch_tolerates_padding_crlf_and_text_around_the_envelope() {
    let patch = "echo start\r\n  *** Begin Patch  \r\n*** Add File:   docs/a b.md \r\n+hello\r\n\
                 ***   Update File: nope\r\n *** Delete File: /abs/old.txt\r\n*** End Patch\r\n\
                 *** Delete File: after-the-end.txt\r\n";
    assert_eq!(
        parse_patch(patch),
        [
            PatchOp::Add {
                path: "docs/a b.md".into()
            },
            PatchOp::Delete {
                path: "/abs/old.txt".into()
            },
        ]
    );
}

#[test]
fn parse_patch_scans_every_line_when_there_is_no_begin_marker() {
    let patch = "*** Update File: src/a.rs\n@@\n-a\n+b\n*** Move to: src/b.rs\n*** Move to: src/c.rs\n";
    assert_eq!(
        parse_patch(patch),
        [PatchOp::Update {
            path: "src/a.rs".into(),
            move_to: Some("src/b.rs".into())
        }]
    );
    assert!(parse_patch("*** Move to: orphan.rs\n+*** Add File: inside-a-body.rs\n").is_empty());
}

#[test]
fn patch_files_lists_each_path_once_when_a_patch_repeats_one() {
    let patch = "*** Begin Patch\n*** Update File: a.rs\n@@\n-1\n+2\n*** Update File: a.rs\n*** Move to: b.rs\n\
                 @@\n-3\n+4\n*** Add File: b.rs\n+x\n*** End Patch";
    assert_eq!(patch_files(patch), paths(&["a.rs", "b.rs"]));
}

#[test]
fn edit_files_reads_a_codex_shell_patch_only_when_it_runs_apply_patch() {
    let patch = serde_json::json!({"command": "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: x.py\n*** End Patch\nEOF"});
    assert_eq!(edit_files(Agent::Codex, "Bash", &patch), Some(paths(&["x.py"])));
    let argv = serde_json::json!({"command": ["apply_patch", "*** Begin Patch\n*** Add File: y.py\n+1\n*** End Patch"]});
    assert_eq!(edit_files(Agent::Codex, "Bash", &argv), Some(paths(&["y.py"])));
    let cat =
        serde_json::json!({"command": "cat > notes.md <<'EOF'\n*** Begin Patch\n*** Delete File: x.py\nEOF"});
    assert_eq!(edit_files(Agent::Codex, "Bash", &cat), None);
    assert!(!is_edit_tool(Agent::Codex, "Bash"));
}

#[test]
fn edit_files_claims_every_file_of_a_copilot_multi_replace() {
    let input = serde_json::json!({"explanation": "rename", "replacements": [
        {"filePath": "/w/a.ts", "oldString": "a", "newString": "b"},
        {"filePath": "/w/b.ts", "oldString": "a", "newString": "b"},
        {"oldString": "no path", "newString": "skipped"},
        {"filePath": "/w/a.ts", "oldString": "c", "newString": "d"},
        {"filePath": "/w/c.ts", "oldString": "a", "newString": "b"}
    ]});
    for tool in ["multi_replace_string_in_file", "copilot_multiReplaceString"] {
        assert_eq!(
            edit_files(Agent::Copilot, tool, &input),
            Some(paths(&["/w/a.ts", "/w/b.ts", "/w/c.ts"]))
        );
    }
}

#[test]
fn edit_files_returns_an_empty_claim_when_an_edit_tool_names_no_file() {
    let input = serde_json::json!({"content": "x"});
    assert_eq!(edit_files(Agent::Claude, "Write", &input), Some(Vec::new()));
    assert_eq!(edit_files(Agent::Claude, "Bash", &input), None);
    assert_eq!(edit_files(Agent::Claude, "apply_patch", &input), None);
}

#[test]
fn is_edit_tool_covers_every_documented_edit_tool_when_asked() {
    let edits = [
        (Agent::Claude, &["Write", "Edit", "MultiEdit", "NotebookEdit"][..]),
        (Agent::Codex, &["apply_patch"]),
        (Agent::Cursor, &["Write", "StrReplace", "Delete"]),
        (
            Agent::Copilot,
            &[
                "create_file",
                "replace_string_in_file",
                "multi_replace_string_in_file",
                "insert_edit_into_file",
                "apply_patch",
                "copilot_createFile",
                "copilot_replaceString",
                "copilot_multiReplaceString",
                "copilot_insertEdit",
                "copilot_applyPatch",
                "editFiles",
            ],
        ),
        (
            Agent::Antigravity,
            &[
                "write_to_file",
                "replace_file_content",
                "multi_replace_file_content",
            ],
        ),
    ];
    for (agent, tools) in edits {
        for tool in tools {
            assert!(is_edit_tool(agent, tool), "{agent} {tool}");
        }
    }
    for (agent, tool) in [
        (Agent::Claude, "Read"),
        (Agent::Claude, "Bash"),
        (Agent::Claude, "StrReplace"),
        (Agent::Cursor, "Edit"),
        (Agent::Cursor, "Shell"),
        (Agent::Copilot, "read_file"),
        (Agent::Copilot, "run_in_terminal"),
        (Agent::Antigravity, "view_file"),
        (Agent::Antigravity, "run_command"),
    ] {
        assert!(!is_edit_tool(agent, tool), "{agent} {tool}");
    }
    assert!(is_read_tool(Agent::Copilot, "read_file") && is_read_tool(Agent::Cursor, "Read"));
}
