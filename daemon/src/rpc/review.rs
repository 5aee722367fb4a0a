//! The owner's review RPCs (`review.proto`): the checklist, the owner's decisions on its steps, and the comment
//! thread. The caller is the one the transport established (the owner on the local socket; on the remote
//! listener, the scope of the token); the board refuses an agent the owner's decisions.

use relay_core::proto;
use relay_core::proto::review_service_server::ReviewService;
use tonic::{Request, Response};

use super::attachment::{AttachmentStream, CHUNK, CHUNK_DEPTH, attachment, write};
use super::convert;
use super::convert::notes;
use super::error;
use super::plan::{plan_message, plan_write};
use super::service::RelayService;
use crate::board::{AttachInput, AttachSource, attachment_limits};
use crate::board::{Decision, Outcome, Review, ReviewStepView, StepWritten};
use crate::store::comment::CommentRow;
use crate::store::review::{ReviewStepRow, ScreenshotRow};
use tokio::io::AsyncReadExt;
use tokio_stream::wrappers::ReceiverStream;

fn review_message(review: Review) -> proto::Review {
    let summary = review.summary();
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    proto::Review {
        accepted: count(review.accepted()),
        rejected: count(review.rejected()),
        summary,
        key: review.key,
        title: review.title,
        stage: review.stage,
        session: review.session,
        steps: review.steps.into_iter().map(step_view).collect(),
        other_screenshots: review.other_screenshots.into_iter().map(screenshot).collect(),
    }
}

fn step_view(view: ReviewStepView) -> proto::ReviewStep {
    let mut message = step(view.step);
    message.screenshots = view.screenshots.into_iter().map(screenshot).collect();
    message.comments = view.comments.into_iter().map(comment).collect();
    message
}

fn step(row: ReviewStepRow) -> proto::ReviewStep {
    proto::ReviewStep {
        position: row.position,
        title: row.title,
        details: row.details,
        status: row.status,
        decided_by: row.decided_by,
        decided_at_ms: row.decided_at_ms,
        screenshots: Vec::new(),
        comments: Vec::new(),
    }
}

fn screenshot(row: ScreenshotRow) -> proto::ReviewScreenshot {
    proto::ReviewScreenshot {
        id: row.id,
        caption: row.caption,
        media_type: row.media_type,
        size_bytes: row.size_bytes,
        original_name: row.original_name,
        created_at_ms: row.created_at_ms,
    }
}

fn comment(row: CommentRow) -> proto::Comment {
    proto::Comment {
        id: row.id,
        key: row.key,
        author_kind: row.author_kind,
        author: row.author_name,
        body: row.body,
        in_reply_to: row.in_reply_to,
        step: row.step_position,
        created_at_ms: row.created_at_ms,
        delivered_at_ms: row.delivered_at_ms,
        delivered_to: row.delivered_to,
        read_at_ms: row.read_at_ms,
    }
}

fn decided(outcome: Outcome<StepWritten>) -> proto::DecideReviewStepResponse {
    let notes = notes(&outcome);
    let written = outcome.value;
    proto::DecideReviewStepResponse {
        key: written.key,
        step: Some(step(written.step)),
        previous: written.previous,
        comment: written.comment.map(comment),
        summary: written.summary,
        notes: Some(notes),
    }
}

#[tonic::async_trait]
impl ReviewService for RelayService {
    async fn get_plan(
        &self,
        request: Request<proto::GetPlanRequest>,
    ) -> Result<Response<proto::Plan>, tonic::Status> {
        let request = request.into_inner();
        let plan = self
            .handle()
            .board()
            .plan(&request.key, request.revisions)
            .await
            .map_err(error::board)?;
        Ok(Response::new(plan_message(plan)))
    }

