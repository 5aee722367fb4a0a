//! The lock table at work: hook calls through `DaemonHandle::handle_hook` on a real store, the snapshot file,
//! and the `lock.contended` events.

use std::path::Path;
use std::time::{Duration, Instant};

use relay_core::hook::{Agent, MAX_BODY, Phase};
use serde_json::{Value, json};

use super::*;
use crate::handle::DaemonHandle;
use crate::testing::{fixture, fixture_with};

macro_rules! fixture_json {
    ($name:literal) => {
        serde_json::from_str::<Value>(include_str!(concat!(
            "../../../../src/hook/fixtures/",
            $name,
            ".json"
        )))
        .unwrap()
    };
}

/// A repository folder (with `.git`) in `dir`.
fn repo(dir: &Path) -> String {
    let repo = dir.join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    std::fs::create_dir_all(repo.join("src")).unwrap();
    repo.to_str().unwrap().to_owned()
}

fn claude_prompt(repo: &str, prompt: &str) -> Value {
    let mut body = fixture_json!("claude_prompt");
    body["cwd"] = json!(repo);
    body["prompt"] = json!(prompt);
    body
}

fn claude_edit(cwd: &str, file: &str) -> Value {
    let mut body = fixture_json!("claude_pre_tool_edit");
    body["cwd"] = json!(cwd);
    body["tool_input"]["file_path"] = json!(file);
    body
}

fn claude_at(name: Value, repo: &str) -> Value {
    let mut body = name;
    body["cwd"] = json!(repo);
    body
}

fn cursor_write(repo: &str, file: &str) -> Value {
    let mut body = fixture_json!("cursor_pre_tool_write");
    body["workspace_roots"] = json!([repo]);
    body["tool_input"]["path"] = json!(file);
    body
}

async fn hook(handle: &DaemonHandle, agent: Agent, phase: Phase, body: &Value) -> String {
    handle
        .handle_hook(agent, phase, body.to_string().as_bytes())
        .await
        .stdout
}

fn parsed(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout:?}"))
}

async fn contention_events(handle: &DaemonHandle, at_least: usize) -> Vec<crate::store::EventRecord> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let events: Vec<_> = handle
            .store()
            .events_after(0, 500)
            .await
            .unwrap()
            .into_iter()
            .filter(|e| e.kind == "lock.contended")
            .collect();
        if events.len() >= at_least || Instant::now() > deadline {
            return events;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn second_agent_is_denied_with_the_holders_intent_when_editing_a_held_file() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    let file = format!("{repo}/src/auth.ts");
    let prompt = claude_prompt(&repo, "switch the login flow to JWT tokens");
    assert_eq!(hook(&handle, Agent::Claude, Phase::Prompt, &prompt).await, "");
    assert_eq!(
        hook(&handle, Agent::Claude, Phase::PreTool, &claude_edit(&repo, &file)).await,
        "",
        "Claude Code's allow is silence"
    );

    let denied = parsed(
        &hook(
            &handle,
            Agent::Cursor,
            Phase::PreTool,
            &cursor_write(&repo, &file),
        )
        .await,
    );
    assert_eq!(denied["permission"], "deny");
    let message = denied["agent_message"].as_str().unwrap();
    assert!(
        message.contains("File `src/auth.ts` is locked by Claude Code:")
            && message.contains("They're working on: \"switch the login flow to JWT tokens\""),
        "{message}"
    );

    // A retry in the same bucket is counted, not recorded again.
    hook(
        &handle,
        Agent::Cursor,
        Phase::PreTool,
        &cursor_write(&repo, &file),
    )
    .await;
    let events = contention_events(&handle, 1).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let events_after = contention_events(&handle, 1).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events_after.len(), 1, "one event per bucket, not per retry");
    let data: Value = serde_json::from_str(&events[0].data).unwrap();
    assert_eq!(data["path"], "src/auth.ts");
    assert!(data["holder"].as_str().unwrap().starts_with("Claude Code:"));
    assert!(data["wanted_by"].as_str().unwrap().starts_with("Cursor:"));
    assert_eq!(events[0].subject, format!("{repo}::src/auth.ts"));
    let contentions = handle.coord().table().contentions();
    assert_eq!(contentions.len(), 1);
    assert_eq!(contentions[0].count, 2);

    // Claude Code's stop releases the lock; Cursor's claim then succeeds.
    let stop = claude_at(fixture_json!("claude_stop"), &repo);
    assert_eq!(hook(&handle, Agent::Claude, Phase::Stop, &stop).await, "");
    let allowed = hook(
        &handle,
        Agent::Cursor,
        Phase::PreTool,
        &cursor_write(&repo, &file),
    )
    .await;
    assert_eq!(parsed(&allowed), json!({}));
    let held: Vec<_> = handle
        .coord()
        .table()
        .entries()
        .into_iter()
        .map(|r| (r.path, r.agent_label))
        .collect();
    assert_eq!(held, [("src/auth.ts".to_owned(), "Cursor".to_owned())]);
}

