//! What `relay graph …` and the graph's MCP tools ask of relayd: the status with what needs a rebuild, turning the
//! graph on and off (config.toml rewritten atomically, the projector switched live), a rebuild, the counts, the
//! named queries and the session brief, each on a project found by its slug or by a folder inside its repository.
//!
//! Who may change the configuration comes from the typed [`Caller`] only: enable, disable and rebuild are the
//! owner's; the reads are anyone's who reached relayd.

use std::path::Path;

use serde::Serialize;

use super::brief::{self, Brief};
use super::client::param;
use super::component::GraphStatus;
use super::project::{Cursors, cursors_path, load_cursors};
use super::queries::{self, QueryAnswer, QueryError};
use super::{GraphClient, GraphError, graph_name, schema};
use crate::caller::{Caller, OwnerOnly};
use crate::handle::DaemonHandle;
use crate::store::StoreError;
use crate::store::graph_feed::{self, GraphProject};

/// One read's bound for the status and the counts.
const READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// What went wrong; each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    OwnerOnly(#[from] OwnerOnly),
    #[error("{0}")]
    BadUrl(String),
    #[error(transparent)]
    Graph(#[from] GraphError),
    #[error(transparent)]
    Query(#[from] QueryError),
    /// No project (or not the one asked for) has a graph.
    #[error("{0}")]
    NoProject(String),
    #[error("config.toml at {path} could not be changed: {reason}. Nothing changed.")]
    Config { path: String, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Server(#[from] super::server::ServerError),
}

/// One project's graph as the status shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ProjectState {
    pub project: String,
    pub graph: String,
    pub pass: Option<super::project::ProjectPass>,
    pub last_ingest_at_ms: Option<i64>,
    pub schema_version: Option<i64>,
    /// Why `relay graph rebuild` is needed, when it is.
    pub needs_rebuild: Option<String>,
}

/// The status with where the URL came from and each project's graph.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    pub status: GraphStatus,
    /// `env`, `file` or `default`.
    pub url_source: &'static str,
    pub config_path: String,
    pub projects: Vec<ProjectState>,
    pub needs_rebuild: bool,
    /// The FalkorDB server relayd runs (`relay graph up`), once it started one.
    pub server: Option<super::server::ServerState>,
}

/// What enable or disable did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfigChange {
    pub config_path: String,
    /// The URL now in the file, password hidden (empty: off).
    pub url: String,
    /// Whether the running relayd uses it now.
    pub live: bool,
    pub notes: Vec<String>,
    pub report: Report,
}

async fn graph_projects(handle: &DaemonHandle) -> Result<Vec<GraphProject>, StoreError> {
    let mut db = handle.store().read().await?;
    graph_feed::projects(&mut db).await
}

/// Why a graph with this stamp and version needs a rebuild, given relay's cursor of it.
pub fn rebuild_reason(
    project: &str,
    stamp: Option<i64>,
    version: Option<i64>,
    cursor: Option<&super::project::Cursor>,
) -> Option<String> {
    if let Some(version) = version
        && version < schema::SCHEMA_VERSION
    {
        return Some(format!(
            "its schema is version {version} and this relay writes version {}: run `relay graph rebuild {project}`",
            schema::SCHEMA_VERSION
        ));
    }
    match (stamp, cursor) {
        (Some(stamp), Some(cursor)) if stamp < cursor.stamp_ms => Some(format!(
            "it is behind what relay sent (restored from an older snapshot?): the next pass sends everything again, or run `relay graph rebuild {project}`"
        )),
        (None, Some(_)) => Some(format!(
            "it was emptied or lost after relay filled it: the next pass sends everything again, or run `relay graph rebuild {project}`"
        )),
        _ => None,
    }
}

