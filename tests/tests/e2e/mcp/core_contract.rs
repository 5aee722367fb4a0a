//! The `core` profile carries out the working contract end to end: an agent with nothing but the core tools plans
//! a task, moves it through dev to review, reports, writes the Owner check with a screenshot, and answers the
//! owner's comment — while the owner accepts and rejects with the CLI. Every call an answer suggests names a core
//! tool, or the answer says where the tool is.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use relay_tests::{TestDaemon, run};
use serde_json::{Value, json};

use super::{CORE_TOOLS, Client, connect, connect_profile, ok};

/// An agent on the core profile, checking each answer's suggestions against the profile.
struct CoreAgent {
    client: Client,
}

impl CoreAgent {
    async fn call(&self, tool: &str, arguments: Value) -> String {
        assert!(CORE_TOOLS.contains(&tool), "{tool} is not a core tool");
        let answer = ok(&self.client, tool, arguments).await;
        // A tool the answer names outside core comes with the note saying where it is.
        for name in [
            "plan_get",
            "review_get",
            "comments_list",
            "rules_get",
            "decision_add",
            "task_update",
            "plan_accept",
        ] {
            let named = answer
                .match_indices(name)
                .any(|(at, _)| !answer[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
            if named {
                assert!(
                    answer.contains("of this connection (the core profile); /mcp?profile=full has"),
                    "{tool} names {name} without saying it is in the full profile: {answer}"
                );
            }
        }
        answer
    }
}

async fn relay(daemon: &TestDaemon, args: &[&str]) -> String {
    let output = run(daemon.relay().args(args)).await;
    output.assert_success();
    output.stdout.clone()
}

#[tokio::test]
async fn an_agent_with_only_the_core_tools_does_the_whole_working_contract() {
    let daemon = TestDaemon::start().await;
    // The project exists (the owner made it); the agent has only the core tools from here on.
    let setup = connect(&daemon).await;
    ok(
        &setup,
        "project_upsert",
        json!({ "slug": "shop", "name": "Shop" }),
    )
    .await;
    let client = connect_profile(&daemon, "core").await;
    let listed = client.list_all_tools().await.expect("tools/list");
    assert_eq!(listed.len(), CORE_TOOLS.len());
    let agent = CoreAgent { client };
    let me = json!("agent-1");

    let snapshot = agent.call("project_snapshot", json!({ "project": "shop" })).await;
    assert!(snapshot.contains("# Shop"), "{snapshot}");
    let created = agent
        .call(
            "task_create",
            json!({ "project": "shop", "title": "Address book", "size": "M", "session": me, "session_title": "Agent one" }),
        )
        .await;
    assert!(created.contains("shop-1"), "{created}");

    // Plan, accepted by the owner, then dev without a rule warning.
    agent
        .call(
            "plan_set",
            json!({ "task": "shop-1", "steps": [{ "title": "Model" }, { "title": "Form", "details": "The edit form." }], "session": me }),
        )
        .await;
    relay(&daemon, &["plan", "accept", "shop-1"]).await;
    let dev = agent
        .call(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "dev", "next_step": "build the model", "waiting_on": "agent-1", "session": me }),
        )
        .await;
    assert!(!dev.contains("Warning (rules)"), "{dev}");
    for step in [1, 2] {
        agent
            .call(
                "plan_step_update",
                json!({ "task": "shop-1", "step": step, "status": "done", "conformance": "as planned", "session": me }),
            )
            .await;
    }
    let report = agent
        .call(
            "report_add",
            json!({ "task": "shop-1", "body": "changed · M · the address book works", "progress": "Model and form done.", "next_step": "owner check", "session": me }),
        )
        .await;
    assert!(report.starts_with("Added report #"), "{report}");

    // The Owner check with a screenshot, then review.
    agent
        .call(
            "review_steps_set",
            json!({ "task": "shop-1", "steps": [{ "title": "Open the book" }, { "title": "Add an address" }], "session": me }),
        )
        .await;
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend((0..=255u8).cycle().take(512));
    let attached = agent
        .call(
            "attach_file",
            json!({ "task": "shop-1", "content_base64": STANDARD.encode(&png), "step": 1, "filename": "book.png", "session": me }),
        )
        .await;
    assert!(attached.contains("#"), "{attached}");
    let review = agent
        .call(
            "task_set_stage",
            json!({ "task": "shop-1", "stage": "review", "next_step": "owner checks", "waiting_on": "owner", "session": me }),
        )
        .await;
    assert!(!review.contains("Warning (rules)"), "{review}");

    // The owner rejects a step; the agent sees the comment id in task_get and answers it.
    relay(
        &daemon,
        &["review", "reject", "shop-1", "2", "-m", "The form does not save."],
    )
    .await;
    let task = agent.call("task_get", json!({ "task": "shop-1" })).await;
    assert!(
        task.contains("Review checklist: 0/2 accepted, 1 rejected, 1 open"),
        "{task}"
    );
    let id: String = task
        .split("Unread owner comments: #")
        .nth(1)
        .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default();
    assert!(!id.is_empty(), "task_get names the unread comment: {task}");
    let reply = agent
        .call(
            "comment_add",
            json!({ "task": "shop-1", "body": "Fixed: the form saves now.", "in_reply_to": id, "session": me }),
        )
        .await;
    assert!(reply.contains("shop-1"), "{reply}");
    let after = agent.call("task_get", json!({ "task": "shop-1" })).await;
    assert!(
        !after.contains("Unread owner comments"),
        "the reply marked it read: {after}"
    );
    let events = agent
        .call("events_since", json!({ "after": 0, "project": "shop" }))
        .await;
    assert!(events.contains("review"), "{events}");
}
