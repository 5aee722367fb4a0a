//! Binding ids, the `[keys]` overrides of config.toml (each bad input), and the window using the overridden keys:
//! dispatch, the footer and the `?` help.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::screen;
use crate::ui::app::{Action, Effect, Fetch, Model, Screen, update};
use crate::ui::keymap::{Command, KEYMAP, Key, Keymap, Scope};
use crate::ui::keys_config::{keymap_from, parse_key, spec};

const SOURCE: &str = "/home/dana/.local/share/relay/config.toml";

/// The keymap and warnings a config.toml text gives.
fn from_config(text: &str) -> (Keymap, Vec<String>) {
    let table: toml::Table = toml::from_str(text).unwrap();
    keymap_from(table.get("keys"), SOURCE)
}

fn keys_of(keymap: &Keymap, id: &str) -> Vec<Key> {
    keymap
        .entries()
        .iter()
        .find(|e| e.id() == id)
        .unwrap()
        .keys
        .to_vec()
}

fn defaults_of(id: &str) -> Vec<Key> {
    KEYMAP.iter().find(|b| b.id() == id).unwrap().keys.to_vec()
}

fn press(code: KeyCode, modifiers: KeyModifiers) -> Action {
    Action::Key(KeyEvent::new(code, modifiers))
}

fn the_one_warning(warnings: &[String]) -> &str {
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    &warnings[0]
}

#[test]
fn ids_are_unique_snake_case_names_when_derived_from_the_table() {
    let ids: Vec<String> = KEYMAP.iter().map(|b| b.id()).collect();
    for (i, id) in ids.iter().enumerate() {
        let (scope, command) = id.split_once('.').unwrap();
        for part in [scope, command] {
            assert!(
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{id} is not <scope>.<command> in snake case"
            );
        }
        assert!(
            !ids[i + 1..].contains(id),
            "{id} names two lines of KEYMAP: give one line all of a command's keys in a scope"
        );
    }
    for id in [
        "board.move_stage",
        "review.accept_step",
        "task.tab_3",
        "global.quit",
        "form.submit",
    ] {
        assert!(ids.iter().any(|known| known == id), "{id} missing from {ids:?}");
    }
    assert_eq!(Command::Tab(0).id(), "tab_1");
    assert_eq!(Scope::Review.id(), "review");
}

#[test]
fn keys_parse_when_written_as_the_docs_say() {
    let cases = [
        ("q", KeyCode::Char('q'), false),
        ("A", KeyCode::Char('A'), false),
        ("?", KeyCode::Char('?'), false),
        ("ctrl-q", KeyCode::Char('q'), true),
        ("Ctrl-R", KeyCode::Char('r'), true),
        ("ctrl--", KeyCode::Char('-'), true),
        ("enter", KeyCode::Enter, false),
        ("Esc", KeyCode::Esc, false),
        ("backtab", KeyCode::BackTab, false),
        ("shift-tab", KeyCode::BackTab, false),
        ("pagedown", KeyCode::PageDown, false),
        ("space", KeyCode::Char(' '), false),
        ("f12", KeyCode::F(12), false),
        ("ctrl-up", KeyCode::Up, true),
    ];
    for (text, code, ctrl) in cases {
        assert_eq!(parse_key(text), Ok(Key { code, ctrl }), "{text}");
    }
    // What `relay keys` prints reads back as the same key, for every key of the table.
    for key in KEYMAP.iter().flat_map(|b| b.keys) {
        assert_eq!(parse_key(&spec(key)), Ok(*key), "{}", spec(key));
    }
}

#[test]
fn a_bad_key_is_refused_with_its_text_and_the_syntax_when_parsed() {
    for text in ["ctrl-", "f13", "pgdn", "qq", "", "\u{1b}"] {
        let message = parse_key(text).unwrap_err();
        assert!(message.contains(&format!("{text:?}")), "{message}");
        assert!(
            message.contains("ctrl-<character>") && message.contains("pagedown"),
            "{message}"
        );
    }
}

