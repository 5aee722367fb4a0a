//! The projector: one pass sends each project's new ledger records to its graph, and re-sends all of them when
//! the graph is new, wiped or behind.
//!
//! Per project: read the graph's `Meta.lastIngestAt`; compare it with relay's cursor for that graph (in
//! `DATA_DIR/graph/cursors.json`: the recorded time every record before which was sent, and the stamp written with
//! it). No stamp (a new or wiped graph: the indexes are made first) or a stamp older than the cursor's (the server
//! came back from an older snapshot) means the graph misses records: everything is sent again, which `MERGE` makes
//! harmless. Otherwise the records recorded since the cursor (less a margin) are sent. Then the analytics over the
//! files that got edits, in batches; the whole-graph ones on a re-send and otherwise at most once a minute
//! ([`schema::GLOBAL_EVERY_MS`]); then `Meta.lastIngestAt` is stamped, and only then the cursor is saved.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::client::{GraphClient, param};
use super::schema;
use super::{GraphError, graph_name};
use crate::handle::DaemonHandle;
use crate::store::graph_feed::{self, After, GraphProject, Kind};

/// Rows per `UNWIND $rows` batch.
pub const BATCH: u32 = 500;
/// Records recorded this long before the cursor are sent again (a row written in the same millisecond as the
/// cursor was taken, held back by a transaction, is not missed).
pub const MARGIN_MS: i64 = 5_000;
/// One write's bound.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a pass sent a project's whole history again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Resend {
    /// The graph had no stamp: new, wiped, or never filled.
    Empty,
    /// The graph's stamp is older than relay's cursor: restored from an older snapshot or lost writes.
    Behind,
    /// relay had no cursor for the graph (first pass, or `relay graph rebuild`).
    NoCursor,
}

/// What one pass did for one project.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ProjectPass {
    pub project: String,
    pub graph: String,
    pub resend: Option<Resend>,
    /// Records sent per kind (`turn`, `edit`, …).
    pub sent: BTreeMap<&'static str, u64>,
    /// Whether the whole-graph analytics ran (PageRank, communities, …; at most every
    /// [`schema::GLOBAL_EVERY_MS`]).
    pub global: bool,
    pub stamp_ms: i64,
}

/// relay's side of what each graph has: by graph name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cursors(pub BTreeMap<String, Cursor>);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cursor {
    /// Every record recorded before this was sent.
    pub through_ms: i64,
    /// The `Meta.lastIngestAt` written with it.
    pub stamp_ms: i64,
}

/// The cursors' file.
pub fn cursors_path(handle: &DaemonHandle) -> PathBuf {
    handle.config().data_dir.path().join("graph").join("cursors.json")
}

/// The saved cursors; a missing or unreadable file is no cursor (everything is sent again, which is harmless).
pub fn load_cursors(path: &Path) -> Cursors {
    std::fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Writes the cursors atomically (a temp file in the same folder, renamed), the folder 0700 and the file 0600.
pub fn save_cursors(path: &Path, cursors: &Cursors) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    crate::fsutil::create_private_dir(dir).map_err(std::io::Error::other)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(&serde_json::to_vec_pretty(cursors).map_err(std::io::Error::other)?)?;
    temp.as_file().sync_all()?;
    // NamedTempFile is created 0600.
    temp.persist(path).map_err(|err| err.error)?;
    Ok(())
}

/// Errors of a pass: the graph's, or the ledger's.
#[derive(Debug, thiserror::Error)]
pub enum PassError {
    #[error(transparent)]
    Graph(#[from] GraphError),
    #[error("the ledger could not be read for the graph: {0}")]
    Store(#[from] crate::store::StoreError),
    #[error(
        "the graph's cursor file {path} could not be written: {source}; the next pass sends these records again"
    )]
    Cursor { path: String, source: std::io::Error },
}

/// One pass over every project with a repository folder. `forget` lists graphs whose cursor is dropped first
/// (`relay graph rebuild`).
pub async fn pass(
    handle: &DaemonHandle,
    client: &GraphClient,
    forget: &BTreeSet<String>,
) -> Result<Vec<ProjectPass>, PassError> {
    let projects = {
        let mut db = handle.store().read().await?;
        graph_feed::projects(&mut db).await?
    };
    let path = cursors_path(handle);
    let mut cursors = load_cursors(&path);
    let mut done = Vec::new();
    for project in &projects {
        let graph = graph_name(&project.slug);
        if forget.contains(&graph) {
            cursors.0.remove(&graph);
        }
        let (report, cursor) = project_pass(handle, client, project, cursors.0.get(&graph).copied()).await?;
        cursors.0.insert(graph, cursor);
        save_cursors(&path, &cursors).map_err(|source| PassError::Cursor {
            path: path.display().to_string(),
            source,
        })?;
        done.push(report);
    }
    Ok(done)
}

