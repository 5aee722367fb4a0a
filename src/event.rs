//! The event kinds: one table ([`event_kinds!`] below) that drives the event log, the protocol docs and the
//! clients. Each row names a kind, its wire name, where its project is, and what it means; the kind's payload is
//! the struct of the same name in [`payload`], written with `WriteTx::emit` and read back with
//! [`Payload::from_json`].

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub mod payload;

/// A kind's payload: the data of one event, as it is written to the log and read back.
pub trait Payload: Serialize + DeserializeOwned {
    const KIND: EventKind;

    /// The project the event is about (the event log's indexed `project` column).
    fn project(&self) -> Option<&str>;

    /// The payload of an event of this kind, from its `data` JSON; `None` for another kind or another shape.
    fn from_json(kind: &str, data: &str) -> Option<Self> {
        (kind == Self::KIND.as_str())
            .then(|| serde_json::from_str(data).ok())
            .flatten()
    }
}

/// The table: `Kind = "wire.name", [where the project is], "meaning";` — `[project]` the payload's `project`
/// field, `[project?]` its optional `project`, `[-]` none.
macro_rules! event_kinds {
    ($( $kind:ident = $name:literal, [$($project:tt)*], $description:literal; )*) => {
        /// Every kind of event the daemon appends to its event log. Later capabilities add rows to the table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum EventKind {
            $( #[doc = $description] $kind, )*
        }

        impl EventKind {
            /// All kinds, in documentation order.
            pub const ALL: &'static [EventKind] = &[$(EventKind::$kind,)*];

            /// The wire name, `<area>.<past tense>`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( EventKind::$kind => $name, )*
                }
            }

            /// What the event means, for docs and `relay events`.
            pub const fn description(self) -> &'static str {
                match self {
                    $( EventKind::$kind => $description, )*
                }
            }
        }

        $(
            impl Payload for payload::$kind {
                const KIND: EventKind = EventKind::$kind;

                fn project(&self) -> Option<&str> {
                    event_kinds!(@project self $($project)*)
                }
            }
        )*
    };
    (@project $self:ident project) => { Some($self.project.as_str()) };
    (@project $self:ident project?) => { $self.project.as_deref() };
    (@project $self:ident -) => {{ let _ = $self; None }};
}

