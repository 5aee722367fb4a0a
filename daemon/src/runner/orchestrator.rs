//! The backends a runner session runs on, behind one trait: `local` (a PTY on this machine, in the workspace)
//! and `docker` (`docker.rs`: a container per session with an idle entrypoint, PTYs through `docker exec`) — a
//! trait because there are two real implementations (the seed's §5). The shape follows what bollard offers: create (and start) a container, exec a command with a
//! TTY in it, resize the exec's TTY, inspect, stop, remove. For `local` there is no container: create and remove
//! are nothing, the exec is the process.

use std::collections::BTreeMap;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use super::state::ExitInfo;
use super::terminal::{PtyControl, TermSize, Terminal};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Which backend runs a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Local,
    Docker,
}

impl Backend {
    pub const fn as_str(self) -> &'static str {
        match self {
            Backend::Local => "local",
            Backend::Docker => "docker",
        }
    }

    pub fn parse(text: &str) -> Option<Backend> {
        match text {
            "local" => Some(Backend::Local),
            "docker" => Some(Backend::Docker),
            _ => None,
        }
    }
}

/// Where a session's processes run: the workspace and, for docker, its container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub workspace: PathBuf,
    /// The container's id (docker); `None` for local.
    pub container: Option<String>,
}

/// What a session's instance is made from.
#[derive(Clone, Copy, Debug)]
pub struct InstanceSpec<'a> {
    /// The runner session's name (the container's `relay.session_id` label).
    pub session: &'a str,
    pub workspace: &'a std::path::Path,
    /// The image (docker); `None` for local.
    pub image: Option<&'a str>,
    /// The container the session had, to start again (docker).
    pub container: Option<&'a str>,
    /// What a new container mounts for relay's hooks (docker).
    pub hooks: Option<&'a super::hooks::HookMounts>,
    /// Where a pull of the image the engine lacks reports how far it is (docker).
    pub pull: Option<&'a mpsc::Sender<PullProgress>>,
}

/// How far a pull of a session's image is: all its layers together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PullProgress {
    /// Bytes downloaded of the layers whose size the engine told.
    pub downloaded: u64,
    /// Their size.
    pub total: u64,
}

impl PullProgress {
    /// Downloaded in percent of the total, once a total is known.
    pub fn percent(&self) -> Option<u8> {
        (self.total > 0)
            .then(|| u8::try_from((self.downloaded.min(self.total) * 100) / self.total).unwrap_or(100))
    }
}

/// One command to run in a terminal: an absolute program and its arguments (no shell), and its environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecSpec {
    pub argv: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub size: TermSize,
}

/// A started terminal process: its exit, reported once (the exec watchdog's primary signal).
#[derive(Debug)]
pub struct Exec {
    pub exit: oneshot::Receiver<ExitInfo>,
}

/// What an instance looks like from outside (docker's inspect; local: whether the workspace is there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstanceState {
    Running,
    /// The container is there but stopped (docker), with its exit code.
    Stopped {
        exit_code: Option<i64>,
    },
    Gone,
    /// The container died of its memory limit (docker).
    OutOfMemory,
    /// The backend did not answer (docker: the engine is unreachable), with why.
    Unreachable(String),
}

/// A backend: the operations a session's lifecycle needs.
pub trait ContainerOrchestrator: Send + Sync + std::fmt::Debug {
    fn backend(&self) -> Backend;

    /// Makes the session's instance around its workspace (docker: starts the container it had, or creates and
    /// starts one).
    fn create<'a>(&'a self, spec: &'a InstanceSpec<'a>) -> BoxFuture<'a, Result<Instance, String>>;

    /// Runs `spec` with a TTY in the instance: output goes to `terminal`, `input` is what the writer typed; the
    /// terminal gets the backend's resize and kill.
    fn exec_pty<'a>(
        &'a self,
        instance: &'a Instance,
        spec: ExecSpec,
        terminal: Arc<Terminal>,
        input: mpsc::Receiver<Vec<u8>>,
    ) -> BoxFuture<'a, Result<Exec, String>>;

    fn inspect<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, InstanceState>;

    /// Stops the instance (docker: the container; local: nothing beyond the process, which the terminal ends).
    fn stop<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, Result<(), String>>;

    /// Removes the instance (docker: the container; the workspace is the runner's to remove).
    fn remove<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, Result<(), String>>;
}

/// The local backend: a PTY on this machine (portable-pty), in the workspace. Not isolated: the process runs as
/// the user, with the user's files.
#[derive(Debug, Default)]
pub struct Local;

/// How long a process has to end after SIGHUP before it gets SIGKILL.
const KILL_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

impl ContainerOrchestrator for Local {
    fn backend(&self) -> Backend {
        Backend::Local
    }

