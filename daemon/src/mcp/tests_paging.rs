//! Bounded answers: every read tool's answer within the answer budget on the scale fixture, and the paging
//! the list tools do (the counts, the cursor, the exact call of the next page), through the real `/mcp` route.

use axum::body::Body;
use http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use super::budget::tokens;
use super::profile::Profile;
use super::server::RelayMcp;
use crate::board::{Caller, NewTask, ProjectInput, TaskChange};
use crate::handle::DaemonHandle;
use crate::store::scale::{BIG_TASK, BIG_TASK_SESSION};
use crate::testing::{fixture, scale_fixture};

/// The default budget, in tokens.
const BUDGET: usize = 8_000;

struct Mcp {
    _dir: tempfile::TempDir,
    handle: DaemonHandle,
    router: axum::Router,
    token: String,
}

/// One tool call's answer: its text (every content block, one per line) and whether it is an error.
struct Answer {
    text: String,
    error: bool,
}

impl Mcp {
    fn over(dir: tempfile::TempDir, handle: DaemonHandle) -> Mcp {
        Mcp {
            _dir: dir,
            token: handle.token().expose().to_owned(),
            router: crate::http::router(handle.clone()),
            handle,
        }
    }

    async fn call(&self, tool: &str, arguments: Value) -> Answer {
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                          "params": {"name": tool, "arguments": arguments}});
        let request = Request::post("/mcp")
            .header(header::HOST, "127.0.0.1:8765")
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        let result = &value["result"];
        let text: Vec<&str> = result["content"]
            .as_array()
            .unwrap_or_else(|| panic!("{tool}: no content in {value}"))
            .iter()
            .filter_map(|block| block["text"].as_str())
            .collect();
        Answer {
            text: text.join("\n"),
            error: result["isError"].as_bool().unwrap_or(false),
        }
    }

    /// A call that must succeed within the budget.
    async fn read(&self, tool: &str, arguments: Value) -> String {
        self.read_within(tool, arguments, BUDGET).await
    }

    /// A call that must succeed within `budget` tokens.
    async fn read_within(&self, tool: &str, arguments: Value, budget: usize) -> String {
        let answer = self.call(tool, arguments.clone()).await;
        assert!(!answer.error, "{tool}({arguments}): {}", answer.text);
        let size = tokens(&answer.text);
        assert!(
            size <= budget,
            "{tool}({arguments}) answered {size} tokens > {budget}"
        );
        answer.text
    }
}

/// The last line of an answer.
fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

/// The arguments of the call `tool(...)` at the end of `line`, as JSON (`name="x", n=3` → {"name":"x","n":3}).
fn call_arguments(line: &str, tool: &str) -> Value {
    let start = line
        .rfind(&format!("{tool}("))
        .unwrap_or_else(|| panic!("no {tool}( in {line:?}"))
        + tool.len()
        + 1;
    let inner = line[start..].trim_end_matches('.').trim_end_matches(')');
    let mut object = serde_json::Map::new();
    for pair in inner.split(", ").filter(|p| !p.is_empty()) {
        let (name, value) = pair
            .split_once('=')
            .unwrap_or_else(|| panic!("{pair:?} in {line:?}"));
        object.insert(name.to_owned(), serde_json::from_str(value).unwrap());
    }
    Value::Object(object)
}

