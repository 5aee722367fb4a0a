//! Claude Code sessions through their hooks, on a real store: the five linking rules, status and activity,
//! SessionEnd, and the exact link an agent makes with `hook_session`.

use relay_core::hook::{Agent, HookEvent, Phase, read_event};
use serde_json::{Value, json};

use crate::board::{Caller, NewTask, ProjectInput};
use crate::handle::DaemonHandle;
use crate::store::hook_session as db;
use crate::testing::fixture;

fn event(phase: Phase, cc: &str, cwd: &str, extra: Value) -> HookEvent {
    let name = phase.events(Agent::Claude)[0];
    let mut body = json!({ "session_id": cc, "cwd": cwd, "hook_event_name": name });
    if let (Value::Object(body), Value::Object(extra)) = (&mut body, extra) {
        body.extend(extra);
    }
    read_event(Agent::Claude, phase, body.to_string().as_bytes()).unwrap()
}

async fn project(handle: &DaemonHandle, slug: &str, repo: &str) {
    let input = ProjectInput {
        slug: slug.to_owned(),
        name: Some(slug.to_owned()),
        repo_path: Some(repo.to_owned()),
        ..ProjectInput::default()
    };
    handle
        .board()
        .upsert_project(input, &Caller::socket_peer())
        .await
        .unwrap();
}

/// A task of `slug` bound to `session`; returns its key.
async fn bound_task(handle: &DaemonHandle, slug: &str, session: &str) -> String {
    let new = NewTask {
        project: slug.to_owned(),
        title: "Work".to_owned(),
        session: Some(session.to_owned()),
        ..NewTask::default()
    };
    let task = handle
        .board()
        .create_task(new, &Caller::socket_peer())
        .await
        .unwrap()
        .value;
    task.key()
}

async fn row(handle: &DaemonHandle, cc: &str) -> Option<db::HookSessionRow> {
    let mut conn = handle.store().read().await.unwrap();
    db::by_cc(&mut conn, cc).await.unwrap()
}

async fn kinds_after(handle: &DaemonHandle, after: i64) -> Vec<String> {
    let events = handle.store().events_after(after, 100).await.unwrap();
    events.into_iter().map(|e| e.kind).collect()
}

#[tokio::test]
async fn a_folder_without_a_project_gets_a_plain_hook_session_named_after_it() {
    let (_dir, handle) = fixture().await;
    let seen = handle
        .claude()
        .hook(
            &event(
                Phase::SessionStart,
                "cc-1",
                "/w/notes",
                json!({"source": "startup"}),
            ),
            true,
        )
        .await
        .unwrap();
    assert_eq!(
        seen.context,
        vec!["Your relay hook session: cc-1. Pass it as hook_session in relay writes.".to_owned()]
    );
    let row = row(&handle, "cc-1").await.unwrap();
    assert_eq!(
        (row.name.as_str(), row.kind.as_str(), row.cc_exact),
        ("notes", "hook", false)
    );
    assert_eq!(row.hook_status.as_deref(), Some("working"));
    assert_eq!(row.activity.as_deref(), Some("started (startup)"));

    // A second live session in the same folder gets a name of its own.
    handle
        .claude()
        .hook(
            &event(Phase::SessionStart, "cc-2abcdefgh", "/w/notes", json!({})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(row_name(&handle, "cc-2abcdefgh").await, "notes cc-2abcd");
}

async fn row_name(handle: &DaemonHandle, cc: &str) -> String {
    row(handle, cc).await.unwrap().name
}

#[tokio::test]
async fn the_one_desktop_session_of_the_project_is_linked_by_folder_as_a_guess() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    bound_task(&handle, "shop", "local_aaa").await;
    handle
        .claude()
        .hook(
            &event(Phase::SessionStart, "cc-1", "/w/shop/src", json!({})),
            true,
        )
        .await
        .unwrap();
    let row = row(&handle, "cc-1").await.unwrap();
    assert_eq!(row.name, "local_aaa");
    assert!(!row.cc_exact, "a link guessed from the folder is not exact");
}

#[tokio::test]
async fn ambiguous_candidates_leave_the_hook_session_unlinked_with_a_reason() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    bound_task(&handle, "shop", "local_aaa").await;
    bound_task(&handle, "shop", "local_bbb").await;
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-1", "/w/shop", json!({})), true)
        .await
        .unwrap();
    let row = row(&handle, "cc-1").await.unwrap();
    assert_eq!(row.kind, "hook");
    let mut conn = handle.store().read().await.unwrap();
    let reason: Option<String> = sqlx::query_scalar("SELECT unlinked_reason FROM session WHERE id = ?")
        .bind(row.id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(
        reason.as_deref(),
        Some("several desktop sessions work in shop: local_aaa, local_bbb")
    );
}

#[tokio::test]
async fn the_desktop_app_id_links_exactly_and_only_the_window_moves_a_live_link() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    bound_task(&handle, "shop", "local_aaa").await;
    let host = |source: &str, attended: &str| json!({"source": source, "relay_host_session": "local_aaa", "relay_host_attended": attended});
    handle
        .claude()
        .hook(
            &event(Phase::SessionStart, "cc-1", "/w/shop", host("startup", "1")),
            true,
        )
        .await
        .unwrap();
    assert!(row(&handle, "cc-1").await.unwrap().cc_exact);

    // A `claude -p` started from one of its tools inherits the desktop id but runs unattended: not moved.
    handle
        .claude()
        .hook(
            &event(Phase::SessionStart, "cc-child", "/w/shop", host("startup", "")),
            true,
        )
        .await
        .unwrap();
    assert_eq!(row(&handle, "cc-1").await.unwrap().name, "local_aaa");
    assert_ne!(row_name(&handle, "cc-child").await, "local_aaa");

    // The window itself resumes after a restart whose old process sent no SessionEnd: moved.
    handle
        .claude()
        .hook(
            &event(Phase::SessionStart, "cc-2", "/w/shop", host("resume", "1")),
            true,
        )
        .await
        .unwrap();
    let linked = row(&handle, "cc-2").await.unwrap();
    assert_eq!((linked.name.as_str(), linked.cc_exact), ("local_aaa", true));
    assert!(
        row(&handle, "cc-1").await.is_none(),
        "the old id is no longer linked"
    );

    // Unknown desktop ids are ignored.
    handle
        .claude()
        .hook(
            &event(
                Phase::SessionStart,
                "cc-3",
                "/w/else",
                json!({"relay_host_session": "local_nope"}),
            ),
            true,
        )
        .await
        .unwrap();
    assert_eq!(row_name(&handle, "cc-3").await, "else");
}

