//! The ledger on real SQLite with the real transcripts: every agent read in, a replay that changes nothing, a
//! resumed read, text off, retention, patches as the same change, lock claims and refusals counted, the Stop
//! hook's hand-off, and the component finding and watching the agent folders.

use std::path::{Path, PathBuf};
use std::time::Duration;

use relay_core::hook::{Agent, Phase};
use relay_transcripts::Format;

use super::read::read_transcript;
use super::{Ingest, Work};
use crate::handle::DaemonHandle;
use crate::store::ledger::{self, Claim, NewPatch, Refusal};
use crate::testing::{fixture, fixture_with};

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Copies a fixture file to `home/relative`, returning the copy.
fn place(home: &Path, fixture: &Path, relative: &str) -> PathBuf {
    let to = home.join(relative);
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(fixture, &to).unwrap();
    to
}

fn only(dir: &Path, suffix: &str) -> PathBuf {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in std::fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                return path;
            }
        }
    }
    panic!("no {suffix} in {dir:?}");
}

/// The five agents' transcripts laid out below `home` as each agent keeps them.
fn lay_out(home: &Path) -> Vec<(PathBuf, Format)> {
    let real = workspace().join("tests/fixtures/transcripts");
    let composed = workspace().join("transcripts/fixtures");
    let claude = only(&real.join("claude-lock-holder"), ".jsonl");
    let codex = only(&real.join("codex-lock-refused"), ".jsonl");
    let cli = only(&real.join("copilot-lock"), "events.jsonl");
    let cursor = only(
        &composed.join("cursor"),
        "5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f.jsonl",
    );
    let vscode = only(&composed.join("copilot"), ".jsonl");
    let steps = only(&composed.join("antigravity"), "transcript_full.jsonl");
    vec![
        (
            place(
                home,
                &claude,
                &format!(
                    ".claude/projects/-w/{}",
                    claude.file_name().unwrap().to_string_lossy()
                ),
            ),
            Format::Claude,
        ),
        (
            place(
                home,
                &codex,
                &format!(
                    ".codex/sessions/2026/12/01/{}",
                    codex.file_name().unwrap().to_string_lossy()
                ),
            ),
            Format::Codex,
        ),
        (
            place(
                home,
                &cli,
                ".copilot/session-state/2c12a37d-96e0-48c3-9c54-8c9a33a162e8/events.jsonl",
            ),
            Format::CopilotCli,
        ),
        (
            place(
                home,
                &cursor,
                ".cursor/projects/w/agent-transcripts/5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f/5d0c7a1e-93b4-4f2a-b8e6-1a2b3c4d5e6f.jsonl",
            ),
            Format::Cursor,
        ),
        (
            place(
                home,
                &vscode,
                ".config/Code/User/workspaceStorage/8e/chatSessions/7f3c9e1a-4b2d-4c8e-9f0a-1b2c3d4e5f60.jsonl",
            ),
            Format::CopilotLog,
        ),
        (
            place(
                home,
                &steps,
                ".gemini/antigravity/brain/a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e/.system_generated/logs/transcript_full.jsonl",
            ),
            Format::AntigravitySteps,
        ),
    ]
}

async fn dump(handle: &DaemonHandle) -> Vec<String> {
    let mut db = handle.store().read().await.unwrap();
    ledger::dump(&mut db).await.unwrap()
}

async fn counts(handle: &DaemonHandle) -> ledger::Counts {
    let mut db = handle.store().read().await.unwrap();
    ledger::counts(&mut db).await.unwrap()
}

async fn texts(handle: &DaemonHandle) -> Vec<Option<String>> {
    let mut db = handle.store().read().await.unwrap();
    let (conn, _) = crate::store::Db::parts(&mut db);
    sqlx::query_scalar("SELECT text FROM ledger_turn ORDER BY key")
        .fetch_all(conn)
        .await
        .unwrap()
}