/// Every read tool of the full profile, read from its annotations.
fn read_tools(handle: &DaemonHandle) -> Vec<String> {
    let mut names: Vec<String> = RelayMcp::new(handle.clone(), Profile::Full)
        .tools()
        .into_iter()
        .filter(|tool| tool.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true))
        .map(|tool| tool.name.to_string())
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn every_read_tool_answers_within_the_budget_and_says_how_to_read_the_rest_on_the_scale_fixture() {
    let (dir, handle) = scale_fixture().await;
    let mcp = Mcp::over(dir, handle);
    let mut called = Vec::new();

    // project_list: five projects, short.
    let text = mcp.read("project_list", json!({})).await;
    assert!(text.contains("`scale-4`"), "{text}");
    called.push("project_list");

    // project_snapshot: counts, the caller's task first, each cut stage with its task_list call.
    let text = mcp
        .read(
            "project_snapshot",
            json!({"project": "scale-0", "session": BIG_TASK_SESSION}),
        )
        .await;
    assert!(
        text.contains("Tasks: plan 199 · dev 301 · review 100 · test 100 · live 100 · done 1200"),
        "{text}"
    );
    let dev = text.split("\n## dev").nth(1).unwrap();
    assert!(dev.starts_with(" (20 of 301"), "{dev}");
    assert!(
        dev.lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("- **{BIG_TASK}**")),
        "{dev}"
    );
    let more_dev = dev.lines().find(|l| l.contains("more in dev:")).unwrap();
    assert!(
        more_dev
            .starts_with("281 more in dev: task_list(project=\"scale-0\", stage=\"dev\", after=\"scale-0-"),
        "{more_dev}"
    );
    assert!(text.contains("## done (newest 10 of 1200)\n"), "{text}");
    assert!(
        text.contains("1190 more in done: task_list(project=\"scale-0\", stage=\"done\")"),
        "{text}"
    );
    assert!(text.contains("\n## Decisions\n"), "{text}");
    assert!(
        last_line(&text).starts_with("Last event: 100000. Catch up later with events_since(after=100000)."),
        "{text}"
    );
    // The stage's next page continues where the newest of the snapshot stop.
    let next = mcp.read("task_list", call_arguments(more_dev, "task_list")).await;
    assert!(
        next.starts_with("100 of 301 tasks (newest first by project, after scale-0-"),
        "{next}"
    );
    called.push("project_snapshot");

    // task_list: a page of 100 of 10,000, the next page's exact call, no task twice.
    let first = mcp.read("task_list", json!({})).await;
    assert!(
        first.starts_with("100 of 10000 tasks (newest first by project):\n"),
        "{first}"
    );
    let tail = last_line(&first);
    assert!(
        tail.starts_with("9900 more: task_list(after=\"scale-0-1901\")"),
        "{tail}"
    );
    let second = mcp.read("task_list", call_arguments(tail, "task_list")).await;
    assert!(
        second.starts_with(
            "100 of 10000 tasks (newest first by project, after scale-0-1901):\n- **scale-0-1900**"
        ),
        "{second}"
    );
    assert!(
        last_line(&second).starts_with("9800 more: task_list(after=\"scale-0-1801\")"),
        "{second}"
    );
    let done = mcp
        .read(
            "task_list",
            json!({"project": "scale-3", "stage": "done", "limit": 1000}),
        )
        .await;
    let tail = last_line(&done);
    assert!(
        tail.contains("more: task_list(project=\"scale-3\", stage=\"done\", limit=1000, after=\"scale-3-"),
        "{tail}"
    );
    called.push("task_list");

    // task_get on the big task: the newest reports, the counts, the call for the older ones.
    let text = mcp.read("task_get", json!({"task": BIG_TASK})).await;
    assert!(
        text.contains("## Reports (newest 5 of 500, newest first)"),
        "{text}"
    );
    assert!(
        text.contains("Comments: 500 (250 from the owner, 11 unread; comments_list(task=\"scale-0-1\") lists the owner's)"),
        "{text}"
    );
    let older = text.lines().find(|l| l.contains("older reports:")).unwrap();
    assert_eq!(
        older,
        "495 older reports: task_get(task=\"scale-0-1\", reports_before=496)"
    );
    assert!(
        text.contains("\n## Decisions\n"),
        "15 decisions, all shown: {text}"
    );
    let page = mcp.read("task_get", call_arguments(older, "task_get")).await;
    assert!(
        page.contains("## Reports older than #496 (5 of 495, newest first; 500 in all)\n- #495 "),
        "{page}"
    );
    assert!(
        page.contains("490 older reports: task_get(task=\"scale-0-1\", reports_before=491)"),
        "{page}"
    );
    called.push("task_get");

    // events_since: 100 of 100,000 from the start, the next page's call; the end of the log.
    let text = mcp.read("events_since", json!({})).await;
    assert_eq!(
        last_line(&text),
        "More events follow: call events_since(after=100)."
    );
    let text = mcp
        .read("events_since", json!({"after": 99_950, "limit": 500}))
        .await;
    assert_eq!(
        last_line(&text),
        "Up to date at event 100000; next time call events_since(after=100000)."
    );
    let text = mcp
        .read(
            "events_since",
            json!({"after": 0, "limit": 500, "project": "scale-2"}),
        )
        .await;
    let tail = last_line(&text);
    assert!(
        tail.starts_with("More events follow: call events_since(after="),
        "{tail}"
    );
    assert!(tail.ends_with(", project=\"scale-2\")."), "{tail}");
    called.push("events_since");

    let text = mcp.read("rules_get", json!({"project": "scale-0"})).await;
    assert!(!text.is_empty());
    called.push("rules_get");

    // comments_list: 250 owner comments of 4,000 characters at most each: a page, then the next one's call.
    let text = mcp.read("comments_list", json!({"task": BIG_TASK})).await;
    assert!(
        text.contains(" of 250 owner comments (11 unread), oldest first:\n"),
        "{text}"
    );
    let tail = last_line(&text);
    assert!(
        tail.contains("more: comments_list(task=\"scale-0-1\", after="),
        "{tail}"
    );
    let next = mcp
        .read("comments_list", call_arguments(tail, "comments_list"))
        .await;
    assert!(next.contains(" owner comments after #"), "{next}");
    called.push("comments_list");

    // review_get: the checklist of 300 steps a page at a time, the summary of all of them on each.
    let text = mcp.read("review_get", json!({"task": BIG_TASK})).await;
    assert!(text.starts_with("Review of **scale-0-1** "), "{text}");
    assert!(
        text.lines().next().unwrap().ends_with(": 0 of 300 accepted"),
        "{text}"
    );
    let tail = last_line(&text);
    assert!(
        tail.contains(" more steps: review_get(task=\"scale-0-1\", from_step="),
        "{tail}"
    );
    let from = call_arguments(tail, "review_get")["from_step"].as_i64().unwrap();
    let next = mcp.read("review_get", call_arguments(tail, "review_get")).await;
    assert!(
        next.contains(&format!("\n{from}. [open] Check {from}:")),
        "{next}"
    );
    let past = mcp
        .read("review_get", json!({"task": BIG_TASK, "from_step": 301}))
        .await;
    assert!(
        past.contains("has no review step from position 301 on; its checklist has 300 steps"),
        "{past}"
    );
    called.push("review_get");

    // plan_get has no page of its own (a plan holds at most 50 steps by the board's rule; the fixture's 300 are
    // past it): the one guard in call_tool cuts it at a line and says how to read the rest.
    let text = mcp.read("plan_get", json!({"task": BIG_TASK})).await;
    let tail = last_line(&text);
    assert!(
        tail.starts_with("… cut here: about ")
            && tail.ends_with(
                "token answer budget. task_get(task) has the plan's one-line summary; with a shell, \
                 `relay plan show <task>` prints every step."
            ),
        "plan_get of 300 steps is cut by the guard: {tail}"
    );
    assert!(text.contains("Step 1:"), "the cut keeps the start: {text}");
    called.push("plan_get");

    // environments_get and policy_get: a project's map (none on the fixture) and the effective policy, small.
    let text = mcp.read("environments_get", json!({"project": "scale-0"})).await;
    assert!(
        text.starts_with("Environments of scale-0 (policy preset default, guard mode warn):"),
        "{text}"
    );
    called.push("environments_get");
    let text = mcp.read("policy_get", json!({"project": "scale-0"})).await;
    assert!(
        text.contains("- guard.mode = \"warn\" (preset:default)"),
        "{text}"
    );
    called.push("policy_get");

    // The memory graph's reads: the scale fixture has no graph, so each says how to turn it on, briefly (their
    // answers from a real graph are bounded in the_graph_tools_answer_from_the_real_graph_…).
    for (tool, arguments) in [
        ("relay_session_brief", json!({"paths": ["src/a.ts"]})),
        ("relay_graph_query", json!({"query": "hotspots"})),
    ] {
        let answer = mcp.call(tool, arguments).await;
        assert!(
            answer.error && answer.text.contains("relay graph enable") && tokens(&answer.text) <= BUDGET,
            "{tool}: {}",
            answer.text
        );
        called.push(tool);
    }

    called.sort_unstable();
    assert_eq!(
        called,
        read_tools(&mcp.handle),
        "every read tool of the full profile is checked here"
    );
}

