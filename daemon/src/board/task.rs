//! Tasks: create, read, list, and the one write path every field change and stage move goes through.

use relay_core::board::{FieldValue, Stage, TaskKey, parse_field, task_field};
use relay_core::event::payload;
use serde::Serialize;
use serde_json::Value;

use super::rules::{StageFacts, judge};
use super::{Board, BoardError, Caller, Outcome};
use crate::store::WriteTx;
use crate::store::board::{
    self as db, BindingRow, ColumnValue, DecisionRow, ReportRow, TaskRow, TrackerEntryRow,
};

/// Everything `task_get` shows.
#[derive(Clone, Debug, Serialize)]
pub struct TaskDetail {
    pub task: TaskRow,
    pub reports: Vec<ReportRow>,
    pub decisions: Vec<DecisionRow>,
    pub bindings: Vec<BindingRow>,
    pub tracker_history: Vec<TrackerEntryRow>,
    /// The one-line plan summary, when the task has plan steps.
    pub plan: Option<super::plan::PlanSummary>,
    /// How many reports, decisions, bindings, tracker entries and comments the task has in all.
    pub counts: db::DetailCounts,
    /// The reports shown are the ones older than this report id (task_get's `reports_before`).
    pub reports_before: Option<i64>,
    /// The review checklist's state, the owner's unread comments, the open rule warnings.
    pub signals: db::TaskSignals,
}

/// One page of a task list ([`Board::task_page`]): the tasks in the list's stable order (project, then the
/// newest task first), how many match in all and how many come after this page.
#[derive(Clone, Debug, Serialize)]
pub struct TaskPage {
    pub tasks: Vec<TaskRow>,
    /// Tasks matching the filter, on every page.
    pub total: i64,
    /// Tasks after this page's last one.
    pub remaining: i64,
    /// The cursor of the next page (the last task's key) when tasks remain.
    pub next_after: Option<String>,
}

/// Tasks one page of task_list holds when no limit is given, and the most it holds.
pub const TASK_PAGE_DEFAULT: u32 = 100;
pub const TASK_PAGE_MAX: u32 = 1_000;

#[derive(Clone, Debug, Default)]
pub struct TaskFilter {
    pub project: Option<String>,
    pub stage: Option<String>,
    /// Only tasks bound to this session (name or alias).
    pub session: Option<String>,
    pub limit: Option<u32>,
}

/// What `task_create` takes.
#[derive(Clone, Debug, Default)]
pub struct NewTask {
    pub project: String,
    pub title: String,
    /// Other editable fields by name (the task fields table), as JSON values.
    pub fields: Vec<(String, Value)>,
    /// Bind this session to the new task.
    pub session: Option<String>,
}

/// One write to a task: fields by name plus the optimistic-concurrency guard.
#[derive(Clone, Debug, Default)]
pub struct TaskChange {
    pub fields: Vec<(String, Value)>,
    /// Fail instead of overwriting a newer version.
    pub expected_version: Option<i64>,
}

/// Reports shown by `task_get`.
const DETAIL_REPORTS: i64 = 5;

