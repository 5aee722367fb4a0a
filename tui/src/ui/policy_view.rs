//! The Policy screen drawn (`policy.rs` holds its state and keys): the layer chain, ignored layers and a broken
//! policy.json on top; the pending proposals and the effective values as one table (value, setting, the layer that
//! set it); the selected row in full below when there is room. With the editor open: the layer's text beside (or,
//! in a narrow terminal, above) its check — the errors, or what it widens on live and the values after it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use relay_core::proto;

use super::app::Model;
use super::find::Find;
use super::fit::{fit, one_line};
use super::keymap::{Command, Scope};
use super::mouse::Hits;
use super::policy::{CheckResult, LayerEditor, PolicyData, Row, patch_words};
use super::theme::Theme;

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.policy;
    let Some(data) = &state.data else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(format!(" Policy · {} ", state.scope)))
            .render(area, buf);
        return;
    };
    if let Some(editor) = &state.editor {
        render_editor(model, editor, data, theme, area, buf);
        return;
    }
    let layers = layer_lines(data, model.now_ms, theme);
    let layers_rows = u16::try_from(layers.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height / 3);
    let [layers_area, rest] =
        Layout::vertical([Constraint::Length(layers_rows), Constraint::Min(4)]).areas(area);
    let width = usize::from(layers_area.width.saturating_sub(2));
    Paragraph::new(layers.into_iter().map(|l| fit(l, width)).collect::<Vec<_>>())
        .block(Block::bordered().title(" Layers "))
        .render(layers_area, buf);

    let find = &state.find;
    let (find_line, rest) = super::find::split(rest, find);
    let rows = state.rows();
    if let Some(line) = find_line {
        let spans = find.spans(rows.len(), state.total(), "rows", theme);
        fit(Line::from(spans), usize::from(line.width)).render(line, buf);
    }
    let detail_rows = if rest.height >= 24 && !rows.is_empty() {
        (rest.height / 3).min(10)
    } else {
        0
    };
    let [table_area, detail_area] =
        Layout::vertical([Constraint::Min(4), Constraint::Length(detail_rows)]).areas(rest);
    let pending = data.proposals.iter().filter(|p| p.status == "pending").count();
    let block = Block::bordered().title(format!(
        " Policy · {} · preset {} · {pending} pending · {} values ",
        data.policy.scope,
        data.policy.preset,
        data.policy.values.len()
    ));
    super::fit::Table {
        block,
        headers: &["", "value", "setting", "source"],
        columns: &[
            Constraint::Length(13),
            Constraint::Fill(2),
            Constraint::Fill(3),
            Constraint::Fill(2),
        ],
        len: rows.len(),
        selected: state.selected,
        empty: "nothing matches the filter (Esc clears it)",
    }
    .render(theme, table_area, buf, hits, |i| row_cells(&rows[i], find, theme));
    if detail_rows > 0
        && let Some(row) = rows.get(state.selected)
    {
        let (title, lines) = match row {
            Row::Proposal(proposal) => proposal_detail(proposal, theme),
            Row::Value(value) => value_detail(value, data, theme),
        };
        let width = usize::from(detail_area.width.saturating_sub(2));
        Paragraph::new(lines.into_iter().map(|l| fit(l, width)).collect::<Vec<_>>())
            .block(Block::bordered().title(title))
            .render(detail_area, buf);
    }
}

/// The chain of layers, who saved this scope's layers when, the other layers there are, the ignored ones with
/// why, and a broken policy.json.
fn layer_lines(data: &PolicyData, now: i64, theme: &Theme) -> Vec<Line<'static>> {
    let policy = &data.policy;
    let mut lines = vec![Line::from(vec![
        label("chain", theme),
        Span::raw(one_line(&policy.chain.join(" → "), 400)),
    ])];
    // The layers of this scope's chain (global, its project, its environment), then the count of the others.
    let (ours, others): (Vec<_>, Vec<_>) = data
        .layers
        .iter()
        .partition(|layer| in_chain(&layer.scope, &policy.scope));
    let saved: Vec<String> = ours
        .iter()
        .filter_map(|layer| {
            let at = layer.changed_at_ms?;
            let age = relay_core::display::human_age(now - at);
            Some(match layer.changed_by.is_empty() {
                true => format!("{} {age}", layer.scope),
                false => format!("{} by {} {age}", layer.scope, one_line(&layer.changed_by, 40)),
            })
        })
        .collect();
    if !saved.is_empty() {
        lines.push(Line::from(vec![
            label("saved", theme),
            Span::raw(one_line(&saved.join(" · "), 400)),
        ]));
    }
    if !others.is_empty() {
        let names: Vec<&str> = others.iter().map(|layer| layer.scope.as_str()).collect();
        lines.push(Line::from(vec![
            label("other layers", theme),
            Span::styled(
                format!(
                    "{} (f shows one; relay policy layers lists them with who saved each when)",
                    one_line(&names.join(", "), 200)
                ),
                theme.muted,
            ),
        ]));
    }
    if let Some(broken) = &policy.global_broken {
        lines.push(Line::from(vec![
            label("policy.json", theme),
            Span::styled(
                format!(
                    "broken, the last valid version is in effect: {}",
                    one_line(broken, 400)
                ),
                theme.error,
            ),
        ]));
    }
    for ignored in &policy.ignored {
        lines.push(Line::from(vec![
            label("ignored", theme),
            Span::styled(one_line(ignored, 400), theme.warn),
        ]));
    }
    lines
}

