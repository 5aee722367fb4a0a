//! The event kinds: one table that drives the event log, the protocol docs and the clients.

use std::fmt;

/// Every kind of event the daemon appends to its event log. Later capabilities add kinds here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// relayd started and opened the store. Data: `pid`, `version`.
    DaemonStarted,
    /// relayd shut down gracefully. Data: `pid`.
    DaemonStopped,
    /// An online backup of the store was written. Subject: the backup path. Data: `bytes`.
    BackupCreated,
    ProjectCreated,
    ProjectUpdated,
    TaskCreated,
    TaskUpdated,
    TaskStageChanged,
    TaskSessionBound,
    TaskSessionUnbound,
    TaskTrackerUnlogged,
    ReportAdded,
    DecisionAdded,
    SessionAliasAdded,
    /// A file lock refused another session's claim: one per (file, holder, wanter, 10 s bucket), not per retry.
    LockContended,
    ReviewStepAdded,
    ReviewStepUpdated,
    ReviewStepRemoved,
    ReviewStepAccepted,
    ReviewStepRejected,
    PlanSet,
    PlanStepUpdated,
    PlanAccepted,
    AttachmentAdded,
    AttachmentUpdated,
    AttachmentRemoved,
    CommentAdded,
    CommentDelivered,
    CommentRead,
    SessionTodoUpdated,
    SessionSeen,
    SessionStatusChanged,
}

