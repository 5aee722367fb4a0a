//! The inbox ("Needs you"): everything that waits for the owner, in groups with a count.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use relay_core::proto;

use super::app::Model;
use super::fit::fit;
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{ago, scroll_to};

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let Some(inbox) = &model.inbox.inbox else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(" Needs you "))
            .render(area, buf);
        return;
    };
    let block = Block::bordered().title(format!(" Needs you · {} ", inbox.total));
    if inbox.total == 0 {
        Paragraph::new("Nothing needs you right now.")
            .block(block)
            .render(area, buf);
        return;
    }
    let now = model.now_ms;
    let mut lines: Vec<Line> = Vec::new();
    let mut row = 0usize;
    let mut selected_line = 0usize;
    // The line of each row a key can select, for the mouse.
    let mut row_lines: Vec<usize> = Vec::new();
    let selected = model.inbox.selected;
    // Rows stay one line each: a long one is cut with an ellipsis at the border.
    let width = usize::from(area.width.saturating_sub(2));
    let mut group = |lines: &mut Vec<Line>, title: &str, rows: Vec<Vec<Span<'static>>>| {
        if rows.is_empty() {
            return;
        }
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(format!("{title} ({})", rows.len()), theme.title));
        for spans in rows {
            let mut line = fit(Line::from(spans), width);
            if row == selected {
                line = line.style(theme.selected);
                selected_line = lines.len();
            }
            row_lines.push(lines.len());
            lines.push(line);
            row += 1;
        }
    };
    let head = |task: Option<&proto::InboxTask>| -> Vec<Span<'static>> {
        match task {
            Some(t) => vec![
                Span::raw("  "),
                Span::styled(format!("{:<12}", t.key), theme.accent),
                Span::raw(format!(" {}", super::fit::one_line(&t.title, 400))),
                Span::styled(format!("  [{}]", t.stage), theme.muted),
            ],
            None => vec![Span::raw("  ?")],
        }
    };
    group(
        &mut lines,
        "Review queue",
        inbox
            .review_queue
            .iter()
            .map(|r| {
                let mut spans = head(r.task.as_ref());
                let style = if r.rejected > 0 {
                    theme.error
                } else if r.accepted == r.steps {
                    theme.ok
                } else {
                    theme.text
                };
                let rejected = match r.rejected {
                    0 => String::new(),
                    n => format!(" · {n} rejected"),
                };
                spans.push(Span::styled(
                    format!("  {}/{} accepted{rejected}", r.accepted, r.steps),
                    style,
                ));
                if let Some(t) = &r.task {
                    spans.push(Span::styled(
                        format!(" · moved {}", ago(now, t.stage_changed_at_ms)),
                        theme.muted,
                    ));
                }
                spans
            })
            .collect(),
    );
    group(
        &mut lines,
        "Waiting on you",
        inbox
            .waiting_on_you
            .iter()
            .map(|t| {
                let mut spans = head(Some(t));
                spans.push(Span::styled(
                    format!("  waiting on {}", t.waiting_on.as_deref().unwrap_or_default()),
                    theme.muted,
                ));
                spans
            })
            .collect(),
    );
    group(
        &mut lines,
        "Rule warnings",
        inbox
            .rule_warnings
            .iter()
            .map(|r| {
                let mut spans = head(r.task.as_ref());
                spans.push(Span::styled(
                    format!("  {}", crate::cmd::inbox::owner_warnings(&r.warnings)),
                    theme.warn,
                ));
                spans
            })
            .collect(),
    );
    group(
        &mut lines,
        "Not logged in the tracker",
        inbox.not_logged.iter().map(|t| head(Some(t))).collect(),
    );
    group(
        &mut lines,
        "Unlinked hook sessions",
        inbox
            .unlinked_sessions
            .iter()
            .map(|s| {
                vec![
                    Span::raw(format!("  {}", s.name)),
                    Span::styled(format!("  {}", s.reason), theme.muted),
                ]
            })
            .collect(),
    );
    group(
        &mut lines,
        "Agent replies",
        inbox
            .agent_replies
            .iter()
            .map(|r| {
                let mut spans = head(r.task.as_ref());
                let first = r.body.lines().next().unwrap_or_default();
                spans.push(Span::styled(
                    format!("  {} unread · {}: {first}", r.unread, r.author),
                    theme.warn,
                ));
                spans
            })
            .collect(),
    );
    let inner_height = usize::from(area.height.saturating_sub(2));
    let offset = scroll_to(selected_line + 1, inner_height);
    let inner = block.inner(area);
    Paragraph::new(lines)
        .block(block)
        .scroll((u16::try_from(offset).unwrap_or(u16::MAX), 0))
        .render(area, buf);
    for (i, line) in row_lines.into_iter().enumerate() {
        hits.add_lines(inner, offset, line..line + 1, Target::Row(i));
    }
}
