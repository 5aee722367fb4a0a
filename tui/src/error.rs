//! The client's errors and the one place they become exit codes:
//! 0 ok, 1 failure, 2 usage, 3 daemon not reachable.

use std::process::ExitCode;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The daemon is not running or does not answer.
    #[error("{0}")]
    Unreachable(String),
    /// The command was understood but could not be done.
    #[error("{0}")]
    Failed(String),
    /// The command line or a value on it is wrong.
    #[error("{0}")]
    Usage(String),
}

impl CliError {
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self {
            CliError::Failed(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Unreachable(_) => 3,
        })
    }

    pub fn failed(err: impl std::fmt::Display) -> CliError {
        CliError::Failed(err.to_string())
    }
}

impl From<tonic::Status> for CliError {
    fn from(status: tonic::Status) -> CliError {
        match status.code() {
            tonic::Code::Unavailable => CliError::Unreachable(format!(
                "relayd stopped answering: {}; see `relay daemon logs`",
                status.message()
            )),
            tonic::Code::InvalidArgument => CliError::Usage(status.message().to_owned()),
            _ => CliError::Failed(status.message().to_owned()),
        }
    }
}

impl From<relay_core::config::ConfigError> for CliError {
    fn from(err: relay_core::config::ConfigError) -> CliError {
        CliError::Failed(err.to_string())
    }
}
