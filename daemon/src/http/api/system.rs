//! `/api/v1/images`, `/api/v1/profiles`, `/api/v1/health` and `/api/v1/metrics` (§10, §18).

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::error::{ErrorBody, RestError};
use super::extract::Authed;
use super::views::{Image, ImageList, Profile, ProfileList};
use crate::handle::DaemonHandle;
use crate::runner::metrics::TimingSnapshot;

/// How long `images` and `health` wait for the Docker engine before saying it did not answer.
const ENGINE_WAIT: Duration = Duration::from_secs(2);

/// The version of the REST contract, in its paths.
pub const API_VERSION: &str = "v1";

/// The images sessions may run: `docker_allowed_images` (or only the default when that list is empty), each
/// with its size when the engine has it.
#[utoipa::path(get, path = "/api/v1/images", tag = "system",
    responses((status = 200, body = ImageList), (status = 401, body = ErrorBody)))]
pub async fn images(State(handle): State<DaemonHandle>, _authed: Authed) -> Json<ImageList> {
    let config = handle.config();
    let default = config.docker_default_image.clone();
    let mut names = config.docker_allowed_images.clone();
    if names.is_empty() {
        names.push(default.clone());
    }
    let docker = handle.runner().docker();
    let mut images = Vec::with_capacity(names.len());
    for name in names {
        let size = tokio::time::timeout(ENGINE_WAIT, docker.image_size(&name))
            .await
            .ok()
            .and_then(Result::ok);
        images.push(Image {
            default: name == default,
            present: size.map(|s| s.is_some()),
            size: size.flatten().map(human_size),
            name,
        });
    }
    Json(ImageList {
        images,
        any_image_allowed: config.docker_allowed_images.is_empty(),
    })
}

fn human_size(bytes: i64) -> String {
    let mb = bytes as f64 / 1_000_000.0;
    if mb >= 1000.0 {
        format!("{:.1} GB", mb / 1000.0)
    } else {
        format!("{mb:.0} MB")
    }
}

/// The profiles sessions may run.
#[utoipa::path(get, path = "/api/v1/profiles", tag = "system",
    responses((status = 200, body = ProfileList), (status = 401, body = ErrorBody)))]
pub async fn profiles(State(handle): State<DaemonHandle>, _authed: Authed) -> Json<ProfileList> {
    let profiles = &handle.config().profiles;
    Json(ProfileList {
        profiles: profiles
            .names()
            .into_iter()
            .filter_map(|name| profiles.get(name))
            .map(|p| Profile {
                name: p.name.clone(),
                description: p.description.clone(),
                command: p.command.as_ref().map(|c| c.display().to_string()),
                args: p.args.clone(),
            })
            .collect(),
    })
}

/// `GET /api/v1/health`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// relay's version.
    pub version: String,
    pub api_version: String,
    pub uptime_seconds: u64,
    pub sessions: HealthSessions,
    pub docker: HealthDocker,
    pub disk: HealthDisk,
    pub memory: HealthMemory,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthSessions {
    /// Sessions whose program runs now.
    pub active: u32,
    /// Sessions not removed.
    pub total: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthDocker {
    /// `ok`, or `unavailable` (the engine did not answer; local sessions still work).
    pub status: String,
    /// What the engine said when it is unavailable.
    pub error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthDisk {
    /// Free space in the data directory.
    pub free_mb: u64,
    /// Less than 1 GB free.
    pub low: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthMemory {
    /// relayd's resident memory (Linux `/proc/self/statm`); absent elsewhere.
    pub rss_mb: Option<u64>,
}

/// relayd's health with details (the public `/healthz` has none).
#[utoipa::path(get, path = "/api/v1/health", tag = "system",
    responses((status = 200, body = Health), (status = 401, body = ErrorBody)))]
pub async fn health(State(handle): State<DaemonHandle>, _authed: Authed) -> Result<Json<Health>, RestError> {
    let metrics = handle.runner().metrics();
    let total = handle.runner().list(None, false).await?.len();
    let docker = match tokio::time::timeout(ENGINE_WAIT, handle.runner().docker().ping()).await {
        Ok(Ok(())) => HealthDocker {
            status: "ok".to_owned(),
            error: None,
        },
        Ok(Err(said)) => HealthDocker {
            status: "unavailable".to_owned(),
            error: Some(said),
        },
        Err(_) => HealthDocker {
            status: "unavailable".to_owned(),
            error: Some(format!("the Docker engine did not answer within {ENGINE_WAIT:?}")),
        },
    };
    let uptime_ms = handle.now_ms().saturating_sub(handle.status().started_at_ms);
    Ok(Json(Health {
        version: relay_core::VERSION.to_owned(),
        api_version: API_VERSION.to_owned(),
        uptime_seconds: u64::try_from(uptime_ms / 1000).unwrap_or(0),
        sessions: HealthSessions {
            active: metrics.sessions_active,
            total,
        },
        docker,
        disk: HealthDisk {
            free_mb: metrics.free_disk_mb,
            low: metrics.low_disk,
        },
        memory: HealthMemory { rss_mb: rss_mb() },
    }))
}

/// relayd's resident set from `/proc/self/statm` (pages × 4 KiB).
fn rss_mb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1024 * 1024))
}

