//! The inbox ("Needs you") as one statement: every group is a JSON array built by SQLite, so the whole inbox
//! crosses from the database thread in one row.

use serde::Deserialize;
use sqlx::SqliteConnection;

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

/// The inbox in one round trip. Archived done tasks (closed before `archived_before_ms`, unless the tracker
/// mark is required and missing) are left out of every group.
pub async fn inbox(conn: &mut SqliteConnection, query: &InboxQuery<'_>) -> sqlx::Result<InboxRows> {
    let owners = serde_json::Value::from(query.owner_names.to_vec()).to_string();
    let json: String = sqlx::query_scalar(
        "WITH live AS (
             SELECT t.id, p.slug || '-' || t.number AS key, p.slug AS project, t.title, t.stage, t.waiting_on,
                    t.stage_changed_at_ms, t.tracker_logged
             FROM task t JOIN project p ON p.id = t.project_id
             WHERE t.stage <> 'done' OR t.closed_at_ms IS NULL OR t.closed_at_ms >= ?1
                OR (?2 AND t.tracker_logged = 0)
         ),
         last_move AS (
             SELECT subject, max(id) AS id FROM event WHERE kind = 'task.stage_changed' GROUP BY subject
         ),
         review AS (
             SELECT task_id, count(*) AS steps, sum(status = 'accepted') AS accepted,
                    sum(status = 'rejected') AS rejected
             FROM review_step
             WHERE task_id IN (SELECT id FROM task WHERE stage IN ('review', 'test'))
             GROUP BY task_id
         ),
         replies AS (
             SELECT task_id, count(*) AS unread, max(id) AS newest
             FROM comment WHERE author_kind = 'agent' AND read_at_ms IS NULL GROUP BY task_id
         )
         SELECT json_object(
             'review_queue', (SELECT json_group_array(json_object(
                     'key', key, 'project', project, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
                     'stage_changed_at_ms', stage_changed_at_ms,
                     'accepted', accepted, 'rejected', rejected, 'steps', steps))
                 FROM (SELECT live.*, review.accepted, review.rejected, review.steps
                       FROM live JOIN review ON review.task_id = live.id
                       WHERE live.stage IN ('review', 'test') ORDER BY live.stage_changed_at_ms, live.id)),
             'waiting_on_you', (SELECT json_group_array(json_object(
                     'key', key, 'project', project, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
                     'stage_changed_at_ms', stage_changed_at_ms))
                 FROM (SELECT * FROM live
                       WHERE stage <> 'done'
                         AND lower(trim(waiting_on)) IN (SELECT value FROM json_each(?3))
                       ORDER BY stage_changed_at_ms, id)),
             'rule_warnings', (SELECT json_group_array(json_object(
                     'key', key, 'project', project, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
                     'stage_changed_at_ms', stage_changed_at_ms, 'warnings', json(warnings)))
                 FROM (SELECT live.*, json_extract(e.data, '$.warnings') AS warnings
                       FROM last_move JOIN event e ON e.id = last_move.id
                       JOIN live ON live.key = last_move.subject
                       WHERE json_array_length(e.data, '$.warnings') > 0
                       ORDER BY live.stage_changed_at_ms DESC, live.id)),
             'not_logged', (SELECT json_group_array(json_object(
                     'key', key, 'project', project, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
                     'stage_changed_at_ms', stage_changed_at_ms))
                 FROM (SELECT * FROM live WHERE ?2 AND stage = 'done' AND tracker_logged = 0
                       ORDER BY stage_changed_at_ms, id)),
             'unlinked_sessions', (SELECT json_group_array(json_object(
                     'name', name, 'cwd', cwd, 'reason', unlinked_reason, 'status', hook_status,
                     'seen_at_ms', seen_at_ms))
                 FROM (SELECT * FROM session
                       WHERE unlinked_reason IS NOT NULL AND coalesce(hook_status, '') <> 'ended'
                       ORDER BY seen_at_ms DESC, id)),
             'agent_replies', (SELECT json_group_array(json_object(
                     'key', key, 'project', project, 'title', title, 'stage', stage, 'waiting_on', waiting_on,
                     'stage_changed_at_ms', stage_changed_at_ms, 'unread', unread,
                     'author', author_name, 'body', body, 'created_at_ms', created_at_ms))
                 FROM (SELECT live.*, replies.unread, c.author_name, c.body, c.created_at_ms
                       FROM live JOIN replies ON replies.task_id = live.id JOIN comment c ON c.id = replies.newest
                       ORDER BY c.created_at_ms DESC, live.id))
         )",
    )
    .bind(query.archived_before_ms)
    .bind(query.require_tracker_log)
    .bind(owners)
    .fetch_one(conn)
    .await?;
    serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))
}
