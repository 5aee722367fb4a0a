//! SQL of the sessions list (relaybay §2 "Sessions"): every session, or a project's — those its hooks placed
//! in it and those bound to one of its tasks now — newest activity first, with the tasks bound now. One
//! statement; the rows cross from the database thread as one JSON array.

use super::{Db, StoreError, run};
use serde::Deserialize;

/// The most sessions one list shows.
pub const SESSIONS_MAX: i64 = 200;

/// A session as the list shows it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct SessionListRow {
    pub name: String,
    pub kind: String,
    pub title: Option<String>,
    pub hook_status: Option<String>,
    pub activity: Option<String>,
    pub activity_at_ms: Option<i64>,
    pub cwd: Option<String>,
    /// The project the hooks placed it in (by working directory).
    pub project: Option<String>,
    pub unlinked_reason: Option<String>,
    pub cc_exact: i64,
    pub seen_at_ms: i64,
    /// The keys of the tasks bound to it now, in key order.
    pub tasks: Vec<String>,
}

/// The sessions of `project_id` (all when `None`), newest activity first, at most [`SESSIONS_MAX`].
pub async fn list(db: &mut impl Db, project_id: Option<i64>) -> Result<Vec<SessionListRow>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(
            "SELECT coalesce(json_group_array(json_object(
                    'name', s.name, 'kind', s.kind, 'title', s.title, 'hook_status', s.hook_status,
                    'activity', s.activity, 'activity_at_ms', s.activity_at_ms, 'cwd', s.cwd,
                    'project', (SELECT slug FROM project WHERE id = s.project_id),
                    'unlinked_reason', s.unlinked_reason, 'cc_exact', s.cc_exact, 'seen_at_ms', s.seen_at_ms,
                    'tasks', (SELECT json_group_array(key) FROM (
                                  SELECT p.slug || '-' || t.number AS key
                                  FROM task_session ts JOIN task t ON t.id = ts.task_id
                                  JOIN project p ON p.id = t.project_id
                                  WHERE ts.session_id = s.id AND ts.unbound_at_ms IS NULL
                                  ORDER BY p.slug, t.number)))), '[]')
         FROM (SELECT * FROM session
               WHERE ?1 IS NULL OR project_id = ?1
                  OR id IN (SELECT ts.session_id FROM task_session ts JOIN task t ON t.id = ts.task_id
                            WHERE ts.unbound_at_ms IS NULL AND t.project_id = ?1)
               ORDER BY coalesce(activity_at_ms, seen_at_ms) DESC, id DESC
               LIMIT ?2) s",
        )
        .bind(project_id)
        .bind(SESSIONS_MAX)
        .fetch_one(conn)
        .await?;
        serde_json::from_str(&json).map_err(|err| sqlx::Error::Decode(Box::new(err)))
    })
    .await
}
