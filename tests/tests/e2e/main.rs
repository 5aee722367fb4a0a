//! End-to-end tests: each one runs a real relayd (the `relay` binary) on its own temporary data directory,
//! socket and port, and drives it through the CLI, the gRPC socket and HTTP — never through internals.
//!
//! Build the binary first: `cargo build -p relay` (tests/run does). See relay-tests' lib.rs for the harness.

mod agents;
mod attach;
mod board_cli;
mod claude_hooks;
mod demo;
mod doctor;
mod environments;
mod faults;
mod graph;
mod hooks;
mod http;
mod inbox;
mod lifecycle;
mod mcp;
mod mcp_conformance;
mod plan;
mod remote;
mod rest;
mod review;
mod runner;
mod setup;
mod store;
mod subscribe;
mod tui_tmux;
mod undo;
mod window_lists;

use relay_tests::{Output, TestHome};

/// A start that must be refused: exit 1, one `relay: error:` line, and no daemon left behind.
#[track_caller]
fn assert_refused_start(home: &TestHome, output: &Output) {
    output.assert_code(1);
    assert!(output.stderr.starts_with("relay: error: "), "{output}");
    assert!(
        !home.is_locked(),
        "no daemon holds {} after a refused start",
        home.path().display()
    );
    assert!(
        !home.socket().exists(),
        "a refused start leaves no socket file behind: {}",
        home.socket().display()
    );
}
