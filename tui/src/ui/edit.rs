//! The owner's edits of a task (relaybay §2 task dialog): `E` picks a field of the task fields table and opens it
//! in the editor prefilled with its value, saved through UpdateTask with the version it was read at; `b` binds a
//! session picked from the project's (or typed), `u` unbinds after a y/n question. Their state, keys, worker calls
//! and view; app.rs, form.rs, view.rs and worker.rs hand them over here.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};
use relay_core::board::{FieldKind, FieldValue, TASK_FIELDS, TaskField, parse_field};
use relay_core::proto;
use serde_json::Value;

use super::app::{Data, Effect, Fetch, Flash, Form, FormKind, Level, Model, Outcome, Screen, Write};
use super::editor::Editor;
use super::keymap::{Command, Keymap, Scope};
use super::sessions::status_dot;
use super::theme::Theme;
use super::view::{bounded, centered, scroll_to};
use super::worker::outcome;
use crate::client::Client;

/// The longest text typed into a field the table gives no text limit (size, priority, a flag).
const SHORT_VALUE: usize = 100;

/// One of the owner's task forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditForm {
    /// Which field to edit, with the values as read.
    Fields { task: Box<proto::Task>, selected: usize },
    /// One field in the editor.
    Field(FieldEdit),
    /// Which session to bind.
    Bind(SessionPicker),
    /// "Unbind `session`?"
    Unbind { key: String, session: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldEdit {
    /// The task as read: its key, its version (sent as the expected version) and the value being edited.
    pub task: Box<proto::Task>,
    pub field: &'static TaskField,
    /// Ctrl-R asked for the task again; its answer brings the version to save over.
    pub refetching: bool,
    /// What the last Ctrl-R found.
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionPicker {
    pub key: String,
    pub project: String,
    /// The session bound now.
    pub current: Option<String>,
    /// The project's sessions, newest activity first; `None` until they arrive.
    pub sessions: Option<Vec<proto::SessionRow>>,
    /// Why they could not be fetched.
    pub load_error: Option<String>,
    pub selected: usize,
}

/// A row of the session picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Candidate<'a> {
    Listed(&'a proto::SessionRow),
    /// A name or desktop id typed in the filter that no listed session has.
    Typed(String),
}

impl SessionPicker {
    /// The listed sessions whose name or title contains `typed` (ignoring case), then `typed` itself when no
    /// listed session has exactly that name.
    pub fn candidates(&self, typed: &str) -> Vec<Candidate<'_>> {
        let typed = typed.trim();
        let needle = typed.to_lowercase();
        let listed = self.sessions.iter().flatten();
        let mut rows: Vec<Candidate<'_>> = listed
            .clone()
            .filter(|s| {
                needle.is_empty()
                    || s.name.to_lowercase().contains(&needle)
                    || s.title
                        .as_deref()
                        .is_some_and(|t| t.to_lowercase().contains(&needle))
            })
            .map(Candidate::Listed)
            .collect();
        if !typed.is_empty() && !listed.clone().any(|s| s.name == typed) {
            rows.push(Candidate::Typed(typed.to_owned()));
        }
        rows
    }
}

/// The fields `E` offers: every row of the task fields table but the stage, which `m` moves through the rules.
pub fn editable_fields() -> impl Iterator<Item = &'static TaskField> {
    TASK_FIELDS.iter().filter(|f| f.name != "stage")
}

pub use relay_core::proto_json::task_field_text as field_value;

/// The value a field editor opened with: the field as the task was read.
pub fn current_value(edit: &FieldEdit) -> String {
    field_value(&edit.task, edit.field.name)
        .flatten()
        .unwrap_or_default()
}

/// A field's name as people read it: `stage_note` → `stage note` (the storage name stays in `--set` and MCP).
pub fn label(name: &str) -> String {
    name.replace('_', " ")
}

/// Whether the form's editor takes line breaks: a text or markdown field's (the session picker's line does not).
pub fn takes_lines(edit: &EditForm) -> bool {
    matches!(edit, EditForm::Field(field) if multi_line(field.field))
}

