//! Online backup (`VACUUM INTO`, a consistent snapshot taken inside one read transaction, so the file is
//! valid while the daemon keeps writing) and offline restore.

use std::path::{Path, PathBuf};

use relay_core::paths::DataDir;
use sqlx::{Connection, SqliteConnection, SqlitePool};

use super::{DbInfo, SCHEMA_VERSION, StoreError, inspect, inspect_options, migrate::APPLICATION_ID};

/// A finished backup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub path: PathBuf,
    pub bytes: u64,
    pub schema_version: u32,
    pub last_event_id: i64,
}

/// A finished restore.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    pub info: DbInfo,
    /// Where the database that was replaced now lives, if there was one.
    pub previous: Option<PathBuf>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A sibling of `dest` to write into before the rename that publishes it.
fn partial_path(dest: &Path) -> PathBuf {
    let mut name = dest.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".partial-{}", std::process::id()));
    dest.with_file_name(name)
}

fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io(dir))
}

fn set_private(path: &Path) -> Result<(), StoreError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(io(path))
}

/// Writes a consistent copy of the live database to `dest` (mode 0600), atomically: the file appears under
/// its name only when complete.
pub(super) async fn write(
    pool: &SqlitePool,
    db: &Path,
    dest: &Path,
    overwrite: bool,
) -> Result<BackupInfo, StoreError> {
    if !dest.is_absolute() {
        return Err(StoreError::RelativePath {
            path: dest.to_path_buf(),
        });
    }
    if dest == db {
        return Err(StoreError::BackupExists {
            path: dest.to_path_buf(),
        });
    }
    if dest.exists() && !overwrite {
        return Err(StoreError::BackupExists {
            path: dest.to_path_buf(),
        });
    }
    if let Some(dir) = dest.parent()
        && !dir.is_dir()
    {
        return Err(StoreError::NoSuchFolder {
            dir: dir.to_path_buf(),
        });
    }
    let partial = partial_path(dest);
    let _ = std::fs::remove_file(&partial);
    let target = partial.to_string_lossy().into_owned();
    let result = sqlx::query("VACUUM INTO ?").bind(target).execute(pool).await;
    if let Err(source) = result {
        let _ = std::fs::remove_file(&partial);
        return Err(StoreError::Sql {
            path: dest.to_path_buf(),
            source,
        });
    }
    let finish = async {
        set_private(&partial)?;
        std::fs::File::open(&partial)
            .and_then(|f| f.sync_all())
            .map_err(io(&partial))?;
        let info = inspect(&partial).await?;
        std::fs::rename(&partial, dest).map_err(io(dest))?;
        if let Some(dir) = dest.parent() {
            sync_dir(dir)?;
        }
        let bytes = std::fs::metadata(dest).map_err(io(dest))?.len();
        Ok(BackupInfo {
            path: dest.to_path_buf(),
            bytes,
            schema_version: info.schema_version,
            last_event_id: info.last_event_id,
        })
    };
    let result = finish.await;
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// Checks that `input` is a relay database this binary can open, without changing anything.
pub async fn check_restorable(input: &Path) -> Result<DbInfo, StoreError> {
    let info = inspect(input).await?;
    if info.application_id != APPLICATION_ID || info.schema_version == 0 {
        return Err(StoreError::NotRelayBackup {
            path: input.to_path_buf(),
            application_id: info.application_id,
        });
    }
    if info.schema_version > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: input.to_path_buf(),
            found: info.schema_version,
            supported: SCHEMA_VERSION,
        });
    }
    let mut conn = SqliteConnection::connect_with(&inspect_options(input))
        .await
        .map_err(|source| StoreError::from_open(input, source))?;
    let rows: Vec<String> = sqlx::query_scalar("PRAGMA quick_check")
        .fetch_all(&mut conn)
        .await
        .map_err(|source| StoreError::Sql {
            path: input.to_path_buf(),
            source,
        })?;
    conn.close().await.ok();
    if rows != ["ok"] {
        return Err(StoreError::Corrupt {
            path: input.to_path_buf(),
            detail: problems(&rows),
        });
    }
    Ok(info)
}

/// `PRAGMA quick_check`'s findings on one line: SQLite may put several, and a `*** in database main ***`
/// heading, into one row, or give one row per finding.
fn problems(rows: &[String]) -> String {
    let found: Vec<&str> = rows
        .iter()
        .flat_map(|row| row.lines())
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("*** in database"))
        .collect();
    if found.is_empty() {
        "PRAGMA quick_check did not answer ok".to_owned()
    } else {
        found.join("; ")
    }
}

/// Replaces the data directory's database with `input`. The caller holds the data directory's lock, so no
/// daemon runs meanwhile. Nothing changes unless `input` is a sound relay database; the database it
/// replaces (with its WAL) is kept as `relay.sqlite.pre-restore-<unix seconds>`.
pub async fn restore(data: &DataDir, input: &Path) -> Result<Restored, StoreError> {
    let info = check_restorable(input).await?;
    let db = data.db();
    let staged = partial_path(&db);
    let _ = std::fs::remove_file(&staged);
    let mut conn = SqliteConnection::connect_with(&inspect_options(input))
        .await
        .map_err(|source| StoreError::from_open(input, source))?;
    let target = staged.to_string_lossy().into_owned();
    let copied = sqlx::query("VACUUM INTO ?").bind(target).execute(&mut conn).await;
    conn.close().await.ok();
    if let Err(source) = copied {
        let _ = std::fs::remove_file(&staged);
        return Err(StoreError::Sql { path: staged, source });
    }
    set_private(&staged)?;
    std::fs::File::open(&staged)
        .and_then(|f| f.sync_all())
        .map_err(io(&staged))?;

    let previous = if db.exists() {
        let stamp = relay_core::time::now_ms() / 1000;
        let mut name = db.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        name.push(format!(".pre-restore-{stamp}"));
        let kept = db.with_file_name(name);
        for suffix in ["", "-wal", "-shm"] {
            let from = PathBuf::from(format!("{}{suffix}", db.display()));
            if from.exists() {
                let to = PathBuf::from(format!("{}{suffix}", kept.display()));
                std::fs::rename(&from, &to).map_err(io(&from))?;
            }
        }
        Some(kept)
    } else {
        None
    };
    std::fs::rename(&staged, &db).map_err(io(&db))?;
    sync_dir(data.path())?;
    Ok(Restored { info, previous })
}
