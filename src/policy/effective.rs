//! The effective policy of a scope: preset ⊕ config ⊕ global ⊕ project ⊕ environment, every value with the layer
//! that set it.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::layer::{AllowPatternDef, GuardPatternDef, ListEdit, PolicyLayer};
use super::{Capability, EnvKind, GuardMode, LayerSource, Level, PolicyErrors, Preset};

/// A value and the layer that set it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: LayerSource,
}

/// A list and where its items come from: `set_by` is the last layer that replaced the whole list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourcedList<T> {
    pub set_by: LayerSource,
    pub items: Vec<Sourced<T>>,
}

impl<T> SourcedList<T> {
    fn new(source: &LayerSource) -> SourcedList<T> {
        SourcedList {
            set_by: source.clone(),
            items: Vec::new(),
        }
    }

    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.items.iter().map(|item| &item.value)
    }
}

/// A layer left out of the effective policy because it does not validate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IgnoredLayer {
    pub source: LayerSource,
    pub errors: PolicyErrors,
}

/// The merged policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EffectivePolicy {
    pub preset: Preset,
    /// The layers applied, in order (the preset first).
    pub chain: Vec<LayerSource>,
    /// Broken layers that were skipped.
    pub ignored: Vec<IgnoredLayer>,
    #[serde(skip)]
    pub levels: BTreeMap<(EnvKind, Option<Capability>), Sourced<Level>>,
    pub guard_mode: Sourced<GuardMode>,
    pub guard_disable: SourcedList<String>,
    pub guard_patterns: SourcedList<GuardPatternDef>,
    pub secrets_disable: SourcedList<String>,
    pub secrets_allow: SourcedList<AllowPatternDef>,
    #[serde(skip)]
    pub test_secrets: BTreeMap<EnvKind, Sourced<bool>>,
    pub expose_test_secrets: Sourced<bool>,
}

/// One layer handed to [`effective`]: where it comes from and whether it validated.
pub type LayerInput = (LayerSource, Result<PolicyLayer, PolicyErrors>);

/// Merges `layers` (config, global, project, environment — whichever exist, in that order) over the preset the
/// global layer names (`default` when it names none or is absent). Broken layers are skipped and listed.
///
/// ```
/// use relay_core::policy::{effective, EnvKind, Capability, LayerSource, PolicyLayer, Level};
/// let global = PolicyLayer::parse(r#"{"levels": {"live": {"ssh": "none"}}}"#, &LayerSource::Global);
/// let policy = effective(vec![(LayerSource::Global, global)]);
/// assert_eq!(policy.level(EnvKind::Live, Capability::Ssh).value, Level::None);
/// assert_eq!(policy.level(EnvKind::Live, Capability::Db).value, Level::Read);
/// assert_eq!(policy.level(EnvKind::Live, Capability::Db).source.to_string(), "preset:default");
/// ```
pub fn effective(layers: Vec<LayerInput>) -> EffectivePolicy {
    let mut ignored = Vec::new();
    let mut valid = Vec::new();
    for (source, layer) in layers {
        match layer {
            Ok(layer) => valid.push((source, layer)),
            Err(errors) => ignored.push(IgnoredLayer { source, errors }),
        }
    }
    let preset = valid
        .iter()
        .find(|(source, _)| source.is_global())
        .and_then(|(_, layer)| layer.preset)
        .unwrap_or_default();
    let preset_source = LayerSource::Preset(preset);
    let mut policy = EffectivePolicy {
        preset,
        chain: Vec::new(),
        ignored,
        levels: BTreeMap::new(),
        guard_mode: Sourced {
            value: GuardMode::Warn,
            source: preset_source.clone(),
        },
        guard_disable: SourcedList::new(&preset_source),
        guard_patterns: SourcedList::new(&preset_source),
        secrets_disable: SourcedList::new(&preset_source),
        secrets_allow: SourcedList::new(&preset_source),
        test_secrets: BTreeMap::new(),
        expose_test_secrets: Sourced {
            value: false,
            source: preset_source.clone(),
        },
    };
    match PolicyLayer::parse(preset.json(), &preset_source) {
        Ok(layer) => policy.apply(&preset_source, &layer),
        Err(errors) => policy.ignored.push(IgnoredLayer {
            source: preset_source,
            errors,
        }),
    }
    for (source, layer) in &valid {
        policy.apply(source, layer);
    }
    policy
}

