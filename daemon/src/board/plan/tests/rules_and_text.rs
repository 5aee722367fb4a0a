//! The plan_accepted rule and its hint, the agent's todo, and the plan as text (plan_get, the summary line,
//! the hooks' reminder).

use relay_core::hook::{TodoChange, TodoItem as HookTodo, TodoStatus};
use relay_core::rules::RulesMode;
use serde_json::json;

use super::*;
use crate::testing::{fixture, fixture_with};

#[tokio::test]
async fn move_to_dev_warns_with_the_draft_text_and_passes_when_accepted_or_small() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("M")).await;
    let board = handle.board();
    let warned = move_to(&handle, "dev", &cli()).await.unwrap();
    assert_eq!(
        warned.warnings,
        [
            "Warning (rules): moving to dev usually needs an accepted plan (not needed for size S). Write it with \
          plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it."
        ]
    );
    move_to(&handle, "plan", &cli()).await.unwrap();
    board
        .set_plan("acme-1", steps(&["A"]), None, &cli())
        .await
        .unwrap();
    let draft = move_to(&handle, "dev", &cli()).await.unwrap();
    assert_eq!(
        draft.warnings,
        [
            "Warning (rules): moving to dev usually needs an accepted plan (not needed for size S). The plan is a \
          draft and only the owner can accept it (the warning clears when they do): set waiting_on to the owner and \
          go on."
        ]
    );
    let (_, data) = events_after(&handle, 0).await.pop().unwrap();
    assert_eq!(
        data["warnings"],
        json!(draft.warnings),
        "the stage change carries the warning"
    );
    move_to(&handle, "plan", &cli()).await.unwrap();
    board.accept_plan("acme-1", &cli()).await.unwrap();
    let clear = move_to(&handle, "dev", &cli()).await.unwrap();
    assert!(clear.warnings.is_empty(), "{:?}", clear.warnings);

    let (_dir, small) = fixture().await;
    setup(&small, Some("S")).await;
    let moved = move_to(&small, "dev", &cli()).await.unwrap();
    assert!(
        moved.warnings.is_empty(),
        "an S task needs no accepted plan: {:?}",
        moved.warnings
    );
}

#[tokio::test]
async fn a_rule_warning_clears_when_a_later_write_fixes_it_and_says_when_only_the_owner_can() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("M")).await;
    let board = handle.board();
    let agent = mcp(Some("s1"));
    let open = async || board.inbox().await.unwrap().rule_warnings;

    // No plan: the warning asks for one. Writing a draft does not clear it, but its advice now says only the owner
    // can accept, so the agent does not loop on plan_set.
    let moved = move_to(&handle, "dev", &agent).await.unwrap();
    assert_eq!(moved.warnings.len(), 1);
    let drafted = board
        .set_plan("acme-1", steps(&["A", "B"]), None, &agent)
        .await
        .unwrap();
    assert!(drafted.notes.is_empty(), "{:?}", drafted.notes);
    let warnings = &open().await[0].warnings;
    assert!(
        warnings[0].ends_with("The plan is a draft and only the owner can accept it (the warning clears when they do): set waiting_on to the owner and go on."),
        "{warnings:?}"
    );
    // The same-stage move judges again and changes nothing.
    let same = move_to(&handle, "dev", &agent).await.unwrap();
    assert!(same.notes.is_empty(), "{:?}", same.notes);
    // The owner accepts: cleared, and the owner's inbox no longer lists it.
    let accepted = board.accept_plan("acme-1", &cli()).await.unwrap();
    assert_eq!(accepted.notes, ["Rule warning cleared."]);
    assert!(open().await.is_empty());

    // A move to test without a report: the report added afterwards clears it.
    assert_eq!(move_to(&handle, "test", &agent).await.unwrap().warnings.len(), 1);
    assert_eq!(open().await.len(), 1);
    let report = ReportInput {
        key: "acme-1".into(),
        body: "verified · M · tests pass".into(),
        next_step: None,
        waiting_on: None,
        progress: None,
    };
    let added = board.add_report(report, &agent).await.unwrap();
    assert_eq!(added.notes, ["Rule warning cleared."]);
    assert!(open().await.is_empty());

    // Done without progress: filling it in clears the warning; the version of the field write is the only bump.
    assert_eq!(move_to(&handle, "done", &agent).await.unwrap().warnings.len(), 1);
    let change = TaskChange {
        fields: vec![("progress".to_owned(), json!("All done."))],
        expected_version: None,
    };
    let filled = board.update_task("acme-1", change, &agent).await.unwrap();
    assert_eq!(filled.notes, ["Rule warning cleared."]);
    assert!(open().await.is_empty());
}

