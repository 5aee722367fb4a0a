//! The one key table: it drives dispatch, the `?` help overlay and the key list in docs/SPEC.md (a test keeps
//! the two equal). Every binding has a stable id, `<scope>.<command>` (`board.move_stage`, `task.tab_3`), derived
//! from its scope and command; the user's `[keys]` table in config.toml gives a binding other keys by that id
//! (`keys_config.rs`), and the window dispatches through the resulting [`Keymap`].

use std::borrow::Cow;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for. The update function decides what it means on the current screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Quit,
    Help,
    Back,
    Refresh,
    Projects,
    Inbox,
    Sessions,
    Activity,
    Locks,
    Up,
    Down,
    Left,
    Right,
    Open,
    NextPage,
    NextTab,
    PrevTab,
    Tab(usize),
    MoveStage,
    AcceptStep,
    RejectStep,
    ReopenStep,
    CommentStep,
    Comment,
    MarkRead,
    AcceptPlan,
    EditField,
    BindSession,
    UnbindSession,
    ViewShot,
    PickProject,
    PickKind,
    LoadMore,
    Submit,
    Cancel,
    Palette,
    ClearQuery,
    StartDaemon,
    PageUp,
    PageDown,
    HalfPageUp,
    HalfPageDown,
    Top,
    Bottom,
    Find,
    OpenTask,
    StopSession,
    ResumeSession,
    RetrySession,
    RemoveSession,
    NewTask,
    NewProject,
    NewSession,
    CopyTask,
    PrevShot,
    AttachShot,
    RemoveShot,
    ShowArchived,
    OpenDesktop,
    Environments,
    AcceptProposal,
    RejectProposal,
    /// The sessions screen: the keys to the selected session's snapshot block and back.
    Snapshots,
    /// Restore the selected snapshot (asks first, showing what it would change).
    RestoreSnapshot,
    /// The memory graph screen.
    Graph,
    /// The graph screen: type a file's path to open its story.
    OpenFile,
    /// The policy screen (of the board's project, the selected environment).
    Policy,
    /// Stands & access: a new environment.
    NewEnvironment,
    /// Stands & access: delete the selected environment (asks first).
    DeleteEnvironment,
    /// Stands & access: the selected environment's access entries, to edit one or add one.
    AccessEntries,
    /// The policy screen: choose the scope shown (global, a project, an environment).
    PickScope,
    /// The policy screen: write a preset into policy.json.
    PickPreset,
    /// The policy layer's editor: validate the text and preview the effective policy (nothing saved).
    CheckLayer,
}

impl Command {
    /// Whether the command moves the selection or the scroll of a list or text (↑/↓, pages, ends).
    pub fn is_move(self) -> bool {
        matches!(
            self,
            Command::Up
                | Command::Down
                | Command::PageUp
                | Command::PageDown
                | Command::HalfPageUp
                | Command::HalfPageDown
                | Command::Top
                | Command::Bottom
        )
    }
}

/// Where a binding applies. `Global` keys work on every screen (not inside a form).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Global,
    Projects,
    Board,
    Task,
    Review,
    TaskSnapshots,
    Inbox,
    Sessions,
    Activity,
    Locks,
    Environments,
    Graph,
    Policy,
    /// The policy screen's layer editor: typing goes to the text.
    PolicyEditor,
    Form,
    Palette,
}