async fn project_pass(
    handle: &DaemonHandle,
    client: &GraphClient,
    project: &GraphProject,
    cursor: Option<Cursor>,
) -> Result<(ProjectPass, Cursor), PassError> {
    let graph = graph_name(&project.slug);
    let (stamp, version, global_at, due) = match client
        .read(
            &graph,
            schema::READ_STAMP,
            vec![("graph", param(graph.clone().into()))],
            WRITE_TIMEOUT,
        )
        .await
    {
        Ok(answer) => {
            let row = answer.rows.first();
            let at = |i: usize| row.and_then(|r| r.get(i)).and_then(serde_json::Value::as_i64);
            let due = row
                .and_then(|r| r.get(3))
                .is_some_and(|d| d == &serde_json::Value::Bool(true) || d == &serde_json::Value::from(1));
            (at(0), at(1), at(2), due)
        }
        Err(GraphError::Missing { .. }) => (None, None, None, false),
        Err(err) => return Err(err.into()),
    };
    let (since, resend) = match (stamp, cursor) {
        (None, _) => (0, Some(Resend::Empty)),
        (Some(_), None) => (0, Some(Resend::NoCursor)),
        (Some(stamp), Some(cursor)) if stamp < cursor.stamp_ms => (0, Some(Resend::Behind)),
        (Some(_), Some(cursor)) => (cursor.through_ms - MARGIN_MS, None),
    };
    if stamp.is_none() {
        for index in schema::INDEXES {
            match client.write(&graph, index, Vec::new(), WRITE_TIMEOUT).await {
                Ok(_) => {}
                Err(GraphError::Query { reason, .. }) if reason.contains("already indexed") => {}
                Err(err) => return Err(err.into()),
            }
        }
    }
    let through = handle.now_ms();
    let mut report = ProjectPass {
        project: project.slug.clone(),
        graph: graph.clone(),
        resend,
        ..ProjectPass::default()
    };
    let mut edited = BTreeSet::new();
    let mut sessions = BTreeSet::new();
    for kind in Kind::ALL {
        let mut after = After::default();
        loop {
            let page = {
                let mut db = handle.store().read().await?;
                graph_feed::page(&mut db, kind, project, since, &after, BATCH).await?
            };
            let Some((at_ms, key, _)) = page.last() else {
                break;
            };
            after = After {
                at_ms: *at_ms,
                key: key.clone(),
            };
            let rows: Vec<serde_json::Value> = page
                .iter()
                .filter_map(|(_, _, row)| serde_json::from_str(row).ok())
                .collect();
            if kind == Kind::Edit {
                for row in &rows {
                    edited.extend(row["file"].as_str().map(str::to_owned));
                    sessions.extend(row["session"].as_str().map(str::to_owned));
                }
            }
            let count = rows.len() as u64;
            client
                .write(
                    &graph,
                    schema::merge(kind),
                    vec![("rows", param(serde_json::Value::Array(rows)))],
                    WRITE_TIMEOUT,
                )
                .await?;
            *report.sent.entry(kind.as_str()).or_default() += count;
            if page.len() < BATCH as usize {
                break;
            }
        }
    }
    let analytics = if edited.is_empty() {
        None
    } else {
        per_file_analytics(client, &graph, edited, &sessions).await?;
        Some(handle.now_ms())
    };
    // The whole-graph analytics: on a re-send, else when something is due and the last run is old enough.
    let due = due || analytics.is_some();
    let global = if due
        && (resend.is_some() || global_at.is_none_or(|at| handle.now_ms() - at >= schema::GLOBAL_EVERY_MS))
    {
        global_analytics(client, &graph).await?;
        Some(handle.now_ms())
    } else {
        None
    };
    report.global = global.is_some();
    // The stamp is never below the cursor's, so a later pass compares like with like.
    let stamp_ms = handle.now_ms().max(through);
    // Only a whole re-send makes the graph this schema's; an incremental pass onto a graph of an older schema keeps
    // its version, so `relay graph status` goes on saying NEEDS REBUILD.
    let version = match (resend, version) {
        (None, Some(version)) => version,
        _ => schema::SCHEMA_VERSION,
    };
    client
        .write(
            &graph,
            schema::STAMP,
            vec![
                ("graph", param(graph.clone().into())),
                ("project", param(project.slug.clone().into())),
                ("stamp", param(stamp_ms.into())),
                ("version", param(version.into())),
                (
                    "analytics",
                    param(analytics.map_or(serde_json::Value::Null, Into::into)),
                ),
                (
                    "global",
                    param(global.map_or(serde_json::Value::Null, Into::into)),
                ),
                ("due", param((due && global.is_none()).into())),
            ],
            WRITE_TIMEOUT,
        )
        .await?;
    report.stamp_ms = stamp_ms;
    Ok((
        report,
        Cursor {
            through_ms: through,
            stamp_ms,
        },
    ))
}

