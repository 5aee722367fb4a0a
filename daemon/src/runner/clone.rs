//! Cloning a project from a git URL, with the seed's SSRF rules (§10, §11): only the allowed schemes (`https` by
//! default), no credentials in the URL, the host resolved before the clone and every address checked — loopback,
//! private, link-local, unique-local, CGNAT, multicast and unspecified ones refused unless
//! `git_allow_private_addresses` — the resolved address pinned for the clone (`http.curloptResolve`, so a second
//! DNS answer cannot point elsewhere), no redirects, no prompts, a timeout, and the free disk checked first.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use relay_core::config::Config;

/// A git URL the rules admitted, with the address the clone is pinned to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub url: String,
    pub scheme: String,
    pub host: String,
    pub port: u16,
    pub address: IpAddr,
}

/// The parts of a URL the rules look at: scheme, host, port. `Err` says what is wrong and what to do.
pub fn parse(url: &str, config: &Config) -> Result<(String, String, u16), String> {
    let url = url.trim();
    if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(format!(
            "the git URL {url:?} contains spaces or control characters"
        ));
    }
    let allowed = config.git_allowed_protocols.join(", ");
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(format!(
            "{url:?} is not a URL relay clones (scp-style `host:path` and local paths are refused); give an {allowed} URL like https://host/owner/repo.git, or add a checkout with --repo"
        ));
    };
    let scheme = scheme.to_ascii_lowercase();
    if !config.git_allowed_protocols.contains(&scheme) {
        return Err(format!(
            "{scheme}:// URLs are not cloned (git_allowed_protocols is {allowed}); give an {allowed} URL, or add a checkout on this machine with --repo"
        ));
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return Err(
            "a git URL with a user name or password is refused (it would be stored and shown); use a URL without credentials and a credential helper".to_owned(),
        );
    }
    let default_port = if scheme == "http" { 80 } else { 443 };
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest
            .split_once(']')
            .ok_or_else(|| format!("the host of {url:?} is not a valid IPv6 address in brackets"))?;
        let port = match after.strip_prefix(':') {
            Some(port) => port
                .parse()
                .map_err(|_| format!("the port of {url:?} is not a number"))?,
            None => default_port,
        };
        (host.to_owned(), port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (
                host.to_owned(),
                port.parse()
                    .map_err(|_| format!("the port of {url:?} is not a number"))?,
            ),
            None => (authority.to_owned(), default_port),
        }
    };
    if host.is_empty() {
        return Err(format!("{url:?} names no host"));
    }
    if !rest[authority.len()..].starts_with('/') || rest[authority.len()..].len() < 2 {
        return Err(format!(
            "{url:?} names no repository path (like https://host/owner/repo.git)"
        ));
    }
    Ok((scheme, host.to_ascii_lowercase(), port))
}

/// Whether an address is one a clone may reach without `git_allow_private_addresses`.
pub fn is_public(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, ..] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_multicast()
        || v4.is_broadcast()
        || v4.is_documentation()
        || a == 0
        // Shared address space (CGNAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // Benchmarking, 198.18.0.0/15, and the reserved 240.0.0.0/4.
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240)
}

fn is_public_v6(v6: Ipv6Addr) -> bool {
    let first = v6.segments()[0];
    !(v6.is_loopback()
        || v6.is_unspecified()
        || v6.is_multicast()
        // Unique local fc00::/7 and link-local fe80::/10.
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        // Documentation 2001:db8::/32.
        || (first == 0x2001 && v6.segments()[1] == 0x0db8))
}

/// Resolves the host and checks every address; the first one is what the clone is pinned to.
pub async fn check(url: &str, config: &Config) -> Result<Checked, String> {
    let (scheme, host, port) = parse(url, config)?;
    let lookup = host.clone();
    let addresses: Vec<SocketAddr> = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::net::lookup_host((lookup.trim_matches(['[', ']']), port)),
    )
    .await
    .map_err(|_| format!("resolving {host} took more than 10 s; check the name and this machine's DNS"))?
    .map_err(|err| format!("{host} does not resolve ({err}); check the URL"))?
    .collect();
    let first = addresses
        .first()
        .ok_or_else(|| format!("{host} resolves to no address; check the URL"))?
        .ip();
    if !config.git_allow_private_addresses
        && let Some(refused) = addresses.iter().map(SocketAddr::ip).find(|a| !is_public(*a))
    {
        return Err(format!(
            "{host} resolves to {refused}, a loopback, private or link-local address, which relay does not clone from (set git_allow_private_addresses = true for a git server on your own network)"
        ));
    }
    Ok(Checked {
        url: url.trim().to_owned(),
        scheme,
        host,
        port,
        address: first,
    })
}

