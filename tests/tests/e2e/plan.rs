//! Plans end to end against a real relayd: an agent writes and moves its plan over MCP (rmcp's client), the owner
//! reads it and accepts it with `relay plan show|accept`, the plan_accepted rule warns or refuses a move to dev,
//! and every refused input answers a tool error that says what to do and writes nothing.

use relay_tests::{Output, TestDaemon, run};
use serde_json::{Value, json};

use crate::mcp::{Client, call, connect, connect_profile, ok, text};

/// A board with a connected agent: project `shop`, task `shop-1` (size M) bound to session `agent-1`.
struct Board {
    daemon: TestDaemon,
    client: Client,
}

impl Board {
    async fn start(daemon: TestDaemon, size: &str) -> Board {
        let client = connect(&daemon).await;
        ok(
            &client,
            "project_upsert",
            json!({ "slug": "shop", "name": "Shop" }),
        )
        .await;
        ok(
            &client,
            "task_create",
            json!({ "project": "shop", "title": "Address book", "size": size, "session": "agent-1" }),
        )
        .await;
        Board { daemon, client }
    }

    async fn new() -> Board {
        Board::start(TestDaemon::start().await, "M").await
    }

    async fn ok(&self, tool: &str, arguments: Value) -> String {
        ok(&self.client, tool, arguments).await
    }

    /// A tool error that wrote nothing: its text.
    async fn refused(&self, tool: &str, arguments: Value) -> String {
        let before = self.daemon.get_status().await.last_event_id;
        let result = call(&self.client, tool, arguments).await;
        assert_eq!(
            result.is_error,
            Some(true),
            "{tool} should fail: {}",
            text(&result)
        );
        assert_eq!(
            self.daemon.get_status().await.last_event_id,
            before,
            "a refused {tool} wrote an event"
        );
        let message = text(&result);
        assert!(message.ends_with("Nothing changed."), "{message}");
        message
    }

    async fn relay(&self, args: &[&str]) -> Output {
        run(self.daemon.relay().args(args)).await
    }

    async fn write_plan(&self) {
        let written = self
            .ok(
                "plan_set",
                json!({
                    "task": "shop-1", "session": "agent-1", "reason": "from PLAN.md",
                    "steps": [
                        { "title": "List addresses", "details": "A table with **paging**." },
                        { "title": "Edit form" },
                        { "title": "Delete with undo" },
                    ],
                }),
            )
            .await;
        assert_eq!(
            written,
            "Saved the plan of shop-1: 3 steps, draft. The owner accepts it: to put the task in the owner's inbox, \
             set waiting_on to owner (task_patch(task, fields={\"waiting_on\": \"owner\"}))."
        );
    }
}

