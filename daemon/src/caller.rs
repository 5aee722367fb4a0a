//! Who is calling: derived once per transport from how the request authenticated, never from a string the
//! caller sends.
//!
//! Each adapter builds its [`Caller`] with the constructor named for its transport — the local socket's peer
//! check makes the owner ([`Caller::socket_peer`]), the token on `/mcp` makes an agent ([`Caller::mcp_token`]).
//! The role has no setter, so an adapter cannot raise it with anything a request carries; the session a request
//! names is only a label for events and bindings ([`Caller::with_session`]). Owner-only rules ask
//! [`Caller::require_owner`], and a refusal is always [`OwnerOnly`].
//!
//! A remote token is an owner or an agent by the scope it was made with ([`Caller::remote_token`]). Transports
//! still to come get their own constructor here, and nothing else changes: the HTML board's cookie with its CSRF
//! check is the owner.

/// What the caller may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The person running relay: decides review steps, writes owner comments, accepts plans.
    Owner,
    /// An agent: writes the board and reports, never decides for the owner.
    Agent,
}

/// The way a request came in, as events and answers name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// The local socket: the CLI and the window (the peer's uid is checked against the daemon's).
    Socket,
    /// MCP at `/mcp`, with the daemon's token.
    Mcp,
    /// relay's own seeding of the demo workspace.
    Demo,
    /// The REST API on the local HTTP listener, with the daemon's token (the one agents are given).
    Http,
    /// The remote listener (`remote_listen`, TLS), with a remote token of the owner's scope.
    RemoteOwner,
    /// The remote listener with a remote token of the agent scope.
    RemoteAgent,
}

impl Surface {
    /// The name written into events when no session is named: the socket is the owner's own surface (the CLI
    /// and the window alike), so its writes read "by owner" as the owner's review decisions do; `mcp`, `demo`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Surface::Socket => "owner",
            Surface::Mcp => "mcp",
            Surface::Demo => "demo",
            Surface::Http => "http",
            Surface::RemoteOwner => "owner",
            Surface::RemoteAgent => "remote-agent",
        }
    }
}

/// The runner session a request comes from, put on the request by the listener that authenticated it (a docker
/// session's own MCP token, checked with its container's address: `runner::mcp_gateway`) — never taken from what
/// the caller sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrantedSession(pub String);

/// The caller of one request: its role and surface (from the transport) and the session it writes as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    role: Role,
    surface: Surface,
    /// The calling session's name (`local_<uuid>` for a desktop session, else a plain name).
    pub session: Option<String>,
    /// A human-readable title for that session.
    pub session_title: Option<String>,
}

/// An owner-only action asked for by a caller that is not the owner. The message says who can do it and how.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OwnerOnly(pub String);

impl Caller {
    const fn new(role: Role, surface: Surface) -> Caller {
        Caller {
            role,
            surface,
            session: None,
            session_title: None,
        }
    }

    /// A request on the local socket. Only the user's own processes reach it (the peer check), so it is the
    /// owner.
    pub const fn socket_peer() -> Caller {
        Caller::new(Role::Owner, Surface::Socket)
    }

    /// A request to `/mcp` that presented the daemon's token: the token is what agents are given, so an agent.
    pub const fn mcp_token() -> Caller {
        Caller::new(Role::Agent, Surface::Mcp)
    }

    /// A REST request on the local HTTP listener that presented the daemon's token. That token is what agents
    /// are given (it is the `/mcp` token too), so an agent: reads, and the agent's writes, never the owner's.
    pub const fn http_token() -> Caller {
        Caller::new(Role::Agent, Surface::Http)
    }

    /// A request on the remote listener that presented a remote token: the owner or an agent by the scope the
    /// token was made with (`relay token --remote SCOPE --rotate`), never by anything the request says.
    pub const fn remote_token(scope: relay_core::remote::Scope) -> Caller {
        match scope {
            relay_core::remote::Scope::Owner => Caller::new(Role::Owner, Surface::RemoteOwner),
            relay_core::remote::Scope::Agent => Caller::new(Role::Agent, Surface::RemoteAgent),
        }
    }

    /// relay itself seeding the demo workspace as its owner (`relay demo`); the demo's agents write through
    /// [`Caller::mcp_token`].
    pub const fn demo() -> Caller {
        Caller::new(Role::Owner, Surface::Demo)
    }

    /// The same caller writing as `session` (blank names are none). The role does not change.
    pub fn with_session(mut self, session: Option<String>, session_title: Option<String>) -> Caller {
        let given = |text: Option<String>| text.filter(|t| !t.trim().is_empty());
        self.session = given(session);
        self.session_title = given(session_title);
        self
    }

    pub fn role(&self) -> Role {
        self.role
    }

    pub fn surface(&self) -> Surface {
        self.surface
    }

    pub fn is_owner(&self) -> bool {
        self.role == Role::Owner
    }

    pub fn is_agent(&self) -> bool {
        self.role == Role::Agent
    }

    /// Refuses an owner-only action of any other caller with `refusal`'s words.
    pub fn require_owner(&self, refusal: impl FnOnce() -> String) -> Result<(), OwnerOnly> {
        match self.role {
            Role::Owner => Ok(()),
            Role::Agent => Err(OwnerOnly(refusal())),
        }
    }

    /// The name written into events: the session, else the surface.
    pub fn label(&self) -> String {
        self.session
            .clone()
            .unwrap_or_else(|| self.surface.as_str().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_role_comes_from_the_transport_when_a_session_is_named() {
        let agent = Caller::mcp_token().with_session(Some("owner".into()), Some("cli".into()));
        assert_eq!(agent.role(), Role::Agent);
        assert!(agent.require_owner(|| "no".into()).is_err());
        assert_eq!(agent.label(), "owner");

        let owner = Caller::socket_peer().with_session(Some("worker-1".into()), None);
        assert!(owner.is_owner());
        assert_eq!(owner.require_owner(|| "no".into()), Ok(()));
    }

    #[test]
    fn a_remote_token_is_the_role_of_its_scope() {
        use relay_core::remote::Scope;
        assert!(Caller::remote_token(Scope::Owner).is_owner());
        let agent = Caller::remote_token(Scope::Agent).with_session(Some("owner".into()), None);
        assert!(agent.is_agent());
        assert!(agent.require_owner(|| "no".into()).is_err());
        assert_eq!(Caller::remote_token(Scope::Owner).label(), "owner");
        assert_eq!(Caller::remote_token(Scope::Agent).label(), "remote-agent");
    }

    #[test]
    fn require_owner_refuses_an_agent_with_the_given_words() {
        let refused = Caller::mcp_token().require_owner(|| "only the owner decides. Nothing changed.".into());
        assert_eq!(
            refused,
            Err(OwnerOnly("only the owner decides. Nothing changed.".into()))
        );
    }

    #[test]
    fn the_label_is_the_session_else_the_owner_on_the_socket_else_the_surface() {
        // The socket's peer is the owner: what the window and the CLI do is logged as the owner's.
        assert_eq!(Caller::socket_peer().label(), "owner");
        assert_eq!(Caller::mcp_token().label(), "mcp");
        assert_eq!(Caller::demo().label(), "demo");
        assert_eq!(Caller::http_token().label(), "http");
        assert!(Caller::http_token().is_agent());
        assert_eq!(
            Caller::mcp_token().with_session(Some("  ".into()), None).label(),
            "mcp"
        );
    }
}
