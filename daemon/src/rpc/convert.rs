//! Domain types to `relay.v1` messages.

use relay_core::board::Stage;
use relay_core::proto;
use relay_core::rules::EffectiveRules;
use serde_json::Value;

use crate::board::{
    Binding, Caller, DecisionAdded, EventPage, Outcome, ProjectSummary, ReportAdded, Snapshot, TaskDetail,
    TaskRow,
};
use crate::bus::{Feed, SnapshotReason};
use crate::coord::{Contention, LockState, LockView, Owner, Presence, Ttl};
use crate::handle::StatusReport;
use crate::store::board::{DecisionRow, ReportRow};
use crate::store::{BackupInfo, EventRecord};

pub(super) fn status(report: StatusReport) -> proto::Status {
    proto::Status {
        daemon_version: report.daemon_version,
        protocol_version: report.protocol_version,
        pid: report.pid,
        started_at_ms: report.started_at_ms,
        data_dir: report.data_dir,
        socket_path: report.socket_path,
        http_addr: report.http_addr,
        schema_version: report.schema_version,
        binary_schema_version: report.binary_schema_version,
        last_event_id: report.last_event_id,
        token_id: report.token_id,
        log_dir: report.log_dir,
        runner: Some(runner_metrics(&report.runner)),
        remote_addr: report.remote.as_ref().map(|(addr, _)| addr.clone()),
        remote_fingerprint: report.remote.map(|(_, fingerprint)| fingerprint),
    }
}

fn timing(t: crate::runner::metrics::TimingSnapshot) -> proto::Timing {
    proto::Timing {
        samples: t.samples,
        p50_ms: t.p50_ms,
        p99_ms: t.p99_ms,
        max_ms: t.max_ms,
    }
}

fn runner_metrics(m: &crate::runner::MetricsReport) -> proto::RunnerMetrics {
    proto::RunnerMetrics {
        sessions_active: m.sessions_active,
        sessions_created: m.sessions_created,
        start_failures: m.sessions_failed,
        terminal_input_bytes: m.input_bytes,
        terminal_output_bytes: m.output_bytes,
        terminal_latency: Some(timing(m.terminal_latency)),
        session_ready_local: Some(timing(m.ready_local)),
        session_ready_docker: Some(timing(m.ready_docker)),
        git_clone: Some(timing(m.git_clone)),
        docker_oom_events: m.docker_oom,
        docker_engine_lost: m.docker_lost,
        free_disk_mb: m.free_disk_mb,
        low_disk: m.low_disk,
        containers: m
            .containers
            .iter()
            .map(|c| proto::ContainerMetrics {
                session: c.session.clone(),
                container: c.container.clone(),
                cpu_percent: c.cpu_percent,
                memory_mb: c.memory_mb,
                memory_limit_mb: c.memory_limit_mb,
                sampled_at_ms: c.sampled_at_ms,
            })
            .collect(),
    }
}

pub(super) fn event(record: &EventRecord) -> proto::Event {
    proto::Event {
        id: record.id,
        kind: record.kind.clone(),
        at_ms: record.at_ms,
        subject: record.subject.clone(),
        data_json: record.data.clone(),
        project: record.project.clone(),
    }
}

pub(super) fn feed(feed: Feed) -> proto::Update {
    let update = match feed {
        Feed::Snapshot {
            reason,
            status: report,
            last_event_id,
        } => proto::update::Update::Snapshot(proto::Snapshot {
            reason: match reason {
                SnapshotReason::Initial => proto::SnapshotReason::Initial,
                SnapshotReason::Lagged => proto::SnapshotReason::Lagged,
            }
            .into(),
            status: Some(status(*report)),
            last_event_id,
        }),
        Feed::Event(record) => proto::update::Update::Event(event(&record)),
        Feed::Live(crate::bus::Live::LocksChanged) => {
            proto::update::Update::LocksChanged(proto::LocksChanged {})
        }
    };
    proto::Update { update: Some(update) }
}

pub(super) fn backup(info: BackupInfo) -> proto::Backup {
    proto::Backup {
        path: info.path.display().to_string(),
        bytes: info.bytes,
        schema_version: info.schema_version,
        last_event_id: info.last_event_id,
    }
}

// ---- the board ------------------------------------------------------------------------------------------

