//! `relay setup --check` and the Claude Code items of `relay doctor`: one [`Check`] per item, each failure saying
//! what to do. Nothing here writes a file or creates the token.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use relay_core::hook::{Agent, Phase};
use relay_core::proto::RunHookRequest;
use tokio::io::AsyncWriteExt;

use super::detect::{self, Claude, MIN_ASYNC_REWAKE, MIN_CLAUDE, Mcp};
use super::marker::{self, Role};
use super::plan::{self, Found};
use super::{Setup, Target};
use crate::client::{Context, connect};
use crate::cmd::doctor::{Check, fail, ok, skip};
use crate::http_client;

/// The token as the data directory holds it, without creating one.
pub fn read_token(ctx: &Context) -> Result<String, String> {
    let path = ctx.config.data_dir.token();
    match std::fs::read_to_string(&path) {
        Ok(text) if !text.trim().is_empty() => Ok(text.trim().to_owned()),
        Ok(_) => Err(format!(
            "{} is empty; replace it with `relay token --rotate`",
            path.display()
        )),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "{} does not exist; `relay token` creates it (relayd does at start)",
            path.display()
        )),
        Err(err) => Err(format!("cannot read {}: {err}", path.display())),
    }
}

/// What the installed hooks say: relay's handlers, and the mode they are in.
struct Installed {
    found: Vec<Found>,
    http: bool,
    wake: bool,
}

fn installed(setup: &Setup, target: &Target) -> Result<Installed, String> {
    let (_, root) = plan::read(&target.path, setup.spec).map_err(|e| e.to_string())?;
    let found = match &root {
        Some(root) => plan::find(root, setup.spec, &setup.marks, &setup.host),
        None => Vec::new(),
    };
    let http = found
        .iter()
        .any(|f| f.handler.get("type").and_then(|t| t.as_str()) == Some("http"));
    let wake = found.iter().any(|f| f.role == Role::Wake);
    Ok(Installed { found, http, wake })
}

/// Every `--check` item for the agent, in order.
pub async fn run(ctx: &Context, setup: &Setup, target: &Target) -> Vec<Check> {
    let token = read_token(ctx);
    let addr = setup.addr;
    let mut checks = vec![relayd(ctx, addr, &token).await, mcp(addr, &token).await];
    checks.push(hook_event(ctx, setup.spec.agent).await);
    let installed = installed(setup, target);
    checks.push(hooks_item("hooks", setup, target, &installed));
    if let Ok(installed) = &installed {
        if installed.http {
            checks.push(http_endpoint(addr, &token).await);
            checks.push(relay_token_env(&token));
        } else if !installed.found.is_empty() {
            checks.push(command_runs("command hook", setup.spec.command_key, installed).await);
        }
        if installed.wake {
            checks.push(wake(&detect::claude().await, addr, &token).await);
        }
    }
    if setup.spec.agent == Agent::Claude {
        checks.push(mcp_registered("mcp registration", setup, target));
    }
    checks
}

/// The Claude Code items of `relay doctor`: claude on PATH, the hooks in the user settings, the command hook runs
/// (or RELAY_TOKEN for http hooks), the wake-up hook when installed, MCP registered. They read Claude Code's files
/// even when relayd is down.
pub async fn doctor_items(ctx: &Context, setup: &Setup, target: &Target) -> Vec<Check> {
    let claude = detect::claude().await;
    // Claude Code neither installed nor set up: the user does not use it, so nothing of it is a failure.
    if matches!(claude, Claude::Missing) && installed(setup, target).is_ok_and(|found| found.found.is_empty())
    {
        return vec![skip(
            "claude",
            "Claude Code (`claude`) is not on PATH and relay's hooks are not in its settings: not used here. After \
             installing it, run `relay setup` (see the plan first).",
        )];
    }
    let mut checks = vec![match &claude {
        Claude::Missing => fail(
            "claude",
            "Claude Code (`claude`) is not on PATH; install it, or ignore this if you do not use Claude Code",
        ),
        Claude::Found {
            version: Some(version),
            ..
        } if *version >= MIN_CLAUDE => ok("claude", claude.describe()),
        Claude::Found {
            version: Some(version),
            ..
        } => fail(
            "claude",
            format!(
                "{}; relay needs Claude Code {MIN_CLAUDE} or newer ({version} found): update it",
                claude.describe()
            ),
        ),
        Claude::Found { version: None, .. } => fail(
            "claude",
            format!(
                "{}; relay needs {MIN_CLAUDE} or newer — check `claude --version`",
                claude.describe()
            ),
        ),
    }];
    let installed = installed(setup, target);
    checks.push(hooks_item("claude hooks", setup, target, &installed));
    if let Ok(installed) = &installed {
        if installed.http {
            checks.push(relay_token_env(&read_token(ctx)));
        } else if !installed.found.is_empty() {
            checks.push(command_runs("claude hook run", setup.spec.command_key, installed).await);
        }
        if installed.wake {
            checks.push(wake(&claude, setup.addr, &read_token(ctx)).await);
        }
    }
    checks.push(mcp_registered("claude mcp", setup, target));
    checks
}

