//! The owner's forms: the stage picker and the comment editor of a decision or an owner comment. A form stays
//! open, with its text, until its write succeeds or the owner cancels it; a refusal is shown in it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use relay_core::proto;

use std::collections::HashMap;

use super::app::{Effect, Flash, Level, Model, STAGES, Write};
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
    /// A line for the owner that is not a refusal (a draft brought back).
    pub note: Option<String>,
    /// The write is on its way.
    pub busy: bool,
}

/// A draft is kept silently up to this many characters; a longer one is named when the window quits.
pub const DRAFT_ASK: usize = 10;

impl Form {
    /// A form of `kind` with an empty editor, or with the draft the owner left in the same form of the same task.
    pub fn open(kind: FormKind, drafts: &HashMap<String, Editor>) -> Form {
        let draft = draft_key(&kind).and_then(|key| drafts.get(&key).cloned());
        let note = draft
            .as_ref()
            .map(|d| format!("Your draft is back ({} characters).", d.chars()));
        Form {
            kind,
            editor: draft.unwrap_or_default(),
            error: None,
            note,
            busy: false,
        }
    }
}

/// The name a form's draft is kept under: the task, the form and (for a decision) the step and the decision.
pub fn draft_key(kind: &FormKind) -> Option<String> {
    match kind {
        FormKind::Comment { key, .. } => Some(format!("{key} comment")),
        FormKind::Decide {
            key, step, decision, ..
        } => Some(format!("{key} step {step} {}", decision_word(*decision))),
        FormKind::Edit(EditForm::Field(edit)) => Some(format!("{} field {}", edit.task.key, edit.field.name)),
        FormKind::NewTask { project } => Some(format!("{project} new task")),
        FormKind::NewProject => Some("new project".to_owned()),
        FormKind::NewSession { project } => Some(format!(
            "{} new session",
            project.as_deref().unwrap_or("any project")
        )),
        FormKind::AttachShot { .. } => None,
        FormKind::Stand(stand) => Some(stand.draft_key()),
        FormKind::Stage { .. } | FormKind::Edit(_) => None,
    }
}

fn decision_word(decision: proto::ReviewDecision) -> &'static str {
    match decision {
        proto::ReviewDecision::Accept => "accept",
        proto::ReviewDecision::Reject => "reject",
        proto::ReviewDecision::Reopen => "reopen",
        _ => "comment",
    }
}

/// Whether the form holds text the owner typed: a field editor opens with the field's value, so only a change of
/// it counts; any other form, any text.
pub fn holds_draft(form: &Form) -> bool {
    match &form.kind {
        FormKind::Edit(EditForm::Field(edit)) => form.editor.text() != super::edit::current_value(edit),
        FormKind::Stand(stand) => form.editor.text() != stand.prefill(),
        _ => !form.editor.is_blank(),
    }
}

/// Keeps the open form's typed text as the task's draft of that form (Esc, Ctrl-C), brought back when it opens
/// again; an emptied (or, in a field editor, unchanged) one drops the draft. The form stays open.
fn keep_draft(model: &mut Model) {
    let Some(form) = model.form.as_ref() else {
        return;
    };
    let Some(key) = draft_key(&form.kind) else {
        return;
    };
    if !holds_draft(form) {
        model.drafts.remove(&key);
        return;
    }
    let chars = form.editor.chars();
    model.drafts.insert(key, form.editor.clone());
    model.flash = Some(Flash {
        level: Level::Info,
        lines: vec![format!(
            "Draft kept ({chars} characters): it is back when you open the form again."
        )],
    });
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
    /// A new task in `project`: the first line is its title, the rest its description (prefilled with the
    /// project's rules' `description_template` when it has one).
    NewTask {
        project: String,
    },
    /// A new project: its slug, then optionally its name.
    NewProject,
    /// A new runner session, in `project` (the sessions screen's filter) or the one the task names: a task key or a
    /// branch, then optionally the profile, `docker` and `image=NAME`.
    NewSession {
        project: Option<String>,
    },
    /// A screenshot for review step `step` of task `key`: the image file's path.
    AttachShot {
        key: String,
        step: i64,
    },
    /// An environment or an access entry of the Stands & access screen (`stands_form.rs`).
    Stand(super::stands_form::StandForm),
}

/// The most a new task's text holds: a title, a line break and a description at their limits.
pub const NEW_TASK_LIMIT: usize = 200 + 2 + 20_000;

