//! The client's errors and the one place they become exit codes:
//! 0 ok, 1 failure (refused, failed), 2 usage (a bad command line or value), 3 daemon not reachable,
//! 4 not found (an unknown project or task).

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
    /// What the command names does not exist (an unknown project or task).
    #[error("{0}")]
    NotFound(String),
}

impl CliError {
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self {
            CliError::Failed(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Unreachable(_) => 3,
            CliError::NotFound(_) => 4,
        })
    }

    pub fn failed(err: impl std::fmt::Display) -> CliError {
        CliError::Failed(err.to_string())
    }

    /// The refusal of a command that runs the daemon's code in this process, in a client-only build (relay
    /// built without its default `daemon` feature): names the command and says what to do instead.
    #[cfg(not(feature = "daemon"))]
    pub fn no_daemon(command: &str, instead: &str) -> CliError {
        CliError::Failed(format!(
            "`{command}` needs the daemon, and this relay was built without it (cargo feature `daemon`); {instead}"
        ))
    }
}

/// The daemon's status codes: a value it refused (`INVALID_ARGUMENT`) came from the command line, so it is a
/// usage error; a refusal by the working rules (`FAILED_PRECONDITION`) or a stale `--expected-version`
/// (`ABORTED`) is a failure of a well-formed command.
impl From<tonic::Status> for CliError {
    fn from(status: tonic::Status) -> CliError {
        match status.code() {
            tonic::Code::Unavailable => CliError::Unreachable(format!(
                "relayd stopped answering: {}; see `relay daemon logs`",
                status.message()
            )),
            tonic::Code::InvalidArgument => CliError::Usage(status.message().to_owned()),
            tonic::Code::NotFound => CliError::NotFound(status.message().to_owned()),
            _ => CliError::Failed(status.message().to_owned()),
        }
    }
}

impl From<relay_core::config::ConfigError> for CliError {
    fn from(err: relay_core::config::ConfigError) -> CliError {
        CliError::Failed(err.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daemon_statuses_become_the_errors_scripts_branch_on() {
        let error = |code| CliError::from(tonic::Status::new(code, "words"));
        assert!(matches!(error(tonic::Code::InvalidArgument), CliError::Usage(_)));
        assert!(matches!(error(tonic::Code::NotFound), CliError::NotFound(_)));
        assert!(matches!(error(tonic::Code::Aborted), CliError::Failed(_)));
        assert!(matches!(
            error(tonic::Code::FailedPrecondition),
            CliError::Failed(_)
        ));
        assert!(matches!(
            error(tonic::Code::Unavailable),
            CliError::Unreachable(_)
        ));
        assert_eq!(error(tonic::Code::NotFound).exit_code(), ExitCode::from(4));
    }
}
