//! relay-tests: the end-to-end harness. Every test gets a real relayd — the `relay` binary running
//! `relay --home <temp> --port 0 daemon run` — on its own temporary data directory, socket and port.
//!
//! - [`relay_bin`] finds the binary under test (`RELAY_BIN`, else `target/<profile>/relay`).
//! - [`TestHome`] is an isolated data directory plus a scratch folder; dropping it kills any daemon still
//!   holding the data directory (one started in the background by `relay daemon start`, for instance).
//! - [`TestDaemon`] is a foreground daemon owned by the test: start, talk to it, signal it, restart it.
//! - [`run`] runs one `relay` command and captures its exit code, stdout and stderr.
//!
//! This is test-only code: a harness that cannot do what a test asked panics with a message saying what
//! went wrong (and shows the daemon's stderr and log when that helps), instead of returning errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod agents;
pub mod model;
pub mod tmux;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use relay::client::Client;
use relay_core::paths::DataDir;
use relay_core::proto::{self, SubscribeRequest, update};
use tempfile::TempDir;
use tonic::Streaming;

/// How long a daemon may take to answer on its socket after it was spawned.
pub const START_TIMEOUT: Duration = Duration::from_secs(15);
/// How long a daemon may take to exit once it was asked to.
pub const EXIT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long one `relay` command may run before the test gives up on it.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);
/// How long to wait for a line to appear in the daemon's log, or for one streamed update.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(10);

const POLL: Duration = Duration::from_millis(10);

/// The `relay` binary under test: `$RELAY_BIN` if set, else `target/<profile>/relay` next to the test
/// binary's `deps/` folder. nextest does not build it for this package: `cargo build -p relay` first.
pub fn relay_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("RELAY_BIN") {
        let bin = PathBuf::from(bin);
        assert!(
            bin.is_file(),
            "RELAY_BIN={} does not exist; build it first: cargo build -p relay",
            bin.display()
        );
        return bin;
    }
    let exe = std::env::current_exe().expect("the test binary's own path");
    // target/<profile>/deps/e2e-<hash> -> target/<profile>/relay
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary lives in target/<profile>/deps");
    let bin = profile_dir.join("relay");
    assert!(
        bin.is_file(),
        "{} does not exist; build it first: cargo build -p relay",
        bin.display()
    );
    bin
}

/// The hook budget every `relay` a test runs gets (`RELAY_HOOK_BUDGET_MS`): far above the production 300 ms, so
/// a relayd that stalls on a loaded 2-core runner still gives the hook its real answer instead of the allow form.
/// The one test of the default budget removes the variable (`hooks.rs`).
pub const HOOK_BUDGET_MS: u64 = 20_000;

/// Runs `git -C dir args…` with a fixed author and committer (the test machine has no git identity); panics with
/// git's stderr when it fails.
pub fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output()
        .unwrap_or_else(|e| panic!("cannot run git in {}: {e}", dir.display()));
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `relay` with nothing preset but an environment free of the caller's relay and Claude Code settings (see
/// [`without_relay_env`]) and a generous hook budget ([`HOOK_BUDGET_MS`]), so a developer's configuration never
/// leaks into a test and a busy machine never turns a hook's answer into its allow form.
pub fn relay_command() -> Command {
    let mut command = Command::new(relay_bin());
    without_relay_env(&mut command)
        .env(relay::cli::HOOK_BUDGET_ENV, HOOK_BUDGET_MS.to_string())
        .stdin(Stdio::null());
    command
}

