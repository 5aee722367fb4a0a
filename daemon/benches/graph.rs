//! The pre-tool brief's added hook cost, measured in-process (`cargo bench -p relayd --bench graph`): the same
//! Claude Code pre-tool `Edit` calls through the whole hook pipeline (`handle_hook`) with the brief on and off, the
//! cache holding 2,000 files' briefs (two other sessions, a decision and two agents to ask each). Every call is a
//! session's first edit of its file, so each one with the brief on renders one. FalkorDB is not involved: the
//! hook path reads only the cache.
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted; that each "on" answer carries a
//! brief and no "off" answer does is.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use relay_core::hook::{Agent, Phase};
use relayd::DaemonHandle;
use relayd::graph::brief::{Ask, Decided, FileBrief, Other};

const FILES: usize = 2_000;

fn briefs() -> Vec<FileBrief> {
    (0..FILES)
        .map(|n| FileBrief {
            file: format!("src/f{n}.rs"),
            others: ["claude", "codex"]
                .iter()
                .enumerate()
                .map(|(i, agent)| Other {
                    agent: (*agent).to_owned(),
                    session: format!("other-{i}-{n}"),
                    at_ms: Some(1_000),
                    claims: Some(3),
                    why: Some(format!(
                        "change number {n}: rename the handler and update its callers"
                    )),
                })
                .collect(),
            decisions: vec![Decided {
                text: format!("f{n} keeps its public API until the next release"),
                by: Some("claude".to_owned()),
                at_ms: Some(1_000),
            }],
            ask: vec![
                Ask {
                    agent: "claude".to_owned(),
                    edits: 12,
                    last_at_ms: Some(1_000),
                },
                Ask {
                    agent: "codex".to_owned(),
                    edits: 3,
                    last_at_ms: Some(1_000),
                },
            ],
        })
        .collect()
}

/// One round in its own repository `/w/<round>` (a file claimed in one round is not refused in the next).
async fn run(handle: &DaemonHandle, round: &str, expect_brief: bool) -> Vec<Duration> {
    let repo = format!("/w/{round}");
    let mut samples = Vec::with_capacity(FILES);
    for n in 0..FILES {
        let body = serde_json::json!({
            "session_id": format!("s-{round}-{n}"), "cwd": repo, "hook_event_name": "PreToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": format!("{repo}/src/f{n}.rs"), "old_string": "a", "new_string": "b"},
        })
        .to_string();
        let started = Instant::now();
        let answer = handle
            .handle_hook(Agent::Claude, Phase::PreTool, body.as_bytes())
            .await;
        samples.push(started.elapsed());
        assert_eq!(
            answer.stdout.contains("relay memory graph"),
            expect_brief,
            "{}",
            answer.stdout
        );
    }
    samples
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let on = common::daemon(&dir.path().join("on")).await;
    let off = common::daemon_with(&dir.path().join("off"), |c| c.graph_pre_tool_brief = false).await;
    for handle in [&on, &off] {
        for round in ["warm", "a"] {
            handle.graph().briefs().replace(&format!("/w/{round}"), briefs());
        }
    }
    // One warm-up round each (lock table, allocator), then the measured rounds.
    run(&on, "warm", true).await;
    run(&off, "warm", false).await;
    let on_samples = run(&on, "a", true).await;
    let off_samples = run(&off, "a", false).await;
    let (on50, on95, on99) = common::summary(on_samples);
    let (off50, off95, off99) = common::summary(off_samples);
    // The step's own work: the cache lookup and the rendering, a session's first edit of each file.
    let mut direct = Vec::with_capacity(FILES);
    for n in 0..FILES {
        let file = std::path::PathBuf::from(format!("/w/a/src/f{n}.rs"));
        let started = Instant::now();
        let brief = on
            .graph()
            .briefs()
            .pre_tool(&format!("d-{n}"), &[file.as_path()], 2_000);
        direct.push(started.elapsed());
        assert!(brief.is_some_and(|b| b.chars().count() <= relayd::graph::cache::PRE_TOOL_CHARS));
    }
    let (d50, d95, d99) = common::summary(direct);
    println!("| pre-tool Edit through the pipeline ({FILES} calls) | p50 | p95 | p99 |");
    println!("|---|---|---|---|");
    println!(
        "| brief on (cache of {FILES} files) | {} | {} | {} |",
        common::ms(on50),
        common::ms(on95),
        common::ms(on99)
    );
    println!(
        "| brief off | {} | {} | {} |",
        common::ms(off50),
        common::ms(off95),
        common::ms(off99)
    );
    println!(
        "| added by the brief | {} | {} | {} |",
        common::ms(on50.saturating_sub(off50)),
        common::ms(on95.saturating_sub(off95)),
        common::ms(on99.saturating_sub(off99))
    );
    println!(
        "| the brief step's lookup and rendering alone | {} | {} | {} |",
        common::ms(d50),
        common::ms(d95),
        common::ms(d99)
    );
}
