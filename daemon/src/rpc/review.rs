//! The owner's review RPCs (`review.proto`): the checklist, the owner's decisions on its steps, and the comment
//! thread. Everything that arrives here comes from the owner's surfaces (the CLI, the window) over the local
//! socket, so it writes as the owner.

use relay_core::proto;
use tonic::{Request, Response};

use super::convert::notes;
use super::error;
use super::service::RelayService;
use crate::board::{Caller, Decision, Outcome, Review, ReviewStepView, StepWritten};
use crate::store::comment::CommentRow;
use crate::store::review::{ReviewStepRow, ScreenshotRow};

/// The owner, writing over the local socket.
fn owner() -> Caller {
    Caller::socket_peer()
}

impl RelayService {
    pub(super) async fn review_get(
        &self,
        request: Request<proto::GetReviewRequest>,
    ) -> Result<Response<proto::Review>, tonic::Status> {
        let key = request.into_inner().key;
        let review = self.handle().board().review(&key).await.map_err(error::board)?;
        Ok(Response::new(review_message(review)))
    }

    pub(super) async fn review_decide(
        &self,
        request: Request<proto::DecideReviewStepRequest>,
    ) -> Result<Response<proto::DecideReviewStepResponse>, tonic::Status> {
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
                &owner(),
            )
            .await
            .map_err(error::board)?;
        Ok(Response::new(decided(outcome)))
    }

    pub(super) async fn comments_list(
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

    pub(super) async fn comment_add(
        &self,
        request: Request<proto::AddCommentRequest>,
    ) -> Result<Response<proto::AddCommentResponse>, tonic::Status> {
        let request = request.into_inner();
        let outcome = self
            .handle()
            .board()
            .add_owner_comment(&request.key, &request.body, request.in_reply_to, &owner())
            .await
            .map_err(error::board)?;
        let notes = notes(&outcome);
        Ok(Response::new(proto::AddCommentResponse {
            comment: Some(comment(outcome.value.comment)),
            marked_read: outcome.value.marked_read,
            notes: Some(notes),
        }))
    }

    pub(super) async fn replies_read(
        &self,
        request: Request<proto::MarkRepliesReadRequest>,
    ) -> Result<Response<proto::MarkRepliesReadResponse>, tonic::Status> {
        let key = request.into_inner().key;
        let outcome = self
            .handle()
            .board()
            .mark_replies_read(&key, &owner())
            .await
            .map_err(error::board)?;
        let notes = notes(&outcome);
        Ok(Response::new(proto::MarkRepliesReadResponse {
            marked: outcome.value.marked,
            notes: Some(notes),
        }))
    }
}

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
