//! Remote access end to end: a second relayd serving `relay.v1` on loopback TCP with TLS and its own CA
//! (`relay daemon init-remote`), and the real `relay` binary talking to it with `--server https://…` — the
//! commands, a session terminal (`relay session attach`) and the window (in tmux, through a restart of the
//! server). Faults: a wrong or missing token (refused; only its fingerprint in the log), an agent token on an
//! owner-only call, a changed server certificate (refused with both fingerprints), plaintext without
//! `--insecure`, mTLS without a client certificate.
//!
//! Each client runs with its own `XDG_CONFIG_HOME` (where it pins certificates) and its own empty `--home`, so
//! nothing of the machine's user leaks in or out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use relay_tests::tmux::{Tmux, quoted};
use relay_tests::{TestDaemon, TestHome, WAIT_TIMEOUT, git, relay_bin, relay_command, run};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What a client needs to reach a relayd's remote listener.
struct Remote {
    /// `https://127.0.0.1:PORT`.
    url: String,
    /// The owner token `init-remote` showed once.
    owner: String,
    /// The client side: its config dir (the pins) and its own data dir.
    client: PathBuf,
}

/// A free loopback port (bound and released: the daemon binds it next, and again after a restart).
pub(super) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub(super) fn repo(root: &Path) -> PathBuf {
    let dir = root.join("shop");
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    std::fs::write(dir.join("README"), "shop\n").unwrap();
    git(&dir, &["add", "README"]);
    git(&dir, &["commit", "-q", "-m", "first"]);
    dir
}

/// `relay daemon init-remote` on a fresh home, then relayd with `remote_listen` on a free port and `extra`
/// config.
async fn remote(extra: &str) -> (TestDaemon, Remote) {
    remote_at("127.0.0.1", extra).await
}

/// [`remote`] with the listener on `ip`.
async fn remote_at(ip: &str, extra: &str) -> (TestDaemon, Remote) {
    let home = TestHome::new();
    let init = run(home.relay().args(["daemon", "init-remote"])).await;
    init.assert_success();
    let owner = init.stdout.trim().to_owned();
    assert!(
        owner.len() >= 32,
        "init-remote prints the token on stdout: {init}"
    );
    assert!(
        init.stderr.contains("sha256:"),
        "and the certificate's fingerprint: {init}"
    );
    let port = free_port();
    let config = format!("remote_listen = \"{ip}:{port}\"\n{extra}[profiles.shell]\ncommand = \"/bin/sh\"\n");
    let client = home.scratch().join("client");
    std::fs::create_dir_all(client.join("home")).unwrap();
    let daemon = TestDaemon::builder().home(home).config(&config).start().await;
    assert_eq!(
        daemon.status().remote_addr.as_deref(),
        Some(format!("{ip}:{port}").as_str()),
        "the status names the remote listener"
    );
    let remote = Remote {
        url: format!("https://127.0.0.1:{port}"),
        owner,
        client,
    };
    (daemon, remote)
}

impl Remote {
    /// `relay --home <client home> --server URL` with `token` in RELAY_TOKEN and the client's own config dir.
    fn relay_with(&self, token: Option<&str>) -> Command {
        self.relay_to(&self.url, token)
    }

    /// [`Remote::relay_with`] to another URL.
    fn relay_to(&self, url: &str, token: Option<&str>) -> Command {
        let mut command = relay_command();
        command
            .env("XDG_CONFIG_HOME", self.client.join("config"))
            .arg("--home")
            .arg(self.client.join("home"))
            .args(["--server", url]);
        if let Some(token) = token {
            command.env("RELAY_TOKEN", token);
        }
        command
    }

    fn relay(&self) -> Command {
        self.relay_with(Some(&self.owner))
    }

    fn pins(&self) -> String {
        std::fs::read_to_string(self.client.join("config/relay/known_servers.toml")).unwrap_or_default()
    }
}

