//! The comment thread's SQL: owner comments and agents' replies with their sent / delivered / read times, the
//! reads an agent and the owner make of them. Plain rows in, plain rows out; the rules live in
//! `crate::board::comment`.

use sqlx::{FromRow, SqliteConnection};

use super::{Db, StoreError, run};

/// One comment of a task's thread, with the names a reader needs.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CommentRow {
    pub id: i64,
    pub task_id: i64,
    /// The task's key, `<project>-<n>`.
    pub key: String,
    pub project: String,
    /// owner or agent.
    pub author_kind: String,
    /// "owner", or the replying session's name.
    pub author_name: String,
    pub body: String,
    pub in_reply_to: Option<i64>,
    /// The review step a decision or step comment is about.
    pub step_id: Option<i64>,
    /// That step's position (1-based) now.
    pub step_position: Option<i64>,
    /// Sent.
    pub created_at_ms: i64,
    pub delivered_at_ms: Option<i64>,
    /// The session a hook handed it to.
    pub delivered_to: Option<String>,
    pub read_at_ms: Option<i64>,
}

/// A comment to insert.
#[derive(Clone, Debug)]
pub struct NewComment<'a> {
    pub task_id: i64,
    pub author_kind: &'a str,
    pub author_name: &'a str,
    pub author_session_id: Option<i64>,
    pub body: &'a str,
    pub in_reply_to: Option<i64>,
    pub step_id: Option<i64>,
}

/// The columns of [`CommentRow`] as one JSON object, so a thread comes back in one row.
const COMMENT_JSON: &str = "json_object('id', c.id, 'task_id', c.task_id, 'key', p.slug || '-' || t.number,
        'project', p.slug, 'author_kind', c.author_kind, 'author_name', c.author_name, 'body', c.body,
        'in_reply_to', c.in_reply_to, 'step_id', c.step_id,
        'step_position', (SELECT rs.position FROM review_step rs WHERE rs.id = c.step_id),
        'created_at_ms', c.created_at_ms, 'delivered_at_ms', c.delivered_at_ms,
        'delivered_to', (SELECT s.name FROM session s WHERE s.id = c.delivered_to_session_id),
        'read_at_ms', c.read_at_ms)";

const COMMENT_FROM: &str =
    "FROM comment c JOIN task t ON t.id = c.task_id JOIN project p ON p.id = t.project_id";

/// Comments matching `filter` (SQL over `c`, `t`, `p` with the `?1`… binds given), oldest first.
async fn select(
    conn: &mut SqliteConnection,
    filter: &str,
    binds: &[Option<i64>],
) -> sqlx::Result<Vec<CommentRow>> {
    let sql = format!(
        "SELECT coalesce(json_group_array(json(row)), '[]') FROM (
           SELECT {COMMENT_JSON} AS row {COMMENT_FROM} WHERE {filter} ORDER BY c.id)"
    );
    let mut query = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql));
    for bind in binds {
        query = query.bind(*bind);
    }
    let json = query.fetch_one(conn).await?;
    let mut rows: Vec<CommentRow> =
        serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("comments: {e}").into()))?;
    // json_group_array promises no order.
    rows.sort_by_key(|c| c.id);
    Ok(rows)
}

pub async fn insert(db: &mut impl Db, new: &NewComment<'_>, now_ms: i64) -> Result<i64, StoreError> {
    run(db, async |conn| {
    sqlx::query_scalar(
        "INSERT INTO comment (task_id, author_kind, author_name, author_session_id, body, in_reply_to, step_id,
                              created_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(new.task_id)
    .bind(new.author_kind)
    .bind(new.author_name)
    .bind(new.author_session_id)
    .bind(new.body)
    .bind(new.in_reply_to)
    .bind(new.step_id)
    .bind(now_ms)
    .fetch_one(conn)
    .await
})
    .await
}

pub async fn by_id(db: &mut impl Db, id: i64) -> Result<Option<CommentRow>, StoreError> {
    run(db, async |conn| {
        Ok(select(conn, "c.id = ?1", &[Some(id)]).await?.pop())
    })
    .await
}

/// Comments by id (those that exist), oldest first.
pub async fn by_ids(db: &mut impl Db, ids: &[i64]) -> Result<Vec<CommentRow>, StoreError> {
    run(db, async |conn| {
        let list = serde_json::to_string(ids).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let sql = format!(
            "SELECT coalesce(json_group_array(json(row)), '[]') FROM (
           SELECT {COMMENT_JSON} AS row {COMMENT_FROM}
            WHERE c.id IN (SELECT value FROM json_each(?1)) ORDER BY c.id)"
        );
        let json: String = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(list)
            .fetch_one(conn)
            .await?;
        let mut rows: Vec<CommentRow> =
            serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("comments: {e}").into()))?;
        rows.sort_by_key(|c| c.id);
        Ok(rows)
    })
    .await
}

/// A task's whole thread, oldest first.
pub async fn of_task(db: &mut impl Db, task_id: i64) -> Result<Vec<CommentRow>, StoreError> {
    run(db, async |conn| {
        select(conn, "c.task_id = ?1", &[Some(task_id)]).await
    })
    .await
}

/// A task's owner comments (only the unread ones with `unread_only`), oldest first.
pub async fn owner_comments_of_task(
    db: &mut impl Db,
    task_id: i64,
    unread_only: bool,
) -> Result<Vec<CommentRow>, StoreError> {
    run(db, async |conn| {
        select(
            conn,
            "c.task_id = ?1 AND c.author_kind = 'owner' AND (?2 = 0 OR c.read_at_ms IS NULL)",
            &[Some(task_id), Some(i64::from(unread_only))],
        )
        .await
    })
    .await
}

/// Owner comments on the tasks bound to a session now (only the unread ones with `unread_only`).
pub async fn owner_comments_for_session(
    db: &mut impl Db,
    session_id: i64,
    unread_only: bool,
) -> Result<Vec<CommentRow>, StoreError> {
    run(db, async |conn| {
        select(
            conn,
            "c.author_kind = 'owner' AND (?2 = 0 OR c.read_at_ms IS NULL)
         AND c.task_id IN (SELECT task_id FROM task_session WHERE session_id = ?1 AND unbound_at_ms IS NULL)",
            &[Some(session_id), Some(i64::from(unread_only))],
        )
        .await
    })
    .await
}

/// Marks comments read; returns the ids that were unread (the others keep their first read time).
pub async fn mark_read(db: &mut impl Db, ids: &[i64], now_ms: i64) -> Result<Vec<i64>, StoreError> {
    run(db, async |conn| {
        let list = serde_json::to_string(ids).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let mut marked: Vec<i64> = sqlx::query_scalar(
            "UPDATE comment SET read_at_ms = ?1
          WHERE read_at_ms IS NULL AND id IN (SELECT value FROM json_each(?2)) RETURNING id",
        )
        .bind(now_ms)
        .bind(list)
        .fetch_all(conn)
        .await?;
        marked.sort_unstable();
        Ok(marked)
    })
    .await
}

/// The ids of a task's unread comments of one author kind (owner comments, or agent replies), oldest first.
pub async fn unread_ids(db: &mut impl Db, task_id: i64, author_kind: &str) -> Result<Vec<i64>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "SELECT id FROM comment WHERE task_id = ? AND author_kind = ? AND read_at_ms IS NULL ORDER BY id",
        )
        .bind(task_id)
        .bind(author_kind)
        .fetch_all(conn)
        .await
    })
    .await
}
