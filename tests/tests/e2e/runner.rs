//! The runner end to end: a real relayd, real git repositories and real PTYs (`/bin/sh`), through the CLI and the
//! `RunnerService` on the socket.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use relay_core::proto::terminal_input::Input;
use relay_core::proto::terminal_output::Output as Out;
use relay_core::proto::{
    AttachOpen, ListRunnerSessionsRequest, RunnerSessionRequest, TerminalInput, TerminalOutput,
    TerminalResize,
};
use relay_tests::{TestDaemon, WAIT_TIMEOUT, git, run};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

mod docker;
mod registry;

const CONFIG: &str = "[profiles.shell]\ncommand = \"/bin/sh\"\n";

fn repo(root: &Path) -> PathBuf {
    let dir = root.join("shop");
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    std::fs::write(dir.join("README"), "shop\n").unwrap();
    git(&dir, &["add", "README"]);
    git(&dir, &["commit", "-q", "-m", "first"]);
    dir
}

async fn daemon() -> (TestDaemon, PathBuf) {
    let daemon = TestDaemon::builder().config(CONFIG).start().await;
    let checkout = repo(daemon.home().scratch());
    let added = run(daemon
        .relay()
        .args(["project", "add", "--repo"])
        .arg(&checkout)
        .arg("--json"))
    .await;
    added.assert_success();
    (daemon, checkout)
}

/// An open AttachTerminal stream: the sender for keys and resizes, the answers.
struct Term {
    tx: mpsc::Sender<TerminalInput>,
    rx: tonic::Streaming<TerminalOutput>,
    seen: Vec<u8>,
    notices: Vec<String>,
}

async fn attach(daemon: &TestDaemon, session: &str, watch: bool, rows: u32, cols: u32) -> Term {
    let (tx, input) = mpsc::channel(64);
    tx.send(TerminalInput {
        input: Some(Input::Open(AttachOpen {
            session: session.to_owned(),
            watch,
            rows,
            cols,
        })),
    })
    .await
    .unwrap();
    let rx = daemon
        .client()
        .await
        .runner
        .attach_terminal(ReceiverStream::new(input))
        .await
        .unwrap()
        .into_inner();
    Term {
        tx,
        rx,
        seen: Vec::new(),
        notices: Vec::new(),
    }
}

fn dim(n: u16) -> std::num::NonZero<u16> {
    std::num::NonZero::new(n).expect("a screen of at least one row and column")
}

/// What `bytes` draw on a 50-row screen `cols` wide.
fn screen(bytes: &[u8], cols: u16) -> String {
    let mut parser = vt100::Parser::new(dim(50), dim(cols), 0);
    parser.process(bytes);
    parser.screen().contents()
}

impl Term {
    async fn keys(&self, text: &str) {
        self.tx
            .send(TerminalInput {
                input: Some(Input::Data(text.as_bytes().to_vec())),
            })
            .await
            .unwrap();
    }

    async fn resize(&self, rows: u32, cols: u32) {
        self.tx
            .send(TerminalInput {
                input: Some(Input::Resize(TerminalResize { rows, cols })),
            })
            .await
            .unwrap();
    }

    /// Reads until the output (snapshots and data) holds `needle`; a snapshot restarts what was seen.
    async fn until(&mut self, needle: &str) {
        self.until_within(needle, WAIT_TIMEOUT).await;
    }

    async fn until_within(&mut self, needle: &str, timeout: Duration) {
        let wait = async {
            while !String::from_utf8_lossy(&self.seen).contains(needle) {
                match self.rx.message().await.unwrap().and_then(|m| m.output) {
                    Some(Out::Snapshot(snapshot)) => self.seen = snapshot.screen,
                    Some(Out::Data(bytes)) => self.seen.extend_from_slice(&bytes),
                    Some(Out::Notice(notice)) => self.notices.push(notice),
                    Some(Out::End(end)) => panic!(
                        "the terminal ended before {needle:?}: {}; the screen read:\n{}",
                        end.reason,
                        screen(&self.seen, 200)
                    ),
                    None => panic!("the stream ended before {needle:?}"),
                }
            }
        };
        tokio::time::timeout(timeout, wait).await.unwrap_or_else(|_| {
            let seen = String::from_utf8_lossy(&self.seen);
            let tail: String = seen
                .chars()
                .rev()
                .take(600)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            panic!("{needle:?} never showed; the output ended with {tail:?}")
        });
    }

