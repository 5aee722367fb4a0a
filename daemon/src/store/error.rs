use std::path::{Path, PathBuf};

/// Why the store could not do what was asked. Messages name the file and say what to do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path} is not a SQLite database; move it away or restore a relay backup (relay restore --input FILE)"
    )]
    NotADatabase { path: PathBuf },
    #[error(
        "{path} is a SQLite database but not a relay one (application id {application_id:#x}); point --home at a relay data directory"
    )]
    NotRelay { path: PathBuf, application_id: i32 },
    #[error(
        "{path} is a SQLite database but not a relay backup (application id {application_id:#x}); choose a file written by `relay backup`"
    )]
    NotRelayBackup { path: PathBuf, application_id: i32 },
    #[error("the folder {dir} does not exist; create it or choose another --output")]
    NoSuchFolder { dir: PathBuf },
    #[error(
        "{path} has schema version {found}, newer than this relay understands ({supported}); upgrade relay, or restore a backup made by this version"
    )]
    TooNew {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("migration {name} failed on {path}: {source}; the database is unchanged at schema version {at}")]
    Migration {
        path: PathBuf,
        name: &'static str,
        at: u32,
        source: sqlx::Error,
    },
    #[error("{path} failed its integrity check: {detail}")]
    Corrupt { path: PathBuf, detail: String },
    #[error("{path} already exists; choose another --output or pass --overwrite")]
    BackupExists { path: PathBuf },
    #[error("backup path {path} must be absolute")]
    RelativePath { path: PathBuf },
    #[error("database error on {path}: {source}")]
    Sql { path: PathBuf, source: sqlx::Error },

    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

impl StoreError {
    /// Maps an error from opening a file, telling "not a database" from other failures.
    pub(crate) fn from_open(path: &Path, source: sqlx::Error) -> StoreError {
        let not_a_db = source
            .as_database_error()
            .is_some_and(|db| db.code().as_deref() == Some("26") || db.message().contains("not a database"));
        if not_a_db {
            StoreError::NotADatabase {
                path: path.to_path_buf(),
            }
        } else {
            StoreError::Sql {
                path: path.to_path_buf(),
                source,
            }
        }
    }
}