/// The graph's status: the projector's, where the URL came from, and per project what the graph holds now.
pub async fn report(handle: &DaemonHandle) -> Report {
    let graph = handle.graph();
    let status = graph.status();
    let (_, url_source) = graph.url();
    let config_path = handle.config().data_dir.config().display().to_string();
    let mut report = Report {
        url_source,
        config_path,
        ..Report::default()
    };
    let client = graph.client();
    let cursors: Cursors = load_cursors(&cursors_path(handle));
    let projects = graph_projects(handle).await.unwrap_or_default();
    if status.enabled {
        for project in &projects {
            let name = graph_name(&project.slug);
            let mut state = ProjectState {
                project: project.slug.clone(),
                graph: name.clone(),
                pass: status.projects.iter().find(|p| p.graph == name).cloned(),
                ..ProjectState::default()
            };
            if let Some(client) = &client {
                let read = client
                    .read(
                        &name,
                        schema::READ_STAMP,
                        vec![("graph", param(name.clone().into()))],
                        READ_TIMEOUT,
                    )
                    .await;
                let (stamp, version) = match read {
                    Ok(answer) => {
                        let row = answer.rows.first();
                        let at = |i: usize| row.and_then(|r| r.get(i)).and_then(serde_json::Value::as_i64);
                        (at(0), at(1))
                    }
                    Err(_) => (None, None),
                };
                state.last_ingest_at_ms = stamp;
                state.schema_version = version;
                state.needs_rebuild = rebuild_reason(&project.slug, stamp, version, cursors.0.get(&name));
            }
            report.needs_rebuild |= state.needs_rebuild.is_some();
            report.projects.push(state);
        }
    }
    report.status = status;
    let server = graph.server().state();
    report.server = (!server.state.is_empty()).then_some(server);
    report
}

fn refusal(what: &str, caller: &Caller) -> String {
    format!(
        "{what} is the owner's to do, and this request authenticated as an agent ({}); run it as the owner (`relay graph` on this machine, or with an owner token). Nothing changed.",
        caller.surface().as_str()
    )
}

/// Points relay at the FalkorDB at `url`: it must answer, then config.toml gets `graph_url` and the running
/// projector switches to it (unless `RELAY_GRAPH_URL` decides the URL). Owner only.
pub async fn enable(handle: &DaemonHandle, caller: &Caller, url: &str) -> Result<ConfigChange, AdminError> {
    caller.require_owner(|| refusal("turning the memory graph on", caller))?;
    let url = url.trim();
    if !relay_core::config::graph_url_ok(url) {
        return Err(AdminError::BadUrl(format!(
            "{} is not a FalkorDB URL; give falkor://[user:password@]host:port (or redis://…), e.g. falkor://127.0.0.1:6379. Nothing changed.",
            relay_core::config::graph_url_shown(url)
        )));
    }
    // Dialed first: a URL that does not answer is not written.
    GraphClient::connect(url).await?;
    write_url(handle, url).await
}

/// Turns the graph off: `graph_url = ""` in config.toml and the projector stops (unless `RELAY_GRAPH_URL`
/// decides the URL). The ledger keeps every record. Owner only.
pub async fn disable(handle: &DaemonHandle, caller: &Caller) -> Result<ConfigChange, AdminError> {
    caller.require_owner(|| refusal("turning the memory graph off", caller))?;
    write_url(handle, "").await
}

async fn write_url(handle: &DaemonHandle, url: &str) -> Result<ConfigChange, AdminError> {
    let graph = handle.graph();
    let path = handle.config().data_dir.config();
    let shown_path = path.display().to_string();
    let failed = |reason: String| AdminError::Config {
        path: shown_path.clone(),
        reason,
    };
    {
        let _writing = graph.config_write.lock().await;
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(err) => return Err(failed(err.to_string())),
        };
        let written = relay_core::config::with_top_level_string(&text, "graph_url", url).map_err(failed)?;
        crate::token::write_private(&path, written.as_bytes()).map_err(|err| failed(err.to_string()))?;
    }
    let mut notes = Vec::new();
    let live = !graph.env_set();
    if live {
        graph.set_url(url);
    } else {
        notes.push(format!(
            "{} is set in relayd's environment and wins over config.toml: relayd keeps using it. Unset it and restart relayd for the file's value to count.",
            super::component::graph_url_env()
        ));
    }
    if url.is_empty() {
        notes.push(
            "The ledger keeps recording; the graph on the server is left as it is. `relay graph enable URL` turns it on again."
                .to_owned(),
        );
    }
    Ok(ConfigChange {
        config_path: shown_path,
        url: if url.is_empty() {
            String::new()
        } else {
            relay_core::config::graph_url_shown(url)
        },
        live,
        notes,
        report: report(handle).await,
    })
}

