//! The window's faults of issue 13, each kept fixed by a test that failed before its fix.

use crossterm::event::KeyCode;
use relay_core::proto;

use super::{board_answer, ch, key};
use crate::ui::app::{
    Action, Data, Effect, Fetch, Model, Outcome, Screen, TAB_REVIEW, TaskData, Write, update,
};

fn task(number: i64, stage: &str, priority: Option<i64>, updated_at_ms: i64) -> proto::Task {
    proto::Task {
        key: format!("acme-{number}"),
        project: "acme".into(),
        number,
        title: format!("Task {number}"),
        stage: stage.into(),
        priority,
        version: 1,
        updated_at_ms,
        ..Default::default()
    }
}

fn board(tasks: Vec<proto::Task>) -> proto::ProjectBoard {
    proto::ProjectBoard {
        tasks,
        ..Default::default()
    }
}

fn keys_of(model: &Model, column: usize) -> Vec<String> {
    model
        .board
        .column_tasks(column)
        .iter()
        .map(|t| t.key.clone())
        .collect()
}

fn selected(model: &Model) -> String {
    model
        .board
        .selected_task()
        .map(|t| t.key.clone())
        .unwrap_or_default()
}

/// A board on the dev column with acme-2 .. acme-4 there (the daemon's order: most recently updated first).
fn dev_board() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    update(
        &mut model,
        board_answer(
            "acme",
            board(vec![
                task(1, "plan", None, 10),
                task(4, "dev", None, 40),
                task(3, "dev", None, 30),
                task(2, "dev", None, 20),
            ]),
        ),
    );
    update(&mut model, key(KeyCode::Right));
    model
}

#[test]
fn board_column_orders_cards_by_priority_then_number_when_the_daemon_sends_them_newest_first() {
    let mut model = dev_board();
    assert_eq!(keys_of(&model, 1), ["acme-2", "acme-3", "acme-4"]);
    // A priority puts a card first; an agent's write (a newer updated_at) moves nothing.
    update(
        &mut model,
        board_answer(
            "acme",
            board(vec![
                task(2, "dev", None, 99),
                task(4, "dev", Some(1), 40),
                task(3, "dev", Some(2), 30),
                task(9, "done", None, 5),
                task(8, "done", None, 50),
            ]),
        ),
    );
    assert_eq!(keys_of(&model, 1), ["acme-4", "acme-3", "acme-2"]);
    assert_eq!(
        keys_of(&model, 5),
        ["acme-8", "acme-9"],
        "done: the newest done first"
    );
}

#[test]
fn board_selection_stays_on_its_task_when_a_refetch_reorders_the_column() {
    let mut model = dev_board();
    update(&mut model, key(KeyCode::Down));
    assert_eq!(selected(&model), "acme-3");
    // Another client gives acme-4 the first priority and a new task lands in the column above acme-3.
    update(
        &mut model,
        board_answer(
            "acme",
            board(vec![
                task(1, "dev", Some(3), 50),
                task(4, "dev", Some(1), 45),
                task(3, "dev", None, 30),
                task(2, "dev", None, 20),
            ]),
        ),
    );
    assert_eq!(keys_of(&model, 1), ["acme-4", "acme-1", "acme-2", "acme-3"]);
    assert_eq!(
        selected(&model),
        "acme-3",
        "the selection follows the task, not the row"
    );
    // `m` acts on the task the cursor is on.
    update(&mut model, ch('m'));
    let form = model.form.as_ref().unwrap();
    assert!(format!("{:?}", form.kind).contains("acme-3"), "{:?}", form.kind);
}

#[test]
fn board_selection_leaves_its_row_to_the_next_card_when_the_selected_task_is_gone() {
    let mut model = dev_board();
    update(&mut model, key(KeyCode::Down));
    assert_eq!(selected(&model), "acme-3");
    update(
        &mut model,
        board_answer(
            "acme",
            board(vec![task(4, "dev", None, 40), task(2, "dev", None, 20)]),
        ),
    );
    assert_eq!(selected(&model), "acme-4", "the card that took its place");
}

