//! What `/mcp` refuses, each with a message that says what to do and nothing changed: unknown names, bad slugs,
//! fields outside the editable list, wrong types, oversize text, stale versions, malformed JSON-RPC, a wrong
//! token and a foreign Origin.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use rmcp::ServiceExt;
use rmcp::transport::StreamableHttpClientTransport;
use serde_json::{Value, json};

use super::{Board, config, ok, refused};

#[tokio::test]
async fn unknown_project_is_refused_when_read_or_written() {
    let board = Board::new().await;
    let message = refused(&board.client, "project_snapshot", json!({ "project": "nope" })).await;
    assert!(
        message.starts_with("unknown project `nope`; known projects: demo (create it with project_upsert / relay project upsert)"),
        "{message}"
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_create",
            json!({ "project": "nope", "title": "x" }),
        ))
        .await;
    assert!(
        message.contains("unknown project `nope`") && message.ends_with("Nothing changed."),
        "{message}"
    );
}

#[tokio::test]
async fn unknown_task_is_refused_when_read_or_written() {
    let board = Board::new().await;
    let message = refused(&board.client, "task_get", json!({ "task": "demo-99" })).await;
    assert!(
        message.starts_with(
            "unknown task `demo-99`: its project has no task of that number; task_list(project=\"demo\") lists its tasks"
        ),
        "{message}"
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_update",
            json!({ "task": "demo-99", "title": "x" }),
        ))
        .await;
    assert!(
        message.contains("unknown task `demo-99`") && message.ends_with("Nothing changed."),
        "{message}"
    );
    let message = refused(&board.client, "task_get", json!({ "task": "not a key" })).await;
    assert!(message.contains("not a key"), "{message}");
}

#[tokio::test]
async fn unknown_stage_is_refused_when_a_task_moves() {
    let board = Board::new().await;
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_set_stage",
            json!({ "task": "demo-1", "stage": "deploy" }),
        ))
        .await;
    assert!(
        message.contains("unknown stage \"deploy\"; use one of plan, dev, review, test, live, done"),
        "{message}"
    );
    assert!(message.ends_with("Nothing changed."), "{message}");
    let message = refused(&board.client, "task_list", json!({ "stage": "deploy" })).await;
    assert!(message.contains("unknown stage \"deploy\""), "{message}");
}

#[tokio::test]
async fn slug_is_refused_when_it_has_capitals_or_spaces() {
    let board = Board::new().await;
    for slug in ["Acme", "acme shop"] {
        let message = board
            .assert_nothing_changed(refused(&board.client, "project_upsert", json!({ "slug": slug })))
            .await;
        assert!(
            message.contains(&format!("{slug:?}")),
            "the message names the slug: {message}"
        );
        assert!(message.contains("lowercase"), "{message}");
        assert!(message.ends_with("Nothing changed."), "{message}");
    }
}

#[tokio::test]
async fn field_outside_the_editable_list_is_refused_when_patched_or_updated() {
    let board = Board::new().await;
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_patch",
            json!({ "task": "demo-1", "fields": { "owner": "me" } }),
        ))
        .await;
    assert!(
        message.starts_with("unknown task field \"owner\"; editable fields: title, stage,"),
        "{message}"
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_update",
            json!({ "task": "demo-1", "owner": "me" }),
        ))
        .await;
    assert!(
        message.starts_with("unknown task field \"owner\"; editable fields: title, stage,"),
        "{message}"
    );
    assert!(message.ends_with("Nothing changed."), "{message}");
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_set_stage",
            json!({ "task": "demo-1", "stage": "dev", "owner": "me" }),
        ))
        .await;
    assert!(
        message.starts_with("Invalid arguments for task_set_stage: no parameter named `owner`;"),
        "{message}"
    );
    assert!(
        message.contains("task_patch(task, fields={…}) reaches every editable task field"),
        "{message}"
    );
}

#[tokio::test]
async fn wrong_type_is_refused_when_a_field_or_a_parameter_has_one() {
    let board = Board::new().await;
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_patch",
            json!({ "task": "demo-1", "fields": { "priority": "high" } }),
        ))
        .await;
    assert!(
        message.starts_with("priority: expected integer from 1 to 5, got"),
        "{message}"
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_update",
            json!({ "task": "demo-1", "tracker_logged": 3 }),
        ))
        .await;
    assert!(
        message.starts_with("tracker_logged: expected boolean"),
        "{message}"
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_update",
            json!({ "task": "demo-1", "title": "x", "expected_version": "abc" }),
        ))
        .await;
    assert!(
        message.starts_with(
            "Invalid arguments for task_update: `expected_version` takes a whole number; got \"abc\"."
        ),
        "{message}"
    );
    assert!(message.ends_with("Nothing changed."), "{message}");
    let message = refused(&board.client, "task_get", json!({})).await;
    assert!(
        message.starts_with("Invalid arguments for task_get: `task` is missing; it is required."),
        "{message}"
    );
    // No parser's words reach the model: a step that is not an object, a list that is a string.
    for (tool, arguments, expected) in [
        (
            "plan_set",
            json!({ "task": "demo-1", "steps": ["Write it"] }),
            "`steps[0]` takes an object with details, title; got \"Write it\"",
        ),
        (
            "review_steps_set",
            json!({ "task": "demo-1", "steps": "Open the page" }),
            "`steps` takes a list of objects with details, title; got \"Open the page\"",
        ),
        (
            "plan_step_update",
            json!({ "task": "demo-1", "step": "first" }),
            "`step` takes a whole number; got \"first\"",
        ),
    ] {
        let message = board
            .assert_nothing_changed(refused(&board.client, tool, arguments))
            .await;
        assert!(message.contains(expected), "{message}");
        for rust in ["struct", "i64", "u32", "Param", "invalid type"] {
            assert!(!message.contains(rust), "{message}");
        }
    }
}

