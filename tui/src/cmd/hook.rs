//! `relay hook <agent> <phase>`: the one hook program of every agent (ARCHITECTURE §7).
//!
//! It reads the hook's JSON on stdin (at most [`MAX_BODY`] bytes), forwards it to relayd's `RunHook` over the
//! local socket and prints relayd's answer, which is already in the agent's dialect. It never stands in the
//! agent's way: it always exits 0, and whenever relayd cannot answer — not running, no answer within the
//! budget, a config it cannot read — or the payload is too large, it prints the agent's allow form
//! ([`allow`]) instead. It never starts relayd (that takes far longer than an agent should wait).
//!
//! Each step is bounded by the budget (`--budget-ms`, `RELAY_HOOK_BUDGET_MS`, default 300 ms): reading stdin,
//! connecting (the dial and the HTTP/2 handshake), and the call. The command runs on a current-thread runtime
//! of its own ([`main`]), so a hook costs one process start, one socket round trip and little else.
//!
//! A command line clap refuses (`relay hook` without a phase, an unknown flag) would exit 2, which Claude Code
//! takes as "block the tool"; [`command_line_refused`] turns it into one line on stderr, the allow form when
//! the agent and phase can still be read, and exit 0.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::panic::AssertUnwindSafe;
use std::process::ExitCode;
use std::time::Duration;

use clap::CommandFactory;
use relay_core::config::{Config, Flags};
use relay_core::hook::{
    Agent, HOST_ATTENDED_KEY, HOST_SESSION_KEY, MAX_BODY, Phase, RUNNER_SESSION_ENV, RUNNER_SESSION_KEY,
    allow, read_event,
};
use relay_core::proto::{RunHookRequest, WaitForWakeRequest};

use crate::cli::{Cli, HookArgs};
use crate::client::connect_within;

/// Runs one hook call on a current-thread runtime of its own. Always exits 0 — except the wake-up hook
/// (`--wait`), which exits 2 with the owner's comments on stderr to wake the session.
pub fn main(flags: Flags, args: HookArgs) -> ExitCode {
    let Some((agent, phase)) = names(&args) else {
        return ExitCode::SUCCESS;
    };
    if args.wait {
        return wake_main(&flags, agent, phase, args.budget());
    }
    let budget = args.budget();
    let stdout = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let body = read_stdin(budget)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok()?;
        let answer = runtime.block_on(respond(&flags, agent, phase, body, budget));
        // A stdin reader or connection task still running must not hold the exit up.
        runtime.shutdown_background();
        Some(answer)
    }));
    print(
        &stdout
            .ok()
            .flatten()
            .unwrap_or_else(|| allow(agent, phase).stdout()),
    );
    ExitCode::SUCCESS
}

/// The wake-up hook: Claude Code's Stop input on stdin, then a wait on relayd of up to 25 minutes. Exit 2 with
/// the lines on stderr when an owner comment wakes the session; exit 0 silently otherwise, at once when relayd
/// is not running or this is not Claude Code's Stop.
fn wake_main(flags: &Flags, agent: Agent, phase: Phase, budget: Duration) -> ExitCode {
    if agent != Agent::Claude || phase != Phase::Stop {
        eprintln!(
            "relay: --wait is the wake-up hook of Claude Code's Stop (relay hook claude stop --wait); nothing to wait for"
        );
        return ExitCode::SUCCESS;
    }
    let wake = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let body = read_stdin(budget)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok()?;
        let wake = runtime.block_on(async {
            let config = Config::load(flags).ok()?;
            let mut client = connect_within(&config.socket, budget).await.ok()?;
            let request = WaitForWakeRequest { body };
            client.coord.wait_for_wake(request).await.ok()?.into_inner().wake
        });
        runtime.shutdown_background();
        wake
    }));
    match wake.ok().flatten() {
        Some(lines) => {
            eprintln!("{lines}");
            ExitCode::from(2)
        }
        None => ExitCode::SUCCESS,
    }
}

/// The same, inside a runtime that already runs (`relay::run`).
pub async fn run(flags: Flags, args: HookArgs) {
    let Some((agent, phase)) = names(&args) else {
        return;
    };
    let budget = args.budget();
    let stdout = match read_stdin(budget) {
        Some(body) => respond(&flags, agent, phase, body, budget).await,
        None => allow(agent, phase).stdout(),
    };
    print(&stdout);
}