#[test]
fn board_selection_follows_the_card_when_it_moves_stage_and_the_columns_keep_theirs() {
    let mut model = dev_board();
    update(&mut model, key(KeyCode::Down));
    assert_eq!(selected(&model), "acme-3");
    let mut moved = proto::Event {
        id: 9,
        kind: "task.stage_changed".into(),
        subject: "acme-3".into(),
        data_json: r#"{"project":"acme","from":"dev","to":"review","actor":"owner"}"#.into(),
        project: Some("acme".into()),
        at_ms: 0,
    };
    update(&mut model, Action::Event(moved.clone()));
    assert_eq!(model.board.column, 2, "the review column");
    assert_eq!(selected(&model), "acme-3");
    // The fetch that follows keeps it there.
    update(
        &mut model,
        board_answer(
            "acme",
            board(vec![
                task(4, "dev", None, 40),
                task(2, "dev", None, 20),
                task(5, "review", Some(1), 20),
                task(3, "review", None, 60),
            ]),
        ),
    );
    assert_eq!(keys_of(&model, 2), ["acme-5", "acme-3"]);
    assert_eq!(selected(&model), "acme-3");
    // A card that is not selected moving into the column leaves the selection where it is.
    moved.subject = "acme-2".into();
    moved.data_json = r#"{"project":"acme","from":"dev","to":"review"}"#.into();
    update(&mut model, Action::Event(moved));
    assert_eq!(model.board.column, 2);
    assert_eq!(selected(&model), "acme-3");
}

fn step(position: i64, status: &str) -> proto::ReviewStep {
    proto::ReviewStep {
        position,
        title: format!("Step {position}"),
        status: status.into(),
        ..Default::default()
    }
}

fn task_answer(steps: Vec<proto::ReviewStep>) -> Action {
    Action::Loaded {
        fetch: Fetch::Task("acme-3".into()),
        result: Ok(Data::Task(Box::new(TaskData {
            detail: proto::TaskDetail {
                task: Some(task(3, "review", None, 1)),
                ..Default::default()
            },
            review: Some(proto::Review {
                key: "acme-3".into(),
                steps,
                ..Default::default()
            }),
            ..Default::default()
        }))),
    }
}

#[test]
fn review_selection_moves_to_the_next_open_step_when_a_decision_is_accepted() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    update(
        &mut model,
        task_answer(vec![
            step(1, "open"),
            step(2, "accepted"),
            step(3, "open"),
            step(4, "open"),
        ]),
    );
    model.task.tab = TAB_REVIEW;
    let decide = |model: &mut Model, position: i64, decision| {
        update(
            model,
            Action::Wrote {
                write: Write::DecideStep {
                    key: "acme-3".into(),
                    step: position,
                    decision,
                    comment: None,
                },
                result: Ok(Outcome {
                    summary: format!("step {position}: decided"),
                    ..Outcome::default()
                }),
            },
        );
    };
    decide(&mut model, 1, proto::ReviewDecision::Accept);
    assert!(
        model.in_flight.contains_key(&Fetch::Task("acme-3".into())),
        "the task is fetched again"
    );
    assert_eq!(model.task.step, 2, "step 3: step 2 is already decided");
    update(
        &mut model,
        task_answer(vec![
            step(1, "accepted"),
            step(2, "accepted"),
            step(3, "open"),
            step(4, "open"),
        ]),
    );
    assert_eq!(model.task.selected_step().unwrap().position, 3);
    // The last open step rejected: back to the first open one above it.
    update(&mut model, key(KeyCode::Down));
    decide(&mut model, 4, proto::ReviewDecision::Reject);
    assert_eq!(model.task.selected_step().unwrap().position, 3);
    // A comment leaves the selection on its step.
    decide(&mut model, 3, proto::ReviewDecision::Comment);
    assert_eq!(model.task.selected_step().unwrap().position, 3);
}

#[test]
fn review_selection_stays_on_its_step_when_the_checklist_changes_above_it() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    update(&mut model, task_answer(vec![step(2, "open"), step(3, "open")]));
    model.task.tab = TAB_REVIEW;
    update(&mut model, key(KeyCode::Down));
    assert_eq!(model.task.selected_step().unwrap().position, 3);
    update(
        &mut model,
        task_answer(vec![step(1, "open"), step(2, "open"), step(3, "open")]),
    );
    assert_eq!(model.task.selected_step().unwrap().position, 3);
}