impl Board<'_> {
    /// Resolves `key` (`<project>-<n>`) to its task inside a read or write connection.
    pub(crate) async fn task_row(
        &self,
        conn: &mut impl crate::store::Db,
        key: &str,
    ) -> Result<TaskRow, BoardError> {
        let parsed: TaskKey = key.trim().parse()?;
        let project = self.project_row(&mut *conn, parsed.project.as_str()).await?;
        db::task_by_number(conn, project.id, i64::from(parsed.number))
            .await?
            .ok_or_else(|| BoardError::UnknownTask {
                key: parsed.to_string(),
            })
    }

    pub async fn task(&self, key: &str) -> Result<TaskDetail, BoardError> {
        self.task_reports_before(key, None).await
    }

    /// The task as [`Board::task`] reads it, with the newest reports older than report `before` (all the
    /// newest when `None`).
    pub async fn task_reports_before(
        &self,
        key: &str,
        before: Option<i64>,
    ) -> Result<TaskDetail, BoardError> {
        let store = self.handle.store();
        let parsed: TaskKey = key.trim().parse()?;
        let mut conn = store.read().await?;
        let found = db::task_detail(
            &mut conn,
            parsed.project.as_str(),
            i64::from(parsed.number),
            DETAIL_REPORTS,
            before,
        )
        .await?;
        let Some(rows) = found else {
            // Tell an unknown project from an unknown task.
            self.project_row(&mut conn, parsed.project.as_str()).await?;
            return Err(BoardError::UnknownTask {
                key: parsed.to_string(),
            });
        };
        let plan = self.plan_summary(&mut conn, rows.task.id).await?;
        let signals = db::task_signals(&mut conn, &[rows.task.id])
            .await?
            .remove(&rows.task.id)
            .unwrap_or_default();
        Ok(TaskDetail {
            signals,
            plan,
            task: rows.task,
            reports: rows.reports,
            decisions: rows.decisions,
            bindings: rows.bindings,
            tracker_history: rows.tracker,
            counts: rows.counts,
            reports_before: before,
        })
    }

    /// One page of tasks in the stable order (project, then the newest task first) after the task `after`
    /// (a key from the previous page), at most `limit` (1 to [`TASK_PAGE_MAX`]).
    pub async fn task_page(
        &self,
        filter: &TaskFilter,
        after: Option<&str>,
        limit: u32,
    ) -> Result<TaskPage, BoardError> {
        if limit == 0 {
            return Err(BoardError::Invalid(format!(
                "limit 0 would list no task; pass a limit from 1 to {TASK_PAGE_MAX}, or leave it out for \
                 {TASK_PAGE_DEFAULT} a page. Nothing was listed."
            )));
        }
        let limit = limit.min(TASK_PAGE_MAX);
        let cursor = match after.map(str::trim).filter(|a| !a.is_empty()) {
            Some(after) => Some(after.parse::<TaskKey>().map_err(|err| {
                BoardError::Invalid(format!(
                    "after {after:?} is not a task key ({err}); pass the after= of the previous answer's \
                     next-page line, e.g. after=\"acme-12\". Nothing was listed."
                ))
            })?),
            None => None,
        };
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let project_id = match &filter.project {
            Some(slug) => Some(self.project_row(&mut conn, slug).await?.id),
            None => None,
        };
        let stage = filter.stage.as_deref().map(Stage::parse).transpose()?;
        let session_id = match &filter.session {
            Some(name) => match db::session_by_name(&mut conn, name.trim()).await? {
                Some(session) => Some(session.id),
                None => {
                    return Ok(TaskPage {
                        tasks: Vec::new(),
                        total: 0,
                        remaining: 0,
                        next_after: None,
                    });
                }
            },
            None => None,
        };
        let rows = db::task_page(
            &mut conn,
            project_id,
            stage.map(Stage::as_str),
            session_id,
            cursor
                .as_ref()
                .map(|key| (key.project.as_str(), i64::from(key.number))),
            i64::from(limit),
        )
        .await?;
        let shown = i64::try_from(rows.tasks.len()).unwrap_or(i64::MAX);
        let remaining = (rows.after_cursor - shown).max(0);
        let next_after = (remaining > 0)
            .then(|| rows.tasks.last().map(TaskRow::key))
            .flatten();
        Ok(TaskPage {
            tasks: rows.tasks,
            total: rows.total,
            remaining,
            next_after,
        })
    }

    pub async fn tasks(&self, filter: &TaskFilter) -> Result<Vec<TaskRow>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let project_id = match &filter.project {
            Some(slug) => Some(self.project_row(&mut conn, slug).await?.id),
            None => None,
        };
        let stage = filter.stage.as_deref().map(Stage::parse).transpose()?;
        let limit = filter.limit.map_or(i64::MAX, i64::from);
        let session_id = match &filter.session {
            Some(name) => match db::session_by_name(&mut conn, name.trim()).await? {
                Some(session) => Some(session.id),
                None => return Ok(Vec::new()),
            },
            None => None,
        };
        let rows = db::tasks(&mut conn, project_id, stage.map(Stage::as_str), session_id, limit).await?;
        Ok(rows)
    }

    pub async fn create_task(&self, new: NewTask, caller: &Caller) -> Result<Outcome<TaskRow>, BoardError> {
        let title = match parse_field("title", &Value::String(new.title.clone()))? {
            FieldValue::Text(title) => title,
            _ => {
                return Err(BoardError::Empty {
                    what: "title",
                    hint: "give the task a short title",
                });
            }
        };
        let changes = parse_changes(&new.fields)?;
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let project = self.project_row(&mut write, &new.project).await?;
        let stage = changes
            .iter()
            .find_map(|(name, value)| match (name.as_str(), value) {
                ("stage", FieldValue::Stage(stage)) => Some(*stage),
                _ => None,
            });
        let stage = stage.unwrap_or(Stage::Plan);
        let (id, number) = db::insert_task(&mut write, project.id, &title, stage.as_str(), now).await?;
        let key = format!("{}-{number}", project.slug);
        let columns = columns_for_new(&changes, now);
        if !columns.is_empty() {
            db::update_task(&mut write, id, &columns, now, false).await?;
        }
        if let Some(tracker_ref) = changes.iter().find_map(|(n, v)| text_of(n, v, "tracker_ref")) {
            db::insert_tracker_entry(&mut write, id, &tracker_ref, None, None, now).await?;
        }
        let payload = payload::TaskCreated {
            project: project.slug.clone(),
            key: key.clone(),
            title: title.clone(),
            stage: stage.as_str().to_owned(),
            actor: caller.label(),
        };
        write.emit(&key, &payload).await?;
        let mut notes = Vec::new();
        if let Some(session) = new.session.as_deref().filter(|s| !s.trim().is_empty()) {
            let bound = self
                .bind_in(&mut write, id, &key, &project.slug, session, false, caller)
                .await?;
            notes.extend(bound.notes);
        }
        write.commit().await?;
        let mut conn = store.read().await?;
        let row = db::task_by_id(&mut conn, id)
            .await?
            .ok_or_else(|| BoardError::UnknownTask { key })?;
        let mut outcome = Outcome::new(row);
        outcome.notes = notes;
        Ok(outcome)
    }

    /// Changes fields of a task (a stage among them goes through the rules).
    pub async fn update_task(
        &self,
        key: &str,
        change: TaskChange,
        caller: &Caller,
    ) -> Result<Outcome<TaskRow>, BoardError> {
        let changes = parse_changes(&change.fields)?;
        if changes.is_empty() {
            return Err(BoardError::Invalid(format!(
                "no fields to change on {key}; pass at least one of the editable fields. Nothing changed."
            )));
        }
        let store = self.handle.store();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, key).await?;
        if let Some(expected) = change.expected_version
            && expected != row.version
        {
            return Err(BoardError::VersionConflict {
                key: key.trim().to_owned(),
                expected,
                actual: row.version,
            });
        }
        let outcome = self.apply(&mut write, row, &changes, caller, None).await?;
        write.commit().await?;
        let view = self.task_view(outcome.value).await?;
        Ok(Outcome {
            value: view,
            warnings: outcome.warnings,
            notes: outcome.notes,
            changed: outcome.changed,
        })
    }

    pub(crate) async fn task_view(&self, id: i64) -> Result<TaskRow, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = db::task_by_id(&mut conn, id).await?;
        row.ok_or_else(|| BoardError::UnknownTask {
            key: format!("#{id}"),
        })
    }

    /// The one write path: applies parsed field changes to `row` inside `write`, with stage rules, next-step
    /// freshness, tracker history and automatic unlog, and appends the events. `new_work` names work that
    /// clears a tracker mark even without a field change (a report). Returns the task id.
    pub(crate) async fn apply(
        &self,
        write: &mut WriteTx<'_>,
        row: TaskRow,
        changes: &[(String, FieldValue)],
        caller: &Caller,
        new_work: Option<&'static str>,
    ) -> Result<Outcome<i64>, BoardError> {
        let now = self.handle.now_ms();
        let key = format!("{}-{}", row.project_slug, row.number);
        let mut columns: Vec<(&'static str, ColumnValue)> = Vec::new();
        let mut changed: Vec<&'static str> = Vec::new();
        let mut warnings = Vec::new();
        let mut notes = Vec::new();

        let new_stage = changes.iter().find_map(|(n, v)| match (n.as_str(), v) {
            ("stage", FieldValue::Stage(stage)) => Some(*stage),
            _ => None,
        });
        let stage_moves = new_stage.is_some_and(|s| s.as_str() != row.stage);
        if let Some(target) = new_stage.filter(|_| stage_moves) {
            let project = self.project_row(&mut *write, &row.project_slug).await?;
            let rules = self.rules_for(&mut *write, &project).await?;
            let facts = StageFacts::gather(&mut *write, &row, changes).await?;
            let check = judge(&rules, target, &facts);
            if let Some(refusal) = check.refusal() {
                return Err(BoardError::RulesRefused(refusal));
            }
            let missed = check.warnings();
            let missed_column = match serde_json::to_string(&missed) {
                Ok(json) if !missed.is_empty() => ColumnValue::Text(json),
                _ => ColumnValue::Null,
            };
            columns.push(("stage_warnings", missed_column));
            warnings.extend(missed);
            if caller.is_agent() {
                notes.extend(facts.plan_hint(&key, target));
                notes.extend(self.review_hint(&mut *write, &row, target).await?);
            }
            columns.push(("stage", ColumnValue::Text(target.as_str().to_owned())));
            columns.push(("stage_changed_at_ms", ColumnValue::Integer(now)));
            let closed = if target == Stage::Done {
                ColumnValue::Integer(now)
            } else {
                ColumnValue::Null
            };
            columns.push(("closed_at_ms", closed));
            changed.push("stage");
        }

        for (name, value) in changes {
            let Some(field) = task_field(name).map(|field| field.name) else {
                continue;
            };
            if field == "stage" {
                continue;
            }
            let new = column_value(value);
            let old = row.column(field).unwrap_or(ColumnValue::Null);
            if field == "next_step" {
                let stale = row.next_step_at_ms.is_some_and(|at| at < row.stage_changed_at_ms);
                if new == old && !stale && !stage_moves {
                    continue;
                }
                let at = if new == ColumnValue::Null {
                    ColumnValue::Null
                } else {
                    ColumnValue::Integer(now)
                };
                columns.push(("next_step_at_ms", at));
                if new == old {
                    changed.push("next_step_confirmed");
                    continue;
                }
            } else if new == old {
                continue;
            }
            columns.push((field, new));
            changed.push(field);
        }

        // Tracker history: a different ref appends an entry (not logged unless said so); logging stamps it.
        let explicit_logged = changes.iter().find_map(|(n, v)| match (n.as_str(), v) {
            ("tracker_logged", FieldValue::Bool(b)) => Some(*b),
            _ => None,
        });
        let mut new_ref = false;
        if let Some(tracker_ref) = changes.iter().find_map(|(n, v)| text_of(n, v, "tracker_ref"))
            && row.tracker_ref.as_deref() != Some(tracker_ref.as_str())
        {
            // The entry records the tracker's name (the one passed, else the task's) and the URL passed with the
            // ref (the old ref's URL would point elsewhere).
            let name = changes
                .iter()
                .find_map(|(n, v)| text_of(n, v, "tracker_name"))
                .or_else(|| row.tracker_name.clone());
            let url = changes.iter().find_map(|(n, v)| text_of(n, v, "tracker_url"));
            db::insert_tracker_entry(
                &mut *write,
                row.id,
                &tracker_ref,
                name.as_deref(),
                url.as_deref(),
                now,
            )
            .await?;
            new_ref = true;
            if explicit_logged.is_none() && row.tracker_logged {
                columns.push(("tracker_logged", ColumnValue::Integer(0)));
                changed.push("tracker_logged");
            }
        }
        // A new ref passed with tracker_logged is stamped even when the task was logged already (under its old ref).
        if let Some(logged) = explicit_logged
            && (logged != row.tracker_logged || new_ref)
        {
            db::stamp_tracker_entry(&mut *write, row.id, logged, now).await?;
        }

        // Automatic unlog: new work on a logged task clears the mark, unless the same write says otherwise.
        let moved_back = stage_moves
            && matches!(row.stage.as_str(), "live" | "done")
            && new_stage.is_some_and(|s| matches!(s, Stage::Plan | Stage::Dev | Stage::Review | Stage::Test));
        let unlog_reason = if !row.tracker_logged || explicit_logged.is_some() {
            None
        } else if let Some(work) = new_work {
            Some(work)
        } else if changed.contains(&"progress") {
            Some("progress changed")
        } else if moved_back {
            Some("moved back out of live/done")
        } else {
            None
        };
        if let Some(reason) = unlog_reason {
            columns.retain(|(name, _)| *name != "tracker_logged");
            columns.push(("tracker_logged", ColumnValue::Integer(0)));
            if !changed.contains(&"tracker_logged") {
                changed.push("tracker_logged");
            }
            db::stamp_tracker_entry(&mut *write, row.id, false, now).await?;
            let payload = payload::TaskTrackerUnlogged {
                project: row.project_slug.clone(),
                key: key.clone(),
                tracker_ref: row.tracker_ref.clone(),
                reason: reason.to_owned(),
                actor: caller.label(),
            };
            write.emit(&key, &payload).await?;
        }

        let any = !columns.is_empty();
        if any {
            db::update_task(&mut *write, row.id, &columns, now, true).await?;
            let fields: Vec<&str> = changed.iter().copied().filter(|f| *f != "stage").collect();
            if !fields.is_empty() || !stage_moves {
                let payload = payload::TaskUpdated {
                    project: row.project_slug.clone(),
                    key: key.clone(),
                    changed: fields.iter().map(|f| (*f).to_owned()).collect(),
                    version: row.version + 1,
                    actor: caller.label(),
                };
                write.emit(&key, &payload).await?;
            }
            if let Some(target) = new_stage.filter(|_| stage_moves) {
                let payload = payload::TaskStageChanged {
                    project: row.project_slug.clone(),
                    key: key.clone(),
                    from: row.stage.clone(),
                    to: target.as_str().to_owned(),
                    warnings: warnings.clone(),
                    actor: caller.label(),
                };
                write.emit(&key, &payload).await?;
            }
        }
        if !stage_moves && let Some(cleared) = self.rejudge_warnings(write, row.id).await? {
            notes.push(cleared);
        }
        Ok(Outcome {
            value: row.id,
            warnings,
            notes,
            changed: any,
        })
    }
}

