//! The docker backend: a container per session (bollard over the engine's Unix socket), idle on
//! `sleep infinity`, with its terminal as a `docker exec` with a TTY (Relay Cloud seed §8, §11, §14).
//!
//! Each container runs the session's image (which must be in `docker_allowed_images`), as relayd's own uid:gid,
//! with only the workspace bind-mounted (read-write, at `/workspace`), never privileged, with
//! `no-new-privileges`, the CPU / memory (swap off) / pids limits and the json-file log limits of the
//! configuration, on a shared bridge network with inter-container communication off. Its labels name the session
//! (`relay.session_id`) and the relayd home it belongs to (`relay.home`), so one engine serves several relayd
//! homes (the tests' daemons) without one touching another's containers.
//!
//! The engine is reached lazily (the first docker session), the API version negotiated (`negotiate_version`:
//! bollard speaks a newer API than many engines). The events watcher ([`Docker::watch`]) follows the engine's
//! `oom` / `die` / `destroy` events for this home's containers and notices a lost engine.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use bollard::container::LogOutput;
use bollard::exec::{StartExecOptions, StartExecResults};
use bollard::models::{
    ContainerCreateBody, ExecConfig, HostConfig, HostConfigLogConfig, Network, NetworkCreateRequest,
};
use bollard::query_parameters::{
    CreateContainerOptions, EventsOptions, ListContainersOptions, ListNetworksOptionsBuilder,
    RemoveContainerOptions, ResizeExecOptions, StopContainerOptions,
};
use relay_core::config::{Config, DockerNetworkMode};
use sha2::Digest;
use tokio::io::AsyncWriteExt;
use tokio::sync::{mpsc, oneshot};
use tokio_stream::StreamExt;

use super::orchestrator::{
    Backend, BoxFuture, ContainerOrchestrator, Exec, ExecSpec, Instance, InstanceSpec, InstanceState,
    PullProgress,
};
use super::state::ExitInfo;
use super::terminal::{PtyControl, TermSize, Terminal};

/// The label naming a container's runner session.
pub const SESSION_LABEL: &str = "relay.session_id";
/// The label naming the relayd home (a hash of its data directory) a container belongs to.
pub const HOME_LABEL: &str = "relay.home";
/// The label on the networks relay makes: `relay=shared` on the shared one, `relay=session` on a session's.
const RELAY_LABEL: &str = "relay";
/// What a session's own network is named after: `relay-session-<home>-<session>` (seed §14's
/// `relay-session-{id}`, with the home so that relayds sharing an engine never meet).
pub const SESSION_NETWORK_PREFIX: &str = "relay-session-";
/// Docker's option that turns inter-container communication on a bridge network off.
const ICC: &str = "com.docker.network.bridge.enable_icc";
/// Where the workspace is mounted inside a container.
pub const WORKSPACE_MOUNT: &str = "/workspace";
/// How long a terminal's processes have to end after SIGHUP before the container is stopped.
const KILL_GRACE: Duration = Duration::from_secs(3);
/// How often the exec watchdog asks the engine whether a terminal's process still runs (seed §11: 5 s).
const WATCHDOG_EVERY: Duration = Duration::from_secs(5);
/// The engine's answer time for one request (streams are not bounded by it).
const REQUEST_TIMEOUT_S: u64 = 30;

/// The limits and places of the configuration a container is made with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub socket: String,
    pub allowed_images: Vec<String>,
    pub cpu_percent: u32,
    pub memory_mb: u64,
    pub pids: u32,
    pub network: String,
    /// A network per session, or the shared `network`.
    pub network_mode: DockerNetworkMode,
    pub log_max_size_mb: u32,
    pub log_max_files: u32,
    /// How long a pull may take (`docker_pull_timeout_s`).
    pub pull_timeout: Duration,
    /// What must be free where a local engine keeps its data before a pull (`docker_pull_min_free_disk_mb`).
    pub pull_min_free_mb: u64,
    /// The relayd home's label value.
    pub home: String,
}

impl Settings {
    pub fn from_config(config: &Config) -> Settings {
        let home = sha2::Sha256::digest(config.data_dir.path().to_string_lossy().as_bytes());
        Settings {
            socket: config.docker_socket.clone(),
            allowed_images: config.docker_allowed_images.clone(),
            cpu_percent: config.docker_cpu_percent,
            memory_mb: config.docker_memory_limit_mb,
            pids: config.docker_pids_limit,
            network: config.docker_network.clone(),
            network_mode: config.docker_network_mode,
            log_max_size_mb: config.docker_log_max_size_mb,
            log_max_files: config.docker_log_max_files,
            pull_timeout: Duration::from_secs(config.docker_pull_timeout_s),
            pull_min_free_mb: config.docker_pull_min_free_disk_mb,
            home: home.iter().take(6).map(|b| format!("{b:02x}")).collect(),
        }
    }

    /// Refuses an image outside `docker_allowed_images` by name (an empty list allows every image).
    pub fn check_image(&self, image: &str) -> Result<(), String> {
        if !relay_core::config::image_name_ok(image) {
            return Err(format!(
                "{image:?} is not an image name; give one like relay-dev:latest or registry.example/team/env:1"
            ));
        }
        if self.allowed_images.is_empty() || self.allowed_images.iter().any(|allowed| allowed == image) {
            return Ok(());
        }
        Err(format!(
            "image '{image}' is not allowed: docker_allowed_images in config.toml lists {}; add it there (relayd reads it at start) or pick one of those with --image",
            self.allowed_images.join(", ")
        ))
    }
}

/// What happened to a container, as an event from the engine said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerEvent {
    pub container: String,
    /// `oom`, `die` or `destroy`.
    pub action: String,
    pub exit_code: Option<i64>,
}

/// The docker backend.
#[derive(Debug)]
pub struct Docker {
    settings: Settings,
    client: tokio::sync::Mutex<Option<bollard::Docker>>,
    /// The uid:gid every container process runs as (relayd's own), so the workspace stays the user's.
    user: String,
    /// Containers relay itself is stopping or removing, and since when: their `die` is not a failure.
    expected: Expected,
    /// Containers the engine reported an `oom` for.
    oom: std::sync::Mutex<std::collections::HashSet<String>>,
}

type Expected = Arc<std::sync::Mutex<HashMap<String, std::time::Instant>>>;

fn expect(expected: &Expected, container: &str) {
    let mut expected = expected.lock().unwrap_or_else(|p| p.into_inner());
    expected.retain(|_, at| at.elapsed() < EXPECTED_FOR);
    expected.insert(container.to_owned(), std::time::Instant::now());
}

/// How long a stop relay asked for explains a container's `die`.
const EXPECTED_FOR: Duration = Duration::from_secs(30);

