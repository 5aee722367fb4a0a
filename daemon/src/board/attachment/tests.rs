//! Screenshots against a real store and a real attachments folder: attach from a path and from base64, dedupe
//! naming the step, the step checks, the limits per file and per task, captions, removal after commit, the
//! orphan sweep, and the refusals that leave nothing behind (no row, no event, no file).

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::*;
use crate::DaemonHandle;
use crate::board::{NewTask, ProjectInput};
use crate::testing::{fixture, fixture_with};

fn owner() -> Caller {
    Caller::socket_peer()
}

fn agent() -> Caller {
    Caller::mcp_token().with_session(Some("agent-7".into()), None)
}

/// PNG magic bytes, then `len - 8` bytes derived from `seed` (each seed gives other content).
fn png(len: usize, seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..len.saturating_sub(8)).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)));
    bytes
}

/// A project `acme` with a task `acme-1`, and a scratch folder for source files (in the temp folder, which
/// is allowed).
async fn setup(handle: &DaemonHandle) -> tempfile::TempDir {
    let board = handle.board();
    let project = ProjectInput {
        slug: "acme".into(),
        name: Some("Acme".into()),
        ..ProjectInput::default()
    };
    board.upsert_project(project, &owner()).await.unwrap();
    let task = NewTask {
        project: "acme".into(),
        title: "Login page".into(),
        ..NewTask::default()
    };
    board.create_task(task, &owner()).await.unwrap();
    tempfile::tempdir().unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

fn from_path(path: &str) -> AttachInput {
    AttachInput {
        key: "acme-1".into(),
        source: AttachSource::Path(path.to_owned()),
        step: None,
        caption: None,
        filename: None,
    }
}

/// Review steps written directly (the checklist's service is another module's); titles "Step N".
async fn review_steps(handle: &DaemonHandle, key_number: i64, count: i64) {
    let mut write = handle.store().begin_write().await.unwrap();
    for position in 1..=count {
        sqlx::query(
            "INSERT INTO review_step (task_id, position, title, updated_at_ms)
             SELECT id, ?, ?, 0 FROM task WHERE number = ?",
        )
        .bind(position)
        .bind(format!("Step {position}"))
        .bind(key_number)
        .execute(write.conn())
        .await
        .unwrap();
    }
    write.commit().await.unwrap();
}

fn task_folder(handle: &DaemonHandle) -> PathBuf {
    files::task_dir(handle.config().data_dir.path(), "acme", "acme-1")
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

async fn events_after(handle: &DaemonHandle, after: i64) -> Vec<(String, serde_json::Value)> {
    handle
        .store()
        .events_after(after, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.kind, serde_json::from_str(&e.data).unwrap()))
        .collect()
}

#[tokio::test]
async fn attach_from_a_path_stores_a_private_copy_a_row_and_one_event() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let bytes = png(5000, 1);
    let path = write(scratch.path(), "login.png", &bytes);
    let before = handle.store().last_event_id();
    let outcome = handle.board().attach(from_path(&path), &agent()).await.unwrap();
    assert!(outcome.changed);
    let view = outcome.value;
    assert_eq!(view.key, "acme-1");
    assert_eq!(view.media_type, "image/png");
    assert_eq!(view.size_bytes, 5000);
    assert_eq!(view.original_name.as_deref(), Some("login.png"));
    assert_eq!(view.created_by, "agent-7");
    assert_eq!(view.place(), "acme-1 (no review step)");
    assert_eq!(view.facts(), "PNG, 5 KB, login.png");

    let stored = files_in(&task_folder(&handle));
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert!(stored[0].ends_with(".png") && stored[0].len() == 36);
    let (listed, file) = handle.board().attachment_file(view.id).await.unwrap();
    assert_eq!(listed, view);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);

    let events = events_after(&handle, before).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "attachment.added");
    assert_eq!(events[0].1["attachment"], view.id);
    assert_eq!(events[0].1["media_type"], "image/png");
    assert_eq!(events[0].1["size"], 5000);
    assert_eq!(events[0].1["actor"], "agent-7");
    assert_eq!(handle.board().attachments("acme-1").await.unwrap(), vec![view]);
}

#[tokio::test]
async fn attach_again_reuses_the_row_and_names_its_step_when_the_image_is_the_same() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    review_steps(&handle, 1, 3).await;
    let bytes = png(800, 2);
    let mut first = from_path(&write(scratch.path(), "a.png", &bytes));
    first.step = Some(2);
    let added = handle.board().attach(first, &agent()).await.unwrap().value;
    assert_eq!(
        (added.step, added.step_title.as_deref()),
        (Some(2), Some("Step 2"))
    );

    let before = handle.store().last_event_id();
    let again = AttachInput {
        key: "acme-1".into(),
        source: AttachSource::Base64(STANDARD.encode(&bytes)),
        step: Some(3),
        caption: Some("another caption".into()),
        filename: Some("copy.png".into()),
    };
    let outcome = handle.board().attach(again, &agent()).await.unwrap();
    assert!(!outcome.changed);
    assert_eq!(outcome.value, added, "the stored row is answered unchanged");
    let notes = outcome.notes.join("\n");
    assert!(
        notes.starts_with(&format!(
            "Already attached as #{} on step 2 'Step 2' of acme-1",
            added.id
        )),
        "{notes}"
    );
    assert!(notes.contains("attachment_caption(attachment="), "{notes}");
    assert!(
        events_after(&handle, before).await.is_empty(),
        "a reuse writes no event"
    );
    assert_eq!(
        files_in(&task_folder(&handle)).len(),
        1,
        "no second file, no temp file left"
    );
}

