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
use std::net::IpAddr;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::paths::{self, DataDir};
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
/// The table of `config.toml` that holds the global working rules; it is not in [`KEYS`].
pub const RULES_TABLE: &str = "rules";
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
    pub default: &'static str,
    pub help: &'static str,
}

/// Every key `config.toml` accepts, in documentation order.
pub const KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "port",
        env: "RELAY_PORT",
        flag: Some("--port"),
        accepts: "an integer from 0 to 65535 (0 picks a free port)",
        default: "8765",
        help: "TCP port of the HTTP listener (MCP, hooks, board, /healthz)",
    },
    ConfigKey {
        name: "host",
        env: "RELAY_HOST",
        flag: None,
        accepts: "an IP address",
        default: "127.0.0.1",
        help: "address the HTTP listener binds; anything but loopback logs a warning",
    },
    ConfigKey {
        name: "socket",
        env: "RELAY_SOCKET",
        flag: Some("--socket"),
        accepts: "a file path",
        default: "$XDG_RUNTIME_DIR/relay/relayd-v2.sock, or DATA_DIR/run/relayd-v2.sock when the data directory is overridden or there is no runtime directory",
        help: "path of the local gRPC socket",
    },
    ConfigKey {
        name: "allowed_hosts",
        env: "RELAY_ALLOWED_HOSTS",
        flag: None,
        accepts: "a list of host names (comma-separated in the environment)",
        default: "[]",
        help: "extra Host names accepted besides 127.0.0.1, localhost, [::1] and the bound host",
    },
    ConfigKey {
        name: "log_dir",
        env: "RELAY_LOG_DIR",
        flag: None,
        accepts: "a directory path",
        default: "$XDG_STATE_HOME/relay, or DATA_DIR/logs when the data directory is overridden",
        help: "where relayd writes its daily-rotated logs",
    },
    ConfigKey {
        name: "log_level",
        env: "RELAY_LOG_LEVEL",
        flag: None,
        accepts: "one of error, warn, info, debug, trace",
        default: "info",
        help: "the least severe level written to the log",
    },
    ConfigKey {
        name: "log_format",
        env: "RELAY_LOG_FORMAT",
        flag: None,
        accepts: "text or json",
        default: "text",
        help: "log line format; json writes one JSON object per line",
    },
    ConfigKey {
        name: "event_buffer",
        env: "RELAY_EVENT_BUFFER",
        flag: None,
        accepts: "an integer from 2 to 65536",
        default: "1024",
        help: "events buffered for live subscribers; one that falls further behind gets a fresh snapshot",
    },
    ConfigKey {
        name: "rules_mode",
        env: "RELAY_RULES_MODE",
        flag: None,
        accepts: "warn or strict",
        default: "warn",
        help: "what a stage move that misses a working rule does: warn lets it through with a warning, strict refuses it (the rules themselves are the `[rules]` table)",
    },
    ConfigKey {
        name: "lock_ttl_secs",
        env: "RELAY_LOCK_TTL_SECS",
        flag: None,
        accepts: "a whole number of seconds (below 5 counts as 5, above 300 as 300)",
        default: "15",
        help: "how long a file lock lives unless its holder's next claim or post-tool heartbeat renews it",
    },
    ConfigKey {
        name: "attachments_max_mb",
        env: "RELAY_ATTACHMENTS_MAX_MB",
        flag: None,
        accepts: "an integer from 1 to 1024 (MB of 1,048,576 bytes)",
        default: "10",
        help: "the largest screenshot attach_file and `relay attachment add` keep; a bigger file is refused",
    },
    ConfigKey {
        name: "attachments_task_max_mb",
        env: "RELAY_ATTACHMENTS_TASK_MAX_MB",
        flag: None,
        accepts: "an integer from 1 to 100000 (MB of 1,048,576 bytes)",
        default: "200",
        help: "the most screenshot bytes one task may hold; an attachment that would pass it is refused",
    },
    ConfigKey {
        name: "attachment_roots",
        env: "RELAY_ATTACHMENT_ROOTS",
        flag: None,
        accepts: "a list of absolute folder paths (comma-separated in the environment)",
        default: "[]",
        help: "folders screenshots may be read from besides the project's repository and the temp folder; a `//server/share` entry admits that network share",
    },
    ConfigKey {
        name: "plan_reminder_every",
        env: "RELAY_PLAN_REMINDER_EVERY",
        flag: None,
        accepts: "an integer from 0 to 10000 (0 turns the periodic reminder off)",
        default: "30",
        help: "every this many PostToolUse hook events, a Claude Code session linked exactly is reminded of its tasks' plan steps",
    },
    ConfigKey {
        name: "owner_names",
        env: "RELAY_OWNER_NAMES",
        flag: None,
        accepts: "a list of names (comma-separated in the environment), compared case-insensitively",
        default: "[\"owner\", \"me\", \"you\"]",
        help: "the names in a task's waiting_on that put it under \"Waiting on you\" in the inbox",
    },
    ConfigKey {
        name: "require_tracker_log",
        env: "RELAY_REQUIRE_TRACKER_LOG",
        flag: None,
        accepts: "true or false",
        default: "false",
        help: "done tasks without the \"logged in the tracker\" mark are listed in the inbox and never archived",
    },
    ConfigKey {
        name: "done_window_days",
        env: "RELAY_DONE_WINDOW_DAYS",
        flag: None,
        accepts: "an integer from 1 to 3650",
        default: "7",
        help: "done tasks closed longer ago than this are archived: left out of the inbox and the done column",
    },
    ConfigKey {
        name: "notify_review",
        env: "RELAY_NOTIFY_REVIEW",
        flag: None,
        accepts: "true or false",
        default: "true",
        help: "the window raises a terminal notification (or rings the bell) when a task moves to review or test",
    },
];

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
            key.default,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Values given on the command line; they win over everything else.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub home: Option<PathBuf>,
    pub port: Option<u16>,
    pub socket: Option<PathBuf>,
}

