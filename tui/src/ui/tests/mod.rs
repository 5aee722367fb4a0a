//! The window's tests: the update function without a terminal (`update.rs`), and every screen drawn from the
//! demo data through a real relayd into ratatui's `TestBackend`, compared with insta snapshots (`demo.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

// The demo data is seeded through relayd, so its tests (demo, edit, image, palette) need the `daemon` feature.
mod board;
mod code;
#[cfg(feature = "daemon")]
mod demo;
#[cfg(feature = "daemon")]
mod edit;
mod editor;
mod faults;
mod graph;
#[cfg(feature = "daemon")]
mod image;
mod keys;
mod live;
#[cfg(feature = "daemon")]
mod palette;
mod policy;
#[cfg(feature = "daemon")]
mod policy_live;
#[cfg(feature = "daemon")]
mod snapshots;
mod stands;
mod trace;
mod update;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;

use relay_core::proto;

use super::app::{Action, Data, Fetch, Model};
use super::theme::Theme;
use super::view::{render, render_with_theme};

/// A key press without modifiers.
pub fn key(code: KeyCode) -> Action {
    Action::Key(KeyEvent::from(code))
}

/// A character typed.
pub fn ch(c: char) -> Action {
    key(KeyCode::Char(c))
}

/// `c` with Ctrl held.
pub fn ctrl(c: char) -> Action {
    Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

/// The frame ratatui's `TestBackend` holds after drawing `model` in `theme` (the model's own when `None`).
fn frame(model: &Model, theme: Option<&Theme>, width: u16, height: u16) -> Buffer {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| match theme {
            Some(theme) => render_with_theme(model, theme, frame.buffer_mut()),
            None => render(model, frame.buffer_mut()),
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The screen as text, one line per row, trailing blanks cut.
pub fn screen(model: &Model, width: u16, height: u16) -> String {
    let buf = frame(model, None, width, height);
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The screen's colours in `theme`: one character per cell naming its style in the legend below the grid
/// (`.` the terminal's default), so a snapshot shows which role each part of the screen is drawn in.
#[cfg(feature = "daemon")]
pub fn styles(model: &Model, theme: &Theme, width: u16, height: u16) -> String {
    let buf = frame(model, Some(theme), width, height);
    let marks: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').collect();
    let mut legend: Vec<ratatui::style::Style> = Vec::new();
    let mut grid = String::new();
    for y in 0..height {
        for x in 0..width {
            let style = buf[(x, y)].style();
            if style
                == ratatui::style::Style::default()
                    .fg(ratatui::style::Color::Reset)
                    .bg(ratatui::style::Color::Reset)
                    .underline_color(ratatui::style::Color::Reset)
                || style == ratatui::style::Style::default()
            {
                grid.push('.');
                continue;
            }
            let index = match legend.iter().position(|s| *s == style) {
                Some(i) => i,
                None => {
                    legend.push(style);
                    legend.len() - 1
                }
            };
            grid.push(marks.get(index).copied().unwrap_or('#'));
        }
        grid.push('\n');
    }
    grid.push('\n');
    for (i, style) in legend.iter().enumerate() {
        let mark = marks.get(i).copied().unwrap_or('#');
        grid.push_str(&format!(
            "{mark} fg {:?} · bg {:?} · {:?}\n",
            style.fg.unwrap_or_default(),
            style.bg.unwrap_or_default(),
            style.add_modifier
        ));
    }
    grid
}

/// The answer to a board fetch of `slug`: `board`, with no inbox, sessions or plan badges.
pub fn board_answer(slug: &str, board: proto::ProjectBoard) -> Action {
    Action::Loaded {
        fetch: Fetch::Board(slug.to_owned()),
        result: Ok(Data::Board {
            board: Box::new(board),
            inbox: Box::default(),
            sessions: Vec::new(),
            plans: Vec::new(),
            reviews: Vec::new(),
        }),
    }
}
