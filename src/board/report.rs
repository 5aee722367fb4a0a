//! The head of a report: its summary line and, when the first line follows the `state · size · gist` format,
//! the state and size badges.

use std::fmt;
use std::str::FromStr;

use super::size::Size;
use super::{NamedSet, UnknownName, parse_name};

/// The longest summary, in characters, the ellipsis of a cut summary included.
pub const SUMMARY_MAX_CHARS: usize = 200;

/// Separates state, size and gist on a report's first line (U+00B7 MIDDLE DOT).
const SEPARATOR: char = '·';

/// What a report says about the work; the first word of a formatted first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum ReportState {
    /// Looked at, nothing changed.
    Inspected,
    /// Changed, not yet checked.
    Changed,
    Verified,
    Committed,
    Pushed,
    /// Cannot go on without someone else.
    Blocked,
}

impl ReportState {
    /// Every state the spec knows; working rules may allow a subset.
    pub const ALL: &'static [ReportState] = &[
        ReportState::Inspected,
        ReportState::Changed,
        ReportState::Verified,
        ReportState::Committed,
        ReportState::Pushed,
        ReportState::Blocked,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            ReportState::Inspected => "inspected",
            ReportState::Changed => "changed",
            ReportState::Verified => "verified",
            ReportState::Committed => "committed",
            ReportState::Pushed => "pushed",
            ReportState::Blocked => "blocked",
        }
    }

    /// Looks a state up by name, ignoring surrounding whitespace and ASCII case.
    pub fn parse(input: &str) -> Result<ReportState, UnknownName> {
        parse_name(input)
    }
}

impl NamedSet for ReportState {
    const WHAT: &'static str = "report state";

    fn all() -> &'static [Self] {
        Self::ALL
    }

    fn name(self) -> &'static str {
        self.as_str()
    }
}

impl fmt::Display for ReportState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ReportState {
    type Err = UnknownName;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        ReportState::parse(input)
    }
}

impl TryFrom<String> for ReportState {
    type Error = UnknownName;

    fn try_from(input: String) -> Result<Self, Self::Error> {
        ReportState::parse(&input)
    }
}

impl From<ReportState> for &'static str {
    fn from(state: ReportState) -> Self {
        state.as_str()
    }
}

/// What a report's first line tells: always a summary; state and size only from a well-formed first line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ReportHead {
    /// The first non-empty line, trimmed, at most [`SUMMARY_MAX_CHARS`] characters (cut with "…"). Empty when
    /// the body has no text.
    pub summary: String,
    pub state: Option<ReportState>,
    /// The state part as written, trimmed (`"verified locally"`, or just `"verified"`); set with `state`.
    pub state_text: Option<String>,
    pub size: Option<Size>,
}

/// Reads the head of a report `body`. The first non-empty line sets `state`, `state_text` and `size` when it
/// is `state · size · gist` with a non-empty gist, its state part's first word one of `states` and its size
/// part exactly one of `sizes` (both compared ignoring ASCII case); otherwise all three stay `None`. The
/// allowed lists come from the effective working rules; pass [`ReportState::ALL`] and [`Size::ALL`] for the
/// spec's defaults.
///
/// ```
/// use relay_core::board::{parse_report_head, ReportState, Size};
/// let head = parse_report_head("verified locally · M · login works\n\ndetails", ReportState::ALL, Size::ALL);
/// assert_eq!(head.state, Some(ReportState::Verified));
/// assert_eq!(head.state_text.as_deref(), Some("verified locally"));
/// assert_eq!(head.size, Some(Size::M));
/// assert_eq!(head.summary, "verified locally · M · login works");
/// ```
pub fn parse_report_head(body: &str, states: &[ReportState], sizes: &[Size]) -> ReportHead {
    let Some(first) = body.lines().map(str::trim).find(|line| !line.is_empty()) else {
        return ReportHead::default();
    };
    let badges = badges(first, states, sizes);
    ReportHead {
        summary: summarise(first),
        state: badges.as_ref().map(|b| b.0),
        state_text: badges.as_ref().map(|b| b.1.to_owned()),
        size: badges.map(|b| b.2),
    }
}

/// The state, state text and size of a `state · size · gist` line, when every part is acceptable.
fn badges<'a>(line: &'a str, states: &[ReportState], sizes: &[Size]) -> Option<(ReportState, &'a str, Size)> {
    let mut parts = line.splitn(3, SEPARATOR).map(str::trim);
    let (state_text, size_text, gist) = (parts.next()?, parts.next()?, parts.next()?);
    if gist.is_empty() {
        return None;
    }
    let word = state_text.split_whitespace().next()?;
    let state = states
        .iter()
        .copied()
        .find(|s| s.as_str().eq_ignore_ascii_case(word))?;
    let size = sizes
        .iter()
        .copied()
        .find(|s| s.as_str().eq_ignore_ascii_case(size_text))?;
    Some((state, state_text, size))
}

