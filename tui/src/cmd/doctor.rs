//! `relay doctor`: one `[ok]` / `[FAIL]` / `[skip]` line per thing, each failure saying what to do (an agent
//! the user does not use is skipped, not failed). Never starts the
//! daemon and never writes: it reports what is — Claude Code's items (`claude` on PATH, relay's hooks in its user
//! settings, the hook runs, MCP registered) even when relayd is down.

use std::net::SocketAddr;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;

use relay_core::proto::Status;
use relay_core::token::{TokenFile, fingerprint};
use serde::Serialize;

use crate::client::{Context, probe};
use crate::error::CliError;
use crate::http_client;

#[derive(Debug, Serialize)]
pub struct Check {
    pub name: &'static str,
    /// Not a failure (a skipped item is not one either).
    pub ok: bool,
    /// Not checked: it does not apply here (an agent that is not installed and not set up).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub skipped: bool,
    pub detail: String,
}

pub(crate) fn ok(name: &'static str, detail: impl Into<String>) -> Check {
    Check {
        name,
        ok: true,
        skipped: false,
        detail: detail.into(),
    }
}

pub(crate) fn fail(name: &'static str, detail: impl Into<String>) -> Check {
    Check {
        name,
        ok: false,
        skipped: false,
        detail: detail.into(),
    }
}

pub(crate) fn skip(name: &'static str, detail: impl Into<String>) -> Check {
    Check {
        name,
        ok: true,
        skipped: true,
        detail: detail.into(),
    }
}

pub async fn run(ctx: &Context, json: bool, claude_home: Option<&Path>) -> Result<(), CliError> {
    let mut checks = checks(ctx).await;
    checks.extend(super::setup::doctor_items(ctx, claude_home).await);
    print(&checks, json)
}

/// Prints checks as `[ok]` / `[FAIL]` lines or a JSON list, and fails when one failed.
pub fn print(checks: &[Check], json: bool) -> Result<(), CliError> {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&checks).map_err(CliError::failed)?
        );
    } else {
        for check in checks {
            let mark = match (check.ok, check.skipped) {
                (_, true) => "[skip]",
                (true, false) => "[ok]  ",
                (false, false) => "[FAIL]",
            };
            println!("{mark} {:<10} {}", check.name, check.detail);
        }
    }
    let failed = checks.iter().filter(|c| !c.ok).count();
    match failed {
        0 => Ok(()),
        n => Err(CliError::Failed(format!(
            "{n} check{} failed",
            if n == 1 { "" } else { "s" }
        ))),
    }
}

pub async fn checks(ctx: &Context) -> Vec<Check> {
    let probed = probe(&ctx.config.socket).await;
    let graph = graph(probed.as_ref().map(|(client, _)| client.clone())).await;
    let status = probed.map(|(_, status)| status);
    vec![
        data_dir(ctx),
        token_file(ctx),
        daemon(ctx, status.as_ref()),
        socket(ctx),
        http_port(ctx, status.as_ref()).await,
        store(ctx, status.as_ref()).await,
        mcp(ctx, status.as_ref()).await,
        hook_endpoint(ctx, status.as_ref()).await,
        graph,
        version(),
        config_file(ctx),
    ]
}

/// The memory graph: off (and how to turn it on: not a failure, everything else works without it), connected,
/// or turned on but not connected — a failure, with the last error.
async fn graph(client: Option<crate::client::Client>) -> Check {
    let Some(mut client) = client else {
        return skip(
            "graph",
            "not checked: relayd is not running (see the daemon item)",
        );
    };
    let status = match client
        .graph
        .get_graph_status(relay_core::proto::GetGraphStatusRequest {})
        .await
    {
        Ok(status) => status.into_inner(),
        Err(err) => {
            return fail(
                "graph",
                format!("relayd did not answer the graph status: {}", err.message()),
            );
        }
    };
    let lines = super::graph::status_lines(&status, relay_core::time::now_ms());
    let mut detail = lines
        .first()
        .map_or_else(String::new, |l| l.trim_start_matches("graph: ").to_owned());
    if !status.enabled {
        detail.push_str("; `relay graph enable falkor://HOST:PORT` turns it on");
    } else if let Some(error) = &status.last_error {
        detail.push_str(&format!("; last error: {error}"));
    }
    if status.needs_rebuild {
        detail.push_str("; NEEDS REBUILD (`relay graph status` says why)");
    }
    if status.enabled && !status.connected && status.last_error.is_some() {
        fail("graph", detail)
    } else {
        ok("graph", detail)
    }
}

