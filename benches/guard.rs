//! The guard's numbers measured in-process (`cargo bench -p relay-core --bench guard`):
//!
//! - the decision for an 8 KB Bash command (200 segments of mixed ssh / kubectl / psql / git / curl commands, some
//!   naming the environments' identifiers, some changes) against three environments of 50 identifiers each —
//!   the largest input the guard reads, with the most identifiers it keeps;
//! - the same for an 8 KB MCP tool input (strings in a JSON object);
//! - each input of the hostile corpus (4 KB: nested quotes, 10,000 `;`, unterminated quotes, NUL bytes, very long
//!   words, Unicode look-alikes) — §7's budget is the guard's 8 KB / 200 segments bound, so every one must stay
//!   near the 8 KB decision;
//! - the secret check of an 8 KB notes field, and the journal's mask of an 8 KB command;
//! - the validation of one custom pattern (AST checks, compile, the hostile 4 KB probes; §7: within 50 ms).
//!
//! Each call is timed alone (wall clock: median, p99), and the thread's CPU time over all timed calls gives the CPU
//! per call (the machine is shared; wall-clock percentiles include other processes). Prints a Markdown table for
//! docs/PERFORMANCE.md. Timings are never
//! asserted; each decision's outcome is checked once before timing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use relay_core::guard::{AccessKind, GuardEnvironment, ToolCall, Verdict, decide};
use relay_core::policy::pattern::SafePattern;
use relay_core::policy::secrets::{check_field, mask};
use relay_core::policy::{EnvKind, LayerSource, PolicyLayer, effective};

const RUNS: usize = 3_000;

fn environments() -> Vec<GuardEnvironment> {
    let layer = PolicyLayer::parse(
        r#"{"guard": {"mode": "block", "patterns": [
            {"id": "deploy-script", "capability": "ssh", "command": "\\bssh\\b", "change": "deploy\\.sh"},
            {"id": "cache-purge", "change": "purge-cache"}
        ]}}"#,
        &LayerSource::Global,
    );
    let policy = effective(vec![(LayerSource::Global, layer)]);
    ["live", "eu", "staging"]
        .iter()
        .enumerate()
        .map(|(n, name)| {
            let entries: Vec<(AccessKind, BTreeMap<String, String>)> = (0..49)
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
                .collect();
            let kind = if n == 2 { EnvKind::Test } else { EnvKind::Live };
            GuardEnvironment::new(
                "acme-shop",
                name,
                kind,
                &policy,
                None,
                &BTreeMap::new(),
                Some(&format!("https://shop{n}.acme.io")),
                entries.iter().map(|(kind, fields)| (*kind, fields)),
            )
        })
        .collect()
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

fn hostile() -> Vec<(&'static str, String)> {
    let kb4 = 4 * 1024;
    vec![
        ("nested quotes", "ssh app0x0 \"'\\\"'\\\"'".repeat(kb4 / 18)),
        ("10,000 `;`", ";".repeat(10_000)),
        (
            "unterminated quote",
            format!("ssh app0x0 '{}", "rm -rf / ".repeat(450)),
        ),
        ("NUL bytes", format!("ssh\0app0x0\0reboot {}", "\0".repeat(kb4))),
        ("very long word", format!("ssh {} reboot", "a".repeat(kb4))),
        (
            "Unicode look-alikes",
            "ѕѕh аpp0x0 ѕudo rеboot; kubеctl --context prоd-1-2 delete pod x; ".repeat(40),
        ),
        ("200 short segments", "ssh app0x0 ls;".repeat(290)),
    ]
}

/// The CPU time this thread has run, from `/proc/thread-self/schedstat` (Linux; `None` elsewhere). Wall-clock
/// percentiles on a shared 2-core machine mostly measure the other processes; this does not.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

struct Timing {
    median: Duration,
    p99: Duration,
    /// CPU time per call, over all timed calls.
    cpu: Option<Duration>,
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Timing {
    for _ in 0..runs / 10 {
        black_box(f());
    }
    let cpu_start = thread_cpu();
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    let cpu = match (cpu_start, thread_cpu()) {
        (Some(a), Some(b)) => Some((b.saturating_sub(a)) / runs as u32),
        _ => None,
    };
    samples.sort();
    Timing {
        median: samples[runs / 2],
        p99: samples[(runs * 99) / 100],
        cpu,
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
        "| {name} | {} | {} | {} | {target} |",
        us(timing.median),
        us(timing.p99),
        timing.cpu.map_or("—".to_owned(), us)
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
    println!("| measure | median (wall) | p99 (wall) | CPU per call (mean) | target |");
    println!("|---|---|---|---|---|");
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
    for (name, text) in hostile() {
        row(
            &format!("decision, hostile: {name}"),
            || time(RUNS, || decide(&ToolCall::Bash { command: &text }, &envs)),
            "within the 8 KB decision",
        );
    }
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
