//! The review checklist's SQL: a task's review steps (what the owner checks by eye), the screenshots of a task
//! as the checklist shows them (read-only: attachments are written by their own service). Plain rows in, plain
//! rows out; the rules live in `crate::board::review`.

use sqlx::{FromRow, SqliteConnection};

/// One step of a task's review checklist.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReviewStepRow {
    pub id: i64,
    pub task_id: i64,
    /// 1-based and dense.
    pub position: i64,
    pub title: String,
    pub details: Option<String>,
    /// open, accepted or rejected.
    pub status: String,
    pub decided_at_ms: Option<i64>,
    pub decided_by: Option<String>,
    pub created_by: Option<String>,
    pub updated_at_ms: i64,
}

/// A screenshot as the checklist lists it: no file, no hash.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScreenshotRow {
    pub id: i64,
    /// The review step it belongs to; `None` for the task's other screenshots.
    pub step_id: Option<i64>,
    pub caption: Option<String>,
    pub media_type: String,
    pub size_bytes: i64,
    pub original_name: Option<String>,
    pub created_at_ms: i64,
}

const STEP_COLUMNS: &str =
    "id, task_id, position, title, details, status, decided_at_ms, decided_by, created_by, updated_at_ms";

/// A task's checklist in order.
pub async fn steps(conn: &mut SqliteConnection, task_id: i64) -> sqlx::Result<Vec<ReviewStepRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {STEP_COLUMNS} FROM review_step WHERE task_id = ? ORDER BY position"
    )))
    .bind(task_id)
    .fetch_all(conn)
    .await
}

/// The step at `position` (1-based) of a task's checklist.
pub async fn step_at(
    conn: &mut SqliteConnection,
    task_id: i64,
    position: i64,
) -> sqlx::Result<Option<ReviewStepRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {STEP_COLUMNS} FROM review_step WHERE task_id = ? AND position = ?"
    )))
    .bind(task_id)
    .bind(position)
    .fetch_optional(conn)
    .await
}

/// How many steps a task's checklist has.
pub async fn step_count(conn: &mut SqliteConnection, task_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM review_step WHERE task_id = ?")
        .bind(task_id)
        .fetch_one(conn)
        .await
}

pub async fn insert_step(
    conn: &mut SqliteConnection,
    task_id: i64,
    position: i64,
    title: &str,
    details: Option<&str>,
    created_by: &str,
    now_ms: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO review_step (task_id, position, title, details, status, created_by, updated_at_ms)
         VALUES (?, ?, ?, ?, 'open', ?, ?) RETURNING id",
    )
    .bind(task_id)
    .bind(position)
    .bind(title)
    .bind(details)
    .bind(created_by)
    .bind(now_ms)
    .fetch_one(conn)
    .await
}

/// New text for a step; a changed step is open again (its decision cleared).
pub async fn rewrite_step(
    conn: &mut SqliteConnection,
    id: i64,
    title: &str,
    details: Option<&str>,
    now_ms: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE review_step SET title = ?, details = ?, status = 'open', decided_at_ms = NULL, decided_by = NULL,
                updated_at_ms = ?
          WHERE id = ?",
    )
    .bind(title)
    .bind(details)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await
    .map(drop)
}

/// Sets a step's status with who decided and when (both `None` for open).
pub async fn set_status(
    conn: &mut SqliteConnection,
    id: i64,
    status: &str,
    decided_by: Option<&str>,
    now_ms: i64,
) -> sqlx::Result<()> {
    let decided_at = decided_by.map(|_| now_ms);
    sqlx::query(
        "UPDATE review_step SET status = ?, decided_at_ms = ?, decided_by = ?, updated_at_ms = ? WHERE id = ?",
    )
    .bind(status)
    .bind(decided_at)
    .bind(decided_by)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await
    .map(drop)
}

/// Removes a step. Its screenshots and comments stay on the task: their `step_id` is set to NULL by the
/// foreign keys (`ON DELETE SET NULL`; the store opens every connection with `foreign_keys=ON`).
pub async fn delete_step(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM review_step WHERE id = ?")
        .bind(id)
        .execute(conn)
        .await
        .map(drop)
}

/// A task's screenshots, oldest first (read-only; the attachment service writes them).
pub async fn screenshots(conn: &mut SqliteConnection, task_id: i64) -> sqlx::Result<Vec<ScreenshotRow>> {
    sqlx::query_as(
        "SELECT id, step_id, caption, media_type, size_bytes, original_name, created_at_ms
           FROM attachment WHERE task_id = ? ORDER BY id",
    )
    .bind(task_id)
    .fetch_all(conn)
    .await
}
