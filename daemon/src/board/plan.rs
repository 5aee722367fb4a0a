//! Plans and checkpoints (relaybay spec §1 "Plan and checkpoints", "The agent's todo"): a task's ordered plan with
//! its status on the task (none, draft, accepted), one step at a time moved by the agent, a done step as a
//! checkpoint (done time, outcome, link, conformance), every plan write kept as a revision, the owner's
//! acceptance, and the agent's own todo list as a second layer that is never merged into the plan.

mod input;
mod todo;

use relay_core::board::{PlanStatus, PlanStepStatus, TodoStatus};
use relay_core::event::payload;
use serde::{Deserialize, Serialize};

use self::input::{
    CONFORMANCE_FORMS, Edit, apply, check_details, check_line, check_reason, check_steps, edit, missing_step,
    parse_step_status,
};
pub use self::input::{parse_conformance, parse_link};
pub use self::todo::{TodoApplied, TodoItem};
use super::{Board, BoardError, Caller, Outcome};
use crate::store::WriteTx;
use crate::store::board::{self as board_db, TaskRow};
use crate::store::plan::{self as db, PlanStateRow, PlanStepRow, StepValues};

/// Limits of plan texts, in characters.
pub mod limits {
    /// Steps one plan may have.
    pub const STEPS: usize = 50;
    pub const STEP_TITLE: usize = 200;
    /// A step's "what and why" (markdown).
    pub const STEP_DETAILS: usize = 2_000;
    /// A checkpoint's outcome and conformance lines.
    pub const STEP_LINE: usize = 500;
    pub const STEP_LINK: usize = 500;
    pub const REASON: usize = 500;
    /// Items of one session's todo, and the longest subject or active form kept.
    pub const TODO_ITEMS: usize = relay_core::hook::TODO_MAX_ITEMS;
    pub const TODO_TEXT: usize = relay_core::hook::TODO_MAX_TEXT;
}

/// The statuses of a plan step, in documentation order: `pending, in_progress, done, blocked`.
pub(crate) fn step_status_list() -> String {
    let names: Vec<&str> = PlanStepStatus::ALL.iter().map(|s| s.as_str()).collect();
    names.join(", ")
}

/// A plan step as reads show it. A done step is a checkpoint: `done_at_ms`, `outcome`, `link`, `conformance`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlanStep {
    /// 1-based.
    pub position: i64,
    pub title: String,
    /// What and why (markdown).
    pub details: Option<String>,
    /// pending, in_progress, done or blocked.
    pub status: String,
    pub done_at_ms: Option<i64>,
    /// `report:<id>` (a report of the same task) or an http(s) URL.
    pub link: Option<String>,
    /// One line: what came out of it, or why it is blocked.
    pub outcome: Option<String>,
    /// `as planned` or `deviation: <why>`.
    pub conformance: Option<String>,
    pub updated_at_ms: i64,
}

impl PlanStep {
    pub fn is_done(&self) -> bool {
        self.is(PlanStepStatus::Done)
    }

    /// Whether the step is at `status`.
    pub fn is(&self, status: PlanStepStatus) -> bool {
        self.status == status.as_str()
    }

    /// A done step whose conformance line names a deviation.
    pub fn is_deviation(&self) -> bool {
        self.is_done()
            && self
                .conformance
                .as_deref()
                .is_some_and(|c| c.starts_with("deviation:"))
    }
}

impl From<PlanStepRow> for PlanStep {
    fn from(row: PlanStepRow) -> PlanStep {
        PlanStep {
            position: row.position,
            title: row.title,
            details: row.details,
            status: row.status,
            done_at_ms: row.done_at_ms,
            link: row.link,
            outcome: row.outcome,
            conformance: row.conformance,
            updated_at_ms: row.updated_at_ms,
        }
    }
}

/// A title that changed between two revisions: `- 2. old` / `+ 2. new`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TitleChange {
    pub position: i64,
    /// The title before; `None` for a step that was added.
    pub old: Option<String>,
    /// The title after; `None` for a step that was removed.
    pub new: Option<String>,
}

