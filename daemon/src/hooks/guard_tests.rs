use relay_core::hook::{ASK_STANDS_IN, Agent, Phase};
use serde_json::{Value, json};

use crate::caller::Caller;
use crate::environments::{EnvChange, Scope};
use crate::handle::DaemonHandle;
use crate::testing::fixture;

/// A project at /src/acme with a live environment (ssh alias prod-app, db host db.acme.internal, the shop's URL)
/// and a test one (ssh alias stage-app).
async fn acme() -> (tempfile::TempDir, DaemonHandle) {
    let (dir, handle) = fixture().await;
    let mut tx = handle.store().begin_write().await.unwrap();
    crate::store::board::insert_project(&mut tx, "acme-shop", "Acme shop", Some("/src/acme"), None, 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let envs = handle.environments();
    let live: EnvChange = serde_json::from_value(json!({
        "environment": "live", "kind": "live", "base_url": "https://shop.acme.com",
        "access": [{"kind": "ssh", "fields": {"alias": "prod-app", "host": "10.0.0.5"}},
                   {"kind": "db", "fields": {"host": "db.acme.internal"}},
                   {"kind": "gitops", "fields": {"repo": "git@github.com:acme/deploy.git"}}]
    }))
    .unwrap();
    envs.apply(&Caller::socket_peer(), "acme-shop", &live, false)
        .await
        .unwrap();
    let test: EnvChange = serde_json::from_value(json!({
        "environment": "staging", "kind": "test", "access": [{"kind": "ssh", "fields": {"alias": "stage-app"}}]
    }))
    .unwrap();
    envs.apply(&Caller::socket_peer(), "acme-shop", &test, false)
        .await
        .unwrap();
    (dir, handle)
}

async fn set_live(handle: &DaemonHandle, change: Value) {
    let mut value = json!({"environment": "live"});
    value
        .as_object_mut()
        .unwrap()
        .extend(change.as_object().unwrap().clone());
    let change: EnvChange = serde_json::from_value(value).unwrap();
    handle
        .environments()
        .apply(&Caller::socket_peer(), "acme-shop", &change, true)
        .await
        .unwrap();
}

async fn block_mode(handle: &DaemonHandle) {
    handle
        .environments()
        .set_layer(
            &Caller::socket_peer(),
            &Scope::Project("acme-shop".into()),
            Some(&json!({"guard": {"mode": "block"}})),
            true,
        )
        .await
        .unwrap();
}

/// Claude Code's PreToolUse for a Bash command in the project's folder; the printed answer (`Null` when silent).
async fn bash(handle: &DaemonHandle, command: &str) -> Value {
    let body = json!({"session_id": "cc-guard", "cwd": "/src/acme/web", "hook_event_name": "PreToolUse",
                      "tool_name": "Bash", "tool_input": {"command": command}});
    hook(handle, Agent::Claude, body).await
}

async fn hook(handle: &DaemonHandle, agent: Agent, body: Value) -> Value {
    let answer = handle
        .handle_hook(agent, Phase::PreTool, body.to_string().as_bytes())
        .await;
    match answer.stdout.trim() {
        "" => Value::Null,
        text => serde_json::from_str(text).unwrap(),
    }
}

/// The `live.action` events written so far (they are written after the answer; wait for `count` of them).
async fn live_actions(handle: &DaemonHandle, count: usize) -> Vec<Value> {
    for _ in 0..500 {
        let events = handle.store().events_after(0, 1000).await.unwrap();
        let actions: Vec<Value> = events
            .iter()
            .filter(|e| e.kind == "live.action")
            .map(|e| serde_json::from_str(&e.data).unwrap())
            .collect();
        if actions.len() >= count {
            return actions;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("fewer than {count} live.action events were written");
}

#[tokio::test]
async fn warn_mode_lets_a_remote_change_on_live_go_on_with_the_reason_as_context_and_journals_it() {
    let (_dir, handle) = acme().await;
    let answer = bash(&handle, "PGPASSWORD=hunter22 ssh prod-app 'sudo reboot'").await;
    let output = &answer["hookSpecificOutput"];
    assert!(
        output.get("permissionDecision").is_none(),
        "warn never decides: {answer}"
    );
    let context = output["additionalContext"].as_str().unwrap();
    assert!(
        context.starts_with("relay guard: acme-shop live (live) is read-only for agents; this looks like a remote change over ssh (matched 'prod-app')"),
        "{context}"
    );
    assert!(context.ends_with("(warn mode: not blocked)"), "{context}");

    let action = &live_actions(&handle, 1).await[0];
    assert_eq!(action["project"], "acme-shop");
    assert_eq!(action["environment"], "live");
    assert_eq!(action["decision"], "warn");
    assert_eq!(action["level"], "read");
    assert_eq!(action["rule"], "ssh-remote-change");
    assert_eq!(action["tool"], "Bash");
    assert_eq!(action["agent"], "claude");
    let command = action["command"].as_str().unwrap();
    assert!(
        !command.contains("hunter22"),
        "the journal masks secrets: {command}"
    );
    assert!(command.contains("PGPASSWORD=***"), "{command}");
}

#[tokio::test]
async fn block_mode_denies_and_an_ask_level_asks_never_an_allow() {
    let (_dir, handle) = acme().await;
    block_mode(&handle).await;
    let answer = bash(
        &handle,
        "kubectl --context prod-app delete pod web-1; ssh prod-app 'rm -rf /srv/cache'",
    )
    .await;
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{answer}"
    );
    let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.ends_with("Ask the owner, or propose a change with environment_propose."),
        "{reason}"
    );

    // A read on live goes on silently (journaled as allow); a change on the test environment is its level full.
    assert_eq!(
        bash(&handle, "ssh prod-app uptime; rm -rf build").await,
        Value::Null,
        "not a remote change"
    );
    assert_eq!(
        bash(&handle, "scp prod-app:/var/log/app.log .").await,
        Value::Null,
        "copying from a host is a read"
    );
    assert_eq!(
        bash(&handle, "ssh stage-app 'sudo systemctl restart app'").await,
        Value::Null
    );
    let actions = live_actions(&handle, 3).await;
    assert_eq!(
        actions.iter().filter(|a| a["decision"] == "allow").count(),
        2,
        "{actions:?}"
    );

    // git push to the gitops repo is a deploy.
    let answer = bash(&handle, "git push git@github.com:acme/deploy.git main").await;
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{answer}"
    );
    assert!(answer.to_string().contains("git push"), "{answer}");

    set_live(&handle, json!({"overrides": {"ssh": "ask"}})).await;
    let answer = bash(&handle, "ssh prod-app 'sudo reboot'").await;
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "ask",
        "{answer}"
    );
    assert!(answer.to_string().contains("prod-app"));
    assert!(
        !answer.to_string().contains("\"allow\""),
        "never an allow: {answer}"
    );
}