impl Scope {
    pub fn title(self) -> &'static str {
        match self {
            Scope::Global => "everywhere",
            Scope::Projects => "projects",
            Scope::Board => "board",
            Scope::Task => "task",
            Scope::Review => "task, Review tab",
            Scope::TaskSnapshots => "task, Snapshots tab",
            Scope::Inbox => "inbox",
            Scope::Sessions => "sessions",
            Scope::Activity => "activity",
            Scope::Locks => "locks",
            Scope::Environments => "stands & access",
            Scope::Graph => "memory graph",
            Scope::Policy => "policy",
            Scope::PolicyEditor => "policy layer editor",
            Scope::Form => "forms (editor, pickers)",
            Scope::Palette => "command palette",
        }
    }

    /// The scope's part of a binding id: its name in snake case (`global`, `review`).
    pub fn id(self) -> String {
        snake(&format!("{self:?}"))
    }

    /// The scopes tried after this one while it is in force (`Model::scopes`): a key of this scope hides theirs.
    pub fn below(self) -> &'static [Scope] {
        match self {
            Scope::Global | Scope::Form | Scope::Palette | Scope::PolicyEditor => &[],
            Scope::Review | Scope::TaskSnapshots => &[Scope::Task, Scope::Global],
            _ => &[Scope::Global],
        }
    }

    /// Whether typing goes to a text field in this scope, so a plain character cannot be one of its keys.
    pub fn takes_text(self) -> bool {
        matches!(self, Scope::Form | Scope::Palette | Scope::PolicyEditor)
    }

    /// Whether a key bound in both scopes would mean two things on one screen.
    pub fn overlaps(self, other: Scope) -> bool {
        self == other || self.below().contains(&other) || other.below().contains(&self)
    }
}

impl Command {
    /// The command's part of a binding id: its name in snake case; the tabs count from 1 as their keys do
    /// (`tab_3` is the Review tab).
    pub fn id(self) -> String {
        match self {
            Command::Tab(n) => format!("tab_{}", n + 1),
            other => snake(&format!("{other:?}")),
        }
    }
}

/// `MoveStage` → `move_stage`; anything but letters and digits becomes one `_` (`Field(2)` → `field_2`).
fn snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// One key: its code and the modifiers it needs (Shift is ignored for characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn key(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

#[derive(Debug)]
pub struct Binding {
    pub keys: &'static [Key],
    /// How the keys are written in help and docs.
    pub label: &'static str,
    pub scope: Scope,
    pub command: Command,
    pub help: &'static str,
    /// Shown in the footer's short hint line.
    pub hint: bool,
}

impl Binding {
    /// The binding's stable id, `<scope>.<command>`: the name a `[keys]` override uses.
    pub fn id(&self) -> String {
        format!("{}.{}", self.scope.id(), self.command.id())
    }
}

const fn bind(
    keys: &'static [Key],
    label: &'static str,
    scope: Scope,
    command: Command,
    help: &'static str,
    hint: bool,
) -> Binding {
    Binding {
        keys,
        label,
        scope,
        command,
        help,
        hint,
    }
}

use Command as C;
use Scope as S;

