//! The terminal window: model / update / view (`app.rs`, one file per screen for the view). Keys, the daemon's
//! stream and the answers to fetches and writes arrive as actions; the worker (`worker.rs`) does all I/O in the
//! background; the screen is redrawn only when something changed, at most every 16 ms.

pub(crate) mod activity;
pub mod app;
pub mod board;
mod edit;
mod editor;
mod environments;
mod find;
mod fit;
mod form;
mod graph;
mod graph_story;
mod graph_view;
pub mod highlight;
mod history;
mod image;
mod inbox;
pub mod keymap;
pub mod keys_config;
mod live;
mod locks;
mod markdown;
pub mod mouse;
mod notify;
pub mod palette;
mod picker;
mod policy;
mod policy_view;
mod projects;
mod screenshot;
mod sessions;
mod snapshots;
mod stands_form;
mod task;
mod terminal;
pub mod theme;
pub mod trace;
pub mod view;
pub mod worker;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use relay_core::time::now_ms;
use tokio::sync::mpsc;

use crate::client::Client;
use crate::error::CliError;
pub use app::Screen;
use app::{Action, Effect, Model, update};
pub use view::render;

const FRAME: Duration = Duration::from_millis(16);
const CLOCK: Duration = Duration::from_secs(1);

/// Restores the terminal when dropped, also on early return; ratatui's panic hook covers panics, and
/// [`capture_mouse`] adds mouse reporting to both (ratatui's restore does not turn it off).
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        release_mouse();
        ratatui::restore();
    }
}

/// Turns mouse reporting on (clicks and the wheel, `mouse.rs`) and makes a panic turn it off again before
/// ratatui's own hook restores the rest: `ratatui::restore` leaves raw mode and the alternate screen only, and
/// a shell left with mouse reporting on prints escape codes at every click. A terminal that refuses it is
/// used without the mouse.
fn capture_mouse() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        release_mouse();
        hook(info);
    }));
    let _ = crossterm::execute!(
        std::io::stdout(),
        crossterm::event::EnableMouseCapture,
        crossterm::event::EnableBracketedPaste
    );
}

fn release_mouse() {
    let _ = crossterm::execute!(
        std::io::stdout(),
        crossterm::event::DisableBracketedPaste,
        crossterm::event::DisableMouseCapture
    );
}

/// Where the window opens.
pub fn screen_for(project: Option<String>, task: Option<String>) -> Screen {
    match (task, project) {
        (Some(key), _) => Screen::Task(key),
        (None, Some(slug)) => Screen::Board(slug),
        (None, None) => Screen::Projects,
    }
}

