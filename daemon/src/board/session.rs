//! Sessions and bindings: a task is bound to at most one session; every binding stays in its history; a
//! plain name given for a task bound to a desktop session becomes that session's alias. An agent does not take a
//! task bound to another session at work unless it says so (`replace`): the owner's comments follow the binding.

use relay_core::event::payload;
use serde::Serialize;

use super::error::check_len;
use super::{Board, BoardError, Caller, Outcome, limits};
use crate::hooks::claude::session::HookStatus;
use crate::store::WriteTx;
use crate::store::board::{self as db, BoundSession, SessionRow};

/// How long a session counts as at work after relay last heard from it (unless its hooks saw it end).
pub const LIVE_WITHIN_MS: i64 = 24 * 60 * 60 * 1000;

/// Whether `bound` is still at work at `now`: its hooks did not see it end and relay heard from it within
/// [`LIVE_WITHIN_MS`].
fn at_work(bound: &BoundSession, now: i64) -> bool {
    bound.hook_status.as_deref() != Some(HookStatus::Ended.as_str())
        && now - bound.last_seen_ms < LIVE_WITHIN_MS
}

/// `12 min ago`, `3 h ago`: when relay last heard from a session.
fn ago(ms: i64, now: i64) -> String {
    let minutes = (now - ms).max(0) / 60_000;
    match minutes {
        0 => "just now".to_owned(),
        1..=59 => format!("{minutes} min ago"),
        _ => format!("{} h ago", minutes / 60),
    }
}

/// The refusal of an agent taking a task from a session at work.
fn taken_from(key: &str, bound: &BoundSession, what: &str, now: i64) -> BoardError {
    BoardError::Refused(format!(
        "{key} is bound to {}, a session at work (last heard from {}). {what} Pass replace=true only when the \
         owner asked you to take the task over. Nothing changed.",
        bound.name,
        ago(bound.last_seen_ms, now)
    ))
}

/// The binding a bind or unbind left.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Binding {
    pub key: String,
    /// The session now bound, if any.
    pub session: Option<String>,
    /// The session bound before, when it changed.
    pub previous: Option<String>,
    #[serde(skip)]
    pub notes: Vec<String>,
    #[serde(skip)]
    pub changed: bool,
}

/// Desktop sessions of the Claude app are named `local_<uuid>`.
pub(crate) fn kind_of(name: &str) -> &'static str {
    if name.starts_with("local_") && name.len() > "local_".len() {
        "desktop"
    } else {
        "named"
    }
}

fn check_name(name: &str) -> Result<&str, BoardError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(BoardError::Empty {
            what: "session",
            hint: "pass your session name or desktop id (local_…)",
        });
    }
    check_len("session", name, limits::SESSION_NAME)?;
    if name.chars().any(char::is_control) {
        return Err(BoardError::Invalid(format!(
            "session {name:?} contains control characters. Nothing changed."
        )));
    }
    Ok(name)
}

