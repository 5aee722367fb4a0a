//! A project's board: six stage columns. Wide terminals show all six; narrower ones page them like the web
//! board (Plan · Dev · Review · Test | Live · Done); the narrowest show one column with a stage tab bar. The
//! done column holds the tasks closed within `done_window_days` (at most 200); the archive — older done tasks —
//! comes back with "show archived" and the `/` filter ([`Archive`], fetched with `ListArchivedTasks`).

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use relay_core::board::{PlanStatus, Stage, StageLabels};
use relay_core::proto;

use super::app::{
    BoardState, Connection, Data, Effect, Fetch, Flash, Level, Model, STAGES, Screen, TAB_REVIEW,
};
use super::keymap::{Command, Scope};
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::scroll_to;

/// All six columns from this width on, when a card's key and dot fit a sixth of it ([`columns_fit`]).
pub const ALL_COLUMNS_WIDTH: u16 = 120;
/// Two pages of columns from this width on; below, one column at a time.
pub const PAGED_WIDTH: u16 = 72;
/// The columns on the first page when paged (Plan · Dev · Review · Test); the second page has the rest.
pub const FIRST_PAGE: usize = 4;
/// The Plan tab of the task view (a card's Plan badge opens it).
const TAB_PLAN: usize = 1;

/// What the window was configured with for the board and the task view: the stages' display labels and the
/// "open in desktop" link (config `stage_labels`, `desktop_link_template`).
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub stage_labels: StageLabels,
    /// Empty: "open in desktop" is off.
    pub desktop_link_template: String,
}

impl Settings {
    pub fn from_config(config: &relay_core::config::Config) -> Settings {
        Settings {
            stage_labels: config.stage_labels.clone(),
            desktop_link_template: config.desktop_link_template.clone(),
        }
    }
}

/// The archived done tasks on the board: shown all (the owner's "show archived") or searched by the `/` filter's
/// text, a page of at most 200 fetched with `ListArchivedTasks` and merged into the done column.
#[derive(Debug, Default)]
pub struct Archive {
    /// "Show archived" is on.
    pub shown: bool,
    /// The last answer (for the query it answered).
    pub page: Option<ArchivePage>,
    /// What was asked last: the query and the board's event id (a board fetched again asks again).
    asked: Option<(String, i64)>,
    /// Whether relayd was live when it was asked: an answer that failed while offline is asked again once live.
    asked_live: bool,
}

#[derive(Debug, Clone)]
pub struct ArchivePage {
    pub query: String,
    pub tasks: Vec<proto::Task>,
    /// How many archived tasks match (the page holds at most 200).
    pub total: i64,
    /// Why the archive could not be read.
    pub error: Option<String>,
}

impl Archive {
    /// The archived tasks merged into the done column.
    pub fn tasks(&self) -> &[proto::Task] {
        self.page.as_ref().map_or(&[], |p| p.tasks.as_slice())
    }
}

/// The archive query the board wants now: the filter's text when it has some, else everything when "show
/// archived" is on; `None`: no archive on the board.
fn wanted(state: &BoardState) -> Option<String> {
    let query = state.find.query.trim();
    (state.archive.shown || !query.is_empty()).then(|| query.to_owned())
}

/// Run after every update: asks for the archive page the board wants (when the query or the board changed) and
/// drops it when none is wanted, keeping the selection on its cards.
pub fn follow_archive(model: &mut Model, effects: &mut Vec<Effect>) {
    let Screen::Board(slug) = &model.screen else {
        return;
    };
    let Some(board) = &model.board.board else {
        return;
    };
    match wanted(&model.board) {
        None => {
            model.board.archive.asked = None;
            if model.board.archive.page.is_some() {
                let before = model.board.selected_keys();
                model.board.archive.page = None;
                model.board.reselect(&before);
            }
        }
        Some(query) => {
            let ask = (query.clone(), board.last_event_id);
            let live = model.connection == Connection::Live;
            let archive = &model.board.archive;
            let failed_offline = live
                && !archive.asked_live
                && archive
                    .page
                    .as_ref()
                    .is_some_and(|p| p.error.is_some() && p.query == query);
            if archive.asked.as_ref() != Some(&ask) || failed_offline {
                model.board.archive.asked = Some(ask);
                model.board.archive.asked_live = live;
                effects.push(Effect::Fetch(Fetch::Archive {
                    slug: slug.clone(),
                    query,
                }));
            }
        }
    }
}

