//! The window's numbers from the real `relay` binary in a real terminal (tmux), on a 2,000-task board:
//!
//! 1. **event → frame**: another client (an agent over MCP, `task_set_stage`) moves a task; from just before the
//!    POST to the end of the first frame whose board answer was asked for after that event arrived;
//! 2. **key → frame**: `tmux send-keys` (j/k, Tab between column pages, Enter into a task and Esc back); from
//!    crossterm's read of the key to the end of the draw that applied it, and, labelled apart, from before the
//!    `tmux send-keys` process to that draw;
//! 3. **RSS**: the window's VmRSS / VmHWM after the board is drawn, and after scrolling every column to its end and
//!    opening a few tasks; relayd's for context.
//!
//! The window writes its frame log (`RELAY_FRAME_LOG`, `tui/src/ui/trace.rs`) and this harness follows it. For
//! comparison it times what a polling client pays per look: `relay task list --project big --json`.
//!
//! Run it with `tests/bench/tui.sh` (builds the release `relay`, then this). Without `--bench` (a plain
//! `cargo test --benches`) it only says how to run it: it needs tmux and a release `relay` binary. Prints
//! Markdown tables for docs/PERFORMANCE.md; nothing is asserted about timings.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use relay_core::proto::{self, update::Update};
use relay_tests::tmux::{Tmux, quoted};
use relay_tests::{TestDaemon, relay_bin};
use serde_json::{Value, json};

const PROJECT: &str = "big";
const TASKS: usize = 2_000;
const STAGES: [&str; 6] = ["plan", "dev", "review", "test", "live", "done"];
const FRAME_TIMEOUT: Duration = Duration::from_secs(10);

fn wall_us() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap()
}

/// A small pseudo-random pause, so keys and writes never fall into lockstep with the window's frame clock.
struct Jitter(u64);

impl Jitter {
    fn pause(&mut self, from_ms: u64, to_ms: u64) -> Duration {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Duration::from_millis(from_ms + self.0 % (to_ms - from_ms + 1))
    }
}

/// Follows the window's frame log: every line read so far, parsed.
struct Frames {
    reader: BufReader<std::fs::File>,
    frames: Vec<Value>,
    partial: String,
}

impl Frames {
    fn open(path: &Path) -> Frames {
        let deadline = Instant::now() + FRAME_TIMEOUT;
        let file = loop {
            if let Ok(file) = std::fs::File::open(path) {
                break file;
            }
            assert!(
                Instant::now() < deadline,
                "the window never created {}",
                path.display()
            );
            std::thread::sleep(Duration::from_millis(5));
        };
        Frames {
            reader: BufReader::new(file),
            frames: Vec::new(),
            partial: String::new(),
        }
    }

    fn read_new(&mut self) {
        loop {
            let mut line = String::new();
            let read = self.reader.read_line(&mut line).expect("read the frame log");
            if read == 0 {
                // Nothing more for now; a partial line waits in `partial` for its end.
                return;
            }
            self.partial.push_str(&line);
            if self.partial.ends_with('\n') {
                let text = std::mem::take(&mut self.partial);
                self.frames
                    .push(serde_json::from_str(text.trim()).expect("a frame log line is JSON"));
            }
        }
    }

    /// The first frame from index `from` on for which `what` holds (waits for it); returns its index.
    fn wait(&mut self, from: usize, description: &str, what: impl Fn(&Value) -> bool) -> usize {
        let deadline = Instant::now() + FRAME_TIMEOUT;
        loop {
            self.read_new();
            if let Some(i) = (from..self.frames.len()).find(|&i| what(&self.frames[i])) {
                return i;
            }
            assert!(
                Instant::now() < deadline,
                "no frame showed {description} within {FRAME_TIMEOUT:?}; the last: {:?}",
                self.frames.last()
            );
            std::thread::sleep(Duration::from_micros(500));
        }
    }

    fn len(&mut self) -> usize {
        self.read_new();
        self.frames.len()
    }
}

fn has_key(frame: &Value, key: &str, sent_us: i64) -> bool {
    frame["keys"].as_array().is_some_and(|keys| {
        keys.iter()
            .any(|k| k["key"] == key && k["read_us"].as_i64().unwrap_or(0) >= sent_us)
    })
}

