//! The owner's task edits (`edit.rs`): the field picker and editor, the session picker and the unbind question —
//! the update function without a terminal, then the worker and the forms against the demo relayd.

use crossterm::event::{KeyCode, KeyEvent};
use relay_core::proto;

use super::demo::{demo, snapshot};
use super::{board_answer, ch, ctrl, key, screen};
use crate::ui::app::{
    Action, Data, Effect, Fetch, FormKind, Level, Model, Outcome, Screen, TaskData, Write, update,
};
use crate::ui::edit::{EditForm, editable_fields, field_value};
use crate::ui::worker;

fn typed(model: &mut Model, text: &str) {
    for c in text.chars() {
        update(model, ch(c));
    }
}

fn task(version: i64) -> proto::Task {
    proto::Task {
        key: "acme-3".into(),
        project: "acme".into(),
        title: "Checkout page".into(),
        stage: "dev".into(),
        next_step: Some("write the tests".into()),
        priority: Some(2),
        session: Some("alice".into()),
        version,
        ..Default::default()
    }
}

fn task_loaded(model: &mut Model, task: proto::Task) -> Vec<Effect> {
    update(
        model,
        Action::Loaded {
            fetch: Fetch::Task(task.key.clone()),
            result: Ok(Data::Task(Box::new(TaskData {
                detail: proto::TaskDetail {
                    task: Some(task),
                    ..Default::default()
                },
                ..Default::default()
            }))),
        },
    )
}

fn task_model(task: proto::Task) -> Model {
    let mut model = Model::new(Screen::Task(task.key.clone()));
    update(&mut model, Action::Live);
    task_loaded(&mut model, task);
    model.in_flight.clear();
    model
}

/// The task view with `field` open in the editor.
fn editing(field: &str) -> Model {
    let mut model = task_model(task(3));
    update(&mut model, ch('E'));
    let row = editable_fields().position(|f| f.name == field).unwrap();
    for _ in 0..row {
        update(&mut model, key(KeyCode::Down));
    }
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    model
}

fn field_form(model: &Model) -> &crate::ui::edit::FieldEdit {
    match model.form.as_ref().map(|f| &f.kind) {
        Some(FormKind::Edit(EditForm::Field(edit))) => edit,
        other => panic!("no field editor open: {other:?}"),
    }
}

fn text(model: &Model) -> String {
    model.form.as_ref().unwrap().editor.text()
}

fn erase(model: &mut Model) {
    for _ in 0..text(model).chars().count() {
        update(model, key(KeyCode::Backspace));
    }
}

#[test]
fn field_picker_lists_every_editable_field_but_the_stage_when_opened() {
    let names: Vec<_> = editable_fields().map(|f| f.name).collect();
    assert!(!names.contains(&"stage"));
    for name in [
        "title",
        "description",
        "next_step",
        "waiting_on",
        "branch",
        "tracker_ref",
        "size",
        "priority",
    ] {
        assert!(names.contains(&name), "{name} is missing from {names:?}");
    }
    // The window reads every field it offers, so the no-op check and the prefill cover them all.
    for field in editable_fields() {
        assert!(
            field_value(&task(1), field.name).is_some(),
            "{} is not read",
            field.name
        );
    }
}

#[test]
fn field_picker_opens_on_the_selected_card_when_e_is_pressed_on_the_board() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    let board = proto::ProjectBoard {
        tasks: vec![task(7)],
        ..Default::default()
    };
    update(&mut model, board_answer("acme", board));
    model.board.column = 1;
    assert!(update(&mut model, ch('E')).is_empty());
    match model.form.as_ref().map(|f| &f.kind) {
        Some(FormKind::Edit(EditForm::Fields { task, selected: 0 })) => {
            assert_eq!((task.key.as_str(), task.version), ("acme-3", 7));
        }
        other => panic!("no field picker: {other:?}"),
    }
    // An empty column: nothing to edit, said under the screen.
    model.form = None;
    model.board.column = 0;
    update(&mut model, ch('E'));
    assert!(model.form.is_none());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("no task is selected"));
}

