//! The review checklist and the comment thread against a real store: review_steps_set's replace rules, the
//! agent's and the owner's step writes, the decisions as owner comments, the comment life cycle, the hint on a
//! stage move, the Inbox queries, and every bad input of the area. Each write is checked in the event log.

use serde_json::{Value, json};

use crate::board::{Caller, Decision, NewTask, ProjectInput, ReviewStepChange, ReviewStepInput, TaskChange};
use crate::handle::DaemonHandle;
use crate::testing::fixture;

fn owner() -> Caller {
    Caller::socket_peer()
}

fn agent(name: &str) -> Caller {
    Caller::mcp_token().with_session(Some(name.to_owned()), None)
}

fn steps(titles: &[&str]) -> Vec<ReviewStepInput> {
    titles
        .iter()
        .map(|t| ReviewStepInput {
            title: (*t).to_owned(),
            details: Some(format!("How to check {t}")),
        })
        .collect()
}

async fn events_after(handle: &DaemonHandle, after: i64) -> Vec<(String, Value)> {
    handle
        .store()
        .events_after(after, 200)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.kind, serde_json::from_str(&e.data).unwrap()))
        .collect()
}

fn kinds(events: &[(String, Value)]) -> Vec<&str> {
    events.iter().map(|(k, _)| k.as_str()).collect()
}

/// A project `acme` with tasks `acme-1` (bound to session s1) and `acme-2`.
async fn board() -> (tempfile::TempDir, DaemonHandle) {
    let (dir, handle) = fixture().await;
    let board = handle.board();
    let input = ProjectInput {
        slug: "acme".into(),
        name: Some("Acme".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(input, &owner()).await.unwrap();
    for (title, session) in [("Login", Some("s1")), ("Cart", None)] {
        let new = NewTask {
            project: "acme".into(),
            title: title.into(),
            session: session.map(str::to_owned),
            ..NewTask::default()
        };
        board.create_task(new, &owner()).await.unwrap();
    }
    (dir, handle)
}

#[tokio::test]
async fn review_steps_set_keeps_unchanged_steps_and_reopens_changed_ones_when_the_list_is_replaced() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let set = board
        .set_review_steps(
            "acme-1",
            &steps(&["Home", "Login with 2FA", "Logout"]),
            &agent("s1"),
        )
        .await
        .unwrap();
    assert_eq!((set.value.added, set.value.changed, set.value.removed), (3, 0, 0));
    board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &owner())
        .await
        .unwrap();
    board
        .decide_review_step("acme-1", 2, Decision::Accept, None, &owner())
        .await
        .unwrap();

    let before = handle.store().last_event_id();
    let again = board
        .set_review_steps(
            "acme-1",
            &steps(&["Home", "Login with 2FA", "Logout"]),
            &agent("s1"),
        )
        .await
        .unwrap();
    assert!(!again.changed, "the same list twice changes nothing");
    assert_eq!(handle.store().last_event_id(), before, "and writes no event");

    let set = board
        .set_review_steps(
            "acme-1",
            &steps(&["Home", "Login with a code", "Logout", "Help"]),
            &agent("s1"),
        )
        .await
        .unwrap();
    assert_eq!((set.value.added, set.value.changed, set.value.removed), (1, 1, 0));
    let statuses: Vec<&str> = set
        .value
        .review
        .steps
        .iter()
        .map(|s| s.step.status.as_str())
        .collect();
    assert_eq!(statuses, ["accepted", "open", "open", "open"]);
    assert_eq!(
        set.value.review.steps[0].step.decided_by.as_deref(),
        Some("owner")
    );
    assert_eq!(
        set.value.review.steps[1].step.decided_by, None,
        "a changed step loses its decision"
    );
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["review.step_updated", "review.step_added"]);
    assert_eq!(events[0].1["previous"], "accepted");
    assert_eq!(events[0].1["status"], "open");
    assert_eq!(events[1].1["position"], 4);
}

