//! The runner session's lifecycle (Relay Cloud seed §11) in one place: the states, the owner's actions and which
//! state allows which.
//!
//! ```text
//!   create ─► Starting ─► Running ─(stop, or the process ends)─► Stopped ─(resume)─► Starting
//!                 │           │                                     └─(rm)─► Deleted
//!                 └──────────┴─(cannot start, timeout, process lost)─► Failed ─(retry)─► Starting
//!                                                                      └─(rm)─► Deleted
//! ```

use std::fmt;

/// Where a runner session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionState {
    /// Its workspace is being made and its process started.
    Starting,
    /// Its process runs in a terminal relayd holds.
    Running,
    /// Its process ended (asked to, or on its own); the workspace stays, resume starts it again.
    Stopped,
    /// It could not start or was lost; the workspace stays, retry starts it again.
    Failed,
    /// Removed with its workspace; only its board session and history remain.
    Deleted,
}

impl SessionState {
    pub const ALL: [SessionState; 5] = [
        SessionState::Starting,
        SessionState::Running,
        SessionState::Stopped,
        SessionState::Failed,
        SessionState::Deleted,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            SessionState::Starting => "starting",
            SessionState::Running => "running",
            SessionState::Stopped => "stopped",
            SessionState::Failed => "failed",
            SessionState::Deleted => "deleted",
        }
    }

    pub fn parse(text: &str) -> Option<SessionState> {
        SessionState::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether the session counts against `max_sessions_*` and holds its branch.
    pub const fn is_live(self) -> bool {
        !matches!(self, SessionState::Deleted)
    }
}

impl fmt::Display for SessionState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the owner asks of a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Stop,
    Resume,
    Retry,
    Delete,
    /// Not a change of state: a terminal attached to the session's process, which must be running.
    Attach,
}

impl Action {
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Stop => "stop",
            Action::Resume => "resume",
            Action::Retry => "retry",
            Action::Delete => "rm",
            Action::Attach => "attach to",
        }
    }
}

/// An action the session's state does not allow: the message names the state and what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub session: String,
    pub state: SessionState,
    pub action: Action,
    pub hint: &'static str,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot {} session {}: it is {}; {}",
            self.action.as_str(),
            self.session,
            self.state,
            self.hint
        )
    }
}

/// The state `action` leads to from `state`, or why it is refused. The one table of the lifecycle.
pub fn next(session: &str, state: SessionState, action: Action) -> Result<SessionState, Refused> {
    use Action::*;
    use SessionState::*;
    let refuse = |hint| {
        Err(Refused {
            session: session.to_owned(),
            state,
            action,
            hint,
        })
    };
    match (state, action) {
        (Starting | Running, Stop) => Ok(Stopped),
        (Stopped | Failed, Stop) => refuse("its process is not running; nothing to stop"),
        (Stopped, Resume) => Ok(Starting),
        (Failed, Resume) => refuse("use `relay session retry` to start a failed session again"),
        (Starting | Running, Resume | Retry) => {
            refuse("it is already started; attach with `relay session attach`")
        }
        (Failed, Retry) => Ok(Starting),
        (Stopped, Retry) => refuse("use `relay session resume` to start a stopped session again"),
        (Stopped | Failed, Delete) => Ok(Deleted),
        (Starting | Running, Delete) => refuse("stop it first with `relay session stop`, then remove it"),
        (Starting | Running, Attach) => Ok(state),
        (Stopped, Attach) => {
            refuse("its program is not running; start it with `relay session resume`, then attach")
        }
        (Failed, Attach) => {
            refuse("its program ended; start it again with `relay session retry`, then attach")
        }
        (Deleted, _) => refuse("it was removed; create a new one with `relay session new`"),
    }
}

/// How a session's process ended, as the exec watchdog saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitInfo {
    /// The exit code; `None` when a signal ended it.
    pub code: Option<i64>,
    /// The signal's name, when one ended it.
    pub signal: Option<String>,
}

impl ExitInfo {
    /// The state and error a session gets when its process ends: `Stopped` either way (§11: the workspace
    /// stays, resume is offered), with an error naming a non-zero code or a signal the owner did not send.
    pub fn outcome(&self, asked_to_stop: bool) -> (SessionState, Option<String>) {
        if asked_to_stop {
            return (SessionState::Stopped, None);
        }
        let error = match (&self.code, &self.signal) {
            (Some(0), _) => None,
            (Some(code), _) => Some(format!(
                "the process exited with code {code}; resume starts it again in the same workspace"
            )),
            (None, Some(signal)) => Some(format!(
                "the process was ended by {signal}; resume starts it again in the same workspace"
            )),
            (None, None) => {
                Some("the process ended; resume starts it again in the same workspace".to_owned())
            }
        };
        (SessionState::Stopped, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lifecycle_allows_exactly_the_seed_transitions() {
        use Action::*;
        use SessionState::*;
        let allowed: Vec<(SessionState, Action, SessionState)> = SessionState::ALL
            .into_iter()
            .flat_map(|s| [Stop, Resume, Retry, Delete, Attach].map(move |a| (s, a)))
            .filter_map(|(s, a)| next("s", s, a).ok().map(|to| (s, a, to)))
            .collect();
        assert_eq!(
            allowed,
            vec![
                (Starting, Stop, Stopped),
                (Starting, Attach, Starting),
                (Running, Stop, Stopped),
                (Running, Attach, Running),
                (Stopped, Resume, Starting),
                (Stopped, Delete, Deleted),
                (Failed, Retry, Starting),
                (Failed, Delete, Deleted),
            ]
        );
    }

    #[test]
    fn a_refusal_names_the_state_and_what_to_do() {
        let err = next("run-app-1", SessionState::Running, Action::Delete).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot rm session run-app-1: it is running; stop it first with `relay session stop`, then remove it"
        );
        let err = next("run-app-1", SessionState::Failed, Action::Resume).unwrap_err();
        assert!(err.to_string().contains("it is failed"));
        assert!(err.to_string().contains("relay session retry"));
        let err = next("run-app-1", SessionState::Stopped, Action::Retry).unwrap_err();
        assert!(err.to_string().contains("relay session resume"));
        let err = next("run-app-1", SessionState::Deleted, Action::Stop).unwrap_err();
        assert!(err.to_string().contains("relay session new"));
        let err = next("run-app-1", SessionState::Stopped, Action::Attach).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot attach to session run-app-1: it is stopped; its program is not running; start it with `relay session resume`, then attach"
        );
    }

    #[test]
    fn states_round_trip_and_an_exit_reads_as_stopped_with_its_reason() {
        for state in SessionState::ALL {
            assert_eq!(SessionState::parse(state.as_str()), Some(state));
        }
        let ok = ExitInfo {
            code: Some(0),
            signal: None,
        };
        assert_eq!(ok.outcome(false), (SessionState::Stopped, None));
        let bad = ExitInfo {
            code: Some(3),
            signal: None,
        };
        let (state, error) = bad.outcome(false);
        assert_eq!(state, SessionState::Stopped);
        assert!(error.unwrap().contains("code 3"));
        assert_eq!(bad.outcome(true), (SessionState::Stopped, None));
        let killed = ExitInfo {
            code: None,
            signal: Some("SIGKILL".to_owned()),
        };
        assert!(killed.outcome(false).1.unwrap().contains("SIGKILL"));
    }
}