    async fn accept_plan(
        &self,
        request: Request<proto::AcceptPlanRequest>,
    ) -> Result<Response<proto::PlanWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let key = request.into_inner().key;
        let outcome = self
            .handle()
            .board()
            .accept_plan(&key, &transport)
            .await
            .map_err(error::board)?;
        Ok(Response::new(plan_write(outcome)))
    }

    async fn get_review(
        &self,
        request: Request<proto::GetReviewRequest>,
    ) -> Result<Response<proto::Review>, tonic::Status> {
        let key = request.into_inner().key;
        let review = self.handle().board().review(&key).await.map_err(error::board)?;
        Ok(Response::new(review_message(review)))
    }

    async fn decide_review_step(
        &self,
        request: Request<proto::DecideReviewStepRequest>,
    ) -> Result<Response<proto::DecideReviewStepResponse>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let decision = match proto::ReviewDecision::try_from(request.decision) {
            Ok(proto::ReviewDecision::Accept) => Decision::Accept,
            Ok(proto::ReviewDecision::Reject) => Decision::Reject,
            Ok(proto::ReviewDecision::Reopen) => Decision::Reopen,
            Ok(proto::ReviewDecision::Comment) => Decision::Comment,
            Ok(proto::ReviewDecision::Unspecified) | Err(_) => {
                return Err(tonic::Status::invalid_argument(format!(
                    "decision {} is not one of accept, reject, reopen or comment",
                    request.decision
                )));
            }
        };
        let outcome = self
            .handle()
            .board()
            .decide_review_step(
                &request.key,
                request.step,
                decision,
                request.comment.as_deref(),
                &transport,
            )
            .await
            .map_err(error::board)?;
        Ok(Response::new(decided(outcome)))
    }

    async fn list_comments(
        &self,
        request: Request<proto::ListCommentsRequest>,
    ) -> Result<Response<proto::ListCommentsResponse>, tonic::Status> {
        let key = request.into_inner().key;
        let thread = self.handle().board().thread(&key).await.map_err(error::board)?;
        Ok(Response::new(proto::ListCommentsResponse {
            key: thread.key,
            title: thread.title,
            session: thread.session,
            comments: thread.comments.into_iter().map(comment).collect(),
        }))
    }

    async fn add_comment(
        &self,
        request: Request<proto::AddCommentRequest>,
    ) -> Result<Response<proto::AddCommentResponse>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .add_owner_comment(&request.key, &request.body, request.in_reply_to, &transport)
            .await
            .map_err(error::board)?;
        let notes = notes(&outcome);
        Ok(Response::new(proto::AddCommentResponse {
            comment: Some(comment(outcome.value.comment)),
            marked_read: outcome.value.marked_read,
            notes: Some(notes),
        }))
    }

    async fn mark_replies_read(
        &self,
        request: Request<proto::MarkRepliesReadRequest>,
    ) -> Result<Response<proto::MarkRepliesReadResponse>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let key = request.into_inner().key;
        let outcome = self
            .handle()
            .board()
            .mark_replies_read(&key, &transport)
            .await
            .map_err(error::board)?;
        let notes = notes(&outcome);
        Ok(Response::new(proto::MarkRepliesReadResponse {
            marked: outcome.value.marked,
            notes: Some(notes),
        }))
    }

    async fn list_attachments(
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

    type GetAttachmentStream = super::attachment::AttachmentStream;

    async fn get_attachment(
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

    async fn add_attachment(
        &self,
        request: Request<proto::AddAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
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
            .attach(input, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }

    async fn set_attachment_caption(
        &self,
        request: Request<proto::SetAttachmentCaptionRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .set_attachment_caption(
                request.id,
                &request.caption,
                &convert::caller(&transport, request.actor),
            )
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }

    async fn remove_attachment(
        &self,
        request: Request<proto::RemoveAttachmentRequest>,
    ) -> Result<Response<proto::AttachmentWrite>, tonic::Status> {
        let transport = convert::transport(&request)?;
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .remove_attachment(request.id, &convert::caller(&transport, request.actor))
            .await
            .map_err(error::board)?;
        Ok(Response::new(write(outcome)))
    }
}
