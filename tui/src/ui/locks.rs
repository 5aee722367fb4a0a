//! The locks screen (`L`): who holds which file and why — the lock table of `ListLocks` as a table (state, file,
//! holder, for how long, what the holder is working on, waiters), the selected lock's detail (its workspace, the
//! holder's intent in full, when it expires, every waiter and reader), and the newest contentions. It follows the
//! lock table live: relayd's Subscribe stream says `LocksChanged` and the screen lists the locks again. Its state,
//! its keys and its view.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::display::human_age;
use relay_core::proto::{self, LockState};

use super::app::{Effect, Model};
use super::find::Find;
use super::fit::{fit, one_line};
use super::keymap::Command;
use super::mouse::Hits;
use super::theme::Theme;
use crate::cmd::locks::{short, span};

/// The contentions the screen asks for (the newest).
pub const CONTENTIONS: u32 = 50;

#[derive(Debug, Default)]
pub struct LocksState {
    pub listing: Option<proto::ListLocksResponse>,
    pub selected: usize,
    /// `/`: the locks whose file, workspace, holder or intent contain the query.
    pub find: Find,
}

impl LocksState {
    /// The locks the filter shows, in the listing's order (by workspace and path).
    pub fn visible(&self) -> Vec<&proto::FileLock> {
        let Some(listing) = &self.listing else {
            return Vec::new();
        };
        listing
            .locks
            .iter()
            .filter(|lock| {
                let holder = lock.holder.as_ref().map_or("", |h| h.lock_id.as_str());
                let words = [
                    lock.path.as_str(),
                    lock.workspace.as_str(),
                    holder,
                    lock.intent.as_deref().unwrap_or_default(),
                ];
                self.find.matches(words)
            })
            .collect()
    }
}

/// A lock's id on screen (for keeping the selection on it).
pub fn id(lock: &proto::FileLock) -> String {
    format!("{}::{}", lock.workspace, lock.path)
}

pub(super) fn loaded(model: &mut Model, listing: proto::ListLocksResponse) {
    model.now_ms = model.now_ms.max(listing.now_ms);
    let state = &mut model.locks;
    let before = state.visible().get(state.selected).map(|l| id(l));
    state.listing = Some(listing);
    let ids: Vec<String> = state.visible().iter().map(|l| id(l)).collect();
    state.selected = super::find::reselect(before.as_deref(), &ids, state.selected);
}

pub(super) fn command(model: &mut Model, command: Command, _effects: &mut Vec<Effect>) {
    let len = model.locks.visible().len();
    match command {
        c if c.is_move() => {
            let page = model.page();
            super::app::step(&mut model.locks.selected, len, command, page);
        }
        _ => model.dirty = false,
    }
}

