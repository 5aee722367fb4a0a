//! The effective rules of one scope: built-in ⊕ global layer ⊕ project layer, with the mode, the hash, the summary
//! line and the markdown that `rules_get` and the `relay://rules` resources serve.

use serde::{Serialize, Serializer};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::check::{MoveCheck, TaskFacts, Unmet};
use super::document::{GuidanceMerge, Requirement, RulesDoc};
use super::layer::RulesLayer;
use super::{RulesError, RulesMode, and_list};

/// Merges the built-in defaults, the global layer (`[rules]` of `config.toml`) and a project override.
///
/// `project` is `None` when the project has no override (or for the global rules), `Some(Err(_))` when its
/// override did not validate: it is then ignored and the reason kept in
/// [`EffectiveRules::project_override_error`]. The caller logs that once.
///
/// ```
/// use relay_core::rules::{RulesLayer, RulesMode, effective};
/// let broken = RulesLayer::from_json(r#"{"stage_requirements": {"tset": []}}"#);
/// let rules = effective(&RulesLayer::default(), Some(broken), RulesMode::Warn);
/// assert_eq!(rules.hash(), effective(&RulesLayer::default(), None, RulesMode::Warn).hash());
/// assert!(rules.summary_line().contains("project override ignored: `rules.stage_requirements.tset`"));
/// ```
pub fn effective(
    global: &RulesLayer,
    project: Option<Result<RulesLayer, RulesError>>,
    mode: RulesMode,
) -> EffectiveRules {
    let mut doc = RulesDoc::builtin();
    doc.apply(global, GuidanceMerge::Replace);
    let project_override_error = match project {
        None => None,
        Some(Ok(layer)) => {
            doc.apply(&layer, GuidanceMerge::Append);
            None
        }
        Some(Err(err)) => Some(err.to_string()),
    };
    let hash = rules_hash(&doc, mode);
    EffectiveRules {
        doc,
        mode,
        hash,
        project_override_error,
    }
}

/// The rules that apply to one scope (the global rules, or one project's).
///
/// Serialises as `{"hash": "1a2b3c4d", "rules_mode": "warn", "rules": {…the document…},
/// "project_override_error": null | "…"}`; the hash covers `rules` and `rules_mode` exactly as served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectiveRules {
    doc: RulesDoc,
    mode: RulesMode,
    hash: String,
    project_override_error: Option<String>,
}

impl EffectiveRules {
    /// The merged document.
    pub fn doc(&self) -> &RulesDoc {
        &self.doc
    }

    pub fn mode(&self) -> RulesMode {
        self.mode
    }

    /// The first 8 hex digits of SHA-256 over the canonical JSON (keys sorted, no whitespace) of
    /// `{"rules": <document>, "rules_mode": "<mode>"}`.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// Why the project override was ignored, when it was (`` `rules.stage_requirements.tset`: unknown stage… ``).
    pub fn project_override_error(&self) -> Option<&str> {
        self.project_override_error.as_deref()
    }

    /// The requirements a move to `target_stage` misses; see [`RulesDoc::check_move`].
    pub fn check_move(&self, target_stage: &str, facts: &TaskFacts<'_>) -> Vec<Unmet> {
        self.doc.check_move(target_stage, facts)
    }

    /// Checks a move and applies the mode: clear, warn (goes through with warnings) or refuse.
    pub fn judge_move(&self, target_stage: &str, facts: &TaskFacts<'_>) -> MoveCheck {
        MoveCheck::new(self.mode, self.check_move(target_stage, facts))
    }

    /// One line for snapshots, derived from the requirements:
    /// `Rules 1a2b3c4d: accepted plan before dev, report before test, progress before done`.
    /// Strict mode shows as `Rules 1a2b3c4d (strict): …`; an ignored override adds
    /// `; project override ignored: <reason>`.
    pub fn summary_line(&self) -> String {
        let parts: Vec<String> = self
            .doc
            .stage_requirements()
            .map(|(stage, list)| {
                let shorts: Vec<&str> = list.iter().map(Requirement::short).collect();
                format!("{} before {stage}", and_list(&shorts))
            })
            .collect();
        let body = if parts.is_empty() {
            "no stage requirements".to_owned()
        } else {
            parts.join(", ")
        };
        let mode = match self.mode {
            RulesMode::Warn => "",
            RulesMode::Strict => " (strict)",
        };
        let mut line = format!("Rules {}{mode}: {body}", self.hash);
        if let Some(err) = &self.project_override_error {
            line.push_str(&format!("; project override ignored: {err}"));
        }
        line
    }