/// Runs the window at `screen` with `theme` and `keys` (and the warnings their files gave, shown under the
/// first screen).
pub async fn run(
    client: Client,
    restart: worker::Restart,
    screen: Screen,
    (theme, mut warnings): (theme::Theme, Vec<String>),
    (keys, key_warnings): (keymap::Keymap, Vec<String>),
) -> Result<(), CliError> {
    let (tx, mut rx) = mpsc::channel::<Action>(1024);
    let mut frame_log = trace::FrameLog::from_env()?;
    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::Failed(format!("cannot open the terminal: {e}")))?;
    let _guard = TerminalGuard;
    // The image protocol is asked once, in the alternate screen and before anything reads stdin (the terminal
    // answers there); the input thread reads the answer first, then keys, while the window fetches and draws.
    let asked = self::image::ask();
    let images = screenshot::Engine::new(None);
    let notify_review = restart.ctx.config.notify_review;
    let settings = board::Settings::from_config(&restart.ctx.config);
    let detach_key = relay_core::profile::parse_detach_key(&restart.ctx.config.detach_key);
    let effects = worker::spawn(client, restart, tx.clone(), images.clone());
    spawn_input(tx.clone(), frame_log.key_clock(), asked, images.clone());
    spawn_clock(tx);
    capture_mouse();
    let mut model = Model::new(screen);
    model.images = self::image::Images::new(self::image::Support::default(), images.encoded());
    model.now_ms = now_ms();
    model.theme = theme;
    model.keymap = keys;
    model.notify_review = notify_review;
    model.settings = settings;
    if let Some(detach_key) = detach_key {
        model.detach_key = detach_key;
    }
    warnings.extend(key_warnings);
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
                apply(&mut model, action, &effects, &mut frame_log);
            }
            // The inline screenshot's box follows the terminal's size (asked again when it changes).
            if let Ok(size) = terminal.size() {
                let cells = self::image::Cells {
                    width: size.width,
                    height: size.height,
                };
                if model.images.terminal != Some(cells) {
                    let action = Action::Image(self::image::ImageAction::Terminal(cells));
                    apply(&mut model, action, &effects, &mut frame_log);
                }
            }
            let draw_started = Instant::now();
            let mut hits = mouse::Hits::default();
            terminal
                .draw(|frame| hits = view::render_with_hits(&model, frame.buffer_mut()))
                .map_err(CliError::failed)?;
            // Where this frame drew what a click can reach: the next click is mapped through it.
            model.hits = hits;
            frame_log.frame(&model, draw_started);
            // The 16 ms run from one draw's start to the next: counted from its end, a key arriving just after a
            // draw waited the draw's own time on top (key → frame up to ~18 ms on a 2,000-task board).
            last_draw = draw_started;
            model.dirty = false;
            // A screenshot appears on the frame after the one that blanked its box (`image::after_draw`).
            model.dirty |= self::image::after_draw(&mut model);
            if model.quit {
                break;
            }
        }
        match rx.recv().await {
            Some(action) => apply(&mut model, action, &effects, &mut frame_log),
            None => break,
        }
    }
    Ok(())
}

fn apply(
    model: &mut Model,
    action: Action,
    effects: &mpsc::UnboundedSender<Effect>,
    frame_log: &mut trace::FrameLog,
) {
    frame_log.action(&action);
    let was_dirty = model.dirty;
    for effect in update(model, action) {
        frame_log.effect(&effect, model.last_event_id);
        let _ = effects.send(effect);
    }
    for text in std::mem::take(&mut model.notifications) {
        notify::raise(notify::Kind::detect(), &text);
    }
    if let Some(text) = model.clipboard.take() {
        notify::copy(&text);
    }
    model.dirty |= was_dirty;
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

/// Reads keys on a blocking thread (crossterm's read is blocking), after the terminal's answer to the image
/// query (`asked`), which sets the worker's picker and tells the model.
fn spawn_input(
    tx: mpsc::Sender<Action>,
    key_clock: trace::KeyClock,
    asked: self::image::Asked,
    images: screenshot::Engine,
) {
    std::thread::spawn(move || {
        let (picker, support, warning) = asked.answer();
        if let Some(picker) = picker {
            images.set_picker(picker);
        }
        let action = Action::Image(self::image::ImageAction::Support { support, warning });
        if tx.blocking_send(action).is_err() {
            return;
        }
        loop {
            let action = match crossterm::event::read() {
                Ok(crossterm::event::Event::Key(key))
                    if key.kind == crossterm::event::KeyEventKind::Press =>
                {
                    key_clock.stamp();
                    Action::Key(key)
                }
                // The size with the event: a key read right after it is judged at the new size (behind the
                // "Enlarge the terminal" screen keys do nothing).
                Ok(crossterm::event::Event::Paste(text)) => Action::Paste(text),
                Ok(crossterm::event::Event::Resize(width, height)) => Action::Resize { width, height },
                // Only what the window uses: moves and drags would wake the loop for nothing.
                Ok(crossterm::event::Event::Mouse(mouse))
                    if matches!(
                        mouse.kind,
                        crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left)
                            | crossterm::event::MouseEventKind::ScrollUp
                            | crossterm::event::MouseEventKind::ScrollDown
                    ) =>
                {
                    Action::Mouse(mouse)
                }
                Ok(_) => continue,
                Err(_) => break,
            };
            if tx.blocking_send(action).is_err() {
                break;
            }
        }
    });
}
