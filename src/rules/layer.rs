//! One partial rules layer — the `[rules]` table of `config.toml` or a project override stored as JSON — and its
//! validation. Both sources go through the same checks on a JSON value, so a mistake reads the same in either.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::document::{KINDS, Requirement};
use super::{REPORT_STATES, RulesError, SIZES, STAGES, presence_field_list, presence_fields};

/// The key path every error starts with.
const ROOT: &str = "rules";
const TOP_KEYS: &[&str] = &[
    "report_format",
    "stage_requirements",
    "description_template",
    "guidance",
];
const FORMAT_KEYS: &[&str] = &["first_line", "states", "sizes"];

/// One layer of the rules document; every key optional, every value already validated.
///
/// Parse it with [`RulesLayer::from_toml`] (the `[rules]` table) or [`RulesLayer::from_json`] (a project
/// override); it serialises back to the same JSON shape, leaving unset keys out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RulesLayer {
    #[serde(skip_serializing_if = "ReportFormatLayer::is_empty")]
    pub(super) report_format: ReportFormatLayer,
    /// A stage mapped to `[]` drops the earlier layers' requirements of that stage.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) stage_requirements: BTreeMap<String, Vec<Requirement>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) description_template: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) guidance: Option<String>,
}

/// The keys of `report_format` a layer sets.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(super) struct ReportFormatLayer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) first_line: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) states: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) sizes: Option<Vec<String>>,
}

impl ReportFormatLayer {
    fn is_empty(&self) -> bool {
        *self == ReportFormatLayer::default()
    }
}

impl RulesLayer {
    /// Reads the `[rules]` table of `config.toml`.
    ///
    /// ```
    /// use relay_core::rules::RulesLayer;
    /// let table: toml::Table = "[rules.stage_requirements]\ntset = []\n".parse().unwrap();
    /// let err = RulesLayer::from_toml(&table["rules"]).unwrap_err();
    /// assert_eq!(err.key, "rules.stage_requirements.tset");
    /// assert_eq!(err.problem, "unknown stage `tset`; stages are plan, dev, review, test, live, done");
    /// ```
    pub fn from_toml(value: &toml::Value) -> Result<RulesLayer, RulesError> {
        Self::from_json_value(&toml_to_json(value, ROOT)?)
    }

    /// Reads a project override: the same document as a JSON object.
    pub fn from_json(text: &str) -> Result<RulesLayer, RulesError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|err| RulesError::new(ROOT, format!("not valid JSON: {err}")))?;
        Self::from_json_value(&value)
    }

    /// Reads a layer from an already parsed JSON value.
    pub fn from_json_value(value: &Value) -> Result<RulesLayer, RulesError> {
        let table = expect_table(value, ROOT, "a table of rules keys")?;
        let mut layer = RulesLayer::default();
        for (key, value) in table {
            let path = child(ROOT, key);
            match key.as_str() {
                "report_format" => layer.report_format = parse_report_format(value, &path)?,
                "stage_requirements" => layer.stage_requirements = parse_stage_requirements(value, &path)?,
                "description_template" => {
                    layer.description_template = Some(expect_string(value, &path)?.to_owned());
                }
                "guidance" => layer.guidance = Some(expect_string(value, &path)?.to_owned()),
                _ => {
                    let mut err = unknown_key(&path, key, "[rules]", TOP_KEYS);
                    if key == "rules_mode" {
                        err.problem.push_str(
                            "; rules_mode is a top-level key of config.toml, above the [rules] table",
                        );
                    }
                    return Err(err);
                }
            }
        }
        Ok(layer)
    }

    /// Whether the layer sets nothing.
    pub fn is_empty(&self) -> bool {
        *self == RulesLayer::default()
    }
}

