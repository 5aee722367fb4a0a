//! Snapshots of uncommitted work through the real binaries (docs/SPEC.md §13): `relay hook` before a destructive
//! command, `relay snapshots`, `relay undo` with its refusal, `--force`, `--paths` and `--to`, and relayd down.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use relay_tests::{TestDaemon, TestHome, git, run, run_with_stdin};
use serde_json::{Value, json};

/// A committed repository in the home's scratch folder.
fn repo(home: &TestHome) -> PathBuf {
    let root = home.scratch().join("repo");
    std::fs::create_dir_all(&root).unwrap();
    git(&root, &["init", "-q", "-b", "main"]);
    std::fs::write(root.join("a.txt"), "one\n").unwrap();
    std::fs::write(root.join("b.txt"), "two\n").unwrap();
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "start"]);
    root
}

fn bash(root: &Path, session: &str, command: &str) -> Vec<u8> {
    json!({
        "session_id": session, "cwd": root, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": command},
    })
    .to_string()
    .into_bytes()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[tokio::test]
async fn relay_undo_brings_back_what_another_sessions_reset_discarded() {
    // A loaded test machine may need longer than the 220 ms a hook answer waits for its snapshot by default.
    let daemon = TestDaemon::builder()
        .env("RELAY_UNDO_WAIT_MS", "15000")
        .start()
        .await;
    let home = daemon.home();
    let root = repo(home);
    // Session B's uncommitted work: an edit and a new file.
    std::fs::write(root.join("a.txt"), "B's edit\n").unwrap();
    std::fs::write(root.join("notes.md"), "B's notes\n").unwrap();

    // Session A is about to reset: the hook saves the tree first and lets the command go on.
    let answer = run_with_stdin(
        home.relay().args(["hook", "claude", "pre-tool"]),
        &bash(&root, "cc-a", "git status && git reset --hard && git clean -fd"),
    )
    .await;
    answer.assert_success();
    let said: Value = serde_json::from_str(&answer.stdout).unwrap();
    let context = said["hookSpecificOutput"]["additionalContext"].as_str().unwrap();
    assert!(context.contains("snapshot 1 (2 file(s)"), "{context}");
    assert!(context.contains("`relay undo 1`"), "{context}");
    git(&root, &["reset", "-q", "--hard"]);
    git(&root, &["clean", "-qfd"]);
    assert_eq!(read(&root.join("a.txt")), "one\n");
    assert!(!root.join("notes.md").exists());

    let listed = run(home.relay().args(["snapshots"])).await;
    listed.assert_success();
    assert!(listed.stdout.starts_with("#1  "), "{listed}");
    assert!(listed.stdout.contains("claude:cc-a (Claude Code)"), "{listed}");
    assert!(
        listed.stdout.contains("git reset --hard ; git clean -fd"),
        "{listed}"
    );
    assert!(listed.stdout.contains("2 file(s)"), "{listed}");
    let json = run(home.relay().args(["snapshots", "--json"])).await;
    json.assert_success();
    let json: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["snapshots"][0]["files"], 2);
    assert!(
        json["snapshots"][0]["git_ref"]
            .as_str()
            .unwrap()
            .starts_with("refs/relay/snapshots/")
    );

    // Shown first, then restored.
    let shown = run(home.relay().args(["undo", "1", "--dry-run"])).await;
    shown.assert_success();
    assert!(shown.stdout.contains("restore    a.txt"), "{shown}");
    assert!(shown.stdout.contains("create     notes.md"), "{shown}");
    assert!(shown.stdout.contains("Would write 2 file(s)"), "{shown}");
    assert!(!root.join("notes.md").exists());
    let done = run(home.relay().args(["undo", "1"])).await;
    done.assert_success();
    assert!(
        done.stdout.contains("Restored 2 file(s) of snapshot 1 (claude:cc-a's work, lost to `git reset --hard ; git clean -fd`)"),
        "{done}"
    );
    assert_eq!(read(&root.join("a.txt")), "B's edit\n");
    assert_eq!(read(&root.join("notes.md")), "B's notes\n");

    // A newer change stops it; --force overwrites; --to writes elsewhere.
    std::fs::write(root.join("a.txt"), "newer still\n").unwrap();
    let refused = run(home.relay().args(["undo", "1"])).await;
    assert_ne!(refused.code, Some(0), "{refused}");
    assert!(refused.stdout.contains("NEWER      a.txt"), "{refused}");
    assert!(
        refused
            .stderr
            .contains("nothing was restored: 1 file(s) changed since the snapshot (a.txt)"),
        "{refused}"
    );
    assert_eq!(read(&root.join("a.txt")), "newer still\n");
    let elsewhere = home.scratch().join("recovered");
    let copied = run(home
        .relay()
        .args(["undo", "1", "--paths", "a.txt", "--to"])
        .arg(&elsewhere))
    .await;
    copied.assert_success();
    assert_eq!(read(&elsewhere.join("a.txt")), "B's edit\n");
    assert!(!elsewhere.join("notes.md").exists());
    run(home.relay().args(["undo", "1", "--force"]))
        .await
        .assert_success();
    assert_eq!(read(&root.join("a.txt")), "B's edit\n");

    let missing = run(home.relay().args(["undo", "9"])).await;
    assert_ne!(missing.code, Some(0));
    assert!(missing.stderr.contains("there is no snapshot 9"), "{missing}");

    // The activity the owner reads.
    let events = run(home.relay().args(["events", "--json"])).await;
    assert!(
        events.stdout.contains("snapshot.taken") && events.stdout.contains("snapshot.restored"),
        "{events}"
    );
}

#[tokio::test]
async fn with_relayd_down_a_destructive_command_goes_on() {
    let home = TestHome::new();
    let root = repo(&home);
    std::fs::write(root.join("a.txt"), "work\n").unwrap();
    let answer = run_with_stdin(
        home.relay().args(["hook", "claude", "pre-tool"]),
        &bash(&root, "cc-a", "git reset --hard"),
    )
    .await;
    answer.assert_success();
    assert_eq!(answer.stdout, "", "the allow form: nothing is promised");
    assert!(!home.is_locked(), "relay hook never starts relayd");
}
