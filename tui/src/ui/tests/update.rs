//! Actions in, model and effects out: no terminal, no daemon.

use crossterm::event::KeyCode;
use relay_core::proto;

use super::{board_answer, ch, ctrl, key, screen};
use crate::ui::app::{
    Action, Connection, Data, Effect, Fetch, FormKind, Level, Model, Outcome, Screen, TAB_REVIEW, TaskData,
    Write, update,
};

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
        project: Some(project.into()),
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
    update(&mut model, board_answer("acme", board));
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
                sessions: Vec::new(),
                plans: Vec::new(),
                reviews: Vec::new(),
            }),
        },
    );
    assert_eq!(again, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    assert_eq!(model.last_event_id, 7);
}

#[test]
fn board_ignores_events_when_they_belong_to_another_project() {
    let mut model = board_model();
    // Only the header's inbox count is asked for again (another project's task can need the owner).
    assert_eq!(
        update(
            &mut model,
            Action::Event(event(9, "task.updated", "other-1", "other"))
        ),
        vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)]
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
        ..Outcome::default()
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
    update(&mut model, ch('x'));
    assert!(!model.help);
    update(&mut model, ch('q'));
    assert!(model.quit);
}

#[test]
fn help_scrolls_with_arrows_when_taller_than_the_terminal() {
    let mut model = review_model();
    update(&mut model, ch('3'));
    update(&mut model, ch('?'));
    let top = screen(&model, 80, 24);
    assert!(top.contains("↑/↓ scroll"), "{top}");
    assert!(top.contains("Keys: task, Review tab"), "{top}");
    assert!(!top.contains("Keys: everywhere"), "{top}");
    for _ in 0..200 {
        update(&mut model, key(KeyCode::Down));
    }
    assert!(model.help, "arrows scroll, they do not close");
    let bottom = screen(&model, 80, 24);
    assert!(
        bottom.contains("show or hide this help"),
        "the keys that work everywhere come last: {bottom}"
    );
    assert!(
        bottom.contains("quit (asks first when an unsent draft would be lost)"),
        "{bottom}"
    );
    update(&mut model, ch('k'));
    assert!(model.help);
    update(&mut model, key(KeyCode::Enter));
    assert!(!model.help, "any other key closes");
    assert!(!model.quit);
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
    // Tall enough for the whole cut description: its 20,000 characters, then the note.
    let text = screen(&model, 120, 400);
    assert!(text.contains("Description"), "{text}");
    let shown = text.matches("x�y").count();
    assert_eq!(
        shown,
        crate::ui::view::MAX_BODY / 4,
        "the first 20,000 characters are drawn (NUL as �), none past them:\n{text}"
    );
    assert!(
        text.contains(&format!(
            "… ({} more characters not shown)",
            800_000 - crate::ui::view::MAX_BODY
        )),
        "the cut is said with what was left out:\n{text}"
    );
}