/// Free bytes for unprivileged users on the file system holding `dir`.
pub fn free_bytes(dir: &Path) -> Result<u64, String> {
    let stat = rustix::fs::statvfs(dir)
        .map_err(|err| format!("cannot read the free space of {}: {err}", dir.display()))?;
    Ok(stat.f_bavail.saturating_mul(stat.f_frsize))
}

/// Refuses when less than `min_mb` is free where the clone goes (the seed's 507).
pub fn check_disk(dir: &Path, min_mb: u64) -> Result<(), String> {
    let free = free_bytes(dir)?;
    if free < min_mb.saturating_mul(1 << 20) {
        return Err(format!(
            "only {} free in {}, less than git_min_free_disk_mb ({min_mb} MB); free some space or lower git_min_free_disk_mb",
            relay_core::display::human_size(free),
            dir.display()
        ));
    }
    Ok(())
}

/// A line of git's progress (`Receiving objects:  45% (45/100)`, `remote: Counting objects: 100% (5/5), done.`):
/// its phase and, when it gives one, its percentage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub phase: String,
    pub percent: Option<u8>,
}

/// git's progress line read, or `None` for another line (a warning, an error).
pub fn progress(line: &str) -> Option<Progress> {
    let line = line.trim();
    let line = line.strip_prefix("remote:").map_or(line, str::trim_start);
    let (phase, rest) = line.split_once(':')?;
    let words_only = !phase.is_empty() && phase.chars().all(|c| c.is_ascii_alphabetic() || c == ' ');
    if !words_only || !phase.ends_with("objects") && !phase.ends_with("deltas") {
        return None;
    }
    let percent = rest
        .trim_start()
        .split_once('%')
        .and_then(|(number, _)| number.trim().parse::<u8>().ok())
        .filter(|p| *p <= 100);
    Some(Progress {
        phase: phase.to_owned(),
        percent,
    })
}

/// The most of git's other words kept for the error message.
const SAID_MAX: usize = 4096;

