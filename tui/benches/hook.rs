//! `relay hook` as a whole process — spawn, stdin, socket round trip, answer, exit — measured from outside, the
//! way an agent runs it (`cargo bench -p relay --bench hook`, release build):
//!
//! - `relay hook claude pre-tool` with Claude Code's Edit payload against a running relayd (the claim is
//!   granted; the same session renews it every run);
//! - `relay hook cursor pre-tool` on the same file (refused: the deny JSON with the holder and intent);
//! - beside them, in the same run and interleaved with them, a minimal Python hook (`tests/bench/hook_python.py`,
//!   urllib) and a minimal Node hook (`tests/bench/hook_node.js`, http), each reading the same payload and doing
//!   one HTTP round trip to relayd's `/healthz`; the ratio of their medians to relay's;
//! - `relay hook claude pre-tool` on a data directory whose relayd is not running (the fail-open path), also
//!   interleaved.
//!
//! 300 runs each (10 without `--bench`), after 10 untimed warm-up runs. Prints a Markdown table for
//! docs/PERFORMANCE.md. Timings are never asserted (these machines are noisy); every answer is.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const RELAY: &str = env!("CARGO_BIN_EXE_relay");
const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/bench");
const CLAUDE_EDIT: &str = include_str!("../../src/hook/fixtures/claude_pre_tool_edit.json");
const CLAUDE_PROMPT: &str = include_str!("../../src/hook/fixtures/claude_prompt.json");
const CURSOR_WRITE: &str = include_str!("../../src/hook/fixtures/cursor_pre_tool_write.json");

fn relay(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(RELAY)
        .arg("--home")
        .arg(home)
        .args(["--port", "0"])
        .args(args)
        .env_remove("RELAY_HOOK_BUDGET_MS")
        .output()
        .expect("run relay")
}

/// One hook process: `command` with `body` on stdin; its stdout, and how long the whole process took.
fn run(command: &mut Command, body: &[u8]) -> (String, Duration) {
    let began = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    child.stdin.take().unwrap().write_all(body).unwrap();
    let output = child.wait_with_output().unwrap();
    let elapsed = began.elapsed();
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (String::from_utf8(output.stdout).unwrap(), elapsed)
}

/// One kind of hook process, with what its stdout must be.
struct Contender {
    name: String,
    command: Command,
    body: Vec<u8>,
    check: fn(&str) -> bool,
    samples: Vec<Duration>,
}

impl Contender {
    fn new(name: &str, command: Command, body: &Value, check: fn(&str) -> bool) -> Contender {
        Contender {
            name: name.to_owned(),
            command,
            body: body.to_string().into_bytes(),
            check,
            samples: Vec::new(),
        }
    }

    fn once(&mut self, timed: bool) {
        let (stdout, elapsed) = run(&mut self.command, &self.body);
        assert!(
            (self.check)(&stdout),
            "{}: unexpected answer {stdout:?}",
            self.name
        );
        if timed {
            self.samples.push(elapsed);
        }
    }

    fn p(&self, p: f64) -> Duration {
        let mut sorted = self.samples.clone();
        sorted.sort();
        let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
        sorted[index.min(sorted.len() - 1)]
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn http_port(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    let start = text.find("http://").expect("start prints the http address") + "http://".len();
    let rest = &text[start..];
    let end = rest.find([',', ')', ' ']).unwrap_or(rest.len());
    let addr: std::net::SocketAddr = rest[..end].parse().expect("an address");
    addr.port().to_string()
}

/// The interpreter itself, not a version manager's shim in front of it (a pyenv shim is a shell script).
fn python() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    path.is_file().then_some(path)
}

fn node() -> Option<PathBuf> {
    let out = Command::new("node")
        .args(["-e", "console.log(process.execPath)"])
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    path.is_file().then_some(path)
}

fn version(program: &Path) -> String {
    Command::new(program)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0);
    format!("{cores} cores, {cpu}")
}

fn hook(home: &Path, agent: &str) -> Command {
    let mut command = Command::new(RELAY);
    command
        .arg("--home")
        .arg(home)
        .args(["hook", agent, "pre-tool"])
        .env_remove("RELAY_HOOK_BUDGET_MS");
    command
}

