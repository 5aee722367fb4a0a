//! One policy layer: validated against the JSON Schema, then the checks the schema cannot express, then read into
//! [`PolicyLayer`]. Every problem names its path; up to five are reported at once.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::Value;

use super::pattern::SafePattern;
use super::secrets::DETECTOR_IDS;
use super::{Capability, EnvKind, GuardMode, LayerSource, Level, PolicyError, PolicyErrors, Preset, SCHEMA};
use crate::guard::RULE_IDS;

/// A list value of a layer: `key` (replaces the list), `key+` (adds; a pattern with an existing id replaces it)
/// and `key-` (removes by value or id), applied in that order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListEdit<T> {
    pub set: Option<Vec<T>>,
    pub add: Vec<T>,
    pub remove: Vec<String>,
}

impl<T> Default for ListEdit<T> {
    fn default() -> ListEdit<T> {
        ListEdit {
            set: None,
            add: Vec::new(),
            remove: Vec::new(),
        }
    }
}

/// A custom guard rule (`guard.patterns`): without `command` the `change` pattern alone decides.
#[derive(Clone, Debug, Serialize)]
pub struct GuardPatternDef {
    pub id: String,
    pub capability: Option<Capability>,
    pub command: Option<String>,
    pub change: String,
    pub description: Option<String>,
    #[serde(skip)]
    pub compiled_command: Option<Arc<SafePattern>>,
    #[serde(skip)]
    pub compiled_change: Arc<SafePattern>,
}

impl PartialEq for GuardPatternDef {
    /// Same id and the same fields (what "changes a pattern" means for the live-access confirmation).
    fn eq(&self, other: &GuardPatternDef) -> bool {
        self.id == other.id
            && self.capability == other.capability
            && self.command == other.command
            && self.change == other.change
            && self.description == other.description
    }
}

impl Eq for GuardPatternDef {}

/// A `secrets.allow` pattern: a value or a detected secret it matches whole is not refused.
#[derive(Clone, Debug, Serialize)]
pub struct AllowPatternDef {
    pub id: String,
    pub pattern: String,
    pub description: Option<String>,
    #[serde(skip)]
    pub compiled: Arc<SafePattern>,
}

impl PartialEq for AllowPatternDef {
    fn eq(&self, other: &AllowPatternDef) -> bool {
        self.id == other.id && self.pattern == other.pattern && self.description == other.description
    }
}

impl Eq for AllowPatternDef {}

/// One validated layer; every key optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PolicyLayer {
    pub preset: Option<Preset>,
    /// `levels.<kind>.default` (capability `None`) and `levels.<kind>.<capability>`.
    pub levels: BTreeMap<(EnvKind, Option<Capability>), Level>,
    pub guard_mode: Option<GuardMode>,
    pub guard_disable: ListEdit<String>,
    pub guard_patterns: ListEdit<GuardPatternDef>,
    pub secrets_disable: ListEdit<String>,
    pub secrets_allow: ListEdit<AllowPatternDef>,
    /// `secrets.test_secrets.local` / `.test` (the schema has no live key).
    pub test_secrets: BTreeMap<EnvKind, bool>,
    pub expose_test_secrets: Option<bool>,
}

/// The pre-policy keys of `config.toml` (`guard_mode`, `[permission_defaults]`): the `config` layer, only when
/// set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegacyConfig {
    pub guard_mode: Option<GuardMode>,
    /// `[permission_defaults]`: a kind's default level.
    pub permission_defaults: BTreeMap<EnvKind, Level>,
}

impl LegacyConfig {
    /// The layer these keys make, or `None` when none is set.
    pub fn layer(&self) -> Option<PolicyLayer> {
        if self.guard_mode.is_none() && self.permission_defaults.is_empty() {
            return None;
        }
        Some(PolicyLayer {
            guard_mode: self.guard_mode,
            levels: self
                .permission_defaults
                .iter()
                .map(|(kind, level)| ((*kind, None), *level))
                .collect(),
            ..PolicyLayer::default()
        })
    }
}

