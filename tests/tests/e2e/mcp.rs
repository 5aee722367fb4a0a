//! MCP at `/mcp` over real HTTP: rmcp's own client against a real relayd, with the Bearer token. Profiles and
//! their token budgets, an agent's whole life cycle, sessions, resources and a relayd restart under a connected
//! client here; every refused input (each with a clear message and nothing changed) in `refusals`.

use std::collections::HashMap;
use std::net::SocketAddr;

use relay_tests::{TestDaemon, TestHome, run};
use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion, ReadResourceRequestParams, Tool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientLifecycleMode, ClientServiceExt, ServiceExt};
use serde_json::{Value, json};

mod concurrency;
mod core_contract;
mod refusals;

pub(crate) type Client = RunningService<RoleClient, ()>;

/// Token budgets of `tools/list` (tokens ≈ characters of the JSON / 4). The core profile is what every turn of
/// every agent pays for; raise a budget only on purpose.
// Core: +200 for comment_ack, which a core-profile agent needs to acknowledge owner comments (hooks will block
// its Stop until it does).
// Issue 21: the working contract in core (plan_set, plan_step_update, review_steps_set, attach_file, comment_add
// in, task_update out), session_title and hook_session listed only on a session's first writes: 3,011 → see
// docs/PERFORMANCE.md "MCP profiles".
const CORE_BUDGET_TOKENS: usize = 3_500;
const FULL_BUDGET_TOKENS: usize = 3_800 + 1_300 /* review and comment tools */ + 900 /* plan tools */
    + 520 /* screenshot tools */ + 450 /* the memory graph's three */;

pub(crate) const CORE_TOOLS: &[&str] = &[
    "attach_file",
    "comment_ack",
    "comment_add",
    "events_since",
    "plan_set",
    "plan_step_update",
    "project_snapshot",
    "report_add",
    "review_steps_set",
    "task_bind_session",
    "task_create",
    "task_get",
    "task_list",
    "task_patch",
    "task_set_stage",
];

/// How the client starts: the `initialize` handshake (Claude Code today) or 2026-07-28 discovery.
#[derive(Clone, Copy, Debug)]
enum Lifecycle {
    Initialize,
    Discover,
}

/// The client transport's settings: `/mcp` with `query`, the token, and extra headers.
fn config(
    addr: SocketAddr,
    token: &str,
    query: &str,
    headers: &[(&'static str, &'static str)],
) -> StreamableHttpClientTransportConfig {
    let headers: HashMap<http::HeaderName, http::HeaderValue> = headers
        .iter()
        .map(|(name, value)| {
            (
                http::HeaderName::from_static(name),
                http::HeaderValue::from_static(value),
            )
        })
        .collect();
    StreamableHttpClientTransportConfig::with_uri(format!("http://{addr}/mcp{query}"))
        .auth_header(token)
        .custom_headers(headers)
}

async fn connect_with(
    addr: SocketAddr,
    token: &str,
    query: &str,
    headers: &[(&'static str, &'static str)],
    lifecycle: Lifecycle,
) -> Client {
    let transport = StreamableHttpClientTransport::from_config(config(addr, token, query, headers));
    let client = match lifecycle {
        Lifecycle::Initialize => ().serve(transport).await,
        Lifecycle::Discover => {
            let mode = ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            };
            ().serve_with_lifecycle(transport, mode).await
        }
    };
    client.unwrap_or_else(|e| panic!("MCP client could not start against {addr}{query}: {e}"))
}

pub(crate) async fn connect(daemon: &TestDaemon) -> Client {
    connect_with(
        daemon.http_addr(),
        &daemon.token(),
        "",
        &[],
        Lifecycle::Initialize,
    )
    .await
}

/// A client of `daemon`'s `/mcp?profile=<profile>`.
pub(crate) async fn connect_profile(daemon: &TestDaemon, profile: &str) -> Client {
    let query = format!("?profile={profile}");
    connect_with(
        daemon.http_addr(),
        &daemon.token(),
        &query,
        &[],
        Lifecycle::Initialize,
    )
    .await
}