#[tokio::test]
async fn review_steps_set_removes_steps_past_the_end_when_the_list_is_shorter_and_their_screenshots_stay() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home", "Cart", "Pay"]), &agent("s1"))
        .await
        .unwrap();
    let review = board.review("acme-1").await.unwrap();
    let step3 = review.steps[2].step.id;
    // A screenshot on step 3 (the attachment service writes these rows; here by hand).
    {
        let mut conn = handle.store().read().await.unwrap();
        sqlx::query(
            "INSERT INTO attachment (task_id, step_id, stored_name, original_name, media_type, size_bytes, sha256,
                                     caption, created_by, created_at_ms)
             VALUES (?, ?, 'a1.png', 'pay.png', 'image/png', 2048, ?, 'The pay page', 's1', 1)",
        )
        .bind(review.steps[2].step.task_id)
        .bind(step3)
        .bind("a".repeat(64))
        .execute(&mut *conn)
        .await
        .unwrap();
    }
    let review = board.review("acme-1").await.unwrap();
    assert_eq!(review.steps[2].screenshots.len(), 1);
    board
        .decide_review_step(
            "acme-1",
            3,
            Decision::Reject,
            Some("the total is wrong"),
            &owner(),
        )
        .await
        .unwrap();

    let before = handle.store().last_event_id();
    let set = board
        .set_review_steps("acme-1", &steps(&["Home"]), &agent("s1"))
        .await
        .unwrap();
    assert_eq!((set.value.added, set.value.changed, set.value.removed), (0, 0, 2));
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["review.step_removed", "review.step_removed"]);
    assert_eq!(events[1].1["title"], "Pay");
    let review = set.value.review;
    assert_eq!(review.steps.len(), 1);
    assert_eq!(
        review.other_screenshots.len(),
        1,
        "the removed step's screenshot stays on the task"
    );
    assert_eq!(review.other_screenshots[0].step_id, None);
    let thread = board.thread("acme-1").await.unwrap();
    let decision = thread.comments.iter().find(|c| c.body.contains("Pay")).unwrap();
    assert_eq!(decision.step_id, None, "the decision comment stays, unlinked");

    let cleared = board.set_review_steps("acme-1", &[], &agent("s1")).await.unwrap();
    assert!(cleared.value.review.steps.is_empty(), "[] removes the checklist");
}

#[tokio::test]
async fn review_steps_set_refuses_bad_steps_when_a_title_or_details_break_the_limits() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let before = handle.store().last_event_id();
    let bad = [
        (vec![ReviewStepInput::default()], "step 1 has no title"),
        (
            vec![ReviewStepInput {
                title: "Two\nlines".into(),
                details: None,
            }],
            "line break",
        ),
        (
            vec![ReviewStepInput {
                title: "x".repeat(201),
                details: None,
            }],
            "201 characters long; the limit is 200",
        ),
        (
            vec![ReviewStepInput {
                title: "Ok".into(),
                details: Some("d".repeat(4_001)),
            }],
            "review step details is 4001 characters long; the limit is 4000",
        ),
        (steps(&["a"; 51]), "at most 50"),
    ];
    for (input, expected) in bad {
        let err = board
            .set_review_steps("acme-1", &input, &agent("s1"))
            .await
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{err}");
        assert!(err.ends_with("Nothing changed."), "{err}");
    }
    assert_eq!(handle.store().last_event_id(), before);
}

#[tokio::test]
async fn review_step_update_refuses_the_owners_statuses_when_an_agent_sends_them() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home", "Cart"]), &agent("s1"))
        .await
        .unwrap();
    let before = handle.store().last_event_id();
    for status in ["accepted", "rejected"] {
        let change = ReviewStepChange {
            status: Some(status.into()),
            ..ReviewStepChange::default()
        };
        let err = board
            .update_review_step("acme-1", 2, &change, &agent("s1"))
            .await
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "only the owner accepts or rejects a review step; the decision on step 2 of acme-1 reaches you as an \
             owner comment. Set waiting_on to the owner and go on. Nothing changed."
        );
    }
    let change = ReviewStepChange {
        status: Some("done".into()),
        ..ReviewStepChange::default()
    };
    let err = board
        .update_review_step("acme-1", 2, &change, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("pass \"open\""), "{err}");
    let past = ReviewStepChange {
        title: Some("New".into()),
        ..ReviewStepChange::default()
    };
    let err = board
        .update_review_step("acme-1", 3, &past, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "acme-1 has 2 review steps; there is no step 3 (steps are numbered 1 to 2, review_get lists them). \
         Nothing changed."
    );
    let err = board
        .update_review_step("acme-2", 1, &past, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("acme-2 has no review checklist"), "{err}");
    let err = board
        .update_review_step("acme-1", 1, &ReviewStepChange::default(), &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("pass title, details or status"), "{err}");
    assert_eq!(
        handle.store().last_event_id(),
        before,
        "no refusal wrote anything"
    );
}

