//! The forms' multi-line editor (`editor.rs`, on ratatui-textarea): its limit, control characters, undo and redo,
//! the keys it leaves to the forms, and how a long text is drawn.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::ui::app::{Action, Model, Screen, update};
use crate::ui::editor::Editor;

fn press(editor: &mut Editor, code: KeyCode) -> bool {
    editor.key(&KeyEvent::from(code))
}

fn ctrl(editor: &mut Editor, c: char) -> bool {
    editor.key(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn alt(editor: &mut Editor, c: char) -> bool {
    editor.key(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT))
}

fn type_text(editor: &mut Editor, text: &str) {
    for c in text.chars() {
        press(
            editor,
            if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            },
        );
    }
}

/// The editor drawn into a `width`×`height` buffer: its rows as text, and where the reversed cursor cell is.
fn drawn(editor: &Editor, width: u16, height: u16) -> (Vec<String>, Vec<(u16, u16)>) {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    editor.render(area, &mut buf, Style::default());
    let rows = (0..height)
        .map(|y| {
            let row: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
            row.trim_end().to_owned()
        })
        .collect();
    let cursor = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].modifier.contains(Modifier::REVERSED))
        .collect();
    (rows, cursor)
}

#[test]
fn typing_stops_at_the_limit_when_text_enter_tab_or_paste_would_pass_it() {
    let mut editor = Editor::with_text("", 5);
    type_text(&mut editor, "abcd");
    assert!(press(&mut editor, KeyCode::Enter), "the fifth character is taken");
    assert_eq!(editor.text(), "abcd\n");
    for code in [KeyCode::Char('x'), KeyCode::Enter, KeyCode::Tab] {
        assert!(
            !press(&mut editor, code),
            "{code:?} past the limit changes nothing"
        );
    }
    assert_eq!(editor.text(), "abcd\n");

    // Cut "cd" to the end of its line, then paste it back twice: the second would make 7 characters.
    press(&mut editor, KeyCode::Up);
    press(&mut editor, KeyCode::Home);
    press(&mut editor, KeyCode::Right);
    press(&mut editor, KeyCode::Right);
    assert!(ctrl(&mut editor, 'k'));
    assert_eq!(editor.text(), "ab\n");
    assert!(ctrl(&mut editor, 'v'));
    assert_eq!(editor.text(), "abcd\n");
    assert!(!ctrl(&mut editor, 'v'), "a paste past the limit is refused whole");
    assert_eq!(editor.text(), "abcd\n");
    assert!(press(&mut editor, KeyCode::Backspace));
    assert!(
        press(&mut editor, KeyCode::Char('!')),
        "room again after a deletion"
    );
    assert_eq!(editor.text(), "abc!\n");
}

#[test]
fn prefilled_text_over_the_limit_is_kept_and_only_shortened_when_loaded() {
    let mut editor = Editor::with_text("abcdef", 3);
    assert!(!press(&mut editor, KeyCode::Char('g')));
    assert!(press(&mut editor, KeyCode::Backspace));
    assert_eq!(editor.text(), "abcde");
}

#[test]
fn control_characters_are_never_inserted_when_typed() {
    let mut editor = Editor::default();
    for c in ['\u{1b}', '\u{7}', '\u{0}', '\r', '\n', '\u{9b}', '\u{7f}'] {
        assert!(!press(&mut editor, KeyCode::Char(c)), "{c:?}");
    }
    assert_eq!(editor.text(), "");
    type_text(&mut editor, "a");
    assert!(press(&mut editor, KeyCode::Tab), "Tab inserts a tab");
    assert_eq!(editor.text(), "a\t");
    let (rows, _) = drawn(&editor, 10, 1);
    assert_eq!(
        rows,
        ["a"],
        "the tab is drawn as blanks up to column 4, the cursor after it"
    );
}

#[test]
fn undo_and_redo_walk_the_edits_when_ctrl_z_u_and_y_are_pressed() {
    let mut editor = Editor::with_text("keep", 100);
    type_text(&mut editor, " me");
    assert!(ctrl(&mut editor, 'z'));
    assert_eq!(editor.text(), "keep m");
    assert!(ctrl(&mut editor, 'u'), "Ctrl-U undoes too");
    assert_eq!(editor.text(), "keep ");
    assert!(ctrl(&mut editor, 'y'));
    assert_eq!(editor.text(), "keep m");
    for _ in 0..5 {
        ctrl(&mut editor, 'z');
    }
    assert_eq!(
        editor.text(),
        "keep",
        "the prefilled value is not an edit to undo"
    );
    assert!(!ctrl(&mut editor, 'z'));
}

