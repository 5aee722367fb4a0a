//! Starting, inspecting and stopping relayd through the CLI, and the CLI's own conventions.

use std::net::SocketAddr;

use relay_core::proto::ListEventsRequest;
use relay_tests::{EXIT_TIMEOUT, TestDaemon, TestHome, WAIT_TIMEOUT, relay_command, run};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The number after `(pid ` in `text`.
fn pid_in(text: &str) -> u32 {
    let rest = text
        .split_once("(pid ")
        .unwrap_or_else(|| panic!("no `(pid ` in {text:?}"))
        .1;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|e| panic!("no pid after `(pid ` in {text:?}: {e}"))
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[tokio::test]
async fn status_shows_the_pid_then_exits_3_when_the_daemon_is_started_then_stopped() {
    let home = TestHome::new();

    let started = run(home.relay().args(["daemon", "start"])).await;
    started.assert_success();
    assert!(started.stdout.starts_with("relayd started (pid "), "{started}");
    let pid = pid_in(&started.stdout);
    assert!(home.socket().exists(), "the socket exists while relayd runs");

    let status = run(home.relay().args(["daemon", "status", "--json"])).await;
    status.assert_success();
    let status = json(&status.stdout);
    assert_eq!(status["running"], true, "{status}");
    assert_eq!(status["pid"], pid, "{status}");
    assert_eq!(
        status["socket_path"],
        home.socket().display().to_string(),
        "{status}"
    );
    assert_eq!(status["daemon_version"], relay_core::VERSION, "{status}");

    let stopped = run(home.relay().args(["daemon", "stop"])).await;
    stopped.assert_success();
    assert_eq!(
        stopped.stdout.trim(),
        format!("relayd stopped (pid {pid})"),
        "{stopped}"
    );
    assert!(
        !home.socket().exists(),
        "`daemon stop` leaves no socket file behind"
    );
    assert!(
        !home.is_locked(),
        "the data directory is released once `daemon stop` returns"
    );

    let status = run(home.relay().args(["daemon", "status"])).await;
    status.assert_code(3);
    assert!(
        status.stderr.starts_with("relay: error: relayd is not running"),
        "{status}"
    );

    let status = run(home.relay().args(["daemon", "status", "--json"])).await;
    status.assert_code(3);
    assert_eq!(json(&status.stdout)["running"], false, "{status}");
}

#[tokio::test]
async fn start_reports_the_daemon_when_it_is_already_running() {
    let daemon = TestDaemon::start().await;
    let again = run(daemon.relay().args(["daemon", "start"])).await;
    again.assert_success();
    assert!(again.stdout.starts_with("relayd is already running"), "{again}");
    assert_eq!(pid_in(&again.stdout), daemon.pid(), "{again}");
}

#[tokio::test]
async fn stop_says_so_and_succeeds_when_no_daemon_runs() {
    let home = TestHome::new();
    let stopped = run(home.relay().args(["daemon", "stop"])).await;
    stopped.assert_success();
    assert!(stopped.stdout.starts_with("relayd is not running"), "{stopped}");
}

#[tokio::test]
async fn daemon_run_exits_0_and_removes_the_socket_when_sent_sigterm() {
    let mut daemon = TestDaemon::start().await;
    let socket = daemon.socket();
    assert!(socket.exists());
    daemon.terminate();
    let exit = daemon.wait_exit(EXIT_TIMEOUT).await;
    assert!(
        exit.success(),
        "relayd exited with {exit} on SIGTERM\n{}",
        daemon.log_text()
    );
    assert!(!socket.exists(), "a graceful shutdown removes the socket file");
    assert!(!daemon.home().is_locked());
    let log = daemon.log_text();
    assert!(
        log.contains("SIGTERM received") && log.contains("relayd stopped"),
        "{log}"
    );
}

#[tokio::test]
async fn stop_sends_sigterm_when_the_daemon_holds_the_data_dir_but_does_not_answer() {
    let mut daemon = TestDaemon::start().await;
    // Nobody can reach it on its socket any more, but it holds the data directory.
    std::fs::remove_file(daemon.socket()).unwrap_or_else(|e| panic!("remove the socket: {e}"));
    let stopped = run(daemon.relay().args(["daemon", "stop"])).await;
    stopped.assert_success();
    assert_eq!(
        stopped.stdout,
        format!("relayd stopped (pid {})\n", daemon.pid()),
        "{stopped}"
    );
    assert!(
        !daemon.home().is_locked(),
        "`daemon stop` returns once the data directory is released"
    );
    let exit = daemon.wait_exit(EXIT_TIMEOUT).await;
    assert!(
        exit.success(),
        "relayd exited with {exit} on the fallback's SIGTERM"
    );
    let log = daemon.log_text();
    assert!(
        log.contains("SIGTERM received") && log.contains("relayd stopped"),
        "the daemon shut down gracefully on SIGTERM:\n{log}"
    );
}

