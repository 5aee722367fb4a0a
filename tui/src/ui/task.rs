//! The task view: a header (key, title, stage) and the tabs Overview, Plan, Review and Comments.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use relay_core::board::{PlanStatus, PlanStepStatus, ReviewStepStatus, TodoStatus};
use relay_core::proto;

use super::app::{Model, TAB_COMMENTS, TAB_HISTORY, TAB_REVIEW, TAB_SNAPSHOTS, TABS, TaskData};
use super::fit;
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{ago, size};

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.task;
    let Some(data) = &state.data else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(format!(" {} ", state.key)))
            .render(area, buf);
        return;
    };
    let [head, tabs, body] =
        Layout::vertical([Constraint::Length(1), Constraint::Length(1), Constraint::Min(1)]).areas(area);
    if let Some(task) = &data.detail.task {
        // A long title is cut with an ellipsis so that the stage and version stay on the line.
        let key = Span::styled(format!(" {} ", task.key), theme.accent);
        let label = model.settings.stage_labels.of(&task.stage);
        let stage = Span::styled(format!("  [{label}] v{}", task.version), theme.muted);
        let room = usize::from(head.width).saturating_sub(key.width() + stage.width());
        // Tabs and line breaks as spaces (a terminal would drop a tab), control characters as `�`.
        let title = Span::styled(
            super::fit::cut(&super::fit::one_line(&task.title, 400), room),
            theme.title,
        );
        fit::fit(Line::from(vec![key, title, stage]), usize::from(head.width)).render(head, buf);
    }
    let mut spans = vec![Span::raw(" ")];
    for (i, name) in TABS.iter().enumerate() {
        let label = match i {
            1 => data.plan.as_ref().filter(|p| !p.steps.is_empty()).map_or_else(
                || name.to_string(),
                |p| format!("{name} {}/{}", p.done, p.steps.len()),
            ),
            TAB_REVIEW => data.review.as_ref().filter(|r| !r.steps.is_empty()).map_or_else(
                || name.to_string(),
                |r| format!("{name} {}/{}", r.accepted, r.steps.len()),
            ),
            TAB_SNAPSHOTS => match data.snapshots.as_ref().and_then(|s| s.as_ref().ok()) {
                Some(list) if !list.is_empty() => format!("{name} {}", list.len()),
                _ => name.to_string(),
            },
            TAB_COMMENTS => {
                let unread = unread_replies(data);
                match unread {
                    0 => name.to_string(),
                    n => format!("{name} ({n} unread)"),
                }
            }
            _ => name.to_string(),
        };
        let style = if i == state.tab {
            theme.selected
        } else {
            theme.muted
        };
        spans.push(Span::styled(format!(" {} {label} ", i + 1), style));
        spans.push(Span::raw(" "));
    }
    // The spans alternate a gap and a tab: tab i is span 2i + 1.
    let mut x = tabs.x;
    for (i, span) in spans.iter().enumerate() {
        let width = u16::try_from(span.width()).unwrap_or(u16::MAX);
        if i % 2 == 1 {
            hits.add(
                Rect::new(x, tabs.y, width, 1).intersection(tabs),
                Target::Tab(i / 2),
            );
        }
        x = x.saturating_add(width);
    }
    Line::from(spans).render(tabs, buf);

    // The Review tab's selected step shows its screenshots in a panel under the checklist (`image.rs`).
    let body = if state.tab == TAB_REVIEW {
        super::image::review_panel(model, data, theme, body, buf)
    } else {
        body
    };
    if state.tab == TAB_SNAPSHOTS {
        snapshots(model, data, theme, body, buf);
        return;
    }
    // The Review tab's selected step: its title line, kept in view.
    let mut selected_line = 0;
    let lines = match state.tab {
        0 => overview(model, data, theme),
        1 => plan(model, data, theme),
        TAB_REVIEW => review(model, data, theme, &mut selected_line),
        TAB_HISTORY => super::history::lines(data, model.now_ms, theme),
        _ => comments(model, data, theme),
    };
    let scroll = if state.tab == TAB_REVIEW {
        review_scroll(&lines, selected_line, body)
    } else {
        // No further than the last line at the bottom of the pane: what the keys are bounded by, too.
        let inner = Block::bordered().inner(body);
        // The rows as the paragraph wraps them (words kept whole), so the last line is always reachable.
        let rows = Paragraph::new(lines.clone())
            .wrap(Wrap { trim: false })
            .line_count(inner.width);
        let max = u16::try_from(rows.saturating_sub(usize::from(inner.height))).unwrap_or(u16::MAX);
        hits.scroll_max = Some(max);
        hits.page = usize::from(inner.height.saturating_sub(1)).max(1);
        state.scroll.get(state.tab).copied().unwrap_or(0).min(max)
    };
    Paragraph::new(lines)
        .block(Block::bordered())
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(body, buf);
}