#[test]
fn task_view_refetches_only_when_an_event_names_its_task() {
    let mut model = review_model();
    let inbox_only = vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)];
    // Events of other tasks and sessions fetch only the header's inbox count (once: its fetch is on its way).
    assert_eq!(
        update(
            &mut model,
            Action::Event(event(20, "session.seen", "local_x", ""))
        ),
        inbox_only
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

fn activity_row(id: i64, kind: &str, project: &str) -> proto::ActivityRow {
    proto::ActivityRow {
        event: Some(event(id, kind, &format!("{project}-1"), project)),
        what: format!("event {id}"),
        actor: "cli".into(),
    }
}

fn activity_page(ids: std::ops::RangeInclusive<i64>, more: bool) -> Data {
    let rows: Vec<_> = ids
        .rev()
        .map(|id| activity_row(id, "task.updated", "acme"))
        .collect();
    let next = rows.last().and_then(|r| r.event.as_ref()).map_or(0, |e| e.id);
    Data::Activity {
        page: Box::new(proto::ListActivityResponse {
            rows,
            next_before_event_id: next,
            more,
            now_ms: 0,
        }),
        slugs: vec!["acme".into(), "beta".into()],
        live: Vec::new(),
    }
}

fn activity_ids(model: &Model) -> Vec<i64> {
    model
        .activity
        .rows
        .as_ref()
        .unwrap()
        .iter()
        .map(|r| r.event.as_ref().unwrap().id)
        .collect()
}

fn activity_model() -> Model {
    let mut model = Model::new(Screen::Projects);
    update(&mut model, Action::Live);
    let effects = update(&mut model, ch('e'));
    let first = Fetch::Activity(Default::default());
    assert_eq!(effects, vec![Effect::Fetch(first.clone())]);
    update(
        &mut model,
        Action::Loaded {
            fetch: first,
            result: Ok(activity_page(51..=100, true)),
        },
    );
    model
}

#[test]
fn activity_appends_the_older_page_when_load_more_is_pressed() {
    let mut model = activity_model();
    assert_eq!(activity_ids(&model).len(), 50);
    let effects = update(&mut model, ch('n'));
    let more = Fetch::ActivityMore {
        filter: Default::default(),
        before: 51,
    };
    assert_eq!(effects, vec![Effect::Fetch(more.clone())]);
    // Pressed again while the page is on its way: asked once.
    assert!(update(&mut model, ch('n')).is_empty());
    update(
        &mut model,
        Action::Loaded {
            fetch: more,
            result: Ok(activity_page(1..=50, false)),
        },
    );
    let ids = activity_ids(&model);
    assert_eq!(ids.len(), 100);
    assert_eq!((ids[0], ids[99]), (100, 1), "newest first, then the older page");
    assert!(!model.activity.more);
    // Nothing more to load: n does nothing.
    assert!(update(&mut model, ch('n')).is_empty());
}

#[test]
fn activity_prepends_new_events_and_keeps_loaded_pages_when_an_event_arrives() {
    let mut model = activity_model();
    update(&mut model, ch('n'));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::ActivityMore {
                filter: Default::default(),
                before: 51,
            },
            result: Ok(activity_page(1..=50, false)),
        },
    );
    // A hook status change is not in the unfiltered feed: no fetch of it (the header's inbox count is asked for).
    let hidden = update(
        &mut model,
        Action::Event(event(101, "session.status_changed", "acme-1", "acme")),
    );
    assert_eq!(
        hidden,
        vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)]
    );
    let effects = update(
        &mut model,
        Action::Event(event(101, "task.updated", "acme-1", "acme")),
    );
    let first = Fetch::Activity(Default::default());
    assert_eq!(
        effects,
        vec![Effect::Fetch(first.clone())],
        "the inbox is on its way already"
    );
    update(
        &mut model,
        Action::Loaded {
            fetch: first,
            result: Ok(activity_page(52..=101, true)),
        },
    );
    let ids = activity_ids(&model);
    assert_eq!(ids.len(), 101);
    assert_eq!((ids[0], ids[1], ids[100]), (101, 100, 1));
}

#[test]
fn activity_filters_refetch_from_the_newest_when_changed() {
    let mut model = activity_model();
    // f picks a project: the picker lists all, then each project; typing narrows it, Enter takes one.
    assert!(update(&mut model, ch('f')).is_empty());
    let text = screen(&model, 100, 24);
    assert!(
        text.contains("Show the project") && text.contains("all projects") && text.contains("beta"),
        "{text}"
    );
    for c in "acm".chars() {
        update(&mut model, ch(c));
    }
    let effects = update(&mut model, key(KeyCode::Enter));
    assert!(model.picker.is_none());
    let filter = crate::ui::activity::ActivityFilter {
        project: Some("acme".into()),
        kind: None,
    };
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Activity(filter.clone()))]);
    assert!(model.activity.rows.is_none(), "the old feed is dropped");
    // t picks a kind: typing part of its name finds it among every kind, without stepping through them.
    update(&mut model, ch('t'));
    for c in "stage_ch".chars() {
        update(&mut model, ch(c));
    }
    assert_eq!(model.picker.as_ref().unwrap().shown().len(), 1);
    let effects = update(&mut model, key(KeyCode::Enter));
    let kind = "task.stage_changed".to_owned();
    let both = crate::ui::activity::ActivityFilter {
        project: Some("acme".into()),
        kind: Some(kind),
    };
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Activity(both))]);
    // A late answer for the old filter is dropped.
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Activity(filter),
            result: Ok(activity_page(1..=3, false)),
        },
    );
    assert!(model.activity.rows.is_none());
}

