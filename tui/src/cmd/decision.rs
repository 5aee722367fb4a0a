//! `relay decision add`.

use relay_core::board::TaskKey;
use relay_core::proto::AddDecisionRequest;
use serde_json::json;

use super::format::{self, emit, print_json};
use crate::cli::DecisionAddArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn add(ctx: &Context, args: DecisionAddArgs) -> Result<(), CliError> {
    let project = match (args.project, &args.task) {
        (Some(project), _) => project,
        // Without --project, the decision belongs to the task's project: the key's prefix.
        (None, Some(key)) => key
            .trim()
            .parse::<TaskKey>()
            .map_err(|e| CliError::Usage(format!("--task: {e}")))?
            .project
            .as_str()
            .to_owned(),
        (None, None) => {
            return Err(CliError::Usage(
                "name the project with --project or the task with --task".to_owned(),
            ));
        }
    };
    let request = AddDecisionRequest {
        project,
        task: args.task,
        text: args.text,
        decided_by: args.decided_by,
        source: args.source,
        actor: format::actor(&args.writer),
        source_kind: args.source_kind,
        source_ref: args.source_ref,
        supersedes: args.supersedes,
    };
    let answer = daemon_client(ctx)
        .await?
        .board
        .add_decision(request)
        .await?
        .into_inner();
    format::print_notes(answer.notes.as_ref());
    if args.output.json {
        let body = json!({ "decision": format::fields(&answer) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    let subject = answer.task_key.as_deref().unwrap_or(&answer.project);
    emit(&format!("decision #{} recorded for {subject}", answer.id))?;
    Ok(())
}