event_kinds! {
    DaemonStarted = "daemon.started", [-],
        "relayd started and opened the store (data: pid, version)";
    DaemonStopped = "daemon.stopped", [-],
        "relayd shut down gracefully (data: pid)";
    RunnerDiskLow = "runner.disk_low", [-],
        "the data directory's free space fell below low_disk_warning_mb (once each time it falls; subject: the data directory; data: free_mb, warning_mb, refuse_below_mb)";
    BackupCreated = "backup.created", [-],
        "an online backup was written (subject: path; data: bytes)";
    ProjectCreated = "project.created", [project],
        "a project was created (subject: slug; data: project, name)";
    ProjectUpdated = "project.updated", [project],
        "a project's name, repo path or description changed (data: project, changed)";
    TaskCreated = "task.created", [project],
        "a task was created (subject: key; data: project, title, stage, actor)";
    TaskUpdated = "task.updated", [project],
        "task fields changed (subject: key; data: project, changed, version, actor)";
    TaskStageChanged = "task.stage_changed", [project],
        "a task moved to another stage (subject: key; data: project, from, to, warnings, actor)";
    TaskSessionBound = "task.session_bound", [project],
        "a session was bound to a task (subject: key; data: project, session, previous)";
    TaskSessionUnbound = "task.session_unbound", [project],
        "a task's session was unbound (subject: key; data: project, session)";
    TaskTrackerUnlogged = "task.tracker_unlogged", [project],
        "new work cleared a task's \"logged in the tracker\" mark (subject: key; data: project, tracker_ref, reason)";
    ReportAdded = "report.added", [project],
        "a report was added (subject: key; data: project, report, summary, state, size)";
    DecisionAdded = "decision.added", [project],
        "a decision was recorded (subject: key or slug; data: project, decision, text, supersedes when it replaced one)";
    SessionAliasAdded = "session.alias_added", [project?],
        "a plain name became an alias of a desktop session (data: alias, session)";
    LockContended = "lock.contended", [-],
        "a file lock refused another session's edit, once per file, holder, wanter and 10 s (subject: workspace::path; data: workspace, path, holder, wanted_by, bucket_ms, contention)";
    ReviewStepAdded = "review.step_added", [project],
        "a review step was added to a task's checklist (subject: key; data: project, step, position, title, actor)";
    ReviewStepUpdated = "review.step_updated", [project],
        "a review step's title, details or status changed, or it was reopened (subject: key; data: project, step, position, title, status, previous, actor)";
    ReviewStepRemoved = "review.step_removed", [project],
        "a review step past the new end of the checklist was removed (subject: key; data: project, step, position, title, actor)";
    ReviewStepAccepted = "review.step_accepted", [project],
        "the owner accepted a review step (subject: key; data: project, step, position, title, comment, actor)";
    ReviewStepRejected = "review.step_rejected", [project],
        "the owner rejected a review step (subject: key; data: project, step, position, title, comment, actor)";
    PlanSet = "plan.set", [project],
        "a task's plan was written (subject: key; data: project, steps, status, previous_status, titles_changed, reason, actor)";
    PlanStepUpdated = "plan.step_updated", [project],
        "one plan step changed (subject: key; data: project, position, title, status, previous, conformance, outcome, actor)";
    PlanAccepted = "plan.accepted", [project],
        "a task's plan was accepted (subject: key; data: project, steps, accepted_by)";
    AttachmentAdded = "attachment.added", [project],
        "a screenshot was attached to a task or a review step (subject: key; data: project, attachment, step, position, media_type, size, name, actor)";
    AttachmentUpdated = "attachment.updated", [project],
        "a screenshot's caption changed (subject: key; data: project, attachment, actor)";
    AttachmentRemoved = "attachment.removed", [project],
        "a screenshot was removed (subject: key; data: project, attachment, actor)";
    CommentAdded = "comment.added", [project],
        "a comment was written on a task's thread (subject: key; data: project, comment, author_kind, author, step, in_reply_to, excerpt of 200 characters)";
    CommentDelivered = "comment.delivered", [project],
        "a hook handed an owner comment to the bound session's agent (subject: key; data: project, comment, session)";
    CommentRead = "comment.read", [project],
        "comments were read: an agent acknowledged or answered owner comments, or the owner read agent replies (subject: key; data: project, comments, by)";
    SessionTodoUpdated = "session.todo_updated", [project],
        "the agent's todo of a session bound to the task changed (subject: key; data: project, session, items)";
    SessionSeen = "session.seen", [project?],
        "a hook session was seen for the first time (subject: session name; data: session, kind, cc_session, cwd, project, linked)";
    SessionStatusChanged = "session.status_changed", [project],
        "a session's hook status changed: working, waiting, idle, ended (subject: key of each bound task, else the session; data: project, session, status, previous, activity)";
    RunnerProjectAdded = "runner.project_added", [project],
        "a project gained its runner side, from a checkout or a git URL (subject: slug; data: project, source, repo_path, git_url, state, actor)";
    RunnerProjectChanged = "runner.project_changed", [project],
        "a runner project's clone finished or failed: cloning, ready, failed (subject: slug; data: project, state, previous, error)";
    RunnerProjectRemoved = "runner.project_removed", [project],
        "a project's runner side was removed: its sessions stopped and removed, a URL project's clone deleted; its board stays (subject: slug; data: project, source, previous, sessions, clone_removed, actor)";
    RunnerCloneProgressed = "runner.clone_progressed", [project],
        "a runner project's clone went on: git's phase and its percentage, when the phase changes and at most every 2 s within one (subject: slug; data: project, phase, percent)";
    RunnerImagePullProgressed = "runner.image_pull_progressed", [project],
        "a docker session's image the engine lacked is being pulled: its layers' MB so far and in all, at most one every 2 s (subject: session name; data: project, session, image, percent, downloaded_mb, total_mb)";
    RunnerSessionChanged = "runner.session_changed", [project],
        "a runner session was created or changed state: starting, running, stopped, failed, deleted (subject: session name; data: project, session, state, previous, branch, profile, error, exit_code)";
    SnapshotTaken = "snapshot.taken", [project?], "uncommitted work was saved before a destructive command or a workspace removal (subject: snapshot id; data: id, repo, git_ref, reason, session, agent, command, project, key, files, bytes, skipped, held_by)";
    SnapshotRestored = "snapshot.restored", [project?], "the owner brought a snapshot's files back (subject: snapshot id; data: id, repo, session, command, project, key, files, into, forced)";
    EnvironmentChanged = "environment.changed", [project],
        "the owner created or changed an environment or its access entries (subject: <project>/<environment>; data: project, environment, action, changed, widened, actor)";
    EnvironmentRemoved = "environment.removed", [project],
        "the owner removed an environment with its access entries and policy layer (subject: <project>/<environment>; data: project, environment, actor)";
    EnvironmentProposed = "environment.proposed", [project],
        "an agent proposed an environment change; nothing changed (subject: <project>/<environment>; data: project, environment, proposal, reason, actor)";
    EnvironmentProposalAccepted = "environment.proposal_accepted", [project],
        "the owner accepted an environment proposal and its change was applied (subject: <project>/<environment>; data: project, environment, proposal, widened, actor)";
    EnvironmentProposalRejected = "environment.proposal_rejected", [project],
        "the owner rejected an environment proposal (subject: <project>/<environment>; data: project, environment, proposal, actor)";
    PolicyUpdated = "policy.updated", [project?],
        "a policy layer was saved or removed (subject: scope; data: scope, project, widened, removed, actor)";
    PolicyProposed = "policy.proposed", [project?],
        "an agent proposed a policy change; nothing changed (subject: scope; data: scope, project, proposal, reason, actor)";
    PolicyProposalAccepted = "policy.proposal_accepted", [project?],
        "the owner accepted a policy proposal (subject: scope; data: scope, project, proposal, widened, actor)";
    PolicyProposalRejected = "policy.proposal_rejected", [project?],
        "the owner rejected a policy proposal (subject: scope; data: scope, project, proposal, actor)";
    PolicyProposalReopened = "policy.proposal_reopened", [project?],
        "an accepted global proposal went back to pending because policy.json could not be written (subject: scope; data: scope, project, proposal, error)";
    LiveAction = "live.action", [project],
        "a guarded tool call touched a live environment (subject: <project>/<environment>; data: project, environment, key, session, agent, tool, command (masked, 200 characters), decision, level, rule)";
}

