//! The full rules document, its built-in defaults and how a layer is merged into it.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use serde_json::{Map, Value, json};

use super::layer::RulesLayer;
use super::{REPORT_STATES, SIZES, STAGES, and_list};

/// The requirement kinds, in documentation order.
pub(super) const KINDS: &[&str] = &["report_since_stage_change", "field_present", "plan_accepted"];

/// The built-in report first line.
const BUILTIN_FIRST_LINE: &str = "state · size · gist";

/// The built-in guidance: how to work, independent of which requirements are configured.
const BUILTIN_GUIDANCE: &str = "Work in stages and leave a trail. At the end of each stage add a report \
(report_add) whose first line follows the report format, and keep the task's next_step (what happens next), \
waiting_on (who acts next) and progress (the running summary of everything done so far, rewritten rather than \
appended) current as you go. Before you move a task, check what the target stage needs.";

/// One thing a stage move needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// At least one report since the task's last stage change.
    ReportSinceStageChange,
    /// The task field is not empty.
    FieldPresent { field: String },
    /// The plan is accepted, unless the task's size is one of `unless_size` (a task without a size needs it).
    PlanAccepted { unless_size: Vec<String> },
}

impl Requirement {
    /// The `kind` written in the document.
    pub const fn kind(&self) -> &'static str {
        match self {
            Requirement::ReportSinceStageChange => "report_since_stage_change",
            Requirement::FieldPresent { .. } => "field_present",
            Requirement::PlanAccepted { .. } => "plan_accepted",
        }
    }

    /// What the move needs, as the object of "moving to test needs …": `a report since the last stage change`,
    /// `progress filled in`, `an accepted plan (not needed for size S)`.
    pub fn need(&self) -> String {
        match self {
            Requirement::ReportSinceStageChange => "a report since the last stage change".to_owned(),
            Requirement::FieldPresent { field } => format!("{field} filled in"),
            Requirement::PlanAccepted { unless_size } => match unless_size.as_slice() {
                [] => "an accepted plan".to_owned(),
                [size] => format!("an accepted plan (not needed for size {size})"),
                sizes => format!("an accepted plan (not needed for sizes {})", and_list(sizes)),
            },
        }
    }

    /// The few words of the summary line: `accepted plan`, `report`, `progress`.
    pub fn short(&self) -> &str {
        match self {
            Requirement::ReportSinceStageChange => "report",
            Requirement::FieldPresent { field } => field,
            Requirement::PlanAccepted { .. } => "accepted plan",
        }
    }

    /// The requirement as the document writes it: `{"kind": "plan_accepted", "unless_size": ["S"]}`.
    pub fn to_json_value(&self) -> Value {
        match self {
            Requirement::ReportSinceStageChange => json!({ "kind": self.kind() }),
            Requirement::FieldPresent { field } => json!({ "kind": self.kind(), "field": field }),
            Requirement::PlanAccepted { unless_size } => {
                json!({ "kind": self.kind(), "unless_size": unless_size })
            }
        }
    }
}

impl Serialize for Requirement {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json_value().serialize(serializer)
    }
}

/// How report first lines look. `states` and `sizes` are subsets of the built-in ones, kept in built-in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportFormat {
    /// The pattern shown to agents, `state · size · gist` by default.
    pub first_line: String,
    pub states: Vec<String>,
    pub sizes: Vec<String>,
}

/// A complete, validated rules document: the built-in defaults with zero or more layers merged in.
///
/// It serialises as `{"report_format": {…}, "stage_requirements": {"dev": [{"kind": …}], …},
/// "description_template": null | "…", "guidance": "…"}`; stages without requirements are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesDoc {
    report_format: ReportFormat,
    /// Only stages with at least one requirement.
    stage_requirements: BTreeMap<String, Vec<Requirement>>,
    description_template: Option<String>,
    guidance: String,
}

/// How a layer's guidance combines with the text before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GuidanceMerge {
    /// The global layer's guidance replaces the built-in text.
    Replace,
    /// A project's guidance is appended as a new paragraph.
    Append,
}

impl RulesDoc {
    /// The defaults of the spec: first line `state · size · gist`, every state and size; dev needs an accepted
    /// plan unless the size is S, test a report since the last stage change, done the progress field; no
    /// description template; one paragraph of guidance.
    pub fn builtin() -> RulesDoc {
        let stage_requirements = BTreeMap::from([
            (
                "dev".to_owned(),
                vec![Requirement::PlanAccepted {
                    unless_size: vec!["S".to_owned()],
                }],
            ),
            ("test".to_owned(), vec![Requirement::ReportSinceStageChange]),
            (
                "done".to_owned(),
                vec![Requirement::FieldPresent {
                    field: "progress".to_owned(),
                }],
            ),
        ]);
        RulesDoc {
            report_format: ReportFormat {
                first_line: BUILTIN_FIRST_LINE.to_owned(),
                states: REPORT_STATES.iter().map(|s| (*s).to_owned()).collect(),
                sizes: SIZES.iter().map(|s| (*s).to_owned()).collect(),
            },
            stage_requirements,
            description_template: None,
            guidance: BUILTIN_GUIDANCE.to_owned(),
        }
    }

