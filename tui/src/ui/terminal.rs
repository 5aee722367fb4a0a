//! The terminal pane: a runner session's terminal attached in the window. relayd holds the screen; the window
//! attaches as the session's writer (the previous writer is detached with a reason), draws relayd's snapshot and
//! then its output through a local `vt100` parser, and sends every key to the process — except the detach prefix
//! (config `detach_key`, `ctrl-b d` by default, as `relay session attach`): prefix then the key goes back to the
//! sessions, prefix then `n` / `p` attaches the next / previous runner session, the prefix twice sends it once.
//! Its state, its keys and its view.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use relay_core::proto;
use relay_core::proto::terminal_output::Output;

use super::app::{Effect, Model, Screen};
use super::theme::Theme;

/// The history the window's parser keeps above the screen (relayd keeps the session's full scrollback).
const SCROLLBACK: usize = 1_000;
/// The most a paste sends to the process (a larger one is refused, saying so).
pub const MAX_PASTE: usize = 1024 * 1024;
/// relayd takes at most this many bytes of input per message.
const INPUT_CHUNK: usize = 64 * 1024;

/// What the window asks of the worker for the attached terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TerminalEffect {
    /// Attach to `session` as its writer with the pane's size (the previous attachment is dropped).
    Attach {
        session: String,
        rows: u16,
        cols: u16,
    },
    Input(Vec<u8>),
    Resize {
        rows: u16,
        cols: u16,
    },
    /// Drop the attachment (the session goes on running).
    Detach,
}

/// What the worker tells the window about the attached terminal.
#[derive(Debug, Clone)]
pub enum TerminalAction {
    Output {
        session: String,
        output: Box<proto::TerminalOutput>,
    },
    /// The stream could not open or broke; in words.
    Closed { session: String, reason: String },
}

pub struct TerminalState {
    pub session: String,
    pub parser: vt100::Parser,
    /// The detach prefix was typed; the next key decides.
    pub prefix_pending: bool,
    /// relayd's snapshot arrived: the screen is the session's.
    pub attached: bool,
    /// The last notice relayd sent (a refused resize, another writer).
    pub notice: Option<String>,
    /// Why the attachment ended, once it did.
    pub ended: Option<String>,
    /// The runner's record of the session, from the snapshot.
    pub session_info: Option<proto::RunnerSession>,
}

impl std::fmt::Debug for TerminalState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TerminalState")
            .field("session", &self.session)
            .field("attached", &self.attached)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl TerminalState {
    fn new(session: String, rows: u16, cols: u16) -> TerminalState {
        TerminalState {
            session,
            parser: vt100::Parser::new(cells(rows), cells(cols), SCROLLBACK),
            prefix_pending: false,
            attached: false,
            notice: None,
            ended: None,
            session_info: None,
        }
    }

    /// The screen's text, row by row (for tests and the trace).
    pub fn contents(&self) -> String {
        self.parser.screen().contents()
    }
}

/// A size in cells as vt100 takes it (at least one).
fn cells(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).unwrap_or(std::num::NonZeroU16::MIN)
}

/// The pane's size inside its border for the terminal the window is drawn in: the body between the header and
/// the footer line.
pub fn pane_size(model: &Model) -> (u16, u16) {
    let (width, height) = model
        .images
        .terminal
        .map_or((80, 24), |cells| (cells.width, cells.height));
    (height.saturating_sub(4).max(1), width.saturating_sub(2).max(1))
}

/// Opens the terminal pane on `session` and attaches to it.
pub(super) fn open(model: &mut Model, session: String, effects: &mut Vec<Effect>) {
    let (rows, cols) = pane_size(model);
    model.terminal = Some(TerminalState::new(session.clone(), rows, cols));
    model.open(Screen::Terminal(session.clone()), effects);
    effects.push(Effect::Terminal(TerminalEffect::Attach { session, rows, cols }));
}

/// Leaves the pane: the attachment is dropped, the session goes on running.
fn detach(model: &mut Model, effects: &mut Vec<Effect>) {
    effects.push(Effect::Terminal(TerminalEffect::Detach));
    let name = model.terminal.take().map(|t| t.session).unwrap_or_default();
    model.flash = Some(super::app::Flash {
        level: super::app::Level::Info,
        lines: vec![format!(
            "detached from {name}; it goes on running (Enter on it attaches again)"
        )],
    });
    model.go_back(effects);
}

