//! The runner's metrics, kept in memory since relayd started (Relay Cloud seed §18: a concrete struct, no
//! exporter yet): counters as atomics, timings as the newest [`WINDOW`] samples, read by `relay daemon status`.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// How many of the newest samples a timing keeps.
pub const WINDOW: usize = 1024;

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

/// How often a running docker session's container is sampled for its CPU and memory (seed §11's 5 s).
pub const CONTAINER_SAMPLE_EVERY: Duration = Duration::from_secs(5);

/// One reading of a container's counters, as the engine's stats give them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContainerSample {
    /// CPU time the container used, in nanoseconds, since it started.
    pub cpu_ns: u64,
    /// CPU time the whole machine used, in nanoseconds (the engine's `system_cpu_usage`).
    pub system_ns: u64,
    pub online_cpus: u32,
    /// Memory in use, without the page cache the kernel can drop (as `docker stats` shows it).
    pub memory_bytes: u64,
    pub memory_limit_bytes: u64,
}

/// A docker session's container as last sampled (seed §18's per-container CPU and memory gauges).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ContainerGauge {
    pub session: String,
    pub container: String,
    /// Percent of one CPU over the last interval (200 = two CPUs busy), as `docker stats` counts it; `None`
    /// until two samples were taken.
    pub cpu_percent: Option<f64>,
    pub memory_mb: f64,
    pub memory_limit_mb: f64,
    pub sampled_at_ms: i64,
}

impl ContainerGauge {
    /// The gauge from this sample and, when there is one, the previous sample of the same container.
    pub fn from_samples(
        session: &str,
        container: &str,
        previous: Option<&ContainerSample>,
        now: &ContainerSample,
        at_ms: i64,
    ) -> ContainerGauge {
        let mb = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
        ContainerGauge {
            session: session.to_owned(),
            container: container.to_owned(),
            cpu_percent: previous.and_then(|before| cpu_percent(before, now)),
            memory_mb: mb(now.memory_bytes),
            memory_limit_mb: mb(now.memory_limit_bytes),
            sampled_at_ms: at_ms,
        }
    }
}

/// The CPU share between two samples, the way the docker CLI computes it: the container's CPU time over the
/// machine's, times the CPUs online, in percent. `None` when the machine's counter did not move (or went back:
/// a restarted container).
pub fn cpu_percent(before: &ContainerSample, now: &ContainerSample) -> Option<f64> {
    let system = now.system_ns.checked_sub(before.system_ns).filter(|d| *d > 0)?;
    let used = now.cpu_ns.checked_sub(before.cpu_ns)?;
    let cpus = f64::from(now.online_cpus.max(1));
    Some(used as f64 / system as f64 * cpus * 100.0)
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

    #[test]
    fn cpu_is_the_container_s_share_of_the_machine_times_its_cpus() {
        let before = ContainerSample {
            cpu_ns: 1_000_000_000,
            system_ns: 10_000_000_000,
            online_cpus: 2,
            memory_bytes: 64 << 20,
            memory_limit_bytes: 256 << 20,
        };
        // The machine's two CPUs ran 4 s (2 s each); the container used 1 s of it: half a CPU.
        let now = ContainerSample {
            cpu_ns: 2_000_000_000,
            system_ns: 14_000_000_000,
            ..before
        };
        assert_eq!(cpu_percent(&before, &now), Some(50.0));
        // No time passed on the machine, or a restarted container's counter went back: no reading.
        assert_eq!(cpu_percent(&now, &now), None);
        assert_eq!(cpu_percent(&now, &before), None);
        let gauge = ContainerGauge::from_samples("run-shop-2", "abc", Some(&before), &now, 7);
        assert_eq!(gauge.cpu_percent, Some(50.0));
        assert_eq!((gauge.memory_mb, gauge.memory_limit_mb), (64.0, 256.0));
        assert_eq!(
            ContainerGauge::from_samples("s", "c", None, &now, 7).cpu_percent,
            None
        );
    }
}