#[tokio::test]
async fn agents_in_one_repository_share_keys_when_one_runs_in_a_subfolder() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    let sub = format!("{repo}/src");
    // Claude Code in src/ edits a relative path; Cursor names the repository root.
    hook(
        &handle,
        Agent::Claude,
        Phase::PreTool,
        &claude_edit(&sub, "auth.ts"),
    )
    .await;
    let entries = handle.coord().table().entries();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (entries[0].workspace.as_str(), entries[0].path.as_str()),
        (repo.as_str(), "src/auth.ts")
    );
    let denied = hook(
        &handle,
        Agent::Cursor,
        Phase::PreTool,
        &cursor_write(&repo, "src/auth.ts"),
    )
    .await;
    assert_eq!(parsed(&denied)["permission"], "deny");
}

#[tokio::test]
async fn files_outside_the_workspace_are_not_locked_when_claimed() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    let answer = hook(
        &handle,
        Agent::Claude,
        Phase::PreTool,
        &claude_edit(&repo, "/etc/hosts"),
    )
    .await;
    assert_eq!(answer, "");
    assert!(handle.coord().table().entries().is_empty());
}

#[tokio::test]
async fn batch_claim_overlapping_a_held_file_claims_nothing() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    let mut codex = fixture_json!("codex_pre_tool_apply_patch");
    codex["cwd"] = json!(repo);
    // Cursor holds one of the patch's files.
    hook(
        &handle,
        Agent::Cursor,
        Phase::PreTool,
        &cursor_write(&repo, "api/routes.py"),
    )
    .await;
    let denied = parsed(&hook(&handle, Agent::Codex, Phase::PreTool, &codex).await);
    assert_eq!(denied["hookSpecificOutput"]["permissionDecision"], "deny");
    let entries = handle.coord().table().entries();
    assert_eq!(entries.len(), 1, "nothing of the batch was claimed: {entries:?}");
    assert_eq!(entries[0].agent_label, "Cursor");
}

#[tokio::test]
async fn heartbeat_renews_and_session_end_releases_when_hooks_say_so() {
    let (dir, handle) = fixture_with(|config| config.lock_ttl_secs = 5).await;
    let repo = repo(dir.path());
    let file = format!("{repo}/src/lib.rs");
    hook(&handle, Agent::Claude, Phase::PreTool, &claude_edit(&repo, &file)).await;
    let first = handle.coord().table().entries()[0].expires_at_ms;
    std::thread::sleep(Duration::from_millis(5));
    let post = claude_at(fixture_json!("claude_post_tool_write"), &repo);
    assert_eq!(hook(&handle, Agent::Claude, Phase::PostTool, &post).await, "");
    let renewed = handle.coord().table().entries()[0].expires_at_ms;
    assert!(
        renewed > first,
        "post-tool renewed the lock ({first} -> {renewed})"
    );
    assert!(
        renewed - relay_core::time::now_ms() <= 5_000,
        "the configured TTL is used"
    );

    let end = claude_at(fixture_json!("claude_session_end"), &repo);
    assert_eq!(hook(&handle, Agent::Claude, Phase::SessionEnd, &end).await, "");
    assert!(handle.coord().table().entries().is_empty());
}

