//! Plans against a real store: plan_set's keep / rename / remove semantics, checkpoints, links, revisions and the
//! owner-only acceptance here; the plan_accepted rule, the agent's todo and the texts in `rules_and_text`. Each
//! write is checked in the event log, and every refusal writes nothing.

use serde_json::{Value, json};

use super::*;
use crate::board::{NewTask, ProjectInput, ReportInput, TaskChange};
use crate::handle::DaemonHandle;
use crate::testing::fixture;

fn cli() -> Caller {
    Caller::socket_peer()
}

fn mcp(session: Option<&str>) -> Caller {
    Caller::mcp_token().with_session(session.map(str::to_owned), None)
}

fn steps(titles: &[&str]) -> Vec<StepInput> {
    titles
        .iter()
        .map(|t| StepInput {
            title: (*t).to_owned(),
            details: None,
        })
        .collect()
}

fn change(step: i64) -> StepChange {
    StepChange {
        step,
        ..StepChange::default()
    }
}

fn done(step: i64, conformance: &str) -> StepChange {
    StepChange {
        step,
        status: Some("done".into()),
        conformance: Some(conformance.into()),
        ..StepChange::default()
    }
}

/// Project `acme` with task `acme-1` bound to session `s1`, of the given size.
async fn setup(handle: &DaemonHandle, size: Option<&str>) {
    let board = handle.board();
    let project = ProjectInput {
        slug: "acme".into(),
        name: Some("Acme".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(project, &cli()).await.unwrap();
    let fields = size
        .map(|s| vec![("size".to_owned(), json!(s))])
        .unwrap_or_default();
    let new = NewTask {
        project: "acme".into(),
        title: "Address book".into(),
        fields,
        session: Some("s1".into()),
    };
    board.create_task(new, &mcp(Some("s1"))).await.unwrap();
}

async fn events_after(handle: &DaemonHandle, after: i64) -> Vec<(String, Value)> {
    handle
        .store()
        .events_after(after, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.kind, serde_json::from_str(&e.data).unwrap()))
        .collect()
}

fn head(handle: &DaemonHandle) -> i64 {
    handle.store().last_event_id()
}

async fn refused(
    handle: &DaemonHandle,
    write: impl std::future::Future<Output = Result<(), BoardError>>,
) -> String {
    let before = head(handle);
    let err = write.await.expect_err("the write is refused");
    assert_eq!(head(handle), before, "a refused write wrote an event: {err}");
    err.to_string()
}

async fn move_to(
    handle: &DaemonHandle,
    stage: &str,
    caller: &Caller,
) -> Result<Outcome<crate::board::TaskRow>, BoardError> {
    let change = TaskChange {
        fields: vec![("stage".to_owned(), json!(stage))],
        expected_version: None,
    };
    handle.board().update_task("acme-1", change, caller).await
}

#[tokio::test]
async fn plan_set_writes_a_draft_with_a_revision_and_an_event_when_first_written() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("M")).await;
    let start = head(&handle);
    let written = handle
        .board()
        .set_plan(
            "acme-1",
            steps(&["List addresses", "Edit form", "Delete"]),
            None,
            &mcp(Some("s1")),
        )
        .await
        .unwrap();
    assert!(written.changed);
    let plan = &written.value.plan;
    assert_eq!(plan.status, "draft");
    assert_eq!(plan.steps.len(), 3);
    assert!(plan.steps.iter().all(|s| s.status == "pending"));
    assert_eq!(plan.revision_count, 1);
    assert_eq!(written.value.previous_status, "none");
    assert!(written.value.titles_changed);
    let events = events_after(&handle, start).await;
    assert_eq!(events.len(), 1);
    let (kind, data) = &events[0];
    assert_eq!(kind, "plan.set");
    assert_eq!(data["steps"], 3);
    assert_eq!(data["status"], "draft");
    assert_eq!(data["previous_status"], "none");
    assert_eq!(data["titles_changed"], true);
    assert_eq!(data["reason"], "plan written");
    assert_eq!(data["actor"], "s1");

    let again = handle
        .board()
        .set_plan(
            "acme-1",
            steps(&["List addresses", "Edit form", "Delete"]),
            Some("again".into()),
            &cli(),
        )
        .await
        .unwrap();
    assert!(!again.changed, "the same plan again is not kept");
    assert_eq!(again.value.plan.revision_count, 1, "no revision");
    assert_eq!(events_after(&handle, start).await.len(), 1, "no event");
}