fn unread_replies(data: &TaskData) -> usize {
    data.comments.as_ref().map_or(0, |c| {
        c.comments
            .iter()
            .filter(|c| c.author_kind == "agent" && c.read_at_ms.is_none())
            .count()
    })
}

fn field(lines: &mut Vec<Line<'static>>, theme: &Theme, name: &str, value: String) {
    lines.push(Line::from(vec![
        Span::styled(format!("{name:<12}"), theme.muted),
        Span::raw(value),
    ]));
}

fn section(lines: &mut Vec<Line<'static>>, theme: &Theme, title: String) {
    lines.push(Line::raw(""));
    lines.push(Line::styled(title, theme.title));
}

/// A markdown body (bounded, raw HTML shown as text, code highlighted), from the task's cache when drawn before.
fn text_lines(lines: &mut Vec<Line<'static>>, model: &Model, theme: &Theme, text: &str, indent: &str) {
    lines.extend(model.task.markdown.lines(text, theme, indent));
}

/// A comment's body: markdown with its line breaks kept.
fn comment_lines(lines: &mut Vec<Line<'static>>, model: &Model, theme: &Theme, text: &str, indent: &str) {
    lines.extend(model.task.markdown.comment_lines(text, theme, indent));
}

fn overview(model: &Model, data: &TaskData, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(task) = &data.detail.task else {
        return lines;
    };
    let stage = match &task.stage_note {
        Some(note) => format!("{} — {note}", task.stage),
        None => task.stage.clone(),
    };
    // The whole title, wrapped (the header cuts a long one).
    field(&mut lines, theme, "title", fit::one_line(&task.title, 400));
    field(&mut lines, theme, "stage", stage);
    if let Some(w) = &task.waiting_on {
        field(&mut lines, theme, "waiting on", w.clone());
    }
    if let Some(next) = &task.next_step {
        let stale = if task.next_step_stale { " (stale)" } else { "" };
        field(&mut lines, theme, "next step", format!("{next}{stale}"));
    }
    if let Some(b) = &task.branch {
        field(&mut lines, theme, "branch", b.clone());
    }
    if let Some(reference) = &task.tracker_ref {
        let name = task.tracker_name.as_deref().unwrap_or("tracker");
        let logged = if task.tracker_logged {
            " ✓ logged"
        } else {
            " · not logged"
        };
        field(
            &mut lines,
            theme,
            "tracker",
            format!("{name} {reference}{logged}"),
        );
    }
    if let Some(d) = &task.doc_path {
        field(&mut lines, theme, "document", d.clone());
    }
    let mut size = Vec::new();
    if let Some(p) = task.priority {
        size.push(format!("P{p}"));
    }
    if let Some(s) = &task.size {
        size.push(format!("size {s}"));
    }
    if !size.is_empty() {
        field(&mut lines, theme, "priority", size.join(" · "));
    }
    match (&task.session, &data.session) {
        (Some(_), Some(row)) => {
            // The bound session as its hooks report it: the status dot and word, its last activity and when.
            let (dot, words, style) = super::sessions::status_dot(row.hook_status.as_deref(), theme);
            let mut spans = vec![
                Span::styled(format!("{:<12}", "session"), theme.muted),
                Span::raw(fit::one_line(&row.name, 200)),
                Span::styled(format!("  {dot} {words}"), style),
            ];
            if let Some(activity) = &row.activity {
                let when = row
                    .activity_at_ms
                    .map(|at| format!(" {}", ago(model.now_ms, at)))
                    .unwrap_or_default();
                spans.push(Span::styled(
                    format!(" · {}{when}", fit::one_line(activity, 200)),
                    theme.muted,
                ));
            }
            if row.cc_exact {
                spans.push(Span::styled(" · linked", theme.muted));
            }
            lines.push(Line::from(spans));
        }
        (Some(name), None) => field(&mut lines, theme, "session", format!("{name} · no hook status")),
        (None, _) => field(&mut lines, theme, "session", "none bound".to_owned()),
    }
    if let Some(summary) = &data.detail.plan_summary {
        field(&mut lines, theme, "plan", summary.clone());
    }
    if let Some(count) = data
        .review
        .as_ref()
        .map(|r| super::image::task_shots(r).len())
        .filter(|n| *n > 0)
    {
        let them = if count == 1 { "it" } else { "them" };
        field(
            &mut lines,
            theme,
            "screenshots",
            format!("{count} · v opens {them}"),
        );
    }
    field(
        &mut lines,
        theme,
        "updated",
        format!(
            "{} · version {}",
            ago(model.now_ms, task.updated_at_ms),
            task.version
        ),
    );
    if let Some(description) = task.description.as_deref().filter(|d| !d.is_empty()) {
        section(&mut lines, theme, "Description".to_owned());
        text_lines(&mut lines, model, theme, description, "");
    }
    if let Some(progress) = task.progress.as_deref().filter(|p| !p.is_empty()) {
        section(&mut lines, theme, "Progress".to_owned());
        text_lines(&mut lines, model, theme, progress, "");
    }
    if !data.detail.reports.is_empty() {
        section(
            &mut lines,
            theme,
            format!("Reports ({})", data.detail.reports.len()),
        );
        for (i, report) in data.detail.reports.iter().enumerate() {
            let badges: Vec<String> = [report.state.clone(), report.size.clone()]
                .into_iter()
                .flatten()
                .collect();
            // A first line in the `state · size · gist` format already carries the badges: they show once, in
            // front, and the summary's rest after them.
            let mut gist: Vec<&str> = report.summary.split('·').map(str::trim).collect();
            for badge in &badges {
                if gist.len() > 1 && gist.first().is_some_and(|g| g.eq_ignore_ascii_case(badge)) {
                    gist.remove(0);
                }
            }
            let gist = if gist.len() == report.summary.split('·').count() {
                report.summary.clone()
            } else {
                gist.join(" · ")
            };
            let mut spans = vec![Span::styled(
                format!("#{} [{}] ", report.id, report.stage),
                theme.muted,
            )];
            if !badges.is_empty() {
                spans.push(Span::styled(format!("{}  ", badges.join(" · ")), theme.accent));
            }
            spans.push(Span::raw(gist));
            lines.push(Line::from(spans));
            // The newest report in full (the others by their summary line), less its first line when that is
            // the summary.
            if i == 0 {
                let body = report.body.trim();
                let rest = match body.split_once('\n') {
                    Some((first, rest)) if first.trim() == report.summary.trim() => rest,
                    None if body == report.summary.trim() => "",
                    _ => body,
                };
                if !rest.trim().is_empty() {
                    text_lines(&mut lines, model, theme, rest, "    ");
                }
            }
        }
    }
    if !data.detail.decisions.is_empty() {
        section(&mut lines, theme, "Decisions".to_owned());
        for decision in &data.detail.decisions {
            lines.push(Line::raw(format!("• {}", decision.text)));
        }
    }
    if !data.detail.bindings.is_empty() {
        section(&mut lines, theme, "Sessions".to_owned());
        for binding in &data.detail.bindings {
            let state = if binding.unbound_at_ms.is_some() {
                "was bound"
            } else {
                "bound"
            };
            lines.push(Line::raw(format!(
                "{} ({}) {state}",
                binding.session, binding.session_kind
            )));
        }
    }
    // The calls of the task's sessions that touched a live environment (`live.rs`).
    match &data.live {
        Some(Ok(rows)) if !rows.is_empty() => {
            section(&mut lines, theme, format!("Actions on live ({})", rows.len()));
            lines.extend(rows.iter().map(|row| super::live::line(row, model.now_ms, theme)));
        }
        Some(Err(why)) => {
            section(&mut lines, theme, "Actions on live".to_owned());
            lines.push(Line::styled(
                format!(
                    "could not be read: {} (Ctrl-R asks again)",
                    super::fit::one_line(why, 200)
                ),
                theme.error,
            ));
        }
        _ => {}
    }
    lines
}

