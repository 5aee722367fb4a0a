//! `relay project add` and `relay session new|list|show|attach|stop|resume|retry|rm|scrollback`: the runner's
//! projects and sessions, and a full-screen terminal client for a session's terminal.

use std::io::{IsTerminal, Read, Write};

use relay_core::proto::{
    self, AddRunnerProjectRequest, AttachOpen, CreateRunnerSessionRequest, GetScrollbackRequest,
    ListRunnerSessionsRequest, RemoveRunnerProjectRequest, RemoveRunnerSessionRequest,
    RetryRunnerProjectRequest, RunnerSessionRequest, TerminalInput, TerminalResize,
};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

use super::format::{self, emit, print_json};
use crate::cli::{OutputArgs, ProjectAddArgs, SessionCommand, SessionNewArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

pub async fn run(ctx: &Context, action: SessionCommand) -> Result<(), CliError> {
    match action {
        SessionCommand::New(args) => new(ctx, args).await,
        SessionCommand::List { project, all, output } => list(ctx, project, all, output).await,
        SessionCommand::Show { session, output } => one(ctx, Verb::Show, session, output).await,
        SessionCommand::Stop { session, output } => one(ctx, Verb::Stop, session, output).await,
        SessionCommand::Resume { session, output } => one(ctx, Verb::Resume, session, output).await,
        SessionCommand::Retry { session, output } => one(ctx, Verb::Retry, session, output).await,
        SessionCommand::Rm {
            session,
            force,
            output,
        } => rm(ctx, session, force, output).await,
        SessionCommand::Scrollback {
            session,
            lines,
            output,
        } => scrollback(ctx, session, lines, output).await,
        SessionCommand::Attach { session, watch } => attach(ctx, session, watch).await,
    }
}

pub async fn retry_project(ctx: &Context, slug: String, output: OutputArgs) -> Result<(), CliError> {
    let project = daemon_client(ctx)
        .await?
        .runner
        .retry_runner_project(RetryRunnerProjectRequest { slug })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&project));
    }
    emit(&format!(
        "cloning {} again from {} into {}; `relay events --follow -p {}` shows its progress",
        project.slug,
        project.git_url.as_deref().unwrap_or_default(),
        project.repo_path,
        project.slug
    ))?;
    Ok(())
}

pub async fn remove_project(
    ctx: &Context,
    slug: String,
    force: bool,
    output: OutputArgs,
) -> Result<(), CliError> {
    let removed = daemon_client(ctx)
        .await?
        .runner
        .remove_runner_project(RemoveRunnerProjectRequest { slug, force })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&removed));
    }
    let sessions = match removed.sessions.as_slice() {
        [] => "no session to remove".to_owned(),
        names => format!("removed {}", names.join(", ")),
    };
    let clone = if removed.clone_removed {
        "; its clone is deleted"
    } else {
        ""
    };
    emit(&format!(
        "{} no longer runs sessions: {sessions}{clone}; its board stays (`relay project show {}`)",
        removed.slug, removed.slug
    ))?;
    Ok(())
}

pub async fn add_project(ctx: &Context, args: ProjectAddArgs) -> Result<(), CliError> {
    let repo = match args.repo {
        Some(repo) => Some(
            std::path::absolute(&repo)
                .map_err(|err| CliError::Usage(format!("cannot resolve {}: {err}", repo.display())))?
                .to_string_lossy()
                .into_owned(),
        ),
        None => None,
    };
    let answer = daemon_client(ctx)
        .await?
        .runner
        .add_runner_project(AddRunnerProjectRequest {
            slug: args.slug,
            name: args.name,
            repo_path: repo,
            git_url: args.url,
        })
        .await?
        .into_inner();
    if args.output.json {
        return print_json(&json!({
            "project": answer.project.as_ref().map(format::to_json),
            "default_session": answer.default_session.as_ref().map(format::to_json),
        }));
    }
    if let Some(project) = &answer.project {
        emit(&format!(
            "project {} runs sessions from {}",
            project.slug, project.repo_path
        ))?;
    }
    if let Some(session) = &answer.default_session {
        emit(&format!(
            "default session {} ({}, branch {}): {}",
            session.name,
            session.profile,
            session.branch,
            state_text(session)
        ))?;
        emit(&format!("attach with `relay session attach {}`", session.name))?;
    }
    Ok(())
}

