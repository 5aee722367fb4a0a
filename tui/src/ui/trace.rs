//! The opt-in frame log: with `RELAY_FRAME_LOG=<path>` the window appends one JSON line per drawn frame — when
//! the draw ended, what the screen showed, and which keys and answers it reflects — so a benchmark can measure
//! key-to-frame and event-to-frame latency from the real binary in a real terminal. Unset (or empty), nothing is
//! kept and nothing is written: every hook is one `Option` check.
//!
//! A line, e.g. `{"n":12,"wall_us":1764480000123456,"draw_us":812,"screen":"board:acme","event":345,
//! "shown":345,"loaded":["board:acme"],"actions":2,"keys":[{"key":"j","read_us":1764480000121002,
//! "lat_us":2454}]}`:
//! - `n` the frame's number from 1; `wall_us` the wall clock (µs since the Unix epoch) when the draw returned, to
//!   compare with another process's clock; `draw_us` how long the draw took (render and terminal output);
//! - `screen` the screen drawn; `event` the newest event id the window has received; `shown` the event id the
//!   screen's data is at least as fresh as (its last answer was asked for after that event arrived), `null`
//!   while the screen has no answer yet;
//! - `loaded` the fetches answered since the previous frame; `actions` how many actions were applied;
//! - `keys` the key presses applied since the previous frame: the key, when crossterm's read returned it (wall
//!   clock) and `lat_us`, from that read to the end of this draw (monotonic clock).
//!
//! The lines go to a writer thread through a channel, so the file is never written on the draw path; the thread
//! flushes whenever it has caught up, so another process can follow the file while the window runs.

use std::collections::{HashMap, VecDeque};
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use crossterm::event::{KeyEvent, KeyModifiers};
use serde::Serialize;

use super::app::{Action, Effect, Fetch, Model, Screen};
use crate::error::CliError;

/// The variable that turns the frame log on: the file to append to.
pub const ENV: &str = "RELAY_FRAME_LOG";

/// When a key was read: the monotonic instant (for latency) and the wall clock (for other processes).
#[derive(Debug, Clone, Copy)]
struct Stamp {
    at: Instant,
    wall_us: i64,
}

impl Stamp {
    fn now() -> Stamp {
        Stamp {
            at: Instant::now(),
            wall_us: wall_us(SystemTime::now()),
        }
    }
}

fn wall_us(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

fn micros(from: Instant, to: Instant) -> u64 {
    u64::try_from(to.saturating_duration_since(from).as_micros()).unwrap_or(u64::MAX)
}

/// Handed to the input thread: stamps each key press as crossterm's read returns it. A no-op when the log is
/// off. The loop takes the stamps in the same order, as it applies the keys.
#[derive(Debug, Clone, Default)]
pub struct KeyClock(Option<Arc<Mutex<VecDeque<Stamp>>>>);

impl KeyClock {
    /// Call right after the read returned a key press, before the key is sent to the loop.
    pub fn stamp(&self) {
        if let Some(queue) = &self.0 {
            queue
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push_back(Stamp::now());
        }
    }

    fn take(&self) -> Option<Stamp> {
        self.0
            .as_ref()
            .and_then(|queue| queue.lock().unwrap_or_else(PoisonError::into_inner).pop_front())
    }
}

/// The frame log; see the module documentation. `FrameLog::default()` is off.
#[derive(Debug, Default)]
pub struct FrameLog(Option<Box<Recorder>>);

#[derive(Debug)]
struct Recorder {
    lines: Option<mpsc::Sender<String>>,
    writer: Option<JoinHandle<()>>,
    clock: KeyClock,
    frame: u64,
    /// Since the previous frame.
    keys: Vec<KeyLine>,
    loaded: Vec<String>,
    actions: u32,
    /// Fetches on their way, with the newest event id the window had when it asked.
    asked: HashMap<Fetch, i64>,
    /// The event id each fetch's last applied answer is at least as fresh as.
    shown: HashMap<Fetch, i64>,
}

#[derive(Debug, Serialize)]
struct KeyLine {
    key: String,
    read_us: i64,
    #[serde(skip)]
    read_at: Option<Instant>,
    lat_us: Option<u64>,
}

#[derive(Serialize)]
struct FrameLine<'a> {
    n: u64,
    wall_us: i64,
    draw_us: u64,
    screen: String,
    event: i64,
    shown: Option<i64>,
    loaded: &'a [String],
    actions: u32,
    keys: &'a [KeyLine],
}

impl FrameLog {
    /// The log `RELAY_FRAME_LOG` asks for: off when it is unset or empty.
    pub fn from_env() -> Result<FrameLog, CliError> {
        FrameLog::from_var(std::env::var_os(ENV))
    }

    /// The log for the variable's value (`None`: unset).
    pub fn from_var(value: Option<OsString>) -> Result<FrameLog, CliError> {
        match value {
            Some(path) if !path.is_empty() => FrameLog::to_file(PathBuf::from(path)),
            _ => Ok(FrameLog::default()),
        }
    }