/// Text and markdown fields take line breaks (Ctrl-S saves); the others are one line (Enter saves).
pub fn multi_line(field: &TaskField) -> bool {
    matches!(field.kind, FieldKind::Text { .. } | FieldKind::Markdown { .. })
}

fn open(model: &mut Model, edit: EditForm, editor: Editor) {
    model.form = Some(Form {
        kind: FormKind::Edit(edit),
        editor,
        error: None,
        note: None,
        busy: false,
    });
}

fn flash(model: &mut Model, level: Level, line: String) {
    model.flash = Some(Flash {
        level,
        lines: vec![line],
    });
}

/// `E`, `b` and `u` on the task view (`E` also on the board, for the selected card).
pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let task = match &model.screen {
        Screen::Board(_) => model.board.selected_task().cloned(),
        Screen::Task(_) => model.task.data.as_ref().and_then(|d| d.detail.task.clone()),
        _ => None,
    };
    let Some(task) = task else {
        let line = match &model.screen {
            Screen::Task(key) => format!("{key} is still loading; try again once it shows"),
            _ => "no task is selected: pick a card first".to_owned(),
        };
        flash(model, Level::Error, line);
        return;
    };
    match command {
        Command::EditField => open(
            model,
            EditForm::Fields {
                task: Box::new(task),
                selected: 0,
            },
            Editor::default(),
        ),
        Command::BindSession => {
            // Every session: the project's come first in the picker, then the others.
            let fetch = Fetch::Sessions(None);
            let picker = SessionPicker {
                key: task.key,
                project: task.project,
                current: task.session,
                sessions: None,
                load_error: None,
                selected: 0,
            };
            open(model, EditForm::Bind(picker), Editor::default());
            model.fetch_once(fetch, effects);
        }
        Command::UnbindSession => match task.session {
            Some(session) => open(
                model,
                EditForm::Unbind {
                    key: task.key,
                    session,
                },
                Editor::default(),
            ),
            None => flash(
                model,
                Level::Info,
                format!("{} has no bound session: nothing to unbind", task.key),
            ),
        },
        _ => model.dirty = false,
    }
}

/// The form keys as the user's keymap has them, for the hint lines.
pub(super) struct FormKeys {
    submit: String,
    refresh: String,
    cancel: String,
}

impl FormKeys {
    fn of(keymap: &Keymap) -> FormKeys {
        FormKeys {
            submit: keymap.first_label(Scope::Form, Command::Submit),
            refresh: keymap.first_label(Scope::Form, Command::Refresh),
            cancel: keymap.first_label(Scope::Form, Command::Cancel),
        }
    }
}

/// Esc in the field editor: back to the field picker, on that field (the typed text was kept as the field's
/// draft). Whether the form was one to go back in; every other form closes on Esc.
pub(super) fn back(form: &mut Form) -> bool {
    let FormKind::Edit(EditForm::Field(edit)) = &form.kind else {
        return false;
    };
    let selected = editable_fields()
        .position(|f| f.name == edit.field.name)
        .unwrap_or(0);
    form.kind = FormKind::Edit(EditForm::Fields {
        task: edit.task.clone(),
        selected,
    });
    form.editor = Editor::default();
    form.error = None;
    form.busy = false;
    true
}

/// What a key in a form leaves to do once the form is no longer borrowed.
enum After {
    Nothing,
    Fetch(Fetch),
    /// Close the form, with a line under the screen or without.
    Close(Option<Flash>),
}

