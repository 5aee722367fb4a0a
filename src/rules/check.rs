//! Stage checks: which requirements a move misses, the warning line of each, and what the mode makes of them.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use super::document::{Requirement, RulesDoc};
use super::{RulesMode, and_list};

/// What to do when no plan is written yet.
const WRITE_PLAN: &str =
    "Write it with plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it.";
/// What to do when the plan is a draft: nothing the agent can do but ask, so it does not loop.
const ACCEPT_PLAN: &str = "The plan is a draft and only the owner can accept it (the warning clears when they do): \
     set waiting_on to the owner and go on.";

/// What the checks need to know about a task; the caller reads it in the same transaction as the move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskFacts<'a> {
    /// `S`, `M` or `L`; `None` when the task has no size (it then needs an accepted plan).
    pub size: Option<&'a str>,
    /// The plan status is accepted.
    pub plan_accepted: bool,
    /// The task has at least one plan step (its plan is at least a draft).
    pub has_plan_steps: bool,
    /// Reports added since the task's last stage change.
    pub reports_since_stage_change: u32,
    /// The task fields that are set and not empty, by name (`progress`, `next_step`, …).
    pub present_fields: BTreeSet<&'a str>,
}

/// A requirement a stage move misses. Its [`Display`](fmt::Display) is the warning line of warn mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unmet {
    /// The target stage of the move.
    pub stage: String,
    pub requirement: Requirement,
    /// What to do about it, when there is one thing to do (the plan sentences of the spec).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<&'static str>,
}

impl Unmet {
    /// The line a warn-mode answer carries:
    /// `Warning (rules): moving to test usually needs a report since the last stage change.`
    pub fn warning(&self) -> String {
        let mut line = self.head();
        if let Some(advice) = self.advice {
            line.push(' ');
            line.push_str(advice);
        }
        line
    }
}

impl Unmet {
    /// The warning without its advice, `Warning (rules): moving to test usually needs a report since the last
    /// stage change.`: what names the requirement in a stored warning whose advice may have changed since.
    pub fn head(&self) -> String {
        format!(
            "Warning (rules): moving to {} usually needs {}.",
            self.stage,
            self.requirement.need()
        )
    }
}

impl fmt::Display for Unmet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.warning())
    }
}

/// A stored warning line as the owner reads it: what the move missed, without the `Warning (rules): ` prefix and
/// without the advice written for the agent (`Write it with plan_set …`).
///
/// ```
/// use relay_core::rules::for_owner;
/// assert_eq!(
///     for_owner("Warning (rules): moving to dev usually needs an accepted plan (not needed for size S). Write it with plan_set (2-5 steps)."),
///     "Moving to dev usually needs an accepted plan (not needed for size S)."
/// );
/// assert_eq!(for_owner("something else"), "something else");
/// ```
pub fn for_owner(warning: &str) -> String {
    let Some(rest) = warning.strip_prefix("Warning (rules): ") else {
        return warning.to_owned();
    };
    let need = rest.find("usually needs ").unwrap_or(0);
    let head = match rest[need..].find(". ") {
        Some(end) => &rest[..need + end + 1],
        None => rest,
    };
    let mut chars = head.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The text a strict-mode refusal carries, `Rules: moving to dev needs … Nothing changed.`; `None` when nothing
/// is unmet.
///
/// ```
/// use relay_core::rules::{RulesDoc, TaskFacts, strict_refusal};
/// let unmet = RulesDoc::builtin().check_move("test", &TaskFacts::default());
/// assert_eq!(
///     strict_refusal(&unmet).unwrap(),
///     "Rules: moving to test needs a report since the last stage change. Nothing changed."
/// );
/// ```
pub fn strict_refusal(unmet: &[Unmet]) -> Option<String> {
    let first = unmet.first()?;
    let mut stages: Vec<&str> = Vec::new();
    for item in unmet {
        if !stages.contains(&item.stage.as_str()) {
            stages.push(&item.stage);
        }
    }
    let mut text = String::from("Rules:");
    for stage in stages {
        let needs: Vec<String> = unmet
            .iter()
            .filter(|item| item.stage == stage)
            .map(|item| item.requirement.need())
            .collect();
        let moving = if stage == first.stage { "moving" } else { "Moving" };
        text.push_str(&format!(" {moving} to {stage} needs {}.", and_list(&needs)));
    }
    for advice in unmet.iter().filter_map(|item| item.advice) {
        text.push(' ');
        text.push_str(advice);
    }
    text.push_str(" Nothing changed.");
    Some(text)
}

/// The outcome of a stage move under the rules mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveCheck {
    /// Every requirement is met.
    Clear,
    /// Warn mode: the move goes through; the answer, the board form and the `task.stage_changed` event carry
    /// [`MoveCheck::warnings`].
    Warn(Vec<Unmet>),
    /// Strict mode: the move is refused with [`MoveCheck::refusal`] and nothing changes.
    Refuse(Vec<Unmet>),
}