/// `line` cut to [`SUMMARY_MAX_CHARS`] characters on a character boundary, ending in "…" when cut.
fn summarise(line: &str) -> String {
    if line.chars().count() <= SUMMARY_MAX_CHARS {
        return line.to_owned();
    }
    let mut cut: String = line.chars().take(SUMMARY_MAX_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(body: &str) -> ReportHead {
        parse_report_head(body, ReportState::ALL, Size::ALL)
    }

    #[test]
    fn every_state_round_trips_when_parsed_from_its_name() {
        for state in ReportState::ALL {
            assert_eq!(ReportState::parse(state.as_str()), Ok(*state));
        }
        let err = ReportState::parse("done").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown report state \"done\"; use one of inspected, changed, verified, committed, pushed, blocked"
        );
    }

    #[test]
    fn summary_is_the_first_non_empty_line_when_leading_lines_are_blank() {
        let h = head("\n   \n\t  Fixed the login form.  \nMore text");
        assert_eq!(h.summary, "Fixed the login form.");
        assert_eq!((h.state, h.state_text, h.size), (None, None, None));
    }

    #[test]
    fn head_is_empty_when_the_body_has_no_text() {
        assert_eq!(head(""), ReportHead::default());
        assert_eq!(head(" \n\r\n\t"), ReportHead::default());
    }

    #[test]
    fn summary_is_cut_with_an_ellipsis_when_longer_than_the_limit() {
        let exact = "x".repeat(SUMMARY_MAX_CHARS);
        assert_eq!(head(&exact).summary, exact);
        let long = "é".repeat(SUMMARY_MAX_CHARS + 1);
        let summary = head(&long).summary;
        assert_eq!(summary.chars().count(), SUMMARY_MAX_CHARS);
        assert!(summary.ends_with("é…"), "{summary}");
    }

    #[test]
    fn summary_drops_the_trailing_space_when_the_cut_falls_after_a_word() {
        let line = format!("{} {}", "a".repeat(198), "b".repeat(10));
        assert_eq!(head(&line).summary, format!("{}…", "a".repeat(198)));
    }

    #[test]
    fn state_and_size_are_set_when_the_first_line_is_formatted() {
        let h = head("committed · S · fix typo in README\nbody");
        assert_eq!(h.state, Some(ReportState::Committed));
        assert_eq!(h.state_text.as_deref(), Some("committed"));
        assert_eq!(h.size, Some(Size::S));
        assert_eq!(h.summary, "committed · S · fix typo in README");
    }

    #[test]
    fn state_is_the_first_word_when_the_state_part_has_more_words() {
        let h = head("Verified locally ·l· the gist · with a dot");
        assert_eq!(h.state, Some(ReportState::Verified));
        assert_eq!(h.state_text.as_deref(), Some("Verified locally"));
        assert_eq!(h.size, Some(Size::L));
    }

    #[test]
    fn state_and_size_stay_none_when_a_part_is_wrong_or_missing() {
        for line in [
            "done · S · finished",
            "verified · XL · big",
            "verified · S",
            "verified · S ·   ",
            "verified - S - dash separators",
            " · S · no state",
            "verified · small · size word",
        ] {
            let h = head(line);
            assert_eq!((h.state, h.state_text, h.size), (None, None, None), "{line:?}");
            assert_eq!(h.summary, line.trim());
        }
    }

    #[test]
    fn configured_lists_restrict_states_and_sizes_when_the_rules_narrow_them() {
        let body = "pushed · L · release";
        let h = parse_report_head(body, &[ReportState::Verified, ReportState::Pushed], &[Size::L]);
        assert_eq!((h.state, h.size), (Some(ReportState::Pushed), Some(Size::L)));
        let h = parse_report_head(body, &[ReportState::Verified], Size::ALL);
        assert_eq!((h.state, h.size), (None, None));
        let h = parse_report_head(body, ReportState::ALL, &[Size::S, Size::M]);
        assert_eq!((h.state, h.size), (None, None));
    }

    #[test]
    fn serde_uses_the_name_when_serialising_a_state() {
        assert_eq!(
            serde_json::to_string(&ReportState::Blocked).unwrap(),
            "\"blocked\""
        );
        assert_eq!(
            serde_json::from_str::<ReportState>("\"Pushed\"").unwrap(),
            ReportState::Pushed
        );
    }
}
