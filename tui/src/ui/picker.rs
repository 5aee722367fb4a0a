//! A picker for one filter value (the activity feed's event kind, the activity's and the sessions' project): a
//! box over the screen listing "all" and every value, typed characters narrowing it (substring, ignoring case),
//! ↑/↓ (Ctrl-P / Ctrl-N) to move, Enter to take the value, Esc to leave the filter as it was. It replaces cycling
//! through 30 kinds one key press at a time.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use relay_core::event::EventKind;

use super::app::{Effect, Model};
use super::theme::Theme;
use super::view::{centered, scroll_to};

/// Which filter the picker sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    ActivityKind,
    ActivityProject,
    SessionsProject,
    /// The project whose memory graph the graph screen shows (no "all": one graph per project).
    GraphProject,
    /// The scope the policy screen shows: global, a project, an environment of the screen's project.
    PolicyScope,
    /// The preset to write into policy.json.
    PolicyPreset,
    /// An access entry of the selected environment to edit, or a new one (`stands_form.rs`).
    AccessEntry,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    pub target: Target,
    /// Each choice: what it shows, and the value it sets (`None`: all).
    pub choices: Vec<(String, Option<String>)>,
    pub query: String,
    /// Among the choices the query shows.
    pub selected: usize,
}

impl Picker {
    /// The picker for `target`, on the value in force.
    pub fn open(model: &Model, target: Target) -> Picker {
        let (current, mut choices) = match target {
            Target::ActivityKind => (
                model.activity.filter.kind.clone(),
                vec![("all kinds (hook status changes hidden)".to_owned(), None)],
            ),
            Target::ActivityProject => (
                model.activity.filter.project.clone(),
                vec![("all projects".to_owned(), None)],
            ),
            Target::SessionsProject => (
                model.sessions.project.clone(),
                vec![("all projects".to_owned(), None)],
            ),
            Target::GraphProject => (model.graph.project.clone(), Vec::new()),
            Target::PolicyScope => (Some(model.policy.scope.clone()), Vec::new()),
            // Listed by `stands_form::pick_access`, which knows the environment.
            Target::AccessEntry => (None, Vec::new()),
            Target::PolicyPreset => (
                model.policy.data.as_ref().map(|d| d.policy.preset.clone()),
                Vec::new(),
            ),
        };
        match target {
            Target::ActivityKind => choices.extend(EventKind::ALL.iter().map(|kind| {
                (
                    format!("{:<26} {}", kind.as_str(), first_words(kind.description())),
                    Some(kind.as_str().to_owned()),
                )
            })),
            Target::ActivityProject | Target::SessionsProject => {
                choices.extend(model.slugs.iter().map(|slug| (slug.clone(), Some(slug.clone()))));
            }
            Target::PolicyScope => {
                let data = model.policy.data.as_ref();
                choices.push((
                    "global            policy.json over the preset".to_owned(),
                    Some("global".to_owned()),
                ));
                let slugs = data.map_or(&[][..], |d| d.slugs.as_slice());
                choices.extend(
                    slugs
                        .iter()
                        .map(|slug| (format!("{slug:<17} the project's layer"), Some(slug.clone()))),
                );
                let environments = data.map_or(&[][..], |d| d.environments.as_slice());
                choices.extend(environments.iter().map(|scope| {
                    (
                        format!("{scope:<17} the environment's layer"),
                        Some(scope.clone()),
                    )
                }));
            }
            Target::AccessEntry => {}
            Target::PolicyPreset => choices.extend(super::policy::PRESETS.iter().map(|preset| {
                (
                    format!("{preset:<8} {}", super::policy::preset_words(preset)),
                    Some((*preset).to_owned()),
                )
            })),
            Target::GraphProject => {
                choices.extend(
                    model
                        .graph
                        .projects()
                        .into_iter()
                        .map(|slug| (slug.clone(), Some(slug))),
                );
            }
        }
        let selected = choices
            .iter()
            .position(|(_, value)| *value == current)
            .unwrap_or(0);
        Picker {
            target,
            choices,
            query: String::new(),
            selected,
        }
    }

    /// The choices the query shows (their indexes), in order.
    pub fn shown(&self) -> Vec<usize> {
        let query = self.query.trim().to_lowercase();
        self.choices
            .iter()
            .enumerate()
            .filter(|(_, (label, _))| query.is_empty() || label.to_lowercase().contains(&query))
            .map(|(i, _)| i)
            .collect()
    }

    fn title(&self) -> &'static str {
        match self.target {
            Target::ActivityKind => " Show events of kind ",
            Target::ActivityProject | Target::SessionsProject => " Show the project ",
            Target::GraphProject => " Show the graph of the project ",
            Target::PolicyScope => " Show the policy of ",
            Target::PolicyPreset => " Write a preset into policy.json ",
            Target::AccessEntry => " Access entries: pick one to edit, or a new one ",
        }
    }
}

