//! A task's review checklist (relaybay spec §1 "Review checklist", the Owner check): an ordered list of what
//! the owner checks by eye, each step open, accepted or rejected with who decided and when.
//!
//! Agents write it with [`Board::set_review_steps`] (it replaces the list: step N keeps its status and
//! screenshots while its title and details stay the same, a changed step is open again, steps past the new end
//! are removed and their screenshots stay on the task) and change one step with [`Board::update_review_step`]
//! (text, or status open to ask for a new look). Only the owner accepts, rejects or reopens
//! ([`Board::decide_review_step`], over the local socket); each decision is an owner comment linked to the
//! step, worded as the spec words it. A decision the step already has, without a comment, writes nothing.

use relay_core::board::{ReviewStepStatus, Stage};
use relay_core::event::payload;
use serde::Serialize;

use super::comment::{AuthorKind, OWNER};
use super::error::check_len;
use super::{Board, BoardError, Caller, Outcome};
use crate::store::WriteTx;
use crate::store::board::TaskRow;
use crate::store::comment::{self as comments_db, CommentRow};
use crate::store::review::{self as db, ReviewStepRow, ScreenshotRow};

/// The longest step title (one line), in characters.
pub const STEP_TITLE: usize = 200;
/// The longest "what, how and why" of a step (markdown), in characters.
pub const STEP_DETAILS: usize = 4_000;
/// The most steps a checklist holds.
pub const MAX_STEPS: usize = 50;

/// One step as review_steps_set takes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReviewStepInput {
    pub title: String,
    /// What to check, how and why (markdown); `None`, `""` or `"-"` for none.
    pub details: Option<String>,
}

/// What review_step_update changes; `None` keeps a part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReviewStepChange {
    pub title: Option<String>,
    /// `"-"` or `""` clears the details.
    pub details: Option<String>,
    /// Only `open` (ask for a new look); accepting and rejecting are the owner's.
    pub status: Option<String>,
}

/// The owner's decision on a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Accept,
    Reject,
    Reopen,
    /// A comment on the step without changing its status.
    Comment,
}

impl Decision {
    /// The status the decision leaves; `None` keeps the current one.
    fn target(self) -> Option<&'static str> {
        let status = match self {
            Decision::Accept => ReviewStepStatus::Accepted,
            Decision::Reject => ReviewStepStatus::Rejected,
            Decision::Reopen => ReviewStepStatus::Open,
            Decision::Comment => return None,
        };
        Some(status.as_str())
    }
}

/// A step as review_get shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ReviewStepView {
    #[serde(flatten)]
    pub step: ReviewStepRow,
    pub screenshots: Vec<ScreenshotRow>,
    /// The comments linked to the step (the owner's decisions among them), oldest first.
    pub comments: Vec<CommentRow>,
}

/// A task's checklist with its screenshots and the comments on its steps.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Review {
    pub key: String,
    pub title: String,
    pub stage: String,
    /// The bound session: where the owner's decisions go.
    pub session: Option<String>,
    pub steps: Vec<ReviewStepView>,
    /// Screenshots of no step.
    pub other_screenshots: Vec<ScreenshotRow>,
}

impl Review {
    pub fn accepted(&self) -> usize {
        self.count(ReviewStepStatus::Accepted.as_str())
    }

    pub fn rejected(&self) -> usize {
        self.count(ReviewStepStatus::Rejected.as_str())
    }

    fn count(&self, status: &str) -> usize {
        self.steps.iter().filter(|s| s.step.status == status).count()
    }

    /// `2 of 5 accepted · 1 rejected` (the rejected part only when there are some).
    pub fn summary(&self) -> String {
        summary(self.accepted(), self.rejected(), self.steps.len())
    }
}

fn summary(accepted: usize, rejected: usize, total: usize) -> String {
    let mut line = format!("{accepted} of {total} accepted");
    if rejected > 0 {
        line.push_str(&format!(" · {rejected} rejected"));
    }
    line
}