#[test]
fn multi_line_field_is_prefilled_and_saved_with_its_version_when_ctrl_s_is_pressed() {
    let mut model = editing("next_step");
    assert_eq!(text(&model), "write the tests");
    // Enter is a new line in a text field.
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    typed(&mut model, "then ship");
    let effects = update(&mut model, ctrl('s'));
    assert_eq!(
        effects,
        vec![Effect::Write(Write::UpdateField {
            key: "acme-3".into(),
            field: "next_step".into(),
            value: "write the tests\nthen ship".into(),
            expected_version: 3,
        })]
    );
    assert!(model.form.as_ref().unwrap().busy);
    // Nothing is sent twice while the write is on its way.
    assert!(update(&mut model, ctrl('s')).is_empty());
    update(
        &mut model,
        Action::Wrote {
            write: Write::UpdateField {
                key: "acme-3".into(),
                field: "next_step".into(),
                value: String::new(),
                expected_version: 3,
            },
            result: Ok(Outcome {
                summary: "acme-3: next_step saved (version 4)".into(),
                ..Outcome::default()
            }),
        },
    );
    assert!(model.form.is_none());
    assert_eq!(
        model.flash.as_ref().unwrap().lines,
        vec!["acme-3: next_step saved (version 4)"]
    );
}

#[test]
fn single_line_field_is_saved_when_enter_is_pressed() {
    let mut model = editing("title");
    typed(&mut model, " v2");
    let effects = update(&mut model, key(KeyCode::Enter));
    assert!(
        matches!(&effects[..], [Effect::Write(Write::UpdateField { field, value, .. })] if field == "title" && value == "Checkout page v2"),
        "{effects:?}"
    );
}

#[test]
fn refusal_keeps_the_form_and_its_text_when_the_version_is_stale() {
    let mut model = editing("next_step");
    typed(&mut model, "!");
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(write)) = effects.into_iter().next() else {
        panic!("nothing sent");
    };
    let reason =
        "acme-3 is at version 4, not 3: someone wrote it since you read it. — Ctrl-R fetches the task again";
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err(reason.into()),
        },
    );
    let form = model.form.as_ref().unwrap();
    assert_eq!(form.error.as_deref(), Some(reason));
    assert!(!form.busy);
    assert_eq!(text(&model), "write the tests!");

    // Ctrl-R asks for the task; its answer brings the new version and says what the field is now.
    let effects = update(&mut model, ctrl('r'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Task("acme-3".into()))]);
    let mut newer = task(4);
    newer.next_step = Some("someone else's step".into());
    task_loaded(&mut model, newer);
    let edit = field_form(&model);
    assert_eq!(edit.task.version, 4);
    let note = edit.note.as_deref().unwrap();
    assert!(
        note.contains("version 4 (you had 3)") && note.contains("someone else's step"),
        "{note}"
    );
    assert_eq!(model.form.as_ref().unwrap().error, None);
    assert_eq!(text(&model), "write the tests!");
    let effects = update(&mut model, ctrl('s'));
    assert!(
        matches!(&effects[..], [Effect::Write(Write::UpdateField { expected_version: 4, value, .. })] if value == "write the tests!"),
        "{effects:?}"
    );
}

#[test]
fn form_and_text_survive_when_relayd_goes_offline() {
    let mut model = editing("description");
    typed(&mut model, "Half a thought");
    update(
        &mut model,
        Action::Offline {
            reason: "relayd closed the stream (it stopped)".into(),
            retry_ms: 100,
        },
    );
    update(&mut model, Action::Connecting);
    assert_eq!(text(&model), "Half a thought");
    // The write made while offline is answered by the worker with a refusal: still kept.
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(write)) = effects.into_iter().next() else {
        panic!("nothing sent");
    };
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err("relayd is offline; the window reconnects by itself".into()),
        },
    );
    assert_eq!(text(&model), "Half a thought");
    assert!(
        model
            .form
            .as_ref()
            .unwrap()
            .error
            .as_deref()
            .unwrap()
            .contains("offline")
    );
}

#[test]
fn nothing_is_written_when_the_value_does_not_change() {
    let mut model = editing("title");
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    assert!(model.form.is_none());
    let flash = model.flash.as_ref().unwrap();
    assert_eq!(flash.level, Level::Info);
    assert_eq!(
        flash.lines,
        vec!["acme-3: title already has that value; nothing was written"]
    );

    // Priority 2 typed as " 2 " is the same value; an unset branch cleared with "-" is already empty.
    let mut model = editing("priority");
    erase(&mut model);
    typed(&mut model, " 2 ");
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("already has that value"));
    let mut model = editing("branch");
    typed(&mut model, "-");
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("branch is already empty"));
}

