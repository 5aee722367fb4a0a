//! `relay --server https://HOST:PORT`: the client side of relayd's remote listener. The connection is TLS (ring,
//! ALPN `h2`, TCP_NODELAY) and the server is trusted on first use: the fingerprint of the certificate it shows
//! the first time is pinned per `HOST:PORT` in the user's config dir (`known_servers.toml`), and a server that
//! later shows another one is refused with both fingerprints. Plaintext (`http://`) only with `--insecure`,
//! which prints Relay Cloud §10's warning. Every request carries the remote token (`--token-file` or
//! `RELAY_TOKEN`) as `authorization: Bearer`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::TokioIo;
use relay_core::remote::{DEFAULT_REMOTE_PORT, PLAINTEXT_WARNING, TOKEN_ENV, cert_fingerprint};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use tokio::net::TcpStream;
use tonic::transport::{Channel, Endpoint};

use crate::error::CliError;

/// The file of pinned server certificates in the user's config dir.
pub const KNOWN_SERVERS_FILE: &str = "known_servers.toml";

/// What `--server`, `--token-file`, `--insecure` and the client certificate flags asked for.
#[derive(Clone, Debug, Default)]
pub struct RemoteArgs {
    pub server: Option<String>,
    pub token_file: Option<PathBuf>,
    pub insecure: bool,
    pub client_cert: Option<PathBuf>,
    pub client_key: Option<PathBuf>,
}

/// A remote relayd to talk to, checked and ready to dial.
#[derive(Clone)]
pub struct Server {
    /// `HOST:PORT` as the URL named them: what is pinned and shown.
    pub authority: String,
    host: String,
    port: u16,
    tls: bool,
    token: String,
    client_auth: Option<(Vec<CertificateDer<'static>>, Arc<PrivateKeyDer<'static>>)>,
    known_servers: PathBuf,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("authority", &self.authority)
            .field("tls", &self.tls)
            .field("token", &relay_core::token::fingerprint(&self.token))
            .finish_non_exhaustive()
    }
}

/// Where the pins live: `$XDG_CONFIG_HOME/relay/known_servers.toml` (`~/.config/relay/…`).
pub fn known_servers_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "relay").map(|dirs| dirs.config_dir().join(KNOWN_SERVERS_FILE))
}

