//! Shell completions and man pages, generated from the clap definitions in `cli.rs`. The committed copies in
//! `completions/` and `man/` are checked against these by a drift test.

use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::error::CliError;

/// The shells whose completions are committed.
pub const SHELLS: &[Shell] = &[
    Shell::Bash,
    Shell::Zsh,
    Shell::Fish,
    Shell::Elvish,
    Shell::PowerShell,
];

/// The completion script for `shell`.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "relay", &mut out);
    out
}

/// The file name each shell's completion is committed under.
pub fn completion_file_name(shell: Shell) -> String {
    match shell {
        Shell::Bash => "relay.bash".to_owned(),
        Shell::Zsh => "_relay".to_owned(),
        Shell::Fish => "relay.fish".to_owned(),
        Shell::PowerShell => "_relay.ps1".to_owned(),
        Shell::Elvish => "relay.elv".to_owned(),
        other => format!("relay.{other}"),
    }
}

/// Every man page: `relay.1` and one per subcommand (`relay-daemon-start.1`, ...).
pub fn man_pages() -> Result<Vec<(String, Vec<u8>)>, std::io::Error> {
    let mut pages = Vec::new();
    let mut command = Cli::command();
    command.build();
    collect(&command, "relay", &mut pages)?;
    Ok(pages)
}

fn collect(
    command: &clap::Command,
    name: &str,
    pages: &mut Vec<(String, Vec<u8>)>,
) -> Result<(), std::io::Error> {
    let mut out = Vec::new();
    let page = command.clone().name(name.to_owned());
    clap_mangen::Man::new(page).render(&mut out)?;
    pages.push((format!("{name}.1"), out));
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        collect(sub, &format!("{name}-{}", sub.get_name()), pages)?;
    }
    Ok(())
}

pub fn completions(shell: Shell) -> Result<(), CliError> {
    use std::io::Write;
    std::io::stdout()
        .write_all(&completion(shell))
        .map_err(CliError::failed)
}

pub fn man(dir: Option<&Path>) -> Result<(), CliError> {
    use std::io::Write;
    let pages = man_pages().map_err(CliError::failed)?;
    match dir {
        None => {
            let (_, main) = pages
                .first()
                .ok_or_else(|| CliError::Failed("no man page generated".to_owned()))?;
            std::io::stdout().write_all(main).map_err(CliError::failed)
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
            for (name, page) in &pages {
                let path = dir.join(name);
                std::fs::write(&path, page)
                    .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
            }
            eprintln!("relay: wrote {} man pages into {}", pages.len(), dir.display());
            Ok(())
        }
    }
}
