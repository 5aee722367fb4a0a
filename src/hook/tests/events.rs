//! Every fixture, read into the `HookEvent` it must produce.

use super::*;

/// The event every fixture of one session shares; each test overrides what its payload adds.
fn base(agent: Agent, phase: Phase, event: &str, session: &str, cwd: &str) -> HookEvent {
    HookEvent {
        agent,
        declared_agent: agent,
        phase,
        declared_phase: phase,
        event_name: Some(event.to_owned()),
        session_id: AgentSessionId::new(session).unwrap(),
        cwd: cwd.into(),
        workspace_roots: Vec::new(),
        transcript_path: None,
        tool_name: None,
        tool_use_id: None,
        edit: None,
        command: None,
        mcp_input: None,
        reads: Vec::new(),
        prompt: None,
        stop_hook_active: false,
        source: None,
        message: None,
        host_session: None,
        host_attended: false,
        runner_session: None,
        todo: None,
    }
}

const CLAUDE_SESSION: &str = "9c1e4b7a-2f3d-4e5a-8b6c-0d1e2f3a4b5c";
const CLAUDE_TRANSCRIPT: &str =
    "/home/ana/.claude/projects/-home-ana-proj/9c1e4b7a-2f3d-4e5a-8b6c-0d1e2f3a4b5c.jsonl";

fn claude(phase: Phase, event: &str) -> HookEvent {
    HookEvent {
        transcript_path: Some(CLAUDE_TRANSCRIPT.into()),
        ..base(Agent::Claude, phase, event, CLAUDE_SESSION, "/home/ana/proj")
    }
}

