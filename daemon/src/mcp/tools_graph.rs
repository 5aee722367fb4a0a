//! The memory graph's tools (docs/SPEC.md §14): relay_session_brief and relay_graph_query read the graph through
//! its named read-only queries (every answer carries its Cypher, and is bounded like every answer); and
//! relay_report_decision writes a decision with the files it is about into the ledger, which the next projection
//! pass sends to the graph. Without a graph the reads say how to turn it on; the decision is recorded anyway.
//!
//! Attribution comes from the transport only: `/mcp` authenticates an agent by relay's token, which does not say
//! which agent or session calls, so a decision is recorded as an MCP agent's with no session — never the name an
//! argument gives.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_router};
use serde::Deserialize;

use super::error::{Access, bad_arguments, failed, tool_error};
use super::server::RelayMcp;
use super::tools::written;
use crate::caller::Caller;
use crate::graph::admin::{self, AdminError};
use crate::graph::brief;

/// Files one decision is about at most.
const MAX_DECISION_FILES: usize = 50;
/// A path's longest accepted length.
const MAX_PATH_CHARS: usize = 1024;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SessionBrief {
    /// Files you are about to touch (repository-relative or absolute; at most 50).
    pub paths: Vec<String>,
    /// Project slug; optional.
    pub project: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct GraphQuery {
    /// Query name (see the tool description).
    pub query: String,
    /// File, for file_story, who_to_ask, contention_trace, decision_trace, co_edited.
    pub file: Option<String>,
    /// Words, for search_memory.
    pub text: Option<String>,
    /// Agent, for agent_activity.
    pub agent: Option<String>,
    /// Files, for session_brief.
    pub paths: Option<Vec<String>>,
    /// Project slug; optional.
    pub project: Option<String>,
    /// Rows (default 20, max 200).
    pub limit: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReportDecision {
    /// What was decided, in one or two sentences.
    pub decision: String,
    /// Files it is about (1 to 50).
    pub files: Vec<String>,
    /// Project slug; optional.
    pub project: Option<String>,
}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The tool error for a graph failure (the messages say how to turn the graph on, or what else to do).
fn graph_failed(err: AdminError) -> CallToolResult {
    if let AdminError::Store(store) = &err {
        tracing::error!(error = %store, "store failure while answering a graph tool call");
        return tool_error(
            "relayd could not read its store; see its log (relay daemon logs) and try again.".into(),
        );
    }
    tool_error(err.to_string())
}

/// The first absolute path among `paths`, as the folder a project is found by.
fn hint(paths: &[String]) -> Option<&str> {
    paths
        .iter()
        .map(|p| p.trim())
        .find(|p| std::path::Path::new(p).is_absolute())
}

fn path_problem(paths: &[String]) -> Option<String> {
    paths.iter().find_map(|p| {
        let p = p.trim();
        if p.is_empty() {
            Some("a path is empty".to_owned())
        } else if p.chars().count() > MAX_PATH_CHARS || p.chars().any(char::is_control) {
            Some(format!(
                "a path is over {MAX_PATH_CHARS} characters or holds control characters"
            ))
        } else {
            None
        }
    })
}

/// A cell of a row on one line: agent text quoted and clipped.
fn cell(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => brief::quote(s),
        serde_json::Value::Null => "-".to_owned(),
        other => other.to_string(),
    }
}

#[tool_router(router = graph_router, vis = "pub(super)")]
impl RelayMcp {
    /// Call before editing files: who else is on them and why, decisions about them, who to ask.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn relay_session_brief(&self, Parameters(p): Parameters<SessionBrief>) -> CallToolResult {
        if p.paths.is_empty() {
            return bad_arguments(
                "relay_session_brief",
                "paths is empty; name the files you are about to touch",
            );
        }
        if let Some(problem) = path_problem(&p.paths) {
            return bad_arguments("relay_session_brief", &problem);
        }
        let target = admin::Target {
            project: p.project.as_deref(),
            cwd: None,
            near: hint(&p.paths),
        };
        let done = Box::pin(admin::session_brief(&self.handle, target, &p.paths, None)).await;
        match done {
            Ok((project, brief)) => text(format!(
                "Session brief ({project}, graph {}):\n{}\n\nCypher (session_brief, read-only):\n{}",
                brief.answer.graph, brief.text, brief.answer.cypher
            )),
            Err(err) => graph_failed(err),
        }
    }

    /// A named memory-graph query: file_story, who_to_ask, contention_trace, search_memory, agent_activity,
    /// hotspots, overlaps, decision_trace, session_brief, co_edited, files, overview.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn relay_graph_query(&self, Parameters(p): Parameters<GraphQuery>) -> CallToolResult {
        let paths = p.paths.clone().unwrap_or_default();
        if let Some(problem) = path_problem(&paths) {
            return bad_arguments("relay_graph_query", &problem);
        }
        let arg = match p.query.as_str() {
            "session_brief" => (!paths.is_empty()).then(|| paths.join(",")),
            _ => p.file.clone().or(p.text.clone()).or(p.agent.clone()),
        };
        let hint_paths: Vec<String> = p.file.iter().cloned().chain(paths).collect();
        let target = admin::Target {
            project: p.project.as_deref(),
            cwd: None,
            near: hint(&hint_paths),
        };
        let done = Box::pin(admin::query(
            &self.handle,
            &p.query,
            arg.as_deref(),
            target,
            p.limit,
        ))
        .await;
        let answered = match done {
            Ok(answered) => answered,
            Err(err) => return graph_failed(err),
        };
        let answer = &answered.answer;
        let on = answer
            .arg
            .as_deref()
            .map_or_else(String::new, |a| format!(" {a}"));
        let mut out = format!(
            "{}{on} ({}, graph {}; {} rows, limit {}):\n",
            answer.query,
            answered.project,
            answer.graph,
            answer.rows.len(),
            answer.limit
        );
        match &answered.text {
            Some(brief) => {
                out.push_str(brief);
                out.push('\n');
            }
            None if answer.rows.is_empty() => out.push_str("No rows: nothing recorded for this yet.\n"),
            None => {
                for row in &answer.rows {
                    let cells: Vec<String> = row.iter().map(|(k, v)| format!("{k}: {}", cell(v))).collect();
                    out.push_str(&format!("- {}\n", cells.join(" · ")));
                }
            }
        }
        out.push_str(&format!(
            "\nCypher ({}, read-only):\n{}",
            answer.query, answer.cypher
        ));
        text(out)
    }

    /// Records a decision about files; relay_session_brief shows it to whoever touches them.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn relay_report_decision(
        &self,
        extensions: rmcp::model::Extensions,
        Parameters(p): Parameters<ReportDecision>,
    ) -> CallToolResult {
        if p.files.is_empty() || p.files.len() > MAX_DECISION_FILES {
            return bad_arguments(
                "relay_report_decision",
                &format!("files names 1 to {MAX_DECISION_FILES} files the decision is about"),
            );
        }
        if let Some(problem) = path_problem(&p.files) {
            return bad_arguments("relay_report_decision", &problem);
        }
        let project = match admin::resolve(&self.handle, p.project.as_deref(), hint(&p.files)).await {
            Ok(project) => project,
            Err(err) => return graph_failed(err),
        };
        let files: Vec<String> = p
            .files
            .iter()
            .map(|f| admin::file_arg(&project.repo_path, None, f))
            .collect();
        let refs: Vec<&str> = files.iter().map(String::as_str).collect();
        // The session the listener authenticated (a docker session's own token, from its container), else none:
        // relay's shared token does not say which session calls.
        let granted = extensions
            .get::<http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<crate::caller::GrantedSession>())
            .map(|granted| granted.0.clone());
        let ledger_session = match &granted {
            Some(session) => self.ledger_session_of(session).await,
            None => None,
        };
        let caller = Caller::mcp_token().with_session(granted.clone(), None);
        let input = crate::board::DecisionInput {
            project: project.slug.clone(),
            text: p.decision,
            ledger_session,
            ..Default::default()
        };
        match self.board().add_decision_about(input, &refs, &caller).await {
            Ok(outcome) => {
                let projected = if self.handle.graph().url().0.is_empty() {
                    " The memory graph is off, so it is not in a graph yet (`relay graph enable` turns it on; the ledger keeps it)."
                } else {
                    " The graph's next pass links it to them."
                };
                let whose = match &granted {
                    Some(session) => format!("as session {session}'s (its container's token)"),
                    None => "as an MCP agent's (relay's token does not say which session calls)".to_owned(),
                };
                written(
                    format!(
                        "Recorded decision #{} for {} about {}, {whose}.{projected}",
                        outcome.value.id,
                        project.slug,
                        files.join(", ")
                    ),
                    &outcome,
                )
            }
            Err(err) => failed(err, Access::Write),
        }
    }
}

impl RelayMcp {
    /// The memory ledger's key of the agent session a runner session runs (its Claude Code session, once the
    /// hooks told it), for the graph to link a decision to that session and its agent.
    async fn ledger_session_of(&self, session: &str) -> Option<String> {
        let mut conn = self.handle.store().read().await.ok()?;
        let row = crate::store::runner::session_by_name(&mut conn, session)
            .await
            .ok()??;
        let agent = match row.profile.as_str() {
            relay_core::profile::CLAUDE => "claude",
            _ => return None,
        };
        let id = row.agent_session_id?;
        Some(crate::store::ledger::session_key(agent, &id))
    }
}
