//! Board numbers measured in-process on a real store (`cargo bench -p relayd --bench board`):
//!
//! - `project_snapshot` of a project with 2,000 tasks (target: under 20 ms), and `plan_cards` (the window's
//!   Plan n/m badges, ListPlanCards) of the same project once every other task has a 4-step plan;
//! - `snapshot` (GetProjectBoard, the window's board) of a project whose done column is far past its cap: 2,000
//!   open tasks and 8,000 done ones, of which the snapshot carries the 200 most recently closed (`DONE_CAP`);
//! - `task_create` through the board service, one writer (the service part of MCP's task_create);
//! - 50 concurrent writers creating 20 tasks each in one project: every key distinct, every event id unique and
//!   gap-free in commit order, no "database is locked".
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::time::Instant;

use relayd::DaemonHandle;
use relayd::board::{Caller, NewTask, ProjectInput, StepInput};

async fn project(handle: &DaemonHandle, slug: &str) {
    let input = ProjectInput {
        slug: slug.into(),
        name: Some(slug.into()),
        ..ProjectInput::default()
    };
    handle
        .board()
        .upsert_project(input, &Caller::socket_peer())
        .await
        .unwrap();
}

fn new_task(project: &str, title: String) -> NewTask {
    NewTask {
        project: project.into(),
        title,
        ..NewTask::default()
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (tasks, snapshots, creates) = if full { (2000, 50, 500) } else { (50, 3, 20) };

    // Snapshot of a big project.
    let dir = tempfile::tempdir().unwrap();
    let handle = common::daemon(dir.path()).await;
    project(&handle, "big").await;
    let caller = Caller::socket_peer();
    for n in 0..tasks {
        let stage = ["plan", "dev", "review", "test", "live", "done"][n % 6];
        let mut task = new_task("big", format!("Task number {n} with a realistic title"));
        task.fields.push(("stage".into(), serde_json::json!(stage)));
        task.fields.push((
            "next_step".into(),
            serde_json::json!("write the tests and open the pull request"),
        ));
        handle.board().create_task(task, &caller).await.unwrap();
    }
    handle.board().snapshot("big").await.unwrap();
    let mut snapshot_times = Vec::new();
    for _ in 0..snapshots {
        let began = Instant::now();
        let snapshot = handle.board().snapshot("big").await.unwrap();
        snapshot_times.push(began.elapsed());
        assert!(!snapshot.tasks.is_empty());
    }
    let (snap_p50, snap_p95, snap_p99) = common::summary(snapshot_times);

    // The board cards' plan badges: every other task gets a 4-step plan, then one statement reads them all.
    for n in (0..tasks).step_by(2) {
        let steps = (1..=4)
            .map(|i| StepInput {
                title: format!("Step {i} of task {n}"),
                details: None,
            })
            .collect();
        handle
            .board()
            .set_plan(&format!("big-{}", n + 1), steps, None, &caller)
            .await
            .unwrap();
    }
    let mut card_times = Vec::new();
    for _ in 0..snapshots {
        let began = Instant::now();
        let cards = handle.board().plan_cards("big").await.unwrap();
        card_times.push(began.elapsed());
        assert_eq!(cards.len(), tasks.div_ceil(2));
    }
    let (cards_p50, cards_p95, cards_p99) = common::summary(card_times);

    // The window's board of a project with a long history: the done column stops at DONE_CAP.
    let (open, done) = if full { (2000, 8000) } else { (20, 300) };
    project(&handle, "history").await;
    for n in 0..open + done {
        let mut task = new_task("history", format!("Task number {n} with a realistic title"));
        let stage = if n < done {
            "done"
        } else {
            ["plan", "dev", "review", "test", "live"][n % 5]
        };
        task.fields.push(("stage".into(), serde_json::json!(stage)));
        handle.board().create_task(task, &caller).await.unwrap();
    }
    let mut board_times = Vec::new();
    let mut carried = 0;
    for _ in 0..snapshots {
        let began = Instant::now();
        let board = handle.board().snapshot("history").await.unwrap();
        board_times.push(began.elapsed());
        carried = board.tasks.len();
        assert_eq!(board.done.recent, done as i64);
    }
    let (board_p50, board_p95, board_p99) = common::summary(board_times);

    // task_create, one writer.
    project(&handle, "solo").await;
    let mut create_times = Vec::new();
    for n in 0..creates {
        let began = Instant::now();
        handle
            .board()
            .create_task(new_task("solo", format!("t{n}")), &caller)
            .await
            .unwrap();
        create_times.push(began.elapsed());
    }
    let (create_p50, create_p95, create_p99) = common::summary(create_times);

    // task_get, one reader at a time, then 20 at once.
    let gets = if full { 5000 } else { 50 };
    let mut get_times = Vec::new();
    for _ in 0..gets {
        let began = Instant::now();
        handle.board().task("solo-1").await.unwrap();
        get_times.push(began.elapsed());
    }
    let (get_p50, get_p95, get_p99) = common::summary(get_times);
    let began = Instant::now();
    let readers: Vec<_> = (0..20)
        .map(|_| {
            let handle = handle.clone();
            tokio::spawn(async move {
                for _ in 0..gets / 20 {
                    handle.board().task("solo-1").await.unwrap();
                }
            })
        })
        .collect();
    for reader in readers {
        reader.await.unwrap();
    }
    let parallel_rate = (gets / 20 * 20) as f64 / began.elapsed().as_secs_f64();

    // 50 concurrent writers × 20 tasks.
    project(&handle, "crowd").await;
    let head = handle.store().last_event_id();
    let began = Instant::now();
    let writers: Vec<_> = (0..50)
        .map(|w| {
            let handle = handle.clone();
            tokio::spawn(async move {
                let caller = Caller::mcp_token().with_session(Some(format!("agent-{w}")), None);
                let mut keys = Vec::new();
                for n in 0..20 {
                    let task = handle
                        .board()
                        .create_task(new_task("crowd", format!("w{w} n{n}")), &caller)
                        .await;
                    keys.push(task.map(|t| t.value.key()).map_err(|e| e.to_string()));
                }
                keys
            })
        })
        .collect();
    let mut keys = Vec::new();
    for writer in writers {
        keys.extend(writer.await.unwrap());
    }
    let crowd_time = began.elapsed();
    let errors: Vec<&String> = keys.iter().filter_map(|k| k.as_ref().err()).collect();
    let distinct: BTreeSet<&String> = keys.iter().filter_map(|k| k.as_ref().ok()).collect();
    let events = handle.store().events_after(head, 5000).await.unwrap();
    let ids: Vec<i64> = events.iter().map(|e| e.id).collect();
    let gap_free = ids.windows(2).all(|w| w[1] == w[0] + 1) && ids.first() == Some(&(head + 1));

    println!(
        "machine: {} cores; {tasks} tasks in the snapshot project",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0)
    );
    println!();
    println!("| measure | median | p95 | p99 | target |");
    println!("|---|---|---|---|---|");
    println!(
        "| `project_snapshot`, {tasks} tasks (service) | {} | {} | {} | < 20 ms |",
        common::ms(snap_p50),
        common::ms(snap_p95),
        common::ms(snap_p99)
    );
    println!(
        "| `plan_cards` (ListPlanCards), {tasks} tasks, {} with a plan (service) | {} | {} | {} | — |",
        tasks.div_ceil(2),
        common::ms(cards_p50),
        common::ms(cards_p95),
        common::ms(cards_p99)
    );
    println!(
        "| `snapshot` (GetProjectBoard), {open} open + {done} done tasks: {carried} carried (service) | {} | {} | {} | < 20 ms |",
        common::ms(board_p50),
        common::ms(board_p95),
        common::ms(board_p99)
    );
    println!(
        "| `task_create` (service, one writer) | {} | {} | {} | p95 < 5 ms (through MCP) |",
        common::ms(create_p50),
        common::ms(create_p95),
        common::ms(create_p99)
    );
    println!(
        "| `task_get` (service, one reader) | {} | {} | {} | — |",
        common::ms(get_p50),
        common::ms(get_p95),
        common::ms(get_p99)
    );
    println!();
    println!("task_get with 20 concurrent readers: {parallel_rate:.0} calls/s");
    println!();
    println!(
        "50 concurrent writers × 20 tasks: {} tasks in {:.0} ms, {} distinct keys, {} errors, {} events, ids unique and gap-free: {gap_free}",
        keys.len(),
        crowd_time.as_secs_f64() * 1000.0,
        distinct.len(),
        errors.len(),
        ids.len()
    );
    if let Some(first) = errors.first() {
        println!("first error: {first}");
    }
}
