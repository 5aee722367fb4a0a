//! The command palette and the mouse: actions in, model and effects out (no terminal, no daemon), the hits the
//! view records checked against what it drew, and the palette drawn over the demo data.

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use relay_core::proto;

use super::demo::{demo, snapshot};
use super::{board_answer, ch, ctrl, key};
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, TAB_REVIEW, TaskData, update};
use crate::ui::keymap::Command;
use crate::ui::mouse::{Target, WHEEL_LINES};
use crate::ui::palette::{Entry, MAX_QUERY, Tasks};
use crate::ui::view::render_with_hits;

fn typed(model: &mut Model, text: &str) -> Vec<Effect> {
    text.chars().flat_map(|c| update(model, ch(c))).collect()
}

fn task(key: &str, stage: &str, title: &str) -> proto::Task {
    proto::Task {
        key: key.into(),
        project: key.rsplit_once('-').unwrap().0.into(),
        title: title.into(),
        stage: stage.into(),
        version: 3,
        ..Default::default()
    }
}

fn tasks() -> Vec<proto::Task> {
    vec![
        task("acme-1", "plan", "Shipping address form"),
        task("acme-2", "dev", "Login page with two factors"),
        task("acme-3", "dev", "Checkout flow"),
        task("beta-1", "review", "Release notes"),
    ]
}

/// A board of project acme with its tasks loaded.
fn board_model() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    let board = proto::ProjectBoard {
        tasks: tasks().into_iter().filter(|t| t.project == "acme").collect(),
        ..Default::default()
    };
    update(&mut model, board_answer("acme", board));
    model.in_flight.clear();
    model
}

/// `model` with the palette open and its task list arrived.
fn with_palette(mut model: Model) -> Model {
    let effects = update(&mut model, ch(':'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::PaletteTasks)]);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PaletteTasks,
            result: Ok(Data::PaletteTasks {
                tasks: tasks(),
                slugs: vec!["acme".into(), "beta".into()],
            }),
        },
    );
    model
}

fn entries(model: &Model) -> Vec<(Entry, String, Vec<u32>)> {
    model
        .palette
        .as_ref()
        .unwrap()
        .entries()
        .map(|(e, t, i)| (e.clone(), t.to_owned(), i.to_vec()))
        .collect()
}

fn first(model: &Model) -> Entry {
    entries(model).first().unwrap().0.clone()
}

fn task_entry(key: &str) -> Entry {
    let stage = tasks().into_iter().find(|t| t.key == key).unwrap().stage;
    Entry::Task {
        key: key.into(),
        stage,
    }
}

#[test]
fn palette_ranks_the_best_match_first_and_marks_its_characters_when_a_query_is_typed() {
    let mut model = with_palette(board_model());
    // Empty query: the screen's commands, then the boards, then every task in list order.
    let all = entries(&model);
    assert!(matches!(all[0].0, Entry::Command { .. }), "{:?}", all[0]);
    let boards = all
        .iter()
        .position(|e| e.0 == Entry::Board("acme".into()))
        .unwrap();
    let first_task = all
        .iter()
        .position(|e| matches!(e.0, Entry::Task { .. }))
        .unwrap();
    assert!(boards < first_task);
    assert_eq!(all.len() - first_task, 4);
    assert!(all.iter().all(|e| e.2.is_empty()));

    assert!(typed(&mut model, "ship").is_empty(), "typing fetches nothing");
    let ranked = entries(&model);
    assert_eq!(ranked[0].0, task_entry("acme-1"));
    assert_eq!(ranked[0].1, "acme-1 Shipping address form");
    // "Shipping" starts at character 7; smart case: a lower-case query matches either case.
    assert_eq!(ranked[0].2, vec![7, 8, 9, 10]);
    assert!(ranked.len() < all.len(), "entries that do not match are left out");

    update(&mut model, ctrl('u'));
    typed(&mut model, "login two");
    assert_eq!(first(&model), task_entry("acme-2"));
    update(&mut model, ctrl('u'));
    typed(&mut model, "board beta");
    assert_eq!(first(&model), Entry::Board("beta".into()));
    update(&mut model, ctrl('u'));
    typed(&mut model, "move the task");
    assert!(matches!(
        first(&model),
        Entry::Command {
            command: Command::MoveStage,
            ..
        }
    ));
}

