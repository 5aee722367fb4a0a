//! Why the daemon could not start or run. Each message names the input and says what to do.

use std::net::SocketAddr;
use std::path::PathBuf;

use relay_core::config::ConfigError;

use crate::lock::LockError;
use crate::store::StoreError;
use crate::token::TokenError;

#[derive(Debug, thiserror::Error)]
pub enum DaemonError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error(transparent)]
    Token(#[from] TokenError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A broken global policy file (`policy.json`) stops the start like a broken `config.toml`.
    #[error(transparent)]
    Policy(#[from] crate::environments::global::GlobalError),
    #[error("socket {path}: {problem}")]
    Socket { path: PathBuf, problem: String },
    #[error(
        "port {port} on {ip} is already in use by another program; choose another with --port, RELAY_PORT or `port` in config.toml",
        ip = addr.ip(), port = addr.port()
    )]
    PortInUse { addr: SocketAddr },
    #[error("cannot listen on {addr}: {source}; choose another address with `host` / --port")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("{path} belongs to uid {owner}, not to this user; relay keeps its files in folders only you own")]
    NotOurs { path: PathBuf, owner: u32 },
    #[error("cannot write logs to {dir}: {problem}; set log_dir (RELAY_LOG_DIR) to a writable folder")]
    Logs { dir: PathBuf, problem: String },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Remote(#[from] crate::remote::RemoteError),
    #[error(
        "the remote listener's address {addr} is already in use by another program; choose another `remote_listen` (RELAY_REMOTE_LISTEN) in config.toml"
    )]
    RemoteInUse { addr: SocketAddr },
    #[error("the {server} server failed: {problem}")]
    Server { server: &'static str, problem: String },
}