/// A key in one of these forms (Esc and Ctrl-C are handled before, as in every form; nothing while busy).
pub(super) fn form_key(
    model: &mut Model,
    key: KeyEvent,
    command: Option<Command>,
    effects: &mut Vec<Effect>,
) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let submit = command == Some(Command::Submit);
    let refresh = command == Some(Command::Refresh);
    let FormKind::Edit(edit) = &mut form.kind else {
        return;
    };
    let after = match edit {
        EditForm::Fields { task, selected } => {
            let len = editable_fields().count();
            match key.code {
                KeyCode::Up | KeyCode::Char('k') => *selected = selected.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') => *selected = (*selected + 1).min(len.saturating_sub(1)),
                _ if submit || key.code == KeyCode::Enter => {
                    if let Some(field) = editable_fields().nth(*selected) {
                        let value = field_value(task, field.name).flatten().unwrap_or_default();
                        let limit = field.kind.max_chars().unwrap_or(SHORT_VALUE);
                        let edit = FieldEdit {
                            task: task.clone(),
                            field,
                            refetching: false,
                            note: None,
                        };
                        form.kind = FormKind::Edit(EditForm::Field(edit));
                        form.editor = Editor::with_text(&value, limit);
                        // A draft of this field left with Esc comes back in place of the value.
                        if let Some(draft) =
                            super::form::draft_key(&form.kind).and_then(|key| model.drafts.get(&key))
                        {
                            form.editor = draft.clone();
                            form.note = Some(format!(
                                "Your draft is back ({} characters); the saved value is {}.",
                                draft.chars(),
                                if value.is_empty() {
                                    "empty".to_owned()
                                } else {
                                    format!("{} characters", value.chars().count())
                                }
                            ));
                        }
                    }
                }
                _ => model.dirty = false,
            }
            After::Nothing
        }
        EditForm::Field(edit) => {
            if refresh {
                edit.refetching = true;
                edit.note = Some(format!("fetching {} again…", edit.task.key));
                form.error = None;
                After::Fetch(Fetch::Task(edit.task.key.clone()))
            } else if submit || (!multi_line(edit.field) && key.code == KeyCode::Enter) {
                match field_write(edit, &form.editor.text()) {
                    Ok(write) => {
                        form.busy = true;
                        form.error = None;
                        effects.push(Effect::Write(write));
                        After::Nothing
                    }
                    Err(FieldProblem::Refused(reason)) => {
                        form.error = Some(reason);
                        After::Nothing
                    }
                    Err(FieldProblem::Unchanged(line)) => After::Close(Some(Flash {
                        level: Level::Info,
                        lines: vec![line],
                    })),
                }
            } else {
                super::form::typed(form, &key, &mut model.dirty);
                After::Nothing
            }
        }
        EditForm::Bind(picker) => {
            let typed = form.editor.text();
            let rows = picker.candidates(&typed).len();
            if refresh {
                picker.load_error = None;
                After::Fetch(Fetch::Sessions(None))
            } else if submit || key.code == KeyCode::Enter {
                let name = match picker.candidates(&typed).get(picker.selected) {
                    Some(Candidate::Listed(row)) => Some(row.name.clone()),
                    Some(Candidate::Typed(name)) => Some(name.clone()),
                    None => None,
                };
                match name {
                    None => {
                        form.error = Some(
                            "type a session name or local_ id, or pick a session from the list".to_owned(),
                        );
                    }
                    Some(name) if picker.current.as_deref() == Some(name.as_str()) => {
                        form.error = Some(format!(
                            "{} is already bound to {name}; pick another session",
                            picker.key
                        ));
                    }
                    Some(session) => {
                        form.busy = true;
                        form.error = None;
                        effects.push(Effect::Write(Write::BindSession {
                            key: picker.key.clone(),
                            session,
                        }));
                    }
                }
                After::Nothing
            } else {
                match key.code {
                    KeyCode::Up => picker.selected = picker.selected.saturating_sub(1),
                    KeyCode::Down => picker.selected = (picker.selected + 1).min(rows.saturating_sub(1)),
                    _ => {
                        model.dirty = form.editor.key(&key);
                        // The filter changed: the first match is selected.
                        picker.selected = 0;
                    }
                }
                After::Nothing
            }
        }
        EditForm::Unbind { key: task, .. } => match key.code {
            _ if submit || matches!(key.code, KeyCode::Enter | KeyCode::Char('y' | 'Y')) => {
                form.busy = true;
                form.error = None;
                effects.push(Effect::Write(Write::UnbindSession { key: task.clone() }));
                After::Nothing
            }
            KeyCode::Char('n' | 'N') => After::Close(None),
            _ => {
                model.dirty = false;
                After::Nothing
            }
        },
    };
    match after {
        After::Nothing => {}
        After::Fetch(fetch) => model.fetch_once(fetch, effects),
        After::Close(line) => {
            model.form = None;
            model.flash = line;
        }
    }
}

