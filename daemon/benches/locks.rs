//! Lock-table numbers measured in-process (`cargo bench -p relayd --bench locks`):
//!
//! - 1,000 live locks held by 50 owners (20 files each), then 100,000 claims: 65 % renewals (an owner claims one
//!   of its own files), 25 % denials (a file of another owner) and 10 % fresh claims (a file nobody held);
//! - the simulated clock moves 5 ms per claim (200 claims/s of agent traffic); every simulated second each owner
//!   re-claims its 20 files in one batch (untimed; a heartbeat would also keep the fresh locks alive), and the
//!   table is swept every 1,000 claims (timed apart), as relayd will, so fresh locks expire after their 15 s
//!   and the table stays near its starting size;
//! - once on one thread, once with the claims split over 2 threads sharing the table;
//! - a heartbeat (renewing an owner's 20 locks) and a stop (`release_owner`) on the starting table;
//! - the snapshot: `entries()` of the starting table to JSON and back through `restore`.
//!
//! Each claim is timed alone (normalising its path included). Prints a Markdown table for docs/PERFORMANCE.md.
//! Timings are never asserted; the outcome of every claim is.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use relayd::coord::{ClaimOutcome, LockRecord, LockState, LockTable, Owner, SessionId};

const WS: &str = "/home/dev/acme";
const OWNERS: usize = 50;
const FILES_PER_OWNER: usize = 20;
const T0: i64 = 1_700_000_000_000;
const STEP_MS: i64 = 5;

/// A small deterministic generator (xorshift), so every run makes the same claims.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

struct Fixture {
    table: LockTable,
    /// The simulated clock, shared by the threads of a run so a lagging thread cannot see the others' locks
    /// expire.
    clock: AtomicI64,
    owners: Vec<Owner>,
    files: Vec<String>,
}

fn fixture() -> Fixture {
    let table = LockTable::default();
    let owners: Vec<Owner> = (0..OWNERS)
        .map(|n| {
            let label = ["Claude Code", "Cursor", "Codex", "Copilot", "Antigravity"][n % 5];
            let session = SessionId::new(&format!("{n:08x}-1111-4222-8333-444455556666")).unwrap();
            Owner::new(label, "DESK", session).unwrap()
        })
        .collect();
    let files: Vec<String> = (0..OWNERS * FILES_PER_OWNER)
        .map(|n| format!("src/module_{}/file_{n}.rs", n % 37))
        .collect();
    for (n, owner) in owners.iter().enumerate() {
        let mine = &files[n * FILES_PER_OWNER..(n + 1) * FILES_PER_OWNER];
        assert!(table.claim(owner, WS, mine, None, T0).unwrap().is_granted());
        table.record_prompt(owner, &format!("refactor module {n} to the new error type"), T0);
    }
    assert_eq!(table.locks(T0).len(), OWNERS * FILES_PER_OWNER);
    Fixture {
        table,
        owners,
        files,
        clock: AtomicI64::new(T0),
    }
}

#[derive(Default)]
struct Run {
    samples: Vec<Duration>,
    sweeps: Vec<Duration>,
    renewed: usize,
    new: usize,
    denied: usize,
    most_locks: usize,
    fewest_locks: usize,
}

/// `claims` claims by the owners `mine` (indexes). Every 200 claims the thread renews the 20 files of every
/// owner (so a thread that lags cannot let the other thread's locks expire); the sweeper sweeps every 1,000.
fn run(fx: &Fixture, mine: &[usize], claims: usize, seed: u64, sweeper: bool) -> Run {
    let mut rng = Rng(seed);
    let mut out = Run {
        fewest_locks: usize::MAX,
        ..Run::default()
    };
    out.samples.reserve(claims);
    for op in 0..claims {
        let now = fx.clock.fetch_add(STEP_MS, Ordering::Relaxed) + STEP_MS;
        if op % 200 == 0 {
            for (n, owner) in fx.owners.iter().enumerate() {
                let files = &fx.files[n * FILES_PER_OWNER..(n + 1) * FILES_PER_OWNER];
                assert!(fx.table.claim(owner, WS, files, None, now).unwrap().is_granted());
            }
        }
        if sweeper && op % 1000 == 999 {
            let began = Instant::now();
            fx.table.sweep(now);
            out.sweeps.push(began.elapsed());
            let live = fx
                .table
                .locks(now)
                .iter()
                .filter(|v| matches!(v.state, LockState::Held { .. }))
                .count();
            out.most_locks = out.most_locks.max(live);
            out.fewest_locks = out.fewest_locks.min(live);
        }
        let me = mine[rng.below(mine.len())];
        let roll = rng.below(100);
        let fresh;
        let path: &str = if roll < 65 {
            &fx.files[me * FILES_PER_OWNER + rng.below(FILES_PER_OWNER)]
        } else if roll < 90 {
            let other = (me + 1 + rng.below(OWNERS - 1)) % OWNERS;
            &fx.files[other * FILES_PER_OWNER + rng.below(FILES_PER_OWNER)]
        } else {
            fresh = format!("src/fresh/s{seed}_op{op}.rs");
            &fresh
        };
        let began = Instant::now();
        let outcome = fx.table.claim(&fx.owners[me], WS, &[path], None, now).unwrap();
        out.samples.push(began.elapsed());
        match (roll, outcome) {
            (0..65, ClaimOutcome::Granted { renewed, .. }) if renewed.len() == 1 => out.renewed += 1,
            (65..90, ClaimOutcome::Denied(holding)) => {
                assert!(holding.deny_reason().contains("They're working on"));
                out.denied += 1;
            }
            (90.., ClaimOutcome::Granted { new, .. }) if new.len() == 1 => out.new += 1,
            (roll, outcome) => panic!("op {op} (roll {roll}) on {path}: unexpected {outcome:?}"),
        }
    }
    out
}

