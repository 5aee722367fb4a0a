//! Where relay keeps things: the data directory and the files inside it, the socket, the logs.

use std::path::{Path, PathBuf};

use crate::PROTOCOL_VERSION;

/// The SQLite store inside the data directory.
pub const DB_FILE: &str = "relay.sqlite";
/// The API token inside the data directory (mode 0600).
pub const TOKEN_FILE: &str = "token";
/// The optional configuration file inside the data directory.
pub const CONFIG_FILE: &str = "config.toml";
/// The file relayd holds an exclusive `flock` on while it runs; it contains the holder's pid.
pub const LOCK_FILE: &str = "relayd.lock";

/// relayd's daily log files in the log directory are `<LOG_FILE_PREFIX>.YYYY-MM-DD.<LOG_FILE_SUFFIX>`.
pub const LOG_FILE_PREFIX: &str = "relayd";
pub const LOG_FILE_SUFFIX: &str = "log";

/// The socket file name; the protocol revision is part of it.
pub fn socket_file_name() -> String {
    format!("relayd-v{PROTOCOL_VERSION}.sock")
}

/// The per-user data directory (`~/.local/share/relay` on Linux).
pub fn default_data_dir() -> Option<PathBuf> {
    project_dirs().map(|dirs| dirs.data_dir().to_path_buf())
}

/// The per-user state directory for logs (`~/.local/state/relay` on Linux), when the platform has one.
pub fn default_state_dir() -> Option<PathBuf> {
    project_dirs().and_then(|dirs| dirs.state_dir().map(Path::to_path_buf))
}

/// `$XDG_RUNTIME_DIR/relay`, when the platform has a runtime directory.
pub fn default_runtime_dir() -> Option<PathBuf> {
    project_dirs().and_then(|dirs| dirs.runtime_dir().map(Path::to_path_buf))
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "relay")
}

/// Files of one data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir(PathBuf);

impl DataDir {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        DataDir(path.into())
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn db(&self) -> PathBuf {
        self.0.join(DB_FILE)
    }

    pub fn token(&self) -> PathBuf {
        self.0.join(TOKEN_FILE)
    }

    pub fn config(&self) -> PathBuf {
        self.0.join(CONFIG_FILE)
    }

    pub fn lock(&self) -> PathBuf {
        self.0.join(LOCK_FILE)
    }

    /// The socket's fallback directory when there is no runtime directory or the home was overridden.
    pub fn run_dir(&self) -> PathBuf {
        self.0.join("run")
    }

    /// The log directory used when the home was overridden or the platform has no state directory.
    pub fn log_dir(&self) -> PathBuf {
        self.0.join("logs")
    }

    /// The remote listener's folder (mode 0700): its CA, the server certificate and the tokens' hashes.
    pub fn remote_dir(&self) -> PathBuf {
        self.0.join("remote")
    }
}

/// The files of the remote listener inside [`DataDir::remote_dir`], as `relay daemon init-remote` writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemoteFiles {
    pub dir: PathBuf,
}

impl RemoteFiles {
    pub fn of(data: &DataDir) -> RemoteFiles {
        RemoteFiles {
            dir: data.remote_dir(),
        }
    }

    /// The CA certificate (PEM, 0644): give it to clients that verify the chain, and it signs client certificates.
    pub fn ca_cert(&self) -> PathBuf {
        self.dir.join("ca.crt")
    }

    /// The CA's private key (PEM, 0600).
    pub fn ca_key(&self) -> PathBuf {
        self.dir.join("ca.key")
    }

    /// The server certificate (PEM, 0644), signed by the CA.
    pub fn server_cert(&self) -> PathBuf {
        self.dir.join("server.crt")
    }

    /// The server's private key (PEM, 0600).
    pub fn server_key(&self) -> PathBuf {
        self.dir.join("server.key")
    }

    /// The remote tokens: one argon2 hash per scope, never the token (TOML, 0600).
    pub fn tokens(&self) -> PathBuf {
        self.dir.join("tokens.toml")
    }
}

/// The newest of relayd's log files in `dir`, if any.
pub fn latest_log_file(dir: &Path) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name().and_then(|n| n.to_str()).is_some_and(|name| {
                name.starts_with(&format!("{LOG_FILE_PREFIX}."))
                    && name.ends_with(&format!(".{LOG_FILE_SUFFIX}"))
            })
        })
        .collect();
    files.sort();
    files.pop()
}
