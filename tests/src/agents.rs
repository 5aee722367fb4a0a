//! The real agents: Claude Code and Codex CLI binaries, as `tests/run` provisions them, run with a scratch `HOME`
//! against a [`ModelServer`](crate::model::ModelServer) and a real relayd.
//!
//! - Where the binaries are: [`agents_dir`] (`RELAY_TEST_AGENTS`, else `${XDG_CACHE_HOME:-$HOME/.cache}/relay-tests/
//!   agents`), one folder per package and pinned version, e.g. `claude-code-2.1.328/node_modules/.bin/claude`. A
//!   missing binary fails the test and says how to provision it; nothing is downloaded at test time.
//! - [`ClaudeCode`] and [`Codex`] are one agent home each (the folder that stands in for `~`): relay's hooks go in
//!   through `relay setup --apply` exactly as a user runs it, MCP as a user registers it (`--mcp-config` for
//!   Claude Code, `[mcp_servers.relay]` in Codex's `config.toml`), and each run gets an environment of its own
//!   (nothing of the caller's leaks in, no network but loopback).
//! - With `RELAY_KEEP_TRANSCRIPTS=<dir>` set, [`ClaudeCode::keep_transcripts`] / [`Codex::keep_transcripts`] copy
//!   the transcripts a test's runs wrote into `<dir>/<name>/` (how `tests/fixtures/transcripts/` is regenerated).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::model::ModelServer;
use crate::{Output, TestDaemon, run};

/// The Claude Code release the suite runs (npm `@anthropic-ai/claude-code`); `tests/run` installs the same one.
pub const CLAUDE_CODE_VERSION: &str = "2.1.328";
/// The Codex CLI release the suite runs (npm `@openai/codex`); `tests/run` installs the same one.
pub const CODEX_VERSION: &str = "0.169.0";
/// The GitHub Copilot CLI release the suite runs (npm `@github/copilot`); `tests/run` installs the same one.
pub const COPILOT_VERSION: &str = "1.0.102";

/// How long one agent turn may take before the test fails (a turn takes about a second; a busy 2-core machine
/// running the suite in parallel may take many times that).
pub const AGENT_TIMEOUT: Duration = Duration::from_secs(120);

/// The tools Claude Code may use without asking (`--allowedTools`): as root it refuses
/// `--dangerously-skip-permissions`.
pub const CLAUDE_ALLOWED_TOOLS: &str = "Write,Edit,Read,Bash,TaskCreate,TaskUpdate,TodoWrite,mcp__relay";

/// The folder the provisioned agents live in.
pub fn agents_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("RELAY_TEST_AGENTS").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(|| {
            panic!("neither RELAY_TEST_AGENTS, XDG_CACHE_HOME nor HOME is set: no agent folder")
        });
    cache.join("relay-tests").join("agents")
}

#[track_caller]
fn provisioned(package: &str, folder: &str, bin: &str) -> PathBuf {
    let path = agents_dir().join(folder).join("node_modules/.bin").join(bin);
    assert!(
        path.is_file(),
        "{} is missing: the real-agent tests need npm {package} there. Run tests/run once (it provisions it), or \
         `npm install --prefix {} {package}`",
        path.display(),
        agents_dir().join(folder).display()
    );
    path
}

/// The `claude` binary of [`CLAUDE_CODE_VERSION`]; panics with how to provision it when missing.
#[track_caller]
pub fn claude_bin() -> PathBuf {
    provisioned(
        &format!("@anthropic-ai/claude-code@{CLAUDE_CODE_VERSION}"),
        &format!("claude-code-{CLAUDE_CODE_VERSION}"),
        "claude",
    )
}

/// The `codex` launcher of [`CODEX_VERSION`]; panics with how to provision it when missing.
#[track_caller]
pub fn codex_bin() -> PathBuf {
    provisioned(
        &format!("@openai/codex@{CODEX_VERSION}"),
        &format!("codex-{CODEX_VERSION}"),
        "codex",
    )
}

