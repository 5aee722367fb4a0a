//! The working rules as the board applies them: the effective rules of a project (global ⊕ project
//! override), and the facts a stage move is judged on, gathered inside the write that moves it.

use std::collections::BTreeSet;

use relay_core::board::{FieldKind, FieldValue, ReportState, Size, Stage};
use relay_core::rules::{EffectiveRules, MoveCheck, RulesLayer, TaskFacts, effective};

use super::{Board, BoardError};
use crate::store::WriteTx;
use crate::store::board::{self as db, ProjectRow, TaskRow};

/// What a stage move is judged on, as the task will be after the write.
#[derive(Debug, Default)]
pub(crate) struct StageFacts {
    size: Option<String>,
    reports_since_stage_change: u32,
    present: BTreeSet<String>,
    plan_accepted: bool,
    has_plan_steps: bool,
    /// The session bound to the task has a todo.
    has_todo: bool,
}

impl StageFacts {
    pub(crate) async fn gather(
        conn: &mut impl crate::store::Db,
        row: &TaskRow,
        changes: &[(String, FieldValue)],
    ) -> Result<StageFacts, BoardError> {
        let reports = db::reports_since(&mut *conn, row.id, row.stage_changed_at_ms).await?;
        let plan = crate::store::plan::plan_facts(&mut *conn, row.id).await?;
        let mut present = present_fields(row);
        let mut size = row.size.clone();
        for (name, value) in changes {
            match value {
                FieldValue::Clear => {
                    present.remove(name);
                }
                _ => {
                    present.insert(name.clone());
                }
            }
            match (name.as_str(), value) {
                ("size", FieldValue::Size(s)) => size = Some(s.as_str().to_owned()),
                ("size", FieldValue::Clear) => size = None,
                _ => {}
            }
        }
        Ok(StageFacts {
            size,
            reports_since_stage_change: u32::try_from(reports).unwrap_or(u32::MAX),
            present,
            plan_accepted: plan.plan_status == relay_core::board::PlanStatus::Accepted.as_str(),
            has_plan_steps: plan.steps > 0,
            has_todo: plan.todo_items > 0,
        })
    }

    /// The MCP hint line of a move to dev when the task has neither plan steps nor a todo (any size; not a rule
    /// warning).
    pub(crate) fn plan_hint(&self, key: &str, target: Stage) -> Option<String> {
        (target == Stage::Dev && !self.has_plan_steps && !self.has_todo).then(|| {
            format!(
                "Hint: {key} has no plan and no todo yet: write down what you are going to do (todo or 2-3 steps \
                 with plan_set)."
            )
        })
    }

    fn as_task_facts(&self) -> TaskFacts<'_> {
        TaskFacts {
            size: self.size.as_deref(),
            plan_accepted: self.plan_accepted,
            has_plan_steps: self.has_plan_steps,
            reports_since_stage_change: self.reports_since_stage_change,
            present_fields: self.present.iter().map(String::as_str).collect(),
        }
    }
}

/// Judges a move of a task to `target`.
pub(crate) fn judge(rules: &EffectiveRules, target: Stage, facts: &StageFacts) -> MoveCheck {
    rules.judge_move(target.as_str(), &facts.as_task_facts())
}

/// The report states and sizes the rules allow, for reading a report's first line.
pub(crate) fn report_vocabulary(rules: &EffectiveRules) -> (Vec<ReportState>, Vec<Size>) {
    let format = rules.doc().report_format();
    let states = format
        .states
        .iter()
        .filter_map(|s| ReportState::parse(s).ok())
        .collect();
    let sizes = format.sizes.iter().filter_map(|s| Size::parse(s).ok()).collect();
    (states, sizes)
}