impl EventKind {
    /// All kinds, in documentation order.
    pub const ALL: &'static [EventKind] = &[
        EventKind::DaemonStarted,
        EventKind::DaemonStopped,
        EventKind::BackupCreated,
        EventKind::ProjectCreated,
        EventKind::ProjectUpdated,
        EventKind::TaskCreated,
        EventKind::TaskUpdated,
        EventKind::TaskStageChanged,
        EventKind::TaskSessionBound,
        EventKind::TaskSessionUnbound,
        EventKind::TaskTrackerUnlogged,
        EventKind::ReportAdded,
        EventKind::DecisionAdded,
        EventKind::SessionAliasAdded,
        EventKind::LockContended,
        EventKind::ReviewStepAdded,
        EventKind::ReviewStepUpdated,
        EventKind::ReviewStepRemoved,
        EventKind::ReviewStepAccepted,
        EventKind::ReviewStepRejected,
        EventKind::PlanSet,
        EventKind::PlanStepUpdated,
        EventKind::PlanAccepted,
        EventKind::AttachmentAdded,
        EventKind::AttachmentUpdated,
        EventKind::AttachmentRemoved,
        EventKind::CommentAdded,
        EventKind::CommentDelivered,
        EventKind::CommentRead,
        EventKind::SessionTodoUpdated,
        EventKind::SessionSeen,
        EventKind::SessionStatusChanged,
    ];

    /// The wire name, `<area>.<past tense>`.
    pub const fn as_str(self) -> &'static str {
        match self {
            EventKind::DaemonStarted => "daemon.started",
            EventKind::DaemonStopped => "daemon.stopped",
            EventKind::BackupCreated => "backup.created",
            EventKind::ProjectCreated => "project.created",
            EventKind::ProjectUpdated => "project.updated",
            EventKind::TaskCreated => "task.created",
            EventKind::TaskUpdated => "task.updated",
            EventKind::TaskStageChanged => "task.stage_changed",
            EventKind::TaskSessionBound => "task.session_bound",
            EventKind::TaskSessionUnbound => "task.session_unbound",
            EventKind::TaskTrackerUnlogged => "task.tracker_unlogged",
            EventKind::ReportAdded => "report.added",
            EventKind::DecisionAdded => "decision.added",
            EventKind::SessionAliasAdded => "session.alias_added",
            EventKind::LockContended => "lock.contended",
            EventKind::ReviewStepAdded => "review.step_added",
            EventKind::ReviewStepUpdated => "review.step_updated",
            EventKind::ReviewStepRemoved => "review.step_removed",
            EventKind::ReviewStepAccepted => "review.step_accepted",
            EventKind::ReviewStepRejected => "review.step_rejected",
            EventKind::PlanSet => "plan.set",
            EventKind::PlanStepUpdated => "plan.step_updated",
            EventKind::PlanAccepted => "plan.accepted",
            EventKind::AttachmentAdded => "attachment.added",
            EventKind::AttachmentUpdated => "attachment.updated",
            EventKind::AttachmentRemoved => "attachment.removed",
            EventKind::CommentAdded => "comment.added",
            EventKind::CommentDelivered => "comment.delivered",
            EventKind::CommentRead => "comment.read",
            EventKind::SessionTodoUpdated => "session.todo_updated",
            EventKind::SessionSeen => "session.seen",
            EventKind::SessionStatusChanged => "session.status_changed",
        }
    }

    /// What the event means, for docs and `relay events`.
    pub const fn description(self) -> &'static str {
        match self {
            EventKind::DaemonStarted => "relayd started and opened the store (data: pid, version)",
            EventKind::DaemonStopped => "relayd shut down gracefully (data: pid)",
            EventKind::BackupCreated => "an online backup was written (subject: path; data: bytes)",
            EventKind::ProjectCreated => "a project was created (subject: slug; data: project, name)",
            EventKind::ProjectUpdated => {
                "a project's name, repo path or description changed (data: project, changed)"
            }
            EventKind::TaskCreated => "a task was created (subject: key; data: project, title, stage, actor)",
            EventKind::TaskUpdated => {
                "task fields changed (subject: key; data: project, changed, version, actor)"
            }
            EventKind::TaskStageChanged => {
                "a task moved to another stage (subject: key; data: project, from, to, warnings, actor)"
            }
            EventKind::TaskSessionBound => {
                "a session was bound to a task (subject: key; data: project, session, previous)"
            }
            EventKind::TaskSessionUnbound => {
                "a task's session was unbound (subject: key; data: project, session)"
            }
            EventKind::TaskTrackerUnlogged => {
                "new work cleared a task's \"logged in the tracker\" mark (subject: key; data: project, tracker_ref, reason)"
            }
            EventKind::ReportAdded => {
                "a report was added (subject: key; data: project, report, summary, state, size)"
            }
            EventKind::DecisionAdded => {
                "a decision was recorded (subject: key or slug; data: project, decision, text)"
            }
            EventKind::SessionAliasAdded => {
                "a plain name became an alias of a desktop session (data: alias, session)"
            }
            EventKind::LockContended => {
                "a file lock refused another session's edit, once per file, holder, wanter and 10 s (subject: workspace::path; data: workspace, path, holder, wanted_by, bucket_ms, contention)"
            }
            EventKind::ReviewStepAdded => {
                "a review step was added to a task's checklist (subject: key; data: project, step, position, title, actor)"
            }
            EventKind::ReviewStepUpdated => {
                "a review step's title, details or status changed, or it was reopened (subject: key; data: project, step, position, title, status, previous, actor)"
            }
            EventKind::ReviewStepRemoved => {
                "a review step past the new end of the checklist was removed (subject: key; data: project, step, position, title, actor)"
            }
            EventKind::ReviewStepAccepted => {
                "the owner accepted a review step (subject: key; data: project, step, position, title, comment, actor)"
            }
            EventKind::ReviewStepRejected => {
                "the owner rejected a review step (subject: key; data: project, step, position, title, comment, actor)"
            }
            EventKind::PlanSet => {
                "a task's plan was written (subject: key; data: project, steps, status, previous_status, titles_changed, reason, actor)"
            }
            EventKind::PlanStepUpdated => {
                "one plan step changed (subject: key; data: project, position, title, status, previous, conformance, outcome, actor)"
            }
            EventKind::PlanAccepted => {
                "a task's plan was accepted (subject: key; data: project, steps, accepted_by)"
            }
            EventKind::AttachmentAdded => {
                "a screenshot was attached to a task or a review step (subject: key; data: project, attachment, step, position, media_type, size, name, actor)"
            }
            EventKind::AttachmentUpdated => {
                "a screenshot's caption changed (subject: key; data: project, attachment, actor)"
            }
            EventKind::AttachmentRemoved => {
                "a screenshot was removed (subject: key; data: project, attachment, actor)"
            }
            EventKind::CommentAdded => {
                "a comment was written on a task's thread (subject: key; data: project, comment, author_kind, author, step, in_reply_to, excerpt of 200 characters)"
            }
            EventKind::CommentDelivered => {
                "a hook handed an owner comment to the bound session's agent (subject: key; data: project, comment, session)"
            }
            EventKind::CommentRead => {
                "comments were read: an agent acknowledged or answered owner comments, or the owner read agent replies (subject: key; data: project, comments, by)"
            }
            EventKind::SessionTodoUpdated => {
                "the agent's todo of a session bound to the task changed (subject: key; data: project, session, items)"
            }
            EventKind::SessionSeen => {
                "a hook session was seen for the first time (subject: session name; data: session, kind, cc_session, cwd, project, linked)"
            }
            EventKind::SessionStatusChanged => {
                "a session's hook status changed: working, waiting, idle, ended (subject: key of each bound task, else the session; data: project, session, status, previous, activity)"
            }
        }
    }

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
            | EventKind::SessionStatusChanged => EventKind::ALL.contains(&kind),
        }
    }

    #[test]
    fn every_variant_is_listed_once_in_all() {
        let names: std::collections::BTreeSet<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(names.len(), EventKind::ALL.len(), "no kind listed twice");
        assert!(EventKind::ALL.iter().all(|k| listed(*k)));
        assert_eq!(
            EventKind::ALL.len(),
            32,
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
