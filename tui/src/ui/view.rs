//! Draws the model: the header (where you are, the connection), the current screen, the footer (what a write
//! said, or the keys), and on top the form or the help. Views take `&Model` and never change it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::app::{Connection, Form, FormKind, Level, Model, STAGES, Screen};
use super::keymap;
use super::theme::Theme;
use super::{activity, board, inbox, projects, sessions, task};

/// The smallest screen the window draws on.
pub const MIN_SIZE: (u16, u16) = (50, 12);

/// The longest text drawn from one body (a description, a comment): more is cut with a note, so a huge body
/// costs a bounded time per frame.
pub const MAX_BODY: usize = 20_000;

/// Draws the whole window into `buf` (the bench and the snapshot tests call this directly).
pub fn render(model: &Model, buf: &mut Buffer) {
    let area = buf.area;
    let theme = &model.theme;
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = vec![
            Line::from(format!(
                "Enlarge the terminal to at least {}×{}",
                MIN_SIZE.0, MIN_SIZE.1
            )),
            Line::from(format!("(it is {}×{}); q quits", area.width, area.height)).style(theme.muted),
        ];
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return;
    }
    let [header, body, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)]).areas(area);
    render_header(model, theme, header, buf);
    match &model.load_error {
        Some(error) if !has_data(model) => {
            Paragraph::new(vec![
                Line::from(format!("Could not load this screen: {error}")).style(theme.error),
                Line::from("Ctrl-R tries again; the window also refetches when relayd is back.")
                    .style(theme.muted),
            ])
            .wrap(Wrap { trim: true })
            .render(body, buf);
        }
        _ => match &model.screen {
            Screen::Projects => projects::render(model, theme, body, buf),
            Screen::Board(_) => board::render(model, theme, body, buf),
            Screen::Task(_) => task::render(model, theme, body, buf),
            Screen::Inbox => inbox::render(model, theme, body, buf),
            Screen::Sessions => sessions::render(model, theme, body, buf),
            Screen::Activity => activity::render(model, theme, body, buf),
        },
    }
    render_footer(model, theme, footer, buf);
    if let Some(form) = &model.form {
        render_form(form, theme, body, buf);
    }
    if model.help {
        render_help(model, theme, body, buf);
    }
}

fn has_data(model: &Model) -> bool {
    match &model.screen {
        Screen::Projects => model.projects.list.is_some(),
        Screen::Board(_) => model.board.board.is_some(),
        Screen::Task(_) => model.task.data.is_some(),
        Screen::Inbox => model.inbox.inbox.is_some(),
        Screen::Sessions => model.sessions.list.is_some(),
        Screen::Activity => model.activity.rows.is_some(),
    }
}

fn render_header(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let mut crumbs = vec![Span::styled(" relay ", theme.brand), Span::raw(" ")];
    let path: Vec<String> = match &model.screen {
        Screen::Projects => vec!["Projects".into()],
        Screen::Board(slug) => vec!["Projects".into(), slug.clone()],
        Screen::Task(key) => {
            let project = model
                .task
                .data
                .as_ref()
                .and_then(|d| d.detail.task.as_ref())
                .map_or_else(
                    || key.rsplit_once('-').map_or(key.as_str(), |p| p.0).to_owned(),
                    |t| t.project.clone(),
                );
            vec!["Projects".into(), project, key.clone()]
        }
        Screen::Inbox => vec!["Needs you".into()],
        Screen::Sessions => match &model.sessions.project {
            Some(slug) => vec!["Projects".into(), slug.clone(), "Sessions".into()],
            None => vec!["Sessions".into()],
        },
        Screen::Activity => vec!["Activity".into()],
    };
    for (i, part) in path.iter().enumerate() {
        if i > 0 {
            crumbs.push(Span::styled(" › ", theme.muted));
        }
        let style = if i + 1 == path.len() {
            theme.title
        } else {
            theme.text
        };
        crumbs.push(Span::styled(part.clone(), style));
    }
    Line::from(crumbs).render(area, buf);

    let (status, style) = match &model.connection {
        Connection::Connecting => ("◌ connecting".to_owned(), theme.warn),
        Connection::Live => ("● live".to_owned(), theme.ok),
        Connection::Offline { retry_ms: 0, .. } => ("○ offline · reconnecting".to_owned(), theme.error),
        Connection::Offline { retry_ms, .. } => (
            format!("○ offline · retry in {:.1} s", *retry_ms as f64 / 1000.0),
            theme.error,
        ),
    };
    let inbox = match model.inbox.inbox.as_ref().map(|i| i.total) {
        Some(n) if n > 0 => format!("Needs you {n} · "),
        _ => String::new(),
    };
    let right = Line::from(vec![
        Span::styled(inbox, theme.warn),
        Span::styled(status, style),
        Span::raw(" "),
    ]);
    let width = right.width() as u16;
    if width < area.width {
        right.render(Rect::new(area.right() - width, area.y, width, 1), buf);
    }
}

fn render_footer(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if let Some(flash) = &model.flash {
        let style = match flash.level {
            Level::Info => theme.ok,
            Level::Warning => theme.warn,
            Level::Error => theme.error,
        };
        Line::styled(format!(" {}", flash.lines.join(" · ")), style).render(area, buf);
        return;
    }
    let hints: Vec<String> = keymap::bindings(&model.scopes())
        .filter(|b| b.hint)
        .map(|b| {
            format!(
                "{} {}",
                b.label.split(',').next().unwrap_or(b.label),
                short(b.help)
            )
        })
        .collect();
    Line::styled(format!(" {}", hints.join(" · ")), theme.muted).render(area, buf);
}

