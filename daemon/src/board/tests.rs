//! The board's behaviour against a real store: the task life cycle, the rules on stage moves, sessions,
//! reports, decisions, the tracker mark and the bad inputs of the spec. Each write is checked in the event log.

use serde_json::{Value, json};

use super::*;
use crate::testing::fixture;

fn cli() -> Caller {
    Caller::socket_peer()
}

fn agent(name: &str) -> Caller {
    Caller::mcp_token().with_session(Some(name.to_owned()), None)
}

fn fields(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect()
}

async fn kinds_after(handle: &DaemonHandle, after: i64) -> Vec<String> {
    handle
        .store()
        .events_after(after, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect()
}

async fn project(handle: &DaemonHandle, slug: &str) {
    let input = ProjectInput {
        slug: slug.to_owned(),
        name: Some("Acme Shop".into()),
        ..ProjectInput::default()
    };
    handle.board().upsert_project(input, &cli()).await.unwrap();
}

async fn task(handle: &DaemonHandle, project: &str, title: &str) -> TaskRow {
    let new = NewTask {
        project: project.to_owned(),
        title: title.to_owned(),
        ..NewTask::default()
    };
    handle.board().create_task(new, &cli()).await.unwrap().value
}

#[tokio::test]
async fn project_upsert_creates_then_updates_only_what_changed() {
    let (_dir, handle) = fixture().await;
    let board = handle.board();
    let input = ProjectInput {
        slug: "acme-shop".into(),
        name: Some("Acme".into()),
        ..ProjectInput::default()
    };
    let created = board.upsert_project(input.clone(), &cli()).await.unwrap();
    assert!(created.changed);
    assert_eq!(created.value.name, "Acme");
    let again = board.upsert_project(input, &cli()).await.unwrap();
    assert!(!again.changed, "the same upsert twice changes nothing");
    let renamed = ProjectInput {
        slug: "acme-shop".into(),
        description: Some("The shop".into()),
        ..ProjectInput::default()
    };
    let updated = board.upsert_project(renamed, &cli()).await.unwrap();
    assert_eq!(updated.value.name, "Acme", "a field not given is kept");
    assert_eq!(updated.value.description.as_deref(), Some("The shop"));
    let kinds = kinds_after(&handle, 0).await;
    assert_eq!(kinds, vec!["project.created", "project.updated"]);
}

#[tokio::test]
async fn bad_slug_is_refused_with_a_suggestion_and_nothing_written() {
    let (_dir, handle) = fixture().await;
    let input = ProjectInput {
        slug: "Acme Shop".into(),
        ..ProjectInput::default()
    };
    let err = handle.board().upsert_project(input, &cli()).await.unwrap_err();
    assert!(err.to_string().contains("acme-shop"), "{err}");
    assert!(kinds_after(&handle, 0).await.is_empty());
}

#[tokio::test]
async fn tasks_are_numbered_per_project_and_listed_by_stage() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    project(&handle, "beta").await;
    assert_eq!(task(&handle, "acme", "One").await.key(), "acme-1");
    assert_eq!(task(&handle, "acme", "Two").await.key(), "acme-2");
    assert_eq!(task(&handle, "beta", "Other").await.key(), "beta-1");
    let listed = handle
        .board()
        .tasks(&TaskFilter {
            project: Some("acme".into()),
            ..TaskFilter::default()
        })
        .await
        .unwrap();
    assert_eq!(listed.len(), 2);
    let projects = handle.board().projects().await.unwrap();
    assert_eq!(
        projects.iter().find(|p| p.slug == "acme").unwrap().counts,
        [2, 0, 0, 0, 0, 0]
    );
}

#[tokio::test]
async fn unknown_project_task_and_stage_are_refused_naming_what_exists() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let board = handle.board();
    let err = board
        .create_task(
            NewTask {
                project: "nope".into(),
                title: "x".into(),
                ..NewTask::default()
            },
            &cli(),
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("unknown project `nope`") && err.to_string().contains("acme"),
        "{err}"
    );
    let err = board.task("acme-99").await.unwrap_err();
    assert!(err.not_found(), "{err}");
    let t = task(&handle, "acme", "One").await;
    let change = TaskChange {
        fields: fields(&[("stage", json!("qa"))]),
        expected_version: None,
    };
    let err = board.update_task(&t.key(), change, &cli()).await.unwrap_err();
    assert!(
        err.to_string().contains("plan, dev, review, test, live, done"),
        "{err}"
    );
}