impl EffectivePolicy {
    fn apply(&mut self, source: &LayerSource, layer: &PolicyLayer) {
        self.chain.push(source.clone());
        for (key, level) in &layer.levels {
            self.levels.insert(*key, sourced(*level, source));
        }
        if let Some(mode) = layer.guard_mode {
            self.guard_mode = sourced(mode, source);
        }
        edit(&mut self.guard_disable, &layer.guard_disable, source, |item| {
            item.as_str()
        });
        edit(&mut self.guard_patterns, &layer.guard_patterns, source, |item| {
            item.id.as_str()
        });
        edit(
            &mut self.secrets_disable,
            &layer.secrets_disable,
            source,
            |item| item.as_str(),
        );
        edit(&mut self.secrets_allow, &layer.secrets_allow, source, |item| {
            item.id.as_str()
        });
        for (kind, on) in &layer.test_secrets {
            self.test_secrets.insert(*kind, sourced(*on, source));
        }
        if let Some(expose) = layer.expose_test_secrets {
            self.expose_test_secrets = sourced(expose, source);
        }
    }

    /// The policy's level of `capability` on a `kind` environment: `levels.<kind>.<capability>`, else
    /// `levels.<kind>.default`.
    pub fn level(&self, kind: EnvKind, capability: Capability) -> Sourced<Level> {
        self.levels
            .get(&(kind, Some(capability)))
            .or_else(|| self.levels.get(&(kind, None)))
            .cloned()
            .unwrap_or(Sourced {
                value: Level::None,
                source: LayerSource::Preset(self.preset),
            })
    }

    /// The policy's default level on a `kind` environment.
    pub fn default_level(&self, kind: EnvKind) -> Sourced<Level> {
        self.levels.get(&(kind, None)).cloned().unwrap_or(Sourced {
            value: Level::None,
            source: LayerSource::Preset(self.preset),
        })
    }

    /// Whether an environment of `kind` may hold test secrets (never live, whatever the layers say).
    pub fn test_secrets_allowed(&self, kind: EnvKind) -> bool {
        kind != EnvKind::Live && self.test_secrets.get(&kind).is_some_and(|on| on.value)
    }

    /// Whether the built-in guard rule `id` is on.
    pub fn rule_enabled(&self, id: &str) -> bool {
        !self.guard_disable.values().any(|off| off == id)
    }

    /// Whether the secret detector `id` is on.
    pub fn detector_enabled(&self, id: &str) -> bool {
        !self.secrets_disable.values().any(|off| off == id)
    }

    /// One line per value with the layer that set it, as `policy_get` prints them
    /// (`- guard.mode = "warn" (preset:default)`).
    pub fn lines(&self) -> Vec<String> {
        self.values()
            .iter()
            .map(|v| format!("- {} = {} ({})", v.setting, v.value, v.source))
            .collect()
    }

