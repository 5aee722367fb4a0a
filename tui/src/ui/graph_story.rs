//! The graph screen's answers (`graph.rs`): the rows of relayd's named queries read into types, and a file's
//! story laid out as lines — who changed it (agents, their sessions, the prompt behind each change), who was
//! refused it, the decisions about it, who to ask and the files changed with it.

use serde_json::{Map, Value};

use relay_core::proto;

/// A file of the Hotspots tab.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileRow {
    pub file: String,
    pub rank: Option<f64>,
    pub community: Option<i64>,
    pub edits: i64,
    pub agents: Vec<String>,
    pub last_at: Option<i64>,
}

/// One change of a file (`file_story`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    pub at: Option<i64>,
    pub agent: String,
    pub session: String,
    pub source: String,
    pub kind: String,
    pub outcome: String,
    pub prompt: Option<String>,
    pub via: Option<String>,
}

/// An agent that changed the file (`who_to_ask`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ask {
    pub agent: String,
    pub edits: i64,
    pub last_at: Option<i64>,
}

/// A session refused the file while another held it (`contention_trace`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Block {
    pub at: Option<i64>,
    pub holder: String,
    pub wanted: String,
    pub attempts: i64,
    pub intent: Option<String>,
}

/// A decision about the file (`decision_trace`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decision {
    pub id: String,
    pub text: String,
    pub at: Option<i64>,
    pub by: String,
    pub superseded: bool,
}

/// A file changed in the same sessions (`co_edited`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CoEdited {
    pub file: String,
    pub sessions: i64,
}

/// Everything the story shows about one file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Story {
    pub file: String,
    pub changes: Vec<Change>,
    pub ask: Vec<Ask>,
    pub blocks: Vec<Block>,
    pub decisions: Vec<Decision>,
    pub with: Vec<CoEdited>,
    /// The named queries that answered, with their Cypher (shown on request in the detail of a heading).
    pub cypher: Vec<(String, String)>,
}

/// A turn the search found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hit {
    pub role: String,
    pub text: String,
    pub at: Option<i64>,
    pub agent: String,
    pub session: String,
}

/// What an agent is told about a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    pub file: String,
    /// The pre-tool hook's brief (from relayd's memory), or why it could not be read.
    pub pre_tool: Result<proto::PreToolBrief, String>,
    /// `relay_session_brief`'s text, or why it could not be read.
    pub session_brief: Result<String, String>,
}

/// What a line of the story is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Heading,
    /// A line saying a section is empty.
    Empty,
    Agent,
    Session,
    Prompt,
    Block,
    Decision,
    Ask,
    With,
}

/// How a part of a line is drawn (the view maps it to the theme).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Text,
    Muted,
    Title,
    Accent,
    Warn,
    Error,
}

/// One line of a file's story: what it is, its parts, its whole text for the detail below, and the file Enter
/// walks to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryLine {
    /// None for headings and empty-section lines (not selectable).
    pub id: Option<String>,
    pub kind: LineKind,
    pub depth: u8,
    pub parts: Vec<(String, Tone)>,
    pub detail: Vec<String>,
    pub walk: Option<String>,
}

impl StoryLine {
    fn heading(text: &str) -> StoryLine {
        StoryLine {
            id: None,
            kind: LineKind::Heading,
            depth: 0,
            parts: vec![(text.to_owned(), Tone::Title)],
            detail: Vec::new(),
            walk: None,
        }
    }

    fn empty(text: &str) -> StoryLine {
        StoryLine {
            id: None,
            kind: LineKind::Empty,
            depth: 1,
            parts: vec![(text.to_owned(), Tone::Muted)],
            detail: Vec::new(),
            walk: None,
        }
    }

    /// The line's words, for the filter.
    pub fn words(&self) -> String {
        self.parts.iter().map(|(t, _)| t.as_str()).collect()
    }
}