/// relayd's address and this data directory's token, for the items that call relayd over HTTP as an agent does;
/// `Err` is the item to print instead (relayd down: nothing to call, the daemon item says why).
fn agent_access(
    ctx: &Context,
    status: Option<&Status>,
    name: &'static str,
) -> Result<(SocketAddr, String), Check> {
    let Some(addr) = status.and_then(|s| s.http_addr.parse::<SocketAddr>().ok()) else {
        return Err(skip(
            name,
            "not checked: relayd is not running (see the daemon item)",
        ));
    };
    match relay_core::token::read(&ctx.config.data_dir) {
        Ok(Some((secret, _))) => Ok((addr, secret)),
        _ => Err(fail(name, "no token to call relayd with (see the token item)")),
    }
}

/// An MCP `initialize` with the token, as an agent's client starts.
async fn mcp(ctx: &Context, status: Option<&Status>) -> Check {
    const NAME: &str = "mcp";
    let (addr, token) = match agent_access(ctx, status, NAME) {
        Ok(access) => access,
        Err(item) => return item,
    };
    let body = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": { "name": "relay-doctor", "version": relay_core::VERSION },
        },
    });
    let bearer = format!("Bearer {token}");
    let host = addr.to_string();
    let headers = [
        ("host", host.as_str()),
        ("authorization", bearer.as_str()),
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    match http_client::request_with_body(addr, "POST", "/mcp", &headers, body.to_string().into_bytes()).await
    {
        Ok(answer) if answer.status == 200 && answer.body.contains("\"serverInfo\"") => ok(
            NAME,
            format!("http://{addr}/mcp initializes with the token (what agents are registered with)"),
        ),
        Ok(answer) => fail(
            NAME,
            format!(
                "http://{addr}/mcp answered {} to initialize; see `relay daemon logs`",
                answer.status
            ),
        ),
        Err(err) => fail(NAME, format!("http://{addr}/mcp failed: {err}")),
    }
}

/// The endpoint of Claude Code's http hooks answers a call with the token (an event relay does not handle, so
/// nothing is recorded).
async fn hook_endpoint(ctx: &Context, status: Option<&Status>) -> Check {
    const NAME: &str = "hook http";
    let (addr, token) = match agent_access(ctx, status, NAME) {
        Ok(access) => access,
        Err(item) => return item,
    };
    let bearer = format!("Bearer {token}");
    let host = addr.to_string();
    let headers = [
        ("host", host.as_str()),
        ("authorization", bearer.as_str()),
        ("content-type", "application/json"),
    ];
    let body = br#"{"hook_event_name":"PreCompact","session_id":"relay-doctor"}"#.to_vec();
    match http_client::request_with_body(addr, "POST", "/hooks/claude-code", &headers, body).await {
        Ok(answer) if answer.status == 204 || answer.status == 200 => ok(
            NAME,
            format!("http://{addr}/hooks/claude-code answers with the token"),
        ),
        Ok(answer) => fail(
            NAME,
            format!(
                "http://{addr}/hooks/claude-code answered {}; see `relay daemon logs`",
                answer.status
            ),
        ),
        Err(err) => fail(NAME, format!("http://{addr}/hooks/claude-code failed: {err}")),
    }
}

/// This relay's version and the system it runs on, for a bug report.
fn version() -> Check {
    ok(
        "version",
        format!(
            "relay {} on {} {}",
            relay_core::VERSION,
            std::env::consts::OS,
            std::env::consts::ARCH
        ),
    )
}

