//! The fixed stages a task moves through. Any transition is allowed; the event log keeps the history.

use std::fmt;
use std::str::FromStr;

use super::{NamedSet, UnknownName, parse_name};

/// Where a task's work is: plan → dev → review → test → live → done. The keys stay English; display labels
/// are configured elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Stage {
    Plan,
    Dev,
    /// The owner accepts the work step by step.
    Review,
    Test,
    Live,
    /// Moving here sets the task's closed time.
    Done,
}

impl Stage {
    /// Every stage, in workflow order.
    pub const ALL: &'static [Stage] = &[
        Stage::Plan,
        Stage::Dev,
        Stage::Review,
        Stage::Test,
        Stage::Live,
        Stage::Done,
    ];

    /// The key used on the wire, in the store and in URLs.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Plan => "plan",
            Stage::Dev => "dev",
            Stage::Review => "review",
            Stage::Test => "test",
            Stage::Live => "live",
            Stage::Done => "done",
        }
    }

    /// Looks a stage up by its key, ignoring surrounding whitespace and ASCII case.
    ///
    /// ```
    /// use relay_core::board::Stage;
    /// assert_eq!(Stage::parse("Review"), Ok(Stage::Review));
    /// assert!(Stage::parse("deploy").unwrap_err().to_string().contains("plan, dev, review, test, live, done"));
    /// ```
    pub fn parse(input: &str) -> Result<Stage, UnknownName> {
        parse_name(input)
    }
}

impl NamedSet for Stage {
    const WHAT: &'static str = "stage";

    fn all() -> &'static [Self] {
        Self::ALL
    }

    fn name(self) -> &'static str {
        self.as_str()
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Stage {
    type Err = UnknownName;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        Stage::parse(input)
    }
}

impl TryFrom<String> for Stage {
    type Error = UnknownName;

    fn try_from(input: String) -> Result<Self, Self::Error> {
        Stage::parse(&input)
    }
}

impl From<Stage> for &'static str {
    fn from(stage: Stage) -> Self {
        stage.as_str()
    }
}

/// The most characters of a stage's display label.
pub const STAGE_LABEL_MAX: usize = 20;

/// How the window names the stages (relaybay §10: display labels are configurable, the keys stay English — the
/// CLI, MCP and JSON keep `plan`, `dev`, …). Config's `stage_labels`; unset stages keep their default label,
/// the key capitalised (`Plan`, `Dev`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageLabels([String; Stage::ALL.len()]);

impl Default for StageLabels {
    fn default() -> StageLabels {
        StageLabels(std::array::from_fn(|i| {
            let key = Stage::ALL.get(i).map_or("", |s| s.as_str());
            let mut chars = key.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }))
    }
}

impl StageLabels {
    /// The label of `stage`.
    pub fn label(&self, stage: Stage) -> &str {
        let index = Stage::ALL.iter().position(|s| *s == stage).unwrap_or(0);
        self.0.get(index).map_or("", String::as_str)
    }

    /// The label of the stage with key `key`; an unknown key is shown as it is.
    pub fn of<'a>(&'a self, key: &'a str) -> &'a str {
        match Stage::parse(key) {
            Ok(stage) => self.label(stage),
            Err(_) => key,
        }
    }

    /// The defaults with `pairs` (stage key, label) set on top. A key that is not a stage, a label that is
    /// empty, longer than [`STAGE_LABEL_MAX`] characters or has a control character, or two stages with the same
    /// label are refused, saying which.
    ///
    /// ```
    /// use relay_core::board::{Stage, StageLabels};
    /// let labels = StageLabels::with([("dev", "Build"), ("live", " Shipped ")]).unwrap();
    /// assert_eq!(labels.label(Stage::Dev), "Build");
    /// assert_eq!(labels.of("live"), "Shipped");
    /// assert_eq!(labels.of("plan"), "Plan");
    /// assert!(StageLabels::with([("deploy", "Ship")]).unwrap_err().contains("deploy"));
    /// assert!(StageLabels::with([("dev", "Plan")]).unwrap_err().contains("plan and dev"));
    /// ```
    pub fn with<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<StageLabels, String> {
        let mut labels = StageLabels::default();
        for (key, label) in pairs {
            let stage = Stage::parse(key).map_err(|_| {
                format!("{key:?} is not a stage (the stages are plan, dev, review, test, live, done)")
            })?;
            let label = label.trim();
            if label.is_empty()
                || label.chars().count() > STAGE_LABEL_MAX
                || label.chars().any(char::is_control)
            {
                return Err(format!(
                    "the label of {stage} must be 1 to {STAGE_LABEL_MAX} characters on one line, got {label:?}"
                ));
            }
            if let Some(slot) = Stage::ALL
                .iter()
                .position(|s| *s == stage)
                .and_then(|i| labels.0.get_mut(i))
            {
                *slot = label.to_owned();
            }
        }
        for (i, a) in labels.0.iter().enumerate() {
            for (j, b) in labels.0.iter().enumerate().skip(i + 1) {
                if a.to_lowercase() == b.to_lowercase() {
                    let (x, y) = (Stage::ALL[i], Stage::ALL[j]);
                    return Err(format!(
                        "{x} and {y} would both be labelled {a:?}; give them different labels"
                    ));
                }
            }
        }
        Ok(labels)
    }

    /// The labels that differ from the defaults, as `key=label` pairs (for the docs and messages).
    pub fn changed(&self) -> Vec<String> {
        let defaults = StageLabels::default();
        Stage::ALL
            .iter()
            .filter(|s| self.label(**s) != defaults.label(**s))
            .map(|s| format!("{s}={}", self.label(*s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_round_trips_when_parsed_from_its_key() {
        for stage in Stage::ALL {
            assert_eq!(Stage::parse(stage.as_str()), Ok(*stage));
            assert_eq!(stage.to_string(), stage.as_str());
        }
    }

    #[test]
    fn all_lists_stages_in_workflow_order_when_iterated() {
        let keys: Vec<_> = Stage::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(keys, ["plan", "dev", "review", "test", "live", "done"]);
        assert!(Stage::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn parse_accepts_other_case_and_whitespace_when_the_key_is_known() {
        assert_eq!(Stage::parse(" DEV\n"), Ok(Stage::Dev));
        assert_eq!("Live".parse::<Stage>(), Ok(Stage::Live));
    }

    #[test]
    fn parse_names_the_input_and_lists_stages_when_the_stage_is_unknown() {
        let err = Stage::parse("in progress").unwrap_err();
        assert_eq!(err.what, "stage");
        assert_eq!(err.input, "in progress");
        assert_eq!(
            err.to_string(),
            "unknown stage \"in progress\"; use one of plan, dev, review, test, live, done"
        );
        assert!(Stage::parse("").is_err());
    }

    #[test]
    fn serde_uses_the_key_when_serialising_and_parse_when_deserialising() {
        assert_eq!(serde_json::to_string(&Stage::Review).unwrap(), "\"review\"");
        assert_eq!(serde_json::from_str::<Stage>("\"Test\"").unwrap(), Stage::Test);
        let err = serde_json::from_str::<Stage>("\"deploy\"").unwrap_err();
        assert!(err.to_string().contains("use one of plan"), "{err}");
    }
}