#[tokio::test]
async fn strict_mode_refuses_a_move_to_dev_without_an_accepted_plan() {
    let (_dir, handle) = fixture_with(|config| config.rules_mode = RulesMode::Strict).await;
    setup(&handle, Some("L")).await;
    handle
        .board()
        .set_plan("acme-1", steps(&["A"]), None, &cli())
        .await
        .unwrap();
    let message = refused(&handle, async {
        move_to(&handle, "dev", &mcp(Some("s1"))).await.map(drop)
    })
    .await;
    assert_eq!(
        message,
        "Rules: moving to dev needs an accepted plan (not needed for size S). The plan is a draft and only the owner \
         can accept it (the warning clears when they do): set waiting_on to the owner and go on. Nothing changed."
    );
    handle.board().accept_plan("acme-1", &cli()).await.unwrap();
    let moved = move_to(&handle, "dev", &mcp(Some("s1"))).await.unwrap();
    assert_eq!(moved.value.stage, "dev");
}

#[tokio::test]
async fn move_to_dev_over_mcp_hints_at_a_plan_when_there_is_neither_plan_nor_todo() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("S")).await;
    let hint = "Hint: acme-1 has no plan and no todo yet: write down what you are going to do (todo or 2-3 steps \
                with plan_set).";
    let moved = move_to(&handle, "dev", &mcp(Some("s1"))).await.unwrap();
    assert_eq!(moved.notes, [hint], "any size, as a note, not a rule warning");
    assert!(moved.warnings.is_empty());
    move_to(&handle, "plan", &mcp(Some("s1"))).await.unwrap();
    let by_owner = move_to(&handle, "dev", &cli()).await.unwrap();
    assert!(
        by_owner.notes.is_empty(),
        "the hint is for agents: {:?}",
        by_owner.notes
    );
    move_to(&handle, "plan", &cli()).await.unwrap();

    let item = HookTodo {
        id: "1".into(),
        subject: "Write the list page".into(),
        status: TodoStatus::InProgress,
        active_form: Some("Writing the list page".into()),
    };
    handle
        .board()
        .apply_todo("s1", "cc-1", &TodoChange::Add(item))
        .await
        .unwrap();
    let with_todo = move_to(&handle, "dev", &mcp(Some("s1"))).await.unwrap();
    assert!(
        with_todo.notes.is_empty(),
        "a todo is enough: {:?}",
        with_todo.notes
    );
}