/// A new task's title and description from the form's text: the first line, and what follows it (blank lines
/// around it dropped). An error says what is missing.
pub fn split_new_task(text: &str) -> Result<(String, Option<String>), String> {
    let (title, rest) = text.split_once('\n').unwrap_or((text, ""));
    let title = title.trim();
    if title.is_empty() {
        return Err("the first line is the task's title: write one".to_owned());
    }
    if title.chars().count() > 200 {
        return Err(format!(
            "the title (the first line) is {} characters; at most 200 fit — move the rest to the lines below",
            title.chars().count()
        ));
    }
    let description = rest.trim_matches('\n').trim_end();
    Ok((
        title.to_owned(),
        (!description.trim().is_empty()).then(|| description.to_owned()),
    ))
}

/// A new project's slug and name from the form's one line: `shop` or `shop Online shop`.
pub fn split_new_project(text: &str) -> Result<(String, Option<String>), String> {
    let text = text.trim();
    let (slug, name) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if slug.is_empty() {
        return Err(
            "type the project's slug (lowercase letters, digits and -), then its name if you like".to_owned(),
        );
    }
    let name = name.trim();
    Ok((slug.to_owned(), (!name.is_empty()).then(|| name.to_owned())))
}

/// The new-session form's line: a task key (of a project the window knows: `acme-shop-3`) or a branch first, then
/// in any order the profile (`claude`; `shell` when none is given), `docker` or `local`, and `image=NAME` (a docker
/// image; it implies `docker`). `profile=NAME` and `branch=NAME` say it outright where a word is ambiguous.
pub fn split_new_session(
    text: &str,
    project: Option<String>,
    slugs: &[String],
) -> Result<proto::CreateRunnerSessionRequest, String> {
    let mut request = proto::CreateRunnerSessionRequest {
        project,
        ..Default::default()
    };
    let is_task = |word: &str| {
        word.rsplit_once('-').is_some_and(|(slug, number)| {
            !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
                && slugs.iter().any(|s| s == slug)
        })
    };
    let mut words = text.split_whitespace();
    match words.next() {
        None => {
            return Err(
                "type a task key (its session works on the branch relay/<key>) or a branch, then the profile and docker if you like: acme-shop-3 claude docker".to_owned(),
            );
        }
        Some(word) => match word.strip_prefix("branch=") {
            Some(branch) => request.branch = Some(branch.to_owned()),
            None if is_task(word) => request.task = Some(word.to_owned()),
            None => request.branch = Some(word.to_owned()),
        },
    }
    for word in words {
        if let Some(image) = word.strip_prefix("image=") {
            request.image = Some(image.to_owned());
            request.backend.get_or_insert_with(|| "docker".to_owned());
            continue;
        }
        if matches!(word, "docker" | "local") {
            if request.image.is_some() && word == "local" {
                return Err(format!(
                    "image= is for a docker session; \"{word}\" asks for a local one: keep one of them"
                ));
            }
            request.backend = Some(word.to_owned());
            continue;
        }
        let profile = word.strip_prefix("profile=").unwrap_or(word);
        if let Some(first) = &request.profile {
            return Err(format!(
                "one profile per session: \"{first}\" and \"{profile}\" were both given (the words after the task or branch are the profile, docker or local, image=NAME)"
            ));
        }
        request.profile = Some(profile.to_owned());
    }
    Ok(request)
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
        note: None,
        busy: false,
    }
}

pub(super) fn form_key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let Some(form) = model.form.as_mut() else {
        return;
    };
    let command = model.keymap.lookup(&[Scope::Form], &key);
    // Ctrl-C in a form closes the form (as Esc does), never the program.
    let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
    if command == Some(Command::Cancel) || ctrl_c {
        keep_draft(model);
        // Esc in a field editor goes back to the field picker; everything else closes the form.
        let back = !ctrl_c && model.form.as_mut().is_some_and(super::edit::back);
        if !back {
            model.form = None;
        }
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
    if matches!(form.kind, FormKind::Stand(_)) {
        match submit {
            true => super::stands_form::submit(model, effects),
            false => typed(form, &key, &mut model.dirty),
        }
        return;
    }
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
                typed(form, &key, &mut model.dirty);
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
                typed(form, &key, &mut model.dirty);
            }
        }
        FormKind::NewTask { project } => {
            if submit {
                match split_new_task(&form.editor.text()) {
                    Ok((title, description)) => {
                        form.busy = true;
                        form.error = None;
                        effects.push(Effect::Write(Write::CreateTask {
                            project: project.clone(),
                            title,
                            description,
                        }));
                    }
                    Err(why) => form.error = Some(why),
                }
            } else {
                typed(form, &key, &mut model.dirty);
            }
        }
        FormKind::AttachShot { key: task, step } => {
            if submit || key.code == KeyCode::Enter {
                let path = form.editor.text().trim().trim_matches(['\'', '"']).to_owned();
                if path.is_empty() {
                    form.error =
                        Some("type or paste the image file's path (PNG, JPEG, WebP or GIF)".to_owned());
                    return;
                }
                form.busy = true;
                form.error = None;
                effects.push(Effect::Write(Write::AttachShot {
                    key: task.clone(),
                    step: *step,
                    path,
                }));
            } else {
                typed(form, &key, &mut model.dirty);
            }
        }
        FormKind::NewSession { project } => {
            if submit || key.code == KeyCode::Enter {
                match split_new_session(&form.editor.text(), project.clone(), &model.slugs) {
                    Ok(request) => {
                        form.busy = true;
                        form.error = None;
                        effects.push(Effect::Write(Write::CreateSession(request)));
                    }
                    Err(why) => form.error = Some(why),
                }
            } else {
                typed(form, &key, &mut model.dirty);
            }
        }
        FormKind::NewProject => {
            if submit || key.code == KeyCode::Enter {
                match split_new_project(&form.editor.text()) {
                    Ok((slug, name)) => {
                        form.busy = true;
                        form.error = None;
                        effects.push(Effect::Write(Write::CreateProject { slug, name }));
                    }
                    Err(why) => form.error = Some(why),
                }
            } else {
                typed(form, &key, &mut model.dirty);
            }
        }
        // Handled above.
        FormKind::Edit(_) | FormKind::Stand(_) => {}
    }
}

