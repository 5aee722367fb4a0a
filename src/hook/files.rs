//! Which tools of which agent write or read files, and where in a tool's input the paths are: one table,
//! [`TOOLS`], drives [`is_edit_tool`], [`is_read_tool`] and the extraction in [`edit_files`] / [`read_files`].

use std::path::PathBuf;

use serde_json::Value;

use super::Agent;
use super::apply_patch::{dedup, is_shell_patch, patch_files};

/// What a tool does to the files it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// Writes, creates, renames or deletes them: every such file is claimed.
    Edit,
    /// Reads them: presence, not a lock.
    Read,
    /// A shell tool; an edit only when its command feeds a patch to `apply_patch`.
    ShellPatch,
}

/// Where a tool's input names its files.
#[derive(Clone, Copy, Debug)]
enum Paths {
    /// The first of these keys that holds a non-empty string.
    Key(&'static [&'static str]),
    /// Every element of the array under `list`: a string, or an object with one of `keys`.
    Each {
        list: &'static str,
        keys: &'static [&'static str],
    },
    /// The file headers of an `apply_patch` envelope held under the first of these keys.
    Patch(&'static [&'static str]),
}

/// One tool of one agent.
struct ToolSpec {
    agent: Agent,
    name: &'static str,
    access: Access,
    paths: Paths,
}

const fn tool(agent: Agent, name: &'static str, access: Access, paths: Paths) -> ToolSpec {
    ToolSpec {
        agent,
        name,
        access,
        paths,
    }
}

const FILE_PATH: Paths = Paths::Key(&["file_path"]);
/// Cursor's tools name `path` (agent-formats §3.1, transcripts); its hook `tool_input` is not shown in §3.2, so
/// `file_path` is accepted as well.
const CURSOR_PATH: Paths = Paths::Key(&["path", "file_path"]);
const COPILOT_PATH: Paths = Paths::Key(&["filePath"]);
/// Antigravity's argument names are not documented anywhere (§5.2 lists tool names only). agy's protojson
/// arguments are PascalCase (`CommandLine` for `run_command`, observed); `TargetFile` / `AbsolutePath` are
/// assumed from that, with the snake and camel spellings as fallbacks. Unverified.
const ANTIGRAVITY_EDIT_PATH: Paths =
    Paths::Key(&["TargetFile", "AbsolutePath", "file_path", "filePath", "path"]);
const ANTIGRAVITY_READ_PATH: Paths =
    Paths::Key(&["AbsolutePath", "TargetFile", "file_path", "filePath", "path"]);

