//! The projects screen: every project as a table row — its slug and name, what needs the owner in it, the agents at
//! work there now, its last activity and its open tasks; from 120 columns also its repository and its tasks per
//! stage.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::proto;

use super::app::{Model, STAGES};
use super::mouse::Hits;
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
    let mut headers = vec!["Project", "Name"];
    if wide {
        headers.push("Repository");
        headers.extend(STAGES);
    }
    headers.extend(["open", "needs you", "at work", "active"]);
    let mut columns = vec![Constraint::Length(16), Constraint::Fill(1)];
    if wide {
        columns.push(Constraint::Length(28));
        columns.extend(std::iter::repeat_n(Constraint::Length(6), STAGES.len()));
    }
    columns.extend([
        Constraint::Length(5),
        Constraint::Length(9),
        Constraint::Length(7),
        Constraint::Length(6),
    ]);
    let now = model.now_ms;
    super::fit::Table {
        block,
        headers: &headers,
        columns: &columns,
        len: list.len(),
        selected: model.projects.selected,
        empty: "No project contains that text (Esc clears the filter).",
    }
    .render(theme, area, buf, hits, |i| {
        let project = list[i];
        let count = |stage: &str| {
            project
                .counts
                .iter()
                .find(|c| c.stage == stage)
                .map_or(0, |c| c.tasks)
        };
        let open: i64 = STAGES.iter().filter(|s| **s != "done").map(|s| count(s)).sum();
        let facts = facts(model, project);
        let dot = |n: i64, style: Style| match n {
            0 => vec![Span::styled("·", theme.muted)],
            n => vec![Span::styled(n.to_string(), style)],
        };
        let mut cells = vec![
            find.marked(&project.slug, theme.title, theme),
            find.marked(&project.name, Style::default(), theme),
        ];
        if wide {
            let repo = project
                .repo_path
                .as_deref()
                .map_or_else(|| "—".to_owned(), folder);
            cells.push(vec![Span::styled(repo, theme.muted)]);
            cells.extend(STAGES.iter().map(|s| dot(count(s), Style::default())));
        }
        cells.push(vec![Span::styled(open.to_string(), theme.accent)]);
        cells.push(dot(count_of(facts.needs_you), theme.warn));
        cells.push(dot(count_of(facts.at_work), theme.ok));
        cells.push(vec![Span::styled(age(now, facts.last_ms), theme.muted)]);
        cells
    });
}

fn count_of(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
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