/// Parses every `(name, value)` through the task fields table; the first bad one is the error.
pub(crate) fn parse_changes(fields: &[(String, Value)]) -> Result<Vec<(String, FieldValue)>, BoardError> {
    let mut parsed = Vec::with_capacity(fields.len());
    for (name, value) in fields {
        let name = name.trim();
        if parsed.iter().any(|(seen, _): &(String, FieldValue)| seen == name) {
            return Err(BoardError::Invalid(format!(
                "field `{name}` is given twice; give it once. Nothing changed."
            )));
        }
        parsed.push((name.to_owned(), parse_field(name, value)?));
    }
    Ok(parsed)
}

fn column_value(value: &FieldValue) -> ColumnValue {
    match value {
        FieldValue::Text(text) => ColumnValue::Text(text.clone()),
        FieldValue::Stage(stage) => ColumnValue::Text(stage.as_str().to_owned()),
        FieldValue::Size(size) => ColumnValue::Text(size.as_str().to_owned()),
        FieldValue::Integer(n) => ColumnValue::Integer(*n),
        FieldValue::Bool(b) => ColumnValue::Integer(i64::from(*b)),
        FieldValue::Clear => ColumnValue::Null,
    }
}

fn text_of(name: &str, value: &FieldValue, wanted: &str) -> Option<String> {
    match value {
        FieldValue::Text(text) if name == wanted => Some(text.clone()),
        _ => None,
    }
}

/// Columns for a task created with extra fields (no stage: it is set at insert).
fn columns_for_new(changes: &[(String, FieldValue)], now: i64) -> Vec<(&'static str, ColumnValue)> {
    let mut columns = Vec::new();
    for (name, value) in changes {
        let Some(field) = task_field(name).map(|field| field.name) else {
            continue;
        };
        if field == "stage" || field == "title" || matches!(value, FieldValue::Clear) {
            continue;
        }
        if field == "next_step" {
            columns.push(("next_step_at_ms", ColumnValue::Integer(now)));
        }
        columns.push((field, column_value(value)));
    }
    columns
}
