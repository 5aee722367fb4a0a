//! `relay servers [--wait SECS] [--json]`: the relayds advertising themselves on the LAN over mDNS (their
//! `mdns_advertise`), with the URL to pass to `relay --server` and whether the certificate they announce matches
//! the one pinned for that address.

use std::time::Duration;

use relay_core::discovery::{Found, browse};
use serde_json::json;

use super::format::{emit, print_json};
use crate::error::CliError;

/// How a found server's announced certificate compares with this user's pin for its URL.
fn pin_state(found: &Found) -> &'static str {
    let Some(authority) = found.url().strip_prefix("https://").map(str::to_owned) else {
        return "new";
    };
    match (crate::remote::pinned(&authority), &found.fingerprint) {
        (None, _) => "new",
        (Some(_), None) => "unknown",
        (Some(pin), Some(fp)) if pin == *fp => "pinned",
        (Some(_), Some(_)) => "CHANGED",
    }
}

pub async fn run(wait_secs: u64, json_out: bool) -> Result<(), CliError> {
    let wait = Duration::from_secs(wait_secs);
    if !json_out {
        eprintln!("relay: listening for relayd on the LAN (mDNS _relay._tcp) for {wait_secs} s…");
    }
    let found = tokio::task::spawn_blocking(move || browse(wait))
        .await
        .map_err(CliError::failed)?
        .map_err(|err| CliError::Failed(err.to_string()))?;
    if json_out {
        let servers: Vec<_> = found
            .iter()
            .map(|f| {
                json!({
                    "instance": f.instance,
                    "url": f.url(),
                    "host": f.host,
                    "addresses": f.addresses,
                    "port": f.port,
                    "protocol": f.protocol,
                    "version": f.version,
                    "fingerprint": f.fingerprint,
                    "require_mtls": f.require_mtls,
                    "pin": pin_state(f),
                })
            })
            .collect();
        return print_json(&json!({ "servers": servers }));
    }
    if found.is_empty() {
        emit(&format!(
            "No relayd answered within {wait_secs} s. A relayd is listed only when its config.toml sets mdns_advertise = true and remote_listen to an address other machines reach; multicast must pass between the machines. You can always connect by address: relay --server https://HOST:PORT"
        ))?;
        return Ok(());
    }
    for f in &found {
        let fingerprint = f.fingerprint.as_deref().unwrap_or("(not announced)");
        let protocol = match f.protocol {
            Some(p) if p == relay_core::PROTOCOL_VERSION => String::new(),
            Some(p) => format!(
                "  speaks relay.v1 revision {p}, this relay {}: upgrade one of them",
                relay_core::PROTOCOL_VERSION
            ),
            None => String::new(),
        };
        let mtls = if f.require_mtls {
            "  needs a client certificate (--client-cert/--client-key)"
        } else {
            ""
        };
        let pin = match pin_state(f) {
            "pinned" => "certificate matches your pin",
            "CHANGED" => "CERTIFICATE DIFFERS FROM YOUR PIN: do not connect until you know why",
            "unknown" => "pinned before; this one announces no fingerprint",
            _ => {
                "not pinned yet: compare this fingerprint with `relay daemon status` on that machine before the first connection"
            }
        };
        if !emit(&format!(
            "{}  relay --server {}\n  {fingerprint} — {pin}{mtls}{protocol}",
            f.instance,
            f.url()
        ))? {
            break;
        }
    }
    Ok(())
}