async fn relayd(ctx: &Context, addr: Option<SocketAddr>, token: &Result<String, String>) -> Check {
    const NAME: &str = "relayd";
    let Some(addr) = addr else {
        return fail(
            NAME,
            "relayd is not running and its port is 0 (a free one each start); start it with `relay daemon start`",
        );
    };
    let answer = match http_client::get(addr, "/healthz", &[]).await {
        Ok(answer) if answer.status == 200 => answer,
        Ok(answer) => {
            return fail(
                NAME,
                format!(
                    "http://{addr}/healthz answered {}; see `relay daemon logs`",
                    answer.status
                ),
            );
        }
        Err(err) => {
            return fail(
                NAME,
                format!(
                    "nothing answers on http://{addr} ({err}); start relayd for {} with `relay daemon start`",
                    ctx.config.data_dir.path().display()
                ),
            );
        }
    };
    let body: serde_json::Value = serde_json::from_str(&answer.body).unwrap_or_default();
    let theirs = body["token_id"].as_str().unwrap_or_default();
    match token {
        Err(problem) => fail(NAME, problem.clone()),
        Ok(token) if relay_core::token::fingerprint(token) == theirs => ok(
            NAME,
            format!("http://{addr} answers with this data directory's token (id {theirs})"),
        ),
        Ok(token) => fail(
            NAME,
            format!(
                "http://{addr} runs with token id {theirs}, not this data directory's {}: another relayd holds the port, or the token was rotated — restart relayd",
                relay_core::token::fingerprint(token)
            ),
        ),
    }
}

async fn mcp(addr: Option<SocketAddr>, token: &Result<String, String>) -> Check {
    const NAME: &str = "mcp";
    let (Some(addr), Ok(token)) = (addr, token) else {
        return fail(NAME, "not tried: relayd or the token is missing (see above)");
    };
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "relay-setup-check", "version": relay_core::VERSION},
        },
    });
    let bearer = format!("Bearer {token}");
    let headers = [
        ("authorization", bearer.as_str()),
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    match http_client::request_with_body(addr, "POST", "/mcp", &headers, body.to_string().into_bytes()).await
    {
        Ok(answer) if answer.status == 200 && answer.body.contains("\"protocolVersion\"") => ok(
            NAME,
            format!("http://{addr}/mcp accepted initialize with the token"),
        ),
        Ok(answer) if answer.status == 401 => fail(
            NAME,
            format!("http://{addr}/mcp refused the token (401); restart relayd if the token was rotated"),
        ),
        Ok(answer) => fail(
            NAME,
            format!(
                "http://{addr}/mcp answered {} to initialize: {}",
                answer.status,
                answer.body.chars().take(200).collect::<String>()
            ),
        ),
        Err(err) => fail(NAME, format!("http://{addr}/mcp failed: {err}")),
    }
}

/// A payload for `phase` that changes nothing: an agent session id no one holds, which relayd drops (an end or a
/// stop of an unknown session releases nothing).
fn synthetic_payload(agent: Agent, phase: Phase) -> serde_json::Value {
    let cwd = std::env::temp_dir().to_string_lossy().into_owned();
    let session = format!("relay-setup-check-{}", std::process::id());
    let event = phase.events(agent).first().copied().unwrap_or("Stop");
    match agent {
        Agent::Cursor => serde_json::json!({
            "conversation_id": session, "generation_id": "relay-setup-check", "hook_event_name": event,
            "workspace_roots": [cwd], "status": "completed", "reason": "other",
        }),
        Agent::Copilot => serde_json::json!({
            "sessionId": session, "hookEventName": event, "cwd": cwd, "timestamp": 0, "reason": "complete",
        }),
        _ => serde_json::json!({
            "session_id": session, "hook_event_name": event, "cwd": cwd, "reason": "other",
            "stop_hook_active": false,
        }),
    }
}