#[tokio::test]
async fn field_errors_name_the_field_and_change_nothing() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let head = handle.store().last_event_id();
    for (name, value, expect) in [
        ("colour", json!("red"), "colour"),
        ("priority", json!("high"), "priority"),
        ("title", json!("x".repeat(5000)), "200"),
        ("title", json!("-"), "title"),
        ("tracker_url", json!("ftp://x"), "http"),
    ] {
        let change = TaskChange {
            fields: fields(&[(name, value)]),
            expected_version: None,
        };
        let err = board.update_task(&t.key(), change, &cli()).await.unwrap_err();
        assert!(err.to_string().contains(expect), "{name}: {err}");
    }
    assert_eq!(handle.store().last_event_id(), head, "nothing was written");
    assert_eq!(board.task(&t.key()).await.unwrap().task.version, t.version);
}

#[tokio::test]
async fn stale_expected_version_is_a_conflict_and_dash_clears_a_field() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let set = TaskChange {
        fields: fields(&[("branch", json!("feat/x"))]),
        expected_version: Some(t.version),
    };
    let updated = board.update_task(&t.key(), set, &cli()).await.unwrap().value;
    assert_eq!(updated.branch.as_deref(), Some("feat/x"));
    assert_eq!(updated.version, t.version + 1);
    let stale = TaskChange {
        fields: fields(&[("branch", json!("other"))]),
        expected_version: Some(t.version),
    };
    let err = board.update_task(&t.key(), stale, &cli()).await.unwrap_err();
    assert!(
        matches!(err, BoardError::VersionConflict { expected, actual, .. } if expected == t.version && actual == t.version + 1),
        "{err}"
    );
    let clear = TaskChange {
        fields: fields(&[("branch", json!("-"))]),
        expected_version: None,
    };
    assert_eq!(
        board
            .update_task(&t.key(), clear, &cli())
            .await
            .unwrap()
            .value
            .branch,
        None
    );
}

#[tokio::test]
async fn stage_move_warns_in_warn_mode_and_records_the_warnings_in_the_event() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let head = handle.store().last_event_id();
    let to_test = TaskChange {
        fields: fields(&[("stage", json!("test"))]),
        expected_version: None,
    };
    let moved = board.update_task(&t.key(), to_test, &cli()).await.unwrap();
    assert_eq!(moved.value.stage, "test");
    assert!(
        moved
            .warnings
            .iter()
            .any(|w| w.starts_with("Warning (rules)") && w.contains("report")),
        "{:?}",
        moved.warnings
    );
    let events = handle.store().events_after(head, 10).await.unwrap();
    let stage_event = events.iter().find(|e| e.kind == "task.stage_changed").unwrap();
    let data: Value = serde_json::from_str(&stage_event.data).unwrap();
    assert_eq!(data["from"], "plan");
    assert_eq!(data["to"], "test");
    assert!(!data["warnings"].as_array().unwrap().is_empty());

    // A report since the stage change meets the rule for the next move into test.
    let back = TaskChange {
        fields: fields(&[("stage", json!("dev")), ("size", json!("S"))]),
        expected_version: None,
    };
    board.update_task(&t.key(), back, &cli()).await.unwrap();
    let report = ReportInput {
        key: t.key().clone(),
        body: "verified · S · works".into(),
        ..ReportInput::default()
    };
    board.add_report(report, &agent("worker")).await.unwrap();
    let again = TaskChange {
        fields: fields(&[("stage", json!("test"))]),
        expected_version: None,
    };
    assert!(
        board
            .update_task(&t.key(), again, &cli())
            .await
            .unwrap()
            .warnings
            .is_empty()
    );
}

#[tokio::test]
async fn moving_to_done_sets_the_closed_time_and_back_clears_it() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let done = TaskChange {
        fields: fields(&[("stage", json!("done")), ("progress", json!("all shipped"))]),
        expected_version: None,
    };
    assert!(
        board
            .update_task(&t.key(), done, &cli())
            .await
            .unwrap()
            .value
            .closed_at_ms
            .is_some()
    );
    let reopen = TaskChange {
        fields: fields(&[("stage", json!("dev"))]),
        expected_version: None,
    };
    assert!(
        board
            .update_task(&t.key(), reopen, &cli())
            .await
            .unwrap()
            .value
            .closed_at_ms
            .is_none()
    );
}

