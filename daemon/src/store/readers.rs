//! The connections reads use, beside sqlx's pool (which the writer and backups keep using).
//!
//! sqlx runs each SQLite connection on its own thread, so every statement is a round trip between threads. A
//! sqlx pool adds a second one to every read: giving a connection back spawns a task that pings the
//! connection's thread before it is reused — as costly as a small read itself. These connections are free
//! again as soon as the guard drops. Up to [`READERS`] are opened, on demand, with the store's options.
//!
//! What the ping would catch, a connection whose thread has died, only follows a panic inside sqlx; such a
//! connection answers every statement with an error instead of hanging.

use std::ops::{Deref, DerefMut};

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, SqliteConnection};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard, Semaphore, SemaphorePermit};

/// At most this many read connections (and their threads).
pub const READERS: usize = 4;

#[derive(Debug)]
pub(super) struct Readers {
    options: SqliteConnectOptions,
    /// The database file, for error messages.
    path: std::path::PathBuf,
    /// Each slot's connection is opened when first needed.
    slots: Vec<Mutex<Option<SqliteConnection>>>,
    /// As many as slots: whoever holds a permit finds a slot free.
    permits: Semaphore,
}

/// A read connection, free for the next read when dropped. Use it as a `&mut SqliteConnection`.
#[derive(Debug)]
pub struct ReadConn<'a> {
    conn: MappedMutexGuard<'a, SqliteConnection>,
    path: &'a std::path::Path,
    _permit: SemaphorePermit<'a>,
}

impl Readers {
    pub(super) fn new(options: SqliteConnectOptions, path: std::path::PathBuf) -> Readers {
        Readers {
            options,
            path,
            slots: (0..READERS).map(|_| Mutex::new(None)).collect(),
            permits: Semaphore::new(READERS),
        }
    }

    /// A free connection, opening one while fewer than [`READERS`] exist; waits while all are busy.
    pub(super) async fn acquire(&self) -> Result<ReadConn<'_>, sqlx::Error> {
        let permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        loop {
            for slot in &self.slots {
                let Ok(mut conn) = slot.try_lock() else {
                    continue;
                };
                if conn.is_none() {
                    *conn = Some(SqliteConnection::connect_with(&self.options).await?);
                }
                if let Ok(conn) = MutexGuard::try_map(conn, Option::as_mut) {
                    return Ok(ReadConn {
                        conn,
                        path: &self.path,
                        _permit: permit,
                    });
                }
            }
            // A permit means a slot is free, but another reader may have taken it behind this scan and freed
            // one ahead of it: look again.
            tokio::task::yield_now().await;
        }
    }

    /// Refuses new reads, waits for the reads under way and closes every connection.
    pub(super) async fn close(&self) {
        let all = u32::try_from(READERS).unwrap_or(u32::MAX);
        let drained = self.permits.acquire_many(all).await;
        self.permits.close();
        drop(drained);
        for slot in &self.slots {
            if let Some(conn) = slot.lock().await.take() {
                let _ = conn.close().await;
            }
        }
    }
}

impl super::Db for ReadConn<'_> {
    fn parts(&mut self) -> (&mut SqliteConnection, &std::path::Path) {
        (&mut self.conn, self.path)
    }
}

impl Deref for ReadConn<'_> {
    type Target = SqliteConnection;

    fn deref(&self) -> &SqliteConnection {
        &self.conn
    }
}

impl DerefMut for ReadConn<'_> {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.conn
    }
}
