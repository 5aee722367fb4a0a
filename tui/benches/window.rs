//! The window's frame cost, measured on the release build (`cargo bench -p relay --bench window`):
//!
//! - one frame of a 2,000-task board rendered into a 200×60 and an 80×24 buffer: 1,800 open tasks and a done column
//!   at its cap (the 200 most recently closed of 28,000 done, as relayd's snapshot carries them);
//! - a key press (the next card) applied by `update` and the frame drawn again;
//! - the command palette over the 2,000 tasks: one keystroke's scoring, and a keystroke through `update` with the
//!   frame drawn;
//! - one frame of a task view whose description is a long markdown body with fenced code (Rust, Python, a diff)
//!   and whose thread has 40 markdown comments, on the Overview and the Comments tab.
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted: these machines are noisy.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use relay::ui::app::{Action, Data, Fetch, Model, STAGES, Screen, update};
use relay::ui::render;
use relay_core::proto;

const TASKS: usize = 2_000;
const RUNS: usize = 300;
/// The done tasks on the board: relayd's cap (`DONE_CAP`).
const DONE_SHOWN: usize = 200;

fn board() -> proto::ProjectBoard {
    let tasks = (0..TASKS)
        .map(|i| proto::Task {
            key: format!("acme-{}", i + 1),
            project: "acme".into(),
            number: i as i64 + 1,
            title: format!("Task number {i} with a title long enough to be cut on a narrow card"),
            // The snapshot carries at most DONE_CAP done tasks, however many a project has closed.
            stage: if i < DONE_SHOWN {
                "done".into()
            } else {
                STAGES[i % (STAGES.len() - 1)].into()
            },
            waiting_on: (i % 3 == 0).then(|| "owner".into()),
            next_step: Some(format!("Do the next thing for task {i}")),
            next_step_stale: i % 7 == 0,
            branch: (i % 2 == 0).then(|| format!("feature/task-{i}")),
            tracker_ref: (i % 5 == 0).then(|| format!("SHOP-{i}")),
            version: 1,
            ..Default::default()
        })
        .collect();
    proto::ProjectBoard {
        project: Some(proto::Project {
            slug: "acme".into(),
            name: "Acme".into(),
            ..Default::default()
        }),
        rules_line: "Rules 00000000: accepted plan before dev".into(),
        tasks,
        done: Some(proto::DoneColumn {
            recent: 8_000,
            archived: 20_000,
            window_days: 14,
            cap: DONE_SHOWN as u32,
            require_tracker_log: false,
        }),
        ..Default::default()
    }
}

/// A long markdown body: prose, lists, a table and fenced code in three languages (~12,000 characters).
fn long_body() -> String {
    let mut body = String::from(
        "# Checkout rewrite\n\nThe **checkout** moves to the new `PaymentIntent` flow; see <https://example.com/docs/payments/intents/a-very-long-path-without-any-break>.\n\n",
    );
    for i in 0..12 {
        body.push_str(&format!(
            "- step {i}: *check* the `cart_{i}` totals and write the **report**\n"
        ));
    }
    body.push_str("\n| field | type |\n|---|---|\n| amount | u64 |\n| currency | String |\n\n```rust\n");
    for i in 0..60 {
        body.push_str(&format!(
            "pub fn total_{i}(cart: &Cart) -> Result<u64, Error> {{ let n = cart.items.iter().map(|x| x.price * {i}).sum::<u64>(); Ok(n) }} // line {i}\n"
        ));
    }
    body.push_str("```\n\n```python\n");
    for i in 0..30 {
        body.push_str(&format!(
            "def handler_{i}(event, context):\n    return {{\"status\": {i}, \"body\": str(event)}}\n"
        ));
    }
    body.push_str("```\n\n```diff\n");
    for i in 0..20 {
        body.push_str(&format!(
            "-    let old_{i} = compute({i});\n+    let new_{i} = compute_faster({i});\n"
        ));
    }
    body.push_str("```\n");
    body
}

