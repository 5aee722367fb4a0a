//! The named read-only queries (docs/SPEC.md §14): a table, so the CLI, the MCP tool and their help read one list.
//! Each runs as `GRAPH.RO_QUERY` with its arguments as parameters, bounded by [`QUERY_TIMEOUT`], and its answer
//! carries the Cypher that produced it.

use std::time::Duration;

use serde::Serialize;

use super::brief::SESSION_BRIEF;
use super::client::param;
use super::{GraphClient, GraphError, graph_name};

/// One named query's bound, on the server and on the client.
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(5);
/// Rows a query returns unless asked for fewer.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most rows a query returns.
pub const MAX_LIMIT: i64 = 200;

/// A named query: its name, what it answers, the argument it needs (if any) and its Cypher.
#[derive(Clone, Copy, Debug)]
pub struct NamedQuery {
    pub name: &'static str,
    pub about: &'static str,
    /// `file`, `text`, `agent` or `paths` (files separated by commas or spaces).
    pub needs: Option<&'static str>,
    pub cypher: &'static str,
}

pub const QUERIES: &[NamedQuery] = &[
    NamedQuery {
        name: "file_story",
        about: "every change to a file: when, which agent and session, and the prompt behind it",
        needs: Some("file"),
        cypher: "MATCH (f:File {path: $file})<-[:MODIFIED]-(e:Edit)
OPTIONAL MATCH (e)<-[:MADE]-(s:Session)
OPTIONAL MATCH (e)-[p:PROMPTED_BY]->(t:Turn)
RETURN e.at AS at, e.agent AS agent, s.sessionId AS session, e.source AS source, e.kind AS kind,
       e.outcome AS outcome, t.text AS prompt, p.via AS via
ORDER BY at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "who_to_ask",
        about: "the agents that changed a file most, and when last",
        needs: Some("file"),
        cypher: "MATCH (a:Agent)-[t:TOUCHED]->(:File {path: $file})
RETURN a.name AS agent, t.count AS edits, t.lastAt AS last_at ORDER BY edits DESC, last_at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "contention_trace",
        about: "who was refused a file while another session held it, and what the holder was doing",
        needs: Some("file"),
        cypher: "MATCH (c:Contention)-[:ON]->(:File {path: $file})
RETURN c.bucket AS at, c.holderAgent AS holder, c.wantedAgent AS wanted, c.attempts AS attempts,
       c.intent AS holder_intent
ORDER BY at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "search_memory",
        about: "full-text search over every prompt and answer of every agent",
        needs: Some("text"),
        cypher: "CALL db.idx.fulltext.queryNodes('Turn', $text) YIELD node, score
MATCH (s:Session)-[:HAS_TURN]->(node)
RETURN node.role AS role, node.text AS text, node.at AS at, s.agent AS agent, s.sessionId AS session, score
ORDER BY score DESC LIMIT $limit",
    },
    NamedQuery {
        name: "agent_activity",
        about: "an agent's sessions, newest first, with their edits",
        needs: Some("agent"),
        cypher: "MATCH (:Agent {name: $agent})-[:RAN]->(s:Session)
OPTIONAL MATCH (s)-[:MADE]->(e:Edit)
RETURN s.sessionId AS session, s.lastAt AS last_at, count(e) AS edits ORDER BY last_at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "hotspots",
        about: "the files at the centre of the work (PageRank over files changed together) and their community",
        needs: None,
        cypher: "MATCH (f:File) WHERE f.rank IS NOT NULL
RETURN f.path AS file, f.rank AS rank, f.community AS community ORDER BY rank DESC LIMIT $limit",
    },
    NamedQuery {
        name: "overlaps",
        about: "two sessions changing one file within 5 minutes of each other",
        needs: None,
        cypher: "MATCH (o:Overlap)-[:BETWEEN]->(e:Edit)
WITH o, collect(e.agent) AS agents
RETURN o.file AS file, o.at AS at, agents ORDER BY at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "decision_trace",
        about: "the decisions about a file, newest first, and the session they were made in",
        needs: Some("file"),
        cypher: "MATCH (d:Decision)-[:ABOUT]->(:File {path: $file})
OPTIONAL MATCH (d)-[:DURING]->(s:Session)
RETURN d.id AS id, d.text AS text, d.at AS at, d.decidedBy AS decided_by, s.agent AS agent,
       d.superseded AS superseded
ORDER BY at DESC LIMIT $limit",
    },
    NamedQuery {
        name: "session_brief",
        about: "before touching files: who else is on them and why, the last decisions about them, who to ask",
        needs: Some("paths"),
        cypher: SESSION_BRIEF,
    },
    NamedQuery {
        name: "co_edited",
        about: "the files changed in the same sessions as a file, the most sessions first",
        needs: Some("file"),
        cypher: "MATCH (:File {path: $file})-[c:CO_EDITED]->(g:File)
RETURN g.path AS file, c.weight AS sessions, g.rank AS rank ORDER BY sessions DESC, file LIMIT $limit",
    },
    NamedQuery {
        name: "files",
        about: "the files the graph knows (changed, held or decided about), the most central first, then the most changed",
        needs: None,
        cypher: "MATCH (f:File)
OPTIONAL MATCH (f)<-[:MODIFIED]-(e:Edit)
WITH f, count(e) AS edits, max(e.at) AS last_at, collect(DISTINCT e.agent) AS agents
WHERE edits > 0 OR (f)<-[:HELD]-() OR (f)<-[:ABOUT]-()
RETURN f.path AS file, f.rank AS rank, f.community AS community, edits, agents, last_at
ORDER BY coalesce(rank, -1.0) DESC, edits DESC, last_at DESC, file LIMIT $limit",
    },
    NamedQuery {
        name: "overview",
        about: "how many nodes of each kind the graph holds",
        needs: None,
        cypher: "MATCH (n) WITH labels(n)[0] AS label, count(n) AS nodes
RETURN label, nodes ORDER BY label LIMIT $limit",
    },
];

