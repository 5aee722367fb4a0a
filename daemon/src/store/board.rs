//! The board's SQL: projects, tasks, sessions and bindings, reports, decisions, tracker history, project rules.
//! Plain rows in, plain rows out; the rules about them live in `crate::board`.

use super::{Db, StoreError, run};
use sqlx::{FromRow, SqliteConnection};

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProjectRow {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub repo_path: Option<String>,
    pub description: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// A project with its number of tasks per stage, in stage order (plan, dev, review, test, live, done).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectCounts {
    pub project: ProjectRow,
    pub counts: [i64; 6],
}

/// The task-field columns of [`TaskRow`] with their Rust types, in relay-core's `TASK_FIELDS` order (a test
/// checks the two agree): the one list the struct, [`TaskRow::column`] and the `relay.v1.Task` conversion
/// (`rpc/convert.rs`) are generated from. `task_field_columns!(m! { args })` expands to `m! { args name: Type, … }`.
macro_rules! task_field_columns {
    ($callback:ident! { $($args:tt)* }) => {
        $callback! { $($args)*
            title: String,
            stage: String,
            stage_note: Option<String>,
            waiting_on: Option<String>,
            next_step: Option<String>,
            branch: Option<String>,
            doc_path: Option<String>,
            description: Option<String>,
            progress: Option<String>,
            priority: Option<i64>,
            size: Option<String>,
            tracker_ref: Option<String>,
            tracker_name: Option<String>,
            tracker_url: Option<String>,
            tracker_logged: bool,
        }
    };
}
pub(crate) use task_field_columns;

macro_rules! task_row {
    ($($field:ident: $type:ty,)*) => {
        /// A task: as the store reads it and as lists and answers show it — its ids and bookkeeping times, then
        /// one field per task field (relay-core's task fields table names them).
        #[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct TaskRow {
            pub id: i64,
            pub project_id: i64,
            pub project_slug: String,
            pub number: i64,
            pub next_step_at_ms: Option<i64>,
            pub version: i64,
            pub created_at_ms: i64,
            pub updated_at_ms: i64,
            pub stage_changed_at_ms: i64,
            pub closed_at_ms: Option<i64>,
            /// The name of the currently bound session.
            pub session: Option<String>,
            $(pub $field: $type,)*
        }

        impl TaskRow {
            /// The stored value of the task field `name`, as a column value; `None` for a name that is not a
            /// task field.
            pub fn column(&self, name: &str) -> Option<ColumnValue> {
                match name {
                    $(stringify!($field) => Some(ColumnValue::from(self.$field.clone())),)*
                    _ => None,
                }
            }
        }

        /// The task-field names of [`TaskRow`], in order.
        #[cfg(test)]
        pub(crate) const TASK_ROW_FIELDS: &[&str] = &[$(stringify!($field)),*];
    };
}
task_field_columns!(task_row! {});

impl TaskRow {
    /// The task's key, `<project>-<n>`.
    pub fn key(&self) -> String {
        format!("{}-{}", self.project_slug, self.number)
    }

    /// The next step was written before the last stage change.
    pub fn next_step_stale(&self) -> bool {
        match (self.next_step.as_ref(), self.next_step_at_ms) {
            (Some(_), Some(at)) => at < self.stage_changed_at_ms,
            _ => false,
        }
    }
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SessionRow {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub title: Option<String>,
    pub created_at_ms: i64,
    pub seen_at_ms: i64,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BindingRow {
    pub session: String,
    pub kind: String,
    pub bound_at_ms: i64,
    pub unbound_at_ms: Option<i64>,
    pub bound_by: Option<String>,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReportRow {
    pub id: i64,
    pub task_id: i64,
    pub session: Option<String>,
    pub body: String,
    pub summary: String,
    pub state: Option<String>,
    pub size: Option<String>,
    pub stage: String,
    pub created_at_ms: i64,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DecisionRow {
    pub id: i64,
    pub project_id: i64,
    pub task_id: Option<i64>,
    pub task_number: Option<i64>,
    pub scope: String,
    pub text: String,
    pub decided_by: Option<String>,
    pub session: Option<String>,
    pub source_kind: Option<String>,
    pub source_ref: Option<String>,
    pub source_text: Option<String>,
    pub valid_from_ms: i64,
    pub recorded_at_ms: i64,
    pub superseded_at_ms: Option<i64>,
    pub superseded_by: Option<i64>,
}

#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TrackerEntryRow {
    pub id: i64,
    pub tracker_ref: String,
    pub tracker_name: Option<String>,
    pub tracker_url: Option<String>,
    pub logged_at_ms: Option<i64>,
    pub unlogged_at_ms: Option<i64>,
    pub created_at_ms: i64,
}

/// A value for one task column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColumnValue {
    Text(String),
    Integer(i64),
    Null,
}

impl From<String> for ColumnValue {
    fn from(text: String) -> Self {
        ColumnValue::Text(text)
    }
}

impl From<bool> for ColumnValue {
    fn from(flag: bool) -> Self {
        ColumnValue::Integer(i64::from(flag))
    }
}

impl<T: Into<ColumnValue>> From<Option<T>> for ColumnValue {
    fn from(value: Option<T>) -> Self {
        value.map_or(ColumnValue::Null, Into::into)
    }
}

impl From<i64> for ColumnValue {
    fn from(n: i64) -> Self {
        ColumnValue::Integer(n)
    }
}

// ---- projects ------------------------------------------------------------------------------------------

pub async fn project_by_slug(db: &mut impl Db, slug: &str) -> Result<Option<ProjectRow>, StoreError> {
    run(db, async |conn| {
    sqlx::query_as(
        "SELECT id, slug, name, repo_path, description, created_at_ms, updated_at_ms FROM project WHERE slug = ?",
    )
    .bind(slug)
    .fetch_optional(conn)
    .await
})
    .await
}

pub async fn project_slugs(db: &mut impl Db) -> Result<Vec<String>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT slug FROM project ORDER BY slug")
            .fetch_all(conn)
            .await
    })
    .await
}

