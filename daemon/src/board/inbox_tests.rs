//! The inbox groups against a real store.

use relay_core::hook::{Agent, Phase, read_event};
use serde_json::{Value, json};

use crate::board::{Caller, Decision, NewTask, ProjectInput, ReviewStepInput, TaskChange};
use crate::handle::DaemonHandle;
use crate::testing::{fixture, fixture_with};

fn cli() -> Caller {
    Caller::socket_peer()
}

fn agent(name: &str) -> Caller {
    Caller::mcp_token().with_session(Some(name.to_owned()), None)
}

async fn project(handle: &DaemonHandle, slug: &str, repo: Option<&str>) {
    let input = ProjectInput {
        slug: slug.to_owned(),
        name: Some(slug.to_owned()),
        repo_path: repo.map(str::to_owned),
        ..ProjectInput::default()
    };
    handle.board().upsert_project(input, &cli()).await.unwrap();
}

async fn task(handle: &DaemonHandle, project: &str, title: &str, fields: &[(&str, Value)]) -> String {
    let new = NewTask {
        project: project.to_owned(),
        title: title.to_owned(),
        fields: fields.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect(),
        ..NewTask::default()
    };
    handle.board().create_task(new, &cli()).await.unwrap().value.key()
}

async fn update(handle: &DaemonHandle, key: &str, fields: &[(&str, Value)]) {
    let change = TaskChange {
        fields: fields.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect(),
        expected_version: None,
    };
    handle.board().update_task(key, change, &cli()).await.unwrap();
}

fn keys<T>(rows: &[T], key: impl Fn(&T) -> &str) -> Vec<String> {
    rows.iter().map(|r| key(r).to_owned()).collect()
}

#[tokio::test]
async fn an_empty_board_needs_nothing() {
    let (_dir, handle) = fixture().await;
    let inbox = handle.board().inbox().await.unwrap();
    assert_eq!(inbox.total(), 0);
}

#[tokio::test]
async fn every_group_lists_what_waits_for_the_owner() {
    let (_dir, handle) = fixture().await;
    let board = handle.board();
    project(&handle, "shop", Some("/w/shop")).await;

    // Review queue: tasks in review or test with a checklist, the longest waiting first.
    let first = task(&handle, "shop", "Login", &[("stage", json!("review"))]).await;
    let second = task(&handle, "shop", "Cart", &[("stage", json!("test"))]).await;
    let no_list = task(&handle, "shop", "No checklist", &[("stage", json!("review"))]).await;
    for key in [&second, &first] {
        let steps = [
            ReviewStepInput {
                title: "Open the page".into(),
                details: None,
            },
            ReviewStepInput {
                title: "Sign in".into(),
                details: None,
            },
        ];
        board.set_review_steps(key, &steps, &agent("a1")).await.unwrap();
    }
    board
        .decide_review_step(&first, 1, Decision::Accept, None, &cli())
        .await
        .unwrap();

    // Waiting on you: open tasks whose waiting_on names the owner, any case and spacing.
    let waiting = task(
        &handle,
        "shop",
        "Pick a colour",
        &[("waiting_on", json!("  Owner "))],
    )
    .await;
    task(&handle, "shop", "Someone else's", &[("waiting_on", json!("bob"))]).await;

    // Rule warnings: the last stage move missed a rule, until the task moves again.
    let warned = task(&handle, "shop", "Ship it", &[]).await;
    update(&handle, &warned, &[("stage", json!("test"))]).await;
    let moved_on = task(&handle, "shop", "Moved on", &[]).await;
    update(&handle, &moved_on, &[("stage", json!("test"))]).await;
    update(&handle, &moved_on, &[("stage", json!("plan"))]).await;

    // Agent replies: unread agent comments, the newest reply's author and text.
    let replied = task(&handle, "shop", "Question", &[]).await;
    board
        .add_agent_reply(&replied, "Which colour?", None, &agent("a1"))
        .await
        .unwrap();
    board
        .add_agent_reply(&replied, "Blue or green?", None, &agent("a2"))
        .await
        .unwrap();

    // Unlinked hook sessions: two desktop sessions in the project make the folder ambiguous.
    let one = task(&handle, "shop", "Desk one", &[]).await;
    board
        .bind_session(&one, "local_one", false, &cli())
        .await
        .unwrap();
    let two = task(&handle, "shop", "Desk two", &[]).await;
    board
        .bind_session(&two, "local_two", false, &cli())
        .await
        .unwrap();
    let body = json!({"session_id": "cc-1", "cwd": "/w/shop", "hook_event_name": "SessionStart"});
    let event = read_event(Agent::Claude, Phase::SessionStart, body.to_string().as_bytes()).unwrap();
    handle.claude().hook(&event, true).await.unwrap();

    let inbox = board.inbox().await.unwrap();
    assert_eq!(
        keys(&inbox.review_queue, |r| &r.task.key),
        vec![first.clone(), second.clone()]
    );
    assert!(!keys(&inbox.review_queue, |r| &r.task.key).contains(&no_list));
    let login = &inbox.review_queue[0];
    assert_eq!((login.accepted, login.rejected, login.steps), (1, 0, 2));
    assert_eq!(keys(&inbox.waiting_on_you, |t| &t.key), vec![waiting]);
    assert_eq!(keys(&inbox.rule_warnings, |r| &r.task.key), vec![warned]);
    assert!(inbox.rule_warnings[0].warnings[0].starts_with("Warning (rules):"));
    assert_eq!(keys(&inbox.agent_replies, |r| &r.task.key), vec![replied.clone()]);
    let reply = &inbox.agent_replies[0];
    assert_eq!(
        (reply.unread, reply.author.as_str(), reply.body.as_str()),
        (2, "a2", "Blue or green?")
    );
    assert_eq!(inbox.unlinked_sessions.len(), 1);
    assert_eq!(
        inbox.unlinked_sessions[0].reason,
        "several desktop sessions work in shop: local_one, local_two"
    );
    assert!(inbox.not_logged.is_empty(), "only with require_tracker_log");

    // Reading the replies clears the group.
    board.mark_replies_read(&replied, &cli()).await.unwrap();
    assert!(board.inbox().await.unwrap().agent_replies.is_empty());
}

