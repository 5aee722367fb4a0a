//! The gRPC client over the local socket, and starting relayd in the background when it is not running.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hyper_util::rt::TokioIo;
use relay_core::config::{Config, Flags};
use relay_core::proto::board_service_client::BoardServiceClient;
use relay_core::proto::coordination_service_client::CoordinationServiceClient;
use relay_core::proto::daemon_service_client::DaemonServiceClient;
use relay_core::proto::review_service_client::ReviewServiceClient;
use relay_core::proto::runner_service_client::RunnerServiceClient;
use relay_core::proto::{GetStatusRequest, Status};
use tokio::net::UnixStream;
use tonic::transport::{Channel, Endpoint};

use crate::error::CliError;

/// How long `relay` waits for a daemon it started to answer.
pub const START_TIMEOUT: Duration = Duration::from_secs(10);

/// A connected client: one channel, a client per `relay.v1` service.
#[derive(Clone, Debug)]
pub struct Client {
    /// The daemon itself: status, the event stream, backups, shutdown.
    pub daemon: DaemonServiceClient<Channel>,
    /// Projects, tasks, sessions, reports, decisions, rules, the inbox and the lists.
    pub board: BoardServiceClient<Channel>,
    /// Screenshots, plans, the review checklist and the comment thread.
    pub review: ReviewServiceClient<Channel>,
    /// Hook calls, the lock table, the wake-up hook.
    pub coord: CoordinationServiceClient<Channel>,
    /// Runner projects, sessions and their terminals.
    pub runner: RunnerServiceClient<Channel>,
}

impl Client {
    pub fn new(channel: Channel) -> Client {
        Client {
            daemon: DaemonServiceClient::new(channel.clone()),
            board: BoardServiceClient::new(channel.clone()),
            review: ReviewServiceClient::new(channel.clone()),
            coord: CoordinationServiceClient::new(channel.clone()),
            runner: RunnerServiceClient::new(channel),
        }
    }
}

/// What every command knows: the flags as given (passed on unchanged to a daemon it starts) and the
/// configuration they resolve to.
#[derive(Clone, Debug)]
pub struct Context {
    pub flags: Flags,
    pub config: Config,
}

impl Context {
    pub fn load(flags: Flags) -> Result<Context, CliError> {
        let config = Config::load(&flags)?;
        Ok(Context { flags, config })
    }
}

/// Connects to the socket at `path`. Fails fast when nothing listens there.
pub async fn connect(path: &Path) -> Result<Client, std::io::Error> {
    connect_within(path, Duration::from_secs(2)).await
}

/// Connects to the socket at `path`, giving up after `timeout` (the dial and the HTTP/2 handshake together).
pub async fn connect_within(path: &Path, timeout: Duration) -> Result<Client, std::io::Error> {
    let path = path.to_path_buf();
    // The URI is required by the API but unused: the connector dials the socket.
    let endpoint = Endpoint::from_static("http://relayd.local").connect_timeout(timeout);
    let connecting = endpoint.connect_with_connector(tower::service_fn(move |_| {
        let path = path.clone();
        async move { Ok::<_, std::io::Error>(TokioIo::new(UnixStream::connect(path).await?)) }
    }));
    let channel = tokio::time::timeout(timeout, connecting)
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "connecting timed out"))?
        .map_err(std::io::Error::other)?;
    Ok(Client::new(channel))
}

/// Connects and asks for the status; `None` when no daemon answers on the socket.
pub async fn probe(path: &Path) -> Option<(Client, Status)> {
    let mut client = connect(path).await.ok()?;
    let status = client
        .daemon
        .get_status(GetStatusRequest {})
        .await
        .ok()?
        .into_inner();
    Some((client, status))
}

/// The error for "no daemon here", naming what to do.
pub fn not_running(ctx: &Context) -> CliError {
    let data = ctx.config.data_dir.path();
    match relay_core::lock::is_held(&ctx.config.data_dir) {
        true => CliError::Unreachable(format!(
            "relayd (pid {}) holds {} but does not answer on {}; see `relay daemon logs`",
            relay_core::lock::holder_pid(&ctx.config.data_dir)
                .map_or_else(|| "?".to_owned(), |p| p.to_string()),
            data.display(),
            ctx.config.socket.display()
        )),
        false => CliError::Unreachable(format!(
            "relayd is not running for {}; start it with `relay daemon start`",
            data.display()
        )),
    }
}

/// A client for a command that needs the daemon: connects, or starts relayd in the background (saying so
/// on stderr once) and waits until it answers.
pub async fn daemon_client(ctx: &Context) -> Result<Client, CliError> {
    Ok(daemon_client_started(ctx).await?.0)
}

/// [`daemon_client`], saying whether this call started relayd (the window then brings it back by itself).
pub async fn daemon_client_started(ctx: &Context) -> Result<(Client, bool), CliError> {
    if let Some((client, _)) = probe(&ctx.config.socket).await {
        return Ok((client, false));
    }
    let (client, status) = start(ctx).await?;
    eprintln!(
        "relay: relayd was not running; started it (pid {}, logs in {})",
        status.pid,
        ctx.config.log_dir.display()
    );
    Ok((client, true))
}

/// Starts relayd in the background and waits until it answers, at most [`START_TIMEOUT`]. When a daemon
/// already holds the data directory (it may be starting), waits for that one instead.
pub async fn start(ctx: &Context) -> Result<(Client, Status), CliError> {
    let mut child = if relay_core::lock::is_held(&ctx.config.data_dir) {
        None
    } else {
        Some(spawn(ctx)?)
    };
    let deadline = Instant::now() + START_TIMEOUT;
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(ready) = probe(&ctx.config.socket).await {
            return Ok(ready);
        }
        if let Some(running) = child.as_mut()
            && let Ok(Some(exit)) = running.try_wait()
        {
            let mut stderr = String::new();
            if let Some(mut pipe) = running.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            let reason = stderr.trim().trim_start_matches("relay: error: ").to_owned();
            return Err(CliError::Failed(if reason.is_empty() {
                format!("relayd exited ({exit}) before answering; see `relay daemon logs`")
            } else {
                format!("relayd could not start: {reason}")
            }));
        }
        if Instant::now() >= deadline {
            return Err(CliError::Unreachable(format!(
                "relayd did not answer on {} within {} s; see `relay daemon logs`",
                ctx.config.socket.display(),
                START_TIMEOUT.as_secs()
            )));
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// Spawns `relay daemon run` with the same flags, detached from the terminal's process group.
fn spawn(ctx: &Context) -> Result<Child, CliError> {
    use std::os::unix::process::CommandExt;
    let exe = std::env::current_exe()
        .map_err(|e| CliError::Failed(format!("cannot find the relay binary: {e}")))?;
    let mut command = Command::new(exe);
    command.args(flag_args(&ctx.flags)).args(["daemon", "run"]);
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0);
    command
        .spawn()
        .map_err(|e| CliError::Failed(format!("cannot start relayd: {e}")))
}

/// The global flags as command-line arguments.
pub fn flag_args(flags: &Flags) -> Vec<std::ffi::OsString> {
    let mut args = Vec::new();
    if let Some(home) = &flags.home {
        args.push("--home".into());
        args.push(absolute(home).into_os_string());
    }
    if let Some(port) = flags.port {
        args.push("--port".into());
        args.push(port.to_string().into());
    }
    if let Some(socket) = &flags.socket {
        args.push("--socket".into());
        args.push(absolute(socket).into_os_string());
    }
    args
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
