//! Domain types to `relay.v1` messages.

use relay_core::proto;

use crate::bus::{Feed, SnapshotReason};
use crate::handle::StatusReport;
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
    }
}

pub(super) fn event(record: &EventRecord) -> proto::Event {
    proto::Event {
        id: record.id,
        kind: record.kind.clone(),
        at_ms: record.at_ms,
        subject: record.subject.clone(),
        data_json: record.data.clone(),
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
