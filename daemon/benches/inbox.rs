//! The inbox query over a big board (`cargo bench -p relayd --bench inbox`): 50 projects × 200 tasks across
//! the stages, with owners waited on, checklists in review, rule warnings and unread agent replies (target:
//! under 30 ms). Without `--bench` (as `cargo test` runs benches) it seeds 5 × 20 tasks and measures a few
//! times. Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Instant;

use relayd::board::{Caller, NewTask, ProjectInput, ReviewStepInput};
use serde_json::json;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (projects, per_project, runs) = if full { (50, 200, 50) } else { (5, 20, 3) };
    let dir = tempfile::tempdir().unwrap();
    let handle = common::daemon(dir.path()).await;
    let board = handle.board();
    let owner = Caller::socket_peer();
    let agent = Caller::mcp_token().with_session(Some("agent-1".into()), None);
    let seeding = Instant::now();
    for p in 0..projects {
        let slug = format!("project-{p}");
        let input = ProjectInput {
            slug: slug.clone(),
            name: Some(slug.clone()),
            ..ProjectInput::default()
        };
        board.upsert_project(input, &owner).await.unwrap();
        for n in 0..per_project {
            let stage = ["plan", "dev", "review", "test", "live", "done"][n % 6];
            let mut fields = vec![
                ("stage".to_owned(), json!(stage)),
                ("progress".to_owned(), json!("halfway there")),
            ];
            if n % 10 == 0 {
                fields.push(("waiting_on".to_owned(), json!("owner")));
            }
            let task = NewTask {
                project: slug.clone(),
                title: format!("Task {n} of {slug} with a realistic title"),
                fields,
                ..NewTask::default()
            };
            let key = board.create_task(task, &owner).await.unwrap().value.key();
            if stage == "review" && n % 4 == 2 {
                let steps: Vec<ReviewStepInput> = (1..=3)
                    .map(|s| ReviewStepInput {
                        title: format!("Check step {s}"),
                        details: None,
                    })
                    .collect();
                board.set_review_steps(&key, &steps, &agent).await.unwrap();
            }
            if n % 15 == 1 {
                // A move to test without a report since the last stage change: a rule warning.
                let change = relayd::board::TaskChange {
                    fields: vec![("stage".to_owned(), json!("test"))],
                    expected_version: None,
                };
                board.update_task(&key, change, &owner).await.unwrap();
            }
            if n % 25 == 3 {
                board
                    .add_agent_reply(&key, "Which colour should the button be?", None, &agent)
                    .await
                    .unwrap();
            }
        }
    }
    let seeded = seeding.elapsed();
    let inbox = board.inbox().await.unwrap();
    let mut times = Vec::new();
    for _ in 0..runs {
        let began = Instant::now();
        let again = board.inbox().await.unwrap();
        times.push(began.elapsed());
        assert_eq!(again.total(), inbox.total());
    }
    let (p50, p95, p99) = common::summary(times);
    println!(
        "machine: {} cores; {projects} projects × {per_project} tasks seeded in {:.1} s; inbox rows: review queue {}, waiting on you {}, rule warnings {}, agent replies {}",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        seeded.as_secs_f64(),
        inbox.review_queue.len(),
        inbox.waiting_on_you.len(),
        inbox.rule_warnings.len(),
        inbox.agent_replies.len(),
    );
    println!();
    println!("| measure | median | p95 | p99 | target |");
    println!("|---|---|---|---|---|");
    println!(
        "| inbox, {projects} projects × {per_project} tasks (service) | {} | {} | {} | < 30 ms |",
        common::ms(p50),
        common::ms(p95),
        common::ms(p99)
    );
}
