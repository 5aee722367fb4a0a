//! The plumbing against real git repositories: every fault the issue lists, and that nothing of the user's
//! changes.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;

const MB: u64 = 1024 * 1024;

pub(crate) fn sh_git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_ALLOW_PROTOCOL", "file")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim_end().to_owned()
}

/// A repository with two committed files.
pub(crate) fn repo() -> (tempfile::TempDir, PathBuf) {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("repo");
    std::fs::create_dir(&root).unwrap();
    sh_git(&root, &["init", "-q", "-b", "main"]);
    std::fs::write(root.join("a.txt"), "a1\n").unwrap();
    std::fs::create_dir(root.join("src")).unwrap();
    std::fs::write(root.join("src/b.rs"), "fn b() {}\n").unwrap();
    std::fs::write(root.join(".gitignore"), "target/\n").unwrap();
    sh_git(&root, &["add", "-A"]);
    sh_git(&root, &["commit", "-qm", "one"]);
    (temp, root)
}

fn taken(outcome: Outcome) -> Taken {
    match outcome {
        Outcome::Taken(taken) => taken,
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

/// What a user sees of their repository: branches, HEAD, index, stash list, status.
fn user_state(root: &Path) -> String {
    [
        sh_git(
            root,
            &[
                "for-each-ref",
                "--format=%(refname) %(objectname)",
                "refs/heads",
                "refs/tags",
                "refs/stash",
            ],
        ),
        sh_git(root, &["rev-parse", "HEAD"]),
        sh_git(root, &["ls-files", "-s"]),
        sh_git(root, &["status", "--porcelain=v1", "-uall"]),
        sh_git(root, &["stash", "list"]),
    ]
    .join("\n--\n")
}

#[tokio::test]
async fn a_snapshot_holds_tracked_changes_and_untracked_files_and_changes_nothing_of_the_users() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "a2 unstaged\n").unwrap();
    std::fs::write(root.join("src/b.rs"), "fn b() { staged }\n").unwrap();
    sh_git(&root, &["add", "src/b.rs"]);
    std::fs::write(root.join("new.txt"), "untracked\n").unwrap();
    std::fs::create_dir(root.join("target")).unwrap();
    std::fs::write(root.join("target/ignored.o"), "ignored").unwrap();
    let before = user_state(&root);

    let snap = taken(
        snapshot(&root.join("src"), "run-app-1", "git reset --hard", 50 * MB, 1_000)
            .await
            .unwrap(),
    );

    assert_eq!(
        user_state(&root),
        before,
        "branches, HEAD, index, stash and status are the user's"
    );
    assert_eq!(snap.root, root);
    assert!(
        snap.git_ref.starts_with("refs/relay/snapshots/1000-run-app-1-"),
        "{}",
        snap.git_ref
    );
    assert_eq!(snap.files, ["a.txt", "new.txt", "src/b.rs"]);
    assert_eq!(
        snap.bytes,
        ("a2 unstaged\n".len() + "untracked\n".len() + "fn b() { staged }\n".len()) as u64
    );
    assert_eq!(sh_git(&root, &["rev-parse", &snap.git_ref]), snap.commit);
    assert_eq!(
        sh_git(&root, &["show", &format!("{}:a.txt", snap.commit)]),
        "a2 unstaged"
    );
    assert_eq!(
        sh_git(&root, &["show", &format!("{}:new.txt", snap.commit)]),
        "untracked"
    );
    let tree = sh_git(&root, &["ls-tree", "-r", "--name-only", &snap.commit]);
    assert!(!tree.contains("ignored.o"), "ignored files stay out: {tree}");
    assert_eq!(
        snap.base.as_deref(),
        Some(sh_git(&root, &["rev-parse", "HEAD"]).as_str())
    );
    assert!(sh_git(&root, &["log", "-1", "--format=%s", &snap.commit]).contains("git reset --hard"));
}

#[tokio::test]
async fn a_clean_tree_needs_no_snapshot() {
    let (_temp, root) = repo();
    let outcome = snapshot(&root, "s", "git rebase main", 50 * MB, 1).await.unwrap();
    assert!(matches!(outcome, Outcome::Clean { .. }), "{outcome:?}");
    assert_eq!(sh_git(&root, &["for-each-ref", "refs/relay"]), "");
}

