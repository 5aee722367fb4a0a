//! The session brief (docs/SPEC.md §14): for a set of files, who else is on them and why (the prompt behind
//! their last change, or their session's last meaningful prompt), the last decisions about them, and who to
//! ask — at most [`BRIEF_TOKENS`] tokens. One read-only query (`session_brief` in the named queries' table)
//! answers it; its rows are folded per file into [`FileBrief`]s and written as short text.
//!
//! The same [`FileBrief`] and [`render`] write the pre-tool brief, from the cache the projector fills
//! ([`super::cache`]); agents' prompts are quoted on one line, clipped, as data.

use std::collections::BTreeMap;

use serde::Serialize;

use super::GraphClient;
use super::queries::{QueryAnswer, QueryError};

/// The most a session brief holds, in tokens (characters / 4, as the MCP answers count them).
pub const BRIEF_TOKENS: usize = 500;
/// Per file: sessions shown, decisions shown, agents to ask.
pub const OTHERS_SHOWN: usize = 3;
pub const DECISIONS_SHOWN: usize = 2;
pub const ASK_SHOWN: usize = 3;
/// A quoted prompt or decision is clipped to this many characters.
pub const QUOTE_CHARS: usize = 140;
/// The most files one brief is asked about.
pub const MAX_PATHS: usize = 50;

/// The session brief's Cypher: four parts over `$paths` (graph file paths) — sessions that changed each file and
/// the prompt behind their newest change, sessions holding it (their last meaningful prompt), the current
/// decisions about it, the agents that changed it most — each part newest (or most) first and capped at `$limit`;
/// `$me` is a session key left out (the asking session's own, or empty). The ledger's flags arrive as 0/1 from
/// SQLite's `json_object`, so a flag is tested as `IN [true, 1]`. Each part starts at its file through the index on
/// `File.path` (`MATCH (f:File {path: path}) WITH f`): without the `WITH` FalkorDB's planner starts at every
/// Session (or Decision) and the brief grows with the graph (90 ms p95 for one file at 20,000 files).
pub const SESSION_BRIEF: &str = "UNWIND $paths AS path
MATCH (f:File {path: path}) WITH f
MATCH (f)<-[:MODIFIED]-(e:Edit)<-[:MADE]-(s:Session)
WHERE s.key <> $me
OPTIONAL MATCH (e)-[:PROMPTED_BY]->(t:Turn)
WITH f, s, e, t ORDER BY e.at DESC
WITH f, s, collect(e.at)[0] AS at, collect(t.text)[0] AS why
RETURN 'edited' AS part, f.path AS file, s.agent AS agent, s.sessionId AS session, why AS text, at, null AS count
ORDER BY at DESC LIMIT $limit
UNION ALL
UNWIND $paths AS path
MATCH (f:File {path: path}) WITH f
MATCH (s:Session)-[h:HELD]->(f)
WHERE s.key <> $me
OPTIONAL MATCH (s)-[:HAS_TURN]->(t:Turn {role: 'user'})
WHERE NOT coalesce(t.filler, false) IN [true, 1]
WITH f, s, h, t ORDER BY t.at DESC
WITH f, s, h, collect(t.text)[0] AS why
RETURN 'held' AS part, f.path AS file, s.agent AS agent, s.sessionId AS session, why AS text, h.lastAt AS at,
       h.count AS count
ORDER BY at DESC LIMIT $limit
UNION ALL
UNWIND $paths AS path
MATCH (f:File {path: path}) WITH f
MATCH (d:Decision)-[:ABOUT]->(f)
WHERE NOT coalesce(d.superseded, false) IN [true, 1]
OPTIONAL MATCH (d)-[:DURING]->(s:Session)
RETURN 'decision' AS part, f.path AS file, coalesce(s.agent, d.decidedBy) AS agent, s.sessionId AS session,
       d.text AS text, d.at AS at, null AS count