impl MoveCheck {
    /// Applies the mode to the unmet requirements of one move.
    pub fn new(mode: RulesMode, unmet: Vec<Unmet>) -> MoveCheck {
        match mode {
            _ if unmet.is_empty() => MoveCheck::Clear,
            RulesMode::Warn => MoveCheck::Warn(unmet),
            RulesMode::Strict => MoveCheck::Refuse(unmet),
        }
    }

    /// Whether the move may go ahead.
    pub fn allows_move(&self) -> bool {
        !matches!(self, MoveCheck::Refuse(_))
    }

    /// The requirements the move misses, whatever the mode.
    pub fn unmet(&self) -> &[Unmet] {
        match self {
            MoveCheck::Clear => &[],
            MoveCheck::Warn(unmet) | MoveCheck::Refuse(unmet) => unmet,
        }
    }

    /// One warning line per unmet requirement in warn mode; empty otherwise.
    pub fn warnings(&self) -> Vec<String> {
        match self {
            MoveCheck::Warn(unmet) => unmet.iter().map(Unmet::warning).collect(),
            MoveCheck::Clear | MoveCheck::Refuse(_) => Vec::new(),
        }
    }

    /// The refusal text in strict mode; `None` otherwise.
    pub fn refusal(&self) -> Option<String> {
        match self {
            MoveCheck::Refuse(unmet) => strict_refusal(unmet),
            MoveCheck::Clear | MoveCheck::Warn(_) => None,
        }
    }
}

impl RulesDoc {
    /// The requirements of `target_stage` that `facts` do not meet, in the document's order. An unknown stage
    /// has no requirements.
    pub fn check_move(&self, target_stage: &str, facts: &TaskFacts<'_>) -> Vec<Unmet> {
        self.requirements(target_stage)
            .iter()
            .filter(|requirement| !is_met(requirement, facts))
            .map(|requirement| Unmet {
                stage: target_stage.to_owned(),
                requirement: requirement.clone(),
                advice: match requirement {
                    Requirement::PlanAccepted { .. } if facts.has_plan_steps => Some(ACCEPT_PLAN),
                    Requirement::PlanAccepted { .. } => Some(WRITE_PLAN),
                    Requirement::ReportSinceStageChange | Requirement::FieldPresent { .. } => None,
                },
            })
            .collect()
    }
}

