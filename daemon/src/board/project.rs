//! Projects: list with per-stage counts, upsert, and the snapshot an agent reads first.

use relay_core::board::{ProjectSlug, clears};
use relay_core::event::payload;
use serde::Serialize;

use super::TaskRow;
use super::error::check_len;
use super::{Board, BoardError, Caller, Outcome, limits};
use crate::store::board::{self as db, DecisionRow, ProjectRow};

/// What `project_upsert` takes. `None` keeps a field; `"-"` clears an optional one.
#[derive(Clone, Debug, Default)]
pub struct ProjectInput {
    pub slug: String,
    pub name: Option<String>,
    pub repo_path: Option<String>,
    pub description: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ProjectSummary {
    pub slug: String,
    pub name: String,
    pub repo_path: Option<String>,
    pub description: Option<String>,
    /// Tasks per stage, in stage order: plan, dev, review, test, live, done.
    pub counts: [i64; 6],
    pub updated_at_ms: i64,
}

/// Everything `project_snapshot` shows.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    pub project: ProjectSummary,
    pub rules_line: String,
    pub tasks: Vec<TaskRow>,
    pub decisions: Vec<DecisionRow>,
    pub last_event_id: i64,
    /// The window's done column (the board snapshot, [`Board::snapshot`]); an agent's snapshot leaves it at its
    /// default.
    pub done: DoneColumn,
}

/// What the board's done column holds (relaybay §2 "Done column and archive"): the done tasks closed within
/// `done_window_days` — and, with `require_tracker_log`, every done task without the tracker mark —, the most
/// recently closed first, at most [`DONE_CAP`]; the older ones are archived (left off the board, counted).
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct DoneColumn {
    /// Done tasks that are not archived (the snapshot carries at most [`DONE_CAP`] of them).
    pub recent: i64,
    /// Done tasks that are archived.
    pub archived: i64,
    pub window_days: u32,
    /// The most done tasks the column shows.
    pub cap: u32,
    pub require_tracker_log: bool,
}

/// Done tasks shown in an agent's snapshot; older ones are counted, not listed.
const SNAPSHOT_DONE: usize = 10;

/// The most done tasks the board's done column shows, and the most archived ones one read answers.
pub const DONE_CAP: u32 = 200;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The longest search of the archive, in characters.
const QUERY_MAX: usize = 200;

/// The archived done tasks of a project that match a search ([`Board::archived`]).
#[derive(Clone, Debug, Serialize)]
pub struct Archived {
    /// The most recently closed first, at most [`DONE_CAP`].
    pub tasks: Vec<TaskRow>,
    /// How many archived tasks match.
    pub total: i64,
}

/// What an agent's `project_snapshot` shows ([`Board::agent_snapshot`]): the snapshot with at most a few
/// tasks per stage, the most relevant first, and which of them were chosen for their relevance.
#[derive(Clone, Debug, Serialize)]
pub struct AgentSnapshot {
    /// `tasks` holds the tasks shown, by stage, then most relevant first.
    pub snapshot: Snapshot,
    /// The ids of the tasks shown for their relevance (bound to the caller now or before, waiting on the
    /// owner) rather than for being among the newest.
    pub pinned: Vec<i64>,
    /// The most tasks per open stage it was asked for.
    pub per_stage: usize,
    /// The review checklist, unread owner comments and open rule warnings of the open tasks shown, by task id.
    pub signals: std::collections::HashMap<i64, db::TaskSignals>,
}

