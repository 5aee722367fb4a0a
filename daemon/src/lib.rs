//! relayd: the daemon that owns all of relay's state and every integration.
//!
//! The public surface is small:
//! - [`run`] — the whole lifecycle; `relay daemon run` and the `relayd` binary call it; [`DaemonError`] says why
//!   it stopped, [`DRAIN_TIMEOUT`] how long in-flight requests get at shutdown.
//! - [`DaemonHandle`] and [`board`] — the board service over a handle, for in-process seeding and benchmarks;
//!   [`coord`] — the file-lock table, for its benchmark.
//! - [`store`] — opening, inspecting and restoring the database offline (`relay restore`, doctor), and
//!   [`store::SCHEMA_VERSION`].
//! - [`token`] — creating and rotating the token (`relay token`); [`demo`] — `relay demo`; [`logging`] — the
//!   daemon's log setup; [`lock`] — the data directory's lock; [`create_private_dir`].
//! - [`remote`] — the remote listener's certificates and tokens (`relay daemon init-remote`, `relay token
//!   --remote`).
//! - [`http_router`] — the HTTP routes (MCP, hooks) over a handle, for the MCP scale benchmark.
//!
//! Everything else — the adapters (gRPC, HTTP, MCP), the hook pipeline, the bus, components, the clock — is the
//! daemon's own.

// The memory graph client's futures (falkordb over redis) nest deeper than the default 128 when a tonic or rmcp
// handler awaits a named query: type checking its Send bound needs more room.
#![recursion_limit = "256"]

mod attach;
pub mod board;
mod bus;
mod caller;
mod clock;
mod component;
pub mod coord;
mod daemon;
pub mod demo;
pub mod environments;
mod error;
mod fsutil;
pub mod graph;
mod handle;
mod hooks;
mod http;
pub mod ledger;
pub mod lock;
pub mod logging;
mod mcp;
pub mod remote;
mod rpc;
pub mod runner;
mod socket;
pub mod store;
pub mod token;
pub mod undo;

#[cfg(test)]
mod testing;

pub use daemon::{DRAIN_TIMEOUT, run};
pub use error::DaemonError;
pub use fsutil::create_private_dir;
pub use handle::DaemonHandle;

/// The HTTP routes relayd serves (`/mcp`, the hooks, `/healthz`) over `handle`, behind the same guard, for
/// in-process benchmarks; [`run`] serves them on its listener.
pub fn http_router(handle: DaemonHandle) -> axum::Router {
    http::router(handle)
}