fn is_met(requirement: &Requirement, facts: &TaskFacts<'_>) -> bool {
    match requirement {
        Requirement::ReportSinceStageChange => facts.reports_since_stage_change > 0,
        Requirement::FieldPresent { field } => facts.present_fields.contains(field.as_str()),
        Requirement::PlanAccepted { unless_size } => {
            let exempt = facts
                .size
                .is_some_and(|size| unless_size.iter().any(|s| s.eq_ignore_ascii_case(size.trim())));
            facts.plan_accepted || exempt
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesLayer;
    use crate::rules::document::GuidanceMerge;

    fn warnings(doc: &RulesDoc, stage: &str, facts: &TaskFacts<'_>) -> Vec<String> {
        doc.check_move(stage, facts).iter().map(Unmet::warning).collect()
    }

    fn doc_with(json: &str) -> RulesDoc {
        let mut doc = RulesDoc::builtin();
        doc.apply(&RulesLayer::from_json(json).unwrap(), GuidanceMerge::Replace);
        doc
    }

    #[test]
    fn report_warning_reads_as_the_spec_when_no_report_since_the_stage_change() {
        let doc = RulesDoc::builtin();
        assert_eq!(
            warnings(&doc, "test", &TaskFacts::default()),
            ["Warning (rules): moving to test usually needs a report since the last stage change."]
        );
        let reported = TaskFacts {
            reports_since_stage_change: 1,
            ..TaskFacts::default()
        };
        assert!(doc.check_move("test", &reported).is_empty());
    }

    #[test]
    fn plan_warning_asks_for_a_plan_when_none_is_written() {
        let doc = RulesDoc::builtin();
        assert_eq!(
            warnings(&doc, "dev", &TaskFacts::default()),
            [
                "Warning (rules): moving to dev usually needs an accepted plan (not needed for size S). \
                 Write it with plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it."
            ]
        );
    }

    #[test]
    fn plan_warning_asks_for_acceptance_when_the_plan_is_a_draft() {
        let facts = TaskFacts {
            size: Some("M"),
            has_plan_steps: true,
            ..TaskFacts::default()
        };
        assert_eq!(
            warnings(&RulesDoc::builtin(), "dev", &facts),
            [
                "Warning (rules): moving to dev usually needs an accepted plan (not needed for size S). \
                 The plan is a draft and only the owner can accept it (the warning clears when they do): set \
                 waiting_on to the owner and go on."
            ]
        );
    }

    #[test]
    fn plan_requirement_is_met_when_accepted_or_the_size_is_exempt() {
        let doc = RulesDoc::builtin();
        let accepted = TaskFacts {
            size: Some("L"),
            plan_accepted: true,
            has_plan_steps: true,
            ..TaskFacts::default()
        };
        assert!(doc.check_move("dev", &accepted).is_empty());
        for size in ["S", "s", " S "] {
            let small = TaskFacts {
                size: Some(size),
                ..TaskFacts::default()
            };
            assert!(doc.check_move("dev", &small).is_empty(), "{size:?}");
        }
        let unsized_task = TaskFacts::default();
        assert_eq!(doc.check_move("dev", &unsized_task).len(), 1);
        let strict =
            doc_with(r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted", "unless_size": []}]}}"#);
        let small = TaskFacts {
            size: Some("S"),
            ..TaskFacts::default()
        };
        assert_eq!(
            warnings(&strict, "dev", &small),
            ["Warning (rules): moving to dev usually needs an accepted plan. \
              Write it with plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it."]
        );
    }

    #[test]
    fn field_warning_names_the_field_when_it_is_empty() {
        let doc = RulesDoc::builtin();
        assert_eq!(
            warnings(&doc, "done", &TaskFacts::default()),
            ["Warning (rules): moving to done usually needs progress filled in."]
        );
        let filled = TaskFacts {
            present_fields: BTreeSet::from(["progress", "title"]),
            ..TaskFacts::default()
        };
        assert!(doc.check_move("done", &filled).is_empty());
    }

    #[test]
    fn nothing_is_unmet_when_the_stage_has_no_requirements() {
        let doc = RulesDoc::builtin();
        for stage in ["plan", "review", "live", "unknown"] {
            assert!(doc.check_move(stage, &TaskFacts::default()).is_empty(), "{stage}");
        }
    }

    #[test]
    fn every_unmet_requirement_is_listed_in_order_when_several_miss() {
        let doc = doc_with(
            r#"{"stage_requirements": {"done": [
                {"kind": "report_since_stage_change"},
                {"kind": "field_present", "field": "progress"},
                {"kind": "field_present", "field": "next_step"}]}}"#,
        );
        let facts = TaskFacts {
            present_fields: BTreeSet::from(["progress"]),
            ..TaskFacts::default()
        };
        assert_eq!(
            warnings(&doc, "done", &facts),
            [
                "Warning (rules): moving to done usually needs a report since the last stage change.",
                "Warning (rules): moving to done usually needs next_step filled in.",
            ]
        );
        assert_eq!(
            strict_refusal(&doc.check_move("done", &facts)).unwrap(),
            "Rules: moving to done needs a report since the last stage change and next_step filled in. \
             Nothing changed."
        );
    }

    #[test]
    fn refusal_carries_the_plan_advice_when_strict() {
        let unmet = RulesDoc::builtin().check_move("dev", &TaskFacts::default());
        assert_eq!(
            strict_refusal(&unmet).unwrap(),
            "Rules: moving to dev needs an accepted plan (not needed for size S). \
             Write it with plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it. Nothing \
             changed."
        );
        assert_eq!(strict_refusal(&[]), None);
    }

    #[test]
    fn mode_decides_the_outcome_when_a_requirement_is_unmet() {
        let unmet = RulesDoc::builtin().check_move("test", &TaskFacts::default());

        let warn = MoveCheck::new(RulesMode::Warn, unmet.clone());
        assert!(warn.allows_move());
        assert_eq!(warn.unmet(), unmet.as_slice());
        assert_eq!(warn.warnings(), [unmet[0].warning()]);
        assert_eq!(warn.refusal(), None);

        let strict = MoveCheck::new(RulesMode::Strict, unmet.clone());
        assert!(!strict.allows_move());
        assert!(strict.warnings().is_empty());
        assert!(strict.refusal().unwrap().ends_with("Nothing changed."));

        for mode in RulesMode::ALL {
            let clear = MoveCheck::new(*mode, Vec::new());
            assert_eq!(clear, MoveCheck::Clear);
            assert!(clear.allows_move());
            assert!(clear.warnings().is_empty() && clear.refusal().is_none());
        }
    }

    #[test]
    fn unmet_serialises_with_its_requirement_when_sent_as_json() {
        let unmet = RulesDoc::builtin().check_move("dev", &TaskFacts::default());
        let value = serde_json::to_value(&unmet[0]).unwrap();
        assert_eq!(value["stage"], "dev");
        assert_eq!(value["requirement"]["kind"], "plan_accepted");
        assert_eq!(value["advice"], WRITE_PLAN);
        assert_eq!(unmet[0].to_string(), unmet[0].warning());
    }
}