#[tokio::test]
async fn attach_from_base64_keeps_the_given_name_and_sniffed_type() {
    let (_dir, handle) = fixture().await;
    let _scratch = setup(&handle).await;
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04".to_vec();
    let input = AttachInput {
        key: "acme-1".into(),
        source: AttachSource::Base64(format!("data:image/png;base64,{}", STANDARD.encode(&gif))),
        step: None,
        caption: Some("  The **empty** state  ".into()),
        filename: Some("C:\\Users\\dana\\empty.gif".into()),
    };
    let view = handle.board().attach(input, &agent()).await.unwrap().value;
    assert_eq!(
        view.media_type, "image/gif",
        "the content decides, not the claimed type"
    );
    assert_eq!(view.original_name.as_deref(), Some("empty.gif"));
    assert_eq!(view.caption.as_deref(), Some("The **empty** state"));
    assert!(files_in(&task_folder(&handle))[0].ends_with(".gif"));
}

#[tokio::test]
async fn attach_refuses_a_missing_step_naming_the_steps_there_are() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let path = write(scratch.path(), "a.png", &png(100, 3));
    let mut input = from_path(&path);
    input.step = Some(2);
    let err = handle.board().attach(input.clone(), &agent()).await.unwrap_err();
    assert!(
        err.to_string()
            .contains("acme-1 has no review checklist yet, so there is no step 2"),
        "{err}"
    );
    review_steps(&handle, 1, 1).await;
    let err = handle.board().attach(input.clone(), &agent()).await.unwrap_err();
    assert!(err.to_string().contains("its steps are 1 to 1"), "{err}");
    input.step = Some(0);
    let err = handle.board().attach(input, &agent()).await.unwrap_err();
    assert!(err.to_string().contains("numbered from 1"), "{err}");
    assert!(handle.board().attachments("acme-1").await.unwrap().is_empty());
    assert!(files_in(&task_folder(&handle)).is_empty());
}

#[tokio::test]
async fn attach_refuses_what_the_checks_refuse_and_leaves_nothing_behind() {
    let (dir, handle) = fixture_with(|config| config.attachments_max_mb = 1).await;
    let scratch = setup(&handle).await;
    let svg = write(
        scratch.path(),
        "evil.png",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
    );
    let big = write(scratch.path(), "big.png", &png(MB as usize + 1, 4));
    let in_data = write(dir.path(), "copy.png", &png(100, 5));
    let before = handle.store().last_event_id();
    for (path, expected) in [
        (
            svg.as_str(),
            "is not a PNG, JPEG, WebP or GIF image: its content is SVG (XML text)",
        ),
        (
            big.as_str(),
            "the limit is 1 MB per screenshot (attachments_max_mb)",
        ),
        (in_data.as_str(), "lies in relay's own data folder"),
        ("relative/shot.png", "is not an absolute path"),
        (r"\\server\share\shot.png", "network share or device path"),
    ] {
        let err = handle
            .board()
            .attach(from_path(path), &agent())
            .await
            .unwrap_err();
        assert!(err.is_caller_error(), "{err}");
        assert!(err.to_string().contains(expected), "{path}: {err}");
    }
    let base64 = AttachInput {
        key: "acme-1".into(),
        source: AttachSource::Base64(STANDARD.encode(png(MB as usize + 10, 6))),
        step: None,
        caption: None,
        filename: None,
    };
    let err = handle.board().attach(base64, &agent()).await.unwrap_err();
    assert!(
        err.to_string()
            .starts_with("content_base64 is 1.1 MB; the limit is 1 MB"),
        "{err}"
    );
    assert!(events_after(&handle, before).await.is_empty());
    assert!(
        files_in(&task_folder(&handle)).is_empty(),
        "no file or temp file is left"
    );
}