#[tokio::test]
async fn todo_changes_are_stored_per_session_and_told_to_each_bound_task() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let board = handle.board();
    board.bind_session("acme-1", "s1", false, &cli()).await.unwrap();
    let second = NewTask {
        project: "acme".into(),
        title: "Second".into(),
        session: Some("s1".into()),
        ..NewTask::default()
    };
    board.create_task(second, &cli()).await.unwrap();
    let item = |id: &str, subject: &str, status| HookTodo {
        id: id.into(),
        subject: subject.into(),
        status,
        active_form: Some(format!("Doing {subject}")),
    };
    let start = head(&handle);
    let list = TodoChange::Replace(vec![
        item("1", "Read the code", TodoStatus::Completed),
        item("2", "Write the page", TodoStatus::InProgress),
    ]);
    let applied = board.apply_todo("s1", "cc-1", &list).await.unwrap();
    assert_eq!(applied.value.items.len(), 2);
    assert_eq!(applied.value.tasks, ["acme-1", "acme-2"]);
    let events = events_after(&handle, start).await;
    let told: Vec<(&str, &str, i64)> = events
        .iter()
        .map(|(k, d)| {
            (
                k.as_str(),
                d["key"].as_str().unwrap(),
                d["items"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        told,
        [
            ("session.todo_updated", "acme-1", 2),
            ("session.todo_updated", "acme-2", 2)
        ]
    );
    assert_eq!(events[0].1["session"], "s1");
    assert_eq!(events[0].1["project"], "acme");

    let same = board.apply_todo("s1", "cc-1", &list).await.unwrap();
    assert!(!same.changed, "the same list again changes nothing");
    let unknown = TodoChange::Update {
        id: "9".into(),
        status: Some(TodoStatus::Completed),
        subject: None,
        active_form: None,
    };
    assert!(
        !board.apply_todo("s1", "cc-1", &unknown).await.unwrap().changed,
        "an id never seen is ignored"
    );
    assert_eq!(head(&handle), start + 2);

    let update = TodoChange::Update {
        id: "2".into(),
        status: Some(TodoStatus::Completed),
        subject: None,
        active_form: None,
    };
    let updated = board.apply_todo("s1", "cc-1", &update).await.unwrap();
    assert_eq!(updated.value.items[1].status, "completed");
    let removed = board
        .apply_todo("s1", "cc-1", &TodoChange::Remove { id: "1".into() })
        .await
        .unwrap();
    assert_eq!(removed.value.items.len(), 1);

    let plan = board.plan("acme-1", false).await.unwrap();
    assert_eq!(plan.session.as_deref(), Some("s1"));
    assert_eq!(plan.todo.len(), 1);
    assert_eq!(plan.todo[0].subject, "Write the page");

    let fresh = board
        .apply_todo(
            "s1",
            "cc-2",
            &TodoChange::Add(item("1", "New start", TodoStatus::Pending)),
        )
        .await
        .unwrap();
    let subjects: Vec<&str> = fresh.value.items.iter().map(|i| i.subject.as_str()).collect();
    assert_eq!(
        subjects,
        ["New start"],
        "a new Claude Code id starts a fresh list"
    );
}

#[tokio::test]
async fn todo_keeps_at_most_fifty_items_of_two_hundred_characters() {
    let (_dir, handle) = fixture().await;
    setup(&handle, None).await;
    let items: Vec<HookTodo> = (0..60)
        .map(|i| HookTodo {
            id: i.to_string(),
            subject: format!("{i} {}", "x".repeat(300)),
            status: TodoStatus::Pending,
            active_form: None,
        })
        .collect();
    let applied = handle
        .board()
        .apply_todo("s1", "cc", &TodoChange::Replace(items))
        .await
        .unwrap();
    assert_eq!(applied.value.items.len(), 50);
    assert_eq!(applied.value.items[0].subject.chars().count(), 200);
    let err = handle
        .board()
        .apply_todo("nobody", "cc", &TodoChange::Replace(Vec::new()))
        .await
        .unwrap_err();
    assert!(err.to_string().starts_with("unknown session \"nobody\""), "{err}");
}

#[tokio::test]
async fn plan_shows_the_todo_as_the_agents_plan_when_there_are_no_steps() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("S")).await;
    let board = handle.board();
    let empty = board.plan("acme-1", false).await.unwrap();
    assert!(render_plan_text(&empty).contains("No plan yet. Write 2-5 steps with plan_set"));
    let item = HookTodo {
        id: "1".into(),
        subject: "Fix the typo".into(),
        status: TodoStatus::InProgress,
        active_form: Some("Fixing the typo".into()),
    };
    board
        .apply_todo("s1", "cc", &TodoChange::Add(item))
        .await
        .unwrap();
    let text = render_plan_text(&board.plan("acme-1", false).await.unwrap());
    assert_eq!(
        text,
        "# Plan of acme-1 · Address book\nNo plan steps. Agent's plan, not accepted (todo of s1):\n- [>] Fix the typo"
    );
}

