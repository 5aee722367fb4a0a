//! Keystroke echo through relay's runner against a direct PTY, in one run: the same program (`/bin/sh -c "stty raw
//! -echo; exec cat"`, which echoes every byte it reads) in a PTY this process opens, and in a runner session of a
//! real relayd, typed through `AttachTerminal` (client → socket → relayd → PTY → cat → PTY → relayd → socket →
//! client). Each sample is one byte written until the same byte is read back. The same through a docker session
//! (`docker exec` with a TTY in a container of the tests' busybox image, `relay-test/busybox:1`, which tests/run
//! imports). Then session-ready: `CreateRunnerSession` until it answers `running` (workspace, backend, the
//! program started), for the local and the docker backend. Prints Markdown tables for docs/PERFORMANCE.md. Run it
//! with `tests/bench/runner.sh` (a release relay); `KEYS=n` sets the keystrokes per case (default 2000), `READY=n`
//! the creations per backend (default 20). Without `--bench` (a plain `cargo test --benches`) it only says how to
//! run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use relay_core::proto::terminal_input::Input;
use relay_core::proto::terminal_output::Output;
use relay_core::proto::{AttachOpen, CreateRunnerSessionRequest, TerminalInput};
use relay_tests::{TestDaemon, run};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

const ECHO: &str = "stty raw -echo; exec cat";
/// The tests' image (tests/run imports it from a static busybox).
const IMAGE: &str = "relay-test/busybox:1";

fn docker_config() -> String {
    format!(
        "docker_allowed_images = [\"{IMAGE}\"]\ndocker_default_image = \"{IMAGE}\"\nmax_sessions_per_project = 100\nmax_sessions_total = 200\n"
    )
}

fn have_image() -> bool {
    std::process::Command::new("docker")
        .args(["image", "inspect", IMAGE])
        .output()
        .is_ok_and(|out| out.status.success())
}

async fn daemon_with_repo(config: &str) -> TestDaemon {
    let daemon = TestDaemon::builder().config(config).start().await;
    daemon.add_bench_project().await;
    daemon
}

/// The direct PTY: the same program, one byte written and read back per sample.
fn direct(keys: usize) -> Vec<Duration> {
    let pty = portable_pty::native_pty_system()
        .openpty(portable_pty::PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = portable_pty::CommandBuilder::new("/bin/sh");
    command.args(["-c", ECHO]);
    let mut child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let mut writer = pty.master.take_writer().unwrap();
    // Ready once a byte comes back (stty has run).
    let mut byte = [0u8; 1];
    loop {
        writer.write_all(b"r").unwrap();
        writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(50));
        reader.read_exact(&mut byte).unwrap();
        if byte[0] == b'r' {
            break;
        }
    }
    // Drain what the readiness probes left.
    std::thread::sleep(Duration::from_millis(200));
    let mut samples = Vec::with_capacity(keys);
    for n in 0..keys {
        let key = b'a' + u8::try_from(n % 26).unwrap();
        let began = Instant::now();
        writer.write_all(&[key]).unwrap();
        writer.flush().unwrap();
        loop {
            reader.read_exact(&mut byte).unwrap();
            if byte[0] == key {
                break;
            }
        }
        samples.push(began.elapsed());
    }
    let _ = child.kill();
    samples
}

async fn through_relay(keys: usize, docker: bool) -> Vec<Duration> {
    let config = format!(
        "{}[profiles.echo]\ncommand = \"/bin/sh\"\nargs = [\"-c\", \"{ECHO}\"]\n",
        docker_config()
    );
    let daemon = daemon_with_repo(&config).await;
    let backend = if docker { "docker" } else { "local" };
    run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "bench",
        "--profile",
        "echo",
        "--backend",
        backend,
    ]))
    .await
    .assert_success();
    let (tx, input) = mpsc::channel(64);
    tx.send(TerminalInput {
        input: Some(Input::Open(AttachOpen {
            session: "run-bench-2".to_owned(),
            watch: false,
            rows: 24,
            cols: 80,
        })),
    })
    .await
    .unwrap();
    let mut output = daemon
        .client()
        .await
        .runner
        .attach_terminal(ReceiverStream::new(input))
        .await
        .unwrap()
        .into_inner();
    let key_message = |key: u8| TerminalInput {
        input: Some(Input::Data(vec![key])),
    };
    // Until a probe comes back, stty has not run yet.
    'ready: loop {
        tx.send(key_message(b'r')).await.unwrap();
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
    // Drain what the probes left.
    while let Ok(Ok(Some(_))) = tokio::time::timeout(Duration::from_millis(300), output.message()).await {}
    let mut samples = Vec::with_capacity(keys);
    for n in 0..keys {
        let key = b'a' + u8::try_from(n % 26).unwrap();
        let began = Instant::now();
        tx.send(key_message(key)).await.unwrap();
        loop {
            match output.message().await.unwrap().and_then(|m| m.output) {
                Some(Output::Data(bytes)) if bytes.contains(&key) => break,
                Some(Output::End(end)) => panic!("the terminal ended: {}", end.reason),
                _ => {}
            }
        }
        samples.push(began.elapsed());
    }
    drop(tx);
    daemon.remove_runner_sessions(&["run-bench-2".to_owned()]).await;
    samples
}

