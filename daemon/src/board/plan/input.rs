//! The inputs of plan writes, checked before the write starts: step titles and "what and why", reasons, step
//! statuses, conformance lines, checkpoint links, and the edits of optional texts (`-` clears).

use relay_core::board::clears;

use relay_core::board::PlanStepStatus;

use super::{StepInput, limits, step_status_list};
use crate::board::BoardError;

/// The two accepted forms of a conformance line, as refusals quote them.
pub(super) const CONFORMANCE_FORMS: &str =
    "exactly `as planned`, or `deviation: <why>` saying what differs from the plan and why";

/// A text change of one optional field: leave it, clear it, or set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Edit<T> {
    Keep,
    Clear,
    Set(T),
}

/// Checks the steps of a plan_set: at most 50, each a one-line title (≤ 200) and optional details (≤ 2000).
pub(super) fn check_steps(steps: Vec<StepInput>) -> Result<Vec<StepInput>, BoardError> {
    if steps.len() > limits::STEPS {
        return Err(BoardError::Invalid(format!(
            "the plan has {} steps; the limit is {}. Plan in 2-5 steps and keep the detail in each step's details \
             or in your todo. Nothing changed.",
            steps.len(),
            limits::STEPS
        )));
    }
    steps
        .into_iter()
        .enumerate()
        .map(|(index, step)| {
            let what = format!("step {}'s title", index + 1);
            let title = step.title.trim();
            if title.is_empty() {
                return Err(BoardError::Invalid(format!(
                    "{what} is empty; give every step a short title. Nothing changed."
                )));
            }
            let title = check_line(&what, title, limits::STEP_TITLE)?;
            let details = match step.details.as_deref() {
                Some(text) if !clears(text) => {
                    Some(check_details(&format!("step {}'s details", index + 1), text)?)
                }
                _ => None,
            };
            Ok(StepInput { title, details })
        })
        .collect()
}

pub(super) fn check_reason(reason: Option<String>) -> Result<Option<String>, BoardError> {
    match reason.as_deref() {
        Some(text) if !clears(text) => Ok(Some(check_line("reason", text, limits::REASON)?)),
        _ => Ok(None),
    }
}

/// One line of text: trimmed, no line breaks or control characters, at most `max` characters.
pub(super) fn check_line(what: &str, text: &str, max: usize) -> Result<String, BoardError> {
    let text = text.trim();
    if text.contains(['\n', '\r']) {
        return Err(BoardError::Invalid(format!(
            "{what} must be one line; put longer text in the step's details. Nothing changed."
        )));
    }
    if text.chars().any(char::is_control) {
        return Err(BoardError::Invalid(format!(
            "{what} contains control characters; send plain text. Nothing changed."
        )));
    }
    check_max(what, text, max)?;
    Ok(text.to_owned())
}

/// A step's "what and why": markdown, at most 2000 characters.
pub(super) fn check_details(what: &str, text: &str) -> Result<String, BoardError> {
    let text = text.trim();
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
    {
        return Err(BoardError::Invalid(format!(
            "{what} contains control characters; send plain markdown. Nothing changed."
        )));
    }
    check_max(what, text, limits::STEP_DETAILS)?;
    Ok(text.to_owned())
}

fn check_max(what: &str, text: &str, max: usize) -> Result<(), BoardError> {
    let len = text.chars().count();
    if len > max {
        return Err(BoardError::Invalid(format!(
            "{what} is {len} characters long; the limit is {max}. Shorten it. Nothing changed."
        )));
    }
    Ok(())
}

pub(super) fn parse_step_status(text: &str) -> Result<&'static str, BoardError> {
    let wanted = text.trim().to_ascii_lowercase().replace('-', "_");
    PlanStepStatus::from_name(&wanted)
        .map(PlanStepStatus::as_str)
        .ok_or_else(|| {
            BoardError::Invalid(format!(
                "unknown step status {:?}; use one of {}. Nothing changed.",
                text.trim(),
                step_status_list()
            ))
        })
}

/// `as planned` or `deviation: <why>` (the why not empty), as stored.
pub fn parse_conformance(text: &str) -> Result<String, BoardError> {
    let text = text.trim();
    let refused = || {
        BoardError::Invalid(format!(
            "conformance {text:?} is neither form; write {CONFORMANCE_FORMS}. Nothing changed."
        ))
    };
    if text == "as planned" {
        return Ok(text.to_owned());
    }
    let why = text.strip_prefix("deviation:").ok_or_else(refused)?.trim();
    if why.is_empty() {
        return Err(refused());
    }
    let line = format!("deviation: {why}");
    check_line("conformance", &line, limits::STEP_LINE)
}

/// A checkpoint link: a report (`12`, `#12`, `report:12` → `report:12`) or an http(s) URL.
pub fn parse_link(text: &str) -> Result<String, BoardError> {
    let text = text.trim();
    let number = text
        .strip_prefix("report:")
        .or_else(|| text.strip_prefix('#'))
        .unwrap_or(text);
    if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
        return match number.parse::<i64>() {
            Ok(id) if id > 0 => Ok(format!("report:{id}")),
            _ => Err(BoardError::Invalid(format!(
                "link {text:?} is not a report id; reports are numbered from 1. Nothing changed."
            ))),
        };
    }
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"));
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with('/')
                && !text.chars().any(|c| c.is_whitespace() || c.is_control()) =>
        {
            check_max("link", text, limits::STEP_LINK)?;
            Ok(text.to_owned())
        }
        _ => Err(BoardError::Invalid(format!(
            "link {text:?} is neither a report of this task (12, #12 or report:12) nor an http(s) URL such as a \
             pull request. Nothing changed."
        ))),
    }
}

/// A given optional text as an edit: absent keeps, `-` or `""` clears, anything else is checked by `check`.
pub(super) fn edit<T>(
    text: Option<&str>,
    check: impl FnOnce(&str) -> Result<T, BoardError>,
) -> Result<Edit<T>, BoardError> {
    match text {
        None => Ok(Edit::Keep),
        Some(text) if clears(text) => Ok(Edit::Clear),
        Some(text) => check(text).map(Edit::Set),
    }
}

pub(super) fn apply(value: &mut Option<String>, edit: Edit<String>) {
    match edit {
        Edit::Keep => {}
        Edit::Clear => *value = None,
        Edit::Set(text) => *value = Some(text),
    }
}

/// The refusal for a step number the plan does not have, naming its step count.
pub(super) fn missing_step(key: &str, step: i64, count: usize) -> BoardError {
    if count == 0 {
        return BoardError::Invalid(format!(
            "{key} has no plan steps, so there is no step {step}; write the plan with plan_set first. Nothing \
             changed."
        ));
    }
    BoardError::Invalid(format!(
        "{key}'s plan has {count} step{}; there is no step {step}. Pass a step number from 1 to {count} (plan_get \
         lists them). Nothing changed.",
        if count == 1 { "" } else { "s" }
    ))
}
