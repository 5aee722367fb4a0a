//! The window's tests: the update function without a terminal (`update.rs`), and every screen drawn from the
//! demo data through a real relayd into ratatui's test buffer, compared with insta snapshots (`demo.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod demo;
mod update;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::app::Model;
use super::view::render;

/// The screen as text, one line per row, trailing blanks cut.
pub fn screen(model: &Model, width: u16, height: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    render(model, &mut buf);
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
