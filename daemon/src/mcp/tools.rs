//! The MCP tools. Each one adapts: it turns its parameters into one board call and the answer into short
//! markdown ([`crate::board::render`]). Rules, validation and messages live in the board.
//!
//! Read tools are annotated read-only; write tools are additive (not destructive) except plan_set and review_steps_set,
//! which replace a whole list; none reaches outside relay.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::tool;
use rmcp::tool_router;
use serde_json::{Map, Value};

use super::budget::Budget;
use super::error::{Access, failed};
use super::params::{
    DecisionAdd, EventsSince, ProjectUpsert, ReportAdd, RulesGet, SnapshotParams, TaskBind, TaskCreate,
    TaskGet, TaskListParams, TaskPatch, TaskSetStage, TaskUnbind, TaskUpdate, caller, task_create_schema,
    task_update_schema,
};
use super::server::RelayMcp;
use crate::board::{
    Board, BoardError, DecisionInput, NewTask, Outcome, ProjectInput, ReportInput, TASK_PAGE_DEFAULT,
    TaskChange, TaskFilter, TaskRow, render,
};

/// Events events_since returns when no limit is given.
const DEFAULT_EVENT_LIMIT: u32 = 100;
/// The most tasks per open stage a snapshot shows; fewer when the answer budget needs it.
pub(super) const SNAPSHOT_STAGE_TASKS: usize = 20;

