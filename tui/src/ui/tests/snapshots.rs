//! The window's snapshots (docs/SPEC.md §13) against a real relayd: a Claude Code session's uncommitted work saved
//! by the pre-tool hook before `git reset --hard` in a real repository, listed in the sessions screen's block and
//! brought back with U and y through the window's own worker; a file changed since stops the restore in the view
//! (nothing written) until f and a second y overwrite it, or t restores into another folder.

use std::path::Path;
use std::time::Duration;

use crossterm::event::KeyCode;
use relay_core::proto;

use super::demo::{Demo, demo, snapshot};
use super::{ch, key};
use crate::ui::app::{Action, Effect, Fetch, Model, Screen, TAB_SNAPSHOTS, Write, update};
use crate::ui::snapshots::Step;
use crate::ui::worker;

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@localhost")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@localhost")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

async fn hook(demo: &Demo, phase: &str, body: serde_json::Value) {
    demo.client
        .clone()
        .coord
        .run_hook(proto::RunHookRequest {
            agent: "claude".into(),
            phase: phase.into(),
            body: body.to_string().into_bytes(),
        })
        .await
        .unwrap();
}

/// Carries out each effect through the worker and feeds its answer back, until nothing is left to do.
async fn settle(demo: &Demo, model: &mut Model, mut effects: Vec<Effect>) {
    while let Some(effect) = effects.pop() {
        if matches!(effect, Effect::Image(_)) {
            continue;
        }
        let action = worker::run(demo.client.clone(), effect).await;
        effects.extend(update(model, action));
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_window_lists_a_sessions_snapshot_and_restores_it_asking_first() {
    let demo = demo().await;
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("app");
    std::fs::create_dir_all(&root).unwrap();
    git(&root, &["init", "-q", "-b", "main"]);
    std::fs::write(root.join("a.txt"), "one\n").unwrap();
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "start"]);

    // A Claude Code session starts in the repository and has uncommitted work when another command resets it.
    let cwd = root.to_string_lossy().into_owned();
    hook(
        &demo,
        "session-start",
        serde_json::json!({"session_id": "cc-snap", "cwd": cwd, "hook_event_name": "SessionStart", "source": "startup"}),
    )
    .await;
    std::fs::write(root.join("a.txt"), "the session's edit\n").unwrap();
    std::fs::write(root.join("notes.md"), "the session's notes\n").unwrap();
    hook(
        &demo,
        "pre-tool",
        serde_json::json!({"session_id": "cc-snap", "cwd": cwd, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": "git reset --hard && git clean -fd"}}),
    )
    .await;
    // The snapshot may finish after the hook's answer (it goes on in the background): wait for its row.
    let mut taken = None;
    for _ in 0..200 {
        let list = demo
            .client
            .clone()
            .coord
            .list_snapshots(proto::ListSnapshotsRequest::default())
            .await
            .unwrap()
            .into_inner();
        if let Some(first) = list.snapshots.into_iter().next() {
            taken = Some(first);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let taken = taken.expect("the pre-tool hook took a snapshot");
    git(&root, &["reset", "-q", "--hard"]);
    git(&root, &["clean", "-qfd"]);
    assert_eq!(read(&root.join("a.txt")), "one\n");

    // The sessions screen lists the session; selecting it brings its snapshot into the block.
    let mut model = Model::new(Screen::Sessions);
    update(&mut model, Action::Live);
    let effects = update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Sessions(None),
            result: worker::fetch_data(&mut demo.client.clone(), &Fetch::Sessions(None))
                .await
                .map_err(|s| s.to_string()),
        },
    );
    let row = model
        .sessions
        .visible()
        .iter()
        .position(|s| s.name == taken.session)
        .unwrap_or_else(|| panic!("the sessions list has {}", taken.session));
    settle(&demo, &mut model, effects).await;
    model.sessions.selected = row;
    let now = model.now_ms;
    let effects = update(&mut model, Action::Clock(now));
    // Fetched when the session came into the selection (it may have been the first row already).
    assert!(
        effects.is_empty() || effects == vec![Effect::Fetch(Fetch::SessionSnapshots(taken.session.clone()))],
        "{effects:?}"
    );
    settle(&demo, &mut model, effects).await;
    assert_eq!(
        model.sessions.snapshots.as_ref().map(|(n, _)| n.as_str()),
        Some(taken.session.as_str())
    );
    model.now_ms = taken.created_at_ms;
    let drawn = super::screen(&model, 80, 24);
    assert!(drawn.contains("Snapshots · 1"), "{drawn}");
    assert!(drawn.contains("git reset --hard"), "{drawn}");

    // U: the dry run first, shown as a question; nothing is written yet.
    let effects = update(&mut model, ch('U'));
    assert_eq!(
        effects,
        vec![Effect::Fetch(Fetch::RestorePreview {
            id: taken.id,
            to: None
        })]
    );
    settle(&demo, &mut model, effects).await;
    let restore = model.restore.as_ref().expect("the question is open");
    assert_eq!(restore.step, Step::Ask);
    assert!(!root.join("notes.md").exists(), "the dry run wrote nothing");
    let drawn = super::screen(&model, 80, 24);
    assert!(drawn.contains("restore    a.txt"), "{drawn}");
    assert!(drawn.contains("create     notes.md"), "{drawn}");
    assert!(drawn.contains("y restores 2 file(s)"), "{drawn}");
    // Any other key leaves everything as it is.
    assert!(update(&mut model, ch('n')).is_empty());
    assert!(model.restore.is_none());

    // Asked again, y restores: the files are back, and the window says so.
    let effects = update(&mut model, ch('U'));
    settle(&demo, &mut model, effects).await;
    let effects = update(&mut model, ch('y'));
    assert!(
        matches!(
            &effects[..],
            [Effect::Write(Write::RestoreSnapshot {
                force: false,
                to: None,
                ..
            })]
        ),
        "{effects:?}"
    );
    settle(&demo, &mut model, effects).await;
    assert_eq!(read(&root.join("a.txt")), "the session's edit\n");
    assert_eq!(read(&root.join("notes.md")), "the session's notes\n");
    let flash = model.flash.as_ref().unwrap().lines.join("\n");
    assert!(
        flash.contains(&format!("Restored 2 file(s) of snapshot #{}", taken.id)),
        "{flash}"
    );

    // The owner edits a.txt after the restore: a new restore would overwrite it, so the view stops and says how on.
    std::fs::write(root.join("a.txt"), "the owner's newer line\n").unwrap();
    let effects = update(&mut model, ch('U'));
    settle(&demo, &mut model, effects).await;
    assert_eq!(model.restore.as_ref().unwrap().step, Step::Newer);
    let drawn = super::screen(&model, 80, 24);
    assert!(drawn.contains("NEWER      a.txt"), "{drawn}");
    assert!(drawn.contains("f overwrites them (asks again)"), "{drawn}");
    // y does not overwrite here: it is not one of the keys this question names.
    assert!(update(&mut model, ch('y')).is_empty());
    assert_eq!(read(&root.join("a.txt")), "the owner's newer line\n");

    // t restores into another folder beside the repository; the repository's newer file stays.
    let effects = update(&mut model, ch('U'));
    settle(&demo, &mut model, effects).await;
    let effects = update(&mut model, ch('t'));
    let elsewhere = temp.path().join(format!("app-snapshot-{}", taken.id));
    assert!(
        matches!(&effects[..], [Effect::Write(Write::RestoreSnapshot { to: Some(to), force: false, .. })] if Path::new(to) == elsewhere),
        "{effects:?}"
    );
    settle(&demo, &mut model, effects).await;
    assert_eq!(read(&elsewhere.join("a.txt")), "the session's edit\n");
    assert_eq!(read(&root.join("a.txt")), "the owner's newer line\n");

    // f asks again, naming what is lost; y then overwrites.
    let effects = update(&mut model, ch('U'));
    settle(&demo, &mut model, effects).await;
    assert!(update(&mut model, ch('f')).is_empty());
    assert_eq!(model.restore.as_ref().unwrap().step, Step::Force);
    let drawn = super::screen(&model, 80, 24);
    assert!(drawn.contains("Overwrite a.txt"), "{drawn}");
    let effects = update(&mut model, ch('y'));
    assert!(
        matches!(
            &effects[..],
            [Effect::Write(Write::RestoreSnapshot { force: true, .. })]
        ),
        "{effects:?}"
    );
    settle(&demo, &mut model, effects).await;
    assert_eq!(read(&root.join("a.txt")), "the session's edit\n");

    update(&mut model, key(KeyCode::Tab));
    assert!(model.sessions.snapshot_focus);
    update(&mut model, key(KeyCode::Esc));
    assert!(!model.sessions.snapshot_focus);
    assert_eq!(model.screen, Screen::Sessions);
    assert_eq!(model.sessions.snapshot, 0);

    demo.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_task_view_lists_its_snapshots_on_the_snapshots_tab() {
    let demo = demo().await;
    let mut board = demo.model(Screen::Board("acme-shop".into())).await;
    let key = board.board.board.as_ref().unwrap().tasks[0].key.clone();
    board.form = None;
    let mut model = demo.model(Screen::Task(key.clone())).await;
    update(&mut model, ch('6'));
    assert_eq!(model.task.tab, TAB_SNAPSHOTS);
    // None yet: the tab says what would put one here, and U says there is nothing to restore.
    snapshot("task_snapshots_none", &model);
    let effects = update(&mut model, ch('U'));
    assert!(effects.is_empty());
    assert!(model.flash.as_ref().unwrap().lines[0].contains("No snapshot is selected"));
    demo.stop().await;
}

fn work_snapshot(id: i64, at: i64, session: &str, command: &str) -> proto::WorkSnapshot {
    proto::WorkSnapshot {
        id,
        created_at_ms: at,
        repo: "/src/app".into(),
        git_ref: format!("refs/relay/snapshots/{at}-{session}"),
        commit: "c".repeat(40),
        reason: "command".into(),
        session: session.into(),
        agent: "Claude Code".into(),
        command: command.into(),
        project: Some("app".into()),
        task_key: Some("app-7".into()),
        files: 2,
        bytes: 1_300,
        ..proto::WorkSnapshot::default()
    }
}

const NOW: i64 = 1_800_000_000_000;

fn listed() -> Vec<proto::WorkSnapshot> {
    let mut held = work_snapshot(
        4,
        NOW - 120_000,
        "run-app-2",
        "git stash && git checkout -- src/ && rm -rf build/ generated/ && git clean -fdx -e .env -e node_modules",
    );
    held.held_by = vec!["run-app-3".into()];
    vec![
        held,
        work_snapshot(3, NOW - 7_200_000, "run-app-2", "git reset --hard"),
    ]
}

#[test]
fn snapshot_blocks_and_the_restore_question_are_drawn_at_both_sizes() {
    // The sessions screen: the selected session's snapshots, newest first, a long command cut with `…`.
    let mut sessions = Model::new(Screen::Sessions);
    update(&mut sessions, Action::Live);
    let row = proto::SessionRow {
        name: "run-app-2".into(),
        kind: "hook".into(),
        cwd: Some("/src/app".into()),
        tasks: vec!["app-7".into()],
        seen_at_ms: NOW,
        ..proto::SessionRow::default()
    };
    let effects = update(
        &mut sessions,
        Action::Loaded {
            fetch: Fetch::Sessions(None),
            result: Ok(crate::ui::app::Data::Sessions {
                list: Box::new(proto::ListSessionsResponse {
                    sessions: vec![row],
                    now_ms: NOW,
                }),
                runner: Vec::new(),
                slugs: vec!["app".into()],
            }),
        },
    );
    assert_eq!(
        effects,
        vec![Effect::Fetch(Fetch::SessionSnapshots("run-app-2".into()))]
    );
    update(
        &mut sessions,
        Action::Loaded {
            fetch: Fetch::SessionSnapshots("run-app-2".into()),
            result: Ok(crate::ui::app::Data::SessionSnapshots(listed())),
        },
    );
    sessions.in_flight.clear();
    snapshot("sessions_snapshots", &sessions);
    // Tab gives the keys to the block: ↓ selects the older snapshot, and U asks about that one.
    update(&mut sessions, key(KeyCode::Tab));
    update(&mut sessions, key(KeyCode::Down));
    assert_eq!(sessions.sessions.snapshot, 1);
    assert_eq!(
        update(&mut sessions, ch('U')),
        vec![Effect::Fetch(Fetch::RestorePreview { id: 3, to: None })]
    );
    // The dry run found a newer file: the question says nothing was restored, and the two ways on.
    let preview = proto::RestoreSnapshotResponse {
        snapshot: Some(listed()[1].clone()),
        into: "/src/app".into(),
        changes: vec![
            proto::RestoreChange {
                path: "a.txt".into(),
                action: "newer".into(),
            },
            proto::RestoreChange {
                path: "notes.md".into(),
                action: "create".into(),
            },
        ],
        applied: false,
        refused: true,
        ref_deleted: false,
    };
    update(
        &mut sessions,
        Action::Loaded {
            fetch: Fetch::RestorePreview { id: 3, to: None },
            result: Ok(crate::ui::app::Data::RestorePreview(Box::new(preview))),
        },
    );
    snapshot("snapshot_restore_newer", &sessions);
    // A click under the question reaches nothing; the question stays.
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 5,
        row: 3,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    assert!(update(&mut sessions, Action::Mouse(click)).is_empty());
    assert!(sessions.restore.is_some());
    update(&mut sessions, ch('f'));
    snapshot("snapshot_restore_force", &sessions);
    // A question that comes back while the owner types a filter is not opened: its keys stay theirs.
    update(&mut sessions, ch('n'));
    update(&mut sessions, key(KeyCode::Esc));
    update(&mut sessions, ch('/'));
    update(
        &mut sessions,
        Action::Loaded {
            fetch: Fetch::RestorePreview { id: 3, to: None },
            result: Ok(crate::ui::app::Data::RestorePreview(Box::new(
                proto::RestoreSnapshotResponse {
                    into: "/src/app".into(),
                    ..proto::RestoreSnapshotResponse::default()
                },
            ))),
        },
    );
    assert!(sessions.restore.is_none());
    assert!(sessions.flash.as_ref().unwrap().lines[0].contains("Press U again"));
    update(&mut sessions, key(KeyCode::Esc));
    assert!(!sessions.sessions.find.typing);
    assert_eq!(sessions.screen, Screen::Sessions);
    // A snapshot event refetches the sessions, and with them the block.
    let event = proto::Event {
        id: 9,
        kind: "snapshot.taken".into(),
        subject: "5".into(),
        at_ms: NOW,
        data_json: r#"{"id":5,"session":"run-app-2","key":"app-7"}"#.into(),
        ..proto::Event::default()
    };
    assert_eq!(
        update(&mut sessions, Action::Event(event.clone())),
        vec![Effect::Fetch(Fetch::Sessions(None))]
    );

    // The task view's Snapshots tab.
    let mut task = Model::new(Screen::Task("app-7".into()));
    update(&mut task, Action::Live);
    task.now_ms = NOW;
    let data = crate::ui::app::TaskData {
        detail: proto::TaskDetail {
            task: Some(proto::Task {
                key: "app-7".into(),
                project: "app".into(),
                title: "Fix the login form".into(),
                stage: "dev".into(),
                version: 3,
                ..proto::Task::default()
            }),
            ..proto::TaskDetail::default()
        },
        snapshots: Some(Ok(listed())),
        ..crate::ui::app::TaskData::default()
    };
    update(
        &mut task,
        Action::Loaded {
            fetch: Fetch::Task("app-7".into()),
            result: Ok(crate::ui::app::Data::Task(Box::new(data))),
        },
    );
    task.in_flight.clear();
    update(&mut task, ch('6'));
    snapshot("task_snapshots", &task);
    // The task's snapshot events refetch it; another task's do not.
    assert_eq!(
        update(&mut task, Action::Event(event)),
        vec![Effect::Fetch(Fetch::Task("app-7".into()))]
    );
    task.in_flight.clear();
    let other = proto::Event {
        id: 10,
        kind: "snapshot.restored".into(),
        subject: "6".into(),
        at_ms: NOW,
        data_json: r#"{"id":6,"key":"app-8"}"#.into(),
        ..proto::Event::default()
    };
    assert!(update(&mut task, Action::Event(other)).is_empty());
}

#[test]
fn a_restore_relayd_refuses_after_the_yes_says_which_files_changed_and_asks_again() {
    let mut sessions = Model::new(Screen::Sessions);
    update(&mut sessions, Action::Live);
    let write = Write::RestoreSnapshot {
        id: 3,
        to: None,
        force: false,
        label: "snapshot #3".into(),
    };
    let effects = update(
        &mut sessions,
        Action::RestoreRefused {
            write,
            newer: vec!["a.txt".into(), "src/b.rs".into()],
        },
    );
    assert_eq!(
        effects,
        vec![Effect::Fetch(Fetch::RestorePreview { id: 3, to: None })],
        "the dry run again, so the question comes back with what is in the way"
    );
    let flash = sessions.flash.as_ref().unwrap();
    assert_eq!(
        flash.lines,
        [
            "snapshot #3: nothing was restored: 2 file(s) changed since the snapshot (a.txt, src/b.rs); your files are as they were"
        ]
    );
}