/// Every key the window knows, in the order help and docs list them.
#[rustfmt::skip]
pub static KEYMAP: &[Binding] = &[
    bind(&[key('q'), ctrl('c')], "q, Ctrl-C", S::Global, C::Quit, "quit (asks first when an unsent draft would be lost)", true),
    bind(&[key('?')], "?", S::Global, C::Help, "show or hide this help", true),
    bind(&[code(KeyCode::Esc), code(KeyCode::Backspace)], "Esc, Backspace", S::Global, C::Back, "back to the previous screen", true),
    bind(&[key('p')], "p", S::Global, C::Projects, "projects", false),
    bind(&[key('D')], "D", S::Global, C::StartDaemon, "start relayd (while the window is offline)", false),
    bind(&[key('i')], "i", S::Global, C::Inbox, "inbox (Needs you)", true),
    bind(&[key('s')], "s", S::Global, C::Sessions, "sessions (from a board: its project's)", false),
    bind(&[key('e')], "e", S::Global, C::Activity, "activity (the event feed)", false),
    bind(&[key('L')], "L", S::Global, C::Locks, "locks: who holds which file and why", false),
    bind(&[key('M')], "M", S::Global, C::Graph, "memory graph: hotspots, a file's story, search, what agents are told (from a board: its project's)", false),
    bind(&[key(':'), ctrl('p')], ":, Ctrl-P", S::Global, C::Palette, "command palette: find a task, a board or a command", false),
    bind(&[ctrl('r'), code(KeyCode::F(5))], "Ctrl-R, F5", S::Global, C::Refresh, "fetch the screen's data again", false),
    bind(&[key('k'), code(KeyCode::Up)], "k, ↑", S::Global, C::Up, "previous row, card, step or line", false),
    bind(&[key('j'), code(KeyCode::Down)], "j, ↓", S::Global, C::Down, "next row, card, step or line", false),
    bind(&[code(KeyCode::PageUp)], "PgUp", S::Global, C::PageUp, "a page up", false),
    bind(&[code(KeyCode::PageDown)], "PgDn", S::Global, C::PageDown, "a page down", false),
    bind(&[ctrl('u')], "Ctrl-U", S::Global, C::HalfPageUp, "half a page up", false),
    bind(&[ctrl('d')], "Ctrl-D", S::Global, C::HalfPageDown, "half a page down", false),
    bind(&[key('g'), code(KeyCode::Home)], "g, Home", S::Global, C::Top, "to the first row, card or line", false),
    bind(&[key('G'), code(KeyCode::End)], "G, End", S::Global, C::Bottom, "to the last row, card or line", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Projects, C::Open, "open the project's board", true),
    bind(&[key('n')], "n", S::Projects, C::NewProject, "new project (its slug, then its name)", false),
    bind(&[key('/')], "/", S::Projects, C::Find, "filter the projects (by slug or name; Enter keeps the filter, Esc clears it)", false),
    bind(&[key('h'), code(KeyCode::Left)], "h, ←", S::Board, C::Left, "previous stage column (turns the page)", false),
    bind(&[key('l'), code(KeyCode::Right)], "l, →", S::Board, C::Right, "next stage column (turns the page)", false),
    bind(&[code(KeyCode::Tab)], "Tab", S::Board, C::NextPage, "next page of columns (Plan · Dev · Review · Test, then Live · Done)", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Board, C::Open, "open the task", true),
    bind(&[key('m')], "m", S::Board, C::MoveStage, "move the task to another stage", true),
    bind(&[key('/')], "/", S::Board, C::Find, "filter the cards (by key or title; Enter keeps the filter, Esc clears it)", false),
    bind(&[key('E')], "E", S::Board, C::EditField, "edit a field of the task", false),
    bind(&[key('n')], "n", S::Board, C::NewTask, "new task in this project (title, then the description; the rules' template prefilled)", false),
    bind(&[key('a')], "a", S::Board, C::ShowArchived, "show or hide the archived done tasks (done longer than done_window_days ago)", false),
    bind(&[key('y')], "y", S::Board, C::CopyTask, "copy the task's key and title to the clipboard", false),
    bind(&[key('O')], "O", S::Board, C::OpenDesktop, "open the task's desktop session in the desktop app (desktop_link_template)", false),
    bind(&[key('A')], "A", S::Board, C::Environments, "stands & access: the project's environments, the agents' levels and their proposals", false),
    bind(&[key('P')], "P", S::Board, C::Policy, "policy: the project's effective policy, its layer's editor and the agents' policy proposals", false),
    bind(&[code(KeyCode::Tab), key('l'), code(KeyCode::Right)], "Tab, l, →", S::Task, C::NextTab, "next tab", false),
    bind(&[code(KeyCode::BackTab), key('h'), code(KeyCode::Left)], "Shift-Tab, h, ←", S::Task, C::PrevTab, "previous tab", false),
    bind(&[key('1')], "1", S::Task, C::Tab(0), "Overview tab", false),
    bind(&[key('2')], "2", S::Task, C::Tab(1), "Plan tab", false),
    bind(&[key('3')], "3", S::Task, C::Tab(2), "Review tab", false),
    bind(&[key('4')], "4", S::Task, C::Tab(3), "Comments tab", false),
    bind(&[key('5')], "5", S::Task, C::Tab(4), "History tab (bindings, tracker, plan revisions)", false),
    bind(&[key('6')], "6", S::Task, C::Tab(5), "Snapshots tab (the uncommitted work relay saved while the task was bound)", false),
    bind(&[key('m')], "m", S::Task, C::MoveStage, "move the task to another stage", true),
    bind(&[key('c')], "c", S::Task, C::Comment, "write an owner comment for the bound session's agent", true),
    bind(&[key('r')], "r", S::Task, C::MarkRead, "mark the agent's replies read", false),
    bind(&[key('A')], "A", S::Task, C::AcceptPlan, "accept the plan (as the owner)", false),
    bind(&[key('E')], "E", S::Task, C::EditField, "edit a field (title, description, next step, branch, …)", false),
    bind(&[key('b')], "b", S::Task, C::BindSession, "bind a session (pick one, or type a name or local_ id)", false),
    bind(&[key('u')], "u", S::Task, C::UnbindSession, "unbind the bound session (asks y/n)", false),
    bind(&[key('V')], "V", S::Task, C::PrevShot, "open the previous screenshot with the system viewer", false),
    bind(&[key('y')], "y", S::Task, C::CopyTask, "copy the task's key and title to the clipboard", false),
    bind(&[key('O')], "O", S::Task, C::OpenDesktop, "open the bound desktop session in the desktop app (desktop_link_template)", false),
    bind(&[key('v')], "v", S::Task, C::ViewShot, "open the screenshot with the system viewer (Review: the step's, Overview: the task's; again: the next one)", false),
    bind(&[key('a')], "a", S::Review, C::AcceptStep, "accept the step, with an optional comment", true),
    bind(&[key('x')], "x", S::Review, C::RejectStep, "reject the step, with an optional comment", true),
    bind(&[key('o')], "o", S::Review, C::ReopenStep, "reopen the step, with an optional comment", false),
    bind(&[key('P')], "P", S::Review, C::AttachShot, "attach a screenshot to the step (its file's path: drag the file in or paste it)", false),
    bind(&[key('X')], "X", S::Review, C::RemoveShot, "remove the screenshot shown (asks y/n)", false),
    bind(&[key('C')], "C", S::Review, C::CommentStep, "comment on the step (leaves its status)", false),
    bind(&[key('U')], "U", S::TaskSnapshots, C::RestoreSnapshot, "restore the selected snapshot (shows what it would change and asks first)", true),
    bind(&[code(KeyCode::Enter)], "Enter", S::Inbox, C::Open, "open the task (on its Review or Comments tab)", true),
    bind(&[key('/')], "/", S::Inbox, C::Find, "filter the rows (by task key or title, or session name)", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Sessions, C::Open, "attach the terminal; a session relay does not run: open its first bound task", true),
    bind(&[key('t')], "t", S::Sessions, C::OpenTask, "open the session's first bound task", false),
    bind(&[key('S')], "S", S::Sessions, C::StopSession, "stop the runner session (its workspace stays)", false),
    bind(&[key('r')], "r", S::Sessions, C::ResumeSession, "resume a stopped runner session (Claude Code continues its conversation)", false),
    bind(&[key('R')], "R", S::Sessions, C::RetrySession, "retry a failed runner session", false),
    bind(&[key('d')], "d", S::Sessions, C::RemoveSession, "delete the runner session and its worktree (asks y/n)", false),
    bind(&[key('n')], "n", S::Sessions, C::NewSession, "new runner session (a task key or a branch, then the profile and docker if you like)", false),
    bind(&[key('f')], "f", S::Sessions, C::PickProject, "project filter: pick a project (or all)", true),
    bind(&[key('/')], "/", S::Sessions, C::Find, "filter the sessions (name, kind, title, folder, activity, tasks)", false),
    bind(&[code(KeyCode::Tab)], "Tab", S::Sessions, C::Snapshots, "move between the sessions and the selected session's snapshots (↑/↓ then pick one)", false),
    bind(&[key('U')], "U", S::Sessions, C::RestoreSnapshot, "restore the selected snapshot of the session (shows what it would change and asks first)", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Activity, C::Open, "show the event in full (again: open its task)", true),
    bind(&[key('f')], "f", S::Activity, C::PickProject, "project filter: pick a project (or all)", true),
    bind(&[key('t')], "t", S::Activity, C::PickKind, "kind filter: pick an event kind (or all; typing narrows the list)", true),
    bind(&[key('/')], "/", S::Activity, C::Find, "filter the loaded events (kind, subject, words, actor)", false),
    bind(&[key('n')], "n", S::Activity, C::LoadMore, "load more (the next 50 older events; also ↓ on the last row)", true),
    bind(&[key('/')], "/", S::Locks, C::Find, "filter the locks (file, workspace, holder, intent)", false),
    bind(&[key('a')], "a", S::Environments, C::AcceptProposal, "accept the selected proposal (asks y/n; widening live asks again)", false),
    bind(&[key('x')], "x", S::Environments, C::RejectProposal, "reject the selected proposal (asks y/n)", false),
    bind(&[key('n')], "n", S::Environments, C::NewEnvironment, "new environment (field: value lines: name, kind, base_url, level, overrides, …)", true),
    bind(&[key('E')], "E", S::Environments, C::EditField, "edit the selected environment (widening live asks a second time)", true),
    bind(&[key('c')], "c", S::Environments, C::AccessEntries, "access entries of the selected environment: edit one (empty it to delete) or add one", true),
    bind(&[key('d')], "d", S::Environments, C::DeleteEnvironment, "delete the selected environment and its access entries (asks y/n)", false),
    bind(&[key('P')], "P", S::Environments, C::Policy, "policy of the selected environment (of the project on a proposal)", false),
    bind(&[key('a')], "a", S::Policy, C::AcceptProposal, "accept the proposal (asks y/n; widening live asks again)", true),
    bind(&[key('x')], "x", S::Policy, C::RejectProposal, "reject the proposal (asks y/n)", true),
    bind(&[key('E')], "E", S::Policy, C::EditField, "edit the layer (JSON; validate and preview, then save)", true),
    bind(&[key('f')], "f", S::Policy, C::PickScope, "choose the scope (global, a project or one of its environments)", true),
    bind(&[key('t')], "t", S::Policy, C::PickPreset, "write a preset into policy.json: default, strict or trusted (asks y/n; widening live asks again)", false),
    bind(&[key('/')], "/", S::Policy, C::Find, "filter the values and proposals (setting, value, layer, scope, reason)", false),
    bind(&[ctrl('t'), code(KeyCode::F(2))], "Ctrl-T, F2", S::PolicyEditor, C::CheckLayer, "check: validate the layer and preview the policy after it (nothing saved)", true),
    bind(&[ctrl('s')], "Ctrl-S", S::PolicyEditor, C::Submit, "save (validated again; widening live asks a second time)", true),
    bind(&[code(KeyCode::Esc), ctrl('c')], "Esc, Ctrl-C", S::PolicyEditor, C::Cancel, "leave (asks when the text is not saved)", true),
    bind(&[code(KeyCode::Tab), key('l'), code(KeyCode::Right)], "Tab, l, →", S::Graph, C::NextTab, "next tab (Hotspots, Story, Search, Told)", false),
    bind(&[code(KeyCode::BackTab), key('h'), code(KeyCode::Left)], "Shift-Tab, h, ←", S::Graph, C::PrevTab, "previous tab", false),
    bind(&[key('1')], "1", S::Graph, C::Tab(0), "Hotspots: the files at the centre of the work", false),
    bind(&[key('2')], "2", S::Graph, C::Tab(1), "Story: the file's changes, prompts, blocks, decisions, who to ask, files changed with it", false),
    bind(&[key('3')], "3", S::Graph, C::Tab(2), "Search: every prompt and answer of every agent", false),
    bind(&[key('4')], "4", S::Graph, C::Tab(3), "Told: what the pre-tool hook and relay_session_brief tell an agent about the file", false),
    bind(&[code(KeyCode::Enter)], "Enter", S::Graph, C::Open, "open its story (the selected hotspot's, or a file changed with it)", true),
    bind(&[key('o')], "o", S::Graph, C::OpenFile, "story by path (type a file's path)", true),
    bind(&[key('/')], "/", S::Graph, C::Find, "filter (the files or the story's lines; on Search: the words to search for, Enter sends)", true),
    bind(&[key('f')], "f", S::Graph, C::PickProject, "pick the project whose graph is shown", false),
    bind(&[ctrl('s')], "Ctrl-S", S::Form, C::Submit, "send (in the stage picker also Enter)", true),
    bind(&[code(KeyCode::Esc)], "Esc", S::Form, C::Cancel, "close the form, its text kept as a draft (a field's editor: back to the fields); Ctrl-C closes any form", true),
    bind(&[code(KeyCode::Enter)], "Enter", S::Palette, C::Open, "run the entry (open the task or the board, or do what its key does)", true),
    bind(&[code(KeyCode::Up), ctrl('p')], "↑, Ctrl-P", S::Palette, C::Up, "previous entry", true),
    bind(&[code(KeyCode::Down), ctrl('n')], "↓, Ctrl-N", S::Palette, C::Down, "next entry", true),
    bind(&[ctrl('u')], "Ctrl-U", S::Palette, C::ClearQuery, "clear the query (typing adds to it, Backspace takes back)", false),
    bind(&[code(KeyCode::Esc)], "Esc", S::Palette, C::Cancel, "close the palette", true),
    bind(&[ctrl('r')], "Ctrl-R", S::Form, C::Refresh, "fetch the task (field editor; text kept) or sessions again", false),
];

