//! The SQLite store: all SQL lives under this module.
//!
//! WAL, `synchronous=NORMAL`, `foreign_keys=ON`, `busy_timeout=5000`; numbered migrations embedded from
//! `migrations/`, tracked by `PRAGMA user_version`; a copy of the file before each upgrade; a schema newer
//! than this binary is refused. Writes are serialised by the daemon (one writer).

/// SQL that is true when `t.waiting_on` names the owner: one of the owner names (the JSON array parameter `?3`),
/// compared trimmed and without regard to case, with a leading `@` or `the ` ignored (`the owner`, `@me`).
macro_rules! waits_on_owner {
    () => {
        "(CASE WHEN ltrim(lower(trim(t.waiting_on)), '@') LIKE 'the %'
               THEN trim(substr(ltrim(lower(trim(t.waiting_on)), '@'), 5))
               ELSE ltrim(lower(trim(t.waiting_on)), '@') END) IN (SELECT value FROM json_each(?3))"
    };
}

pub mod activity;
pub mod attachment;
mod backup;
pub mod board;
pub mod cards;
pub mod comment;
pub mod environment;
mod error;
pub mod graph_feed;
pub mod hook_session;
pub mod inbox;
pub mod ledger;
mod migrate;
pub mod plan;
mod readers;
pub mod review;
pub mod runner;
pub mod scale;
pub mod sessions;
pub mod snapshot;
mod write;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use relay_core::config::DEFAULT_EVENT_BUFFER;
use relay_core::event::Payload;
use tokio::sync::Mutex;

use crate::bus::EventBus;
use crate::clock::{Clock, SystemClock};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection, SqlitePool};

pub use backup::{BackupInfo, Restored, restore};
pub use error::StoreError;
pub use migrate::{APPLICATION_ID, MIGRATIONS, Migration, SCHEMA_VERSION};
pub use readers::{READERS, ReadConn};
pub use write::WriteTx;

/// A connection inside the store boundary: the write transaction's ([`WriteTx`]) or a read connection
/// ([`ReadConn`]). Domain code hands one to the store's functions and gets rows or a [`StoreError`] back; the SQL
/// and sqlx stay in `store/`, so another backend replaces this module, not its callers.
pub trait Db: Send {
    /// The connection and the database file it belongs to (for error messages).
    fn parts(&mut self) -> (&mut SqliteConnection, &Path);
}

impl<D: Db + ?Sized> Db for &mut D {
    fn parts(&mut self) -> (&mut SqliteConnection, &Path) {
        (**self).parts()
    }
}

/// Runs one store function's statements on `db`; a failure names the database file.
pub(crate) async fn run<T>(
    db: &mut (impl Db + ?Sized),
    statements: impl AsyncFnOnce(&mut SqliteConnection) -> sqlx::Result<T>,
) -> Result<T, StoreError> {
    let (conn, path) = db.parts();
    statements(conn).await.map_err(|source| StoreError::Sql {
        path: path.to_path_buf(),
        source,
    })
}

/// One row of the event log.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventRecord {
    pub id: i64,
    pub kind: String,
    pub at_ms: i64,
    pub subject: String,
    /// The project the event is about, from its payload (an indexed column).
    #[serde(default)]
    pub project: Option<String>,
    /// The payload, a JSON object as text.
    pub data: String,
}

/// What a database file says about itself, read without changing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbInfo {
    pub schema_version: u32,
    pub application_id: i32,
    pub last_event_id: i64,
}

/// The open store. Cheap to share behind the daemon handle.
#[derive(Debug)]
pub struct Store {
    pool: SqlitePool,
    /// The connections reads use ([`Store::read`]).
    readers: readers::Readers,
    path: PathBuf,
    /// Fixed once migrations ran.
    schema_version: u32,
    /// The newest event id. Kept here because this store is the only writer (the data-dir lock sees to it),
    /// so status queries need no SQL.
    head: AtomicI64,
    /// Counts the commits that changed environments, access entries or policy layers (an `environment.*` or
    /// `policy.*` event): what the guard's cached view compares.
    environments_generation: AtomicU64,
    /// One writer at a time, so events are published in commit order.
    writer: Mutex<()>,
    bus: Arc<EventBus>,
    /// What event times read; the daemon handle's clock once it owns the store.
    clock: Arc<dyn Clock>,
}