/// Why a field's text is not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldProblem {
    /// The text is not a value of the field (the words of the board's own check).
    Refused(String),
    /// The text means the value the task has: nothing to write.
    Unchanged(String),
}

/// The write that saves `text` into the edited field, checked with the board's own rule for the field; empty
/// text or `-` clears a field that can be cleared.
pub fn field_write(edit: &FieldEdit, text: &str) -> Result<Write, FieldProblem> {
    let name = edit.field.name;
    let given = parse_field(name, &Value::String(text.to_owned()))
        .map_err(|e| FieldProblem::Refused(e.to_string()))?;
    if let Some(current) = field_value(&edit.task, name) {
        let current = match current {
            Some(value) => parse_field(name, &Value::String(value)).ok(),
            None => Some(FieldValue::Clear),
        };
        if current.as_ref() == Some(&given) {
            let what = match given {
                FieldValue::Clear => "is already empty",
                _ => "already has that value",
            };
            return Err(FieldProblem::Unchanged(format!(
                "{}: {} {what}; nothing was written",
                edit.task.key,
                label(name)
            )));
        }
    }
    Ok(Write::UpdateField {
        key: edit.task.key.clone(),
        field: name.to_owned(),
        value: text.to_owned(),
        expected_version: edit.task.version,
    })
}

/// An answer to a fetch, while a form waits for one: the session picker's list, or the task Ctrl-R asked for.
pub(super) fn loaded(model: &mut Model, fetch: &Fetch, data: &Data) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let typed = form.editor.text();
    let FormKind::Edit(edit) = &mut form.kind else {
        return;
    };
    match (edit, fetch, data) {
        (EditForm::Bind(picker), Fetch::Sessions(None), Data::Sessions { list, .. }) => {
            picker.sessions = Some(picker_order(&picker.project, &list.sessions));
            picker.load_error = None;
            let rows = picker.candidates(&typed).len();
            picker.selected = picker.selected.min(rows.saturating_sub(1));
        }
        (EditForm::Field(edit), Fetch::Task(key), Data::Task(data))
            if edit.refetching && *key == edit.task.key =>
        {
            let Some(task) = &data.detail.task else {
                return;
            };
            edit.refetching = false;
            let value = field_value(task, edit.field.name).flatten().map_or_else(
                || "empty".to_owned(),
                |v| format!("“{}”", super::fit::one_line(&v, 60)),
            );
            edit.note = Some(if task.version == edit.task.version {
                format!(
                    "fetched again: still version {}; {} is {value}",
                    task.version,
                    label(edit.field.name)
                )
            } else {
                format!(
                    "fetched again: version {} (you had {}); {} is now {value} — Ctrl-S saves your text over it",
                    task.version,
                    edit.task.version,
                    label(edit.field.name)
                )
            });
            *edit.task = task.clone();
            form.error = None;
        }
        _ => {}
    }
}

/// A fetch a form waited for failed: said in the form, which keeps its text.
pub(super) fn load_failed(model: &mut Model, fetch: &Fetch, message: &str) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let FormKind::Edit(edit) = &mut form.kind else {
        return;
    };
    match (edit, fetch) {
        (EditForm::Bind(picker), Fetch::Sessions(None)) => {
            picker.load_error = Some(message.to_owned());
        }
        (EditForm::Field(edit), Fetch::Task(key)) if edit.refetching && *key == edit.task.key => {
            edit.refetching = false;
            edit.note = None;
            form.error = Some(format!(
                "could not fetch {key} again: {message} (Ctrl-R tries again; the text is kept)"
            ));
        }
        _ => {}
    }
}

/// A refused field write in words; a stale version says how to take the new one without losing the text.
pub(super) fn refusal(status: tonic::Status) -> String {
    match status.code() {
        tonic::Code::Aborted => format!(
            "{} — Ctrl-R fetches the task again (your text stays); Ctrl-S then saves it over the newer version",
            status.message()
        ),
        _ => status.message().to_owned(),
    }
}