#[tokio::test]
async fn done_tasks_without_the_tracker_mark_are_listed_when_the_log_is_required() {
    let (_dir, handle) = fixture_with(|config| {
        config.require_tracker_log = true;
        config.owner_names = vec!["ana".into()];
    })
    .await;
    project(&handle, "shop", None).await;
    let unlogged = task(
        &handle,
        "shop",
        "Done, not logged",
        &[("progress", json!("all done"))],
    )
    .await;
    update(&handle, &unlogged, &[("stage", json!("done"))]).await;
    let logged = task(
        &handle,
        "shop",
        "Done and logged",
        &[("progress", json!("all done"))],
    )
    .await;
    update(
        &handle,
        &logged,
        &[("tracker_ref", json!("JIRA-1")), ("tracker_logged", json!(true))],
    )
    .await;
    update(&handle, &logged, &[("stage", json!("done"))]).await;
    let mine = task(&handle, "shop", "Mine", &[("waiting_on", json!("Ana"))]).await;
    task(
        &handle,
        "shop",
        "Owner's, not with these names",
        &[("waiting_on", json!("owner"))],
    )
    .await;

    let inbox = handle.board().inbox().await.unwrap();
    assert_eq!(keys(&inbox.not_logged, |t| &t.key), vec![unlogged]);
    assert_eq!(keys(&inbox.waiting_on_you, |t| &t.key), vec![mine]);
}

#[tokio::test]
async fn archived_done_tasks_are_left_out() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", None).await;
    let old = task(&handle, "shop", "Old", &[("waiting_on", json!("me"))]).await;
    update(&handle, &old, &[("stage", json!("done"))]).await;
    let mut conn = handle.store().read().await.unwrap();
    sqlx::query("UPDATE task SET closed_at_ms = closed_at_ms - 8 * 86400000")
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    let inbox = handle.board().inbox().await.unwrap();
    assert!(
        inbox.rule_warnings.is_empty(),
        "the archived task's warnings are not listed: {inbox:?}"
    );
    assert_eq!(inbox.total(), 0, "{inbox:?}");
}

#[tokio::test]
async fn waiting_on_the_owner_in_the_words_agents_write_reaches_the_inbox() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", None).await;
    let mut expected = Vec::new();
    for name in ["the owner", "@me", "  Owner ", "The Owner"] {
        expected.push(task(&handle, "shop", name, &[("waiting_on", json!(name))]).await);
    }
    let other = task(
        &handle,
        "shop",
        "Other",
        &[("waiting_on", json!("the ownerless"))],
    )
    .await;
    let inbox = handle.board().inbox().await.unwrap();
    let mut keys = keys(&inbox.waiting_on_you, |t| &t.key);
    keys.sort();
    expected.sort();
    assert_eq!(keys, expected);
    assert!(!keys.contains(&other));
}

#[tokio::test]
async fn the_badge_counts_a_task_once_when_several_groups_list_it() {
    let (_dir, handle) = fixture().await;
    project(&handle, "shop", None).await;
    // Waiting on the owner and moved to test without a report: two groups, one task.
    let both = task(&handle, "shop", "Both", &[("waiting_on", json!("owner"))]).await;
    update(&handle, &both, &[("stage", json!("test"))]).await;
    let inbox = handle.board().inbox().await.unwrap();
    assert_eq!(keys(&inbox.waiting_on_you, |t| &t.key), vec![both.clone()]);
    assert_eq!(keys(&inbox.rule_warnings, |r| &r.task.key), vec![both.clone()]);
    assert_eq!(inbox.total(), 1, "{inbox:?}");
}