#[tokio::test]
async fn a_repository_with_no_commits_is_snapshotted_without_a_parent() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().to_path_buf();
    sh_git(&root, &["init", "-q"]);
    std::fs::write(root.join("draft.md"), "first words\n").unwrap();
    std::fs::write(root.join("staged.md"), "staged\n").unwrap();
    sh_git(&root, &["add", "staged.md"]);
    let snap = taken(snapshot(&root, "s", "git clean -fd", 50 * MB, 1).await.unwrap());
    assert_eq!(snap.base, None);
    assert_eq!(snap.files, ["draft.md", "staged.md"]);
    assert_eq!(sh_git(&root, &["rev-list", "--count", &snap.commit]), "1");
    assert_eq!(
        sh_git(&root, &["ls-files"]),
        "staged.md",
        "the user's index is untouched"
    );
    // And an empty one has nothing to save.
    let empty = tempfile::tempdir().unwrap();
    sh_git(empty.path(), &["init", "-q"]);
    assert!(matches!(
        snapshot(empty.path(), "s", "x", MB, 1).await.unwrap(),
        Outcome::Clean { .. }
    ));
}

#[tokio::test]
async fn a_detached_head_is_the_base() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "two\n").unwrap();
    sh_git(&root, &["commit", "-qam", "two"]);
    sh_git(&root, &["checkout", "-q", "--detach", "HEAD~1"]);
    std::fs::write(root.join("a.txt"), "detached work\n").unwrap();
    let head = sh_git(&root, &["rev-parse", "HEAD"]);
    let snap = taken(snapshot(&root, "s", "git checkout .", 50 * MB, 1).await.unwrap());
    assert_eq!(snap.base.as_deref(), Some(head.as_str()));
    assert_eq!(snap.files, ["a.txt"]);
    assert_eq!(
        sh_git(&root, &["rev-parse", "HEAD"]),
        head,
        "still detached where it was"
    );
    assert_eq!(sh_git(&root, &["rev-parse", "--abbrev-ref", "HEAD"]), "HEAD");
}

#[tokio::test]
async fn a_bare_repository_or_no_repository_says_there_is_no_working_tree() {
    let temp = tempfile::tempdir().unwrap();
    let bare = temp.path().join("bare.git");
    sh_git(temp.path(), &["init", "-q", "--bare", "bare.git"]);
    let err = snapshot(&bare, "s", "git reset --hard", MB, 1).await.unwrap_err();
    assert_eq!(err, GitError::Bare(bare.clone()));
    assert!(err.to_string().contains("bare repository"), "{err}");

    let plain = temp.path().join("plain");
    std::fs::create_dir(&plain).unwrap();
    let err = snapshot(&plain, "s", "rm -rf x", MB, 1).await.unwrap_err();
    assert_eq!(err, GitError::NotRepo(plain));
}

#[tokio::test]
async fn submodules_are_recorded_and_named_as_not_covered() {
    let (_temp, root) = repo();
    let (_other, lib) = repo();
    sh_git(
        &root,
        &[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            lib.to_str().unwrap(),
            "vendor/lib",
        ],
    );
    sh_git(&root, &["commit", "-qm", "submodule"]);
    std::fs::write(root.join("vendor/lib/a.txt"), "inside the submodule\n").unwrap();
    std::fs::write(root.join("a.txt"), "outside\n").unwrap();
    let snap = taken(
        snapshot(&root, "s", "git reset --hard", 50 * MB, 1)
            .await
            .unwrap(),
    );
    assert_eq!(snap.files, ["a.txt"]);
    assert_eq!(
        snap.notes,
        ["the submodule vendor/lib's own uncommitted changes are not covered"]
    );
    assert_eq!(
        std::fs::read_to_string(root.join("vendor/lib/a.txt")).unwrap(),
        "inside the submodule\n"
    );
}

