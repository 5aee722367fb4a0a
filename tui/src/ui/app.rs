//! The window's state and the one function that changes it: actions in, the model changed and effects out.
//! No I/O here — effects are carried out by the worker (`worker.rs`), whose answers come back as actions.

use std::collections::HashMap;

use crossterm::event::{KeyCode, KeyEvent};
use relay_core::board::{ReviewStepStatus, Stage};
use relay_core::event::{Payload, payload};
use relay_core::proto;

use super::activity::{self, ActivityFilter, ActivityState};
use super::board::FIRST_PAGE;
use super::editor::Editor;
use super::find::Find;
use super::form::form_key;
pub use super::form::{Form, FormKind, stage_form};
use super::keymap::{Command, Keymap, Scope};
use super::sessions::{self, SessionsState};
use super::theme::Theme;

/// The header's inbox count is fetched at most this often (relaybay §2: at most once per 2 s).
pub const INBOX_EVERY_MS: i64 = 2_000;

/// The six stages in board order: the keys of [`Stage::ALL`].
pub const STAGES: [&str; Stage::ALL.len()] = {
    let mut keys = [""; Stage::ALL.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = Stage::ALL[i].as_str();
        i += 1;
    }
    keys
};

/// The task view's tabs.
pub const TABS: [&str; 6] = ["Overview", "Plan", "Review", "Comments", "History", "Snapshots"];
pub const TAB_REVIEW: usize = 2;
pub const TAB_COMMENTS: usize = 3;
pub const TAB_HISTORY: usize = 4;
pub const TAB_SNAPSHOTS: usize = 5;

/// Something that happened: a key, the connection changing, an event on the stream, or an answer.
#[derive(Debug)]
pub enum Action {
    Key(KeyEvent),
    /// Text pasted in the terminal (bracketed paste): into the open form's editor, or the palette's query.
    Paste(String),
    /// A click or the wheel (`mouse.rs`), mapped through the hits of the last frame.
    Mouse(crossterm::event::MouseEvent),
    /// The terminal's new size in cells.
    Resize {
        width: u16,
        height: u16,
    },
    /// The clock, for ages (sent by the loop every few seconds).
    Clock(i64),
    /// The worker is dialling relayd.
    Connecting,
    /// Subscribe answered with its Hello.
    Live,
    /// The attached terminal's output, or its end (`terminal.rs`).
    Terminal(super::terminal::TerminalAction),
    /// A snapshot: the first one of a stream, or a fresh one after the window fell behind (`lagged`).
    Snapshot {
        lagged: bool,
        last_event_id: i64,
    },
    Event(proto::Event),
    /// The file-lock table changed (live, not an event): the locks screen lists them again.
    LocksChanged,
    /// The connection is gone; the worker tries again in `retry_ms`.
    Offline {
        reason: String,
        retry_ms: u64,
    },
    Loaded {
        fetch: Fetch,
        result: Result<Data, String>,
    },
    Wrote {
        write: Write,
        result: Result<Outcome, String>,
    },
    /// A screenshot shown or opened, or the terminal's size (`image.rs`).
    Image(super::image::ImageAction),
    /// relayd was started (by the key, or by the window itself after the relayd it started exited): what
    /// happened, or why it could not start.
    DaemonStarted(Result<String, String>),
    /// A write refused for want of the second confirmation: what it widens on live, from the refusal's
    /// `relay-widens-bin` metadata (`relay_core::proto::WIDENS_METADATA`), never read from its words.
    Widens {
        write: Write,
        widens: Vec<String>,
    },
    /// A snapshot's restore refused by relayd (`RestoreSnapshotResponse.refused`): these files changed since the
    /// snapshot, and nothing was written.
    RestoreRefused {
        write: Write,
        newer: Vec<String>,
    },
}

/// What the worker is asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Fetch(Fetch),
    Write(Write),
    /// Show a screenshot inline or open it with the system viewer (`image.rs`, `screenshot.rs`).
    Image(super::image::ImageEffect),
    /// Start relayd (the owner's key while it is offline); answered with [`Action::DaemonStarted`].
    StartDaemon,
    /// The terminal pane's attachment (`terminal.rs`).
    Terminal(super::terminal::TerminalEffect),
}

/// A read; each screen has one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Fetch {
    Projects,
    /// The project's board, its cards' Plan and Review badges, its sessions for the hook-status dots and the
    /// inbox (the header's count).
    Board(String),
    /// The task's detail, plan, review and comments.
    Task(String),
    Inbox,
    /// The sessions, of one project or all; with the project slugs for the filter.
    Sessions(Option<String>),
    /// The activity feed's first page; with the project slugs for the filter.
    Activity(ActivityFilter),
    /// An older page of the feed ("load more").
    ActivityMore {
        filter: ActivityFilter,
        before: i64,
    },
    /// Every project's tasks (up to `palette::MAX_TASKS`) and slugs, for the command palette.
    PaletteTasks,
    /// The lock table and the newest contentions.
    Locks,
    /// A project's environments, access entries and pending proposals (`environments.rs`).
    Environments(String),
    /// The project's rules' `description_template`, for the new-task form.
    Template(String),
    /// The board's archived done tasks matching a query (`board.rs`: "show archived" and the `/` filter).
    Archive {
        slug: String,
        query: String,
    },
    /// The snapshots of one session (its name), newest first: the sessions screen's block (`snapshots.rs`).
    SessionSnapshots(String),
    /// What restoring a snapshot would change (RestoreSnapshot's dry run: nothing is written), into its
    /// repository or another folder.
    RestorePreview {
        id: i64,
        to: Option<String>,
    },
    /// The memory graph screen's status and the open tab's query (`graph.rs`).
    Graph(super::graph::GraphFetch),
    /// A scope's effective policy, the pending policy proposals and the scopes to choose among (every project,
    /// and the environments of `project`) (`policy.rs`).
    Policy {
        scope: String,
        project: Option<String>,
    },
    /// The agents' pending environment and policy proposals of every project: the inbox's "Proposed by agents"
    /// and "Policy proposals" groups, asked for with every inbox fetch (`inbox.rs`).
    Proposals,
    /// A layer validated and previewed for `scope` (PreviewPolicyLayer: nothing is saved).
    PolicyPreview {
        scope: String,
        layer: String,
    },
}

