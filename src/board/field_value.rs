//! Checking one value a write gives for a task field, against its row in [`TASK_FIELDS`](super::TASK_FIELDS).

use serde_json::Value;

use super::fields::{Clearing, FieldKind, TaskField, field_names, task_field};
use super::size::Size;
use super::stage::Stage;
use super::{UnknownName, clears};

/// A checked value for one field, ready to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// Trimmed text within the field's limit (line, text, markdown and URL fields).
    Text(String),
    Stage(Stage),
    Size(Size),
    Integer(i64),
    Bool(bool),
    /// Empty the field (only ever returned for fields with [`Clearing::Dash`]).
    Clear,
}

/// A value refused for a task field. Each message names the field, what it takes and what was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    #[error("unknown task field {name:?}; editable fields: {editable}")]
    UnknownField { name: String, editable: String },
    #[error("{field} cannot be cleared; {hint}")]
    NotClearable { field: &'static str, hint: String },
    #[error("{field}: expected {expected}, got {given}")]
    WrongType {
        field: &'static str,
        expected: String,
        given: String,
    },
    #[error("{field} is {chars} characters long; the limit is {limit} characters, shorten it")]
    TooLong {
        field: &'static str,
        limit: usize,
        chars: usize,
    },
    #[error("{field} must be one line; remove the line breaks")]
    LineBreak { field: &'static str },
    #[error(
        "{field} contains the control character U+{:04X} at character {position}; remove it (only {allowed} are \
         allowed)",
        u32::from(*.character)
    )]
    ControlCharacter {
        field: &'static str,
        character: char,
        position: usize,
        /// What the field does take: "line breaks and tabs", or "tabs" in a one-line field.
        allowed: &'static str,
    },
    #[error("{field} must be from {min} to {max}; got {given}")]
    OutOfRange {
        field: &'static str,
        min: i64,
        max: i64,
        given: i64,
    },
    #[error("{field} must be an http:// or https:// URL with a host and no spaces; got {given:?}")]
    BadUrl { field: &'static str, given: String },
    /// A stage or size name outside its set.
    #[error("{field}: {source}")]
    UnknownName {
        field: &'static str,
        source: UnknownName,
    },
}

/// Checks `value` for the editable field `name`. Strings are trimmed (and `\r\n` becomes `\n`) before any
/// check; `"-"`, `""` and `null` clear a clearable field. A JSON string is accepted for every kind (models and
/// stale clients often send `"3"` or `"true"`); text kinds take nothing but strings.
///
/// ```
/// use relay_core::board::{parse_field, FieldValue, Stage};
/// use serde_json::json;
/// assert_eq!(parse_field("stage", &json!("dev")), Ok(FieldValue::Stage(Stage::Dev)));
/// assert_eq!(parse_field("waiting_on", &json!("-")), Ok(FieldValue::Clear));
/// assert!(parse_field("owner", &json!("me")).unwrap_err().to_string().contains("editable fields: title"));
/// ```
pub fn parse_field(name: &str, value: &Value) -> Result<FieldValue, FieldError> {
    let field = task_field(name).ok_or_else(|| FieldError::UnknownField {
        name: name.to_owned(),
        editable: field_names(),
    })?;
    let text = value.as_str().map(|text| text.replace("\r\n", "\n"));
    let text = text.as_deref().map(str::trim);
    if value.is_null() || text.is_some_and(clears) {
        return clear(field);
    }
    let wrong_type = || FieldError::WrongType {
        field: field.name,
        expected: field.kind.to_string(),
        given: describe(value),
    };
    match field.kind {
        FieldKind::Line { max_chars }
        | FieldKind::Text { max_chars }
        | FieldKind::Markdown { max_chars }
        | FieldKind::Url { max_chars } => {
            let text = text.ok_or_else(wrong_type)?;
            check_text(field, text, max_chars)?;
            Ok(FieldValue::Text(text.to_owned()))
        }
        FieldKind::Stage => {
            let text = text.ok_or_else(wrong_type)?;
            Stage::parse(text)
                .map(FieldValue::Stage)
                .map_err(|source| named(field, source))
        }
        FieldKind::Size => {
            let text = text.ok_or_else(wrong_type)?;
            Size::parse(text)
                .map(FieldValue::Size)
                .map_err(|source| named(field, source))
        }
        FieldKind::Integer { min, max } => {
            let given = integer(value, text).ok_or_else(wrong_type)?;
            if (min..=max).contains(&given) {
                Ok(FieldValue::Integer(given))
            } else {
                Err(FieldError::OutOfRange {
                    field: field.name,
                    min,
                    max,
                    given,
                })
            }
        }
        FieldKind::Bool => match (value, text) {
            (Value::Bool(flag), _) => Ok(FieldValue::Bool(*flag)),
            (_, Some(text)) if text.eq_ignore_ascii_case("true") => Ok(FieldValue::Bool(true)),
            (_, Some(text)) if text.eq_ignore_ascii_case("false") => Ok(FieldValue::Bool(false)),
            _ => Err(wrong_type()),
        },
    }
}

