//! A profile resolved to the command a session runs: an absolute program that exists, its arguments and its
//! environment, plus what relay adds (`RELAY_SESSION`, so the agent's hooks link to this session exactly).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use relay_core::profile::{CLAUDE, Profiles, SHELL};

use super::RunnerError;

/// The environment variable that names the runner session inside its terminal; `relay hook` sends it along, and
/// relayd links the agent's hook session to that runner session exactly.
pub const SESSION_ENV: &str = relay_core::hook::RUNNER_SESSION_ENV;
/// The variable naming relayd's socket (`socket` in config.toml); a container's points at its hook socket.
const SOCKET_ENV: &str = "RELAY_SOCKET";
/// The workspace folder, inside the terminal (the seed's `RELAY_WORKSPACE_DIR`).
pub const WORKSPACE_ENV: &str = "RELAY_WORKSPACE_DIR";

/// Where a profile's program runs: on this machine, or inside a docker session's container (whose files
/// relayd cannot look at: the program is run as given, and the engine says when it is missing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Host,
    Container,
}

/// The command line and environment for a session of `profile`; `resume` is the agent's own session id to
/// continue (Claude Code: `--resume <id>`).
pub fn command(
    profiles: &Profiles,
    profile: &str,
    session: &str,
    workspace: &Path,
    resume: Option<&str>,
) -> Result<(Vec<String>, BTreeMap<String, String>), RunnerError> {
    command_for(Target::Host, profiles, profile, session, workspace, resume)
}

/// [`command`] for a target: inside a container `shell` is `/bin/sh`, `claude` is `claude` on the container's
/// PATH (still no shell: the engine executes it directly), and a configured command is not checked on the host.
pub fn command_for(
    target: Target,
    profiles: &Profiles,
    profile: &str,
    session: &str,
    workspace: &Path,
    resume: Option<&str>,
) -> Result<(Vec<String>, BTreeMap<String, String>), RunnerError> {
    let found = profiles.get(profile).ok_or_else(|| {
        RunnerError::Invalid(format!(
            "there is no profile {profile:?}; the profiles are {} (add one as [profiles.NAME] in config.toml)",
            profiles.names().join(", ")
        ))
    })?;
    if target == Target::Container {
        let program = match &found.command {
            Some(path) => path.to_string_lossy().into_owned(),
            None if profile == CLAUDE => "claude".to_owned(),
            None => "/bin/sh".to_owned(),
        };
        let (mut argv, mut env) = finish(program, found, profile, session, workspace, resume);
        // relay's hooks inside: `relay hook` reaches the session's own hook socket, and Claude Code loads relay's
        // hook entries from the mounted settings (runner::hooks).
        env.insert(SOCKET_ENV.to_owned(), super::hooks::SOCKET.to_owned());
        env.insert(relay_core::hook::CONTAINER_ENV.to_owned(), session.to_owned());
        if profile == CLAUDE {
            // relay's MCP too: the session's own token on the host's address on its network (runner::mcp_gateway).
            argv.splice(
                1..1,
                [
                    "--settings".to_owned(),
                    super::hooks::CLAUDE_SETTINGS.to_owned(),
                    "--mcp-config".to_owned(),
                    super::mcp_gateway::CONFIG_FILE.to_owned(),
                ],
            );
        }
        return Ok((argv, env));
    }
    let program = match &found.command {
        Some(path) => path.clone(),
        None if profile == SHELL => std::env::var_os("SHELL")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute() && is_executable(p))
            .unwrap_or_else(|| PathBuf::from("/bin/sh")),
        None if profile == CLAUDE => on_path("claude").ok_or_else(|| {
            RunnerError::Invalid(
                "the claude profile runs `claude`, which is not on relayd's PATH; install Claude Code or set [profiles.claude] command = \"/absolute/path/to/claude\" in config.toml".to_owned(),
            )
        })?,
        None => {
            return Err(RunnerError::Invalid(format!(
                "profile {profile:?} has no command; set [profiles.{profile}] command = \"/absolute/path\" in config.toml"
            )));
        }
    };
    if !program.is_absolute() {
        return Err(RunnerError::Invalid(format!(
            "profile {profile:?} runs {}, which is not an absolute path; a profile's command runs without a shell, so give its full path in config.toml",
            program.display()
        )));
    }
    if !program.is_file() {
        return Err(RunnerError::Invalid(format!(
            "profile {profile:?} runs {}, which does not exist; install it or fix [profiles.{profile}] command in config.toml",
            program.display()
        )));
    }
    if !is_executable(&program) {
        return Err(RunnerError::Invalid(format!(
            "profile {profile:?} runs {}, which is not executable; chmod +x it or fix [profiles.{profile}] command",
            program.display()
        )));
    }
    Ok(finish(
        program.to_string_lossy().into_owned(),
        found,
        profile,
        session,
        workspace,
        resume,
    ))
}

fn finish(
    program: String,
    found: &relay_core::profile::Profile,
    profile: &str,
    session: &str,
    workspace: &Path,
    resume: Option<&str>,
) -> (Vec<String>, BTreeMap<String, String>) {
    let mut argv = vec![program];
    argv.extend(found.args.iter().cloned());
    if profile == CLAUDE
        && let Some(id) = resume
    {
        argv.push("--resume".to_owned());
        argv.push(id.to_owned());
    }
    let mut env = found.env.clone();
    env.entry("TERM".to_owned())
        .or_insert_with(|| "xterm-256color".to_owned());
    env.insert(SESSION_ENV.to_owned(), session.to_owned());
    env.insert(WORKSPACE_ENV.to_owned(), workspace.to_string_lossy().into_owned());
    (argv, env)
}

