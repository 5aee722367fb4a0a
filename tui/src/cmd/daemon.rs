//! `relay daemon run|start|stop|status|logs`.

use std::io::{BufRead, Seek, SeekFrom, Write};
use std::time::{Duration, Instant};

use relay_core::proto::{Status, StopDaemonRequest};

use crate::client::{self, Context, probe};
use crate::error::CliError;

/// How long `stop` waits for the daemon to let go of its data directory.
const STOP_TIMEOUT: Duration = Duration::from_secs(10);

/// Runs relayd in this process, in the foreground.
#[cfg(feature = "daemon")]
pub async fn run(ctx: &Context) -> Result<(), CliError> {
    let to_stderr = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _logs = relayd::logging::init(&ctx.config, to_stderr).map_err(CliError::failed)?;
    relayd::run(ctx.config.clone()).await.map_err(|err| {
        tracing::error!(error = %err, "relayd could not run");
        CliError::failed(err)
    })
}

/// A client-only build cannot run relayd (nor, through `relay daemon run`, start it in the background).
#[cfg(not(feature = "daemon"))]
pub async fn run(_ctx: &Context) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay daemon run",
        "run the `relayd` binary instead, or install relay with its default features",
    ))
}

pub async fn start(ctx: &Context) -> Result<(), CliError> {
    if let Some((_, status)) = client::probe_ctx(ctx).await? {
        println!(
            "relayd is already running (pid {}, http://{})",
            status.pid, status.http_addr
        );
        return Ok(());
    }
    let (_, status) = client::start(ctx).await?;
    println!(
        "relayd started (pid {}, http://{}, socket {})",
        status.pid, status.http_addr, status.socket_path
    );
    Ok(())
}

pub async fn stop(ctx: &Context) -> Result<(), CliError> {
    if let Some(server) = &ctx.remote {
        let mut client = client::reconnect(ctx).await?;
        let pid = client
            .daemon
            .stop_daemon(StopDaemonRequest {})
            .await?
            .into_inner()
            .pid;
        println!("relayd at {} is stopping (pid {pid} there)", server.authority);
        return Ok(());
    }
    let data = &ctx.config.data_dir;
    let pid = match probe(&ctx.config.socket).await {
        Some((mut client, status)) => {
            client.daemon.stop_daemon(StopDaemonRequest {}).await?;
            Some(status.pid)
        }
        None if relay_core::lock::is_held(data) => {
            // It holds the data directory but does not answer: ask the process itself.
            let pid = relay_core::lock::holder_pid(data).ok_or_else(|| client::not_running(ctx))?;
            terminate(pid)?;
            Some(pid)
        }
        None => None,
    };
    let Some(pid) = pid else {
        println!("relayd is not running for {}", data.path().display());
        return Ok(());
    };
    let deadline = Instant::now() + STOP_TIMEOUT;
    while relay_core::lock::is_held(data) {
        if Instant::now() >= deadline {
            return Err(CliError::Failed(format!(
                "relayd (pid {pid}) did not stop within {} s; see `relay daemon logs`",
                STOP_TIMEOUT.as_secs()
            )));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!("relayd stopped (pid {pid})");
    Ok(())
}

fn terminate(pid: u32) -> Result<(), CliError> {
    let raw = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw);
    let Some(pid) = raw else {
        return Err(CliError::Failed(format!(
            "the lock file names an invalid pid {pid}"
        )));
    };
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).map_err(|e| {
        CliError::Failed(format!(
            "cannot signal relayd (pid {}): {e}",
            pid.as_raw_nonzero()
        ))
    })
}

pub async fn status(ctx: &Context, json: bool) -> Result<(), CliError> {
    let Some((_, status)) = client::probe_ctx(ctx).await? else {
        if json {
            println!(
                "{}",
                serde_json::json!({ "running": false, "data_dir": ctx.config.data_dir.path() })
            );
        }
        return Err(client::not_running(ctx));
    };
    if json {
        println!("{}", status_json(&status));
    } else {
        print!("{}", status_text(&status));
    }
    Ok(())
}