    /// The rules as JSON, the shape [`Serialize`] writes.
    pub fn to_json_value(&self) -> Value {
        json!({
            "hash": self.hash,
            "rules_mode": self.mode.as_str(),
            "rules": self.doc.to_json_value(),
            "project_override_error": self.project_override_error,
        })
    }

    /// The markdown of `rules_get` and `relay://rules`: hash, mode, an ignored override, the report format, the
    /// stage requirements, the description template and the guidance.
    pub fn to_markdown(&self) -> String {
        let doc = &self.doc;
        let mut md = String::from("# Working rules\n\n");
        let mode = match self.mode {
            RulesMode::Warn => "a stage move that misses a requirement goes through with a warning",
            RulesMode::Strict => "a stage move that misses a requirement is refused and nothing changes",
        };
        md.push_str(&format!(
            "Rules `{}` · mode **{}**: {mode}.\n\n",
            self.hash, self.mode
        ));
        if let Some(err) = &self.project_override_error {
            md.push_str(&format!("> **project override ignored:** {err}\n\n"));
        }

        let format = doc.report_format();
        md.push_str("## Report format\n\n");
        md.push_str(&format!(
            "First line of a report: {}\n\n- states: {}\n- sizes: {}\n\n",
            inline_code(&format.first_line),
            format.states.join(", "),
            format.sizes.join(", ")
        ));

        md.push_str("## Stage requirements\n\n");
        let mut rows = String::new();
        for (stage, list) in doc.stage_requirements() {
            let needs: Vec<String> = list.iter().map(Requirement::need).collect();
            rows.push_str(&format!("| {stage} | {} |\n", needs.join("; ")));
        }
        if rows.is_empty() {
            md.push_str("No stage requirements.\n\n");
        } else {
            md.push_str("| moving to | needs |\n|---|---|\n");
            md.push_str(&rows);
            md.push('\n');
        }

        if let Some(template) = doc.description_template() {
            let fence = "`".repeat(longest_backtick_run(template).max(2) + 1);
            md.push_str("## Description template\n\n");
            md.push_str(&format!("{fence}markdown\n{}\n{fence}\n\n", template.trim_end()));
        }
        if !doc.guidance().trim().is_empty() {
            md.push_str("## Guidance\n\n");
            md.push_str(doc.guidance().trim());
            md.push('\n');
        }
        while md.ends_with("\n\n") {
            md.pop();
        }
        md
    }
}

impl Serialize for EffectiveRules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json_value().serialize(serializer)
    }
}