/// A named query's answer: its rows as objects, and the Cypher and arguments that produced them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueryAnswer {
    pub query: &'static str,
    pub graph: String,
    pub cypher: &'static str,
    pub arg: Option<String>,
    pub limit: i64,
    pub rows: Vec<serde_json::Map<String, serde_json::Value>>,
}

/// What a named query was asked wrongly.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("no named query {name:?}; the queries are: {}", names())]
    Unknown { name: String },
    #[error("the query {query} needs a {needs} (`relay graph query {query} <{needs}>`)")]
    Missing {
        query: &'static str,
        needs: &'static str,
    },
    #[error("the session brief takes at most {most} files at once and was given {given}; ask about fewer")]
    TooMany { given: usize, most: usize },
    #[error(transparent)]
    Graph(#[from] GraphError),
}

fn names() -> String {
    QUERIES.iter().map(|q| q.name).collect::<Vec<_>>().join(", ")
}

/// Runs the named query `name` on `project`'s graph with `arg` (its file, text, agent or paths) and at most
/// `limit` rows.
pub async fn run(
    client: &GraphClient,
    project: &str,
    name: &str,
    arg: Option<&str>,
    limit: Option<i64>,
) -> Result<QueryAnswer, QueryError> {
    run_with(client, project, name, arg, limit, None).await
}

/// [`run`], leaving the session key `me` out of the session brief.
pub async fn run_with(
    client: &GraphClient,
    project: &str,
    name: &str,
    arg: Option<&str>,
    limit: Option<i64>,
    me: Option<&str>,
) -> Result<QueryAnswer, QueryError> {
    let query = QUERIES
        .iter()
        .find(|q| q.name == name)
        .ok_or_else(|| QueryError::Unknown {
            name: name.to_owned(),
        })?;
    let limit = limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let mut params = vec![("limit", param(limit.into()))];
    let arg = match query.needs {
        Some(needs) => {
            let value = arg
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .ok_or(QueryError::Missing {
                    query: query.name,
                    needs,
                })?;
            if needs == "paths" {
                let paths = super::brief::split_paths(value);
                if paths.len() > super::brief::MAX_PATHS {
                    return Err(QueryError::TooMany {
                        given: paths.len(),
                        most: super::brief::MAX_PATHS,
                    });
                }
                params.push(("paths", param(paths.into())));
                params.push(("me", param(me.unwrap_or("").into())));
            } else {
                params.push((needs, param(value.into())));
            }
            Some(value.to_owned())
        }
        None => None,
    };
    let graph = graph_name(project);
    let answer = client.read(&graph, query.cypher, params, QUERY_TIMEOUT).await?;
    Ok(QueryAnswer {
        query: query.name,
        graph,
        cypher: query.cypher,
        arg,
        limit,
        rows: answer.records(),
    })
}
