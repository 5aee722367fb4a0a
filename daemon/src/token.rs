//! The API token: 32 random bytes (URL-safe base64) in `<data>/token`, mode 0600, written atomically.
//! It is compared in constant time and never logged; logs and `/healthz` show only its fingerprint. Reading
//! the file and the fingerprint are relay-core's ([`relay_core::token`]), so the client checks it too.

use std::fmt;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use relay_core::paths::DataDir;
use subtle::ConstantTimeEq;

pub use relay_core::token::{TokenError, TokenFile, fingerprint};

/// The secret. `Debug` and `Display` show the fingerprint only.
#[derive(Clone)]
pub struct Token {
    secret: String,
}

impl Token {
    /// Loads the token, creating it on first run.
    pub fn load_or_create(data: &DataDir) -> Result<(Token, TokenFile), TokenError> {
        match relay_core::token::read(data)? {
            Some((secret, state)) => Ok((Token { secret }, state)),
            None => Ok((Self::rotate(data)?, TokenFile::Created)),
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
    use relay_core::token::file_mode;

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