fn parse_report_format(value: &Value, path: &str) -> Result<ReportFormatLayer, RulesError> {
    let table = expect_table(value, path, "a table of first_line, states and sizes")?;
    let mut format = ReportFormatLayer::default();
    for (key, value) in table {
        let path = child(path, key);
        match key.as_str() {
            "first_line" => {
                let line = expect_string(value, &path)?.trim();
                if line.is_empty() {
                    return Err(RulesError::new(
                        path,
                        "must not be empty; leave the key out to keep the earlier pattern",
                    ));
                }
                if line.contains('\n') {
                    return Err(RulesError::new(path, "must be one line"));
                }
                format.first_line = Some(line.to_owned());
            }
            "states" => {
                format.states = Some(non_empty(
                    parse_subset(value, &path, REPORT_STATES, "report state")?,
                    &path,
                )?);
            }
            "sizes" => format.sizes = Some(non_empty(parse_subset(value, &path, SIZES, "size")?, &path)?),
            _ => return Err(unknown_key(&path, key, "rules.report_format", FORMAT_KEYS)),
        }
    }
    Ok(format)
}

fn non_empty(list: Vec<String>, path: &str) -> Result<Vec<String>, RulesError> {
    if list.is_empty() {
        return Err(RulesError::new(
            path,
            "needs at least one value; leave the key out to keep the earlier list",
        ));
    }
    Ok(list)
}

fn parse_stage_requirements(
    value: &Value,
    path: &str,
) -> Result<BTreeMap<String, Vec<Requirement>>, RulesError> {
    let table = expect_table(value, path, "a table of stage = [requirements]")?;
    let mut stages = BTreeMap::new();
    for (stage, list) in table {
        let path = child(path, stage);
        if !STAGES.contains(&stage.as_str()) {
            return Err(RulesError::new(
                path,
                format!("unknown stage `{stage}`; stages are {}", STAGES.join(", ")),
            ));
        }
        let Value::Array(items) = list else {
            return Err(wrong_type(
                &path,
                "a list of requirements such as [{kind = \"report_since_stage_change\"}] ([] drops the stage's requirements)",
                list,
            ));
        };
        let mut requirements: Vec<Requirement> = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let item_path = format!("{path}[{index}]");
            let requirement = parse_requirement(item, &item_path)?;
            if let Some(earlier) = requirements.iter().position(|r| *r == requirement) {
                return Err(RulesError::new(
                    item_path,
                    format!("repeats {path}[{earlier}]; list each requirement once"),
                ));
            }
            requirements.push(requirement);
        }
        stages.insert(stage.clone(), requirements);
    }
    Ok(stages)
}

fn parse_requirement(value: &Value, path: &str) -> Result<Requirement, RulesError> {
    let table = expect_table(
        value,
        path,
        "a requirement such as {kind = \"report_since_stage_change\"}",
    )?;
    let kind_path = child(path, "kind");
    let Some(kind) = table.get("kind") else {
        return Err(RulesError::new(
            path,
            format!("needs `kind`, one of {}", KINDS.join(", ")),
        ));
    };
    let (requirement, keys): (Requirement, &[&str]) = match expect_string(kind, &kind_path)? {
        "report_since_stage_change" => (Requirement::ReportSinceStageChange, &["kind"]),
        "field_present" => {
            let Some(field) = table.get("field") else {
                return Err(RulesError::new(
                    path,
                    format!(
                        "a field_present requirement needs `field`, one of {}",
                        presence_field_list()
                    ),
                ));
            };
            let field_path = child(path, "field");
            let field = expect_string(field, &field_path)?;
            if !presence_fields().any(|name| name == field) {
                return Err(RulesError::new(
                    field_path,
                    format!(
                        "unknown task field `{field}`; fields are {}",
                        presence_field_list()
                    ),
                ));
            }
            let requirement = Requirement::FieldPresent {
                field: field.to_owned(),
            };
            (requirement, &["kind", "field"])
        }
        "plan_accepted" => {
            let unless_size = match table.get("unless_size") {
                Some(sizes) => parse_subset(sizes, &child(path, "unless_size"), SIZES, "size")?,
                None => vec!["S".to_owned()],
            };
            (
                Requirement::PlanAccepted { unless_size },
                &["kind", "unless_size"],
            )
        }
        other => {
            return Err(RulesError::new(
                kind_path,
                format!("unknown kind `{other}`; kinds are {}", KINDS.join(", ")),
            ));
        }
    };
    if let Some(extra) = table.keys().find(|key| !keys.contains(&key.as_str())) {
        let owner = format!("a {} requirement", requirement.kind());
        return Err(unknown_key(&child(path, extra), extra, &owner, keys));
    }
    Ok(requirement)
}

