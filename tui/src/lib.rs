//! relay: the terminal client and headless CLI for relayd. The binary's `main` parses the command line
//! and calls [`run`]; everything else lives here so tests and benchmarks can use it.

pub mod cli;
pub mod client;
pub mod cmd;
pub mod error;
pub mod http_client;
pub mod remote;
pub mod ui;

use crate::cli::PlanCommand;
use crate::cli::{Cli, Command, DaemonCommand, DecisionCommand, ProjectCommand, RulesCommand, TaskCommand};
use crate::cli::{CommentCommand, ReviewCommand};
use crate::client::Context;
use crate::cmd::review::Decision;
use crate::error::CliError;

/// Runs one `relay` command line.
pub async fn run(cli: Cli) -> Result<(), CliError> {
    let remote = cli.global.remote();
    let flags = cli.global.flags();
    let command = match cli.command {
        Some(Command::Completions { shell }) => return cmd::generate::completions(shell),
        // Before the configuration is loaded: a hook answers even when config.toml is broken.
        Some(Command::Hook(args)) => {
            cmd::hook::run(flags, args).await;
            return Ok(());
        }
        Some(Command::Man { dir }) => return cmd::generate::man(dir.as_deref()),
        // Needs no relayd and no data directory: it listens on the network.
        Some(Command::Servers { wait, output }) => return cmd::servers::run(wait, output.json).await,
        Some(Command::Demo { force }) => {
            if flags.home.is_none() {
                return Err(CliError::Usage(
                    "relay demo seeds a new data directory: pass --home DIR (then `relay --home DIR` opens it)"
                        .to_owned(),
                ));
            }
            return cmd::demo::run(&Context::load(flags)?, force).await;
        }
        other => other,
    };
    if let Some(session) = std::env::var_os(relay_core::hook::CONTAINER_ENV) {
        return Err(CliError::Usage(format!(
            "this relay runs inside docker session {}'s container, where it only answers the agent's hooks (`relay hook`); run other relay commands on the host",
            session.to_string_lossy()
        )));
    }
    let ctx = Context::load_with(flags, &remote)?;
    match command {
        None => window(&ctx, ui::screen_for(None, None)).await,
        Some(Command::Board { project }) => window(&ctx, ui::screen_for(Some(project), None)).await,
        Some(Command::Task { action: None, key }) => match key {
            Some(key) => window(&ctx, ui::screen_for(None, Some(key))).await,
            None => Err(CliError::Usage(
                "relay task needs a command (see `relay task --help`) or a task key to open, e.g. `relay task acme-4`"
                    .to_owned(),
            )),
        },
        Some(Command::Daemon { action }) => match action {
            DaemonCommand::Run => cmd::daemon::run(&ctx).await,
            DaemonCommand::Start => cmd::daemon::start(&ctx).await,
            DaemonCommand::Stop => cmd::daemon::stop(&ctx).await,
            DaemonCommand::Status { json } => cmd::daemon::status(&ctx, json).await,
            DaemonCommand::Logs { lines, follow } => cmd::daemon::logs(&ctx, lines, follow).await,
            DaemonCommand::InitRemote { names, force } => cmd::token::init_remote(&ctx, &names, force),
            DaemonCommand::ClientCert { name, out } => cmd::token::client_cert(&ctx, &name, &out),
        },
        Some(Command::Token { rotate, remote: None }) => cmd::token::run(&ctx, rotate),
        Some(Command::Token {
            rotate,
            remote: Some(scope),
        }) => cmd::token::remote(&ctx, &scope, rotate),
        Some(Command::Backup { output, overwrite }) => cmd::backup::backup(&ctx, &output, overwrite).await,
        Some(Command::Restore { input }) => cmd::backup::restore(&ctx, &input).await,
        Some(Command::Project { action }) => match action {
            ProjectCommand::List { output } => cmd::project::list(&ctx, output).await,
            ProjectCommand::Upsert(args) => cmd::project::upsert(&ctx, args).await,
            ProjectCommand::Add(args) => cmd::session::add_project(&ctx, args).await,
            ProjectCommand::Retry { slug, output } => cmd::session::retry_project(&ctx, slug, output).await,
            ProjectCommand::Rm { slug, force, output } => {
                cmd::session::remove_project(&ctx, slug, force, output).await
            }
            ProjectCommand::Show {
                slug,
                limit,
                output,
            } => cmd::project::show(&ctx, slug, limit, output).await,
        },
        Some(Command::Task { action: Some(action), .. }) => match action {
            TaskCommand::List(args) => cmd::task::list(&ctx, args).await,
            TaskCommand::Show { key, output } => cmd::task::show(&ctx, key, output).await,
            TaskCommand::Create(args) => cmd::task::create(&ctx, args).await,
            TaskCommand::Update(args) => cmd::task::update(&ctx, args).await,
            TaskCommand::Stage(args) => cmd::task::stage(&ctx, args).await,
            TaskCommand::Bind {
                key,
                target,
                writer,
                output,
            } => cmd::task::bind(&ctx, key, target, writer, output).await,
            TaskCommand::Unbind { key, writer, output } => cmd::task::unbind(&ctx, key, writer, output).await,
            TaskCommand::Report(args) => cmd::task::report(&ctx, args).await,
        },
        Some(Command::Session { action }) => cmd::session::run(&ctx, action).await,
        Some(Command::Decision { action }) => match action {
            DecisionCommand::Add(args) => cmd::decision::add(&ctx, args).await,
        },
        Some(Command::Review { action }) => match action {
            ReviewCommand::Show { key, output } => cmd::review::show(&ctx, key, output).await,
            ReviewCommand::Accept(args) => cmd::review::decide(&ctx, args, Decision::Accept).await,
            ReviewCommand::Reject(args) => cmd::review::decide(&ctx, args, Decision::Reject).await,
            ReviewCommand::Reopen(args) => cmd::review::decide(&ctx, args, Decision::Reopen).await,
            ReviewCommand::Comment(args) => cmd::review::comment(&ctx, args).await,
        },
        Some(Command::Comment { action }) => match action {
            CommentCommand::List { key, output } => cmd::comment::list(&ctx, key, output).await,
            CommentCommand::Add(args) => cmd::comment::add(&ctx, args).await,
            CommentCommand::Read { key, output } => cmd::comment::read(&ctx, key, output).await,
        },
        Some(Command::Plan { action }) => match action {
            PlanCommand::Show { key, history, output } => cmd::plan::show(&ctx, key, history, output).await,
            PlanCommand::Accept { key, output } => cmd::plan::accept(&ctx, key, output).await,
        },
        Some(Command::Attachment { action }) => cmd::attachment::run(&ctx, action).await,
        Some(Command::Env { action }) => cmd::env::run(&ctx, action).await,
        Some(Command::Policy { action }) => cmd::policy::run(&ctx, action).await,
        Some(Command::Events(args)) => cmd::events::run(&ctx, args).await,
        Some(Command::Rules { action }) => match action {
            RulesCommand::Show { project, output } => cmd::rules::show(&ctx, project, output).await,
        },
        Some(Command::Inbox { output }) => cmd::inbox::run(&ctx, output).await,
        Some(Command::Locks { output }) => cmd::locks::run(&ctx, output).await,
        Some(Command::Graph { action }) => cmd::graph::run(&ctx, action).await,
        Some(Command::Snapshots { project, output }) => cmd::undo::list(&ctx, project, output).await,
        Some(Command::Undo(args)) => cmd::undo::run(&ctx, args).await,
        Some(Command::Keys { output }) => cmd::keys::run(&ctx, output),
        Some(Command::Doctor { json, claude_home }) => {
            cmd::doctor::run(&ctx, json, claude_home.as_deref()).await
        }
        Some(Command::Setup(args)) => cmd::setup::run(&ctx, args).await,
        Some(Command::Demo { .. } | Command::Completions { .. } | Command::Man { .. } | Command::Hook(_) | Command::Servers { .. }) => {
            Ok(())
        }
    }
}

/// Opens the window at `screen` on the daemon (starting it if needed).
/// An unknown project or task is refused before the terminal is taken (exit 4).
async fn window(ctx: &Context, screen: ui::Screen) -> Result<(), CliError> {
    let (mut client, started) = client::daemon_client_started(ctx).await?;
    match &screen {
        ui::Screen::Board(slug) => {
            client
                .board
                .get_project_board(relay_core::proto::GetProjectBoardRequest { slug: slug.clone() })
                .await?;
        }
        ui::Screen::Task(key) => {
            client
                .board
                .get_task(relay_core::proto::GetTaskRequest { key: key.clone() })
                .await?;
        }
        _ => {}
    }
    let theme = ui::theme::load(ctx.config.data_dir.path(), ui::theme::Depth::detect());
    let keys = ui::keys_config::keymap_from(
        ctx.config.keys.as_ref(),
        &ctx.config.data_dir.config().display().to_string(),
    );
    let restart = ui::worker::Restart {
        ctx: ctx.clone(),
        auto: started,
    };
    ui::run(client, restart, screen, theme, keys).await
}
