//! relay: the terminal client and headless CLI for relayd. The binary's `main` parses the command line
//! and calls [`run`]; everything else lives here so tests and benchmarks can use it.

pub mod cli;
pub mod client;
pub mod cmd;
pub mod error;
pub mod http_client;
mod ui;

use crate::cli::{Cli, Command, DaemonCommand, DecisionCommand, ProjectCommand, RulesCommand, TaskCommand};
use crate::client::Context;
use crate::error::CliError;

/// Runs one `relay` command line.
pub async fn run(cli: Cli) -> Result<(), CliError> {
    let mut flags = cli.global.flags();
    let command = match cli.command {
        Some(Command::Completions { shell }) => return cmd::generate::completions(shell),
        // Before the configuration is loaded: a hook answers even when config.toml is broken.
        Some(Command::Hook(args)) => {
            cmd::hook::run(flags, args).await;
            return Ok(());
        }
        Some(Command::Man { dir }) => return cmd::generate::man(dir.as_deref()),
        Some(Command::Demo) => {
            if flags.home.is_none() {
                let base = relay_core::paths::default_data_dir().ok_or_else(|| {
                    CliError::Usage("no data directory for this user; pass --home".to_owned())
                })?;
                flags.home = Some(base.join("demo"));
            }
            // Beside a real relayd on 8765, the demo's daemon takes any free port.
            flags.port = flags.port.or(Some(0));
            None
        }
        other => other,
    };
    let ctx = Context::load(flags)?;
    match command {
        None => ui::run(client::daemon_client(&ctx).await?).await,
        Some(Command::Daemon { action }) => match action {
            DaemonCommand::Run => cmd::daemon::run(&ctx).await,
            DaemonCommand::Start => cmd::daemon::start(&ctx).await,
            DaemonCommand::Stop => cmd::daemon::stop(&ctx).await,
            DaemonCommand::Status { json } => cmd::daemon::status(&ctx, json).await,
            DaemonCommand::Logs { lines, follow } => cmd::daemon::logs(&ctx, lines, follow).await,
        },
        Some(Command::Token { rotate }) => cmd::token::run(&ctx, rotate),
        Some(Command::Backup { output, overwrite }) => cmd::backup::backup(&ctx, &output, overwrite).await,
        Some(Command::Restore { input }) => cmd::backup::restore(&ctx, &input).await,
        Some(Command::Project { action }) => match action {
            ProjectCommand::List { output } => cmd::project::list(&ctx, output).await,
            ProjectCommand::Upsert(args) => cmd::project::upsert(&ctx, args).await,
            ProjectCommand::Show { slug, output } => cmd::project::show(&ctx, slug, output).await,
        },
        Some(Command::Task { action }) => match action {
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
        Some(Command::Decision { action }) => match action {
            DecisionCommand::Add(args) => cmd::decision::add(&ctx, args).await,
        },
        Some(Command::Events(args)) => cmd::events::run(&ctx, args).await,
        Some(Command::Rules { action }) => match action {
            RulesCommand::Show { project, output } => cmd::rules::show(&ctx, project, output).await,
        },
        Some(Command::Locks { output }) => cmd::locks::run(&ctx, output).await,
        Some(Command::Doctor { json }) => cmd::doctor::run(&ctx, json).await,
        Some(Command::Demo | Command::Completions { .. } | Command::Man { .. } | Command::Hook(_)) => Ok(()),
    }
}