/// The phase the synthetic event uses: session-end where the agent has one, else stop.
fn synthetic_phase(agent: Agent) -> Phase {
    if Phase::supported(agent).contains(&Phase::SessionEnd) {
        Phase::SessionEnd
    } else {
        Phase::Stop
    }
}

async fn hook_event(ctx: &Context, agent: Agent) -> Check {
    const NAME: &str = "hook event";
    let phase = synthetic_phase(agent);
    let Ok(mut client) = connect(&ctx.config.socket).await else {
        return fail(
            NAME,
            format!(
                "nothing answers on {}; the hooks reach relayd there — start it with `relay daemon start`",
                ctx.config.socket.display()
            ),
        );
    };
    let request = RunHookRequest {
        agent: agent.cli_name().to_owned(),
        phase: phase.cli_name().to_owned(),
        body: synthetic_payload(agent, phase).to_string().into_bytes(),
    };
    match tokio::time::timeout(Duration::from_secs(5), client.coord.run_hook(request)).await {
        Ok(Ok(_)) => ok(
            NAME,
            format!(
                "relayd answered a synthetic {} {phase} event on {}",
                agent.label(),
                ctx.config.socket.display()
            ),
        ),
        Ok(Err(status)) => fail(
            NAME,
            format!("relayd refused a synthetic {phase} event: {}", status.message()),
        ),
        Err(_) => fail(
            NAME,
            "relayd did not answer a synthetic hook event within 5 s; see `relay daemon logs`",
        ),
    }
}

fn hooks_item(
    name: &'static str,
    setup: &Setup,
    target: &Target,
    installed: &Result<Installed, String>,
) -> Check {
    let path = target.path.display();
    let installed = match installed {
        Ok(installed) => installed,
        Err(problem) => return fail(name, problem.clone()),
    };
    if installed.found.is_empty() {
        return fail(
            name,
            format!(
                "{path} has no relay hooks; install them with `relay setup{}` (see the plan first)",
                setup.agent_flag()
            ),
        );
    }
    let wanted = setup.wanted(
        installed.http,
        if installed.wake {
            super::plan::WakeAction::Keep
        } else {
            super::plan::WakeAction::Remove
        },
    );
    let missing: Vec<&str> = wanted
        .main
        .iter()
        .filter(|entry| {
            !installed
                .found
                .iter()
                .any(|f| f.role == Role::Main && f.event == entry.event)
        })
        .map(|entry| entry.event.as_str())
        .collect();
    if !missing.is_empty() {
        return fail(
            name,
            format!(
                "{path}: some events are missing ({}); run `relay setup --apply{}` again",
                missing.join(", "),
                setup.agent_flag()
            ),
        );
    }
    let current = |entry: &super::agents::Entry, role: Role| {
        installed.found.iter().any(|f| {
            f.role == role && f.event == entry.event && f.handler.to_value() == entry.handler.to_value()
        })
    };
    let stale = wanted.main.iter().any(|entry| !current(entry, Role::Main))
        || wanted
            .wake
            .as_ref()
            .is_some_and(|entry| installed.wake && !current(entry, Role::Wake));
    if stale {
        return fail(
            name,
            format!(
                "{path}: relay's hooks are for another data folder, port or relay binary; run `relay setup --apply{}` to update them",
                setup.agent_flag()
            ),
        );
    }
    let mode = if installed.http { "http" } else { "command" };
    let trust = if setup.spec.agent == Agent::Codex {
        format!("; {CODEX_TRUST}")
    } else {
        String::new()
    };
    ok(
        name,
        format!(
            "{path}: relay's {} hooks ({mode} mode) for {}{trust}",
            wanted.main.len(),
            setup.data_dir.display()
        ),
    )
}

