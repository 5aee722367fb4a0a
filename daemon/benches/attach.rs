//! Screenshot numbers measured in-process on a real store and a real attachments folder
//! (`cargo bench -p relayd --bench attach`):
//!
//! - `attach_file` of a 5 MB PNG from a path through the board service: the path checks, open + fstat, the copy
//!   with SHA-256 into a private temp file (fsync'd), the rename into place, the row and its event in one
//!   transaction (target: p95 under 50 ms). Every iteration attaches new content, so the per-task dedupe never
//!   short-cuts the copy;
//! - the same from `content_base64` (decoding included);
//! - for scale, SHA-256 alone over the same 5 MB in memory.
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Instant;

use base64::Engine;
use relayd::board::{AttachInput, AttachSource, Caller, NewTask, ProjectInput};
use sha2::Digest;

const FIVE_MB: usize = 5 * 1024 * 1024;

/// A 5 MB "PNG": the magic bytes, then content unique to `seed`.
fn png(seed: u64) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while bytes.len() < FIVE_MB {
        // xorshift64: cheap bytes that do not repeat between seeds.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.extend_from_slice(&state.to_le_bytes());
    }
    bytes.truncate(FIVE_MB);
    bytes
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let runs: u64 = if full { 100 } else { 5 };

    let data = tempfile::tempdir().unwrap();
    // Room for every iteration's 5 MB on one task.
    let handle = common::daemon_with(data.path(), |config| config.attachments_task_max_mb = 100_000).await;
    let caller = Caller::socket_peer();
    let board = handle.board();
    let project = ProjectInput {
        slug: "shots".into(),
        name: Some("shots".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(project, &caller).await.unwrap();
    let task = NewTask {
        project: "shots".into(),
        title: "Screenshots".into(),
        ..NewTask::default()
    };
    board.create_task(task, &caller).await.unwrap();
    // The source files live in the temp folder, one of the allowed folders.
    let sources = tempfile::tempdir().unwrap();

    let mut from_path = Vec::new();
    for n in 0..runs {
        let path = sources.path().join(format!("shot-{n}.png"));
        std::fs::write(&path, png(n)).unwrap();
        let input = AttachInput {
            key: "shots-1".into(),
            source: AttachSource::Path(path.to_str().unwrap().to_owned()),
            step: None,
            caption: None,
            filename: None,
        };
        let began = Instant::now();
        let outcome = board.attach(input, &caller).await.unwrap();
        from_path.push(began.elapsed());
        assert!(outcome.changed, "every iteration stores new content");
        std::fs::remove_file(&path).unwrap();
    }
    let (path_p50, path_p95, path_p99) = common::summary(from_path);

    let mut from_base64 = Vec::new();
    for n in 0..runs {
        let encoded = base64::engine::general_purpose::STANDARD.encode(png(1_000_000 + n));
        let input = AttachInput {
            key: "shots-1".into(),
            source: AttachSource::Base64(encoded),
            step: None,
            caption: None,
            filename: None,
        };
        let began = Instant::now();
        let outcome = board.attach(input, &caller).await.unwrap();
        from_base64.push(began.elapsed());
        assert!(outcome.changed);
    }
    let (b64_p50, b64_p95, b64_p99) = common::summary(from_base64);

    let content = png(42);
    let mut hashing = Vec::new();
    for _ in 0..runs {
        let began = Instant::now();
        std::hint::black_box(sha2::Sha256::digest(&content));
        hashing.push(began.elapsed());
    }
    let (hash_p50, hash_p95, hash_p99) = common::summary(hashing);

    println!(
        "machine: {} cores; {runs} runs each, 5 MB (5,242,880 bytes) per screenshot",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0)
    );
    println!();
    println!("| measure | median | p95 | p99 | target |");
    println!("|---|---|---|---|---|");
    println!(
        "| `attach_file` of a 5 MB PNG from a path (service: checks, copy + SHA-256 + fsync, rename, row, event) | {} | {} | {} | p95 < 50 ms |",
        common::ms(path_p50),
        common::ms(path_p95),
        common::ms(path_p99)
    );
    println!(
        "| `attach_file` of a 5 MB PNG from `content_base64` (decoding included) | {} | {} | {} | — |",
        common::ms(b64_p50),
        common::ms(b64_p95),
        common::ms(b64_p99)
    );
    println!(
        "| SHA-256 of 5 MB in memory (for scale) | {} | {} | {} | — |",
        common::ms(hash_p50),
        common::ms(hash_p95),
        common::ms(hash_p99)
    );
}
