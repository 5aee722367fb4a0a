//! The runner's rows: runner projects and runner sessions (migration 0006).

use sqlx::FromRow;

use super::{Db, StoreError, run};

#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct RunnerProjectRow {
    pub project_id: i64,
    pub slug: String,
    pub source: String,
    pub repo_path: String,
    pub git_url: Option<String>,
    pub state: String,
    pub error: Option<String>,
    pub created_at_ms: i64,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct RunnerSessionRow {
    pub id: i64,
    pub session_id: i64,
    pub name: String,
    pub project_id: i64,
    pub slug: String,
    pub repo_path: String,
    /// The project's source: `local` (sessions are worktrees) or `url` (sessions are clones).
    pub source: String,
    pub is_default: bool,
    pub backend: String,
    pub profile: String,
    pub branch: String,
    pub workspace: String,
    pub state: String,
    pub error: Option<String>,
    pub exit_code: Option<i64>,
    pub agent_session_id: Option<String>,
    pub container_id: Option<String>,
    /// The docker session's image (migration 0007); `None` for local sessions.
    pub image: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub started_at_ms: Option<i64>,
    pub stopped_at_ms: Option<i64>,
}

const PROJECT_COLUMNS: &str =
    "r.project_id, p.slug, r.source, r.repo_path, r.git_url, r.state, r.error, r.created_at_ms
   FROM runner_project r JOIN project p ON p.id = r.project_id";

const SESSION_COLUMNS: &str =
    "r.id, r.session_id, s.name, r.project_id, p.slug, rp.repo_path, rp.source, r.is_default, r.backend,
        r.profile, r.branch, r.workspace, r.state, r.error, r.exit_code, r.agent_session_id, r.container_id,
        r.image, r.created_at_ms, r.updated_at_ms, r.started_at_ms, r.stopped_at_ms
   FROM runner_session r JOIN session s ON s.id = r.session_id JOIN project p ON p.id = r.project_id
   JOIN runner_project rp ON rp.project_id = r.project_id";

pub async fn insert_project(
    db: &mut impl Db,
    project_id: i64,
    source: &str,
    repo_path: &str,
    git_url: Option<&str>,
    state: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "INSERT INTO runner_project (project_id, source, repo_path, git_url, state, created_at_ms, updated_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(project_id)
        .bind(source)
        .bind(repo_path)
        .bind(git_url)
        .bind(state)
        .bind(now_ms)
        .bind(now_ms)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

pub async fn project_by_slug(db: &mut impl Db, slug: &str) -> Result<Option<RunnerProjectRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {PROJECT_COLUMNS} WHERE p.slug = ?"));
    run(db, async |conn| {
        sqlx::query_as(sql).bind(slug).fetch_optional(conn).await
    })
    .await
}

pub async fn projects(db: &mut impl Db) -> Result<Vec<RunnerProjectRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {PROJECT_COLUMNS} ORDER BY p.slug"));
    run(db, async |conn| sqlx::query_as(sql).fetch_all(conn).await).await
}

/// Moves a project's clone to `state` (`ready`, `failed` with its error).
pub async fn set_project_state(
    db: &mut impl Db,
    project_id: i64,
    state: &str,
    error: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE runner_project SET state = ?, error = ?, updated_at_ms = ? WHERE project_id = ?")
            .bind(state)
            .bind(error)
            .bind(now_ms)
            .bind(project_id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// Forgets a project's runner side: its sessions' rows (every one is Deleted by then; the board sessions and the
/// event log keep their history) and the project's runner row. A URL project's board project loses its
/// `repo_path`, the clone it named being removed; a local project's keeps its checkout.
pub async fn remove_project(
    db: &mut impl Db,
    project_id: i64,
    url: bool,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM runner_session WHERE project_id = ?")
            .bind(project_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM runner_project WHERE project_id = ?")
            .bind(project_id)
            .execute(&mut *conn)
            .await?;
        if url {
            sqlx::query("UPDATE project SET repo_path = NULL, updated_at_ms = ? WHERE id = ?")
                .bind(now_ms)
                .bind(project_id)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    })
    .await
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_session(
    db: &mut impl Db,
    session_id: i64,
    project_id: i64,
    is_default: bool,
    backend: &str,
    image: Option<&str>,
    profile: &str,
    branch: &str,
    workspace: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO runner_session (session_id, project_id, is_default, backend, image, profile, branch, workspace,
                                         state, created_at_ms, updated_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'starting', ?, ?) RETURNING id",
        )
        .bind(session_id)
        .bind(project_id)
        .bind(is_default)
        .bind(backend)
        .bind(image)
        .bind(profile)
        .bind(branch)
        .bind(workspace)
        .bind(now_ms)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

/// The runner session of a board session's name (deleted ones too).
pub async fn session_by_name(db: &mut impl Db, name: &str) -> Result<Option<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {SESSION_COLUMNS} WHERE s.name = ?"));
    run(db, async |conn| {
        sqlx::query_as(sql).bind(name).fetch_optional(conn).await
    })
    .await
}

pub async fn session_by_id(db: &mut impl Db, id: i64) -> Result<Option<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {SESSION_COLUMNS} WHERE r.id = ?"));
    run(db, async |conn| {
        sqlx::query_as(sql).bind(id).fetch_optional(conn).await
    })
    .await
}

/// Sessions, of one project or all, oldest first; deleted ones only when asked.
pub async fn sessions(
    db: &mut impl Db,
    project_id: Option<i64>,
    with_deleted: bool,
) -> Result<Vec<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {SESSION_COLUMNS} WHERE (?1 IS NULL OR r.project_id = ?1) AND (?2 OR r.state != 'deleted') ORDER BY r.id"
    ));
    run(db, async |conn| {
        sqlx::query_as(sql)
            .bind(project_id)
            .bind(with_deleted)
            .fetch_all(conn)
            .await
    })
    .await
}

