//! `DaemonHandle`: the one cheap-to-clone handle every adapter holds.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use relay_core::config::Config;
use relay_core::event::{Payload, payload};
use serde::Serialize;
use tokio::sync::watch;

use crate::bus::EventBus;
use crate::clock::{Clock, SystemClock};
use crate::coord::Coord;
use crate::store::{BackupInfo, EventRecord, SCHEMA_VERSION, Store, StoreError};
use crate::token::Token;

/// The daemon's identity and state, as `GetStatus`, `/api/v1/status` and snapshots report it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StatusReport {
    pub daemon_version: String,
    pub protocol_version: u32,
    pub pid: u32,
    pub started_at_ms: i64,
    pub data_dir: String,
    pub socket_path: String,
    pub http_addr: String,
    pub schema_version: u32,
    pub binary_schema_version: u32,
    pub last_event_id: i64,
    pub token_id: String,
    pub log_dir: String,
    pub runner: crate::runner::MetricsReport,
    /// The remote listener's bound address and its certificate's fingerprint, when `remote_listen` is set.
    pub remote: Option<(String, String)>,
}

#[derive(Clone, Debug)]
pub struct DaemonHandle(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    config: Config,
    /// Committed events and live messages; the store publishes on it.
    bus: Arc<EventBus>,
    store: Store,
    token: Token,
    http_addr: SocketAddr,
    /// The file-lock table behind the agents' hooks.
    coord: Coord,
    /// Claude Code sessions as their hooks report them.
    hook_sessions: crate::hooks::claude::session::HookSessions,
    /// Wake-up hooks waiting, by Claude Code session id.
    hook_waits: crate::hooks::claude::wake::Waits,
    /// The runner's terminals and per-project creation locks.
    runner: crate::runner::Runner,
    /// The ledger's ingest queue and counters.
    ledger: crate::ledger::Ledger,
    /// The memory graph's projector state and client.
    graph: crate::graph::Graph,
    started_at_ms: i64,
    clock: Arc<dyn Clock>,
    shutdown: watch::Sender<bool>,
    /// Warnings already logged this run (logged once, not on every request).
    warned: std::sync::Mutex<std::collections::HashSet<String>>,
    /// The remote listener's address and certificate fingerprint, set once it is bound.
    remote: std::sync::OnceLock<(String, String)>,
    /// The global policy layer, `policy.json` in the data directory, re-read when it changes.
    global_policy: crate::environments::GlobalPolicy,
    /// The guard's views kept between hook calls.
    guard_views: crate::environments::GuardViews,
}

impl DaemonHandle {
    pub fn new(config: Config, store: Store, token: Token, http_addr: SocketAddr) -> DaemonHandle {
        DaemonHandle::with_clock(config, store, token, http_addr, Arc::new(SystemClock))
    }

    /// A handle whose rules and events read `clock` (a fixed one in tests).
    pub fn with_clock(
        config: Config,
        mut store: Store,
        token: Token,
        http_addr: SocketAddr,
        clock: Arc<dyn Clock>,
    ) -> DaemonHandle {
        let bus = Arc::new(EventBus::new(config.event_buffer));
        store.attach(bus.clone(), clock.clone());
        let (shutdown, _) = watch::channel(false);
        let coord = Coord::new(&config, bus.live_sender());
        let ledger = crate::ledger::Ledger::default();
        coord.tap_ledger(ledger.tap());
        let global_policy = crate::environments::GlobalPolicy::new(
            config
                .data_dir
                .path()
                .join(crate::environments::global::FILE_NAME),
        );
        DaemonHandle(Arc::new(Inner {
            global_policy,
            guard_views: Default::default(),
            ledger,
            graph: crate::graph::Graph::new(&config),
            bus,
            coord,
            hook_sessions: Default::default(),
            hook_waits: Default::default(),
            runner: Default::default(),
            config,
            store,
            token,
            http_addr,
            started_at_ms: clock.now_ms(),
            clock,
            shutdown,
            warned: std::sync::Mutex::new(std::collections::HashSet::new()),
            remote: std::sync::OnceLock::new(),
        }))
    }

    /// Now, by the daemon's clock: what every time-dependent rule reads.
    pub fn now_ms(&self) -> i64 {
        self.0.clock.now_ms()
    }