#[tokio::test]
async fn read_of_a_held_file_gets_a_heads_up_when_the_agent_takes_context() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    hook(
        &handle,
        Agent::Cursor,
        Phase::PreTool,
        &cursor_write(&repo, "Cargo.toml"),
    )
    .await;
    let mut read = fixture_json!("claude_pre_tool_read");
    read["cwd"] = json!(repo);
    read["tool_input"]["file_path"] = json!(format!("{repo}/Cargo.toml"));
    let answer = parsed(&hook(&handle, Agent::Claude, Phase::PreTool, &read).await);
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        context.starts_with("File `Cargo.toml` is being edited by Cursor:"),
        "{context}"
    );
    assert!(
        answer["hookSpecificOutput"].get("permissionDecision").is_none(),
        "a read is never refused"
    );
}

#[tokio::test]
async fn unusable_payloads_get_the_allow_form_when_hooks_send_them() {
    let (_dir, handle) = fixture().await;
    let call = async |agent, phase, body: &[u8]| handle.handle_hook(agent, phase, body).await.stdout;
    assert_eq!(call(Agent::Cursor, Phase::PreTool, b"not json").await, "{}\n");
    assert_eq!(call(Agent::Codex, Phase::PreTool, b"[1, 2]").await, "{}\n");
    assert_eq!(
        call(Agent::Cursor, Phase::Prompt, b"{}").await,
        "{\"continue\":true}\n"
    );
    assert_eq!(
        call(Agent::Claude, Phase::PreTool, b"{\"cwd\": \"/w\"}").await,
        ""
    );
    let huge = vec![b' '; MAX_BODY + 1];
    assert_eq!(
        call(Agent::Antigravity, Phase::PreTool, &huge).await,
        "{\"decision\":\"allow\"}\n"
    );
    assert!(handle.coord().table().entries().is_empty());
}

#[tokio::test]
async fn cursor_payload_through_claude_settings_is_answered_as_cursor() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    let file = format!("{repo}/src/checkout/Button.tsx");
    hook(&handle, Agent::Claude, Phase::PreTool, &claude_edit(&repo, &file)).await;
    let mut cursor = fixture_json!("cursor_via_claude_settings");
    cursor["workspace_roots"] = json!([repo]);
    let denied = parsed(&hook(&handle, Agent::Claude, Phase::PreTool, &cursor).await);
    assert_eq!(denied["permission"], "deny", "{denied}");
    assert!(denied.get("hookSpecificOutput").is_none());
}

#[tokio::test]
async fn snapshot_brings_locks_back_and_skips_a_corrupt_file_when_restoring() {
    let (dir, handle) = fixture().await;
    let repo = repo(dir.path());
    hook(
        &handle,
        Agent::Claude,
        Phase::Prompt,
        &claude_prompt(&repo, "switch the login flow to JWT tokens"),
    )
    .await;
    let file = format!("{repo}/src/auth.ts");
    hook(&handle, Agent::Claude, Phase::PreTool, &claude_edit(&repo, &file)).await;
    assert!(handle.coord().save().unwrap(), "a change is written");
    assert!(!handle.coord().save().unwrap(), "no change, no write");
    let path = handle.coord().snapshot_path().to_path_buf();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );

    // A restarted daemon: a fresh table over the same data directory.
    let restored = Coord::new(handle.config(), handle.bus().live_sender());
    restored.restore(relay_core::time::now_ms());
    let entries = restored.table().entries();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].path, "src/auth.ts");
    let owner = Owner::new("Cursor", "h", SessionId::new("other").unwrap()).unwrap();
    let denied = restored
        .table()
        .claim(&owner, &repo, &["src/auth.ts"], None, relay_core::time::now_ms())
        .unwrap();
    let ClaimOutcome::Denied(holding) = denied else {
        panic!("the restored lock holds")
    };
    assert!(
        holding
            .deny_reason()
            .contains("switch the login flow to JWT tokens"),
        "the intent travels with the lock: {}",
        holding.deny_reason()
    );

    // Expired records are dropped.
    let later = Coord::new(handle.config(), handle.bus().live_sender());
    later.restore(relay_core::time::now_ms() + 16_000);
    assert!(later.table().entries().is_empty());

    // A corrupt file is ignored, and replaced at the next save.
    std::fs::write(&path, b"{ not json").unwrap();
    let fresh = Coord::new(handle.config(), handle.bus().live_sender());
    fresh.restore(relay_core::time::now_ms());
    assert!(fresh.table().entries().is_empty());
    assert!(fresh.save().unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        serde_json::from_str::<Value>(&text).unwrap()["locks"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}