#[test]
fn sessions_open_with_the_boards_project_and_enter_opens_a_bound_task() {
    let mut model = board_model();
    let effects = update(&mut model, ch('s'));
    let fetch = Fetch::Sessions(Some("acme".into()));
    assert_eq!(effects, vec![Effect::Fetch(fetch.clone())]);
    let list = proto::ListSessionsResponse {
        sessions: vec![proto::SessionRow {
            name: "agent-1".into(),
            kind: "named".into(),
            hook_status: Some("working".into()),
            tasks: vec!["acme-2".into()],
            ..Default::default()
        }],
        now_ms: 0,
    };
    update(
        &mut model,
        Action::Loaded {
            fetch,
            result: Ok(Data::Sessions {
                list: Box::new(list),
                runner: Vec::new(),
                slugs: vec!["acme".into()],
            }),
        },
    );
    assert!(screen(&model, 100, 20).contains("● working"));
    // A binding event refetches; a report does not.
    assert!(
        update(
            &mut model,
            Action::Event(event(9, "report.added", "acme-2", "acme"))
        )
        .is_empty()
    );
    // The sessions again, and the header's inbox count.
    assert_eq!(
        update(
            &mut model,
            Action::Event(event(10, "task.session_bound", "acme-2", "acme"))
        ),
        vec![
            Effect::Fetch(Fetch::Sessions(Some("acme".into()))),
            Effect::Fetch(Fetch::Inbox),
            Effect::Fetch(Fetch::Proposals)
        ]
    );
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-2".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-2".into()))]);
    // f from the project's list opens the picker on acme; ↑ to "all projects" and Enter: every session.
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('f'));
    // Esc leaves the filter as it was.
    assert!(update(&mut model, key(KeyCode::Esc)).is_empty());
    assert_eq!(model.sessions.project.as_deref(), Some("acme"));
    update(&mut model, ch('f'));
    update(&mut model, key(KeyCode::Up));
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Sessions(None))]);
}

#[test]
fn board_refetches_when_a_hook_status_of_its_project_changes() {
    let mut model = board_model();
    let status = event(20, "session.status_changed", "acme-2", "acme");
    assert_eq!(
        update(&mut model, Action::Event(status)),
        vec![Effect::Fetch(Fetch::Board("acme".into()))]
    );
    let mut model = board_model();
    let todo = event(21, "session.todo_updated", "acme-2", "acme");
    assert!(
        update(&mut model, Action::Event(todo)).is_empty(),
        "other session events change no card"
    );
}

#[test]
fn board_card_dot_follows_the_bound_sessions_hook_status_when_drawn() {
    let mut model = Model::new(Screen::Board("acme".into()));
    let mut bound = task("acme-1", "plan");
    bound.session = Some("agent-1".into());
    let board = proto::ProjectBoard {
        tasks: vec![bound],
        ..Default::default()
    };
    let sessions = vec![proto::SessionRow {
        name: "agent-1".into(),
        hook_status: Some("working".into()),
        ..Default::default()
    }];
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Board("acme".into()),
            result: Ok(Data::Board {
                board: Box::new(board.clone()),
                inbox: Box::default(),
                sessions,
                plans: Vec::new(),
                reviews: Vec::new(),
            }),
        },
    );
    assert!(screen(&model, 80, 24).contains("acme-1 ●"));
    update(&mut model, board_answer("acme", board));
    assert!(
        screen(&model, 80, 24).contains("acme-1 ○"),
        "no hook status: a hollow dot"
    );
}

#[test]
fn stage_move_by_another_client_moves_the_card_at_once_and_fetches_the_board() {
    let mut model = board_model();
    assert_eq!(model.board.column_tasks(1).len(), 2, "two dev cards");
    let mut moved = event(9, "task.stage_changed", "acme-3", "acme");
    moved.data_json = r#"{"project":"acme","from":"dev","to":"review","actor":"agent"}"#.into();
    let effects = update(&mut model, Action::Event(moved));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    assert!(model.dirty, "drawn now, before the fetch answers");
    let review: Vec<&str> = model
        .board
        .column_tasks(2)
        .iter()
        .map(|t| t.key.as_str())
        .collect();
    assert_eq!(review, ["acme-3"]);
    assert_eq!(model.board.column_tasks(1).len(), 1);

    // An event naming a stage that does not exist, or a task not on the board, moves nothing.
    let mut bad = event(10, "task.stage_changed", "acme-2", "acme");
    bad.data_json = r#"{"project":"acme","from":"dev","to":"nowhere"}"#.into();
    update(&mut model, Action::Event(bad));
    assert_eq!(model.board.column_tasks(1).len(), 1);
    let mut elsewhere = event(11, "task.stage_changed", "acme-99", "acme");
    elsewhere.data_json = r#"{"project":"acme","from":"dev","to":"test"}"#.into();
    update(&mut model, Action::Event(elsewhere));
    assert!(model.board.column_tasks(3).is_empty());
}

