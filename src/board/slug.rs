//! Project slugs: the short name in task keys (`acme-shop-12`), URLs (`/p/acme-shop`) and MCP parameters.

use std::fmt;
use std::str::FromStr;

/// The rule every slug follows, quoted in errors.
const RULE: &str = "a slug is 1 to 40 lowercase ASCII letters, digits and single dashes, \
                    starting with a letter or digit and not ending with a dash";

/// A project's slug: lowercase ASCII letters, digits and single dashes, starting with a letter or digit, not
/// ending with a dash, at most [`ProjectSlug::MAX_LEN`] characters. Holding one means the text is valid.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct ProjectSlug(String);

/// Why a text is not a slug; the first rule it breaks, in the order the rules are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlugProblem {
    Empty,
    TooLong {
        chars: usize,
    },
    Uppercase,
    /// A character other than a lowercase letter, digit or dash (a space, an underscore, `é`, …).
    BadChar(char),
    LeadingDash,
    TrailingDash,
    DoubleDash,
}

impl fmt::Display for SlugProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlugProblem::Empty => f.write_str("it is empty"),
            SlugProblem::TooLong { chars } => {
                write!(
                    f,
                    "it is {chars} characters long, more than {}",
                    ProjectSlug::MAX_LEN
                )
            }
            SlugProblem::Uppercase => f.write_str("it has capital letters"),
            SlugProblem::BadChar(' ') => f.write_str("it has a space"),
            SlugProblem::BadChar(c) => write!(f, "it has the character {c:?}"),
            SlugProblem::LeadingDash => f.write_str("it starts with a dash"),
            SlugProblem::TrailingDash => f.write_str("it ends with a dash"),
            SlugProblem::DoubleDash => f.write_str("it has a double dash"),
        }
    }
}

/// A text refused as a project slug, with a fixed slug to offer when one can be made from it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid project slug {input:?}: {problem}; {RULE}{}", offer(.suggestion.as_ref()))]
pub struct SlugError {
    pub input: String,
    pub problem: SlugProblem,
    /// [`ProjectSlug::suggest`] of the input.
    pub suggestion: Option<ProjectSlug>,
}

fn offer(suggestion: Option<&ProjectSlug>) -> String {
    suggestion.map_or_else(String::new, |slug| format!("; try \"{slug}\""))
}

impl ProjectSlug {
    /// The longest slug, in characters (and bytes: slugs are ASCII).
    pub const MAX_LEN: usize = 40;

    /// Checks `input` as it is (no trimming, no lowering: the caller should see its exact text refused).
    pub fn parse(input: &str) -> Result<ProjectSlug, SlugError> {
        match problem(input) {
            None => Ok(ProjectSlug(input.to_owned())),
            Some(problem) => Err(refusal(input, problem)),
        }
    }