fn said(err: &bollard::errors::Error) -> String {
    match err {
        bollard::errors::Error::DockerResponseServerError { message, .. } => message.trim().to_owned(),
        other => other.to_string(),
    }
}

fn not_found(err: &bollard::errors::Error) -> bool {
    matches!(
        err,
        bollard::errors::Error::DockerResponseServerError { status_code: 404, .. }
    )
}

impl Docker {
    /// The engine's words for a refusal, or — when it did not answer at all — where relay looked and what to do.
    fn said(&self, err: &bollard::errors::Error) -> String {
        match err {
            bollard::errors::Error::DockerResponseServerError { message, .. } => message.trim().to_owned(),
            other => format!(
                "cannot reach the Docker engine at {} ({other}); start dockerd (or Docker Desktop), or point docker_socket in config.toml at its socket",
                self.settings.socket
            ),
        }
    }

    pub fn new(settings: Settings) -> Docker {
        let user = format!(
            "{}:{}",
            rustix::process::getuid().as_raw(),
            rustix::process::getgid().as_raw()
        );
        Docker {
            settings,
            client: tokio::sync::Mutex::new(None),
            user,
            expected: Arc::default(),
            oom: std::sync::Mutex::new(std::collections::HashSet::new()),
        }
    }

    /// Relay is about to stop or remove `container`: its `die` and `destroy` events are expected.
    pub fn expect_stop(&self, container: &str) {
        expect(&self.expected, container);
    }

    /// Whether relay stopped `container` itself a moment ago.
    pub fn stop_expected(&self, container: &str) -> bool {
        self.expected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(container)
            .is_some_and(|at| at.elapsed() < EXPECTED_FOR)
    }

    /// Records the engine's `oom` for `container`; cleared when the container starts again.
    pub fn saw_oom(&self, container: &str, seen: bool) {
        let mut oom = self.oom.lock().unwrap_or_else(|p| p.into_inner());
        if seen {
            oom.insert(container.to_owned());
        } else {
            oom.remove(container);
        }
    }