/// The `copilot` launcher of [`COPILOT_VERSION`]; panics with how to provision it when missing.
#[track_caller]
pub fn copilot_bin() -> PathBuf {
    provisioned(
        &format!("@github/copilot@{COPILOT_VERSION}"),
        &format!("copilot-{COPILOT_VERSION}"),
        "copilot",
    )
}

/// A git repository for agents to work in: `<dir>` with `git init` run in it and `files` written.
pub fn repo(dir: &Path, files: &[(&str, &str)]) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    let status = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run git init in {}: {e}", dir.display()));
    assert!(status.success(), "git init in {} failed", dir.display());
    for (name, text) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("create {}: {e}", parent.display()));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }
    dir.canonicalize()
        .unwrap_or_else(|e| panic!("canonicalize {}: {e}", dir.display()))
}

/// What one agent run did.
#[derive(Debug)]
pub struct AgentRun {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    command: String,
}

impl AgentRun {
    /// Panics, showing everything, unless the agent exited 0.
    #[track_caller]
    pub fn assert_success(&self) -> &AgentRun {
        assert_eq!(self.code, Some(0), "the agent failed: {self}");
        self
    }

    /// Claude Code's `--output-format json` result.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("the agent's stdout is not JSON ({e}): {self}"))
    }
}

impl std::fmt::Display for AgentRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}\n  exit code: {:?} after {:?}\n  --- stdout ---\n{}\n  --- stderr ---\n{}",
            self.command, self.code, self.elapsed, self.stdout, self.stderr
        )
    }
}

/// Runs an agent command (from [`ClaudeCode::command`] or [`Codex::command`]) to its end (at most
/// [`AGENT_TIMEOUT`]), stdin closed.
pub async fn run_command(command: tokio::process::Command) -> AgentRun {
    let mut command = command;
    let described = format!("{:?}", command.as_std());
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let began = Instant::now();
    let child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {described}: {e}"));
    let output = tokio::time::timeout(AGENT_TIMEOUT, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("{described} did not finish within {AGENT_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("{described}: {e}"));
    AgentRun {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed: began.elapsed(),
        command: described,
    }
}

/// A clean environment for an agent: its home, PATH, and nothing of the caller's.
fn agent_env(command: &mut tokio::process::Command, home: &Path) {
    command
        .env_clear()
        .env("HOME", home)
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LANG", "C.UTF-8")
        .env("TERM", "dumb")
        .env("NO_COLOR", "1")
        // The hooks relay installs run with the agent's environment: without this they keep the production
        // 300 ms budget, which a loaded 2-core machine can miss (the hook then lets the edit through, as it must
        // in production). Below the 3 s the agents give a hook.
        .env(relay::cli::HOOK_BUDGET_ENV, AGENT_HOOK_BUDGET_MS.to_string());
}

/// The hook budget of hooks the real agents run (`RELAY_HOOK_BUDGET_MS`): under their 3 s hook timeout.
pub const AGENT_HOOK_BUDGET_MS: u64 = 2_500;

/// Every `*.jsonl` file under `dir`, sorted.
pub fn jsonl_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(next) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Copies `files` (under `root`) into `$RELAY_KEEP_TRANSCRIPTS/<name>/`, keeping their paths below `root`; does
/// nothing when the variable is unset.
fn keep(name: &str, root: &Path, files: &[PathBuf]) {
    let Some(dest) = std::env::var_os("RELAY_KEEP_TRANSCRIPTS").filter(|d| !d.is_empty()) else {
        return;
    };
    let dest = PathBuf::from(dest).join(name);
    let _ = std::fs::remove_dir_all(&dest);
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        let target = dest.join(relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("create {}: {e}", parent.display()));
        }
        std::fs::copy(file, &target)
            .unwrap_or_else(|e| panic!("copy {} to {}: {e}", file.display(), target.display()));
    }
}

/// `relay setup --agent <agent> --apply --claude-home <home>` for the daemon's data directory, as a user runs it; must
/// succeed.
async fn relay_setup(daemon: &TestDaemon, home: &Path, agent: &str) -> Output {
    let mut command = daemon.relay();
    command
        .args(["setup", "--agent", agent, "--apply", "--claude-home"])
        .arg(home);
    let output = run(&mut command).await;
    output.assert_success();
    output
}