pub async fn projects_with_counts(db: &mut impl Db) -> Result<Vec<ProjectCounts>, StoreError> {
    run(db, async |conn| {
    let projects: Vec<ProjectRow> = sqlx::query_as(
        "SELECT id, slug, name, repo_path, description, created_at_ms, updated_at_ms FROM project ORDER BY slug",
    )
    .fetch_all(&mut *conn)
    .await?;
    let counts: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT project_id, stage, count(*) FROM task GROUP BY project_id, stage")
            .fetch_all(&mut *conn)
            .await?;
    Ok(projects
        .into_iter()
        .map(|project| {
            let mut per_stage = [0i64; 6];
            for (_, stage, n) in counts.iter().filter(|(id, _, _)| *id == project.id) {
                if let Some(index) = STAGE_ORDER.iter().position(|s| s == stage) {
                    per_stage[index] = *n;
                }
            }
            ProjectCounts {
                project,
                counts: per_stage,
            }
        })
        .collect())
})
    .await
}

/// The stage columns in board order; `counts` arrays follow it.
pub const STAGE_ORDER: [&str; 6] = ["plan", "dev", "review", "test", "live", "done"];

pub async fn insert_project(
    db: &mut impl Db,
    slug: &str,
    name: &str,
    repo_path: Option<&str>,
    description: Option<&str>,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO project (slug, name, repo_path, description, created_at_ms, updated_at_ms)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(slug)
        .bind(name)
        .bind(repo_path)
        .bind(description)
        .bind(now_ms)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

pub async fn update_project(
    db: &mut impl Db,
    id: i64,
    name: &str,
    repo_path: Option<&str>,
    description: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE project SET name = ?, repo_path = ?, description = ?, updated_at_ms = ? WHERE id = ?",
        )
        .bind(name)
        .bind(repo_path)
        .bind(description)
        .bind(now_ms)
        .bind(id)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

pub async fn project_rules(db: &mut impl Db, project_id: i64) -> Result<Option<String>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT body FROM project_rules WHERE project_id = ?")
            .bind(project_id)
            .fetch_optional(conn)
            .await
    })
    .await
}

// ---- tasks ---------------------------------------------------------------------------------------------

/// The columns of a [`TaskRow`] that are not task fields: ids, bookkeeping times and the bound session.
const TASK_BOOKKEEPING: &[(&str, &str)] = &[
    ("id", "t.id"),
    ("project_id", "t.project_id"),
    ("project_slug", "p.slug"),
    ("number", "t.number"),
    ("next_step_at_ms", "t.next_step_at_ms"),
    ("version", "t.version"),
    ("created_at_ms", "t.created_at_ms"),
    ("updated_at_ms", "t.updated_at_ms"),
    ("stage_changed_at_ms", "t.stage_changed_at_ms"),
    ("closed_at_ms", "t.closed_at_ms"),
    (
        "session",
        "(SELECT s.name FROM task_session ts JOIN session s ON s.id = ts.session_id
           WHERE ts.task_id = t.id AND ts.unbound_at_ms IS NULL)",
    ),
];

/// Every column of a [`TaskRow`], as `(name, SQL)`: the bookkeeping ones and one per row of relay-core's task fields
/// table (whose names are the task table's columns), so a new field needs no edit here. `json`: for a
/// `json_object`, where a flag must be a JSON boolean rather than SQLite's 0 / 1.
fn task_columns(json: bool) -> impl Iterator<Item = (&'static str, String)> {
    let fields = relay_core::board::TASK_FIELDS.iter().map(move |field| {
        let sql = match field.kind {
            relay_core::board::FieldKind::Bool if json => {
                format!("json(CASE WHEN t.{} THEN 'true' ELSE 'false' END)", field.name)
            }
            _ => format!("t.{}", field.name),
        };
        (field.name, sql)
    });
    TASK_BOOKKEEPING
        .iter()
        .map(|(name, sql)| (*name, (*sql).to_owned()))
        .chain(fields)
}

/// `SELECT <every TaskRow column> FROM task t JOIN project p …`, for reads of one task.
fn task_select() -> &'static str {
    static SELECT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let columns: Vec<String> = task_columns(false)
            .map(|(name, sql)| format!("{sql} AS {name}"))
            .collect();
        format!(
            "SELECT {} FROM task t JOIN project p ON p.id = t.project_id",
            columns.join(", ")
        )
    });
    &SELECT
}

/// A task with its latest reports, current decisions, binding history and tracker history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskDetailRows {
    pub task: TaskRow,
    pub reports: Vec<ReportRow>,
    pub decisions: Vec<DecisionRow>,
    pub bindings: Vec<BindingRow>,
    pub tracker: Vec<TrackerEntryRow>,
    /// How many of each the task has in all (the lists hold the newest of them).
    pub counts: DetailCounts,
}

/// How many reports, current decisions, bindings, tracker entries and comments a task has, and how many of
/// its owner comments are unread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, FromRow, serde::Serialize)]
pub struct DetailCounts {
    pub reports: i64,
    /// Reports older than the `reports_before` asked for (all of them without one).
    pub reports_in_range: i64,
    pub decisions: i64,
    pub bindings: i64,
    pub tracker: i64,
    pub comments: i64,
    pub owner_comments: i64,
    pub unread_owner_comments: i64,
}

/// The most decisions, bindings and tracker entries one task_detail read returns (the newest; counts say how
/// many there are).
pub const DETAIL_LIST_MAX: i64 = 20;

#[derive(FromRow)]
struct TaskDetailJoined {
    #[sqlx(flatten)]
    task: TaskRow,
    reports_json: String,
    decisions_json: String,
    bindings_json: String,
    tracker_json: String,
    #[sqlx(flatten)]
    counts: DetailCounts,
}

