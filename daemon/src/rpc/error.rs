//! Maps domain errors to gRPC statuses; the message is the domain error's words.

use crate::board::BoardError;
use crate::runner::RunnerError;
use crate::store::StoreError;

pub(super) fn store(err: StoreError) -> tonic::Status {
    let message = err.to_string();
    match err {
        StoreError::BackupExists { .. } => tonic::Status::already_exists(message),
        StoreError::RelativePath { .. } | StoreError::NoSuchFolder { .. } => {
            tonic::Status::invalid_argument(message)
        }
        StoreError::NotADatabase { .. }
        | StoreError::NotRelay { .. }
        | StoreError::NotRelayBackup { .. }
        | StoreError::TooNew { .. }
        | StoreError::Corrupt { .. } => tonic::Status::failed_precondition(message),
        StoreError::Io { ref source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            tonic::Status::not_found(message)
        }
        StoreError::Io { ref source, .. } if source.kind() == std::io::ErrorKind::PermissionDenied => {
            tonic::Status::permission_denied(message)
        }
        StoreError::Migration { .. } | StoreError::Sql { .. } | StoreError::Io { .. } => {
            tracing::error!(error = %message, "store failure");
            tonic::Status::internal(message)
        }
    }
}

/// Board errors: the status code tells a client why (the CLI turns them into exit codes), the message is the
/// board's words. Unknown project or task: NOT_FOUND; stale expected_version: ABORTED; strict rules refusing
/// a stage move, or a state refusing the request (accepting an empty plan): FAILED_PRECONDITION; any other bad
/// input: INVALID_ARGUMENT; the store failing: as `store`.
pub(super) fn board(err: BoardError) -> tonic::Status {
    let message = err.to_string();
    match err {
        BoardError::Store(err) => store(err),
        ref err if err.not_found() => tonic::Status::not_found(message),
        BoardError::VersionConflict { .. } => tonic::Status::aborted(message),
        BoardError::RulesRefused(_) | BoardError::Refused(_) | BoardError::OwnerOnly(_) => {
            tonic::Status::failed_precondition(message)
        }
        _ => tonic::Status::invalid_argument(message),
    }
}

/// Runner errors: unknown project or session NOT_FOUND, a bad value INVALID_ARGUMENT, a state that does not
/// allow the action FAILED_PRECONDITION, another session on the branch ALREADY_EXISTS, the session limits
/// RESOURCE_EXHAUSTED, git or the PTY failing INTERNAL.
pub(super) fn runner(err: RunnerError) -> tonic::Status {
    let message = err.to_string();
    match err {
        RunnerError::Board(err) => board(err),
        RunnerError::Store(err) => store(err),
        RunnerError::NotFound(_) => tonic::Status::not_found(message),
        RunnerError::Invalid(_) => tonic::Status::invalid_argument(message),
        RunnerError::State(_) | RunnerError::Precondition(_) => tonic::Status::failed_precondition(message),
        RunnerError::Conflict(_) => tonic::Status::already_exists(message),
        RunnerError::Limit(_) | RunnerError::NoSpace(_) => tonic::Status::resource_exhausted(message),
        RunnerError::Forbidden(_) => tonic::Status::permission_denied(message),
        RunnerError::Failed(_) => {
            tracing::warn!(error = %message, "runner failure");
            tonic::Status::internal(message)
        }
    }
}

/// Snapshot errors: an unknown id NOT_FOUND; paths it does not hold, a bad `to`: INVALID_ARGUMENT; the repository
/// or the commit gone, git failing: FAILED_PRECONDITION; the store failing: as `store`.
pub(super) fn undo(err: crate::undo::UndoError) -> tonic::Status {
    use crate::undo::UndoError;
    let message = err.to_string();
    match err {
        UndoError::Store(err) => store(err),
        UndoError::NotFound(_) => tonic::Status::not_found(message),
        UndoError::NoSuchPaths { .. } | UndoError::BadTarget(_) => tonic::Status::invalid_argument(message),
        UndoError::Gone { .. } | UndoError::RepoMissing(_) | UndoError::Git(_) => {
            tonic::Status::failed_precondition(message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_errors_map_to_the_codes_clients_branch_on() {
        let cases = [
            (
                BoardError::UnknownTask { key: "acme-9".into() },
                tonic::Code::NotFound,
            ),
            (
                BoardError::UnknownProject {
                    slug: "nope".into(),
                    known: "acme".into(),
                },
                tonic::Code::NotFound,
            ),
            (
                BoardError::VersionConflict {
                    key: "acme-1".into(),
                    expected: 1,
                    actual: 2,
                },
                tonic::Code::Aborted,
            ),
            (
                BoardError::RulesRefused("Rules: no.".into()),
                tonic::Code::FailedPrecondition,
            ),
            (
                BoardError::Refused("acme-1 has no plan steps to accept".into()),
                tonic::Code::FailedPrecondition,
            ),
            (BoardError::Invalid("bad".into()), tonic::Code::InvalidArgument),
        ];
        for (err, code) in cases {
            let message = err.to_string();
            let status = board(err);
            assert_eq!(status.code(), code, "{message}");
            assert_eq!(status.message(), message, "the board's words pass unchanged");
        }
    }
}
