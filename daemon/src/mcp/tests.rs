//! The adapter's own checks: the tool table (profiles, annotations, documented and pinned parameters) and the
//! refusals that happen before rmcp, through the real router with `Router::oneshot`.

use std::collections::BTreeMap;

use axum::body::Body;
use http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use super::profile::{COORDINATOR_TOOLS, CORE_TOOLS};
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
    ("environment_propose", &["change", "project", "reason"]),
    ("environments_get", &["project"]),
    ("events_since", &[]),
    ("plan_accept", &["task"]),
    ("plan_get", &["task"]),
    ("plan_set", &["steps", "task"]),
    ("plan_step_update", &["step", "task"]),
    ("policy_get", &[]),
    ("policy_propose", &["patch", "reason", "scope"]),
    ("project_list", &[]),
    ("project_snapshot", &["project"]),
    ("project_upsert", &["slug"]),
    ("relay_graph_query", &["query"]),
    ("relay_report_decision", &["decision", "files"]),
    ("relay_session_brief", &["paths"]),
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
    let (_dir, server) = server(Profile::Coordinator).await;
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
async fn reads_are_read_only_and_only_list_replacing_writes_are_destructive_when_annotated() {
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
        "environments_get",
        "policy_get",
        "relay_session_brief",
        "relay_graph_query",
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
            // Replacing a plan or a checklist removes steps and resets the owner's decisions on them.
            let replaces = ["plan_set", "review_steps_set"].contains(&tool.name.as_ref());
            assert_eq!(
                annotations.destructive_hint,
                Some(replaces),
                "{} {}",
                tool.name,
                if replaces { "replaces a list" } else { "only adds" }
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
    assert_eq!(full.tools().len(), REQUIRED.len() - COORDINATOR_TOOLS.len());
    let (_dir, coordinator) = server(Profile::Coordinator).await;
    assert_eq!(coordinator.tools().len(), REQUIRED.len());
    assert!(
        coordinator
            .instructions()
            .contains("plan_accept(task, session=<yours>)"),
        "{}",
        coordinator.instructions()
    );
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
    assert_eq!(decoded.writer.caller().session.as_deref(), Some("s1"));
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

/// A router over one fixture, for several requests.
struct Mcp {
    _dir: tempfile::TempDir,
    router: axum::Router,
    token: String,
}

/// What the direct path is given (a plain `Accept`), and the same with a quality weight, which rmcp reads and
/// the direct path leaves to it.
const ACCEPT_DIRECT: &str = "application/json, text/event-stream";
const ACCEPT_RMCP: &str = "application/json;q=1, text/event-stream";

/// Extra request headers.
type Headers<'a> = &'a [(&'a str, &'a str)];

impl Mcp {
    async fn new() -> Mcp {
        let (dir, handle) = fixture().await;
        let token = handle.token().expose().to_owned();
        Mcp {
            _dir: dir,
            router: crate::http::router(handle),
            token,
        }
    }

    fn request(&self, query: &str, body: &str, accept: &str, extra: &[(&str, &str)]) -> Request<Body> {
        let mut request = Request::post(format!("/mcp{query}"))
            .header(header::HOST, "127.0.0.1:8765")
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, accept);
        for (name, value) in extra {
            request = request.header(*name, *value);
        }
        request.body(Body::from(body.to_owned())).unwrap()
    }

    /// Status, content type and body of one POST.
    async fn post(
        &self,
        query: &str,
        body: &str,
        accept: &str,
        extra: &[(&str, &str)],
    ) -> (StatusCode, Option<String>, String) {
        let request = self.request(query, body, accept, extra);
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_owned());
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, content_type, String::from_utf8(bytes.to_vec()).unwrap())
    }

    /// Whether the direct path takes this request.
    fn direct(&self, query: &str, body: &str, accept: &str, extra: &[(&str, &str)]) -> bool {
        let (parts, _) = self.request(query, body, accept, extra).into_parts();
        let message = check_message(body.as_bytes()).unwrap();
        direct::eligible(&parts.headers, &message)
    }
}

fn call(id: u32, tool: &str, arguments: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{tool}","arguments":{arguments}}}}}"#
    )
}