    /// The global policy layer (`policy.json`).
    pub fn global_policy(&self) -> &crate::environments::GlobalPolicy {
        &self.0.global_policy
    }

    pub fn guard_views(&self) -> &crate::environments::GuardViews {
        &self.0.guard_views
    }

    pub fn config(&self) -> &Config {
        &self.0.config
    }

    pub fn store(&self) -> &Store {
        &self.0.store
    }

    pub fn bus(&self) -> &EventBus {
        &self.0.bus
    }

    pub fn hook_sessions(&self) -> &crate::hooks::claude::session::HookSessions {
        &self.0.hook_sessions
    }

    pub fn hook_waits(&self) -> &crate::hooks::claude::wake::Waits {
        &self.0.hook_waits
    }

    /// The runner's in-memory state (its service is `runner()`).
    pub(crate) fn runner_state(&self) -> &crate::runner::Runner {
        &self.0.runner
    }

    pub fn coord(&self) -> &Coord {
        &self.0.coord
    }

    /// The ledger's ingest queue (docs/SPEC.md, "Memory graph").
    pub fn ledger(&self) -> &crate::ledger::Ledger {
        &self.0.ledger
    }

    /// The memory graph (docs/SPEC.md §14): its status and, while connected, its client.
    pub fn graph(&self) -> &crate::graph::Graph {
        &self.0.graph
    }

    pub fn token(&self) -> &Token {
        &self.0.token
    }

    pub fn http_addr(&self) -> SocketAddr {
        self.0.http_addr
    }

    /// Appends an event in its own write and publishes it once committed.
    pub async fn emit<P: Payload>(&self, subject: &str, payload: &P) -> Result<Arc<EventRecord>, StoreError> {
        self.0.store.append_event(subject, payload).await
    }

    /// The daemon's identity and state; answered from memory, no SQL.
    pub fn status(&self) -> StatusReport {
        let inner = &self.0;
        StatusReport {
            daemon_version: relay_core::VERSION.to_owned(),
            protocol_version: relay_core::PROTOCOL_VERSION,
            pid: std::process::id(),
            started_at_ms: inner.started_at_ms,
            data_dir: inner.config.data_dir.path().display().to_string(),
            socket_path: inner.config.socket.display().to_string(),
            http_addr: inner.http_addr.to_string(),
            schema_version: inner.store.schema_version(),
            binary_schema_version: SCHEMA_VERSION,
            last_event_id: inner.store.last_event_id(),
            token_id: inner.token.id(),
            log_dir: inner.config.log_dir.display().to_string(),
            runner: self.runner().metrics(),
            remote: inner.remote.get().cloned(),
        }
    }

    /// Records where the remote listener listens and the fingerprint of its certificate, for the status.
    pub(crate) fn set_remote(&self, addr: std::net::SocketAddr, fingerprint: &str) {
        let _ = self.0.remote.set((addr.to_string(), fingerprint.to_owned()));
    }

    /// When this relayd started (Unix milliseconds).
    pub fn started_at_ms(&self) -> i64 {
        self.0.started_at_ms
    }

    /// Writes an online backup and records `backup.created`.
    pub async fn backup(&self, dest: &Path, overwrite: bool) -> Result<BackupInfo, StoreError> {
        let info = self.0.store.backup(dest, overwrite).await?;
        let payload = payload::BackupCreated {
            bytes: info.bytes,
            last_event_id: info.last_event_id,
        };
        self.emit(&info.path.display().to_string(), &payload).await?;
        Ok(info)
    }

    /// True the first time `what` is asked about in this run: for warnings logged once.
    pub fn first_warning(&self, what: &str) -> bool {
        self.0
            .warned
            .lock()
            .map(|mut seen| seen.insert(what.to_owned()))
            .unwrap_or(false)
    }

    /// Asks every component to stop; idempotent.
    pub fn request_shutdown(&self) {
        self.0.shutdown.send_replace(true);
    }

    /// Resolves once shutdown was requested.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.0.shutdown.subscribe()
    }

    pub async fn shutdown_requested(&self) {
        let mut rx = self.shutdown_signal();
        let _ = rx.wait_for(|stop| *stop).await;
    }
}
