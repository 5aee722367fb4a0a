//! The board's domain service: projects, tasks and stages, sessions and bindings, reports, decisions, the
//! working rules on stage moves, and the catch-up feed. Every adapter (MCP, gRPC, the CLI through gRPC)
//! calls these functions; the rules live here once.
//!
//! Every write runs in one store write transaction that also appends its events, so the event log and the
//! state never disagree.

mod activity;
mod attachment;
pub mod cards;
mod comment;
mod error;
pub mod inbox;
pub mod plan;
mod project;
pub mod render;
pub mod render_plan;
pub mod render_review;
mod report;
mod review;
mod rules;
mod session;
pub mod sessions;
mod task;

pub use crate::store::board::TaskRow;
pub use activity::{ACTIVITY_PAGE, ActivityPage};
pub use attachment::{AttachInput, AttachSource, AttachmentView, attachment_limits};
pub use comment::{AuthorKind, COMMENT_BODY, CommentAdded, CommentsRead, OWNER, Thread};
pub use error::BoardError;
pub use plan::{Plan, PlanStep, PlanSummary, StepChange, StepInput, TodoItem};
pub use project::{AgentSnapshot, Archived, DONE_CAP, DoneColumn, ProjectInput, ProjectSummary, Snapshot};
pub use report::{DecisionAdded, DecisionInput, EventPage, ReportAdded, ReportInput};
pub use review::{
    Decision, Review, ReviewSet, ReviewStepChange, ReviewStepInput, ReviewStepView, StepWritten,
};
pub use session::Binding;
pub use task::{NewTask, TASK_PAGE_DEFAULT, TASK_PAGE_MAX, TaskChange, TaskDetail, TaskFilter, TaskPage};

pub use crate::caller::Caller;
use crate::handle::DaemonHandle;

/// A write's result with the lines an agent must see: rule warnings and hints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T> {
    pub value: T,
    /// `Warning (rules): …` lines and other warnings.
    pub warnings: Vec<String>,
    /// Advice that is not a rule (`Hint: …`, `Note: …`).
    pub notes: Vec<String>,
    /// False when the write changed nothing (an idempotent repeat).
    pub changed: bool,
}

impl<T> Outcome<T> {
    pub fn new(value: T) -> Outcome<T> {
        Outcome {
            value,
            warnings: Vec::new(),
            notes: Vec::new(),
            changed: true,
        }
    }
}

/// The board, over one daemon handle.
#[derive(Clone, Copy, Debug)]
pub struct Board<'h> {
    handle: &'h DaemonHandle,
}

impl DaemonHandle {
    pub fn board(&self) -> Board<'_> {
        Board { handle: self }
    }
}

impl<'h> Board<'h> {
    /// The daemon handle the board works over (for the adapters' other services).
    pub(crate) fn handle(&self) -> &'h DaemonHandle {
        self.handle
    }
}

/// Longest accepted texts outside the task fields table.
pub mod limits {
    pub const PROJECT_NAME: usize = 200;
    pub const PROJECT_DESCRIPTION: usize = 20_000;
    pub const REPO_PATH: usize = 1_000;
    pub const REPORT_BODY: usize = 50_000;
    pub const DECISION_TEXT: usize = 2_000;
    pub const SESSION_NAME: usize = 200;
    /// Most events one `events_since` page returns.
    pub const EVENTS_PAGE: u32 = 500;
}

#[cfg(test)]
mod tests;