impl Key {
    fn matches(&self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl != self.ctrl || event.modifiers.contains(KeyModifiers::ALT) {
            return false;
        }
        match (self.code, event.code) {
            // Shift-Tab arrives as BackTab with SHIFT; characters carry SHIFT in their case.
            (KeyCode::Char(a), KeyCode::Char(b)) => a == b,
            (a, b) => a == b,
        }
    }

    /// How help writes the key: `q`, `Ctrl-S`, `Enter`, `↑`, `Shift-Tab`, `PgDn`, `F5`, `Space`.
    pub fn label(&self) -> String {
        let name = match self.code {
            KeyCode::Char(' ') => "Space".to_owned(),
            KeyCode::Char(c) if self.ctrl => c.to_uppercase().to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".to_owned(),
            KeyCode::Esc => "Esc".to_owned(),
            KeyCode::Tab => "Tab".to_owned(),
            KeyCode::BackTab => "Shift-Tab".to_owned(),
            KeyCode::Backspace => "Backspace".to_owned(),
            KeyCode::Up => "↑".to_owned(),
            KeyCode::Down => "↓".to_owned(),
            KeyCode::Left => "←".to_owned(),
            KeyCode::Right => "→".to_owned(),
            KeyCode::Home => "Home".to_owned(),
            KeyCode::End => "End".to_owned(),
            KeyCode::PageUp => "PgUp".to_owned(),
            KeyCode::PageDown => "PgDn".to_owned(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl { format!("Ctrl-{name}") } else { name }
    }
}

/// One binding as the window uses it: the table's line with the keys the user's `[keys]` table gave it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub scope: Scope,
    pub command: Command,
    pub keys: Cow<'static, [Key]>,
    /// How the keys are written in help: the table's label, or the overriding keys' labels.
    pub label: Cow<'static, str>,
    pub help: &'static str,
    /// Shown in the footer's short hint line.
    pub hint: bool,
    /// The keys come from the user's `[keys]` table.
    pub overridden: bool,
}

impl Entry {
    fn default_of(binding: &'static Binding) -> Entry {
        Entry {
            scope: binding.scope,
            command: binding.command,
            keys: Cow::Borrowed(binding.keys),
            label: Cow::Borrowed(binding.label),
            help: binding.help,
            hint: binding.hint,
            overridden: false,
        }
    }

