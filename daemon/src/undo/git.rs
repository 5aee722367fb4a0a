//! The git plumbing of a snapshot: the working tree (tracked changes and untracked files, not ignored ones) as a
//! commit under a private ref, made through a temporary index (`GIT_INDEX_FILE`, `git add`, `write-tree`,
//! `commit-tree`, `update-ref`), so the user's branches, index, stash list and working tree never change; and the
//! way back (which files a snapshot holds, what restoring them would change, the restore).

use std::collections::HashMap;
use std::ffi::OsStr;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::process::Stdio;

use tokio::io::AsyncWriteExt;

/// The ref folder every snapshot lives under (`git gc` keeps what a ref points at).
pub const REF_PREFIX: &str = "refs/relay/snapshots/";

/// Why a snapshot could not be taken or restored; each says what to do.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GitError {
    #[error("{0} is not inside a git working tree; nothing to snapshot")]
    NotRepo(PathBuf),
    #[error("{0} is a bare repository: it has no working tree, so there is no uncommitted work to snapshot")]
    Bare(PathBuf),
    #[error("could not run git ({0}); install git and make sure it is on relayd's PATH")]
    Spawn(String),
    #[error("git {args} failed in {dir}: {said}")]
    Failed {
        dir: PathBuf,
        args: String,
        said: String,
    },
    #[error("{0}")]
    Io(String),
}

/// An untracked file left out for its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub path: String,
    pub bytes: u64,
}

/// A snapshot made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub root: PathBuf,
    pub git_ref: String,
    pub commit: String,
    pub base: Option<String>,
    /// The changed files it holds (repo-relative), and their bytes in the working tree.
    pub files: Vec<String>,
    pub bytes: u64,
    pub skipped: Vec<Skipped>,
    /// What it does not cover (a submodule's own changes, a nested repository).
    pub notes: Vec<String>,
}

/// What a snapshot attempt found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Taken(Taken),
    /// The tree holds nothing beyond its commit (or only files too big to keep): nothing to save.
    Clean {
        root: PathBuf,
        skipped: Vec<Skipped>,
        notes: Vec<String>,
    },
}

struct Git<'a> {
    dir: &'a Path,
    index: Option<&'a Path>,
}

impl Git<'_> {
    async fn run(&self, args: &[&str], stdin: Option<&[u8]>) -> Result<Vec<u8>, GitError> {
        let mut command = tokio::process::Command::new("git");
        command
            .arg("-C")
            .arg(self.dir)
            .args(args)
            .env("GIT_TERMINAL_PROMPT", "0")
            .env("GIT_ASKPASS", "")
            .env("LC_ALL", "C")
            .env("GIT_AUTHOR_NAME", "relay")
            .env("GIT_AUTHOR_EMAIL", "relay@localhost")
            .env("GIT_COMMITTER_NAME", "relay")
            .env("GIT_COMMITTER_EMAIL", "relay@localhost")
            .env("GIT_LITERAL_PATHSPECS", "1")
            .env("GIT_OPTIONAL_LOCKS", "0")
            // relayd's own environment must not point git elsewhere.
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .env_remove("GIT_INDEX_FILE")
            .env_remove("GIT_OBJECT_DIRECTORY")
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Some(index) = self.index {
            command.env("GIT_INDEX_FILE", index);
        }
        let mut child = command.spawn().map_err(|err| GitError::Spawn(err.to_string()))?;
        if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
            pipe.write_all(input)
                .await
                .map_err(|err| GitError::Io(format!("could not feed git {}: {err}", args.join(" "))))?;
        }
        let output = child
            .wait_with_output()
            .await
            .map_err(|err| GitError::Spawn(err.to_string()))?;
        if output.status.success() {
            return Ok(output.stdout);
        }
        let said = String::from_utf8_lossy(&output.stderr).trim().replace('\n', " ");
        Err(GitError::Failed {
            dir: self.dir.to_path_buf(),
            args: args.join(" "),
            said: if said.is_empty() {
                output.status.to_string()
            } else {
                said
            },
        })
    }

    async fn text(&self, args: &[&str]) -> Result<String, GitError> {
        let out = self.run(args, None).await?;
        Ok(String::from_utf8_lossy(&out).trim_end().to_owned())
    }
}

