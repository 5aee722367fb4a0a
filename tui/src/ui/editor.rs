//! The multi-line editor of the window's forms: ratatui-textarea's `TextArea` (undo and redo, word moves, selection,
//! soft wrapping) behind the small API the forms use, with the window's rules on top: a character limit, no control
//! character typed or prefilled raw, and the keys the forms own (Ctrl-S, Ctrl-R, Ctrl-C, Esc) never taken.
//!
//! Keys: the crate's emacs-style defaults (Ctrl-A/E or Home/End, Ctrl-F/B/P/N, Alt-F/B or Ctrl-←/→ by word,
//! Ctrl-K/J/W and Alt-D delete, Ctrl-U undo, Ctrl-X cut, Shift with a move selects), except three the window gives
//! other meanings: Ctrl-Z undoes too, Ctrl-Y redoes (Ctrl-R fetches again in a form) and Ctrl-V pastes what was
//! cut or deleted (Alt-W copies the selection, as Ctrl-C closes the form). A terminal paste comes as one bracketed
//! paste ([`Editor::paste_text`]: all of it or, over the limit, nothing and the reason); a terminal that does not
//! bracket it sends typed keys, each one checked.

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;
use ratatui_textarea::{CursorMove, Input, Key, TextArea, WrapMode};

/// The longest text the editor takes (the daemon's comment limit).
pub const MAX_CHARS: usize = 4000;

/// `4000` as `4,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Edits kept for undo; every typed character is one.
const UNDO_DEPTH: usize = 1000;

#[derive(Clone)]
pub struct Editor {
    area: TextArea<'static>,
    /// The longest text it takes: [`MAX_CHARS`] or a task field's own limit.
    limit: usize,
}

/// What a key does in the editor.
enum Action {
    Input(Input),
    Undo,
    Redo,
    Paste,
    Copy,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::new(vec![String::new()], MAX_CHARS)
    }
}

impl Editor {
    fn new(lines: Vec<String>, limit: usize) -> Editor {
        let mut area = TextArea::new(lines);
        // The line under the cursor is not underlined: the reversed cursor cell is enough.
        area.set_cursor_line_style(Style::default());
        // A selection reversed, like the cursor: readable in every theme (the crate's default is a fixed blue).
        area.set_selection_style(Style::default().add_modifier(ratatui::style::Modifier::REVERSED));
        // Tab inserts a tab (one character against the limit), drawn to the next multiple of four.
        area.set_hard_tab_indent(true);
        area.set_wrap_mode(WrapMode::WordOrGlyph);
        area.set_max_histories(UNDO_DEPTH);
        Editor { area, limit }
    }

    /// An editor holding `text` (a field's current value) with the cursor at its end, taking up to `limit`
    /// characters. Carriage returns are dropped and other control characters but tabs shown as `�`, so stored
    /// text never reaches the terminal raw.
    pub fn with_text(text: &str, limit: usize) -> Editor {
        let lines = text
            .split('\n')
            .map(|line| {
                line.chars()
                    .filter(|c| *c != '\r')
                    .map(|c| {
                        if c.is_control() && c != '\t' {
                            '\u{fffd}'
                        } else {
                            c
                        }
                    })
                    .collect()
            })
            .collect();
        let mut editor = Editor::new(lines, limit);
        editor.area.move_cursor(CursorMove::Bottom);
        editor.area.move_cursor(CursorMove::End);
        editor
    }

    /// The same editor with the cursor at the start of its first line (a title to type above a template).
    pub fn at_start(mut self) -> Editor {
        self.area.move_cursor(CursorMove::Top);
        self.area.move_cursor(CursorMove::Head);
        self
    }

    pub fn text(&self) -> String {
        self.area.lines().join("\n")
    }

    pub fn is_blank(&self) -> bool {
        self.area.lines().iter().all(|line| line.trim().is_empty())
    }

    /// Characters in the text, a line break counting one (what the limit counts).
    pub fn chars(&self) -> usize {
        self.len()
    }

    /// As [`Editor::key`], but a key the limit keeps out is an error saying so (instead of nothing).
    pub fn key_checked(&mut self, key: &KeyEvent) -> Result<bool, String> {
        let grows = match action(key) {
            Some(Action::Paste) => self.area.yank_text().chars().count(),
            Some(Action::Input(input)) => usize::from(inserts(&input)),
            _ => 0,
        };
        if grows > 0 && self.len() + grows > self.limit {
            return Err(format!(
                "the text is at its limit of {} characters: nothing more is added",
                thousands(self.limit)
            ));
        }
        Ok(self.key(key))
    }