/// The agent and phase; an unknown name is said on stderr (with the allow form printed where the agent is
/// known) and ends the call.
fn names(args: &HookArgs) -> Option<(Agent, Phase)> {
    let agent = match Agent::parse(&args.agent) {
        Ok(agent) => agent,
        Err(err) => {
            eprintln!("relay: {err}; the hook printed nothing and let the action through");
            return None;
        }
    };
    match Phase::parse(&args.phase) {
        Ok(phase) => Some((agent, phase)),
        Err(err) => {
            eprintln!("relay: {err}; the hook let the action through");
            print(&neutral_allow(agent));
            None
        }
    }
}

/// The allow form of an agent whose phase is unknown: the one of a phase that never grants or refuses.
fn neutral_allow(agent: Agent) -> String {
    allow(agent, Phase::Notification).stdout()
}

/// relayd's answer to `body`, or the allow form when it cannot give one in time.
async fn respond(flags: &Flags, agent: Agent, phase: Phase, body: Vec<u8>, budget: Duration) -> String {
    if body.len() > MAX_BODY {
        return allow(agent, phase).stdout();
    }
    let body = with_host_session(agent, phase, body);
    match ask(flags, agent, phase, &body, budget).await {
        Some(stdout) => stdout,
        None => fallback(agent, phase, &body),
    }
}

/// Claude Code's SessionStart with the desktop app's session id and attended flag from the environment
/// (`CLAUDE_CODE_HOST_SESSION_ID`, `CLAUDE_CODE_SESSION_ATTENDED`), which relayd uses to link the new Claude Code
/// id to the desktop session, and the runner session it runs in (`RELAY_SESSION`, set in every runner terminal),
/// which links it to that session exactly and wins over the desktop id. Any other call, or a body that is not a
/// JSON object, goes unchanged.
fn with_host_session(agent: Agent, phase: Phase, body: Vec<u8>) -> Vec<u8> {
    with_sessions(agent, phase, body, |name| std::env::var(name).ok())
}

fn with_sessions(agent: Agent, phase: Phase, body: Vec<u8>, env: impl Fn(&str) -> Option<String>) -> Vec<u8> {
    if agent != Agent::Claude || phase != Phase::SessionStart {
        return body;
    }
    let host = env("CLAUDE_CODE_HOST_SESSION_ID").filter(|h| !h.trim().is_empty());
    let runner = env(RUNNER_SESSION_ENV).filter(|r| !r.trim().is_empty());
    if host.is_none() && runner.is_none() {
        return body;
    }
    let Ok(serde_json::Value::Object(mut payload)) = serde_json::from_slice(&body) else {
        return body;
    };
    if let Some(host) = host {
        let attended = env("CLAUDE_CODE_SESSION_ATTENDED").unwrap_or_default();
        payload.insert(HOST_SESSION_KEY.to_owned(), host.trim().into());
        payload.insert(HOST_ATTENDED_KEY.to_owned(), attended.trim().into());
    }
    if let Some(runner) = runner {
        payload.insert(RUNNER_SESSION_KEY.to_owned(), runner.trim().into());
    }
    serde_json::Value::Object(payload).to_string().into_bytes()
}

async fn ask(flags: &Flags, agent: Agent, phase: Phase, body: &[u8], budget: Duration) -> Option<String> {
    // Only the socket path is needed; an unreadable config lets the action through like a stopped relayd.
    let config = Config::load(flags).ok()?;
    let mut client = connect_within(&config.socket, budget).await.ok()?;
    let request = RunHookRequest {
        agent: agent.cli_name().to_owned(),
        phase: phase.cli_name().to_owned(),
        body: body.to_vec(),
    };
    let response = tokio::time::timeout(budget, client.coord.run_hook(request))
        .await
        .ok()?
        .ok()?;
    Some(response.into_inner().stdout)
}

/// The allow form when relayd could not answer: of the product the payload's fingerprint names (a Cursor
/// payload through Claude Code's settings gets Cursor's `{}`), else of the declared agent.
fn fallback(agent: Agent, phase: Phase, body: &[u8]) -> String {
    match read_event(agent, phase, body) {
        Ok(event) => allow(event.agent, event.phase).stdout(),
        Err(_) => allow(agent, phase).stdout(),
    }
}

