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
