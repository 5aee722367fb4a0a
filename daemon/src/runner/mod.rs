//! The runner: projects that run sessions, each a workspace (the checkout, or a `git worktree` on its branch)
//! with a process in a terminal relayd holds (Relay Cloud seed §7, §8, §11).
//!
//! `state.rs` the lifecycle table, `terminal.rs` the vt100 screen and its clients, `orchestrator.rs` the backend
//! trait and the local backend, `docker.rs` the docker backend, `git.rs` the git CLI, `profile.rs` what a profile
//! runs. This file is the session
//! manager: creation serialized per project, the limits and the branch rule inside the write that reserves the
//! branch, the exec watchdog, and the start-up reconcile. A runner session is also a board session (named after
//! it), so tasks bind to it.

pub mod clone;
pub mod docker;
pub mod error;
pub mod git;
pub mod hooks;
pub mod mcp_gateway;
pub mod metrics;
pub mod orchestrator;
pub mod profile;
pub mod state;
pub mod terminal;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use relay_core::event::payload;

pub use error::RunnerError;
use orchestrator::{Backend, ContainerOrchestrator, ExecSpec, Instance, InstanceSpec, InstanceState, Local};
use state::{Action, ExitInfo, SessionState};
use terminal::{Attachment, TermSize, Terminal};

use crate::board::{Caller, ProjectInput};
use crate::handle::DaemonHandle;
use crate::store::WriteTx;
use crate::store::board as board_db;
use crate::store::runner as db;
pub use crate::store::runner::{RunnerProjectRow, RunnerSessionRow};

/// How long `stop` waits for the process to end before answering (the kill escalates to SIGKILL meanwhile).
const STOP_WAIT: Duration = Duration::from_secs(5);

/// The runner's in-memory state, held by the daemon handle.
#[derive(Debug)]
pub struct Runner {
    /// Terminals by runner session id: the running ones, and the last screen of those that ended since.
    live: Mutex<HashMap<i64, Live>>,
    /// Session creation is serialized per project (the seed's semaphore per project).
    project_locks: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    local: Arc<Local>,
    /// The docker backend, made from the configuration on first use.
    docker: OnceLock<Arc<docker::Docker>>,
    /// The Docker events watcher, while one runs.
    watcher: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Counts and timings since relayd started (`relay daemon status`).
    pub metrics: Arc<metrics::Metrics>,
    /// The agent sessions each docker session's hook socket acts for.
    hook_owners: hooks::Owners,
    /// MCP for docker sessions' containers: a listener per network gateway, a token per running session.
    mcp_gateways: mcp_gateway::Gateways,
    /// Running docker sessions' containers as last sampled, by runner session id.
    gauges: Mutex<HashMap<i64, (metrics::ContainerSample, metrics::ContainerGauge)>>,
    /// The data directory had less than `low_disk_warning_mb` free when last checked.
    disk_low: AtomicBool,
    /// Each URL project's latest clone task, by project id, so removing the project can stop it.
    clones: Mutex<HashMap<i64, CloneTask>>,
}

/// A clone running in the background: told to stop through `cancel` (its git is killed), awaited through `task`.
#[derive(Debug)]
struct CloneTask {
    cancel: Arc<tokio::sync::Notify>,
    task: tokio::task::JoinHandle<()>,
}

impl Default for Runner {
    fn default() -> Runner {
        Runner {
            live: Mutex::new(HashMap::new()),
            project_locks: Mutex::new(HashMap::new()),
            local: Arc::new(Local),
            docker: OnceLock::new(),
            watcher: Mutex::new(None),
            metrics: Arc::default(),
            hook_owners: hooks::Owners::default(),
            mcp_gateways: mcp_gateway::Gateways::default(),
            gauges: Mutex::new(HashMap::new()),
            disk_low: AtomicBool::new(false),
            clones: Mutex::new(HashMap::new()),
        }
    }
}

#[derive(Clone, Debug)]
struct Live {
    terminal: Arc<Terminal>,
    /// Set by stop and rm: the process ending then is what was asked, not an error.
    stopping: Arc<AtomicBool>,
    /// A docker terminal: relayd's shutdown leaves it (and its container) running.
    docker: bool,
    running: Arc<AtomicBool>,
    ended: Arc<tokio::sync::Notify>,
    /// A docker session's hook channel, open while its program runs.
    hooks: Arc<Mutex<Option<hooks::Channel>>>,
}

/// What `relay session new` asks for.
#[derive(Clone, Debug, Default)]
pub struct NewSession {
    pub project: Option<String>,
    pub branch: Option<String>,
    /// A task key: the branch is named after it and the task is bound to the session.
    pub task: Option<String>,
    pub profile: Option<String>,
    /// `local` (the default) or `docker`.
    pub backend: Option<String>,
    /// The docker session's image (`docker_default_image` when absent).
    pub image: Option<String>,
}

/// The runner's metrics read out (`relay daemon status`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct MetricsReport {
    pub sessions_active: u32,
    pub sessions_created: u64,
    pub sessions_failed: u64,
    pub input_bytes: u64,
    pub output_bytes: u64,
    pub terminal_latency: metrics::TimingSnapshot,
    pub ready_local: metrics::TimingSnapshot,
    pub ready_docker: metrics::TimingSnapshot,
    pub git_clone: metrics::TimingSnapshot,
    pub docker_oom: u64,
    pub docker_lost: u64,
    pub free_disk_mb: u64,
    /// Less than `low_disk_warning_mb` free in the data directory.
    pub low_disk: bool,
    /// Each running docker session's container: CPU and memory as last sampled.
    pub containers: Vec<metrics::ContainerGauge>,
}

/// What `relay project add` asks for.
#[derive(Clone, Debug, Default)]
pub struct NewProject {
    pub slug: Option<String>,
    pub name: Option<String>,
    pub repo: Option<PathBuf>,
    pub git_url: Option<String>,
}

impl DaemonHandle {
    /// The runner, for adapters.
    pub fn runner(&self) -> Runs<'_> {
        Runs { handle: self }
    }
}

/// The runner at work on a handle.
#[derive(Clone, Copy, Debug)]
pub struct Runs<'h> {
    handle: &'h DaemonHandle,
}

/// The clone's progress as events: one when git's phase changes, and within a phase at most one every 2 s.
async fn report_progress(
    handle: DaemonHandle,
    slug: String,
    mut steps: tokio::sync::mpsc::Receiver<clone::Progress>,
) {
    const EVERY: Duration = Duration::from_secs(2);
    let mut last: Option<(String, std::time::Instant)> = None;
    while let Some(step) = steps.recv().await {
        let due = match &last {
            Some((phase, at)) => *phase != step.phase || at.elapsed() >= EVERY,
            None => true,
        };
        if !due {
            continue;
        }
        last = Some((step.phase.clone(), std::time::Instant::now()));
        let written = async {
            let store = handle.store();
            let mut write = store.begin_write().await?;
            write
                .emit(
                    &slug,
                    &payload::RunnerCloneProgressed {
                        project: slug.clone(),
                        phase: step.phase,
                        percent: step.percent,
                    },
                )
                .await?;
            write.commit().await?;
            Ok::<_, RunnerError>(())
        };
        if let Err(err) = written.await {
            tracing::warn!(project = %slug, error = %err, "a clone's progress was not recorded");
        }
    }
}

