//! The board's status names, one enum per set, each with `as_str` (the name stored in SQLite and sent on the
//! wire) and `parse`: plan steps, plans, review steps and the agent's todo items. The proto carries the names
//! as strings; code that branches on one parses it here instead of comparing literals.

use std::fmt;

use super::{NamedSet, UnknownName, parse_name};

/// Writes the `as_str`/`parse`/`ALL`/`Display` of a status set from one table of variants and names.
macro_rules! status_set {
    ($(#[$doc:meta])* $name:ident, $what:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            /// Every status, in the documented order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored and wire name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Looks a status up by its name (surrounding whitespace and ASCII case ignored); the error lists
            /// the valid names.
            pub fn parse(input: &str) -> Result<$name, UnknownName> {
                parse_name(input)
            }

            /// The status of exactly this name, as the store and the wire write it; `None` otherwise.
            pub fn from_name(name: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|status| status.as_str() == name)
            }
        }

        impl NamedSet for $name {
            const WHAT: &'static str = $what;

            fn all() -> &'static [Self] {
                Self::ALL
            }

            fn name(self) -> &'static str {
                self.as_str()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

status_set!(
    /// Where one step of a plan is.
    PlanStepStatus, "plan step status", {
        Pending => "pending",
        InProgress => "in_progress",
        Done => "done",
        Blocked => "blocked",
    }
);

status_set!(
    /// A task's plan: none written yet, a draft, or accepted by the owner. A plan revision also records
    /// the status it left the plan in.
    PlanStatus, "plan status", {
        None => "none",
        Draft => "draft",
        Accepted => "accepted",
    }
);

status_set!(
    /// The owner's decision on one review step.
    ReviewStepStatus, "review step status", {
        Open => "open",
        Accepted => "accepted",
        Rejected => "rejected",
    }
);

status_set!(
    /// A todo item's state, as Claude Code names it.
    TodoStatus, "todo status", {
        Pending => "pending",
        InProgress => "in_progress",
        Completed => "completed",
    }
);

impl TodoStatus {
    /// The item's check box wherever a todo is shown: `[x]` completed, `[>]` in progress, `[ ]` pending.
    /// Markdown lists put `- ` before it.
    pub const fn mark(self) -> &'static str {
        match self {
            TodoStatus::Pending => "[ ]",
            TodoStatus::InProgress => "[>]",
            TodoStatus::Completed => "[x]",
        }
    }

    /// The mark of a status name from the wire; a name relay does not know reads as pending.
    ///
    /// ```
    /// use relay_core::board::TodoStatus;
    /// assert_eq!(TodoStatus::mark_of("completed"), "[x]");
    /// assert_eq!(TodoStatus::mark_of("later"), "[ ]");
    /// ```
    pub fn mark_of(name: &str) -> &'static str {
        TodoStatus::from_name(name).unwrap_or(TodoStatus::Pending).mark()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_round_trips_when_parsed_from_its_name() {
        for status in PlanStepStatus::ALL {
            assert_eq!(PlanStepStatus::parse(status.as_str()), Ok(*status));
        }
        for status in PlanStatus::ALL {
            assert_eq!(PlanStatus::parse(status.as_str()), Ok(*status));
        }
        for status in ReviewStepStatus::ALL {
            assert_eq!(ReviewStepStatus::parse(&status.to_string()), Ok(*status));
        }
        for status in TodoStatus::ALL {
            assert_eq!(TodoStatus::parse(status.as_str()), Ok(*status));
        }
    }

    #[test]
    fn parse_lists_the_valid_names_when_the_status_is_unknown() {
        assert_eq!(
            PlanStepStatus::parse("finished").unwrap_err().to_string(),
            "unknown plan step status \"finished\"; use one of pending, in_progress, done, blocked"
        );
        assert_eq!(
            ReviewStepStatus::parse("maybe").unwrap_err().to_string(),
            "unknown review step status \"maybe\"; use one of open, accepted, rejected"
        );
    }

    #[test]
    fn todo_marks_are_one_box_per_status_when_shown() {
        assert_eq!(TodoStatus::Completed.mark(), "[x]");
        assert_eq!(TodoStatus::InProgress.mark(), "[>]");
        assert_eq!(TodoStatus::Pending.mark(), "[ ]");
        assert_eq!(TodoStatus::mark_of(""), "[ ]");
        assert_eq!(
            TodoStatus::mark_of("Completed"),
            "[ ]",
            "names from the wire match exactly"
        );
    }
}
