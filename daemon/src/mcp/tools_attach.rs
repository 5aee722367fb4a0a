//! The screenshot tools: attach_file and attachment_caption. Each adapts one board call; the checks (allowed
//! folders, symlinks and `..` resolved first, regular files only, PNG/JPEG/WebP/GIF by magic bytes, size limits,
//! dedupe per task) are the board's. Removing a screenshot is the owner's (`relay attachment rm`), not a tool.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_router};
use serde::Deserialize;

use super::error::{Access, bad_arguments, failed};
use super::params::Writer;
use super::server::RelayMcp;
use super::tools::written;
use crate::board::{AttachInput, AttachSource, AttachmentView};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AttachFile {
    /// The task key, e.g. `acme-shop-12`.
    pub task: String,
    /// Absolute path of the image, in the project's repository, the temp folder or attachment_roots. Give path
    /// or content_base64.
    pub path: Option<String>,
    /// The image's bytes, base64-encoded, instead of path.
    pub content_base64: Option<String>,
    /// Review step number (review_get lists them); omit for the whole task.
    pub step: Option<i64>,
    /// What it shows (markdown, up to 2000 characters).
    pub caption: Option<String>,
    /// Display name; defaults to the path's file name.
    pub filename: Option<String>,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AttachmentCaption {
    /// The screenshot's id (#id in attach_file and review_get).
    pub attachment: i64,
    /// Markdown, up to 2000 characters; "-" clears it.
    pub caption: String,
    #[serde(flatten)]
    pub writer: Writer,
}

#[tool_router(router = attach_router, vis = "pub(super)")]
impl RelayMcp {
    /// Attaches a screenshot (PNG, JPEG, WebP, GIF) to a task or one of its review steps.
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn attach_file(&self, Parameters(p): Parameters<AttachFile>) -> CallToolResult {
        let given = |text: Option<String>| text.filter(|t| !t.trim().is_empty());
        let source = match (given(p.path), given(p.content_base64)) {
            (Some(path), None) => AttachSource::Path(path),
            (None, Some(content)) => AttachSource::Base64(content),
            (Some(_), Some(_)) => {
                return bad_arguments("attach_file", "give either path or content_base64, not both");
            }
            (None, None) => {
                return bad_arguments(
                    "attach_file",
                    "give path (an absolute path of the image) or content_base64 (its bytes, base64-encoded)",
                );
            }
        };
        let input = AttachInput {
            key: p.task,
            source,
            step: p.step,
            caption: p.caption,
            filename: p.filename,
        };
        match self.board().attach(input, &p.writer.caller()).await {
            Ok(outcome) => {
                let text = if outcome.changed {
                    format!(
                        "Attached #{} ({}) to {}.",
                        outcome.value.id,
                        outcome.value.facts(),
                        outcome.value.place()
                    )
                } else {
                    String::new()
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }

    /// Sets or clears a screenshot's caption (markdown).
    #[tool(annotations(destructive_hint = false, idempotent_hint = true, open_world_hint = false))]
    async fn attachment_caption(&self, Parameters(p): Parameters<AttachmentCaption>) -> CallToolResult {
        let caller = p.writer.caller();
        match self
            .board()
            .set_attachment_caption(p.attachment, &p.caption, &caller)
            .await
        {
            Ok(outcome) => {
                let view: &AttachmentView = &outcome.value;
                let text = match (&view.caption, outcome.changed) {
                    (_, false) => String::new(),
                    (Some(_), true) => format!("Captioned #{} on {}.", view.id, view.place()),
                    (None, true) => format!("Cleared the caption of #{} on {}.", view.id, view.place()),
                };
                written(text, &outcome)
            }
            Err(err) => failed(err, Access::Write),
        }
    }
}