/// The first words of a help text, for the footer.
fn short(help: &str) -> &str {
    help.split([',', '(']).next().unwrap_or(help).trim_end()
}

/// A box of `width`×`height` in the middle of `area`, at most as large as it.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

fn render_form(form: &Form, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let (title, intro) = match &form.kind {
        FormKind::Stage { key, title, .. } => (format!(" Move {key} "), title.clone()),
        FormKind::Decide {
            key,
            step,
            title,
            decision,
            ..
        } => {
            let verb = match decision {
                relay_core::proto::ReviewDecision::Accept => "Accept",
                relay_core::proto::ReviewDecision::Reject => "Reject",
                relay_core::proto::ReviewDecision::Reopen => "Reopen",
                _ => "Comment on",
            };
            (
                format!(" {verb} step {step} of {key} "),
                format!("{step}. {title} — the comment travels with the decision (optional)"),
            )
        }
        FormKind::Comment { key, session } => (
            format!(" Comment on {key} "),
            match session {
                Some(s) => format!("For the agent of session {s}"),
                None => "No session is bound: the comment waits for one".to_owned(),
            },
        ),
    };
    let is_stage = matches!(form.kind, FormKind::Stage { .. });
    let height = if is_stage { 9 } else { 14 };
    let popup = centered(area, area.width.saturating_sub(4).min(80), height);
    Clear.render(popup, buf);
    let block = Block::bordered().title(title).style(theme.text);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let [intro_area, main, error_area, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(inner);
    Line::styled(intro, theme.muted).render(intro_area, buf);
    match &form.kind {
        FormKind::Stage {
            current, selected, ..
        } => {
            let spans: Vec<Span> = STAGES
                .iter()
                .enumerate()
                .flat_map(|(i, stage)| {
                    let label = if i == *current {
                        format!(" {} {stage}* ", i + 1)
                    } else {
                        format!(" {} {stage} ", i + 1)
                    };
                    let style = if i == *selected {
                        theme.selected
                    } else {
                        theme.text
                    };
                    [Span::styled(label, style), Span::raw(" ")]
                })
                .collect();
            let rows = Layout::vertical([Constraint::Length(1), Constraint::Length(1), Constraint::Min(0)])
                .split(main);
            if let Some(row) = rows.get(1) {
                Line::from(spans).render(*row, buf);
            }
        }
        _ => {
            let box_block = Block::bordered().border_style(theme.muted);
            let text_area = box_block.inner(main);
            box_block.render(main, buf);
            form.editor.render(text_area, buf, theme.text);
        }
    }
    if let Some(error) = &form.error {
        Paragraph::new(format!("Refused: {error}"))
            .style(theme.error)
            .wrap(Wrap { trim: true })
            .render(error_area, buf);
    } else if form.busy {
        Line::styled("sending…", theme.muted).render(error_area, buf);
    }
    let keys_text = if is_stage {
        "←/→ or 1–6 choose · Enter move · Esc cancel   (* current stage)"
    } else {
        "Ctrl-S send · Enter new line · Esc cancel"
    };
    Line::styled(keys_text, theme.muted).render(keys, buf);
}

fn render_help(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = Vec::new();
    let mut last = None;
    for binding in keymap::bindings(&model.scopes()) {
        if last != Some(binding.scope) {
            if last.is_some() {
                lines.push(Line::raw(""));
            }
            lines.push(Line::styled(
                format!("Keys: {}", binding.scope.title()),
                theme.title,
            ));
            last = Some(binding.scope);
        }
        lines.push(Line::from(vec![
            Span::styled(format!("  {:<16}", binding.label), theme.accent),
            Span::raw(binding.help),
        ]));
    }
    let popup = centered(area, 76, lines.len() as u16 + 2);
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(Block::bordered().title(" Help · any key closes "))
        .render(popup, buf);
}

/// How long ago `then` was, for people: `now`, `5m`, `3h`, `2d`.
pub fn age(now_ms: i64, then_ms: i64) -> String {
    let seconds = (now_ms - then_ms).max(0) / 1000;
    match seconds {
        0..60 => "now".to_owned(),
        60..3600 => format!("{}m", seconds / 60),
        3600..86_400 => format!("{}h", seconds / 3600),
        _ => format!("{}d", seconds / 86_400),
    }
}

/// `just now`, `5m ago`, …
pub fn ago(now_ms: i64, then_ms: i64) -> String {
    match age(now_ms, then_ms).as_str() {
        "now" => "just now".to_owned(),
        age => format!("{age} ago"),
    }
}

/// A size for people: `812 B`, `14 KB`, `2.5 MB`.
pub fn size(bytes: i64) -> String {
    match bytes {
        ..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{} KB", bytes / 1024),
        _ => format!("{:.1} MB", bytes as f64 / 1_048_576.0),
    }
}

/// A body for display: at most [`MAX_BODY`] characters (with a note when cut), control characters other than
/// line breaks shown as `�`, tabs as spaces.
pub fn bounded(text: &str) -> String {
    let (shown, rest) = match text.char_indices().nth(MAX_BODY) {
        Some((cut, _)) => (&text[..cut], Some(text[cut..].chars().count())),
        None => (text, None),
    };
    let mut out: String = shown
        .chars()
        .filter_map(|c| match c {
            '\r' => None,
            '\t' => Some(' '),
            '\n' => Some('\n'),
            c if c.is_control() => Some('�'),
            c => Some(c),
        })
        .collect();
    if let Some(rest) = rest {
        out.push_str(&format!("\n… ({rest} more characters not shown)"));
    }
    out
}

/// The first line of `lines` to show so that line `selected` is visible in `height` lines.
pub fn scroll_to(selected: usize, height: usize) -> usize {
    selected.saturating_sub(height.saturating_sub(1))
}
