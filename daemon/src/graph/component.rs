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
}

impl Graph {
    pub fn status(&self) -> GraphStatus {
        self.status.lock().map(|s| s.clone()).unwrap_or_default()
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
            let url = handle.config().graph_url.clone();
            let graph = handle.graph();
            if url.is_empty() {
                graph.update(|s| *s = GraphStatus::default());
                return;
            }
            let shown = relay_core::config::graph_url_shown(&url);
            graph.update(|s| {
                s.enabled = true;
                s.url = Some(shown.clone());
            });
            let mut retry = RETRY_FIRST;
            loop {
                let pause = match step(&handle, &url).await {
                    Ok(()) => {
                        retry = RETRY_FIRST;
                        PASS_INTERVAL
                    }
                    Err(()) => {
                        let pause = retry;
                        retry = (retry * 2).min(RETRY_MAX);
                        pause
                    }
                };
                tokio::select! {
                    () = handle.shutdown_requested() => break,
                    () = tokio::time::sleep(pause) => {}
                    () = graph.wake.notified() => {}
                }
            }
        })
    }
}

/// One connect-if-needed and pass; a failure is recorded in the status (and logged once per kind of failure).
async fn step(handle: &DaemonHandle, url: &str) -> Result<(), ()> {
    let graph = handle.graph();
    let client = match graph.client() {
        Some(client) => client,
        None => match GraphClient::connect(url).await {
            Ok(client) => {
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
