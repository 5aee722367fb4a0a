//! The owner's loop end to end against a real relayd: an agent writes the Owner check over MCP (rmcp's client),
//! the owner decides each step with `relay review …` and writes with `relay comment …`, and the agent sees every
//! decision as an owner comment over MCP, acknowledges it, answers, and asks for a new look. Every refused input
//! answers a message that says what to do and writes nothing.

use relay_tests::{Output, TestDaemon, run, run_with_stdin};
use rmcp::model::CallToolResult;
use serde_json::{Value, json};

use crate::mcp::{Client, call, connect, text};

/// A daemon with a connected agent: project `shop`, task `shop-1` bound to session `agent-1`, task `shop-2`.
struct Loop {
    daemon: TestDaemon,
    client: Client,
}

impl Loop {
    async fn new() -> Loop {
        let daemon = TestDaemon::start().await;
        let client = connect(&daemon).await;
        let board = Loop { daemon, client };
        board
            .ok("project_upsert", json!({ "slug": "shop", "name": "Shop" }))
            .await;
        for title in ["Sign-in", "Cart"] {
            board
                .ok(
                    "task_create",
                    json!({ "project": "shop", "title": title, "session": "agent-1" }),
                )
                .await;
        }
        board
    }

    async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        call(&self.client, tool, arguments).await
    }

    /// A successful tool call's text.
    async fn ok(&self, tool: &str, arguments: Value) -> String {
        let result = self.call(tool, arguments).await;
        assert_ne!(result.is_error, Some(true), "{tool} failed: {}", text(&result));
        text(&result)
    }

    /// A tool error that wrote nothing: its text.
    async fn refused(&self, tool: &str, arguments: Value) -> String {
        let before = self.last_event_id().await;
        let result = self.call(tool, arguments).await;
        assert_eq!(
            result.is_error,
            Some(true),
            "{tool} should fail: {}",
            text(&result)
        );
        assert_eq!(
            self.last_event_id().await,
            before,
            "a refused {tool} wrote an event"
        );
        text(&result)
    }

    async fn last_event_id(&self) -> i64 {
        self.daemon.get_status().await.last_event_id
    }

    /// `relay <args>` as the owner; must exit 0.
    async fn relay(&self, args: &[&str]) -> Output {
        let output = run(self.daemon.relay().args(args)).await;
        output.assert_success();
        output
    }

    async fn relay_json(&self, args: &[&str]) -> Value {
        let output = self.relay(&[args, &["--json"]].concat()).await;
        serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {output}"))
    }

    /// The owner comments of the thread, by their text.
    async fn thread(&self, key: &str) -> Vec<Value> {
        self.relay_json(&["comment", "list", key])
            .await
            .get("comments")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    }
}

