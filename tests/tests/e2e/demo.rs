//! `relay demo --home DIR [--force]`: the seeded workspace as a client sees it, the refusals, and --force.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use relay_tests::{TestDaemon, TestHome, relay_command, run};
use serde_json::Value;

#[tokio::test]
async fn demo_seeds_a_living_board_that_a_daemon_then_serves() {
    let home = TestHome::new();
    let seeded = run(home.relay().arg("demo")).await;
    seeded.assert_success();
    assert!(seeded.stdout.contains("2 projects, 11 tasks"), "{seeded}");
    assert!(!home.path().join("token").exists(), "the demo creates no token");
    // Private like relayd's own database: only the user reads the board.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(home.path().join("relay.sqlite"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "relay.sqlite is {:o}", mode & 0o777);

    // A second run refuses to overwrite the board; --force keeps the old one aside.
    let again = run(home.relay().arg("demo")).await;
    again.assert_code(1);
    assert!(again.stderr.contains("--force"), "{again}");
    let forced = run(home.relay().args(["demo", "--force"])).await;
    forced.assert_success();
    assert!(
        forced.stdout.contains("Kept the old database aside as"),
        "{forced}"
    );

    let daemon = TestDaemon::start_in(home).await;
    let inbox = run(daemon.relay().args(["inbox", "--json"])).await;
    inbox.assert_success();
    let inbox: Value = serde_json::from_str(&inbox.stdout).unwrap();
    let review = &inbox["review_queue"][0];
    assert_eq!(review["title"], "Login with two-factor authentication");
    assert_eq!(
        (review["steps"].as_u64(), review["accepted"].as_u64()),
        (Some(3), Some(0))
    );
    assert!(!inbox["waiting_on_you"].as_array().unwrap().is_empty(), "{inbox}");

    let projects = run(daemon.relay().args(["project", "list", "--json"])).await;
    projects.assert_success();
    assert!(projects.stdout.contains("acme-shop") && projects.stdout.contains("demo-api"));
}

#[tokio::test]
async fn demo_needs_an_explicit_home() {
    let output = run(relay_command().arg("demo")).await;
    output.assert_code(2);
    assert!(output.stderr.contains("--home"), "{output}");
}
