//! The projects screen: every project as a table row — its slug and name, what needs the owner in it, the agents at
//! work there now, its last activity and its open tasks; from 120 columns also its repository and its tasks per
//! stage.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row, StatefulWidget, Table, TableState, Widget};
use relay_core::proto;

use super::app::{Model, STAGES};
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::age;

/// From this width the table also shows each project's repository and its tasks per stage.
const WIDE: u16 = 120;

/// What the projects screen says about one project beyond the listing: its rows in the inbox (tasks counted once),
/// its sessions working now, and the newest of its own update and its sessions' activity.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ProjectFacts {
    pub needs_you: usize,
    pub at_work: usize,
    pub last_ms: i64,
}

/// The facts of `project` from the inbox and the sessions the window holds.
pub fn facts(model: &Model, project: &proto::Project) -> ProjectFacts {
    let prefix = format!("{}-", project.slug);
    let ours_key = |key: &str| key.starts_with(&prefix);
    let needs_you = model.inbox.inbox.as_ref().map_or(0, |inbox| {
        let mut keys: Vec<&str> = inbox
            .review_queue
            .iter()
            .filter_map(|r| r.task.as_ref())
            .chain(inbox.waiting_on_you.iter())
            .chain(inbox.rule_warnings.iter().filter_map(|r| r.task.as_ref()))
            .chain(inbox.not_logged.iter())
            .chain(inbox.agent_replies.iter().filter_map(|r| r.task.as_ref()))
            .map(|t| t.key.as_str())
            .filter(|key| ours_key(key))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    });
    let sessions: Vec<&proto::SessionRow> = model
        .projects
        .sessions
        .iter()
        .filter(|s| {
            s.project.as_deref() == Some(project.slug.as_str()) || s.tasks.iter().any(|k| ours_key(k))
        })
        .collect();
    let at_work = sessions
        .iter()
        .filter(|s| s.hook_status.as_deref() == Some("working"))
        .count();
    let last_ms = sessions
        .iter()
        .filter_map(|s| s.activity_at_ms)
        .chain(std::iter::once(project.updated_at_ms))
        .max()
        .unwrap_or(project.updated_at_ms);
    ProjectFacts {
        needs_you,
        at_work,
        last_ms,
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let block = Block::bordered().title(" Projects ");
    let Some(all) = &model.projects.list else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(block)
            .render(area, buf);
        return;
    };
    if all.is_empty() {
        Paragraph::new(vec![
            Line::raw("No projects yet."),
            Line::styled(
                "Create one with n (or `relay project upsert SLUG`; your agents can create them too), or see an \
                 example with `relay demo --home DIR`.",
                theme.muted,
            ),
        ])
        .block(block)
        .wrap(ratatui::widgets::Wrap { trim: true })
        .render(area, buf);
        return;
    }
    let find = &model.projects.find;
    let (find_line, area) = super::find::split(area, find);
    let list = model.projects.visible();
    if let Some(line) = find_line {
        let spans = find.spans(list.len(), all.len(), "projects", theme);
        super::fit::fit(Line::from(spans), usize::from(line.width)).render(line, buf);
    }
    let wide = area.width >= WIDE;
    let mut header = vec![Cell::from("Project"), Cell::from("Name")];
    if wide {
        header.push(Cell::from("Repository"));
        header.extend(STAGES.iter().map(|s| Cell::from(*s)));
    }
    header.extend(["open", "needs you", "at work", "active"].map(Cell::from));
    let now = model.now_ms;
    let rows = list.iter().map(|project| {
        let count = |stage: &str| {
            project
                .counts
                .iter()
                .find(|c| c.stage == stage)
                .map_or(0, |c| c.tasks)
        };
        let open: i64 = STAGES.iter().filter(|s| **s != "done").map(|s| count(s)).sum();
        let facts = facts(model, project);
        let mut cells = vec![
            Cell::from(Line::from(find.marked(&project.slug, theme.title, theme))),
            Cell::from(Line::from(find.marked(&project.name, Style::default(), theme))),
        ];
        if wide {
            let repo = project
                .repo_path
                .as_deref()
                .map_or_else(|| "—".to_owned(), folder);
            cells.push(Cell::from(Span::styled(repo, theme.muted)));
            cells.extend(STAGES.iter().map(|s| match count(s) {
                0 => Cell::from("·").style(theme.muted),
                n => Cell::from(n.to_string()),
            }));
        }
        let dot = |n: usize, style: Style| match n {
            0 => Cell::from("·").style(theme.muted),
            n => Cell::from(n.to_string()).style(style),
        };
        cells.push(Cell::from(open.to_string()).style(theme.accent));
        cells.push(dot(facts.needs_you, theme.warn));
        cells.push(dot(facts.at_work, theme.ok));
        cells.push(Cell::from(age(now, facts.last_ms)).style(theme.muted));
        Row::new(cells)
    });
    let mut widths = vec![Constraint::Length(16), Constraint::Fill(1)];
    if wide {
        widths.push(Constraint::Length(28));
        widths.extend(std::iter::repeat_n(Constraint::Length(6), STAGES.len()));
    }
    widths.extend([
        Constraint::Length(5),
        Constraint::Length(9),
        Constraint::Length(7),
        Constraint::Length(6),
    ]);
    let mut state = TableState::default().with_selected(Some(model.projects.selected));
    // Where the view is when the projects run past the pane: `12–31 of 84`.
    let room = usize::from(area.height.saturating_sub(3));
    let block = if list.len() > room {
        let top = model.projects.selected.saturating_sub(room.saturating_sub(1));
        block.title_bottom(super::view::position(top, top + room, list.len()))
    } else {
        block
    };
    let table = Table::new(rows, widths)
        .header(Row::new(header).style(theme.muted))
        .row_highlight_style(theme.selected)
        .highlight_symbol("› ")
        .block(block);
    StatefulWidget::render(table, area, buf, &mut state);
    // One line per project under the border and the header line, from the table's scroll offset.
    let rows = Rect::new(
        area.x + 1,
        area.y + 2,
        area.width.saturating_sub(2),
        area.height.saturating_sub(3),
    );
    for (line, i) in (state.offset()..list.len())
        .enumerate()
        .take(usize::from(rows.height))
    {
        let y = rows.y + u16::try_from(line).unwrap_or(u16::MAX);
        hits.add(Rect::new(rows.x, y, rows.width, 1), Target::Row(i));
    }
}

/// A repository by its folder's name (`…/shop`): what tells projects apart in a table; `relay project list` has the
/// whole path.
fn folder(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    match trimmed.rsplit_once('/') {
        Some((parent, name)) if !parent.is_empty() => format!("…/{}", super::fit::cut(name, 26)),
        _ => super::fit::cut(trimmed, 28),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repository_shows_as_its_folder() {
        assert_eq!(folder("/home/dana/src/shop/"), "…/shop");
        assert_eq!(folder("/shop"), "/shop");
        assert_eq!(folder("relative"), "relative");
    }
}