/// The resolved configuration of one relayd (and of the clients that talk to it).
#[derive(Clone, Debug)]
pub struct Config {
    pub data_dir: DataDir,
    pub home_source: HomeSource,
    pub host: IpAddr,
    pub port: u16,
    pub socket: PathBuf,
    pub allowed_hosts: Vec<String>,
    pub log_dir: PathBuf,
    pub log_level: LogLevel,
    pub log_format: LogFormat,
    pub event_buffer: usize,
    pub rules_mode: RulesMode,
    /// File lock TTL in seconds, already within [`LOCK_TTL_RANGE_SECS`].
    pub lock_ttl_secs: u64,
    /// The largest screenshot kept, in MB (1 MB = 1,048,576 bytes).
    pub attachments_max_mb: u64,
    /// The most screenshot bytes one task may hold, in MB.
    pub attachments_task_max_mb: u64,
    /// Folders screenshots may be read from besides the project's repository and the temp folder, as given
    /// (absolute; `//server/share` names a network share).
    pub attachment_roots: Vec<PathBuf>,
    /// Every this many PostToolUse events the plan reminder repeats; 0: never (SessionStart and todo changes still
    /// send it).
    pub plan_reminder_every: u32,
    /// Names in `waiting_on` that mean the owner, lowercase and trimmed.
    pub owner_names: Vec<String>,
    pub require_tracker_log: bool,
    /// Done tasks closed longer ago than this many days are archived.
    pub done_window_days: u32,
    /// The window's "Waiting for your acceptance" notification when a task moves to review or test.
    pub notify_review: bool,
    /// The global working rules, the `[rules]` table of `config.toml` (empty when there is none).
    pub rules: RulesLayer,
    /// The `[keys]` value of `config.toml` as written (the window's key overrides, checked by the window).
    pub keys: Option<toml::Value>,
}

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

impl Config {
    /// Every key's default, each written here once; the socket and the logs derive theirs from the data
    /// directory and where it came from (an overridden home keeps them inside it).
    fn defaults(data_dir: DataDir, home_source: HomeSource) -> Config {
        let overridden = home_source != HomeSource::Default;
        let socket_dir = match paths::default_runtime_dir() {
            Some(runtime) if !overridden => runtime,
            _ => data_dir.run_dir(),
        };
        let log_dir = match paths::default_state_dir() {
            Some(state) if !overridden => state,
            _ => data_dir.log_dir(),
        };
        Config {
            home_source,
            host: IpAddr::from([127, 0, 0, 1]),
            port: DEFAULT_PORT,
            socket: socket_dir.join(paths::socket_file_name()),
            allowed_hosts: Vec::new(),
            log_dir,
            log_level: LogLevel::Info,
            log_format: LogFormat::Text,
            event_buffer: DEFAULT_EVENT_BUFFER,
            rules_mode: RulesMode::default(),
            lock_ttl_secs: DEFAULT_LOCK_TTL_SECS,
            attachments_max_mb: DEFAULT_ATTACHMENTS_MAX_MB,
            attachments_task_max_mb: DEFAULT_ATTACHMENTS_TASK_MAX_MB,
            attachment_roots: Vec::new(),
            plan_reminder_every: DEFAULT_PLAN_REMINDER_EVERY,
            owner_names: DEFAULT_OWNER_NAMES.iter().map(|n| (*n).to_owned()).collect(),
            require_tracker_log: false,
            done_window_days: DEFAULT_DONE_WINDOW_DAYS,
            notify_review: true,
            rules: RulesLayer::default(),
            keys: None,
            data_dir,
        }
    }

