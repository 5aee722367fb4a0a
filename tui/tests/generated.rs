//! The committed completions and man pages match what the clap definitions generate. After changing a
//! command or flag, regenerate them with `RELAY_BLESS=1 cargo test -p relay --test generated` and commit.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is the failure report

use std::path::PathBuf;

use relay::cmd::generate::{SHELLS, completion, completion_file_name, man_pages};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn check(path: PathBuf, generated: &[u8], stale: &mut Vec<String>) {
    if std::env::var_os("RELAY_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, generated).unwrap();
        return;
    }
    match std::fs::read(&path) {
        Ok(committed) if committed == generated => {}
        _ => stale.push(path.display().to_string()),
    }
}

#[test]
fn committed_completions_and_man_pages_match_when_regenerated() {
    let mut stale = Vec::new();
    for shell in SHELLS {
        check(
            repo().join("completions").join(completion_file_name(*shell)),
            &completion(*shell),
            &mut stale,
        );
    }
    let pages = man_pages().unwrap();
    assert!(pages.iter().any(|(name, _)| name == "relay-daemon-start.1"));
    for (name, page) in &pages {
        check(repo().join("man").join(name), page, &mut stale);
    }
    if std::env::var_os("RELAY_BLESS").is_none() {
        let expected: std::collections::BTreeSet<String> =
            pages.iter().map(|(name, _)| name.clone()).collect();
        for entry in std::fs::read_dir(repo().join("man")).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if !expected.contains(&name) {
                stale.push(format!("man/{name} (no such command any more)"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated files drifted from cli.rs: {stale:?}\nregenerate: RELAY_BLESS=1 cargo test -p relay --test generated"
    );
}
