//! The SQL of screenshots (attachments): rows in, rows out; the checks, limits and files live in
//! `crate::board` and `crate::attach`. Review steps are read through `super::review`.

use super::{Db, StoreError, run};
use sqlx::FromRow;

/// One stored screenshot with its task key and, when it is on a review step, that step's number and title.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AttachmentRow {
    pub id: i64,
    pub task_id: i64,
    pub project_slug: String,
    pub task_number: i64,
    pub step_id: Option<i64>,
    pub step_position: Option<i64>,
    pub step_title: Option<String>,
    pub stored_name: String,
    pub original_name: Option<String>,
    pub media_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub caption: Option<String>,
    pub created_by: String,
    pub created_at_ms: i64,
}

/// What a new row holds.
#[derive(Clone, Debug)]
pub struct NewAttachment<'a> {
    pub task_id: i64,
    pub step_id: Option<i64>,
    pub stored_name: &'a str,
    pub original_name: Option<&'a str>,
    pub media_type: &'a str,
    pub size_bytes: i64,
    pub sha256: &'a str,
    pub caption: Option<&'a str>,
    pub created_by: &'a str,
    pub created_at_ms: i64,
}

const ATTACHMENT_SELECT: &str = "SELECT a.id, a.task_id, p.slug AS project_slug, t.number AS task_number,
        a.step_id, rs.position AS step_position, rs.title AS step_title, a.stored_name, a.original_name,
        a.media_type, a.size_bytes, a.sha256, a.caption, a.created_by, a.created_at_ms
   FROM attachment a
   JOIN task t ON t.id = a.task_id
   JOIN project p ON p.id = t.project_id
   LEFT JOIN review_step rs ON rs.id = a.step_id";

pub async fn attachment_by_id(db: &mut impl Db, id: i64) -> Result<Option<AttachmentRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{ATTACHMENT_SELECT} WHERE a.id = ?")))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// The task's screenshot with this SHA-256, if it has one (a task stores an image once).
pub async fn attachment_by_hash(
    db: &mut impl Db,
    task_id: i64,
    sha256: &str,
) -> Result<Option<AttachmentRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{ATTACHMENT_SELECT} WHERE a.task_id = ? AND a.sha256 = ?"
        )))
        .bind(task_id)
        .bind(sha256)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// A task's screenshots: those of review steps in step order, then the others, oldest first. One row holding
/// a JSON array, so the list is one hand-off from the database thread.
pub async fn attachments_of_task(db: &mut impl Db, task_id: i64) -> Result<Vec<AttachmentRow>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT coalesce(json_group_array(json_object(
             'id', x.id, 'task_id', x.task_id, 'project_slug', x.project_slug, 'task_number', x.task_number,
             'step_id', x.step_id, 'step_position', x.step_position, 'step_title', x.step_title,
             'stored_name', x.stored_name, 'original_name', x.original_name, 'media_type', x.media_type,
             'size_bytes', x.size_bytes, 'sha256', x.sha256, 'caption', x.caption, 'created_by', x.created_by,
             'created_at_ms', x.created_at_ms)), '[]')
           FROM ({ATTACHMENT_SELECT} WHERE a.task_id = ?) AS x"
        )))
        .bind(task_id)
        .fetch_one(conn)
        .await?;
        let mut rows: Vec<AttachmentRow> = serde_json::from_str(&json)
            .map_err(|e| sqlx::Error::Decode(format!("attachments_of_task: {e}").into()))?;
        rows.sort_by_key(|row| (row.step_position.is_none(), row.step_position, row.id));
        Ok(rows)
    })
    .await
}

/// The bytes of every screenshot a task holds.
pub async fn task_attachment_bytes(db: &mut impl Db, task_id: i64) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT coalesce(sum(size_bytes), 0) FROM attachment WHERE task_id = ?")
            .bind(task_id)
            .fetch_one(conn)
            .await
    })
    .await
}

pub async fn insert_attachment(db: &mut impl Db, new: &NewAttachment<'_>) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
        "INSERT INTO attachment (task_id, step_id, stored_name, original_name, media_type, size_bytes, sha256,
                                 caption, created_by, created_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(new.task_id)
    .bind(new.step_id)
    .bind(new.stored_name)
    .bind(new.original_name)
    .bind(new.media_type)
    .bind(new.size_bytes)
    .bind(new.sha256)
    .bind(new.caption)
    .bind(new.created_by)
    .bind(new.created_at_ms)
    .fetch_one(conn)
    .await
    })
    .await
}

pub async fn set_caption(db: &mut impl Db, id: i64, caption: Option<&str>) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE attachment SET caption = ? WHERE id = ?")
            .bind(caption)
            .bind(id)
            .execute(conn)
            .await
            .map(drop)
    })
    .await
}

pub async fn delete_attachment(db: &mut impl Db, id: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM attachment WHERE id = ?")
            .bind(id)
            .execute(conn)
            .await
            .map(drop)
    })
    .await
}

/// Every stored file a row names, as `(project slug, task number, stored name)`, for the orphan sweep.
pub async fn stored_files(db: &mut impl Db) -> Result<Vec<(String, i64, String)>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(
            "SELECT coalesce(json_group_array(json_array(p.slug, t.number, a.stored_name)), '[]')
           FROM attachment a JOIN task t ON t.id = a.task_id JOIN project p ON p.id = t.project_id",
        )
        .fetch_one(conn)
        .await?;
        serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("stored_files: {e}").into()))
    })
    .await
}