    /// The binding's stable id, `<scope>.<command>`.
    pub fn id(&self) -> String {
        format!("{}.{}", self.scope.id(), self.command.id())
    }

    /// The first key as help writes it, for one-key hints (the footer).
    pub fn first_label(&self) -> String {
        match self.overridden {
            false => self.label.split(',').next().unwrap_or_default().to_owned(),
            true => self.keys.first().map(Key::label).unwrap_or_default(),
        }
    }
}

/// The keys in force: [`KEYMAP`] with the user's overrides (`keys_config.rs`). Built once when the window
/// starts and kept in the model; dispatch, the help overlay and the footer read it.
#[derive(Debug, Clone)]
pub struct Keymap {
    /// In [`KEYMAP`] order, one per line of the table.
    entries: Vec<Entry>,
}

impl Default for Keymap {
    /// The table as it is.
    fn default() -> Keymap {
        Keymap {
            entries: KEYMAP.iter().map(Entry::default_of).collect(),
        }
    }
}

impl Keymap {
    /// The command a key means in `scopes` (tried in order), if any. Runs per key press: a scan of the
    /// table's few dozen lines, nothing allocated.
    pub fn lookup(&self, scopes: &[Scope], event: &KeyEvent) -> Option<Command> {
        scopes.iter().find_map(|scope| {
            self.entries
                .iter()
                .filter(|e| e.scope == *scope)
                .find(|e| e.keys.iter().any(|k| k.matches(event)))
                .map(|e| e.command)
        })
    }