fn git(dir: &Path) -> Git<'_> {
    Git { dir, index: None }
}

/// The working tree `dir` is in and its index file, or why there is none.
pub async fn work_tree(dir: &Path) -> Result<(PathBuf, PathBuf), GitError> {
    let found = git(dir)
        .text(&["rev-parse", "--show-toplevel", "--git-path", "index"])
        .await;
    let Ok(found) = found else {
        let bare = git(dir).text(&["rev-parse", "--is-bare-repository"]).await;
        return Err(match bare.as_deref() {
            Ok("true") => GitError::Bare(dir.to_path_buf()),
            _ => GitError::NotRepo(dir.to_path_buf()),
        });
    };
    let mut lines = found.lines();
    let root = PathBuf::from(lines.next().unwrap_or_default());
    let index = PathBuf::from(lines.next().unwrap_or("index"));
    let index = if index.is_absolute() {
        index
    } else {
        dir.join(index)
    };
    if root.as_os_str().is_empty() {
        return Err(GitError::NotRepo(dir.to_path_buf()));
    }
    Ok((root, index))
}

/// HEAD's commit and tree; `None` in a repository with no commits.
async fn head(root: &Path) -> Option<(String, String)> {
    let text = git(root)
        .text(&["rev-parse", "-q", "--verify", "HEAD^{commit}"])
        .await
        .ok()?;
    let tree = git(root)
        .text(&["rev-parse", "-q", "--verify", "HEAD^{tree}"])
        .await
        .ok()?;
    Some((text, tree))
}