/// A key typed into a form's editor; one the limit keeps out says so under the text.
pub(super) fn typed(form: &mut Form, key: &KeyEvent, dirty: &mut bool) {
    match form.editor.key_checked(key) {
        Ok(changed) => {
            *dirty = changed;
            if changed {
                form.note = None;
            }
        }
        Err(full) => {
            form.error = Some(full);
            *dirty = true;
        }
    }
}

/// Text pasted into the open form (bracketed paste): all of it, or nothing with the reason (over the field's
/// limit, or a line break in a one-line field).
pub(super) fn paste(model: &mut Model, text: &str) {
    let Some(form) = model.form.as_mut() else {
        model.dirty = false;
        return;
    };
    let one_line = match &form.kind {
        FormKind::Comment { .. }
        | FormKind::Decide { .. }
        | FormKind::NewTask { .. }
        | FormKind::Stand(_) => false,
        FormKind::NewProject | FormKind::NewSession { .. } | FormKind::AttachShot { .. } => true,
        FormKind::Edit(edit) => !super::edit::takes_lines(edit),
        FormKind::Stage { .. } => {
            model.dirty = false;
            return;
        }
    };
    if form.busy {
        model.dirty = false;
        return;
    }
    match form.editor.paste_text(text, one_line) {
        Ok(()) => {
            form.error = None;
            form.note = None;
        }
        Err(why) => form.error = Some(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slugs() -> Vec<String> {
        vec!["acme-shop".to_owned(), "api".to_owned()]
    }

    #[test]
    fn a_new_session_line_reads_as_relay_session_new_does() {
        let task = split_new_session("acme-shop-3 claude docker", None, &slugs()).unwrap();
        assert_eq!(task.task.as_deref(), Some("acme-shop-3"));
        assert_eq!(task.branch, None);
        assert_eq!(task.profile.as_deref(), Some("claude"));
        assert_eq!(task.backend.as_deref(), Some("docker"));

        // A word shaped like a key of no known project is a branch; image= means docker.
        let branch =
            split_new_session("fix-12 image=relay-test/busybox:1", Some("api".into()), &slugs()).unwrap();
        assert_eq!(branch.branch.as_deref(), Some("fix-12"));
        assert_eq!(branch.task, None);
        assert_eq!(branch.project.as_deref(), Some("api"));
        assert_eq!(branch.backend.as_deref(), Some("docker"));
        assert_eq!(branch.image.as_deref(), Some("relay-test/busybox:1"));
        assert_eq!(branch.profile, None, "shell is relayd's default");

        let explicit = split_new_session("branch=api-7 profile=docker", None, &slugs()).unwrap();
        assert_eq!(explicit.branch.as_deref(), Some("api-7"));
        assert_eq!(explicit.profile.as_deref(), Some("docker"));
        assert_eq!(explicit.backend, None);
    }

    #[test]
    fn a_new_session_line_that_cannot_be_read_says_what_to_type() {
        let empty = split_new_session("   ", None, &slugs()).unwrap_err();
        assert!(
            empty.contains("task key") && empty.contains("acme-shop-3 claude docker"),
            "{empty}"
        );
        let two = split_new_session("feature/x claude shell", None, &slugs()).unwrap_err();
        assert!(two.contains("\"claude\" and \"shell\""), "{two}");
        let both = split_new_session("feature/x image=busybox local", None, &slugs()).unwrap_err();
        assert!(both.contains("image= is for a docker session"), "{both}");
    }
}