#[tokio::test]
async fn next_step_goes_stale_after_a_stage_change_and_writing_it_again_confirms_it() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let set = TaskChange {
        fields: fields(&[("next_step", json!("write the tests"))]),
        expected_version: None,
    };
    assert!(
        !board
            .update_task(&t.key(), set.clone(), &cli())
            .await
            .unwrap()
            .value
            .next_step_stale()
    );
    let same = board.update_task(&t.key(), set.clone(), &cli()).await.unwrap();
    assert!(!same.changed, "an unchanged, fresh next step is a no-op");
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let moved = TaskChange {
        fields: fields(&[("stage", json!("dev"))]),
        expected_version: None,
    };
    assert!(
        board
            .update_task(&t.key(), moved, &cli())
            .await
            .unwrap()
            .value
            .next_step_stale()
    );
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let confirmed = board.update_task(&t.key(), set, &cli()).await.unwrap();
    assert!(confirmed.changed);
    assert!(
        !confirmed.value.next_step_stale(),
        "writing the same text confirms a stale next step"
    );
}

#[tokio::test]
async fn report_first_line_sets_state_size_and_a_missing_task_size() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let report = ReportInput {
        key: t.key().clone(),
        body: "verified locally · M · login works\n\nDetails…".into(),
        next_step: Some("open the PR".into()),
        waiting_on: Some("owner".into()),
        progress: Some("login done".into()),
    };
    let added = board.add_report(report, &agent("worker")).await.unwrap().value;
    assert_eq!(added.state.as_deref(), Some("verified locally"));
    assert_eq!(added.size.as_deref(), Some("M"));
    assert!(added.size_set);
    let detail = board.task(&t.key()).await.unwrap();
    assert_eq!(detail.task.size.as_deref(), Some("M"));
    assert_eq!(detail.task.next_step.as_deref(), Some("open the PR"));
    assert_eq!(detail.task.waiting_on.as_deref(), Some("owner"));
    assert_eq!(detail.reports[0].session.as_deref(), Some("worker"));
    let second = ReportInput {
        key: t.key().clone(),
        body: "changed · L · more".into(),
        ..ReportInput::default()
    };
    assert!(
        !board
            .add_report(second, &agent("worker"))
            .await
            .unwrap()
            .value
            .size_set,
        "a size already set is kept"
    );
    let err = board
        .add_report(
            ReportInput {
                key: t.key().clone(),
                body: "  ".into(),
                ..ReportInput::default()
            },
            &cli(),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("report is empty"), "{err}");
}

#[tokio::test]
async fn new_work_on_a_logged_task_clears_the_tracker_mark_with_an_event() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let mark = TaskChange {
        fields: fields(&[("tracker_ref", json!("JIRA-7")), ("tracker_logged", json!(true))]),
        expected_version: None,
    };
    assert!(
        board
            .update_task(&t.key(), mark, &cli())
            .await
            .unwrap()
            .value
            .tracker_logged
    );
    let head = handle.store().last_event_id();
    let report = ReportInput {
        key: t.key().clone(),
        body: "changed · S · more work".into(),
        ..ReportInput::default()
    };
    board.add_report(report, &agent("worker")).await.unwrap();
    let detail = board.task(&t.key()).await.unwrap();
    assert!(!detail.task.tracker_logged);
    assert!(
        kinds_after(&handle, head)
            .await
            .contains(&"task.tracker_unlogged".to_owned())
    );
    let updated = handle
        .store()
        .events_after(head, 10)
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.kind == "task.updated")
        .unwrap();
    assert!(updated.data.contains("tracker_logged"), "{}", updated.data);
    assert_eq!(detail.tracker_history.len(), 1);
    assert!(detail.tracker_history[0].unlogged_at_ms.is_some());
}

