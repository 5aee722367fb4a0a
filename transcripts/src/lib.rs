//! relay-transcripts: the five agents' transcripts read into sessions, turns and edits.
//!
//! Pure functions over bytes: nothing here opens a file, watches a folder or touches a database. A transcript is
//! fed line by line ([`LineParser::feed`]) or streamed from any [`std::io::Read`] ([`parse_stream`]); what comes
//! out goes to a [`Sink`] as it is found, so a 200 MB transcript is read in bounded memory: the parser keeps
//! only its [`State`] (the session, the last meaningful prompt, edits waiting for their outcome, a short window of
//! message ids) and one line at a time, at most [`MAX_LINE`] bytes.
//!
//! | Agent | Read from | Session |
//! |---|---|---|
//! | Claude Code | `~/.claude/projects/<dir>/<session>.jsonl`, subagents in `<session>/subagents/agent-<id>.jsonl` | [`session_id_from_path`] |
//! | Codex | `~/.codex/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl` (and the legacy headerless files) | `session_meta.payload.id`, else the path |
//! | Cursor | `~/.cursor/projects/<slug>/agent-transcripts/<id>/<id>.jsonl` (and the flat `<id>.jsonl`) | the path |
//! | Copilot | VS Code `chatSessions/<id>.jsonl` (a mutation log, replayed) and `<id>.json` (older); the Copilot CLI's `session-state/<id>/events.jsonl` | the session object's `sessionId`, else the path |
//! | Antigravity | `brain/<id>/.system_generated/logs/transcript_full.jsonl` (else `transcript.jsonl`) and the brain's Markdown | the `brain/<id>` folder |
//!
//! Every edit carries its "why" ([`Edit::prompt`]): the last meaningful user prompt of its session before it,
//! filler ("continue", "yes") skipped and kept as [`PromptLink::via`]. Every text that leaves a parser has been
//! through [`redact::redact`]. Bad lines are skipped and counted ([`Stats`]), never an error; so are lines of a
//! type the parser does not know.

mod antigravity;
mod claude;
mod codex;
mod copilot;
mod cursor;
pub mod filler;
mod json;
mod key;
mod lines;
mod link;
pub mod patch;
pub mod redact;
pub mod session;
pub mod time;

use std::collections::BTreeMap;
use std::io::Read;

use serde::{Deserialize, Serialize};

pub use key::content_key;
pub use lines::{LineReader, MAX_LINE, RawLine};
pub use session::session_id_from_path;

/// The five agents relay reads. `cli_name` is the name `relay hook <agent>` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Agent {
    Claude,
    Codex,
    Cursor,
    Copilot,
    Antigravity,
}

impl Agent {
    pub const ALL: [Agent; 5] = [
        Agent::Claude,
        Agent::Codex,
        Agent::Cursor,
        Agent::Copilot,
        Agent::Antigravity,
    ];

    pub const fn cli_name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Codex => "codex",
            Agent::Cursor => "cursor",
            Agent::Copilot => "copilot",
            Agent::Antigravity => "antigravity",
        }
    }

    pub fn from_cli_name(name: &str) -> Option<Agent> {
        Agent::ALL.into_iter().find(|agent| agent.cli_name() == name)
    }
}

/// How a transcript file is laid out; decides the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Claude Code's JSONL (sessions and subagents).
    Claude,
    /// A Codex rollout file (envelope lines, or the legacy bare items).
    Codex,
    /// Cursor's `agent-transcripts` JSONL.
    Cursor,
    /// VS Code Copilot's `chatSessions/<id>.jsonl`: `kind` 0/1/2 mutations replayed into one session object.
    CopilotLog,
    /// VS Code Copilot's older `chatSessions/<id>.json`: the session object itself.
    CopilotJson,
    /// The Copilot CLI's `session-state/<id>/events.jsonl`.
    CopilotCli,
    /// Antigravity's readable step log, `brain/<id>/.system_generated/logs/transcript*.jsonl`.
    AntigravitySteps,
    /// One Markdown artifact of Antigravity's brain (`task.md`, `implementation_plan.md`, `walkthrough.md`).
    AntigravityArtifact,
}