fn task() -> relay::ui::app::TaskData {
    let comments = (0..40)
        .map(|i| proto::Comment {
            id: i,
            author: if i % 2 == 0 { "owner" } else { "claude" }.into(),
            author_kind: if i % 2 == 0 { "owner" } else { "agent" }.into(),
            body: format!(
                "Comment {i}: please **check** the `total_{i}` function.\n\n```rust\nlet x = total_{i}(&cart)?;\nassert_eq!(x, {i});\n```\n"
            ),
            created_at_ms: 1_000,
            ..Default::default()
        })
        .collect();
    relay::ui::app::TaskData {
        detail: proto::TaskDetail {
            task: Some(proto::Task {
                key: "acme-1".into(),
                project: "acme".into(),
                number: 1,
                title: "Checkout rewrite".into(),
                stage: "dev".into(),
                description: Some(long_body()),
                progress: Some("Half of the **handlers** are ported; `cargo test` is green.".into()),
                version: 3,
                ..Default::default()
            }),
            ..Default::default()
        },
        plan: None,
        review: None,
        comments: Some(proto::ListCommentsResponse {
            comments,
            ..Default::default()
        }),
        session: None,
        snapshots: None,
        live: None,
    }
}

/// The command palette over the 2,000 tasks: one keystroke is the whole list scored again (with the matched
/// characters' positions), and one keystroke through `update` plus the frame drawn with the palette open.
fn palette_keystrokes() {
    use relay::ui::keymap::{Keymap, Scope};
    use relay::ui::palette::Palette;

    let tasks = board().tasks;
    let mut palette = Palette::new(
        &Keymap::default(),
        &[Scope::Board, Scope::Global],
        &["acme".into()],
    );
    palette.set_tasks(&tasks, &["acme".into()]);
    // A query typed letter by letter, then taken back: the scores of every prefix.
    let typed = "task 1999 narrow";
    let prefixes: Vec<&str> = (1..=typed.len()).map(|n| &typed[..n]).collect();
    let mut samples = Vec::with_capacity(RUNS);
    for i in 0..RUNS {
        let query = prefixes[i % prefixes.len()];
        let started = Instant::now();
        palette.set_query(query);
        samples.push(started.elapsed());
    }
    let (p50, p99) = percentiles(samples);
    println!(
        "| palette: one keystroke scores {} entries (nucleo, with match positions) | {} | {} |",
        palette.total(),
        ms(p50),
        ms(p99)
    );

    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char(':'))));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::PaletteTasks,
            result: Ok(Data::PaletteTasks {
                tasks,
                slugs: vec!["acme".into()],
            }),
        },
    );
    let mut samples = Vec::with_capacity(RUNS);
    for i in 0..RUNS {
        // Type a letter, or take one back once the query is long.
        let code = if i % 8 < 4 {
            KeyCode::Char(['t', 'a', 's', 'k'][i % 4])
        } else {
            KeyCode::Backspace
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 200, 60));
        let started = Instant::now();
        update(&mut model, Action::Key(KeyEvent::from(code)));
        render(&model, &mut buf);
        samples.push(started.elapsed());
    }
    let (p50, p99) = percentiles(samples);
    println!(
        "| palette: keystroke → update → frame (200×60, 2,000 tasks) | {} | {} |",
        ms(p50),
        ms(p99)
    );
}

