//! Claude Code's hooks against a real relayd: `POST /hooks/claude-code` (http hooks) and `relay hook claude …`
//! (command hooks) — the session line at SessionStart, the desktop app's id from the environment, the status
//! the sessions page shows, and the route's refusals.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use relay::http_client;
use relay_tests::{TestDaemon, run, run_with_stdin};
use serde_json::{Value, json};

async fn post(daemon: &TestDaemon, body: Vec<u8>, extra: &[(&str, &str)]) -> http_client::Answer {
    let bearer = format!("Bearer {}", daemon.token());
    let mut headers = vec![
        ("authorization", bearer.as_str()),
        ("content-type", "application/json"),
    ];
    headers.extend_from_slice(extra);
    http_client::request_with_body(daemon.http_addr(), "POST", "/hooks/claude-code", &headers, body)
        .await
        .expect("POST /hooks/claude-code")
}

fn start(session: &str, cwd: &str) -> Vec<u8> {
    json!({"session_id": session, "cwd": cwd, "hook_event_name": "SessionStart", "source": "startup"})
        .to_string()
        .into_bytes()
}

#[tokio::test]
async fn session_start_over_http_names_the_hook_session_in_the_agents_context() {
    let daemon = TestDaemon::start().await;
    let answer = post(&daemon, start("cc-http-1", "/tmp/work"), &[]).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(body["hookSpecificOutput"]["hookEventName"], "SessionStart");
    assert_eq!(
        body["hookSpecificOutput"]["additionalContext"],
        "Your relay hook session: cc-http-1. Pass it as hook_session in relay writes."
    );

    // A tool call has nothing to tell the agent: 204.
    let pre = json!({"session_id": "cc-http-1", "cwd": "/tmp/work", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "ls"}});
    let answer = post(&daemon, pre.to_string().into_bytes(), &[]).await;
    assert_eq!(answer.status, 204, "{answer:?}");
    // Events relay does not handle are ignored.
    let compact = json!({"session_id": "cc-http-1", "cwd": "/tmp/work", "hook_event_name": "PreCompact"});
    assert_eq!(
        post(&daemon, compact.to_string().into_bytes(), &[]).await.status,
        204
    );
}

#[tokio::test]
async fn the_route_refuses_bad_bodies_and_callers_without_the_token() {
    let daemon = TestDaemon::start().await;
    let not_json = post(&daemon, b"session_id=1".to_vec(), &[]).await;
    assert_eq!(not_json.status, 400, "{not_json:?}");
    assert!(not_json.body.contains("not JSON"), "{}", not_json.body);
    let array = post(&daemon, b"[1]".to_vec(), &[]).await;
    assert_eq!(array.status, 400, "{array:?}");

    // Over 256 KB: dropped with 204, so the agent goes on.
    let mut huge = start("cc-big", "/tmp/work");
    huge.truncate(huge.len() - 1);
    huge.extend(format!(",\"pad\":\"{}\"}}", "x".repeat(300 * 1024)).into_bytes());
    assert_eq!(post(&daemon, huge, &[]).await.status, 204);

    let no_token = http_client::request_with_body(
        daemon.http_addr(),
        "POST",
        "/hooks/claude-code",
        &[("content-type", "application/json")],
        start("cc-x", "/tmp"),
    )
    .await
    .unwrap();
    assert_eq!(no_token.status, 401, "{no_token:?}");
    let foreign = post(
        &daemon,
        start("cc-x", "/tmp"),
        &[("origin", "https://evil.example")],
    )
    .await;
    assert_eq!(foreign.status, 403, "{foreign:?}");
}

#[tokio::test]
async fn the_desktop_id_from_a_header_or_the_environment_links_the_session_exactly() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    run(home.relay().args([
        "project",
        "upsert",
        "shop",
        "--name",
        "Shop",
        "--repo",
        "/srv/shop",
    ]))
    .await
    .assert_success();
    run(home.relay().args([
        "task",
        "create",
        "-p",
        "shop",
        "Checkout",
        "--bind",
        "local_desk-1",
    ]))
    .await
    .assert_success();

    // http hook: the header.
    let answer = post(
        &daemon,
        start("cc-h", "/srv/shop"),
        &[
            ("x-relay-host-session", "local_desk-1"),
            ("x-relay-host-attended", "1"),
        ],
    )
    .await;
    assert_eq!(answer.status, 200);
    let detail = task_json(&daemon, "shop-1").await;
    assert_eq!(detail["task"]["session"], "local_desk-1");

    // command hook: the environment, through `relay hook claude session-start`; the window resumes.
    let mut hook = home.relay();
    hook.args(["hook", "claude", "session-start"])
        .env("CLAUDE_CODE_HOST_SESSION_ID", "local_desk-1")
        .env("CLAUDE_CODE_SESSION_ATTENDED", "1");
    let body = json!({"session_id": "cc-cmd", "cwd": "/srv/shop", "hook_event_name": "SessionStart", "source": "resume"});
    let out = run_with_stdin(&mut hook, body.to_string().as_bytes()).await;
    out.assert_code(0);
    let printed: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(
        printed["hookSpecificOutput"]["additionalContext"],
        "Your relay hook session: cc-cmd. Pass it as hook_session in relay writes."
    );
    // The link moved to the new Claude Code id: the old one's SessionEnd no longer touches the desktop session.
    let end =
        json!({"session_id": "cc-h", "cwd": "/srv/shop", "hook_event_name": "SessionEnd", "reason": "other"});
    assert_eq!(post(&daemon, end.to_string().into_bytes(), &[]).await.status, 204);
    assert_eq!(
        task_json(&daemon, "shop-1").await["task"]["session"],
        "local_desk-1"
    );
}