/// `argv` wrapped in bubblewrap (`bwrap`, found on PATH): the whole filesystem read-only, a private `/tmp`, and
/// read-write only `writable` (the workspace, and the checkout's git folder a worktree commits into); it dies with
/// relayd's PTY, and starts in the workspace.
pub fn sandboxed(
    argv: Vec<String>,
    workspace: &Path,
    writable: &[&Path],
    read_only: &[&Path],
) -> Result<Vec<String>, RunnerError> {
    let bwrap = on_path("bwrap").ok_or_else(|| {
        RunnerError::Invalid(
            "local_sandbox is on but bubblewrap (bwrap) is not on relayd's PATH; install it (apt install bubblewrap) or set local_sandbox = false in config.toml"
                .to_owned(),
        )
    })?;
    let mut wrapped: Vec<String> = vec![
        bwrap.to_string_lossy().into_owned(),
        "--ro-bind".into(),
        "/".into(),
        "/".into(),
        "--dev".into(),
        "/dev".into(),
        "--proc".into(),
        "/proc".into(),
        "--tmpfs".into(),
        "/tmp".into(),
    ];
    for path in writable {
        let text = path.to_string_lossy().into_owned();
        wrapped.extend(["--bind".to_owned(), text.clone(), text]);
    }
    for path in read_only {
        let text = path.to_string_lossy().into_owned();
        wrapped.extend(["--ro-bind".to_owned(), text.clone(), text]);
    }
    wrapped.extend([
        "--die-with-parent".to_owned(),
        "--chdir".to_owned(),
        workspace.to_string_lossy().into_owned(),
        "--".to_owned(),
    ]);
    wrapped.extend(argv);
    Ok(wrapped)
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profiles(text: &str) -> Profiles {
        let table: toml::Table = text.parse().unwrap();
        Profiles::from_toml(&table["profiles"]).unwrap()
    }

    #[test]
    fn the_shell_profile_runs_an_absolute_shell_with_the_session_in_its_environment() {
        let (argv, env) = command(
            &Profiles::default(),
            "shell",
            "run-app-1",
            Path::new("/tmp"),
            None,
        )
        .unwrap();
        assert!(Path::new(&argv[0]).is_absolute());
        assert_eq!(env[SESSION_ENV], "run-app-1");
        assert_eq!(env[WORKSPACE_ENV], "/tmp");
    }

    #[test]
    fn a_missing_or_unknown_profile_command_is_refused_saying_what_to_fix() {
        let missing = profiles("[profiles.build]\ncommand = \"/nonexistent/make\"\n");
        let err = command(&missing, "build", "s", Path::new("/tmp"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("/nonexistent/make, which does not exist"), "{err}");
        let err = command(&missing, "nope", "s", Path::new("/tmp"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no profile \"nope\""), "{err}");
        assert!(err.contains("shell, claude, build"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "not a program").unwrap();
        let not_exec = profiles(&format!("[profiles.text]\ncommand = \"{}\"\n", plain.display()));
        let err = command(&not_exec, "text", "s", Path::new("/tmp"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not executable"), "{err}");
    }

    #[test]
    fn inside_a_container_the_builtins_are_the_image_s_own_and_nothing_is_checked_on_the_host() {
        let (argv, env) = command_for(
            Target::Container,
            &Profiles::default(),
            "shell",
            "run-app-2",
            Path::new("/workspace"),
            None,
        )
        .unwrap();
        assert_eq!(argv, vec!["/bin/sh"]);
        assert_eq!(env[WORKSPACE_ENV], "/workspace");
        // `relay hook` inside reaches the session's own hook socket.
        assert_eq!(env[SOCKET_ENV], "/run/relay/relay.sock");
        assert_eq!(env[relay_core::hook::CONTAINER_ENV], "run-app-2");
        let tools = profiles("[profiles.build]\ncommand = \"/opt/only-in-image/make\"\n");
        let (argv, _) = command_for(
            Target::Container,
            &tools,
            "build",
            "s",
            Path::new("/workspace"),
            None,
        )
        .unwrap();
        assert_eq!(argv, vec!["/opt/only-in-image/make"]);
        let (argv, _) = command_for(
            Target::Container,
            &Profiles::default(),
            "claude",
            "s",
            Path::new("/w"),
            Some("id-1"),
        )
        .unwrap();
        assert_eq!(
            argv,
            vec![
                "claude",
                "--settings",
                "/run/relay/claude-settings.json",
                "--mcp-config",
                "/run/relay/mcp.json",
                "--resume",
                "id-1"
            ]
        );
    }

    #[test]
    fn claude_resumes_the_agent_session_it_had() {
        let claude = profiles("[profiles.claude]\ncommand = \"/bin/echo\"\nargs = [\"--x\"]\n");
        let (argv, _) = command(&claude, "claude", "s", Path::new("/tmp"), Some("abc-123")).unwrap();
        assert_eq!(argv, vec!["/bin/echo", "--x", "--resume", "abc-123"]);
        let (argv, _) = command(&claude, "claude", "s", Path::new("/tmp"), None).unwrap();
        assert_eq!(argv, vec!["/bin/echo", "--x"]);
    }
}
