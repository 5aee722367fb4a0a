//! `relay review show|accept|reject|reopen|comment`: the owner's review of a task from the command line. Each
//! decision reaches the agent of the bound session as an owner comment linked to the step.

use relay_core::proto::{self, DecideReviewStepRequest, GetReviewRequest};
use serde_json::{Value, json};

use super::comment::comment_text;
use super::format::{self, emit, print_json};
use crate::cli::{OutputArgs, ReviewCommentArgs, ReviewDecisionArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

/// What the owner decides on a step.
pub type Decision = proto::ReviewDecision;

pub async fn show(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let review = daemon_client(ctx)
        .await?
        .review
        .get_review(GetReviewRequest { key })
        .await?
        .into_inner();
    if output.json {
        return print_json(&review_json(&review));
    }
    emit(&review_text(&review))?;
    Ok(())
}

pub async fn decide(ctx: &Context, args: ReviewDecisionArgs, decision: Decision) -> Result<(), CliError> {
    let request = DecideReviewStepRequest {
        key: args.key,
        step: args.step,
        decision: decision.into(),
        comment: args.message,
    };
    send(ctx, request, args.output).await
}

pub async fn comment(ctx: &Context, args: ReviewCommentArgs) -> Result<(), CliError> {
    let request = DecideReviewStepRequest {
        key: args.key,
        step: args.step,
        decision: Decision::Comment.into(),
        comment: Some(args.message),
    };
    send(ctx, request, args.output).await
}

async fn send(ctx: &Context, request: DecideReviewStepRequest, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .review
        .decide_review_step(request)
        .await?
        .into_inner();
    format::print_notes(answer.notes.as_ref());
    if output.json {
        return print_json(&format::with_notes(
            format::fields(&answer),
            answer.notes.as_ref(),
        ));
    }
    // Nothing written (a decision the step already has): the note on stderr says so.
    let Some(comment) = &answer.comment else {
        return Ok(());
    };
    let step = answer
        .step
        .as_ref()
        .ok_or_else(|| CliError::Failed("relayd answered without the step".to_owned()))?;
    let mut text = format!(
        "{} step {} '{}' is {}",
        answer.key, step.position, step.title, step.status
    );
    if answer.previous != step.status {
        text.push_str(&format!(" (was {})", answer.previous));
    }
    text.push_str(&format!(
        " — {}\nowner comment #{}: {}",
        answer.summary, comment.id, comment.body
    ));
    emit(&text)?;
    Ok(())
}

fn review_json(review: &proto::Review) -> Value {
    let mut value = format::to_json(review);
    if let Value::Object(object) = &mut value {
        object.insert("total".to_owned(), json!(review.steps.len()));
    }
    value
}

/// `review show`'s text: the summary, where decisions go, the steps, the other screenshots.
fn review_text(review: &proto::Review) -> String {
    if review.steps.is_empty() {
        let mut text = format!(
            "{} · {} has no review checklist yet (its agent writes one with review_steps_set)",
            review.key, review.title
        );
        append_screenshots(&mut text, "screenshots", &review.other_screenshots);
        return text;
    }
    let mut text = format!(
        "{} · {} ({}) — {}\n",
        review.key, review.title, review.stage, review.summary
    );
    text.push_str(&match &review.session {
        Some(session) => format!("decisions go to {session}\n"),
        None => "no session is bound: decisions wait for one\n".to_owned(),
    });
    for step in &review.steps {
        text.push_str(&format!("\n{}. [{}] {}", step.position, step.status, step.title));
        if let (Some(by), Some(at)) = (&step.decided_by, step.decided_at_ms) {
            text.push_str(&format!(" — {} by {by} {}", step.status, format::utc(at)));
        }
        text.push('\n');
        if let Some(details) = &step.details {
            for line in details.lines().map(str::trim_end) {
                match line {
                    "" => text.push('\n'),
                    line => text.push_str(&format!("     {line}\n")),
                }
            }
        }
        for shot in &step.screenshots {
            text.push_str(&format!("     screenshot {}\n", screenshot_line(shot)));
        }
        for comment in &step.comments {
            text.push_str(&comment_text(comment, "     "));
            text.push('\n');
        }
    }
    append_screenshots(&mut text, "other screenshots", &review.other_screenshots);
    text.trim_end().to_owned()
}

fn append_screenshots(text: &mut String, title: &str, shots: &[proto::ReviewScreenshot]) {
    if shots.is_empty() {
        return;
    }
    text.push_str(&format!("\n\n{title}\n"));
    for shot in shots {
        text.push_str(&format!("  {}\n", screenshot_line(shot)));
    }
}

/// `#4 "Login form" image/png 120 KB`.
fn screenshot_line(shot: &proto::ReviewScreenshot) -> String {
    let mut line = format!("#{}", shot.id);
    if let Some(caption) = shot.caption.as_deref().filter(|c| !c.trim().is_empty()) {
        line.push_str(&format!(" \"{}\"", format::first_line(caption)));
    }
    let kb = (shot.size_bytes + 512) / 1_024;
    line.push_str(&format!(" {} {kb} KB", shot.media_type));
    line
}