fn rules_hash(doc: &RulesDoc, mode: RulesMode) -> String {
    let input = json!({ "rules": doc.to_json_value(), "rules_mode": mode.as_str() });
    let mut canonical = String::new();
    write_canonical(&input, &mut canonical);
    let digest = Sha256::digest(canonical.as_bytes());
    digest[..4].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Compact JSON with object keys sorted, whatever order the map keeps them in.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (index, key) in keys.into_iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push(':');
                if let Some(item) = map.get(key) {
                    write_canonical(item, out);
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// Inline code that survives backticks in the text.
fn inline_code(text: &str) -> String {
    let fence = "`".repeat(longest_backtick_run(text) + 1);
    if text.contains('`') {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(json: &str) -> RulesLayer {
        RulesLayer::from_json(json).unwrap()
    }

    fn builtin() -> EffectiveRules {
        effective(&RulesLayer::default(), None, RulesMode::Warn)
    }

    #[test]
    fn summary_line_reads_as_the_spec_when_the_rules_are_built_in() {
        let rules = builtin();
        assert_eq!(
            rules.summary_line(),
            format!(
                "Rules {}: accepted plan before dev, report before test, progress before done",
                rules.hash()
            )
        );
    }

    #[test]
    fn summary_line_follows_the_requirements_when_they_change() {
        let global = layer(
            r#"{"stage_requirements": {"dev": [], "review": [{"kind": "field_present", "field": "branch"},
                {"kind": "report_since_stage_change"}]}}"#,
        );
        let rules = effective(&global, None, RulesMode::Strict);
        assert_eq!(
            rules.summary_line(),
            format!(
                "Rules {} (strict): branch and report before review, report before test, progress before done",
                rules.hash()
            )
        );
        let none = layer(r#"{"stage_requirements": {"dev": [], "test": [], "done": []}}"#);
        let rules = effective(&none, None, RulesMode::Warn);
        assert_eq!(
            rules.summary_line(),
            format!("Rules {}: no stage requirements", rules.hash())
        );
    }

    #[test]
    fn hash_is_eight_hex_digits_and_stable_when_nothing_changes() {
        let rules = builtin();
        assert_eq!(rules.hash().len(), 8);
        assert!(
            rules
                .hash()
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
        assert_eq!(rules.hash(), builtin().hash());
    }

    #[test]
    fn hash_is_sha256_of_the_canonical_json_when_computed() {
        let rules = builtin();
        let mut canonical = String::new();
        write_canonical(
            &json!({"rules": rules.doc().to_json_value(), "rules_mode": "warn"}),
            &mut canonical,
        );
        assert!(
            canonical.starts_with(r#"{"rules":{"description_template":null,"guidance":"#),
            "{canonical}"
        );
        assert!(
            canonical.contains(
                r#""stage_requirements":{"dev":[{"kind":"plan_accepted","unless_size":["S"]}],"done":[{"field":"progress","kind":"field_present"}],"test":[{"kind":"report_since_stage_change"}]}},"rules_mode":"warn"}"#
            ),
            "{canonical}"
        );
        let digest = Sha256::digest(canonical.as_bytes());
        let expected: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(rules.hash(), expected);
    }

    /// A change of the built-in document or of the canonical form is a new rules version for every user; this
    /// pin makes it a deliberate one (update the value in the same change).
    #[test]
    fn builtin_hash_is_pinned_when_nothing_is_configured() {
        assert_eq!(builtin().hash(), "cb33b7d3");
    }

    #[test]
    fn hash_changes_when_the_mode_or_a_rule_changes() {
        let warn = builtin();
        let strict = effective(&RulesLayer::default(), None, RulesMode::Strict);
        assert_ne!(warn.hash(), strict.hash());
        let changed = effective(&layer(r#"{"guidance": "Other."}"#), None, RulesMode::Warn);
        assert_ne!(warn.hash(), changed.hash());
    }

    #[test]
    fn hash_ignores_spelling_when_the_merged_rules_are_the_same() {
        let reordered = layer(
            r#"{"report_format": {"sizes": ["L", "M", "S", "S"]}, "stage_requirements": {"plan": []}}"#,
        );
        assert_eq!(
            effective(&reordered, None, RulesMode::Warn).hash(),
            builtin().hash()
        );
        let same_again = layer(
            r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted"}], "test": [{"kind": "report_since_stage_change"}]}}"#,
        );
        assert_eq!(
            effective(&RulesLayer::default(), Some(Ok(same_again)), RulesMode::Warn).hash(),
            builtin().hash()
        );
    }

    #[test]
    fn canonical_json_sorts_keys_when_written() {
        let mut out = String::new();
        write_canonical(&json!({"b": [1, {"d": "·", "c": null}], "a": "x\"y"}), &mut out);
        assert_eq!(out, r#"{"a":"x\"y","b":[1,{"c":null,"d":"·"}]}"#);
    }

    #[test]
    fn layers_merge_in_order_when_global_and_project_are_set() {
        let global = layer(
            r###"{"report_format": {"first_line": "state · gist", "states": ["changed", "verified"]},
                "stage_requirements": {"review": [{"kind": "report_since_stage_change"}]},
                "description_template": "## Goal", "guidance": "Global."}"###,
        );
        let project = layer(
            r#"{"report_format": {"states": ["blocked"]},
                "stage_requirements": {"review": [], "done": [{"kind": "field_present", "field": "next_step"}]},
                "guidance": "Project."}"#,
        );
        let rules = effective(&global, Some(Ok(project)), RulesMode::Warn);
        let doc = rules.doc();
        assert_eq!(doc.report_format().first_line, "state · gist");
        assert_eq!(doc.report_format().states, ["blocked"]);
        assert_eq!(doc.report_format().sizes, ["S", "M", "L"]);
        assert!(doc.requirements("review").is_empty());
        assert_eq!(doc.requirements("test"), [Requirement::ReportSinceStageChange]);
        assert_eq!(
            doc.requirements("done"),
            [Requirement::FieldPresent {
                field: "next_step".into()
            }]
        );
        assert_eq!(doc.description_template(), Some("## Goal"));
        assert_eq!(doc.guidance(), "Global.\n\nProject.");
        assert_eq!(rules.project_override_error(), None);
    }

    #[test]
    fn project_guidance_is_appended_to_the_builtin_text_when_the_config_sets_none() {
        let rules = effective(
            &RulesLayer::default(),
            Some(Ok(layer(r#"{"guidance": "Run make check."}"#))),
            RulesMode::Warn,
        );
        let guidance = rules.doc().guidance();
        assert!(guidance.starts_with(RulesDoc::builtin().guidance()), "{guidance}");
        assert!(guidance.ends_with("\n\nRun make check."), "{guidance}");
    }

    #[test]
    fn broken_project_override_is_ignored_and_reported_when_merged() {
        let global = layer(r#"{"guidance": "Global."}"#);
        let broken = RulesLayer::from_json(r#"{"stage_requirements": {"tset": []}}"#);
        let rules = effective(&global, Some(broken), RulesMode::Warn);
        let clean = effective(&global, None, RulesMode::Warn);
        assert_eq!(rules.doc(), clean.doc());
        assert_eq!(rules.hash(), clean.hash());
        let reason = rules.project_override_error().unwrap();
        assert_eq!(
            reason,
            "`rules.stage_requirements.tset`: unknown stage `tset`; stages are plan, dev, review, test, live, done"
        );
        assert!(
            rules
                .summary_line()
                .ends_with(&format!("; project override ignored: {reason}")),
            "{}",
            rules.summary_line()
        );
        assert!(
            rules
                .to_markdown()
                .contains(&format!("project override ignored:** {reason}"))
        );
        assert_eq!(rules.to_json_value()["project_override_error"], reason);
    }

    #[test]
    fn judge_move_applies_the_mode_when_a_requirement_is_unmet() {
        let facts = TaskFacts::default();
        assert!(builtin().judge_move("test", &facts).allows_move());
        let strict = effective(&RulesLayer::default(), None, RulesMode::Strict);
        let check = strict.judge_move("test", &facts);
        assert_eq!(
            check.refusal().unwrap(),
            "Rules: moving to test needs a report since the last stage change. Nothing changed."
        );
        assert_eq!(strict.judge_move("review", &facts), MoveCheck::Clear);
    }

    #[test]
    fn json_carries_hash_mode_and_document_when_serialised() {
        let rules = builtin();
        let value = serde_json::to_value(&rules).unwrap();
        assert_eq!(value["hash"], rules.hash());
        assert_eq!(value["rules_mode"], "warn");
        assert_eq!(value["rules"], rules.doc().to_json_value());
        assert_eq!(value["project_override_error"], Value::Null);
    }

    #[test]
    fn markdown_shows_every_part_when_rendered() {
        let global =
            layer(r###"{"description_template": "## Goal\n```sh\nmake\n```\n", "guidance": "Be brief."}"###);
        let rules = effective(&global, None, RulesMode::Strict);
        let md = rules.to_markdown();
        assert!(md.starts_with("# Working rules\n\n"), "{md}");
        assert!(
            md.contains(&format!("Rules `{}` · mode **strict**: ", rules.hash())),
            "{md}"
        );
        assert!(
            md.contains("First line of a report: `state · size · gist`"),
            "{md}"
        );
        assert!(
            md.contains("- states: inspected, changed, verified, committed, pushed, blocked\n"),
            "{md}"
        );
        assert!(md.contains("- sizes: S, M, L\n"), "{md}");
        assert!(
            md.contains(
                "| moving to | needs |\n|---|---|\n\
                 | dev | an accepted plan (not needed for size S) |\n\
                 | test | a report since the last stage change |\n\
                 | done | progress filled in |\n"
            ),
            "{md}"
        );
        assert!(
            md.contains("## Description template\n\n````markdown\n## Goal\n```sh\nmake\n```\n````\n"),
            "{md}"
        );
        assert!(md.ends_with("## Guidance\n\nBe brief.\n"), "{md}");
        assert!(!md.contains("override"), "{md}");
    }

    #[test]
    fn markdown_leaves_out_empty_parts_when_rendered() {
        let bare = layer(r#"{"stage_requirements": {"dev": [], "test": [], "done": []}, "guidance": ""}"#);
        let md = effective(&bare, None, RulesMode::Warn).to_markdown();
        assert!(
            md.contains("mode **warn**: a stage move that misses a requirement goes through with a warning.")
        );
        assert!(
            md.ends_with("## Stage requirements\n\nNo stage requirements.\n"),
            "{md}"
        );
        assert!(
            !md.contains("## Guidance") && !md.contains("## Description template"),
            "{md}"
        );
    }

    #[test]
    fn inline_code_survives_backticks_when_the_pattern_has_them() {
        assert_eq!(inline_code("a · b"), "`a · b`");
        assert_eq!(inline_code("`state` · gist"), "`` `state` · gist ``");
    }
}
