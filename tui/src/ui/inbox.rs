//! The inbox ("Needs you"): everything that waits for the owner, in groups with a count — relayd's groups, then the
//! agents' pending proposals: "Proposed by agents" (environment proposals; Enter opens the project's Stands &
//! access) and "Policy proposals" (Enter opens the Policy screen of the proposal's scope), fetched with every inbox
//! fetch (`Fetch::Proposals`) and counted in the header.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use relay_core::proto;

use super::app::{InboxTarget, Model, Screen};
use super::fit::fit;
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{ago, scroll_to};

/// The agents' pending proposals, of every project.
#[derive(Debug, Clone, Default)]
pub struct Proposals {
    pub environment: Vec<proto::EnvironmentProposal>,
    pub policy: Vec<proto::PolicyProposal>,
}

impl Proposals {
    fn pending_environment(&self) -> impl Iterator<Item = &proto::EnvironmentProposal> {
        self.environment.iter().filter(|p| p.status == "pending")
    }

    fn pending_policy(&self) -> impl Iterator<Item = &proto::PolicyProposal> {
        self.policy.iter().filter(|p| p.status == "pending")
    }

    /// How many wait for the owner.
    pub fn len(&self) -> usize {
        self.pending_environment().count() + self.pending_policy().count()
    }
}

/// Whether an event kind can change the proposals the inbox lists.
pub fn changes_proposals(kind: &str) -> bool {
    kind == "environment.proposed"
        || kind == "policy.proposed"
        || kind.starts_with("environment.proposal_")
        || kind.starts_with("policy.proposal_")
}

fn environment_shown(model: &Model, p: &proto::EnvironmentProposal) -> bool {
    model.inbox.find.matches([
        p.project.as_str(),
        p.environment.as_str(),
        p.reason.as_str(),
        p.proposed_by.as_str(),
    ])
}

fn policy_shown(model: &Model, p: &proto::PolicyProposal) -> bool {
    model
        .inbox
        .find
        .matches([p.scope.as_str(), p.reason.as_str(), p.proposed_by.as_str()])
}

