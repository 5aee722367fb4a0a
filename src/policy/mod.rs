//! Policy as data (relaybay §7): what agents may do on each kind of environment, what the guard counts as a change
//! and what counts as a secret — a JSON document, not code.
//!
//! The pieces, in the order data flows through them:
//!
//! - `schema.json` (JSON Schema 2020-12, embedded with `include_str!`, [`SCHEMA`]) is the document's shape;
//!   [`PolicyLayer::parse`] (`layer.rs`) validates one layer against it with the `jsonschema` crate, then runs the
//!   checks the schema cannot express (`preset` only in the global layer, custom pattern ids unique and not a
//!   built-in id, every custom regular expression safe — [`pattern`]). Errors name the layer, the path and the
//!   problem, up to five at once ([`PolicyErrors`]).
//! - [`Preset`] (`preset.rs`): the built-in `default`, `strict` and `trusted` layers, written as policy JSON and
//!   parsed like any other layer.
//! - [`LegacyConfig`]: `guard_mode` and `[permission_defaults]` of `config.toml` as the `config` layer.
//! - [`effective`] (`effective.rs`) merges preset ⊕ config ⊕ global ⊕ project ⊕ environment into an
//!   [`EffectivePolicy`]: objects key by key, scalars and lists replace, `key+` / `key-` list edits applied after
//!   `key`; every value carries the [`LayerSource`] that set it. A broken project or environment layer is ignored
//!   and listed.
//! - [`pattern`]: custom patterns on the linear-time `regex` engine, case-insensitive, over at most 8 KB, with the
//!   limits of §7 checked on regex-syntax's AST and a time budget that fails closed.
//! - [`secrets`]: the secret detectors with stable ids, the reference shapes, the refusal wording and the journal's
//!   masking (one table for both).

mod effective;
mod layer;
pub mod pattern;
mod preset;
pub mod secrets;

use std::fmt;

use serde::Serialize;

pub use effective::{EffectivePolicy, IgnoredLayer, LevelSource, PolicyValue, Sourced, effective};
pub use layer::{AllowPatternDef, GuardPatternDef, LegacyConfig, ListEdit, PolicyLayer};
pub use preset::Preset;

/// The policy document's JSON Schema (2020-12), shipped with relay.
pub const SCHEMA: &str = include_str!("schema.json");

/// The most errors one refusal lists.
pub const MAX_ERRORS: usize = 5;

/// The kind of an environment (a project's stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EnvKind {
    Local,
    Test,
    Live,
}

impl EnvKind {
    /// Every kind, in documentation order.
    pub const ALL: [EnvKind; 3] = [EnvKind::Local, EnvKind::Test, EnvKind::Live];

    pub const fn as_str(self) -> &'static str {
        match self {
            EnvKind::Local => "local",
            EnvKind::Test => "test",
            EnvKind::Live => "live",
        }
    }

    /// Looks a kind up by its exact name.
    pub fn parse(name: &str) -> Option<EnvKind> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

impl fmt::Display for EnvKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The agents' permission level on an environment, weakest grant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Do not touch.
    None,
    /// Look only.
    Read,
    /// The owner approves each action.
    Ask,
    /// Act as needed.
    Full,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::None, Level::Read, Level::Ask, Level::Full];

    pub const fn as_str(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Read => "read",
            Level::Ask => "ask",
            Level::Full => "full",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Self::ALL.into_iter().find(|level| level.as_str() == name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an agent does on an environment; each may have its own level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    SignIn,
    Ssh,
    Kubectl,
    Db,
    Deploy,
}

impl Capability {
    pub const ALL: [Capability; 5] = [
        Capability::SignIn,
        Capability::Ssh,
        Capability::Kubectl,
        Capability::Db,
        Capability::Deploy,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Capability::SignIn => "sign_in",
            Capability::Ssh => "ssh",
            Capability::Kubectl => "kubectl",
            Capability::Db => "db",
            Capability::Deploy => "deploy",
        }
    }

    pub fn parse(name: &str) -> Option<Capability> {
        Self::ALL.into_iter().find(|cap| cap.as_str() == name)
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the guard acts on an environment, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GuardMode {
    /// Not checked, not journaled.
    Off,
    /// Journal only: no warning, no deny, no ask.
    Log,
    /// The call goes on with a warning (the default).
    Warn,
    /// Deny and ask.
    Block,
}

impl GuardMode {
    pub const ALL: [GuardMode; 4] = [GuardMode::Off, GuardMode::Log, GuardMode::Warn, GuardMode::Block];

    pub const fn as_str(self) -> &'static str {
        match self {
            GuardMode::Off => "off",
            GuardMode::Log => "log",
            GuardMode::Warn => "warn",
            GuardMode::Block => "block",
        }
    }

    pub fn parse(name: &str) -> Option<GuardMode> {
        Self::ALL.into_iter().find(|mode| mode.as_str() == name)
    }
}

impl fmt::Display for GuardMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The layer a policy value comes from, as §7 names it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub enum LayerSource {
    /// `preset:<name>`
    Preset(Preset),
    /// `config`: `guard_mode` and `[permission_defaults]` of `config.toml`.
    Config,
    /// `global`: the file `policy.json`.
    Global,
    /// `project:<slug>`
    Project(String),
    /// `environment:<slug>/<name>`
    Environment { project: String, environment: String },
}

impl LayerSource {
    /// Whether the layer may name a preset (only the global one).
    pub fn is_global(&self) -> bool {
        matches!(self, LayerSource::Global)
    }

    /// How errors name the layer: the file for the global layer (`policy.json`), the source name otherwise.
    pub fn error_label(&self) -> String {
        match self {
            LayerSource::Global => "policy.json".to_owned(),
            LayerSource::Config => "config.toml".to_owned(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for LayerSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayerSource::Preset(preset) => write!(f, "preset:{}", preset.as_str()),
            LayerSource::Config => f.write_str("config"),
            LayerSource::Global => f.write_str("global"),
            LayerSource::Project(slug) => write!(f, "project:{slug}"),
            LayerSource::Environment { project, environment } => {
                write!(f, "environment:{project}/{environment}")
            }
        }
    }
}

impl From<LayerSource> for String {
    fn from(source: LayerSource) -> String {
        source.to_string()
    }
}

/// One problem of a layer: the path of the offending value (`guard.mode`, `guard.patterns[1].change`; empty for
/// the document itself) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PolicyError {
    pub path: String,
    pub problem: String,
}

/// A layer that does not validate: its label (`policy.json`, `project:acme`), up to [`MAX_ERRORS`] problems, and
/// how many more there were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub struct PolicyErrors {
    pub layer: String,
    pub errors: Vec<PolicyError>,
    pub more: usize,
}

impl PolicyErrors {
    fn new(source: &LayerSource, mut all: Vec<PolicyError>) -> PolicyErrors {
        let more = all.len().saturating_sub(MAX_ERRORS);
        all.truncate(MAX_ERRORS);
        PolicyErrors {
            layer: source.error_label(),
            errors: all,
            more,
        }
    }
}

impl fmt::Display for PolicyErrors {
    /// One line per problem: `policy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            match error.path.is_empty() {
                true => write!(f, "{}: {}", self.layer, error.problem)?,
                false => write!(f, "{}: {}: {}", self.layer, error.path, error.problem)?,
            }
        }
        if self.more > 0 {
            write!(f, "\n{}: … and {} more problem(s)", self.layer, self.more)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
