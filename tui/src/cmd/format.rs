//! How the board commands show answers: the `--json` shapes (the proto messages through their serde derive,
//! [`to_json`]: stable field names, unset values are `null`), the lines people read, and the warnings and
//! notes a write prints on stderr.

use std::io::Write;

use relay_core::proto;
pub use relay_core::proto_json::to_json;
use serde_json::{Value, json};

use crate::cli::WriterArgs;
use crate::error::CliError;

/// The writer a write request names.
pub fn actor(writer: &WriterArgs) -> Option<proto::Actor> {
    Some(proto::Actor {
        session: writer.session.clone(),
        session_title: None,
    })
}

/// Writes `text` and a line break to stdout. `Ok(false)` when the reader went away (`relay … | head`), so a
/// command stops quietly instead of failing.
pub fn emit(text: &str) -> Result<bool, CliError> {
    // On a terminal agent text cannot reorder or hide what is printed (bidi overrides, escape sequences);
    // piped, and in `--json` (`emit_raw`), the text is kept as it is.
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return emit_raw(&relay_core::display::visible(text));
    }
    emit_raw(text)
}

/// [`emit`] without the terminal's clean-up: for `--json`, which keeps agent text exactly.
pub fn emit_raw(text: &str) -> Result<bool, CliError> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(err) => Err(CliError::Failed(format!("cannot write to stdout: {err}"))),
    }
}

/// A `--json` answer: one pretty-printed document.
pub fn print_json(value: &Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(CliError::failed)?;
    emit_raw(&text).map(drop)
}

/// A write's warnings (the working rules') and notes, on stderr in both output modes: they are for people,
/// and `--json` carries them as well.
pub fn print_notes(notes: Option<&proto::WriteNotes>) {
    for line in notes.iter().flat_map(|n| n.warnings.iter().chain(&n.notes)) {
        eprintln!("relay: {line}");
    }
}

/// A write's answer message as JSON, from its serde derive, without its `notes` field (which [`with_notes`]
/// merges in at the top level).
pub fn fields(answer: &impl serde::Serialize) -> Value {
    let mut value = to_json(answer);
    if let Some(object) = value.as_object_mut() {
        object.remove("notes");
    }
    value
}

/// `{"warnings": […], "notes": […], "changed": bool}` merged into a write's JSON answer.
pub fn with_notes(mut answer: Value, notes: Option<&proto::WriteNotes>) -> Value {
    let notes = notes.cloned().unwrap_or_default();
    if let Some(object) = answer.as_object_mut() {
        object.insert("warnings".to_owned(), json!(notes.warnings));
        object.insert("notes".to_owned(), json!(notes.notes));
        object.insert("changed".to_owned(), json!(notes.changed));
    }
    answer
}

/// One line per task: key, stage (unless the caller groups by stage), title, then what is known about it.
pub fn task_line(task: &proto::Task, key_width: usize, with_stage: bool) -> String {
    let mut line = format!("{:<key_width$}  ", task.key);
    if with_stage {
        line.push_str(&format!("{:<6}  ", task.stage));
    }
    line.push_str(&task.title);
    if let Some(size) = &task.size {
        line.push_str(&format!(" [{size}]"));
    }
    if let Some(priority) = task.priority {
        line.push_str(&format!(" p{priority}"));
    }
    if let Some(session) = &task.session {
        line.push_str(&format!(" @{session}"));
    }
    if let Some(next) = &task.next_step {
        let stale = if task.next_step_stale { " (stale)" } else { "" };
        line.push_str(&format!(" · next: {}{stale}", first_line(next)));
    }
    if let Some(waiting) = &task.waiting_on {
        line.push_str(&format!(" · waiting on {waiting}"));
    }
    line
}

/// The width of the widest task key, for aligned lists.
pub fn key_width<'t>(tasks: impl IntoIterator<Item = &'t proto::Task>) -> usize {
    tasks
        .into_iter()
        .map(|t| t.key.chars().count())
        .max()
        .unwrap_or(0)
}

/// A decision on one line: `#3 (acme-12) text — decided by owner`.
pub fn decision_line(decision: &proto::Decision) -> String {
    let mut line = format!("#{}", decision.id);
    if let Some(key) = &decision.task_key {
        line.push_str(&format!(" ({key})"));
    }
    line.push_str(&format!(" {}", first_line(&decision.text)));
    if let Some(by) = &decision.decided_by {
        line.push_str(&format!(" — decided by {by}"));
    }
    line
}

/// The first line of a text, marked with `…` when more follows.
pub fn first_line(text: &str) -> String {
    let mut lines = text.trim().lines();
    let first = lines.next().unwrap_or_default().trim_end().to_owned();
    if lines.next().is_some() {
        format!("{first} …")
    } else {
        first
    }
}

/// A Unix time in milliseconds as `2025-06-01 14:03:22Z` (UTC).
pub fn utc(ms: i64) -> String {
    relay_core::time::utc(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_formats_the_epoch_and_a_leap_day_when_given_milliseconds() {
        assert_eq!(utc(0), "1970-01-01 00:00:00Z");
        assert_eq!(utc(951_782_400_000 + 3_723_000), "2000-02-29 01:02:03Z");
        assert_eq!(utc(1_735_689_599_999), "2024-12-31 23:59:59Z");
    }

    #[test]
    fn first_line_marks_more_text_when_the_text_has_several_lines() {
        assert_eq!(first_line("one"), "one");
        assert_eq!(first_line("\n one \ntwo"), "one …");
    }

    #[test]
    fn with_notes_adds_warnings_notes_and_changed_when_merged() {
        let notes = proto::WriteNotes {
            warnings: vec!["Warning (rules): x".to_owned()],
            notes: Vec::new(),
            changed: true,
        };
        let answer = with_notes(json!({"task": {}}), Some(&notes));
        assert_eq!(
            answer,
            json!({"task": {}, "warnings": ["Warning (rules): x"], "notes": [], "changed": true})
        );
    }
}