#[test]
fn long_column_scrolls_to_the_selected_card_and_clicks_land_on_it() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    let tasks = (1..=40).map(|n| task(&format!("acme-{n}"), "dev")).collect();
    update(
        &mut model,
        board_answer(
            "acme",
            proto::ProjectBoard {
                tasks,
                ..Default::default()
            },
        ),
    );
    model.board.column = 1;
    for _ in 0..30 {
        update(&mut model, key(KeyCode::Down));
    }
    assert_eq!(model.board.selected_task().unwrap().key, "acme-31");
    let text = screen(&model, 80, 24);
    assert!(text.contains("acme-31"), "{text}");
    assert!(
        !text.contains("acme-1 "),
        "the top of the column scrolled away: {text}"
    );

    // The frame's hit map puts acme-31's card where it is drawn: a click on its row opens it.
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
    model.hits = crate::ui::view::render_with_hits(&model, &mut buf);
    let row = (0..24)
        .find(|y| {
            (0..80)
                .map(|x| buf[(x, *y)].symbol().to_owned())
                .collect::<String>()
                .contains("acme-31")
        })
        .unwrap();
    let column = (0..76)
        .find(|x| (*x..*x + 7).map(|x| buf[(x, row)].symbol()).collect::<String>() == "acme-31")
        .unwrap();
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column,
        row,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    update(&mut model, Action::Mouse(click));
    assert_eq!(model.screen, Screen::Task("acme-31".into()));
}

/// `/` filters the activity feed, the sessions and the inbox in place as it does the board: the rows that
/// contain the text, the count on the filter's line, Enter on the row shown, Esc clears it with the selection
/// left on its row.
#[test]
fn slash_filters_activity_sessions_and_inbox_in_place() {
    // Activity: ids 1..=5, `event N` each; a filter on "event 3".
    let mut model = Model::new(Screen::Activity);
    update(&mut model, Action::Live);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Activity(crate::ui::activity::ActivityFilter::default()),
            result: Ok(activity_page(1..=5, false)),
        },
    );
    update(&mut model, ch('/'));
    for c in "event 3".chars() {
        update(&mut model, ch(c));
    }
    let ids: Vec<i64> = model
        .activity
        .visible()
        .iter()
        .map(|r| r.event.as_ref().unwrap().id)
        .collect();
    assert_eq!(ids, [3]);
    let text = screen(&model, 100, 20);
    assert!(
        text.contains("/event 3▏") && text.contains("1 of 5 loaded events"),
        "{text}"
    );
    // `n` is the query's while typing (it does not load more).
    assert!(update(&mut model, ch('n')).is_empty());
    update(&mut model, key(KeyCode::Backspace));
    update(&mut model, key(KeyCode::Enter));
    // Enter shows the event in full under the feed; Enter again opens its task.
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    let text = screen(&model, 100, 30);
    assert!(
        text.contains("#3 acme-1") && text.contains("Enter opens the task"),
        "{text}"
    );
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-1".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-1".into()))]);
    update(&mut model, key(KeyCode::Esc));
    // Esc hides the detail, then clears the filter; the selection stays on event 3 (the third newest).
    update(&mut model, key(KeyCode::Esc));
    assert!(!model.activity.detail);
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Activity);
    assert!(!model.activity.find.active());
    assert_eq!(model.activity.selected, 2);

    // Sessions: two, the filter on the second one's task.
    let mut model = Model::new(Screen::Sessions);
    update(&mut model, Action::Live);
    let session = |name: &str, task: &str| proto::SessionRow {
        name: name.into(),
        kind: "named".into(),
        tasks: vec![task.into()],
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Sessions(None),
            result: Ok(Data::Sessions {
                list: Box::new(proto::ListSessionsResponse {
                    sessions: vec![session("agent-1", "acme-2"), session("agent-2", "acme-7")],
                    now_ms: 0,
                }),
                runner: Vec::new(),
                slugs: vec!["acme".into()],
            }),
        },
    );
    update(&mut model, ch('/'));
    for c in "ACME-7".chars() {
        update(&mut model, ch(c));
    }
    assert!(screen(&model, 100, 20).contains("1 of 2 sessions"));
    update(&mut model, key(KeyCode::Enter));
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-7".into()));

    // Inbox: a filter that empties a group leaves it out and says so on the other's title.
    let mut model = Model::new(Screen::Inbox);
    update(&mut model, Action::Live);
    let task = |key: &str, title: &str| proto::InboxTask {
        key: key.into(),
        title: title.into(),
        stage: "dev".into(),
        ..Default::default()
    };
    let inbox = proto::Inbox {
        waiting_on_you: vec![task("acme-1", "Checkout page"), task("acme-2", "Login form")],
        not_logged: vec![task("acme-3", "Payment")],
        total: 3,
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Inbox,
            result: Ok(Data::Inbox(Box::new(inbox))),
        },
    );
    update(&mut model, ch('/'));
    for c in "login".chars() {
        update(&mut model, ch(c));
    }
    let text = screen(&model, 100, 20);
    assert!(text.contains("Waiting on you (1 of 2)"), "{text}");
    assert!(!text.contains("Not logged"), "{text}");
    assert_eq!(model.inbox_targets().len(), 1);
    update(&mut model, key(KeyCode::Enter));
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Task("acme-2".into()));
}

