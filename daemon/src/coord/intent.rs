//! What a lock holder is working on: its last meaningful user prompt, kept in memory so a denied claim can say
//! it without waiting on a database.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use relay_core::owner::SessionId;

/// The filler rule is relay-transcripts' (an edit's "why" skips the same prompts).
pub use relay_transcripts::filler::{FILLER_PROMPTS, is_filler};

/// Longest intent kept, in characters; longer prompts are cut with `…`.
pub const MAX_INTENT_CHARS: usize = 160;

/// A holder's intent and when it was said (Unix ms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intent {
    pub text: String,
    pub at_ms: i64,
}

/// The prompt as a deny message quotes it: one line, at most [`MAX_INTENT_CHARS`] characters; `None` for filler.
pub fn meaningful(prompt: &str) -> Option<String> {
    if is_filler(prompt) {
        return None;
    }
    let line = prompt.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= MAX_INTENT_CHARS {
        return Some(line);
    }
    let mut cut: String = line.chars().take(MAX_INTENT_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    Some(cut)
}

/// Last meaningful prompt per session.
#[derive(Debug, Default)]
pub(crate) struct IntentCache {
    by_session: HashMap<SessionId, Intent>,
}

impl IntentCache {
    /// Keeps `prompt` as the session's intent unless it is filler or older than the one already kept (the
    /// transcript ingest may replay prompts out of order). Returns whether it was kept.
    pub(crate) fn record(&mut self, session: &SessionId, prompt: &str, at_ms: i64) -> bool {
        let Some(text) = meaningful(prompt) else {
            return false;
        };
        match self.by_session.get_mut(session) {
            Some(kept) if kept.at_ms > at_ms => false,
            Some(kept) => {
                *kept = Intent { text, at_ms };
                true
            }
            None => {
                self.by_session.insert(session.clone(), Intent { text, at_ms });
                true
            }
        }
    }

    pub(crate) fn get(&self, session: &SessionId) -> Option<&Intent> {
        self.by_session.get(session)
    }

    /// Forgets intents said before `before_ms` by sessions for which `keep` is false.
    pub(crate) fn forget_older(&mut self, before_ms: i64, keep: impl Fn(&SessionId) -> bool) -> usize {
        let len = self.by_session.len();
        self.by_session
            .retain(|session, intent| intent.at_ms >= before_ms || keep(session));
        len - self.by_session.len()
    }
}
