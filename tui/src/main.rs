//! `relay`: parse the command line, run it, map the error to an exit code. Nothing else.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = relay::cli::Cli::parse();
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