/// An owner action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Write {
    SetStage {
        key: String,
        stage: String,
        expected_version: i64,
    },
    DecideStep {
        key: String,
        step: i64,
        decision: proto::ReviewDecision,
        comment: Option<String>,
    },
    Comment {
        key: String,
        body: String,
    },
    MarkRead {
        key: String,
    },
    AcceptPlan {
        key: String,
    },
    /// One field through UpdateTask, refused when the task is no longer at `expected_version`.
    UpdateField {
        key: String,
        field: String,
        value: String,
        expected_version: i64,
    },
    /// A session name or desktop id (local_…).
    BindSession {
        key: String,
        session: String,
    },
    UnbindSession {
        key: String,
    },
    /// A new task in `project` (its description set when given).
    CreateTask {
        project: String,
        title: String,
        description: Option<String>,
    },
    /// A screenshot from a file on this machine for a review step (its bytes are sent: relayd may be elsewhere).
    AttachShot {
        key: String,
        step: i64,
        path: String,
    },
    /// A screenshot removed (the owner said yes).
    RemoveShot {
        key: String,
        id: i64,
    },
    /// A new project (UpsertProject with a slug no project has).
    /// A runner session (`n` on the sessions screen), as `relay session new` asks for it.
    CreateSession(proto::CreateRunnerSessionRequest),
    CreateProject {
        slug: String,
        name: Option<String>,
    },
    /// A runner session's lifecycle: stop, resume, retry or remove (`session` is its name).
    Runner {
        session: String,
        action: RunnerWrite,
    },
    /// The owner accepts or rejects an environment proposal of `project`; `confirm` is the second confirmation
    /// for an accept that widens agents' access on live.
    DecideEnvProposal {
        project: String,
        id: i64,
        accept: bool,
        confirm: bool,
    },
    /// An environment of `project` added or changed, an access entry with it (`stands_form.rs`); `confirm` is the
    /// second confirmation for a change that widens agents' access on live.
    SetEnvironment {
        project: String,
        change: super::stands_form::EnvChange,
        confirm: bool,
    },
    /// An environment deleted with its access entries (the owner said yes).
    RemoveEnvironment {
        project: String,
        environment: String,
    },
    /// An access entry deleted (the owner said yes).
    RemoveAccessEntry {
        project: String,
        environment: String,
        id: i64,
    },
    /// A scope's whole policy layer saved (`layer_json` empty removes a project or environment layer); `confirm`
    /// is the second confirmation for a layer that widens agents' access on live.
    SetPolicyLayer {
        scope: String,
        layer_json: String,
        confirm: bool,
    },
    /// A preset written into policy.json (the rest of the file kept).
    SetPolicyPreset {
        preset: String,
        confirm: bool,
    },
    /// The owner accepts or rejects a policy proposal.
    DecidePolicyProposal {
        id: i64,
        accept: bool,
        confirm: bool,
    },
    /// A snapshot's files brought back (the owner said yes to the dry run's plan; `force` after a second yes),
    /// into its repository or another folder. `label` names it in messages (`snapshot #3`).
    RestoreSnapshot {
        label: String,
        id: i64,
        to: Option<String>,
        force: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunnerWrite {
    Stop,
    Resume,
    Retry,
    Remove,
}

impl Write {
    pub fn key(&self) -> &str {
        match self {
            Write::SetStage { key, .. }
            | Write::DecideStep { key, .. }
            | Write::Comment { key, .. }
            | Write::MarkRead { key }
            | Write::AcceptPlan { key }
            | Write::UpdateField { key, .. }
            | Write::BindSession { key, .. }
            | Write::UnbindSession { key } => key,
            Write::Runner { session, .. } => session,
            Write::CreateTask { project, .. } => project,
            Write::AttachShot { key, .. } | Write::RemoveShot { key, .. } => key,
            Write::CreateProject { slug, .. } => slug,
            Write::DecideEnvProposal { project, .. } => project,
            Write::SetPolicyLayer { scope, .. } => scope,
            Write::SetEnvironment { change, .. } => &change.0.environment,
            Write::RemoveEnvironment { environment, .. } | Write::RemoveAccessEntry { environment, .. } => {
                environment
            }
            Write::SetPolicyPreset { .. } => "policy.json",
            Write::DecidePolicyProposal { .. } => "policy proposal",
            Write::RestoreSnapshot { label, .. } => label,
            Write::CreateSession(request) => request
                .task
                .as_ref()
                .or(request.branch.as_ref())
                .map_or("new session", String::as_str),
        }
    }

    /// The same write with the second confirmation given, for a write that can widen agents' access on live;
    /// with what it does in words ("saves the layer of acme").
    pub fn confirmed(&self) -> Option<(Write, String)> {
        match self.clone() {
            Write::DecideEnvProposal {
                project,
                id,
                accept: true,
                ..
            } => Some((
                Write::DecideEnvProposal {
                    project,
                    id,
                    accept: true,
                    confirm: true,
                },
                format!("accepts proposal #{id}"),
            )),
            Write::SetPolicyLayer {
                scope, layer_json, ..
            } => {
                let words = match layer_json.trim().is_empty() {
                    true => format!("removes the layer of {scope}"),
                    false => format!("saves the layer of {scope}"),
                };
                Some((
                    Write::SetPolicyLayer {
                        scope,
                        layer_json,
                        confirm: true,
                    },
                    words,
                ))
            }
            Write::SetEnvironment { project, change, .. } => {
                let words = format!("saves environment {}", change.0.environment);
                Some((
                    Write::SetEnvironment {
                        project,
                        change,
                        confirm: true,
                    },
                    words,
                ))
            }
            Write::SetPolicyPreset { preset, .. } => Some((
                Write::SetPolicyPreset {
                    preset: preset.clone(),
                    confirm: true,
                },
                format!("writes preset {preset} into policy.json"),
            )),
            Write::DecidePolicyProposal { id, accept: true, .. } => Some((
                Write::DecidePolicyProposal {
                    id,
                    accept: true,
                    confirm: true,
                },
                format!("accepts policy proposal #{id}"),
            )),
            _ => None,
        }
    }
}

/// An answer to a fetch.
#[derive(Debug, Clone)]
pub enum Data {
    /// The projects, and every session for the agents at work in each.
    Projects {
        list: Vec<proto::Project>,
        sessions: Vec<proto::SessionRow>,
    },
    Board {
        board: Box<proto::ProjectBoard>,
        inbox: Box<proto::Inbox>,
        sessions: Vec<proto::SessionRow>,
        /// The Plan n/m badges of the project's tasks with plan steps.
        plans: Vec<proto::PlanCard>,
        /// The Review a/n badges of the project's tasks with a review checklist.
        reviews: Vec<proto::ReviewCard>,
    },
    Archive(Box<proto::ListArchivedTasksResponse>),
    Task(Box<TaskData>),
    Inbox(Box<proto::Inbox>),
    Sessions {
        list: Box<proto::ListSessionsResponse>,
        /// The runner's side of the sessions it runs.
        runner: Vec<proto::RunnerSession>,
        slugs: Vec<String>,
    },
    Activity {
        page: Box<proto::ListActivityResponse>,
        slugs: Vec<String>,
        /// The newest actions on live for the project filter (`live.rs`; empty for "load more").
        live: Vec<proto::ActivityRow>,
    },
    PaletteTasks {
        tasks: Vec<proto::Task>,
        slugs: Vec<String>,
    },
    Locks(Box<proto::ListLocksResponse>),
    Environments(Box<proto::EnvironmentMap>),
    Template(Option<String>),
    SessionSnapshots(Vec<proto::WorkSnapshot>),
    RestorePreview(Box<proto::RestoreSnapshotResponse>),
    Graph(Box<super::graph::GraphData>),
    Policy(Box<super::policy::PolicyData>),
    Proposals(Box<super::inbox::Proposals>),
    PolicyPreview(Box<proto::PolicyPreview>),
}

#[derive(Debug, Clone, Default)]
pub struct TaskData {
    pub detail: proto::TaskDetail,
    pub plan: Option<proto::Plan>,
    pub review: Option<proto::Review>,
    pub comments: Option<proto::ListCommentsResponse>,
    /// The bound session as the sessions list has it (hook status, last activity), when one is bound.
    pub session: Option<proto::SessionRow>,
    /// The snapshots taken while the task was bound, newest first (`None`: not asked; `Err`: not readable).
    pub snapshots: Option<Result<Vec<proto::WorkSnapshot>, String>>,
    /// The task's actions on live, newest first, among its project's newest [`super::live::TASK_SCAN`] (`None`:
    /// not asked; `Err`: not readable).
    pub live: Option<Result<Vec<proto::ActivityRow>, String>>,
}

/// What a write answered: a line saying what happened, and the daemon's warnings and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub summary: String,
    pub warnings: Vec<String>,
    pub notes: Vec<String>,
    /// The key of the task the write created: the board puts its cursor on it.
    pub created: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Connecting,
    Live,
    Offline {
        reason: String,
        retry_ms: u64,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    Projects,
    Board(String),
    Task(String),
    Inbox,
    Sessions,
    Activity,
    /// A runner session's terminal, attached (`terminal.rs`).
    Terminal(String),
    /// The file locks (`locks.rs`).
    Locks,
    /// A project's stands & access (`environments.rs`).
    Environments(String),
    /// The memory graph: hotspots, a file's story, search, what agents are told (`graph.rs`).
    Graph,
    /// The effective policy of a scope (`global`, a project, `project/environment`), its layer's editor and the
    /// agents' policy proposals (`policy.rs`).
    Policy(String),
}

/// A line under the screen: what a write did, its warnings, or why something failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flash {
    pub level: Level,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Info,
    Warning,
    Error,
}

#[derive(Debug, Default)]
pub struct ProjectsState {
    pub list: Option<Vec<proto::Project>>,
    /// Every session, for the agents at work in each project and its last activity.
    pub sessions: Vec<proto::SessionRow>,
    pub selected: usize,
    pub find: Find,
}

impl ProjectsState {
    /// The projects the filter shows.
    pub fn visible(&self) -> Vec<&proto::Project> {
        self.list
            .iter()
            .flatten()
            .filter(|p| self.find.matches([p.slug.as_str(), p.name.as_str()]))
            .collect()
    }
}

#[derive(Debug, Default)]
pub struct BoardState {
    pub slug: String,
    pub board: Option<proto::ProjectBoard>,
    /// Review progress by task key: (accepted, rejected, steps), of every task with a checklist (ListPlanCards).
    pub reviews: HashMap<String, (u32, u32, u32)>,
    /// The plan badge of each task with plan steps, by key (ListPlanCards).
    pub plans: HashMap<String, proto::PlanCard>,
    /// The hook status of each of the project's sessions, by name (`None`: no hook status).
    pub hook_status: HashMap<String, Option<String>>,
    pub column: usize,
    /// The selected card in each column.
    pub rows: [usize; STAGES.len()],
    /// `/`: only the cards whose key or title contain the query are shown.
    pub find: Find,
    /// The archived done tasks brought back ("show archived", the filter).
    pub archive: super::board::Archive,
    /// A card to put the cursor on once the board holds it: the task `n` just created.
    pub focus: Option<String>,
}

/// Whether a card is shown under the board's filter: its key or title contains the query, ignoring case.
pub fn card_matches(task: &proto::Task, find: &Find) -> bool {
    find.matches([task.key.as_str(), task.title.as_str()])
}

impl BoardState {
    pub fn column_tasks(&self, stage: usize) -> Vec<&proto::Task> {
        let Some(board) = &self.board else {
            return Vec::new();
        };
        let name = STAGES.get(stage).copied().unwrap_or_default();
        let mut tasks: Vec<&proto::Task> = board
            .tasks
            .iter()
            .filter(|t| t.stage == name && card_matches(t, &self.find))
            .collect();
        if name == Stage::Done.as_str() && !self.archive.tasks().is_empty() {
            // The archived ones brought back follow the recent ones (older, by their closed time).
            let archived = self.archive.tasks().iter().filter(|t| {
                t.stage == name && card_matches(t, &self.find) && !board.tasks.iter().any(|b| b.key == t.key)
            });
            tasks.extend(archived);
        }
        tasks
    }

    pub fn selected_task(&self) -> Option<&proto::Task> {
        let row = self.rows.get(self.column).copied().unwrap_or(0);
        self.column_tasks(self.column).get(row).copied()
    }

    /// The key of the selected card in each column (`None` where the column is empty).
    pub fn selected_keys(&self) -> [Option<String>; STAGES.len()] {
        std::array::from_fn(|column| {
            let row = self.rows.get(column).copied().unwrap_or(0);
            self.column_tasks(column).get(row).map(|t| t.key.clone())
        })
    }

    /// Puts the selection back on the tasks it was on before the board changed (`before`, from
    /// [`BoardState::selected_keys`]): each column's selected card keeps its selection wherever it now sits in
    /// the column, and the focused card is followed to its new column when it moved stage. A card that left its
    /// column (and was not the focused one) or is gone leaves its row to the card that took its place.
    pub(super) fn reselect(&mut self, before: &[Option<String>; STAGES.len()]) {
        let wanted = self.focus.take();
        let is_here =
            |key: &String| (0..STAGES.len()).any(|c| self.column_tasks(c).iter().any(|t| t.key == *key));
        let focused = match wanted {
            Some(key) if is_here(&key) => Some(key),
            // Not on the board yet (the answer came before the board was read again): wait for the next read.
            Some(key) => {
                self.focus = Some(key);
                before.get(self.column).cloned().flatten()
            }
            None => before.get(self.column).cloned().flatten(),
        };
        let mut followed = None;
        if let Some(key) = &focused {
            for column in 0..STAGES.len() {
                if let Some(row) = self.column_tasks(column).iter().position(|t| t.key == *key) {
                    followed = Some((column, row));
                    break;
                }
            }
        }
        for column in 0..STAGES.len() {
            let tasks = self.column_tasks(column);
            let found = before
                .get(column)
                .and_then(Option::as_ref)
                .and_then(|key| tasks.iter().position(|t| t.key == *key));
            let len = tasks.len();
            if let Some(row) = self.rows.get_mut(column) {
                *row = found.unwrap_or((*row).min(len.saturating_sub(1)));
            }
        }
        if let Some((column, row)) = followed {
            self.column = column;
            if let Some(slot) = self.rows.get_mut(column) {
                *slot = row;
            }
        }
    }
}

