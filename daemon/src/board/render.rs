//! The board as short markdown for a model to read: the project snapshot, a task's detail, task lists, project
//! lists and event pages. MCP tool results and resources show these texts as they are, so a snapshot read as
//! `project_snapshot` and as `relay://project/{slug}` is the same text.
//!
//! Everything here is pure: rows in, text out. Times are shown in UTC (`2026-11-29 23:10Z`).

use relay_core::board::{FieldKind, Stage, editable_fields_line, other_fields};
use serde_json::Value;

use super::{AgentSnapshot, EventPage, ProjectSummary, TaskDetail, TaskPage, TaskRow};
use crate::store::EventRecord;
use crate::store::board::{ColumnValue, DecisionRow, TaskSignals};

/// Longest project description a snapshot shows; the rest is cut with a marker.
const SNAPSHOT_DESCRIPTION: usize = 1_500;
/// Longest body of the newest report task_get shows in full.
const DETAIL_REPORT_BODY: usize = 4_000;

/// The snapshot an agent reads first: the rules line, the project, the counts per stage, then per stage the
/// first `cap` of the tasks the board chose (the most relevant first; done its newest ten), each cut stage ending
/// with how many more there are and the task_list call that lists them, then the current decisions and the event
/// id to catch up from.
pub fn snapshot(agent: &AgentSnapshot, cap: usize) -> String {
    let snapshot = &agent.snapshot;
    let project = &snapshot.project;
    let mut md = format!(
        "{}\n\n# {} (`{}`)\n",
        snapshot.rules_line, project.name, project.slug
    );
    if let Some(repo) = &project.repo_path {
        md.push_str(&format!("Repository: {repo}\n"));
    }
    if let Some(description) = &project.description {
        md.push('\n');
        md.push_str(&cut(description.trim(), SNAPSHOT_DESCRIPTION));
        md.push('\n');
    }
    md.push_str(&format!("\nTasks: {}\n", counts_line(&project.counts)));
    for (index, stage) in Stage::ALL.iter().enumerate() {
        let done = *stage == Stage::Done;
        let tasks: Vec<&TaskRow> = snapshot
            .tasks
            .iter()
            .filter(|t| t.stage == stage.as_str())
            .take(if done { usize::MAX } else { cap })
            .collect();
        let total = project.counts.get(index).copied().unwrap_or(0);
        if total == 0 {
            continue;
        }
        let shown = i64::try_from(tasks.len()).unwrap_or(i64::MAX);
        let name = stage.as_str();
        if shown < total && done {
            md.push_str(&format!("\n## {name} (newest {shown} of {total})\n"));
        } else if shown < total {
            md.push_str(&format!(
                "\n## {name} ({shown} of {total}: yours and waiting on the owner first, then the newest)\n"
            ));
        } else {
            md.push_str(&format!("\n## {name}\n"));
        }
        for task in &tasks {
            let mut line = task_summary(task, false);
            if let Some(signals) = agent.signals.get(&task.id) {
                for part in signal_parts(signals) {
                    line.push_str(" · ");
                    line.push_str(&part);
                }
            }
            md.push_str(&format!("- {line}\n"));
        }
        if shown < total {
            // The newest tasks shown are the first of task_list's order: the list goes on after the last of them.
            let after = tasks
                .iter()
                .rev()
                .find(|t| !done && !agent.pinned.contains(&t.id))
                .map(|t| format!(", after=\"{}\"", t.key()))
                .unwrap_or_default();
            md.push_str(&format!(
                "{} more in {name}: task_list(project=\"{}\", stage=\"{name}\"{after})\n",
                total - shown,
                project.slug
            ));
        }
    }
    if !snapshot.decisions.is_empty() {
        md.push_str("\n## Decisions\n");
        for decision in &snapshot.decisions {
            md.push_str(&format!("- {}\n", decision_line(decision, &project.slug)));
        }
    }
    md.push_str(&format!(
        "\nLast event: {0}. Catch up later with events_since(after={0}).",
        snapshot.last_event_id
    ));
    md
}

/// One project per line with its counts per stage.
pub fn project_list(projects: &[ProjectSummary]) -> String {
    if projects.is_empty() {
        return "No projects yet. Create one with project_upsert(slug, name, repo_path).".to_owned();
    }
    let mut md = String::new();
    for project in projects {
        md.push_str(&format!(
            "- `{}` {}: {}",
            project.slug,
            project.name,
            counts_line(&project.counts)
        ));
        if let Some(repo) = &project.repo_path {
            md.push_str(&format!(" · {repo}"));
        }
        md.push('\n');
    }
    md.pop();
    md
}

/// A project's one-line identity for write results.
pub fn project_line(project: &ProjectSummary) -> String {
    let mut line = format!("`{}` {}", project.slug, project.name);
    if let Some(repo) = &project.repo_path {
        line.push_str(&format!(" · {repo}"));
    }
    line
}