impl Server {
    /// Checks the URL, the plaintext policy and the token; prints the plaintext warning when it applies.
    pub fn from_args(args: &RemoteArgs) -> Result<Option<Server>, CliError> {
        let Some(url) = args.server.as_deref().map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(None);
        };
        let usage = |problem: String| CliError::Usage(problem);
        let (tls, rest) = if let Some(rest) = url.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            if !args.insecure {
                return Err(usage(format!(
                    "--server {url} is plaintext: the token would cross the network unencrypted. Use https:// (relayd's remote listener speaks TLS only), or pass --insecure to talk to a plaintext endpoint anyway (a TLS-terminating proxy or a tunnel)"
                )));
            }
            (false, rest)
        } else {
            return Err(usage(format!(
                "--server {url}: give a URL like https://HOST:PORT (the port of relayd's remote_listen, {DEFAULT_REMOTE_PORT} when omitted)"
            )));
        };
        let rest = rest.trim_end_matches('/');
        if rest.is_empty() || rest.contains('/') || rest.contains('@') {
            return Err(usage(format!(
                "--server {url}: give only a scheme, a host and a port, like https://relay.example:{DEFAULT_REMOTE_PORT}"
            )));
        }
        let (host, port) = split_host_port(rest).ok_or_else(|| {
            usage(format!(
                "--server {url}: the port must be a number from 1 to 65535, like https://relay.example:{DEFAULT_REMOTE_PORT}"
            ))
        })?;
        let token = read_token(args.token_file.as_deref())?;
        let client_auth = match (&args.client_cert, &args.client_key) {
            (Some(cert), Some(key)) => Some(client_identity(cert, key)?),
            (None, None) => None,
            _ => {
                return Err(usage(
                    "--client-cert and --client-key go together: give both files (`relay daemon client-cert NAME` on the server makes them)"
                        .to_owned(),
                ));
            }
        };
        let known_servers = known_servers_path().ok_or_else(|| {
            CliError::Failed("no config directory could be determined for this user to pin the server's certificate in; set XDG_CONFIG_HOME".to_owned())
        })?;
        if !tls {
            eprintln!("relay: warning: {PLAINTEXT_WARNING}");
        }
        let authority = if host.contains(':') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        Ok(Some(Server {
            authority,
            host,
            port,
            tls,
            token,
            client_auth,
            known_servers,
        }))
    }

    /// Whether the connection is TLS (`https://`).
    pub fn is_tls(&self) -> bool {
        self.tls
    }

    /// Whether a client certificate is shown in the handshake (mTLS).
    pub fn has_client_cert(&self) -> bool {
        self.client_auth.is_some()
    }

    /// The token's `authorization` value.
    pub fn bearer(&self) -> String {
        format!("Bearer {}", self.token)
    }

    /// Dials the server, giving up after `timeout` (TCP, TLS and HTTP/2 together).
    pub async fn connect(&self, timeout: Duration) -> Result<Channel, ConnectError> {
        let endpoint = Endpoint::from_shared(format!("http://{}", self.authority))
            .map_err(|err| ConnectError::Other(err.to_string()))?
            .connect_timeout(timeout)
            .tcp_nodelay(true);
        let (host, port) = (self.host.clone(), self.port);
        let result = if self.tls {
            let verdict = Arc::new(Mutex::new(None));
            let config = self.tls_config(Arc::clone(&verdict))?;
            let name = ServerName::try_from(self.host.clone())
                .map_err(|err| ConnectError::Other(err.to_string()))?;
            let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
            let connecting = endpoint.connect_with_connector(tower::service_fn(move |_| {
                let (host, connector, name) = (host.clone(), connector.clone(), name.clone());
                async move {
                    let tcp = dial(&host, port).await?;
                    let tls = connector.connect(name, tcp).await?;
                    Ok::<_, std::io::Error>(TokioIo::new(tls))
                }
            }));
            let result = tokio::time::timeout(timeout, connecting).await;
            let verdict = verdict
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            match (result, verdict) {
                (_, Some(Verdict::Changed { pinned, shown })) => {
                    return Err(ConnectError::Changed {
                        server: self.authority.clone(),
                        pinned,
                        shown,
                        file: self.known_servers.clone(),
                    });
                }
                (Ok(Ok(channel)), Some(Verdict::FirstUse { shown })) => {
                    pin(&self.known_servers, &self.authority, &shown).map_err(ConnectError::Other)?;
                    eprintln!(
                        "relay: trusting {} on first use: its certificate is {shown}; pinned in {}",
                        self.authority,
                        self.known_servers.display()
                    );
                    Ok(Ok(channel))
                }
                (result, _) => result,
            }
        } else {
            let connecting = endpoint.connect_with_connector(tower::service_fn(move |_| {
                let host = host.clone();
                async move { Ok::<_, std::io::Error>(TokioIo::new(dial(&host, port).await?)) }
            }));
            tokio::time::timeout(timeout, connecting).await
        };
        match result {
            Err(_) => Err(ConnectError::Unreachable(format!(
                "connecting to {} timed out",
                self.authority
            ))),
            Ok(Err(err)) => Err(ConnectError::Unreachable(format!(
                "cannot reach relayd at {}: {}",
                self.authority,
                error_chain(&err)
            ))),
            Ok(Ok(channel)) => Ok(channel),
        }
    }

    fn tls_config(&self, verdict: Arc<Mutex<Option<Verdict>>>) -> Result<rustls::ClientConfig, ConnectError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let pinned = read_pins(&self.known_servers)
            .map_err(ConnectError::Other)?
            .remove(&self.authority);
        let verifier = Arc::new(Tofu {
            pinned,
            provider: Arc::clone(&provider),
            verdict,
        });
        let builder = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|err| ConnectError::Other(err.to_string()))?
            .dangerous()
            .with_custom_certificate_verifier(verifier);
        let mut config = match &self.client_auth {
            Some((chain, key)) => builder
                .with_client_auth_cert(chain.clone(), key.clone_key())
                .map_err(|err| {
                    ConnectError::Other(format!("the client certificate cannot be used: {err}"))
                })?,
            None => builder.with_no_client_auth(),
        };
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(config)
    }
}

