//! The frame log (`trace.rs`): off unless `RELAY_FRAME_LOG` names a file; on, one JSON line per frame with
//! the keys and answers that frame reflects.

use std::ffi::OsString;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use relay_core::proto;
use serde_json::Value;

use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen};
use crate::ui::trace::FrameLog;

fn lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn event(id: i64, key: &str) -> Action {
    Action::Event(proto::Event {
        id,
        kind: "task.stage_changed".into(),
        subject: key.into(),
        ..Default::default()
    })
}

#[test]
fn nothing_is_kept_when_the_variable_is_unset_or_empty() {
    for value in [None, Some(OsString::new())] {
        let mut log = FrameLog::from_var(value).unwrap();
        assert!(!log.is_on());
        let model = Model::new(Screen::Task("acme-1".into()));
        log.action(&Action::Key(KeyEvent::from(KeyCode::Char('j'))));
        log.effect(&Effect::Fetch(Fetch::Task("acme-1".into())), 3);
        log.key_clock().stamp();
        log.frame(&model, Instant::now());
        assert!(!log.is_on());
    }
}

#[test]
fn one_line_per_frame_with_its_keys_and_the_event_its_data_reflects_when_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("frames.jsonl");
    let mut log = FrameLog::from_var(Some(path.clone().into_os_string())).unwrap();
    assert!(log.is_on());
    let clock = log.key_clock();
    let mut model = Model::new(Screen::Task("acme-1".into()));
    model.last_event_id = 7;

    // Frame 1: a key was read and applied; the task's fetch is on its way.
    clock.stamp();
    let started = Instant::now();
    log.action(&Action::Key(KeyEvent::new(
        KeyCode::Char('r'),
        KeyModifiers::CONTROL,
    )));
    log.effect(&Effect::Fetch(Fetch::Task("acme-1".into())), model.last_event_id);
    log.frame(&model, started);

    // Frame 2: event 8 arrives, the fetch asked after it answers.
    log.action(&event(8, "acme-1"));
    model.last_event_id = 8;
    log.action(&Action::Loaded {
        fetch: Fetch::Task("acme-1".into()),
        result: Ok(Data::Task(Box::default())),
    });
    log.effect(&Effect::Fetch(Fetch::Task("acme-1".into())), model.last_event_id);
    log.frame(&model, Instant::now());

    // Frame 3: that second answer; a failed answer of another fetch is not "loaded".
    log.action(&Action::Loaded {
        fetch: Fetch::Task("acme-1".into()),
        result: Ok(Data::Task(Box::default())),
    });
    log.action(&Action::Loaded {
        fetch: Fetch::Inbox,
        result: Err("relayd is offline".into()),
    });
    log.frame(&model, Instant::now());
    drop(log);

    let frames = lines(&path);
    assert_eq!(frames.len(), 3, "{frames:?}");
    let first = &frames[0];
    assert_eq!(first["n"], 1);
    assert_eq!(first["screen"], "task:acme-1");
    assert_eq!(first["event"], 7);
    assert_eq!(first["shown"], Value::Null, "no answer yet");
    assert_eq!(first["actions"], 1);
    assert_eq!(first["loaded"], serde_json::json!([]));
    let key = &first["keys"][0];
    assert_eq!(key["key"], "Ctrl-r");
    assert!(key["read_us"].as_i64().unwrap() > 1_700_000_000_000_000, "{key}");
    assert!(key["lat_us"].as_u64().is_some(), "{key}");
    assert!(first["wall_us"].as_i64().unwrap() >= key["read_us"].as_i64().unwrap());
    assert!(first["draw_us"].as_u64().is_some());

    // The first answer was asked for before event 8: it shows 7.
    assert_eq!(frames[1]["n"], 2);
    assert_eq!(frames[1]["shown"], 7);
    assert_eq!(frames[1]["event"], 8);
    assert_eq!(frames[1]["loaded"], serde_json::json!(["task:acme-1"]));
    assert_eq!(frames[1]["keys"], serde_json::json!([]));
    assert_eq!(frames[1]["actions"], 2);
    assert_eq!(frames[2]["shown"], 8);
    assert_eq!(frames[2]["loaded"], serde_json::json!(["task:acme-1"]));
}

#[test]
fn a_key_without_a_stamp_has_no_latency() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("frames.jsonl");
    let mut log = FrameLog::from_var(Some(path.clone().into_os_string())).unwrap();
    log.action(&Action::Key(KeyEvent::from(KeyCode::Enter)));
    log.frame(&Model::new(Screen::Board("acme".into())), Instant::now());
    drop(log);
    let frames = lines(&path);
    assert_eq!(frames[0]["screen"], "board:acme");
    assert_eq!(frames[0]["keys"][0]["key"], "Enter");
    assert_eq!(frames[0]["keys"][0]["lat_us"], Value::Null);
}

#[test]
fn a_log_path_that_cannot_be_opened_is_refused_with_the_variable_and_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder").join("frames.jsonl");
    let error = FrameLog::from_var(Some(path.clone().into_os_string())).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("RELAY_FRAME_LOG="), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("writable file path or unset"), "{message}");
}