#[test]
fn overrides_replace_the_keys_of_their_bindings_when_valid() {
    let (keymap, warnings) =
        from_config("[keys]\n\"global.quit\" = [\"q\", \"ctrl-q\"]\n\"review.accept_step\" = \"z\"\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        keys_of(&keymap, "global.quit"),
        [parse_key("q").unwrap(), parse_key("ctrl-q").unwrap()]
    );
    assert_eq!(keys_of(&keymap, "review.accept_step"), [parse_key("z").unwrap()]);
    let quit = keymap.entries().iter().find(|e| e.id() == "global.quit").unwrap();
    assert!(quit.overridden);
    assert_eq!(quit.label, "q, Ctrl-Q");
    // Everything else is the table.
    assert_eq!(
        keys_of(&keymap, "board.move_stage"),
        defaults_of("board.move_stage")
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(keymap.lookup(&[Scope::Task, Scope::Global], &ctrl_c), None);
}

#[test]
fn an_unknown_id_warns_with_the_nearest_id_and_where_ids_are_listed_when_loaded() {
    let (keymap, warnings) =
        from_config("[keys]\n\"board.mvoe_stage\" = [\"M\"]\n\"global.quit\" = [\"ctrl-q\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(warning.starts_with(SOURCE), "{warning}");
    assert!(
        warning.contains("\"board.mvoe_stage\" is not a binding id"),
        "{warning}"
    );
    assert!(warning.contains("did you mean \"board.move_stage\""), "{warning}");
    assert!(
        warning.contains("`relay keys`") && warning.contains("docs/SPEC.md"),
        "{warning}"
    );
    // The good entry beside it still applies.
    assert_eq!(keys_of(&keymap, "global.quit"), [parse_key("ctrl-q").unwrap()]);
}

#[test]
fn a_bad_key_name_keeps_the_default_and_names_key_and_binding_when_loaded() {
    let (keymap, warnings) = from_config("[keys]\n\"board.move_stage\" = [\"M\", \"ctrl-shift-m\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(warning.contains("\"board.move_stage\""), "{warning}");
    assert!(warning.contains("\"ctrl-shift-m\" is not a key"), "{warning}");
    assert!(warning.ends_with("board.move_stage keeps m"), "{warning}");
    assert_eq!(
        keys_of(&keymap, "board.move_stage"),
        defaults_of("board.move_stage")
    );
}

#[test]
fn an_empty_list_keeps_the_default_when_loaded() {
    let (keymap, warnings) = from_config("[keys]\n\"global.help\" = []\n");
    let warning = the_one_warning(&warnings);
    assert!(
        warning.contains("an empty list would leave the binding without a key"),
        "{warning}"
    );
    assert!(warning.ends_with("global.help keeps ?"), "{warning}");
    assert_eq!(keys_of(&keymap, "global.help"), defaults_of("global.help"));
}

#[test]
fn a_value_that_is_not_a_list_of_strings_keeps_the_default_when_loaded() {
    let (keymap, warnings) = from_config("[keys]\n\"global.help\" = 5\n\"global.inbox\" = [\"I\", 3]\n");
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("\"global.help\" = 5: give a list of keys")),
        "{warnings:#?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("each key is a string")),
        "{warnings:#?}"
    );
    assert_eq!(keys_of(&keymap, "global.help"), defaults_of("global.help"));
    assert_eq!(keys_of(&keymap, "global.inbox"), defaults_of("global.inbox"));
}

#[test]
fn a_keys_value_that_is_not_a_table_is_ignored_with_a_warning_when_loaded() {
    let (keymap, warnings) = from_config("keys = [\"q\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(
        warning.contains("[keys] must be a table of binding ids and key lists"),
        "{warning}"
    );
    assert!(warning.contains("it is a array here"), "{warning}");
    assert!(keymap.entries().iter().all(|e| !e.overridden));
    let (_, warnings) = keymap_from(None, SOURCE);
    assert!(warnings.is_empty());
}

#[test]
fn a_key_taken_twice_on_one_screen_keeps_the_default_when_loaded() {
    let (keymap, warnings) = from_config("[keys]\n\"board.open\" = [\"m\"]\n\"board.next_page\" = [\"Z\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(
        warning.contains("\"board.open\" = [\"m\"]: m already means board.move_stage (board)"),
        "{warning}"
    );
    assert!(warning.ends_with("board.open keeps Enter"), "{warning}");
    assert_eq!(keys_of(&keymap, "board.open"), defaults_of("board.open"));
    assert_eq!(keys_of(&keymap, "board.next_page"), [parse_key("Z").unwrap()]);
}