/// `plan 1 · dev 2 · review 0 · test 0 · live 0 · done 3`.
fn counts_line(counts: &[i64; 6]) -> String {
    Stage::ALL
        .iter()
        .zip(counts)
        .map(|(stage, count)| format!("{} {count}", stage.as_str()))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A task list page's lines, one task each.
pub fn task_lines(tasks: &[TaskRow]) -> Vec<String> {
    tasks
        .iter()
        .map(|task| format!("- {}\n", task_summary(task, true)))
        .collect()
}

/// The first line of a task list page showing `shown` of its tasks: `3 tasks:` when that is every match,
/// else `2 of 12 tasks (newest first, after acme-9):`.
pub fn task_list_head(page: &TaskPage, shown: usize, after: Option<&str>) -> String {
    let total = page.total;
    let all = after.is_none() && i64::try_from(shown).is_ok_and(|s| s == total);
    if all {
        return format!("{shown} task{}:\n", if shown == 1 { "" } else { "s" });
    }
    let after = after.map(|a| format!(", after {a}")).unwrap_or_default();
    format!(
        "{shown} of {total} task{} (newest first by project{after}):\n",
        if total == 1 { "" } else { "s" }
    )
}

/// The line after a task list page: how many tasks follow and `call` (the next page's call), or nothing when
/// the page ends the list.
pub fn task_list_tail(remaining: i64, call: Option<String>) -> String {
    match call {
        Some(call) if remaining > 0 => format!("{remaining} more: {call}"),
        _ => String::new(),
    }
}

/// One task on one line: key, title, (stage), version, size, priority, session, waiting on and next step.
/// `with_stage` adds the stage (lists mix stages; the snapshot groups by stage).
pub fn task_summary(task: &TaskRow, with_stage: bool) -> String {
    let mut parts = vec![format!("**{}** {}", task.key(), task.title)];
    if with_stage {
        parts.push(task.stage.clone());
    }
    parts.push(format!("v{}", task.version));
    if let Some(size) = &task.size {
        parts.push(size.clone());
    }
    if let Some(priority) = task.priority {
        parts.push(format!("P{priority}"));
    }
    if let Some(session) = &task.session {
        parts.push(format!("session {session}"));
    }
    if let Some(waiting_on) = &task.waiting_on {
        parts.push(format!("waiting on: {}", one_line(waiting_on)));
    }
    if let Some(next) = next_step(task) {
        parts.push(format!("next: {next}"));
    }
    parts.join(" · ")
}

/// A task's signals as short parts of its snapshot line: `review 2/5 accepted, 1 rejected`, `2 unread owner
/// comments (#12, #14)`, `1 rule warning`.
fn signal_parts(signals: &TaskSignals) -> Vec<String> {
    let mut parts = Vec::new();
    if signals.review_steps > 0 {
        parts.push(format!("review {}", review_state(signals)));
    }
    if signals.unread_total > 0 {
        let plural = if signals.unread_total == 1 { "" } else { "s" };
        parts.push(format!(
            "{} unread owner comment{plural} ({})",
            signals.unread_total,
            comment_ids(signals)
        ));
    }
    match signals.warnings.len() {
        0 => {}
        1 => parts.push("1 rule warning".to_owned()),
        n => parts.push(format!("{n} rule warnings")),
    }
    parts
}

/// `2/5 accepted, 1 rejected`.
fn review_state(signals: &TaskSignals) -> String {
    let mut text = format!("{}/{} accepted", signals.review_accepted, signals.review_steps);
    if signals.review_rejected > 0 {
        text.push_str(&format!(", {} rejected", signals.review_rejected));
    }
    text
}

/// `#12, #14`, with `…` when more are unread than named.
fn comment_ids(signals: &TaskSignals) -> String {
    let mut ids: Vec<String> = signals
        .unread_comments
        .iter()
        .map(|id| format!("#{id}"))
        .collect();
    if signals.unread_total > i64::try_from(ids.len()).unwrap_or(i64::MAX) {
        ids.push("…".to_owned());
    }
    ids.join(", ")
}

/// task_get's lines for its signals: the checklist's state, the owner's unread comments with the calls that
/// answer them, the open rule warnings.
fn signal_lines(key: &str, signals: &TaskSignals) -> String {
    let mut md = String::new();
    if signals.review_steps > 0 {
        let open = signals.review_steps - signals.review_accepted - signals.review_rejected;
        md.push_str(&format!(
            "Review checklist: {}, {open} open (review_get)\n",
            review_state(signals)
        ));
    }
    if let Some(first) = signals.unread_comments.first() {
        let listed: Vec<String> = signals.unread_comments.iter().map(i64::to_string).collect();
        md.push_str(&format!(
            "Unread owner comments: {} — answer one with comment_add(task=\"{key}\", body=…, in_reply_to={first}) or \
             acknowledge them with comment_ack(comments=[{}])\n",
            comment_ids(signals),
            listed.join(", ")
        ));
    }
    if !signals.warnings.is_empty() {
        md.push_str("Open rule warnings:\n");
        for warning in &signals.warnings {
            md.push_str(&format!("- {warning}\n"));
        }
    }
    md
}

/// The next step on one line, with `(stale)` when it was written before the last stage change.
fn next_step(task: &TaskRow) -> Option<String> {
    let next = task.next_step.as_deref()?;
    let stale = if task.next_step_stale() { " (stale)" } else { "" };
    Some(format!("{}{stale}", one_line(next)))
}

/// Everything task_get shows, ending with the editable fields line.
pub fn task_detail(detail: &TaskDetail) -> String {
    let task = &detail.task;
    let mut md = format!("# {} · {}\n", task.key(), task.title);
    let mut head = vec![
        format!("Stage: {} (since {})", task.stage, utc(task.stage_changed_at_ms)),
        format!("version {}", task.version),
    ];
    if let Some(size) = &task.size {
        head.push(format!("size {size}"));
    }
    if let Some(priority) = task.priority {
        head.push(format!("priority {priority}"));
    }
    if let Some(closed) = task.closed_at_ms {
        head.push(format!("closed {}", utc(closed)));
    }
    md.push_str(&head.join(" · "));
    md.push('\n');
    let session = task
        .session
        .as_deref()
        .unwrap_or("none (bind one with task_bind_session)");
    md.push_str(&format!("Session: {session}\n"));
    if let Some(plan) = &detail.plan {
        md.push_str(&format!("{} (plan_get)\n", plan.line()));
    }
    md.push_str(&signal_lines(&task.key(), &detail.signals));
    if let Some(waiting_on) = &task.waiting_on {
        md.push_str(&format!("Waiting on: {waiting_on}\n"));
    }
    if let Some(next) = next_step(task) {
        md.push_str(&format!("Next step: {next}\n"));
    }
    if let Some(note) = &task.stage_note {
        md.push_str(&format!("Stage note: {note}\n"));
    }
    if let Some(branch) = &task.branch {
        md.push_str(&format!("Branch: {branch}\n"));
    }
    if let Some(doc) = &task.doc_path {
        md.push_str(&format!("Document: {doc}\n"));
    }
    if let Some(tracker) = tracker_line(task) {
        md.push_str(&format!("Tracker: {tracker}\n"));
    }
    for field in other_fields() {
        let value = match task.column(field.name) {
            Some(ColumnValue::Text(text)) => one_line(&text),
            Some(ColumnValue::Integer(0)) if field.kind == FieldKind::Bool => continue,
            Some(ColumnValue::Integer(n)) if field.kind == FieldKind::Bool => (n != 0).to_string(),
            Some(ColumnValue::Integer(n)) => n.to_string(),
            Some(ColumnValue::Null) | None => continue,
        };
        md.push_str(&format!("{}: {value}\n", field.name));
    }
    for (title, text) in [("Description", &task.description), ("Progress", &task.progress)] {
        if let Some(text) = text {
            md.push_str(&format!("\n## {title}\n{}\n", text.trim()));
        }
    }
    let counts = &detail.counts;
    if counts.comments > 0 {
        let unread = match counts.unread_owner_comments {
            0 => String::new(),
            n => format!(", {n} unread"),
        };
        md.push_str(&format!(
            "Comments: {} ({} from the owner{unread}; comments_list(task=\"{}\") lists the owner's)\n",
            counts.comments,
            counts.owner_comments,
            task.key()
        ));
    }
    let shown = detail.reports.len();
    let in_range = usize::try_from(counts.reports_in_range).unwrap_or(usize::MAX);
    if !detail.reports.is_empty() {
        let total = counts.reports;
        match detail.reports_before {
            Some(before) => md.push_str(&format!(
                "\n## Reports older than #{before} ({shown} of {in_range}, newest first; {total} in all)\n"
            )),
            None if shown < in_range => {
                md.push_str(&format!(
                    "\n## Reports (newest {shown} of {total}, newest first)\n"
                ));
            }
            None => md.push_str("\n## Reports (newest first)\n"),
        }
        for (index, report) in detail.reports.iter().enumerate() {
            // A report's state and size come from its first line, which is the summary shown here.
            let by = report
                .session
                .as_deref()
                .map(|s| format!(" by {s}"))
                .unwrap_or_default();
            md.push_str(&format!(
                "- #{} {} ({}){by}: {}\n",
                report.id,
                utc(report.created_at_ms),
                report.stage,
                one_line(&report.summary)
            ));
            if index == 0 {
                md.push_str(&quote(&cut(
                    report_rest(&report.body, &report.summary),
                    DETAIL_REPORT_BODY,
                )));
            }
        }
        if let (true, Some(last)) = (shown < in_range, detail.reports.last()) {
            md.push_str(&format!(
                "{} older report{}: task_get(task=\"{}\", reports_before={})\n",
                in_range - shown,
                if in_range - shown == 1 { "" } else { "s" },
                task.key(),
                last.id
            ));
        }
    } else if let Some(before) = detail.reports_before {
        md.push_str(&format!("\nNo reports older than #{before}.\n"));
    }
    let newest = |what: &str, shown: usize, total: i64| {
        if i64::try_from(shown).is_ok_and(|s| s < total) {
            format!("\n## {what} (newest {shown} of {total})\n")
        } else {
            format!("\n## {what}\n")
        }
    };
    if !detail.decisions.is_empty() {
        md.push_str(&newest("Decisions", detail.decisions.len(), counts.decisions));
        for decision in &detail.decisions {
            md.push_str(&format!("- {}\n", decision_line(decision, &task.project_slug)));
        }
    }
    if !detail.bindings.is_empty() {
        md.push_str(&newest("Sessions", detail.bindings.len(), counts.bindings));
        for binding in &detail.bindings {
            let until = binding
                .unbound_at_ms
                .map(|at| format!(" until {}", utc(at)))
                .unwrap_or_default();
            md.push_str(&format!(
                "- {} ({}) from {}{until}\n",
                binding.session,
                binding.kind,
                utc(binding.bound_at_ms)
            ));
        }
    }
    if !detail.tracker_history.is_empty() {
        md.push_str(&newest(
            "Tracker history",
            detail.tracker_history.len(),
            counts.tracker,
        ));
        for entry in &detail.tracker_history {
            let logged = match (entry.logged_at_ms, entry.unlogged_at_ms) {
                (Some(at), None) => format!(", logged {}", utc(at)),
                (Some(at), Some(un)) => format!(", logged {}, unlogged {}", utc(at), utc(un)),
                (None, Some(un)) => format!(", unlogged {}", utc(un)),
                (None, None) => String::new(),
            };
            md.push_str(&format!(
                "- {} from {}{logged}\n",
                entry.tracker_ref,
                utc(entry.created_at_ms)
            ));
        }
    }
    md.push('\n');
    md.push_str(&editable_fields_line());
    md
}

/// `ABC-12 (Jira) https://… · logged`.
fn tracker_line(task: &TaskRow) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(reference) = &task.tracker_ref {
        parts.push(reference.clone());
    }
    if let Some(name) = &task.tracker_name {
        parts.push(format!("({name})"));
    }
    if let Some(url) = &task.tracker_url {
        parts.push(url.clone());
    }
    if parts.is_empty() && !task.tracker_logged {
        return None;
    }
    let logged = if task.tracker_logged {
        "work log entered"
    } else {
        "not logged"
    };
    Some(format!("{} · {logged}", parts.join(" ")))
}