#[tokio::test]
async fn status_changes_are_written_at_once_and_announced_per_bound_task() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    let key = bound_task(&handle, "shop", "local_aaa").await;
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-1", "/w/shop", json!({})), true)
        .await
        .unwrap();
    let after = handle.store().last_event_id();
    handle
        .claude()
        .hook(
            &event(
                Phase::PreTool,
                "cc-1",
                "/w/shop",
                json!({"tool_name": "Bash", "tool_input": {}}),
            ),
            true,
        )
        .await
        .unwrap();
    assert!(
        kinds_after(&handle, after).await.is_empty(),
        "still working: no event"
    );
    handle
        .claude()
        .hook(
            &event(
                Phase::Notification,
                "cc-1",
                "/w/shop",
                json!({"message": "Claude needs your permission"}),
            ),
            true,
        )
        .await
        .unwrap();
    handle
        .claude()
        .hook(&event(Phase::Stop, "cc-1", "/w/shop", json!({})), true)
        .await
        .unwrap();
    let events = handle.store().events_after(after, 10).await.unwrap();
    let statuses: Vec<(String, String)> = events
        .iter()
        .map(|e| {
            let data: Value = serde_json::from_str(&e.data).unwrap();
            (e.subject.clone(), data["status"].as_str().unwrap().to_owned())
        })
        .collect();
    assert_eq!(
        statuses,
        vec![(key.clone(), "waiting".to_owned()), (key, "idle".to_owned())]
    );
    let row = row(&handle, "cc-1").await.unwrap();
    assert_eq!(row.hook_status.as_deref(), Some("idle"));
    assert_eq!(row.activity.as_deref(), Some("turn finished"));
}

#[tokio::test]
async fn activity_of_a_working_session_is_coalesced() {
    let (_dir, handle) = fixture().await;
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-1", "/w/a", json!({})), true)
        .await
        .unwrap();
    handle
        .claude()
        .hook(
            &event(
                Phase::PreTool,
                "cc-1",
                "/w/a",
                json!({"tool_name": "Read", "tool_input": {}}),
            ),
            true,
        )
        .await
        .unwrap();
    assert_eq!(
        row(&handle, "cc-1").await.unwrap().activity.as_deref(),
        Some("started (startup)"),
        "within 5 s of the last write the activity waits"
    );
}

