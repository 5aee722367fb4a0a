//! The snapshot before a destructive command, measured in-process through the whole hook pipeline
//! (`cargo bench -p relayd --bench undo`; `tests/run` does not run it):
//!
//! - a repository of 10,000 tracked files (100 folders of 100) with 50 of them changed before each call; a Claude
//!   Code PreToolUse of `Bash` `git reset --hard` — recognised, snapshotted (`git rev-parse` beside `git status`,
//!   then one `git fast-import`), recorded with its event, answered; 60 calls; then the git part alone, 60 calls;
//! - the same hook with a non-destructive command (`cargo test --workspace`), 2,000 calls, and the recogniser alone
//!   on that line: the cost every other shell call pays.
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted; every destructive call's answer
//! must name its snapshot.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use relay_core::hook::{Agent, Phase, discards};

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "b")
        .env("GIT_AUTHOR_EMAIL", "b@example.invalid")
        .env("GIT_COMMITTER_NAME", "b")
        .env("GIT_COMMITTER_EMAIL", "b@example.invalid")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn body(root: &Path, command: &str) -> Vec<u8> {
    serde_json::json!({
        "session_id": "bench-session", "cwd": root, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": command},
    })
    .to_string()
    .into_bytes()
}

/// 60 hook calls with a snapshot, then 60 calls of the git part alone, each after changing 50 files.
async fn rounds(handle: &relayd::DaemonHandle, root: &Path) -> (Vec<Duration>, Vec<Duration>) {
    let destructive = body(root, "git reset --hard");
    let mut snapshot = Vec::new();
    for round in 0..60 {
        change(root, round, 0);
        let began = Instant::now();
        let answer = handle
            .handle_hook(Agent::Claude, Phase::PreTool, &destructive)
            .await;
        snapshot.push(began.elapsed());
        assert!(
            answer.stdout.contains("(50 file(s)"),
            "round {round}: {}",
            answer.stdout
        );
        git(root, &["reset", "-q", "--hard"]);
    }
    // The git part alone (`rev-parse` beside `status`, then `fast-import`), on the same kind of changes: what the
    // hook adds on top of it is relayd's (the row, the event, the answer).
    let mut plumbing = Vec::new();
    for round in 0..60 {
        change(root, round, 1);
        let began = Instant::now();
        let outcome = relayd::undo::git::snapshot(root, "bench", "git reset --hard", 50 << 20, round)
            .await
            .unwrap();
        plumbing.push(began.elapsed());
        match outcome {
            relayd::undo::git::Outcome::Taken(taken) => assert_eq!(taken.files.len(), 50),
            other => panic!("round {round}: {other:?}"),
        }
        git(root, &["reset", "-q", "--hard"]);
    }
    (snapshot, plumbing)
}

/// Changes 50 files, one in every other folder (`offset` picks the odd or even ones).
fn change(root: &Path, round: i64, offset: usize) {
    for n in 0..50 {
        let file = root.join(format!("d{:03}/f{:03}.rs", n * 2 + offset, round % 100));
        std::fs::write(file, format!("// changed in round {round}\n")).unwrap();
    }
}

#[tokio::main]
async fn main() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("repo");
    for dir in 0..100 {
        let folder = root.join(format!("d{dir:03}"));
        std::fs::create_dir_all(&folder).unwrap();
        for file in 0..100 {
            std::fs::write(
                folder.join(format!("f{file:03}.rs")),
                format!("// {dir} {file}\nfn f() {{}}\n"),
            )
            .unwrap();
        }
    }
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "10,000 files"]);
    let handle = common::daemon_with(&temp.path().join("home"), |config| {
        config.undo_wait_ms = 60_000;
        config.undo_keep_per_repo = 100_000;
    })
    .await;

    // First as `git add` left it (10,000 loose objects), then packed as a clone or any `git gc` leaves a
    // repository: git reads HEAD's trees faster from a pack.
    let loose = rounds(&handle, &root).await;
    git(&root, &["gc", "-q"]);
    let packed = rounds(&handle, &root).await;
    let harmless = body(&root, "cargo test --workspace");
    let mut plain = Vec::new();
    for _ in 0..2_000 {
        let began = Instant::now();
        let answer = handle.handle_hook(Agent::Claude, Phase::PreTool, &harmless).await;
        plain.push(began.elapsed());
        assert!(!answer.stdout.contains("snapshot"));
    }
    let mut recogniser = Vec::new();
    for _ in 0..10_000 {
        let began = Instant::now();
        let found = discards("cargo test --workspace");
        recogniser.push(began.elapsed());
        assert!(found.is_empty());
    }

    println!("| measurement | samples | p50 | p95 | p99 |");
    println!("|---|---|---|---|---|");
    let row = |name: &str, samples: Vec<Duration>| {
        let n = samples.len();
        let (p50, p95, p99) = common::summary(samples);
        println!(
            "| {name} | {n} | {} | {} | {} |",
            common::ms(p50),
            common::ms(p95),
            common::ms(p99)
        );
    };
    row(
        "hook, `git reset --hard`, 10,000 tracked / 50 changed (snapshot), packed repository",
        packed.0,
    );
    row("`git::snapshot` alone, packed repository", packed.1);
    row(
        "hook, the same, 10,000 loose objects (right after `git add`)",
        loose.0,
    );
    row("`git::snapshot` alone, loose objects", loose.1);
    row("hook, `cargo test --workspace` (no snapshot)", plain);
    row("recogniser alone on `cargo test --workspace`", recogniser);
}