impl Format {
    pub fn agent(self) -> Agent {
        match self {
            Format::Claude => Agent::Claude,
            Format::Codex => Agent::Codex,
            Format::Cursor => Agent::Cursor,
            Format::CopilotLog | Format::CopilotJson | Format::CopilotCli => Agent::Copilot,
            Format::AntigravitySteps | Format::AntigravityArtifact => Agent::Antigravity,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Claude => "claude",
            Format::Codex => "codex",
            Format::Cursor => "cursor",
            Format::CopilotLog => "copilot_log",
            Format::CopilotJson => "copilot_json",
            Format::CopilotCli => "copilot_cli",
            Format::AntigravitySteps => "antigravity_steps",
            Format::AntigravityArtifact => "antigravity_artifact",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        [
            Format::Claude,
            Format::Codex,
            Format::Cursor,
            Format::CopilotLog,
            Format::CopilotJson,
            Format::CopilotCli,
            Format::AntigravitySteps,
            Format::AntigravityArtifact,
        ]
        .into_iter()
        .find(|format| format.name() == name)
    }

    /// Whether a parse can stop at a line and go on later from its [`State`] (appended lines only). The Copilot
    /// session formats are whole documents (a mutation log rewrites earlier parts), so they are read again whole
    /// when the file changes; the content keys make that a no-op for what was already read.
    pub fn resumable(self) -> bool {
        !matches!(
            self,
            Format::CopilotLog | Format::CopilotJson | Format::AntigravityArtifact
        )
    }

    /// The format of a transcript by where it lives, as a hook's `transcript_path` or a discovered file names
    /// it; `None` for a file relay does not read (with [`unreadable`] saying why when it knows the file).
    pub fn from_path(path: &str) -> Option<Format> {
        let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
        let file = *parts.last()?;
        let has = |name: &str| parts.contains(&name);
        if has("brain") {
            if file == "transcript_full.jsonl" || file == "transcript.jsonl" {
                return Some(Format::AntigravitySteps);
            }
            if file.ends_with(".md") {
                return Some(Format::AntigravityArtifact);
            }
            return None;
        }
        if has("session-state") && file.ends_with(".jsonl") {
            return Some(Format::CopilotCli);
        }
        if has("chatSessions") || has("emptyWindowChatSessions") {
            if file.ends_with(".jsonl") {
                return Some(Format::CopilotLog);
            }
            if file.ends_with(".json") {
                return Some(Format::CopilotJson);
            }
            return None;
        }
        if !file.ends_with(".jsonl") {
            return None;
        }
        if has("agent-transcripts") {
            return Some(Format::Cursor);
        }
        if file.starts_with("rollout-") {
            return Some(Format::Codex);
        }
        if has("projects") {
            return Some(Format::Claude);
        }
        None
    }
}

/// Why relay cannot read a file an agent keeps its conversation in, in words for the status line; `None` when
/// the file is not one of those.
pub fn unreadable(path: &str) -> Option<&'static str> {
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let file = *parts.last()?;
    let in_dir = |name: &str| parts.len() >= 2 && parts[parts.len() - 2] == name;
    if file.ends_with(".pb") && (in_dir("conversations") || in_dir("implicit")) {
        return Some(
            "Antigravity keeps its chat in conversations/<id>.pb, which is encrypted (no protobuf framing): the chat \
             cannot be read; only the brain/<id>/ files (the step log when there is one, and the Markdown artifacts) are",
        );
    }
    if file.ends_with(".txt") && parts.contains(&"agent-transcripts") {
        return Some(
            "an old Cursor transcript in free text (<id>.txt) has no structure to read turns or edits from; newer \
             Cursor builds write <id>.jsonl, which is read",
        );
    }
    if file.ends_with(".db") && parts.contains(&"antigravity-cli") {
        return Some(
            "the Antigravity CLI's conversations/<id>.db holds its steps as undocumented protobuf; its readable \
             step log brain/<id>/.system_generated/logs/transcript_full.jsonl is read instead",
        );
    }
    None
}

/// Who said a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// Where a record's time came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeSource {
    /// The transcript recorded it on the line (or the turn's `<timestamp>` tag).
    Recorded,
    /// Not recorded: the last time seen before it, else the caller's [`Options::fallback_ms`]; order is the
    /// file's order.
    Synthetic,
}

/// What an edit did to its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EditKind {
    Create,
    Modify,
    Delete,
    /// A move; [`Edit::file`] is the new path and [`Edit::from`] the old one.
    Rename,
}

impl EditKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EditKind::Create => "create",
            EditKind::Modify => "modify",
            EditKind::Delete => "delete",
            EditKind::Rename => "rename",
        }
    }
}