ORDER BY at DESC LIMIT $limit
UNION ALL
UNWIND $paths AS path
MATCH (f:File {path: path}) WITH f
MATCH (a:Agent)-[t:TOUCHED]->(f)
RETURN 'ask' AS part, f.path AS file, a.name AS agent, null AS session, null AS text, t.lastAt AS at,
       t.count AS count
ORDER BY count DESC LIMIT $limit";

/// Another session on a file: its agent and session, when it last changed or held the file, the claims it
/// holds, and why (the prompt behind its newest change there, else its last meaningful prompt).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Other {
    pub agent: String,
    pub session: String,
    pub at_ms: Option<i64>,
    /// Lock claims of the file counted for the session (none when it only changed it).
    pub claims: Option<i64>,
    pub why: Option<String>,
}

/// A current decision about a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Decided {
    pub text: String,
    pub by: Option<String>,
    pub at_ms: Option<i64>,
}

/// An agent that changed a file: how often, and when last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ask {
    pub agent: String,
    pub edits: i64,
    pub last_at_ms: Option<i64>,
}

/// What the brief says about one file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FileBrief {
    pub file: String,
    pub others: Vec<Other>,
    pub decisions: Vec<Decided>,
    pub ask: Vec<Ask>,
}

impl FileBrief {
    /// Whether there is nothing to say about the file.
    pub fn is_empty(&self) -> bool {
        self.others.is_empty() && self.decisions.is_empty() && self.ask.is_empty()
    }
}

/// A session brief: the query's answer (rows and Cypher), the rows folded per file, and the text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Brief {
    #[serde(flatten)]
    pub answer: QueryAnswer,
    pub files: Vec<FileBrief>,
    pub text: String,
}

/// The files of a `paths` argument: split on commas and whitespace, `./` dropped, repeats once, in order.
pub fn split_paths(arg: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in arg.split(|c: char| c == ',' || c.is_whitespace()) {
        let path = part.trim().trim_start_matches("./");
        if !path.is_empty() && !out.iter().any(|p| p == path) {
            out.push(path.to_owned());
        }
    }
    out
}

/// `path` as the graph names it: relative to the repository `repo` when inside it, `./` dropped.
pub fn graph_path(repo: &str, path: &str) -> String {
    let path = path.trim();
    let repo = repo.trim_end_matches('/');
    let inside = path
        .strip_prefix(repo)
        .and_then(|rest| rest.strip_prefix('/'))
        .filter(|_| !repo.is_empty());
    inside.unwrap_or(path).trim_start_matches("./").to_owned()
}

/// Runs the session brief for `paths` (graph paths) of `project`'s graph, leaving out the session key `me`.
pub async fn session_brief(
    client: &GraphClient,
    project: &str,
    paths: &[String],
    me: Option<&str>,
    now_ms: i64,
) -> Result<Brief, QueryError> {
    if paths.is_empty() {
        return Err(QueryError::Missing {
            query: "session_brief",
            needs: "paths",
        });
    }
    if paths.len() > MAX_PATHS {
        return Err(QueryError::TooMany {
            given: paths.len(),
            most: MAX_PATHS,
        });
    }
    // Boxed: the query's future nests deep enough to pass the compiler's layout depth when inlined here.
    let answer = Box::pin(super::queries::run_with(
        client,
        project,
        "session_brief",
        Some(&paths.join(",")),
        None,
        me,
    ))
    .await?;
    let files = fold(paths, &answer.rows);
    let text = render(&files, now_ms, BRIEF_TOKENS * 4, true);
    Ok(Brief { answer, files, text })
}

fn string(row: &serde_json::Map<String, serde_json::Value>, key: &str) -> Option<String> {
    row.get(key)
        .and_then(serde_json::Value::as_str)
        .filter(|s| !s.trim().is_empty())
        .map(str::to_owned)
}

fn int(row: &serde_json::Map<String, serde_json::Value>, key: &str) -> Option<i64> {
    row.get(key).and_then(serde_json::Value::as_i64)
}