fn plan(model: &Model, data: &TaskData, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(plan) = &data.plan else {
        lines.push(Line::styled("The plan could not be read.", theme.error));
        return lines;
    };
    if plan.steps.is_empty() {
        if plan.todo.is_empty() {
            lines.push(Line::styled(
                "No plan yet: the agent proposes one (2–5 steps) for you to accept with A, or works from its own todo.",
                theme.muted,
            ));
        } else {
            lines.push(Line::styled("Agent's plan, not accepted (its todo):", theme.warn));
            todo(&mut lines, plan, theme);
        }
        return lines;
    }
    let when = plan
        .accepted_at_ms
        .map(|at| format!(" {}", ago(model.now_ms, at)))
        .unwrap_or_default();
    let state = match (PlanStatus::from_name(&plan.status), &plan.accepted_by) {
        (Some(PlanStatus::Accepted), Some(by)) => Line::styled(format!("Accepted by {by}{when}"), theme.ok),
        (Some(PlanStatus::Accepted), None) => Line::styled(format!("Accepted{when}"), theme.ok),
        _ => Line::styled("Draft — A accepts it as the owner", theme.warn),
    };
    lines.push(state);
    let deviations = match plan.deviations {
        0 => String::new(),
        1 => " · 1 deviation".to_owned(),
        n => format!(" · {n} deviations"),
    };
    lines.push(Line::raw(format!(
        "{} of {} done{deviations}",
        plan.done,
        plan.steps.len()
    )));
    lines.push(Line::raw(""));
    for step in &plan.steps {
        let (mark, style) = match PlanStepStatus::from_name(&step.status) {
            Some(PlanStepStatus::Done) => ("✓", theme.ok),
            Some(PlanStepStatus::InProgress) => ("▶", theme.accent),
            Some(PlanStepStatus::Blocked) => ("✗", theme.error),
            Some(PlanStepStatus::Pending) | None => ("·", theme.muted),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} {}. ", step.position), style),
            Span::raw(step.title.clone()),
            Span::styled(format!("  {}", step.status), theme.muted),
        ]));
        if let Some(details) = &step.details {
            text_lines(&mut lines, model, theme, details, "     ");
        }
        if let Some(conformance) = &step.conformance {
            let style = if step.deviation { theme.warn } else { theme.muted };
            lines.push(Line::styled(format!("     {conformance}"), style));
        }
        if let Some(outcome) = &step.outcome {
            lines.push(Line::styled(format!("     {outcome}"), theme.muted));
        }
        // A done step is a checkpoint: when, and what it points to (a report of the task or a URL).
        if step.done_at_ms.is_some() || step.link.is_some() {
            let mut checkpoint = Vec::new();
            if let Some(at) = step.done_at_ms {
                checkpoint.push(format!("done {}", ago(model.now_ms, at)));
            }
            if let Some(link) = &step.link {
                checkpoint.push(match link.strip_prefix("report:") {
                    Some(id) => format!("checkpoint: report #{id} (Overview)"),
                    None => format!("checkpoint: {}", fit::one_line(link, 400)),
                });
            }
            lines.push(Line::styled(
                format!("     {}", checkpoint.join(" · ")),
                theme.muted,
            ));
        }
        if plan.current == Some(step.position) {
            if let Some(now) = &plan.now_doing {
                lines.push(Line::styled(format!("     Now doing: {now}"), theme.accent));
            }
            todo(&mut lines, plan, theme);
        }
    }
    lines
}

