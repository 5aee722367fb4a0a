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
}

impl EventKind {
    /// All kinds, in documentation order.
    pub const ALL: &'static [EventKind] = &[
        EventKind::DaemonStarted,
        EventKind::DaemonStopped,
        EventKind::BackupCreated,
    ];

    /// The wire name, `<area>.<past tense>`.
    pub const fn as_str(self) -> &'static str {
        match self {
            EventKind::DaemonStarted => "daemon.started",
            EventKind::DaemonStopped => "daemon.stopped",
            EventKind::BackupCreated => "backup.created",
        }
    }

    /// What the event means, for docs and `relay events`.
    pub const fn description(self) -> &'static str {
        match self {
            EventKind::DaemonStarted => "relayd started and opened the store (data: pid, version)",
            EventKind::DaemonStopped => "relayd shut down gracefully (data: pid)",
            EventKind::BackupCreated => "an online backup was written (subject: path; data: bytes)",
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
