//! Writing a planned hook file: a backup of the current bytes next to the file, then the new text written to a
//! temporary file beside the real target (a symlinked file is written through to what it points at) and renamed
//! over it, so the agent never reads half a file. The file must still be what the plan read.

use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Why a write did not happen.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{path} changed while relay was planning; nothing was written — run the command again")]
    Changed { path: PathBuf },
    #[error("cannot {action} {path}: {source}; nothing was written")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
}

fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> WriteError {
    let path = path.to_path_buf();
    move |source| WriteError::Io { action, path, source }
}

/// What a write did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The file written (the symlink's target when the path is a symlink).
    pub target: PathBuf,
    /// The backup, when there was a file to back up.
    pub backup: Option<PathBuf>,
}

/// Writes `text` to `path` when it still holds `expected` (`None`: no file). Backs up first; writes through a
/// symlink; keeps the file's permissions (0600 for a new one, as it may hold secrets of the agent's).
pub fn write(path: &Path, expected: Option<&[u8]>, text: &str) -> Result<Written, WriteError> {
    let now = match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => return Err(io("read", path)(err)),
    };
    if now.as_deref() != expected {
        return Err(WriteError::Changed {
            path: path.to_path_buf(),
        });
    }
    let target = resolve(path)?;
    let backup = match &now {
        Some(bytes) => Some(backup(path, bytes)?),
        None => None,
    };
    let dir = target.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io("create the folder", dir))?;
    let mode = std::fs::metadata(&target).map_or(0o600, |m| m.permissions().mode() & 0o7777);
    let mut temp = tempfile::Builder::new()
        .prefix(".relay-setup-")
        .tempfile_in(dir)
        .map_err(io("create a temporary file in", dir))?;
    temp.write_all(text.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(io("write a temporary file in", dir))?;
    std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(mode))
        .map_err(io("set the permissions of a temporary file in", dir))?;
    temp.persist(&target)
        .map_err(|e| io("replace", &target)(e.error))?;
    Ok(Written { target, backup })
}

/// Removes the file at `path` (its symlink's target) after backing it up, when it still holds `expected`.
pub fn delete(path: &Path, expected: &[u8]) -> Result<Written, WriteError> {
    let now = std::fs::read(path).map_err(io("read", path))?;
    if now != expected {
        return Err(WriteError::Changed {
            path: path.to_path_buf(),
        });
    }
    let target = resolve(path)?;
    let backup = backup(path, &now)?;
    std::fs::remove_file(&target).map_err(io("remove", &target))?;
    if target != path {
        std::fs::remove_file(path).map_err(io("remove the symlink", path))?;
    }
    Ok(Written {
        target,
        backup: Some(backup),
    })
}

/// The file a path leads to: itself, or the end of its symlink chain (which may not exist yet).
fn resolve(path: &Path) -> Result<PathBuf, WriteError> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current).map_err(io("read the symlink", &current))?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(WriteError::Io {
        action: "follow the symlinks of",
        path: path.to_path_buf(),
        source: std::io::Error::other("too many levels of symbolic links"),
    })
}

/// Writes `bytes` to `<path>.relay-backup-<YYYYMMDD-HHMMSS>` (UTC) next to `path`, `-<n>` appended when that
/// name is taken; mode 0600.
fn backup(path: &Path, bytes: &[u8]) -> Result<PathBuf, WriteError> {
    let stamp = timestamp(SystemTime::now());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "settings".to_owned());
    let dir = path.parent().unwrap_or(Path::new("."));
    for n in 0..1000 {
        let candidate = match n {
            0 => dir.join(format!("{name}.relay-backup-{stamp}")),
            n => dir.join(format!("{name}.relay-backup-{stamp}-{n}")),
        };
        let opened = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&candidate);
        match opened {
            Ok(mut file) => {
                file.write_all(bytes)
                    .and_then(|()| file.sync_all())
                    .map_err(io("write the backup", &candidate))?;
                return Ok(candidate);
            }
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(err) => return Err(io("create the backup", &candidate)(err)),
        }
    }
    Err(WriteError::Io {
        action: "find a free backup name next to",
        path: path.to_path_buf(),
        source: std::io::Error::other("1000 backups with this second's name exist"),
    })
}

/// `YYYYMMDD-HHMMSS` in UTC.
pub fn timestamp(at: SystemTime) -> String {
    let ms = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    relay_core::time::stamp(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_is_compact_utc_when_formatting_a_known_instant() {
        let at = UNIX_EPOCH + std::time::Duration::from_secs(951_782_400 + 3_723);
        assert_eq!(timestamp(at), "20000229-010203");
    }

    #[test]
    fn write_goes_through_a_symlink_and_backs_up_when_the_file_is_unchanged() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let real = dir.path().join("real.json");
        std::fs::write(&real, "{}\n").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.path().join("settings.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap_or_else(|e| panic!("{e}"));
        let written = write(&link, Some(b"{}\n"), "{\"a\": 1}\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written.target, real);
        assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
        assert_eq!(std::fs::read_to_string(&real).unwrap_or_default(), "{\"a\": 1}\n");
        let backup = written.backup.unwrap_or_default();
        assert_eq!(std::fs::read_to_string(&backup).unwrap_or_default(), "{}\n");
        assert!(backup.to_string_lossy().contains("settings.json.relay-backup-"));

        let refused = write(&link, Some(b"{}\n"), "{}");
        assert!(matches!(refused, Err(WriteError::Changed { .. })), "{refused:?}");
    }
}