/// What Codex needs before it runs relay's hooks. Codex skips a non-managed hook without a word until the user
/// trusts it in the review screen of its interactive `/hooks` command; the trust is a hash of the entry's
/// content kept in Codex's `config.toml` (`[hooks.state]`), so a changed entry is skipped again until trusted
/// again. Codex documents no other way to trust a hook (its app-server API is experimental), so relay writes no
/// trust of its own and says what to do.
pub const CODEX_TRUST: &str = "Codex runs them only once you trust them: run `codex`, type /hooks, and trust each \
     of relay's entries (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop). Codex keeps that trust per \
     entry's content, so trust them again after `relay setup --agent codex --apply` changes them; until then Codex \
     skips them silently (no locks, no session). Scripts can run `codex exec --dangerously-bypass-hook-trust` instead";

/// relay's Codex entries as `relay doctor` reports them: nothing when Codex's hook file has none of relay's (relay
/// is not set up for Codex), else the `codex hooks` item with what trusting them takes.
pub fn codex_doctor_items(setup: &Setup, target: &Target) -> Vec<Check> {
    match installed(setup, target) {
        Ok(found) if found.found.is_empty() => Vec::new(),
        Err(_) if !target.path.exists() => Vec::new(),
        installed => vec![hooks_item("codex hooks", setup, target, &installed)],
    }
}