#[test]
fn palette_query_takes_typing_backspace_and_ctrl_u_when_keys_are_pressed() {
    let mut model = with_palette(board_model());
    // `q` and `j` are text in the palette, not quit and down.
    typed(&mut model, "qj");
    assert!(!model.quit);
    assert_eq!(model.palette.as_ref().unwrap().query(), "qj");
    update(&mut model, key(KeyCode::Backspace));
    assert_eq!(model.palette.as_ref().unwrap().query(), "q");
    update(&mut model, ctrl('u'));
    assert_eq!(model.palette.as_ref().unwrap().query(), "");
    // Nothing to take back: nothing changes, nothing is redrawn.
    update(&mut model, key(KeyCode::Backspace));
    assert!(!model.dirty);
    // The query is bounded.
    typed(&mut model, &"x".repeat(MAX_QUERY + 20));
    assert_eq!(model.palette.as_ref().unwrap().query().chars().count(), MAX_QUERY);
    // Nothing matches: Enter leaves the palette open and does nothing.
    let effects = update(&mut model, key(KeyCode::Enter));
    assert!(effects.is_empty());
    assert!(model.palette.is_some());
    assert_eq!(model.screen, Screen::Board("acme".into()));
}

#[test]
fn palette_selection_moves_with_arrows_and_ctrl_n_ctrl_p_when_the_palette_is_open() {
    let mut model = with_palette(board_model());
    let selected = |m: &Model| m.palette.as_ref().unwrap().selected();
    update(&mut model, key(KeyCode::Down));
    update(&mut model, ctrl('n'));
    assert_eq!(selected(&model), 2);
    update(&mut model, ctrl('p'));
    assert_eq!(selected(&model), 1);
    update(&mut model, key(KeyCode::Up));
    update(&mut model, key(KeyCode::Up));
    assert_eq!(selected(&model), 0);
    let total = entries(&model).len();
    for _ in 0..total + 5 {
        update(&mut model, key(KeyCode::Down));
    }
    assert_eq!(selected(&model), total - 1);
}

#[test]
fn palette_command_does_what_its_key_does_when_enter_runs_it() {
    // The stage picker: through the palette and through `m`, the same form.
    let mut by_key = board_model();
    let key_effects = update(&mut by_key, ch('m'));
    let mut by_palette = with_palette(board_model());
    typed(&mut by_palette, "move the task");
    let palette_effects = update(&mut by_palette, key(KeyCode::Enter));
    assert!(by_palette.palette.is_none());
    assert!(by_palette.form.is_some());
    assert_eq!(by_palette.form, by_key.form);
    assert_eq!(palette_effects, key_effects);

    // A screen jump: the inbox, as `i`.
    let mut by_key = board_model();
    let key_effects = update(&mut by_key, ch('i'));
    let mut by_palette = with_palette(board_model());
    typed(&mut by_palette, "inbox");
    let palette_effects = update(&mut by_palette, key(KeyCode::Enter));
    assert_eq!(by_palette.screen, Screen::Inbox);
    assert_eq!(by_palette.screen, by_key.screen);
    assert_eq!(by_palette.history, by_key.history);
    assert_eq!(palette_effects, key_effects);
    assert_eq!(
        palette_effects,
        vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)]
    );

    // A project's board.
    let mut model = with_palette(board_model());
    typed(&mut model, "board beta");
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Board("beta".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("beta".into()))]);
}