#[tokio::test]
async fn plan_set_keeps_a_step_while_its_title_stays_and_resets_a_renamed_one() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["A", "B", "C"]), None, &cli())
        .await
        .unwrap();
    board
        .update_plan_step("acme-1", done(1, "as planned"), &cli())
        .await
        .unwrap();
    let blocked = StepChange {
        status: Some("blocked".into()),
        outcome: Some("waiting for the API".into()),
        ..change(2)
    };
    board.update_plan_step("acme-1", blocked, &cli()).await.unwrap();
    let before = board.plan("acme-1", false).await.unwrap();
    let done_at = before.steps[0].done_at_ms;
    assert!(done_at.is_some());

    let with_details = vec![
        StepInput {
            title: "A".into(),
            details: Some("why A".into()),
        },
        StepInput {
            title: "B renamed".into(),
            details: None,
        },
    ];
    let written = board
        .set_plan("acme-1", with_details, Some("split C out".into()), &cli())
        .await
        .unwrap();
    let plan = &written.value.plan;
    assert_eq!(plan.steps.len(), 2, "steps past the new end are removed");
    assert_eq!(plan.steps[0].status, "done", "same title: status kept");
    assert_eq!(plan.steps[0].conformance.as_deref(), Some("as planned"));
    assert_eq!(plan.steps[0].done_at_ms, done_at, "and its checkpoint");
    assert_eq!(plan.steps[0].details.as_deref(), Some("why A"));
    assert_eq!(plan.steps[1].status, "pending", "a renamed step is pending again");
    assert_eq!(plan.steps[1].outcome, None);

    let removed = board.set_plan("acme-1", Vec::new(), None, &cli()).await.unwrap();
    assert_eq!(removed.value.plan.status, "none");
    assert!(removed.value.plan.steps.is_empty());
    let (kind, data) = events_after(&handle, 0).await.pop().unwrap();
    assert_eq!(kind, "plan.set");
    assert_eq!(
        (data["status"].as_str(), data["reason"].as_str()),
        (Some("none"), Some("plan removed"))
    );
}

#[tokio::test]
async fn plan_set_turns_an_accepted_plan_into_a_draft_only_when_titles_or_order_change() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["A", "B"]), None, &cli())
        .await
        .unwrap();
    board.accept_plan("acme-1", &cli()).await.unwrap();

    let details = vec![
        StepInput {
            title: "A".into(),
            details: Some("more on A".into()),
        },
        StepInput {
            title: "B".into(),
            details: None,
        },
    ];
    let kept = board.set_plan("acme-1", details, None, &cli()).await.unwrap();
    assert!(kept.changed);
    assert_eq!(
        kept.value.plan.status, "accepted",
        "a details edit keeps the acceptance"
    );
    assert!(kept.notes.is_empty(), "{:?}", kept.notes);
    board
        .update_plan_step("acme-1", done(1, "as planned"), &cli())
        .await
        .unwrap();
    assert_eq!(
        board.plan("acme-1", false).await.unwrap().status,
        "accepted",
        "a step update too"
    );

    let swapped = board
        .set_plan("acme-1", steps(&["B", "A"]), None, &cli())
        .await
        .unwrap();
    assert_eq!(swapped.value.plan.status, "draft");
    assert_eq!(swapped.value.plan.accepted_by, None);
    assert_eq!(
        swapped.notes,
        [
            "The plan of acme-1 was accepted; the changed step titles turned it back into a draft: ask the owner to \
          accept it again."
        ]
    );
    let (_, data) = events_after(&handle, 0).await.pop().unwrap();
    assert_eq!(
        (data["previous_status"].as_str(), data["status"].as_str()),
        (Some("accepted"), Some("draft"))
    );
}

