//! Screenshots of a task, optionally of one review step (relaybay spec §1 "Screenshots (attachments)"):
//! attach from a path or from bytes, caption, remove, list, read. The file checks and the attachments folder
//! are `crate::attach`; this is where rows, the per-task limit, dedupe, events and removal after commit meet.
//!
//! Attaching copies the file (checked, hashed, staged in a temp file) before the write transaction starts, so
//! the writer slot is never held during a copy. Inside the transaction: the same image (SHA-256) already on
//! the task is reused and nothing is written; otherwise the task's total is checked, the staged file is
//! renamed into place, and the row and its event are written. A failed commit deletes the file; a crash
//! between rename and commit leaves a file the start-up sweep deletes.

use std::collections::HashSet;
use std::path::PathBuf;

use relay_core::event::payload;
use serde::Serialize;

use super::error::check_len;
use super::{Board, BoardError, Caller, Outcome};
use crate::attach::files::{self, Swept};
use crate::attach::{self, AttachError, Folders, MediaType, Policy, Staged, human_size};
use crate::store::StoreError;
use crate::store::attachment::{self as db, AttachmentRow, NewAttachment};
use crate::store::board::TaskRow;
use crate::store::review as review_db;

/// One megabyte of the attachment limits (`attachments_max_mb`, `attachments_task_max_mb`).
pub const MB: u64 = 1024 * 1024;
/// Longest caption, in characters (markdown).
pub const CAPTION_MAX: usize = 2_000;
/// Longest original (display) name kept, in characters.
const NAME_MAX: usize = 255;

/// Where a screenshot's bytes come from.
#[derive(Clone, Debug)]
pub enum AttachSource {
    /// An absolute path on this machine, checked by [`Policy`].
    Path(String),
    /// `content_base64` as an agent sent it.
    Base64(String),
    /// Raw bytes (an image pasted on the board).
    Bytes(Vec<u8>),
}

/// What `attach_file` takes.
#[derive(Clone, Debug)]
pub struct AttachInput {
    pub key: String,
    pub source: AttachSource,
    /// The review step's number (1-based) when the screenshot shows one step.
    pub step: Option<i64>,
    /// Markdown; `-` or empty means none.
    pub caption: Option<String>,
    /// The name people see; by default the file name of a path.
    pub filename: Option<String>,
}

/// A screenshot as answers and lists show it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AttachmentView {
    pub id: i64,
    pub key: String,
    pub project: String,
    /// The review step's number, when it is on one.
    pub step: Option<i64>,
    pub step_title: Option<String>,
    pub media_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub original_name: Option<String>,
    pub caption: Option<String>,
    pub created_by: String,
    pub created_at_ms: i64,
}

impl From<AttachmentRow> for AttachmentView {
    fn from(row: AttachmentRow) -> AttachmentView {
        AttachmentView {
            id: row.id,
            key: format!("{}-{}", row.project_slug, row.task_number),
            project: row.project_slug,
            step: row.step_position,
            step_title: row.step_title,
            media_type: row.media_type,
            size_bytes: row.size_bytes,
            sha256: row.sha256,
            original_name: row.original_name,
            caption: row.caption,
            created_by: row.created_by,
            created_at_ms: row.created_at_ms,
        }
    }
}

impl AttachmentView {
    /// Where it is: `step 2 'Login with 2FA' of acme-3`, or `acme-3 (no review step)`.
    pub fn place(&self) -> String {
        match (self.step, &self.step_title) {
            (Some(n), Some(title)) => format!("step {n} '{title}' of {}", self.key),
            _ => format!("{} (no review step)", self.key),
        }
    }

    /// `PNG, 245 KB, login.png`.
    pub fn facts(&self) -> String {
        let mut facts = format!(
            "{}, {}",
            MediaType::label_of(&self.media_type),
            human_size(u64::try_from(self.size_bytes).unwrap_or(0))
        );
        if let Some(name) = &self.original_name {
            facts.push_str(&format!(", {name}"));
        }
        facts
    }
}

/// The limits in force, in bytes: per screenshot and per task.
pub fn attachment_limits(config: &relay_core::config::Config) -> (u64, u64) {
    (
        config.attachments_max_mb.saturating_mul(MB),
        config.attachments_task_max_mb.saturating_mul(MB),
    )
}

