//! The REST API and its SSE stream in-process (`cargo bench -p relayd --bench rest`): `GET /api/v1/sessions`
//! with 200 runner sessions (real worktrees and PTYs running `/bin/sh`) through the whole HTTP router (the guard,
//! the rate limiter, the handler, the store), and 1,000 `session_state_changed` events delivered to 50 SSE
//! subscribers, each checked to have received every event exactly once in order. Prints Markdown rows for
//! docs/PERFORMANCE.md. Without `--bench` (as `cargo test` runs benches) it makes 5 sessions, 100 events and 5
//! subscribers. Timings are never asserted; losing an event fails.
//!
//! The rate limit (100 reads a minute, 10 streams per token) is per router: the bench takes a fresh router for
//! each 100 reads and each 10 subscribers, as 100 clients with their own limits would be.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use axum::body::Body;
use http::{Request, header};
use http_body_util::BodyExt;
use relayd::DaemonHandle;
use relayd::runner::{NewProject, NewSession};
use tower::ServiceExt;

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "b")
        .env("GIT_AUTHOR_EMAIL", "b@example.invalid")
        .env("GIT_COMMITTER_NAME", "b")
        .env("GIT_COMMITTER_EMAIL", "b@example.invalid")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}");
}

fn get(handle: &DaemonHandle, path: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, "127.0.0.1:8765")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", handle.token().expose()),
        )
        .body(Body::empty())
        .unwrap()
}

async fn sessions(handle: &DaemonHandle, count: usize) {
    let repo = handle.config().data_dir.path().join("checkout");
    std::fs::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join("README"), "bench\n").unwrap();
    git(&repo, &["add", "README"]);
    git(&repo, &["commit", "-q", "-m", "first"]);
    let owner = relayd::board::Caller::socket_peer();
    handle
        .runner()
        .add_project(
            NewProject {
                slug: Some("bench".to_owned()),
                repo: Some(repo),
                ..NewProject::default()
            },
            &owner,
        )
        .await
        .unwrap();
    for n in 1..count {
        let input = NewSession {
            project: Some("bench".to_owned()),
            branch: Some(format!("bench-{n}")),
            ..NewSession::default()
        };
        handle.runner().create(input, &owner).await.unwrap();
    }
}

/// Reads events off one SSE body until `count` `session_state_changed` ids are in; the ids.
async fn read_events(body: Body, count: usize) -> Vec<i64> {
    let mut body = body;
    let mut text = String::new();
    let mut ids = Vec::with_capacity(count);
    while ids.len() < count {
        let Some(frame) = body.frame().await else {
            panic!("the stream ended after {} of {count} events", ids.len());
        };
        if let Ok(data) = frame.unwrap().into_data() {
            text.push_str(std::str::from_utf8(&data).unwrap());
        }
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            if block.contains("event: session_state_changed")
                && let Some(id) = block.lines().find_map(|l| l.strip_prefix("id: "))
            {
                ids.push(id.trim().parse().unwrap());
            }
        }
    }
    ids
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (count, events, subscribers, reads) = if full {
        (200, 1000, 50, 500)
    } else {
        (5, 100, 5, 20)
    };
    let home = tempfile::tempdir().unwrap();
    let handle = common::daemon_with(home.path(), |config| {
        let table: toml::Table = "[profiles.shell]\ncommand = \"/bin/sh\"\n".parse().unwrap();
        config.profiles = relay_core::profile::Profiles::from_toml(&table["profiles"]).unwrap();
        config.max_sessions_total = 250;
        config.max_sessions_per_project = 250;
        config.event_buffer = 4096;
    })
    .await;
    sessions(&handle, count).await;

    println!("| what | p50 | p95 | p99 |");
    println!("|---|---|---|---|");
    let path = "/api/v1/sessions?limit=500";
    let mut times = Vec::with_capacity(reads);
    let mut router = relayd::http_router(handle.clone());
    for n in 0..reads {
        if n % 100 == 0 {
            router = relayd::http_router(handle.clone());
        }
        let began = Instant::now();
        let response = router.clone().oneshot(get(&handle, path)).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        times.push(began.elapsed());
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body["total"], count, "{body}");
    }
    let (p50, p95, p99) = common::summary(times);
    println!(
        "| `GET {path}`, {count} sessions | {} | {} | {} |",
        common::ms(p50),
        common::ms(p95),
        common::ms(p99)
    );

    // SSE: every subscriber from the log's head, then the events appended one write each.
    let head = handle.store().last_event_id().to_string();
    let mut readers = Vec::new();
    for n in 0..subscribers {
        if n % 10 == 0 {
            router = relayd::http_router(handle.clone());
        }
        let mut request = get(&handle, "/api/v1/events");
        request
            .headers_mut()
            .insert("last-event-id", head.parse().unwrap());
        let response = router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), 200);
        readers.push(tokio::spawn(read_events(response.into_body(), events)));
    }
    let began = Instant::now();
    let mut appended = Vec::with_capacity(events);
    for n in 0..events {
        let payload = relay_core::event::payload::RunnerSessionChanged {
            project: "bench".to_owned(),
            session: format!("run-bench-{}", n % count + 1),
            state: "running".to_owned(),
            previous: Some("stopped".to_owned()),
            branch: "main".to_owned(),
            profile: "shell".to_owned(),
            ..Default::default()
        };
        appended.push(handle.store().append_event("bench", &payload).await.unwrap().id);
    }
    let appended_in = began.elapsed();
    for reader in readers {
        let ids = tokio::time::timeout(Duration::from_secs(120), reader)
            .await
            .expect("every subscriber got its events")
            .unwrap();
        assert_eq!(ids, appended, "a subscriber lost, repeated or reordered events");
    }
    let delivered_in = began.elapsed();
    println!(
        "| SSE: {events} events to {subscribers} subscribers, nothing lost | appended in {} | all delivered in {} | — |",
        common::ms(appended_in),
        common::ms(delivered_in)
    );
    handle.runner().shutdown().await;
}