#[tokio::test]
async fn a_huge_untracked_file_is_left_out_and_named() {
    let (_temp, root) = repo();
    let big = std::fs::File::create(root.join("dump.bin")).unwrap();
    big.set_len(1024 * MB).unwrap(); // sparse: no disk used
    std::fs::write(root.join("small.txt"), "kept\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git clean -fdx", 50 * MB, 1).await.unwrap());
    assert_eq!(snap.files, ["small.txt"]);
    assert_eq!(
        snap.skipped,
        [Skipped {
            path: "dump.bin".into(),
            bytes: 1024 * MB
        }]
    );
    // Only the huge file: nothing to keep, and it is still named.
    std::fs::remove_file(root.join("small.txt")).unwrap();
    match snapshot(&root, "s", "git clean -fdx", 50 * MB, 2).await.unwrap() {
        Outcome::Clean { skipped, .. } => assert_eq!(skipped.len(), 1),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_nested_repository_is_named_not_added() {
    let (_temp, root) = repo();
    let nested = root.join("inner");
    std::fs::create_dir(&nested).unwrap();
    sh_git(&nested, &["init", "-q"]);
    std::fs::write(nested.join("x"), "x").unwrap();
    std::fs::write(root.join("a.txt"), "changed\n").unwrap();
    let snap = taken(snapshot(&root, "s", "rm -rf inner", 50 * MB, 1).await.unwrap());
    assert_eq!(snap.files, ["a.txt"]);
    assert!(
        snap.notes[0].contains("nested repository inner/"),
        "{:?}",
        snap.notes
    );
}

#[tokio::test]
async fn restoring_writes_missing_and_reset_files_and_stops_at_newer_changes() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "lost work\n").unwrap();
    std::fs::write(root.join("new.txt"), "untracked work\n").unwrap();
    std::fs::write(root.join("src/b.rs"), "fn b() { lost }\n").unwrap();
    let snap = taken(
        snapshot(&root, "s", "git reset --hard", 50 * MB, 1)
            .await
            .unwrap(),
    );
    sh_git(&root, &["reset", "-q", "--hard"]);
    std::fs::remove_file(root.join("new.txt")).unwrap();
    std::fs::write(root.join("src/b.rs"), "fn b() { newer }\n").unwrap();

    let planned = plan(&root, snap.base.as_deref(), &snap.commit, &root, &[])
        .await
        .unwrap();
    let actions: Vec<(&str, Action)> = planned
        .iter()
        .map(|(c, ..)| (c.path.as_str(), c.action))
        .collect();
    assert_eq!(
        actions,
        [
            ("a.txt", Action::Restore),
            ("new.txt", Action::Create),
            ("src/b.rs", Action::Newer)
        ]
    );
    for (change, blob, mode) in &planned {
        if change.action != Action::Newer {
            write_blob(&root, &root, &change.path, blob.as_deref().unwrap(), mode)
                .await
                .unwrap();
        }
    }
    assert_eq!(
        std::fs::read_to_string(root.join("a.txt")).unwrap(),
        "lost work\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("new.txt")).unwrap(),
        "untracked work\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("src/b.rs")).unwrap(),
        "fn b() { newer }\n"
    );
    let again = plan(
        &root,
        snap.base.as_deref(),
        &snap.commit,
        &root,
        &["a.txt".into()],
    )
    .await
    .unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].0.action, Action::Unchanged);
}

#[tokio::test]
async fn a_snapshot_ref_deleted_by_hand_still_restores_until_git_prunes_the_commit() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "work\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git stash", 50 * MB, 1).await.unwrap());
    assert_eq!(
        resolve(&root, &snap.git_ref, &snap.commit).await.unwrap(),
        RefState::Present
    );
    sh_git(&root, &["update-ref", "-d", &snap.git_ref]);
    assert_eq!(
        resolve(&root, &snap.git_ref, &snap.commit).await.unwrap(),
        RefState::RefDeleted
    );
    sh_git(&root, &["reflog", "expire", "--expire=now", "--all"]);
    sh_git(&root, &["gc", "-q", "--prune=now"]);
    assert_eq!(
        resolve(&root, &snap.git_ref, &snap.commit).await.unwrap(),
        RefState::Gone
    );
    // Deleting again (retention) is not an error.
    delete_ref(&root, &snap.git_ref).await.unwrap();
    assert!(
        delete_ref(&root, "refs/heads/main").await.is_err(),
        "never a ref outside relay's"
    );
}

#[tokio::test]
async fn a_kept_ref_survives_gc() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "work\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git stash", 50 * MB, 1).await.unwrap());
    sh_git(&root, &["gc", "-q", "--prune=now"]);
    assert_eq!(
        resolve(&root, &snap.git_ref, &snap.commit).await.unwrap(),
        RefState::Present
    );
}