/// Forgets relay's cursor of `project`'s graph (every project's when none) and wakes the projector: its next
/// pass sends the whole history again. Owner only. Returns the graphs and whether FalkorDB answers now.
pub async fn rebuild(
    handle: &DaemonHandle,
    caller: &Caller,
    project: Option<&str>,
) -> Result<(Vec<String>, bool), AdminError> {
    caller.require_owner(|| refusal("rebuilding the memory graph", caller))?;
    let graph = handle.graph();
    if graph.url().0.is_empty() {
        return Err(GraphError::Off.into());
    }
    let projects = graph_projects(handle).await?;
    let chosen: Vec<&GraphProject> = match project {
        Some(slug) => vec![find(&projects, slug)?],
        None => projects.iter().collect(),
    };
    let graphs: Vec<String> = chosen.iter().map(|p| graph_name(&p.slug)).collect();
    graph.request_rebuild(graphs.clone());
    Ok((graphs, graph.client().is_some()))
}

fn find<'a>(projects: &'a [GraphProject], slug: &str) -> Result<&'a GraphProject, AdminError> {
    projects.iter().find(|p| p.slug == slug).ok_or_else(|| {
        AdminError::NoProject(format!(
            "project {slug} has no graph: it is unknown or has no repository folder (only a project with one is projected); `relay project list` lists them, and `relay project upsert {slug} --repo-path DIR` gives it one"
        ))
    })
}

