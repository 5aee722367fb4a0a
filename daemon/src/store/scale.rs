//! The scale fixture: a store seeded directly with SQL in bulk (seconds, not the minutes the board's write path
//! would take) — 10,000 tasks over 5 projects, 100,000 events, and one task with 500 reports, 500 comments, 300
//! plan steps, 300 plan revisions and 300 review steps. The answer-budget test and the MCP scale benchmark read
//! it; nothing else writes like this.
//!
//! Seed a new data directory's database before the daemon opens it: [`seed`] opens the store (migrating it),
//! writes everything in one transaction and closes it, so the store the daemon opens next reads the new event
//! head from the file.

use std::path::Path;

use super::{Store, StoreError};

/// What the fixture holds, for the readers that look for its big parts.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    pub projects: i64,
    pub tasks_per_project: i64,
    pub events: i64,
    /// Reports and comments of the big task.
    pub reports: i64,
    pub comments: i64,
}

impl Scale {
    /// The fixture of the bounded-answers issue.
    pub const FULL: Scale = Scale {
        projects: 5,
        tasks_per_project: 2_000,
        events: 100_000,
        reports: 500,
        comments: 500,
    };
}

/// The project slugs: `scale-0` … `scale-4`.
pub fn project_slug(index: i64) -> String {
    format!("scale-{index}")
}

/// The task with hundreds of reports, comments, plan steps, revisions and review steps: dev, bound to
/// [`BIG_TASK_SESSION`].
pub const BIG_TASK: &str = "scale-0-1";
/// The session bound to [`BIG_TASK`] (one of the fixture's `agent-1` … `agent-20`).
pub const BIG_TASK_SESSION: &str = "agent-1";

/// When the fixture's history starts (2026-11-01), in ms.
const T0: i64 = 1_793_491_200_000;

