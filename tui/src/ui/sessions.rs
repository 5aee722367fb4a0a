//! The sessions screen (relaybay §2 "Sessions"): a project's sessions or all of them, newest activity first,
//! each with its hook-status dot, name, kind, last activity and its age, working directory, the unlinked reason
//! and the tasks bound now. Its state, its keys and its view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::proto;

use super::app::{Effect, Model, Screen};
use super::keymap::Command;
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{age, scroll_to};

#[derive(Debug, Default)]
pub struct SessionsState {
    /// The project filter; `None`: every session.
    pub project: Option<String>,
    pub list: Option<proto::ListSessionsResponse>,
    pub selected: usize,
}

/// The next (or previous) value of a project filter: all, then each known project in turn.
pub fn cycle_project(current: Option<&str>, slugs: &[String], forward: bool) -> Option<String> {
    let at = current.and_then(|c| slugs.iter().position(|s| s == c));
    let next = match (at, forward) {
        (None, true) => slugs.first(),
        (None, false) => slugs.last(),
        (Some(i), true) => slugs.get(i + 1),
        (Some(i), false) => i.checked_sub(1).and_then(|i| slugs.get(i)),
    };
    next.cloned()
}

pub(super) fn loaded(model: &mut Model, project: Option<String>, list: proto::ListSessionsResponse) {
    if project != model.sessions.project {
        return;
    }
    model.now_ms = model.now_ms.max(list.now_ms);
    model.sessions.selected = model.sessions.selected.min(list.sessions.len().saturating_sub(1));
    model.sessions.list = Some(list);
}

pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let len = model.sessions.list.as_ref().map_or(0, |l| l.sessions.len());
    match command {
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.sessions.selected, len, command, page);
        }
        Command::NextProject | Command::PrevProject => {
            let forward = command == Command::NextProject;
            model.sessions.project = cycle_project(model.sessions.project.as_deref(), &model.slugs, forward);
            model.sessions.list = None;
            model.sessions.selected = 0;
            model.refetch(effects);
        }
        Command::Open => {
            let task = model
                .sessions
                .list
                .as_ref()
                .and_then(|l| l.sessions.get(model.sessions.selected))
                .and_then(|s| s.tasks.first().cloned());
            match task {
                Some(key) => model.open(Screen::Task(key), effects),
                None => model.dirty = false,
            }
        }
        _ => model.dirty = false,
    }
}

/// The dot and the words of a hook status.
pub fn status_dot(status: Option<&str>, theme: &Theme) -> (&'static str, &'static str, Style) {
    match status {
        Some("working") => ("●", "working", theme.ok),
        Some("waiting") => ("●", "waiting", theme.warn),
        Some("idle") => ("●", "idle", theme.accent),
        Some("ended") => ("○", "ended", theme.muted),
        _ => ("○", "no hook status", theme.muted),
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let scope = model.sessions.project.as_deref().unwrap_or("all projects");
    let Some(list) = &model.sessions.list else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(format!(" Sessions · {scope} ")))
            .render(area, buf);
        return;
    };
    let block = Block::bordered().title(format!(" Sessions · {scope} · {} ", list.sessions.len()));
    if list.sessions.is_empty() {
        Paragraph::new(vec![
            Line::raw("No sessions here yet."),
            Line::styled(
                "A session appears when an agent binds a task or Claude Code's hooks report one (relay setup).",
                theme.muted,
            ),
        ])
        .block(block)
        .render(area, buf);
        return;
    }
    let now = model.now_ms;
    let mut lines: Vec<Line> = Vec::new();
    let mut selected_line = 0;
    // The lines each session takes, for the mouse.
    let mut spans_of: Vec<std::ops::Range<usize>> = Vec::with_capacity(list.sessions.len());
    for (i, s) in list.sessions.iter().enumerate() {
        let start = lines.len();
        let (dot, words, style) = status_dot(s.hook_status.as_deref(), theme);
        let mut head = vec![
            Span::styled(format!("{dot} {words:<15}"), style),
            Span::styled(s.name.clone(), theme.title),
            Span::styled(format!("  {}", s.kind), theme.muted),
        ];
        if s.cc_exact {
            head.push(Span::styled(" · linked", theme.muted));
        }
        if let Some(activity) = &s.activity {
            let when = s
                .activity_at_ms
                .map(|at| format!(" · {}", age(now, at)))
                .unwrap_or_default();
            head.push(Span::raw(format!("  {activity}{when}")));
        }
        if !s.tasks.is_empty() {
            head.push(Span::raw("  "));
            head.push(Span::styled(s.tasks.join(" "), theme.accent));
        }
        let mut line = Line::from(head);
        if i == model.sessions.selected {
            line = line.style(theme.selected);
            selected_line = lines.len();
        }
        lines.push(line);
        let mut detail = Vec::new();
        if let Some(title) = &s.title {
            detail.push(title.clone());
        }
        detail.push(s.cwd.clone().unwrap_or_else(|| "no working directory".to_owned()));
        detail.push(format!("seen {}", age(now, s.seen_at_ms)));
        lines.push(Line::styled(format!("  {}", detail.join(" · ")), theme.muted));
        if let Some(reason) = &s.unlinked_reason {
            lines.push(Line::styled(format!("  unlinked: {reason}"), theme.warn));
        }
        spans_of.push(start..lines.len());
    }
    let inner_area = block.inner(area);
    let inner = inner_area.height as usize;
    let top = scroll_to(selected_line + 1, inner);
    Paragraph::new(lines)
        .block(block)
        .scroll((u16::try_from(top).unwrap_or(u16::MAX), 0))
        .render(area, buf);
    for (i, range) in spans_of.into_iter().enumerate() {
        hits.add_lines(inner_area, top, range, Target::Row(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_filter_cycles_through_all_and_each_project_when_pressed_repeatedly() {
        let slugs = vec!["a".to_owned(), "b".to_owned()];
        assert_eq!(cycle_project(None, &slugs, true).as_deref(), Some("a"));
        assert_eq!(cycle_project(Some("a"), &slugs, true).as_deref(), Some("b"));
        assert_eq!(cycle_project(Some("b"), &slugs, true), None);
        assert_eq!(cycle_project(None, &slugs, false).as_deref(), Some("b"));
        assert_eq!(cycle_project(Some("a"), &slugs, false), None);
        assert_eq!(cycle_project(Some("gone"), &slugs, true).as_deref(), Some("a"));
        assert_eq!(cycle_project(None, &[], true), None);
    }
}