    pub fn oom_seen(&self, container: &str) -> bool {
        self.oom
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(container)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The engine's client, connected and its API version negotiated on first use (and again after a failure).
    pub async fn client(&self) -> Result<bollard::Docker, String> {
        let mut client = self.client.lock().await;
        if let Some(client) = client.as_ref() {
            return Ok(client.clone());
        }
        let socket = &self.settings.socket;
        let path = socket.strip_prefix("unix://").unwrap_or(socket);
        let unreachable = |why: String| {
            format!(
                "cannot reach the Docker engine at {socket}: {why}; start dockerd (or Docker Desktop), or point docker_socket in config.toml at its socket"
            )
        };
        let connected =
            bollard::Docker::connect_with_unix(path, REQUEST_TIMEOUT_S, bollard::API_DEFAULT_VERSION)
                .map_err(|err| unreachable(said(&err)))?
                .negotiate_version()
                .await
                .map_err(|err| unreachable(said(&err)))?;
        *client = Some(connected.clone());
        Ok(connected)
    }

    /// One reading of `container`'s CPU and memory counters (the engine's stats, one shot: no waiting for a
    /// second cycle).
    pub async fn sample(&self, container: &str) -> Result<super::metrics::ContainerSample, String> {
        let docker = self.client().await?;
        let options = bollard::query_parameters::StatsOptionsBuilder::new()
            .stream(false)
            .one_shot(true)
            .build();
        let stats = docker
            .stats(container, Some(options))
            .next()
            .await
            .ok_or_else(|| format!("Docker gave no stats for container {container}"))?
            .map_err(|err| {
                format!(
                    "Docker could not read container {container}'s stats: {}",
                    self.said(&err)
                )
            })?;
        let cpu = stats.cpu_stats.unwrap_or_default();
        let memory = stats.memory_stats.unwrap_or_default();
        // The page cache the kernel can drop is not counted, as `docker stats` does (cgroup v1 and v2 names).
        let cache = memory
            .stats
            .as_ref()
            .and_then(|s| {
                s.get("total_inactive_file")
                    .or_else(|| s.get("inactive_file"))
                    .copied()
            })
            .unwrap_or(0);
        Ok(super::metrics::ContainerSample {
            cpu_ns: cpu.cpu_usage.and_then(|u| u.total_usage).unwrap_or(0),
            system_ns: cpu.system_cpu_usage.unwrap_or(0),
            online_cpus: cpu.online_cpus.unwrap_or(1),
            memory_bytes: memory.usage.unwrap_or(0).saturating_sub(cache),
            memory_limit_bytes: memory.limit.unwrap_or(0),
        })
    }

    /// The shared network's id, made with inter-container communication off when it is missing; one made by
    /// someone else with it on is refused. Docker keys networks by id, so relayds that make it at the same moment
    /// can make two of one name (and then the name alone is "ambiguous" to Docker): every relayd takes the oldest,
    /// so all sessions share one, and removes the other ones relay made when nothing uses them.
    async fn network(&self, docker: &bollard::Docker) -> Result<String, String> {
        let name = &self.settings.network;
        let mut found = self.networks_named(docker, name).await?;
        if found.is_empty() {
            let request = NetworkCreateRequest {
                name: name.clone(),
                driver: Some("bridge".to_owned()),
                options: Some(HashMap::from([(ICC.to_owned(), "false".to_owned())])),
                labels: Some(HashMap::from([(RELAY_LABEL.to_owned(), "shared".to_owned())])),
                ..Default::default()
            };
            match docker.create_network(request).await {
                // Another relayd made it meanwhile.
                Err(err) if !self.said(&err).contains("already exists") => {
                    return Err(format!(
                        "Docker could not make the network {name}: {}",
                        self.said(&err)
                    ));
                }
                _ => {}
            }
            found = self.networks_named(docker, name).await?;
        }
        let Some((chosen, others)) = found.split_first() else {
            return Err(format!(
                "Docker made the network {name} but does not list it; try again, or see `docker network ls`"
            ));
        };
        for other in others {
            let made_by_relay = other
                .labels
                .as_ref()
                .is_some_and(|labels| labels.get(RELAY_LABEL).is_some_and(|v| v == "shared"));
            if let (true, Some(id)) = (made_by_relay, &other.id)
                && let Err(err) = docker.remove_network(id).await
            {
                tracing::debug!(network = %id, error = %self.said(&err), "a second network of relay's name stays (in use)");
            }
        }
        let icc_off = chosen
            .options
            .as_ref()
            .and_then(|options| options.get(ICC))
            .is_some_and(|value| value == "false");
        if !icc_off {
            return Err(format!(
                "the Docker network {name} lets containers reach each other ({ICC} is not false); remove it (`docker network rm {name}`) so relay makes it, or set docker_network to another name"
            ));
        }
        chosen
            .id
            .clone()
            .ok_or_else(|| format!("Docker lists the network {name} without an id; see `docker network ls`"))
    }

    /// The networks named exactly `name`, oldest first (ties by id, so every relayd orders them alike).
    async fn networks_named(&self, docker: &bollard::Docker, name: &str) -> Result<Vec<Network>, String> {
        let filters = HashMap::from([("name", vec![name])]);
        let mut found: Vec<Network> = docker
            .list_networks(Some(
                ListNetworksOptionsBuilder::default().filters(&filters).build(),
            ))
            .await
            .map_err(|err| format!("Docker could not look up the network {name}: {}", self.said(&err)))?
            .into_iter()
            // The filter matches part of a name.
            .filter(|network| network.name.as_deref() == Some(name))
            .collect();
        found.sort_by(|a, b| (&a.created, &a.id).cmp(&(&b.created, &b.id)));
        Ok(found)
    }

    /// The name of `session`'s own network.
    pub fn session_network_name(&self, session: &str) -> String {
        format!("{SESSION_NETWORK_PREFIX}{}-{session}", self.settings.home)
    }

    /// Whether `network` is the one relay made for `session` of this home (by its labels).
    fn is_session_network(&self, network: &Network, session: &str) -> bool {
        network.labels.as_ref().is_some_and(|labels| {
            labels.get(RELAY_LABEL).is_some_and(|v| v == "session")
                && labels.get(HOME_LABEL) == Some(&self.settings.home)
                && labels.get(SESSION_LABEL).is_some_and(|v| v == session)
        })
    }

    /// The network `session`'s container joins (its id): its own (`docker_network_mode = "per-session"`) or the
    /// shared one.
    async fn network_for(&self, docker: &bollard::Docker, session: &str) -> Result<String, String> {
        match self.settings.network_mode {
            DockerNetworkMode::Shared => self.network(docker).await,
            DockerNetworkMode::PerSession => self.session_network(docker, session).await,
        }
    }

    /// `session`'s own bridge network (its id), made when missing: labelled as relay's (`relay=session`, the home
    /// and the session), inter-container communication off. One of that name that relay did not make for this
    /// session is refused, naming it; one it made earlier (a resume, a crash) is used again.
    async fn session_network(&self, docker: &bollard::Docker, session: &str) -> Result<String, String> {
        let name = self.session_network_name(session);
        let mut found = self.networks_named(docker, &name).await?;
        if found.is_empty() {
            let request = NetworkCreateRequest {
                name: name.clone(),
                driver: Some("bridge".to_owned()),
                options: Some(HashMap::from([(ICC.to_owned(), "false".to_owned())])),
                labels: Some(HashMap::from([
                    (RELAY_LABEL.to_owned(), "session".to_owned()),
                    (HOME_LABEL.to_owned(), self.settings.home.clone()),
                    (SESSION_LABEL.to_owned(), session.to_owned()),
                ])),
                ..Default::default()
            };
            match docker.create_network(request).await {
                Ok(made) => return Ok(made.id),
                Err(err) if self.said(&err).contains("already exists") => {}
                Err(err) if self.said(&err).contains("address pool") => {
                    return Err(format!(
                        "Docker could not make the network {name} for session {session}: it has no address range left for another network ({}); remove networks nothing uses (`docker network prune`), give dockerd more default-address-pools, or set docker_network_mode = \"shared\" in config.toml (one network for every session)",
                        self.said(&err)
                    ));
                }
                Err(err) => {
                    return Err(format!(
                        "Docker could not make the network {name} for session {session}: {}; see `docker network ls`, or set docker_network_mode = \"shared\" in config.toml",
                        self.said(&err)
                    ));
                }
            }
            found = self.networks_named(docker, &name).await?;
        }
        match found
            .iter()
            .find(|network| self.is_session_network(network, session))
        {
            Some(ours) => ours.id.clone().ok_or_else(|| {
                format!("Docker lists the network {name} without an id; see `docker network ls`")
            }),
            None => Err(format!(
                "the Docker network {name} exists but relay did not make it for session {session} (its labels are not relay's); remove it (`docker network rm {name}`) and `relay session retry {session}`"
            )),
        }
    }

    /// Removes `session`'s own network when relay made it (a network of that name it did not make stays);
    /// nothing to do when there is none.
    pub async fn remove_session_network(&self, session: &str) -> Result<(), String> {
        let docker = self.client().await?;
        let name = self.session_network_name(session);
        for network in self.networks_named(&docker, &name).await? {
            if !self.is_session_network(&network, session) {
                continue;
            }
            let Some(id) = network.id else { continue };
            match docker.remove_network(&id).await {
                Ok(()) => {}
                Err(err) if not_found(&err) => {}
                Err(err) => {
                    return Err(format!(
                        "Docker could not remove the network {name}: {}",
                        self.said(&err)
                    ));
                }
            }
        }
        Ok(())
    }

    /// This home's session networks: (id, the session's name).
    pub async fn session_networks(&self) -> Result<Vec<(String, String)>, String> {
        let docker = self.client().await?;
        let filters = HashMap::from([(
            "label",
            vec![
                format!("{RELAY_LABEL}=session"),
                format!("{HOME_LABEL}={}", self.settings.home),
            ],
        )]);
        let filters: HashMap<&str, Vec<&str>> = filters
            .iter()
            .map(|(k, v)| (*k, v.iter().map(String::as_str).collect()))
            .collect();
        let found = docker
            .list_networks(Some(
                ListNetworksOptionsBuilder::default().filters(&filters).build(),
            ))
            .await
            .map_err(|err| format!("Docker could not list networks: {}", self.said(&err)))?;
        Ok(found
            .into_iter()
            .filter_map(|n| {
                let session = n.labels.as_ref()?.get(SESSION_LABEL)?.clone();
                Some((n.id?, session))
            })
            .collect())
    }

    /// Removes a network by id (reconcile's orphans).
    pub async fn remove_network(&self, id: &str) -> Result<(), String> {
        let docker = self.client().await?;
        match docker.remove_network(id).await {
            Ok(()) => Ok(()),
            Err(err) if not_found(&err) => Ok(()),
            Err(err) => Err(format!(
                "Docker could not remove the network {id}: {}",
                self.said(&err)
            )),
        }
    }

    /// Where `container` is on its network: the network's gateway (the host, as the container reaches it) and
    /// the container's own address there.
    pub async fn addresses(&self, container: &str) -> Result<(std::net::IpAddr, std::net::IpAddr), String> {
        let docker = self.client().await?;
        let found = docker.inspect_container(container, None).await.map_err(|err| {
            format!(
                "Docker could not inspect container {container}: {}",
                self.said(&err)
            )
        })?;
        let networks = found
            .network_settings
            .and_then(|n| n.networks)
            .unwrap_or_default();
        for endpoint in networks.values() {
            let gateway = endpoint.gateway.as_deref().and_then(|g| g.parse().ok());
            let address = endpoint.ip_address.as_deref().and_then(|a| a.parse().ok());
            if let (Some(gateway), Some(address)) = (gateway, address) {
                return Ok((gateway, address));
            }
        }
        Err(format!(
            "container {container} has no address on a network (Docker lists none with a gateway)"
        ))
    }

    fn container_name(&self, session: &str) -> String {
        format!("relay-{}-{session}", self.settings.home)
    }

    /// The container of `spec` on the shared network `network` (its id).
    fn create_body(&self, spec: &InstanceSpec<'_>, image: &str, network: &str) -> ContainerCreateBody {
        let s = &self.settings;
        let memory = i64::try_from(s.memory_mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX);
        ContainerCreateBody {
            image: Some(image.to_owned()),
            // The idle entrypoint: the container lives while the session does; terminals are execs.
            entrypoint: Some(vec!["sleep".to_owned()]),
            cmd: Some(vec!["infinity".to_owned()]),
            working_dir: Some(WORKSPACE_MOUNT.to_owned()),
            user: Some(self.user.clone()),
            labels: Some(HashMap::from([
                (SESSION_LABEL.to_owned(), spec.session.to_owned()),
                (HOME_LABEL.to_owned(), s.home.clone()),
            ])),
            host_config: Some(HostConfig {
                // The workspace read-write; relay's hook folder and binary read-only; nothing else.
                binds: Some(binds(spec)),
                privileged: Some(false),
                security_opt: Some(vec!["no-new-privileges".to_owned()]),
                nano_cpus: Some(i64::from(s.cpu_percent) * 10_000_000),
                memory: Some(memory),
                // Equal to the memory limit: no swap.
                memory_swap: Some(memory),
                pids_limit: Some(i64::from(s.pids)),
                network_mode: Some(network.to_owned()),
                log_config: Some(HostConfigLogConfig {
                    typ: Some("json-file".to_owned()),
                    config: Some(HashMap::from([
                        ("max-size".to_owned(), format!("{}m", s.log_max_size_mb)),
                        ("max-file".to_owned(), s.log_max_files.to_string()),
                    ])),
                }),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    /// The session's container, running: the one it had (started again when stopped, restarted when
    /// running so nothing a previous terminal left goes on), or a new one.
    async fn ensure(&self, spec: &InstanceSpec<'_>) -> Result<Instance, String> {
        let image = spec.image.ok_or_else(|| {
            format!(
                "session {} has no image recorded; remove it and create it again with --image",
                spec.session
            )
        })?;
        self.settings.check_image(image)?;
        let docker = self.client().await?;
        let existing = match spec.container {
            Some(id) => match docker.inspect_container(id, None).await {
                Ok(found) => Some(found),
                Err(err) if not_found(&err) => None,
                Err(err) => {
                    return Err(format!(
                        "Docker could not inspect container {id}: {}",
                        self.said(&err)
                    ));
                }
            },
            None => None,
        };
        // The image is looked up first: one the engine has is never pulled.
        match docker.inspect_image(image).await {
            Ok(_) => {}
            Err(err) if not_found(&err) => self.pull(&docker, image, spec).await?,
            Err(err) => {
                return Err(format!(
                    "Docker could not look up the image '{image}': {}",
                    self.said(&err)
                ));
            }
        }
        let network = self.network_for(&docker, spec.session).await?;
        // A container whose network is gone (removed from outside, or made again since) cannot start: it is made
        // again in the same workspace.
        let existing = match existing {
            Some(found)
                if !found
                    .network_settings
                    .as_ref()
                    .and_then(|n| n.networks.as_ref())
                    .is_some_and(|n| {
                        n.values()
                            .any(|e| e.network_id.as_deref() == Some(network.as_str()))
                    }) =>
            {
                let id = found.id.clone().unwrap_or_default();
                tracing::info!(session = spec.session, container = %id, "the container's network is gone; making the container again");
                self.expect_stop(&id);
                let _ = docker
                    .remove_container(
                        &id,
                        Some(RemoveContainerOptions {
                            force: true,
                            ..Default::default()
                        }),
                    )
                    .await;
                None
            }
            other => other,
        };
        if let Some(found) = existing {
            let id = found
                .id
                .clone()
                .unwrap_or_else(|| spec.container.unwrap_or_default().to_owned());
            let running = found.state.as_ref().and_then(|s| s.running).unwrap_or(false);
            self.saw_oom(&id, false);
            if running {
                // A terminal a previous relayd left (a crash) ends with the restart.
                self.expect_stop(&id);
                docker
                    .stop_container(
                        &id,
                        Some(StopContainerOptions {
                            t: Some(0),
                            signal: None,
                        }),
                    )
                    .await
                    .map_err(|err| format!("Docker could not restart container {id}: {}", self.said(&err)))?;
            }
            docker
                .start_container(&id, None)
                .await
                .map_err(|err| format!("Docker could not start container {id}: {}", self.said(&err)))?;
            return Ok(Instance {
                workspace: spec.workspace.to_path_buf(),
                container: Some(id),
            });
        }
        let name = self.container_name(spec.session);
        // A container of this name left by an earlier life of this home (a restored backup) is replaced.
        if let Ok(old) = docker.inspect_container(&name, None).await
            && old
                .config
                .as_ref()
                .and_then(|c| c.labels.as_ref())
                .and_then(|l| l.get(HOME_LABEL))
                .is_some_and(|home| *home == self.settings.home)
        {
            let _ = docker
                .remove_container(
                    &name,
                    Some(RemoveContainerOptions {
                        force: true,
                        ..Default::default()
                    }),
                )
                .await;
        }
        let created = docker
            .create_container(
                Some(CreateContainerOptions {
                    name: Some(name.clone()),
                    platform: String::new(),
                }),
                self.create_body(spec, image, &network),
            )
            .await
            .map_err(|err| {
                format!(
                    "Docker could not create the container for {}: {}",
                    spec.session,
                    self.said(&err)
                )
            })?;
        if let Err(err) = docker.start_container(&created.id, None).await {
            let _ = docker
                .remove_container(
                    &created.id,
                    Some(RemoveContainerOptions {
                        force: true,
                        ..Default::default()
                    }),
                )
                .await;
            return Err(format!(
                "Docker could not start the container of {} (image '{image}'): {}",
                spec.session,
                self.said(&err)
            ));
        }
        Ok(Instance {
            workspace: spec.workspace.to_path_buf(),
            container: Some(created.id),
        })
    }

    /// Pulls `image` through the engine (its registry, its credentials), telling `spec.pull` how far it is;
    /// bounded by `docker_pull_timeout_s`. A failure says why — the registry unreachable, the image unknown or
    /// refused — and what to do.
    async fn pull(
        &self,
        docker: &bollard::Docker,
        image: &str,
        spec: &InstanceSpec<'_>,
    ) -> Result<(), String> {
        let session = spec.session;
        self.check_pull_disk(docker, image, session).await?;
        let began = std::time::Instant::now();
        let (name, tag) = split_tag(image);
        let options = bollard::query_parameters::CreateImageOptionsBuilder::new()
            .from_image(name)
            .tag(tag)
            .build();
        let mut layers: HashMap<String, (u64, u64)> = HashMap::new();
        let mut stream = docker.create_image(Some(options), None, None);
        let pulled = tokio::time::timeout(self.settings.pull_timeout, async {
            while let Some(item) = stream.next().await {
                let info = item.map_err(|err| self.said(&err))?;
                if let Some(error) = info.error_detail.and_then(|e| e.message) {
                    return Err(error);
                }
                if let (Some(id), Some(detail)) = (info.id, info.progress_detail) {
                    let done = matches!(
                        info.status.as_deref(),
                        Some("Download complete" | "Pull complete" | "Already exists")
                    );
                    let entry = layers.entry(id).or_default();
                    if let Some(total) = detail.total.and_then(|t| u64::try_from(t).ok()) {
                        entry.1 = total;
                    }
                    if let Some(current) = detail.current.and_then(|c| u64::try_from(c).ok()) {
                        entry.0 = current;
                    }
                    if done {
                        entry.0 = entry.1;
                    }
                    if let Some(progress) = spec.pull {
                        let (downloaded, total) =
                            layers.values().fold((0, 0), |(d, t), (cd, ct)| (d + cd, t + ct));
                        // A full queue skips a step: the next one says more anyway.
                        let _ = progress.try_send(PullProgress { downloaded, total });
                    }
                }
            }
            Ok(())
        })
        .await;
        let why = match pulled {
            Ok(Ok(())) => {
                tracing::info!(%image, session, seconds = began.elapsed().as_secs_f64(), "pulled a docker session's image");
                return Ok(());
            }
            Ok(Err(said)) => said,
            Err(_) => format!(
                "it did not finish within {} s (docker_pull_timeout_s)",
                self.settings.pull_timeout.as_secs()
            ),
        };
        Err(pull_failed(image, session, &why))
    }

    /// Refuses a pull when less than `docker_pull_min_free_disk_mb` is free where the engine keeps its data
    /// (seed §11: 2 GB before a pull). Only a local engine (a Unix socket) is checked: the folder its info names is
    /// on this machine then; one relayd cannot read is let through, logged.
    async fn check_pull_disk(
        &self,
        docker: &bollard::Docker,
        image: &str,
        session: &str,
    ) -> Result<(), String> {
        let min_mb = self.settings.pull_min_free_mb;
        let socket = &self.settings.socket;
        if min_mb == 0 || !(socket.starts_with("unix://") || socket.starts_with('/')) {
            return Ok(());
        }
        let root = match docker.info().await {
            Ok(info) => info.docker_root_dir,
            Err(err) => {
                tracing::debug!(error = %self.said(&err), "the engine's info did not answer; the pull's disk is not checked");
                None
            }
        };
        let Some(root) = root.filter(|r| !r.is_empty()) else {
            return Ok(());
        };
        let root = std::path::Path::new(&root);
        match super::clone::free_bytes(root) {
            Ok(free) if free < min_mb.saturating_mul(1 << 20) => Err(format!(
                "Failed to pull image '{image}': only {} free in {} (where Docker keeps images), less than docker_pull_min_free_disk_mb ({min_mb} MB); free some space (docker system prune) or lower docker_pull_min_free_disk_mb, then relay session retry {session}",
                relay_core::display::human_size(free),
                root.display()
            )),
            Ok(_) => Ok(()),
            Err(err) => {
                tracing::debug!(%err, "the engine's data folder is not readable from here; the pull's disk is not checked");
                Ok(())
            }
        }
    }

    async fn exec(
        &self,
        instance: &Instance,
        spec: ExecSpec,
        terminal: Arc<Terminal>,
        mut input: mpsc::Receiver<Vec<u8>>,
    ) -> Result<Exec, String> {
        let docker = self.client().await?;
        let container = instance
            .container
            .clone()
            .ok_or_else(|| "the session has no container to run its terminal in".to_owned())?;
        let program = spec.argv.first().cloned().unwrap_or_default();
        let created = docker
            .create_exec(
                &container,
                ExecConfig {
                    attach_stdin: Some(true),
                    attach_stdout: Some(true),
                    attach_stderr: Some(true),
                    tty: Some(true),
                    env: Some(spec.env.iter().map(|(k, v)| format!("{k}={v}")).collect()),
                    cmd: Some(spec.argv.clone()),
                    working_dir: Some(WORKSPACE_MOUNT.to_owned()),
                    user: Some(self.user.clone()),
                    ..Default::default()
                },
            )
            .await
            .map_err(|err| {
                format!(
                    "Docker could not start {program} in the container: {}",
                    self.said(&err)
                )
            })?;
        let exec_id = created.id;
        let started = docker
            .start_exec(
                &exec_id,
                Some(StartExecOptions {
                    detach: false,
                    tty: true,
                    output_capacity: None,
                }),
            )
            .await
            .map_err(|err| {
                format!(
                    "Docker could not attach to {program} in the container: {}",
                    self.said(&err)
                )
            })?;
        let StartExecResults::Attached {
            mut output,
            input: mut writer,
        } = started
        else {
            return Err(format!(
                "Docker started {program} detached; its terminal cannot be read"
            ));
        };
        // An exec whose program cannot be found ends at once; the engine tells it in the inspect.
        let control = Arc::new(ExecControl {
            expected: Arc::clone(&self.expected),
            docker: docker.clone(),
            exec: exec_id.clone(),
            container: container.clone(),
            runtime: tokio::runtime::Handle::current(),
        });
        control.resize(spec.size)?;
        terminal.set_control(control);

        let feed = Arc::clone(&terminal);
        let (exit_tx, exit_rx) = oneshot::channel();
        let watch = docker.clone();
        let watched = exec_id.clone();
        tokio::spawn(async move {
            let mut watchdog = tokio::time::interval(WATCHDOG_EVERY);
            watchdog.tick().await;
            loop {
                tokio::select! {
                    item = output.next() => match item {
                        Some(Ok(
                            LogOutput::StdOut { message }
                            | LogOutput::StdErr { message }
                            | LogOutput::Console { message },
                        )) => feed.feed(&message),
                        Some(Ok(LogOutput::StdIn { .. })) => {}
                        // EOF, or the engine went away.
                        Some(Err(_)) | None => break,
                    },
                    _ = watchdog.tick() => {
                        // The watchdog: a reader that outlived its process (a half-open stream) is closed.
                        if let Ok(state) = watch.inspect_exec(&watched).await
                            && state.running == Some(false)
                        {
                            break;
                        }
                    }
                }
            }
            let _ = exit_tx.send(exec_exit(&watch, &watched).await);
        });
        tokio::spawn(async move {
            while let Some(bytes) = input.recv().await {
                if writer.write_all(&bytes).await.is_err() || writer.flush().await.is_err() {
                    break;
                }
            }
        });
        Ok(Exec { exit: exit_rx })
    }

    /// How an instance looks now: running, stopped (with its code), killed for memory, gone, or unknowable.
    async fn look(&self, instance: &Instance) -> InstanceState {
        let Some(id) = instance.container.as_deref() else {
            return InstanceState::Gone;
        };
        let docker = match self.client().await {
            Ok(docker) => docker,
            Err(err) => return InstanceState::Unreachable(err),
        };
        match docker.inspect_container(id, None).await {
            Ok(found) => {
                let state = found.state.unwrap_or_default();
                if state.oom_killed == Some(true) {
                    InstanceState::OutOfMemory
                } else if state.running == Some(true) {
                    InstanceState::Running
                } else {
                    InstanceState::Stopped {
                        exit_code: state.exit_code,
                    }
                }
            }
            Err(err) if not_found(&err) => InstanceState::Gone,
            Err(err) => InstanceState::Unreachable(format!(
                "Docker did not answer about container {id}: {}",
                self.said(&err)
            )),
        }
    }

    /// This home's containers: (id, session label, created at in Unix seconds).
    pub async fn containers(&self) -> Result<Vec<(String, String, i64)>, String> {
        let docker = self.client().await?;
        let found = docker
            .list_containers(Some(ListContainersOptions {
                all: true,
                filters: Some(HashMap::from([(
                    "label".to_owned(),
                    vec![format!("{HOME_LABEL}={}", self.settings.home)],
                )])),
                ..Default::default()
            }))
            .await
            .map_err(|err| format!("Docker could not list containers: {}", self.said(&err)))?;
        Ok(found
            .into_iter()
            .filter_map(|c| {
                let session = c.labels.as_ref()?.get(SESSION_LABEL)?.clone();
                Some((c.id?, session, c.created.unwrap_or(0)))
            })
            .collect())
    }

    /// Follows the engine's events for this home's containers until the stream ends (the engine went away, or
    /// relayd stops): each `oom`, `die` and `destroy` is handed to `on_event`. Answers why it ended.
    pub async fn watch(
        &self,
        on_event: &(dyn Fn(ContainerEvent) -> BoxFuture<'static, ()> + Sync),
    ) -> String {
        let docker = match self.client().await {
            Ok(docker) => docker,
            Err(err) => return err,
        };
        let mut events = docker.events(Some(EventsOptions {
            filters: Some(HashMap::from([
                ("type".to_owned(), vec!["container".to_owned()]),
                (
                    "label".to_owned(),
                    vec![format!("{HOME_LABEL}={}", self.settings.home)],
                ),
                (
                    "event".to_owned(),
                    vec!["oom".to_owned(), "die".to_owned(), "destroy".to_owned()],
                ),
            ])),
            ..Default::default()
        }));
        loop {
            match events.next().await {
                Some(Ok(event)) => {
                    let Some(actor) = event.actor else { continue };
                    let Some(container) = actor.id else { continue };
                    let exit_code = actor
                        .attributes
                        .as_ref()
                        .and_then(|a| a.get("exitCode"))
                        .and_then(|code| code.parse().ok());
                    on_event(ContainerEvent {
                        container,
                        action: event.action.unwrap_or_default(),
                        exit_code,
                    })
                    .await;
                }
                Some(Err(err)) => {
                    return format!("the Docker engine's event stream failed: {}", self.said(&err));
                }
                None => return "the Docker engine closed its event stream".to_owned(),
            }
        }
    }

    /// Whether the engine answers now.
    pub async fn ping(&self) -> Result<(), String> {
        let docker = self.client().await?;
        docker.ping().await.map(|_| ()).map_err(|err| self.said(&err))
    }

    /// The image's size in bytes when the engine has it, `None` when it does not (`GET /api/v1/images`).
    pub async fn image_size(&self, image: &str) -> Result<Option<i64>, String> {
        let docker = self.client().await?;
        match docker.inspect_image(image).await {
            Ok(found) => Ok(Some(found.size.unwrap_or(0))),
            Err(err) if not_found(&err) => Ok(None),
            Err(err) => Err(self.said(&err)),
        }
    }
}

/// The exit of an exec, once the engine says it ended (a moment after its stream closed).
async fn exec_exit(docker: &bollard::Docker, exec: &str) -> ExitInfo {
    for _ in 0..20 {
        match docker.inspect_exec(exec).await {
            Ok(state) if state.running == Some(true) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Ok(state) => {
                return ExitInfo {
                    code: state.exit_code,
                    signal: None,
                };
            }
            Err(err) => {
                return ExitInfo {
                    code: None,
                    signal: Some(format!("a lost connection to Docker ({})", said(&err))),
                };
            }
        }
    }
    ExitInfo {
        code: None,
        signal: Some("an end Docker did not report (its terminal stream closed)".to_owned()),
    }
}

/// Resize and kill of one exec.
#[derive(Debug)]
struct ExecControl {
    expected: Expected,
    docker: bollard::Docker,
    exec: String,
    container: String,
    runtime: tokio::runtime::Handle,
}

impl PtyControl for ExecControl {
    fn resize(&self, size: TermSize) -> Result<(), String> {
        let docker = self.docker.clone();
        let exec = self.exec.clone();
        self.runtime.spawn(async move {
            let options = ResizeExecOptions {
                h: i32::from(size.rows),
                w: i32::from(size.cols),
            };
            if let Err(err) = docker.resize_exec(&exec, options).await {
                tracing::debug!(error = %said(&err), "resizing a docker terminal failed");
            }
        });
        Ok(())
    }

    /// SIGHUP to every process of the container but its idle entrypoint (`kill -HUP -1`, run inside it, so
    /// no host pid is ever guessed), then — when the terminal's process is still there after the grace — the
    /// container is stopped, which ends everything in it.
    fn kill(&self) {
        expect(&self.expected, &self.container);
        let docker = self.docker.clone();
        let exec = self.exec.clone();
        let container = self.container.clone();
        self.runtime.spawn(async move {
            let hup = async {
                let created = docker
                    .create_exec(
                        &container,
                        ExecConfig {
                            cmd: Some(vec!["kill".to_owned(), "-HUP".to_owned(), "-1".to_owned()]),
                            ..Default::default()
                        },
                    )
                    .await?;
                docker
                    .start_exec(
                        &created.id,
                        Some(StartExecOptions {
                            detach: true,
                            ..Default::default()
                        }),
                    )
                    .await
                    .map(|_| ())
            };
            if let Err(err) = hup.await {
                tracing::debug!(error = %said(&err), "SIGHUP inside a container failed; stopping it");
            } else {
                let deadline = tokio::time::Instant::now() + KILL_GRACE;
                while tokio::time::Instant::now() < deadline {
                    match docker.inspect_exec(&exec).await {
                        Ok(state) if state.running == Some(true) => {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                        _ => return,
                    }
                }
            }
            if let Err(err) = docker
                .stop_container(
                    &container,
                    Some(StopContainerOptions {
                        t: Some(0),
                        signal: None,
                    }),
                )
                .await
            {
                tracing::debug!(error = %said(&err), "stopping a container failed");
            }
        });
    }
}

impl ContainerOrchestrator for Docker {
    fn backend(&self) -> Backend {
        Backend::Docker
    }

    fn create<'a>(&'a self, spec: &'a InstanceSpec<'a>) -> BoxFuture<'a, Result<Instance, String>> {
        Box::pin(self.ensure(spec))
    }

    fn exec_pty<'a>(
        &'a self,
        instance: &'a Instance,
        spec: ExecSpec,
        terminal: Arc<Terminal>,
        input: mpsc::Receiver<Vec<u8>>,
    ) -> BoxFuture<'a, Result<Exec, String>> {
        Box::pin(self.exec(instance, spec, terminal, input))
    }

    fn inspect<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, InstanceState> {
        Box::pin(self.look(instance))
    }

    fn stop<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async move {
            let Some(id) = instance.container.as_deref() else {
                return Ok(());
            };
            let docker = self.client().await?;
            match docker
                .stop_container(
                    id,
                    Some(StopContainerOptions {
                        t: Some(0),
                        signal: None,
                    }),
                )
                .await
            {
                Ok(()) => Ok(()),
                Err(err) if not_found(&err) => Ok(()),
                // 304: already stopped.
                Err(bollard::errors::Error::DockerResponseServerError { status_code: 304, .. }) => Ok(()),
                Err(err) => Err(format!(
                    "Docker could not stop container {id}: {}",
                    self.said(&err)
                )),
            }
        })
    }

    fn remove<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async move {
            let Some(id) = instance.container.as_deref() else {
                return Ok(());
            };
            let docker = self.client().await?;
            match docker
                .remove_container(
                    id,
                    Some(RemoveContainerOptions {
                        force: true,
                        v: true,
                        ..Default::default()
                    }),
                )
                .await
            {
                Ok(()) => Ok(()),
                Err(err) if not_found(&err) => Ok(()),
                Err(err) => Err(format!(
                    "Docker could not remove container {id}: {}",
                    self.said(&err)
                )),
            }
        })
    }
}