fn key_entry<'a>(frame: &'a Value, key: &str) -> &'a Value {
    frame["keys"]
        .as_array()
        .and_then(|keys| keys.iter().rev().find(|k| k["key"] == key))
        .expect("the key is in the frame")
}

/// One key press: the frame that applied it, when it was read, and the two latencies.
struct Pressed {
    at: usize,
    read_us: i64,
    lat_us: f64,
    sent_lat_us: f64,
}

/// Sends one key and waits for the frame that applied it.
fn press(tmux: &Tmux, frames: &mut Frames, tmux_key: &str, label: &str) -> Pressed {
    let from = frames.len();
    let sent = wall_us();
    tmux.send(&[tmux_key]);
    let at = frames.wait(from, label, |f| has_key(f, label, sent));
    let frame = &frames.frames[at];
    let key = key_entry(frame, label);
    Pressed {
        at,
        read_us: key["read_us"].as_i64().unwrap(),
        lat_us: key["lat_us"].as_f64().expect("a stamped key"),
        sent_lat_us: (frame["wall_us"].as_i64().unwrap() - sent) as f64,
    }
}

fn record(pressed: Pressed, read: &mut Vec<f64>, sent: &mut Vec<f64>) {
    read.push(pressed.lat_us);
    sent.push(pressed.sent_lat_us);
}

fn loaded(frame: &Value, fetch: &str) -> bool {
    frame["loaded"]
        .as_array()
        .is_some_and(|l| l.iter().any(|f| f == fetch))
}

fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"))
}