#[test]
fn palette_opens_the_task_when_enter_is_pressed_on_a_task() {
    let mut model = with_palette(board_model());
    typed(&mut model, "checkout");
    assert_eq!(first(&model), task_entry("acme-3"));
    let effects = update(&mut model, key(KeyCode::Enter));
    assert!(model.palette.is_none());
    assert_eq!(model.screen, Screen::Task("acme-3".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
    // Back returns to the board the palette was opened on.
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.screen, Screen::Board("acme".into()));
}

#[test]
fn palette_closes_and_changes_nothing_when_esc_is_pressed() {
    let mut model = with_palette(board_model());
    typed(&mut model, "checkout");
    let effects = update(&mut model, key(KeyCode::Esc));
    assert!(effects.is_empty());
    assert!(model.palette.is_none());
    assert_eq!(model.screen, Screen::Board("acme".into()));
    assert!(
        model.history.is_empty(),
        "Esc closed the palette, it did not go back"
    );
}

#[test]
fn palette_asks_for_the_tasks_once_when_it_opens_and_keeps_them_while_open() {
    let mut model = board_model();
    let effects = update(&mut model, ctrl('p'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::PaletteTasks)]);
    // Commands are there before the tasks arrive.
    let palette = model.palette.as_ref().unwrap();
    assert_eq!(*palette.tasks(), Tasks::Loading);
    assert!(
        entries(&model)
            .iter()
            .any(|e| matches!(e.0, Entry::Command { .. }))
    );
    assert!(!entries(&model).iter().any(|e| matches!(e.0, Entry::Task { .. })));
    // Typing, moving and an event do not fetch again.
    assert!(typed(&mut model, "acme").is_empty());
    assert!(update(&mut model, key(KeyCode::Down)).is_empty());
    let moved = proto::Event {
        id: 9,
        kind: "task.stage_changed".into(),
        subject: "acme-1".into(),
        data_json: r#"{"project":"acme"}"#.into(),
        project: Some("acme".into()),
        at_ms: 0,
    };
    let effects = update(&mut model, Action::Event(moved));
    assert!(
        !effects.contains(&Effect::Fetch(Fetch::PaletteTasks)),
        "{effects:?}"
    );
    // Closed and opened again while the first fetch is on its way: its answer serves both.
    update(&mut model, key(KeyCode::Esc));
    assert!(update(&mut model, ch(':')).is_empty());
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PaletteTasks,
            result: Ok(Data::PaletteTasks {
                tasks: tasks(),
                slugs: vec!["acme".into(), "beta".into()],
            }),
        },
    );
    assert_eq!(*model.palette.as_ref().unwrap().tasks(), Tasks::Loaded(4));
    assert_eq!(model.slugs, vec!["acme".to_owned(), "beta".to_owned()]);
    // A later opening fetches afresh.
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(
        update(&mut model, ch(':')),
        vec![Effect::Fetch(Fetch::PaletteTasks)]
    );
}

#[test]
fn palette_keeps_its_commands_and_says_why_when_the_tasks_cannot_be_listed() {
    let mut model = board_model();
    update(&mut model, ch(':'));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PaletteTasks,
            result: Err("relayd is offline; the window reconnects by itself".into()),
        },
    );
    let palette = model.palette.as_ref().unwrap();
    assert!(matches!(palette.tasks(), Tasks::Failed(m) if m.contains("offline")));
    assert!(
        model.load_error.is_none(),
        "the board keeps its data and no error"
    );
    let text = super::screen(&model, 100, 30);
    assert!(
        text.contains("tasks could not be listed: relayd is offline"),
        "{text}"
    );
    typed(&mut model, "inbox");
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(model.screen, Screen::Inbox);
}

#[test]
fn palette_shows_control_characters_in_titles_as_replacement_marks_when_drawn() {
    let mut model = board_model();
    update(&mut model, ch(':'));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PaletteTasks,
            result: Ok(Data::PaletteTasks {
                tasks: vec![task("acme-9", "dev", "evil\u{1b}[31mred\u{7}")],
                slugs: Vec::new(),
            }),
        },
    );
    typed(&mut model, "evil");
    let (_, text, _) = entries(&model).into_iter().next().unwrap();
    assert_eq!(text, "acme-9 evil�[31mred�");
    let drawn = super::screen(&model, 100, 30);
    assert!(
        !drawn.contains('\u{1b}') && drawn.contains("evil�[31mred�"),
        "{drawn}"
    );
}

#[test]
fn palette_does_not_open_when_a_form_is_open() {
    let mut model = board_model();
    update(&mut model, ch('m'));
    assert!(model.form.is_some());
    let effects = update(&mut model, ch(':'));
    assert!(effects.is_empty());
    assert!(model.palette.is_none());
}

