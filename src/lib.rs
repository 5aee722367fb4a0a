//! relay-core: the contract shared by `relayd` and the `relay` client.
//!
//! Ids, domain types and their invariants, event kinds, the `relay.v1` proto and its `--json` form, paths, the
//! layered configuration and display helpers. No I/O here beyond path lookup, reading `config.toml`, and the
//! data directory's lock and token files (which the client probes as well as relayd).

pub mod board;
pub mod config;
pub mod discovery;
pub mod display;
pub mod event;
pub mod guard;
pub mod hook;
pub mod lock;
pub mod media;
pub mod owner;
pub mod paths;
pub mod policy;
pub mod profile;
pub mod remote;
pub mod rules;
pub mod time;
pub mod token;

/// The generated `relay.v1` messages, client and server.
pub mod proto {
    #![allow(clippy::all, clippy::pedantic, missing_docs)]
    tonic::include_proto!("relay.v1");

    /// The binary metadata key of a write refused for want of the second confirmation (FAILED_PRECONDITION):
    /// a JSON list of what it widens on live, so a client asks again without reading the message's words.
    pub const WIDENS_METADATA: &str = "relay-widens-bin";
}

#[path = "proto/json.rs"]
pub mod proto_json;

/// The version of relay, shared by `relay`, `relayd`, `/healthz` and `GetStatus`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The `relay.v1` protocol revision. It is part of the socket file name, so a client never talks to a daemon
/// of another revision by accident.
pub const PROTOCOL_VERSION: u32 = 2;