/// The words for a docker session whose terminal ended without being asked to, when its container is the
/// reason; `None` when the container still runs (the program just ended).
pub fn container_end(state: &InstanceState, session: &str, memory_mb: u64) -> Option<String> {
    match state {
        InstanceState::Running => None,
        InstanceState::OutOfMemory => Some(out_of_memory(session, memory_mb)),
        InstanceState::Stopped { exit_code } => Some(format!(
            "Container stopped from outside relay{}; `relay session retry {session}` starts it again",
            exit_code
                .map(|c| format!(" (exit code {c}{})", if c == 137 { ": killed" } else { "" }))
                .unwrap_or_default()
        )),
        InstanceState::Gone => Some(format!(
            "Container removed from outside relay; `relay session retry {session}` makes a new one in the same workspace"
        )),
        InstanceState::Unreachable(why) => Some(lost(session, why)),
    }
}

/// An image name split for the engine's pull: the name and its tag (`latest` when it names none; a digest
/// stays in the name, with no tag).
fn split_tag(image: &str) -> (&str, &str) {
    if image.contains('@') {
        return (image, "");
    }
    match image.rsplit_once(':') {
        // A colon after the last slash is a tag; one before it is a registry's port.
        Some((name, tag)) if !tag.contains('/') => (name, tag),
        _ => (image, "latest"),
    }
}

