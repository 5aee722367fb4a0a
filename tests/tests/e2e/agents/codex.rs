//! The Codex CLI itself (the provisioned `codex` binary) driven by a scripted Responses API, with relay's hooks as
//! `relay setup --agent codex --apply` writes them. Runs pass `--dangerously-bypass-hook-trust` (the hooks were
//! not reviewed in Codex's `/hooks`) except where a test shows what happens without it.

use std::sync::{Arc, Mutex};

use relay_tests::agents::{Codex, repo};
use relay_tests::model::{Api, Conversation, ModelServer, Reply, Step};
use relay_tests::{TestDaemon, TestHome, run_with_stdin};
use serde_json::json;

use super::held_locks;

pub(super) const JWT: &str = "switch the login flow to JWT tokens";
pub(super) const AUTH: &str = "export const auth = 'session';\n";
pub(super) const FREE: &str = "export const theme = 'light';\n";

/// A daemon, a repository with `src/auth.ts` and `src/theme.ts`, and a Codex home with relay's hooks and MCP.
async fn codex_repo() -> (TestDaemon, Codex, std::path::PathBuf) {
    let daemon = TestDaemon::start().await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/auth.ts", AUTH), ("src/theme.ts", FREE)],
    );
    let mut codex = Codex::new(&daemon.home().scratch().join("codex"));
    codex.setup_relay(&daemon).await;
    codex.register_mcp(&daemon);
    (daemon, codex, repo)
}

/// Claude Code (through relay's own hook command, as its hooks run it) takes `src/auth.ts` with the JWT intent.
pub(super) async fn claude_holds_auth(daemon: &TestDaemon, repo: &std::path::Path) {
    let transcript = repo.join(".claude-holder.jsonl");
    let prompt = json!({"session_id": "cc-holder", "transcript_path": transcript, "cwd": repo,
        "hook_event_name": "UserPromptSubmit", "prompt": JWT});
    run_with_stdin(
        daemon.relay().args(["hook", "claude", "prompt"]),
        prompt.to_string().as_bytes(),
    )
    .await
    .assert_success();
    let edit = json!({"session_id": "cc-holder", "transcript_path": transcript, "cwd": repo,
        "hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_use_id": "toolu_holder",
        "tool_input": {"file_path": repo.join("src/auth.ts"), "old_string": "session", "new_string": "jwt"}});
    let claimed = run_with_stdin(
        daemon.relay().args(["hook", "claude", "pre-tool"]),
        edit.to_string().as_bytes(),
    )
    .await;
    claimed.assert_success();
    assert_eq!(claimed.stdout, "", "Claude Code got the lock: {claimed}");
}

const BOTH: &str = "*** Begin Patch\n*** Update File: src/theme.ts\n@@\n-export const theme = 'light';\n+export const theme = 'dark';\n*** Update File: src/auth.ts\n@@\n-export const auth = 'session';\n+export const auth = 'token';\n*** End Patch\n";
const THEME: &str = "*** Begin Patch\n*** Update File: src/theme.ts\n@@\n-export const theme = 'light';\n+export const theme = 'dark';\n*** End Patch\n";

#[tokio::test]
async fn codex_apply_patch_on_a_file_another_agent_holds_is_refused_whole_with_the_holders_intent() {
    let (daemon, codex, repo) = codex_repo().await;
    claude_holds_auth(&daemon, &repo).await;
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-held",
            vec![
                Reply::patch(BOTH).into(),
                Reply::text("Someone else holds auth.ts; I will wait.").into(),
            ],
        )],
    )
    .await;
    let turn = codex
        .run(&model, &repo, "cx-held: dark theme and token auth")
        .await;
    turn.assert_success();
    model.assert_script_done("cx-held");
    let requests = model.conversation("cx-held");
    // Codex offered its freeform apply_patch and relay's MCP tools.
    let tools = requests[0].body["tools"].to_string();
    assert!(tools.contains("apply_patch"), "{tools}");
    // The refusal reached the model with the holder's intent.
    let refused = requests[1].context();
    assert!(
        refused.contains("File `src/auth.ts` is locked by Claude Code"),
        "{refused}"
    );
    assert!(
        refused.contains(&format!("They're working on: \"{JWT}\"")),
        "{refused}"
    );
    // All or nothing: the free file in the same patch is untouched and not held by Codex either.
    assert_eq!(
        std::fs::read_to_string(repo.join("src/auth.ts")).unwrap_or_default(),
        AUTH
    );
    assert_eq!(
        std::fs::read_to_string(repo.join("src/theme.ts")).unwrap_or_default(),
        FREE
    );
    assert_eq!(
        held_locks(daemon.home()).await,
        [("src/auth.ts".to_owned(), "Claude Code".to_owned())]
    );
    codex.keep_transcripts("codex-lock-refused");
}

