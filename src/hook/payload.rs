//! Reading one hook payload into a [`HookEvent`]: the size cap, the JSON, the product fingerprint, the phase the
//! event really is, and the fields relay needs, under whichever spelling the agent uses.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::agent::detect;
use super::apply_patch::dedup;
use super::files::{edit_files, first_str, read_files, shell_command};
use super::phase::list;
use super::todo::{TodoChange, todo_change};
use super::{Agent, HookError, Phase};

/// The largest hook payload relay reads, in bytes. The caller reads at most one byte more from stdin, so that an
/// oversized body is refused without reading it all.
pub const MAX_BODY: usize = 256 * 1024;

/// The agent's own id for its session (Claude Code's `session_id`, Cursor's `conversation_id`, …); never empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AgentSessionId(String);

impl AgentSessionId {
    /// The id, unless it is empty.
    pub fn new(id: impl Into<String>) -> Option<AgentSessionId> {
        let id = id.into();
        (!id.is_empty()).then_some(AgentSessionId(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AgentSessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One hook call, normalised across the five agents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookEvent {
    /// The product that sent the payload, from its fingerprint (answer in this one's dialect).
    pub agent: Agent,
    /// The agent named on the command line; differs from `agent` when e.g. Cursor runs Claude Code's hooks.
    pub declared_agent: Agent,
    /// The phase the payload's event name belongs to, else the declared one.
    pub phase: Phase,
    pub declared_phase: Phase,
    /// The event name as the payload spells it (`PreToolUse`, `beforeReadFile`, …), when it has one.
    pub event_name: Option<String>,
    pub session_id: AgentSessionId,
    /// The directory relative paths resolve against: the payload's `cwd`, else its first workspace root.
    pub cwd: PathBuf,
    /// The workspace folders the agent reports (Cursor's `workspace_roots`, Antigravity's `workspacePaths`).
    pub workspace_roots: Vec<PathBuf>,
    pub transcript_path: Option<PathBuf>,
    pub tool_name: Option<String>,
    pub tool_use_id: Option<String>,
    /// The files an edit tool will write (pre-tool) or wrote (post-tool), as given: `None` when the call edits
    /// nothing, `Some` of an empty list for an edit tool whose files could not be found.
    pub edit: Option<Vec<PathBuf>>,
    /// The command line a shell tool will run (Claude Code's `Bash`, Cursor's `beforeShellExecution`, …).
    pub command: Option<String>,
    /// The input of an MCP tool call (a tool named `mcp__<server>__<tool>`, Cursor's `MCP:<tool>` or its
    /// `beforeMCPExecution`): what the guard reads every string of.
    pub mcp_input: Option<Value>,
    /// The files about to be read: Cursor's `beforeReadFile`, or a read tool's input.
    pub reads: Vec<PathBuf>,
    /// The user's prompt text, on prompt events.
    pub prompt: Option<String>,
    /// The agent is already continuing because of an earlier Stop block (Claude Code's `stop_hook_active`,
    /// Cursor's `loop_count` above 0): another block would loop.
    pub stop_hook_active: bool,
    /// Why the session started (`source`: startup, resume, clear, compact, fork) or ended (`reason`).
    pub source: Option<String>,
    /// A notification's message, or a Stop's last assistant message (Claude Code's `last_assistant_message`).
    pub message: Option<String>,
    /// The Claude desktop app's session id (`relay_host_session`, added by `relay hook` from
    /// `CLAUDE_CODE_HOST_SESSION_ID`, or the `X-Relay-Host-Session` header of an http hook).
    pub host_session: Option<String>,
    /// Whether a person attends the desktop session (`relay_host_attended` / `CLAUDE_CODE_SESSION_ATTENDED` = "1").
    pub host_attended: bool,
    /// The relay runner session the agent runs in (`relay_runner_session`, added by `relay hook` from
    /// `RELAY_SESSION`, which relayd puts in every runner terminal's environment).
    pub runner_session: Option<String>,
    /// What a todo tool call did to the agent's todo list (PostToolUse of TaskCreate, TaskUpdate, TodoWrite).
    pub todo: Option<TodoChange>,
}

impl HookEvent {
    /// `path` made absolute against the event's cwd (unchanged when already absolute).
    pub fn resolve(&self, path: &Path) -> PathBuf {
        self.cwd.join(path)
    }

    /// The edited files made absolute against the cwd.
    pub fn resolved_edits(&self) -> Option<Vec<PathBuf>> {
        self.edit
            .as_ref()
            .map(|files| files.iter().map(|file| self.resolve(file)).collect())
    }
}

const SESSION_KEYS_CLAUDE: &[&str] = &["session_id"];
/// Cursor: `conversation_id`; "some builds also `session_id`" (§3.2).
const SESSION_KEYS_CURSOR: &[&str] = &["conversation_id", "session_id"];
/// Copilot: `sessionId` in the VS Code doc, snake_case in later revisions (§4.2, §9: accept both).
const SESSION_KEYS_COPILOT: &[&str] = &["sessionId", "session_id"];
/// Antigravity: no documented payload. `conversationId` first — the key relaybrain's lock ↔ session table gives
/// (agy names sessions "conversations", §5.2) —, then the Claude-compatible `session_id` and `sessionId`. Assumed.
const SESSION_KEYS_ANTIGRAVITY: &[&str] = &["conversationId", "session_id", "sessionId"];

const EVENT_KEYS: &[&str] = &["hook_event_name", "hookEventName"];
const TRANSCRIPT_KEYS: &[&str] = &["transcript_path", "transcriptPath"];
const TOOL_NAME_KEYS: &[&str] = &["tool_name", "toolName"];
/// `tool_call_id` is Cursor's alternative spelling (§3.2).
const TOOL_USE_ID_KEYS: &[&str] = &["tool_use_id", "toolUseId", "tool_call_id"];
/// `toolArgs` is the Copilot CLI's (a JSON string, observed); `toolCall.args` Antigravity's (observed).
const TOOL_INPUT_KEYS: &[&str] = &["tool_input", "toolInput", "toolArgs"];
const STOP_ACTIVE_KEYS: &[&str] = &["stop_hook_active", "stopHookActive"];

fn session_keys(agent: Agent) -> &'static [&'static str] {
    match agent {
        Agent::Claude | Agent::Codex => SESSION_KEYS_CLAUDE,
        Agent::Cursor => SESSION_KEYS_CURSOR,
        Agent::Copilot => SESSION_KEYS_COPILOT,
        Agent::Antigravity => SESSION_KEYS_ANTIGRAVITY,
    }
}

/// Reads one hook payload, sent by the agent that `relay hook <declared> <phase>` names, into a [`HookEvent`].
///
/// The product is taken from the payload's fingerprint (see the module docs), and the phase from the payload's
/// event name when that names one of the product's phases. Fails when the body is over [`MAX_BODY`], is not a
/// JSON object, names a phase the product does not have, or lacks a session id or a working directory; the
/// caller then prints [`allow`](super::allow) and exits 0.
///
/// ```
/// use relay_core::hook::{Agent, Phase, read_event};
/// let body = br#"{"session_id":"s1","cwd":"/w","hook_event_name":"PreToolUse",
///     "tool_name":"Write","tool_input":{"file_path":"/w/a.rs","content":""}}"#;
/// let event = read_event(Agent::Claude, Phase::PreTool, body).unwrap();
/// assert_eq!(event.edit, Some(vec!["/w/a.rs".into()]));
/// ```
pub fn read_event(declared: Agent, phase: Phase, body: &[u8]) -> Result<HookEvent, HookError> {
    if body.len() > MAX_BODY {
        return Err(HookError::BodyTooLarge {
            agent: declared,
            len: body.len(),
            max: MAX_BODY,
        });
    }
    let value: Value = serde_json::from_slice(body).map_err(|source| HookError::NotJson {
        agent: declared,
        preview: preview(body),
        source,
    })?;
    let Value::Object(payload) = value else {
        return Err(HookError::NotAnObject {
            agent: declared,
            found: kind(&value),
        });
    };

    let agent = detect(declared, &payload);
    let event_name = first_string(&payload, EVENT_KEYS).map(str::to_owned);
    let event_phase = event_name
        .as_deref()
        .and_then(|name| Phase::from_event(agent, name))
        .unwrap_or(phase);
    if event_phase.events(agent).is_empty() {
        return Err(HookError::PhaseNotSupported {
            agent,
            phase: event_phase,
            supported: list(&Phase::supported(agent)),
        });
    }
    let event_label = event_name
        .clone()
        .unwrap_or_else(|| event_phase.cli_name().to_owned());
    let missing = |field: &'static str, keys: &[&str]| HookError::MissingField {
        agent,
        event: event_label.clone(),
        field,
        keys: keys.join(", "),
    };

    let keys = session_keys(agent);
    let session_id = first_string(&payload, keys)
        .and_then(AgentSessionId::new)
        .ok_or_else(|| missing("session id", keys))?;

    let workspace_roots = workspace_roots(&payload);
    let cwd = first_string(&payload, &["cwd"])
        .map(PathBuf::from)
        .or_else(|| workspace_roots.first().cloned())
        .ok_or_else(|| missing("working directory", &["cwd", "workspace_roots", "workspacePaths"]))?;

    let tool_call = payload.get("toolCall");
    let tool_name = first_string(&payload, TOOL_NAME_KEYS)
        .or_else(|| tool_call.and_then(|call| first_str(call, &["name"])))
        .map(str::to_owned);
    let input = tool_input(&payload);
    let (mut edit, mut reads) = match (&tool_name, &input) {
        (Some(tool), Some(input)) => (edit_files(agent, tool, input), read_files(agent, tool, input)),
        _ => (None, Vec::new()),
    };
    let mut command = match (&tool_name, &input) {
        (Some(tool), Some(input)) => shell_command(agent, tool, input),
        _ => None,
    };
    // Cursor's file hooks name the file at the top level, with no tool (§3.2).
    if agent == Agent::Cursor {
        let file = first_string(&payload, &["file_path"]).map(PathBuf::from);
        let event = event_name.as_deref().unwrap_or_default();
        if event.eq_ignore_ascii_case("beforeShellExecution") {
            command = command.or_else(|| first_string(&payload, &["command"]).map(str::to_owned));
        }
        if event.eq_ignore_ascii_case("afterFileEdit") {
            edit = edit.or_else(|| Some(file.into_iter().collect()));
        } else if event_phase == Phase::PreRead {
            reads.extend(file);
        }
    }

    let is_mcp = tool_name.as_deref().is_some_and(is_mcp_tool)
        || event_name
            .as_deref()
            .is_some_and(|event| event.eq_ignore_ascii_case("beforeMCPExecution"));
    let mcp_input = match is_mcp {
        true => input.as_ref().map(|input| input.as_ref().clone()),
        false => None,
    };
    let todo = match (&tool_name, &input, event_phase) {
        (Some(tool), Some(input), Phase::PostTool) => todo_change(
            tool,
            input,
            first_value(&payload, &["tool_response", "toolResponse"]),
        ),
        _ => None,
    };
    Ok(HookEvent {
        agent,
        declared_agent: declared,
        phase: event_phase,
        declared_phase: phase,
        event_name,
        session_id,
        cwd,
        workspace_roots,
        transcript_path: first_string(&payload, TRANSCRIPT_KEYS).map(PathBuf::from),
        tool_name,
        tool_use_id: first_string(&payload, TOOL_USE_ID_KEYS).map(str::to_owned),
        edit,
        command,
        mcp_input,
        reads: dedup(reads),
        prompt: (event_phase == Phase::Prompt)
            .then(|| first_string(&payload, &["prompt"]).map(str::to_owned))
            .flatten(),
        stop_hook_active: stop_hook_active(&payload),
        source: first_string(&payload, &["source", "reason"]).map(str::to_owned),
        message: first_string(&payload, &["message", "last_assistant_message"]).map(str::to_owned),
        host_session: first_string(&payload, &[HOST_SESSION_KEY]).map(str::to_owned),
        host_attended: payload
            .get(HOST_ATTENDED_KEY)
            .is_some_and(|v| v.as_str() == Some("1") || v.as_bool() == Some(true)),
        runner_session: first_string(&payload, &[RUNNER_SESSION_KEY]).map(str::to_owned),
        todo,
    })
}

/// Whether a tool name is an MCP tool's: `mcp__<server>__<tool>` (Claude Code, Codex, Copilot) or Cursor's
/// `MCP:<tool>`.
pub fn is_mcp_tool(name: &str) -> bool {
    name.starts_with("mcp__") || name.starts_with("MCP:")
}

/// The payload key `relay hook` adds to a SessionStart for the desktop app's session id.
pub const HOST_SESSION_KEY: &str = "relay_host_session";
/// The payload key `relay hook` adds to a SessionStart for the runner session it runs in (`RELAY_SESSION`).
pub const RUNNER_SESSION_KEY: &str = "relay_runner_session";
/// The environment variable relayd sets in a runner session's terminal: the session's name.
pub const RUNNER_SESSION_ENV: &str = "RELAY_SESSION";
/// Set (to the session's name) in a docker session's terminal, where the mounted `relay` reaches relayd only for
/// hooks: every other command is refused at once, saying where to run it.
pub const CONTAINER_ENV: &str = "RELAY_CONTAINER";
/// The payload key `relay hook` adds to a SessionStart for whether the desktop session is attended.
pub const HOST_ATTENDED_KEY: &str = "relay_host_attended";

fn first_value<'a>(payload: &'a Map<String, Value>, keys: &[&str]) -> Option<&'a Value> {
    keys.iter().find_map(|key| payload.get(*key))
}