impl TitleChange {
    /// `- 2. old` and `+ 2. new`, the lines History shows.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(old) = &self.old {
            lines.push(format!("- {}. {old}", self.position));
        }
        if let Some(new) = &self.new {
            lines.push(format!("+ {}. {new}", self.position));
        }
        lines
    }
}

/// One plan revision: every plan write (set, step update, acceptance) adds one.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlanRevision {
    pub revision: i64,
    pub author: String,
    pub reason: String,
    pub created_at_ms: i64,
    /// The plan status this revision left.
    pub status: String,
    /// The step titles this revision changed against the one before.
    pub title_changes: Vec<TitleChange>,
}

/// The whole plan as a revision stores it (`plan_revision.body`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
struct RevisionBody {
    status: String,
    accepted_by: Option<String>,
    accepted_at_ms: Option<i64>,
    steps: Vec<PlanStep>,
}

/// A task's plan as plan_get, GetPlan and the window show it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Plan {
    pub key: String,
    pub project: String,
    pub title: String,
    pub stage: String,
    pub size: Option<String>,
    /// none (no steps), draft or accepted.
    pub status: String,
    pub accepted_by: Option<String>,
    pub accepted_at_ms: Option<i64>,
    pub steps: Vec<PlanStep>,
    /// The session bound to the task, whose todo is shown.
    pub session: Option<String>,
    /// The bound session's todo (the second layer, never merged into the plan).
    pub todo: Vec<TodoItem>,
    /// How many revisions the plan has.
    pub revision_count: i64,
    /// Every revision, newest first, when asked for.
    pub revisions: Vec<PlanRevision>,
}

impl Plan {
    /// Whether the plan is at `status`.
    pub fn is(&self, status: PlanStatus) -> bool {
        self.status == status.as_str()
    }

    pub fn done(&self) -> usize {
        self.steps.iter().filter(|s| s.is_done()).count()
    }

    pub fn deviations(&self) -> usize {
        self.steps.iter().filter(|s| s.is_deviation()).count()
    }

    /// The current step: the one in progress, else the first one not done.
    pub fn current(&self) -> Option<&PlanStep> {
        self.steps
            .iter()
            .find(|s| s.is(PlanStepStatus::InProgress))
            .or_else(|| self.steps.iter().find(|s| !s.is_done()))
    }

    /// The active form (else the subject) of the todo item in progress: "Now doing: …".
    pub fn now_doing(&self) -> Option<&str> {
        let item = self
            .todo
            .iter()
            .find(|i| i.status == TodoStatus::InProgress.as_str())?;
        Some(item.active_form.as_deref().unwrap_or(&item.subject))
    }

    pub fn summary(&self) -> PlanSummary {
        PlanSummary {
            status: self.status.clone(),
            done: self.done(),
            total: self.steps.len(),
            deviations: self.deviations(),
            now: self
                .steps
                .iter()
                .find(|s| s.is(PlanStepStatus::InProgress))
                .map(|s| s.title.clone()),
        }
    }
}

/// The one-line plan summary of a task: `Plan 2/5 · draft · 1 deviation · now: Address book page`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlanSummary {
    pub status: String,
    pub done: usize,
    pub total: usize,
    pub deviations: usize,
    /// The title of the step in progress.
    pub now: Option<String>,
}

impl PlanSummary {
    pub(crate) fn of_steps(status: &str, steps: &[PlanStepRow]) -> Option<PlanSummary> {
        if steps.is_empty() {
            return None;
        }
        let steps: Vec<PlanStep> = steps.iter().cloned().map(PlanStep::from).collect();
        Some(PlanSummary {
            status: status.to_owned(),
            done: steps.iter().filter(|s| s.is_done()).count(),
            total: steps.len(),
            deviations: steps.iter().filter(|s| s.is_deviation()).count(),
            now: steps
                .iter()
                .find(|s| s.is(PlanStepStatus::InProgress))
                .map(|s| s.title.clone()),
        })
    }

