//! The sessions list and the activity feed against the demo's store.

use std::net::SocketAddr;

use relay_core::config::{Config, Flags};

use crate::board::BoardError;
use crate::handle::DaemonHandle;
use crate::store::Store;
use crate::token::Token;

/// A handle over a freshly seeded demo home.
async fn demo() -> (tempfile::TempDir, DaemonHandle) {
    let dir = tempfile::tempdir().unwrap();
    let flags = Flags {
        home: Some(dir.path().to_path_buf()),
        ..Flags::default()
    };
    let config = Config::load_with(&flags, |_| None).unwrap();
    crate::demo::seed(config.clone(), false).await.unwrap();
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
    let addr: SocketAddr = "127.0.0.1:8765".parse().unwrap();
    (dir, DaemonHandle::new(config, store, token, addr))
}

#[tokio::test]
async fn sessions_list_newest_activity_first_with_their_bound_tasks_when_unfiltered() {
    let (_dir, handle) = demo().await;
    let sessions = handle.board().sessions(None).await.unwrap();
    assert!(sessions.len() >= 3, "{sessions:#?}");
    let when = |s: &super::SessionListRow| s.activity_at_ms.unwrap_or(s.seen_at_ms);
    assert!(
        sessions.windows(2).all(|w| when(&w[0]) >= when(&w[1])),
        "newest activity first: {sessions:#?}"
    );
    let desktop = sessions
        .iter()
        .find(|s| s.kind == "desktop")
        .expect("the demo's desktop session");
    assert_eq!(desktop.hook_status.as_deref(), Some("working"), "{desktop:#?}");
    assert!(
        desktop.activity.is_some() && desktop.activity_at_ms.is_some(),
        "{desktop:#?}"
    );
    assert_eq!(desktop.cwd.as_deref(), Some("/home/demo/src/acme-shop"));
    assert!(!desktop.tasks.is_empty(), "bound to the dev task: {desktop:#?}");
    assert!(
        sessions
            .iter()
            .any(|s| s.hook_status.is_none() && s.tasks.is_empty()),
        "a named session without hooks or tasks is listed too: {sessions:#?}"
    );
    let review = sessions
        .iter()
        .find(|s| s.tasks.iter().any(|t| t == "acme-shop-4"))
        .expect("the review task's session");
    assert_eq!(review.cc_exact, 1, "{review:#?}");
}

#[tokio::test]
async fn sessions_of_a_project_are_placed_there_or_bound_to_its_tasks_when_filtered() {
    let (_dir, handle) = demo().await;
    let all = handle.board().sessions(None).await.unwrap();
    let shop = handle.board().sessions(Some("acme-shop")).await.unwrap();
    let api = handle.board().sessions(Some("demo-api")).await.unwrap();
    assert!(!shop.is_empty());
    for s in &shop {
        assert!(
            s.project.as_deref() == Some("acme-shop") || s.tasks.iter().any(|t| t.starts_with("acme-shop-")),
            "{s:#?}"
        );
    }
    for s in &api {
        assert!(
            s.project.as_deref() == Some("demo-api") || s.tasks.iter().any(|t| t.starts_with("demo-api-")),
            "{s:#?}"
        );
    }
    // A session bound to a task is listed under the task's project.
    for s in all.iter().filter(|s| !s.tasks.is_empty()) {
        let listed = |list: &[super::SessionListRow]| list.iter().any(|l| l.name == s.name);
        assert!(listed(&shop) || listed(&api), "{s:#?}");
    }
    assert!(
        !shop.iter().any(|s| s.tasks.is_empty() && s.project.is_none()),
        "an unbound session the hooks placed nowhere is in no project's list"
    );
    let unknown = handle.board().sessions(Some("nope")).await.unwrap_err();
    assert!(matches!(unknown, BoardError::UnknownProject { .. }), "{unknown}");
}

#[tokio::test]
async fn activity_pages_newest_first_and_hides_hook_status_changes_when_no_kind_is_given() {
    let (_dir, handle) = demo().await;
    let board = handle.board();
    let first = board.activity(None, 5, None, None).await.unwrap();
    assert_eq!(first.events.len(), 5);
    assert!(first.more);
    assert!(first.events.windows(2).all(|w| w[0].id > w[1].id), "newest first");
    assert!(first.events.iter().all(|e| e.kind != "session.status_changed"));
    let second = board
        .activity(Some(first.next_before), 5, None, None)
        .await
        .unwrap();
    assert!(
        second.events.iter().all(|e| e.id < first.next_before),
        "load more continues below the last shown id"
    );
    // Everything, page by page, ends with `more` false and never repeats an event.
    let mut seen = Vec::new();
    let mut before = None;
    loop {
        let page = board.activity(before, 50, None, None).await.unwrap();
        seen.extend(page.events.iter().map(|e| e.id));
        if !page.more {
            break;
        }
        before = Some(page.next_before);
    }
    let mut unique = seen.clone();
    unique.dedup();
    assert_eq!(seen, unique);

    let status = board
        .activity(None, 50, None, Some("session.status_changed"))
        .await
        .unwrap();
    assert!(!status.events.is_empty(), "the demo's session started working");
    assert!(status.events.iter().all(|e| e.kind == "session.status_changed"));
}

#[tokio::test]
async fn activity_keeps_one_project_and_refuses_an_unknown_kind_when_filtered() {
    let (_dir, handle) = demo().await;
    let board = handle.board();
    let api = board.activity(None, 50, Some("demo-api"), None).await.unwrap();
    assert!(!api.events.is_empty());
    assert!(
        api.events
            .iter()
            .all(|e| e.data.contains("\"project\":\"demo-api\"")),
        "{api:#?}"
    );
    let refused = board
        .activity(None, 50, None, Some("task.eaten"))
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("unknown event kind `task.eaten`"),
        "{refused}"
    );
    let unknown = board.activity(None, 50, Some("nope"), None).await.unwrap_err();
    assert!(unknown.not_found(), "{unknown}");
}