/// A new tracker ref passed with `tracker_logged` on a task already logged under its old ref is a new history
/// entry stamped logged, with the tracker's name (the one passed, else the task's) and the URL passed with it.
#[tokio::test]
async fn a_new_tracker_ref_passed_as_logged_is_stamped_with_its_name_and_url() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let change = |pairs: &[(&str, serde_json::Value)]| TaskChange {
        fields: fields(pairs),
        expected_version: None,
    };
    let first = change(&[
        ("tracker_ref", json!("SHOP-7")),
        ("tracker_name", json!("Jira")),
        ("tracker_url", json!("https://jira.example/browse/SHOP-7")),
        ("tracker_logged", json!(true)),
    ]);
    board.update_task(&t.key(), first, &cli()).await.unwrap();
    let second = change(&[("tracker_ref", json!("SHOP-8")), ("tracker_logged", json!(true))]);
    board.update_task(&t.key(), second, &cli()).await.unwrap();
    let detail = board.task(&t.key()).await.unwrap();
    assert!(detail.task.tracker_logged);
    let history = &detail.tracker_history;
    assert_eq!(history.len(), 2, "{history:?}");
    let newest = history.iter().max_by_key(|e| e.id).unwrap();
    assert_eq!(newest.tracker_ref, "SHOP-8");
    assert!(
        newest.logged_at_ms.is_some(),
        "the new ref is stamped logged: {newest:?}"
    );
    assert_eq!(newest.tracker_name.as_deref(), Some("Jira"));
    assert_eq!(newest.tracker_url, None, "SHOP-7's URL is not SHOP-8's");
    let oldest = history.iter().min_by_key(|e| e.id).unwrap();
    assert_eq!(
        oldest.tracker_url.as_deref(),
        Some("https://jira.example/browse/SHOP-7")
    );
}

#[tokio::test]
async fn binding_keeps_history_and_a_plain_name_becomes_a_desktop_alias() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    board
        .bind_session(&t.key(), "alice", false, &cli())
        .await
        .unwrap();
    let desktop = "local_0f8e4c1a-2b7d-4a51-9c3e-5d6f7a8b9c0d";
    let rebound = board
        .bind_session(&t.key(), desktop, false, &cli())
        .await
        .unwrap()
        .value;
    assert_eq!(rebound.previous.as_deref(), Some("alice"));
    let alias = board.bind_session(&t.key(), "bob", false, &cli()).await.unwrap();
    assert_eq!(
        alias.value.session.as_deref(),
        Some(desktop),
        "a plain name does not rebind a desktop session"
    );
    assert!(alias.notes[0].contains("alias"), "{:?}", alias.notes);
    let mine = board
        .tasks(&TaskFilter {
            session: Some("bob".into()),
            ..TaskFilter::default()
        })
        .await
        .unwrap();
    assert_eq!(mine.len(), 1, "the alias resolves to the desktop session");
    let other = task(&handle, "acme", "Two").await;
    board
        .bind_session(&other.key(), "carol", false, &cli())
        .await
        .unwrap();
    let limited = TaskFilter {
        session: Some("carol".into()),
        limit: Some(1),
        ..TaskFilter::default()
    };
    assert_eq!(
        board.tasks(&limited).await.unwrap()[0].key(),
        other.key(),
        "the session filter applies before the limit"
    );
    let nobody = TaskFilter {
        session: Some("nobody".into()),
        ..TaskFilter::default()
    };
    assert!(board.tasks(&nobody).await.unwrap().is_empty());
    let warned = board
        .bind_session(&t.key(), "alice", false, &cli())
        .await
        .unwrap();
    assert!(
        !warned.changed && warned.notes[0].starts_with("Warning"),
        "{:?}",
        warned.notes
    );
    board.unbind_session(&t.key(), false, &cli()).await.unwrap();
    let detail = board.task(&t.key()).await.unwrap();
    assert_eq!(detail.task.session, None);
    assert_eq!(detail.bindings.len(), 2);
    assert!(detail.bindings.iter().all(|b| b.unbound_at_ms.is_some()));
}