/// Whether the edit happened, as far as the transcript says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The tool's result says it was written.
    Applied,
    /// The tool's result is an error (a hook's refusal, a failed patch).
    Failed,
    /// The transcript has no result for it (Cursor writes none; a transcript that ends mid-call).
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Failed => "failed",
            Outcome::Unknown => "unknown",
        }
    }
}

/// The conversation a transcript belongs to, as far as it says.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionInfo {
    /// The session id, the same one a lock owner carries ([`session_id_from_path`]).
    pub id: String,
    /// The working directory, when the transcript names one.
    pub cwd: Option<String>,
    pub started_at_ms: Option<i64>,
    /// The agent's own version (`version`, `cli_version`, `copilotVersion`).
    pub agent_version: Option<String>,
}

/// One user prompt or assistant message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Content-addressed: the same turn read twice has the same key ([`content_key`]).
    pub key: String,
    pub role: Role,
    /// Redacted.
    pub text: String,
    pub at_ms: Option<i64>,
    pub time: TimeSource,
    /// The line (or request) it came from, 0-based; orders turns without a recorded time.
    pub ordinal: u64,
    /// For user turns: whether it is filler ("continue", "yes") that never explains an edit.
    pub filler: bool,
    /// The Claude Code subagent (or Cursor subagent) that said it, when not the main conversation.
    pub subagent: Option<String>,
}

/// The user prompt an edit is linked to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptLink {
    pub turn_key: String,
    /// The filler prompt said after it and before the edit ("continue"), when there was one.
    pub via: Option<String>,
}

/// One file written by an edit tool. A patch over several files is one edit per file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub key: String,
    /// As the tool named it, made absolute against the session's cwd when it was relative and the cwd is known.
    pub file: String,
    /// The old path of a rename.
    pub from: Option<String>,
    pub kind: EditKind,
    /// The tool's name as the transcript spells it (`Edit`, `apply_patch`, `StrReplace`, `replace_string_in_file`).
    pub tool: String,
    /// The tool call's id, when the transcript has one.
    pub call_id: Option<String>,
    pub at_ms: Option<i64>,
    pub time: TimeSource,
    pub ordinal: u64,
    pub outcome: Outcome,
    /// The first lines of what changed (redacted), when the transcript carries it.
    pub diff: Option<String>,
    /// The "why": the last meaningful user prompt of the session before the edit.
    pub prompt: Option<PromptLink>,
    /// The last assistant message before the edit.
    pub explained_by: Option<String>,
    pub subagent: Option<String>,
}

/// What a parser found, in the order it found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Record {
    /// The session's facts, sent when first known and again when they grow (a cwd learnt later).
    Session(SessionInfo),
    Turn(Turn),
    Edit(Edit),
}

/// Where records go as they are found.
pub trait Sink {
    fn record(&mut self, record: Record);
}

impl Sink for Vec<Record> {
    fn record(&mut self, record: Record) {
        self.push(record)
    }
}

impl<F: FnMut(Record)> Sink for F {
    fn record(&mut self, record: Record) {
        self(record)
    }
}

/// How many distinct unknown line types [`Stats::unknown_types`] names; the rest are counted under `…`.
pub const MAX_UNKNOWN_NAMES: usize = 32;

/// What a parse skipped and why; never an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Lines read (complete ones, and a last line without its newline).
    pub lines: u64,
    /// Lines that are not JSON, or JSON of the wrong shape, skipped.
    pub bad_lines: u64,
    /// Lines of a type the parser does not know, skipped, by type (at most [`MAX_UNKNOWN_NAMES`] names).
    pub unknown_types: BTreeMap<String, u64>,
    /// Lines longer than [`MAX_LINE`], skipped without being held.
    pub too_long: u64,
    /// Lines with bytes that are not UTF-8 (read with U+FFFD in their place).
    pub non_utf8: u64,
    /// Repeats of a record already read (Claude Code writes one API message over several lines).
    pub duplicates: u64,
    /// The last line had no newline and was not valid JSON: a transcript cut mid-line (or still being written).
    pub truncated_tail: bool,
}

impl Stats {
    pub fn unknown_lines(&self) -> u64 {
        self.unknown_types.values().sum()
    }