fn split_nul(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split(|b| *b == 0).filter(|part| !part.is_empty())
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A ref-safe form of a session name.
fn ref_part(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .take(60)
        .collect();
    let trimmed = cleaned.trim_matches('-');
    if trimmed.is_empty() {
        "session".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// Snapshots the working tree `dir` is in: tracked changes (staged or not) and untracked files that are not
/// ignored, each untracked file over `max_file_bytes` left out. `message` goes in the commit; the ref is
/// `refs/relay/snapshots/<time>-<session>-<commit>`.
pub async fn snapshot(
    dir: &Path,
    session: &str,
    message: &str,
    max_file_bytes: u64,
    now_ms: i64,
) -> Result<Outcome, GitError> {
    let (root, index) = work_tree(dir).await?;
    let base = head(&root).await;
    let repo = git(&root);

    // Untracked, not ignored: each file under the limit goes in.
    let others = repo
        .run(&["ls-files", "-z", "--others", "--exclude-standard"], None)
        .await?;
    let mut skipped = Vec::new();
    let mut notes = Vec::new();
    let mut untracked: Vec<u8> = Vec::new();
    for path in split_nul(&others) {
        let name = text_of(path);
        if name.ends_with('/') {
            notes.push(format!(
                "the nested repository {name} is not covered (commit there to keep it)"
            ));
            continue;
        }
        let bytes = std::fs::symlink_metadata(root.join(OsStr::from_bytes(path)))
            .map(|meta| meta.len())
            .unwrap_or(0);
        if bytes > max_file_bytes {
            skipped.push(Skipped { path: name, bytes });
            continue;
        }
        untracked.extend_from_slice(path);
        untracked.push(0);
    }

    // A private copy of the index keeps git's stat cache (so unchanged files are not read again) and leaves the
    // user's own index alone.
    let temp = tempfile::Builder::new()
        .prefix("relay-snapshot-index-")
        .tempfile()
        .map_err(|err| GitError::Io(format!("could not create a temporary index: {err}")))?;
    if index.exists() {
        std::fs::copy(&index, temp.path())
            .map_err(|err| GitError::Io(format!("could not copy the index {}: {err}", index.display())))?;
    } else {
        // An empty file is not an index; git starts a fresh one where none exists.
        std::fs::remove_file(temp.path()).ok();
    }
    let private = Git {
        dir: &root,
        index: Some(temp.path()),
    };
    private.run(&["add", "-u"], None).await?;
    if !untracked.is_empty() {
        private
            .run(
                &["add", "--pathspec-from-file=-", "--pathspec-file-nul", "--"],
                Some(&untracked),
            )
            .await?;
    }
    let tree = private.text(&["write-tree"]).await?;
    // The temp file is removed when `temp` drops; a fresh index git created in its place goes with it.
    let _ = std::fs::remove_file(temp.path());

    // Submodules: their gitlink is recorded, their own uncommitted work is not.
    let modules = private_modules(&root).await;
    for module in modules {
        notes.push(format!(
            "the submodule {module}'s own uncommitted changes are not covered"
        ));
    }

    if base.as_ref().is_some_and(|(_, base_tree)| *base_tree == tree) {
        return Ok(Outcome::Clean { root, skipped, notes });
    }

    let files = match &base {
        Some((_, base_tree)) => {
            let out = repo
                .run(
                    &[
                        "diff-tree",
                        "-r",
                        "-z",
                        "--no-renames",
                        "--name-only",
                        base_tree,
                        &tree,
                    ],
                    None,
                )
                .await?;
            split_nul(&out).map(text_of).collect::<Vec<_>>()
        }
        None => {
            let out = repo
                .run(&["ls-tree", "-r", "-z", "--name-only", &tree], None)
                .await?;
            split_nul(&out).map(text_of).collect()
        }
    };
    if files.is_empty() {
        return Ok(Outcome::Clean { root, skipped, notes });
    }
    let bytes = files
        .iter()
        .filter_map(|file| std::fs::symlink_metadata(root.join(file)).ok())
        .map(|meta| meta.len())
        .sum();

    let mut args = vec!["commit-tree", tree.as_str()];
    if let Some((commit, _)) = &base {
        args.extend(["-p", commit.as_str()]);
    }
    let subject = format!("relay snapshot: {message}");
    args.extend(["-m", subject.as_str()]);
    let commit = repo.text(&args).await?;
    let short = commit.get(..8).unwrap_or(&commit);
    let git_ref = format!("{REF_PREFIX}{now_ms}-{}-{short}", ref_part(session));
    repo.run(&["update-ref", &git_ref, &commit], None).await?;
    Ok(Outcome::Taken(Taken {
        root,
        git_ref,
        commit,
        base: base.map(|(commit, _)| commit),
        files,
        bytes,
        skipped,
        notes,
    }))
}

/// The submodules checked out in the tree (their paths), from `.gitmodules`; empty when there are none.
async fn private_modules(root: &Path) -> Vec<String> {
    if !root.join(".gitmodules").is_file() {
        return Vec::new();
    }
    let Ok(out) = git(root)
        .text(&[
            "config",
            "--file",
            ".gitmodules",
            "--get-regexp",
            r"^submodule\..*\.path$",
        ])
        .await
    else {
        return Vec::new();
    };
    out.lines()
        .filter_map(|line| line.split_once(' ').map(|(_, path)| path.to_owned()))
        .collect()
}

/// Copies a snapshot's ref (and the commits it needs) from the working tree `from` into the repository `into`.
pub async fn keep_elsewhere(from: &Path, into: &Path, git_ref: &str) -> Result<(), GitError> {
    let source = from.to_string_lossy();
    let spec = format!("+{git_ref}:{git_ref}");
    git(into)
        .run(&["fetch", "-q", "--no-tags", &source, &spec], None)
        .await
        .map(|_| ())
}

/// Deletes a snapshot's ref (retention). A ref already gone is not an error.
pub async fn delete_ref(root: &Path, git_ref: &str) -> Result<(), GitError> {
    if !git_ref.starts_with(REF_PREFIX) {
        return Err(GitError::Io(format!("{git_ref} is not a relay snapshot ref")));
    }
    match git(root).run(&["update-ref", "-d", git_ref], None).await {
        Ok(_) => Ok(()),
        Err(GitError::Failed { .. }) => Ok(()),
        Err(err) => Err(err),
    }
}

/// Whether `git_ref` still points at `commit`, else whether the commit object is still there.
pub async fn resolve(root: &Path, git_ref: &str, commit: &str) -> Result<RefState, GitError> {
    let repo = git(root);
    let spec = format!("{git_ref}^{{commit}}");
    if let Ok(found) = repo.text(&["rev-parse", "-q", "--verify", &spec]).await {
        return Ok(if found == commit {
            RefState::Present
        } else {
            RefState::Moved(found)
        });
    }
    let object = format!("{commit}^{{commit}}");
    match repo.text(&["rev-parse", "-q", "--verify", &object]).await {
        Ok(_) => Ok(RefState::RefDeleted),
        Err(_) => Ok(RefState::Gone),
    }
}

/// What is left of a snapshot in its repository.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefState {
    Present,
    /// Someone pointed the ref at another commit; the recorded commit is used.
    Moved(String),
    /// The ref was deleted by hand but the commit is still in the object store (until `git gc` prunes it).
    RefDeleted,
    /// Ref and commit are gone.
    Gone,
}

/// One file a restore looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChange {
    pub path: String,
    pub action: Action,
}

/// What restoring a file does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The file is missing: it is written.
    Create,
    /// The file is as the snapshot's base commit had it (what the destructive command left): it is overwritten.
    Restore,
    /// The file already holds the snapshot's content.
    Unchanged,
    /// The file was changed after the snapshot: left alone unless forced.
    Newer,
    /// The file was deleted when the snapshot was taken: left as it is.
    Deleted,
    /// A submodule or another kind relay does not write: left as it is.
    NotWritten,
}