/// Everything `task_get` shows in ONE statement (the lists as JSON arrays): a read is one round trip to the
/// database thread, which is most of what a read costs.
pub async fn task_detail(
    db: &mut impl Db,
    slug: &str,
    number: i64,
    reports: i64,
    reports_before: Option<i64>,
) -> Result<Option<TaskDetailRows>, StoreError> {
    run(db, async |conn| {
    let joined: Option<TaskDetailJoined> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT x.*,
           (SELECT coalesce(json_group_array(json_object(
                'id', r.id, 'task_id', r.task_id, 'session', s.name, 'body', r.body, 'summary', r.summary,
                'state', r.state, 'size', r.size, 'stage', r.stage, 'created_at_ms', r.created_at_ms)), '[]')
              FROM report r LEFT JOIN session s ON s.id = r.session_id
             WHERE r.id IN (SELECT id FROM report WHERE task_id = x.id AND (?4 IS NULL OR id < ?4)
                             ORDER BY id DESC LIMIT ?3)) AS reports_json,
           (SELECT coalesce(json_group_array(json_object(
                'id', d.id, 'project_id', d.project_id, 'task_id', d.task_id, 'task_number', x.number,
                'scope', d.scope, 'text', d.text, 'decided_by', d.decided_by, 'session', s.name,
                'source_kind', d.source_kind, 'source_ref', d.source_ref, 'source_text', d.source_text,
                'valid_from_ms', d.valid_from_ms, 'recorded_at_ms', d.recorded_at_ms,
                'superseded_at_ms', d.superseded_at_ms, 'superseded_by', d.superseded_by)), '[]')
              FROM decision d LEFT JOIN session s ON s.id = d.session_id
             WHERE d.id IN (SELECT id FROM decision WHERE task_id = x.id AND superseded_at_ms IS NULL
                             ORDER BY id DESC LIMIT ?5)) AS decisions_json,
           (SELECT coalesce(json_group_array(json_object(
                'session', s.name, 'kind', s.kind, 'bound_at_ms', ts.bound_at_ms,
                'unbound_at_ms', ts.unbound_at_ms, 'bound_by', ts.bound_by)), '[]')
              FROM task_session ts JOIN session s ON s.id = ts.session_id
             WHERE ts.id IN (SELECT id FROM task_session WHERE task_id = x.id ORDER BY bound_at_ms DESC, id DESC
                              LIMIT ?5)) AS bindings_json,
           (SELECT coalesce(json_group_array(json_object(
                'id', e.id, 'tracker_ref', e.tracker_ref, 'tracker_name', e.tracker_name,
                'tracker_url', e.tracker_url, 'logged_at_ms', e.logged_at_ms,
                'unlogged_at_ms', e.unlogged_at_ms, 'created_at_ms', e.created_at_ms)), '[]')
              FROM tracker_entry e WHERE e.id IN (SELECT id FROM tracker_entry WHERE task_id = x.id ORDER BY id DESC
                                                   LIMIT ?5)) AS tracker_json,
           (SELECT count(*) FROM report WHERE task_id = x.id) AS reports,
           (SELECT count(*) FROM report WHERE task_id = x.id AND (?4 IS NULL OR id < ?4)) AS reports_in_range,
           (SELECT count(*) FROM decision WHERE task_id = x.id AND superseded_at_ms IS NULL) AS decisions,
           (SELECT count(*) FROM task_session WHERE task_id = x.id) AS bindings,
           (SELECT count(*) FROM tracker_entry WHERE task_id = x.id) AS tracker,
           (SELECT count(*) FROM comment WHERE task_id = x.id) AS comments,
           (SELECT count(*) FROM comment WHERE task_id = x.id AND author_kind = 'owner') AS owner_comments,
           (SELECT count(*) FROM comment WHERE task_id = x.id AND author_kind = 'owner' AND read_at_ms IS NULL)
             AS unread_owner_comments
         FROM ({} WHERE p.slug = ?1 AND t.number = ?2) AS x",
        task_select()
    )))
    .bind(slug)
    .bind(number)
    .bind(reports)
    .bind(reports_before)
    .bind(DETAIL_LIST_MAX)
    .fetch_optional(conn)
    .await?;
    let Some(joined) = joined else { return Ok(None) };
    let decode = |what: &str, text: &str| sqlx::Error::Decode(format!("task_detail {what}: {text}").into());
    let mut reports: Vec<ReportRow> =
        serde_json::from_str(&joined.reports_json).map_err(|e| decode("reports", &e.to_string()))?;
    let mut decisions: Vec<DecisionRow> =
        serde_json::from_str(&joined.decisions_json).map_err(|e| decode("decisions", &e.to_string()))?;
    let mut bindings: Vec<BindingRow> =
        serde_json::from_str(&joined.bindings_json).map_err(|e| decode("bindings", &e.to_string()))?;
    let mut tracker: Vec<TrackerEntryRow> =
        serde_json::from_str(&joined.tracker_json).map_err(|e| decode("tracker", &e.to_string()))?;
    // json_group_array keeps no guaranteed order: newest first, as the separate queries return them.
    reports.sort_by_key(|r| std::cmp::Reverse(r.id));
    decisions.sort_by_key(|d| std::cmp::Reverse(d.id));
    bindings.sort_by_key(|b| std::cmp::Reverse(b.bound_at_ms));
    tracker.sort_by_key(|e| std::cmp::Reverse(e.id));
    Ok(Some(TaskDetailRows {
        task: joined.task,
        reports,
        decisions,
        bindings,
        tracker,
        counts: joined.counts,
    }))
})
    .await
}

pub async fn task_by_number(
    db: &mut impl Db,
    project_id: i64,
    number: i64,
) -> Result<Option<TaskRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{} WHERE t.project_id = ? AND t.number = ?",
            task_select()
        )))
        .bind(project_id)
        .bind(number)
        .fetch_optional(conn)
        .await
    })
    .await
}

pub async fn task_by_id(db: &mut impl Db, id: i64) -> Result<Option<TaskRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{} WHERE t.id = ?", task_select())))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// The columns of [`TaskRow`] as one JSON object, for reads that return many tasks.
fn task_json() -> &'static str {
    static JSON: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let pairs: Vec<String> = task_columns(true)
            .map(|(name, sql)| format!("'{name}', {sql}"))
            .collect();
        format!("json_object({})", pairs.join(", "))
    });
    &JSON
}