/// What review_steps_set did.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ReviewSet {
    pub review: Review,
    pub added: usize,
    /// Steps whose text changed: open again.
    pub changed: usize,
    pub removed: usize,
}

/// What one step write did (review_step_update, or an owner decision).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StepWritten {
    pub key: String,
    pub step: ReviewStepRow,
    /// The status before the write.
    pub previous: String,
    /// The owner comment the decision became, if one was written.
    pub comment: Option<CommentRow>,
    /// `2 of 5 accepted · 1 rejected` after the write.
    pub summary: String,
}

/// A step's title: one line, 1–200 characters.
fn check_title(title: &str, position: usize) -> Result<String, BoardError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(BoardError::Invalid(format!(
            "step {position} has no title; give every step a short title of what the owner checks. Nothing changed."
        )));
    }
    if title.contains(['\n', '\r']) || title.chars().any(char::is_control) {
        return Err(BoardError::Invalid(format!(
            "step {position}'s title has a line break or a control character; keep the title on one line and \
             put the rest in details. Nothing changed."
        )));
    }
    check_len("review step title", title, STEP_TITLE)?;
    Ok(title.to_owned())
}

/// A step's details: `None` for none (`""`, `"-"`), else markdown of at most 4000 characters.
fn check_details(details: Option<&str>) -> Result<Option<String>, BoardError> {
    let Some(text) = details.map(str::trim) else {
        return Ok(None);
    };
    if relay_core::board::clears(text) {
        return Ok(None);
    }
    check_len("review step details", text, STEP_DETAILS)?;
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(BoardError::Invalid(
            "review step details contain control characters; send plain text or markdown. Nothing changed."
                .to_owned(),
        ));
    }
    Ok(Some(text.to_owned()))
}

/// `Step 2 'Login with 2FA'`.
fn step_name(step: &ReviewStepRow) -> String {
    format!("Step {} '{}'", step.position, step.title)
}

/// The owner comment a decision becomes, worded as the spec words it. `steps` is the checklist after the
/// decision.
fn decision_text(
    decision: Decision,
    step: &ReviewStepRow,
    steps: &[ReviewStepRow],
    comment: Option<&str>,
) -> String {
    let name = step_name(step);
    match (decision, comment) {
        (Decision::Accept, comment) => {
            let open: Vec<&ReviewStepRow> = steps
                .iter()
                .filter(|s| s.status != ReviewStepStatus::Accepted.as_str())
                .collect();
            let next = open
                .iter()
                .find(|s| s.position > step.position)
                .or_else(|| open.first());
            let tail = match next {
                Some(next) => format!("continue with step {}", next.position),
                None => {
                    let n = steps.len();
                    format!("all {n} step{} accepted", if n == 1 { "" } else { "s" })
                }
            };
            match comment {
                Some(comment) => format!("{name} accepted — {tail}\n\n{comment}"),
                None => format!("{name} accepted — {tail}"),
            }
        }
        (Decision::Reject, Some(comment)) => format!("{name} rejected: {comment}"),
        (Decision::Reject, None) => format!("{name} rejected"),
        (Decision::Reopen, Some(comment)) => format!("{name} reopened: {comment}"),
        (Decision::Reopen, None) => format!("{name} reopened"),
        (Decision::Comment, comment) => {
            format!(
                "On step {} '{}': {}",
                step.position,
                step.title,
                comment.unwrap_or_default()
            )
        }
    }
}

/// The refusal of a review decision asked for by an agent: what it can do instead (never an owner command).
fn owner_decides(key: &str, position: i64) -> String {
    format!(
        "only the owner accepts or rejects a review step; the decision on step {position} of {} reaches you as an \
         owner comment. Set waiting_on to the owner and go on. Nothing changed.",
        key.trim()
    )
}