#[tokio::test]
async fn codex_apply_patch_on_a_free_file_goes_through_and_its_lock_is_released_at_stop() {
    let (daemon, codex, repo) = codex_repo().await;
    let home = daemon.home().path().to_path_buf();
    let during: Arc<Mutex<Option<String>>> = Arc::default();
    let seen = Arc::clone(&during);
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-free",
            vec![
                Reply::patch(THEME).into(),
                // Mid-turn, after the patch: who holds what.
                Step::with(move |_| {
                    let output = relay_tests::relay_command()
                        .arg("--home")
                        .arg(&home)
                        .args(["locks", "--json"])
                        .output()
                        .unwrap_or_else(|e| panic!("relay locks: {e}"));
                    *seen.lock().unwrap_or_else(|p| p.into_inner()) =
                        Some(String::from_utf8_lossy(&output.stdout).into_owned());
                    Reply::text("Dark theme done.")
                }),
            ],
        )],
    )
    .await;
    let turn = codex.run(&model, &repo, "cx-free: dark theme").await;
    turn.assert_success();
    model.assert_script_done("cx-free");
    assert_eq!(
        std::fs::read_to_string(repo.join("src/theme.ts")).unwrap_or_default(),
        "export const theme = 'dark';\n"
    );
    let during = during
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default();
    let locks: serde_json::Value = serde_json::from_str(&during)
        .unwrap_or_else(|e| panic!("relay locks --json mid-turn ({e}): {during}"));
    let held: Vec<(String, String)> = locks["locks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|l| l["state"] == "held")
        .map(|l| {
            (
                l["path"].as_str().unwrap_or_default().to_owned(),
                l["holder"]["agent_label"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        held,
        [("src/theme.ts".to_owned(), "Codex".to_owned())],
        "held mid-turn: {during}"
    );
    assert!(held_locks(daemon.home()).await.is_empty(), "released at Stop");
    codex.keep_transcripts("codex-free-file");
}

#[tokio::test]
async fn without_hook_trust_codex_skips_relays_hooks() {
    let (daemon, mut codex, repo) = codex_repo().await;
    codex.bypass_hook_trust(false);
    claude_holds_auth(&daemon, &repo).await;
    let patch = "*** Begin Patch\n*** Update File: src/auth.ts\n@@\n-export const auth = 'session';\n+export const auth = 'token';\n*** End Patch\n";
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-untrusted",
            vec![Reply::patch(patch).into(), Reply::text("Done.").into()],
        )],
    )
    .await;
    codex
        .run(&model, &repo, "cx-untrusted: token auth")
        .await
        .assert_success();
    model.assert_script_done("cx-untrusted");
    // Codex never asked relay: the held file was patched. This is why setup and doctor tell the user to trust
    // relay's entries in /hooks.
    assert_eq!(
        std::fs::read_to_string(repo.join("src/auth.ts")).unwrap_or_default(),
        "export const auth = 'token';\n"
    );
}

#[tokio::test]
async fn with_relayd_down_codex_patches_as_if_relay_were_not_there() {
    let home = TestHome::new();
    let repo = repo(&home.scratch().join("repo"), &[("src/theme.ts", FREE)]);
    let codex = Codex::new(&home.scratch().join("codex"));
    let daemon = TestDaemon::start_in(home).await;
    codex.setup_relay(&daemon).await;
    let home = daemon.stop().await;
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-down",
            vec![Reply::patch(THEME).into(), Reply::text("Done.").into()],
        )],
    )
    .await;
    let turn = codex.run(&model, &repo, "cx-down: dark theme").await;
    turn.assert_success();
    model.assert_script_done("cx-down");
    assert_eq!(
        std::fs::read_to_string(repo.join("src/theme.ts")).unwrap_or_default(),
        "export const theme = 'dark';\n"
    );
    assert!(!home.is_locked(), "no hook started relayd");
    // Codex ran each of relay's hooks and each completed (it prints `hook: <Event>` and `hook: <Event> Completed`).
    for event in [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "Stop",
    ] {
        assert!(
            turn.stderr.contains(&format!("hook: {event} Completed")),
            "{event} did not complete: {turn}"
        );
    }
    let other: Vec<&str> = turn
        .stderr
        .lines()
        .filter(|l| l.starts_with("hook: ") && l.split_whitespace().count() > 2 && !l.ends_with(" Completed"))
        .collect();
    assert!(other.is_empty(), "hooks that did not complete: {other:?}\n{turn}");
    println!("relayd down: the Codex turn took {:?}", turn.elapsed);
}

