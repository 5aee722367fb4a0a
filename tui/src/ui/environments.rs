//! The Stands & access screen (`A` on a board): a project's environments from `GetEnvironmentMap` — the agents'
//! pending proposals on top (accept `a`, reject `x`, each asking y/n; an accept that widens agents' access on live
//! asks a second time with what it widens), then one row per environment with its kind, the agents' level and
//! where it comes from, its guard mode and base URL; the selected row's detail below (each capability's level
//! with its source, sign-in, notes, the access entries with test secrets by name only, or a proposal's change in
//! full). It follows `environment.*` and `policy.*` events live. `n` adds an environment, `E` edits the selected
//! one, `d` deletes it after y/n, `c` lists its access entries to edit one (emptied: deleted after y/n) or add one —
//! the forms are `stands_form.rs`; `P` opens the selected environment's policy (`policy.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use relay_core::proto;

use super::app::{Effect, Flash, Level, Model, Write};
use super::fit::{fit, one_line};
use super::keymap::Command;
use super::mouse::Hits;
use super::theme::Theme;

#[derive(Debug, Default)]
pub struct EnvironmentsState {
    pub slug: String,
    pub map: Option<proto::EnvironmentMap>,
    /// The row: the proposals first, then the environments.
    pub selected: usize,
}

/// One row of the screen.
pub enum Row<'a> {
    Proposal(&'a proto::EnvironmentProposal),
    Environment(&'a proto::Environment),
}

impl EnvironmentsState {
    pub fn rows(&self) -> Vec<Row<'_>> {
        let Some(map) = &self.map else {
            return Vec::new();
        };
        map.proposals
            .iter()
            .map(Row::Proposal)
            .chain(map.environments.iter().map(Row::Environment))
            .collect()
    }
}

/// A row's id, for keeping the selection on it.
pub fn id(row: &Row<'_>) -> String {
    match row {
        Row::Proposal(proposal) => format!("proposal:{}", proposal.id),
        Row::Environment(env) => format!("environment:{}", env.name),
    }
}

pub(super) fn loaded(model: &mut Model, map: proto::EnvironmentMap) {
    let state = &mut model.environments;
    let before = state.rows().get(state.selected).map(id);
    state.map = Some(map);
    let ids: Vec<String> = state.rows().iter().map(id).collect();
    state.selected = super::find::reselect(before.as_deref(), &ids, state.selected);
}

/// The change a proposal carries, in one line (`level "full", notes "…"`).
pub fn change_words(change_json: &str) -> String {
    let Ok(serde_json::Value::Object(change)) = serde_json::from_str::<serde_json::Value>(change_json) else {
        return one_line(change_json, 300);
    };
    let parts: Vec<String> = change
        .iter()
        .filter(|(key, value)| {
            key.as_str() != "environment"
                && !value.is_null()
                && value.as_array().is_none_or(|list| !list.is_empty())
                && value.as_object().is_none_or(|map| !map.is_empty())
        })
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    match parts.is_empty() {
        true => "no change".to_owned(),
        false => one_line(&parts.join(", "), 400),
    }
}

pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let len = model.environments.rows().len();
    match command {
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.environments.selected, len, command, page);
        }
        Command::AcceptProposal | Command::RejectProposal => {
            let state = &model.environments;
            let Some(Row::Proposal(proposal)) = state.rows().into_iter().nth(state.selected) else {
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec![
                        "select a proposal (they are listed on top) to accept or reject it".to_owned(),
                    ],
                });
                return;
            };
            let accept = command == Command::AcceptProposal;
            let question = format!(
                "{} proposal #{} for {} ({}): {}? y {} · any other key leaves it pending",
                if accept { "Accept" } else { "Reject" },
                proposal.id,
                proposal.environment,
                one_line(&proposal.reason, 120),
                change_words(&proposal.change_json),
                if accept { "accepts" } else { "rejects" },
            );
            let write = Write::DecideEnvProposal {
                project: state.slug.clone(),
                id: proposal.id,
                accept,
                confirm: false,
            };
            model.confirm = Some((question, write));
        }
        Command::NewEnvironment => super::stands_form::new_environment(model),
        Command::EditField | Command::DeleteEnvironment | Command::AccessEntries => {
            let state = &model.environments;
            let Some(Row::Environment(env)) = state.rows().into_iter().nth(state.selected) else {
                let what = match command {
                    Command::EditField => "edit it",
                    Command::DeleteEnvironment => "delete it",
                    _ => "see its access entries",
                };
                super::stands_form::needs_environment(model, what);
                return;
            };
            let env = env.clone();
            match command {
                Command::EditField => super::stands_form::edit_environment(model, &env),
                Command::DeleteEnvironment => super::stands_form::delete_environment(model, &env),
                _ => super::stands_form::pick_access(model, &env),
            }
        }
        Command::Policy => {
            // The selected environment's policy; on a proposal (or no row) the project's.
            let state = &model.environments;
            let slug = state.slug.clone();
            let scope = match state.rows().into_iter().nth(state.selected) {
                Some(Row::Environment(env)) => format!("{slug}/{}", env.name),
                _ => slug.clone(),
            };
            super::policy::open(model, scope, Some(slug), effects);
        }
        _ => model.dirty = false,
    }
}

fn sourced(level: Option<&proto::SourcedLevel>) -> String {
    match level {
        Some(level) if level.source.is_empty() => level.level.clone(),
        Some(level) => format!("{} {}", level.level, level.source),
        None => String::new(),
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.environments;
    let title = format!(" Stands & access · {} ", state.slug);
    let Some(map) = &state.map else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(title))
            .render(area, buf);
        return;
    };
    let rows = state.rows();
    let detail_rows = if area.height >= 18 && !rows.is_empty() {
        (area.height / 2).min(14)
    } else {
        0
    };
    let [table_area, detail_area] =
        Layout::vertical([Constraint::Min(4), Constraint::Length(detail_rows)]).areas(area);
    let block = Block::bordered().title(format!(
        " Stands & access · {} · preset {} · guard {} · {} pending ",
        map.project,
        map.preset,
        map.guard_mode,
        map.proposals.len()
    ));
    if rows.is_empty() {
        Paragraph::new(vec![
            Line::raw(format!("{} has no environments yet.", map.project)),
            Line::styled(
                format!(
                    "n adds one (or `relay env set {} live --kind live --base-url https://…`); agents propose \
                     changes, and their proposals show here to accept or reject.",
                    map.project
                ),
                theme.muted,
            ),
        ])
        .wrap(Wrap { trim: true })
        .block(block)
        .render(table_area, buf);
        return;
    }
    super::fit::Table {
        block,
        headers: &["", "environment", "kind", "agents", "guard", "base url / change"],
        columns: &[
            Constraint::Length(12),
            Constraint::Fill(2),
            Constraint::Length(5),
            Constraint::Fill(2),
            Constraint::Length(5),
            Constraint::Fill(4),
        ],
        len: rows.len(),
        selected: state.selected,
        empty: "",
    }
    .render(theme, table_area, buf, hits, |i| match &rows[i] {
        Row::Proposal(proposal) => vec![
            vec![Span::styled(format!("proposal #{}", proposal.id), theme.warn)],
            vec![Span::styled(one_line(&proposal.environment, 80), theme.title)],
            vec![],
            vec![Span::styled(format!("by {}", proposal.proposed_by), theme.muted)],
            vec![],
            vec![Span::raw(format!(
                "{} — {}",
                change_words(&proposal.change_json),
                one_line(&proposal.reason, 200)
            ))],
        ],
        Row::Environment(env) => {
            let kind_style = if env.kind == "live" {
                theme.error
            } else {
                theme.muted
            };
            vec![
                vec![],
                vec![Span::styled(one_line(&env.name, 80), theme.title)],
                vec![Span::styled(env.kind.clone(), kind_style)],
                vec![Span::raw(sourced(env.level.as_ref()))],
                vec![Span::styled(env.guard_mode.clone(), theme.muted)],
                vec![Span::raw(one_line(
                    env.base_url.as_deref().unwrap_or_default(),
                    200,
                ))],
            ]
        }
    });
    if detail_rows > 0
        && let Some(row) = rows.get(state.selected)
    {
        let (title, lines) = match row {
            Row::Proposal(proposal) => proposal_detail(proposal, map, theme),
            Row::Environment(env) => environment_detail(env, theme),
        };
        let width = usize::from(detail_area.width.saturating_sub(2));
        let lines: Vec<Line> = lines.into_iter().map(|l| fit(l, width)).collect();
        Paragraph::new(lines)
            .block(Block::bordered().title(title))
            .render(detail_area, buf);
    }
}