/// The board's order within a column: priority (1 first, none last), then number — so a card stays where it is
/// while agents write to it, and only a change of priority moves it. The done column shows the newest done first.
fn sort_board(tasks: &mut [proto::Task]) {
    tasks.sort_by(|a, b| {
        let done = a.stage == "done" && b.stage == "done";
        if done {
            return b
                .updated_at_ms
                .cmp(&a.updated_at_ms)
                .then(b.number.cmp(&a.number));
        }
        let priority = |t: &proto::Task| t.priority.unwrap_or(i64::MAX);
        priority(a).cmp(&priority(b)).then(a.number.cmp(&b.number))
    });
}

#[derive(Debug, Default)]
pub struct TaskState {
    pub key: String,
    pub data: Option<TaskData>,
    pub tab: usize,
    /// The selected review step (0-based).
    pub step: usize,
    /// The selected snapshot on the Snapshots tab (0-based, newest first).
    pub snapshot: usize,
    /// The scroll offset of each tab (the Review tab follows its selected step instead).
    pub scroll: [u16; TABS.len()],
    /// Markdown bodies as drawn, kept between frames and across tasks (bounded; see `markdown::Cache`).
    pub markdown: super::markdown::Cache,
}

impl TaskState {
    /// The review step selected on the Review tab.
    pub fn selected_step(&self) -> Option<&proto::ReviewStep> {
        self.data
            .as_ref()
            .and_then(|d| d.review.as_ref())
            .and_then(|r| r.steps.get(self.step))
    }

    /// After step `decided` was accepted or rejected: the next open step below it, else the first open one
    /// above; the selection stays when no other step is open.
    fn select_next_open(&mut self, decided: i64) {
        let Some(steps) = self
            .data
            .as_ref()
            .and_then(|d| d.review.as_ref())
            .map(|r| &r.steps)
        else {
            return;
        };
        let open = |s: &&proto::ReviewStep| {
            s.position != decided && ReviewStepStatus::from_name(&s.status) == Some(ReviewStepStatus::Open)
        };
        let next = steps
            .iter()
            .filter(open)
            .find(|s| s.position > decided)
            .or_else(|| steps.iter().find(open));
        if let Some(index) = next.and_then(|n| steps.iter().position(|s| s.position == n.position)) {
            self.step = index;
        }
    }
}

#[derive(Debug, Default)]
pub struct InboxState {
    pub inbox: Option<proto::Inbox>,
    /// The pending proposals of agents (`None` until asked; `Err`: not readable, said in the inbox).
    pub proposals: Option<Result<super::inbox::Proposals, String>>,
    pub selected: usize,
    pub find: Find,
}

/// A row of the inbox a key can open: the task and the tab it opens on, and the row's id (its group and its task
/// or session: one task can be in several groups).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxTarget {
    pub key: String,
    pub tab: usize,
    pub id: String,
    /// Where Enter goes when the row is not a task's: a proposal's Stands & access or Policy screen, with the
    /// project it belongs to.
    pub screen: Option<(Screen, Option<String>)>,
}

#[derive(Debug)]
pub struct Model {
    pub connection: Connection,
    pub screen: Screen,
    /// Where Back goes.
    pub history: Vec<Screen>,
    pub projects: ProjectsState,
    pub board: BoardState,
    pub task: TaskState,
    pub inbox: InboxState,
    pub sessions: SessionsState,
    pub activity: ActivityState,
    pub locks: super::locks::LocksState,
    pub environments: super::environments::EnvironmentsState,
    pub graph: super::graph::GraphState,
    pub policy: super::policy::PolicyState,
    /// The attached terminal, while its pane is open.
    pub terminal: Option<super::terminal::TerminalState>,
    /// The terminal pane's detach prefix and key as bytes (config `detach_key`; Ctrl-B d).
    pub detach_key: (u8, u8),
    /// Every project's slug, for the project filters.
    pub slugs: Vec<String>,
    pub form: Option<Form>,
    /// The text left in a cancelled form, by task and form (`form::draft_key`), brought back when it reopens.
    pub drafts: HashMap<String, Editor>,
    /// Quit was asked for with drafts not sent: the window asks first (y quits).
    pub quit_asked: bool,
    /// A write that needs a yes first (deleting a runner session): its question, y sends it.
    pub confirm: Option<(String, Write)>,
    /// A snapshot's restore being asked about, with what it would change (`snapshots.rs`).
    pub restore: Option<super::snapshots::Restore>,
    /// An unknown key has said "? for help" (once a run).
    pub help_hinted: bool,
    /// Raise a terminal notification when a task moves to review or test (config `notify_review`).
    pub notify_review: bool,
    /// The stage labels and the desktop link (config `stage_labels`, `desktop_link_template`).
    pub settings: super::board::Settings,
    /// Notifications the loop writes to the terminal after this update (taken by it).
    pub notifications: Vec<String>,
    /// Text the loop puts on the clipboard after this update (OSC 52; taken by it).
    pub clipboard: Option<String>,
    pub flash: Option<Flash>,
    pub help: bool,
    /// The help overlay's first line shown (it scrolls when the terminal is shorter than the key list).
    pub help_scroll: u16,
    /// Failed fetches by screen, shown until the next answer.
    pub load_error: Option<String>,
    pub last_event_id: i64,
    pub resyncs: u32,
    pub now_ms: i64,
    /// Fetches on their way, and whether an event asked for another one meanwhile.
    pub in_flight: HashMap<Fetch, bool>,
    /// The header's "Needs you" count follows the inbox on every screen: an event that can change it makes it
    /// due, and it is fetched at most once per [`INBOX_EVERY_MS`] (when it was last asked for, by `now_ms`).
    pub inbox_due: bool,
    pub inbox_asked_ms: Option<i64>,
    pub theme: Theme,
    /// The keys in force: the table with the user's `[keys]` overrides.
    pub keymap: Keymap,
    /// The filter picker, while it is open (`picker.rs`).
    pub picker: Option<super::picker::Picker>,
    /// The command palette, while it is open.
    pub palette: Option<super::palette::Palette>,
    /// Where the last frame drew what a click can reach (stored by the loop after each draw).
    pub hits: super::mouse::Hits,
    /// Screenshots: the inline protocol, what was asked and answered (`image.rs`).
    pub images: super::image::Images,
    pub dirty: bool,
    pub quit: bool,
}

impl Model {
    pub fn new(screen: Screen) -> Model {
        let mut model = Model {
            connection: Connection::Connecting,
            screen: Screen::Projects,
            history: Vec::new(),
            projects: ProjectsState::default(),
            board: BoardState::default(),
            task: TaskState::default(),
            inbox: InboxState::default(),
            sessions: SessionsState::default(),
            activity: ActivityState::default(),
            locks: super::locks::LocksState::default(),
            environments: super::environments::EnvironmentsState::default(),
            graph: super::graph::GraphState::default(),
            policy: super::policy::PolicyState::default(),
            terminal: None,
            detach_key: (0x02, b'd'),
            slugs: Vec::new(),
            form: None,
            drafts: HashMap::new(),
            quit_asked: false,
            confirm: None,
            restore: None,
            help_hinted: false,
            notify_review: false,
            settings: super::board::Settings::default(),
            notifications: Vec::new(),
            clipboard: None,
            flash: None,
            help: false,
            help_scroll: 0,
            load_error: None,
            // Below every real id: the first snapshot always fetches the screen's data.
            last_event_id: -1,
            resyncs: 0,
            now_ms: 0,
            in_flight: HashMap::new(),
            inbox_due: false,
            inbox_asked_ms: None,
            theme: Theme::default(),
            keymap: Keymap::default(),
            palette: None,
            picker: None,
            hits: super::mouse::Hits::default(),
            images: super::image::Images::default(),
            dirty: true,
            quit: false,
        };
        model.set_screen(screen);
        model
    }

    /// The rows a page moves on the current screen: what the last frame showed of its list (10 before one).
    pub fn page(&self) -> usize {
        match self.hits.page {
            0 => 10,
            rows => rows,
        }
    }

    /// Whether the terminal is below [`super::view::MIN_SIZE`], so the window shows only "Enlarge the terminal".
    pub fn too_small(&self) -> bool {
        let (width, height) = super::view::MIN_SIZE;
        self.images
            .terminal
            .is_some_and(|cells| cells.width < width || cells.height < height)
    }

    /// The fetch the current screen needs.
    pub fn screen_fetch(&self) -> Fetch {
        match &self.screen {
            Screen::Projects => Fetch::Projects,
            Screen::Board(slug) => Fetch::Board(slug.clone()),
            Screen::Task(key) => Fetch::Task(key.clone()),
            Screen::Inbox => Fetch::Inbox,
            Screen::Sessions => Fetch::Sessions(self.sessions.project.clone()),
            Screen::Activity => Fetch::Activity(self.activity.filter.clone()),
            // The sessions, for switching to the next one.
            Screen::Terminal(_) => Fetch::Sessions(self.sessions.project.clone()),
            Screen::Locks => Fetch::Locks,
            Screen::Environments(slug) => Fetch::Environments(slug.clone()),
            Screen::Graph => Fetch::Graph(self.graph.fetch()),
            Screen::Policy(scope) => Fetch::Policy {
                scope: scope.clone(),
                project: self.policy.project.clone(),
            },
        }
    }

    /// The key scopes in force, most specific first.
    pub fn scopes(&self) -> Vec<Scope> {
        if self.form.is_some() {
            return vec![Scope::Form];
        }
        if self.palette.is_some() {
            return vec![Scope::Palette];
        }
        if matches!(self.screen, Screen::Policy(_)) && self.policy.editor.is_some() {
            return vec![Scope::PolicyEditor];
        }
        self.screen_scopes()
    }