    pub fn line(&self) -> String {
        let mut line = format!("Plan {}/{}", self.done, self.total);
        if self.status != PlanStatus::Accepted.as_str() {
            line.push_str(" · draft");
        }
        match self.deviations {
            0 => {}
            1 => line.push_str(" · 1 deviation"),
            n => line.push_str(&format!(" · {n} deviations")),
        }
        if let Some(now) = &self.now {
            let now = super::render::one_line(now);
            line.push_str(&format!(" · now: {}", super::render::ellipsize(&now, 80)));
        }
        line
    }
}

/// One step of a plan_set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepInput {
    pub title: String,
    /// What and why (markdown, ≤ 2000 characters); `None`, `""` or `-` for none.
    pub details: Option<String>,
}

/// A plan_step_update: the step by position and what changes; `-` (or `""`) clears a text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepChange {
    /// 1-based position.
    pub step: i64,
    pub status: Option<String>,
    pub outcome: Option<String>,
    pub link: Option<String>,
    pub conformance: Option<String>,
    pub details: Option<String>,
}

/// What plan_set left.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlanWritten {
    pub plan: Plan,
    pub previous_status: String,
    /// The step titles or their order changed.
    pub titles_changed: bool,
}

/// What plan_step_update left.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StepWritten {
    pub plan: Plan,
    pub position: i64,
    /// The step's status before.
    pub previous: String,
}