fn lock(path: &str, holder: &str, intent: Option<&str>) -> proto::FileLock {
    let owner = proto::LockOwner {
        agent_label: "Claude Code".into(),
        host: "desk".into(),
        session: holder.into(),
        lock_id: format!("Claude Code:desk:{holder}"),
    };
    proto::FileLock {
        workspace: "/home/me/shop".into(),
        path: path.into(),
        state: proto::LockState::Held as i32,
        holder: Some(owner.clone()),
        since_ms: 1_000,
        expires_at_ms: Some(901_000),
        intent: intent.map(str::to_owned),
        intent_at_ms: intent.map(|_| 1_000),
        waiters: vec![proto::LockPresence {
            owner: Some(proto::LockOwner {
                agent_label: "Cursor".into(),
                lock_id: "Cursor:desk:c1".into(),
                ..owner
            }),
            since_ms: 5_000,
            last_at_ms: 5_000,
        }],
        ..Default::default()
    }
}

/// `L` lists who holds which file and why, follows the lock table live (relayd's `LocksChanged`), and `/` filters
/// it like every list.
#[test]
fn locks_screen_shows_holders_intents_and_waiters_and_follows_lock_changes() {
    let mut model = board_model();
    assert_eq!(update(&mut model, ch('L')), vec![Effect::Fetch(Fetch::Locks)]);
    let listing = proto::ListLocksResponse {
        locks: vec![
            lock("src/auth.ts", "s1", Some("switch login to JWT")),
            lock("src/cart.ts", "s2", None),
        ],
        contentions: vec![proto::LockContention {
            path: "src/auth.ts".into(),
            count: 3,
            last_at_ms: 5_000,
            ..Default::default()
        }],
        now_ms: 10_000,
        ttl_secs: 900,
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Locks,
            result: Ok(Data::Locks(Box::new(listing))),
        },
    );
    let text = screen(&model, 120, 30);
    for words in [
        "Locks · 2 held",
        "src/auth.ts",
        "switch login to JWT",
        "Recent contentions · 1",
        "×3",
        "Cursor",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    // A lock change fetches the table again while the screen is open, and not elsewhere.
    assert_eq!(
        update(&mut model, Action::LocksChanged),
        vec![Effect::Fetch(Fetch::Locks)]
    );
    update(&mut model, ch('/'));
    for c in "cart".chars() {
        update(&mut model, ch(c));
    }
    assert_eq!(model.locks.visible().len(), 1);
    assert!(screen(&model, 120, 30).contains("1 of 2 locks"));
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, key(KeyCode::Esc));
    assert_ne!(model.screen, Screen::Locks);
    assert!(update(&mut model, Action::LocksChanged).is_empty());
}