    /// The key scopes of the screen itself (under a form or the palette), most specific first.
    pub fn screen_scopes(&self) -> Vec<Scope> {
        match &self.screen {
            Screen::Projects => vec![Scope::Projects, Scope::Global],
            Screen::Board(_) => vec![Scope::Board, Scope::Global],
            Screen::Task(_) if self.task.tab == TAB_REVIEW => vec![Scope::Review, Scope::Task, Scope::Global],
            Screen::Task(_) if self.task.tab == TAB_SNAPSHOTS => {
                vec![Scope::TaskSnapshots, Scope::Task, Scope::Global]
            }
            Screen::Task(_) => vec![Scope::Task, Scope::Global],
            Screen::Inbox => vec![Scope::Inbox, Scope::Global],
            Screen::Sessions => vec![Scope::Sessions, Scope::Global],
            Screen::Activity => vec![Scope::Activity, Scope::Global],
            Screen::Locks => vec![Scope::Locks, Scope::Global],
            Screen::Environments(_) => vec![Scope::Environments, Scope::Global],
            Screen::Graph => vec![Scope::Graph, Scope::Global],
            Screen::Policy(_) => vec![Scope::Policy, Scope::Global],
            Screen::Terminal(_) => vec![Scope::Global],
        }
    }

    pub(super) fn set_screen(&mut self, screen: Screen) {
        match &screen {
            Screen::Board(slug) if self.board.slug != *slug => {
                self.board = BoardState {
                    slug: slug.clone(),
                    ..BoardState::default()
                };
            }
            Screen::Task(key) if self.task.key != *key => {
                self.task = TaskState {
                    key: key.clone(),
                    // Kept (it is bounded): going back to a task draws its bodies without rendering them again.
                    markdown: std::mem::take(&mut self.task.markdown),
                    ..TaskState::default()
                };
            }
            Screen::Environments(slug) if self.environments.slug != *slug => {
                self.environments = super::environments::EnvironmentsState {
                    slug: slug.clone(),
                    ..Default::default()
                };
            }
            Screen::Policy(scope) if self.policy.scope != *scope => super::policy::switched(self, scope),
            _ => {}
        }
        self.screen = screen;
        self.load_error = None;
    }

    /// Opens a screen (remembering the current one for Back) and asks for its data.
    pub(super) fn open(&mut self, screen: Screen, effects: &mut Vec<Effect>) {
        if screen == self.screen {
            return;
        }
        let previous = std::mem::replace(&mut self.screen, Screen::Projects);
        self.history.push(previous);
        self.set_screen(screen);
        self.fetch(self.screen_fetch(), effects);
    }

    /// Back to the previous screen. Opened straight on a task (`relay task KEY`) or a board, Back goes up: to the
    /// task's board, to the projects.
    pub(super) fn go_back(&mut self, effects: &mut Vec<Effect>) {
        let up = match &self.screen {
            Screen::Task(key) => key
                .rsplit_once('-')
                .map(|(project, _)| Screen::Board(project.to_owned())),
            Screen::Terminal(_) => Some(Screen::Sessions),
            Screen::Environments(slug) => Some(Screen::Board(slug.clone())),
            Screen::Policy(_) => self.policy.project.clone().map(Screen::Board),
            Screen::Projects => None,
            _ => Some(Screen::Projects),
        };
        if let Some(previous) = self.history.pop().or(up) {
            self.set_screen(previous);
            let fetch = self.screen_fetch();
            self.fetch(fetch, effects);
        }
    }

    /// Asks for the current screen's data again (after its filter changed).
    pub(super) fn refetch(&mut self, effects: &mut Vec<Effect>) {
        let fetch = self.screen_fetch();
        self.fetch(fetch, effects);
    }

    /// Asks for a fetch unless the same one is on its way (then nothing: its answer will do).
    pub(super) fn fetch_once(&mut self, fetch: Fetch, effects: &mut Vec<Effect>) {
        if !self.in_flight.contains_key(&fetch) {
            self.fetch(fetch, effects);
        }
    }

    /// Asks for a fetch unless the same one is on its way; then it is asked again once that one answers.
    fn fetch(&mut self, fetch: Fetch, effects: &mut Vec<Effect>) {
        match self.in_flight.get_mut(&fetch) {
            Some(again) => *again = true,
            None => {
                self.in_flight.insert(fetch.clone(), false);
                let inbox = fetch == Fetch::Inbox;
                effects.push(Effect::Fetch(fetch));
                // The inbox's proposal groups come with it.
                if inbox {
                    self.fetch(Fetch::Proposals, effects);
                }
            }
        }
    }

    /// Fetches the inbox for the header's count when it is due and the last one was asked for at least
    /// [`INBOX_EVERY_MS`] ago (on the inbox screen its own refetch keeps it fresh).
    fn poll_inbox(&mut self, effects: &mut Vec<Effect>) {
        if !self.inbox_due {
            return;
        }
        if self.screen == Screen::Inbox {
            self.inbox_due = false;
            return;
        }
        if self
            .inbox_asked_ms
            .is_some_and(|at| self.now_ms.saturating_sub(at) < INBOX_EVERY_MS)
        {
            return;
        }
        self.inbox_due = false;
        self.inbox_asked_ms = Some(self.now_ms);
        self.fetch_once(Fetch::Inbox, effects);
    }

    /// Keeps the inbox's selected row inside the inbox (after it changed).
    fn clamp_inbox_row(&mut self) {
        let rows = self.inbox_targets().len();
        self.inbox.selected = self.inbox.selected.min(rows.saturating_sub(1));
    }

    /// The inbox rows a key can open, in screen order (the ones the filter shows).
    pub fn inbox_targets(&self) -> Vec<InboxTarget> {
        let Some(inbox) = &self.inbox.inbox else {
            return Vec::new();
        };
        let find = &self.inbox.find;
        let task = |group: &str, task: Option<&proto::InboxTask>, tab: usize| {
            inbox_task_shown(find, task).then(|| {
                let key = task.map(|t| t.key.clone()).unwrap_or_default();
                InboxTarget {
                    id: format!("{group}/{key}"),
                    key,
                    tab,
                    screen: None,
                }
            })
        };
        let mut rows = Vec::new();
        rows.extend(
            inbox
                .review_queue
                .iter()
                .filter_map(|r| task("review", r.task.as_ref(), TAB_REVIEW)),
        );
        rows.extend(
            inbox
                .waiting_on_you
                .iter()
                .filter_map(|t| task("waiting", Some(t), 0)),
        );
        rows.extend(
            inbox
                .rule_warnings
                .iter()
                .filter_map(|r| task("warnings", r.task.as_ref(), 0)),
        );
        rows.extend(
            inbox
                .not_logged
                .iter()
                .filter_map(|t| task("not_logged", Some(t), 0)),
        );
        rows.extend(
            inbox
                .unlinked_sessions
                .iter()
                .filter(|s| find.matches([s.name.as_str(), s.reason.as_str()]))
                .map(|s| InboxTarget {
                    key: String::new(),
                    tab: 0,
                    id: format!("unlinked/{}", s.name),
                    screen: None,
                }),
        );
        rows.extend(
            inbox
                .agent_replies
                .iter()
                .filter_map(|r| task("replies", r.task.as_ref(), TAB_COMMENTS)),
        );
        rows.extend(super::inbox::proposal_targets(self));
        rows
    }

    /// How many rows the inbox has, filter or not.
    pub fn inbox_rows_total(&self) -> usize {
        self.inbox.inbox.as_ref().map_or(0, |i| {
            i.review_queue.len()
                + i.waiting_on_you.len()
                + i.rule_warnings.len()
                + i.not_logged.len()
                + i.unlinked_sessions.len()
                + i.agent_replies.len()
        }) + self
            .inbox
            .proposals
            .as_ref()
            .and_then(|p| p.as_ref().ok())
            .map_or(0, super::inbox::Proposals::len)
    }

    /// The filter of the current screen (`/`), where it has one.
    pub fn find(&self) -> Option<&Find> {
        match &self.screen {
            Screen::Projects => Some(&self.projects.find),
            Screen::Board(_) => Some(&self.board.find),
            Screen::Inbox => Some(&self.inbox.find),
            Screen::Sessions => Some(&self.sessions.find),
            Screen::Activity => Some(&self.activity.find),
            Screen::Locks => Some(&self.locks.find),
            Screen::Graph => self.graph.input(),
            Screen::Policy(_) => Some(&self.policy.find),
            Screen::Task(_) | Screen::Terminal(_) | Screen::Environments(_) => None,
        }
    }

    fn find_mut(&mut self) -> Option<&mut Find> {
        match &self.screen {
            Screen::Projects => Some(&mut self.projects.find),
            Screen::Board(_) => Some(&mut self.board.find),
            Screen::Inbox => Some(&mut self.inbox.find),
            Screen::Sessions => Some(&mut self.sessions.find),
            Screen::Activity => Some(&mut self.activity.find),
            Screen::Locks => Some(&mut self.locks.find),
            Screen::Graph => self.graph.input_mut(),
            Screen::Policy(_) => Some(&mut self.policy.find),
            Screen::Task(_) | Screen::Terminal(_) | Screen::Environments(_) => None,
        }
    }

    /// Where the selection is, by what it is on (not its row), so it can be put back after the rows change.
    fn selection(&self) -> Selection {
        match &self.screen {
            Screen::Board(_) => Selection::Board(self.board.selected_keys()),
            Screen::Task(_) | Screen::Terminal(_) => Selection::None,
            _ => {
                let ids = self.list_ids();
                Selection::List(self.list_selected().and_then(|at| ids.get(at).cloned()))
            }
        }
    }

    /// Puts the selection back on what it was on (see [`Model::selection`]).
    fn reselect(&mut self, before: Selection) {
        match before {
            Selection::Board(keys) => self.board.reselect(&keys),
            Selection::List(id) => {
                let ids = self.list_ids();
                if let Some(selected) = self.list_selected_mut() {
                    *selected = super::find::reselect(id.as_deref(), &ids, *selected);
                }
            }
            Selection::None => {}
        }
    }

