//! The screenshot RPCs: list, stream one file's bytes, add from a path on this machine, caption, remove. Each
//! adapts one board call; the checks and limits are the board's.

use std::pin::Pin;

use relay_core::proto;
use tokio_stream::Stream;

use super::convert;
use crate::board::{AttachmentView, Outcome};

/// Bytes per streamed chunk.
pub(super) const CHUNK: usize = 64 * 1024;
/// Chunks buffered between the file reader and the socket.
pub(super) const CHUNK_DEPTH: usize = 4;

pub type AttachmentStream = Pin<Box<dyn Stream<Item = Result<proto::AttachmentChunk, tonic::Status>> + Send>>;

pub(super) fn attachment(view: AttachmentView) -> proto::Attachment {
    proto::Attachment {
        id: view.id,
        key: view.key,
        step: view.step,
        step_title: view.step_title,
        media_type: view.media_type,
        size_bytes: view.size_bytes,
        sha256: view.sha256,
        original_name: view.original_name,
        caption: view.caption,
        created_by: view.created_by,
        created_at_ms: view.created_at_ms,
    }
}

pub(super) fn write(outcome: Outcome<AttachmentView>) -> proto::AttachmentWrite {
    proto::AttachmentWrite {
        notes: Some(convert::notes(&outcome)),
        attachment: Some(attachment(outcome.value)),
    }
}
