//! relayd on the LAN over mDNS / DNS-SD (Relay Cloud §13, optional and off by default): relayd advertises its
//! remote listener as `_relay._tcp.local.` and `relay servers` lists the ones it hears. The TXT record carries the
//! protocol revision, the certificate's fingerprint (so the first `relay --server` can be checked by eye against
//! what `relay servers` showed) and whether mTLS is required. Nothing secret is advertised: a token never leaves
//! the machines it is on.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};

/// The DNS-SD service type relayd advertises.
pub const SERVICE_TYPE: &str = "_relay._tcp.local.";

/// The longest instance name DNS-SD allows (one DNS label).
pub const MAX_INSTANCE_NAME: usize = 63;

/// Why advertising or browsing could not start.
#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    #[error(
        "mDNS could not start ({0}); the machine may have no multicast-capable network interface. Set mdns_advertise = false to stop trying"
    )]
    Start(String),
    #[error("mDNS instance name {0:?} is not usable: {1}")]
    Name(String, &'static str),
}

/// What relayd says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advert {
    /// The instance name people see (`mdns_instance_name`, else the host name).
    pub instance: String,
    /// The remote listener's port.
    pub port: u16,
    /// The remote listener's bound address when it is a specific one; `None` for every interface's.
    pub address: Option<IpAddr>,
    /// The server certificate's fingerprint (`sha256:…`).
    pub fingerprint: String,
    pub require_mtls: bool,
}

/// A relayd heard on the LAN.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Found {
    pub instance: String,
    pub host: String,
    pub addresses: Vec<IpAddr>,
    pub port: u16,
    /// The protocol revision it speaks (`relay.v1` revision), when it said.
    pub protocol: Option<u32>,
    pub version: Option<String>,
    pub fingerprint: Option<String>,
    pub require_mtls: bool,
}

impl Found {
    /// What to pass to `relay --server`: the first IPv4 address (else the first one, else the host name).
    pub fn url(&self) -> String {
        let host = self
            .addresses
            .iter()
            .find(|ip| ip.is_ipv4())
            .or_else(|| self.addresses.first())
            .map_or_else(
                || self.host.trim_end_matches('.').to_owned(),
                |ip| match ip {
                    IpAddr::V4(v4) => v4.to_string(),
                    IpAddr::V6(v6) => format!("[{v6}]"),
                },
            );
        format!("https://{host}:{}", self.port)
    }
}

/// This machine's host name as one DNS label (`relay` when it has none usable).
pub fn host_label() -> String {
    let raw = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let label: String = raw
        .trim()
        .split('.')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(MAX_INSTANCE_NAME)
        .collect();
    let label = label.trim_matches('-');
    if label.is_empty() {
        "relay".to_owned()
    } else {
        label.to_owned()
    }
}

/// Checks an instance name: non-empty, at most 63 bytes, no control characters.
pub fn check_instance_name(name: &str) -> Result<(), DiscoveryError> {
    if name.trim().is_empty() {
        return Err(DiscoveryError::Name(name.to_owned(), "it is empty"));
    }
    if name.len() > MAX_INSTANCE_NAME {
        return Err(DiscoveryError::Name(
            name.to_owned(),
            "it is longer than 63 bytes (one DNS label)",
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(DiscoveryError::Name(
            name.to_owned(),
            "it holds a control character",
        ));
    }
    Ok(())
}

/// The TXT record of an advert.
fn txt(advert: &Advert) -> HashMap<String, String> {
    HashMap::from([
        ("proto".to_owned(), crate::PROTOCOL_VERSION.to_string()),
        ("version".to_owned(), crate::VERSION.to_owned()),
        ("fp".to_owned(), advert.fingerprint.clone()),
        (
            "mtls".to_owned(),
            if advert.require_mtls { "1" } else { "0" }.to_owned(),
        ),
    ])
}

/// A running advertisement; [`Advertiser::stop`] says goodbye on the network (dropping it only stops sending).
pub struct Advertiser {
    daemon: ServiceDaemon,
    fullname: String,
}

impl std::fmt::Debug for Advertiser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Advertiser")
            .field("fullname", &self.fullname)
            .finish_non_exhaustive()
    }
}

impl Advertiser {
    /// Starts advertising on the standard mDNS port; the sockets are opened by mdns-sd's own thread.
    pub fn start(advert: &Advert) -> Result<Self, DiscoveryError> {
        check_instance_name(&advert.instance)?;
        let daemon = ServiceDaemon::new().map_err(|err| DiscoveryError::Start(err.to_string()))?;
        let host = format!("{}.local.", host_label());
        let info = match advert.address {
            Some(ip) => ServiceInfo::new(
                SERVICE_TYPE,
                &advert.instance,
                &host,
                ip,
                advert.port,
                txt(advert),
            ),
            None => ServiceInfo::new(
                SERVICE_TYPE,
                &advert.instance,
                &host,
                (),
                advert.port,
                txt(advert),
            )
            .map(ServiceInfo::enable_addr_auto),
        }
        .map_err(|err| DiscoveryError::Start(err.to_string()))?;
        let fullname = info.get_fullname().to_owned();
        daemon
            .register(info)
            .map_err(|err| DiscoveryError::Start(err.to_string()))?;
        Ok(Advertiser { daemon, fullname })
    }

