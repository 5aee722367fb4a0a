//! The snapshot step through the whole pipeline (`handle_hook`), against real git repositories.

use std::path::Path;

use relay_core::event::{EventKind, Payload, payload};
use relay_core::hook::{Agent, Phase};
use serde_json::json;

use crate::handle::DaemonHandle;
use crate::testing::fixture_with;

/// A handle that waits for its snapshots as long as a loaded test machine needs.
async fn fixture() -> (tempfile::TempDir, DaemonHandle) {
    fixture_with(|config| config.undo_wait_ms = 30_000).await
}
use crate::undo::git::tests::{repo, sh_git};

async fn bash(handle: &DaemonHandle, session: &str, cwd: &Path, command: &str) -> String {
    let body = json!({
        "session_id": session, "cwd": cwd, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": command},
    });
    handle
        .handle_hook(Agent::Claude, Phase::PreTool, body.to_string().as_bytes())
        .await
        .stdout
}

/// The `additionalContext` of a Claude Code answer, or "" for the silent allow.
fn context(stdout: &str) -> String {
    if stdout.is_empty() {
        return String::new();
    }
    let value: serde_json::Value = serde_json::from_str(stdout).unwrap();
    value["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn taken(handle: &DaemonHandle) -> Vec<payload::SnapshotTaken> {
    handle
        .store()
        .events_after(0, 1000)
        .await
        .unwrap()
        .iter()
        .filter_map(|e| payload::SnapshotTaken::from_json(&e.kind, &e.data))
        .collect()
}

fn refs(root: &Path) -> String {
    sh_git(root, &["for-each-ref", "--format=%(refname)", "refs/relay"])
}

#[tokio::test]
async fn a_destructive_command_is_preceded_by_a_snapshot_and_goes_on() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "uncommitted\n").unwrap();
    let stdout = bash(&handle, "cc-a", &root, "cargo fmt && git reset --hard").await;
    let said = context(&stdout);
    assert!(
        said.starts_with(&format!(
            "relay saved the uncommitted work in {} before `git reset --hard`: snapshot 1 (1 file(s),",
            root.display()
        )),
        "{said}"
    );
    assert!(said.contains("`relay undo 1`"), "{said}");
    assert!(!stdout.contains("\"deny\""), "the command goes on: {stdout}");
    let events = taken(&handle).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].command, "git reset --hard");
    assert_eq!(events[0].session, "claude:cc-a");
    assert_eq!(events[0].agent, "Claude Code");
    assert_eq!(events[0].files, 1);
    assert_eq!(refs(&root).lines().count(), 1);
    assert_eq!(
        std::fs::read_to_string(root.join("a.txt")).unwrap(),
        "uncommitted\n"
    );
    let rows = handle.snapshots(None, 10).await.unwrap();
    assert_eq!(rows[0].repo, root.to_string_lossy());
    assert_eq!(rows[0].reason, "command");
}

#[tokio::test]
async fn harmless_commands_cost_nothing_and_say_nothing() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "uncommitted\n").unwrap();
    for command in [
        "cargo test",
        "git reset --soft HEAD",
        "git stash list",
        "echo \"git reset --hard\"",
        "rm -rf /tmp/relay-not-the-repo",
        "rm notes.txt",
        "git checkout no-such-branch-or-file",
    ] {
        let stdout = bash(&handle, "cc-a", &root, command).await;
        assert_eq!(context(&stdout), "", "{command}");
    }
    assert!(taken(&handle).await.is_empty());
    assert_eq!(refs(&root), "");
}

#[tokio::test]
async fn hidden_commands_are_found_in_shells_chains_and_subshells() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    for (n, command) in [
        "bash -c 'git stash'",
        "sh -c \"git checkout -- a.txt\"",
        "git ls-files -m | xargs git checkout --",
        "true && (git clean -fd)",
        "rm -rf src",
    ]
    .iter()
    .enumerate()
    {
        std::fs::write(root.join("a.txt"), format!("change {n}\n")).unwrap();
        let said = context(&bash(&handle, "cc-a", &root, command).await);
        assert!(said.contains(&format!("snapshot {}", n + 1)), "{command}: {said}");
    }
}

#[tokio::test]
async fn a_clean_tree_gets_no_snapshot_and_a_rebase_on_it_says_nothing() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    assert_eq!(
        context(&bash(&handle, "cc-a", &root, "git rebase main").await),
        ""
    );
    assert_eq!(
        context(&bash(&handle, "cc-a", &root, "git merge --abort").await),
        ""
    );
    assert!(taken(&handle).await.is_empty());
}

#[tokio::test]
async fn a_bare_repository_or_a_folder_outside_git_passes_silently() {
    let (_dir, handle) = fixture().await;
    let temp = tempfile::tempdir().unwrap();
    sh_git(temp.path(), &["init", "-q", "--bare", "b.git"]);
    let bare = temp.path().join("b.git");
    assert_eq!(
        context(&bash(&handle, "cc-a", &bare, "git reset --hard").await),
        ""
    );
    assert_eq!(
        context(&bash(&handle, "cc-a", temp.path(), "git clean -fdx").await),
        ""
    );
    assert!(taken(&handle).await.is_empty());
}

