//! Reports, decisions and the catch-up feed.

use relay_core::board::{FieldValue, parse_report_head};
use relay_core::event::payload;
use serde::Serialize;
use serde_json::Value;

use super::error::{check_len, check_text};
use super::task::parse_changes;
use super::{Board, BoardError, Caller, Outcome, limits};
use crate::store::EventRecord;
use crate::store::board as db;

/// What `report_add` takes. next_step, waiting_on and progress are saved in the same transaction.
#[derive(Clone, Debug, Default)]
pub struct ReportInput {
    pub key: String,
    pub body: String,
    pub next_step: Option<String>,
    pub waiting_on: Option<String>,
    pub progress: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ReportAdded {
    pub id: i64,
    pub key: String,
    pub summary: String,
    pub state: Option<String>,
    pub size: Option<String>,
    /// The task's size was set from the report's first line.
    pub size_set: bool,
}

/// What `decision_add` takes.
#[derive(Clone, Debug, Default)]
pub struct DecisionInput {
    pub project: String,
    /// Scope task when given (it must belong to the project), else project.
    pub task: Option<String>,
    pub text: String,
    pub decided_by: Option<String>,
    /// Where it came from, as display text (a report, a message…).
    pub source: Option<String>,
    /// A structured source: `report`, `event` or `comment` and its id in the project, or `message` and an
    /// external id.
    pub source_kind: Option<String>,
    pub source_ref: Option<String>,
    /// A current decision of the same project that this one replaces.
    pub supersedes: Option<i64>,
    /// The memory ledger's key of the agent session that made it (`ledger::session_key`), when the transport
    /// says which session calls: the graph links the decision to that session and its agent.
    pub ledger_session: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DecisionAdded {
    pub id: i64,
    pub project: String,
    pub key: Option<String>,
    pub scope: &'static str,
}

/// One page of the event log for catching up.
#[derive(Clone, Debug, Serialize)]
pub struct EventPage {
    pub events: Vec<EventRecord>,
    /// Pass this as `after` to continue.
    pub last_event_id: i64,
    /// More events follow this page.
    pub more: bool,
    /// The `after` asked for when it was past the newest event (then `last_event_id` is the newest event).
    pub past_end: Option<i64>,
}

impl Board<'_> {
    pub async fn add_report(
        &self,
        input: ReportInput,
        caller: &Caller,
    ) -> Result<Outcome<ReportAdded>, BoardError> {
        let body = check_text(
            "report",
            "write what was done, first line `state · size · gist`",
            &input.body,
        )?;
        check_len("report", body, limits::REPORT_BODY)?;
        let mut fields: Vec<(String, Value)> = Vec::new();
        for (name, value) in [
            ("next_step", &input.next_step),
            ("waiting_on", &input.waiting_on),
            ("progress", &input.progress),
        ] {
            if let Some(value) = value {
                fields.push((name.to_owned(), Value::String(value.clone())));
            }
        }
        let mut changes = parse_changes(&fields)?;

        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let row = self.task_row(&mut write, &input.key).await?;
        let key = format!("{}-{}", row.project_slug, row.number);
        let project = self.project_row(&mut write, &row.project_slug).await?;
        let rules = self.rules_for(&mut write, &project).await?;
        let (states, sizes) = super::rules::report_vocabulary(&rules);
        let head = parse_report_head(body, &states, &sizes);
        let size_set = head.size.is_some() && row.size.is_none();
        if let (true, Some(size)) = (size_set, head.size) {
            changes.push(("size".to_owned(), FieldValue::Size(size)));
        }
        let session_id = self.actor_session(&mut write, caller).await?;
        let state = head.state_text.clone();
        let size = head.size.map(|s| s.as_str().to_owned());
        let id = db::insert_report(
            &mut write,
            row.id,
            session_id,
            body,
            &head.summary,
            state.as_deref(),
            size.as_deref(),
            &row.stage,
            now,
        )
        .await?;
        let payload = payload::ReportAdded {
            project: row.project_slug.clone(),
            key: key.clone(),
            report: id,
            summary: head.summary.clone(),
            state: state.clone(),
            size: size.clone(),
            actor: caller.label(),
        };
        write.emit(&key, &payload).await?;
        let applied = self
            .apply(&mut write, row, &changes, caller, Some("a new report"))
            .await?;
        write.commit().await?;
        let mut outcome = Outcome::new(ReportAdded {
            id,
            key,
            summary: head.summary,
            state,
            size,
            size_set,
        });
        outcome.warnings = applied.warnings;
        outcome.notes = applied.notes;
        if outcome.value.state.is_none() {
            let names = |items: Vec<&str>| items.join(", ");
            outcome.notes.push(format!(
                "Hint: the first line was not read as `state · size · gist` (states: {}; sizes: {}), so this \
                 report has no state; start the next one with a state.",
                names(states.iter().map(|s| s.as_str()).collect()),
                names(sizes.iter().map(|s| s.as_str()).collect()),
            ));
        }
        Ok(outcome)
    }

