//! The adapter's own checks: the tool table (profiles, annotations, documented and pinned parameters) and the
//! refusals that happen before rmcp, through the real router with `Router::oneshot`.

use std::collections::BTreeMap;

use axum::body::Body;
use http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use super::*;
use crate::testing::fixture;

/// The required parameters of every tool. Compatibility policy: a tool that exists never gains a required
/// parameter (clients keep the schema they loaded); add optional parameters or new tools instead.
const REQUIRED: &[(&str, &[&str])] = &[
    ("attach_file", &["task"]),
    ("attachment_caption", &["attachment", "caption"]),
    ("comment_ack", &[]),
    ("comment_add", &["body", "task"]),
    ("comments_list", &[]),
    ("decision_add", &["project", "text"]),
    ("events_since", &[]),
    ("plan_accept", &["task"]),
    ("plan_get", &["task"]),
    ("plan_set", &["steps", "task"]),
    ("plan_step_update", &["step", "task"]),
    ("project_list", &[]),
    ("project_snapshot", &["project"]),
    ("project_upsert", &["slug"]),
    ("report_add", &["body", "task"]),
    ("review_get", &["task"]),
    ("review_step_update", &["step", "task"]),
    ("review_steps_set", &["steps", "task"]),
    ("rules_get", &[]),
    ("task_bind_session", &["session", "task"]),
    ("task_create", &["project", "title"]),
    ("task_get", &["task"]),
    ("task_list", &[]),
    ("task_patch", &["fields", "task"]),
    ("task_set_stage", &["stage", "task"]),
    ("task_unbind_session", &["task"]),
    ("task_update", &["task"]),
];

async fn server(profile: Profile) -> (tempfile::TempDir, RelayMcp) {
    let (dir, handle) = fixture().await;
    (dir, RelayMcp::new(handle, profile))
}

