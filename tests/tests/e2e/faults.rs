//! Starting relayd in a hostile or broken environment: every refusal names its cause and what to do.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use relay_tests::{TestDaemon, TestHome, run, run_as, unprivileged_user};

use crate::assert_refused_start;

#[tokio::test]
async fn second_daemon_is_refused_naming_the_first_pid_when_the_data_dir_is_taken() {
    let daemon = TestDaemon::start().await;
    let second = run(daemon.relay().args(["daemon", "run"])).await;
    second.assert_code(1);
    assert_eq!(
        second.stderr,
        format!(
            "relay: error: another relayd (pid {}) is already running on {}; stop it with `relay daemon stop` or use another --home\n",
            daemon.pid(),
            daemon.home().path().display()
        ),
        "{second}"
    );
    let status = daemon.get_status().await;
    assert_eq!(status.pid, daemon.pid(), "the first daemon still answers");
    assert!(
        daemon.socket().exists(),
        "the refused second daemon left the first's socket alone"
    );
}

/// `sockaddr_un` holds 107 bytes of path (and a NUL).
const MAX_SOCKET_PATH: usize = 107;

/// A path of exactly `len` bytes in `dir`.
fn path_of_len(dir: &Path, len: usize) -> PathBuf {
    let prefix = dir.join("s");
    let pad = len
        .checked_sub(prefix.as_os_str().len())
        .unwrap_or_else(|| panic!("{} is already longer than {len} bytes", prefix.display()));
    let path = PathBuf::from(format!("{}{}", prefix.display(), "x".repeat(pad)));
    assert_eq!(path.as_os_str().len(), len);
    path
}