/// The next (or previous) runner session after the attached one, in the sessions screen's order.
fn neighbour(model: &Model, forward: bool) -> Option<String> {
    let current = model.terminal.as_ref()?.session.clone();
    let names: Vec<String> = model
        .sessions
        .visible()
        .iter()
        .filter(|s| model.sessions.runner.contains_key(&s.name))
        .map(|s| s.name.clone())
        .collect();
    let at = names.iter().position(|n| *n == current)?;
    let next = if forward {
        (at + 1) % names.len()
    } else {
        (at + names.len() - 1) % names.len()
    };
    names.get(next).filter(|n| **n != current).cloned()
}

/// A key while the pane is open: to the process, or the prefix's.
pub(super) fn key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let (prefix, detach_key) = model.detach_key;
    let Some(state) = model.terminal.as_mut() else {
        return;
    };
    let app_cursor = state.parser.screen().application_cursor();
    let Some(bytes) = encode(&key, app_cursor) else {
        model.dirty = false;
        return;
    };
    if state.prefix_pending {
        state.prefix_pending = false;
        match bytes.as_slice() {
            [b] if *b == detach_key => return detach(model, effects),
            b"n" | b"p" => {
                match neighbour(model, bytes == b"n") {
                    Some(next) => {
                        effects.push(Effect::Terminal(TerminalEffect::Detach));
                        model.screen = Screen::Sessions;
                        open(model, next, effects);
                        // Back from the next session goes to the sessions, not through each one.
                        model.history.pop();
                    }
                    None => {
                        model.flash = Some(super::app::Flash {
                            level: super::app::Level::Info,
                            lines: vec!["no other runner session to switch to".to_owned()],
                        });
                    }
                }
                return;
            }
            [b] if *b == prefix => effects.push(Effect::Terminal(TerminalEffect::Input(vec![prefix]))),
            _ => {
                let mut both = vec![prefix];
                both.extend(bytes);
                effects.push(Effect::Terminal(TerminalEffect::Input(both)));
            }
        }
        return;
    }
    if bytes == [prefix] {
        state.prefix_pending = true;
        return;
    }
    if state.ended.is_some() {
        // Nothing to type into: any key but the prefix's goes back.
        return detach(model, effects);
    }
    effects.push(Effect::Terminal(TerminalEffect::Input(bytes)));
    // The screen changes when the process answers.
    model.dirty = false;
}

/// A paste while the pane is open: to the process whole (bracketed when it asked for that), or refused when it is
/// over [`MAX_PASTE`].
pub(super) fn paste(model: &mut Model, text: &str, effects: &mut Vec<Effect>) {
    let Some(state) = model.terminal.as_ref() else {
        return;
    };
    if text.len() > MAX_PASTE {
        model.flash = Some(super::app::Flash {
            level: super::app::Level::Error,
            lines: vec![format!(
                "the paste is {} KiB; the terminal pane takes at most {} KiB at once — nothing was sent",
                text.len() / 1024,
                MAX_PASTE / 1024
            )],
        });
        return;
    }
    let bracketed = state.parser.screen().bracketed_paste();
    let mut bytes = Vec::with_capacity(text.len() + 12);
    if bracketed {
        bytes.extend_from_slice(b"\x1b[200~");
    }
    bytes.extend_from_slice(text.as_bytes());
    if bracketed {
        bytes.extend_from_slice(b"\x1b[201~");
    }
    for chunk in bytes.chunks(INPUT_CHUNK) {
        effects.push(Effect::Terminal(TerminalEffect::Input(chunk.to_vec())));
    }
    model.dirty = false;
}

/// The terminal the window is drawn in changed size: the pane follows, and so does the session's PTY.
pub(super) fn resized(model: &mut Model, effects: &mut Vec<Effect>) {
    let (rows, cols) = pane_size(model);
    if let Some(state) = model.terminal.as_mut() {
        let (now_rows, now_cols) = state.parser.screen().size();
        if (now_rows.get(), now_cols.get()) != (rows, cols) {
            state.parser.screen_mut().set_size(cells(rows), cells(cols));
            effects.push(Effect::Terminal(TerminalEffect::Resize { rows, cols }));
        }
    }
}

/// What the worker heard on the attachment.
pub(super) fn on_action(model: &mut Model, action: TerminalAction) {
    let Some(state) = model.terminal.as_mut() else {
        model.dirty = false;
        return;
    };
    match action {
        TerminalAction::Output { session, output } if session == state.session => match output.output {
            Some(Output::Snapshot(snapshot)) => {
                let rows = u16::try_from(snapshot.rows).unwrap_or(u16::MAX);
                let cols = u16::try_from(snapshot.cols).unwrap_or(u16::MAX);
                state.parser = vt100::Parser::new(cells(rows), cells(cols), SCROLLBACK);
                state.parser.process(&snapshot.screen);
                state.attached = true;
                state.session_info = snapshot.session;
            }
            Some(Output::Data(bytes)) => state.parser.process(&bytes),
            Some(Output::Notice(notice)) => state.notice = Some(notice),
            Some(Output::End(end)) => state.ended = Some(end.reason),
            None => model.dirty = false,
        },
        TerminalAction::Closed { session, reason } if session == state.session => {
            state.ended.get_or_insert(reason);
        }
        // From an attachment the window already left.
        _ => model.dirty = false,
    }
}

