//! Custom patterns that are safe by construction (§7): the policy's own regular expressions (a guard pattern's
//! `command` and `change`, a `secrets.allow` pattern) run on the `regex` crate — a linear-time engine with no
//! back-tracking —, case-insensitively, over at most [`MAX_INPUT`] bytes of text.
//!
//! On validation ([`SafePattern::new`]) a pattern is refused, with its id, when it
//! - is longer than [`MAX_PATTERN_CHARS`] characters,
//! - uses a back-reference,
//! - quantifies a group that holds a quantifier (`(a+)+`) or an alternation (`(a|aa)*`),
//! - has more than [`MAX_UNBOUNDED`] unbounded quantifiers (`*`, `+`, `{n,}`),
//! - does not compile (including flags the engine does not know, such as `(?a)` or `(?V1)`),
//! - or is slow on the hostile 4 KB probes (all probes together over [`PROBE_BUDGET`]).
//!
//! The checks read regex-syntax's AST. At run time a match that takes longer than [`MATCH_BUDGET`] is reported
//! as [`Timed::OverBudget`]; the caller fails closed (a guard pattern counts as matched, an allow pattern does
//! not allow) and logs it at most once a minute per pattern ([`SafePattern::slow_log_due`]).

use std::fmt;
use std::ops::Range;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use regex::{Regex, RegexBuilder};
use regex_syntax::ast::{self, Ast, RepetitionKind, RepetitionRange};

/// The longest pattern accepted, in characters.
pub const MAX_PATTERN_CHARS: usize = 200;
/// The most unbounded quantifiers (`*`, `+`, `{n,}`) one pattern may hold.
pub const MAX_UNBOUNDED: usize = 2;
/// The most bytes of text a pattern sees at run time.
pub const MAX_INPUT: usize = 8 * 1024;
/// A run-time match that takes longer fails closed.
pub const MATCH_BUDGET: Duration = Duration::from_millis(20);
/// All hostile probes of one pattern together must finish within this on validation.
pub const PROBE_BUDGET: Duration = Duration::from_millis(50);
/// How often one slow pattern is logged at most.
pub const SLOW_LOG_EVERY: Duration = Duration::from_secs(60);
/// The compiled program's size limit (the engine refuses a pattern whose automaton would be larger).
const COMPILED_SIZE_LIMIT: usize = 1 << 20;
/// The length of each hostile probe.
const PROBE_LEN: usize = 4 * 1024;

/// Why a pattern was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternProblem {
    TooLong { chars: usize },
    BackReference,
    QuantifiedQuantifier,
    QuantifiedAlternation,
    TooManyUnbounded { count: usize },
    DoesNotCompile { reason: String },
    Slow { took: Duration },
}

impl fmt::Display for PatternProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternProblem::TooLong { chars } => write!(
                f,
                "is {chars} characters long; a pattern may have at most {MAX_PATTERN_CHARS}"
            ),
            PatternProblem::BackReference => {
                f.write_str("uses a back-reference (\\1, \\k<name>); back-references are not allowed")
            }
            PatternProblem::QuantifiedQuantifier => f.write_str(
                "quantifies a group that holds a quantifier, such as (a+)+; write the inner part once, e.g. a+",
            ),
            PatternProblem::QuantifiedAlternation => f.write_str(
                "quantifies a group that holds an alternation, such as (a|aa)*; use a character class or list the cases without the outer quantifier",
            ),
            PatternProblem::TooManyUnbounded { count } => write!(
                f,
                "has {count} unbounded quantifiers (*, +, {{n,}}); at most {MAX_UNBOUNDED} are allowed — use a bounded {{m,n}} instead"
            ),
            PatternProblem::DoesNotCompile { reason } => write!(f, "does not compile: {reason}"),
            PatternProblem::Slow { took } => write!(
                f,
                "is too slow: the hostile 4 KB probes took {} ms together (at most {} ms)",
                took.as_millis(),
                PROBE_BUDGET.as_millis()
            ),
        }
    }
}

/// A refused pattern: its id and the problem (`pattern 'deploy-x' uses a back-reference …`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pattern '{id}' {problem}")]
pub struct PatternError {
    pub id: String,
    pub problem: PatternProblem,
}

/// The outcome of one timed match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Timed<T> {
    Done(T),
    /// The match took longer than its budget; the caller fails closed.
    OverBudget,
}

/// A validated, compiled custom pattern.
#[derive(Debug)]
pub struct SafePattern {
    id: String,
    source: String,
    regex: Regex,
    /// `\A(?:source)\z`, for "matches the value whole".
    whole: Regex,
    last_slow_log: Mutex<Option<Instant>>,
}