/// Whether `config.toml` is there (its values were read, or relay could not have started this command).
fn config_file(ctx: &Context) -> Check {
    let path = ctx.config.data_dir.config();
    if path.is_file() {
        ok("config", format!("{} (read)", path.display()))
    } else {
        ok(
            "config",
            format!(
                "{} not present: the defaults are in force (docs/CONFIG.md)",
                path.display()
            ),
        )
    }
}

fn data_dir(ctx: &Context) -> Check {
    let dir = ctx.config.data_dir.path();
    let Ok(meta) = std::fs::metadata(dir) else {
        return fail(
            "data dir",
            format!(
                "{} does not exist; `relay daemon start` creates it",
                dir.display()
            ),
        );
    };
    if !meta.is_dir() {
        return fail(
            "data dir",
            format!(
                "{} is not a directory; move it away or pass --home",
                dir.display()
            ),
        );
    }
    match tempfile::tempfile_in(dir) {
        Ok(_) => ok("data dir", format!("{} (writable)", dir.display())),
        Err(e) => fail(
            "data dir",
            format!("{} is not writable ({e}); fix its permissions", dir.display()),
        ),
    }
}

fn token_file(ctx: &Context) -> Check {
    let path = ctx.config.data_dir.token();
    match relay_core::token::read(&ctx.config.data_dir) {
        Ok(None) => fail(
            "token",
            format!("{} is missing; `relay token` creates it", path.display()),
        ),
        Ok(Some((secret, TokenFile::Private | TokenFile::Created))) => ok(
            "token",
            format!("{} (mode 600, id {})", path.display(), fingerprint(&secret)),
        ),
        Ok(Some((_, TokenFile::ReadableByOthers { mode }))) => fail(
            "token",
            format!(
                "{} has mode {mode:o}: other users can read it; run chmod 600 {}",
                path.display(),
                path.display()
            ),
        ),
        Err(err) => fail("token", err.to_string()),
    }
}

fn daemon(ctx: &Context, status: Option<&Status>) -> Check {
    match status {
        Some(s) if s.daemon_version != relay_core::VERSION => fail(
            "daemon",
            format!(
                "relayd {} runs (pid {}) but this relay is {}; restart it: relay daemon stop && relay daemon start",
                s.daemon_version,
                s.pid,
                relay_core::VERSION
            ),
        ),
        Some(s) => ok(
            "daemon",
            format!(
                "relayd {} running, pid {}, up {}",
                s.daemon_version,
                s.pid,
                super::daemon::uptime(s.started_at_ms)
            ),
        ),
        None => fail("daemon", crate::client::not_running(ctx).to_string()),
    }
}

fn socket(ctx: &Context) -> Check {
    let path = &ctx.config.socket;
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return fail(
            "socket",
            format!("{} does not exist; it appears when relayd runs", path.display()),
        );
    };
    if !meta.file_type().is_socket() {
        return fail(
            "socket",
            format!("{} is not a socket; move it away", path.display()),
        );
    }
    let mode = meta.permissions().mode() & 0o777;
    let dir_mode = path
        .parent()
        .and_then(|d| std::fs::metadata(d).ok())
        .map(|m| m.permissions().mode() & 0o777)
        .unwrap_or(0);
    if mode & 0o077 != 0 || dir_mode & 0o077 != 0 {
        return fail(
            "socket",
            format!(
                "{} has mode {mode:o} in a folder of mode {dir_mode:o}; restart relayd to make them private",
                path.display()
            ),
        );
    }
    if std::os::unix::net::UnixStream::connect(path).is_err() {
        return fail(
            "socket",
            format!(
                "nothing answers on {}: a stale file from a daemon that did not shut down; `relay daemon start` replaces it",
                path.display()
            ),
        );
    }
    ok(
        "socket",
        format!("{} (mode {mode:o}, folder {dir_mode:o})", path.display()),
    )
}

