//! The window's frame cost, measured on the release build (`cargo bench -p relay --bench window`):
//!
//! - one frame of a 2,000-task board rendered into a 200×60 and an 80×24 buffer;
//! - a key press (the next card) applied by `update` and the frame drawn again.
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

fn board() -> proto::ProjectBoard {
    let tasks = (0..TASKS)
        .map(|i| proto::Task {
            key: format!("acme-{}", i + 1),
            project: "acme".into(),
            number: i as i64 + 1,
            title: format!("Task number {i} with a title long enough to be cut on a narrow card"),
            stage: STAGES[i % STAGES.len()].into(),
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
        ..Default::default()
    }
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
        let mut samples = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
            let started = Instant::now();
            render(&model, &mut buf);
            samples.push(started.elapsed());
        }
        let (p50, p99) = percentiles(samples);
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
}
