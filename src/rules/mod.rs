//! Working rules (relaybay spec §6): how agents are expected to work with tasks — the report format and what a
//! stage move needs.
//!
//! The pieces, in the order data flows through them:
//!
//! - [`RulesLayer`] (`layer.rs`): one partial layer, every key optional, read from the `[rules]` table of
//!   `config.toml` or from a project override stored as JSON, validated so that every mistake names its key path.
//! - [`RulesDoc`] (`document.rs`): the full document; [`RulesDoc::builtin`] holds the defaults of the spec table.
//! - [`effective`] merges built-in ⊕ global ⊕ project into [`EffectiveRules`] (`effective.rs`), which carries the
//!   mode, the hash, the summary line and the markdown that `rules_get` and `relay://rules` serve.
//! - [`EffectiveRules::check_move`] (`check.rs`) lists the [`Unmet`] requirements of a stage move; each renders as
//!   the spec's warning line, and [`MoveCheck`] applies the mode (warn lets the move through, strict refuses it).
//!
//! Stages, report states, sizes and task fields are plain strings checked against the tables below until the board
//! types are shared.

mod check;
mod document;
mod effective;
mod layer;

use std::fmt;

use serde::Serialize;

use crate::board::FieldKind;

pub use check::{MoveCheck, TaskFacts, Unmet, for_owner, strict_refusal};
pub use document::{ReportFormat, Requirement, RulesDoc};
pub use effective::{EffectiveRules, effective};
pub use layer::RulesLayer;

/// The stages, in pipeline order (the order of summaries and tables).
const STAGES: &[&str] = &["plan", "dev", "review", "test", "live", "done"];

/// The report states a first line may name, in documentation order.
const REPORT_STATES: &[&str] = &[
    "inspected",
    "changed",
    "verified",
    "committed",
    "pushed",
    "blocked",
];

/// The task sizes, smallest first.
const SIZES: &[&str] = &["S", "M", "L"];

/// The task fields a `field_present` requirement may name: every field of the task fields table that can be
/// empty (not the stage, not a flag).
fn presence_fields() -> impl Iterator<Item = &'static str> {
    crate::board::TASK_FIELDS
        .iter()
        .filter(|field| !matches!(field.kind, FieldKind::Stage | FieldKind::Bool))
        .map(|field| field.name)
}

/// [`presence_fields`] as `a, b, c`.
fn presence_field_list() -> String {
    presence_fields().collect::<Vec<_>>().join(", ")
}

/// What a stage move that misses a requirement does (`rules_mode` in `config.toml`, `RELAY_RULES_MODE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesMode {
    /// The move succeeds; the answer, the board form and the `task.stage_changed` event carry the warnings.
    #[default]
    Warn,
    /// The move is refused with the reason and nothing changes.
    Strict,
}

impl RulesMode {
    /// Both modes, in documentation order.
    pub const ALL: &'static [RulesMode] = &[RulesMode::Warn, RulesMode::Strict];

    /// The name used in `config.toml`, the environment and JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            RulesMode::Warn => "warn",
            RulesMode::Strict => "strict",
        }
    }

    /// Looks a mode up by its name (surrounding spaces are ignored, case is not).
    ///
    /// ```
    /// use relay_core::rules::RulesMode;
    /// assert_eq!(RulesMode::parse("strict"), Some(RulesMode::Strict));
    /// assert_eq!(RulesMode::parse("Strict"), None);
    /// ```
    pub fn parse(name: &str) -> Option<RulesMode> {
        let name = name.trim();
        Self::ALL.iter().copied().find(|mode| mode.as_str() == name)
    }
}

impl fmt::Display for RulesMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rules layer that does not validate: `key` is the full key path of the offending value
/// (`rules.stage_requirements.tset`, `rules.stage_requirements.dev[0].unless_size[1]`), `problem` says what is wrong
/// and what is accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{key}`: {problem}")]
pub struct RulesError {
    pub key: String,
    pub problem: String,
}

impl RulesError {
    fn new(key: impl Into<String>, problem: impl Into<String>) -> RulesError {
        RulesError {
            key: key.into(),
            problem: problem.into(),
        }
    }
}

/// `a, b and c` — for lists inside sentences.
fn and_list(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_owned(),
        [head @ .., last] => format!(
            "{} and {}",
            head.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(", "),
            last.as_ref()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_names_round_trip_when_parsed() {
        for mode in RulesMode::ALL {
            assert_eq!(RulesMode::parse(mode.as_str()), Some(*mode));
            assert_eq!(mode.to_string(), mode.as_str());
        }
        assert_eq!(RulesMode::parse(" warn "), Some(RulesMode::Warn));
        assert_eq!(RulesMode::parse("loose"), None);
        assert_eq!(RulesMode::default(), RulesMode::Warn);
    }

    #[test]
    fn error_names_the_key_path_when_displayed() {
        let err = RulesError::new("rules.guidance", "expected a string, got 3");
        assert_eq!(err.to_string(), "`rules.guidance`: expected a string, got 3");
    }

    #[test]
    fn lists_read_as_prose_when_joined() {
        let none: [&str; 0] = [];
        assert_eq!(and_list(&none), "");
        assert_eq!(and_list(&["S"]), "S");
        assert_eq!(and_list(&["S", "M"]), "S and M");
        assert_eq!(and_list(&["S", "M", "L"]), "S, M and L");
    }
}
