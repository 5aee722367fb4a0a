//! What every parser shares: turning what a line says into records with content keys, the "why" of each edit
//! (the last meaningful user prompt before it, filler kept as `via`), the assistant message that explains it,
//! times for lines without one, and edits held until their tool result says whether they happened.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::filler::is_filler;
use crate::key::{content_key, head};
use crate::redact::redact;
use crate::{Edit, EditKind, Outcome, PromptLink, Record, Role, Sink, State, TimeSource, Turn};

/// Edits waiting for their result at most; past it the oldest is sent with [`Outcome::Unknown`].
pub(crate) const MAX_PENDING: usize = 256;
/// Record keys remembered for dedupe (repeats are adjacent in practice: one API message over several lines).
pub(crate) const RECENT: usize = 64;
/// The most of a diff kept on an edit.
const DIFF_LINES: usize = 24;
const DIFF_CHARS: usize = 2_000;
/// Characters of a turn's text that go into its key.
const KEY_TEXT_CHARS: usize = 200;

/// The linking memory between lines.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LinkState {
    last_prompt: Option<String>,
    via: Option<String>,
    last_assistant: Option<String>,
    last_time: Option<i64>,
    pending: Vec<Edit>,
    recent: VecDeque<String>,
}

impl LinkState {
    pub(crate) fn retained(&self) -> usize {
        self.pending.len() + self.recent.len()
    }
}

/// An edit as a parser sees it on the tool call.
#[derive(Debug)]
pub(crate) struct Draft<'a> {
    pub file: &'a str,
    pub from: Option<&'a str>,
    pub kind: EditKind,
    pub tool: &'a str,
    pub call_id: Option<&'a str>,
    pub at_ms: Option<i64>,
    pub ordinal: u64,
    pub diff: Option<&'a str>,
    pub subagent: Option<&'a str>,
}

/// A line's work: the parser's state and where records go.
pub(crate) struct Out<'a> {
    pub state: &'a mut State,
    sink: &'a mut dyn Sink,
}