    /// The ids of the rows a list screen shows, in order.
    pub(super) fn list_ids(&self) -> Vec<String> {
        match &self.screen {
            Screen::Projects => self.projects.visible().iter().map(|p| p.slug.clone()).collect(),
            Screen::Inbox => self.inbox_targets().into_iter().map(|t| t.id).collect(),
            Screen::Sessions => self.sessions.visible().iter().map(|s| s.name.clone()).collect(),
            Screen::Activity => self
                .activity
                .visible()
                .iter()
                .map(|r| r.event.as_ref().map_or(0, |e| e.id).to_string())
                .collect(),
            Screen::Locks => self.locks.visible().iter().map(|l| super::locks::id(l)).collect(),
            Screen::Environments(_) => self
                .environments
                .rows()
                .iter()
                .map(super::environments::id)
                .collect(),
            Screen::Graph => self.graph.ids(),
            Screen::Policy(_) => self.policy.rows().iter().map(super::policy::id).collect(),
            Screen::Board(_) | Screen::Task(_) | Screen::Terminal(_) => Vec::new(),
        }
    }

    fn list_selected(&self) -> Option<usize> {
        match &self.screen {
            Screen::Projects => Some(self.projects.selected),
            Screen::Inbox => Some(self.inbox.selected),
            Screen::Sessions => Some(self.sessions.selected),
            Screen::Activity => Some(self.activity.selected),
            Screen::Locks => Some(self.locks.selected),
            Screen::Environments(_) => Some(self.environments.selected),
            Screen::Graph => self.graph.selected.get(self.graph.tab).copied(),
            Screen::Policy(_) => Some(self.policy.selected),
            Screen::Board(_) | Screen::Task(_) | Screen::Terminal(_) => None,
        }
    }

    pub(super) fn list_selected_mut(&mut self) -> Option<&mut usize> {
        match &self.screen {
            Screen::Projects => Some(&mut self.projects.selected),
            Screen::Inbox => Some(&mut self.inbox.selected),
            Screen::Sessions => Some(&mut self.sessions.selected),
            Screen::Activity => Some(&mut self.activity.selected),
            Screen::Locks => Some(&mut self.locks.selected),
            Screen::Environments(_) => Some(&mut self.environments.selected),
            Screen::Graph => self.graph.selected.get_mut(self.graph.tab),
            Screen::Policy(_) => Some(&mut self.policy.selected),
            Screen::Board(_) | Screen::Task(_) | Screen::Terminal(_) => None,
        }
    }

    /// Changes the current screen's filter, keeping the selection on its row.
    fn change_find(&mut self, change: impl FnOnce(&mut Find) -> bool) -> bool {
        let before = self.selection();
        let changed = self.find_mut().is_some_and(change);
        if changed {
            self.reselect(before);
        }
        changed
    }
}

/// Where a selection is, by what it is on.
enum Selection {
    Board([Option<String>; STAGES.len()]),
    List(Option<String>),
    None,
}

/// Whether the inbox filter shows a row about `task` (its key or title).
pub fn inbox_task_shown(find: &Find, task: Option<&proto::InboxTask>) -> bool {
    match task {
        Some(t) => find.matches([t.key.as_str(), t.title.as_str()]),
        None => find.matches([]),
    }
}

/// Applies one action and returns what the worker must do. Sets `model.dirty` when the screen changed.
pub fn update(model: &mut Model, action: Action) -> Vec<Effect> {
    let mut effects = Vec::new();
    model.dirty = true;
    match action {
        Action::Key(key) => on_key(model, key, &mut effects),
        Action::Mouse(event) => super::mouse::on_mouse(model, event, &mut effects),
        Action::Paste(text) => {
            if model.too_small() || model.quit_asked {
                model.dirty = false;
            } else if model.form.is_some() {
                super::form::paste(model, &text);
            } else if super::policy::editing(model) {
                super::policy::paste(model, &text);
            } else if matches!(model.screen, Screen::Terminal(_)) {
                super::terminal::paste(model, &text, &mut effects);
            } else if let Some(palette) = model.palette.as_mut() {
                palette.paste(&text);
            } else if model.find().is_some_and(|f| f.typing) {
                model.change_find(|find| {
                    find.paste(&text);
                    true
                });
            } else {
                model.dirty = false;
            }
        }
        Action::Resize { width, height } => {
            super::image::on_action(
                model,
                super::image::ImageAction::Terminal(super::image::Cells { width, height }),
            );
            super::terminal::resized(model, &mut effects);
            model.dirty = true;
        }
        Action::Clock(now) => {
            // Ages shown in minutes: redraw only when one could have changed.
            // (The graph screen counts the seconds it waits for a slow answer.)
            model.dirty = now / 60_000 != model.now_ms / 60_000 || super::graph::waiting(model);
            model.now_ms = now;
            model.poll_inbox(&mut effects);
        }
        Action::Connecting => {
            if let Connection::Offline { reason, .. } = &model.connection {
                let reason = reason.clone();
                model.connection = Connection::Offline { reason, retry_ms: 0 };
            }
        }
        Action::Live => model.connection = Connection::Live,
        Action::Snapshot {
            lagged,
            last_event_id,
        } => {
            model.connection = Connection::Live;
            if lagged {
                model.resyncs += 1;
            }
            // A new stream (after a reconnect) or a lag: whatever was missed is fetched again.
            if lagged || last_event_id != model.last_event_id {
                model.in_flight.clear();
                let fetch = model.screen_fetch();
                model.fetch(fetch, &mut effects);
            }
            model.last_event_id = last_event_id;
        }
        Action::Event(event) => {
            model.last_event_id = model.last_event_id.max(event.id);
            // Nothing on screen changes until the fetch answers, unless an age could (they are in minutes).
            model.dirty = event.at_ms / 60_000 > model.now_ms / 60_000;
            if event.at_ms > model.now_ms {
                model.now_ms = event.at_ms;
            }
            notify_acceptance(model, &event);
            let fetch = model.screen_fetch();
            let refetched = affects(&fetch, &event);
            if refetched {
                // A stage move shows at once (the card changes column); the fetch brings the rest.
                model.dirty |= move_card(model, &event);
                model.fetch(fetch.clone(), &mut effects);
            }
            if affects(&Fetch::Inbox, &event) {
                if refetched && matches!(fetch, Fetch::Board(_)) {
                    // The board's answer brings the inbox with it.
                    model.inbox_due = false;
                    model.inbox_asked_ms = Some(model.now_ms);
                } else {
                    model.inbox_due = true;
                    model.poll_inbox(&mut effects);
                }
            }
        }
        Action::Offline { reason, retry_ms } => {
            model.connection = Connection::Offline { reason, retry_ms };
            model.in_flight.clear();
        }
        Action::Loaded { fetch, result } => loaded(model, fetch, result, &mut effects),
        Action::Wrote { write, result } => wrote(model, write, result, &mut effects),
        Action::Terminal(action) => super::terminal::on_action(model, action),
        Action::LocksChanged => {
            // The locks screen lists them again (once at a time); other screens do not show locks.
            if model.screen == Screen::Locks {
                model.fetch(Fetch::Locks, &mut effects);
            }
            model.dirty = false;
        }
        Action::Image(action) => super::image::on_action(model, action),
        Action::Widens { write, widens } => super::policy::widens(model, write, &widens),
        Action::RestoreRefused { write, newer } => {
            super::snapshots::refused(model, &write, &newer, &mut effects);
        }
        Action::DaemonStarted(result) => {
            model.flash = Some(match result {
                Ok(line) => Flash {
                    level: Level::Info,
                    lines: vec![line],
                },
                Err(why) => Flash {
                    level: Level::Error,
                    lines: vec![why],
                },
            });
        }
    }
    // The inline screenshot follows the screen, tab, step and terminal size.
    super::image::follow(model, &mut effects);
    // The board's archive follows "show archived" and the filter.
    super::board::follow_archive(model, &mut effects);
    // The sessions screen's snapshot block follows the selected session.
    sessions::follow_snapshots(model, &mut effects);
    // The graph screen sends a search or opens a path once typed, times a slow answer and asks again every 10 s.
    super::graph::follow(model, &mut effects);
    effects
}

/// A task moved to review or test waits for the owner: "Waiting for your acceptance: KEY title" (the title when
/// the window knows it), for the loop to raise as a terminal notification.
fn notify_acceptance(model: &mut Model, event: &proto::Event) {
    if !model.notify_review {
        return;
    }
    let Some(moved) = payload::TaskStageChanged::from_json(&event.kind, &event.data_json) else {
        return;
    };
    if !matches!(Stage::parse(&moved.to), Ok(Stage::Review | Stage::Test)) || moved.from == moved.to {
        return;
    }
    let title = model
        .board
        .board
        .iter()
        .flat_map(|b| b.tasks.iter())
        .chain(model.task.data.iter().filter_map(|d| d.detail.task.as_ref()))
        .find(|t| t.key == event.subject)
        .map(|t| format!(" {}", t.title))
        .unwrap_or_default();
    model
        .notifications
        .push(format!("Waiting for your acceptance: {}{title}", event.subject));
}

/// Whether an event can change the inbox (relaybay §2's list): a task's fields or stage, a session seen or its
/// hook status, a comment added or read, a review step's change.
pub fn changes_inbox(event: &proto::Event) -> bool {
    let kind = event.kind.as_str();
    kind.starts_with("task.")
        || kind.starts_with("review.step_")
        || matches!(
            kind,
            "session.seen" | "session.status_changed" | "comment.added" | "comment.read"
        )
        || super::inbox::changes_proposals(kind)
}