#[tokio::test]
async fn ids_are_taken_as_agents_write_them_when_a_number_or_a_list_is_asked_for() {
    let board = Board::new().await;
    ok(
        &board.client,
        "report_add",
        json!({ "task": "demo-1", "body": "inspected · S · looked", "session": "s1" }),
    )
    .await;
    // `#1` for a number, and a step number as text.
    let task = ok(
        &board.client,
        "task_get",
        json!({ "task": "demo-1", "reports_before": "#99" }),
    )
    .await;
    assert!(task.contains("demo-1"), "{task}");
    // One id where a list is asked for: comment_ack(comments=7) is comment_ack(comments=[7]).
    let one = refused(&board.client, "comment_ack", json!({ "comments": 7 })).await;
    assert!(one.contains("7"), "{one}");
    assert!(
        !one.contains("Invalid arguments"),
        "the single id reached the board: {one}"
    );
}

#[tokio::test]
async fn oversize_text_is_refused_when_it_passes_the_limit() {
    let board = Board::new().await;
    let long_title = "t".repeat(201);
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_update",
            json!({ "task": "demo-1", "title": long_title }),
        ))
        .await;
    assert!(
        message.starts_with("title is 201 characters long; the limit is 200 characters"),
        "{message}"
    );
    let long_report = "r".repeat(50_001);
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "report_add",
            json!({ "task": "demo-1", "body": long_report }),
        ))
        .await;
    assert!(
        message.starts_with("report is 50001 characters long; the limit is 50000"),
        "{message}"
    );
}

#[tokio::test]
async fn stale_expected_version_is_refused_when_someone_wrote_since() {
    let board = Board::new().await;
    let task = ok(&board.client, "task_get", json!({ "task": "demo-1" })).await;
    let version: i64 = task
        .split("version ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no version in {task}"));
    ok(
        &board.client,
        "task_update",
        json!({ "task": "demo-1", "next_step": "a", "expected_version": version }),
    )
    .await;
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "task_patch",
            json!({ "task": "demo-1", "fields": { "next_step": "b" }, "expected_version": version }),
        ))
        .await;
    assert_eq!(
        message,
        format!(
            "demo-1 is at version {}, not {version}: someone wrote it since you read it. Read it again \
             (task_get / relay task show), then re-apply your change. Nothing changed.",
            version + 1
        )
    );
    let message = refused(
        &board.client,
        "task_set_stage",
        json!({ "task": "demo-1", "stage": "dev", "expected_version": version }),
    )
    .await;
    assert!(message.contains(&format!("not {version}")), "{message}");
}