/// Calls a tool; the answer may be an error result (`isError`), never a protocol error.
pub(crate) async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    let arguments = arguments.as_object().cloned().unwrap_or_default();
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
        .unwrap_or_else(|e| panic!("{tool} failed as a protocol error: {e}"))
}

pub(crate) fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A successful call's text.
pub(crate) async fn ok(client: &Client, tool: &str, arguments: Value) -> String {
    let result = call(client, tool, arguments).await;
    assert_ne!(result.is_error, Some(true), "{tool} failed: {}", text(&result));
    text(&result)
}

/// A failed call's text (a tool error the model reads).
async fn refused(client: &Client, tool: &str, arguments: Value) -> String {
    let result = call(client, tool, arguments).await;
    assert_eq!(
        result.is_error,
        Some(true),
        "{tool} should fail, answered: {}",
        text(&result)
    );
    text(&result)
}

/// A daemon with a connected client, one project `demo` and its task `demo-1` bound to session `s1`.
struct Board {
    daemon: TestDaemon,
    client: Client,
}

impl Board {
    async fn new() -> Board {
        let daemon = TestDaemon::start().await;
        let client = connect(&daemon).await;
        ok(
            &client,
            "project_upsert",
            json!({ "slug": "demo", "name": "Demo", "session": "s1" }),
        )
        .await;
        let created = ok(
            &client,
            "task_create",
            json!({ "project": "demo", "title": "First task", "session": "s1" }),
        )
        .await;
        assert!(
            created.starts_with("Created **demo-1** First task · plan · v"),
            "{created}"
        );
        Board { daemon, client }
    }

    async fn last_event_id(&self) -> i64 {
        self.daemon.get_status().await.last_event_id
    }

    /// Runs `refuse` and checks that no event was written (every write appends one).
    async fn assert_nothing_changed<F: std::future::Future<Output = String>>(&self, refuse: F) -> String {
        let before = self.last_event_id().await;
        let message = refuse.await;
        assert_eq!(
            self.last_event_id().await,
            before,
            "a refused call wrote something: {message}"
        );
        message
    }
}

fn tool_names(tools: &[Tool]) -> Vec<String> {
    let mut names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    names
}

fn tokens(tools: &[Tool]) -> usize {
    serde_json::to_string(tools)
        .map(|json| json.chars().count() / 4)
        .unwrap_or(usize::MAX)
}

#[tokio::test]
async fn tools_list_of_each_profile_fits_its_token_budget_when_a_client_connects() {
    let daemon = TestDaemon::start().await;
    let (addr, token) = (daemon.http_addr(), daemon.token());

    let full = connect_with(addr, &token, "", &[], Lifecycle::Initialize).await;
    let info = full.peer_info().expect("the server introduced itself");
    let instructions = info.instructions.clone().unwrap_or_default();
    assert!(
        instructions.contains("\n1. Read project_snapshot(project) first"),
        "{instructions}"
    );
    assert!(
        instructions.contains("task_patch(task, fields={…})"),
        "{instructions}"
    );
    let full_tools = full.list_all_tools().await.expect("tools/list");
    // The board's 15, the review and comment tools 6, the plan tools 3 (plan_accept is the coordinator's), the
    // screenshot tools 2, the environment and policy tools 4, the memory graph's 3.
    assert_eq!(
        full_tools.len(),
        15 + 6 + 3 + 2 + 4 + 3,
        "{:?}",
        tool_names(&full_tools)
    );
    let full_tokens = tokens(&full_tools);
    assert!(
        full_tokens <= FULL_BUDGET_TOKENS,
        "full profile: {full_tokens} tokens > {FULL_BUDGET_TOKENS}"
    );

    let mut core_tokens = 0;
    for (query, headers, lifecycle) in [
        ("?profile=core", &[][..], Lifecycle::Initialize),
        ("", &[("x-relay-profile", "core")][..], Lifecycle::Initialize),
        ("?profile=core", &[][..], Lifecycle::Discover),
    ] {
        let core = connect_with(addr, &token, query, headers, lifecycle).await;
        let core_tools = core.list_all_tools().await.expect("tools/list");
        assert_eq!(
            tool_names(&core_tools),
            CORE_TOOLS,
            "{query} {headers:?} {lifecycle:?}"
        );
        core_tokens = tokens(&core_tools);
        assert!(
            core_tokens <= CORE_BUDGET_TOKENS,
            "core profile: {core_tokens} tokens > {CORE_BUDGET_TOKENS}"
        );
        let instructions = core
            .peer_info()
            .and_then(|i| i.instructions.clone())
            .unwrap_or_default();
        assert!(
            instructions.contains("are in the full profile (/mcp?profile=full)"),
            "{instructions}"
        );
    }
    println!("tools/list: core ≈ {core_tokens} tokens, full ≈ {full_tokens} tokens");
}