/// Whether an event can change what `fetch` shows.
pub fn affects(fetch: &Fetch, event: &proto::Event) -> bool {
    let kind = event.kind.as_str();
    let area = kind.split('.').next().unwrap_or_default();
    if matches!(area, "daemon" | "backup" | "lock") {
        return false;
    }
    let project = || event.project.as_deref();
    match fetch {
        // A hook status changes who is at work.
        Fetch::Projects => matches!(area, "project" | "task") || kind == "session.status_changed",
        // Of the session events only a hook status change shows on the board (a card's dot); a binding is a
        // task event.
        Fetch::Board(slug) => {
            (area != "session" || kind == "session.status_changed")
                && (project() == Some(slug.as_str())
                    || event
                        .subject
                        .strip_prefix(slug.as_str())
                        .is_some_and(|rest| rest.starts_with('-')))
        }
        // Of the session events only the agent's todo shows on the task (the Plan tab); its subject is the task.
        Fetch::Task(key) => {
            ((area != "session" || kind == "session.todo_updated") && event.subject == *key)
                || (area == "snapshot" && super::snapshots::concerns_task(event, key))
                || super::live::concerns_task(event, key)
        }
        Fetch::Inbox => changes_inbox(event),
        // A snapshot event refetches the sessions, and with them the selected session's snapshots.
        Fetch::Sessions(_) => {
            matches!(area, "session" | "runner" | "snapshot") || kind.starts_with("task.session_")
        }
        // The feed, and the block of actions on live above it (whatever the kind filter).
        Fetch::Activity(filter) => {
            filter.admits(event)
                || (kind == super::live::KIND
                    && filter
                        .project
                        .as_deref()
                        .is_none_or(|slug| project() == Some(slug)))
        }
        // The palette's list is fetched when it opens and kept while it is open.
        Fetch::ActivityMore { .. } | Fetch::PaletteTasks => false,
        // Lock changes come as `LocksChanged`, not events; a contention is an event.
        Fetch::Locks => kind == "lock.contended",
        // Environment and policy events (a policy layer can change every level's source).
        Fetch::Environments(slug) => {
            matches!(area, "environment" | "policy") && project().is_none_or(|p| p == slug.as_str())
        }
        // The archive is asked again when the board is (`board::follow_archive`).
        Fetch::Template(_) | Fetch::Archive { .. } => false,
        // Asked for by the sessions screen (`sessions::follow_snapshots`) and the restore key.
        Fetch::SessionSnapshots(_) | Fetch::RestorePreview { .. } => false,
        // The graph changes when the projector's pass lands, which no event says: the screen asks every 10 s.
        Fetch::Graph(_) => false,
        // Any policy change (a layer, a proposal, the global file) and any environment's (the scopes to choose
        // among, an environment's layer) can change what the screen shows.
        Fetch::Policy { .. } => matches!(area, "policy" | "environment"),
        // Asked for with the inbox.
        Fetch::PolicyPreview { .. } | Fetch::Proposals => false,
    }
}

/// Applies a `task.stage_changed` event to the open board's card; whether a card moved.
fn move_card(model: &mut Model, event: &proto::Event) -> bool {
    if !matches!(model.screen, Screen::Board(_)) {
        return false;
    }
    let Some(to) = payload::TaskStageChanged::from_json(&event.kind, &event.data_json)
        .map(|moved| moved.to)
        .filter(|to| STAGES.contains(&to.as_str()))
    else {
        return false;
    };
    let Some(task) = model
        .board
        .board
        .as_ref()
        .and_then(|board| board.tasks.iter().find(|t| t.key == event.subject))
    else {
        return false;
    };
    if task.stage == to {
        return false;
    }
    let before = model.board.selected_keys();
    if let Some(task) = model
        .board
        .board
        .as_mut()
        .and_then(|board| board.tasks.iter_mut().find(|t| t.key == event.subject))
    {
        task.stage = to;
    }
    if let Some(board) = model.board.board.as_mut() {
        sort_board(&mut board.tasks);
    }
    model.board.reselect(&before);
    true
}

fn loaded(model: &mut Model, fetch: Fetch, result: Result<Data, String>, effects: &mut Vec<Effect>) {
    if fetch == Fetch::PaletteTasks {
        model.in_flight.remove(&fetch);
        super::palette::loaded(model, result);
        return;
    }
    if let Fetch::Archive { .. } = fetch {
        super::board::archive_loaded(model, fetch, result);
        return;
    }
    if let Fetch::RestorePreview { id, to } = &fetch {
        model.in_flight.remove(&fetch);
        let result = result.and_then(|data| match data {
            Data::RestorePreview(answer) => Ok(*answer),
            _ => Err("relayd answered something else".to_owned()),
        });
        super::snapshots::previewed(model, *id, to.clone(), result);
        return;
    }
    if fetch == Fetch::Proposals {
        let again = model.in_flight.remove(&fetch).unwrap_or(false);
        if again {
            model.fetch(Fetch::Proposals, effects);
        }
        model.inbox.proposals = Some(result.and_then(|data| match data {
            Data::Proposals(proposals) => Ok(*proposals),
            _ => Err("relayd answered something else".to_owned()),
        }));
        // The header's count holds them on every screen.
        model.clamp_inbox_row();
        return;
    }
    if let Fetch::PolicyPreview { .. } = &fetch {
        model.in_flight.remove(&fetch);
        super::policy::previewed(model, fetch, result);
        return;
    }
    if let Fetch::SessionSnapshots(name) = &fetch {
        let again = model.in_flight.remove(&fetch).unwrap_or(false);
        let name = name.clone();
        if again {
            model.fetch(fetch, effects);
        }
        sessions::snapshots_loaded(model, name, result);
        return;
    }
    let again = model.in_flight.remove(&fetch).unwrap_or(false);
    if again {
        model.fetch(fetch.clone(), effects);
    }
    let current = model.screen_fetch() == fetch;
    let data = match result {
        Ok(data) => data,
        Err(message) => {
            super::edit::load_failed(model, &fetch, &message);
            if current {
                model.load_error = Some(message);
            }
            return;
        }
    };
    super::edit::loaded(model, &fetch, &data);
    if current {
        model.load_error = None;
    }
    match (fetch, data) {
        (Fetch::Projects, Data::Projects { list, sessions }) => {
            model.slugs = list.iter().map(|p| p.slug.clone()).collect();
            model.projects.selected = model.projects.selected.min(list.len().saturating_sub(1));
            model.projects.list = Some(list);
            model.projects.sessions = sessions;
        }
        (
            Fetch::Board(slug),
            Data::Board {
                board,
                inbox,
                sessions,
                plans,
                reviews,
            },
        ) if slug == model.board.slug => {
            model.board.plans = plans.into_iter().map(|p| (p.key.clone(), p)).collect();
            model.board.hook_status = sessions.into_iter().map(|s| (s.name, s.hook_status)).collect();
            let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
            model.board.reviews = reviews
                .into_iter()
                .map(|r| (r.key, (count(r.accepted), count(r.rejected), count(r.steps))))
                .collect();
            model.now_ms = model.now_ms.max(inbox.now_ms);
            let before = model.board.selected_keys();
            let mut board = *board;
            sort_board(&mut board.tasks);
            model.board.board = Some(board);
            // The same answer keeps the header's inbox count fresh.
            model.inbox.inbox = Some(*inbox);
            model.clamp_inbox_row();
            model.board.reselect(&before);
        }
        (Fetch::Task(key), Data::Task(data)) if key == model.task.key => {
            // The selected review step stays the same step (by position) when the checklist changed.
            let position = model.task.selected_step().map(|s| s.position);
            let steps = data.review.as_ref().map_or(&[][..], |r| r.steps.as_slice());
            let found = position.and_then(|p| steps.iter().position(|s| s.position == p));
            model.task.step = found.unwrap_or(model.task.step.min(steps.len().saturating_sub(1)));
            // The selected snapshot stays the same one (by id) when a newer one comes on top.
            let shown = |d: &TaskData| -> Vec<i64> {
                d.snapshots
                    .as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map_or_else(Vec::new, |l| l.iter().map(|s| s.id).collect())
            };
            let before = model
                .task
                .data
                .as_ref()
                .and_then(|d| shown(d).get(model.task.snapshot).copied());
            let after = shown(&data);
            model.task.snapshot = before
                .and_then(|id| after.iter().position(|s| *s == id))
                .unwrap_or(model.task.snapshot.min(after.len().saturating_sub(1)));
            model.task.data = Some(*data);
        }
        (Fetch::Inbox, Data::Inbox(inbox)) => {
            model.now_ms = model.now_ms.max(inbox.now_ms);
            model.inbox.inbox = Some(*inbox);
            model.clamp_inbox_row();
        }
        (Fetch::Sessions(project), Data::Sessions { list, runner, slugs }) => {
            model.slugs = slugs;
            sessions::loaded(model, project, *list, runner);
        }
        (Fetch::Locks, Data::Locks(listing)) => super::locks::loaded(model, *listing),
        (Fetch::Environments(slug), Data::Environments(map)) if model.environments.slug == *slug => {
            super::environments::loaded(model, *map)
        }
        (Fetch::Template(project), Data::Template(Some(template))) => {
            // Prefilled below the title line, unless the owner typed (or a draft came back) meanwhile.
            if let Some(form) = model.form.as_mut()
                && form.kind == (FormKind::NewTask { project })
                && form.editor.is_blank()
            {
                form.editor =
                    Editor::with_text(&format!("\n\n{template}"), super::form::NEW_TASK_LIMIT).at_start();
                form.note =
                    Some("The description is the rules' template: fill it in below the title.".to_owned());
            }
        }
        (Fetch::Graph(fetch), Data::Graph(data)) => super::graph::loaded(model, fetch, *data),
        (Fetch::Policy { scope, .. }, Data::Policy(data)) if model.policy.scope == scope => {
            super::policy::loaded(model, *data)
        }
        (Fetch::Activity(filter), Data::Activity { page, slugs, live }) => {
            model.slugs = slugs;
            activity::first_page(model, filter, *page, live);
        }
        (Fetch::ActivityMore { filter, .. }, Data::Activity { page, .. }) => {
            activity::more_page(model, filter, *page);
        }
        _ => model.dirty = current,
    }
}

