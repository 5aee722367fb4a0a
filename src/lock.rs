//! One daemon per data directory: an exclusive `flock` on `<data>/relayd.lock`, which holds the pid.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;

use crate::paths::DataDir;

/// The held lock; released when dropped (or when the process dies, however it dies).
#[derive(Debug)]
pub struct DataLock {
    _file: File,
    path: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "another relayd (pid {}) is already running on {data_dir}; stop it with `relay daemon stop` or use another --home",
        pid.map_or_else(|| "unknown".to_owned(), |p| p.to_string())
    )]
    Held { pid: Option<u32>, data_dir: PathBuf },
    #[error("cannot lock {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

impl DataLock {
    /// Takes the lock or names the pid that holds it. Writes this process's pid into the file.
    pub fn acquire(data: &DataDir) -> Result<DataLock, LockError> {
        Self::acquire_for(data, std::process::id())
    }

    /// Takes the lock on behalf of an offline operation (restore); the file records `pid`.
    pub fn acquire_for(data: &DataDir, pid: u32) -> Result<DataLock, LockError> {
        let path = data.lock();
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(LockError::Held {
                    pid: read_pid(&mut file),
                    data_dir: data.path().to_path_buf(),
                });
            }
            Err(TryLockError::Error(source)) => return Err(io(source)),
        }
        file.set_len(0).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        writeln!(file, "{pid}").map_err(io)?;
        file.sync_all().map_err(io)?;
        Ok(DataLock { _file: file, path })
    }

    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

/// The pid written by the daemon that holds (or last held) the lock.
pub fn holder_pid(data: &DataDir) -> Option<u32> {
    File::open(data.lock()).ok().and_then(|mut f| read_pid(&mut f))
}

/// Whether some process holds the lock right now, without taking it for long.
pub fn is_held(data: &DataDir) -> bool {
    match File::open(data.lock()) {
        Ok(file) => match file.try_lock_shared() {
            Ok(()) => {
                let _ = file.unlock();
                false
            }
            Err(_) => true,
        },
        Err(_) => false,
    }
}

fn read_pid(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0)).ok()?;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_lock_names_the_holder_when_the_first_is_held() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        let first = DataLock::acquire_for(&data, 4242).unwrap();
        assert!(is_held(&data));
        let err = DataLock::acquire(&data).unwrap_err();
        assert!(matches!(err, LockError::Held { pid: Some(4242), .. }), "{err}");
        assert!(err.to_string().contains("4242"), "{err}");
        drop(first);
        assert!(!is_held(&data));
        let _again = DataLock::acquire(&data).unwrap();
        assert_eq!(holder_pid(&data), Some(std::process::id()));
    }
}