/// UpdateTask with one field, as a JSON string as the CLI sends it (`-` or empty clears).
pub(super) async fn update_field(
    client: &mut Client,
    key: String,
    field: String,
    value: String,
    expected_version: i64,
) -> Result<Outcome, tonic::Status> {
    let cleared = matches!(value.trim(), "" | "-");
    let answer = client
        .board
        .update_task(proto::UpdateTaskRequest {
            key: key.clone(),
            fields: vec![proto::FieldChange {
                name: field.clone(),
                value_json: Value::String(value).to_string(),
            }],
            expected_version: Some(expected_version),
            actor: None,
        })
        .await?
        .into_inner();
    let changed = answer.notes.as_ref().is_some_and(|n| n.changed);
    let version = answer.task.as_ref().map_or(expected_version, |t| t.version);
    let summary = match (changed, cleared) {
        (false, _) => format!("{key}: {field} unchanged (version {version})"),
        (true, true) => format!("{key}: {field} cleared (version {version})"),
        (true, false) => format!("{key}: {field} saved (version {version})"),
    };
    Ok(outcome(summary, answer.notes))
}

/// The picker's order: the sessions of `project` (placed there by their hooks, or bound to one of its tasks) first,
/// then the others, each most recently seen first.
fn picker_order(project: &str, sessions: &[proto::SessionRow]) -> Vec<proto::SessionRow> {
    let prefix = format!("{project}-");
    let ours = |s: &proto::SessionRow| {
        s.project.as_deref() == Some(project) || s.tasks.iter().any(|key| key.starts_with(&prefix))
    };
    let mut ordered = sessions.to_vec();
    ordered.sort_by(|a, b| ours(b).cmp(&ours(a)).then(b.seen_at_ms.cmp(&a.seen_at_ms)));
    ordered
}

pub(super) async fn bind_session(
    client: &mut Client,
    key: String,
    session: String,
) -> Result<Outcome, tonic::Status> {
    let answer = client
        .board
        .bind_task_session(proto::BindTaskSessionRequest {
            key,
            session,
            actor: None,
        })
        .await?
        .into_inner();
    Ok(binding_outcome(answer))
}

pub(super) async fn unbind_session(client: &mut Client, key: String) -> Result<Outcome, tonic::Status> {
    let answer = client
        .board
        .unbind_task_session(proto::UnbindTaskSessionRequest { key, actor: None })
        .await?
        .into_inner();
    Ok(binding_outcome(answer))
}

/// The binding a bind or unbind left, in the words of `relay task bind`; the daemon's notes say why when
/// nothing changed.
fn binding_outcome(answer: proto::TaskBinding) -> Outcome {
    let key = &answer.key;
    let changed = answer.notes.as_ref().is_some_and(|n| n.changed);
    let summary = match (&answer.session, &answer.previous) {
        _ if !changed => format!("{key}: nothing changed"),
        (Some(session), Some(previous)) => format!("{key} bound to {session} (was {previous})"),
        (Some(session), None) => format!("{key} bound to {session}"),
        (None, Some(previous)) => format!("{key} unbound from {previous}"),
        (None, None) => format!("{key} has no session"),
    };
    outcome(summary, answer.notes)
}

/// The bordered box of a form in the middle of `area`; returns its inside.
fn frame(title: String, width: u16, height: u16, theme: &Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let popup = centered(area, area.width.saturating_sub(4).min(width), height);
    Clear.render(popup, buf);
    let block = Block::bordered().title(title).style(theme.text);
    let inner = block.inner(popup);
    block.render(popup, buf);
    inner
}

