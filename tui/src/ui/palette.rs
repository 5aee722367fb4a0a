//! The command palette (`:` or Ctrl-P, everywhere but inside a form): one query that fuzzy-finds the tasks of
//! every project, the project boards and the commands of the screen underneath (its key bindings, the screen
//! jumps among them). Enter runs the chosen entry: a task or a board opens, a command goes through
//! `app::run_command`, the path its key takes, so an entry never behaves differently from its key. The tasks
//! are fetched once when the palette opens (`Fetch::PaletteTasks`) and kept while it is open; the commands and
//! boards are listed at once. Scoring is nucleo-matcher's (the fzf-style scorer of the helix editor); the
//! matched characters are highlighted.

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};
use relay_core::proto;

use super::app::{Data, Effect, Fetch, Model, Screen, run_command};
use super::keymap::{Command, Keymap, Scope};
use super::mouse::{Hits, Target};
use super::theme::Theme;
use super::view::{centered, scroll_to};

/// The most tasks the palette lists (ListTasks' limit): enough for any board a person keeps, bounded so that
/// scoring stays well inside a frame.
pub const MAX_TASKS: u32 = 5_000;
/// The longest query, in characters (more typing is ignored).
pub const MAX_QUERY: usize = 200;
/// The longest text an entry is matched and drawn with, in characters (a title is at most 200).
const MAX_TEXT: usize = 300;

/// What an entry does when it is run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A key binding of the screen underneath: runs as its key does. `keys` is how the keys are written.
    Command { command: Command, keys: String },
    /// Go to a project's board.
    Board(String),
    /// Open a task.
    Task { key: String, stage: String },
}

/// Where the task list is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tasks {
    Loading,
    /// How many arrived.
    Loaded(usize),
    Failed(String),
}

struct Item {
    entry: Entry,
    /// What is matched and drawn: control characters replaced, at most [`MAX_TEXT`] characters.
    text: String,
    haystack: Utf32String,
}

/// An entry that matches the query, best first: the item and the characters of its text that matched.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ranked {
    item: usize,
    indices: Vec<u32>,
}

pub struct Palette {
    query: String,
    selected: usize,
    items: Vec<Item>,
    ranked: Vec<Ranked>,
    tasks: Tasks,
    matcher: Matcher,
}

impl fmt::Debug for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Palette")
            .field("query", &self.query)
            .field("selected", &self.selected)
            .field("items", &self.items.len())
            .field("ranked", &self.ranked.len())
            .field("tasks", &self.tasks)
            .finish_non_exhaustive()
    }
}

/// One line of text for the palette (task titles are agent text: nothing in them reaches the terminal raw).
fn clean(text: &str) -> String {
    super::fit::one_line(text, MAX_TEXT)
}

fn item(entry: Entry, text: &str) -> Item {
    let text = clean(text);
    let haystack = Utf32String::from(text.as_str());
    Item {
        entry,
        text,
        haystack,
    }
}

impl Palette {
    /// A palette over the commands of `scopes` (the screen underneath) as `keymap` binds them, and the boards
    /// of `slugs`; the tasks join with [`Palette::set_tasks`].
    pub fn new(keymap: &Keymap, scopes: &[Scope], slugs: &[String]) -> Palette {
        let mut items: Vec<Item> = Vec::new();
        for binding in keymap.bindings(scopes) {
            let known = items
                .iter()
                .any(|i| matches!(i.entry, Entry::Command { command, .. } if command == binding.command));
            if binding.command == Command::Palette || known {
                continue;
            }
            let entry = Entry::Command {
                command: binding.command,
                keys: binding.label.to_string(),
            };
            items.push(item(entry, binding.help));
        }
        let mut palette = Palette {
            query: String::new(),
            selected: 0,
            items,
            ranked: Vec::new(),
            tasks: Tasks::Loading,
            matcher: Matcher::new(Config::DEFAULT),
        };
        palette.set_boards(slugs);
        palette.rank(false);
        palette
    }

    fn set_boards(&mut self, slugs: &[String]) {
        self.items.retain(|i| !matches!(i.entry, Entry::Board(_)));
        let at = self
            .items
            .iter()
            .position(|i| matches!(i.entry, Entry::Task { .. }))
            .unwrap_or(self.items.len());
        let boards = slugs
            .iter()
            .map(|slug| item(Entry::Board(slug.clone()), &format!("board {slug}")));
        self.items.splice(at..at, boards);
    }

    /// The tasks (and the project slugs) arrived: they join the list, the selection stays on its entry.
    pub fn set_tasks(&mut self, tasks: &[proto::Task], slugs: &[String]) {
        self.set_boards(slugs);
        self.items.retain(|i| !matches!(i.entry, Entry::Task { .. }));
        let shown = tasks.iter().take(MAX_TASKS as usize);
        self.items.extend(shown.map(|t| {
            let entry = Entry::Task {
                key: t.key.clone(),
                stage: clean(&t.stage),
            };
            item(entry, &format!("{} {}", t.key, t.title))
        }));
        self.tasks = Tasks::Loaded(tasks.len().min(MAX_TASKS as usize));
        self.rank(true);
    }