/// `CreateRunnerSession` until it answers `running`, `count` times on fresh branches.
async fn ready(count: usize, docker: bool) -> Vec<Duration> {
    let daemon = daemon_with_repo(&docker_config()).await;
    let mut client = daemon.client().await;
    let mut samples = Vec::with_capacity(count);
    let mut names = Vec::with_capacity(count);
    for n in 0..count {
        let began = Instant::now();
        let session = client
            .runner
            .create_runner_session(CreateRunnerSessionRequest {
                branch: Some(format!("ready-{n}")),
                backend: Some(if docker { "docker" } else { "local" }.to_owned()),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        samples.push(began.elapsed());
        assert_eq!(session.state, "running", "{session:?}");
        names.push(session.name);
    }
    daemon.remove_runner_sessions(&names).await;
    samples
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "the runner benchmark runs with `tests/bench/runner.sh` (or `cargo bench -p relay-tests --bench runner`)"
        );
        return;
    }
    let keys: usize = std::env::var("KEYS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(2000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let docker = have_image();
    if !docker {
        eprintln!(
            "the docker cases need the image {IMAGE} and a running dockerd: run tests/run once (its docker step)"
        );
    }
    // Interleaved halves, so a busy moment of the machine falls on every case.
    let mut direct_samples = direct(keys / 2);
    let mut relay_samples = runtime.block_on(through_relay(keys / 2, false));
    let mut docker_samples = Vec::new();
    if docker {
        docker_samples = runtime.block_on(through_relay(keys / 2, true));
    }
    direct_samples.extend(direct(keys - keys / 2));
    relay_samples.extend(runtime.block_on(through_relay(keys - keys / 2, false)));
    if docker {
        docker_samples.extend(runtime.block_on(through_relay(keys - keys / 2, true)));
    }
    direct_samples.sort();
    relay_samples.sort();
    docker_samples.sort();
    let count: usize = std::env::var("READY")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(20);
    let mut local_ready = runtime.block_on(ready(count, false));
    local_ready.sort();
    let mut docker_ready = if docker {
        runtime.block_on(ready(count, true))
    } else {
        Vec::new()
    };
    docker_ready.sort();
    let (d50, d99) = (
        percentile(&direct_samples, 0.5),
        percentile(&direct_samples, 0.99),
    );
    let (r50, r99) = (percentile(&relay_samples, 0.5), percentile(&relay_samples, 0.99));
    println!(
        "machine: {} cores; {} keystrokes per case",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        keys
    );
    println!();
    println!("| path | p50 | p99 | max | added p50 | added p99 |");
    println!("|---|---|---|---|---|---|");
    println!(
        "| direct PTY | {} | {} | {} | — | — |",
        ms(d50),
        ms(d99),
        ms(*direct_samples.last().unwrap())
    );
    println!(
        "| through relay (AttachTerminal, local backend) | {} | {} | {} | {} | {} |",
        ms(r50),
        ms(r99),
        ms(*relay_samples.last().unwrap()),
        ms(r50.saturating_sub(d50)),
        ms(r99.saturating_sub(d99))
    );
    if !docker_samples.is_empty() {
        let (x50, x99) = (
            percentile(&docker_samples, 0.5),
            percentile(&docker_samples, 0.99),
        );
        println!(
            "| through relay (AttachTerminal, docker backend: docker exec) | {} | {} | {} | {} | {} |",
            ms(x50),
            ms(x99),
            ms(*docker_samples.last().unwrap()),
            ms(x50.saturating_sub(d50)),
            ms(x99.saturating_sub(d99))
        );
    }
    println!();
    println!("session ready ({count} creations per backend, each on a new branch):");
    println!();
    println!("| backend | p50 | p99 | max |");
    println!("|---|---|---|---|");
    for (name, samples) in [
        ("local (worktree + PTY)", &local_ready),
        ("docker (own clone + container + exec)", &docker_ready),
    ] {
        if samples.is_empty() {
            continue;
        }
        println!(
            "| {name} | {} | {} | {} |",
            ms(percentile(samples, 0.5)),
            ms(percentile(samples, 0.99)),
            ms(*samples.last().unwrap())
        );
    }
}