pub fn status_json(status: &Status) -> serde_json::Value {
    let mut value = super::format::to_json(status);
    if let serde_json::Value::Object(object) = &mut value {
        object.insert("running".to_owned(), serde_json::Value::Bool(true));
    }
    value
}

pub fn status_text(status: &Status) -> String {
    let up = uptime(status.started_at_ms);
    let runner = status
        .runner
        .as_ref()
        .map(|r| {
            let ready = r
                .session_ready_local
                .as_ref()
                .filter(|t| t.samples > 0)
                .map(|t| format!(", ready p50 {:.0} ms (local)", t.p50_ms))
                .unwrap_or_default();
            let containers: String = r
                .containers
                .iter()
                .map(|c| {
                    let cpu = c
                        .cpu_percent
                        .map_or_else(|| "CPU …".to_owned(), |p| format!("CPU {p:.0}%"));
                    format!(
                        "            {}: {cpu}, {:.0} of {:.0} MB\n",
                        c.session, c.memory_mb, c.memory_limit_mb
                    )
                })
                .collect();
            format!(
                "  runner    {} running, {} created since start{ready}; {} MB free{}\n{containers}",
                r.sessions_active,
                r.sessions_created,
                r.free_disk_mb,
                if r.low_disk { " (low: below 1 GB)" } else { "" }
            )
        })
        .unwrap_or_default();
    let text = format!(
        "relayd {} is running (pid {}, up {up})\n  data dir  {}\n  socket    {}\n  http      http://{}\n  store     schema {} (this relay: {}), last event #{}\n  token id  {}\n  logs      {}\n",
        status.daemon_version,
        status.pid,
        status.data_dir,
        status.socket_path,
        status.http_addr,
        status.schema_version,
        status.binary_schema_version,
        status.last_event_id,
        status.token_id,
        status.log_dir,
    );
    let remote = match (&status.remote_addr, &status.remote_fingerprint) {
        (Some(addr), Some(fingerprint)) => {
            format!("  remote    https://{addr} (certificate {fingerprint})\n")
        }
        _ => String::new(),
    };
    text + &remote + &runner
}

/// "3m 02s"-style time since `started_at_ms`.
pub fn uptime(started_at_ms: i64) -> String {
    let secs = (relay_core::time::now_ms() - started_at_ms).max(0) / 1000;
    match secs {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{}h {:02}m", s / 3600, (s % 3600) / 60),
    }
}

pub async fn logs(ctx: &Context, lines: usize, follow: bool) -> Result<(), CliError> {
    let dir = &ctx.config.log_dir;
    let Some(mut path) = relay_core::paths::latest_log_file(dir) else {
        return Err(CliError::Failed(format!(
            "no relayd log in {} yet; start relayd with `relay daemon start`",
            dir.display()
        )));
    };
    let open = |path: &std::path::Path| {
        std::fs::File::open(path)
            .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", path.display())))
    };
    let mut reader = std::io::BufReader::new(open(&path)?);
    let all: Vec<String> = (&mut reader).lines().map_while(Result::ok).collect();
    let mut out = std::io::stdout().lock();
    for line in &all[all.len().saturating_sub(lines)..] {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    drop(out);
    if !follow {
        return Ok(());
    }
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let mut line = String::new();
        while reader.read_line(&mut line).map_err(CliError::failed)? > 0 {
            print!("{line}");
            line.clear();
        }
        // A new day's file after rotation.
        if let Some(newest) = relay_core::paths::latest_log_file(dir)
            && newest != path
        {
            path = newest;
            reader = std::io::BufReader::new(open(&path)?);
            reader.seek(SeekFrom::Start(0)).map_err(CliError::failed)?;
        }
    }
}
