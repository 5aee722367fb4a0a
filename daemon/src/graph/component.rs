//! The `graph` component: runs the projection pass every few seconds while `graph_url` is set, reconnects by itself
//! when FalkorDB goes away (a doubling pause from 1 s up to 10 s, so a server back is found within ~15 s), and keeps
//! what `relay graph status` shows. Nothing else waits on it: the board and the locks never touch FalkorDB, and the
//! ledger keeps every record while the graph is down (the next pass sends what it missed).

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::Notify;

use super::GraphClient;
use super::project::{ProjectPass, pass};
use crate::component::{Component, ComponentFuture};
use crate::handle::DaemonHandle;

/// Pause between passes while connected.
pub const PASS_INTERVAL: Duration = Duration::from_secs(5);
/// The first and the longest pause before dialing again after a failure.
pub const RETRY_FIRST: Duration = Duration::from_secs(1);
pub const RETRY_MAX: Duration = Duration::from_secs(10);

/// What the graph is doing, for `relay graph status`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GraphStatus {
    /// Whether `graph_url` is set.
    pub enabled: bool,
    /// The URL, its password shown as `***`.
    pub url: Option<String>,
    pub connected: bool,
    /// The last failure, while it lasts.
    pub last_error: Option<String>,
    /// Passes done, and those that sent a project's whole history again.
    pub passes: u64,
    pub resends: u64,
    pub last_pass_at_ms: Option<i64>,
    /// The last pass, per project.
    pub projects: Vec<ProjectPass>,
}

/// The graph's side of the daemon handle.
#[derive(Debug, Default)]
pub struct Graph {
    status: Mutex<GraphStatus>,
    client: Mutex<Option<GraphClient>>,
    rebuild: Mutex<BTreeSet<String>>,
    wake: Notify,
    /// The URL in force (empty: off) and where it came from; `relay graph enable` / `disable` change it live.
    url: Mutex<(String, &'static str)>,
    /// Whether `RELAY_GRAPH_URL` was set when relayd started (it wins over config.toml).
    env_set: bool,
    /// Held while config.toml is rewritten, so two changes do not interleave.
    pub(crate) config_write: tokio::sync::Mutex<()>,
    /// The pre-tool brief's cache, refilled after passes that sent records.
    briefs: super::cache::BriefCache,
    /// The FalkorDB server `relay graph up` started, while relayd supervises one.
    server: super::server::Server,
}

/// The environment variable that sets `graph_url`.
pub fn graph_url_env() -> &'static str {
    relay_core::config::KEYS
        .iter()
        .find(|key| key.name == "graph_url")
        .map_or("RELAY_GRAPH_URL", |key| key.env)
}

impl Graph {
    /// The graph of a relayd started with `config`: its URL, and whether it came from the environment or the file.
    pub fn new(config: &relay_core::config::Config) -> Graph {
        let env_set = std::env::var_os(graph_url_env()).is_some();
        let text = std::fs::read_to_string(config.data_dir.config()).ok();
        let source = relay_core::config::graph_url_source(env_set, text.as_deref());
        let graph = Graph {
            url: Mutex::new((config.graph_url.clone(), source)),
            env_set,
            ..Graph::default()
        };
        graph.reset_status(&config.graph_url);
        graph
    }

    /// The URL in force (empty when off) and where it came from (`env`, `file`, `default`).
    pub fn url(&self) -> (String, &'static str) {
        self.url
            .lock()
            .map(|u| u.clone())
            .unwrap_or_else(|_| (String::new(), "default"))
    }

    /// Whether `RELAY_GRAPH_URL` decides the URL (then config.toml changes wait for a start without it).
    pub fn env_set(&self) -> bool {
        self.env_set
    }

    /// Switches the running projector to `url` (empty: off), taken from config.toml: the connection is dropped,
    /// the status starts over and the projector wakes.
    pub fn set_url(&self, url: &str) {
        if let Ok(mut slot) = self.url.lock() {
            *slot = (url.to_owned(), "file");
        }
        self.set_client(None);
        self.reset_status(url);
        self.wake.notify_one();
    }

    fn reset_status(&self, url: &str) {
        self.update(|s| {
            *s = GraphStatus::default();
            if !url.is_empty() {
                s.enabled = true;
                s.url = Some(relay_core::config::graph_url_shown(url));
            }
        });
    }