    pub fn query(&self) -> &str {
        &self.query
    }

    pub fn tasks(&self) -> &Tasks {
        &self.tasks
    }

    /// The selected row (an index into [`Palette::entries`]).
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// How many entries there are in all, matching or not.
    pub fn total(&self) -> usize {
        self.items.len()
    }

    /// The entries matching the query, best first: the entry, its text and the matched characters' positions.
    pub fn entries(&self) -> impl Iterator<Item = (&Entry, &str, &[u32])> + '_ {
        self.ranked.iter().filter_map(|r| {
            self.items
                .get(r.item)
                .map(|i| (&i.entry, i.text.as_str(), r.indices.as_slice()))
        })
    }

    pub fn selected_entry(&self) -> Option<&Entry> {
        let ranked = self.ranked.get(self.selected)?;
        self.items.get(ranked.item).map(|i| &i.entry)
    }

    /// Ranks the items for the query: all of them in list order when it is empty, else those that match, best
    /// score first (ties in list order). `keep` leaves the selection on the same entry; otherwise the best
    /// match is selected.
    fn rank(&mut self, keep: bool) {
        let previous = keep
            .then(|| self.ranked.get(self.selected).map(|r| r.item))
            .flatten();
        self.ranked.clear();
        if self.query.trim().is_empty() {
            self.ranked.extend((0..self.items.len()).map(|item| Ranked {
                item,
                indices: Vec::new(),
            }));
        } else {
            let pattern = Pattern::parse(&self.query, CaseMatching::Smart, Normalization::Smart);
            let mut scored: Vec<(u32, usize)> = self
                .items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| {
                    pattern
                        .score(item.haystack.slice(..), &mut self.matcher)
                        .map(|score| (score, i))
                })
                .collect();
            scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            for (_, i) in scored {
                let mut indices = Vec::new();
                if let Some(item) = self.items.get(i) {
                    pattern.indices(item.haystack.slice(..), &mut self.matcher, &mut indices);
                }
                indices.sort_unstable();
                indices.dedup();
                self.ranked.push(Ranked { item: i, indices });
            }
        }
        self.selected = previous
            .and_then(|item| self.ranked.iter().position(|r| r.item == item))
            .unwrap_or(0);
    }

    /// Selects row `row` of the matching entries (clamped).
    pub fn select(&mut self, row: usize) {
        self.selected = row.min(self.ranked.len().saturating_sub(1));
    }

    /// Adds pasted text to the query (line breaks as spaces; the query stays within [`MAX_QUERY`]).
    pub fn paste(&mut self, text: &str) {
        let query = format!("{}{}", self.query, text.replace(['\r', '\n'], " "));
        self.set_query(&query);
    }

    /// Sets the query and ranks again (the best match selected).
    pub fn set_query(&mut self, query: &str) {
        self.query = query
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_QUERY)
            .collect();
        self.rank(false);
    }
}

/// Opens the palette over the current screen and asks for the task list (once: a fetch already on its way
/// serves this opening too).
pub(super) fn open(model: &mut Model, effects: &mut Vec<Effect>) {
    model.palette = Some(Palette::new(&model.keymap, &model.screen_scopes(), &model.slugs));
    model.fetch_once(Fetch::PaletteTasks, effects);
}

/// The task list arrived (or failed).
pub(super) fn loaded(model: &mut Model, result: Result<Data, String>) {
    match result {
        Ok(Data::PaletteTasks { tasks, slugs }) => {
            match model.palette.as_mut() {
                Some(palette) => palette.set_tasks(&tasks, &slugs),
                None => model.dirty = false,
            }
            model.slugs = slugs;
        }
        Ok(_) => model.dirty = false,
        Err(message) => match model.palette.as_mut() {
            Some(palette) => palette.tasks = Tasks::Failed(message),
            None => model.dirty = false,
        },
    }
}

/// A key while the palette is open: its own keys (KEYMAP's palette scope), else typing into the query.
pub(super) fn key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let Some(palette) = model.palette.as_mut() else {
        return;
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && key.code == KeyCode::Char('c') {
        model.quit = true;
        return;
    }
    match model.keymap.lookup(&[Scope::Palette], &key) {
        Some(Command::Cancel) => model.palette = None,
        Some(Command::Up) => palette.select(palette.selected.saturating_sub(1)),
        Some(Command::Down) => palette.select(palette.selected + 1),
        Some(Command::Open) => run(model, effects),
        Some(Command::ClearQuery) if !palette.query.is_empty() => palette.set_query(""),
        Some(_) => model.dirty = false,
        None => match key.code {
            KeyCode::Backspace if !palette.query.is_empty() => {
                let mut query = palette.query.clone();
                query.pop();
                palette.set_query(&query);
            }
            KeyCode::Char(c)
                if !ctrl
                    && !key.modifiers.contains(KeyModifiers::ALT)
                    && !c.is_control()
                    && palette.query.chars().count() < MAX_QUERY =>
            {
                let mut query = palette.query.clone();
                query.push(c);
                palette.set_query(&query);
            }
            _ => model.dirty = false,
        },
    }
}

