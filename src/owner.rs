//! Who holds a lock: `<agent label>:<host>:<session>`, compared by session alone.
//!
//! The session is the id the transcript parser gives the same conversation, so a lock can be joined to what
//! its holder was doing. [`SessionId::from_hook`] and [`SessionId::from_transcript_path`] are that one
//! derivation, used by the hook side and the transcript side alike.

use std::fmt;
use std::hash::{Hash, Hasher};

use serde::Serialize;

/// Longest session id, agent label or host accepted, in bytes.
pub const MAX_PART_LEN: usize = 256;

/// The id of one agent conversation (a Claude Code session UUID, a Codex thread id, …).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct SessionId(String);

/// A session id, agent label or host refused. The message names the part and the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OwnerError {
    #[error("the {part} is empty; hooks must send `<agent label>:<host>:<session>`")]
    Empty { part: &'static str },
    #[error("the {part} {text:?} contains {problem}; {hint}")]
    Invalid {
        part: &'static str,
        text: String,
        problem: &'static str,
        hint: &'static str,
    },
    #[error("lock owner {text:?} is not `<agent label>:<host>:<session>` (such as `Claude Code:DESK:52b2…`)")]
    Shape { text: String },
}

impl SessionId {
    /// A session id: non-empty, at most [`MAX_PART_LEN`] bytes, no `:` (it ends the lock id) and no control
    /// characters.
    pub fn new(text: &str) -> Result<SessionId, OwnerError> {
        check_part("session", text)?;
        check_no_colon("session", text)?;
        Ok(SessionId(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first four characters and `…`, as deny messages show it (`52b2…`); a session that short is shown
    /// whole.
    pub fn short(&self) -> String {
        let mut chars = self.0.chars();
        let head: String = chars.by_ref().take(4).collect();
        if chars.next().is_some() {
            format!("{head}…")
        } else {
            head
        }
    }

    /// The session of a conversation from its transcript file, for every agent relay reads (the derivation is
    /// [`relay_transcripts::session_id_from_path`], which the transcript parsers use too):
    ///
    /// | Agent | Transcript | Session |
    /// |---|---|---|
    /// | Claude Code | `~/.claude/projects/<dir>/<session>.jsonl` | file stem |
    /// | Claude Code subagent | `<dir>/<session>/subagents/agent-<id>.jsonl` | the folder before `subagents` |
    /// | Cursor | `agent-transcripts/<id>/<id>.jsonl` | file stem |
    /// | Codex | `sessions/…/rollout-<timestamp>-<uuid>.jsonl` | the trailing UUID (= `session_meta.payload.id`) |
    /// | Copilot (VS Code) | `chatSessions/<id>.json` | file stem |
    /// | Copilot CLI | `~/.copilot/session-state/<id>/events.jsonl` | the directory after `session-state` |
    /// | Antigravity IDE | `brain/<uuid>/…` | the directory after `brain` |
    ///
    /// ```
    /// use relay_core::owner::SessionId;
    /// let cli = "/home/u/.copilot/session-state/168018e0-3a43-4200-b161-5e6b7a2b8781/events.jsonl";
    /// assert_eq!(
    ///     SessionId::from_transcript_path(cli).unwrap().to_string(),
    ///     "168018e0-3a43-4200-b161-5e6b7a2b8781"
    /// );
    /// ```
    ///
    /// `/` and `\` both separate folders, so a Windows path sent by an agent gives the same id.
    pub fn from_transcript_path(path: &str) -> Option<SessionId> {
        relay_transcripts::session_id_from_path(path).and_then(|id| SessionId::new(id).ok())
    }

    /// The session for a hook call: derived from the transcript path when the payload has one (so the hook and
    /// the transcript parser cannot disagree), else the payload's own session field (`session_id`,
    /// `conversationId`, `sessionId`).
    pub fn from_hook(transcript_path: Option<&str>, session_field: Option<&str>) -> Option<SessionId> {
        transcript_path
            .filter(|p| !p.trim().is_empty())
            .and_then(SessionId::from_transcript_path)
            .or_else(|| session_field.and_then(|s| SessionId::new(s.trim()).ok()))
    }
}

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn invalid(part: &'static str, text: &str, problem: &'static str, hint: &'static str) -> OwnerError {
    OwnerError::Invalid {
        part,
        text: text.to_owned(),
        problem,
        hint,
    }
}

fn check_part(part: &'static str, text: &str) -> Result<(), OwnerError> {
    if text.is_empty() {
        return Err(OwnerError::Empty { part });
    }
    if text.len() > MAX_PART_LEN {
        return Err(invalid(part, text, "too many bytes", "keep it under 256 bytes"));
    }
    if text.chars().any(char::is_control) {
        return Err(invalid(
            part,
            text,
            "a control character",
            "send it as plain text",
        ));
    }
    Ok(())
}

fn check_no_colon(part: &'static str, text: &str) -> Result<(), OwnerError> {
    if text.contains(':') {
        return Err(invalid(
            part,
            text,
            "a `:`",
            "`:` separates the parts of a lock owner",
        ));
    }
    Ok(())
}

/// A lock holder. Equality and hashing use the session only: one session seen under two product labels is one
/// owner, and two sessions of one product are two owners.
#[derive(Clone, Debug, Serialize)]
pub struct Owner {
    agent_label: String,
    host: String,
    session: SessionId,
}

impl Owner {
    /// `agent_label` (`Claude Code`, `Cursor`, …) may not contain `:`; `host` may (it sits between the first
    /// and the last `:` of the lock id).
    pub fn new(agent_label: &str, host: &str, session: SessionId) -> Result<Owner, OwnerError> {
        check_part("agent label", agent_label)?;
        check_no_colon("agent label", agent_label)?;
        check_part("host", host)?;
        Ok(Owner {
            agent_label: agent_label.to_owned(),
            host: host.to_owned(),
            session,
        })
    }

    /// Parses a lock id `<agent label>:<host>:<session>`.
    pub fn parse(lock_id: &str) -> Result<Owner, OwnerError> {
        let shape = || OwnerError::Shape {
            text: lock_id.to_owned(),
        };
        let (label, rest) = lock_id.split_once(':').ok_or_else(shape)?;
        let (host, session) = rest.rsplit_once(':').ok_or_else(shape)?;
        Owner::new(label, host, SessionId::new(session)?)
    }

    pub fn agent_label(&self) -> &str {
        &self.agent_label
    }

    pub fn host(&self) -> &str {
        &self.host
    }

    pub fn session(&self) -> &SessionId {
        &self.session
    }

    /// `Claude Code:DESK:52b2…`, as deny messages show the holder.
    pub fn short(&self) -> String {
        format!("{}:{}:{}", self.agent_label, self.host, self.session.short())
    }
}

impl PartialEq for Owner {
    fn eq(&self, other: &Owner) -> bool {
        self.session == other.session
    }
}

impl Eq for Owner {}

impl Hash for Owner {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.session.hash(state);
    }
}

/// The full lock id, `<agent label>:<host>:<session>`.
impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.agent_label, self.host, self.session)
    }
}