/// `#3 (acme-2) text — decided by owner, 2026-11-29`.
fn decision_line(decision: &DecisionRow, project: &str) -> String {
    let scope = decision
        .task_number
        .map(|n| format!("({project}-{n}) "))
        .unwrap_or_default();
    let mut line = format!("#{} {scope}{}", decision.id, one_line(&decision.text));
    let by = decision.decided_by.as_deref().or(decision.session.as_deref());
    match by {
        Some(by) => line.push_str(&format!(" — decided by {by}, {}", date(decision.recorded_at_ms))),
        None => line.push_str(&format!(" — {}", date(decision.recorded_at_ms))),
    }
    let structured = match (&decision.source_kind, &decision.source_ref) {
        (Some(kind), Some(reference)) if kind == "message" => {
            Some(format!("message {}", one_line(reference)))
        }
        (Some(kind), Some(reference)) => Some(format!("{kind} #{reference}")),
        _ => None,
    };
    match (structured, &decision.source_text) {
        (Some(from), Some(text)) => line.push_str(&format!(" (source: {from}, {})", one_line(text))),
        (Some(from), None) => line.push_str(&format!(" (source: {from})")),
        (None, Some(text)) => line.push_str(&format!(" (source: {})", one_line(text))),
        (None, None) => {}
    }
    line
}

