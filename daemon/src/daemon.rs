//! The daemon's lifecycle: lock, token, store, listeners, serve, graceful shutdown.

use std::net::SocketAddr;
use std::time::Duration;

use relay_core::config::Config;
use relay_core::event::payload;
use tokio::net::TcpListener;

use crate::error::DaemonError;
use crate::fsutil::{create_private_dir, set_private_umask};
use crate::handle::DaemonHandle;
use crate::lock::DataLock;
use crate::store::Store;
use crate::token::{Token, TokenFile};
use crate::{component, http, rpc, socket};

/// How long in-flight requests may take to finish once shutdown starts.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

/// Runs relayd until SIGINT, SIGTERM or a `StopDaemon` request, then shuts down gracefully.
pub async fn run(config: Config) -> Result<(), DaemonError> {
    set_private_umask();
    let data = config.data_dir.clone();
    create_private_dir(data.path())?;
    let lock = DataLock::acquire(&data)?;

    let (token, token_file) = Token::load_or_create(&data)?;
    match token_file {
        TokenFile::Created => tracing::info!(token_id = %token.id(), "created a new token"),
        TokenFile::Private => {}
        TokenFile::ReadableByOthers { mode } => tracing::warn!(
            path = %data.token().display(),
            mode = format!("{mode:o}"),
            "the token file is readable by other users; run chmod 600 on it"
        ),
    }
    if !config.host.is_loopback() {
        tracing::warn!(host = %config.host, "listening beyond loopback: anyone on the network can reach relayd; the token and any cookie travel unencrypted");
    }

    let store = Store::open(&data.db()).await?;
    let tcp = bind_http(SocketAddr::new(config.host, config.port)).await?;
    let http_addr = tcp.local_addr().map_err(|source| DaemonError::Bind {
        addr: SocketAddr::new(config.host, config.port),
        source,
    })?;
    let remote = match config.remote_listen.0 {
        Some(addr) => Some(
            crate::remote::Remote::bind(
                &relay_core::paths::RemoteFiles::of(&data),
                addr,
                config.remote_require_mtls,
            )
            .await?,
        ),
        None => None,
    };
    // Bound last, and removed by the guard on every way out, so a refused start leaves no socket behind.
    let (unix, socket_file) = socket::bind(&config.socket)?;
    let socket_path = config.socket.clone();
    let handle = DaemonHandle::new(config, store, token, http_addr);
    // A broken policy.json stops the start, as a broken config.toml does (nothing listens yet).
    handle.global_policy().load()?;
    // Locks held before a restart stay until they expire; nothing listens yet, so no claim races the restore.
    handle.coord().restore(handle.now_ms());
    // Screenshot files no row names (a crash, a failed delete): deleted before anything can attach.
    handle.board().sweep_attachments_at_start().await;
    // Runner sessions a previous relayd left running lost their processes with it: Stopped, resume available.
    match handle.runner().reconcile_at_start().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(
            sessions = n,
            "runner sessions left running by the last relayd are now stopped"
        ),
        Err(err) => tracing::warn!(error = %err, "runner sessions could not be reconciled at start"),
    }
    if let Some(remote) = &remote {
        handle.set_remote(remote.addr, &remote.fingerprint);
    }
    let advertiser = advertise(handle.config(), remote.as_ref());
    let started = payload::DaemonStarted {
        pid: std::process::id(),
        version: relay_core::VERSION.to_owned(),
    };
    handle.emit("", &started).await?;
    spawn_signal_listener(handle.clone());
    tracing::info!(
        pid = std::process::id(),
        version = relay_core::VERSION,
        socket = %socket_path.display(),
        http = %http_addr,
        remote = %remote.as_ref().map_or_else(|| "off".to_owned(), |r| format!("{} (TLS, certificate {}{})", r.addr, r.fingerprint, if handle.config().remote_require_mtls { ", mTLS" } else { "" })),
        data_dir = %data.path().display(),
        "relayd is ready"
    );

    let streams = std::sync::Arc::new(rpc::OpenStreams::default());
    let mut rpc_task = tokio::spawn(rpc::serve(handle.clone(), unix, std::sync::Arc::clone(&streams)));
    let mut remote_task = match remote {
        Some(remote) => tokio::spawn(remote.serve(handle.clone(), streams)),
        None => tokio::spawn(async { std::future::pending::<Result<(), tonic::transport::Error>>().await }),
    };
    let mut http_task = tokio::spawn(http::serve(handle.clone(), tcp));
    let components = component::start(&handle, component::COMPONENTS);

    let mut failure = None;
    tokio::select! {
        () = handle.shutdown_requested() => {}
        result = &mut rpc_task => failure = Some(server_failure("gRPC", result.map(|r| r.map_err(|e| e.to_string())))),
        result = &mut http_task => failure = Some(server_failure("HTTP", result.map(|r| r.map_err(|e| e.to_string())))),
        result = &mut remote_task => failure = Some(server_failure("remote gRPC", result.map(|r| r.map_err(|e| e.to_string())))),
    }
    handle.request_shutdown();
    handle.runner().shutdown().await;
    tracing::info!("shutting down: no new connections, draining in-flight requests");
    let drain = async {
        if !rpc_task.is_finished() {
            let _ = (&mut rpc_task).await;
        }
        if !http_task.is_finished() {
            let _ = (&mut http_task).await;
        }
    };
    // The remote listener drains with the socket (their streams are counted together); it is never waited for
    // when it is off.
    let remote_drain = async {
        if handle.config().remote_listen.0.is_some() && !remote_task.is_finished() {
            let _ = (&mut remote_task).await;
        }
    };
    let drain = async {
        drain.await;
        remote_drain.await;
    };
    if tokio::time::timeout(DRAIN_TIMEOUT, drain).await.is_err() {
        tracing::warn!("in-flight requests did not finish within {DRAIN_TIMEOUT:?}; closing them");
        rpc_task.abort();
        http_task.abort();
        remote_task.abort();
    }
    remote_task.abort();
    if let Some(advertiser) = advertiser {
        // A goodbye packet, so `relay servers` elsewhere stops listing this relayd at once.
        let _ = tokio::task::spawn_blocking(move || advertiser.stop(Duration::from_secs(1))).await;
    }
    // The components stop after the servers, so their last call (the lock snapshot) sees no more changes.
    components.stop(&handle, DRAIN_TIMEOUT).await;
    if let Err(err) = handle
        .emit(
            "",
            &payload::DaemonStopped {
                pid: std::process::id(),
            },
        )
        .await
    {
        tracing::warn!(error = %err, "could not record daemon.stopped");
    }
    handle.store().close().await;
    drop(socket_file);
    drop(lock);
    tracing::info!("relayd stopped");
    failure.flatten().map_or(Ok(()), Err)
}

