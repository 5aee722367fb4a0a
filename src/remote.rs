//! Remote access's shared contract: the scopes a remote token carries, how a certificate's fingerprint is
//! written, the words of the plaintext warning (Relay Cloud §10), and the names both sides agree on. relayd
//! serves `relay.v1` on `remote_listen` with TLS (`relayd::remote`); `relay --server https://HOST:PORT` is the
//! client (`relay::remote`).

use sha2::{Digest, Sha256};

/// What the client prints before it talks to a server in plaintext (`--insecure` with `http://`), word for word
/// as Relay Cloud §10 and §14 write it.
pub const PLAINTEXT_WARNING: &str = "Connection is not encrypted. Bearer token transmitted in plaintext.";

/// The environment variable a remote token may come from (else `--token-file`).
pub const TOKEN_ENV: &str = "RELAY_TOKEN";

/// Request metadata with this prefix is removed by the remote listener before anything reads a request: a
/// client's identity comes from the TLS peer certificate only, never from headers it sends (§14).
pub const CLIENT_CERT_HEADER_PREFIX: &str = "x-client-cert-";

/// The port `relay --server https://HOST` uses when the URL names none (Relay Cloud §13's gRPC port).
pub const DEFAULT_REMOTE_PORT: u16 = 50051;

/// What a remote token may do: the typed caller relayd builds for a request that presented it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// The owner, as on the local socket: every command, the window, review decisions, terminals.
    Owner,
    /// An agent, as on `/mcp`: board writes and reads, hooks; never the owner's decisions, the daemon or terminals.
    Agent,
}

impl Scope {
    pub const ALL: [Scope; 2] = [Scope::Owner, Scope::Agent];

    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::Owner => "owner",
            Scope::Agent => "agent",
        }
    }

    pub fn parse(text: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.as_str() == text.trim())
    }
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A certificate's fingerprint as relay shows and pins it: `sha256:` and the SHA-256 of its DER bytes in
/// lowercase hex.
pub fn cert_fingerprint(der: &[u8]) -> String {
    let digest = Sha256::digest(der);
    let mut text = String::with_capacity(7 + 64);
    text.push_str("sha256:");
    for byte in digest {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_read_back_from_their_names_and_nothing_else() {
        for scope in Scope::ALL {
            assert_eq!(Scope::parse(scope.as_str()), Some(scope));
        }
        assert_eq!(Scope::parse("Owner"), None);
        assert_eq!(Scope::parse("admin"), None);
    }

    #[test]
    fn a_fingerprint_is_the_sha256_of_the_der_bytes() {
        assert_eq!(
            cert_fingerprint(b""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