/// Agent text on one line, quoted, cut.
fn quoted(text: &str, max: usize) -> String {
    format!("\"{}\"", super::fit::one_line(text, max))
}

fn age(now: i64, at: Option<i64>) -> String {
    at.map_or_else(
        || "when unknown".to_owned(),
        |at| relay_core::display::human_age(now - at),
    )
}

/// `session 3f2a9c1e` (its first 8 characters), or `no session recorded`.
fn session_label(session: &str) -> String {
    if session.is_empty() {
        return "no session recorded".to_owned();
    }
    format!("session {}", session.chars().take(8).collect::<String>())
}

/// The story as lines: who changed the file (agents, their sessions, the prompts behind the changes), who was
/// refused it, the decisions about it, who to ask, and the files changed with it.
pub fn story_lines(story: &Story) -> Vec<StoryLine> {
    story_lines_at(story, None)
}

/// [`story_lines`] with ages against `now` (the model's clock; `None`: the newest time in the story).
pub fn story_lines_at(story: &Story, now: Option<i64>) -> Vec<StoryLine> {
    let newest = story
        .changes
        .iter()
        .filter_map(|c| c.at)
        .chain(story.blocks.iter().filter_map(|b| b.at))
        .chain(story.decisions.iter().filter_map(|d| d.at))
        .max()
        .unwrap_or(0);
    let now = now.unwrap_or(newest).max(newest);
    let mut lines = vec![StoryLine::heading(
        "Changed by · agents → sessions → the prompt behind each change",
    )];
    if story.changes.is_empty() {
        lines.push(StoryLine::empty(
            "no change recorded: no transcript edit or repository patch of this file is in the ledger",
        ));
    }
    // Agents in the order of their newest change; their sessions likewise; a session's prompts newest first.
    let mut agents: Vec<&str> = Vec::new();
    for change in &story.changes {
        if !agents.contains(&change.agent.as_str()) {
            agents.push(&change.agent);
        }
    }
    for agent in agents {
        let mine: Vec<&Change> = story.changes.iter().filter(|c| c.agent == agent).collect();
        let mut sessions: Vec<&str> = Vec::new();
        for change in &mine {
            if !sessions.contains(&change.session.as_str()) {
                sessions.push(&change.session);
            }
        }
        let last = mine.iter().filter_map(|c| c.at).max();
        lines.push(StoryLine {
            id: Some(format!("agent:{agent}")),
            kind: LineKind::Agent,
            depth: 0,
            parts: vec![
                (super::fit::one_line(agent, 60), Tone::Accent),
                (
                    format!(
                        " · {} · {} · last {}",
                        plural(mine.len(), "change"),
                        plural(sessions.len(), "session"),
                        age(now, last)
                    ),
                    Tone::Muted,
                ),
            ],
            detail: vec![format!(
                "{agent} changed {} in {}; the newest {}.",
                plural(mine.len(), "time"),
                plural(sessions.len(), "session"),
                age(now, last)
            )],
            walk: None,
        });
        for session in sessions {
            let theirs: Vec<&Change> = mine.iter().copied().filter(|c| c.session == session).collect();
            let mut kinds: Vec<(String, usize)> = Vec::new();
            for change in &theirs {
                match kinds.iter_mut().find(|(k, _)| *k == change.kind) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((change.kind.clone(), 1)),
                }
            }
            let kinds = kinds
                .iter()
                .map(|(k, n)| if *n > 1 { format!("{k} ×{n}") } else { k.clone() })
                .collect::<Vec<_>>()
                .join(", ");
            let failed = theirs.iter().filter(|c| c.outcome == "failed").count();
            let last = theirs.iter().filter_map(|c| c.at).max();
            let mut parts = vec![
                (session_label(session), Tone::Text),
                (
                    format!(
                        " · {} · {} ({kinds})",
                        age(now, last),
                        plural(theirs.len(), "change")
                    ),
                    Tone::Muted,
                ),
            ];
            if failed > 0 {
                parts.push((format!(" · {failed} refused or failed"), Tone::Warn));
            }
            lines.push(StoryLine {
                id: Some(format!("session:{agent}:{session}")),
                kind: LineKind::Session,
                depth: 1,
                parts,
                detail: vec![
                    format!(
                        "{agent} session {}",
                        if session.is_empty() {
                            "(none recorded)"
                        } else {
                            session
                        }
                    ),
                    format!(
                        "{} of this file: {kinds}; the newest {}",
                        plural(theirs.len(), "change"),
                        age(now, last)
                    ),
                ],
                walk: None,
            });
            let mut prompts: Vec<(Option<&str>, Vec<&Change>)> = Vec::new();
            for change in &theirs {
                let prompt = change.prompt.as_deref();
                match prompts.iter_mut().find(|(p, _)| *p == prompt) {
                    Some((_, group)) => group.push(change),
                    None => prompts.push((prompt, vec![change])),
                }
            }
            for (n, (prompt, group)) in prompts.into_iter().enumerate() {
                let times = if group.len() > 1 {
                    format!(" ×{}", group.len())
                } else {
                    String::new()
                };
                let via = group.iter().find_map(|c| c.via.clone());
                let sources: Vec<&str> = group.iter().map(|c| c.source.as_str()).collect();
                let mut parts = match prompt {
                    Some(text) => vec![(quoted(text, 400), Tone::Text)],
                    None if sources.iter().all(|s| *s == "patch") => vec![(
                        "no prompt: a change relay saw in the repository".to_owned(),
                        Tone::Muted,
                    )],
                    None => vec![("no prompt recorded before it".to_owned(), Tone::Muted)],
                };
                parts.push((times, Tone::Muted));
                if let Some(via) = &via {
                    parts.push((format!(" (then {})", quoted(via, 40)), Tone::Muted));
                }
                let mut detail = vec![match prompt {
                    Some(text) => format!("prompt: {}", super::fit::one_line(text, 4_000)),
                    None => "no prompt before it in its session".to_owned(),
                }];
                if let Some(via) = &via {
                    detail.push(format!(
                        "followed by {} (filler, skipped as the why)",
                        quoted(via, 200)
                    ));
                }
                for change in &group {
                    detail.push(format!(
                        "{} · {} · {} · {}",
                        age(now, change.at),
                        change.kind,
                        change.outcome,
                        change.source
                    ));
                }
                lines.push(StoryLine {
                    id: Some(format!("prompt:{agent}:{session}:{n}")),
                    kind: LineKind::Prompt,
                    depth: 2,
                    parts,
                    detail,
                    walk: None,
                });
            }
        }
    }

    lines.push(StoryLine::heading(
        "Blocked on it · sessions refused the file while another held it",
    ));
    if story.blocks.is_empty() {
        lines.push(StoryLine::empty("nobody was refused this file"));
    }
    for (n, block) in story.blocks.iter().enumerate() {
        let times = if block.attempts > 1 {
            format!(" ×{}", block.attempts)
        } else {
            String::new()
        };
        let mut parts = vec![
            (format!("{}  ", age(now, block.at)), Tone::Muted),
            (
                format!("{} refused{times}", super::fit::one_line(&block.wanted, 60)),
                Tone::Error,
            ),
            (
                format!(" while {} held it", super::fit::one_line(&block.holder, 60)),
                Tone::Text,
            ),
        ];
        if let Some(intent) = &block.intent {
            parts.push((format!(": {}", quoted(intent, 300)), Tone::Muted));
        }
        lines.push(StoryLine {
            id: Some(format!("block:{n}:{}", block.at.unwrap_or(0))),
            kind: LineKind::Block,
            depth: 1,
            parts,
            detail: vec![
                format!(
                    "{} was refused {} ({}) while {} held the lock",
                    block.wanted,
                    plural(usize::try_from(block.attempts.max(1)).unwrap_or(1), "time"),
                    age(now, block.at),
                    block.holder
                ),
                match &block.intent {
                    Some(intent) => format!(
                        "the holder was working on: {}",
                        super::fit::one_line(intent, 4_000)
                    ),
                    None => "the holder's intent was not known".to_owned(),
                },
            ],
            walk: None,
        });
    }

    lines.push(StoryLine::heading("Decisions about it"));
    if story.decisions.is_empty() {
        lines.push(StoryLine::empty(
            "no decision names this file (agents record them with relay_report_decision)",
        ));
    }
    for decision in &story.decisions {
        let mut parts = vec![
            (format!("{}  ", age(now, decision.at)), Tone::Muted),
            (
                format!("{}: ", super::fit::one_line(&decision.by, 60)),
                Tone::Accent,
            ),
            (quoted(&decision.text, 400), Tone::Text),
        ];
        if decision.superseded {
            parts.push((" (superseded)".to_owned(), Tone::Muted));
        }
        lines.push(StoryLine {
            id: Some(format!("decision:{}", decision.id)),
            kind: LineKind::Decision,
            depth: 1,
            parts,
            detail: vec![
                format!(
                    "decision #{} by {} ({}){}",
                    decision.id,
                    decision.by,
                    age(now, decision.at),
                    if decision.superseded { ", superseded" } else { "" }
                ),
                super::fit::one_line(&decision.text, 4_000),
            ],
            walk: None,
        });
    }

    lines.push(StoryLine::heading("Who to ask · the agents that changed it most"));
    if story.ask.is_empty() {
        lines.push(StoryLine::empty("no agent changed it yet"));
    }
    for ask in &story.ask {
        lines.push(StoryLine {
            id: Some(format!("ask:{}", ask.agent)),
            kind: LineKind::Ask,
            depth: 1,
            parts: vec![
                (super::fit::one_line(&ask.agent, 60), Tone::Accent),
                (
                    format!(
                        " · {} · last {}",
                        plural(usize::try_from(ask.edits).unwrap_or(0), "change"),
                        age(now, ask.last_at)
                    ),
                    Tone::Muted,
                ),
            ],
            detail: vec![format!(
                "{} changed it {}, the last {}",
                ask.agent,
                plural(usize::try_from(ask.edits).unwrap_or(0), "time"),
                age(now, ask.last_at)
            )],
            walk: None,
        });
    }

    lines.push(StoryLine::heading(
        "Changed with it · Enter walks to that file's story",
    ));
    if story.with.is_empty() {
        lines.push(StoryLine::empty("no other file was changed in the same sessions"));
    }
    for with in &story.with {
        lines.push(StoryLine {
            id: Some(format!("with:{}", with.file)),
            kind: LineKind::With,
            depth: 1,
            parts: vec![
                (super::fit::one_line(&with.file, 300), Tone::Title),
                (
                    format!(
                        " · in {}",
                        plural(usize::try_from(with.sessions).unwrap_or(0), "session")
                    ),
                    Tone::Muted,
                ),
            ],
            detail: vec![format!(
                "{} was changed in {} that changed {} too — Enter shows its story",
                with.file,
                plural(usize::try_from(with.sessions).unwrap_or(0), "session"),
                story.file
            )],
            walk: Some(with.file.clone()),
        });
    }
    lines
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