/// The `#<id>` numbers in a text, in order.
fn ids_in(text: &str) -> Vec<i64> {
    text.split('#')
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

#[tokio::test]
async fn owner_reviews_a_task_from_the_command_line_when_the_agent_wrote_its_owner_check() {
    let board = Loop::new().await;

    // Moving to review with an empty checklist: a hint, not a rule warning.
    let moved = board
        .ok(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "review", "session": "agent-1" }),
        )
        .await;
    assert!(
        moved.contains("Hint: shop-1 has no review checklist. Write the Owner check with review_steps_set"),
        "{moved}"
    );
    assert!(
        !moved.contains("Warning (rules): shop-1 has no review"),
        "{moved}"
    );

    let set = board
        .ok(
            "review_steps_set",
            json!({ "task": "shop-1", "session": "agent-1", "steps": [
                { "title": "Home page", "details": "Open / and check the banner." },
                { "title": "Login with 2FA", "details": "Sign in as demo; the SMS code arrives." },
                { "title": "Logout" },
            ]}),
        )
        .await;
    assert_eq!(
        set,
        "Saved the review checklist of shop-1: 3 steps (3 added) — 0 of 3 accepted."
    );

    // The owner: accept step 1, reject step 2 with a comment.
    let accepted = board.relay(&["review", "accept", "shop-1", "1"]).await;
    assert!(
        accepted
            .stdout
            .contains("shop-1 step 1 'Home page' is accepted (was open) — 1 of 3 accepted"),
        "{accepted}"
    );
    assert!(
        accepted
            .stdout
            .contains(": Step 1 'Home page' accepted — continue with step 2"),
        "{accepted}"
    );
    let rejected = board
        .relay(&["review", "reject", "shop-1", "2", "-m", "The code never arrives"])
        .await;
    assert!(
        rejected
            .stdout
            .contains("Step 2 'Login with 2FA' rejected: The code never arrives"),
        "{rejected}"
    );
    let shown = board.relay(&["review", "show", "shop-1"]).await;
    assert!(
        shown
            .stdout
            .starts_with("shop-1 · Sign-in (review) — 1 of 3 accepted · 1 rejected\ndecisions go to agent-1"),
        "{shown}"
    );

    // The agent sees both decisions as owner comments, and acknowledges them.
    let listed = board
        .ok(
            "comments_list",
            json!({ "session": "agent-1", "unread_only": true }),
        )
        .await;
    assert!(listed.starts_with("2 owner comments (2 unread):"), "{listed}");
    assert!(
        listed.contains("> Step 1 'Home page' accepted — continue with step 2"),
        "{listed}"
    );
    assert!(
        listed.contains("on shop-1 step 2 · sent ") && listed.contains("not delivered yet · unread"),
        "{listed}"
    );
    let ids = ids_in(&listed);
    let (accept_id, reject_id) = (ids[0], ids[1]);
    let acked = board
        .ok(
            "comment_ack",
            json!({ "comments": [accept_id], "session": "agent-1" }),
        )
        .await;
    assert_eq!(acked, format!("Marked read: #{accept_id}."));
    let thread = board.thread("shop-1").await;
    assert!(thread[0]["read_at_ms"].is_i64(), "{thread:?}");
    assert!(thread[1]["read_at_ms"].is_null(), "{thread:?}");

    // The agent fixes step 2, answers the rejection (which marks it read) and asks for a new look.
    let reply = board
        .ok(
            "comment_add",
            json!({ "task": "shop-1", "body": "Fixed the SMS gateway.", "in_reply_to": reject_id,
                    "session": "agent-1" }),
        )
        .await;
    assert!(
        reply.ends_with(&format!(
            "to shop-1 in reply to #{reject_id}. Marked read: #{reject_id}."
        )),
        "{reply}"
    );
    let reopened = board
        .ok(
            "review_step_update",
            json!({ "task": "shop-1", "step": 2, "status": "open", "session": "agent-1" }),
        )
        .await;
    assert_eq!(
        reopened,
        "shop-1 step 2 'Login with 2FA' is open (was rejected) — 1 of 3 accepted."
    );
    let list = board.relay(&["comment", "list", "shop-1"]).await;
    assert!(
        list.stdout.contains("agent-1 (agent) · sent ") && list.stdout.contains(" · unread · reply to #"),
        "{list}"
    );

    // The owner accepts the rest; the last decision says all are accepted.
    board.relay(&["review", "accept", "shop-1", "2"]).await;
    let last = board.relay(&["review", "accept", "shop-1", "3"]).await;
    assert!(
        last.stdout
            .contains("Step 3 'Logout' accepted — all 3 steps accepted"),
        "{last}"
    );
    let review = board.relay_json(&["review", "show", "shop-1"]).await;
    assert_eq!(review["summary"], "3 of 3 accepted");
    assert_eq!(review["accepted"], 3);
    assert_eq!(review["steps"][1]["decided_by"], "owner");
    assert_eq!(
        review["steps"][1]["comments"].as_array().map(Vec::len),
        Some(2),
        "step 2: the rejection and the acceptance"
    );
    let thread = board.thread("shop-1").await;
    let agent_reply = thread.iter().find(|c| c["author_kind"] == "agent").unwrap();
    assert!(
        agent_reply["read_at_ms"].is_i64(),
        "the owner's decision marked the reply read: {agent_reply}"
    );

    // The agent sees every decision over MCP.
    let unread = board
        .ok("comments_list", json!({ "task": "shop-1", "unread_only": true }))
        .await;
    assert!(unread.starts_with("2 owner comments (2 unread):"), "{unread}");
    assert!(
        unread.contains("> Step 3 'Logout' accepted — all 3 steps accepted"),
        "{unread}"
    );
    let acked = board
        .ok("comment_ack", json!({ "task": "shop-1", "session": "agent-1" }))
        .await;
    assert!(acked.starts_with("Marked read: #"), "{acked}");
    let got = board.ok("review_get", json!({ "task": "shop-1" })).await;
    assert!(
        got.starts_with("Review of **shop-1** Sign-in (review): 3 of 3 accepted\n"),
        "{got}"
    );
    assert!(
        got.contains("\n2. [accepted] Login with 2FA — accepted by owner "),
        "{got}"
    );
    assert!(
        got.contains("   > Sign in as demo; the SMS code arrives."),
        "{got}"
    );
}