/// The first of `keys` that holds a non-empty string.
fn first_string<'a>(payload: &'a Map<String, Value>, keys: &[&str]) -> Option<&'a str> {
    keys.iter()
        .filter_map(|key| payload.get(*key)?.as_str())
        .find(|text| !text.is_empty())
}

fn workspace_roots(payload: &Map<String, Value>) -> Vec<PathBuf> {
    ["workspace_roots", "workspacePaths"]
        .iter()
        .filter_map(|key| payload.get(*key)?.as_array())
        .flatten()
        .filter_map(Value::as_str)
        .filter(|root| !root.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The tool's input object. Cursor's MCP hooks and the Copilot CLI send it as a JSON string; that string is
/// parsed, and kept as a string when it is not JSON.
fn tool_input(payload: &Map<String, Value>) -> Option<Cow<'_, Value>> {
    let raw = TOOL_INPUT_KEYS
        .iter()
        .find_map(|key| payload.get(*key))
        .or_else(|| payload.get("toolCall")?.get("args"))?;
    Some(match raw {
        Value::String(text) => serde_json::from_str(text).map_or(Cow::Borrowed(raw), Cow::Owned),
        other => Cow::Borrowed(other),
    })
}

fn stop_hook_active(payload: &Map<String, Value>) -> bool {
    let flag = STOP_ACTIVE_KEYS
        .iter()
        .filter_map(|key| payload.get(*key)?.as_bool())
        .any(|active| active);
    let looping = payload
        .get("loop_count")
        .and_then(Value::as_u64)
        .is_some_and(|count| count > 0);
    flag || looping
}

/// The start of a body that is not JSON, for the error message.
fn preview(body: &[u8]) -> String {
    const CHARS: usize = 40;
    let text = String::from_utf8_lossy(body);
    let mut head: String = text.chars().take(CHARS).collect();
    if text.chars().nth(CHARS).is_some() {
        head.push('…');
    }
    head
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
