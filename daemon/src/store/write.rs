//! The write transaction: every change and the events that describe it commit together, and the events
//! are published to live subscribers in commit order before the next writer may start.

use std::sync::Arc;

use relay_core::event::{EventKind, Payload};
use sqlx::{Sqlite, SqliteConnection, Transaction};
use tokio::sync::MutexGuard;

use super::{EventRecord, Store, StoreError};

/// An open `BEGIN IMMEDIATE` transaction holding the store's writer slot. Dropping it without
/// [`commit`](WriteTx::commit) rolls back (sqlx queues the rollback on the connection before the writer slot
/// is released).
pub struct WriteTx<'s> {
    store: &'s Store,
    tx: Transaction<'static, Sqlite>,
    events: Vec<EventRecord>,
    // Declared last: released after the transaction is dropped.
    _writer: MutexGuard<'s, ()>,
}

impl std::fmt::Debug for WriteTx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteTx")
            .field("events", &self.events.len())
            .finish()
    }
}

impl<'s> WriteTx<'s> {
    pub(super) fn new(
        store: &'s Store,
        writer: MutexGuard<'s, ()>,
        tx: Transaction<'static, Sqlite>,
    ) -> Self {
        WriteTx {
            store,
            tx,
            events: Vec::new(),
            _writer: writer,
        }
    }

    /// The connection to run this transaction's statements on (inside the store).
    pub fn conn(&mut self) -> &mut SqliteConnection {
        &mut self.tx
    }

    pub fn sql(&self) -> impl Fn(sqlx::Error) -> StoreError + '_ {
        |source| StoreError::Sql {
            path: self.store.path().to_path_buf(),
            source,
        }
    }

    /// Appends an event to the log inside this transaction — its kind and project from the payload — and
    /// returns its id.
    pub async fn emit<P: Payload>(&mut self, subject: &str, payload: &P) -> Result<i64, StoreError> {
        // Through a `Value`, so the keys are written sorted as they always were.
        let data = serde_json::to_value(payload)
            .map(|value| value.to_string())
            .map_err(|err| StoreError::Io {
                path: self.store.path().to_path_buf(),
                source: std::io::Error::other(format!("{} payload: {err}", P::KIND)),
            })?;
        self.append(P::KIND, subject, payload.project(), data).await
    }

    async fn append(
        &mut self,
        kind: EventKind,
        subject: &str,
        project: Option<&str>,
        data: String,
    ) -> Result<i64, StoreError> {
        let at_ms = self.store.now_ms();
        let path = self.store.path().to_path_buf();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO event (at_ms, kind, subject, project, data) VALUES (?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(at_ms)
        .bind(kind.as_str())
        .bind(subject)
        .bind(project)
        .bind(&data)
        .fetch_one(self.conn())
        .await
        .map_err(|source| StoreError::Sql { path, source })?;
        self.events.push(EventRecord {
            id,
            kind: kind.as_str().to_owned(),
            at_ms,
            subject: subject.to_owned(),
            project: project.map(str::to_owned),
            data,
        });
        Ok(id)
    }

    /// Commits, then publishes the events in order while still holding the writer slot.
    pub async fn commit(self) -> Result<Vec<Arc<EventRecord>>, StoreError> {
        let WriteTx {
            store,
            tx,
            events,
            _writer,
        } = self;
        tx.commit().await.map_err(|source| StoreError::Sql {
            path: store.path().to_path_buf(),
            source,
        })?;
        let events: Vec<Arc<EventRecord>> = events.into_iter().map(Arc::new).collect();
        if let Some(last) = events.last() {
            store.advance_head(last.id);
        }
        if events
            .iter()
            .any(|event| super::environment::changes_environments(&event.kind))
        {
            store.environments_changed();
        }
        for event in &events {
            store.events().publish(event.clone());
        }
        Ok(events)
    }
}

impl super::Db for WriteTx<'_> {
    fn parts(&mut self) -> (&mut SqliteConnection, &std::path::Path) {
        (&mut self.tx, self.store.path())
    }
}
