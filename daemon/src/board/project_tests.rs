//! The window's board snapshot: the done column (the window of `done_window_days`, the cap, the archive and its
//! search, `require_tracker_log`) and that its counts agree with the task list.

use std::sync::Arc;

use super::*;
use crate::board::{NewTask, TaskFilter};
use crate::clock::FixedClock;
use crate::testing::fixture_on;

const NOW: i64 = 1_800_000_000_000;
const DAY: i64 = 24 * 60 * 60 * 1000;

async fn handle(require_tracker_log: bool) -> (tempfile::TempDir, crate::handle::DaemonHandle) {
    fixture_on(
        |config| {
            config.done_window_days = 7;
            config.require_tracker_log = require_tracker_log;
        },
        Arc::new(FixedClock::at(NOW)),
    )
    .await
}

async fn project(handle: &crate::handle::DaemonHandle) {
    let input = ProjectInput {
        slug: "acme".into(),
        ..ProjectInput::default()
    };
    handle
        .board()
        .upsert_project(input, &Caller::socket_peer())
        .await
        .unwrap();
    let new = NewTask {
        project: "acme".into(),
        title: "Open work".into(),
        ..NewTask::default()
    };
    handle
        .board()
        .create_task(new, &Caller::socket_peer())
        .await
        .unwrap();
}

/// `n` done tasks titled `"{title} {i}"`, closed `days_ago` days before now (the newest number closed last),
/// logged in the tracker or not.
async fn done_tasks(handle: &crate::handle::DaemonHandle, n: i64, title: &str, days_ago: i64, logged: bool) {
    let mut write = handle.store().begin_write().await.unwrap();
    sqlx::query(
        "WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?1)
         INSERT INTO task (project_id, number, title, stage, tracker_logged, created_at_ms, updated_at_ms,
                           stage_changed_at_ms, closed_at_ms)
         SELECT p.id, p.next_number + i.n - 1, ?2 || ' ' || i.n, 'done', ?4, ?3 + i.n, ?3 + i.n, ?3 + i.n, ?3 + i.n
           FROM i, project p WHERE p.slug = 'acme'",
    )
    .bind(n)
    .bind(title)
    .bind(NOW - days_ago * DAY)
    .bind(logged)
    .execute(write.conn())
    .await
    .unwrap();
    sqlx::query("UPDATE project SET next_number = next_number + ?1 WHERE slug = 'acme'")
        .bind(n)
        .execute(write.conn())
        .await
        .unwrap();
    write.commit().await.unwrap();
}

fn done_titles(snapshot: &Snapshot) -> Vec<&str> {
    snapshot
        .tasks
        .iter()
        .filter(|t| t.stage == "done")
        .map(|t| t.title.as_str())
        .collect()
}

#[tokio::test]
async fn the_done_column_holds_the_tasks_closed_within_the_window_and_counts_the_archived() {
    let (_dir, handle) = handle(false).await;
    project(&handle).await;
    done_tasks(&handle, 3, "recent", 2, false).await;
    done_tasks(&handle, 4, "old", 30, true).await;
    let snapshot = handle.board().snapshot("acme").await.unwrap();
    assert_eq!(done_titles(&snapshot).len(), 3, "{:?}", done_titles(&snapshot));
    assert!(done_titles(&snapshot).iter().all(|t| t.starts_with("recent")));
    assert_eq!(
        snapshot.done,
        DoneColumn {
            recent: 3,
            archived: 4,
            window_days: 7,
            cap: DONE_CAP,
            require_tracker_log: false,
        }
    );
    // The header counts what exists: every done task, as the task list lists them.
    assert_eq!(snapshot.project.counts[5], 7);
    let filter = TaskFilter {
        project: Some("acme".into()),
        stage: Some("done".into()),
        ..TaskFilter::default()
    };
    assert_eq!(handle.board().tasks(&filter).await.unwrap().len(), 7);
    assert_eq!(snapshot.tasks.iter().filter(|t| t.stage != "done").count(), 1);
}

#[tokio::test]
async fn the_done_column_is_capped_at_200_the_most_recently_closed_first() {
    let (_dir, handle) = handle(false).await;
    project(&handle).await;
    done_tasks(&handle, 250, "recent", 1, false).await;
    let snapshot = handle.board().snapshot("acme").await.unwrap();
    let titles = done_titles(&snapshot);
    assert_eq!(titles.len(), 200);
    assert_eq!(snapshot.done.recent, 250, "the cap shows fewer than there are");
    assert_eq!(snapshot.done.archived, 0);
    assert!(titles.contains(&"recent 250") && titles.contains(&"recent 51"));
    assert!(!titles.contains(&"recent 50"), "the 50 closed first are left out");
}

#[tokio::test]
async fn with_require_tracker_log_a_done_task_without_the_mark_is_never_archived() {
    let (_dir, handle) = handle(true).await;
    project(&handle).await;
    done_tasks(&handle, 2, "old unlogged", 90, false).await;
    done_tasks(&handle, 3, "old logged", 90, true).await;
    let snapshot = handle.board().snapshot("acme").await.unwrap();
    let titles = done_titles(&snapshot);
    assert_eq!(titles.len(), 2, "{titles:?}");
    assert!(titles.iter().all(|t| t.starts_with("old unlogged")));
    assert_eq!((snapshot.done.recent, snapshot.done.archived), (2, 3));
    assert!(snapshot.done.require_tracker_log);
    let archived = handle.board().archived("acme", "").await.unwrap();
    assert_eq!(archived.total, 3);
    assert!(archived.tasks.iter().all(|t| t.title.starts_with("old logged")));
}

#[tokio::test]
async fn the_archive_is_searched_by_key_or_title_without_case_newest_closed_first_and_bounded() {
    let (_dir, handle) = handle(false).await;
    project(&handle).await;
    done_tasks(&handle, 2, "Checkout flow", 40, false).await;
    done_tasks(&handle, 230, "Payment", 20, false).await;
    done_tasks(&handle, 1, "recent", 1, false).await;
    let board = handle.board();
    let all = board.archived("acme", "").await.unwrap();
    assert_eq!(all.total, 232);
    assert_eq!(all.tasks.len(), 200, "at most 200 in one answer");
    assert_eq!(
        all.tasks[0].title, "Payment 230",
        "the most recently closed first"
    );
    let checkout = board.archived("acme", "  CHECKOUT ").await.unwrap();
    assert_eq!(checkout.total, 2);
    let titles: Vec<&str> = checkout.tasks.iter().map(|t| t.title.as_str()).collect();
    assert_eq!(titles, ["Checkout flow 2", "Checkout flow 1"]);
    // By key: acme-2 is the first checkout task (acme-1 is the open one); acme-2 also matches acme-2xx.
    let by_key = board.archived("acme", "ACME-2").await.unwrap();
    assert!(
        by_key.tasks.iter().any(|t| t.title == "Checkout flow 1"),
        "{:?}",
        by_key.tasks
    );
    assert!(by_key.tasks.iter().all(|t| t.key().starts_with("acme-2")));
    // A recent done task is not in the archive; nothing matching is an empty answer, not an error.
    assert_eq!(board.archived("acme", "recent").await.unwrap().total, 0);
    assert_eq!(
        board.archived("acme", "%").await.unwrap().total,
        0,
        "no LIKE wildcards"
    );
    let unknown = board.archived("nope", "").await.unwrap_err();
    assert!(unknown.to_string().contains("nope"), "{unknown}");
    let long = board.archived("acme", &"x".repeat(201)).await.unwrap_err();
    assert!(long.to_string().contains("query"), "{long}");
}