#[tokio::test]
async fn review_step_update_reopens_a_rejected_step_when_the_agent_asks_for_a_new_look() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home", "Cart"]), &agent("s1"))
        .await
        .unwrap();
    board
        .decide_review_step(
            "acme-1",
            2,
            Decision::Reject,
            Some("empty cart crashes"),
            &owner(),
        )
        .await
        .unwrap();
    let before = handle.store().last_event_id();
    let open = ReviewStepChange {
        status: Some("open".into()),
        ..ReviewStepChange::default()
    };
    let reopened = board
        .update_review_step("acme-1", 2, &open, &agent("s1"))
        .await
        .unwrap();
    assert!(reopened.changed);
    assert_eq!(reopened.value.step.status, "open");
    assert_eq!(reopened.value.previous, "rejected");
    assert_eq!(reopened.value.step.decided_by, None);
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["review.step_updated"]);
    assert_eq!(events[0].1["previous"], "rejected");
    assert_eq!(events[0].1["actor"], "s1");

    let again = board
        .update_review_step("acme-1", 2, &open, &agent("s1"))
        .await
        .unwrap();
    assert!(!again.changed);
    assert_eq!(
        events_after(&handle, before).await.len(),
        1,
        "a no-op writes no event"
    );

    let details = ReviewStepChange {
        details: Some("-".into()),
        ..ReviewStepChange::default()
    };
    let cleared = board
        .update_review_step("acme-1", 1, &details, &agent("s1"))
        .await
        .unwrap();
    assert_eq!(cleared.value.step.details, None, "\"-\" clears the details");
}

#[tokio::test]
async fn owner_decisions_become_owner_comments_linked_to_the_step_when_made() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps(
            "acme-1",
            &steps(&["Home", "Login with 2FA", "Logout"]),
            &agent("s1"),
        )
        .await
        .unwrap();
    let before = handle.store().last_event_id();
    let accepted = board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &owner())
        .await
        .unwrap();
    let comment = accepted.value.comment.clone().unwrap();
    assert_eq!(comment.body, "Step 1 'Home' accepted — continue with step 2");
    assert_eq!(comment.author_kind, "owner");
    assert_eq!(comment.author_name, "owner");
    assert_eq!(comment.step_position, Some(1));
    assert_eq!(accepted.value.summary, "1 of 3 accepted");
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["comment.added", "review.step_accepted"]);
    assert_eq!(events[1].1["comment"], comment.id);
    assert_eq!(events[1].1["actor"], "owner");

    let rejected = board
        .decide_review_step(
            "acme-1",
            2,
            Decision::Reject,
            Some("the code never arrives"),
            &owner(),
        )
        .await
        .unwrap();
    assert_eq!(
        rejected.value.comment.unwrap().body,
        "Step 2 'Login with 2FA' rejected: the code never arrives"
    );
    assert_eq!(rejected.value.summary, "1 of 3 accepted · 1 rejected");
    let on = board
        .decide_review_step(
            "acme-1",
            2,
            Decision::Comment,
            Some("try the staging SMS"),
            &owner(),
        )
        .await
        .unwrap();
    assert_eq!(
        on.value.comment.unwrap().body,
        "On step 2 'Login with 2FA': try the staging SMS"
    );
    assert_eq!(on.value.step.status, "rejected", "a comment keeps the status");
    let reopened = board
        .decide_review_step("acme-1", 2, Decision::Reopen, None, &owner())
        .await
        .unwrap();
    assert_eq!(
        reopened.value.comment.unwrap().body,
        "Step 2 'Login with 2FA' reopened"
    );
    board
        .decide_review_step("acme-1", 2, Decision::Accept, None, &owner())
        .await
        .unwrap();
    let last = board
        .decide_review_step("acme-1", 3, Decision::Accept, None, &owner())
        .await
        .unwrap();
    assert_eq!(
        last.value.comment.unwrap().body,
        "Step 3 'Logout' accepted — all 3 steps accepted"
    );
    let review = board.review("acme-1").await.unwrap();
    assert_eq!(review.summary(), "3 of 3 accepted");
    assert_eq!(
        review.steps[1].comments.len(),
        4,
        "step 2's decisions and comment are linked to it"
    );
    let events = events_after(&handle, before).await;
    assert_eq!(
        kinds(&events)
            .into_iter()
            .filter(|k| k.starts_with("review."))
            .collect::<Vec<_>>(),
        [
            "review.step_accepted",
            "review.step_rejected",
            "review.step_updated",
            "review.step_accepted",
            "review.step_accepted"
        ]
    );
}

