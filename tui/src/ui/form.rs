//! The owner's forms: the stage picker and the comment editor of a decision or an owner comment. A form stays
//! open, with its text, until its write succeeds or the owner cancels it; a refusal is shown in it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use relay_core::proto;

use super::app::{Effect, Model, STAGES, Write};
use super::edit::EditForm;
use super::editor::Editor;
use super::keymap::{Command, Scope};

/// An open form. It stays open, with its text, until its write succeeds or the owner cancels it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub editor: Editor,
    /// Why the last try was refused.
    pub error: Option<String>,
    /// The write is on its way.
    pub busy: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormKind {
    Stage {
        key: String,
        title: String,
        version: i64,
        current: usize,
        selected: usize,
    },
    Decide {
        key: String,
        step: i64,
        title: String,
        decision: proto::ReviewDecision,
    },
    Comment {
        key: String,
        session: Option<String>,
    },
    /// A task's field picker or field editor, the session picker or the unbind question (`edit.rs`).
    Edit(EditForm),
}

pub fn stage_form(task: &proto::Task) -> Form {
    let current = STAGES.iter().position(|s| *s == task.stage).unwrap_or(0);
    Form {
        kind: FormKind::Stage {
            key: task.key.clone(),
            title: task.title.clone(),
            version: task.version,
            current,
            selected: (current + 1).min(STAGES.len() - 1),
        },
        editor: Editor::default(),
        error: None,
        busy: false,
    }
}

pub(super) fn form_key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let command = model.keymap.lookup(&[Scope::Form], &key);
    if command == Some(Command::Cancel) {
        if !super::edit::back(form) {
            model.form = None;
        }
        return;
    }
    if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
        model.quit = true;
        return;
    }
    if form.busy {
        model.dirty = false;
        return;
    }
    if matches!(form.kind, FormKind::Edit(_)) {
        super::edit::form_key(model, key, command, effects);
        return;
    }
    let submit = command == Some(Command::Submit);
    match &mut form.kind {
        FormKind::Stage {
            key: task,
            version,
            selected,
            ..
        } => match key.code {
            _ if submit || key.code == KeyCode::Enter => {
                form.busy = true;
                form.error = None;
                effects.push(Effect::Write(Write::SetStage {
                    key: task.clone(),
                    stage: STAGES.get(*selected).copied().unwrap_or("plan").to_owned(),
                    expected_version: *version,
                }));
            }
            KeyCode::Left | KeyCode::Up | KeyCode::Char('h' | 'k') => *selected = selected.saturating_sub(1),
            KeyCode::Right | KeyCode::Down | KeyCode::Char('l' | 'j') => {
                *selected = (*selected + 1).min(STAGES.len() - 1);
            }
            KeyCode::Char(c @ '1'..='6') => *selected = usize::from(c as u8 - b'1'),
            _ => model.dirty = false,
        },
        FormKind::Decide {
            key: task,
            step,
            decision,
            ..
        } => {
            if submit {
                let text = form.editor.text();
                let comment = (!text.trim().is_empty()).then(|| text.trim_end().to_owned());
                if comment.is_none() && *decision == proto::ReviewDecision::Comment {
                    form.error = Some("a comment on a step needs text".to_owned());
                    return;
                }
                form.busy = true;
                form.error = None;
                effects.push(Effect::Write(Write::DecideStep {
                    key: task.clone(),
                    step: *step,
                    decision: *decision,
                    comment,
                }));
            } else {
                model.dirty = form.editor.key(&key);
            }
        }
        FormKind::Comment { key: task, .. } => {
            if submit {
                if form.editor.is_blank() {
                    form.error = Some("write something first".to_owned());
                    return;
                }
                form.busy = true;
                form.error = None;
                effects.push(Effect::Write(Write::Comment {
                    key: task.clone(),
                    body: form.editor.text().trim_end().to_owned(),
                }));
            } else {
                model.dirty = form.editor.key(&key);
            }
        }
        // Handled above.
        FormKind::Edit(_) => {}
    }
}
