//! SQL of sessions as Claude Code's hooks see them: the linked Claude Code id, the hook status and activity,
//! the folder's project, and the sessions a hook id may be linked to.

use super::{Db, StoreError, run};
use sqlx::SqliteConnection;

/// A session with its hook columns.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HookSessionRow {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub cc_session_id: Option<String>,
    pub cc_exact: bool,
    pub hook_status: Option<String>,
    pub activity: Option<String>,
    pub activity_at_ms: Option<i64>,
}

/// `SELECT <the columns of HookSessionRow> FROM session <rest>`, as one static string.
macro_rules! select {
    ($rest:literal) => {
        concat!(
            "SELECT id, name, kind, cc_session_id, cc_exact, hook_status, activity, activity_at_ms FROM session ",
            $rest
        )
    };
}

pub async fn by_cc(db: &mut impl Db, cc: &str) -> Result<Option<HookSessionRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(select!("WHERE cc_session_id = ?"))
            .bind(cc)
            .fetch_optional(conn)
            .await
    })
    .await
}

pub async fn by_id(db: &mut impl Db, id: i64) -> Result<Option<HookSessionRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(select!("WHERE id = ?"))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// The session a name resolves to, directly or through an alias.
pub async fn by_name(db: &mut impl Db, name: &str) -> Result<Option<HookSessionRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(concat!(
            select!("WHERE name = ?1"),
            " UNION ALL ",
            select!("WHERE id = (SELECT session_id FROM session_alias WHERE alias = ?1) LIMIT 1")
        ))
        .bind(name)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// The projects whose repository folder holds `cwd` (slug, id), by the longest path first.
pub async fn projects_holding(db: &mut impl Db, cwd: &str) -> Result<Vec<(i64, String, String)>, StoreError> {
    run(db, async |conn| {
        let rows: Vec<(i64, String, String)> = sqlx::query_as(
            "SELECT id, slug, repo_path FROM project WHERE repo_path IS NOT NULL AND repo_path <> ''
         ORDER BY length(repo_path) DESC",
        )
        .fetch_all(conn)
        .await?;
        Ok(rows
            .into_iter()
            .filter(|(_, _, repo)| within(cwd, repo))
            .collect())
    })
    .await
}

/// Whether `cwd` is `repo` or a folder inside it (whole path components only).
fn within(cwd: &str, repo: &str) -> bool {
    let repo = repo.trim_end_matches('/');
    cwd == repo || (cwd.starts_with(repo) && cwd[repo.len()..].starts_with('/'))
}

/// Desktop sessions not ended that are bound now to a task of the project.
pub async fn desktop_sessions_in(
    db: &mut impl Db,
    project_id: i64,
) -> Result<Vec<HookSessionRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(select!(
            "WHERE kind = 'desktop' AND coalesce(hook_status, '') <> 'ended'
           AND id IN (SELECT ts.session_id FROM task_session ts JOIN task t ON t.id = ts.task_id
                      WHERE ts.unbound_at_ms IS NULL AND t.project_id = ?)
         ORDER BY id"
        ))
        .bind(project_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// The tasks bound to a session now: (task id, key).
pub async fn bound_tasks(
    db: &mut impl Db,
    session_id: i64,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT t.id, p.slug || '-' || t.number, p.slug FROM task_session ts
           JOIN task t ON t.id = ts.task_id JOIN project p ON p.id = t.project_id
         WHERE ts.session_id = ? AND ts.unbound_at_ms IS NULL ORDER BY t.id",
        )
        .bind(session_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// Takes a Claude Code id from whichever row holds it, except `keep`.
async fn release(conn: &mut SqliteConnection, cc: &str, keep: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("UPDATE session SET cc_session_id = NULL WHERE cc_session_id = ? AND id IS NOT ?")
        .bind(cc)
        .bind(keep)
        .execute(conn)
        .await
        .map(drop)
}

/// Links a Claude Code id to a session, taking it from whichever row held it.
pub async fn link(db: &mut impl Db, session_id: i64, cc: &str, exact: bool) -> Result<(), StoreError> {
    run(db, async |conn| {
        release(&mut *conn, cc, Some(session_id)).await?;
        sqlx::query(
            "UPDATE session SET cc_session_id = ?, cc_exact = ?, unlinked_reason = NULL WHERE id = ?",
        )
        .bind(cc)
        .bind(exact)
        .bind(session_id)
        .execute(conn)
        .await?;
        Ok(())
    })
    .await
}

pub async fn insert_hook_session(
    db: &mut impl Db,
    name: &str,
    cc: &str,
    cwd: &str,
    project_id: Option<i64>,
    unlinked_reason: Option<&str>,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        release(&mut *conn, cc, None).await?;
        sqlx::query_scalar(
        "INSERT INTO session (name, kind, created_at_ms, seen_at_ms, cc_session_id, cc_exact, cwd, project_id,
                              unlinked_reason)
         VALUES (?, 'hook', ?, ?, ?, 0, ?, ?, ?) RETURNING id",
    )
    .bind(name)
    .bind(now_ms)
    .bind(now_ms)
    .bind(cc)
    .bind(cwd)
    .bind(project_id)
    .bind(unlinked_reason)
    .fetch_one(conn)
    .await
    })
    .await
}

