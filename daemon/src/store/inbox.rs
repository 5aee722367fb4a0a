//! The inbox ("Needs you") as one statement: every group is a JSON array built by SQLite, so the whole inbox
//! crosses from the database thread in one row.

use relay_core::board::ReviewStepStatus;

use super::{Db, StoreError, run};
use serde::Deserialize;

/// What the inbox query needs to know besides the data.
#[derive(Clone, Debug)]
pub struct InboxQuery<'a> {
    /// Lowercase, trimmed names that mean the owner in `waiting_on`.
    pub owner_names: &'a [String],
    pub require_tracker_log: bool,
    /// Done tasks closed before this time are archived and left out.
    pub archived_before_ms: i64,
}

/// A task in a group.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct InboxTask {
    pub key: String,
    pub project: String,
    pub title: String,
    pub stage: String,
    pub waiting_on: Option<String>,
    pub stage_changed_at_ms: i64,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ReviewQueueRow {
    #[serde(flatten)]
    pub task: InboxTask,
    pub accepted: i64,
    pub rejected: i64,
    pub steps: i64,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct RuleWarningRow {
    #[serde(flatten)]
    pub task: InboxTask,
    /// The `Warning (rules): …` lines of the task's last stage move.
    pub warnings: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct UnlinkedSessionRow {
    pub name: String,
    pub cwd: Option<String>,
    pub reason: String,
    pub status: Option<String>,
    pub seen_at_ms: i64,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct AgentReplyRow {
    #[serde(flatten)]
    pub task: InboxTask,
    pub unread: i64,
    pub author: String,
    pub body: String,
    pub created_at_ms: i64,
}

/// Every group, each in its order.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct InboxRows {
    pub review_queue: Vec<ReviewQueueRow>,
    pub waiting_on_you: Vec<InboxTask>,
    pub rule_warnings: Vec<RuleWarningRow>,
    pub not_logged: Vec<InboxTask>,
    pub unlinked_sessions: Vec<UnlinkedSessionRow>,
    pub agent_replies: Vec<AgentReplyRow>,
}

/// The task fields every group's rows carry, over a row of `t.*` plus `p.slug`.
macro_rules! task_json {
    () => {
        "'key', slug || '-' || number, 'project', slug, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
         'stage_changed_at_ms', stage_changed_at_ms"
    };
}

/// Not an archived done task (closed before ?1), unless ?2 (require_tracker_log) keeps an unlogged one.
macro_rules! not_archived {
    () => {
        "NOT (t.stage = 'done' AND t.closed_at_ms < ?1 AND NOT (?2 AND t.tracker_logged = 0))"
    };
}

/// The inbox in one round trip. Archived done tasks (closed before `archived_before_ms`, unless the tracker
/// mark is required and missing) are left out of every group.
pub async fn inbox(db: &mut impl Db, query: &InboxQuery<'_>) -> Result<InboxRows, StoreError> {
    run(db, async |conn| {
        let owners = serde_json::Value::from(query.owner_names.to_vec()).to_string();
        let json: String = sqlx::query_scalar(concat!(
            "WITH review AS (
             SELECT task_id, count(*) AS steps, sum(status = ?4) AS accepted,
                    sum(status = ?5) AS rejected
             FROM review_step
             WHERE task_id IN (SELECT id FROM task WHERE stage IN ('review', 'test'))
             GROUP BY task_id
         ),
         replies AS (
             SELECT task_id, count(*) AS unread, max(id) AS newest
             FROM comment WHERE author_kind = 'agent' AND read_at_ms IS NULL GROUP BY task_id
         )
         SELECT json_object(
             'review_queue', (SELECT json_group_array(json_object(",
            task_json!(),
            ", 'accepted', accepted, 'rejected', rejected, 'steps', steps))
                 FROM (SELECT t.*, p.slug, r.accepted, r.rejected, r.steps
                       FROM task t JOIN review r ON r.task_id = t.id JOIN project p ON p.id = t.project_id
                       WHERE t.stage IN ('review', 'test') ORDER BY t.stage_changed_at_ms, t.id)),
             'waiting_on_you', (SELECT json_group_array(json_object(",
            task_json!(),
            "))
                 FROM (SELECT t.*, p.slug FROM task t JOIN project p ON p.id = t.project_id
                       WHERE t.stage <> 'done' AND t.waiting_on IS NOT NULL
                         AND ",
            waits_on_owner!(),
            "
                       ORDER BY t.stage_changed_at_ms, t.id)),
             'rule_warnings', (SELECT json_group_array(json_object(",
            task_json!(),
            ", 'warnings', json(stage_warnings)))
                 FROM (SELECT t.*, p.slug FROM task t JOIN project p ON p.id = t.project_id
                       WHERE t.stage_warnings IS NOT NULL AND ",
            not_archived!(),
            " ORDER BY t.stage_changed_at_ms DESC, t.id)),
             'not_logged', (SELECT json_group_array(json_object(",
            task_json!(),
            "))
                 FROM (SELECT t.*, p.slug FROM task t JOIN project p ON p.id = t.project_id
                       WHERE ?2 AND t.stage = 'done' AND t.tracker_logged = 0
                       ORDER BY t.stage_changed_at_ms, t.id)),
             'unlinked_sessions', (SELECT json_group_array(json_object(
                     'name', name, 'cwd', cwd, 'reason', unlinked_reason, 'status', hook_status,
                     'seen_at_ms', seen_at_ms))
                 FROM (SELECT * FROM session
                       WHERE unlinked_reason IS NOT NULL AND coalesce(hook_status, '') <> 'ended'
                       ORDER BY seen_at_ms DESC, id)),
             'agent_replies', (SELECT json_group_array(json_object(",
            task_json!(),
            ", 'unread', unread, 'author', author_name, 'body', body, 'created_at_ms', created_at_ms))
                 FROM (SELECT t.*, p.slug, r.unread, c.author_name, c.body, c.created_at_ms
                       FROM replies r JOIN task t ON t.id = r.task_id JOIN project p ON p.id = t.project_id
                       JOIN comment c ON c.id = r.newest
                       WHERE ",
            not_archived!(),
            " ORDER BY c.created_at_ms DESC, t.id))
         )"
        ))
        .bind(query.archived_before_ms)
        .bind(query.require_tracker_log)
        .bind(owners)
        .bind(ReviewStepStatus::Accepted.as_str())
        .bind(ReviewStepStatus::Rejected.as_str())
        .fetch_one(conn)
        .await?;
        serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))
    })
    .await
}
