//! The worker's side of screenshots: fetching an attachment's bytes over `GetAttachment` (bounded), decoding
//! and encoding it for the terminal's image protocol (off the async threads), a small cache of decoded images
//! by attachment id, and opening a screenshot with the system viewer through a private temp file.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use ::image::DynamicImage;
use ratatui::layout::Size;
use ratatui_image::Resize;
use ratatui_image::picker::Picker;
use relay_core::media::{MediaType, SNIFF_LEN};
use relay_core::proto;

use super::app::Action;
use super::image::{Cells, Encoded, ImageAction, ImageEffect};
use crate::client::Client;

/// The most bytes fetched for one screenshot: the highest `attachments_max_mb` relayd accepts (1024 MB). The
/// daemon refuses bigger files, so this only guards against a daemon that sends more than it should.
pub const MAX_FETCH_BYTES: u64 = 1024 * 1024 * 1024;

/// The largest file decoded for the inline view (bigger ones are left to the viewer).
pub const MAX_INLINE_BYTES: u64 = 32 * 1024 * 1024;

/// The largest width or height decoded (a "decompression bomb" is refused before its pixels are allocated).
const MAX_SIDE: u32 = 16_384;

/// The decoder's allocation limit.
const MAX_ALLOC: u64 = 256 * 1024 * 1024;

/// Decoded images are kept no larger than this on either side (a terminal shows fewer pixels), so the cache's
/// memory is bounded: at most [`DECODED_KEPT`] × 2560 × 2560 × 4 bytes, in practice far less.
const KEPT_SIDE: u32 = 2560;

/// Decoded images kept by attachment id.
const DECODED_KEPT: usize = 4;

/// Decoded images by attachment id, the most recently used last.
type Decoded = Vec<(i64, Arc<DynamicImage>)>;

/// What the worker needs for inline images: the picker chosen at start (none when images are not drawn
/// inline), the decoded images by attachment id, and the encodings the view draws from.
#[derive(Clone)]
pub struct Engine {
    /// Set once, when the terminal has answered which protocol it speaks (the worker starts before that).
    picker: Arc<std::sync::OnceLock<Picker>>,
    decoded: Arc<Mutex<Decoded>>,
    encoded: Encoded,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("protocol", &self.picker.get().map(Picker::protocol_type))
            .field("encoded", &self.encoded)
            .finish_non_exhaustive()
    }
}

impl Engine {
    pub fn new(picker: Option<Picker>) -> Engine {
        let engine = Engine {
            picker: Arc::default(),
            decoded: Arc::default(),
            encoded: Encoded::default(),
        };
        if let Some(picker) = picker {
            engine.set_picker(picker);
        }
        engine
    }

    /// The protocol the terminal answered (the first call wins).
    pub fn set_picker(&self, picker: Picker) {
        let _ = self.picker.set(picker);
    }

    /// The handle the model keeps for the view.
    pub fn encoded(&self) -> Encoded {
        self.encoded.clone()
    }

    fn decoded(&self, id: i64) -> Option<Arc<DynamicImage>> {
        let mut kept = self.decoded.lock().ok()?;
        let at = kept.iter().position(|(kept_id, _)| *kept_id == id)?;
        // The most recently used last.
        let entry = kept.remove(at);
        let image = entry.1.clone();
        kept.push(entry);
        Some(image)
    }

    fn keep(&self, id: i64, image: Arc<DynamicImage>) {
        if let Ok(mut kept) = self.decoded.lock() {
            kept.retain(|(kept_id, _)| *kept_id != id);
            kept.push((id, image));
            let extra = kept.len().saturating_sub(DECODED_KEPT);
            kept.drain(..extra);
        }
    }
}

/// Carries out a screenshot effect.
pub async fn run(client: Client, engine: &Engine, effect: ImageEffect) -> Action {
    match effect {
        ImageEffect::Show { id, cells } => {
            let result = show(client, engine, id, cells).await;
            Action::Image(ImageAction::Shown { id, cells, result })
        }
        ImageEffect::Open { id } => {
            let viewer = Viewer::from_env(|name| std::env::var_os(name));
            let result = match private_dir() {
                Ok(dir) => open(client, id, &viewer, &dir).await,
                Err(message) => Err(message),
            };
            Action::Image(ImageAction::Opened { id, result })
        }
        ImageEffect::OpenLink { link } => open_link(&Viewer::system(), &link),
    }
}

/// Hands `link` to `opener` (the system's: a link is not an image for `$RELAY_VIEWER`), detached as a viewer is;
/// answers what it did. Needs no relayd.
pub fn open_link(opener: &Viewer, link: &str) -> Action {
    let result = spawn_detached(opener.program(), std::ffi::OsStr::new(link))
        .map(|()| format!("opened {link} with {}", opener.name()))
        .map_err(|e| match (opener, e.kind()) {
            (Viewer::System(name), std::io::ErrorKind::NotFound) => {
                format!("{name} was not found, so the link cannot be opened: install it (xdg-utils), or open {link} yourself")
            }
            _ => format!("{} cannot be started: {e}; open {link} yourself", opener.name()),
        });
    Action::Image(ImageAction::LinkOpened(result))
}