/// An event page's lines, one event each.
pub fn event_lines(page: &EventPage) -> Vec<String> {
    page.events
        .iter()
        .map(|event| format!("- {}\n", event_line(event)))
        .collect()
}

/// The end of an event page: `shown` of its events are listed, the last of them `last_shown` (the page's
/// cursor when none is): where to go on from. `project` is the page's filter, kept in the call.
pub fn events_tail(page: &EventPage, shown: usize, last_shown: Option<i64>, project: Option<&str>) -> String {
    let of = project
        .map(|p| format!(", project={}", Value::String(p.to_owned())))
        .unwrap_or_default();
    if let Some(asked) = page.past_end {
        return format!(
            "No events after {asked}: that id is past the newest event, {0}. Go on from the newest: call \
             events_since(after={0}{of}).",
            page.last_event_id
        );
    }
    let mut md = String::new();
    if shown == 0 {
        md.push_str("No new events.\n");
    }
    let cut = shown < page.events.len();
    let cursor = match last_shown {
        Some(id) if cut => id,
        _ => page.last_event_id,
    };
    if page.more || cut {
        md.push_str(&format!(
            "More events follow: call events_since(after={cursor}{of})."
        ));
    } else {
        md.push_str(&format!(
            "Up to date at event {cursor}; next time call events_since(after={cursor}{of})."
        ));
    }
    md
}

