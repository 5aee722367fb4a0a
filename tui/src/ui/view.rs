//! Draws the model: the header (where you are, the connection), the current screen, the footer (what a write
//! said, or the keys), and on top the form or the help. Views take `&Model` and never change it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::app::{Connection, Flash, Form, FormKind, Level, Model, STAGES, Screen};
use super::keymap::{Command, Scope};
use super::mouse::Hits;
use super::theme::Theme;
use super::{activity, board, inbox, palette, projects, sessions, task};

/// The smallest screen the window draws on.
pub const MIN_SIZE: (u16, u16) = (50, 12);

/// The longest text drawn from one body (a description, a comment): more is cut with a note, so a huge body
/// costs a bounded time per frame.
pub const MAX_BODY: usize = 20_000;

/// Draws the whole window into `buf` (the bench and the snapshot tests call this directly).
pub fn render(model: &Model, buf: &mut Buffer) {
    render_with_hits(model, buf);
}

/// Draws the whole window into `buf` and says where it drew what a click can reach (the loop keeps that in the
/// model for the mouse, `mouse.rs`).
pub fn render_with_hits(model: &Model, buf: &mut Buffer) -> Hits {
    draw(model, &model.theme, buf)
}

/// Draws the window in another theme than the model's (the snapshot tests draw every screen in each).
#[cfg(test)]
pub fn render_with_theme(model: &Model, theme: &Theme, buf: &mut Buffer) {
    draw(model, theme, buf);
}

fn draw(model: &Model, theme: &Theme, buf: &mut Buffer) -> Hits {
    let mut hits = Hits::new(model.screen.clone());
    let area = buf.area;
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = vec![
            Line::from(format!(
                "Enlarge the terminal to at least {}×{}",
                MIN_SIZE.0, MIN_SIZE.1
            )),
            Line::from(format!(
                "(it is {}×{}); {} quits",
                area.width,
                area.height,
                model.keymap.first_label(Scope::Global, Command::Quit)
            ))
            .style(theme.muted),
        ];
        let mut text = text;
        if model.quit_asked {
            text.extend(quit_question(model).into_iter().map(Line::from));
        }
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return hits;
    }
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(footer_height(model, area.width)),
    ])
    .areas(area);
    render_header(model, theme, header, buf);
    // A page is the rows inside the screen's border, unless the screen says otherwise (the board: its cards).
    hits.page = usize::from(body.height.saturating_sub(2));
    match &model.load_error {
        Some(error) if !has_data(model) => {
            Paragraph::new(vec![
                Line::from(format!("Could not load this screen: {error}")).style(theme.error),
                Line::from(format!(
                    "{} tries again; the window also refetches when relayd is back.",
                    model.keymap.first_label(Scope::Global, Command::Refresh)
                ))
                .style(theme.muted),
            ])
            .wrap(Wrap { trim: true })
            .render(body, buf);
        }
        _ => match &model.screen {
            Screen::Projects => projects::render(model, theme, body, buf, &mut hits),
            Screen::Board(_) => board::render(model, theme, body, buf, &mut hits),
            Screen::Task(_) => task::render(model, theme, body, buf, &mut hits),
            Screen::Inbox => inbox::render(model, theme, body, buf, &mut hits),
            Screen::Sessions => sessions::render(model, theme, body, buf, &mut hits),
            Screen::Activity => activity::render(model, theme, body, buf, &mut hits),
            Screen::Terminal(_) => super::terminal::render(model, theme, body, buf),
            Screen::Locks => super::locks::render(model, theme, body, buf, &mut hits),
            Screen::Environments(_) => super::environments::render(model, theme, body, buf, &mut hits),
            Screen::Graph => super::graph_view::render(model, theme, body, buf, &mut hits),
            Screen::Policy(_) => super::policy_view::render(model, theme, body, buf, &mut hits),
        },
    }
    render_footer(model, theme, footer, buf);
    if let Some(form) = &model.form {
        render_form(form, model, theme, body, buf);
    }
    if model.help {
        render_help(model, theme, body, buf);
    }
    if let Some(palette) = &model.palette {
        palette::render(palette, theme, body, buf, &mut hits);
    }
    if let Some(picker) = &model.picker {
        super::picker::render(picker, theme, body, buf);
    }
    if model.quit_asked {
        render_quit_question(model, theme, body, buf);
    }
    if let Some((question, _)) = &model.confirm {
        render_question(question, theme, body, buf);
    }
    if let Some(restore) = &model.restore {
        super::snapshots::render_question(restore, theme, body, buf);
    }
    hits
}

