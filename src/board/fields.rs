//! The task fields table: one row per field a write may change. It drives write validation
//! ([`parse_field`](super::parse_field)), the `relay://schema/task` resource ([`schema_markdown`]) and the
//! "Editable fields" line of task_get ([`editable_fields_line`]). A new field is one new row.

use std::fmt;

use super::list_names;
use super::size::Size;
use super::stage::Stage;

/// One editable task field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskField {
    /// The name in task_update, task_patch's `fields` map and the store.
    pub name: &'static str,
    pub kind: FieldKind,
    /// What the field means, for the schema resource the model reads.
    pub description: &'static str,
    pub clear: Clearing,
}

/// What values a field takes. Text lengths count characters after trimming.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// Plain text on one line (no line breaks).
    Line {
        max_chars: usize,
    },
    /// Plain text, line breaks allowed.
    Text {
        max_chars: usize,
    },
    /// Markdown, rendered with raw HTML disabled.
    Markdown {
        max_chars: usize,
    },
    /// An absolute `http://` or `https://` URL.
    Url {
        max_chars: usize,
    },
    Stage,
    Size,
    /// An integer in `min..=max`.
    Integer {
        min: i64,
        max: i64,
    },
    Bool,
}

impl FieldKind {
    /// The longest text the kind takes, for the kinds that hold text.
    pub const fn max_chars(self) -> Option<usize> {
        match self {
            FieldKind::Line { max_chars }
            | FieldKind::Text { max_chars }
            | FieldKind::Markdown { max_chars }
            | FieldKind::Url { max_chars } => Some(max_chars),
            FieldKind::Stage | FieldKind::Size | FieldKind::Integer { .. } | FieldKind::Bool => None,
        }
    }
}

/// The type column of the schema and the "expects …" part of errors.
impl fmt::Display for FieldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldKind::Line { max_chars } => write!(f, "text, one line, at most {max_chars} characters"),
            FieldKind::Text { max_chars } => write!(f, "text, at most {max_chars} characters"),
            FieldKind::Markdown { max_chars } => write!(f, "markdown, at most {max_chars} characters"),
            FieldKind::Url { max_chars } => write!(f, "http(s) URL, at most {max_chars} characters"),
            FieldKind::Stage => write!(f, "stage: one of {}", list_names(Stage::ALL)),
            FieldKind::Size => write!(f, "size: one of {}", list_names(Size::ALL)),
            FieldKind::Integer { min, max } => write!(f, "integer from {min} to {max}"),
            FieldKind::Bool => f.write_str("boolean"),
        }
    }
}

/// How a field is cleared. `"-"` stands for empty because models cannot always send an empty string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clearing {
    /// The task always has a value (title, stage).
    Never,
    /// `"-"` or `""` (or JSON `null`) clears it.
    Dash,
    /// A flag whose cleared state is `false`; `"-"` is refused so a flag is only ever changed on purpose.
    False,
}

impl Clearing {
    /// The "how to clear" column of the schema.
    pub const fn how(self) -> &'static str {
        match self {
            Clearing::Never => "cannot be cleared",
            Clearing::Dash => "send \"-\" (or \"\")",
            Clearing::False => "send false",
        }
    }
}

/// Every editable task field, in the order the schema and task_get list them.
pub const TASK_FIELDS: &[TaskField] = &[
    TaskField {
        name: "title",
        kind: FieldKind::Line { max_chars: 200 },
        description: "what the task is, in one line",
        clear: Clearing::Never,
    },
    TaskField {
        name: "stage",
        kind: FieldKind::Stage,
        description: "where the work is; any move is allowed (task_set_stage also records next_step and waiting_on)",
        clear: Clearing::Never,
    },
    TaskField {
        name: "stage_note",
        kind: FieldKind::Text { max_chars: 500 },
        description: "a note on the current stage",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "waiting_on",
        kind: FieldKind::Line { max_chars: 200 },
        description: "who acts next; `owner` puts the task in the owner's inbox",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "next_step",
        kind: FieldKind::Text { max_chars: 500 },
        description: "what happens next; stale once the stage changes until written again",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "branch",
        kind: FieldKind::Line { max_chars: 200 },
        description: "the git branch the work is on",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "doc_path",
        kind: FieldKind::Line { max_chars: 500 },
        description: "path of the task's design or plan document",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "description",
        kind: FieldKind::Markdown { max_chars: 20_000 },
        description: "what to do and why",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "progress",
        kind: FieldKind::Markdown { max_chars: 20_000 },
        description: "running summary of everything done so far; rewrite it, do not append",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "priority",
        kind: FieldKind::Integer { min: 1, max: 5 },
        description: "1 is the highest priority",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "size",
        kind: FieldKind::Size,
        description: "rough size; a report's first line sets it when the task has none",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "tracker_ref",
        kind: FieldKind::Line { max_chars: 100 },
        description: "the issue key in an external tracker; a new key starts as not logged",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "tracker_name",
        kind: FieldKind::Line { max_chars: 100 },
        description: "the external tracker's name",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "tracker_url",
        kind: FieldKind::Url { max_chars: 500 },
        description: "link to the issue in the external tracker",
        clear: Clearing::Dash,
    },
    TaskField {
        name: "tracker_logged",
        kind: FieldKind::Bool,
        description: "the work log is entered in the external tracker; new work on the task clears it",
        clear: Clearing::False,
    },
];