async fn dial(host: &str, port: u16) -> std::io::Result<TcpStream> {
    let tcp = TcpStream::connect((host, port)).await?;
    tcp.set_nodelay(true)?;
    Ok(tcp)
}

/// An error and its sources, which is where rustls and the OS put what went wrong.
fn error_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(next) = source {
        let line = next.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = next.source();
    }
    text
}

/// Why a remote connection failed.
#[derive(Debug)]
pub enum ConnectError {
    /// The server showed another certificate than the pinned one: refused, never retried.
    Changed {
        server: String,
        pinned: String,
        shown: String,
        file: PathBuf,
    },
    /// Nothing answered, or the connection broke (the window retries these).
    Unreachable(String),
    /// Anything else: a damaged pin file, a bad client certificate.
    Other(String),
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConnectError::Changed {
                server,
                pinned,
                shown,
                file,
            } => write!(
                f,
                "refused {server}: it showed the certificate {shown}, but {pinned} is pinned for it in {}; someone may be in the middle. If the server's certificate was replaced on purpose (`relay daemon init-remote --force`), remove the line for {server} from that file and connect again",
                file.display()
            ),
            ConnectError::Unreachable(text) | ConnectError::Other(text) => f.write_str(text),
        }
    }
}

impl From<ConnectError> for CliError {
    fn from(err: ConnectError) -> CliError {
        match err {
            ConnectError::Unreachable(_) => CliError::Unreachable(err.to_string()),
            _ => CliError::Failed(err.to_string()),
        }
    }
}

fn split_host_port(rest: &str) -> Option<(String, u16)> {
    if let Some(v6) = rest.strip_prefix('[') {
        let (host, tail) = v6.split_once(']')?;
        let port = match tail.strip_prefix(':') {
            Some(port) => port.parse().ok().filter(|p| *p != 0)?,
            None if tail.is_empty() => DEFAULT_REMOTE_PORT,
            None => return None,
        };
        return Some((host.to_owned(), port));
    }
    match rest.rsplit_once(':') {
        Some((host, port)) => Some((host.to_owned(), port.parse().ok().filter(|p| *p != 0)?)),
        None => Some((rest.to_owned(), DEFAULT_REMOTE_PORT)),
    }
}

/// The token from `--token-file` (which must not be readable by others), else `RELAY_TOKEN`.
fn read_token(file: Option<&Path>) -> Result<String, CliError> {
    let token = match file {
        Some(path) => {
            let mode = relay_core::token::file_mode(path).map_err(|err| CliError::Failed(err.to_string()))?;
            if mode & 0o077 != 0 {
                return Err(CliError::Failed(format!(
                    "--token-file {} has mode {mode:o} and other users can read it; run chmod 600 {}",
                    path.display(),
                    path.display()
                )));
            }
            std::fs::read_to_string(path).map_err(|err| {
                CliError::Failed(format!("cannot read --token-file {}: {err}", path.display()))
            })?
        }
        None => std::env::var(TOKEN_ENV).unwrap_or_default(),
    };
    let token = token.trim().to_owned();
    if token.is_empty() {
        return Err(CliError::Usage(format!(
            "--server needs the remote token: put it in a file (mode 0600) and pass --token-file FILE, or set {TOKEN_ENV}; `relay token --remote owner --rotate` on the server makes one"
        )));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(CliError::Usage(
            "the remote token holds characters a token never has (spaces or control characters); copy it again".to_owned(),
        ));
    }
    Ok(token)
}

fn client_identity(
    cert: &Path,
    key: &Path,
) -> Result<(Vec<CertificateDer<'static>>, Arc<PrivateKeyDer<'static>>), CliError> {
    let bad = |path: &Path, err: &dyn std::fmt::Display| {
        CliError::Failed(format!(
            "cannot read the client certificate file {}: {err}",
            path.display()
        ))
    };
    let chain = CertificateDer::pem_file_iter(cert)
        .map_err(|err| bad(cert, &err))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|err| bad(cert, &err))?;
    let key_der = PrivateKeyDer::from_pem_file(key).map_err(|err| bad(key, &err))?;
    Ok((chain, Arc::new(key_der)))
}

/// What the certificate check saw, for the connect call to act on after the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    FirstUse { shown: String },
    Changed { pinned: String, shown: String },
}