#[tokio::test]
async fn double_click_decision_writes_and_delivers_nothing_when_the_step_already_has_it() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home"]), &agent("s1"))
        .await
        .unwrap();
    board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &owner())
        .await
        .unwrap();
    let before = handle.store().last_event_id();
    let again = board
        .decide_review_step("acme-1", 1, Decision::Accept, Some("  "), &owner())
        .await
        .unwrap();
    assert!(!again.changed);
    assert!(again.value.comment.is_none());
    assert_eq!(
        again.notes,
        ["Step 1 'Home' of acme-1 is already accepted; nothing written or delivered."]
    );
    assert_eq!(handle.store().last_event_id(), before, "no event");
    assert_eq!(
        board.thread("acme-1").await.unwrap().comments.len(),
        1,
        "no second comment"
    );
    let reopen_open = board
        .decide_review_step("acme-2", 1, Decision::Reopen, None, &owner())
        .await
        .unwrap_err()
        .to_string();
    assert!(
        reopen_open.starts_with("acme-2 has no review checklist"),
        "{reopen_open}"
    );
}

#[tokio::test]
async fn owner_only_actions_are_refused_when_an_agent_calls_them() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home"]), &agent("s1"))
        .await
        .unwrap();
    let before = handle.store().last_event_id();
    let err = board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &agent("s1"))
        .await
        .unwrap_err();
    assert!(matches!(err, crate::board::BoardError::OwnerOnly(_)));
    assert!(
        err.to_string()
            .starts_with("only the owner accepts or rejects a review step")
    );
    let err = board
        .add_owner_comment("acme-1", "hi", None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("only the owner writes owner comments"), "{err}");
    let err = board
        .mark_replies_read("acme-1", &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("only the owner marks your replies on"), "{err}");
    assert_eq!(handle.store().last_event_id(), before);
}

#[tokio::test]
async fn comments_are_refused_when_too_long_empty_or_replying_across_tasks() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let other = board
        .add_owner_comment("acme-2", "On the cart", None, &owner())
        .await
        .unwrap()
        .value
        .comment
        .id;
    let before = handle.store().last_event_id();
    let err = board
        .add_owner_comment("acme-1", &"x".repeat(4_001), None, &owner())
        .await
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "comment is 4001 characters long; the limit is 4000. Shorten it. Nothing changed."
    );
    let err = board
        .add_agent_reply("acme-1", &"é".repeat(4_001), None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("comment is 4001 characters long"), "{err}");
    let err = board
        .add_agent_reply("acme-1", "  ", None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("comment is empty"), "{err}");
    let err = board
        .add_agent_reply("acme-1", "ok", Some(other), &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "in_reply_to: comment #{other} is on acme-2, not acme-1; answer a comment of the same task, or leave \
             in_reply_to out. Nothing changed."
        )
    );
    let err = board
        .add_agent_reply("acme-1", "ok", Some(9_999), &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("in_reply_to: there is no comment #9999"), "{err}");
    let err = board
        .add_agent_reply("acme-1", "ok", None, &Caller::mcp_token())
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("pass session"), "{err}");
    let err = board
        .add_agent_reply("acme-1", "bell\u{7}", None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("control characters"), "{err}");
    assert_eq!(
        handle.store().last_event_id(),
        before,
        "no refusal wrote anything"
    );
    let ok = board
        .add_owner_comment("acme-1", &"x".repeat(4_000), None, &owner())
        .await
        .unwrap();
    assert_eq!(ok.value.comment.body.len(), 4_000, "exactly the limit is kept");
}