impl Board<'_> {
    /// Attaches a screenshot to a task or one of its review steps (see the module documentation).
    pub async fn attach(
        &self,
        input: AttachInput,
        caller: &Caller,
    ) -> Result<Outcome<AttachmentView>, BoardError> {
        let caption = caption_text(input.caption.as_deref())?;
        let original_name = display_name(match (&input.filename, &input.source) {
            (Some(name), _) => Some(name.as_str()),
            (None, AttachSource::Path(path)) => Some(path.as_str()),
            (None, _) => None,
        });
        if let Some(n) = input.step
            && n < 1
        {
            return Err(BoardError::Invalid(format!(
                "step {n} is not a review step number; steps are numbered from 1 (review_get lists them), or \
                 leave out step to attach the screenshot to the task"
            )));
        }
        let config = self.handle.config();
        let (max_bytes, task_max) = attachment_limits(config);
        let store = self.handle.store();

        // Refuse an unknown task or step before copying anything.
        let (task, repo) = {
            let mut conn = store.read().await?;
            let task = self.task_row(&mut conn, &input.key).await?;
            if let Some(n) = input.step {
                self.step_at(&mut conn, &task, n).await?;
            }
            let project = self.project_row(&mut conn, &task.project_slug).await?;
            (task, project.repo_path.map(PathBuf::from))
        };
        let key = task.key();
        let data_dir = config.data_dir.path().to_path_buf();
        let dir = files::task_dir(&data_dir, &task.project_slug, &key);
        let roots = config.attachment_roots.clone();
        let source = input.source;
        let staged = tokio::task::spawn_blocking(move || -> Result<Staged, AttachError> {
            match source {
                AttachSource::Path(given) => {
                    let temp = std::env::temp_dir();
                    let folders = Folders {
                        repo: repo.as_deref(),
                        temp: &temp,
                        roots: &roots,
                        data_dir: &data_dir,
                    };
                    attach::stage_path(&Policy::new(folders, max_bytes), &dir, &given)
                }
                AttachSource::Base64(text) => {
                    let bytes = attach::decode_base64(&text, max_bytes)?;
                    files::stage(&dir, bytes.as_slice(), max_bytes, "content_base64")
                }
                AttachSource::Bytes(bytes) => {
                    files::stage(&dir, bytes.as_slice(), max_bytes, "the pasted content")
                }
            }
        })
        .await
        .map_err(|err| io_failure(&data_dir_of(self), std::io::Error::other(err.to_string())))?
        .map_err(from_attach)?;

        let mut write = store.begin_write().await?;
        let task = self.task_row(&mut write, &input.key).await?;
        let step = match input.step {
            Some(n) => Some(self.step_at(&mut write, &task, n).await?),
            None => None,
        };
        if let Some(existing) = db::attachment_by_hash(&mut write, task.id, &staged.sha256).await? {
            drop(write);
            drop(staged);
            return Ok(reused(existing.into(), input.step, caption.as_deref()));
        }
        let held = u64::try_from(db::task_attachment_bytes(&mut write, task.id).await?).unwrap_or(0);
        if held.saturating_add(staged.size) > task_max {
            // A well-formed request the task's state refuses.
            let full = AttachError::TaskFull {
                key,
                held: human_size(held),
                adding: human_size(staged.size),
                limit: human_size(task_max),
            };
            return Err(BoardError::Refused(full.to_string()));
        }
        self.actor_session(&mut write, caller).await?;
        let media = staged.media;
        let size = i64::try_from(staged.size).unwrap_or(i64::MAX);
        let sha256 = staged.sha256.clone();
        let stored_name = staged.persist().map_err(from_attach)?;
        let stored = files::task_dir(config.data_dir.path(), &task.project_slug, &key).join(&stored_name);
        let label = caller.label();
        let written = async {
            let id = db::insert_attachment(
                &mut write,
                &NewAttachment {
                    task_id: task.id,
                    step_id: step,
                    stored_name: &stored_name,
                    original_name: original_name.as_deref(),
                    media_type: media.mime(),
                    size_bytes: size,
                    sha256: &sha256,
                    caption: caption.as_deref(),
                    created_by: &label,
                    created_at_ms: self.handle.now_ms(),
                },
            )
            .await?;
            let row = db::attachment_by_id(&mut write, id)
                .await?
                .ok_or(BoardError::UnknownAttachment { id })?;
            let payload = payload::AttachmentAdded {
                project: task.project_slug.clone(),
                key: key.clone(),
                attachment: id,
                step,
                position: input.step,
                media_type: media.mime().to_owned(),
                size,
                name: original_name.clone(),
                actor: label.clone(),
            };
            write.emit(&key, &payload).await?;
            write.commit().await?;
            Ok::<AttachmentView, BoardError>(row.into())
        }
        .await;
        match written {
            Ok(view) => Ok(Outcome::new(view)),
            Err(err) => {
                files::remove_stored(&stored);
                Err(err)
            }
        }
    }

    /// Sets or clears (`-`, empty) a screenshot's caption. The same caption again changes nothing.
    pub async fn set_attachment_caption(
        &self,
        id: i64,
        caption: &str,
        caller: &Caller,
    ) -> Result<Outcome<AttachmentView>, BoardError> {
        let caption = caption_text(Some(caption))?;
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.attachment_row(&mut write, id).await?;
        if row.caption == caption {
            let mut outcome = Outcome::new(AttachmentView::from(row));
            outcome.changed = false;
            outcome
                .notes
                .push(format!("#{id} already has that caption; nothing changed."));
            return Ok(outcome);
        }
        self.actor_session(&mut write, caller).await?;
        db::set_caption(&mut write, id, caption.as_deref()).await?;
        let mut view = AttachmentView::from(row);
        view.caption = caption;
        let payload = payload::AttachmentUpdated {
            project: view.project.clone(),
            key: view.key.clone(),
            attachment: id,
            actor: caller.label(),
        };
        write.emit(&view.key, &payload).await?;
        write.commit().await?;
        Ok(Outcome::new(view))
    }

    /// Removes a screenshot: the row goes in the transaction, the file after the commit.
    pub async fn remove_attachment(
        &self,
        id: i64,
        caller: &Caller,
    ) -> Result<Outcome<AttachmentView>, BoardError> {
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.attachment_row(&mut write, id).await?;
        self.actor_session(&mut write, caller).await?;
        db::delete_attachment(&mut write, id).await?;
        let path = self.stored_path(&row);
        let view = AttachmentView::from(row);
        let payload = payload::AttachmentRemoved {
            project: view.project.clone(),
            key: view.key.clone(),
            attachment: id,
            actor: caller.label(),
        };
        write.emit(&view.key, &payload).await?;
        write.commit().await?;
        tokio::task::spawn_blocking(move || files::remove_stored(&path))
            .await
            .ok();
        Ok(Outcome::new(view))
    }

    /// A task's screenshots: those of review steps in step order, then the others, oldest first.
    pub async fn attachments(&self, key: &str) -> Result<Vec<AttachmentView>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let task = self.task_row(&mut conn, key).await?;
        let rows = db::attachments_of_task(&mut conn, task.id).await?;
        Ok(rows.into_iter().map(AttachmentView::from).collect())
    }

    /// One screenshot and where its file is.
    pub async fn attachment_file(&self, id: i64) -> Result<(AttachmentView, PathBuf), BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = self.attachment_row(&mut conn, id).await?;
        let path = self.stored_path(&row);
        Ok((row.into(), path))
    }

    /// Deletes files and folders under `attachments/` that no row names (run at start, before anything
    /// listens, so no attach is in flight).
    pub async fn sweep_attachments(&self) -> Result<Swept, BoardError> {
        let store = self.handle.store();
        let names = {
            let mut conn = store.read().await?;
            db::stored_files(&mut conn).await?
        };
        let known: HashSet<PathBuf> = names
            .into_iter()
            .map(|(slug, number, name)| PathBuf::from(&slug).join(format!("{slug}-{number}")).join(name))
            .collect();
        let root = files::root(self.handle.config().data_dir.path());
        tokio::task::spawn_blocking(move || files::sweep(&root, &known))
            .await
            .map_err(|err| io_failure(&data_dir_of(self), std::io::Error::other(err.to_string())))
    }

    /// The sweep at start, logged; a failure is logged and never stops the start.
    pub async fn sweep_attachments_at_start(&self) {
        match self.sweep_attachments().await {
            Ok(swept) if swept == Swept::default() => {}
            Ok(swept) => tracing::info!(
                files = swept.files,
                folders = swept.folders,
                failed = swept.failed,
                "deleted attachment files and folders no row names"
            ),
            Err(err) => {
                tracing::warn!(error = %err, "could not sweep the attachments folder; it is tried again at the next start")
            }
        }
    }

    async fn attachment_row(
        &self,
        conn: &mut impl crate::store::Db,
        id: i64,
    ) -> Result<AttachmentRow, BoardError> {
        db::attachment_by_id(conn, id)
            .await?
            .ok_or(BoardError::UnknownAttachment { id })
    }

    /// The id of the task's review step by number, or a refusal naming the steps there are.
    async fn step_at(
        &self,
        conn: &mut impl crate::store::Db,
        task: &TaskRow,
        number: i64,
    ) -> Result<i64, BoardError> {
        if let Some(step) = review_db::step_at(&mut *conn, task.id, number).await? {
            return Ok(step.id);
        }
        let count = review_db::step_count(conn, task.id).await?;
        let key = task.key();
        Err(BoardError::Invalid(if count == 0 {
            format!(
                "{key} has no review checklist yet, so there is no step {number}; write the Owner check with \
                 review_steps_set first, or leave out step to attach the screenshot to the task"
            )
        } else {
            format!(
                "{key} has no review step {number}; its steps are 1 to {count} (review_get lists them). Pass one \
                 of those, or leave out step to attach the screenshot to the task"
            )
        }))
    }

    fn stored_path(&self, row: &AttachmentRow) -> PathBuf {
        let key = format!("{}-{}", row.project_slug, row.task_number);
        files::task_dir(self.handle.config().data_dir.path(), &row.project_slug, &key).join(&row.stored_name)
    }
}