fn fingerprint(daemon: &TestDaemon) -> String {
    daemon
        .status()
        .remote_fingerprint
        .clone()
        .expect("the remote certificate's fingerprint")
}

#[tokio::test]
async fn commands_and_a_session_terminal_work_through_server_as_over_the_socket() {
    let (daemon, remote) = remote("").await;
    // The first contact pins the certificate relayd reports, and says so.
    let status = run(remote.relay().args(["daemon", "status"])).await;
    status.assert_success();
    assert!(status.stdout.contains("is running"), "{status}");
    assert!(status.stdout.contains(&fingerprint(&daemon)), "{status}");
    assert!(status.stderr.contains("trusting 127.0.0.1:"), "{status}");
    assert!(remote.pins().contains(&fingerprint(&daemon)), "{}", remote.pins());
    // Later contacts say nothing about it.
    let again = run(remote.relay().args(["project", "list"])).await;
    again.assert_success();
    assert!(!again.stderr.contains("trusting"), "{again}");

    // Board commands write as the owner and read back, through the remote listener only.
    run(remote
        .relay()
        .args(["project", "upsert", "shop", "--name", "Shop"]))
    .await
    .assert_success();
    let created = run(remote
        .relay()
        .args(["task", "create", "--project", "shop", "Remote login", "--json"]))
    .await;
    created.assert_success();
    let shown = run(remote.relay().args(["task", "show", "shop-1", "--json"])).await;
    shown.assert_success();
    assert!(shown.stdout.contains("Remote login"), "{shown}");
    let events = run(remote.relay().args(["events", "--json"])).await;
    events.assert_success();
    assert!(events.stdout.contains("task.created"), "{events}");
    // Unknown things are "not found" (exit 4) as on the socket.
    run(remote.relay().args(["task", "show", "shop-99"]))
        .await
        .assert_code(4);

    // A runner session, made and attached over the remote listener: keys in, the echo out, detached by the
    // prefix key; the session goes on running.
    let checkout = repo(daemon.home().scratch());
    run(remote.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let mut child = tokio::process::Command::from(remote.relay())
        .args(["session", "attach", "run-shop-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"echo remote-$((40+2))\n").await.unwrap();
    let mut seen = Vec::new();
    tokio::time::timeout(WAIT_TIMEOUT, async {
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&seen).contains("remote-42") {
            let n = stdout.read(&mut buf).await.unwrap();
            assert!(n > 0, "attach ended early: {:?}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
    })
    .await
    .expect("the echo through relay --server … session attach");
    stdin.write_all(b"\x02d").await.unwrap();
    let out = tokio::time::timeout(WAIT_TIMEOUT, child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("detached from run-shop-1"));
    let show = run(remote.relay().args(["session", "show", "run-shop-1", "--json"])).await;
    assert!(show.stdout.contains("\"state\": \"running\""), "{show}");
}

#[tokio::test]
async fn a_wrong_or_missing_token_is_refused_and_only_its_fingerprint_is_logged() {
    let (daemon, remote) = remote("").await;
    let wrong = "wrong-token-0123456789-abcdefghijklmnop";
    let refused = run(remote.relay_with(Some(wrong)).args(["project", "list"])).await;
    refused.assert_code(1);
    let fingerprint = relay_core::token::fingerprint(wrong);
    assert!(refused.stderr.contains(&fingerprint), "{refused}");
    assert!(
        refused.stderr.contains("not a remote token of this relayd"),
        "{refused}"
    );
    let log = daemon
        .home()
        .wait_for_log("with a token relayd does not know")
        .await;
    assert!(
        log.contains(&fingerprint),
        "the log names the token by its fingerprint"
    );
    assert!(!log.contains(wrong), "the log never holds a presented token");
    assert!(!log.contains(&remote.owner), "nor the owner's");

    // No token at all: the client says where one comes from before it dials.
    let missing = run(remote.relay_with(None).args(["project", "list"])).await;
    missing.assert_code(2);
    assert!(
        missing.stderr.contains("--token-file") && missing.stderr.contains("RELAY_TOKEN"),
        "{missing}"
    );

    // A token file others can read is refused; a private one works.
    let file = remote.client.join("token");
    std::fs::write(&file, &remote.owner).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let loose = run(remote
        .relay_with(None)
        .arg("--token-file")
        .arg(&file)
        .args(["project", "list"]))
    .await;
    loose.assert_code(1);
    assert!(loose.stderr.contains("chmod 600"), "{loose}");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    run(remote
        .relay_with(None)
        .arg("--token-file")
        .arg(&file)
        .args(["project", "list"]))
    .await
    .assert_success();

    // A rotated owner token stops working at once, without a restart.
    let rotated = run(daemon.relay().args(["token", "--remote", "owner", "--rotate"])).await;
    rotated.assert_success();
    let new = rotated.stdout.trim().to_owned();
    run(remote.relay().args(["project", "list"])).await.assert_code(1);
    run(remote.relay_with(Some(&new)).args(["project", "list"]))
        .await
        .assert_success();
    let listed = run(daemon.relay().args(["token", "--remote", "owner"])).await;
    listed.assert_success();
    assert!(
        listed.stdout.contains(&relay_core::token::fingerprint(&new)),
        "{listed}"
    );
    assert!(
        !listed.stdout.contains(&new),
        "the token is shown only when it is made: {listed}"
    );
}

#[tokio::test]
async fn an_agent_token_writes_the_board_as_an_agent_and_is_refused_the_owners_calls() {
    let (daemon, remote) = remote("").await;
    let made = run(daemon.relay().args(["token", "--remote", "agent", "--rotate"])).await;
    made.assert_success();
    let agent = made.stdout.trim().to_owned();
    let as_agent = || remote.relay_with(Some(&agent));

    run(as_agent().args(["project", "upsert", "shop", "--name", "Shop"]))
        .await
        .assert_success();
    run(as_agent().args(["task", "create", "--project", "shop", "Agent work"]))
        .await
        .assert_success();

    let stop = run(as_agent().args(["daemon", "stop"])).await;
    stop.assert_code(1);
    assert!(
        stop.stderr.contains("stopping relayd is the owner's to do"),
        "{stop}"
    );
    assert!(stop.stderr.contains("Nothing changed."), "{stop}");
    let attach = run(as_agent().args(["session", "attach", "run-shop-1"])).await;
    attach.assert_code(1);
    assert!(attach.stderr.contains("owner's to do"), "{attach}");
    let backup = run(as_agent().args(["backup", "-o", "/tmp/relay-agent-backup.sqlite"])).await;
    backup.assert_code(1);
    assert!(!Path::new("/tmp/relay-agent-backup.sqlite").exists());
    // relayd still runs and the owner still can.
    run(remote.relay().args(["daemon", "status"]))
        .await
        .assert_success();
    let events = run(remote.relay().args(["events", "--json"])).await;
    assert!(
        events.stdout.contains("remote-agent"),
        "the agent's writes are labelled as its surface: {events}"
    );
}

#[tokio::test]
async fn an_agent_token_cannot_raise_a_level_or_change_a_policy_layer_and_proposes_instead() {
    let (daemon, remote) = remote("").await;
    let made = run(daemon.relay().args(["token", "--remote", "agent", "--rotate"])).await;
    made.assert_success();
    let agent = made.stdout.trim().to_owned();
    let as_agent = || remote.relay_with(Some(&agent));
    run(remote
        .relay()
        .args(["project", "upsert", "shop", "--name", "Shop"]))
    .await
    .assert_success();
    run(remote
        .relay()
        .args(["env", "set", "shop", "live", "--kind", "live"]))
    .await
    .assert_success();

    let raise = run(as_agent().args(["env", "set", "shop", "live", "--level", "full", "--confirm"])).await;
    raise.assert_code(1);
    assert!(
        raise
            .stderr
            .contains("only the owner changes environments, access entries and levels"),
        "{raise}"
    );
    assert!(
        raise.stderr.contains("environment_propose"),
        "says what to do: {raise}"
    );
    let layer = daemon.home().scratch().join("open.json");
    std::fs::write(&layer, r#"{"levels": {"live": {"default": "full"}}}"#).unwrap();
    let policy = run(as_agent()
        .args(["policy", "set", "shop", "--confirm"])
        .arg(&layer))
    .await;
    policy.assert_code(1);
    assert!(
        policy.stderr.contains("only the owner changes policy layers"),
        "{policy}"
    );
    let preset = run(as_agent().args(["policy", "preset", "trusted", "--confirm"])).await;
    preset.assert_code(1);
    // Reading is anyone's; the level is unchanged.
    let shown = run(as_agent().args(["env", "show", "shop", "live", "--json"])).await;
    shown.assert_success();
    assert!(shown.stdout.contains("\"level\": \"read\""), "{shown}");

    // The agent proposes; only the owner decides.
    let proposed = run(as_agent().args([
        "env",
        "propose",
        "shop",
        "live",
        "--level",
        "full",
        "--reason",
        "deploys need it",
    ]))
    .await;
    proposed.assert_success();
    assert!(
        proposed.stdout.starts_with("proposed #1 for shop live"),
        "{proposed}"
    );
    let accept = run(as_agent().args(["env", "accept", "1", "--confirm"])).await;
    accept.assert_code(1);
    assert!(accept.stderr.contains("only the owner"), "{accept}");
    run(remote.relay().args(["env", "accept", "1", "--confirm"]))
        .await
        .assert_success();
}

#[tokio::test]
async fn a_changed_server_certificate_is_refused_with_both_fingerprints() {
    let (daemon, remote) = remote("").await;
    run(remote.relay().args(["project", "list"]))
        .await
        .assert_success();
    let pinned = fingerprint(&daemon);

    // The server's certificate is replaced (init-remote --force) and relayd restarts on the same port.
    let home = daemon.stop().await;
    let forced = run(home.relay().args(["daemon", "init-remote", "--force"])).await;
    forced.assert_success();
    let owner = forced.stdout.trim().to_owned();
    let daemon = TestDaemon::start_in(home).await;
    let shown = fingerprint(&daemon);
    assert_ne!(shown, pinned);

    let refused = run(remote.relay_with(Some(&owner)).args(["project", "list"])).await;
    refused.assert_code(1);
    assert!(
        refused.stderr.contains(&pinned),
        "the pinned fingerprint is named: {refused}"
    );
    assert!(refused.stderr.contains(&shown), "and the one shown: {refused}");
    assert!(
        refused.stderr.contains("known_servers.toml"),
        "and where the pin is: {refused}"
    );
    assert!(
        remote.pins().contains(&pinned),
        "the pin is not replaced by the refused one"
    );
}

#[tokio::test]
async fn plaintext_is_refused_without_insecure_and_warned_about_with_it() {
    let (daemon, remote) = remote("").await;
    let plain = remote.url.replace("https://", "http://");
    let refused = run(remote
        .relay_to(&plain, Some(&remote.owner))
        .args(["project", "list"]))
    .await;
    refused.assert_code(2);
    assert!(
        refused.stderr.contains("plaintext") && refused.stderr.contains("--insecure"),
        "{refused}"
    );

    let warned = run(remote
        .relay_to(&plain, Some(&remote.owner))
        .args(["--insecure", "project", "list"]))
    .await;
    assert!(
        warned.stderr.contains(relay_core::remote::PLAINTEXT_WARNING),
        "§10's warning word for word: {warned}"
    );
    // relayd's listener speaks TLS only: a plaintext client gets no answer from it, and is told so.
    warned.assert_code(3);
    assert!(warned.stderr.contains("speaks TLS only"), "{warned}");
    drop(daemon);
}

#[tokio::test]
async fn mtls_needs_a_client_certificate_signed_by_the_remote_ca() {
    let (daemon, remote) = remote("remote_require_mtls = true\n").await;
    let without = run(remote.relay().args(["project", "list"])).await;
    without.assert_code(1);
    assert!(without.stderr.contains("--client-cert"), "{without}");

    let made = run(daemon
        .relay()
        .args(["daemon", "client-cert", "laptop", "--out"])
        .arg(&remote.client))
    .await;
    made.assert_success();
    let cert = remote.client.join("laptop.crt");
    let key = remote.client.join("laptop.key");
    let with = run(remote
        .relay()
        .arg("--client-cert")
        .arg(&cert)
        .arg("--client-key")
        .arg(&key)
        .args(["project", "list"]))
    .await;
    with.assert_success();
    // The certificate gets past TLS, but the token is still needed.
    let no_token = run(remote
        .relay_with(Some("wrong-token-0123456789-abcdefghijklmnop"))
        .arg("--client-cert")
        .arg(&cert)
        .arg("--client-key")
        .arg(&key)
        .args(["project", "list"]))
    .await;
    no_token.assert_code(1);
}

#[tokio::test]
async fn the_window_reconnects_when_the_remote_relayd_restarts_under_it() {
    let (daemon, remote) = remote("").await;
    run(remote
        .relay()
        .args(["project", "upsert", "shop", "--name", "Shop"]))
    .await
    .assert_success();
    let window = format!(
        "XDG_CONFIG_HOME={} RELAY_TOKEN={} {} --home {} --server {} board shop; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&remote.client.join("config")),
        remote.owner,
        quoted(&relay_bin()),
        quoted(&remote.client.join("home")),
        remote.url,
    );
    let tmux = Tmux::start(&remote.client, &window);
    tmux.wait_for("the remote board, live", |s| {
        s.contains("shop") && s.contains("● live")
    })
    .await;

    let home = daemon.crash();
    tmux.wait_for("the offline indicator", |s| s.contains("○ offline"))
        .await;
    let _daemon = TestDaemon::start_in(home).await;
    tmux.wait_for("the window live again", |s| s.contains("● live"))
        .await;
    // And it works: a task created elsewhere shows on the board it follows.
    run(remote
        .relay()
        .args(["task", "create", "--project", "shop", "After the restart"]))
    .await
    .assert_success();
    tmux.wait_for("the new task on the remote board", |s| {
        s.contains("After the restart")
    })
    .await;
    tmux.send(&["q"]);
    tmux.wait_for("the window exited", |s| s.contains("relay exited: 0"))
        .await;
}

#[tokio::test]
async fn an_attached_remote_terminal_reattaches_when_relayd_restarts_under_it() {
    let (daemon, remote) = remote("").await;
    let checkout = repo(daemon.home().scratch());
    run(remote.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let mut child = tokio::process::Command::from(remote.relay())
        .args(["session", "attach", "run-shop-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"echo before-$((1+1))\n").await.unwrap();
    let mut seen = Vec::new();
    tokio::time::timeout(WAIT_TIMEOUT, async {
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&seen).contains("before-2") {
            let n = stdout.read(&mut buf).await.unwrap();
            assert!(n > 0, "attach ended early: {:?}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
    })
    .await
    .expect("the echo before the restart");

    // relayd dies and comes back on the same port. Its PTYs died with it (the session is stopped, resume
    // available), so the client attaches again and ends with what relayd says about the session, not with a
    // broken connection.
    let home = daemon.crash();
    let _daemon = TestDaemon::start_in(home).await;
    let out = tokio::time::timeout(std::time::Duration::from_secs(30), child.wait_with_output())
        .await
        .expect("the attach ends once it has reattached")
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("the attach ended with: {stderr}");
    assert!(stderr.contains("run-shop-1"), "{stderr}");
    assert!(
        stderr.contains("stopped") || stderr.contains("resume"),
        "relayd's word on the session: {stderr}"
    );
    assert!(
        !stderr.contains("transport error") && !stderr.contains("h2 protocol"),
        "{stderr}"
    );
}

/// `relay servers --json` as a client with its own config dir: the servers it heard.
async fn servers(remote: &Remote, wait: &str) -> Vec<serde_json::Value> {
    let out = run(relay_command()
        .env("XDG_CONFIG_HOME", remote.client.join("config"))
        .args(["servers", "--wait", wait, "--json"]))
    .await;
    out.assert_success();
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    value["servers"].as_array().unwrap().clone()
}

#[tokio::test]
async fn relay_servers_finds_a_relayd_advertising_on_the_lan_and_connects_to_the_url_it_shows() {
    let name = format!("relay-e2e-{}", std::process::id());
    let (daemon, remote) = remote_at(
        "0.0.0.0",
        &format!("mdns_advertise = true\nmdns_instance_name = \"{name}\"\n"),
    )
    .await;
    daemon
        .home()
        .wait_for_log("advertising the remote listener on the LAN")
        .await;
    let port = daemon.status().remote_addr.clone().unwrap();
    let port: u16 = port.rsplit(':').next().unwrap().parse().unwrap();
    let found = find_server(&remote, &name).await;
    assert_eq!(found["port"], port, "{found}");
    assert_eq!(found["fingerprint"], fingerprint(&daemon), "{found}");
    assert_eq!(found["require_mtls"], false, "{found}");
    assert_eq!(found["pin"], "new", "{found}");
    assert!(
        !found.to_string().contains(&remote.owner),
        "no token is advertised: {found}"
    );
    // The URL it shows is one `relay --server` connects to; the pin then matches the announcement.
    let url = found["url"].as_str().unwrap().to_owned();
    run(remote
        .relay_to(&url, Some(&remote.owner))
        .args(["project", "list"]))
    .await
    .assert_success();
    let again = find_server(&remote, &name).await;
    assert_eq!(again["pin"], "pinned", "{again}");
    // The human form names it with the command to connect.
    let mut text = String::new();
    for _ in 0..3 {
        let out = run(relay_command()
            .env("XDG_CONFIG_HOME", remote.client.join("config"))
            .args(["servers", "--wait", "4"]))
        .await;
        out.assert_success();
        text = out.stdout.clone();
        if text.contains(&name) {
            break;
        }
    }
    assert!(text.contains(&format!("{name}  relay --server {url}")), "{text}");
    assert!(text.contains("certificate matches your pin"), "{text}");
}

/// `name` as `relay servers --json` hears it; mDNS answers over multicast, so a busy machine gets three tries.
async fn find_server(remote: &Remote, name: &str) -> serde_json::Value {
    for _ in 0..3 {
        if let Some(found) = servers(remote, "4")
            .await
            .into_iter()
            .find(|s| s["instance"] == name)
        {
            return found;
        }
    }
    panic!("relay servers did not hear {name}");
}

#[tokio::test]
async fn mdns_on_a_loopback_listener_or_without_one_is_a_warning_and_nothing_is_advertised() {
    let (daemon, _remote) = remote("mdns_advertise = true\n").await;
    let log = daemon
        .home()
        .wait_for_log("a loopback address other machines cannot reach")
        .await;
    assert!(!log.contains("advertising the remote listener"), "{log}");
    drop(daemon);
    let daemon = TestDaemon::builder()
        .config("mdns_advertise = true\n")
        .start()
        .await;
    daemon
        .home()
        .wait_for_log("mdns_advertise is on but remote_listen is off")
        .await;
    // A bad instance name is refused like any bad config value, naming the key.
    let home = TestHome::new();
    home.write_config(&format!("mdns_instance_name = \"{}\"\n", "x".repeat(64)));
    let out = run(home.relay().args(["daemon", "status"])).await;
    assert!(out.stderr.contains("mdns_instance_name"), "{out}");
}
