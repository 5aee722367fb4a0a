//! The SQL of environments (a project's stands), their access entries, the project and environment policy layers
//! and the agents' proposals (relaybay §7, migration 0010). Plain rows in, plain rows out; the rules (name rules,
//! secret checks, who may write, the second confirmation) live in `crate::env`.

use sqlx::FromRow;

use super::{Db, StoreError, run};

/// Whether a committed event of `kind` may have changed an environment, an access entry or a policy layer (the
/// store then advances [`super::Store::environments_generation`]). Proposals are included: they are rare, and an
/// accepted one commits its change with them.
pub fn changes_environments(kind: &str) -> bool {
    kind.starts_with("environment.") || kind.starts_with("policy.")
}

/// One environment, with its project's slug.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct EnvironmentRow {
    pub id: i64,
    pub project_id: i64,
    pub project: String,
    pub name: String,
    /// local, test or live.
    pub kind: String,
    pub base_url: Option<String>,
    pub sign_in_allowed: bool,
    pub login_state_path: Option<String>,
    pub notes: Option<String>,
    /// none / read / ask / full; `None` takes the policy's.
    pub level: Option<String>,
    /// A JSON object `{capability: level}`.
    pub overrides: String,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// The columns an environment write sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnvironmentFields {
    pub name: String,
    pub kind: String,
    pub base_url: Option<String>,
    pub sign_in_allowed: bool,
    pub login_state_path: Option<String>,
    pub notes: Option<String>,
    pub level: Option<String>,
    /// A JSON object `{capability: level}`.
    pub overrides: String,
}

/// One access entry.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct AccessRow {
    pub id: i64,
    pub environment_id: i64,
    pub kind: String,
    /// A JSON object of string fields (a test secret is `{"value": …, "test": true}`).
    pub fields: String,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// A stored policy layer (project, or environment when `environment_id` is set).
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct PolicyLayerRow {
    pub project_id: i64,
    pub environment_id: Option<i64>,
    pub body: String,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// An agent's environment proposal.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct EnvProposalRow {
    pub id: i64,
    pub project_id: i64,
    pub project: String,
    pub environment: String,
    /// The change, a JSON object.
    pub change: String,
    pub reason: String,
    pub proposed_by: String,
    pub proposed_at_ms: i64,
    /// pending, accepted or rejected.
    pub status: String,
    pub decided_by: Option<String>,
    pub decided_at_ms: Option<i64>,
}

/// An agent's policy proposal.
#[derive(Clone, Debug, FromRow, PartialEq, Eq, serde::Serialize)]
pub struct PolicyProposalRow {
    pub id: i64,
    /// `global`, `<project>` or `<project>/<environment>`.
    pub scope: String,
    pub project_id: Option<i64>,
    /// The patch, a JSON object.
    pub patch: String,
    pub reason: String,
    pub proposed_by: String,
    pub proposed_at_ms: i64,
    pub status: String,
    pub decided_by: Option<String>,
    pub decided_at_ms: Option<i64>,
    /// Why an accepted proposal went back to pending (the global file could not be written).
    pub error: Option<String>,
}

const ENV_COLUMNS: &str =
    "e.id, e.project_id, p.slug AS project, e.name, e.kind, e.base_url, e.sign_in_allowed,
        e.login_state_path, e.notes, e.level, e.overrides, e.changed_at_ms, e.changed_by";

/// A project's environments, by name.
pub async fn environments(db: &mut impl Db, project_id: i64) -> Result<Vec<EnvironmentRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {ENV_COLUMNS} FROM environment e JOIN project p ON p.id = e.project_id
              WHERE e.project_id = ? ORDER BY lower(e.name)"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(project_id)
            .fetch_all(conn)
            .await
    })
    .await
}

