//! `relay demo --home DIR [--force]`: seeds the demo workspace (see `relayd::demo`) and says how to open it.

use crate::client::Context;
use crate::error::CliError;

#[cfg(feature = "daemon")]
pub async fn run(ctx: &Context, force: bool) -> Result<(), CliError> {
    let home = ctx.config.data_dir.path().to_path_buf();
    let seeded = relayd::demo::seed(ctx.config.clone(), force)
        .await
        .map_err(|err| CliError::Failed(err.to_string()))?;
    if let Some(aside) = &seeded.kept_aside {
        println!("Kept the old database aside as {}", aside.display());
    }
    println!(
        "Seeded the demo into {}: {} projects, {} tasks.",
        home.display(),
        seeded.projects,
        seeded.tasks
    );
    let home = super::setup::marker::shell_quote(&home.to_string_lossy());
    println!("Open it:   relay --home {home}");
    println!("Or ask it: relay --home {home} inbox");
    Ok(())
}

/// A client-only build has no store to seed.
#[cfg(not(feature = "daemon"))]
pub async fn run(_ctx: &Context, _force: bool) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay demo",
        "seed the demo with a relay installed with its default features",
    ))
}