impl Board<'_> {
    pub(crate) async fn project_row(
        &self,
        conn: &mut impl crate::store::Db,
        slug: &str,
    ) -> Result<ProjectRow, BoardError> {
        let slug = slug.trim();
        if let Some(row) = db::project_by_slug(&mut *conn, slug).await? {
            return Ok(row);
        }
        let known = db::project_slugs(conn).await?;
        Err(BoardError::UnknownProject {
            slug: slug.to_owned(),
            known: if known.is_empty() {
                "none yet".to_owned()
            } else {
                known.join(", ")
            },
        })
    }

    pub async fn projects(&self) -> Result<Vec<ProjectSummary>, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let rows = db::projects_with_counts(&mut conn).await?;
        Ok(rows.into_iter().map(|r| summary(r.project, r.counts)).collect())
    }

    pub async fn project(&self, slug: &str) -> Result<ProjectSummary, BoardError> {
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = self.project_row(&mut conn, slug).await?;
        let counts = db::projects_with_counts(&mut conn)
            .await?
            .into_iter()
            .find(|p| p.project.id == row.id)
            .map_or([0; 6], |p| p.counts);
        Ok(summary(row, counts))
    }

    /// Creates the project or updates the given fields of an existing one.
    pub async fn upsert_project(
        &self,
        input: ProjectInput,
        caller: &Caller,
    ) -> Result<Outcome<ProjectSummary>, BoardError> {
        let slug: ProjectSlug = input.slug.trim().parse()?;
        let name = optional_text("name", input.name.as_deref(), limits::PROJECT_NAME)?;
        let repo_path = optional_text("repo_path", input.repo_path.as_deref(), limits::REPO_PATH)?;
        let description = optional_text(
            "description",
            input.description.as_deref(),
            limits::PROJECT_DESCRIPTION,
        )?;
        if let Some(Some(path)) = &repo_path
            && !path.starts_with('/')
        {
            return Err(BoardError::Invalid(format!(
                "repo_path {path:?} must be an absolute path (the repository's folder on this machine). Nothing changed."
            )));
        }
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let existing = db::project_by_slug(&mut write, slug.as_str()).await?;
        let created = existing.is_none();
        let mut changed = Vec::new();
        match existing {
            None => {
                let name = match name {
                    Some(Some(name)) => name,
                    Some(None) => {
                        return Err(BoardError::Empty {
                            what: "name",
                            hint: "a project needs a name",
                        });
                    }
                    None => slug.as_str().to_owned(),
                };
                db::insert_project(
                    &mut write,
                    slug.as_str(),
                    &name,
                    repo_path.flatten().as_deref(),
                    description.flatten().as_deref(),
                    now,
                )
                .await?;
                let payload = payload::ProjectCreated {
                    project: slug.as_str().to_owned(),
                    name: name.clone(),
                    actor: caller.label(),
                };
                write.emit(slug.as_str(), &payload).await?;
            }
            Some(row) => {
                let new_name = match name {
                    Some(Some(name)) => name,
                    Some(None) => {
                        return Err(BoardError::Empty {
                            what: "name",
                            hint: "a project's name cannot be cleared",
                        });
                    }
                    None => row.name.clone(),
                };
                let new_repo = repo_path.unwrap_or_else(|| row.repo_path.clone());
                let new_description = description.unwrap_or_else(|| row.description.clone());
                if new_name != row.name {
                    changed.push("name");
                }
                if new_repo != row.repo_path {
                    changed.push("repo_path");
                }
                if new_description != row.description {
                    changed.push("description");
                }
                if !changed.is_empty() {
                    db::update_project(
                        &mut write,
                        row.id,
                        &new_name,
                        new_repo.as_deref(),
                        new_description.as_deref(),
                        now,
                    )
                    .await?;
                    let payload = payload::ProjectUpdated {
                        project: slug.as_str().to_owned(),
                        changed: changed.iter().map(|f| (*f).to_owned()).collect(),
                        actor: caller.label(),
                    };
                    write.emit(slug.as_str(), &payload).await?;
                }
            }
        }
        write.commit().await?;
        let mut outcome = Outcome::new(self.project(slug.as_str()).await?);
        outcome.changed = created || !changed.is_empty();
        Ok(outcome)
    }

    /// The project as the window's board reads it: rules line, every open task, the done column (the tasks not
    /// archived, at most [`DONE_CAP`], the most recently closed first), the counts per stage of every task,
    /// current decisions.
    pub async fn snapshot(&self, slug: &str) -> Result<Snapshot, BoardError> {
        let config = self.handle.config();
        let store = self.handle.store();
        let last_event_id = store.last_event_id();
        let mut conn = store.read().await?;
        let row = self.project_row(&mut conn, slug).await?;
        let rules = self.rules_for(&mut conn, &row).await?;
        let counts = db::stage_counts(&mut conn, row.id).await?;
        let board = db::board_tasks(
            &mut conn,
            row.id,
            self.archived_before_ms(),
            config.require_tracker_log,
            i64::from(DONE_CAP),
        )
        .await?;
        let decisions = db::current_decisions(&mut conn, row.id, 20).await?;
        let rules_line = format!("{} (read relay://rules/{})", rules.summary_line(), row.slug);
        let project = summary(row, counts);
        Ok(Snapshot {
            project,
            rules_line,
            tasks: board.tasks,
            decisions,
            last_event_id,
            done: DoneColumn {
                recent: board.done_recent,
                archived: board.done_archived,
                window_days: config.done_window_days,
                cap: DONE_CAP,
                require_tracker_log: config.require_tracker_log,
            },
        })
    }

    /// Done tasks closed before this time are archived (`done_window_days` before now).
    pub(crate) fn archived_before_ms(&self) -> i64 {
        self.handle.now_ms() - i64::from(self.handle.config().done_window_days) * DAY_MS
    }

    /// The archived done tasks of `slug` whose key or title contain `query` (ASCII letters without case; empty:
    /// every one), the most recently closed first, at most [`DONE_CAP`], with how many match.
    pub async fn archived(&self, slug: &str, query: &str) -> Result<Archived, BoardError> {
        let query = query.trim();
        check_len("query", query, QUERY_MAX)?;
        let store = self.handle.store();
        let mut conn = store.read().await?;
        let row = self.project_row(&mut conn, slug).await?;
        let rows = db::archived_tasks(
            &mut conn,
            row.id,
            self.archived_before_ms(),
            self.handle.config().require_tracker_log,
            query,
            i64::from(DONE_CAP),
        )
        .await?;
        Ok(Archived {
            tasks: rows.tasks,
            total: rows.total,
        })
    }
}

