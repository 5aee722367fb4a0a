//! The memory graph (docs/SPEC.md §14): FalkorDB as a projection of the ledger, one graph per project.
//!
//! The ledger in SQLite is the source of truth; the graph can be lost, wiped or restored from an old snapshot at
//! any time and is filled again from the ledger. Nothing on the board's or the locks' path waits on FalkorDB.
//! [`client`] is the only code that talks to the server.

pub mod admin;
pub mod brief;
pub mod cache;
pub mod client;
pub mod component;
pub mod project;
pub mod queries;
pub mod schema;
pub mod server;

#[cfg(test)]
mod analytics_tests;
#[cfg(test)]
mod server_tests;
#[cfg(test)]
mod spike_tests;
#[cfg(test)]
pub(crate) mod tests;

use std::time::Duration;

pub use client::{Answer, GraphClient};
pub use component::{Graph, GraphStatus, Projector};
pub use server::Keeper;

/// The graph of a project: `relay_<slug>`.
pub fn graph_name(project_slug: &str) -> String {
    format!("relay_{project_slug}")
}

/// What went wrong talking to FalkorDB. Each message names the server or the graph and what to do.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    #[error(
        "the memory graph is off: no graph_url is set; start a FalkorDB relayd runs for you with `relay graph up`, or point relay at one you run with `relay graph enable falkor://HOST:PORT`"
    )]
    Off,
    #[error("graph_url {url} is not a FalkorDB URL ({reason}); use falkor://[user:password@]host:port")]
    BadUrl { url: String, reason: String },
    #[error(
        "FalkorDB at {url} is unreachable ({reason}); relay retries by itself every few seconds, check that the server runs (`relay graph status`)"
    )]
    Unreachable { url: String, reason: String },
    #[error(
        "the graph {graph} does not exist yet: nothing has been projected into it; wait for the projector's next pass (`relay graph status`) or run `relay graph rebuild`"
    )]
    Missing { graph: String },
    #[error(
        "the graph query on {graph} did not answer within {after:?} and was stopped; narrow it (a smaller limit, one file) and run it again. Cypher: {cypher}"
    )]
    TimedOut {
        graph: String,
        after: Duration,
        cypher: String,
    },
    #[error("FalkorDB refused a query on {graph}: {reason}. Cypher: {cypher}")]
    Query {
        graph: String,
        cypher: String,
        reason: String,
    },
}