/// "Quit and lose N drafts?" with the drafts' names, over everything.
fn quit_question(model: &Model) -> Vec<String> {
    let drafts = model.unsent_drafts();
    let mut lines = vec![format!(
        "Quit? {} not sent will be lost:",
        match drafts.len() {
            1 => "1 draft".to_owned(),
            n => format!("{n} drafts"),
        }
    )];
    for (name, chars) in drafts.iter().take(5) {
        lines.push(format!("  {name} ({chars} characters)"));
    }
    if drafts.len() > 5 {
        lines.push(format!("  and {} more", drafts.len() - 5));
    }
    lines.push("y quits · any other key stays".to_owned());
    lines
}

/// A yes/no question over everything (deleting a runner session).
pub(super) fn render_question(question: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(4).min(70);
    let lines = super::fit::rows(
        &[Line::raw(question.to_owned())],
        usize::from(width.saturating_sub(2)),
    );
    let height = u16::try_from(lines + 2).unwrap_or(u16::MAX);
    let popup = centered(area, width, height);
    Clear.render(popup, buf);
    Paragraph::new(question.to_owned())
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(" Confirm ").style(theme.warn))
        .render(popup, buf);
}

fn render_quit_question(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let lines = quit_question(model);
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let popup = centered(area, area.width.saturating_sub(4).min(70), height);
    Clear.render(popup, buf);
    let width = usize::from(popup.width.saturating_sub(2));
    let text: Vec<Line> = lines
        .into_iter()
        .map(|l| super::fit::fit(Line::raw(l), width))
        .collect();
    Paragraph::new(text)
        .block(Block::bordered().title(" Quit ").style(theme.warn))
        .render(popup, buf);
}