/// `#12 23:10Z task.stage_changed acme-1: dev → test (by s1)`.
pub fn event_line(event: &EventRecord) -> String {
    let data: Value = serde_json::from_str(&event.data).unwrap_or(Value::Null);
    let text = |key: &str| data.get(key).and_then(Value::as_str).map(one_line);
    let what = what_of(&event.kind, &event.data);
    let mut line = format!("#{} {} {}", event.id, time(event.at_ms), event.kind);
    if !event.subject.is_empty() {
        line.push_str(&format!(" {}", event.subject));
    }
    if let Some(what) = what {
        line.push_str(&format!(": {}", cut(&what, 200)));
    }
    if let Some(actor) = text("actor") {
        line.push_str(&format!(" (by {actor})"));
    }
    line
}

/// What an event says in a few words (`dev → test`, a report's summary, the changed fields), if anything.
pub fn event_what(event: &EventRecord) -> Option<String> {
    what_of(&event.kind, &event.data)
}

/// [`event_what`] of a kind and its `data` JSON, read through the kind's typed payload (a payload that is not
/// of its kind's shape says nothing).
fn what_of(kind: &str, data: &str) -> Option<String> {
    use relay_core::event::{EventKind, Payload, payload as p};
    fn read<P: Payload>(kind: &str, data: &str) -> Option<P> {
        P::from_json(kind, data)
    }
    let text = |text: &str| (!text.trim().is_empty()).then(|| one_line(text));
    let list = |items: &[String]| (!items.is_empty()).then(|| items.join(", "));
    match EventKind::parse(kind)? {
        EventKind::TaskStageChanged => {
            let e: p::TaskStageChanged = read(kind, data)?;
            let warned = match e.warnings.len() {
                0 => String::new(),
                n => format!(" with {n} rule warning(s)"),
            };
            Some(format!("{} → {}{warned}", one_line(&e.from), one_line(&e.to)))
        }
        EventKind::TaskCreated => {
            text(&read::<p::TaskCreated>(kind, data)?.title).map(|t| format!("created \"{t}\""))
        }
        EventKind::TaskUpdated => {
            list(&read::<p::TaskUpdated>(kind, data)?.changed).map(|f| format!("changed {f}"))
        }
        EventKind::ProjectUpdated => {
            list(&read::<p::ProjectUpdated>(kind, data)?.changed).map(|f| format!("changed {f}"))
        }
        EventKind::ReportAdded => text(&read::<p::ReportAdded>(kind, data)?.summary),
        EventKind::DecisionAdded => text(&read::<p::DecisionAdded>(kind, data)?.text),
        EventKind::TaskSessionBound => {
            text(&read::<p::TaskSessionBound>(kind, data)?.session).map(|s| format!("bound to {s}"))
        }
        EventKind::TaskSessionUnbound => {
            let e: p::TaskSessionUnbound = read(kind, data)?;
            Some(
                e.session
                    .as_deref()
                    .and_then(text)
                    .map_or_else(|| "unbound".to_owned(), |s| format!("unbound {s}")),
            )
        }
        EventKind::SessionStatusChanged => {
            let e: p::SessionStatusChanged = read(kind, data)?;
            let (session, status) = (text(&e.session)?, text(&e.status)?);
            Some(match e.previous.as_deref().and_then(text) {
                Some(previous) => format!("{session}: {previous} → {status}"),
                None => format!("{session}: {status}"),
            })
        }
        EventKind::TaskTrackerUnlogged => text(&read::<p::TaskTrackerUnlogged>(kind, data)?.reason)
            .map(|reason| format!("tracker mark cleared: {reason}")),
        EventKind::ProjectCreated => {
            text(&read::<p::ProjectCreated>(kind, data)?.name).map(|name| format!("created \"{name}\""))
        }
        EventKind::SessionAliasAdded => {
            let e: p::SessionAliasAdded = read(kind, data)?;
            let (alias, session) = (text(&e.alias)?, e.session.as_deref().and_then(text)?);
            Some(format!("{alias} is now an alias of {session}"))
        }
        EventKind::LockContended => {
            let e: p::LockContended = read(kind, data)?;
            let times = match e.contention {
                0 | 1 => String::new(),
                n => format!(" ({n} times)"),
            };
            Some(format!(
                "{} refused to {}: held by {}{times}",
                text(&e.path)?,
                text(&e.wanted_by)?,
                text(&e.holder)?
            ))
        }
        EventKind::PlanSet => {
            let e: p::PlanSet = read(kind, data)?;
            let steps = match e.steps {
                1 => "1 step".to_owned(),
                n => format!("{n} steps"),
            };
            let reason = text(&e.reason).map(|r| format!(": {r}")).unwrap_or_default();
            Some(format!("plan written, {steps}, {}{reason}", one_line(&e.status)))
        }
        EventKind::PlanStepUpdated => {
            let e: p::PlanStepUpdated = read(kind, data)?;
            let title = text(&e.title)?;
            let change = match text(&e.previous) {
                Some(previous) if previous != e.status => format!("{previous} → {}", one_line(&e.status)),
                _ => one_line(&e.status),
            };
            let outcome = e
                .outcome
                .as_deref()
                .and_then(text)
                .map(|o| format!(": {o}"))
                .unwrap_or_default();
            Some(format!("plan step {} '{title}' {change}{outcome}", e.position))
        }
        EventKind::PlanAccepted => {
            let e: p::PlanAccepted = read(kind, data)?;
            Some(format!(
                "plan of {} step(s) accepted by {}",
                e.steps,
                text(&e.accepted_by)?
            ))
        }
        EventKind::AttachmentAdded => {
            let e: p::AttachmentAdded = read(kind, data)?;
            let name = e
                .name
                .as_deref()
                .and_then(text)
                .map(|n| format!(" '{n}'"))
                .unwrap_or_default();
            let place = e.position.map(|p| format!(" to step {p}")).unwrap_or_default();
            Some(format!(
                "screenshot #{}{name} ({}, {}) attached{place}",
                e.attachment,
                relay_core::media::MediaType::label_of(&e.media_type),
                relay_core::display::short_size(e.size)
            ))
        }
        EventKind::AttachmentUpdated => Some(format!(
            "screenshot #{}'s caption changed",
            read::<p::AttachmentUpdated>(kind, data)?.attachment
        )),
        EventKind::AttachmentRemoved => Some(format!(
            "screenshot #{} removed",
            read::<p::AttachmentRemoved>(kind, data)?.attachment
        )),
        EventKind::SessionTodoUpdated => {
            let e: p::SessionTodoUpdated = read(kind, data)?;
            Some(format!(
                "{}'s todo now has {} item(s)",
                text(&e.session)?,
                e.items
            ))
        }
        EventKind::SessionSeen => {
            let e: p::SessionSeen = read(kind, data)?;
            let session = text(&e.session)?;
            let place = e
                .cwd
                .as_deref()
                .and_then(text)
                .map(|c| format!(" in {c}"))
                .unwrap_or_default();
            let link = match (e.linked.as_deref(), e.unlinked_reason.as_deref().and_then(text)) {
                (Some(how), _) => format!(", linked ({how})"),
                (None, Some(why)) => format!(", not linked: {why}"),
                (None, None) => String::new(),
            };
            Some(format!(
                "{session} ({}) first seen{place}{link}",
                one_line(&e.kind)
            ))
        }
        EventKind::RunnerProjectAdded => {
            let e: p::RunnerProjectAdded = read(kind, data)?;
            let from = e
                .git_url
                .as_deref()
                .and_then(text)
                .unwrap_or_else(|| one_line(&e.repo_path));
            Some(format!("runs sessions from {from} ({})", one_line(&e.state)))
        }
        EventKind::RunnerProjectChanged => {
            let e: p::RunnerProjectChanged = read(kind, data)?;
            let error = e
                .error
                .as_deref()
                .and_then(text)
                .map(|x| format!(": {x}"))
                .unwrap_or_default();
            Some(format!("clone {}{error}", one_line(&e.state)))
        }
        EventKind::RunnerProjectRemoved => {
            let e: p::RunnerProjectRemoved = read(kind, data)?;
            let sessions = match e.sessions.len() {
                0 => "no session".to_owned(),
                1 => "1 session".to_owned(),
                n => format!("{n} sessions"),
            };
            let clone = if e.clone_removed {
                ", its clone deleted"
            } else {
                ""
            };
            Some(format!(
                "stopped running sessions: {sessions} removed{clone}; the board stays"
            ))
        }
        EventKind::RunnerCloneProgressed => {
            let e: p::RunnerCloneProgressed = read(kind, data)?;
            let percent = e.percent.map(|p| format!(" {p}%")).unwrap_or_default();
            Some(format!("cloning: {}{percent}", one_line(&e.phase)))
        }
        EventKind::RunnerImagePullProgressed => {
            let e: p::RunnerImagePullProgressed = read(kind, data)?;
            let session = text(&e.session)?;
            let howfar = match e.percent {
                Some(percent) => format!(" {percent}% ({} of {} MB)", e.downloaded_mb, e.total_mb),
                None => String::new(),
            };
            Some(format!(
                "{session}: pulling the image {}{howfar}",
                one_line(&e.image)
            ))
        }
        EventKind::RunnerSessionChanged => {
            let e: p::RunnerSessionChanged = read(kind, data)?;
            let session = text(&e.session)?;
            let change = match e.previous.as_deref().and_then(text) {
                Some(previous) => format!("{previous} → {}", one_line(&e.state)),
                None => format!("created, {}", one_line(&e.state)),
            };
            let mut why = e
                .error
                .as_deref()
                .and_then(text)
                .map(|x| format!(": {x}"))
                .unwrap_or_default();
            if let Some(code) = e.exit_code {
                why.push_str(&format!(" (exit {code})"));
            }
            Some(format!("{session} on {}: {change}{why}", one_line(&e.branch)))
        }
        EventKind::RunnerDiskLow => {
            let e: p::RunnerDiskLow = read(kind, data)?;
            Some(format!(
                "low disk space: {} MB free in the data directory (warning below {} MB); clones and new sessions are refused below {} MB",
                e.free_mb, e.warning_mb, e.refuse_below_mb
            ))
        }
        EventKind::BackupCreated => Some(format!(
            "backup written ({})",
            relay_core::display::short_size(
                i64::try_from(read::<p::BackupCreated>(kind, data)?.bytes).unwrap_or(i64::MAX)
            )
        )),
        EventKind::SnapshotTaken => {
            let e: p::SnapshotTaken = read(kind, data)?;
            let why = match e.reason.as_str() {
                "remove" => format!("before relay removed {}", ellipsize(&one_line(&e.command), 80)),
                _ => format!("before `{}`", ellipsize(&one_line(&e.command), 80)),
            };
            let whose = match e.held_by.len() {
                0 => String::new(),
                _ => format!(" — it reached work of {}", e.held_by.join(", ")),
            };
            Some(format!(
                "saved {}'s uncommitted work ({} file(s)) {why}{whose}; `relay undo {}` brings it back",
                one_line(&e.session),
                e.files,
                e.id
            ))
        }
        EventKind::SnapshotRestored => {
            let e: p::SnapshotRestored = read(kind, data)?;
            Some(format!(
                "brought back {} file(s) of {}'s work lost to `{}` (snapshot {}) into {}{}",
                e.files,
                one_line(&e.session),
                ellipsize(&one_line(&e.command), 80),
                e.id,
                e.into,
                if e.forced {
                    ", overwriting newer changes"
                } else {
                    ""
                }
            ))
        }
        _ if kind.starts_with("review.") || kind.starts_with("comment.") => {
            super::render_review::event_what(kind, data)
        }
        _ => None,
    }
}

