//! The review checklist's SQL: a task's review steps (what the owner checks by eye), the screenshots of a task
//! as the checklist shows them (read-only: attachments are written by their own service). Plain rows in, plain
//! rows out; the rules live in `crate::board::review`.

use relay_core::board::ReviewStepStatus;
use sqlx::FromRow;

use super::{Db, StoreError, run};

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
pub async fn steps(db: &mut impl Db, task_id: i64) -> Result<Vec<ReviewStepRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {STEP_COLUMNS} FROM review_step WHERE task_id = ? ORDER BY position"
        )))
        .bind(task_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// The step at `position` (1-based) of a task's checklist.
pub async fn step_at(
    db: &mut impl Db,
    task_id: i64,
    position: i64,
) -> Result<Option<ReviewStepRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {STEP_COLUMNS} FROM review_step WHERE task_id = ? AND position = ?"
        )))
        .bind(task_id)
        .bind(position)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// How many steps a task's checklist has.
pub async fn step_count(db: &mut impl Db, task_id: i64) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT count(*) FROM review_step WHERE task_id = ?")
            .bind(task_id)
            .fetch_one(conn)
            .await
    })
    .await
}

pub async fn insert_step(
    db: &mut impl Db,
    task_id: i64,
    position: i64,
    title: &str,
    details: Option<&str>,
    created_by: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO review_step (task_id, position, title, details, status, created_by, updated_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(task_id)
        .bind(position)
        .bind(title)
        .bind(details)
        .bind(ReviewStepStatus::Open.as_str())
        .bind(created_by)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

/// New text for a step; a changed step is open again (its decision cleared).
pub async fn rewrite_step(
    db: &mut impl Db,
    id: i64,
    title: &str,
    details: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
        "UPDATE review_step SET title = ?, details = ?, status = ?, decided_at_ms = NULL, decided_by = NULL,
                updated_at_ms = ?
          WHERE id = ?",
    )
    .bind(title)
    .bind(details)
    .bind(ReviewStepStatus::Open.as_str())
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await
    .map(drop)
    })
    .await
}

/// Sets a step's status with who decided and when (both `None` for open).
pub async fn set_status(
    db: &mut impl Db,
    id: i64,
    status: &str,
    decided_by: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
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
})
    .await
}

/// Removes a step. Its screenshots and comments stay on the task: their `step_id` is set to NULL by the
/// foreign keys (`ON DELETE SET NULL`; the store opens every connection with `foreign_keys=ON`).
pub async fn delete_step(db: &mut impl Db, id: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM review_step WHERE id = ?")
            .bind(id)
            .execute(conn)
            .await
            .map(drop)
    })
    .await
}

/// A task's screenshots, oldest first (read-only; the attachment service writes them).
pub async fn screenshots(db: &mut impl Db, task_id: i64) -> Result<Vec<ScreenshotRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT id, step_id, caption, media_type, size_bytes, original_name, created_at_ms
           FROM attachment WHERE task_id = ? ORDER BY id",
        )
        .bind(task_id)
        .fetch_all(conn)
        .await
    })
    .await
}