/// One raw POST to `/mcp` (for what a well-behaved client never sends).
async fn post(addr: SocketAddr, query: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let stream = tokio::net::TcpStream::connect(addr)
        .await
        .unwrap_or_else(|e| panic!("connect: {e}"));
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap_or_else(|e| panic!("HTTP handshake: {e}"));
    tokio::spawn(connection);
    let mut builder = http::Request::post(format!("/mcp{query}"))
        .header(http::header::CONTENT_TYPE, "application/json")
        .header(http::header::ACCEPT, "application/json, text/event-stream");
    if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
        builder = builder.header(http::header::HOST, addr.to_string());
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let request = builder
        .body(Full::new(Bytes::from(body.to_owned())))
        .unwrap_or_else(|e| panic!("request: {e}"));
    let response = tokio::time::timeout(Duration::from_secs(10), sender.send_request(request))
        .await
        .unwrap_or_else(|_| panic!("no answer within 10 s"))
        .unwrap_or_else(|e| panic!("POST /mcp: {e}"));
    let status = response.status().as_u16();
    let bytes = response
        .into_body()
        .collect()
        .await
        .unwrap_or_else(|e| panic!("body: {e}"))
        .to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn json_body(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

#[tokio::test]
async fn malformed_json_rpc_gets_a_json_rpc_error_when_posted() {
    let board = Board::new().await;
    let addr = board.daemon.http_addr();
    let bearer = format!("Bearer {}", board.daemon.token());
    let auth = [("authorization", bearer.as_str())];
    let before = board.last_event_id().await;

    let (status, body) = post(addr, "", &auth, "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ").await;
    assert_eq!(status, 400, "{body}");
    let body = json_body(&body);
    assert_eq!(body["error"]["code"], -32700, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Parse error: the body is not JSON"))
    );

    let (status, body) = post(
        addr,
        "",
        &auth,
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
    )
    .await;
    assert_eq!(
        (status, json_body(&body)["error"]["code"].clone()),
        (400, json!(-32600)),
        "{body}"
    );
    assert!(body.contains("batches are not supported"), "{body}");

    let call_without_name = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}"#;
    let (status, body) = post(addr, "", &auth, call_without_name).await;
    let body = json_body(&body);
    assert_eq!(
        (status, body["error"]["code"].clone(), body["id"].clone()),
        (400, json!(-32602), json!(5)),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Invalid params for tools/call"))
    );

    let unknown_tool =
        r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"task_delete","arguments":{}}}"#;
    let (status, body) = post(addr, "", &auth, unknown_tool).await;
    assert_eq!(status, 200, "{body}");
    let message = json_body(&body)["error"]["message"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(
        message.starts_with("unknown tool `task_delete`; this connection's tools: ")
            && message.contains(" decision_add, environment_propose, environments_get, events_since,"),
        "{body}"
    );

    let (_, body) = post(
        addr,
        "",
        &auth,
        r#"{"jsonrpc":"2.0","id":8,"method":"tools/remove"}"#,
    )
    .await;
    let message = json_body(&body)["error"]["message"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(
        message.starts_with("unknown method `tools/remove`; relayd serves initialize,"),
        "{body}"
    );

    let (status, body) = post(
        addr,
        "?profile=core",
        &auth,
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"decision_add","arguments":{}}}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains(
            "tool `decision_add` is not in the core profile of this connection; connect to /mcp?profile=full"
        ),
        "{body}"
    );

    let (status, body) = post(
        addr,
        "?profile=tiny",
        &auth,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        json_body(&body)["error"]
            .as_str()
            .is_some_and(|e| e.contains("unknown MCP profile \"tiny\"; use one of core, full"))
    );

    assert_eq!(board.last_event_id().await, before, "nothing changed");
}

#[tokio::test]
async fn tool_call_is_refused_with_401_when_the_token_is_wrong() {
    let board = Board::new().await;
    let addr = board.daemon.http_addr();
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"task_update","arguments":{"task":"demo-1","title":"hacked"}}}"#;
    let before = board.last_event_id().await;
    let (status, body) = post(addr, "", &[("authorization", "Bearer not-the-token")], call).await;
    assert_eq!(status, 401, "{body}");
    assert!(
        json_body(&body)["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("wrong token;")),
        "{body}"
    );
    let (status, body) = post(addr, "", &[], call).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(board.last_event_id().await, before);

    let transport = StreamableHttpClientTransport::from_config(config(addr, "not-the-token", "", &[]));
    assert!(
        ().serve(transport).await.is_err(),
        "a client with a wrong token cannot even initialize"
    );
    let task = ok(&board.client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(task.starts_with("# demo-1 · First task"), "{task}");
}

#[tokio::test]
async fn mcp_is_refused_with_403_when_the_host_or_the_origin_is_foreign() {
    let board = Board::new().await;
    let bearer = format!("Bearer {}", board.daemon.token());
    let headers = [
        ("authorization", bearer.as_str()),
        ("origin", "http://evil.example"),
    ];
    let (status, body) = post(
        board.daemon.http_addr(),
        "",
        &headers,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let foreign_host = format!("evil.example:{}", board.daemon.http_addr().port());
    let headers = [
        ("authorization", bearer.as_str()),
        ("host", foreign_host.as_str()),
    ];
    let (status, body) = post(
        board.daemon.http_addr(),
        "",
        &headers,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("allowed_hosts"), "{body}");
    let local_origin = format!("http://localhost:{}", board.daemon.http_addr().port());
    let headers = [
        ("authorization", bearer.as_str()),
        ("origin", local_origin.as_str()),
    ];
    let (status, body) = post(
        board.daemon.http_addr(),
        "",
        &headers,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    )
    .await;
    assert_eq!(
        status, 200,
        "a local Origin passes the guard and rmcp's own check: {body}"
    );
}

#[tokio::test]
async fn unknown_key_inside_a_step_is_refused_not_dropped() {
    let board = Board::new().await;
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "plan_set",
            json!({ "task": "demo-1", "steps": [
                { "title": "Read the code" },
                { "title": "Write it", "description": "the whole change" },
            ] }),
        ))
        .await;
    assert_eq!(
        message,
        "Invalid arguments for plan_set: steps[1]: no field \"description\"; a step has details, title. Check \
         the tool's parameters and call it again. Nothing changed."
    );
    let message = board
        .assert_nothing_changed(refused(
            &board.client,
            "review_steps_set",
            json!({ "task": "demo-1", "steps": [{ "title": "Home page", "status": "accepted" }] }),
        ))
        .await;
    assert!(
        message.starts_with("Invalid arguments for review_steps_set: steps[0]: no field \"status\"; a step has details, title."),
        "{message}"
    );
}
