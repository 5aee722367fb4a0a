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
//!   interleaved;
//! - the guard on (issue 17): a project whose repository holds the hook's cwd, with a live environment (an ssh
//!   alias and host, a db host, a gitops repo, a base URL, 50 identifiers in all) in block mode, seeded through
//!   relayd's own service before relayd starts; Claude Code's PreToolUse for a 1 KB Bash command that ends with a
//!   remote change on live, answered deny by the guard (relayd keeps the guard's view of the environments between
//!   calls, so each call reads the session's scope, decides and writes the journal's `live.action`);
//! - the spawn floor in the same run: `relay --version` (the same binary started, its arguments parsed, exit —
//!   no socket, no relayd) and `/bin/true`. Goal (issue 17): the guard-on hook within 2× the spawn floor
//!   (`relay --version`).
//!
//! 300 runs each (10 without `--bench`), after 10 untimed warm-up runs. Prints a Markdown table for
//! docs/PERFORMANCE.md. Timings are never asserted (these machines are noisy); every answer is.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use relay_core::config::{Config, Flags};
use relayd::DaemonHandle;
use relayd::board::{Caller, ProjectInput};
use relayd::environments::{EnvChange, Scope};
use relayd::store::Store;
use relayd::token::Token;
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
    let mut stdin = child.stdin.take().unwrap();
    if !body.is_empty() {
        stdin.write_all(body).unwrap();
    }
    drop(stdin);
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

/// The guard's fixture, written through relayd's own services before relayd starts: project `shop` whose
/// repository is `repo`, a live environment `live` of 50 identifiers (ssh aliases and hosts, db hosts, gitops
/// repos, the base URL), and block mode for the project.
async fn seed_guard(home: &Path, repo: &Path) {
    let flags = Flags {
        home: Some(home.to_path_buf()),
        ..Flags::default()
    };
    let config = Config::load_with(&flags, |_| None).unwrap();
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
    let handle = DaemonHandle::new(config, store, token, "127.0.0.1:0".parse().unwrap());
    let owner = Caller::socket_peer();
    let input = ProjectInput {
        slug: "shop".into(),
        name: Some("Shop".into()),
        repo_path: Some(repo.to_string_lossy().into_owned()),
        ..ProjectInput::default()
    };
    handle.board().upsert_project(input, &owner).await.unwrap();
    let mut access =
        vec![json!({"kind": "ssh", "fields": {"alias": "prod-app", "host": "web-1.shop.example"}})];
    for n in 0..48 {
        access.push(match n % 3 {
            0 => json!({"kind": "ssh", "fields": {"alias": format!("app{n}"), "host": format!("web-{n}.shop.example")}}),
            1 => json!({"kind": "db", "fields": {"host": format!("pg-{n}.shop.example")}}),
            _ => json!({"kind": "gitops", "fields": {"repo": format!("git@github.com:shop/deploy-{n}.git")}}),
        });
    }
    let live: EnvChange = serde_json::from_value(json!({
        "environment": "live", "kind": "live", "base_url": "https://shop.example", "access": access
    }))
    .unwrap();
    handle
        .environments()
        .apply(&owner, "shop", &live, false)
        .await
        .unwrap();
    handle
        .environments()
        .set_layer(
            &owner,
            &Scope::Project("shop".into()),
            Some(&json!({"guard": {"mode": "block"}})),
            true,
        )
        .await
        .unwrap();
    handle.store().close().await;
}

/// A 1 KB Bash command: reads on the stand and local work, then a remote change on live at the end.
fn guarded_command() -> String {
    let reads = [
        "ssh app0 uptime",
        "psql -h pg-1.shop.example -c 'select count(*) from orders'",
        "curl -s https://shop.example/health",
        "git status --short",
        "cargo build --release",
    ];
    let mut out = String::new();
    let mut n = 0;
    while out.len() < 1024 - 60 {
        out.push_str(reads[n % reads.len()]);
        out.push_str(" && ");
        n += 1;
    }
    out.push_str("ssh prod-app 'sudo systemctl restart nginx'");
    out
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
    let shop = home.path().join("shop");
    std::fs::create_dir_all(shop.join(".git")).unwrap();
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(seed_guard(home.path(), &shop));
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

    let guarded = json!({
        "session_id": "cc-guard-bench", "cwd": shop, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": guarded_command()}
    });
    contenders.push(Contender::new(
        "`relay hook claude pre-tool`, guard on: 1 KB Bash command, remote change on live (deny)",
        hook(home.path(), "claude"),
        &guarded,
        |out| {
            out.contains("\"permissionDecision\":\"deny\"") && out.contains("relay guard: shop live (live)")
        },
    ));
    let mut floor = Command::new(RELAY);
    floor.arg("--version");
    // The floors read nothing: they get no stdin.
    let mut floor = Contender::new("spawn floor: `relay --version`", floor, &Value::Null, |out| {
        out.starts_with("relay")
    });
    floor.body.clear();
    contenders.push(floor);
    let mut truth = Contender::new(
        "spawn floor: `/bin/true`",
        Command::new("/bin/true"),
        &Value::Null,
        |out| out.is_empty(),
    );
    truth.body.clear();
    contenders.push(truth);

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
    let named = |prefix: &str| contenders.iter().find(|c| c.name.starts_with(prefix));
    if let (Some(guarded), Some(floor)) = (
        named("`relay hook claude pre-tool`, guard on"),
        named("spawn floor: `relay --version`"),
    ) {
        println!(
            "guard on: {:.2}× the spawn floor's p50, {:.2}× its p99 (goal: within 2×)",
            guarded.p(0.5).as_secs_f64() / floor.p(0.5).as_secs_f64(),
            guarded.p(0.99).as_secs_f64() / floor.p(0.99).as_secs_f64()
        );
    }
    for contender in contenders.iter().filter(|c| c.name.starts_with("minimal")) {
        println!(
            "{}: {:.1}× relay's p50, {:.1}× its p99",
            contender.name,
            contender.p(0.5).as_secs_f64() / relay_p50,
            contender.p(0.99).as_secs_f64() / relay_p99
        );
    }
}