/// The answer to a clearing value (`"-"`, `""`, `null`) under the field's [`Clearing`].
fn clear(field: &TaskField) -> Result<FieldValue, FieldError> {
    let hint = match field.clear {
        Clearing::Dash => return Ok(FieldValue::Clear),
        Clearing::Never => format!("send a new value ({})", field.kind),
        Clearing::False => String::from("send false to unset it"),
    };
    Err(FieldError::NotClearable {
        field: field.name,
        hint,
    })
}

fn named(field: &TaskField, source: UnknownName) -> FieldError {
    FieldError::UnknownName {
        field: field.name,
        source,
    }
}

/// Refuses control characters (but line breaks and tabs), line breaks in one-line fields, text over the
/// limit and URLs that are not http(s).
fn check_text(field: &TaskField, text: &str, max_chars: usize) -> Result<(), FieldError> {
    if let Some((index, character)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_control() && !matches!(c, '\n' | '\t'))
    {
        let one_line = matches!(field.kind, FieldKind::Line { .. } | FieldKind::Url { .. });
        return Err(FieldError::ControlCharacter {
            field: field.name,
            character,
            position: index + 1,
            // A one-line field does not take line breaks either: the message does not offer them.
            allowed: if one_line { "tabs" } else { "line breaks and tabs" },
        });
    }
    if matches!(field.kind, FieldKind::Line { .. } | FieldKind::Url { .. }) && text.contains('\n') {
        return Err(FieldError::LineBreak { field: field.name });
    }
    let chars = text.chars().count();
    if chars > max_chars {
        return Err(FieldError::TooLong {
            field: field.name,
            limit: max_chars,
            chars,
        });
    }
    if matches!(field.kind, FieldKind::Url { .. }) && !is_web_url(text) {
        return Err(FieldError::BadUrl {
            field: field.name,
            given: text.to_owned(),
        });
    }
    Ok(())
}

/// `http://` or `https://` (any case), a non-empty host part, no whitespace.
fn is_web_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    !host.is_empty() && !host.starts_with(':') && !text.chars().any(char::is_whitespace)
}

/// An integer from a JSON integer, a float with no fraction (`3.0`) or a string holding one.
fn integer(value: &Value, text: Option<&str>) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64().or_else(|| {
            number
                .as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() <= 9.0e15)
                .map(|f| f as i64)
        }),
        _ => text.and_then(|text| text.parse().ok()),
    }
}

/// How a refused JSON value is shown in an error; long strings are cut.
fn describe(value: &Value) -> String {
    const SHOWN_CHARS: usize = 40;
    match value {
        Value::Null => String::from("null"),
        Value::Bool(flag) => format!("the boolean {flag}"),
        Value::Number(number) => format!("the number {number}"),
        Value::String(text) if text.chars().count() > SHOWN_CHARS => {
            let cut: String = text.chars().take(SHOWN_CHARS).collect();
            format!("the text {cut:?}… ({} characters)", text.chars().count())
        }
        Value::String(text) => format!("the text {text:?}"),
        Value::Array(_) => String::from("a list"),
        Value::Object(_) => String::from("an object"),
    }
}

#[cfg(test)]
mod tests;