/// Removes the caller's relay settings (`RELAY_HOME`, `RELAY_PORT`, every other `RELAY_*` but `RELAY_BIN`) and
/// Claude Code's (`CLAUDECODE`, `CLAUDE_CONFIG_DIR`, every `CLAUDE_CODE_*`, such as the desktop session id a
/// hook forwards) from `command`'s environment: a test run inside a Claude Code session behaves like one in CI.
pub fn without_relay_env(command: &mut Command) -> &mut Command {
    command.env_remove(relay_core::config::HOME_ENV);
    for key in relay_core::config::KEYS {
        command.env_remove(key.env);
    }
    for (name, _) in std::env::vars_os() {
        let text = name.to_string_lossy();
        let relay = text.starts_with("RELAY_") && text != "RELAY_BIN";
        let claude = text.starts_with("CLAUDE_CODE_") || text == "CLAUDECODE" || text == "CLAUDE_CONFIG_DIR";
        if relay || claude {
            command.env_remove(&name);
        }
    }
    command
}

/// What a finished command left behind.
#[derive(Debug)]
pub struct Output {
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    command: String,
}

impl Output {
    /// Panics, showing everything, unless the command exited with `code`.
    #[track_caller]
    pub fn assert_code(&self, code: i32) -> &Output {
        assert_eq!(self.code, Some(code), "exit code of {self}");
        self
    }

    /// Panics unless the command exited 0.
    #[track_caller]
    pub fn assert_success(&self) -> &Output {
        self.assert_code(0)
    }
}

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}\n  exit code: {:?}\n  --- stdout ---\n{}\n  --- stderr ---\n{}",
            self.command, self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `command` to completion (at most [`COMMAND_TIMEOUT`], then it is killed and the test fails) and
/// captures its exit code, stdout and stderr. Takes the `&mut Command` that `args` returns, so a call reads
/// `run(home.relay().args(["daemon", "status"])).await`.
pub async fn run(command: &mut Command) -> Output {
    run_inner(command, None).await
}

/// [`run`] with `stdin` written to the command's standard input (then closed).
pub async fn run_with_stdin(command: &mut Command, stdin: &[u8]) -> Output {
    run_inner(command, Some(stdin)).await
}

/// The uid and gid of an unprivileged user for a test that needs one (a mode-000 file must stop it): `nobody`
/// (65534) when the tests run as root, as CI does; else the tests' own, which already is one.
pub fn unprivileged_user() -> (u32, u32) {
    if rustix::process::getuid().is_root() {
        (NOBODY, NOBODY)
    } else {
        (
            rustix::process::getuid().as_raw(),
            rustix::process::getgid().as_raw(),
        )
    }
}

const NOBODY: u32 = 65_534;

/// [`run`] as `user` (uid, gid; see [`unprivileged_user`]), without supplementary groups. The program must be
/// reachable by that user: see [`TestHome::hand_over`].
pub async fn run_as(command: &mut Command, user: (u32, u32)) -> Output {
    let described = format!("{command:?}");
    let output = run_spawned(command, None, Some(user)).await;
    Output {
        command: format!("{described} as uid {} gid {}", user.0, user.1),
        ..output
    }
}

async fn run_inner(command: &mut Command, stdin: Option<&[u8]>) -> Output {
    run_spawned(command, stdin, None).await
}