/// The query's rows folded per file, in the order of `paths`: a session that both changed and holds a file is
/// one entry (the newest time, its claims, the prompt behind its change first).
pub fn fold(paths: &[String], rows: &[serde_json::Map<String, serde_json::Value>]) -> Vec<FileBrief> {
    let mut by_file: BTreeMap<String, FileBrief> = BTreeMap::new();
    for row in rows {
        let Some(file) = string(row, "file") else {
            continue;
        };
        let brief = by_file.entry(file.clone()).or_insert_with(|| FileBrief {
            file,
            ..FileBrief::default()
        });
        let agent = string(row, "agent").unwrap_or_else(|| "unknown agent".to_owned());
        match row.get("part").and_then(serde_json::Value::as_str) {
            Some(part @ ("edited" | "held")) => {
                let session = string(row, "session").unwrap_or_default();
                let at_ms = int(row, "at");
                let why = string(row, "text");
                let claims = if part == "held" { int(row, "count") } else { None };
                match brief
                    .others
                    .iter_mut()
                    .find(|o| o.agent == agent && o.session == session)
                {
                    Some(other) => {
                        other.at_ms = other.at_ms.max(at_ms);
                        other.claims = other.claims.or(claims);
                        // The prompt behind a change beats the session's last prompt.
                        if (part == "edited" && why.is_some()) || other.why.is_none() {
                            other.why = why;
                        }
                    }
                    None => brief.others.push(Other {
                        agent,
                        session,
                        at_ms,
                        claims,
                        why,
                    }),
                }
            }
            Some("decision") => {
                if let Some(text) = string(row, "text") {
                    brief.decisions.push(Decided {
                        text,
                        by: string(row, "agent"),
                        at_ms: int(row, "at"),
                    });
                }
            }
            Some("ask") => brief.ask.push(Ask {
                agent,
                edits: int(row, "count").unwrap_or(0),
                last_at_ms: int(row, "at"),
            }),
            _ => {}
        }
    }
    paths
        .iter()
        .map(|path| {
            let mut brief = by_file.remove(path).unwrap_or_else(|| FileBrief {
                file: path.clone(),
                ..FileBrief::default()
            });
            brief.others.sort_by_key(|o| std::cmp::Reverse(o.at_ms));
            brief.decisions.sort_by_key(|d| std::cmp::Reverse(d.at_ms));
            brief
                .ask
                .sort_by(|a, b| b.edits.cmp(&a.edits).then(b.last_at_ms.cmp(&a.last_at_ms)));
            brief.others.truncate(OTHERS_SHOWN);
            brief.decisions.truncate(DECISIONS_SHOWN);
            brief.ask.truncate(ASK_SHOWN);
            brief
        })
        .collect()
}

/// Agent text on one line, control characters dropped, clipped to [`QUOTE_CHARS`], in quotes.
pub fn quote(text: &str) -> String {
    let flat: String = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let clipped: String = flat.chars().take(QUOTE_CHARS).collect();
    if flat.chars().count() > QUOTE_CHARS {
        format!("\"{clipped}…\"")
    } else {
        format!("\"{clipped}\"")
    }
}

fn short(session: &str) -> &str {
    match session.char_indices().nth(8) {
        Some((at, _)) => &session[..at],
        None => session,
    }
}

fn ago(now_ms: i64, at_ms: Option<i64>) -> Option<String> {
    at_ms.map(|at| relay_core::display::human_age(now_ms - at))
}