impl Board<'_> {
    /// A task's plan, its bound session's todo and, with `revisions`, its whole history.
    pub async fn plan(&self, key: &str, revisions: bool) -> Result<Plan, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = self.task_row(&mut conn, key).await?;
        self.plan_of(&mut conn, &row, revisions).await
    }

    /// The plan of `row`, read on `conn` (a read connection, or a write's own).
    pub(crate) async fn plan_of(
        &self,
        conn: &mut impl crate::store::Db,
        row: &TaskRow,
        revisions: bool,
    ) -> Result<Plan, BoardError> {
        let state = db::plan_state(&mut *conn, row.id).await?;
        let steps = db::plan_steps(&mut *conn, row.id).await?;
        let todo = match board_db::bound_session(&mut *conn, row.id).await? {
            Some(bound) => db::session_todo(&mut *conn, bound.id).await?,
            None => Vec::new(),
        };
        let history = if revisions {
            let rows = db::plan_revisions(&mut *conn, row.id).await?;
            history(rows)
        } else {
            Vec::new()
        };
        let revision_count = db::plan_revision_count(&mut *conn, row.id).await?;
        Ok(Plan {
            key: row.key(),
            project: row.project_slug.clone(),
            title: row.title.clone(),
            stage: row.stage.clone(),
            size: row.size.clone(),
            status: state.plan_status,
            accepted_by: state.plan_accepted_by,
            accepted_at_ms: state.plan_accepted_at_ms,
            steps: steps.into_iter().map(PlanStep::from).collect(),
            session: row.session.clone(),
            todo: todo.into_iter().map(TodoItem::from).collect(),
            revision_count,
            revisions: history,
        })
    }

    /// A task's one-line plan summary, `None` without plan steps.
    pub(crate) async fn plan_summary(
        &self,
        conn: &mut impl crate::store::Db,
        task_id: i64,
    ) -> Result<Option<PlanSummary>, BoardError> {
        let (status, steps) = db::plan_summary_rows(conn, task_id).await?;
        Ok(PlanSummary::of_steps(&status, &steps))
    }

    /// plan_set: replaces the plan. Step N keeps its status and checkpoint while its title stays the same; a
    /// renamed step is pending again; steps past the new end are removed; `[]` removes the plan. A change of the
    /// titles or their order turns an accepted plan back into a draft. A write that changes nothing is not kept.
    pub async fn set_plan(
        &self,
        key: &str,
        steps: Vec<StepInput>,
        reason: Option<String>,
        caller: &Caller,
    ) -> Result<Outcome<PlanWritten>, BoardError> {
        let steps = check_steps(steps)?;
        let reason = check_reason(reason)?;
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = row.key();
        let state = db::plan_state(&mut write, row.id).await?;
        let old = db::plan_steps(&mut write, row.id).await?;

        let new: Vec<StepValues<'_>> = steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let position = i64::try_from(index).unwrap_or(i64::MAX) + 1;
                match old.get(index).filter(|prev| prev.title == step.title) {
                    Some(prev) => StepValues {
                        position,
                        title: &step.title,
                        details: step.details.as_deref(),
                        status: &prev.status,
                        done_at_ms: prev.done_at_ms,
                        link: prev.link.as_deref(),
                        outcome: prev.outcome.as_deref(),
                        conformance: prev.conformance.as_deref(),
                    },
                    None => StepValues {
                        position,
                        title: &step.title,
                        details: step.details.as_deref(),
                        status: PlanStepStatus::Pending.as_str(),
                        done_at_ms: None,
                        link: None,
                        outcome: None,
                        conformance: None,
                    },
                }
            })
            .collect();
        let titles_changed = old.len() != new.len() || old.iter().zip(&new).any(|(o, n)| o.title != n.title);
        let same = !titles_changed && old.iter().zip(&new).all(|(o, n)| values_of(o) == *n);
        let previous_status = state.plan_status.clone();
        if same {
            drop(write);
            let plan = self.plan(&key, false).await?;
            let mut outcome = Outcome::new(PlanWritten {
                plan,
                previous_status,
                titles_changed: false,
            });
            outcome.changed = false;
            outcome
                .notes
                .push(format!("The plan of {key} is already this; nothing changed."));
            return Ok(outcome);
        }

        let next = if new.is_empty() {
            PlanStateRow {
                plan_status: PlanStatus::None.as_str().to_owned(),
                plan_accepted_at_ms: None,
                plan_accepted_by: None,
            }
        } else if state.plan_status == PlanStatus::None.as_str()
            || (state.plan_status == PlanStatus::Accepted.as_str() && titles_changed)
        {
            PlanStateRow {
                plan_status: PlanStatus::Draft.as_str().to_owned(),
                plan_accepted_at_ms: None,
                plan_accepted_by: None,
            }
        } else {
            state.clone()
        };
        let author = caller.label();
        db::write_plan_steps(&mut write, row.id, &new, &author, now).await?;
        if next != state {
            db::set_plan_state(&mut write, row.id, &next).await?;
        }
        let reason = reason.unwrap_or_else(|| {
            if new.is_empty() {
                "plan removed".to_owned()
            } else {
                "plan written".to_owned()
            }
        });
        self.add_revision(&mut write, row.id, &next, &author, &reason, now)
            .await?;
        let payload = payload::PlanSet {
            project: row.project_slug.clone(),
            key: key.clone(),
            steps: new.len(),
            status: next.plan_status.clone(),
            previous_status: previous_status.clone(),
            titles_changed,
            reason: reason.clone(),
            actor: author.clone(),
        };
        write.emit(&key, &payload).await?;
        let rejudged = self.rejudge_warnings(&mut write, row.id).await?;
        write.commit().await?;

        let plan = self.plan(&key, false).await?;
        let mut outcome = Outcome::new(PlanWritten {
            plan,
            previous_status: previous_status.clone(),
            titles_changed,
        });
        if previous_status == PlanStatus::Accepted.as_str() && next.plan_status == PlanStatus::Draft.as_str()
        {
            outcome.notes.push(format!(
                "The plan of {key} was accepted; the changed step titles turned it back into a draft: ask the \
                 owner to accept it again."
            ));
        }
        outcome.notes.extend(rejudged);
        Ok(outcome)
    }

    /// plan_step_update: changes one step by position. Done needs a conformance line; leaving done clears the
    /// checkpoint; marking a done step done again keeps its done time.
    pub async fn update_plan_step(
        &self,
        key: &str,
        change: StepChange,
        caller: &Caller,
    ) -> Result<Outcome<StepWritten>, BoardError> {
        let status = change.status.as_deref().map(parse_step_status).transpose()?;
        let outcome_edit = edit(change.outcome.as_deref(), |t| {
            check_line("outcome", t, limits::STEP_LINE)
        })?;
        let link_edit = edit(change.link.as_deref(), parse_link)?;
        let conformance_edit = edit(change.conformance.as_deref(), parse_conformance)?;
        let details_edit = edit(change.details.as_deref(), |t| {
            check_details(&format!("step {}'s details", change.step), t)
        })?;
        if status.is_none()
            && [&outcome_edit, &link_edit, &conformance_edit, &details_edit]
                .iter()
                .all(|e| matches!(e, Edit::Keep))
        {
            return Err(BoardError::Invalid(format!(
                "nothing to change on step {} of {}; pass at least one of status ({}), outcome, link, \
                 conformance or details. Nothing changed.",
                change.step,
                key.trim(),
                step_status_list()
            )));
        }

        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = row.key();
        let steps = db::plan_steps(&mut write, row.id).await?;
        let index = usize::try_from(change.step - 1)
            .ok()
            .filter(|i| *i < steps.len())
            .ok_or_else(|| missing_step(&key, change.step, steps.len()))?;
        let old = &steps[index];
        let new_status = status.unwrap_or(old.status.as_str());
        let was_done = old.status == PlanStepStatus::Done.as_str();
        let is_done = new_status == PlanStepStatus::Done.as_str();

        // The checkpoint: kept while the step stays done, cleared when it leaves done.
        let (mut done_at, mut link, mut outcome, mut conformance) = if was_done && !is_done {
            (None, None, None, None)
        } else {
            (
                old.done_at_ms,
                old.link.clone(),
                old.outcome.clone(),
                old.conformance.clone(),
            )
        };
        if is_done && !was_done {
            done_at = Some(now);
        }
        apply(&mut outcome, outcome_edit);
        if let Edit::Set(reference) = &link_edit {
            self.check_link(&mut write, &row, reference).await?;
        }
        apply(&mut link, link_edit);
        match conformance_edit {
            Edit::Set(_) if !is_done => {
                return Err(BoardError::Invalid(format!(
                    "a conformance line belongs to a done step, and step {} '{}' of {key} is {new_status}; pass \
                     status=done with it. Nothing changed.",
                    old.position, old.title
                )));
            }
            Edit::Clear if is_done => {
                return Err(BoardError::Invalid(format!(
                    "step {} '{}' of {key} is done and a done step needs its conformance line ({CONFORMANCE_FORMS}); \
                     it cannot be cleared. Move the step out of done instead. Nothing changed.",
                    old.position, old.title
                )));
            }
            edit => apply(&mut conformance, edit),
        }
        if is_done && conformance.is_none() {
            return Err(BoardError::Invalid(format!(
                "step {} '{}' of {key} needs a conformance line to be done: pass conformance {CONFORMANCE_FORMS}. \
                 Nothing changed.",
                old.position, old.title
            )));
        }
        let mut details = old.details.clone();
        apply(&mut details, details_edit);

        let values = StepValues {
            position: old.position,
            title: &old.title,
            details: details.as_deref(),
            status: new_status,
            done_at_ms: done_at,
            link: link.as_deref(),
            outcome: outcome.as_deref(),
            conformance: conformance.as_deref(),
        };
        let previous = old.status.clone();
        let position = old.position;
        if values == values_of(old) {
            drop(write);
            let plan = self.plan(&key, false).await?;
            let mut answer = Outcome::new(StepWritten {
                plan,
                position,
                previous,
            });
            answer.changed = false;
            answer.notes.push(format!(
                "Step {position} of {key} is already so; nothing changed."
            ));
            return Ok(answer);
        }
        let author = caller.label();
        db::write_plan_step(&mut write, row.id, &values, &author, now).await?;
        let reason = if previous == new_status {
            format!("step {position} updated")
        } else {
            format!("step {position}: {previous} → {new_status}")
        };
        let state = db::plan_state(&mut write, row.id).await?;
        self.add_revision(&mut write, row.id, &state, &author, &reason, now)
            .await?;
        let payload = payload::PlanStepUpdated {
            project: row.project_slug.clone(),
            key: key.clone(),
            position,
            title: old.title.clone(),
            status: new_status.to_owned(),
            previous: previous.clone(),
            conformance: conformance.clone(),
            outcome: outcome.clone(),
            actor: author.clone(),
        };
        write.emit(&key, &payload).await?;
        write.commit().await?;
        let plan = self.plan(&key, false).await?;
        Ok(Outcome::new(StepWritten {
            plan,
            position,
            previous,
        }))
    }

    /// Accepts a task's plan. The owner accepts over the local socket (the TUI, `relay plan accept`); over MCP
    /// only a coordinator may (the tool is in the coordinator profile only): a call without `session`, or from the
    /// session bound to the task, is refused. Refusals speak to the agent: what it can do, never an owner command.
    /// Accepting an accepted plan changes nothing; a plan without steps cannot be accepted.
    pub async fn accept_plan(&self, key: &str, caller: &Caller) -> Result<Outcome<Plan>, BoardError> {
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = row.key();
        let accepted_by = if caller.is_agent() {
            let Some(name) = caller.session.as_deref() else {
                return Err(BoardError::Refused(format!(
                    "plan_accept needs your session (a coordinator accepts another session's plan), and none was \
                     passed. The plan of a task you work on is accepted by the owner only: set waiting_on to the \
                     owner on {key} and go on. Nothing changed."
                )));
            };
            let caller = board_db::session_by_name(&mut write, name).await?;
            let bound = board_db::bound_session(&mut write, row.id).await?;
            if let (Some(caller), Some(bound)) = (&caller, bound)
                && caller.id == bound.id
            {
                return Err(BoardError::Refused(format!(
                    "{} is the session bound to {key}, and an agent does not accept its own plan: only the owner \
                     does. Set waiting_on to the owner on {key} and go on. Nothing changed.",
                    caller.name
                )));
            }
            caller.map_or_else(|| name.to_owned(), |s| s.name)
        } else {
            "owner".to_owned()
        };
        let state = db::plan_state(&mut write, row.id).await?;
        let steps = db::plan_steps(&mut write, row.id).await?;
        if steps.is_empty() {
            // Each reader is told what they can do: the owner waits for (or asks for) the agent's plan.
            return Err(BoardError::Refused(if caller.is_owner() {
                format!(
                    "{key} has no plan steps to accept yet: the agent proposes them (ask it in a comment to plan \
                     the task). Nothing changed."
                )
            } else {
                format!(
                    "{key} has no plan steps to accept; the agent writes the plan with plan_set first. Nothing changed."
                )
            }));
        }
        if state.plan_status == PlanStatus::Accepted.as_str() {
            drop(write);
            let plan = self.plan(&key, false).await?;
            let by = plan.accepted_by.clone().unwrap_or_else(|| "someone".to_owned());
            let at = plan
                .accepted_at_ms
                .map(|ms| format!(" at {}", super::render::utc(ms)))
                .unwrap_or_default();
            let mut outcome = Outcome::new(plan);
            outcome.changed = false;
            outcome.notes.push(format!(
                "The plan of {key} is already accepted (by {by}{at}); nothing changed."
            ));
            return Ok(outcome);
        }
        let next = PlanStateRow {
            plan_status: PlanStatus::Accepted.as_str().to_owned(),
            plan_accepted_at_ms: Some(now),
            plan_accepted_by: Some(accepted_by.clone()),
        };
        db::set_plan_state(&mut write, row.id, &next).await?;
        self.add_revision(
            &mut write,
            row.id,
            &next,
            &accepted_by,
            PlanStatus::Accepted.as_str(),
            now,
        )
        .await?;
        let payload = payload::PlanAccepted {
            project: row.project_slug.clone(),
            key: key.clone(),
            steps: steps.len(),
            accepted_by: accepted_by.clone(),
        };
        write.emit(&key, &payload).await?;
        let rejudged = self.rejudge_warnings(&mut write, row.id).await?;
        write.commit().await?;
        let mut outcome = Outcome::new(self.plan(&key, false).await?);
        outcome.notes.extend(rejudged);
        Ok(outcome)
    }

    /// Appends a revision holding the whole plan as it is inside `write` now.
    async fn add_revision(
        &self,
        write: &mut WriteTx<'_>,
        task_id: i64,
        state: &PlanStateRow,
        author: &str,
        reason: &str,
        now: i64,
    ) -> Result<i64, BoardError> {
        let steps = db::plan_steps(&mut *write, task_id).await?;
        let body = RevisionBody {
            status: state.plan_status.clone(),
            accepted_by: state.plan_accepted_by.clone(),
            accepted_at_ms: state.plan_accepted_at_ms,
            steps: steps.into_iter().map(PlanStep::from).collect(),
        };
        let body = serde_json::to_string(&body)
            .map_err(|e| BoardError::Invalid(format!("the plan could not be recorded as JSON: {e}")))?;
        Ok(db::insert_plan_revision(&mut *write, task_id, &body, author, reason, now).await?)
    }

    /// A link to a report must name a report of the same task.
    async fn check_link(
        &self,
        conn: &mut impl crate::store::Db,
        row: &TaskRow,
        link: &str,
    ) -> Result<(), BoardError> {
        let Some(id) = link.strip_prefix("report:").and_then(|n| n.parse::<i64>().ok()) else {
            return Ok(());
        };
        let key = row.key();
        match db::report_task(&mut *conn, id).await? {
            Some(task_id) if task_id == row.id => Ok(()),
            Some(task_id) => {
                let other = board_db::task_by_id(&mut *conn, task_id)
                    .await?
                    .map_or_else(|| "another task".to_owned(), |t| t.key());
                Err(BoardError::Invalid(format!(
                    "report {id} belongs to {other}, not {key}; link a report of {key} (task_get lists them) or \
                     an http(s) URL. Nothing changed."
                )))
            }
            None => Err(BoardError::Invalid(format!(
                "there is no report {id}; link a report of {key} (task_get lists them) or an http(s) URL. \
                 Nothing changed."
            ))),
        }
    }
}

