//! The runner's metrics, kept in memory since relayd started (Relay Cloud seed §18: a concrete struct, no
//! exporter yet): counters as atomics, timings as the newest [`WINDOW`] samples, read by `relay daemon status`.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// How many of the newest samples a timing keeps.
pub const WINDOW: usize = 1024;
/// Below this much free space in the data directory relayd warns (seed §11: 1 GB).
pub const LOW_DISK_MB: u64 = 1024;

/// The newest [`WINDOW`] samples of one timing.
#[derive(Debug, Default)]
pub struct Timing(Mutex<VecDeque<Duration>>);

/// A timing read out: how many samples, and their p50, p99 and max.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct TimingSnapshot {
    pub samples: u32,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Timing {
    pub fn record(&self, sample: Duration) {
        let mut samples = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if samples.len() == WINDOW {
            samples.pop_front();
        }
        samples.push_back(sample);
    }

    pub fn snapshot(&self) -> TimingSnapshot {
        let mut sorted: Vec<Duration> = self
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .copied()
            .collect();
        if sorted.is_empty() {
            return TimingSnapshot::default();
        }
        sorted.sort();
        let at = |p: f64| {
            let index = ((sorted.len() - 1) as f64 * p).round() as usize;
            sorted[index.min(sorted.len() - 1)].as_secs_f64() * 1000.0
        };
        TimingSnapshot {
            samples: u32::try_from(sorted.len()).unwrap_or(u32::MAX),
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
        }
    }
}

/// Everything the runner counts.
#[derive(Debug, Default)]
pub struct Metrics {
    pub sessions_created: AtomicU64,
    pub sessions_failed: AtomicU64,
    /// Bytes the writers typed, handed to the terminals' processes.
    pub input_bytes: AtomicU64,
    /// Bytes the terminals' processes wrote.
    pub output_bytes: AtomicU64,
    /// From a writer's input reaching relayd's terminal to the process's next output (inside relayd: the
    /// backend and the program, not the client's network).
    pub terminal_latency: Timing,
    /// From `session new` (or resume, retry) to the process running.
    pub ready_local: Timing,
    pub ready_docker: Timing,
    pub git_clone: Timing,
    /// How long the REST API took to answer a request (the handler and its store work; SSE streams excluded).
    pub rest_requests: Timing,
    pub docker_oom: AtomicU64,
    pub docker_lost: AtomicU64,
}

impl Metrics {
    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }

    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_keeps_the_newest_window_and_reads_its_percentiles() {
        let timing = Timing::default();
        assert_eq!(timing.snapshot(), TimingSnapshot::default());
        for ms in 1..=100u64 {
            timing.record(Duration::from_millis(ms));
        }
        let read = timing.snapshot();
        assert_eq!(read.samples, 100);
        assert!((read.p50_ms - 51.0).abs() < 1.01, "{read:?}");
        assert!((read.p99_ms - 99.0).abs() < 1.01, "{read:?}");
        assert!((read.max_ms - 100.0).abs() < 0.01, "{read:?}");
        for _ in 0..WINDOW {
            timing.record(Duration::from_millis(1));
        }
        let read = timing.snapshot();
        assert_eq!(read.samples as usize, WINDOW);
        assert!(
            (read.max_ms - 1.0).abs() < 0.01,
            "the old samples left the window: {read:?}"
        );
    }
}