/// The lines about one file (none when there is nothing to say).
pub fn file_lines(brief: &FileBrief, now_ms: i64) -> Vec<String> {
    let mut lines = Vec::new();
    for other in &brief.others {
        let mut about = vec![format!("session {}", short(&other.session))];
        if let Some(ago) = ago(now_ms, other.at_ms) {
            about.push(ago);
        }
        if let Some(claims) = other.claims {
            about.push(format!("held it {claims}×"));
        }
        let why = other
            .why
            .as_deref()
            .map_or_else(|| "no prompt recorded".to_owned(), quote);
        lines.push(format!("- {} ({}): {why}", other.agent, about.join(", ")));
    }
    for decision in &brief.decisions {
        let mut about = Vec::new();
        if let Some(by) = &decision.by {
            about.push(by.clone());
        }
        if let Some(ago) = ago(now_ms, decision.at_ms) {
            about.push(ago);
        }
        let about = if about.is_empty() {
            String::new()
        } else {
            format!(" ({})", about.join(", "))
        };
        lines.push(format!("- decided{about}: {}", quote(&decision.text)));
    }
    if !brief.ask.is_empty() {
        let ask: Vec<String> = brief
            .ask
            .iter()
            .map(|a| {
                let edits = if a.edits == 1 { "edit" } else { "edits" };
                format!("{} ({} {edits})", a.agent, a.edits)
            })
            .collect();
        lines.push(format!("- ask: {}", ask.join(", ")));
    }
    lines
}

/// The brief as text within `max_chars`: a header line per file and its lines; a file with nothing to say gets
/// one line saying so when `say_empty`, else is left out. Past the budget whole lines are dropped and the last
/// line says how to read the rest.
pub fn render(briefs: &[FileBrief], now_ms: i64, max_chars: usize, say_empty: bool) -> String {
    const CUT: &str =
        "… (cut to fit; relay_graph_query file_story / decision_trace / who_to_ask <file> for the rest)";
    let mut lines: Vec<String> = Vec::new();
    for brief in briefs {
        let body = file_lines(brief, now_ms);
        if body.is_empty() {
            if say_empty {
                lines.push(format!("`{}`: nothing recorded about it yet.", brief.file));
            }
            continue;
        }
        lines.push(format!("`{}`:", brief.file));
        lines.extend(body);
    }
    let total: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
    if total <= max_chars {
        return lines.join("\n");
    }
    let room = max_chars.saturating_sub(CUT.chars().count() + 1);
    let mut out = String::new();
    let mut used = 0;
    for line in &lines {
        let len = line.chars().count() + 1;
        if used + len > room {
            break;
        }
        out.push_str(line);
        out.push('\n');
        used += len;
    }
    out.push_str(CUT);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_split_on_commas_and_spaces_once_each_and_made_relative_to_the_repository() {
        assert_eq!(
            split_paths(" ./src/a.ts, src/b.ts src/a.ts,,"),
            vec!["src/a.ts".to_owned(), "src/b.ts".to_owned()]
        );
        assert_eq!(graph_path("/r/repo/", "/r/repo/src/a.ts"), "src/a.ts");
        assert_eq!(graph_path("/r/repo", "/r/repository/a.ts"), "/r/repository/a.ts");
        assert_eq!(graph_path("/r/repo", "./b.ts"), "b.ts");
    }

    #[test]
    fn a_long_brief_is_cut_at_a_line_within_its_budget_and_says_how_to_read_the_rest() {
        let briefs: Vec<FileBrief> = (0..40)
            .map(|n| FileBrief {
                file: format!("src/file{n}.ts"),
                others: vec![Other {
                    agent: "claude".into(),
                    session: "0123456789abcdef".into(),
                    at_ms: Some(0),
                    claims: Some(3),
                    why: Some("x".repeat(500)),
                }],
                ..FileBrief::default()
            })
            .collect();
        let text = render(&briefs, 60_000, BRIEF_TOKENS * 4, true);
        assert!(text.chars().count() <= BRIEF_TOKENS * 4, "{}", text.len());
        assert!(text.ends_with("for the rest)"), "{text}");
        assert!(
            text.contains("- claude (session 01234567, 1 min ago, held it 3×): \"xxx"),
            "{text}"
        );
    }

    #[test]
    fn agent_text_is_quoted_on_one_line_without_control_characters() {
        assert_eq!(quote("fix\nthe\u{1b}[2J  login"), "\"fix the[2J login\"");
    }
}