fn wrote(model: &mut Model, write: Write, result: Result<Outcome, String>, effects: &mut Vec<Effect>) {
    match result {
        Ok(outcome) => {
            super::policy::saved(model, &write);
            // Sent: the form's draft is done with.
            if let Some(key) = model.form.take().and_then(|f| super::form::draft_key(&f.kind)) {
                model.drafts.remove(&key);
            }
            if let Write::DecideStep {
                key,
                step,
                decision: proto::ReviewDecision::Accept | proto::ReviewDecision::Reject,
                ..
            } = &write
                && *key == model.task.key
            {
                model.task.select_next_open(*step);
            }
            let level = if outcome.warnings.is_empty() {
                Level::Info
            } else {
                Level::Warning
            };
            if let Some(key) = outcome.created {
                model.board.focus = Some(key);
            }
            let mut lines = vec![outcome.summary];
            lines.extend(outcome.warnings);
            lines.extend(outcome.notes);
            model.flash = Some(Flash { level, lines });
            // The event will refresh the screen too; fetching now shows the change without waiting for it.
            let fetch = model.screen_fetch();
            model.fetch(fetch, effects);
        }
        Err(message) if super::policy::refused(model, &write, &message) => {}
        Err(message) => match model.form.as_mut() {
            // A refusal keeps the form and its text, with the reason.
            Some(form) => {
                form.busy = false;
                form.error = Some(message);
            }
            None => {
                model.flash = Some(Flash {
                    level: Level::Error,
                    lines: vec![format!("{}: {message}", write.key())],
                });
            }
        },
    }
}

fn on_key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    if model.quit_asked {
        // "Quit and lose the drafts?": y quits, any other key stays.
        model.quit_asked = false;
        model.quit = matches!(key.code, KeyCode::Char('y' | 'Y'));
        return;
    }
    if model.restore.is_some() && !model.too_small() {
        // "Restore snapshot …?": only the keys it names act (never unseen, behind "Enlarge the terminal").
        super::snapshots::key(model, key, effects);
        return;
    }
    if let Some((_, write)) = model.confirm.take() {
        // "Delete …?": y sends it, any other key leaves it.
        if matches!(key.code, KeyCode::Char('y' | 'Y')) {
            effects.push(Effect::Write(write));
        }
        return;
    }
    if model.too_small() {
        // Nothing acts unseen: behind "Enlarge the terminal" only quit works (a form's text stays).
        match model.keymap.lookup(&[Scope::Global], &key) {
            Some(Command::Quit) => quit(model),
            _ => model.dirty = false,
        }
        return;
    }
    if model.form.is_some() {
        form_key(model, key, effects);
        return;
    }
    if super::policy::editing(model) {
        super::policy::editor_key(model, key, effects);
        return;
    }
    if model.picker.is_some() {
        super::picker::key(model, key, effects);
        return;
    }
    if matches!(model.screen, Screen::Terminal(_)) && model.palette.is_none() && !model.help {
        super::terminal::key(model, key, effects);
        return;
    }
    if model.find().is_some_and(|f| f.typing) && model.palette.is_none() {
        // Typing the filter: keys go to it; one that means nothing there is ignored.
        if !model.change_find(|find| find.key(key)) {
            model.dirty = false;
        }
        return;
    }
    if model.palette.is_some() {
        super::palette::key(model, key, effects);
        return;
    }
    let command = model.keymap.lookup(&model.scopes(), &key);
    if model.help {
        // ↑/↓ scroll a help taller than the terminal; any other key closes it; q still quits.
        match command {
            Some(command @ (Command::Up | Command::Down)) => scroll_help(model, command),
            Some(Command::Quit) => model.quit = true,
            _ => model.help = false,
        }
        return;
    }
    let Some(command) = command else {
        // The first key that means nothing here says where the keys are listed; later ones stay quiet.
        if !model.help_hinted && model.flash.is_none() {
            model.help_hinted = true;
            model.flash = Some(Flash {
                level: Level::Info,
                lines: vec![format!(
                    "{} does nothing here — {} for help",
                    key_label(&key),
                    model.keymap.first_label(Scope::Global, Command::Help)
                )],
            });
        } else {
            model.dirty = false;
        }
        return;
    };
    run_command(model, command, effects);
}

/// A key as the owner pressed it: `x`, `Ctrl-X`, `F1`, `Insert`.
fn key_label(key: &KeyEvent) -> String {
    let ctrl = key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char(c) if ctrl => format!("Ctrl-{c}"),
        KeyCode::Char(' ') => "Space".to_owned(),
        KeyCode::Char(c) => c.to_string(),
        code if ctrl => format!("Ctrl-{code}"),
        code => code.to_string(),
    }
}

/// Quits, unless drafts longer than a few characters would be lost: then the window asks first.
fn quit(model: &mut Model) {
    if model.unsent_drafts().is_empty() {
        model.quit = true;
    } else {
        model.quit_asked = true;
    }
}

impl Model {
    /// The drafts quitting would lose (longer than [`super::form::DRAFT_ASK`] characters, the open form's text
    /// included): each its name and length, sorted.
    pub fn unsent_drafts(&self) -> Vec<(String, usize)> {
        let mut drafts: Vec<(String, usize)> = self
            .drafts
            .iter()
            .map(|(key, editor)| (key.clone(), editor.chars()))
            .collect();
        if let Some(form) = &self.form
            && let Some(key) = super::form::draft_key(&form.kind)
        {
            drafts.retain(|(k, _)| *k != key);
            if super::form::holds_draft(form) {
                drafts.push((key, form.editor.chars()));
            }
        }
        // The policy layers' kept drafts, and the editor's text when it is open and changed.
        drafts.extend(
            self.policy
                .drafts
                .iter()
                .map(|(scope, text)| (format!("{scope} policy layer"), text.chars().count())),
        );
        if let Some(editor) = self.policy.editor.as_ref().filter(|e| e.changed()) {
            let name = format!("{} policy layer", editor.scope);
            drafts.retain(|(k, _)| *k != name);
            drafts.push((name, editor.editor.chars()));
        }
        drafts.retain(|(_, chars)| *chars > super::form::DRAFT_ASK);
        drafts.sort();
        drafts
    }
}

/// Scrolls the help overlay a line (the view stops it at the list's end; this bounds it by the list's length).
pub(super) fn scroll_help(model: &mut Model, command: Command) {
    match command {
        Command::Up => model.help_scroll = model.help_scroll.saturating_sub(1),
        _ => {
            let lines = model.keymap.bindings(&model.scopes()).count() * 2;
            model.help_scroll = (model.help_scroll + 1).min(u16::try_from(lines).unwrap_or(u16::MAX));
        }
    }
}

/// What a command does on the current screen. A key comes here after its lookup; the palette and the mouse run
/// their commands through here too, so an entry or a click does exactly what the key does.
pub(super) fn run_command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    model.flash = None;
    match command {
        Command::Quit => quit(model),
        Command::Help => {
            model.help = true;
            model.help_scroll = 0;
        }
        Command::Palette => super::palette::open(model, effects),
        // The activity's detail pane closes before Back leaves the feed.
        Command::Back if model.screen == Screen::Activity && model.activity.detail => {
            model.activity.detail = false
        }
        // The sessions' snapshot block gives the keys back to the list before Back leaves the screen.
        Command::Back if model.screen == Screen::Sessions && model.sessions.snapshot_focus => {
            model.sessions.snapshot_focus = false
        }
        Command::Back if model.find().is_some_and(Find::active) => {
            // A filter is cleared before Back leaves its screen.
            model.change_find(|find| {
                find.clear();
                true
            });
        }
        Command::Find if model.find().is_some() => {
            model.change_find(|find| {
                find.typing = true;
                true
            });
        }
        // A file walked to from another goes back to it before Back leaves the graph screen.
        Command::Back if model.screen == Screen::Graph && super::graph::back(model, effects) => {}
        Command::Back => model.go_back(effects),
        Command::Refresh => {
            let fetch = model.screen_fetch();
            model.in_flight.remove(&fetch);
            model.fetch(fetch, effects);
        }
        Command::Projects => model.open(Screen::Projects, effects),
        Command::Inbox => model.open(Screen::Inbox, effects),
        Command::Sessions => {
            // From a board: that project's sessions; elsewhere every session.
            let project = match &model.screen {
                Screen::Board(slug) => Some(slug.clone()),
                Screen::Sessions => model.sessions.project.clone(),
                _ => None,
            };
            if project != model.sessions.project {
                model.sessions = SessionsState {
                    project,
                    ..SessionsState::default()
                };
            }
            model.open(Screen::Sessions, effects);
        }
        Command::Activity => model.open(Screen::Activity, effects),
        Command::Locks => model.open(Screen::Locks, effects),
        Command::Graph => {
            // From a board or a task: that project's graph.
            let project = match &model.screen {
                Screen::Board(slug) | Screen::Environments(slug) => Some(slug.clone()),
                Screen::Task(key) => key.rsplit_once('-').map(|(project, _)| project.to_owned()),
                _ => None,
            };
            super::graph::opened(model, project);
            model.open(Screen::Graph, effects);
        }
        Command::StartDaemon => match model.connection {
            Connection::Live => {
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec!["relayd is running: nothing to start".to_owned()],
                });
            }
            _ => {
                model.flash = Some(Flash {
                    level: Level::Info,
                    lines: vec!["starting relayd…".to_owned()],
                });
                effects.push(Effect::StartDaemon);
            }
        },
        _ => match model.screen.clone() {
            Screen::Projects => projects_command(model, command, effects),
            Screen::Board(_) => board_command(model, command, effects),
            Screen::Task(_) => task_command(model, command, effects),
            Screen::Inbox => inbox_command(model, command, effects),
            Screen::Sessions => sessions::command(model, command, effects),
            Screen::Activity => activity::command(model, command, effects),
            // Keys go to the process (`terminal::key`); only the palette's and help's commands come here.
            Screen::Terminal(_) => model.dirty = false,
            Screen::Locks => super::locks::command(model, command, effects),
            Screen::Environments(_) => super::environments::command(model, command, effects),
            Screen::Graph => super::graph::command(model, command, effects),
            Screen::Policy(_) => super::policy::command(model, command, effects),
        },
    }
}