async fn new(ctx: &Context, args: SessionNewArgs) -> Result<(), CliError> {
    let session = daemon_client(ctx)
        .await?
        .runner
        .create_runner_session(CreateRunnerSessionRequest {
            project: args.project,
            branch: args.branch,
            task: args.task.clone(),
            profile: Some(args.profile),
            backend: args.backend,
            image: args.image,
        })
        .await?
        .into_inner();
    show(&session, args.output)?;
    if session.state == "failed" {
        return Err(CliError::Failed(format!(
            "session {} could not start: {}",
            session.name,
            session.error.clone().unwrap_or_default()
        )));
    }
    if !args.output.json {
        if let Some(task) = &args.task {
            emit(&format!("{task} is bound to {}", session.name))?;
        }
        emit(&format!("attach with `relay session attach {}`", session.name))?;
    }
    Ok(())
}

fn state_text(session: &proto::RunnerSession) -> String {
    match &session.error {
        Some(error) => format!("{} — {error}", session.state),
        None => session.state.clone(),
    }
}

fn show(session: &proto::RunnerSession, output: OutputArgs) -> Result<(), CliError> {
    if output.json {
        return print_json(&format::to_json(session));
    }
    emit(&format!("session {} ({})", session.name, state_text(session)))?;
    emit(&format!(
        "  project: {}{}",
        session.project,
        if session.is_default {
            " (its default session)"
        } else {
            ""
        }
    ))?;
    emit(&format!("  branch: {}", session.branch))?;
    emit(&format!("  profile: {}", session.profile))?;
    emit(&format!("  workspace: {}", session.workspace))?;
    let backend = if session.isolated {
        session.backend.clone()
    } else {
        format!("{} (not isolated: runs as you, with your files)", session.backend)
    };
    emit(&format!("  backend: {backend}"))?;
    if let Some(image) = &session.image {
        emit(&format!("  image: {image}"))?;
    }
    if let Some(container) = &session.container {
        emit(&format!(
            "  container: {}",
            container.chars().take(12).collect::<String>()
        ))?;
    }
    if let Some(code) = session.exit_code {
        emit(&format!("  exit code: {code}"))?;
    }
    if let Some(agent) = &session.agent_session_id {
        emit(&format!("  agent session: {agent} (resume continues it)"))?;
    }
    Ok(())
}

async fn list(ctx: &Context, project: Option<String>, all: bool, output: OutputArgs) -> Result<(), CliError> {
    let sessions = daemon_client(ctx)
        .await?
        .runner
        .list_runner_sessions(ListRunnerSessionsRequest {
            project,
            with_deleted: all,
        })
        .await?
        .into_inner()
        .sessions;
    if output.json {
        return print_json(&Value::Array(sessions.iter().map(format::to_json).collect()));
    }
    if sessions.is_empty() {
        emit("no runner sessions; a project gets its first with `relay project add --repo <folder>`")?;
        return Ok(());
    }
    let width = sessions
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let branch_width = sessions
        .iter()
        .map(|s| s.branch.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(6, 40);
    emit(&format!(
        "{:<width$}  {:<8}  {:<branch_width$}  {:<8}  NOTE",
        "SESSION", "STATE", "BRANCH", "PROFILE"
    ))?;
    for session in &sessions {
        let note = match (&session.error, session.is_default) {
            (Some(error), _) => format::first_line(error),
            (None, true) => "the checkout".to_owned(),
            (None, false) => String::new(),
        };
        let line = format!(
            "{:<width$}  {:<8}  {:<branch_width$}  {:<8}  {note}",
            session.name,
            session.state,
            cut(&session.branch, branch_width),
            session.profile
        );
        if !emit(line.trim_end())? {
            break;
        }
    }
    Ok(())
}

fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

enum Verb {
    Show,
    Stop,
    Resume,
    Retry,
}

async fn one(ctx: &Context, verb: Verb, session: String, output: OutputArgs) -> Result<(), CliError> {
    let mut client = daemon_client(ctx).await?;
    let request = RunnerSessionRequest { session };
    let answer = match verb {
        Verb::Show => client.runner.get_runner_session(request).await?,
        Verb::Stop => client.runner.stop_runner_session(request).await?,
        Verb::Resume => client.runner.resume_runner_session(request).await?,
        Verb::Retry => client.runner.retry_runner_session(request).await?,
    }
    .into_inner();
    show(&answer, output)?;
    if answer.state == "failed" && matches!(verb, Verb::Resume | Verb::Retry) {
        return Err(CliError::Failed(format!(
            "session {} could not start: {}",
            answer.name,
            answer.error.clone().unwrap_or_default()
        )));
    }
    Ok(())
}

async fn rm(ctx: &Context, session: String, force: bool, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .runner
        .remove_runner_session(RemoveRunnerSessionRequest { session, force })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    emit(&format!(
        "session {} removed with its worktree; branch {} and its commits stay",
        answer.name, answer.branch
    ))?;
    Ok(())
}

async fn scrollback(
    ctx: &Context,
    session: String,
    lines: Option<u32>,
    output: OutputArgs,
) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .runner
        .get_scrollback(GetScrollbackRequest {
            session,
            max_lines: lines.unwrap_or(0),
        })
        .await?
        .into_inner();
    if output.json {
        return print_json(&format::to_json(&answer));
    }
    for line in &answer.lines {
        if !emit(line)? {
            break;
        }
    }
    Ok(())
}

