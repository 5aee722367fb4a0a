//! A task's comment thread (relaybay spec §1 "Comment"): owner comments, written over the local socket for the
//! agent of the bound session, and agents' replies (comment_add, the author is the calling session). Markdown,
//! 1–4000 characters.
//!
//! Life cycle: an owner comment is *sent* when written, *delivered* when a hook of the bound session handed it
//! to the agent ([`super::hook_context`]), *read* when the agent acknowledges it
//! (comment_ack) or replies to it. An agent reply is unread until the owner marks the task's replies read or
//! writes a comment on the task. Events: `comment.added` (with a 200-character excerpt), `comment.delivered`,
//! `comment.read`.

use std::collections::BTreeMap;

use relay_core::event::payload;
use serde::Serialize;

use super::error::{check_len, check_text};
use super::{Board, BoardError, Caller, Outcome};
use crate::store::WriteTx;
use crate::store::board::{self as db, TaskRow};
use crate::store::comment::{self as store, CommentRow, NewComment};

/// The longest comment, in characters.
pub const COMMENT_BODY: usize = 4_000;
/// The characters of a comment `comment.added` carries.
const EXCERPT: usize = 200;
/// The author name of every owner comment, and the caller of the owner's writes.
pub const OWNER: &str = "owner";

/// Who wrote a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuthorKind {
    Owner,
    Agent,
}

impl AuthorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthorKind::Owner => "owner",
            AuthorKind::Agent => "agent",
        }
    }
}

/// A comment that was written, and the comments the same write marked read.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CommentAdded {
    pub comment: CommentRow,
    /// Agent replies an owner comment marked read, or the owner comment a reply answered.
    pub marked_read: Vec<i64>,
}

/// What a read acknowledgement marked.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CommentsRead {
    /// The comments this call marked read (the ones already read are left as they were).
    pub marked: Vec<i64>,
}

/// A task's thread.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Thread {
    pub key: String,
    pub title: String,
    /// The bound session: where a new owner comment goes.
    pub session: Option<String>,
    pub comments: Vec<CommentRow>,
}

/// A comment's text, trimmed and checked: 1–4000 characters, no control characters but line breaks and tabs.
pub(crate) fn check_body(body: &str) -> Result<&str, BoardError> {
    let body = check_text(
        "comment",
        "write what you want to say (markdown, up to 4000 characters)",
        body,
    )?;
    check_len("comment", body, COMMENT_BODY)?;
    if body
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(BoardError::Invalid(
            "the comment contains control characters; send plain text or markdown. Nothing changed."
                .to_owned(),
        ));
    }
    Ok(body)
}

fn excerpt(body: &str) -> String {
    body.chars().take(EXCERPT).collect()
}

