//! The window's only I/O with relayd, in background tasks: the Subscribe stream (reconnecting with backoff when
//! relayd goes away) and the effects the update function asks for. Everything comes back as an [`Action`].

use std::time::Duration;

use relay_core::proto::{self, update::Update};
use tokio::sync::{mpsc, watch};
use tokio_stream::StreamExt;

use super::activity::ActivityFilter;
use super::app::{Action, Data, Effect, Fetch, Outcome, TaskData, Write};
use super::terminal::{TerminalAction, TerminalEffect};
use crate::client::{self, Client};

/// The first and the longest pause between reconnection attempts.
const BACKOFF_MIN: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(5);

/// How the window brings relayd back: the flags to start it with (the same the window was started with), and
/// whether it does so by itself when relayd exits — when this window's `relay` started it.
#[derive(Clone, Debug)]
pub struct Restart {
    pub ctx: crate::client::Context,
    pub auto: bool,
}

/// Starts relayd as `relay` does on demand; the answer is a line for the owner or why it could not.
async fn start_daemon(restart: &Restart) -> Result<(Client, String), String> {
    match client::start(&restart.ctx).await {
        Ok((client, status)) => Ok((
            client,
            format!(
                "started relayd (pid {}, logs in {})",
                status.pid,
                restart.ctx.config.log_dir.display()
            ),
        )),
        Err(err) => Err(format!("relayd could not be started: {err}")),
    }
}

/// Starts the stream task and returns where effects go. `images` decodes and encodes screenshots for the
/// terminal's image protocol (`screenshot.rs`).
pub fn spawn(
    client: Client,
    restart: Restart,
    actions: mpsc::Sender<Action>,
    images: super::screenshot::Engine,
) -> mpsc::UnboundedSender<Effect> {
    let (current, watched) = watch::channel(Some(client));
    let woken = std::sync::Arc::new(tokio::sync::Notify::new());
    tokio::spawn(stream(current, restart.clone(), woken.clone(), actions.clone()));
    let (effects, mut requests) = mpsc::unbounded_channel::<Effect>();
    tokio::spawn(async move {
        let mut terminal = Attachment::default();
        while let Some(effect) = requests.recv().await {
            let client = watched.borrow().clone();
            let actions = actions.clone();
            let images = images.clone();
            if let Effect::Terminal(effect) = effect {
                terminal.run(client, effect, actions);
                continue;
            }
            // Opening a link needs no relayd.
            if let Effect::Image(super::image::ImageEffect::OpenLink { link }) = &effect {
                let action = super::screenshot::open_link(&super::screenshot::Viewer::system(), link);
                tokio::spawn(async move {
                    let _ = actions.send(action).await;
                });
                continue;
            }
            if effect == Effect::StartDaemon {
                let (restart, woken) = (restart.clone(), woken.clone());
                tokio::spawn(async move {
                    let result = start_daemon(&restart).await.map(|(_, line)| line);
                    // The stream dials at once instead of at the end of its pause.
                    woken.notify_one();
                    let _ = actions.send(Action::DaemonStarted(result)).await;
                });
                continue;
            }
            // Each effect on its own task: a slow answer never holds up the next key's fetch.
            tokio::spawn(async move {
                let action = match (client, effect) {
                    (Some(client), Effect::Image(effect)) => {
                        super::screenshot::run(client, &images, effect).await
                    }
                    (Some(client), effect) => run(client, effect).await,
                    (None, effect) => offline_answer(effect),
                };
                let _ = actions.send(action).await;
            });
        }
    });
    effects
}

