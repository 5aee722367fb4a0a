//! One payload struct per event kind, named as the kind. Field names are the JSON keys of the event's `data`;
//! optional keys that some writers leave out are skipped when empty, the others are written as `null`.
//!
//! Readers are tolerant: a key an older writer left out reads as its default.
//!
//! `actor` is who wrote the event as events name it (a session, else the surface: `cli`, `mcp`, `hook`, …).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DaemonStarted {
    pub pid: u32,
    pub version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DaemonStopped {
    pub pid: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BackupCreated {
    pub bytes: u64,
    pub last_event_id: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProjectCreated {
    pub project: String,
    pub name: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProjectUpdated {
    pub project: String,
    /// The changed fields: `name`, `repo_path`, `description`.
    pub changed: Vec<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskCreated {
    pub project: String,
    pub key: String,
    pub title: String,
    pub stage: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskUpdated {
    pub project: String,
    pub key: String,
    /// The changed task fields (a stage move is its own event).
    pub changed: Vec<String>,
    /// The task's version after the write.
    pub version: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskStageChanged {
    pub project: String,
    pub key: String,
    pub from: String,
    pub to: String,
    /// The working rules' warnings on the move.
    pub warnings: Vec<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskSessionBound {
    pub project: String,
    pub key: String,
    pub session: String,
    /// The session bound before, if any.
    pub previous: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskSessionUnbound {
    pub project: String,
    pub key: String,
    pub session: Option<String>,
    /// Why the hooks unbound it (`session_end`); absent when someone unbound it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskTrackerUnlogged {
    pub project: String,
    pub key: String,
    pub tracker_ref: Option<String>,
    pub reason: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReportAdded {
    pub project: String,
    pub key: String,
    pub report: i64,
    pub summary: String,
    pub state: Option<String>,
    pub size: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DecisionAdded {
    pub project: String,
    /// The task the decision is about; `None` for a project decision.
    pub key: Option<String>,
    pub decision: i64,
    /// The decision's text, cut to an excerpt.
    pub text: String,
    pub decided_by: Option<String>,
    pub actor: String,
    /// The decision this one replaced, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supersedes: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionAliasAdded {
    pub project: Option<String>,
    pub alias: String,
    /// The desktop session the alias names.
    pub session: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LockContended {
    pub workspace: String,
    pub path: String,
    pub holder: String,
    pub wanted_by: String,
    pub bucket_ms: i64,
    pub contention: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewStepAdded {
    pub project: String,
    pub key: String,
    pub step: i64,
    pub position: i64,
    pub title: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewStepUpdated {
    pub project: String,
    pub key: String,
    pub step: i64,
    pub position: i64,
    pub title: String,
    pub status: String,
    pub previous: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewStepRemoved {
    pub project: String,
    pub key: String,
    pub step: i64,
    pub position: i64,
    pub title: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewStepAccepted {
    pub project: String,
    pub key: String,
    pub step: i64,
    pub position: i64,
    pub title: String,
    /// The owner's comment that carries the decision.
    pub comment: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewStepRejected {
    pub project: String,
    pub key: String,
    pub step: i64,
    pub position: i64,
    pub title: String,
    /// The owner's comment that carries the decision.
    pub comment: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlanSet {
    pub project: String,
    pub key: String,
    /// How many steps the plan has now.
    pub steps: usize,
    pub status: String,
    pub previous_status: String,
    pub titles_changed: bool,
    pub reason: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlanStepUpdated {
    pub project: String,
    pub key: String,
    pub position: i64,
    pub title: String,
    pub status: String,
    pub previous: String,
    pub conformance: Option<String>,
    pub outcome: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlanAccepted {
    pub project: String,
    pub key: String,
    pub steps: usize,
    pub accepted_by: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttachmentAdded {
    pub project: String,
    pub key: String,
    pub attachment: i64,
    /// The review step it belongs to (its id and position), if any.
    pub step: Option<i64>,
    pub position: Option<i64>,
    pub media_type: String,
    pub size: i64,
    pub name: Option<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttachmentUpdated {
    pub project: String,
    pub key: String,
    pub attachment: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttachmentRemoved {
    pub project: String,
    pub key: String,
    pub attachment: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CommentAdded {
    pub project: String,
    pub key: String,
    pub comment: i64,
    /// `owner` or `agent`.
    pub author_kind: String,
    pub author: String,
    pub step: Option<i64>,
    pub in_reply_to: Option<i64>,
    /// The first 200 characters.
    pub excerpt: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CommentDelivered {
    pub project: String,
    pub key: String,
    pub comment: i64,
    /// The relay session whose agent got it.
    pub session: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CommentRead {
    pub project: String,
    pub key: String,
    pub comments: Vec<i64>,
    pub by: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionTodoUpdated {
    pub project: String,
    pub key: String,
    pub session: String,
    /// How many items the todo has now.
    pub items: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionSeen {
    pub session: String,
    /// The session's kind: `desktop`, `hook`, a plain session's kind.
    pub kind: String,
    /// The Claude Code session id.
    pub cc_session: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
    /// How it was linked (`exact`, `folder`), `None` when not linked.
    pub linked: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unlinked_reason: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionStatusChanged {
    pub project: String,
    pub key: String,
    pub session: String,
    pub status: String,
    pub previous: Option<String>,
    pub activity: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerProjectAdded {
    pub project: String,
    /// `local` (a checkout on this machine) or `url` (cloned).
    pub source: String,
    pub repo_path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_url: Option<String>,
    /// `cloning`, `ready` or `failed`.
    pub state: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerProjectChanged {
    pub project: String,
    /// `cloning`, `ready` or `failed`.
    pub state: String,
    pub previous: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerProjectRemoved {
    pub project: String,
    /// `local` or `url`.
    pub source: String,
    /// The state it was in: `cloning`, `ready` or `failed`.
    pub previous: String,
    /// The sessions removed with it (each also has its `runner.session_changed` to `deleted`).
    pub sessions: Vec<String>,
    /// A URL project's clone folder was deleted (a local project's checkout is never touched).
    pub clone_removed: bool,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerDiskLow {
    /// MB free in the data directory when it was seen.
    pub free_mb: u64,
    /// `low_disk_warning_mb`.
    pub warning_mb: u64,
    /// `git_min_free_disk_mb`: below it clones and workspaces are refused.
    pub refuse_below_mb: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerCloneProgressed {
    pub project: String,
    /// git's phase: `Counting objects`, `Receiving objects`, `Resolving deltas`, …
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerImagePullProgressed {
    pub project: String,
    pub session: String,
    pub image: String,
    /// Downloaded in percent of `total_mb`, once the engine told a size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
    /// MB (1,048,576 bytes) of the image's layers downloaded so far.
    pub downloaded_mb: u64,
    /// MB of the layers whose size the engine told.
    pub total_mb: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunnerSessionChanged {
    pub project: String,
    pub session: String,
    /// `starting`, `running`, `stopped`, `failed` or `deleted`.
    pub state: String,
    /// The state before; `None` when the session was just created.
    pub previous: Option<String>,
    pub branch: String,
    pub profile: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,
}

/// Uncommitted work saved as a commit under a private ref (issue 20).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SnapshotTaken {
    pub id: i64,
    pub repo: String,
    pub git_ref: String,
    /// `command` (an agent's tool call) or `remove` (relay removing a runner workspace).
    pub reason: String,
    pub session: String,
    pub agent: String,
    pub command: String,
    pub project: Option<String>,
    pub key: Option<String>,
    pub files: i64,
    pub bytes: i64,
    /// Untracked files left out for their size.
    pub skipped: Vec<String>,
    /// The sessions whose locked files the command would discard.
    pub held_by: Vec<String>,
}

/// A snapshot's files brought back by the owner.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SnapshotRestored {
    pub id: i64,
    pub repo: String,
    /// Whose work it was, and the command that had discarded it.
    pub session: String,
    pub command: String,
    pub project: Option<String>,
    pub key: Option<String>,
    pub files: i64,
    /// The folder the files went into (the repository itself, or `--to`).
    pub into: String,
    /// Newer changes were overwritten (`--force`).
    pub forced: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EnvironmentChanged {
    pub project: String,
    pub environment: String,
    /// created, updated, access_added, access_updated, access_removed.
    pub action: String,
    /// The fields written (never their values).
    pub changed: Vec<String>,
    /// What the write widened on live (confirmed by the owner); empty when nothing.
    pub widened: Vec<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EnvironmentRemoved {
    pub project: String,
    pub environment: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EnvironmentProposed {
    pub project: String,
    pub environment: String,
    pub proposal: i64,
    pub reason: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EnvironmentProposalAccepted {
    pub project: String,
    pub environment: String,
    pub proposal: i64,
    pub widened: Vec<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EnvironmentProposalRejected {
    pub project: String,
    pub environment: String,
    pub proposal: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyUpdated {
    /// `global`, `<project>` or `<project>/<environment>`.
    pub scope: String,
    pub project: Option<String>,
    pub widened: Vec<String>,
    /// The layer was removed rather than saved.
    pub removed: bool,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyProposed {
    pub scope: String,
    pub project: Option<String>,
    pub proposal: i64,
    pub reason: String,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyProposalAccepted {
    pub scope: String,
    pub project: Option<String>,
    pub proposal: i64,
    pub widened: Vec<String>,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyProposalRejected {
    pub scope: String,
    pub project: Option<String>,
    pub proposal: i64,
    pub actor: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyProposalReopened {
    pub scope: String,
    pub project: Option<String>,
    pub proposal: i64,
    pub error: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LiveAction {
    pub project: String,
    pub environment: String,
    /// The session's bound task in that project (the first), if any.
    pub key: Option<String>,
    pub session: Option<String>,
    pub agent: String,
    pub tool: String,
    /// Whitespace collapsed, secrets masked, at most 200 characters.
    pub command: String,
    /// allow, log, warn, ask or deny.
    pub decision: String,
    pub level: String,
    pub rule: Option<String>,
}