    pub async fn add_decision(
        &self,
        input: DecisionInput,
        caller: &Caller,
    ) -> Result<Outcome<DecisionAdded>, BoardError> {
        self.add_decision_about(input, &[], caller).await
    }

    /// [`Board::add_decision`] with the files it is about (the ledger's `ledger_decision_file`, which the memory
    /// graph projects as `(Decision)-[:ABOUT]->(File)`), written in the same transaction.
    pub async fn add_decision_about(
        &self,
        input: DecisionInput,
        files: &[&str],
        caller: &Caller,
    ) -> Result<Outcome<DecisionAdded>, BoardError> {
        let text = check_text(
            "decision",
            "state what was decided, in one or two sentences",
            &input.text,
        )?;
        check_len("decision", text, limits::DECISION_TEXT)?;
        let decided_by = input
            .decided_by
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "-");
        let source = input
            .source
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "-");
        if let Some(source) = source {
            check_len("source", source, limits::DECISION_TEXT)?;
        }
        let structured = structured_source(input.source_kind.as_deref(), input.source_ref.as_deref())?;
        let store = self.handle.store();
        let now = self.handle.now_ms();
        let mut write = store.begin_write().await?;
        let project = self.project_row(&mut write, &input.project).await?;
        let task = match input
            .task
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty() && *t != "-")
        {
            Some(key) => {
                let row = self.task_row(&mut write, key).await?;
                if row.project_id != project.id {
                    return Err(BoardError::Invalid(format!(
                        "task {key} belongs to project {}, not {}; record the decision there. Nothing changed.",
                        row.project_slug, project.slug
                    )));
                }
                Some((row.id, format!("{}-{}", row.project_slug, row.number)))
            }
            None => None,
        };
        if let Some((kind, reference)) = &structured
            && *kind != "message"
            && let Ok(id) = reference.parse::<i64>()
            && !db::source_in_project(&mut write, project.id, &project.slug, kind, id).await?
        {
            return Err(BoardError::Invalid(format!(
                "{kind} #{id} is not in project {}; give a {kind} of this project (its id), or say where the decision \
                 came from in source. Nothing changed.",
                project.slug
            )));
        }
        if let Some(old) = input.supersedes {
            match db::decision_supersede_state(&mut write, old).await? {
                None => {
                    return Err(BoardError::Invalid(format!(
                        "decision #{old} does not exist; supersedes names a current decision of {} (decision_list \
                         lists them). Nothing changed.",
                        project.slug
                    )));
                }
                Some((owner, _)) if owner != project.id => {
                    return Err(BoardError::Invalid(format!(
                        "decision #{old} belongs to another project; a decision can only replace one of its own \
                         project ({}). Nothing changed.",
                        project.slug
                    )));
                }
                Some((_, Some(newer))) => {
                    return Err(BoardError::Invalid(format!(
                        "decision #{old} was already replaced by #{newer}; supersede #{newer} instead. Nothing \
                         changed."
                    )));
                }
                Some((_, None)) => {}
            }
        }
        let session_id = self.actor_session(&mut write, caller).await?;
        let id = db::insert_decision(
            &mut write,
            project.id,
            task.as_ref().map(|t| t.0),
            text,
            decided_by,
            session_id,
            source,
            structured
                .as_ref()
                .map(|(kind, reference)| (*kind, reference.as_str())),
            now,
        )
        .await?;
        if let Some(old) = input.supersedes {
            db::supersede_decision(&mut write, old, id, now).await?;
        }
        if !files.is_empty() {
            crate::store::ledger::record_decision_files(
                &mut write,
                id,
                files,
                input.ledger_session.as_deref(),
            )
            .await?;
        }
        let key = task.map(|t| t.1);
        let subject = key.clone().unwrap_or_else(|| project.slug.clone());
        let excerpt: String = text.chars().take(200).collect();
        let payload = payload::DecisionAdded {
            project: project.slug.clone(),
            key: key.clone(),
            decision: id,
            text: excerpt,
            decided_by: decided_by.map(str::to_owned),
            actor: caller.label(),
            supersedes: input.supersedes,
        };
        write.emit(&subject, &payload).await?;
        write.commit().await?;
        let scope = if key.is_some() { "task" } else { "project" };
        Ok(Outcome::new(DecisionAdded {
            id,
            project: project.slug,
            key,
            scope,
        }))
    }

    /// Events after `after`, oldest first, optionally of one project only.
    pub async fn events_since(
        &self,
        after: i64,
        limit: u32,
        project: Option<&str>,
    ) -> Result<EventPage, BoardError> {
        let store = self.handle.store();
        let limit = limit.clamp(1, limits::EVENTS_PAGE);
        let slug = match project {
            Some(slug) => {
                let mut conn = store.read().await?;
                Some(self.project_row(&mut conn, slug).await?.slug)
            }
            None => None,
        };
        let newest = store.last_event_id();
        if after > newest {
            // Past the log's end (a cursor from another store, or a guess): the newest event is where to go on
            // from; answering with `after` would skip every event up to it.
            return Ok(EventPage {
                events: Vec::new(),
                last_event_id: newest,
                more: false,
                past_end: Some(after),
            });
        }
        let mut events = Vec::new();
        let mut cursor = after.max(0);
        // Filtering by project reads on until the page is full or the log ends.
        loop {
            let page = store.events_after(cursor, limits::EVENTS_PAGE).await?;
            let Some(last) = page.last().map(|e| e.id) else {
                break;
            };
            for event in page {
                if events.len() == limit as usize {
                    break;
                }
                cursor = event.id;
                if slug
                    .as_deref()
                    .is_none_or(|s| event_project(&event).as_deref() == Some(s))
                {
                    events.push(event);
                }
            }
            if events.len() == limit as usize || cursor < last {
                break;
            }
        }
        let more = store.last_event_id() > cursor;
        Ok(EventPage {
            events,
            last_event_id: cursor,
            more,
            past_end: None,
        })
    }
}

