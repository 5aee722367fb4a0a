//! The hook phases and, per agent, the event names that fire them.

use std::fmt;
use std::str::FromStr;

use super::{Agent, HookError};

/// A moment in an agent's session at which `relay hook` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    SessionStart,
    /// The user submitted a prompt.
    Prompt,
    /// A tool is about to run; the one phase where a claim can refuse an edit.
    PreTool,
    PostTool,
    /// A file is about to be read (Cursor's `beforeReadFile`; other agents read through `PreTool`).
    PreRead,
    Notification,
    Stop,
    SessionEnd,
}

impl Phase {
    /// Every phase, in session order.
    pub const ALL: &'static [Phase] = &[
        Phase::SessionStart,
        Phase::Prompt,
        Phase::PreTool,
        Phase::PostTool,
        Phase::PreRead,
        Phase::Notification,
        Phase::Stop,
        Phase::SessionEnd,
    ];

    /// The name on the command line (`relay hook cursor pre-read`).
    pub const fn cli_name(self) -> &'static str {
        match self {
            Phase::SessionStart => "session-start",
            Phase::Prompt => "prompt",
            Phase::PreTool => "pre-tool",
            Phase::PostTool => "post-tool",
            Phase::PreRead => "pre-read",
            Phase::Notification => "notification",
            Phase::Stop => "stop",
            Phase::SessionEnd => "session-end",
        }
    }

    /// Looks a phase up by its CLI name, ignoring surrounding whitespace and ASCII case.
    ///
    /// ```
    /// use relay_core::hook::Phase;
    /// assert_eq!(Phase::parse("pre-tool").unwrap(), Phase::PreTool);
    /// assert!(Phase::parse("PreToolUse").unwrap_err().to_string().contains("pre-tool"));
    /// ```
    pub fn parse(input: &str) -> Result<Phase, HookError> {
        let wanted = input.trim();
        Phase::ALL
            .iter()
            .copied()
            .find(|phase| phase.cli_name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| HookError::UnknownPhase {
                input: input.to_owned(),
                valid: list(Phase::ALL),
            })
    }

    /// The agent's own event names for this phase, the one `relay setup` writes first; empty when the agent has
    /// no such hook.
    ///
    /// ```
    /// use relay_core::hook::{Agent, Phase};
    /// assert_eq!(Phase::Prompt.events(Agent::Cursor), ["beforeSubmitPrompt"]);
    /// assert!(Phase::PreRead.events(Agent::Claude).is_empty());
    /// ```
    pub fn events(self, agent: Agent) -> &'static [&'static str] {
        EVENTS
            .iter()
            .find(|row| row.agent == agent && row.phase == self)
            .map_or(&[], |row| row.events)
    }

    /// The phase an agent's event name belongs to, compared ignoring ASCII case (Cursor and Copilot also run
    /// Claude Code's PascalCase hooks under their camelCase names).
    pub fn from_event(agent: Agent, event: &str) -> Option<Phase> {
        EVENTS
            .iter()
            .filter(|row| row.agent == agent)
            .find(|row| row.events.iter().any(|name| name.eq_ignore_ascii_case(event)))
            .map(|row| row.phase)
    }

    /// The phases `agent` has, in session order.
    pub fn supported(agent: Agent) -> Vec<Phase> {
        Phase::ALL
            .iter()
            .copied()
            .filter(|phase| !phase.events(agent).is_empty())
            .collect()
    }
}

/// `a, b, c` for messages that list phases.
pub(super) fn list(phases: &[Phase]) -> String {
    phases
        .iter()
        .map(|phase| phase.cli_name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cli_name())
    }
}

impl FromStr for Phase {
    type Err = HookError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        Phase::parse(input)
    }
}

/// One agent's event names for one phase.
struct PhaseEvents {
    agent: Agent,
    phase: Phase,
    events: &'static [&'static str],
}