fn required(tool: &rmcp::model::Tool) -> Vec<String> {
    let mut names: Vec<String> = tool
        .input_schema
        .get("required")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[tokio::test]
async fn no_tool_gains_a_required_parameter_when_the_table_is_compared() {
    let (_dir, server) = server(Profile::Full).await;
    let actual: BTreeMap<String, Vec<String>> = server
        .tools()
        .iter()
        .map(|tool| (tool.name.to_string(), required(tool)))
        .collect();
    let expected: BTreeMap<String, Vec<String>> = REQUIRED
        .iter()
        .map(|(name, required)| {
            (
                (*name).to_owned(),
                required.iter().map(|r| (*r).to_owned()).collect(),
            )
        })
        .collect();
    assert_eq!(
        actual, expected,
        "see the compatibility policy in params.rs before changing this table"
    );
}

#[tokio::test]
async fn every_tool_and_parameter_has_a_description_when_listed() {
    let (_dir, server) = server(Profile::Full).await;
    for tool in server.tools() {
        assert!(
            tool.description.as_deref().is_some_and(|d| d.len() > 20),
            "{} needs a description",
            tool.name
        );
        let properties = tool
            .input_schema
            .get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        for (name, schema) in properties {
            let description = schema.get("description").and_then(Value::as_str).unwrap_or("");
            assert!(!description.is_empty(), "{}.{name} has no description", tool.name);
        }
    }
}

#[tokio::test]
async fn reads_are_read_only_and_writes_are_not_destructive_when_annotated() {
    let (_dir, server) = server(Profile::Full).await;
    let reads = [
        "project_list",
        "project_snapshot",
        "task_list",
        "task_get",
        "events_since",
        "rules_get",
        "review_get",
        "plan_get",
        "comments_list",
    ];
    for tool in server.tools() {
        let annotations = tool.annotations.clone().unwrap_or_default();
        assert_eq!(
            annotations.open_world_hint,
            Some(false),
            "{} reaches nothing outside relay",
            tool.name
        );
        if reads.contains(&tool.name.as_ref()) {
            assert_eq!(annotations.read_only_hint, Some(true), "{} is a read", tool.name);
        } else {
            assert_ne!(annotations.read_only_hint, Some(true), "{} writes", tool.name);
            assert_eq!(
                annotations.destructive_hint,
                Some(false),
                "{} only adds",
                tool.name
            );
        }
    }
}

#[tokio::test]
async fn core_profile_lists_the_core_tools_when_built() {
    let (_dir, core) = server(Profile::Core).await;
    let mut names: Vec<String> = core.tools().iter().map(|t| t.name.to_string()).collect();
    names.sort();
    let mut expected: Vec<String> = CORE_TOOLS.iter().map(|t| (*t).to_owned()).collect();
    expected.sort();
    assert_eq!(names, expected);
    assert!(
        core.instructions().contains("decision_add"),
        "{}",
        core.instructions()
    );
    let (_dir, full) = server(Profile::Full).await;
    assert_eq!(full.tools().len(), REQUIRED.len());
    assert!(
        !full.instructions().contains("full profile"),
        "{}",
        full.instructions()
    );
}

#[tokio::test]
async fn task_update_lists_every_task_field_when_its_schema_is_built() {
    let (_dir, server) = server(Profile::Full).await;
    let tools = server.tools();
    let update = tools
        .iter()
        .find(|t| t.name == "task_update")
        .map(|t| t.input_schema.clone())
        .unwrap();
    let properties = update.get("properties").and_then(Value::as_object).unwrap();
    for field in relay_core::board::TASK_FIELDS {
        assert!(
            properties.contains_key(field.name),
            "task_update lacks {}",
            field.name
        );
    }
    assert_eq!(
        properties["size"]["enum"],
        serde_json::json!(["S", "M", "L", "-"])
    );
    assert_eq!(
        properties["stage"]["enum"],
        serde_json::json!(["plan", "dev", "review", "test", "live", "done"])
    );
}

async fn post(body: &str, query: &str) -> (StatusCode, Value) {
    let (_dir, handle) = fixture().await;
    let token = handle.token().expose().to_owned();
    let router = crate::http::router(handle);
    let request = Request::post(format!("/mcp{query}"))
        .header(header::HOST, "127.0.0.1:8765")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json, text/event-stream")
        .body(Body::from(body.to_owned()))
        .unwrap();
    let response = router.oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

#[tokio::test]
async fn mcp_answers_a_parse_error_when_the_body_is_not_json() {
    let (status, body) = post("{not json", "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], -32700);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Parse error: the body is not JSON")
    );
}

#[tokio::test]
async fn mcp_answers_invalid_request_when_the_message_is_not_json_rpc() {
    let (status, body) = post(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], -32600);
    let (_, body) = post(r#"{"id":1,"method":"ping"}"#, "").await;
    assert_eq!(
        body["error"]["message"],
        "Invalid Request: \"jsonrpc\" must be \"2.0\""
    );
    assert_eq!(body["id"], 1);
}

#[tokio::test]
async fn mcp_answers_400_when_the_profile_is_unknown() {
    let (status, body) = post(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, "?profile=tiny").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("unknown MCP profile \"tiny\""),
        "{body}"
    );
}

#[tokio::test]
async fn mcp_answers_ping_when_the_request_is_well_formed() {
    let (status, body) = post(r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#, "?profile=core").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["id"], 7);
    assert!(body.get("result").is_some(), "{body}");
}

#[test]
fn task_update_keeps_caller_parameters_out_of_the_fields_when_decoded() {
    let decoded: params::TaskUpdate = serde_json::from_value(serde_json::json!({
        "task": "acme-1", "session": "s1", "session_title": "S", "hook_session": "h", "title": "New", "priority": 2,
    }))
    .unwrap();
    assert_eq!(decoded.caller.actor().session.as_deref(), Some("s1"));
    let names: Vec<&str> = decoded.fields.keys().map(String::as_str).collect();
    assert_eq!(names, ["priority", "title"]);
}

#[tokio::test]
async fn tool_schemas_carry_no_rust_names_or_dialect_when_listed() {
    let (_dir, server) = server(Profile::Full).await;
    for tool in server.tools() {
        for key in ["$schema", "title", "description"] {
            assert!(
                !tool.input_schema.contains_key(key),
                "{} schema has {key}",
                tool.name
            );
        }
        let text = serde_json::to_string(tool.input_schema.as_ref()).unwrap();
        assert!(
            !text.contains("\\n"),
            "{} has a line break in a description: {text}",
            tool.name
        );
    }
}