#[tokio::test]
async fn bad_review_inputs_are_refused_and_write_nothing_when_sent_over_mcp() {
    let board = Loop::new().await;
    board
        .ok(
            "review_steps_set",
            json!({ "task": "shop-1", "session": "agent-1",
                    "steps": [{ "title": "Home" }, { "title": "Cart" }, { "title": "Pay" }] }),
        )
        .await;
    for status in ["accepted", "rejected"] {
        let refused = board
            .refused(
                "review_step_update",
                json!({ "task": "shop-1", "step": 1, "status": status, "session": "agent-1" }),
            )
            .await;
        assert_eq!(
            refused,
            "only the owner accepts or rejects a review step; the decision on step 1 of shop-1 reaches you as an \
             owner comment. Set waiting_on to the owner and go on. Nothing changed."
        );
    }
    let past = board
        .refused(
            "review_step_update",
            json!({ "task": "shop-1", "step": 4, "title": "Receipt" }),
        )
        .await;
    assert_eq!(
        past,
        "shop-1 has 3 review steps; there is no step 4 (steps are numbered 1 to 3, review_get lists them). \
         Nothing changed."
    );
    let long = board
        .refused(
            "comment_add",
            json!({ "task": "shop-1", "body": "x".repeat(4_001), "session": "agent-1" }),
        )
        .await;
    assert_eq!(
        long,
        "comment is 4001 characters long; the limit is 4000. Shorten it. Nothing changed."
    );
    let owner = board
        .relay(&["comment", "add", "shop-2", "-m", "How is the cart?"])
        .await;
    let other = ids_in(&owner.stdout)[0];
    let across = board
        .refused(
            "comment_add",
            json!({ "task": "shop-1", "body": "Done.", "in_reply_to": other, "session": "agent-1" }),
        )
        .await;
    assert!(
        across.starts_with(&format!("in_reply_to: comment #{other} is on shop-2, not shop-1")),
        "{across}"
    );
    let unsigned = board
        .refused("comment_add", json!({ "task": "shop-1", "body": "Done." }))
        .await;
    assert!(unsigned.starts_with("pass session"), "{unsigned}");
    let empty = board.refused("comment_ack", json!({})).await;
    assert!(empty.starts_with("name the comments"), "{empty}");
}

#[tokio::test]
async fn owner_commands_refuse_bad_input_and_a_double_click_writes_nothing_when_run() {
    let board = Loop::new().await;
    board
        .ok(
            "review_steps_set",
            json!({ "task": "shop-1", "session": "agent-1", "steps": [{ "title": "Home" }] }),
        )
        .await;
    board.relay(&["review", "accept", "shop-1", "1"]).await;
    let before = board.last_event_id().await;
    let again = board.relay(&["review", "accept", "shop-1", "1"]).await;
    assert_eq!(again.stdout, "", "{again}");
    assert!(
        again
            .stderr
            .contains("Step 1 'Home' of shop-1 is already accepted; nothing written or delivered."),
        "{again}"
    );
    assert_eq!(
        board.last_event_id().await,
        before,
        "a double click writes no event"
    );
    let json = board.relay_json(&["review", "accept", "shop-1", "1"]).await;
    assert_eq!(json["changed"], false);
    assert!(json["comment"].is_null(), "{json}");

    let past = run(board
        .daemon
        .relay()
        .args(["review", "reject", "shop-1", "2", "-m", "no"]))
    .await;
    past.assert_code(2);
    assert!(
        past.stderr
            .contains("shop-1 has 1 review step; there is no step 2"),
        "{past}"
    );
    let long = "y".repeat(4_001);
    let too_long = run(board
        .daemon
        .relay()
        .args(["comment", "add", "shop-1", "-m", &long]))
    .await;
    too_long.assert_code(2);
    assert!(
        too_long
            .stderr
            .contains("comment is 4001 characters long; the limit is 4000"),
        "{too_long}"
    );
    let unknown = run(board.daemon.relay().args(["review", "show", "shop-9"])).await;
    unknown.assert_code(4);
    let bare = run(board
        .daemon
        .relay()
        .args(["review", "comment", "shop-1", "1", "-m", " "]))
    .await;
    bare.assert_code(2);
    assert!(bare.stderr.contains("comment is empty"), "{bare}");
    assert_eq!(board.last_event_id().await, before, "no refusal wrote anything");

    // A comment from stdin, a reply, and marking the replies read.
    let piped = run_with_stdin(
        board.daemon.relay().args(["comment", "add", "shop-1", "-m", "-"]),
        b"Please also check the footer.\n",
    )
    .await;
    piped.assert_success();
    let id = ids_in(&piped.stdout)[0];
    board
        .ok(
            "comment_add",
            json!({ "task": "shop-1", "body": "Footer checked.", "in_reply_to": id, "session": "agent-1" }),
        )
        .await;
    let read = board.relay(&["comment", "read", "shop-1"]).await;
    assert_eq!(read.stdout.trim(), "1 agent reply marked read on shop-1");
    let nothing = board.relay(&["comment", "read", "shop-1"]).await;
    assert!(
        nothing.stderr.contains("shop-1 has no unread agent replies"),
        "{nothing}"
    );
    let thread = board.thread("shop-1").await;
    let piped_comment = thread.iter().find(|c| c["id"] == id).unwrap();
    assert_eq!(piped_comment["body"], "Please also check the footer.");
    assert!(piped_comment["read_at_ms"].is_i64(), "the reply marked it read");
}
