//! The board's domain types (issue 3): project slugs, task keys, stages, sizes, the first line of a report, and
//! the task fields table ([`TASK_FIELDS`]) that drives write validation, the `relay://schema/task` resource and
//! task_get's "Editable fields" line.
//!
//! Everything here is pure: no I/O, no clock. Each parser's error names the bad input, the rule it broke and,
//! where one exists, a value that would be accepted.

mod field_value;
mod fields;
mod key;
mod report;
mod size;
mod slug;
mod stage;
mod status;

pub use field_value::{FieldError, FieldValue, parse_field};
pub use fields::{
    Clearing, FieldKind, LAID_OUT_FIELDS, TASK_FIELDS, TaskField, editable_fields_line, other_fields,
    schema_markdown, task_field,
};
pub use key::{TaskKey, TaskKeyError, TaskKeyProblem};
pub use report::{ReportHead, ReportState, SUMMARY_MAX_CHARS, parse_report_head};
pub use size::Size;
pub use slug::{ProjectSlug, SlugError, SlugProblem};
pub use stage::{STAGE_LABEL_MAX, Stage, StageLabels};
pub use status::{PlanStatus, PlanStepStatus, ReviewStepStatus, TodoStatus};

/// Whether `text` asks to clear an optional field: `"-"` or `""`, surrounding whitespace ignored. Models cannot
/// always send an empty string, so every write tool treats a lone dash the same way.
///
/// ```
/// use relay_core::board::clears;
/// assert!(clears("-") && clears("") && clears("  - "));
/// assert!(!clears("--") && !clears("n/a"));
/// ```
pub fn clears(text: &str) -> bool {
    matches!(text.trim(), "" | "-")
}

/// A name outside one of the board's closed sets (stages, sizes, report states, statuses).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {input:?}; use one of {valid}")]
pub struct UnknownName {
    /// Which set: `stage`, `size` or `report state`.
    pub what: &'static str,
    pub input: String,
    /// The accepted names, comma-separated, in their documented order.
    pub valid: String,
}

/// A closed set of names whose parsing and error message are written once, in [`parse_name`].
trait NamedSet: Copy + 'static {
    /// The set's name in messages ("stage").
    const WHAT: &'static str;
    fn all() -> &'static [Self];
    fn name(self) -> &'static str;
}

/// Looks `input` up in `T`'s names, ignoring surrounding whitespace and ASCII case.
fn parse_name<T: NamedSet>(input: &str) -> Result<T, UnknownName> {
    let wanted = input.trim();
    T::all()
        .iter()
        .copied()
        .find(|item| item.name().eq_ignore_ascii_case(wanted))
        .ok_or_else(|| UnknownName {
            what: T::WHAT,
            input: input.to_owned(),
            valid: list_names(T::all()),
        })
}

/// `a, b, c` for the messages and docs that list a set.
fn list_names<T: NamedSet>(items: &[T]) -> String {
    items
        .iter()
        .map(|item| item.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clears_is_true_when_text_is_a_dash_or_empty() {
        for text in ["-", "", " ", "\t-\n", " - "] {
            assert!(clears(text), "{text:?} should clear");
        }
    }

    #[test]
    fn clears_is_false_when_text_is_anything_else() {
        for text in ["--", "—", "none", "- x", "0", "null"] {
            assert!(!clears(text), "{text:?} should not clear");
        }
    }

    #[test]
    fn unknown_name_message_lists_the_valid_names_when_parsing_fails() {
        let err = parse_name::<Stage>("deploy").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown stage \"deploy\"; use one of plan, dev, review, test, live, done"
        );
    }
}