/// The analytics of a pass's edits: each session that got edits has its `coEdit` files set again (the files that
/// enter or leave it join `files`), then TOUCHED, CO_EDITED and Overlap over `files` in batches of
/// [`schema::ANALYTICS_BATCH`], and the CO_EDITED links of those files this pass no longer makes are removed.
/// Every statement takes its batch as a parameter, so each is bounded by the size of a batch and not by the size
/// of the graph.
async fn per_file_analytics(
    client: &GraphClient,
    graph: &str,
    mut files: BTreeSet<String>,
    sessions: &BTreeSet<String>,
) -> Result<(), GraphError> {
    let sessions: Vec<&String> = sessions.iter().collect();
    for chunk in sessions.chunks(schema::ANALYTICS_BATCH) {
        let keys = serde_json::Value::from(chunk.iter().map(|k| k.as_str()).collect::<Vec<_>>());
        let answer = client
            .write(
                graph,
                schema::SESSION_CO_EDIT,
                vec![
                    ("sessions", param(keys)),
                    ("cap", param(schema::CO_EDIT_SESSION_FILES.into())),
                ],
                WRITE_TIMEOUT,
            )
            .await?;
        for row in &answer.rows {
            let changed = row.first().and_then(serde_json::Value::as_array);
            files.extend(
                changed
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.as_str().map(str::to_owned)),
            );
        }
    }
    // One pass's own mark on the CO_EDITED links it writes.
    let pass_id = i64::from(rand::random::<u32>());
    let files: Vec<String> = files.into_iter().collect();
    let batches: Vec<serde_json::Value> = files
        .chunks(schema::ANALYTICS_BATCH)
        .map(|chunk| serde_json::Value::from(chunk.to_vec()))
        .collect();
    for batch in &batches {
        for statement in schema::PER_FILES {
            let params = [
                ("files", param(batch.clone())),
                ("window", param(schema::OVERLAP_WINDOW_MS.into())),
                ("pass", param(pass_id.into())),
            ];
            // Each statement takes only the parameters it names.
            let params = params
                .into_iter()
                .filter(|(name, _)| statement.contains(&format!("${name}")))
                .collect();
            client.write(graph, statement, params, WRITE_TIMEOUT).await?;
        }
    }
    for batch in &batches {
        client
            .write(
                graph,
                schema::STALE_CO_EDITED,
                vec![("files", param(batch.clone())), ("pass", param(pass_id.into()))],
                WRITE_TIMEOUT,
            )
            .await?;
    }
    Ok(())
}

/// The whole-graph analytics ([`schema::GLOBAL`]: OVERLAPS_WITH, DECIDED, PageRank, label propagation), once.
pub async fn global_analytics(client: &GraphClient, graph: &str) -> Result<(), GraphError> {
    // The relationship types, read once the first algorithm needs them (after the statements that make them).
    let mut present: Option<Vec<String>> = None;
    for (needs, statement) in schema::GLOBAL {
        if let Some(needs) = needs {
            if present.is_none() {
                let types = client
                    .read(graph, schema::RELATIONSHIP_TYPES, Vec::new(), WRITE_TIMEOUT)
                    .await?;
                present = Some(
                    types
                        .scalar()
                        .and_then(serde_json::Value::as_array)
                        .map(|types| {
                            types
                                .iter()
                                .filter_map(|t| t.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default(),
                );
            }
            if !present.iter().flatten().any(|t| t == needs) {
                continue;
            }
        }
        client.write(graph, statement, Vec::new(), WRITE_TIMEOUT).await?;
    }
    Ok(())
}
