//! Snapshots through the handle: the row, the restore's refusals and force, another folder, retention.

use std::path::Path;

use relay_core::event::{Payload, payload};

use super::git::tests::{repo, sh_git};
use super::*;
use crate::store::snapshot::SnapshotRow;
use crate::testing::fixture;

async fn take(handle: &DaemonHandle, root: &Path, session: &str) -> SnapshotRow {
    let took = handle
        .snapshot_work(Ask {
            dir: root,
            reason: Reason::Command,
            session,
            session_id: None,
            agent: "Claude Code",
            command: "git reset --hard",
            held: Vec::new(),
        })
        .await
        .unwrap();
    match took {
        Took::Saved { row, .. } => *row,
        other => panic!("{other:?}"),
    }
}

fn undo(id: i64) -> Undo {
    Undo {
        id,
        ..Undo::default()
    }
}

#[tokio::test]
async fn undo_brings_back_what_a_reset_discarded() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "B's uncommitted edit\n").unwrap();
    std::fs::write(root.join("notes.md"), "B's new file\n").unwrap();
    let row = take(&handle, &root, "run-app-2").await;
    sh_git(&root, &["reset", "-q", "--hard"]);
    sh_git(&root, &["clean", "-qfd"]);

    let shown = handle
        .undo(&Undo {
            dry_run: true,
            ..undo(row.id)
        })
        .await
        .unwrap();
    assert!(!shown.applied);
    assert!(!root.join("notes.md").exists(), "a dry run writes nothing");
    let actions: Vec<(&str, Action)> = shown
        .changes
        .iter()
        .map(|c| (c.path.as_str(), c.action))
        .collect();
    assert_eq!(
        actions,
        [("a.txt", Action::Restore), ("notes.md", Action::Create)]
    );

    let done = handle.undo(&undo(row.id)).await.unwrap();
    assert!(done.applied && !done.refused);
    assert_eq!(
        std::fs::read_to_string(root.join("a.txt")).unwrap(),
        "B's uncommitted edit\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("notes.md")).unwrap(),
        "B's new file\n"
    );
    let events = handle.store().events_after(0, 100).await.unwrap();
    let restored: Vec<payload::SnapshotRestored> = events
        .iter()
        .filter_map(|e| payload::SnapshotRestored::from_json(&e.kind, &e.data))
        .collect();
    assert_eq!(restored.len(), 1);
    assert_eq!(restored[0].files, 2);
    assert_eq!(restored[0].session, "run-app-2");
    assert!(!restored[0].forced);
}

#[tokio::test]
async fn newer_changes_stop_the_restore_unless_forced() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "old work\n").unwrap();
    std::fs::write(root.join("src/b.rs"), "old work too\n").unwrap();
    let row = take(&handle, &root, "s").await;
    sh_git(&root, &["reset", "-q", "--hard"]);
    std::fs::write(root.join("a.txt"), "newer work\n").unwrap();

    let refused = handle.undo(&undo(row.id)).await.unwrap();
    assert!(refused.refused && !refused.applied);
    assert_eq!(
        std::fs::read_to_string(root.join("a.txt")).unwrap(),
        "newer work\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("src/b.rs")).unwrap(),
        "fn b() {}\n",
        "nothing is written when one file is newer"
    );
    // The other file alone goes back.
    let one = handle
        .undo(&Undo {
            paths: vec!["src".into()],
            ..undo(row.id)
        })
        .await
        .unwrap();
    assert!(one.applied);
    assert_eq!(
        std::fs::read_to_string(root.join("src/b.rs")).unwrap(),
        "old work too\n"
    );
    let forced = handle
        .undo(&Undo {
            force: true,
            ..undo(row.id)
        })
        .await
        .unwrap();
    assert!(forced.applied);
    assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old work\n");
}

#[tokio::test]
async fn undo_into_another_folder_leaves_the_repository_alone() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "work\n").unwrap();
    let row = take(&handle, &root, "s").await;
    std::fs::write(root.join("a.txt"), "newer\n").unwrap();
    let out = tempfile::tempdir().unwrap();
    let to = out.path().join("recovered");
    let done = handle
        .undo(&Undo {
            to: Some(to.clone()),
            ..undo(row.id)
        })
        .await
        .unwrap();
    assert!(done.applied);
    assert_eq!(std::fs::read_to_string(to.join("a.txt")).unwrap(), "work\n");
    assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "newer\n");
    let err = handle
        .undo(&Undo {
            to: Some("relative".into()),
            ..undo(row.id)
        })
        .await
        .unwrap_err();
    assert!(err.to_string().contains("not an absolute path"), "{err}");
}

#[tokio::test]
async fn bad_ids_paths_and_vanished_snapshots_say_what_to_do() {
    let (_dir, handle) = fixture().await;
    let (_temp, root) = repo();
    let err = handle.undo(&undo(42)).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is no snapshot 42; `relay snapshots` lists them"
    );

    std::fs::write(root.join("a.txt"), "work\n").unwrap();
    let row = take(&handle, &root, "s").await;
    let err = handle
        .undo(&Undo {
            paths: vec!["nope".into()],
            ..undo(row.id)
        })
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "no file of snapshot {} is under nope; its files are: a.txt",
            row.id
        )
    );

    // The ref deleted by hand: the commit is still there, so the restore works and says so.
    sh_git(&root, &["update-ref", "-d", &row.git_ref]);
    sh_git(&root, &["checkout", "-q", "--", "a.txt"]);
    let done = handle.undo(&undo(row.id)).await.unwrap();
    assert_eq!(done.ref_state, RefState::RefDeleted);
    assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "work\n");
    // Pruned by git: nothing to bring back, said plainly.
    sh_git(&root, &["reflog", "expire", "--expire=now", "--all"]);
    sh_git(&root, &["gc", "-q", "--prune=now"]);
    let err = handle.undo(&undo(row.id)).await.unwrap_err();
    assert!(
        err.to_string()
            .contains("was deleted and git has pruned its commit"),
        "{err}"
    );
}