#[tokio::test]
async fn agent_writes_and_moves_its_plan_and_the_owner_accepts_it_from_the_command_line() {
    let board = Board::new().await;
    let empty = board.ok("plan_get", json!({ "task": "shop-1" })).await;
    assert!(
        empty.contains("No plan yet. Write 2-5 steps with plan_set"),
        "{empty}"
    );
    board.write_plan().await;

    let started = board
        .ok(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 1, "status": "in_progress", "session": "agent-1" }),
        )
        .await;
    assert_eq!(
        started,
        "Step 1/3 of shop-1 'List addresses': pending → in_progress. Plan 0/3 · draft · now: List addresses"
    );
    let report = board
        .ok(
            "report_add",
            json!({ "task": "shop-1", "body": "changed · M · the list page works", "session": "agent-1" }),
        )
        .await;
    let report_id: String = report
        .trim_start_matches("Added report #")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let done = board
        .ok(
            "plan_step_update",
            json!({
                "task": "shop-1", "step": 1, "status": "done", "conformance": "deviation: no paging yet",
                "outcome": "list page with search", "link": format!("#{report_id}"), "session": "agent-1",
            }),
        )
        .await;
    assert_eq!(
        done,
        "Step 1/3 of shop-1 'List addresses': in_progress → done (deviation: no paging yet). Plan 1/3 · draft · 1 \
         deviation"
    );
    let plan = board.ok("plan_get", json!({ "task": "shop-1" })).await;
    assert!(plan.contains("Status: draft, not accepted yet"), "{plan}");
    assert!(plan.contains("1 of 3 done · 1 deviation"), "{plan}");
    assert!(
        plan.contains(&format!(
            "1. [done] List addresses — ⚠ deviation: no paging yet · list page with search · report:{report_id} · done "
        )),
        "{plan}"
    );
    assert!(plan.contains("   > A table with **paging**."), "{plan}");
    assert!(plan.contains("2. [pending] Edit form ← current"), "{plan}");
    let detail = board.ok("task_get", json!({ "task": "shop-1" })).await;
    assert!(
        detail.contains("\nPlan 1/3 · draft · 1 deviation (plan_get)\n"),
        "{detail}"
    );

    // The owner reads the plan and accepts it over the socket.
    let shown = board.relay(&["plan", "show", "shop-1"]).await;
    shown.assert_success();
    assert!(
        shown
            .stdout
            .contains("draft, not accepted (accept with `relay plan accept shop-1`)"),
        "{shown}"
    );
    assert!(shown.stdout.contains("1 of 3 done · 1 deviation"), "{shown}");
    assert!(
        shown.stdout.contains("DEVIATION deviation: no paging yet"),
        "{shown}"
    );
    let accepted = board.relay(&["plan", "accept", "shop-1"]).await;
    accepted.assert_success();
    assert_eq!(
        accepted.stdout.trim(),
        "accepted the plan of shop-1 (3 steps) as owner",
        "{accepted}"
    );
    let again = board.relay(&["plan", "accept", "shop-1", "--json"]).await;
    again.assert_success();
    assert!(
        again.stderr.contains("is already accepted (by owner at "),
        "{again}"
    );
    let answer: Value = serde_json::from_str(&again.stdout).unwrap_or_else(|e| panic!("{e}: {again}"));
    assert_eq!(answer["changed"], false, "{again}");
    assert_eq!(answer["plan"]["status"], "accepted");

    let json = board
        .relay(&["plan", "show", "shop-1", "--history", "--json"])
        .await;
    json.assert_success();
    let shown: Value = serde_json::from_str(&json.stdout).unwrap_or_else(|e| panic!("{e}: {json}"));
    let plan = &shown["plan"];
    assert_eq!(plan["status"], "accepted");
    assert_eq!(plan["accepted_by"], "owner");
    assert_eq!(
        (plan["done"].as_i64(), plan["deviations"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(plan["current"], 2);
    assert_eq!(plan["summary"], "Plan 1/3 · 1 deviation");
    assert_eq!(plan["steps"][0]["link"], format!("report:{report_id}"));
    assert_eq!(plan["steps"][0]["deviation"], true);
    let reasons: Vec<&str> = plan["revisions"]
        .as_array()
        .unwrap_or_else(|| panic!("revisions: {plan}"))
        .iter()
        .filter_map(|r| r["reason"].as_str())
        .collect();
    assert_eq!(
        reasons,
        [
            "accepted",
            "step 1: in_progress → done",
            "step 1: pending → in_progress",
            "from PLAN.md"
        ]
    );
    assert_eq!(
        plan["revisions"][3]["title_changes"][0],
        json!({ "position": 1, "old": null, "new": "List addresses" })
    );

    // The agent sees the acceptance; renaming a step turns the plan back into a draft.
    let seen = board.ok("plan_get", json!({ "task": "shop-1" })).await;
    assert!(seen.contains("Status: accepted by owner, "), "{seen}");
    let renamed = board
        .ok(
            "plan_set",
            json!({ "task": "shop-1", "session": "agent-1", "steps": [
                { "title": "List addresses" }, { "title": "Edit and validate form" }, { "title": "Delete with undo" },
            ]}),
        )
        .await;
    assert_eq!(
        renamed,
        "Saved the plan of shop-1: 3 steps, draft.\nThe plan of shop-1 was accepted; the changed step titles turned \
         it back into a draft: ask the owner to accept it again."
    );
    let history = board.relay(&["plan", "show", "shop-1", "--history"]).await;
    history.assert_success();
    assert!(
        history
            .stdout
            .contains("       - 2. Edit form\n       + 2. Edit and validate form"),
        "{history}"
    );

    let events = board.relay(&["events", "--json"]).await;
    let kinds: Vec<String> = events
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|e| e["kind"].as_str().map(str::to_owned))
        .filter(|k| k.starts_with("plan."))
        .collect();
    assert_eq!(
        kinds,
        [
            "plan.set",
            "plan.step_updated",
            "plan.step_updated",
            "plan.accepted",
            "plan.set"
        ]
    );
}

#[tokio::test]
async fn plan_tools_refuse_bad_input_with_a_message_and_write_nothing() {
    let board = Board::new().await;
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 1, "status": "in_progress" }),
        )
        .await;
    assert_eq!(
        message,
        "shop-1 has no plan steps, so there is no step 1; write the plan with plan_set first. Nothing changed."
    );
    board.write_plan().await;
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 7, "status": "done", "conformance": "as planned" }),
        )
        .await;
    assert_eq!(
        message,
        "shop-1's plan has 3 steps; there is no step 7. Pass a step number from 1 to 3 (plan_get lists them). \
         Nothing changed."
    );
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 1, "status": "done", "conformance": "fine" }),
        )
        .await;
    assert_eq!(
        message,
        "conformance \"fine\" is neither form; write exactly `as planned`, or `deviation: <why>` saying what \
         differs from the plan and why. Nothing changed."
    );
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 1, "status": "done" }),
        )
        .await;
    assert!(
        message.contains("needs a conformance line to be done"),
        "{message}"
    );
    let long = "x".repeat(2001);
    let message = board
        .refused(
            "plan_set",
            json!({ "task": "shop-1", "steps": [{ "title": "A", "details": long }] }),
        )
        .await;
    assert_eq!(
        message,
        "step 1's details is 2001 characters long; the limit is 2000. Shorten it. Nothing changed."
    );
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 2, "details": long }),
        )
        .await;
    assert!(
        message.starts_with("step 2's details is 2001 characters long"),
        "{message}"
    );

    // A report of another task is not a checkpoint of this one.
    board
        .ok(
            "task_create",
            json!({ "project": "shop", "title": "Other", "session": "agent-2" }),
        )
        .await;
    let report = board
        .ok(
            "report_add",
            json!({ "task": "shop-2", "body": "inspected · S · other", "session": "agent-2" }),
        )
        .await;
    let id: String = report
        .trim_start_matches("Added report #")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let message = board
        .refused(
            "plan_step_update",
            json!({ "task": "shop-1", "step": 1, "status": "done", "conformance": "as planned", "link": format!("report:{id}") }),
        )
        .await;
    assert_eq!(
        message,
        format!(
            "report {id} belongs to shop-2, not shop-1; link a report of shop-1 (task_get lists them) or an http(s) \
             URL. Nothing changed."
        )
    );

    // Only the owner (or a coordinator) accepts; plan_accept is the coordinator profile's.
    let arguments = json!({ "task": "shop-1" })
        .as_object()
        .cloned()
        .unwrap_or_default();
    let unlisted = board
        .client
        .call_tool(rmcp::model::CallToolRequestParams::new("plan_accept").with_arguments(arguments))
        .await
        .expect_err("the full profile does not list plan_accept");
    assert!(
        unlisted
            .to_string()
            .contains("connect to /mcp?profile=coordinator to use it"),
        "{unlisted}"
    );
    let coordinator = Board {
        client: connect_profile(&board.daemon, "coordinator").await,
        daemon: board.daemon,
    };
    let board = coordinator;
    let message = board.refused("plan_accept", json!({ "task": "shop-1" })).await;
    assert!(
        message.starts_with("plan_accept needs your session (a coordinator accepts another session's plan)"),
        "{message}"
    );
    assert!(
        !message.contains("relay plan accept"),
        "no owner command for an agent: {message}"
    );
    let message = board
        .refused("plan_accept", json!({ "task": "shop-1", "session": "agent-1" }))
        .await;
    assert!(
        message.starts_with(
            "agent-1 is the session bound to shop-1, and an agent does not accept its own plan: only the owner does."
        ),
        "{message}"
    );
    let accepted = board
        .ok(
            "plan_accept",
            json!({ "task": "shop-1", "session": "coordinator" }),
        )
        .await;
    assert_eq!(accepted, "Accepted the plan of shop-1 (3 steps) as coordinator.");
    let again = board
        .ok(
            "plan_accept",
            json!({ "task": "shop-1", "session": "coordinator" }),
        )
        .await;
    assert!(
        again.starts_with("The plan of shop-1 is already accepted (by coordinator at "),
        "{again}"
    );
}

