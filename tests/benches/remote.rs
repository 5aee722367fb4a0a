//! Remote access's numbers, against the local socket in the same run: (1) a new connection plus its first RPC —
//! for `--server`, TCP + the TLS handshake + HTTP/2 + `GetStatus` with the remote token (Relay Cloud target: < 20 ms
//! on loopback); for the socket, connect + `GetStatus`; (2) a cold client's full screen: a new `relay session
//! attach` process (its start, the connection, the attach) until the terminal's snapshot — a screen filled with 60
//! numbered lines — has arrived on its stdout (target: < 200 ms). The relayd is a real one with
//! `remote_listen` on loopback, set up with `relay daemon init-remote`. Prints Markdown tables for
//! docs/PERFORMANCE.md. Run it with `tests/bench/remote.sh` (it sets `XDG_CONFIG_HOME` to a temp folder, where
//! the client pins the certificate); `CONNECTS=n` sets the connections per case (default 200), `ATTACHES=n` the
//! cold attaches (default 30); (3) keystroke echo in a session running `cat` raw, through `AttachTerminal` over the
//! remote listener and over the socket, five alternating runs of `KEYS`/5 keys each (default 500; target: the remote
//! path adds ≤ 1 ms at p50). Without `--bench` it only says how to run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use relay::client::Client;
use relay::remote::{RemoteArgs, Server};
use relay_core::proto::terminal_input::Input;
use relay_core::proto::terminal_output::Output;
use relay_core::proto::{AttachOpen, GetStatusRequest, TerminalInput};
use relay_tests::{TestDaemon, TestHome, relay_command, run};
use tokio::io::AsyncReadExt;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

/// The echo session's program: it sends back every byte it reads, unbuffered.
const ECHO: &str = "stty raw -echo; exec cat";

/// Keystroke echo through one client's `AttachTerminal`: each key sent, timed until it comes back. The first
/// `warm` keys are probes (until `stty` has run) and are not counted.
async fn echo(client: &mut Client, session: &str, keys: usize) -> Vec<Duration> {
    let (tx, input) = mpsc::channel(64);
    tx.send(TerminalInput {
        input: Some(Input::Open(AttachOpen {
            session: session.to_owned(),
            watch: false,
            rows: 24,
            cols: 80,
        })),
    })
    .await
    .unwrap();
    let mut output = client
        .runner
        .attach_terminal(ReceiverStream::new(input))
        .await
        .unwrap()
        .into_inner();
    let key = |k: u8| TerminalInput {
        input: Some(Input::Data(vec![k])),
    };
    'ready: loop {
        tx.send(key(b'r')).await.unwrap();
        let deadline = Instant::now() + Duration::from_millis(200);
        while let Ok(Ok(Some(message))) = tokio::time::timeout(
            deadline.saturating_duration_since(Instant::now()),
            output.message(),
        )
        .await
        {
            if let Some(Output::Data(bytes)) = message.output
                && bytes.contains(&b'r')
            {
                break 'ready;
            }
        }
    }
    while let Ok(Ok(Some(_))) = tokio::time::timeout(Duration::from_millis(300), output.message()).await {}
    let mut samples = Vec::with_capacity(keys);
    for n in 0..keys {
        let k = b'a' + u8::try_from(n % 26).unwrap();
        let began = Instant::now();
        tx.send(key(k)).await.unwrap();
        loop {
            match output.message().await.unwrap().and_then(|m| m.output) {
                Some(Output::Data(bytes)) if bytes.contains(&k) => break,
                Some(Output::End(end)) => panic!("the terminal ended: {}", end.reason),
                _ => {}
            }
        }
        samples.push(began.elapsed());
    }
    samples
}

fn count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn row(name: &str, mut samples: Vec<Duration>) -> String {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "| {name} | {} | {:.2} ms | {:.2} ms | {:.2} ms |",
        samples.len(),
        ms(percentile(&samples, 0.5)),
        ms(percentile(&samples, 0.99)),
        ms(*samples.last().unwrap())
    )
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Reads `child`'s stdout until it holds `marker`, and returns how long that took from `started`.
async fn until(child: &mut tokio::process::Child, marker: &str, started: Instant) -> Duration {
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 8192];
    tokio::time::timeout(Duration::from_secs(20), async {
        while !String::from_utf8_lossy(&seen).contains(marker) {
            let n = stdout.read(&mut buf).await.unwrap();
            assert!(
                n > 0,
                "attach ended before {marker:?}: {}",
                String::from_utf8_lossy(&seen)
            );
            seen.extend_from_slice(&buf[..n]);
        }
    })
    .await
    .expect("the snapshot");
    started.elapsed()
}

