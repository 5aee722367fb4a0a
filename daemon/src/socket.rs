//! The local socket: its directory 0700, the socket 0600, a stale file from a crashed daemon replaced, a
//! live one never stolen.

use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tokio::net::UnixListener;

use crate::error::DaemonError;
use crate::fsutil::create_private_dir;

/// `sockaddr_un.sun_path` holds 108 bytes including the terminating NUL.
const MAX_SOCKET_PATH: usize = 107;

/// The socket file of a running daemon; removed when dropped.
#[derive(Debug)]
pub struct SocketFile(PathBuf);

impl Drop for SocketFile {
    fn drop(&mut self) {
        if let Err(err) = std::fs::remove_file(&self.0) {
            tracing::warn!(socket = %self.0.display(), error = %err, "could not remove the socket file");
        }
    }
}

/// Binds the daemon's socket at `path`.
pub fn bind(path: &Path) -> Result<(UnixListener, SocketFile), DaemonError> {
    let problem = |problem: String| DaemonError::Socket {
        path: path.to_path_buf(),
        problem,
    };
    if path.as_os_str().len() > MAX_SOCKET_PATH {
        return Err(problem(format!(
            "the path is {} bytes long, more than the {MAX_SOCKET_PATH} a socket path may have; choose a shorter one with --socket or RELAY_SOCKET",
            path.as_os_str().len()
        )));
    }
    if let Some(dir) = path.parent() {
        create_private_dir(dir)?;
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_socket() => match std::os::unix::net::UnixStream::connect(path) {
            Ok(_) => {
                return Err(problem(
                    "another relayd (of another data directory) answers on this socket; give this one its own with --socket".to_owned(),
                ));
            }
            Err(_) => {
                tracing::info!(socket = %path.display(), "replacing a stale socket left by a daemon that did not shut down");
                std::fs::remove_file(path)
                    .map_err(|e| problem(format!("cannot remove the stale socket: {e}")))?;
            }
        },
        Ok(_) => {
            return Err(problem(
                "a file that is not a socket is in the way; move it or choose another --socket".to_owned(),
            ));
        }
        Err(_) => {}
    }
    let listener = UnixListener::bind(path).map_err(|e| problem(format!("cannot listen: {e}")))?;
    let file = SocketFile(path.to_path_buf());
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .map_err(|e| problem(format!("cannot make it private: {e}")))?;
    Ok((listener, file))
}
