//! The review checklist and the comment thread as short markdown for a model: review_get, the answers of the
//! checklist writes, comments_list and the comment writes. Pure: rows in, text out; times in UTC.

use relay_core::display::short_size;

use super::render::{ellipsize, one_line, utc};
use super::{CommentAdded, Review, ReviewSet, StepWritten};
use crate::store::comment::CommentRow;
use crate::store::review::ScreenshotRow;

/// The longest comment text a list shows before cutting it.
const LIST_COMMENT: usize = 1_000;

/// review_get: the summary line, where decisions go, the steps in order with status, who decided and when,
/// details, screenshots and comments, then the screenshots of no step.
pub fn review(review: &Review) -> String {
    review_steps(review, 0..review.steps.len())
}

/// review_get showing only the steps in `range` (positions in `review.steps`): the summary line of the whole
/// checklist, those steps, and the screenshots of no step when the range reaches the last step.
pub fn review_steps(review: &Review, range: std::ops::Range<usize>) -> String {
    if review.steps.is_empty() {
        let mut md = format!(
            "**{}** {} has no review checklist yet. Before moving it to review or test, write the Owner check with \
             review_steps_set(task, steps=[{{title, details}}]).",
            review.key, review.title
        );
        if !review.other_screenshots.is_empty() {
            md.push_str("\n\nScreenshots:\n");
            md.push_str(&screenshot_list(&review.other_screenshots));
        }
        return md;
    }
    let mut md = format!(
        "Review of **{}** {} ({}): {}\n",
        review.key,
        review.title,
        review.stage,
        review.summary()
    );
    md.push_str(&match &review.session {
        Some(session) => format!("The owner's decisions come to {session} as owner comments.\n"),
        None => "No session is bound: the owner's decisions wait as owner comments.\n".to_owned(),
    });
    let last = range.end >= review.steps.len();
    for view in review.steps.get(range).unwrap_or_default() {
        let step = &view.step;
        md.push_str(&format!("\n{}. [{}] {}", step.position, step.status, step.title));
        if let (Some(by), Some(at)) = (&step.decided_by, step.decided_at_ms) {
            md.push_str(&format!(" — {} by {by} {}", step.status, utc(at)));
        }
        md.push('\n');
        if let Some(details) = &step.details {
            md.push_str(&quote(details, "   "));
        }
        if !view.screenshots.is_empty() {
            let shots: Vec<String> = view.screenshots.iter().map(screenshot).collect();
            md.push_str(&format!("   Screenshots: {}\n", shots.join("; ")));
        }
        for comment in &view.comments {
            md.push_str(&format!(
                "   - #{} {} {}: {}\n",
                comment.id,
                comment.author_name,
                utc(comment.created_at_ms),
                one_line(&ellipsize(&comment.body, LIST_COMMENT))
            ));
        }
    }
    if last && !review.other_screenshots.is_empty() {
        md.push_str("\nOther screenshots:\n");
        md.push_str(&screenshot_list(&review.other_screenshots));
    }
    md.trim_end().to_owned()
}

/// review_steps_set's answer.
pub fn review_set(set: &ReviewSet) -> String {
    let review = &set.review;
    let n = review.steps.len();
    if set.added + set.changed + set.removed == 0 {
        return format!(
            "No change to the review checklist of {} ({n} step{}): {}.",
            review.key,
            plural(n),
            review.summary()
        );
    }
    let mut parts = Vec::new();
    if set.added > 0 {
        parts.push(format!("{} added", set.added));
    }
    if set.changed > 0 {
        parts.push(format!("{} changed and open again", set.changed));
    }
    if set.removed > 0 {
        parts.push(format!("{} removed", set.removed));
    }
    let mut line = format!(
        "Saved the review checklist of {}: {n} step{} ({}) — {}.",
        review.key,
        plural(n),
        parts.join(", "),
        review.summary()
    );
    if set.removed > 0 {
        line.push_str(" Screenshots of removed steps stay on the task.");
    }
    line
}

/// review_step_update's answer (and the owner's decision, for the CLI).
pub fn step_written(written: &StepWritten) -> String {
    let step = &written.step;
    let mut line = format!(
        "{} step {} '{}' is {}",
        written.key, step.position, step.title, step.status
    );
    if written.previous != step.status {
        line.push_str(&format!(" (was {})", written.previous));
    }
    line.push_str(&format!(" — {}.", written.summary));
    line
}

/// comments_list when there are none.
pub fn no_owner_comments(unread_only: bool, after: Option<i64>) -> String {
    match (after, unread_only) {
        (Some(after), true) => format!("No unread owner comments after #{after}."),
        (Some(after), false) => format!("No owner comments after #{after}."),
        (None, true) => "No unread owner comments.".to_owned(),
        (None, false) => "No owner comments.".to_owned(),
    }
}

