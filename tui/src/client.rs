//! The gRPC client over the local socket (or a remote relayd's TLS listener with `--server`, `remote.rs`), and
//! starting relayd in the background when it is not running.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hyper_util::rt::TokioIo;
use relay_core::config::{Config, Flags};
use relay_core::proto::board_service_client::BoardServiceClient;
use relay_core::proto::coordination_service_client::CoordinationServiceClient;
use relay_core::proto::daemon_service_client::DaemonServiceClient;
use relay_core::proto::environment_service_client::EnvironmentServiceClient;
use relay_core::proto::graph_service_client::GraphServiceClient;
use relay_core::proto::review_service_client::ReviewServiceClient;
use relay_core::proto::runner_service_client::RunnerServiceClient;
use relay_core::proto::{GetStatusRequest, Status};
use tokio::net::UnixStream;
use tonic::metadata::{AsciiMetadataValue, MetadataValue};
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};

use crate::error::CliError;
use crate::remote::{RemoteArgs, Server};

/// How long a remote connection (TCP, TLS and HTTP/2) may take.
pub const REMOTE_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Adds the remote token to every request; on the local socket there is none (the peer check is the owner).
#[derive(Clone, Debug, Default)]
pub struct Bearer(Option<AsciiMetadataValue>);

impl Interceptor for Bearer {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        if let Some(value) = &self.0 {
            request.metadata_mut().insert("authorization", value.clone());
        }
        Ok(request)
    }
}

/// The channel every service client sends on.
pub type Transport = InterceptedService<Channel, Bearer>;

/// How long `relay` waits for a daemon it started to answer.
pub const START_TIMEOUT: Duration = Duration::from_secs(10);

/// A connected client: one channel, a client per `relay.v1` service.
#[derive(Clone, Debug)]
pub struct Client {
    /// The daemon itself: status, the event stream, backups, shutdown.
    pub daemon: DaemonServiceClient<Transport>,
    /// Projects, tasks, sessions, reports, decisions, rules, the inbox and the lists.
    pub board: BoardServiceClient<Transport>,
    /// Screenshots, plans, the review checklist and the comment thread.
    pub review: ReviewServiceClient<Transport>,
    /// Hook calls, the lock table, the wake-up hook.
    pub coord: CoordinationServiceClient<Transport>,
    /// Runner projects, sessions and their terminals.
    pub runner: RunnerServiceClient<Transport>,
    /// Environments, the access map, policy layers and their proposals.
    pub environments: EnvironmentServiceClient<Transport>,
    /// The memory graph: status, enable and disable, rebuild, counts, named queries.
    pub graph: GraphServiceClient<Transport>,
}

impl Client {
    /// A client on the local socket's channel.
    pub fn new(channel: Channel) -> Client {
        Client::with_bearer(channel, Bearer::default())
    }

    fn with_bearer(channel: Channel, bearer: Bearer) -> Client {
        Client {
            daemon: DaemonServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            board: BoardServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            review: ReviewServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            coord: CoordinationServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            environments: EnvironmentServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            runner: RunnerServiceClient::with_interceptor(channel.clone(), bearer.clone()),
            graph: GraphServiceClient::with_interceptor(channel, bearer),
        }
    }

    /// Connects to a remote relayd (`--server`), sending its token with every request.
    pub async fn remote(server: &Server) -> Result<Client, crate::remote::ConnectError> {
        let bearer: AsciiMetadataValue = MetadataValue::try_from(server.bearer()).map_err(|_| {
            crate::remote::ConnectError::Other("the remote token cannot be sent as a header".to_owned())
        })?;
        let channel = server.connect(REMOTE_CONNECT_TIMEOUT).await?;
        Ok(Client::with_bearer(channel, Bearer(Some(bearer))))
    }
}

/// What every command knows: the flags as given (passed on unchanged to a daemon it starts), the
/// configuration they resolve to, and the remote relayd of `--server`, if one was named.
#[derive(Clone, Debug)]
pub struct Context {
    pub flags: Flags,
    pub config: Config,
    pub remote: Option<Server>,
}

impl Context {
    pub fn load(flags: Flags) -> Result<Context, CliError> {
        Context::load_with(flags, &RemoteArgs::default())
    }

    /// [`Context::load`] with `--server` and its flags.
    pub fn load_with(flags: Flags, remote: &RemoteArgs) -> Result<Context, CliError> {
        let config = Config::load(&flags)?;
        let remote = Server::from_args(remote)?;
        Ok(Context {
            flags,
            config,
            remote,
        })
    }
}

/// Connects to the relayd this context names: the remote one of `--server`, else the local socket (never
/// starting anything). `None` when nothing answers; a remote server whose certificate changed is an error.
pub async fn reconnect(ctx: &Context) -> Result<Client, CliError> {
    match &ctx.remote {
        Some(server) => Ok(Client::remote(server).await?),
        None => connect(&ctx.config.socket).await.map_err(|_| not_running(ctx)),
    }
}

/// The first call's failure on a remote server, in words: a plaintext client at relayd's TLS listener gets a
/// broken HTTP/2 answer, which says nothing by itself.
fn first_answer(server: &Server, status: tonic::Status) -> CliError {
    let broken = matches!(
        status.code(),
        tonic::Code::Unknown | tonic::Code::Internal | tonic::Code::Cancelled
    );
    if !server.is_tls() && broken {
        return CliError::Unreachable(format!(
            "{} did not answer as plaintext gRPC ({}); relayd's remote listener speaks TLS only, so use https://",
            server.authority,
            status.message()
        ));
    }
    if server.is_tls() && !server.has_client_cert() && broken {
        return CliError::Failed(format!(
            "{} closed the connection ({}); if it requires mTLS (remote_require_mtls), pass --client-cert and --client-key (`relay daemon client-cert NAME` on the server makes them)",
            server.authority,
            status.message()
        ));
    }
    status.into()
}

/// [`probe`] of the relayd this context names.
pub async fn probe_ctx(ctx: &Context) -> Result<Option<(Client, Status)>, CliError> {
    match &ctx.remote {
        None => Ok(probe(&ctx.config.socket).await),
        Some(server) => {
            let mut client = match Client::remote(server).await {
                Ok(client) => client,
                Err(crate::remote::ConnectError::Unreachable(_)) => return Ok(None),
                Err(err) => return Err(err.into()),
            };
            let status = client
                .daemon
                .get_status(GetStatusRequest {})
                .await
                .map_err(|status| first_answer(server, status))?
                .into_inner();
            Ok(Some((client, status)))
        }
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
    if let Some(server) = &ctx.remote {
        return CliError::Unreachable(format!(
            "relayd does not answer at {}; is it running there with remote_listen set?",
            server.authority
        ));
    }
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
    if let Some(server) = &ctx.remote {
        // A remote relayd is never started from here; the first call says whether the token is good.
        let mut client = Client::remote(server).await?;
        client
            .daemon
            .get_status(GetStatusRequest {})
            .await
            .map_err(|status| first_answer(server, status))?;
        return Ok((client, false));
    }
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
    if let Some(server) = &ctx.remote {
        return Err(CliError::Failed(format!(
            "relayd runs on {}: start it there (`relay daemon start` on that machine); this relay only connects to it",
            server.authority
        )));
    }
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