#[tokio::test]
async fn an_agent_takes_a_task_from_another_session_at_work_only_with_replace() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let key = t.key();
    let board = handle.board();
    board
        .bind_session(&key, "alice", false, &agent("alice"))
        .await
        .unwrap();

    // Another agent, without replace: refused, and the binding stays.
    let refused = board
        .bind_session(&key, "bob", false, &agent("bob"))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        refused.starts_with("acme-1 is bound to alice, a session at work (last heard from just now).")
            && refused.contains("the owner's comments on acme-1 would go to bob, not alice")
            && refused.contains("Pass replace=true only when the owner asked you to take the task over.")
            && refused.ends_with("Nothing changed."),
        "{refused}"
    );
    let refused = board
        .unbind_session(&key, false, &agent("bob"))
        .await
        .unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("stops the owner's comments on acme-1 from reaching alice"),
        "{refused}"
    );
    let anonymous = board
        .unbind_session(&key, false, &Caller::mcp_token())
        .await
        .unwrap_err();
    assert!(
        anonymous
            .to_string()
            .contains("(if it is your session, pass session)"),
        "{anonymous}"
    );
    assert_eq!(
        board.task(&key).await.unwrap().task.session.as_deref(),
        Some("alice")
    );

    // With replace: bound, and the answer says where the owner's comments go now.
    let taken = board
        .bind_session(&key, "bob", true, &agent("bob"))
        .await
        .unwrap();
    assert_eq!(taken.value.previous.as_deref(), Some("alice"));
    assert_eq!(taken.notes, ["The owner's comments on acme-1 now go to bob."]);
    // Its own session unbinds without replace; the owner rebinds without one.
    board.bind_session(&key, "carol", false, &cli()).await.unwrap();
    board.unbind_session(&key, false, &agent("carol")).await.unwrap();

    // A session whose hooks saw it end is no longer at work: taking its task needs no replace.
    board
        .bind_session(&key, "dave", false, &agent("dave"))
        .await
        .unwrap();
    let mut conn = handle.store().read().await.unwrap();
    sqlx::query("UPDATE session SET hook_status = 'ended' WHERE name = 'dave'")
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    let free = board
        .bind_session(&key, "erin", false, &agent("erin"))
        .await
        .unwrap();
    assert_eq!(free.value.previous.as_deref(), Some("dave"));
}

#[tokio::test]
async fn decisions_take_project_or_task_scope_and_refuse_a_foreign_task() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    project(&handle, "beta").await;
    let t = task(&handle, "acme", "One").await;
    let other = task(&handle, "beta", "Other").await;
    let board = handle.board();
    let input = |task: Option<String>| DecisionInput {
        project: "acme".into(),
        task,
        text: "Use JWT".into(),
        ..DecisionInput::default()
    };
    assert_eq!(
        board.add_decision(input(None), &cli()).await.unwrap().value.scope,
        "project"
    );
    assert_eq!(
        board
            .add_decision(input(Some(t.key().clone())), &cli())
            .await
            .unwrap()
            .value
            .scope,
        "task"
    );
    let err = board
        .add_decision(input(Some(other.key().clone())), &cli())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("belongs to project beta"), "{err}");
    assert_eq!(board.task(&t.key()).await.unwrap().decisions.len(), 1);
    assert_eq!(board.snapshot("acme").await.unwrap().decisions.len(), 2);
}

