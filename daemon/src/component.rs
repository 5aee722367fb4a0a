//! Components: the daemon's background loops, each with one lifecycle.
//!
//! A [`Component`] runs from the moment relayd is ready until shutdown is requested ([`Component::run`] watches
//! [`DaemonHandle::shutdown_requested`]), and gets one last call once the servers have drained and nothing else
//! changes its state ([`Component::stopped`]: a final snapshot, a flush). [`start`] spawns every component of
//! [`COMPONENTS`]; [`Running::stop`] waits for them within the shutdown's drain time, aborts any that overran it,
//! then calls `stopped` on each, in order. Adding a component is one file and one line in [`COMPONENTS`].

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use tokio::task::JoinHandle;

use crate::handle::DaemonHandle;

/// A component's loop.
pub type ComponentFuture = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// A background loop of the daemon.
pub trait Component: Send + Sync + std::fmt::Debug {
    /// The component's name, for logs.
    fn name(&self) -> &'static str;

    /// The loop: returns once shutdown is requested.
    fn run(&self, handle: DaemonHandle) -> ComponentFuture;

    /// The last work after the loop ended and the servers drained. Nothing by default.
    fn stopped(&self, handle: &DaemonHandle) {
        let _ = handle;
    }
}

/// Every component, started in this order.
pub static COMPONENTS: &[&dyn Component] = &[
    &crate::coord::Sweeper,
    &crate::ledger::Ingest,
    &crate::graph::Projector,
    &crate::graph::Keeper,
];

/// The running components.
#[derive(Debug)]
pub struct Running {
    tasks: Vec<(&'static dyn Component, JoinHandle<()>)>,
}

/// Spawns `components`' loops.
pub fn start(handle: &DaemonHandle, components: &[&'static dyn Component]) -> Running {
    let tasks = components
        .iter()
        .map(|component| {
            tracing::debug!(component = component.name(), "component started");
            (*component, tokio::spawn(component.run(handle.clone())))
        })
        .collect();
    Running { tasks }
}

impl Running {
    /// Waits for every loop to end (shutdown must have been requested) within `drain`, aborts the ones still
    /// running then, and gives each component its last call.
    pub async fn stop(self, handle: &DaemonHandle, drain: Duration) {
        let deadline = tokio::time::Instant::now() + drain;
        for (component, mut task) in self.tasks {
            if tokio::time::timeout_at(deadline, &mut task).await.is_err() {
                tracing::warn!(
                    component = component.name(),
                    "component did not stop within {drain:?}; stopped it"
                );
                task.abort();
            }
            component.stopped(handle);
            tracing::debug!(component = component.name(), "component stopped");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::testing::fixture;

    /// Records its life; `stubborn` ignores the shutdown signal.
    #[derive(Debug, Default)]
    struct Probe {
        stubborn: bool,
        ended: std::sync::Arc<AtomicBool>,
        stopped: Mutex<u32>,
    }

    impl Component for Probe {
        fn name(&self) -> &'static str {
            "probe"
        }

        fn run(&self, handle: DaemonHandle) -> ComponentFuture {
            let stubborn = self.stubborn;
            let ended = self.ended.clone();
            Box::pin(async move {
                if stubborn {
                    std::future::pending::<()>().await;
                }
                handle.shutdown_requested().await;
                ended.store(true, Ordering::SeqCst);
            })
        }

        fn stopped(&self, _: &DaemonHandle) {
            *self.stopped.lock().unwrap() += 1;
        }
    }

    fn leak(probe: Probe) -> &'static Probe {
        Box::leak(Box::new(probe))
    }

    #[tokio::test]
    async fn a_component_runs_until_shutdown_then_gets_its_last_call() {
        let (_dir, handle) = fixture().await;
        let probe = leak(Probe::default());
        let running = start(&handle, &[probe]);
        tokio::task::yield_now().await;
        assert!(!probe.ended.load(Ordering::SeqCst));
        handle.request_shutdown();
        running.stop(&handle, Duration::from_secs(5)).await;
        assert!(probe.ended.load(Ordering::SeqCst));
        assert_eq!(*probe.stopped.lock().unwrap(), 1);
    }

    #[tokio::test]
    async fn a_component_that_ignores_shutdown_is_aborted_after_the_drain_and_still_stopped() {
        let (_dir, handle) = fixture().await;
        let stubborn = leak(Probe {
            stubborn: true,
            ..Probe::default()
        });
        let polite = leak(Probe::default());
        let running = start(&handle, &[stubborn, polite]);
        handle.request_shutdown();
        running.stop(&handle, Duration::from_millis(100)).await;
        assert!(!stubborn.ended.load(Ordering::SeqCst));
        assert_eq!(*stubborn.stopped.lock().unwrap(), 1);
        assert!(polite.ended.load(Ordering::SeqCst));
        assert_eq!(*polite.stopped.lock().unwrap(), 1);
    }

    #[test]
    fn the_lock_sweeper_the_ledger_ingest_and_the_graph_projector_are_components() {
        let names: Vec<&str> = COMPONENTS.iter().map(|c| c.name()).collect();
        assert_eq!(names, ["locks", "ledger", "graph", "graph-server"]);
    }
}