/// A list of names from `allowed`, returned in the order of `allowed` without repeats (so equal sets hash
/// equally).
fn parse_subset(value: &Value, path: &str, allowed: &[&str], noun: &str) -> Result<Vec<String>, RulesError> {
    let accepts = format!("a list of {noun}s from {}", allowed.join(", "));
    let Value::Array(items) = value else {
        return Err(wrong_type(path, &accepts, value));
    };
    let mut chosen = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let item_path = format!("{path}[{index}]");
        let name = expect_string(item, &item_path)?;
        let Some(known) = allowed.iter().find(|known| **known == name) else {
            return Err(RulesError::new(
                item_path,
                format!("unknown {noun} `{name}`; {noun}s are {}", allowed.join(", ")),
            ));
        };
        chosen.push(*known);
    }
    Ok(allowed
        .iter()
        .filter(|name| chosen.contains(name))
        .map(|name| (*name).to_owned())
        .collect())
}

fn expect_table<'v>(
    value: &'v Value,
    path: &str,
    accepts: &str,
) -> Result<&'v Map<String, Value>, RulesError> {
    value.as_object().ok_or_else(|| wrong_type(path, accepts, value))
}

fn expect_string<'v>(value: &'v Value, path: &str) -> Result<&'v str, RulesError> {
    value.as_str().ok_or_else(|| wrong_type(path, "a string", value))
}

fn wrong_type(path: &str, accepts: &str, got: &Value) -> RulesError {
    let got = match got {
        Value::Object(_) => "a table".to_owned(),
        Value::Array(_) => "a list".to_owned(),
        scalar => {
            let shown = scalar.to_string();
            if shown.chars().count() > 60 {
                format!("{}…", shown.chars().take(60).collect::<String>())
            } else {
                shown
            }
        }
    };
    RulesError::new(path, format!("expected {accepts}, got {got}"))
}

fn unknown_key(path: &str, key: &str, owner: &str, known: &[&str]) -> RulesError {
    RulesError::new(
        path,
        format!("unknown key `{key}`; {owner} takes {}", known.join(", ")),
    )
}

/// `parent.key`, quoting a key that is not a bare TOML key.
fn child(parent: &str, key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        format!("{parent}.{key}")
    } else {
        format!("{parent}.{key:?}")
    }
}

