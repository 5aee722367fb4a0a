//! The sessions screen (relaybay §2 "Sessions"): a project's sessions or all of them, newest activity first,
//! each with its hook-status dot, name, kind, last activity and its age, working directory, the unlinked reason
//! and the tasks bound now. Its state, its keys and its view.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::proto;

use super::app::{Data, Effect, Fetch, Model, RunnerWrite, Screen, Write};
use super::find::Find;
use super::fit::fit;
use super::keymap::Command;
use super::mouse::Hits;
use super::theme::Theme;
use super::view::age;

#[derive(Debug, Default)]
pub struct SessionsState {
    /// The project filter; `None`: every session.
    pub project: Option<String>,
    pub list: Option<proto::ListSessionsResponse>,
    /// The runner's side of the sessions it runs, by session name.
    pub runner: std::collections::HashMap<String, proto::RunnerSession>,
    pub selected: usize,
    /// `/`: the sessions whose name, kind, title, folder, activity or tasks contain the query.
    pub find: Find,
    /// The snapshots of the session they were fetched for (its name), newest first (`snapshots.rs`).
    pub snapshots: Option<(String, Result<Vec<proto::WorkSnapshot>, String>)>,
    /// The sessions were read again: their snapshots are fetched again too.
    pub snapshots_stale: bool,
    /// The selected snapshot in the block (0-based).
    pub snapshot: usize,
    /// Tab gave the keys to the snapshot block: ↑/↓ move in it, Tab or Esc give them back.
    pub snapshot_focus: bool,
}

impl SessionsState {
    /// The sessions the filter shows, in the list's order.
    pub fn visible(&self) -> Vec<&proto::SessionRow> {
        let Some(list) = &self.list else {
            return Vec::new();
        };
        list.sessions
            .iter()
            .filter(|s| {
                let words = [
                    s.name.as_str(),
                    s.kind.as_str(),
                    s.title.as_deref().unwrap_or_default(),
                    s.cwd.as_deref().unwrap_or_default(),
                    s.activity.as_deref().unwrap_or_default(),
                ];
                self.find
                    .matches(words.into_iter().chain(s.tasks.iter().map(String::as_str)))
            })
            .collect()
    }
}

pub(super) fn loaded(
    model: &mut Model,
    project: Option<String>,
    list: proto::ListSessionsResponse,
    runner: Vec<proto::RunnerSession>,
) {
    if project != model.sessions.project {
        return;
    }
    model.now_ms = model.now_ms.max(list.now_ms);
    let state = &mut model.sessions;
    // The selection stays on its session when the list re-sorts under it (newest activity first).
    let before = state.visible().get(state.selected).map(|s| s.name.clone());
    state.list = Some(list);
    state.runner = runner.into_iter().map(|r| (r.name.clone(), r)).collect();
    let ids: Vec<String> = state.visible().iter().map(|s| s.name.clone()).collect();
    state.selected = super::find::reselect(before.as_deref(), &ids, state.selected);
    state.snapshots_stale = true;
}

/// The selected session's snapshots are fetched when the selection moves to another session, and again after
/// the sessions were (every snapshot event refetches them).
pub(super) fn follow_snapshots(model: &mut Model, effects: &mut Vec<Effect>) {
    if model.screen != Screen::Sessions {
        return;
    }
    let state = &mut model.sessions;
    let Some(name) = state.visible().get(state.selected).map(|s| s.name.clone()) else {
        return;
    };
    let current = state.snapshots.as_ref().map(|(n, _)| n.as_str());
    if current != Some(name.as_str()) {
        // Another session: its own list, from its newest.
        if current.is_some() {
            state.snapshots = None;
        }
        state.snapshot = 0;
    } else if !state.snapshots_stale {
        return;
    }
    state.snapshots_stale = false;
    let fetch = Fetch::SessionSnapshots(name);
    match model.in_flight.get_mut(&fetch) {
        // On its way: asked again once it answers (it may predate what made it stale).
        Some(again) => *again = true,
        None => {
            model.in_flight.insert(fetch.clone(), false);
            effects.push(Effect::Fetch(fetch));
        }
    }
}

/// A session's snapshots answered: kept when that session is still the selected one; the selection stays on
/// its snapshot.
pub(super) fn snapshots_loaded(model: &mut Model, name: String, result: Result<Data, String>) {
    let state = &mut model.sessions;
    if state.visible().get(state.selected).map(|s| s.name.as_str()) != Some(name.as_str()) {
        model.dirty = false;
        return;
    }
    let list = result.and_then(|data| match data {
        Data::SessionSnapshots(list) => Ok(list),
        _ => Err("relayd answered something else".to_owned()),
    });
    let before = match &state.snapshots {
        Some((n, Ok(old))) if *n == name => old.get(state.snapshot).map(|s| s.id),
        _ => None,
    };
    if let Ok(list) = &list {
        state.snapshot = before
            .and_then(|id| list.iter().position(|s| s.id == id))
            .unwrap_or(state.snapshot.min(list.len().saturating_sub(1)));
    }
    state.snapshots = Some((name, list));
}

