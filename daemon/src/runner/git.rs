//! The git CLI through `tokio::process` (seed §8: never blocking the runtime), with prompts off
//! (`GIT_TERMINAL_PROMPT=0`) and stdin closed, so git never waits on a person.

use std::path::{Path, PathBuf};
use std::process::Stdio;

/// Runs `git -C dir args…`; stdout on success, git's own words on failure.
pub async fn run(dir: &Path, args: &[&str]) -> Result<String, String> {
    let output = tokio::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_ASKPASS", "")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|err| {
            format!("could not run git ({err}); install git and make sure it is on relayd's PATH")
        })?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).trim_end().to_owned())
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let said = stderr.trim();
        Err(if said.is_empty() {
            format!("git {} failed ({})", args.join(" "), output.status)
        } else {
            said.replace('\n', " ")
        })
    }
}

/// The top folder of the checkout `dir` is in, or why it is not one.
pub async fn toplevel(dir: &Path) -> Result<PathBuf, String> {
    if !dir.is_dir() {
        return Err(format!(
            "{} is not a folder; pass the folder of a git checkout",
            dir.display()
        ));
    }
    run(dir, &["rev-parse", "--show-toplevel"])
        .await
        .map(PathBuf::from)
        .map_err(|said| {
            format!(
                "{} is not a git checkout ({said}); run `git init` there or pass another folder",
                dir.display()
            )
        })
}

/// The branch checked out in `dir` (`HEAD` when detached).
pub async fn current_branch(dir: &Path) -> Result<String, String> {
    run(dir, &["rev-parse", "--abbrev-ref", "HEAD"]).await
}

/// Whether `branch` is a name git accepts for a new branch.
pub async fn check_branch_name(dir: &Path, branch: &str) -> Result<(), String> {
    if branch.starts_with('-') || branch.chars().any(char::is_control) || branch.len() > 200 {
        return Err(format!(
            "{branch:?} is not a branch name git accepts; use letters, digits, `/`, `-`, `_` and `.`"
        ));
    }
    run(dir, &["check-ref-format", "--branch", branch])
        .await
        .map(|_| ())
        .map_err(|_| {
            format!("{branch:?} is not a branch name git accepts; use letters, digits, `/`, `-`, `_` and `.`")
        })
}

/// Adds a worktree at `path` on `branch`, creating the branch from HEAD when it does not exist.
pub async fn worktree_add(repo: &Path, path: &Path, branch: &str) -> Result<(), String> {
    let exists = run(
        repo,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("refs/heads/{branch}"),
        ],
    )
    .await
    .is_ok();
    let target = path.to_string_lossy();
    let result = if exists {
        run(repo, &["worktree", "add", &target, branch]).await
    } else {
        run(repo, &["worktree", "add", "-b", branch, &target]).await
    };
    result
        .map(|_| ())
        .map_err(|said| format!("git could not make a worktree for branch {branch} at {target}: {said}"))
}

/// A session's own clone of the project's clone, on `branch` (the remote branch when it exists, else a new one
/// from the default branch).
pub async fn clone_local(repo: &Path, path: &Path, branch: &str) -> Result<(), String> {
    let source = repo.to_string_lossy();
    let target = path.to_string_lossy();
    let parent = path.parent().unwrap_or(Path::new("/"));
    run(parent, &["clone", "--quiet", "--", &source, &target])
        .await
        .map_err(|said| format!("git could not clone {source} into {target}: {said}"))?;
    if run(path, &["checkout", "--quiet", branch]).await.is_err() {
        run(path, &["checkout", "--quiet", "-b", branch])
            .await
            .map_err(|said| format!("git could not check out branch {branch} in {target}: {said}"))?;
    }
    Ok(())
}

/// Whether a worktree has changes not committed (what `rm` without force refuses to lose).
pub async fn is_dirty(path: &Path) -> Result<bool, String> {
    run(path, &["status", "--porcelain"])
        .await
        .map(|out| !out.trim().is_empty())
}

/// Removes the worktree at `path` (its branch and commits stay in the repository).
pub async fn worktree_remove(repo: &Path, path: &Path, force: bool) -> Result<(), String> {
    let target = path.to_string_lossy();
    let mut args = vec!["worktree", "remove"];
    if force {
        args.push("--force");
    }
    args.push(&target);
    run(repo, &args).await.map(|_| ())
}

/// A branch named after a task key: `relay/<key>` (lowercase), so a task's work is found by its key.
pub fn task_branch(key: &str) -> String {
    format!("relay/{}", key.to_ascii_lowercase())
}