/// A decision names where it came from — a report, comment or event of its project (checked to exist there) or a
/// message by its external id — and can replace a current decision of its project, which stays in history; a
/// decision replaced already cannot be replaced again (the error names the newer one).
#[tokio::test]
async fn decisions_carry_a_structured_source_and_supersede_older_ones() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    project(&handle, "beta").await;
    let t = task(&handle, "acme", "One").await;
    let other = task(&handle, "beta", "Other").await;
    let board = handle.board();
    let report = |key: String| ReportInput {
        key,
        body: "done · S · chose JWT".into(),
        ..ReportInput::default()
    };
    board
        .add_report(report(t.key().clone()), &agent("worker"))
        .await
        .unwrap();
    board
        .add_report(report(other.key().clone()), &agent("worker"))
        .await
        .unwrap();
    let ours = board.task(&t.key()).await.unwrap().reports[0].id;
    let theirs = board.task(&other.key()).await.unwrap().reports[0].id;
    let decide = |kind: Option<&str>, reference: Option<String>, supersedes: Option<i64>| DecisionInput {
        project: "acme".into(),
        text: "Use JWT".into(),
        source_kind: kind.map(str::to_owned),
        source_ref: reference,
        supersedes,
        ..DecisionInput::default()
    };
    let first = board
        .add_decision(decide(Some("report"), Some(format!("#{ours}")), None), &cli())
        .await
        .unwrap()
        .value
        .id;
    // Refused, nothing written: another project's report, a kind alone, an unknown kind, a bad id.
    for (kind, reference, words) in [
        (Some("report"), Some(theirs.to_string()), "is not in project acme"),
        (Some("report"), None, "go together"),
        (Some("ticket"), Some("7".to_owned()), "is not one relay knows"),
        (Some("comment"), Some("seven".to_owned()), "a positive number"),
    ] {
        let err = board
            .add_decision(decide(kind, reference, None), &cli())
            .await
            .unwrap_err();
        assert!(err.to_string().contains(words), "{err}");
    }
    let message = board
        .add_decision(
            decide(Some("message"), Some("slack:C01/1700000000.1".into()), None),
            &cli(),
        )
        .await
        .unwrap()
        .value
        .id;
    // The second replaces the first: the snapshot shows the current ones only.
    let head = handle.store().last_event_id();
    let second = board
        .add_decision(decide(None, None, Some(first)), &cli())
        .await
        .unwrap()
        .value
        .id;
    let current: Vec<i64> = board
        .snapshot("acme")
        .await
        .unwrap()
        .decisions
        .iter()
        .map(|d| d.id)
        .collect();
    assert!(
        current.contains(&second) && current.contains(&message) && !current.contains(&first),
        "{current:?}"
    );
    let added = handle
        .store()
        .events_after(head, 10)
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.kind == "decision.added")
        .unwrap();
    assert!(
        added.data.contains(&format!("\"supersedes\":{first}")),
        "{}",
        added.data
    );
    let err = board
        .add_decision(decide(None, None, Some(first)), &cli())
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains(&format!("already replaced by #{second}")),
        "{err}"
    );
    let err = board
        .add_decision(decide(None, None, Some(9_999)), &cli())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("does not exist"), "{err}");
    let beta = board
        .add_decision(
            DecisionInput {
                project: "beta".into(),
                text: "Use sessions".into(),
                ..DecisionInput::default()
            },
            &cli(),
        )
        .await
        .unwrap()
        .value
        .id;
    let err = board
        .add_decision(decide(None, None, Some(beta)), &cli())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("belongs to another project"), "{err}");
}

#[tokio::test]
async fn events_since_pages_and_filters_by_project() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    project(&handle, "beta").await;
    for n in 0..3 {
        task(&handle, "acme", &format!("A{n}")).await;
        task(&handle, "beta", &format!("B{n}")).await;
    }
    let board = handle.board();
    let page = board.events_since(0, 2, Some("acme")).await.unwrap();
    assert_eq!(page.events.len(), 2);
    assert!(page.more);
    let rest = board
        .events_since(page.last_event_id, 100, Some("acme"))
        .await
        .unwrap();
    assert_eq!(
        page.events.len() + rest.events.len(),
        4,
        "project.created + 3 task.created"
    );
    assert!(!rest.more);
}

#[tokio::test]
async fn snapshot_starts_with_the_rules_line() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    task(&handle, "acme", "One").await;
    let snapshot = handle.board().snapshot("acme").await.unwrap();
    assert!(
        snapshot.rules_line.starts_with("Rules "),
        "{}",
        snapshot.rules_line
    );
    assert!(
        snapshot.rules_line.ends_with("(read relay://rules/acme)"),
        "{}",
        snapshot.rules_line
    );
    assert_eq!(snapshot.tasks.len(), 1);
}

#[tokio::test]
async fn broken_project_rules_override_is_ignored_and_reported() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let mut write = handle.store().begin_write().await.unwrap();
    sqlx::query("INSERT INTO project_rules (project_id, body, updated_at_ms) SELECT id, '{\"stage_requirements\": {\"tset\": []}}', 0 FROM project")
        .execute(write.conn())
        .await
        .unwrap();
    write.commit().await.unwrap();
    let rules = handle.board().rules(Some("acme")).await.unwrap();
    assert!(rules.project_override_error().is_some_and(|e| e.contains("tset")));
    assert!(
        handle
            .board()
            .snapshot("acme")
            .await
            .unwrap()
            .rules_line
            .contains("project override ignored")
    );
}

