//! The Stands & access forms (issue 17): a new environment and an edited one as `field: value` lines, errors naming
//! their line and field (nothing sent), relayd's refusal kept in the form with the text, a change widening live
//! asked a second time naming what it widens, access entries edited with test secrets never drawn, and deleting
//! asking first — drawn at 80×24 and 200×50.

use crossterm::event::KeyCode;
use relay_core::proto;

use super::{ch, ctrl, key, screen};
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, Write, update};
use crate::ui::form::FormKind;
use crate::ui::stands_form::{EnvChange, access_input, environment_change};

const SIZES: [(u16, u16); 2] = [(80, 24), (200, 50)];

fn map() -> proto::EnvironmentMap {
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
                    fields: vec![
                        proto::AccessField {
                            name: "user".into(),
                            value: "qa".into(),
                            test: false,
                        },
                        proto::AccessField {
                            name: "api_token".into(),
                            value: "test-value-123".into(),
                            test: true,
                        },
                    ],
                    ..Default::default()
                }],
                ..Default::default()
            },
        ],
        proposals: Vec::new(),
    }
}

fn stands_model() -> Model {
    let mut model = Model::new(Screen::Environments("acme".into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Environments("acme".into()),
            result: Ok(Data::Environments(Box::new(map()))),
        },
    );
    model
}

fn snapshot(name: &str, model: &Model) {
    for (width, height) in SIZES {
        let drawn = screen(model, width, height);
        for line in drawn.lines() {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= usize::from(width),
                "{name} at {width}×{height}: a line runs past the edge: {line:?}"
            );
        }
        insta::assert_snapshot!(format!("stands_{name}_{width}x{height}"), drawn);
    }
}

/// The open form's text replaced by `text`.
fn retype(model: &mut Model, text: &str) {
    for _ in 0..30 {
        update(model, key(KeyCode::Down));
    }
    update(model, key(KeyCode::End));
    for _ in 0..400 {
        update(model, key(KeyCode::Backspace));
    }
    update(model, Action::Paste(text.to_owned()));
}

fn form_text(model: &Model) -> String {
    model.form.as_ref().unwrap().editor.text()
}

#[test]
fn an_environment_form_names_the_line_and_field_it_cannot_read() {
    let unknown = environment_change("name: live\ncolour: red", None, &[]).unwrap_err();
    assert!(
        unknown.starts_with("line 2: \"colour\" is not a field of an environment; the fields: name, kind"),
        "{unknown}"
    );
    let level = environment_change("name: live\nkind: live\nlevel: fully", None, &[]).unwrap_err();
    assert_eq!(
        level,
        "line 3, level: \"fully\" is not one of none, read, ask, full, default"
    );
    let colon = environment_change("name live", None, &[]).unwrap_err();
    assert!(colon.starts_with("line 1: write it as field: value"), "{colon}");
    let kind = environment_change("name: qa", None, &[]).unwrap_err();
    assert!(kind.starts_with("kind: a new environment needs one"), "{kind}");
    let sign_in = environment_change("name: qa\nkind: test\nsign_in_allowed: maybe", None, &[]).unwrap_err();
    assert!(sign_in.starts_with("line 3, sign_in_allowed:"), "{sign_in}");
    let twice =
        environment_change("name: qa\nkind: test\noverrides: ssh=none, ssh=ask", None, &[]).unwrap_err();
    assert_eq!(twice, "line 3, overrides: ssh is given twice");

    // Editing: a new name is a rename, an override taken out of the list is removed.
    let change = environment_change(
        "name: production\noverrides: db=ask",
        Some("live"),
        &["ssh".to_owned()],
    )
    .unwrap();
    assert_eq!(change.environment, "live");
    assert_eq!(change.rename.as_deref(), Some("production"));
    let overrides: Vec<(String, String)> = change
        .overrides
        .iter()
        .map(|o| (o.capability.clone(), o.level.clone()))
        .collect();
    assert_eq!(
        overrides,
        [
            ("db".to_owned(), "ask".to_owned()),
            ("ssh".to_owned(), "default".to_owned())
        ]
    );
}

#[test]
fn an_access_form_keeps_a_test_secret_it_never_showed() {
    let kept = [("api_token".to_owned(), "test-value-123".to_owned())];
    let input = access_input("kind: other\nuser: qa\ntest api_token: (kept)", Some(2), &kept).unwrap();
    assert_eq!(input.id, Some(2));
    assert_eq!(input.kind, "other");
    let token = input.fields.iter().find(|f| f.name == "api_token").unwrap();
    assert!(token.test);
    assert_eq!(
        token.value, "test-value-123",
        "(kept) sends the stored value back"
    );
    let none = access_input("kind: other\ntest password: (kept)", None, &[]).unwrap_err();
    assert!(
        none.contains("this entry has none of that name; type its value"),
        "{none}"
    );
    let kind = access_input("alias: prod-app", None, &[]).unwrap_err();
    assert!(
        kind.starts_with("kind: the entry needs one (ssh, kubectl"),
        "{kind}"
    );
    let bad = access_input("kind: telnet", None, &[]).unwrap_err();
    assert!(
        bad.starts_with("line 1, kind: \"telnet\" is not one of ssh"),
        "{bad}"
    );
}

