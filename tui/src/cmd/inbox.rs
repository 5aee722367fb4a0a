//! `relay inbox [--json]`: everything that waits for the owner, across projects, grouped — the review queue,
//! tasks waiting on you, rule warnings, done tasks not logged in the tracker, unlinked hook sessions and unread
//! agent replies.

use relay_core::display::human_age;
use relay_core::proto::{self, GetInboxRequest};

use super::format::{emit, first_line, print_json, to_json};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn run(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let inbox = daemon_client(ctx)
        .await?
        .board
        .get_inbox(GetInboxRequest {})
        .await?
        .into_inner();
    if output.json {
        return print_json(&to_json(&inbox));
    }
    for line in inbox_lines(&inbox) {
        if !emit(&line)? {
            break;
        }
    }
    Ok(())
}

/// One heading per group with rows, each row one line; "Nothing needs you right now." when empty.
pub fn inbox_lines(inbox: &proto::Inbox) -> Vec<String> {
    if inbox.total == 0 {
        return vec!["Nothing needs you right now.".to_owned()];
    }
    let now = inbox.now_ms;
    let mut lines = vec![format!("Needs you: {}", inbox.total)];
    let mut group = |title: &str, rows: Vec<String>| {
        if rows.is_empty() {
            return;
        }
        lines.push(String::new());
        lines.push(format!("{title} ({})", rows.len()));
        lines.extend(rows.into_iter().map(|row| format!("  {row}")));
    };
    let head = |task: Option<&proto::InboxTask>| match task {
        Some(t) => format!("{}  {}  [{}]", t.key, t.title, t.stage),
        None => String::new(),
    };
    group(
        "Review queue",
        inbox
            .review_queue
            .iter()
            .map(|row| {
                let waiting = row
                    .task
                    .as_ref()
                    .map(|t| human_age(now - t.stage_changed_at_ms))
                    .unwrap_or_default();
                let rejected = match row.rejected {
                    0 => String::new(),
                    n => format!(" · {n} rejected"),
                };
                format!(
                    "{}  {}/{} accepted{rejected} · moved {waiting}",
                    head(row.task.as_ref()),
                    row.accepted,
                    row.steps
                )
            })
            .collect(),
    );
    group(
        "Waiting on you",
        inbox
            .waiting_on_you
            .iter()
            .map(|t| {
                let who = t.waiting_on.as_deref().unwrap_or_default();
                format!("{}  (waiting on {who})", head(Some(t)))
            })
            .collect(),
    );
    group(
        "Rule warnings",
        inbox
            .rule_warnings
            .iter()
            .map(|row| format!("{}  {}", head(row.task.as_ref()), owner_warnings(&row.warnings)))
            .collect(),
    );
    group(
        "Not logged in the tracker",
        inbox.not_logged.iter().map(|t| head(Some(t))).collect(),
    );
    group(
        "Unlinked hook sessions",
        inbox
            .unlinked_sessions
            .iter()
            .map(|s| {
                let cwd = s.cwd.as_deref().unwrap_or("?");
                format!(
                    "{}  {cwd}: {} · seen {}",
                    s.name,
                    s.reason,
                    human_age(now - s.seen_at_ms)
                )
            })
            .collect(),
    );
    group(
        "Agent replies",
        inbox
            .agent_replies
            .iter()
            .map(|row| {
                format!(
                    "{}  {} unread · {}: {}",
                    head(row.task.as_ref()),
                    row.unread,
                    row.author,
                    first_line(&row.body)
                )
            })
            .collect(),
    );
    lines
}

/// A task's open rule warnings as the owner reads them (the agent's advice left out).
pub(crate) fn owner_warnings(warnings: &[String]) -> String {
    warnings
        .iter()
        .map(|w| relay_core::rules::for_owner(w))
        .collect::<Vec<_>>()
        .join(" ")
}