fn options(path: &Path) -> SqliteConnectOptions {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(5))
}

/// Options that read a file without creating, changing or locking anything next to it.
fn inspect_options(path: &Path) -> SqliteConnectOptions {
    SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .immutable(true)
}

/// The first 16 bytes of every SQLite database file.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// Refuses files that are not SQLite databases before SQLite sees them. An empty file is a new database.
fn check_header(path: &Path) -> Result<(), StoreError> {
    use std::io::Read;
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let mut header = [0u8; 16];
    let read = file.read(&mut header).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if read == 0 || (read == 16 && &header == SQLITE_HEADER) {
        Ok(())
    } else {
        Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
        })
    }
}

async fn read_info(conn: &mut SqliteConnection, path: &Path) -> Result<DbInfo, StoreError> {
    let sql = |source| StoreError::Sql {
        path: path.to_path_buf(),
        source,
    };
    let schema_version: i64 = sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(&mut *conn)
        .await
        .map_err(sql)?;
    let application_id: i64 = sqlx::query_scalar("PRAGMA application_id")
        .fetch_one(&mut *conn)
        .await
        .map_err(sql)?;
    let has_event_table: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'event'")
            .fetch_one(&mut *conn)
            .await
            .map_err(sql)?;
    let last_event_id = if has_event_table > 0 {
        sqlx::query_scalar("SELECT coalesce(max(id), 0) FROM event")
            .fetch_one(&mut *conn)
            .await
            .map_err(sql)?
    } else {
        0
    };
    Ok(DbInfo {
        schema_version: u32::try_from(schema_version).unwrap_or(u32::MAX),
        application_id: i32::try_from(application_id).unwrap_or(0),
        last_event_id,
    })
}

/// Reads a database file's schema version, application id and newest event without changing the file.
pub async fn inspect(path: &Path) -> Result<DbInfo, StoreError> {
    check_header(path)?;
    if !path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        });
    }
    let mut conn = SqliteConnection::connect_with(&inspect_options(path))
        .await
        .map_err(|source| StoreError::from_open(path, source))?;
    let info = read_info(&mut conn, path).await;
    conn.close().await.ok();
    info
}

