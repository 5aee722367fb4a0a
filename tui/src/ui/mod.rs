//! The terminal window: model / update / view. Input and the daemon's stream run in the background and
//! arrive as actions; the screen is redrawn only when something changed, at most every 16 ms.

mod model;
mod view;

use std::time::{Duration, Instant};

use relay_core::proto::SubscribeRequest;
use tokio::sync::mpsc;
use tokio_stream::StreamExt;

use crate::client::Client;
use crate::error::CliError;
use model::{Action, Model, update};

const FRAME: Duration = Duration::from_millis(16);

/// Restores the terminal when dropped, also on early return; ratatui's panic hook covers panics.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

pub async fn run(mut client: Client) -> Result<(), CliError> {
    let stream = client
        .subscribe(SubscribeRequest { since_event_id: None })
        .await?
        .into_inner();
    let (tx, mut rx) = mpsc::channel::<Action>(256);
    spawn_input(tx.clone());
    spawn_feed(stream, tx);

    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::Failed(format!("cannot open the terminal: {e}")))?;
    let _guard = TerminalGuard;
    let mut model = Model::default();
    let mut last_draw = Instant::now() - FRAME;
    let mut dirty = true;
    while !model.quit {
        if dirty {
            let wait = FRAME.saturating_sub(last_draw.elapsed());
            tokio::time::sleep(wait).await;
            while let Ok(action) = rx.try_recv() {
                update(&mut model, action);
            }
            terminal
                .draw(|frame| view::view(&model, frame))
                .map_err(CliError::failed)?;
            last_draw = Instant::now();
            dirty = false;
        }
        match rx.recv().await {
            Some(action) => dirty |= update(&mut model, action),
            None => break,
        }
    }
    Ok(())
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

fn spawn_feed(mut stream: tonic::Streaming<relay_core::proto::Update>, tx: mpsc::Sender<Action>) {
    tokio::spawn(async move {
        let reason = loop {
            match stream.next().await {
                Some(Ok(update)) => {
                    if let Some(update) = update.update
                        && tx.send(Action::Update(update)).await.is_err()
                    {
                        return;
                    }
                }
                Some(Err(status)) => break status.message().to_owned(),
                None => break "relayd closed the stream (it stopped)".to_owned(),
            }
        };
        let _ = tx.send(Action::Disconnected(reason)).await;
    });
}
