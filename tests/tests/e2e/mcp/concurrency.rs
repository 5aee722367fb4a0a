//! Many agents writing at once over MCP: 50 clients creating 20 tasks each in one project. Every task gets its
//! own key, no call fails (no "database is locked"), and the event log has one unique id per write, gap-free in
//! commit order. A correctness test, not a timing: the numbers are in `tests/bench/` and docs/PERFORMANCE.md.

use std::collections::BTreeSet;

use relay_core::proto::ListEventsRequest;
use relay_tests::TestDaemon;
use serde_json::json;

use super::{call, connect, ok, text};

const CLIENTS: usize = 50;
const TASKS_EACH: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_clients_get_distinct_keys_and_gap_free_events_when_creating_at_once() {
    let daemon = TestDaemon::start().await;
    let first = connect(&daemon).await;
    ok(
        &first,
        "project_upsert",
        json!({ "slug": "crowd", "name": "Crowd" }),
    )
    .await;
    let head = daemon.get_status().await.last_event_id;

    let mut clients = Vec::with_capacity(CLIENTS);
    for _ in 0..CLIENTS {
        clients.push(connect(&daemon).await);
    }
    let writers: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(n, client)| {
            tokio::spawn(async move {
                let mut answers = Vec::with_capacity(TASKS_EACH);
                for t in 0..TASKS_EACH {
                    let args = json!({ "project": "crowd", "title": format!("agent {n} task {t}"), "session": format!("agent-{n}") });
                    let result = call(&client, "task_create", args).await;
                    answers.push((result.is_error == Some(true), text(&result)));
                }
                answers
            })
        })
        .collect();
    let mut answers = Vec::new();
    for writer in writers {
        answers.extend(writer.await.expect("a writer task"));
    }

    let failures: Vec<&String> = answers
        .iter()
        .filter(|(failed, _)| *failed)
        .map(|(_, t)| t)
        .collect();
    assert!(
        failures.is_empty(),
        "{} calls failed, first: {:?}",
        failures.len(),
        failures.first()
    );
    let keys: BTreeSet<String> = answers
        .iter()
        .filter_map(|(_, t)| {
            t.strip_prefix("Created **")
                .and_then(|rest| rest.split("**").next())
                .map(str::to_owned)
        })
        .collect();
    assert_eq!(keys.len(), CLIENTS * TASKS_EACH, "every task has its own key");

    let mut ids = Vec::new();
    let mut after = head;
    let mut client = daemon.client().await;
    loop {
        let page = client
            .board
            .list_events(ListEventsRequest {
                after_event_id: after,
                limit: Some(500),
                project: None,
            })
            .await
            .expect("ListEvents")
            .into_inner();
        ids.extend(page.events.iter().map(|e| e.id));
        after = page.last_event_id;
        if !page.more {
            break;
        }
    }
    // Each task_create with a session writes task.created and task.session_bound.
    assert_eq!(ids.len(), CLIENTS * TASKS_EACH * 2, "one event per write");
    assert_eq!(ids.first(), Some(&(head + 1)));
    assert!(
        ids.windows(2).all(|w| w[1] == w[0] + 1),
        "event ids are unique and gap-free in commit order"
    );
}