#[tokio::test]
async fn strict_mode_refuses_a_move_that_misses_a_rule_and_changes_nothing() {
    let (_dir, handle) =
        crate::testing::fixture_with(|c| c.rules_mode = relay_core::rules::RulesMode::Strict).await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let head = handle.store().last_event_id();
    let to_test = TaskChange {
        fields: fields(&[("stage", json!("test"))]),
        expected_version: None,
    };
    let err = board
        .update_task(&t.key(), to_test.clone(), &cli())
        .await
        .unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with("Rules:") && message.ends_with("Nothing changed."),
        "{message}"
    );
    assert!(message.contains("report"), "{message}");
    assert_eq!(handle.store().last_event_id(), head, "nothing was written");
    assert_eq!(board.task(&t.key()).await.unwrap().task.stage, "plan");

    // With a report since the last stage change the same move goes through.
    let report = ReportInput {
        key: t.key().clone(),
        body: "verified · S · done".into(),
        ..ReportInput::default()
    };
    board.add_report(report, &agent("worker")).await.unwrap();
    assert_eq!(
        board
            .update_task(&t.key(), to_test, &cli())
            .await
            .unwrap()
            .value
            .stage,
        "test"
    );
}

#[tokio::test]
async fn a_body_of_just_a_dash_is_refused_for_reports_decisions_and_comments() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let board = handle.board();
    let head = handle.store().last_event_id();
    let report = board
        .add_report(
            ReportInput {
                key: t.key().clone(),
                body: " - ".into(),
                ..ReportInput::default()
            },
            &agent("s1"),
        )
        .await
        .unwrap_err()
        .to_string();
    assert!(
        report.starts_with("report is just \"-\", which clears a field but is not text; write what was done"),
        "{report}"
    );
    assert!(report.ends_with("Nothing changed."), "{report}");
    let decision = board
        .add_decision(
            DecisionInput {
                project: "acme".into(),
                task: Some(t.key().clone()),
                text: "-".into(),
                ..DecisionInput::default()
            },
            &agent("s1"),
        )
        .await
        .unwrap_err()
        .to_string();
    assert!(decision.starts_with("decision is just \"-\""), "{decision}");
    let comment = super::comment::check_body("-").unwrap_err().to_string();
    assert!(comment.starts_with("comment is just \"-\""), "{comment}");
    assert_eq!(handle.store().last_event_id(), head, "nothing was written");
}

#[tokio::test]
async fn task_get_and_the_snapshot_show_the_checklist_the_unread_comments_and_the_open_warnings() {
    let (_dir, handle) = fixture().await;
    project(&handle, "acme").await;
    let t = task(&handle, "acme", "One").await;
    let key = t.key();
    let board = handle.board();
    let steps: Vec<ReviewStepInput> = ["Open it", "Read it", "Close it"]
        .iter()
        .map(|title| ReviewStepInput {
            title: (*title).to_owned(),
            details: None,
        })
        .collect();
    board.set_review_steps(&key, &steps, &agent("s1")).await.unwrap();
    board
        .decide_review_step(&key, 1, Decision::Accept, None, &cli())
        .await
        .unwrap();
    board
        .decide_review_step(&key, 2, Decision::Reject, Some("The list is empty."), &cli())
        .await
        .unwrap();
    // A move to test without a report leaves a rule warning open.
    let change = TaskChange {
        fields: fields(&[("stage", json!("test"))]),
        expected_version: None,
    };
    board.update_task(&key, change, &agent("s1")).await.unwrap();

    let detail = board.task(&key).await.unwrap();
    let unread = &detail.signals.unread_comments;
    assert!(!unread.is_empty(), "{:?}", detail.signals);
    let text = render::task_detail(&detail);
    assert!(
        text.contains("Review checklist: 1/3 accepted, 1 rejected, 1 open (review_get)\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Unread owner comments: #{}, #{} — answer one with comment_add(task=\"acme-1\", body=…, in_reply_to={}) \
             or acknowledge them with comment_ack(comments=[{}, {}])\n",
            unread[0], unread[1], unread[0], unread[0], unread[1]
        )),
        "{text}"
    );
    assert!(
        text.contains(
            "Open rule warnings:\n- Warning (rules): moving to test usually needs a report since the last stage change."
        ),
        "{text}"
    );

    let snapshot = board.agent_snapshot("acme", None, 5).await.unwrap();
    let text = render::snapshot(&snapshot, 5);
    assert!(
        text.contains(" · review 1/3 accepted, 1 rejected · 2 unread owner comments (#")
            && text.contains(") · 1 rule warning\n"),
        "{text}"
    );
}