/// What a failed pull says: the engine's words, why in plain terms, and what to do.
pub fn pull_failed(image: &str, session: &str, said: &str) -> String {
    let lower = said.to_ascii_lowercase();
    let unreachable = [
        "dial tcp",
        "no such host",
        "connection refused",
        "i/o timeout",
        "network is unreachable",
        "tls handshake timeout",
        "did not finish within",
        "client.timeout",
    ]
    .iter()
    .any(|sign| lower.contains(sign));
    let refused = [
        "pull access denied",
        "not found",
        "manifest unknown",
        "unauthorized",
        "denied",
    ]
    .iter()
    .any(|sign| lower.contains(sign));
    let (why, fix) = if unreachable {
        (
            "the registry could not be reached",
            format!(
                "connect the Docker engine to its registry (network, proxy), or build the image on this machine (`docker build -t {image} .`) or load it (`docker load -i FILE`)"
            ),
        )
    } else if refused {
        (
            "the registry has no such image or refuses it",
            format!(
                "check the name in docker_allowed_images / --image, or log the engine in (`docker login`), or build it here (`docker build -t {image} .`)"
            ),
        )
    } else {
        (
            "the engine could not pull it",
            format!(
                "pull it yourself (`docker pull {image}`) to see more, or build it here (`docker build -t {image} .`)"
            ),
        )
    };
    format!("Failed to pull image '{image}': {why} ({said}); {fix}, then `relay session retry {session}`")
}

