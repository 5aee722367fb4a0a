//! A project's board: six stage columns. Wide terminals show all six; narrower ones page them like the web
//! board (Plan · Dev · Review · Test | Live · Done); the narrowest show one column with a stage tab bar.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use relay_core::board::{PlanStatus, Stage};
use relay_core::proto;

use super::app::{BoardState, Model, STAGES};
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::scroll_to;

/// All six columns from this width on.
pub const ALL_COLUMNS_WIDTH: u16 = 156;
/// Two pages of columns from this width on; below, one column at a time.
pub const PAGED_WIDTH: u16 = 72;
/// The columns on the first page when paged (Plan · Dev · Review · Test); the second page has the rest.
pub const FIRST_PAGE: usize = 4;

/// The columns shown at `width` with `column` selected.
pub fn visible_columns(width: u16, column: usize) -> Range<usize> {
    if width >= ALL_COLUMNS_WIDTH {
        0..STAGES.len()
    } else if width >= PAGED_WIDTH {
        if column < FIRST_PAGE {
            0..FIRST_PAGE
        } else {
            FIRST_PAGE..STAGES.len()
        }
    } else {
        column..column + 1
    }
}

fn stage_title(stage: &str) -> String {
    let mut chars = stage.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.board;
    let Some(board) = &state.board else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(format!(" {} ", state.slug)))
            .render(area, buf);
        return;
    };
    let [top, columns_area] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    let visible = visible_columns(area.width, state.column);
    let project = board.project.as_ref();
    let mut top_spans = vec![Span::styled(
        format!(" {} ", project.map_or(state.slug.as_str(), |p| p.name.as_str())),
        theme.title,
    )];
    if area.width >= ALL_COLUMNS_WIDTH {
        // Everything fits: no pager.
    } else if area.width >= PAGED_WIDTH {
        let (first, second) = if visible.start == 0 {
            (theme.title, theme.muted)
        } else {
            (theme.muted, theme.title)
        };
        top_spans.push(Span::styled("Plan · Dev · Review · Test", first));
        top_spans.push(Span::styled(" | ", theme.muted));
        top_spans.push(Span::styled("Live · Done", second));
        top_spans.push(Span::styled("  (Tab)", theme.muted));
    } else {
        for (i, stage) in STAGES.iter().enumerate() {
            let style = if i == state.column {
                theme.selected
            } else {
                theme.muted
            };
            top_spans.push(Span::styled(format!(" {} ", stage_title(stage)), style));
        }
    }
    if state.find.active() {
        let shown = board
            .tasks
            .iter()
            .filter(|t| super::app::card_matches(t, &state.find))
            .count();
        top_spans.push(Span::raw("  "));
        top_spans.extend(state.find.spans(shown, board.tasks.len(), "cards", theme));
    } else {
        top_spans.push(Span::styled(format!("  {}", board.rules_line), theme.muted));
    }
    // Cut with `…` at the edge (the rules line is long).
    super::fit::fit(Line::from(top_spans), usize::from(top.width)).render(top, buf);

    let count = visible.len();
    let constraints = vec![Constraint::Ratio(1, u32::try_from(count).unwrap_or(1)); count];
    let areas = Layout::horizontal(constraints).split(columns_area);
    for (column, column_area) in visible.zip(areas.iter()) {
        render_column(state, column, theme, *column_area, buf, hits);
    }
}