#[tokio::test]
async fn comment_life_cycle_marks_reads_when_the_agent_answers_and_the_owner_writes() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let first = board
        .add_owner_comment("acme-1", "Please also check the footer", None, &owner())
        .await
        .unwrap()
        .value
        .comment;
    assert_eq!(first.read_at_ms, None);
    let second = board
        .add_owner_comment("acme-1", "And the header", None, &owner())
        .await
        .unwrap()
        .value
        .comment;

    // The agent of s1 lists them: the tasks bound to its session.
    let listed = board.owner_comments(None, Some("s1"), true).await.unwrap();
    assert_eq!(
        listed.iter().map(|c| c.id).collect::<Vec<_>>(),
        [first.id, second.id]
    );
    assert!(
        board
            .owner_comments(None, Some("nobody"), true)
            .await
            .unwrap()
            .is_empty()
    );

    // A reply marks the comment it answers read, in the same write.
    let before = handle.store().last_event_id();
    let reply = board
        .add_agent_reply("acme-1", "Footer fixed.", Some(first.id), &agent("s1"))
        .await
        .unwrap();
    assert_eq!(reply.value.comment.author_kind, "agent");
    assert_eq!(reply.value.comment.author_name, "s1");
    assert_eq!(reply.value.marked_read, [first.id]);
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["comment.added", "comment.read"]);
    assert_eq!(events[0].1["author_kind"], "agent");
    assert_eq!(events[0].1["in_reply_to"], first.id);
    assert_eq!(events[1].1["comments"], json!([first.id]));
    assert_eq!(events[1].1["by"], "s1");
    let unread = board.owner_comments(Some("acme-1"), None, true).await.unwrap();
    assert_eq!(unread.iter().map(|c| c.id).collect::<Vec<_>>(), [second.id]);

    // comment_ack with no ids and no task: every unread one on the session's tasks.
    let acked = board.ack_comments(&[], None, &agent("s1")).await.unwrap();
    assert_eq!(acked.value.marked, [second.id]);
    let again = board
        .ack_comments(&[second.id], None, &agent("s1"))
        .await
        .unwrap();
    assert!(!again.changed, "acknowledging twice changes nothing");

    // The agent reply is unread for the owner until the owner writes on the task.
    let replies = board.inbox().await.unwrap().agent_replies;
    assert_eq!(replies.len(), 1);
    assert_eq!(
        (replies[0].task.key.as_str(), replies[0].author.as_str()),
        ("acme-1", "s1")
    );
    assert_eq!(replies[0].body, "Footer fixed.");
    let before = handle.store().last_event_id();
    let owner_note = board
        .add_owner_comment("acme-1", "Thanks", None, &owner())
        .await
        .unwrap();
    assert_eq!(owner_note.value.marked_read, [reply.value.comment.id]);
    let events = events_after(&handle, before).await;
    assert_eq!(kinds(&events), ["comment.added", "comment.read"]);
    assert_eq!(events[1].1["by"], "owner");
    assert!(board.inbox().await.unwrap().agent_replies.is_empty());

    // Marking read explicitly.
    board
        .add_agent_reply("acme-1", "Header too.", None, &agent("s1"))
        .await
        .unwrap();
    let read = board.mark_replies_read("acme-1", &owner()).await.unwrap();
    assert_eq!(read.value.marked.len(), 1);
    let none = board.mark_replies_read("acme-1", &owner()).await.unwrap();
    assert!(!none.changed);
    assert_eq!(
        none.notes,
        ["acme-1 has no unread agent replies; nothing changed."]
    );
}

