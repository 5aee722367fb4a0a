//! The SQL of plans: the plan status on the task, plan steps, plan revisions, and the agent's todo
//! (`session_todo`). Plain rows in, plain rows out; the rules about them live in `crate::board::plan`.

use super::{Db, StoreError, run};
use sqlx::{FromRow, SqliteConnection};

/// A task's plan status and who accepted it when.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct PlanStateRow {
    /// `none`, `draft` or `accepted`.
    pub plan_status: String,
    pub plan_accepted_at_ms: Option<i64>,
    pub plan_accepted_by: Option<String>,
}

/// One plan step. `position` is 1-based and dense.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlanStepRow {
    pub id: i64,
    pub position: i64,
    pub title: String,
    pub details: Option<String>,
    /// `pending`, `in_progress`, `done` or `blocked`.
    pub status: String,
    pub done_at_ms: Option<i64>,
    pub link: Option<String>,
    pub outcome: Option<String>,
    pub conformance: Option<String>,
    pub created_by: Option<String>,
    pub updated_at_ms: i64,
}

/// A step as a write leaves it; the id is found by position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepValues<'a> {
    pub position: i64,
    pub title: &'a str,
    pub details: Option<&'a str>,
    pub status: &'a str,
    pub done_at_ms: Option<i64>,
    pub link: Option<&'a str>,
    pub outcome: Option<&'a str>,
    pub conformance: Option<&'a str>,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct PlanRevisionRow {
    pub revision: i64,
    /// The whole plan as JSON.
    pub body: String,
    pub author: String,
    pub reason: String,
    pub created_at_ms: i64,
}

/// One item of an agent's todo.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct TodoRow {
    pub cc_session_id: String,
    pub item_id: String,
    pub subject: String,
    /// `pending`, `in_progress` or `completed`.
    pub status: String,
    pub active_form: Option<String>,
    pub position: i64,
}

/// A todo item as a write leaves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TodoValues<'a> {
    pub item_id: &'a str,
    pub subject: &'a str,
    pub status: &'a str,
    pub active_form: Option<&'a str>,
}

/// A task a session is bound to now.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct BoundTaskRow {
    pub task_id: i64,
    pub project_slug: String,
    pub number: i64,
}

/// What a stage move is judged on: the plan status, the number of steps and whether the bound session has a todo.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct PlanFactsRow {
    pub plan_status: String,
    pub steps: i64,
    pub todo_items: i64,
}

// ---- plan ----------------------------------------------------------------------------------------------

pub async fn plan_state(db: &mut impl Db, task_id: i64) -> Result<PlanStateRow, StoreError> {
    run(db, async |conn| {
        sqlx::query_as("SELECT plan_status, plan_accepted_at_ms, plan_accepted_by FROM task WHERE id = ?")
            .bind(task_id)
            .fetch_one(conn)
            .await
    })
    .await
}

pub async fn set_plan_state(db: &mut impl Db, task_id: i64, state: &PlanStateRow) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE task SET plan_status = ?, plan_accepted_at_ms = ?, plan_accepted_by = ? WHERE id = ?",
        )
        .bind(&state.plan_status)
        .bind(state.plan_accepted_at_ms)
        .bind(&state.plan_accepted_by)
        .bind(task_id)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

const STEP_COLUMNS: &str = "id, position, title, details, status, done_at_ms, link, outcome, conformance, \
                            created_by, updated_at_ms";

/// A task's plan steps in order.
pub async fn plan_steps(db: &mut impl Db, task_id: i64) -> Result<Vec<PlanStepRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {STEP_COLUMNS} FROM plan_step WHERE task_id = ? ORDER BY position"
        )))
        .bind(task_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// Writes `steps` as the task's whole plan: a step keeps its row (and id) at its position, rows past the new
/// end are deleted. `created_by` is recorded on rows that did not exist.
pub async fn write_plan_steps(
    db: &mut impl Db,
    task_id: i64,
    steps: &[StepValues<'_>],
    created_by: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        let count = i64::try_from(steps.len()).unwrap_or(i64::MAX);
        sqlx::query("DELETE FROM plan_step WHERE task_id = ? AND position > ?")
            .bind(task_id)
            .bind(count)
            .execute(&mut *conn)
            .await?;
        for step in steps {
            write_plan_step_in(&mut *conn, task_id, step, created_by, now_ms).await?;
        }
        Ok(())
    })
    .await
}

/// Inserts or replaces the step at `step.position`.
pub async fn write_plan_step(
    db: &mut impl Db,
    task_id: i64,
    step: &StepValues<'_>,
    created_by: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        write_plan_step_in(conn, task_id, step, created_by, now_ms).await
    })
    .await
}

async fn write_plan_step_in(
    conn: &mut SqliteConnection,
    task_id: i64,
    step: &StepValues<'_>,
    created_by: &str,
    now_ms: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO plan_step (task_id, position, title, details, status, done_at_ms, link, outcome, conformance,
                                created_by, updated_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id, position) DO UPDATE SET title = excluded.title, details = excluded.details,
             status = excluded.status, done_at_ms = excluded.done_at_ms, link = excluded.link,
             outcome = excluded.outcome, conformance = excluded.conformance, updated_at_ms = excluded.updated_at_ms",
    )
    .bind(task_id)
    .bind(step.position)
    .bind(step.title)
    .bind(step.details)
    .bind(step.status)
    .bind(step.done_at_ms)
    .bind(step.link)
    .bind(step.outcome)
    .bind(step.conformance)
    .bind(created_by)
    .bind(now_ms)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Appends a revision (numbered per task from 1) and returns its number.