fn render_column(
    state: &BoardState,
    column: usize,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    hits: &mut Hits,
) {
    let tasks = state.column_tasks(column);
    let stage = STAGES.get(column).copied().unwrap_or_default();
    let focused = column == state.column;
    let block = Block::bordered()
        .title(format!(" {} {} ", stage_title(stage), tasks.len()))
        .border_style(if focused { theme.accent } else { theme.muted });
    let inner_height = usize::from(area.height.saturating_sub(2));
    let selected = state.rows.get(column).copied().unwrap_or(0);
    let width = usize::from(area.width.saturating_sub(2));
    // Where each card starts (a blank line after each), from the cards' heights alone: only the cards in view
    // are built into lines, so a frame of a 2,000-task column costs the cards on screen.
    let mut starts = Vec::with_capacity(tasks.len() + 1);
    let mut total = 0;
    for task in &tasks {
        starts.push(total);
        total += card_height(state, task) + 1;
    }
    starts.push(total);
    let selected_end = match (focused, tasks.get(selected)) {
        (true, Some(task)) => starts[selected] + card_height(state, task),
        _ => 0,
    };
    let offset = scroll_to(selected_end.saturating_sub(1), inner_height);
    let first = starts.partition_point(|start| *start <= offset).saturating_sub(1);
    let mut lines: Vec<Line> = Vec::new();
    let mut cards = Vec::new();
    for (i, task) in tasks.iter().enumerate().skip(first) {
        let start = starts[i];
        if start >= offset + inner_height {
            break;
        }
        let mut card = card_lines(state, task, theme, width);
        if focused && i == selected {
            for line in &mut card {
                line.style = theme.selected;
            }
        }
        cards.push((i, start..start + card.len()));
        lines.extend(card);
        lines.push(Line::raw(""));
    }
    if tasks.is_empty() {
        lines.push(Line::styled("no tasks", theme.muted));
    }
    let inner = block.inner(area);
    // A column longer than its box says how many cards are out of view above and below it.
    let above = first;
    let below = tasks.len().saturating_sub(cards.last().map_or(0, |(i, lines)| {
        // The last card counts as shown only when it is whole.
        if lines.end <= offset + inner_height {
            i + 1
        } else {
            *i
        }
    }));
    let block = match (above, below) {
        (0, 0) => block,
        (0, below) => block.title_bottom(format!(" {below} more ↓ ")),
        (above, 0) => block.title_bottom(format!(" ↑ {above} more ")),
        (above, below) => block.title_bottom(format!(" ↑ {above} · {below} more ↓ ")),
    };
    let skip = offset - starts.get(first).copied().unwrap_or(0);
    Paragraph::new(lines)
        .block(block)
        .scroll((u16::try_from(skip).unwrap_or(u16::MAX), 0))
        .render(area, buf);
    if focused {
        // A page of this column is the cards in view, at least one.
        hits.page = cards.len().saturating_sub(1).max(1);
    }
    for (row, lines) in cards {
        hits.add_lines(inner, offset, lines, Target::Card { column, row });
    }
}

/// How many lines [`card_lines`] draws for `task` (kept equal to it: a test compares the two).
fn card_height(state: &BoardState, task: &proto::Task) -> usize {
    let mut height = 2;
    if task.stage != "done" {
        height += usize::from(task.waiting_on.is_some())
            + usize::from(task.next_step.is_some())
            + usize::from(task.branch.is_some());
    }
    height
        + usize::from(state.plans.contains_key(&task.key))
        + usize::from(state.reviews.contains_key(&task.key))
}

/// A card: key, the bound session's hook-status dot (● working / waiting / idle, ○ ended or no hook status) and
/// tracker badge; title; waiting on; next step (stale marked); the Plan and Review badges. `width` is the
/// column's inner width, which the plan badge's `now:` part is cut to.
fn card_lines(state: &BoardState, task: &proto::Task, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut top = vec![Span::styled(task.key.clone(), theme.accent)];
    // The dot before the tracker badge: on a narrow column the badge is what gets cut.
    if let Some(session) = &task.session {
        let status = state.hook_status.get(session).cloned().flatten();
        let (dot, _, style) = super::sessions::status_dot(status.as_deref(), theme);
        top.push(Span::styled(format!(" {dot}"), style));
    }
    if let Some(reference) = &task.tracker_ref {
        let name = task
            .tracker_name
            .as_deref()
            .map(|n| format!("{n} "))
            .unwrap_or_default();
        let mark = if task.tracker_logged { " ✓" } else { "" };
        top.push(Span::styled(format!(" {name}{reference}{mark}"), theme.muted));
    }
    let mut lines = vec![
        Line::from(top),
        Line::from(
            state
                .find
                .marked(&super::fit::one_line(&task.title, 400), Style::default(), theme),
        ),
    ];
    let done = task.stage == Stage::Done.as_str();
    if !done {
        if let Some(waiting) = &task.waiting_on {
            lines.push(Line::styled(format!("waiting on {waiting}"), theme.warn));
        }
        if let Some(next) = &task.next_step {
            let first = next.lines().next().unwrap_or_default().to_owned();
            let mut spans = vec![Span::styled(format!("→ {first}"), theme.muted)];
            if task.next_step_stale {
                spans.insert(0, Span::styled("stale ", theme.warn));
            }
            lines.push(Line::from(spans));
        }
        if let Some(branch) = &task.branch {
            lines.push(Line::styled(format!("⎇ {branch}"), theme.muted));
        }
    }
    if let Some(plan) = state.plans.get(&task.key) {
        lines.push(plan_badge(plan, theme, width));
    }
    if let Some((accepted, rejected, steps)) = state.reviews.get(&task.key) {
        let style = if *rejected > 0 {
            theme.error
        } else if accepted == steps {
            theme.ok
        } else {
            theme.text
        };
        lines.push(Line::styled(format!("Review {accepted}/{steps}"), style));
    }
    // Each line one row: a long title, next step or branch ends in `…` at the column's edge.
    lines
        .into_iter()
        .map(|line| super::fit::fit(line, width))
        .collect()
}