#[tokio::test]
async fn start_is_refused_naming_the_limit_when_the_socket_path_is_longer_than_107_bytes() {
    let home = TestHome::new();
    let long = path_of_len(home.scratch(), MAX_SOCKET_PATH + 1);
    let output = run(home.relay().arg("--socket").arg(&long).args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert_eq!(
        output.stderr,
        format!(
            "relay: error: socket {}: the path is 108 bytes long, more than the 107 a socket path may have; choose a shorter one with --socket or RELAY_SOCKET\n",
            long.display()
        ),
        "{output}"
    );
    assert!(!long.exists(), "nothing was created at {}", long.display());

    // 107 bytes is allowed: the daemon serves on it.
    let longest = path_of_len(home.scratch(), MAX_SOCKET_PATH);
    let started = run(home
        .relay()
        .arg("--socket")
        .arg(&longest)
        .args(["daemon", "start"]))
    .await;
    started.assert_success();
    assert!(
        started.stdout.contains(&format!("socket {})", longest.display())),
        "{started}"
    );
    run(home
        .relay()
        .arg("--socket")
        .arg(&longest)
        .args(["daemon", "stop"]))
    .await
    .assert_success();
    assert!(!longest.exists(), "the daemon removed its socket when it stopped");
}

#[tokio::test]
async fn start_is_refused_without_touching_the_socket_when_another_daemon_answers_on_it() {
    let first = TestDaemon::start().await;
    let theirs = first.socket();
    let home = TestHome::new();
    let output = run(home.relay().arg("--socket").arg(&theirs).args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert_eq!(
        output.stderr,
        format!(
            "relay: error: socket {}: another relayd (of another data directory) answers on this socket; give this one its own with --socket\n",
            theirs.display()
        ),
        "{output}"
    );
    assert!(theirs.exists(), "the live socket is never stolen");
    assert_eq!(
        first.get_status().await.pid,
        first.pid(),
        "the first daemon still answers on its socket"
    );
}

#[tokio::test]
async fn stale_socket_is_replaced_when_a_crashed_daemon_left_it() {
    let home = TestHome::new();
    let socket = home.socket();
    std::fs::create_dir_all(socket.parent().expect("the socket has a folder")).expect("create <home>/run");
    drop(std::os::unix::net::UnixListener::bind(&socket).expect("bind a socket nobody will serve"));
    assert!(
        socket.exists(),
        "dropping a listener leaves its file, like a crash does"
    );

    let daemon = TestDaemon::start_in(home).await;
    assert_eq!(
        daemon.get_status().await.socket_path,
        socket.display().to_string()
    );
    daemon.home().wait_for_log("replacing a stale socket").await;
}

/// SPEC §3's words for a port another program holds.
fn port_in_use(port: u16) -> String {
    format!(
        "port {port} on 127.0.0.1 is already in use by another program; choose another with --port, RELAY_PORT or `port` in config.toml"
    )
}

#[tokio::test]
async fn start_fails_naming_the_port_and_the_flag_when_the_port_is_in_use() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    let port = taken.local_addr().expect("its address").port();
    let home = TestHome::new();
    let output = run(home.relay_on_port(port).args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert_eq!(
        output.stderr,
        format!("relay: error: {}\n", port_in_use(port)),
        "{output}"
    );
    drop(taken);
}

#[tokio::test]
async fn command_shows_the_daemons_own_error_when_the_start_on_demand_fails() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    let port = taken.local_addr().expect("its address").port();
    let home = TestHome::new();
    let output = run(home.relay_on_port(port).args(["project", "list"])).await;
    output.assert_code(1);
    assert_eq!(
        output.stderr,
        format!("relay: error: relayd could not start: {}\n", port_in_use(port)),
        "{output}"
    );
    assert_eq!(output.stdout, "", "{output}");
    assert!(!home.is_locked(), "no daemon was left behind");
    drop(taken);
}

#[tokio::test]
async fn start_fails_naming_the_key_and_file_when_a_config_value_is_invalid() {
    let home = TestHome::new();
    home.write_config("port = \"eighty\"\n");
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(output.stderr.contains("`port`"), "{output}");
    assert!(
        output.stderr.contains(&home.config().display().to_string()),
        "{output}"
    );
    assert!(output.stderr.contains("\"eighty\""), "{output}");
}

#[tokio::test]
async fn start_fails_naming_the_file_when_the_config_is_not_toml() {
    let home = TestHome::new();
    home.write_config("port = = 3\n");
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(
        output.stderr.contains(&home.config().display().to_string()),
        "{output}"
    );
    assert!(output.stderr.contains("not valid TOML"), "{output}");
}

#[tokio::test]
async fn start_fails_naming_the_key_when_the_config_has_an_unknown_key() {
    let home = TestHome::new();
    home.write_config("prot = 8080\n");
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(output.stderr.contains("`prot`"), "{output}");
    assert!(
        output.stderr.contains(&home.config().display().to_string()),
        "{output}"
    );
    assert!(output.stderr.contains("known keys: port"), "{output}");
}

#[tokio::test]
async fn start_fails_naming_the_file_and_the_layers_errors_when_policy_json_is_broken() {
    let home = TestHome::new();
    let path = home.path().join("policy.json");
    std::fs::write(
        &path,
        r#"{"guard": {"mode": "loud", "patterns": [{"id": "twice", "change": "(a)\\1"}]}, "levls": {}}"#,
    )
    .unwrap();
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(
        output
            .stderr
            .contains("policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"),
        "{output}"
    );
    assert!(output.stderr.contains("levls"), "every problem at once: {output}");
    assert!(output.stderr.contains(&path.display().to_string()), "{output}");
    // The file is left as it was, for its owner to fix.
    assert!(std::fs::read_to_string(&path).unwrap().contains("loud"));
    // Fixed, relayd starts and serves it.
    std::fs::write(&path, r#"{"guard": {"mode": "block"}}"#).unwrap();
    let daemon = relay_tests::TestDaemon::start_in(home).await;
    let shown = run(daemon.relay().args(["policy", "show"])).await;
    shown.assert_success();
    assert!(
        shown.stdout.contains(r#"- guard.mode = "block" (global)"#),
        "{shown}"
    );
}

#[tokio::test]
async fn start_fails_naming_the_rules_key_when_the_rules_table_is_invalid() {
    let home = TestHome::new();
    home.write_config("[rules.stage_requirements]\ntset = []\n");
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(
        output.stderr.contains("`rules.stage_requirements.tset`"),
        "{output}"
    );
    assert!(output.stderr.contains("unknown stage"), "{output}");
}

#[tokio::test]
async fn start_fails_naming_the_file_when_the_config_cannot_be_read() {
    // A directory where config.toml should be: reading fails for every user, root included.
    let home = TestHome::new();
    std::fs::create_dir(home.config()).expect("create a directory named config.toml");
    let output = run(home.relay().args(["daemon", "run"])).await;
    assert_refused_start(&home, &output);
    assert!(
        output
            .stderr
            .contains(&format!("cannot read {}", home.config().display())),
        "{output}"
    );
}

#[tokio::test]
async fn start_fails_naming_the_file_when_the_config_has_no_read_permission() {
    // Run by an unprivileged user (nobody when the tests run as root, as in CI): root would read a mode-000 file.
    let home = TestHome::new();
    home.write_config("port = 0\n");
    std::fs::set_permissions(home.config(), std::fs::Permissions::from_mode(0o000)).expect("chmod 000");
    let user = unprivileged_user();
    let mut relay = home.hand_over(user);
    let output = run_as(relay.args(["daemon", "run"]), user).await;
    assert_refused_start(&home, &output);
    assert!(
        output.stderr.contains(&format!(
            "cannot read {}: Permission denied",
            home.config().display()
        )),
        "{output}"
    );
}

#[tokio::test]
async fn daemon_warns_and_doctor_fails_when_the_token_file_is_readable_by_others() {
    let home = TestHome::new();
    run(home.relay().arg("token")).await.assert_success();
    let token_path = home.data_dir().token();
    std::fs::set_permissions(&token_path, std::fs::Permissions::from_mode(0o644)).expect("chmod 644");

    let daemon = TestDaemon::start_in(home).await;
    let log = daemon
        .home()
        .wait_for_log("the token file is readable by other users")
        .await;
    assert!(
        log.contains("WARN"),
        "the token file is reported as a warning:\n{log}"
    );

    // Claude Code's items (tested in setup.rs) look at a scratch home, never the real one.
    let claude_home = daemon.home().scratch().to_path_buf();
    let doctor = run(daemon
        .relay()
        .arg("doctor")
        .arg("--claude-home")
        .arg(&claude_home))
    .await;
    doctor.assert_code(1);
    let failures: Vec<&str> = doctor
        .stdout
        .lines()
        .filter(|line| line.starts_with("[FAIL]") && !line.starts_with("[FAIL] claude"))
        .collect();
    assert_eq!(failures.len(), 1, "only the token check fails: {doctor}");
    assert!(failures[0].starts_with("[FAIL] token"), "{doctor}");
    assert!(
        failures[0].contains("644") && failures[0].contains("chmod 600"),
        "{doctor}"
    );
}