#[test]
fn clearing_sends_a_dash_and_a_bad_value_is_refused_in_the_form_when_saved() {
    let mut model = editing("next_step");
    erase(&mut model);
    typed(&mut model, "-");
    let effects = update(&mut model, ctrl('s'));
    assert!(
        matches!(&effects[..], [Effect::Write(Write::UpdateField { value, .. })] if value == "-"),
        "{effects:?}"
    );

    let mut model = editing("priority");
    erase(&mut model);
    typed(&mut model, "9");
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    let error = model.form.as_ref().unwrap().error.clone().unwrap();
    assert!(error.contains("priority must be from 1 to 5; got 9"), "{error}");
    assert_eq!(text(&model), "9");

    let mut model = editing("title");
    erase(&mut model);
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    let error = model.form.as_ref().unwrap().error.clone().unwrap();
    assert!(error.contains("title cannot be cleared"), "{error}");
}

#[test]
fn esc_goes_back_to_the_fields_then_closes_without_a_write() {
    let mut model = editing("waiting_on");
    typed(&mut model, "owner");
    // Esc in the editor: back to the picker, on the same field, the text dropped.
    assert!(update(&mut model, key(KeyCode::Esc)).is_empty());
    let form = model.form.as_ref().expect("the picker is open again");
    let FormKind::Edit(EditForm::Fields { selected, .. }) = &form.kind else {
        panic!("not the field picker: {:?}", form.kind);
    };
    let field = crate::ui::edit::editable_fields().nth(*selected).unwrap();
    assert_eq!(field.name, "waiting_on");
    assert!(form.editor.text().is_empty());
    // Esc in the picker closes the form.
    assert!(update(&mut model, key(KeyCode::Esc)).is_empty());
    assert!(model.form.is_none());
}

#[test]
fn a_field_edit_left_with_esc_is_kept_as_a_draft_and_comes_back_when_the_field_opens_again() {
    let mut model = editing("next_step");
    let saved = text(&model);
    typed(&mut model, " then ship it");
    let draft = text(&model);
    assert_ne!(draft, saved);
    update(&mut model, key(KeyCode::Esc));
    assert!(
        model.flash.as_ref().unwrap().lines[0].starts_with("Draft kept ("),
        "{:?}",
        model.flash
    );
    // Back in the picker, then out; the field opened again holds the draft, and says so.
    update(&mut model, key(KeyCode::Esc));
    assert!(model.form.is_none());
    let mut reopened = model;
    update(&mut reopened, ch('E'));
    let row = editable_fields().position(|f| f.name == "next_step").unwrap();
    for _ in 0..row {
        update(&mut reopened, key(KeyCode::Down));
    }
    update(&mut reopened, key(KeyCode::Enter));
    assert_eq!(text(&reopened), draft);
    assert!(
        reopened
            .form
            .as_ref()
            .unwrap()
            .note
            .as_deref()
            .is_some_and(|n| n.starts_with("Your draft is back")),
        "{:?}",
        reopened.form
    );
    // An editor left unchanged keeps no draft and asks nothing at quit.
    let mut untouched = editing("waiting_on");
    update(&mut untouched, key(KeyCode::Esc));
    assert!(untouched.drafts.is_empty(), "{:?}", untouched.drafts.keys());
    assert!(untouched.unsent_drafts().is_empty());
}

fn session(name: &str, tasks: &[&str]) -> proto::SessionRow {
    proto::SessionRow {
        name: name.into(),
        kind: "named".into(),
        hook_status: Some("working".into()),
        tasks: tasks.iter().map(|t| (*t).to_owned()).collect(),
        ..Default::default()
    }
}

fn picker_model() -> Model {
    let mut model = task_model(task(3));
    let effects = update(&mut model, ch('b'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Sessions(None))]);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Sessions(None),
            result: Ok(Data::Sessions {
                list: Box::new(proto::ListSessionsResponse {
                    // Newest first, as relayd lists them: another project's session was seen last.
                    sessions: vec![
                        proto::SessionRow {
                            seen_at_ms: 9,
                            ..session("zed", &["beta-2"])
                        },
                        session("bob", &["acme-1"]),
                        session("alice", &["acme-3"]),
                    ],
                    now_ms: 0,
                }),
                runner: Vec::new(),
                slugs: vec!["acme".into()],
            }),
        },
    );
    model
}