#[test]
fn keys_do_nothing_but_quit_when_the_terminal_is_too_small() {
    let mut model = dev_board();
    update(
        &mut model,
        Action::Resize {
            width: 40,
            height: 10,
        },
    );
    assert!(model.too_small());
    assert!(super::screen(&model, 40, 10).contains("Enlarge the terminal"));
    // `m 6 Enter` once moved a task to done unseen: now none of them does anything.
    for action in [
        ch('m'),
        ch('6'),
        key(KeyCode::Enter),
        ch('E'),
        ch('c'),
        key(KeyCode::Right),
    ] {
        let effects = update(&mut model, action);
        assert!(effects.is_empty(), "{effects:?}");
    }
    assert!(model.form.is_none(), "no form opened unseen");
    assert_eq!(model.board.column, 1, "the cursor did not move");
    assert_eq!(model.screen, Screen::Board("acme".into()));
    // A form open before the terminal shrank keeps its text and takes no keys.
    update(
        &mut model,
        Action::Resize {
            width: 80,
            height: 24,
        },
    );
    update(&mut model, ch('m'));
    assert!(model.form.is_some());
    update(
        &mut model,
        Action::Resize {
            width: 40,
            height: 10,
        },
    );
    assert!(
        update(&mut model, key(KeyCode::Enter)).is_empty(),
        "the stage picker did not send"
    );
    assert!(model.form.is_some());
    update(&mut model, ch('q'));
    assert!(model.quit, "q still quits");
}

#[test]
fn review_tab_shows_the_owners_words_under_an_accepted_step_when_the_decision_has_a_comment() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    let comment = |id: i64, body: &str| proto::Comment {
        id,
        author_kind: "owner".into(),
        author: "owner".into(),
        body: body.into(),
        ..Default::default()
    };
    let mut accepted = step(1, "accepted");
    accepted.decided_by = Some("owner".into());
    accepted.comments = vec![comment(
        7,
        "Step 1 'Step 1' accepted — continue with step 2\n\nWorks with my authenticator app.\nSecond line kept.",
    )];
    let mut rejected = step(2, "rejected");
    rejected.comments = vec![comment(8, "Step 2 'Step 2' rejected: the button is grey")];
    update(&mut model, task_answer(vec![accepted, rejected]));
    update(&mut model, ch('3'));
    let text = super::screen(&model, 100, 30);
    assert!(
        text.contains("owner: Step 1 'Step 1' accepted — continue with step 2"),
        "{text}"
    );
    assert!(
        text.contains("Works with my authenticator app."),
        "the owner's words:\n{text}"
    );
    assert!(text.contains("Second line kept."), "{text}");
    let works = text.lines().position(|l| l.contains("Works with")).unwrap();
    let second = text
        .lines()
        .position(|l| l.contains("Second line kept."))
        .unwrap();
    assert!(second > works, "the comment's line break kept:\n{text}");
    assert!(
        text.contains("owner: Step 2 'Step 2' rejected: the button is grey"),
        "{text}"
    );
}

fn inbox(total: u32) -> Action {
    Action::Loaded {
        fetch: Fetch::Inbox,
        result: Ok(Data::Inbox(Box::new(proto::Inbox {
            total,
            ..Default::default()
        }))),
    }
}

fn comment_read(id: i64, key: &str, at_ms: i64) -> Action {
    Action::Event(proto::Event {
        id,
        kind: "comment.read".into(),
        subject: key.into(),
        data_json: r#"{"project":"other"}"#.into(),
        project: Some("other".into()),
        at_ms,
    })
}

#[test]
fn needs_you_count_follows_inbox_events_on_every_screen_at_most_once_per_two_seconds() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    update(&mut model, Action::Clock(100_000));
    update(&mut model, inbox(4));
    assert!(super::screen(&model, 100, 20).contains("Needs you 4"));
    // The owner marks replies read on another project's task: the inbox changed, the task view did not.
    let effects = update(&mut model, comment_read(20, "other-1", 100_000));
    assert_eq!(
        effects,
        vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)],
        "the count is fetched again"
    );
    update(&mut model, inbox(3));
    assert!(super::screen(&model, 100, 20).contains("Needs you 3"));
    // Another change within 2 s waits; the clock brings it once the 2 s are over, once.
    assert!(update(&mut model, comment_read(21, "other-2", 100_500)).is_empty());
    assert!(update(&mut model, Action::Clock(101_000)).is_empty());
    // (The proposals, still on their way here, are asked again once they answer.)
    assert_eq!(
        update(&mut model, Action::Clock(102_100)),
        vec![Effect::Fetch(Fetch::Inbox)]
    );
    update(&mut model, inbox(2));
    assert!(
        update(&mut model, Action::Clock(105_000)).is_empty(),
        "nothing due"
    );
    assert!(super::screen(&model, 100, 20).contains("Needs you 2"));
}

