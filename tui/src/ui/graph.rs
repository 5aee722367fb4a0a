//! The memory graph screen (`M`): the hotspots of a project's graph, a file's story (agents → sessions and the
//! prompts behind their changes → the file → who was refused it, the decisions about it, who to ask and the files
//! changed with it, each of those walkable), a search over every conversation, and what agents are told about the
//! file (the pre-tool brief and the session brief, exactly). Everything comes from relayd's named queries
//! (`RunGraphQuery`) and the pre-tool brief's memory (`GetPreToolBrief`), fetched by the worker; the graph being off
//! or FalkorDB being down is said on the screen with what to do. Its state, its keys and the answers' shapes; the
//! view is `graph_view.rs`.

use relay_core::proto;

use super::app::{Effect, Fetch, Flash, Level, Model, Screen};
use super::find::Find;
pub use super::graph_story::{FileRow, Hit, LineKind, Story, StoryLine, Told, Tone, story_lines};
use super::keymap::Command;

/// The screen's tabs.
pub const TABS: [&str; 4] = ["Hotspots", "Story", "Search", "Told"];
pub const HOTSPOTS: usize = 0;
pub const STORY: usize = 1;
pub const SEARCH: usize = 2;
pub const TOLD: usize = 3;

/// Rows asked for per query (relayd's most).
pub const LIMIT: u32 = 200;
/// While the screen is open its data is asked again this often (the projector writes every 5 s; no event says so).
pub const EVERY_MS: i64 = 10_000;

/// What the graph screen asks relayd for. `project` is the one chosen, else relayd's first project with a graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GraphFetch {
    /// The files the graph knows, the most central first (the Hotspots tab; also the status alone).
    Files { project: Option<String> },
    /// A file's story: its changes with their prompts, who to ask, who was refused it, decisions, co-edited files.
    Story { project: Option<String>, file: String },
    /// Full-text search over every prompt and answer.
    Search { project: Option<String>, text: String },
    /// What agents are told about a file: the pre-tool brief from relayd's memory and the session brief.
    Told { project: Option<String>, file: String },
}

/// An answer: the graph's status, the project answered for, and the query's rows or why there are none.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphData {
    pub status: proto::GraphStatus,
    pub project: Option<String>,
    pub answer: Result<Answer, String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Files(Vec<FileRow>),
    Story(Box<Story>),
    Search(Vec<Hit>),
    Told(Box<Told>),
}

#[derive(Debug, Default)]
pub struct GraphState {
    /// The project chosen (`f`), else the one the last answer was for.
    pub project: Option<String>,
    pub tab: usize,
    pub status: Option<proto::GraphStatus>,
    /// The last answer of each kind, with the fetch it answered.
    pub files: Option<Result<Vec<FileRow>, String>>,
    pub story: Option<Result<Story, String>>,
    pub hits: Option<(String, Result<Vec<Hit>, String>)>,
    pub told: Option<Result<Told, String>>,
    /// The file whose story (and brief) is shown.
    pub file: Option<String>,
    /// The files walked away from (co-edited files, `o`), for Back.
    pub walked: Vec<String>,
    /// The selected row of each list tab, and the Told tab's scroll.
    pub selected: [usize; TABS.len()],
    pub scroll: u16,
    /// `/` on the Hotspots and Story tabs: only the rows containing the text.
    pub find: Find,
    /// `/` on the Search tab: the words to search for; sent on Enter.
    pub search: Find,
    /// The words last sent.
    pub searched: Option<String>,
    /// `o`: a file's path typed to open its story.
    pub path: Find,
    /// When the answer being waited for was asked (by the window's clock), for "asking FalkorDB… 3 s".
    pub waiting_since: Option<i64>,
    /// When the screen's last answer came.
    pub answered_ms: Option<i64>,
    /// The window's clock at the last answer: the story's ages are counted to it.
    pub now_ms: i64,
}

impl GraphState {
    /// The fetch the open tab needs.
    pub fn fetch(&self) -> GraphFetch {
        let project = self.project.clone();
        match (self.tab, &self.file, &self.searched) {
            (STORY, Some(file), _) => GraphFetch::Story {
                project,
                file: file.clone(),
            },
            (TOLD, Some(file), _) => GraphFetch::Told {
                project,
                file: file.clone(),
            },
            (SEARCH, _, Some(text)) => GraphFetch::Search {
                project,
                text: text.clone(),
            },
            _ => GraphFetch::Files { project },
        }
    }