/// What the key reader saw.
enum Key {
    Bytes(Vec<u8>),
    Detach,
}

/// Splits typed bytes at the detach key: the prefix then the key detaches; the prefix twice sends it once; the
/// prefix then anything else sends both. `pending` carries a prefix typed at the end of one read.
fn keys(bytes: &[u8], prefix: u8, key: u8, pending: &mut bool) -> Vec<Key> {
    let mut out = Vec::new();
    let mut run = Vec::new();
    for &byte in bytes {
        if *pending {
            *pending = false;
            if byte == key {
                if !run.is_empty() {
                    out.push(Key::Bytes(std::mem::take(&mut run)));
                }
                out.push(Key::Detach);
                return out;
            }
            run.push(prefix);
            if byte != prefix {
                run.push(byte);
            }
            continue;
        }
        if byte == prefix {
            *pending = true;
        } else {
            run.push(byte);
        }
    }
    if !run.is_empty() {
        out.push(Key::Bytes(run));
    }
    out
}

/// Puts the terminal back (raw mode off, the main screen) however attach ends.
struct RawGuard {
    raw: bool,
}

impl Drop for RawGuard {
    fn drop(&mut self) {
        if self.raw {
            let mut stdout = std::io::stdout();
            let _ = crossterm::execute!(stdout, crossterm::terminal::LeaveAlternateScreen);
            let _ = crossterm::terminal::disable_raw_mode();
        }
    }
}

