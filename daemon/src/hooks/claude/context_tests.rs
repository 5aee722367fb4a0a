//! Owner comments, Stop blocks, the unread line and plan reminders through Claude Code's hooks, on a real store.

use relay_core::hook::{Agent, Phase, read_event};
use serde_json::{Value, json};

use super::*;
use crate::board::{Caller, NewTask, ProjectInput, StepChange, StepInput};
use crate::handle::DaemonHandle;
use crate::testing::fixture;

fn event(phase: Phase, cc: &str, extra: Value) -> HookEvent {
    let name = phase.events(Agent::Claude)[0];
    let mut body = json!({ "session_id": cc, "cwd": "/w/elsewhere", "hook_event_name": name });
    if let (Value::Object(body), Value::Object(extra)) = (&mut body, extra) {
        body.extend(extra);
    }
    read_event(Agent::Claude, phase, body.to_string().as_bytes()).unwrap()
}

fn pre_tool(cc: &str) -> HookEvent {
    event(
        Phase::PreTool,
        cc,
        json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}),
    )
}

fn owner() -> Caller {
    Caller::socket_peer()
}

fn agent(name: &str) -> Caller {
    Caller::mcp_token().with_session(Some(name.to_owned()), None)
}

/// Project `shop`, task shop-1 bound to `alice`, whose agent linked Claude Code id `cc-a` exactly.
async fn linked() -> (tempfile::TempDir, DaemonHandle) {
    let (dir, handle) = fixture().await;
    let board = handle.board();
    let input = ProjectInput {
        slug: "shop".into(),
        name: Some("Shop".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(input, &owner()).await.unwrap();
    let new = NewTask {
        project: "shop".into(),
        title: "Login".into(),
        session: Some("alice".into()),
        ..NewTask::default()
    };
    board.create_task(new, &agent("alice")).await.unwrap();
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-a", json!({})), true)
        .await
        .unwrap();
    assert_eq!(
        handle.claude().link_hook_session("alice", "cc-a").await.unwrap(),
        None
    );
    (dir, handle)
}

async fn comment(handle: &DaemonHandle, body: &str) -> i64 {
    let added = handle
        .board()
        .add_owner_comment("shop-1", body, None, &owner())
        .await
        .unwrap();
    added.value.comment.id
}

async fn say(handle: &DaemonHandle, event: &HookEvent) -> (Vec<String>, Option<String>) {
    let seen = handle.claude().hook(event, true).await.unwrap();
    (seen.context, seen.block)
}

#[tokio::test]
async fn an_owner_comment_reaches_the_exactly_linked_agent_once() {
    let (_dir, handle) = linked().await;
    let id = comment(&handle, "Please rename the button\nto \"Sign in\".").await;
    let (context, _) = say(&handle, &pre_tool("cc-a")).await;
    assert_eq!(
        context[0],
        format!("Owner comment on shop-1 (#{id}): Please rename the button / to \"Sign in\".")
    );
    assert!(context[1].contains("comment_add") && context[1].contains("comment_ack"));
    let events = handle.store().events_after(0, 500).await.unwrap();
    assert!(events.iter().any(|e| e.kind == "comment.delivered"));

    // Delivered once: the next calls carry nothing.
    let (again, _) = say(&handle, &pre_tool("cc-a")).await;
    assert!(again.is_empty(), "{again:?}");
}

#[tokio::test]
async fn a_guessed_or_unlinked_session_gets_no_comment_text() {
    let (_dir, handle) = linked().await;
    let board = handle.board();
    // bob's hook session is only guessed (no hook_session write): nothing.
    let new = NewTask {
        project: "shop".into(),
        title: "Cart".into(),
        session: Some("bob".into()),
        ..NewTask::default()
    };
    board.create_task(new, &agent("bob")).await.unwrap();
    board
        .add_owner_comment("shop-2", "Hello bob", None, &owner())
        .await
        .unwrap();
    let (context, _) = say(&handle, &pre_tool("cc-unknown")).await;
    assert!(context.is_empty(), "{context:?}");
}

#[tokio::test]
async fn comments_beyond_the_budget_follow_with_the_next_call() {
    let (_dir, handle) = linked().await;
    for n in 0..3 {
        comment(&handle, &format!("{n}{}", "x".repeat(3500))).await;
    }
    let (first, _) = say(&handle, &pre_tool("cc-a")).await;
    let comments = first.iter().filter(|l| l.starts_with("Owner comment")).count();
    assert_eq!(comments, 2, "two of 3,500 characters fit in 8,000");
    assert_eq!(
        first.last().unwrap(),
        "1 more owner comment(s) come with your next tool call."
    );
    let (second, _) = say(&handle, &pre_tool("cc-a")).await;
    assert_eq!(
        second.iter().filter(|l| l.starts_with("Owner comment")).count(),
        1
    );

    // One comment over the budget still goes out whole.
    comment(&handle, &"y".repeat(3999)).await;
    let (third, _) = say(&handle, &pre_tool("cc-a")).await;
    assert_eq!(third.iter().filter(|l| l.starts_with("Owner comment")).count(), 1);
}

#[tokio::test]
async fn stop_blocks_twice_per_turn_and_twice_per_comment() {
    let (_dir, handle) = linked().await;
    comment(&handle, "Rename the button").await;
    let stop = |active: bool| event(Phase::Stop, "cc-a", json!({"stop_hook_active": active}));

    // Turn 1: undelivered → delivered with the block; the agent continues (stop_hook_active) and is blocked once
    // more; the third Stop of the turn passes.
    let (_, block) = say(&handle, &stop(false)).await;
    assert!(block.unwrap().contains("Owner comment on shop-1"));
    let (_, block) = say(&handle, &stop(true)).await;
    assert!(block.is_some(), "relay blocked this turn, so it may block again");
    let (_, block) = say(&handle, &stop(true)).await;
    assert_eq!(block, None, "at most two blocks per turn");

    // Turn 2: the comment already caused two blocks: only the unread line and comments_list name it now.
    say(&handle, &event(Phase::Prompt, "cc-a", json!({"prompt": "go on"}))).await;
    let (_, block) = say(&handle, &stop(false)).await;
    assert_eq!(block, None, "at most two blocks per comment");
    let (context, _) = say(
        &handle,
        &event(Phase::SessionStart, "cc-a", json!({"source": "resume"})),
    )
    .await;
    assert!(
        context
            .iter()
            .any(|l| l.starts_with("You have 1 unread owner comment(s)")),
        "{context:?}"
    );
}

#[tokio::test]
async fn stop_does_not_block_when_another_hook_continues_the_turn_or_nothing_waits() {
    let (_dir, handle) = linked().await;
    let (_, block) = say(&handle, &event(Phase::Stop, "cc-a", json!({}))).await;
    assert_eq!(block, None, "nothing waits");
    comment(&handle, "One more thing").await;
    let (_, block) = say(
        &handle,
        &event(Phase::Stop, "cc-a", json!({"stop_hook_active": true})),
    )
    .await;
    assert_eq!(block, None, "another hook continues this turn");

    // Acknowledged comments block nothing.
    let (_, block) = say(&handle, &event(Phase::Stop, "cc-a", json!({}))).await;
    assert!(block.is_some());
    handle
        .board()
        .ack_comments(&[], Some("shop-1"), &agent("alice"))
        .await
        .unwrap();
    say(&handle, &event(Phase::Prompt, "cc-a", json!({"prompt": "next"}))).await;
    let (_, block) = say(&handle, &event(Phase::Stop, "cc-a", json!({}))).await;
    assert_eq!(block, None);
}

#[tokio::test]
async fn an_unread_comment_is_delivered_again_to_a_newly_bound_session() {
    let (_dir, handle) = linked().await;
    let board = handle.board();
    comment(&handle, "Check the error message").await;
    say(&handle, &pre_tool("cc-a")).await;
    board.bind_session("shop-1", "bob", &owner()).await.unwrap();
    handle
        .claude()
        .hook(&event(Phase::SessionStart, "cc-b", json!({})), true)
        .await
        .unwrap();
    handle.claude().link_hook_session("bob", "cc-b").await.unwrap();
    let (context, _) = say(&handle, &pre_tool("cc-b")).await;
    assert!(
        context.iter().any(|l| l.contains("Check the error message")),
        "{context:?}"
    );
}

#[tokio::test]
async fn session_start_counts_unread_comments_without_delivering_them() {
    let (_dir, handle) = linked().await;
    comment(&handle, "First").await;
    comment(&handle, "Second").await;
    let (context, _) = say(
        &handle,
        &event(Phase::SessionStart, "cc-a", json!({"source": "resume"})),
    )
    .await;
    assert_eq!(
        context[0],
        "Your relay hook session: cc-a. Pass it as hook_session in relay writes."
    );
    assert_eq!(
        context[1],
        "You have 2 unread owner comment(s) on your relay tasks: call comments_list, then comment_ack or comment_add."
    );
    // Not delivered: the next tool call carries both.
    let (next, _) = say(&handle, &pre_tool("cc-a")).await;
    assert_eq!(next.iter().filter(|l| l.starts_with("Owner comment")).count(), 2);
}

#[tokio::test]
async fn plan_reminders_name_the_current_step_and_what_the_agent_is_doing() {
    let (_dir, handle) = linked().await;
    let board = handle.board();
    let steps = vec![
        StepInput {
            title: "Form".into(),
            details: Some("The login form.\nMore.".into()),
        },
        StepInput {
            title: "Address book page".into(),
            details: Some("Add, edit and remove addresses.".into()),
        },
    ];
    board
        .set_plan("shop-1", steps, None, &agent("alice"))
        .await
        .unwrap();
    board.accept_plan("shop-1", &owner()).await.unwrap();
    let done = StepChange {
        step: 1,
        status: Some("done".into()),
        conformance: Some("as planned".into()),
        ..StepChange::default()
    };
    board
        .update_plan_step("shop-1", done, &agent("alice"))
        .await
        .unwrap();
    let (context, _) = say(&handle, &event(Phase::SessionStart, "cc-a", json!({}))).await;
    assert_eq!(
        context[1],
        "Plan of shop-1 (accepted): next step 2/2 'Address book page' — Add, edit and remove addresses."
    );

    // A todo change sends the reminder with "Now doing:"; the same text is not sent twice in a row.
    let create = json!({"tool_name": "TaskCreate", "tool_input": {"subject": "Write the form", "activeForm": "Writing the form"},
                        "tool_response": {"task": {"id": "1"}}});
    let (after_create, _) = say(&handle, &event(Phase::PostTool, "cc-a", create)).await;
    assert!(
        after_create.is_empty(),
        "no item in progress: the text did not change: {after_create:?}"
    );
    let start = json!({"tool_name": "TaskUpdate", "tool_input": {"taskId": "1", "status": "in_progress"}});
    let (after_start, _) = say(&handle, &event(Phase::PostTool, "cc-a", start.clone())).await;
    assert_eq!(
        after_start[0],
        "Plan of shop-1 (accepted): next step 2/2 'Address book page' — Add, edit and remove addresses. Now \
         doing: Writing the form."
    );
    let (same, _) = say(&handle, &event(Phase::PostTool, "cc-a", start)).await;
    assert!(same.is_empty(), "{same:?}");
}

mod wake {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn an_owner_comment_wakes_the_idle_session_waiting_for_it() {
        let (_dir, handle) = linked().await;
        say(&handle, &event(Phase::Stop, "cc-a", json!({}))).await;
        let waiting = {
            let handle = handle.clone();
            tokio::spawn(async move {
                let stop = event(Phase::Stop, "cc-a", json!({}));
                handle
                    .claude()
                    .wait_for_wake(&stop, Duration::from_secs(20))
                    .await
                    .unwrap()
            })
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        let id = comment(&handle, "Wake up: the build is red").await;
        let lines = waiting.await.unwrap().expect("woken");
        assert!(
            lines.starts_with(&format!(
                "Owner comment on shop-1 (#{id}): Wake up: the build is red"
            )),
            "{lines}"
        );
        // Delivered: the next tool call does not carry it again.
        let (context, _) = say(&handle, &pre_tool("cc-a")).await;
        assert!(context.is_empty(), "{context:?}");
    }

    #[tokio::test]
    async fn nothing_wakes_a_guessed_session_a_working_one_or_an_older_wait() {
        let (_dir, handle) = linked().await;
        let stop = |cc: &str| event(Phase::Stop, cc, json!({}));
        // A session the hooks only guessed: the wait ends at once.
        handle
            .claude()
            .hook(&event(Phase::SessionStart, "cc-guess", json!({})), true)
            .await
            .unwrap();
        let started = std::time::Instant::now();
        assert_eq!(
            handle
                .claude()
                .wait_for_wake(&stop("cc-guess"), Duration::from_secs(20))
                .await
                .unwrap(),
            None
        );
        assert!(started.elapsed() < Duration::from_secs(5));

        // Working (not idle): the comment waits for the next tool call; the wait runs out.
        comment(&handle, "Not now").await;
        say(&handle, &event(Phase::Prompt, "cc-a", json!({"prompt": "go"}))).await;
        assert_eq!(
            handle
                .claude()
                .wait_for_wake(&stop("cc-a"), Duration::from_millis(300))
                .await
                .unwrap(),
            None
        );

        // A newer wait for the same session ends the older one.
        let older = {
            let handle = handle.clone();
            tokio::spawn(async move {
                handle
                    .claude()
                    .wait_for_wake(&stop("cc-a"), Duration::from_secs(20))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        let newer = {
            let handle = handle.clone();
            tokio::spawn(async move {
                handle
                    .claude()
                    .wait_for_wake(&stop("cc-a"), Duration::from_millis(500))
                    .await
            })
        };
        assert_eq!(older.await.unwrap().unwrap(), None);
        assert_eq!(newer.await.unwrap().unwrap(), None);
    }
}