/// Decodes (or takes from the cache) and encodes screenshot `id` for `cells`; answers its size in pixels.
async fn show(client: Client, engine: &Engine, id: i64, cells: Cells) -> Result<(u32, u32), String> {
    let Some(picker) = engine.picker.get().cloned() else {
        return Err("inline images are off".to_owned());
    };
    let image = match engine.decoded(id) {
        Some(image) => image,
        None => {
            let (_, bytes) = fetch(client, id, MAX_INLINE_BYTES).await.map_err(|e| match e {
                Fetched::TooLarge(size) => format!(
                    "screenshot #{id} is {} MB, too large to show inline",
                    size / (1024 * 1024)
                ),
                Fetched::Failed(message) => message,
            })?;
            let image = tokio::task::spawn_blocking(move || decode(&bytes))
                .await
                .map_err(|e| format!("decoding screenshot #{id} stopped: {e}"))?
                .map_err(|e| format!("screenshot #{id} cannot be decoded: {e}"))?;
            let image = Arc::new(image);
            engine.keep(id, image.clone());
            image
        }
    };
    let pixels = (image.width(), image.height());
    let encoded = engine.encoded.clone();
    tokio::task::spawn_blocking(move || {
        let size = Size::new(cells.width, cells.height);
        let protocol = picker
            .new_protocol(DynamicImage::clone(&image), size, Resize::Fit(None))
            .map_err(|e| format!("screenshot #{id} cannot be encoded for this terminal: {e}"))?;
        encoded.put(id, cells, protocol);
        Ok(pixels)
    })
    .await
    .map_err(|e| format!("encoding screenshot #{id} stopped: {e}"))?
}

/// Decodes an image by its content (PNG, JPEG, GIF's first frame, WebP) within the limits, and scales it down
/// to [`KEPT_SIDE`].
pub fn decode(bytes: &[u8]) -> Result<DynamicImage, String> {
    let mut reader = ::image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    let mut limits = ::image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| e.to_string())?;
    Ok(if image.width() > KEPT_SIDE || image.height() > KEPT_SIDE {
        image.thumbnail(KEPT_SIDE, KEPT_SIDE)
    } else {
        image
    })
}

/// Why a fetch gave no bytes.
#[derive(Debug)]
enum Fetched {
    /// The screenshot is larger than the bound (its size in bytes).
    TooLarge(u64),
    Failed(String),
}

/// Fetches screenshot `id` over `GetAttachment`, refusing more than `max` bytes or more than it announced.
async fn fetch(mut client: Client, id: i64, max: u64) -> Result<(proto::Attachment, Vec<u8>), Fetched> {
    let failed =
        |e: tonic::Status| Fetched::Failed(format!("cannot fetch screenshot #{id}: {}", e.message()));
    let mut stream = client
        .review
        .get_attachment(proto::GetAttachmentRequest { id })
        .await
        .map_err(failed)?
        .into_inner();
    let mut meta: Option<proto::Attachment> = None;
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.message().await.map_err(failed)? {
        if meta.is_none() {
            let Some(attachment) = chunk.attachment else {
                return Err(Fetched::Failed(format!(
                    "relayd sent screenshot #{id} without its metadata"
                )));
            };
            let announced = u64::try_from(attachment.size_bytes).unwrap_or(0);
            if announced > max {
                return Err(Fetched::TooLarge(announced));
            }
            bytes.reserve(usize::try_from(announced).unwrap_or(0));
            meta = Some(attachment);
        }
        let announced = meta
            .as_ref()
            .map_or(0, |m| u64::try_from(m.size_bytes).unwrap_or(0));
        if (bytes.len() + chunk.data.len()) as u64 > announced.min(max) {
            return Err(Fetched::Failed(format!(
                "relayd sent more bytes for screenshot #{id} than its size ({announced} bytes); not shown"
            )));
        }
        bytes.extend_from_slice(&chunk.data);
    }
    let meta = meta.ok_or_else(|| Fetched::Failed(format!("relayd sent no data for screenshot #{id}")))?;
    Ok((meta, bytes))
}

/// The program that opens a file for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    /// `$RELAY_VIEWER`: one program, run with the file as its only argument (no shell).
    Configured(OsString),
    /// `xdg-open` (Linux and the BSDs) or `open` (macOS).
    System(&'static str),
}

impl Viewer {
    /// The platform's opener: `open` on macOS, else `xdg-open`.
    pub fn system() -> Viewer {
        if cfg!(target_os = "macos") {
            Viewer::System("open")
        } else {
            Viewer::System("xdg-open")
        }
    }

    /// `$RELAY_VIEWER` when set, else the platform's opener (`get` reads a variable).
    pub fn from_env(get: impl Fn(&str) -> Option<OsString>) -> Viewer {
        match get("RELAY_VIEWER").filter(|v| !v.is_empty()) {
            Some(program) => Viewer::Configured(program),
            None if cfg!(target_os = "macos") => Viewer::System("open"),
            None => Viewer::System("xdg-open"),
        }
    }

