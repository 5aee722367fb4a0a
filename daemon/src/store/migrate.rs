//! Numbered, append-only migrations embedded from `migrations/`, tracked by `PRAGMA user_version`.

use std::path::Path;

use sqlx::{Connection, SqliteConnection};

use super::{StoreError, read_info};

/// One migration: `migrations/<NNNN>_<name>.sql`, applied atomically with its `user_version`.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sql: &'static str,
}

/// The `application_id` every relay database carries ("RELY"), set by migration 0001.
pub const APPLICATION_ID: i32 = 0x5245_4C59;

/// Every migration this binary carries, oldest first: one entry per file of `migrations/`, listed by the build
/// (`daemon/build.rs`). Append only; never edit a shipped one.
pub const MIGRATIONS: &[Migration] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The schema version this binary creates and understands.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Brings the database at `path` up to the newest migration in `migrations`.
///
/// Refuses a database from a newer binary and a SQLite file that is not relay's. Before upgrading an
/// existing database it writes `relay.sqlite.pre-migration-<current version>` beside it.
pub(crate) async fn run(
    conn: &mut SqliteConnection,
    path: &Path,
    migrations: &[Migration],
) -> Result<(), StoreError> {
    let info = read_info(conn, path).await?;
    let newest = migrations.last().map_or(0, |m| m.version);
    if info.schema_version > newest {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: info.schema_version,
            supported: newest,
        });
    }
    let sql = |source| StoreError::Sql {
        path: path.to_path_buf(),
        source,
    };
    if info.schema_version == 0 {
        let tables: i64 = sqlx::query_scalar("SELECT count(*) FROM sqlite_schema")
            .fetch_one(&mut *conn)
            .await
            .map_err(sql)?;
        if tables > 0 {
            return Err(StoreError::NotRelay {
                path: path.to_path_buf(),
                application_id: info.application_id,
            });
        }
    } else if info.application_id != APPLICATION_ID {
        return Err(StoreError::NotRelay {
            path: path.to_path_buf(),
            application_id: info.application_id,
        });
    }
    if info.schema_version == newest {
        return Ok(());
    }
    if info.schema_version > 0 {
        let copy = pre_migration_path(path, info.schema_version);
        if !copy.exists() {
            tracing::info!(from = info.schema_version, to = newest, copy = %copy.display(), "upgrading the store; copy taken first");
            let target = copy.to_string_lossy().into_owned();
            sqlx::query("VACUUM INTO ?")
                .bind(target)
                .execute(&mut *conn)
                .await
                .map_err(sql)?;
        }
    }
    let mut at = info.schema_version;
    for migration in migrations.iter().filter(|m| m.version > info.schema_version) {
        let failed = |source| StoreError::Migration {
            path: path.to_path_buf(),
            name: migration.name,
            at,
            source,
        };
        let mut tx = conn.begin().await.map_err(failed)?;
        sqlx::raw_sql(migration.sql)
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        // PRAGMA takes no bound parameters; the version is a number from the table above.
        let set_version = sqlx::AssertSqlSafe(format!("PRAGMA user_version = {}", migration.version));
        sqlx::raw_sql(set_version)
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        at = migration.version;
        tracing::info!(migration = migration.name, "applied migration");
    }
    Ok(())
}

/// `relay.sqlite.pre-migration-<version>` beside the database.
pub fn pre_migration_path(db: &Path, version: u32) -> std::path::PathBuf {
    let mut name = db.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".pre-migration-{version}"));
    db.with_file_name(name)
}
