//! `relay`: parse the command line, run it, map the error to an exit code. Nothing else.

use std::process::ExitCode;

use clap::Parser;
use relay::cli::{Cli, Command};

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // A hook never exits non-zero: Claude Code takes exit 2 as "block the tool".
        Err(err) if relay::cmd::hook::invoked(&args) => {
            return relay::cmd::hook::command_line_refused(&err, &args);
        }
        Err(err) => err.exit(),
    };
    // A hook runs on a current-thread runtime of its own, and always exits 0.
    let cli = match cli {
        Cli {
            global,
            command: Some(Command::Hook(args)),
        } => return relay::cmd::hook::main(global.flags(), args),
        other => other,
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("relay: error: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(relay::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("relay: error: {err}");
            err.exit_code()
        }
    }
}