    /// The bindings of `scopes`, in table order scope by scope, for the help overlay and the footer.
    pub fn bindings<'a>(&'a self, scopes: &'a [Scope]) -> impl Iterator<Item = &'a Entry> + 'a {
        scopes
            .iter()
            .flat_map(move |scope| self.entries.iter().filter(move |e| e.scope == *scope))
    }

    /// Every binding, in table order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The first key of `command` in `scope` as help writes it (`Ctrl-S`), for hints drawn beside a form.
    pub fn first_label(&self, scope: Scope, command: Command) -> String {
        self.entries
            .iter()
            .find(|e| e.scope == scope && e.command == command)
            .map(Entry::first_label)
            .unwrap_or_default()
    }

    /// Gives the binding at `index` the user's keys.
    pub(super) fn set_keys(&mut self, index: usize, keys: Vec<Key>) {
        if let Some(entry) = self.entries.get_mut(index) {
            entry.label = Cow::Owned(keys.iter().map(Key::label).collect::<Vec<_>>().join(", "));
            entry.keys = Cow::Owned(keys);
            entry.overridden = true;
        }
    }

    /// Puts the binding at `index` back to the table's keys.
    pub(super) fn reset(&mut self, index: usize) {
        if let (Some(entry), Some(binding)) = (self.entries.get_mut(index), KEYMAP.get(index)) {
            *entry = Entry::default_of(binding);
        }
    }
}