/// Starts the LAN advertisement when `mdns_advertise` asks for it and there is a remote listener others can reach;
/// any problem is a warning, never a failed start (Relay Cloud §13: "mDNS interface available — warning").
fn advertise(
    config: &Config,
    remote: Option<&crate::remote::Remote>,
) -> Option<relay_core::discovery::Advertiser> {
    if !config.mdns_advertise {
        return None;
    }
    let Some(remote) = remote else {
        tracing::warn!(
            "mdns_advertise is on but remote_listen is off: other machines have nothing to connect to, so nothing is advertised"
        );
        return None;
    };
    if remote.addr.ip().is_loopback() {
        tracing::warn!(remote = %remote.addr, "mdns_advertise is on but remote_listen is a loopback address other machines cannot reach, so it is not advertised");
        return None;
    }
    let instance = if config.mdns_instance_name.is_empty() {
        relay_core::discovery::host_label()
    } else {
        config.mdns_instance_name.clone()
    };
    let advert = relay_core::discovery::Advert {
        instance: instance.clone(),
        port: remote.addr.port(),
        address: (!remote.addr.ip().is_unspecified()).then(|| remote.addr.ip()),
        fingerprint: remote.fingerprint.clone(),
        require_mtls: config.remote_require_mtls,
    };
    match relay_core::discovery::Advertiser::start(&advert) {
        Ok(advertiser) => {
            tracing::info!(instance = %instance, port = advert.port, "advertising the remote listener on the LAN (mDNS _relay._tcp)");
            Some(advertiser)
        }
        Err(err) => {
            tracing::warn!(error = %err, "the remote listener is not advertised on the LAN");
            None
        }
    }
}

async fn bind_http(addr: SocketAddr) -> Result<TcpListener, DaemonError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| match source.kind() {
            std::io::ErrorKind::AddrInUse => DaemonError::PortInUse { addr },
            _ => DaemonError::Bind { addr, source },
        })
}

fn server_failure(
    server: &'static str,
    result: Result<Result<(), String>, tokio::task::JoinError>,
) -> Option<DaemonError> {
    let problem = match result {
        Ok(Ok(())) => return None,
        Ok(Err(problem)) => problem,
        Err(join) => join.to_string(),
    };
    tracing::error!(server, %problem, "server failed; shutting down");
    Some(DaemonError::Server { server, problem })
}

/// Listens for SIGINT and SIGTERM. The handlers are installed before this returns (not in the spawned task), so a
/// signal sent as soon as relayd says it is ready already means a graceful shutdown.
fn spawn_signal_listener(handle: DaemonHandle) {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut int), Ok(mut term)) = (signal(SignalKind::interrupt()), signal(SignalKind::terminate()))
    else {
        tracing::error!("cannot listen for SIGINT/SIGTERM; stop relayd with `relay daemon stop`");
        return;
    };
    tokio::spawn(async move {
        tokio::select! {
            _ = int.recv() => tracing::info!("SIGINT received"),
            _ = term.recv() => tracing::info!("SIGTERM received"),
            () = handle.shutdown_requested() => return,
        }
        handle.request_shutdown();
    });
}
