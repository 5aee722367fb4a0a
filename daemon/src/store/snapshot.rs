//! Snapshots of uncommitted work (migration 0008): who, which command, which task, what they hold. The snapshot
//! itself is a commit under `git_ref` in the repository.

use sqlx::FromRow;

use super::{Db, StoreError, run};

#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct SnapshotRow {
    pub id: i64,
    pub repo: String,
    pub git_ref: String,
    pub commit_sha: String,
    pub base_sha: Option<String>,
    pub reason: String,
    pub session: String,
    pub agent: String,
    pub command: String,
    pub project: Option<String>,
    pub task_key: Option<String>,
    pub files: i64,
    pub bytes: i64,
    pub skipped_json: String,
    pub notes_json: String,
    pub held_json: String,
    pub created_at_ms: i64,
}

/// A row to write (`id` is given by the insert).
#[derive(Clone, Debug, Default)]
pub struct NewSnapshot<'a> {
    pub repo: &'a str,
    pub git_ref: &'a str,
    pub commit_sha: &'a str,
    pub base_sha: Option<&'a str>,
    pub reason: &'a str,
    pub session: &'a str,
    pub agent: &'a str,
    pub command: &'a str,
    pub project: Option<&'a str>,
    pub task_key: Option<&'a str>,
    pub files: i64,
    pub bytes: i64,
    pub skipped_json: &'a str,
    pub notes_json: &'a str,
    pub held_json: &'a str,
    pub created_at_ms: i64,
}

const COLUMNS: &str =
    "id, repo, git_ref, commit_sha, base_sha, reason, session, agent, command, project, task_key,
    files, bytes, skipped_json, notes_json, held_json, created_at_ms FROM work_snapshot";

pub async fn insert(db: &mut impl Db, row: &NewSnapshot<'_>) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO work_snapshot (repo, git_ref, commit_sha, base_sha, reason, session, agent, command,
                 project, task_key, files, bytes, skipped_json, notes_json, held_json, created_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(row.repo)
        .bind(row.git_ref)
        .bind(row.commit_sha)
        .bind(row.base_sha)
        .bind(row.reason)
        .bind(row.session)
        .bind(row.agent)
        .bind(row.command)
        .bind(row.project)
        .bind(row.task_key)
        .bind(row.files)
        .bind(row.bytes)
        .bind(row.skipped_json)
        .bind(row.notes_json)
        .bind(row.held_json)
        .bind(row.created_at_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

/// Which snapshots a listing holds: each field given narrows it (all of them when none is).
#[derive(Clone, Copy, Debug, Default)]
pub struct Filter<'a> {
    pub project: Option<&'a str>,
    pub task_key: Option<&'a str>,
    pub session: Option<&'a str>,
}

/// The newest snapshots first, those `filter` admits, at most `limit`.
pub async fn list(db: &mut impl Db, filter: Filter<'_>, limit: i64) -> Result<Vec<SnapshotRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {COLUMNS} WHERE (?1 IS NULL OR project = ?1) AND (?2 IS NULL OR task_key = ?2)
               AND (?3 IS NULL OR session = ?3) ORDER BY created_at_ms DESC, id DESC LIMIT ?4"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(filter.project)
            .bind(filter.task_key)
            .bind(filter.session)
            .bind(limit)
            .fetch_all(conn)
            .await
    })
    .await
}

pub async fn get(db: &mut impl Db, id: i64) -> Result<Option<SnapshotRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!("SELECT {COLUMNS} WHERE id = ?");
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// The snapshots of one repository, newest first (retention reads them).
pub async fn of_repo(db: &mut impl Db, repo: &str) -> Result<Vec<SnapshotRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!("SELECT {COLUMNS} WHERE repo = ? ORDER BY created_at_ms DESC, id DESC");
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(repo)
            .fetch_all(conn)
            .await
    })
    .await
}

pub async fn delete(db: &mut impl Db, id: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM work_snapshot WHERE id = ?")
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// The open task bound to a board session now (the newest binding), as `(project slug, task key)`.
pub async fn bound_task(db: &mut impl Db, session_id: i64) -> Result<Option<(String, String)>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT p.slug, p.slug || '-' || t.number FROM task_session ts
               JOIN task t ON t.id = ts.task_id JOIN project p ON p.id = t.project_id
              WHERE ts.session_id = ? AND ts.unbound_at_ms IS NULL
              ORDER BY ts.bound_at_ms DESC LIMIT 1",
        )
        .bind(session_id)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// The project whose repository is `repo` (the first by id when several name it).
pub async fn project_of_repo(db: &mut impl Db, repo: &str) -> Result<Option<String>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT slug FROM project WHERE repo_path = ? ORDER BY id LIMIT 1")
            .bind(repo)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// Points a snapshot at the repository that keeps it now (a removed clone's snapshot, fetched into its project's).
pub async fn move_repo(db: &mut impl Db, id: i64, repo: &str) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE work_snapshot SET repo = ? WHERE id = ?")
            .bind(repo)
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}
