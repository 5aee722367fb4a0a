//! What the memory graph's projector reads from the ledger: each kind of record of one project, as JSON objects
//! ready to be a batch's `$rows`, in pages ordered by when relay recorded them and their key (keyset paging, so a
//! re-send of 100k rows stays linear).
//!
//! A record belongs to a project when its session ran in the project's repository (its `cwd` is the repository
//! root or below it), when its file is inside the repository (an edit without a session: a watcher patch), when
//! its lock workspace is the repository (HELD counts, contentions), or, for a decision, by the decision's project.
//! File paths are made relative to the repository root where they are inside it.

use super::{Db, StoreError, run};

/// The kinds of record the projector sends, in the order it sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Turn,
    Edit,
    Held,
    Contention,
    Decision,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Turn,
        Kind::Edit,
        Kind::Held,
        Kind::Contention,
        Kind::Decision,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Turn => "turn",
            Kind::Edit => "edit",
            Kind::Held => "held",
            Kind::Contention => "contention",
            Kind::Decision => "decision",
        }
    }
}

/// A project the graph has a graph for: one with a repository folder.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GraphProject {
    pub id: i64,
    pub slug: String,
    pub repo_path: String,
}

/// Every project with a repository folder.
pub async fn projects(db: &mut impl Db) -> Result<Vec<GraphProject>, StoreError> {
    run(db, async |conn| {
        sqlx::query_as(
            "SELECT id, slug, rtrim(repo_path, '/') AS repo_path FROM project
             WHERE repo_path IS NOT NULL AND length(rtrim(repo_path, '/')) > 0 ORDER BY slug",
        )
        .fetch_all(conn)
        .await
    })
    .await
}

/// Where a page starts: after this (recorded time, key).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct After {
    pub at_ms: i64,
    pub key: String,
}

/// One page of records: each row's (recorded time, key) and its JSON object.
pub type Page = Vec<(i64, String, String)>;

// `?1` the repository root, `?2` the project id, `?3` the earliest recorded time, `?4`/`?5` the page's start,
// `?6` the page size. IN_REPO(x): x is the root or inside it.
macro_rules! in_repo {
    ($col:literal) => {
        concat!(
            "(",
            $col,
            " = ?1 OR substr(",
            $col,
            ", 1, length(?1) + 1) = ?1 || '/')"
        )
    };
}
macro_rules! relative {
    ($col:literal) => {
        concat!(
            "CASE WHEN substr(",
            $col,
            ", 1, length(?1) + 1) = ?1 || '/' THEN substr(",
            $col,
            ", length(?1) + 2) ELSE ",
            $col,
            " END"
        )
    };
}

const TURNS: &str = concat!(
    "SELECT t.recorded_at_ms, t.key, json_object(
        'key', t.key, 'session', s.key, 'agent', s.agent, 'sessionId', s.session_id, 'cwd', s.cwd,
        'startedAt', s.started_at_ms, 'lastAt', s.last_at_ms, 'role', t.role, 'text', t.text,
        'chars', t.text_chars, 'filler', t.filler = 1, 'at', t.at_ms, 'synthetic', t.synthetic_time = 1,
        'ordinal', t.ordinal, 'subagent', t.subagent)
     FROM ledger_turn t JOIN ledger_session s ON s.key = t.session_key
     WHERE ",
    in_repo!("s.cwd"),
    " AND ?2 = ?2 AND t.recorded_at_ms >= ?3 AND (t.recorded_at_ms, t.key) > (?4, ?5)
     ORDER BY t.recorded_at_ms, t.key LIMIT ?6"
);

