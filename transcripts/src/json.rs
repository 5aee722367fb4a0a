//! Small readers over `serde_json::Value`.

use serde_json::Value;

/// The string at `key`, when it is one.
pub(crate) fn str_at<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key)?.as_str()
}

/// The first of `keys` that holds a non-empty string.
pub(crate) fn first_str<'a>(value: &'a Value, keys: &[&str]) -> Option<&'a str> {
    keys.iter()
        .filter_map(|key| str_at(value, key))
        .find(|text| !text.trim().is_empty())
}

/// A value that may be a JSON object written as a string (Codex's `arguments`, Copilot's tool call arguments).
pub(crate) fn object(value: &Value) -> Option<std::borrow::Cow<'_, Value>> {
    match value {
        Value::Object(_) => Some(std::borrow::Cow::Borrowed(value)),
        Value::String(text) => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_object)
            .map(std::borrow::Cow::Owned),
        _ => None,
    }
}

/// The text of a content value: a string, or the `text` of each block of an array (joined by a blank line), of
/// the block types `types` names.
pub(crate) fn content_text(content: &Value, types: &[&str]) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .filter(|block| str_at(block, "type").is_some_and(|t| types.contains(&t)))
            .filter_map(|block| str_at(block, "text"))
            .collect::<Vec<_>>()
            .join("\n\n"),
        _ => String::new(),
    }
}