/// Tasks of a project (or of every project), optionally of one stage and bound to one session, in board
/// order: project, stage, then most recently updated first.
///
/// The rows come back as one JSON array in one row: sqlx's SQLite driver hands every row over from its database
/// thread separately, which made a 2,000-task board cost ~40 µs a row.
pub async fn tasks(
    db: &mut impl Db,
    project_id: Option<i64>,
    stage: Option<&str>,
    session_id: Option<i64>,
    limit: i64,
) -> Result<Vec<TaskRow>, StoreError> {
    run(db, async |conn| {
        let json: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT coalesce(json_group_array(json(row)), '[]') FROM (
           SELECT {task_json} AS row FROM task t JOIN project p ON p.id = t.project_id
            WHERE (?1 IS NULL OR t.project_id = ?1) AND (?2 IS NULL OR t.stage = ?2)
              AND (?4 IS NULL OR EXISTS (SELECT 1 FROM task_session ts WHERE ts.task_id = t.id
                                          AND ts.unbound_at_ms IS NULL AND ts.session_id = ?4))
            ORDER BY p.slug, CASE t.stage WHEN 'plan' THEN 0 WHEN 'dev' THEN 1 WHEN 'review' THEN 2
                     WHEN 'test' THEN 3 WHEN 'live' THEN 4 ELSE 5 END, t.updated_at_ms DESC, t.number DESC
            LIMIT ?3)",
            task_json = task_json()
        )))
        .bind(project_id)
        .bind(stage)
        .bind(limit)
        .bind(session_id)
        .fetch_one(conn)
        .await?;
        let mut rows: Vec<TaskRow> =
            serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("tasks: {e}").into()))?;
        // json_group_array promises no order; restore the board order the statement selected.
        sort_board_order(&mut rows);
        Ok(rows)
    })
    .await
}

/// Whether a done task `t` is archived (relaybay §2 "Done column and archive"): closed before ?A — its closed
/// time, or its last stage change when it has none — unless ?R (`require_tracker_log`) keeps one without the
/// tracker mark. The archive is computed from these times, not stored.
macro_rules! archived {
    ($cutoff:literal, $require:literal) => {
        concat!(
            "(t.stage = 'done' AND coalesce(t.closed_at_ms, t.stage_changed_at_ms) < ",
            $cutoff,
            " AND NOT (",
            $require,
            " AND t.tracker_logged = 0))"
        )
    };
}

/// What the window's board reads of a project ([`board_tasks`]): every open task and the done column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTaskRows {
    /// The open tasks, then the done tasks kept (newest closed first, at most the cap), in board order.
    pub tasks: Vec<TaskRow>,
    /// Done tasks that are not archived (the cap may show fewer).
    pub done_recent: i64,
    /// Done tasks that are archived.
    pub done_archived: i64,
}

/// The board of `project_id`: every open task, and the done tasks not archived (closed at or after
/// `archived_before_ms`, or kept by `require_tracker_log`), the most recently closed first, at most `done_cap` —
/// with how many done tasks are recent and how many archived. One statement; the rows in board order.
pub async fn board_tasks(
    db: &mut impl Db,
    project_id: i64,
    archived_before_ms: i64,
    require_tracker_log: bool,
    done_cap: i64,
) -> Result<BoardTaskRows, StoreError> {
    run(db, async |conn| {
        let (recent, archived, json): (i64, i64, String) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            // The done count comes from `task_project_stage` alone and the archived one from a range of
            // `task_done_closed` (migration 0011), which also gives the recent ones in order: no done task's row
            // is read beyond the `done_cap` shown.
            "WITH archived AS (SELECT count(*) AS n FROM task t WHERE t.project_id = ?1 AND {archived})
             SELECT
               (SELECT count(*) FROM task t WHERE t.project_id = ?1 AND t.stage = 'done') - archived.n,
               archived.n,
               (SELECT coalesce(json_group_array(json(row)), '[]') FROM (
                  SELECT {task_json} AS row FROM task t JOIN project p ON p.id = t.project_id
                   WHERE t.id IN (SELECT t.id FROM task t WHERE t.project_id = ?1 AND t.stage <> 'done')
                      OR t.id IN (SELECT t.id FROM task t
                                   WHERE t.project_id = ?1 AND t.stage = 'done' AND NOT {archived}
                                   ORDER BY coalesce(t.closed_at_ms, t.stage_changed_at_ms) DESC, t.number DESC
                                   LIMIT ?4)))
             FROM archived",
            archived = archived!("?2", "?3"),
            task_json = task_json()
        )))
        .bind(project_id)
        .bind(archived_before_ms)
        .bind(require_tracker_log)
        .bind(done_cap)
        .fetch_one(conn)
        .await?;
        let mut tasks: Vec<TaskRow> =
            serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("board_tasks: {e}").into()))?;
        sort_board_order(&mut tasks);
        Ok(BoardTaskRows {
            tasks,
            done_recent: recent,
            done_archived: archived,
        })
    })
    .await
}

/// A page of a project's archived done tasks ([`archived_tasks`]) and how many match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedRows {
    /// The most recently closed first.
    pub tasks: Vec<TaskRow>,
    pub total: i64,
}

