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

/// A task field's value on `task` as text (inner `None`: not set), read by name from the message's JSON form
/// (whose keys are the task fields' names), so a new field needs no edit here; `None` for a name that is not a
/// task field.
pub fn task_field_text(task: &crate::proto::Task, name: &str) -> Option<Option<String>> {
    crate::board::task_field(name)?;
    Some(match to_json(task).get(name)? {
        serde_json::Value::Null => None,
        serde_json::Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::proto::{Event, Plan, Project};

    #[test]
    fn an_event_embeds_its_payload_and_leaves_the_project_column_out_when_printed() {
        let event = Event {
            id: 7,
            kind: "task.created".to_owned(),
            at_ms: 1,
            subject: "acme-1".to_owned(),
            data_json: r#"{"project":"acme"}"#.to_owned(),
            project: Some("acme".to_owned()),
        };
        assert_eq!(
            to_json(&event),
            json!({"id": 7, "kind": "task.created", "at_ms": 1, "subject": "acme-1", "data": {"project": "acme"}})
        );
        let broken = Event {
            data_json: "not json".to_owned(),
            ..event
        };
        assert_eq!(to_json(&broken)["data"], json!("not json"));
    }

    #[test]
    fn stage_counts_become_an_object_and_an_empty_summary_null_when_printed() {
        let project = Project {
            counts: vec![StageCount {
                stage: "dev".to_owned(),
                tasks: 3,
            }],
            ..Project::default()
        };
        assert_eq!(to_json(&project)["counts"], json!({"dev": 3}));
        assert_eq!(to_json(&Plan::default())["summary"], serde_json::Value::Null);
        assert!(to_json(&Plan::default()).get("summary_line").is_none());
    }
}