    /// A log appending to `path` (created when missing).
    pub fn to_file(path: PathBuf) -> Result<FrameLog, CliError> {
        let file = File::options()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| {
                CliError::Failed(format!(
                    "{ENV}={}: cannot open the frame log ({e}); give a writable file path or unset {ENV}",
                    path.display()
                ))
            })?;
        let (lines, received) = mpsc::channel::<String>();
        let writer = std::thread::Builder::new()
            .name("relay-frame-log".into())
            .spawn(move || write_lines(file, &received))
            .map_err(|e| CliError::Failed(format!("cannot start the frame log's writer thread: {e}")))?;
        Ok(FrameLog(Some(Box::new(Recorder {
            lines: Some(lines),
            writer: Some(writer),
            clock: KeyClock(Some(Arc::default())),
            frame: 0,
            keys: Vec::new(),
            loaded: Vec::new(),
            actions: 0,
            asked: HashMap::new(),
            shown: HashMap::new(),
        }))))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The stamp the input thread takes for each key press.
    pub fn key_clock(&self) -> KeyClock {
        self.0.as_ref().map(|r| r.clock.clone()).unwrap_or_default()
    }

    /// Notes an action about to be applied.
    pub fn action(&mut self, action: &Action) {
        let Some(recorder) = self.0.as_mut() else {
            return;
        };
        recorder.actions = recorder.actions.saturating_add(1);
        match action {
            Action::Key(key) => {
                let stamp = recorder.clock.take();
                recorder.keys.push(KeyLine {
                    key: key_label(key),
                    read_us: stamp.map_or(0, |s| s.wall_us),
                    read_at: stamp.map(|s| s.at),
                    lat_us: None,
                });
            }
            Action::Loaded { fetch, result } => {
                let asked = recorder.asked.remove(fetch);
                if result.is_ok() {
                    if let Some(id) = asked {
                        recorder.shown.insert(fetch.clone(), id);
                    }
                    recorder.loaded.push(fetch_label(fetch));
                }
            }
            _ => {}
        }
    }

    /// Notes an effect sent to the worker, with the newest event id the window has.
    pub fn effect(&mut self, effect: &Effect, last_event_id: i64) {
        if let (Some(recorder), Effect::Fetch(fetch)) = (self.0.as_mut(), effect) {
            recorder.asked.insert(fetch.clone(), last_event_id);
        }
    }

    /// Writes the line of the frame whose draw started at `started` and has just returned.
    pub fn frame(&mut self, model: &Model, started: Instant) {
        let Some(recorder) = self.0.as_mut() else {
            return;
        };
        let ended = Instant::now();
        let wall = wall_us(SystemTime::now());
        recorder.frame += 1;
        for key in &mut recorder.keys {
            key.lat_us = key.read_at.map(|at| micros(at, ended));
        }
        let line = FrameLine {
            n: recorder.frame,
            wall_us: wall,
            draw_us: micros(started, ended),
            screen: screen_label(&model.screen),
            event: model.last_event_id,
            shown: recorder.shown.get(&model.screen_fetch()).copied(),
            loaded: &recorder.loaded,
            actions: recorder.actions,
            keys: &recorder.keys,
        };
        if let (Ok(text), Some(lines)) = (serde_json::to_string(&line), &recorder.lines) {
            // The writer thread only stops when this side is dropped.
            let _ = lines.send(text);
        }
        recorder.keys.clear();
        recorder.loaded.clear();
        recorder.actions = 0;
    }
}

impl Drop for Recorder {
    /// Closes the channel and waits for the writer to flush the last lines.
    fn drop(&mut self) {
        self.lines = None;
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

/// The writer thread: appends each line, flushing whenever the channel is empty.
fn write_lines(file: File, lines: &mpsc::Receiver<String>) {
    let mut out = BufWriter::new(file);
    while let Ok(line) = lines.recv() {
        let mut next = Some(line);
        while let Some(line) = next {
            if writeln!(out, "{line}").is_err() {
                return;
            }
            next = lines.try_recv().ok();
        }
        if out.flush().is_err() {
            return;
        }
    }
}

fn key_label(key: &KeyEvent) -> String {
    let mut label = String::new();
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        label.push_str("Ctrl-");
    }
    if key.modifiers.contains(KeyModifiers::ALT) {
        label.push_str("Alt-");
    }
    label.push_str(&key.code.to_string());
    label
}

pub(crate) fn screen_label(screen: &Screen) -> String {
    match screen {
        Screen::Board(slug) => format!("board:{slug}"),
        Screen::Task(key) => format!("task:{key}"),
        // Other screens (more come) by their variant's name.
        other => variant_name(&format!("{other:?}")),
    }
}

fn fetch_label(fetch: &Fetch) -> String {
    match fetch {
        Fetch::Board(slug) => format!("board:{slug}"),
        Fetch::Archive { slug, .. } => format!("archive:{slug}"),
        Fetch::Task(key) => format!("task:{key}"),
        other => variant_name(&format!("{other:?}")),
    }
}

/// `Sessions(Some("acme"))` → `sessions`.
fn variant_name(debug: &str) -> String {
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_lowercase()
}
