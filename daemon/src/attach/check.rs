//! The checks a screenshot path passes before relay reads a byte of it (relaybay spec §1 "Screenshots", §9
//! item 10), in order:
//!
//! 1. by its text alone, before the disk is touched: not empty, no NUL, and not a network share or device path
//!    (two leading slashes or backslashes: UNC shares, `\\?\`, `\\.\`, named pipes) unless it lies under a
//!    share listed in `attachment_roots`; then absolute;
//! 2. symlinks and `..` resolved (`canonicalize`), and only then the folder rules: never inside relay's data
//!    folder (its `attachments/` included), and inside an allowed folder — the project's repository, the
//!    user's temp folder, or one of `attachment_roots` (each canonicalized too);
//! 3. the real path is a regular file (no device, FIFO, socket or folder) within the size limit.
//!
//! [`Policy::open`] then opens the checked path without following a final symlink and without blocking on a
//! FIFO, and compares the open file's `fstat` (device and inode) with the check's, so a file swapped between
//! the check and the open is refused. The content's type is judged later, from its first bytes
//! ([`super::media`]).

use std::fs::File;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

use relay_core::display::human_size;
use rustix::fs::{Mode, OFlags};

use super::error::AttachError;

/// One folder screenshots may be read from, canonicalized, with what it is for messages.
#[derive(Clone, Debug)]
struct Allowed {
    what: &'static str,
    path: PathBuf,
}

/// Where screenshots may come from and how big they may be, for one task's project.
#[derive(Clone, Debug)]
pub struct Policy {
    allowed: Vec<Allowed>,
    /// relay's data folder, canonicalized when it exists; nothing inside it is ever read.
    data_dir: PathBuf,
    /// `attachment_roots` entries naming a network share (`//server/share`), normalised for comparison.
    shares: Vec<String>,
    max_bytes: u64,
}

/// The folders a [`Policy`] is built from.
#[derive(Clone, Copy, Debug)]
pub struct Folders<'a> {
    /// The project's repository (`repo_path`), when it has one.
    pub repo: Option<&'a Path>,
    /// The user's temp folder (`std::env::temp_dir()`).
    pub temp: &'a Path,
    /// `attachment_roots` as configured.
    pub roots: &'a [PathBuf],
    /// relay's data folder.
    pub data_dir: &'a Path,
}

/// A path that passed [`Policy::check`]: its real location and the identity of the file found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The path as given, for messages.
    pub given: String,
    /// Symlinks and `..` resolved.
    pub real: PathBuf,
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
}

