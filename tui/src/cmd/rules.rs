//! `relay rules show [--project SLUG]`: the working rules in force.

use relay_core::proto::GetRulesRequest;
use serde_json::Value;

use super::format::{emit, print_json};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

/// Prints the rules as agents read them (markdown), or with `--json` as
/// `{"hash", "rules_mode", "rules", "project_override_error"}`.
pub async fn show(ctx: &Context, project: Option<String>, output: OutputArgs) -> Result<(), CliError> {
    let rules = daemon_client(ctx)
        .await?
        .board
        .get_rules(GetRulesRequest { project })
        .await?
        .into_inner();
    if output.json {
        let value: Value = serde_json::from_str(&rules.rules_json)
            .map_err(|e| CliError::Failed(format!("relayd sent rules that are not JSON: {e}")))?;
        return print_json(&value);
    }
    emit(rules.markdown.trim_end())?;
    Ok(())
}
