//! The window's state and the one function that changes it. No I/O here.

use std::collections::VecDeque;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use relay_core::proto::{self, update::Update};

/// Events kept on screen.
pub const EVENT_HISTORY: usize = 500;

/// Something that happened: a key, or a message from the daemon.
#[derive(Debug)]
pub enum Action {
    Key(KeyEvent),
    Update(Update),
    Disconnected(String),
    Resize,
}

#[derive(Debug, Default)]
pub struct Model {
    pub status: Option<proto::Status>,
    pub events: VecDeque<proto::Event>,
    pub resyncs: u32,
    pub connection: Connection,
    pub quit: bool,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Connecting,
    Live,
    Lost(String),
}

/// Applies one action. Returns whether the screen needs a redraw.
pub fn update(model: &mut Model, action: Action) -> bool {
    match action {
        Action::Key(key) => {
            let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) || ctrl_c {
                model.quit = true;
            }
            false
        }
        Action::Update(Update::Hello(_)) => {
            model.connection = Connection::Live;
            true
        }
        Action::Update(Update::Snapshot(snapshot)) => {
            if snapshot.reason == proto::SnapshotReason::Lagged as i32 {
                model.resyncs += 1;
            }
            if let Some(status) = snapshot.status {
                model.status = Some(status);
            }
            true
        }
        Action::Update(Update::Event(event)) => {
            if let Some(status) = model.status.as_mut() {
                status.last_event_id = event.id;
            }
            model.events.push_front(event);
            model.events.truncate(EVENT_HISTORY);
            true
        }
        Action::Disconnected(reason) => {
            model.connection = Connection::Lost(reason);
            true
        }
        Action::Resize => true,
    }
}