/// Who sent `request`, as its listener established it: the local socket's layer puts the owner there (the peer
/// check), the remote listener's the scope of the token that authenticated (`remote::auth`). A request that
/// came through neither is refused; nothing a client sends can set it.
pub(super) fn transport<T>(request: &tonic::Request<T>) -> Result<Caller, tonic::Status> {
    request.extensions().get::<Caller>().cloned().ok_or_else(|| {
        tonic::Status::unauthenticated(
            "relayd could not tell who sent this request (it came in on no listener that identifies its caller); nothing was done",
        )
    })
}

/// [`transport`], refused unless it is the owner: `what` names the owner's action in the refusal.
pub(super) fn owner_only<T>(request: &tonic::Request<T>, what: &str) -> Result<Caller, tonic::Status> {
    let caller = transport(request)?;
    caller
        .require_owner(|| {
            format!(
                "{what} is the owner's to do, and this request authenticated as an agent ({}); use an owner token (`relay token --remote owner --rotate` on the server makes one). Nothing changed.",
                caller.surface().as_str()
            )
        })
        .map_err(|refused| tonic::Status::permission_denied(refused.0))?;
    Ok(caller)
}

/// The transport's caller writing as the session the request names, if any. The named session is a label; it
/// never changes the role.
pub(super) fn caller(transport: &Caller, writer: Option<proto::Actor>) -> Caller {
    let writer = writer.unwrap_or_default();
    transport
        .clone()
        .with_session(writer.session, writer.session_title)
}

/// Field changes as the board takes them: the values parsed from JSON, the first bad one named.
pub(super) fn field_changes(fields: Vec<proto::FieldChange>) -> Result<Vec<(String, Value)>, tonic::Status> {
    fields
        .into_iter()
        .map(|field| match serde_json::from_str::<Value>(&field.value_json) {
            Ok(value) => Ok((field.name, value)),
            Err(err) => Err(tonic::Status::invalid_argument(format!(
                "field `{}`: value_json {:?} is not JSON ({err}); send a JSON string, number or boolean",
                field.name, field.value_json
            ))),
        })
        .collect()
}

/// A write's warnings, notes and whether it changed anything.
pub(super) fn notes<T>(outcome: &Outcome<T>) -> proto::WriteNotes {
    proto::WriteNotes {
        warnings: outcome.warnings.clone(),
        notes: outcome.notes.clone(),
        changed: outcome.changed,
    }
}

pub(super) fn project(summary: ProjectSummary) -> proto::Project {
    proto::Project {
        slug: summary.slug,
        name: summary.name,
        repo_path: summary.repo_path,
        description: summary.description,
        counts: Stage::ALL
            .iter()
            .zip(summary.counts)
            .map(|(stage, tasks)| proto::StageCount {
                stage: stage.as_str().to_owned(),
                tasks,
            })
            .collect(),
        updated_at_ms: summary.updated_at_ms,
    }
}

pub(super) fn project_write(outcome: Outcome<ProjectSummary>) -> proto::UpsertProjectResponse {
    let notes = notes(&outcome);
    proto::UpsertProjectResponse {
        project: Some(project(outcome.value)),
        notes: Some(notes),
    }
}

pub(super) fn project_board(snapshot: Snapshot) -> proto::ProjectBoard {
    let slug = snapshot.project.slug.clone();
    proto::ProjectBoard {
        project: Some(project(snapshot.project)),
        rules_line: snapshot.rules_line,
        tasks: snapshot.tasks.into_iter().map(task).collect(),
        decisions: snapshot
            .decisions
            .into_iter()
            .map(|row| decision(row, &slug))
            .collect(),
        last_event_id: snapshot.last_event_id,
        done: Some(proto::DoneColumn {
            recent: snapshot.done.recent,
            archived: snapshot.done.archived,
            window_days: snapshot.done.window_days,
            cap: snapshot.done.cap,
            require_tracker_log: snapshot.done.require_tracker_log,
        }),
    }
}