/// The archive's answer: kept when it is the one the board still wants (a later query's answer wins).
pub fn archive_loaded(model: &mut Model, fetch: Fetch, result: Result<Data, String>) {
    let Fetch::Archive { slug, query } = fetch else {
        return;
    };
    if model.board.slug != slug || wanted(&model.board).as_deref() != Some(query.as_str()) {
        model.dirty = false;
        return;
    }
    let page = match result {
        Ok(Data::Archive(answer)) => ArchivePage {
            query,
            tasks: answer.tasks,
            total: answer.total,
            error: None,
        },
        Ok(_) => return,
        Err(message) => ArchivePage {
            query,
            tasks: Vec::new(),
            total: 0,
            error: Some(message),
        },
    };
    let before = model.board.selected_keys();
    model.board.archive.page = Some(page);
    model.board.reselect(&before);
}

/// "Show archived" on the board: on, the done column holds the archived tasks too (the newest 200 closed); off,
/// only the recent ones.
pub fn toggle_archived(model: &mut Model) {
    let archive = &mut model.board.archive;
    archive.shown = !archive.shown;
    let (level, line) = match (
        archive.shown,
        model.board.board.as_ref().and_then(|b| b.done.as_ref()),
    ) {
        (true, Some(done)) if done.archived == 0 => (
            Level::Info,
            format!(
                "no task is archived (done more than {} days ago)",
                done.window_days
            ),
        ),
        (true, _) => (
            Level::Info,
            "the done column shows the archived tasks too".to_owned(),
        ),
        (false, _) => (Level::Info, "archived tasks hidden".to_owned()),
    };
    model.flash = Some(Flash {
        level,
        lines: vec![line],
    });
}

/// The task view's tab Enter on a card opens: the one its badge names — Review for a task in review or test
/// with a checklist, else Plan for a task with plan steps, else Review for a checklist, else the Overview.
pub fn open_tab(state: &BoardState, task: &proto::Task) -> usize {
    let review = state.reviews.contains_key(&task.key);
    let in_review = matches!(Stage::parse(&task.stage), Ok(Stage::Review | Stage::Test));
    if review && in_review {
        TAB_REVIEW
    } else if state.plans.contains_key(&task.key) {
        TAB_PLAN
    } else if review {
        TAB_REVIEW
    } else {
        0
    }
}

/// "Open in desktop" for `key`, bound to `session`: the configured link opened with the system opener, or a
/// message saying why not (off, no session, not a desktop session).
pub fn open_desktop(model: &mut Model, key: &str, session: Option<&str>, effects: &mut Vec<Effect>) {
    let result = match session {
        None => Err(format!(
            "{key} has no bound session to open in the desktop app (b on the task binds one)"
        )),
        Some(session) => relay_core::config::desktop_link(&model.settings.desktop_link_template, session),
    };
    match result {
        Ok(link) => effects.push(Effect::Image(super::image::ImageEffect::OpenLink { link })),
        Err(why) => {
            model.flash = Some(Flash {
                level: Level::Error,
                lines: vec![why],
            });
        }
    }
}

/// The answer to "open in desktop".
pub fn link_opened(model: &mut Model, result: Result<String, String>) {
    model.flash = Some(match result {
        Ok(what) => Flash {
            level: Level::Info,
            lines: vec![what],
        },
        Err(why) => Flash {
            level: Level::Error,
            lines: vec![format!("open in desktop: {why}")],
        },
    });
}

/// Whether all six columns fit `width`: from [`ALL_COLUMNS_WIDTH`] on, when the widest card key with its dot
/// (` ●`) fits a column's inner width — a card is then its key and dot, two lines of title and the rest cut.
pub fn columns_fit(width: u16, key_width: usize) -> bool {
    let inner = usize::from(width / 6).saturating_sub(2);
    width >= ALL_COLUMNS_WIDTH && key_width + 2 <= inner
}