/// An event kind's description up to its first parenthesis or semicolon (the table's text is for the docs).
fn first_words(doc: &str) -> &str {
    doc.split(['(', ';']).next().unwrap_or(doc).trim_end()
}

/// A key while the picker is open.
pub(super) fn key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let Some(picker) = model.picker.as_mut() else {
        return;
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let shown = picker.shown().len();
    match key.code {
        KeyCode::Esc => model.picker = None,
        KeyCode::Char('c') if ctrl => model.picker = None,
        KeyCode::Up => picker.selected = picker.selected.saturating_sub(1),
        KeyCode::Char('p') if ctrl => picker.selected = picker.selected.saturating_sub(1),
        KeyCode::Down => picker.selected = (picker.selected + 1).min(shown.saturating_sub(1)),
        KeyCode::Char('n') if ctrl => picker.selected = (picker.selected + 1).min(shown.saturating_sub(1)),
        KeyCode::PageUp => picker.selected = picker.selected.saturating_sub(10),
        KeyCode::PageDown => picker.selected = (picker.selected + 10).min(shown.saturating_sub(1)),
        KeyCode::Enter => {
            let chosen = picker
                .shown()
                .get(picker.selected)
                .and_then(|i| picker.choices.get(*i))
                .map(|(_, value)| value.clone());
            let target = picker.target;
            match chosen {
                Some(value) => {
                    model.picker = None;
                    apply(model, target, value, effects);
                }
                None => model.dirty = false,
            }
        }
        KeyCode::Backspace => {
            picker.query.pop();
            picker.selected = 0;
        }
        KeyCode::Char('u') if ctrl => {
            picker.query.clear();
            picker.selected = 0;
        }
        KeyCode::Char(c) if !ctrl && !c.is_control() && picker.query.chars().count() < 60 => {
            picker.query.push(c);
            picker.selected = 0;
        }
        _ => model.dirty = false,
    }
}

/// Sets the filter and fetches the screen with it.
fn apply(model: &mut Model, target: Target, value: Option<String>, effects: &mut Vec<Effect>) {
    match target {
        Target::ActivityKind | Target::ActivityProject => {
            let filter = &mut model.activity.filter;
            let slot = if target == Target::ActivityKind {
                &mut filter.kind
            } else {
                &mut filter.project
            };
            if *slot == value {
                return;
            }
            *slot = value;
            model.activity.rows = None;
            model.activity.selected = 0;
        }
        Target::GraphProject => {
            super::graph::pick_project(model, value, effects);
            return;
        }
        Target::PolicyScope => {
            super::policy::pick_scope(model, value, effects);
            return;
        }
        Target::PolicyPreset => {
            super::policy::pick_preset(model, value);
            return;
        }
        Target::AccessEntry => {
            super::stands_form::picked_access(model, value);
            return;
        }
        Target::SessionsProject => {
            if model.sessions.project == value {
                return;
            }
            model.sessions.project = value;
            model.sessions.list = None;
            model.sessions.selected = 0;
        }
    }
    model.refetch(effects);
}

pub fn render(picker: &Picker, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let shown = picker.shown();
    let height = u16::try_from(shown.len().min(16) + 4).unwrap_or(u16::MAX).max(6);
    let popup = centered(
        area,
        area.width.saturating_sub(4).min(90),
        height.min(area.height),
    );
    Clear.render(popup, buf);
    let block = Block::bordered().title(picker.title()).style(theme.text);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let width = usize::from(inner.width);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("› {}▏", picker.query), theme.accent),
        Span::styled(
            format!(
                "  {} of {} · Enter picks · Esc {}",
                shown.len(),
                picker.choices.len(),
                match picker.target {
                    Target::PolicyScope | Target::PolicyPreset | Target::AccessEntry => "leaves it as it is",
                    _ => "keeps the filter",
                }
            ),
            theme.muted,
        ),
    ])];
    let rows = usize::from(inner.height.saturating_sub(1));
    let top = scroll_to(picker.selected + 1, rows);
    for (at, index) in shown.iter().enumerate().skip(top).take(rows) {
        let label = picker.choices.get(*index).map_or("", |(label, _)| label.as_str());
        let line = Line::raw(format!(" {label}"));
        lines.push(if at == picker.selected {
            line.style(theme.selected)
        } else {
            line
        });
    }
    if shown.is_empty() {
        lines.push(Line::styled(
            " nothing matches (Backspace takes a character back)",
            theme.muted,
        ));
    }
    let lines: Vec<Line> = lines.into_iter().map(|l| super::fit::fit(l, width)).collect();
    Paragraph::new(lines).render(inner, buf);
}