/// The refusal, "sending…" or a note, in the form's message rows.
fn messages(form: &Form, note: Option<&str>, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let (text, style) = if let Some(error) = &form.error {
        (format!("Refused: {error}"), theme.error)
    } else if form.busy {
        ("sending…".to_owned(), theme.muted)
    } else if let Some(note) = note {
        (note.to_owned(), theme.warn)
    } else {
        return;
    };
    Paragraph::new(bounded(&text))
        .style(style)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

pub(super) fn render(
    form: &Form,
    edit: &EditForm,
    keymap: &Keymap,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let keys = FormKeys::of(keymap);
    match edit {
        EditForm::Fields { task, selected } => render_fields(task, *selected, &keys, theme, area, buf),
        EditForm::Field(edit) => render_field(form, edit, &keys, theme, area, buf),
        EditForm::Bind(picker) => render_bind(form, picker, &keys, theme, area, buf),
        EditForm::Unbind { key, session } => {
            let inner = frame(format!(" Unbind {key} "), 70, 7, theme, area, buf);
            let [question, message, keys_area] =
                Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)])
                    .areas(inner);
            Line::from(vec![
                Span::raw("Unbind the session "),
                Span::styled(super::fit::one_line(session, 40), theme.accent),
                Span::raw(format!(" from {key}?")),
            ])
            .render(question, buf);
            messages(form, None, theme, message, buf);
            Line::styled(
                format!("y or Enter unbind · n or {} keep it", keys.cancel),
                theme.muted,
            )
            .render(keys_area, buf);
        }
    }
}

fn render_fields(
    task: &proto::Task,
    selected: usize,
    keys: &FormKeys,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let fields: Vec<&TaskField> = editable_fields().collect();
    let height = fields.len() as u16 + 4;
    let inner = frame(format!(" Edit {} ", task.key), 90, height, theme, area, buf);
    let [intro, list, keys_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    Line::styled(
        format!(
            "{} · version {}",
            super::fit::one_line(&task.title, 60),
            task.version
        ),
        theme.muted,
    )
    .render(intro, buf);
    let width = usize::from(list.width);
    let name_width = fields.iter().map(|f| f.name.len()).max().unwrap_or(0) + 2;
    let first = scroll_to(selected, usize::from(list.height));
    for (i, field) in fields
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(list.height))
    {
        let y = list.y + (i - first) as u16;
        let value = match field_value(task, field.name) {
            Some(Some(value)) if !value.trim().is_empty() => {
                Span::raw(super::fit::one_line(&value, width.saturating_sub(name_width + 2)))
            }
            Some(_) => Span::styled("—", theme.muted),
            None => Span::styled("(not shown here)", theme.muted),
        };
        let row = Line::from(vec![
            Span::styled(format!(" {:<name_width$}", label(field.name)), theme.accent),
            value,
        ]);
        let row = if i == selected {
            row.style(theme.selected)
        } else {
            row
        };
        row.render(Rect::new(list.x, y, list.width, 1), buf);
    }
    Line::styled(
        format!("↑/↓ choose · Enter edit · {} cancel · the stage: m", keys.cancel),
        theme.muted,
    )
    .render(keys_area, buf);
}

