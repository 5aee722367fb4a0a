//! The runner under load, against a real relayd (issue 14's numbers):
//!
//! - **attach to 10,000 lines of scrollback**: a session whose program printed 10,000 lines and waits; the time from
//!   `AttachTerminal`'s open to the snapshot fed into a vt100 parser of the window's size (what the window draws
//!   from), cold (a new connection each time) and as a switch between two such sessions on one connection;
//! - **20 sessions each printing 40 KB/s** (`SECONDS`, default 60): relayd's CPU (user + system, from
//!   `/proc/<pid>/stat`) over the run as a share of one core; every session read by a client that keeps up, which
//!   checks the numbered lines arrive without a gap; one more attachment that never reads, on session 1, which must
//!   not slow that session's program (its lines keep their rate); then relayd's RSS with every terminal's
//!   scrollback full, and what one session costs.
//!
//! Prints Markdown for docs/PERFORMANCE.md. Run it with `tests/bench/runner.sh` (a release relay). Without
//! `--bench` it only says how to run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::path::Path;
use std::time::{Duration, Instant};

use relay_core::proto::terminal_input::Input;
use relay_core::proto::terminal_output::Output;
use relay_core::proto::{AttachOpen, CreateRunnerSessionRequest, TerminalInput, TerminalOutput};
use relay_tests::TestDaemon;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

const SESSIONS: usize = 20;
/// Bytes per second each loaded session's program prints (in 100-byte numbered lines, ten times a second).
const RATE: usize = 40_000;
const SCROLLBACK: usize = 10_000;
const ATTACHES: usize = 100;

/// The program of every session: `lines` numbered lines at once, then `rate` bytes a second of numbered
/// 100-byte lines, forever (or sleeping, when the rate is 0).
const SPEW: &str = r#"import sys, time
lines, rate = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout.buffer
for i in range(lines):
    out.write(b"scroll %08d\n" % i)
out.flush()
if rate == 0:
    time.sleep(86400)
