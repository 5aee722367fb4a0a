//! Remote tokens (Relay Cloud §13, §14): one per scope, shown once when it is made and kept only as an argon2
//! hash in `<data>/remote/tokens.toml` (0600, written atomically). The listener checks a presented token
//! against the hashes; a token that passed once is remembered by its SHA-256 (compared in constant time), so
//! argon2 runs once per token and relayd, not once per request. The file is read again when it changes, so a
//! rotation takes effect without a restart and the old token stops working at once.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use relay_core::paths::RemoteFiles;
use relay_core::remote::Scope;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tokio::sync::Semaphore;

use super::RemoteError;
use crate::token::{Token, write_private};

/// `tokens.toml`: one `[[token]]` table per scope.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensFile {
    #[serde(default)]
    token: Vec<TokenEntry>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenEntry {
    scope: String,
    /// The token's fingerprint (relay-core's HMAC, 12 hex digits): what logs and `relay token --remote` show.
    fingerprint: String,
    /// The argon2id PHC string.
    hash: String,
    created_ms: i64,
}

/// A remote token as listed: its scope, fingerprint and when it was made. Never the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenInfo {
    pub scope: Scope,
    pub fingerprint: String,
    pub created_ms: i64,
}

fn read_file(path: &Path) -> Result<TokensFile, RemoteError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(TokensFile::default()),
        Err(source) => {
            return Err(RemoteError::Io {
                action: "read",
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let file: TokensFile = toml::from_str(&text).map_err(|err| RemoteError::Damaged {
        path: path.to_path_buf(),
        problem: err.message().to_owned(),
    })?;
    for entry in &file.token {
        if Scope::parse(&entry.scope).is_none() {
            return Err(RemoteError::Damaged {
                path: path.to_path_buf(),
                problem: format!("unknown scope {:?} (owner or agent)", entry.scope),
            });
        }
    }
    Ok(file)
}

/// The remote tokens that exist, one per scope at most.
pub fn list(files: &RemoteFiles) -> Result<Vec<TokenInfo>, RemoteError> {
    Ok(read_file(&files.tokens())?
        .token
        .into_iter()
        .filter_map(|entry| {
            Some(TokenInfo {
                scope: Scope::parse(&entry.scope)?,
                fingerprint: entry.fingerprint,
                created_ms: entry.created_ms,
            })
        })
        .collect())
}

/// Makes a new token of `scope`, replacing that scope's old one, and returns it: the only time it exists outside
/// the client that is given it.
pub fn issue(files: &RemoteFiles, scope: Scope, now_ms: i64) -> Result<Token, RemoteError> {
    let path = files.tokens();
    let mut file = read_file(&path)?;
    let token = Token::ephemeral();
    let hash = Argon2::default()
        .hash_password(token.expose().as_bytes())
        .map_err(|err| RemoteError::Hash(err.to_string()))?
        .to_string();
    file.token.retain(|entry| entry.scope != scope.as_str());
    file.token.push(TokenEntry {
        scope: scope.as_str().to_owned(),
        fingerprint: token.id(),
        hash,
        created_ms: now_ms,
    });
    file.token.sort_by(|a, b| a.scope.cmp(&b.scope));
    let text = toml::to_string(&file).map_err(|err| RemoteError::Hash(err.to_string()))?;
    crate::fsutil::create_private_dir(&files.dir).map_err(|err| RemoteError::Io {
        action: "create",
        path: files.dir.clone(),
        source: std::io::Error::other(err.to_string()),
    })?;
    write_private(&path, text.as_bytes()).map_err(|err| RemoteError::Io {
        action: "write",
        path: path.clone(),
        source: std::io::Error::other(err.to_string()),
    })?;
    Ok(token)
}

/// Who a token that passed the check is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub scope: Scope,
    /// The fingerprint of the stored token it matched.
    pub fingerprint: String,
}

#[derive(Debug, Default)]
struct Loaded {
    /// The file's modification time and length when it was read; `None` before the first read.
    stamp: Option<(Option<SystemTime>, u64)>,
    entries: Vec<(Scope, String, String)>,
    /// SHA-256 of tokens that passed argon2 since the file was read, with who they are.
    passed: Vec<([u8; 32], Verified)>,
}

/// The listener's check of presented tokens.
#[derive(Debug)]
pub struct Verifier {
    path: PathBuf,
    loaded: Mutex<Loaded>,
    /// At most two argon2 checks at once, so a flood of wrong tokens costs two cores at most.
    hashing: Arc<Semaphore>,
}

impl Verifier {
    pub fn new(files: &RemoteFiles) -> Result<Verifier, RemoteError> {
        let verifier = Verifier {
            path: files.tokens(),
            loaded: Mutex::new(Loaded::default()),
            hashing: Arc::new(Semaphore::new(2)),
        };
        verifier.entries()?;
        Ok(verifier)
    }

    /// How many tokens the file holds now.
    pub fn count(&self) -> Result<usize, RemoteError> {
        Ok(self.entries()?.len())
    }

    /// The file's tokens, read again when it changed since the last look (then every remembered pass is
    /// forgotten, so a rotated token stops working at once).
    fn entries(&self) -> Result<Vec<(Scope, String, String)>, RemoteError> {
        let stamp = match std::fs::metadata(&self.path) {
            Ok(meta) => (meta.modified().ok(), meta.len()),
            Err(_) => (None, 0),
        };
        let mut loaded = self
            .loaded
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if loaded.stamp != Some(stamp) {
            let file = read_file(&self.path)?;
            loaded.entries = file
                .token
                .into_iter()
                .filter_map(|e| Some((Scope::parse(&e.scope)?, e.fingerprint, e.hash)))
                .collect();
            loaded.passed.clear();
            loaded.stamp = Some(stamp);
        }
        Ok(loaded.entries.clone())
    }

    fn remembered(&self, digest: &[u8; 32]) -> Option<Verified> {
        let loaded = self
            .loaded
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Every entry is compared, so the time taken does not say which one matched.
        let mut found = None;
        for (known, who) in &loaded.passed {
            if bool::from(known.ct_eq(digest)) {
                found = Some(who.clone());
            }
        }
        found
    }

    /// Checks `presented`; `None` when it is no remote token of this relayd.
    pub async fn verify(&self, presented: &str) -> Result<Option<Verified>, RemoteError> {
        let entries = self.entries()?;
        let digest: [u8; 32] = Sha256::digest(presented.as_bytes()).into();
        if let Some(who) = self.remembered(&digest) {
            return Ok(Some(who));
        }
        let _slot = self
            .hashing
            .acquire()
            .await
            .map_err(|err| RemoteError::Hash(err.to_string()))?;
        let secret = presented.to_owned();
        let matched = tokio::task::spawn_blocking(move || {
            entries.into_iter().find_map(|(scope, fingerprint, hash)| {
                Argon2::default()
                    .verify_password(secret.as_bytes(), hash.as_str())
                    .ok()
                    .map(|()| Verified { scope, fingerprint })
            })
        })
        .await
        .map_err(|err| RemoteError::Hash(err.to_string()))?;
        if let Some(who) = &matched {
            let mut loaded = self
                .loaded
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if !loaded
                .passed
                .iter()
                .any(|(known, _)| bool::from(known.ct_eq(&digest)))
            {
                loaded.passed.push((digest, who.clone()));
            }
        }
        Ok(matched)
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use relay_core::paths::DataDir;

    use super::*;

    #[tokio::test]
    async fn a_token_is_stored_as_a_hash_and_checked_by_its_scope() {
        let dir = tempfile::tempdir().unwrap();
        let files = RemoteFiles::of(&DataDir::new(dir.path()));
        let owner = issue(&files, Scope::Owner, 1).unwrap();
        let agent = issue(&files, Scope::Agent, 2).unwrap();
        let text = std::fs::read_to_string(files.tokens()).unwrap();
        assert!(
            !text.contains(owner.expose()) && !text.contains(agent.expose()),
            "{text}"
        );
        assert!(text.contains("$argon2id$"), "{text}");
        let mode = std::fs::metadata(files.tokens()).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);

        let verifier = Verifier::new(&files).unwrap();
        let who = verifier.verify(owner.expose()).await.unwrap().unwrap();
        assert_eq!((who.scope, who.fingerprint), (Scope::Owner, owner.id()));
        // The second time comes from memory and says the same.
        assert_eq!(
            verifier.verify(owner.expose()).await.unwrap().unwrap().scope,
            Scope::Owner
        );
        assert_eq!(
            verifier.verify(agent.expose()).await.unwrap().unwrap().scope,
            Scope::Agent
        );
        assert_eq!(verifier.verify("not-a-token").await.unwrap(), None);
        assert_eq!(verifier.verify("").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_rotated_token_stops_working_without_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let files = RemoteFiles::of(&DataDir::new(dir.path()));
        let old = issue(&files, Scope::Owner, 1).unwrap();
        let verifier = Verifier::new(&files).unwrap();
        assert!(verifier.verify(old.expose()).await.unwrap().is_some());
        // A different length makes the change visible even within the file system's time resolution.
        std::thread::sleep(std::time::Duration::from_millis(20));
        let new = issue(&files, Scope::Owner, 10_000_000_000_000).unwrap();
        assert_eq!(verifier.verify(old.expose()).await.unwrap(), None);
        assert!(verifier.verify(new.expose()).await.unwrap().is_some());
        assert_eq!(list(&files).unwrap().len(), 1);
    }

    #[test]
    fn a_damaged_file_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let files = RemoteFiles::of(&DataDir::new(dir.path()));
        std::fs::create_dir_all(&files.dir).unwrap();
        std::fs::write(
            files.tokens(),
            "[[token]]\nscope = \"root\"\nfingerprint = \"x\"\nhash = \"y\"\ncreated_ms = 0\n",
        )
        .unwrap();
        let err = Verifier::new(&files).unwrap_err().to_string();
        assert!(err.contains("tokens.toml") && err.contains("root"), "{err}");
    }
}
