//! What Claude Code's hooks tell an exactly linked session's agent (relaybay §4): the owner's comments in
//! `additionalContext` (delivered once, within an 8,000-character budget, again to a newly bound session while
//! unread), Stop blocks while comments wait (at most two per turn, two per comment), the SessionStart line that
//! counts unread comments, and the plan reminders.

use std::fmt::Write as _;

use relay_core::board::Stage;
use relay_core::event::payload;
use relay_core::hook::{HookEvent, Phase};

use super::Claude;
use super::session::Tracked;
use crate::board::BoardError;
use crate::store::hook_session::{self as db, HookCommentRow};

/// The most characters of owner comments one answer carries (at least one comment goes out whatever its size).
pub const COMMENT_BUDGET: usize = 8_000;
/// Stop blocks per turn and session.
pub const STOP_BLOCKS_PER_TURN: u8 = 2;
/// Stop blocks one comment may cause in all (counted again from zero when it goes to a newly bound session).
pub const STOP_BLOCKS_PER_COMMENT: i64 = 2;
/// Tasks a plan reminder names; the rest get one line.
const REMINDER_TASKS: usize = 3;

/// How the agent answers an owner comment, after the comment lines.
pub const HOW_TO_ANSWER: &str = "Handle them like a message from the user, then answer with comment_add(task, body, \
                             in_reply_to=<id>) or acknowledge with comment_ack(comments=[<id>, …]).";

/// What a hook call says to the agent besides the lock decision.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HookSay {
    /// Lines for `additionalContext`.
    pub context: Vec<String>,
    /// A Stop block's reason.
    pub block: Option<String>,
}