fn todo(lines: &mut Vec<Line<'static>>, plan: &proto::Plan, theme: &Theme) {
    for item in &plan.todo {
        let mark = TodoStatus::mark_of(&item.status);
        lines.push(Line::styled(format!("     {mark} {}", item.subject), theme.muted));
    }
}

fn review(model: &Model, data: &TaskData, theme: &Theme, selected_line: &mut usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(review) = &data.review else {
        lines.push(Line::styled("The review could not be read.", theme.error));
        return lines;
    };
    if review.steps.is_empty() {
        lines.push(Line::styled(
            "No review checklist yet: the agent writes the steps for you to check when the work is ready for review.",
            theme.muted,
        ));
        return lines;
    }
    lines.push(Line::styled(review.summary.clone(), theme.title));
    lines.push(Line::styled(
        match &review.session {
            Some(s) => format!("Decisions reach session {s}"),
            None => "No session is bound: decisions wait for one".to_owned(),
        },
        theme.muted,
    ));
    for (i, step) in review.steps.iter().enumerate() {
        lines.push(Line::raw(""));
        let (mark, style) = match ReviewStepStatus::from_name(&step.status) {
            Some(ReviewStepStatus::Accepted) => ("[✓]", theme.ok),
            Some(ReviewStepStatus::Rejected) => ("[✗]", theme.error),
            Some(ReviewStepStatus::Open) | None => ("[ ]", theme.text),
        };
        let mut head = Line::from(vec![
            Span::styled(format!("{mark} {}. ", step.position), style),
            Span::styled(step.title.clone(), theme.title),
            Span::styled(format!("  {}", step.status), style),
        ]);
        if let Some(by) = &step.decided_by {
            let when = step
                .decided_at_ms
                .map(|t| format!(" {}", ago(model.now_ms, t)))
                .unwrap_or_default();
            head.spans
                .push(Span::styled(format!(" by {by}{when}"), theme.muted));
        }
        if i == model.task.step {
            head = head.style(theme.selected);
            *selected_line = lines.len();
        }
        lines.push(head);
        if let Some(details) = &step.details {
            text_lines(&mut lines, model, theme, details, "    ");
        }
        for shot in &step.screenshots {
            // Agent text: one line, control characters replaced.
            let caption = super::fit::one_line(shot.caption.as_deref().unwrap_or_default(), 200);
            lines.push(Line::styled(
                format!(
                    "    screenshot #{} {} {} {caption}",
                    shot.id,
                    super::fit::one_line(&shot.media_type, 40),
                    size(shot.size_bytes)
                ),
                theme.accent,
            ));
        }
        // Each comment's first line (for a decision, the decision line), then the rest of it — the owner's own
        // words under an accept — as markdown, line breaks kept.
        for comment in &step.comments {
            let (first, rest) = comment.body.split_once('\n').unwrap_or((&comment.body, ""));
            lines.push(Line::styled(
                format!("    {}: {}", comment.author, first.trim_end()),
                theme.muted,
            ));
            if !rest.trim().is_empty() {
                comment_lines(
                    &mut lines,
                    model,
                    theme,
                    rest.trim_start_matches(['\n', '\r']),
                    "      ",
                );
            }
        }
    }
    if !review.other_screenshots.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Other screenshots", theme.title));
        for shot in &review.other_screenshots {
            lines.push(Line::styled(
                format!(
                    "    #{} {}",
                    shot.id,
                    super::fit::one_line(shot.caption.as_deref().unwrap_or_default(), 200)
                ),
                theme.accent,
            ));
        }
    }
    lines
}

