//! The review checklist and comment tools: review_get, review_steps_set, review_step_update, comments_list,
//! comment_ack, comment_add. Each adapts one board call; the owner's decisions (accept, reject, reopen, owner
//! comments) are not here: they come over the local socket only.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_router};
use serde::Deserialize;
use serde_json::Value;

use super::error::{Access, failed};
use super::params::Writer;
use super::server::RelayMcp;
use super::tools::{Arg, call, ok, written};
use crate::board::{ReviewStepChange, ReviewStepInput, render_review};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReviewGet {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// The next page: the steps from this position on (the answer names it).
    pub from_step: Option<i64>,
}

/// One step of the Owner check.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(inline)]
#[serde(deny_unknown_fields)]
pub struct ReviewStepParam {
    /// What the owner checks (one line).
    pub title: String,
    /// What to look at, how and why (markdown).
    pub details: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReviewStepsSet {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// All steps in order. An unchanged step keeps its status and screenshots, a changed one is open again,
    /// steps past the end are removed; [] clears.
    pub steps: Vec<ReviewStepParam>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReviewStepUpdate {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Step number, from 1.
    pub step: i64,
    /// New title (the step is open again).
    pub title: Option<String>,
    /// New details (markdown); "-" clears.
    pub details: Option<String>,
    /// open asks for a new look; the owner accepts or rejects.
    pub status: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CommentsList {
    /// Only this task's comments.
    pub task: Option<String>,
    /// Only the ones not acknowledged or answered yet.
    pub unread_only: Option<bool>,
    /// Your session: without task, lists the comments on its bound tasks.
    pub session: Option<String>,
    /// The next page: the `after` of the previous answer's last line.
    pub after: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CommentAck {
    /// Owner comment ids.
    pub comments: Option<Vec<i64>>,
    /// Without comments: every unread one of this task (without both: of your session's tasks).
    pub task: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CommentAdd {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Markdown, up to 4000 characters.
    pub body: String,
    /// The comment you answer (same task); an owner comment is then marked read.
    pub in_reply_to: Option<i64>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[tool_router(router = review_router, vis = "pub(super)")]
impl RelayMcp {
    /// A task's Owner check: each step's status and decision, details, screenshots and comments.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn review_get(&self, Parameters(p): Parameters<ReviewGet>) -> CallToolResult {
        let review = match self.board().review(&p.task).await {
            Ok(review) => review,
            Err(err) => return failed(err, Access::Read),
        };
        let len = review.steps.len();
        let start = p.from_step.map_or(0, |from| {
            review
                .steps
                .iter()
                .position(|v| v.step.position >= from)
                .unwrap_or(len)
        });
        if start == len && len > 0 {
            return ok(format!(
                "**{}** has no review step from position {} on; its checklist has {len} step{}: review_get(task={}).",
                review.key,
                p.from_step.unwrap_or(0),
                if len == 1 { "" } else { "s" },
                Value::String(review.key.clone())
            ));
        }
        // As many steps as fit, room kept for the line that names the next page.
        let budget = self.budget().less(300);
        let mut end = len;
        let mut text = render_review::review_steps(&review, start..end);
        while !budget.fits(&text) && end > start + 1 {
            end = start + ((end - start) * 3 / 4).max(1);
            text = render_review::review_steps(&review, start..end);
        }
        if let Some(next) = review.steps.get(end) {
            text.push_str(&format!(
                "\n{} more step{}: {}",
                len - end,
                if len - end == 1 { "" } else { "s" },
                call(
                    "review_get",
                    &[
                        ("task", Some(Arg::Text(&review.key))),
                        ("from_step", Some(Arg::Number(next.step.position))),
                    ],
                )
            ));
        }
        ok(text)
    }

    /// Writes the Owner check before review/test: what the owner verifies by eye, step by step. Replaces the list.
    #[tool(annotations(destructive_hint = true, idempotent_hint = true, open_world_hint = false))]
    async fn review_steps_set(&self, Parameters(p): Parameters<ReviewStepsSet>) -> CallToolResult {
        let caller = p.writer.caller();
        let steps: Vec<ReviewStepInput> = p
            .steps
            .into_iter()
            .map(|s| ReviewStepInput {
                title: s.title,
                details: s.details,
            })
            .collect();
        match self.board().set_review_steps(&p.task, &steps, &caller).await {
            Ok(outcome) => written(render_review::review_set(&outcome.value), &outcome),
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Changes one review step's text, or sets it "open" to ask the owner for a new look.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn review_step_update(&self, Parameters(p): Parameters<ReviewStepUpdate>) -> CallToolResult {
        let caller = p.writer.caller();
        let change = ReviewStepChange {
            title: p.title,
            details: p.details,
            status: p.status,
        };
        match self
            .board()
            .update_review_step(&p.task, p.step, &change, &caller)
            .await
        {
            Ok(outcome) => {
                let text = if outcome.changed {
                    render_review::step_written(&outcome.value)
                } else {
                    String::new()
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Owner comments for you (decisions included): id, step, sent / delivered / read.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn comments_list(&self, Parameters(p): Parameters<CommentsList>) -> CallToolResult {
        let unread_only = p.unread_only.unwrap_or(false);
        let session = p
            .session
            .as_deref()
            .map(str::trim)
            .filter(|s| !relay_core::board::clears(s));
        match self
            .board()
            .owner_comments(p.task.as_deref(), session, unread_only)
            .await
        {
            Ok(comments) => {
                let after = p.after;
                let comments: Vec<_> = comments
                    .into_iter()
                    .filter(|c| after.is_none_or(|a| c.id > a))
                    .collect();
                if comments.is_empty() {
                    return ok(render_review::no_owner_comments(unread_only, after));
                }
                let items: Vec<String> = comments.iter().map(render_review::owner_comment_item).collect();
                let unread = |shown: usize| {
                    comments[..shown]
                        .iter()
                        .filter(|c| c.read_at_ms.is_none())
                        .count()
                };
                let all_unread = unread(comments.len());
                let next = |shown: usize| {
                    let last = shown.checked_sub(1).and_then(|i| comments.get(i))?;
                    Some(call(
                        "comments_list",
                        &[
                            ("task", p.task.as_deref().map(Arg::Text)),
                            ("session", session.map(Arg::Text)),
                            ("unread_only", unread_only.then_some(Arg::Bool(true))),
                            ("after", Some(Arg::Number(last.id))),
                        ],
                    ))
                };
                let (text, _) = self.budget().page(
                    &items,
                    |shown| render_review::owner_comments_head(comments.len(), all_unread, shown, after),
                    |shown| {
                        render_review::owner_comments_tail(unread(shown), comments.len() - shown, next(shown))
                    },
                );
                ok(text.trim_end().to_owned())
            }
            Err(err) => failed(err, Access::Read),
        }
    }

    /// Marks owner comments you handled read.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn comment_ack(&self, Parameters(p): Parameters<CommentAck>) -> CallToolResult {
        let caller = p.writer.caller();
        let ids = p.comments.unwrap_or_default();
        match self.board().ack_comments(&ids, p.task.as_deref(), &caller).await {
            Ok(outcome) => {
                let text = if outcome.changed {
                    format!("Marked read: {}.", render_review::ids(&outcome.value.marked))
                } else {
                    String::new()
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Replies to the owner on a task's comment thread.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn comment_add(&self, Parameters(p): Parameters<CommentAdd>) -> CallToolResult {
        let caller = p.writer.caller();
        match self
            .board()
            .add_agent_reply(&p.task, &p.body, p.in_reply_to, &caller)
            .await
        {
            Ok(outcome) => written(render_review::comment_added(&outcome.value), &outcome),
            Err(err) => failed(err, Access::Write),
        }
    }
}