pub async fn insert_plan_revision(
    db: &mut impl Db,
    task_id: i64,
    body: &str,
    author: &str,
    reason: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
    sqlx::query_scalar(
        "INSERT INTO plan_revision (task_id, revision, body, author, reason, created_at_ms)
         VALUES (?1, (SELECT coalesce(max(revision), 0) + 1 FROM plan_revision WHERE task_id = ?1), ?2, ?3, ?4, ?5)
         RETURNING revision",
    )
    .bind(task_id)
    .bind(body)
    .bind(author)
    .bind(reason)
    .bind(now_ms)
    .fetch_one(conn)
    .await
})
    .await
}

/// Every revision of a task's plan, oldest first.
pub async fn plan_revisions(db: &mut impl Db, task_id: i64) -> Result<Vec<PlanRevisionRow>, StoreError> {
    run(db, async |conn| {
    sqlx::query_as(
        "SELECT revision, body, author, reason, created_at_ms FROM plan_revision WHERE task_id = ? ORDER BY revision",
    )
    .bind(task_id)
    .fetch_all(conn)
    .await
})
    .await
}

pub async fn plan_revision_count(db: &mut impl Db, task_id: i64) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT count(*) FROM plan_revision WHERE task_id = ?")
            .bind(task_id)
            .fetch_one(conn)
            .await
    })
    .await
}

/// A task's plan status and its steps (positions, titles, statuses, conformance lines; no texts) in one
/// statement, for the summary line of task_get.
pub async fn plan_summary_rows(
    db: &mut impl Db,
    task_id: i64,
) -> Result<(String, Vec<PlanStepRow>), StoreError> {
    run(db, async |conn| {
        let (status, json): (String, String) = sqlx::query_as(
            "SELECT t.plan_status, (SELECT coalesce(json_group_array(json_object(
                    'id', s.id, 'position', s.position, 'title', s.title, 'details', NULL, 'status', s.status,
                    'done_at_ms', s.done_at_ms, 'link', NULL, 'outcome', NULL, 'conformance', s.conformance,
                    'created_by', NULL, 'updated_at_ms', s.updated_at_ms)), '[]')
                FROM plan_step s WHERE s.task_id = t.id)
           FROM task t WHERE t.id = ?",
        )
        .bind(task_id)
        .fetch_one(conn)
        .await?;
        let mut steps: Vec<PlanStepRow> = serde_json::from_str(&json)
            .map_err(|e| sqlx::Error::Decode(format!("plan steps of task {task_id}: {e}").into()))?;
        // json_group_array keeps no guaranteed order.
        steps.sort_by_key(|s| s.position);
        Ok((status, steps))
    })
    .await
}

/// The task a report belongs to.
pub async fn report_task(db: &mut impl Db, report_id: i64) -> Result<Option<i64>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT task_id FROM report WHERE id = ?")
            .bind(report_id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// The facts a stage move is judged on, in one statement.
pub async fn plan_facts(db: &mut impl Db, task_id: i64) -> Result<PlanFactsRow, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT t.plan_status,
                (SELECT count(*) FROM plan_step WHERE task_id = t.id) AS steps,
                (SELECT count(*) FROM session_todo st JOIN task_session ts ON ts.session_id = st.session_id
                  WHERE ts.task_id = t.id AND ts.unbound_at_ms IS NULL) AS todo_items
           FROM task t WHERE t.id = ?",
        )
        .bind(task_id)
        .fetch_one(conn)
        .await
    })
    .await
}

// ---- the agent's todo ----------------------------------------------------------------------------------

/// A session's todo in order.
pub async fn session_todo(db: &mut impl Db, session_id: i64) -> Result<Vec<TodoRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT cc_session_id, item_id, subject, status, active_form, position FROM session_todo
          WHERE session_id = ? ORDER BY position, id",
        )
        .bind(session_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// Replaces a session's todo with `items` under its Claude Code id `cc_session_id` (a list of another id is
/// dropped with it: a session has one current list).
pub async fn replace_session_todo(
    db: &mut impl Db,
    session_id: i64,
    cc_session_id: &str,
    items: &[TodoValues<'_>],
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
    sqlx::query("DELETE FROM session_todo WHERE session_id = ?")
        .bind(session_id)
        .execute(&mut *conn)
        .await?;
    for (index, item) in items.iter().enumerate() {
        sqlx::query(
            "INSERT INTO session_todo (session_id, cc_session_id, item_id, subject, status, active_form, position,
                                       updated_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(session_id)
        .bind(cc_session_id)
        .bind(item.item_id)
        .bind(item.subject)
        .bind(item.status)
        .bind(item.active_form)
        .bind(i64::try_from(index).unwrap_or(i64::MAX) + 1)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
})
    .await
}

/// The tasks a session is bound to now.
pub async fn bound_tasks(db: &mut impl Db, session_id: i64) -> Result<Vec<BoundTaskRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT t.id AS task_id, p.slug AS project_slug, t.number FROM task_session ts
           JOIN task t ON t.id = ts.task_id JOIN project p ON p.id = t.project_id
          WHERE ts.session_id = ? AND ts.unbound_at_ms IS NULL ORDER BY p.slug, t.number",
        )
        .bind(session_id)
        .fetch_all(conn)
        .await
    })
    .await
}