/// This process's resident set in kB (Linux; `None` elsewhere).
fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// p50 and p99 of `RUNS` frames of `model` drawn into a fresh `width`×`height` buffer.
fn frames(model: &Model, width: u16, height: u16) -> (Duration, Duration) {
    let mut samples = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        let started = Instant::now();
        render(model, &mut buf);
        samples.push(started.elapsed());
    }
    percentiles(samples)
}

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    (at(0.5), at(0.99))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Board("acme".into()),
            result: Ok(Data::Board {
                board: Box::new(board()),
                inbox: Box::default(),
                sessions: Vec::new(),
                reviews: Vec::new(),
                // Every other task has a plan: its badge is drawn too.
                plans: (0..TASKS)
                    .step_by(2)
                    .map(|i| proto::PlanCard {
                        key: format!("acme-{}", i + 1),
                        status: if i % 4 == 0 { "accepted" } else { "draft" }.into(),
                        steps: 5,
                        done: 2,
                        deviations: (i % 6 == 0).into(),
                        now: Some(format!(
                            "Step three of task {i}, with a title long enough to be cut"
                        )),
                    })
                    .collect(),
            }),
        },
    );
    println!("| Measure ({TASKS} tasks, {RUNS} runs) | p50 | p99 |\n|---|---|---|");
    for (width, height) in [(200u16, 60u16), (80, 24)] {
        let (p50, p99) = frames(&model, width, height);
        println!(
            "| one board frame into a {width}×{height} buffer | {} | {} |",
            ms(p50),
            ms(p99)
        );
    }
    let mut samples = Vec::with_capacity(RUNS);
    for i in 0..RUNS {
        let code = if i % 2 == 0 {
            KeyCode::Char('j')
        } else {
            KeyCode::Char('k')
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 200, 60));
        let started = Instant::now();
        update(&mut model, Action::Key(KeyEvent::from(code)));
        render(&model, &mut buf);
        samples.push(started.elapsed());
    }
    let (p50, p99) = percentiles(samples);
    println!(
        "| key press → update → frame (200×60) | {} | {} |",
        ms(p50),
        ms(p99)
    );
    // The worst case for the frame: the selection on the focused column's last card, so every card above it has
    // its height counted to place the scroll.
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('G'))));
    let cards = model.board.column_tasks(model.board.column).len();
    let (p50, p99) = frames(&model, 200, 60);
    println!(
        "| one board frame, the selection on its column's last card ({cards} cards), 200×60 | {} | {} |",
        ms(p50),
        ms(p99)
    );
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('g'))));
    palette_keystrokes();

    // syntect's grammars and themes load once, on the first highlighted block; then the first frame of the task
    // compiles the grammars' regexes it needs and highlights its bodies; later frames take them from the cache.
    let rss_before = rss_kb();
    let started = Instant::now();
    relay::ui::highlight::preload();
    println!(
        "| syntect grammars and themes loaded (once, on the first fenced block) | {} | — |",
        ms(started.elapsed())
    );
    if let (Some(before), Some(after)) = (rss_before, rss_kb()) {
        println!(
            "| RSS added by loading them | {:.1} MB | — |",
            after.saturating_sub(before) as f64 / 1024.0
        );
    }
    // The worker prepares the grammars the task's code needs before handing the task over (off the window's
    // thread); the window's first frame then only highlights.
    let data = task();
    let started = Instant::now();
    relay::ui::highlight::warm(&relay::ui::highlight::task_blocks(&data));
    println!(
        "| worker: grammars prepared for the task's code (once per language, off the window's thread) | {} | — |",
        ms(started.elapsed())
    );
    let mut model = Model::new(Screen::Task("acme-1".into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-1".into()),
            result: Ok(Data::Task(Box::new(data))),
        },
    );
    let mut buf = Buffer::empty(Rect::new(0, 0, 200, 60));
    let started = Instant::now();
    render(&model, &mut buf);
    println!(
        "| first task frame, Overview tab (parses and highlights the bodies) 200×60 | {} | — |",
        ms(started.elapsed())
    );
    for (tab, name) in [('1', "Overview"), ('4', "Comments")] {
        update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char(tab))));
        for (width, height) in [(200u16, 60u16), (80, 24)] {
            let (p50, p99) = frames(&model, width, height);
            println!(
                "| one task frame, {name} tab (long markdown + code) into {width}×{height} | {} | {} |",
                ms(p50),
                ms(p99)
            );
        }
    }
}