fn picker(model: &Model) -> &crate::ui::edit::SessionPicker {
    match model.form.as_ref().map(|f| &f.kind) {
        Some(FormKind::Edit(EditForm::Bind(picker))) => picker,
        other => panic!("no session picker: {other:?}"),
    }
}

#[test]
fn session_picker_binds_the_chosen_session_when_enter_is_pressed() {
    let mut model = picker_model();
    // The project's sessions first, then the others.
    let names: Vec<&str> = picker(&model)
        .sessions
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["bob", "alice", "zed"]);
    // alice is bound already: said in the form, nothing sent.
    update(&mut model, key(KeyCode::Down));
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    assert!(
        model
            .form
            .as_ref()
            .unwrap()
            .error
            .as_deref()
            .unwrap()
            .contains("already bound to alice")
    );
    update(&mut model, key(KeyCode::Up));
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(
        effects,
        vec![Effect::Write(Write::BindSession {
            key: "acme-3".into(),
            session: "bob".into(),
        })]
    );
    // The daemon's notes are shown like a stage move's warnings.
    update(
        &mut model,
        Action::Wrote {
            write: Write::BindSession {
                key: "acme-3".into(),
                session: "bob".into(),
            },
            result: Ok(Outcome {
                summary: "acme-3 bound to bob (was alice)".into(),
                warnings: vec!["Warning: bob is also bound to acme-1".into()],
                notes: Vec::new(),
                ..Outcome::default()
            }),
        },
    );
    assert!(model.form.is_none());
    let flash = model.flash.as_ref().unwrap();
    assert_eq!(flash.level, Level::Warning);
    assert_eq!(flash.lines.len(), 2);
}

#[test]
fn typed_name_that_is_not_listed_is_bound_and_kept_on_refusal() {
    let mut model = picker_model();
    typed(&mut model, "local_0f3a");
    let rows = picker(&model).candidates("local_0f3a");
    assert_eq!(rows.len(), 1, "{rows:?}");
    let effects = update(&mut model, key(KeyCode::Enter));
    assert_eq!(
        effects,
        vec![Effect::Write(Write::BindSession {
            key: "acme-3".into(),
            session: "local_0f3a".into(),
        })]
    );
    let Some(Effect::Write(write)) = effects.into_iter().next() else {
        unreachable!()
    };
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err("no session local_0f3a; run relay session list".into()),
        },
    );
    assert_eq!(text(&model), "local_0f3a");
    assert!(
        model
            .form
            .as_ref()
            .unwrap()
            .error
            .as_deref()
            .unwrap()
            .contains("no session local_0f3a")
    );
    // Typing filters: "ali" leaves alice and the typed row.
    erase(&mut model);
    typed(&mut model, "ali");
    assert_eq!(picker(&model).candidates("ali").len(), 2);
}

#[test]
fn session_picker_says_why_when_the_sessions_cannot_be_fetched() {
    let mut model = task_model(task(3));
    update(&mut model, ch('b'));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Sessions(None),
            result: Err("relayd is offline; the window reconnects by itself".into()),
        },
    );
    assert!(picker(&model).load_error.as_deref().unwrap().contains("offline"));
    assert!(super::screen(&model, 100, 30).contains("Could not fetch the sessions"));
    let effects = update(&mut model, ctrl('r'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Sessions(None))]);
    assert_eq!(picker(&model).load_error, None);
}

#[test]
fn unbind_asks_first_and_sends_only_on_yes() {
    let mut model = task_model(task(3));
    assert!(update(&mut model, ch('u')).is_empty());
    assert!(matches!(
        model.form.as_ref().map(|f| &f.kind),
        Some(FormKind::Edit(EditForm::Unbind { session, .. })) if session == "alice"
    ));
    assert!(update(&mut model, ch('n')).is_empty());
    assert!(model.form.is_none());
    update(&mut model, ch('u'));
    let effects = update(&mut model, ch('y'));
    assert_eq!(
        effects,
        vec![Effect::Write(Write::UnbindSession { key: "acme-3".into() })]
    );
    assert!(model.form.as_ref().unwrap().busy);
}