impl Claude<'_> {
    /// The lines for an exactly linked session's hook call, and the comments they deliver within `budget`
    /// characters. `budget` is `None` when the call itself is refused (a lock denied): comments then wait for the
    /// next call.
    pub(super) async fn hook_say(
        &self,
        event: &HookEvent,
        tracked: &mut Tracked,
        budget: Option<usize>,
    ) -> Result<HookSay, BoardError> {
        let mut say = HookSay::default();
        if !tracked.exact {
            return Ok(say);
        }
        match event.phase {
            Phase::SessionStart => {
                tracked.last_reminder = None;
                let unread = self.unread(tracked).await?.len();
                if unread > 0 {
                    say.context.push(format!(
                        "You have {unread} unread owner comment(s) on your relay tasks: call comments_list, then \
                         comment_ack or comment_add."
                    ));
                }
                say.context.extend(self.reminder(tracked, false).await?);
            }
            Phase::Prompt => {
                tracked.turn_blocks = 0;
                tracked.blocked_this_turn = false;
                if let Some(budget) = budget {
                    say.context.extend(self.deliver(tracked, budget).await?);
                }
            }
            Phase::PreTool => {
                if let Some(budget) = budget {
                    say.context.extend(self.deliver(tracked, budget).await?);
                }
            }
            Phase::PostTool => {
                tracked.post_tools = tracked.post_tools.wrapping_add(1);
                let every = self.handle.config().plan_reminder_every;
                let periodic = every > 0 && tracked.post_tools.is_multiple_of(every);
                if event.todo.is_some() || periodic {
                    say.context.extend(self.reminder(tracked, periodic).await?);
                }
                if let Some(budget) = budget {
                    let used: usize = say.context.iter().map(String::len).sum();
                    let budget = budget.saturating_sub(used);
                    say.context.extend(self.deliver(tracked, budget).await?);
                }
            }
            Phase::Stop => {
                say.block = self.stop_block(event, tracked).await?;
                tracked.last_stop = Some((super::session::stop_print(event), say.block.is_some()));
            }
            Phase::Notification | Phase::SessionEnd | Phase::PreRead => {}
        }
        Ok(say)
    }

    async fn unread(&self, tracked: &Tracked) -> Result<Vec<HookCommentRow>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        Ok(db::unread_owner_comments(&mut conn, tracked.session_id).await?)
    }

    /// Delivers the comments not yet delivered to this session (new ones, and unread ones delivered to a
    /// session bound before), oldest first, as many as `budget` characters hold (at least one).
    pub(super) async fn deliver(&self, tracked: &Tracked, budget: usize) -> Result<Vec<String>, BoardError> {
        let pending: Vec<HookCommentRow> = self
            .unread(tracked)
            .await?
            .into_iter()
            .filter(|c| c.delivered_to_session_id != Some(tracked.session_id))
            .collect();
        if pending.is_empty() {
            return Ok(Vec::new());
        }
        let mut lines = Vec::new();
        let mut used = 0;
        let mut sent = Vec::new();
        for comment in &pending {
            let line = comment_line(comment);
            if !sent.is_empty() && used + line.len() > budget {
                break;
            }
            used += line.len();
            lines.push(line);
            sent.push(comment);
        }
        self.mark_delivered(tracked, &sent).await?;
        lines.push(HOW_TO_ANSWER.to_owned());
        let left = pending.len() - sent.len();
        if left > 0 {
            lines.push(format!(
                "{left} more owner comment(s) come with your next tool call."
            ));
        }
        Ok(lines)
    }

    async fn mark_delivered(
        &self,
        tracked: &Tracked,
        comments: &[&HookCommentRow],
    ) -> Result<(), BoardError> {
        if comments.is_empty() {
            return Ok(());
        }
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let ids: Vec<i64> = comments.iter().map(|c| c.id).collect();
        let mut write = store.begin_write().await?;
        db::deliver(&mut write, &ids, tracked.session_id, now).await?;
        for comment in comments {
            let payload = payload::CommentDelivered {
                project: comment.project.clone(),
                key: comment.key.clone(),
                comment: comment.id,
                session: tracked.name.clone(),
                actor: "hook".to_owned(),
            };
            write.emit(&comment.key, &payload).await?;
        }
        write.commit().await?;
        Ok(())
    }

    /// A Stop block while owner comments wait: undelivered ones (delivered with the block) or delivered ones the
    /// agent has not acknowledged. At most [`STOP_BLOCKS_PER_TURN`] per turn, none when another hook already
    /// continues the turn, and at most [`STOP_BLOCKS_PER_COMMENT`] per comment.
    async fn stop_block(
        &self,
        event: &HookEvent,
        tracked: &mut Tracked,
    ) -> Result<Option<String>, BoardError> {
        let allow = |tracked: &mut Tracked| {
            tracked.turn_blocks = 0;
            tracked.blocked_this_turn = false;
            Ok(None)
        };
        if tracked.turn_blocks >= STOP_BLOCKS_PER_TURN
            || (event.stop_hook_active && !tracked.blocked_this_turn)
        {
            return allow(tracked);
        }
        let waiting: Vec<HookCommentRow> = self
            .unread(tracked)
            .await?
            .into_iter()
            .filter(|c| {
                c.delivered_to_session_id != Some(tracked.session_id)
                    || c.stop_blocks < STOP_BLOCKS_PER_COMMENT
            })
            .collect();
        if waiting.is_empty() {
            return allow(tracked);
        }
        let undelivered: Vec<&HookCommentRow> = waiting
            .iter()
            .filter(|c| c.delivered_to_session_id != Some(tracked.session_id))
            .collect();
        self.mark_delivered(tracked, &undelivered).await?;
        let store = self.handle.store();
        let ids: Vec<i64> = waiting.iter().map(|c| c.id).collect();
        let mut write = store.begin_write().await?;
        db::count_stop_block(&mut write, &ids).await?;
        write.commit().await?;
        tracked.turn_blocks += 1;
        tracked.blocked_this_turn = true;
        let mut reason = String::from("Before you stop, handle the owner's comments on your relay tasks:\n");
        for comment in &waiting {
            let _ = writeln!(reason, "{}", comment_line(comment));
        }
        reason.push_str(HOW_TO_ANSWER);
        Ok(Some(reason))
    }

    /// The plan reminder of the open tasks bound to the session. A todo change never sends the same text twice
    /// in a row (`repeat` sends it anyway: the periodic reminder).
    async fn reminder(&self, tracked: &mut Tracked, repeat: bool) -> Result<Vec<String>, BoardError> {
        let store = self.handle.store();
        let tasks = {
            let mut conn = store.read().await?;
            db::bound_tasks(&mut conn, tracked.session_id).await?
        };
        let mut lines = Vec::new();
        let mut open = 0;
        for (_, key, _) in &tasks {
            let plan = self.handle.board().plan(key, false).await?;
            if plan.stage == Stage::Done.as_str() {
                continue;
            }
            open += 1;
            if open <= REMINDER_TASKS
                && let Some(line) = crate::board::render_plan::reminder(&plan)
            {
                lines.push(line);
            }
        }
        if open > REMINDER_TASKS {
            lines.push(format!(
                "…and {} more bound task(s): keep their plans current with plan_step_update.",
                open - REMINDER_TASKS
            ));
        } else if !lines.is_empty() {
            lines.push(
                "Mark steps in_progress / done with plan_step_update (done needs `as planned` or `deviation: why`)."
                    .to_owned(),
            );
        }
        let text = lines.join("\n");
        if lines.is_empty() || (!repeat && tracked.last_reminder.as_deref() == Some(text.as_str())) {
            return Ok(Vec::new());
        }
        tracked.last_reminder = Some(text);
        Ok(lines)
    }
}

/// `Owner comment on <key> (#<id>): <text>` on one line.
fn comment_line(comment: &HookCommentRow) -> String {
    let text: Vec<&str> = comment
        .body
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!(
        "Owner comment on {} (#{}): {}",
        comment.key,
        comment.id,
        text.join(" / ")
    )
}

#[cfg(test)]
#[path = "context_tests.rs"]
mod tests;
