//! relayd: the daemon that owns all of relay's state and every integration.
//!
//! [`run`] is the whole lifecycle; `relay daemon run` and the `relayd` binary both call it.

pub mod attach;
pub mod board;
pub mod bus;
pub mod caller;
pub mod clock;
pub mod component;
pub mod coord;
mod daemon;
pub mod demo;
pub mod error;
mod fsutil;
pub mod handle;
pub mod hooks;
pub mod http;
pub mod lock;
pub mod logging;
pub mod mcp;
pub mod rpc;
mod socket;
pub mod store;
pub mod token;

#[cfg(test)]
mod testing;

pub use daemon::{DRAIN_TIMEOUT, run};
pub use error::DaemonError;
pub use fsutil::create_private_dir;
pub use handle::DaemonHandle;
