//! The foundation's numbers, measured on the release build (`cargo bench -p relay --bench foundation`):
//!
//! - `relay daemon start` until `/healthz` answers (fresh data directory each run);
//! - idle relayd RSS one second after start;
//! - `GetStatus` round trip over the local socket from this (separate) client process, beside a `/healthz`
//!   round trip over loopback HTTP for comparison.
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted: these machines are noisy.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use relay_core::proto::GetStatusRequest;

const RELAY: &str = env!("CARGO_BIN_EXE_relay");

fn relay(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(RELAY)
        .arg("--home")
        .arg(home)
        .args(["--port", "0"])
        .args(args)
        .output()
        .expect("run relay")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn summary(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (percentile(&samples, 0.5), percentile(&samples, 0.99))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn http_addr(stdout: &[u8]) -> SocketAddr {
    let text = String::from_utf8_lossy(stdout);
    let start = text.find("http://").expect("start prints the http address") + "http://".len();
    let rest = &text[start..];
    let end = rest.find([',', ')', ' ']).unwrap_or(rest.len());
    rest[..end].parse().expect("an address")
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0);
    format!("{cores} cores, {cpu}")
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    // `cargo bench` passes --bench; a plain `cargo test --benches` run passes nothing and should stay quick.
    let full = std::env::args().any(|a| a == "--bench");
    let (start_runs, calls) = if full { (20, 20_000) } else { (2, 200) };

    // 1. Start until /healthz answers, and idle RSS.
    let mut starts = Vec::new();
    let mut rss = Vec::new();
    for run in 0..start_runs {
        let home = tempfile::tempdir().unwrap();
        let began = Instant::now();
        let out = relay(home.path(), &["daemon", "start"]);
        assert!(
            out.status.success(),
            "start failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let addr = http_addr(&out.stdout);
        loop {
            if let Ok(answer) = relay::http_client::get(addr, "/healthz", &[]).await
                && answer.status == 200
            {
                break;
            }
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
        starts.push(began.elapsed());
        if run < 5 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let pid = relay_core::lock::holder_pid(&relay_core::paths::DataDir::new(home.path())).unwrap();
            rss.push(rss_kib(pid));
        }
        let out = relay(home.path(), &["daemon", "stop"]);
        assert!(
            out.status.success(),
            "stop failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let (start_p50, start_p99) = summary(starts);
    rss.sort_unstable();
    let rss_median = rss[rss.len() / 2];

    // 2. GetStatus over the socket and /healthz over HTTP, from this process.
    let home = tempfile::tempdir().unwrap();
    let out = relay(home.path(), &["daemon", "start"]);
    assert!(out.status.success());
    let addr = http_addr(&out.stdout);
    let socket = home
        .path()
        .join("run")
        .join(relay_core::paths::socket_file_name());
    let mut client = relay::client::connect(&socket).await.unwrap();
    for _ in 0..500 {
        client.daemon.get_status(GetStatusRequest {}).await.unwrap();
    }
    let mut rpc = Vec::with_capacity(calls);
    for _ in 0..calls {
        let began = Instant::now();
        client.daemon.get_status(GetStatusRequest {}).await.unwrap();
        rpc.push(began.elapsed());
    }
    let (rpc_p50, rpc_p99) = summary(rpc);

    let http_calls = calls / 4;
    let mut http = Vec::with_capacity(http_calls);
    for _ in 0..http_calls {
        let began = Instant::now();
        let answer = relay::http_client::get(addr, "/healthz", &[]).await.unwrap();
        assert_eq!(answer.status, 200);
        http.push(began.elapsed());
    }
    let (http_p50, http_p99) = summary(http);
    relay(home.path(), &["daemon", "stop"]);

    println!(
        "machine: {}; runs: {start_runs} starts, {calls} GetStatus calls",
        machine()
    );
    println!();
    println!("| measure | median | p99 | target |");
    println!("|---|---|---|---|");
    println!(
        "| `relay daemon start` until `/healthz` answers | {} | {} | median < 150 ms |",
        ms(start_p50),
        ms(start_p99)
    );
    println!(
        "| idle relayd RSS (1 s after start, median of {}) | {:.1} MB | — | < 30 MB |",
        rss.len(),
        rss_median as f64 / 1024.0
    );
    println!(
        "| `GetStatus` round trip over the socket | {} | {} | p50 < 0.3 ms, p99 < 1 ms |",
        ms(rpc_p50),
        ms(rpc_p99)
    );
    println!(
        "| `/healthz` round trip over loopback HTTP, new connection each (comparison) | {} | {} | — |",
        ms(http_p50),
        ms(http_p99)
    );
}
