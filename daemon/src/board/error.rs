use relay_core::board::{FieldError, SlugError, TaskKeyError, UnknownName};

use crate::store::StoreError;

/// Why a board operation did nothing. Each message names the input and says what to do; adapters show it
/// as it is (MCP tool errors, gRPC statuses, CLI errors).
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    #[error(
        "unknown project `{slug}`; known projects: {known} (create it with project_upsert / relay project upsert)"
    )]
    UnknownProject { slug: String, known: String },
    // Read by the owner (window, CLI) and by agents: the MCP adapter adds the call that lists the tasks.
    #[error("unknown task `{key}`: its project has no task of that number")]
    UnknownTask { key: String },
    #[error(transparent)]
    Slug(#[from] SlugError),
    #[error(transparent)]
    Key(#[from] TaskKeyError),
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error(transparent)]
    Name(#[from] UnknownName),
    #[error("{what} is {len} characters long; the limit is {max}. Shorten it. Nothing changed.")]
    TooLong {
        what: &'static str,
        len: usize,
        max: usize,
    },
    #[error("{what} is empty; {hint}. Nothing changed.")]
    Empty { what: &'static str, hint: &'static str },
    /// A body of just `-`: the sign that clears a field, sent where text is wanted.
    #[error("{what} is just \"-\", which clears a field but is not text; {hint}. Nothing changed.")]
    Dash { what: &'static str, hint: &'static str },
    #[error("{}", version_conflict(.key, *.expected, *.actual))]
    VersionConflict { key: String, expected: i64, actual: i64 },
    /// Strict mode: the rules' own words ("Rules: … Nothing changed.").
    #[error("{0}")]
    RulesRefused(String),
    /// A well-formed request that the task's state or the caller's role refuses (accepting a plan with no steps,
    /// an agent accepting its own plan); the message says who can do it and how.
    #[error("{0}")]
    Refused(String),
    /// An owner-only action (deciding a review step, an owner comment) asked for by an agent.
    #[error(transparent)]
    OwnerOnly(#[from] crate::caller::OwnerOnly),
    #[error("{0}")]
    Invalid(String),
    #[error(
        "no screenshot #{id}; list a task's screenshots with `relay attachment list <key>` (agents: review_get)"
    )]
    UnknownAttachment { id: i64 },
    /// A screenshot refused by the attachment rules (path, type, size, per-task limit).
    #[error(transparent)]
    Attach(#[from] crate::attach::AttachError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl BoardError {
    /// Whether the caller's input was at fault (as opposed to the store failing).
    pub fn is_caller_error(&self) -> bool {
        !matches!(self, BoardError::Store(_))
    }

    pub fn not_found(&self) -> bool {
        matches!(
            self,
            BoardError::UnknownProject { .. }
                | BoardError::UnknownTask { .. }
                | BoardError::UnknownAttachment { .. }
        )
    }
}

/// Checks a text against a limit, counting characters.
/// `text` trimmed, refused when empty or just `-` (with `hint` on what to write).
pub(crate) fn check_text<'a>(
    what: &'static str,
    hint: &'static str,
    text: &'a str,
) -> Result<&'a str, BoardError> {
    match text.trim() {
        "" => Err(BoardError::Empty { what, hint }),
        "-" => Err(BoardError::Dash { what, hint }),
        text => Ok(text),
    }
}

pub(crate) fn check_len(what: &'static str, text: &str, max: usize) -> Result<(), BoardError> {
    let len = text.chars().count();
    if len > max {
        Err(BoardError::TooLong { what, len, max })
    } else {
        Ok(())
    }
}
/// A version that is not the task's: older means someone wrote it since it was read; newer was never written.
fn version_conflict(key: &str, expected: i64, actual: i64) -> String {
    if expected < actual {
        format!(
            "{key} is at version {actual}, not {expected}: someone wrote it since you read it. Read it again \
             (task_get / relay task show), then re-apply your change. Nothing changed."
        )
    } else {
        format!(
            "{key} is at version {actual}; version {expected} does not exist yet, so the version given is not one \
             that was read. Read the task (task_get / relay task show) and pass the version it shows. Nothing \
             changed."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_conflict_says_someone_wrote_only_when_the_version_given_is_older() {
        let older = BoardError::VersionConflict {
            key: "acme-3".into(),
            expected: 2,
            actual: 4,
        };
        assert!(
            older.to_string().contains("someone wrote it since you read it"),
            "{older}"
        );
        let newer = BoardError::VersionConflict {
            key: "acme-3".into(),
            expected: 9,
            actual: 4,
        };
        let text = newer.to_string();
        assert!(!text.contains("someone wrote"), "{text}");
        assert!(
            text.starts_with("acme-3 is at version 4; version 9 does not exist yet"),
            "{text}"
        );
    }
}