impl Board<'_> {
    /// The snapshot an agent reads first, bounded at any project size: the counts per stage, then per stage at
    /// most `per_stage` tasks (the done stage its newest [`SNAPSHOT_DONE`]) — the ones bound to `session` (now,
    /// then before), the ones waiting on the owner, then the newest tasks —, the current decisions.
    pub async fn agent_snapshot(
        &self,
        slug: &str,
        session: Option<&str>,
        per_stage: usize,
    ) -> Result<AgentSnapshot, BoardError> {
        let store = self.handle.store();
        let last_event_id = store.last_event_id();
        let mut conn = store.read().await?;
        let row = self.project_row(&mut conn, slug).await?;
        let rules = self.rules_for(&mut conn, &row).await?;
        let session_id = match session.map(str::trim).filter(|s| !s.is_empty() && !clears(s)) {
            Some(name) => db::session_by_name(&mut conn, name).await?.map(|s| s.id),
            None => None,
        };
        let counts = db::stage_counts(&mut conn, row.id).await?;
        let cap = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let rows = db::snapshot_tasks(
            &mut conn,
            row.id,
            session_id,
            &self.handle.config().owner_names,
            cap(per_stage),
            cap(SNAPSHOT_DONE),
        )
        .await?;
        let pinned = rows.iter().filter(|r| r.pinned).map(|r| r.task.id).collect();
        let tasks: Vec<TaskRow> = rows.into_iter().map(|r| r.task).collect();
        let open: Vec<i64> = tasks.iter().filter(|t| t.stage != "done").map(|t| t.id).collect();
        let signals = db::task_signals(&mut conn, &open).await?;
        let decisions = db::current_decisions(&mut conn, row.id, 20).await?;
        let rules_line = format!("{} (read relay://rules/{})", rules.summary_line(), row.slug);
        Ok(AgentSnapshot {
            snapshot: Snapshot {
                project: summary(row, counts),
                rules_line,
                tasks,
                decisions,
                last_event_id,
                done: DoneColumn::default(),
            },
            pinned,
            per_stage,
            signals,
        })
    }
}

fn summary(row: ProjectRow, counts: [i64; 6]) -> ProjectSummary {
    ProjectSummary {
        slug: row.slug,
        name: row.name,
        repo_path: row.repo_path,
        description: row.description,
        counts,
        updated_at_ms: row.updated_at_ms,
    }
}

/// `None`: not given (keep). `Some(None)`: clear. `Some(Some(text))`: set (trimmed, length-checked).
pub(crate) fn optional_text(
    what: &'static str,
    value: Option<&str>,
    max: usize,
) -> Result<Option<Option<String>>, BoardError> {
    match value {
        None => Ok(None),
        Some(text) if clears(text) => Ok(Some(None)),
        Some(text) => {
            let text = text.trim();
            check_len(what, text, max)?;
            Ok(Some(Some(text.to_owned())))
        }
    }
}

#[cfg(test)]
#[path = "project_tests.rs"]
mod tests;
