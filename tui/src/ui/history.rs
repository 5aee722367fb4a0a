//! The task view's History tab: the session binding history, the tracker history and the plan's revisions,
//! each newest first.

use ratatui::text::{Line, Span};
use relay_core::proto;

use super::app::TaskData;
use super::theme::Theme;
use super::view::ago;

pub fn lines(data: &TaskData, now: i64, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let section = |lines: &mut Vec<Line<'static>>, title: String| {
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(title, theme.title));
    };

    section(
        &mut lines,
        format!("Session bindings ({})", data.detail.bindings.len()),
    );
    if data.detail.bindings.is_empty() {
        lines.push(Line::styled("never bound to a session", theme.muted));
    }
    for b in &data.detail.bindings {
        let by = b
            .bound_by
            .as_deref()
            .map(|by| format!(" by {by}"))
            .unwrap_or_default();
        let mut spans = vec![
            Span::styled(b.session.clone(), theme.accent),
            Span::styled(format!(" ({})", b.session_kind), theme.muted),
            Span::raw(format!("  bound {}{by}", ago(now, b.bound_at_ms))),
        ];
        match b.unbound_at_ms {
            Some(at) => spans.push(Span::styled(format!(" · unbound {}", ago(now, at)), theme.muted)),
            None => spans.push(Span::styled(" · current", theme.ok)),
        }
        lines.push(Line::from(spans));
    }

    let tracker = &data.detail.tracker_history;
    section(&mut lines, format!("Tracker history ({})", tracker.len()));
    if tracker.is_empty() {
        lines.push(Line::styled("no issue key yet", theme.muted));
    }
    for entry in tracker {
        lines.push(tracker_line(entry, now, theme));
    }

    let revisions = data.plan.as_ref().map_or(&[][..], |p| &p.revisions[..]);
    section(&mut lines, format!("Plan revisions ({})", revisions.len()));
    if revisions.is_empty() {
        lines.push(Line::styled("no plan written yet", theme.muted));
    }
    for r in revisions {
        lines.push(Line::from(vec![
            Span::styled(format!("r{}", r.revision), theme.accent),
            Span::raw(format!("  {} by {}", ago(now, r.created_at_ms), r.author)),
            Span::styled(format!("  → {}", r.status), theme.muted),
        ]));
        if !r.reason.is_empty() {
            lines.push(Line::raw(format!("    {}", r.reason.replace('\n', " "))));
        }
        for change in &r.title_changes {
            let text = match (&change.old, &change.new) {
                (None, Some(new)) => format!("    + {}. {new}", change.position),
                (Some(old), None) => format!("    − {}. {old}", change.position),
                (Some(old), Some(new)) => format!("    ~ {}. {old} → {new}", change.position),
                (None, None) => continue,
            };
            lines.push(Line::styled(text, theme.muted));
        }
    }
    lines
}

fn tracker_line(entry: &proto::TrackerEntry, now: i64, theme: &Theme) -> Line<'static> {
    let name = entry
        .tracker_name
        .as_deref()
        .map(|n| format!("{n} "))
        .unwrap_or_default();
    let mut spans = vec![
        Span::styled(format!("{name}{}", entry.tracker_ref), theme.accent),
        Span::raw(format!("  set {}", ago(now, entry.created_at_ms))),
    ];
    if let Some(at) = entry.logged_at_ms {
        spans.push(Span::styled(format!(" · logged {}", ago(now, at)), theme.ok));
    }
    if let Some(at) = entry.unlogged_at_ms {
        spans.push(Span::styled(
            format!(" · mark cleared {}", ago(now, at)),
            theme.warn,
        ));
    }
    if let Some(url) = &entry.tracker_url {
        spans.push(Span::styled(format!("  {url}"), theme.muted));
    }
    Line::from(spans)
}