async fn attach(ctx: &Context, session: String, watch: bool) -> Result<(), CliError> {
    use proto::terminal_input::Input;
    use proto::terminal_output::Output;
    let (prefix, key) = relay_core::profile::parse_detach_key(&ctx.config.detach_key).unwrap_or((0x02, b'd'));
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let (cols, rows) = if interactive {
        crossterm::terminal::size().unwrap_or((80, 24))
    } else {
        (0, 0)
    };
    let mut client = daemon_client(ctx).await?;
    let (mut tx, mut stream) = open_terminal(&mut client, &session, watch, (cols, rows)).await?;
    // Keys go through one channel of their own, so a reconnected attachment gets them too.
    let (keys_in, mut keys_out) = mpsc::channel::<TerminalInput>(64);

    let guard = RawGuard { raw: interactive };
    if interactive {
        crossterm::terminal::enable_raw_mode()
            .map_err(|err| CliError::Failed(format!("cannot put the terminal in raw mode: {err}")))?;
        let _ = crossterm::execute!(std::io::stdout(), crossterm::terminal::EnterAlternateScreen);
    }
    let (detach_tx, mut detach_rx) = mpsc::channel::<()>(1);
    if !watch {
        let keys_tx = keys_in.clone();
        std::thread::Builder::new()
            .name("relay-attach-keys".to_owned())
            .spawn(move || {
                let mut stdin = std::io::stdin();
                let mut buf = [0u8; 4096];
                let mut pending = false;
                loop {
                    let n = match stdin.read(&mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => n,
                    };
                    for typed in keys(&buf[..n], prefix, key, &mut pending) {
                        match typed {
                            Key::Bytes(bytes) => {
                                let message = TerminalInput {
                                    input: Some(Input::Data(bytes)),
                                };
                                if keys_tx.blocking_send(message).is_err() {
                                    return;
                                }
                            }
                            Key::Detach => {
                                let _ = detach_tx.blocking_send(());
                                return;
                            }
                        }
                    }
                }
            })
            .map_err(|err| CliError::Failed(format!("cannot read the keyboard: {err}")))?;
    } else {
        // A watcher still detaches with the key.
        std::thread::Builder::new()
            .name("relay-attach-keys".to_owned())
            .spawn(move || {
                let mut stdin = std::io::stdin();
                let mut buf = [0u8; 256];
                let mut pending = false;
                while let Ok(n @ 1..) = stdin.read(&mut buf) {
                    if keys(&buf[..n], prefix, key, &mut pending)
                        .iter()
                        .any(|k| matches!(k, Key::Detach))
                    {
                        let _ = detach_tx.blocking_send(());
                        return;
                    }
                }
            })
            .map_err(|err| CliError::Failed(format!("cannot read the keyboard: {err}")))?;
    }
    let mut resized = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::window_change())
        .map_err(|err| CliError::Failed(format!("cannot watch the terminal's size: {err}")))?;
    let mut notices = Vec::new();
    let mut stdout = std::io::stdout();
    let ending = loop {
        tokio::select! {
            message = stream.message() => {
                let output = match message {
                    Ok(Some(message)) => message.output,
                    Ok(None) => break format!("relayd closed the terminal of {session}"),
                    Err(status) if connection_lost(&status) => {
                        // relayd went away (a restart, a network break): dial again and attach again; the new
                        // attachment's snapshot redraws the screen as it is now.
                        let size = if interactive { crossterm::terminal::size().unwrap_or((cols, rows)) } else { (cols, rows) };
                        match reattach(ctx, &session, watch, size, &mut detach_rx).await {
                            Ok(Some((again_tx, again))) => {
                                (tx, stream) = (again_tx, again);
                                continue;
                            }
                            Ok(None) => break format!("detached from {session} while relayd was away"),
                            Err(err) => {
                                drop(guard);
                                return Err(err);
                            }
                        }
                    }
                    Err(status) => {
                        drop(guard);
                        return Err(status.into());
                    }
                };
                match output {
                    Some(Output::Snapshot(snapshot)) => write_all(&mut stdout, &snapshot.screen)?,
                    Some(Output::Data(bytes)) => write_all(&mut stdout, &bytes)?,
                    Some(Output::Notice(notice)) => notices.push(notice),
                    Some(Output::End(end)) => break end.reason,
                    None => {}
                }
            }
            Some(input) = keys_out.recv() => {
                // A closed stream is noticed by the read above, which reattaches.
                let _ = tx.send(input).await;
            }
            _ = detach_rx.recv() => break format!("detached from {session}; it goes on running (`relay session attach {session}` to come back)"),
            _ = resized.recv(), if interactive && !watch => {
                if let Ok((cols, rows)) = crossterm::terminal::size() {
                    let resize = TerminalInput { input: Some(Input::Resize(TerminalResize { rows: u32::from(rows), cols: u32::from(cols) })) };
                    let _ = tx.send(resize).await;
                }
            }
        }
    };
    drop(guard);
    if !interactive {
        // A piped attach (scripts, tests) ends its raw output on a line of its own.
        println!();
    }
    for notice in notices {
        eprintln!("relay: {notice}");
    }
    eprintln!("relay: {ending}");
    Ok(())
}

/// The attachment's input sender and output stream.
type Opened = (
    mpsc::Sender<TerminalInput>,
    tonic::Streaming<proto::TerminalOutput>,
);

