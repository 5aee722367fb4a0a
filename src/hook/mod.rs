//! The hook protocol of `relay hook <agent> <phase>` (ARCHITECTURE §7), without the daemon: reading the five
//! agents' payloads into one [`HookEvent`], telling the product from the payload's fingerprint, finding the files
//! an edit tool will touch, and rendering allow / deny / context answers in each agent's dialect.
//!
//! The pieces, in the order a hook call flows through them:
//!
//! - [`Agent`] (`agent.rs`) and [`Phase`] (`phase.rs`): the CLI names, and per agent which phases it has and
//!   what its events are called.
//! - [`read_event`] (`payload.rs`): the 256 KB cap, the JSON, the fingerprint (a Cursor or Copilot payload
//!   arriving through Claude Code's settings is answered as Cursor or Copilot), and the normalised fields.
//! - [`is_edit_tool`], [`edit_files`], [`read_files`] (`files.rs`): one table of every agent's file tools, with
//!   Codex / Copilot patches read by [`parse_patch`] (`apply_patch.rs`).
//! - [`answer`] and [`allow`] (`dialect.rs`): what to print. `allow` is the fail-open answer for any failure.
//!
//! Sources: `reference/agent-formats.md` §1–§5 and §9. Facts taken from elsewhere, or assumed, say so where they
//! are used.

mod agent;
mod apply_patch;
mod dialect;
mod discard;
mod files;
mod payload;
mod phase;
mod todo;

#[cfg(test)]
mod tests;

pub use agent::Agent;
pub use apply_patch::{PatchOp, parse_patch, patch_files};
pub use dialect::{ASK_STANDS_IN, Answer, Decision, allow, answer};
pub use discard::{Discard, DiscardKind, discards};
pub use files::{edit_files, is_edit_tool, is_read_tool, read_files, shell_command};
pub use payload::{
    AgentSessionId, CONTAINER_ENV, HOST_ATTENDED_KEY, HOST_SESSION_KEY, HookEvent, MAX_BODY,
    RUNNER_SESSION_ENV, RUNNER_SESSION_KEY, is_mcp_tool, read_event,
};
pub use phase::Phase;
pub use todo::{
    MAX_ITEMS as TODO_MAX_ITEMS, MAX_TEXT as TODO_MAX_TEXT, TodoChange, TodoItem, TodoStatus, todo_change,
};

/// Why a hook call could not be read. Every case is answered with [`allow`]: relay never stands in an agent's way.
#[derive(Debug, thiserror::Error)]
pub enum HookError {
    #[error("unknown agent {input:?}; use one of {valid}")]
    UnknownAgent { input: String, valid: String },
    #[error("unknown hook phase {input:?}; use one of {valid}")]
    UnknownPhase { input: String, valid: String },
    #[error(
        "{agent} has no {phase} hook; its phases are {supported} (check the hook entry that runs `relay hook`)"
    )]
    PhaseNotSupported {
        agent: Agent,
        phase: Phase,
        /// The agent's phases, comma-separated.
        supported: String,
    },
    #[error(
        "{agent} hook payload is {len} bytes, over the {max}-byte limit; relay let the action through unchecked"
    )]
    BodyTooLarge { agent: Agent, len: usize, max: usize },
    #[error("{agent} hook payload is not JSON ({source}); it starts with {preview:?}")]
    NotJson {
        agent: Agent,
        /// The first characters of the body.
        preview: String,
        source: serde_json::Error,
    },
    #[error("{agent} hook payload is a JSON {found}, not an object")]
    NotAnObject { agent: Agent, found: &'static str },
    #[error("{agent} {event} payload has no {field} (looked for a non-empty string in {keys})")]
    MissingField {
        agent: Agent,
        /// The payload's event name, or the phase when it has none.
        event: String,
        field: &'static str,
        /// The keys tried, comma-separated.
        keys: String,
    },
}