/// comments_list's first line: how many comments (`total` after the cursor), how many unread, and how many
/// this page shows when it does not show them all.
pub fn owner_comments_head(total: usize, unread: usize, shown: usize, after: Option<i64>) -> String {
    let after = after.map(|a| format!(" after #{a}")).unwrap_or_default();
    if shown < total {
        format!(
            "{shown} of {total} owner comment{}{after} ({unread} unread), oldest first:\n",
            plural(total)
        )
    } else {
        format!(
            "{total} owner comment{}{after} ({unread} unread):\n",
            plural(total)
        )
    }
}

/// One owner comment of comments_list: id, task, step, state, then its text quoted.
pub fn owner_comment_item(comment: &CommentRow) -> String {
    let step = comment
        .step_position
        .map(|p| format!(" step {p}"))
        .unwrap_or_default();
    let mut md = format!(
        "- #{} on {}{step} · {}\n",
        comment.id,
        comment.key,
        state(comment)
    );
    md.push_str(&quote(&ellipsize(&comment.body, LIST_COMMENT), "  "));
    md
}

/// comments_list's end: how to answer when some are unread, then the next page's call when cut.
pub fn owner_comments_tail(unread: usize, remaining: usize, next: Option<String>) -> String {
    let mut md = String::new();
    if unread > 0 {
        md.push_str(
            "Handle them like a message from the user, then acknowledge with comment_ack(comments=[…]) or answer \
             with comment_add(task, body, in_reply_to=<id>).",
        );
    }
    if let (true, Some(next)) = (remaining > 0, next) {
        if !md.is_empty() {
            md.push('\n');
        }
        md.push_str(&format!("{remaining} more: {next}"));
    }
    md
}

/// comment_add's answer.
pub fn comment_added(added: &CommentAdded) -> String {
    let comment = &added.comment;
    let mut line = format!("Added comment #{} to {}", comment.id, comment.key);
    if let Some(to) = comment.in_reply_to {
        line.push_str(&format!(" in reply to #{to}"));
    }
    line.push('.');
    if !added.marked_read.is_empty() {
        line.push_str(&format!(" Marked read: {}.", ids(&added.marked_read)));
    }
    line
}

/// An owner comment's life cycle: `sent …`, `delivered … to <session>` or `not delivered yet`, `read …` or
/// `unread`.
pub fn state(comment: &CommentRow) -> String {
    let mut parts = vec![format!("sent {}", utc(comment.created_at_ms))];
    if comment.author_kind == "owner" {
        parts.push(match (comment.delivered_at_ms, &comment.delivered_to) {
            (Some(at), Some(to)) => format!("delivered {} to {to}", utc(at)),
            (Some(at), None) => format!("delivered {}", utc(at)),
            (None, _) => "not delivered yet".to_owned(),
        });
    }
    parts.push(match comment.read_at_ms {
        Some(at) => format!("read {}", utc(at)),
        None => "unread".to_owned(),
    });
    parts.join(" · ")
}

