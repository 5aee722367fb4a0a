//! GetInbox: the owner's inbox, every group in one answer.

use relay_core::proto;

use crate::board::inbox::{Inbox, InboxTask};

pub(super) fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(super) fn task(task: &InboxTask) -> Option<proto::InboxTask> {
    Some(proto::InboxTask {
        key: task.key.clone(),
        project: task.project.clone(),
        title: task.title.clone(),
        stage: task.stage.clone(),
        waiting_on: task.waiting_on.clone(),
        stage_changed_at_ms: task.stage_changed_at_ms,
    })
}

pub(super) fn inbox_message(inbox: &Inbox, now_ms: i64) -> proto::Inbox {
    proto::Inbox {
        review_queue: inbox
            .review_queue
            .iter()
            .map(|row| proto::InboxReviewRow {
                task: task(&row.task),
                accepted: count(row.accepted),
                rejected: count(row.rejected),
                steps: count(row.steps),
            })
            .collect(),
        waiting_on_you: inbox.waiting_on_you.iter().filter_map(task).collect(),
        rule_warnings: inbox
            .rule_warnings
            .iter()
            .map(|row| proto::InboxWarningRow {
                task: task(&row.task),
                warnings: row.warnings.clone(),
            })
            .collect(),
        not_logged: inbox.not_logged.iter().filter_map(task).collect(),
        unlinked_sessions: inbox
            .unlinked_sessions
            .iter()
            .map(|s| proto::InboxSession {
                name: s.name.clone(),
                cwd: s.cwd.clone(),
                reason: s.reason.clone(),
                status: s.status.clone(),
                seen_at_ms: s.seen_at_ms,
            })
            .collect(),
        agent_replies: inbox
            .agent_replies
            .iter()
            .map(|r| proto::InboxReply {
                task: task(&r.task),
                unread: count(r.unread),
                author: r.author.clone(),
                body: r.body.clone(),
                created_at_ms: r.created_at_ms,
            })
            .collect(),
        total: u32::try_from(inbox.total()).unwrap_or(u32::MAX),
        now_ms,
    }
}
