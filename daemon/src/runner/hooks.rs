//! relay's hooks from inside a docker session's container.
//!
//! A container does not reach relayd's socket or its loopback HTTP port, and must not: the socket is the
//! owner's. So each docker session gets a hook channel of its own while its program runs — a folder
//! `<socket dir>/sessions/<name>/` (0700) with
//!
//! - `relay.sock`, a gRPC socket that serves only `RunHook` and `WaitForWake` ([`crate::rpc::serve_session_hooks`]);
//!   whatever comes in on it is that session's, by the socket it came in on ([`ContainerOrigin`]);
//! - `claude-settings.json`, relay's Claude Code hooks calling the relay binary mounted in the container, which
//!   the `claude` profile passes to `claude --settings`.
//!
//! The folder is mounted read-only at [`MOUNT`] and relay's own `relay` binary at [`PROGRAM`]; the terminal's
//! environment has `RELAY_SOCKET` pointing at the socket. The binary is the host's, so it runs in images with a
//! compatible C library (glibc; not a static busybox or an Alpine image).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use relay_core::hook::HookEvent;

use super::docker::WORKSPACE_MOUNT;
use super::{Runs, lock};
use crate::fsutil::create_private_dir;
use crate::socket::{SocketFile, bind};

/// Where the channel's folder is mounted inside the container (read-only).
pub const MOUNT: &str = "/run/relay";
/// The hook socket inside the container.
pub const SOCKET: &str = "/run/relay/relay.sock";
/// Where relay's binary is mounted inside the container (read-only).
pub const PROGRAM: &str = "/opt/relay/relay";
/// relay's Claude Code hooks inside the container (`claude --settings`).
pub const CLAUDE_SETTINGS: &str = "/run/relay/claude-settings.json";

/// What a docker container gets mounted for relay's hooks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookMounts {
    /// The channel's folder on the host (mounted at [`MOUNT`]).
    pub dir: PathBuf,
    /// relay's binary on the host (mounted at [`PROGRAM`]), when it was found.
    pub program: Option<PathBuf>,
}

/// A running session's hook channel: the socket's server, ended (and the socket file removed) when dropped.
#[derive(Debug)]
pub struct Channel {
    task: tokio::task::JoinHandle<()>,
    _socket: SocketFile,
    /// The session's MCP token on its network's gateway, while its program runs ([`super::mcp_gateway`]).
    pub mcp: Option<super::mcp_gateway::Grant>,
}

impl Drop for Channel {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The agent sessions each container's hook socket acts for, so that one container cannot act as another's
/// agent session: an id belongs to the first docker session whose socket names it.
#[derive(Debug, Default)]
pub struct Owners(Mutex<HashMap<String, i64>>);

impl Owners {
    /// Whether `agent_session` is `session`'s (taking it when nobody has it yet).
    fn claim(&self, agent_session: &str, session: i64) -> bool {
        let mut owners = lock(&self.0);
        *owners.entry(agent_session.to_owned()).or_insert(session) == session
    }

    /// Forgets the ids of a removed session.
    pub fn forget(&self, session: i64) {
        lock(&self.0).retain(|_, owner| *owner != session);
    }
}

/// The docker session a hook call came in for: known from the socket it came in on, never from the payload.
#[derive(Clone, Debug)]
pub struct ContainerOrigin {
    pub session_id: i64,
    pub name: String,
    /// The session's workspace on the host (mounted at [`WORKSPACE_MOUNT`]).
    pub workspace: PathBuf,
}

impl ContainerOrigin {
    /// Makes `event` this session's: it runs in this runner session (a SessionStart links to it exactly), its
    /// paths under [`WORKSPACE_MOUNT`] are the workspace's on the host and paths elsewhere in the container are
    /// dropped (they are not the host's files), and its transcript is not read (it lives in the container; a
    /// path the payload names on the host is not the agent's to choose). False — act on nothing — when its agent
    /// session belongs to another docker session.
    pub fn adopt(&self, event: &mut HookEvent, runner: &Runs<'_>) -> bool {
        self.adopt_with(event, &runner.state().hook_owners)
    }

    fn adopt_with(&self, event: &mut HookEvent, owners: &Owners) -> bool {
        if !owners.claim(event.session_id.as_str(), self.session_id) {
            tracing::warn!(
                session = %self.name,
                "a hook call from a container named an agent session another docker session owns; nothing was done"
            );
            return false;
        }
        event.runner_session = Some(self.name.clone());
        event.transcript_path = None;
        event.cwd = self
            .host_path(&event.cwd)
            .unwrap_or_else(|| self.workspace.clone());
        event.workspace_roots = event
            .workspace_roots
            .iter()
            .filter_map(|p| self.host_path(p))
            .collect();
        if let Some(edits) = &mut event.edit {
            *edits = edits.iter().filter_map(|p| self.host_path(p)).collect();
        }
        event.reads = event.reads.iter().filter_map(|p| self.host_path(p)).collect();
        true
    }

    /// A container path as the host sees it: relative paths stay (they resolve against the mapped cwd), paths
    /// under the workspace mount move to the workspace, any other absolute path has no host counterpart.
    fn host_path(&self, path: &Path) -> Option<PathBuf> {
        if path.is_relative() {
            return Some(path.to_path_buf());
        }
        let rest = path.strip_prefix(WORKSPACE_MOUNT).ok()?;
        Some(self.workspace.join(rest))
    }
}

/// The channel folder of session `name` on the host: beside relayd's socket.
pub fn dir(socket: &Path, name: &str) -> PathBuf {
    socket
        .parent()
        .unwrap_or_else(|| Path::new("/"))
        .join("sessions")
        .join(name)
}

/// relay's own binary: this process's when it is `relay` (`relay daemon run`), else the `relay` beside it (the
/// `relayd` binary of a service manager).
pub fn program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let is_relayd = exe
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("relayd"));
    let program = match is_relayd {
        true => exe.with_file_name("relay"),
        false => exe,
    };
    program.is_file().then_some(program)
}