/// Runs the selected entry and closes the palette; with nothing selected (no match) the palette stays.
pub(super) fn run(model: &mut Model, effects: &mut Vec<Effect>) {
    let Some(entry) = model.palette.as_ref().and_then(|p| p.selected_entry().cloned()) else {
        model.dirty = false;
        return;
    };
    model.palette = None;
    match entry {
        Entry::Command { command, .. } => run_command(model, command, effects),
        Entry::Board(slug) => model.open(Screen::Board(slug), effects),
        Entry::Task { key, .. } => model.open(Screen::Task(key), effects),
    }
}

/// The palette over `area` (the screen's body): the query, a line saying what is listed, then the entries;
/// each drawn row is recorded in `hits`.
pub fn render(palette: &Palette, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let width = area.width.saturating_sub(4).min(100);
    let height = area.height.saturating_sub(2).min(24);
    let mut popup = centered(area, width, height);
    // Nearer the top than the middle, as palettes are.
    popup.y = area.y + (area.height.saturating_sub(height)) / 4;
    Clear.render(popup, buf);
    let block = Block::bordered()
        .title(" Find a task, a board or a command ")
        .style(theme.text);
    let inner = block.inner(popup);
    block.render(popup, buf);
    if inner.height < 3 || inner.width < 10 {
        return;
    }
    let query = Line::from(vec![
        Span::styled("› ", theme.accent),
        Span::raw(palette.query.clone()),
        Span::styled("▏", theme.accent),
    ]);
    query.render(Rect::new(inner.x, inner.y, inner.width, 1), buf);
    let shown = palette.ranked.len();
    let status = match &palette.tasks {
        Tasks::Loading => format!("{shown} of {} · tasks loading…", palette.total()),
        Tasks::Loaded(_) => format!("{shown} of {}", palette.total()),
        Tasks::Failed(message) => format!(
            "{shown} of {} · tasks could not be listed: {} (commands still work; Esc and reopen to try again)",
            palette.total(),
            clean(message)
        ),
    };
    let status_style = match palette.tasks {
        Tasks::Failed(_) => theme.error,
        _ => theme.muted,
    };
    Line::styled(status, status_style).render(Rect::new(inner.x, inner.y + 1, inner.width, 1), buf);

    let list = Rect::new(inner.x, inner.y + 2, inner.width, inner.height - 2);
    let rows = usize::from(list.height);
    if shown == 0 {
        Line::styled("nothing matches", theme.muted).render(Rect::new(list.x, list.y, list.width, 1), buf);
        return;
    }
    let first = scroll_to(palette.selected, rows);
    for (offset, (row, (entry, text, indices))) in
        palette.entries().enumerate().skip(first).take(rows).enumerate()
    {
        let y = list.y + u16::try_from(offset).unwrap_or(u16::MAX);
        let line_area = Rect::new(list.x, y, list.width, 1);
        let base = if row == palette.selected {
            theme.selected
        } else {
            theme.text
        };
        entry_line(entry, text, indices, theme, base, usize::from(list.width)).render(line_area, buf);
        hits.add(line_area, Target::PaletteEntry(row));
    }
}

/// One entry's row: its kind, its text with the matched characters marked, and on the right the keys of a
/// command or the stage of a task — all within `width` columns.
fn entry_line(
    entry: &Entry,
    text: &str,
    indices: &[u32],
    theme: &Theme,
    base: Style,
    width: usize,
) -> Line<'static> {
    let (kind, right) = match entry {
        Entry::Command { keys, .. } => ("command", keys.clone()),
        Entry::Board(_) => ("go to", String::new()),
        Entry::Task { stage, .. } => ("task", stage.clone()),
    };
    let kind = format!(" {kind:<8}");
    let right = if right.is_empty() {
        right
    } else {
        format!("  {right} ")
    };
    let room = width.saturating_sub(kind.chars().count() + right.chars().count());
    let key_len = match entry {
        Entry::Task { key, .. } => key.chars().count(),
        _ => 0,
    };
    let mut spans = vec![Span::styled(kind, base.patch(theme.muted))];
    let count = text.chars().count();
    let cut = if count > room {
        room.saturating_sub(1)
    } else {
        count
    };
    let matched = Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    // Runs of characters with the same style, so a row is a few spans rather than one per character.
    let mut run = String::new();
    let mut run_style = base;
    let mut next = indices.iter().peekable();
    for (i, c) in text.chars().take(cut).enumerate() {
        let mut style = if i < key_len {
            base.patch(theme.accent)
        } else {
            base
        };
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        while next.peek().is_some_and(|n| **n < index) {
            next.next();
        }
        if next.peek() == Some(&&index) {
            style = style.patch(matched);
        }
        if style != run_style && !run.is_empty() {
            spans.push(Span::styled(std::mem::take(&mut run), run_style));
        }
        run_style = style;
        run.push(c);
    }
    if cut < count {
        run.push('…');
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, run_style));
    }
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    let pad = width.saturating_sub(used + right.chars().count());
    spans.push(Span::styled(" ".repeat(pad), base));
    spans.push(Span::styled(right, base.patch(theme.muted)));
    Line::from(spans)
}
