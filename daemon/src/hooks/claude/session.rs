//! Claude Code sessions as its hooks report them (relaybay §4): the hook status (working, waiting, idle, ended)
//! with activity coalescing, the linking rules that tie a Claude Code session id to a relay session, the
//! unbinding at SessionEnd, and the exact link an agent makes itself by passing `hook_session` on a write.
//!
//! What the hooks say is kept in memory per Claude Code id ([`HookSessions`]); the store is written when the
//! status changes, when the coalesced activity is due (at most once per [`ACTIVITY_EVERY_MS`] per session),
//! and when a link is made.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use relay_core::event::payload;
use relay_core::hook::{HookEvent, Phase};

use super::Claude;
use super::context::COMMENT_BUDGET;
use crate::board::BoardError;
use crate::store::WriteTx;
use crate::store::hook_session::{self as db, HookSessionRow};

/// A working session's activity is written at most this often (the latest wins); status changes at once.
pub const ACTIVITY_EVERY_MS: i64 = 5_000;
/// Longest activity text kept.
const ACTIVITY_CHARS: usize = 200;

/// A session's status as its hooks report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookStatus {
    Working,
    Waiting,
    Idle,
    Ended,
}

impl HookStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            HookStatus::Working => "working",
            HookStatus::Waiting => "waiting",
            HookStatus::Idle => "idle",
            HookStatus::Ended => "ended",
        }
    }

    fn parse(text: &str) -> Option<HookStatus> {
        [
            HookStatus::Working,
            HookStatus::Waiting,
            HookStatus::Idle,
            HookStatus::Ended,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }

    /// The status a hook event means.
    fn of(phase: Phase) -> HookStatus {
        match phase {
            Phase::SessionStart | Phase::Prompt | Phase::PreTool | Phase::PostTool | Phase::PreRead => {
                HookStatus::Working
            }
            Phase::Notification => HookStatus::Waiting,
            Phase::Stop => HookStatus::Idle,
            Phase::SessionEnd => HookStatus::Ended,
        }
    }
}

/// What the daemon remembers of one Claude Code session id between its hook calls.
#[derive(Clone, Debug)]
pub struct Tracked {
    pub session_id: i64,
    pub name: String,
    pub kind: String,
    /// The agent linked this id itself (or the desktop app did): it may receive owner comment text.
    pub exact: bool,
    pub status: Option<HookStatus>,
    /// When the activity was last written.
    pub activity_written_ms: i64,
    /// Stop blocks in this turn, and whether relay blocked in it (reset on UserPromptSubmit and when a Stop
    /// is allowed).
    pub turn_blocks: u8,
    pub blocked_this_turn: bool,
    /// The last Stop relay answered: which one ([`stop_print`]) and whether relay blocked it — what the wake-up
    /// hook's wait of the same Stop, which runs beside it, goes by.
    pub last_stop: Option<(String, bool)>,
    /// PostToolUse calls seen, for the periodic plan reminder.
    pub post_tools: u32,
    /// The last plan reminder sent (a todo change never sends the same text twice in a row).
    pub last_reminder: Option<String>,
}

impl Tracked {
    pub(super) fn of(row: &HookSessionRow) -> Tracked {
        Tracked {
            session_id: row.id,
            name: row.name.clone(),
            kind: row.kind.clone(),
            exact: row.cc_exact,
            status: row.hook_status.as_deref().and_then(HookStatus::parse),
            activity_written_ms: row.activity_at_ms.unwrap_or(0),
            turn_blocks: 0,
            blocked_this_turn: false,
            last_stop: None,
            post_tools: 0,
            last_reminder: None,
        }
    }
}

/// The hook sessions seen since the daemon started, by Claude Code session id. A miss reads the store.
#[derive(Debug, Default)]
pub struct HookSessions {
    by_cc: Mutex<HashMap<String, Tracked>>,
}

impl HookSessions {
    /// What is remembered of a Claude Code id, if it was seen since the start.
    pub(crate) fn tracked(&self, cc: &str) -> Option<Tracked> {
        self.lock().get(cc).cloned()
    }

    fn put(&self, cc: &str, tracked: Tracked) {
        self.lock().insert(cc.to_owned(), tracked);
    }

    /// Forgets every id linked to `session_id` (after a relink), so the next call reads the store.
    fn forget_session(&self, session_id: i64) {
        self.lock().retain(|_, t| t.session_id != session_id);
    }

