//! The MCP resources: the same markdown as the tools that read the same thing.
//!
//! | URI | content |
//! |---|---|
//! | `relay://project/{slug}` | the project snapshot (project_snapshot) |
//! | `relay://project/{slug}/environments` | the project's environments and access map (environments_get) |
//! | `relay://rules`, `relay://rules/{project}` | the effective working rules (rules_get) |
//! | `relay://schema/task` | the editable task fields: name, type, description, how to clear |
//!
//! Every URI is also accepted under the `relaybay://` scheme, the names relaybay clients know.

use relay_core::board::schema_markdown;
use rmcp::ErrorData;
use rmcp::model::{Resource, ResourceContents, ResourceTemplate};

use super::budget::Budget;
use super::tools::snapshot_text;
use crate::board::{Board, BoardError};

/// The scheme of relay's resources.
pub const SCHEME: &str = "relay://";
/// The relaybay scheme, kept as an alias.
pub const ALIAS_SCHEME: &str = "relaybay://";
const MARKDOWN: &str = "text/markdown";

/// The fixed resources plus one snapshot per project.
pub async fn list(board: Board<'_>) -> Result<Vec<Resource>, ErrorData> {
    let mut resources = vec![
        Resource::new(format!("{SCHEME}rules"), "rules")
            .with_description("The global working rules (same as rules_get)")
            .with_mime_type(MARKDOWN),
        Resource::new(format!("{SCHEME}schema/task"), "task fields")
            .with_description("The editable task fields: name, type, description, how to clear")
            .with_mime_type(MARKDOWN),
    ];
    let projects = board.projects().await.map_err(internal)?;
    for project in projects {
        resources.push(
            Resource::new(
                format!("{SCHEME}project/{}", project.slug),
                format!("project {}", project.slug),
            )
            .with_description(format!("Snapshot of {} (same as project_snapshot)", project.name))
            .with_mime_type(MARKDOWN),
        );
    }
    Ok(resources)
}

pub fn templates() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate::new(format!("{SCHEME}project/{{slug}}"), "project snapshot")
            .with_description("A project's snapshot (same as project_snapshot)")
            .with_mime_type(MARKDOWN),
        ResourceTemplate::new(
            format!("{SCHEME}project/{{slug}}/environments"),
            "project environments",
        )
        .with_description("A project's environments and access map (same as environments_get)")
        .with_mime_type(MARKDOWN),
        ResourceTemplate::new(format!("{SCHEME}rules/{{project}}"), "project rules")
            .with_description("A project's effective working rules (same as rules_get)")
            .with_mime_type(MARKDOWN),
    ]
}

/// The markdown behind `uri`.
pub async fn read(board: Board<'_>, budget: Budget, uri: &str) -> Result<ResourceContents, ErrorData> {
    let path = uri
        .strip_prefix(SCHEME)
        .or_else(|| uri.strip_prefix(ALIAS_SCHEME))
        .ok_or_else(|| unknown(uri))?;
    let text = match path.split_once('/') {
        None if path == "rules" => board.rules(None).await.map_err(|e| failed(uri, e))?.to_markdown(),
        Some(("rules", project)) if !project.is_empty() => board
            .rules(Some(project))
            .await
            .map_err(|e| failed(uri, e))?
            .to_markdown(),
        Some(("project", rest)) if rest.ends_with("/environments") => {
            let slug = rest.trim_end_matches("/environments");
            let map = board
                .handle()
                .environments()
                .map(&crate::caller::Caller::mcp_token(), slug)
                .await
                .map_err(|err| match err.is_caller_error() {
                    true => ErrorData::resource_not_found(format!("{uri}: {err}"), None),
                    false => {
                        tracing::error!(error = %err, "store failure while answering an MCP resource request");
                        ErrorData::internal_error("relayd could not read its store; see its log (relay daemon logs)", None)
                    }
                })?;
            super::tools_env::map_text(&map)
        }
        Some(("project", slug)) if !slug.is_empty() => snapshot_text(board, budget, slug, None)
            .await
            .map_err(|e| failed(uri, e))?,
        Some(("schema", "task")) => schema_markdown(),
        _ => return Err(unknown(uri)),
    };
    Ok(ResourceContents::text(text, uri).with_mime_type(MARKDOWN))
}

fn unknown(uri: &str) -> ErrorData {
    ErrorData::resource_not_found(
        format!(
            "no resource {uri:?}; relay serves relay://project/{{slug}}, relay://project/{{slug}}/environments, relay://rules, relay://rules/{{project}} \
             and relay://schema/task (relaybay:// works too)"
        ),
        None,
    )
}

fn failed(uri: &str, err: BoardError) -> ErrorData {
    if err.is_caller_error() {
        ErrorData::resource_not_found(format!("{uri}: {err}"), None)
    } else {
        internal(err)
    }
}

fn internal(err: BoardError) -> ErrorData {
    tracing::error!(error = %err, "store failure while answering an MCP resource request");
    ErrorData::internal_error(
        "relayd could not read its store; see its log (relay daemon logs)",
        None,
    )
}
