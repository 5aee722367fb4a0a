//! The activity screen (relaybay §2 "Activity"): the event log newest first, 50 at a time ("load more" appends
//! the next older page), filtered by project and by kind; hook status changes only when that kind is chosen.
//! New events are prepended while it is open. Above the feed, the newest actions on live of the project filter
//! (`live.rs`). Its state, its keys and its view.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::event::EventKind;
use relay_core::proto;

use super::app::{Effect, Fetch, Model, Screen};
use super::find::Find;
use super::fit::fit;
use super::keymap::Command;
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{age, scroll_to};

/// The kind a feed without a kind filter leaves out (the daemon does the same).
pub const HIDDEN_KIND: &str = "session.status_changed";

#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ActivityFilter {
    pub project: Option<String>,
    pub kind: Option<String>,
}

impl ActivityFilter {
    /// Whether a live event belongs in the feed.
    pub fn admits(&self, event: &proto::Event) -> bool {
        let kind_ok = match &self.kind {
            Some(kind) => event.kind == *kind,
            None => event.kind != HIDDEN_KIND,
        };
        kind_ok
            && self
                .project
                .as_deref()
                .is_none_or(|slug| event.project.as_deref() == Some(slug))
    }
}

#[derive(Debug, Default)]
pub struct ActivityState {
    pub filter: ActivityFilter,
    /// Newest first; `None` until the first page arrives.
    pub rows: Option<Vec<proto::ActivityRow>>,
    /// Where "load more" continues.
    pub next_before: i64,
    pub more: bool,
    pub selected: usize,
    /// `/`: the loaded rows whose kind, subject, words or actor contain the query.
    pub find: Find,
    /// Enter showed the selected event's detail under the feed (Esc hides it; Enter again opens its task).
    pub detail: bool,
    /// The newest actions on live for the project filter, shown above the feed (`live.rs`).
    pub live: Vec<proto::ActivityRow>,
}

impl ActivityState {
    /// The loaded rows the filter shows, newest first.
    pub fn visible(&self) -> Vec<&proto::ActivityRow> {
        self.rows.iter().flatten().filter(|r| self.shows(r)).collect()
    }

    fn shows(&self, row: &proto::ActivityRow) -> bool {
        let (kind, subject) = row
            .event
            .as_ref()
            .map_or(("", ""), |e| (e.kind.as_str(), e.subject.as_str()));
        self.find
            .matches([kind, subject, row.what.as_str(), row.actor.as_str()])
    }

    fn top_id(&self) -> i64 {
        self.rows
            .as_ref()
            .and_then(|rows| rows.first())
            .and_then(|r| r.event.as_ref())
            .map_or(0, |e| e.id)
    }
}

/// The first page arrived: on an empty feed it is the feed; otherwise its newer rows are prepended (the feed
/// keeps what "load more" appended), unless the gap is larger than a page, then it starts over.
pub(super) fn first_page(
    model: &mut Model,
    filter: ActivityFilter,
    page: proto::ListActivityResponse,
    live: Vec<proto::ActivityRow>,
) {
    let state = &mut model.activity;
    if filter != state.filter {
        return;
    }
    state.live = live;
    model.now_ms = model.now_ms.max(page.now_ms);
    let top = state.top_id();
    let newer: Vec<proto::ActivityRow> = page
        .rows
        .iter()
        .filter(|r| r.event.as_ref().is_some_and(|e| e.id > top))
        .cloned()
        .collect();
    let added = newer.iter().filter(|r| state.shows(r)).count();
    match state.rows.as_mut() {
        Some(rows) if newer.len() < page.rows.len() => {
            rows.splice(0..0, newer);
            // The selection stays on the same row.
            if state.selected > 0 {
                state.selected += added;
            }
        }
        _ => {
            state.rows = Some(page.rows);
            state.next_before = page.next_before_event_id;
            state.more = page.more;
            state.selected = 0;
        }
    }
}

/// An older page arrived ("load more").
pub(super) fn more_page(model: &mut Model, filter: ActivityFilter, page: proto::ListActivityResponse) {
    let state = &mut model.activity;
    if filter != state.filter {
        return;
    }
    if let Some(rows) = state.rows.as_mut() {
        let bottom = rows
            .last()
            .and_then(|r| r.event.as_ref())
            .map_or(i64::MAX, |e| e.id);
        rows.extend(
            page.rows
                .into_iter()
                .filter(|r| r.event.as_ref().is_some_and(|e| e.id < bottom)),
        );
        state.next_before = page.next_before_event_id;
        state.more = page.more;
    }
}