/// Opens `session`'s terminal on `client` at `size` (columns, rows; 0 keeps the terminal's).
async fn open_terminal(
    client: &mut crate::client::Client,
    session: &str,
    watch: bool,
    (cols, rows): (u16, u16),
) -> Result<Opened, CliError> {
    let (tx, rx) = mpsc::channel::<TerminalInput>(64);
    let open = TerminalInput {
        input: Some(proto::terminal_input::Input::Open(AttachOpen {
            session: session.to_owned(),
            watch,
            rows: u32::from(rows),
            cols: u32::from(cols),
        })),
    };
    tx.send(open)
        .await
        .map_err(|_| CliError::Failed("the terminal's stream closed".to_owned()))?;
    let stream = client
        .runner
        .attach_terminal(ReceiverStream::new(rx))
        .await?
        .into_inner();
    Ok((tx, stream))
}

/// How long an attachment waits for relayd to come back before it gives up.
const REATTACH_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// A stream error that means the connection went away rather than a refusal (the same codes `relay events
/// --follow` treats as a lost relayd).
fn connection_lost(status: &tonic::Status) -> bool {
    matches!(
        status.code(),
        tonic::Code::Unavailable | tonic::Code::Unknown | tonic::Code::Cancelled | tonic::Code::Internal
    )
}

/// Dials relayd again and attaches again, with a pause that doubles from 100 ms to 2 s (less a random part of up
/// to half) for at most [`REATTACH_FOR`]; `None` when the detach key was pressed meanwhile. A refusal of the new
/// attach (the session stopped with the relayd that ran it) is the error it ends with.
async fn reattach(
    ctx: &Context,
    session: &str,
    watch: bool,
    size: (u16, u16),
    detach: &mut mpsc::Receiver<()>,
) -> Result<Option<Opened>, CliError> {
    use rand::Rng;
    let deadline = std::time::Instant::now() + REATTACH_FOR;
    let mut pause = std::time::Duration::from_millis(100);
    loop {
        let half = u64::try_from(pause.as_millis() / 2).unwrap_or(0);
        let wait = std::time::Duration::from_millis(half + rand::rng().random_range(0..=half));
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            _ = detach.recv() => return Ok(None),
        }
        pause = (pause * 2).min(std::time::Duration::from_secs(2));
        let attempt = async {
            let mut client = crate::client::reconnect(ctx).await?;
            open_terminal(&mut client, session, watch, size).await
        };
        match attempt.await {
            Ok(opened) => return Ok(Some(opened)),
            Err(CliError::Unreachable(_)) if std::time::Instant::now() < deadline => {}
            Err(err) => return Err(err),
        }
    }
}

fn write_all(stdout: &mut std::io::Stdout, bytes: &[u8]) -> Result<(), CliError> {
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|err| CliError::Failed(format!("cannot write to the terminal: {err}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(keys: &[Key]) -> (Vec<u8>, bool) {
        let mut bytes = Vec::new();
        let mut detached = false;
        for key in keys {
            match key {
                Key::Bytes(b) => bytes.extend_from_slice(b),
                Key::Detach => detached = true,
            }
        }
        (bytes, detached)
    }

    #[test]
    fn the_detach_key_detaches_and_the_prefix_twice_sends_it_once() {
        let mut pending = false;
        assert_eq!(
            sent(&keys(b"ls\r\x02d", 0x02, b'd', &mut pending)),
            (b"ls\r".to_vec(), true)
        );
        let mut pending = false;
        assert_eq!(
            sent(&keys(b"a\x02\x02b", 0x02, b'd', &mut pending)),
            (b"a\x02b".to_vec(), false)
        );
        let mut pending = false;
        assert_eq!(
            sent(&keys(b"\x02x", 0x02, b'd', &mut pending)),
            (b"\x02x".to_vec(), false)
        );
        // A prefix at the end of one read and the key at the start of the next.
        let mut pending = false;
        assert_eq!(
            sent(&keys(b"q\x02", 0x02, b'd', &mut pending)),
            (b"q".to_vec(), false)
        );
        assert!(pending);
        assert_eq!(sent(&keys(b"d", 0x02, b'd', &mut pending)), (Vec::new(), true));
    }
}