/// Copies a task's bookkeeping and every task-field column (the store's `task_field_columns!` list) into the
/// message; the field names are the same on both sides.
macro_rules! task_message {
    ($view:ident, $($field:ident: $type:ty,)*) => {
        proto::Task {
            key: $view.key(),
            next_step_stale: $view.next_step_stale(),
            project: $view.project_slug,
            number: $view.number,
            version: $view.version,
            session: $view.session,
            created_at_ms: $view.created_at_ms,
            updated_at_ms: $view.updated_at_ms,
            stage_changed_at_ms: $view.stage_changed_at_ms,
            closed_at_ms: $view.closed_at_ms,
            $($field: $view.$field,)*
        }
    };
}

pub(super) fn task(view: TaskRow) -> proto::Task {
    crate::store::board::task_field_columns!(task_message! { view, })
}

pub(super) fn task_write(outcome: Outcome<TaskRow>) -> proto::TaskWrite {
    let notes = notes(&outcome);
    proto::TaskWrite {
        task: Some(task(outcome.value)),
        notes: Some(notes),
    }
}

pub(super) fn task_detail(detail: TaskDetail) -> proto::TaskDetail {
    let slug = detail.task.project_slug.clone();
    proto::TaskDetail {
        plan_summary: detail.plan.as_ref().map(|plan| plan.line()),
        task: Some(task(detail.task)),
        reports: detail.reports.into_iter().map(report).collect(),
        decisions: detail
            .decisions
            .into_iter()
            .map(|row| decision(row, &slug))
            .collect(),
        bindings: detail
            .bindings
            .into_iter()
            .map(|row| proto::TaskBindingRecord {
                session: row.session,
                session_kind: row.kind,
                bound_at_ms: row.bound_at_ms,
                unbound_at_ms: row.unbound_at_ms,
                bound_by: row.bound_by,
            })
            .collect(),
        tracker_history: detail
            .tracker_history
            .into_iter()
            .map(|row| proto::TrackerEntry {
                id: row.id,
                tracker_ref: row.tracker_ref,
                tracker_name: row.tracker_name,
                tracker_url: row.tracker_url,
                logged_at_ms: row.logged_at_ms,
                unlogged_at_ms: row.unlogged_at_ms,
                created_at_ms: row.created_at_ms,
            })
            .collect(),
    }
}

fn report(row: ReportRow) -> proto::Report {
    proto::Report {
        id: row.id,
        session: row.session,
        body: row.body,
        summary: row.summary,
        state: row.state,
        size: row.size,
        stage: row.stage,
        created_at_ms: row.created_at_ms,
    }
}

/// A decision of the project `slug`; its task, when it has one, by key.
fn decision(row: DecisionRow, slug: &str) -> proto::Decision {
    proto::Decision {
        id: row.id,
        scope: row.scope,
        task_key: row.task_number.map(|n| format!("{slug}-{n}")),
        text: row.text,
        decided_by: row.decided_by,
        session: row.session,
        source_text: row.source_text,
        source_kind: row.source_kind,
        source_ref: row.source_ref,
        valid_from_ms: row.valid_from_ms,
        recorded_at_ms: row.recorded_at_ms,
        superseded_at_ms: row.superseded_at_ms,
        superseded_by: row.superseded_by,
    }
}

pub(super) fn binding(outcome: Outcome<Binding>) -> proto::TaskBinding {
    let notes = notes(&outcome);
    proto::TaskBinding {
        key: outcome.value.key,
        session: outcome.value.session,
        previous: outcome.value.previous,
        notes: Some(notes),
    }
}

pub(super) fn report_added(outcome: Outcome<ReportAdded>) -> proto::AddReportResponse {
    let notes = notes(&outcome);
    let added = outcome.value;
    proto::AddReportResponse {
        id: added.id,
        key: added.key,
        summary: added.summary,
        state: added.state,
        size: added.size,
        size_set: added.size_set,
        notes: Some(notes),
    }
}

pub(super) fn decision_added(outcome: Outcome<DecisionAdded>) -> proto::AddDecisionResponse {
    let notes = notes(&outcome);
    let added = outcome.value;
    proto::AddDecisionResponse {
        id: added.id,
        project: added.project,
        task_key: added.key,
        scope: added.scope.to_owned(),
        notes: Some(notes),
    }
}

pub(super) fn event_page(page: EventPage) -> proto::ListEventsResponse {
    proto::ListEventsResponse {
        events: page.events.iter().map(event).collect(),
        last_event_id: page.last_event_id,
        more: page.more,
    }
}