async fn task_json(daemon: &TestDaemon, key: &str) -> Value {
    let output = run(daemon.home().relay().args(["task", "show", key, "--json"])).await;
    output.assert_success();
    serde_json::from_str(&output.stdout).unwrap()
}

async fn claude_hook(daemon: &TestDaemon, phase: &str, body: Value) -> Value {
    let out = run_with_stdin(
        daemon.relay().args(["hook", "claude", phase]),
        body.to_string().as_bytes(),
    )
    .await;
    out.assert_code(0);
    if out.stdout.trim().is_empty() {
        return Value::Null;
    }
    serde_json::from_str(out.stdout.trim()).unwrap()
}

#[tokio::test]
async fn the_owners_comment_round_trip_goes_through_the_hooks_and_back_over_mcp() {
    let daemon = TestDaemon::start().await;
    let cwd = "/srv/app";
    daemon
        .mcp_call("project_upsert", json!({"slug": "app", "name": "App"}))
        .await;
    daemon
        .mcp_call(
            "task_create",
            json!({"project": "app", "title": "Login", "session": "agent-1"}),
        )
        .await;

    // The session starts; the agent links its hook session with its next write.
    let start = claude_hook(
        &daemon,
        "session-start",
        json!({"session_id": "cc-rt", "cwd": cwd, "hook_event_name": "SessionStart", "source": "startup"}),
    )
    .await;
    assert!(
        start["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap()
            .contains("cc-rt")
    );
    let linked = daemon.mcp_call("task_update",
        json!({"task": "app-1", "progress": "form drafted", "session": "agent-1", "hook_session": "cc-rt"}),
    )
    .await;
    assert!(!linked.contains("Warning"), "{linked}");

    // The owner comments from the command line.
    run(daemon.relay().args([
        "comment",
        "add",
        "app-1",
        "-m",
        "Use the brand colour for the button",
    ]))
    .await
    .assert_success();

    // The agent's next tool call carries it.
    let pre = json!({"session_id": "cc-rt", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Edit",
                     "tool_input": {"file_path": "/srv/app/src/login.rs", "old_string": "a", "new_string": "b"}});
    let answer = claude_hook(&daemon, "pre-tool", pre.clone()).await;
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default();
    assert!(
        context.contains("Owner comment on app-1 (#1): Use the brand colour for the button"),
        "{answer}"
    );
    // Delivered once.
    assert_eq!(claude_hook(&daemon, "pre-tool", pre).await, Value::Null);

    // The agent answers over MCP; the owner sees the reply and the comment read.
    daemon.mcp_call("comment_add",
        json!({"task": "app-1", "body": "Done: the button uses --brand.", "in_reply_to": 1, "session": "agent-1"})).await;
    let thread = run(daemon.relay().args(["comment", "list", "app-1", "--json"])).await;
    thread.assert_success();
    assert!(
        thread.stdout.contains("Done: the button uses --brand."),
        "{thread}"
    );
    let stop = claude_hook(
        &daemon,
        "stop",
        json!({"session_id": "cc-rt", "cwd": cwd, "hook_event_name": "Stop", "stop_hook_active": false}),
    )
    .await;
    assert_eq!(stop, Value::Null, "nothing waits: the turn ends");
}

#[tokio::test]
async fn the_wake_up_hook_exits_2_with_the_comment_when_the_owner_writes_to_an_idle_session() {
    let daemon = TestDaemon::start().await;
    let cwd = "/srv/wake";
    daemon
        .mcp_call("project_upsert", json!({"slug": "wake", "name": "Wake"}))
        .await;
    daemon
        .mcp_call(
            "task_create",
            json!({"project": "wake", "title": "Login", "session": "agent-w"}),
        )
        .await;
    claude_hook(
        &daemon,
        "session-start",
        json!({"session_id": "cc-w", "cwd": cwd, "hook_event_name": "SessionStart"}),
    )
    .await;
    daemon
        .mcp_call(
            "task_update",
            json!({"task": "wake-1", "progress": "started", "session": "agent-w", "hook_session": "cc-w"}),
        )
        .await;
    let stop =
        json!({"session_id": "cc-w", "cwd": cwd, "hook_event_name": "Stop", "stop_hook_active": false});
    assert_eq!(claude_hook(&daemon, "stop", stop.clone()).await, Value::Null);

    let mut wait = daemon.relay();
    wait.args(["hook", "claude", "stop", "--wait"]);
    let body = stop.to_string();
    let waiting = run_with_stdin(&mut wait, body.as_bytes());
    let comment = async {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        run(daemon
            .relay()
            .args(["comment", "add", "wake-1", "-m", "The build is red, have a look"]))
        .await
    };
    let (woken, added) = tokio::join!(waiting, comment);
    added.assert_success();
    woken.assert_code(2);
    assert!(
        woken
            .stderr
            .contains("Owner comment on wake-1 (#1): The build is red, have a look"),
        "{woken}"
    );

    // Over HTTP, a session relay does not know wakes nothing: 204 at once.
    let bearer = format!("Bearer {}", daemon.token());
    let unknown = json!({"session_id": "cc-nobody", "cwd": cwd, "hook_event_name": "Stop"});
    let answer = http_client::request_with_body(
        daemon.http_addr(),
        "POST",
        "/hooks/claude-code/wait",
        &[
            ("authorization", bearer.as_str()),
            ("content-type", "application/json"),
        ],
        unknown.to_string().into_bytes(),
    )
    .await
    .unwrap();
    assert_eq!(answer.status, 204, "{answer:?}");
}

#[tokio::test]
async fn the_wake_up_hook_exits_0_at_once_when_relayd_is_not_running() {
    let home = relay_tests::TestHome::new();
    let stop = json!({"session_id": "cc-x", "cwd": "/tmp", "hook_event_name": "Stop"});
    let started = std::time::Instant::now();
    let out = run_with_stdin(
        home.relay().args(["hook", "claude", "stop", "--wait"]),
        stop.to_string().as_bytes(),
    )
    .await;
    out.assert_code(0);
    assert_eq!(out.stdout, "");
    // No socket to dial: the hook needs no budget at all. The bound is half the harness's budget (the hook's
    // longest step), far below the 25 minutes of a wait, so only a hook that waited fails it.
    let bound = std::time::Duration::from_millis(relay_tests::HOOK_BUDGET_MS / 2);
    assert!(
        started.elapsed() < bound,
        "the wake-up hook waited {:?} with no relayd to wait on (bound {bound:?}): {out}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_hook_session_without_its_session_is_noted_not_ignored() {
    let daemon = TestDaemon::start().await;
    daemon
        .mcp_call("project_upsert", json!({"slug": "app", "name": "App"}))
        .await;
    daemon
        .mcp_call("task_create", json!({"project": "app", "title": "Form"}))
        .await;
    let answer = daemon
        .mcp_call(
            "task_update",
            json!({"task": "app-1", "progress": "form drafted", "hook_session": "cc-alone"}),
        )
        .await;
    assert!(
        answer.contains(
            "Note: hook_session was not linked: it needs the session it belongs to; pass session too"
        ),
        "{answer}"
    );
}

#[tokio::test]
async fn report_add_says_when_its_first_line_is_not_read_and_echoes_what_it_saved() {
    let daemon = TestDaemon::start().await;
    daemon
        .mcp_call("project_upsert", json!({"slug": "rep", "name": "Reports"}))
        .await;
    daemon
        .mcp_call("task_create", json!({"project": "rep", "title": "Form"}))
        .await;
    let loose = daemon
        .mcp_call(
            "report_add",
            json!({"task": "rep-1", "body": "Did some work on the form.", "progress": "form drafted", "session": "s1"}),
        )
        .await;
    assert!(
        loose.contains("Hint: the first line was not read as `state · size · gist` (states: "),
        "{loose}"
    );
    assert!(loose.contains("Saved with it: progress."), "{loose}");
    let kept = daemon
        .mcp_call(
            "report_add",
            json!({"task": "rep-1", "body": "committed · S · form drafted", "session": "s1"}),
        )
        .await;
    assert!(!kept.contains("Hint: the first line"), "{kept}");
    assert!(!kept.contains("Saved with it"), "{kept}");
}