#[tool_router(vis = "pub(super)")]
impl RelayMcp {
    /// Lists the projects with their number of tasks per stage.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn project_list(&self) -> CallToolResult {
        match self.board().projects().await {
            Ok(projects) => ok(render::project_list(&projects)),
            Err(err) => failed(err, Access::Read),
        }
    }

    /// Creates a project or changes its name, repository path or description.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn project_upsert(&self, Parameters(p): Parameters<ProjectUpsert>) -> CallToolResult {
        let input = ProjectInput {
            slug: p.slug,
            name: p.name,
            repo_path: p.repo_path,
            description: p.description,
        };
        let caller = p.writer.caller();
        match self.board().upsert_project(input, &caller).await {
            Ok(outcome) => {
                let verb = if outcome.changed {
                    "Saved project"
                } else {
                    "No change to project"
                };
                written(
                    format!("{verb} {}", render::project_line(&outcome.value)),
                    &outcome,
                )
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Read this first: the rules line, the project, its tasks by stage (yours first), current decisions and the last event id.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn project_snapshot(&self, Parameters(p): Parameters<SnapshotParams>) -> CallToolResult {
        match snapshot_text(self.board(), self.budget(), &p.project, p.session.as_deref()).await {
            Ok(text) => ok(text),
            Err(err) => failed(err, Access::Read),
        }
    }

    /// Lists tasks, filtered by project, stage or bound session, a page at a time.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn task_list(&self, Parameters(p): Parameters<TaskListParams>) -> CallToolResult {
        let filter = TaskFilter {
            project: p.project,
            stage: p.stage,
            session: p.session,
            limit: None,
        };
        let after = p.after.as_deref().map(str::trim).filter(|a| !a.is_empty());
        let page = match self
            .board()
            .task_page(&filter, after, p.limit.unwrap_or(TASK_PAGE_DEFAULT))
            .await
        {
            Ok(page) => page,
            Err(err) => return failed(err, Access::Read),
        };
        if page.tasks.is_empty() {
            return ok(match after {
                Some(after) if page.total > 0 => {
                    format!("No tasks after {after} ({} match in all).", page.total)
                }
                _ => "No tasks match.".to_owned(),
            });
        }
        let items = render::task_lines(&page.tasks);
        let remaining =
            |shown: usize| page.remaining + i64::try_from(page.tasks.len() - shown).unwrap_or(i64::MAX);
        let next = |shown: usize| {
            let last = shown.checked_sub(1).and_then(|i| page.tasks.get(i))?;
            Some(call(
                "task_list",
                &[
                    ("project", filter.project.as_deref().map(Arg::Text)),
                    ("stage", filter.stage.as_deref().map(Arg::Text)),
                    ("session", filter.session.as_deref().map(Arg::Text)),
                    ("limit", p.limit.map(|l| Arg::Number(i64::from(l)))),
                    ("after", Some(Arg::Text(&last.key()))),
                ],
            ))
        };
        let (text, _) = self.budget().page(
            &items,
            |shown| render::task_list_head(&page, shown, after),
            |shown| render::task_list_tail(remaining(shown), next(shown)),
        );
        ok(text.trim_end().to_owned())
    }

    /// One task: fields, version, the newest reports, decisions, sessions, comment count and the editable fields.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn task_get(&self, Parameters(p): Parameters<TaskGet>) -> CallToolResult {
        match self.board().task_reports_before(&p.task, p.reports_before).await {
            Ok(detail) => ok(render::task_detail(&detail)),
            Err(err) => failed(err, Access::Read),
        }
    }

    /// Creates a task in a project (stage plan unless given) and binds your session to it.
    #[tool(input_schema = task_create_schema(), annotations(destructive_hint = false, open_world_hint = false))]
    async fn task_create(&self, Parameters(p): Parameters<TaskCreate>) -> CallToolResult {
        let caller = p.writer.caller();
        let new = NewTask {
            project: p.project,
            title: p.title,
            fields: pairs(p.fields),
            session: caller.session.clone(),
        };
        match self.board().create_task(new, &caller).await {
            Ok(outcome) => written(
                format!("Created {}", render::task_summary(&outcome.value, true)),
                &outcome,
            ),
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Changes the task fields you pass as named parameters; for a stage move prefer task_set_stage.
    #[tool(input_schema = task_update_schema(), annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn task_update(&self, Parameters(p): Parameters<TaskUpdate>) -> CallToolResult {
        let caller = p.writer.caller();
        let change = TaskChange {
            fields: pairs(p.fields),
            expected_version: p.expected_version,
        };
        self.change(&p.task, change, &caller).await
    }

    /// Changes any editable task fields given as one object; reaches fields your cached schema lacks.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn task_patch(&self, Parameters(p): Parameters<TaskPatch>) -> CallToolResult {
        let caller = p.writer.caller();
        let change = TaskChange {
            fields: pairs(p.fields),
            expected_version: p.expected_version,
        };
        self.change(&p.task, change, &caller).await
    }

    /// Moves a task to a stage and records next_step, waiting_on and stage_note in the same write.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn task_set_stage(&self, Parameters(p): Parameters<TaskSetStage>) -> CallToolResult {
        let caller = p.writer.caller();
        let mut fields = vec![("stage".to_owned(), Value::String(p.stage))];
        for (name, value) in [
            ("stage_note", p.stage_note),
            ("next_step", p.next_step),
            ("waiting_on", p.waiting_on),
        ] {
            if let Some(value) = value {
                fields.push((name.to_owned(), Value::String(value)));
            }
        }
        let change = TaskChange {
            fields,
            expected_version: p.expected_version,
        };
        self.change(&p.task, change, &caller).await
    }

    /// Binds a session to a task (a task has at most one); the previous binding stays in its history.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn task_bind_session(&self, Parameters(p): Parameters<TaskBind>) -> CallToolResult {
        let caller = caller(Some(&p.session), p.session_title.as_deref());
        match self
            .board()
            .bind_session(&p.task, &p.session, p.replace.unwrap_or(false), &caller)
            .await
        {
            Ok(outcome) => {
                // The board's notes explain an alias or a bind that changed nothing; a bind gets its own line
                // (a rebind's note then says where the owner's comments go).
                let binding = &outcome.value;
                let alias = binding.previous.is_none() && !outcome.notes.is_empty();
                let text = match (&binding.session, &binding.previous) {
                    _ if alias || !outcome.changed => String::new(),
                    (Some(now), Some(before)) => format!("Bound {} to {now} (was {before}).", binding.key),
                    (Some(now), None) => format!("Bound {} to {now}.", binding.key),
                    (None, _) => String::new(),
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Unbinds a task's session; the binding stays in the task's history.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn task_unbind_session(&self, Parameters(p): Parameters<TaskUnbind>) -> CallToolResult {
        let caller = p.writer.caller();
        match self
            .board()
            .unbind_session(&p.task, p.replace.unwrap_or(false), &caller)
            .await
        {
            Ok(outcome) => {
                let binding = &outcome.value;
                let text = match (&binding.previous, outcome.changed) {
                    (Some(before), true) => format!("Unbound {before} from {}.", binding.key),
                    (None, true) => format!("Unbound {}.", binding.key),
                    (_, false) => String::new(),
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Adds a report to a task (at the end of every stage) and saves next_step, waiting_on and progress with it.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn report_add(&self, Parameters(p): Parameters<ReportAdd>) -> CallToolResult {
        let caller = p.writer.caller();
        let saved: Vec<&str> = [
            ("next_step", &p.next_step),
            ("waiting_on", &p.waiting_on),
            ("progress", &p.progress),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.as_ref().map(|_| name))
        .collect();
        let input = ReportInput {
            key: p.task,
            body: p.body,
            next_step: p.next_step,
            waiting_on: p.waiting_on,
            progress: p.progress,
        };
        match self.board().add_report(input, &caller).await {
            Ok(outcome) => {
                let report = &outcome.value;
                let badges: Vec<&str> = [report.state.as_deref(), report.size.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                let mut text = format!(
                    "Added report #{} to {}: {}",
                    report.id, report.key, report.summary
                );
                if !badges.is_empty() {
                    text.push_str(&format!(" [{}]", badges.join(" · ")));
                }
                if let (true, Some(size)) = (report.size_set, &report.size) {
                    text.push_str(&format!(
                        "\nThe task's size is now {size} (from the report's first line)."
                    ));
                }
                if !saved.is_empty() {
                    text.push_str(&format!("\nSaved with it: {}.", saved.join(", ")));
                }
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Records a decision for a project or one of its tasks; project_snapshot and task_get show it.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn decision_add(&self, Parameters(p): Parameters<DecisionAdd>) -> CallToolResult {
        let caller = p.writer.caller();
        let input = DecisionInput {
            project: p.project,
            task: p.task,
            text: p.text,
            decided_by: p.decided_by,
            source: p.source,
            source_kind: p.source_kind,
            source_ref: p.source_ref,
            supersedes: p.supersedes,
            ledger_session: None,
        };
        let replaced = input.supersedes;
        match self.board().add_decision(input, &caller).await {
            Ok(outcome) => {
                let decision = &outcome.value;
                let on = decision.key.as_deref().unwrap_or(&decision.project);
                let replaced = replaced
                    .map(|old| format!(" It replaces decision #{old}, which stays in history."))
                    .unwrap_or_default();
                written(
                    format!(
                        "Recorded decision #{} for {on} ({} scope).{replaced}",
                        decision.id, decision.scope
                    ),
                    &outcome,
                )
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// What happened since an event id, oldest first: stage moves, reports, field changes, bindings, decisions.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn events_since(&self, Parameters(p): Parameters<EventsSince>) -> CallToolResult {
        let limit = p.limit.unwrap_or(DEFAULT_EVENT_LIMIT);
        match self
            .board()
            .events_since(p.after.unwrap_or(0), limit, p.project.as_deref())
            .await
        {
            Ok(page) => {
                let items = render::event_lines(&page);
                let (text, _) = self.budget().page(
                    &items,
                    |_| String::new(),
                    |shown| {
                        let last = shown.checked_sub(1).and_then(|i| page.events.get(i));
                        render::events_tail(&page, shown, last.map(|e| e.id), p.project.as_deref())
                    },
                );
                ok(text)
            }
            Err(err) => failed(err, Access::Read),
        }
    }

    /// The working rules in force: report format, what each stage move needs, guidance.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn rules_get(&self, Parameters(p): Parameters<RulesGet>) -> CallToolResult {
        match self.board().rules(p.project.as_deref()).await {
            Ok(rules) => ok(rules.to_markdown()),
            Err(err) => failed(err, Access::Read),
        }
    }
}

impl RelayMcp {
    /// task_update, task_patch and task_set_stage: one board write, one answer.
    async fn change(&self, key: &str, change: TaskChange, caller: &crate::caller::Caller) -> CallToolResult {
        match self.board().update_task(key, change, caller).await {
            Ok(outcome) => {
                let task: &TaskRow = &outcome.value;
                let verb = if outcome.changed { "Updated" } else { "No change:" };
                written(format!("{verb} {}", render::task_summary(task, true)), &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }
}

/// project_snapshot's text within `budget`: the board's choice of tasks, fewer per stage until it fits.
pub(super) async fn snapshot_text(
    board: Board<'_>,
    budget: Budget,
    slug: &str,
    session: Option<&str>,
) -> Result<String, BoardError> {
    let agent = board.agent_snapshot(slug, session, SNAPSHOT_STAGE_TASKS).await?;
    // One line per environment after the description (relaybay §7): `- live — live · agents: read (default) · …`.
    let environments = match board
        .handle()
        .environments()
        .map(&crate::caller::Caller::mcp_token(), slug)
        .await
    {
        Ok(map) => map
            .environments
            .iter()
            .map(super::tools_env::environment_line)
            .collect::<Vec<_>>(),
        Err(err) => {
            tracing::warn!(project = slug, error = %err, "the snapshot's environment lines could not be read");
            Vec::new()
        }
    };
    let mut cap = SNAPSHOT_STAGE_TASKS;
    loop {
        let mut text = render::snapshot(&agent, cap);
        if !environments.is_empty()
            && let Some(at) = text.find("\nTasks: ")
        {
            text.insert_str(at, &format!("\nEnvironments:\n{}\n", environments.join("\n")));
        }
        if budget.fits(&text) || cap == 0 {
            return Ok(text);
        }
        cap = cap * 2 / 3;
    }
}

/// An argument of a suggested call.
pub(super) enum Arg<'a> {
    Text(&'a str),
    Number(i64),
    Bool(bool),
}

/// A call an answer suggests, with the arguments that are set: `task_list(project="acme", after="acme-9")`.
pub(super) fn call(tool: &str, args: &[(&str, Option<Arg<'_>>)]) -> String {
    let args: Vec<String> = args
        .iter()
        .filter_map(|(name, value)| {
            let value = match value.as_ref()? {
                Arg::Text(text) => Value::String((*text).to_owned()).to_string(),
                Arg::Number(n) => n.to_string(),
                Arg::Bool(b) => b.to_string(),
            };
            Some(format!("{name}={value}"))
        })
        .collect();
    format!("{tool}({})", args.join(", "))
}

/// A JSON object's entries as the board's `(name, value)` list.
fn pairs(fields: Map<String, Value>) -> Vec<(String, Value)> {
    fields.into_iter().collect()
}

pub(super) fn ok(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A write's answer: its line, then each rule warning and each note on its own line.
pub(super) fn written<T>(text: String, outcome: &Outcome<T>) -> CallToolResult {
    let lines: Vec<&str> = std::iter::once(text.as_str())
        .filter(|t| !t.is_empty())
        .chain(outcome.warnings.iter().map(String::as_str))
        .chain(outcome.notes.iter().map(String::as_str))
        .collect();
    ok(lines.join("\n"))
}