/// The proposal rows a key can open, after relayd's groups, in screen order.
pub fn proposal_targets(model: &Model) -> Vec<InboxTarget> {
    let Some(Ok(proposals)) = &model.inbox.proposals else {
        return Vec::new();
    };
    let environment = proposals
        .pending_environment()
        .filter(|p| environment_shown(model, p))
        .map(|p| InboxTarget {
            key: String::new(),
            tab: 0,
            id: format!("env-proposal/{}", p.id),
            screen: Some((Screen::Environments(p.project.clone()), Some(p.project.clone()))),
        });
    let policy = proposals
        .pending_policy()
        .filter(|p| policy_shown(model, p))
        .map(|p| InboxTarget {
            key: String::new(),
            tab: 0,
            id: format!("policy-proposal/{}", p.id),
            screen: Some((
                Screen::Policy(p.scope.clone()),
                super::policy::scope_project(&p.scope).map(str::to_owned),
            )),
        });
    environment.chain(policy).collect()
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let Some(inbox) = &model.inbox.inbox else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(" Needs you "))
            .render(area, buf);
        return;
    };
    let proposals = match &model.inbox.proposals {
        Some(Ok(proposals)) => proposals.clone(),
        _ => Proposals::default(),
    };
    // The header's count: relayd's, and the proposals waiting.
    let total = usize::try_from(inbox.total).unwrap_or(usize::MAX) + proposals.len();
    let block = Block::bordered().title(format!(" Needs you · {total} "));
    if let Some(Err(why)) = &model.inbox.proposals
        && total == 0
    {
        Paragraph::new(format!(
            "Nothing else needs you; the agents' proposals could not be read: {} (Ctrl-R asks again).",
            super::fit::one_line(why, 200)
        ))
        .block(block)
        .render(area, buf);
        return;
    }
    if total == 0 {
        Paragraph::new("Nothing needs you right now.")
            .block(block)
            .render(area, buf);
        return;
    }
    let find = &model.inbox.find;
    let (find_line, area) = super::find::split(area, find);
    let rows_total = model.inbox_rows_total();
    let shown_total = model.inbox_targets().len();
    if let Some(line) = find_line {
        let spans = find.spans(shown_total, rows_total, "rows", theme);
        fit(Line::from(spans), usize::from(line.width)).render(line, buf);
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
    // A group's rows, each with whether the filter shows it; a group the filter empties is left out.
    let mut group = |lines: &mut Vec<Line>, title: &str, rows: Vec<(bool, Vec<Span<'static>>)>| {
        let all = rows.len();
        let rows: Vec<Vec<Span<'static>>> = rows
            .into_iter()
            .filter(|(shown, _)| *shown)
            .map(|(_, r)| r)
            .collect();
        if rows.is_empty() {
            return;
        }
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        let count = if rows.len() == all {
            all.to_string()
        } else {
            format!("{} of {all}", rows.len())
        };
        lines.push(Line::styled(format!("{title} ({count})"), theme.title));
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
            Some(t) => {
                let mut spans = vec![Span::raw("  ")];
                spans.extend(find.marked(&format!("{:<12}", t.key), theme.accent, theme));
                spans.push(Span::raw(" "));
                spans.extend(find.marked(&super::fit::one_line(&t.title, 400), Style::default(), theme));
                spans.push(Span::styled(format!("  [{}]", t.stage), theme.muted));
                spans
            }
            None => vec![Span::raw("  ?")],
        }
    };
    let shown = |task: Option<&proto::InboxTask>| super::app::inbox_task_shown(find, task);
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
                (shown(r.task.as_ref()), spans)
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
                (shown(Some(t)), spans)
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
                (shown(r.task.as_ref()), spans)
            })
            .collect(),
    );
    group(
        &mut lines,
        "Not logged in the tracker",
        inbox
            .not_logged
            .iter()
            .map(|t| (shown(Some(t)), head(Some(t))))
            .collect(),
    );
    group(
        &mut lines,
        "Unlinked hook sessions",
        inbox
            .unlinked_sessions
            .iter()
            .map(|s| {
                let mut spans = vec![Span::raw("  ")];
                spans.extend(find.marked(&s.name, Style::default(), theme));
                spans.push(Span::styled(format!("  {}", s.reason), theme.muted));
                (find.matches([s.name.as_str(), s.reason.as_str()]), spans)
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
                (shown(r.task.as_ref()), spans)
            })
            .collect(),
    );
    group(
        &mut lines,
        "Proposed by agents",
        proposals
            .pending_environment()
            .map(|p| {
                let spans = proposal_spans(
                    find,
                    theme,
                    &format!("{}/{}", p.project, super::fit::one_line(&p.environment, 60)),
                    p.id,
                    &super::environments::change_words(&p.change_json),
                    (&p.reason, &p.proposed_by, ago(now, p.proposed_at_ms)),
                );
                (environment_shown(model, p), spans)
            })
            .collect(),
    );
    group(
        &mut lines,
        "Policy proposals",
        proposals
            .pending_policy()
            .map(|p| {
                let mut spans = proposal_spans(
                    find,
                    theme,
                    &super::fit::one_line(&p.scope, 80),
                    p.id,
                    &super::policy::patch_words(&p.patch_json),
                    (&p.reason, &p.proposed_by, ago(now, p.proposed_at_ms)),
                );
                if p.error.is_some() {
                    spans.push(Span::styled(
                        "  (reopened: policy.json could not be written)",
                        theme.error,
                    ));
                }
                (policy_shown(model, p), spans)
            })
            .collect(),
    );
    if let Some(Err(why)) = &model.inbox.proposals {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!(
                "The agents' proposals could not be read: {} (Ctrl-R asks again)",
                super::fit::one_line(why, 200)
            ),
            theme.error,
        ));
    }
    let inner_height = usize::from(area.height.saturating_sub(2));
    let offset = scroll_to(selected_line + 1, inner_height);
    let inner = block.inner(area);
    if lines.is_empty() {
        Paragraph::new("No row contains that text (Esc clears the filter).")
            .block(block)
            .render(area, buf);
        return;
    }
    // Where the view is when the rows run past the pane: `12–31 of 84` rows.
    let block = if lines.len() > inner_height {
        let first = row_lines.iter().position(|l| *l >= offset).unwrap_or(0);
        let end = row_lines
            .iter()
            .rposition(|l| *l < offset + inner_height)
            .map_or(0, |i| i + 1);
        block.title_bottom(super::view::position(first, end, row_lines.len()))
    } else {
        block
    };
    Paragraph::new(lines)
        .block(block)
        .scroll((u16::try_from(offset).unwrap_or(u16::MAX), 0))
        .render(area, buf);
    for (i, line) in row_lines.into_iter().enumerate() {
        hits.add_lines(inner, offset, line..line + 1, Target::Row(i));
    }
}

/// A pending proposal's line: where (marked by the filter), its number and change, then why, by whom and when.
fn proposal_spans(
    find: &super::find::Find,
    theme: &Theme,
    scope: &str,
    id: i64,
    change: &str,
    (reason, by, when): (&str, &str, String),
) -> Vec<Span<'static>> {
    let mut spans = vec![Span::raw("  ")];
    spans.extend(find.marked(scope, theme.accent, theme));
    spans.push(Span::raw(format!("  #{id} {change}")));
    spans.push(Span::styled(
        format!(
            "  — {} · by {} {when}",
            super::fit::one_line(reason, 200),
            super::fit::one_line(by, 60)
        ),
        theme.muted,
    ));
    spans
}
