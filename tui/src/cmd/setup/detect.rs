//! What is installed: Claude Code on PATH and its version, the desktop app, and whether Claude Code has relay
//! registered as a user-scope MCP server (read from `.claude.json`, never written: that file is Claude Code's).

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// The oldest Claude Code `relay doctor` accepts.
pub const MIN_CLAUDE: Version = Version(2, 0, 0);
/// The first Claude Code with http hooks (its changelog, agent-formats §1).
pub const MIN_HTTP_HOOKS: Version = Version(2, 1, 63);
/// The Claude Code build the wake-up hook's asyncRewake was verified with (spec §4): older or unknown builds might
/// run it in the foreground and hold the end of every turn for up to 30 minutes.
pub const MIN_ASYNC_REWAKE: Version = Version(2, 1, 309);

/// A `major.minor.patch` version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(pub u32, pub u32, pub u32);

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

impl Version {
    /// The first `a.b.c` in `text` (`2.1.309 (Claude Code)`).
    pub fn find(text: &str) -> Option<Version> {
        text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .find_map(|word| {
                let mut parts = word.split('.').map(|p| p.parse::<u32>().ok());
                match (parts.next(), parts.next(), parts.next()) {
                    (Some(Some(a)), Some(Some(b)), Some(Some(c))) => Some(Version(a, b, c)),
                    _ => None,
                }
            })
    }
}

/// Claude Code as found on PATH.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claude {
    Missing,
    /// On PATH; the version when `claude --version` said one within 5 s.
    Found {
        path: PathBuf,
        version: Option<Version>,
    },
}

impl Claude {
    pub fn version(&self) -> Option<Version> {
        match self {
            Claude::Found { version, .. } => *version,
            Claude::Missing => None,
        }
    }

    /// One line for the detection summary.
    pub fn describe(&self) -> String {
        match self {
            Claude::Missing => "claude is not on PATH".to_owned(),
            Claude::Found {
                path,
                version: Some(version),
            } => format!("claude {version} at {}", path.display()),
            Claude::Found { path, version: None } => {
                format!(
                    "claude at {} (`claude --version` named no version)",
                    path.display()
                )
            }
        }
    }
}

/// Looks for `claude` on PATH and asks it its version.
pub async fn claude() -> Claude {
    let Some(path) = on_path("claude") else {
        return Claude::Missing;
    };
    let run = tokio::process::Command::new(&path)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .output();
    let version = match tokio::time::timeout(Duration::from_secs(5), run).await {
        Ok(Ok(output)) => Version::find(&String::from_utf8_lossy(&output.stdout)),
        _ => None,
    };
    Claude::Found { path, version }
}

/// The first executable file called `name` in PATH.
pub fn on_path(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| {
            std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The Claude desktop app, where it can be looked for (macOS); informational only.
pub fn desktop_app() -> String {
    if cfg!(target_os = "macos") {
        let app = Path::new("/Applications/Claude.app");
        if app.exists() {
            format!("Claude desktop app at {}", app.display())
        } else {
            "no Claude desktop app in /Applications".to_owned()
        }
    } else {
        "the Claude desktop app is not looked for on this OS".to_owned()
    }
}

/// relay's user-scope MCP registration in `.claude.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mcp {
    /// `mcpServers.relay` points at this URL.
    Registered {
        url: String,
    },
    /// `mcpServers.relay` points elsewhere.
    Elsewhere {
        url: String,
    },
    Missing,
    /// `.claude.json` cannot be read as JSON.
    Unreadable {
        problem: String,
    },
}

/// Reads `mcpServers.relay` (user scope) from `claude_json` and compares its URL with `want`.
pub fn mcp_registration(claude_json: &Path, want: &str) -> Mcp {
    let text = match std::fs::read_to_string(claude_json) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Mcp::Missing,
        Err(err) => {
            return Mcp::Unreadable {
                problem: format!("cannot read {}: {err}", claude_json.display()),
            };
        }
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(err) => {
            return Mcp::Unreadable {
                problem: format!("{} is not JSON ({err})", claude_json.display()),
            };
        }
    };
    let Some(server) = value.get("mcpServers").and_then(|s| s.get("relay")) else {
        return Mcp::Missing;
    };
    let url = server
        .get("url")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default()
        .to_owned();
    if url.trim_end_matches('/') == want.trim_end_matches('/') {
        Mcp::Registered { url }
    } else {
        Mcp::Elsewhere { url }
    }
}

/// The command that registers relay with Claude Code; `<token>` stays a placeholder (`relay token` prints it).
pub fn mcp_add_command(base: &str) -> String {
    format!(
        "claude mcp add --transport http --scope user relay {base}/mcp --header \"Authorization: Bearer <token>\""
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_is_found_in_what_claude_prints() {
        assert_eq!(Version::find("2.1.309 (Claude Code)\n"), Some(Version(2, 1, 309)));
        assert_eq!(Version::find("claude v10.0.1-beta"), Some(Version(10, 0, 1)));
        assert_eq!(Version::find("unknown"), None);
        assert!(Version(2, 1, 308) < MIN_ASYNC_REWAKE && MIN_ASYNC_REWAKE <= Version(2, 2, 0));
    }

    #[test]
    fn mcp_registration_compares_the_user_scope_url() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join(".claude.json");
        assert_eq!(mcp_registration(&file, "http://127.0.0.1:1/mcp"), Mcp::Missing);
        std::fs::write(
            &file,
            r#"{"mcpServers":{"relay":{"type":"http","url":"http://127.0.0.1:1/mcp"}}}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            mcp_registration(&file, "http://127.0.0.1:1/mcp"),
            Mcp::Registered { .. }
        ));
        assert!(matches!(
            mcp_registration(&file, "http://127.0.0.1:2/mcp"),
            Mcp::Elsewhere { .. }
        ));
        std::fs::write(&file, "{").unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(mcp_registration(&file, "x"), Mcp::Unreadable { .. }));
    }
}