/// `y` on a task puts its key and title on the clipboard through the terminal (OSC 52), and says so.
#[test]
fn y_copies_the_task_key_and_title_through_the_terminal() {
    let mut model = review_model();
    assert!(update(&mut model, ch('y')).is_empty());
    let copied = model.clipboard.clone().unwrap();
    assert!(copied.starts_with("acme-3: "), "{copied}");
    let flash = model.flash.as_ref().unwrap().lines.join(" ");
    assert!(flash.contains("copied") && flash.contains("OSC 52"), "{flash}");
}

/// After `n` creates a task the cursor goes to the new card once the board shows it, whatever column it was in.
#[test]
fn the_cursor_goes_to_the_task_n_created() {
    let mut model = board_model();
    update(&mut model, ch('l'));
    update(&mut model, ch('j'));
    let write = Write::CreateTask {
        project: "acme".into(),
        title: "Export orders".into(),
        description: None,
    };
    let outcome = Outcome {
        summary: "created acme-4: Export orders".into(),
        created: Some("acme-4".into()),
        ..Outcome::default()
    };
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Ok(outcome),
        },
    );
    // The answer can come before the board is read again: the cursor stays until the card is there.
    let board = |extra: bool| proto::ProjectBoard {
        tasks: [
            task("acme-1", "plan"),
            task("acme-2", "dev"),
            task("acme-3", "dev"),
        ]
        .into_iter()
        .chain(extra.then(|| task("acme-4", "plan")))
        .collect(),
        ..Default::default()
    };
    update(&mut model, board_answer("acme", board(false)));
    assert_eq!(
        model.board.selected_task().map(|t| t.key.as_str()),
        Some("acme-3")
    );
    update(&mut model, board_answer("acme", board(true)));
    assert_eq!(
        model.board.selected_task().map(|t| t.key.as_str()),
        Some("acme-4")
    );
    // Once there, later reads keep the selection where the owner moves it.
    update(&mut model, ch('k'));
    update(&mut model, board_answer("acme", board(true)));
    assert_eq!(
        model.board.selected_task().map(|t| t.key.as_str()),
        Some("acme-1")
    );
}

/// `y` on the board copies the selected card's key and title, like in the task view.
#[test]
fn y_on_the_board_copies_the_selected_card() {
    let mut model = board_model();
    update(&mut model, ch('l'));
    update(&mut model, ch('j'));
    assert!(update(&mut model, ch('y')).is_empty());
    let copied = model.clipboard.clone().unwrap();
    assert!(copied.starts_with("acme-3: "), "{copied}");
}

fn stands() -> proto::EnvironmentMap {
    let level = |level: &str, source: &str| {
        Some(proto::SourcedLevel {
            level: level.into(),
            source: source.into(),
        })
    };
    proto::EnvironmentMap {
        project: "acme".into(),
        preset: "default".into(),
        guard_mode: "warn".into(),
        environments: vec![
            proto::Environment {
                name: "live".into(),
                kind: "live".into(),
                base_url: Some("https://shop.acme.com".into()),
                level: level("read", "(default)"),
                capabilities: vec![proto::CapabilityLevel {
                    capability: "ssh".into(),
                    level: level("none", ""),
                    r#override: Some("none".into()),
                }],
                guard_mode: "warn".into(),
                access: vec![proto::AccessEntry {
                    id: 1,
                    kind: "ssh".into(),
                    fields: vec![proto::AccessField {
                        name: "alias".into(),
                        value: "prod-app".into(),
                        test: false,
                    }],
                    ..Default::default()
                }],
                changed_by: "owner".into(),
                ..Default::default()
            },
            proto::Environment {
                name: "staging".into(),
                kind: "test".into(),
                level: level("full", "(default)"),
                guard_mode: "warn".into(),
                access: vec![proto::AccessEntry {
                    id: 2,
                    kind: "other".into(),
                    fields: vec![proto::AccessField {
                        name: "api_token".into(),
                        value: "test-value-123".into(),
                        test: true,
                    }],
                    ..Default::default()
                }],
                ..Default::default()
            },
        ],
        proposals: vec![proto::EnvironmentProposal {
            id: 7,
            project: "acme".into(),
            environment: "live".into(),
            change_json: r#"{"environment":"live","level":"full","overrides":{},"access":[]}"#.into(),
            reason: "restarts need ssh".into(),
            proposed_by: "worker-1".into(),
            status: "pending".into(),
            ..Default::default()
        }],
    }
}