fn render_field(form: &Form, edit: &FieldEdit, keys: &FormKeys, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let multi = multi_line(edit.field);
    let height = if multi { 16 } else { 10 };
    let inner = frame(
        format!(" {} · {} ", edit.task.key, label(edit.field.name)),
        90,
        height,
        theme,
        area,
        buf,
    );
    let [intro, main, message, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(inner);
    let clearing = match edit.field.clear {
        relay_core::board::Clearing::Dash => "; empty or - clears it",
        relay_core::board::Clearing::False => "; false clears it",
        relay_core::board::Clearing::Never => "",
    };
    Line::styled(
        format!("{}{clearing} · version {}", edit.field.kind, edit.task.version),
        theme.muted,
    )
    .render(intro, buf);
    let text_block = Block::bordered().border_style(theme.muted);
    let text_area = text_block.inner(main);
    text_block.render(main, buf);
    form.editor.render(text_area, buf, theme.text);
    messages(form, edit.note.as_deref(), theme, message, buf);
    let keys_text = if multi {
        format!(
            "{} save · Enter new line · {} fetch again · {} back to the fields",
            keys.submit, keys.refresh, keys.cancel
        )
    } else {
        format!(
            "Enter save · {} fetch the task again · {} back to the fields",
            keys.refresh, keys.cancel
        )
    };
    Line::styled(keys_text, theme.muted).render(keys_area, buf);
}

fn render_bind(
    form: &Form,
    picker: &SessionPicker,
    keys: &FormKeys,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    // As high as the list needs (at least three rows), so filtering does not resize the box.
    let listed = picker.sessions.as_ref().map_or(0, Vec::len);
    let height = (listed + 1).clamp(3, 13) as u16 + 9;
    let inner = frame(
        format!(" Bind a session to {} ", picker.key),
        100,
        height,
        theme,
        area,
        buf,
    );
    let [intro, input, list, message, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(3),
        Constraint::Min(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(inner);
    let now = match &picker.current {
        Some(session) => format!("Bound now: {}", super::fit::one_line(session, 40)),
        None => "No session is bound now".to_owned(),
    };
    Line::styled(
        format!(
            "{now} · the sessions of {} first, then the others, most recently seen first",
            picker.project
        ),
        theme.muted,
    )
    .render(intro, buf);
    let input_block = Block::bordered()
        .title(" name or local_ id (filters the list) ")
        .border_style(theme.muted);
    let input_area = input_block.inner(input);
    input_block.render(input, buf);
    form.editor.render(input_area, buf, theme.text);

    let typed = form.editor.text();
    let rows = picker.candidates(&typed);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let width = usize::from(list.width);
    let name_width = picker
        .sessions
        .iter()
        .flatten()
        .map(|s| s.name.chars().count().min(28))
        .max()
        .unwrap_or(0);
    for (i, row) in rows.iter().enumerate() {
        let line = match row {
            Candidate::Listed(session) => {
                let (dot, word, style) = status_dot(session.hook_status.as_deref(), theme);
                let word = if session.hook_status.is_some() { word } else { "" };
                let mut spans = vec![
                    Span::styled(format!(" {dot} "), style),
                    Span::styled(
                        format!("{:<name_width$} ", super::fit::one_line(&session.name, 28)),
                        theme.text,
                    ),
                    Span::styled(
                        format!("{:<8}", super::fit::one_line(&session.kind, 8)),
                        theme.muted,
                    ),
                    Span::styled(format!("{word:<8} "), style),
                ];
                if picker.current.as_deref() == Some(session.name.as_str()) {
                    spans.push(Span::styled("bound here ", theme.ok));
                } else if !session.tasks.is_empty() {
                    let tasks = super::fit::one_line(&session.tasks.join(", "), 30);
                    spans.push(Span::styled(format!("bound to {tasks} "), theme.warn));
                }
                if let Some(title) = &session.title {
                    spans.push(Span::styled(super::fit::one_line(title, width), theme.muted));
                }
                Line::from(spans)
            }
            Candidate::Typed(name) => Line::from(vec![
                Span::styled(" + ", theme.accent),
                Span::raw(format!(
                    "bind “{}” (not in the list)",
                    super::fit::one_line(name, 60)
                )),
            ]),
        };
        lines.push(if i == picker.selected {
            line.style(theme.selected)
        } else {
            line
        });
    }
    if rows.is_empty() {
        let empty = match (&picker.sessions, &picker.load_error) {
            (_, Some(error)) => Line::styled(
                format!(
                    " Could not fetch the sessions: {} (Ctrl-R tries again; a typed name still binds)",
                    super::fit::one_line(error, 200)
                ),
                theme.error,
            ),
            (None, None) => Line::styled(" fetching the project's sessions…", theme.muted),
            (Some(_), None) => Line::styled(
                format!(" No session of {} yet: type a name or local_ id", picker.project),
                theme.muted,
            ),
        };
        lines.push(empty);
    }
    let first = scroll_to(picker.selected, usize::from(list.height));
    Paragraph::new(lines).scroll((first as u16, 0)).render(list, buf);
    messages(form, None, theme, message, buf);
    Line::styled(
        format!(
            "type to filter · ↑/↓ choose · Enter bind · {} refetch · {} cancel",
            keys.refresh, keys.cancel
        ),
        theme.muted,
    )
    .render(keys_area, buf);
}
