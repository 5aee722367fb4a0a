//! Actions on live: the `live.action` events the guard writes for every agent call that touches a live environment
//! (relaybay §7, "Journal of actions on live") — the newest 20 above the Activity feed for its project filter, and
//! the task view's own (the calls of sessions bound to the task, on its Overview tab). Each shows the age, the
//! decision, `project/environment`, the task or session, the tool and the command as relayd journaled it:
//! whitespace collapsed, secrets masked and cut at 200 characters by relayd, drawn on one line here (agent text:
//! control characters replaced, never markup).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::event::payload::LiveAction;
use relay_core::proto;

use super::fit::{fit, one_line};
use super::theme::Theme;
use super::view::age;
use crate::client::Client;

pub const KIND: &str = "live.action";
/// The newest actions the Activity screen shows above the feed.
pub const ACTIVITY_LIMIT: u32 = 20;
/// The project's newest actions the task view looks through for the task's own.
pub const TASK_SCAN: u32 = 200;

/// The newest `limit` actions on live, of `project` or of every project.
pub async fn fetch(
    client: &mut Client,
    project: Option<String>,
    limit: u32,
) -> Result<Vec<proto::ActivityRow>, tonic::Status> {
    let request = proto::ListActivityRequest {
        before_event_id: None,
        limit: Some(limit),
        project,
        kind: Some(KIND.to_owned()),
    };
    Ok(client.board.list_activity(request).await?.into_inner().rows)
}

/// The action an activity row records, with when.
pub fn action(row: &proto::ActivityRow) -> Option<(i64, LiveAction)> {
    let event = row.event.as_ref().filter(|e| e.kind == KIND)?;
    let action = serde_json::from_str::<LiveAction>(&event.data_json).ok()?;
    Some((event.at_ms, action))
}

/// Whether a `live.action` event was written for a call of a session bound to task `key`.
pub fn concerns_task(event: &proto::Event, key: &str) -> bool {
    event.kind == KIND
        && serde_json::from_str::<LiveAction>(&event.data_json).is_ok_and(|a| a.key.as_deref() == Some(key))
}

/// The task's own actions among `rows`, newest first.
pub fn of_task(rows: Vec<proto::ActivityRow>, key: &str) -> Vec<proto::ActivityRow> {
    rows.into_iter()
        .filter(|row| action(row).is_some_and(|(_, a)| a.key.as_deref() == Some(key)))
        .collect()
}

/// One action on one line: `3m  deny  acme/live  acme-7  Bash  ssh prod-app 'systemctl restart shop'  (ssh-mutating)`.
pub fn line(row: &proto::ActivityRow, now: i64, theme: &Theme) -> Line<'static> {
    let Some((at, action)) = action(row) else {
        return Line::styled("(an action on live this window cannot read)", theme.muted);
    };
    let decision_style = match action.decision.as_str() {
        "deny" => theme.error,
        "ask" | "warn" => theme.warn,
        _ => theme.muted,
    };
    let who = action
        .key
        .as_deref()
        .or(action.session.as_deref())
        .map_or_else(|| action.agent.clone(), |who| format!("{who} ({})", action.agent));
    let mut spans = vec![
        Span::styled(format!("{:>4}  ", age(now, at)), theme.muted),
        Span::styled(format!("{:<5} ", action.decision), decision_style),
        Span::styled(
            format!(
                "{}/{}  ",
                one_line(&action.project, 60),
                one_line(&action.environment, 60)
            ),
            theme.title,
        ),
        Span::styled(format!("{}  ", one_line(&who, 80)), theme.muted),
        Span::styled(format!("{}  ", one_line(&action.tool, 60)), theme.accent),
        Span::raw(one_line(&action.command, 200)),
    ];
    if let Some(rule) = &action.rule {
        spans.push(Span::styled(format!("  ({})", one_line(rule, 60)), theme.muted));
    }
    Line::from(spans)
}

/// The Activity screen's block: the newest actions on live, one line each.
pub fn render_block(rows: &[proto::ActivityRow], now: i64, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width.saturating_sub(2));
    let shown = usize::from(area.height.saturating_sub(2));
    let lines: Vec<Line> = rows
        .iter()
        .take(shown)
        .map(|row| fit(line(row, now, theme), width))
        .collect();
    let title = match rows.len() > shown {
        true => format!(
            " Actions on live · {shown} of the newest {} · t → {KIND} lists them all ",
            rows.len()
        ),
        false => format!(
            " Actions on live · the newest {} · t → {KIND} lists them all ",
            rows.len()
        ),
    };
    Paragraph::new(lines)
        .block(Block::bordered().title(title).border_style(theme.warn))
        .render(area, buf);
}