#[tokio::test]
async fn attach_refuses_when_the_task_would_pass_its_total_limit() {
    let (_dir, handle) = fixture_with(|config| {
        config.attachments_max_mb = 1;
        config.attachments_task_max_mb = 1;
    })
    .await;
    let scratch = setup(&handle).await;
    let first = write(scratch.path(), "a.png", &png(600 * 1024, 7));
    let second = write(scratch.path(), "b.png", &png(600 * 1024, 8));
    handle.board().attach(from_path(&first), &agent()).await.unwrap();
    let before = handle.store().last_event_id();
    let err = handle
        .board()
        .attach(from_path(&second), &agent())
        .await
        .unwrap_err();
    assert!(matches!(err, BoardError::Refused(_)), "{err}");
    assert_eq!(
        err.to_string(),
        "acme-1 already holds 600 KB of screenshots; 600 KB more would pass the limit of 1 MB per task \
         (attachments_task_max_mb). Remove some with `relay attachment rm`, or raise the limit"
    );
    assert!(events_after(&handle, before).await.is_empty());
    assert_eq!(files_in(&task_folder(&handle)).len(), 1);
}

#[tokio::test]
async fn attach_refuses_an_unknown_task_before_reading_the_file() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let path = write(scratch.path(), "a.png", &png(100, 9));
    let mut input = from_path(&path);
    input.key = "acme-9".into();
    let err = handle.board().attach(input, &agent()).await.unwrap_err();
    assert!(err.not_found(), "{err}");
}

#[tokio::test]
async fn caption_sets_clears_and_refuses_bad_text_writing_events_only_for_changes() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let path = write(scratch.path(), "a.png", &png(100, 10));
    let id = handle
        .board()
        .attach(from_path(&path), &agent())
        .await
        .unwrap()
        .value
        .id;
    let board = handle.board();
    let before = handle.store().last_event_id();
    let set = board
        .set_attachment_caption(id, "Login *after* the fix", &agent())
        .await
        .unwrap();
    assert!(set.changed);
    assert_eq!(set.value.caption.as_deref(), Some("Login *after* the fix"));
    let same = board
        .set_attachment_caption(id, " Login *after* the fix ", &agent())
        .await
        .unwrap();
    assert!(!same.changed);
    let cleared = board.set_attachment_caption(id, "-", &owner()).await.unwrap();
    assert_eq!(cleared.value.caption, None);
    let kinds: Vec<String> = events_after(&handle, before)
        .await
        .into_iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(kinds, ["attachment.updated", "attachment.updated"]);

    let err = board
        .set_attachment_caption(id, &"x".repeat(2001), &agent())
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("caption is 2001 characters long; the limit is 2000"),
        "{err}"
    );
    let err = board
        .set_attachment_caption(id, "red\u{1b}[31m", &agent())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("control character U+001B"), "{err}");
    let err = board
        .set_attachment_caption(404, "x", &agent())
        .await
        .unwrap_err();
    assert!(err.not_found(), "{err}");
}

#[tokio::test]
async fn remove_deletes_the_row_then_the_file_and_records_it() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let path = write(scratch.path(), "a.png", &png(100, 11));
    let view = handle
        .board()
        .attach(from_path(&path), &agent())
        .await
        .unwrap()
        .value;
    let (_, file) = handle.board().attachment_file(view.id).await.unwrap();
    assert!(file.exists());
    let before = handle.store().last_event_id();
    let removed = handle.board().remove_attachment(view.id, &owner()).await.unwrap();
    assert_eq!(removed.value.id, view.id);
    assert!(!file.exists(), "the file is deleted after the commit");
    assert!(!task_folder(&handle).exists(), "the emptied task folder goes too");
    assert!(handle.board().attachments("acme-1").await.unwrap().is_empty());
    let events = events_after(&handle, before).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].0, "attachment.removed");
    assert_eq!(events[0].1["attachment"], view.id);
    let err = handle
        .board()
        .remove_attachment(view.id, &owner())
        .await
        .unwrap_err();
    assert!(err.not_found(), "{err}");
    // The file of the image is gone, so attaching it again stores it anew.
    assert!(
        handle
            .board()
            .attach(from_path(&path), &agent())
            .await
            .unwrap()
            .changed
    );
}

#[tokio::test]
async fn sweep_deletes_files_no_row_names_and_keeps_stored_ones() {
    let (_dir, handle) = fixture().await;
    let scratch = setup(&handle).await;
    let path = write(scratch.path(), "a.png", &png(100, 12));
    let view = handle
        .board()
        .attach(from_path(&path), &agent())
        .await
        .unwrap()
        .value;
    let (_, kept) = handle.board().attachment_file(view.id).await.unwrap();
    let folder = task_folder(&handle);
    std::fs::write(folder.join("0123456789abcdef0123456789abcdef.png"), b"orphan").unwrap();
    let root = files::root(handle.config().data_dir.path());
    std::fs::create_dir_all(root.join("gone/gone-3")).unwrap();
    std::fs::write(root.join("gone/gone-3/x.png"), b"orphan").unwrap();
    let swept = handle.board().sweep_attachments().await.unwrap();
    assert_eq!((swept.files, swept.failed), (2, 0), "{swept:?}");
    assert!(kept.exists());
    assert_eq!(files_in(&folder).len(), 1);
    assert!(!root.join("gone").exists());
}
