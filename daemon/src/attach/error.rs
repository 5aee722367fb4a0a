//! Why a screenshot was refused. Each message names the rule, the input it refused and what to do; adapters
//! show it unchanged (MCP adds "Nothing changed.").

use std::path::PathBuf;

/// A refused screenshot, or relay failing to store one.
#[derive(Debug, thiserror::Error)]
pub enum AttachError {
    #[error("the path is empty; pass the absolute path of a PNG, JPEG, WebP or GIF file")]
    EmptyPath,
    #[error("the path {given:?} contains a NUL character; pass the file's real path")]
    NulInPath { given: String },
    #[error(
        "{given:?} is a network share or device path (it starts with two slashes or backslashes); relay reads \
         screenshots only from local folders. Copy the file into the repository or the temp folder, or list its \
         share in attachment_roots"
    )]
    NetworkPath { given: String },
    #[error("{given:?} is not an absolute path; pass the full path, e.g. /home/you/screenshot.png")]
    Relative { given: String },
    #[error("cannot resolve {given:?}: {source}; check that the file exists and that you may read it")]
    Unresolvable {
        given: String,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{given:?} lies in relay's own data folder ({data}); relay never reads its own files as screenshots. \
         Attach the original image instead"
    )]
    DataFolder { given: String, data: PathBuf },
    #[error(
        "{given:?} (really {real}) is outside the folders screenshots may be read from ({allowed}). Copy it into \
         the repository or the temp folder, or add its folder to attachment_roots"
    )]
    OutsideAllowed {
        given: String,
        real: PathBuf,
        allowed: String,
    },
    #[error("{given:?} is {kind}, not a regular file; attach an image file")]
    NotRegular { given: String, kind: &'static str },
    #[error(
        "{what} is {size}; the limit is {limit} per screenshot (attachments_max_mb). Crop or shrink it, or save \
         it as JPEG or WebP"
    )]
    TooLarge {
        what: String,
        size: String,
        limit: String,
    },
    #[error(
        "{given:?} changed between the check and the open (another file is at that path now); attach it again \
         once it stays put"
    )]
    Swapped { given: String },
    #[error("cannot read {what}: {source}; check that you may read it")]
    Unreadable {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{what} is not a PNG, JPEG, WebP or GIF image: its content is {found}. relay keeps only those four, told \
         by their content whatever the file name says; convert it to PNG (SVG included)"
    )]
    NotImage { what: String, found: String },
    #[error(
        "content_base64 is not valid base64 ({problem}); send the file's bytes base64-encoded (standard \
         alphabet), or pass path instead"
    )]
    Base64 { problem: String },
    #[error(
        "{key} already holds {held} of screenshots; {adding} more would pass the limit of {limit} per task \
         (attachments_task_max_mb). Remove some with `relay attachment rm`, or raise the limit"
    )]
    TaskFull {
        key: String,
        held: String,
        adding: String,
        limit: String,
    },
    /// relay itself could not write or remove a file in its attachments folder.
    #[error("cannot store the screenshot at {path}: {source}")]
    Storage {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl AttachError {
    /// Whether relay failed (its own folder), rather than the input being refused.
    pub fn is_relay_failure(&self) -> bool {
        matches!(self, AttachError::Storage { .. })
    }
}