#[tokio::test]
async fn a_huge_untracked_file_is_named_in_the_answer() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    let big = std::fs::File::create(root.join("core.dump")).unwrap();
    big.set_len(1024 * 1024 * 1024).unwrap();
    std::fs::write(root.join("a.txt"), "kept\n").unwrap();
    let said = context(&bash(&handle, "cc-a", &root, "git clean -fdx").await);
    assert!(said.contains("snapshot 1 (1 file(s)"), "{said}");
    assert!(
        said.contains(
            "Left out of the snapshot for their size (over 50 MB, `undo_max_file_mb`): core.dump (1024 MB)"
        ),
        "{said}"
    );
}

#[tokio::test]
async fn another_sessions_held_files_are_named_with_its_intent() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    // Session B says what it is doing and claims a file by editing it.
    let prompt = json!({"session_id": "cc-b", "cwd": root, "hook_event_name": "UserPromptSubmit",
        "prompt": "rewrite the parser for the new grammar"});
    handle
        .handle_hook(Agent::Claude, Phase::Prompt, prompt.to_string().as_bytes())
        .await;
    let edit = json!({"session_id": "cc-b", "cwd": root, "hook_event_name": "PreToolUse",
        "tool_name": "Edit", "tool_input": {"file_path": root.join("src/b.rs")}});
    let claimed = handle
        .handle_hook(Agent::Claude, Phase::PreTool, edit.to_string().as_bytes())
        .await;
    assert_eq!(claimed.stdout, "");
    std::fs::write(root.join("src/b.rs"), "fn b() { B's work }\n").unwrap();

    // Session A discards the tree.
    let said = context(&bash(&handle, "cc-a", &root, "git checkout .").await);
    assert!(said.contains("snapshot 1"), "{said}");
    assert!(
        said.contains("Warning: this command discards work of another session: Claude Code:"),
        "{said}"
    );
    assert!(said.contains("holds `src/b.rs`"), "{said}");
    assert!(
        said.contains("They're working on: \"rewrite the parser for the new grammar\""),
        "{said}"
    );
    let events = taken(&handle).await;
    assert_eq!(events[0].held_by.len(), 1);

    // B's own reset names nobody.
    std::fs::write(root.join("src/b.rs"), "fn b() { more }\n").unwrap();
    let said = context(&bash(&handle, "cc-b", &root, "git reset --hard").await);
    assert!(said.contains("snapshot 2") && !said.contains("Warning"), "{said}");

    // A plain rm of B's file is a discard; of another file it is not.
    std::fs::write(root.join("src/b.rs"), "fn b() { again }\n").unwrap();
    let said = context(&bash(&handle, "cc-a", &root.join("src"), "rm b.rs").await);
    assert!(
        said.contains("snapshot 3") && said.contains("holds `src/b.rs`"),
        "{said}"
    );
    let said = context(&bash(&handle, "cc-a", &root, "rm a.txt").await);
    assert_eq!(said, "");
}

#[tokio::test]
async fn a_patch_deleting_a_held_file_is_refused_by_the_lock_step_before_any_snapshot() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    let edit = json!({"session_id": "cc-b", "cwd": root, "hook_event_name": "PreToolUse",
        "tool_name": "Write", "tool_input": {"file_path": root.join("a.txt"), "content": "B\n"}});
    handle
        .handle_hook(Agent::Claude, Phase::PreTool, edit.to_string().as_bytes())
        .await;
    std::fs::write(root.join("a.txt"), "B's draft\n").unwrap();
    let patch = "*** Begin Patch\n*** Delete File: a.txt\n*** End Patch";
    let body = json!({"session_id": "codex-a", "cwd": root, "hook_event_name": "PreToolUse", "turn_id": "t1",
        "tool_name": "apply_patch", "tool_input": {"command": patch}});
    let answer = handle
        .handle_hook(Agent::Codex, Phase::PreTool, body.to_string().as_bytes())
        .await;
    // The lock table refuses the delete of a held file; nothing runs, so nothing needs saving.
    assert!(answer.stdout.contains("is locked by"), "{}", answer.stdout);
    assert!(taken(&handle).await.is_empty());
}

#[tokio::test]
async fn the_snapshot_step_skips_other_phases_and_denied_calls() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "x\n").unwrap();
    let body = json!({"session_id": "cc-a", "cwd": root, "hook_event_name": "PostToolUse",
        "tool_name": "Bash", "tool_input": {"command": "git reset --hard"}});
    handle
        .handle_hook(Agent::Claude, Phase::PostTool, body.to_string().as_bytes())
        .await;
    assert!(taken(&handle).await.is_empty());
    assert_eq!(EventKind::SnapshotTaken.as_str(), "snapshot.taken");
}

#[tokio::test]
async fn a_snapshot_slower_than_the_wait_goes_on_in_the_background_and_the_answer_says_so() {
    let (_dir, handle) = fixture_with(|config| config.undo_wait_ms = 10).await;
    let (_temp, root) = repo();
    // Enough untracked files that git takes longer than 10 ms.
    for n in 0..2_000 {
        std::fs::write(root.join(format!("f{n}.txt")), format!("{n}\n")).unwrap();
    }
    let said = context(&bash(&handle, "cc-a", &root, "git clean -fd").await);
    assert!(
        said.starts_with("relay is still saving the uncommitted work in"),
        "{said}"
    );
    // It finishes anyway.
    for _ in 0..600 {
        if !taken(&handle).await.is_empty() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the background snapshot never finished");
}