/// The answer when the same image is already on the task: nothing changes, and it says where the image is.
fn reused(view: AttachmentView, step: Option<i64>, caption: Option<&str>) -> Outcome<AttachmentView> {
    let short: String = view.sha256.chars().take(12).collect();
    let mut notes = vec![format!(
        "Already attached as #{} on {} (the same image, SHA-256 {short}…); nothing changed.",
        view.id,
        view.place()
    )];
    if step.is_some() && step != view.step {
        notes.push("An image is stored once per task and stays where it was first attached.".to_owned());
    }
    if caption.is_some() && caption != view.caption.as_deref() {
        notes.push(format!(
            "Its caption was kept; change it with attachment_caption(attachment={}).",
            view.id
        ));
    }
    Outcome {
        value: view,
        warnings: Vec::new(),
        notes,
        changed: false,
    }
}

/// A caption as stored: trimmed, `-` or empty for none, no control characters but line breaks and tabs, at
/// most [`CAPTION_MAX`] characters.
fn caption_text(caption: Option<&str>) -> Result<Option<String>, BoardError> {
    let Some(text) = caption.map(|c| c.trim().replace("\r\n", "\n")) else {
        return Ok(None);
    };
    if relay_core::board::clears(&text) {
        return Ok(None);
    }
    if let Some((index, character)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_control() && !matches!(c, '\n' | '\t'))
    {
        return Err(BoardError::Invalid(format!(
            "caption contains the control character U+{:04X} at character {}; remove it (only line breaks and \
             tabs are allowed)",
            u32::from(character),
            index + 1
        )));
    }
    check_len("caption", &text, CAPTION_MAX)?;
    Ok(Some(text))
}

/// The name people see: the last part of a path or given name, without control characters, at most
/// [`NAME_MAX`] characters; none when nothing is left.
fn display_name(given: Option<&str>) -> Option<String> {
    let last = given?.rsplit(['/', '\\']).next()?;
    let clean: String = last.chars().filter(|c| !c.is_control()).take(NAME_MAX).collect();
    let clean = clean.trim();
    (!clean.is_empty()).then(|| clean.to_owned())
}

/// A refused screenshot is the caller's; relay failing to write its own folder is a store failure.
fn from_attach(err: AttachError) -> BoardError {
    match err {
        AttachError::Storage { path, source } => io_failure(&path, source),
        other => BoardError::Attach(other),
    }
}

fn io_failure(path: &std::path::Path, source: std::io::Error) -> BoardError {
    BoardError::Store(StoreError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn data_dir_of(board: &Board<'_>) -> PathBuf {
    files::root(board.handle.config().data_dir.path())
}

#[cfg(test)]
mod tests;
