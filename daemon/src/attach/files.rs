//! The attachments folder: `<data dir>/attachments/<project>/<task key>/<random hex>.<ext>`, files 0600 in
//! 0700 folders. A screenshot is copied into a private temp file beside its final place while it is hashed
//! (SHA-256) and its type is told from its first bytes; the temp file becomes the stored file by a rename
//! ([`Staged::persist`]), or disappears when dropped. [`sweep`] deletes what no row names.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tempfile::NamedTempFile;

use relay_core::display::human_size;
use relay_core::media::{MediaType, SNIFF_LEN, describe};

use super::error::AttachError;

/// The folder under the data directory that holds every stored screenshot.
pub const ATTACHMENTS_DIR: &str = "attachments";

/// Bytes read and written per step while copying.
const CHUNK: usize = 256 * 1024;

/// `<data dir>/attachments`.
pub fn root(data_dir: &Path) -> PathBuf {
    data_dir.join(ATTACHMENTS_DIR)
}

/// The folder of one task's screenshots: `<data dir>/attachments/<project>/<task key>`.
pub fn task_dir(data_dir: &Path, project: &str, key: &str) -> PathBuf {
    root(data_dir).join(project).join(key)
}

/// A copied screenshot waiting in a temp file beside its final place.
#[derive(Debug)]
pub struct Staged {
    file: NamedTempFile,
    dir: PathBuf,
    pub media: MediaType,
    /// Lowercase hex.
    pub sha256: String,
    pub size: u64,
}

impl Staged {
    /// Renames the temp file to a new random name (`<32 hex>.<ext>`) in the same folder and returns that name.
    pub fn persist(self) -> Result<String, AttachError> {
        let name = format!("{}.{}", random_hex(), self.media.extension());
        let path = self.dir.join(&name);
        self.file
            .persist_noclobber(&path)
            .map_err(|err| AttachError::Storage {
                path: path.clone(),
                source: err.error,
            })?;
        Ok(name)
    }
}

/// Copies `source` into a new private temp file in `dir` (created 0700 with its parents), hashing it on the
/// way. Refuses content that is not a PNG, JPEG, WebP or GIF by its first bytes, and content over `max_bytes`
/// (a file that grew after its check included). `what` names the source in messages.
pub fn stage(dir: &Path, mut source: impl Read, max_bytes: u64, what: &str) -> Result<Staged, AttachError> {
    let unreadable = |source| AttachError::Unreadable {
        what: what.to_owned(),
        source,
    };
    let mut buffer = vec![0u8; CHUNK];
    // Enough bytes to tell the type, or the whole (short) content.
    let mut filled = 0;
    while filled < SNIFF_LEN {
        let read = source.read(&mut buffer[filled..]).map_err(unreadable)?;
        if read == 0 {
            break;
        }
        filled += read;
    }
    let media = MediaType::sniff(&buffer[..filled]).ok_or_else(|| AttachError::NotImage {
        what: what.to_owned(),
        found: describe(&buffer[..filled]),
    })?;
    let storage = |source| AttachError::Storage {
        path: dir.to_path_buf(),
        source,
    };
    let mut file = temp_file_in(dir).map_err(storage)?;
    let mut hasher = Sha256::new();
    let mut size: u64 = 0;
    let mut chunk = filled;
    loop {
        size += chunk as u64;
        if size > max_bytes {
            return Err(AttachError::TooLarge {
                what: what.to_owned(),
                size: format!("over {}", human_size(max_bytes)),
                limit: human_size(max_bytes),
            });
        }
        hasher.update(&buffer[..chunk]);
        file.write_all(&buffer[..chunk]).map_err(storage)?;
        chunk = source.read(&mut buffer).map_err(unreadable)?;
        if chunk == 0 {
            break;
        }
    }
    file.as_file().sync_all().map_err(storage)?;
    Ok(Staged {
        file,
        dir: dir.to_path_buf(),
        media,
        sha256: hex(&hasher.finalize()),
        size,
    })
}

/// A new private temp file in `dir`, creating the folder (0700) first. A removal that emptied the task folder
/// may delete it between the two steps, so a vanished folder is created once more.
fn temp_file_in(dir: &Path) -> std::io::Result<NamedTempFile> {
    let create = || tempfile::Builder::new().prefix(".incoming-").tempfile_in(dir);
    create_private_dirs(dir)?;
    match create() {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            create_private_dirs(dir)?;
            create()
        }
        other => other,
    }
}

/// Creates `dir` and its missing parents with mode 0700.
fn create_private_dirs(dir: &Path) -> std::io::Result<()> {
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// Deletes a stored file after its row is gone, then its task folder when that is empty. A failure is logged:
/// the next start's [`sweep`] deletes what is left.
pub fn remove_stored(path: &Path) {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => {
            tracing::warn!(path = %path.display(), error = %err, "could not delete a removed screenshot; the next start deletes it");
        }
    }
    if let Some(dir) = path.parent() {
        // Fails (and is meant to) while other screenshots remain.
        let _ = std::fs::remove_dir(dir);
    }
}

/// What a [`sweep`] deleted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub files: usize,
    pub folders: usize,
    /// Entries it could not delete (logged).
    pub failed: usize,
}

/// Deletes everything under `root` that is not a stored file a row names (`known`: paths relative to
/// `root`, `<project>/<task key>/<stored name>`), and every folder left empty. Nothing is followed: a symlink
/// is deleted as a link. `root` itself stays.
pub fn sweep(root: &Path, known: &HashSet<PathBuf>) -> Swept {
    let mut swept = Swept::default();
    sweep_dir(root, root, 0, known, &mut swept);
    swept
}