fn state_words(lock: &proto::FileLock, now: i64) -> (String, Style, &'static str) {
    match lock.state() {
        LockState::Held => {
            let expires = span(lock.expires_at_ms.unwrap_or(now) - now);
            (format!("held, expires in {expires}"), Style::default(), "held")
        }
        LockState::Released => (
            format!("released {}", human_age(now - lock.released_at_ms.unwrap_or(now))),
            Style::default(),
            "released",
        ),
        LockState::Free | LockState::Unspecified => ("free".to_owned(), Style::default(), "free"),
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.locks;
    let Some(listing) = &state.listing else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(" Locks "))
            .render(area, buf);
        return;
    };
    let now = listing.now_ms.max(model.now_ms);
    let held = listing
        .locks
        .iter()
        .filter(|l| l.state() == LockState::Held)
        .count();
    let block = Block::bordered().title(format!(
        " Locks · {held} held · a lock lives {} s unless its holder edits again ",
        listing.ttl_secs
    ));
    let find = &state.find;
    let (find_line, area) = super::find::split(area, find);
    let shown = state.visible();
    if let Some(line) = find_line {
        let spans = find.spans(shown.len(), listing.locks.len(), "locks", theme);
        fit(Line::from(spans), usize::from(line.width)).render(line, buf);
    }
    let contention_rows = if listing.contentions.is_empty() {
        0
    } else {
        u16::try_from(listing.contentions.len().min(6) + 2).unwrap_or(8)
    };
    let detail_rows = if area.height >= 20 && !shown.is_empty() {
        7
    } else {
        0
    };
    let [table_area, detail_area, contention_area] = Layout::vertical([
        Constraint::Min(4),
        Constraint::Length(detail_rows),
        Constraint::Length(contention_rows.min(area.height / 3)),
    ])
    .areas(area);
    if listing.locks.is_empty() {
        Paragraph::new(vec![
            Line::raw("No file locks right now."),
            Line::styled(
                "An agent's pre-tool hook takes a lock on the file it edits (relay setup installs the hooks); \
                 another session's edit of that file is refused with the holder's intent.",
                theme.muted,
            ),
        ])
        .wrap(ratatui::widgets::Wrap { trim: true })
        .block(block)
        .render(table_area, buf);
    } else {
        super::fit::Table {
            block,
            headers: &["state", "file", "holder", "for", "working on", "waiting"],
            columns: &[
                Constraint::Length(9),
                Constraint::Fill(3),
                Constraint::Fill(2),
                Constraint::Length(7),
                Constraint::Fill(3),
                Constraint::Length(7),
            ],
            len: shown.len(),
            selected: state.selected,
            empty: "No lock contains that text (Esc clears the filter).",
        }
        .render(theme, table_area, buf, hits, |i| {
            let lock = shown[i];
            let (_, _, word) = state_words(lock, now);
            let word_style = match lock.state() {
                LockState::Held => theme.warn,
                _ => theme.muted,
            };
            let held_for = if lock.state() == LockState::Held {
                span(now - lock.since_ms)
            } else {
                String::new()
            };
            let waiting = match lock.waiters.len() {
                0 => String::new(),
                n => n.to_string(),
            };
            vec![
                vec![Span::styled(word, word_style)],
                find.marked(&one_line(&lock.path, 300), theme.title, theme),
                find.marked(&short(lock.holder.as_ref()), Style::default(), theme),
                vec![Span::styled(held_for, theme.muted)],
                find.marked(
                    &one_line(lock.intent.as_deref().unwrap_or_default(), 300),
                    Style::default(),
                    theme,
                ),
                vec![Span::styled(waiting, theme.error)],
            ]
        });
    }
    if detail_rows > 0
        && let Some(lock) = shown.get(state.selected)
    {
        render_detail(lock, now, theme, detail_area, buf);
    }
    if contention_area.height > 0 {
        render_contentions(listing, now, theme, contention_area, buf);
    }
}

fn render_detail(lock: &proto::FileLock, now: i64, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let (state, style, _) = state_words(lock, now);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("workspace ", theme.muted),
            Span::raw(lock.workspace.clone()),
        ]),
        Line::from(vec![
            Span::styled("state     ", theme.muted),
            Span::styled(state, style),
            Span::raw(match &lock.holder {
                Some(holder) => format!(" · {}", holder.lock_id),
                None => String::new(),
            }),
        ]),
    ];
    if let (Some(text), Some(at)) = (&lock.intent, lock.intent_at_ms) {
        lines.push(Line::from(vec![
            Span::styled("working on ", theme.muted),
            Span::raw(format!("\"{}\" ({})", one_line(text, 400), human_age(now - at))),
        ]));
    }
    for waiter in &lock.waiters {
        lines.push(Line::from(vec![
            Span::styled("waiting   ", theme.muted),
            Span::styled(
                format!(
                    "{} (refused {})",
                    short(waiter.owner.as_ref()),
                    human_age(now - waiter.last_at_ms)
                ),
                theme.error,
            ),
        ]));
    }
    for reader in &lock.readers {
        lines.push(Line::from(vec![
            Span::styled("reading   ", theme.muted),
            Span::raw(format!(
                "{} ({})",
                short(reader.owner.as_ref()),
                human_age(now - reader.last_at_ms)
            )),
        ]));
    }
    let width = usize::from(area.width.saturating_sub(2));
    let lines: Vec<Line> = lines.into_iter().map(|l| fit(l, width)).collect();
    Paragraph::new(lines)
        .block(Block::bordered().title(format!(" {} ", one_line(&lock.path, 80))))
        .render(area, buf);
}

fn render_contentions(
    listing: &proto::ListLocksResponse,
    now: i64,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let rows = usize::from(area.height.saturating_sub(2));
    // The newest first.
    let lines: Vec<Line> = listing
        .contentions
        .iter()
        .rev()
        .take(rows)
        .map(|c| {
            let times = if c.count > 1 {
                format!(" ×{}", c.count)
            } else {
                String::new()
            };
            fit(
                Line::from(vec![
                    Span::styled(format!("{:>8}  ", human_age(now - c.last_at_ms)), theme.muted),
                    Span::styled(one_line(&c.path, 200), theme.title),
                    Span::raw(format!(
                        "  {} refused, held by {}{times}",
                        short(c.wanted_by.as_ref()),
                        short(c.holder.as_ref())
                    )),
                ]),
                width,
            )
        })
        .collect();
    Paragraph::new(lines)
        .block(Block::bordered().title(format!(" Recent contentions · {} ", listing.contentions.len())))
        .render(area, buf);
}