async fn cold_attach(command: std::process::Command, marker: &str) -> Duration {
    let started = Instant::now();
    let mut child = tokio::process::Command::from(command)
        .args(["session", "attach", "run-bench-1", "--watch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let took = until(&mut child, marker, started).await;
    let _ = child.kill().await;
    took
}

#[tokio::main]
async fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        eprintln!("remote benchmark: run it with tests/bench/remote.sh");
        return;
    }
    let config_home = std::env::var_os("XDG_CONFIG_HOME").expect(
        "XDG_CONFIG_HOME must name a scratch folder (tests/bench/remote.sh sets one), where the pin goes",
    );
    eprintln!("pins in {}", Path::new(&config_home).display());
    let (connects, attaches) = (count("CONNECTS", 200), count("ATTACHES", 30));

    let home = TestHome::new();
    let init = run(home.relay().args(["daemon", "init-remote"])).await;
    init.assert_success();
    let token_file = home.scratch().join("token");
    std::fs::write(&token_file, init.stdout.trim()).unwrap();
    std::fs::set_permissions(&token_file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let port = free_port();
    let config = format!(
        "remote_listen = \"127.0.0.1:{port}\"\n[profiles.shell]\ncommand = \"/bin/sh\"\n[profiles.echo]\ncommand = \"/bin/sh\"\nargs = [\"-c\", \"{ECHO}\"]\n"
    );
    let daemon = TestDaemon::builder().home(home).config(&config).start().await;
    daemon.add_bench_project().await;
    let url = format!("https://127.0.0.1:{port}");
    let server = Server::from_args(&RemoteArgs {
        server: Some(url.clone()),
        token_file: Some(token_file.clone()),
        ..RemoteArgs::default()
    })
    .unwrap()
    .unwrap();

    // The first connection pins the certificate and pays argon2 once; it is not counted.
    let mut first = Client::remote(&server).await.unwrap();
    first.daemon.get_status(GetStatusRequest {}).await.unwrap();

    // (1) A new connection and its first RPC, remote and local interleaved.
    let (mut remote, mut local) = (Vec::new(), Vec::new());
    for _ in 0..connects {
        let started = Instant::now();
        let mut client = Client::remote(&server).await.unwrap();
        client.daemon.get_status(GetStatusRequest {}).await.unwrap();
        remote.push(started.elapsed());
        drop(client);
        let started = Instant::now();
        let mut client = relay::client::connect(&daemon.socket()).await.unwrap();
        client.daemon.get_status(GetStatusRequest {}).await.unwrap();
        local.push(started.elapsed());
    }

    // (2) A full screen in the session's terminal, then cold attaches.
    let mut filler = tokio::process::Command::from(daemon.relay())
        .args(["session", "attach", "run-bench-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdin = filler.stdin.take().unwrap();
    tokio::io::AsyncWriteExt::write_all(
        &mut stdin,
        b"clear; for i in $(seq 1 60); do echo \"line-$i of the screen\"; done; echo screen-ready\n",
    )
    .await
    .unwrap();
    until(&mut filler, "screen-ready\r\n", Instant::now()).await;
    drop(stdin);
    let _ = filler.kill().await;

    let (mut remote_attach, mut local_attach) = (Vec::new(), Vec::new());
    for _ in 0..attaches {
        let mut command = relay_command();
        command
            .args(["--server", &url, "--token-file"])
            .arg(&token_file)
            .arg("--home")
            .arg(daemon.home().scratch().join("client"));
        remote_attach.push(cold_attach(command, "screen-ready").await);
        local_attach.push(cold_attach(daemon.relay(), "screen-ready").await);
    }

    // (3) Keystroke echo in a session running `cat` raw: through the remote listener and through the socket,
    // one key at a time, the same session (one writer at a time: the remote one detaches before the local one).
    run(daemon
        .relay()
        .args(["session", "new", "--branch", "echo", "--profile", "echo"]))
    .await
    .assert_success();
    let keys = count("KEYS", 500);
    let (mut remote_echo, mut local_echo) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let mut client = Client::remote(&server).await.unwrap();
        remote_echo.extend(echo(&mut client, "run-bench-2", keys / 5).await);
        drop(client);
        let mut client = relay::client::connect(&daemon.socket()).await.unwrap();
        local_echo.extend(echo(&mut client, "run-bench-2", keys / 5).await);
    }

    println!("| path | samples | p50 | p99 | max |");
    println!("|---|---|---|---|---|");
    println!(
        "{}",
        row(
            "new connection + GetStatus, remote (TCP + TLS + h2, token)",
            remote
        )
    );
    println!("{}", row("new connection + GetStatus, local socket", local));
    println!(
        "{}",
        row(
            "cold `relay --server … session attach` → full screen",
            remote_attach
        )
    );
    println!(
        "{}",
        row("cold `relay session attach` (socket) → full screen", local_attach)
    );
    println!(
        "{}",
        row(
            "keystroke echo, remote (`AttachTerminal` over TLS)",
            remote_echo.clone()
        )
    );
    println!("{}", row("keystroke echo, local socket", local_echo.clone()));
    let p50 = |mut v: Vec<Duration>| {
        v.sort();
        percentile(&v, 0.5)
    };
    println!(
        "\nthe remote path adds {:.3} ms to the echo at p50 (target ≤ 1 ms)",
        (p50(remote_echo).as_secs_f64() - p50(local_echo).as_secs_f64()) * 1000.0
    );
}