fn load_more(model: &mut Model, effects: &mut Vec<Effect>) {
    let state = &model.activity;
    if state.more && state.rows.is_some() {
        let fetch = Fetch::ActivityMore {
            filter: state.filter.clone(),
            before: state.next_before,
        };
        model.fetch_once(fetch, effects);
    } else {
        model.dirty = false;
    }
}

pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let len = model.activity.visible().len();
    match command {
        Command::Down if model.activity.selected + 1 >= len => load_more(model, effects),
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.activity.selected, len, command, page);
        }
        Command::LoadMore => load_more(model, effects),
        Command::PickProject | Command::PickKind => {
            let target = if command == Command::PickKind {
                super::picker::Target::ActivityKind
            } else {
                super::picker::Target::ActivityProject
            };
            model.picker = Some(super::picker::Picker::open(model, target));
        }
        // Enter shows the event's detail first; Enter on it opens the event's task.
        Command::Open if !model.activity.detail => model.activity.detail = len > 0,
        Command::Open => {
            let key = model
                .activity
                .visible()
                .get(model.activity.selected)
                .and_then(|r| r.event.as_ref())
                .and_then(task_key);
            match key {
                Some(key) => model.open(Screen::Task(key), effects),
                None => {
                    model.flash = Some(super::app::Flash {
                        level: super::app::Level::Info,
                        lines: vec!["this event is not about a task: nothing to open".to_owned()],
                    });
                }
            }
        }
        _ => model.dirty = false,
    }
}

/// The selected event in full: its kind and what the kind means, subject, project, when, who, what happened, and
/// its data fields one per line (agent text on one line each, cut with `…`).
fn render_detail(row: &proto::ActivityRow, now: i64, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(event) = &row.event else {
        return;
    };
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines = Vec::new();
    let mut field = |name: &str, value: String| {
        lines.push(fit(
            Line::from(vec![
                Span::styled(format!("{name:<10}"), theme.muted),
                Span::raw(super::fit::one_line(&value, 400)),
            ]),
            width,
        ));
    };
    let meaning = EventKind::parse(&event.kind)
        .map(|k| k.description())
        .unwrap_or("a kind this window does not know");
    field("kind", format!("{} — {meaning}", event.kind));
    field(
        "when",
        format!(
            "{} ({})",
            crate::cmd::format::utc(event.at_ms),
            age(now, event.at_ms)
        ),
    );
    if !row.actor.is_empty() {
        field("by", row.actor.clone());
    }
    if !row.what.is_empty() {
        field("what", row.what.clone());
    }
    if let Ok(serde_json::Value::Object(data)) = serde_json::from_str::<serde_json::Value>(&event.data_json) {
        for (name, value) in data
            .iter()
            .filter(|(name, _)| !matches!(name.as_str(), "actor" | "project"))
        {
            let text = match value {
                serde_json::Value::String(text) => text.clone(),
                serde_json::Value::Null => continue,
                other => other.to_string(),
            };
            field(name, text);
        }
    }
    let enter = if task_key(event).is_some() {
        " · Enter opens the task · Esc hides this "
    } else {
        " · Esc hides this "
    };
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(
                    " #{} {}{enter}",
                    event.id,
                    super::fit::one_line(&event.subject, 60)
                ))
                .border_style(theme.muted),
        )
        .render(area, buf);
}