#[tokio::test]
async fn session_end_unbinds_a_plain_session_but_not_after_clear_nor_a_desktop_one() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    // No desktop session in the project: a plain hook session, bound to a task by the owner.
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-1", "/w/shop", json!({})), true)
        .await
        .unwrap();
    let key = bound_task(&handle, "shop", "shop").await;
    handle
        .claude()
        .hook(
            &event(Phase::SessionEnd, "cc-1", "/w/shop", json!({"reason": "clear"})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(bound_session(&handle, &key).await.as_deref(), Some("shop"));
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-1", "/w/shop", json!({})), true)
        .await
        .unwrap();
    let after = handle.store().last_event_id();
    handle
        .claude()
        .hook(
            &event(
                Phase::SessionEnd,
                "cc-1",
                "/w/shop",
                json!({"reason": "prompt_input_exit"}),
            ),
            true,
        )
        .await
        .unwrap();
    assert_eq!(bound_session(&handle, &key).await, None);
    let unbound = handle.store().events_after(after, 10).await.unwrap();
    let unbound = unbound.iter().find(|e| e.kind == "task.session_unbound").unwrap();
    assert!(
        unbound.data.contains("\"reason\":\"session_end\""),
        "{}",
        unbound.data
    );

    // A desktop session's binding outlives the Claude Code process.
    let desk = bound_task(&handle, "shop", "local_aaa").await;
    handle
        .claude()
        .hook(
            &event(
                Phase::SessionStart,
                "cc-9",
                "/w/x",
                json!({"relay_host_session": "local_aaa"}),
            ),
            true,
        )
        .await
        .unwrap();
    handle
        .claude()
        .hook(
            &event(Phase::SessionEnd, "cc-9", "/w/x", json!({"reason": "logout"})),
            true,
        )
        .await
        .unwrap();
    assert_eq!(bound_session(&handle, &desk).await.as_deref(), Some("local_aaa"));

    // A SessionEnd for an id no session holds is dropped.
    let before = handle.store().last_event_id();
    handle
        .claude()
        .hook(&event(Phase::SessionEnd, "cc-unknown", "/w/y", json!({})), true)
        .await
        .unwrap();
    assert!(row(&handle, "cc-unknown").await.is_none());
    assert_eq!(handle.store().last_event_id(), before);
}

async fn bound_session(handle: &DaemonHandle, key: &str) -> Option<String> {
    handle.board().task(key).await.unwrap().task.session
}

#[tokio::test]
async fn an_agent_links_its_hook_session_exactly_and_a_guessed_row_hands_over() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", "/w/shop").await;
    bound_task(&handle, "shop", "alice").await;
    handle
        .claude()
        .hook(
            &event(
                Phase::Notification,
                "cc-1",
                "/w/elsewhere",
                json!({"message": "waiting"}),
            ),
            true,
        )
        .await
        .unwrap();
    let guessed = row(&handle, "cc-1").await.unwrap();
    assert_eq!(guessed.kind, "hook");

    assert_eq!(
        handle.claude().link_hook_session("alice", "cc-1").await.unwrap(),
        None
    );
    let linked = row(&handle, "cc-1").await.unwrap();
    assert_eq!((linked.name.as_str(), linked.cc_exact), ("alice", true));
    assert_eq!(
        linked.hook_status.as_deref(),
        Some("waiting"),
        "the status is handed over"
    );
    let mut conn = handle.store().read().await.unwrap();
    assert!(
        db::by_id(&mut conn, guessed.id).await.unwrap().is_none(),
        "the guessed row is removed"
    );
    drop(conn);

    // The next hook call finds the new link.
    handle
        .claude()
        .hook(&event(Phase::Stop, "cc-1", "/w/elsewhere", json!({})), true)
        .await
        .unwrap();
    assert_eq!(
        row(&handle, "cc-1").await.unwrap().hook_status.as_deref(),
        Some("idle")
    );

    // Another live session's exact link is not taken.
    bound_task(&handle, "shop", "bob").await;
    assert_eq!(
        handle
            .claude()
            .link_hook_session("bob", "cc-1")
            .await
            .unwrap()
            .as_deref(),
        Some("Warning: hook_session cc-1 belongs to another session (alice); not relinked.")
    );
    assert_eq!(row_name(&handle, "cc-1").await, "alice");
    // A session relay has not seen yet gets the same warning, not silence…
    assert_eq!(
        handle
            .claude()
            .link_hook_session("carol", "cc-1")
            .await
            .unwrap()
            .as_deref(),
        Some("Warning: hook_session cc-1 belongs to another session (alice); not relinked.")
    );
    // …and links a free id exactly, as a bound one would.
    assert_eq!(
        handle.claude().link_hook_session("dave", "cc-2").await.unwrap(),
        None
    );
    let linked = row(&handle, "cc-2").await.unwrap();
    assert_eq!((linked.name.as_str(), linked.cc_exact), ("dave", true));
}

#[tokio::test]
async fn two_first_calls_of_a_new_session_at_once_make_one_session() {
    let (_dir, handle) = fixture().await;
    let first = event(
        Phase::PreTool,
        "cc-race",
        "/w/race",
        json!({"tool_name": "Read", "tool_input": {}}),
    );
    let second = first.clone();
    let claude = handle.claude();
    let (a, b) = tokio::join!(claude.hook(&first, true), claude.hook(&second, true));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(
        a.session.unwrap().session_id,
        b.session.unwrap().session_id,
        "both calls found the same session"
    );
    let mut conn = handle.store().read().await.unwrap();
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM session")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(sessions, 1);
}