// ---- Reading the answers' rows ----

fn text(row: &Map<String, Value>, key: &str) -> Option<String> {
    match row.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

fn int(row: &Map<String, Value>, key: &str) -> Option<i64> {
    row.get(key)
        .and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
}

fn flag(row: &Map<String, Value>, key: &str) -> bool {
    match row.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        _ => false,
    }
}

/// An answer's rows: a JSON array of objects by column.
pub fn rows(json: &str) -> Result<Vec<Map<String, Value>>, String> {
    serde_json::from_str::<Vec<Map<String, Value>>>(json)
        .map_err(|err| format!("relayd's rows could not be read: {err}"))
}

pub fn files(rows: &[Map<String, Value>]) -> Vec<FileRow> {
    rows.iter()
        .filter_map(|row| {
            Some(FileRow {
                file: text(row, "file")?,
                rank: row.get("rank").and_then(Value::as_f64),
                community: int(row, "community"),
                edits: int(row, "edits").unwrap_or(0),
                agents: row
                    .get("agents")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
                    .unwrap_or_default(),
                last_at: int(row, "last_at"),
            })
        })
        .collect()
}

pub fn changes(rows: &[Map<String, Value>]) -> Vec<Change> {
    rows.iter()
        .map(|row| Change {
            at: int(row, "at"),
            agent: text(row, "agent").unwrap_or_else(|| "unknown agent".to_owned()),
            session: text(row, "session").unwrap_or_default(),
            source: text(row, "source").unwrap_or_else(|| "transcript".to_owned()),
            kind: text(row, "kind").unwrap_or_else(|| "change".to_owned()),
            outcome: text(row, "outcome").unwrap_or_else(|| "unknown".to_owned()),
            prompt: text(row, "prompt"),
            via: text(row, "via"),
        })
        .collect()
}