/// The columns shown at `width` with `column` selected, when cards fit six columns from
/// [`ALL_COLUMNS_WIDTH`] on ([`columns_fit`]).
pub fn visible_columns(width: u16, column: usize) -> Range<usize> {
    columns_at(width, column, true)
}

fn columns_at(width: u16, column: usize, six_fit: bool) -> Range<usize> {
    if width >= ALL_COLUMNS_WIDTH && six_fit {
        0..STAGES.len()
    } else if width >= PAGED_WIDTH {
        if column < FIRST_PAGE {
            0..FIRST_PAGE
        } else {
            FIRST_PAGE..STAGES.len()
        }
    } else {
        column..column + 1
    }
}

/// The widest task key on the board, in terminal columns.
fn key_width(state: &BoardState) -> usize {
    let board = state.board.iter().flat_map(|b| b.tasks.iter());
    board
        .chain(state.archive.tasks().iter())
        .map(|t| t.key.chars().count())
        .max()
        .unwrap_or(0)
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.board;
    let Some(board) = &state.board else {
        Paragraph::new(Line::styled("loading…", theme.muted))
            .block(Block::bordered().title(format!(" {} ", state.slug)))
            .render(area, buf);
        return;
    };
    let [top, columns_area] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    let six = columns_fit(area.width, key_width(state));
    let visible = columns_at(area.width, state.column, six);
    let labels = &model.settings.stage_labels;
    let project = board.project.as_ref();
    let mut top_spans = vec![Span::styled(
        format!(" {} ", project.map_or(state.slug.as_str(), |p| p.name.as_str())),
        theme.title,
    )];
    let page_names = |range: Range<usize>| -> String {
        STAGES
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|stage| labels.of(stage))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    if visible.len() == STAGES.len() {
        // Everything fits: no pager.
    } else if area.width >= PAGED_WIDTH {
        let (first, second) = if visible.start == 0 {
            (theme.title, theme.muted)
        } else {
            (theme.muted, theme.title)
        };
        top_spans.push(Span::styled(page_names(0..FIRST_PAGE), first));
        top_spans.push(Span::styled(" | ", theme.muted));
        top_spans.push(Span::styled(page_names(FIRST_PAGE..STAGES.len()), second));
        top_spans.push(Span::styled("  (Tab)", theme.muted));
    } else {
        for (i, stage) in STAGES.iter().enumerate() {
            let style = if i == state.column {
                theme.selected
            } else {
                theme.muted
            };
            top_spans.push(Span::styled(format!(" {} ", labels.of(stage)), style));
        }
    }
    if state.find.active() {
        let shown = (0..STAGES.len()).map(|c| state.column_tasks(c).len()).sum();
        let loaded = board.tasks.len() + state.archive.tasks().len();
        top_spans.push(Span::raw("  "));
        top_spans.extend(state.find.spans(shown, loaded, "cards", theme));
    } else {
        top_spans.push(Span::styled(format!("  {}", board.rules_line), theme.muted));
    }
    // Cut with `…` at the edge (the rules line is long).
    super::fit::fit(Line::from(top_spans), usize::from(top.width)).render(top, buf);

    let count = visible.len();
    let constraints = vec![Constraint::Ratio(1, u32::try_from(count).unwrap_or(1)); count];
    let areas = Layout::horizontal(constraints).split(columns_area);
    for (column, column_area) in visible.zip(areas.iter()) {
        render_column(model, column, theme, *column_area, buf, hits);
    }
}

/// How many tasks of `column`'s stage exist (the project's counts, not what the board carries).
fn stage_count(state: &BoardState, column: usize) -> usize {
    let stage = STAGES.get(column).copied().unwrap_or_default();
    let counted = state
        .board
        .as_ref()
        .and_then(|b| b.project.as_ref())
        .and_then(|p| p.counts.iter().find(|c| c.stage == stage))
        .map(|c| usize::try_from(c.tasks).unwrap_or(0));
    counted.unwrap_or_else(|| state.column_tasks(column).len())
}