/// The environments of several projects (the guard's view of a session), by project then name.
pub async fn environments_of(
    db: &mut impl Db,
    project_ids: &[i64],
) -> Result<Vec<EnvironmentRow>, StoreError> {
    run(db, async |conn| {
        let ids = serde_json::to_string(project_ids).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let sql = format!(
            "SELECT {ENV_COLUMNS} FROM environment e JOIN project p ON p.id = e.project_id
              WHERE e.project_id IN (SELECT value FROM json_each(?)) ORDER BY p.slug, lower(e.name)"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(ids)
            .fetch_all(conn)
            .await
    })
    .await
}

/// The environment of that name in a project (without regard to case).
pub async fn environment_by_name(
    db: &mut impl Db,
    project_id: i64,
    name: &str,
) -> Result<Option<EnvironmentRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {ENV_COLUMNS} FROM environment e JOIN project p ON p.id = e.project_id
              WHERE e.project_id = ? AND lower(e.name) = lower(?)"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(project_id)
            .bind(name)
            .fetch_optional(conn)
            .await
    })
    .await
}

pub async fn insert_environment(
    db: &mut impl Db,
    project_id: i64,
    fields: &EnvironmentFields,
    by: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO environment (project_id, name, kind, base_url, sign_in_allowed, login_state_path, notes,
                                      level, overrides, changed_at_ms, changed_by)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(project_id)
        .bind(&fields.name)
        .bind(&fields.kind)
        .bind(&fields.base_url)
        .bind(fields.sign_in_allowed)
        .bind(&fields.login_state_path)
        .bind(&fields.notes)
        .bind(&fields.level)
        .bind(&fields.overrides)
        .bind(now_ms)
        .bind(by)
        .fetch_one(conn)
        .await
    })
    .await
}

pub async fn update_environment(
    db: &mut impl Db,
    id: i64,
    fields: &EnvironmentFields,
    by: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE environment SET name = ?, kind = ?, base_url = ?, sign_in_allowed = ?, login_state_path = ?,
                    notes = ?, level = ?, overrides = ?, changed_at_ms = ?, changed_by = ?
              WHERE id = ?",
        )
        .bind(&fields.name)
        .bind(&fields.kind)
        .bind(&fields.base_url)
        .bind(fields.sign_in_allowed)
        .bind(&fields.login_state_path)
        .bind(&fields.notes)
        .bind(&fields.level)
        .bind(&fields.overrides)
        .bind(now_ms)
        .bind(by)
        .bind(id)
        .execute(conn)
        .await
        .map(drop)
    })
    .await
}

/// Removes an environment with its access entries and its policy layer; false when there was none.
pub async fn delete_environment(db: &mut impl Db, id: i64) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM environment WHERE id = ?")
            .bind(id)
            .execute(conn)
            .await
            .map(|done| done.rows_affected() > 0)
    })
    .await
}

/// An environment's access entries, oldest first.
pub async fn access_entries(db: &mut impl Db, environment_id: i64) -> Result<Vec<AccessRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT id, environment_id, kind, fields, changed_at_ms, changed_by FROM access_entry
              WHERE environment_id = ? ORDER BY id",
        )
        .bind(environment_id)
        .fetch_all(conn)
        .await
    })
    .await
}

/// The access entries of several environments, by environment then age.
pub async fn access_entries_of(
    db: &mut impl Db,
    environment_ids: &[i64],
) -> Result<Vec<AccessRow>, StoreError> {
    run(db, async |conn| {
        let ids = serde_json::to_string(environment_ids).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        sqlx::query_as(
            "SELECT id, environment_id, kind, fields, changed_at_ms, changed_by FROM access_entry
              WHERE environment_id IN (SELECT value FROM json_each(?)) ORDER BY environment_id, id",
        )
        .bind(ids)
        .fetch_all(conn)
        .await
    })
    .await
}

pub async fn access_entry(db: &mut impl Db, id: i64) -> Result<Option<AccessRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT id, environment_id, kind, fields, changed_at_ms, changed_by FROM access_entry WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(conn)
        .await
    })
    .await
}

pub async fn insert_access(
    db: &mut impl Db,
    environment_id: i64,
    kind: &str,
    fields: &str,
    by: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO access_entry (environment_id, kind, fields, changed_at_ms, changed_by)
             VALUES (?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(environment_id)
        .bind(kind)
        .bind(fields)
        .bind(now_ms)
        .bind(by)
        .fetch_one(conn)
        .await
    })
    .await
}