pub fn asks(rows: &[Map<String, Value>]) -> Vec<Ask> {
    rows.iter()
        .filter_map(|row| {
            Some(Ask {
                agent: text(row, "agent")?,
                edits: int(row, "edits").unwrap_or(0),
                last_at: int(row, "last_at"),
            })
        })
        .collect()
}

pub fn blocks(rows: &[Map<String, Value>]) -> Vec<Block> {
    rows.iter()
        .map(|row| Block {
            at: int(row, "at"),
            holder: text(row, "holder").unwrap_or_else(|| "an unknown session".to_owned()),
            wanted: text(row, "wanted").unwrap_or_else(|| "an unknown session".to_owned()),
            attempts: int(row, "attempts").unwrap_or(1),
            intent: text(row, "holder_intent"),
        })
        .collect()
}

pub fn decisions(rows: &[Map<String, Value>]) -> Vec<Decision> {
    rows.iter()
        .filter_map(|row| {
            Some(Decision {
                id: text(row, "id").unwrap_or_default(),
                text: text(row, "text")?,
                at: int(row, "at"),
                by: text(row, "agent")
                    .or_else(|| text(row, "decided_by"))
                    .unwrap_or_else(|| "someone".to_owned()),
                superseded: flag(row, "superseded"),
            })
        })
        .collect()
}