impl Board<'_> {
    /// A task's review checklist with its screenshots and the comments on its steps.
    pub async fn review(&self, key: &str) -> Result<Review, BoardError> {
        let mut conn = self.handle.store().read().await?;
        let row = self.task_row(&mut conn, key).await?;
        self.review_of(&mut conn, &row).await
    }

    async fn review_of(&self, conn: &mut impl crate::store::Db, row: &TaskRow) -> Result<Review, BoardError> {
        let steps = db::steps(&mut *conn, row.id).await?;
        let mut screenshots = db::screenshots(&mut *conn, row.id).await?;
        let comments = comments_db::of_task(&mut *conn, row.id).await?;
        let steps = steps
            .into_iter()
            .map(|step| {
                let (mine, rest): (Vec<ScreenshotRow>, Vec<ScreenshotRow>) =
                    screenshots.drain(..).partition(|s| s.step_id == Some(step.id));
                screenshots = rest;
                let comments = comments
                    .iter()
                    .filter(|c| c.step_id == Some(step.id))
                    .cloned()
                    .collect();
                ReviewStepView {
                    step,
                    screenshots: mine,
                    comments,
                }
            })
            .collect();
        Ok(Review {
            key: row.key(),
            title: row.title.clone(),
            stage: row.stage.clone(),
            session: row.session.clone(),
            steps,
            other_screenshots: screenshots,
        })
    }

    /// review_steps_set: replaces the checklist. Step N keeps its status and screenshots while its title and
    /// details stay the same; a changed step is open again; steps past the new end are removed (their
    /// screenshots and comments stay on the task). A write that changes nothing writes no event.
    pub async fn set_review_steps(
        &self,
        key: &str,
        steps: &[ReviewStepInput],
        caller: &Caller,
    ) -> Result<Outcome<ReviewSet>, BoardError> {
        if steps.len() > MAX_STEPS {
            return Err(BoardError::Invalid(format!(
                "the checklist has {} steps; at most {MAX_STEPS} are kept. Merge steps the owner checks together. \
                 Nothing changed.",
                steps.len()
            )));
        }
        let mut wanted = Vec::with_capacity(steps.len());
        for (index, step) in steps.iter().enumerate() {
            wanted.push((
                check_title(&step.title, index + 1)?,
                check_details(step.details.as_deref())?,
            ));
        }
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let by = caller.label();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let key = row.key();
        let current = db::steps(&mut write, row.id).await?;
        let (mut added, mut changed, mut removed) = (0, 0, 0);
        for (index, (title, details)) in wanted.iter().enumerate() {
            let position = i64::try_from(index + 1).unwrap_or(i64::MAX);
            match current.get(index) {
                Some(step) if step.title == *title && step.details == *details => {}
                Some(step) => {
                    db::rewrite_step(&mut write, step.id, title, details.as_deref(), now).await?;
                    let payload = payload::ReviewStepUpdated {
                        project: row.project_slug.clone(),
                        key: key.clone(),
                        step: step.id,
                        position,
                        title: title.to_owned(),
                        status: ReviewStepStatus::Open.as_str().to_owned(),
                        previous: step.status.clone(),
                        actor: by.clone(),
                    };
                    write.emit(&key, &payload).await?;
                    changed += 1;
                }
                None => {
                    let id =
                        db::insert_step(&mut write, row.id, position, title, details.as_deref(), &by, now)
                            .await?;
                    let payload = payload::ReviewStepAdded {
                        project: row.project_slug.clone(),
                        key: key.clone(),
                        step: id,
                        position,
                        title: title.to_owned(),
                        actor: by.clone(),
                    };
                    write.emit(&key, &payload).await?;
                    added += 1;
                }
            }
        }
        for step in current.iter().skip(wanted.len()) {
            db::delete_step(&mut write, step.id).await?;
            let payload = payload::ReviewStepRemoved {
                project: row.project_slug.clone(),
                key: key.clone(),
                step: step.id,
                position: step.position,
                title: step.title.clone(),
                actor: by.clone(),
            };
            write.emit(&key, &payload).await?;
            removed += 1;
        }
        let review = self.review_of(&mut write, &row).await?;
        write.commit().await?;
        let mut outcome = Outcome::new(ReviewSet {
            review,
            added,
            changed,
            removed,
        });
        outcome.changed = added + changed + removed > 0;
        Ok(outcome)
    }

    /// review_step_update: changes one step's text (a changed step is open again) or sets it open to ask the
    /// owner for a new look. Accepting and rejecting are refused: only the owner decides.
    pub async fn update_review_step(
        &self,
        key: &str,
        position: i64,
        change: &ReviewStepChange,
        caller: &Caller,
    ) -> Result<Outcome<StepWritten>, BoardError> {
        if let Some(status) = change.status.as_deref().map(str::trim) {
            match ReviewStepStatus::from_name(status) {
                Some(ReviewStepStatus::Open) => {}
                Some(ReviewStepStatus::Accepted | ReviewStepStatus::Rejected) => {
                    return Err(BoardError::Refused(owner_decides(key, position)));
                }
                None => {
                    return Err(BoardError::Invalid(format!(
                        "status {status:?} is not one an agent sets; pass \"open\" to ask the owner for a new look \
                         (accepting and rejecting are the owner's). Nothing changed."
                    )));
                }
            }
        }
        if change.title.is_none() && change.details.is_none() && change.status.is_none() {
            return Err(BoardError::Invalid(
                "pass title, details or status (\"open\") to change the step. Nothing changed.".to_owned(),
            ));
        }
        let title = change
            .title
            .as_deref()
            .map(|t| check_title(t, usize::try_from(position).unwrap_or(0)))
            .transpose()?;
        let details = change
            .details
            .as_deref()
            .map(|d| check_details(Some(d)))
            .transpose()?;
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let by = caller.label();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let step = self.step_in(&mut write, &row, position).await?;
        let key = row.key();
        let new_title = title.unwrap_or_else(|| step.title.clone());
        let new_details = details.unwrap_or_else(|| step.details.clone());
        let text_changed = new_title != step.title || new_details != step.details;
        let reopen = change.status.is_some() && step.status != ReviewStepStatus::Open.as_str();
        if text_changed {
            db::rewrite_step(&mut write, step.id, &new_title, new_details.as_deref(), now).await?;
        } else if reopen {
            db::set_status(&mut write, step.id, ReviewStepStatus::Open.as_str(), None, now).await?;
        }
        let any = text_changed || reopen;
        if any {
            let payload = payload::ReviewStepUpdated {
                project: row.project_slug.clone(),
                key: key.clone(),
                step: step.id,
                position: step.position,
                title: new_title.to_owned(),
                status: ReviewStepStatus::Open.as_str().to_owned(),
                previous: step.status.clone(),
                actor: by.clone(),
            };
            write.emit(&key, &payload).await?;
        }
        let written = self.step_written(&mut write, &row, &step, None).await?;
        write.commit().await?;
        let decided = [ReviewStepStatus::Accepted, ReviewStepStatus::Rejected]
            .into_iter()
            .find(|status| step.status == status.as_str());
        let mut outcome = Outcome::new(written);
        outcome.changed = any;
        if let (true, Some(decision)) = (text_changed, decided) {
            outcome.notes.push(format!(
                "Note: {} was {decision} by the owner; its new text reopens it, so that decision is undone and \
                 the owner looks at it again.",
                step_name(&step)
            ));
        }
        if !any {
            outcome.notes.push(format!(
                "{} of {key} is already like that; nothing changed.",
                step_name(&step)
            ));
        }
        Ok(outcome)
    }

    /// The owner's decision on a step (over the local socket): accept, reject, reopen, or only comment, with an
    /// optional comment that travels with the decision. Each becomes an owner comment linked to the step for the
    /// bound session's agent. A decision the step already has, without a comment, writes nothing.
    pub async fn decide_review_step(
        &self,
        key: &str,
        position: i64,
        decision: Decision,
        comment: Option<&str>,
        caller: &Caller,
    ) -> Result<Outcome<StepWritten>, BoardError> {
        caller.require_owner(|| owner_decides(key, position))?;
        let comment = comment.map(str::trim).filter(|c| !c.is_empty());
        if let Some(comment) = comment {
            super::comment::check_body(comment)?;
        }
        if decision == Decision::Comment && comment.is_none() {
            return Err(BoardError::Empty {
                what: "comment",
                hint: "write what you want to tell the agent about the step",
            });
        }
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        let step = self.step_in(&mut write, &row, position).await?;
        let key = row.key();
        let target = decision.target().filter(|status| *status != step.status);
        let effective = match (decision, target) {
            (Decision::Comment, _) => Decision::Comment,
            // The step already has this decision: only a comment is left to write.
            (_, None) => Decision::Comment,
            (decision, Some(_)) => decision,
        };
        if target.is_none() && comment.is_none() {
            let written = self.step_written(&mut write, &row, &step, None).await?;
            drop(write);
            let mut outcome = Outcome::new(written);
            outcome.changed = false;
            outcome.notes.push(format!(
                "{} of {key} is already {}; nothing written or delivered.",
                step_name(&step),
                step.status
            ));
            return Ok(outcome);
        }
        if let Some(status) = target {
            let decided_by = (status != ReviewStepStatus::Open.as_str()).then_some(OWNER);
            db::set_status(&mut write, step.id, status, decided_by, now).await?;
        }
        let steps = db::steps(&mut write, row.id).await?;
        let decided = steps.iter().find(|s| s.id == step.id).unwrap_or(&step);
        let body = decision_text(effective, decided, &steps, comment);
        super::error::check_len(
            "the comment with its decision line",
            &body,
            super::comment::COMMENT_BODY,
        )?;
        let added = self
            .write_comment(
                &mut write,
                &row,
                AuthorKind::Owner,
                None,
                &body,
                None,
                Some(step.id),
            )
            .await?;
        let comment_id = added.comment.id;
        let (project, title, actor) = (row.project_slug.clone(), step.title.clone(), OWNER.to_owned());
        let (step_id, position) = (step.id, step.position);
        match effective {
            Decision::Accept => {
                let payload = payload::ReviewStepAccepted {
                    project,
                    key: key.clone(),
                    step: step_id,
                    position,
                    title,
                    comment: comment_id,
                    actor,
                };
                write.emit(&key, &payload).await?;
            }
            Decision::Reject => {
                let payload = payload::ReviewStepRejected {
                    project,
                    key: key.clone(),
                    step: step_id,
                    position,
                    title,
                    comment: comment_id,
                    actor,
                };
                write.emit(&key, &payload).await?;
            }
            Decision::Reopen => {
                let payload = payload::ReviewStepUpdated {
                    project,
                    key: key.clone(),
                    step: step_id,
                    position,
                    title,
                    status: decided.status.clone(),
                    previous: step.status.clone(),
                    actor,
                };
                write.emit(&key, &payload).await?;
            }
            Decision::Comment => {}
        }
        let written = self
            .step_written(&mut write, &row, &step, Some(added.comment))
            .await?;
        write.commit().await?;
        Ok(Outcome::new(written))
    }

    /// The step at `position` of the task's checklist, or a refusal naming how many steps there are.
    async fn step_in(
        &self,
        write: &mut WriteTx<'_>,
        row: &TaskRow,
        position: i64,
    ) -> Result<ReviewStepRow, BoardError> {
        if let Some(step) = db::step_at(&mut *write, row.id, position).await? {
            return Ok(step);
        }
        let count = db::step_count(&mut *write, row.id).await?;
        let key = row.key();
        Err(BoardError::Invalid(if count == 0 {
            format!(
                "{key} has no review checklist, so there is no step {position}; write it with review_steps_set \
                 first. Nothing changed."
            )
        } else {
            format!(
                "{key} has {count} review step{}; there is no step {position} (steps are numbered 1 to {count}, \
                 review_get lists them). Nothing changed.",
                if count == 1 { "" } else { "s" }
            )
        }))
    }

    /// A step write's answer: the step as it is now and the checklist's summary line.
    async fn step_written(
        &self,
        write: &mut WriteTx<'_>,
        row: &TaskRow,
        before: &ReviewStepRow,
        comment: Option<CommentRow>,
    ) -> Result<StepWritten, BoardError> {
        let steps = db::steps(&mut *write, row.id).await?;
        let step = steps
            .iter()
            .find(|s| s.id == before.id)
            .cloned()
            .unwrap_or_else(|| before.clone());
        let count = |status: ReviewStepStatus| steps.iter().filter(|s| s.status == status.as_str()).count();
        let (accepted, rejected) = (
            count(ReviewStepStatus::Accepted),
            count(ReviewStepStatus::Rejected),
        );
        Ok(StepWritten {
            key: row.key(),
            step,
            previous: before.status.clone(),
            comment,
            summary: summary(accepted, rejected, steps.len()),
        })
    }

    /// The hint a stage move to review or test gets while the task's checklist is empty (not a rule warning).
    pub(crate) async fn review_hint(
        &self,
        conn: &mut impl crate::store::Db,
        row: &TaskRow,
        target: Stage,
    ) -> Result<Option<String>, BoardError> {
        if !matches!(target, Stage::Review | Stage::Test) {
            return Ok(None);
        }
        let count = db::step_count(conn, row.id).await?;
        Ok((count == 0).then(|| {
            format!(
                "Hint: {} has no review checklist. Write the Owner check with review_steps_set(task, \
                 steps=[{{title, details}}]) and attach screenshots with attach_file, so the owner can accept \
                 the work step by step.",
                row.key()
            )
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(position: i64, title: &str, status: &str) -> ReviewStepRow {
        ReviewStepRow {
            id: position * 10,
            task_id: 1,
            position,
            title: title.to_owned(),
            details: None,
            status: status.to_owned(),
            decided_at_ms: None,
            decided_by: None,
            created_by: None,
            updated_at_ms: 0,
        }
    }

    #[test]
    fn decision_text_is_worded_as_the_spec_when_each_decision_is_made() {
        let steps = vec![
            step(1, "Home page", "accepted"),
            step(2, "Login with 2FA", "accepted"),
            step(3, "Logout", "open"),
        ];
        assert_eq!(
            decision_text(Decision::Accept, &steps[1], &steps, None),
            "Step 2 'Login with 2FA' accepted — continue with step 3"
        );
        let all: Vec<ReviewStepRow> = steps
            .iter()
            .map(|s| step(s.position, &s.title, "accepted"))
            .collect();
        assert_eq!(
            decision_text(Decision::Accept, &all[2], &all, None),
            "Step 3 'Logout' accepted — all 3 steps accepted"
        );
        assert_eq!(
            decision_text(
                Decision::Reject,
                &steps[1],
                &steps,
                Some("the code never arrives")
            ),
            "Step 2 'Login with 2FA' rejected: the code never arrives"
        );
        assert_eq!(
            decision_text(Decision::Reopen, &steps[1], &steps, None),
            "Step 2 'Login with 2FA' reopened"
        );
        assert_eq!(
            decision_text(Decision::Comment, &steps[1], &steps, Some("use the staging SMS")),
            "On step 2 'Login with 2FA': use the staging SMS"
        );
    }

    #[test]
    fn decision_text_names_an_earlier_open_step_when_every_later_one_is_accepted() {
        let steps = vec![
            step(1, "Home", "rejected"),
            step(2, "Cart", "accepted"),
            step(3, "Pay", "accepted"),
        ];
        assert_eq!(
            decision_text(Decision::Accept, &steps[2], &steps, Some("looks good")),
            "Step 3 'Pay' accepted — continue with step 1\n\nlooks good"
        );
    }

    #[test]
    fn summary_names_the_rejected_steps_only_when_there_are_some() {
        assert_eq!(summary(2, 1, 5), "2 of 5 accepted · 1 rejected");
        assert_eq!(summary(0, 0, 3), "0 of 3 accepted");
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod service_tests;