impl PolicyLayer {
    /// Parses and validates a layer's JSON text for `source` (the global file, a project or an environment
    /// layer).
    ///
    /// ```
    /// use relay_core::policy::{LayerSource, PolicyLayer};
    /// let err = PolicyLayer::parse(r#"{"guard": {"mode": "loud"}}"#, &LayerSource::Global).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"
    /// );
    /// ```
    pub fn parse(text: &str, source: &LayerSource) -> Result<PolicyLayer, PolicyErrors> {
        let value: Value = serde_json::from_str(text).map_err(|err| {
            PolicyErrors::new(
                source,
                vec![PolicyError {
                    path: String::new(),
                    problem: format!("is not valid JSON: {err}"),
                }],
            )
        })?;
        Self::from_value(&value, source)
    }

    /// Validates an already parsed layer.
    pub fn from_value(value: &Value, source: &LayerSource) -> Result<PolicyLayer, PolicyErrors> {
        let mut errors = schema_errors(value);
        if errors.is_empty() {
            let mut reader = Reader {
                errors: &mut errors,
                ids: BTreeMap::new(),
            };
            let layer = reader.read(value, source);
            if errors.is_empty() {
                return Ok(layer);
            }
        }
        Err(PolicyErrors::new(source, errors))
    }

    /// Whether the layer sets nothing.
    pub fn is_empty(&self) -> bool {
        *self == PolicyLayer::default()
    }
}

/// The compiled schema, once per process.
fn validator() -> Result<&'static jsonschema::Validator, String> {
    static VALIDATOR: OnceLock<Result<jsonschema::Validator, String>> = OnceLock::new();
    VALIDATOR
        .get_or_init(|| {
            let schema: Value = serde_json::from_str(SCHEMA).map_err(|err| err.to_string())?;
            jsonschema::draft202012::new(&schema).map_err(|err| err.to_string())
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The schema as a value, for naming the keys an object accepts.
fn schema_value() -> Option<&'static Value> {
    static SCHEMA_VALUE: OnceLock<Option<Value>> = OnceLock::new();
    SCHEMA_VALUE
        .get_or_init(|| serde_json::from_str(SCHEMA).ok())
        .as_ref()
}

fn schema_errors(value: &Value) -> Vec<PolicyError> {
    let validator = match validator() {
        Ok(validator) => validator,
        Err(err) => {
            return vec![PolicyError {
                path: String::new(),
                problem: format!("cannot be checked: relay's policy schema does not compile ({err})"),
            }];
        }
    };
    let mut errors = Vec::new();
    for error in validator.iter_errors(value) {
        let segments = pointer_segments(error.instance_path().as_str());
        let path = dotted(&segments);
        match error.kind() {
            jsonschema::error::ValidationErrorKind::AdditionalProperties { unexpected } => {
                let known = known_keys(&segments);
                for key in unexpected {
                    let mut key_path = segments.clone();
                    key_path.push(key.clone());
                    errors.push(PolicyError {
                        path: dotted(&key_path),
                        problem: match known.is_empty() {
                            true => "is not a policy key".to_owned(),
                            false => format!("is not a policy key here; known keys: {}", known.join(", ")),
                        },
                    });
                }
            }
            jsonschema::error::ValidationErrorKind::Enum { options } => errors.push(PolicyError {
                path,
                problem: format!(
                    "{} is not one of [{}]",
                    python_repr(error.instance()),
                    options
                        .as_array()
                        .map(|items| items.iter().map(python_repr).collect::<Vec<_>>().join(", "))
                        .unwrap_or_default()
                ),
            }),
            _ => errors.push(PolicyError {
                path,
                problem: error.to_string(),
            }),
        }
    }
    errors
}

/// `'text'` for strings, JSON for the rest (the wording of §7's example message).
fn python_repr(value: &Value) -> String {
    match value {
        Value::String(text) => format!("'{}'", text.replace('\'', "\\'")),
        other => other.to_string(),
    }
}

fn pointer_segments(pointer: &str) -> Vec<String> {
    pointer
        .split('/')
        .skip(1)
        .map(|segment| segment.replace("~1", "/").replace("~0", "~"))
        .collect()
}

/// `guard.patterns[1].change` from the pointer's segments (all-digit segments are list indexes).
fn dotted(segments: &[String]) -> String {
    let mut out = String::new();
    for segment in segments {
        if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{segment}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(segment);
        }
    }
    out
}