pub fn co_edited(rows: &[Map<String, Value>]) -> Vec<CoEdited> {
    rows.iter()
        .filter_map(|row| {
            Some(CoEdited {
                file: text(row, "file")?,
                sessions: int(row, "sessions").unwrap_or(0),
            })
        })
        .collect()
}

pub fn hits(rows: &[Map<String, Value>]) -> Vec<Hit> {
    rows.iter()
        .filter_map(|row| {
            Some(Hit {
                role: text(row, "role").unwrap_or_else(|| "turn".to_owned()),
                text: text(row, "text")?,
                at: int(row, "at"),
                agent: text(row, "agent").unwrap_or_else(|| "unknown agent".to_owned()),
                session: text(row, "session").unwrap_or_default(),
            })
        })
        .collect()
}

// ---- Asking relayd (the worker calls this; no I/O happens elsewhere in the screen) ----

/// Asks relayd for what `fetch` needs: the graph's status first, then — while the graph is on and connected —
/// the named queries (a story's five at once) or the pre-tool brief. A query's refusal is the answer's error, in
/// relayd's words, with the status kept; only a failure to reach relayd at all is the fetch's error.
pub async fn fetch(
    client: &mut crate::client::Client,
    fetch: &super::graph::GraphFetch,
) -> Result<super::graph::GraphData, tonic::Status> {
    use super::graph::{Answer, GraphData, GraphFetch, LIMIT};
    let status = client
        .graph
        .get_graph_status(proto::GetGraphStatusRequest {})
        .await?
        .into_inner();
    let asked = match fetch {
        GraphFetch::Files { project }
        | GraphFetch::Story { project, .. }
        | GraphFetch::Search { project, .. }
        | GraphFetch::Told { project, .. } => project.clone(),
    };
    let project = asked.or_else(|| status.projects.first().map(|p| p.project.clone()));
    if !status.enabled || !status.connected {
        return Ok(GraphData {
            status,
            project,
            answer: Err("the memory graph is off or FalkorDB does not answer".to_owned()),
        });
    }
    let run = |name: &'static str, arg: Option<String>| {
        let mut client = client.clone();
        let project = project.clone();
        async move {
            client
                .graph
                .run_graph_query(proto::RunGraphQueryRequest {
                    name: name.to_owned(),
                    arg,
                    project,
                    cwd: None,
                    limit: LIMIT,
                })
                .await
                .map(tonic::Response::into_inner)
                .map_err(|s| s.message().to_owned())
        }
    };
    let read = |answer: Result<proto::GraphQueryAnswer, String>| {
        answer.and_then(|a| rows(&a.rows_json).map(|rows| (a, rows)))
    };
    let mut answered_project = None;
    let answer = match fetch {
        GraphFetch::Files { .. } => read(run("files", None).await).map(|(a, rows)| {
            answered_project = Some(a.project);
            Answer::Files(files(&rows))
        }),
        GraphFetch::Search { text, .. } => {
            read(run("search_memory", Some(text.clone())).await).map(|(a, rows)| {
                answered_project = Some(a.project);
                Answer::Search(hits(&rows))
            })
        }
        GraphFetch::Story { file, .. } => {
            let arg = || Some(file.clone());
            let (story, ask, blocked, decided, with) = tokio::join!(
                run("file_story", arg()),
                run("who_to_ask", arg()),
                run("contention_trace", arg()),
                run("decision_trace", arg()),
                run("co_edited", arg())
            );
            (|| {
                let (story, story_rows) = read(story)?;
                let (ask, ask_rows) = read(ask)?;
                let (blocked, blocked_rows) = read(blocked)?;
                let (decided, decided_rows) = read(decided)?;
                let (with, with_rows) = read(with)?;
                answered_project = Some(story.project.clone());
                let cypher = [&story, &ask, &blocked, &decided, &with]
                    .iter()
                    .map(|a| (a.query.clone(), a.cypher.clone()))
                    .collect();
                Ok(Answer::Story(Box::new(Story {
                    file: story.arg.clone().unwrap_or_else(|| file.clone()),
                    changes: changes(&story_rows),
                    ask: asks(&ask_rows),
                    blocks: blocks(&blocked_rows),
                    decisions: decisions(&decided_rows),
                    with: co_edited(&with_rows),
                    cypher,
                })))
            })()
        }
        GraphFetch::Told { file, .. } => {
            let mut second = client.clone();
            let request = proto::GetPreToolBriefRequest {
                project: project.clone(),
                cwd: None,
                paths: vec![file.clone()],
            };
            let (pre_tool, brief) = tokio::join!(
                second.graph.get_pre_tool_brief(request),
                run("session_brief", Some(file.clone()))
            );
            let pre_tool = pre_tool
                .map(tonic::Response::into_inner)
                .map_err(|s| s.message().to_owned());
            let session_brief = brief.map(|a| {
                answered_project = Some(a.project.clone());
                a.text.unwrap_or_default()
            });
            Ok(Answer::Told(Box::new(Told {
                file: file.clone(),
                pre_tool,
                session_brief,
            })))
        }
    };
    Ok(GraphData {
        status,
        project: project.or(answered_project),
        answer,
    })
}
