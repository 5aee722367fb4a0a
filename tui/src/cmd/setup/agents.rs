//! What `relay setup` knows about each agent's user-level hook file: where it is, how it nests entries, which
//! events it gets (the templates in `hooks/`), and what is not verified about it (agent-formats §1.5, §2.3,
//! §3.2, §4.2, §5).

use std::path::{Path, PathBuf};

use relay_core::hook::Agent;

use super::json::{self, Node, Out};

/// How events sit in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// `{"hooks": {"<Event>": [...]}}` (Claude Code, Codex, Cursor, Copilot).
    HooksKey,
    /// `{"<hook name>": {"<Event>": [...]}}`, named hooks at the root; relay adds its own under `relay`
    /// (Antigravity).
    Named(&'static str),
}

/// How an event's array holds handlers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nesting {
    /// Groups `{"matcher": …, "hooks": [handler, …]}`.
    Groups,
    /// Handlers directly.
    Flat,
}

/// One agent's hook file.
#[derive(Debug)]
pub struct AgentSpec {
    pub agent: Agent,
    /// The file under the home folder (or under the agent's own home variable, see [`AgentSpec::file`]).
    pub relative: &'static str,
    /// An environment variable that moves the agent's folder (`CODEX_HOME`), and the file name inside it.
    pub home_env: Option<(&'static str, &'static str)>,
    pub container: Container,
    /// The key of a command handler that holds the command line.
    pub command_key: &'static str,
    /// The template, as written into a new file (`{relay}` stands for the relay command prefix).
    pub template: &'static str,
    /// Said under every plan for this agent: what is unverified or needs a step in the agent.
    pub notes: &'static [&'static str],
}

impl AgentSpec {
    /// How `event`'s array holds handlers.
    pub fn nesting(&self, event: &str) -> Nesting {
        match self.agent {
            Agent::Claude | Agent::Codex => Nesting::Groups,
            Agent::Cursor | Agent::Copilot => Nesting::Flat,
            Agent::Antigravity
                if event.eq_ignore_ascii_case("PreToolUse") || event.eq_ignore_ascii_case("PostToolUse") =>
            {
                Nesting::Groups
            }
            Agent::Antigravity => Nesting::Flat,
        }
    }

    /// The hook file: `<home>/<relative>`, or inside the folder the agent's home variable names when it is set
    /// and no home was given on the command line.
    pub fn file(&self, home: &Path, home_given: bool) -> PathBuf {
        if !home_given
            && let Some((var, name)) = self.home_env
            && let Some(dir) = std::env::var_os(var).filter(|v| !v.is_empty())
        {
            return PathBuf::from(dir).join(name);
        }
        home.join(self.relative)
    }
}

const CLAUDE_NOTES: &[&str] = &[];

const CURSOR_NOTES: &[&str] = &[
    "Cursor: ~/.cursor/hooks.json and its event names come from Cursor's hooks docs as quoted by third parties \
     (agent-formats §3.2, §9); not verified against a Cursor build here.",
    "Cursor: some builds were reported to reject sessionStart as \"Unknown hook type\"; if Cursor stops running \
     hooks after setup, remove the sessionStart entry by hand.",
    "Cursor also runs Claude Code's hooks from ~/.claude/settings.json; relay tells the two apart by the payload.",
];

const CODEX_NOTES: &[&str] = &[
    "Codex: hooks run from Codex 0.124.0 on (older releases need `codex_hooks = true` under [features] in \
     ~/.codex/config.toml).",
    "Codex: new or changed hooks are skipped silently until you trust them: run `codex`, type /hooks and trust each \
     of relay's entries — again after every apply that changes them (`relay doctor` reminds you).",
];

const COPILOT_NOTES: &[&str] = &[
    "Copilot: this is the Copilot CLI's user hook folder (~/.copilot/hooks/*.json, or $COPILOT_HOME/hooks). VS Code's \
     agent hooks read ~/.claude/settings.json instead: `relay setup` (Claude Code) covers them, answered as Copilot.",
];

const ANTIGRAVITY_NOTES: &[&str] = &[
    "Antigravity: UNVERIFIED. The agy CLI's hook file location (~/.gemini/config/hooks.json) and shape (named hooks at \
     the root) are reverse-engineered (agent-formats §5) and may change with any agy release.",
    "Antigravity: agy drops the whole file when any entry in it is invalid; check that your other hooks still run.",
];

/// Every agent's hook file.
pub const SPECS: &[AgentSpec] = &[
    AgentSpec {
        agent: Agent::Claude,
        relative: ".claude/settings.json",
        home_env: Some(("CLAUDE_CONFIG_DIR", "settings.json")),
        container: Container::HooksKey,
        command_key: "command",
        template: include_str!("../../../../hooks/claude-code.json"),
        notes: CLAUDE_NOTES,
    },
    AgentSpec {
        agent: Agent::Cursor,
        relative: ".cursor/hooks.json",
        home_env: None,
        container: Container::HooksKey,
        command_key: "command",
        template: include_str!("../../../../hooks/cursor.json"),
        notes: CURSOR_NOTES,
    },
    AgentSpec {
        agent: Agent::Codex,
        relative: ".codex/hooks.json",
        home_env: Some(("CODEX_HOME", "hooks.json")),
        container: Container::HooksKey,
        command_key: "command",
        template: include_str!("../../../../hooks/codex.json"),
        notes: CODEX_NOTES,
    },
    AgentSpec {
        agent: Agent::Copilot,
        relative: ".copilot/hooks/relay.json",
        home_env: Some(("COPILOT_HOME", "hooks/relay.json")),
        container: Container::HooksKey,
        command_key: "bash",
        template: include_str!("../../../../hooks/copilot.json"),
        notes: COPILOT_NOTES,
    },
    AgentSpec {
        agent: Agent::Antigravity,
        relative: ".gemini/config/hooks.json",
        home_env: None,
        container: Container::Named("relay"),
        command_key: "command",
        template: include_str!("../../../../hooks/antigravity.json"),
        notes: ANTIGRAVITY_NOTES,
    },
];