impl Store {
    /// Opens (creating if needed) and migrates the store at `path`.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_with(path, MIGRATIONS).await
    }

    /// Opens with an explicit migration list; tests use it to exercise upgrades.
    pub async fn open_with(path: &Path, migrations: &[Migration]) -> Result<Store, StoreError> {
        check_header(path)?;
        let mut conn = SqliteConnection::connect_with(&options(path))
            .await
            .map_err(|source| StoreError::from_open(path, source))?;
        migrate::run(&mut conn, path, migrations).await?;
        let info = read_info(&mut conn, path).await?;
        conn.close().await.ok();
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .min_connections(1)
            // A ping before every acquire is one more hop to SQLite's thread per query; a local file
            // connection does not go stale.
            .test_before_acquire(false)
            .connect_with(options(path))
            .await
            .map_err(|source| StoreError::from_open(path, source))?;
        Ok(Store {
            pool,
            readers: readers::Readers::new(options(path), path.to_path_buf()),
            path: path.to_path_buf(),
            schema_version: info.schema_version,
            head: AtomicI64::new(info.last_event_id),
            environments_generation: AtomicU64::new(0),
            writer: Mutex::new(()),
            bus: Arc::new(EventBus::new(DEFAULT_EVENT_BUFFER)),
            clock: Arc::new(SystemClock),
        })
    }

    /// Publishes committed events on `bus` and times them with `clock` — the daemon handle's — from now on; call
    /// before subscribers exist. A store opened on its own (restore, doctor) keeps a bus nobody listens to and the
    /// system clock.
    pub fn attach(&mut self, bus: Arc<EventBus>, clock: Arc<dyn Clock>) {
        self.bus = bus;
        self.clock = clock;
    }

    /// Now, by the store's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Committed events, in commit order, for live subscribers.
    pub fn events(&self) -> &EventBus {
        &self.bus
    }

    /// Starts the one write transaction: waits for the previous writer, then `BEGIN IMMEDIATE`.
    pub async fn begin_write(&self) -> Result<WriteTx<'_>, StoreError> {
        let guard = self.writer.lock().await;
        let tx = self
            .pool
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(self.sql())?;
        Ok(WriteTx::new(self, guard, tx))
    }

    /// A connection for reads; WAL lets reads run beside the writer. One of [`READERS`] connections kept for
    /// reads: cheaper to take and give back than one of the pool's (see `readers.rs`).
    pub async fn read(&self) -> Result<ReadConn<'_>, StoreError> {
        self.readers.acquire().await.map_err(self.sql())
    }

    pub(crate) fn advance_head(&self, id: i64) {
        self.head.fetch_max(id, Ordering::AcqRel);
    }

    /// A number that grows with every committed change to environments, access entries or policy layers; it has
    /// grown before the writing call returns.
    pub fn environments_generation(&self) -> u64 {
        self.environments_generation.load(Ordering::Acquire)
    }

    pub(crate) fn environments_changed(&self) {
        self.environments_generation.fetch_add(1, Ordering::AcqRel);
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn sql(&self) -> impl Fn(sqlx::Error) -> StoreError + '_ {
        |source| StoreError::Sql {
            path: self.path.clone(),
            source,
        }
    }

    /// `PRAGMA user_version` of the open database.
    pub fn schema_version(&self) -> u32 {
        self.schema_version
    }

    /// The newest event id, 0 when the log is empty.
    pub fn last_event_id(&self) -> i64 {
        self.head.load(Ordering::Acquire)
    }

    /// Appends one event in its own write transaction and publishes it.
    pub async fn append_event<P: Payload>(
        &self,
        subject: &str,
        payload: &P,
    ) -> Result<Arc<EventRecord>, StoreError> {
        let mut write = self.begin_write().await?;
        write.emit(subject, payload).await?;
        let mut events = write.commit().await?;
        events.pop().ok_or_else(|| StoreError::Io {
            path: self.path.clone(),
            source: std::io::Error::other("a committed write lost its event"),
        })
    }

    /// Events with ids greater than `after`, oldest first, at most `limit`.
    pub async fn events_after(&self, after: i64, limit: u32) -> Result<Vec<EventRecord>, StoreError> {
        // One row holding a JSON array: sqlx's SQLite driver hands rows over one by one between threads,
        // which dominated the cost of a page.
        let mut conn = self.read().await?;
        let json: String = sqlx::query_scalar(
            "SELECT coalesce(json_group_array(json_object('id', id, 'kind', kind, 'at_ms', at_ms,
                                                         'subject', subject, 'project', project, 'data', data)), '[]')
               FROM (SELECT * FROM event WHERE id > ? ORDER BY id LIMIT ?)",
        )
        .bind(after)
        .bind(i64::from(limit))
        .fetch_one(&mut *conn)
        .await
        .map_err(self.sql())?;
        let mut events: Vec<EventRecord> = serde_json::from_str(&json).map_err(|e| StoreError::Sql {
            path: self.path.clone(),
            source: sqlx::Error::Decode(format!("events: {e}").into()),
        })?;
        events.sort_by_key(|e| e.id);
        Ok(events)
    }

    /// Writes an online backup to `dest`, valid while writes go on: see [`backup`].
    pub async fn backup(&self, dest: &Path, overwrite: bool) -> Result<BackupInfo, StoreError> {
        backup::write(&self.pool, &self.path, dest, overwrite).await
    }

    /// Checkpoints the WAL and closes every connection.
    pub async fn close(&self) {
        self.readers.close().await;
        let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&self.pool)
            .await;
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests;
