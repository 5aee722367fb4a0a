//! One-line rows (inbox, activity) fitted to their pane: a row wider than the pane is cut at a character boundary
//! and ends in `…`, so a long title, URL or description never runs past the border unannounced. Text panes
//! (the task's tabs) wrap instead; this is for lists whose rows must stay one line each. [`rows`] counts the rows
//! wrapped lines take, to scroll a wrapped pane to a line. [`cut`] and [`one_line`] do the same for plain text:
//! agent text drawn on one line (titles, captions, session names) goes through `one_line`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use unicode_width::UnicodeWidthChar;

use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{position, scroll_to};

/// `line` in at most `width` columns: unchanged when it fits, else cut with `…` as its last column (in the style
/// of the span it cuts). Widths are terminal columns (a wide character counts two).
pub fn fit(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let Line {
        spans,
        style,
        alignment,
    } = line;
    let mut out = Vec::with_capacity(spans.len());
    // One column is kept for the ellipsis.
    let mut room = width.saturating_sub(1);
    for span in spans {
        let span_width = span.width();
        if span_width <= room {
            room -= span_width;
            out.push(span);
            continue;
        }
        let mut kept = String::new();
        for c in span.content.chars() {
            let w = c.width().unwrap_or(0);
            if w > room {
                break;
            }
            room -= w;
            kept.push(c);
        }
        if width > 0 {
            kept.push('…');
        }
        out.push(Span::styled(kept, span.style));
        break;
    }
    let mut line = Line::from(out).style(style);
    line.alignment = alignment;
    line
}

/// The widths of a table's columns in `width` terminal columns, one column of space between them.
pub fn column_widths(constraints: &[Constraint], width: u16) -> Vec<u16> {
    Layout::horizontal(constraints.iter().copied())
        .spacing(1)
        .split(Rect::new(0, 0, width, 1))
        .iter()
        .map(|r| r.width)
        .collect()
}

/// One table row of aligned cells: each cell (its spans) cut with `…` or padded to its column's width, one space
/// between columns.
pub fn table_row(cells: Vec<Vec<Span<'static>>>, widths: &[u16]) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (cell, width)) in cells.into_iter().zip(widths).enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        let width = usize::from(*width);
        let cell = fit(Line::from(cell), width);
        let pad = width.saturating_sub(cell.width());
        spans.extend(cell.spans);
        if pad > 0 {
            spans.push(Span::raw(" ".repeat(pad)));
        }
    }
    Line::from(spans)
}

/// A selectable table in a bordered block, as the sessions and locks screens draw it: a header of muted column
/// names, the rows around the selected one (drawn in the selection style), ` 12–31 of 84 ` on the bottom border when
/// the rows run past the pane, `empty` when a filter hides every row, and a click target per row on screen. Only
/// the rows on screen are built: `row(i)` gives row `i`'s cells.
pub struct Table<'a> {
    pub block: Block<'a>,
    pub headers: &'a [&'a str],
    pub columns: &'a [Constraint],
    /// How many rows there are in all.
    pub len: usize,
    pub selected: usize,
    /// The line shown when there are no rows (the filter hides them all).
    pub empty: &'a str,
}

impl Table<'_> {
    pub fn render(
        self,
        theme: &Theme,
        area: Rect,
        buf: &mut Buffer,
        hits: &mut Hits,
        mut row: impl FnMut(usize) -> Vec<Vec<Span<'static>>>,
    ) {
        let inner = self.block.inner(area);
        let widths = column_widths(self.columns, inner.width);
        let header = table_row(
            self.headers
                .iter()
                .map(|h| vec![Span::styled(h.to_string(), theme.muted)])
                .collect(),
            &widths,
        );
        let height = usize::from(inner.height.saturating_sub(1));
        let top = scroll_to(self.selected + 1, height);
        let mut lines = vec![header];
        for i in (top..self.len).take(height) {
            let line = table_row(row(i), &widths);
            lines.push(if i == self.selected {
                line.style(theme.selected)
            } else {
                line
            });
        }
        if self.len == 0 {
            lines.push(Line::styled(self.empty.to_owned(), theme.muted));
        }
        let block = if self.len > height {
            self.block.title_bottom(position(top, top + height, self.len))
        } else {
            self.block
        };
        Paragraph::new(lines).block(block).render(area, buf);
        for (line, i) in (top..self.len).enumerate().take(height) {
            let y = inner.y + 1 + u16::try_from(line).unwrap_or(u16::MAX);
            hits.add(Rect::new(inner.x, y, inner.width, 1), Target::Row(i));
        }
    }
}