#[tokio::test]
async fn owner_commands_exit_with_the_codes_scripts_branch_on() {
    let board = Board::new().await;
    let empty = board.relay(&["plan", "accept", "shop-1"]).await;
    empty.assert_code(1);
    assert!(
        empty
            .stderr
            .contains("shop-1 has no plan steps to accept yet: the agent proposes them"),
        "{empty}"
    );
    board.relay(&["plan", "show", "shop-9"]).await.assert_code(4);
    board.relay(&["plan", "accept", "nope-1"]).await.assert_code(4);
    let shown = board.relay(&["plan", "show", "shop-1"]).await;
    shown.assert_success();
    assert!(
        shown
            .stdout
            .contains("no plan yet (the agent writes one with plan_set)"),
        "{shown}"
    );
}

#[tokio::test]
async fn move_to_dev_warns_with_the_plan_texts_and_hints_when_there_is_no_plan() {
    let board = Board::new().await;
    let moved = board
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "session": "agent-1" }),
        )
        .await;
    assert!(
        moved.contains(
            "\nWarning (rules): moving to dev usually needs an accepted plan (not needed for size S). Write it with \
             plan_set (2-5 steps), then set waiting_on to the owner: only the owner accepts it.\nHint: shop-1 has no plan and no todo yet: write down \
             what you are going to do (todo or 2-3 steps with plan_set)."
        ),
        "{moved}"
    );
    board
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "plan", "session": "agent-1" }),
        )
        .await;
    board.write_plan().await;
    let draft = board
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "session": "agent-1" }),
        )
        .await;
    assert!(
        draft.ends_with(
            "\nWarning (rules): moving to dev usually needs an accepted plan (not needed for size S). The plan is a \
             draft and only the owner can accept it (the warning clears when they do): set waiting_on to the owner \
             and go on."
        ),
        "{draft}"
    );

    let small = Board::start(TestDaemon::start().await, "S").await;
    let moved = small
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "session": "agent-1" }),
        )
        .await;
    assert!(
        !moved.contains("Warning (rules)"),
        "an S task needs no accepted plan: {moved}"
    );
    assert!(
        moved.contains("\nHint: shop-1 has no plan and no todo yet"),
        "any size: {moved}"
    );
}

#[tokio::test]
async fn strict_rules_refuse_a_move_to_dev_until_the_owner_accepts_the_plan() {
    let daemon = TestDaemon::builder()
        .config("rules_mode = \"strict\"\n")
        .start()
        .await;
    let board = Board::start(daemon, "L").await;
    board.write_plan().await;
    let message = board
        .refused(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "session": "agent-1" }),
        )
        .await;
    assert_eq!(
        message,
        "Rules: moving to dev needs an accepted plan (not needed for size S). The plan is a draft and only the owner \
         can accept it (the warning clears when they do): set waiting_on to the owner and go on. Nothing changed."
    );
    board.relay(&["plan", "accept", "shop-1"]).await.assert_success();
    let moved = board
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "session": "agent-1" }),
        )
        .await;
    assert!(
        moved.starts_with("Updated **shop-1** Address book · dev"),
        "{moved}"
    );
}