/// Text on one line: line breaks become spaces.
pub(super) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `max` characters, `…` when cut.
pub(super) fn ellipsize(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// At most `max` characters, with a marker when cut.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}… (cut at {max} characters)", &text[..end]),
        None => text.to_owned(),
    }
}

/// A report's body after its summary line (the whole body when the summary was cut from a longer line).
fn report_rest<'a>(body: &'a str, summary: &str) -> &'a str {
    let body = body.trim();
    match body.split_once('\n') {
        Some((first, rest)) if first.trim() == summary.trim() => rest.trim(),
        None if body == summary.trim() => "",
        _ => body,
    }
}

/// Markdown block quote of `text`, indented under a list item; nothing for empty text.
fn quote(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.trim().is_empty() {
                "  >\n".to_owned()
            } else {
                format!("  > {line}\n")
            }
        })
        .collect()
}

/// `2026-11-29 23:10Z`.
pub fn utc(ms: i64) -> String {
    let (date, minutes) = split_ms(ms);
    format!("{date} {:02}:{:02}Z", minutes / 60, minutes % 60)
}

/// `2026-11-29`.
fn date(ms: i64) -> String {
    split_ms(ms).0
}

/// `23:10Z` for events of today's log pages; the id orders them, the time orients the reader.
fn time(ms: i64) -> String {
    let (_, minutes) = split_ms(ms);
    format!("{:02}:{:02}Z", minutes / 60, minutes % 60)
}

