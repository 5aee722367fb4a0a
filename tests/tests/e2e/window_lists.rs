//! The window's list RPCs over the real socket — `ListSessions`, `ListActivity`, `ListPlanCards` — with their
//! refusals: each answers the gRPC code a client can act on and a message that says what to ask for instead.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use relay_core::proto::{ListActivityRequest, ListPlanCardsRequest, ListSessionsRequest};
use relay_tests::{TestDaemon, run};
use tonic::Code;

async fn shop() -> TestDaemon {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    run(home.relay().args(["project", "upsert", "shop"]))
        .await
        .assert_success();
    for title in ["One", "Two", "Three"] {
        run(home.relay().args(["task", "create", "-p", "shop", title]))
            .await
            .assert_success();
    }
    daemon
}

#[tokio::test]
async fn list_rpcs_refuse_an_unknown_project_as_not_found_naming_it() {
    let daemon = shop().await;
    let mut client = daemon.client().await;

    let sessions = client
        .board
        .list_sessions(ListSessionsRequest {
            project: Some("nope".into()),
        })
        .await
        .unwrap_err();
    assert_eq!(sessions.code(), Code::NotFound, "{sessions:?}");
    assert!(sessions.message().contains("nope"), "{sessions:?}");

    let activity = client
        .board
        .list_activity(ListActivityRequest {
            project: Some("nope".into()),
            ..ListActivityRequest::default()
        })
        .await
        .unwrap_err();
    assert_eq!(activity.code(), Code::NotFound, "{activity:?}");
    assert!(activity.message().contains("nope"), "{activity:?}");

    let cards = client
        .board
        .list_plan_cards(ListPlanCardsRequest {
            project: "nope".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(cards.code(), Code::NotFound, "{cards:?}");
    assert!(cards.message().contains("nope"), "{cards:?}");

    // The known project answers: no sessions, its events, no plan cards.
    let ok = client
        .board
        .list_sessions(ListSessionsRequest {
            project: Some("shop".into()),
        })
        .await
        .unwrap()
        .into_inner();
    assert!(ok.sessions.is_empty());
    assert!(ok.now_ms > 0);
    let cards = client
        .board
        .list_plan_cards(ListPlanCardsRequest {
            project: "shop".into(),
        })
        .await
        .unwrap()
        .into_inner();
    assert!(cards.cards.is_empty(), "no task has plan steps: {cards:?}");
}

#[tokio::test]
async fn list_activity_refuses_a_bad_page_or_kind_and_pages_without_gaps() {
    let daemon = shop().await;
    let mut client = daemon.client().await;

    for (request, needle) in [
        (
            ListActivityRequest {
                kind: Some("task.exploded".into()),
                ..ListActivityRequest::default()
            },
            "unknown event kind `task.exploded`",
        ),
        (
            ListActivityRequest {
                before_event_id: Some(-1),
                ..ListActivityRequest::default()
            },
            "before_event_id must be 0",
        ),
        (
            ListActivityRequest {
                limit: Some(0),
                ..ListActivityRequest::default()
            },
            "limit 0 is out of range; ask for 1 to 500",
        ),
        (
            ListActivityRequest {
                limit: Some(501),
                ..ListActivityRequest::default()
            },
            "limit 501 is out of range",
        ),
    ] {
        let refused = client.board.list_activity(request.clone()).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{request:?}: {refused:?}");
        assert!(refused.message().contains(needle), "{request:?}: {refused:?}");
    }

    // Two events per page through the project's whole feed: newest first, each id once, nothing skipped.
    let all = client
        .board
        .list_activity(ListActivityRequest {
            project: Some("shop".into()),
            ..ListActivityRequest::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!all.more);
    let all_ids: Vec<i64> = all.rows.iter().map(|r| r.event.as_ref().unwrap().id).collect();
    assert!(
        all_ids.len() >= 4,
        "project.created and three task.created: {all_ids:?}"
    );
    assert!(
        all_ids.windows(2).all(|w| w[0] > w[1]),
        "newest first: {all_ids:?}"
    );

    let mut paged = Vec::new();
    let mut before = None;
    loop {
        let page = client
            .board
            .list_activity(ListActivityRequest {
                project: Some("shop".into()),
                before_event_id: before,
                limit: Some(2),
                ..ListActivityRequest::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert!(page.rows.len() <= 2);
        paged.extend(page.rows.iter().map(|r| r.event.as_ref().unwrap().id));
        if !page.more {
            break;
        }
        before = Some(page.next_before_event_id);
    }
    assert_eq!(paged, all_ids);
}