/// A timing as §18 names it: how many samples and their p50, p99 and max in milliseconds.
#[derive(Debug, Serialize, ToSchema)]
pub struct Histogram {
    pub samples: u32,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl From<TimingSnapshot> for Histogram {
    fn from(t: TimingSnapshot) -> Histogram {
        Histogram {
            samples: t.samples,
            p50_ms: t.p50_ms,
            p99_ms: t.p99_ms,
            max_ms: t.max_ms,
        }
    }
}

/// §18's metrics, in memory since relayd started. Those relay does not measure yet are named in
/// `not_measured`, never shown as zeros.
#[derive(Debug, Serialize, ToSchema)]
pub struct Metrics {
    /// Sessions whose program runs now (gauge).
    pub relay_sessions_active: u32,
    /// Sessions created since relayd started (counter).
    pub relay_sessions_total: u64,
    /// Session starts that failed (counter).
    pub relay_sessions_failed: u64,
    /// From a writer's input reaching relayd to the program's next output, inside relayd.
    pub relay_terminal_latency_ms: Histogram,
    /// Bytes through the terminal streams: typed in and written by the programs (counter).
    pub relay_terminal_stream_bytes: StreamBytes,
    /// How long the REST API took to answer (SSE streams excluded).
    pub relay_rest_request_duration_ms: Histogram,
    /// How long `git clone` took (milliseconds here, like the other timings).
    pub relay_git_clone_duration_ms: Histogram,
    /// Session-ready time per backend (create, resume or retry until the program runs).
    pub relay_session_ready_ms: ReadyTimes,
    /// The Docker engine's `oom` events and the times the engine was lost (counters).
    pub relay_docker_oom_total: u64,
    pub relay_docker_lost_total: u64,
    pub relay_free_disk_mb: u64,
    /// Each running docker session's container, sampled every 5 s (gauges: `relay_docker_container_cpu`,
    /// `relay_docker_container_memory`).
    pub relay_docker_containers: Vec<ContainerGauge>,
    /// §18 metrics relay does not measure yet.
    pub not_measured: Vec<String>,
}

/// A docker session's container as last sampled from the engine's stats.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContainerGauge {
    pub session: String,
    pub container: String,
    /// Percent of one CPU over the last 5 s (200 = two CPUs busy); absent until two samples were taken.
    pub cpu_percent: Option<f64>,
    /// Memory in use without the page cache, and the container's limit.
    pub memory_mb: f64,
    pub memory_limit_mb: f64,
    pub sampled_at_ms: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StreamBytes {
    pub input: u64,
    pub output: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReadyTimes {
    pub local: Histogram,
    pub docker: Histogram,
}

/// §18's metrics snapshot as JSON.
#[utoipa::path(get, path = "/api/v1/metrics", tag = "system",
    responses((status = 200, body = Metrics), (status = 401, body = ErrorBody)))]
pub async fn metrics(State(handle): State<DaemonHandle>, _authed: Authed) -> Json<Metrics> {
    let m = handle.runner().metrics();
    let rest = handle.runner().rest_requests();
    Json(Metrics {
        relay_sessions_active: m.sessions_active,
        relay_sessions_total: m.sessions_created,
        relay_sessions_failed: m.sessions_failed,
        relay_terminal_latency_ms: m.terminal_latency.into(),
        relay_terminal_stream_bytes: StreamBytes {
            input: m.input_bytes,
            output: m.output_bytes,
        },
        relay_rest_request_duration_ms: rest.into(),
        relay_git_clone_duration_ms: m.git_clone.into(),
        relay_session_ready_ms: ReadyTimes {
            local: m.ready_local.into(),
            docker: m.ready_docker.into(),
        },
        relay_docker_oom_total: m.docker_oom,
        relay_docker_lost_total: m.docker_lost,
        relay_free_disk_mb: m.free_disk_mb,
        relay_docker_containers: m
            .containers
            .into_iter()
            .map(|c| ContainerGauge {
                session: c.session,
                container: c.container,
                cpu_percent: c.cpu_percent,
                memory_mb: c.memory_mb,
                memory_limit_mb: c.memory_limit_mb,
                sampled_at_ms: c.sampled_at_ms,
            })
            .collect(),
        not_measured: vec![
            "relay_docker_pull_duration_s (not measured yet: a pull's time is in relayd's log)".to_owned(),
        ],
    })
}
