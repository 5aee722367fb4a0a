//! Actions in, model and effects out: no terminal, no daemon.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use relay_core::proto;

use super::screen;
use crate::ui::app::{
    Action, Connection, Data, Effect, Fetch, FormKind, Level, Model, Outcome, Screen, TAB_REVIEW, TaskData,
    Write, update,
};

fn key(code: KeyCode) -> Action {
    Action::Key(KeyEvent::from(code))
}

fn ch(c: char) -> Action {
    key(KeyCode::Char(c))
}

fn ctrl(c: char) -> Action {
    Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn task(key: &str, stage: &str) -> proto::Task {
    proto::Task {
        key: key.into(),
        project: key.rsplit_once('-').unwrap().0.into(),
        title: format!("Title of {key}"),
        stage: stage.into(),
        version: 3,
        ..Default::default()
    }
}

fn event(id: i64, kind: &str, subject: &str, project: &str) -> proto::Event {
    proto::Event {
        id,
        kind: kind.into(),
        subject: subject.into(),
        data_json: format!(r#"{{"project":"{project}"}}"#),
        at_ms: 0,
    }
}

fn board_model() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    let effects = update(
        &mut model,
        Action::Snapshot {
            lagged: false,
            last_event_id: 5,
        },
    );
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    let board = proto::ProjectBoard {
        tasks: vec![
            task("acme-1", "plan"),
            task("acme-2", "dev"),
            task("acme-3", "dev"),
        ],
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Board("acme".into()),
            result: Ok(Data::Board {
                board: Box::new(board),
                inbox: Box::default(),
            }),
        },
    );
    model
}

fn review_model() -> Model {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(
        &mut model,
        Action::Snapshot {
            lagged: false,
            last_event_id: 1,
        },
    );
    let review = proto::Review {
        key: "acme-3".into(),
        steps: vec![
            proto::ReviewStep {
                position: 1,
                title: "Login works".into(),
                status: "open".into(),
                ..Default::default()
            },
            proto::ReviewStep {
                position: 2,
                title: "Logout works".into(),
                status: "open".into(),
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let data = TaskData {
        detail: proto::TaskDetail {
            task: Some(task("acme-3", "review")),
            ..Default::default()
        },
        review: Some(review),
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-3".into()),
            result: Ok(Data::Task(Box::new(data))),
        },
    );
    model
}

#[test]
fn board_is_fetched_once_when_events_arrive_while_a_fetch_is_on_its_way() {
    let mut model = Model::new(Screen::Board("acme".into()));
    assert_eq!(
        update(
            &mut model,
            Action::Snapshot {
                lagged: false,
                last_event_id: 5
            }
        ),
        vec![Effect::Fetch(Fetch::Board("acme".into()))]
    );
    // Two events of the project while the first fetch is out: one more fetch, after it answers.
    assert!(
        update(
            &mut model,
            Action::Event(event(6, "task.updated", "acme-1", "acme"))
        )
        .is_empty()
    );
    assert!(
        update(
            &mut model,
            Action::Event(event(7, "task.updated", "acme-2", "acme"))
        )
        .is_empty()
    );
    let again = update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Board("acme".into()),
            result: Ok(Data::Board {
                board: Box::default(),
                inbox: Box::default(),
            }),
        },
    );
    assert_eq!(again, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    assert_eq!(model.last_event_id, 7);
}

#[test]
fn board_ignores_events_when_they_belong_to_another_project() {
    let mut model = board_model();
    assert!(
        update(
            &mut model,
            Action::Event(event(9, "task.updated", "other-1", "other"))
        )
        .is_empty()
    );
    assert!(!model.dirty, "nothing to redraw");
    assert!(update(&mut model, Action::Event(event(10, "daemon.started", "", ""))).is_empty());
    let fetch = update(
        &mut model,
        Action::Event(event(11, "comment.added", "acme-2", "acme")),
    );
    assert_eq!(fetch, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
}

#[test]
fn lagged_snapshot_refetches_the_screen_when_the_window_fell_behind() {
    let mut model = board_model();
    let effects = update(
        &mut model,
        Action::Snapshot {
            lagged: true,
            last_event_id: 90,
        },
    );
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    assert_eq!(model.resyncs, 1);
    assert_eq!(model.connection, Connection::Live);
}

#[test]
fn enter_opens_the_task_and_back_returns_when_navigating_the_board() {
    let mut model = board_model();
    update(&mut model, ch('l'));
    update(&mut model, ch('j'));
    assert_eq!(model.board.selected_task().unwrap().key, "acme-3");
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-3".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
    assert_eq!(model.board.column, 1, "the cursor is where it was");
}

#[test]
fn stage_move_sends_the_version_and_shows_the_rule_warning_when_accepted() {
    let mut model = board_model();
    update(&mut model, ch('m'));
    assert!(matches!(
        model.form.as_ref().unwrap().kind,
        FormKind::Stage { selected: 1, .. }
    ));
    update(&mut model, key(KeyCode::Right));
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(
        effects,
        vec![Effect::Write(Write::SetStage {
            key: "acme-1".into(),
            stage: "review".into(),
            expected_version: 3,
        })]
    );
    assert!(model.form.as_ref().unwrap().busy);
    let write = Write::SetStage {
        key: "acme-1".into(),
        stage: "review".into(),
        expected_version: 3,
    };
    let outcome = Outcome {
        summary: "acme-1 moved to review".into(),
        warnings: vec!["Warning (rules): moving to review usually needs …".into()],
        notes: vec![],
    };
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Ok(outcome),
        },
    );
    assert!(model.form.is_none());
    let flash = model.flash.as_ref().unwrap();
    assert_eq!(flash.level, Level::Warning);
    assert!(flash.lines[1].starts_with("Warning (rules)"));
    assert!(screen(&model, 100, 20).contains("Warning (rules)"));
}