/// `#3, #4`.
pub fn ids(ids: &[i64]) -> String {
    ids.iter()
        .map(|id| format!("#{id}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a `review.*` or `comment.*` event says, for events_since: `step 2 'Login' accepted`, `owner: …`,
/// `read #3, #4`.
pub fn event_what(kind: &str, data: &str) -> Option<String> {
    use relay_core::event::{EventKind, Payload, payload as p};
    fn read<P: Payload>(kind: &str, data: &str) -> Option<P> {
        P::from_json(kind, data)
    }
    let step = |position: i64, title: &str| {
        (position > 0 && !title.trim().is_empty()).then(|| format!("step {position} '{}'", one_line(title)))
    };
    match EventKind::parse(kind)? {
        EventKind::ReviewStepAdded => {
            let e: p::ReviewStepAdded = read(kind, data)?;
            step(e.position, &e.title).map(|s| format!("{s} added"))
        }
        EventKind::ReviewStepRemoved => {
            let e: p::ReviewStepRemoved = read(kind, data)?;
            step(e.position, &e.title).map(|s| format!("{s} removed"))
        }
        EventKind::ReviewStepAccepted => {
            let e: p::ReviewStepAccepted = read(kind, data)?;
            step(e.position, &e.title).map(|s| format!("{s} accepted"))
        }
        EventKind::ReviewStepRejected => {
            let e: p::ReviewStepRejected = read(kind, data)?;
            step(e.position, &e.title).map(|s| format!("{s} rejected"))
        }
        EventKind::ReviewStepUpdated => {
            let e: p::ReviewStepUpdated = read(kind, data)?;
            step(e.position, &e.title).map(|s| {
                if !e.previous.is_empty() && !e.status.is_empty() && e.previous != e.status {
                    format!("{s} {} → {}", one_line(&e.previous), one_line(&e.status))
                } else {
                    format!("{s} changed")
                }
            })
        }
        EventKind::CommentAdded => {
            let e: p::CommentAdded = read(kind, data)?;
            if e.comment <= 0 || e.author.trim().is_empty() {
                return None;
            }
            let mut what = format!("#{} {}", e.comment, one_line(&e.author));
            if let Some(to) = e.in_reply_to {
                what.push_str(&format!(" (reply to #{to})"));
            }
            Some(format!("{what}: {}", one_line(&e.excerpt)))
        }
        EventKind::CommentDelivered => {
            let e: p::CommentDelivered = read(kind, data)?;
            (e.comment > 0 && !e.session.trim().is_empty())
                .then(|| format!("#{} delivered to {}", e.comment, one_line(&e.session)))
        }
        EventKind::CommentRead => {
            let e: p::CommentRead = read(kind, data)?;
            Some(format!("read {}", ids(&e.comments)))
        }
        _ => None,
    }
}

fn screenshot_list(shots: &[ScreenshotRow]) -> String {
    shots.iter().map(|s| format!("- {}\n", screenshot(s))).collect()
}

/// `#4 "Login form" (image/png, 120 KB)`.
fn screenshot(shot: &ScreenshotRow) -> String {
    let mut text = format!("#{}", shot.id);
    if let Some(caption) = shot.caption.as_deref().filter(|c| !c.trim().is_empty()) {
        text.push_str(&format!(" \"{}\"", one_line(&ellipsize(caption, 200))));
    }
    text.push_str(&format!(
        " ({}, {})",
        shot.media_type,
        short_size(shot.size_bytes)
    ));
    text
}

/// A markdown block quote of `text` under `indent`, without trailing spaces.
fn quote(text: &str, indent: &str) -> String {
    text.lines()
        .map(|line| match line.trim_end() {
            "" => format!("{indent}>\n"),
            line => format!("{indent}> {line}\n"),
        })
        .collect()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_reads_like_a_person_would_say_it_when_formatted() {
        assert_eq!(short_size(812), "812 B");
        assert_eq!(short_size(120 * 1_024), "120 KB");
        assert_eq!(short_size(5 * 1_024 * 1_024 + 900 * 1_024), "5.8 MB");
    }

    #[test]
    fn event_what_describes_review_and_comment_events_when_their_payload_is_complete() {
        let step =
            serde_json::json!({ "position": 2, "title": "Login", "status": "open", "previous": "rejected" });
        assert_eq!(
            event_what("review.step_updated", &step.to_string()).as_deref(),
            Some("step 2 'Login' rejected → open")
        );
        assert_eq!(
            event_what("review.step_accepted", &step.to_string()).as_deref(),
            Some("step 2 'Login' accepted")
        );
        let added =
            serde_json::json!({ "comment": 7, "author": "s1", "in_reply_to": 3, "excerpt": "Fixed it" });
        assert_eq!(
            event_what("comment.added", &added.to_string()).as_deref(),
            Some("#7 s1 (reply to #3): Fixed it")
        );
        let read = serde_json::json!({ "comments": [3, 4], "by": "s1" });
        assert_eq!(
            event_what("comment.read", &read.to_string()).as_deref(),
            Some("read #3, #4")
        );
        assert_eq!(event_what("comment.added", "{}"), None);
    }

    #[test]
    fn state_shows_the_life_cycle_of_an_owner_comment_when_delivered_and_read() {
        let mut comment = CommentRow {
            id: 3,
            task_id: 1,
            key: "acme-1".into(),
            project: "acme".into(),
            author_kind: "owner".into(),
            author_name: "owner".into(),
            body: "hi".into(),
            in_reply_to: None,
            step_id: None,
            step_position: None,
            created_at_ms: 0,
            delivered_at_ms: None,
            delivered_to: None,
            read_at_ms: None,
        };
        assert_eq!(
            state(&comment),
            "sent 1970-01-01 00:00Z · not delivered yet · unread"
        );
        comment.delivered_at_ms = Some(60_000);
        comment.delivered_to = Some("s1".into());
        comment.read_at_ms = Some(120_000);
        assert_eq!(
            state(&comment),
            "sent 1970-01-01 00:00Z · delivered 1970-01-01 00:01Z to s1 · read 1970-01-01 00:02Z"
        );
    }
}
