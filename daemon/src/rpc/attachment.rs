//! The screenshot RPCs: list, stream one file's bytes, add from a path on this machine, caption, remove. Each
//! adapts one board call; the checks and limits are the board's.

use std::pin::Pin;

use relay_core::proto;
use tokio::io::AsyncReadExt;
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response};

use super::service::RelayService;
use super::{convert, error};
use crate::board::attachment_limits;
use crate::board::{AttachInput, AttachSource, AttachmentView, Outcome};

/// Bytes per streamed chunk.
const CHUNK: usize = 64 * 1024;
/// Chunks buffered between the file reader and the socket.
const CHUNK_DEPTH: usize = 4;

pub type AttachmentStream = Pin<Box<dyn Stream<Item = Result<proto::AttachmentChunk, tonic::Status>> + Send>>;

impl RelayService {
    pub(super) async fn attachments_list(
        &self,
        request: Request<proto::ListAttachmentsRequest>,
    ) -> Result<Response<proto::ListAttachmentsResponse>, tonic::Status> {
        let key = request.into_inner().key;
        let board = self.handle().board();
        let list = board.attachments(&key).await.map_err(error::board)?;
        let (per_file, per_task) = attachment_limits(self.handle().config());
        Ok(Response::new(proto::ListAttachmentsResponse {
            total_bytes: list.iter().map(|a| a.size_bytes).sum(),
            attachments: list.into_iter().map(attachment).collect(),
            max_bytes_per_file: i64::try_from(per_file).unwrap_or(i64::MAX),
            max_bytes_per_task: i64::try_from(per_task).unwrap_or(i64::MAX),
        }))
    }

    pub(super) async fn attachment_get(
        &self,
        request: Request<proto::GetAttachmentRequest>,
    ) -> Result<Response<AttachmentStream>, tonic::Status> {
        let id = request.into_inner().id;
        let (view, path) = self
            .handle()
            .board()
            .attachment_file(id)
            .await
            .map_err(error::board)?;
        let mut file = tokio::fs::File::open(&path).await.map_err(|err| {
            tracing::error!(path = %path.display(), error = %err, "a stored screenshot cannot be read");
            tonic::Status::internal(format!(
                "screenshot #{id}'s file cannot be read ({err}); remove it with `relay attachment rm {id}` and attach it again"
            ))
        })?;
        let (sender, receiver) = tokio::sync::mpsc::channel(CHUNK_DEPTH);
        tokio::spawn(async move {
            let mut first = Some(attachment(view));
            let mut buffer = vec![0u8; CHUNK];
            loop {
                let read = match file.read(&mut buffer).await {
                    Ok(read) => read,
                    Err(err) => {
                        let status =
                            tonic::Status::internal(format!("reading screenshot #{id} failed: {err}"));
                        let _ = sender.send(Err(status)).await;
                        return;
                    }
                };
                if read == 0 && first.is_none() {
                    return;
                }
                let chunk = proto::AttachmentChunk {
                    attachment: first.take(),
                    data: buffer[..read].to_vec(),
                };
                if sender.send(Ok(chunk)).await.is_err() || read == 0 {
                    return;
                }
            }
        });
        let stream: AttachmentStream = Box::pin(ReceiverStream::new(receiver));
        Ok(Response::new(Box::pin(self.streams().track(stream))))
    }

    pub(super) async fn attachment_add(
        &self,
        request: Request<proto::AddAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let request = request.into_inner();
        let source = match (request.content, request.path.trim().is_empty()) {
            (Some(bytes), true) => AttachSource::Bytes(bytes),
            (None, false) => AttachSource::Path(request.path),
            (Some(_), false) => {
                return Err(tonic::Status::invalid_argument(
                    "give either path or content, not both; nothing changed",
                ));
            }
            (None, true) => {
                return Err(tonic::Status::invalid_argument(
                    "give the image's absolute path, or its bytes as content; nothing changed",
                ));
            }
        };
        let input = AttachInput {
            key: request.key,
            source,
            step: request.step,
            caption: request.caption,
            filename: request.filename,
        };
        let outcome = self
            .handle()
            .board()
            .attach(input, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }

    pub(super) async fn attachment_caption(
        &self,
        request: Request<proto::SetAttachmentCaptionRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .set_attachment_caption(request.id, &request.caption, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }

    pub(super) async fn attachment_remove(
        &self,
        request: Request<proto::RemoveAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .remove_attachment(request.id, &convert::caller(request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }
}

fn attachment(view: AttachmentView) -> proto::Attachment {
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

fn write(outcome: Outcome<AttachmentView>) -> proto::AttachmentWrite {
    proto::AttachmentWrite {
        notes: Some(convert::notes(&outcome)),
        attachment: Some(attachment(outcome.value)),
    }
}
