//! Snapshots of uncommitted work in the window (docs/SPEC.md §13): the "Snapshots" block of the task view (its
//! tab) and of the sessions screen (under the selected session), and the restore: `U` asks relayd what restoring
//! would change (RestoreSnapshot's dry run, as `relay undo --dry-run` prints it), shows it and asks; a file changed
//! since the snapshot stops it there, with the two ways on: overwrite it (asked again) or restore into another
//! folder. Nothing is written before a yes, and a refusal writes nothing.

use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use relay_core::proto;

use super::app::{Effect, Fetch, Flash, Level, Model, Write};
use super::fit;
use super::mouse::Hits;
use super::theme::Theme;
use super::view::{ago, size};

/// The most snapshots a block lists (newest first); `relay snapshots` lists the rest.
pub const LIMIT: u32 = 50;

/// The plan lines a restore question shows at most; the rest are counted.
const PLAN_LINES: usize = 8;

/// Where a restore question stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The dry run found nothing in the way: y restores.
    Ask,
    /// Files changed since the snapshot: f overwrites them (asks again), t restores into another folder.
    Newer,
    /// The second confirmation before overwriting them.
    Force,
}

/// A restore being asked about: the dry run's answer and the folder it was for.
#[derive(Debug, Clone, PartialEq)]
pub struct Restore {
    pub id: i64,
    /// Another folder (absolute) instead of the repository.
    pub to: Option<String>,
    pub preview: proto::RestoreSnapshotResponse,
    pub step: Step,
}

impl Restore {
    fn newer(&self) -> Vec<&str> {
        self.preview
            .changes
            .iter()
            .filter(|c| c.action == "newer")
            .map(|c| c.path.as_str())
            .collect()
    }

    /// How many files the restore writes (with `force`, the newer ones too).
    fn writes(&self, force: bool) -> usize {
        self.preview
            .changes
            .iter()
            .filter(|c| matches!(c.action.as_str(), "create" | "restore") || (force && c.action == "newer"))
            .count()
    }

    /// The folder `t` restores into: beside the repository, named after it and the snapshot
    /// (`/src/app` → `/src/app-snapshot-3`).
    fn elsewhere(&self) -> Option<String> {
        let into = Path::new(&self.preview.into);
        let name = into.file_name()?.to_string_lossy();
        Some(
            into.with_file_name(format!("{name}-snapshot-{}", self.id))
                .to_string_lossy()
                .into_owned(),
        )
    }

    fn write(&self, force: bool, to: Option<String>) -> Write {
        Write::RestoreSnapshot {
            label: format!("snapshot #{}", self.id),
            id: self.id,
            to,
            force,
        }
    }
}

/// `U`: asks relayd what restoring snapshot `id` would change (a dry run: nothing is written).
pub(super) fn ask(model: &mut Model, id: Option<i64>, effects: &mut Vec<Effect>) {
    let Some(id) = id else {
        model.flash = Some(Flash {
            level: Level::Info,
            lines: vec![
                "No snapshot is selected: relay takes one before a command discards uncommitted work.".into(),
            ],
        });
        return;
    };
    model.flash = Some(Flash {
        level: Level::Info,
        lines: vec![format!("Checking what restoring snapshot #{id} would change…")],
    });
    model.fetch_once(Fetch::RestorePreview { id, to: None }, effects);
}

/// The dry run answered: the question, or why it could not be asked.
pub(super) fn previewed(
    model: &mut Model,
    id: i64,
    to: Option<String>,
    result: Result<proto::RestoreSnapshotResponse, String>,
) {
    // Typing went elsewhere meanwhile (a form, the palette, a filter): a question now would take its keys.
    let typing = model.form.is_some()
        || model.palette.is_some()
        || model.picker.is_some()
        || model.find().is_some_and(|f| f.typing);
    match result {
        Ok(_) if typing => {
            model.flash = Some(Flash {
                level: Level::Info,
                lines: vec![format!(
                    "Snapshot #{id} was not restored: you were typing when its question was ready. Press U again when you are done."
                )],
            });
        }
        Ok(preview) => {
            let step = if preview.refused { Step::Newer } else { Step::Ask };
            model.flash = None;
            model.restore = Some(Restore {
                id,
                to,
                preview,
                step,
            });
        }
        Err(message) => {
            model.flash = Some(Flash {
                level: Level::Error,
                lines: vec![format!("Snapshot #{id} cannot be restored: {message}")],
            });
        }
    }
}

