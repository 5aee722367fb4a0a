//! The API token: 32 random bytes (URL-safe base64) in `<data>/token`, mode 0600, written atomically.
//! It is compared in constant time and never logged; logs and `/healthz` show only its fingerprint.

use std::fmt;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use relay_core::paths::DataDir;
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// The secret. `Debug` and `Display` show the fingerprint only.
#[derive(Clone)]
pub struct Token {
    secret: String,
}

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

impl Token {
    /// Loads the token, creating it on first run.
    pub fn load_or_create(data: &DataDir) -> Result<(Token, TokenFile), TokenError> {
        let path = data.token();
        match std::fs::read_to_string(&path) {
            Ok(text) => {
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
                Ok((Token { secret }, state))
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                Ok((Self::rotate(data)?, TokenFile::Created))
            }
            Err(source) => Err(TokenError::Io {
                action: "read",
                path,
                source,
            }),
        }
    }

    /// Writes a new random token, replacing any old one atomically.
    pub fn rotate(data: &DataDir) -> Result<Token, TokenError> {
        let token = Self::ephemeral();
        write_private(&data.token(), token.secret.as_bytes())?;
        Ok(token)
    }

    /// A random token that is never written anywhere: for work on a data directory without a listener (`relay
    /// demo` seeds one without creating its token).
    pub fn ephemeral() -> Token {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        Token {
            secret: URL_SAFE_NO_PAD.encode(bytes),
        }
    }

    /// A 12-hex-digit HMAC fingerprint that identifies the token without revealing anything about it.
    pub fn id(&self) -> String {
        fingerprint(&self.secret)
    }

    /// Constant-time comparison with a presented token.
    pub fn matches(&self, presented: &str) -> bool {
        self.secret.as_bytes().ct_eq(presented.as_bytes()).into()
    }

    /// The secret itself, for `relay token` and for clients that must send it. Never log it.
    pub fn expose(&self) -> &str {
        &self.secret
    }
}

/// The fingerprint of any presented string, so refused requests can be logged without the secret.
///
/// ```
/// let id = relayd::token::fingerprint("correct horse battery staple");
/// assert_eq!(id.len(), 12);
/// assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
/// assert_eq!(id, relayd::token::fingerprint("correct horse battery staple"));
/// ```
pub fn fingerprint(secret: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return "000000000000".to_owned();
    };
    mac.update(b"relay token id v1");
    let digest = mac.finalize().into_bytes();
    digest.iter().take(6).map(|b| format!("{b:02x}")).collect()
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({})", self.id())
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "token {}", self.id())
    }
}

fn file_mode(path: &Path) -> Result<u32, TokenError> {
    std::fs::metadata(path)
        .map(|m| m.permissions().mode() & 0o777)
        .map_err(|source| TokenError::Io {
            action: "inspect",
            path: path.to_path_buf(),
            source,
        })
}

/// Writes `bytes` to `path` atomically with mode 0600: a temp file in the same directory, fsync, rename,
/// fsync of the directory.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<(), TokenError> {
    let io = |action, source| TokenError::Io {
        action,
        path: path.to_path_buf(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| io("create the folder of", e))?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(|e| io("write", e))?;
    file.as_file()
        .set_permissions(std::fs::Permissions::from_mode(0o600))
        .map_err(|e| io("write", e))?;
    file.write_all(bytes).map_err(|e| io("write", e))?;
    file.as_file().sync_all().map_err(|e| io("write", e))?;
    file.persist(path).map_err(|e| io("write", e.error))?;
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| io("write", e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_is_created_private_and_reloaded_when_missing() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        let (created, state) = Token::load_or_create(&data).unwrap();
        assert_eq!(state, TokenFile::Created);
        assert_eq!(URL_SAFE_NO_PAD.decode(created.expose()).unwrap().len(), 32);
        assert_eq!(file_mode(&data.token()).unwrap(), 0o600);
        let (loaded, state) = Token::load_or_create(&data).unwrap();
        assert_eq!(state, TokenFile::Private);
        assert!(loaded.matches(created.expose()));
        assert!(!loaded.matches("wrong"));
        assert!(!loaded.matches(&created.expose()[1..]));
    }

    #[test]
    fn readable_token_file_is_reported_when_loading() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        Token::load_or_create(&data).unwrap();
        std::fs::set_permissions(data.token(), std::fs::Permissions::from_mode(0o644)).unwrap();
        let (_, state) = Token::load_or_create(&data).unwrap();
        assert_eq!(state, TokenFile::ReadableByOthers { mode: 0o644 });
    }

    #[test]
    fn damaged_token_file_is_refused_with_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        std::fs::write(data.token(), "short\n").unwrap();
        let err = Token::load_or_create(&data).unwrap_err();
        assert!(err.to_string().contains("relay token --rotate"), "{err}");
    }

    #[test]
    fn rotation_replaces_the_token_and_its_fingerprint() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        let (old, _) = Token::load_or_create(&data).unwrap();
        let new = Token::rotate(&data).unwrap();
        assert_ne!(old.id(), new.id());
        assert_eq!(new.id().len(), 12);
        assert!(new.id().bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!format!("{new:?} {new}").contains(new.expose()));
    }
}
