//! What a lock holder is working on: its last meaningful user prompt, kept in memory so a denied claim can say
//! it without waiting on a database.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use relay_core::owner::SessionId;

/// Prompts that say nothing about the work ("continue", "yes", "hi"). Compared after [`filler_form`]: trimmed,
/// lower-cased, inner spaces collapsed, trailing punctuation dropped. A single `/command` is filler too.
pub const FILLER_PROMPTS: &[&str] = &[
    "continue",
    "cont",
    "continue please",
    "please continue",
    "pls continue",
    "keep going",
    "carry on",
    "go",
    "go on",
    "go ahead",
    "proceed",
    "please proceed",
    "resume",
    "next",
    "again",
    "retry",
    "try again",
    "do it",
    "yes",
    "y",
    "yep",
    "yeah",
    "yup",
    "sure",
    "ok",
    "okay",
    "k",
    "kk",
    "no",
    "n",
    "nope",
    "hi",
    "hey",
    "hello",
    "thanks",
    "thank you",
    "thx",
    "ty",
    "cool",
    "great",
    "nice",
    "perfect",
    "sounds good",
    "lgtm",
    "done",
];

/// Longest intent kept, in characters; longer prompts are cut with `…`.
pub const MAX_INTENT_CHARS: usize = 160;

/// A holder's intent and when it was said (Unix ms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intent {
    pub text: String,
    pub at_ms: i64,
}

/// The comparison form of a prompt: trimmed, lower-case, inner whitespace collapsed to one space, trailing
/// punctuation (`.!?,;:…`) dropped.
pub fn filler_form(prompt: &str) -> String {
    let collapsed = prompt
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    collapsed
        .trim_end_matches(|c: char| ".!?,;:…".contains(c) || c.is_whitespace())
        .to_owned()
}

/// Whether a prompt is filler: empty, in [`FILLER_PROMPTS`], or a lone `/command`.
pub fn is_filler(prompt: &str) -> bool {
    let form = filler_form(prompt);
    form.is_empty()
        || FILLER_PROMPTS.contains(&form.as_str())
        || (form.starts_with('/') && !form.contains(' '))
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
