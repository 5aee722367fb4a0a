//! `relay project list|upsert|show`.

use relay_core::proto::{GetProjectBoardRequest, ListProjectsRequest, UpsertProjectRequest};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::{OutputArgs, ProjectUpsertArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn list(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let projects = daemon_client(ctx)
        .await?
        .board
        .list_projects(ListProjectsRequest {})
        .await?
        .into_inner()
        .projects;
    if output.json {
        return print_json(&Value::Array(projects.iter().map(format::to_json).collect()));
    }
    if projects.is_empty() {
        emit("no projects yet; create one with `relay project upsert SLUG --name NAME`")?;
        return Ok(());
    }
    let width = projects
        .iter()
        .map(|p| p.slug.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let stages: Vec<&str> = projects[0].counts.iter().map(|c| c.stage.as_str()).collect();
    let mut header = format!("{:<width$}", "SLUG");
    for stage in &stages {
        header.push_str(&format!("  {:>6}", stage.to_uppercase()));
    }
    header.push_str("  NAME");
    emit(&header)?;
    for project in &projects {
        let mut line = format!("{:<width$}", project.slug);
        for count in &project.counts {
            line.push_str(&format!("  {:>6}", count.tasks));
        }
        line.push_str(&format!("  {}", project.name));
        if !emit(&line)? {
            break;
        }
    }
    Ok(())
}

pub async fn upsert(ctx: &Context, args: ProjectUpsertArgs) -> Result<(), CliError> {
    let request = UpsertProjectRequest {
        slug: args.slug,
        name: args.name,
        repo_path: args.repo.map(absolute_repo).transpose()?,
        description: args.description,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .upsert_project(request)
        .await?
        .into_inner();
    let project = answer
        .project
        .ok_or_else(|| CliError::Failed("relayd answered without the project".to_owned()))?;
    format::print_notes(answer.notes.as_ref());
    if args.output.json {
        let body = json!({ "project": format::to_json(&project) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    let changed = answer.notes.as_ref().is_some_and(|n| n.changed);
    let what = if changed { "saved" } else { "unchanged" };
    emit(&format!("project {} {what}: {}", project.slug, project.name))?;
    Ok(())
}

/// `--repo .` means this folder; the daemon needs an absolute path. `-` (clear) passes through.
fn absolute_repo(repo: String) -> Result<String, CliError> {
    if relay_core::board::clears(&repo) {
        return Ok(repo);
    }
    std::path::absolute(&repo)
        .map(|path| path.display().to_string())
        .map_err(|e| CliError::Usage(format!("--repo {repo:?}: {e}")))
}

pub async fn show(
    ctx: &Context,
    slug: String,
    limit: Option<u32>,
    output: OutputArgs,
) -> Result<(), CliError> {
    if limit == Some(0) {
        return Err(CliError::Usage(
            "--limit 0 would show no task; pass at least 1, or leave it out for every open task".to_owned(),
        ));
    }
    let mut board = daemon_client(ctx)
        .await?
        .board
        .get_project_board(GetProjectBoardRequest { slug })
        .await?
        .into_inner();
    let project = board
        .project
        .as_ref()
        .ok_or_else(|| CliError::Failed("relayd answered without the project".to_owned()))?;
    let project = project.clone();
    // --limit keeps the first N of each stage (the board's order: the most recently changed first).
    let mut more: Vec<(String, i64)> = Vec::new();
    if let Some(limit) = limit {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let mut kept = Vec::new();
        for count in project.counts.iter().filter(|c| c.tasks > 0) {
            let tasks: Vec<_> = board
                .tasks
                .iter()
                .filter(|t| t.stage == count.stage)
                .cloned()
                .collect();
            let shown = tasks.len().min(limit);
            let left = count.tasks - i64::try_from(shown).unwrap_or(i64::MAX);
            if left > 0 {
                more.push((count.stage.clone(), left));
            }
            kept.extend(tasks.into_iter().take(shown));
        }
        board.tasks = kept;
    }
    let list_rest = |stage: &str| format!("relay task list --project {} --stage {stage}", project.slug);
    if output.json {
        let mut value = format::to_json(&board);
        if limit.is_some()
            && let Value::Object(object) = &mut value
        {
            let rest: serde_json::Map<String, Value> = more
                .iter()
                .map(|(stage, n)| {
                    (
                        stage.clone(),
                        json!({ "more": n, "next": list_rest(stage) + " --json" }),
                    )
                })
                .collect();
            object.insert("more".to_owned(), Value::Object(rest));
        }
        return print_json(&value);
    }
    let project = &project;
    let mut text = format!("{} · {}", project.slug, project.name);
    if let Some(repo) = &project.repo_path {
        text.push_str(&format!("  ({repo})"));
    }
    if let Some(description) = &project.description {
        text.push_str(&format!("\n{}", format::first_line(description)));
    }
    text.push_str(&format!("\n{}\n", board.rules_line));
    let counts: Vec<String> = project
        .counts
        .iter()
        .map(|c| format!("{} {}", c.stage, c.tasks))
        .collect();
    text.push_str(&counts.join(" · "));
    text.push('\n');
    let width = format::key_width(&board.tasks);
    for count in project.counts.iter().filter(|c| c.tasks > 0) {
        let tasks: Vec<_> = board.tasks.iter().filter(|t| t.stage == count.stage).collect();
        let shown = i64::try_from(tasks.len()).unwrap_or(i64::MAX);
        match (
            shown < count.tasks,
            board.done.as_ref().filter(|_| count.stage == "done"),
        ) {
            // The board's done column: the tasks closed within the window; the archive is counted.
            (true, Some(done)) => text.push_str(&format!(
                "\n{} ({shown} of {}: closed in the last {} days; all of them: {})\n",
                count.stage,
                count.tasks,
                done.window_days,
                list_rest(&count.stage)
            )),
            (true, None) => text.push_str(&format!(
                "\n{} (the newest {shown} of {})\n",
                count.stage, count.tasks
            )),
            (false, _) => text.push_str(&format!("\n{}\n", count.stage)),
        }
        let cut = limit.is_some() && shown < count.tasks;
        for task in tasks {
            text.push_str(&format!("  {}\n", format::task_line(task, width, false)));
        }
        if let (true, Some((_, left))) = (cut, more.iter().find(|(stage, _)| *stage == count.stage)) {
            text.push_str(&format!("  … {left} more: {}\n", list_rest(&count.stage)));
        }
    }
    if !board.decisions.is_empty() {
        text.push_str("\ndecisions\n");
        for decision in &board.decisions {
            text.push_str(&format!("  {}\n", format::decision_line(decision)));
        }
    }
    text.push_str(&format!("\nas of event #{}", board.last_event_id));
    emit(&text)?;
    Ok(())
}