/// Trust on first use: the end-entity certificate must be the pinned one (or there is no pin yet); the
/// handshake's signatures are checked with its key as usual, so a copied certificate without its key fails.
#[derive(Debug)]
struct Tofu {
    pinned: Option<String>,
    provider: Arc<CryptoProvider>,
    verdict: Arc<Mutex<Option<Verdict>>>,
}

impl ServerCertVerifier for Tofu {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let shown = cert_fingerprint(end_entity);
        let mut verdict = self
            .verdict
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match &self.pinned {
            Some(pinned) if *pinned == shown => Ok(ServerCertVerified::assertion()),
            Some(pinned) => {
                *verdict = Some(Verdict::Changed {
                    pinned: pinned.clone(),
                    shown: shown.clone(),
                });
                Err(rustls::Error::General(format!(
                    "the server's certificate {shown} is not the pinned {pinned}"
                )))
            }
            None => {
                *verdict = Some(Verdict::FirstUse { shown });
                Ok(ServerCertVerified::assertion())
            }
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// `known_servers.toml`: `"HOST:PORT" = "sha256:…"` under `[servers]`.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
struct KnownServers {
    #[serde(default)]
    servers: BTreeMap<String, String>,
}

fn read_pins(path: &Path) -> Result<BTreeMap<String, String>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => toml::from_str::<KnownServers>(&text)
            .map(|known| known.servers)
            .map_err(|err| {
                format!(
                    "{} is damaged ({}); fix or remove it",
                    path.display(),
                    err.message()
                )
            }),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
        Err(err) => Err(format!("cannot read {}: {err}", path.display())),
    }
}

/// The fingerprint pinned for `HOST:PORT`, if any (an unreadable pin file counts as none).
pub fn pinned(authority: &str) -> Option<String> {
    let path = known_servers_path()?;
    read_pins(&path).ok()?.remove(authority)
}

/// Adds `authority`'s pin, written atomically with mode 0600.
fn pin(path: &Path, authority: &str, fingerprint: &str) -> Result<(), String> {
    let mut servers = read_pins(path)?;
    servers.insert(authority.to_owned(), fingerprint.to_owned());
    let text = toml::to_string(&KnownServers { servers }).map_err(|err| err.to_string())?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let io = |err: std::io::Error| format!("cannot write {}: {err}", path.display());
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    file.persist(path).map_err(|err| io(err.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(server: &str) -> RemoteArgs {
        RemoteArgs {
            server: Some(server.to_owned()),
            ..RemoteArgs::default()
        }
    }

    #[test]
    fn host_and_port_come_from_the_url() {
        assert_eq!(
            split_host_port("relay.example:7000"),
            Some(("relay.example".into(), 7000))
        );
        assert_eq!(
            split_host_port("relay.example"),
            Some(("relay.example".into(), DEFAULT_REMOTE_PORT))
        );
        assert_eq!(split_host_port("[::1]:9"), Some(("::1".into(), 9)));
        assert_eq!(split_host_port("h:0"), None);
        assert_eq!(split_host_port("h:x"), None);
    }

    #[test]
    fn plaintext_is_refused_without_insecure_and_other_schemes_always() {
        let err = Server::from_args(&args("http://127.0.0.1:9"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("--insecure") && err.contains("plaintext"), "{err}");
        let err = Server::from_args(&args("ftp://h:1")).unwrap_err().to_string();
        assert!(err.contains("https://HOST:PORT"), "{err}");
        let err = Server::from_args(&args("https://h:1/path"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("only a scheme"), "{err}");
    }

    #[test]
    fn a_token_file_others_can_read_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t");
        std::fs::write(&file, "secret-token-value\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let err = read_token(Some(&file)).unwrap_err().to_string();
        assert!(err.contains("chmod 600"), "{err}");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read_token(Some(&file)).unwrap(), "secret-token-value");
    }

    #[test]
    fn pins_are_kept_per_server() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("relay").join(KNOWN_SERVERS_FILE);
        pin(&file, "a:1", "sha256:aa").unwrap();
        pin(&file, "b:2", "sha256:bb").unwrap();
        let pins = read_pins(&file).unwrap();
        assert_eq!(pins.get("a:1").map(String::as_str), Some("sha256:aa"));
        assert_eq!(pins.len(), 2);
    }
}
