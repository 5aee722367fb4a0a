//! Private files and directories: umask 077, directories 0700 and owned by us.

use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::Path;

use crate::error::DaemonError;

/// Makes everything this process creates from now on private to its user (umask 077): the database, its
/// WAL, backups, logs.
pub fn set_private_umask() {
    rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
}

/// Creates `dir` (and its parents) if needed and makes sure it is ours and mode 0700.
pub fn create_private_dir(dir: &Path) -> Result<(), DaemonError> {
    let io = |source| DaemonError::Io {
        path: dir.to_path_buf(),
        source,
    };
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(io)?;
    let meta = std::fs::metadata(dir).map_err(io)?;
    let uid = rustix::process::getuid().as_raw();
    if meta.uid() != uid {
        return Err(DaemonError::NotOurs {
            path: dir.to_path_buf(),
            owner: meta.uid(),
        });
    }
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(io)?;
    }
    Ok(())
}