    pub fn status(&self) -> GraphStatus {
        self.status.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The FalkorDB server relayd supervises (`relay graph up`).
    pub fn server(&self) -> &super::server::Server {
        &self.server
    }

    /// The pre-tool brief's cache (read by the hook step, never FalkorDB).
    pub fn briefs(&self) -> &super::cache::BriefCache {
        &self.briefs
    }

    /// The connected client, for the named queries; none while FalkorDB is off or unreachable.
    pub fn client(&self) -> Option<GraphClient> {
        self.client.lock().ok().and_then(|c| c.clone())
    }

    /// Asks the next pass (started now) to send these graphs' whole history.
    pub fn request_rebuild(&self, graphs: impl IntoIterator<Item = String>) {
        if let Ok(mut rebuild) = self.rebuild.lock() {
            rebuild.extend(graphs);
        }
        self.wake.notify_one();
    }

    fn update(&self, change: impl FnOnce(&mut GraphStatus)) {
        if let Ok(mut status) = self.status.lock() {
            change(&mut status);
        }
    }

    fn set_client(&self, client: Option<GraphClient>) {
        if let Ok(mut slot) = self.client.lock() {
            *slot = client;
        }
    }
}

/// The projector's loop.
#[derive(Debug)]
pub struct Projector;

impl Component for Projector {
    fn name(&self) -> &'static str {
        "graph"
    }

    fn run(&self, handle: DaemonHandle) -> ComponentFuture {
        Box::pin(async move {
            let graph = handle.graph();
            let mut retry = RETRY_FIRST;
            loop {
                // Read each time: `relay graph enable` / `disable` change it while relayd runs.
                let (url, _) = graph.url();
                // Off: nothing to do until the URL changes.
                let pause = if url.is_empty() {
                    Duration::MAX
                } else {
                    match step(&handle, &url).await {
                        Ok(()) => {
                            retry = RETRY_FIRST;
                            PASS_INTERVAL
                        }
                        Err(()) => {
                            let pause = retry;
                            retry = (retry * 2).min(RETRY_MAX);
                            pause
                        }
                    }
                };
                tokio::select! {
                    () = handle.shutdown_requested() => break,
                    () = sleep_for(pause) => {}
                    () = graph.wake.notified() => {}
                }
            }
        })
    }
}

/// Refills the pre-tool brief's cache for each project whose pass sent records (or that the cache lacks); a
/// failure only leaves the old briefs in place.
async fn refill(handle: &DaemonHandle, client: &GraphClient, passes: &[super::project::ProjectPass]) {
    if !handle.config().graph_pre_tool_brief {
        return;
    }
    let projects = {
        let Ok(mut db) = handle.store().read().await else {
            return;
        };
        crate::store::graph_feed::projects(&mut db)
            .await
            .unwrap_or_default()
    };
    let cold = handle.graph().briefs.is_empty();
    for project in &projects {
        let sent = passes
            .iter()
            .any(|p| p.project == project.slug && p.sent.values().any(|n| *n > 0));
        if !(sent || cold) {
            continue;
        }
        if let Err(err) = Box::pin(super::cache::fill(&handle.graph().briefs, client, project)).await {
            tracing::debug!(error = %err, project = %project.slug, "the pre-tool brief's cache was not refilled");
        }
    }
}

/// Sleeps `pause`; [`Duration::MAX`] never ends.
async fn sleep_for(pause: Duration) {
    if pause == Duration::MAX {
        std::future::pending::<()>().await;
    } else {
        tokio::time::sleep(pause).await;
    }
}

/// One connect-if-needed and pass; a failure is recorded in the status (and logged once per kind of failure).
async fn step(handle: &DaemonHandle, url: &str) -> Result<(), ()> {
    let graph = handle.graph();
    let client = match graph.client() {
        Some(client) => client,
        None => match GraphClient::connect(url).await {
            Ok(client) => {
                // The URL may have changed while dialing: the next round dials the new one.
                if graph.url().0 != url {
                    return Ok(());
                }
                tracing::info!(url = client.shown_url(), "memory graph connected");
                graph.set_client(Some(client.clone()));
                client
            }
            Err(err) => {
                fail(handle, &err.to_string());
                return Err(());
            }
        },
    };
    let forget = graph
        .rebuild
        .lock()
        .map(|mut r| std::mem::take(&mut *r))
        .unwrap_or_default();
    match pass(handle, &client, &forget).await {
        Ok(projects) => {
            refill(handle, &client, &projects).await;
            let now = handle.now_ms();
            graph.update(|s| {
                s.connected = true;
                s.last_error = None;
                s.passes += 1;
                s.resends += projects.iter().filter(|p| p.resend.is_some()).count() as u64;
                s.last_pass_at_ms = Some(now);
                s.projects = projects;
            });
            Ok(())
        }
        Err(err) => {
            // Whatever failed, dial again: a half-done pass is sent again from the same cursor.
            graph.set_client(None);
            if let Ok(mut rebuild) = graph.rebuild.lock() {
                rebuild.extend(forget);
            }
            fail(handle, &err.to_string());
            Err(())
        }
    }
}

fn fail(handle: &DaemonHandle, reason: &str) {
    let graph = handle.graph();
    let first = graph.status().last_error.as_deref() != Some(reason);
    graph.update(|s| {
        s.connected = false;
        s.last_error = Some(reason.to_owned());
    });
    if first {
        tracing::warn!(error = reason, "memory graph pass failed; retrying");
    }
}