#[test]
fn inbox_review_row_says_how_many_steps_were_rejected_as_the_cli_does() {
    let mut model = Model::new(Screen::Inbox);
    update(&mut model, Action::Live);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Inbox,
            result: Ok(Data::Inbox(Box::new(proto::Inbox {
                total: 1,
                review_queue: vec![proto::InboxReviewRow {
                    task: Some(proto::InboxTask {
                        key: "acme-3".into(),
                        title: "Login".into(),
                        stage: "review".into(),
                        ..Default::default()
                    }),
                    accepted: 1,
                    rejected: 1,
                    steps: 3,
                }],
                ..Default::default()
            }))),
        },
    );
    let text = super::screen(&model, 100, 20);
    assert!(text.contains("1/3 accepted · 1 rejected"), "{text}");
}

fn task_view() -> Model {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    update(&mut model, task_answer(vec![step(1, "open"), step(2, "open")]));
    model
}

#[test]
fn esc_and_ctrl_c_keep_the_draft_and_reopening_the_form_brings_it_back() {
    let mut model = task_view();
    update(&mut model, ch('c'));
    let typed = "Please keep the old login page";
    for c in typed.chars() {
        update(&mut model, ch(c));
    }
    update(&mut model, key(KeyCode::Esc));
    assert!(model.form.is_none());
    assert!(
        model.flash.as_ref().unwrap().lines[0].starts_with("Draft kept (30 characters)"),
        "{:?}",
        model.flash
    );
    update(&mut model, ch('c'));
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.editor.text(), typed, "the draft is back");
    assert!(super::screen(&model, 100, 30).contains("Your draft is back (30 characters)."));
    // Ctrl-C in a form closes the form, not the program; the text is kept the same way.
    update(&mut model, ch('!'));
    update(&mut model, super::ctrl('c'));
    assert!(!model.quit, "Ctrl-C in a form does not quit");
    assert!(model.form.is_none());
    update(&mut model, ch('c'));
    assert_eq!(model.form.as_ref().unwrap().editor.text(), format!("{typed}!"));
    // A draft per form: the step's accept form starts empty.
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('3'));
    update(&mut model, ch('a'));
    assert_eq!(model.form.as_ref().unwrap().editor.text(), "");
    // Sent: the draft is gone.
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('c'));
    update(
        &mut model,
        Action::Wrote {
            write: Write::Comment {
                key: "acme-3".into(),
                body: format!("{typed}!"),
            },
            result: Ok(Outcome::default()),
        },
    );
    update(&mut model, ch('c'));
    assert_eq!(model.form.as_ref().unwrap().editor.text(), "");
}

#[test]
fn quitting_asks_first_when_a_draft_would_be_lost() {
    let mut model = task_view();
    update(&mut model, ch('c'));
    for c in "a comment I have not sent".chars() {
        update(&mut model, ch(c));
    }
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('q'));
    assert!(!model.quit, "asked first");
    let text = super::screen(&model, 100, 30);
    assert!(text.contains("Quit? 1 draft not sent will be lost:"), "{text}");
    assert!(text.contains("acme-3 comment (25 characters)"), "{text}");
    update(&mut model, ch('n'));
    assert!(!model.quit && !model.quit_asked, "any other key stays");
    update(&mut model, super::ctrl('c'));
    update(&mut model, ch('y'));
    assert!(model.quit);
    // A few characters are not worth the question.
    let mut model = task_view();
    update(&mut model, ch('c'));
    update(&mut model, ch('o'));
    update(&mut model, ch('k'));
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('q'));
    assert!(model.quit);
}

#[test]
fn paste_over_the_limit_says_so_and_pastes_nothing() {
    let mut model = task_view();
    update(&mut model, ch('c'));
    update(&mut model, Action::Paste("first line\r\nsecond line".into()));
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.editor.text(), "first line\nsecond line");
    assert_eq!(form.error, None);
    update(&mut model, Action::Paste("x".repeat(4_000)));
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.editor.text(), "first line\nsecond line", "nothing pasted");
    assert_eq!(
        form.error.as_deref(),
        Some("the paste is 4,000 characters and 3,978 more fit (at most 4,000): nothing was pasted")
    );
    assert!(super::screen(&model, 100, 30).contains("the paste is 4,000 characters"));
    // Typing at the limit says so too.
    update(&mut model, Action::Paste("y".repeat(3_978)));
    assert_eq!(model.form.as_ref().unwrap().editor.chars(), 4_000);
    update(&mut model, ch('z'));
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.editor.chars(), 4_000);
    assert!(
        form.error
            .as_deref()
            .unwrap()
            .contains("at its limit of 4,000 characters"),
        "{:?}",
        form.error
    );
}