/// A `POST /hooks/claude-code` on its own connection with `Expect: 100-continue`, its body held back: once relayd
/// answers `100 Continue` the request is inside its handler, waiting for the body.
async fn request_in_flight(addr: SocketAddr, token: &str, body: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr)
        .await
        .unwrap_or_else(|e| panic!("connect to {addr}: {e}"));
    let head = format!(
        "POST /hooks/claude-code HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nExpect: 100-continue\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .await
        .unwrap_or_else(|e| panic!("send the request's head to {addr}: {e}"));
    let expected = "HTTP/1.1 100 Continue\r\n\r\n";
    let mut interim = vec![0; expected.len()];
    tokio::time::timeout(WAIT_TIMEOUT, stream.read_exact(&mut interim))
        .await
        .unwrap_or_else(|_| panic!("no 100 Continue within {WAIT_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("read the 100 Continue from {addr}: {e}"));
    assert_eq!(String::from_utf8_lossy(&interim), expected);
    stream
}

/// Everything `stream` sends until it closes.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(EXIT_TIMEOUT, stream.read_to_end(&mut answer))
        .await
        .unwrap_or_else(|_| panic!("the connection stayed open for {EXIT_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("read until relayd closes the connection: {e}"));
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn shutdown_lets_in_flight_requests_finish_closes_them_after_5_s_and_records_daemon_stopped() {
    let mut daemon = TestDaemon::start().await;
    let (addr, token, pid) = (daemon.http_addr(), daemon.token(), daemon.pid());
    let body = r#"{"session_id": "cc-drain", "cwd": "/tmp/drain", "hook_event_name": "SessionStart"}"#;
    let mut finishing = request_in_flight(addr, &token, body).await;
    let mut stuck = request_in_flight(addr, &token, body).await;

    daemon.terminate();
    daemon
        .home()
        .wait_for_log("shutting down: no new connections, draining in-flight requests")
        .await;
    // A request in flight when shutdown began still gets its answer.
    finishing.write_all(body.as_bytes()).await.expect("send the body");
    let answer = read_to_close(&mut finishing).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(
        answer.contains("Your relay hook session: cc-drain."),
        "the in-flight request was served: {answer}"
    );
    // One whose body never comes is closed once the drain's 5 s are up, and the daemon goes on shutting down.
    let exit = daemon.wait_exit(EXIT_TIMEOUT).await;
    assert!(exit.success(), "relayd exited with {exit}\n{}", daemon.log_text());
    assert_eq!(
        read_to_close(&mut stuck).await,
        "",
        "the stuck request is closed without an answer"
    );
    let log = daemon.log_text();
    assert!(
        log.contains("in-flight requests did not finish within 5s; closing them"),
        "{log}"
    );

    // daemon.stopped, with its pid, is the last event the stopped daemon wrote.
    let home = daemon.exited_home();
    let restarted = TestDaemon::start_in(home).await;
    let events = restarted
        .client()
        .await
        .board
        .list_events(ListEventsRequest {
            after_event_id: 0,
            limit: None,
            project: None,
        })
        .await
        .expect("ListEvents")
        .into_inner()
        .events;
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
    let [.., stopped, started] = events.as_slice() else {
        panic!("at least two events: {kinds:?}")
    };
    assert_eq!(
        (stopped.kind.as_str(), started.kind.as_str()),
        ("daemon.stopped", "daemon.started"),
        "{kinds:?}"
    );
    let data: serde_json::Value = serde_json::from_str(&stopped.data_json).expect("data_json is JSON");
    assert_eq!(data["pid"], pid, "{stopped:?}");
}

#[tokio::test]
async fn daemon_run_exits_0_and_removes_the_socket_when_sent_sigint() {
    let mut daemon = TestDaemon::start().await;
    let socket = daemon.socket();
    daemon.interrupt();
    let exit = daemon.wait_exit(EXIT_TIMEOUT).await;
    assert!(
        exit.success(),
        "relayd exited with {exit} on SIGINT\n{}",
        daemon.log_text()
    );
    assert!(!socket.exists(), "a graceful shutdown removes the socket file");
}

#[tokio::test]
async fn backup_starts_the_daemon_and_says_so_once_when_it_is_not_running() {
    let home = TestHome::new();
    let first = home.scratch().join("first.sqlite");

    let backup = run(home.relay().arg("backup").arg("--output").arg(&first)).await;
    backup.assert_success();
    let notices: Vec<&str> = backup
        .stderr
        .lines()
        .filter(|line| line.contains("started it"))
        .collect();
    assert_eq!(notices.len(), 1, "exactly one start notice: {backup}");
    assert!(
        notices[0].starts_with("relay: relayd was not running; started it (pid "),
        "{backup}"
    );
    assert!(backup.stdout.starts_with("backup written: "), "{backup}");
    assert!(first.is_file(), "the backup file exists");
    let pid = pid_in(notices[0]);

    let status = run(home.relay().args(["daemon", "status", "--json"])).await;
    status.assert_success();
    assert_eq!(
        json(&status.stdout)["pid"],
        pid,
        "the daemon it started keeps running: {status}"
    );

    let second = home.scratch().join("second.sqlite");
    let again = run(home.relay().arg("backup").arg("--output").arg(&second)).await;
    again.assert_success();
    assert!(
        !again.stderr.contains("started it"),
        "nothing to start the second time: {again}"
    );
    assert!(second.is_file());

    run(home.relay().args(["daemon", "stop"])).await.assert_success();
}

#[tokio::test]
async fn version_is_printed_when_given_the_version_flag() {
    let version = run(relay_command().arg("--version")).await;
    version.assert_success();
    assert_eq!(
        version.stdout.trim(),
        format!("relay {}", relay_core::VERSION),
        "{version}"
    );
}

#[tokio::test]
async fn exit_code_is_2_when_the_command_line_is_wrong() {
    let home = TestHome::new();
    for args in [
        &["--bogus"][..],
        &["daemon", "frobnicate"],
        &["backup"],
        &["--port", "eighty", "doctor"],
    ] {
        let wrong = run(relay_command().arg("--home").arg(home.path()).args(args)).await;
        wrong.assert_code(2);
        assert!(
            wrong.stderr.starts_with("error: "),
            "clap explains the mistake: {wrong}"
        );
    }
    assert!(!home.is_locked(), "a usage error starts nothing");
}

#[tokio::test]
async fn logs_prints_the_last_lines_when_given_n() {
    let daemon = TestDaemon::start().await;
    daemon.home().wait_for_log("relayd is ready").await;
    let logs = run(daemon.relay().args(["daemon", "logs", "-n", "1"])).await;
    logs.assert_success();
    assert_eq!(logs.stdout.lines().count(), 1, "{logs}");
    let all = run(daemon.relay().args(["daemon", "logs", "-n", "1000"])).await;
    all.assert_success();
    assert!(all.stdout.contains("relayd is ready"), "{all}");
    assert!(
        all.stdout.ends_with(&logs.stdout),
        "-n 1 is the last line of the log:\n{all}"
    );
}

#[tokio::test]
async fn token_prints_the_stored_token_and_rotate_replaces_it_when_asked() {
    let home = TestHome::new();
    let token = run(home.relay().arg("token")).await;
    token.assert_success();
    assert_eq!(token.stdout.trim(), home.token(), "{token}");
    assert!(home.token().len() >= 32);

    let rotated = run(home.relay().args(["token", "--rotate"])).await;
    rotated.assert_success();
    assert_eq!(rotated.stdout.trim(), home.token(), "{rotated}");
    assert_ne!(
        rotated.stdout.trim(),
        token.stdout.trim(),
        "--rotate writes a new token"
    );
}

#[tokio::test]
async fn logs_are_daily_files_in_the_home_when_the_home_is_given() {
    let daemon = TestDaemon::start().await;
    daemon.home().wait_for_log("relayd is ready").await;
    let names: Vec<String> = std::fs::read_dir(daemon.home().log_dir())
        .unwrap_or_else(|e| panic!("{}: {e}", daemon.home().log_dir().display()))
        .filter_map(|entry| entry.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let date = names[0]
        .strip_prefix("relayd.")
        .and_then(|rest| rest.strip_suffix(".log"))
        .unwrap_or_else(|| panic!("relayd.YYYY-MM-DD.log, got {names:?}"));
    let shape: String = date
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99", "{names:?}");
    assert_eq!(
        daemon.status().log_dir,
        daemon.home().log_dir().display().to_string()
    );
}

#[tokio::test]
async fn environment_wins_over_config_file_when_both_set_a_key() {
    let daemon = TestDaemon::builder()
        .config("log_format = \"text\"\nlog_level = \"info\"\n")
        .env("RELAY_LOG_FORMAT", "json")
        .start()
        .await;
    let log = daemon.home().wait_for_log("relayd is ready").await;
    for line in log.lines() {
        let parsed: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("RELAY_LOG_FORMAT=json, got ({e}) {line:?}"));
        assert!(parsed["level"].is_string(), "{line}");
    }
}