    fn create<'a>(&'a self, spec: &'a InstanceSpec<'a>) -> BoxFuture<'a, Result<Instance, String>> {
        Box::pin(async move {
            Ok(Instance {
                workspace: spec.workspace.to_path_buf(),
                container: None,
            })
        })
    }

    fn exec_pty<'a>(
        &'a self,
        instance: &'a Instance,
        spec: ExecSpec,
        terminal: Arc<Terminal>,
        input: mpsc::Receiver<Vec<u8>>,
    ) -> BoxFuture<'a, Result<Exec, String>> {
        let workspace = instance.workspace.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || spawn_local(workspace, spec, terminal, input))
                .await
                .map_err(|err| format!("starting the terminal's process failed: {err}"))?
        })
    }

    fn inspect<'a>(&'a self, instance: &'a Instance) -> BoxFuture<'a, InstanceState> {
        Box::pin(async move {
            if instance.workspace.is_dir() {
                InstanceState::Running
            } else {
                InstanceState::Gone
            }
        })
    }

    fn stop<'a>(&'a self, _instance: &'a Instance) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async { Ok(()) })
    }

    fn remove<'a>(&'a self, _instance: &'a Instance) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async { Ok(()) })
    }
}

struct LocalControl {
    master: std::sync::Mutex<Box<dyn portable_pty::MasterPty + Send>>,
    pid: Option<u32>,
    killer: std::sync::Mutex<Box<dyn portable_pty::ChildKiller + Send + Sync>>,
}

impl std::fmt::Debug for LocalControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalControl")
            .field("pid", &self.pid)
            .finish_non_exhaustive()
    }
}

fn pty_size(size: TermSize) -> portable_pty::PtySize {
    portable_pty::PtySize {
        rows: size.rows,
        cols: size.cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl PtyControl for LocalControl {
    fn resize(&self, size: TermSize) -> Result<(), String> {
        self.master
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .resize(pty_size(size))
            .map_err(|err| format!("resizing the terminal failed: {err}"))
    }

    fn kill(&self) {
        // SIGHUP first (what closing a terminal sends), SIGKILL if the process is still there after the grace.
        if let Err(err) = self.killer.lock().unwrap_or_else(|p| p.into_inner()).kill() {
            tracing::debug!(error = %err, "SIGHUP to a terminal's process failed");
        }
        if let Some(pid) = self
            .pid
            .and_then(|pid| i32::try_from(pid).ok())
            .and_then(rustix::process::Pid::from_raw)
        {
            std::thread::spawn(move || {
                std::thread::sleep(KILL_GRACE);
                // The process may be gone (and its pid unused): ESRCH is the expected answer then.
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            });
        }
    }
}

fn spawn_local(
    workspace: PathBuf,
    spec: ExecSpec,
    terminal: Arc<Terminal>,
    mut input: mpsc::Receiver<Vec<u8>>,
) -> Result<Exec, String> {
    let program = spec.argv.first().cloned().unwrap_or_default();
    let pty = portable_pty::native_pty_system()
        .openpty(pty_size(spec.size))
        .map_err(|err| format!("could not open a terminal (PTY) for {program}: {err}"))?;
    let mut command = portable_pty::CommandBuilder::from_argv(spec.argv.iter().map(Into::into).collect());
    command.cwd(&workspace);
    for (key, value) in &spec.env {
        command.env(key, value);
    }
    let mut child = pty
        .slave
        .spawn_command(command)
        .map_err(|err| format!("could not start {program} in {}: {err}", workspace.display()))?;
    drop(pty.slave);
    let mut reader = pty
        .master
        .try_clone_reader()
        .map_err(|err| format!("could not read the terminal of {program}: {err}"))?;
    let mut writer = pty
        .master
        .take_writer()
        .map_err(|err| format!("could not write to the terminal of {program}: {err}"))?;
    let control = Arc::new(LocalControl {
        pid: child.process_id(),
        killer: std::sync::Mutex::new(child.clone_killer()),
        master: std::sync::Mutex::new(pty.master),
    });
    terminal.set_control(control);

    let (eof_tx, eof_rx) = std::sync::mpsc::channel::<()>();
    let feed = Arc::clone(&terminal);
    spawn_thread("relay-pty-read", move || {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            match std::io::Read::read(&mut reader, &mut buf) {
                Ok(0) => break,
                Ok(n) => feed.feed(&buf[..n]),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                // EIO once the process and every holder of the terminal have gone.
                Err(_) => break,
            }
        }
        let _ = eof_tx.send(());
    })?;
    spawn_thread("relay-pty-write", move || {
        while let Some(bytes) = input.blocking_recv() {
            if std::io::Write::write_all(&mut writer, &bytes)
                .and_then(|()| std::io::Write::flush(&mut writer))
                .is_err()
            {
                break;
            }
        }
    })?;
    let (exit_tx, exit_rx) = oneshot::channel();
    spawn_thread("relay-pty-wait", move || {
        let exit = match child.wait() {
            Ok(status) => match status.signal() {
                Some(signal) => ExitInfo {
                    code: None,
                    signal: Some(signal.to_owned()),
                },
                None => ExitInfo {
                    code: Some(i64::from(status.exit_code())),
                    signal: None,
                },
            },
            Err(err) => ExitInfo {
                code: None,
                signal: Some(format!("an unknown end ({err})")),
            },
        };
        // The last output is read before the exit is told (a short wait: a background child may keep the
        // terminal open after the process itself ended).
        let _ = eof_rx.recv_timeout(std::time::Duration::from_millis(500));
        let _ = exit_tx.send(exit);
    })?;
    Ok(Exec { exit: exit_rx })
}

fn spawn_thread(name: &str, body: impl FnOnce() + Send + 'static) -> Result<(), String> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(body)
        .map(|_| ())
        .map_err(|err| format!("could not start a thread for the terminal: {err}"))
}