/// The project a query is about: `slug`, else the one whose repository holds `cwd` (the deepest), else the only
/// project with a graph.
pub async fn resolve(
    handle: &DaemonHandle,
    slug: Option<&str>,
    cwd: Option<&str>,
) -> Result<GraphProject, AdminError> {
    let projects = graph_projects(handle).await?;
    if let Some(slug) = slug.map(str::trim).filter(|s| !s.is_empty()) {
        return find(&projects, slug).cloned();
    }
    if let Some(cwd) = cwd {
        let holding = projects
            .iter()
            .filter(|p| cwd == p.repo_path || cwd.starts_with(&format!("{}/", p.repo_path)))
            .max_by_key(|p| p.repo_path.len());
        if let Some(project) = holding {
            return Ok(project.clone());
        }
    }
    match projects.as_slice() {
        [only] => Ok(only.clone()),
        [] => Err(AdminError::NoProject(
            "no project has a repository folder, so there is no graph yet; give one a folder with `relay project upsert SLUG --repo-path DIR`"
                .to_owned(),
        )),
        many => Err(AdminError::NoProject(format!(
            "which project? {}; name one with --project SLUG (the projects with a graph: {})",
            cwd.map_or_else(
                || "no folder was given".to_owned(),
                |cwd| format!("no project's repository holds {cwd}")
            ),
            many.iter().map(|p| p.slug.as_str()).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// A file argument as the graph names it: inside the repository relative to it; a relative path given from a
/// folder inside the repository is taken from that folder.
pub fn file_arg(repo: &str, cwd: Option<&str>, arg: &str) -> String {
    let arg = arg.trim();
    if Path::new(arg).is_absolute() {
        return brief::graph_path(repo, arg);
    }
    match cwd {
        Some(cwd) if cwd == repo || cwd.starts_with(&format!("{repo}/")) => {
            let joined = Path::new(cwd).join(arg.trim_start_matches("./"));
            brief::graph_path(repo, &joined.to_string_lossy())
        }
        _ => arg.trim_start_matches("./").to_owned(),
    }
}

fn client(handle: &DaemonHandle) -> Result<GraphClient, AdminError> {
    let graph = handle.graph();
    let (url, _) = graph.url();
    if url.is_empty() {
        return Err(GraphError::Off.into());
    }
    graph.client().ok_or_else(|| {
        let status = graph.status();
        GraphError::Unreachable {
            url: relay_core::config::graph_url_shown(&url),
            reason: status
                .last_error
                .unwrap_or_else(|| "relay has not connected yet".to_owned()),
        }
        .into()
    })
}

/// A named query's answer on a project, with the brief's text for `session_brief`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answered {
    pub project: String,
    pub answer: QueryAnswer,
    pub text: Option<String>,
}

/// Where a request comes from: the project's slug, else the folder it was asked in (relative files are taken from
/// there) or a path it names (which only finds the project).
#[derive(Clone, Copy, Debug, Default)]
pub struct Target<'a> {
    pub project: Option<&'a str>,
    pub cwd: Option<&'a str>,
    pub near: Option<&'a str>,
}

/// Runs the named query `name` with `arg` on the target's project.
pub async fn query(
    handle: &DaemonHandle,
    name: &str,
    arg: Option<&str>,
    target: Target<'_>,
    limit: Option<i64>,
) -> Result<Answered, AdminError> {
    let (slug, cwd) = (target.project, target.cwd);
    let named = queries::QUERIES
        .iter()
        .find(|q| q.name == name)
        .ok_or_else(|| QueryError::Unknown {
            name: name.to_owned(),
        })?;
    let client = client(handle)?;
    let project = resolve(handle, slug, cwd.or(target.near)).await?;
    if named.name == "session_brief" {
        let paths: Vec<String> = brief::split_paths(arg.unwrap_or(""))
            .iter()
            .map(|p| file_arg(&project.repo_path, cwd, p))
            .collect();
        let brief = Box::pin(brief::session_brief(
            &client,
            &project.slug,
            &paths,
            None,
            handle.now_ms(),
        ))
        .await?;
        return Ok(Answered {
            project: project.slug,
            answer: brief.answer,
            text: Some(brief.text),
        });
    }
    let arg = match named.needs {
        Some("file") => arg.map(|a| file_arg(&project.repo_path, cwd, a)),
        _ => arg.map(str::to_owned),
    };
    let answer = Box::pin(queries::run(&client, &project.slug, name, arg.as_deref(), limit)).await?;
    Ok(Answered {
        project: project.slug,
        answer,
        text: None,
    })
}

/// The session brief for `paths` (repository-relative or absolute inside it) of the target's project, leaving out
/// the session key `me`.
pub async fn session_brief(
    handle: &DaemonHandle,
    target: Target<'_>,
    paths: &[String],
    me: Option<&str>,
) -> Result<(String, Brief), AdminError> {
    let cwd = target.cwd;
    let client = client(handle)?;
    let project = resolve(handle, target.project, cwd.or(target.near)).await?;
    let paths: Vec<String> = paths
        .iter()
        .map(|p| file_arg(&project.repo_path, cwd, p))
        .collect();
    let brief = Box::pin(brief::session_brief(
        &client,
        &project.slug,
        &paths,
        me,
        handle.now_ms(),
    ))
    .await?;
    Ok((project.slug, brief))
}

/// One project's graph counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    pub project: String,
    pub graph: String,
    pub nodes: Vec<(String, i64)>,
    pub edges: Vec<(String, i64)>,
    pub last_ingest_at_ms: Option<i64>,
    pub schema_version: Option<i64>,
    pub note: Option<String>,
}

const NODE_COUNTS: &str = "MATCH (n) RETURN labels(n)[0] AS label, count(n) AS n ORDER BY label";
const EDGE_COUNTS: &str = "MATCH ()-[r]->() RETURN type(r) AS type, count(r) AS n ORDER BY type";

fn counts(answer: &super::Answer) -> Vec<(String, i64)> {
    answer
        .rows
        .iter()
        .filter_map(|row| Some((row.first()?.as_str()?.to_owned(), row.get(1)?.as_i64()?)))
        .collect()
}

/// Nodes per label and relationships per type of `slug`'s graph (every project's when none).
pub async fn stats(handle: &DaemonHandle, slug: Option<&str>) -> Result<Vec<Stats>, AdminError> {
    let client = client(handle)?;
    let projects = graph_projects(handle).await?;
    let chosen: Vec<&GraphProject> = match slug {
        Some(slug) => vec![find(&projects, slug)?],
        None => projects.iter().collect(),
    };
    let mut out = Vec::new();
    for project in chosen {
        let name = graph_name(&project.slug);
        let mut stats = Stats {
            project: project.slug.clone(),
            graph: name.clone(),
            ..Stats::default()
        };
        match client.read(&name, NODE_COUNTS, Vec::new(), READ_TIMEOUT).await {
            Ok(nodes) => stats.nodes = counts(&nodes),
            Err(GraphError::Missing { .. }) => {
                stats.note =
                    Some("nothing projected yet: the projector fills it on its next pass".to_owned());
                out.push(stats);
                continue;
            }
            Err(err) => return Err(err.into()),
        }
        stats.edges = counts(&client.read(&name, EDGE_COUNTS, Vec::new(), READ_TIMEOUT).await?);
        let stamp = client
            .read(
                &name,
                schema::READ_STAMP,
                vec![("graph", param(name.clone().into()))],
                READ_TIMEOUT,
            )
            .await?;
        let row = stamp.rows.first();
        stats.last_ingest_at_ms = row.and_then(|r| r.first()).and_then(serde_json::Value::as_i64);
        stats.schema_version = row.and_then(|r| r.get(1)).and_then(serde_json::Value::as_i64);
        out.push(stats);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_argument_is_made_relative_to_the_repository() {
        assert_eq!(file_arg("/r/repo", None, "/r/repo/src/a.ts"), "src/a.ts");
        assert_eq!(file_arg("/r/repo", Some("/r/repo/src"), "a.ts"), "src/a.ts");
        assert_eq!(file_arg("/r/repo", Some("/elsewhere"), "./src/a.ts"), "src/a.ts");
        assert_eq!(file_arg("/r/repo", Some("/r/repo"), "src/a.ts"), "src/a.ts");
    }

    #[test]
    fn an_older_schema_or_a_graph_behind_relay_needs_a_rebuild() {
        let cursor = super::super::project::Cursor {
            through_ms: 10,
            stamp_ms: 20,
        };
        assert_eq!(
            rebuild_reason("p", Some(20), Some(schema::SCHEMA_VERSION), Some(&cursor)),
            None
        );
        let old = rebuild_reason("p", Some(20), Some(0), Some(&cursor)).unwrap();
        assert!(
            old.contains("schema is version 0") && old.contains("relay graph rebuild p"),
            "{old}"
        );
        let behind = rebuild_reason("p", Some(5), Some(schema::SCHEMA_VERSION), Some(&cursor)).unwrap();
        assert!(behind.contains("behind"), "{behind}");
        assert!(
            rebuild_reason("p", None, None, Some(&cursor))
                .unwrap()
                .contains("emptied")
        );
        assert_eq!(rebuild_reason("p", None, None, None), None);
    }
}

/// What `relay graph up` did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Up {
    pub started: super::server::Started,
    pub change: ConfigChange,
}

/// Starts the FalkorDB server relayd supervises (or finds it running) and points `graph_url` at it, as
/// [`enable`] does. Each step goes to `progress`. Owner only.
pub async fn up(
    handle: &DaemonHandle,
    caller: &Caller,
    progress: super::server::Progress<'_>,
) -> Result<Up, AdminError> {
    caller.require_owner(|| refusal("starting the memory graph's server", caller))?;
    let settings = super::server::Settings::from_config(handle.config());
    let started = handle.graph().server().up(&settings, progress).await?;
    progress(format!(
        "pointing graph_url in {} at it",
        handle.config().data_dir.config().display()
    ));
    let mut change = write_url(handle, &started.url).await?;
    change.notes.splice(0..0, started.notes.iter().cloned());
    Ok(Up { started, change })
}

/// Stops the server relayd runs; when `graph_url` points at it, the graph is turned off as [`disable`] does (the
/// ledger keeps recording; `relay graph up` starts it again with its data). Owner only.
pub async fn down(
    handle: &DaemonHandle,
    caller: &Caller,
) -> Result<(bool, Option<ConfigChange>), AdminError> {
    caller.require_owner(|| refusal("stopping the memory graph's server", caller))?;
    let dir = super::server::server_dir(handle.config().data_dir.path());
    let server = handle.graph().server();
    let settings = super::server::Settings::from_config(handle.config());
    let ours = server
        .url()
        .await
        .or_else(|| super::server::managed_url(&settings));
    let stopped = server.down(&dir, true).await;
    let (url, _) = handle.graph().url();
    let change = match ours {
        Some(ours) if ours == url => {
            let mut change = write_url(handle, "").await?;
            change.notes.insert(
                0,
                format!(
                    "The server's data stays in {}; `relay graph up` starts it again with it.",
                    dir.display()
                ),
            );
            Some(change)
        }
        _ => None,
    };
    Ok((stopped, change))
}
