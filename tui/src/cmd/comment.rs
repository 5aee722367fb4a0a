//! `relay comment list|add|read`: a task's thread as the owner sees it, the owner's comments for the agent of
//! the bound session, and marking the agents' replies read.

use std::io::Read;

use relay_core::proto::{self, AddCommentRequest, ListCommentsRequest, MarkRepliesReadRequest};
use serde_json::json;

use super::format::{self, emit, print_json};
use crate::cli::{CommentAddArgs, OutputArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn list(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let thread = daemon_client(ctx)
        .await?
        .review
        .list_comments(ListCommentsRequest { key })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&thread));
    }
    let goes_to = match &thread.session {
        Some(session) => format!("new comments go to {session}"),
        None => "no session is bound: new comments wait for one".to_owned(),
    };
    let mut text = format!("{} · {} — {goes_to}", thread.key, thread.title);
    if thread.comments.is_empty() {
        text.push_str("\nno comments yet");
    }
    for comment in &thread.comments {
        text.push('\n');
        text.push_str(&comment_text(comment, ""));
    }
    emit(&text)?;
    Ok(())
}

pub async fn add(ctx: &Context, args: CommentAddArgs) -> Result<(), CliError> {
    let body = match args.message.as_str() {
        "-" => {
            let mut body = String::new();
            std::io::stdin()
                .read_to_string(&mut body)
                .map_err(|e| CliError::Failed(format!("cannot read the comment from stdin: {e}")))?;
            body
        }
        _ => args.message,
    };
    let request = AddCommentRequest {
        key: args.key,
        body,
        in_reply_to: args.reply_to,
    };
    let answer = daemon_client(ctx)
        .await?
        .review
        .add_comment(request)
        .await?
        .into_inner();
    format::print_notes(answer.notes.as_ref());
    let comment = answer
        .comment
        .as_ref()
        .ok_or_else(|| CliError::Failed("relayd answered without the comment".to_owned()))?;
    if args.output.json {
        return print_json(&format::with_notes(
            format::fields(&answer),
            answer.notes.as_ref(),
        ));
    }
    let mut line = format!("comment #{} added to {}", comment.id, comment.key);
    if !answer.marked_read.is_empty() {
        line.push_str(&format!("; {} marked read", replies(answer.marked_read.len())));
    }
    emit(&line)?;
    Ok(())
}

pub async fn read(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .review
        .mark_replies_read(MarkRepliesReadRequest { key: key.clone() })
        .await?
        .into_inner();
    format::print_notes(answer.notes.as_ref());
    if output.json {
        let body = json!({ "key": key.trim(), "marked": answer.marked });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    if !answer.marked.is_empty() {
        emit(&format!(
            "{} marked read on {}",
            replies(answer.marked.len()),
            key.trim()
        ))?;
    }
    Ok(())
}

fn replies(n: usize) -> String {
    format!("{n} agent repl{}", if n == 1 { "y" } else { "ies" })
}

/// A comment as people read it: a head line with its state, then its text indented under `indent`.
pub fn comment_text(comment: &proto::Comment, indent: &str) -> String {
    let mut head = format!("{indent}#{} {}", comment.id, comment.author);
    if comment.author_kind == "agent" {
        head.push_str(" (agent)");
    }
    head.push_str(&format!(" · {}", state(comment)));
    if let Some(step) = comment.step {
        head.push_str(&format!(" · step {step}"));
    }
    if let Some(to) = comment.in_reply_to {
        head.push_str(&format!(" · reply to #{to}"));
    }
    let body: Vec<String> = comment
        .body
        .lines()
        .map(|line| match line.trim_end() {
            "" => String::new(),
            line => format!("{indent}  {line}"),
        })
        .collect();
    format!("{head}\n{}", body.join("\n"))
}

/// `sent …`, then for an owner comment `delivered … to s1` or `not delivered yet`, then `read …` or `unread`.
fn state(comment: &proto::Comment) -> String {
    let mut parts = vec![format!("sent {}", format::utc(comment.created_at_ms))];
    if comment.author_kind == "owner" {
        parts.push(match (comment.delivered_at_ms, &comment.delivered_to) {
            (Some(at), Some(to)) => format!("delivered {} to {to}", format::utc(at)),
            (Some(at), None) => format!("delivered {}", format::utc(at)),
            (None, _) => "not delivered yet".to_owned(),
        });
    }
    parts.push(match comment.read_at_ms {
        Some(at) => format!("read {}", format::utc(at)),
        None => "unread".to_owned(),
    });
    parts.join(" · ")
}