fn has_data(model: &Model) -> bool {
    match &model.screen {
        Screen::Projects => model.projects.list.is_some(),
        Screen::Board(_) => model.board.board.is_some(),
        Screen::Task(_) => model.task.data.is_some(),
        Screen::Inbox => model.inbox.inbox.is_some(),
        Screen::Sessions => model.sessions.list.is_some(),
        Screen::Activity => model.activity.rows.is_some(),
        Screen::Terminal(_) => true,
        Screen::Locks => model.locks.listing.is_some(),
        Screen::Environments(_) => model.environments.map.is_some(),
        Screen::Graph => model.graph.status.is_some(),
        Screen::Policy(_) => model.policy.data.is_some(),
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
        Screen::Terminal(session) => vec!["Sessions".into(), session.clone()],
        Screen::Locks => vec!["Locks".into()],
        Screen::Environments(slug) => vec!["Projects".into(), slug.clone(), "Stands & access".into()],
        Screen::Graph => super::graph_view::crumbs(&model.graph),
        Screen::Policy(scope) => vec!["Policy".into(), scope.clone()],
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
    let (status, style) = match &model.connection {
        Connection::Connecting => ("◌ connecting".to_owned(), theme.warn),
        Connection::Live => ("● live".to_owned(), theme.ok),
        Connection::Offline { retry_ms: 0, .. } => (
            format!(
                "○ offline · reconnecting · {} starts relayd",
                model.keymap.first_label(Scope::Global, Command::StartDaemon)
            ),
            theme.error,
        ),
        Connection::Offline { retry_ms, .. } => (
            format!(
                "○ offline · retry in {:.1} s · {} starts relayd",
                *retry_ms as f64 / 1000.0,
                model.keymap.first_label(Scope::Global, Command::StartDaemon)
            ),
            theme.error,
        ),
    };
    let proposals = model
        .inbox
        .proposals
        .as_ref()
        .and_then(|p| p.as_ref().ok())
        .map_or(0, super::inbox::Proposals::len);
    let inbox = match model.inbox.inbox.as_ref().map(|i| i.total as usize + proposals) {
        Some(n) if n > 0 => format!("Needs you {n} · "),
        _ => String::new(),
    };
    let right = Line::from(vec![
        Span::styled(inbox, theme.warn),
        Span::styled(status, style),
        Span::raw(" "),
    ]);
    let width = right.width() as u16;
    // Where you are, cut with `…` before the inbox count and the connection (which always show when they fit).
    let room = if width < area.width {
        area.width - width - 1
    } else {
        area.width
    };
    super::fit::fit(Line::from(crumbs), usize::from(room)).render(area, buf);
    if width < area.width {
        right.render(Rect::new(area.right() - width, area.y, width, 1), buf);
    }
}

/// The most lines a message under the screen takes (a longer one ends with `…`).
const FLASH_LINES: u16 = 4;

fn flash_text(flash: &Flash) -> String {
    format!(" {}", flash.lines.join(" · "))
}

/// One line of key hints, or as many lines as the message needs (up to [`FLASH_LINES`]).
fn footer_height(model: &Model, width: u16) -> u16 {
    match &model.flash {
        Some(flash) if width > 0 => {
            let chars = u16::try_from(Line::raw(flash_text(flash)).width()).unwrap_or(u16::MAX);
            chars.div_ceil(width).clamp(1, FLASH_LINES)
        }
        _ => 1,
    }
}

fn render_footer(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if let Some(flash) = &model.flash {
        let style = match flash.level {
            Level::Info => theme.ok,
            Level::Warning => theme.warn,
            Level::Error => theme.error,
        };
        // Wrapped by characters, not words: the rows then match `footer_height`, and a cut message ends in `…`.
        let width = usize::from(area.width.max(1));
        let chars: Vec<char> = flash_text(flash).chars().collect();
        let mut rows: Vec<Line> = chars
            .chunks(width)
            .map(|row| Line::styled(row.iter().collect::<String>(), style))
            .collect();
        if rows.len() > usize::from(area.height) {
            rows.truncate(usize::from(area.height));
            if let Some(last) = rows.pop() {
                rows.push(super::fit::fit(Line::styled(format!("{last}…"), style), width));
            }
        }
        Paragraph::new(rows).render(area, buf);
        return;
    }
    if matches!(model.screen, Screen::Terminal(_)) {
        let width = usize::from(area.width);
        Line::styled(
            super::fit::cut(&super::terminal::hints(model), width),
            theme.muted,
        )
        .render(area, buf);
        return;
    }
    // Hints while they fit, then `…`; the help key's hint always shows, last.
    let scopes = model.scopes();
    // Quit and help always show, last: a footer cut at 80 columns still says how to leave.
    let pinned = |command: Command, words: &str| {
        model
            .keymap
            .bindings(&scopes)
            .find(|b| b.command == command)
            .map(|b| format!("{} {words}", b.first_label()))
    };
    let help = [pinned(Command::Quit, "quit"), pinned(Command::Help, "help")]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    let help = (!help.is_empty()).then_some(help);
    let hints: Vec<String> = model
        .keymap
        .bindings(&scopes)
        .filter(|b| b.hint && !matches!(b.command, Command::Help | Command::Quit))
        .map(|b| format!("{} {}", b.first_label(), short(b.help)))
        .collect();
    let room = usize::from(area.width).saturating_sub(help.as_ref().map_or(0, |h| h.chars().count() + 3));
    let mut text = String::from(" ");
    for (i, hint) in hints.iter().enumerate() {
        let sep = if text.len() > 1 { " · " } else { "" };
        // A hint that is not the last leaves room for the ` …` that says more are left out.
        let more = if i + 1 < hints.len() { 2 } else { 0 };
        if text.chars().count() + sep.chars().count() + hint.chars().count() + more > room {
            text.push_str(" …");
            break;
        }
        text.push_str(sep);
        text.push_str(hint);
    }
    if let Some(help) = help {
        text.push_str(if text.len() > 1 { " · " } else { "" });
        text.push_str(&help);
    }
    Line::styled(text, theme.muted).render(area, buf);
}

/// The first words of a help text, for the footer.
fn short(help: &str) -> &str {
    help.split([',', '(', ';']).next().unwrap_or(help).trim_end()
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

fn render_form(form: &Form, model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let keymap = &model.keymap;
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
            let comment = if *decision == relay_core::proto::ReviewDecision::Comment {
                "your comment (required) goes to the agent with the step"
            } else {
                "the comment travels with the decision (optional)"
            };
            (
                format!(" {verb} step {step} of {key} "),
                format!("{step}. {title} — {comment}"),
            )
        }
        FormKind::Comment { key, session } => (
            format!(" Comment on {key} "),
            match session {
                Some(s) => format!("For the agent of session {s}"),
                None => "No session is bound: the comment waits for one".to_owned(),
            },
        ),
        FormKind::NewTask { project } => (
            format!(" New task in {project} "),
            "The first line is its title; below it, its description (markdown)".to_owned(),
        ),
        FormKind::AttachShot { key, step } => (
            format!(" Screenshot for step {step} of {key} "),
            "The image file's path (drag the file into the terminal, or paste its path)".to_owned(),
        ),
        FormKind::NewSession { project } => (
            format!(
                " New runner session{} ",
                project.as_deref().map(|p| format!(" in {p}")).unwrap_or_default()
            ),
            "A task key or a branch, then the profile, docker, image=NAME: acme-shop-3 claude docker"
                .to_owned(),
        ),
        FormKind::NewProject => (
            " New project ".to_owned(),
            "Its slug (lowercase letters, digits and -), then its name if you like: shop Online shop"
                .to_owned(),
        ),
        FormKind::Edit(edit) => return super::edit::render(form, edit, keymap, theme, area, buf),
        FormKind::Stand(stand) => stand.words(),
    };
    let is_stage = matches!(form.kind, FormKind::Stage { .. });
    let height = match form.kind {
        FormKind::Stage { .. } => 9,
        // Intro, the field in its box (three rows), the error's two rows and the keys, inside the border.
        FormKind::NewProject | FormKind::NewSession { .. } | FormKind::AttachShot { .. } => 9,
        FormKind::NewTask { .. } | FormKind::Stand(_) => area.height.saturating_sub(2).clamp(14, 24),
        _ => 14,
    };
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
    super::fit::fit(Line::styled(intro, theme.muted), usize::from(intro_area.width)).render(intro_area, buf);
    match &form.kind {
        FormKind::Stage {
            current, selected, ..
        } => {
            let spans: Vec<Span> = STAGES
                .iter()
                .enumerate()
                .flat_map(|(i, stage)| {
                    let stage = model.settings.stage_labels.of(stage);
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
            if matches!(form.kind, FormKind::Stand(_)) {
                super::stands_form::mask_test_secrets(text_area, buf);
                // The field a refusal names is marked where it is typed.
                if let Some(field) = form.error.as_deref().and_then(super::stands_form::named_field) {
                    super::stands_form::mark_field(text_area, buf, &field, theme.error);
                }
            }
        }
    }
    if let Some(error) = &form.error {
        Paragraph::new(format!("Refused: {error}"))
            .style(theme.error)
            .wrap(Wrap { trim: true })
            .render(error_area, buf);
    } else if form.busy {
        Line::styled("sending…", theme.muted).render(error_area, buf);
    } else if let Some(note) = &form.note {
        Line::styled(note.clone(), theme.muted).render(error_area, buf);
    }
    let cancel = keymap.first_label(Scope::Form, Command::Cancel);
    let keys_text = if is_stage {
        format!("←/→ or 1–6 choose · Enter move · {cancel} cancel   (* current stage)")
    } else if matches!(form.kind, FormKind::NewSession { .. }) {
        format!("Enter start · {cancel} close (the draft is kept)")
    } else if matches!(form.kind, FormKind::NewProject) {
        format!("Enter create · {cancel} close (the draft is kept)")
    } else if matches!(form.kind, FormKind::AttachShot { .. }) {
        format!("Enter attach · {cancel} close")
    } else if matches!(form.kind, FormKind::Stand(_)) {
        let send = keymap.first_label(Scope::Form, Command::Submit);
        format!("{send} save · Enter new line · {cancel} close (the draft is kept)")
    } else if matches!(form.kind, FormKind::NewTask { .. }) {
        let send = keymap.first_label(Scope::Form, Command::Submit);
        format!("{send} create · Enter new line · {cancel} close (the draft is kept)")
    } else {
        let send = keymap.first_label(Scope::Form, Command::Submit);
        format!("{send} send · Enter new line · {cancel} close (the draft is kept)")
    };
    Line::styled(keys_text, theme.muted).render(keys, buf);
}

fn render_help(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = Vec::new();
    let mut last = None;
    for binding in model.keymap.bindings(&model.scopes()) {
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
    let total = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let popup = centered(area, 76, total.saturating_add(2));
    // A line longer than the box ends in `…` at its edge.
    let width = usize::from(popup.width.saturating_sub(2));
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|line| super::fit::fit(line, width))
        .collect();
    let visible = popup.height.saturating_sub(2);
    let scroll = model.help_scroll.min(total.saturating_sub(visible));
    let title = if total > visible {
        let last = (scroll + visible).min(total);
        format!(
            " Help · lines {}–{last} of {total} · ↑/↓ scroll · any other key closes ",
            scroll + 1
        )
    } else {
        " Help · any key closes ".to_owned()
    };
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(Block::bordered().title(title))
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

/// A size for people: `812 B`, `14 KB`, `2.5 MB` — as the agents' review text writes it.
pub use relay_core::display::short_size as size;

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

/// Where the view is in a list longer than its pane, for the pane's bottom border: ` 12–31 of 84 ` when rows
/// `first..end` (0-based, `end` exclusive) of `total` are on screen.
pub fn position(first: usize, end: usize, total: usize) -> String {
    let end = end.min(total);
    format!(" {}–{end} of {total} ", (first + 1).min(end))
}