    /// Every value with its setting and the layer that set it, in [`EffectivePolicy::lines`]' order: a list's
    /// items as `guard.disable[]` one each, an empty list as `guard.disable` = `[]`; values in JSON.
    pub fn values(&self) -> Vec<PolicyValue> {
        let mut out = Vec::new();
        let mut push = |setting: String, value: String, source: &LayerSource| {
            out.push(PolicyValue {
                setting,
                value,
                source: source.to_string(),
            });
        };
        for ((kind, capability), level) in &self.levels {
            let key = capability.map_or("default", Capability::as_str);
            push(
                format!("levels.{kind}.{key}"),
                format!("\"{}\"", level.value),
                &level.source,
            );
        }
        push(
            "guard.mode".to_owned(),
            format!("\"{}\"", self.guard_mode.value),
            &self.guard_mode.source,
        );
        list_values(&mut push, "guard.disable", &self.guard_disable, |id| {
            format!("\"{id}\"")
        });
        list_values(&mut push, "guard.patterns", &self.guard_patterns, |pattern| {
            format!("\"{}\"", pattern.id)
        });
        list_values(&mut push, "secrets.disable", &self.secrets_disable, |id| {
            format!("\"{id}\"")
        });
        list_values(&mut push, "secrets.allow", &self.secrets_allow, |pattern| {
            format!("\"{}\"", pattern.id)
        });
        for (kind, on) in &self.test_secrets {
            push(
                format!("secrets.test_secrets.{kind}"),
                on.value.to_string(),
                &on.source,
            );
        }
        push(
            "secrets.expose_test_secrets_to_agents".to_owned(),
            self.expose_test_secrets.value.to_string(),
            &self.expose_test_secrets.source,
        );
        out
    }
}

/// One value of the effective policy: its setting (`guard.mode`, `guard.disable[]` for a list's item), the value
/// in JSON, and the layer that set it (`preset:default`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolicyValue {
    pub setting: String,
    pub value: String,
    pub source: String,
}

fn list_values<T>(
    push: &mut impl FnMut(String, String, &LayerSource),
    key: &str,
    list: &SourcedList<T>,
    show: impl Fn(&T) -> String,
) {
    if list.items.is_empty() {
        push(key.to_owned(), "[]".to_owned(), &list.set_by);
    }
    for item in &list.items {
        push(format!("{key}[]"), show(&item.value), &item.source);
    }
}

fn sourced<T>(value: T, source: &LayerSource) -> Sourced<T> {
    Sourced {
        value,
        source: source.clone(),
    }
}

/// Applies `key`, then `key+` (an item with an existing key replaces it in place), then `key-`.
fn edit<T: Clone>(
    list: &mut SourcedList<T>,
    change: &ListEdit<T>,
    source: &LayerSource,
    key: impl Fn(&T) -> &str,
) {
    if let Some(items) = &change.set {
        list.set_by = source.clone();
        list.items = items.iter().map(|item| sourced(item.clone(), source)).collect();
    }
    for item in &change.add {
        match list.items.iter_mut().find(|have| key(&have.value) == key(item)) {
            Some(existing) => *existing = sourced(item.clone(), source),
            None => list.items.push(sourced(item.clone(), source)),
        }
    }
    if !change.remove.is_empty() {
        list.items
            .retain(|item| !change.remove.iter().any(|gone| gone == key(&item.value)));
    }
}

/// Where an environment's level of one capability comes from, in §7's resolution order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum LevelSource {
    /// The environment's override for this capability.
    Override,
    /// The environment's own level.
    Environment,
    /// The policy (`levels.<kind>.<capability>` or `levels.<kind>.default`), from this layer.
    Policy(LayerSource),
}

impl fmt::Display for LevelSource {
    /// How the Stands & access screen shows it: nothing when the environment sets it, `(default)` from the
    /// default preset, `(policy: <layer>)` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelSource::Override | LevelSource::Environment => Ok(()),
            LevelSource::Policy(LayerSource::Preset(Preset::Default)) => f.write_str("(default)"),
            LevelSource::Policy(layer) => write!(f, "(policy: {layer})"),
        }
    }
}

impl EffectivePolicy {
    /// The level of `capability` on an environment of `kind`: its override for it, its own level, the policy's
    /// `levels.<kind>.<capability>`, the policy's `levels.<kind>.default`.
    pub fn resolve_level(
        &self,
        kind: EnvKind,
        capability: Capability,
        override_level: Option<Level>,
        own_level: Option<Level>,
    ) -> (Level, LevelSource) {
        if let Some(level) = override_level {
            return (level, LevelSource::Override);
        }
        if let Some(level) = own_level {
            return (level, LevelSource::Environment);
        }
        let from_policy = self.level(kind, capability);
        (from_policy.value, LevelSource::Policy(from_policy.source))
    }
}