/// The file tools of every agent. Names are compared exactly; a tool missing here claims nothing.
const TOOLS: &[ToolSpec] = &[
    // Claude Code (§1.3): paths are absolute.
    tool(Agent::Claude, "Write", Access::Edit, FILE_PATH),
    tool(Agent::Claude, "Edit", Access::Edit, FILE_PATH),
    // Legacy, still in older sessions (§1.3).
    tool(Agent::Claude, "MultiEdit", Access::Edit, FILE_PATH),
    // Not in agent-formats; Claude Code's NotebookEdit input is `{notebook_path, new_source, …}`.
    tool(
        Agent::Claude,
        "NotebookEdit",
        Access::Edit,
        Paths::Key(&["notebook_path"]),
    ),
    tool(Agent::Claude, "Read", Access::Read, FILE_PATH),
    // Codex (§2.3): apply_patch carries the patch text in `command`; relative paths resolve against the cwd.
    // Shell writes (`Bash`) cannot be told from reads, except a patch fed to apply_patch through the shell.
    tool(
        Agent::Codex,
        "apply_patch",
        Access::Edit,
        Paths::Patch(&["command", "input", "patch"]),
    ),
    tool(
        Agent::Codex,
        "Bash",
        Access::ShellPatch,
        Paths::Patch(&["command"]),
    ),
    // Cursor (§3.1 tool names, §3.2 preToolUse names `Write`, `Delete`, `Read`). Deleting a file claims it.
    tool(Agent::Cursor, "Write", Access::Edit, CURSOR_PATH),
    tool(Agent::Cursor, "StrReplace", Access::Edit, CURSOR_PATH),
    tool(Agent::Cursor, "Delete", Access::Edit, CURSOR_PATH),
    tool(Agent::Cursor, "Read", Access::Read, CURSOR_PATH),
    // Copilot in VS Code (§4.1): model-facing names, then the contributed ids a hook may see instead.
    tool(Agent::Copilot, "create_file", Access::Edit, COPILOT_PATH),
    tool(
        Agent::Copilot,
        "replace_string_in_file",
        Access::Edit,
        COPILOT_PATH,
    ),
    tool(
        Agent::Copilot,
        "multi_replace_string_in_file",
        Access::Edit,
        Paths::Each {
            list: "replacements",
            keys: &["filePath"],
        },
    ),
    tool(
        Agent::Copilot,
        "insert_edit_into_file",
        Access::Edit,
        COPILOT_PATH,
    ),
    tool(
        Agent::Copilot,
        "apply_patch",
        Access::Edit,
        Paths::Patch(&["input"]),
    ),
    tool(Agent::Copilot, "copilot_createFile", Access::Edit, COPILOT_PATH),
    tool(
        Agent::Copilot,
        "copilot_replaceString",
        Access::Edit,
        COPILOT_PATH,
    ),
    tool(
        Agent::Copilot,
        "copilot_multiReplaceString",
        Access::Edit,
        Paths::Each {
            list: "replacements",
            keys: &["filePath"],
        },
    ),
    tool(Agent::Copilot, "copilot_insertEdit", Access::Edit, COPILOT_PATH),
    tool(
        Agent::Copilot,
        "copilot_applyPatch",
        Access::Edit,
        Paths::Patch(&["input"]),
    ),
    // VS Code's hook reference names its own tool in examples: `editFiles` with `{files: ["src/main.ts"]}` (§4.2).
    tool(
        Agent::Copilot,
        "editFiles",
        Access::Edit,
        Paths::Each {
            list: "files",
            keys: &["filePath", "path"],
        },
    ),
    tool(Agent::Copilot, "read_file", Access::Read, COPILOT_PATH),
    tool(Agent::Copilot, "copilot_readFile", Access::Read, COPILOT_PATH),
    // The Copilot CLI's own tools (`edit`, `create`, `view` with `{path}`): not in agent-formats, observed in
    // third-party hook adapters (payload `toolName` / `toolArgs`).
    tool(Agent::Copilot, "edit", Access::Edit, Paths::Key(&["path"])),
    tool(Agent::Copilot, "create", Access::Edit, Paths::Key(&["path"])),
    tool(Agent::Copilot, "view", Access::Read, Paths::Key(&["path"])),
    // Antigravity CLI (§5.2 native tool names, from transcripts; the hook payload's names are assumed equal).
    tool(
        Agent::Antigravity,
        "write_to_file",
        Access::Edit,
        ANTIGRAVITY_EDIT_PATH,
    ),
    tool(
        Agent::Antigravity,
        "replace_file_content",
        Access::Edit,
        ANTIGRAVITY_EDIT_PATH,
    ),
    tool(
        Agent::Antigravity,
        "multi_replace_file_content",
        Access::Edit,
        ANTIGRAVITY_EDIT_PATH,
    ),
    tool(
        Agent::Antigravity,
        "view_file",
        Access::Read,
        ANTIGRAVITY_READ_PATH,
    ),
];

fn spec(agent: Agent, tool: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|spec| spec.agent == agent && spec.name == tool)
}

/// Whether `tool` of `agent` writes files, so that every file it names must be claimed first.
///
/// A shell tool is not an edit tool even though a command may write: only a Codex shell command that feeds a
/// patch to `apply_patch` yields files, and [`edit_files`] finds those.
///
/// ```
/// use relay_core::hook::{Agent, is_edit_tool};
/// assert!(is_edit_tool(Agent::Codex, "apply_patch"));
/// assert!(is_edit_tool(Agent::Copilot, "multi_replace_string_in_file"));
/// assert!(!is_edit_tool(Agent::Claude, "Read"));
/// ```
pub fn is_edit_tool(agent: Agent, tool: &str) -> bool {
    spec(agent, tool).is_some_and(|spec| spec.access == Access::Edit)
}

/// Whether `tool` of `agent` reads files (their paths are reported as presence, never locked).
pub fn is_read_tool(agent: Agent, tool: &str) -> bool {
    spec(agent, tool).is_some_and(|spec| spec.access == Access::Read)
}