impl Clone for SafePattern {
    fn clone(&self) -> SafePattern {
        SafePattern {
            id: self.id.clone(),
            source: self.source.clone(),
            regex: self.regex.clone(),
            whole: self.whole.clone(),
            last_slow_log: Mutex::new(None),
        }
    }
}

impl SafePattern {
    /// Validates and compiles `source` as pattern `id` (probes within [`PROBE_BUDGET`]).
    ///
    /// ```
    /// use relay_core::policy::pattern::{PatternProblem, SafePattern};
    /// assert!(SafePattern::new("deploy", r"\bdeploy\b").is_ok());
    /// let err = SafePattern::new("nested", "(a+)+$").unwrap_err();
    /// assert_eq!(err.problem, PatternProblem::QuantifiedQuantifier);
    /// assert!(err.to_string().starts_with("pattern 'nested' quantifies a group"));
    /// ```
    pub fn new(id: &str, source: &str) -> Result<SafePattern, PatternError> {
        Self::with_probe_budget(id, source, PROBE_BUDGET)
    }

    /// [`SafePattern::new`] with another probe budget (a zero budget refuses every pattern as slow; tests use it
    /// to reach that refusal without a slow pattern).
    pub fn with_probe_budget(id: &str, source: &str, budget: Duration) -> Result<SafePattern, PatternError> {
        let refuse = |problem| PatternError {
            id: id.to_owned(),
            problem,
        };
        check_shape(source).map_err(refuse)?;
        let regex = compile(source).map_err(refuse)?;
        let whole = compile(&format!(r"\A(?:{source})\z")).map_err(refuse)?;
        let started = Instant::now();
        for probe in probes() {
            let _ = regex.find(&probe);
            let _ = whole.is_match(&probe);
        }
        let took = started.elapsed();
        if took > budget {
            return Err(refuse(PatternProblem::Slow { took }));
        }
        Ok(SafePattern {
            id: id.to_owned(),
            source: source.to_owned(),
            regex,
            whole,
            last_slow_log: Mutex::new(None),
        })
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// The first match in the first [`MAX_INPUT`] bytes of `text`, within `budget`.
    pub fn find(&self, text: &str, budget: Duration) -> Timed<Option<Range<usize>>> {
        self.find_from(text, Instant::now(), budget).0
    }

    /// [`SafePattern::find`] timed from `started` — the end of the previous match when several run one after
    /// another, so that each match costs one clock read; the time counted is never less than the match's own.
    /// Gives the time the match ended.
    pub fn find_from(
        &self,
        text: &str,
        started: Instant,
        budget: Duration,
    ) -> (Timed<Option<Range<usize>>>, Instant) {
        let text = cap(text);
        let found = self.regex.find(text).map(|m| m.range());
        let ended = Instant::now();
        let timed = match ended.saturating_duration_since(started) > budget {
            true => Timed::OverBudget,
            false => Timed::Done(found),
        };
        (timed, ended)
    }

    /// Whether the pattern matches all of `text` (only texts up to [`MAX_INPUT`] bytes can), within `budget`.
    pub fn matches_whole(&self, text: &str, budget: Duration) -> Timed<bool> {
        if text.len() > MAX_INPUT {
            return Timed::Done(false);
        }
        let started = Instant::now();
        let matched = self.whole.is_match(text);
        match started.elapsed() > budget {
            true => Timed::OverBudget,
            false => Timed::Done(matched),
        }
    }

    /// Whether an over-budget match of this pattern should be logged now (at most once per [`SLOW_LOG_EVERY`]);
    /// calling it records the log.
    pub fn slow_log_due(&self, now: Instant) -> bool {
        let Ok(mut last) = self.last_slow_log.lock() else {
            return false;
        };
        match *last {
            Some(at) if now.saturating_duration_since(at) < SLOW_LOG_EVERY => false,
            _ => {
                *last = Some(now);
                true
            }
        }
    }
}

/// The first [`MAX_INPUT`] bytes of `text`, cut at a character boundary.
pub fn cap(text: &str) -> &str {
    cap_at(text, MAX_INPUT)
}

/// The first `max` bytes of `text`, cut at a character boundary.
pub fn cap_at(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The checks on the pattern's text and AST (everything but compiling and probing).
fn check_shape(source: &str) -> Result<(), PatternProblem> {
    let chars = source.chars().count();
    if chars > MAX_PATTERN_CHARS {
        return Err(PatternProblem::TooLong { chars });
    }
    let parsed = ast::parse::ParserBuilder::new()
        .nest_limit(64)
        .build()
        .parse(source)
        .map_err(|err| match err.kind() {
            ast::ErrorKind::UnsupportedBackreference => PatternProblem::BackReference,
            _ => PatternProblem::DoesNotCompile {
                reason: err.kind().to_string(),
            },
        })?;
    let mut unbounded = 0;
    walk(&parsed, &mut unbounded)?;
    if unbounded > MAX_UNBOUNDED {
        return Err(PatternProblem::TooManyUnbounded { count: unbounded });
    }
    Ok(())
}

fn walk(node: &Ast, unbounded: &mut usize) -> Result<(), PatternProblem> {
    match node {
        Ast::Repetition(rep) => {
            if is_unbounded(&rep.op.kind) {
                *unbounded += 1;
            }
            if let Some(problem) = holds_quantifier_or_alternation(&rep.ast) {
                return Err(problem);
            }
            walk(&rep.ast, unbounded)
        }
        Ast::Group(group) => walk(&group.ast, unbounded),
        Ast::Alternation(alt) => alt.asts.iter().try_for_each(|ast| walk(ast, unbounded)),
        Ast::Concat(concat) => concat.asts.iter().try_for_each(|ast| walk(ast, unbounded)),
        _ => Ok(()),
    }
}

fn is_unbounded(kind: &RepetitionKind) -> bool {
    matches!(
        kind,
        RepetitionKind::ZeroOrMore
            | RepetitionKind::OneOrMore
            | RepetitionKind::Range(RepetitionRange::AtLeast(_))
    )
}

/// What a quantified part holds that it must not: a quantifier or an alternation anywhere inside.
fn holds_quantifier_or_alternation(node: &Ast) -> Option<PatternProblem> {
    match node {
        Ast::Repetition(_) => Some(PatternProblem::QuantifiedQuantifier),
        Ast::Alternation(_) => Some(PatternProblem::QuantifiedAlternation),
        Ast::Group(group) => holds_quantifier_or_alternation(&group.ast),
        Ast::Concat(concat) => concat.asts.iter().find_map(holds_quantifier_or_alternation),
        _ => None,
    }
}

fn compile(source: &str) -> Result<Regex, PatternProblem> {
    RegexBuilder::new(source)
        .case_insensitive(true)
        .size_limit(COMPILED_SIZE_LIMIT)
        .dfa_size_limit(COMPILED_SIZE_LIMIT)
        .nest_limit(64)
        .build()
        .map_err(|err| PatternProblem::DoesNotCompile {
            reason: one_line(&err.to_string()),
        })
}

/// The engine's multi-line error as one line (its last line says what is wrong).
fn one_line(text: &str) -> String {
    text.lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or(text)
        .trim()
        .trim_start_matches("error: ")
        .to_owned()
}

/// The hostile 4 KB inputs every pattern is probed with.
pub fn probes() -> Vec<String> {
    let mut out = vec![
        "a".repeat(PROBE_LEN),
        format!("{}!", "a".repeat(PROBE_LEN - 1)),
        "ab".repeat(PROBE_LEN / 2),
        ";".repeat(PROBE_LEN),
        " ".repeat(PROBE_LEN),
        "-".repeat(PROBE_LEN),
        "'\"".repeat(PROBE_LEN / 2),
        "a ".repeat(PROBE_LEN / 2),
        "x=".repeat(PROBE_LEN / 2),
        "\n".repeat(PROBE_LEN),
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut noise = String::with_capacity(PROBE_LEN);
    while noise.len() < PROBE_LEN {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        noise.push(char::from(b' ' + (state % 95) as u8));
    }
    out.push(noise);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(source: &str) -> PatternProblem {
        match SafePattern::new("p", source) {
            Ok(_) => panic!("{source:?} was accepted"),
            Err(err) => {
                assert_eq!(err.id, "p");
                err.problem
            }
        }
    }

    #[test]
    fn safe_patterns_compile_when_within_the_limits() {
        for source in [
            r"\bdeploy\b",
            r"rollout\s+restart",
            r"(?:prod|live)-db",
            r"[a-z]+-[0-9]+",
            r"a{1,5}b{2}",
            r"^curl\s.*-X\s*(?:POST|PUT)",
        ] {
            assert!(SafePattern::new("p", source).is_ok(), "{source}");
        }
    }

    #[test]
    fn pattern_is_refused_with_its_id_when_it_holds_a_back_reference() {
        assert_eq!(problem(r"(a)\1"), PatternProblem::BackReference);
        let err = SafePattern::new("dup-word", r"(\w+) \1").unwrap_err();
        assert_eq!(
            err.to_string(),
            "pattern 'dup-word' uses a back-reference (\\1, \\k<name>); back-references are not allowed"
        );
    }

    #[test]
    fn pattern_is_refused_when_a_quantified_group_holds_a_quantifier_or_an_alternation() {
        assert_eq!(problem("(a+)+"), PatternProblem::QuantifiedQuantifier);
        assert_eq!(problem("(?:x(a*))*b"), PatternProblem::QuantifiedQuantifier);
        assert_eq!(problem("(a{2,3}){2}"), PatternProblem::QuantifiedQuantifier);
        assert_eq!(problem("(a|aa)*"), PatternProblem::QuantifiedAlternation);
        assert_eq!(problem("(?:x(a|b))+"), PatternProblem::QuantifiedAlternation);
    }

    #[test]
    fn pattern_is_refused_when_it_has_three_unbounded_quantifiers() {
        assert!(SafePattern::new("p", "a+b*c{2}").is_ok());
        assert_eq!(
            problem("a+b*c{2,}"),
            PatternProblem::TooManyUnbounded { count: 3 }
        );
    }

    #[test]
    fn pattern_is_refused_when_longer_than_200_characters() {
        let long = "a".repeat(201);
        assert_eq!(problem(&long), PatternProblem::TooLong { chars: 201 });
        assert!(SafePattern::new("p", &"a".repeat(200)).is_ok());
    }

    #[test]
    fn pattern_is_refused_when_it_does_not_compile_or_uses_unknown_flags() {
        for source in ["(?u)(?a)x", "(?V1)x", "(unclosed", "a{5,2}", "(?=look)ahead"] {
            assert!(
                matches!(problem(source), PatternProblem::DoesNotCompile { .. }),
                "{source}"
            );
        }
    }

    #[test]
    fn pattern_is_refused_as_slow_when_the_probes_exceed_the_budget() {
        let err = SafePattern::with_probe_budget("p", "a", Duration::ZERO).unwrap_err();
        assert!(matches!(err.problem, PatternProblem::Slow { .. }));
        assert!(err.to_string().contains("hostile 4 KB probes"), "{err}");
    }

    #[test]
    fn patterns_match_case_insensitively_when_run() {
        let pattern = SafePattern::new("p", "deploy").unwrap();
        assert_eq!(
            pattern.find("please DEPLOY now", MATCH_BUDGET),
            Timed::Done(Some(7..13))
        );
        assert_eq!(pattern.matches_whole("Deploy", MATCH_BUDGET), Timed::Done(true));
        assert_eq!(pattern.matches_whole("deploy!", MATCH_BUDGET), Timed::Done(false));
    }

    #[test]
    fn whole_match_is_anchored_when_the_pattern_has_an_alternation() {
        let pattern = SafePattern::new("p", "a|ab").unwrap();
        assert_eq!(pattern.matches_whole("ab", MATCH_BUDGET), Timed::Done(true));
    }

    #[test]
    fn patterns_see_at_most_8_kb_when_run() {
        let pattern = SafePattern::new("p", "needle").unwrap();
        let text = format!("{}needle", "x".repeat(MAX_INPUT));
        assert_eq!(pattern.find(&text, MATCH_BUDGET), Timed::Done(None));
        let inside = format!("{}needle", "x".repeat(MAX_INPUT - 6));
        assert_eq!(
            pattern.find(&inside, MATCH_BUDGET),
            Timed::Done(Some(MAX_INPUT - 6..MAX_INPUT))
        );
        assert_eq!(pattern.matches_whole(&text, MATCH_BUDGET), Timed::Done(false));
    }

    #[test]
    fn a_match_reports_over_budget_when_it_takes_longer_than_its_budget() {
        let pattern = SafePattern::new("p", "needle").unwrap();
        let text = "x".repeat(MAX_INPUT);
        assert_eq!(pattern.find(&text, Duration::ZERO), Timed::OverBudget);
        assert_eq!(pattern.matches_whole("needle", Duration::ZERO), Timed::OverBudget);
    }

    #[test]
    fn a_slow_pattern_is_logged_once_a_minute_when_reported() {
        let pattern = SafePattern::new("p", "x").unwrap();
        let now = Instant::now();
        assert!(pattern.slow_log_due(now));
        assert!(!pattern.slow_log_due(now + Duration::from_secs(59)));
        assert!(pattern.slow_log_due(now + Duration::from_secs(61)));
    }

    #[test]
    fn cap_cuts_at_a_character_boundary_when_text_is_long() {
        let text = format!("{}é", "a".repeat(MAX_INPUT - 1));
        assert_eq!(cap(&text).len(), MAX_INPUT - 1);
    }
}