/// `git clone` of a checked URL into `target`, pinned to its address, without redirects or prompts, within the
/// timeout; its progress lines go to `progress` as git prints them (a full channel drops one, never waits). git's
/// own words on failure.
pub async fn clone(
    checked: &Checked,
    target: &Path,
    timeout: Duration,
    progress: tokio::sync::mpsc::Sender<Progress>,
) -> Result<(), String> {
    let host = checked.host.trim_matches(['[', ']']);
    let address = match checked.address {
        IpAddr::V6(v6) => format!("[{v6}]"),
        IpAddr::V4(v4) => v4.to_string(),
    };
    let resolve = format!("http.curloptResolve={host}:{}:{address}", checked.port);
    let mut command = tokio::process::Command::new("git");
    command
        .args([
            "-c",
            &resolve,
            "-c",
            "http.followRedirects=false",
            "-c",
            "protocol.allow=never",
        ])
        .args(["-c", &format!("protocol.{}.allow=always", checked.scheme)])
        .args(["clone", "--progress", "--no-local", "--", &checked.url])
        .arg(target)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_ASKPASS", "")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let run = async {
        let mut child = command
            .spawn()
            .map_err(|err| format!("could not run git ({err}); install git"))?;
        let mut said = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            use tokio::io::AsyncReadExt;
            // git redraws a progress line with `\r`; a line ends at either.
            let mut line = Vec::new();
            let mut chunk = [0u8; 4096];
            loop {
                let n = stderr.read(&mut chunk).await.unwrap_or(0);
                if n == 0 {
                    break;
                }
                for &byte in &chunk[..n] {
                    if byte != b'\r' && byte != b'\n' {
                        if line.len() < SAID_MAX {
                            line.push(byte);
                        }
                        continue;
                    }
                    let text = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    match self::progress(&text) {
                        Some(step) => {
                            let _ = progress.try_send(step);
                        }
                        None if !text.trim().is_empty() && said.len() < SAID_MAX => {
                            if !said.is_empty() {
                                said.push(' ');
                            }
                            said.push_str(text.trim());
                        }
                        None => {}
                    }
                }
            }
            if !line.is_empty() && said.len() < SAID_MAX {
                said.push_str(String::from_utf8_lossy(&line).trim());
            }
        }
        let status = child
            .wait()
            .await
            .map_err(|err| format!("could not run git ({err}); install git"))?;
        Ok::<_, String>((status, said))
    };
    let (status, said) = tokio::time::timeout(timeout, run).await.map_err(|_| {
        format!(
            "the clone took longer than {} s (git_clone_timeout_s)",
            timeout.as_secs()
        )
    })??;
    if status.success() {
        return Ok(());
    }
    // git's first words are "Cloning into '…'...": what failed comes after them.
    let said = said
        .split_once("...")
        .filter(|(before, _)| before.starts_with("Cloning into"))
        .map_or(said.as_str(), |(_, after)| after)
        .trim()
        .to_owned();
    Err(if said.is_empty() {
        format!("git clone failed ({status})")
    } else {
        said
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn git_progress_lines_are_read_with_their_phase_and_percentage() {
        let read = |line: &str| super::progress(line).map(|p| (p.phase, p.percent));
        assert_eq!(
            read("remote: Counting objects:  20% (1/5)        "),
            Some(("Counting objects".to_owned(), Some(20)))
        );
        assert_eq!(
            read("Receiving objects: 100% (5/5), 1.2 KiB | 1.2 MiB/s, done."),
            Some(("Receiving objects".to_owned(), Some(100)))
        );
        assert_eq!(
            read("remote: Enumerating objects: 5, done."),
            Some(("Enumerating objects".to_owned(), None))
        );
        assert_eq!(
            read("Resolving deltas:  50% (1/2)"),
            Some(("Resolving deltas".to_owned(), Some(50)))
        );
        assert_eq!(read("fatal: repository 'http://x/y.git/' not found"), None);
        assert_eq!(read("Cloning into 'repo'..."), None);
        assert_eq!(
            read("warning: You appear to have cloned an empty repository."),
            None
        );
        assert_eq!(read(""), None);
    }

    use super::*;

    fn config() -> Config {
        let dir = tempfile::tempdir().unwrap();
        let flags = relay_core::config::Flags {
            home: Some(dir.path().to_path_buf()),
            ..Default::default()
        };
        Config::load_with(&flags, |_| None).unwrap()
    }

    #[test]
    fn only_https_urls_without_credentials_are_taken_by_default() {
        let config = config();
        assert_eq!(
            parse("https://git.example.com/acme/shop.git", &config).unwrap(),
            ("https".to_owned(), "git.example.com".to_owned(), 443)
        );
        assert_eq!(parse("https://[2001:4860::1]:8443/a/b", &config).unwrap().2, 8443);
        for (url, words) in [
            ("file:///etc/passwd", "file:// URLs are not cloned"),
            ("git://host/repo.git", "git:// URLs are not cloned"),
            ("http://host/repo.git", "http:// URLs are not cloned"),
            ("ssh://host/repo.git", "ssh:// URLs are not cloned"),
            ("host:repo.git", "scp-style"),
            ("/srv/repo.git", "scp-style"),
            ("https://user:secret@host/repo.git", "user name or password"),
            ("https://host", "names no repository path"),
            ("https:///repo.git", "names no host"),
            ("https://host:port/repo", "port of"),
            ("https://host/re po", "spaces"),
        ] {
            let err = parse(url, &config).unwrap_err();
            assert!(err.contains(words), "{url}: {err}");
        }
        let mut http = config;
        http.git_allowed_protocols = vec!["https".to_owned(), "http".to_owned()];
        assert_eq!(parse("http://host/r.git", &http).unwrap().2, 80);
    }

    #[test]
    fn loopback_private_and_link_local_addresses_are_not_public() {
        for refused in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
        ] {
            assert!(!is_public(refused.parse().unwrap()), "{refused} must be refused");
        }
        for public in ["140.82.112.3", "8.8.8.8", "2606:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public} is public");
        }
    }

    #[tokio::test]
    async fn a_host_resolving_to_loopback_is_refused_before_any_clone_unless_allowed() {
        let mut config = config();
        let err = check("https://localhost/acme/shop.git", &config)
            .await
            .unwrap_err();
        assert!(err.contains("loopback, private or link-local"), "{err}");
        assert!(err.contains("git_allow_private_addresses"), "{err}");
        let err = check("https://127.0.0.1:9/acme/shop.git", &config)
            .await
            .unwrap_err();
        assert!(err.contains("127.0.0.1"), "{err}");
        config.git_allow_private_addresses = true;
        let checked = check("https://127.0.0.1:9/acme/shop.git", &config).await.unwrap();
        assert_eq!(checked.address, "127.0.0.1".parse::<IpAddr>().unwrap());
        assert_eq!(checked.port, 9);
    }

    #[test]
    fn a_disk_below_the_minimum_is_refused_naming_the_free_space() {
        let dir = tempfile::tempdir().unwrap();
        assert!(check_disk(dir.path(), 1).is_ok());
        let err = check_disk(dir.path(), u64::MAX / (1 << 21)).unwrap_err();
        assert!(
            err.contains("free in") && err.contains("git_min_free_disk_mb"),
            "{err}"
        );
    }
}
