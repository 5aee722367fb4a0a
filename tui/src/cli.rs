//! Every command and flag of `relay`, in one place. Help, the man pages and the shell completions are
//! generated from these definitions (see `cmd::generate`).

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;
use relay_core::board::{Stage, TASK_FIELDS};
use relay_core::hook::{Agent, Phase};

/// relay: one daemon and one terminal for running several AI coding agents on the same code.
///
/// Without a command, relay opens its terminal window on the daemon, starting relayd in the background
/// when it is not running.
#[derive(Parser, Debug)]
#[command(name = "relay", version = relay_core::VERSION, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Flags every command takes, so scripts and tests can run isolated daemons.
#[derive(Args, Debug, Clone, Default)]
pub struct GlobalArgs {
    /// Data directory (database, token, config.toml) [env: RELAY_HOME]
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]
    #[arg(long, global = true, value_name = "PORT")]
    pub port: Option<u16>,
    /// Path of the daemon's local socket [env: RELAY_SOCKET]
    #[arg(long, global = true, value_name = "PATH")]
    pub socket: Option<PathBuf>,
    /// Talk to a remote relayd instead of the local one: https://HOST:PORT of its remote_listen (TLS; its
    /// certificate is pinned on first use in ~/.config/relay/known_servers.toml)
    #[arg(long, global = true, value_name = "URL", env = "RELAY_SERVER")]
    pub server: Option<String>,
    /// File (mode 0600) holding the remote token for --server [default: the RELAY_TOKEN variable]
    #[arg(long, global = true, value_name = "FILE", requires = "server")]
    pub token_file: Option<PathBuf>,
    /// Allow --server with http:// (plaintext: the token crosses the network unencrypted)
    #[arg(long, global = true, requires = "server")]
    pub insecure: bool,
    /// Client certificate (PEM) for a relayd that requires mTLS (`relay daemon client-cert NAME` makes one)
    #[arg(long, global = true, value_name = "FILE", requires = "server")]
    pub client_cert: Option<PathBuf>,
    /// The client certificate's private key (PEM)
    #[arg(long, global = true, value_name = "FILE", requires = "client_cert")]
    pub client_key: Option<PathBuf>,
}

impl GlobalArgs {
    /// What `--server` and its flags asked for.
    pub fn remote(&self) -> crate::remote::RemoteArgs {
        crate::remote::RemoteArgs {
            server: self.server.clone(),
            token_file: self.token_file.clone(),
            insecure: self.insecure,
            client_cert: self.client_cert.clone(),
            client_key: self.client_key.clone(),
        }
    }