#[test]
fn a_new_environment_is_sent_and_widening_live_asks_a_second_time() {
    let mut model = stands_model();
    update(&mut model, ch('n'));
    assert!(matches!(model.form.as_ref().unwrap().kind, FormKind::Stand(_)));
    retype(&mut model, "name: canary\nkind: live\nlevel: full");
    // An unreadable line is refused in the form, nothing sent.
    update(&mut model, Action::Paste("\nlevel: loud".into()));
    assert!(update(&mut model, ctrl('s')).is_empty());
    let error = model.form.as_ref().unwrap().error.clone().unwrap();
    assert_eq!(
        error,
        "line 4, level: \"loud\" is not one of none, read, ask, full, default"
    );
    snapshot("form_error", &model);
    for _ in 0..12 {
        update(&mut model, key(KeyCode::Backspace));
    }
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(write @ Write::SetEnvironment { .. })) = effects.first().cloned() else {
        panic!("{effects:?}");
    };
    let Write::SetEnvironment {
        project,
        change,
        confirm,
    } = &write
    else {
        unreachable!()
    };
    assert_eq!((project.as_str(), *confirm), ("acme", false));
    assert_eq!(change.0.environment, "canary");
    assert_eq!(change.0.kind.as_deref(), Some("live"));
    assert_eq!(change.0.level.as_deref(), Some("full"));
    // Widens live: asked again, naming what; the form keeps its text meanwhile.
    update(
        &mut model,
        Action::Widens {
            write: write.clone(),
            widens: vec!["the agents' level on canary rises to full".into()],
        },
    );
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert_eq!(
        question,
        "This widens agents' access on live: the agents' level on canary rises to full. y confirms and saves \
         environment canary · any other key leaves it as it is"
    );
    assert!(!model.form.as_ref().unwrap().busy);
    let Write::SetEnvironment { project, change, .. } = write else {
        unreachable!()
    };
    let confirmed = Write::SetEnvironment {
        project,
        change: EnvChange(change.0),
        confirm: true,
    };
    assert_eq!(
        update(&mut model, ch('y')),
        vec![Effect::Write(confirmed.clone())]
    );
    update(
        &mut model,
        Action::Wrote {
            write: confirmed,
            result: Ok(crate::ui::app::Outcome {
                summary: "Environment canary saved.".into(),
                ..Default::default()
            }),
        },
    );
    assert!(model.form.is_none(), "saved: the form closes");
}

#[test]
fn an_edited_environment_keeps_relayds_refusal_in_the_form_with_the_text() {
    let mut model = stands_model();
    update(&mut model, ch('E'));
    assert_eq!(
        form_text(&model),
        "name: live\nkind: live\nbase_url: https://shop.acme.com\nlevel: default\noverrides: ssh=none\n\
         sign_in_allowed: no\nlogin_state_path: \nnotes: "
    );
    snapshot("edit_environment", &model);
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(write)) = effects.first().cloned() else {
        panic!("{effects:?}");
    };
    let refusal = "base_url: \"https://user:hunter2@shop.acme.com\" holds a password (detector url-credentials); \
                   keep secrets out of relay. Nothing changed.";
    update(
        &mut model,
        Action::Wrote {
            write,
            result: Err(refusal.into()),
        },
    );
    let form = model.form.as_ref().expect("the form stays");
    assert_eq!(form.error.as_deref(), Some(refusal));
    assert!(form_text(&model).starts_with("name: live\n"), "the text is kept");
    assert!(screen(&model, 200, 50).contains("Refused: base_url:"));
}