/// relay's Claude Code hooks (the same entries `relay setup` writes, the wake-up hook too) calling the binary
/// at [`PROGRAM`].
pub fn claude_settings() -> String {
    let mut settings: serde_json::Value =
        serde_json::from_str(include_str!("../../../hooks/claude-code.json")).unwrap_or_default();
    let wake: serde_json::Value =
        serde_json::from_str(include_str!("../../../hooks/claude-code-wake.json")).unwrap_or_default();
    if let (Some(hooks), Some(extra)) = (
        settings.get_mut("hooks").and_then(|h| h.as_object_mut()),
        wake.get("hooks").and_then(|h| h.as_object()),
    ) {
        for (event, entries) in extra {
            let into = hooks
                .entry(event.clone())
                .or_insert_with(|| serde_json::json!([]));
            if let (Some(into), Some(entries)) = (into.as_array_mut(), entries.as_array()) {
                into.extend(entries.iter().cloned());
            }
        }
    }
    settings.to_string().replace("{relay}", PROGRAM)
}

impl Runs<'_> {
    /// Opens session `origin`'s hook channel (replacing one it had): the folder, the settings file and the
    /// socket, served until the returned channel is dropped.
    pub(super) fn open_hooks(&self, origin: ContainerOrigin) -> Result<Channel, String> {
        let config = self.handle.config();
        let dir = dir(&config.socket, &origin.name);
        create_private_dir(&dir).map_err(|e| e.to_string())?;
        crate::token::write_private(&dir.join("claude-settings.json"), claude_settings().as_bytes())
            .map_err(|e| e.to_string())?;
        let (listener, socket) = bind(&dir.join("relay.sock")).map_err(|e| e.to_string())?;
        let handle = self.handle.clone();
        let task = tokio::spawn(async move {
            if let Err(err) = crate::rpc::serve_session_hooks(handle, listener, origin).await {
                tracing::warn!(error = %err, "a docker session's hook socket stopped");
            }
        });
        Ok(Channel {
            task,
            _socket: socket,
            mcp: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use relay_core::hook::{Agent, Phase, read_event};

    use super::*;

    fn origin(id: i64, name: &str) -> ContainerOrigin {
        ContainerOrigin {
            session_id: id,
            name: name.to_owned(),
            workspace: PathBuf::from("/home/me/.local/share/relay/projects/shop/sessions/2"),
        }
    }

    fn edit(session: &str, file: &str) -> HookEvent {
        let body = serde_json::json!({
            "session_id": session,
            "hook_event_name": "PreToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": file, "old_string": "a", "new_string": "b"},
            "cwd": "/workspace/src",
            "transcript_path": "/home/me/.ssh/id_ed25519",
            "relay_runner_session": "someone-else",
        });
        read_event(Agent::Claude, Phase::PreTool, body.to_string().as_bytes()).unwrap()
    }

    #[test]
    fn a_container_event_is_its_session_s_with_host_paths_and_no_transcript() {
        let owners = Owners::default();
        let mut event = edit("agent-1", "/workspace/src/auth.ts");
        assert!(origin(2, "run-shop-2").adopt_with(&mut event, &owners));
        assert_eq!(event.runner_session.as_deref(), Some("run-shop-2"));
        assert_eq!(event.transcript_path, None);
        let workspace = Path::new("/home/me/.local/share/relay/projects/shop/sessions/2");
        assert_eq!(event.cwd, workspace.join("src"));
        assert_eq!(event.edit, Some(vec![workspace.join("src/auth.ts")]));

        // A file elsewhere in the container is not a host file: nothing to claim.
        let mut outside = edit("agent-1", "/etc/hosts");
        assert!(origin(2, "run-shop-2").adopt_with(&mut outside, &owners));
        assert_eq!(outside.edit, Some(vec![]));
    }

    #[test]
    fn an_agent_session_belongs_to_the_first_container_that_names_it() {
        let owners = Owners::default();
        assert!(origin(2, "run-shop-2").adopt_with(&mut edit("agent-1", "/workspace/a"), &owners));
        assert!(!origin(3, "run-shop-3").adopt_with(&mut edit("agent-1", "/workspace/a"), &owners));
        assert!(origin(3, "run-shop-3").adopt_with(&mut edit("agent-2", "/workspace/a"), &owners));
        owners.forget(2);
        assert!(origin(3, "run-shop-3").adopt_with(&mut edit("agent-1", "/workspace/a"), &owners));
    }

    #[test]
    fn the_container_s_claude_settings_call_the_mounted_relay_for_every_hook() {
        let settings: serde_json::Value = serde_json::from_str(&claude_settings()).unwrap();
        let hooks = settings["hooks"].as_object().unwrap();
        for event in [
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUse",
            "Stop",
            "SessionEnd",
        ] {
            let command = hooks[event][0]["hooks"][0]["command"].as_str().unwrap();
            assert!(
                command.starts_with("/opt/relay/relay hook claude "),
                "{event}: {command}"
            );
        }
        let stop = serde_json::to_string(&hooks["Stop"]).unwrap();
        assert!(
            stop.contains("/opt/relay/relay hook claude stop --wait"),
            "{stop}"
        );
        assert!(!claude_settings().contains("{relay}"));
    }
}
