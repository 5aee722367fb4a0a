//! Maps domain errors to gRPC statuses; the message is the domain error's words.

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