    fn program(&self) -> &std::ffi::OsStr {
        match self {
            Viewer::Configured(program) => program,
            Viewer::System(program) => std::ffi::OsStr::new(program),
        }
    }

    fn name(&self) -> String {
        self.program().to_string_lossy().into_owned()
    }

    /// Why it could not be started, and what to do.
    fn refusal(&self, error: &std::io::Error) -> String {
        match (self, error.kind()) {
            (Viewer::System(_), std::io::ErrorKind::NotFound) if cfg!(target_os = "macos") => {
                "no viewer: `open` was not found; set RELAY_VIEWER to an image viewer".to_owned()
            }
            (Viewer::System(_), std::io::ErrorKind::NotFound) => {
                "no viewer: set RELAY_VIEWER or install xdg-utils".to_owned()
            }
            (Viewer::Configured(_), _) => format!(
                "the viewer RELAY_VIEWER={} cannot be started: {error}; set RELAY_VIEWER to an image viewer \
                 program (it gets the file as its only argument)",
                self.name()
            ),
            (Viewer::System(name), _) => format!("the viewer {name} cannot be started: {error}"),
        }
    }
}

/// Fetches screenshot `id`, writes it into `dir` and starts `viewer` on it; answers what it did.
pub async fn open(client: Client, id: i64, viewer: &Viewer, dir: &Path) -> Result<String, String> {
    let (_, bytes) = fetch(client, id, MAX_FETCH_BYTES).await.map_err(|e| match e {
        Fetched::TooLarge(size) => format!("it is {size} bytes, more than relay ever keeps; not opened"),
        Fetched::Failed(message) => message,
    })?;
    let path = write_private(dir, id, &bytes)?;
    spawn_viewer(viewer, &path)?;
    Ok(format!(
        "opened screenshot #{id} with {} ({})",
        viewer.name(),
        path.display()
    ))
}

/// Writes `bytes` to `dir/screenshot-<id>.<ext>` (mode 0600, replacing an older copy), the extension told by
/// the content's magic bytes, never by a name an agent gave.
pub fn write_private(dir: &Path, id: i64, bytes: &[u8]) -> Result<PathBuf, String> {
    let head = bytes.get(..SNIFF_LEN.min(bytes.len())).unwrap_or_default();
    let Some(media) = MediaType::sniff(head) else {
        return Err(format!(
            "its content is not a PNG, JPEG, WebP or GIF image ({}); not opened",
            relay_core::media::describe(head)
        ));
    };
    let path = dir.join(format!("screenshot-{id}.{}", media.extension()));
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    // tempfile creates the file with mode 0600; the rename replaces an older copy in one step.
    let mut file = tempfile::Builder::new()
        .prefix(".screenshot-")
        .tempfile_in(dir)
        .map_err(cannot)?;
    file.write_all(bytes).map_err(cannot)?;
    file.flush().map_err(cannot)?;
    file.persist(&path).map_err(|e| cannot(e.error))?;
    Ok(path)
}

/// The directory for opened screenshots: `screenshots` under relay's runtime directory, else
/// `relay-<uid>-screenshots` in the temp directory; created 0700 and refused when someone else owns it or
/// others can enter it.
pub fn private_dir() -> Result<PathBuf, String> {
    let uid = rustix::process::getuid().as_raw();
    let dir = match relay_core::paths::default_runtime_dir() {
        Some(runtime) => runtime.join("screenshots"),
        None => std::env::temp_dir().join(format!("relay-{uid}-screenshots")),
    };
    ensure_private_dir(&dir)?;
    Ok(dir)
}

/// Creates `dir` (and its missing parents) with mode 0700, or checks that the existing one is a directory
/// (not a symlink) of this user that no one else can enter.
pub fn ensure_private_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let meta = std::fs::symlink_metadata(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let uid = rustix::process::getuid().as_raw();
    if !meta.is_dir() || meta.uid() != uid || meta.mode() & 0o077 != 0 {
        return Err(format!(
            "{} is not a private directory of yours (it must be a directory owned by you with mode 0700); \
             remove it and try again",
            dir.display()
        ));
    }
    Ok(())
}

/// Starts the viewer on `path`, detached (see [`spawn_detached`]).
fn spawn_viewer(viewer: &Viewer, path: &Path) -> Result<(), String> {
    spawn_detached(viewer.program(), path.as_os_str()).map_err(|e| viewer.refusal(&e))
}

/// Starts `program` with `arg` as its only argument (no shell), detached: its own process group (Ctrl-C in the
/// window does not reach it), stdio to /dev/null (it never writes into the window), and a task that waits for
/// it so it is never left a zombie.
fn spawn_detached(program: &std::ffi::OsStr, arg: &std::ffi::OsStr) -> std::io::Result<()> {
    let mut child = tokio::process::Command::new(program)
        .arg(arg)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .kill_on_drop(false)
        .spawn()?;
    tokio::spawn(async move {
        let _ = child.wait().await;
    });
    Ok(())
}
