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
    // Project `cart` in /w/cart with one desktop session, local_bob, bound to cart-1: a Claude Code id first
    // seen in that folder is linked to local_bob by guess (hook_session_tests pins the rule).
    let input = ProjectInput {
        slug: "cart".into(),
        name: Some("Cart".into()),
        repo_path: Some("/w/cart".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(input, &owner()).await.unwrap();
    let new = NewTask {
        project: "cart".into(),
        title: "Cart".into(),
        session: Some("local_bob".into()),
        ..NewTask::default()
    };
    board.create_task(new, &owner()).await.unwrap();
    let mut start = event(Phase::SessionStart, "cc-guess", json!({}));
    start.cwd = "/w/cart/src".into();
    handle.claude().hook(&start, true).await.unwrap();
    let guess = {
        let mut conn = handle.store().read().await.unwrap();
        crate::store::hook_session::by_cc(&mut conn, "cc-guess")
            .await
            .unwrap()
            .unwrap()
    };
    assert_eq!(
        (guess.name.as_str(), guess.cc_exact),
        ("local_bob", false),
        "cc-guess is linked to local_bob by guess"
    );
    let after = handle.store().last_event_id();
    board
        .add_owner_comment("cart-1", "Hello bob", None, &owner())
        .await
        .unwrap();

    // The guessed session's tool calls and prompts carry nothing, and nothing is marked delivered.
    for call in [
        pre_tool("cc-guess"),
        event(Phase::Prompt, "cc-guess", json!({"prompt": "go"})),
    ] {
        let (context, _) = say(&handle, &call).await;
        assert!(
            context.is_empty(),
            "a guessed link gets no comment text: {context:?}"
        );
    }
    // A Claude Code id relay has never seen gets nothing either.
    let (context, _) = say(&handle, &pre_tool("cc-unknown")).await;
    assert!(context.is_empty(), "{context:?}");
    let events = handle.store().events_after(after, 500).await.unwrap();
    assert!(
        !events.iter().any(|e| e.kind == "comment.delivered"),
        "{events:?}"
    );
    // Once local_bob's agent links it exactly, the same comment goes out.
    assert_eq!(
        handle
            .claude()
            .link_hook_session("local_bob", "cc-guess")
            .await
            .unwrap(),
        None
    );
    let (context, _) = say(&handle, &pre_tool("cc-guess")).await;
    assert!(
        context.first().is_some_and(|line| line.ends_with("Hello bob")),
        "the exact link delivers what the guess held back: {context:?}"
    );
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
    board
        .bind_session("shop-1", "bob", false, &owner())
        .await
        .unwrap();
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

    /// How soon a wait that must end before its limit (an hour here) has to end: a bound for a loaded runner,
    /// far below the limit, so a wait that merely ran out can never pass for one that ended.
    const ENDS_WITHIN: Duration = Duration::from_secs(60);

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
        // A session the hooks only guessed: the wait ends at once, far below its own hour.
        handle
            .claude()
            .hook(&event(Phase::SessionStart, "cc-guess", json!({})), true)
            .await
            .unwrap();
        let ended = tokio::time::timeout(
            ENDS_WITHIN,
            handle
                .claude()
                .wait_for_wake(&stop("cc-guess"), Duration::from_secs(3600)),
        )
        .await
        .expect("a wait on a guessed session ends without waiting for its limit");
        assert_eq!(ended.unwrap(), None);

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

        // A newer wait for the same session ends the older one: both have an hour, so the older can only end
        // this soon because the newer one began.
        let wait = || {
            let handle = handle.clone();
            tokio::spawn(async move {
                handle
                    .claude()
                    .wait_for_wake(&stop("cc-a"), Duration::from_secs(3600))
                    .await
            })
        };
        let older = wait();
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(
            !older.is_finished(),
            "the older wait waits while it is the newest"
        );
        let newer = wait();
        let ended = tokio::time::timeout(ENDS_WITHIN, older)
            .await
            .expect("the older wait ends once a newer one begins");
        assert_eq!(ended.unwrap().unwrap(), None);
        assert!(!newer.is_finished(), "the newer wait goes on");
        newer.abort();
    }
}