fn at(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn us(d: Duration) -> String {
    format!("{:.2} µs", d.as_secs_f64() * 1e6)
}

fn row(name: &str, runs: &[Run], wall: Duration) {
    let mut samples: Vec<Duration> = runs.iter().flat_map(|r| r.samples.iter().copied()).collect();
    samples.sort();
    let claims = samples.len();
    let (renewed, new, denied): (usize, usize, usize) = runs
        .iter()
        .fold((0, 0, 0), |(a, b, c), r| (a + r.renewed, b + r.new, c + r.denied));
    let most = runs.iter().map(|r| r.most_locks).max().unwrap_or(0);
    let fewest = runs.iter().map(|r| r.fewest_locks).min().unwrap_or(0);
    println!(
        "| {name} | {claims} ({renewed} renewed / {denied} denied / {new} new) | {} | {} | {} | {} | {:.0} | {fewest}–{most} |",
        us(at(&samples, 0.5)),
        us(at(&samples, 0.99)),
        us(at(&samples, 0.999)),
        us(samples[claims - 1]),
        claims as f64 / wall.as_secs_f64(),
    );
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let claims = if full { 100_000 } else { 5_000 };
    let everyone: Vec<usize> = (0..OWNERS).collect();

    println!(
        "machine: {} cores; {} live locks held by {OWNERS} owners at the start; {claims} claims per row",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        OWNERS * FILES_PER_OWNER,
    );
    println!();
    println!(
        "| run | claims | p50 | p99 | p99.9 | max | claims/s (wall, with renewals and sweeps) | live locks (at sweeps) |"
    );
    println!("|---|---|---|---|---|---|---|---|");

    // Warm-up on a throwaway table (page faults, allocator, branch predictors).
    run(&fixture(), &everyone, claims / 10, 7, true);

    let fx = fixture();
    let began = Instant::now();
    let single = run(&fx, &everyone, claims, 1, true);
    let wall = began.elapsed();
    row("1 thread", std::slice::from_ref(&single), wall);

    let fx = Arc::new(fixture());
    let began = Instant::now();
    let halves: Vec<_> = (0..2)
        .map(|t| {
            let fx = Arc::clone(&fx);
            std::thread::spawn(move || {
                let mine: Vec<usize> = (0..OWNERS).filter(|o| o % 2 == t).collect();
                run(&fx, &mine, claims / 2, 11 + t as u64, t == 0)
            })
        })
        .collect();
    let pair: Vec<Run> = halves.into_iter().map(|h| h.join().unwrap()).collect();
    let wall = began.elapsed();
    row("2 threads, one table", &pair, wall);

    let mut sweeps = single.sweeps.clone();
    sweeps.sort();
    println!();
    println!(
        "sweep (every 5 simulated s, {} sweeps, 1 thread): p50 {}, max {}",
        sweeps.len(),
        us(at(&sweeps, 0.5)),
        us(sweeps[sweeps.len() - 1]),
    );

    // Heartbeat and stop, each owner holding 20 of the 1,000 locks.
    let fx = fixture();
    let mut beats = Vec::new();
    for round in 0..100 {
        for owner in &fx.owners {
            let began = Instant::now();
            let renewed = fx.table.heartbeat(owner, T0 + 1 + round);
            beats.push(began.elapsed());
            assert_eq!(renewed, FILES_PER_OWNER);
        }
    }
    beats.sort();
    let mut stops = Vec::new();
    for owner in &fx.owners {
        let began = Instant::now();
        let released = fx.table.release_owner(owner, T0 + 200);
        stops.push(began.elapsed());
        assert_eq!(released.len(), FILES_PER_OWNER);
    }
    stops.sort();
    println!(
        "heartbeat (renews 20 locks, {} calls): p50 {}, p99 {}; release_owner at stop (20 locks, {} calls): p50 {}, max {}",
        beats.len(),
        us(at(&beats, 0.5)),
        us(at(&beats, 0.99)),
        stops.len(),
        us(at(&stops, 0.5)),
        us(stops[stops.len() - 1]),
    );

    // Snapshot: 1,000 locks to JSON and back.
    let fx = fixture();
    let began = Instant::now();
    let json = serde_json::to_vec(&fx.table.entries()).unwrap();
    let saved = began.elapsed();
    let began = Instant::now();
    let records: Vec<LockRecord> = serde_json::from_slice(&json).unwrap();
    let restored = LockTable::default();
    let report = restored.restore(records, T0 + 1000);
    let loaded = began.elapsed();
    assert_eq!(report.restored, OWNERS * FILES_PER_OWNER);
    println!(
        "snapshot of {} locks: entries() + JSON {} ({} bytes); JSON + restore() {}",
        report.restored,
        us(saved),
        json.len(),
        us(loaded),
    );
}
