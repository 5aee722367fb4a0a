//! The answer of every agent and phase to allow, deny and context, written out as the JSON each agent reads.

use serde_json::Value;

use super::*;

/// A reason with quotes, a backslash, a newline and non-ASCII: it must come out as valid JSON, unchanged.
const REASON: &str =
    "src/lib.rs is held by \"bob\" (claude:ana-mbp:7f2c) — Zürich ✋ C:\\tmp\nTry again later";
const TEXT: &str = "Bob is working on: «rename Foo → Bar»; keep off src/lib.rs";

/// Expected answers: the allow, deny and context JSON per agent and phase. `""` means print nothing; `$R` and
/// `$T` stand for the reason and the text, JSON-encoded.
const EXPECTED: &[(Agent, Phase, &str, &str, &str)] = &[
    (
        Agent::Claude,
        Phase::SessionStart,
        "",
        r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$R}}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$T}}"#,
    ),
    (
        Agent::Claude,
        Phase::Prompt,
        "",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":$T}}"#,
    ),
    (
        Agent::Claude,
        Phase::PreTool,
        "",
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":$R}}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":$T}}"#,
    ),
    (
        Agent::Claude,
        Phase::PostTool,
        "",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":$T}}"#,
    ),
    (Agent::Claude, Phase::Notification, "", "", ""),
    (
        Agent::Claude,
        Phase::Stop,
        "",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":$T}}"#,
    ),
    (Agent::Claude, Phase::SessionEnd, "", "", ""),
    (
        Agent::Codex,
        Phase::SessionStart,
        "{}",
        r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$R}}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$T}}"#,
    ),
    (
        Agent::Codex,
        Phase::Prompt,
        "{}",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":$T}}"#,
    ),
    (
        Agent::Codex,
        Phase::PreTool,
        "{}",
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":$R}}"#,
        "{}",
    ),
    (
        Agent::Codex,
        Phase::PostTool,
        "{}",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":$T}}"#,
    ),
    (
        Agent::Codex,
        Phase::Stop,
        "{}",
        r#"{"decision":"block","reason":$R}"#,
        "{}",
    ),
    (
        Agent::Cursor,
        Phase::SessionStart,
        "{}",
        r#"{"additional_context":$R}"#,
        r#"{"additional_context":$T}"#,
    ),
    (
        Agent::Cursor,
        Phase::Prompt,
        r#"{"continue":true}"#,
        r#"{"continue":false,"user_message":$R}"#,
        r#"{"continue":true}"#,
    ),
    (
        Agent::Cursor,
        Phase::PreTool,
        "{}",
        r#"{"permission":"deny","user_message":$R,"agent_message":$R}"#,
        "{}",
    ),
    (
        Agent::Cursor,
        Phase::PostTool,
        "{}",
        r#"{"additional_context":$R}"#,
        r#"{"additional_context":$T}"#,
    ),
    (
        Agent::Cursor,
        Phase::PreRead,
        "{}",
        r#"{"permission":"deny"}"#,
        "{}",
    ),
    (
        Agent::Cursor,
        Phase::Stop,
        "{}",
        r#"{"followup_message":$R}"#,
        "{}",
    ),
    (Agent::Cursor, Phase::SessionEnd, "{}", "{}", "{}"),
    (
        Agent::Copilot,
        Phase::SessionStart,
        "",
        r#"{"additionalContext":$R,"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$R}}"#,
        r#"{"additionalContext":$T,"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":$T}}"#,
    ),
    (
        Agent::Copilot,
        Phase::Prompt,
        "",
        r#"{"continue":false,"stopReason":$R}"#,
        r#"{"additionalContext":$T,"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":$T}}"#,
    ),
    (
        Agent::Copilot,
        Phase::PreTool,
        "",
        r#"{"permissionDecision":"deny","permissionDecisionReason":$R,
            "hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":$R}}"#,
        r#"{"additionalContext":$T,"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":$T}}"#,
    ),
    (
        Agent::Copilot,
        Phase::PostTool,
        "",
        r#"{"decision":"block","reason":$R}"#,
        r#"{"additionalContext":$T,"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":$T}}"#,
    ),
    (
        Agent::Copilot,
        Phase::Stop,
        "",
        r#"{"decision":"block","reason":$R}"#,
        "",
    ),
    (Agent::Copilot, Phase::SessionEnd, "", "", ""),
    (
        Agent::Antigravity,
        Phase::SessionStart,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
    ),
    (
        Agent::Antigravity,
        Phase::PreTool,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"deny","reason":$R}"#,
        r#"{"decision":"allow"}"#,
    ),
    (
        Agent::Antigravity,
        Phase::PostTool,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
    ),
    (
        Agent::Antigravity,
        Phase::Stop,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
        r#"{"decision":"allow"}"#,
    ),
];

/// The expected answer of one table cell.
fn expected(cell: &str) -> Answer {
    if cell.is_empty() {
        return Answer::Silent;
    }
    let json = cell
        .replace("$R", &serde_json::to_string(REASON).unwrap())
        .replace("$T", &serde_json::to_string(TEXT).unwrap());
    Answer::Json(serde_json::from_str(&json).unwrap_or_else(|err| panic!("bad cell {cell}: {err}")))
}

fn deny() -> Decision {
    Decision::Deny {
        reason: REASON.into(),
    }
}

fn context() -> Decision {
    Decision::Context { text: TEXT.into() }
}