impl Action {
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Restore => "restore",
            Action::Unchanged => "unchanged",
            Action::Newer => "newer",
            Action::Deleted => "deleted",
            Action::NotWritten => "not_written",
        }
    }
}

/// A snapshot entry: mode, the base's blob (if any), the snapshot's blob (if any).
#[derive(Clone, Debug)]
struct Entry {
    mode: String,
    old: Option<String>,
    new: Option<String>,
}

async fn entries(root: &Path, base: Option<&str>, commit: &str) -> Result<Vec<(String, Entry)>, GitError> {
    let repo = git(root);
    let mut out = Vec::new();
    match base {
        Some(base) => {
            let raw = repo
                .run(
                    &["diff-tree", "-r", "-z", "--no-renames", "--raw", base, commit],
                    None,
                )
                .await?;
            let mut parts = split_nul(&raw);
            while let (Some(meta), Some(path)) = (parts.next(), parts.next()) {
                let meta = text_of(meta);
                let fields: Vec<&str> = meta.trim_start_matches(':').split(' ').collect();
                let [_, mode, old, new, _status] = fields.as_slice() else {
                    continue;
                };
                let blob = |sha: &str| (!sha.chars().all(|c| c == '0')).then(|| sha.to_owned());
                out.push((
                    text_of(path),
                    Entry {
                        mode: (*mode).to_owned(),
                        old: blob(old),
                        new: blob(new),
                    },
                ));
            }
        }
        None => {
            let raw = repo.run(&["ls-tree", "-r", "-z", commit], None).await?;
            for item in split_nul(&raw) {
                let item = text_of(item);
                let Some((meta, path)) = item.split_once('\t') else {
                    continue;
                };
                let fields: Vec<&str> = meta.split(' ').collect();
                let [mode, _kind, sha] = fields.as_slice() else {
                    continue;
                };
                out.push((
                    path.to_owned(),
                    Entry {
                        mode: (*mode).to_owned(),
                        old: None,
                        new: Some((*sha).to_owned()),
                    },
                ));
            }
        }
    }
    Ok(out)
}

/// Whether `path` (repo-relative) is one of `only` or inside one of them; everything when `only` is empty.
fn selected(path: &str, only: &[String]) -> bool {
    only.is_empty()
        || only.iter().any(|want| {
            let want = want.trim_end_matches('/');
            want == "." || path == want || path.starts_with(&format!("{want}/"))
        })
}

/// A repo-relative path from a tree, checked: plain components only.
fn safe(path: &str) -> Option<PathBuf> {
    let path = Path::new(path);
    path.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| path.to_path_buf())
}