fn mb(kib: u64) -> String {
    format!("{:.1} MB", kib as f64 / 1024.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

/// "| label | n | median | p99 | max |" in milliseconds.
fn row(label: &str, mut samples_us: Vec<f64>) -> String {
    samples_us.sort_by(f64::total_cmp);
    format!(
        "| {label} | {} | {:.2} ms | {:.2} ms | {:.2} ms |",
        samples_us.len(),
        percentile(&samples_us, 0.5) / 1000.0,
        percentile(&samples_us, 0.99) / 1000.0,
        samples_us.last().copied().unwrap_or(0.0) / 1000.0
    )
}

async fn seed(daemon: &TestDaemon) {
    let mut client = daemon.client().await;
    client
        .board
        .upsert_project(proto::UpsertProjectRequest {
            slug: PROJECT.into(),
            name: Some("Big board".into()),
            ..Default::default()
        })
        .await
        .expect("UpsertProject");
    for i in 0..TASKS {
        let field = |name: &str, value: String| proto::FieldChange {
            name: name.into(),
            value_json: Value::String(value).to_string(),
        };
        let mut fields = vec![
            field("stage", STAGES[i % STAGES.len()].into()),
            field("next_step", format!("Do the next thing for task {i}")),
        ];
        if i % 2 == 0 {
            fields.push(field("branch", format!("feature/task-{i}")));
        }
        if i % 3 == 0 {
            fields.push(field("waiting_on", "owner".into()));
        }
        if i % 5 == 0 {
            fields.push(field("tracker_ref", format!("SHOP-{i}")));
        }
        client
            .board
            .create_task(proto::CreateTaskRequest {
                project: PROJECT.into(),
                title: format!("Task number {i} with a title long enough to be cut on a narrow card"),
                fields,
                ..Default::default()
            })
            .await
            .expect("CreateTask");
    }
}

/// The id of the next `task.stage_changed` event of `key` on the harness's own stream.
async fn stage_event(stream: &mut tonic::Streaming<proto::Update>, key: &str) -> i64 {
    loop {
        let update = tokio::time::timeout(FRAME_TIMEOUT, stream.message())
            .await
            .expect("an event within the timeout")
            .expect("the stream")
            .expect("the stream stays open");
        if let Some(Update::Event(event)) = update.update
            && event.kind == "task.stage_changed"
            && event.subject == key
        {
            return event.id;
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "the window benchmark runs with tests/bench/tui.sh (it needs tmux and a release relay binary)"
        );
        return;
    }
    let writes: usize = std::env::var("WRITES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let mut jitter = Jitter(0x9E37_79B9_7F4A_7C15);

    // A relayd with the 2,000-task board.
    let daemon = TestDaemon::start().await;
    let seeding = Instant::now();
    seed(&daemon).await;
    eprintln!(
        "==> seeded {TASKS} tasks in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );

    // The window on it, in a 200×50 tmux pane, with its frame log.
    let home = daemon.home();
    let log = home.scratch().join("frames.jsonl");
    let window = format!(
        "RELAY_FRAME_LOG={} exec {} --home {} --port 0 board {PROJECT}",
        quoted(&log),
        quoted(&relay_bin()),
        quoted(home.path())
    );
    let tmux = Tmux::start(home.scratch(), &window);
    let pid = tmux.pane_pid();
    let mut frames = Frames::open(&log);
    frames.wait(0, "the board", |f| {
        f["screen"] == format!("board:{PROJECT}") && f["shown"].is_i64()
    });
    std::thread::sleep(Duration::from_millis(300));
    let rss_drawn = (status_kib(pid, "VmRSS:"), status_kib(pid, "VmHWM:"));

    // 2. Key → frame.
    let mut key_read = Vec::new();
    let mut key_sent = Vec::new();
    let mut open_read = Vec::new();
    let mut open_loaded = Vec::new();
    let mut opened = 0;
    for round in 0..10 {
        for i in 0..10 {
            let key = if (i / 2) % 2 == 0 { "j" } else { "k" };
            record(press(&tmux, &mut frames, key, key), &mut key_read, &mut key_sent);
            std::thread::sleep(jitter.pause(20, 60));
        }
        for _ in 0..4 {
            record(
                press(&tmux, &mut frames, "Tab", "Tab"),
                &mut key_read,
                &mut key_sent,
            );
            std::thread::sleep(jitter.pause(20, 60));
        }
        // Into the selected task (the first page's selected column) and back.
        for _ in 0..3 {
            let pressed = press(&tmux, &mut frames, "Enter", "Enter");
            let (at, read_us) = (pressed.at, pressed.read_us);
            open_read.push(pressed.lat_us);
            record(pressed, &mut key_read, &mut key_sent);
            let task_screen = frames.frames[at]["screen"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let fetch = task_screen.clone();
            let done = frames.wait(at, "the task's answer", |f| {
                f["screen"] == task_screen && loaded(f, &fetch)
            });
            open_loaded.push((frames.frames[done]["wall_us"].as_i64().unwrap() - read_us) as f64);
            opened += 1;
            std::thread::sleep(jitter.pause(20, 60));
            record(
                press(&tmux, &mut frames, "Escape", "Esc"),
                &mut key_read,
                &mut key_sent,
            );
            std::thread::sleep(jitter.pause(20, 60));
        }
        eprintln!("==> keys: round {} of 10", round + 1);
    }

    // 1. Event → frame: an agent moves tasks over MCP while the window shows the board.
    let mut client = daemon.client().await;
    let mut stream = client
        .daemon
        .subscribe(proto::SubscribeRequest { since_event_id: None })
        .await
        .expect("Subscribe")
        .into_inner();
    let mut event_frame = Vec::new();
    let mut mcp_answer = Vec::new();
    let mut event_received = Vec::new();
    for w in 0..writes {
        // Tasks of the plan column (numbers 1, 7, 13, …) go to dev and back, one write each.
        let number = (w / 2 % 300) * 6 + 1;
        let key = format!("{PROJECT}-{number}");
        let stage = if w % 2 == 0 { "dev" } else { "plan" };
        let from = frames.len();
        let began = wall_us();
        daemon
            .mcp_call(
                "task_set_stage",
                json!({"task": key, "stage": stage, "next_step": "Keep going", "session": "bench-agent"}),
            )
            .await;
        mcp_answer.push((wall_us() - began) as f64);
        let id = stage_event(&mut stream, &key).await;
        // The window draws once when the event arrives (before its fetch answers): the stream's share.
        let got = frames.wait(from, &format!("event {id} received"), |f| {
            f["event"].as_i64().unwrap_or(-1) >= id
        });
        event_received.push((frames.frames[got]["wall_us"].as_i64().unwrap() - began) as f64);
        let at = frames.wait(from, &format!("event {id}"), |f| {
            f["screen"] == format!("board:{PROJECT}") && f["shown"].as_i64().unwrap_or(-1) >= id
        });
        event_frame.push((frames.frames[at]["wall_us"].as_i64().unwrap() - began) as f64);
        tokio::time::sleep(jitter.pause(30, 80)).await;
        if (w + 1) % 50 == 0 {
            eprintln!("==> writes: {} of {writes}", w + 1);
        }
    }

    // 3. RSS after scrolling every column to its end and opening a few tasks.
    let per_column = TASKS.div_ceil(STAGES.len());
    tmux.send(&["h", "h", "h", "h", "h", "h"]);
    for column in 0..STAGES.len() {
        if column > 0 {
            tmux.send(&["l"]);
        }
        let batch = vec!["j"; 50];
        for _ in 0..per_column.div_ceil(50) {
            tmux.send(&batch);
        }
        for _ in 0..2 {
            let from = frames.len();
            let sent = wall_us();
            tmux.send(&["Enter"]);
            let at = frames.wait(from, "a task", |f| has_key(f, "Enter", sent));
            let screen = frames.frames[at]["screen"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            frames.wait(at, "the task's answer", |f| {
                f["screen"] == screen && loaded(f, &screen)
            });
            tmux.send(&["Escape"]);
        }
    }
    let from = frames.len();
    let sent = wall_us();
    tmux.send(&["k"]);
    frames.wait(from, "the last key", |f| has_key(f, "k", sent));
    std::thread::sleep(Duration::from_millis(300));
    let rss_scrolled = (status_kib(pid, "VmRSS:"), status_kib(pid, "VmHWM:"));
    let relayd = (
        status_kib(daemon.pid(), "VmRSS:"),
        status_kib(daemon.pid(), "VmHWM:"),
    );
    let frame_count = frames.len();
    tmux.send(&["q"]);

    // The comparison: one look of a polling client, `relay task list --project big --json`.
    let mut polls = Vec::new();
    for _ in 0..30 {
        let began = Instant::now();
        let out = daemon
            .relay()
            .args(["task", "list", "--project", PROJECT, "--json"])
            .output()
            .expect("relay task list");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        polls.push(began.elapsed().as_micros() as f64);
    }

    // The window's board fetch alone (the same four calls, from this process): the share of event → frame
    // between the stream and the frame with the answer.
    let mut client = daemon.client().await;
    let board = relay::ui::app::Fetch::Board(PROJECT.into());
    let mut fetches = Vec::new();
    for _ in 0..30 {
        let began = Instant::now();
        relay::ui::worker::fetch_data(&mut client, &board)
            .await
            .expect("the board fetch");
        fetches.push(began.elapsed().as_micros() as f64);
    }

    println!(
        "\n| Measure (release `relay` in a 200×50 tmux pane, {TASKS}-task board) | n | median | p99 | max |"
    );
    println!("|---|---|---|---|---|");
    println!(
        "{}",
        row(
            "event → frame: MCP `task_set_stage` POST → end of the draw showing it",
            event_frame
        )
    );
    println!("{}", row("  of which the MCP call's answer", mcp_answer));
    println!(
        "{}",
        row(
            "  POST → end of the first draw after the window received the event",
            event_received
        )
    );
    println!(
        "{}",
        row(
            "  the window's board fetch alone (4 calls in parallel, from this process)",
            fetches
        )
    );
    println!(
        "{}",
        row(
            "key → frame: crossterm read → end of the draw (j/k, Tab, Enter, Esc)",
            key_read
        )
    );
    println!(
        "{}",
        row("  Enter: read → end of the draw of the task screen", open_read)
    );
    println!(
        "{}",
        row(
            "  Enter: read → end of the draw with the task's answer",
            open_loaded
        )
    );
    println!(
        "{}",
        row(
            "outside: before `tmux send-keys` → end of the draw (spawns tmux)",
            key_sent
        )
    );
    println!(
        "{}",
        row(
            "comparison: one `relay task list --project big --json` (a poll)",
            polls
        )
    );
    println!("\n| RSS | VmRSS | VmHWM |\n|---|---|---|");
    println!(
        "| `relay` window, board drawn | {} | {} |",
        mb(rss_drawn.0),
        mb(rss_drawn.1)
    );
    println!(
        "| `relay` window, every column scrolled to its end, {} tasks opened | {} | {} |",
        opened + 2 * STAGES.len(),
        mb(rss_scrolled.0),
        mb(rss_scrolled.1)
    );
    println!("| relayd (context) | {} | {} |", mb(relayd.0), mb(relayd.1));
    println!("\n{frame_count} frames logged.");
}
