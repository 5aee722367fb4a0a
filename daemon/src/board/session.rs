//! Sessions and bindings: a task is bound to at most one session; every binding stays in its history; a
//! plain name given for a task bound to a desktop session becomes that session's alias.

use relay_core::event::payload;
use serde::Serialize;

use super::error::check_len;
use super::{Board, BoardError, Caller, Outcome, limits};
use crate::store::WriteTx;
use crate::store::board::{self as db, SessionRow};

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

    pub async fn bind_session(
        &self,
        key: &str,
        session: &str,
        caller: &Caller,
    ) -> Result<Outcome<Binding>, BoardError> {
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = format!("{}-{}", row.project_slug, row.number);
        let binding = self
            .bind_in(&mut write, row.id, &key, &row.project_slug, session, caller)
            .await?;
        write.commit().await?;
        let mut outcome = Outcome::new(binding.clone());
        outcome.notes = binding.notes;
        outcome.changed = binding.changed;
        Ok(outcome)
    }

    /// Binds inside an open write (also used by task_create).
    pub(crate) async fn bind_in(
        &self,
        write: &mut WriteTx<'_>,
        task_id: i64,
        key: &str,
        project: &str,
        session: &str,
        caller: &Caller,
    ) -> Result<Binding, BoardError> {
        let now = self.handle.now_ms();
        let name = check_name(session)?;
        let current = db::current_binding(&mut *write, task_id).await?;
        let existing = db::session_by_name(&mut *write, name).await?;
        let current_name = match &current {
            Some((id, _)) => db::session_name(&mut *write, *id).await?,
            None => None,
        };

        // A plain name for a task bound to a desktop session: an alias, not a rebind.
        if let Some((desktop_id, kind)) = &current
            && kind == "desktop"
            && kind_of(name) == "named"
            && existing.as_ref().is_none_or(|s| s.id != *desktop_id)
        {
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
        if current.as_ref().is_some_and(|(id, _)| *id == target.id) {
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
            notes: Vec::new(),
            changed: true,
        })
    }

    pub async fn unbind_session(&self, key: &str, caller: &Caller) -> Result<Outcome<Binding>, BoardError> {
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = format!("{}-{}", row.project_slug, row.number);
        let previous = row.session.clone();
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