/// The key list that docs/SPEC.md carries under "The window" (a test keeps the two equal): the defaults, with
/// each binding's id for `[keys]` overrides.
pub fn reference_table() -> String {
    let mut out = String::from("| Where | Keys | What they do | Id |\n|---|---|---|---|\n");
    for b in KEYMAP {
        out.push_str(&format!(
            "| {} | {} | {} | `{}` |\n",
            b.scope.title(),
            b.label.replace('|', "\\|"),
            b.help.replace('|', "\\|"),
            b.id()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    fn lookup(scopes: &[Scope], event: &KeyEvent) -> Option<Command> {
        Keymap::default().lookup(scopes, event)
    }

    #[test]
    fn keys_resolve_in_scope_order_when_two_scopes_share_a_key() {
        let enter = press(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(lookup(&[S::Board, S::Global], &enter), Some(C::Open));
        let l = press(KeyCode::Char('l'), KeyModifiers::NONE);
        assert_eq!(lookup(&[S::Task, S::Global], &l), Some(C::NextTab));
        assert_eq!(lookup(&[S::Board, S::Global], &l), Some(C::Right));
        let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(lookup(&[S::Task, S::Global], &ctrl_c), Some(C::Quit));
        let shift_a = press(KeyCode::Char('A'), KeyModifiers::SHIFT);
        assert_eq!(lookup(&[S::Review, S::Task], &shift_a), Some(C::AcceptPlan));
        assert_eq!(
            lookup(&[S::Projects], &press(KeyCode::Char('z'), KeyModifiers::NONE)),
            None
        );
    }

    #[test]
    fn no_key_means_two_things_in_one_scope_when_the_table_is_read() {
        for (i, a) in KEYMAP.iter().enumerate() {
            for b in &KEYMAP[i + 1..] {
                if a.scope != b.scope {
                    continue;
                }
                for ka in a.keys {
                    assert!(
                        !b.keys.iter().any(|kb| ka.code == kb.code && ka.ctrl == kb.ctrl),
                        "{:?} is bound twice in {:?}",
                        ka.code,
                        a.scope
                    );
                }
            }
        }
    }

    #[test]
    fn key_list_in_docs_matches_the_key_table() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/SPEC.md")).unwrap();
        assert!(
            doc.contains(&reference_table()),
            "docs/SPEC.md is out of date; paste this table under \"The window\":\n{}",
            reference_table()
        );
    }
}