#[test]
fn refused_decision_keeps_the_form_and_its_text_when_the_daemon_says_no() {
    let mut model = review_model();
    update(&mut model, ch('3'));
    assert_eq!(model.task.tab, TAB_REVIEW);
    update(&mut model, ch('j'));
    update(&mut model, ch('a'));
    for c in "looks good".chars() {
        update(&mut model, ch(c));
    }
    update(&mut model, key(KeyCode::Enter));
    update(&mut model, ch('!'));
    let effects = update(&mut model, ctrl('s'));
    let write = Write::DecideStep {
        key: "acme-3".into(),
        step: 2,
        decision: proto::ReviewDecision::Accept,
        comment: Some("looks good\n!".into()),
    };
    assert_eq!(effects, vec![Effect::Write(write.clone())]);
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err("Rules: strict mode refuses it. Nothing changed.".into()),
        },
    );
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.editor.text(), "looks good\n!");
    assert!(!form.busy);
    let text = screen(&model, 100, 30);
    assert!(text.contains("Refused: Rules: strict mode refuses it."), "{text}");
}

#[test]
fn typed_text_survives_when_relayd_goes_offline_and_comes_back() {
    let mut model = review_model();
    update(&mut model, ch('c'));
    for c in "hello".chars() {
        update(&mut model, ch(c));
    }
    update(
        &mut model,
        Action::Offline {
            reason: "relayd closed the stream (it stopped)".into(),
            retry_ms: 400,
        },
    );
    assert!(screen(&model, 100, 30).contains("offline · retry in 0.4 s"));
    update(&mut model, Action::Connecting);
    let effects = update(
        &mut model,
        Action::Snapshot {
            lagged: false,
            last_event_id: 40,
        },
    );
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
    assert_eq!(model.form.as_ref().unwrap().editor.text(), "hello");
    assert!(screen(&model, 100, 30).contains("● live"));
}

#[test]
fn step_comment_needs_text_when_sent_empty() {
    let mut model = review_model();
    update(&mut model, ch('3'));
    update(&mut model, ch('C'));
    assert!(update(&mut model, ctrl('s')).is_empty());
    assert_eq!(
        model.form.as_ref().unwrap().error.as_deref(),
        Some("a comment on a step needs text")
    );
    update(&mut model, key(KeyCode::Esc));
    assert!(model.form.is_none());
}

#[test]
fn help_opens_on_question_mark_and_any_key_closes_it() {
    let mut model = review_model();
    update(&mut model, ch('3'));
    update(&mut model, ch('?'));
    assert!(model.help);
    assert!(screen(&model, 100, 40).contains("accept the step, with an optional comment"));
    update(&mut model, ch('j'));
    assert!(!model.help);
    update(&mut model, ch('q'));
    assert!(model.quit);
}

#[test]
fn too_small_terminal_says_how_large_it_must_be() {
    let text = screen(&Model::new(Screen::Projects), 30, 6);
    assert!(
        text.contains("Enlarge the terminal") && text.contains("50×12") && text.contains("30×6"),
        "{text}"
    );
}

#[test]
fn huge_bodies_are_cut_when_drawn() {
    let mut model = review_model();
    if let Some(data) = model.task.data.as_mut() {
        let task = data.detail.task.as_mut().unwrap();
        task.description = Some("x\u{0}y ".repeat(200_000));
    }
    let started = std::time::Instant::now();
    let text = screen(&model, 120, 40);
    assert!(text.contains("Description"));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn task_view_refetches_only_when_an_event_names_its_task() {
    let mut model = review_model();
    assert!(
        update(
            &mut model,
            Action::Event(event(20, "session.seen", "local_x", ""))
        )
        .is_empty()
    );
    assert!(
        update(
            &mut model,
            Action::Event(event(21, "comment.added", "acme-4", "acme"))
        )
        .is_empty()
    );
    let effects = update(
        &mut model,
        Action::Event(event(22, "review.step_accepted", "acme-3", "acme")),
    );
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
}

#[test]
fn inbox_enter_opens_the_review_tab_when_the_row_is_in_the_review_queue() {
    let mut model = Model::new(Screen::Inbox);
    let row = |key: &str| proto::InboxTask {
        key: key.into(),
        ..Default::default()
    };
    let inbox = proto::Inbox {
        review_queue: vec![proto::InboxReviewRow {
            task: Some(row("acme-3")),
            steps: 3,
            ..Default::default()
        }],
        agent_replies: vec![proto::InboxReply {
            task: Some(row("acme-5")),
            unread: 1,
            ..Default::default()
        }],
        total: 2,
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Inbox,
            result: Ok(Data::Inbox(Box::new(inbox))),
        },
    );
    update(&mut model, ch('j'));
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-5".into()));
    assert_eq!(model.task.tab, crate::ui::app::TAB_COMMENTS);
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-5".into()))]);
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('k'));
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.task.tab, TAB_REVIEW);
}

#[test]
fn board_pages_its_columns_when_the_terminal_is_narrow() {
    use crate::ui::board::visible_columns;
    assert_eq!(visible_columns(200, 0), 0..6);
    assert_eq!(visible_columns(100, 2), 0..4);
    assert_eq!(visible_columns(100, 4), 4..6);
    assert_eq!(visible_columns(60, 3), 3..4);
    let mut model = board_model();
    for _ in 0..4 {
        update(&mut model, ch('l'));
    }
    let text = screen(&model, 80, 24);
    assert!(
        text.contains("Live 0") && text.contains("Done 0") && !text.contains("Plan 1"),
        "{text}"
    );
}