fn label(name: &str, theme: &Theme) -> Span<'static> {
    Span::styled(format!("{name:<12} "), theme.muted)
}

fn environment_detail(env: &proto::Environment, theme: &Theme) -> (String, Vec<Line<'static>>) {
    let mut lines = Vec::new();
    let mut levels: Vec<Span<'static>> = vec![label("agents", theme), Span::raw(sourced(env.level.as_ref()))];
    for capability in &env.capabilities {
        let mark = if capability.r#override.is_some() { "*" } else { "" };
        levels.push(Span::styled(
            format!("  {}: ", capability.capability),
            theme.muted,
        ));
        levels.push(Span::raw(format!("{}{mark}", sourced(capability.level.as_ref()))));
    }
    lines.push(Line::from(levels));
    lines.push(Line::from(vec![
        label("sign-in", theme),
        Span::raw(if env.sign_in_allowed { "allowed" } else { "off" }),
        Span::styled("   login state ", theme.muted),
        Span::raw(env.login_state_path.clone().unwrap_or_else(|| "—".to_owned())),
    ]));
    if let Some(notes) = &env.notes {
        lines.push(Line::from(vec![
            label("notes", theme),
            Span::raw(one_line(notes, 400)),
        ]));
    }
    lines.push(Line::from(vec![
        label("changed", theme),
        Span::raw(format!(
            "{} by {}",
            crate::cmd::format::utc(env.changed_at_ms),
            env.changed_by
        )),
    ]));
    if env.access.is_empty() {
        lines.push(Line::styled("no access entries (c adds one)", theme.muted));
    }
    for entry in &env.access {
        let mut spans = vec![Span::styled(
            format!("#{} {:<10} ", entry.id, entry.kind),
            theme.title,
        )];
        for field in &entry.fields {
            let value = match field.test {
                // A test secret is shown by name only, its value never rendered.
                true => "••• (test secret)".to_owned(),
                false => one_line(&field.value, 200),
            };
            spans.push(Span::styled(format!("{}=", field.name), theme.muted));
            spans.push(Span::raw(format!("{value} ")));
        }
        lines.push(Line::from(spans));
    }
    (format!(" {} ({}) ", one_line(&env.name, 60), env.kind), lines)
}

fn proposal_detail(
    proposal: &proto::EnvironmentProposal,
    map: &proto::EnvironmentMap,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    let current = map
        .environments
        .iter()
        .find(|env| env.name.eq_ignore_ascii_case(&proposal.environment));
    let lines = vec![
        Line::from(vec![
            label("environment", theme),
            Span::raw(match current {
                Some(env) => format!(
                    "{} ({}, agents {})",
                    proposal.environment,
                    env.kind,
                    sourced(env.level.as_ref())
                ),
                None => format!("{} (new)", proposal.environment),
            }),
        ]),
        Line::from(vec![
            label("change", theme),
            Span::raw(change_words(&proposal.change_json)),
        ]),
        Line::from(vec![
            label("reason", theme),
            Span::raw(one_line(&proposal.reason, 600)),
        ]),
        Line::from(vec![
            label("proposed", theme),
            Span::raw(format!(
                "{} by {}",
                crate::cmd::format::utc(proposal.proposed_at_ms),
                proposal.proposed_by
            )),
        ]),
        Line::styled(
            "a accepts · x rejects (each asks y/n; an accept that widens agents' access on live asks again)",
            theme.muted,
        ),
    ];
    (format!(" proposal #{} ", proposal.id), lines)
}