#[tokio::test]
async fn plan_set_refuses_bad_steps_and_writes_nothing() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    let long = vec![StepInput {
        title: "A".into(),
        details: Some("x".repeat(2001)),
    }];
    let message = refused(&handle, async {
        board.set_plan("acme-1", long, None, &cli()).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "step 1's details is 2001 characters long; the limit is 2000. Shorten it. Nothing changed."
    );
    let exact = vec![StepInput {
        title: "A".into(),
        details: Some("é".repeat(2000)),
    }];
    board.set_plan("acme-1", exact, None, &cli()).await.unwrap();

    let message = refused(&handle, async {
        board
            .set_plan("acme-1", steps(&["A", " "]), None, &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(message.starts_with("step 2's title is empty"), "{message}");
    let message = refused(&handle, async {
        board
            .set_plan("acme-1", steps(&["A\nB"]), None, &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(
        message.starts_with("step 1's title must be one line"),
        "{message}"
    );
    let many: Vec<String> = (0..51).map(|i| format!("step {i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let message = refused(&handle, async {
        board
            .set_plan("acme-1", steps(&many), None, &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(
        message.starts_with("the plan has 51 steps; the limit is 50"),
        "{message}"
    );
    let message = refused(&handle, async {
        board
            .set_plan("acme-9", steps(&["A"]), None, &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(message.starts_with("unknown task `acme-9`"), "{message}");
}

#[tokio::test]
async fn step_update_refuses_a_missing_step_naming_the_step_count() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    let message = refused(&handle, async {
        board
            .update_plan_step("acme-1", done(1, "as planned"), &cli())
            .await
            .map(drop)
    })
    .await;
    assert_eq!(
        message,
        "acme-1 has no plan steps, so there is no step 1; write the plan with plan_set first. Nothing changed."
    );
    board
        .set_plan("acme-1", steps(&["A", "B", "C"]), None, &cli())
        .await
        .unwrap();
    for step in [0, 4, -1] {
        let message = refused(&handle, async {
            board
                .update_plan_step("acme-1", done(step, "as planned"), &cli())
                .await
                .map(drop)
        })
        .await;
        assert_eq!(
            message,
            format!(
                "acme-1's plan has 3 steps; there is no step {step}. Pass a step number from 1 to 3 (plan_get lists \
                 them). Nothing changed."
            )
        );
    }
    let message = refused(&handle, async {
        board
            .update_plan_step("acme-1", change(1), &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(
        message.starts_with("nothing to change on step 1 of acme-1"),
        "{message}"
    );
    let bad = StepChange {
        status: Some("finished".into()),
        ..change(1)
    };
    let message = refused(&handle, async {
        board.update_plan_step("acme-1", bad, &cli()).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "unknown step status \"finished\"; use one of pending, in_progress, done, blocked. Nothing changed."
    );
}

#[tokio::test]
async fn done_needs_a_conformance_line_in_one_of_the_two_forms() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["A", "B"]), None, &cli())
        .await
        .unwrap();
    let just_done = StepChange {
        status: Some("done".into()),
        ..change(1)
    };
    let message = refused(&handle, async {
        board
            .update_plan_step("acme-1", just_done, &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(
        message.starts_with("step 1 'A' of acme-1 needs a conformance line to be done: pass conformance exactly `as planned`, or `deviation: <why>`"),
        "{message}"
    );
    for bad in [
        "ok",
        "As planned",
        "deviation:",
        "deviation:   ",
        "as planned, mostly",
        "deviation - changed",
    ] {
        let message = refused(&handle, async {
            board
                .update_plan_step("acme-1", done(1, bad), &cli())
                .await
                .map(drop)
        })
        .await;
        assert_eq!(
            message,
            format!(
                "conformance {:?} is neither form; write exactly `as planned`, or `deviation: <why>` saying what \
                 differs from the plan and why. Nothing changed.",
                bad.trim()
            )
        );
    }
    let pending = StepChange {
        conformance: Some("as planned".into()),
        ..change(2)
    };
    let message = refused(&handle, async {
        board.update_plan_step("acme-1", pending, &cli()).await.map(drop)
    })
    .await;
    assert!(
        message.starts_with("a conformance line belongs to a done step"),
        "{message}"
    );

    let written = board
        .update_plan_step(
            "acme-1",
            done(1, "deviation:  used the old API "),
            &mcp(Some("s1")),
        )
        .await
        .unwrap();
    let step = &written.value.plan.steps[0];
    assert_eq!(step.conformance.as_deref(), Some("deviation: used the old API"));
    assert!(step.is_deviation());
    assert_eq!(written.value.plan.deviations(), 1);
    let (kind, data) = events_after(&handle, 0).await.pop().unwrap();
    assert_eq!(kind, "plan.step_updated");
    assert_eq!(data["position"], 1);
    assert_eq!(data["title"], "A");
    assert_eq!(data["status"], "done");
    assert_eq!(data["previous"], "pending");
    assert_eq!(data["conformance"], "deviation: used the old API");
    assert_eq!(data["actor"], "s1");

    let clear = StepChange {
        conformance: Some("-".into()),
        ..change(1)
    };
    let message = refused(&handle, async {
        board.update_plan_step("acme-1", clear, &cli()).await.map(drop)
    })
    .await;
    assert!(message.contains("it cannot be cleared"), "{message}");
}

#[tokio::test]
async fn checkpoint_is_kept_while_done_and_cleared_when_the_step_leaves_done() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["A"]), None, &cli())
        .await
        .unwrap();
    let report = board
        .add_report(
            ReportInput {
                key: "acme-1".into(),
                body: "changed · S · list works".into(),
                ..ReportInput::default()
            },
            &cli(),
        )
        .await
        .unwrap()
        .value
        .id;
    for link in [
        report.to_string(),
        format!("#{report}"),
        format!("report:{report}"),
    ] {
        let first = StepChange {
            link: Some(link),
            outcome: Some("list page".into()),
            ..done(1, "as planned")
        };
        let written = board.update_plan_step("acme-1", first, &cli()).await.unwrap();
        assert_eq!(written.value.plan.steps[0].link, Some(format!("report:{report}")));
    }
    let first = board.plan("acme-1", false).await.unwrap().steps[0].clone();
    let again = StepChange {
        outcome: Some("list and search".into()),
        ..done(1, "as planned")
    };
    let written = board.update_plan_step("acme-1", again, &cli()).await.unwrap();
    assert_eq!(
        written.value.plan.steps[0].done_at_ms, first.done_at_ms,
        "done again keeps done_at"
    );
    assert_eq!(
        written.value.plan.steps[0].outcome.as_deref(),
        Some("list and search")
    );
    let same = board
        .update_plan_step("acme-1", done(1, "as planned"), &cli())
        .await
        .unwrap();
    assert!(!same.changed, "nothing new");

    let reopened = StepChange {
        status: Some("in_progress".into()),
        ..change(1)
    };
    let written = board.update_plan_step("acme-1", reopened, &cli()).await.unwrap();
    let step = &written.value.plan.steps[0];
    assert_eq!(step.status, "in_progress");
    assert_eq!(
        (step.done_at_ms, &step.link, &step.outcome, &step.conformance),
        (None, &None, &None, &None),
        "leaving done clears the checkpoint"
    );
    let url = StepChange {
        link: Some("https://github.com/acme/shop/pull/7".into()),
        ..done(1, "as planned")
    };
    let written = board.update_plan_step("acme-1", url, &cli()).await.unwrap();
    assert_eq!(
        written.value.plan.steps[0].link.as_deref(),
        Some("https://github.com/acme/shop/pull/7")
    );
}

#[tokio::test]
async fn link_refuses_another_tasks_report_and_anything_but_reports_and_urls() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    let other = NewTask {
        project: "acme".into(),
        title: "Other".into(),
        ..NewTask::default()
    };
    board.create_task(other, &cli()).await.unwrap();
    let report = board
        .add_report(
            ReportInput {
                key: "acme-2".into(),
                body: "inspected · S · other".into(),
                ..ReportInput::default()
            },
            &cli(),
        )
        .await
        .unwrap()
        .value
        .id;
    board
        .set_plan("acme-1", steps(&["A"]), None, &cli())
        .await
        .unwrap();
    let linked = |link: &str| StepChange {
        link: Some(link.to_owned()),
        ..done(1, "as planned")
    };
    let message = refused(&handle, async {
        board
            .update_plan_step("acme-1", linked(&report.to_string()), &cli())
            .await
            .map(drop)
    })
    .await;
    assert_eq!(
        message,
        format!(
            "report {report} belongs to acme-2, not acme-1; link a report of acme-1 (task_get lists them) or an \
             http(s) URL. Nothing changed."
        )
    );
    let message = refused(&handle, async {
        board
            .update_plan_step("acme-1", linked("#999"), &cli())
            .await
            .map(drop)
    })
    .await;
    assert!(message.starts_with("there is no report 999"), "{message}");
    for bad in [
        "ftp://x",
        "javascript:alert(1)",
        "https://",
        "see PR",
        "report:abc",
        "0",
    ] {
        let message = refused(&handle, async {
            board
                .update_plan_step("acme-1", linked(bad), &cli())
                .await
                .map(drop)
        })
        .await;
        assert!(
            message.starts_with(&format!("link {bad:?} is")),
            "{bad}: {message}"
        );
    }
}

#[tokio::test]
async fn owner_accepts_over_the_socket_and_a_repeat_changes_nothing() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    let message = refused(&handle, async {
        board.accept_plan("acme-1", &cli()).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "acme-1 has no plan steps to accept yet: the agent proposes them (ask it in a comment to plan the task). \
         Nothing changed."
    );
    assert!(matches!(
        board.accept_plan("acme-1", &cli()).await,
        Err(BoardError::Refused(_))
    ));
    board
        .set_plan("acme-1", steps(&["A", "B"]), None, &mcp(Some("s1")))
        .await
        .unwrap();
    let start = head(&handle);
    let accepted = board.accept_plan("acme-1", &cli()).await.unwrap();
    assert!(accepted.changed);
    assert_eq!(accepted.value.status, "accepted");
    assert_eq!(accepted.value.accepted_by.as_deref(), Some("owner"));
    assert!(accepted.value.accepted_at_ms.is_some());
    assert_eq!(accepted.value.revision_count, 2);
    let events = events_after(&handle, start).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].0, "plan.accepted");
    assert_eq!(events[0].1["steps"], 2);
    assert_eq!(events[0].1["accepted_by"], "owner");

    let again = board.accept_plan("acme-1", &cli()).await.unwrap();
    assert!(!again.changed);
    assert!(
        again.notes[0].starts_with("The plan of acme-1 is already accepted (by owner at "),
        "{:?}",
        again.notes
    );
    assert_eq!(head(&handle), start + 1, "a repeat writes nothing");
}

#[tokio::test]
async fn agents_cannot_accept_their_own_plan_but_a_coordinator_can() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["A"]), None, &mcp(Some("s1")))
        .await
        .unwrap();
    let message = refused(&handle, async {
        board.accept_plan("acme-1", &mcp(None)).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "plan_accept needs your session (a coordinator accepts another session's plan), and none was passed. The \
         plan of a task you work on is accepted by the owner only: set waiting_on to the owner on acme-1 and go on. \
         Nothing changed."
    );
    let message = refused(&handle, async {
        board.accept_plan("acme-1", &mcp(Some("s1"))).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "s1 is the session bound to acme-1, and an agent does not accept its own plan: only the owner does. Set \
         waiting_on to the owner on acme-1 and go on. Nothing changed."
    );
    let accepted = board
        .accept_plan("acme-1", &mcp(Some("coordinator")))
        .await
        .unwrap();
    assert_eq!(accepted.value.accepted_by.as_deref(), Some("coordinator"));
}

#[tokio::test]
async fn history_lists_revisions_newest_first_with_the_titles_they_changed() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board
        .set_plan(
            "acme-1",
            steps(&["A", "B"]),
            Some("first cut".into()),
            &mcp(Some("s1")),
        )
        .await
        .unwrap();
    board
        .update_plan_step("acme-1", done(1, "as planned"), &mcp(Some("s1")))
        .await
        .unwrap();
    board.accept_plan("acme-1", &cli()).await.unwrap();
    board
        .set_plan(
            "acme-1",
            steps(&["A", "B2", "C"]),
            Some("owner asked for C".into()),
            &mcp(Some("s1")),
        )
        .await
        .unwrap();
    let plan = board.plan("acme-1", true).await.unwrap();
    assert_eq!(plan.revision_count, 4);
    let reasons: Vec<(&str, &str, &str)> = plan
        .revisions
        .iter()
        .map(|r| (r.reason.as_str(), r.author.as_str(), r.status.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [
            ("owner asked for C", "s1", "draft"),
            ("accepted", "owner", "accepted"),
            ("step 1: pending → done", "s1", "draft"),
            ("first cut", "s1", "draft"),
        ]
    );
    let lines: Vec<String> = plan.revisions[0]
        .title_changes
        .iter()
        .flat_map(TitleChange::lines)
        .collect();
    assert_eq!(lines, ["- 2. B", "+ 2. B2", "+ 3. C"]);
    assert!(plan.revisions[1].title_changes.is_empty());
    let first: Vec<String> = plan.revisions[3]
        .title_changes
        .iter()
        .flat_map(TitleChange::lines)
        .collect();
    assert_eq!(first, ["+ 1. A", "+ 2. B"]);
}

mod rules_and_text;
