//! `relay inbox` against a real relayd: the empty inbox, and groups filling as the board changes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use relay_tests::{TestDaemon, run};
use serde_json::Value;

#[tokio::test]
async fn inbox_says_nothing_needs_you_then_lists_what_does() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let empty = run(home.relay().arg("inbox")).await;
    empty.assert_success();
    assert_eq!(empty.stdout.trim(), "Nothing needs you right now.");

    run(home.relay().args(["project", "upsert", "shop"]))
        .await
        .assert_success();
    run(home.relay().args([
        "task",
        "create",
        "-p",
        "shop",
        "Pick a colour",
        "--set",
        "waiting_on=Me",
    ]))
    .await
    .assert_success();
    run(home
        .relay()
        .args(["task", "create", "-p", "shop", "Ship", "--set", "stage=test"]))
    .await
    .assert_success();

    let text = run(home.relay().arg("inbox")).await;
    text.assert_success();
    assert!(text.stdout.starts_with("Needs you: 1\n"), "{text}");
    assert!(
        text.stdout
            .contains("Waiting on you (1)\n  shop-1  Pick a colour  [plan]  (waiting on Me)"),
        "{text}"
    );

    let json = run(home.relay().args(["inbox", "--json"])).await;
    json.assert_success();
    let inbox: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(inbox["total"], 1);
    assert_eq!(inbox["waiting_on_you"][0]["key"], "shop-1");
    assert_eq!(
        inbox["review_queue"].as_array().unwrap().len(),
        0,
        "no checklist yet"
    );
    assert_eq!(
        inbox["rule_warnings"].as_array().unwrap().len(),
        0,
        "created in test: no move, no warning"
    );
    assert_eq!(inbox["agent_replies"], serde_json::json!([]));
}