/// Keeps the selected step's title a third of the way down the pane, counting the rows the lines before it take
/// once wrapped (long details and comments wrap; see [`fit::rows`]).
fn review_scroll(lines: &[Line<'_>], selected_line: usize, body: Rect) -> u16 {
    let inner = Block::bordered().inner(body);
    let before = fit::rows(
        lines.get(..selected_line).unwrap_or_default(),
        usize::from(inner.width),
    );
    u16::try_from(before.saturating_sub(usize::from(inner.height) / 3)).unwrap_or(u16::MAX)
}

fn comments(model: &Model, data: &TaskData, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(thread) = &data.comments else {
        lines.push(Line::styled("The comments could not be read.", theme.error));
        return lines;
    };
    if thread.comments.is_empty() {
        lines.push(Line::styled("No comments yet.", theme.muted));
    }
    let now = model.now_ms;
    for comment in &thread.comments {
        let mut head = vec![Span::styled(comment.author.clone(), theme.title)];
        if comment.author_kind == "owner" {
            head.push(Span::styled(
                format!("  sent {}", ago(now, comment.created_at_ms)),
                theme.muted,
            ));
            match (&comment.delivered_at_ms, &comment.delivered_to) {
                (Some(at), to) => head.push(Span::styled(
                    format!(
                        " · delivered {} to {}",
                        ago(now, *at),
                        to.as_deref().unwrap_or("?")
                    ),
                    theme.muted,
                )),
                _ => head.push(Span::styled(" · not delivered yet", theme.muted)),
            }
            if let Some(read) = comment.read_at_ms {
                head.push(Span::styled(format!(" · read {}", ago(now, read)), theme.ok));
            }
        } else {
            head.push(Span::styled(
                format!("  {}", ago(now, comment.created_at_ms)),
                theme.muted,
            ));
            if comment.read_at_ms.is_none() {
                head.push(Span::styled(" · unread", theme.warn));
            }
        }
        if let Some(step) = comment.step {
            head.push(Span::styled(format!(" · step {step}"), theme.muted));
        }
        lines.push(Line::from(head));
        comment_lines(&mut lines, model, theme, &comment.body, "  ");
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        match &thread.session {
            Some(s) => format!("A new comment (c) goes to session {s}; r marks replies read."),
            None => "No session is bound: a new comment (c) waits for one.".to_owned(),
        },
        theme.muted,
    ));
    lines
}

/// The Snapshots tab: the uncommitted work relay saved while the task was bound, newest first, and what U does.
fn snapshots(model: &Model, data: &TaskData, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let [list, hint] = Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
    super::snapshots::List {
        title: "Snapshots".to_owned(),
        snapshots: data.snapshots.as_ref(),
        selected: model.task.snapshot,
        empty: "None yet: relay saves a session's uncommitted work before a command discards it.",
        focused: true,
    }
    .render(model.now_ms, theme, list, buf);
    let has = data
        .snapshots
        .as_ref()
        .and_then(|s| s.as_ref().ok())
        .is_some_and(|l| !l.is_empty());
    if has {
        let restore = model.keymap.first_label(
            super::keymap::Scope::TaskSnapshots,
            super::keymap::Command::RestoreSnapshot,
        );
        let line = Line::styled(
            format!(" {restore} restores the selected snapshot: it shows what would change and asks first."),
            theme.muted,
        );
        fit::fit(line, usize::from(hint.width)).render(hint, buf);
    }
}
