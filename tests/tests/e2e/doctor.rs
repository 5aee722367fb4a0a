//! `relay doctor` against a healthy daemon and against none. Its first six items are relay's own; the Claude Code
//! items after them are tested with a Claude Code home in setup.rs; here they read an empty scratch folder, never
//! the real home.

use relay_tests::{TestDaemon, run};

const CHECKS: [&str; 6] = ["data dir", "token", "daemon", "socket", "http", "store"];

#[tokio::test]
async fn doctor_prints_six_ok_lines_when_the_daemon_is_healthy() {
    let daemon = TestDaemon::start().await;
    let doctor = run(daemon
        .relay()
        .arg("doctor")
        .arg("--claude-home")
        .arg(daemon.home().scratch()))
    .await;
    let lines: Vec<&str> = doctor.stdout.lines().take(CHECKS.len()).collect();
    assert_eq!(lines.len(), 6, "{doctor}");
    for (line, check) in lines.iter().zip(CHECKS) {
        assert!(line.starts_with("[ok]"), "{doctor}");
        assert!(line[4..].trim_start().starts_with(check), "{check} in {line:?}");
    }
    assert!(
        doctor.stdout.contains(&format!("pid {}", daemon.pid())),
        "{doctor}"
    );
}

#[tokio::test]
async fn doctor_json_lists_six_passing_checks_when_the_daemon_is_healthy() {
    let daemon = TestDaemon::start().await;
    let doctor = run(daemon
        .relay()
        .args(["doctor", "--json"])
        .arg("--claude-home")
        .arg(daemon.home().scratch()))
    .await;
    let checks: serde_json::Value =
        serde_json::from_str(&doctor.stdout).unwrap_or_else(|e| panic!("{e}: {doctor}"));
    let checks = checks.as_array().unwrap_or_else(|| panic!("an array: {doctor}"));
    let checks = &checks[..CHECKS.len().min(checks.len())];
    let names: Vec<&str> = checks.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, CHECKS);
    assert!(
        checks.iter().all(|c| c["ok"] == true && c["detail"].is_string()),
        "{doctor}"
    );
}

#[tokio::test]
async fn doctor_fails_the_socket_check_when_a_killed_daemon_left_its_socket() {
    let home = TestDaemon::start().await.crash();
    assert!(home.socket().exists(), "kill -9 leaves the socket file");
    let doctor = run(home
        .relay()
        .arg("doctor")
        .arg("--claude-home")
        .arg(home.scratch()))
    .await;
    doctor.assert_code(1);
    assert!(
        doctor
            .stdout
            .lines()
            .any(|l| l.starts_with("[FAIL] socket") && l.contains("stale")),
        "{doctor}"
    );
}

#[tokio::test]
async fn doctor_fails_the_daemon_check_and_starts_nothing_when_no_daemon_runs() {
    let home = TestDaemon::start().await.stop().await;
    let doctor = run(home
        .relay()
        .arg("doctor")
        .arg("--claude-home")
        .arg(home.scratch()))
    .await;
    doctor.assert_code(1);
    assert!(
        doctor.stdout.lines().any(|l| l.starts_with("[FAIL] daemon")),
        "{doctor}"
    );
    assert!(
        doctor.stdout.lines().any(|l| l.starts_with("[ok]   store")),
        "the stopped store is fine: {doctor}"
    );
    assert!(doctor.stderr.starts_with("relay: error: "), "{doctor}");
    assert!(
        !home.is_locked() && !home.socket().exists(),
        "doctor reports; it never starts relayd"
    );
}

#[tokio::test]
async fn doctor_fails_the_store_check_when_others_can_read_the_database() {
    use std::os::unix::fs::PermissionsExt;
    let daemon = TestDaemon::start().await;
    let db = daemon.home().path().join("relay.sqlite");
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let doctor = run(daemon
        .relay()
        .arg("doctor")
        .arg("--claude-home")
        .arg(daemon.home().scratch()))
    .await;
    doctor.assert_code(1);
    let line = doctor
        .stdout
        .lines()
        .find(|l| l.starts_with("[FAIL] store"))
        .unwrap_or_else(|| panic!("{doctor}"));
    assert!(line.contains("mode 644") && line.contains("chmod 600"), "{line}");
}