#[test]
fn an_access_entry_is_edited_without_drawing_its_test_secret_and_deleted_after_a_yes() {
    let mut model = stands_model();
    update(&mut model, ch('j'));
    update(&mut model, ch('c'));
    let picker = screen(&model, 200, 50);
    assert!(
        picker.contains("#2 other      user=qa api_token=••• (test secret)"),
        "{picker}"
    );
    assert!(!picker.contains("test-value-123"), "{picker}");
    update(&mut model, ch('#'));
    update(&mut model, ch('2'));
    update(&mut model, key(KeyCode::Enter));
    assert_eq!(form_text(&model), "kind: other\nuser: qa\ntest api_token: (kept)");
    let drawn = screen(&model, 200, 50);
    assert!(
        !drawn.contains("test-value-123"),
        "a test secret is never drawn:\n{drawn}"
    );
    snapshot("edit_access", &model);
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(Write::SetEnvironment { change, .. })) = effects.first() else {
        panic!("{effects:?}");
    };
    assert_eq!(change.0.environment, "staging");
    assert_eq!(change.0.access[0].id, Some(2));
    assert_eq!(change.0.access[0].fields[1].value, "test-value-123");
    // Emptied: it asks before deleting the entry.
    update(
        &mut model,
        Action::Wrote {
            write: Write::SetEnvironment {
                project: "acme".into(),
                change: change.clone(),
                confirm: false,
            },
            result: Err("relayd is offline; the window reconnects by itself".into()),
        },
    );
    retype(&mut model, "");
    assert!(update(&mut model, ctrl('s')).is_empty());
    assert!(
        model
            .confirm
            .as_ref()
            .unwrap()
            .0
            .starts_with("Delete access entry #2 of staging")
    );
    assert_eq!(
        update(&mut model, ch('y')),
        vec![Effect::Write(Write::RemoveAccessEntry {
            project: "acme".into(),
            environment: "staging".into(),
            id: 2,
        })]
    );
}

#[test]
fn deleting_an_environment_asks_first_naming_what_goes() {
    let mut model = stands_model();
    assert!(update(&mut model, ch('d')).is_empty());
    let question = model.confirm.as_ref().unwrap().0.clone();
    assert!(
        question.starts_with("Delete environment live (live) of acme and its access entry?"),
        "{question}"
    );
    assert!(update(&mut model, ch('n')).is_empty(), "any other key keeps it");
    update(&mut model, ch('d'));
    assert_eq!(
        update(&mut model, ch('y')),
        vec![Effect::Write(Write::RemoveEnvironment {
            project: "acme".into(),
            environment: "live".into(),
        })]
    );
}

#[test]
fn a_test_secret_typed_into_a_form_is_not_drawn() {
    let mut model = stands_model();
    update(&mut model, ch('j'));
    update(&mut model, ch('c'));
    update(&mut model, key(KeyCode::Enter));
    retype(&mut model, "kind: other\ntest password: s3cret-typed\nuser: qa");
    assert!(form_text(&model).contains("s3cret-typed"), "the text holds it");
    let drawn = screen(&model, 80, 24);
    assert!(!drawn.contains("s3cret-typed"), "{drawn}");
    assert!(drawn.contains("test password: ••••••••••••"), "{drawn}");
    assert!(drawn.contains("user: qa"), "{drawn}");
}

#[test]
fn a_refusal_names_the_field_it_is_about_so_the_form_marks_it() {
    use crate::ui::stands_form::named_field;
    assert_eq!(
        named_field("line 4, level: \"loud\" is not one of none").as_deref(),
        Some("level")
    );
    assert_eq!(
        named_field("notes looks like it contains a secret value (github-token); store …").as_deref(),
        Some("notes")
    );
    assert_eq!(
        named_field("access[0].password looks like it contains").as_deref(),
        Some("password")
    );
    assert_eq!(
        named_field("kind: a new environment needs one").as_deref(),
        Some("kind")
    );
    assert_eq!(named_field("").as_deref(), None);
    // Drawn: the named field's row in the error colour.
    let mut model = stands_model();
    update(&mut model, ch('n'));
    retype(&mut model, "name: canary\nkind: live\nlevel: loud");
    update(&mut model, ctrl('s'));
    let theme = crate::ui::theme::Theme::default();
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| crate::ui::view::render_with_theme(&model, &theme, frame.buffer_mut()))
        .unwrap();
    let buf = terminal.backend().buffer().clone();
    let row = (0..24)
        .find(|y| {
            let text: String = (0..80).map(|x| buf[(x, *y)].symbol().to_owned()).collect();
            text.contains("│level: loud")
        })
        .expect("the level row is drawn");
    let x = (0..80)
        .find(|x| buf[(*x, row)].symbol() == "l" && buf[(*x + 1, row)].symbol() == "e")
        .unwrap();
    assert_eq!(
        buf[(x, row)].fg,
        theme.error.fg.unwrap(),
        "the named field is marked"
    );
}

#[test]
fn notes_over_several_lines_come_back_unchanged_when_an_environment_is_saved() {
    let mut model = stands_model();
    let mut map = map();
    map.environments[0].notes = Some("first line\nsecond line".into());
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Environments("acme".into()),
            result: Ok(Data::Environments(Box::new(map))),
        },
    );
    update(&mut model, ch('E'));
    assert!(
        form_text(&model).ends_with("notes: first line\\nsecond line"),
        "{}",
        form_text(&model)
    );
    let effects = update(&mut model, ctrl('s'));
    let Some(Effect::Write(Write::SetEnvironment { change, .. })) = effects.first() else {
        panic!("{effects:?}");
    };
    assert_eq!(change.0.notes.as_deref(), Some("first line\nsecond line"));
}