/// The fields task views (task_get, `relay task show`) lay out in places of their own; every other field with
/// a value gets a generic `name: value` line there, so a new field is shown without an edit to the views.
pub const LAID_OUT_FIELDS: &[&str] = &[
    "title",
    "stage",
    "stage_note",
    "waiting_on",
    "next_step",
    "branch",
    "doc_path",
    "description",
    "progress",
    "priority",
    "size",
    "tracker_ref",
    "tracker_name",
    "tracker_url",
    "tracker_logged",
];

/// The task fields without a place of their own in task views ([`LAID_OUT_FIELDS`]).
pub fn other_fields() -> impl Iterator<Item = &'static TaskField> {
    TASK_FIELDS
        .iter()
        .filter(|field| !LAID_OUT_FIELDS.contains(&field.name))
}

/// The row named `name`, exactly as written (field names are case-sensitive).
pub fn task_field(name: &str) -> Option<&'static TaskField> {
    TASK_FIELDS.iter().find(|field| field.name == name)
}

/// The markdown table served as `relay://schema/task`: name, type, description, how to clear.
pub fn schema_markdown() -> String {
    let mut table = String::from("| name | type | description | how to clear |\n|---|---|---|---|\n");
    for field in TASK_FIELDS {
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            field.name,
            field.kind,
            field.description,
            field.clear.how()
        ));
    }
    table
}

/// task_get's line naming the fields task_update and task_patch accept.
pub fn editable_fields_line() -> String {
    format!("Editable fields: {}", field_names())
}

/// `title, stage, …` for messages that list the editable fields.
pub(super) fn field_names() -> String {
    TASK_FIELDS
        .iter()
        .map(|field| field.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn laid_out_fields_are_task_fields() {
        for name in LAID_OUT_FIELDS {
            assert!(task_field(name).is_some(), "{name} is not in TASK_FIELDS");
        }
    }

    #[test]
    fn table_names_each_field_once_when_built() {
        let names: HashSet<_> = TASK_FIELDS.iter().map(|f| f.name).collect();
        assert_eq!(names.len(), TASK_FIELDS.len());
        for name in names {
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name} must be snake_case"
            );
        }
    }

    #[test]
    fn table_holds_the_spec_fields_when_listed() {
        // The spec's fields, each in the table and in this order; a later field may sit anywhere.
        let spec = [
            "title",
            "stage",
            "stage_note",
            "waiting_on",
            "next_step",
            "branch",
            "doc_path",
            "description",
            "progress",
            "priority",
            "size",
            "tracker_ref",
            "tracker_name",
            "tracker_url",
            "tracker_logged",
        ];
        let table: Vec<&str> = TASK_FIELDS.iter().map(|f| f.name).collect();
        let in_table: Vec<&str> = table.iter().copied().filter(|name| spec.contains(name)).collect();
        assert_eq!(in_table, spec, "table: {}", field_names());
    }

    #[test]
    fn only_title_and_stage_are_required_when_clearing() {
        let never: Vec<_> = TASK_FIELDS
            .iter()
            .filter(|f| f.clear == Clearing::Never)
            .map(|f| f.name)
            .collect();
        assert_eq!(never, ["title", "stage"]);
        assert_eq!(
            task_field("tracker_logged").map(|f| f.clear),
            Some(Clearing::False)
        );
    }

    #[test]
    fn task_field_finds_a_row_when_the_name_is_exact() {
        assert_eq!(
            task_field("tracker_url").map(|f| f.kind),
            Some(FieldKind::Url { max_chars: 500 })
        );
        assert_eq!(task_field("Title"), None);
        assert_eq!(task_field("version"), None);
    }

    #[test]
    fn text_limits_follow_the_spec_when_read_from_the_table() {
        let limit = |name| task_field(name).and_then(|f| f.kind.max_chars());
        assert_eq!(limit("title"), Some(200));
        assert_eq!(limit("tracker_ref"), Some(100));
        assert_eq!(limit("progress"), Some(20_000));
        assert_eq!(limit("priority"), None);
    }

    #[test]
    fn schema_markdown_has_one_row_per_field_when_rendered() {
        let schema = schema_markdown();
        let lines: Vec<_> = schema.lines().collect();
        assert_eq!(lines[0], "| name | type | description | how to clear |");
        assert_eq!(lines.len(), TASK_FIELDS.len() + 2);
        for (line, field) in lines[2..].iter().zip(TASK_FIELDS) {
            assert!(line.starts_with(&format!("| `{}` |", field.name)), "{line}");
            assert_eq!(
                line.matches('|').count(),
                5,
                "a cell of {} holds a pipe",
                field.name
            );
        }
        assert!(schema.contains(
            "| `title` | text, one line, at most 200 characters | what the task is, in one line | cannot be cleared |"
        ));
        assert!(schema.contains("| `size` | size: one of S, M, L |"));
        assert!(schema.contains(
            "| `priority` | integer from 1 to 5 | 1 is the highest priority | send \"-\" (or \"\") |"
        ));
    }

    #[test]
    fn editable_fields_line_lists_every_field_when_rendered() {
        let line = editable_fields_line();
        assert!(
            line.starts_with("Editable fields: title, stage, stage_note,"),
            "{line}"
        );
        let names: Vec<&str> = TASK_FIELDS.iter().map(|f| f.name).collect();
        assert_eq!(line, format!("Editable fields: {}", names.join(", ")));
    }
}
