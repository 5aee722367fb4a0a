//! The agent's own todo list, read from Claude Code's todo tools on PostToolUse (relaybay §4 "Todo capture"):
//! `TaskCreate` adds an item, `TaskUpdate` changes or deletes one, `TodoWrite` (older builds) replaces the list.
//! Unknown shapes are ignored; texts are cut to [`MAX_TEXT`] characters and a list to [`MAX_ITEMS`] items.

use serde_json::Value;

pub use crate::board::TodoStatus;

/// Most items a session's todo keeps.
pub const MAX_ITEMS: usize = 50;
/// Longest subject or active form kept, in characters.
pub const MAX_TEXT: usize = 200;

/// One item of a replaced list (`TodoWrite`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TodoItem {
    /// The item's id: Claude Code's task id, or its 1-based position for `TodoWrite`.
    pub id: String,
    pub subject: String,
    pub status: TodoStatus,
    pub active_form: Option<String>,
}

/// What one todo tool call did to the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TodoChange {
    /// `TaskCreate`: a new pending item.
    Add(TodoItem),
    /// `TaskUpdate`: the given parts of one item change (an id never seen is ignored by the store).
    Update {
        id: String,
        status: Option<TodoStatus>,
        subject: Option<String>,
        active_form: Option<String>,
    },
    /// `TaskUpdate` with status `deleted`.
    Remove { id: String },
    /// `TodoWrite`: the whole list.
    Replace(Vec<TodoItem>),
}

/// The todo change a PostToolUse of `tool` made, or `None` for any other tool or an unknown shape.
///
/// ```
/// use relay_core::hook::{TodoChange, todo_change};
/// let input = serde_json::json!({"subject": "Write tests", "activeForm": "Writing tests"});
/// let response = serde_json::json!({"task": {"id": "3"}});
/// let Some(TodoChange::Add(item)) = todo_change("TaskCreate", &input, Some(&response)) else { panic!() };
/// assert_eq!((item.id.as_str(), item.subject.as_str()), ("3", "Write tests"));
/// ```
pub fn todo_change(tool: &str, input: &Value, response: Option<&Value>) -> Option<TodoChange> {
    match tool {
        "TaskCreate" => {
            let id = response
                .and_then(|r| r.get("task"))
                .and_then(|t| t.get("id"))
                .and_then(id_text)?;
            Some(TodoChange::Add(TodoItem {
                id,
                subject: text(input.get("subject"))?,
                status: TodoStatus::Pending,
                active_form: text(input.get("activeForm")),
            }))
        }
        "TaskUpdate" => {
            let id = input.get("taskId").and_then(id_text)?;
            let status = input
                .get("status")
                .and_then(Value::as_str)
                .or_else(|| response?.get("statusChange")?.get("to")?.as_str());
            if status == Some("deleted") {
                return Some(TodoChange::Remove { id });
            }
            Some(TodoChange::Update {
                id,
                status: status.and_then(TodoStatus::from_name),
                subject: text(input.get("subject")),
                active_form: text(input.get("activeForm")),
            })
        }
        "TodoWrite" => {
            let todos = input.get("todos")?.as_array()?;
            let items = todos
                .iter()
                .enumerate()
                .filter_map(|(i, todo)| {
                    Some(TodoItem {
                        id: (i + 1).to_string(),
                        subject: text(todo.get("content"))?,
                        status: todo
                            .get("status")
                            .and_then(Value::as_str)
                            .and_then(TodoStatus::from_name)?,
                        active_form: text(todo.get("activeForm")),
                    })
                })
                .take(MAX_ITEMS)
                .collect();
            Some(TodoChange::Replace(items))
        }
        _ => None,
    }
}

/// A non-empty text, trimmed and cut to [`MAX_TEXT`] characters.
fn text(value: Option<&Value>) -> Option<String> {
    let text = value?.as_str()?.trim();
    (!text.is_empty()).then(|| text.chars().take(MAX_TEXT).collect())
}

/// An id given as a string or a number.
fn id_text(value: &Value) -> Option<String> {
    match value {
        Value::String(id) if !id.trim().is_empty() => Some(id.trim().chars().take(MAX_TEXT).collect()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn task_update_reads_the_status_from_the_input_or_the_response() {
        let change = todo_change("TaskUpdate", &json!({"taskId": 2, "status": "in_progress"}), None);
        assert_eq!(
            change,
            Some(TodoChange::Update {
                id: "2".into(),
                status: Some(TodoStatus::InProgress),
                subject: None,
                active_form: None
            })
        );
        let response = json!({"statusChange": {"from": "in_progress", "to": "completed"}});
        let Some(TodoChange::Update { status, .. }) =
            todo_change("TaskUpdate", &json!({"taskId": "2"}), Some(&response))
        else {
            panic!("an update")
        };
        assert_eq!(status, Some(TodoStatus::Completed));
        assert_eq!(
            todo_change("TaskUpdate", &json!({"taskId": "2", "status": "deleted"}), None),
            Some(TodoChange::Remove { id: "2".into() })
        );
    }

    #[test]
    fn todo_write_replaces_the_list_capped_and_cut() {
        let long = "x".repeat(300);
        let todos: Vec<Value> = (0..60)
            .map(|i| json!({"content": format!("{long}{i}"), "status": "pending", "activeForm": "Doing"}))
            .collect();
        let Some(TodoChange::Replace(items)) = todo_change("TodoWrite", &json!({"todos": todos}), None)
        else {
            panic!("a list")
        };
        assert_eq!(items.len(), MAX_ITEMS);
        assert_eq!(items[0].subject.chars().count(), MAX_TEXT);
        assert_eq!(items[4].id, "5");
    }

    #[test]
    fn unknown_tools_and_shapes_are_ignored() {
        assert_eq!(todo_change("Write", &json!({"file_path": "/a"}), None), None);
        assert_eq!(
            todo_change("TaskCreate", &json!({"subject": "x"}), None),
            None,
            "no id"
        );
        assert_eq!(
            todo_change(
                "TaskCreate",
                &json!({"subject": ""}),
                Some(&json!({"task": {"id": "1"}}))
            ),
            None
        );
        assert_eq!(
            todo_change("TaskUpdate", &json!({"status": "completed"}), None),
            None
        );
        assert_eq!(todo_change("TodoWrite", &json!({"todos": "nope"}), None), None);
        let Some(TodoChange::Replace(items)) = todo_change(
            "TodoWrite",
            &json!({"todos": [{"content": "a", "status": "weird"}]}),
            None,
        ) else {
            panic!("a list")
        };
        assert!(items.is_empty(), "an item of unknown status is dropped");
    }
}