/// Stored files sit at depth 2 (`<project>/<task key>/<file>`); folders only above that.
fn sweep_dir(root: &Path, dir: &Path, depth: usize, known: &HashSet<PathBuf>, swept: &mut Swept) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return,
        Err(err) => {
            tracing::warn!(path = %dir.display(), error = %err, "cannot read the attachments folder to sweep it");
            swept.failed += 1;
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_dir = entry.file_type().is_ok_and(|kind| kind.is_dir());
        if is_dir && depth < 2 {
            sweep_dir(root, &path, depth + 1, known, swept);
            if std::fs::remove_dir(&path).is_ok() {
                swept.folders += 1;
            }
            continue;
        }
        let named = depth == 2 && !is_dir && path.strip_prefix(root).is_ok_and(|rel| known.contains(rel));
        if named {
            continue;
        }
        let removed = if is_dir {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        match removed {
            Ok(()) if is_dir => swept.folders += 1,
            Ok(()) => swept.files += 1,
            Err(err) => {
                tracing::warn!(path = %path.display(), error = %err, "could not delete an orphaned attachment");
                swept.failed += 1;
            }
        }
    }
}

/// 16 random bytes as 32 lowercase hex digits.
fn random_hex() -> String {
    let bytes: [u8; 16] = rand::random();
    hex(&bytes)
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR and the rest";

    #[test]
    fn stage_hashes_and_persist_stores_a_private_file_when_the_content_is_an_image() {
        let dir = tempfile::tempdir().unwrap();
        let task = dir.path().join("attachments/acme/acme-1");
        let staged = stage(&task, PNG, 1024, "shot.png").unwrap();
        assert_eq!(staged.media, MediaType::Png);
        assert_eq!(staged.size, PNG.len() as u64);
        assert_eq!(staged.sha256, hex(&Sha256::digest(PNG)));
        let name = staged.persist().unwrap();
        assert!(name.ends_with(".png") && name.len() == 36, "{name}");
        let stored = task.join(&name);
        assert_eq!(std::fs::read(&stored).unwrap(), PNG);
        assert_eq!(std::fs::metadata(&stored).unwrap().mode() & 0o777, 0o600);
        for folder in [&task, &task.parent().unwrap().to_path_buf()] {
            assert_eq!(
                std::fs::metadata(folder).unwrap().permissions().mode() & 0o777,
                0o700
            );
        }
        // Only the stored file is left: the temp file became it.
        assert_eq!(std::fs::read_dir(&task).unwrap().count(), 1);
    }

    #[test]
    fn stage_refuses_svg_named_png_and_leaves_nothing_when_the_bytes_are_not_an_image() {
        let dir = tempfile::tempdir().unwrap();
        let task = dir.path().join("t");
        let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
        let err = stage(&task, &svg[..], 1024, "\"/repo/shot.png\"").unwrap_err();
        assert!(matches!(err, AttachError::NotImage { .. }), "{err}");
        assert!(err.to_string().contains("its content is SVG (XML text)"), "{err}");
        assert!(!task.exists(), "nothing is created for refused content");
    }

    #[test]
    fn stage_refuses_content_that_grows_past_the_limit_and_drops_its_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut big = PNG.to_vec();
        big.resize(2000, 7);
        let err = stage(dir.path(), big.as_slice(), 1000, "content_base64").unwrap_err();
        assert!(matches!(err, AttachError::TooLarge { .. }), "{err}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "the temp file is gone"
        );
    }

    #[test]
    fn dropping_a_staged_file_deletes_it_when_it_is_not_persisted() {
        let dir = tempfile::tempdir().unwrap();
        let staged = stage(dir.path(), PNG, 1024, "x").unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        drop(staged);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn sweep_deletes_unnamed_files_and_empty_folders_and_keeps_named_ones() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join(ATTACHMENTS_DIR);
        let kept_dir = root.join("acme/acme-1");
        std::fs::create_dir_all(&kept_dir).unwrap();
        std::fs::create_dir_all(root.join("acme/acme-2/nested")).unwrap();
        std::fs::create_dir_all(root.join("gone/gone-1")).unwrap();
        std::fs::write(kept_dir.join("aa.png"), b"kept").unwrap();
        std::fs::write(kept_dir.join("bb.png"), b"orphan").unwrap();
        std::fs::write(kept_dir.join(".incoming-x"), b"crash leftover").unwrap();
        std::fs::write(root.join("gone/gone-1/cc.png"), b"orphan").unwrap();
        std::fs::write(root.join("stray.txt"), b"?").unwrap();
        let outside = dir.path().join("outside.png");
        std::fs::write(&outside, b"not ours").unwrap();
        std::os::unix::fs::symlink(&outside, kept_dir.join("link.png")).unwrap();
        let known: HashSet<PathBuf> = [PathBuf::from("acme/acme-1/aa.png")].into_iter().collect();

        let swept = sweep(&root, &known);
        assert_eq!(swept.files, 5, "{swept:?}");
        assert_eq!(swept.failed, 0);
        assert!(kept_dir.join("aa.png").exists());
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(
            left,
            vec![std::ffi::OsString::from("acme")],
            "empty folders are gone"
        );
        assert_eq!(std::fs::read_dir(root.join("acme")).unwrap().count(), 1);
        assert!(outside.exists(), "a symlink is deleted as a link, never followed");
        assert_eq!(
            sweep(&root, &known),
            Swept::default(),
            "a second sweep finds nothing"
        );
    }
}