/// The task an event is about: its subject, when that is a task key (`<project>-<number>`).
fn task_key(event: &proto::Event) -> Option<String> {
    let (project, number) = event.subject.rsplit_once('-')?;
    (!project.is_empty() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| event.subject.clone())
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.activity;
    let detail_height = if state.detail && area.height >= 16 { 10 } else { 0 };
    // Actions on live above the feed: a few lines in a small terminal, up to 20 in a tall one.
    let live_height = match state.live.len() {
        0 => 0,
        n => {
            let room = if area.height >= 40 { 20 } else { 3 };
            u16::try_from(n.min(room) + 2).unwrap_or(u16::MAX)
        }
    };
    let [filters, live_area, feed, detail_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(live_height),
        Constraint::Min(1),
        Constraint::Length(detail_height),
    ])
    .areas(area);
    if live_height > 0 {
        super::live::render_block(&state.live, model.now_ms, theme, live_area, buf);
    }
    if detail_height > 0
        && let Some(row) = state.visible().get(state.selected)
    {
        render_detail(row, model.now_ms, theme, detail_area, buf);
    }
    let kind = match &state.filter.kind {
        Some(kind) => kind.clone(),
        None => "all (hook status changes hidden)".to_owned(),
    };
    let mut top = vec![
        Span::styled(" Project ", theme.muted),
        Span::styled(
            state.filter.project.as_deref().unwrap_or("all").to_owned(),
            theme.accent,
        ),
        Span::styled(" · Kind ", theme.muted),
        Span::styled(kind, theme.accent),
    ];
    let rows = state.visible();
    if state.find.active() {
        top.push(Span::raw("  "));
        let loaded = state.rows.as_ref().map_or(0, Vec::len);
        top.extend(state.find.spans(rows.len(), loaded, "loaded events", theme));
    }
    fit(Line::from(top), usize::from(filters.width)).render(filters, buf);
    let block = Block::bordered().title(" Activity ");
    if state.rows.is_none() {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(block)
            .render(feed, buf);
        return;
    };
    if rows.is_empty() {
        let words = if state.find.active() {
            "No loaded event contains that text (n loads older ones; Esc clears the filter)."
        } else {
            "No events match these filters."
        };
        Paragraph::new(words).block(block).render(feed, buf);
        return;
    }
    let now = model.now_ms;
    // Rows stay one line each: a long description is cut with an ellipsis at the border.
    let width = usize::from(feed.width.saturating_sub(2));
    let mut lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let Some(event) = &row.event else {
                return Line::raw("");
            };
            let mut spans = vec![
                Span::styled(format!("{:>4}  ", age(now, event.at_ms)), theme.muted),
                Span::styled(format!("{:<24} ", event.kind), theme.accent),
                Span::styled(format!("{:<14} ", event.subject), theme.title),
            ];
            spans.extend(state.find.marked(
                &super::view::bounded(&row.what).replace('\n', " "),
                ratatui::style::Style::default(),
                theme,
            ));
            if !row.actor.is_empty() {
                spans.push(Span::styled(format!("  by {}", row.actor), theme.muted));
            }
            let line = fit(Line::from(spans), width);
            if i == state.selected {
                line.style(theme.selected)
            } else {
                line
            }
        })
        .collect();
    lines.push(if state.more {
        Line::styled(
            "more below: n (or ↓ on the last row) loads the next 50",
            theme.muted,
        )
    } else {
        Line::styled("the beginning of the log", theme.muted)
    });
    let inner_area = block.inner(feed);
    let inner = inner_area.height as usize;
    let top = scroll_to(state.selected + 1, inner);
    // Where the view is in a feed longer than the screen: `12–31 of 84`.
    let block = if lines.len() > inner {
        block.title_bottom(super::view::position(top, top + inner, rows.len()))
    } else {
        block
    };
    Paragraph::new(lines)
        .block(block)
        .scroll((u16::try_from(top).unwrap_or(u16::MAX), 0))
        .render(feed, buf);
    // One line per event row.
    for (line, i) in (top..rows.len()).enumerate().take(inner) {
        let y = inner_area.y + u16::try_from(line).unwrap_or(u16::MAX);
        hits.add(Rect::new(inner_area.x, y, inner_area.width, 1), Target::Row(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(id: i64, kind: &str, project: &str) -> proto::Event {
        proto::Event {
            id,
            kind: kind.into(),
            at_ms: 0,
            subject: format!("{project}-1"),
            data_json: format!(r#"{{"project":"{project}"}}"#),
            project: Some(project.into()),
        }
    }

    #[test]
    fn filter_admits_matching_events_and_hides_status_changes_when_no_kind_is_chosen() {
        let all = ActivityFilter::default();
        assert!(all.admits(&event(1, "task.updated", "a")));
        assert!(!all.admits(&event(1, HIDDEN_KIND, "a")));
        let status = ActivityFilter {
            kind: Some(HIDDEN_KIND.into()),
            project: Some("a".into()),
        };
        assert!(status.admits(&event(1, HIDDEN_KIND, "a")));
        assert!(!status.admits(&event(1, HIDDEN_KIND, "b")));
        assert!(!status.admits(&event(1, "task.updated", "a")));
    }

    #[test]
    fn task_key_is_the_subject_only_when_it_looks_like_one() {
        assert_eq!(
            task_key(&event(1, "task.updated", "acme-shop")).as_deref(),
            Some("acme-shop-1")
        );
        let mut daemon = event(1, "daemon.started", "x");
        daemon.subject = "relayd".into();
        assert_eq!(task_key(&daemon), None);
        daemon.subject = "local_0b7c6a52-demo".into();
        assert_eq!(task_key(&daemon), None);
    }
}