/// Which phases each agent has and what it calls them (agent-formats §1.1, §2.3, §3.2, §4.2, §5.2). A phase
/// missing here is one the agent has no hook for.
const EVENTS: &[PhaseEvents] = &[
    // Claude Code (§1.1). Reads go through PreToolUse (tool `Read`), so there is no pre-read.
    row(Agent::Claude, Phase::SessionStart, &["SessionStart"]),
    row(Agent::Claude, Phase::Prompt, &["UserPromptSubmit"]),
    row(Agent::Claude, Phase::PreTool, &["PreToolUse"]),
    row(Agent::Claude, Phase::PostTool, &["PostToolUse"]),
    row(Agent::Claude, Phase::Notification, &["Notification"]),
    row(Agent::Claude, Phase::Stop, &["Stop"]),
    row(Agent::Claude, Phase::SessionEnd, &["SessionEnd"]),
    // Codex (§2.3): no notification, pre-read or session-end hook.
    row(Agent::Codex, Phase::SessionStart, &["SessionStart"]),
    row(Agent::Codex, Phase::Prompt, &["UserPromptSubmit"]),
    row(Agent::Codex, Phase::PreTool, &["PreToolUse"]),
    row(Agent::Codex, Phase::PostTool, &["PostToolUse"]),
    row(Agent::Codex, Phase::Stop, &["Stop"]),
    // Cursor (§3.2). The shell and MCP hooks are tool hooks under other names; afterFileEdit reports an edit.
    // sessionStart was rejected as "Unknown hook type" by some builds (forum reports).
    row(Agent::Cursor, Phase::SessionStart, &["sessionStart"]),
    row(Agent::Cursor, Phase::Prompt, &["beforeSubmitPrompt"]),
    row(
        Agent::Cursor,
        Phase::PreTool,
        &["preToolUse", "beforeShellExecution", "beforeMCPExecution"],
    ),
    row(
        Agent::Cursor,
        Phase::PostTool,
        &[
            "postToolUse",
            "afterFileEdit",
            "afterShellExecution",
            "afterMCPExecution",
            "postToolUseFailure",
        ],
    ),
    row(Agent::Cursor, Phase::PreRead, &["beforeReadFile"]),
    row(Agent::Cursor, Phase::Stop, &["stop"]),
    row(Agent::Cursor, Phase::SessionEnd, &["sessionEnd"]),
    // Copilot (§4.2): VS Code agent hooks first, then the Copilot CLI's lowerCamel names (VS Code accepts both).
    // Only the CLI has sessionEnd.
    row(Agent::Copilot, Phase::SessionStart, &["SessionStart"]),
    row(
        Agent::Copilot,
        Phase::Prompt,
        &["UserPromptSubmit", "userPromptSubmitted"],
    ),
    row(Agent::Copilot, Phase::PreTool, &["PreToolUse"]),
    row(Agent::Copilot, Phase::PostTool, &["PostToolUse"]),
    // `agentStop`: the Copilot CLI's end of a turn (the CLI hooks reference; seen firing with the real CLI in the
    // suite, `tests/tests/e2e/agents/copilot.rs`).
    row(Agent::Copilot, Phase::Stop, &["Stop", "agentStop"]),
    row(Agent::Copilot, Phase::SessionEnd, &["sessionEnd"]),
    // Antigravity CLI `agy` (§5.2, reverse-engineered, "treat as unstable"). PreInvocation / PostInvocation are
    // not mapped: nothing says whether they fire per prompt or per model call.
    row(Agent::Antigravity, Phase::SessionStart, &["SessionStart"]),
    row(Agent::Antigravity, Phase::PreTool, &["PreToolUse"]),
    row(Agent::Antigravity, Phase::PostTool, &["PostToolUse"]),
    row(Agent::Antigravity, Phase::Stop, &["Stop"]),
];

const fn row(agent: Agent, phase: Phase, events: &'static [&'static str]) -> PhaseEvents {
    PhaseEvents { agent, phase, events }
}