fn row(id: i64, session: &str, at: i64) -> SnapshotRow {
    SnapshotRow {
        id,
        repo: "/r".into(),
        git_ref: format!("refs/relay/snapshots/{id}"),
        commit_sha: "c".repeat(40),
        base_sha: None,
        reason: "command".into(),
        session: session.into(),
        agent: "Codex".into(),
        command: "git stash".into(),
        project: None,
        task_key: None,
        files: 1,
        bytes: 1,
        skipped_json: "[]".into(),
        notes_json: "[]".into(),
        held_json: "[]".into(),
        created_at_ms: at,
    }
}

#[test]
fn retention_keeps_each_sessions_newest_whatever_its_age_or_rank() {
    // Newest first: a (100), b (90), a (80), a (10), c (5).
    let list = [
        row(5, "a", 100),
        row(4, "b", 90),
        row(3, "a", 80),
        row(2, "a", 10),
        row(1, "c", 5),
    ];
    let ids = |v: Vec<SnapshotRow>| v.iter().map(|r| r.id).collect::<Vec<_>>();
    // Keep 2 per repository, nothing older than 50: a's older ones go; b's and c's newest stay.
    assert_eq!(ids(doomed(&list, 50, 2)), [3, 2]);
    // Keep 10, nothing older than 50: only a's old one.
    assert_eq!(ids(doomed(&list, 50, 10)), [2]);
    // Keep everything young enough and many: nothing goes.
    assert_eq!(ids(doomed(&list, 0, 10)), Vec::<i64>::new());
}

#[tokio::test]
async fn retention_deletes_refs_and_rows_past_the_limit() {
    let (_dir, handle) = crate::testing::fixture_with(|config| config.undo_keep_per_repo = 1).await;
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "1\n").unwrap();
    let first = take(&handle, &root, "s").await;
    std::fs::write(root.join("a.txt"), "2\n").unwrap();
    let second = take(&handle, &root, "s").await;
    // The background retention after each snapshot may have run already; either way the end state is the same.
    handle.prune_snapshots(&root).await.unwrap();
    assert_eq!(handle.prune_snapshots(&root).await.unwrap(), 0);
    let left: Vec<i64> = handle
        .snapshots(None, 10)
        .await
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(left, [second.id]);
    let refs = sh_git(&root, &["for-each-ref", "--format=%(refname)", "refs/relay"]);
    assert_eq!(refs, second.git_ref);
    assert_ne!(first.git_ref, second.git_ref);
}

#[tokio::test]
async fn list_snapshots_narrows_to_a_task_or_a_session_when_asked() {
    use relay_core::proto;
    use relay_core::proto::coordination_service_server::CoordinationService;

    let (_dir, handle) = fixture().await;
    let rows = [
        ("run-app-1", Some("app"), Some("app-7"), 10),
        ("run-app-2", Some("app"), Some("app-7"), 20),
        ("run-app-2", Some("app"), None, 30),
        ("codex:abc", None, None, 40),
    ];
    let commit = "c".repeat(40);
    {
        let mut write = handle.store().begin_write().await.unwrap();
        for (i, (session, project, task_key, at)) in rows.into_iter().enumerate() {
            let git_ref = format!("refs/relay/snapshots/{i}");
            crate::store::snapshot::insert(
                &mut write,
                &crate::store::snapshot::NewSnapshot {
                    repo: "/r",
                    git_ref: &git_ref,
                    commit_sha: &commit,
                    reason: "command",
                    session,
                    agent: "Claude Code",
                    command: "git reset --hard",
                    project,
                    task_key,
                    files: 1,
                    bytes: 1,
                    skipped_json: "[]",
                    notes_json: "[]",
                    held_json: "[]",
                    created_at_ms: at,
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        }
        write.commit().await.unwrap();
    }
    let service = crate::rpc::RelayService::new(handle.clone(), std::sync::Arc::default());
    let list = async |request: proto::ListSnapshotsRequest| -> Vec<(String, i64)> {
        service
            .list_snapshots(tonic::Request::new(request))
            .await
            .unwrap()
            .into_inner()
            .snapshots
            .into_iter()
            .map(|s| (s.session, s.created_at_ms))
            .collect()
    };
    // A task's: the two taken while it was bound, newest first.
    let task = list(proto::ListSnapshotsRequest {
        task_key: Some("app-7".into()),
        ..Default::default()
    })
    .await;
    assert_eq!(task, [("run-app-2".to_owned(), 20), ("run-app-1".to_owned(), 10)]);
    // A session's: with a task and without.
    let session = list(proto::ListSnapshotsRequest {
        session: Some("run-app-2".into()),
        ..Default::default()
    })
    .await;
    assert_eq!(
        session,
        [("run-app-2".to_owned(), 30), ("run-app-2".to_owned(), 20)]
    );
    // Both narrow together; an unknown task has none; no filter lists every one.
    let both = list(proto::ListSnapshotsRequest {
        task_key: Some("app-7".into()),
        session: Some("run-app-1".into()),
        ..Default::default()
    })
    .await;
    assert_eq!(both, [("run-app-1".to_owned(), 10)]);
    let none = list(proto::ListSnapshotsRequest {
        task_key: Some("app-99".into()),
        ..Default::default()
    })
    .await;
    assert!(none.is_empty());
    let all = list(proto::ListSnapshotsRequest::default()).await;
    assert_eq!(all.len(), 4);
    assert_eq!(all[0], ("codex:abc".to_owned(), 40));
}