#[tokio::test]
async fn agent_life_cycle_is_recorded_when_the_tools_are_called_in_order() {
    let daemon = TestDaemon::start().await;
    let client = connect(&daemon).await;
    let start = daemon.get_status().await.last_event_id;

    let saved = ok(
        &client,
        "project_upsert",
        json!({ "slug": "acme-shop", "name": "Acme Shop", "repo_path": "/srv/acme", "session": "local_abc" }),
    )
    .await;
    assert_eq!(saved, "Saved project `acme-shop` Acme Shop · /srv/acme");

    let created = ok(
        &client,
        "task_create",
        json!({ "project": "acme-shop", "title": "Checkout page", "size": "M", "session": "local_abc",
                "session_title": "Checkout work", "hook_session": "h-1" }),
    )
    .await;
    assert!(
        created.starts_with("Created **acme-shop-1** Checkout page · plan · v"),
        "{created}"
    );
    assert!(created.contains("session local_abc"), "{created}");
    let unlisted = ok(
        &client,
        "task_create",
        json!({ "project": "acme-shop", "title": "Tracked", "tracker_ref": "AC-7" }),
    )
    .await;
    assert!(
        unlisted.starts_with("Created **acme-shop-2** Tracked"),
        "task_create takes fields it does not list: {unlisted}"
    );

    let moved = ok(
        &client,
        "task_set_stage",
        json!({ "task": "acme-shop-1", "stage": "dev", "next_step": "write the form", "waiting_on": "agent",
                "session": "local_abc" }),
    )
    .await;
    let lines: Vec<&str> = moved.lines().collect();
    assert!(
        lines[0].starts_with("Updated **acme-shop-1** Checkout page · dev"),
        "{moved}"
    );
    assert!(lines[0].contains("next: write the form"), "{moved}");
    assert!(
        lines
            .iter()
            .skip(1)
            .any(|l| l.starts_with("Warning (rules): ") && l.contains("plan")),
        "moving an M task to dev without an accepted plan warns, on its own line:\n{moved}"
    );

    let reported = ok(
        &client,
        "report_add",
        json!({ "task": "acme-shop-1", "body": "changed · M · form and validation done\n\nDetails here.",
                "next_step": "review the form", "waiting_on": "owner", "progress": "Form built.",
                "session": "local_abc" }),
    )
    .await;
    assert!(
        reported.starts_with("Added report #1 to acme-shop-1: changed · M · form and validation done"),
        "{reported}"
    );
    assert!(reported.contains("[changed · M]"), "{reported}");

    let task = ok(&client, "task_get", json!({ "task": "acme-shop-1" })).await;
    assert!(
        task.starts_with("# acme-shop-1 · Checkout page\nStage: dev"),
        "{task}"
    );
    assert!(task.contains("Next step: review the form\n"), "{task}");
    assert!(task.contains("Waiting on: owner\n"), "{task}");
    assert!(task.contains("## Progress\nForm built."), "{task}");
    assert!(task.contains("## Reports (newest first)\n- #1 "), "{task}");
    assert!(
        task.contains("by local_abc: changed · M · form and validation done\n"),
        "{task}"
    );
    assert!(task.contains("  > Details here."), "{task}");
    assert!(
        task.trim_end()
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("Editable fields: title, stage,")),
        "{task}"
    );

    let decided = ok(
        &client,
        "decision_add",
        json!({ "project": "acme-shop", "task": "acme-shop-1", "text": "Use server-side validation.",
                "decided_by": "owner", "session": "local_abc" }),
    )
    .await;
    assert_eq!(decided, "Recorded decision #1 for acme-shop-1 (task scope).");

    let snapshot = ok(&client, "project_snapshot", json!({ "project": "acme-shop" })).await;
    assert!(
        snapshot.starts_with("Rules "),
        "the snapshot's first line is the rules line:\n{snapshot}"
    );
    assert!(
        snapshot
            .lines()
            .next()
            .is_some_and(|l| l.ends_with("(read relay://rules/acme-shop)")),
        "{snapshot}"
    );
    assert!(
        snapshot.contains("## dev\n- **acme-shop-1** Checkout page"),
        "{snapshot}"
    );
    assert!(
        snapshot.contains("#1 (acme-shop-1) Use server-side validation. — decided by owner"),
        "{snapshot}"
    );

    let events = ok(
        &client,
        "events_since",
        json!({ "after": start, "project": "acme-shop" }),
    )
    .await;
    let kinds: Vec<&str> = events
        .lines()
        .filter(|l| l.starts_with("- #"))
        .filter_map(|l| l.split_whitespace().nth(3))
        .collect();
    assert_eq!(
        kinds,
        [
            "project.created",
            "task.created",
            "task.session_bound",
            "task.created",
            "task.updated",
            "task.stage_changed",
            "report.added",
            "task.updated",
            "decision.added"
        ],
        "{events}"
    );
    assert!(
        events.contains("task.stage_changed acme-shop-1: plan → dev with 1 rule warning(s) (by local_abc)"),
        "{events}"
    );
    let last = daemon.get_status().await.last_event_id;
    // The call to make next keeps the project filter.
    assert!(
        events.ends_with(&format!(
            "Up to date at event {last}; next time call events_since(after={last}, project=\"acme-shop\")."
        )),
        "{events}"
    );
    let none = ok(&client, "events_since", json!({ "after": last })).await;
    assert!(none.starts_with("No new events."), "{none}");
}

