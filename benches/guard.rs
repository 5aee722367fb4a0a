//! The guard's numbers measured in-process (`cargo bench -p relay-core --bench guard`):
//!
//! - the decision for an 8 KB Bash command (200 segments of mixed ssh / kubectl / psql / git / curl commands, some
//!   naming the environments' identifiers, some changes) against three environments of 50 identifiers each —
//!   the largest input the guard reads, with the most identifiers it keeps;
//! - the same for an 8 KB MCP tool input (strings in a JSON object);
//! - each input of the hostile corpus (`src/guard/hostile.rs`, the inputs the tests check: 4 KB of nested quotes,
//!   10,000 `;`, unterminated quotes, NUL bytes, very long words, Unicode look-alikes, nested `$(…)` and
//!   backticks, …) — §7's budget is the guard's 8 KB / 200 segments bound, so every one must stay near the 8 KB
//!   decision;
//! - building the guard's view of the three environments (what relayd does on every guarded hook call) and
//!   parsing their policy;
//! - the secret check of an 8 KB notes field, and the journal's mask of an 8 KB command;
//! - the validation of one custom pattern (AST checks, compile, the hostile 4 KB probes; §7: within 50 ms).
//!
//! Each call is timed alone, by the wall clock and by the thread's own CPU time (the machine is shared: wall-clock
//! percentiles include the time other processes ran instead); median and p99 of each. Prints a Markdown table for
//! docs/PERFORMANCE.md. Timings are never
//! asserted; each decision's outcome is checked once before timing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "../src/guard/hostile.rs"]
mod hostile;

use relay_core::guard::{AccessKind, GuardEnvironment, ToolCall, Verdict, decide};
use relay_core::policy::pattern::SafePattern;
use relay_core::policy::secrets::{check_field, mask};
use relay_core::policy::{EffectivePolicy, EnvKind, LayerSource, PolicyLayer, effective};

const RUNS: usize = 3_000;

/// The policy every environment of the bench has: block mode and two custom patterns.
fn policy() -> EffectivePolicy {
    let layer = PolicyLayer::parse(
        r#"{"guard": {"mode": "block", "patterns": [
            {"id": "deploy-script", "capability": "ssh", "command": "\\bssh\\b", "change": "deploy\\.sh"},
            {"id": "cache-purge", "change": "purge-cache"}
        ]}}"#,
        &LayerSource::Global,
    );
    effective(vec![(LayerSource::Global, layer)])
}

/// The access entries of environment `n`: 49 entries (ssh aliases and hosts, kubectl contexts, db hosts, gitops
/// repos) and the base URL make its 50 identifiers.
fn entries(n: usize) -> Vec<(AccessKind, BTreeMap<String, String>)> {
    (0..49)
        .map(|i| {
            let (kind, field, value) = match i % 5 {
                0 => (AccessKind::Ssh, "alias", format!("app{n}x{i}")),
                1 => (AccessKind::Ssh, "host", format!("web-{n}-{i}.acme.io")),
                2 => (AccessKind::Kubectl, "context", format!("prod-{n}-{i}")),
                3 => (AccessKind::Db, "host", format!("pg{n}x{i}")),
                _ => (
                    AccessKind::Gitops,
                    "repo",
                    format!("git@github.com:acme/deploy-{n}-{i}.git"),
                ),
            };
            (kind, [(field.to_owned(), value)].into())
        })
        .collect()
}

fn environments_of(
    policy: &EffectivePolicy,
    access: &[Vec<(AccessKind, BTreeMap<String, String>)>],
) -> Vec<GuardEnvironment> {
    ["live", "eu", "staging"]
        .iter()
        .enumerate()
        .map(|(n, name)| {
            let kind = if n == 2 { EnvKind::Test } else { EnvKind::Live };
            GuardEnvironment::new(
                "acme-shop",
                name,
                kind,
                policy,
                None,
                &BTreeMap::new(),
                Some(&format!("https://shop{n}.acme.io")),
                access[n].iter().map(|(kind, fields)| (*kind, fields)),
            )
        })
        .collect()
}

fn environments() -> Vec<GuardEnvironment> {
    let access: Vec<_> = (0..3).map(entries).collect();
    environments_of(&policy(), &access)
}

/// An 8 KB command line: 200 segments, many naming identifiers, one change on live at the end.
fn command_8kb() -> String {
    let pieces = [
        "ssh app0x0 uptime",
        "kubectl --context prod-1-2 get pods -n shop",
        "psql -h pg0x3 -c 'select count(*) from orders'",
        "git status --short",
        "curl -s https://shop1.acme.io/health",
        "cargo build --release",
        "rsync -av web-0-1.acme.io:/var/log/ ./logs",
        "echo \"done; next\"",
    ];
    let mut out = String::new();
    let mut n = 0;
    while out.len() < 8 * 1024 - 90 {
        // Padded so that the 8 KB hold 199 segments and the change at the end is the 200th.
        out.push_str(&format!("{:<38}", pieces[n % pieces.len()]));
        out.push_str(" && ");
        n += 1;
    }
    out.push_str("ssh app0x0 'sudo systemctl restart nginx'");
    out
}