/// The UTC date (`YYYY-MM-DD`) and minute of the day of a Unix time in milliseconds.
fn split_ms(ms: i64) -> (String, i64) {
    let minutes = ms.div_euclid(60_000);
    let days = minutes.div_euclid(1_440);
    let (year, month, day) = relay_core::time::civil_from_days(days);
    (
        format!("{year:04}-{month:02}-{day:02}"),
        minutes.rem_euclid(1_440),
    )
}

#[cfg(test)]
mod tests {

    /// The activity feed says what happened for locks, attachments, plans, sessions and the runner too.
    #[test]
    fn event_what_names_locks_attachments_plans_sessions_and_runner_changes() {
        use relay_core::event::{Payload, payload as p};
        fn what<P: Payload>(payload: &P) -> String {
            let data = serde_json::to_string(payload).unwrap();
            what_of(P::KIND.as_str(), &data).unwrap_or_else(|| panic!("no words for {}", P::KIND.as_str()))
        }
        let lock = p::LockContended {
            workspace: "/repo".into(),
            path: "src/auth.ts".into(),
            holder: "Claude Code:desk:52b2".into(),
            wanted_by: "Cursor:desk:c1".into(),
            bucket_ms: 0,
            contention: 3,
        };
        assert_eq!(
            what(&lock),
            "src/auth.ts refused to Cursor:desk:c1: held by Claude Code:desk:52b2 (3 times)"
        );
        let accepted = p::PlanAccepted {
            steps: 3,
            accepted_by: "owner".into(),
            ..Default::default()
        };
        assert_eq!(what(&accepted), "plan of 3 step(s) accepted by owner");
        let shot = p::AttachmentAdded {
            attachment: 12,
            position: Some(2),
            media_type: "image/png".into(),
            size: 34 * 1024,
            name: Some("login.png".into()),
            ..Default::default()
        };
        assert_eq!(
            what(&shot),
            "screenshot #12 'login.png' (PNG, 34 KB) attached to step 2"
        );
        let seen = p::SessionSeen {
            session: "typo-fixer".into(),
            kind: "hook".into(),
            cwd: Some("/repo".into()),
            unlinked_reason: Some("two desktop sessions in /repo".into()),
            ..Default::default()
        };
        assert_eq!(
            what(&seen),
            "typo-fixer (hook) first seen in /repo, not linked: two desktop sessions in /repo"
        );
        let failed = p::RunnerSessionChanged {
            session: "run-shop-2".into(),
            state: "failed".into(),
            previous: Some("running".into()),
            branch: "relay/shop-3".into(),
            error: Some("the process exited".into()),
            exit_code: Some(137),
            ..Default::default()
        };
        assert_eq!(
            what(&failed),
            "run-shop-2 on relay/shop-3: running → failed: the process exited (exit 137)"
        );
        let step = p::PlanStepUpdated {
            position: 2,
            title: "Wire the form".into(),
            status: "done".into(),
            previous: "in_progress".into(),
            outcome: Some("form posts to /login".into()),
            ..Default::default()
        };
        assert_eq!(
            what(&step),
            "plan step 2 'Wire the form' in_progress → done: form posts to /login"
        );
    }
    use super::*;