/// A key while the question is open: only the keys it names act; any other leaves everything as it is.
pub(super) fn key(model: &mut Model, key: KeyEvent, effects: &mut Vec<Effect>) {
    let Some(restore) = model.restore.take() else {
        return;
    };
    let KeyCode::Char(c) = key.code else {
        return;
    };
    match (&restore.step, c.to_ascii_lowercase()) {
        (Step::Ask, 'y') if restore.writes(false) > 0 => {
            effects.push(Effect::Write(restore.write(false, restore.to.clone())));
        }
        (Step::Newer, 'f') => {
            model.restore = Some(Restore {
                step: Step::Force,
                ..restore
            });
        }
        (Step::Newer, 't') if restore.to.is_none() => {
            if let Some(folder) = restore.elsewhere() {
                effects.push(Effect::Write(restore.write(false, Some(folder))));
            }
        }
        (Step::Force, 'y') => effects.push(Effect::Write(restore.write(true, restore.to.clone()))),
        _ => {}
    }
}

/// A restore refused after the question (a file changed between the dry run and the yes): said, then the dry run
/// again, so the question comes back with what is in the way.
pub(super) fn refused(model: &mut Model, write: &Write, newer: &[String], effects: &mut Vec<Effect>) {
    let Write::RestoreSnapshot { id, to, .. } = write else {
        return;
    };
    model.flash = Some(Flash {
        level: Level::Warning,
        lines: vec![format!("snapshot #{id}: {}", refusal_words(newer))],
    });
    model.fetch_once(
        Fetch::RestorePreview {
            id: *id,
            to: to.clone(),
        },
        effects,
    );
}

/// What a refused restore says: which files changed since the snapshot, and that nothing was written.
pub fn refusal_words(newer: &[String]) -> String {
    format!(
        "nothing was restored: {} file(s) changed since the snapshot ({}); your files are as they were",
        newer.len(),
        newer.join(", ")
    )
}

/// The question over the screen: what restoring would do to each file, then the keys that act.
pub fn render_question(restore: &Restore, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let whose = restore.preview.snapshot.as_ref().map_or_else(String::new, |s| {
        format!(
            " ({}'s work, {}, lost to `{}`)",
            fit::one_line(&s.session, 60),
            fit::one_line(&s.agent, 40),
            fit::one_line(&s.command, 60)
        )
    });
    let into = fit::one_line(&restore.preview.into, 300);
    let newer = restore.newer();
    let mut lines = vec![match restore.step {
        Step::Ask => Line::raw(format!("Restore snapshot #{}{whose} into {into}?", restore.id)),
        Step::Newer => Line::styled(
            format!(
                "Nothing is restored yet: {} file(s) in {into} changed since snapshot #{}{whose} was taken, and \
                 restoring would overwrite them.",
                newer.len(),
                restore.id
            ),
            theme.warn,
        ),
        Step::Force => Line::styled(
            format!(
                "Overwrite {} with snapshot #{}'s version? The changes made to them since the snapshot are lost.",
                newer.join(", "),
                restore.id
            ),
            theme.error,
        ),
    }];
    let plan = crate::cmd::undo::plan_lines(&restore.preview, restore.step == Step::Force);
    let more = plan.len().saturating_sub(PLAN_LINES);
    for text in plan.into_iter().take(PLAN_LINES) {
        let style = if text.starts_with("NEWER") || text.starts_with("overwrite") {
            theme.warn
        } else {
            theme.text
        };
        lines.push(Line::styled(format!("  {}", fit::one_line(&text, 300)), style));
    }
    if more > 0 {
        lines.push(Line::styled(
            format!(
                "  … and {more} more (relay undo {} --dry-run lists them)",
                restore.id
            ),
            theme.muted,
        ));
    }
    if restore.preview.ref_deleted {
        lines.push(Line::styled(
            "Its ref was deleted by hand; the commit is still in git and is used.",
            theme.muted,
        ));
    }
    let keys = match restore.step {
        Step::Ask => match restore.writes(false) {
            0 => "Nothing to write: every file is already as the snapshot has it. Any key closes this."
                .to_owned(),
            n => format!("y restores {n} file(s) · any other key leaves everything as it is"),
        },
        Step::Newer => match restore.elsewhere().filter(|_| restore.to.is_none()) {
            Some(folder) => format!(
                "f overwrites them (asks again) · t restores into {} instead · any other key leaves everything as it is",
                fit::one_line(&folder, 300)
            ),
            None => format!(
                "f overwrites them (asks again) · any other key leaves everything as it is (relay undo {} --to DIR \
                 restores into another folder)",
                restore.id
            ),
        },
        Step::Force => format!(
            "y overwrites and restores {} file(s) · any other key leaves everything as it is",
            restore.writes(true)
        ),
    };
    lines.push(Line::raw(""));
    lines.push(Line::styled(keys, theme.accent));
    let width = area.width.saturating_sub(4).min(90);
    let rows = fit::rows(&lines, usize::from(width.saturating_sub(2)));
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    let popup = super::view::centered(area, width, height);
    Clear.render(popup, buf);
    let title = match restore.step {
        Step::Force => " Overwrite? ",
        _ => " Restore snapshot ",
    };
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(Block::bordered().title(title).style(theme.warn))
        .render(popup, buf);
}