/// The files `tool` will write, as given in `input` (relative or absolute), without repeats; `None` when the tool
/// writes nothing. An edit tool whose input names no path yields `Some` of an empty list: an edit of unknown
/// files.
pub fn edit_files(agent: Agent, tool: &str, input: &Value) -> Option<Vec<PathBuf>> {
    let spec = spec(agent, tool)?;
    match spec.access {
        Access::Edit => Some(paths(spec.paths, input)),
        Access::ShellPatch => {
            let Paths::Patch(keys) = spec.paths else {
                return None;
            };
            let command = patch_text(keys, input)?;
            is_shell_patch(&command).then(|| patch_files(&command))
        }
        Access::Read => None,
    }
}

/// The files `tool` will read, as given in `input`; empty for any other tool.
pub fn read_files(agent: Agent, tool: &str, input: &Value) -> Vec<PathBuf> {
    match spec(agent, tool) {
        Some(spec) if spec.access == Access::Read => paths(spec.paths, input),
        _ => Vec::new(),
    }
}

fn paths(source: Paths, input: &Value) -> Vec<PathBuf> {
    match source {
        Paths::Key(keys) => first_str(input, keys).map(PathBuf::from).into_iter().collect(),
        Paths::Each { list, keys } => {
            let items = input.get(list).and_then(Value::as_array);
            let found = items
                .into_iter()
                .flatten()
                .filter_map(|item| match item {
                    Value::String(path) if !path.is_empty() => Some(path.as_str()),
                    other => first_str(other, keys),
                })
                .map(PathBuf::from)
                .collect();
            dedup(found)
        }
        Paths::Patch(keys) => patch_text(keys, input)
            .map(|patch| patch_files(&patch))
            .unwrap_or_default(),
    }
}

/// The patch text under the first of `keys`: a string, or an argv array (joined by newlines) as Codex's shell
/// tool sometimes sends it.
fn patch_text(keys: &[&str], input: &Value) -> Option<String> {
    keys.iter().find_map(|key| match input.get(*key)? {
        Value::String(text) => Some(text.clone()),
        Value::Array(argv) => Some(
            argv.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    })
}

/// The first of `keys` in `value` that holds a non-empty string.
pub(super) fn first_str<'a>(value: &'a Value, keys: &[&str]) -> Option<&'a str> {
    keys.iter()
        .filter_map(|key| value.get(*key)?.as_str())
        .find(|text| !text.is_empty())
}

/// The shell tools of every agent and the key of their command line. Observed or documented: Claude Code's and
/// Codex's `Bash` (agent-formats §1.3, §2.3), Cursor's `Shell` (§3.1); Codex's `shell` / `exec_command`, Copilot's
/// `run_in_terminal` / the CLI's `bash` and Antigravity's `run_command` (`CommandLine`, observed) are the names
/// their tool lists give; a name missing here is not read.
const SHELL_TOOLS: &[(Agent, &str, &[&str])] = &[
    (Agent::Claude, "Bash", &["command"]),
    (Agent::Codex, "Bash", &["command"]),
    (Agent::Codex, "shell", &["command"]),
    (Agent::Codex, "exec_command", &["cmd", "command"]),
    (Agent::Cursor, "Shell", &["command"]),
    (Agent::Cursor, "run_terminal_cmd", &["command"]),
    (Agent::Copilot, "run_in_terminal", &["command"]),
    (Agent::Copilot, "bash", &["command"]),
    (Agent::Copilot, "shell", &["command"]),
    (
        Agent::Antigravity,
        "run_command",
        &["CommandLine", "command", "commandLine"],
    ),
];

/// The command line a shell tool will run: a string, or an argv array (Codex's `["bash", "-lc", "…"]`) joined
/// with shell quoting. `None` for any other tool.
pub fn shell_command(agent: Agent, tool: &str, input: &Value) -> Option<String> {
    let (_, _, keys) = SHELL_TOOLS
        .iter()
        .find(|(of, name, _)| *of == agent && *name == tool)?;
    keys.iter().find_map(|key| match input.get(*key)? {
        Value::String(text) if !text.is_empty() => Some(text.clone()),
        Value::Array(argv) => {
            let words: Vec<&str> = argv.iter().filter_map(Value::as_str).collect();
            (!words.is_empty()).then(|| shell_words::join(words))
        }
        _ => None,
    })
}