/// The bytes a terminal sends for a key (xterm's encoding); `app_cursor`: the arrows as the process asked
/// (`ESC O A` in application cursor mode). None for keys that send nothing.
pub fn encode(key: &KeyEvent, app_cursor: bool) -> Option<Vec<u8>> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    let arrow = |c: u8| {
        if app_cursor {
            vec![0x1b, b'O', c]
        } else {
            vec![0x1b, b'[', c]
        }
    };
    let mut bytes = match key.code {
        KeyCode::Char(c) if ctrl => match c.to_ascii_lowercase() {
            c @ 'a'..='z' => vec![c as u8 - b'a' + 1],
            ' ' | '@' | '2' => vec![0],
            '[' | '3' => vec![0x1b],
            '\\' | '4' => vec![0x1c],
            ']' | '5' => vec![0x1d],
            '^' | '6' => vec![0x1e],
            '_' | '-' | '7' => vec![0x1f],
            _ => return None,
        },
        KeyCode::Char(c) => c.to_string().into_bytes(),
        KeyCode::Enter => vec![b'\r'],
        KeyCode::Tab => vec![b'\t'],
        KeyCode::BackTab => b"\x1b[Z".to_vec(),
        KeyCode::Backspace => vec![0x7f],
        KeyCode::Esc => vec![0x1b],
        KeyCode::Up => arrow(b'A'),
        KeyCode::Down => arrow(b'B'),
        KeyCode::Right => arrow(b'C'),
        KeyCode::Left => arrow(b'D'),
        KeyCode::Home => b"\x1b[H".to_vec(),
        KeyCode::End => b"\x1b[F".to_vec(),
        KeyCode::PageUp => b"\x1b[5~".to_vec(),
        KeyCode::PageDown => b"\x1b[6~".to_vec(),
        KeyCode::Insert => b"\x1b[2~".to_vec(),
        KeyCode::Delete => b"\x1b[3~".to_vec(),
        KeyCode::F(n @ 1..=4) => vec![0x1b, b'O', b'P' + n - 1],
        KeyCode::F(n @ 5..=12) => {
            let code = [15, 17, 18, 19, 20, 21, 23, 24][usize::from(n - 5)];
            format!("\x1b[{code}~").into_bytes()
        }
        _ => return None,
    };
    if alt {
        bytes.insert(0, 0x1b);
    }
    Some(bytes)
}

/// The prefix as the footer writes it: `Ctrl-B`.
fn prefix_label(prefix: u8) -> String {
    format!("Ctrl-{}", char::from(prefix + b'A' - 1))
}

/// The footer's line while the pane is open.
pub fn hints(model: &Model) -> String {
    let (prefix, key) = model.detach_key;
    let prefix = prefix_label(prefix);
    let pending = model.terminal.as_ref().is_some_and(|t| t.prefix_pending);
    if pending {
        format!(
            " {prefix}: {} detach · n next session · p previous · {prefix} sends {prefix}",
            char::from(key)
        )
    } else {
        format!(
            " keys go to the session · {prefix} {} detach · {prefix} n/p next/previous session",
            char::from(key)
        )
    }
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(state) = &model.terminal else {
        return;
    };
    let mut title = vec![Span::styled(
        format!(" {} ", super::fit::one_line(&state.session, 60)),
        theme.title,
    )];
    if let Some(info) = &state.session_info {
        title.push(Span::styled(
            format!("{} · {} ", info.state, info.backend),
            theme.muted,
        ));
        if !info.isolated {
            title.push(Span::styled("not isolated ", theme.warn));
        }
    }
    let mut block = Block::bordered().title(Line::from(title));
    let status = match (&state.ended, &state.notice, state.attached) {
        (Some(reason), _, _) => Some((format!(" {reason} · any key goes back "), theme.error)),
        (None, Some(notice), _) => Some((format!(" {notice} "), theme.warn)),
        (None, None, false) => Some((" attaching… ".to_owned(), theme.muted)),
        (None, None, true) => None,
    };
    if let Some((text, style)) = status {
        let width = usize::from(area.width.saturating_sub(4));
        block = block.title_bottom(Line::styled(super::fit::cut(&text, width), style));
    }
    let inner = block.inner(area);
    block.render(area, buf);
    draw_screen(state.parser.screen(), inner, buf);
    if state.ended.is_none() && !state.attached {
        Paragraph::new(Line::styled("attaching…", theme.muted)).render(inner, buf);
    }
}