const EDITS: &str = concat!(
    "SELECT e.recorded_at_ms, e.key, json_object(
        'key', e.key, 'session', s.key, 'agent', s.agent, 'sessionId', s.session_id, 'cwd', s.cwd,
        'startedAt', s.started_at_ms, 'lastAt', s.last_at_ms, 'source', e.source,
        'file', ", relative!("e.file"), ", 'fromFile', e.from_file, 'kind', e.kind, 'tool', e.tool,
        'outcome', e.outcome, 'at', e.at_ms, 'synthetic', e.synthetic_time = 1, 'diff', substr(e.diff, 1, 2000),
        'prompt', e.prompt_key, 'via', e.via, 'explainedBy', e.explained_by, 'sameChange', e.same_change,
        'subagent', e.subagent)
     FROM ledger_edit e LEFT JOIN ledger_session s ON s.key = e.session_key
     WHERE (", in_repo!("s.cwd"), " OR ", in_repo!("e.file"), ") AND ?2 = ?2
       AND e.recorded_at_ms >= ?3 AND (e.recorded_at_ms, e.key) > (?4, ?5)
     ORDER BY e.recorded_at_ms, e.key LIMIT ?6"
);

const HELD: &str = concat!(
    "SELECT h.last_at_ms, h.session_key || '|' || h.file, json_object(
        'session', h.session_key, 'agent', h.agent, 'sessionId', h.session_id, 'file', h.file,
        'claims', h.claims, 'firstAt', h.first_at_ms, 'lastAt', h.last_at_ms)
     FROM ledger_held h
     WHERE ",
    in_repo!("h.workspace"),
    " AND ?2 = ?2 AND h.last_at_ms >= ?3
       AND (h.last_at_ms, h.session_key || '|' || h.file) > (?4, ?5)
     ORDER BY h.last_at_ms, h.session_key || '|' || h.file LIMIT ?6"
);

const CONTENTIONS: &str = concat!(
    "SELECT c.last_at_ms, c.key, json_object(
        'key', c.key, 'file', c.file, 'holder', c.holder_key, 'wanted', c.wanted_key, 'bucket', c.bucket_ms,
        'attempts', c.attempts, 'intent', c.holder_intent, 'firstAt', c.first_at_ms, 'lastAt', c.last_at_ms,
        'holderAgent', (SELECT agent FROM ledger_session WHERE key = c.holder_key),
        'wantedAgent', (SELECT agent FROM ledger_session WHERE key = c.wanted_key))
     FROM ledger_contention c
     WHERE ",
    in_repo!("c.workspace"),
    " AND ?2 = ?2 AND c.last_at_ms >= ?3 AND (c.last_at_ms, c.key) > (?4, ?5)
     ORDER BY c.last_at_ms, c.key LIMIT ?6"
);

const DECISIONS: &str = concat!(
    "SELECT d.recorded_at_ms, printf('%020d', d.id), json_object(
        'id', d.id, 'text', d.text, 'decidedBy', d.decided_by, 'at', d.valid_from_ms,
        'superseded', d.superseded_at_ms IS NOT NULL,
        'files', json((SELECT json_group_array(",
    relative!("f.file"),
    ") FROM ledger_decision_file f
                  WHERE f.decision_id = d.id)),
        'session', (SELECT f.session_key FROM ledger_decision_file f
                    WHERE f.decision_id = d.id AND f.session_key IS NOT NULL LIMIT 1))
     FROM decision d
     WHERE d.project_id = ?2 AND length(?1) >= 0 AND d.recorded_at_ms >= ?3
       AND (d.recorded_at_ms, printf('%020d', d.id)) > (?4, ?5)
     ORDER BY d.recorded_at_ms, d.id LIMIT ?6"
);

/// One page of `kind`'s records of `project` recorded at `since_ms` or later, after `after`.
pub async fn page(
    db: &mut impl Db,
    kind: Kind,
    project: &GraphProject,
    since_ms: i64,
    after: &After,
    limit: u32,
) -> Result<Page, StoreError> {
    let sql = match kind {
        Kind::Turn => TURNS,
        Kind::Edit => EDITS,
        Kind::Held => HELD,
        Kind::Contention => CONTENTIONS,
        Kind::Decision => DECISIONS,
    };
    run(db, async |conn| {
        sqlx::query_as(sql)
            .bind(&project.repo_path)
            .bind(project.id)
            .bind(since_ms)
            .bind(after.at_ms)
            .bind(&after.key)
            .bind(i64::from(limit))
            .fetch_all(conn)
            .await
    })
    .await
}
