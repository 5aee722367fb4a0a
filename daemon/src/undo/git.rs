//! The git plumbing of a snapshot: the working tree (tracked changes and untracked files, not ignored ones) as a
//! commit under a private ref, made from one `git status` and one `git fast-import` over HEAD's tree, so the user's
//! branches, index, stash list and working tree never change; and the way back (which files a snapshot holds, what
//! restoring them would change, the restore).

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

/// A file left out for its size.
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
}

impl Git<'_> {
    /// Runs git to the end: its exit status and output, whatever the status.
    async fn output(&self, args: &[&str], stdin: Option<&[u8]>) -> Result<std::process::Output, GitError> {
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
        let mut child = command.spawn().map_err(|err| GitError::Spawn(err.to_string()))?;
        if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
            pipe.write_all(input)
                .await
                .map_err(|err| GitError::Io(format!("could not feed git {}: {err}", args.join(" "))))?;
        }
        child
            .wait_with_output()
            .await
            .map_err(|err| GitError::Spawn(err.to_string()))
    }

    /// Runs git and returns its output; a failure says what git said.
    async fn run(&self, args: &[&str], stdin: Option<&[u8]>) -> Result<Vec<u8>, GitError> {
        let output = self.output(args, stdin).await?;
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
    Git { dir }
}