    pub(crate) fn unknown(&mut self, kind: &str) {
        let name = if self.unknown_types.contains_key(kind) || self.unknown_types.len() < MAX_UNKNOWN_NAMES {
            kind.chars().take(64).collect()
        } else {
            "…".to_owned()
        };
        *self.unknown_types.entry(name).or_default() += 1;
    }
}

/// What the caller knows that the bytes do not say.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The time given to records before any recorded time (the file's modification time, say).
    pub fallback_ms: Option<i64>,
}

/// A parser's whole memory between lines: small and bounded, serializable so a parse can stop at a line and go
/// on after a restart ([`LineParser::resume`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub format: Option<Format>,
    pub path: String,
    pub options: Options,
    /// The next line's ordinal.
    pub ordinal: u64,
    pub session: SessionInfo,
    pub stats: Stats,
    pub(crate) link: link::LinkState,
    /// Per-format memory (Claude's recent message ids, Codex's last prompt text, Cursor's last timestamp, …).
    pub(crate) extra: BTreeMap<String, String>,
}

/// A line-at-a-time parser for one transcript file.
#[derive(Debug)]
pub struct LineParser {
    state: State,
    /// The document of the whole-file formats (Copilot's session object), bounded by [`MAX_DOCUMENT`].
    document: copilot::Document,
}

/// The largest whole-document transcript (Copilot's session object) replayed, in bytes of lines fed.
pub const MAX_DOCUMENT: usize = 64 * 1024 * 1024;

impl LineParser {
    /// A parser for `path`'s transcript in `format`; the session id starts as the path's
    /// ([`session_id_from_path`]) and a format that records its own (Codex's `session_meta`) replaces it.
    pub fn new(format: Format, path: &str, options: Options) -> LineParser {
        let mut state = State {
            format: Some(format),
            path: path.to_owned(),
            options,
            ..State::default()
        };
        state.session.id = session_id_from_path(path).unwrap_or_default().to_owned();
        LineParser {
            state,
            document: copilot::Document::default(),
        }
    }

    /// Goes on from a [`State`] saved by [`LineParser::state`] after the last complete line read. `None` when
    /// the state names no format.
    pub fn resume(state: State) -> Option<LineParser> {
        state.format?;
        Some(LineParser {
            state,
            document: copilot::Document::default(),
        })
    }

    pub fn format(&self) -> Format {
        self.state.format.unwrap_or(Format::Claude)
    }

    /// The parser's memory now (save it with the byte offset after the last line fed).
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn stats(&self) -> &Stats {
        &self.state.stats
    }

    /// How many items the parser holds between lines (edits waiting for their outcome, remembered message ids,
    /// per-format memory): bounded whatever the transcript's length; the streaming test checks it.
    pub fn retained(&self) -> usize {
        self.state.link.retained() + self.state.extra.len() + self.document.retained()
    }

    /// Reads one line (without its newline). A line that is not UTF-8 is read with U+FFFD in place of the bad
    /// bytes and counted; one that is not JSON of the expected shape is counted and skipped.
    pub fn feed(&mut self, line: &[u8], sink: &mut dyn Sink) {
        self.feed_line(line, true, sink);
    }