fn main() {
    // `cargo bench` passes --bench; a plain `cargo test --benches` run passes nothing and should stay quick.
    let full = std::env::args().any(|a| a == "--bench");
    let (runs, warmup) = if full { (300, 10) } else { (10, 2) };

    let home = tempfile::tempdir().unwrap();
    let repo = home.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    let started = relay(home.path(), &["daemon", "start"]);
    assert!(
        started.status.success(),
        "start failed: {}",
        String::from_utf8_lossy(&started.stderr)
    );
    let port = http_port(&started.stdout);
    let file = repo.join("src/auth.ts");

    let mut prompt: Value = serde_json::from_str(CLAUDE_PROMPT).unwrap();
    prompt["cwd"] = json!(repo);
    prompt["prompt"] = json!("switch the login flow to JWT tokens");
    let mut claude: Value = serde_json::from_str(CLAUDE_EDIT).unwrap();
    claude["cwd"] = json!(repo);
    claude["tool_input"]["file_path"] = json!(file);
    let mut cursor: Value = serde_json::from_str(CURSOR_WRITE).unwrap();
    cursor["workspace_roots"] = json!([repo]);
    cursor["tool_input"]["path"] = json!(file);
    let mut record_prompt = Command::new(RELAY);
    record_prompt
        .arg("--home")
        .arg(home.path())
        .args(["hook", "claude", "prompt"]);
    run(&mut record_prompt, prompt.to_string().as_bytes());

    let mut contenders = vec![
        Contender::new(
            "`relay hook claude pre-tool` (claim granted)",
            hook(home.path(), "claude"),
            &claude,
            |out| out.is_empty(),
        ),
        Contender::new(
            "`relay hook cursor pre-tool` (claim refused: deny with holder and intent)",
            hook(home.path(), "cursor"),
            &cursor,
            |out| out.contains("\"permission\":\"deny\"") && out.contains("JWT tokens"),
        ),
    ];
    let (python, node) = (python(), node());
    let mut versions = Vec::new();
    if let Some(python) = &python {
        versions.push(version(python));
        let mut command = Command::new(python);
        command
            .arg(Path::new(BENCH_DIR).join("hook_python.py"))
            .env("RELAY_PORT", &port);
        contenders.push(Contender::new(
            "minimal Python hook (urllib, one GET /healthz)",
            command,
            &claude,
            |out| out.is_empty(),
        ));
    }
    if let Some(node) = &node {
        versions.push(format!("node {}", version(node)));
        let mut command = Command::new(node);
        command
            .arg(Path::new(BENCH_DIR).join("hook_node.js"))
            .env("RELAY_PORT", &port);
        contenders.push(Contender::new(
            "minimal Node hook (http, one GET /healthz)",
            command,
            &claude,
            |out| out.is_empty(),
        ));
    }

    // relayd down: a data directory whose relayd is not running (connecting fails at once; nothing is started).
    let down_home = tempfile::tempdir().unwrap();
    contenders.push(Contender::new(
        "`relay hook claude pre-tool`, relayd down (allow form)",
        hook(down_home.path(), "claude"),
        &claude,
        |out| out.is_empty(),
    ));

    // Interleaved, so a noisy moment costs every contender alike.
    for round in 0..warmup + runs {
        for contender in &mut contenders {
            contender.once(round >= warmup);
        }
    }
    let stopped = relay(home.path(), &["daemon", "stop"]);
    assert!(stopped.status.success());
    assert!(
        !relay_core::lock::is_held(&relay_core::paths::DataDir::new(down_home.path())),
        "a hook never starts relayd"
    );
    let down = contenders.pop().unwrap();

    println!(
        "machine: {}; {runs} runs each after {warmup} warm-up runs; {}",
        machine(),
        versions.join(", ")
    );
    println!();
    println!("| hook process, measured from outside | p50 | p99 | target |");
    println!("|---|---|---|---|");
    for (i, contender) in contenders.iter().enumerate() {
        let target = if i == 0 { "p50 < 5 ms, p99 < 15 ms" } else { "—" };
        println!(
            "| {} | {} | {} | {target} |",
            contender.name,
            ms(contender.p(0.5)),
            ms(contender.p(0.99))
        );
    }
    println!(
        "| {} | {} | {} | < 350 ms |",
        down.name,
        ms(down.p(0.5)),
        ms(down.p(0.99))
    );
    let relay_p50 = contenders[0].p(0.5).as_secs_f64();
    let relay_p99 = contenders[0].p(0.99).as_secs_f64();
    println!();
    for contender in &contenders[2..] {
        println!(
            "{}: {:.1}× relay's p50, {:.1}× its p99",
            contender.name,
            contender.p(0.5).as_secs_f64() / relay_p50,
            contender.p(0.99).as_secs_f64() / relay_p99
        );
    }
}