#[tokio::test]
async fn restore_never_writes_through_a_symlinked_folder_or_outside_the_target() {
    let (_temp, root) = repo();
    std::fs::write(root.join("src/b.rs"), "changed\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git checkout .", 50 * MB, 1).await.unwrap());
    let into = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), into.path().join("src")).unwrap();
    let planned = plan(&root, snap.base.as_deref(), &snap.commit, into.path(), &[])
        .await
        .unwrap();
    let (change, blob, mode) = &planned[0];
    let err = write_blob(&root, into.path(), &change.path, blob.as_deref().unwrap(), mode)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("is a symlink"), "{err}");
    assert!(!elsewhere.path().join("b.rs").exists());
    let err = write_blob(&root, into.path(), "../escape", blob.as_deref().unwrap(), mode)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("not a plain relative path"), "{err}");
}

#[tokio::test]
async fn deletes_symlinks_modes_and_awkward_names_come_through_the_import() {
    use std::os::unix::fs::PermissionsExt;
    let (_temp, root) = repo();
    std::fs::remove_file(root.join("src/b.rs")).unwrap();
    std::os::unix::fs::symlink("a.txt", root.join("link")).unwrap();
    std::fs::write(root.join("run.sh"), "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(root.join("run.sh"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let awkward = "\"quoted\" name\nwith a line feed";
    std::fs::write(root.join(awkward), "odd\n").unwrap();
    std::fs::write(root.join("with space.txt"), "spaced\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git clean -fd", 50 * MB, 1).await.unwrap());
    assert_eq!(
        snap.files,
        [awkward, "link", "run.sh", "src/b.rs", "with space.txt"]
    );
    let tree = sh_git(&root, &["ls-tree", "-r", "-z", &snap.commit]);
    let entries: Vec<&str> = tree.split('\0').filter(|e| !e.is_empty()).collect();
    assert!(
        entries
            .iter()
            .any(|e| e.starts_with("120000 ") && e.ends_with("\tlink")),
        "{entries:?}"
    );
    assert!(
        entries
            .iter()
            .any(|e| e.starts_with("100755 ") && e.ends_with("\trun.sh")),
        "{entries:?}"
    );
    assert!(
        entries.iter().any(|e| e.ends_with(&format!("\t{awkward}"))),
        "{entries:?}"
    );
    assert!(
        !entries.iter().any(|e| e.ends_with("\tsrc/b.rs")),
        "the deleted file is gone from the snapshot: {entries:?}"
    );
    assert_eq!(
        sh_git(&root, &["show", &format!("{}:with space.txt", snap.commit)]),
        "spaced"
    );
    assert_eq!(
        sh_git(&root, &["show", &format!("{}:a.txt", snap.commit)]),
        "a1",
        "unchanged files are HEAD's"
    );
}

#[tokio::test]
async fn a_huge_tracked_change_is_left_out_and_named_and_the_rest_kept() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), vec![b'x'; 2 * MB as usize]).unwrap();
    std::fs::write(root.join("src/b.rs"), "fn b() { kept }\n").unwrap();
    let snap = taken(snapshot(&root, "s", "git reset --hard", MB, 1).await.unwrap());
    assert_eq!(snap.files, ["src/b.rs"]);
    assert_eq!(
        snap.skipped,
        [Skipped {
            path: "a.txt".into(),
            bytes: 2 * MB
        }]
    );
    assert_eq!(
        sh_git(&root, &["show", &format!("{}:a.txt", snap.commit)]),
        "a1",
        "the base's version stays in the tree"
    );
}

#[tokio::test]
async fn two_snapshots_in_the_same_millisecond_get_their_own_refs() {
    let (_temp, root) = repo();
    std::fs::write(root.join("a.txt"), "one\n").unwrap();
    let first = taken(snapshot(&root, "s", "git stash", 50 * MB, 7).await.unwrap());
    std::fs::write(root.join("a.txt"), "two\n").unwrap();
    let second = taken(snapshot(&root, "s", "git stash", 50 * MB, 7).await.unwrap());
    assert_ne!(first.git_ref, second.git_ref);
    assert_eq!(sh_git(&root, &["rev-parse", &first.git_ref]), first.commit);
    assert_eq!(sh_git(&root, &["rev-parse", &second.git_ref]), second.commit);
}
