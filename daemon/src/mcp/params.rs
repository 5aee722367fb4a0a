//! The tools' parameters. Every field's doc comment becomes the schema text the model reads, so it says what to
//! pass and what happens. task_create and task_update take the task fields as named parameters: those come from
//! the task fields table ([`TASK_FIELDS`]) at run time, never from a second hand-written list.
//!
//! Compatibility policy: a tool that exists never gains a required parameter (a client keeps the schema it
//! loaded, even across restarts); new behaviour comes as optional parameters or new tools. A test pins each
//! tool's required parameters.

use std::sync::Arc;

use relay_core::board::{
    Clearing, FieldKind, PlanStepStatus, ReviewStepStatus, Size, Stage, TASK_FIELDS, TaskField,
};
use rmcp::handler::server::common::schema_for_type;
use rmcp::model::JsonObject;
use rmcp::schemars::{self, JsonSchema};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::caller::Caller;

/// project_snapshot's parameters.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SnapshotParams {
    /// The project's slug, e.g. `acme-shop` (project_list lists them).
    pub project: String,
    /// Your session: its tasks come first in each stage.
    pub session: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProjectUpsert {
    /// The project's slug: lowercase letters, digits and dashes, e.g. `acme-shop`. Creates the project when it
    /// does not exist.
    pub slug: String,
    /// Display name; defaults to the slug on create.
    pub name: Option<String>,
    /// Absolute path of the project's repository on this machine; "-" clears it.
    pub repo_path: Option<String>,
    /// What the project is (markdown); "-" clears it.
    pub description: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskListParams {
    /// Only this project's tasks (slug).
    pub project: Option<String>,
    /// Only tasks in this stage.
    pub stage: Option<String>,
    /// Only tasks bound to this session (name, alias or local_ id).
    pub session: Option<String>,
    /// At most this many tasks (1 to 1000, default 100); by project, newest task first.
    pub limit: Option<u32>,
    /// The next page: the `after` of the previous answer's last line.
    pub after: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskGet {
    /// The task key, `<project>-<n>`, e.g. `acme-shop-12`.
    pub task: String,
    /// Older reports: the ones before this report id (the answer names it).
    pub reports_before: Option<i64>,
}

/// task_create: the project and title are named; every other task field arrives in `fields` (flattened) and
/// is checked by the board against the task fields table.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskCreate {
    /// The project's slug.
    pub project: String,
    #[schemars(skip)]
    pub title: String,
    #[serde(flatten)]
    pub writer: FirstWriter,
    #[serde(flatten)]
    #[schemars(skip)]
    pub fields: Map<String, Value>,
}

/// task_update: the task and the guard are named; the task fields arrive in `fields` (flattened).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskUpdate {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Fail instead of overwriting when the task is no longer at this version (task_get shows it).
    pub expected_version: Option<i64>,
    #[serde(flatten)]
    pub writer: Writer,
    #[serde(flatten)]
    #[schemars(skip)]
    pub fields: Map<String, Value>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskPatch {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Editable fields by name, e.g. {"next_step": "…", "priority": 2}; "-" clears a field. Any field of
    /// relay://schema/task, also ones this schema does not list yet.
    pub fields: Map<String, Value>,
    /// Fail instead of overwriting when the task is no longer at this version.
    pub expected_version: Option<i64>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskSetStage {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// The new stage. Any move is allowed; the rules may warn.
    pub stage: String,
    /// A note on the new stage; "-" clears it.
    pub stage_note: Option<String>,
    /// What happens next (pass it on every stage change, or the old one turns stale); "-" clears it.
    pub next_step: Option<String>,
    /// Who acts next (`owner` puts the task in the owner's inbox); "-" clears it.
    pub waiting_on: Option<String>,
    /// Fail instead of overwriting when the task is no longer at this version.
    pub expected_version: Option<i64>,
    #[serde(flatten)]
    pub writer: FirstWriter,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskBind {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// The session to bind: your desktop id (local_…) or a plain name. A plain name for a task bound to a
    /// desktop session becomes that session's alias instead of rebinding.
    pub session: String,
    /// The session's title.
    pub session_title: Option<String>,
    /// true to take a task bound to another session at work (only when the owner asked); its owner comments then
    /// go to this session.
    pub replace: Option<bool>,
    /// Not linked by this tool (you may be binding another session); pass it on another write.
    #[expect(
        dead_code,
        reason = "read from the raw arguments once the write succeeded (mcp::server::hook_link)"
    )]
    pub hook_session: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskUnbind {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// true to unbind another session at work (only when the owner asked).
    pub replace: Option<bool>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReportAdd {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// The report, markdown. First line `state · size · gist` (the states and sizes as the instructions name
    /// them); it becomes the summary.
    pub body: String,
    /// What happens next; saved with the report. "-" clears it.
    pub next_step: Option<String>,
    /// Who acts next (`owner` puts the task in the owner's inbox); saved with the report. "-" clears it.
    pub waiting_on: Option<String>,
    /// The running summary of everything done so far (rewrite, do not append); saved with the report.
    pub progress: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DecisionAdd {
    /// The project's slug.
    pub project: String,
    /// What was decided, in one or two sentences.
    pub text: String,
    /// The task it is about (key); omit for a project-wide decision.
    pub task: Option<String>,
    /// Who decided (the owner, a reviewer…).
    pub decided_by: Option<String>,
    /// Where it was decided, in words: a report, a message, a meeting.
    pub source: Option<String>,
    /// A structured source: `report`, `event` or `comment` (then source_ref is its id in this project), or
    /// `message` (then source_ref is its external id). Give both or neither.
    pub source_kind: Option<String>,
    /// The structured source's id: a report's, event's or comment's id in this project, or a message's external id.
    pub source_ref: Option<String>,
    /// The id of a current decision of this project that this one replaces (it stays in history).
    pub supersedes: Option<i64>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EventsSince {
    /// Return events after this id (the "Last event" of project_snapshot or the previous call); 0 for all.
    pub after: Option<i64>,
    /// At most this many events (default 100, at most 500).
    pub limit: Option<u32>,
    /// Only this project's events (slug).
    pub project: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RulesGet {
    /// The project whose effective rules to read (global ⊕ project override); omit for the global rules.
    pub project: Option<String>,
}

/// Who calls a write tool: every write lists `session`. `session_title` and `hook_session` are listed only on
/// the writes that start a session's work ([`FirstWriter`]), to keep every tool list short; every write still
/// accepts them (the compatibility policy: a client that sends them everywhere keeps working).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct Writer {
    /// Your session (local_… or a stable name), as on your first write.
    pub session: Option<String>,
    #[schemars(skip)]
    pub session_title: Option<String>,
    #[schemars(skip)]
    #[expect(
        dead_code,
        reason = "read from the raw arguments once the write succeeded (mcp::server::hook_link)"
    )]
    pub hook_session: Option<String>,
}

/// The caller of a write that starts a session's work (task_create, plan_set, task_set_stage): the session,
/// its title and its hook session, all listed.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct FirstWriter {
    /// Your session: desktop id (local_…) with session_title, else a stable name. For display, not access.
    pub session: Option<String>,
    /// Your session's title.
    pub session_title: Option<String>,
    /// Your hook session id, as your session start named it: links your hooks to your session.
    #[expect(
        dead_code,
        reason = "read from the raw arguments once the write succeeded (mcp::server::hook_link)"
    )]
    pub hook_session: Option<String>,
}

