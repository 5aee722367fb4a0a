//! The mouse: the wheel scrolls the current screen (it runs Up / Down, three lines at a time in the task view's
//! text tabs), a left click selects what it lands on — a board card, a task tab, a row of projects, inbox,
//! sessions or activity, a palette entry — and a click on what is already selected opens (or runs) it.
//!
//! `update` stays pure: the view records where it drew each target ([`Hits`], filled by
//! `view::render_with_hits`), the loop stores the last frame's hits in the model, and a click is looked up in them.

use std::ops::Range;

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::app::{Effect, Model, Screen, TAB_REVIEW, run_command};
use super::keymap::Command;
use super::palette;

/// Lines the wheel moves in a text tab (Overview, Plan, Comments, History) per notch.
pub const WHEEL_LINES: usize = 3;

/// Something a click can land on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A board card: its stage column and its row in the column.
    Card { column: usize, row: usize },
    /// A tab of the task view.
    Tab(usize),
    /// A row of the projects, inbox, sessions or activity list (the index the screen's `selected` uses).
    Row(usize),
    /// A row of the palette (an index into its matching entries).
    PaletteEntry(usize),
}

/// Where the last frame drew the targets, and which screen it showed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hits {
    pub screen: Option<Screen>,
    targets: Vec<(Rect, Target)>,
    /// The rows (or cards, or lines) of the screen's list or text in view: what a page key moves.
    pub page: usize,
    /// A text tab's furthest scroll: its last line at the bottom of the pane.
    pub scroll_max: Option<u16>,
}

impl Hits {
    pub fn new(screen: Screen) -> Hits {
        Hits {
            screen: Some(screen),
            ..Hits::default()
        }
    }

    /// Records that `target` was drawn over `area` (clipped to nothing when empty).
    pub fn add(&mut self, area: Rect, target: Target) {
        if !area.is_empty() {
            self.targets.push((area, target));
        }
    }

    /// Records `target` over the part in view of `lines`, lines of a text drawn in `inner` scrolled down by `top`
    /// lines (nothing when none of them is in view).
    pub fn add_lines(&mut self, inner: Rect, top: usize, lines: Range<usize>, target: Target) {
        let first = lines.start.max(top);
        let end = lines.end.min(top + usize::from(inner.height));
        if first < end {
            let y = inner.y + u16::try_from(first - top).unwrap_or(u16::MAX);
            let height = u16::try_from(end - first).unwrap_or(u16::MAX);
            self.add(Rect::new(inner.x, y, inner.width, height), target);
        }
    }

    /// What was drawn at (`column`, `row`): the last one recorded there, as overlays are drawn last.
    pub fn at(&self, column: u16, row: u16) -> Option<Target> {
        let position = Position::new(column, row);
        self.targets
            .iter()
            .rev()
            .find(|(area, _)| area.contains(position))
            .map(|(_, target)| *target)
    }

    pub fn targets(&self) -> impl Iterator<Item = &(Rect, Target)> {
        self.targets.iter()
    }
}

pub(super) fn on_mouse(model: &mut Model, event: MouseEvent, effects: &mut Vec<Effect>) {
    // Behind "Enlarge the terminal" nothing is drawn that a click or the wheel could reach; a restore question
    // takes only its keys.
    if model.too_small() || model.restore.is_some() {
        model.dirty = false;
        return;
    }
    match event.kind {
        MouseEventKind::ScrollUp => wheel(model, Command::Up, effects),
        MouseEventKind::ScrollDown => wheel(model, Command::Down, effects),
        MouseEventKind::Down(MouseButton::Left) => click(model, event.column, event.row, effects),
        _ => model.dirty = false,
    }
}

fn wheel(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    if model.form.is_some() {
        model.dirty = false;
        return;
    }
    if model.help {
        for _ in 0..WHEEL_LINES {
            super::app::scroll_help(model, command);
        }
        return;
    }
    if let Some(palette) = model.palette.as_mut() {
        let row = match command {
            Command::Up => palette.selected().saturating_sub(1),
            _ => palette.selected() + 1,
        };
        palette.select(row);
        return;
    }
    let times = match model.screen {
        Screen::Task(_) if model.task.tab != TAB_REVIEW => WHEEL_LINES,
        _ => 1,
    };
    for _ in 0..times {
        run_command(model, command, effects);
    }
}

fn click(model: &mut Model, column: u16, row: u16, effects: &mut Vec<Effect>) {
    // A form takes no clicks; the help closes as on any key.
    if model.form.is_some() {
        model.dirty = false;
        return;
    }
    if model.help {
        model.help = false;
        return;
    }
    // Hits of another screen (the screen changed since that frame) point at nothing here.
    let target = match model.hits.screen.as_ref() {
        Some(screen) if *screen == model.screen => model.hits.at(column, row),
        _ => None,
    };
    if model.palette.is_some() {
        match (target, model.palette.as_mut()) {
            (Some(Target::PaletteEntry(i)), Some(palette)) if palette.selected() == i => {
                palette::run(model, effects);
            }
            (Some(Target::PaletteEntry(i)), Some(palette)) => palette.select(i),
            _ => model.dirty = false,
        }
        return;
    }
    match target {
        Some(Target::Card { column, row }) => card(model, column, row, effects),
        Some(Target::Tab(tab)) if matches!(model.screen, Screen::Task(_)) => {
            if model.task.tab == tab {
                model.dirty = false;
            } else {
                run_command(model, Command::Tab(tab), effects);
            }
        }
        Some(Target::Tab(tab)) if model.screen == Screen::Graph => {
            if model.graph.tab == tab {
                model.dirty = false;
            } else {
                run_command(model, Command::Tab(tab), effects);
            }
        }
        Some(Target::Row(i)) => list_row(model, i, effects),
        _ => model.dirty = false,
    }
}

fn card(model: &mut Model, column: usize, row: usize, effects: &mut Vec<Effect>) {
    if !matches!(model.screen, Screen::Board(_)) || row >= model.board.column_tasks(column).len() {
        model.dirty = false;
        return;
    }
    let board = &mut model.board;
    if board.column == column && board.rows.get(column) == Some(&row) {
        run_command(model, Command::Open, effects);
        return;
    }
    board.column = column;
    if let Some(selected) = board.rows.get_mut(column) {
        *selected = row;
    }
}

/// A click on row `i` of a list screen: selects it, or opens it when it is selected already.
fn list_row(model: &mut Model, i: usize, effects: &mut Vec<Effect>) {
    let len = model.list_ids().len();
    let Some(selected) = model.list_selected_mut() else {
        model.dirty = false;
        return;
    };
    if i >= len {
        model.dirty = false;
    } else if *selected == i {
        run_command(model, Command::Open, effects);
    } else {
        *selected = i;
    }
}
