//! MCP read tools on the scale fixture (`cargo bench -p relayd --bench mcp_scale`): 10,000 tasks over 5
//! projects, 100,000 events, one task with 500 reports and 500 comments (`relayd::store::scale`, seeded in bulk
//! SQL). Each call goes through the real `/mcp` route in-process (the HTTP guard, the direct path, the tool, the
//! answer budget), 50 times; it prints p50 / p99 and each answer's size in tokens (characters / 4, as the budget
//! counts them) as a Markdown table for docs/PERFORMANCE.md, and the board reads the window makes at that scale
//! (GetProjectBoard's snapshot, the inbox). Without `--bench` (as `cargo test` runs benches) it seeds a small
//! fixture and measures 3 times. Timings are never asserted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use http::{Request, header};
use http_body_util::BodyExt;
use relay_core::config::{Config, Flags};
use relayd::store::scale::{self, BIG_TASK, BIG_TASK_SESSION, Scale};
use serde_json::{Value, json};
use tower::ServiceExt;

/// One tools/call through the router: the answer's text.
async fn call(router: &axum::Router, token: &str, tool: &str, arguments: &Value) -> String {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                      "params": {"name": tool, "arguments": arguments}});
    let request = Request::post("/mcp")
        .header(header::HOST, "127.0.0.1:8765")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json, text/event-stream")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value: Value = serde_json::from_slice(&bytes).unwrap();
    let result = &value["result"];
    assert_eq!(result["isError"], json!(false), "{tool}: {value}");
    result["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn tokens(text: &str) -> usize {
    text.chars().count() / 4
}

fn row(what: &str, times: Vec<Duration>, size: Option<usize>) {
    let (p50, _, p99) = common::summary(times);
    let size = size.map_or("—".to_owned(), |s| s.to_string());
    println!("| {what} | {} | {} | {size} |", common::ms(p50), common::ms(p99));
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (fixture, runs) = if full {
        (Scale::FULL, 50)
    } else {
        (
            Scale {
                projects: 5,
                tasks_per_project: 100,
                events: 2_000,
                reports: 50,
                comments: 50,
            },
            3,
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let flags = Flags {
        home: Some(dir.path().to_path_buf()),
        ..Flags::default()
    };
    let config = Config::load_with(&flags, |_| None).unwrap();
    std::fs::create_dir_all(dir.path()).unwrap();
    let seeding = Instant::now();
    scale::seed(&config.data_dir.db(), fixture).await.unwrap();
    let seeded = seeding.elapsed();
    let handle = common::daemon(dir.path()).await;
    let token = handle.token().expose().to_owned();
    let router = relayd::http_router(handle.clone());
    let project = scale::project_slug(0);
    let calls: Vec<(&str, &str, Value)> = vec![
        (
            "project_snapshot(scale-0, session)",
            "project_snapshot",
            json!({"project": project, "session": BIG_TASK_SESSION}),
        ),
        ("task_list()", "task_list", json!({})),
        (
            "task_list(scale-0, done, limit 1000)",
            "task_list",
            json!({"project": project, "stage": "done", "limit": 1000}),
        ),
        ("task_get(the big task)", "task_get", json!({"task": BIG_TASK})),
        ("events_since(after=0)", "events_since", json!({"after": 0})),
        (
            "events_since(after=0, limit 500, one project)",
            "events_since",
            json!({"after": 0, "limit": 500, "project": scale::project_slug(2)}),
        ),
        (
            "comments_list(the big task)",
            "comments_list",
            json!({"task": BIG_TASK}),
        ),
        (
            "review_get(the big task: 300 steps, first page)",
            "review_get",
            json!({"task": BIG_TASK}),
        ),
    ];
    println!(
        "machine: {} cores; {} projects × {} tasks, {} events, {} reports and {} comments on one task, seeded in {:.1} s",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        fixture.projects,
        fixture.tasks_per_project,
        fixture.events,
        fixture.reports,
        fixture.comments,
        seeded.as_secs_f64(),
    );
    println!();
    println!("| call | p50 | p99 | answer (tokens) |");
    println!("|---|---|---|---|");
    for (what, tool, arguments) in &calls {
        let answer = call(&router, &token, tool, arguments).await;
        let mut times = Vec::new();
        for _ in 0..runs {
            let began = Instant::now();
            let again = call(&router, &token, tool, arguments).await;
            times.push(began.elapsed());
            assert_eq!(tokens(&again), tokens(&answer));
        }
        row(what, times, Some(tokens(&answer)));
    }
    // What the window reads at that scale: the whole board of a project (GetProjectBoard) and the inbox.
    let board = handle.board();
    let mut times = Vec::new();
    for _ in 0..runs {
        let began = Instant::now();
        board.snapshot(&project).await.unwrap();
        times.push(began.elapsed());
    }
    row(
        "the window's board of scale-0 (GetProjectBoard's snapshot, service)",
        times,
        None,
    );
    let mut times = Vec::new();
    for _ in 0..runs {
        let began = Instant::now();
        board.inbox().await.unwrap();
        times.push(began.elapsed());
    }
    row("inbox (GetInbox's service call)", times, None);
}