/// The working tree `dir` is in and its HEAD commit (`None` in a repository with no commits), in one git call;
/// or why there is none.
async fn locate(dir: &Path) -> Result<(PathBuf, Option<String>), GitError> {
    let out = git(dir)
        .output(&["rev-parse", "--show-toplevel", "--verify", "-q", "HEAD"], None)
        .await?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let root = lines.next().unwrap_or_default();
    // `--verify -q HEAD` fails quietly (exit 1) where there is no commit yet; the top level is printed first.
    if matches!(out.status.code(), Some(0 | 1)) && !root.is_empty() {
        let head = if out.status.success() {
            lines.next().map(str::to_owned)
        } else {
            None
        };
        return Ok((PathBuf::from(root), head));
    }
    let bare = git(dir).text(&["rev-parse", "--is-bare-repository"]).await;
    Err(match bare.as_deref() {
        Ok("true") => GitError::Bare(dir.to_path_buf()),
        _ => GitError::NotRepo(dir.to_path_buf()),
    })
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

/// A path changed against HEAD, as `git status` names it (repo-relative bytes).
enum Changed {
    /// Tracked: `mode` is the working tree's as git sees it (`000000` when the file is gone).
    Tracked {
        path: Vec<u8>,
        mode: String,
    },
    Untracked(Vec<u8>),
}

/// Reads `git status --porcelain=v2 -z` output: ordinary, renamed and unmerged entries, and untracked files.
fn parse_status(out: &[u8]) -> Vec<Changed> {
    let mut changed = Vec::new();
    let mut records = split_nul(out);
    while let Some(record) = records.next() {
        let mut fields = record.splitn(2, |b| *b == b' ');
        let (Some(kind), Some(rest)) = (fields.next(), fields.next()) else {
            continue;
        };
        // The fields before the path, and where the working tree's mode is among them.
        let (before_path, mode_at) = match kind {
            b"1" => (7, 4),
            b"2" => (8, 4),
            b"u" => (9, 5),
            b"?" => {
                changed.push(Changed::Untracked(rest.to_vec()));
                continue;
            }
            _ => continue,
        };
        let parts: Vec<&[u8]> = rest.splitn(before_path + 1, |b| *b == b' ').collect();
        let (Some(mode), Some(path)) = (parts.get(mode_at), parts.get(before_path)) else {
            continue;
        };
        changed.push(Changed::Tracked {
            path: path.to_vec(),
            mode: text_of(mode),
        });
        if kind == b"2" {
            // A rename's original path follows as its own record: it is gone from the working tree.
            if let Some(original) = records.next() {
                changed.push(Changed::Tracked {
                    path: original.to_vec(),
                    mode: "000000".to_owned(),
                });
            }
        }
    }
    changed
}

/// A path as `git fast-import` reads it: C-style quoted when it starts with a quote or holds a line feed.
fn import_path(path: &[u8], stream: &mut Vec<u8>) {
    if !path.starts_with(b"\"") && !path.contains(&b'\n') {
        stream.extend_from_slice(path);
        return;
    }
    stream.push(b'"');
    for byte in path {
        match byte {
            b'"' => stream.extend_from_slice(b"\\\""),
            b'\\' => stream.extend_from_slice(b"\\\\"),
            b'\n' => stream.extend_from_slice(b"\\n"),
            other => stream.push(*other),
        }
    }
    stream.push(b'"');
}

/// One file's content for the snapshot: its mode and bytes, or why it is left out.
enum Content {
    Blob {
        mode: String,
        bytes: Vec<u8>,
    },
    Gitlink(String),
    Gone,
    TooBig(u64),
    /// A socket, a fifo, a device: nothing git keeps.
    NotAFile,
}

async fn content(root: &Path, path: &[u8], tracked_mode: Option<&str>, max_file_bytes: u64) -> Content {
    let full = root.join(OsStr::from_bytes(path));
    if tracked_mode == Some("160000") {
        return match git(&full).text(&["rev-parse", "-q", "--verify", "HEAD"]).await {
            Ok(commit) => Content::Gitlink(commit),
            Err(_) => Content::NotAFile,
        };
    }
    let Ok(meta) = tokio::fs::symlink_metadata(&full).await else {
        return Content::Gone;
    };
    if meta.file_type().is_symlink() {
        return match tokio::fs::read_link(&full).await {
            Ok(target) => Content::Blob {
                mode: "120000".to_owned(),
                bytes: target.as_os_str().as_bytes().to_vec(),
            },
            Err(_) => Content::Gone,
        };
    }
    if !meta.is_file() {
        return Content::NotAFile;
    }
    if meta.len() > max_file_bytes {
        return Content::TooBig(meta.len());
    }
    // git's own view of the mode for a tracked file (it honours core.fileMode); the executable bit otherwise.
    let mode = match tracked_mode {
        Some(mode @ ("100644" | "100755")) => mode.to_owned(),
        _ => {
            use std::os::unix::fs::PermissionsExt;
            if meta.permissions().mode() & 0o100 != 0 {
                "100755".to_owned()
            } else {
                "100644".to_owned()
            }
        }
    };
    match tokio::fs::read(&full).await {
        Ok(bytes) if bytes.len() as u64 <= max_file_bytes => Content::Blob { mode, bytes },
        Ok(bytes) => Content::TooBig(bytes.len() as u64),
        Err(_) => Content::Gone,
    }
}

/// Snapshots the working tree `dir` is in: tracked changes (staged or not) and untracked files that are not
/// ignored, each file over `max_file_bytes` left out. `message` goes in the commit; the ref is
/// `refs/relay/snapshots/<time>-<session>-<nonce>`.
///
/// Three git processes: `rev-parse` and `status` side by side (one scan of the tree), then one `fast-import`
/// that writes the changed files' blobs, the trees over HEAD's, the commit and the ref. No index is read or
/// written, so the user's index, branches and stash list never change.
pub async fn snapshot(
    dir: &Path,
    session: &str,
    message: &str,
    max_file_bytes: u64,
    now_ms: i64,
) -> Result<Outcome, GitError> {
    let here = git(dir);
    let status = here.run(
        &[
            "-c",
            "status.relativePaths=false",
            "status",
            "--porcelain=v2",
            "-z",
            "--untracked-files=all",
            "--no-renames",
            "--ignore-submodules=dirty",
        ],
        None,
    );
    let (located, status) = tokio::join!(locate(dir), status);
    let (root, base) = located?;
    let changed = parse_status(&status?);

    let mut skipped = Vec::new();
    let mut notes = Vec::new();
    let mut deleted: Vec<Vec<u8>> = Vec::new();
    let mut written: Vec<(Vec<u8>, Content)> = Vec::new();
    for change in changed {
        let (path, mode) = match change {
            Changed::Tracked { path, mode } => (path, Some(mode)),
            Changed::Untracked(path) => (path, None),
        };
        if mode.is_none() && path.ends_with(b"/") {
            notes.push(format!(
                "the nested repository {} is not covered (commit there to keep it)",
                text_of(&path)
            ));
            continue;
        }
        if mode.as_deref() == Some("000000") {
            deleted.push(path);
            continue;
        }
        match content(&root, &path, mode.as_deref(), max_file_bytes).await {
            Content::Gone if mode.is_some() => deleted.push(path),
            Content::Gone | Content::NotAFile => {}
            Content::TooBig(bytes) => skipped.push(Skipped {
                path: text_of(&path),
                bytes,
            }),
            found => written.push((path, found)),
        }
    }

    // Submodules: their gitlink is recorded, their own uncommitted work is not.
    for module in private_modules(&root).await {
        notes.push(format!(
            "the submodule {module}'s own uncommitted changes are not covered"
        ));
    }

    if deleted.is_empty() && written.is_empty() {
        return Ok(Outcome::Clean { root, skipped, notes });
    }

    let nonce: u32 = rand::random();
    let git_ref = format!("{REF_PREFIX}{now_ms}-{}-{nonce:08x}", ref_part(session));
    let subject = format!("relay snapshot: {message}\n");
    let mut stream = Vec::new();
    let _ = write!(
        stream,
        "commit {git_ref}\nmark :1\ncommitter relay <relay@localhost> {} +0000\ndata {}\n{subject}",
        now_ms.div_euclid(1000),
        subject.len()
    );
    if let Some(base) = &base {
        let _ = writeln!(stream, "from {base}");
    }
    for path in &deleted {
        stream.extend_from_slice(b"D ");
        import_path(path, &mut stream);
        stream.push(b'\n');
    }
    let mut bytes = 0u64;
    for (path, found) in &written {
        match found {
            Content::Blob { mode, bytes: data } => {
                let _ = write!(stream, "M {mode} inline ");
                import_path(path, &mut stream);
                let _ = writeln!(stream, "\ndata {}", data.len());
                stream.extend_from_slice(data);
                stream.push(b'\n');
                bytes += data.len() as u64;
            }
            Content::Gitlink(commit) => {
                let _ = write!(stream, "M 160000 {commit} ");
                import_path(path, &mut stream);
                stream.push(b'\n');
            }
            Content::Gone | Content::TooBig(_) | Content::NotAFile => {}
        }
    }
    stream.extend_from_slice(b"\nget-mark :1\ndone\n");
    let out = git(&root)
        .run(&["fast-import", "--quiet", "--done"], Some(&stream))
        .await?;
    let commit = String::from_utf8_lossy(&out).trim().to_owned();

    let mut files: Vec<String> = deleted
        .iter()
        .chain(written.iter().map(|(path, _)| path))
        .map(|path| text_of(path))
        .collect();
    files.sort();
    files.dedup();
    Ok(Outcome::Taken(Taken {
        root,
        git_ref,
        commit,
        base,
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