/// What restoring the snapshot `commit` (over `base`) into `into` would do, file by file, for the files in `only`
/// (all when empty).
pub async fn plan(
    root: &Path,
    base: Option<&str>,
    commit: &str,
    into: &Path,
    only: &[String],
) -> Result<Vec<(FileChange, Option<String>, String)>, GitError> {
    let listed = entries(root, base, commit).await?;
    let mut wanted: Vec<(String, Entry)> = listed
        .into_iter()
        .filter(|(path, _)| selected(path, only))
        .collect();
    wanted.sort_by(|a, b| a.0.cmp(&b.0));
    // The current content of every regular file that exists, hashed by git in one call.
    let existing: Vec<String> = wanted
        .iter()
        .filter(|(_, entry)| entry.new.is_some() && entry.mode != "160000" && entry.mode != "120000")
        .filter(|(path, _)| safe(path).is_some_and(|rel| into.join(rel).is_file()))
        .map(|(path, _)| path.clone())
        .collect();
    let mut hashes: HashMap<String, String> = HashMap::new();
    if !existing.is_empty() {
        let mut input = Vec::new();
        for path in &existing {
            input.extend_from_slice(into.join(path).as_os_str().as_bytes());
            input.push(b'\n');
        }
        let out = git(root)
            .run(&["hash-object", "--stdin-paths"], Some(&input))
            .await?;
        for (path, hash) in existing.iter().zip(String::from_utf8_lossy(&out).lines()) {
            hashes.insert(path.clone(), hash.to_owned());
        }
    }
    let mut changes = Vec::new();
    for (path, entry) in wanted {
        let action = match (&entry.new, safe(&path)) {
            (_, None) => Action::NotWritten,
            (None, _) => Action::Deleted,
            (Some(_), _) if entry.mode == "160000" => Action::NotWritten,
            (Some(new), Some(rel)) => {
                let target = into.join(rel);
                if entry.mode == "120000" {
                    match std::fs::symlink_metadata(&target) {
                        Err(_) => Action::Create,
                        Ok(_) => Action::Newer,
                    }
                } else {
                    match hashes.get(&path) {
                        None if std::fs::symlink_metadata(&target).is_err() => Action::Create,
                        None => Action::Newer,
                        Some(now) if now == new => Action::Unchanged,
                        Some(now) if entry.old.as_deref() == Some(now.as_str()) => Action::Restore,
                        Some(_) => Action::Newer,
                    }
                }
            }
        };
        changes.push((FileChange { path, action }, entry.new.clone(), entry.mode.clone()));
    }
    Ok(changes)
}

/// Writes one blob of the repository at `root` to `target` (mode `100755` executable, `120000` a symlink),
/// through a temporary file beside it; no folder on the way may be a symlink.
pub async fn write_blob(
    root: &Path,
    into: &Path,
    path: &str,
    blob: &str,
    mode: &str,
) -> Result<(), GitError> {
    let rel = safe(path)
        .ok_or_else(|| GitError::Io(format!("{path} is not a plain relative path; not written")))?;
    let target = into.join(&rel);
    let mut folder = into.to_path_buf();
    for component in rel.parent().into_iter().flat_map(Path::components) {
        folder.push(component);
        match std::fs::symlink_metadata(&folder) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(GitError::Io(format!(
                    "{} is a symlink; {path} is not written through it",
                    folder.display()
                )));
            }
            Ok(meta) if !meta.is_dir() => {
                return Err(GitError::Io(format!(
                    "{} is not a folder; {path} is not written",
                    folder.display()
                )));
            }
            Ok(_) => {}
            Err(_) => std::fs::create_dir(&folder)
                .map_err(|err| GitError::Io(format!("could not create {}: {err}", folder.display())))?,
        }
    }
    let content = git(root).run(&["cat-file", "blob", blob], None).await?;
    let parent = target.parent().unwrap_or(into);
    if mode == "120000" {
        let link = PathBuf::from(OsStr::from_bytes(&content));
        let _ = std::fs::remove_file(&target);
        return std::os::unix::fs::symlink(&link, &target).map_err(|err| {
            GitError::Io(format!(
                "could not create the symlink {}: {err}",
                target.display()
            ))
        });
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".relay-restore-")
        .tempfile_in(parent)
        .map_err(|err| GitError::Io(format!("could not write into {}: {err}", parent.display())))?;
    temp.write_all(&content)
        .map_err(|err| GitError::Io(format!("could not write {}: {err}", target.display())))?;
    if mode == "100755" {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o755));
    } else {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o644));
    }
    temp.persist(&target)
        .map_err(|err| GitError::Io(format!("could not write {}: {}", target.display(), err.error)))?;
    Ok(())
}

#[cfg(test)]
#[path = "git_tests.rs"]
pub(crate) mod tests;
