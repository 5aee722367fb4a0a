//! The real agents — Claude Code and Codex CLI binaries, provisioned by `tests/run` at pinned versions — driven
//! by a scripted model (`relay_tests::model`) against a real relayd, with relay's hooks as `relay setup --apply`
//! writes them. A missing binary fails these tests with how to provision it (`tests/run`); nothing downloads here.

mod claude;
mod codex;
mod copilot;
mod journey;

use std::time::Instant;

use relay_tests::{TestDaemon, TestHome, WAIT_TIMEOUT, run};
use serde_json::Value;

async fn task_json(daemon: &TestDaemon, key: &str) -> Value {
    let output = run(daemon.relay().args(["task", "show", key, "--json"])).await;
    output.assert_success();
    serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {output}"))
}

/// `relay comment list <key> --json`.
async fn comments(daemon: &TestDaemon, key: &str) -> Vec<Value> {
    let output = run(daemon.relay().args(["comment", "list", key, "--json"])).await;
    output.assert_success();
    let value: Value =
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {output}"));
    match value {
        Value::Array(items) => items,
        Value::Object(ref fields) => fields
            .get("comments")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_else(|| panic!("no comments in {value}")),
        other => panic!("unexpected comment list: {other}"),
    }
}

/// `(path, holder's agent label)` of every held lock.
async fn held_locks(home: &TestHome) -> Vec<(String, String)> {
    let output = run(home.relay().args(["locks", "--json"])).await;
    output.assert_success();
    let locks: Value =
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {output}"));
    locks["locks"]
        .as_array()
        .unwrap_or_else(|| panic!("no locks array: {locks}"))
        .iter()
        .filter(|lock| lock["state"] == "held")
        .map(|lock| {
            (
                lock["path"].as_str().unwrap_or_default().to_owned(),
                lock["holder"]["agent_label"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            )
        })
        .collect()
}

/// Waits (at most [`WAIT_TIMEOUT`]) until some agent holds `path`.
async fn wait_for_lock(home: &TestHome, path: &str) -> Vec<(String, String)> {
    let deadline = Instant::now() + WAIT_TIMEOUT * 6;
    loop {
        let held = held_locks(home).await;
        if held.iter().any(|(p, _)| p == path) {
            return held;
        }
        assert!(
            Instant::now() < deadline,
            "nobody took the lock on {path}; held: {held:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