/// Relinks an existing hook session of that name (a folder session used again) to a new Claude Code id.
pub async fn reuse_hook_session(
    db: &mut impl Db,
    id: i64,
    cc: &str,
    cwd: &str,
    project_id: Option<i64>,
    unlinked_reason: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        release(&mut *conn, cc, Some(id)).await?;
        sqlx::query(
        "UPDATE session SET cc_session_id = ?, cc_exact = 0, cwd = ?, project_id = ?, unlinked_reason = ?,
                seen_at_ms = ? WHERE id = ?",
    )
    .bind(cc)
    .bind(cwd)
    .bind(project_id)
    .bind(unlinked_reason)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await?;
        Ok(())
    })
    .await
}

/// Writes the hook status and activity (and the folder, when known).
pub async fn set_status(
    db: &mut impl Db,
    id: i64,
    status: &str,
    activity: &str,
    cwd: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE session SET hook_status = ?, activity = ?, activity_at_ms = ?, seen_at_ms = ?,
                cwd = coalesce(?, cwd) WHERE id = ?",
        )
        .bind(status)
        .bind(activity)
        .bind(now_ms)
        .bind(now_ms)
        .bind(cwd)
        .bind(id)
        .execute(conn)
        .await?;
        Ok(())
    })
    .await
}

/// Moves a guessed hook row's status to the session the agent linked itself, then removes the row (or, when
/// other rows still name it, only clears its link).
pub async fn hand_over(db: &mut impl Db, from: i64, to: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE session SET (hook_status, activity, activity_at_ms, cwd, project_id) =
            (SELECT hook_status, activity, activity_at_ms, cwd, project_id FROM session WHERE id = ?1)
         WHERE id = ?2",
        )
        .bind(from)
        .bind(to)
        .execute(&mut *conn)
        .await?;
        sqlx::query("UPDATE session_todo SET session_id = ? WHERE session_id = ?")
            .bind(to)
            .bind(from)
            .execute(&mut *conn)
            .await?;
        let referenced: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM task_session WHERE session_id = ?1)
             OR EXISTS (SELECT 1 FROM report WHERE session_id = ?1)
             OR EXISTS (SELECT 1 FROM decision WHERE session_id = ?1)
             OR EXISTS (SELECT 1 FROM comment WHERE author_session_id = ?1 OR delivered_to_session_id = ?1)
             OR EXISTS (SELECT 1 FROM session_alias WHERE session_id = ?1)",
        )
        .bind(from)
        .fetch_one(&mut *conn)
        .await?;
        if referenced {
            sqlx::query("UPDATE session SET cc_session_id = NULL, hook_status = 'ended' WHERE id = ?")
                .bind(from)
                .execute(conn)
                .await?;
        } else {
            sqlx::query("DELETE FROM session WHERE id = ?")
                .bind(from)
                .execute(conn)
                .await?;
        }
        Ok(())
    })
    .await
}

/// An unread owner comment on a task bound to a session now, as the hooks deliver it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HookCommentRow {
    pub id: i64,
    pub key: String,
    pub project: String,
    pub body: String,
    pub delivered_to_session_id: Option<i64>,
    pub stop_blocks: i64,
}

/// Unread owner comments on the tasks bound to `session_id` now, oldest first.
pub async fn unread_owner_comments(
    db: &mut impl Db,
    session_id: i64,
) -> Result<Vec<HookCommentRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
        "SELECT c.id, p.slug || '-' || t.number AS key, p.slug AS project, c.body, c.delivered_to_session_id,
                c.stop_blocks
           FROM comment c JOIN task t ON t.id = c.task_id JOIN project p ON p.id = t.project_id
          WHERE c.author_kind = 'owner' AND c.read_at_ms IS NULL
            AND c.task_id IN (SELECT task_id FROM task_session WHERE session_id = ? AND unbound_at_ms IS NULL)
          ORDER BY c.id",
    )
    .bind(session_id)
    .fetch_all(conn)
    .await
    })
    .await
}

/// Marks comments delivered to `session_id`; a comment delivered before to another session counts its Stop
/// blocks from zero again.
pub async fn deliver(db: &mut impl Db, ids: &[i64], session_id: i64, now_ms: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        let list = serde_json::Value::from(ids.to_vec()).to_string();
        sqlx::query(
            "UPDATE comment SET delivered_at_ms = ?1, delivered_to_session_id = ?2,
                stop_blocks = CASE WHEN delivered_to_session_id IS ?2 THEN stop_blocks ELSE 0 END
          WHERE id IN (SELECT value FROM json_each(?3))",
        )
        .bind(now_ms)
        .bind(session_id)
        .bind(list)
        .execute(conn)
        .await?;
        Ok(())
    })
    .await
}

/// Counts one more Stop block for each comment.
pub async fn count_stop_block(db: &mut impl Db, ids: &[i64]) -> Result<(), StoreError> {
    run(db, async |conn| {
        let list = serde_json::Value::from(ids.to_vec()).to_string();
        sqlx::query(
            "UPDATE comment SET stop_blocks = stop_blocks + 1 WHERE id IN (SELECT value FROM json_each(?))",
        )
        .bind(list)
        .execute(conn)
        .await?;
        Ok(())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::within;

    #[test]
    fn a_folder_is_within_a_repository_by_whole_components() {
        assert!(within("/w/shop", "/w/shop"));
        assert!(within("/w/shop/src", "/w/shop/"));
        assert!(!within("/w/shopping", "/w/shop"));
        assert!(!within("/w", "/w/shop"));
    }
}
