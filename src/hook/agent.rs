//! The five agents `relay hook` answers, and how a payload's fingerprint names the product that really sent it.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

use super::HookError;

/// A coding agent whose hooks run `relay hook <agent> <phase>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agent {
    Claude,
    Cursor,
    Codex,
    Copilot,
    Antigravity,
}

impl Agent {
    /// Every agent, in the order the CLI lists them.
    pub const ALL: &'static [Agent] = &[
        Agent::Claude,
        Agent::Cursor,
        Agent::Codex,
        Agent::Copilot,
        Agent::Antigravity,
    ];

    /// The name on the command line (`relay hook claude pre-tool`).
    pub const fn cli_name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Cursor => "cursor",
            Agent::Codex => "codex",
            Agent::Copilot => "copilot",
            Agent::Antigravity => "antigravity",
        }
    }

    /// The product name used in messages.
    pub const fn label(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Cursor => "Cursor",
            Agent::Codex => "Codex",
            Agent::Copilot => "Copilot",
            Agent::Antigravity => "Antigravity",
        }
    }

    /// Looks an agent up by its CLI name, ignoring surrounding whitespace and ASCII case.
    ///
    /// ```
    /// use relay_core::hook::Agent;
    /// assert_eq!(Agent::parse("Cursor").unwrap(), Agent::Cursor);
    /// assert!(Agent::parse("gemini").unwrap_err().to_string().contains("claude, cursor, codex, copilot, antigravity"));
    /// ```
    pub fn parse(input: &str) -> Result<Agent, HookError> {
        let wanted = input.trim();
        Agent::ALL
            .iter()
            .copied()
            .find(|agent| agent.cli_name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| HookError::UnknownAgent {
                input: input.to_owned(),
                valid: Agent::ALL
                    .iter()
                    .map(|agent| agent.cli_name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Agent {
    type Err = HookError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        Agent::parse(input)
    }
}

/// Top-level keys only Cursor sends (agent-formats §3.2 common input, §1.5 "detect the caller by payload").
const CURSOR_MARKERS: &[&str] = &[
    "cursor_version",
    "generation_id",
    "conversation_id",
    "workspace_roots",
];

/// Top-level keys of the Antigravity CLI's protojson payloads. Not in agent-formats §5 (which gives no payload
/// shape); observed by third-party hook adapters for agy 1.1.x (`toolCall {name, args}`, `workspacePaths`).
const ANTIGRAVITY_MARKERS: &[&str] = &["toolCall", "workspacePaths"];

/// camelCase keys of Copilot's payloads: the VS Code doc spelling (`hookEventName`, `sessionId`, §4.2, §9) and the
/// Copilot CLI's (`toolName`, `toolArgs`, `initialPrompt`). Claude Code and Codex send snake_case only.
const COPILOT_MARKERS: &[&str] = &[
    "hookEventName",
    "sessionId",
    "toolName",
    "toolArgs",
    "initialPrompt",
];

/// Finds the product that sent `payload`, starting from the agent named on the command line.
///
/// Claude Code's settings files are also run by Cursor (§3.3) and by Copilot in VS Code (§4.2), each with its
/// own payload, so a hook declared `claude` may be either of them. The rules, first match wins:
///
/// 1. any Cursor-only key (`cursor_version`, `generation_id`, `conversation_id`, `workspace_roots`) → Cursor;
/// 2. any Antigravity protojson key (`toolCall`, `workspacePaths`) → Antigravity;
/// 3. declared Claude Code or Copilot, and a Copilot key (`hookEventName`, `sessionId`, `toolName`, `toolArgs`,
///    `initialPrompt`), a `timestamp` (Claude Code's payloads have none; VS Code's have one in either spelling)
///    or a transcript under `GitHub.copilot-chat` → Copilot;
/// 4. declared Claude Code or Codex, and a `turn_id` or a transcript named `rollout-*.jsonl` (Codex's rollout
///    file, §2.1) → Codex;
/// 5. otherwise the declared agent: Claude Code's own payloads, and Codex's and Antigravity's Claude-shaped
///    ones, carry nothing that tells them apart.
pub(super) fn detect(declared: Agent, payload: &Map<String, Value>) -> Agent {
    let has_any = |keys: &[&str]| keys.iter().any(|key| payload.contains_key(*key));
    let transcript = payload
        .get("transcript_path")
        .or_else(|| payload.get("transcriptPath"))
        .and_then(Value::as_str)
        .unwrap_or_default();

    if has_any(CURSOR_MARKERS) {
        return Agent::Cursor;
    }
    if has_any(ANTIGRAVITY_MARKERS) {
        return Agent::Antigravity;
    }
    let copilot = has_any(COPILOT_MARKERS)
        || payload.contains_key("timestamp")
        || transcript.contains("GitHub.copilot-chat");
    if matches!(declared, Agent::Claude | Agent::Copilot) && copilot {
        return Agent::Copilot;
    }
    let rollout = transcript
        .rsplit(['/', '\\'])
        .next()
        .is_some_and(|name| name.starts_with("rollout-"));
    let codex = payload.contains_key("turn_id") || rollout;
    if matches!(declared, Agent::Claude | Agent::Codex) && codex {
        return Agent::Codex;
    }
    declared
}