    pub fn report_format(&self) -> &ReportFormat {
        &self.report_format
    }

    /// What a move to `stage` needs; empty for a stage without requirements or an unknown stage.
    pub fn requirements(&self, stage: &str) -> &[Requirement] {
        self.stage_requirements.get(stage).map_or(&[], Vec::as_slice)
    }

    /// The stages that have requirements, in pipeline order (plan, dev, review, test, live, done).
    pub fn stage_requirements(&self) -> impl Iterator<Item = (&'static str, &[Requirement])> + '_ {
        STAGES.iter().filter_map(|stage| {
            self.stage_requirements
                .get(*stage)
                .map(|list| (*stage, list.as_slice()))
        })
    }

    /// The markdown template for new task descriptions, if any.
    pub fn description_template(&self) -> Option<&str> {
        self.description_template.as_deref()
    }

    /// Free-text markdown for agents; empty when a layer cleared it.
    pub fn guidance(&self) -> &str {
        &self.guidance
    }

    /// The document as JSON; the serialised form and the hash input are both made from this.
    pub fn to_json_value(&self) -> Value {
        let stages: Map<String, Value> = self
            .stage_requirements()
            .map(|(stage, list)| {
                let list = list.iter().map(Requirement::to_json_value).collect();
                (stage.to_owned(), Value::Array(list))
            })
            .collect();
        json!({
            "report_format": {
                "first_line": self.report_format.first_line,
                "states": self.report_format.states,
                "sizes": self.report_format.sizes,
            },
            "stage_requirements": stages,
            "description_template": self.description_template,
            "guidance": self.guidance,
        })
    }

    /// Merges one layer in: report_format per key, stage_requirements per stage (`[]` drops the stage's
    /// requirements), description_template replaces (`""` removes it), guidance as `guidance` says.
    pub(super) fn apply(&mut self, layer: &RulesLayer, guidance: GuidanceMerge) {
        let format = &layer.report_format;
        if let Some(first_line) = &format.first_line {
            self.report_format.first_line.clone_from(first_line);
        }
        if let Some(states) = &format.states {
            self.report_format.states.clone_from(states);
        }
        if let Some(sizes) = &format.sizes {
            self.report_format.sizes.clone_from(sizes);
        }
        for (stage, list) in &layer.stage_requirements {
            if list.is_empty() {
                self.stage_requirements.remove(stage);
            } else {
                self.stage_requirements.insert(stage.clone(), list.clone());
            }
        }
        if let Some(template) = &layer.description_template {
            self.description_template = (!template.trim().is_empty()).then(|| template.clone());
        }
        if let Some(text) = &layer.guidance {
            match guidance {
                GuidanceMerge::Replace => self.guidance.clone_from(text),
                GuidanceMerge::Append if text.trim().is_empty() => {}
                GuidanceMerge::Append if self.guidance.trim().is_empty() => {
                    self.guidance = text.trim().to_owned();
                }
                GuidanceMerge::Append => {
                    self.guidance = format!("{}\n\n{}", self.guidance.trim_end(), text.trim());
                }
            }
        }
    }
}

impl Serialize for RulesDoc {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json_value().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(json: &str) -> RulesLayer {
        RulesLayer::from_json(json).unwrap()
    }

    #[test]
    fn builtin_matches_the_spec_table_when_nothing_is_configured() {
        let doc = RulesDoc::builtin();
        assert_eq!(doc.report_format().first_line, "state · size · gist");
        assert_eq!(
            doc.report_format().states,
            [
                "inspected",
                "changed",
                "verified",
                "committed",
                "pushed",
                "blocked"
            ]
        );
        assert_eq!(doc.report_format().sizes, ["S", "M", "L"]);
        assert_eq!(
            doc.requirements("dev"),
            [Requirement::PlanAccepted {
                unless_size: vec!["S".into()]
            }]
        );
        assert_eq!(doc.requirements("test"), [Requirement::ReportSinceStageChange]);
        assert_eq!(
            doc.requirements("done"),
            [Requirement::FieldPresent {
                field: "progress".into()
            }]
        );
        for stage in ["plan", "review", "live", "nowhere"] {
            assert!(doc.requirements(stage).is_empty(), "{stage}");
        }
        assert_eq!(doc.description_template(), None);
        assert!(doc.guidance().contains("next_step"), "{}", doc.guidance());
        assert!(
            !doc.guidance().contains('\n'),
            "one paragraph: {}",
            doc.guidance()
        );
    }

    #[test]
    fn stages_come_in_pipeline_order_when_listed() {
        let doc = RulesDoc::builtin();
        let stages: Vec<&str> = doc.stage_requirements().map(|(stage, _)| stage).collect();
        assert_eq!(stages, ["dev", "test", "done"]);
    }