/// The rows `lines` take when wrapped at `width` columns: each at least one, a longer one its width divided by
/// `width`, rounded up. Word wrapping can take a row more where a word moves down whole, so this may count a few
/// rows short on long paragraphs: enough to keep a line near where it is aimed, not to place it exactly.
pub fn rows(lines: &[Line<'_>], width: usize) -> usize {
    let width = width.max(1);
    lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum()
}

/// `text` in at most `max` characters, the last one an ellipsis when it is cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    if max == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Text drawn on one line: line breaks and tabs as spaces, other control characters as `�`, invisible format
/// characters (bidi overrides, direction marks) dropped, cut to `max`.
pub fn one_line(text: &str, max: usize) -> String {
    let flat: String = text
        .trim()
        .chars()
        // Bidi overrides and other invisible format characters would reorder or hide the row's text.
        .filter(|c| !relay_core::display::is_invisible_format(*c))
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .collect();
    cut(&flat, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Style};

    #[test]
    fn one_line_drops_bidi_overrides_when_drawing_agent_text() {
        assert_eq!(one_line("Fix\u{202E}gnp.exe\tnow", 100), "Fixgnp.exe now");
    }

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn long_rows_end_in_an_ellipsis_when_wider_than_the_pane() {
        let red = Style::new().fg(Color::Red);
        let line = Line::from(vec![
            Span::raw("  acme-1 "),
            Span::styled("https://example.com/a/very/long/path", red),
        ]);
        let cut = fit(line.clone(), 20);
        assert_eq!(text(&cut), "  acme-1 https://ex…");
        assert_eq!(cut.width(), 20);
        assert_eq!(cut.spans[1].style, red, "the ellipsis keeps the cut span's style");
        assert_eq!(fit(line.clone(), 100), line, "a row that fits is unchanged");
        assert_eq!(text(&fit(line.clone(), 9)), "  acme-1…");
        assert_eq!(text(&fit(line, 0)), "");
    }

    #[test]
    fn wrapped_rows_are_counted_when_lines_are_wider_than_the_pane() {
        let lines = [
            Line::raw(""),
            Line::raw("x".repeat(10)),
            Line::raw("x".repeat(11)),
            Line::raw("x".repeat(25)),
        ];
        assert_eq!(rows(&lines, 10), 1 + 1 + 2 + 3);
        assert_eq!(rows(&lines, 0), 1 + 10 + 11 + 25, "no width: one column each");
    }

    #[test]
    fn wide_characters_count_two_columns_when_cut() {
        let cut = fit(Line::raw("日本語のタイトル"), 7);
        assert_eq!(text(&cut), "日本語…");
        assert!(cut.width() <= 7);
    }

    #[test]
    fn table_cells_line_up_and_a_long_one_ends_in_an_ellipsis() {
        let widths = column_widths(&[Constraint::Length(4), Constraint::Fill(1)], 12);
        assert_eq!(widths, [4, 7]);
        let row = table_row(
            vec![vec![Span::raw("ab")], vec![Span::raw("a long name")]],
            &widths,
        );
        assert_eq!(text(&row), "ab   a long…");
        assert_eq!(row.width(), 12);
    }
}