impl SessionsState {
    /// The selected session's snapshots as loaded (none while they load or when they could not be read).
    fn shown_snapshots(&self) -> &[proto::WorkSnapshot] {
        let name = self.visible().get(self.selected).map(|s| s.name.clone());
        match &self.snapshots {
            Some((n, Ok(list))) if Some(n) == name.as_ref() => list,
            _ => &[],
        }
    }
}

pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let len = model.sessions.visible().len();
    let selected = model.sessions.visible().get(model.sessions.selected).map(|s| {
        let runner = model.sessions.runner.get(&s.name).cloned();
        (s.name.clone(), s.tasks.first().cloned(), runner)
    });
    match command {
        c if c.is_move() && model.sessions.snapshot_focus => {
            let page = model.page();
            let len = model.sessions.shown_snapshots().len();
            super::app::step(&mut model.sessions.snapshot, len, command, page);
        }
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.sessions.selected, len, command, page);
        }
        Command::Snapshots => {
            let state = &mut model.sessions;
            state.snapshot_focus = !state.snapshot_focus && len > 0;
        }
        Command::RestoreSnapshot => {
            let state = &model.sessions;
            let id = state.shown_snapshots().get(state.snapshot).map(|s| s.id);
            super::snapshots::ask(model, id, effects);
        }
        Command::NewSession => {
            let kind = super::form::FormKind::NewSession {
                project: model.sessions.project.clone(),
            };
            model.form = Some(super::form::Form::open(kind, &model.drafts));
        }
        Command::PickProject => {
            model.picker = Some(super::picker::Picker::open(
                model,
                super::picker::Target::SessionsProject,
            ));
        }
        Command::Open => match selected {
            Some((name, _, Some(runner))) if runner.state == "running" => {
                super::terminal::open(model, name, effects);
            }
            Some((name, _, Some(runner))) => {
                let next = match runner.state.as_str() {
                    "stopped" => "r resumes it",
                    "failed" => "R retries it",
                    _ => "wait until it is running",
                };
                model.flash = Some(super::app::Flash {
                    level: super::app::Level::Info,
                    lines: vec![format!("{name} is {}: nothing to attach; {next}", runner.state)],
                });
            }
            Some((_, Some(task), None)) => model.open(Screen::Task(task), effects),
            _ => model.dirty = false,
        },
        Command::OpenTask => match selected.and_then(|(_, task, _)| task) {
            Some(task) => model.open(Screen::Task(task), effects),
            None => {
                model.flash = Some(super::app::Flash {
                    level: super::app::Level::Info,
                    lines: vec!["no task is bound to this session".to_owned()],
                });
            }
        },
        Command::StopSession | Command::ResumeSession | Command::RetrySession | Command::RemoveSession => {
            let Some((name, _, runner)) = selected else {
                model.dirty = false;
                return;
            };
            if runner.is_none() {
                model.flash = Some(super::app::Flash {
                    level: super::app::Level::Info,
                    lines: vec![format!(
                        "{name} is not a runner session: relay did not start it, so it cannot stop or resume it"
                    )],
                });
                return;
            }
            let action = match command {
                Command::StopSession => RunnerWrite::Stop,
                Command::ResumeSession => RunnerWrite::Resume,
                Command::RetrySession => RunnerWrite::Retry,
                _ => RunnerWrite::Remove,
            };
            let write = Write::Runner {
                session: name.clone(),
                action,
            };
            if action == RunnerWrite::Remove {
                let question = format!(
                    "Delete {name}? Its process stops and its worktree is removed (refused while it holds \
                     uncommitted changes). y deletes · any other key keeps it"
                );
                model.confirm = Some((question, write));
            } else {
                effects.push(Effect::Write(write));
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

/// What the kind column says: the board kind, or for a runner session its state.
fn kind_words(session: &proto::SessionRow, runner: Option<&proto::RunnerSession>) -> String {
    match runner {
        Some(r) => format!("{} {}", r.backend, r.state),
        None => session.kind.clone(),
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.sessions;
    let scope = state.project.as_deref().unwrap_or("all projects");
    let Some(list) = &state.list else {
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
                "A session appears when an agent binds a task or its hooks report one (relay setup), or when \
                 you start one in a runner project (relay session new).",
                theme.muted,
            ),
        ])
        .wrap(ratatui::widgets::Wrap { trim: true })
        .block(block)
        .render(area, buf);
        return;
    }
    let find = &state.find;
    let (find_line, area) = super::find::split(area, find);
    let shown = state.visible();
    if let Some(line) = find_line {
        let spans = find.spans(shown.len(), list.sessions.len(), "sessions", theme);
        fit(Line::from(spans), usize::from(line.width)).render(line, buf);
    }
    // The table above, the selected session's detail below (when there is room for both), and its snapshots:
    // beside the detail on a wide terminal, under it on a tall one.
    let detail_height = if area.height >= 16 { 7 } else { 0 };
    let wide = area.width >= 120;
    let snapshots_height = match (detail_height, wide) {
        (0, _) | (_, true) => 0,
        _ if area.height >= 20 => 6,
        _ => 0,
    };
    let [table_area, detail_area, snapshots_below] = Layout::vertical([
        Constraint::Min(4),
        Constraint::Length(detail_height),
        Constraint::Length(snapshots_height),
    ])
    .areas(area);
    let (detail_area, snapshots_area) = match (wide, detail_height) {
        (true, 7) => {
            let [left, right] = Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(detail_area);
            (left, right)
        }
        _ => (detail_area, snapshots_below),
    };
    let now = model.now_ms;
    super::fit::Table {
        block,
        headers: &["status", "session", "kind", "tasks", "last activity", "seen"],
        columns: &[
            Constraint::Length(12),
            Constraint::Fill(2),
            Constraint::Length(15),
            Constraint::Length(12),
            Constraint::Fill(3),
            Constraint::Length(4),
        ],
        len: shown.len(),
        selected: state.selected,
        empty: "No session contains that text (Esc clears the filter).",
    }
    .render(theme, table_area, buf, hits, |i| {
        let s = shown[i];
        let runner = state.runner.get(&s.name);
        let (dot, words, style) = status_dot(s.hook_status.as_deref(), theme);
        let words = if s.hook_status.is_none() {
            "no status"
        } else {
            words
        };
        let activity = s
            .activity
            .as_deref()
            .map(|a| super::fit::one_line(a, 200))
            .unwrap_or_default();
        vec![
            vec![Span::styled(format!("{dot} {words}"), style)],
            find.marked(&super::fit::one_line(&s.name, 200), theme.title, theme),
            vec![Span::styled(kind_words(s, runner), runner_style(runner, theme))],
            find.marked(&s.tasks.join(" "), theme.accent, theme),
            find.marked(&activity, theme.text, theme),
            vec![Span::styled(
                age(now, s.activity_at_ms.unwrap_or(s.seen_at_ms)),
                theme.muted,
            )],
        ]
    });
    if detail_height > 0
        && let Some(session) = shown.get(state.selected)
    {
        render_detail(model, session, theme, detail_area, buf);
        if snapshots_area.height > 0 {
            let snapshots = state
                .snapshots
                .as_ref()
                .filter(|(n, _)| *n == session.name)
                .map(|(_, l)| l);
            super::snapshots::List {
                title: "Snapshots".to_owned(),
                snapshots,
                selected: state.snapshot,
                empty: "None: relay saves the session's uncommitted work before a command discards it.",
                focused: state.snapshot_focus,
            }
            .render(now, theme, snapshots_area, buf);
        }
    }
}