pub async fn update_access(
    db: &mut impl Db,
    id: i64,
    kind: &str,
    fields: &str,
    by: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE access_entry SET kind = ?, fields = ?, changed_at_ms = ?, changed_by = ? WHERE id = ?",
        )
        .bind(kind)
        .bind(fields)
        .bind(now_ms)
        .bind(by)
        .bind(id)
        .execute(conn)
        .await
        .map(drop)
    })
    .await
}

pub async fn delete_access(db: &mut impl Db, id: i64) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query("DELETE FROM access_entry WHERE id = ?")
            .bind(id)
            .execute(conn)
            .await
            .map(|done| done.rows_affected() > 0)
    })
    .await
}

/// The project layer (`environment_id` none) or an environment's layer.
pub async fn policy_layer(
    db: &mut impl Db,
    project_id: i64,
    environment_id: Option<i64>,
) -> Result<Option<PolicyLayerRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT project_id, environment_id, body, changed_at_ms, changed_by FROM policy_layer
              WHERE project_id = ? AND coalesce(environment_id, 0) = coalesce(?, 0)",
        )
        .bind(project_id)
        .bind(environment_id)
        .fetch_optional(conn)
        .await
    })
    .await
}

/// Every stored layer of the projects given (project layers first, then environment layers).
pub async fn policy_layers_of(
    db: &mut impl Db,
    project_ids: &[i64],
) -> Result<Vec<PolicyLayerRow>, StoreError> {
    run(db, async |conn| {
        let ids = serde_json::to_string(project_ids).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        sqlx::query_as(
            "SELECT project_id, environment_id, body, changed_at_ms, changed_by FROM policy_layer
              WHERE project_id IN (SELECT value FROM json_each(?))
              ORDER BY project_id, environment_id IS NOT NULL, environment_id",
        )
        .bind(ids)
        .fetch_all(conn)
        .await
    })
    .await
}

/// A stored layer with the names of its scope.
#[derive(Clone, Debug, FromRow, PartialEq, Eq)]
pub struct NamedLayerRow {
    pub project: String,
    pub environment: Option<String>,
    pub body: String,
    pub changed_at_ms: i64,
    pub changed_by: String,
}

/// Every stored layer of every project: by project slug, the project's own layer before its environments'.
pub async fn all_policy_layers(db: &mut impl Db) -> Result<Vec<NamedLayerRow>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT p.slug AS project, e.name AS environment, l.body, l.changed_at_ms, l.changed_by
               FROM policy_layer l
               JOIN project p ON p.id = l.project_id
               LEFT JOIN environment e ON e.id = l.environment_id
              ORDER BY p.slug, l.environment_id IS NOT NULL, e.name",
        )
        .fetch_all(conn)
        .await
    })
    .await
}

/// Stores a layer (replacing the scope's one, in one statement).
pub async fn set_policy_layer(
    db: &mut impl Db,
    project_id: i64,
    environment_id: Option<i64>,
    body: &str,
    by: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "INSERT INTO policy_layer (project_id, environment_id, body, changed_at_ms, changed_by)
             VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (project_id, coalesce(environment_id, 0)) DO UPDATE
                SET body = excluded.body, changed_at_ms = excluded.changed_at_ms, changed_by = excluded.changed_by",
        )
        .bind(project_id)
        .bind(environment_id)
        .bind(body)
        .bind(now_ms)
        .bind(by)
        .execute(conn)
        .await
        .map(drop)
    })
    .await
}

/// Removes a scope's layer; false when there was none.
pub async fn delete_policy_layer(
    db: &mut impl Db,
    project_id: i64,
    environment_id: Option<i64>,
) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "DELETE FROM policy_layer WHERE project_id = ? AND coalesce(environment_id, 0) = coalesce(?, 0)",
        )
        .bind(project_id)
        .bind(environment_id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() > 0)
    })
    .await
}

const ENV_PROPOSAL_COLUMNS: &str = "x.id, x.project_id, p.slug AS project, x.environment, x.change, x.reason,
        x.proposed_by, x.proposed_at_ms, x.status, x.decided_by, x.decided_at_ms";