    #[test]
    fn the_activity_says_who_lost_what_and_how_it_came_back() {
        let taken = r#"{"id":3,"reason":"command","session":"run-app-2","command":"git reset --hard",
            "files":4,"held_by":["Claude Code:desk:52b2…"]}"#;
        assert_eq!(
            what_of("snapshot.taken", taken).unwrap(),
            "saved run-app-2's uncommitted work (4 file(s)) before `git reset --hard` — it reached work of \
             Claude Code:desk:52b2…; `relay undo 3` brings it back"
        );
        let removed =
            r#"{"id":4,"reason":"remove","session":"run-app-3","command":"the worktree /w/app-3","files":1}"#;
        assert_eq!(
            what_of("snapshot.taken", removed).unwrap(),
            "saved run-app-3's uncommitted work (1 file(s)) before relay removed the worktree /w/app-3; `relay undo 4` brings it back"
        );
        let restored = r#"{"id":3,"session":"run-app-2","command":"git reset --hard","files":2,"into":"/r","forced":true}"#;
        assert_eq!(
            what_of("snapshot.restored", restored).unwrap(),
            "brought back 2 file(s) of run-app-2's work lost to `git reset --hard` (snapshot 3) into /r, overwriting newer changes"
        );
    }

    #[test]
    fn utc_formats_known_instants_when_given_milliseconds() {
        assert_eq!(utc(0), "1970-01-01 00:00Z");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00Z");
        assert_eq!(utc(1_795_993_800_000), "2026-11-29 23:10Z");
        assert_eq!(utc(-60_000), "1969-12-31 23:59Z");
    }

    #[test]
    fn cut_marks_the_cut_when_text_is_longer_than_the_limit() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc… (cut at 3 characters)");
        assert_eq!(cut("ééé", 2), "éé… (cut at 2 characters)");
    }

    #[test]
    fn report_rest_drops_the_summary_line_when_it_leads_the_body() {
        assert_eq!(report_rest("done · S · x\n\nmore", "done · S · x"), "more");
        assert_eq!(report_rest("only line", "only line"), "");
        assert_eq!(
            report_rest("a very long first line", "a very long"),
            "a very long first line"
        );
        assert_eq!(quote("a\n\nb"), "  > a\n  >\n  > b\n");
    }

    #[test]
    fn event_line_describes_a_stage_change_when_the_payload_has_from_and_to() {
        let event = EventRecord {
            id: 7,
            kind: "task.stage_changed".to_owned(),
            at_ms: 1_795_993_800_000,
            subject: "acme-1".to_owned(),
            project: None,
            data: r#"{"from":"plan","to":"dev","warnings":["w"],"actor":"s1"}"#.to_owned(),
        };
        assert_eq!(
            event_line(&event),
            "#7 23:10Z task.stage_changed acme-1: plan → dev with 1 rule warning(s) (by s1)"
        );
    }

    #[test]
    fn event_line_keeps_kind_and_subject_when_the_payload_is_not_json() {
        let event = EventRecord {
            id: 1,
            kind: "daemon.started".to_owned(),
            at_ms: 0,
            subject: String::new(),
            project: None,
            data: "not json".to_owned(),
        };
        assert_eq!(event_line(&event), "#1 00:00Z daemon.started");
    }
}