#[tokio::test]
async fn direct_and_rmcp_paths_answer_alike_when_given_the_same_request() {
    let mcp = Mcp::new().await;
    let setup = [
        call(1, "project_upsert", r#"{"slug":"acme","name":"Acme"}"#),
        call(2, "task_create", r#"{"project":"acme","title":"First"}"#),
        call(
            3,
            "report_add",
            r#"{"task":"acme-1","body":"Started.\nMore lines."}"#,
        ),
        call(
            4,
            "decision_add",
            r#"{"project":"acme","task":"acme-1","text":"Use SQLite"}"#,
        ),
    ];
    for body in &setup {
        let (status, _, answer) = mcp.post("", body, ACCEPT_RMCP, &[]).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer.contains(r#""isError":false"#), "{answer}");
    }
    let v2025 = [("mcp-protocol-version", "2025-11-25")];
    let v2024 = [("mcp-protocol-version", "2024-11-05")];
    let cases: Vec<(&str, String, Headers)> = vec![
        ("", call(10, "task_get", r#"{"task":"acme-1"}"#), &[]),
        ("", call(11, "task_get", r#"{"task":"acme-1"}"#), &v2025),
        ("", call(12, "task_get", r#"{"task":"acme-1"}"#), &v2024),
        ("?profile=core", call(13, "task_get", r#"{"task":"acme-1"}"#), &[]),
        ("", call(14, "task_get", r#"{"task":"acme-99"}"#), &[]),
        ("", call(15, "task_get", r#"{"task":"nope-1"}"#), &[]),
        ("", call(16, "task_get", r#"{"task":"not a key"}"#), &[]),
        ("", call(17, "task_get", r#"{"task":"acme-1","verbose":true}"#), &[]),
        ("", call(18, "task_get", r#"{"task":5}"#), &[]),
        ("", call(19, "task_get", "{}"), &[]),
        ("", call(20, "no_such_tool", "{}"), &[]),
        ("?profile=core", call(21, "rules_get", "{}"), &[]),
        ("", call(22, "rules_get", "{}"), &v2025),
        ("", call(23, "project_list", "{}"), &[]),
        ("", call(24, "project_snapshot", r#"{"project":"acme"}"#), &[]),
        ("", call(25, "task_list", r#"{"project":"acme"}"#), &[]),
        ("", call(26, "task_create", r#"{"project":"nope","title":"X"}"#), &[]),
        ("", call(27, "task_set_stage", r#"{"task":"acme-1","stage":"sideways"}"#), &[]),
        (
            "",
            r#"{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"task_get","arguments":{"task":"acme-1"},"_meta":{"progressToken":3}}}"#.to_owned(),
            &[],
        ),
        ("", r#"{"jsonrpc":"2.0","id":30,"method":"tools/list"}"#.to_owned(), &[]),
        ("", r#"{"jsonrpc":"2.0","id":31,"method":"tools/list"}"#.to_owned(), &v2025),
        ("?profile=core", r#"{"jsonrpc":"2.0","id":32,"method":"tools/list","params":{}}"#.to_owned(), &[]),
        ("", r#"{"jsonrpc":"2.0","id":33,"method":"ping"}"#.to_owned(), &[]),
        ("", r#"{"jsonrpc":"2.0","id":34,"method":"ping"}"#.to_owned(), &v2025),
    ];
    for (query, body, extra) in &cases {
        assert!(
            mcp.direct(query, body, ACCEPT_DIRECT, extra),
            "not direct: {body}"
        );
        assert!(!mcp.direct(query, body, ACCEPT_RMCP, extra), "direct: {body}");
        let direct = mcp.post(query, body, ACCEPT_DIRECT, extra).await;
        let rmcp = mcp.post(query, body, ACCEPT_RMCP, extra).await;
        assert_eq!(direct, rmcp, "{query} {body} {extra:?}");
    }
    // A write answers alike too (each creates its own task).
    let create = call(40, "task_create", r#"{"project":"acme","title":"Second"}"#);
    let (status, content_type, direct) = mcp.post("", &create, ACCEPT_DIRECT, &[]).await;
    let rmcp = mcp.post("", &create, ACCEPT_RMCP, &[]).await;
    assert_eq!((status, content_type), (rmcp.0, rmcp.1));
    assert!(direct.contains("acme-2"), "{direct}");
    assert_eq!(direct.replace("acme-2", "acme-3"), rmcp.2);
}

#[tokio::test]
async fn rmcp_keeps_what_the_direct_path_does_not_serve() {
    let mcp = Mcp::new().await;
    let get = call(1, "task_get", r#"{"task":"acme-1"}"#);
    let v2026 = [("mcp-protocol-version", "2026-07-28")];
    let unknown = [("mcp-protocol-version", "1999-01-01")];
    let two = [
        ("mcp-protocol-version", "2025-11-25"),
        ("mcp-protocol-version", "2025-06-18"),
    ];
    let cases: Vec<(String, &str, Headers)> = vec![
        (get.clone(), ACCEPT_RMCP, &[]),
        (get.clone(), "application/json", &[]),
        (get.clone(), "application/json, text/event-stream;q=0", &[]),
        (get.clone(), ACCEPT_DIRECT, &v2026),
        (get.clone(), ACCEPT_DIRECT, &unknown),
        (get.clone(), ACCEPT_DIRECT, &two),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"task_get","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#.to_owned(),
            ACCEPT_DIRECT,
            &v2026,
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#.to_owned(),
            ACCEPT_DIRECT,
            &[],
        ),
        (r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(), ACCEPT_DIRECT, &[]),
        (r#"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#.to_owned(), ACCEPT_DIRECT, &[]),
    ];
    for (body, accept, extra) in &cases {
        assert!(
            !mcp.direct("", body, accept, extra),
            "direct: {body} {accept} {extra:?}"
        );
    }
    // rmcp's own refusals still answer: Accept without the event stream, an unknown protocol version.
    let (status, _, _) = mcp.post("", &get, "application/json", &[]).await;
    assert_eq!(status, StatusCode::NOT_ACCEPTABLE);
    let (status, _, body) = mcp.post("", &get, ACCEPT_DIRECT, &unknown).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// The calls a text suggests: `name(arg, key=value, …)` for every tool name of `tools`, with the parameter names
/// it passes (`arg` and `key`), split at top-level commas only.
fn suggested_calls(text: &str, tools: &[rmcp::model::Tool]) -> Vec<(String, Vec<String>)> {
    let mut calls = Vec::new();
    for tool in tools {
        let name = format!("{}(", tool.name);
        let mut rest = text;
        while let Some(at) = rest.find(&name) {
            let before = rest[..at].chars().last();
            rest = &rest[at + name.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let (mut depth, mut end) = (0i32, rest.len());
            for (i, c) in rest.char_indices() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
            }
            let (mut args, mut depth, mut current) = (Vec::new(), 0i32, String::new());
            for c in rest[..end].chars() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    ',' if depth == 0 => {
                        args.push(std::mem::take(&mut current));
                        continue;
                    }
                    _ => {}
                }
                current.push(c);
            }
            args.push(current);
            let names = args
                .iter()
                .map(|a| a.split('=').next().unwrap_or("").trim().to_owned())
                .filter(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .collect();
            calls.push((tool.name.to_string(), names));
        }
    }
    calls
}

#[tokio::test]
async fn every_call_the_hook_texts_and_instructions_suggest_is_valid_against_the_tool_schemas() {
    let (_dir, server) = server(Profile::Full).await;
    let tools = server.tools();
    let texts = [
        (
            "the comment hook text",
            crate::hooks::claude::context::HOW_TO_ANSWER.to_owned(),
        ),
        ("the server instructions", server.instructions().to_owned()),
    ];
    for (what, text) in &texts {
        let calls = suggested_calls(text, &tools);
        assert!(!calls.is_empty(), "{what} suggests no call");
        for (tool, args) in calls {
            let schema = tools.iter().find(|t| t.name == tool).unwrap();
            let properties = schema
                .input_schema
                .get("properties")
                .and_then(Value::as_object)
                .unwrap();
            for arg in args {
                assert!(
                    properties.contains_key(&arg),
                    "{what} suggests {tool}(…{arg}…), but {tool} has no parameter {arg}"
                );
            }
        }
    }
}

/// What one profile costs a client, in tokens as the budget counts them: its `tools/list` JSON and its
/// instructions.
async fn profile_tokens(profile: Profile) -> (usize, usize) {
    let (_dir, server) = server(profile).await;
    let tools = serde_json::to_string(&server.tools()).unwrap();
    (budget::tokens(&tools), budget::tokens(server.instructions()))
}

#[tokio::test]
async fn the_core_profile_stays_within_its_token_budget_when_listed() {
    for profile in Profile::ALL {
        let (tools, instructions) = profile_tokens(*profile).await;
        println!(
            "{}: tools/list ≈ {tools} tokens, instructions ≈ {instructions} tokens",
            profile.as_str()
        );
    }
    let (core, _) = profile_tokens(Profile::Core).await;
    assert!(core <= 3_500, "core tools/list is {core} tokens, over 3,500");
}

#[tokio::test]
async fn every_stage_and_status_parameter_lists_its_names_when_listed() {
    let (_dir, server) = server(Profile::Coordinator).await;
    for tool in server.tools() {
        let properties = tool
            .input_schema
            .get("properties")
            .and_then(Value::as_object)
            .unwrap();
        for name in ["stage", "status"] {
            if let Some(property) = properties.get(name) {
                assert!(
                    property
                        .get("enum")
                        .and_then(Value::as_array)
                        .is_some_and(|e| !e.is_empty()),
                    "{}.{name} has no enum: {property}",
                    tool.name
                );
            }
        }
    }
}

/// The Rust sources of relay-core and relayd, tests left out: where every text an agent reads is written.
fn text_sources() -> Vec<(std::path::PathBuf, String)> {
    fn walk(dir: &std::path::Path, found: &mut Vec<(std::path::PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_owned();
            if path.is_dir() {
                if name != "tests" {
                    walk(&path, found);
                }
            } else if name.ends_with(".rs") && !name.contains("tests") && name != "scale.rs" {
                found.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    walk(&root.join("src"), &mut found);
    walk(&root.join("../src"), &mut found);
    found
}

#[tokio::test]
async fn every_call_any_text_of_relay_suggests_is_valid_against_the_tool_schemas() {
    let (_dir, server) = server(Profile::Coordinator).await;
    let tools = server.tools();
    let mut checked = 0;
    for (path, text) in text_sources() {
        // Strings continued over lines read as one text.
        let text = text.replace("\\\n", " ");
        for (tool, args) in suggested_calls(&text, &tools) {
            let schema = tools.iter().find(|t| t.name == tool).unwrap();
            let properties = schema
                .input_schema
                .get("properties")
                .and_then(Value::as_object)
                .unwrap();
            for arg in args {
                assert!(
                    properties.contains_key(&arg),
                    "{} suggests {tool}(…{arg}…), but {tool} has no parameter {arg}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} suggested arguments found");
}

#[tokio::test]
async fn each_profile_suggests_only_its_own_tools_when_it_instructs_an_agent() {
    for profile in Profile::ALL {
        let (_dir, server) = server(*profile).await;
        let (_dir, all) = server_all().await;
        let instructions = server.instructions().to_owned();
        for (tool, _) in suggested_calls(&instructions, &all) {
            assert!(
                profile.includes(&tool),
                "the {} instructions suggest {tool}, which the profile does not list",
                profile.as_str()
            );
        }
    }
    for (what, text) in [(
        "the comment hook text",
        crate::hooks::claude::context::HOW_TO_ANSWER,
    )] {
        let (_dir, all) = server_all().await;
        for (tool, _) in suggested_calls(text, &all) {
            assert!(
                Profile::Core.includes(&tool),
                "{what} suggests {tool}, not in core"
            );
        }
    }
}

async fn server_all() -> (tempfile::TempDir, Vec<rmcp::model::Tool>) {
    let (dir, server) = server(Profile::Coordinator).await;
    (dir, server.tools())
}

#[test]
fn an_answer_naming_a_tool_the_profile_lacks_says_where_it_is_when_noted() {
    assert!(server::names_tool("read it with review_get(task).", "review_get"));
    assert!(!server::names_tool("my_review_get_x", "review_get"));
    assert_eq!(
        server::missing_note(Profile::Core, &["review_get", "plan_get"]).as_deref(),
        Some(
            "Note: review_get and plan_get are not tools of this connection (the core profile); /mcp?profile=full has them."
        )
    );
    assert_eq!(
        server::missing_note(Profile::Full, &["plan_accept"]).as_deref(),
        Some(
            "Note: plan_accept is not a tool of this connection (the full profile); /mcp?profile=coordinator has it."
        )
    );
    assert_eq!(server::missing_note(Profile::Core, &[]), None);
}