per_tick = max(1, rate // 10 // 100)
pad = b"x" * 86
seq, tick, start = 0, 0, time.monotonic()
while True:
    out.write(b"".join(b"seq %08d %s\n" % (seq + k, pad) for k in range(per_tick)))
    out.flush()
    seq += per_tick
    tick += 1
    delay = start + tick / 10 - time.monotonic()
    if delay > 0:
        time.sleep(delay)
"#;

async fn daemon(script: &Path) -> TestDaemon {
    let config = format!(
        "max_sessions_per_project = 100\nmax_sessions_total = 200\n\
         [profiles.still]\ncommand = \"/usr/bin/python3\"\nargs = [\"{script}\", \"{SCROLLBACK}\", \"0\"]\n\
         [profiles.spew]\ncommand = \"/usr/bin/python3\"\nargs = [\"{script}\", \"0\", \"{RATE}\"]\n",
        script = script.display()
    );
    let daemon = TestDaemon::builder().config(&config).start().await;
    daemon.add_bench_project().await;
    daemon
}

async fn create(daemon: &TestDaemon, branch: &str, profile: &str) -> String {
    daemon
        .client()
        .await
        .runner
        .create_runner_session(CreateRunnerSessionRequest {
            branch: Some(branch.to_owned()),
            profile: Some(profile.to_owned()),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .name
}

/// An attachment: the input side (kept open for as long as it lives) and the output stream.
struct Attached {
    _input: mpsc::Sender<TerminalInput>,
    output: tonic::Streaming<TerminalOutput>,
}

async fn attach(client: &mut relay::client::Client, session: &str, watch: bool) -> Attached {
    let (tx, input) = mpsc::channel(8);
    tx.send(TerminalInput {
        input: Some(Input::Open(AttachOpen {
            session: session.to_owned(),
            watch,
            rows: 50,
            cols: 200,
        })),
    })
    .await
    .unwrap();
    let output = client
        .runner
        .attach_terminal(ReceiverStream::new(input))
        .await
        .unwrap()
        .into_inner();
    Attached { _input: tx, output }
}

/// Until the snapshot is in a vt100 parser of the window's size: the time from the open.
async fn snapshot_drawn(client: &mut relay::client::Client, session: &str) -> (Duration, String) {
    let began = Instant::now();
    let mut attached = attach(client, session, true).await;
    loop {
        match attached.output.message().await.unwrap().and_then(|m| m.output) {
            Some(Output::Snapshot(snapshot)) => {
                let size = |n: u32| std::num::NonZeroU16::new(u16::try_from(n).unwrap()).unwrap();
                let mut parser = vt100::Parser::new(size(snapshot.rows), size(snapshot.cols), SCROLLBACK);
                parser.process(&snapshot.screen);
                let elapsed = began.elapsed();
                return (elapsed, parser.screen().contents());
            }
            Some(Output::End(end)) => panic!("the terminal ended: {}", end.reason),
            _ => {}
        }
    }
}

/// Until the session's screen shows the last of its 10,000 lines.
async fn until_printed(client: &mut relay::client::Client, session: &str) {
    let last = format!("scroll {:08}", SCROLLBACK - 1);
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if snapshot_drawn(client, session).await.1.contains(&last) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{session} did not print its {SCROLLBACK} lines within 60 s");
}

async fn scrollback_attach(script: &Path) -> (Vec<Duration>, Vec<Duration>) {
    let daemon = daemon(script).await;
    let names = [
        create(&daemon, "still-1", "still").await,
        create(&daemon, "still-2", "still").await,
    ];
    let mut client = daemon.client().await;
    for name in &names {
        until_printed(&mut client, name).await;
    }
    let mut cold = Vec::with_capacity(ATTACHES);
    for _ in 0..ATTACHES {
        let mut fresh = daemon.client().await;
        let began = Instant::now();
        let (_, screen) = snapshot_drawn(&mut fresh, &names[0]).await;
        cold.push(began.elapsed());
        assert!(screen.contains("scroll "), "{screen}");
    }
    // A switch: the window detaches one session and attaches the other on the connection it has.
    let mut switch = Vec::with_capacity(ATTACHES);
    for n in 0..ATTACHES {
        let (elapsed, _) = snapshot_drawn(&mut client, &names[n % 2]).await;
        switch.push(elapsed);
    }
    daemon.remove_runner_sessions(&names).await;
    (cold, switch)
}

/// What a keeping-up client saw of one session.
#[derive(Default)]
struct Seen {
    lines: u64,
    gaps: u64,
    snapshots: u64,
    last: Option<u64>,
    carry: Vec<u8>,
}

impl Seen {
    fn feed(&mut self, bytes: &[u8]) {
        self.carry.extend_from_slice(bytes);
        let Some(end) = self.carry.iter().rposition(|b| *b == b'\n') else {
            return;
        };
        let whole: Vec<u8> = self.carry.drain(..=end).collect();
        for line in whole.split(|b| *b == b'\n') {
            let Some(at) = line.windows(4).position(|w| w == b"seq ") else {
                continue;
            };
            let Some(number) = line
                .get(at + 4..at + 12)
                .and_then(|d| std::str::from_utf8(d).ok())
                .and_then(|d| d.parse::<u64>().ok())
            else {
                continue;
            };
            if let Some(last) = self.last
                && number != last + 1
            {
                self.gaps += 1;
            }
            self.last = Some(number);
            self.lines += 1;
        }
    }
}

fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

fn clock_ticks() -> u64 {
    let out = std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(100)
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb / 1024.0
}

struct Load {
    seconds: u64,
    cpu_share: f64,
    seen: Vec<Seen>,
    rss_before: f64,
    rss_full: f64,
}

async fn load(script: &Path, seconds: u64) -> Load {
    let daemon = daemon(script).await;
    let pid = daemon.pid();
    let rss_before = rss_mb(pid);
    let mut names = Vec::with_capacity(SESSIONS);
    for n in 0..SESSIONS {
        names.push(create(&daemon, &format!("load-{n}"), "spew").await);
    }
    let mut readers = Vec::with_capacity(SESSIONS);
    for name in &names {
        let mut client = daemon.client().await;
        let mut attached = attach(&mut client, name, true).await;
        readers.push(tokio::spawn(async move {
            let _client = client;
            let mut seen = Seen::default();
            let stop = Instant::now() + Duration::from_secs(seconds);
            while let Ok(Ok(Some(message))) = tokio::time::timeout(
                stop.saturating_duration_since(Instant::now()),
                attached.output.message(),
            )
            .await
            {
                match message.output {
                    Some(Output::Data(bytes)) => seen.feed(&bytes),
                    // Skipped forward: the client fell behind (it should not, here).
                    Some(Output::Snapshot(_)) if seen.last.is_some() => {
                        seen.snapshots += 1;
                        seen.last = None;
                        seen.carry.clear();
                    }
                    Some(Output::End(end)) => panic!("the terminal ended: {}", end.reason),
                    _ => {}
                }
            }
            seen
        }));
    }
    // One more attachment on the first session that never reads.
    let mut stalled_client = daemon.client().await;
    let stalled = attach(&mut stalled_client, &names[0], true).await;
    let ticks = clock_ticks();
    let cpu_before = cpu_ticks(pid);
    let began = Instant::now();
    let mut seen = Vec::with_capacity(SESSIONS);
    for reader in readers {
        seen.push(reader.await.unwrap());
    }
    let wall = began.elapsed().as_secs_f64();
    let cpu = (cpu_ticks(pid) - cpu_before) as f64 / ticks as f64;
    let rss_full = rss_mb(pid);
    drop(stalled);
    daemon.remove_runner_sessions(&names).await;
    Load {
        seconds,
        cpu_share: cpu / wall,
        seen,
        rss_before,
        rss_full,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("the runner load benchmark runs with `tests/bench/runner.sh`");
        return;
    }
    let seconds: u64 = std::env::var("SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("spew.py");
    std::fs::write(&script, SPEW).unwrap();

    let (mut cold, mut switch) = runtime.block_on(scrollback_attach(&script));
    cold.sort();
    switch.sort();
    println!(
        "machine: {} cores",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0)
    );
    println!();
    println!(
        "| attach to a session holding {SCROLLBACK} lines ({ATTACHES} runs, 200×50) | p50 | p99 | max |"
    );
    println!("|---|---|---|---|");
    for (name, samples) in [
        ("open → snapshot drawn, a new connection each time", &cold),
        ("switch between two such sessions on one connection", &switch),
    ] {
        println!(
            "| {name} | {} | {} | {} |",
            ms(percentile(samples, 0.5)),
            ms(percentile(samples, 0.99)),
            ms(*samples.last().unwrap())
        );
    }

    let load = runtime.block_on(load(&script, seconds));
    let expected = seconds * (RATE as u64) / 100;
    let lines: u64 = load.seen.iter().map(|s| s.lines).sum();
    let gaps: u64 = load.seen.iter().map(|s| s.gaps).sum();
    let snapshots: u64 = load.seen.iter().map(|s| s.snapshots).sum();
    let slowest = load.seen.iter().map(|s| s.lines).min().unwrap_or(0);
    println!();
    println!(
        "{SESSIONS} sessions × {} KB/s for {} s, each read by a client that keeps up, plus one attachment on session 1 \
         that never reads:",
        RATE / 1000,
        load.seconds
    );
    println!();
    println!("| measure | value |");
    println!("|---|---|");
    println!(
        "| relayd CPU (user + system) | {:.1} % of one core |",
        load.cpu_share * 100.0
    );
    println!(
        "| lines received, all sessions | {lines} (~{expected} per session expected; the fewest {slowest}) |"
    );
    println!("| gaps in the numbered lines | {gaps} |");
    println!("| skipped forward to a snapshot | {snapshots} |");
    println!(
        "| session 1 (the one with a stalled attachment) | {} lines |",
        load.seen[0].lines
    );
    println!("| relayd RSS before the sessions | {:.1} MB |", load.rss_before);
    println!(
        "| relayd RSS, {SESSIONS} sessions with full scrollback | {:.1} MB ({:.1} MB per session) |",
        load.rss_full,
        (load.rss_full - load.rss_before) / SESSIONS as f64
    );
}