async fn http_port(ctx: &Context, status: Option<&Status>) -> Check {
    let addr: SocketAddr = match status.and_then(|s| s.http_addr.parse().ok()) {
        Some(addr) => addr,
        None => SocketAddr::new(ctx.config.host, ctx.config.port),
    };
    match http_client::get(addr, "/healthz", &[]).await {
        Ok(answer) if answer.status == 200 => {
            let body: serde_json::Value = serde_json::from_str(&answer.body).unwrap_or_default();
            let theirs = body["token_id"].as_str().unwrap_or_default();
            let ours = relay_core::token::read(&ctx.config.data_dir)
                .ok()
                .flatten()
                .map(|(secret, _)| fingerprint(&secret))
                .unwrap_or_default();
            let running_rules = body["rules_hash"].as_str().unwrap_or_default();
            let config = &ctx.config;
            let rules = relay_core::rules::effective(&config.rules, None, config.rules_mode)
                .hash()
                .to_string();
            if theirs == ours && !running_rules.is_empty() && running_rules != rules {
                fail(
                    "http",
                    format!(
                        "relayd runs the rules {running_rules}, but config.toml now says {rules}: it needs a restart \
                         (relay daemon stop && relay daemon start)"
                    ),
                )
            } else if theirs == ours {
                ok(
                    "http",
                    format!("http://{addr}/healthz answers (token id {theirs}, rules {running_rules})"),
                )
            } else {
                fail(
                    "http",
                    format!(
                        "http://{addr} answers with token id {theirs}, not this data directory's {ours}: another relayd holds the port, or the token was rotated — restart relayd"
                    ),
                )
            }
        }
        Ok(answer) => fail(
            "http",
            format!(
                "http://{addr}/healthz answered {}; see `relay daemon logs`",
                answer.status
            ),
        ),
        Err(_) if status.is_none() => fail(
            "http",
            format!("nothing answers on {addr}; it appears when relayd runs"),
        ),
        Err(e) => fail("http", format!("http://{addr}/healthz failed: {e}")),
    }
}

/// The database file readable by others (a copy made with a loose umask, an old `relay demo`): the board's text,
/// comments and session names are the user's alone.
fn store_mode_problem(ctx: &Context) -> Option<Check> {
    use std::os::unix::fs::PermissionsExt;
    let db = ctx.config.data_dir.db();
    let mode = std::fs::metadata(&db).ok()?.permissions().mode() & 0o777;
    (mode & 0o077 != 0).then(|| {
        fail(
            "store",
            format!(
                "{} has mode {mode:o}: other users can read the board; run chmod 600 {}",
                db.display(),
                db.display()
            ),
        )
    })
}

#[cfg(feature = "daemon")]
async fn store(ctx: &Context, status: Option<&Status>) -> Check {
    if let Some(problem) = store_mode_problem(ctx) {
        return problem;
    }
    let binary = relayd::store::SCHEMA_VERSION;
    let (version, source) = match status {
        Some(s) => (s.schema_version, "open in relayd"),
        None => match relayd::store::inspect(&ctx.config.data_dir.db()).await {
            Ok(info) => (info.schema_version, "on disk"),
            Err(err) if !ctx.config.data_dir.db().exists() => {
                let _ = err;
                return ok(
                    "store",
                    format!(
                        "{} not created yet; relayd creates it at start",
                        ctx.config.data_dir.db().display()
                    ),
                );
            }
            Err(err) => return fail("store", err.to_string()),
        },
    };
    if version > binary {
        fail(
            "store",
            format!("schema {version} ({source}) is newer than this relay's {binary}; upgrade relay"),
        )
    } else {
        ok(
            "store",
            format!("schema {version} ({source}; this relay: {binary})"),
        )
    }
}

/// A client-only build has no store code: it reports the schema a running relayd has open, else nothing.
#[cfg(not(feature = "daemon"))]
async fn store(ctx: &Context, status: Option<&Status>) -> Check {
    if let Some(problem) = store_mode_problem(ctx) {
        return problem;
    }
    match status {
        Some(s) => ok("store", format!("schema {} (open in relayd)", s.schema_version)),
        None => ok(
            "store",
            "not checked: this relay was built without the daemon (cargo feature `daemon`), which reads the store",
        ),
    }
}