    /// The flags as the configuration layers take them.
    pub fn flags(self) -> relay_core::config::Flags {
        relay_core::config::Flags {
            home: self.home,
            port: self.port,
            socket: self.socket,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Seed a made-up workspace into a new data directory: two projects, eleven tasks across the stages, a task in
    /// review with a checklist and screenshots, plans, sessions; then `relay --home DIR` opens it
    Demo {
        /// Seed even when the directory holds a board: the old database is kept aside as
        /// relay.sqlite.before-demo-<YYYYMMDD-HHMMSS>
        #[arg(long)]
        force: bool,
    },
    /// Run, start, stop and inspect the relayd daemon
    Daemon {
        #[command(subcommand)]
        action: DaemonCommand,
    },
    /// Print the API token agents and scripts send as `Authorization: Bearer`; with --remote, the remote tokens
    Token {
        /// Replace the token with a new random one (restart relayd to use it); with --remote, make a new remote
        /// token of that scope, shown once, and stop the old one at once
        #[arg(long)]
        rotate: bool,
        /// A remote token (for `relay --server`) of this scope: owner (everything, as on the local socket) or
        /// agent (the board as an agent: no owner decisions, daemon control or terminals)
        #[arg(long, value_name = "SCOPE", value_parser = PossibleValuesParser::new(["owner", "agent"]))]
        remote: Option<String>,
    },
    /// Write an online backup of the database while relayd keeps running
    Backup {
        /// The backup file to write
        #[arg(long, short, value_name = "FILE")]
        output: PathBuf,
        /// Replace FILE when it exists
        #[arg(long)]
        overwrite: bool,
    },
    /// Replace the database with a backup (relayd must be stopped)
    Restore {
        /// The backup file to restore
        #[arg(long, short, value_name = "FILE")]
        input: PathBuf,
    },
    /// Projects: list them with their tasks per stage, create or change one, show its board
    Project {
        #[command(subcommand)]
        action: ProjectCommand,
    },
    /// Runner sessions: a workspace (the checkout or a git worktree) with a program in a terminal relayd
    /// keeps; create, list, attach, stop, resume, retry, remove
    Session {
        #[command(subcommand)]
        action: SessionCommand,
    },
    /// Open the window on a project's board
    Board {
        /// The project's slug, e.g. acme-shop
        project: String,
    },
    /// Tasks: list, show, create, change, move to a stage, bind to a session, report on; `relay task KEY` opens
    /// the window on the task
    #[command(args_conflicts_with_subcommands = true)]
    Task {
        #[command(subcommand)]
        action: Option<TaskCommand>,
        /// Open the window on this task, e.g. acme-shop-4
        key: Option<String>,
    },
    /// Decisions recorded for a project or one of its tasks
    Decision {
        #[command(subcommand)]
        action: DecisionCommand,
    },
    /// The owner's review of a task: its checklist, and accepting, rejecting or reopening its steps
    Review {
        #[command(subcommand)]
        action: ReviewCommand,
    },
    /// A task's comment thread: read it, write to the agent of the bound session, mark replies read
    Comment {
        #[command(subcommand)]
        action: CommentCommand,
    },
    /// A task's plan: show its steps, checkpoints, the agent's todo and history, and accept it as the owner
    Plan {
        #[command(subcommand)]
        action: PlanCommand,
    },
    /// A task's screenshots: list them, write one to a file, attach, caption or remove one
    Attachment {
        #[command(subcommand)]
        action: crate::cmd::attachment::AttachmentCommand,
    },
    /// A project's environments (local, test and live stands): their access map (references only), the agents'
    /// levels with where they come from, and agents' proposals to accept or reject
    ///
    /// Changes that widen agents' access on live are refused until repeated with --confirm; the refusal says what
    /// they widen. A field that looks like it holds a secret is refused naming the field and the detector.
    Env {
        #[command(subcommand)]
        action: crate::cmd::env::EnvCommand,
    },
    /// Policy as data: the effective policy of a scope with the layer of every value, saving and previewing a
    /// layer, the preset, and agents' policy proposals
    ///
    /// A scope is `global` (the file policy.json in the data directory), a project's slug, or
    /// `<project>/<environment>`.
    Policy {
        #[command(subcommand)]
        action: crate::cmd::policy::PolicyCommand,
    },
    /// Print the event log (what happened on the board), optionally following it
    ///
    /// Events are printed oldest first, one per line; with --json each line is one JSON object
    /// (`id`, `kind`, `at_ms`, `subject`, `data`). With --follow, relay keeps printing new events until
    /// it is interrupted; when relayd stops, it exits 3 naming the last event id to resume from.
    Events(EventsArgs),
    /// The working rules agents follow: report format and what a stage move needs
    Rules {
        #[command(subcommand)]
        action: RulesCommand,
    },
    /// Answer one agent hook call: the program every agent's hooks run (always exits 0)
    ///
    /// Reads the hook's JSON on stdin (at most 256 KB), asks relayd over the local socket, and prints the
    /// answer in the agent's own dialect: a pre-tool edit claims its files and is refused while another session
    /// holds one of them, naming the holder and what it is working on. The product is told from the payload's
    /// fingerprint, so a Cursor or Copilot payload arriving through Claude Code's settings is answered as Cursor
    /// or Copilot. It never starts relayd and never stands in the agent's way: when relayd is not running, does
    /// not answer within the budget, or the payload is unusable, it prints the agent's allow form and exits 0.
    Hook(HookArgs),
    /// What needs you across projects: review queue, waiting on you, rule warnings, unlinked hook sessions,
    /// agent replies
    Inbox {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// List the snapshots of uncommitted work relay took before destructive commands and workspace removals
    ///
    /// Newest first: id, time, whose work (session and agent), the command, the task, files and size. `relay undo
    /// ID` brings one back.
    Snapshots {
        /// Only this project's snapshots
        #[arg(long, value_name = "SLUG")]
        project: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Bring a snapshot's files back into the working tree, or into another folder
    ///
    /// Shows what it changes first: files missing or as the destructive command left them are written back;
    /// a file changed since the snapshot stops the whole restore (nothing is written) unless --force.
    Undo(UndoArgs),
    /// List file locks (holder, intent, age, expiry, waiters, readers) and recent contentions
    Locks {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The memory graph: its status, turning it on and off, rebuilding a project's graph, its counts and the
    /// named queries (who changed a file and why, who to ask, the session brief, …)
    Graph {
        #[command(subcommand)]
        action: crate::cmd::graph::GraphCommand,
    },
    /// Print the window's keys in force with their binding ids, and what is wrong with the [keys] table
    ///
    /// The [keys] table of config.toml gives a binding other keys by its id, e.g. "review.accept_step" = ["y"].
    /// Each line: the id, the keys as config.toml writes them (* when they come from [keys]), where they work and
    /// what they do. Warnings about the table go to stderr; the window shows the same ones when it opens.
    Keys {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check the daemon, data directory, token, socket, HTTP port, store and Claude Code's hooks; exit 1 on a failure
    Doctor {
        /// Print the checks as JSON
        #[arg(long)]
        json: bool,
        /// A folder standing in for your home folder when reading Claude Code's .claude/settings.json and .claude.json
        #[arg(long, value_name = "DIR")]
        claude_home: Option<PathBuf>,
    },
    /// Connect an agent's hooks to relay: show the plan (the default), --apply it, --remove it, or --check it
    ///
    /// Edits only the agent's user-level hook file (Claude Code's ~/.claude/settings.json unless --agent names
    /// another), and only with --apply or --remove: a backup first (<file>.relay-backup-<YYYYMMDD-HHMMSS>), then an
    /// atomic write through a symlink, changing nothing but relay's own entries. The dry run prints the exact diff
    /// and a plan hash; `--apply --expect HASH` writes only that plan (exit 1 when the file changed since). MCP
    /// registration is never written into another program's files: setup prints the `claude mcp add` command.
    Setup(crate::cmd::setup::SetupArgs),
    /// List the relayds advertising themselves on the LAN over mDNS, with the URL for `relay --server`
    ///
    /// A relayd is advertised only when its config.toml sets mdns_advertise = true and remote_listen. Each line
    /// shows the certificate fingerprint it announces and whether it matches the one pinned for that address.
    Servers {
        /// How long to listen, in seconds
        #[arg(long, value_name = "SECS", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=60))]
        wait: u64,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Print a shell completion script
    Completions {
        /// The shell to complete for
        shell: Shell,
    },
    /// Print the man page (or write every page into a directory)
    Man {
        /// Write relay.1 and one page per subcommand into DIR
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub enum DaemonCommand {
    /// Run relayd in the foreground (for service managers; Ctrl-C stops it)
    Run,
    /// Start relayd in the background unless it is running
    Start,
    /// Stop relayd gracefully
    Stop,
    /// Set up the remote listener: a CA, a server certificate for localhost and the names given, and an owner
    /// token shown once (then set remote_listen in config.toml and restart relayd)
    InitRemote {
        /// A host name or IP address clients dial, also put in the certificate (repeatable)
        #[arg(long = "name", value_name = "HOST")]
        names: Vec<String>,
        /// Replace an existing CA and server certificate (clients then refuse the new one until unpinned)
        #[arg(long)]
        force: bool,
    },
    /// Make a client certificate for mTLS (remote_require_mtls), signed by the remote CA: NAME.crt and NAME.key
    ClientCert {
        /// The client's name (the certificate's common name)
        name: String,
        /// Folder to write NAME.crt and NAME.key into
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: PathBuf,
    },
    /// Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run
    Status {
        /// Print the status as JSON
        #[arg(long)]
        json: bool,
    },
    /// Print relayd's log
    Logs {
        /// How many of the last lines to print
        #[arg(long, short = 'n', default_value_t = 50)]
        lines: usize,
        /// Keep printing new lines as they are written
        #[arg(long, short)]
        follow: bool,
    },
}

/// `--json`, on every board command.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct OutputArgs {
    /// Print the answer as JSON (stable field names, for scripts)
    #[arg(long)]
    pub json: bool,
}

/// Who is writing, on every board write.
#[derive(Args, Debug, Clone, Default)]
pub struct WriterArgs {
    /// Write as this session (shown in events and answers; `local_<uuid>` for a desktop session)
    #[arg(long, value_name = "NAME")]
    pub session: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum ProjectCommand {
    /// List every project with its number of tasks per stage
    List {
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Create a project, or change the given fields of an existing one
    Upsert(ProjectUpsertArgs),
    /// Let a project run sessions from a checkout on this machine (its default session, a shell in the
    /// checkout, starts at once) or from a git URL (cloned in the background); the project is created when new
    Add(ProjectAddArgs),
    /// Clone a project from its git URL again after its clone failed (in the background, like add)
    Retry {
        /// The project's slug
        slug: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Stop running a project's sessions: every session is stopped and removed (uncommitted work is snapshotted
    /// first), a cloned project's clone is deleted; a checkout on this machine is never touched and the board
    /// (tasks, plans, reviews) stays
    Rm {
        /// The project's slug
        slug: String,
        /// Remove it even when a session's workspace has changes not committed (they are lost)
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Show a project's board: its tasks by stage, current decisions and rules
    Show {
        /// The project's slug
        slug: String,
        /// At most this many tasks per stage (every open task unless given); the rest is counted, with the
        /// command that lists it
        #[arg(long, short = 'n', value_name = "N")]
        limit: Option<u32>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Subcommand, Debug)]
pub enum TaskCommand {
    /// List tasks, filtered by project, stage and bound session
    List(TaskListArgs),
    /// Show a task with its newest reports, decisions, bindings and tracker history
    Show {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Create a task in a project (in stage plan unless --set stage=… says otherwise)
    Create(TaskCreateArgs),
    /// Change fields of a task (a stage among them goes through the working rules)
    Update(TaskUpdateArgs),
    /// Move a task to a stage; the working rules may warn (on stderr) or refuse (exit 1)
    Stage(TaskStageArgs),
    /// Bind a session to a task (a task has at most one)
    Bind {
        /// The task's key, e.g. acme-12
        key: String,
        /// The session to bind: a name, or a desktop session id (local_…)
        #[arg(value_name = "SESSION")]
        target: String,
        #[command(flatten)]
        writer: WriterArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Unbind the task's session
    Unbind {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        writer: WriterArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Add a report to a task (first line ideally `state · size · gist`)
    Report(TaskReportArgs),
}

#[derive(Subcommand, Debug)]
pub enum DecisionCommand {
    /// Record a decision for a project, or for one of its tasks with --task
    Add(DecisionAddArgs),
}

#[derive(Subcommand, Debug)]
pub enum ReviewCommand {
    /// Show a task's review checklist: each step's status, who decided, details, screenshots and comments
    Show {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Accept a step; the decision reaches the agent as an owner comment
    Accept(ReviewDecisionArgs),
    /// Reject a step (say why with -m); the decision reaches the agent as an owner comment
    Reject(ReviewDecisionArgs),
    /// Reopen a step for another look
    Reopen(ReviewDecisionArgs),
    /// Comment on a step without changing its status
    Comment(ReviewCommentArgs),
}

#[derive(Args, Debug)]
pub struct ReviewDecisionArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The step's number (1 for the first)
    #[arg(value_parser = step_number)]
    pub step: i64,
    /// A comment that travels with the decision (markdown, up to 4000 characters)
    #[arg(long, short, value_name = "TEXT")]
    pub message: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct ReviewCommentArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The step's number (1 for the first)
    #[arg(value_parser = step_number)]
    pub step: i64,
    /// The comment (markdown, up to 4000 characters)
    #[arg(long, short, value_name = "TEXT")]
    pub message: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Subcommand, Debug)]
pub enum CommentCommand {
    /// List a task's thread, oldest first: owner comments with sent / delivered / read, agent replies
    List {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Write an owner comment for the agent of the task's bound session (marks the task's replies read)
    Add(CommentAddArgs),
    /// Mark the task's agent replies read
    Read {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Args, Debug)]
pub struct CommentAddArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The comment (markdown, up to 4000 characters); `-` reads it from stdin
    #[arg(long, short, value_name = "TEXT")]
    pub message: String,
    /// The comment of the same task this one answers
    #[arg(long, value_name = "ID")]
    pub reply_to: Option<i64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Subcommand, Debug)]
pub enum PlanCommand {
    /// Show a task's plan: its state, steps with checkpoints, the current step and the agent's todo
    Show {
        /// The task's key, e.g. acme-12
        key: String,
        /// Also list every revision, newest first, with the step titles it changed
        #[arg(long)]
        history: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Accept a task's plan as the owner (agents write plans; only the owner or a coordinator accepts them)
    Accept {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// Print the working rules in force (a project's, or the global ones)
    Show {
        /// The rules of this project (global rules plus its override)
        #[arg(long, short, value_name = "SLUG")]
        project: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Args, Debug)]
pub struct EventsArgs {
    /// Only events after this event id (with --follow: from there instead of from the end)
    #[arg(long, value_name = "ID", value_parser = clap::value_parser!(i64).range(0..))]
    pub since: Option<i64>,
    /// Keep printing new events as they happen, starting at the end of the log (like `tail -f`)
    #[arg(long, short)]
    pub follow: bool,
    /// Only events of this project
    #[arg(long, short, value_name = "SLUG")]
    pub project: Option<String>,
    /// Only the newest N events (with --follow: the newest N, then the new ones, like `tail -n N -f`)
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The budget of one hook step when neither the flag nor the environment sets one.
pub const DEFAULT_HOOK_BUDGET_MS: u64 = 300;
/// The environment variable that sets the hook budget when the flag does not.
pub const HOOK_BUDGET_ENV: &str = "RELAY_HOOK_BUDGET_MS";

#[derive(Args, Debug, Clone)]
pub struct UndoArgs {
    /// The snapshot's id, as `relay snapshots` lists it
    pub id: i64,
    /// Only these files or folders (relative to the repository)
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub paths: Vec<String>,
    /// Write the files into this folder (created if missing) instead of the repository
    #[arg(long, value_name = "DIR")]
    pub to: Option<std::path::PathBuf>,
    /// Overwrite files changed since the snapshot
    #[arg(long)]
    pub force: bool,
    /// Only show what would change
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug, Clone)]
pub struct HookArgs {
    #[arg(value_name = "AGENT", help = agent_help())]
    pub agent: String,
    #[arg(value_name = "PHASE", help = phase_help())]
    pub phase: String,
    /// Milliseconds each step may take (reading stdin, connecting to relayd, its answer) before relay lets the
    /// action through [env: RELAY_HOOK_BUDGET_MS] [default: 300]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub budget_ms: Option<u64>,
    /// The wake-up hook (Claude Code's Stop, run in the background with asyncRewake): wait up to 25 minutes for
    /// an owner comment; print it on stderr and exit 2 to wake the session, else exit 0
    #[arg(long)]
    pub wait: bool,
}

impl HookArgs {
    /// The budget of one step: the flag, else `RELAY_HOOK_BUDGET_MS` (when it is a number from 1 to 60,000),
    /// else 300 ms.
    pub fn budget(&self) -> std::time::Duration {
        let from_env = || {
            std::env::var(HOOK_BUDGET_ENV)
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|ms| (1..=60_000).contains(ms))
        };
        std::time::Duration::from_millis(self.budget_ms.or_else(from_env).unwrap_or(DEFAULT_HOOK_BUDGET_MS))
    }
}

#[derive(Args, Debug)]
pub struct ProjectAddArgs {
    /// A git URL to clone in the background (https only by default; see git_allowed_protocols)
    #[arg(
        value_name = "GIT_URL",
        conflicts_with = "repo",
        required_unless_present = "repo"
    )]
    pub url: Option<String>,
    /// The checkout's folder (any folder inside it)
    #[arg(long, value_name = "DIR")]
    pub repo: Option<PathBuf>,
    /// The project's slug (made from the checkout's folder name unless given)
    #[arg(long)]
    pub slug: Option<String>,
    /// Its name (a new project is named after its slug)
    #[arg(long)]
    pub name: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Subcommand, Debug)]
pub enum SessionCommand {
    /// Start a session: a git worktree on its branch (or the task's, bound to it), its profile in a terminal
    New(SessionNewArgs),
    /// List the runner sessions with their state, branch and profile
    List {
        /// Only this project's sessions
        #[arg(long, short, value_name = "SLUG")]
        project: Option<String>,
        /// Include removed sessions
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Show one session
    Show {
        session: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Open a session's terminal full screen; the detach key (`detach_key`, Ctrl-B d by default) leaves it
    /// running
    Attach {
        session: String,
        /// Watch without typing (any number may watch; a writer detaches the previous writer)
        #[arg(long)]
        watch: bool,
    },
    /// End a session's program (its workspace stays; resume starts it again)
    Stop {
        session: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Start a stopped session again in its workspace (Claude Code continues its conversation)
    Resume {
        session: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Start a failed session again
    Retry {
        session: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Remove a stopped or failed session and its worktree (its branch and commits stay)
    Rm {
        session: String,
        /// Remove the worktree even with changes not committed
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Print a session's terminal history and screen as text
    Scrollback {
        session: String,
        /// Only the newest N lines
        #[arg(long, short = 'n', value_name = "N")]
        lines: Option<u32>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Args, Debug)]
pub struct SessionNewArgs {
    /// The project (needed when several run sessions and no task is given)
    #[arg(long, short, value_name = "SLUG")]
    pub project: Option<String>,
    /// The worktree's branch (made from the checkout's HEAD when new)
    #[arg(long, short, conflicts_with = "task", required_unless_present = "task")]
    pub branch: Option<String>,
    /// A task key: the branch is relay/<key> and the task is bound to the session
    #[arg(long, short, value_name = "KEY")]
    pub task: Option<String>,
    /// What runs in the terminal: shell, claude or a [profiles] entry of config.toml
    #[arg(long, default_value = "shell")]
    pub profile: String,
    /// Where it runs: local (a terminal on this machine, not isolated) or docker (a container of its own)
    #[arg(long, value_parser = ["local", "docker"])]
    pub backend: Option<String>,
    /// The docker session's image (docker_default_image unless given; it must be in docker_allowed_images)
    #[arg(long, value_name = "NAME", requires = "backend")]
    pub image: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct ProjectUpsertArgs {
    /// The project's slug: lowercase letters, digits and dashes (the prefix of its task keys)
    pub slug: String,
    /// Its name (a new project is named after its slug)
    #[arg(long)]
    pub name: Option<String>,
    /// The repository's folder on this machine; `-` clears it
    #[arg(long, value_name = "PATH")]
    pub repo: Option<String>,
    /// What the project is; `-` clears it
    #[arg(long, value_name = "TEXT")]
    pub description: Option<String>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct TaskListArgs {
    /// Only this project's tasks
    #[arg(long, short, value_name = "SLUG")]
    pub project: Option<String>,
    /// Only tasks in this stage
    #[arg(long, value_parser = stage_parser(), ignore_case = true)]
    pub stage: Option<String>,
    /// Only tasks bound to this session (name or alias)
    #[arg(long, value_name = "NAME")]
    pub session: Option<String>,
    /// At most this many tasks (every match unless given; with --json a page of 100 unless given)
    #[arg(long, short = 'n', value_name = "N")]
    pub limit: Option<u32>,
    /// The next page: the key of the previous page's last task (its "next_after")
    #[arg(long, value_name = "KEY")]
    pub after: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct TaskCreateArgs {
    /// The project's slug
    #[arg(long, short, value_name = "SLUG")]
    pub project: String,
    /// What the task is, in one line
    pub title: String,
    /// Also set a field (repeatable)
    #[arg(long = "set", value_name = "FIELD=VALUE", value_parser = parse_assignment, long_help = set_help())]
    pub fields: Vec<(String, String)>,
    /// Bind this session to the new task
    #[arg(long, value_name = "SESSION")]
    pub bind: Option<String>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct TaskUpdateArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// Set a field (repeatable)
    #[arg(long = "set", value_name = "FIELD=VALUE", value_parser = parse_assignment, required = true, long_help = set_help())]
    pub fields: Vec<(String, String)>,
    /// Refuse (exit 1) when someone wrote the task since you read this version
    #[arg(long, value_name = "N")]
    pub expected_version: Option<i64>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct TaskStageArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The stage to move to
    #[arg(value_parser = stage_parser(), ignore_case = true)]
    pub stage: String,
    /// A note on the new stage; `-` clears it
    #[arg(long, value_name = "TEXT")]
    pub note: Option<String>,
    /// What happens next; `-` clears it
    #[arg(long, value_name = "TEXT")]
    pub next_step: Option<String>,
    /// Who acts next; `-` clears it
    #[arg(long, value_name = "WHO")]
    pub waiting_on: Option<String>,
    /// Refuse (exit 1) when someone wrote the task since you read this version
    #[arg(long, value_name = "N")]
    pub expected_version: Option<i64>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct TaskReportArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The report, markdown; `-` reads it from stdin
    pub body: String,
    /// What happens next (saved with the report); `-` clears it
    #[arg(long, value_name = "TEXT")]
    pub next_step: Option<String>,
    /// Who acts next (saved with the report); `-` clears it
    #[arg(long, value_name = "WHO")]
    pub waiting_on: Option<String>,
    /// The running summary of the work so far (saved with the report); `-` clears it
    #[arg(long, value_name = "TEXT")]
    pub progress: Option<String>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct DecisionAddArgs {
    /// What was decided, in one or two sentences
    pub text: String,
    /// The project (taken from --task when not given)
    #[arg(long, short, value_name = "SLUG", required_unless_present = "task")]
    pub project: Option<String>,
    /// The task the decision is about
    #[arg(long, value_name = "KEY")]
    pub task: Option<String>,
    /// Who decided
    #[arg(long, value_name = "WHO")]
    pub decided_by: Option<String>,
    /// Where it came from (a report, a message, …)
    #[arg(long, value_name = "TEXT")]
    pub source: Option<String>,
    /// A structured source: report, event or comment (with --source-ref its id in the project), or message (with
    /// its external id)
    #[arg(long, value_name = "KIND", requires = "source_ref")]
    pub source_kind: Option<String>,
    /// The structured source's id
    #[arg(long, value_name = "ID", requires = "source_kind")]
    pub source_ref: Option<String>,
    /// A current decision of the project this one replaces (it stays in history)
    #[arg(long, value_name = "ID")]
    pub supersedes: Option<i64>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// AGENT's help, from relay-core's agent table.
fn agent_help() -> String {
    let names: Vec<&str> = Agent::ALL.iter().map(|agent| agent.cli_name()).collect();
    format!(
        "The agent whose hook runs: {} (an unknown name prints nothing and exits 0)",
        names.join(", ")
    )
}

/// PHASE's help, from relay-core's phase table.
fn phase_help() -> String {
    let names: Vec<&str> = Phase::ALL.iter().map(|phase| phase.cli_name()).collect();
    format!(
        "The hook phase: {} (each agent has some of them)",
        names.join(", ")
    )
}

/// The stage names, from relay-core's stage table (help, completions and the check all follow it).
fn stage_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(Stage::ALL.iter().map(|stage| stage.as_str()))
}

/// `--set`'s long help, listing the editable fields from relay-core's task fields table.
fn set_help() -> String {
    let mut help = String::from(
        "Set a field (repeatable): FIELD=VALUE, where VALUE is text (a number or true/false where the field \
         takes one); `FIELD=-` clears an optional field.\n\nFields:",
    );
    for field in TASK_FIELDS {
        help.push_str(&format!("\n  {:<15} {}", field.name, field.kind));
    }
    help
}

/// `FIELD=VALUE`, split at the first `=`.
fn parse_assignment(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_owned(), value.to_owned())),
        _ => Err(format!(
            "expected FIELD=VALUE (e.g. branch=feat/login), got {text:?}"
        )),
    }
}

/// A review step's number: 1 or more, said in those words (clap's range would print `1..9223372036854775807`).
fn step_number(text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n),
        Ok(_) => Err("step numbers start at 1 (the first step is 1); see `relay review show KEY`".to_owned()),
        Err(_) => Err(format!(
            "`{text}` is not a step number: give the step's number, 1 for the first"
        )),
    }
}

#[cfg(test)]
mod step_tests {
    use super::*;

    #[test]
    fn step_zero_is_refused_in_words_when_parsed() {
        assert_eq!(step_number("2"), Ok(2));
        let zero = step_number("0").unwrap_err();
        assert!(zero.starts_with("step numbers start at 1"), "{zero}");
        assert!(!zero.contains("9223372036854775807"), "{zero}");
        assert!(
            step_number("two")
                .unwrap_err()
                .contains("`two` is not a step number")
        );
    }
}
