//! Every command and flag of `relay`, in one place. Help, the man pages and the shell completions are
//! generated from these definitions (see `cmd::generate`).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

/// relay: one daemon and one terminal for running several AI coding agents on the same code.
///
/// Without a command, relay opens its terminal window on the daemon, starting relayd in the background
/// when it is not running.
#[derive(Parser, Debug)]
#[command(name = "relay", version = relay_core::VERSION, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Flags every command takes, so scripts and tests can run isolated daemons.
#[derive(Args, Debug, Clone, Default)]
pub struct GlobalArgs {
    /// Data directory (database, token, config.toml) [env: RELAY_HOME]
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// HTTP port of the daemon; 0 picks a free one [env: RELAY_PORT] [default: 8765]
    #[arg(long, global = true, value_name = "PORT")]
    pub port: Option<u16>,
    /// Path of the daemon's local socket [env: RELAY_SOCKET]
    #[arg(long, global = true, value_name = "PATH")]
    pub socket: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the terminal window on a demo data directory of its own
    Demo,
    /// Run, start, stop and inspect the relayd daemon
    Daemon {
        #[command(subcommand)]
        action: DaemonCommand,
    },
    /// Print the API token agents and scripts send as `Authorization: Bearer`
    Token {
        /// Replace the token with a new random one (restart relayd to use it)
        #[arg(long)]
        rotate: bool,
    },
    /// Write an online backup of the database while relayd keeps running
    Backup {
        /// The backup file to write
        #[arg(long, short, value_name = "FILE")]
        output: PathBuf,
        /// Replace FILE when it exists
        #[arg(long)]
        overwrite: bool,
    },
    /// Replace the database with a backup (relayd must be stopped)
    Restore {
        /// The backup file to restore
        #[arg(long, short, value_name = "FILE")]
        input: PathBuf,
    },
    /// Check the daemon, data directory, token, socket, HTTP port and store; exit 1 on a failure
    Doctor {
        /// Print the checks as JSON
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script
    Completions {
        /// The shell to complete for
        shell: Shell,
    },
    /// Print the man page (or write every page into a directory)
    Man {
        /// Write relay.1 and one page per subcommand into DIR
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub enum DaemonCommand {
    /// Run relayd in the foreground (for service managers; Ctrl-C stops it)
    Run,
    /// Start relayd in the background unless it is running
    Start,
    /// Stop relayd gracefully
    Stop,
    /// Show whether relayd runs, its pid, listeners and store; exit 3 when it does not run
    Status {
        /// Print the status as JSON
        #[arg(long)]
        json: bool,
    },
    /// Print relayd's log
    Logs {
        /// How many of the last lines to print
        #[arg(long, short = 'n', default_value_t = 50)]
        lines: usize,
        /// Keep printing new lines as they are written
        #[arg(long, short)]
        follow: bool,
    },
}