#[tokio::test]
async fn mcp_tool_input_is_guarded_except_relays_own_tools() {
    let (_dir, handle) = acme().await;
    block_mode(&handle).await;
    let call = |tool: &str, input: Value| {
        json!({"session_id": "cc-guard", "cwd": "/src/acme", "hook_event_name": "PreToolUse",
               "tool_name": tool, "tool_input": input})
    };
    let answer = hook(
        &handle,
        Agent::Claude,
        call(
            "mcp__postgres__query",
            json!({"host": "db.acme.internal", "sql": "DELETE FROM users WHERE id = 1"}),
        ),
    )
    .await;
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{answer}"
    );
    assert!(answer.to_string().contains("SQL change"), "{answer}");
    let own = hook(
        &handle,
        Agent::Claude,
        call("mcp__relay__task_create", json!({"title": "delete old pods on prod-app", "body": "kubectl --context prod-app delete pod x"})),
    )
    .await;
    assert_eq!(own, Value::Null, "relay's own tools are not guarded");
}

#[tokio::test]
async fn every_agent_gets_the_guard_in_its_own_dialect_and_a_deny_stands_in_for_codex_ask() {
    let (_dir, handle) = acme().await;
    block_mode(&handle).await;
    set_live(&handle, json!({"level": "ask"})).await;
    let reboot = "ssh prod-app 'sudo reboot'";

    let codex = hook(
        &handle,
        Agent::Codex,
        json!({"session_id": "codex-1", "cwd": "/src/acme",
        "hook_event_name": "PreToolUse", "tool_name": "shell", "tool_input": {"command": reboot}}),
    )
    .await;
    assert_eq!(
        codex["hookSpecificOutput"]["permissionDecision"], "deny",
        "{codex}"
    );
    assert!(
        codex["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap()
            .ends_with(ASK_STANDS_IN)
    );

    let cursor = hook(
        &handle,
        Agent::Cursor,
        json!({"conversation_id": "cur-1", "workspace_roots": ["/src/acme"],
        "hook_event_name": "beforeShellExecution", "command": reboot, "cwd": "/src/acme"}),
    )
    .await;
    assert_eq!(cursor["permission"], "ask", "{cursor}");
    assert!(cursor["user_message"].as_str().unwrap().contains("prod-app"));

    let copilot = hook(
        &handle,
        Agent::Copilot,
        json!({"sessionId": "cop-1", "cwd": "/src/acme",
        "toolName": "bash", "toolArgs": json!({"command": reboot}).to_string()}),
    )
    .await;
    assert_eq!(copilot["permissionDecision"], "ask", "{copilot}");
    assert_eq!(
        copilot["hookSpecificOutput"]["permissionDecision"], "ask",
        "{copilot}"
    );

    let agy = hook(
        &handle,
        Agent::Antigravity,
        json!({"conversationId": "agy-1", "workspacePaths": ["/src/acme"],
        "hookEventName": "PreToolUse", "toolCall": {"name": "run_command", "args": {"CommandLine": reboot}}}),
    )
    .await;
    assert_eq!(agy["decision"], "ask", "{agy}");

    // Outside the project's folder nothing is guarded (no session is bound there).
    let elsewhere = hook(
        &handle,
        Agent::Claude,
        json!({"session_id": "cc-x", "cwd": "/tmp",
        "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": reboot}}),
    )
    .await;
    assert_eq!(elsewhere, Value::Null);
}