/// Runs the installed command hook of the synthetic phase's event (else the first one) through `sh -c`, with a
/// payload that changes nothing, and expects exit 0 within 5 s.
async fn command_runs(name: &'static str, command_key: &str, installed: &Installed) -> Check {
    let Some(first) = installed.found.iter().find(|f| f.role == Role::Main) else {
        return fail(name, "no relay command hook is installed");
    };
    let Some(command) = first.handler.get(command_key).and_then(|c| c.as_str()) else {
        return fail(name, format!("the {} hook has no command", first.event));
    };
    let Some(rest) = marker::relay_rest(command) else {
        return fail(
            name,
            format!("cannot read the {} hook's command {command:?}", first.event),
        );
    };
    let program = marker::shell_words(command)
        .and_then(|w| w.into_iter().next())
        .unwrap_or_default();
    if !Path::new(&program).is_file() {
        return fail(
            name,
            format!(
                "the hooks run {program}, which does not exist; run `relay setup --apply` with the relay you use"
            ),
        );
    }
    // A phase that releases nothing for an unknown session: swap the installed one for it.
    let agent = rest
        .get(1)
        .and_then(|a| Agent::parse(a).ok())
        .unwrap_or(Agent::Claude);
    let phase = synthetic_phase(agent);
    let line = match command.rsplit_once(rest.get(2).map_or("", String::as_str)) {
        Some((head, _)) if rest.len() == 3 => format!("{head}{}", phase.cli_name()),
        _ => command.to_owned(),
    };
    let started = Instant::now();
    let child = tokio::process::Command::new("sh")
        .args(["-c", &line])
        .env("RELAY_HOOK_BUDGET_MS", "1000")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(err) => return fail(name, format!("cannot run sh -c {line:?}: {err}")),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let payload = synthetic_payload(agent, phase).to_string();
        let _ = stdin.write_all(payload.as_bytes()).await;
    }
    match tokio::time::timeout(Duration::from_secs(5), child.wait_with_output()).await {
        Ok(Ok(output)) if output.status.success() => ok(
            name,
            format!(
                "`{line}` ran and exited 0 in {} ms",
                started.elapsed().as_millis()
            ),
        ),
        Ok(Ok(output)) => fail(
            name,
            format!(
                "`{line}` exited {}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        ),
        Ok(Err(err)) => fail(name, format!("`{line}` failed: {err}")),
        Err(_) => fail(name, format!("`{line}` did not finish within 5 s")),
    }
}

async fn http_endpoint(addr: Option<SocketAddr>, token: &Result<String, String>) -> Check {
    const NAME: &str = "hook endpoint";
    let (Some(addr), Ok(token)) = (addr, token) else {
        return fail(NAME, "not tried: relayd or the token is missing (see above)");
    };
    let bearer = format!("Bearer {token}");
    let headers = [
        ("authorization", bearer.as_str()),
        ("content-type", "application/json"),
    ];
    let body = synthetic_payload(Agent::Claude, Phase::SessionEnd)
        .to_string()
        .into_bytes();
    match http_client::request_with_body(addr, "POST", "/hooks/claude-code", &headers, body).await {
        Ok(answer) if answer.status == 200 || answer.status == 204 => ok(
            NAME,
            format!(
                "http://{addr}/hooks/claude-code accepted a synthetic SessionEnd ({})",
                answer.status
            ),
        ),
        Ok(answer) if answer.status == 404 => fail(
            NAME,
            format!(
                "http://{addr} has no POST /hooks/claude-code endpoint (this relayd does not serve http hooks): the http hooks go nowhere — switch with `relay setup --apply --mode command`, or upgrade relayd"
            ),
        ),
        Ok(answer) => fail(
            NAME,
            format!(
                "http://{addr}/hooks/claude-code answered {}: {}",
                answer.status,
                answer.body.chars().take(200).collect::<String>()
            ),
        ),
        Err(err) => fail(NAME, format!("http://{addr}/hooks/claude-code failed: {err}")),
    }
}

fn relay_token_env(token: &Result<String, String>) -> Check {
    const NAME: &str = "RELAY_TOKEN";
    let set = std::env::var("RELAY_TOKEN").ok();
    match (set, token) {
        (_, Err(problem)) => fail(NAME, problem.clone()),
        (None, _) => fail(
            NAME,
            "RELAY_TOKEN is not set here; the http hooks send Bearer ${RELAY_TOKEN}: export it (from `relay token`) where Claude Code starts",
        ),
        (Some(value), Ok(token)) if value.trim() == token => {
            ok(NAME, "RELAY_TOKEN is set to this data directory's token")
        }
        (Some(_), Ok(_)) => fail(
            NAME,
            "RELAY_TOKEN is set but is not this data directory's token; set it to what `relay token` prints",
        ),
    }
}

async fn wake(claude: &Claude, addr: Option<SocketAddr>, token: &Result<String, String>) -> Check {
    const NAME: &str = "wake-up hook";
    let risk = format!(
        "verified with Claude Code {MIN_ASYNC_REWAKE} (asyncRewake); a build that ignored asyncRewake would hold the end of every turn for up to 30 min — if turns end only after a long wait, run `relay setup --apply --no-wake`"
    );
    if let (Some(addr), Ok(token)) = (addr, token) {
        let bearer = format!("Bearer {token}");
        if let Ok(answer) =
            http_client::get(addr, "/hooks/claude-code/wait", &[("authorization", &bearer)]).await
            && answer.status == 404
        {
            return fail(
                NAME,
                format!(
                    "installed, but http://{addr} has no /hooks/claude-code/wait endpoint: upgrade relayd, or remove the hook with `relay setup --apply --no-wake`"
                ),
            );
        }
    }
    match claude.version() {
        Some(version) if version >= MIN_ASYNC_REWAKE => {
            ok(NAME, format!("installed; Claude Code {version}: {risk}"))
        }
        Some(version) => fail(
            NAME,
            format!("installed, but Claude Code {version} is older than the {risk}"),
        ),
        None => fail(
            NAME,
            format!("installed, but Claude Code's version is unknown; {risk}"),
        ),
    }
}

fn mcp_registered(name: &'static str, setup: &Setup, target: &Target) -> Check {
    let Some(base) = &setup.base else {
        return fail(
            name,
            "relay's URL is unknown while relayd is down on port 0; start relayd and check again",
        );
    };
    let want = format!("{base}/mcp");
    match detect::mcp_registration(&target.claude_json, &want) {
        Mcp::Registered { url } => ok(
            name,
            format!(
                "user-scope server `relay` → {url} in {}",
                target.claude_json.display()
            ),
        ),
        Mcp::Elsewhere { url } => fail(
            name,
            format!(
                "user-scope server `relay` points at {url}, not {want}; run `claude mcp remove --scope user relay`, then {} (`relay token` prints the token)",
                detect::mcp_add_command(base)
            ),
        ),
        Mcp::Missing => fail(
            name,
            format!(
                "relay is not registered with Claude Code (user scope); run {} (`relay token` prints the token)",
                detect::mcp_add_command(base)
            ),
        ),
        Mcp::Unreadable { problem } => fail(name, problem),
    }
}