/// Parameters every write accepts without listing them all: the caller's title and hook session.
pub const UNLISTED_CALLER_PARAMETERS: &[&str] = &["session_title", "hook_session"];

impl Writer {
    /// The writer of an MCP call, for events and reports. `"-"` or `""` means none.
    pub fn caller(&self) -> Caller {
        caller(self.session.as_deref(), self.session_title.as_deref())
    }
}

impl FirstWriter {
    /// The writer of an MCP call, for events and reports. `"-"` or `""` means none.
    pub fn caller(&self) -> Caller {
        caller(self.session.as_deref(), self.session_title.as_deref())
    }
}

/// The agent calling over MCP, writing as a session and its title. `"-"` or `""` means none.
pub fn caller(session: Option<&str>, session_title: Option<&str>) -> Caller {
    let given = |text: Option<&str>| {
        text.map(str::trim)
            .filter(|t| !relay_core::board::clears(t))
            .map(str::to_owned)
    };
    Caller::mcp_token().with_session(given(session), given(session_title))
}

/// The task fields task_create lists (besides the required title); it accepts every editable field.
pub const TASK_CREATE_FIELDS: &[&str] = &[
    "title",
    "description",
    "stage",
    "size",
    "priority",
    "next_step",
    "waiting_on",
    "branch",
    "doc_path",
];

/// The input schema of task_create: its named parameters plus the fields usually set at creation.
pub fn task_create_schema() -> Arc<JsonObject> {
    let fields = TASK_FIELDS
        .iter()
        .filter(|f| TASK_CREATE_FIELDS.contains(&f.name));
    with_task_fields::<TaskCreate>(fields, &["project", "title"], false)
}