impl<'a> Out<'a> {
    pub(crate) fn new(state: &'a mut State, sink: &'a mut dyn Sink) -> Out<'a> {
        Out { state, sink }
    }

    fn agent(&self) -> &'static str {
        self.state.format.map_or("", |f| f.agent().cli_name())
    }

    /// A recorded time, or the synthetic one (the last recorded, else the caller's fallback).
    pub(crate) fn time(&mut self, recorded: Option<i64>) -> (Option<i64>, TimeSource) {
        match recorded {
            Some(ms) => {
                self.state.link.last_time = Some(ms);
                (Some(ms), TimeSource::Recorded)
            }
            None => (
                self.state.link.last_time.or(self.state.options.fallback_ms),
                TimeSource::Synthetic,
            ),
        }
    }

    /// Sends the session's facts after a change to them.
    pub(crate) fn session_changed(&mut self) {
        self.sink.record(Record::Session(self.state.session.clone()));
    }

    /// Sets the session's id (Codex's `session_meta.payload.id`), when it differs.
    pub(crate) fn set_session_id(&mut self, id: &str) {
        if !id.is_empty() && self.state.session.id != id {
            self.state.session.id = id.to_owned();
            self.session_changed();
        }
    }

    /// Sets the session's cwd, start time and version where they were not known.
    pub(crate) fn learn_session(
        &mut self,
        cwd: Option<&str>,
        started_at_ms: Option<i64>,
        version: Option<&str>,
    ) {
        let session = &mut self.state.session;
        let mut changed = false;
        if let Some(cwd) = cwd.filter(|c| !c.is_empty())
            && session.cwd.as_deref() != Some(cwd)
        {
            session.cwd = Some(cwd.to_owned());
            changed = true;
        }
        if session.started_at_ms.is_none() && started_at_ms.is_some() {
            session.started_at_ms = started_at_ms;
            changed = true;
        }
        if let Some(version) = version.filter(|v| !v.is_empty())
            && session.agent_version.as_deref() != Some(version)
        {
            session.agent_version = Some(version.to_owned());
            changed = true;
        }
        if changed {
            self.session_changed();
        }
    }

    /// Whether `key` was sent a moment ago (counted as a duplicate); remembers it otherwise.
    fn repeated(&mut self, key: &str) -> bool {
        let recent = &mut self.state.link.recent;
        if recent.iter().any(|k| k == key) {
            self.state.stats.duplicates += 1;
            return true;
        }
        if recent.len() == RECENT {
            recent.pop_front();
        }
        recent.push_back(key.to_owned());
        false
    }

    /// A turn: redacted, keyed by what it is (`source_id` — a message id — when the transcript has one, else its
    /// ordinal), and remembered as the latest prompt or assistant message for the edits after it.
    pub(crate) fn turn(
        &mut self,
        role: Role,
        text: &str,
        at_ms: Option<i64>,
        ordinal: u64,
        source_id: Option<&str>,
        subagent: Option<&str>,
    ) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let (at_ms, time) = self.time(at_ms);
        let text = redact(text).into_owned();
        let ordinal_text = ordinal.to_string();
        let at_text = at_ms.map(|ms| ms.to_string()).unwrap_or_default();
        let key = content_key(&[
            self.agent(),
            &self.state.session.id,
            role.as_str(),
            source_id.unwrap_or(&ordinal_text),
            if source_id.is_some() { "" } else { &at_text },
            head(&text, KEY_TEXT_CHARS),
        ]);
        if self.repeated(&key) {
            return;
        }
        let filler = role == Role::User && is_filler(&text);
        let link = &mut self.state.link;
        match (role, filler) {
            (Role::User, false) => {
                link.last_prompt = Some(key.clone());
                link.via = None;
            }
            (Role::User, true) => link.via = Some(head(&text, KEY_TEXT_CHARS).to_owned()),
            (Role::Assistant, _) => link.last_assistant = Some(key.clone()),
        }
        self.sink.record(Record::Turn(Turn {
            key,
            role,
            text,
            at_ms,
            time,
            ordinal,
            filler,
            subagent: subagent.map(str::to_owned),
        }));
    }

    /// An edit with its why. With a call id and `wait`, it is held until [`Out::resolve`] gives its outcome;
    /// otherwise it is sent now with `outcome`.
    pub(crate) fn edit(&mut self, draft: Draft<'_>, wait: bool, outcome: Outcome) {
        let file = self.absolute(draft.file);
        if file.is_empty() {
            return;
        }
        let (at_ms, time) = self.time(draft.at_ms);
        let ordinal_text = draft.ordinal.to_string();
        let key = content_key(&[
            self.agent(),
            &self.state.session.id,
            "edit",
            draft.call_id.unwrap_or(&ordinal_text),
            &file,
        ]);
        if self.repeated(&key) {
            return;
        }
        let link = &self.state.link;
        let edit = Edit {
            key,
            from: draft.from.map(|from| self.absolute(from)),
            file,
            kind: draft.kind,
            tool: draft.tool.to_owned(),
            call_id: draft.call_id.map(str::to_owned),
            at_ms,
            time,
            ordinal: draft.ordinal,
            outcome,
            diff: draft.diff.map(diff_head),
            prompt: link.last_prompt.clone().map(|turn_key| PromptLink {
                turn_key,
                via: link.via.clone(),
            }),
            explained_by: link.last_assistant.clone(),
            subagent: draft.subagent.map(str::to_owned),
        };
        if wait && edit.call_id.is_some() {
            let pending = &mut self.state.link.pending;
            if pending.len() == MAX_PENDING {
                let oldest = pending.remove(0);
                self.sink.record(Record::Edit(oldest));
            }
            self.state.link.pending.push(edit);
        } else {
            self.sink.record(Record::Edit(edit));
        }
    }

    /// Whether an edit of `call_id` is waiting for its result.
    pub(crate) fn is_pending(&self, call_id: &str) -> bool {
        self.state
            .link
            .pending
            .iter()
            .any(|e| e.call_id.as_deref() == Some(call_id))
    }

    /// The result of a tool call: its held edits are sent with `outcome`; `adjust` may set what only the result
    /// says (a Write's create or update, the diff).
    pub(crate) fn resolve(&mut self, call_id: &str, outcome: Outcome, adjust: &dyn Fn(&mut Edit)) {
        let pending = std::mem::take(&mut self.state.link.pending);
        let (done, kept): (Vec<Edit>, Vec<Edit>) = pending
            .into_iter()
            .partition(|e| e.call_id.as_deref() == Some(call_id));
        self.state.link.pending = kept;
        for mut edit in done {
            edit.outcome = outcome;
            adjust(&mut edit);
            self.sink.record(Record::Edit(edit));
        }
    }

    /// Sends every held edit with [`Outcome::Unknown`].
    pub(crate) fn flush_pending(&mut self) {
        for edit in std::mem::take(&mut self.state.link.pending) {
            self.sink.record(Record::Edit(edit));
        }
    }

    /// `path` against the session's cwd when it is relative and the cwd is known.
    pub(crate) fn absolute(&self, path: &str) -> String {
        let path = path.trim();
        let path = path.strip_prefix("file://").unwrap_or(path);
        let is_absolute =
            path.starts_with('/') || path.starts_with('\\') || path.as_bytes().get(1) == Some(&b':');
        match (&self.state.session.cwd, is_absolute || path.is_empty()) {
            (Some(cwd), false) => {
                let rel = path.strip_prefix("./").unwrap_or(path);
                format!("{}/{}", cwd.trim_end_matches(['/', '\\']), rel)
            }
            _ => path.to_owned(),
        }
    }

    pub(crate) fn extra(&self, key: &str) -> Option<&str> {
        self.state.extra.get(key).map(String::as_str)
    }

    pub(crate) fn set_extra(&mut self, key: &str, value: &str) {
        self.state.extra.insert(key.to_owned(), value.to_owned());
    }

    pub(crate) fn unknown(&mut self, kind: &str) {
        self.state.stats.unknown(kind);
    }

    pub(crate) fn bad(&mut self) {
        self.state.stats.bad_lines += 1;
    }
}

/// The first lines of a diff, redacted.
pub(crate) fn diff_head(diff: &str) -> String {
    let lines: Vec<&str> = diff.lines().take(DIFF_LINES).collect();
    let mut text = lines.join("\n");
    if text.chars().count() > DIFF_CHARS {
        text = head(&text, DIFF_CHARS).to_owned();
    }
    redact(&text).into_owned()
}

impl Out<'_> {
    /// The call id of the oldest held edit of `file` (an absolute path), if one waits.
    pub(crate) fn pending_for_file(&self, file: &str) -> Option<String> {
        self.state
            .link
            .pending
            .iter()
            .find(|e| e.file == file)
            .and_then(|e| e.call_id.clone())
    }
}