async fn run_spawned(command: &mut Command, stdin: Option<&[u8]>, user: Option<(u32, u32)>) -> Output {
    let described = format!("{command:?}");
    let mut async_command = tokio::process::Command::new(command.get_program());
    let own = (
        rustix::process::getuid().as_raw(),
        rustix::process::getgid().as_raw(),
    );
    if let Some((uid, gid)) = user.filter(|user| *user != own) {
        // As root, std drops the supplementary groups before it changes the uid.
        async_command.uid(uid).gid(gid);
    }
    async_command.args(command.get_args());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => async_command.env(name, value),
            None => async_command.env_remove(name),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        async_command.current_dir(dir);
    }
    let mut command = async_command;
    command
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let finished = async {
        let mut child = command.spawn()?;
        if let (Some(body), Some(mut pipe)) = (stdin, child.stdin.take()) {
            use tokio::io::AsyncWriteExt;
            // A command that exits without reading its input closes the pipe: not an error here.
            let _ = pipe.write_all(body).await;
        }
        child.wait_with_output().await
    };
    let output = tokio::time::timeout(COMMAND_TIMEOUT, finished)
        .await
        .unwrap_or_else(|_| panic!("{described} did not finish within {COMMAND_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("cannot run {described}: {e}"));
    Output {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        command: described,
    }
}

/// An isolated data directory (`<tmp>/home`) and a scratch folder beside it (`<tmp>/scratch`) for backups
/// and other files a test writes. Dropping it kills any daemon that still holds the data directory.
#[derive(Debug)]
pub struct TestHome {
    /// Removed (after `Drop::drop` has stopped any daemon on it) when the home is dropped.
    _root: TempDir,
    home: PathBuf,
    scratch: PathBuf,
}

impl TestHome {
    /// A fresh, empty home (the folder exists; relayd fills it).
    pub fn new() -> TestHome {
        let root = tempfile::Builder::new()
            .prefix("relay-e2e-")
            .tempdir()
            .expect("a temp dir for the test");
        let home = root.path().join("home");
        let scratch = root.path().join("scratch");
        std::fs::create_dir(&home).expect("create the test home");
        std::fs::create_dir(&scratch).expect("create the scratch folder");
        TestHome {
            _root: root,
            home,
            scratch,
        }
    }

    /// The data directory (`--home`).
    pub fn path(&self) -> &Path {
        &self.home
    }

    /// A folder for the test's own files, outside the data directory.
    pub fn scratch(&self) -> &Path {
        &self.scratch
    }

    pub fn data_dir(&self) -> DataDir {
        DataDir::new(&self.home)
    }

    /// The socket relayd listens on for this home: `<home>/run/relayd-v2.sock`.
    pub fn socket(&self) -> PathBuf {
        self.data_dir()
            .run_dir()
            .join(relay_core::paths::socket_file_name())
    }

    /// `<home>/relay.sqlite`.
    pub fn db(&self) -> PathBuf {
        self.data_dir().db()
    }

    /// Every file of the database (`relay.sqlite`, and `-wal`, `-shm`, ... when present) with its bytes, to
    /// compare before and after an operation that must change nothing.
    pub fn db_files(&self) -> BTreeMap<String, Vec<u8>> {
        let db = self.db();
        let name = db
            .file_name()
            .expect("the database has a file name")
            .to_string_lossy()
            .into_owned();
        std::fs::read_dir(&self.home)
            .expect("list the test home")
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().starts_with(&name))
            .map(|entry| {
                let bytes = std::fs::read(entry.path()).expect("read a database file");
                (entry.file_name().to_string_lossy().into_owned(), bytes)
            })
            .collect()
    }

    /// `<home>/config.toml`.
    pub fn config(&self) -> PathBuf {
        self.data_dir().config()
    }

    /// `<home>/logs`.
    pub fn log_dir(&self) -> PathBuf {
        self.data_dir().log_dir()
    }

    /// Writes `<home>/config.toml`.
    pub fn write_config(&self, text: &str) {
        std::fs::write(self.config(), text).expect("write config.toml");
    }

    /// The token as stored in `<home>/token`.
    pub fn token(&self) -> String {
        let path = self.data_dir().token();
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read the token {}: {e}", path.display()))
            .trim()
            .to_owned()
    }

    /// Every log file in `<home>/logs`, oldest first, concatenated; empty when there is none yet.
    pub fn log_text(&self) -> String {
        let Ok(entries) = std::fs::read_dir(self.log_dir()) else {
            return String::new();
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        files
            .iter()
            .filter_map(|file| std::fs::read_to_string(file).ok())
            .collect::<Vec<_>>()
            .join("")
    }

    /// Waits (at most [`WAIT_TIMEOUT`]) until the log contains `needle`; returns the whole log.
    pub async fn wait_for_log(&self, needle: &str) -> String {
        let deadline = Instant::now() + WAIT_TIMEOUT;
        loop {
            let text = self.log_text();
            if text.contains(needle) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "the log never contained {needle:?}; it reads:\n{text}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// `relay --home <home> --port 0`: any daemon a command starts picks a free port, so parallel tests never
    /// collide on the default 8765.
    pub fn relay(&self) -> Command {
        self.relay_on_port(0)
    }

    /// `relay --home <home> --port <port>`.
    pub fn relay_on_port(&self, port: u16) -> Command {
        let mut command = relay_command();
        command
            .arg("--home")
            .arg(&self.home)
            .arg("--port")
            .arg(port.to_string());
        command
    }

    /// Hands the home over to `user` (uid, gid): the temp folder, the data directory, the scratch folder and
    /// every file already in them become its own, and the `relay` binary is linked into the temp folder so that
    /// a private folder above `target/` cannot hide it. Returns `relay --home <home> --port 0` on that binary,
    /// to be run with [`run_as`]. Nothing changes ownership when `user` is the tests' own.
    pub fn hand_over(&self, user: (u32, u32)) -> Command {
        let root = self._root.path();
        let bin = root.join("relay");
        if !bin.exists() && std::fs::hard_link(relay_bin(), &bin).is_err() {
            std::fs::copy(relay_bin(), &bin).unwrap_or_else(|e| {
                panic!("cannot copy {} to {}: {e}", relay_bin().display(), bin.display())
            });
        }
        let (uid, gid) = user;
        let owner = (
            Some(rustix::fs::Uid::from_raw(uid)),
            Some(rustix::fs::Gid::from_raw(gid)),
        );
        let mut paths = vec![root.to_path_buf(), self.home.clone(), self.scratch.clone()];
        for dir in [&self.home, &self.scratch] {
            let entries =
                std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
            paths.extend(entries.filter_map(Result::ok).map(|entry| entry.path()));
        }
        if user
            != (
                rustix::process::getuid().as_raw(),
                rustix::process::getgid().as_raw(),
            )
        {
            for path in &paths {
                rustix::fs::chown(path, owner.0, owner.1)
                    .unwrap_or_else(|e| panic!("cannot give {} to uid {uid}: {e}", path.display()));
            }
        }
        let mut command = Command::new(&bin);
        without_relay_env(&mut command)
            .env(relay::cli::HOOK_BUDGET_ENV, HOOK_BUDGET_MS.to_string())
            .stdin(Stdio::null())
            .arg("--home")
            .arg(&self.home)
            .arg("--port")
            .arg("0");
        command
    }

    /// Whether some process holds the data directory's lock (a daemon runs, or is starting or stopping).
    pub fn is_locked(&self) -> bool {
        relayd::lock::is_held(&self.data_dir())
    }

    /// Waits (at most [`EXIT_TIMEOUT`]) until no process holds the data directory.
    pub async fn wait_unlocked(&self) {
        let deadline = Instant::now() + EXIT_TIMEOUT;
        while self.is_locked() {
            assert!(
                Instant::now() < deadline,
                "{} is still locked after {EXIT_TIMEOUT:?}",
                self.home.display()
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// SIGKILLs the process named in the lock file if it still holds the lock — only daemons this test
    /// started can be there, since the home is private to the test.
    fn kill_lock_holder(&self) {
        if !self.is_locked() {
            return;
        }
        let Some(pid) = relayd::lock::holder_pid(&self.data_dir()) else {
            return;
        };
        if pid <= 1 || pid == std::process::id() {
            return;
        }
        if let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
        let deadline = Instant::now() + EXIT_TIMEOUT;
        while self.is_locked() && Instant::now() < deadline {
            std::thread::sleep(POLL);
        }
    }
}

impl Default for TestHome {
    fn default() -> TestHome {
        TestHome::new()
    }
}

impl Drop for TestHome {
    fn drop(&mut self) {
        self.kill_lock_holder();
    }
}

/// How to start a [`TestDaemon`]: on which home, with which extra environment and config.toml.
#[derive(Debug, Default)]
pub struct DaemonBuilder {
    home: Option<TestHome>,
    env: Vec<(String, String)>,
    config: Option<String>,
}

impl DaemonBuilder {
    /// Start on this (possibly used) home instead of a fresh one.
    pub fn home(mut self, home: TestHome) -> DaemonBuilder {
        self.home = Some(home);
        self
    }

    /// An extra environment variable for the daemon process.
    pub fn env(mut self, name: &str, value: &str) -> DaemonBuilder {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Write `<home>/config.toml` before starting.
    pub fn config(mut self, text: &str) -> DaemonBuilder {
        self.config = Some(text.to_owned());
        self
    }

    /// Spawns `relay --home <home> --port 0 daemon run` and waits until it answers `GetStatus` on its socket
    /// (at most [`START_TIMEOUT`]); panics with its stderr and log when it exits or never answers.
    pub async fn start(self) -> TestDaemon {
        let home = self.home.unwrap_or_default();
        if let Some(config) = &self.config {
            home.write_config(config);
        }
        let mut command = home.relay();
        command
            .args(["daemon", "run"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            // The ledger reads agent transcripts below the scratch folder, never the machine's own home.
            .env("RELAY_TRANSCRIPT_ROOTS", home.scratch());
        for (name, value) in &self.env {
            command.env(name, value);
        }
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot spawn {command:?}: {e}"));
        let mut process = DaemonProcess { child, stderr: None };
        process.stderr = process.child.stderr.take();
        let socket = home.socket();
        let deadline = Instant::now() + START_TIMEOUT;
        let status = loop {
            if let Some((_, status)) = relay::client::probe(&socket).await {
                break status;
            }
            if let Some(exit) = process.child.try_wait().expect("poll the daemon") {
                panic!(
                    "relayd exited ({exit}) before answering on {}\n--- stderr ---\n{}\n--- log ---\n{}",
                    socket.display(),
                    process.stderr_text(),
                    home.log_text()
                );
            }
            if Instant::now() >= deadline {
                let _ = process.child.kill();
                let _ = process.child.wait();
                panic!(
                    "relayd did not answer on {} within {START_TIMEOUT:?}\n--- stderr ---\n{}\n--- log ---\n{}",
                    socket.display(),
                    process.stderr_text(),
                    home.log_text()
                );
            }
            tokio::time::sleep(POLL).await;
        };
        assert_eq!(
            status.pid,
            process.child.id(),
            "the daemon answering on {} is not the one spawned",
            socket.display()
        );
        TestDaemon {
            process,
            home,
            status,
        }
    }
}

/// The daemon's process; killed when dropped if it still runs.
#[derive(Debug)]
struct DaemonProcess {
    child: Child,
    stderr: Option<ChildStderr>,
}

impl DaemonProcess {
    /// What the process wrote on stderr; only call it once the process has exited.
    fn stderr_text(&mut self) -> String {
        use std::io::Read;
        let mut text = String::new();
        if let Some(mut pipe) = self.stderr.take() {
            let _ = pipe.read_to_string(&mut text);
        }
        text
    }
}

impl Drop for DaemonProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A relayd run in the foreground by the test (`relay daemon run`), on its own home, socket and port.
#[derive(Debug)]
pub struct TestDaemon {
    // Fields drop in order: the process is killed before the home's own clean-up runs.
    process: DaemonProcess,
    home: TestHome,
    status: proto::Status,
}

impl TestDaemon {
    /// A daemon on a fresh home.
    pub async fn start() -> TestDaemon {
        TestDaemon::builder().start().await
    }

    /// A daemon on an existing home (a restart, or a home the test prepared).
    pub async fn start_in(home: TestHome) -> TestDaemon {
        TestDaemon::builder().home(home).start().await
    }

    pub fn builder() -> DaemonBuilder {
        DaemonBuilder::default()
    }

    pub fn home(&self) -> &TestHome {
        &self.home
    }

    /// A repository `bench` with one empty commit in the scratch folder, added as a runner project from its
    /// checkout (its default session is `run-bench-1`). The benchmarks' project.
    pub async fn add_bench_project(&self) -> PathBuf {
        let repo = self.home.scratch().join("bench");
        std::fs::create_dir_all(&repo).unwrap_or_else(|e| panic!("cannot create {}: {e}", repo.display()));
        git(&repo, &["init", "-q", "-b", "main"]);
        git(&repo, &["commit", "-q", "--allow-empty", "-m", "first"]);
        run(self.relay().args(["project", "add", "--repo"]).arg(&repo))
            .await
            .assert_success();
        repo
    }

    /// Stops and removes runner sessions (their containers too); a session already stopped is removed as it is.
    pub async fn remove_runner_sessions(&self, names: &[String]) {
        let mut client = self.client().await;
        for name in names {
            let _ = client
                .runner
                .stop_runner_session(proto::RunnerSessionRequest {
                    session: name.clone(),
                })
                .await;
            client
                .runner
                .remove_runner_session(proto::RemoveRunnerSessionRequest {
                    session: name.clone(),
                    force: true,
                })
                .await
                .unwrap_or_else(|e| panic!("cannot remove session {name}: {e}"));
        }
    }

    pub fn socket(&self) -> PathBuf {
        self.home.socket()
    }

    /// The status the daemon reported when it first answered.
    pub fn status(&self) -> &proto::Status {
        &self.status
    }

    /// The HTTP listener's bound address (from `GetStatus`).
    pub fn http_addr(&self) -> SocketAddr {
        self.status
            .http_addr
            .parse()
            .unwrap_or_else(|e| panic!("http_addr {:?}: {e}", self.status.http_addr))
    }

    pub fn pid(&self) -> u32 {
        self.process.child.id()
    }

    /// The token from `<home>/token`.
    pub fn token(&self) -> String {
        self.home.token()
    }

    /// A fresh gRPC client on the daemon's socket.
    pub async fn client(&self) -> Client {
        relay::client::connect(&self.socket())
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {}: {e}", self.socket().display()))
    }

    /// One MCP `tools/call` as an agent makes it, over plain JSON-RPC (relayd's /mcp is stateless); it must
    /// succeed. The tool's text.
    pub async fn mcp_call(&self, tool: &str, arguments: serde_json::Value) -> String {
        let bearer = format!("Bearer {}", self.token());
        let body = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                      "params": {"name": tool, "arguments": arguments}});
        let answer = relay::http_client::request_with_body(
            self.http_addr(),
            "POST",
            "/mcp",
            &[
                ("authorization", bearer.as_str()),
                ("content-type", "application/json"),
                ("accept", "application/json, text/event-stream"),
            ],
            body.to_string().into_bytes(),
        )
        .await
        .expect("POST /mcp");
        assert_eq!(answer.status, 200, "{answer:?}");
        let reply: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        assert_ne!(reply["result"]["isError"], true, "{reply}");
        reply["result"]["content"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|block| block["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// `GetStatus`, now.
    pub async fn get_status(&self) -> proto::Status {
        self.client()
            .await
            .daemon
            .get_status(proto::GetStatusRequest {})
            .await
            .expect("GetStatus")
            .into_inner()
    }

    /// `relay --home <home> --port 0`.
    pub fn relay(&self) -> Command {
        self.home.relay()
    }

    pub fn log_text(&self) -> String {
        self.home.log_text()
    }

    /// SIGKILL, and reap the process.
    pub fn kill9(&mut self) {
        self.process.child.kill().expect("SIGKILL relayd");
        self.process.child.wait().expect("reap relayd");
    }

    /// SIGTERM: the graceful shutdown a service manager asks for.
    pub fn terminate(&self) {
        self.signal(rustix::process::Signal::TERM);
    }

    /// SIGINT: Ctrl-C in a terminal.
    pub fn interrupt(&self) {
        self.signal(rustix::process::Signal::INT);
    }

    fn signal(&self, signal: rustix::process::Signal) {
        let pid = i32::try_from(self.pid())
            .ok()
            .and_then(rustix::process::Pid::from_raw)
            .expect("a valid pid");
        rustix::process::kill_process(pid, signal).unwrap_or_else(|e| panic!("cannot signal relayd: {e}"));
    }

    /// Waits for the process to exit (panics after `timeout`, showing stderr and the log).
    pub async fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(exit) = self.process.child.try_wait().expect("poll relayd") {
                return exit;
            }
            if Instant::now() >= deadline {
                let _ = self.process.child.kill();
                let _ = self.process.child.wait();
                panic!(
                    "relayd did not exit within {timeout:?}\n--- stderr ---\n{}\n--- log ---\n{}",
                    self.process.stderr_text(),
                    self.home.log_text()
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// What the daemon wrote on stderr; call it after the process exited.
    pub fn stderr_text(&mut self) -> String {
        self.process.stderr_text()
    }

    /// Stops the daemon gracefully with `StopDaemon`, checks that it exited 0, and hands back its home.
    pub async fn stop(mut self) -> TestHome {
        let response = self
            .client()
            .await
            .daemon
            .stop_daemon(proto::StopDaemonRequest {})
            .await
            .expect("StopDaemon");
        assert_eq!(response.into_inner().pid, self.pid());
        let exit = self.wait_exit(EXIT_TIMEOUT).await;
        assert!(
            exit.success(),
            "relayd exited with {exit} after StopDaemon\n{}",
            self.log_text()
        );
        self.into_home()
    }

    /// SIGKILLs the daemon and hands back its home as the crash left it.
    pub fn crash(mut self) -> TestHome {
        self.kill9();
        self.into_home()
    }

    /// Hands back the home of a daemon that has exited ([`TestDaemon::wait_exit`]), to start another on it.
    pub fn exited_home(mut self) -> TestHome {
        assert!(
            matches!(self.process.child.try_wait(), Ok(Some(_))),
            "exited_home: relayd (pid {}) is still running",
            self.pid()
        );
        self.into_home()
    }

    fn into_home(self) -> TestHome {
        let TestDaemon { process, home, .. } = self;
        drop(process);
        home
    }
}

/// The next update on a `Subscribe` stream (at most [`WAIT_TIMEOUT`]); panics when the stream ends or fails.
pub async fn next_update(stream: &mut Streaming<proto::Update>) -> update::Update {
    let message = tokio::time::timeout(WAIT_TIMEOUT, stream.message())
        .await
        .unwrap_or_else(|_| panic!("no update within {WAIT_TIMEOUT:?}"))
        .unwrap_or_else(|status| panic!("the stream failed: {status}"));
    message
        .and_then(|m| m.update)
        .unwrap_or_else(|| panic!("the stream ended"))
}

/// The next update, which must be an event.
pub async fn next_event(stream: &mut Streaming<proto::Update>) -> proto::Event {
    match next_update(stream).await {
        update::Update::Event(event) => event,
        other => panic!("expected an event, got {other:?}"),
    }
}

/// Subscribes with `since_event_id = since` and collects the replayed events up to and including id
/// `through` (the stream's Hello is checked and skipped).
pub async fn replay(client: &mut Client, since: i64, through: i64) -> Vec<proto::Event> {
    let mut stream = client
        .daemon
        .subscribe(SubscribeRequest {
            since_event_id: Some(since),
        })
        .await
        .expect("Subscribe")
        .into_inner();
    match next_update(&mut stream).await {
        update::Update::Hello(hello) => assert_eq!(hello.protocol_version, relay_core::PROTOCOL_VERSION),
        other => panic!("the first update must be Hello, got {other:?}"),
    }
    let mut events = Vec::new();
    let mut last = since;
    while last < through {
        let event = next_event(&mut stream).await;
        last = event.id;
        events.push(event);
    }
    events
}