fn runner_style(runner: Option<&proto::RunnerSession>, theme: &Theme) -> Style {
    match runner.map(|r| r.state.as_str()) {
        Some("running") => theme.ok,
        Some("starting") => theme.warn,
        Some("failed") => theme.error,
        Some(_) => theme.muted,
        None => theme.muted,
    }
}

/// The selected session's detail: its title, folder, when it was seen, how it is linked; for a runner session its
/// backend, branch, workspace, state and what went wrong.
fn render_detail(model: &Model, s: &proto::SessionRow, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let now = model.now_ms;
    let mut lines = Vec::new();
    let mut field = |name: &str, value: String, style: Style| {
        lines.push(Line::from(vec![
            Span::styled(format!("{name:<10}"), theme.muted),
            Span::styled(super::fit::one_line(&value, 400), style),
        ]));
    };
    if let Some(title) = &s.title {
        field("title", title.clone(), theme.text);
    }
    let runner = model.sessions.runner.get(&s.name);
    match (&s.cwd, runner) {
        (Some(cwd), _) => field("folder", cwd.clone(), theme.text),
        // A runner session's folder is its workspace, on the branch line.
        (None, Some(_)) => {}
        (None, None) => field("folder", "no working directory".to_owned(), theme.muted),
    }
    let linked = if s.cc_exact {
        " · linked to its agent session"
    } else {
        ""
    };
    field(
        "seen",
        format!("{}{linked}", super::view::ago(now, s.seen_at_ms)),
        theme.text,
    );
    if let Some(reason) = &s.unlinked_reason {
        field("unlinked", reason.clone(), theme.warn);
    }
    if let Some(r) = runner {
        let isolation = if r.isolated {
            "isolated"
        } else {
            "not isolated: runs as you, with your files"
        };
        field(
            "runner",
            format!("{} · {} · {} · {isolation}", r.state, r.backend, r.profile),
            runner_style(Some(r), theme),
        );
        field("branch", format!("{} in {}", r.branch, r.workspace), theme.text);
        if let Some(error) = &r.error {
            let code = r.exit_code.map(|c| format!(" (exit {c})")).unwrap_or_default();
            field("problem", format!("{error}{code}"), theme.error);
        }
    }
    let width = usize::from(area.width.saturating_sub(2));
    let lines: Vec<Line> = lines.into_iter().map(|l| fit(l, width)).collect();
    Paragraph::new(lines)
        .block(Block::bordered().title(format!(" {} ", super::fit::one_line(&s.name, 60))))
        .render(area, buf);
}