#[test]
fn step_comment_form_says_the_comment_is_required_when_opened() {
    let mut model = task_view();
    update(&mut model, ch('3'));
    update(&mut model, ch('C'));
    let text = super::screen(&model, 100, 30);
    assert!(text.contains("your comment (required)"), "{text}");
    assert!(!text.contains("(optional)"), "{text}");
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, ch('a'));
    assert!(super::screen(&model, 100, 30).contains("(optional)"));
}

#[test]
fn start_key_starts_relayd_when_the_window_is_offline_and_says_so_when_it_runs() {
    let mut model = dev_board();
    assert!(update(&mut model, ch('D')).is_empty(), "live: nothing to start");
    assert_eq!(
        model.flash.as_ref().unwrap().lines,
        ["relayd is running: nothing to start"]
    );
    update(
        &mut model,
        Action::Offline {
            reason: "relayd closed the stream (it stopped)".into(),
            retry_ms: 400,
        },
    );
    assert!(super::screen(&model, 120, 20).contains("○ offline · retry in 0.4 s · D starts relayd"));
    assert_eq!(update(&mut model, ch('D')), vec![Effect::StartDaemon]);
    update(
        &mut model,
        Action::DaemonStarted(Ok("started relayd (pid 42, logs in /tmp/logs)".into())),
    );
    assert_eq!(
        model.flash.as_ref().unwrap().lines,
        ["started relayd (pid 42, logs in /tmp/logs)"]
    );
    update(
        &mut model,
        Action::DaemonStarted(Err("relayd could not be started: port 8765 is taken".into())),
    );
    assert_eq!(model.flash.as_ref().unwrap().level, crate::ui::app::Level::Error);
}

#[test]
fn back_from_a_task_opened_directly_goes_to_its_board_then_the_projects() {
    let mut model = task_view();
    assert!(model.history.is_empty(), "`relay task acme-3` opens here");
    let effects = update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("acme".into()))]);
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Projects);
    assert!(update(&mut model, key(KeyCode::Esc)).is_empty(), "the top");
    assert_eq!(model.screen, Screen::Projects);
}

/// Draws the model at `width`×`height` and keeps the frame's hits, as the loop does after each draw.
fn draw(model: &mut Model, width: u16, height: u16) -> String {
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, width, height));
    model.hits = crate::ui::view::render_with_hits(model, &mut buf);
    super::screen(model, width, height)
}

#[test]
fn text_tab_stops_scrolling_at_its_last_line_and_pages_and_ends_move_it() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Live);
    let mut task = task(3, "dev", None, 1);
    task.description = Some((1..=60).map(|n| format!("line {n}\n\n")).collect());
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-3".into()),
            result: Ok(Data::Task(Box::new(TaskData {
                detail: proto::TaskDetail {
                    task: Some(task),
                    ..Default::default()
                },
                ..Default::default()
            }))),
        },
    );
    draw(&mut model, 80, 24);
    for _ in 0..500 {
        update(&mut model, key(KeyCode::Down));
    }
    let text = draw(&mut model, 80, 24);
    assert!(text.contains("line 60"), "the end in view:\n{text}");
    let max = model.task.scroll[0];
    assert_eq!(Some(max), model.hits.scroll_max, "no further than the end");
    // One Up shows one more line at the top at once (no presses lost past the end).
    update(&mut model, key(KeyCode::Up));
    assert_eq!(model.task.scroll[0], max - 1);
    update(&mut model, ch('g'));
    assert_eq!(model.task.scroll[0], 0);
    update(&mut model, key(KeyCode::PageDown));
    let page = model.task.scroll[0];
    assert!(page >= 15, "a page is the pane's height: {page}");
    update(&mut model, super::ctrl('u'));
    assert_eq!(model.task.scroll[0], page - page / 2);
    update(&mut model, ch('G'));
    assert_eq!(model.task.scroll[0], max);
}