    #[test]
    fn report_format_merges_per_key_when_a_layer_sets_one() {
        let mut doc = RulesDoc::builtin();
        doc.apply(
            &layer(r#"{"report_format": {"sizes": ["M", "L"]}}"#),
            GuidanceMerge::Replace,
        );
        assert_eq!(doc.report_format().first_line, "state · size · gist");
        assert_eq!(doc.report_format().states.len(), 6);
        assert_eq!(doc.report_format().sizes, ["M", "L"]);
    }

    #[test]
    fn stage_list_replaces_or_drops_when_a_layer_names_the_stage() {
        let mut doc = RulesDoc::builtin();
        doc.apply(
            &layer(
                r#"{"stage_requirements": {"dev": [], "review": [{"kind": "field_present", "field": "branch"}],
                    "test": [{"kind": "field_present", "field": "next_step"}]}}"#,
            ),
            GuidanceMerge::Replace,
        );
        assert!(doc.requirements("dev").is_empty());
        assert_eq!(
            doc.requirements("review"),
            [Requirement::FieldPresent {
                field: "branch".into()
            }]
        );
        assert_eq!(
            doc.requirements("test"),
            [Requirement::FieldPresent {
                field: "next_step".into()
            }]
        );
        assert_eq!(doc.requirements("done"), RulesDoc::builtin().requirements("done"));
        let stages: Vec<&str> = doc.stage_requirements().map(|(stage, _)| stage).collect();
        assert_eq!(stages, ["review", "test", "done"]);
    }

    #[test]
    fn guidance_is_replaced_or_appended_when_merged() {
        let mut doc = RulesDoc::builtin();
        doc.apply(&layer(r#"{"guidance": "Global words."}"#), GuidanceMerge::Replace);
        assert_eq!(doc.guidance(), "Global words.");
        doc.apply(
            &layer(r#"{"guidance": "  Project words.\n"}"#),
            GuidanceMerge::Append,
        );
        assert_eq!(doc.guidance(), "Global words.\n\nProject words.");
        doc.apply(&layer(r#"{"guidance": " "}"#), GuidanceMerge::Append);
        assert_eq!(doc.guidance(), "Global words.\n\nProject words.");

        let mut cleared = RulesDoc::builtin();
        cleared.apply(&layer(r#"{"guidance": ""}"#), GuidanceMerge::Replace);
        assert_eq!(cleared.guidance(), "");
        cleared.apply(&layer(r#"{"guidance": "Only this."}"#), GuidanceMerge::Append);
        assert_eq!(cleared.guidance(), "Only this.");
    }

    #[test]
    fn description_template_is_replaced_or_removed_when_a_layer_sets_it() {
        let mut doc = RulesDoc::builtin();
        doc.apply(
            &layer(r###"{"description_template": "## Goal\n\n## Why\n"}"###),
            GuidanceMerge::Replace,
        );
        assert_eq!(doc.description_template(), Some("## Goal\n\n## Why\n"));
        doc.apply(&layer(r#"{}"#), GuidanceMerge::Append);
        assert_eq!(doc.description_template(), Some("## Goal\n\n## Why\n"));
        doc.apply(&layer(r#"{"description_template": ""}"#), GuidanceMerge::Append);
        assert_eq!(doc.description_template(), None);
    }

    #[test]
    fn json_shape_lists_only_stages_with_requirements_when_serialised() {
        let value = serde_json::to_value(RulesDoc::builtin()).unwrap();
        assert_eq!(
            value["stage_requirements"],
            json!({
                "dev": [{"kind": "plan_accepted", "unless_size": ["S"]}],
                "test": [{"kind": "report_since_stage_change"}],
                "done": [{"kind": "field_present", "field": "progress"}],
            })
        );
        assert_eq!(value["report_format"]["first_line"], "state · size · gist");
        assert_eq!(value["description_template"], Value::Null);
        assert!(value["guidance"].is_string());
    }

    #[test]
    fn needs_read_as_sentences_when_rendered() {
        let plan = |sizes: &[&str]| Requirement::PlanAccepted {
            unless_size: sizes.iter().map(|s| (*s).to_owned()).collect(),
        };
        assert_eq!(plan(&["S"]).need(), "an accepted plan (not needed for size S)");
        assert_eq!(
            plan(&["S", "M"]).need(),
            "an accepted plan (not needed for sizes S and M)"
        );
        assert_eq!(plan(&[]).need(), "an accepted plan");
        assert_eq!(
            Requirement::ReportSinceStageChange.need(),
            "a report since the last stage change"
        );
        let field = Requirement::FieldPresent {
            field: "waiting_on".into(),
        };
        assert_eq!(field.need(), "waiting_on filled in");
        assert_eq!(field.short(), "waiting_on");
    }

    #[test]
    fn every_kind_is_listed_when_documented() {
        let kinds = [
            Requirement::ReportSinceStageChange,
            Requirement::FieldPresent {
                field: "title".into(),
            },
            Requirement::PlanAccepted { unless_size: vec![] },
        ]
        .map(|r| r.kind());
        assert_eq!(kinds.as_slice(), KINDS);
    }
}