/// `Plan 2/5 · draft · 1 deviation · now: <step in progress>`: draft while not accepted, the deviations in the
/// warning style, the step in progress cut with an ellipsis to fit `width` columns.
pub(super) fn plan_badge(plan: &proto::PlanCard, theme: &Theme, width: usize) -> Line<'static> {
    let style = if plan.steps > 0 && plan.done == plan.steps {
        theme.ok
    } else {
        theme.text
    };
    let mut spans = vec![Span::styled(format!("Plan {}/{}", plan.done, plan.steps), style)];
    if PlanStatus::from_name(&plan.status) != Some(PlanStatus::Accepted) {
        spans.push(Span::styled(" · draft", theme.muted));
    }
    match plan.deviations {
        0 => {}
        1 => spans.push(Span::styled(" · 1 deviation", theme.warn)),
        n => spans.push(Span::styled(format!(" · {n} deviations"), theme.warn)),
    }
    if let Some(now) = &plan.now {
        let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        let prefix = " · now: ";
        let room = width.saturating_sub(used + prefix.chars().count());
        // Too narrow for even a letter and the ellipsis: the step is left out.
        if room >= 2 {
            let now = now.split_whitespace().collect::<Vec<_>>().join(" ");
            spans.push(Span::styled(
                format!("{prefix}{}", super::fit::cut(&now, room)),
                theme.muted,
            ));
        }
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_height_counts_the_lines_card_lines_draws_for_every_kind_of_card() {
        let theme = Theme::default();
        let mut state = BoardState::default();
        state.plans.insert(
            "p-2".into(),
            proto::PlanCard {
                key: "p-2".into(),
                ..Default::default()
            },
        );
        state.reviews.insert("p-3".into(), (1, 0, 3));
        let bare = proto::Task {
            key: "p-1".into(),
            stage: "dev".into(),
            ..Default::default()
        };
        let full = proto::Task {
            key: "p-2".into(),
            stage: "review".into(),
            waiting_on: Some("owner".into()),
            next_step: Some("check\nthe rest".into()),
            branch: Some("feature/x".into()),
            ..Default::default()
        };
        let reviewed = proto::Task {
            key: "p-3".into(),
            stage: "review".into(),
            ..full.clone()
        };
        let done = proto::Task {
            key: "p-2".into(),
            stage: "done".into(),
            ..full.clone()
        };
        for task in [bare, full, reviewed, done] {
            assert_eq!(
                card_height(&state, &task),
                card_lines(&state, &task, &theme, 20).len(),
                "{task:?}"
            );
        }
    }

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn plan_badge_says_draft_counts_deviations_and_cuts_the_step_in_progress() {
        let theme = Theme::default();
        let mut card = proto::PlanCard {
            key: "acme-1".into(),
            status: "draft".into(),
            steps: 5,
            done: 2,
            deviations: 1,
            now: Some("Address   book\npage".into()),
        };
        let line = plan_badge(&card, &theme, 80);
        assert_eq!(
            text(&line),
            "Plan 2/5 · draft · 1 deviation · now: Address book page"
        );
        assert_eq!(line.spans[2].style, theme.warn);
        let narrow = plan_badge(&card, &theme, 44);
        assert_eq!(text(&narrow), "Plan 2/5 · draft · 1 deviation · now: Addre…");
        let narrower = plan_badge(&card, &theme, 36);
        assert_eq!(text(&narrower), "Plan 2/5 · draft · 1 deviation");
        card.status = "accepted".into();
        card.deviations = 0;
        card.done = 5;
        card.now = None;
        let line = plan_badge(&card, &theme, 80);
        assert_eq!(text(&line), "Plan 5/5");
        assert_eq!(line.spans[0].style, theme.ok);
        assert_eq!(super::super::fit::cut("abc", 3), "abc");
        assert_eq!(super::super::fit::cut("abcd", 3), "ab…");
        assert_eq!(super::super::fit::cut("abcd", 0), "");
    }
}
