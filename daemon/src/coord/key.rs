//! Lock keys: `<workspace>::<repo-relative path>`, with the path normalised so that every spelling of one file
//! (`./src/a.rs`, `src//a.rs`, `/repo/src/a.rs`) is one key.

use std::fmt;

use serde::Serialize;

/// Longest path accepted, in bytes (Linux `PATH_MAX`).
pub const MAX_PATH_LEN: usize = 4096;

/// One file in one workspace. Ordered by workspace, then path: the order batch claims take their locks in.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct LockKey {
    workspace: String,
    path: String,
}

impl LockKey {
    /// The workspace as normalised by [`lock_key`]: an absolute root without a trailing slash, or a name.
    pub fn workspace(&self) -> &str {
        &self.workspace
    }

    /// The repo-relative path: no leading `./` or `/`, no empty, `.` or `..` segments.
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl fmt::Display for LockKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::{}", self.workspace, self.path)
    }
}

/// A path (or workspace) refused as a lock key. Nothing was claimed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("the workspace is empty; the hook must send the repository root (its cwd)")]
    EmptyWorkspace,
    #[error("the path is empty or names the workspace root {workspace:?}; claim the files inside it instead")]
    EmptyPath { workspace: String },
    #[error("path {path:?} climbs out of the workspace with `..`; claim a path inside the repository")]
    Escapes { path: String },
    #[error(
        "path {path:?} is outside the workspace {workspace:?}; relay locks only files inside the repository \
         the agent works in"
    )]
    OutsideWorkspace { path: String, workspace: String },
    #[error("path {path:?} contains a control character; pass the file's real name")]
    ControlChar { path: String },
    #[error("a path of {len} bytes is longer than the {MAX_PATH_LEN} bytes a file path can have")]
    TooLong { len: usize },
}

/// The key of `path` in `workspace`. A relative path is taken as relative to the workspace root; an absolute
/// one must lie inside an absolute workspace. `.` and empty segments are dropped and `..` is resolved
/// lexically; a path that climbs above the root is refused.
pub fn lock_key(workspace: &str, path: &str) -> Result<LockKey, KeyError> {
    let workspace = normalise_workspace(workspace)?;
    check_text(path)?;
    let relative = if path.starts_with('/') {
        let absolute = absolute_segments(path);
        let root = absolute_segments(&workspace);
        let inside = workspace.starts_with('/')
            && absolute.len() >= root.len()
            && absolute.iter().zip(&root).all(|(a, b)| a == b);
        if !inside {
            return Err(KeyError::OutsideWorkspace {
                path: path.to_owned(),
                workspace,
            });
        }
        absolute[root.len()..].join("/")
    } else {
        relative_segments(path)?.join("/")
    };
    if relative.is_empty() {
        return Err(KeyError::EmptyPath { workspace });
    }
    Ok(LockKey {
        workspace,
        path: relative,
    })
}

fn check_text(text: &str) -> Result<(), KeyError> {
    if text.len() > MAX_PATH_LEN {
        return Err(KeyError::TooLong { len: text.len() });
    }
    if text.chars().any(char::is_control) {
        return Err(KeyError::ControlChar {
            path: text.to_owned(),
        });
    }
    Ok(())
}

/// An absolute workspace loses its trailing slash and its `.`/empty segments (`/repo/./x//` → `/repo/x`);
/// a workspace name (`acme-shop`) is kept as it is.
fn normalise_workspace(workspace: &str) -> Result<String, KeyError> {
    check_text(workspace)?;
    if workspace.is_empty() {
        return Err(KeyError::EmptyWorkspace);
    }
    if workspace.starts_with('/') {
        return Ok(format!("/{}", absolute_segments(workspace).join("/")));
    }
    Ok(workspace.to_owned())
}

/// Segments of an absolute path, `..` resolved; `..` at the root stays at the root, as the kernel does.
fn absolute_segments(path: &str) -> Vec<&str> {
    let mut segments = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            name => segments.push(name),
        }
    }
    segments
}

fn relative_segments(path: &str) -> Result<Vec<&str>, KeyError> {
    let mut segments = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if segments.pop().is_none() {
                    return Err(KeyError::Escapes {
                        path: path.to_owned(),
                    });
                }
            }
            name => segments.push(name),
        }
    }
    Ok(segments)
}
