//! `relayd`: a thin main over the daemon library, for service managers (systemd, launchd).
//! `relay daemon run` does the same in-process.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use relay_core::config::{Config, Flags};

/// Run the relay daemon in the foreground.
#[derive(Parser, Debug)]
#[command(name = "relayd", version = relay_core::VERSION)]
struct Args {
    /// Data directory [env: RELAY_HOME]
    #[arg(long, value_name = "DIR")]
    home: Option<PathBuf>,
    /// HTTP port; 0 picks a free one [env: RELAY_PORT] [default: 8765]
    #[arg(long)]
    port: Option<u16>,
    /// Path of the local gRPC socket [env: RELAY_SOCKET]
    #[arg(long, value_name = "PATH")]
    socket: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let flags = Flags {
        home: args.home,
        port: args.port,
        socket: args.socket,
    };
    match run(&flags) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("relayd: error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run(flags: &Flags) -> Result<(), relayd::DaemonError> {
    let config = Config::load(flags)?;
    let _logs = relayd::logging::init(&config, std::io::IsTerminal::is_terminal(&std::io::stderr()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| relayd::DaemonError::Io {
            path: PathBuf::from("tokio runtime"),
            source,
        })?;
    runtime.block_on(relayd::run(config))
}