#[tokio::test]
async fn plan_text_shows_the_state_progress_checkpoints_and_now_doing() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("M")).await;
    let board = handle.board();
    board
        .set_plan("acme-1", steps(&["List", "Edit", "Delete"]), None, &cli())
        .await
        .unwrap();
    board
        .update_plan_step("acme-1", done(1, "deviation: no paging yet"), &cli())
        .await
        .unwrap();
    let start = StepChange {
        status: Some("in_progress".into()),
        ..change(2)
    };
    board.update_plan_step("acme-1", start, &cli()).await.unwrap();
    let item = HookTodo {
        id: "1".into(),
        subject: "Form".into(),
        status: TodoStatus::InProgress,
        active_form: Some("Building the form".into()),
    };
    board
        .apply_todo("s1", "cc", &TodoChange::Add(item))
        .await
        .unwrap();
    let plan = board.plan("acme-1", false).await.unwrap();
    assert_eq!(
        plan.summary().line(),
        "Plan 1/3 · draft · 1 deviation · now: Edit"
    );
    let text = render_plan_text(&plan);
    assert!(text.contains("Status: draft, not accepted yet"), "{text}");
    assert!(text.contains("\n1 of 3 done · 1 deviation\n"), "{text}");
    assert!(
        text.contains("\n1. [done] List — ⚠ deviation: no paging yet · done "),
        "{text}"
    );
    assert!(
        text.contains("\n2. [in_progress] Edit ← current\n   Now doing: Building the form\n   Agent's todo (s1):\n   - [>] Form\n"),
        "{text}"
    );
    assert!(
        text.ends_with("History: 3 revisions (`relay plan show acme-1 --history`)."),
        "{text}"
    );
    let detail = board.task("acme-1").await.unwrap();
    assert_eq!(
        detail.plan.map(|p| p.line()).as_deref(),
        Some("Plan 1/3 · draft · 1 deviation · now: Edit")
    );
}

fn render_plan_text(plan: &Plan) -> String {
    crate::board::render_plan::plan(plan)
}

#[tokio::test]
async fn reminder_names_the_current_step_the_todo_or_the_missing_plan() {
    let (_dir, handle) = fixture().await;
    setup(&handle, Some("M")).await;
    let board = handle.board();
    let reminder = |plan: &Plan| crate::board::render_plan::reminder(plan);
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()),
        None,
        "in plan, nothing to say"
    );
    move_to(&handle, "dev", &cli()).await.unwrap();
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()).as_deref(),
        Some(
            "acme-1 has no plan and no todo yet: write down what you are going to do (todo or 2-3 steps with plan_set)."
        )
    );
    let item = HookTodo {
        id: "1".into(),
        subject: "Look around".into(),
        status: TodoStatus::InProgress,
        active_form: Some("Looking around".into()),
    };
    board
        .apply_todo("s1", "cc", &TodoChange::Add(item))
        .await
        .unwrap();
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()).as_deref(),
        Some("Todo of acme-1 (agent's plan, not accepted): 0 of 1 done. Now doing: Looking around.")
    );
    let plan = vec![
        StepInput {
            title: "Address list".into(),
            details: None,
        },
        StepInput {
            title: "Address book page".into(),
            details: Some("\nAdd, edit and remove addresses.\nMore later.".into()),
        },
    ];
    board.set_plan("acme-1", plan, None, &cli()).await.unwrap();
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()).as_deref(),
        Some(
            "Plan of acme-1 (draft, not accepted yet): next step 1/2 'Address list'. Now doing: Looking around."
        )
    );
    board
        .update_plan_step("acme-1", done(1, "as planned"), &cli())
        .await
        .unwrap();
    let start = StepChange {
        status: Some("in_progress".into()),
        ..change(2)
    };
    board.update_plan_step("acme-1", start, &cli()).await.unwrap();
    board.accept_plan("acme-1", &cli()).await.unwrap();
    board
        .apply_todo("s1", "cc", &TodoChange::Replace(Vec::new()))
        .await
        .unwrap();
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()).as_deref(),
        Some("Plan of acme-1 (accepted): step 2/2 'Address book page' — Add, edit and remove addresses.")
    );
    board
        .update_plan_step("acme-1", done(2, "as planned"), &cli())
        .await
        .unwrap();
    assert_eq!(
        reminder(&board.plan("acme-1", false).await.unwrap()).as_deref(),
        Some("Plan of acme-1 (accepted): all 2 steps done.")
    );
}