    /// Sets one key from a layer (the file or the environment), checked against its table row.
    fn set(&mut self, key: &ConfigKey, raw: &Raw<'_>, origin: &Origin) -> Result<(), ConfigError> {
        let invalid = || ConfigError::Invalid {
            key: key.name.to_owned(),
            origin: origin.clone(),
            accepts: key.accepts,
            got: raw.shown(),
        };
        match key.name {
            "port" => {
                let port = raw
                    .integer()
                    .and_then(|n| u16::try_from(n).ok())
                    .ok_or_else(invalid)?;
                self.port = port;
            }
            "host" => {
                let host = raw
                    .text()
                    .and_then(|t| t.trim().parse().ok())
                    .ok_or_else(invalid)?;
                self.host = host;
            }
            "socket" => self.socket = absolute(&non_empty_path(raw).ok_or_else(invalid)?),
            "log_dir" => self.log_dir = absolute(&non_empty_path(raw).ok_or_else(invalid)?),
            "allowed_hosts" => {
                let hosts = raw.list().ok_or_else(invalid)?;
                if hosts.iter().any(|h| h.is_empty() || h.contains(['/', ' ', '@'])) {
                    return Err(invalid());
                }
                self.allowed_hosts = hosts.into_iter().map(|h| h.to_ascii_lowercase()).collect();
            }
            "log_level" => {
                let level = match raw.text().map(str::trim) {
                    Some("error") => LogLevel::Error,
                    Some("warn") => LogLevel::Warn,
                    Some("info") => LogLevel::Info,
                    Some("debug") => LogLevel::Debug,
                    Some("trace") => LogLevel::Trace,
                    _ => return Err(invalid()),
                };
                self.log_level = level;
            }
            "log_format" => {
                let format = match raw.text().map(str::trim) {
                    Some("text") => LogFormat::Text,
                    Some("json") => LogFormat::Json,
                    _ => return Err(invalid()),
                };
                self.log_format = format;
            }
            "event_buffer" => self.event_buffer = raw.within(2..=65536).ok_or_else(invalid)?,
            "rules_mode" => {
                let mode = raw.text().and_then(RulesMode::parse).ok_or_else(invalid)?;
                self.rules_mode = mode;
            }
            "lock_ttl_secs" => {
                let secs = raw
                    .integer()
                    .and_then(|n| u64::try_from(n).ok())
                    .ok_or_else(invalid)?;
                let (min, max) = LOCK_TTL_RANGE_SECS;
                self.lock_ttl_secs = secs.clamp(min, max);
            }
            "attachments_max_mb" => self.attachments_max_mb = raw.within(1..=1024).ok_or_else(invalid)?,
            "attachments_task_max_mb" => {
                self.attachments_task_max_mb = raw.within(1..=100_000).ok_or_else(invalid)?;
            }
            "attachment_roots" => {
                let roots = raw.list().ok_or_else(invalid)?;
                let absolute_root = |root: &String| {
                    Path::new(root).is_absolute() || root.starts_with("\\\\") || root.starts_with("//")
                };
                if !roots.iter().all(absolute_root) {
                    return Err(invalid());
                }
                self.attachment_roots = roots.into_iter().map(PathBuf::from).collect();
            }
            "plan_reminder_every" => {
                self.plan_reminder_every = raw.within(0..=10_000).ok_or_else(invalid)?;
            }
            "owner_names" => {
                let names = raw.list().ok_or_else(invalid)?;
                let names: Vec<String> = names.iter().map(|n| n.trim().to_lowercase()).collect();
                if names.iter().any(String::is_empty) {
                    return Err(invalid());
                }
                self.owner_names = names;
            }
            "require_tracker_log" => self.require_tracker_log = raw.boolean().ok_or_else(invalid)?,
            "done_window_days" => self.done_window_days = raw.within(1..=3650).ok_or_else(invalid)?,
            "notify_review" => self.notify_review = raw.boolean().ok_or_else(invalid)?,
            _ => return Err(invalid()),
        }
        Ok(())
    }
}

fn non_empty_path(raw: &Raw<'_>) -> Option<PathBuf> {
    raw.text()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(PathBuf::from)
}

impl Config {
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
    known.join(", ")
}

/// Makes a path absolute against the current directory without touching the file system.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