/// The terminal pane's one attachment: where its keys go, and which attachment is current (an output of one the
/// window left is dropped).
#[derive(Default)]
struct Attachment {
    input: Option<mpsc::UnboundedSender<proto::TerminalInput>>,
    current: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Attachment {
    fn run(&mut self, client: Option<Client>, effect: TerminalEffect, actions: mpsc::Sender<Action>) {
        use proto::terminal_input::Input;
        use std::sync::atomic::Ordering;
        let send = |input: &Option<mpsc::UnboundedSender<proto::TerminalInput>>, message: Input| {
            if let Some(tx) = input {
                let _ = tx.send(proto::TerminalInput { input: Some(message) });
            }
        };
        match effect {
            TerminalEffect::Attach { session, rows, cols } => {
                let generation = self.current.fetch_add(1, Ordering::SeqCst) + 1;
                let (tx, rx) = mpsc::unbounded_channel();
                let open = Input::Open(proto::AttachOpen {
                    session: session.clone(),
                    watch: false,
                    rows: u32::from(rows),
                    cols: u32::from(cols),
                });
                let _ = tx.send(proto::TerminalInput { input: Some(open) });
                self.input = Some(tx);
                let current = self.current.clone();
                tokio::spawn(async move {
                    let closed = match client {
                        None => "relayd is offline; the window reconnects by itself".to_owned(),
                        Some(client) => attach(client, &session, rx, generation, &current, &actions).await,
                    };
                    if current.load(Ordering::SeqCst) == generation {
                        let action = TerminalAction::Closed {
                            session,
                            reason: closed,
                        };
                        let _ = actions.send(Action::Terminal(action)).await;
                    }
                });
            }
            TerminalEffect::Input(bytes) => send(&self.input, Input::Data(bytes)),
            TerminalEffect::Resize { rows, cols } => send(
                &self.input,
                Input::Resize(proto::TerminalResize {
                    rows: u32::from(rows),
                    cols: u32::from(cols),
                }),
            ),
            TerminalEffect::Detach => {
                // Dropping the sender ends the stream: relayd detaches this writer, the session goes on.
                self.current.fetch_add(1, Ordering::SeqCst);
                self.input = None;
            }
        }
    }
}

/// Forwards one attachment's output to the window while it is the current one; the reason it closed.
async fn attach(
    mut client: Client,
    session: &str,
    input: mpsc::UnboundedReceiver<proto::TerminalInput>,
    generation: u64,
    current: &std::sync::atomic::AtomicU64,
    actions: &mpsc::Sender<Action>,
) -> String {
    let stream = tokio_stream::wrappers::UnboundedReceiverStream::new(input);
    let mut output = match client.runner.attach_terminal(stream).await {
        Ok(response) => response.into_inner(),
        Err(status) => return status.message().to_owned(),
    };
    loop {
        match output.next().await {
            Some(Ok(message)) => {
                if current.load(std::sync::atomic::Ordering::SeqCst) != generation {
                    return String::new();
                }
                let action = TerminalAction::Output {
                    session: session.to_owned(),
                    output: Box::new(message),
                };
                if actions.send(Action::Terminal(action)).await.is_err() {
                    return String::new();
                }
            }
            Some(Err(status)) => return format!("the terminal's stream broke: {}", status.message()),
            None => return "relayd closed the terminal's stream".to_owned(),
        }
    }
}

/// The most of an image file the window reads to send (relayd applies its own, smaller, limit and says so).
const MAX_IMAGE_READ: u64 = 64 * 1024 * 1024;

/// A screenshot's bytes from a path on this machine, or why not in words.
async fn read_image(path: &str) -> Result<Vec<u8>, String> {
    let path = std::path::Path::new(path);
    let meta = tokio::fs::metadata(path)
        .await
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    if !meta.is_file() {
        return Err(format!(
            "{} is not a file: give the image file's path",
            path.display()
        ));
    }
    if meta.len() > MAX_IMAGE_READ {
        return Err(format!(
            "{} is {} MB; a screenshot is at most {} MB",
            path.display(),
            meta.len() / (1024 * 1024),
            MAX_IMAGE_READ / (1024 * 1024)
        ));
    }
    tokio::fs::read(path)
        .await
        .map_err(|err| format!("cannot read {}: {err}", path.display()))
}

/// A runner session's stop, resume, retry or removal; the answer names its new state.
async fn runner_write(
    client: &mut Client,
    session: &str,
    action: super::app::RunnerWrite,
) -> Result<Outcome, tonic::Status> {
    use super::app::RunnerWrite;
    let request = || proto::RunnerSessionRequest {
        session: session.to_owned(),
    };
    let answer = match action {
        RunnerWrite::Stop => client.runner.stop_runner_session(request()).await?,
        RunnerWrite::Resume => client.runner.resume_runner_session(request()).await?,
        RunnerWrite::Retry => client.runner.retry_runner_session(request()).await?,
        RunnerWrite::Remove => {
            client
                .runner
                .remove_runner_session(proto::RemoveRunnerSessionRequest {
                    session: session.to_owned(),
                    force: false,
                })
                .await?
        }
    }
    .into_inner();
    Ok(Outcome {
        summary: format!("{}: {}", answer.name, answer.state),
        ..Outcome::default()
    })
}

fn offline_answer(effect: Effect) -> Action {
    let message = "relayd is offline; the window reconnects by itself".to_owned();
    match effect {
        // Handled before an effect needs a connection.
        Effect::StartDaemon => Action::DaemonStarted(Err(message)),
        Effect::Fetch(fetch) => Action::Loaded {
            fetch,
            result: Err(message),
        },
        Effect::Write(write) => Action::Wrote {
            write,
            result: Err(message),
        },
        Effect::Image(super::image::ImageEffect::Show { id, cells }) => {
            Action::Image(super::image::ImageAction::Shown {
                id,
                cells,
                result: Err(message),
            })
        }
        Effect::Image(super::image::ImageEffect::Open { id }) => {
            Action::Image(super::image::ImageAction::Opened {
                id,
                result: Err(message),
            })
        }
        // Handled before an effect needs a connection.
        Effect::Image(super::image::ImageEffect::OpenLink { .. }) => {
            Action::Image(super::image::ImageAction::LinkOpened(Err(message)))
        }
        // Handled by the attachment before an effect needs a connection.
        Effect::Terminal(_) => Action::Terminal(TerminalAction::Closed {
            session: String::new(),
            reason: message,
        }),
    }
}

/// `pause` less a random part of up to half of it, so clients that lost the same relayd (a restart of a remote
/// one) do not all dial it at the same moment.
fn jittered(pause: Duration) -> Duration {
    use rand::Rng;
    let half = pause / 2;
    let millis = u64::try_from(half.as_millis()).unwrap_or(u64::MAX);
    half + Duration::from_millis(rand::rng().random_range(0..=millis))
}

/// Subscribes, forwards the stream, and on its end reconnects with a growing pause (reset once live).
async fn stream(
    current: watch::Sender<Option<Client>>,
    restart: Restart,
    woken: std::sync::Arc<tokio::sync::Notify>,
    actions: mpsc::Sender<Action>,
) {
    let mut backoff = BACKOFF_MIN;
    loop {
        let client = current.borrow().clone();
        let reason = match client {
            Some(mut client) => match client
                .daemon
                .subscribe(proto::SubscribeRequest { since_event_id: None })
                .await
            {
                Ok(response) => {
                    let mut updates = response.into_inner();
                    loop {
                        match updates.next().await {
                            Some(Ok(update)) => {
                                backoff = BACKOFF_MIN;
                                let action = match update.update {
                                    Some(Update::Hello(_)) => Action::Live,
                                    Some(Update::Snapshot(s)) => Action::Snapshot {
                                        lagged: s.reason == proto::SnapshotReason::Lagged as i32,
                                        last_event_id: s.last_event_id,
                                    },
                                    Some(Update::Event(event)) => Action::Event(event),
                                    Some(Update::LocksChanged(_)) => Action::LocksChanged,
                                    None => continue,
                                };
                                if actions.send(action).await.is_err() {
                                    return;
                                }
                            }
                            Some(Err(status)) => break status.message().to_owned(),
                            None => break "relayd closed the stream (it stopped)".to_owned(),
                        }
                    }
                }
                Err(status) => status.message().to_owned(),
            },
            None => "not connected".to_owned(),
        };
        current.send_replace(None);
        let retry_ms = u64::try_from(backoff.as_millis()).unwrap_or(u64::MAX);
        if actions.send(Action::Offline { reason, retry_ms }).await.is_err() {
            return;
        }
        // Dial until relayd answers again; the pause doubles up to BACKOFF_MAX (a start asked for with its key
        // ends the pause). When this window started relayd, the first failed dial starts it again, once per
        // outage.
        let mut restarted = false;
        loop {
            tokio::select! {
                () = tokio::time::sleep(jittered(backoff)) => {}
                () = woken.notified() => {}
            }
            backoff = (backoff * 2).min(BACKOFF_MAX);
            if actions.send(Action::Connecting).await.is_err() {
                return;
            }
            match client::reconnect(&restart.ctx).await {
                Ok(client) => {
                    current.send_replace(Some(client));
                    break;
                }
                Err(_) if restart.auto && !restarted => {
                    restarted = true;
                    let result = start_daemon(&restart).await;
                    let started = match result {
                        Ok((client, line)) => {
                            current.send_replace(Some(client));
                            Ok(format!("relayd had stopped; {line}"))
                        }
                        Err(why) => Err(why),
                    };
                    let live = started.is_ok();
                    if actions.send(Action::DaemonStarted(started)).await.is_err() {
                        return;
                    }
                    if live {
                        break;
                    }
                }
                Err(err) => {
                    let retry_ms = u64::try_from(backoff.as_millis()).unwrap_or(u64::MAX);
                    let reason = format!("cannot reach relayd: {err}");
                    if actions.send(Action::Offline { reason, retry_ms }).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// Carries out one effect.
pub async fn run(mut client: Client, effect: Effect) -> Action {
    match effect {
        // The window's worker starts relayd itself (`spawn`); here there is nothing to start it with.
        Effect::StartDaemon => {
            Action::DaemonStarted(Err("relayd is started by the window's worker".to_owned()))
        }
        // A terminal needs the window's worker, which holds the attachment.
        Effect::Terminal(_) => Action::Terminal(TerminalAction::Closed {
            session: String::new(),
            reason: "the terminal pane is attached by the window's worker".to_owned(),
        }),
        // Without the window's engine (tests, scripts): opening works, inline images answer that they are off.
        Effect::Image(effect) => {
            super::screenshot::run(client, &super::screenshot::Engine::new(None), effect).await
        }
        Effect::Fetch(fetch) => {
            let result = fetch_data(&mut client, &fetch)
                .await
                .map_err(|s| s.message().to_owned());
            Action::Loaded { fetch, result }
        }
        Effect::Write(write) => {
            // A refused restore is an answer, not an error: the window asks again with what is in the way.
            if let Write::RestoreSnapshot { id, to, force, .. } = &write {
                return match restore_snapshot(&mut client, *id, to.clone(), *force).await {
                    Ok(Restored::Done(outcome)) => Action::Wrote {
                        write,
                        result: Ok(outcome),
                    },
                    Ok(Restored::Newer(newer)) => Action::RestoreRefused { write, newer },
                    Err(status) => Action::Wrote {
                        write,
                        result: Err(refusal(status)),
                    },
                };
            }
            let answer = write_data(&mut client, &write).await;
            if let Err(status) = &answer
                && let Some(widens) = widens(status)
            {
                return Action::Widens { write, widens };
            }
            let result = match &write {
                // The field editor keeps the text; Ctrl-R there takes the task's new version.
                Write::UpdateField { .. } => answer.map_err(super::edit::refusal),
                _ => answer.map_err(refusal),
            };
            Action::Wrote { write, result }
        }
    }
}

/// What a write refused for want of the second confirmation widens on live: the refusal's binary metadata
/// ([`proto::WIDENS_METADATA`], a JSON list), never its words. `None` for any other refusal.
pub fn widens(status: &tonic::Status) -> Option<Vec<String>> {
    if status.code() != tonic::Code::FailedPrecondition {
        return None;
    }
    let bytes = status
        .metadata()
        .get_bin(proto::WIDENS_METADATA)?
        .to_bytes()
        .ok()?;
    serde_json::from_slice::<Vec<String>>(&bytes)
        .ok()
        .filter(|list| !list.is_empty())
}

/// A refusal in words: the daemon's message already says what to do.
fn refusal(status: tonic::Status) -> String {
    match status.code() {
        tonic::Code::Aborted => format!(
            "{} (someone changed the task meanwhile; it was fetched again)",
            status.message()
        ),
        _ => status.message().to_owned(),
    }
}

pub async fn fetch_data(client: &mut Client, fetch: &Fetch) -> Result<Data, tonic::Status> {
    Ok(match fetch {
        Fetch::Projects => {
            let mut second = client.clone();
            let (projects, sessions) = tokio::join!(
                client.board.list_projects(proto::ListProjectsRequest {}),
                second
                    .board
                    .list_sessions(proto::ListSessionsRequest { project: None })
            );
            Data::Projects {
                list: projects?.into_inner().projects,
                sessions: sessions?.into_inner().sessions,
            }
        }
        Fetch::Board(slug) => {
            let (mut second, mut third, mut fourth) = (client.clone(), client.clone(), client.clone());
            let (board, inbox, sessions, plans) = tokio::join!(
                client
                    .board
                    .get_project_board(proto::GetProjectBoardRequest { slug: slug.clone() }),
                second.board.get_inbox(proto::GetInboxRequest {}),
                third.board.list_sessions(proto::ListSessionsRequest {
                    project: Some(slug.clone())
                }),
                fourth.board.list_plan_cards(proto::ListPlanCardsRequest {
                    project: slug.clone()
                })
            );
            let cards = plans?.into_inner();
            Data::Board {
                board: Box::new(board?.into_inner()),
                inbox: Box::new(inbox?.into_inner()),
                sessions: sessions?.into_inner().sessions,
                plans: cards.cards,
                reviews: cards.reviews,
            }
        }
        Fetch::Archive { slug, query } => Data::Archive(Box::new(
            client
                .board
                .list_archived_tasks(proto::ListArchivedTasksRequest {
                    project: slug.clone(),
                    query: query.clone(),
                })
                .await?
                .into_inner(),
        )),
        Fetch::Task(key) => {
            let (mut a, mut b, mut c, mut d) =
                (client.clone(), client.clone(), client.clone(), client.clone());
            let (detail, plan, review, comments, snapshots) = tokio::join!(
                client.board.get_task(proto::GetTaskRequest { key: key.clone() }),
                a.review.get_plan(proto::GetPlanRequest {
                    key: key.clone(),
                    revisions: true,
                }),
                b.review.get_review(proto::GetReviewRequest { key: key.clone() }),
                c.review
                    .list_comments(proto::ListCommentsRequest { key: key.clone() }),
                d.coord.list_snapshots(proto::ListSnapshotsRequest {
                    task_key: Some(key.clone()),
                    limit: super::snapshots::LIMIT,
                    ..proto::ListSnapshotsRequest::default()
                })
            );
            let detail = detail?.into_inner();
            // The bound session's hook status and last activity, from its project's sessions.
            let session = match detail
                .task
                .as_ref()
                .and_then(|t| Some((t.session.clone()?, t.project.clone())))
            {
                Some((name, project)) => client
                    .board
                    .list_sessions(proto::ListSessionsRequest {
                        project: Some(project),
                    })
                    .await
                    .ok()
                    .and_then(|list| list.into_inner().sessions.into_iter().find(|s| s.name == name)),
                None => None,
            };
            // The task's own actions on live, among its project's newest.
            let live = match key.rsplit_once('-') {
                Some((project, _)) => Some(
                    super::live::fetch(client, Some(project.to_owned()), super::live::TASK_SCAN)
                        .await
                        .map(|rows| super::live::of_task(rows, key))
                        .map_err(|s| s.message().to_owned()),
                ),
                None => None,
            };
            let data = TaskData {
                live,
                detail,
                plan: plan.ok().map(tonic::Response::into_inner),
                review: review.ok().map(tonic::Response::into_inner),
                comments: comments.ok().map(tonic::Response::into_inner),
                session,
                snapshots: Some(
                    snapshots
                        .map(|r| r.into_inner().snapshots)
                        .map_err(|s| s.message().to_owned()),
                ),
            };
            // The grammars its code needs are prepared here, off the window's thread (once per language).
            let blocks = super::highlight::task_blocks(&data);
            if !blocks.is_empty() {
                let _ = tokio::task::spawn_blocking(move || super::highlight::warm(&blocks)).await;
            }
            Data::Task(Box::new(data))
        }
        Fetch::Inbox => Data::Inbox(Box::new(
            client
                .board
                .get_inbox(proto::GetInboxRequest {})
                .await?
                .into_inner(),
        )),
        Fetch::Sessions(project) => {
            let mut second = client.clone();
            let mut third = client.clone();
            let (list, runner, projects) = tokio::join!(
                client.board.list_sessions(proto::ListSessionsRequest {
                    project: project.clone()
                }),
                // All of them (a board project that runs no sessions is not an error here); matched by name.
                third
                    .runner
                    .list_runner_sessions(proto::ListRunnerSessionsRequest {
                        project: None,
                        with_deleted: false,
                    }),
                slugs(&mut second)
            );
            Data::Sessions {
                list: Box::new(list?.into_inner()),
                runner: runner?.into_inner().sessions,
                slugs: projects?,
            }
        }
        Fetch::Activity(filter) => {
            let mut second = client.clone();
            let mut third = client.clone();
            let (page, projects, live) = tokio::join!(
                activity(client, filter, None),
                slugs(&mut second),
                super::live::fetch(&mut third, filter.project.clone(), super::live::ACTIVITY_LIMIT)
            );
            Data::Activity {
                page: Box::new(page?),
                slugs: projects?,
                live: live?,
            }
        }
        Fetch::ActivityMore { filter, before } => Data::Activity {
            page: Box::new(activity(client, filter, Some(*before)).await?),
            slugs: Vec::new(),
            live: Vec::new(),
        },
        Fetch::Template(project) => {
            let rules = client
                .board
                .get_rules(proto::GetRulesRequest {
                    project: Some(project.clone()),
                })
                .await?
                .into_inner();
            let value: serde_json::Value = serde_json::from_str(&rules.rules_json).unwrap_or_default();
            let template = value["rules"]["description_template"].as_str().map(str::to_owned);
            Data::Template(template.filter(|t| !t.trim().is_empty()))
        }
        Fetch::Locks => Data::Locks(Box::new(
            client
                .coord
                .list_locks(proto::ListLocksRequest {
                    contention_limit: super::locks::CONTENTIONS,
                })
                .await?
                .into_inner(),
        )),
        Fetch::Environments(slug) => Data::Environments(Box::new(
            client
                .environments
                .get_environment_map(proto::GetEnvironmentMapRequest {
                    project: slug.clone(),
                })
                .await?
                .into_inner(),
        )),
        Fetch::Proposals => {
            let mut second = client.clone();
            let (environment, policy) = tokio::join!(
                client
                    .environments
                    .list_environment_proposals(proto::ListEnvironmentProposalsRequest { project: None }),
                second
                    .environments
                    .list_policy_proposals(proto::ListPolicyProposalsRequest {})
            );
            Data::Proposals(Box::new(super::inbox::Proposals {
                environment: environment?.into_inner().proposals,
                policy: policy?.into_inner().proposals,
            }))
        }
        Fetch::Policy { scope, project } => Data::Policy(Box::new(
            super::policy::fetch(client, scope, project.as_deref()).await?,
        )),
        Fetch::PolicyPreview { scope, layer } => Data::PolicyPreview(Box::new(
            client
                .environments
                .preview_policy_layer(proto::PreviewPolicyLayerRequest {
                    scope: scope.clone(),
                    layer_json: layer.clone(),
                })
                .await?
                .into_inner(),
        )),
        Fetch::SessionSnapshots(session) => Data::SessionSnapshots(
            client
                .coord
                .list_snapshots(proto::ListSnapshotsRequest {
                    session: Some(session.clone()),
                    limit: super::snapshots::LIMIT,
                    ..proto::ListSnapshotsRequest::default()
                })
                .await?
                .into_inner()
                .snapshots,
        ),
        Fetch::RestorePreview { id, to } => Data::RestorePreview(Box::new(
            client
                .coord
                .restore_snapshot(proto::RestoreSnapshotRequest {
                    id: *id,
                    paths: Vec::new(),
                    to: to.clone(),
                    force: false,
                    dry_run: true,
                })
                .await?
                .into_inner(),
        )),
        Fetch::Graph(fetch) => Data::Graph(Box::new(super::graph_story::fetch(client, fetch).await?)),
        Fetch::PaletteTasks => {
            let mut second = client.clone();
            let (tasks, projects) = tokio::join!(
                client.board.list_tasks(proto::ListTasksRequest {
                    limit: Some(super::palette::MAX_TASKS),
                    ..Default::default()
                }),
                slugs(&mut second)
            );
            Data::PaletteTasks {
                tasks: tasks?.into_inner().tasks,
                slugs: projects?,
            }
        }
    })
}

async fn slugs(client: &mut Client) -> Result<Vec<String>, tonic::Status> {
    let projects = client
        .board
        .list_projects(proto::ListProjectsRequest {})
        .await?
        .into_inner();
    Ok(projects.projects.into_iter().map(|p| p.slug).collect())
}

async fn activity(
    client: &mut Client,
    filter: &ActivityFilter,
    before: Option<i64>,
) -> Result<proto::ListActivityResponse, tonic::Status> {
    let request = proto::ListActivityRequest {
        before_event_id: before,
        limit: None,
        project: filter.project.clone(),
        kind: filter.kind.clone(),
    };
    Ok(client.board.list_activity(request).await?.into_inner())
}

/// What a confirmed write widened on live, a line each.
fn confirmed_lines(widened: &[String]) -> Vec<String> {
    widened
        .iter()
        .map(|line| format!("confirmed: this widens agents' access on live: {line}"))
        .collect()
}

pub(super) fn outcome(summary: String, notes: Option<proto::WriteNotes>) -> Outcome {
    let notes = notes.unwrap_or_default();
    Outcome {
        summary,
        warnings: notes.warnings,
        notes: notes.notes,
        created: None,
    }
}

pub async fn write_data(client: &mut Client, write: &Write) -> Result<Outcome, tonic::Status> {
    Ok(match write.clone() {
        Write::SetStage {
            key,
            stage,
            expected_version,
        } => {
            let answer = client
                .board
                .set_task_stage(proto::SetTaskStageRequest {
                    key: key.clone(),
                    stage: stage.clone(),
                    expected_version: Some(expected_version),
                    ..Default::default()
                })
                .await?
                .into_inner();
            outcome(format!("{key} moved to {stage}"), answer.notes)
        }
        Write::DecideStep {
            key,
            step,
            decision,
            comment,
        } => {
            let answer = client
                .review
                .decide_review_step(proto::DecideReviewStepRequest {
                    key: key.clone(),
                    step,
                    decision: decision.into(),
                    comment,
                })
                .await?
                .into_inner();
            let status = answer.step.as_ref().map(|s| s.status.clone()).unwrap_or_default();
            outcome(
                format!("{key} step {step}: {status} · {}", answer.summary),
                answer.notes,
            )
        }
        Write::Comment { key, body } => {
            let answer = client
                .review
                .add_comment(proto::AddCommentRequest {
                    key: key.clone(),
                    body,
                    in_reply_to: None,
                })
                .await?
                .into_inner();
            outcome(format!("comment sent on {key}"), answer.notes)
        }
        Write::MarkRead { key } => {
            let answer = client
                .review
                .mark_replies_read(proto::MarkRepliesReadRequest { key: key.clone() })
                .await?
                .into_inner();
            outcome(
                format!("{} replies on {key} marked read", answer.marked.len()),
                answer.notes,
            )
        }
        Write::AcceptPlan { key } => {
            let answer = client
                .review
                .accept_plan(proto::AcceptPlanRequest { key: key.clone() })
                .await?
                .into_inner();
            outcome(format!("plan of {key} accepted"), answer.notes)
        }
        Write::UpdateField {
            key,
            field,
            value,
            expected_version,
        } => super::edit::update_field(client, key, field, value, expected_version).await?,
        Write::BindSession { key, session } => super::edit::bind_session(client, key, session).await?,
        Write::UnbindSession { key } => super::edit::unbind_session(client, key).await?,
        Write::Runner { session, action } => runner_write(client, &session, action).await?,
        Write::DecideEnvProposal {
            id, accept, confirm, ..
        } => {
            let answer = client
                .environments
                .decide_environment_proposal(proto::DecideProposalRequest { id, accept, confirm })
                .await?
                .into_inner();
            Outcome {
                summary: format!("environment proposal #{id} {}", answer.status),
                notes: confirmed_lines(&answer.widened),
                ..Outcome::default()
            }
        }
        Write::SetPolicyLayer {
            scope,
            layer_json,
            confirm,
        } => {
            let removed = layer_json.trim().is_empty();
            let answer = client
                .environments
                .set_policy_layer(proto::SetPolicyLayerRequest {
                    scope,
                    layer_json,
                    confirm,
                })
                .await?
                .into_inner();
            Outcome {
                summary: match removed {
                    true => format!("Removed the {} layer.", answer.scope),
                    false => format!("Saved the {} policy.", answer.scope),
                },
                notes: confirmed_lines(&answer.widened),
                ..Outcome::default()
            }
        }
        Write::SetEnvironment {
            project,
            change,
            confirm,
        } => {
            let change = change.0;
            let access = !change.access.is_empty();
            let answer = client
                .environments
                .set_environment(proto::SetEnvironmentRequest {
                    project,
                    change: Some(change),
                    confirm,
                })
                .await?
                .into_inner();
            Outcome {
                summary: match access {
                    true => format!("Access entry of {} saved.", answer.environment),
                    false => format!("Environment {} saved.", answer.environment),
                },
                notes: confirmed_lines(&answer.widened),
                ..Outcome::default()
            }
        }
        Write::RemoveEnvironment { project, environment } => {
            let answer = client
                .environments
                .remove_environment(proto::RemoveEnvironmentRequest { project, environment })
                .await?
                .into_inner();
            outcome(format!("Environment {} deleted.", answer.environment), None)
        }
        Write::RemoveAccessEntry {
            project,
            environment,
            id,
        } => {
            let answer = client
                .environments
                .remove_access_entry(proto::RemoveAccessEntryRequest {
                    project,
                    environment,
                    id,
                })
                .await?
                .into_inner();
            outcome(
                format!("Access entry #{id} of {} deleted.", answer.environment),
                None,
            )
        }
        Write::SetPolicyPreset { preset, confirm } => {
            let answer = client
                .environments
                .set_policy_preset(proto::SetPolicyPresetRequest {
                    preset: preset.clone(),
                    confirm,
                })
                .await?
                .into_inner();
            Outcome {
                summary: format!("Wrote preset {preset} into policy.json (the rest of the file kept)."),
                notes: confirmed_lines(&answer.widened),
                ..Outcome::default()
            }
        }
        Write::DecidePolicyProposal { id, accept, confirm } => {
            let answer = client
                .environments
                .decide_policy_proposal(proto::DecideProposalRequest { id, accept, confirm })
                .await?
                .into_inner();
            Outcome {
                summary: format!("policy proposal #{id} {}", answer.status),
                notes: confirmed_lines(&answer.widened),
                ..Outcome::default()
            }
        }
        Write::CreateTask {
            project,
            title,
            description,
        } => {
            let fields = description
                .map(|text| proto::FieldChange {
                    name: "description".to_owned(),
                    value_json: serde_json::Value::String(text).to_string(),
                })
                .into_iter()
                .collect();
            let written = client
                .board
                .create_task(proto::CreateTaskRequest {
                    project,
                    title,
                    fields,
                    bind_session: None,
                    actor: None,
                })
                .await?
                .into_inner();
            let task = written.task.unwrap_or_default();
            let summary = format!("created {}: {}", task.key, super::fit::one_line(&task.title, 200));
            Outcome {
                created: Some(task.key),
                ..outcome(summary, written.notes)
            }
        }
        Write::AttachShot { key, step, path } => {
            let content = read_image(&path).await.map_err(tonic::Status::invalid_argument)?;
            let filename = std::path::Path::new(&path)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            let written = client
                .review
                .add_attachment(proto::AddAttachmentRequest {
                    key,
                    path: String::new(),
                    step: Some(step),
                    caption: None,
                    filename,
                    actor: None,
                    content: Some(content),
                })
                .await?
                .into_inner();
            let id = written.attachment.as_ref().map_or(0, |a| a.id);
            let changed = written.notes.as_ref().is_none_or(|n| n.changed);
            let summary = if changed {
                format!("attached screenshot #{id} to step {step}")
            } else {
                format!("screenshot #{id} is already on this task")
            };
            outcome(summary, written.notes)
        }
        Write::RemoveShot { id, .. } => {
            let written = client
                .review
                .remove_attachment(proto::RemoveAttachmentRequest { id, actor: None })
                .await?
                .into_inner();
            outcome(format!("removed screenshot #{id}"), written.notes)
        }
        Write::CreateSession(request) => {
            let task = request.task.clone();
            let session = client.runner.create_runner_session(request).await?.into_inner();
            let failed = session.state == "failed";
            let mut summary = format!(
                "{} {} ({}, {}) on branch {}",
                if failed { "created" } else { "started" },
                session.name,
                session.backend,
                session.profile,
                session.branch
            );
            if let Some(task) = task {
                summary.push_str(&format!("; {task} is bound to it"));
            }
            let warnings = if failed {
                vec![format!(
                    "{} could not start: {} (R retries it)",
                    session.name,
                    session.error.as_deref().unwrap_or("no reason given")
                )]
            } else {
                Vec::new()
            };
            Outcome {
                summary,
                warnings,
                ..Outcome::default()
            }
        }
        Write::CreateProject { slug, name } => {
            let written = client
                .board
                .upsert_project(proto::UpsertProjectRequest {
                    slug,
                    name,
                    repo_path: None,
                    description: None,
                    actor: None,
                })
                .await?
                .into_inner();
            let project = written.project.unwrap_or_default();
            outcome(
                format!("project {} is ready: Enter opens its board", project.slug),
                written.notes,
            )
        }
        Write::RestoreSnapshot { id, to, force, .. } => {
            match restore_snapshot(client, id, to, force).await? {
                Restored::Done(outcome) => outcome,
                Restored::Newer(newer) => {
                    return Err(tonic::Status::failed_precondition(
                        super::snapshots::refusal_words(&newer),
                    ));
                }
            }
        }
    })
}

/// What a restore came to.
enum Restored {
    /// What was written where.
    Done(Outcome),
    /// Refused: these files changed since the snapshot; nothing was written.
    Newer(Vec<String>),
}

/// A snapshot restored, or relayd's refusal (`refused`: a file changed since the snapshot) with the files in the way.
async fn restore_snapshot(
    client: &mut Client,
    id: i64,
    to: Option<String>,
    force: bool,
) -> Result<Restored, tonic::Status> {
    let answer = client
        .coord
        .restore_snapshot(proto::RestoreSnapshotRequest {
            id,
            paths: Vec::new(),
            to,
            force,
            dry_run: false,
        })
        .await?
        .into_inner();
    if answer.refused {
        let newer = answer
            .changes
            .iter()
            .filter(|c| c.action == "newer")
            .map(|c| c.path.clone())
            .collect();
        return Ok(Restored::Newer(newer));
    }
    let written = answer
        .changes
        .iter()
        .filter(|c| matches!(c.action.as_str(), "create" | "restore") || (force && c.action == "newer"))
        .count();
    let whose = answer.snapshot.as_ref().map_or_else(String::new, |s| {
        format!(
            " ({}'s work, lost to `{}`)",
            super::fit::one_line(&s.session, 60),
            super::fit::one_line(&s.command, 60)
        )
    });
    let mut notes = Vec::new();
    if answer.ref_deleted {
        notes.push("Its ref was deleted by hand; the commit was still in git and was used.".to_owned());
    }
    Ok(Restored::Done(Outcome {
        summary: format!(
            "Restored {written} file(s) of snapshot #{id}{whose} into {}.",
            answer.into
        ),
        notes,
        ..Outcome::default()
    }))
}