/// The done column's note above its cards: what it leaves out and how to bring it back (none when it shows
/// every done task).
fn done_note(model: &Model) -> Option<String> {
    let state = &model.board;
    let done = state.board.as_ref()?.done.as_ref()?;
    let shown_on_board = state.board.as_ref().map_or(0, |b| {
        b.tasks.iter().filter(|t| t.stage == Stage::Done.as_str()).count()
    });
    let days = done.window_days;
    let show_key = model.keymap.first_label(Scope::Board, Command::ShowArchived);
    let find_key = model.keymap.first_label(Scope::Board, Command::Find);
    let fewer = |shown: usize, of: i64| i64::try_from(shown).unwrap_or(i64::MAX) < of;
    let cap = if fewer(shown_on_board, done.recent) {
        format!(
            "{shown_on_board} of {} done in {days} days",
            thousands(done.recent)
        )
    } else {
        String::new()
    };
    let archive = match &state.archive.page {
        Some(page) if page.error.is_some() => {
            format!("archive: {}", page.error.as_deref().unwrap_or_default())
        }
        Some(page) if page.query.is_empty() && fewer(page.tasks.len(), page.total) => format!(
            "{} of {} archived · {find_key} searches",
            page.tasks.len(),
            thousands(page.total)
        ),
        Some(page) if page.query.is_empty() => {
            format!("{} archived · {show_key} hides", thousands(page.total))
        }
        Some(page) if page.total == 0 => "no archived match".to_owned(),
        Some(page) if fewer(page.tasks.len(), page.total) => {
            format!("{} of {} archived match", page.tasks.len(), thousands(page.total))
        }
        Some(page) => format!("{} archived match", thousands(page.total)),
        None if done.archived > 0 => format!(
            "{} archived (over {days} days) · {show_key} shows",
            thousands(done.archived)
        ),
        None => String::new(),
    };
    let parts: Vec<String> = [cap, archive].into_iter().filter(|p| !p.is_empty()).collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// `1,328`.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

fn render_column(model: &Model, column: usize, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.board;
    let tasks = state.column_tasks(column);
    let stage = STAGES.get(column).copied().unwrap_or_default();
    let focused = column == state.column;
    // The header counts the tasks that exist; when fewer are shown (the filter, the done column's window and
    // cap), both.
    let exists = stage_count(state, column).max(tasks.len());
    let label = model.settings.stage_labels.of(stage);
    let title = if tasks.len() < exists {
        format!(" {label} {} of {} ", tasks.len(), exists)
    } else {
        format!(" {label} {exists} ")
    };
    let block = Block::bordered()
        .title(title)
        .border_style(if focused { theme.accent } else { theme.muted });
    let inner = block.inner(area);
    // The done column says what it leaves out on its first line, above the cards.
    let note = (stage == Stage::Done.as_str() && inner.height > 2)
        .then(|| done_note(model))
        .flatten();
    let cards_area = match &note {
        Some(note) => {
            // On up to two lines, cut with `…` after that.
            let (first, second) = two_lines(note, usize::from(inner.width));
            let rows = if second.is_some() && inner.height > 4 {
                2
            } else {
                1
            };
            let mut lines = vec![Line::styled(first, theme.muted)];
            lines.extend(second.map(|s| Line::styled(s, theme.muted)));
            for (i, line) in lines.into_iter().take(rows).enumerate() {
                let row = Rect::new(inner.x, inner.y + i as u16, inner.width, 1);
                super::fit::fit(line, usize::from(row.width)).render(row, buf);
            }
            Rect::new(
                inner.x,
                inner.y + rows as u16,
                inner.width,
                inner.height - rows as u16,
            )
        }
        None => inner,
    };
    let inner_height = usize::from(cards_area.height);
    let selected = state.rows.get(column).copied().unwrap_or(0);
    let width = usize::from(cards_area.width);
    let ctx = CardContext::new(model);
    // Where each card starts (a blank line after each), from the cards' heights alone and only as far as the
    // selected card, which fixes the scroll (the first card in view is never below it); the cards in view are then
    // built into lines. A frame of a 2,000-task column costs the cards above the selection and on screen; an
    // unfocused column starts at its top.
    let counted = if focused {
        (selected + 1).min(tasks.len())
    } else {
        0
    };
    let mut starts = Vec::with_capacity(counted);
    let mut total = 0;
    for task in &tasks[..counted] {
        starts.push(total);
        total += card_height(&ctx, task, width) + 1;
    }
    // The selected card's last line (the blank line after it left out).
    let selected_end = total.saturating_sub(1);
    let offset = scroll_to(selected_end.saturating_sub(1), inner_height);
    let first = starts.partition_point(|start| *start <= offset).saturating_sub(1);
    let first_start = starts.get(first).copied().unwrap_or(0);
    let mut lines: Vec<Line> = Vec::new();
    let mut cards = Vec::new();
    let mut start = first_start;
    for (i, task) in tasks.iter().enumerate().skip(first) {
        if start >= offset + inner_height {
            break;
        }
        let mut card = card_lines(&ctx, task, theme, width);
        if focused && i == selected {
            for line in &mut card {
                line.style = theme.selected;
            }
        }
        let end = start + card.len();
        cards.push((i, start..end));
        lines.extend(card);
        lines.push(Line::raw(""));
        start = end + 1;
    }
    if tasks.is_empty() {
        lines.push(Line::styled("no tasks", theme.muted));
    }
    // A column longer than its box says how many cards are out of view above and below it.
    let above = first;
    let below = tasks.len().saturating_sub(cards.last().map_or(0, |(i, lines)| {
        // The last card counts as shown only when it is whole.
        if lines.end <= offset + inner_height {
            i + 1
        } else {
            *i
        }
    }));
    let block = match (above, below) {
        (0, 0) => block,
        (0, below) => block.title_bottom(format!(" {below} more ↓ ")),
        (above, 0) => block.title_bottom(format!(" ↑ {above} more ")),
        (above, below) => block.title_bottom(format!(" ↑ {above} · {below} more ↓ ")),
    };
    block.render(area, buf);
    let skip = offset.saturating_sub(first_start);
    Paragraph::new(lines)
        .scroll((u16::try_from(skip).unwrap_or(u16::MAX), 0))
        .render(cards_area, buf);
    if focused {
        // A page of this column is the cards in view, at least one.
        hits.page = cards.len().saturating_sub(1).max(1);
    }
    for (row, lines) in cards {
        hits.add_lines(cards_area, offset, lines, Target::Card { column, row });
    }
}

/// What a card needs besides its task: the badges, hook statuses and filter of the board, whether done cards
/// say "not logged", and whether "open in desktop" is on.
pub(super) struct CardContext<'a> {
    state: &'a BoardState,
    require_tracker_log: bool,
    desktop: bool,
}