#[test]
fn the_forms_keys_are_left_alone_when_sent_to_the_editor() {
    let mut editor = Editor::default();
    type_text(&mut editor, "ab");
    ctrl(&mut editor, 'z');
    let before = editor.clone();
    // Ctrl-R is the crate's redo, Ctrl-C its copy; the forms fetch again and quit with them.
    for (code, modifiers) in [
        (KeyCode::Char('r'), KeyModifiers::CONTROL),
        (KeyCode::Char('s'), KeyModifiers::CONTROL),
        (KeyCode::Char('c'), KeyModifiers::CONTROL),
        (KeyCode::Char('S'), KeyModifiers::CONTROL | KeyModifiers::SHIFT),
        (KeyCode::Esc, KeyModifiers::NONE),
        (KeyCode::F(5), KeyModifiers::NONE),
    ] {
        assert!(
            !editor.key(&KeyEvent::new(code, modifiers)),
            "{code:?} {modifiers:?}"
        );
    }
    assert_eq!(editor, before);
    assert_eq!(editor.text(), "a");
}

#[test]
fn word_moves_and_line_ends_place_the_cursor_when_pressed() {
    let mut editor = Editor::with_text("one two three", 100);
    assert!(editor.key(&KeyEvent::new(KeyCode::Left, KeyModifiers::CONTROL)));
    type_text(&mut editor, "<");
    assert!(alt(&mut editor, 'b'));
    alt(&mut editor, 'b');
    type_text(&mut editor, "[");
    assert!(press(&mut editor, KeyCode::Home));
    type_text(&mut editor, "^");
    assert!(ctrl(&mut editor, 'e'));
    type_text(&mut editor, "$");
    assert_eq!(editor.text(), "^one [two <three$");
    assert!(
        !press(&mut editor, KeyCode::End),
        "a move that goes nowhere needs no drawing"
    );
}

#[test]
fn a_selection_is_cut_and_copied_when_shift_moves_over_it() {
    let mut editor = Editor::with_text("hello world", 100);
    for _ in 0..5 {
        editor.key(&KeyEvent::new(KeyCode::Left, KeyModifiers::SHIFT));
    }
    assert!(alt(&mut editor, 'w'), "Alt-W copies (drawn: the selection ends)");
    assert_eq!(editor.text(), "hello world");
    press(&mut editor, KeyCode::Home);
    assert!(ctrl(&mut editor, 'v'));
    assert_eq!(editor.text(), "worldhello world");
    // The cursor is after the pasted word: select it backwards and cut it.
    for _ in 0..5 {
        editor.key(&KeyEvent::new(KeyCode::Left, KeyModifiers::SHIFT));
    }
    assert!(ctrl(&mut editor, 'x'));
    assert_eq!(editor.text(), "hello world");
}

#[test]
fn a_long_line_wraps_and_the_cursor_stays_visible_when_drawn() {
    let mut editor = Editor::default();
    type_text(&mut editor, "the quick brown fox jumps");
    let (rows, cursor) = drawn(&editor, 10, 4);
    assert_eq!(rows, ["the quick", "brown fox", "jumps", ""]);
    assert_eq!(cursor, [(5, 2)], "the cursor after the last word");

    // Twelve lines in a box three rows high: the cursor's line is the bottom one.
    let mut editor = Editor::default();
    type_text(&mut editor, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12");
    let (rows, cursor) = drawn(&editor, 10, 3);
    assert_eq!(rows, ["10", "11", "12"]);
    assert_eq!(cursor, [(2, 2)]);
    // A word longer than the box is broken at its width.
    let editor = Editor::with_text("abcdefghijklmnopqrstuvwxyz", 100);
    let (rows, cursor) = drawn(&editor, 10, 3);
    assert_eq!(rows, ["abcdefghij", "klmnopqrst", "uvwxyz"]);
    assert_eq!(cursor, [(6, 2)]);
}

#[test]
fn the_comment_form_undoes_and_keeps_ctrl_r_when_typing() {
    let mut model = Model::new(Screen::Task("acme-3".into()));
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('c'))));
    for c in "hi".chars() {
        update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char(c))));
    }
    let ctrl_key = |c| Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
    update(&mut model, ctrl_key('z'));
    assert_eq!(model.form.as_ref().unwrap().editor.text(), "h");
    assert!(model.dirty);
    update(&mut model, ctrl_key('r'));
    assert_eq!(
        model.form.as_ref().unwrap().editor.text(),
        "h",
        "Ctrl-R is no redo"
    );
    update(&mut model, ctrl_key('y'));
    assert_eq!(model.form.as_ref().unwrap().editor.text(), "hi");
    // Ctrl-C closes the form (its text kept as a draft), not the program.
    update(&mut model, ctrl_key('c'));
    assert!(model.form.is_none());
    assert!(!model.quit);
}