/// The values a stored step has, to compare a write against.
fn values_of(row: &PlanStepRow) -> StepValues<'_> {
    StepValues {
        position: row.position,
        title: &row.title,
        details: row.details.as_deref(),
        status: &row.status,
        done_at_ms: row.done_at_ms,
        link: row.link.as_deref(),
        outcome: row.outcome.as_deref(),
        conformance: row.conformance.as_deref(),
    }
}

/// The revisions with the titles each changed against the one before, newest first.
fn history(rows: Vec<db::PlanRevisionRow>) -> Vec<PlanRevision> {
    let mut previous: Vec<String> = Vec::new();
    let mut revisions = Vec::with_capacity(rows.len());
    for row in rows {
        let body: Option<RevisionBody> = serde_json::from_str(&row.body).ok();
        let (status, titles) = match &body {
            Some(body) => (
                body.status.clone(),
                body.steps.iter().map(|s| s.title.clone()).collect(),
            ),
            None => (String::new(), previous.clone()),
        };
        revisions.push(PlanRevision {
            revision: row.revision,
            author: row.author,
            reason: row.reason,
            created_at_ms: row.created_at_ms,
            status,
            title_changes: title_changes(&previous, &titles),
        });
        previous = titles;
    }
    revisions.reverse();
    revisions
}

/// Position by position, the titles that differ between two lists.
fn title_changes(before: &[String], after: &[String]) -> Vec<TitleChange> {
    (0..before.len().max(after.len()))
        .filter_map(|index| {
            let old = before.get(index);
            let new = after.get(index);
            (old != new).then(|| TitleChange {
                position: i64::try_from(index).unwrap_or(i64::MAX) + 1,
                old: old.cloned(),
                new: new.cloned(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