    fn forget(&self, cc: &str) {
        self.lock().remove(cc);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Tracked>> {
        self.by_cc
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// What a Claude Code hook call changed, for the answer.
#[derive(Clone, Debug, Default)]
pub struct HookSessionSeen {
    /// The relay session the Claude Code id belongs to now, if any.
    pub session: Option<Tracked>,
    /// Lines for the agent's context (`additionalContext`), in order.
    pub context: Vec<String>,
    /// A Stop block's reason (owner comments wait).
    pub block: Option<String>,
}

impl Claude<'_> {
    /// Records one Claude Code hook call: links its session id on first sight, writes a status change at once
    /// and the activity at most every [`ACTIVITY_EVERY_MS`], and at SessionEnd unbinds the session from its
    /// tasks (except after /clear or /resume, and for desktop sessions, whose id outlives the process).
    ///
    /// An exactly linked session's agent also gets the owner's comments, Stop blocks and plan reminders
    /// ([`super::context`]); `may_deliver` is false when the call is refused anyway (a lock denied), so
    /// comments wait for the next call.
    pub async fn hook(&self, event: &HookEvent, may_deliver: bool) -> Result<HookSessionSeen, BoardError> {
        self.hook_within(event, may_deliver.then_some(COMMENT_BUDGET))
            .await
    }

    /// [`Claude::hook`] with the comments delivered within `budget` characters (none delivered when `None`): the
    /// hook pipeline's share of its context budget.
    pub async fn hook_within(
        &self,
        event: &HookEvent,
        budget: Option<usize>,
    ) -> Result<HookSessionSeen, BoardError> {
        let cc = event.session_id.as_str();
        let now = self.handle.now_ms();
        let sessions = self.handle.hook_sessions();
        let status = HookStatus::of(event.phase);
        let activity = activity(event);

        let mut tracked = match sessions.tracked(cc) {
            Some(tracked) => Some(tracked),
            None => {
                let store = self.handle.store();
                let mut read = store.read().await?;
                db::by_cc(&mut read, cc).await?.map(|row| Tracked::of(&row))
            }
        };
        if event.phase == Phase::SessionStart
            && event.runner_session.is_some()
            && let Some(linked) = self.link_runner(event).await?
        {
            tracked = Some(linked);
        } else if event.phase == Phase::SessionStart
            && event.host_session.is_some()
            && let Some(linked) = self.link_desktop(event, tracked.as_ref()).await?
        {
            tracked = Some(linked);
        }
        let mut tracked = match tracked {
            Some(tracked) => tracked,
            // A SessionEnd for an id no session holds is dropped.
            None if event.phase == Phase::SessionEnd => return Ok(HookSessionSeen::default()),
            None => self.first_sight(event).await?,
        };

        // The todo is stored before the activity coalescing, so a change is never lost.
        if let Some(change) = &event.todo
            && let Err(err) = self.handle.board().apply_todo(&tracked.name, cc, change).await
        {
            tracing::warn!(session = %tracked.name, error = %err, "the agent's todo change was not stored");
        }
        let changed = tracked.status != Some(status);
        let due = now - tracked.activity_written_ms >= ACTIVITY_EVERY_MS;
        if changed || due {
            let store = self.handle.store();
            let mut write = store.begin_write().await?;
            let cwd = event.cwd.to_str();
            db::set_status(
                &mut write,
                tracked.session_id,
                status.as_str(),
                &activity,
                cwd,
                now,
            )
            .await?;
            if changed {
                self.status_events(&mut write, &tracked, status, &activity)
                    .await?;
            }
            if status == HookStatus::Ended && ends_binding(event, &tracked) {
                self.unbind_all(&mut write, &tracked).await?;
            }
            write.commit().await?;
            tracked.status = Some(status);
            tracked.activity_written_ms = now;
        }
        let mut context = Vec::new();
        if event.phase == Phase::SessionStart {
            context.push(format!(
                "Your relay hook session: {cc}. Pass it as hook_session in relay writes."
            ));
        }
        let say = self.hook_say(event, &mut tracked, budget).await;
        if tracked.status == Some(HookStatus::Ended) {
            // The store remembers an ended session; the map keeps only the live ones.
            sessions.forget(cc);
        } else {
            sessions.put(cc, tracked.clone());
        }
        let say = say?;
        context.extend(say.context);
        Ok(HookSessionSeen {
            session: Some(tracked),
            context,
            block: say.block,
        })
    }

    /// `session.status_changed` for each task bound to the session.
    async fn status_events(
        &self,
        write: &mut WriteTx<'_>,
        tracked: &Tracked,
        status: HookStatus,
        activity: &str,
    ) -> Result<(), BoardError> {
        let tasks = db::bound_tasks(&mut *write, tracked.session_id).await?;
        let previous = tracked.status.map(HookStatus::as_str);
        for (_, key, project) in tasks {
            let payload = payload::SessionStatusChanged {
                project,
                key: key.clone(),
                session: tracked.name.clone(),
                status: status.as_str().to_owned(),
                previous: previous.map(str::to_owned),
                activity: activity.to_owned(),
            };
            write.emit(&key, &payload).await?;
        }
        Ok(())
    }

    async fn unbind_all(&self, write: &mut WriteTx<'_>, tracked: &Tracked) -> Result<(), BoardError> {
        let now = self.handle.now_ms();
        let tasks = db::bound_tasks(&mut *write, tracked.session_id).await?;
        for (task_id, key, project) in tasks {
            crate::store::board::unbind(&mut *write, task_id, now).await?;
            let payload = payload::TaskSessionUnbound {
                project,
                key: key.clone(),
                session: Some(tracked.name.clone()),
                reason: Some("session_end".to_owned()),
                actor: "hook".to_owned(),
            };
            write.emit(&key, &payload).await?;
        }
        Ok(())
    }

    /// Rule 0: a SessionStart inside a relay runner terminal (`RELAY_SESSION`) links the Claude Code id to that
    /// runner session exactly, whatever else holds it, and records the id for resume. An unknown name is ignored.
    async fn link_runner(&self, event: &HookEvent) -> Result<Option<Tracked>, BoardError> {
        let Some(name) = event.runner_session.as_deref().map(str::trim) else {
            return Ok(None);
        };
        if name.is_empty() || name.len() > 200 || name.chars().any(char::is_control) {
            return Ok(None);
        }
        let cc = event.session_id.as_str();
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let Some(runner) = crate::store::runner::session_by_name(&mut write, name).await? else {
            return Ok(None);
        };
        let Some(row) = db::by_id(&mut write, runner.session_id).await? else {
            return Ok(None);
        };
        if row.cc_session_id.as_deref() == Some(cc) && row.cc_exact {
            return Ok(Some(Tracked::of(&row)));
        }
        if let Some(other) = row.cc_session_id.as_deref() {
            self.handle.hook_sessions().forget(other);
        }
        if let Some(holder) = db::by_cc(&mut write, cc).await?
            && holder.id != row.id
            && holder.kind == "hook"
        {
            db::hand_over(&mut write, holder.id, row.id).await?;
        }
        db::link(&mut write, row.id, cc, true).await?;
        crate::store::runner::set_agent_session(&mut write, row.id, cc, self.handle.now_ms()).await?;
        let payload = payload::SessionSeen {
            session: row.name.clone(),
            kind: "runner".to_owned(),
            cc_session: cc.to_owned(),
            cwd: Some(event.cwd.to_string_lossy().into_owned()),
            project: Some(runner.slug.clone()),
            linked: Some("exact".to_owned()),
            unlinked_reason: None,
        };
        write.emit(&row.name, &payload).await?;
        let linked = db::by_id(&mut write, row.id).await?;
        write.commit().await?;
        self.handle.hook_sessions().forget_session(row.id);
        Ok(linked.map(|row| Tracked::of(&row)))
    }

    /// Rule 1: the desktop app's own session id in a SessionStart links the new Claude Code id to that desktop
    /// session exactly — unless the desktop session is linked to another live id and this start is not the
    /// window itself moving it (an attended resume, clear or compact), or the new id is one another session's
    /// agent linked itself. Unknown or malformed ids are ignored.
    async fn link_desktop(
        &self,
        event: &HookEvent,
        current: Option<&Tracked>,
    ) -> Result<Option<Tracked>, BoardError> {
        let Some(host) = event.host_session.as_deref().map(str::trim) else {
            return Ok(None);
        };
        if host.is_empty() || host.len() > 200 || host.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Ok(None);
        }
        let cc = event.session_id.as_str();
        if let Some(current) = current
            && current.exact
            && current.kind != "desktop"
        {
            return Ok(None);
        }
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let name = if host.starts_with("local_") {
            host.to_owned()
        } else {
            format!("local_{host}")
        };
        let desktop = match db::by_name(&mut write, &name).await? {
            Some(row) if row.kind == "desktop" => row,
            _ => return Ok(None),
        };
        if desktop.cc_session_id.as_deref() == Some(cc) {
            return Ok(Some(Tracked::of(&desktop)));
        }
        if let Some(other) = desktop.cc_session_id.as_deref() {
            let live = desktop.hook_status.as_deref() != Some(HookStatus::Ended.as_str());
            let window = event.host_attended
                && matches!(event.source.as_deref(), Some("resume" | "clear" | "compact"));
            if live && !window {
                tracing::debug!(desktop = %desktop.name, "a desktop session linked to a live Claude Code id is not moved by this start");
                return Ok(None);
            }
            self.handle.hook_sessions().forget(other);
        }
        if let Some(holder) = db::by_cc(&mut write, cc).await?
            && holder.kind == "hook"
        {
            db::hand_over(&mut write, holder.id, desktop.id).await?;
        }
        db::link(&mut write, desktop.id, cc, true).await?;
        let payload = payload::SessionSeen {
            session: desktop.name.clone(),
            kind: "desktop".to_owned(),
            cc_session: cc.to_owned(),
            cwd: Some(event.cwd.to_string_lossy().into_owned()),
            project: None,
            linked: Some("exact".to_owned()),
            unlinked_reason: None,
        };
        write.emit(&desktop.name, &payload).await?;
        let row = db::by_id(&mut write, desktop.id).await?;
        write.commit().await?;
        self.handle.hook_sessions().forget_session(desktop.id);
        Ok(row.map(|row| Tracked::of(&row)))
    }

    /// Rules 3 to 5 for an id seen for the first time: the one desktop session (not ended) bound to a task of
    /// the project whose repository holds the folder, linked by guess; when that is ambiguous, a hook session
    /// that stays unlinked with the reason; else a plain hook session named after the folder.
    async fn first_sight(&self, event: &HookEvent) -> Result<Tracked, BoardError> {
        let cc = event.session_id.as_str();
        let cwd = event.cwd.to_string_lossy().into_owned();
        let now = self.handle.now_ms();
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        // Two calls of a new session can race here (parallel tool calls): the writer slot orders them, and the
        // second one finds the first one's row.
        if let Some(row) = db::by_cc(&mut write, cc).await? {
            return Ok(Tracked::of(&row));
        }
        let projects = db::projects_holding(&mut write, &cwd).await?;
        let mut reason = None;
        let project_id = match projects.as_slice() {
            [] => None,
            [(id, _, _)] => Some(*id),
            many => {
                let slugs: Vec<&str> = many.iter().map(|(_, slug, _)| slug.as_str()).collect();
                reason = Some(format!(
                    "the folder {cwd} is in several projects: {}",
                    slugs.join(", ")
                ));
                None
            }
        };
        if let Some(project_id) = project_id {
            let candidates = db::desktop_sessions_in(&mut write, project_id).await?;
            let slug = projects
                .first()
                .map(|(_, slug, _)| slug.as_str())
                .unwrap_or_default();
            match candidates.as_slice() {
                [] => {}
                [one] if !is_live(one) => {
                    db::link(&mut write, one.id, cc, false).await?;
                    let payload = payload::SessionSeen {
                        session: one.name.clone(),
                        kind: one.kind.clone(),
                        cc_session: cc.to_owned(),
                        cwd: Some(cwd.clone()),
                        project: Some(slug.to_owned()),
                        linked: Some("folder".to_owned()),
                        unlinked_reason: None,
                    };
                    write.emit(&one.name, &payload).await?;
                    let row = db::by_id(&mut write, one.id).await?;
                    write.commit().await?;
                    let Some(row) = row else {
                        return Err(BoardError::Invalid(format!(
                            "session {} vanished while linking",
                            one.name
                        )));
                    };
                    return Ok(Tracked::of(&row));
                }
                [one] => {
                    reason = Some(format!(
                        "the desktop session {} of {slug} is already linked to another live Claude Code session",
                        one.name
                    ));
                }
                many => {
                    let names: Vec<&str> = many.iter().map(|s| s.name.as_str()).collect();
                    reason = Some(format!(
                        "several desktop sessions work in {slug}: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        let folder = Path::new(&cwd)
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| "claude-code".to_owned());
        let folder: String = folder.chars().filter(|c| !c.is_control()).take(100).collect();
        let existing = db::by_name(&mut write, &folder).await?;
        let reusable = match &existing {
            Some(row) => row.kind == "hook" && !is_live(row),
            None => false,
        };
        let id = match existing {
            Some(row) if reusable => {
                db::reuse_hook_session(&mut write, row.id, cc, &cwd, project_id, reason.as_deref(), now)
                    .await?;
                row.id
            }
            // A second live session in the same folder gets the id's first characters after the name.
            taken => {
                let name = match taken {
                    Some(_) => format!("{folder} {}", cc.chars().take(8).collect::<String>()),
                    None => folder.clone(),
                };
                db::insert_hook_session(&mut write, &name, cc, &cwd, project_id, reason.as_deref(), now)
                    .await?
            }
        };
        let row = db::by_id(&mut write, id).await?;
        let Some(row) = row else {
            return Err(BoardError::Invalid(format!(
                "hook session {folder} vanished while creating it"
            )));
        };
        let payload = payload::SessionSeen {
            session: row.name.clone(),
            kind: "hook".to_owned(),
            cc_session: cc.to_owned(),
            cwd: Some(cwd.clone()),
            project: None,
            linked: None,
            unlinked_reason: reason,
        };
        write.emit(&row.name, &payload).await?;
        write.commit().await?;
        self.handle.hook_sessions().forget_session(id);
        Ok(Tracked::of(&row))
    }

    /// Rule 2: an agent passing `hook_session` with `session` on a write links that Claude Code id to its
    /// session exactly. A row the hooks created for the id by guess hands over its status and is removed; an
    /// id another live session linked exactly is not moved. Returns the warning line for the answer, if any.
    pub async fn link_hook_session(&self, session: &str, cc: &str) -> Result<Option<String>, BoardError> {
        let cc = cc.trim();
        if cc.is_empty() || cc.len() > 200 || cc.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Ok(Some(format!(
                "Warning: hook_session {cc:?} is not a Claude Code session id; not linked."
            )));
        }
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        // The caller's session may not exist yet (no write of it recorded one): make it, so the link — or the
        // warning that the id belongs to another session — never depends on whether the session was bound.
        let caller = match db::by_name(&mut write, session.trim()).await? {
            Some(caller) => caller,
            None => {
                self.handle.board().session_for(&mut write, session, None).await?;
                match db::by_name(&mut write, session.trim()).await? {
                    Some(caller) => caller,
                    None => return Ok(None),
                }
            }
        };
        let holder = db::by_cc(&mut write, cc).await?;
        match holder {
            Some(holder) if holder.id == caller.id => {
                if holder.cc_exact {
                    return Ok(None);
                }
            }
            Some(holder) if holder.kind == "hook" => {
                db::hand_over(&mut write, holder.id, caller.id).await?;
            }
            Some(holder)
                if holder.cc_exact && holder.hook_status.as_deref() != Some(HookStatus::Ended.as_str()) =>
            {
                return Ok(Some(format!(
                    "Warning: hook_session {cc} belongs to another session ({}); not relinked.",
                    holder.name
                )));
            }
            Some(_) | None => {}
        }
        db::link(&mut write, caller.id, cc, true).await?;
        let payload = payload::SessionSeen {
            session: caller.name.clone(),
            kind: caller.kind.clone(),
            cc_session: cc.to_owned(),
            cwd: None,
            project: None,
            linked: Some("exact".to_owned()),
            unlinked_reason: None,
        };
        write.emit(&caller.name, &payload).await?;
        write.commit().await?;
        let sessions = self.handle.hook_sessions();
        sessions.forget(cc);
        sessions.forget_session(caller.id);
        Ok(None)
    }
}

/// Whether the Claude Code id linked to `row` still runs (its session has not ended).
fn is_live(row: &HookSessionRow) -> bool {
    row.cc_session_id.is_some() && row.hook_status.as_deref() != Some(HookStatus::Ended.as_str())
}

/// Whether a SessionEnd unbinds the session from its tasks: not after /clear or /resume (the conversation goes
/// on under a new id) and not for a desktop session, whose `local_…` id outlives the Claude Code process.
fn ends_binding(event: &HookEvent, tracked: &Tracked) -> bool {
    tracked.kind != "desktop" && !matches!(event.source.as_deref(), Some("clear" | "resume"))
}

/// The activity line of a hook call; the prompt text and the tool input are never stored.
fn activity(event: &HookEvent) -> String {
    let text = match event.phase {
        Phase::SessionStart => format!("started ({})", event.source.as_deref().unwrap_or("startup")),
        Phase::Prompt => "prompt".to_owned(),
        Phase::PreTool | Phase::PostTool | Phase::PreRead => {
            event.tool_name.clone().unwrap_or_else(|| "tool".to_owned())
        }
        Phase::Notification => event.message.clone().unwrap_or_else(|| "notification".to_owned()),
        Phase::Stop => "turn finished".to_owned(),
        Phase::SessionEnd => format!("ended ({})", event.source.as_deref().unwrap_or("other")),
    };
    text.chars()
        .filter(|c| !c.is_control())
        .take(ACTIVITY_CHARS)
        .collect()
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;

/// Which Stop a Stop input is: every hook of one Stop gets the same input, and two Stops of a turn differ in the
/// last assistant message (or in `stop_hook_active`).
pub(super) fn stop_print(event: &HookEvent) -> String {
    format!(
        "{}\u{1f}{}",
        event.stop_hook_active,
        event.message.as_deref().unwrap_or_default()
    )
}