pub(super) fn rules(rules: &EffectiveRules) -> proto::Rules {
    proto::Rules {
        hash: rules.hash().to_owned(),
        mode: rules.mode().as_str().to_owned(),
        summary_line: rules.summary_line(),
        markdown: rules.to_markdown(),
        rules_json: rules.to_json_value().to_string(),
        project_override_error: rules.project_override_error().map(str::to_owned),
    }
}

// ---- coordination ---------------------------------------------------------------------------------------

pub(super) fn lock_listing(
    locks: Vec<LockView>,
    contentions: Vec<Contention>,
    now_ms: i64,
    ttl: Ttl,
) -> proto::ListLocksResponse {
    proto::ListLocksResponse {
        locks: locks.into_iter().map(file_lock).collect(),
        contentions: contentions.into_iter().map(contention).collect(),
        now_ms,
        ttl_secs: u32::try_from(ttl.as_duration().as_secs()).unwrap_or(u32::MAX),
    }
}

fn lock_owner(owner: &Owner) -> proto::LockOwner {
    proto::LockOwner {
        agent_label: owner.agent_label().to_owned(),
        host: owner.host().to_owned(),
        session: owner.session().to_string(),
        lock_id: owner.to_string(),
    }
}

fn presence(presence: Presence) -> proto::LockPresence {
    proto::LockPresence {
        owner: Some(lock_owner(&presence.owner)),
        since_ms: presence.since_ms,
        last_at_ms: presence.last_at_ms,
    }
}

fn file_lock(view: LockView) -> proto::FileLock {
    let mut lock = proto::FileLock {
        workspace: view.key.workspace().to_owned(),
        path: view.key.path().to_owned(),
        waiters: view.waiters.into_iter().map(presence).collect(),
        readers: view.readers.into_iter().map(presence).collect(),
        ..proto::FileLock::default()
    };
    match view.state {
        LockState::Held {
            holder,
            since_ms,
            renewed_at_ms,
            expires_at_ms,
            intent,
        } => {
            lock.set_state(proto::LockState::Held);
            lock.holder = Some(lock_owner(&holder));
            lock.since_ms = since_ms;
            lock.renewed_at_ms = Some(renewed_at_ms);
            lock.expires_at_ms = Some(expires_at_ms);
            lock.intent_at_ms = intent.as_ref().map(|i| i.at_ms);
            lock.intent = intent.map(|i| i.text);
        }
        LockState::Released {
            holder,
            since_ms,
            released_at_ms,
        } => {
            lock.set_state(proto::LockState::Released);
            lock.holder = Some(lock_owner(&holder));
            lock.since_ms = since_ms;
            lock.released_at_ms = Some(released_at_ms);
        }
        LockState::Free => lock.set_state(proto::LockState::Free),
    }
    lock
}

fn contention(contention: Contention) -> proto::LockContention {
    proto::LockContention {
        id: contention.id,
        workspace: contention.key.workspace().to_owned(),
        path: contention.key.path().to_owned(),
        holder: Some(lock_owner(&contention.holder)),
        wanted_by: Some(lock_owner(&contention.wanted_by)),
        bucket_ms: contention.bucket_ms,
        first_at_ms: contention.first_at_ms,
        last_at_ms: contention.last_at_ms,
        count: contention.count,
    }
}

/// A snapshot row as `relay snapshots` shows it.
pub(super) fn work_snapshot(row: &crate::store::snapshot::SnapshotRow) -> proto::WorkSnapshot {
    let skipped: Vec<(String, u64)> = serde_json::from_str(&row.skipped_json).unwrap_or_default();
    let held: Vec<crate::undo::HeldBy> = serde_json::from_str(&row.held_json).unwrap_or_default();
    proto::WorkSnapshot {
        id: row.id,
        created_at_ms: row.created_at_ms,
        repo: row.repo.clone(),
        git_ref: row.git_ref.clone(),
        commit: row.commit_sha.clone(),
        reason: row.reason.clone(),
        session: row.session.clone(),
        agent: row.agent.clone(),
        command: row.command.clone(),
        project: row.project.clone(),
        task_key: row.task_key.clone(),
        files: row.files,
        bytes: row.bytes,
        skipped: skipped.into_iter().map(|(path, _)| path).collect(),
        held_by: held.into_iter().map(|h| h.holder).collect(),
    }
}