pub async fn insert_env_proposal(
    db: &mut impl Db,
    project_id: i64,
    environment: &str,
    change: &str,
    reason: &str,
    by: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO environment_proposal (project_id, environment, change, reason, proposed_by, proposed_at_ms)
             VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(project_id)
        .bind(environment)
        .bind(change)
        .bind(reason)
        .bind(by)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

pub async fn env_proposal(db: &mut impl Db, id: i64) -> Result<Option<EnvProposalRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {ENV_PROPOSAL_COLUMNS} FROM environment_proposal x JOIN project p ON p.id = x.project_id
              WHERE x.id = ?"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// Pending environment proposals, of one project or all, oldest first.
pub async fn pending_env_proposals(
    db: &mut impl Db,
    project_id: Option<i64>,
) -> Result<Vec<EnvProposalRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {ENV_PROPOSAL_COLUMNS} FROM environment_proposal x JOIN project p ON p.id = x.project_id
              WHERE x.status = 'pending' AND (?1 IS NULL OR x.project_id = ?1) ORDER BY x.id"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(project_id)
            .fetch_all(conn)
            .await
    })
    .await
}

/// Decides a pending proposal (`accepted` / `rejected`); false when it was not pending (decided once).
pub async fn decide_env_proposal(
    db: &mut impl Db,
    id: i64,
    status: &str,
    by: &str,
    now_ms: i64,
) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE environment_proposal SET status = ?, decided_by = ?, decided_at_ms = ?
              WHERE id = ? AND status = 'pending'",
        )
        .bind(status)
        .bind(by)
        .bind(now_ms)
        .bind(id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() > 0)
    })
    .await
}

const POLICY_PROPOSAL_COLUMNS: &str =
    "id, scope, project_id, patch, reason, proposed_by, proposed_at_ms, status,
        decided_by, decided_at_ms, error";

pub async fn insert_policy_proposal(
    db: &mut impl Db,
    scope: &str,
    project_id: Option<i64>,
    patch: &str,
    reason: &str,
    by: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    run(db, async |conn| {
        sqlx::query_scalar(
            "INSERT INTO policy_proposal (scope, project_id, patch, reason, proposed_by, proposed_at_ms)
             VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(scope)
        .bind(project_id)
        .bind(patch)
        .bind(reason)
        .bind(by)
        .bind(now_ms)
        .fetch_one(conn)
        .await
    })
    .await
}

pub async fn policy_proposal(db: &mut impl Db, id: i64) -> Result<Option<PolicyProposalRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!("SELECT {POLICY_PROPOSAL_COLUMNS} FROM policy_proposal WHERE id = ?");
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(conn)
            .await
    })
    .await
}

/// Pending policy proposals, oldest first.
pub async fn pending_policy_proposals(db: &mut impl Db) -> Result<Vec<PolicyProposalRow>, StoreError> {
    run(db, async |conn| {
        let sql = format!(
            "SELECT {POLICY_PROPOSAL_COLUMNS} FROM policy_proposal WHERE status = 'pending' ORDER BY id"
        );
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(conn).await
    })
    .await
}

/// Decides a pending policy proposal; false when it was not pending.
pub async fn decide_policy_proposal(
    db: &mut impl Db,
    id: i64,
    status: &str,
    by: &str,
    now_ms: i64,
) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE policy_proposal SET status = ?, decided_by = ?, decided_at_ms = ?, error = NULL
              WHERE id = ? AND status = 'pending'",
        )
        .bind(status)
        .bind(by)
        .bind(now_ms)
        .bind(id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() > 0)
    })
    .await
}

/// Puts an accepted policy proposal back to pending with the error that undid it (the global file could not be
/// written after the commit).
pub async fn reopen_policy_proposal(db: &mut impl Db, id: i64, error: &str) -> Result<bool, StoreError> {
    run(db, async |conn| {
        sqlx::query(
            "UPDATE policy_proposal SET status = 'pending', decided_by = NULL, decided_at_ms = NULL, error = ?
              WHERE id = ? AND status = 'accepted'",
        )
        .bind(error)
        .bind(id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected() > 0)
    })
    .await
}

#[cfg(test)]
#[path = "environment_tests.rs"]
mod tests;
