//! Task keys: `<project>-<number>`, numbered per project (`acme-shop-12`).

use std::fmt;
use std::str::FromStr;

use super::slug::{ProjectSlug, SlugProblem};

/// A task's key. Displayed and parsed as `<project>-<number>`; the number is what follows the last dash, so a
/// project slug may itself end in digits (`web-2-7` is task 7 of `web-2`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TaskKey {
    pub project: ProjectSlug,
    /// Starts at 1 in every project; [`TaskKey::parse`] refuses 0.
    pub number: u32,
}

/// What is wrong with a text given as a task key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskKeyProblem {
    /// No dash separates the project from the number (`12`, `#12`, `acme`).
    NoDash,
    /// The part after the last dash is not a task number: digits only, no sign or leading zero, 1 to
    /// 4294967295.
    BadNumber(String),
    /// The part before the last dash is not a project slug.
    BadProject(SlugProblem),
}

impl fmt::Display for TaskKeyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskKeyProblem::NoDash => f.write_str("it has no dash between project and number"),
            TaskKeyProblem::BadNumber(text) => write!(
                f,
                "{text:?} is not a task number (digits without a leading zero, from 1 to {})",
                u32::MAX
            ),
            TaskKeyProblem::BadProject(problem) => {
                write!(f, "the project part is not a valid slug ({problem})")
            }
        }
    }
}

/// A text refused as a task key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid task key {input:?}: {problem}; expected <project>-<number>, such as acme-shop-12")]
pub struct TaskKeyError {
    pub input: String,
    pub problem: TaskKeyProblem,
}

impl TaskKey {
    pub fn new(project: ProjectSlug, number: u32) -> TaskKey {
        TaskKey { project, number }
    }

    /// Parses the exact form [`Display`](fmt::Display) writes; no trimming, no `#12` shorthand, no leading zeros.
    ///
    /// ```
    /// use relay_core::board::TaskKey;
    /// let key = TaskKey::parse("acme-shop-12").unwrap();
    /// assert_eq!((key.project.as_str(), key.number), ("acme-shop", 12));
    /// assert!(TaskKey::parse("#12").unwrap_err().to_string().contains("<project>-<number>"));
    /// ```
    pub fn parse(input: &str) -> Result<TaskKey, TaskKeyError> {
        let refuse = |problem| TaskKeyError {
            input: input.to_owned(),
            problem,
        };
        let (project, number) = input
            .rsplit_once('-')
            .ok_or_else(|| refuse(TaskKeyProblem::NoDash))?;
        let number =
            parse_number(number).ok_or_else(|| refuse(TaskKeyProblem::BadNumber(number.to_owned())))?;
        let project =
            ProjectSlug::parse(project).map_err(|err| refuse(TaskKeyProblem::BadProject(err.problem)))?;
        Ok(TaskKey { project, number })
    }
}

/// A task number written canonically: ASCII digits, no leading zero, not 0, fits `u32`.
fn parse_number(text: &str) -> Option<u32> {
    let canonical = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && !text.starts_with('0');
    if canonical { text.parse().ok() } else { None }
}

impl fmt::Display for TaskKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.project, self.number)
    }
}

impl FromStr for TaskKey {
    type Err = TaskKeyError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        TaskKey::parse(input)
    }
}

impl TryFrom<&str> for TaskKey {
    type Error = TaskKeyError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        TaskKey::parse(input)
    }
}

impl TryFrom<String> for TaskKey {
    type Error = TaskKeyError;

    fn try_from(input: String) -> Result<Self, Self::Error> {
        TaskKey::parse(&input)
    }
}

impl From<TaskKey> for String {
    fn from(key: TaskKey) -> Self {
        key.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(project: &str, number: u32) -> TaskKey {
        TaskKey::new(ProjectSlug::parse(project).unwrap(), number)
    }

    fn problem(input: &str) -> TaskKeyProblem {
        TaskKey::parse(input).expect_err(input).problem
    }

    #[test]
    fn display_writes_project_dash_number_when_formatted() {
        assert_eq!(key("acme-shop", 12).to_string(), "acme-shop-12");
    }

    #[test]
    fn parse_takes_the_number_after_the_last_dash_when_the_slug_has_dashes_or_digits() {
        assert_eq!(TaskKey::parse("acme-shop-12"), Ok(key("acme-shop", 12)));
        assert_eq!(TaskKey::parse("web-2-7"), Ok(key("web-2", 7)));
        assert_eq!(TaskKey::parse("2024-1"), Ok(key("2024", 1)));
        assert_eq!(TaskKey::parse("a-4294967295"), Ok(key("a", u32::MAX)));
    }

    #[test]
    fn parse_round_trips_when_given_what_display_wrote() {
        for original in [key("a", 1), key("acme-shop", 12), key("x9-y", 400)] {
            assert_eq!(TaskKey::parse(&original.to_string()), Ok(original));
        }
    }

    #[test]
    fn parse_refuses_when_there_is_no_dash() {
        for input in ["12", "#12", "acme", ""] {
            assert_eq!(problem(input), TaskKeyProblem::NoDash, "{input:?}");
        }
    }

    #[test]
    fn parse_refuses_when_the_number_is_not_canonical() {
        for (input, number) in [
            ("acme-", ""),
            ("acme-012", "012"),
            ("acme-0", "0"),
            ("acme-+3", "+3"),
            ("acme-3a", "3a"),
            ("acme-4294967296", "4294967296"),
            ("acme-shop", "shop"),
            ("acme-12 ", "12 "),
        ] {
            assert_eq!(
                problem(input),
                TaskKeyProblem::BadNumber(number.to_owned()),
                "{input:?}"
            );
        }
    }

    #[test]
    fn parse_names_the_slug_problem_when_the_project_part_is_invalid() {
        assert_eq!(
            problem("Acme-12"),
            TaskKeyProblem::BadProject(SlugProblem::Uppercase)
        );
        assert_eq!(problem("-12"), TaskKeyProblem::BadProject(SlugProblem::Empty));
        assert_eq!(
            problem("acme--12"),
            TaskKeyProblem::BadProject(SlugProblem::TrailingDash)
        );
    }

    #[test]
    fn error_names_the_input_and_the_expected_form_when_refused() {
        let err = TaskKey::parse("acme-shop").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid task key \"acme-shop\": \"shop\" is not a task number (digits without a leading zero, \
             from 1 to 4294967295); expected <project>-<number>, such as acme-shop-12"
        );
        let err = TaskKey::parse("Acme Shop-3").unwrap_err();
        assert!(
            err.to_string()
                .contains("not a valid slug (it has capital letters)"),
            "{err}"
        );
    }

    #[test]
    fn serde_uses_the_display_form_when_serialising_and_deserialising() {
        let original = key("acme-shop", 12);
        let json = serde_json::to_string(&original).unwrap();
        assert_eq!(json, "\"acme-shop-12\"");
        assert_eq!(serde_json::from_str::<TaskKey>(&json).unwrap(), original);
        assert!(serde_json::from_str::<TaskKey>("\"12\"").is_err());
    }
}