/// Sessions not deleted: (in all, in `project_id`).
pub async fn live_counts(db: &mut impl Db, project_id: i64) -> Result<(i64, i64), StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT count(*), coalesce(sum(project_id = ?), 0) FROM runner_session WHERE state != 'deleted'",
        )
        .bind(project_id)
        .fetch_one(conn)
        .await
    })
    .await
}

/// The session holding `branch` in a project, if one does.
pub async fn branch_holder(
    db: &mut impl Db,
    project_id: i64,
    branch: &str,
) -> Result<Option<String>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "SELECT s.name FROM runner_session r JOIN session s ON s.id = r.session_id
              WHERE r.project_id = ? AND r.branch = ? AND r.state != 'deleted'",
        )
        .bind(project_id)
        .bind(branch)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// How many runner sessions a project ever had (their names are numbered).
/// The number of the project's next session (`run-<slug>-<n>`, its workspace folder `<n>`): one more than the
/// sessions it ever had, past any board session that already has the name (a project removed and added again keeps
/// its old sessions on the board).
pub async fn next_session_number(db: &mut impl Db, project_id: i64, slug: &str) -> Result<i64, StoreError> {
    run(db, async |conn| {
        let count: i64 = sqlx::query_scalar("SELECT count(*) FROM runner_session WHERE project_id = ?")
            .bind(project_id)
            .fetch_one(&mut *conn)
            .await?;
        let prefix = format!("run-{slug}-");
        let names: Vec<String> = sqlx::query_scalar("SELECT name FROM session WHERE substr(name, 1, ?) = ?")
            .bind(i64::try_from(prefix.len()).unwrap_or(i64::MAX))
            .bind(&prefix)
            .fetch_all(&mut *conn)
            .await?;
        let taken = names
            .iter()
            .filter_map(|name| name.strip_prefix(&prefix)?.parse::<i64>().ok())
            .max()
            .unwrap_or(0);
        Ok(count.max(taken) + 1)
    })
    .await
}

/// Moves a session to `state` with its error and exit code, stamping when it started, stopped or was deleted.
pub async fn set_state(
    db: &mut impl Db,
    id: i64,
    state: &str,
    error: Option<&str>,
    exit_code: Option<i64>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE runner_session SET state = ?2, error = ?3, exit_code = ?4, updated_at_ms = ?5,
                    started_at_ms = CASE WHEN ?2 = 'running' THEN ?5 ELSE started_at_ms END,
                    stopped_at_ms = CASE WHEN ?2 IN ('stopped', 'failed') THEN ?5 ELSE stopped_at_ms END,
                    deleted_at_ms = CASE WHEN ?2 = 'deleted' THEN ?5 ELSE deleted_at_ms END
              WHERE id = ?1",
        )
        .bind(id)
        .bind(state)
        .bind(error)
        .bind(exit_code)
        .bind(now_ms)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

/// Records (or clears) the docker container a session runs in.
pub async fn set_container(
    db: &mut impl Db,
    id: i64,
    container: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE runner_session SET container_id = ?2, updated_at_ms = ?3 WHERE id = ?1")
            .bind(id)
            .bind(container)
            .bind(now_ms)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// The live (not deleted) session running in a docker container.
pub async fn session_by_container(
    db: &mut impl Db,
    container: &str,
) -> Result<Option<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {SESSION_COLUMNS} WHERE r.container_id = ? AND r.state != 'deleted'"
    ));
    run(db, async |conn| {
        sqlx::query_as(sql).bind(container).fetch_optional(conn).await
    })
    .await
}

/// The live sessions of the docker backend (reconcile, the events watcher).
pub async fn docker_sessions(db: &mut impl Db) -> Result<Vec<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {SESSION_COLUMNS} WHERE r.backend = 'docker' AND r.state != 'deleted' ORDER BY r.id"
    ));
    run(db, async |conn| sqlx::query_as(sql).fetch_all(conn).await).await
}

/// Records the agent's own session id (Claude Code's), for resume.
pub async fn set_agent_session(
    db: &mut impl Db,
    session_id: i64,
    agent: &str,
    now_ms: i64,
) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE runner_session SET agent_session_id = ?1, updated_at_ms = ?2
              WHERE session_id = ?3 AND (agent_session_id IS NULL OR agent_session_id != ?1)",
        )
        .bind(agent)
        .bind(now_ms)
        .bind(session_id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() > 0)
    })
    .await
}

/// Sessions a previous relayd left starting or running (their processes ended with it).
pub async fn left_running(db: &mut impl Db) -> Result<Vec<RunnerSessionRow>, StoreError> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {SESSION_COLUMNS} WHERE r.state IN ('starting', 'running') ORDER BY r.id"
    ));
    run(db, async |conn| sqlx::query_as(sql).fetch_all(conn).await).await
}