/// Whether the layer of `layer` (a scope) is in the chain of `scope`: the global one, `scope`'s project's, and
/// `scope` itself.
fn in_chain(layer: &str, scope: &str) -> bool {
    layer == "global" || layer == scope || scope.split_once('/').is_some_and(|(project, _)| layer == project)
}

fn label(name: &str, theme: &Theme) -> Span<'static> {
    Span::styled(format!("{name:<12} "), theme.muted)
}

fn row_cells(row: &Row<'_>, find: &Find, theme: &Theme) -> Vec<Vec<Span<'static>>> {
    match row {
        Row::Proposal(proposal) => vec![
            vec![Span::styled(format!("proposal #{}", proposal.id), theme.warn)],
            find.marked(&patch_words(&proposal.patch_json), theme.text, theme),
            find.marked(&one_line(&proposal.scope, 80), theme.title, theme),
            find.marked(
                &format!(
                    "by {} — {}",
                    one_line(&proposal.proposed_by, 60),
                    one_line(&proposal.reason, 200)
                ),
                theme.muted,
                theme,
            ),
        ],
        Row::Value(value) => vec![
            vec![],
            find.marked(&one_line(&value.value_json, 300), theme.text, theme),
            find.marked(&one_line(&value.setting, 200), theme.title, theme),
            find.marked(&one_line(&value.source, 120), theme.muted, theme),
        ],
    }
}

fn proposal_detail(proposal: &proto::PolicyProposal, theme: &Theme) -> (String, Vec<Line<'static>>) {
    let mut lines = vec![
        Line::from(vec![
            label("scope", theme),
            Span::raw(one_line(&proposal.scope, 120)),
        ]),
        Line::from(vec![
            label("patch", theme),
            Span::raw(one_line(&proposal.patch_json, 600)),
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
                one_line(&proposal.proposed_by, 80)
            )),
        ]),
    ];
    if let Some(error) = &proposal.error {
        lines.push(Line::from(vec![
            label("reopened", theme),
            Span::styled(one_line(error, 400), theme.error),
        ]));
    }
    lines.push(Line::styled(
        "a accepts · x rejects (each asks y/n; an accept that widens agents' access on live asks again)",
        theme.muted,
    ));
    (format!(" policy proposal #{} ", proposal.id), lines)
}

fn value_detail(
    value: &proto::PolicyValue,
    data: &PolicyData,
    theme: &Theme,
) -> (String, Vec<Line<'static>>) {
    let own = data.policy.layer_json.trim();
    let lines = vec![
        Line::from(vec![
            label("setting", theme),
            Span::raw(one_line(&value.setting, 200)),
        ]),
        Line::from(vec![
            label("value", theme),
            Span::raw(one_line(&value.value_json, 600)),
        ]),
        Line::from(vec![
            label("set by", theme),
            Span::raw(one_line(&value.source, 200)),
        ]),
        Line::from(vec![
            label("this layer", theme),
            Span::raw(match own {
                "" | "{}" => "empty: every value comes from the layers below".to_owned(),
                own => one_line(own, 600),
            }),
        ]),
        Line::styled(
            "E edits this scope's layer as JSON (Ctrl-T validates and previews, Ctrl-S saves)",
            theme.muted,
        ),
    ];
    (format!(" {} ", one_line(&value.setting, 80)), lines)
}

