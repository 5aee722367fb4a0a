use std::path::Path;

use relay_core::proto::CreateBackupRequest;

use crate::client::{Context, daemon_client};
use crate::error::CliError;

/// `relay backup --output FILE`: an online backup taken by the daemon (started if needed).
pub async fn backup(ctx: &Context, output: &Path, overwrite: bool) -> Result<(), CliError> {
    let output =
        std::path::absolute(output).map_err(|e| CliError::Usage(format!("{}: {e}", output.display())))?;
    let mut client = daemon_client(ctx).await?;
    let backup = client
        .daemon
        .create_backup(CreateBackupRequest {
            output_path: output.display().to_string(),
            overwrite,
        })
        .await?
        .into_inner();
    println!(
        "backup written: {} ({} bytes, schema {}, events up to #{})",
        backup.path, backup.bytes, backup.schema_version, backup.last_event_id
    );
    Ok(())
}

/// `relay restore --input FILE`: replaces the database while no daemon runs. Refuses anything that is not a
/// sound relay database, changing nothing.
#[cfg(feature = "daemon")]
pub async fn restore(ctx: &Context, input: &Path) -> Result<(), CliError> {
    use relay_core::lock::{DataLock, LockError};

    let input =
        std::path::absolute(input).map_err(|e| CliError::Usage(format!("{}: {e}", input.display())))?;
    let data = &ctx.config.data_dir;
    relayd::create_private_dir(data.path()).map_err(CliError::failed)?;
    let _lock = DataLock::acquire(data).map_err(|err| match err {
        LockError::Held { pid, .. } => CliError::Failed(format!(
            "relayd (pid {}) is running on {}; stop it first with `relay daemon stop`, then restore",
            pid.map_or_else(|| "?".to_owned(), |p| p.to_string()),
            data.path().display()
        )),
        other => CliError::failed(other),
    })?;
    let restored = relayd::store::restore(data, &input).await.map_err(|err| {
        CliError::Failed(format!(
            "refused to restore {}: {err}; nothing was changed",
            input.display()
        ))
    })?;
    println!(
        "restored {} into {} (schema {}, events up to #{})",
        input.display(),
        data.db().display(),
        restored.info.schema_version,
        restored.info.last_event_id
    );
    if let Some(previous) = restored.previous {
        println!("the database it replaced is kept as {}", previous.display());
    }
    Ok(())
}

/// A client-only build has no store code to check and install a backup with.
#[cfg(not(feature = "daemon"))]
pub async fn restore(_ctx: &Context, _input: &Path) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay restore",
        "restore with a relay installed with its default features (while relayd is stopped)",
    ))
}