/// Moves a selection among `len` rows: a row, a page of `page` rows, half of one, or to either end.
pub(super) fn step(selected: &mut usize, len: usize, command: Command, page: usize) {
    let last = len.saturating_sub(1);
    let page = page.max(1);
    let half = (page / 2).max(1);
    *selected = match command {
        Command::Up => selected.saturating_sub(1),
        Command::Down => (*selected + 1).min(last),
        Command::PageUp => selected.saturating_sub(page),
        Command::PageDown => (*selected + page).min(last),
        Command::HalfPageUp => selected.saturating_sub(half),
        Command::HalfPageDown => (*selected + half).min(last),
        Command::Top => 0,
        Command::Bottom => last,
        _ => *selected,
    };
}

/// A text's scroll offset moved by `command` (a line, a page of `page` lines, half of one, an end), kept within
/// `0..=max`.
pub(super) fn scroll_by(scroll: u16, command: Command, page: u16, max: u16) -> u16 {
    let page = page.max(1);
    let half = (page / 2).max(1);
    let moved = match command {
        Command::Up => scroll.saturating_sub(1),
        Command::Down => scroll.saturating_add(1),
        Command::PageUp => scroll.saturating_sub(page),
        Command::PageDown => scroll.saturating_add(page),
        Command::HalfPageUp => scroll.saturating_sub(half),
        Command::HalfPageDown => scroll.saturating_add(half),
        Command::Top => 0,
        Command::Bottom => max,
        _ => scroll,
    };
    moved.min(max)
}

fn projects_command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let len = model.projects.visible().len();
    match command {
        c if c.is_move() => {
            let page = model.page();
            step(&mut model.projects.selected, len, command, page);
        }
        Command::Open => {
            let slug = model
                .projects
                .visible()
                .get(model.projects.selected)
                .map(|p| p.slug.clone());
            if let Some(slug) = slug {
                model.open(Screen::Board(slug), effects);
            }
        }
        Command::NewProject => model.form = Some(Form::open(FormKind::NewProject, &model.drafts)),
        _ => model.dirty = false,
    }
}

fn board_command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let page = model.page();
    let board = &mut model.board;
    match command {
        // A column moves by card: a page is the cards the last frame showed of it.
        c if c.is_move() => {
            let len = board.column_tasks(board.column).len();
            if let Some(row) = board.rows.get_mut(board.column) {
                step(row, len, command, page);
            }
        }
        Command::Left => board.column = board.column.saturating_sub(1),
        Command::Right => board.column = (board.column + 1).min(STAGES.len() - 1),
        Command::NextPage => {
            board.column = if board.column < FIRST_PAGE { FIRST_PAGE } else { 0 };
        }
        Command::Open => {
            // On the tab the card's badge names (Review, Plan).
            if let Some((key, tab)) = board
                .selected_task()
                .map(|t| (t.key.clone(), super::board::open_tab(board, t)))
            {
                model.open(Screen::Task(key), effects);
                model.task.tab = tab;
            }
        }
        Command::MoveStage => {
            if let Some(task) = board.selected_task() {
                model.form = Some(stage_form(task));
            }
        }
        Command::ShowArchived => super::board::toggle_archived(model),
        Command::Environments => {
            let slug = board.slug.clone();
            model.open(Screen::Environments(slug), effects);
        }
        Command::Policy => {
            let slug = board.slug.clone();
            super::policy::open(model, slug.clone(), Some(slug), effects);
        }
        Command::CopyTask => match board.selected_task().map(|t| (t.key.clone(), t.title.clone())) {
            Some((key, title)) => copy_task(model, &key, &title),
            None => model.dirty = false,
        },
        Command::OpenDesktop => match board.selected_task().map(|t| (t.key.clone(), t.session.clone())) {
            Some((key, session)) => super::board::open_desktop(model, &key, session.as_deref(), effects),
            None => model.dirty = false,
        },
        Command::EditField => super::edit::command(model, command, effects),
        Command::NewTask => {
            let project = board.slug.clone();
            let mut form = Form::open(
                FormKind::NewTask {
                    project: project.clone(),
                },
                &model.drafts,
            );
            if form.note.is_none() {
                // No draft: an empty text at the new task's limit, the template asked for.
                form.editor = Editor::with_text("", super::form::NEW_TASK_LIMIT);
                model.fetch(Fetch::Template(project), effects);
            }
            model.form = Some(form);
        }
        _ => model.dirty = false,
    }
}

fn task_command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let page = model.page();
    let state = &mut model.task;
    let key = state.key.clone();
    let tabs = TABS.len();
    match command {
        Command::NextTab => state.tab = (state.tab + 1) % tabs,
        Command::PrevTab => state.tab = (state.tab + tabs - 1) % tabs,
        Command::Tab(n) if n < tabs => state.tab = n,
        c if c.is_move() && state.tab == TAB_SNAPSHOTS => {
            let len = state
                .data
                .as_ref()
                .and_then(|d| d.snapshots.as_ref())
                .and_then(|s| s.as_ref().ok())
                .map_or(0, Vec::len);
            step(&mut state.snapshot, len, command, page);
        }
        Command::RestoreSnapshot => {
            let id = state
                .data
                .as_ref()
                .and_then(|d| d.snapshots.as_ref())
                .and_then(|s| s.as_ref().ok())
                .and_then(|list| list.get(state.snapshot))
                .map(|s| s.id);
            super::snapshots::ask(model, id, effects);
        }
        c if c.is_move() && state.tab == TAB_REVIEW => {
            let len = state
                .data
                .as_ref()
                .and_then(|d| d.review.as_ref())
                .map_or(0, |r| r.steps.len());
            step(&mut state.step, len, command, 5);
        }
        // A text tab scrolls no further than its last line at the top of the pane's end (the last frame's
        // measure; unbounded before the first).
        c if c.is_move() => {
            let page = u16::try_from(model.hits.page).unwrap_or(u16::MAX);
            let max = model.hits.scroll_max.unwrap_or(u16::MAX);
            if let Some(scroll) = state.scroll.get_mut(state.tab) {
                *scroll = scroll_by(*scroll, command, page, max);
            }
        }
        Command::MoveStage => {
            if let Some(task) = state.data.as_ref().and_then(|d| d.detail.task.as_ref()) {
                model.form = Some(stage_form(task));
            }
        }
        Command::AcceptStep | Command::RejectStep | Command::ReopenStep | Command::CommentStep => {
            let decision = match command {
                Command::AcceptStep => proto::ReviewDecision::Accept,
                Command::RejectStep => proto::ReviewDecision::Reject,
                Command::ReopenStep => proto::ReviewDecision::Reopen,
                _ => proto::ReviewDecision::Comment,
            };
            let step = state
                .data
                .as_ref()
                .and_then(|d| d.review.as_ref())
                .and_then(|r| r.steps.get(state.step));
            match step {
                Some(step) => {
                    let kind = FormKind::Decide {
                        key,
                        step: step.position,
                        title: step.title.clone(),
                        decision,
                    };
                    model.form = Some(Form::open(kind, &model.drafts));
                }
                None => {
                    model.flash = Some(Flash {
                        level: Level::Error,
                        lines: vec![format!("{key} has no review checklist yet: nothing to decide")],
                    });
                }
            }
        }
        Command::Comment => {
            let session = state
                .data
                .as_ref()
                .and_then(|d| d.detail.task.as_ref())
                .and_then(|t| t.session.clone());
            model.form = Some(Form::open(FormKind::Comment { key, session }, &model.drafts));
        }
        Command::MarkRead => effects.push(Effect::Write(Write::MarkRead { key })),
        Command::AcceptPlan => effects.push(Effect::Write(Write::AcceptPlan { key })),
        Command::ViewShot => super::image::view(model, effects, true),
        Command::PrevShot => super::image::view(model, effects, false),
        Command::AttachShot => match model.task.selected_step().map(|s| s.position) {
            Some(step) => model.form = Some(Form::open(FormKind::AttachShot { key, step }, &model.drafts)),
            None => {
                model.flash = Some(Flash {
                    level: Level::Warning,
                    lines: vec![format!(
                        "{key} has no review checklist yet: no step to attach a screenshot to"
                    )],
                });
            }
        },
        Command::RemoveShot => super::image::remove(model),
        Command::CopyTask => {
            let task = state.data.as_ref().and_then(|d| d.detail.task.as_ref());
            if let Some((key, title)) = task.map(|t| (t.key.clone(), t.title.clone())) {
                copy_task(model, &key, &title);
            }
        }
        Command::OpenDesktop => {
            let session = model
                .task
                .data
                .as_ref()
                .and_then(|d| d.detail.task.as_ref())
                .and_then(|t| t.session.clone());
            super::board::open_desktop(model, &key, session.as_deref(), effects);
        }
        Command::EditField | Command::BindSession | Command::UnbindSession => {
            super::edit::command(model, command, effects);
        }
        _ => model.dirty = false,
    }
}

fn inbox_command(model: &mut Model, command: Command, effects: &mut Vec<Effect>) {
    let targets = model.inbox_targets();
    match command {
        c if c.is_move() => {
            let page = model.page();
            step(&mut model.inbox.selected, targets.len(), command, page);
        }
        Command::Open => {
            if let Some(InboxTarget {
                screen: Some((screen, project)),
                ..
            }) = targets.get(model.inbox.selected)
            {
                if let Screen::Policy(scope) = screen {
                    super::policy::open(model, scope.clone(), project.clone(), effects);
                } else {
                    model.open(screen.clone(), effects);
                }
            } else if let Some(target) = targets.get(model.inbox.selected)
                && !target.key.is_empty()
            {
                model.open(Screen::Task(target.key.clone()), effects);
                model.task.tab = target.tab;
            }
        }
        _ => model.dirty = false,
    }
}

/// `y`: the task's key and title to the clipboard, through the terminal (OSC 52), and a line saying so.
fn copy_task(model: &mut Model, key: &str, title: &str) {
    let text = format!("{key}: {}", super::fit::one_line(title, 200));
    model.flash = Some(Flash {
        level: Level::Info,
        lines: vec![format!(
            "copied \"{text}\" (through the terminal, OSC 52: a terminal that does not allow it copies nothing; in tmux, set-clipboard on)"
        )],
    });
    model.clipboard = Some(text);
}