    /// Reads until the screen the output draws (through a terminal emulator, `rows` × `cols`) holds `needle` — for
    /// a program that places its words with cursor moves instead of spaces.
    async fn until_screen(&mut self, needle: &str, rows: u16, cols: u16) {
        let wait = async {
            loop {
                let mut parser = vt100::Parser::new(dim(rows), dim(cols), 0);
                parser.process(&self.seen);
                if parser.screen().contents().contains(needle) {
                    return;
                }
                match self.rx.message().await.unwrap().and_then(|m| m.output) {
                    Some(Out::Snapshot(snapshot)) => self.seen = snapshot.screen,
                    Some(Out::Data(bytes)) => self.seen.extend_from_slice(&bytes),
                    Some(Out::Notice(notice)) => self.notices.push(notice),
                    Some(Out::End(end)) => panic!(
                        "the terminal ended before {needle:?} showed: {}; the screen read:\n{}",
                        end.reason,
                        screen(&self.seen, cols)
                    ),
                    None => panic!("the stream ended before {needle:?}"),
                }
            }
        };
        tokio::time::timeout(WAIT_TIMEOUT, wait)
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "{needle:?} never showed; the screen read:\n{}",
                    screen(&self.seen, cols)
                )
            });
    }

    async fn notice(&mut self) -> String {
        if let Some(notice) = self.notices.pop() {
            return notice;
        }
        let wait = async {
            loop {
                match self.rx.message().await.unwrap().and_then(|m| m.output) {
                    Some(Out::Notice(notice)) => return notice,
                    Some(Out::End(end)) => panic!("ended: {}", end.reason),
                    None => panic!("the stream ended"),
                    _ => {}
                }
            }
        };
        tokio::time::timeout(WAIT_TIMEOUT, wait).await.expect("a notice")
    }
}