/// The archived done tasks of `project_id` (see [`board_tasks`]) whose key or title contain `query` (ASCII
/// letters compared without case; empty: all), the most recently closed first, at most `cap`, with how many
/// match in all.
pub async fn archived_tasks(
    db: &mut impl Db,
    project_id: i64,
    archived_before_ms: i64,
    require_tracker_log: bool,
    query: &str,
    cap: i64,
) -> Result<ArchivedRows, StoreError> {
    run(db, async |conn| {
        let matches = "(?4 = '' OR instr(lower(t.title), lower(?4)) > 0
                         OR instr(lower(p.slug || '-' || t.number), lower(?4)) > 0)";
        let (total, json): (i64, String) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT
               (SELECT count(*) FROM task t JOIN project p ON p.id = t.project_id
                 WHERE t.project_id = ?1 AND {archived} AND {matches}),
               (SELECT coalesce(json_group_array(json(row)), '[]') FROM (
                  SELECT {task_json} AS row FROM task t JOIN project p ON p.id = t.project_id
                   WHERE t.id IN (SELECT t.id FROM task t JOIN project p ON p.id = t.project_id
                                   WHERE t.project_id = ?1 AND {archived} AND {matches}
                                   ORDER BY coalesce(t.closed_at_ms, t.stage_changed_at_ms) DESC, t.number DESC
                                   LIMIT ?5)))",
            archived = archived!("?2", "?3"),
            task_json = task_json()
        )))
        .bind(project_id)
        .bind(archived_before_ms)
        .bind(require_tracker_log)
        .bind(query)
        .bind(cap)
        .fetch_one(conn)
        .await?;
        let mut tasks: Vec<TaskRow> =
            serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("archived_tasks: {e}").into()))?;
        tasks.sort_by_key(|t| {
            (
                std::cmp::Reverse(t.closed_at_ms.unwrap_or(t.stage_changed_at_ms)),
                std::cmp::Reverse(t.number),
            )
        });
        Ok(ArchivedRows { tasks, total })
    })
    .await
}

/// The filter of [`task_page`] (and its count) over `task t JOIN project p`: ?1 project, ?2 stage, ?4 session.
const TASK_PAGE_FILTER: &str = "(?1 IS NULL OR t.project_id = ?1) AND (?2 IS NULL OR t.stage = ?2)
      AND (?4 IS NULL OR EXISTS (SELECT 1 FROM task_session ts WHERE ts.task_id = t.id
                                  AND ts.unbound_at_ms IS NULL AND ts.session_id = ?4))";

/// One page of a task list in its stable order — project slug, then the newest task (highest number) first —
/// after the cursor `after` (a task's project slug and number; the task need not exist), with how many tasks
/// match the filter in all and how many of them come after the cursor.
pub struct TaskPageRows {
    pub tasks: Vec<TaskRow>,
    pub total: i64,
    pub after_cursor: i64,
}

pub async fn task_page(
    db: &mut impl Db,
    project_id: Option<i64>,
    stage: Option<&str>,
    session_id: Option<i64>,
    after: Option<(&str, i64)>,
    limit: i64,
) -> Result<TaskPageRows, StoreError> {
    run(db, async |conn| {
        let (after_slug, after_number) = after.map_or((None, None), |(slug, n)| (Some(slug), Some(n)));
        let cursor = "(?5 IS NULL OR p.slug > ?5 OR (p.slug = ?5 AND t.number < ?6))";
        let (total, after_cursor, json): (i64, i64, String) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT
               (SELECT count(*) FROM task t WHERE {filter}),
               (SELECT count(*) FROM task t JOIN project p ON p.id = t.project_id WHERE {filter} AND {cursor}),
               (SELECT coalesce(json_group_array(json(row)), '[]') FROM (
                  SELECT {task_json} AS row FROM task t JOIN project p ON p.id = t.project_id
                   WHERE t.id IN (SELECT t.id FROM task t JOIN project p ON p.id = t.project_id
                                   WHERE {filter} AND {cursor}
                                   ORDER BY p.slug, t.number DESC LIMIT ?3)))",
            filter = TASK_PAGE_FILTER,
            task_json = task_json()
        )))
        .bind(project_id)
        .bind(stage)
        .bind(limit)
        .bind(session_id)
        .bind(after_slug)
        .bind(after_number)
        .fetch_one(conn)
        .await?;
        let mut tasks: Vec<TaskRow> =
            serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(format!("task_page: {e}").into()))?;
        // The page's ids are chosen first, so only its rows are turned into JSON; json_group_array promises no
        // order: restore the page's.
        tasks.sort_by(|a, b| {
            (a.project_slug.as_str(), std::cmp::Reverse(a.number))
                .cmp(&(b.project_slug.as_str(), std::cmp::Reverse(b.number)))
        });
        Ok(TaskPageRows {
            tasks,
            total,
            after_cursor,
        })
    })
    .await
}

/// A task a snapshot shows, with why: `rank` is its place in its stage (1 first) and `pinned` says it was
/// chosen for its relevance (bound to the caller's session now or before, or waiting on the owner) rather than
/// for being among the newest.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct SnapshotTaskRow {
    pub task: TaskRow,
    pub rank: i64,
    pub pinned: bool,
}

/// The tasks an agent's snapshot shows: per stage at most `per_stage` (`done_cap` for done), the relevant ones
/// first — bound to `session_id` now, bound to it before, waiting on one of `owner_names` (lowercase), most
/// recently updated first among each —, then the newest tasks (highest number first, the order of
/// [`task_page`]). Done keeps its newest by last change. Sorted by stage, then rank.
pub async fn snapshot_tasks(
    db: &mut impl Db,
    project_id: i64,
    session_id: Option<i64>,
    owner_names: &[String],
    per_stage: i64,
    done_cap: i64,
) -> Result<Vec<SnapshotTaskRow>, StoreError> {
    run(db, async |conn| {
        let owners = serde_json::to_string(owner_names).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let json: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "WITH classed AS (
               SELECT t.id, t.stage, t.updated_at_ms, t.number, CASE
                        WHEN ?2 IS NOT NULL AND EXISTS (SELECT 1 FROM task_session ts WHERE ts.task_id = t.id
                             AND ts.session_id = ?2 AND ts.unbound_at_ms IS NULL) THEN 0
                        WHEN ?2 IS NOT NULL AND EXISTS (SELECT 1 FROM task_session ts WHERE ts.task_id = t.id
                             AND ts.session_id = ?2) THEN 1
                        WHEN {owner} THEN 2
                        ELSE 3 END AS class
                 FROM task t WHERE t.project_id = ?1),
             ranked AS (
               SELECT id AS task_id, stage, class, ROW_NUMBER() OVER (PARTITION BY stage ORDER BY
                        CASE WHEN stage = 'done' THEN 0 ELSE class END,
                        CASE WHEN stage = 'done' OR class < 3 THEN updated_at_ms ELSE 0 END DESC,
                        number DESC) AS rank
                 FROM classed)
             SELECT coalesce(json_group_array(json_object('task', json({task_json}), 'rank', r.rank,
                                                          'pinned', json(CASE WHEN r.class < 3 AND r.stage <> 'done'
                                                                         THEN 'true' ELSE 'false' END))), '[]')
               FROM ranked r JOIN task t ON t.id = r.task_id JOIN project p ON p.id = t.project_id
              WHERE r.rank <= CASE WHEN r.stage = 'done' THEN ?5 ELSE ?4 END",
            task_json = task_json(),
            owner = waits_on_owner!()
        )))
        .bind(project_id)
        .bind(session_id)
        .bind(owners)
        .bind(per_stage)
        .bind(done_cap)
        .fetch_one(conn)
        .await?;
        let mut rows: Vec<SnapshotTaskRow> = serde_json::from_str(&json)
            .map_err(|e| sqlx::Error::Decode(format!("snapshot_tasks: {e}").into()))?;
        rows.sort_by_key(|r| (stage_rank(&r.task.stage), r.rank));
        Ok(rows)
    })
    .await
}