impl Board<'_> {
    /// The owner writes a comment on a task (over the local socket): it goes to the agent of the bound session,
    /// and marks the task's unread agent replies read.
    pub async fn add_owner_comment(
        &self,
        key: &str,
        body: &str,
        in_reply_to: Option<i64>,
        caller: &Caller,
    ) -> Result<Outcome<CommentAdded>, BoardError> {
        caller.require_owner(|| {
            format!(
                "only the owner writes owner comments; answer one on {} with comment_add(task, body, in_reply_to). \
                 Nothing changed.",
                key.trim()
            )
        })?;
        let body = check_body(body)?;
        let mut write = self.handle.store().begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let added = self
            .write_comment(&mut write, &row, AuthorKind::Owner, None, body, in_reply_to, None)
            .await?;
        write.commit().await?;
        Ok(Outcome::new(added))
    }

    /// An agent replies on a task's thread (comment_add): the author is the calling session. A reply to an
    /// owner comment marks it read.
    pub async fn add_agent_reply(
        &self,
        key: &str,
        body: &str,
        in_reply_to: Option<i64>,
        caller: &Caller,
    ) -> Result<Outcome<CommentAdded>, BoardError> {
        let Some(session) = caller.session.as_deref().filter(|s| !s.trim().is_empty()) else {
            return Err(BoardError::Invalid(
                "pass session (your desktop id local_… or your session name): a reply is signed by the session \
                 that writes it. Nothing changed."
                    .to_owned(),
            ));
        };
        let body = check_body(body)?;
        let mut write = self.handle.store().begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let author = self
            .session_for(&mut write, session, caller.session_title.as_deref())
            .await?;
        let added = self
            .write_comment(
                &mut write,
                &row,
                AuthorKind::Agent,
                Some((author.id, author.name.as_str())),
                body,
                in_reply_to,
                None,
            )
            .await?;
        write.commit().await?;
        Ok(Outcome::new(added))
    }

    /// Inserts a comment inside `write` with its `comment.added` event, and the reads it implies: an owner
    /// comment marks the task's unread agent replies read; a reply marks the owner comment it answers read.
    /// `author` is the replying session (id, name); `None` writes an owner comment.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn write_comment(
        &self,
        write: &mut WriteTx<'_>,
        row: &TaskRow,
        kind: AuthorKind,
        author: Option<(i64, &str)>,
        body: &str,
        in_reply_to: Option<i64>,
        step_id: Option<i64>,
    ) -> Result<CommentAdded, BoardError> {
        let now = self.handle.now_ms();
        let key = row.key();
        let replied = match in_reply_to {
            Some(id) => Some(self.reply_target(write, row, id).await?),
            None => None,
        };
        let author_name = author.map_or(OWNER, |(_, name)| name);
        let new = NewComment {
            task_id: row.id,
            author_kind: kind.as_str(),
            author_name,
            author_session_id: author.map(|(id, _)| id),
            body,
            in_reply_to,
            step_id,
        };
        let id = store::insert(&mut *write, &new, now).await?;
        let payload = payload::CommentAdded {
            project: row.project_slug.clone(),
            key: key.clone(),
            comment: id,
            author_kind: kind.as_str().to_owned(),
            author: author_name.to_owned(),
            step: step_id,
            in_reply_to,
            excerpt: excerpt(body),
            actor: author_name.to_owned(),
        };
        write.emit(&key, &payload).await?;
        let to_mark = match (kind, replied) {
            (AuthorKind::Owner, _) => {
                store::unread_ids(&mut *write, row.id, AuthorKind::Agent.as_str()).await?
            }
            (AuthorKind::Agent, Some(target)) if target.author_kind == AuthorKind::Owner.as_str() => {
                vec![target.id]
            }
            (AuthorKind::Agent, _) => Vec::new(),
        };
        let marked_read = self.mark_read_in(write, row, &to_mark, author_name).await?;
        let comment = store::by_id(&mut *write, id)
            .await?
            .ok_or_else(|| BoardError::Invalid(format!("comment #{id} vanished while it was written")))?;
        Ok(CommentAdded { comment, marked_read })
    }

    /// The comment `in_reply_to` names, which must be on the same task.
    async fn reply_target(
        &self,
        write: &mut WriteTx<'_>,
        row: &TaskRow,
        id: i64,
    ) -> Result<CommentRow, BoardError> {
        let key = row.key();
        let target = store::by_id(&mut *write, id).await?.ok_or_else(|| {
            BoardError::Invalid(format!(
                "in_reply_to: there is no comment #{id}; comments_list shows the comments you can answer. \
                     Nothing changed."
            ))
        })?;
        if target.task_id != row.id {
            return Err(BoardError::Invalid(format!(
                "in_reply_to: comment #{id} is on {}, not {key}; answer a comment of the same task, or leave \
                 in_reply_to out. Nothing changed.",
                target.key
            )));
        }
        Ok(target)
    }

    /// Marks `ids` (comments of `row`) read inside `write` and writes one `comment.read` for those that were
    /// unread.
    async fn mark_read_in(
        &self,
        write: &mut WriteTx<'_>,
        row: &TaskRow,
        ids: &[i64],
        by: &str,
    ) -> Result<Vec<i64>, BoardError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let now = self.handle.now_ms();
        let marked = store::mark_read(&mut *write, ids, now).await?;
        if !marked.is_empty() {
            let key = row.key();
            let data = payload::CommentRead {
                project: row.project_slug.clone(),
                key: key.clone(),
                comments: marked.clone(),
                by: by.to_owned(),
                actor: by.to_owned(),
            };
            write.emit(&key, &data).await?;
        }
        Ok(marked)
    }

    /// A task's whole thread, oldest first.
    pub async fn thread(&self, key: &str) -> Result<Thread, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = self.task_row(&mut conn, key).await?;
        let comments = store::of_task(&mut conn, row.id).await?;
        Ok(Thread {
            key: row.key(),
            title: row.title,
            session: row.session,
            comments,
        })
    }

    /// Owner comments for an agent: of one task, or (without a task) of the tasks bound to `session` now.
    pub async fn owner_comments(
        &self,
        task: Option<&str>,
        session: Option<&str>,
        unread_only: bool,
    ) -> Result<Vec<CommentRow>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        if let Some(key) = task {
            let row = self.task_row(&mut conn, key).await?;
            return Ok(store::owner_comments_of_task(&mut conn, row.id, unread_only).await?);
        }
        let Some(name) = session else {
            return Err(BoardError::Invalid(
                "name the task, or pass session to list the owner comments on the tasks bound to your session"
                    .to_owned(),
            ));
        };
        match db::session_by_name(&mut conn, name.trim()).await? {
            Some(found) => Ok(store::owner_comments_for_session(&mut conn, found.id, unread_only).await?),
            None => Ok(Vec::new()),
        }
    }

    /// An agent acknowledges owner comments (comment_ack): the ones named by id, else every unread one of
    /// `task`, else every unread one on the tasks bound to the calling session.
    pub async fn ack_comments(
        &self,
        ids: &[i64],
        task: Option<&str>,
        caller: &Caller,
    ) -> Result<Outcome<CommentsRead>, BoardError> {
        let store = self.handle.store();
        let by = caller.label();
        let mut write = store.begin_write().await?;
        let task_row = match task {
            Some(key) => Some(self.task_row(&mut write, key).await?),
            None => None,
        };
        let chosen: Vec<CommentRow> = if !ids.is_empty() {
            let found = store::by_ids(&mut write, ids).await?;
            for id in ids {
                let Some(comment) = found.iter().find(|c| c.id == *id) else {
                    return Err(BoardError::Invalid(format!(
                        "there is no comment #{id}; comments_list shows your owner comments with their ids. \
                         Nothing changed."
                    )));
                };
                if comment.author_kind != AuthorKind::Owner.as_str() {
                    return Err(BoardError::Invalid(format!(
                        "comment #{id} is a reply by {}, not an owner comment; comment_ack acknowledges owner \
                         comments. Nothing changed.",
                        comment.author_name
                    )));
                }
                if let Some(row) = &task_row
                    && comment.task_id != row.id
                {
                    return Err(BoardError::Invalid(format!(
                        "comment #{id} is on {}, not {}; leave task out or name the right one. Nothing changed.",
                        comment.key,
                        row.key()
                    )));
                }
            }
            found
        } else if let Some(row) = &task_row {
            store::owner_comments_of_task(&mut write, row.id, true).await?
        } else {
            let Some(name) = caller.session.as_deref() else {
                return Err(BoardError::Invalid(
                    "name the comments (comments=[…]) or the task, or pass session to acknowledge every owner \
                     comment on the tasks bound to your session. Nothing changed."
                        .to_owned(),
                ));
            };
            match db::session_by_name(&mut write, name.trim()).await? {
                Some(found) => store::owner_comments_for_session(&mut write, found.id, true).await?,
                None => Vec::new(),
            }
        };
        let mut per_task: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for comment in chosen.iter().filter(|c| c.read_at_ms.is_none()) {
            per_task.entry(comment.task_id).or_default().push(comment.id);
        }
        let mut marked = Vec::new();
        for (task_id, ids) in per_task {
            let row = db::task_by_id(&mut write, task_id)
                .await?
                .ok_or_else(|| BoardError::UnknownTask {
                    key: format!("#{task_id}"),
                })?;
            marked.extend(self.mark_read_in(&mut write, &row, &ids, &by).await?);
        }
        write.commit().await?;
        let changed = !marked.is_empty();
        let mut outcome = Outcome::new(CommentsRead { marked });
        outcome.changed = changed;
        if !changed {
            outcome
                .notes
                .push("No unread owner comments among those; nothing changed.".to_owned());
        }
        Ok(outcome)
    }

    /// The owner marks a task's agent replies read.
    pub async fn mark_replies_read(
        &self,
        key: &str,
        caller: &Caller,
    ) -> Result<Outcome<CommentsRead>, BoardError> {
        caller.require_owner(|| {
            format!(
                "only the owner marks your replies on {} read; there is nothing for you to do. Nothing changed.",
                key.trim()
            )
        })?;
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let unread = store::unread_ids(&mut write, row.id, AuthorKind::Agent.as_str()).await?;
        let marked = self.mark_read_in(&mut write, &row, &unread, OWNER).await?;
        write.commit().await?;
        let changed = !marked.is_empty();
        let mut outcome = Outcome::new(CommentsRead { marked });
        outcome.changed = changed;
        if !changed {
            outcome.notes.push(format!(
                "{} has no unread agent replies; nothing changed.",
                row.key()
            ));
        }
        Ok(outcome)
    }
}