/// The layer's text beside its check (above it when the terminal is narrow).
fn render_editor(
    model: &Model,
    editor: &LayerEditor,
    data: &PolicyData,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let keymap = &model.keymap;
    let [text_area, check_area] = if area.width >= 120 {
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(area)
    } else {
        Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(area)
    };
    let check_key = keymap.first_label(Scope::PolicyEditor, Command::CheckLayer);
    let save_key = keymap.first_label(Scope::PolicyEditor, Command::Submit);
    let leave_key = keymap.first_label(Scope::PolicyEditor, Command::Cancel);
    let block = Block::bordered().title(format!(
        " Layer of {} · {check_key} check · {save_key} save · {leave_key} leave ",
        editor.scope
    ));
    let inner = block.inner(text_area);
    block.render(text_area, buf);
    editor.editor.render(inner, buf, theme.text);

    let width = usize::from(check_area.width.saturating_sub(2));
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut values: Vec<Line<'static>> = Vec::new();
    if let Some(error) = &editor.error {
        lines.push(Line::styled(
            format!("Refused: {}", one_line(error, 600)),
            theme.error,
        ));
    } else if editor.busy {
        lines.push(Line::styled("saving…", theme.muted));
    }
    if let Some(note) = &editor.note {
        lines.push(Line::styled(note.clone(), theme.muted));
    }
    if data.policy.scope == editor.scope && data.policy.layer_json != editor.base {
        lines.push(Line::styled(
            "The stored layer changed since you opened it: saving replaces it with your text.",
            theme.warn,
        ));
    }
    match &editor.check {
        None => lines.push(Line::styled(
            format!(
                "{check_key} validates the layer and previews the effective policy after it; {save_key} saves \
                 it (validated again). Empty text removes a project's or an environment's layer."
            ),
            theme.muted,
        )),
        Some(check) => {
            if check.text != editor.editor.text() {
                lines.push(Line::styled(
                    format!("The text changed since this check: {check_key} checks it again."),
                    theme.muted,
                ));
            }
            match &check.result {
                CheckResult::Waiting => lines.push(Line::styled("checking…", theme.muted)),
                CheckResult::Invalid(problems) => {
                    lines.push(Line::styled("Does not validate:", theme.error));
                    lines.extend(
                        problems
                            .iter()
                            .take(5)
                            .map(|p| Line::styled(format!("• {}", one_line(p, 400)), theme.error)),
                    );
                    if problems.len() > 5 {
                        lines.push(Line::styled(
                            format!("… and {} more", problems.len() - 5),
                            theme.error,
                        ));
                    }
                }
                CheckResult::Valid(preview) => {
                    preview_lines(preview, data, theme, &mut lines, &mut values);
                }
            }
        }
    }
    // The messages wrap (the errors and what it widens are read in full); the values are a line each, cut with
    // `…`, below them.
    let block = Block::bordered().title(" Check ");
    let inner = block.inner(check_area);
    block.render(check_area, buf);
    let used = u16::try_from(super::fit::rows(&lines, width.max(1))).unwrap_or(u16::MAX);
    let [messages_area, values_area] =
        Layout::vertical([Constraint::Length(used.min(inner.height)), Constraint::Min(0)]).areas(inner);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(messages_area, buf);
    Paragraph::new(values.into_iter().map(|l| fit(l, width)).collect::<Vec<_>>()).render(values_area, buf);
    if editor.leave_asked {
        let question = format!(
            "Leave the editor of the {} layer? Your text is not saved. y drops it · k keeps it as a draft (E brings \
             it back) · any other key goes on editing",
            editor.scope
        );
        super::view::render_question(&question, theme, area, buf);
    }
}

fn preview_lines(
    preview: &proto::PolicyPreview,
    data: &PolicyData,
    theme: &Theme,
    lines: &mut Vec<Line<'static>>,
    values: &mut Vec<Line<'static>>,
) {
    match preview.widened.is_empty() {
        true => lines.push(Line::styled(
            "Valid. It widens nothing on live: saving asks nothing more.",
            theme.ok,
        )),
        false => {
            lines.push(Line::styled(
                "Valid, and it widens agents' access on live (saving asks a second time):",
                theme.warn,
            ));
            lines.extend(
                preview
                    .widened
                    .iter()
                    .map(|w| Line::styled(format!("• {}", one_line(w, 300)), theme.warn)),
            );
        }
    }
    lines.push(Line::styled(
        format!(
            "After it ({}); * differs from now:",
            one_line(&preview.chain.join(" → "), 200)
        ),
        theme.muted,
    ));
    for value in &preview.values {
        let now = data.policy.values.iter().find(|v| v.setting == value.setting);
        let mark = if now.is_some_and(|v| v.value_json == value.value_json && v.source == value.source) {
            "  "
        } else {
            "* "
        };
        values.push(Line::from(vec![
            Span::styled(mark, theme.accent),
            Span::raw(one_line(&value.value_json, 120)),
            Span::styled(format!("  {}", one_line(&value.setting, 120)), theme.title),
            Span::styled(format!("  {}", one_line(&value.source, 80)), theme.muted),
        ]));
    }
}
