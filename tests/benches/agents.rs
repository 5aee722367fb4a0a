//! What relay's hooks cost inside a real agent: the wall time of the same scripted turn (two edits, then an
//! answer) in Claude Code and in Codex, with relay's hooks as `relay setup --apply` writes them, with the same hook
//! entries running `true`, and with no hooks — interleaved, in one run. Prints a Markdown table for
//! docs/PERFORMANCE.md. Run it with `tests/bench/agents.sh` (a release relay); `RUNS=n` sets the turns per case
//! (default 20). Without `--bench` (a plain `cargo test --benches`) it only says how to run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::path::Path;
use std::time::Duration;

use relay_tests::TestDaemon;
use relay_tests::agents::{ClaudeCode, Codex, repo, run_command};
use relay_tests::model::{Api, Conversation, ModelServer, Reply};
use serde_json::json;

const A: &str = "export const a = 1;\n";
const B: &str = "export const b = 1;\n";

#[derive(Clone, Copy, Debug, PartialEq)]
enum Hooks {
    Relay,
    True,
    None,
}

impl Hooks {
    fn label(self) -> &'static str {
        match self {
            Hooks::Relay => "relay's hooks",
            Hooks::True => "same entries running `true`",
            Hooks::None => "no hooks",
        }
    }
}

const CASES: [Hooks; 3] = [Hooks::Relay, Hooks::True, Hooks::None];

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn reset(repo: &Path) {
    std::fs::write(repo.join("a.ts"), A).unwrap();
    std::fs::write(repo.join("b.ts"), B).unwrap();
}

fn check_edited(repo: &Path) {
    assert_eq!(
        std::fs::read_to_string(repo.join("a.ts")).unwrap(),
        "export const a = 2;\n"
    );
    assert_eq!(
        std::fs::read_to_string(repo.join("b.ts")).unwrap(),
        "export const b = 2;\n"
    );
}

async fn claude_times(runs: usize) -> Vec<(Hooks, Vec<Duration>)> {
    let daemon = TestDaemon::start().await;
    let scratch = daemon.home().scratch().to_path_buf();
    let repo = repo(&scratch.join("repo"), &[("a.ts", A), ("b.ts", B)]);
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "bench-turn",
            vec![
                Reply::tool(
                    "Edit",
                    json!({"file_path": repo.join("a.ts"), "old_string": "= 1", "new_string": "= 2"}),
                )
                .into(),
                Reply::tool(
                    "Edit",
                    json!({"file_path": repo.join("b.ts"), "old_string": "= 1", "new_string": "= 2"}),
                )
                .into(),
                Reply::text("Both edited.").into(),
            ],
        )],
    )
    .await;
    let mut agents = Vec::new();
    for case in CASES {
        let agent = ClaudeCode::new(&scratch.join(format!("claude-{case:?}")));
        match case {
            Hooks::Relay => {
                agent.setup_relay(&daemon).await;
            }
            Hooks::True => {
                agent.setup_relay(&daemon).await;
                agent.replace_hook_commands("true");
            }
            Hooks::None => agent.remove_hooks(),
        }
        agents.push((case, agent));
    }
    let mut times: Vec<(Hooks, Vec<Duration>)> = CASES.iter().map(|c| (*c, Vec::new())).collect();
    // One warm-up turn each, then interleaved.
    for round in 0..=runs {
        for (index, (_, agent)) in agents.iter().enumerate() {
            reset(&repo);
            let turn = run_command(agent.command(&model, &repo, "bench-turn: edit a and b")).await;
            turn.assert_success();
            check_edited(&repo);
            if round > 0 {
                times[index].1.push(turn.elapsed);
            }
        }
    }
    times
}

async fn codex_times(runs: usize) -> Vec<(Hooks, Vec<Duration>)> {
    let daemon = TestDaemon::start().await;
    let scratch = daemon.home().scratch().to_path_buf();
    let repo = repo(&scratch.join("repo"), &[("a.ts", A), ("b.ts", B)]);
    let patch = |file: &str, name: &str| {
        format!(
            "*** Begin Patch\n*** Update File: {file}\n@@\n-export const {name} = 1;\n+export const {name} = 2;\n*** End Patch\n"
        )
    };
    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "bench-turn",
            vec![
                Reply::patch(patch("a.ts", "a")).into(),
                Reply::patch(patch("b.ts", "b")).into(),
                Reply::text("Both edited.").into(),
            ],
        )],
    )
    .await;
    let mut agents = Vec::new();
    for case in CASES {
        let agent = Codex::new(&scratch.join(format!("codex-{case:?}")));
        match case {
            Hooks::Relay => {
                agent.setup_relay(&daemon).await;
            }
            Hooks::True => {
                agent.setup_relay(&daemon).await;
                agent.replace_hook_commands("true");
            }
            Hooks::None => agent.remove_hooks(),
        }
        agents.push((case, agent));
    }
    let mut times: Vec<(Hooks, Vec<Duration>)> = CASES.iter().map(|c| (*c, Vec::new())).collect();
    for round in 0..=runs {
        for (index, (_, agent)) in agents.iter().enumerate() {
            reset(&repo);
            let turn = run_command(agent.command(&model, &repo, "bench-turn: edit a and b")).await;
            turn.assert_success();
            check_edited(&repo);
            if round > 0 {
                times[index].1.push(turn.elapsed);
            }
        }
    }
    times
}

fn table(agent: &str, times: &mut [(Hooks, Vec<Duration>)]) {
    for (_, samples) in times.iter_mut() {
        samples.sort();
    }
    let median_of = |case: Hooks, times: &[(Hooks, Vec<Duration>)]| {
        times
            .iter()
            .find(|(c, _)| *c == case)
            .map(|(_, s)| percentile(s, 50.0))
            .unwrap_or_default()
    };
    let with_true = median_of(Hooks::True, times);
    for (case, samples) in times.iter() {
        let median = percentile(samples, 50.0);
        let p99 = percentile(samples, 99.0);
        let versus = (ms(median) / ms(with_true) - 1.0) * 100.0;
        println!(
            "| {agent} | {} | {} | {:.0} ms | {:.0} ms | {versus:+.1} % |",
            case.label(),
            samples.len(),
            ms(median),
            ms(p99)
        );
    }
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "the agents benchmark runs with `tests/bench/agents.sh` (or `cargo bench -p relay-tests --bench agents`)"
        );
        return;
    }
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut claude = claude_times(runs).await;
        let mut codex = codex_times(runs).await;
        println!("| agent | hooks | turns | median | p99 | median vs `true` hooks |");
        println!("|---|---|---|---|---|---|");
        table("Claude Code 2.1.328", &mut claude);
        table("Codex 0.169.0", &mut codex);
    });
}