impl Board<'_> {
    /// The rules in force for a project. A broken project override is ignored, logged once per daemon run,
    /// and reported by the rules line.
    pub(crate) async fn rules_for(
        &self,
        conn: &mut impl crate::store::Db,
        project: &ProjectRow,
    ) -> Result<EffectiveRules, BoardError> {
        let body = db::project_rules(conn, project.id).await?;
        let layer = body.map(|text| RulesLayer::from_json(&text));
        if let Some(Err(err)) = &layer
            && self.handle.first_warning(&format!("rules:{}", project.slug))
        {
            tracing::warn!(project = %project.slug, error = %err, "ignoring the project's broken rules override");
        }
        let config = self.handle.config();
        Ok(effective(&config.rules, layer, config.rules_mode))
    }

    /// Judges the rule warnings of the task's last stage move again, against the task as it is inside `write`
    /// (every write to a task calls it): the requirements now met are dropped, the advice of the open ones is
    /// brought up to date (a draft plan: only the owner can accept it), none is added — the rules judge moves.
    /// The note for the answer when one cleared.
    pub(crate) async fn rejudge_warnings(
        &self,
        write: &mut WriteTx<'_>,
        task_id: i64,
    ) -> Result<Option<String>, BoardError> {
        let Some(stored) = db::stage_warnings(&mut *write, task_id).await? else {
            return Ok(None);
        };
        let before: Vec<String> = serde_json::from_str(&stored).unwrap_or_default();
        let Some(row) = db::task_by_id(&mut *write, task_id).await? else {
            return Ok(None);
        };
        let Ok(stage) = Stage::parse(&row.stage) else {
            return Ok(None);
        };
        let project = self.project_row(&mut *write, &row.project_slug).await?;
        let rules = self.rules_for(&mut *write, &project).await?;
        let facts = StageFacts::gather(&mut *write, &row, &[]).await?;
        let check = judge(&rules, stage, &facts);
        let open: Vec<String> = check
            .unmet()
            .iter()
            .filter(|unmet| before.iter().any(|line| line.starts_with(&unmet.head())))
            .map(|unmet| unmet.warning())
            .collect();
        if open == before {
            return Ok(None);
        }
        let stored = (!open.is_empty())
            .then(|| serde_json::to_string(&open))
            .transpose()
            .map_err(|err| BoardError::Invalid(format!("the open rule warnings do not serialise: {err}")))?;
        db::set_stage_warnings(&mut *write, task_id, stored.as_deref()).await?;
        let cleared = before.len().saturating_sub(open.len());
        Ok(match (cleared, open.as_slice()) {
            (0, _) => None,
            (_, []) => Some("Rule warning cleared.".to_owned()),
            (_, still) => Some(format!(
                "Rule warning cleared ({cleared} of {}); still open: {}",
                before.len(),
                still.join(" ")
            )),
        })
    }

    /// The effective rules, of one project or the global ones.
    pub async fn rules(&self, project: Option<&str>) -> Result<EffectiveRules, BoardError> {
        match project {
            Some(slug) => {
                let mut conn = self.handle.store().read().await?;
                let row = self.project_row(&mut conn, slug).await?;
                self.rules_for(&mut conn, &row).await
            }
            None => {
                let config = self.handle.config();
                Ok(effective(&config.rules, None, config.rules_mode))
            }
        }
    }
}

/// The task fields that have a value on `row` (a text that is not blank, a number): what `field_present`
/// requirements see. Read by name from the row's serialized form, so every field of the task fields table counts
/// without a list here.
fn present_fields(row: &TaskRow) -> BTreeSet<String> {
    let Ok(serde_json::Value::Object(values)) = serde_json::to_value(row) else {
        return BTreeSet::new();
    };
    relay_core::board::TASK_FIELDS
        .iter()
        .filter(|field| !matches!(field.kind, FieldKind::Stage | FieldKind::Bool))
        .filter(|field| match values.get(field.name) {
            Some(serde_json::Value::String(text)) => !text.trim().is_empty(),
            Some(serde_json::Value::Null) | None => false,
            Some(_) => true,
        })
        .map(|field| field.name.to_owned())
        .collect()
}
