#[cfg(feature = "daemon")]
use relayd::token::{Token, TokenFile};

use crate::client::Context;
use crate::error::CliError;

/// `relay token [--rotate]`: prints the token (creating it on first use).
#[cfg(feature = "daemon")]
pub fn run(ctx: &Context, rotate: bool) -> Result<(), CliError> {
    let data = &ctx.config.data_dir;
    relayd::create_private_dir(data.path()).map_err(CliError::failed)?;
    let token = if rotate {
        let token = Token::rotate(data).map_err(CliError::failed)?;
        eprintln!(
            "relay: new token {} written to {}",
            token.id(),
            data.token().display()
        );
        if relay_core::lock::is_held(data) {
            eprintln!(
                "relay: relayd still uses the old one; restart it: relay daemon stop && relay daemon start"
            );
        }
        token
    } else {
        let (token, file) = Token::load_or_create(data).map_err(CliError::failed)?;
        if let TokenFile::ReadableByOthers { mode } = file {
            eprintln!(
                "relay: warning: {} has mode {mode:o} and other users can read it; run chmod 600 {}",
                data.token().display(),
                data.token().display()
            );
        }
        token
    };
    println!("{}", token.expose());
    Ok(())
}

/// A client-only build neither creates nor rotates the token: relayd creates it at start.
#[cfg(not(feature = "daemon"))]
pub fn run(ctx: &Context, _rotate: bool) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay token",
        &format!(
            "relayd creates the token at start and keeps it in {}; rotate it with a relay installed with its default features",
            ctx.config.data_dir.token().display()
        ),
    ))
}
