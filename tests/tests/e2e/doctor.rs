//! `relay doctor` against a healthy daemon and against none. Its first eleven items are relay's own; the Claude Code
//! items after them are tested with a Claude Code home in setup.rs; here they read an empty scratch folder, never
//! the real home.

use relay_tests::{Output, TestDaemon, TestHome, run};

const CHECKS: [&str; 11] = [
    "data dir",
    "token",
    "daemon",
    "socket",
    "http",
    "store",
    "mcp",
    "hook http",
    "graph",
    "version",
    "config",
];

/// `relay doctor` of `home` with `args`, reading a scratch folder as the Claude Code home.
async fn run_doctor(home: &TestHome, args: &[&str]) -> Output {
    run(home
        .relay()
        .arg("doctor")
        .args(args)
        .arg("--claude-home")
        .arg(home.scratch()))
    .await
}

#[tokio::test]
async fn doctor_prints_its_ok_lines_when_the_daemon_is_healthy() {
    let daemon = TestDaemon::start().await;
    let doctor = run_doctor(daemon.home(), &[]).await;
    let lines: Vec<&str> = doctor.stdout.lines().take(CHECKS.len()).collect();
    assert_eq!(lines.len(), CHECKS.len(), "{doctor}");
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
async fn doctor_json_lists_its_passing_checks_when_the_daemon_is_healthy() {
    let daemon = TestDaemon::start().await;
    let doctor = run_doctor(daemon.home(), &["--json"]).await;
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
    let doctor = run_doctor(&home, &[]).await;
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
    let doctor = run_doctor(&home, &[]).await;
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
    let doctor = run_doctor(daemon.home(), &[]).await;
    doctor.assert_code(1);
    let line = doctor
        .stdout
        .lines()
        .find(|l| l.starts_with("[FAIL] store"))
        .unwrap_or_else(|| panic!("{doctor}"));
    assert!(line.contains("mode 644") && line.contains("chmod 600"), "{line}");
}

#[tokio::test]
async fn doctor_names_the_version_and_the_config_and_says_when_relayd_runs_other_rules() {
    let daemon = TestDaemon::start().await;
    let doctor = run_doctor(daemon.home(), &[]).await;
    let line = |name: &str| {
        doctor
            .stdout
            .lines()
            .find(|l| l[6..].trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} line: {doctor}"))
            .to_owned()
    };
    assert!(line("version").contains(&format!("on {} {}", std::env::consts::OS, std::env::consts::ARCH)));
    assert!(
        line("config").contains("not present: the defaults are in force"),
        "{doctor}"
    );
    // The rules in config.toml change after relayd started: it runs the old ones until restarted.
    std::fs::write(
        daemon.home().path().join("config.toml"),
        "rules_mode = \"strict\"\n",
    )
    .unwrap();
    let doctor = run_doctor(daemon.home(), &[]).await;
    doctor.assert_code(1);
    let http = doctor
        .stdout
        .lines()
        .find(|l| l.starts_with("[FAIL] http"))
        .unwrap_or_else(|| panic!("{doctor}"));
    assert!(http.contains("it needs a restart"), "{http}");
    assert!(doctor.stdout.contains("(read)"), "{doctor}");
}

#[tokio::test]
async fn doctor_skips_claude_code_when_it_is_neither_installed_nor_set_up() {
    let daemon = TestDaemon::start().await;
    // A PATH without Claude Code (the suite's own copy lives elsewhere) and a Claude home without relay's hooks.
    let doctor = run(daemon
        .relay()
        .env("PATH", "/usr/bin:/bin")
        .arg("doctor")
        .arg("--claude-home")
        .arg(daemon.home().scratch()))
    .await;
    assert!(
        doctor
            .stdout
            .lines()
            .any(|l| l.starts_with("[skip] claude") && l.contains("not used here")),
        "{doctor}"
    );
    assert!(
        !doctor.stdout.contains("[FAIL]"),
        "a user without Claude Code gets no failure: {doctor}"
    );
    doctor.assert_success();
}