    /// The full DNS-SD name advertised (`<instance>._relay._tcp.local.`).
    pub fn fullname(&self) -> &str {
        &self.fullname
    }

    /// Withdraws the advertisement (a goodbye packet) and stops mdns-sd's thread, waiting at most `wait`.
    pub fn stop(self, wait: Duration) {
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(wait);
        }
        if let Ok(done) = self.daemon.shutdown() {
            let _ = done.recv_timeout(wait);
        }
    }
}

/// Listens for `wait` and returns every relayd resolved in that time, by instance name. Blocking: call it off the
/// async runtime.
pub fn browse(wait: Duration) -> Result<Vec<Found>, DiscoveryError> {
    let daemon = ServiceDaemon::new().map_err(|err| DiscoveryError::Start(err.to_string()))?;
    let events = daemon
        .browse(SERVICE_TYPE)
        .map_err(|err| DiscoveryError::Start(err.to_string()))?;
    let deadline = Instant::now() + wait;
    let mut found: BTreeMap<String, Found> = BTreeMap::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        match events.recv_timeout(left) {
            Ok(ServiceEvent::ServiceResolved(service)) => {
                let instance = instance_of(service.get_fullname());
                let mut addresses: Vec<IpAddr> = service
                    .get_addresses()
                    .iter()
                    .map(mdns_sd::ScopedIp::to_ip_addr)
                    .collect();
                addresses.sort();
                addresses.dedup();
                let prop = |key: &str| service.get_property_val_str(key).map(str::to_owned);
                found.insert(
                    instance.clone(),
                    Found {
                        instance,
                        host: service.get_hostname().to_owned(),
                        addresses,
                        port: service.get_port(),
                        protocol: prop("proto").and_then(|p| p.parse().ok()),
                        version: prop("version"),
                        fingerprint: prop("fp").filter(|fp| fp.starts_with("sha256:")),
                        require_mtls: prop("mtls").as_deref() == Some("1"),
                    },
                );
            }
            Ok(ServiceEvent::ServiceRemoved(_, fullname)) => {
                found.remove(&instance_of(&fullname));
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let _ = daemon.stop_browse(SERVICE_TYPE);
    if let Ok(done) = daemon.shutdown() {
        let _ = done.recv_timeout(Duration::from_millis(500));
    }
    Ok(found.into_values().collect())
}

/// `My Relay._relay._tcp.local.` → `My Relay` (DNS-SD escapes dots and backslashes in the instance label).
fn instance_of(fullname: &str) -> String {
    let label = fullname
        .strip_suffix(SERVICE_TYPE)
        .unwrap_or(fullname)
        .trim_end_matches('.');
    let mut out = String::with_capacity(label.len());
    let mut chars = label.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_are_checked() {
        assert!(check_instance_name("My Relay Runner").is_ok());
        let err = check_instance_name("  ").unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        let err = check_instance_name(&"x".repeat(64)).unwrap_err().to_string();
        assert!(err.contains("63 bytes"), "{err}");
        let err = check_instance_name("a\nb").unwrap_err().to_string();
        assert!(err.contains("control"), "{err}");
    }

    #[test]
    fn the_instance_comes_back_from_the_full_name() {
        assert_eq!(instance_of("My Relay._relay._tcp.local."), "My Relay");
        assert_eq!(instance_of("a\\.b._relay._tcp.local."), "a.b");
    }

    #[test]
    fn the_url_prefers_an_ipv4_address_and_brackets_ipv6() {
        let mut found = Found {
            instance: "x".into(),
            host: "box.local.".into(),
            addresses: vec!["fe80::1".parse().unwrap(), "10.0.0.5".parse().unwrap()],
            port: 50051,
            protocol: Some(2),
            version: None,
            fingerprint: None,
            require_mtls: false,
        };
        assert_eq!(found.url(), "https://10.0.0.5:50051");
        found.addresses = vec!["fe80::1".parse().unwrap()];
        assert_eq!(found.url(), "https://[fe80::1]:50051");
        found.addresses.clear();
        assert_eq!(found.url(), "https://box.local:50051");
    }

    #[test]
    fn the_txt_record_carries_no_secret() {
        let advert = Advert {
            instance: "r".into(),
            port: 1,
            address: None,
            fingerprint: "sha256:ab".into(),
            require_mtls: true,
        };
        let record = txt(&advert);
        let mut keys: Vec<&str> = record.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["fp", "mtls", "proto", "version"]);
        assert_eq!(record["mtls"], "1");
    }
}
