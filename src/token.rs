//! The API token file's contract: `<data>/token` holds the secret (at least 32 printable ASCII bytes), mode
//! 0600; logs, `/healthz` and `relay doctor` show only its fingerprint. relayd creates and rotates the token
//! (`relayd::token`); this side reads it, so a client without the daemon can check it.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::paths::DataDir;

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("cannot {action} the token file {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the token file {path} is empty or damaged; replace it with `relay token --rotate`")]
    Damaged { path: PathBuf },
}

/// How the token file looked when it was loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenFile {
    Created,
    Private,
    /// Group or others can read it: the daemon warns and `relay doctor` fails.
    ReadableByOthers {
        mode: u32,
    },
}

/// Reads the secret from `<data>/token`; `None` when there is no token file yet. A file that is too short or
/// holds anything but printable ASCII is [`TokenError::Damaged`]. The state is never [`TokenFile::Created`].
pub fn read(data: &DataDir) -> Result<Option<(String, TokenFile)>, TokenError> {
    let path = data.token();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(TokenError::Io {
                action: "read",
                path,
                source,
            });
        }
    };
    let secret = text.trim().to_owned();
    if secret.len() < 32 || !secret.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(TokenError::Damaged { path });
    }
    let mode = file_mode(&path)?;
    let state = if mode & 0o077 == 0 {
        TokenFile::Private
    } else {
        TokenFile::ReadableByOthers { mode }
    };
    Ok(Some((secret, state)))
}

/// The 12-hex-digit HMAC fingerprint of any presented string: it identifies a token without revealing
/// anything about it, so refused requests can be logged without the secret.
///
/// ```
/// let id = relay_core::token::fingerprint("correct horse battery staple");
/// assert_eq!(id.len(), 12);
/// assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
/// assert_eq!(id, relay_core::token::fingerprint("correct horse battery staple"));
/// ```
pub fn fingerprint(secret: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return "000000000000".to_owned();
    };
    mac.update(b"relay token id v1");
    let digest = mac.finalize().into_bytes();
    digest.iter().take(6).map(|b| format!("{b:02x}")).collect()
}

/// The permission bits of `path` (`0o600`).
pub fn file_mode(path: &Path) -> Result<u32, TokenError> {
    std::fs::metadata(path)
        .map(|m| m.permissions().mode() & 0o777)
        .map_err(|source| TokenError::Io {
            action: "inspect",
            path: path.to_path_buf(),
            source,
        })
}