impl<'a> CardContext<'a> {
    fn new(model: &'a Model) -> CardContext<'a> {
        let state = &model.board;
        CardContext {
            state,
            require_tracker_log: state
                .board
                .as_ref()
                .and_then(|b| b.done.as_ref())
                .is_some_and(|d| d.require_tracker_log),
            desktop: !model.settings.desktop_link_template.is_empty(),
        }
    }
}

/// `text` on at most two lines of `width` columns, broken at spaces (a word longer than a line is broken
/// inside); what does not fit the second line is left for [`super::fit::fit`] to cut with `…`.
/// Whether [`two_lines`] gives `text` a second line at `width`: its words, one space between them, are wider than
/// the line. Counted without building the lines (every card's height is counted on every frame).
fn needs_two_lines(text: &str, width: usize) -> bool {
    use unicode_width::UnicodeWidthStr;
    if width == 0 {
        return false;
    }
    let mut used = 0;
    for (i, word) in text.split_whitespace().enumerate() {
        used += usize::from(i > 0) + word.width();
        if used > width {
            return true;
        }
    }
    false
}

pub(super) fn two_lines(text: &str, width: usize) -> (String, Option<String>) {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    if text.width() <= width || width == 0 {
        return (text, None);
    }
    let mut first = String::new();
    let mut rest = words.as_slice();
    while let Some((word, tail)) = rest.split_first() {
        let needed = if first.is_empty() {
            word.width()
        } else {
            first.width() + 1 + word.width()
        };
        if needed > width {
            break;
        }
        if !first.is_empty() {
            first.push(' ');
        }
        first.push_str(word);
        rest = tail;
    }
    if !first.is_empty() {
        return (first, (!rest.is_empty()).then(|| rest.join(" ")));
    }
    // One word longer than the line: broken inside it.
    let mut taken = 0;
    for (at, c) in text.char_indices() {
        let w = c.width().unwrap_or(0);
        if taken + w > width {
            return (text[..at].to_owned(), Some(text[at..].to_owned()));
        }
        taken += w;
    }
    (text, None)
}

/// The title as drawn (one line of text: tabs and line breaks as spaces, control characters dropped).
fn title_text(task: &proto::Task) -> String {
    super::fit::one_line(&task.title, 400)
}

/// The next step as drawn: its lines joined, `→ ` before it (and `stale ` when stale).
fn next_text(task: &proto::Task) -> Option<String> {
    let next = task.next_step.as_deref()?;
    Some(format!(
        "{}→ {}",
        if task.next_step_stale { "stale " } else { "" },
        super::fit::one_line(next, 600)
    ))
}

/// How many lines [`card_lines`] draws for `task` in `width` columns (kept equal to it: a test compares the
/// two).
fn card_height(ctx: &CardContext<'_>, task: &proto::Task, width: usize) -> usize {
    let rows = |text: &str| 1 + usize::from(needs_two_lines(text, width));
    let mut height = 1 + rows(&title_text(task));
    if task.stage != Stage::Done.as_str() {
        height += usize::from(task.waiting_on.is_some())
            + next_text(task).map_or(0, |next| rows(&next))
            + usize::from(task.branch.is_some());
    }
    height
        + usize::from(ctx.state.plans.contains_key(&task.key))
        + usize::from(ctx.state.reviews.contains_key(&task.key))
}

/// A card: key, the bound session's hook-status dot (● working / waiting / idle, ○ ended or no hook status),
/// `↗` when it opens in the desktop app, tracker badge (`not logged` on a done card without the mark when the
/// mark is required); the title on up to two lines; waiting on; the next step on up to two lines (stale
/// marked); the Plan and Review badges. `width` is the column's inner width, which the lines are cut to.
fn card_lines(ctx: &CardContext<'_>, task: &proto::Task, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let state = ctx.state;
    let mut top = vec![Span::styled(task.key.clone(), theme.accent)];
    let done = task.stage == Stage::Done.as_str();
    // The dot before the tracker badge: on a narrow column the badge is what gets cut.
    if let Some(session) = &task.session {
        let status = state.hook_status.get(session).cloned().flatten();
        let (dot, _, style) = super::sessions::status_dot(status.as_deref(), theme);
        top.push(Span::styled(format!(" {dot}"), style));
        if ctx.desktop && session.starts_with("local_") {
            top.push(Span::styled(" ↗", theme.muted));
        }
    }
    if let Some(reference) = &task.tracker_ref {
        let name = task
            .tracker_name
            .as_deref()
            .map(|n| format!("{n} "))
            .unwrap_or_default();
        let mark = if task.tracker_logged { " ✓" } else { "" };
        top.push(Span::styled(format!(" {name}{reference}{mark}"), theme.muted));
    }
    if done && ctx.require_tracker_log && !task.tracker_logged {
        top.push(Span::styled(" not logged", theme.warn));
    }
    let mut lines = vec![Line::from(top)];
    let (first, second) = two_lines(&title_text(task), width);
    lines.push(Line::from(state.find.marked(&first, Style::default(), theme)));
    if let Some(second) = second {
        lines.push(Line::from(state.find.marked(&second, Style::default(), theme)));
    }
    if !done {
        if let Some(waiting) = &task.waiting_on {
            lines.push(Line::styled(format!("waiting on {waiting}"), theme.warn));
        }
        if let Some(next) = next_text(task) {
            let (first, second) = two_lines(&next, width);
            // `stale` in the warning style, the rest muted.
            let first_line = match first.strip_prefix("stale ") {
                Some(rest) if task.next_step_stale => Line::from(vec![
                    Span::styled("stale ", theme.warn),
                    Span::styled(rest.to_owned(), theme.muted),
                ]),
                _ => Line::styled(first, theme.muted),
            };
            lines.push(first_line);
            if let Some(second) = second {
                lines.push(Line::styled(second, theme.muted));
            }
        }
        if let Some(branch) = &task.branch {
            lines.push(Line::styled(format!("⎇ {branch}"), theme.muted));
        }
    }
    if let Some(plan) = state.plans.get(&task.key) {
        lines.push(plan_badge(plan, theme, width));
    }
    if let Some((accepted, rejected, steps)) = state.reviews.get(&task.key) {
        let style = if *rejected > 0 {
            theme.error
        } else if accepted == steps {
            theme.ok
        } else {
            theme.text
        };
        lines.push(Line::styled(format!("Review {accepted}/{steps}"), style));
    }
    // Each line one row: what is longer ends in `…` at the column's edge.
    lines
        .into_iter()
        .map(|line| super::fit::fit(line, width))
        .collect()
}

/// `Plan 2/5 · draft · 1 deviation · now: <step in progress>`: draft while not accepted, the deviations in the
/// warning style, the step in progress cut with an ellipsis to fit `width` columns.
pub(super) fn plan_badge(plan: &proto::PlanCard, theme: &Theme, width: usize) -> Line<'static> {
    let style = if plan.steps > 0 && plan.done == plan.steps {
        theme.ok
    } else {
        theme.text
    };
    let mut spans = vec![Span::styled(format!("Plan {}/{}", plan.done, plan.steps), style)];
    if PlanStatus::from_name(&plan.status) != Some(PlanStatus::Accepted) {
        spans.push(Span::styled(" · draft", theme.muted));
    }
    match plan.deviations {
        0 => {}
        1 => spans.push(Span::styled(" · 1 deviation", theme.warn)),
        n => spans.push(Span::styled(format!(" · {n} deviations"), theme.warn)),
    }
    if let Some(now) = &plan.now {
        let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        let prefix = " · now: ";
        let room = width.saturating_sub(used + prefix.chars().count());
        // Too narrow for even a letter and the ellipsis: the step is left out.
        if room >= 2 {
            let now = now.split_whitespace().collect::<Vec<_>>().join(" ");
            spans.push(Span::styled(
                format!("{prefix}{}", super::fit::cut(&now, room)),
                theme.muted,
            ));
        }
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_two_lines_agrees_with_two_lines() {
        let texts = [
            "",
            "Short",
            "exactly ten",
            "a title long enough to wrap onto a second line",
            "  spaced \t out\nwords  ",
            "oneverylongwordwithoutanybreakatall",
            "日本語のタイトル と 言葉",
        ];
        for text in texts {
            for width in 0..40 {
                assert_eq!(
                    needs_two_lines(text, width),
                    two_lines(text, width).1.is_some(),
                    "{text:?} at {width}"
                );
            }
        }
    }

    #[test]
    fn card_height_counts_the_lines_card_lines_draws_for_every_kind_of_card() {
        let theme = Theme::default();
        let mut state = BoardState::default();
        state.plans.insert(
            "p-2".into(),
            proto::PlanCard {
                key: "p-2".into(),
                ..Default::default()
            },
        );
        state.reviews.insert("p-3".into(), (1, 0, 3));
        let bare = proto::Task {
            key: "p-1".into(),
            stage: "dev".into(),
            title: "Short".into(),
            ..Default::default()
        };
        let full = proto::Task {
            key: "p-2".into(),
            stage: "review".into(),
            title: "A title that takes two lines of a narrow column and more".into(),
            waiting_on: Some("owner".into()),
            next_step: Some("check\nthe rest of the pages, then the emails".into()),
            next_step_stale: true,
            branch: Some("feature/x".into()),
            session: Some("local_1".into()),
            ..Default::default()
        };
        let reviewed = proto::Task {
            key: "p-3".into(),
            stage: "review".into(),
            ..full.clone()
        };
        let done = proto::Task {
            key: "p-2".into(),
            stage: "done".into(),
            ..full.clone()
        };
        let long_word = proto::Task {
            key: "p-4".into(),
            title: "Supercalifragilisticexpialidocious-and-more".into(),
            ..bare.clone()
        };
        for (require_tracker_log, desktop) in [(false, false), (true, true)] {
            let ctx = CardContext {
                state: &state,
                require_tracker_log,
                desktop,
            };
            for task in [&bare, &full, &reviewed, &done, &long_word] {
                for width in [8, 18, 40] {
                    assert_eq!(
                        card_height(&ctx, task, width),
                        card_lines(&ctx, task, &theme, width).len(),
                        "{task:?} at {width}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_long_title_or_next_step_takes_two_lines_then_ends_in_an_ellipsis() {
        assert_eq!(two_lines("Short", 18), ("Short".to_owned(), None));
        assert_eq!(
            two_lines("Login with two-factor authentication", 18),
            (
                "Login with".to_owned(),
                Some("two-factor authentication".to_owned())
            )
        );
        assert_eq!(
            two_lines("Supercalifragilistic", 8),
            ("Supercal".to_owned(), Some("ifragilistic".to_owned()))
        );
        assert_eq!(two_lines("  a\t b  ", 18), ("a b".to_owned(), None));
        let state = BoardState::default();
        let ctx = CardContext {
            state: &state,
            require_tracker_log: true,
            desktop: true,
        };
        let task = proto::Task {
            key: "acme-12".into(),
            stage: "done".into(),
            title: "Login with two-factor authentication and recovery codes".into(),
            session: Some("local_9".into()),
            ..Default::default()
        };
        let lines: Vec<String> = card_lines(&ctx, &task, &Theme::default(), 18)
            .iter()
            .map(text)
            .collect();
        assert_eq!(
            lines,
            ["acme-12 ○ ↗ not l…", "Login with", "two-factor authen…"],
            "the key, dot and desktop mark first; not logged, cut; two lines of title"
        );
    }

    #[test]
    fn six_columns_from_120_wide_when_the_keys_and_dots_fit() {
        assert!(columns_fit(120, 14), "acme-shop-12 ● in 18 columns");
        assert!(!columns_fit(119, 4));
        assert!(
            !columns_fit(120, 17),
            "a key too wide for a sixth pages the board"
        );
        assert!(columns_fit(156, 20));
        assert_eq!(visible_columns(120, 5), 0..6);
        assert_eq!(columns_at(120, 5, false), 4..6);
        assert_eq!(visible_columns(100, 2), 0..4);
        assert_eq!(thousands(1328), "1,328");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn plan_badge_says_draft_counts_deviations_and_cuts_the_step_in_progress() {
        let theme = Theme::default();
        let mut card = proto::PlanCard {
            key: "acme-1".into(),
            status: "draft".into(),
            steps: 5,
            done: 2,
            deviations: 1,
            now: Some("Address   book\npage".into()),
        };
        let line = plan_badge(&card, &theme, 80);
        assert_eq!(
            text(&line),
            "Plan 2/5 · draft · 1 deviation · now: Address book page"
        );
        assert_eq!(line.spans[2].style, theme.warn);
        let narrow = plan_badge(&card, &theme, 44);
        assert_eq!(text(&narrow), "Plan 2/5 · draft · 1 deviation · now: Addre…");
        let narrower = plan_badge(&card, &theme, 36);
        assert_eq!(text(&narrower), "Plan 2/5 · draft · 1 deviation");
        card.status = "accepted".into();
        card.deviations = 0;
        card.done = 5;
        card.now = None;
        let line = plan_badge(&card, &theme, 80);
        assert_eq!(text(&line), "Plan 5/5");
        assert_eq!(line.spans[0].style, theme.ok);
        assert_eq!(super::super::fit::cut("abc", 3), "abc");
        assert_eq!(super::super::fit::cut("abcd", 3), "ab…");
        assert_eq!(super::super::fit::cut("abcd", 0), "");
    }
}