#[test]
fn a_screen_key_may_not_hide_an_everywhere_key_nor_the_other_way_when_loaded() {
    let (keymap, warnings) = from_config("[keys]\n\"board.open\" = [\"q\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(
        warning.contains("q already means global.quit (everywhere), and one key means one thing on a screen"),
        "{warning}"
    );
    assert_eq!(keys_of(&keymap, "board.open"), defaults_of("board.open"));

    let (keymap, warnings) = from_config("[keys]\n\"global.inbox\" = [\"m\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(
        warning.contains("m already means board.move_stage (board)"),
        "{warning}"
    );
    assert_eq!(keys_of(&keymap, "global.inbox"), defaults_of("global.inbox"));

    // The Review tab is drawn over the task's keys: `c` there would hide the owner comment.
    let (_, warnings) = from_config("[keys]\n\"review.accept_step\" = [\"c\"]\n");
    assert!(
        the_one_warning(&warnings).contains("c already means task.comment"),
        "{warnings:?}"
    );

    // Screens that are never shown together may share a key.
    let (_, warnings) = from_config("[keys]\n\"projects.open\" = [\"m\"]\n");
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn two_bindings_may_swap_their_keys_when_both_are_overridden() {
    let (keymap, warnings) =
        from_config("[keys]\n\"board.open\" = [\"m\"]\n\"board.move_stage\" = [\"enter\"]\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    let m = KeyEvent::from(KeyCode::Char('m'));
    assert_eq!(
        keymap.lookup(&[Scope::Board, Scope::Global], &m),
        Some(Command::Open)
    );
}

#[test]
fn a_plain_character_is_refused_in_the_editor_when_loaded() {
    let (keymap, warnings) =
        from_config("[keys]\n\"form.submit\" = [\"s\"]\n\"form.cancel\" = [\"ctrl-g\", \"esc\"]\n");
    let warning = the_one_warning(&warnings);
    assert!(warning.contains("\"s\" is a plain character"), "{warning}");
    assert!(warning.ends_with("form.submit keeps Ctrl-S"), "{warning}");
    assert_eq!(
        keys_of(&keymap, "form.cancel"),
        [parse_key("ctrl-g").unwrap(), parse_key("esc").unwrap()]
    );
}

#[test]
fn an_overridden_key_dispatches_and_the_default_no_longer_does_when_pressed() {
    let (keymap, warnings) =
        from_config("[keys]\n\"global.quit\" = [\"ctrl-q\"]\n\"global.inbox\" = [\"I\"]\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut model = Model::new(Screen::Projects);
    model.keymap = keymap;

    update(&mut model, press(KeyCode::Char('q'), KeyModifiers::NONE));
    assert!(!model.quit, "q no longer quits");
    let effects = update(&mut model, press(KeyCode::Char('I'), KeyModifiers::SHIFT));
    assert_eq!(model.screen, Screen::Inbox);
    assert_eq!(
        effects,
        vec![Effect::Fetch(Fetch::Inbox), Effect::Fetch(Fetch::Proposals)]
    );
    update(&mut model, press(KeyCode::Char('q'), KeyModifiers::CONTROL));
    assert!(model.quit);
}

#[test]
fn the_editor_cancels_with_an_overridden_key_when_pressed() {
    let (keymap, _) = from_config("[keys]\n\"form.cancel\" = [\"ctrl-g\"]\n");
    let mut model = Model::new(Screen::Task("acme-3".into()));
    model.keymap = keymap;
    update(&mut model, press(KeyCode::Char('c'), KeyModifiers::NONE));
    assert!(model.form.is_some(), "c opens the comment editor");
    update(&mut model, press(KeyCode::Esc, KeyModifiers::NONE));
    assert!(model.form.is_some(), "Esc no longer cancels");
    update(&mut model, press(KeyCode::Char('g'), KeyModifiers::CONTROL));
    assert!(model.form.is_none());
}

#[test]
fn help_and_footer_show_the_overridden_keys_when_drawn() {
    let (keymap, _) =
        from_config("[keys]\n\"global.quit\" = [\"ctrl-q\", \"f10\"]\n\"projects.open\" = [\"o\"]\n");
    let mut model = Model::new(Screen::Projects);
    model.keymap = keymap;
    let footer = screen(&model, 120, 30);
    assert!(footer.contains("Ctrl-Q quit"), "{footer}");
    assert!(footer.contains("o open the project's board"), "{footer}");

    model.help = true;
    let help = screen(&model, 120, 40);
    let quit = help
        .lines()
        .find(|l| l.contains("quit (asks first when an unsent draft would be lost)"))
        .unwrap();
    assert!(quit.contains("Ctrl-Q, F10"), "{help}");
    let open = help
        .lines()
        .find(|l| l.contains("open the project's board"))
        .unwrap();
    assert!(open.contains(" o "), "{help}");
}