/// A project's number of tasks per stage, in stage order.
pub async fn stage_counts(db: &mut impl Db, project_id: i64) -> Result<[i64; 6], StoreError> {
    run(db, async |conn| {
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT stage, count(*) FROM task WHERE project_id = ? GROUP BY stage")
                .bind(project_id)
                .fetch_all(conn)
                .await?;
        let mut counts = [0i64; 6];
        for (stage, n) in rows {
            if let Some(index) = STAGE_ORDER.iter().position(|s| *s == stage) {
                counts[index] = n;
            }
        }
        Ok(counts)
    })
    .await
}

/// Board order: project, stage, then the most recently updated first (the order [`tasks`] selects).
fn sort_board_order(rows: &mut [TaskRow]) {
    rows.sort_by(|a, b| {
        (
            a.project_slug.as_str(),
            stage_rank(&a.stage),
            std::cmp::Reverse(a.updated_at_ms),
            std::cmp::Reverse(a.number),
        )
            .cmp(&(
                b.project_slug.as_str(),
                stage_rank(&b.stage),
                std::cmp::Reverse(b.updated_at_ms),
                std::cmp::Reverse(b.number),
            ))
    });
}

fn stage_rank(stage: &str) -> usize {
    STAGE_ORDER
        .iter()
        .position(|s| *s == stage)
        .unwrap_or(STAGE_ORDER.len())
}

/// Inserts a task with the project's next number and returns (id, number).
pub async fn insert_task(
    db: &mut impl Db,
    project_id: i64,
    title: &str,
    stage: &str,
    now_ms: i64,
) -> Result<(i64, i64), StoreError> {
    run(db, async |conn| {
    let number: i64 = sqlx::query_scalar(
        "UPDATE project SET next_number = next_number + 1, updated_at_ms = ? WHERE id = ? RETURNING next_number - 1",
    )
    .bind(now_ms)
    .bind(project_id)
    .fetch_one(&mut *conn)
    .await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO task (project_id, number, title, stage, created_at_ms, updated_at_ms, stage_changed_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(project_id)
    .bind(number)
    .bind(title)
    .bind(stage)
    .bind(now_ms)
    .bind(now_ms)
    .bind(now_ms)
    .fetch_one(conn)
    .await?;
    Ok((id, number))
})
    .await
}

/// Sets columns of one task (and bumps its version when `bump_version`). Column names come from
/// relay-core's task fields table (`TASK_FIELDS`, whose names are the task table's columns) and the bookkeeping
/// times only; any other name is refused before SQL is built.
pub async fn update_task(
    db: &mut impl Db,
    id: i64,
    columns: &[(&str, ColumnValue)],
    now_ms: i64,
    bump_version: bool,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        const BOOKKEEPING: &[&str] = &[
            "next_step_at_ms",
            "stage_changed_at_ms",
            "closed_at_ms",
            "stage_warnings",
        ];
        let mut sql = String::from(if bump_version {
            "UPDATE task SET version = version + 1, updated_at_ms = ?"
        } else {
            "UPDATE task SET updated_at_ms = ?"
        });
        for (name, _) in columns {
            if relay_core::board::task_field(name).is_none() && !BOOKKEEPING.contains(name) {
                return Err(sqlx::Error::Protocol(format!(
                    "task column {name:?} is not writable"
                )));
            }
            sql.push_str(", ");
            sql.push_str(name);
            sql.push_str(" = ?");
        }
        sql.push_str(" WHERE id = ?");
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_ms);
        for (_, value) in columns {
            query = match value {
                ColumnValue::Text(text) => query.bind(text.clone()),
                ColumnValue::Integer(n) => query.bind(*n),
                ColumnValue::Null => query.bind(Option::<String>::None),
            };
        }
        query.bind(id).execute(conn).await.map(|_| ())
    })
    .await
}

pub async fn reports_since(db: &mut impl Db, task_id: i64, since_ms: i64) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT count(*) FROM report WHERE task_id = ? AND created_at_ms >= ?")
            .bind(task_id)
            .bind(since_ms)
            .fetch_one(conn)
            .await
    })
    .await
}

// ---- sessions ------------------------------------------------------------------------------------------

/// The session a name resolves to: the session of that name, else the session an alias points at.
pub async fn session_by_name(db: &mut impl Db, name: &str) -> Result<Option<SessionRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT id, name, kind, title, created_at_ms, seen_at_ms FROM session WHERE name = ?1
         UNION ALL
         SELECT s.id, s.name, s.kind, s.title, s.created_at_ms, s.seen_at_ms
           FROM session_alias a JOIN session s ON s.id = a.session_id WHERE a.alias = ?1
         LIMIT 1",
        )
        .bind(name)
        .fetch_optional(conn)
        .await
    })
    .await
}