    fn feed_line(&mut self, line: &[u8], complete: bool, sink: &mut dyn Sink) {
        let ordinal = self.state.ordinal;
        self.state.ordinal += 1;
        self.state.stats.lines += 1;
        let text = match std::str::from_utf8(line) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => {
                self.state.stats.non_utf8 += 1;
                String::from_utf8_lossy(line)
            }
        };
        let format = self.format();
        match format {
            Format::AntigravityArtifact | Format::CopilotJson => {
                self.document.text_line(&text);
                return;
            }
            _ => {}
        }
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return;
        }
        if format == Format::Claude && claude::skippable(trimmed) {
            return;
        }
        let value: serde_json::Value = match serde_json::from_str(trimmed) {
            Ok(value) => value,
            Err(_) if !complete => {
                self.state.stats.truncated_tail = true;
                return;
            }
            Err(_) => {
                self.state.stats.bad_lines += 1;
                return;
            }
        };
        let mut out = link::Out::new(&mut self.state, sink);
        match format {
            Format::Claude => claude::line(&mut out, &value, ordinal),
            Format::Codex => codex::line(&mut out, &value, ordinal),
            Format::Cursor => cursor::line(&mut out, &value, ordinal),
            Format::CopilotCli => copilot::cli_line(&mut out, &value, ordinal),
            Format::CopilotLog => self.document.log_line(&mut out, value, trimmed.len()),
            Format::AntigravitySteps => antigravity::step_line(&mut out, &value, ordinal),
            Format::AntigravityArtifact | Format::CopilotJson => {}
        }
    }

    /// Counts a line the reader skipped for being over [`MAX_LINE`].
    pub fn skip_too_long(&mut self) {
        self.state.ordinal += 1;
        self.state.stats.lines += 1;
        self.state.stats.too_long += 1;
    }

    /// The last line, which had no newline: parsed if it is whole JSON, else counted as a cut tail.
    pub fn feed_tail(&mut self, line: &[u8], sink: &mut dyn Sink) {
        self.feed_line(line, false, sink);
    }

    /// Ends the parse: the whole-document formats give their records now, and edits still waiting for a result
    /// are sent with [`Outcome::Unknown`]. Call it only at the real end of what is read (not before a resume).
    pub fn finish(&mut self, sink: &mut dyn Sink) {
        let mut out = link::Out::new(&mut self.state, sink);
        match out.state.format {
            Some(Format::CopilotLog) => self.document.finish_log(&mut out),
            Some(Format::CopilotJson) => self.document.finish_json(&mut out),
            Some(Format::AntigravityArtifact) => antigravity::artifact(&mut out, &mut self.document),
            _ => {}
        }
        out.flush_pending();
    }

    /// Sends edits still waiting for their outcome as [`Outcome::Unknown`] without ending the parse (before its
    /// state is saved at the end of what was written so far): a result read later cannot change them then, so
    /// this is only for a file that is not expected to grow.
    pub fn flush_pending(&mut self, sink: &mut dyn Sink) {
        let mut out = link::Out::new(&mut self.state, sink);
        out.flush_pending();
    }
}

/// Everything one transcript gave, collected (for tests and small files; large ones use [`parse_stream`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parsed {
    pub session: SessionInfo,
    pub turns: Vec<Turn>,
    pub edits: Vec<Edit>,
    pub stats: Stats,
    /// What could not be read, in words (Antigravity's encrypted chat, a document over its size cap).
    pub notes: Vec<String>,
}

impl Sink for Parsed {
    fn record(&mut self, record: Record) {
        match record {
            Record::Session(session) => self.session = session,
            Record::Turn(turn) => self.turns.push(turn),
            Record::Edit(edit) => self.edits.push(edit),
        }
    }
}

/// Parses a whole transcript held in memory.
pub fn parse_bytes(format: Format, path: &str, bytes: &[u8], options: Options) -> Parsed {
    let mut parsed = Parsed::default();
    // Reading from a slice cannot fail.
    let summary = parse_stream(format, path, bytes, options, &mut parsed).unwrap_or_default();
    parsed.session = summary.session;
    parsed.stats = summary.stats;
    parsed.notes = summary.notes;
    parsed
}

/// What [`parse_stream`] ends with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub session: SessionInfo,
    pub stats: Stats,
    pub notes: Vec<String>,
    /// Bytes read.
    pub bytes: u64,
    /// The most items the parser held between lines ([`LineParser::retained`]).
    pub max_retained: usize,
    /// The line reader's buffer at its largest, in bytes (at most [`MAX_LINE`] plus its read block).
    pub max_buffer: usize,
}

/// Streams `reader` through the parser for `format` to `sink`, in bounded memory, to its end.
pub fn parse_stream(
    format: Format,
    path: &str,
    reader: impl Read,
    options: Options,
    sink: &mut dyn Sink,
) -> std::io::Result<Summary> {
    let mut parser = LineParser::new(format, path, options);
    let mut lines = LineReader::new(reader);
    let mut max_retained = 0;
    while let Some(line) = lines.next_line()? {
        match line {
            RawLine::Complete(bytes) => parser.feed(bytes, sink),
            RawLine::Tail(bytes) => parser.feed_tail(bytes, sink),
            RawLine::TooLong => parser.skip_too_long(),
        }
        max_retained = max_retained.max(parser.retained());
    }
    parser.finish(sink);
    let mut notes = parser.document.notes();
    notes.extend(unreadable(path).map(str::to_owned));
    Ok(Summary {
        session: parser.state.session.clone(),
        stats: parser.state.stats.clone(),
        notes,
        bytes: lines.offset(),
        max_retained,
        max_buffer: lines.max_buffer(),
    })
}