#[test]
fn lists_move_by_page_and_to_their_ends_when_paging_keys_are_pressed() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    let tasks = (1..=40).map(|n| task(n, "dev", None, n)).collect();
    update(&mut model, board_answer("acme", board(tasks)));
    update(&mut model, key(KeyCode::Right));
    draw(&mut model, 80, 24);
    let page = model.page();
    assert!((2..10).contains(&page), "a page of cards: {page}");
    update(&mut model, key(KeyCode::PageDown));
    assert_eq!(selected(&model), format!("acme-{}", 1 + page));
    update(&mut model, ch('G'));
    assert_eq!(selected(&model), "acme-40");
    update(&mut model, key(KeyCode::Home));
    assert_eq!(selected(&model), "acme-1");
    update(&mut model, super::ctrl('d'));
    assert_eq!(selected(&model), format!("acme-{}", 1 + (page / 2).max(1)));
}

#[test]
fn a_cut_column_says_how_many_cards_are_out_of_view() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    let tasks = (1..=40).map(|n| task(n, "dev", None, n)).collect();
    update(&mut model, board_answer("acme", board(tasks)));
    update(&mut model, key(KeyCode::Right));
    let text = draw(&mut model, 80, 24);
    // The cards wholly in view are a page; the rest are below.
    assert!(
        text.contains(&format!(" {} more ↓ ", 40 - model.page())),
        "{text}"
    );
    update(&mut model, ch('G'));
    let text = draw(&mut model, 80, 24);
    assert!(text.contains(" ↑ ") && text.contains(" more "), "{text}");
    assert!(!text.contains("more ↓"), "the end is in view:\n{text}");
    // In the middle: the selected card on screen, the cards above and below counted, the three adding up.
    update(&mut model, key(KeyCode::Home));
    for _ in 0..20 {
        update(&mut model, ch('j'));
    }
    let text = draw(&mut model, 80, 24);
    assert_eq!(selected(&model), "acme-21");
    assert!(text.contains("acme-21"), "{text}");
    let counts: Vec<usize> = text
        .split(" ↑ ")
        .nth(1)
        .and_then(|rest| rest.split(" more ↓ ").next())
        .map(|counts| {
            counts
                .split(" · ")
                .filter_map(|n| n.trim().parse().ok())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(counts.len(), 2, "↑ above · below more ↓:\n{text}");
    // A card cut at the top shows its title only: it is neither above nor below.
    let shown = (1..=40).filter(|n| text.contains(&format!("Task {n} "))).count();
    assert_eq!(
        counts[0] + counts[1] + shown,
        40,
        "{counts:?}, {shown} shown:\n{text}"
    );
}

#[test]
fn unknown_key_says_where_help_is_once() {
    let mut model = dev_board();
    update(&mut model, ch('z'));
    assert_eq!(
        model.flash.as_ref().unwrap().lines,
        ["z does nothing here — ? for help"]
    );
    update(&mut model, key(KeyCode::Down));
    assert!(model.flash.is_none());
    update(&mut model, ch('z'));
    assert!(model.flash.is_none(), "once a run");
    assert!(!model.dirty);
}

#[test]
fn slash_filters_the_board_in_place_and_esc_clears_it() {
    let mut model = dev_board();
    update(&mut model, key(KeyCode::Down));
    assert_eq!(selected(&model), "acme-3");
    update(&mut model, ch('/'));
    for c in "task 4".chars() {
        update(&mut model, ch(c));
    }
    assert_eq!(keys_of(&model, 1), ["acme-4"], "only the matching card");
    assert_eq!(keys_of(&model, 0), Vec::<String>::new());
    assert_eq!(selected(&model), "acme-4");
    let text = super::screen(&model, 80, 24);
    assert!(
        text.contains("/task 4▏") && text.contains("1 of 4 cards"),
        "{text}"
    );
    // While typing, letters are the query's, not keys: `m` did not open the stage picker.
    update(&mut model, ch('m'));
    assert!(model.form.is_none());
    update(&mut model, key(KeyCode::Backspace));
    // Enter keeps the filter and gives the keys back: m moves the card shown.
    update(&mut model, key(KeyCode::Enter));
    update(&mut model, ch('m'));
    assert!(format!("{:?}", model.form.as_ref().unwrap().kind).contains("acme-4"));
    update(&mut model, key(KeyCode::Esc));
    // Esc clears the filter first (the selection stays on its card), then goes back.
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
    assert!(model.board.find.query.is_empty());
    assert_eq!(keys_of(&model, 1), ["acme-2", "acme-3", "acme-4"]);
    assert_eq!(selected(&model), "acme-4");
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Projects);
}