pub async fn insert_session(
    db: &mut impl Db,
    name: &str,
    kind: &str,
    title: Option<&str>,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
    sqlx::query_scalar(
        "INSERT INTO session (name, kind, title, created_at_ms, seen_at_ms) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(name)
    .bind(kind)
    .bind(title)
    .bind(now_ms)
    .bind(now_ms)
    .fetch_one(conn)
    .await
})
    .await
}

pub async fn touch_session(
    db: &mut impl Db,
    id: i64,
    title: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE session SET seen_at_ms = ?, title = coalesce(?, title) WHERE id = ?")
            .bind(now_ms)
            .bind(title)
            .bind(id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

pub async fn insert_alias(
    db: &mut impl Db,
    alias: &str,
    session_id: i64,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("INSERT OR IGNORE INTO session_alias (alias, session_id, created_at_ms) VALUES (?, ?, ?)")
            .bind(alias)
            .bind(session_id)
            .bind(now_ms)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// The current binding of a task: (session id, session kind).
/// What a task waits on that the agent should see without three more calls: its review checklist, the owner's
/// unread comments, the open rule warnings.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct TaskSignals {
    /// Steps of the review checklist, and of them the accepted and the rejected ones.
    pub review_steps: i64,
    pub review_accepted: i64,
    pub review_rejected: i64,
    /// The owner's unread comments, oldest first (at most [`SIGNAL_COMMENTS`]), and how many there are in all.
    pub unread_comments: Vec<i64>,
    pub unread_total: i64,
    /// The open rule warnings of the last stage move.
    pub warnings: Vec<String>,
}

/// The most unread comment ids a task's signals name.
pub const SIGNAL_COMMENTS: i64 = 10;

/// The signals of each task of `ids` that has one (tasks with nothing to show are left out).
pub async fn task_signals(
    db: &mut impl Db,
    ids: &[i64],
) -> Result<std::collections::HashMap<i64, TaskSignals>, StoreError> {
    let ids = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
    run(db, async |conn| {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT t.id, json_object(
                 'review_steps', (SELECT count(*) FROM review_step WHERE task_id = t.id),
                 'review_accepted', (SELECT count(*) FROM review_step WHERE task_id = t.id AND status = 'accepted'),
                 'review_rejected', (SELECT count(*) FROM review_step WHERE task_id = t.id AND status = 'rejected'),
                 'unread_comments', (SELECT coalesce(json_group_array(id), '[]') FROM (
                     SELECT id FROM comment WHERE task_id = t.id AND author_kind = 'owner' AND read_at_ms IS NULL
                      ORDER BY id LIMIT ?2)),
                 'unread_total', (SELECT count(*) FROM comment
                                   WHERE task_id = t.id AND author_kind = 'owner' AND read_at_ms IS NULL),
                 'warnings', json(coalesce(t.stage_warnings, '[]')))
               FROM task t WHERE t.id IN (SELECT value FROM json_each(?1))",
        )
        .bind(&ids)
        .bind(SIGNAL_COMMENTS)
        .fetch_all(conn)
        .await?;
        let mut signals = std::collections::HashMap::new();
        for (id, json) in rows {
            let decoded: TaskSignals = serde_json::from_str(&json)
                .map_err(|err| sqlx::Error::Decode(format!("task_signals: {err}").into()))?;
            if decoded != TaskSignals::default() {
                signals.insert(id, decoded);
            }
        }
        Ok(signals)
    })
    .await
}

/// The warnings the task's last stage move left (a JSON array of lines), if any.
pub async fn stage_warnings(db: &mut impl Db, task_id: i64) -> Result<Option<String>, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar("SELECT stage_warnings FROM task WHERE id = ?")
            .bind(task_id)
            .fetch_optional(conn)
            .await
            .map(Option::flatten)
    })
    .await
}

/// Replaces the task's open rule warnings (`None` when none is left); the version stays, no field changed.
pub async fn set_stage_warnings(
    db: &mut impl Db,
    task_id: i64,
    warnings: Option<&str>,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query("UPDATE task SET stage_warnings = ? WHERE id = ?")
            .bind(warnings)
            .bind(task_id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// The session a task is bound to now, with what says whether it is still at work.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct BoundSession {
    pub id: i64,
    pub name: String,
    pub kind: String,
    /// `ended` once its hooks saw the session end.
    pub hook_status: Option<String>,
    /// The last time relay heard from it: a write, a hook, a bind.
    pub last_seen_ms: i64,
}

pub async fn bound_session(db: &mut impl Db, task_id: i64) -> Result<Option<BoundSession>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT s.id, s.name, s.kind, s.hook_status,
                    max(s.seen_at_ms, coalesce(s.activity_at_ms, 0)) AS last_seen_ms
               FROM task_session ts JOIN session s ON s.id = ts.session_id
              WHERE ts.task_id = ? AND ts.unbound_at_ms IS NULL",
        )
        .bind(task_id)
        .fetch_optional(conn)
        .await
    })
    .await
}

