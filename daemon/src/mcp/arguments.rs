//! A tool call's arguments read against the tool's own schema before they are decoded, so the model never reads a
//! parser's words ("expected struct PlanStepParam", "expected i64"): a missing or mistyped argument is named with
//! what it takes, and the forms agents write for an id are taken as the id — `"#3"` or `"3"` for a number, one id
//! where a list of ids is asked for.
//!
//! Only types are checked here; values (a stage's name, a length) are the board's to judge, in its words.

use serde_json::{Map, Value};

/// Checks `arguments` against `schema` (a tool's input schema), rewriting the id forms in place; the arguments
/// `board_judges` names are left to the board (task fields, whose parser takes more forms and names the field's
/// kind). The problem, in words for the model, when one does not fit.
pub fn normalise(
    schema: &Map<String, Value>,
    arguments: &mut Map<String, Value>,
    board_judges: impl Fn(&str) -> bool,
) -> Result<(), String> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Ok(());
    };
    for name in required(schema) {
        if arguments.get(name).is_none_or(Value::is_null) {
            return Err(format!("`{name}` is missing; it is required"));
        }
    }
    for (name, value) in arguments.iter_mut() {
        if board_judges(name) {
            continue;
        }
        if let Some(property) = properties.get(name) {
            fit(name, property, value)?;
        }
    }
    Ok(())
}

fn required(schema: &Map<String, Value>) -> impl Iterator<Item = &str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

/// The JSON types a schema allows (`type` as a name or a list of names).
fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A number written as an id: `3`, `"3"`, `"#3"`.
fn id_number(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.trim().trim_start_matches('#').trim().parse().ok(),
        _ => None,
    }
}

/// `value` (shortened) as the model sent it, for a message.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

fn fit(name: &str, schema: &Value, value: &mut Value) -> Result<(), String> {
    let allowed = types(schema);
    if value.is_null() || allowed.is_empty() {
        return Ok(());
    }
    let is = |t: &str| allowed.contains(&t);
    match value {
        Value::String(_) if is("string") => Ok(()),
        Value::Bool(_) if is("boolean") => Ok(()),
        Value::Number(n) if is("integer") && n.is_i64() => Ok(()),
        Value::Number(_) if is("number") => Ok(()),
        Value::Object(_) if is("object") => fit_object(name, schema, value),
        Value::Array(items) if is("array") => {
            let item_schema = schema.get("items").cloned().unwrap_or(Value::Null);
            for (index, item) in items.iter_mut().enumerate() {
                fit(&format!("{name}[{index}]"), &item_schema, item)?;
            }
            Ok(())
        }
        _ if is("integer") && id_number(value).is_some() => {
            *value = Value::from(id_number(value).unwrap_or_default());
            Ok(())
        }
        Value::String(text) if is("boolean") && matches!(text.trim(), "true" | "false") => {
            *value = Value::Bool(text.trim() == "true");
            Ok(())
        }
        // One id where a list of ids is asked for.
        _ if is("array")
            && schema
                .get("items")
                .is_some_and(|items| types(items).contains(&"integer"))
            && id_number(value).is_some() =>
        {
            *value = Value::Array(vec![Value::from(id_number(value).unwrap_or_default())]);
            Ok(())
        }
        _ => Err(format!("`{name}` takes {}; got {}", takes(schema), shown(value))),
    }
}

fn fit_object(name: &str, schema: &Value, value: &mut Value) -> Result<(), String> {
    let (Some(properties), Some(object)) = (
        schema.get("properties").and_then(Value::as_object),
        value.as_object_mut(),
    ) else {
        return Ok(());
    };
    if let Some(schema) = schema.as_object() {
        for field in required(schema) {
            if object.get(field).is_none_or(Value::is_null) {
                return Err(format!("`{name}` has no `{field}`; {} needs one", noun(name)));
            }
        }
    }
    for (field, item) in object.iter_mut() {
        if let Some(property) = properties.get(field) {
            fit(&format!("{name}.{field}"), property, item)?;
        }
    }
    Ok(())
}

/// `steps[0]` → `a step`.
fn noun(name: &str) -> String {
    let base = name.split('[').next().unwrap_or(name);
    format!("a {}", base.strip_suffix('s').unwrap_or(base))
}