#[tokio::test]
async fn comment_ack_refuses_unknown_and_agent_comments_when_named_by_id() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let reply = board
        .add_agent_reply("acme-1", "Done.", None, &agent("s1"))
        .await
        .unwrap()
        .value
        .comment
        .id;
    let owner_comment = board
        .add_owner_comment("acme-2", "Cart?", None, &owner())
        .await
        .unwrap()
        .value
        .comment
        .id;
    let before = handle.store().last_event_id();
    let err = board
        .ack_comments(&[404], None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("there is no comment #404"), "{err}");
    let err = board
        .ack_comments(&[reply], None, &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("is a reply by s1, not an owner comment"), "{err}");
    let err = board
        .ack_comments(&[owner_comment], Some("acme-1"), &agent("s1"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("is on acme-2, not acme-1"), "{err}");
    let err = board
        .ack_comments(&[], None, &Caller::mcp_token())
        .await
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("name the comments"), "{err}");
    assert_eq!(handle.store().last_event_id(), before);
    let by_task = board
        .ack_comments(&[], Some("acme-2"), &agent("s1"))
        .await
        .unwrap();
    assert_eq!(by_task.value.marked, [owner_comment]);
}

#[tokio::test]
async fn comment_added_carries_a_200_character_excerpt_when_the_comment_is_longer() {
    let (_dir, handle) = board().await;
    let before = handle.store().last_event_id();
    let body = format!("{}{}", "a".repeat(200), "b".repeat(100));
    handle
        .board()
        .add_owner_comment("acme-1", &body, None, &owner())
        .await
        .unwrap();
    let events = events_after(&handle, before).await;
    assert_eq!(events[0].1["excerpt"], "a".repeat(200));
    assert_eq!(events[0].1["author"], "owner");
}

#[tokio::test]
async fn stage_move_to_review_hints_at_the_checklist_when_it_is_empty() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    let to = |stage: &str| TaskChange {
        fields: vec![("stage".to_owned(), Value::String(stage.to_owned()))],
        expected_version: None,
    };
    let moved = board
        .update_task("acme-1", to("review"), &agent("s1"))
        .await
        .unwrap();
    let hint = moved.notes.iter().find(|n| n.contains("review_steps_set"));
    assert!(
        hint.is_some_and(|h| h.starts_with("Hint: acme-1 has no review checklist.")),
        "{:?}",
        moved.notes
    );
    assert!(
        moved.warnings.iter().all(|w| !w.contains("review_steps_set")),
        "a hint, not a rule warning"
    );
    board
        .set_review_steps("acme-1", &steps(&["Home"]), &agent("s1"))
        .await
        .unwrap();
    let moved = board
        .update_task("acme-1", to("test"), &agent("s1"))
        .await
        .unwrap();
    assert!(
        moved.notes.iter().all(|n| !n.contains("review_steps_set")),
        "{:?}",
        moved.notes
    );
    let moved = board.update_task("acme-2", to("review"), &owner()).await.unwrap();
    assert!(
        moved.notes.iter().all(|n| !n.contains("review_steps_set")),
        "the owner's move is not hinted"
    );
}

#[tokio::test]
async fn review_queue_lists_tasks_in_review_or_test_with_a_checklist_when_the_inbox_asks() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home", "Cart"]), &agent("s1"))
        .await
        .unwrap();
    board
        .set_review_steps("acme-2", &steps(&["Cart"]), &agent("s1"))
        .await
        .unwrap();
    board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &owner())
        .await
        .unwrap();
    let to = |stage: &str| TaskChange {
        fields: vec![("stage".to_owned(), Value::String(stage.to_owned()))],
        expected_version: None,
    };
    board.update_task("acme-1", to("review"), &owner()).await.unwrap();
    let queue = board.inbox().await.unwrap().review_queue;
    assert_eq!(queue.len(), 1, "acme-2 is still in plan: {queue:?}");
    assert_eq!(
        (queue[0].task.key.as_str(), queue[0].accepted, queue[0].steps),
        ("acme-1", 1, 2)
    );
    board.update_task("acme-2", to("test"), &owner()).await.unwrap();
    let queue = board.inbox().await.unwrap().review_queue;
    let keys: Vec<&str> = queue.iter().map(|r| r.task.key.as_str()).collect();
    assert_eq!(keys, ["acme-1", "acme-2"], "the longest waiting first");
}

