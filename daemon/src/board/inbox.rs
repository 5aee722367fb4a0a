//! The inbox ("Needs you", relaybay §2): everything that waits for the owner, across projects, in groups —
//! the review queue, tasks waiting on the owner, rule warnings of the last stage move, done tasks not logged in
//! the tracker (with `require_tracker_log`), hook sessions that could not be linked, and unread agent replies.
//! Archived done tasks (closed more than `done_window_days` ago) are left out.

use super::{Board, BoardError};
use crate::store::inbox::{self as db, InboxQuery};
pub use crate::store::inbox::{
    AgentReplyRow, InboxRows as Inbox, InboxTask, ReviewQueueRow, RuleWarningRow, UnlinkedSessionRow,
};

impl Inbox {
    /// The count a badge shows: each task that needs the owner once, however many groups list it (a task in
    /// review with a rule warning and an unread reply is one thing to look at), plus each unlinked hook session.
    pub fn total(&self) -> usize {
        let mut tasks: std::collections::HashSet<&str> = std::collections::HashSet::new();
        tasks.extend(self.review_queue.iter().map(|r| r.task.key.as_str()));
        tasks.extend(self.waiting_on_you.iter().map(|t| t.key.as_str()));
        tasks.extend(self.rule_warnings.iter().map(|r| r.task.key.as_str()));
        tasks.extend(self.not_logged.iter().map(|t| t.key.as_str()));
        tasks.extend(self.agent_replies.iter().map(|r| r.task.key.as_str()));
        tasks.len() + self.unlinked_sessions.len()
    }
}

impl Board<'_> {
    pub async fn inbox(&self) -> Result<Inbox, BoardError> {
        let config = self.handle.config();
        let store = self.handle.store();
        let query = InboxQuery {
            owner_names: &config.owner_names,
            require_tracker_log: config.require_tracker_log,
            archived_before_ms: self.archived_before_ms(),
        };
        let mut conn = store.read().await?;
        Ok(db::inbox(&mut conn, &query).await?)
    }
}

#[cfg(test)]
#[path = "inbox_tests.rs"]
mod tests;