/// Seeds the store at `path` (a new database) with `scale`.
pub async fn seed(path: &Path, scale: Scale) -> Result<(), StoreError> {
    let store = Store::open(path).await?;
    let mut write = store.begin_write().await?;
    let tasks = scale.projects * scale.tasks_per_project;
    let per = scale.tasks_per_project;
    let statements: Vec<(String, Vec<i64>)> = vec![
        (
            format!(
                "INSERT INTO project (id, slug, name, repo_path, description, next_number, created_at_ms, updated_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
                 SELECT i + 1, 'scale-' || i, 'Scale project ' || i, '/srv/scale-' || i,
                        'A project of the scale fixture: a shop with a checkout, accounts and an admin.', ?2 + 1,
                        {T0}, {T0} FROM n"
            ),
            vec![scale.projects, per],
        ),
        (
            format!(
                "INSERT INTO session (id, name, kind, title, created_at_ms, seen_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                 SELECT i, 'agent-' || i, 'named', 'Agent ' || i, {T0}, {T0} FROM n"
            ),
            vec![],
        ),
        // Per project: plan 10 %, dev 15 %, review, test and live 5 % each, done 60 %.
        (
            format!(
                "INSERT INTO task (id, project_id, number, title, stage, waiting_on, next_step, next_step_at_ms,
                                   progress, priority, size, created_at_ms, updated_at_ms, stage_changed_at_ms,
                                   closed_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1),
                 s AS (SELECT i, CASE i % 20 WHEN 0 THEN 'plan' WHEN 1 THEN 'plan' WHEN 2 THEN 'dev'
                                 WHEN 3 THEN 'dev' WHEN 4 THEN 'dev' WHEN 5 THEN 'review' WHEN 6 THEN 'test'
                                 WHEN 7 THEN 'live' ELSE 'done' END AS stage,
                              {T0} + ((i * 7919) % ?1) * 60000 AS updated FROM n)
                 SELECT i + 1, i / ?2 + 1, i % ?2 + 1,
                        'Task ' || (i % ?2 + 1) || ' of scale-' || (i / ?2) || ': tidy the checkout flow and its errors',
                        stage, CASE WHEN i % 50 = 0 THEN 'owner' END,
                        CASE WHEN i % 3 = 0 THEN 'write the tests for the new validation and run them' END,
                        CASE WHEN i % 3 = 0 THEN updated END,
                        CASE WHEN i % 4 = 0 THEN 'halfway: the form is done, the server side is next' END,
                        i % 5 + 1, CASE i % 3 WHEN 0 THEN 'S' WHEN 1 THEN 'M' ELSE 'L' END,
                        {T0} + i * 60000, updated, {T0} + i * 60000,
                        CASE WHEN stage = 'done' THEN updated END
                   FROM s"
            ),
            vec![tasks, per],
        ),
        // Every seventh open task is bound to one of the 20 sessions.
        (
            format!(
                "INSERT INTO task_session (task_id, session_id, bound_at_ms, bound_by)
                 SELECT id, id % 20 + 1, {T0}, 'scale' FROM task WHERE id % 7 = 0 AND stage <> 'done'"
            ),
            vec![],
        ),
        // The big task: dev, bound to agent-1.
        (
            "UPDATE task SET stage = 'dev', waiting_on = NULL, closed_at_ms = NULL WHERE id = 1".to_owned(),
            vec![],
        ),
        (
            format!(
                "INSERT INTO task_session (task_id, session_id, bound_at_ms, bound_by) VALUES (1, 1, {T0}, 'scale')"
            ),
            vec![],
        ),
        (
            format!(
                "INSERT INTO report (task_id, session_id, body, summary, state, size, stage, created_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
                 SELECT 1, 1, 'committed · M · step ' || i || ' of the checkout rework' || char(10) || char(10) ||
                        'Changed the validation of the address form and its tests; the error texts now say which ' ||
                        'field is wrong and what to enter.', 'committed · M · step ' || i || ' of the checkout rework',
                        'committed', 'M', 'dev', {T0} + i * 1000 FROM n"
            ),
            vec![scale.reports],
        ),
        (
            format!(
                "INSERT INTO comment (task_id, author_kind, author_name, author_session_id, body, created_at_ms,
                                      delivered_at_ms, delivered_to_session_id, read_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
                 SELECT 1, CASE WHEN i % 2 = 0 THEN 'owner' ELSE 'agent' END,
                        CASE WHEN i % 2 = 0 THEN 'owner' ELSE 'agent-1' END, CASE WHEN i % 2 = 1 THEN 1 END,
                        'Comment ' || i || ': the error under the postcode field should say which format is ' ||
                        'expected, and the button should stay disabled until the form is valid. Please check ' ||
                        'the narrow layout too, the message wraps badly there.',
                        {T0} + i * 1000, {T0} + i * 1000 + 10, 1,
                        CASE WHEN i < ?1 - 20 THEN {T0} + i * 1000 + 20 END FROM n"
            ),
            vec![scale.comments],
        ),
        (
            format!(
                "INSERT INTO plan_step (task_id, position, title, details, status, created_by, updated_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                 SELECT 1, i, 'Step ' || i || ': change one part of the checkout',
                        'What to change: the validation of one field of the address form and its message. How to check it: the unit tests of the form and one look at the page.',
                        CASE WHEN i < 250 THEN 'done' ELSE 'pending' END, 'agent-1', {T0} FROM n"
            ),
            vec![],
        ),
        (
            format!(
                "INSERT INTO plan_revision (task_id, revision, body, author, reason, created_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                 SELECT 1, i, '[]', 'agent-1', 'plan_set', {T0} + i * 1000 FROM n"
            ),
            vec![],
        ),
        (
            "UPDATE task SET plan_status = 'accepted', plan_accepted_by = 'owner' WHERE id = 1".to_owned(),
            vec![],
        ),
        (
            format!(
                "INSERT INTO review_step (task_id, position, title, details, status, created_by, updated_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                 SELECT 1, i, 'Check ' || i || ': the checkout page in the narrow layout',
                        'Open the checkout page on a phone-sized window, enter a wrong postcode and look at the message under the field: it names the expected format and does not wrap badly.', 'open', 'agent-1', {T0}
                   FROM n"
            ),
            vec![],
        ),
        (
            format!(
                "INSERT INTO decision (project_id, task_id, scope, text, decided_by, valid_from_ms, recorded_at_ms)
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
                 SELECT p.id, CASE WHEN p.id = 1 AND i % 2 = 0 THEN 1 END,
                        CASE WHEN p.id = 1 AND i % 2 = 0 THEN 'task' ELSE 'project' END,
                        'Decision ' || i || ': keep the checkout on one page', 'owner', {T0}, {T0} + i
                   FROM n, project p"
            ),
            vec![],
        ),
        // The log: task updates, stage moves and reports, spread over the projects.
        (
            format!(
                "INSERT INTO event (at_ms, kind, subject, project, data)
                 WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1),
                 e AS (SELECT i, 'scale-' || (i % ?2) AS project,
                              'scale-' || (i % ?2) || '-' || (i % ?3 + 1) AS key FROM n)
                 SELECT {T0} + i * 100,
                        CASE i % 3 WHEN 0 THEN 'task.updated' WHEN 1 THEN 'task.stage_changed' ELSE 'report.added' END,
                        key, project,
                        CASE i % 3
                          WHEN 0 THEN json_object('project', project, 'key', key, 'changed', json_array('next_step'),
                                                  'version', 2, 'actor', 'agent-1')
                          WHEN 1 THEN json_object('project', project, 'key', key, 'from', 'dev', 'to', 'review',
                                                  'warnings', json_array(), 'actor', 'agent-1')
                          ELSE json_object('project', project, 'key', key, 'report', i,
                                           'summary', 'committed · M · one more step of the checkout rework',
                                           'state', 'committed', 'size', 'M', 'actor', 'agent-1') END
                   FROM e"
            ),
            vec![scale.events, scale.projects, per],
        ),
    ];
    for (sql, binds) in statements {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for bind in binds {
            query = query.bind(bind);
        }
        query
            .execute(&mut *write.conn())
            .await
            .map_err(|source| StoreError::Sql {
                path: path.to_path_buf(),
                source,
            })?;
    }
    write.commit().await?;
    store.close().await;
    Ok(())
}