impl Board<'_> {
    /// Finds the session a name resolves to (directly or through an alias), creating a session of that name
    /// when none exists, and marks it seen.
    pub(crate) async fn session_for(
        &self,
        write: &mut WriteTx<'_>,
        name: &str,
        title: Option<&str>,
    ) -> Result<SessionRow, BoardError> {
        let name = check_name(name)?;
        let now = self.handle.now_ms();
        if let Some(found) = db::session_by_name(&mut *write, name).await? {
            db::touch_session(&mut *write, found.id, title, now).await?;
            return Ok(found);
        }
        let kind = kind_of(name);
        let id = db::insert_session(&mut *write, name, kind, title, now).await?;
        Ok(SessionRow {
            id,
            name: name.to_owned(),
            kind: kind.to_owned(),
            title: title.map(str::to_owned),
            created_at_ms: now,
            seen_at_ms: now,
        })
    }

    /// The calling session's id for rows that record an author (reports, decisions).
    pub(crate) async fn actor_session(
        &self,
        write: &mut WriteTx<'_>,
        caller: &Caller,
    ) -> Result<Option<i64>, BoardError> {
        match caller.session.as_deref().filter(|s| !s.trim().is_empty()) {
            Some(name) => Ok(Some(
                self.session_for(write, name, caller.session_title.as_deref())
                    .await?
                    .id,
            )),
            None => Ok(None),
        }
    }

    /// Binds `session` to the task. An agent rebinding a task bound to another session at work is refused unless
    /// `replace` is set; the owner's bind is deliberate and always goes through.
    pub async fn bind_session(
        &self,
        key: &str,
        session: &str,
        replace: bool,
        caller: &Caller,
    ) -> Result<Outcome<Binding>, BoardError> {
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = format!("{}-{}", row.project_slug, row.number);
        let binding = self
            .bind_in(
                &mut write,
                row.id,
                &key,
                &row.project_slug,
                session,
                replace,
                caller,
            )
            .await?;
        write.commit().await?;
        let mut outcome = Outcome::new(binding.clone());
        outcome.notes = binding.notes;
        outcome.changed = binding.changed;
        Ok(outcome)
    }

    /// Binds inside an open write (also used by task_create).
    #[expect(
        clippy::too_many_arguments,
        reason = "the task's three names, the session and the caller's intent"
    )]
    pub(crate) async fn bind_in(
        &self,
        write: &mut WriteTx<'_>,
        task_id: i64,
        key: &str,
        project: &str,
        session: &str,
        replace: bool,
        caller: &Caller,
    ) -> Result<Binding, BoardError> {
        let now = self.handle.now_ms();
        let name = check_name(session)?;
        let current = db::bound_session(&mut *write, task_id).await?;
        let existing = db::session_by_name(&mut *write, name).await?;
        let current_name = current.as_ref().map(|bound| bound.name.clone());

        // A plain name for a task bound to a desktop session: an alias, not a rebind.
        if let Some(bound) = &current
            && bound.kind == "desktop"
            && kind_of(name) == "named"
            && existing.as_ref().is_none_or(|s| s.id != bound.id)
        {
            let desktop_id = &bound.id;
            let desktop = current_name.clone();
            if existing.is_some() {
                return Ok(Binding {
                    key: key.to_owned(),
                    session: desktop.clone(),
                    previous: None,
                    notes: vec![format!(
                        "Warning: {key} is bound to the desktop session {}; a session named {name:?} already exists, so no alias was made and nothing changed. Pass your local_ id to rebind.",
                        desktop.unwrap_or_default()
                    )],
                    changed: false,
                });
            }
            db::insert_alias(&mut *write, name, *desktop_id, now).await?;
            let payload = payload::SessionAliasAdded {
                project: Some(project.to_owned()),
                alias: name.to_owned(),
                session: desktop.clone(),
                actor: caller.label(),
            };
            write.emit(key, &payload).await?;
            return Ok(Binding {
                key: key.to_owned(),
                session: desktop.clone(),
                previous: None,
                notes: vec![format!(
                    "Note: {key} stays bound to the desktop session {}; {name:?} is now its alias.",
                    desktop.unwrap_or_default()
                )],
                changed: true,
            });
        }

        let target = self
            .session_for(write, name, caller.session_title.as_deref())
            .await?;
        if current.as_ref().is_some_and(|bound| bound.id == target.id) {
            return Ok(Binding {
                key: key.to_owned(),
                session: Some(target.name.clone()),
                previous: None,
                notes: vec![format!(
                    "{key} is already bound to {}; nothing changed.",
                    target.name
                )],
                changed: false,
            });
        }
        let mut notes = Vec::new();
        if let Some(bound) = &current {
            if caller.is_agent() && !replace && at_work(bound, now) {
                let what = format!(
                    "Binding {} would take it over: the owner's comments on {key} would go to {}, not {}.",
                    target.name, target.name, bound.name
                );
                return Err(taken_from(key, bound, &what, now));
            }
            notes.push(format!(
                "The owner's comments on {key} now go to {}.",
                target.name
            ));
        }
        db::bind(&mut *write, task_id, target.id, Some(&caller.label()), now).await?;
        let payload = payload::TaskSessionBound {
            project: project.to_owned(),
            key: key.to_owned(),
            session: target.name.clone(),
            previous: current_name.clone(),
            actor: caller.label(),
        };
        write.emit(key, &payload).await?;
        Ok(Binding {
            key: key.to_owned(),
            session: Some(target.name),
            previous: current_name,
            notes,
            changed: true,
        })
    }

    /// Unbinds the task's session. An agent unbinding a session at work other than its own is refused unless
    /// `replace` is set.
    pub async fn unbind_session(
        &self,
        key: &str,
        replace: bool,
        caller: &Caller,
    ) -> Result<Outcome<Binding>, BoardError> {
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = format!("{}-{}", row.project_slug, row.number);
        let previous = row.session.clone();
        if caller.is_agent()
            && !replace
            && let Some(bound) = db::bound_session(&mut write, row.id).await?
            && at_work(&bound, now)
        {
            let own = match caller.session.as_deref() {
                Some(name) => db::session_by_name(&mut write, name)
                    .await?
                    .is_some_and(|s| s.id == bound.id),
                None => false,
            };
            if !own {
                let what = format!(
                    "Unbinding it stops the owner's comments on {key} from reaching {}{}.",
                    bound.name,
                    if caller.session.is_none() {
                        " (if it is your session, pass session)"
                    } else {
                        ""
                    }
                );
                return Err(taken_from(&key, &bound, &what, now));
            }
        }
        let unbound = db::unbind(&mut write, row.id, now).await?;
        if unbound {
            let payload = payload::TaskSessionUnbound {
                project: row.project_slug.clone(),
                key: key.clone(),
                session: previous.clone(),
                reason: None,
                actor: caller.label(),
            };
            write.emit(&key, &payload).await?;
        }
        write.commit().await?;
        let mut outcome = Outcome::new(Binding {
            key: key.clone(),
            session: None,
            previous,
            notes: Vec::new(),
            changed: unbound,
        });
        outcome.changed = unbound;
        if !unbound {
            outcome
                .notes
                .push(format!("{key} has no bound session; nothing changed."));
        }
        Ok(outcome)
    }
}