/// A small board: `acme` with `n` tasks created through the board (acme-1 … acme-n).
async fn board_with(n: usize) -> Mcp {
    let (dir, handle) = fixture().await;
    let owner = Caller::socket_peer();
    let board = handle.board();
    let input = ProjectInput {
        slug: "acme".into(),
        name: Some("Acme".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(input, &owner).await.unwrap();
    for i in 1..=n {
        let task = NewTask {
            project: "acme".into(),
            title: format!("Task {i}"),
            fields: vec![("stage".into(), json!("dev"))],
            ..NewTask::default()
        };
        board.create_task(task, &owner).await.unwrap();
    }
    Mcp::over(dir, handle)
}

#[tokio::test]
async fn task_list_says_how_many_match_and_gives_the_cursor_when_a_limit_cuts_it() {
    let mcp = board_with(12).await;
    let text = mcp
        .read("task_list", json!({"project": "acme", "limit": 2}))
        .await;
    assert!(
        text.starts_with("2 of 12 tasks (newest first by project):\n- **acme-12**"),
        "{text}"
    );
    assert_eq!(
        last_line(&text),
        "10 more: task_list(project=\"acme\", limit=2, after=\"acme-11\")"
    );
    // Following the cursors lists every task once, newest first.
    let mut seen = Vec::new();
    let mut arguments = json!({"project": "acme", "limit": 5});
    loop {
        let text = mcp.read("task_list", arguments.clone()).await;
        seen.extend(
            text.lines()
                .filter_map(|l| l.strip_prefix("- **"))
                .map(|l| l.split("**").next().unwrap().to_owned()),
        );
        let tail = last_line(&text);
        if !tail.contains("more: task_list(") {
            break;
        }
        arguments = call_arguments(tail, "task_list");
    }
    let expected: Vec<String> = (1..=12).rev().map(|n| format!("acme-{n}")).collect();
    assert_eq!(seen, expected);
    // Everything on one page keeps the short head.
    let all = mcp.read("task_list", json!({"project": "acme"})).await;
    assert!(all.starts_with("12 tasks:\n"), "{all}");
    let past = mcp
        .read("task_list", json!({"project": "acme", "after": "acme-1"}))
        .await;
    assert_eq!(past, "No tasks after acme-1 (12 match in all).");
}

#[tokio::test]
async fn task_list_refuses_a_zero_limit_and_a_cursor_that_is_not_a_task_key() {
    let mcp = board_with(3).await;
    let answer = mcp
        .call("task_list", json!({"project": "acme", "limit": 0}))
        .await;
    assert!(answer.error, "{}", answer.text);
    assert!(
        answer
            .text
            .contains("limit 0 would list no task; pass a limit from 1 to 1000"),
        "{}",
        answer.text
    );
    let answer = mcp.call("task_list", json!({"after": "twelve"})).await;
    assert!(answer.error, "{}", answer.text);
    assert!(
        answer.text.contains("after \"twelve\" is not a task key"),
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn events_since_past_the_newest_event_names_the_newest_and_gives_its_cursor() {
    let mcp = board_with(2).await;
    let newest = mcp.handle.store().last_event_id();
    let text = mcp.read("events_since", json!({"after": 99_999})).await;
    assert_eq!(
        text,
        format!(
            "No events after 99999: that id is past the newest event, {newest}. Go on from the newest: call \
             events_since(after={newest})."
        )
    );
    // At the newest itself the answer stays the plain one.
    let text = mcp.read("events_since", json!({"after": newest})).await;
    assert_eq!(
        text,
        format!("No new events.\nUp to date at event {newest}; next time call events_since(after={newest}).")
    );
}

#[tokio::test]
async fn snapshot_lists_the_callers_task_and_the_owners_first_then_the_newest_with_the_call_for_the_rest() {
    let mcp = board_with(30).await;
    let board = mcp.handle.board();
    let owner = Caller::socket_peer();
    board.bind_session("acme-3", "s1", false, &owner).await.unwrap();
    let change = TaskChange {
        fields: vec![("waiting_on".into(), json!("owner"))],
        expected_version: None,
    };
    board.update_task("acme-5", change, &owner).await.unwrap();
    let text = mcp
        .read("project_snapshot", json!({"project": "acme", "session": "s1"}))
        .await;
    let dev = text.split("\n## dev").nth(1).unwrap();
    let keys: Vec<&str> = dev
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .map(|l| l.split("**").next().unwrap())
        .collect();
    let mut expected = vec!["acme-3".to_owned(), "acme-5".to_owned()];
    expected.extend((13..=30).rev().map(|n| format!("acme-{n}")));
    assert_eq!(keys, expected, "{text}");
    assert!(
        dev.contains("\n10 more in dev: task_list(project=\"acme\", stage=\"dev\", after=\"acme-13\")\n"),
        "{text}"
    );
    // Without the session only the owner's task is pinned.
    let text = mcp.read("project_snapshot", json!({"project": "acme"})).await;
    let dev = text.split("\n## dev").nth(1).unwrap();
    assert!(dev.lines().nth(1).unwrap().starts_with("- **acme-5**"), "{dev}");
    // The resource is the same snapshot, bounded the same way.
    assert!(
        text.contains("more in dev: task_list(project=\"acme\", stage=\"dev\", after="),
        "{text}"
    );
}

#[tokio::test]
async fn the_budget_follows_its_config_key_for_every_answer() {
    let (dir, handle) = crate::testing::fixture_with(|config| config.mcp_answer_tokens = 1_000).await;
    let owner = Caller::socket_peer();
    let board = handle.board();
    let input = ProjectInput {
        slug: "acme".into(),
        ..ProjectInput::default()
    };
    board.upsert_project(input, &owner).await.unwrap();
    for i in 1..=60 {
        let task = NewTask {
            project: "acme".into(),
            title: format!("Task {i} with a title long enough to fill the small budget quickly"),
            ..NewTask::default()
        };
        board.create_task(task, &owner).await.unwrap();
    }
    let mcp = Mcp::over(dir, handle);
    let text = mcp.call("task_list", json!({"project": "acme"})).await.text;
    assert!(tokens(&text) <= 1_000, "{}", tokens(&text));
    let tail = last_line(&text);
    assert!(
        tail.contains("more: task_list(project=\"acme\", after=\"acme-"),
        "{tail}"
    );
    let head = text.lines().next().unwrap();
    assert!(
        head.ends_with(" of 60 tasks (newest first by project):"),
        "{head}"
    );
    // The snapshot shows fewer tasks per stage until it fits, and still names the call for the rest.
    let text = mcp
        .read_within("project_snapshot", json!({"project": "acme"}), 1_000)
        .await;
    let plan = text.split("\n## plan").nth(1).unwrap();
    assert!(plan.starts_with(" ("), "cut: {plan}");
    assert!(
        plan.contains(" more in plan: task_list(project=\"acme\", stage=\"plan\", after=\"acme-"),
        "{plan}"
    );
    assert!(last_line(&text).starts_with("Last event: "), "{text}");
}

/// relaybay §7 over MCP: the map and the snapshot's lines, a proposal that changes nothing, secrets refused with
/// field and detector, and no tool raises a level (the owner decides).
#[tokio::test]
async fn agents_read_the_map_propose_changes_and_never_raise_a_level_over_mcp() {
    let (dir, handle) = fixture().await;
    let mcp = Mcp::over(dir, handle);
    mcp.read(
        "project_upsert",
        json!({"slug": "acme-shop", "repo_path": "/src/acme"}),
    )
    .await;
    let live: crate::environments::EnvChange = serde_json::from_value(json!({
        "environment": "live", "kind": "live", "base_url": "https://shop.acme.com",
        "access": [{"kind": "ssh", "fields": {"alias": "prod-app"}}]
    }))
    .unwrap();
    mcp.handle
        .environments()
        .apply(&crate::caller::Caller::socket_peer(), "acme-shop", &live, false)
        .await
        .unwrap();

    let map = mcp
        .read("environments_get", json!({"project": "acme-shop"}))
        .await;
    assert!(
        map.contains("- live — live · agents: read (default) · https://shop.acme.com"),
        "{map}"
    );
    assert!(map.contains("access #1 ssh: alias=prod-app"), "{map}");
    let snapshot = mcp
        .read("project_snapshot", json!({"project": "acme-shop"}))
        .await;
    assert!(
        snapshot
            .contains("\nEnvironments:\n- live — live · agents: read (default) · https://shop.acme.com\n"),
        "{snapshot}"
    );

    let proposed = mcp
        .read(
            "environment_propose",
            json!({"project": "acme-shop", "change": {"environment": "live", "level": "full"},
                                            "reason": "deploys", "session": "worker-1"}),
        )
        .await;
    assert!(
        proposed.starts_with("Proposed #1 for acme-shop live; nothing changed"),
        "{proposed}"
    );
    let map = mcp
        .read("environments_get", json!({"project": "acme-shop"}))
        .await;
    assert!(map.contains("agents: read (default)"), "nothing changed: {map}");
    assert!(map.contains("- #1 live by worker-1: deploys"), "{map}");

    let secret = mcp
        .call("environment_propose", json!({"project": "acme-shop", "reason": "db",
            "change": {"environment": "live", "access": [{"kind": "db", "fields": {"password_ref": "hunter22"}}]}}))
        .await;
    assert!(secret.error);
    assert!(
        secret
            .text
            .starts_with("password_ref looks like it contains a secret value (secret-field)"),
        "{}",
        secret.text
    );
    assert!(!secret.text.contains("hunter22"));

    let policy = mcp
        .read(
            "policy_propose",
            json!({"scope": "acme-shop", "patch": {"levels": {"live": {"default": "full"}}}, "reason": "x"}),
        )
        .await;
    assert!(
        policy.starts_with("Proposed policy change #1 for acme-shop"),
        "{policy}"
    );
    let bad = mcp
        .call(
            "policy_propose",
            json!({"scope": "acme-shop", "patch": {"preset": "trusted"}, "reason": "x"}),
        )
        .await;
    assert!(bad.error && bad.text.contains("preset"), "{}", bad.text);
    let effective = mcp.read("policy_get", json!({"project": "acme-shop"})).await;
    assert!(
        effective.contains("- levels.live.default = \"read\" (preset:default)"),
        "nothing changed: {effective}"
    );

    // No tool writes a level: the only writes are the two proposals.
    let tools: Vec<String> = RelayMcp::new(mcp.handle.clone(), Profile::Coordinator)
        .tools()
        .into_iter()
        .map(|tool| tool.name.to_string())
        .collect();
    for tool in tools
        .iter()
        .filter(|t| t.starts_with("environment") || t.starts_with("policy"))
    {
        assert!(
            [
                "environments_get",
                "environment_propose",
                "policy_get",
                "policy_propose"
            ]
            .contains(&tool.as_str()),
            "{tool}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_graph_tools_answer_from_the_real_graph_with_their_cypher_and_a_decision_is_never_attributed_by_an_argument()
 {
    use crate::graph::tests::{REPO, eventually, filled};
    use crate::testing::falkordb;
    let slug = falkordb::graph_name("m").replace('_', "-").to_lowercase();
    let (dir, handle) = filled(&slug, "").await;
    let mcp = Mcp::over(dir, handle.clone());

    // Off: the reads say how to turn it on; a decision is recorded in the ledger anyway.
    let off = mcp
        .call("relay_session_brief", json!({"paths": ["src/login.ts"]}))
        .await;
    assert!(
        off.error && off.text.contains("relay graph enable"),
        "{}",
        off.text
    );
    let hostile = "keep the refresh token server-side x'}) MATCH (n) DETACH DELETE n //";
    let decided = mcp
        .read(
            "relay_report_decision",
            json!({"decision": hostile, "files": [format!("{REPO}/src/login.ts")]}),
        )
        .await;
    assert!(
        decided.contains(&format!("for {slug} about src/login.ts, as an MCP agent's"))
            && decided.contains("memory graph is off"),
        "{decided}"
    );
    // The session is the transport's, never an argument's.
    let named = mcp
        .call(
            "relay_report_decision",
            json!({"decision": "x", "files": ["src/a.ts"], "session": "someone-else"}),
        )
        .await;
    assert!(named.error && named.text.contains("session"), "{}", named.text);
    let empty = mcp
        .call("relay_report_decision", json!({"decision": "x", "files": []}))
        .await;
    assert!(
        empty.error && empty.text.contains("1 to 50 files"),
        "{}",
        empty.text
    );

    // On: the projector fills the graph.
    handle.graph().set_url(falkordb::shared());
    let running = crate::component::start(&handle, &[&crate::graph::Projector]);
    eventually("the decision reaches the graph", || async {
        let answer = mcp
            .call(
                "relay_graph_query",
                json!({"query": "decision_trace", "file": "src/login.ts", "project": slug}),
            )
            .await;
        !answer.error && answer.text.contains("keep the refresh token")
    })
    .await;

    let brief = mcp
        .read_within(
            "relay_session_brief",
            json!({"paths": [format!("{REPO}/src/login.ts"), "src/none.ts"]}),
            1_000,
        )
        .await;
    assert!(brief.starts_with(&format!("Session brief ({slug}")), "{brief}");
    assert!(
        brief.contains("`src/login.ts`:") && brief.contains("- ask: claude"),
        "{brief}"
    );
    assert!(brief.contains("- decided"), "{brief}");
    assert!(
        brief.contains("`src/none.ts`: nothing recorded about it yet."),
        "{brief}"
    );
    assert!(
        brief.contains("Cypher (session_brief, read-only):\nUNWIND $paths"),
        "{brief}"
    );

    let trace = mcp
        .read(
            "relay_graph_query",
            json!({"query": "decision_trace", "file": "src/login.ts", "project": slug}),
        )
        .await;
    assert!(
        trace.contains(&format!("\"{hostile}\"")),
        "the decision is data, quoted: {trace}"
    );
    assert!(
        trace.contains("Cypher (decision_trace, read-only):\nMATCH (d:Decision)"),
        "{trace}"
    );
    let story = mcp
        .read(
            "relay_graph_query",
            json!({"query": "file_story", "file": "src/login.ts", "project": slug, "limit": 2}),
        )
        .await;
    assert!(
        story.contains("2 rows, limit 2") && story.contains("prompt: \""),
        "{story}"
    );
    let overview = mcp
        .read("relay_graph_query", json!({"query": "overview", "project": slug}))
        .await;
    assert!(
        overview.contains("label: \"Turn\""),
        "the graph is whole: {overview}"
    );
    let unknown = mcp.call("relay_graph_query", json!({"query": "why"})).await;
    assert!(
        unknown.error && unknown.text.contains("file_story, who_to_ask"),
        "{}",
        unknown.text
    );

    handle.request_shutdown();
    running.stop(&handle, std::time::Duration::from_secs(30)).await;
    crate::graph::GraphClient::connect(falkordb::shared())
        .await
        .unwrap()
        .delete_graph(&crate::graph::graph_name(&slug))
        .await
        .unwrap();
}