#[tokio::test]
async fn every_agents_transcript_is_read_in_and_a_second_read_changes_no_row() {
    let (_dir, handle) = fixture().await;
    let home = tempfile::tempdir().unwrap();
    let files = lay_out(home.path());
    for (path, format) in &files {
        let report = read_transcript(&handle, path, *format).await.unwrap();
        assert!(report.added.turns > 0, "{path:?} added no turns");
    }
    let first = dump(&handle).await;
    let c = counts(&handle).await;
    assert_eq!(c.sessions, 6);
    assert_eq!(
        c.edits_linked, c.edits,
        "every transcript edit is linked to its prompt"
    );
    assert!(c.edits >= 11, "{c:?}");

    // The same files again: unchanged by their cursors, and read whole again (cursors dropped) the rows are
    // the same, key for key.
    for (path, format) in &files {
        assert!(read_transcript(&handle, path, *format).await.unwrap().unchanged);
    }
    {
        let mut tx = handle.store().begin_write().await.unwrap();
        sqlx::query("DELETE FROM ledger_cursor")
            .execute(tx.conn())
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    for (path, format) in &files {
        let report = read_transcript(&handle, path, *format).await.unwrap();
        assert_eq!(
            (report.added.turns, report.added.edits),
            (0, 0),
            "{path:?}: a replay adds nothing"
        );
    }
    assert_eq!(dump(&handle).await, first);

    // The secret in the Cursor prompt was redacted before it was stored.
    let stored: Vec<String> = texts(&handle).await.into_iter().flatten().collect();
    assert!(stored.iter().any(|t| t.contains("[REDACTED:openai-key]")));
    assert!(stored.iter().all(|t| !t.contains("sk-proj-")));
}

#[tokio::test]
async fn a_read_resumes_from_the_cursor_and_leaves_a_line_still_being_written() {
    let (_dir, handle) = fixture().await;
    let home = tempfile::tempdir().unwrap();
    let codex = only(
        &workspace().join("tests/fixtures/transcripts/codex-free-file"),
        ".jsonl",
    );
    let whole = std::fs::read(&codex).unwrap();
    let path = home
        .path()
        .join(".codex/sessions/2026/12/01")
        .join(codex.file_name().unwrap());
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    // The first ten lines and a piece of the eleventh.
    let cut = whole
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(9)
        .unwrap()
        .0
        + 20;
    std::fs::write(&path, &whole[..cut]).unwrap();
    let first = read_transcript(&handle, &path, Format::Codex).await.unwrap();

    let cursor = {
        let mut db = handle.store().read().await.unwrap();
        ledger::cursor(&mut db, &path.to_string_lossy())
            .await
            .unwrap()
            .unwrap()
    };
    let last_newline = whole[..cut].iter().rposition(|b| *b == b'\n').unwrap() + 1;
    assert_eq!(
        cursor.offset as usize, last_newline,
        "the cut line is left for the next read"
    );
    assert!(cursor.state.is_some());
    // The rest arrives: only the new bytes are read, from the saved state.
    std::fs::write(&path, &whole).unwrap();
    let second = read_transcript(&handle, &path, Format::Codex).await.unwrap();
    assert_eq!(second.bytes as usize, whole.len() - last_newline);
    let resumed = dump(&handle).await;

    let (_dir2, fresh) = fixture().await;
    read_transcript(&fresh, &path, Format::Codex).await.unwrap();
    assert_eq!(
        dump(&fresh).await,
        resumed,
        "two reads give what one read of the whole file gives"
    );
    assert!(first.added.turns + second.added.turns > 0);
}

#[tokio::test]
async fn with_graph_text_off_no_text_is_stored_and_retention_keeps_every_row() {
    let (_dir, handle) = fixture_with(|config| config.graph_text = false).await;
    let home = tempfile::tempdir().unwrap();
    for (path, format) in lay_out(home.path()) {
        read_transcript(&handle, &path, format).await.unwrap();
    }
    assert!(
        texts(&handle).await.iter().all(Option::is_none),
        "no prompt or answer text"
    );
    let mut db = handle.store().read().await.unwrap();
    let (conn, _) = crate::store::Db::parts(&mut db);
    let with_text: i64 =
        sqlx::query_scalar("SELECT count(*) FROM ledger_edit WHERE diff IS NOT NULL OR via IS NOT NULL")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!(with_text, 0);
    let lengths: i64 = sqlx::query_scalar("SELECT sum(text_chars) FROM ledger_turn")
        .fetch_one(conn)
        .await
        .unwrap();
    assert!(lengths > 0, "lengths and times are still kept");
    drop(db);

    let (_dir, handle) = fixture().await;
    for (path, format) in lay_out(home.path()) {
        read_transcript(&handle, &path, format).await.unwrap();
    }
    let before = counts(&handle).await;
    assert!(texts(&handle).await.iter().any(Option::is_some));
    let mut tx = handle.store().begin_write().await.unwrap();
    let changed = ledger::expire_text(&mut tx, i64::MAX).await.unwrap();
    tx.commit().await.unwrap();
    assert!(changed > 0);
    assert!(texts(&handle).await.iter().all(Option::is_none));
    assert_eq!(counts(&handle).await, before, "every row stays");
}

#[tokio::test]
async fn a_watcher_patch_and_the_transcript_edit_of_it_are_one_change() {
    let (_dir, handle) = fixture().await;
    let home = tempfile::tempdir().unwrap();
    let files = lay_out(home.path());
    let (claude, _) = &files[0];
    read_transcript(&handle, claude, Format::Claude).await.unwrap();
    let (file, at_ms, session): (String, i64, String) = {
        let mut db = handle.store().read().await.unwrap();
        let (conn, _) = crate::store::Db::parts(&mut db);
        sqlx::query_as(
            "SELECT e.file, e.at_ms, s.session_id FROM ledger_edit e JOIN ledger_session s ON s.key = e.session_key
             WHERE e.outcome = 'applied'",
        )
        .fetch_one(conn)
        .await
        .unwrap()
    };
    let patch = NewPatch {
        file: &file,
        kind: "modify",
        at_ms: at_ms + 800,
        holder: Some(("claude", &session)),
        diff: Some("-a\n+b"),
        keep_text: true,
    };
    let mut tx = handle.store().begin_write().await.unwrap();
    let (key, linked) = ledger::record_patch(&mut tx, &patch).await.unwrap();
    tx.commit().await.unwrap();
    assert!(linked.is_some(), "linked to the transcript edit");
    // The same report again is the same row; a patch of another session is not linked.
    let mut tx = handle.store().begin_write().await.unwrap();
    let (again, linked_again) = ledger::record_patch(&mut tx, &patch).await.unwrap();
    let other = NewPatch {
        holder: Some(("codex", "someone-else")),
        at_ms: at_ms + 900,
        ..patch
    };
    let (_, unlinked) = ledger::record_patch(&mut tx, &other).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!((again, linked_again), (key, linked));
    assert_eq!(unlinked, None);
    let c = counts(&handle).await;
    assert_eq!((c.patches, c.same_change), (2, 1));
}

#[tokio::test]
async fn claims_become_held_counts_and_refusals_fold_into_10_s_buckets() {
    let (_dir, handle) = fixture().await;
    let claim = |at_ms| Claim {
        agent: "claude".into(),
        session_id: "s1".into(),
        workspace: "/w".into(),
        file: "src/auth.ts".into(),
        at_ms,
    };
    let refusal = |at_ms| Refusal {
        workspace: "/w".into(),
        file: "src/auth.ts".into(),
        holder: ("claude".into(), "s1".into()),
        wanted: ("codex".into(), "s2".into()),
        holder_intent: Some("'); MATCH (n) DETACH DELETE n; DROP TABLE ledger_held; --".into()),
        at_ms,
    };
    let mut tx = handle.store().begin_write().await.unwrap();
    ledger::record_claims(&mut tx, &[claim(1_000), claim(2_000), claim(3_000)])
        .await
        .unwrap();
    ledger::record_refusals(
        &mut tx,
        &[refusal(10_001), refusal(15_000), refusal(19_999), refusal(20_000)],
        true,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let mut db = handle.store().read().await.unwrap();
    let (conn, _) = crate::store::Db::parts(&mut db);
    let held: (i64, i64, i64) = sqlx::query_as("SELECT claims, first_at_ms, last_at_ms FROM ledger_held")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(held, (3, 1_000, 3_000));
    let buckets: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT bucket_ms, attempts, holder_intent FROM ledger_contention ORDER BY bucket_ms")
            .fetch_all(conn)
            .await
            .unwrap();
    assert_eq!(buckets.len(), 2);
    assert_eq!((buckets[0].0, buckets[0].1), (10_000, 3));
    assert_eq!((buckets[1].0, buckets[1].1), (20_000, 1));
    assert!(
        buckets[0].2.starts_with("'); MATCH"),
        "a query-looking intent is stored as text"
    );
}

#[tokio::test]
async fn a_claim_a_refusal_and_a_stop_hook_reach_the_ledger_queue_without_waiting() {
    let (_dir, handle) = fixture().await;
    let mut receiver = handle.ledger().take_receiver().unwrap();
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    let cwd = repo.path().to_string_lossy().into_owned();
    let edit = |session: &str| {
        serde_json::json!({
            "session_id": session, "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": format!("{cwd}/src/a.rs"), "old_string": "a", "new_string": "b"}
        })
        .to_string()
    };
    handle
        .handle_hook(Agent::Claude, Phase::PreTool, edit("s-one").as_bytes())
        .await;
    handle
        .handle_hook(Agent::Claude, Phase::PreTool, edit("s-two").as_bytes())
        .await;
    let stop = serde_json::json!({
        "session_id": "s-one", "cwd": cwd, "hook_event_name": "Stop", "stop_hook_active": false,
        "transcript_path": "/h/.claude/projects/-w/s-one.jsonl"
    })
    .to_string();
    handle
        .handle_hook(Agent::Claude, Phase::Stop, stop.as_bytes())
        .await;
    let mut got = Vec::new();
    while let Ok(work) = receiver.try_recv() {
        got.push(work);
    }
    assert!(
        matches!(&got[0], Work::Claims(claims) if claims.len() == 1 && claims[0].session_id == "s-one" && claims[0].file == "src/a.rs")
    );
    assert!(matches!(&got[1], Work::Refusal(r) if r.holder.1 == "s-one" && r.wanted.1 == "s-two"));
    assert_eq!(
        got[2],
        Work::Transcript {
            path: "/h/.claude/projects/-w/s-one.jsonl".into(),
            format: Format::Claude
        }
    );
    assert_eq!(got.len(), 3);
}

/// Polls `check` until it holds, up to 20 s.
async fn eventually(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what} did not happen within 20 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_component_finds_the_agent_folders_watches_them_and_resumes_after_a_restart() {
    let home = tempfile::tempdir().unwrap();
    let roots = vec![home.path().to_path_buf()];
    let data = tempfile::tempdir().unwrap();
    let start = |roots: Vec<PathBuf>| {
        let data = data.path().to_path_buf();
        async move {
            let flags = relay_core::config::Flags {
                home: Some(data),
                ..Default::default()
            };
            let mut config = relay_core::config::Config::load_with(&flags, |_| None).unwrap();
            config.transcript_roots = roots;
            let store = crate::store::Store::open(&config.data_dir.db()).await.unwrap();
            let (token, _) = crate::token::Token::load_or_create(&config.data_dir).unwrap();
            let handle = DaemonHandle::new(config, store, token, "127.0.0.1:8765".parse().unwrap());
            let running = crate::component::start(&handle, &[&Ingest]);
            (handle, running)
        }
    };
    let files = lay_out(home.path());
    let pb = home
        .path()
        .join(".gemini/antigravity/conversations/a7c3e9f1-2b4d-4e6a-8c0e-9f1a3b5c7d9e.pb");
    std::fs::create_dir_all(pb.parent().unwrap()).unwrap();
    std::fs::write(&pb, [0x8f, 0x02, 0xa1]).unwrap();

    let (handle, running) = start(roots.clone()).await;
    eventually("the first scan", async || counts(&handle).await.sessions == 6).await;
    let note: Option<String> = {
        let mut db = handle.store().read().await.unwrap();
        ledger::cursor(&mut db, &pb.to_string_lossy())
            .await
            .unwrap()
            .and_then(|c| c.note)
    };
    assert!(
        note.is_some_and(|n| n.contains("encrypted")),
        "the unreadable chat is named"
    );

    // A new prompt appended to the Claude transcript is picked up by the watcher.
    let (claude, _) = &files[0];
    let line = r#"{"type":"user","uuid":"new-1","timestamp":"2026-12-01T17:00:00.000Z","message":{"role":"user","content":"now add a logout button"}}"#;
    let mut text = std::fs::read_to_string(claude).unwrap();
    text.push_str(line);
    text.push('\n');
    std::fs::write(claude, &text).unwrap();
    let turns = counts(&handle).await.turns;
    eventually("the watcher's read", async || {
        counts(&handle).await.turns == turns + 1
    })
    .await;
    handle.request_shutdown();
    running.stop(&handle, Duration::from_secs(5)).await;
    drop(handle);

    // After a restart, a file that did not change is not read again; an appended line is read from the cursor.
    let before = {
        let (handle, running) = start(roots.clone()).await;
        let rows = dump(&handle).await;
        let more = r#"{"type":"user","uuid":"new-2","timestamp":"2026-12-01T17:01:00.000Z","message":{"role":"user","content":"and a settings page"}}"#;
        text.push_str(more);
        text.push('\n');
        std::fs::write(claude, &text).unwrap();
        let turns = counts(&handle).await.turns;
        eventually("the read after the restart", async || {
            counts(&handle).await.turns == turns + 1
        })
        .await;
        handle.request_shutdown();
        running.stop(&handle, Duration::from_secs(5)).await;
        rows
    };
    assert!(before.iter().any(|row| row.contains("now add a logout button")));
}
