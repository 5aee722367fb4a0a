//! `relay task list|show|create|update|stage|bind|unbind|report`.

use std::io::Read;

use relay_core::proto::{
    self, AddReportRequest, BindTaskSessionRequest, CreateTaskRequest, FieldChange, GetTaskRequest,
    ListTasksRequest, SetTaskStageRequest, UnbindTaskSessionRequest, UpdateTaskRequest,
};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::{
    OutputArgs, TaskCreateArgs, TaskListArgs, TaskReportArgs, TaskStageArgs, TaskUpdateArgs, WriterArgs,
};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn list(ctx: &Context, args: TaskListArgs) -> Result<(), CliError> {
    let json = args.output.json;
    let request = ListTasksRequest {
        project: args.project.clone(),
        stage: args.stage.clone(),
        session: args.session.clone(),
        limit: args.limit,
        // --json pages as MCP's task_list does; the terminal prints every match unless --limit says otherwise.
        paged: json || args.after.is_some(),
        after: args.after.clone(),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .list_tasks(request)
        .await?
        .into_inner();
    let tasks = &answer.tasks;
    if json {
        let next = answer.next_after.as_ref().map(|after| next_page(&args, after));
        return print_json(&json!({
            "tasks": tasks.iter().map(format::to_json).collect::<Vec<_>>(),
            "total": answer.total,
            "shown": tasks.len(),
            "remaining": answer.remaining,
            "next_after": answer.next_after,
            "next": next,
        }));
    }
    if tasks.is_empty() {
        emit("no tasks")?;
        return Ok(());
    }
    let width = format::key_width(tasks);
    for task in tasks {
        if !emit(&format::task_line(task, width, true))? {
            break;
        }
    }
    if let Some(after) = &answer.next_after {
        emit(&format!("{} more: {}", answer.remaining, next_page(&args, after)))?;
    }
    Ok(())
}

/// `value` as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(value: &str) -> String {
    if !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.:/@".contains(c))
    {
        value.to_owned()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

/// The command that prints the page after `after`, with the same filters.
fn next_page(args: &TaskListArgs, after: &str) -> String {
    let mut command = vec!["relay task list".to_owned()];
    for (flag, value) in [
        ("--project", &args.project),
        ("--stage", &args.stage),
        ("--session", &args.session),
    ] {
        if let Some(value) = value {
            command.push(format!("{flag} {}", shell_word(value)));
        }
    }
    if let Some(limit) = args.limit {
        command.push(format!("--limit {limit}"));
    }
    command.push(format!("--after {after}"));
    if args.output.json {
        command.push("--json".to_owned());
    }
    command.join(" ")
}

pub async fn show(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let detail = daemon_client(ctx)
        .await?
        .board
        .get_task(GetTaskRequest { key })
        .await?
        .into_inner();
    let task = detail.task.as_ref().ok_or_else(missing_task)?;
    if output.json {
        // Everything but the plan summary, which `relay plan show` prints.
        let mut value = format::to_json(&detail);
        if let Value::Object(object) = &mut value {
            object.remove("plan_summary");
        }
        return print_json(&value);
    }
    emit(&detail_text(task, &detail))?;
    Ok(())
}

/// `task show`'s text: the fields that are set, then the long texts, reports, decisions and history.
fn detail_text(task: &proto::Task, detail: &proto::TaskDetail) -> String {
    let mut text = format!("{} · {}\n", task.key, task.title);
    let mut row = |name: &str, value: String| text.push_str(&format!("  {name:<12} {value}\n"));
    row(
        "stage",
        format!("{} (since {})", task.stage, format::utc(task.stage_changed_at_ms)),
    );
    let optional = [
        ("note", &task.stage_note),
        ("waiting on", &task.waiting_on),
        ("branch", &task.branch),
        ("doc", &task.doc_path),
        ("size", &task.size),
        ("session", &task.session),
    ];
    for (name, value) in optional {
        if let Some(value) = value {
            row(name, value.clone());
        }
    }
    if let Some(next) = &task.next_step {
        let stale = if task.next_step_stale { " (stale)" } else { "" };
        row("next step", format!("{next}{stale}"));
    }
    if let Some(priority) = task.priority {
        row("priority", priority.to_string());
    }
    if let Some(tracker) = &task.tracker_ref {
        let mut value = tracker.clone();
        for extra in [&task.tracker_name, &task.tracker_url].into_iter().flatten() {
            value.push_str(&format!(" · {extra}"));
        }
        value.push_str(if task.tracker_logged {
            " (logged)"
        } else {
            " (not logged)"
        });
        row("tracker", value);
    }
    for field in relay_core::board::other_fields() {
        match relay_core::proto_json::task_field_text(task, field.name).flatten() {
            Some(value) if value != "false" || field.kind != relay_core::board::FieldKind::Bool => {
                row(field.name, value);
            }
            _ => {}
        }
    }
    if let Some(plan) = &detail.plan_summary {
        row("plan", plan.clone());
    }
    row("version", task.version.to_string());
    row("created", format::utc(task.created_at_ms));
    row("updated", format::utc(task.updated_at_ms));
    if let Some(closed) = task.closed_at_ms {
        row("closed", format::utc(closed));
    }
    for (title, body) in [("description", &task.description), ("progress", &task.progress)] {
        if let Some(body) = body {
            text.push_str(&format!("\n{title}\n{}\n", indent(body)));
        }
    }
    if !detail.reports.is_empty() {
        text.push_str("\nreports (newest first)\n");
        for report in &detail.reports {
            let by = report
                .session
                .as_deref()
                .map(|s| format!(" by {s}"))
                .unwrap_or_default();
            text.push_str(&format!(
                "  #{} {} [{}]{by}: {}\n",
                report.id,
                format::utc(report.created_at_ms),
                report.stage,
                report.summary
            ));
        }
    }
    if !detail.decisions.is_empty() {
        text.push_str("\ndecisions\n");
        for decision in &detail.decisions {
            text.push_str(&format!("  {}\n", format::decision_line(decision)));
        }
    }
    if !detail.bindings.is_empty() {
        text.push_str("\nsessions (newest first)\n");
        for binding in &detail.bindings {
            let until = binding
                .unbound_at_ms
                .map_or_else(|| "now".to_owned(), format::utc);
            text.push_str(&format!(
                "  {} ({}) {} – {until}\n",
                binding.session,
                binding.session_kind,
                format::utc(binding.bound_at_ms)
            ));
        }
    }
    if !detail.tracker_history.is_empty() {
        text.push_str("\ntracker history\n");
        for entry in &detail.tracker_history {
            let logged = entry
                .logged_at_ms
                .map(|at| format!(" logged {}", format::utc(at)))
                .unwrap_or_default();
            text.push_str(&format!("  {}{logged}\n", entry.tracker_ref));
        }
    }
    text.trim_end().to_owned()
}

fn indent(body: &str) -> String {
    body.trim_end()
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

pub async fn create(ctx: &Context, args: TaskCreateArgs) -> Result<(), CliError> {
    let request = CreateTaskRequest {
        project: args.project,
        title: args.title,
        fields: field_changes(args.fields)?,
        bind_session: args.bind,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .create_task(request)
        .await?
        .into_inner();
    print_task_write(answer, args.output, |task| {
        format!("created {}: {} ({})", task.key, task.title, task.stage)
    })
}

pub async fn update(ctx: &Context, args: TaskUpdateArgs) -> Result<(), CliError> {
    let request = UpdateTaskRequest {
        key: args.key,
        fields: field_changes(args.fields)?,
        expected_version: args.expected_version,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .update_task(request)
        .await?
        .into_inner();
    let changed = answer.notes.as_ref().is_some_and(|n| n.changed);
    print_task_write(answer, args.output, |task| match changed {
        true => format!("updated {} (version {})", task.key, task.version),
        false => format!("{} unchanged (version {})", task.key, task.version),
    })
}

pub async fn stage(ctx: &Context, args: TaskStageArgs) -> Result<(), CliError> {
    let request = SetTaskStageRequest {
        key: args.key,
        stage: args.stage,
        stage_note: args.note,
        next_step: args.next_step,
        waiting_on: args.waiting_on,
        expected_version: args.expected_version,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .set_task_stage(request)
        .await?
        .into_inner();
    print_task_write(answer, args.output, |task| {
        format!("{} is in {} (version {})", task.key, task.stage, task.version)
    })
}

pub async fn bind(
    ctx: &Context,
    key: String,
    session: String,
    writer: WriterArgs,
    output: OutputArgs,
) -> Result<(), CliError> {
    let request = BindTaskSessionRequest {
        key,
        session,
        actor: format::actor(&writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .bind_task_session(request)
        .await?
        .into_inner();
    print_binding(answer, output)
}

pub async fn unbind(
    ctx: &Context,
    key: String,
    writer: WriterArgs,
    output: OutputArgs,
) -> Result<(), CliError> {
    let request = UnbindTaskSessionRequest {
        key,
        actor: format::actor(&writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .unbind_task_session(request)
        .await?
        .into_inner();
    print_binding(answer, output)
}

pub async fn report(ctx: &Context, args: TaskReportArgs) -> Result<(), CliError> {
    let body = match args.body.as_str() {
        "-" => {
            let mut body = String::new();
            std::io::stdin()
                .read_to_string(&mut body)
                .map_err(|e| CliError::Failed(format!("cannot read the report from stdin: {e}")))?;
            body
        }
        _ => args.body,
    };
    let request = AddReportRequest {
        key: args.key,
        body,
        next_step: args.next_step,
        waiting_on: args.waiting_on,
        progress: args.progress,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .add_report(request)
        .await?
        .into_inner();
    format::print_notes(answer.notes.as_ref());
    if args.output.json {
        let body = json!({ "report": format::fields(&answer) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    let mut line = format!(
        "report #{} added to {}: {}",
        answer.id, answer.key, answer.summary
    );
    if let (true, Some(size)) = (answer.size_set, &answer.size) {
        line.push_str(&format!(" (size set to {size})"));
    }
    emit(&line)?;
    Ok(())
}

/// `--set NAME=VALUE` pairs as the daemon takes them: every value a JSON string (the board reads numbers and
/// booleans from strings, and `-` clears).
fn field_changes(fields: Vec<(String, String)>) -> Result<Vec<FieldChange>, CliError> {
    fields
        .into_iter()
        .map(|(name, value)| {
            let value_json = serde_json::to_string(&Value::String(value)).map_err(CliError::failed)?;
            Ok(FieldChange { name, value_json })
        })
        .collect()
}

fn print_task_write(
    answer: proto::TaskWrite,
    output: OutputArgs,
    line: impl FnOnce(&proto::Task) -> String,
) -> Result<(), CliError> {
    let task = answer.task.as_ref().ok_or_else(missing_task)?;
    format::print_notes(answer.notes.as_ref());
    if output.json {
        let body = json!({ "task": format::to_json(task) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    emit(&line(task))?;
    Ok(())
}

fn print_binding(answer: proto::TaskBinding, output: OutputArgs) -> Result<(), CliError> {
    format::print_notes(answer.notes.as_ref());
    if output.json {
        return print_json(&format::with_notes(
            format::fields(&answer),
            answer.notes.as_ref(),
        ));
    }
    let changed = answer.notes.as_ref().is_some_and(|n| n.changed);
    let line = match (&answer.session, &answer.previous) {
        // Nothing changed: the note on stderr says why.
        _ if !changed => return Ok(()),
        (Some(session), Some(previous)) => format!("{} bound to {session} (was {previous})", answer.key),
        (Some(session), None) => format!("{} bound to {session}", answer.key),
        (None, Some(previous)) => format!("{} unbound from {previous}", answer.key),
        (None, None) => format!("{} has no session", answer.key),
    };
    emit(&line)?;
    Ok(())
}

fn missing_task() -> CliError {
    CliError::Failed("relayd answered without the task".to_owned())
}