/// The keys the schema accepts for the object at `segments`.
fn known_keys(segments: &[String]) -> Vec<String> {
    let Some(root) = schema_value() else {
        return Vec::new();
    };
    let mut node = root;
    for segment in segments {
        node = resolve(root, node);
        let next = match segment.bytes().all(|b| b.is_ascii_digit()) {
            true => node.get("items"),
            false => node.get("properties").and_then(|props| props.get(segment)),
        };
        match next {
            Some(next) => node = next,
            None => return Vec::new(),
        }
    }
    resolve(root, node)
        .get("properties")
        .and_then(Value::as_object)
        .map(|props| props.keys().filter(|key| *key != "$schema").cloned().collect())
        .unwrap_or_default()
}

/// Follows a local `$ref` (`#/$defs/name`).
fn resolve<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
            .unwrap_or(node),
        None => node,
    }
}

/// Reads a schema-valid layer, running the checks the schema cannot express.
struct Reader<'e> {
    errors: &'e mut Vec<PolicyError>,
    /// Custom pattern ids seen in this layer, and where.
    ids: BTreeMap<String, String>,
}

impl Reader<'_> {
    fn fail(&mut self, path: impl Into<String>, problem: impl Into<String>) {
        self.errors.push(PolicyError {
            path: path.into(),
            problem: problem.into(),
        });
    }

    fn read(&mut self, value: &Value, source: &LayerSource) -> PolicyLayer {
        let mut layer = PolicyLayer::default();
        if let Some(name) = value.get("preset").and_then(Value::as_str) {
            match source.is_global() {
                true => layer.preset = Preset::parse(name),
                false => self.fail(
                    "preset",
                    format!(
                        "only the global layer (policy.json) may name a preset; remove it from the {source} layer"
                    ),
                ),
            }
        }
        if let Some(levels) = value.get("levels").and_then(Value::as_object) {
            for (kind_name, per_kind) in levels {
                let Some(kind) = EnvKind::parse(kind_name) else {
                    continue;
                };
                for (key, level) in per_kind.as_object().into_iter().flatten() {
                    let Some(level) = level.as_str().and_then(Level::parse) else {
                        continue;
                    };
                    let capability = match key.as_str() {
                        "default" => None,
                        other => match Capability::parse(other) {
                            Some(cap) => Some(cap),
                            None => continue,
                        },
                    };
                    layer.levels.insert((kind, capability), level);
                }
            }
        }
        if let Some(guard) = value.get("guard") {
            layer.guard_mode = guard
                .get("mode")
                .and_then(Value::as_str)
                .and_then(GuardMode::parse);
            layer.guard_disable = string_edit(guard, "disable");
            layer.guard_patterns = ListEdit {
                set: guard
                    .get("patterns")
                    .map(|list| self.guard_patterns(list, "guard.patterns")),
                add: guard
                    .get("patterns+")
                    .map(|list| self.guard_patterns(list, "guard.patterns+"))
                    .unwrap_or_default(),
                remove: strings(guard.get("patterns-")),
            };
        }
        if let Some(secrets) = value.get("secrets") {
            layer.secrets_disable = string_edit(secrets, "disable");
            layer.secrets_allow = ListEdit {
                set: secrets
                    .get("allow")
                    .map(|list| self.allow_patterns(list, "secrets.allow")),
                add: secrets
                    .get("allow+")
                    .map(|list| self.allow_patterns(list, "secrets.allow+"))
                    .unwrap_or_default(),
                remove: strings(secrets.get("allow-")),
            };
            for (key, on) in secrets
                .get("test_secrets")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                if let (Some(kind), Some(on)) = (EnvKind::parse(key), on.as_bool()) {
                    layer.test_secrets.insert(kind, on);
                }
            }
            layer.expose_test_secrets = secrets
                .get("expose_test_secrets_to_agents")
                .and_then(Value::as_bool);
        }
        layer
    }

    /// Checks a custom id: unique in the layer, not a built-in rule or detector id.
    fn check_id(&mut self, id: &str, path: &str) {
        if RULE_IDS.contains(&id) {
            self.fail(
                format!("{path}.id"),
                format!("'{id}' is the id of a built-in guard rule; give the pattern its own id"),
            );
        } else if DETECTOR_IDS.contains(&id) {
            self.fail(
                format!("{path}.id"),
                format!("'{id}' is the id of a built-in secret detector; give the pattern its own id"),
            );
        } else if let Some(first) = self.ids.get(id) {
            let first = first.clone();
            self.fail(
                format!("{path}.id"),
                format!("'{id}' is already the id of {first}; custom pattern ids must be unique"),
            );
        } else {
            self.ids.insert(id.to_owned(), path.to_owned());
        }
    }

    fn compile(&mut self, id: &str, source: &str, path: String) -> Option<Arc<SafePattern>> {
        match SafePattern::new(id, source) {
            Ok(pattern) => Some(Arc::new(pattern)),
            Err(err) => {
                self.fail(path, err.to_string());
                None
            }
        }
    }

    fn guard_patterns(&mut self, list: &Value, path: &str) -> Vec<GuardPatternDef> {
        let mut out = Vec::new();
        for (index, item) in list.as_array().into_iter().flatten().enumerate() {
            let item_path = format!("{path}[{index}]");
            let id = text(item, "id").unwrap_or_default();
            self.check_id(&id, &item_path);
            let command = text(item, "command");
            let change = text(item, "change").unwrap_or_default();
            let compiled_command = match &command {
                Some(source) => match self.compile(&id, source, format!("{item_path}.command")) {
                    Some(pattern) => Some(pattern),
                    None => continue,
                },
                None => None,
            };
            let Some(compiled_change) = self.compile(&id, &change, format!("{item_path}.change")) else {
                continue;
            };
            out.push(GuardPatternDef {
                capability: text(item, "capability").as_deref().and_then(Capability::parse),
                description: text(item, "description"),
                id,
                command,
                change,
                compiled_command,
                compiled_change,
            });
        }
        out
    }

    fn allow_patterns(&mut self, list: &Value, path: &str) -> Vec<AllowPatternDef> {
        let mut out = Vec::new();
        for (index, item) in list.as_array().into_iter().flatten().enumerate() {
            let item_path = format!("{path}[{index}]");
            let id = text(item, "id").unwrap_or_default();
            self.check_id(&id, &item_path);
            let pattern = text(item, "pattern").unwrap_or_default();
            let Some(compiled) = self.compile(&id, &pattern, format!("{item_path}.pattern")) else {
                continue;
            };
            out.push(AllowPatternDef {
                description: text(item, "description"),
                id,
                pattern,
                compiled,
            });
        }
        out
    }
}

fn text(item: &Value, key: &str) -> Option<String> {
    item.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn strings(list: Option<&Value>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    list.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|item| seen.insert(*item))
        .map(str::to_owned)
        .collect()
}

fn string_edit(table: &Value, key: &str) -> ListEdit<String> {
    ListEdit {
        set: table.get(key).map(|list| strings(Some(list))),
        add: strings(table.get(format!("{key}+").as_str())),
        remove: strings(table.get(format!("{key}-").as_str())),
    }
}