/// Stdin, up to one byte over [`MAX_BODY`] (so an oversized body is known without reading it all); `None`
/// when it cannot be read within `budget` (an agent that never closes it).
fn read_stdin(budget: Duration) -> Option<Vec<u8>> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("hook-stdin".to_owned())
        .spawn(move || {
            let mut body = Vec::new();
            let limit = u64::try_from(MAX_BODY).unwrap_or(u64::MAX).saturating_add(1);
            let read = std::io::stdin().lock().take(limit).read_to_end(&mut body);
            let _ = sender.send(read.map(|_| body));
        })
        .ok()?;
    receiver.recv_timeout(budget).ok()?.ok()
}

/// Writes the answer; an agent that closed our stdout gets nothing, and that is not an error.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Whether `args` (the whole command line, program first) runs `relay hook`: the first word that is neither a
/// flag nor a global flag's value is `hook`.
pub fn invoked(args: &[OsString]) -> bool {
    words_after_globals(args)
        .first()
        .is_some_and(|word| word == "hook")
}

/// A `relay hook …` command line that clap refused: one line on stderr, the allow form when the agent and the
/// phase can be read from the words after `hook`, and exit 0. Help and version requests print as usual.
pub fn command_line_refused(err: &clap::Error, args: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        err.exit();
    }
    let message = err.kind().as_str().unwrap_or("the command line was refused");
    eprintln!("relay: relay hook: {message}; the hook let the action through (see `relay hook --help`)");
    let words = words_after_globals(args);
    let agent = words.get(1).and_then(|word| Agent::parse(word).ok());
    let phase = words.get(2).and_then(|word| Phase::parse(word).ok());
    match (agent, phase) {
        (Some(agent), Some(phase)) => print(&allow(agent, phase).stdout()),
        (Some(agent), None) => print(&neutral_allow(agent)),
        (None, _) => {}
    }
    ExitCode::SUCCESS
}

/// The words of a command line that are not flags or flag values, program name left out. Flags that take a
/// value (`--home DIR`, `--budget-ms 300`) are known from the clap definitions.
fn words_after_globals(args: &[OsString]) -> Vec<String> {
    let command = Cli::command();
    let hook = command.find_subcommand("hook");
    let takes_value = |name: &str| {
        let found = |c: &clap::Command| {
            c.get_arguments()
                .any(|a| a.get_long() == Some(name) && a.get_action().takes_values())
        };
        found(&command) || hook.is_some_and(found)
    };
    let mut words = Vec::new();
    let mut args = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(arg) = args.next() {
        if arg == "--" {
            words.extend(args.map(|a| a.into_owned()));
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            if !long.contains('=') && takes_value(long) {
                args.next();
            }
            continue;
        }
        if arg.starts_with('-') && arg.len() > 1 {
            continue;
        }
        words.push(arg.into_owned());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_start_in_a_runner_terminal_carries_its_session() {
        let env = |name: &str| (name == RUNNER_SESSION_ENV).then(|| "run-app-2".to_owned());
        let body = with_sessions(
            Agent::Claude,
            Phase::SessionStart,
            br#"{"session_id":"x"}"#.to_vec(),
            env,
        );
        let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(value[RUNNER_SESSION_KEY], "run-app-2");
        assert!(value.get(HOST_SESSION_KEY).is_none());
        // Other phases go unchanged.
        let body = with_sessions(
            Agent::Claude,
            Phase::PreTool,
            br#"{"session_id":"x"}"#.to_vec(),
            env,
        );
        assert_eq!(body, br#"{"session_id":"x"}"#);
    }

    fn args(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn hook_is_found_behind_global_flags_when_parsing_fails() {
        assert!(invoked(&args("relay hook claude pre-tool")));
        assert!(invoked(&args("relay --home /tmp/h --port 0 hook claude")));
        assert!(invoked(&args("relay --home=/tmp/h hook")));
        assert!(!invoked(&args("relay --home hook task list")));
        assert!(!invoked(&args("relay task create -p acme hook")));
        assert_eq!(
            words_after_globals(&args(
                "relay hook --budget-ms 5 cursor --home /h pre-tool --bogus"
            )),
            ["hook", "cursor", "pre-tool"]
        );
    }

    #[test]
    fn fallback_answers_in_the_fingerprinted_dialect_when_relayd_is_away() {
        let cursor = include_str!("../../../src/hook/fixtures/cursor_via_claude_settings.json");
        assert_eq!(fallback(Agent::Claude, Phase::PreTool, cursor.as_bytes()), "{}\n");
        assert_eq!(fallback(Agent::Claude, Phase::PreTool, b"not json"), "");
        assert_eq!(
            fallback(Agent::Antigravity, Phase::PreTool, b"{}"),
            "{\"decision\":\"allow\"}\n"
        );
    }
}
