//! The remote listener (Relay Cloud §2, §10, §13, §14): the same `relay.v1` services as the local socket, on
//! TCP (`remote_listen`, off by default) with TLS only. Every accepted socket gets `TCP_NODELAY`; the TLS
//! handshake runs in its own task (bounded by [`HANDSHAKE_TIMEOUT`]) so a slow client never holds up the accept
//! loop; with `remote_require_mtls` the client must show a certificate the remote CA signed, and its
//! fingerprint is its identity — taken from the handshake, never from a header. Each request must carry a
//! remote token (`auth.rs`), whose scope becomes the request's typed caller.
//!
//! `certs.rs` makes the CA, the server certificate and client certificates (`relay daemon init-remote`,
//! `relay daemon client-cert`); `tokens.rs` keeps the tokens' argon2 hashes and checks presented ones.

mod auth;
pub mod certs;
pub mod tokens;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use relay_core::paths::RemoteFiles;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_stream::wrappers::ReceiverStream;

use crate::handle::DaemonHandle;
use crate::rpc::{self, OpenStreams};

/// How long a client may take over the TLS handshake before its connection is closed.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why the remote listener, its certificates or its tokens could not be used. Each names the file and the fix.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path} is damaged: {problem}; run `relay daemon init-remote --force` to make the remote files again"
    )]
    Damaged { path: PathBuf, problem: String },
    #[error(
        "remote access is already set up in {dir}; `relay daemon init-remote --force` replaces its CA and server certificate (every client then refuses the new certificate until its pin is removed)"
    )]
    AlreadyInitialised { dir: PathBuf },
    #[error(
        "remote access is not set up: {dir} has no CA; run `relay daemon init-remote` on this machine first"
    )]
    NotInitialised { dir: PathBuf },
    #[error(
        "remote_listen is set but {path} is missing; run `relay daemon init-remote` (it makes the certificates and a token), or set remote_listen = \"off\""
    )]
    Missing { path: PathBuf },
    #[error(
        "remote_listen is set but no remote token exists in {path}; make one with `relay token --remote owner --rotate`"
    )]
    NoTokens { path: PathBuf },
    #[error("{0:?} is neither a host name nor an IP address; a certificate can hold only those")]
    BadName(String),
    #[error("the certificate could not be made: {0}")]
    Certificate(String),
    #[error("TLS set-up failed: {0}")]
    Tls(String),
    #[error("the token could not be hashed or checked: {0}")]
    Hash(String),
}

/// What the TLS handshake established about one connection; each of its requests carries it.
#[derive(Clone, Debug)]
pub struct RemotePeer {
    pub addr: Option<SocketAddr>,
    /// The fingerprint of the client certificate the handshake verified (mTLS), if one was shown.
    pub client_cert: Option<String>,
}

/// One accepted connection after its handshake.
pub struct RemoteStream {
    tls: tokio_rustls::server::TlsStream<TcpStream>,
    peer: RemotePeer,
}

impl tonic::transport::server::Connected for RemoteStream {
    type ConnectInfo = RemotePeer;

    fn connect_info(&self) -> RemotePeer {
        self.peer.clone()
    }
}

impl AsyncRead for RemoteStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tls).poll_read(cx, buf)
    }
}

impl AsyncWrite for RemoteStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tls).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tls).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tls).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tls).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tls.is_write_vectored()
    }
}

/// The remote listener ready to serve: its socket, TLS settings and token check, all loaded before relayd says
/// it is ready, so a missing file stops the start with its name.
pub struct Remote {
    listener: TcpListener,
    tls: Arc<rustls::ServerConfig>,
    tokens: Arc<tokens::Verifier>,
    pub addr: SocketAddr,
    pub fingerprint: String,
}