#[tokio::test]
async fn dash_clears_a_field_when_written_with_task_update_or_task_patch() {
    let board = Board::new().await;
    ok(
        &board.client,
        "task_update",
        json!({ "task": "demo-1", "waiting_on": "owner", "priority": 2, "size": "S" }),
    )
    .await;
    let task = ok(&board.client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(
        task.contains("Waiting on: owner") && task.contains("· size S · priority 2"),
        "{task}"
    );
    ok(
        &board.client,
        "task_update",
        json!({ "task": "demo-1", "waiting_on": "-", "size": "-" }),
    )
    .await;
    ok(
        &board.client,
        "task_patch",
        json!({ "task": "demo-1", "fields": { "priority": "-" } }),
    )
    .await;
    let task = ok(&board.client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(
        !task.contains("Waiting on:") && !task.contains("· priority") && !task.contains("· size"),
        "{task}"
    );
}

#[tokio::test]
async fn next_step_is_marked_stale_when_the_stage_changes_without_it() {
    let board = Board::new().await;
    let client = &board.client;
    ok(
        client,
        "task_update",
        json!({ "task": "demo-1", "next_step": "sketch the plan", "size": "S" }),
    )
    .await;
    let moved = ok(
        client,
        "task_set_stage",
        json!({ "task": "demo-1", "stage": "dev" }),
    )
    .await;
    assert!(moved.contains("next: sketch the plan (stale)"), "{moved}");
    let task = ok(client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(task.contains("Next step: sketch the plan (stale)\n"), "{task}");
    ok(
        client,
        "task_set_stage",
        json!({ "task": "demo-1", "stage": "dev", "next_step": "sketch the plan" }),
    )
    .await;
    let task = ok(client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(
        task.contains("Next step: sketch the plan\n"),
        "writing it again confirms it: {task}"
    );
}

#[tokio::test]
async fn sessions_bind_and_unbind_when_asked() {
    let board = Board::new().await;
    let client = &board.client;
    // s1 is at work on demo-1: taking the task over needs replace, and the answer says where comments go.
    let taken = refused(
        client,
        "task_bind_session",
        json!({ "task": "demo-1", "session": "s2" }),
    )
    .await;
    assert!(
        taken.starts_with("demo-1 is bound to s1, a session at work (last heard from just now)."),
        "{taken}"
    );
    let bound = ok(
        client,
        "task_bind_session",
        json!({ "task": "demo-1", "session": "s2", "replace": true }),
    )
    .await;
    assert_eq!(
        bound,
        "Bound demo-1 to s2 (was s1).\nThe owner's comments on demo-1 now go to s2."
    );
    let again = ok(
        client,
        "task_bind_session",
        json!({ "task": "demo-1", "session": "s2" }),
    )
    .await;
    assert_eq!(again, "demo-1 is already bound to s2; nothing changed.");
    let mine = ok(client, "task_list", json!({ "session": "s2" })).await;
    assert!(
        mine.starts_with("1 task:\n- **demo-1** First task · plan"),
        "{mine}"
    );
    let unbound = ok(
        client,
        "task_unbind_session",
        json!({ "task": "demo-1", "session": "s2" }),
    )
    .await;
    assert_eq!(unbound, "Unbound s2 from demo-1.");
    let nothing = ok(client, "task_unbind_session", json!({ "task": "demo-1" })).await;
    assert_eq!(nothing, "demo-1 has no bound session; nothing changed.");
    let task = ok(client, "task_get", json!({ "task": "demo-1" })).await;
    assert!(
        task.contains("Session: none (bind one with task_bind_session)"),
        "{task}"
    );
    assert!(
        task.contains("## Sessions\n- s2 (named) from ") && task.contains("\n- s1 (named) from "),
        "{task}"
    );
}

#[tokio::test]
async fn resources_show_the_same_markdown_as_the_tools_when_read() {
    let board = Board::new().await;
    let client = &board.client;
    let read = |uri: &'static str| async move {
        let result = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await
            .unwrap_or_else(|e| panic!("read {uri}: {e}"));
        serde_json::to_value(&result.contents[0])
            .map(|v| v["text"].as_str().unwrap_or("").to_owned())
            .unwrap()
    };
    let snapshot = ok(client, "project_snapshot", json!({ "project": "demo" })).await;
    assert_eq!(read("relay://project/demo").await, snapshot);
    assert_eq!(read("relaybay://project/demo").await, snapshot);
    let rules = ok(client, "rules_get", json!({})).await;
    assert!(rules.starts_with("# Working rules"), "{rules}");
    assert_eq!(read("relay://rules").await, rules);
    assert_eq!(read("relaybay://rules").await, rules);
    assert_eq!(
        read("relay://rules/demo").await,
        ok(client, "rules_get", json!({ "project": "demo" })).await
    );
    let schema = read("relay://schema/task").await;
    assert!(
        schema.starts_with("| name | type | description | how to clear |"),
        "{schema}"
    );
    assert!(schema.contains("| `tracker_logged` |"), "{schema}");
    assert_eq!(read("relaybay://schema/task").await, schema);

    let resources = client.list_all_resources().await.expect("resources/list");
    let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(
        uris,
        ["relay://rules", "relay://schema/task", "relay://project/demo"]
    );
    let templates = client
        .list_all_resource_templates()
        .await
        .expect("resources/templates/list");
    let templates: Vec<&str> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert_eq!(
        templates,
        [
            "relay://project/{slug}",
            "relay://project/{slug}/environments",
            "relay://rules/{project}"
        ]
    );

    for (uri, expected) in [
        ("relay://project/nope", "unknown project `nope`"),
        ("relay://nothing", "relay serves"),
    ] {
        match client.read_resource(ReadResourceRequestParams::new(uri)).await {
            Err(ServiceError::McpError(error)) => {
                assert!(error.message.contains(expected), "{uri}: {error:?}")
            }
            other => panic!("{uri} should be a resource error, got {other:?}"),
        }
    }
}

/// A port nothing listens on right now.
fn free_port() -> u16 {
    let listener =
        std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind a free port: {e}"));
    listener
        .local_addr()
        .unwrap_or_else(|e| panic!("its address: {e}"))
        .port()
}

#[tokio::test]
async fn connected_client_keeps_working_when_relayd_restarts_on_the_same_port() {
    let home = TestHome::new();
    let port = free_port();
    run(home.relay_on_port(port).args(["daemon", "start"]))
        .await
        .assert_success();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let token = home.token();
    let legacy = connect_with(addr, &token, "", &[], Lifecycle::Initialize).await;
    let modern = connect_with(addr, &token, "?profile=core", &[], Lifecycle::Discover).await;
    ok(
        &legacy,
        "project_upsert",
        json!({ "slug": "restart", "name": "Restart" }),
    )
    .await;
    ok(
        &modern,
        "task_create",
        json!({ "project": "restart", "title": "Before" }),
    )
    .await;

    run(home.relay().args(["daemon", "stop"])).await.assert_success();
    run(home.relay_on_port(port).args(["daemon", "start"]))
        .await
        .assert_success();

    let after = ok(
        &legacy,
        "task_create",
        json!({ "project": "restart", "title": "After" }),
    )
    .await;
    assert!(after.starts_with("Created **restart-2** After"), "{after}");
    let list = ok(&modern, "task_list", json!({ "project": "restart" })).await;
    assert!(
        list.contains("**restart-1** Before") && list.contains("**restart-2** After"),
        "{list}"
    );
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
}

/// The ids of the event lines (`- #12 23:10Z task.created …`) of an events_since answer.
fn event_ids(answer: &str) -> Vec<i64> {
    answer
        .lines()
        .filter_map(|line| line.strip_prefix("- #"))
        .map(|rest| {
            let id: String = rest.chars().take_while(char::is_ascii_digit).collect();
            id.parse()
                .unwrap_or_else(|e| panic!("no event id in {rest:?}: {e}"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn events_since_pages_by_its_limit_and_gives_at_most_500_when_asked_for_more() {
    let board = Board::new().await;
    // Past 500 events: four agents creating tasks at once (each task_create with a session writes two).
    let writers: Vec<_> = (0..4)
        .map(|n| {
            let addr = board.daemon.http_addr();
            let token = board.daemon.token();
            tokio::spawn(async move {
                let client = connect_with(addr, &token, "", &[], Lifecycle::Initialize).await;
                for t in 0..70 {
                    let args = json!({ "project": "demo", "title": format!("task {n}.{t}"), "session": format!("s{n}") });
                    ok(&client, "task_create", args).await;
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.expect("a writer task");
    }
    let last = board.last_event_id().await;
    assert!(
        last > 520,
        "the log has {last} events, not enough to page past 500"
    );

    let client = &board.client;
    let two = ok(client, "events_since", json!({ "after": 0, "limit": 2 })).await;
    assert_eq!(event_ids(&two), [1, 2], "{two}");
    assert!(
        two.ends_with("More events follow: call events_since(after=2)."),
        "{two}"
    );
    let one = ok(client, "events_since", json!({ "after": 7, "limit": 0 })).await;
    assert_eq!(event_ids(&one), [8], "a limit of 0 gives one event: {one}");

    // Asked for 1,000, it gives at most 500 — fewer when 500 lines are over the answer budget —: ids from 1 on,
    // and where to go on.
    let capped = ok(client, "events_since", json!({ "after": 0, "limit": 1000 })).await;
    let ids = event_ids(&capped);
    let end = *ids.last().unwrap();
    assert!(end > 100 && end <= 500, "{capped}");
    assert_eq!(ids, (1..=end).collect::<Vec<_>>(), "{capped}");
    assert!(
        capped.ends_with(&format!("More events follow: call events_since(after={end}).")),
        "{capped}"
    );
    // Without a limit, 100 at a time; following the pages reaches the end with nothing skipped.
    let mut after = end;
    let mut seen: Vec<i64> = Vec::new();
    loop {
        let page = ok(client, "events_since", json!({ "after": after })).await;
        let ids = event_ids(&page);
        assert!(ids.len() <= 100, "the default page is 100 events: {page}");
        seen.extend(ids.iter().copied());
        if page.ends_with(&format!(
            "Up to date at event {last}; next time call events_since(after={last})."
        )) {
            break;
        }
        after = *ids
            .last()
            .unwrap_or_else(|| panic!("an empty page that is not the end: {page}"));
        assert!(
            page.ends_with(&format!("More events follow: call events_since(after={after}).")),
            "{page}"
        );
    }
    assert_eq!(seen, (end + 1..=last).collect::<Vec<_>>());
}