/// TOML to JSON, refusing date-times (no rules key takes one) with their key path.
fn toml_to_json(value: &toml::Value, path: &str) -> Result<Value, RulesError> {
    Ok(match value {
        toml::Value::String(text) => Value::String(text.clone()),
        toml::Value::Integer(n) => Value::from(*n),
        toml::Value::Float(x) => serde_json::Number::from_f64(*x).map_or(Value::Null, Value::Number),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Datetime(when) => {
            return Err(RulesError::new(
                path,
                format!("got the date-time {when}; rules take strings, lists and tables (quote the text)"),
            ));
        }
        toml::Value::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(index, item)| toml_to_json(item, &format!("{path}[{index}]")))
                .collect::<Result<_, _>>()?,
        ),
        toml::Value::Table(table) => Value::Object(
            table
                .iter()
                .map(|(key, item)| Ok((key.clone(), toml_to_json(item, &child(path, key))?)))
                .collect::<Result<_, RulesError>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_toml(text: &str) -> Result<RulesLayer, RulesError> {
        let table: toml::Table = text.parse().unwrap();
        RulesLayer::from_toml(&table["rules"])
    }

    fn toml_error(text: &str) -> RulesError {
        from_toml(text).unwrap_err()
    }

    fn json_error(text: &str) -> RulesError {
        RulesLayer::from_json(text).unwrap_err()
    }

    #[test]
    fn full_table_is_read_when_every_key_is_set() {
        let layer = from_toml(
            r###"
            [rules]
            description_template = "## Goal\n"
            guidance = "Be brief."
            [rules.report_format]
            first_line = "  state · gist "
            states = ["verified", "changed", "changed"]
            sizes = ["L", "S"]
            [rules.stage_requirements]
            dev = [{ kind = "plan_accepted", unless_size = ["M", "S"] }]
            review = [{ kind = "field_present", field = "branch" }, { kind = "report_since_stage_change" }]
            done = []
            "###,
        )
        .unwrap();
        assert_eq!(layer.report_format.first_line.as_deref(), Some("state · gist"));
        assert_eq!(
            layer.report_format.states,
            Some(vec!["changed".to_owned(), "verified".to_owned()])
        );
        assert_eq!(
            layer.report_format.sizes,
            Some(vec!["S".to_owned(), "L".to_owned()])
        );
        assert_eq!(
            layer.stage_requirements["dev"],
            [Requirement::PlanAccepted {
                unless_size: vec!["S".into(), "M".into()]
            }]
        );
        assert_eq!(
            layer.stage_requirements["review"],
            [
                Requirement::FieldPresent {
                    field: "branch".into()
                },
                Requirement::ReportSinceStageChange
            ]
        );
        assert!(layer.stage_requirements["done"].is_empty());
        assert_eq!(layer.description_template.as_deref(), Some("## Goal\n"));
        assert_eq!(layer.guidance.as_deref(), Some("Be brief."));
    }

    #[test]
    fn unless_size_defaults_to_s_when_left_out() {
        let layer =
            RulesLayer::from_json(r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted"}]}}"#).unwrap();
        assert_eq!(
            layer.stage_requirements["dev"],
            [Requirement::PlanAccepted {
                unless_size: vec!["S".into()]
            }]
        );
        let none = RulesLayer::from_json(
            r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted", "unless_size": []}]}}"#,
        )
        .unwrap();
        assert_eq!(
            none.stage_requirements["dev"],
            [Requirement::PlanAccepted { unless_size: vec![] }]
        );
    }

    #[test]
    fn empty_table_sets_nothing_when_parsed() {
        assert!(from_toml("[rules]\n").unwrap().is_empty());
        assert!(RulesLayer::from_json("{}").unwrap().is_empty());
    }

    #[test]
    fn unknown_stage_names_the_key_path_when_misspelt() {
        let err = toml_error("[rules.stage_requirements]\ntset = []\n");
        assert_eq!(err.key, "rules.stage_requirements.tset");
        assert_eq!(
            err.problem,
            "unknown stage `tset`; stages are plan, dev, review, test, live, done"
        );
    }

    #[test]
    fn unknown_top_key_lists_the_known_ones_when_found() {
        let err = json_error(r#"{"stages": {}}"#);
        assert_eq!(err.key, "rules.stages");
        assert_eq!(
            err.problem,
            "unknown key `stages`; [rules] takes report_format, stage_requirements, description_template, guidance"
        );
        let err = toml_error("[rules]\nrules_mode = \"strict\"\n");
        assert!(err.problem.contains("top-level key"), "{err}");
    }

    #[test]
    fn unknown_report_format_key_names_the_key_path_when_found() {
        let err = toml_error("[rules.report_format]\nfirstline = \"x\"\n");
        assert_eq!(err.key, "rules.report_format.firstline");
        assert!(err.problem.contains("first_line, states, sizes"), "{err}");
    }

    #[test]
    fn unknown_state_or_size_names_the_item_when_listed() {
        let err = toml_error("[rules.report_format]\nstates = [\"verified\", \"done\"]\n");
        assert_eq!(err.key, "rules.report_format.states[1]");
        assert_eq!(
            err.problem,
            "unknown report state `done`; report states are inspected, changed, verified, committed, pushed, blocked"
        );
        let err = toml_error("[rules.report_format]\nsizes = [\"XL\"]\n");
        assert_eq!(err.key, "rules.report_format.sizes[0]");
        assert_eq!(err.problem, "unknown size `XL`; sizes are S, M, L");
        let err = json_error(
            r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted", "unless_size": ["S", "s"]}]}}"#,
        );
        assert_eq!(err.key, "rules.stage_requirements.dev[0].unless_size[1]");
    }

    #[test]
    fn empty_state_or_size_list_is_refused_when_given() {
        let err = toml_error("[rules.report_format]\nstates = []\n");
        assert_eq!(err.key, "rules.report_format.states");
        assert!(err.problem.contains("at least one"), "{err}");
        let err = toml_error("[rules.report_format]\nsizes = []\n");
        assert_eq!(err.key, "rules.report_format.sizes");
    }

    #[test]
    fn first_line_is_refused_when_empty_or_several_lines() {
        let err = toml_error("[rules.report_format]\nfirst_line = \"  \"\n");
        assert_eq!(err.key, "rules.report_format.first_line");
        assert!(err.problem.contains("must not be empty"), "{err}");
        let err = toml_error("[rules.report_format]\nfirst_line = \"a\\nb\"\n");
        assert_eq!(err.problem, "must be one line");
    }

    #[test]
    fn unknown_kind_names_the_kind_key_when_misspelt() {
        let err = toml_error("[[rules.stage_requirements.test]]\nkind = \"report\"\n");
        assert_eq!(err.key, "rules.stage_requirements.test[0].kind");
        assert_eq!(
            err.problem,
            "unknown kind `report`; kinds are report_since_stage_change, field_present, plan_accepted"
        );
    }

    #[test]
    fn missing_kind_or_field_names_the_requirement_when_left_out() {
        let err = json_error(r#"{"stage_requirements": {"done": [{"field": "progress"}]}}"#);
        assert_eq!(err.key, "rules.stage_requirements.done[0]");
        assert!(err.problem.starts_with("needs `kind`"), "{err}");
        let err = json_error(r#"{"stage_requirements": {"done": [{"kind": "field_present"}]}}"#);
        assert_eq!(err.key, "rules.stage_requirements.done[0]");
        assert!(err.problem.contains("needs `field`"), "{err}");
    }

    #[test]
    fn unknown_field_names_the_field_key_when_misspelt() {
        let err = json_error(
            r#"{"stage_requirements": {"done": [{"kind": "report_since_stage_change"}, {"kind": "field_present", "field": "progres"}]}}"#,
        );
        assert_eq!(err.key, "rules.stage_requirements.done[1].field");
        assert!(
            err.problem
                .starts_with("unknown task field `progres`; fields are title, "),
            "{err}"
        );
    }

    #[test]
    fn extra_key_in_a_requirement_is_refused_when_the_kind_does_not_take_it() {
        let err = json_error(
            r#"{"stage_requirements": {"test": [{"kind": "report_since_stage_change", "unless_size": ["S"]}]}}"#,
        );
        assert_eq!(err.key, "rules.stage_requirements.test[0].unless_size");
        assert_eq!(
            err.problem,
            "unknown key `unless_size`; a report_since_stage_change requirement takes kind"
        );
        let err =
            json_error(r#"{"stage_requirements": {"dev": [{"kind": "plan_accepted", "field": "title"}]}}"#);
        assert_eq!(err.key, "rules.stage_requirements.dev[0].field");
    }

    #[test]
    fn repeated_requirement_is_refused_when_listed_twice() {
        let err = json_error(
            r#"{"stage_requirements": {"test": [{"kind": "report_since_stage_change"}, {"kind": "report_since_stage_change"}]}}"#,
        );
        assert_eq!(err.key, "rules.stage_requirements.test[1]");
        assert!(
            err.problem.contains("repeats rules.stage_requirements.test[0]"),
            "{err}"
        );
    }

    #[test]
    fn wrong_types_name_what_is_expected_when_given() {
        let err = json_error(r#"{"guidance": 3}"#);
        assert_eq!(err.key, "rules.guidance");
        assert_eq!(err.problem, "expected a string, got 3");
        let err = json_error(r#"{"description_template": null}"#);
        assert_eq!(err.problem, "expected a string, got null");
        let err = json_error(r#"{"stage_requirements": {"test": {"kind": "report_since_stage_change"}}}"#);
        assert_eq!(err.key, "rules.stage_requirements.test");
        assert!(
            err.problem.starts_with("expected a list of requirements"),
            "{err}"
        );
        assert!(err.problem.ends_with("got a table"), "{err}");
        let err = json_error(r#"{"stage_requirements": {"test": ["report_since_stage_change"]}}"#);
        assert_eq!(err.key, "rules.stage_requirements.test[0]");
        let err = json_error(r#"{"report_format": {"states": "verified"}}"#);
        assert_eq!(err.key, "rules.report_format.states");
        assert!(
            err.problem
                .starts_with("expected a list of report states from inspected"),
            "{err}"
        );
        let err = json_error("[]");
        assert_eq!(err.key, "rules");
        assert_eq!(err.problem, "expected a table of rules keys, got a list");
        let err = toml_error("rules = \"strict\"\n");
        assert_eq!(err.key, "rules");
    }

    #[test]
    fn long_values_are_shortened_when_shown_in_errors() {
        let long = "x".repeat(200);
        let err = json_error(&format!(r#"{{"report_format": {{"states": ["{long}"]}}}}"#));
        assert!(err.problem.len() < 400, "{err}");
        let err = json_error(&format!(r#"{{"report_format": {{"first_line": ["{long}"]}}}}"#));
        assert_eq!(err.problem, "expected a string, got a list");
        let err = json_error(&format!(r#"{{"report_format": {{"states": "{long}"}}}}"#));
        assert!(err.problem.ends_with('…'), "{err}");
        assert!(err.problem.len() < 250, "{err}");
    }

    #[test]
    fn invalid_json_is_refused_when_the_override_is_not_json() {
        let err = json_error("{stage_requirements");
        assert_eq!(err.key, "rules");
        assert!(err.problem.starts_with("not valid JSON"), "{err}");
    }

    #[test]
    fn odd_keys_are_quoted_when_named_in_paths() {
        let err = json_error(r#"{"stage_requirements": {"in review": []}}"#);
        assert_eq!(err.key, "rules.stage_requirements.\"in review\"");
    }

    #[test]
    fn toml_date_time_is_refused_when_given_as_a_value() {
        let err = toml_error("[rules]\nguidance = 1979-05-27\n");
        assert_eq!(err.key, "rules.guidance");
        assert!(err.problem.contains("date-time"), "{err}");
    }

    #[test]
    fn layer_round_trips_when_serialised_to_json() {
        let layer = from_toml(
            r#"
            [rules]
            guidance = "g"
            [rules.report_format]
            sizes = ["S"]
            [rules.stage_requirements]
            done = []
            dev = [{ kind = "plan_accepted", unless_size = [] }]
            "#,
        )
        .unwrap();
        let json = serde_json::to_string(&layer).unwrap();
        assert_eq!(RulesLayer::from_json(&json).unwrap(), layer);
        assert_eq!(serde_json::to_string(&RulesLayer::default()).unwrap(), "{}");
    }
}