impl Remote {
    /// Loads the certificates and tokens of `files` and binds `addr`.
    pub async fn bind(
        files: &RemoteFiles,
        addr: SocketAddr,
        require_mtls: bool,
    ) -> Result<Remote, crate::DaemonError> {
        let remote = |err: RemoteError| crate::DaemonError::Remote(err);
        for path in [files.server_cert(), files.server_key()] {
            if !path.exists() {
                return Err(remote(RemoteError::Missing { path }));
            }
        }
        let tokens = tokens::Verifier::new(files).map_err(remote)?;
        if tokens.count().map_err(remote)? == 0 {
            return Err(remote(RemoteError::NoTokens { path: files.tokens() }));
        }
        let tls = server_config(files, require_mtls).map_err(remote)?;
        let fingerprint = certs::server_fingerprint(files).map_err(remote)?;
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| match source.kind() {
                std::io::ErrorKind::AddrInUse => crate::DaemonError::RemoteInUse { addr },
                _ => crate::DaemonError::Bind { addr, source },
            })?;
        let addr = listener
            .local_addr()
            .map_err(|source| crate::DaemonError::Bind { addr, source })?;
        Ok(Remote {
            listener,
            tls,
            tokens: Arc::new(tokens),
            addr,
            fingerprint,
        })
    }

    /// Serves until shutdown is requested, then stops accepting and drains like the socket.
    pub async fn serve(
        self,
        handle: DaemonHandle,
        streams: Arc<OpenStreams>,
    ) -> Result<(), tonic::transport::Error> {
        let (connections, incoming) = mpsc::channel::<Result<RemoteStream, std::io::Error>>(64);
        let acceptor = TlsAcceptor::from(self.tls);
        let accepting = tokio::spawn(accept(self.listener, acceptor, connections, handle.clone()));
        let shutdown = rpc::drained(&handle, &streams);
        let rest = crate::http::api::router(&handle)
            .route("/healthz", axum::routing::get(crate::http::healthz))
            .layer(axum::middleware::from_fn(crate::http::api::refuse_browsers))
            .with_state(handle.clone());
        let routes = rpc::routes(handle, streams).into_axum_router().merge(rest);
        let served = tonic::transport::Server::builder()
            // HTTP/1.1 for REST clients that do not speak h2 (gRPC itself needs h2).
            .accept_http1(true)
            .layer(auth::RemoteAuthLayer::new(self.tokens))
            .add_routes(tonic::service::Routes::from(routes))
            .serve_with_incoming_shutdown(ReceiverStream::new(incoming), shutdown)
            .await;
        accepting.abort();
        served
    }
}

/// Accepts connections, each with TCP_NODELAY and its handshake in a task of its own, and hands the finished
/// ones to the server.
async fn accept(
    listener: TcpListener,
    acceptor: TlsAcceptor,
    connections: mpsc::Sender<Result<RemoteStream, std::io::Error>>,
    handle: DaemonHandle,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = handle.shutdown_requested() => return,
        };
        let (tcp, addr) = match accepted {
            Ok(accepted) => accepted,
            Err(err) => {
                tracing::warn!(error = %err, "accept on the remote listener failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::warn!(peer = %addr, error = %err, "could not set TCP_NODELAY on a remote connection");
        }
        let (acceptor, connections) = (acceptor.clone(), connections.clone());
        tokio::spawn(async move {
            match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                Ok(Ok(tls)) => {
                    let client_cert = tls
                        .get_ref()
                        .1
                        .peer_certificates()
                        .and_then(|certs| certs.first())
                        .map(|cert| relay_core::remote::cert_fingerprint(cert));
                    let peer = RemotePeer {
                        addr: Some(addr),
                        client_cert,
                    };
                    let _ = connections.send(Ok(RemoteStream { tls, peer })).await;
                }
                Ok(Err(err)) => {
                    tracing::warn!(peer = %addr, error = %err, "a remote client failed the TLS handshake");
                }
                Err(_) => tracing::warn!(
                    peer = %addr,
                    "a remote client did not finish the TLS handshake within {HANDSHAKE_TIMEOUT:?}; closed"
                ),
            }
        });
    }
}

/// TLS 1.2 and 1.3 with ring's safe defaults, ALPN `h2` and `http/1.1`, the server certificate of `files`; with `require_mtls`
/// a client certificate signed by the remote CA is required.
fn server_config(files: &RemoteFiles, require_mtls: bool) -> Result<Arc<rustls::ServerConfig>, RemoteError> {
    let damaged = |path: PathBuf| {
        move |err: rustls::pki_types::pem::Error| RemoteError::Damaged {
            path: path.clone(),
            problem: err.to_string(),
        }
    };
    let chain = CertificateDer::pem_file_iter(files.server_cert())
        .map_err(damaged(files.server_cert()))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(damaged(files.server_cert()))?;
    let key = PrivateKeyDer::from_pem_file(files.server_key()).map_err(damaged(files.server_key()))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ServerConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .map_err(|err| RemoteError::Tls(err.to_string()))?;
    let builder = if require_mtls {
        if !files.ca_cert().exists() {
            return Err(RemoteError::Missing {
                path: files.ca_cert(),
            });
        }
        let ca = CertificateDer::from_pem_file(files.ca_cert()).map_err(damaged(files.ca_cert()))?;
        let mut roots = rustls::RootCertStore::empty();
        roots.add(ca).map_err(|err| RemoteError::Damaged {
            path: files.ca_cert(),
            problem: err.to_string(),
        })?;
        let verifier = rustls::server::WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
            .build()
            .map_err(|err| RemoteError::Tls(err.to_string()))?;
        builder.with_client_cert_verifier(verifier)
    } else {
        builder.with_no_client_auth()
    };
    let mut config = builder
        .with_single_cert(chain, key)
        .map_err(|err| RemoteError::Damaged {
            path: files.server_key(),
            problem: err.to_string(),
        })?;
    // h2 for gRPC (and REST clients that speak it), http/1.1 for the other REST clients.
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}
