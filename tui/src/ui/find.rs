//! `/` on a list screen (board, activity, sessions, inbox, projects): a filter typed in place. Only the rows whose
//! words contain the text (case-insensitive) are shown, the match marked; Enter keeps it and gives the keys back to
//! the list, Esc clears it. Each screen keeps its own; the selection stays on its row while it is shown.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use super::theme::Theme;

/// The longest query, in characters (more typing is ignored).
pub const MAX_QUERY: usize = 100;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Find {
    /// Empty shows every row.
    pub query: String,
    /// The query is being typed: keys go to it.
    pub typing: bool,
}

impl Find {
    /// Whether the filter shows on screen (typed now, or kept).
    pub fn active(&self) -> bool {
        self.typing || !self.query.trim().is_empty()
    }

    /// Whether a row whose words are `texts` is shown.
    pub fn matches<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> bool {
        let query = self.query.trim().to_lowercase();
        query.is_empty() || texts.into_iter().any(|t| t.to_lowercase().contains(&query))
    }

    /// A key while the query is typed: characters add to it, Backspace takes one back, Ctrl-U clears it, Enter
    /// keeps it, Esc and Ctrl-C clear it. False when the key means nothing here.
    pub fn key(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => self.clear(),
            KeyCode::Char('c') if ctrl => self.clear(),
            KeyCode::Enter => self.typing = false,
            KeyCode::Backspace => {
                self.query.pop();
            }
            KeyCode::Char('u') if ctrl => self.query.clear(),
            KeyCode::Char(c) if !ctrl && !c.is_control() && self.query.chars().count() < MAX_QUERY => {
                self.query.push(c)
            }
            _ => return false,
        }
        true
    }

    /// A paste while the query is typed: one line, control characters dropped, up to the limit.
    pub fn paste(&mut self, text: &str) {
        let room = MAX_QUERY.saturating_sub(self.query.chars().count());
        let line = text.replace(['\r', '\n'], " ");
        self.query
            .extend(line.chars().filter(|c| !c.is_control()).take(room));
    }

    pub fn clear(&mut self) {
        self.query.clear();
        self.typing = false;
    }

    /// The filter as its screen's top line shows it: `/text▏  3 of 84 sessions · Enter keeps · Esc clears`.
    pub fn spans(&self, shown: usize, total: usize, noun: &str, theme: &Theme) -> Vec<Span<'static>> {
        let cursor = if self.typing { "▏" } else { "" };
        let keys = if self.typing {
            " · Enter keeps · Esc clears"
        } else {
            " · Esc clears"
        };
        vec![
            Span::styled(format!("/{}{cursor}", self.query), theme.accent),
            Span::styled(format!("  {shown} of {total} {noun}{keys}"), theme.muted),
        ]
    }

    /// `text` with the first match of the query drawn bold and underlined, in `style`.
    pub fn marked(&self, text: &str, style: Style, theme: &Theme) -> Vec<Span<'static>> {
        let query = self.query.trim().to_lowercase();
        let lower = text.to_lowercase();
        // Lowercasing kept the byte offsets (almost always): the match's place in `lower` is its place in `text`.
        let found = (!query.is_empty() && lower.len() == text.len())
            .then(|| lower.find(&query))
            .flatten()
            .filter(|at| text.is_char_boundary(*at) && text.is_char_boundary(at + query.len()));
        match found {
            Some(at) => vec![
                Span::styled(text[..at].to_owned(), style),
                Span::styled(
                    text[at..at + query.len()].to_owned(),
                    theme.accent.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                ),
                Span::styled(text[at + query.len()..].to_owned(), style),
            ],
            None => vec![Span::styled(text.to_owned(), style)],
        }
    }
}

/// The screen's area split for the filter's line above the list when the filter shows (else the whole area).
pub fn split(
    area: ratatui::layout::Rect,
    find: &Find,
) -> (Option<ratatui::layout::Rect>, ratatui::layout::Rect) {
    if !find.active() || area.height < 4 {
        return (None, area);
    }
    let [line, rest] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(1),
        ratatui::layout::Constraint::Min(1),
    ])
    .areas(area);
    (Some(line), rest)
}

/// Where the selection goes after the rows changed: onto the row it was on (`before`, by id) when it is still
/// shown, else the same place, kept inside the list.
pub fn reselect(before: Option<&str>, ids: &[String], selected: usize) -> usize {
    before
        .and_then(|id| ids.iter().position(|i| i == id))
        .unwrap_or_else(|| selected.min(ids.len().saturating_sub(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(find: &mut Find, code: KeyCode) -> bool {
        find.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn typing_builds_the_query_enter_keeps_it_and_esc_clears_it() {
        let mut find = Find {
            typing: true,
            ..Find::default()
        };
        for c in "Pay".chars() {
            assert!(press(&mut find, KeyCode::Char(c)));
        }
        assert!(find.matches(["checkout: payment"]));
        assert!(!find.matches(["login", "acme-1"]));
        assert!(press(&mut find, KeyCode::Enter));
        assert_eq!((find.query.as_str(), find.typing), ("Pay", false));
        assert!(find.active());
        find.typing = true;
        assert!(press(&mut find, KeyCode::Esc));
        assert_eq!(find, Find::default());
        assert!(!press(&mut find, KeyCode::F(2)));
    }

    #[test]
    fn a_paste_is_one_line_within_the_limit() {
        let mut find = Find::default();
        find.paste("a\nb\u{7}c");
        assert_eq!(find.query, "a bc");
        find.paste(&"x".repeat(500));
        assert_eq!(find.query.chars().count(), MAX_QUERY);
    }

    #[test]
    fn the_selection_stays_on_its_row_or_keeps_its_place() {
        let ids: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(reselect(Some("c"), &ids, 0), 2);
        assert_eq!(reselect(Some("gone"), &ids, 1), 1);
        assert_eq!(reselect(Some("gone"), &ids, 7), 2);
        assert_eq!(reselect(None, &[], 3), 0);
    }

    #[test]
    fn the_match_is_marked_where_it_is() {
        let theme = Theme::default();
        let find = Find {
            query: "ERR".into(),
            typing: false,
        };
        let spans = find.marked("an error here", theme.text, &theme);
        let texts: Vec<&str> = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(texts, ["an ", "err", "or here"]);
    }
}