/// The Inbox over 50 projects × 200 tasks (every fourth task in review or test with a 5-step
/// checklist, every tenth with 3 unread agent replies): every row is found. The time is printed for
/// docs/PERFORMANCE.md, never asserted.
#[tokio::test]
async fn inbox_queries_cover_every_project_when_the_board_has_50_projects_of_200_tasks() {
    let (_dir, handle) = fixture().await;
    {
        let mut write = handle.store().begin_write().await.unwrap();
        let statements = [
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
             INSERT INTO project (slug, name, next_number, created_at_ms, updated_at_ms)
             SELECT 'p' || i, 'Project ' || i, 201, 1, 1 FROM n",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
             INSERT INTO task (project_id, number, title, stage, created_at_ms, updated_at_ms, stage_changed_at_ms)
             SELECT p.id, n.i, 'Task ' || n.i,
                    CASE n.i % 4 WHEN 0 THEN 'review' WHEN 1 THEN 'test' WHEN 2 THEN 'dev' ELSE 'done' END,
                    1, 1, p.id * 1000 + n.i
               FROM project p, n",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
             INSERT INTO review_step (task_id, position, title, status, updated_at_ms)
             SELECT t.id, n.i, 'Step ' || n.i, CASE WHEN n.i = 1 THEN 'accepted' ELSE 'open' END, 1
               FROM task t, n WHERE t.number % 4 IN (0, 1)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
             INSERT INTO comment (task_id, author_kind, author_name, body, created_at_ms)
             SELECT t.id, 'agent', 's' || t.id, 'Reply ' || n.i, t.id * 10 + n.i
               FROM task t, n WHERE t.number % 10 = 0",
            "INSERT INTO comment (task_id, author_kind, author_name, body, created_at_ms, read_at_ms)
             SELECT t.id, 'agent', 'old', 'read long ago', 1, 2 FROM task t",
        ];
        for sql in statements {
            sqlx::query(sql).execute(write.conn()).await.unwrap();
        }
        write.commit().await.unwrap();
    }
    let started = std::time::Instant::now();
    let inbox = handle.board().inbox().await.unwrap();
    println!("inbox over 10,000 tasks (debug build): {:?}", started.elapsed());
    let (queue, replies) = (inbox.review_queue, inbox.agent_replies);
    assert_eq!(queue.len(), 50 * 100);
    assert!(queue.iter().all(|r| r.accepted == 1 && r.steps == 5));
    assert!(
        queue
            .windows(2)
            .all(|w| w[0].task.stage_changed_at_ms <= w[1].task.stage_changed_at_ms)
    );
    assert_eq!(replies.len(), 50 * 20);
    assert!(replies.iter().all(|r| r.unread == 3 && r.body == "Reply 3"));
}

#[tokio::test]
async fn new_text_on_a_decided_step_names_the_owners_decision_it_undoes() {
    let (_dir, handle) = board().await;
    let board = handle.board();
    board
        .set_review_steps("acme-1", &steps(&["Home", "Cart"]), &agent("s1"))
        .await
        .unwrap();
    board
        .decide_review_step("acme-1", 1, Decision::Accept, None, &owner())
        .await
        .unwrap();
    let retitle = ReviewStepChange {
        title: Some("Home page, logged out".into()),
        ..ReviewStepChange::default()
    };
    let changed = board
        .update_review_step("acme-1", 1, &retitle, &agent("s1"))
        .await
        .unwrap();
    assert_eq!(changed.value.step.status, "open");
    assert_eq!(
        changed.notes,
        [
            "Note: Step 1 'Home' was accepted by the owner; its new text reopens it, so that decision is undone \
          and the owner looks at it again."
        ]
    );
    let again = ReviewStepChange {
        title: Some("Home page, logged in".into()),
        ..ReviewStepChange::default()
    };
    let open = board
        .update_review_step("acme-1", 1, &again, &agent("s1"))
        .await
        .unwrap();
    assert!(
        open.notes.is_empty(),
        "an open step has no decision to undo: {:?}",
        open.notes
    );
}