#[test]
fn claude_fixtures_read_into_their_events_when_every_phase_fires() {
    let cases = [
        (
            Phase::SessionStart,
            include_str!("../fixtures/claude_session_start.json"),
            HookEvent {
                source: Some("startup".into()),
                ..claude(Phase::SessionStart, "SessionStart")
            },
        ),
        (
            Phase::Prompt,
            include_str!("../fixtures/claude_prompt.json"),
            HookEvent {
                prompt: Some("Rename `Foo` to `Bar` in src/lib.rs — and keep the \"compat\" alias".into()),
                ..claude(Phase::Prompt, "UserPromptSubmit")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/claude_pre_tool_edit.json"),
            HookEvent {
                tool_name: Some("Edit".into()),
                tool_use_id: Some("toolu_01XyZ8kL2mN4pQ6rS8tU0vW2".into()),
                edit: Some(paths(&["/home/ana/proj/src/lib.rs"])),
                ..claude(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/claude_pre_tool_multi_edit.json"),
            HookEvent {
                tool_name: Some("MultiEdit".into()),
                tool_use_id: Some("toolu_01Mu1t1Ed1tAbCdEfGhIjKlM".into()),
                edit: Some(paths(&["/home/ana/proj/src/main.rs"])),
                ..claude(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/claude_pre_tool_read.json"),
            HookEvent {
                tool_name: Some("Read".into()),
                tool_use_id: Some("toolu_01ReAdAbCdEfGhIjKlMnOpQr".into()),
                reads: paths(&["/home/ana/proj/Cargo.toml"]),
                ..claude(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/claude_pre_tool_bash.json"),
            HookEvent {
                tool_name: Some("Bash".into()),
                tool_use_id: Some("toolu_01BaShAbCdEfGhIjKlMnOpQr".into()),
                command: Some("cargo test -p relay-core".into()),
                ..claude(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PostTool,
            include_str!("../fixtures/claude_post_tool_write.json"),
            HookEvent {
                tool_name: Some("Write".into()),
                tool_use_id: Some("toolu_01WrItEAbCdEfGhIjKlMnOpQ".into()),
                edit: Some(paths(&["/home/ana/proj/docs/NOTES.md"])),
                ..claude(Phase::PostTool, "PostToolUse")
            },
        ),
        (
            Phase::Notification,
            include_str!("../fixtures/claude_notification.json"),
            HookEvent {
                message: Some("Claude needs your permission to use Bash".into()),
                ..claude(Phase::Notification, "Notification")
            },
        ),
        (
            Phase::Stop,
            include_str!("../fixtures/claude_stop.json"),
            HookEvent {
                stop_hook_active: true,
                // Which Stop this is, for the wake-up hook's wait beside it.
                message: Some("Renamed Foo to Bar; all tests pass.".into()),
                ..claude(Phase::Stop, "Stop")
            },
        ),
        (
            Phase::SessionEnd,
            include_str!("../fixtures/claude_session_end.json"),
            HookEvent {
                source: Some("prompt_input_exit".into()),
                ..claude(Phase::SessionEnd, "SessionEnd")
            },
        ),
    ];
    for (phase, fixture, expected) in cases {
        assert_eq!(read(Agent::Claude, phase, fixture), expected);
    }
}

const CODEX_SESSION: &str = "019ad3f2-6b1c-7e42-9a0d-5c8e7f6a4b3d";
const CODEX_TRANSCRIPT: &str = "/home/ana/.codex/sessions/2026/11/29/\
     rollout-2026-11-29T10-02-11-019ad3f2-6b1c-7e42-9a0d-5c8e7f6a4b3d.jsonl";

fn codex(phase: Phase, event: &str) -> HookEvent {
    HookEvent {
        transcript_path: Some(CODEX_TRANSCRIPT.into()),
        ..base(Agent::Codex, phase, event, CODEX_SESSION, "/home/ana/shop")
    }
}

#[test]
fn codex_fixtures_read_into_their_events_when_every_phase_fires() {
    let cases = [
        (
            Phase::SessionStart,
            include_str!("../fixtures/codex_session_start.json"),
            HookEvent {
                source: Some("startup".into()),
                ..codex(Phase::SessionStart, "SessionStart")
            },
        ),
        (
            Phase::Prompt,
            include_str!("../fixtures/codex_prompt.json"),
            HookEvent {
                prompt: Some("Split handlers.py into a package and drop the legacy shim.".into()),
                ..codex(Phase::Prompt, "UserPromptSubmit")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/codex_pre_tool_apply_patch.json"),
            HookEvent {
                tool_name: Some("apply_patch".into()),
                tool_use_id: Some("call_Qm3pX9sT2vW4yZ6a".into()),
                edit: Some(paths(&[
                    "api/handlers/__init__.py",
                    "api/handlers.py",
                    "api/handlers/users.py",
                    "api/routes.py",
                    "api/legacy_shim.py",
                ])),
                ..codex(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/codex_pre_tool_shell_patch.json"),
            HookEvent {
                tool_name: Some("Bash".into()),
                tool_use_id: Some("call_Hd7kL0pR5tV8xB1c".into()),
                edit: Some(paths(&["README.md"])),
                command: Some("apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: README.md\n@@ ## Layout\n-handlers.py holds every handler\n+api/handlers/ holds one module per resource\n*** End Patch\nPATCH".into()),
                ..codex(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PostTool,
            include_str!("../fixtures/codex_post_tool_bash.json"),
            HookEvent {
                tool_name: Some("Bash".into()),
                tool_use_id: Some("call_Pt4nM7qS0uW3yA6d".into()),
                command: Some("pytest -q tests/test_handlers.py".into()),
                ..codex(Phase::PostTool, "PostToolUse")
            },
        ),
        (
            Phase::Stop,
            include_str!("../fixtures/codex_stop.json"),
            HookEvent {
                message: Some("Handlers now live in api/handlers/; the shim is gone.".into()),
                ..codex(Phase::Stop, "Stop")
            },
        ),
    ];
    for (phase, fixture, expected) in cases {
        assert_eq!(read(Agent::Codex, phase, fixture), expected);
    }
}

#[test]
fn codex_apply_patch_resolves_against_the_turn_cwd_when_paths_are_relative() {
    let event = read(
        Agent::Codex,
        Phase::PreTool,
        include_str!("../fixtures/codex_pre_tool_apply_patch.json"),
    );
    assert_eq!(
        event.resolved_edits().unwrap(),
        paths(&[
            "/home/ana/shop/api/handlers/__init__.py",
            "/home/ana/shop/api/handlers.py",
            "/home/ana/shop/api/handlers/users.py",
            "/home/ana/shop/api/routes.py",
            "/home/ana/shop/api/legacy_shim.py",
        ])
    );
}

const CURSOR_SESSION: &str = "5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f";
const CURSOR_TRANSCRIPT: &str = "/Users/ana/.cursor/projects/Users-ana-app/agent-transcripts/\
     5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f/5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f.jsonl";

fn cursor(phase: Phase, event: &str) -> HookEvent {
    HookEvent {
        transcript_path: Some(CURSOR_TRANSCRIPT.into()),
        workspace_roots: paths(&["/Users/ana/app"]),
        ..base(Agent::Cursor, phase, event, CURSOR_SESSION, "/Users/ana/app")
    }
}

#[test]
fn cursor_fixtures_read_into_their_events_when_every_phase_fires() {
    let button = "/Users/ana/app/src/checkout/Button.tsx";
    let cases = [
        (
            Phase::SessionStart,
            include_str!("../fixtures/cursor_session_start.json"),
            cursor(Phase::SessionStart, "sessionStart"),
        ),
        (
            Phase::Prompt,
            include_str!("../fixtures/cursor_prompt.json"),
            HookEvent {
                prompt: Some("Make the checkout button disabled while the payment is pending".into()),
                ..cursor(Phase::Prompt, "beforeSubmitPrompt")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/cursor_pre_tool_write.json"),
            HookEvent {
                tool_name: Some("Write".into()),
                tool_use_id: Some("toolu_bdrk_01Cz9wQ4eR7tY1uI3oP5aS8d".into()),
                edit: Some(paths(&[button])),
                ..cursor(Phase::PreTool, "preToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/cursor_pre_tool_shell.json"),
            HookEvent {
                cwd: "/Users/ana/app/web".into(),
                command: Some("npm test -- --watch=false".into()),
                ..cursor(Phase::PreTool, "beforeShellExecution")
            },
        ),
        (
            Phase::PreRead,
            include_str!("../fixtures/cursor_pre_read.json"),
            HookEvent {
                reads: paths(&["/Users/ana/app/.env.local"]),
                ..cursor(Phase::PreRead, "beforeReadFile")
            },
        ),
        (
            Phase::PostTool,
            include_str!("../fixtures/cursor_post_tool_file_edit.json"),
            HookEvent {
                edit: Some(paths(&[button])),
                ..cursor(Phase::PostTool, "afterFileEdit")
            },
        ),
        (
            Phase::Stop,
            include_str!("../fixtures/cursor_stop.json"),
            cursor(Phase::Stop, "stop"),
        ),
        (
            Phase::SessionEnd,
            include_str!("../fixtures/cursor_session_end.json"),
            cursor(Phase::SessionEnd, "sessionEnd"),
        ),
    ];
    for (phase, fixture, expected) in cases {
        assert_eq!(read(Agent::Cursor, phase, fixture), expected);
    }
}

#[test]
fn cursor_is_detected_when_its_payload_arrives_through_claude_settings() {
    let fixture = include_str!("../fixtures/cursor_via_claude_settings.json");
    let event = read(Agent::Claude, Phase::PreTool, fixture);
    assert_eq!(
        event,
        HookEvent {
            declared_agent: Agent::Claude,
            tool_name: Some("StrReplace".into()),
            tool_use_id: Some("toolu_bdrk_01Str3pl4ce5Xy6Zz7Aa8Bb9".into()),
            edit: Some(paths(&["src/checkout/Button.tsx"])),
            ..cursor(Phase::PreTool, "preToolUse")
        }
    );
    assert_eq!(
        event.resolved_edits().unwrap(),
        paths(&["/Users/ana/app/src/checkout/Button.tsx"])
    );
    // …and the answer is Cursor's, not Claude Code's.
    let deny = Decision::Deny {
        reason: "Button.tsx is being edited by bob".into(),
    };
    assert_eq!(
        answer(event.agent, event.phase, &deny).json(),
        Some(&serde_json::json!({
            "permission": "deny",
            "user_message": "Button.tsx is being edited by bob",
            "agent_message": "Button.tsx is being edited by bob",
        }))
    );
    assert_eq!(allow(event.agent, event.phase).stdout(), "{}\n");
}

const COPILOT_SESSION: &str = "7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60";
const COPILOT_TRANSCRIPT: &str = "/home/ana/.config/Code/User/workspaceStorage/8e1f0c2a9b7d4e6f/\
     GitHub.copilot-chat/transcripts/7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60.jsonl";

fn copilot(phase: Phase, event: &str) -> HookEvent {
    HookEvent {
        transcript_path: Some(COPILOT_TRANSCRIPT.into()),
        ..base(Agent::Copilot, phase, event, COPILOT_SESSION, "/home/ana/web")
    }
}

#[test]
fn copilot_fixtures_read_into_their_events_when_every_phase_fires() {
    let cli = |phase, event: Option<&str>| HookEvent {
        event_name: event.map(str::to_owned),
        session_id: AgentSessionId::new("b41e7d20-6c3a-4f85-a917-2d0e8c5b3f14").unwrap(),
        transcript_path: None,
        ..copilot(phase, "")
    };
    let cases = [
        (
            Phase::SessionStart,
            include_str!("../fixtures/copilot_session_start.json"),
            HookEvent {
                source: Some("new".into()),
                ..copilot(Phase::SessionStart, "SessionStart")
            },
        ),
        (
            Phase::Prompt,
            include_str!("../fixtures/copilot_prompt.json"),
            HookEvent {
                prompt: Some("Rename the `userName` prop to `displayName` everywhere".into()),
                ..copilot(Phase::Prompt, "UserPromptSubmit")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/copilot_pre_tool_multi_replace.json"),
            HookEvent {
                tool_name: Some("multi_replace_string_in_file".into()),
                tool_use_id: Some("call_mR8vK2nX5qT1".into()),
                edit: Some(paths(&[
                    "/home/ana/web/src/components/Profile.tsx",
                    "/home/ana/web/src/components/Header.tsx",
                    "/home/ana/web/src/pages/settings.tsx",
                ])),
                ..copilot(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/copilot_cli_pre_tool_edit.json"),
            HookEvent {
                tool_name: Some("edit".into()),
                edit: Some(paths(&["src/app.ts"])),
                ..cli(Phase::PreTool, None)
            },
        ),
        (
            Phase::PostTool,
            include_str!("../fixtures/copilot_post_tool_create_file.json"),
            HookEvent {
                tool_name: Some("create_file".into()),
                tool_use_id: Some("call_cF3aB6dE9gH2".into()),
                edit: Some(paths(&["/home/ana/web/src/components/Avatar.tsx"])),
                ..copilot(Phase::PostTool, "PostToolUse")
            },
        ),
        (
            Phase::Stop,
            include_str!("../fixtures/copilot_stop.json"),
            copilot(Phase::Stop, "Stop"),
        ),
        (
            Phase::SessionEnd,
            include_str!("../fixtures/copilot_cli_session_end.json"),
            HookEvent {
                source: Some("complete".into()),
                ..cli(Phase::SessionEnd, Some("sessionEnd"))
            },
        ),
    ];
    for (phase, fixture, expected) in cases {
        assert_eq!(read(Agent::Copilot, phase, fixture), expected);
    }
}

#[test]
fn copilot_is_detected_when_vs_code_runs_a_hook_from_claude_settings() {
    let fixture = include_str!("../fixtures/copilot_via_claude_settings.json");
    let event = read(Agent::Claude, Phase::PreTool, fixture);
    assert_eq!(
        event,
        HookEvent {
            declared_agent: Agent::Claude,
            tool_name: Some("editFiles".into()),
            tool_use_id: Some("tool-123".into()),
            edit: Some(paths(&["src/main.ts", "src/routes.ts"])),
            ..copilot(Phase::PreTool, "PreToolUse")
        }
    );
    assert_eq!(allow(event.agent, event.phase), Answer::Silent);
}

const ANTIGRAVITY_SESSION: &str = "a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e";

fn antigravity(phase: Phase, event: &str) -> HookEvent {
    HookEvent {
        workspace_roots: paths(&["/home/ana/svc"]),
        ..base(
            Agent::Antigravity,
            phase,
            event,
            ANTIGRAVITY_SESSION,
            "/home/ana/svc",
        )
    }
}

#[test]
fn antigravity_fixtures_read_into_their_events_when_every_phase_fires() {
    let cases = [
        (
            Phase::SessionStart,
            include_str!("../fixtures/antigravity_session_start.json"),
            antigravity(Phase::SessionStart, "SessionStart"),
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/antigravity_pre_tool_write.json"),
            HookEvent {
                tool_name: Some("write_to_file".into()),
                edit: Some(paths(&["/home/ana/svc/cmd/server/main.go"])),
                ..antigravity(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PreTool,
            include_str!("../fixtures/antigravity_pre_tool_view.json"),
            HookEvent {
                tool_name: Some("view_file".into()),
                reads: paths(&["/home/ana/svc/go.mod"]),
                ..antigravity(Phase::PreTool, "PreToolUse")
            },
        ),
        (
            Phase::PostTool,
            include_str!("../fixtures/antigravity_post_tool_claude_shape.json"),
            HookEvent {
                workspace_roots: Vec::new(),
                tool_name: Some("replace_file_content".into()),
                edit: Some(paths(&["internal/store/db.go"])),
                ..antigravity(Phase::PostTool, "PostToolUse")
            },
        ),
        (
            Phase::Stop,
            include_str!("../fixtures/antigravity_stop.json"),
            antigravity(Phase::Stop, "Stop"),
        ),
    ];
    for (phase, fixture, expected) in cases {
        assert_eq!(read(Agent::Antigravity, phase, fixture), expected);
    }
}

#[test]
fn every_fixture_is_read_by_a_test_when_one_is_added() {
    let sources = [include_str!("events.rs"), include_str!("../tests.rs")].concat();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/hook/fixtures");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            sources.contains(&format!("fixtures/{name}\")")),
            "no test reads fixtures/{name}"
        );
    }
}