#[test]
fn long_breadcrumb_and_board_line_end_in_an_ellipsis_when_cut() {
    let mut model = Model::new(Screen::Board("a-very-long-project-slug-for-the-header".into()));
    update(&mut model, Action::Live);
    update(
        &mut model,
        board_answer(
            "a-very-long-project-slug-for-the-header",
            proto::ProjectBoard {
                rules_line:
                    "Rules cb33b7d3: accepted plan before dev, report before test, progress before done"
                        .into(),
                ..Default::default()
            },
        ),
    );
    update(&mut model, inbox(4));
    let text = super::screen(&model, 60, 20);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains('…') && lines[0].ends_with("Needs you 4 · ● live"),
        "{text}"
    );
    assert!(lines[1].ends_with('…'), "{text}");
}

#[test]
fn empty_projects_hint_wraps_and_speaks_to_the_owner() {
    let mut model = Model::new(Screen::Projects);
    update(&mut model, Action::Live);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Projects,
            result: Ok(Data::Projects {
                list: Vec::new(),
                sessions: Vec::new(),
            }),
        },
    );
    let text = super::screen(&model, 60, 20);
    assert!(text.contains("relay project upsert SLUG"), "{text}");
    assert!(text.contains("--home DIR`."), "the hint is not cut: {text}");
    assert!(!text.contains("project_upsert"), "{text}");
}

#[test]
fn a_tab_in_a_title_shows_as_a_space_on_the_card_and_the_task_line() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    let mut tabbed = task(1, "plan", None, 1);
    tabbed.title = "Fix\tthe typo".into();
    update(&mut model, board_answer("acme", board(vec![tabbed.clone()])));
    assert!(super::screen(&model, 80, 24).contains("Fix the typo"));
    let mut model = Model::new(Screen::Task("acme-1".into()));
    update(&mut model, Action::Live);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-1".into()),
            result: Ok(Data::Task(Box::new(TaskData {
                detail: proto::TaskDetail {
                    task: Some(tabbed),
                    ..Default::default()
                },
                ..Default::default()
            }))),
        },
    );
    assert!(super::screen(&model, 80, 24).contains("acme-1 Fix the typo"));
}

#[test]
fn plan_tab_refreshes_when_the_agents_todo_changes() {
    let mut model = task_view();
    let todo = proto::Event {
        id: 30,
        kind: "session.todo_updated".into(),
        subject: "acme-3".into(),
        data_json: r#"{"project":"acme","key":"acme-3","session":"s1","items":3}"#.into(),
        project: Some("acme".into()),
        at_ms: 0,
    };
    let effects = update(&mut model, Action::Event(todo.clone()));
    assert!(
        effects.contains(&Effect::Fetch(Fetch::Task("acme-3".into()))),
        "{effects:?}"
    );
    // Another task's todo does not.
    let mut other = todo;
    other.id = 31;
    other.subject = "acme-4".into();
    model.in_flight.clear();
    assert!(!update(&mut model, Action::Event(other)).contains(&Effect::Fetch(Fetch::Task("acme-3".into()))));
}

#[test]
fn a_move_to_review_asks_for_a_notification_when_enabled() {
    let mut model = dev_board();
    let moved = |id: i64, key: &str, from: &str, to: &str| {
        Action::Event(proto::Event {
            id,
            kind: "task.stage_changed".into(),
            subject: key.into(),
            data_json: format!(r#"{{"project":"acme","key":"{key}","from":"{from}","to":"{to}"}}"#),
            project: Some("acme".into()),
            at_ms: 0,
        })
    };
    update(&mut model, moved(40, "acme-2", "dev", "review"));
    assert!(
        model.notifications.is_empty(),
        "off unless the config turns it on"
    );
    model.notify_review = true;
    update(&mut model, moved(41, "acme-3", "dev", "review"));
    update(&mut model, moved(42, "acme-4", "dev", "live"));
    update(&mut model, moved(43, "acme-4", "live", "test"));
    assert_eq!(
        model.notifications,
        [
            "Waiting for your acceptance: acme-3 Task 3",
            "Waiting for your acceptance: acme-4 Task 4"
        ]
    );
}