/// The project an event belongs to.
fn event_project(event: &EventRecord) -> Option<String> {
    event.project.clone()
}

/// The kinds a decision's structured source can name: ids in the project, or an external message id.
const SOURCE_KINDS: [&str; 4] = ["report", "event", "comment", "message"];

/// A decision's structured source, checked for its shape (existence in the project is checked in the write): a
/// kind of [`SOURCE_KINDS`] and its reference — a positive id (`12`, `#12`) for a report, event or comment, one line
/// of at most 200 characters for a message. Both or neither.
fn structured_source(
    kind: Option<&str>,
    reference: Option<&str>,
) -> Result<Option<(&'static str, String)>, BoardError> {
    fn given(v: Option<&str>) -> Option<&str> {
        v.map(str::trim).filter(|v| !v.is_empty() && *v != "-")
    }
    match (given(kind), given(reference)) {
        (None, None) => Ok(None),
        (Some(_), None) | (None, Some(_)) => Err(BoardError::Invalid(
            "source_kind and source_ref go together: a kind (report, event, comment or message) and its id. \
             Nothing changed."
                .to_owned(),
        )),
        (Some(kind), Some(reference)) => {
            let Some(kind) = SOURCE_KINDS
                .iter()
                .copied()
                .find(|k| k.eq_ignore_ascii_case(kind))
            else {
                return Err(BoardError::Invalid(format!(
                    "source_kind {kind:?} is not one relay knows; use report, event or comment (with its id) or \
                     message (with its external id). Nothing changed."
                )));
            };
            if kind == "message" {
                if reference.chars().count() > 200 || reference.contains(['\n', '\r']) {
                    return Err(BoardError::Invalid(
                        "source_ref of a message is one line of at most 200 characters (its external id). Nothing \
                         changed."
                            .to_owned(),
                    ));
                }
                return Ok(Some((kind, reference.to_owned())));
            }
            match reference.trim_start_matches('#').parse::<i64>() {
                Ok(id) if id > 0 => Ok(Some((kind, id.to_string()))),
                _ => Err(BoardError::Invalid(format!(
                    "source_ref of a {kind} is its id, a positive number (got {reference:?}). Nothing changed."
                ))),
            }
        }
    }
}