#[tokio::test]
async fn a_checkout_runs_sessions_whose_terminals_live_in_relayd() {
    let (daemon, _checkout) = daemon().await;
    // The default session is a shell in the checkout; type into it and see the echo.
    let mut term = attach(&daemon, "run-shop-1", false, 30, 100).await;
    term.keys("echo hi-$((40+2))\n").await;
    term.until("hi-42").await;
    drop(term);
    // Detached, the shell goes on; a new attachment gets the same screen first.
    let mut again = attach(&daemon, "run-shop-1", false, 0, 0).await;
    again.until("hi-42").await;
    again.keys("echo second-$((1+1))\n").await;
    again.until("second-2").await;
    // A watcher sees it too, and cannot type.
    let mut watcher = attach(&daemon, "run-shop-1", true, 0, 0).await;
    watcher.until("second-2").await;
    watcher.keys("echo nope\n").await;
    assert!(watcher.notice().await.contains("attached to watch"));
    // A new writer detaches the previous one, which is told why.
    let mut writer = attach(&daemon, "run-shop-1", false, 0, 0).await;
    writer.until("second-2").await;
    let detached = tokio::time::timeout(WAIT_TIMEOUT, async {
        loop {
            if let Some(Out::End(end)) = again.rx.message().await.unwrap().and_then(|m| m.output) {
                return end.reason;
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(detached, "another client attached to this session as its writer");

    // Resizes: 0×0 refused, 10,000 columns brought down, each said.
    writer.resize(0, 0).await;
    assert!(writer.notice().await.contains("0×0 cells cannot be drawn"));
    writer.resize(40, 10_000).await;
    assert!(writer.notice().await.contains("using 40×1000"));
    writer.keys("stty size\n").await;
    writer.until("40 1000").await;

    // The CLI: a session on a branch, the list, the state rules and exit codes.
    let new = run(daemon
        .relay()
        .args(["session", "new", "--branch", "feature/cart", "--json"]))
    .await;
    new.assert_success();
    let session: serde_json::Value = serde_json::from_str(&new.stdout).unwrap();
    assert_eq!(session["name"], "run-shop-2");
    assert_eq!(session["state"], "running");
    assert!(
        Path::new(session["workspace"].as_str().unwrap())
            .join("README")
            .is_file()
    );
    let conflict = run(daemon
        .relay()
        .args(["session", "new", "--branch", "feature/cart"]))
    .await;
    conflict.assert_code(1);
    assert!(
        conflict
            .stderr
            .contains("branch 'feature/cart' already has an active session (run-shop-2)"),
        "{conflict}"
    );
    let bad = run(daemon.relay().args(["session", "new", "--branch", "-x"])).await;
    bad.assert_code(2);
    let running_rm = run(daemon.relay().args(["session", "rm", "run-shop-2"])).await;
    running_rm.assert_code(1);
    assert!(
        running_rm.stderr.contains("it is running; stop it first"),
        "{running_rm}"
    );
    let unknown = run(daemon.relay().args(["session", "stop", "run-nope-1"])).await;
    unknown.assert_code(4);
    let list = run(daemon.relay().args(["session", "list"])).await;
    list.assert_success();
    assert!(
        list.stdout.contains("run-shop-2  running   feature/cart"),
        "{list}"
    );
    let stop = run(daemon.relay().args(["session", "stop", "run-shop-2"])).await;
    stop.assert_success();
    assert!(stop.stdout.contains("(stopped)"), "{stop}");
    run(daemon.relay().args(["session", "rm", "run-shop-2"]))
        .await
        .assert_success();
    for (url, words) in [
        ("file:///srv/shop.git", "file:// URLs are not cloned"),
        ("git://127.0.0.1/shop.git", "git:// URLs are not cloned"),
        ("http://127.0.0.1/shop.git", "http:// URLs are not cloned"),
        (
            "https://localhost/shop.git",
            "a loopback, private or link-local address",
        ),
        (
            "https://169.254.169.254/latest.git",
            "a loopback, private or link-local address",
        ),
    ] {
        let refused = run(daemon.relay().args(["project", "add", url])).await;
        refused.assert_code(2);
        assert!(refused.stderr.contains(words), "{url}: {refused}");
    }
}

#[tokio::test]
async fn a_client_that_stops_reading_does_not_block_the_process_or_another_client() {
    let (daemon, _checkout) = daemon().await;
    let stalled = attach(&daemon, "run-shop-1", false, 24, 80).await;
    let mut reader = attach(&daemon, "run-shop-1", true, 0, 0).await;
    // About 8 MB of output, far more than the stalled client's queues hold; then a marker.
    stalled.keys("i=0; while [ $i -lt 100000 ]; do echo \"line $i padding padding padding padding padding\"; i=$((i+1)); done; echo done-$((6*7))\n").await;
    reader.until_within("done-42", Duration::from_secs(120)).await;
    // The stalled one, read at last, is skipped forward to a fresh screen, not the lost output.
    let mut stalled = stalled;
    stalled.until_within("done-42", Duration::from_secs(120)).await;
}

#[tokio::test]
async fn a_flood_of_input_is_held_back_by_the_stream_not_buffered() {
    let (daemon, _checkout) = daemon().await;
    let term = attach(&daemon, "run-shop-1", false, 24, 80).await;
    // The shell runs `sleep`, so nothing reads the terminal's input; 100 MB are offered in 64 KiB pieces.
    // Raw mode: the terminal holds what it takes until it is read (a canonical line discipline drops a long
    // line past 4 KiB instead), so the writes block and the stream must wait.
    term.keys("stty raw -echo; sleep 600\n").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let chunk = vec![b'x'; 64 * 1024];
    let sent = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let flood = {
        let tx = term.tx.clone();
        let sent = std::sync::Arc::clone(&sent);
        tokio::spawn(async move {
            for _ in 0..1600 {
                if tx
                    .send(TerminalInput {
                        input: Some(Input::Data(chunk.clone())),
                    })
                    .await
                    .is_err()
                {
                    return;
                }
                sent.fetch_add(chunk.len(), std::sync::atomic::Ordering::Relaxed);
            }
        })
    };
    tokio::time::sleep(Duration::from_secs(3)).await;
    let taken = sent.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        taken < 50 << 20,
        "only what the bounded queues and windows hold is taken, not the 100 MB: {taken} bytes"
    );
    assert!(!flood.is_finished());
    // relayd still answers and another client still attaches.
    let mut watcher = attach(&daemon, "run-shop-1", true, 0, 0).await;
    let first = tokio::time::timeout(WAIT_TIMEOUT, watcher.rx.message())
        .await
        .expect("a snapshot in time");
    assert!(matches!(
        first.unwrap().and_then(|m| m.output),
        Some(Out::Snapshot(_))
    ));
    let stop = run(daemon.relay().args(["session", "stop", "run-shop-1"])).await;
    stop.assert_success();
    flood.abort();
}

/// Resumes `session` and sees its shell on `branch`.
async fn resumes_on(daemon: &TestDaemon, session: &str, branch: &str) {
    let resumed = daemon
        .client()
        .await
        .runner
        .resume_runner_session(RunnerSessionRequest {
            session: session.to_owned(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(resumed.state, "running");
    let mut term = attach(daemon, session, false, 24, 80).await;
    term.keys("git branch --show-current\n").await;
    term.until(&format!("\n{branch}")).await;
}

#[tokio::test]
async fn sessions_come_back_stopped_after_relayd_is_killed_and_resume_works() {
    let (daemon, _checkout) = daemon().await;
    run(daemon.relay().args(["session", "new", "--branch", "keep"]))
        .await
        .assert_success();
    let home = daemon.crash();
    let daemon = TestDaemon::builder().home(home).start().await;
    let sessions = daemon
        .client()
        .await
        .runner
        .list_runner_sessions(ListRunnerSessionsRequest {
            project: None,
            with_deleted: false,
        })
        .await
        .unwrap()
        .into_inner()
        .sessions;
    assert_eq!(sessions.len(), 2);
    for session in &sessions {
        assert_eq!(session.state, "stopped", "{session:?}");
        assert!(
            session
                .error
                .as_deref()
                .unwrap_or_default()
                .contains("relayd restarted"),
            "{session:?}"
        );
    }
    resumes_on(&daemon, "run-shop-2", "keep").await;
}

#[tokio::test]
async fn a_restored_backup_brings_back_the_runner_projects_and_sessions_and_relayd_starts_clean() {
    let (daemon, _checkout) = daemon().await;
    run(daemon.relay().args(["session", "new", "--branch", "kept"]))
        .await
        .assert_success();
    let file = daemon.home().scratch().join("runner-backup.sqlite");
    run(daemon.relay().args(["backup", "--output"]).arg(&file))
        .await
        .assert_success();
    // Made after the backup: the restore takes it back out.
    run(daemon.relay().args(["session", "new", "--branch", "later"]))
        .await
        .assert_success();
    let home = daemon.stop().await;
    run(home.relay().arg("restore").arg("--input").arg(&file))
        .await
        .assert_success();

    let daemon = TestDaemon::builder().home(home).start().await;
    let sessions = daemon
        .client()
        .await
        .runner
        .list_runner_sessions(ListRunnerSessionsRequest {
            project: None,
            with_deleted: false,
        })
        .await
        .unwrap()
        .into_inner()
        .sessions;
    let names: Vec<(&str, &str, &str)> = sessions
        .iter()
        .map(|s| (s.name.as_str(), s.branch.as_str(), s.state.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("run-shop-1", "main", "stopped"),
            ("run-shop-2", "kept", "stopped")
        ],
        "{sessions:?}"
    );
    resumes_on(&daemon, "run-shop-2", "kept").await;
    let log = daemon.log_text();
    assert!(
        !log.lines().any(|line| line.contains(" ERROR ")),
        "relayd logged errors after the restore:\n{log}"
    );
}

#[tokio::test]
async fn relay_session_attach_types_and_detaches_with_the_prefix_key() {
    let (daemon, _checkout) = daemon().await;
    let mut child = tokio::process::Command::from(daemon.relay())
        .args(["session", "attach", "run-shop-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"echo cli-$((2+3))\n").await.unwrap();
    let mut seen = Vec::new();
    tokio::time::timeout(WAIT_TIMEOUT, async {
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&seen).contains("cli-5") {
            let n = stdout.read(&mut buf).await.unwrap();
            assert!(n > 0, "attach ended early: {:?}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
    })
    .await
    .expect("the echo through relay session attach");
    stdin.write_all(b"\x02d").await.unwrap();
    let out = tokio::time::timeout(WAIT_TIMEOUT, child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("detached from run-shop-1; it goes on running"));
    // Still running.
    let show = run(daemon.relay().args(["session", "show", "run-shop-1", "--json"])).await;
    assert!(show.stdout.contains("\"state\": \"running\""), "{show}");
}

/// A bare repository served over loopback HTTP (git's smart protocol through `git http-backend`,
/// `tests/git/smart_http.py`): what the clone tests reach with `git_allow_private_addresses` and http allowed.
struct Remote {
    server: std::process::Child,
    port: u16,
}

impl Drop for Remote {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

fn remote(root: &Path) -> Remote {
    let source = repo(root);
    let served = root.join("served");
    std::fs::create_dir_all(&served).unwrap();
    git(
        root,
        &[
            "clone",
            "-q",
            "--bare",
            source.to_str().unwrap(),
            served.join("shop.git").to_str().unwrap(),
        ],
    );
    git(&served.join("shop.git"), &["update-server-info"]);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("git/smart_http.py");
    let server = std::process::Command::new("python3")
        .arg(script)
        .arg(&served)
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Remote { server, port }
}

#[tokio::test]
async fn a_project_cloned_from_a_url_gets_its_first_session_in_its_own_clone() {
    let config = format!(
        "git_allowed_protocols = [\"https\", \"http\"]\ngit_allow_private_addresses = true\n{CONFIG}"
    );
    let daemon = TestDaemon::builder().config(&config).start().await;
    let remote = remote(daemon.home().scratch());
    let url = format!("http://127.0.0.1:{}/shop.git", remote.port);
    let added = run(daemon.relay().args(["project", "add", &url, "--json"])).await;
    added.assert_success();
    let answer: serde_json::Value = serde_json::from_str(&added.stdout).unwrap();
    assert_eq!(answer["project"]["slug"], "shop");
    assert_eq!(answer["project"]["state"], "cloning");
    // The clone runs in the background; the first session follows it.
    let mut first = None;
    for _ in 0..200 {
        let sessions = daemon
            .client()
            .await
            .runner
            .list_runner_sessions(ListRunnerSessionsRequest {
                project: None,
                with_deleted: false,
            })
            .await
            .unwrap()
            .into_inner()
            .sessions;
        if let Some(session) = sessions.into_iter().find(|s| s.state == "running") {
            first = Some(session);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let first = first.expect("the cloned project's first session runs");
    assert_eq!(first.branch, "main");
    assert!(first.workspace.contains("/projects/shop/sessions/"), "{first:?}");
    assert!(Path::new(&first.workspace).join(".git").is_dir(), "its own clone");
    assert!(Path::new(&first.workspace).join("README").is_file());
    // A second session gets another clone on its branch; the last one cannot be removed.
    let second =
        run(daemon
            .relay()
            .args(["session", "new", "-p", "shop", "--branch", "feature/x", "--json"]))
        .await;
    second.assert_success();
    let second: serde_json::Value = serde_json::from_str(&second.stdout).unwrap();
    assert_ne!(second["workspace"], first.workspace.as_str());
    run(daemon
        .relay()
        .args(["session", "stop", second["name"].as_str().unwrap()]))
    .await
    .assert_success();
    run(daemon
        .relay()
        .args(["session", "rm", second["name"].as_str().unwrap()]))
    .await
    .assert_success();
    run(daemon.relay().args(["session", "stop", &first.name]))
        .await
        .assert_success();
    let last = run(daemon.relay().args(["session", "rm", &first.name])).await;
    last.assert_code(1);
    assert!(last.stderr.contains("last session"), "{last}");

    // A URL that is not a repository: the project fails with git's words, and no session starts.
    let missing = format!("http://127.0.0.1:{}/nothing.git", remote.port);
    run(daemon
        .relay()
        .args(["project", "add", &missing, "--slug", "ghost"]))
    .await
    .assert_success();
    let mut failed = None;
    for _ in 0..200 {
        let projects = daemon
            .client()
            .await
            .runner
            .list_runner_projects(relay_core::proto::ListRunnerProjectsRequest {})
            .await
            .unwrap()
            .into_inner()
            .projects;
        if let Some(project) = projects
            .into_iter()
            .find(|p| p.slug == "ghost" && p.state == "failed")
        {
            failed = Some(project);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let failed = failed.expect("the clone of a missing repository fails");
    assert!(failed.error.unwrap_or_default().starts_with("Clone failed: "));
    let refused = run(daemon
        .relay()
        .args(["session", "new", "-p", "ghost", "--branch", "x"]))
    .await;
    refused.assert_code(1);
    assert!(refused.stderr.contains("has no clone: Clone failed"), "{refused}");
    // Only a failed clone is retried: shop is ready.
    let ready = run(daemon.relay().args(["project", "retry", "shop"])).await;
    ready.assert_code(1);
    assert!(ready.stderr.contains("shop is ready, not failed"), "{ready}");

    // The repository appears; retry clones it and the project gets its first session.
    git(
        daemon.home().scratch(),
        &[
            "clone",
            "-q",
            "--bare",
            daemon.home().scratch().join("served/shop.git").to_str().unwrap(),
            daemon
                .home()
                .scratch()
                .join("served/nothing.git")
                .to_str()
                .unwrap(),
        ],
    );
    let retried = run(daemon.relay().args(["project", "retry", "ghost", "--json"])).await;
    retried.assert_success();
    let retried: serde_json::Value = serde_json::from_str(&retried.stdout).unwrap();
    assert_eq!(retried["state"], "cloning", "{retried}");
    let mut ghost_session = None;
    for _ in 0..200 {
        let sessions = daemon
            .client()
            .await
            .runner
            .list_runner_sessions(ListRunnerSessionsRequest {
                project: Some("ghost".into()),
                with_deleted: false,
            })
            .await
            .unwrap()
            .into_inner()
            .sessions;
        if let Some(session) = sessions.into_iter().find(|s| s.state == "running") {
            ghost_session = Some(session);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ghost_session.expect("the retried clone's first session runs");

    // Both clones reported git's progress as events, a few per clone (not one per line git printed).
    let events = run(daemon.relay().args(["events", "--json"])).await;
    events.assert_success();
    let progress: Vec<serde_json::Value> = events
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["kind"] == "runner.clone_progressed")
        .collect();
    for project in ["shop", "ghost"] {
        let phases: Vec<&str> = progress
            .iter()
            .filter(|e| e["subject"] == project)
            .filter_map(|e| e["data"]["phase"].as_str())
            .collect();
        assert!(phases.contains(&"Receiving objects"), "{project}: {phases:?}");
        assert!(phases.len() < 20, "{project}: {phases:?}");
    }

    // Removing a cloned project stops its session and deletes its clone; its board stays.
    let folder = daemon.home().data_dir().path().join("projects").join("ghost");
    assert!(folder.join("repo").exists());
    let removed = run(daemon.relay().args(["project", "rm", "ghost"])).await;
    removed.assert_success();
    assert!(
        removed.stdout.contains("ghost no longer runs sessions")
            && removed.stdout.contains("its clone is deleted"),
        "{removed}"
    );
    assert!(!folder.exists(), "{} is deleted", folder.display());
    let board = run(daemon.relay().args(["project", "show", "ghost"])).await;
    board.assert_success();
    let again = run(daemon.relay().args(["project", "rm", "ghost"])).await;
    again.assert_code(4);
    assert!(again.stderr.contains("ghost runs no sessions"), "{again}");
}

#[tokio::test]
async fn five_sessions_created_at_once_all_start_without_a_busy_database() {
    let config = format!("max_sessions_per_project = 10\n{CONFIG}");
    let daemon = TestDaemon::builder().config(&config).start().await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let creations = (1..=5).map(|n| {
        let mut command = daemon.relay();
        command.args(["session", "new", "--branch", &format!("side-{n}"), "--json"]);
        async move { run(&mut command).await }
    });
    let outputs: Vec<_> = futures_join(creations).await;
    let mut names = Vec::new();
    for out in &outputs {
        out.assert_success();
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(json["state"], "running", "{out}");
        names.push(json["name"].as_str().unwrap().to_owned());
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 5, "five distinct sessions: {names:?}");
    let log = daemon.log_text();
    assert!(
        !log.contains("SQLITE_BUSY") && !log.contains("database is locked"),
        "no busy database in relayd's log:\n{log}"
    );
}

/// Runs the futures at once on this task and answers their outputs in order.
async fn futures_join<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let pinned: Vec<_> = futures.map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = pinned.iter().map(|_| None).collect();
    let mut pending: Vec<_> = pinned.into_iter().enumerate().collect();
    std::future::poll_fn(|cx| {
        pending.retain_mut(|(index, future)| match future.as_mut().poll(cx) {
            std::task::Poll::Ready(out) => {
                outputs[*index] = Some(out);
                false
            }
            std::task::Poll::Pending => true,
        });
        if pending.is_empty() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
    outputs.into_iter().map(|o| o.unwrap()).collect()
}

#[tokio::test]
async fn relay_daemon_status_reads_the_runner_s_metrics() {
    let (daemon, _checkout) = daemon().await;
    let mut term = attach(&daemon, "run-shop-1", false, 24, 80).await;
    term.keys("echo metrics-$((8*8))\n").await;
    term.until("metrics-64").await;
    let out = run(daemon.relay().args(["daemon", "status", "--json"])).await;
    out.assert_success();
    let status: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let runner = &status["runner"];
    assert_eq!(runner["sessions_active"], 1, "{out}");
    assert_eq!(runner["sessions_created"], 1, "{out}");
    assert!(runner["terminal_input_bytes"].as_u64().unwrap() >= 22, "{out}");
    assert!(runner["terminal_output_bytes"].as_u64().unwrap() > 0, "{out}");
    assert!(
        runner["terminal_latency"]["samples"].as_u64().unwrap() >= 1,
        "{out}"
    );
    assert_eq!(runner["session_ready_local"]["samples"], 1, "{out}");
    assert!(
        runner["session_ready_local"]["p50_ms"].as_f64().unwrap() > 0.0,
        "{out}"
    );
    assert!(runner["free_disk_mb"].as_u64().unwrap() > 0, "{out}");
    let text = run(daemon.relay().args(["daemon", "status"])).await;
    assert!(
        text.stdout.contains("runner    1 running, 1 created since start"),
        "{text}"
    );
}

#[tokio::test]
async fn a_sandboxed_local_session_writes_only_its_workspace_and_commits_on_its_branch() {
    let config = format!("local_sandbox = true\n{CONFIG}");
    let daemon = TestDaemon::builder().config(&config).start().await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let out = run(daemon
        .relay()
        .args(["session", "new", "--branch", "boxed", "--json"]))
    .await;
    out.assert_success();
    let session: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let workspace = PathBuf::from(session["workspace"].as_str().unwrap());
    let mut term = attach(&daemon, "run-shop-2", false, 24, 80).await;
    let outside = checkout.join("from-sandbox.txt");
    term.keys(&format!(
        "echo inside > mine.txt && echo wrote-$((1+1)); echo x > {}; touch /etc/relay-sandbox-probe || echo refused-$((2+2)); git add mine.txt && git -c user.name=a -c user.email=a@b commit -q -m boxed && echo committed-$((3+3)); echo y > {}/hooks/post-commit || echo hooks-$((4+4))\n",
        outside.display(),
        checkout.join(".git").display()
    ))
    .await;
    term.until("committed-6").await;
    term.until("hooks-8").await;
    assert!(String::from_utf8_lossy(&term.seen).contains("wrote-2"));
    assert!(String::from_utf8_lossy(&term.seen).contains("refused-4"));
    assert!(workspace.join("mine.txt").exists());
    assert!(!outside.exists(), "nothing outside the workspace was written");
    assert!(!Path::new("/etc/relay-sandbox-probe").exists());
    assert!(!checkout.join(".git/hooks/post-commit").exists());
    let log = std::process::Command::new("git")
        .args(["log", "--format=%s", "-1", "boxed"])
        .current_dir(&checkout)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&log.stdout).trim(), "boxed");
}

#[tokio::test]
async fn a_sandboxed_session_without_bubblewrap_fails_saying_what_to_install() {
    let config = format!("local_sandbox = true\n{CONFIG}");
    let bin = tempfile::tempdir().unwrap();
    let git = String::from_utf8(
        std::process::Command::new("sh")
            .args(["-c", "command -v git"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    std::os::unix::fs::symlink(git.trim(), bin.path().join("git")).unwrap();
    let daemon = TestDaemon::builder()
        .config(&config)
        .env("PATH", bin.path().to_str().unwrap())
        .start()
        .await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let out = run(daemon.relay().args(["session", "new", "--branch", "nobox"])).await;
    assert_eq!(out.code, Some(1), "{out}");
    assert!(
        out.stderr.contains("bubblewrap (bwrap) is not on relayd's PATH"),
        "{out}"
    );
    assert!(out.stderr.contains("apt install bubblewrap"), "{out}");
}