/// The input schema of task_update: its named parameters plus every task field of the table.
pub fn task_update_schema() -> Arc<JsonObject> {
    with_task_fields::<TaskUpdate>(TASK_FIELDS.iter(), &["task"], true)
}

/// `T`'s schema with one property per task field added after its own, and `required` set.
fn with_task_fields<'a, T: JsonSchema + 'static>(
    fields: impl Iterator<Item = &'a TaskField>,
    required: &[&str],
    update: bool,
) -> Arc<JsonObject> {
    let mut schema = schema_for_type::<T>().as_ref().clone();
    let mut properties = match schema.remove("properties") {
        Some(Value::Object(properties)) => properties,
        _ => Map::new(),
    };
    for field in fields {
        properties.insert(field.name.to_owned(), field_schema(field, update));
    }
    schema.insert("properties".to_owned(), Value::Object(properties));
    schema.insert("required".to_owned(), json!(required));
    Arc::new(schema)
}

/// The names a stage or status parameter takes, listed as its schema's enum (the board still reads them without
/// regard to case, and its refusal names them too).
fn parameter_names(tool: &str, parameter: &str) -> Option<Vec<&'static str>> {
    match (tool, parameter) {
        ("task_set_stage" | "task_list", "stage") => Some(Stage::ALL.iter().map(|s| s.as_str()).collect()),
        ("plan_step_update", "status") => Some(PlanStepStatus::ALL.iter().map(|s| s.as_str()).collect()),
        ("review_step_update", "status") => Some(vec![ReviewStepStatus::Open.as_str()]),
        _ => None,
    }
}

/// Lists the names of every stage and status parameter of `tool` as an enum.
pub fn with_enums(tool: &str, mut schema: JsonObject) -> JsonObject {
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            if let (Some(names), Value::Object(property)) = (parameter_names(tool, name), property) {
                property.insert("enum".to_owned(), json!(names));
            }
        }
    }
    schema
}

/// A tool's input schema as the model should read it: no `$schema` (2020-12 is MCP's default dialect), no
/// title or description of the Rust type, no integer `format`, no `null` next to an optional parameter's type,
/// and each parameter's description on one line.
pub fn tidy_schema(schema: &JsonObject) -> JsonObject {
    let mut schema = schema.clone();
    for key in ["$schema", "title", "description"] {
        schema.remove(key);
    }
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for property in properties.values_mut() {
            let Value::Object(property) = property else {
                continue;
            };
            property.remove("format");
            // Optional is what `required` already says; `null` in the type only costs tokens.
            if let Some(Value::Array(types)) = property.get("type")
                && let [only, null] = types.as_slice()
                && null == "null"
            {
                let only = only.clone();
                property.insert("type".to_owned(), only);
            }
            if let Some(Value::String(description)) = property.get_mut("description") {
                *description = description.split_whitespace().collect::<Vec<_>>().join(" ");
            }
        }
    }
    schema
}

/// One task field as a JSON schema property: its type and limits, its description and how to clear it.
fn field_schema(field: &TaskField, update: bool) -> Value {
    let clears = update && field.clear == Clearing::Dash;
    let mut schema = match field.kind {
        FieldKind::Line { max_chars }
        | FieldKind::Text { max_chars }
        | FieldKind::Markdown { max_chars }
        | FieldKind::Url { max_chars } => json!({ "type": "string", "maxLength": max_chars }),
        FieldKind::Stage => {
            json!({ "type": "string", "enum": Stage::ALL.iter().map(|s| s.as_str()).collect::<Vec<_>>() })
        }
        FieldKind::Size => {
            let mut names: Vec<&str> = Size::ALL.iter().map(|s| s.as_str()).collect();
            if clears {
                names.push("-");
            }
            json!({ "type": "string", "enum": names })
        }
        FieldKind::Integer { min, max } if clears => {
            json!({ "type": ["integer", "string"], "minimum": min, "maximum": max })
        }
        FieldKind::Integer { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        FieldKind::Bool => json!({ "type": "boolean" }),
    };
    let mut description = capitalised(field.description);
    if matches!(field.kind, FieldKind::Markdown { .. }) {
        description.push_str(" (markdown)");
    }
    if clears {
        description.push_str("; \"-\" clears it");
    }
    if let Value::Object(object) = &mut schema {
        object.insert("description".to_owned(), Value::String(description));
    }
    schema
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