// The mouse.

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Action {
    Action::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn click(column: u16, row: u16) -> Action {
    mouse(MouseEventKind::Down(MouseButton::Left), column, row)
}

/// Draws `model` at `width`×`height` and keeps the hits, as the loop does; returns the buffer.
fn draw(model: &mut Model, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    model.hits = render_with_hits(model, &mut buf);
    buf
}

/// The top-left cell of where `target` was drawn.
fn spot(model: &Model, target: Target) -> (u16, u16) {
    let (area, _) = model
        .hits
        .targets()
        .find(|(_, t)| *t == target)
        .unwrap_or_else(|| panic!("{target:?} was not drawn: {:?}", model.hits));
    (area.x, area.y)
}

fn row_text(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

#[test]
fn board_hits_lie_on_the_cards_they_name_when_the_board_is_drawn() {
    let mut model = board_model();
    for (width, height) in [(200, 60), (80, 24), (60, 20)] {
        let buf = draw(&mut model, width, height);
        let cards: Vec<_> = model
            .hits
            .targets()
            .filter_map(|(area, t)| match t {
                Target::Card { column, row } => Some((*area, *column, *row)),
                _ => None,
            })
            .collect();
        assert!(!cards.is_empty(), "{width}×{height}");
        for (area, column, row) in cards {
            let key = model.board.column_tasks(column)[row].key.clone();
            let line = row_text(&buf, area.y);
            let cell: String = (area.x..area.right())
                .map(|x| buf[(x, area.y)].symbol())
                .collect();
            assert!(
                cell.starts_with(&key),
                "{width}×{height}: {key} not at {area:?}: {line}"
            );
        }
    }
}

#[test]
fn click_on_a_card_selects_it_and_a_second_click_opens_it() {
    let mut model = board_model();
    draw(&mut model, 200, 60);
    // acme-3 is the second card of the dev column.
    let (x, y) = spot(&model, Target::Card { column: 1, row: 1 });
    let effects = update(&mut model, click(x + 2, y + 1));
    assert!(effects.is_empty());
    assert_eq!(model.board.column, 1);
    assert_eq!(model.board.rows[1], 1);
    assert_eq!(model.screen, Screen::Board("acme".into()));
    draw(&mut model, 200, 60);
    let effects = update(&mut model, click(x + 2, y));
    assert_eq!(model.screen, Screen::Task("acme-3".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
}

#[test]
fn click_on_nothing_does_nothing_when_it_misses_every_target() {
    let mut model = board_model();
    draw(&mut model, 200, 60);
    let before = (model.board.column, model.board.rows);
    // The header line, and the empty space below the last card of a column.
    for (x, y) in [(5, 0), (5, 50), (199, 59)] {
        let effects = update(&mut model, click(x, y));
        assert!(effects.is_empty());
        assert!(!model.dirty, "({x}, {y}) redrew");
        assert_eq!((model.board.column, model.board.rows), before);
    }
    // A right click, a move: ignored.
    let (x, y) = spot(&model, Target::Card { column: 1, row: 1 });
    update(&mut model, mouse(MouseEventKind::Down(MouseButton::Right), x, y));
    update(&mut model, mouse(MouseEventKind::Moved, x, y));
    assert_eq!((model.board.column, model.board.rows), before);
}

#[test]
fn click_is_ignored_when_the_hits_are_from_another_screen() {
    let mut model = board_model();
    draw(&mut model, 200, 60);
    let (x, y) = spot(&model, Target::Card { column: 1, row: 1 });
    // The screen changed after that frame and before the click.
    update(&mut model, ch('i'));
    let effects = update(&mut model, click(x, y));
    assert!(effects.is_empty());
    assert_eq!(model.screen, Screen::Inbox);
}

#[test]
fn wheel_moves_the_selection_or_scrolls_the_text_when_turned() {
    let mut model = board_model();
    model.board.column = 1;
    update(&mut model, mouse(MouseEventKind::ScrollDown, 10, 10));
    assert_eq!(model.board.rows[1], 1);
    update(&mut model, mouse(MouseEventKind::ScrollUp, 10, 10));
    assert_eq!(model.board.rows[1], 0);

    let mut task = Model::new(Screen::Task("acme-3".into()));
    task.task.data = Some(TaskData::default());
    update(&mut task, mouse(MouseEventKind::ScrollDown, 10, 10));
    assert_eq!(usize::from(task.task.scroll[0]), WHEEL_LINES);
    update(&mut task, mouse(MouseEventKind::ScrollUp, 10, 10));
    assert_eq!(task.task.scroll[0], 0);

    // With a form open the wheel does nothing.
    update(&mut model, ch('m'));
    let form = model.form.clone();
    update(&mut model, mouse(MouseEventKind::ScrollDown, 10, 10));
    assert_eq!(model.form, form);
    assert_eq!(model.board.rows[1], 0);
}

#[test]
fn click_on_a_tab_switches_to_it_when_the_task_view_is_drawn() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-3".into()),
            result: Ok(Data::Task(Box::new(TaskData {
                detail: proto::TaskDetail {
                    task: Some(task("acme-3", "review", "Checkout flow")),
                    ..Default::default()
                },
                ..Default::default()
            }))),
        },
    );
    let buf = draw(&mut model, 100, 30);
    let (x, y) = spot(&model, Target::Tab(TAB_REVIEW));
    let label: String = (x..x + 9).map(|x| buf[(x, y)].symbol()).collect();
    assert_eq!(label, " 3 Review");
    let effects = update(&mut model, click(x + 3, y));
    assert!(effects.is_empty());
    assert_eq!(model.task.tab, TAB_REVIEW);
    // The same tab again: nothing to do.
    draw(&mut model, 100, 30);
    update(&mut model, click(x + 3, y));
    assert!(!model.dirty);
}

#[test]
fn click_on_a_list_row_selects_it_and_a_second_click_opens_it() {
    let mut model = Model::new(Screen::Projects);
    let project = |slug: &str| proto::Project {
        slug: slug.into(),
        name: slug.to_uppercase(),
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Projects,
            result: Ok(Data::Projects {
                list: vec![project("acme"), project("beta")],
                sessions: Vec::new(),
            }),
        },
    );
    let buf = draw(&mut model, 100, 30);
    let (x, y) = spot(&model, Target::Row(1));
    assert!(row_text(&buf, y).contains("beta"), "{}", row_text(&buf, y));
    update(&mut model, click(x + 4, y));
    assert_eq!(model.projects.selected, 1);
    draw(&mut model, 100, 30);
    let effects = update(&mut model, click(x + 4, y));
    assert_eq!(model.screen, Screen::Board("beta".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Board("beta".into()))]);
}