#[test]
fn answer_speaks_each_agents_dialect_when_allowing_denying_or_adding_context() {
    for (agent, phase, allowed, denied, contexted) in EXPECTED {
        for (decision, cell) in [
            (Decision::Allow, allowed),
            (deny(), denied),
            (context(), contexted),
        ] {
            assert_eq!(
                answer(*agent, *phase, &decision),
                expected(cell),
                "{agent} {phase} {decision:?}"
            );
        }
    }
}

#[test]
fn expected_table_covers_exactly_the_phases_each_agent_has() {
    for agent in Agent::ALL {
        let listed: Vec<Phase> = EXPECTED
            .iter()
            .filter(|row| row.0 == *agent)
            .map(|row| row.1)
            .collect();
        assert_eq!(listed, Phase::supported(*agent), "{agent}");
    }
}

#[test]
fn stdout_is_one_line_of_valid_json_that_keeps_the_reason_intact_when_it_has_quotes_and_non_ascii() {
    for (agent, phase, ..) in EXPECTED {
        for decision in [deny(), context()] {
            let stdout = answer(*agent, *phase, &decision).stdout();
            if stdout.is_empty() {
                continue;
            }
            assert!(
                stdout.ends_with('\n') && stdout.matches('\n').count() == 1,
                "{stdout}"
            );
            let parsed: Value = serde_json::from_str(&stdout).unwrap();
            let strings = collect_strings(&parsed);
            let carried = strings.iter().any(|text| text == REASON || text == TEXT);
            let dropped = matches!(
                (agent, phase),
                (
                    Agent::Cursor,
                    Phase::PreRead | Phase::PreTool | Phase::Prompt | Phase::Stop | Phase::SessionEnd
                ) | (Agent::Codex, Phase::PreTool | Phase::Stop)
                    | (Agent::Antigravity, _)
            );
            assert!(carried || dropped, "{agent} {phase} lost the text: {stdout}");
        }
    }
    let stdout = answer(Agent::Claude, Phase::PreTool, &deny()).stdout();
    assert!(stdout.contains(r#"\"bob\""#) && stdout.contains("Zürich ✋") && stdout.contains(r"C:\\tmp\n"));
}

fn collect_strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => vec![text.clone()],
        Value::Array(items) => items.iter().flat_map(collect_strings).collect(),
        Value::Object(map) => map.values().flat_map(collect_strings).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn allow_is_silent_or_a_json_object_when_the_agent_lacks_the_phase() {
    for agent in Agent::ALL {
        for phase in Phase::ALL {
            for decision in [Decision::Allow, deny(), context()] {
                match answer(*agent, *phase, &decision) {
                    Answer::Silent => {}
                    Answer::Json(value) => assert!(value.is_object(), "{agent} {phase}: {value}"),
                }
            }
            assert_eq!(allow(*agent, *phase), answer(*agent, *phase, &Decision::Allow));
        }
    }
    assert_eq!(allow(Agent::Claude, Phase::PreRead), Answer::Silent);
    assert_eq!(allow(Agent::Codex, Phase::Notification).stdout(), "{}\n");
}

#[test]
fn allow_never_grants_what_the_agent_would_ask_about_when_relay_has_no_objection() {
    for agent in [Agent::Claude, Agent::Codex, Agent::Cursor, Agent::Copilot] {
        for phase in Phase::ALL {
            let stdout = allow(agent, *phase).stdout();
            assert!(!stdout.contains("allow"), "{agent} {phase}: {stdout}");
        }
    }
}

#[test]
fn answer_fills_in_a_reason_when_the_deny_reason_is_blank() {
    let blank = Decision::Deny { reason: "  ".into() };
    assert_eq!(
        answer(Agent::Codex, Phase::Stop, &blank).json(),
        Some(&serde_json::json!({"decision": "block", "reason": "relay refused this action"}))
    );
    let empty = Decision::Context { text: String::new() };
    assert_eq!(answer(Agent::Claude, Phase::SessionStart, &empty), Answer::Silent);
}

/// The guard's ask (relaybay §7) in each agent's pre-tool dialect; where the agent does not enforce an ask (Codex),
/// a deny with the same reason stands in. On any other phase an ask is a refusal.
#[test]
fn an_ask_is_each_agents_permission_prompt_and_a_deny_where_the_agent_cannot_ask() {
    let ask = Decision::Ask {
        reason: "relay guard: live is ask".into(),
        context: "owner: use the replica".into(),
    };
    let json = |agent| answer(agent, Phase::PreTool, &ask).json().cloned().unwrap();
    let claude = json(Agent::Claude);
    assert_eq!(claude["hookSpecificOutput"]["permissionDecision"], "ask");
    assert_eq!(
        claude["hookSpecificOutput"]["permissionDecisionReason"],
        "relay guard: live is ask"
    );
    assert_eq!(
        claude["hookSpecificOutput"]["additionalContext"],
        "owner: use the replica"
    );
    let codex = json(Agent::Codex);
    assert_eq!(codex["hookSpecificOutput"]["permissionDecision"], "deny");
    assert_eq!(
        codex["hookSpecificOutput"]["permissionDecisionReason"],
        format!("relay guard: live is ask {ASK_STANDS_IN}")
    );
    assert_eq!(json(Agent::Cursor)["permission"], "ask");
    let copilot = json(Agent::Copilot);
    assert_eq!(copilot["permissionDecision"], "ask");
    assert_eq!(copilot["hookSpecificOutput"]["permissionDecision"], "ask");
    assert_eq!(json(Agent::Antigravity)["decision"], "ask");
    let stop = answer(Agent::Claude, Phase::Stop, &ask).json().cloned().unwrap();
    assert_eq!(stop["decision"], "block", "an ask outside pre-tool is a refusal");
}