    /// Makes a slug from a project name: ASCII letters and digits lowered, runs of anything else become one
    /// dash, apostrophes and other non-ASCII letters are dropped, the result is cut to [`Self::MAX_LEN`].
    /// `None` when nothing usable is left.
    ///
    /// ```
    /// use relay_core::board::ProjectSlug;
    /// assert_eq!(ProjectSlug::suggest("Acme Shop").unwrap().as_str(), "acme-shop");
    /// assert_eq!(ProjectSlug::suggest("Bob's  café_API v2!").unwrap().as_str(), "bobs-caf-api-v2");
    /// assert_eq!(ProjectSlug::suggest("--- ___"), None);
    /// ```
    pub fn suggest(name: &str) -> Option<ProjectSlug> {
        let mut slug = String::new();
        let mut dash_pending = false;
        for c in name.chars() {
            if c.is_ascii_alphanumeric() {
                if dash_pending && !slug.is_empty() {
                    slug.push('-');
                }
                dash_pending = false;
                slug.push(c.to_ascii_lowercase());
            } else if !(c.is_alphanumeric() || matches!(c, '\'' | '’')) {
                dash_pending = true;
            }
            if slug.len() >= Self::MAX_LEN {
                break;
            }
        }
        slug.truncate(Self::MAX_LEN);
        let slug = slug.trim_end_matches('-');
        problem(slug).is_none().then(|| ProjectSlug(slug.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn refusal(input: &str, problem: SlugProblem) -> SlugError {
    SlugError {
        input: input.to_owned(),
        problem,
        suggestion: ProjectSlug::suggest(input),
    }
}

/// The first rule `input` breaks, if any.
fn problem(input: &str) -> Option<SlugProblem> {
    let chars = input.chars().count();
    if chars == 0 {
        return Some(SlugProblem::Empty);
    }
    if chars > ProjectSlug::MAX_LEN {
        return Some(SlugProblem::TooLong { chars });
    }
    if input.chars().any(char::is_uppercase) {
        return Some(SlugProblem::Uppercase);
    }
    if let Some(c) = input
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Some(SlugProblem::BadChar(c));
    }
    if input.starts_with('-') {
        return Some(SlugProblem::LeadingDash);
    }
    if input.ends_with('-') {
        return Some(SlugProblem::TrailingDash);
    }
    if input.contains("--") {
        return Some(SlugProblem::DoubleDash);
    }
    None
}

impl fmt::Display for ProjectSlug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for ProjectSlug {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl FromStr for ProjectSlug {
    type Err = SlugError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        ProjectSlug::parse(input)
    }
}

impl TryFrom<&str> for ProjectSlug {
    type Error = SlugError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        ProjectSlug::parse(input)
    }
}

impl TryFrom<String> for ProjectSlug {
    type Error = SlugError;

    fn try_from(input: String) -> Result<Self, Self::Error> {
        match problem(&input) {
            None => Ok(ProjectSlug(input)),
            Some(problem) => Err(refusal(&input, problem)),
        }
    }
}

impl From<ProjectSlug> for String {
    fn from(slug: ProjectSlug) -> Self {
        slug.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(input: &str) -> SlugError {
        ProjectSlug::parse(input).expect_err(input)
    }

    #[test]
    fn parse_accepts_the_text_when_it_follows_the_rule() {
        for text in ["acme-shop", "a", "7", "2024-q3", "web2", &"a".repeat(40)] {
            assert_eq!(ProjectSlug::parse(text).unwrap().as_str(), text);
        }
    }

    #[test]
    fn parse_refuses_and_suggests_when_the_slug_has_capitals_or_spaces() {
        let err = refused("Acme Shop");
        assert_eq!(err.problem, SlugProblem::Uppercase);
        assert_eq!(
            err.suggestion.as_ref().map(ProjectSlug::as_str),
            Some("acme-shop")
        );
        assert_eq!(
            err.to_string(),
            "invalid project slug \"Acme Shop\": it has capital letters; a slug is 1 to 40 lowercase ASCII \
             letters, digits and single dashes, starting with a letter or digit and not ending with a dash; \
             try \"acme-shop\""
        );
        let err = refused("acme shop");
        assert_eq!(err.problem, SlugProblem::BadChar(' '));
        assert!(err.to_string().contains("it has a space"), "{err}");
    }

    #[test]
    fn parse_names_the_broken_rule_when_the_shape_is_wrong() {
        let cases = [
            ("", SlugProblem::Empty),
            ("acme_shop", SlugProblem::BadChar('_')),
            ("café", SlugProblem::BadChar('é')),
            ("-acme", SlugProblem::LeadingDash),
            ("acme-", SlugProblem::TrailingDash),
            ("acme--shop", SlugProblem::DoubleDash),
            (" acme", SlugProblem::BadChar(' ')),
        ];
        for (input, problem) in cases {
            let err = refused(input);
            assert_eq!(err.problem, problem, "{input:?}");
            assert_eq!(err.input, input);
            assert!(err.to_string().contains(RULE), "{err}");
        }
    }

    #[test]
    fn parse_states_the_length_when_the_slug_is_too_long() {
        let err = refused(&"a".repeat(41));
        assert_eq!(err.problem, SlugProblem::TooLong { chars: 41 });
        assert!(
            err.to_string().contains("41 characters long, more than 40"),
            "{err}"
        );
        assert_eq!(err.suggestion.unwrap().as_str().len(), 40);
    }

    #[test]
    fn error_offers_no_fix_when_nothing_usable_is_left() {
        let err = refused("---");
        assert_eq!(err.suggestion, None);
        assert!(!err.to_string().contains("try"), "{err}");
    }

    #[test]
    fn suggest_makes_a_valid_slug_when_given_a_project_name() {
        let cases = [
            ("Acme Shop", "acme-shop"),
            ("  acme--shop-- ", "acme-shop"),
            ("Bob's Shop", "bobs-shop"),
            ("Über Café 2", "ber-caf-2"),
            ("API_v2.0", "api-v2-0"),
            ("acme-shop", "acme-shop"),
        ];
        for (name, slug) in cases {
            assert_eq!(
                ProjectSlug::suggest(name).map(String::from).as_deref(),
                Some(slug),
                "{name:?}"
            );
        }
    }

    #[test]
    fn suggest_cuts_without_a_trailing_dash_when_the_name_is_long() {
        let name = format!("{} tail", "a".repeat(39));
        let slug = ProjectSlug::suggest(&name).unwrap();
        assert_eq!(slug.as_str(), "a".repeat(39));
    }

    #[test]
    fn suggest_gives_none_when_the_name_has_no_ascii_letters_or_digits() {
        for name in ["", "   ", "___", "日本語"] {
            assert_eq!(ProjectSlug::suggest(name), None, "{name:?}");
        }
    }

    #[test]
    fn conversions_agree_when_the_same_text_is_given() {
        let from_str: ProjectSlug = "acme".parse().unwrap();
        let from_ref = ProjectSlug::try_from("acme").unwrap();
        let from_string = ProjectSlug::try_from(String::from("acme")).unwrap();
        assert_eq!(from_str, from_ref);
        assert_eq!(from_ref, from_string);
        assert!(ProjectSlug::try_from(String::from("Acme")).is_err());
    }

    #[test]
    fn serde_refuses_an_invalid_slug_when_deserialising() {
        let slug: ProjectSlug = serde_json::from_str("\"acme-shop\"").unwrap();
        assert_eq!(serde_json::to_string(&slug).unwrap(), "\"acme-shop\"");
        let err = serde_json::from_str::<ProjectSlug>("\"Acme Shop\"").unwrap_err();
        assert!(err.to_string().contains("acme-shop"), "{err}");
    }
}