impl EventKind {
    /// Looks a kind up by its wire name.
    ///
    /// ```
    /// use relay_core::event::EventKind;
    /// assert_eq!(EventKind::parse("backup.created"), Some(EventKind::BackupCreated));
    /// assert_eq!(EventKind::parse("backup.eaten"), None);
    /// ```
    pub fn parse(name: &str) -> Option<EventKind> {
        Self::ALL.iter().copied().find(|kind| kind.as_str() == name)
    }
}

/// The Markdown table of event kinds that `docs/PROTOCOL.md` carries (a test keeps the two equal).
pub fn reference_table() -> String {
    let mut table = String::from("| kind | meaning |\n|---|---|\n");
    for kind in EventKind::ALL {
        table.push_str(&format!("| `{}` | {} |\n", kind.as_str(), kind.description()));
    }
    table
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exhaustive match: adding a variant without listing it in `ALL` fails here.
    fn listed(kind: EventKind) -> bool {
        match kind {
            EventKind::DaemonStarted
            | EventKind::DaemonStopped
            | EventKind::BackupCreated
            | EventKind::ProjectCreated
            | EventKind::ProjectUpdated
            | EventKind::TaskCreated
            | EventKind::TaskUpdated
            | EventKind::TaskStageChanged
            | EventKind::TaskSessionBound
            | EventKind::TaskSessionUnbound
            | EventKind::TaskTrackerUnlogged
            | EventKind::ReportAdded
            | EventKind::DecisionAdded
            | EventKind::SessionAliasAdded
            | EventKind::LockContended
            | EventKind::ReviewStepAdded
            | EventKind::ReviewStepUpdated
            | EventKind::ReviewStepRemoved
            | EventKind::ReviewStepAccepted
            | EventKind::ReviewStepRejected
            | EventKind::PlanSet
            | EventKind::PlanStepUpdated
            | EventKind::PlanAccepted
            | EventKind::AttachmentAdded
            | EventKind::AttachmentUpdated
            | EventKind::AttachmentRemoved
            | EventKind::CommentAdded
            | EventKind::CommentDelivered
            | EventKind::CommentRead
            | EventKind::SessionTodoUpdated
            | EventKind::SessionSeen
            | EventKind::SessionStatusChanged
            | EventKind::RunnerProjectAdded
            | EventKind::RunnerProjectChanged
            | EventKind::RunnerProjectRemoved
            | EventKind::RunnerDiskLow
            | EventKind::RunnerCloneProgressed
            | EventKind::RunnerImagePullProgressed
            | EventKind::RunnerSessionChanged
            | EventKind::SnapshotTaken
            | EventKind::SnapshotRestored
            | EventKind::EnvironmentChanged
            | EventKind::EnvironmentRemoved
            | EventKind::EnvironmentProposed
            | EventKind::EnvironmentProposalAccepted
            | EventKind::EnvironmentProposalRejected
            | EventKind::PolicyUpdated
            | EventKind::PolicyProposed
            | EventKind::PolicyProposalAccepted
            | EventKind::PolicyProposalRejected
            | EventKind::PolicyProposalReopened
            | EventKind::LiveAction => EventKind::ALL.contains(&kind),
        }
    }

    #[test]
    fn every_variant_is_listed_once_in_all() {
        let names: std::collections::BTreeSet<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(names.len(), EventKind::ALL.len(), "no kind listed twice");
        assert!(EventKind::ALL.iter().all(|k| listed(*k)));
        assert_eq!(
            EventKind::ALL.len(),
            52,
            "update `listed` and this count with a new kind"
        );
    }

    #[test]
    fn every_kind_round_trips_through_its_wire_name() {
        for kind in EventKind::ALL {
            assert_eq!(EventKind::parse(kind.as_str()), Some(*kind));
            assert!(kind.as_str().contains('.'), "{kind} must be <area>.<past tense>");
        }
        assert_eq!(EventKind::parse("daemon.exploded"), None);
    }

    #[test]
    fn protocol_doc_lists_every_event_kind() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/PROTOCOL.md")).unwrap();
        assert!(
            doc.contains(&reference_table()),
            "docs/PROTOCOL.md is out of date; paste this table into it:\n{}",
            reference_table()
        );
    }
}
