//! `relay demo --home DIR [--force]`: seeds the demo workspace (see `relayd::demo`) and says how to open it.

use crate::client::Context;
use crate::error::CliError;

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
    let home = shell_word(&home.to_string_lossy());
    println!("Open it:   relay --home {home}");
    println!("Or ask it: relay --home {home} inbox");
    Ok(())
}

/// `text` as one shell word: quoted when it holds anything but plain path characters.
fn shell_word(text: &str) -> String {
    let plain = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%,".contains(c));
    if plain && !text.is_empty() {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}