#[tokio::test]
async fn setup_and_doctor_say_how_to_trust_relays_hooks_in_codex() {
    let daemon = TestDaemon::start().await;
    let codex = Codex::new(&daemon.home().scratch().join("codex"));
    let applied = codex.setup_relay(&daemon).await;
    assert!(
        applied
            .stdout
            .contains("Next: Codex runs them only once you trust them: run `codex`, type /hooks"),
        "{applied}"
    );
    let doctor = relay_tests::run(
        daemon
            .relay()
            .args(["doctor", "--json", "--claude-home"])
            .arg(codex.home()),
    )
    .await;
    let items: serde_json::Value = serde_json::from_str(&doctor.stdout)
        .unwrap_or_else(|e| panic!("doctor --json is not JSON ({e}): {doctor}"));
    let item = items
        .as_array()
        .into_iter()
        .flatten()
        .find(|item| item["name"] == "codex hooks")
        .unwrap_or_else(|| panic!("no codex hooks item: {doctor}"));
    assert_eq!(item["ok"], true, "{item}");
    let detail = item["detail"].as_str().unwrap_or_default();
    assert!(detail.contains("relay's 5 hooks"), "{detail}");
    assert!(
        detail.contains("type /hooks, and trust each of relay's entries"),
        "{detail}"
    );
    // Without relay's entries in Codex's file, doctor says nothing about Codex.
    let other = TestHome::new();
    let plain = relay_tests::run(
        daemon
            .relay()
            .args(["doctor", "--json", "--claude-home"])
            .arg(other.scratch()),
    )
    .await;
    assert!(!plain.stdout.contains("codex hooks"), "{plain}");
}

#[tokio::test]
async fn codex_s_git_reset_hard_over_another_session_s_edits_is_snapshotted_and_relay_undo_brings_them_back()
{
    let daemon = TestDaemon::builder()
        .env("RELAY_UNDO_WAIT_MS", "2000")
        .start()
        .await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/auth.ts", AUTH), ("src/theme.ts", FREE)],
    );
    relay_tests::git(&repo, &["add", "-A"]);
    relay_tests::git(&repo, &["commit", "-qm", "first"]);
    let codex = Codex::new(&daemon.home().scratch().join("codex"));
    codex.setup_relay(&daemon).await;
    // Claude Code holds src/auth.ts and has changed it without committing.
    claude_holds_auth(&daemon, &repo).await;
    std::fs::write(repo.join("src/auth.ts"), "export const auth = 'jwt';\n").unwrap();

    // Codex's shell tool as this Codex offers it: unified exec (`exec_command`), else the older `shell`.
    let reset = Step::with(|turn| {
        let offered = turn.body["tools"].to_string();
        match offered.contains("\"exec_command\"") {
            true => Reply::tool("exec_command", json!({"cmd": "git reset --hard"})),
            false => Reply::tool("shell", json!({"command": ["bash", "-lc", "git reset --hard"]})),
        }
    });
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-reset",
            vec![reset, Reply::text("Clean tree.").into()],
        )],
    )
    .await;
    let turn = codex.run(&model, &repo, "cx-reset: start over").await;
    turn.assert_success();
    model.assert_script_done("cx-reset");
    assert_eq!(
        std::fs::read_to_string(repo.join("src/auth.ts")).unwrap(),
        AUTH,
        "the reset ran"
    );

    let listed = relay_tests::run(daemon.relay().args(["snapshots", "--json"])).await;
    listed.assert_success();
    let listed: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    assert_eq!(listed["snapshots"][0]["command"], "git reset --hard", "{listed}");
    relay_tests::run(daemon.relay().args(["undo", "1"]))
        .await
        .assert_success();
    assert_eq!(
        std::fs::read_to_string(repo.join("src/auth.ts")).unwrap(),
        "export const auth = 'jwt';\n",
        "Claude Code's edit is back"
    );
    codex.keep_transcripts("codex-undo");
}