    /// Inserts pasted `text` at the cursor: all of it, or nothing with the reason — more than the limit leaves
    /// room for, or a line break in a one-line field. Carriage returns are dropped (`\r\n` is a line break) and
    /// other control characters but tabs and line breaks shown as `�`, as in a prefilled value.
    pub fn paste_text(&mut self, text: &str, one_line: bool) -> Result<(), String> {
        let text: String = text
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .chars()
            .map(|c| {
                if c.is_control() && c != '\t' && c != '\n' {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect();
        let text = if one_line {
            text.trim_end_matches('\n').to_owned()
        } else {
            text
        };
        if one_line && text.contains('\n') {
            return Err(format!(
                "this field is one line and the paste has {} lines: nothing was pasted",
                text.lines().count()
            ));
        }
        let pasted = text.chars().count();
        let left = self.limit.saturating_sub(self.len());
        if pasted > left {
            return Err(format!(
                "the paste is {} characters and {} more fit (at most {}): nothing was pasted",
                thousands(pasted),
                thousands(left),
                thousands(self.limit)
            ));
        }
        self.area.insert_str(&text);
        Ok(())
    }

    /// Characters in the text, a line break counting one.
    fn len(&self) -> usize {
        let lines = self.area.lines();
        lines.iter().map(|line| line.chars().count()).sum::<usize>() + lines.len().saturating_sub(1)
    }

    /// Applies an editing key; returns whether it changed the text, the cursor, the selection or the scroll (so
    /// the screen needs drawing). Keys past the limit, control characters and the forms' keys change nothing.
    pub fn key(&mut self, key: &KeyEvent) -> bool {
        let Some(action) = action(key) else {
            return false;
        };
        let grows = match &action {
            Action::Paste => self.area.yank_text().chars().count(),
            Action::Input(input) => usize::from(inserts(input)),
            Action::Undo | Action::Redo | Action::Copy => 0,
        };
        if grows > 0 && self.len() + grows > self.limit {
            return false;
        }
        let before = (
            self.area.cursor(),
            self.area.selection_range(),
            self.area.scroll_offset(),
        );
        let modified = match action {
            // The crate's default key table.
            Action::Input(input) => self.area.input(input),
            Action::Undo => self.area.undo(),
            Action::Redo => self.area.redo(),
            Action::Paste => self.area.paste(),
            Action::Copy => {
                self.area.copy();
                false
            }
        };
        modified
            || before
                != (
                    self.area.cursor(),
                    self.area.selection_range(),
                    self.area.scroll_offset(),
                )
    }

    /// Draws the text in `style`, long lines wrapped at words, scrolled so the cursor's line is visible, with the
    /// cursor as a reversed cell.
    pub fn render(&self, area: Rect, buf: &mut Buffer, style: Style) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        // The text is drawn unstyled over the area's style, so the cursor's reversal applies to it.
        buf.set_style(area, style);
        (&self.area).render(area, buf);
    }
}

/// The editor's meaning of a key; `None` for the keys it leaves to the window.
fn action(key: &KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let code = match key.code {
        KeyCode::Char(c) if c.is_control() => return None,
        KeyCode::Char(c) if ctrl && !alt => match c.to_ascii_lowercase() {
            // The forms' send, fetch-again and quit.
            's' | 'r' | 'c' => return None,
            'z' => return Some(Action::Undo),
            'y' => return Some(Action::Redo),
            'v' => return Some(Action::Paste),
            c => Key::Char(c),
        },
        KeyCode::Char('w') if alt && !ctrl => return Some(Action::Copy),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Tab => Key::Tab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        _ => return None,
    };
    Some(Action::Input(Input {
        key: code,
        ctrl,
        alt,
        shift,
    }))
}

/// Whether the crate's default mapping inserts one character for `input` (a line break, a tab or a letter).
fn inserts(input: &Input) -> bool {
    match input.key {
        Key::Enter => true,
        Key::Char('m') => input.ctrl && !input.alt,
        Key::Char(_) | Key::Tab => !input.ctrl && !input.alt,
        _ => false,
    }
}

/// Two editors are equal when they hold the same text with the cursor at the same place under the same limit
/// (`TextArea` has no equality of its own; its undo history and scroll are not compared).
impl PartialEq for Editor {
    fn eq(&self, other: &Editor) -> bool {
        self.limit == other.limit
            && self.area.cursor() == other.area.cursor()
            && self.area.lines() == other.area.lines()
    }
}

impl Eq for Editor {}

impl fmt::Debug for Editor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Editor")
            .field("text", &self.text())
            .field("cursor", &self.area.cursor())
            .field("limit", &self.limit)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &[KeyCode]) -> Editor {
        let mut editor = Editor::default();
        for code in keys {
            editor.key(&KeyEvent::from(*code));
        }
        editor
    }

    fn chars(text: &str) -> Vec<KeyCode> {
        text.chars()
            .map(|c| {
                if c == '\n' {
                    KeyCode::Enter
                } else {
                    KeyCode::Char(c)
                }
            })
            .collect()
    }

    #[test]
    fn lines_join_and_split_when_enter_and_backspace_are_pressed() {
        let mut keys = chars("ab\ncd");
        assert_eq!(typed(&keys).text(), "ab\ncd");
        keys.extend([KeyCode::Home, KeyCode::Backspace]);
        assert_eq!(typed(&keys).text(), "abcd");
        keys.extend([KeyCode::Left, KeyCode::Enter, KeyCode::Char('x')]);
        assert_eq!(typed(&keys).text(), "a\nxbcd");
    }

    #[test]
    fn cursor_stays_inside_the_text_when_moving_past_its_ends() {
        let mut keys = chars("héllo\nw");
        keys.extend([
            KeyCode::Up,
            KeyCode::End,
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Char('!'),
        ]);
        keys.extend([KeyCode::Down, KeyCode::Down, KeyCode::Delete, KeyCode::Delete]);
        let editor = typed(&keys);
        assert_eq!(editor.text(), "héllo\nw!");
        assert!(Editor::default().is_blank());
    }

    #[test]
    fn control_keys_are_left_to_the_window_when_typed() {
        let mut editor = Editor::default();
        let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert!(!editor.key(&ctrl_s));
        assert_eq!(editor.text(), "");
    }
}
