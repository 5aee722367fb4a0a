//! The agent's todo (relaybay §1 "The agent's todo", §4 "Todo capture"): the list of Claude Code's todo tools,
//! stored per session as a second layer that is never merged into the plan. The hooks feed it with one
//! [`TodoChange`] at a time; plan_get and the owner's plan view show the bound session's list.

use relay_core::board::TodoStatus;
use relay_core::event::payload;
use relay_core::hook::{TodoChange, TodoItem as HookTodoItem};
use serde::Serialize;

use super::limits;
use crate::board::{Board, BoardError, Outcome};
use crate::store::WriteTx;
use crate::store::board as board_db;
use crate::store::plan::{self as db, TodoRow, TodoValues};

/// One item of the agent's todo.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TodoItem {
    pub item_id: String,
    pub subject: String,
    /// pending, in_progress or completed.
    pub status: String,
    /// What the agent says while it works on it ("Writing tests").
    pub active_form: Option<String>,
}

impl TodoItem {
    /// Whether the item is at `status`.
    pub fn is(&self, status: TodoStatus) -> bool {
        self.status == status.as_str()
    }
}

impl From<TodoRow> for TodoItem {
    fn from(row: TodoRow) -> TodoItem {
        TodoItem {
            item_id: row.item_id,
            subject: row.subject,
            status: row.status,
            active_form: row.active_form,
        }
    }
}

/// A session's todo after a change, and the tasks that were told (`session.todo_updated`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TodoApplied {
    pub items: Vec<TodoItem>,
    /// The keys of the tasks bound to the session.
    pub tasks: Vec<String>,
}

impl Board<'_> {
    /// Applies one todo change of a session (by name or alias) under its Claude Code id: see
    /// [`Board::apply_todo_in`].
    pub async fn apply_todo(
        &self,
        session: &str,
        cc_session_id: &str,
        change: &TodoChange,
    ) -> Result<Outcome<TodoApplied>, BoardError> {
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let found = board_db::session_by_name(&mut write, session.trim()).await?;
        let Some(found) = found else {
            return Err(BoardError::Invalid(format!(
                "unknown session {:?}; a todo belongs to a session relay knows. Nothing changed.",
                session.trim()
            )));
        };
        let outcome = self
            .apply_todo_in(&mut write, found.id, &found.name, cc_session_id, change)
            .await?;
        write.commit().await?;
        Ok(outcome)
    }

    /// Applies one todo change inside an open write (the hooks' path): `Replace` sets the list, `Add` appends an
    /// item (or replaces the item of that id), `Update` changes the given parts of one item (an id never seen is
    /// ignored), `Remove` drops one. A list of another Claude Code id counts as empty: a new id starts a fresh
    /// list. At most 50 items (later ones are dropped) of 200 characters (longer texts are cut). A change emits
    /// `session.todo_updated` for each task bound to the session; a change that changes nothing emits nothing.
    pub(crate) async fn apply_todo_in(
        &self,
        write: &mut WriteTx<'_>,
        session_id: i64,
        session_name: &str,
        cc_session_id: &str,
        change: &TodoChange,
    ) -> Result<Outcome<TodoApplied>, BoardError> {
        let now = self.handle.now_ms();
        let stored = db::session_todo(&mut *write, session_id).await?;
        let same_id = stored.iter().all(|row| row.cc_session_id == cc_session_id);
        let current: Vec<TodoItem> = if same_id {
            stored.iter().cloned().map(TodoItem::from).collect()
        } else {
            Vec::new()
        };
        let mut items = current.clone();
        match change {
            TodoChange::Replace(list) => items = list.iter().map(todo_item).collect(),
            TodoChange::Add(item) => {
                let item = todo_item(item);
                match items.iter_mut().find(|i| i.item_id == item.item_id) {
                    Some(existing) => *existing = item,
                    None => items.push(item),
                }
            }
            TodoChange::Update {
                id,
                status,
                subject,
                active_form,
            } => {
                if let Some(item) = items.iter_mut().find(|i| i.item_id == todo_text(id)) {
                    if let Some(status) = status {
                        item.status = status.as_str().to_owned();
                    }
                    if let Some(subject) = subject.as_deref().map(todo_text).filter(|s| !s.is_empty()) {
                        item.subject = subject;
                    }
                    if let Some(active) = active_form.as_deref().map(todo_text).filter(|s| !s.is_empty()) {
                        item.active_form = Some(active);
                    }
                }
            }
            TodoChange::Remove { id } => items.retain(|i| i.item_id != todo_text(id)),
        }
        let mut seen = std::collections::HashSet::new();
        items.retain(|i| !i.item_id.is_empty() && !i.subject.is_empty() && seen.insert(i.item_id.clone()));
        items.truncate(limits::TODO_ITEMS);
        let bound = db::bound_tasks(&mut *write, session_id).await?;
        let tasks: Vec<String> = bound
            .iter()
            .map(|t| format!("{}-{}", t.project_slug, t.number))
            .collect();
        // A list under another Claude Code id is replaced even by an empty one: the shown todo changes.
        let unchanged = same_id && items == current;
        if unchanged {
            let mut outcome = Outcome::new(TodoApplied { items, tasks });
            outcome.changed = false;
            return Ok(outcome);
        }
        let values: Vec<TodoValues<'_>> = items
            .iter()
            .map(|i| TodoValues {
                item_id: &i.item_id,
                subject: &i.subject,
                status: &i.status,
                active_form: i.active_form.as_deref(),
            })
            .collect();
        db::replace_session_todo(&mut *write, session_id, cc_session_id, &values, now).await?;
        for (task, key) in bound.iter().zip(&tasks) {
            let payload = payload::SessionTodoUpdated {
                project: task.project_slug.clone(),
                key: key.clone(),
                session: session_name.to_owned(),
                items: items.len(),
            };
            write.emit(key, &payload).await?;
        }
        Ok(Outcome::new(TodoApplied { items, tasks }))
    }
}

/// A todo text as stored: one line, at most 200 characters.
fn todo_text(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    line.chars().take(limits::TODO_TEXT).collect()
}

fn todo_item(item: &HookTodoItem) -> TodoItem {
    TodoItem {
        item_id: todo_text(&item.id),
        subject: todo_text(&item.subject),
        status: item.status.as_str().to_owned(),
        active_form: item
            .active_form
            .as_deref()
            .map(todo_text)
            .filter(|s| !s.is_empty()),
    }
}