/// Draws a vt100 screen into `area`: each cell's character and style; the cursor as a reversed cell.
fn draw_screen(screen: &vt100::Screen, area: Rect, buf: &mut Buffer) {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    for row in 0..rows.min(area.height) {
        for col in 0..cols.min(area.width) {
            let Some(cell) = screen.cell(row, col) else {
                continue;
            };
            let Some(target) = buf.cell_mut((area.x + col, area.y + row)) else {
                continue;
            };
            if cell.is_wide_continuation() {
                target.reset();
                continue;
            }
            target.set_symbol(if cell.has_contents() { cell.contents() } else { " " });
            target.set_style(cell_style(cell));
        }
    }
    if !screen.hide_cursor() {
        let (row, col) = screen.cursor_position();
        if row < area.height
            && col < area.width
            && let Some(target) = buf.cell_mut((area.x + col, area.y + row))
        {
            let style = target.style().add_modifier(Modifier::REVERSED);
            target.set_style(style);
        }
    }
}

fn cell_style(cell: &vt100::Cell) -> Style {
    let mut modifier = Modifier::empty();
    for (on, m) in [
        (cell.bold(), Modifier::BOLD),
        (cell.dim(), Modifier::DIM),
        (cell.italic(), Modifier::ITALIC),
        (cell.underline(), Modifier::UNDERLINED),
        (cell.inverse(), Modifier::REVERSED),
    ] {
        if on {
            modifier |= m;
        }
    }
    Style::reset()
        .fg(color(cell.fgcolor()))
        .bg(color(cell.bgcolor()))
        .add_modifier(modifier)
}

fn color(color: vt100::Color) -> Color {
    match color {
        vt100::Color::Default => Color::Reset,
        vt100::Color::Idx(i) => Color::Indexed(i),
        vt100::Color::Rgb(r, g, b) => Color::Rgb(r, g, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn keys_are_sent_as_a_terminal_sends_them() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            encode(&press(KeyCode::Char('é'), none), false).unwrap(),
            "é".as_bytes()
        );
        assert_eq!(
            encode(&press(KeyCode::Char('c'), KeyModifiers::CONTROL), false).unwrap(),
            [3]
        );
        assert_eq!(encode(&press(KeyCode::Enter, none), false).unwrap(), b"\r");
        assert_eq!(encode(&press(KeyCode::Backspace, none), false).unwrap(), [0x7f]);
        assert_eq!(encode(&press(KeyCode::Up, none), false).unwrap(), b"\x1b[A");
        assert_eq!(encode(&press(KeyCode::Up, none), true).unwrap(), b"\x1bOA");
        assert_eq!(
            encode(&press(KeyCode::Char('x'), KeyModifiers::ALT), false).unwrap(),
            b"\x1bx"
        );
        assert_eq!(encode(&press(KeyCode::F(5), none), false).unwrap(), b"\x1b[15~");
        assert_eq!(encode(&press(KeyCode::F(1), none), false).unwrap(), b"\x1bOP");
        assert_eq!(encode(&press(KeyCode::CapsLock, none), false), None);
    }

    #[test]
    fn the_screen_is_drawn_with_its_colours_and_cursor() {
        let mut parser = vt100::Parser::new(cells(3), cells(10), 0);
        parser.process(b"\x1b[31mred\x1b[0m ok");
        let area = Rect::new(0, 0, 10, 3);
        let mut buf = Buffer::empty(area);
        draw_screen(parser.screen(), area, &mut buf);
        let first: String = (0..10).map(|x| buf[(x, 0)].symbol().to_owned()).collect();
        assert_eq!(first, "red ok    ");
        assert_eq!(buf[(0, 0)].fg, Color::Indexed(1));
        assert_eq!(buf[(4, 0)].fg, Color::Reset);
        assert!(
            buf[(6, 0)].modifier.contains(Modifier::REVERSED),
            "the cursor after `ok`"
        );
    }

    #[test]
    fn a_wide_character_takes_two_columns() {
        let mut parser = vt100::Parser::new(cells(1), cells(6), 0);
        parser.process("日本".as_bytes());
        let area = Rect::new(0, 0, 6, 1);
        let mut buf = Buffer::empty(area);
        draw_screen(parser.screen(), area, &mut buf);
        assert_eq!(buf[(0, 0)].symbol(), "日");
        assert_eq!(buf[(2, 0)].symbol(), "本");
    }
}