pub async fn bind(
    db: &mut impl Db,
    task_id: i64,
    session_id: i64,
    bound_by: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        unbind_in(&mut *conn, task_id, now_ms).await?;
        sqlx::query(
            "INSERT INTO task_session (task_id, session_id, bound_at_ms, bound_by) VALUES (?, ?, ?, ?)",
        )
        .bind(task_id)
        .bind(session_id)
        .bind(now_ms)
        .bind(bound_by)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

/// Closes the current binding; returns whether there was one.
pub async fn unbind(db: &mut impl Db, task_id: i64, now_ms: i64) -> Result<bool, StoreError> {
    run(db, async |conn| unbind_in(conn, task_id, now_ms).await).await
}

async fn unbind_in(conn: &mut SqliteConnection, task_id: i64, now_ms: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE task_session SET unbound_at_ms = ? WHERE task_id = ? AND unbound_at_ms IS NULL")
            .bind(now_ms)
            .bind(task_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() > 0)
}

// ---- reports -------------------------------------------------------------------------------------------

#[allow(clippy::too_many_arguments)]
pub async fn insert_report(
    db: &mut impl Db,
    task_id: i64,
    session_id: Option<i64>,
    body: &str,
    summary: &str,
    state: Option<&str>,
    size: Option<&str>,
    stage: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO report (task_id, session_id, body, summary, state, size, stage, created_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(task_id)
        .bind(session_id)
        .bind(body)
        .bind(summary)
        .bind(state)
        .bind(size)
        .bind(stage)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

// ---- decisions -----------------------------------------------------------------------------------------

#[allow(clippy::too_many_arguments)]
pub async fn insert_decision(
    db: &mut impl Db,
    project_id: i64,
    task_id: Option<i64>,
    text: &str,
    decided_by: Option<&str>,
    session_id: Option<i64>,
    source_text: Option<&str>,
    source: Option<(&str, &str)>,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO decision (project_id, task_id, scope, text, decided_by, session_id, source_text,
                               source_kind, source_ref, valid_from_ms, recorded_at_ms)
         VALUES (?, ?, CASE WHEN ? IS NULL THEN 'project' ELSE 'task' END, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(project_id)
        .bind(task_id)
        .bind(task_id)
        .bind(text)
        .bind(decided_by)
        .bind(session_id)
        .bind(source_text)
        .bind(source.map(|s| s.0))
        .bind(source.map(|s| s.1))
        .bind(now_ms)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

/// Whether a report, comment or event with this id belongs to the project (a decision's structured source).
pub async fn source_in_project(
    db: &mut impl Db,
    project_id: i64,
    project_slug: &str,
    kind: &str,
    id: i64,
) -> Result<bool, StoreError> {
    let sql = match kind {
        "report" => {
            "SELECT 1 FROM report r JOIN task t ON t.id = r.task_id WHERE r.id = ?1 AND t.project_id = ?2"
        }
        "comment" => {
            "SELECT 1 FROM comment c JOIN task t ON t.id = c.task_id WHERE c.id = ?1 AND t.project_id = ?2"
        }
        "event" => "SELECT 1 FROM event WHERE id = ?1 AND project = ?3",
        _ => return Ok(false),
    };
    run(db, async |conn| {
        sqlx::query_scalar::<_, i64>(sql)
            .bind(id)
            .bind(project_id)
            .bind(project_slug)
            .fetch_optional(conn)
            .await
            .map(|row| row.is_some())
    })
    .await
}

/// A decision's project and, when it was replaced, the decision that replaced it; `None` when there is none.
pub async fn decision_supersede_state(
    db: &mut impl Db,
    id: i64,
) -> Result<Option<(i64, Option<i64>)>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as::<_, (i64, Option<i64>)>("SELECT project_id, superseded_by FROM decision WHERE id = ?")
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// Marks decision `old` as replaced by `new` at `now_ms`: it stops holding then (valid_to) and stays in history.
pub async fn supersede_decision(db: &mut impl Db, old: i64, new: i64, now_ms: i64) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE decision SET superseded_at_ms = ?1, superseded_by = ?2, valid_to_ms = ?1
             WHERE id = ?3 AND superseded_by IS NULL",
        )
        .bind(now_ms)
        .bind(new)
        .bind(old)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

/// Current (not superseded) decisions of a project, task-scoped ones included; newest first. A task's own
/// decisions come with [`task_detail`].
pub async fn current_decisions(
    db: &mut impl Db,
    project_id: i64,
    limit: i64,
) -> Result<Vec<DecisionRow>, StoreError> {
    run(db, async |conn| {
    sqlx::query_as(
        "SELECT d.id, d.project_id, d.task_id, t.number AS task_number, d.scope, d.text, d.decided_by,
                s.name AS session, d.source_kind, d.source_ref, d.source_text, d.valid_from_ms, d.recorded_at_ms,
                d.superseded_at_ms, d.superseded_by
           FROM decision d LEFT JOIN task t ON t.id = d.task_id LEFT JOIN session s ON s.id = d.session_id
          WHERE d.project_id = ?1 AND d.superseded_at_ms IS NULL
          ORDER BY d.id DESC LIMIT ?2",
    )
    .bind(project_id)
    .bind(limit)
    .fetch_all(conn)
    .await
})
    .await
}

// ---- tracker history -----------------------------------------------------------------------------------

pub async fn insert_tracker_entry(
    db: &mut impl Db,
    task_id: i64,
    tracker_ref: &str,
    tracker_name: Option<&str>,
    tracker_url: Option<&str>,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "INSERT INTO tracker_entry (task_id, tracker_ref, tracker_name, tracker_url, created_at_ms)
         VALUES (?, ?, ?, ?, ?)",
        )
        .bind(task_id)
        .bind(tracker_ref)
        .bind(tracker_name)
        .bind(tracker_url)
        .bind(now_ms)
        .execute(conn)
        .await
        .map(|_| ())
    })
    .await
}

/// Stamps the newest tracker entry of a task as logged or unlogged.
pub async fn stamp_tracker_entry(
    db: &mut impl Db,
    task_id: i64,
    logged: bool,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        let sql = if logged {
            "UPDATE tracker_entry SET logged_at_ms = ?, unlogged_at_ms = NULL
          WHERE id = (SELECT max(id) FROM tracker_entry WHERE task_id = ?)"
        } else {
            "UPDATE tracker_entry SET unlogged_at_ms = ?
          WHERE id = (SELECT max(id) FROM tracker_entry WHERE task_id = ?)"
        };
        sqlx::query(sql)
            .bind(now_ms)
            .bind(task_id)
            .execute(conn)
            .await
            .map(|_| ())
    })
    .await
}

/// How many projects and events a database holds (`relay demo` refuses a home that has any).
pub async fn size(db: &mut impl Db) -> Result<(i64, i64), StoreError> {
    run(db, async |conn| {
        let projects: i64 = sqlx::query_scalar("SELECT count(*) FROM project")
            .fetch_one(&mut *conn)
            .await?;
        let events: i64 = sqlx::query_scalar("SELECT count(*) FROM event")
            .fetch_one(&mut *conn)
            .await?;
        Ok((projects, events))
    })
    .await
}
