//! The pre-tool brief's cache (docs/SPEC.md §14): the session brief of every file a project's graph knows about,
//! kept in memory and refilled by the projector after a pass that sent records. The hook path reads only this —
//! never FalkorDB — and hands a session a short brief (at most [`PRE_TOOL_CHARS`], ~150 tokens) the first time
//! it edits a file, when there is something to say about others on it, decisions or who to ask.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Mutex, RwLock};

use super::brief::{self, FileBrief, SESSION_BRIEF};
use super::client::param;
use super::{GraphClient, GraphError, graph_name};
use crate::store::graph_feed::GraphProject;

/// The most characters one pre-tool brief holds (~150 tokens).
pub const PRE_TOOL_CHARS: usize = 600;
/// Files per project the cache holds at most (the most central first).
pub const FILES_PER_PROJECT: i64 = 2_000;
/// Files asked about per query while filling.
const CHUNK: usize = 20;
/// (session, file) pairs remembered as told; past this the memory starts over.
const SEEN_MAX: usize = 100_000;

const KNOWN_FILES: &str = "MATCH (f:File)
WHERE (f)<-[:MODIFIED]-() OR (f)<-[:HELD]-() OR (f)<-[:ABOUT]-()
RETURN f.path ORDER BY coalesce(f.rank, 0.0) DESC, f.path LIMIT $limit";

/// Per repository folder, each file's brief; and which sessions were told about which files.
#[derive(Debug, Default)]
pub struct BriefCache {
    repos: RwLock<HashMap<String, HashMap<String, FileBrief>>>,
    seen: Mutex<HashSet<(String, String)>>,
}

impl BriefCache {
    /// Replaces what the cache holds for the repository `repo`.
    pub fn replace(&self, repo: &str, briefs: Vec<FileBrief>) {
        let files = briefs
            .into_iter()
            .filter(|b| !b.is_empty())
            .map(|b| (b.file.clone(), b))
            .collect();
        if let Ok(mut repos) = self.repos.write() {
            repos.insert(repo.trim_end_matches('/').to_owned(), files);
        }
    }

    /// Files held, over every repository.
    pub fn len(&self) -> usize {
        self.repos
            .read()
            .map(|r| r.values().map(HashMap::len).sum())
            .unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The brief for session `session` (its agent's id) editing the absolute `files`: the files it is told about
    /// for the first time that have something to say, others than itself, within [`PRE_TOOL_CHARS`]. None when
    /// there is nothing new to say.
    pub fn pre_tool(&self, session: &str, files: &[&Path], now_ms: i64) -> Option<String> {
        let repos = self.repos.read().ok()?;
        let mut briefs = Vec::new();
        for file in files {
            let file = file.to_string_lossy();
            let Some((repo, known)) = repos
                .iter()
                .filter(|(repo, _)| file.starts_with(&format!("{repo}/")))
                .max_by_key(|(repo, _)| repo.len())
            else {
                continue;
            };
            let path = brief::graph_path(repo, &file);
            let Some(known) = known.get(&path) else {
                continue;
            };
            let mut told = known.clone();
            told.others.retain(|o| o.session != session);
            if told.is_empty() || !self.first_time(session, &format!("{repo}/{path}")) {
                continue;
            }
            briefs.push(told);
        }
        pre_tool_text(&briefs, now_ms)
    }

    /// What [`BriefCache::pre_tool`] would hand a session that has not touched `paths` (graph paths of the
    /// repository `repo`) yet, marking nobody told: the window's "what agents are told". None when there is
    /// nothing to say. Also the number of files of `repo` the cache holds.
    pub fn peek(&self, repo: &str, paths: &[String], now_ms: i64) -> (Option<String>, usize) {
        let Ok(repos) = self.repos.read() else {
            return (None, 0);
        };
        let Some(known) = repos.get(repo.trim_end_matches('/')) else {
            return (None, 0);
        };
        let briefs: Vec<FileBrief> = paths
            .iter()
            .filter_map(|path| known.get(path).filter(|b| !b.is_empty()).cloned())
            .collect();
        (pre_tool_text(&briefs, now_ms), known.len())
    }

    fn first_time(&self, session: &str, file: &str) -> bool {
        let Ok(mut seen) = self.seen.lock() else {
            return false;
        };
        if seen.len() >= SEEN_MAX {
            seen.clear();
        }
        seen.insert((session.to_owned(), file.to_owned()))
    }
}

/// What the pre-tool hook would hand an agent that has not touched `paths` of the target's project yet (the
/// window's "what agents are told"): the project, the graph paths, the text (none: nothing to say) and the files of
/// the project the cache holds. Read from memory, so it answers while FalkorDB is down; refused while the graph
/// is off.
pub async fn pre_tool_brief(
    handle: &crate::handle::DaemonHandle,
    target: super::admin::Target<'_>,
    paths: &[String],
) -> Result<(GraphProject, Vec<String>, Option<String>, usize), super::admin::AdminError> {
    let (url, _) = handle.graph().url();
    if url.is_empty() {
        return Err(GraphError::Off.into());
    }
    if paths.len() > brief::MAX_PATHS {
        return Err(super::queries::QueryError::TooMany {
            given: paths.len(),
            most: brief::MAX_PATHS,
        }
        .into());
    }
    let project = super::admin::resolve(handle, target.project, target.cwd.or(target.near)).await?;
    let paths: Vec<String> = paths
        .iter()
        .flat_map(|p| brief::split_paths(p))
        .map(|p| super::admin::file_arg(&project.repo_path, target.cwd, &p))
        .collect();
    let (text, cached) = handle
        .graph()
        .briefs()
        .peek(&project.repo_path, &paths, handle.now_ms());
    Ok((project, paths, text, cached))
}

/// The pre-tool brief's text for `briefs` (none when there are none).
fn pre_tool_text(briefs: &[FileBrief], now_ms: i64) -> Option<String> {
    if briefs.is_empty() {
        return None;
    }
    let text = brief::render(briefs, now_ms, PRE_TOOL_CHARS - 40, false);
    Some(format!("relay memory graph, before you edit:\n{text}"))
}

/// Reads the session brief of every file `project`'s graph knows about (at most [`FILES_PER_PROJECT`]) into the
/// cache. Run by the projector after a pass that sent records.
pub async fn fill(
    cache: &BriefCache,
    client: &GraphClient,
    project: &GraphProject,
) -> Result<usize, GraphError> {
    let graph = graph_name(&project.slug);
    let known = match client
        .read(
            &graph,
            KNOWN_FILES,
            vec![("limit", param(FILES_PER_PROJECT.into()))],
            super::queries::QUERY_TIMEOUT,
        )
        .await
    {
        Ok(answer) => answer,
        Err(GraphError::Missing { .. }) => return Ok(0),
        Err(err) => return Err(err),
    };
    let paths: Vec<String> = known
        .rows
        .iter()
        .filter_map(|row| row.first().and_then(serde_json::Value::as_str).map(str::to_owned))
        .collect();
    let mut briefs = Vec::with_capacity(paths.len());
    for chunk in paths.chunks(CHUNK) {
        let answer = client
            .read(
                &graph,
                SESSION_BRIEF,
                vec![
                    ("paths", param(serde_json::Value::from(chunk.to_vec()))),
                    ("me", param("".into())),
                    ("limit", param(super::queries::MAX_LIMIT.into())),
                ],
                super::queries::QUERY_TIMEOUT,
            )
            .await?;
        briefs.extend(brief::fold(chunk, &answer.records()));
    }
    let count = briefs.iter().filter(|b| !b.is_empty()).count();
    cache.replace(&project.repo_path, briefs);
    Ok(count)
}