/// What a schema takes, for a message: `a whole number (an id: 3 or "#3")`, `a list of objects with title,
/// details`.
fn takes(schema: &Value) -> String {
    let allowed = types(schema);
    let mut kinds: Vec<String> = Vec::new();
    for kind in &allowed {
        kinds.push(match *kind {
            "string" => "text".to_owned(),
            "integer" => "a whole number".to_owned(),
            "number" => "a number".to_owned(),
            "boolean" => "true or false".to_owned(),
            "object" => match schema.get("properties").and_then(Value::as_object) {
                Some(fields) if !fields.is_empty() => {
                    let mut names: Vec<&str> = fields.keys().map(String::as_str).collect();
                    names.sort_unstable();
                    format!("an object with {}", names.join(", "))
                }
                _ => "an object".to_owned(),
            },
            "array" => {
                let item = schema
                    .get("items")
                    .map(takes)
                    .unwrap_or_else(|| "items".to_owned());
                format!("a list of {}", plural(&item))
            }
            other => other.to_owned(),
        });
    }
    if kinds.is_empty() {
        return "a value".to_owned();
    }
    kinds.join(" or ")
}

fn plural(item: &str) -> String {
    item.strip_prefix("an object")
        .map(|rest| format!("objects{rest}"))
        .or_else(|| {
            item.strip_prefix("a whole number")
                .map(|rest| format!("whole numbers{rest}"))
        })
        .unwrap_or_else(|| item.to_owned())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn schema() -> Map<String, Value> {
        json!({
            "type": "object",
            "properties": {
                "task": { "type": "string" },
                "step": { "type": "integer" },
                "comments": { "type": "array", "items": { "type": "integer" } },
                "unread_only": { "type": "boolean" },
                "priority": { "type": ["integer", "string"] },
                "steps": { "type": "array", "items": {
                    "type": "object",
                    "properties": { "title": { "type": "string" }, "details": { "type": "string" } },
                    "required": ["title"],
                } },
            },
            "required": ["task"],
        })
        .as_object()
        .cloned()
        .unwrap()
    }

    fn run(arguments: Value) -> Result<Value, String> {
        let mut arguments = arguments.as_object().cloned().unwrap();
        normalise(&schema(), &mut arguments, |_| false).map(|()| Value::Object(arguments))
    }

    #[test]
    fn id_forms_are_taken_as_the_id_when_a_number_or_a_list_of_them_is_asked_for() {
        assert_eq!(
            run(json!({ "task": "a-1", "step": "#3", "comments": 7 })).unwrap(),
            json!({ "task": "a-1", "step": 3, "comments": [7] })
        );
        assert_eq!(
            run(json!({ "task": "a-1", "comments": ["#4", "5", 6], "unread_only": "true" })).unwrap(),
            json!({ "task": "a-1", "comments": [4, 5, 6], "unread_only": true })
        );
        // A field that also takes text keeps the text for the board to judge.
        assert_eq!(
            run(json!({ "task": "a-1", "priority": "-" })).unwrap(),
            json!({ "task": "a-1", "priority": "-" })
        );
    }

    #[test]
    fn a_mistyped_or_missing_argument_is_named_in_plain_words_when_it_does_not_fit() {
        assert_eq!(run(json!({})).unwrap_err(), "`task` is missing; it is required");
        assert_eq!(run(json!({ "task": 5 })).unwrap_err(), "`task` takes text; got 5");
        assert_eq!(
            run(json!({ "task": "a-1", "step": "two" })).unwrap_err(),
            "`step` takes a whole number; got \"two\""
        );
        assert_eq!(
            run(json!({ "task": "a-1", "steps": ["Write it"] })).unwrap_err(),
            "`steps[0]` takes an object with details, title; got \"Write it\""
        );
        assert_eq!(
            run(json!({ "task": "a-1", "steps": [{ "details": "x" }] })).unwrap_err(),
            "`steps[0]` has no `title`; a step needs one"
        );
        assert_eq!(
            run(json!({ "task": "a-1", "steps": "one" })).unwrap_err(),
            "`steps` takes a list of objects with details, title; got \"one\""
        );
        assert_eq!(
            run(json!({ "task": "a-1", "comments": [true] })).unwrap_err(),
            "`comments[0]` takes a whole number; got true"
        );
    }
}