/// Claude Code's http-mode entries and its wake-up hook.
pub const CLAUDE_HTTP_TEMPLATE: &str = include_str!("../../../../hooks/claude-code-http.json");
pub const CLAUDE_WAKE_TEMPLATE: &str = include_str!("../../../../hooks/claude-code-wake.json");

pub fn spec(agent: Agent) -> &'static AgentSpec {
    SPECS.iter().find(|spec| spec.agent == agent).unwrap_or(&SPECS[0])
}

/// One entry relay writes: the event, the entry as it goes into the event's array (a group or a handler), and
/// the handler inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub event: String,
    pub entry: Out,
    pub handler: Out,
}

/// The entries of a template, in its order, with `{relay}` and `{base}` filled in.
pub fn entries(spec: &AgentSpec, template: &str, relay: &str, base: &str) -> Vec<Entry> {
    let Ok(root) = json::parse(template) else {
        return Vec::new();
    };
    let events = match spec.container {
        Container::HooksKey => root.get("hooks"),
        Container::Named(name) => root.get(name),
    };
    let Some(events) = events.and_then(Node::members) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for member in events {
        for element in member.value.elements().unwrap_or_default() {
            let entry = Out::from_node(element)
                .replace("{relay}", relay)
                .replace("{base}", base);
            let handler = match spec.nesting(&member.key) {
                Nesting::Flat => Some(entry.clone()),
                Nesting::Groups => match &entry {
                    Out::Object(fields) => {
                        fields
                            .iter()
                            .find_map(|(key, value)| match (key.as_str(), value) {
                                ("hooks", Out::Array(handlers)) => handlers.first().cloned(),
                                _ => None,
                            })
                    }
                    _ => None,
                },
            };
            if let Some(handler) = handler {
                out.push(Entry {
                    event: member.key.clone(),
                    entry,
                    handler,
                });
            }
        }
    }
    out
}

/// The root of a new file: the template's other top-level keys (Cursor's and Copilot's `"version": 1`).
pub fn new_file_prelude(template: &str) -> Vec<(String, Out)> {
    let Ok(root) = json::parse(template) else {
        return Vec::new();
    };
    root.members()
        .unwrap_or_default()
        .iter()
        .filter(|member| !matches!(member.value.kind, json::Kind::Object(_)))
        .map(|member| (member.key.clone(), Out::from_node(&member.value)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use relay_core::hook::Phase;

    #[test]
    fn templates_parse_and_run_only_phases_each_agent_has() {
        for spec in SPECS {
            let entries = entries(spec, spec.template, "relay --home /d", "http://127.0.0.1:1");
            assert!(!entries.is_empty(), "{:?} template has entries", spec.agent);
            for entry in &entries {
                let Out::Object(fields) = &entry.handler else {
                    panic!("{:?} handler is an object", spec.agent)
                };
                let command = fields
                    .iter()
                    .find(|(key, _)| key == spec.command_key)
                    .and_then(|(_, value)| match value {
                        Out::String(text) => Some(text.clone()),
                        _ => None,
                    })
                    .unwrap_or_else(|| panic!("{:?} {} has a command", spec.agent, entry.event));
                let words: Vec<&str> = command.split(' ').collect();
                assert_eq!(words[3], "hook");
                assert_eq!(words[4], spec.agent.cli_name());
                let phase = Phase::parse(words[5]).unwrap_or_else(|e| panic!("{e}"));
                assert!(
                    Phase::supported(spec.agent).contains(&phase),
                    "{:?} has {phase}",
                    spec.agent
                );
                assert_eq!(
                    Phase::from_event(spec.agent, &entry.event),
                    Some(phase),
                    "{:?} {} runs its own phase",
                    spec.agent,
                    entry.event
                );
            }
        }
    }

    #[test]
    fn claude_http_template_keeps_session_start_a_command_because_it_takes_no_http_hook() {
        let spec = spec(Agent::Claude);
        let entries = entries(
            spec,
            CLAUDE_HTTP_TEMPLATE,
            "relay --home /d",
            "http://127.0.0.1:1",
        );
        let types: Vec<(String, String)> = entries
            .iter()
            .map(|e| {
                (
                    e.event.clone(),
                    e.handler.to_value()["type"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                )
            })
            .collect();
        assert_eq!(types[0], ("SessionStart".to_owned(), "command".to_owned()));
        assert!(types[1..].iter().all(|(_, kind)| kind == "http"), "{types:?}");
        assert_eq!(
            entries[1].handler.to_value()["url"],
            "http://127.0.0.1:1/hooks/claude-code"
        );
    }
}