#[test]
fn unbind_sends_nothing_when_no_session_is_bound() {
    let mut unbound = task(3);
    unbound.session = None;
    let mut model = task_model(unbound);
    assert!(update(&mut model, ch('u')).is_empty());
    assert!(model.form.is_none());
    assert_eq!(
        model.flash.as_ref().unwrap().lines,
        vec!["acme-3 has no bound session: nothing to unbind"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_and_bindings_reach_relayd_when_sent_through_the_worker() {
    let demo = demo().await;
    let board = demo.model(Screen::Board("acme-shop".into())).await;
    let tasks = &board.board.board.as_ref().unwrap().tasks;
    let target = tasks
        .iter()
        .find(|t| t.key == "acme-shop-3")
        .filter(|t| t.stage == "dev" && t.session.is_some())
        .expect("the demo's acme-shop-3 is a bound dev task")
        .clone();
    let mut client = demo.client.clone();
    let get = |mut client: crate::client::Client, key: String| async move {
        client
            .board
            .get_task(proto::GetTaskRequest { key })
            .await
            .unwrap()
            .into_inner()
            .task
            .unwrap()
    };

    // The forms on the demo data.
    let mut model = demo.model(Screen::Task(target.key.clone())).await;
    update(&mut model, ch('E'));
    snapshot("edit_field_picker", &model);
    let row = editable_fields().position(|f| f.name == "description").unwrap();
    for _ in 0..row {
        update(&mut model, key(KeyCode::Down));
    }
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(text(&model), target.description.clone().unwrap_or_default());
    snapshot("edit_field_editor", &model);
    // Esc: back to the fields; Esc again: closed.
    update(&mut model, key(KeyCode::Esc));
    update(&mut model, key(KeyCode::Esc));
    assert!(model.form.is_none());
    let effects = update(&mut model, ch('b'));
    let [Effect::Fetch(fetch)] = &effects[..] else {
        panic!("the picker fetched nothing: {effects:?}");
    };
    demo.load(&mut model, fetch.clone()).await;
    snapshot("edit_session_picker", &model);

    // A stale version is refused with the daemon's reason and how to go on.
    let stale = Write::UpdateField {
        key: target.key.clone(),
        field: "next_step".into(),
        value: "Ship it".into(),
        expected_version: target.version - 1,
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(stale)).await;
    let Action::Wrote {
        result: Err(reason), ..
    } = answer
    else {
        panic!("a stale version was accepted: {answer:?}");
    };
    assert!(
        reason.contains("someone wrote it since you read it") && reason.contains("Ctrl-R"),
        "{reason}"
    );

    // The current version saves; GetTask reads it back.
    let fresh = Write::UpdateField {
        key: target.key.clone(),
        field: "next_step".into(),
        value: "Ship it".into(),
        expected_version: target.version,
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(fresh)).await;
    let Action::Wrote {
        result: Ok(outcome), ..
    } = answer
    else {
        panic!("the edit was refused: {answer:?}");
    };
    assert!(outcome.summary.contains("next_step saved"), "{outcome:?}");
    assert_eq!(
        get(client.clone(), target.key.clone()).await.next_step.as_deref(),
        Some("Ship it")
    );

    // Bind another of the project's sessions, then unbind: each shows in GetTask.
    let sessions = client
        .board
        .list_sessions(proto::ListSessionsRequest {
            project: Some("acme-shop".into()),
        })
        .await
        .unwrap()
        .into_inner()
        .sessions;
    let other = sessions
        .iter()
        .find(|s| Some(&s.name) != target.session.as_ref() && s.kind != "desktop")
        .expect("the demo has a second session")
        .name
        .clone();
    let bind = Write::BindSession {
        key: target.key.clone(),
        session: other.clone(),
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(bind)).await;
    let Action::Wrote {
        result: Ok(outcome), ..
    } = answer
    else {
        panic!("the bind was refused: {answer:?}");
    };
    assert!(
        outcome.summary.contains(&format!("bound to {other}")),
        "{outcome:?}"
    );
    assert_eq!(get(client.clone(), target.key.clone()).await.session, Some(other));

    let unbind = Write::UnbindSession {
        key: target.key.clone(),
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(unbind.clone())).await;
    let Action::Wrote {
        result: Ok(outcome), ..
    } = answer
    else {
        panic!("the unbind was refused: {answer:?}");
    };
    assert!(outcome.summary.contains("unbound from"), "{outcome:?}");
    assert_eq!(get(client.clone(), target.key.clone()).await.session, None);
    // Again: nothing to unbind, said by the daemon's note.
    let answer = worker::run(demo.client.clone(), Effect::Write(unbind)).await;
    let Action::Wrote {
        result: Ok(outcome), ..
    } = answer
    else {
        panic!("the second unbind was refused: {answer:?}");
    };
    assert!(outcome.summary.ends_with("nothing changed"), "{outcome:?}");
    assert!(
        outcome.notes.iter().any(|n| n.contains("has no bound session")),
        "{outcome:?}"
    );

    demo.stop().await;
}

#[test]
fn prefilled_editor_shows_control_characters_as_replacements_and_keeps_the_field_limit() {
    let mut editor = crate::ui::editor::Editor::with_text("a\u{1b}[31mb\r\nc", 9);
    assert_eq!(editor.text(), "a\u{fffd}[31mb\nc");
    // Nine characters counted with the line break: the limit is reached, more typing is dropped.
    editor.key(&KeyEvent::from(KeyCode::Char('d')));
    assert_eq!(editor.text(), "a\u{fffd}[31mb\nc");
    editor.key(&KeyEvent::from(KeyCode::Backspace));
    editor.key(&KeyEvent::from(KeyCode::Char('x')));
    assert_eq!(editor.text(), "a\u{fffd}[31mb\nx");
}

/// `n` on a board opens a new task's form with the project's rules' description template below an empty title
/// line; Ctrl-S creates it in relayd (title from the first line, description from the rest) and the board shows it.
/// `n` on the projects creates a project from its slug and name. A missing title or slug is refused in the form.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_tasks_and_projects_are_created_from_the_window() {
    let demo = super::demo::demo_with("[rules]\ndescription_template = \"## Why\\n\\n## Done when\"\n").await;
    let mut model = demo.model(Screen::Board("acme-shop".into())).await;
    let effects = update(&mut model, ch('n'));
    assert_eq!(effects, vec![Effect::Fetch(Fetch::Template("acme-shop".into()))]);
    demo.load(&mut model, Fetch::Template("acme-shop".into())).await;
    assert_eq!(
        text(&model),
        "\n\n## Why\n\n## Done when",
        "the template below the title line"
    );
    snapshot("new_task_form", &model);
    // Sent without a title: refused in the form, the text kept.
    assert!(update(&mut model, ctrl('s')).is_empty());
    let error = model.form.as_ref().unwrap().error.clone().unwrap();
    assert!(error.contains("first line is the task's title"), "{error}");
    for c in "Show delivery dates".chars() {
        update(&mut model, ch(c));
    }
    let effects = update(&mut model, ctrl('s'));
    let [Effect::Write(write)] = &effects[..] else {
        panic!("no write: {effects:?}");
    };
    assert_eq!(
        *write,
        Write::CreateTask {
            project: "acme-shop".into(),
            title: "Show delivery dates".into(),
            description: Some("## Why\n\n## Done when".into()),
        }
    );
    let outcome = worker::write_data(&mut demo.client.clone(), write).await.unwrap();
    assert!(outcome.summary.starts_with("created acme-shop-"), "{outcome:?}");
    let created = outcome.summary["created ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_owned();
    let task = demo
        .client
        .clone()
        .board
        .get_task(proto::GetTaskRequest { key: created })
        .await
        .unwrap()
        .into_inner()
        .task
        .unwrap();
    assert_eq!(task.title, "Show delivery dates");
    assert_eq!(task.description.as_deref(), Some("## Why\n\n## Done when"));
    assert_eq!(task.stage, "plan");

    let mut model = demo.model(Screen::Projects).await;
    update(&mut model, ch('n'));
    update(&mut model, key(KeyCode::Enter));
    assert!(
        model
            .form
            .as_ref()
            .unwrap()
            .error
            .as_ref()
            .unwrap()
            .contains("slug")
    );
    for c in "garden Garden shop".chars() {
        update(&mut model, ch(c));
    }
    let effects = update(&mut model, key(KeyCode::Enter));
    let [Effect::Write(write)] = &effects[..] else {
        panic!("no write: {effects:?}");
    };
    let outcome = worker::write_data(&mut demo.client.clone(), write).await.unwrap();
    assert_eq!(outcome.summary, "project garden is ready: Enter opens its board");
    demo.load(&mut model, Fetch::Projects).await;
    let garden = model
        .projects
        .list
        .as_ref()
        .unwrap()
        .iter()
        .find(|p| p.slug == "garden")
        .cloned();
    assert_eq!(garden.map(|p| p.name), Some("Garden shop".to_owned()));
    demo.stop().await;
}

/// On the Review tab the screenshot panel counts `1 / 2`, `v` / `V` walk forward and back, `P` attaches an image
/// file to the selected step (its bytes sent to relayd) and `X` removes the one shown after a yes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_are_attached_to_a_step_and_removed_from_the_window() {
    let demo = demo().await;
    let mut model = demo.model(Screen::Task("acme-shop-4".into())).await;
    update(&mut model, ch('3'));
    let with_shots = model
        .task
        .data
        .as_ref()
        .unwrap()
        .review
        .as_ref()
        .unwrap()
        .steps
        .iter()
        .position(|s| !s.screenshots.is_empty())
        .expect("the demo's acme-shop-4 has a step with screenshots");
    for _ in 0..with_shots {
        update(&mut model, key(KeyCode::Down));
    }
    let step = model.task.selected_step().unwrap().clone();
    let count = step.screenshots.len();
    let text = super::screen(&model, 120, 40);
    assert!(text.contains(&format!("1 / {count}")), "{text}");
    // V from the first goes to the last.
    let effects = update(&mut model, ch('V'));
    assert!(matches!(&effects[..], [Effect::Image(_)]), "{effects:?}");
    assert!(super::screen(&model, 120, 40).contains(&format!("{count} / {count}")));

    // X asks first; any key but y keeps it.
    update(&mut model, ch('X'));
    let (question, _) = model.confirm.clone().unwrap();
    assert!(question.starts_with("Remove screenshot #"), "{question}");
    assert!(update(&mut model, ch('n')).is_empty());
    update(&mut model, ch('X'));
    let effects = update(&mut model, ch('y'));
    let [Effect::Write(write @ Write::RemoveShot { id, .. })] = &effects[..] else {
        panic!("no removal: {effects:?}");
    };
    let removed = *id;
    let outcome = worker::write_data(&mut demo.client.clone(), write).await.unwrap();
    assert_eq!(outcome.summary, format!("removed screenshot #{removed}"));

    // P: a file's path; its bytes go to relayd, attached to the step.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("after fix.png");
    std::fs::write(&file, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR and the rest").unwrap();
    update(&mut model, ch('P'));
    update(&mut model, key(KeyCode::Enter));
    assert!(
        model
            .form
            .as_ref()
            .unwrap()
            .error
            .as_ref()
            .unwrap()
            .contains("path")
    );
    update(&mut model, Action::Paste(format!("'{}'", file.display())));
    // The one-line field shows what was typed or pasted.
    let drawn = screen(&model, 100, 30);
    assert!(drawn.contains("after fix.png"), "{drawn}");
    let effects = update(&mut model, key(KeyCode::Enter));
    let [Effect::Write(write)] = &effects[..] else {
        panic!("no attach: {effects:?}");
    };
    assert_eq!(
        *write,
        Write::AttachShot {
            key: "acme-shop-4".into(),
            step: step.position,
            path: file.display().to_string(),
        }
    );
    let outcome = worker::write_data(&mut demo.client.clone(), write).await.unwrap();
    assert!(
        outcome.summary.starts_with("attached screenshot #"),
        "{outcome:?}"
    );
    update(
        &mut model,
        Action::Wrote {
            write: write.clone(),
            result: Ok(outcome),
        },
    );
    assert!(
        model.form.is_none(),
        "the form closes once the screenshot is attached"
    );
    demo.load(&mut model, Fetch::Task("acme-shop-4".into())).await;
    let now = model.task.selected_step().unwrap();
    assert!(now.screenshots.iter().all(|s| s.id != removed));
    assert!(
        now.screenshots
            .iter()
            .any(|s| s.original_name.as_deref() == Some("after fix.png"))
    );
    // A path that is not there: refused in words, the form kept.
    update(&mut model, ch('P'));
    update(&mut model, Action::Paste("/nowhere/shot.png".into()));
    let effects = update(&mut model, key(KeyCode::Enter));
    let [Effect::Write(write)] = &effects[..] else {
        panic!()
    };
    let error = worker::write_data(&mut demo.client.clone(), write)
        .await
        .unwrap_err();
    assert!(
        error.message().contains("cannot read /nowhere/shot.png"),
        "{error:?}"
    );
    update(
        &mut model,
        Action::Wrote {
            write: write.clone(),
            result: Err(error.message().to_owned()),
        },
    );
    let form = model.form.as_ref().expect("a refusal keeps the form");
    assert!(form.error.as_ref().unwrap().contains("cannot read"));
    demo.stop().await;
}