pub fn out_of_memory(session: &str, memory_mb: u64) -> String {
    format!(
        "Container killed: out of memory (the limit is {memory_mb} MB, docker_memory_limit_mb); raise docker_memory_limit_mb in config.toml or make the program use less, then `relay session retry {session}`"
    )
}

pub fn lost(session: &str, why: &str) -> String {
    format!(
        "Docker daemon connection lost ({why}); once Docker is back, `relay session retry {session}` starts the session again"
    )
}

/// What a container mounts: the workspace read-write, and read-only relay's hook folder and binary
/// (`runner::hooks`). No Docker socket, no home folder.
fn binds(spec: &InstanceSpec<'_>) -> Vec<String> {
    let mut binds = vec![format!(
        "{}:{WORKSPACE_MOUNT}:rw",
        spec.workspace.to_string_lossy()
    )];
    if let Some(hooks) = spec.hooks {
        binds.push(format!(
            "{}:{}:ro",
            hooks.dir.to_string_lossy(),
            super::hooks::MOUNT
        ));
        if let Some(program) = &hooks.program {
            binds.push(format!(
                "{}:{}:ro",
                program.to_string_lossy(),
                super::hooks::PROGRAM
            ));
        }
    }
    binds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn settings(allowed: &[&str]) -> Settings {
        Settings {
            socket: "unix:///var/run/docker.sock".to_owned(),
            allowed_images: allowed.iter().map(|s| (*s).to_owned()).collect(),
            cpu_percent: 150,
            memory_mb: 64,
            pids: 100,
            network: "relay".to_owned(),
            network_mode: DockerNetworkMode::PerSession,
            log_max_size_mb: 5,
            log_max_files: 2,
            pull_timeout: Duration::from_secs(60),
            pull_min_free_mb: 2048,
            home: "abc".to_owned(),
        }
    }

    #[test]
    fn an_image_outside_the_allow_list_is_refused_by_name_and_key() {
        let s = settings(&["relay-dev:latest"]);
        assert!(s.check_image("relay-dev:latest").is_ok());
        let err = s.check_image("ubuntu:24.04").unwrap_err();
        assert!(err.contains("'ubuntu:24.04' is not allowed"), "{err}");
        assert!(err.contains("docker_allowed_images"), "{err}");
        assert!(err.contains("relay-dev:latest"), "{err}");
        assert!(settings(&[]).check_image("anything:1").is_ok());
        assert!(
            s.check_image("x; rm -rf /")
                .unwrap_err()
                .contains("not an image name")
        );
    }

    #[test]
    fn a_container_is_made_idle_limited_unprivileged_with_only_the_workspace_writable() {
        let docker = Docker::new(settings(&[]));
        let mounts = crate::runner::hooks::HookMounts {
            dir: "/run/user/1000/relay/sessions/run-app-2".into(),
            program: Some("/usr/bin/relay".into()),
        };
        let spec = InstanceSpec {
            session: "run-app-2",
            workspace: Path::new("/data/projects/app/sessions/2"),
            image: Some("relay-dev:latest"),
            container: None,
            hooks: Some(&mounts),
            pull: None,
        };
        let body = docker.create_body(&spec, "relay-dev:latest", "relay");
        assert_eq!(body.entrypoint, Some(vec!["sleep".to_owned()]));
        assert_eq!(body.cmd, Some(vec!["infinity".to_owned()]));
        let labels = body.labels.unwrap();
        assert_eq!(labels[SESSION_LABEL], "run-app-2");
        assert_eq!(labels[HOME_LABEL], "abc");
        let host = body.host_config.unwrap();
        assert_eq!(
            host.binds,
            Some(vec![
                "/data/projects/app/sessions/2:/workspace:rw".to_owned(),
                "/run/user/1000/relay/sessions/run-app-2:/run/relay:ro".to_owned(),
                "/usr/bin/relay:/opt/relay/relay:ro".to_owned(),
            ])
        );
        assert_eq!(host.privileged, Some(false));
        assert_eq!(host.nano_cpus, Some(1_500_000_000));
        assert_eq!(host.memory, Some(64 * 1024 * 1024));
        assert_eq!(host.memory_swap, host.memory);
        assert_eq!(host.pids_limit, Some(100));
        assert_eq!(host.network_mode.as_deref(), Some("relay"));
        let log = host.log_config.unwrap().config.unwrap();
        assert_eq!(log["max-size"], "5m");
        assert_eq!(log["max-file"], "2");
        assert!(
            host.security_opt
                .unwrap()
                .contains(&"no-new-privileges".to_owned())
        );
    }

    #[test]
    fn an_image_is_pulled_by_its_tag_and_a_failed_pull_says_why_and_what_to_do() {
        assert_eq!(split_tag("relay-dev:latest"), ("relay-dev", "latest"));
        assert_eq!(split_tag("ubuntu"), ("ubuntu", "latest"));
        assert_eq!(
            split_tag("registry.local:5000/team/env"),
            ("registry.local:5000/team/env", "latest")
        );
        assert_eq!(
            split_tag("registry.local:5000/team/env:2"),
            ("registry.local:5000/team/env", "2")
        );
        assert_eq!(split_tag("env@sha256:abc"), ("env@sha256:abc", ""));

        let offline = pull_failed(
            "relay-dev:latest",
            "run-a-2",
            "Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io: no such host",
        );
        assert!(
            offline.starts_with(
                "Failed to pull image 'relay-dev:latest': the registry could not be reached (Get"
            ),
            "{offline}"
        );
        assert!(
            offline.contains("docker build -t relay-dev:latest ."),
            "{offline}"
        );
        assert!(
            offline.ends_with("then `relay session retry run-a-2`"),
            "{offline}"
        );
        let denied = pull_failed(
            "team/env:1",
            "s",
            "pull access denied for team/env, repository does not exist",
        );
        assert!(denied.contains("has no such image or refuses it"), "{denied}");
        assert!(denied.contains("docker login"), "{denied}");
        let slow = pull_failed(
            "x:1",
            "s",
            "it did not finish within 900 s (docker_pull_timeout_s)",
        );
        assert!(slow.contains("could not be reached"), "{slow}");
        assert!(
            PullProgress {
                downloaded: 50,
                total: 200
            }
            .percent()
                == Some(25)
        );
        assert_eq!(PullProgress::default().percent(), None);
    }

    #[test]
    fn a_container_end_says_what_happened_and_what_to_do() {
        assert_eq!(container_end(&InstanceState::Running, "s", 64), None);
        let oom = container_end(&InstanceState::OutOfMemory, "run-a-2", 64).unwrap();
        assert!(
            oom.starts_with("Container killed: out of memory (the limit is 64 MB"),
            "{oom}"
        );
        assert!(oom.contains("relay session retry run-a-2"), "{oom}");
        let killed = container_end(&InstanceState::Stopped { exit_code: Some(137) }, "s", 64).unwrap();
        assert!(killed.contains("exit code 137: killed"), "{killed}");
        let lost = container_end(&InstanceState::Unreachable("no socket".to_owned()), "s", 64).unwrap();
        assert!(
            lost.starts_with("Docker daemon connection lost (no socket)"),
            "{lost}"
        );
    }
}
