//! How `relay … --json` writes the few `relay.v1` fields whose JSON differs from the message (the serde derive
//! and these attributes are set in `build.rs`), and [`to_json`], the one way the CLI turns a message into its
//! JSON object.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::proto::StageCount;

/// A message as its `--json` object. The object's keys come out sorted (serde_json's map), as the CLI has
/// always printed them. Serialising a generated message cannot fail (every key is a string), so a failure
/// would only ever show as `null`.
pub fn to_json(message: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(message).unwrap_or(serde_json::Value::Null)
}

/// `Project.counts` as `{"<stage>": <tasks>, …}` rather than a list of pairs.
pub fn stage_counts<S: Serializer>(counts: &[StageCount], serializer: S) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(counts.len()))?;
    for count in counts {
        map.serialize_entry(&count.stage, &count.tasks)?;
    }
    map.end()
}

/// A `*_json` string field as the JSON it holds (an event's payload object), or as the string itself when it
/// is not JSON.
pub fn embedded<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value) => value.serialize(serializer),
        Err(_) => serializer.serialize_str(text),
    }
}

/// A string that is empty when unset (`Plan.summary_line`) as `null` then.
pub fn non_empty<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    match text {
        "" => serializer.serialize_none(),
        text => serializer.serialize_str(text),
    }
}