#[test]
fn click_on_a_palette_entry_selects_it_and_a_second_click_runs_it() {
    let mut model = with_palette(board_model());
    typed(&mut model, "acme");
    let buf = draw(&mut model, 120, 40);
    let target = entries(&model)
        .iter()
        .position(|e| e.0 == task_entry("acme-2"))
        .unwrap();
    let (x, y) = spot(&model, Target::PaletteEntry(target));
    assert!(
        row_text(&buf, y).contains("acme-2 Login page"),
        "{}",
        row_text(&buf, y)
    );
    // Cards under the palette are not reachable while it is open.
    let (cx, cy) = (1, 3);
    update(&mut model, click(cx, cy));
    assert!(model.palette.is_some());
    update(&mut model, click(x + 5, y));
    assert_eq!(model.palette.as_ref().unwrap().selected(), target);
    draw(&mut model, 120, 40);
    let effects = update(&mut model, click(x + 5, y));
    assert!(model.palette.is_none());
    assert_eq!(model.screen, Screen::Task("acme-2".into()));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-2".into()))]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn palette_matches_its_snapshot_when_opened_on_the_demo_board() {
    let demo = demo().await;
    let mut model = demo.model(Screen::Board("acme-shop".into())).await;
    let effects = update(&mut model, ch(':'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::PaletteTasks)]);
    demo.load(&mut model, Fetch::PaletteTasks).await;
    model.in_flight.clear();
    let palette = model.palette.as_ref().unwrap();
    assert!(
        matches!(palette.tasks(), Tasks::Loaded(n) if *n >= 11),
        "{palette:?}"
    );
    snapshot("palette", &model);
    typed(&mut model, "check");
    snapshot("palette_query", &model);

    // The list screens' row hits lie on the rows they name.
    let mut inbox = demo.model(Screen::Inbox).await;
    let buf = draw(&mut inbox, 200, 60);
    let targets = inbox.inbox_targets();
    let mut checked = 0;
    for (area, target) in inbox.hits.targets() {
        let Target::Row(i) = target else { continue };
        if !targets[*i].key.is_empty() {
            assert!(row_text(&buf, area.y).contains(&targets[*i].key), "inbox row {i}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} inbox rows checked");
    let mut activity = demo.model(Screen::Activity).await;
    let buf = draw(&mut activity, 200, 60);
    let rows = activity.activity.rows.clone().unwrap();
    for (area, target) in activity.hits.targets() {
        let Target::Row(i) = target else { continue };
        let kind = &rows[*i].event.as_ref().unwrap().kind;
        assert!(row_text(&buf, area.y).contains(kind.as_str()), "activity row {i}");
    }
    let mut sessions = demo.model(Screen::Sessions).await;
    let buf = draw(&mut sessions, 200, 60);
    let list = sessions.sessions.list.clone().unwrap();
    for (area, target) in sessions.hits.targets() {
        let Target::Row(i) = target else { continue };
        let name = &list.sessions[*i].name;
        assert!(row_text(&buf, area.y).contains(name.as_str()), "session row {i}");
    }
    demo.stop().await;
}
