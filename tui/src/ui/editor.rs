//! A small multi-line text editor for comments. `tui-textarea` (0.7) is built for ratatui 0.29 and this
//! workspace is on 0.30, so the window carries this single-purpose one: insert, delete, move by character,
//! line and line end; the text is kept as lines of `char`s so every cursor position is valid.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The longest text the editor takes (the daemon's comment limit).
pub const MAX_CHARS: usize = 4000;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Editor {
    lines: Vec<Vec<char>>,
    row: usize,
    col: usize,
    /// The longest text it takes when not [`MAX_CHARS`] (a task field's own limit).
    limit: Option<usize>,
}

impl Editor {
    /// An editor holding `text` (a field's current value) with the cursor at its end, taking up to `limit`
    /// characters. Carriage returns are dropped and other control characters but tabs shown as `�`, so stored
    /// text never reaches the terminal raw.
    pub fn with_text(text: &str, limit: usize) -> Editor {
        let lines: Vec<Vec<char>> = text
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
        let row = lines.len().saturating_sub(1);
        let col = lines.last().map_or(0, Vec::len);
        Editor {
            lines,
            row,
            col,
            limit: Some(limit),
        }
    }

    fn max_chars(&self) -> usize {
        self.limit.unwrap_or(MAX_CHARS)
    }

    pub fn text(&self) -> String {
        if self.lines.is_empty() {
            return String::new();
        }
        self.lines
            .iter()
            .map(|line| line.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn is_blank(&self) -> bool {
        self.text().trim().is_empty()
    }

    fn len(&self) -> usize {
        self.lines.iter().map(Vec::len).sum::<usize>() + self.lines.len().saturating_sub(1)
    }

    fn ensure_line(&mut self) {
        if self.lines.is_empty() {
            self.lines.push(Vec::new());
        }
    }

    /// Applies an editing key; returns whether it was one.
    pub fn key(&mut self, key: &KeyEvent) -> bool {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return false;
        }
        self.ensure_line();
        let Some(line_len) = self.lines.get(self.row).map(Vec::len) else {
            return false;
        };
        match key.code {
            KeyCode::Char(c) => self.insert(c),
            KeyCode::Tab => self.insert('\t'),
            KeyCode::Enter => {
                if self.len() < self.max_chars()
                    && let Some(line) = self.lines.get_mut(self.row)
                {
                    let rest = line.split_off(self.col);
                    self.row += 1;
                    self.col = 0;
                    self.lines.insert(self.row, rest);
                }
            }
            KeyCode::Backspace => {
                if self.col > 0 {
                    self.col -= 1;
                    if let Some(line) = self.lines.get_mut(self.row) {
                        line.remove(self.col);
                    }
                } else if self.row > 0 {
                    let line = self.lines.remove(self.row);
                    self.row -= 1;
                    if let Some(prev) = self.lines.get_mut(self.row) {
                        self.col = prev.len();
                        prev.extend(line);
                    }
                }
            }
            KeyCode::Delete => {
                if self.col < line_len {
                    if let Some(line) = self.lines.get_mut(self.row) {
                        line.remove(self.col);
                    }
                } else if self.row + 1 < self.lines.len() {
                    let next = self.lines.remove(self.row + 1);
                    if let Some(line) = self.lines.get_mut(self.row) {
                        line.extend(next);
                    }
                }
            }
            KeyCode::Left => {
                if self.col > 0 {
                    self.col -= 1;
                } else if self.row > 0 {
                    self.row -= 1;
                    self.col = self.lines.get(self.row).map_or(0, Vec::len);
                }
            }
            KeyCode::Right => {
                if self.col < line_len {
                    self.col += 1;
                } else if self.row + 1 < self.lines.len() {
                    self.row += 1;
                    self.col = 0;
                }
            }
            KeyCode::Up if self.row > 0 => {
                self.row -= 1;
                self.col = self.col.min(self.lines.get(self.row).map_or(0, Vec::len));
            }
            KeyCode::Down if self.row + 1 < self.lines.len() => {
                self.row += 1;
                self.col = self.col.min(self.lines.get(self.row).map_or(0, Vec::len));
            }
            KeyCode::Home => self.col = 0,
            KeyCode::End => self.col = line_len,
            _ => return false,
        }
        true
    }

    fn insert(&mut self, c: char) {
        if c.is_control() && c != '\t' || self.len() >= self.max_chars() {
            return;
        }
        if let Some(line) = self.lines.get_mut(self.row) {
            line.insert(self.col, c);
            self.col += 1;
        }
    }

    /// Draws the text, scrolled so the cursor's line is visible, with the cursor as a reversed cell.
    pub fn render(&self, area: Rect, buf: &mut Buffer, style: Style) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        let height = usize::from(area.height);
        let first = self.row.saturating_sub(height - 1);
        let width = usize::from(area.width);
        let empty = Vec::new();
        for (i, line) in self.lines.iter().skip(first).take(height).enumerate() {
            let y = area.y + i as u16;
            // Long lines scroll horizontally around the cursor.
            let skip = if first + i == self.row {
                self.col.saturating_sub(width - 1)
            } else {
                0
            };
            let text: String = line
                .iter()
                .skip(skip)
                .take(width)
                .map(|c| if *c == '\t' { ' ' } else { *c })
                .collect();
            buf.set_stringn(area.x, y, &text, width, style);
        }
        let line = self.lines.get(self.row).unwrap_or(&empty);
        let skip = self.col.saturating_sub(width - 1);
        let x = area.x + (self.col - skip) as u16;
        let y = area.y + (self.row - first) as u16;
        let under = line.get(self.col).copied().unwrap_or(' ');
        if let Some(cell) = buf.cell_mut((x, y)) {
            cell.set_char(if under == '\t' { ' ' } else { under });
            cell.set_style(style.add_modifier(Modifier::REVERSED));
        }
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