/// `A` on a board opens its Stands & access: proposals on top, each environment with its effective level and
/// source, the selected one's capabilities and access entries (a test secret by name only); `a` accepts a
/// proposal after y, and an accept refused because it widens live asks a second time with what it widens.
#[test]
fn stands_and_access_shows_levels_with_sources_and_decides_proposals_with_both_confirmations() {
    let mut model = board_model();
    let slug = "acme".to_owned();
    assert_eq!(
        update(&mut model, ch('A')),
        vec![Effect::Fetch(Fetch::Environments(slug.clone()))]
    );
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Environments(slug.clone()),
            result: Ok(Data::Environments(Box::new(stands()))),
        },
    );
    let text = screen(&model, 140, 40);
    for words in [
        "Stands & access · acme · preset default · guard warn · 1 pending",
        "proposal #7",
        r#"level "full" — restarts need ssh"#,
        "read (default)",
        "full (default)",
        "https://shop.acme.com",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    // The environment's detail: each capability with its source (* set by the environment), its entries.
    update(&mut model, ch('j'));
    let text = screen(&model, 140, 40);
    assert!(text.contains("ssh: none*"), "{text}");
    assert!(text.contains("alias=prod-app"), "{text}");
    update(&mut model, ch('j'));
    let text = screen(&model, 140, 40);
    assert!(text.contains("api_token=••• (test secret)"), "{text}");
    assert!(
        !text.contains("test-value-123"),
        "a test secret's value is never drawn:\n{text}"
    );
    // `a` on an environment row says what to select.
    assert!(update(&mut model, ch('a')).is_empty());
    assert!(model.confirm.is_none());

    // On the proposal: y/n first, nothing sent on another key.
    update(&mut model, ch('g'));
    assert!(update(&mut model, ch('a')).is_empty());
    assert!(
        model
            .confirm
            .as_ref()
            .unwrap()
            .0
            .starts_with("Accept proposal #7 for live")
    );
    assert!(
        update(&mut model, ch('n')).is_empty(),
        "any other key leaves it pending"
    );
    update(&mut model, ch('a'));
    let first = Write::DecideEnvProposal {
        project: slug.clone(),
        id: 7,
        accept: true,
        confirm: false,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(first.clone())]);
    // Refused: it widens live (the refusal's metadata says what). The second question names it; y sends the
    // confirmed accept.
    update(
        &mut model,
        Action::Widens {
            write: first,
            widens: vec!["the agents' level on live rises to full".to_owned()],
        },
    );
    let question = &model.confirm.as_ref().unwrap().0;
    assert!(
        question.starts_with(
            "This widens agents' access on live: the agents' level on live rises to full. y confirms and \
             accepts proposal #7"
        ),
        "{question}"
    );
    let confirmed = Write::DecideEnvProposal {
        project: slug.clone(),
        id: 7,
        accept: true,
        confirm: true,
    };
    assert_eq!(update(&mut model, ch('y')), vec![Effect::Write(confirmed)]);

    // Another refusal (decided already) is a plain error line.
    update(
        &mut model,
        Action::Wrote {
            write: Write::DecideEnvProposal {
                project: slug.clone(),
                id: 7,
                accept: false,
                confirm: false,
            },
            result: Err(
                "proposal #7 was already accepted; a proposal is decided once. Nothing changed.".into(),
            ),
        },
    );
    assert!(model.confirm.is_none());
    assert_eq!(model.flash.as_ref().unwrap().level, Level::Error);

    // It follows the project's environment and policy events, not other projects'.
    let effects = update(
        &mut model,
        Action::Event(event(20, "environment.proposed", "acme/live", "acme")),
    );
    assert!(
        effects.contains(&Effect::Fetch(Fetch::Environments(slug.clone()))),
        "{effects:?}"
    );
    let effects = update(
        &mut model,
        Action::Event(event(21, "environment.changed", "other/live", "other")),
    );
    assert!(
        !effects.contains(&Effect::Fetch(Fetch::Environments(slug.clone()))),
        "{effects:?}"
    );
    // Back goes to the board.
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
}