/// Claude Code with a home of its own.
#[derive(Debug)]
pub struct ClaudeCode {
    home: PathBuf,
    bin: PathBuf,
    mcp_config: Option<PathBuf>,
    env: Vec<(String, String)>,
}

impl ClaudeCode {
    /// A fresh agent home at `dir` (created) for the provisioned Claude Code; panics when it is not provisioned.
    #[track_caller]
    pub fn new(dir: &Path) -> ClaudeCode {
        let bin = claude_bin();
        std::fs::create_dir_all(dir.join(".claude"))
            .unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        ClaudeCode {
            home: dir.to_path_buf(),
            bin,
            mcp_config: None,
            env: Vec::new(),
        }
    }

    /// The agent's home folder (its `~`).
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// `~/.claude/settings.json`.
    pub fn settings(&self) -> PathBuf {
        self.home.join(".claude/settings.json")
    }

    /// An environment variable for every run.
    pub fn env(&mut self, name: &str, value: &str) -> &mut ClaudeCode {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// `relay setup --apply` (command hooks) into this home, for `daemon`'s data directory.
    pub async fn setup_relay(&self, daemon: &TestDaemon) -> Output {
        self.setup_relay_with(daemon, &[]).await
    }

    /// `relay setup --apply` with extra flags (`--wake`, `--mode http`, …).
    pub async fn setup_relay_with(&self, daemon: &TestDaemon, flags: &[&str]) -> Output {
        let mut command = daemon.relay();
        command
            .arg("setup")
            .arg("--apply")
            .args(flags)
            .arg("--claude-home")
            .arg(&self.home);
        let dir = self.bin.parent().map(Path::to_path_buf).unwrap_or_default();
        command.env("PATH", format!("{}:/usr/local/bin:/usr/bin:/bin", dir.display()));
        let output = run(&mut command).await;
        output.assert_success();
        output
    }

    /// Writes the settings file with the same entries relay's setup wrote, each command replaced by `command`
    /// (the benchmark's `true` hooks).
    pub fn replace_hook_commands(&self, command: &str) {
        let path = self.settings();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        let mut settings: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
        replace_commands(&mut settings["hooks"], command);
        std::fs::write(&path, serde_json::to_string_pretty(&settings).unwrap_or_default())
            .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }

    /// Removes every hook (the benchmark's no-hooks case).
    pub fn remove_hooks(&self) {
        let _ = std::fs::remove_file(self.settings());
    }

    /// Registers relay's MCP endpoint the way `claude --mcp-config` takes it: `{"mcpServers": {"relay": {"type":
    /// "http", "url": …, "headers": {"Authorization": "Bearer …"}}}}`.
    pub fn register_mcp(&mut self, daemon: &TestDaemon) {
        let config = serde_json::json!({"mcpServers": {"relay": {
            "type": "http",
            "url": format!("http://{}/mcp", daemon.http_addr()),
            "headers": {"Authorization": format!("Bearer {}", daemon.token())},
        }}});
        let path = self.home.join("relay-mcp.json");
        std::fs::write(&path, config.to_string()).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        self.mcp_config = Some(path);
    }

    /// The `claude -p` command for one turn in `cwd` against `model`.
    pub fn command(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(&self.bin);
        agent_env(&mut command, &self.home);
        command
            .current_dir(cwd)
            .env("ANTHROPIC_BASE_URL", model.base_url())
            .env("ANTHROPIC_API_KEY", "sk-ant-scripted")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .env("DISABLE_AUTOUPDATER", "1")
            // MCP tools are offered to the model up front instead of through ToolSearch, so a script calls them
            // in one step (and a test sees their schemas in the request).
            .env("ENABLE_TOOL_SEARCH", "false")
            .args([
                "-p",
                prompt,
                "--output-format",
                "json",
                "--allowedTools",
                CLAUDE_ALLOWED_TOOLS,
            ]);
        if let Some(config) = &self.mcp_config {
            command.arg("--mcp-config").arg(config);
        }
        for (name, value) in &self.env {
            command.env(name, value);
        }
        command
    }

    /// Runs one turn to its end.
    pub async fn run(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> AgentRun {
        run_command(self.command(model, cwd, prompt)).await
    }

    /// The transcripts under `~/.claude/projects/`.
    pub fn transcripts(&self) -> Vec<PathBuf> {
        jsonl_files(&self.home.join(".claude/projects"))
    }

    /// Copies the transcripts into `$RELAY_KEEP_TRANSCRIPTS/<name>/` when set.
    pub fn keep_transcripts(&self, name: &str) {
        keep(name, &self.home.join(".claude/projects"), &self.transcripts());
    }
}

/// Replaces every `command` of every handler under `hooks` by `command`.
fn replace_commands(hooks: &mut Value, command: &str) {
    for groups in hooks.as_object_mut().into_iter().flat_map(|o| o.values_mut()) {
        for group in groups.as_array_mut().into_iter().flatten() {
            for handler in group["hooks"].as_array_mut().into_iter().flatten() {
                if handler.get("command").is_some() {
                    handler["command"] = Value::String(command.to_owned());
                }
            }
        }
    }
}

/// The model Codex is told it talks to: one it knows, so it offers its freeform `apply_patch` tool.
pub const CODEX_MODEL: &str = "gpt-5.5";

/// Codex with a home of its own (`~/.codex`).
#[derive(Debug)]
pub struct Codex {
    home: PathBuf,
    bin: PathBuf,
    mcp: Option<(String, String)>,
    bypass_hook_trust: bool,
}

impl Codex {
    /// A fresh agent home at `dir` (created) for the provisioned Codex; panics when it is not provisioned.
    #[track_caller]
    pub fn new(dir: &Path) -> Codex {
        let bin = codex_bin();
        std::fs::create_dir_all(dir.join(".codex"))
            .unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        Codex {
            home: dir.to_path_buf(),
            bin,
            mcp: None,
            bypass_hook_trust: true,
        }
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// `~/.codex/hooks.json`.
    pub fn hooks_file(&self) -> PathBuf {
        self.home.join(".codex/hooks.json")
    }

    /// Whether runs pass `--dangerously-bypass-hook-trust` (the default: the hooks were not reviewed in `/hooks`).
    pub fn bypass_hook_trust(&mut self, bypass: bool) -> &mut Codex {
        self.bypass_hook_trust = bypass;
        self
    }

    /// `relay setup --agent codex --apply` into this home, for `daemon`'s data directory.
    pub async fn setup_relay(&self, daemon: &TestDaemon) -> Output {
        relay_setup(daemon, &self.home, "codex").await
    }

    /// Registers relay's MCP endpoint in `config.toml` (`[mcp_servers.relay]` with the URL and the bearer header).
    pub fn register_mcp(&mut self, daemon: &TestDaemon) {
        self.mcp = Some((format!("http://{}/mcp", daemon.http_addr()), daemon.token()));
    }

    /// Rewrites the hook file with the same entries, each command replaced by `command` (the benchmark).
    pub fn replace_hook_commands(&self, command: &str) {
        let path = self.hooks_file();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        let mut hooks: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
        replace_commands(&mut hooks["hooks"], command);
        std::fs::write(&path, serde_json::to_string_pretty(&hooks).unwrap_or_default())
            .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }

    /// Removes every hook.
    pub fn remove_hooks(&self) {
        let _ = std::fs::remove_file(self.hooks_file());
    }

    /// Writes `~/.codex/config.toml`: the scripted model as provider `scripted` (Responses API), MCP when
    /// registered.
    fn write_config(&self, model: &ModelServer) {
        let mut config = format!(
            "model = \"{CODEX_MODEL}\"\nmodel_provider = \"scripted\"\n\n[model_providers.scripted]\nname = \"scripted\"\n\
             base_url = \"{}/v1\"\nenv_key = \"SCRIPTED_API_KEY\"\nwire_api = \"responses\"\n",
            model.base_url()
        );
        if let Some((url, token)) = &self.mcp {
            config.push_str(&format!(
                "\n[mcp_servers.relay]\nurl = \"{url}\"\nhttp_headers = {{ Authorization = \"Bearer {token}\" }}\n"
            ));
        }
        let path = self.home.join(".codex/config.toml");
        std::fs::write(&path, config).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }

    /// The `codex exec` command for one turn in `cwd` against `model`.
    pub fn command(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> tokio::process::Command {
        self.write_config(model);
        let mut command = tokio::process::Command::new(&self.bin);
        agent_env(&mut command, &self.home);
        command
            .current_dir(cwd)
            .env("SCRIPTED_API_KEY", "sk-scripted")
            .args([
                "exec",
                "--skip-git-repo-check",
                "--dangerously-bypass-approvals-and-sandbox",
            ]);
        if self.bypass_hook_trust {
            command.arg("--dangerously-bypass-hook-trust");
        }
        command.arg(prompt);
        command
    }

    /// Runs one turn to its end.
    pub async fn run(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> AgentRun {
        run_command(self.command(model, cwd, prompt)).await
    }

    /// The rollout files under `~/.codex/sessions/`.
    pub fn transcripts(&self) -> Vec<PathBuf> {
        jsonl_files(&self.home.join(".codex/sessions"))
    }

    /// Copies the rollouts into `$RELAY_KEEP_TRANSCRIPTS/<name>/` when set.
    pub fn keep_transcripts(&self, name: &str) {
        keep(name, &self.home.join(".codex/sessions"), &self.transcripts());
    }
}

/// The GitHub Copilot CLI with a home of its own (`~/.copilot`), its model a BYOK provider: the scripted model as
/// `COPILOT_PROVIDER_TYPE=anthropic` with `COPILOT_OFFLINE=true` (no GitHub sign-in, no network).
#[derive(Debug)]
pub struct Copilot {
    home: PathBuf,
    bin: PathBuf,
}

impl Copilot {
    /// A fresh agent home at `dir` (created) for the provisioned Copilot CLI; panics when it is not provisioned.
    #[track_caller]
    pub fn new(dir: &Path) -> Copilot {
        let bin = copilot_bin();
        std::fs::create_dir_all(dir.join(".copilot"))
            .unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        Copilot {
            home: dir.to_path_buf(),
            bin,
        }
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// `relay setup --agent copilot --apply` into this home, for `daemon`'s data directory.
    pub async fn setup_relay(&self, daemon: &TestDaemon) -> Output {
        relay_setup(daemon, &self.home, "copilot").await
    }

    /// The `copilot -p` command for one turn in `cwd` against `model` (an [`Api::Anthropic`] server).
    ///
    /// [`Api::Anthropic`]: crate::model::Api::Anthropic
    pub fn command(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(&self.bin);
        agent_env(&mut command, &self.home);
        command
            .current_dir(cwd)
            .env("COPILOT_OFFLINE", "true")
            .env("COPILOT_PROVIDER_TYPE", "anthropic")
            .env("COPILOT_PROVIDER_BASE_URL", model.base_url())
            .env("COPILOT_PROVIDER_API_KEY", "sk-ant-scripted")
            .env("COPILOT_MODEL", "claude-sonnet-4.5")
            .env("COPILOT_ALLOW_ALL", "true")
            .env("COPILOT_AUTO_UPDATE", "false")
            .args(["-p", prompt]);
        command
    }

    /// Runs one turn to its end.
    pub async fn run(&self, model: &ModelServer, cwd: &Path, prompt: &str) -> AgentRun {
        run_command(self.command(model, cwd, prompt)).await
    }

    /// The session logs under `~/.copilot/session-state/`.
    pub fn transcripts(&self) -> Vec<PathBuf> {
        jsonl_files(&self.home.join(".copilot/session-state"))
    }

    /// Copies the session logs into `$RELAY_KEEP_TRANSCRIPTS/<name>/` when set.
    pub fn keep_transcripts(&self, name: &str) {
        keep(
            name,
            &self.home.join(".copilot/session-state"),
            &self.transcripts(),
        );
    }
}