fn mcp_input_8kb() -> serde_json::Value {
    let mut fields = serde_json::Map::new();
    let mut size = 0;
    let mut n = 0;
    while size < 8 * 1024 {
        let text = format!("select * from orders where id = {n}; -- on pg0x3 via https://shop0.acme.io/db");
        size += text.len();
        fields.insert(format!("field{n}"), serde_json::Value::String(text));
        n += 1;
    }
    // Sorted first, so it is inside the 8 KB the guard reads.
    fields.insert("a_sql".into(), "DROP TABLE orders".into());
    serde_json::Value::Object(fields)
}

/// The hostile corpus the guard's tests check (`src/guard/hostile.rs`), aimed at the first stand's names.
fn hostile_inputs() -> Vec<(&'static str, String)> {
    hostile::corpus(hostile::Target {
        ssh: "app0x0",
        context: "prod-1-2",
        db: "pg0x3",
    })
}

/// The CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`): on a shared 2-core machine a wall-clock
/// percentile mostly measures the other processes (one preemption is a scheduler slice of milliseconds); the
/// thread's own CPU time per call does not. Reading it is a system call (well under a microsecond).
fn thread_cpu() -> Duration {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

struct Timing {
    median: Duration,
    p99: Duration,
    cpu_median: Duration,
    cpu_p99: Duration,
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Timing {
    for _ in 0..runs / 10 {
        black_box(f());
    }
    let mut wall: Vec<Duration> = Vec::with_capacity(runs);
    let mut cpu: Vec<Duration> = Vec::with_capacity(runs);
    for _ in 0..runs {
        let cpu_start = thread_cpu();
        let start = Instant::now();
        black_box(f());
        wall.push(start.elapsed());
        cpu.push(thread_cpu().saturating_sub(cpu_start));
    }
    wall.sort();
    cpu.sort();
    Timing {
        median: wall[runs / 2],
        p99: wall[(runs * 99) / 100],
        cpu_median: cpu[runs / 2],
        cpu_p99: cpu[(runs * 99) / 100],
    }
}

/// The rows to run: those whose name contains the first argument (`cargo bench --bench guard -- hostile`), or
/// all. The argument `--bench` that cargo passes is not a filter.
fn wanted(name: &str) -> bool {
    match std::env::args().skip(1).find(|arg| !arg.starts_with("--")) {
        Some(filter) => name.contains(&filter),
        None => true,
    }
}

fn row(name: &str, timing: impl FnOnce() -> Timing, target: &str) {
    if !wanted(name) {
        return;
    }
    let timing = timing();
    let us = |d: Duration| format!("{:.1} µs", d.as_secs_f64() * 1e6);
    println!(
        "| {name} | {} | {} | {} | {} | {target} |",
        us(timing.median),
        us(timing.p99),
        us(timing.cpu_median),
        us(timing.cpu_p99),
    );
}

fn main() {
    let envs = environments();
    let command = command_8kb();
    assert!(
        command.len() >= 8 * 1024 - 120 && command.len() <= 8 * 1024,
        "{}",
        command.len()
    );
    let outcome = decide(&ToolCall::Bash { command: &command }, &envs);
    assert_eq!(outcome.verdict(), Verdict::Deny, "the change at the end is read");
    let input = mcp_input_8kb();
    let mcp = ToolCall::Mcp {
        tool: "mcp__pg__query",
        input: &input,
    };
    assert_eq!(decide(&mcp, &envs).verdict(), Verdict::Deny);

    println!("load average before: {}", load());
    println!("| measure | median (wall) | p99 (wall) | median (CPU) | p99 (CPU) | target |");
    println!("|---|---|---|---|---|---|");
    row(
        "decision, 8 KB Bash command, 3 environments × 50 identifiers",
        || time(RUNS, || decide(&ToolCall::Bash { command: &command }, &envs)),
        "p99 < 200 µs",
    );
    row(
        "decision, 8 KB MCP input (same environments)",
        || time(RUNS, || decide(&mcp, &envs)),
        "p99 < 200 µs",
    );
    for (name, text) in hostile_inputs() {
        row(
            &format!("decision, hostile: {name}"),
            || time(RUNS, || decide(&ToolCall::Bash { command: &text }, &envs)),
            "within the 8 KB decision",
        );
    }
    let access: Vec<_> = (0..3).map(entries).collect();
    let shared = policy();
    row(
        "the guard's view: 3 environments × 50 identifiers built from their policy and access entries",
        || time(RUNS, || environments_of(&shared, &access)),
        "—",
    );
    row(
        "the policy of those environments parsed and merged (2 custom patterns compiled and probed)",
        || time(200, policy),
        "—",
    );
    let policy = effective(vec![]);
    let notes = format!(
        "{} PGPASSWORD=$PGPASS",
        "deploys run from the gitops repo; ask first. ".repeat(180)
    );
    row(
        "secret check, 8 KB notes field",
        || time(RUNS, || check_field("notes", &notes, &policy, &mut |_| {})),
        "—",
    );
    row(
        "journal mask, 8 KB command",
        || time(RUNS, || mask(&command, &[])),
        "—",
    );
    row(
        "custom pattern validation (AST, compile, hostile 4 KB probes)",
        || {
            time(200, || {
                SafePattern::new("p", r"\bdeploy\s+(?:--force\s)?prod\b").unwrap()
            })
        },
        "< 50 ms (§7)",
    );
    println!("load average after: {}", load());
}
