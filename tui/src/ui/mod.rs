//! The terminal window: model / update / view (`app.rs`, one file per screen for the view). Keys, the daemon's
//! stream and the answers to fetches and writes arrive as actions; the worker (`worker.rs`) does all I/O in the
//! background; the screen is redrawn only when something changed, at most every 16 ms.

mod activity;
pub mod app;
pub(crate) mod board;
mod editor;
mod form;
mod history;
mod inbox;
pub mod keymap;
mod markdown;
mod projects;
mod sessions;
mod task;
pub mod theme;
pub mod view;
pub mod worker;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use crate::client::Client;
use crate::error::CliError;
pub use app::Screen;
use app::{Action, Effect, Model, update};
pub use view::render;

const FRAME: Duration = Duration::from_millis(16);
const CLOCK: Duration = Duration::from_secs(5);

/// Restores the terminal when dropped, also on early return; ratatui's panic hook covers panics.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Where the window opens.
pub fn screen_for(project: Option<String>, task: Option<String>) -> Screen {
    match (task, project) {
        (Some(key), _) => Screen::Task(key),
        (None, Some(slug)) => Screen::Board(slug),
        (None, None) => Screen::Projects,
    }
}

/// Runs the window at `screen` with `theme` (and the warnings its file gave, shown under the first screen).
pub async fn run(
    client: Client,
    socket: PathBuf,
    screen: Screen,
    (theme, warnings): (theme::Theme, Vec<String>),
) -> Result<(), CliError> {
    let (tx, mut rx) = mpsc::channel::<Action>(1024);
    let effects = worker::spawn(client, socket, tx.clone());
    spawn_input(tx.clone());
    spawn_clock(tx);

    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::Failed(format!("cannot open the terminal: {e}")))?;
    let _guard = TerminalGuard;
    let mut model = Model::new(screen);
    model.now_ms = now_ms();
    model.theme = theme;
    if !warnings.is_empty() {
        model.flash = Some(app::Flash {
            level: app::Level::Warning,
            lines: warnings,
        });
    }
    let mut last_draw = Instant::now() - FRAME;
    // The inbox count in the header comes with the first fetch.
    let _ = effects.send(Effect::Fetch(app::Fetch::Inbox));
    while !model.quit {
        if model.dirty {
            // Coalesce: apply whatever else arrived within the frame, then draw once.
            let wait = FRAME.saturating_sub(last_draw.elapsed());
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
            while let Ok(action) = rx.try_recv() {
                apply(&mut model, action, &effects);
            }
            terminal
                .draw(|frame| render(&model, frame.buffer_mut()))
                .map_err(CliError::failed)?;
            last_draw = Instant::now();
            model.dirty = false;
            if model.quit {
                break;
            }
        }
        match rx.recv().await {
            Some(action) => apply(&mut model, action, &effects),
            None => break,
        }
    }
    Ok(())
}

fn apply(model: &mut Model, action: Action, effects: &mpsc::UnboundedSender<Effect>) {
    let was_dirty = model.dirty;
    for effect in update(model, action) {
        let _ = effects.send(effect);
    }
    model.dirty |= was_dirty;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn spawn_clock(tx: mpsc::Sender<Action>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(CLOCK);
        loop {
            tick.tick().await;
            if tx.send(Action::Clock(now_ms())).await.is_err() {
                return;
            }
        }
    });
}

/// Reads keys on a blocking thread (crossterm's read is blocking).
fn spawn_input(tx: mpsc::Sender<Action>) {
    std::thread::spawn(move || {
        loop {
            let action = match crossterm::event::read() {
                Ok(crossterm::event::Event::Key(key))
                    if key.kind == crossterm::event::KeyEventKind::Press =>
                {
                    Action::Key(key)
                }
                Ok(crossterm::event::Event::Resize(..)) => Action::Resize,
                Ok(_) => continue,
                Err(_) => break,
            };
            if tx.blocking_send(action).is_err() {
                break;
            }
        }
    });
}