/// A docker session's image pull as events: the first step, then at most one every 2 s, and the last one.
async fn report_pull(
    handle: DaemonHandle,
    row: RunnerSessionRow,
    mut steps: tokio::sync::mpsc::Receiver<orchestrator::PullProgress>,
) {
    const EVERY: Duration = Duration::from_secs(2);
    const MB: u64 = 1024 * 1024;
    let mut last: Option<std::time::Instant> = None;
    let mut pending: Option<orchestrator::PullProgress> = None;
    loop {
        let step = steps.recv().await;
        let due = match (&step, last) {
            (Some(_), Some(at)) => at.elapsed() >= EVERY,
            (Some(_), None) => true,
            // The pull ended: what was held back is told.
            (None, _) => pending.is_some(),
        };
        let step = match step {
            Some(step) => step,
            None => match pending.take() {
                Some(step) if due => step,
                _ => return,
            },
        };
        if !due {
            pending = Some(step);
            continue;
        }
        pending = None;
        last = Some(std::time::Instant::now());
        let written = async {
            let store = handle.store();
            let mut write = store.begin_write().await?;
            write
                .emit(
                    &row.name,
                    &payload::RunnerImagePullProgressed {
                        project: row.slug.clone(),
                        session: row.name.clone(),
                        image: row.image.clone().unwrap_or_default(),
                        percent: step.percent(),
                        downloaded_mb: step.downloaded / MB,
                        total_mb: step.total / MB,
                    },
                )
                .await?;
            write.commit().await?;
            Ok::<_, RunnerError>(())
        };
        if let Err(err) = written.await {
            tracing::warn!(session = %row.name, error = %err, "an image pull's progress was not recorded");
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl<'h> Runs<'h> {
    fn state(&self) -> &'h Runner {
        self.handle.runner_state()
    }

    /// The docker backend (made on first use; it connects to the engine when a session needs it).
    pub fn docker(&self) -> Arc<docker::Docker> {
        let config = self.handle.config();
        Arc::clone(
            self.state()
                .docker
                .get_or_init(|| Arc::new(docker::Docker::new(docker::Settings::from_config(config)))),
        )
    }

    /// The metrics as they are now, with the sessions running and the free space of the data directory.
    pub fn metrics(&self) -> MetricsReport {
        let m = &self.state().metrics;
        let running = lock(&self.state().live)
            .values()
            .filter(|l| l.running.load(Ordering::Acquire))
            .count();
        let data = self.handle.config().data_dir.path();
        let free_disk_mb = clone::free_bytes(data).map(|b| b / (1024 * 1024)).unwrap_or(0);
        MetricsReport {
            sessions_active: u32::try_from(running).unwrap_or(u32::MAX),
            sessions_created: metrics::Metrics::get(&m.sessions_created),
            sessions_failed: metrics::Metrics::get(&m.sessions_failed),
            input_bytes: metrics::Metrics::get(&m.input_bytes),
            output_bytes: metrics::Metrics::get(&m.output_bytes),
            terminal_latency: m.terminal_latency.snapshot(),
            ready_local: m.ready_local.snapshot(),
            ready_docker: m.ready_docker.snapshot(),
            git_clone: m.git_clone.snapshot(),
            docker_oom: metrics::Metrics::get(&m.docker_oom),
            docker_lost: metrics::Metrics::get(&m.docker_lost),
            free_disk_mb,
            low_disk: free_disk_mb < self.handle.config().low_disk_warning_mb,
            containers: self.container_gauges(),
        }
    }

    fn container_gauges(&self) -> Vec<metrics::ContainerGauge> {
        let mut gauges: Vec<metrics::ContainerGauge> = lock(&self.state().gauges)
            .values()
            .map(|(_, gauge)| gauge.clone())
            .collect();
        gauges.sort_by(|a, b| a.session.cmp(&b.session));
        gauges
    }

    /// Samples a docker session's container every [`metrics::CONTAINER_SAMPLE_EVERY`] while its program runs
    /// (seed §18's per-container gauges); its gauge goes when the program does. A failed reading is logged once
    /// per session and the last gauge stays.
    async fn sample_container(&self, id: i64, name: &str, container: &str, running: &AtomicBool) {
        let docker = self.docker();
        let mut said = false;
        while running.load(Ordering::Acquire) {
            match docker.sample(container).await {
                Ok(sample) => {
                    let mut gauges = lock(&self.state().gauges);
                    let previous = gauges.get(&id).map(|(before, _)| *before);
                    let gauge = metrics::ContainerGauge::from_samples(
                        name,
                        container,
                        previous.as_ref(),
                        &sample,
                        self.handle.now_ms(),
                    );
                    gauges.insert(id, (sample, gauge));
                }
                Err(err) if !said => {
                    said = true;
                    tracing::warn!(session = name, error = %err, "could not sample a docker session's container");
                }
                Err(_) => {}
            }
            tokio::time::sleep(metrics::CONTAINER_SAMPLE_EVERY).await;
        }
        lock(&self.state().gauges).remove(&id);
    }

    /// Records how long the REST API took to answer one request (§18 `relay_rest_request_duration_ms`).
    pub fn record_rest_request(&self, took: Duration) {
        self.state().metrics.rest_requests.record(took);
    }

    /// The REST API's answer times so far.
    pub fn rest_requests(&self) -> metrics::TimingSnapshot {
        self.state().metrics.rest_requests.snapshot()
    }

    /// Checks the data directory's free space against `low_disk_warning_mb` (seed §11's low-disk warning) when
    /// a session starts or a clone begins: each time it falls below, relayd logs a warning and records
    /// `runner.disk_low` for the clients; `relay daemon status` shows it too. Creation is refused below
    /// `git_min_free_disk_mb`, not here.
    async fn check_free_disk(&self) {
        let config = self.handle.config();
        let data = config.data_dir.path();
        let Ok(free) = clone::free_bytes(data) else {
            return;
        };
        let free_mb = free / (1024 * 1024);
        let low = free_mb < config.low_disk_warning_mb;
        if self.state().disk_low.swap(low, Ordering::AcqRel) || !low {
            return;
        }
        tracing::warn!(
            free_mb,
            data_dir = %data.display(),
            "low disk space: less than low_disk_warning_mb free in the data directory; clones and new sessions stop below git_min_free_disk_mb"
        );
        let event = payload::RunnerDiskLow {
            free_mb,
            warning_mb: config.low_disk_warning_mb,
            refuse_below_mb: config.git_min_free_disk_mb,
        };
        let written = async {
            let store = self.handle.store();
            let mut write = store.begin_write().await?;
            write.emit(&data.to_string_lossy(), &event).await?;
            write.commit().await?;
            Ok::<_, RunnerError>(())
        };
        if let Err(err) = written.await {
            tracing::warn!(error = %err, "the low-disk event was not recorded");
        }
    }

    fn backend_of(&self, row: &RunnerSessionRow) -> Arc<dyn ContainerOrchestrator> {
        if row.backend == Backend::Docker.as_str() {
            self.docker()
        } else {
            Arc::clone(&self.state().local) as Arc<dyn ContainerOrchestrator>
        }
    }

    fn instance_of(row: &RunnerSessionRow) -> Instance {
        Instance {
            workspace: PathBuf::from(&row.workspace),
            container: row.container_id.clone(),
        }
    }

    /// Gives a board project its runner side from a checkout on this machine, and starts its default session (a
    /// shell in the checkout). A git URL is refused plainly: cloning is not built yet.
    pub async fn add_project(
        &self,
        input: NewProject,
        caller: &Caller,
    ) -> Result<(RunnerProjectRow, Option<RunnerSessionRow>), RunnerError> {
        if let Some(url) = input.git_url.clone() {
            if input.repo.is_some() {
                return Err(RunnerError::Invalid(
                    "pass a git URL or --repo, not both".to_owned(),
                ));
            }
            return self.add_url_project(&url, input, caller).await.map(|p| (p, None));
        }
        let repo = input.repo.ok_or_else(|| {
            RunnerError::Invalid(
                "pass the project's checkout with --repo <folder>, or a git URL to clone".to_owned(),
            )
        })?;
        if !repo.is_absolute() {
            return Err(RunnerError::Invalid(format!(
                "{} is not an absolute path; pass the checkout's full path",
                repo.display()
            )));
        }
        let top = git::toplevel(&repo).await.map_err(RunnerError::Invalid)?;
        let top = std::fs::canonicalize(&top).unwrap_or(top);
        let slug = match input.slug {
            Some(slug) => slug,
            None => slug_from(&top)?,
        };
        let branch = git::current_branch(&top).await.map_err(RunnerError::Failed)?;
        self.slug_is_free(&slug, &top).await?;
        let top_text = top.to_string_lossy().into_owned();
        self.handle
            .board()
            .upsert_project(
                ProjectInput {
                    slug: slug.clone(),
                    name: input.name,
                    repo_path: Some(top_text.clone()),
                    description: None,
                },
                caller,
            )
            .await?;
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let project = board_db::project_by_slug(&mut write, &slug)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("project {slug} vanished while it was added")))?;
        let now = self.handle.now_ms();
        db::insert_project(&mut write, project.id, "local", &top_text, None, "ready", now).await?;
        write
            .emit(
                &slug,
                &payload::RunnerProjectAdded {
                    project: slug.clone(),
                    source: "local".to_owned(),
                    repo_path: top_text.clone(),
                    git_url: None,
                    state: "ready".to_owned(),
                    actor: caller.label(),
                },
            )
            .await?;
        let row = self
            .reserve(
                &mut write,
                project.id,
                &slug,
                true,
                (Backend::Local, None),
                relay_core::profile::SHELL,
                &branch,
                &top_text,
            )
            .await?;
        write.commit().await?;
        let session = self.start(row, None).await?;
        Ok((self.project(&slug).await?, Some(session)))
    }

    async fn project(&self, slug: &str) -> Result<RunnerProjectRow, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        db::project_by_slug(&mut read, slug)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("project {slug} runs no sessions")))
    }

    /// Refuses a slug whose project already runs sessions, or has another repository.
    async fn slug_is_free(&self, slug: &str, repo: &Path) -> Result<(), RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        if let Some(existing) = db::project_by_slug(&mut read, slug).await? {
            return Err(RunnerError::Conflict(format!(
                "project {slug} already runs sessions from {}; list them with `relay session list --project {slug}`",
                existing.git_url.as_deref().unwrap_or(&existing.repo_path)
            )));
        }
        if let Some(row) = board_db::project_by_slug(&mut read, slug).await?
            && let Some(path) = &row.repo_path
            && Path::new(path) != repo
        {
            return Err(RunnerError::Conflict(format!(
                "project {slug} has the repository {path}, not {}; pass --slug to add this one as another project",
                repo.display()
            )));
        }
        Ok(())
    }

    /// A project from a git URL: the URL checked (scheme, credentials, every resolved address), the disk checked,
    /// the project recorded as cloning, and the clone run in the background into `DATA_DIR/projects/<slug>/repo`;
    /// once ready its first session (a shell on the default branch, in its own clone) starts.
    async fn add_url_project(
        &self,
        url: &str,
        input: NewProject,
        caller: &Caller,
    ) -> Result<RunnerProjectRow, RunnerError> {
        let config = self.handle.config();
        let checked = clone::check(url, config).await.map_err(RunnerError::Invalid)?;
        let slug = match input.slug {
            Some(slug) => slug,
            None => {
                let last = checked
                    .url
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or_default();
                slug_from(Path::new(last.trim_end_matches(".git")))?
            }
        };
        let projects = config.data_dir.path().join("projects");
        let target = projects.join(&slug).join("repo");
        self.slug_is_free(&slug, &target).await?;
        if target.exists() {
            return Err(RunnerError::Conflict(format!(
                "{} already exists; move it away or pass another --slug",
                target.display()
            )));
        }
        std::fs::create_dir_all(projects.join(&slug))
            .map_err(|err| RunnerError::Failed(format!("could not make {}: {err}", projects.display())))?;
        clone::check_disk(&projects, config.git_min_free_disk_mb).map_err(RunnerError::NoSpace)?;
        let target_text = target.to_string_lossy().into_owned();
        self.handle
            .board()
            .upsert_project(
                ProjectInput {
                    slug: slug.clone(),
                    name: input.name,
                    repo_path: Some(target_text.clone()),
                    description: None,
                },
                caller,
            )
            .await?;
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let project = board_db::project_by_slug(&mut write, &slug)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("project {slug} vanished while it was added")))?;
        db::insert_project(
            &mut write,
            project.id,
            "url",
            &target_text,
            Some(&checked.url),
            "cloning",
            self.handle.now_ms(),
        )
        .await?;
        write
            .emit(
                &slug,
                &payload::RunnerProjectAdded {
                    project: slug.clone(),
                    source: "url".to_owned(),
                    repo_path: target_text,
                    git_url: Some(checked.url.clone()),
                    state: "cloning".to_owned(),
                    actor: caller.label(),
                },
            )
            .await?;
        write.commit().await?;
        self.spawn_clone(project.id, &slug, checked, target);
        self.project(&slug).await
    }

    /// Clones a URL project again after its clone failed (its URL checked again, the disk too): `failed` →
    /// `cloning`, then `ready` with its first session, or `failed` with git's words.
    pub async fn retry_project(&self, slug: &str) -> Result<RunnerProjectRow, RunnerError> {
        let row = self.project(slug).await?;
        let Some(url) = row.git_url.clone() else {
            return Err(RunnerError::Precondition(format!(
                "{slug} runs sessions from the checkout {}: there is no clone to retry",
                row.repo_path
            )));
        };
        match row.state.as_str() {
            "failed" => {}
            "cloning" => {
                return Err(RunnerError::Precondition(format!(
                    "{slug} is still cloning; wait for it (relay project list shows its state)"
                )));
            }
            state => {
                return Err(RunnerError::Precondition(format!(
                    "{slug} is {state}, not failed: only a failed clone is retried"
                )));
            }
        }
        let config = self.handle.config();
        let checked = clone::check(&url, config).await.map_err(RunnerError::Invalid)?;
        let target = PathBuf::from(&row.repo_path);
        if let Some(parent) = target.parent() {
            clone::check_disk(parent, config.git_min_free_disk_mb).map_err(RunnerError::NoSpace)?;
        }
        if target.exists() {
            return Err(RunnerError::Conflict(format!(
                "{} exists though the clone failed; move it away and retry",
                target.display()
            )));
        }
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        db::set_project_state(&mut write, row.project_id, "cloning", None, self.handle.now_ms()).await?;
        write
            .emit(
                slug,
                &payload::RunnerProjectChanged {
                    project: slug.to_owned(),
                    state: "cloning".to_owned(),
                    previous: Some("failed".to_owned()),
                    error: None,
                },
            )
            .await?;
        write.commit().await?;
        self.spawn_clone(row.project_id, slug, checked, target);
        self.project(slug).await
    }

    /// Removes a project's runner side (seed §10 `DELETE /projects/{id}`): a clone under way is stopped, every
    /// session is stopped and removed (a snapshot of what is not committed first, as `relay session rm` does), a
    /// URL project's clone folder is deleted, and the project no longer runs sessions. A local project's checkout
    /// is never touched, and the board — tasks, plans, reviews — stays. Uncommitted changes in a session's own
    /// workspace refuse it unless `force`, before anything is touched.
    pub async fn remove_project(
        &self,
        slug: &str,
        force: bool,
        caller: &Caller,
    ) -> Result<payload::RunnerProjectRemoved, RunnerError> {
        let project = self.project(slug).await?;
        // A project has sessions only once its clone is done, so stopping a clone loses no one's work.
        let clone = lock(&self.state().clones).remove(&project.project_id);
        if let Some(clone) = clone {
            clone.cancel.notify_one();
            let _ = clone.task.await;
        }
        let sessions = self.list(Some(slug), false).await?;
        if !force {
            let mut dirty = Vec::new();
            for row in &sessions {
                let workspace = Path::new(&row.workspace);
                if owns_workspace(row)
                    && workspace.exists()
                    && git::is_dirty(workspace).await.unwrap_or(false)
                {
                    dirty.push(row.name.as_str());
                }
            }
            if !dirty.is_empty() {
                return Err(RunnerError::Precondition(format!(
                    "project {slug} was not removed: changes not committed in {}; commit or push them, or pass --force to lose them",
                    dirty.join(", ")
                )));
            }
        }
        let mut removed = Vec::with_capacity(sessions.len());
        for row in sessions {
            let current = parse_state(&row)?;
            if matches!(current, SessionState::Starting | SessionState::Running) {
                self.stop(&row.name).await?;
            }
            let row = self.get_by_id(row.id).await?;
            let name = row.name.clone();
            self.discard(row, SessionState::Stopped, force).await?;
            removed.push(name);
        }
        let url = project.source == "url";
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        db::remove_project(&mut write, project.project_id, url, self.handle.now_ms()).await?;
        let event = payload::RunnerProjectRemoved {
            project: slug.to_owned(),
            source: project.source.clone(),
            previous: project.state.clone(),
            sessions: removed,
            clone_removed: url,
            actor: caller.label(),
        };
        write.emit(slug, &event).await?;
        write.commit().await?;
        if url {
            // The clone and the session clones beside it: `DATA_DIR/projects/<slug>`.
            let folder = self.handle.config().data_dir.path().join("projects").join(slug);
            if let Err(err) = std::fs::remove_dir_all(&folder)
                && err.kind() != std::io::ErrorKind::NotFound
            {
                return Err(RunnerError::Failed(format!(
                    "project {slug} no longer runs sessions, but its clone {} was not deleted: {err}; delete it by hand",
                    folder.display()
                )));
            }
        }
        Ok(event)
    }

    /// The clone, in the background: [`Runs::finish_clone`].
    fn spawn_clone(&self, project_id: i64, slug: &str, checked: clone::Checked, target: PathBuf) {
        let handle = self.handle.clone();
        let slug = slug.to_owned();
        let cancel = Arc::new(tokio::sync::Notify::new());
        let stop = Arc::clone(&cancel);
        let task = tokio::spawn(async move {
            handle
                .runner()
                .finish_clone(project_id, &slug, checked, target, &stop)
                .await;
        });
        lock(&self.state().clones).insert(project_id, CloneTask { cancel, task });
    }

    /// Runs the clone; told to stop (the project is being removed) while git runs, it kills git, removes what
    /// was cloned and records nothing: the remover owns the project's rows then.
    async fn finish_clone(
        &self,
        project_id: i64,
        slug: &str,
        checked: clone::Checked,
        target: PathBuf,
        cancel: &tokio::sync::Notify,
    ) {
        let timeout = Duration::from_secs(self.handle.config().git_clone_timeout_s);
        self.check_free_disk().await;
        let began = std::time::Instant::now();
        let (progress, steps) = tokio::sync::mpsc::channel(64);
        let reporter = tokio::spawn(report_progress(self.handle.clone(), slug.to_owned(), steps));
        let outcome = tokio::select! {
            outcome = clone::clone(&checked, &target, timeout, progress) => Some(outcome),
            () = cancel.notified() => None,
        };
        let _ = reporter.await;
        let Some(outcome) = outcome else {
            if target.exists() {
                let _ = std::fs::remove_dir_all(&target);
            }
            return;
        };
        if outcome.is_ok() {
            self.state().metrics.git_clone.record(began.elapsed());
        }
        let error = outcome.as_ref().err().map(|said| format!("Clone failed: {said}"));
        if error.is_some() && target.exists() {
            let _ = std::fs::remove_dir_all(&target);
        }
        let state = if error.is_none() { "ready" } else { "failed" };
        let written = async {
            let store = self.handle.store();
            let mut write = store.begin_write().await?;
            db::set_project_state(
                &mut write,
                project_id,
                state,
                error.as_deref(),
                self.handle.now_ms(),
            )
            .await?;
            write
                .emit(
                    slug,
                    &payload::RunnerProjectChanged {
                        project: slug.to_owned(),
                        state: state.to_owned(),
                        previous: Some("cloning".to_owned()),
                        error: error.clone(),
                    },
                )
                .await?;
            write.commit().await?;
            Ok::<_, RunnerError>(())
        };
        if let Err(err) = written.await {
            tracing::warn!(project = %slug, error = %err, "a clone's end was not recorded");
            return;
        }
        if error.is_some() {
            return;
        }
        // The project has a session from the start (seed §7): a shell on the default branch, in its own clone.
        let branch = git::current_branch(&target)
            .await
            .unwrap_or_else(|_| "main".to_owned());
        let first = NewSession {
            project: Some(slug.to_owned()),
            branch: Some(branch),
            ..NewSession::default()
        };
        if let Err(err) = self.create(first, &Caller::socket_peer()).await {
            tracing::warn!(project = %slug, error = %err, "the first session of a cloned project did not start");
        }
    }

    /// Creates a session: a worktree on its branch (or on the task's), its profile started in a terminal, and
    /// the task bound to it — the branch reserved and the task bound in one write.
    pub async fn create(&self, input: NewSession, caller: &Caller) -> Result<RunnerSessionRow, RunnerError> {
        let profile = input
            .profile
            .clone()
            .unwrap_or_else(|| relay_core::profile::SHELL.to_owned());
        let backend = match input.backend.as_deref().map(str::trim) {
            None | Some("") => Backend::Local,
            Some(text) => Backend::parse(text).ok_or_else(|| {
                RunnerError::Invalid(format!(
                    "there is no backend {text:?}; pass --backend local (a terminal on this machine) or --backend docker (a container)"
                ))
            })?,
        };
        let image = match backend {
            Backend::Local => {
                if let Some(image) = &input.image {
                    return Err(RunnerError::Invalid(format!(
                        "--image {image} needs --backend docker; a local session runs on this machine, not in an image"
                    )));
                }
                None
            }
            Backend::Docker => {
                let image = input
                    .image
                    .clone()
                    .map(|i| i.trim().to_owned())
                    .unwrap_or_else(|| self.handle.config().docker_default_image.clone());
                self.docker()
                    .settings()
                    .check_image(&image)
                    .map_err(RunnerError::Forbidden)?;
                Some(image)
            }
        };
        if self.handle.config().profiles.get(&profile).is_none() {
            // The full check (the command exists) runs again at start; an unknown name is refused before anything.
            profile::command(&self.handle.config().profiles, &profile, "", Path::new("/"), None)?;
        }
        let store = self.handle.store();
        let task = match &input.task {
            Some(key) => {
                let mut read = store.read().await?;
                Some(self.handle.board().task_row(&mut read, key).await?)
            }
            None => None,
        };
        let slug = match (&input.project, &task) {
            (Some(project), Some(task)) if *project != task.project_slug => {
                return Err(RunnerError::Invalid(format!(
                    "task {} belongs to project {}, not {project}; leave --project out or pass a task of {project}",
                    input.task.clone().unwrap_or_default(),
                    task.project_slug
                )));
            }
            (Some(project), _) => project.clone(),
            (None, Some(task)) => task.project_slug.clone(),
            (None, None) => self.only_project().await?,
        };
        let project = {
            let mut read = store.read().await?;
            db::project_by_slug(&mut read, &slug).await?.ok_or_else(|| {
                RunnerError::NotFound(format!(
                    "project {slug} runs no sessions yet; add its checkout with `relay project add --repo <folder> --slug {slug}`"
                ))
            })?
        };
        match project.state.as_str() {
            "ready" => {}
            "cloning" => {
                return Err(RunnerError::Precondition(format!(
                    "project {slug} is still cloning from {}; its sessions can start once it is ready (`relay session list --project {slug}` shows its first)",
                    project.git_url.clone().unwrap_or_default()
                )));
            }
            _ => {
                return Err(RunnerError::Precondition(format!(
                    "project {slug} has no clone: {}",
                    project
                        .error
                        .clone()
                        .unwrap_or_else(|| "its clone failed".to_owned())
                )));
            }
        }
        let (branch, key) = match (&input.branch, &task) {
            (Some(_), Some(_)) => {
                return Err(RunnerError::Invalid(
                    "pass --branch or --task, not both (a task's session works on the branch named after it)"
                        .to_owned(),
                ));
            }
            (Some(branch), None) => (branch.trim().to_owned(), None),
            (None, Some(task)) => {
                let key = format!("{}-{}", task.project_slug, task.number);
                (git::task_branch(&key), Some((task.id, key)))
            }
            (None, None) => {
                return Err(RunnerError::Invalid(format!(
                    "pass --branch <name> or --task <key> for the new session's worktree; the checkout itself is project {slug}'s default session"
                )));
            }
        };
        let repo = PathBuf::from(&project.repo_path);
        git::check_branch_name(&repo, &branch)
            .await
            .map_err(RunnerError::Invalid)?;

        let project_lock = self.project_lock(project.project_id);
        let _serialized = project_lock.lock().await;
        let mut write = store.begin_write().await?;
        let number = db::next_session_number(&mut write, project.project_id, &slug).await?;
        let workspace = self
            .handle
            .config()
            .data_dir
            .path()
            .join("projects")
            .join(&slug)
            .join(if project.source == "url" || backend == Backend::Docker {
                "sessions"
            } else {
                "worktrees"
            })
            .join(format!("{number}"));
        let row = self
            .reserve(
                &mut write,
                project.project_id,
                &slug,
                false,
                (backend, image.as_deref()),
                &profile,
                &branch,
                &workspace.to_string_lossy(),
            )
            .await?;
        if let Some((task_id, key)) = &key {
            self.handle
                .board()
                .bind_in(&mut write, *task_id, key, &slug, &row.name, false, caller)
                .await?;
        }
        write.commit().await?;
        drop(_serialized);
        self.start(row, None).await
    }

    /// The lock that serializes a project's session creation and its worktree changes.
    fn project_lock(&self, project_id: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = lock(&self.state().project_locks);
        Arc::clone(locks.entry(project_id).or_default())
    }

    /// The one runner project when there is exactly one, else a refusal naming them.
    async fn only_project(&self) -> Result<String, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        let projects = db::projects(&mut read).await?;
        match projects.as_slice() {
            [one] => Ok(one.slug.clone()),
            [] => Err(RunnerError::NotFound(
                "no project runs sessions yet; add a checkout with `relay project add --repo <folder>`"
                    .to_owned(),
            )),
            many => Err(RunnerError::Invalid(format!(
                "pass --project: sessions run in {}",
                many.iter()
                    .map(|p| p.slug.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// Inside the write: the limits, the branch rule, the board session and the runner row (Starting).
    #[allow(clippy::too_many_arguments)]
    async fn reserve(
        &self,
        write: &mut WriteTx<'_>,
        project_id: i64,
        slug: &str,
        is_default: bool,
        (backend, image): (Backend, Option<&str>),
        profile: &str,
        branch: &str,
        workspace: &str,
    ) -> Result<RunnerSessionRow, RunnerError> {
        let config = self.handle.config();
        let (total, in_project) = db::live_counts(&mut *write, project_id).await?;
        if total >= i64::from(config.max_sessions_total) {
            return Err(RunnerError::Limit(format!(
                "relay already has {total} sessions (max_sessions_total = {}); remove one with `relay session rm` or raise max_sessions_total in config.toml",
                config.max_sessions_total
            )));
        }
        if in_project >= i64::from(config.max_sessions_per_project) {
            return Err(RunnerError::Limit(format!(
                "project {slug} already has {in_project} sessions (max_sessions_per_project = {}); remove one with `relay session rm` or raise max_sessions_per_project in config.toml",
                config.max_sessions_per_project
            )));
        }
        if let Some(holder) = db::branch_holder(&mut *write, project_id, branch).await? {
            return Err(RunnerError::Conflict(format!(
                "branch '{branch}' already has an active session ({holder}); attach to it with `relay session attach {holder}`, or pick another branch"
            )));
        }
        let number = db::next_session_number(&mut *write, project_id, slug).await?;
        let name = format!("run-{slug}-{number}");
        let now = self.handle.now_ms();
        let session_id = match board_db::session_by_name(&mut *write, &name).await? {
            Some(existing) => {
                return Err(RunnerError::Conflict(format!(
                    "a board session named {} already exists; rename it or remove the project's runner side",
                    existing.name
                )));
            }
            None => {
                board_db::insert_session(
                    &mut *write,
                    &name,
                    "named",
                    Some(&format!("{slug} · {branch}")),
                    now,
                )
                .await?
            }
        };
        let id = db::insert_session(
            &mut *write,
            session_id,
            project_id,
            is_default,
            backend.as_str(),
            image,
            profile,
            branch,
            workspace,
            now,
        )
        .await?;
        let row = db::session_by_id(&mut *write, id)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("session {name} vanished while it was created")))?;
        emit_state(write, &row, SessionState::Starting, None, None, None).await?;
        metrics::Metrics::add(&self.state().metrics.sessions_created, 1);
        Ok(row)
    }

    /// Makes the workspace if needed and starts the profile in a terminal; a failure leaves the session Failed
    /// with the reason (the answer is the session either way). Bounded by `session_creation_timeout_s`.
    async fn start(
        &self,
        row: RunnerSessionRow,
        resume: Option<String>,
    ) -> Result<RunnerSessionRow, RunnerError> {
        self.check_free_disk().await;
        let timeout = Duration::from_secs(self.handle.config().session_creation_timeout_s);
        let began = std::time::Instant::now();
        let started = tokio::time::timeout(timeout, self.start_inner(&row, resume)).await;
        let metrics = &self.state().metrics;
        if matches!(started, Ok(Ok(()))) {
            if row.backend == Backend::Docker.as_str() {
                metrics.ready_docker.record(began.elapsed());
            } else {
                metrics.ready_local.record(began.elapsed());
            }
        }
        let failure = match started {
            Ok(Ok(())) => None,
            Ok(Err(err)) => Some(err.to_string()),
            Err(_) => Some(format!(
                "the session did not start within {} s (session_creation_timeout_s); retry it with `relay session retry {}`",
                timeout.as_secs(),
                row.name
            )),
        };
        if let Some(error) = failure {
            metrics::Metrics::add(&self.state().metrics.sessions_failed, 1);
            tracing::warn!(session = %row.name, %error, "a runner session failed to start");
            self.transition(row.id, SessionState::Failed, Some(&error), None)
                .await?;
        }
        self.get_by_id(row.id).await
    }

    async fn start_inner(&self, row: &RunnerSessionRow, resume: Option<String>) -> Result<(), RunnerError> {
        let workspace = PathBuf::from(&row.workspace);
        let config = self.handle.config();
        let is_docker = row.backend == Backend::Docker.as_str();
        let (argv, mut env) = if is_docker {
            profile::command_for(
                profile::Target::Container,
                &config.profiles,
                &row.profile,
                &row.name,
                Path::new(docker::WORKSPACE_MOUNT),
                resume.as_deref(),
            )?
        } else {
            profile::command(
                &config.profiles,
                &row.profile,
                &row.name,
                &workspace,
                resume.as_deref(),
            )?
        };
        if !row.is_default && !workspace.join(".git").exists() {
            if let Some(parent) = workspace.parent() {
                std::fs::create_dir_all(parent).map_err(|err| {
                    RunnerError::Failed(format!("could not make the folder {}: {err}", parent.display()))
                })?;
                clone::check_disk(parent, config.git_min_free_disk_mb).map_err(RunnerError::NoSpace)?;
            }
            if row.source == "url" || is_docker {
                // Each session of a cloned project has its own clone (seed D4): no shared .git, no lock conflicts.
                // A docker session too: only its workspace is mounted, so a worktree's .git (which points into
                // the checkout) would not work inside the container.
                git::clone_local(Path::new(&row.repo_path), &workspace, &row.branch)
                    .await
                    .map_err(RunnerError::Failed)?;
            } else {
                // git worktree add reads the other worktrees' metadata while it writes its own: two at once in one
                // repository can read a half-made one (`failed to read .git/worktrees/3/commondir`). One at a time
                // per project, under the lock creation takes.
                let project_lock = self.project_lock(row.project_id);
                let _one_at_a_time = project_lock.lock().await;
                git::worktree_add(Path::new(&row.repo_path), &workspace, &row.branch)
                    .await
                    .map_err(RunnerError::Failed)?;
            }
        }
        let argv = if !is_docker && !row.is_default && config.local_sandbox {
            let git_dir = Path::new(&row.repo_path).join(".git");
            let mut writable: Vec<&Path> = vec![&workspace];
            if row.source != "url" && git_dir.is_dir() {
                writable.push(&git_dir);
            }
            // What git runs on its own (hooks) or reads as settings stays read-only: a sandboxed program must
            // not plant a hook that runs outside the sandbox.
            let guarded = [git_dir.join("hooks"), git_dir.join("config")];
            let guarded: Vec<&Path> = guarded
                .iter()
                .filter(|p| p.exists())
                .map(PathBuf::as_path)
                .collect();
            profile::sandboxed(argv, &workspace, &writable, &guarded)?
        } else {
            argv
        };
        let backend = self.backend_of(row);
        // A docker session's hooks reach relayd through a socket of its own, open before the container starts.
        let mut channel = match is_docker {
            true => Some(
                self.open_hooks(hooks::ContainerOrigin {
                    session_id: row.id,
                    name: row.name.clone(),
                    workspace: workspace.clone(),
                })
                .map_err(|err| {
                    RunnerError::Failed(format!("could not open the session's hook socket: {err}"))
                })?,
            ),
            false => None,
        };
        let mounts = hooks::HookMounts {
            dir: hooks::dir(&config.socket, &row.name),
            program: hooks::program(),
        };
        // A pull's progress becomes events while the session starts (the reporter ends with the sender).
        let (pull, pulling) = tokio::sync::mpsc::channel(64);
        let reporter = tokio::spawn(report_pull(self.handle.clone(), row.clone(), pulling));
        let created = backend
            .create(&InstanceSpec {
                session: &row.name,
                workspace: &workspace,
                image: row.image.as_deref(),
                container: row.container_id.as_deref(),
                hooks: is_docker.then_some(&mounts),
                pull: Some(&pull),
            })
            .await;
        drop(pull);
        // Its last event is in the log before the session's next state is.
        let _ = reporter.await;
        let instance = created.map_err(RunnerError::Failed)?;
        if instance.container != row.container_id {
            let store = self.handle.store();
            let mut write = store.begin_write().await?;
            db::set_container(
                &mut write,
                row.id,
                instance.container.as_deref(),
                self.handle.now_ms(),
            )
            .await?;
            write.commit().await?;
        }
        if is_docker {
            self.watch_docker();
            // MCP from inside: a token of this session's, on the host's address on the container's network.
            let grant = match instance.container.as_deref() {
                Some(container) => self.grant_mcp(&row.name, container).await,
                None => None,
            };
            self.write_mcp_files(&mounts.dir, grant.as_ref())?;
            if let Some(grant) = &grant {
                env.insert(mcp_gateway::URL_ENV.to_owned(), grant.url.clone());
            }
            if let Some(channel) = channel.as_mut() {
                channel.mcp = grant;
            }
        }
        let size = TermSize::DEFAULT;
        let (terminal, input) = Terminal::new(size, config.scrollback_lines, config.snapshot_max_lines);
        terminal.set_metrics(Arc::clone(&self.state().metrics));
        let exec = backend
            .exec_pty(
                &instance,
                ExecSpec { argv, env, size },
                Arc::clone(&terminal),
                input,
            )
            .await
            .map_err(RunnerError::Failed)?;
        let live = Live {
            terminal,
            docker: is_docker,
            stopping: Arc::new(AtomicBool::new(false)),
            running: Arc::new(AtomicBool::new(true)),
            ended: Arc::new(tokio::sync::Notify::new()),
            hooks: Arc::new(Mutex::new(channel)),
        };
        lock(&self.state().live).insert(row.id, live.clone());
        self.transition(row.id, SessionState::Running, None, None).await?;
        if let Some(container) = instance.container.clone().filter(|_| is_docker) {
            let handle = self.handle.clone();
            let running = Arc::clone(&live.running);
            let name = row.name.clone();
            let id = row.id;
            tokio::spawn(async move {
                handle
                    .runner()
                    .sample_container(id, &name, &container, &running)
                    .await;
            });
        }
        // The exec watchdog: the process's exit moves the session to Stopped (with the code when it failed).
        let handle = self.handle.clone();
        let id = row.id;
        let name = row.name.clone();
        let memory_mb = config.docker_memory_limit_mb;
        tokio::spawn(async move {
            let exit = exec.exit.await.unwrap_or(ExitInfo {
                code: None,
                signal: Some("a lost process (its watcher ended)".to_owned()),
            });
            live.running.store(false, Ordering::Release);
            live.terminal.exited(exit.clone());
            // The program is gone: so is what its hooks reached relayd through.
            lock(&live.hooks).take();
            let asked = live.stopping.load(Ordering::Acquire);
            let (mut state, mut error) = exit.outcome(asked);
            if is_docker && !asked {
                // The container may be why (killed, out of memory, the engine gone): then the session failed.
                if exit.code == Some(137) {
                    // A process killed for memory: the engine's oom event comes a moment later.
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                let docker = handle.runner().docker();
                let seen = if instance.container.as_deref().is_some_and(|c| docker.oom_seen(c)) {
                    InstanceState::OutOfMemory
                } else {
                    backend.inspect(&instance).await
                };
                if let Some(why) = docker::container_end(&seen, &name, memory_mb) {
                    state = SessionState::Failed;
                    error = Some(why);
                }
            }
            if let Err(err) = handle
                .runner()
                .after_exit(id, state, error.as_deref(), exit.code)
                .await
            {
                tracing::warn!(error = %err, "a runner session's exit was not recorded");
            }
            live.ended.notify_waiters();
        });
        Ok(())
    }

    /// A token for session `name`'s container to call MCP with, on the host's address on its network; `None`
    /// (and a warning in the log) when relayd cannot serve it there.
    async fn grant_mcp(&self, name: &str, container: &str) -> Option<mcp_gateway::Grant> {
        let granted = match self.docker().addresses(container).await {
            Ok((gateway, address)) => self
                .state()
                .mcp_gateways
                .grant(self.handle, name, gateway, address),
            Err(err) => Err(err),
        };
        match granted {
            Ok(grant) => Some(grant),
            Err(err) => {
                tracing::warn!(session = name, error = %err, "MCP is not reachable from this docker session's container");
                None
            }
        }
    }

    /// The session's MCP files in its hook folder (0600): `mcp.json` for `claude --mcp-config` (no server when
    /// MCP is not reachable) and `mcp-token`, present only while a token is.
    fn write_mcp_files(&self, dir: &Path, grant: Option<&mcp_gateway::Grant>) -> Result<(), RunnerError> {
        let failed = |err: crate::token::TokenError| {
            RunnerError::Failed(format!(
                "could not write the session's MCP settings into {}: {err}",
                dir.display()
            ))
        };
        crate::token::write_private(
            &dir.join("mcp.json"),
            mcp_gateway::claude_config(grant).as_bytes(),
        )
        .map_err(failed)?;
        let token = dir.join("mcp-token");
        match grant {
            Some(grant) => crate::token::write_private(&token, grant.token().as_bytes()).map_err(failed)?,
            None => {
                if let Err(err) = std::fs::remove_file(&token)
                    && err.kind() != std::io::ErrorKind::NotFound
                {
                    tracing::warn!(file = %token.display(), error = %err, "could not remove an old MCP token file");
                }
            }
        }
        Ok(())
    }

    async fn after_exit(
        &self,
        id: i64,
        state: SessionState,
        error: Option<&str>,
        code: Option<i64>,
    ) -> Result<(), RunnerError> {
        // A session removed (or failed) meanwhile keeps that state.
        self.transition_from(
            id,
            &[SessionState::Running, SessionState::Starting],
            state,
            error,
            code,
        )
        .await?;
        Ok(())
    }

    /// Writes a state with its event.
    async fn transition(
        &self,
        id: i64,
        to: SessionState,
        error: Option<&str>,
        code: Option<i64>,
    ) -> Result<(), RunnerError> {
        self.transition_from(id, &SessionState::ALL, to, error, code)
            .await
            .map(|_| ())
    }

    /// Writes a state with its event when the session is in one of `from` — read inside the same write, so two
    /// watchers (the terminal's end, an engine event) cannot overwrite each other's answer. Answers whether it
    /// wrote.
    async fn transition_from(
        &self,
        id: i64,
        from: &[SessionState],
        to: SessionState,
        error: Option<&str>,
        code: Option<i64>,
    ) -> Result<bool, RunnerError> {
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = db::session_by_id(&mut write, id)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("runner session {id} is gone")))?;
        let previous = SessionState::parse(&row.state);
        if !previous.is_some_and(|state| from.contains(&state)) {
            return Ok(false);
        }
        db::set_state(&mut write, id, to.as_str(), error, code, self.handle.now_ms()).await?;
        emit_state(&mut write, &row, to, previous, error, code).await?;
        write.commit().await?;
        Ok(true)
    }

    pub async fn get(&self, name: &str) -> Result<RunnerSessionRow, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        db::session_by_name(&mut read, name.trim()).await?.ok_or_else(|| {
            RunnerError::NotFound(format!(
                "there is no runner session {name:?}; `relay session list` shows them"
            ))
        })
    }

    async fn get_by_id(&self, id: i64) -> Result<RunnerSessionRow, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        db::session_by_id(&mut read, id)
            .await?
            .ok_or_else(|| RunnerError::NotFound(format!("runner session {id} is gone")))
    }

    pub async fn list(
        &self,
        project: Option<&str>,
        with_deleted: bool,
    ) -> Result<Vec<RunnerSessionRow>, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        let project_id = match project {
            Some(slug) => Some(
                db::project_by_slug(&mut read, slug)
                    .await?
                    .ok_or_else(|| RunnerError::NotFound(format!("project {slug} runs no sessions; `relay project add --repo <folder> --slug {slug}` adds its checkout")))?
                    .project_id,
            ),
            None => None,
        };
        Ok(db::sessions(&mut read, project_id, with_deleted).await?)
    }

    pub async fn projects(&self) -> Result<Vec<RunnerProjectRow>, RunnerError> {
        let store = self.handle.store();
        let mut read = store.read().await?;
        Ok(db::projects(&mut read).await?)
    }

    fn live(&self, id: i64) -> Option<Live> {
        lock(&self.state().live).get(&id).cloned()
    }

    /// Stops a session's process (SIGHUP, then SIGKILL); the session becomes Stopped, resume is offered.
    pub async fn stop(&self, name: &str) -> Result<RunnerSessionRow, RunnerError> {
        let row = self.get(name).await?;
        let current = parse_state(&row)?;
        state::next(&row.name, current, Action::Stop).map_err(RunnerError::State)?;
        match self.live(row.id).filter(|l| l.running.load(Ordering::Acquire)) {
            Some(live) => {
                live.stopping.store(true, Ordering::Release);
                let ended = live.ended.notified();
                tokio::pin!(ended);
                ended.as_mut().enable();
                live.terminal.kill();
                if tokio::time::timeout(STOP_WAIT, ended).await.is_err()
                    && live.running.load(Ordering::Acquire)
                {
                    return Err(RunnerError::Failed(format!(
                        "session {}'s process did not end within {} s of SIGHUP and SIGKILL; see `relay daemon logs`",
                        row.name,
                        STOP_WAIT.as_secs()
                    )));
                }
            }
            None => self.transition(row.id, SessionState::Stopped, None, None).await?,
        }
        if row.backend == Backend::Docker.as_str() {
            // The container goes down with its terminal (resume starts it again); what it holds stays.
            let instance = Self::instance_of(&row);
            if let Some(id) = &instance.container {
                self.docker().expect_stop(id);
            }
            if let Err(err) = self.docker().stop(&instance).await {
                tracing::warn!(session = %row.name, error = %err, "a stopped session's container did not stop");
            }
        }
        self.get_by_id(row.id).await
    }

    /// Starts a Stopped session again in its workspace; a Claude Code session continues its conversation.
    pub async fn resume(&self, name: &str) -> Result<RunnerSessionRow, RunnerError> {
        self.restart(name, Action::Resume).await
    }

    /// Starts a Failed session again; the workspace and the agent's session id are kept.
    pub async fn retry(&self, name: &str) -> Result<RunnerSessionRow, RunnerError> {
        self.restart(name, Action::Retry).await
    }

    async fn restart(&self, name: &str, action: Action) -> Result<RunnerSessionRow, RunnerError> {
        let row = self.get(name).await?;
        let current = parse_state(&row)?;
        let to = state::next(&row.name, current, action).map_err(RunnerError::State)?;
        self.transition(row.id, to, None, None).await?;
        let row = self.get_by_id(row.id).await?;
        let resume = row.agent_session_id.clone();
        self.start(row, resume).await
    }

    /// Removes a Stopped or Failed session and its worktree (its branch and commits stay). Uncommitted changes are
    /// kept unless `force`. The project's default session (the checkout) goes only with its project.
    pub async fn remove(&self, name: &str, force: bool) -> Result<RunnerSessionRow, RunnerError> {
        let row = self.get(name).await?;
        let current = parse_state(&row)?;
        state::next(&row.name, current, Action::Delete).map_err(RunnerError::State)?;
        if row.is_default {
            return Err(RunnerError::Invalid(format!(
                "{} is project {}'s default session (its checkout, {}); it goes only with its project",
                row.name, row.slug, row.workspace
            )));
        }
        if row.source == "url" {
            let store = self.handle.store();
            let mut read = store.read().await?;
            let (_, live) = db::live_counts(&mut read, row.project_id).await?;
            if live <= 1 {
                return Err(RunnerError::Precondition(format!(
                    "{} is project {}'s last session; a project always has one (start another with `relay session new --project {}` first)",
                    row.name, row.slug, row.slug
                )));
            }
        }
        self.discard(row, current, force).await
    }

    /// Removes a session that is not running: its container, its workspace (a snapshot of what is not committed
    /// first; uncommitted changes are refused unless `force`), its terminal and hook folder; it becomes Deleted.
    /// The project's own checkout (a local project's default session) is never removed.
    async fn discard(
        &self,
        row: RunnerSessionRow,
        current: SessionState,
        force: bool,
    ) -> Result<RunnerSessionRow, RunnerError> {
        let workspace = PathBuf::from(&row.workspace);
        if owns_workspace(&row) && workspace.exists() {
            if !force && git::is_dirty(&workspace).await.unwrap_or(false) {
                return Err(RunnerError::State(state::Refused {
                    session: row.name.clone(),
                    state: current,
                    action: Action::Delete,
                    hint: "its worktree has changes not committed; commit or stash them, or pass --force to lose them",
                }));
            }
            // A docker session works in its own clone, as a cloned project's session does.
            let clone = row.source == "url" || row.backend == Backend::Docker.as_str();
            // Nothing relay removes goes without a snapshot of what is not committed (docs/SPEC.md §13).
            self.handle
                .snapshot_before_remove(&row.name, row.session_id, &workspace, &row.repo_path, clone)
                .await
                .map_err(|err| {
                    RunnerError::Precondition(format!(
                        "the session's workspace {} was not removed: relay could not save its uncommitted work first ({err})",
                        workspace.display()
                    ))
                })?;
            // The container first (it mounts the workspace); a failure keeps everything.
            self.remove_container(&row).await?;
            if clone {
                std::fs::remove_dir_all(&workspace).map_err(|err| {
                    RunnerError::Failed(format!(
                        "could not remove the session's clone {}: {err}",
                        workspace.display()
                    ))
                })?;
            } else {
                git::worktree_remove(Path::new(&row.repo_path), &workspace, force)
                    .await
                    .map_err(|said| {
                        RunnerError::Failed(format!(
                            "git could not remove the worktree {}: {said}",
                            workspace.display()
                        ))
                    })?;
            }
        } else {
            self.remove_container(&row).await?;
        }
        if let Some(live) = lock(&self.state().live).remove(&row.id) {
            live.terminal.detach_all("the session was removed");
        }
        if row.backend == Backend::Docker.as_str() {
            // Its own network goes with it (one left behind — the engine gone a moment — goes at the next start).
            if let Err(err) = self.docker().remove_session_network(&row.name).await {
                tracing::warn!(session = %row.name, error = %err, "a removed session's network stays until relayd's next start");
            }
            self.state().hook_owners.forget(row.id);
            let dir = hooks::dir(&self.handle.config().socket, &row.name);
            if let Err(err) = std::fs::remove_dir_all(&dir)
                && err.kind() != std::io::ErrorKind::NotFound
            {
                tracing::warn!(dir = %dir.display(), error = %err, "could not remove a docker session's hook folder");
            }
        }
        self.transition(row.id, SessionState::Deleted, None, None).await?;
        self.get_by_id(row.id).await
    }

    /// Removes a docker session's container (nothing for a local one); a failure keeps the session.
    async fn remove_container(&self, row: &RunnerSessionRow) -> Result<(), RunnerError> {
        if row.backend != Backend::Docker.as_str() {
            return Ok(());
        }
        let instance = Self::instance_of(row);
        if let Some(id) = &instance.container {
            self.docker().expect_stop(id);
        }
        self.docker().remove(&instance).await.map_err(|err| {
            RunnerError::Failed(format!(
                "{err}; the session is kept (`relay session rm {}` again once Docker answers)",
                row.name
            ))
        })
    }

    /// Attaches to a session's terminal: the writer's keys reach the process (and its `size` becomes the
    /// terminal's); watchers only see.
    pub async fn attach(
        &self,
        name: &str,
        writer: bool,
        size: Option<TermSize>,
    ) -> Result<(RunnerSessionRow, Attachment), RunnerError> {
        let row = self.get(name).await?;
        match self.live(row.id) {
            Some(live) => Ok((row, live.terminal.attach(writer, size))),
            None => {
                let state = parse_state(&row)?;
                // Starting or running without a terminal here: its program is between start and exec, or relayd
                // is reconciling it after a restart.
                let refused = state::next(&row.name, state, Action::Attach)
                    .err()
                    .unwrap_or(state::Refused {
                        session: row.name.clone(),
                        state,
                        action: Action::Attach,
                        hint: "its terminal is not up yet; try again in a moment",
                    });
                Err(RunnerError::State(refused))
            }
        }
    }

    /// The session's history and screen as text, the newest `limit` lines.
    pub async fn scrollback(&self, name: &str, limit: usize) -> Result<Vec<String>, RunnerError> {
        let row = self.get(name).await?;
        match self.live(row.id) {
            Some(live) => Ok(live.terminal.scrollback(limit)),
            None => Err(RunnerError::NotFound(format!(
                "session {} has no terminal in this relayd (it has not run since relayd started); resume it first",
                row.name
            ))),
        }
    }

    /// The agent in a runner session reported its own session id (its hooks carry `RELAY_SESSION`): kept for
    /// resume. Answers whether `board_session` is a runner session.
    pub async fn link_agent(
        &self,
        write: &mut WriteTx<'_>,
        board_session: i64,
        agent_id: &str,
    ) -> Result<bool, RunnerError> {
        Ok(db::set_agent_session(&mut *write, board_session, agent_id, self.handle.now_ms()).await?)
    }

    /// At start: sessions a previous relayd left starting or running lost their process with it; they become
    /// Stopped with resume available (seed §11, §19).
    pub async fn reconcile_at_start(&self) -> Result<usize, RunnerError> {
        let rows = {
            let store = self.handle.store();
            let mut read = store.read().await?;
            db::left_running(&mut read).await?
        };
        for row in &rows {
            self.transition(
                row.id,
                SessionState::Stopped,
                Some("relayd restarted while this session ran, and its process ended with it; resume starts it again"),
                None,
            )
            .await?;
        }
        if self.handle.config().docker_allowed_images.is_empty() {
            tracing::warn!(
                "Docker image whitelist is empty: docker_allowed_images allows every image; list the images docker sessions may run in config.toml"
            );
        }
        let handle = self.handle.clone();
        tokio::spawn(async move { handle.runner().reconcile_docker().await });
        Ok(rows.len())
    }

    /// At shutdown: every local process is ended; its session becomes Stopped (resume after the restart).
    /// Docker containers are left running (seed §19): their sessions are Stopped by the next start's reconcile,
    /// and resume restarts the container with a new terminal.
    pub async fn shutdown(&self) {
        if let Some(watcher) = lock(&self.state().watcher).take() {
            watcher.abort();
        }
        let live: Vec<Live> = lock(&self.state().live).values().cloned().collect();
        for live in live.iter().filter(|l| l.running.load(Ordering::Acquire)) {
            live.stopping.store(true, Ordering::Release);
            live.terminal.detach_all("relayd is shutting down");
            if !live.docker {
                live.terminal.kill();
            }
        }
    }

    /// Starts the Docker events watcher unless one runs: the engine's `oom`, `die` and `destroy` for this
    /// home's containers fail their sessions with what happened, and a lost engine fails every running docker
    /// session (then the watcher reconnects with a growing pause, up to 30 s).
    fn watch_docker(&self) {
        let mut slot = lock(&self.state().watcher);
        if slot.as_ref().is_some_and(|h| !h.is_finished()) {
            return;
        }
        let handle = self.handle.clone();
        *slot = Some(tokio::spawn(async move {
            let docker = handle.runner().docker();
            let mut pause = Duration::from_secs(1);
            let mut lost = false;
            loop {
                let events = handle.clone();
                let on_event = move |event: docker::ContainerEvent| -> orchestrator::BoxFuture<'static, ()> {
                    let handle = events.clone();
                    Box::pin(async move { handle.runner().container_event(event).await })
                };
                let began = std::time::Instant::now();
                let why = docker.watch(&on_event).await;
                match docker.ping().await {
                    Ok(()) => {
                        if lost {
                            tracing::info!("the Docker engine answers again");
                            lost = false;
                        }
                        pause = Duration::from_secs(1);
                        if began.elapsed() < Duration::from_secs(1) {
                            tokio::time::sleep(pause).await;
                        }
                    }
                    Err(_) => {
                        if !lost {
                            tracing::warn!(reason = %why, "the Docker engine is gone; its running sessions failed");
                            metrics::Metrics::add(&handle.runner_state().metrics.docker_lost, 1);
                            handle.runner().docker_lost(&why).await;
                            lost = true;
                        }
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_secs(30));
                    }
                }
            }
        }));
    }

    /// One engine event for one of this home's containers.
    async fn container_event(&self, event: docker::ContainerEvent) {
        let docker = self.docker();
        if event.action == "oom" {
            docker.saw_oom(&event.container, true);
            metrics::Metrics::add(&self.state().metrics.docker_oom, 1);
        }
        let row = {
            let store = self.handle.store();
            let Ok(mut read) = store.read().await else { return };
            match db::session_by_container(&mut read, &event.container).await {
                Ok(Some(row)) => row,
                _ => return,
            }
        };
        let Ok(current) = parse_state(&row) else { return };
        let active = matches!(current, SessionState::Running | SessionState::Starting);
        let mut from = vec![SessionState::Running, SessionState::Starting];
        let why = match event.action.as_str() {
            // A process killed for memory while the terminal ran, or the terminal itself (it then ended with
            // an error a moment before).
            "oom" if active || (current == SessionState::Stopped && row.error.is_some()) => {
                from.push(SessionState::Stopped);
                docker::out_of_memory(&row.name, self.handle.config().docker_memory_limit_mb)
            }
            "die" if active && !docker.stop_expected(&event.container) => docker::container_end(
                &InstanceState::Stopped {
                    exit_code: event.exit_code,
                },
                &row.name,
                0,
            )
            .unwrap_or_default(),
            "destroy" if active && !docker.stop_expected(&event.container) => {
                docker::container_end(&InstanceState::Gone, &row.name, 0).unwrap_or_default()
            }
            _ => return,
        };
        tracing::warn!(session = %row.name, container = %event.container, action = %event.action, "a docker session's container failed");
        if let Err(err) = self
            .transition_from(row.id, &from, SessionState::Failed, Some(&why), None)
            .await
        {
            tracing::warn!(session = %row.name, error = %err, "a container's failure was not recorded");
        }
    }

    /// The engine is gone: every running docker session failed (their terminals went with it).
    async fn docker_lost(&self, why: &str) {
        let rows = {
            let store = self.handle.store();
            let Ok(mut read) = store.read().await else { return };
            db::docker_sessions(&mut read).await.unwrap_or_default()
        };
        for row in rows {
            if !matches!(
                SessionState::parse(&row.state),
                Some(SessionState::Running | SessionState::Starting)
            ) {
                continue;
            }
            if let Some(live) = self.live(row.id) {
                live.terminal
                    .detach_all("relayd lost its connection to the Docker engine");
            }
            let error = docker::lost(&row.name, why);
            if let Err(err) = self
                .transition_from(
                    row.id,
                    &[SessionState::Running, SessionState::Starting],
                    SessionState::Failed,
                    Some(&error),
                    None,
                )
                .await
            {
                tracing::warn!(session = %row.name, error = %err, "a lost container was not recorded");
            }
        }
    }

    /// At start, beside the rest of start-up: docker sessions whose container is gone fail (retry makes a new
    /// one), containers of this home that no session has are removed, and the events watcher starts.
    async fn reconcile_docker(&self) {
        // The networks before the sessions: a session's row is written before its network is made, so every
        // network listed here whose session is not read below is a leftover (a crash during rm, say).
        let networks = self.docker().session_networks().await;
        let rows = {
            let store = self.handle.store();
            let Ok(mut read) = store.read().await else { return };
            db::docker_sessions(&mut read).await.unwrap_or_default()
        };
        let docker = self.docker();
        let containers = match docker.containers().await {
            Ok(containers) => containers,
            Err(err) => {
                if !rows.is_empty() {
                    tracing::warn!(error = %err, "docker sessions could not be reconciled at start");
                }
                return;
            }
        };
        // One inspect per session, in order: this whole reconcile runs in the background, beside start-up.
        for row in &rows {
            let instance = Self::instance_of(row);
            if docker.inspect(&instance).await == InstanceState::Gone
                && row.state != SessionState::Failed.as_str()
            {
                let why = format!(
                    "its container is gone (removed while relayd was not running); `relay session retry {}` makes a new one",
                    row.name
                );
                if let Err(err) = self
                    .transition(row.id, SessionState::Failed, Some(&why), None)
                    .await
                {
                    tracing::warn!(session = %row.name, error = %err, "a missing container was not recorded");
                }
            }
        }
        // Only containers made before this relayd started: one a session is being created in now is not an orphan.
        let started_s = self.handle.started_at_ms() / 1000;
        for (id, session, created_s) in containers {
            let owned = rows
                .iter()
                .any(|row| row.container_id.as_deref() == Some(id.as_str()) || row.name == session);
            if !owned && created_s < started_s {
                tracing::info!(container = %id, session = %session, "removing a container no session has");
                docker.expect_stop(&id);
                let orphan = Instance {
                    workspace: PathBuf::new(),
                    container: Some(id),
                };
                if let Err(err) = docker.remove(&orphan).await {
                    tracing::warn!(error = %err, "an orphaned container was not removed");
                }
            }
        }
        // Then the session networks no session has (their containers went just above).
        for (id, session) in networks.unwrap_or_default() {
            if rows.iter().any(|row| row.name == session) {
                continue;
            }
            tracing::info!(network = %id, session = %session, "removing a network no session has");
            if let Err(err) = docker.remove_network(&id).await {
                tracing::warn!(error = %err, "an orphaned network was not removed");
            }
        }
        if !rows.is_empty() {
            self.watch_docker();
        }
    }
}