/// A "Snapshots" block: newest first, one line each (when, whose, agent, command, files, size), the selected one
/// in the selection style; `None` while they are loading, `Err` when they could not be read.
pub struct List<'a> {
    pub title: String,
    pub snapshots: Option<&'a Result<Vec<proto::WorkSnapshot>, String>>,
    pub selected: usize,
    /// The line shown when there are none.
    pub empty: &'a str,
    /// Whether the block has the keys (drawn with an accent border).
    pub focused: bool,
}

impl List<'_> {
    pub fn render(self, now: i64, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let border = if self.focused { theme.accent } else { theme.muted };
        let block = Block::bordered().border_style(border);
        let list = match self.snapshots {
            None => {
                Paragraph::new(Line::styled("loading…", theme.muted))
                    .block(block.title(format!(" {} ", self.title)))
                    .render(area, buf);
                return;
            }
            Some(Err(message)) => {
                Paragraph::new(Line::styled(
                    format!("The snapshots could not be read: {message}"),
                    theme.error,
                ))
                .wrap(ratatui::widgets::Wrap { trim: true })
                .block(block.title(format!(" {} ", self.title)))
                .render(area, buf);
                return;
            }
            Some(Ok(list)) => list,
        };
        let title = format!(" {} · {} ", self.title, list.len());
        fit::Table {
            block: block.title(title),
            headers: &["when", "session", "agent", "command", "files", "size"],
            columns: &[
                Constraint::Length(8),
                Constraint::Fill(2),
                Constraint::Length(11),
                Constraint::Fill(4),
                Constraint::Length(5),
                Constraint::Length(7),
            ],
            len: list.len(),
            selected: self.selected.min(list.len().saturating_sub(1)),
            empty: self.empty,
        }
        // Rows here are not click targets: a click on the screen's own list selects there.
        .render(theme, area, buf, &mut Hits::default(), |i| {
            let s = &list[i];
            let mut command = vec![Span::styled(fit::one_line(&s.command, 300), theme.text)];
            if !s.held_by.is_empty() {
                command.push(Span::styled(
                    format!(" · reached {}", fit::one_line(&s.held_by.join(", "), 200)),
                    theme.warn,
                ));
            }
            vec![
                vec![Span::styled(ago(now, s.created_at_ms), theme.muted)],
                vec![Span::styled(fit::one_line(&s.session, 200), theme.title)],
                vec![Span::styled(fit::one_line(&s.agent, 60), theme.muted)],
                command,
                vec![Span::raw(s.files.to_string())],
                vec![Span::styled(size(s.bytes), theme.muted)],
            ]
        });
    }
}

/// Whether an event is about snapshots of task `key` (taken while it was bound, or restored).
pub fn concerns_task(event: &proto::Event, key: &str) -> bool {
    use relay_core::event::{Payload, payload};
    let task = payload::SnapshotTaken::from_json(&event.kind, &event.data_json)
        .and_then(|p| p.key)
        .or_else(|| payload::SnapshotRestored::from_json(&event.kind, &event.data_json).and_then(|p| p.key));
    task.as_deref() == Some(key)
}