impl Policy {
    /// The policy for `folders`; an allowed folder that does not exist (or cannot be resolved) allows nothing.
    pub fn new(folders: Folders<'_>, max_bytes: u64) -> Policy {
        let mut candidates: Vec<(&'static str, &Path)> = Vec::new();
        if let Some(repo) = folders.repo {
            candidates.push(("the repository", repo));
        }
        candidates.push(("the temp folder", folders.temp));
        candidates.extend(
            folders
                .roots
                .iter()
                .map(|root| ("attachment_roots", root.as_path())),
        );
        let allowed = candidates
            .into_iter()
            .filter_map(|(what, path)| {
                std::fs::canonicalize(path)
                    .ok()
                    .map(|path| Allowed { what, path })
            })
            .collect();
        let shares = folders
            .roots
            .iter()
            .filter_map(|root| root.to_str())
            .filter(|root| is_network_path(root))
            .map(normalise_share)
            .collect();
        Policy {
            allowed,
            data_dir: std::fs::canonicalize(folders.data_dir)
                .unwrap_or_else(|_| folders.data_dir.to_path_buf()),
            shares,
            max_bytes,
        }
    }

    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Runs every check on `given` (see the module documentation); nothing is opened.
    pub fn check(&self, given: &str) -> Result<Checked, AttachError> {
        self.check_text(given)?;
        let real = std::fs::canonicalize(given).map_err(|source| AttachError::Unresolvable {
            given: given.to_owned(),
            source,
        })?;
        if real.starts_with(&self.data_dir) {
            return Err(AttachError::DataFolder {
                given: given.to_owned(),
                data: self.data_dir.clone(),
            });
        }
        if !self.allowed.iter().any(|folder| real.starts_with(&folder.path)) {
            return Err(AttachError::OutsideAllowed {
                given: given.to_owned(),
                real,
                allowed: self.allowed_list(),
            });
        }
        // The real path has no symlinks left; one appearing now is a swap, and is not a regular file.
        let meta = std::fs::symlink_metadata(&real).map_err(|source| AttachError::Unreadable {
            what: format!("{given:?}"),
            source,
        })?;
        let kind = meta.file_type();
        if !kind.is_file() {
            return Err(AttachError::NotRegular {
                given: given.to_owned(),
                kind: kind_name(&kind),
            });
        }
        if meta.len() > self.max_bytes {
            return Err(AttachError::TooLarge {
                what: format!("{given:?}"),
                size: human_size(meta.len()),
                limit: human_size(self.max_bytes),
            });
        }
        Ok(Checked {
            given: given.to_owned(),
            real,
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.len(),
        })
    }

    /// The checks on the text alone, before the disk is touched.
    fn check_text(&self, given: &str) -> Result<(), AttachError> {
        if given.trim().is_empty() {
            return Err(AttachError::EmptyPath);
        }
        if given.contains('\0') {
            return Err(AttachError::NulInPath {
                given: given.to_owned(),
            });
        }
        if is_network_path(given) && !self.under_listed_share(given) {
            return Err(AttachError::NetworkPath {
                given: given.to_owned(),
            });
        }
        if !Path::new(given).is_absolute() {
            return Err(AttachError::Relative {
                given: given.to_owned(),
            });
        }
        Ok(())
    }

    /// Whether a network path lies under a share of `attachment_roots`, compared as text (separators and case
    /// ignored); a `..` anywhere in it never counts as "under".
    fn under_listed_share(&self, given: &str) -> bool {
        let path = normalise_share(given);
        if path.split('/').any(|part| part == "..") {
            return false;
        }
        self.shares
            .iter()
            .any(|share| path == *share || path.starts_with(&format!("{share}/")))
    }

    /// Opens a checked path: no final symlink followed, no wait on a FIFO, and the open file must be the one
    /// the check saw (same device and inode, still a regular file).
    pub fn open(&self, checked: &Checked) -> Result<File, AttachError> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        let fd = rustix::fs::open(&checked.real, flags, Mode::empty()).map_err(|errno| {
            if errno == rustix::io::Errno::LOOP {
                AttachError::Swapped {
                    given: checked.given.clone(),
                }
            } else {
                AttachError::Unreadable {
                    what: format!("{:?}", checked.given),
                    source: errno.into(),
                }
            }
        })?;
        let file = File::from(fd);
        let meta = file.metadata().map_err(|source| AttachError::Unreadable {
            what: format!("{:?}", checked.given),
            source,
        })?;
        if meta.dev() != checked.dev || meta.ino() != checked.ino || !meta.file_type().is_file() {
            return Err(AttachError::Swapped {
                given: checked.given.clone(),
            });
        }
        Ok(file)
    }

    /// The allowed folders for a message: `the repository /src/acme, the temp folder /tmp`.
    fn allowed_list(&self) -> String {
        if self.allowed.is_empty() {
            return "none exists".to_owned();
        }
        self.allowed
            .iter()
            .map(|folder| format!("{} {}", folder.what, folder.path.display()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Two leading slashes or backslashes, in any mix: a UNC share (`\\server\share`, `//server/share`), a device
/// path (`\\?\C:\…`, `\\.\PhysicalDrive0`) or a named pipe (`\\.\pipe\…`).
pub fn is_network_path(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some('/' | '\\'), Some('/' | '\\')))
}

/// A share or share path for comparison: forward slashes, lowercase, no trailing slash.
fn normalise_share(text: &str) -> String {
    text.replace('\\', "/")
        .to_lowercase()
        .trim_end_matches('/')
        .to_owned()
}

fn kind_name(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests;