/// Whether removing the session removes its workspace: everything but a local project's checkout (its default
/// session works there).
fn owns_workspace(row: &RunnerSessionRow) -> bool {
    !(row.is_default && row.source == "local")
}

fn parse_state(row: &RunnerSessionRow) -> Result<SessionState, RunnerError> {
    SessionState::parse(&row.state).ok_or_else(|| {
        RunnerError::Failed(format!(
            "session {} has an unknown state {:?}",
            row.name, row.state
        ))
    })
}

async fn emit_state(
    write: &mut WriteTx<'_>,
    row: &RunnerSessionRow,
    to: SessionState,
    previous: Option<SessionState>,
    error: Option<&str>,
    code: Option<i64>,
) -> Result<(), RunnerError> {
    write
        .emit(
            &row.name,
            &payload::RunnerSessionChanged {
                project: row.slug.clone(),
                session: row.name.clone(),
                state: to.as_str().to_owned(),
                previous: previous.map(|s| s.as_str().to_owned()),
                branch: row.branch.clone(),
                profile: row.profile.clone(),
                error: error.map(str::to_owned),
                exit_code: code,
            },
        )
        .await?;
    Ok(())
}

/// A project slug from a checkout's folder name: lowercase letters, digits and single dashes.
fn slug_from(top: &Path) -> Result<String, RunnerError> {
    let name = top
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(40).collect();
    let slug = slug.trim_end_matches('-').to_owned();
    if slug.is_empty() {
        return Err(RunnerError::Invalid(format!(
            "no project slug can be made from the folder name of {}; pass --slug",
            top.display()
        )));
    }
    Ok(slug)
}

#[cfg(test)]
mod tests;