#[tokio::test]
async fn the_guard_off_neither_answers_nor_journals() {
    let (_dir, handle) = acme().await;
    handle
        .environments()
        .set_layer(
            &Caller::socket_peer(),
            &Scope::Project("acme-shop".into()),
            Some(&json!({"guard": {"mode": "off"}})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(bash(&handle, "ssh prod-app 'sudo reboot'").await, Value::Null);
    // A call in log mode afterwards is journaled: the only live.action is that one.
    handle
        .environments()
        .set_layer(
            &Caller::socket_peer(),
            &Scope::Project("acme-shop".into()),
            Some(&json!({"guard": {"mode": "log"}})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(
        bash(&handle, "ssh prod-app 'sudo reboot'").await,
        Value::Null,
        "log mode says nothing"
    );
    let actions = live_actions(&handle, 1).await;
    assert_eq!(actions.len(), 1);
    assert_eq!(actions[0]["decision"], "log");
}

fn decision(answer: &Value) -> Option<&str> {
    answer["hookSpecificOutput"]["permissionDecision"].as_str()
}

/// The view kept between calls is the one the next call uses until something changes, and every change —
/// a level, an access entry, a project or environment layer, a removed environment — is seen by the very next call.
#[tokio::test]
async fn the_kept_view_serves_the_next_call_and_every_change_is_seen_by_the_very_next_call() {
    let (_dir, handle) = acme().await;
    let reboot = "ssh prod-app 'sudo reboot'";
    assert!(
        bash(&handle, reboot).await["hookSpecificOutput"]["additionalContext"].is_string(),
        "warn"
    );
    let ids = handle.guard_views().len();
    assert_eq!(ids, 1, "the view is kept");
    let project = project_ids(&handle).await;
    let stamp = (
        handle.store().environments_generation(),
        handle.global_policy().generation(),
    );
    let kept = handle.guard_views().get(stamp, &project).unwrap();
    bash(&handle, "ssh prod-app uptime").await;
    let again = handle.guard_views().get(stamp, &project).unwrap();
    assert!(std::sync::Arc::ptr_eq(&kept, &again), "no change, no rebuild");

    // A project layer.
    block_mode(&handle).await;
    assert_eq!(decision(&bash(&handle, reboot).await), Some("deny"));
    // The environment's own level.
    set_live(&handle, json!({"level": "full"})).await;
    assert_eq!(bash(&handle, reboot).await, Value::Null, "full: nothing to say");
    // An override back below it.
    set_live(&handle, json!({"overrides": {"ssh": "ask"}})).await;
    assert_eq!(decision(&bash(&handle, reboot).await), Some("ask"));
    // A new access entry: its alias is recognised at once.
    assert_eq!(bash(&handle, "ssh prod-new 'sudo reboot'").await, Value::Null);
    set_live(
        &handle,
        json!({"access": [{"kind": "ssh", "fields": {"alias": "prod-new"}}]}),
    )
    .await;
    assert_eq!(
        decision(&bash(&handle, "ssh prod-new 'sudo reboot'").await),
        Some("ask")
    );
    // An environment layer.
    handle
        .environments()
        .set_layer(
            &Caller::socket_peer(),
            &Scope::Environment("acme-shop".into(), "live".into()),
            Some(&json!({"guard": {"mode": "log"}})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(bash(&handle, reboot).await, Value::Null, "log mode says nothing");
    // The environment removed.
    handle
        .environments()
        .remove(&Caller::socket_peer(), "acme-shop", "live")
        .await
        .unwrap();
    assert_eq!(bash(&handle, reboot).await, Value::Null);
    assert_eq!(handle.guard_views().len(), 1, "only the current view is kept");
}

async fn project_ids(handle: &DaemonHandle) -> Vec<i64> {
    let mut conn = handle.store().read().await.unwrap();
    let project = crate::store::board::project_by_slug(&mut conn, "acme-shop")
        .await
        .unwrap()
        .unwrap();
    vec![project.id]
}

/// The global file is taken in by the next call when it changes; a file that breaks keeps the last valid version
/// in effect (the kept view stays right), and a fixed one is taken at once.
#[tokio::test]
async fn a_global_file_change_is_seen_by_the_next_call_and_a_broken_one_keeps_the_last_valid_version() {
    let (_dir, handle) = acme().await;
    let path = handle.global_policy().path().to_path_buf();
    let reboot = "ssh prod-app 'sudo reboot'";
    assert!(
        decision(&bash(&handle, reboot).await).is_none(),
        "warn by default"
    );

    std::fs::write(&path, r#"{"guard": {"mode": "block"}}"#).unwrap();
    assert_eq!(
        decision(&bash(&handle, reboot).await),
        Some("deny"),
        "taken without a restart"
    );

    // Broken (another size, so a new version whatever the clock's resolution): the last valid one stays.
    std::fs::write(&path, r#"{"guard": {"mode": "loud!"}}"#).unwrap();
    assert_eq!(
        decision(&bash(&handle, reboot).await),
        Some("deny"),
        "last valid kept"
    );
    assert!(handle.global_policy().broken().unwrap().contains("guard.mode"));
    assert_eq!(decision(&bash(&handle, reboot).await), Some("deny"));

    std::fs::write(&path, r#"{"levels": {"live": {"default": "ask"}}}"#).unwrap();
    assert_eq!(
        decision(&bash(&handle, reboot).await),
        Some("ask"),
        "the fixed file at once"
    );

    // Written through the service (the editor's Save): the next call sees it.
    handle
        .environments()
        .set_layer(
            &Caller::socket_peer(),
            &Scope::Global,
            Some(&json!({"guard": {"mode": "block"}, "levels": {"live": {"default": "none"}}})),
            true,
        )
        .await
        .unwrap();
    let answer = bash(&handle, "ssh prod-app uptime").await;
    assert_eq!(
        decision(&answer),
        Some("deny"),
        "none: even a read is refused: {answer}"
    );

    std::fs::remove_file(&path).unwrap();
    assert!(
        decision(&bash(&handle, reboot).await).is_none(),
        "no file: the default preset again"
    );
}