    /// The filter or text line that has the keys: the path being typed, else the tab's.
    pub fn input(&self) -> Option<&Find> {
        if self.path.typing {
            return Some(&self.path);
        }
        match self.tab {
            HOTSPOTS | STORY => Some(&self.find),
            SEARCH => Some(&self.search),
            _ => None,
        }
    }

    pub fn input_mut(&mut self) -> Option<&mut Find> {
        if self.path.typing {
            return Some(&mut self.path);
        }
        match self.tab {
            HOTSPOTS | STORY => Some(&mut self.find),
            SEARCH => Some(&mut self.search),
            _ => None,
        }
    }

    /// The Hotspots rows the filter shows.
    pub fn visible_files(&self) -> Vec<&FileRow> {
        match &self.files {
            Some(Ok(rows)) => rows
                .iter()
                .filter(|r| {
                    self.find
                        .matches(std::iter::once(r.file.as_str()).chain(r.agents.iter().map(String::as_str)))
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The story's lines the filter shows (headings stay over the lines they head).
    pub fn story_lines(&self) -> Vec<StoryLine> {
        let Some(Ok(story)) = &self.story else {
            return Vec::new();
        };
        if self.file.as_deref() != Some(story.file.as_str()) {
            return Vec::new();
        }
        let lines = super::graph_story::story_lines_at(story, Some(self.now_ms));
        if !self.find.active() || self.find.query.trim().is_empty() {
            return lines;
        }
        let shown: Vec<bool> = lines
            .iter()
            .map(|l| l.id.is_some() && self.find.matches([l.words().as_str()]))
            .collect();
        let mut out = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let keep = match line.kind {
                LineKind::Heading => lines[i + 1..]
                    .iter()
                    .zip(&shown[i + 1..])
                    .take_while(|(l, _)| l.kind != LineKind::Heading)
                    .any(|(_, s)| *s),
                _ => shown[i],
            };
            if keep {
                out.push(line.clone());
            }
        }
        out
    }

    /// The search hits shown (the answer to the words last sent).
    pub fn visible_hits(&self) -> Vec<&Hit> {
        match &self.hits {
            Some((text, Ok(hits))) if Some(text) == self.searched.as_ref() => hits.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The ids of the open tab's selectable rows, in order.
    pub fn ids(&self) -> Vec<String> {
        ids_of(self, self.tab)
    }

    /// The projects with a graph, from the status.
    pub fn projects(&self) -> Vec<String> {
        self.status
            .iter()
            .flat_map(|s| s.projects.iter().map(|p| p.project.clone()))
            .collect()
    }
}

/// The ids of `tab`'s selectable rows, in order.
fn ids_of(state: &GraphState, tab: usize) -> Vec<String> {
    match tab {
        HOTSPOTS => state.visible_files().iter().map(|r| r.file.clone()).collect(),
        STORY => state.story_lines().into_iter().filter_map(|l| l.id).collect(),
        SEARCH => state.visible_hits().iter().map(|h| hit_id(h)).collect(),
        _ => Vec::new(),
    }
}

pub(super) fn hit_id(hit: &Hit) -> String {
    format!("{}:{}:{}", hit.session, hit.at.unwrap_or(0), hit.role)
}

// ---- Update ----

/// An answer for the graph screen.
pub(super) fn loaded(model: &mut Model, fetch: GraphFetch, data: GraphData) {
    let now = model.now_ms;
    let before = selection(&model.graph);
    let state = &mut model.graph;
    state.now_ms = now;
    if state.project.is_none() {
        state.project = data.project.clone();
    }
    let asked = match &fetch {
        GraphFetch::Files { project }
        | GraphFetch::Story { project, .. }
        | GraphFetch::Search { project, .. }
        | GraphFetch::Told { project, .. } => project.clone(),
    };
    // An answer for a project no longer chosen is dropped (its status too).
    if asked.is_some() && asked != state.project {
        model.dirty = false;
        return;
    }
    state.status = Some(data.status);
    if fetch == state.fetch() || asked.is_none() && fetch_is_current(state, &fetch) {
        state.answered_ms = Some(now);
    }
    match (fetch, data.answer) {
        (GraphFetch::Files { .. }, Ok(Answer::Files(rows))) => state.files = Some(Ok(rows)),
        (GraphFetch::Files { .. }, Err(why)) => state.files = Some(Err(why)),
        (GraphFetch::Story { file, .. }, Ok(Answer::Story(story))) if state.file.as_ref() == Some(&file) => {
            state.story = Some(Ok(*story));
        }
        (GraphFetch::Story { file, .. }, Err(why)) if state.file.as_ref() == Some(&file) => {
            state.story = Some(Err(why));
        }
        (GraphFetch::Search { text, .. }, Ok(Answer::Search(hits))) => state.hits = Some((text, Ok(hits))),
        (GraphFetch::Search { text, .. }, Err(why)) => state.hits = Some((text, Err(why))),
        (GraphFetch::Told { file, .. }, Ok(Answer::Told(told))) if state.file.as_ref() == Some(&file) => {
            state.told = Some(Ok(*told));
        }
        (GraphFetch::Told { file, .. }, Err(why)) if state.file.as_ref() == Some(&file) => {
            state.told = Some(Err(why));
        }
        _ => {}
    }
    reselect(state, &before);
}

/// The id each tab's selection is on.
fn selection(state: &GraphState) -> Vec<Option<String>> {
    (0..TABS.len())
        .map(|tab| ids_of(state, tab).get(state.selected[tab]).cloned())
        .collect()
}

/// Puts each tab's selection back on the row it was on (see [`selection`]), else keeps its place.
fn reselect(state: &mut GraphState, before: &[Option<String>]) {
    for tab in 0..TABS.len() {
        let ids = ids_of(state, tab);
        let was = before.get(tab).cloned().flatten();
        state.selected[tab] = super::find::reselect(was.as_deref(), &ids, state.selected[tab]);
    }
}

fn fetch_is_current(state: &GraphState, fetch: &GraphFetch) -> bool {
    let current = state.fetch();
    std::mem::discriminant(&current) == std::mem::discriminant(fetch)
}

/// Opens the story of `file`, remembering the file shown for Back.
pub(super) fn open_file(model: &mut Model, file: String, effects: &mut Vec<Effect>) {
    let state = &mut model.graph;
    if let Some(current) = state.file.take()
        && current != file
    {
        state.walked.push(current);
    }
    state.file = Some(file);
    state.story = None;
    state.told = None;
    state.find.clear();
    state.selected[STORY] = 0;
    state.scroll = 0;
    if state.tab != TOLD {
        state.tab = STORY;
    }
    model.refetch(effects);
}

/// Back on the graph screen: to the file walked away from, when there is one (true), else false.
pub(super) fn back(model: &mut Model, effects: &mut Vec<Effect>) -> bool {
    if !matches!(model.graph.tab, STORY | TOLD) {
        return false;
    }
    let Some(previous) = model.graph.walked.pop() else {
        return false;
    };
    let state = &mut model.graph;
    state.file = Some(previous);
    state.story = None;
    state.told = None;
    state.find.clear();
    state.selected[STORY] = 0;
    state.scroll = 0;
    model.refetch(effects);
    true
}

pub(super) fn command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let tab = model.graph.tab;
    match command {
        Command::NextTab | Command::PrevTab | Command::Tab(_) => {
            let next = match command {
                Command::NextTab => (tab + 1) % TABS.len(),
                Command::PrevTab => (tab + TABS.len() - 1) % TABS.len(),
                Command::Tab(n) => n.min(TABS.len() - 1),
                _ => tab,
            };
            if next == tab {
                model.dirty = false;
                return;
            }
            model.graph.tab = next;
            model.graph.scroll = 0;
            model.refetch(effects);
        }
        c if c.is_move() && tab == TOLD => {
            let page = u16::try_from(model.page()).unwrap_or(u16::MAX);
            let max = model.hits.scroll_max.unwrap_or(u16::MAX);
            model.graph.scroll = super::app::scroll_by(model.graph.scroll, c, page, max);
        }
        c if c.is_move() => {
            let len = model.graph.ids().len();
            let page = model.page();
            super::app::step(&mut model.graph.selected[tab], len, c, page);
        }
        Command::Open => open(model, effects),
        Command::OpenFile => {
            model.graph.path.clear();
            model.graph.path.typing = true;
        }
        Command::PickProject => {
            if model.graph.projects().is_empty() {
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec![
                        "no project has a graph yet: a project gets one once it has a repository folder \
                         (relay project upsert SLUG --repo-path DIR) and the graph is on"
                            .to_owned(),
                    ],
                });
                return;
            }
            model.picker = Some(super::picker::Picker::open(
                model,
                super::picker::Target::GraphProject,
            ));
        }
        _ => model.dirty = false,
    }
}

/// Enter: a hotspot's or a co-edited file's story; on other lines it says what Enter does.
fn open(model: &mut Model, effects: &mut Vec<Effect>) {
    let state = &model.graph;
    let selected = state.selected[state.tab];
    let file = match state.tab {
        HOTSPOTS => state.visible_files().get(selected).map(|r| r.file.clone()),
        STORY => {
            let lines: Vec<StoryLine> = state
                .story_lines()
                .into_iter()
                .filter(|l| l.id.is_some())
                .collect();
            match lines.get(selected) {
                Some(line) if line.walk.is_some() => line.walk.clone(),
                Some(_) => {
                    model.flash = Some(Flash {
                        level: Level::Info,
                        lines: vec![
                            "Enter walks to a file changed with this one (under \"Changed with it\"); the selected \
                             line is written out in full below"
                                .to_owned(),
                        ],
                    });
                    return;
                }
                None => None,
            }
        }
        SEARCH => {
            model.flash = Some(Flash {
                level: Level::Info,
                lines: vec![format!(
                    "the turn is written out in full below; {} searches again",
                    model
                        .keymap
                        .first_label(super::keymap::Scope::Graph, Command::Find)
                )],
            });
            return;
        }
        _ => None,
    };
    match file {
        Some(file) => open_file(model, file, effects),
        None => model.dirty = false,
    }
}

/// After every update: a search typed and kept with Enter is sent, a path typed and kept opens its story, the
/// wait for a slow answer is timed, and an open screen is asked again every [`EVERY_MS`].
pub(super) fn follow(model: &mut Model, effects: &mut Vec<Effect>) {
    if model.screen != Screen::Graph {
        model.graph.waiting_since = None;
        return;
    }
    let state = &mut model.graph;
    if !state.path.typing && !state.path.query.trim().is_empty() {
        let file = state.path.query.trim().trim_start_matches("./").to_owned();
        state.path.clear();
        open_file(model, file, effects);
        return;
    }
    let state = &mut model.graph;
    let words = state.search.query.trim().to_owned();
    if state.tab == SEARCH
        && !state.search.typing
        && !words.is_empty()
        && state.searched.as_ref() != Some(&words)
    {
        state.searched = Some(words);
        state.selected[SEARCH] = 0;
        model.refetch(effects);
        return;
    }
    let current = Fetch::Graph(model.graph.fetch());
    let waiting = model.in_flight.contains_key(&current) || effects.contains(&Effect::Fetch(current.clone()));
    match (waiting, model.graph.waiting_since) {
        (true, None) => model.graph.waiting_since = Some(model.now_ms),
        (false, Some(_)) => model.graph.waiting_since = None,
        _ => {}
    }
    let due = model
        .graph
        .answered_ms
        .is_some_and(|at| model.now_ms.saturating_sub(at) >= EVERY_MS);
    if due && !waiting && model.connection == super::app::Connection::Live {
        model.graph.answered_ms = Some(model.now_ms);
        model.fetch_once(current, effects);
    }
}

/// Whether the screen waits for an answer (the clock then redraws it, for the time it has waited).
pub fn waiting(model: &Model) -> bool {
    model.screen == Screen::Graph && model.graph.waiting_since.is_some()
}

/// The graph screen opened on `project` (a board's, when opened from one).
pub(super) fn opened(model: &mut Model, project: Option<String>) {
    if project.is_some() && project != model.graph.project {
        model.graph = GraphState {
            project,
            ..GraphState::default()
        };
    }
}

/// The project picked (`f`): everything shown was another project's.
pub(super) fn pick_project(model: &mut Model, project: Option<String>, effects: &mut Vec<Effect>) {
    if project.is_none() || project == model.graph.project {
        return;
    }
    let tab = model.graph.tab;
    model.graph = GraphState {
        project,
        tab: if tab == SEARCH { SEARCH } else { HOTSPOTS },
        ..GraphState::default()
    };
    model.refetch(effects);
}
