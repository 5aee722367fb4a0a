//! Screenshots in the window: which inline image protocol the terminal speaks (asked once at start), the
//! model's plain record of what was asked and answered, the update rules (`v` opens a screenshot with the
//! system viewer; the Review tab's selected step shows its screenshot inline), and the Review tab's
//! screenshot panel. The worker side — fetching the bytes, decoding, encoding and the viewer — is
//! `screenshot.rs`.
//!
//! The model holds plain data only, with one exception: [`Encoded`], a shared handle on the encoded images
//! (`ratatui_image::protocol::Protocol` is neither `Debug` nor cheap to clone: a sixel or kitty encoding is
//! megabytes). The view draws from `&Model`, so the encodings must be reachable from the model; the worker
//! fills them, so they sit behind an `Arc<Mutex<…>>` both hold. The model never reads them in `update`: it
//! only records which screenshot and box it asked for and what the worker answered.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use ratatui_image::picker::{Picker, ProtocolType};
use relay_core::proto;

use super::app::{Effect, Flash, Level, Model, Screen, TAB_REVIEW, TaskData, Write};
use super::theme::Theme;
use super::view::size;

/// What the window says where it cannot draw an image.
pub const NEED_PROTOCOL: &str = "(inline images need kitty, iTerm2 or a sixel terminal) — v opens it";

/// The environment variable that turns inline images off or picks the protocol.
pub const SETTING_ENV: &str = "RELAY_IMAGES";

/// Rows of the task screen above and below its body: the window's header and footer, the task's head line and
/// its tab bar (`view.rs` and `task.rs` lay them out; the inline box is computed from the terminal size).
const TASK_CHROME_ROWS: u16 = 4;

/// At most this many screenshots are listed in the panel (then "+n more").
const LISTED: usize = 3;

/// How many answers the model remembers (a long session visits many screenshots; each entry is tiny, but
/// nothing here grows without bound).
const REMEMBERED: usize = 64;

/// An inline image protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Kitty,
    Iterm2,
    Sixel,
}

impl Protocol {
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Kitty => "kitty",
            Protocol::Iterm2 => "iTerm2",
            Protocol::Sixel => "sixel",
        }
    }

    fn to_type(self) -> ProtocolType {
        match self {
            Protocol::Kitty => ProtocolType::Kitty,
            Protocol::Iterm2 => ProtocolType::Iterm2,
            Protocol::Sixel => ProtocolType::Sixel,
        }
    }
}

/// `RELAY_IMAGES`: `off`, `auto` (the default), or one protocol forced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Off,
    Auto,
    Force(Protocol),
}

impl Setting {
    /// Reads the setting; an unknown value is an error that says what is accepted (the window then uses auto).
    pub fn parse(raw: Option<&str>) -> Result<Setting, String> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(Setting::Auto);
        };
        match raw.to_ascii_lowercase().as_str() {
            "off" | "none" | "0" | "false" | "no" => Ok(Setting::Off),
            "auto" => Ok(Setting::Auto),
            "kitty" => Ok(Setting::Force(Protocol::Kitty)),
            "iterm2" | "iterm" => Ok(Setting::Force(Protocol::Iterm2)),
            "sixel" => Ok(Setting::Force(Protocol::Sixel)),
            _ => Err(format!(
                "{SETTING_ENV}={:?} is not a setting: use off, auto, kitty, iterm2 or sixel (auto is used)",
                super::fit::one_line(raw, 40)
            )),
        }
    }
}

/// Whether screenshots are drawn inline, and with what; else why not (shown in the panel).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Support {
    Inline(Protocol),
    Off(String),
}

impl Default for Support {
    fn default() -> Support {
        Support::Off(NEED_PROTOCOL.to_owned())
    }
}

/// What the terminal answered when asked at start: `None` when it could not be asked (no answer, not a
/// terminal), `Some(None)` when it answered without an image protocol.
pub type Queried = Option<Option<Protocol>>;

/// Chooses the protocol: the setting first; then kitty when the terminal answered for it, iTerm2 when the
/// environment names a terminal of that protocol, sixel when the terminal answered for it; a guess from the
/// environment only when the terminal did not answer (`get` reads a variable); else none.
pub fn choose(setting: Setting, queried: Queried, get: &dyn Fn(&str) -> Option<String>) -> Support {
    match setting {
        Setting::Off => Support::Off(format!("(inline images are off: {SETTING_ENV}=off) — v opens it")),
        Setting::Force(protocol) => Support::Inline(protocol),
        Setting::Auto => {
            let guessed = guess(get);
            let protocol = match (queried.flatten(), guessed) {
                (Some(Protocol::Kitty), _) => Some(Protocol::Kitty),
                // Terminals of the iTerm2 protocol (iTerm2, WezTerm, VS Code…) are told by the environment only;
                // their own protocol draws better than the sixel they may also answer for.
                (_, Some(Protocol::Iterm2)) => Some(Protocol::Iterm2),
                (Some(answered), _) => Some(answered),
                // The terminal did not answer: the environment's guess.
                (None, guessed) if queried.is_none() => guessed,
                (None, _) => None,
            };
            protocol.map_or_else(Support::default, Support::Inline)
        }
    }
}

/// The protocol the environment suggests when the terminal did not answer the query.
fn guess(get: &dyn Fn(&str) -> Option<String>) -> Option<Protocol> {
    let var = |name: &str| get(name).filter(|v| !v.is_empty());
    let term = var("TERM").unwrap_or_default();
    let program = var("TERM_PROGRAM").unwrap_or_default();
    // Inside tmux the outer terminal's variables are stale or wrong: guess nothing there.
    if term.starts_with("tmux") || term.starts_with("screen") || program == "tmux" {
        return None;
    }
    if term == "xterm-kitty"
        || term == "xterm-ghostty"
        || program == "ghostty"
        || var("KITTY_WINDOW_ID").is_some()
    {
        return Some(Protocol::Kitty);
    }
    if ["iTerm", "WezTerm", "vscode", "mintty"]
        .iter()
        .any(|p| program.contains(p))
        || var("LC_TERMINAL").is_some_and(|t| t.contains("iTerm"))
    {
        return Some(Protocol::Iterm2);
    }
    if term.contains("sixel") || term == "foot" || term.starts_with("foot-") || term.starts_with("mlterm") {
        return Some(Protocol::Sixel);
    }
    None
}

/// How long the terminal gets to answer the query at start (a terminal answers in milliseconds; one that never
/// does costs this once).
const QUERY_WAIT: std::time::Duration = std::time::Duration::from_millis(800);

/// Inside tmux, how long to wait for the outer terminal's answer once tmux itself has answered (an attached
/// terminal answers within a round trip; a detached session never does, and pays this at start).
const OUTER_WAIT: std::time::Duration = std::time::Duration::from_millis(400);

/// The terminal has been asked what it can draw; its answer is read with [`Asked::answer`].
#[derive(Debug)]
pub struct Asked {
    setting: Setting,
    warning: Option<String>,
    /// The query went out (not with `RELAY_IMAGES=off`, nor when stdout refused it).
    query: Option<Query>,
}

/// Asks the terminal what it can draw: call it once, in the alternate screen (raw mode), before anything reads
/// stdin — the answer comes there — and before the first frame (so the query is never written in the middle of
/// a frame). With `RELAY_IMAGES=off` nothing is asked. Quick: it only writes.
pub fn ask() -> Asked {
    let get = |name: &str| std::env::var(name).ok();
    let (setting, warning) = match Setting::parse(get(SETTING_ENV).as_deref()) {
        Ok(setting) => (setting, None),
        Err(message) => (Setting::Auto, Some(message)),
    };
    let query = match setting {
        Setting::Off => None,
        _ => send_query(&get),
    };
    Asked {
        setting,
        warning,
        query,
    }
}

impl Asked {
    /// Reads the terminal's answer (at most [`QUERY_WAIT`]; the window draws meanwhile, and reads keys only
    /// after this returns) and picks the protocol.
    pub fn answer(self) -> (Option<Picker>, Support, Option<String>) {
        let get = |name: &str| std::env::var(name).ok();
        let answer = self.query.and_then(read_answer);
        let queried = answer.as_ref().map(|a| a.protocol);
        let support = choose(self.setting, queried, &get);
        let picker = match &support {
            Support::Inline(protocol) => {
                // The cell size in pixels: the terminal's answer, else the window's pixel size over its cells,
                // else a common 10×20.
                let font = answer
                    .and_then(|a| a.cell)
                    .or_else(cell_from_window)
                    .unwrap_or((10, 20));
                // `from_fontsize` is the one constructor that takes a known cell size without asking the
                // terminal again; ratatui-image deprecates it in favour of its own query, which cannot be
                // bounded (below).
                #[allow(deprecated)]
                let mut picker = Picker::from_fontsize(font.into());
                picker.set_protocol_type(protocol.to_type());
                Some(picker)
            }
            Support::Off(_) => None,
        };
        (picker, support, self.warning)
    }
}

/// What the terminal answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    /// Kitty graphics or sixel, if it said so.
    pub protocol: Option<Protocol>,
    /// Its cell size in pixels, if it said.
    pub cell: Option<(u16, u16)>,
}

/// A query on its way: whether it went through tmux (then two status answers end it) and when it was sent.
#[derive(Debug)]
struct Query {
    tmux: bool,
    sent: std::time::Instant,
}

/// Sends ratatui-image's capability query; `None` when stdout refused it. Done here rather than with
/// `Picker::from_query_stdio`, whose reader thread goes on reading stdin after its timeout — it would take the
/// first key typed — and which waits 2 s on a terminal that never answers (a detached tmux). Inside tmux the
/// query is wrapped for the outer terminal, and a plain status request after it makes tmux itself answer, so
/// the read always ends.
fn send_query(get: &dyn Fn(&str) -> Option<String>) -> Option<Query> {
    use ratatui_image::picker::cap_parser::{Parser, QueryStdioOptions};
    use std::io::Write as _;

    let term = get("TERM").unwrap_or_default();
    let tmux = term.starts_with("tmux") || get("TERM_PROGRAM").as_deref() == Some("tmux");
    if tmux {
        // A detached session has no outer terminal to answer (only tmux would, a wait for nothing).
        let attached = std::process::Command::new("tmux")
            .args(["display-message", "-p", "#{session_attached}"])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
            .and_then(|out| String::from_utf8_lossy(&out.stdout).trim().parse::<u32>().ok());
        if attached == Some(0) {
            return None;
        }
        // The query reaches the outer terminal only with passthrough on (as ratatui-image does it).
        let _ = std::process::Command::new("tmux")
            .args(["set", "-p", "allow-passthrough", "on"])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
    let mut options = QueryStdioOptions::default();
    // WezTerm and Konsole answer for kitty and sixel but draw either badly (ratatui-image's list); the iTerm2
    // protocol is guessed for WezTerm from the environment.
    if get("WEZTERM_EXECUTABLE").is_some_and(|v| !v.is_empty())
        || get("KONSOLE_VERSION").is_some_and(|v| !v.is_empty())
    {
        options.blacklist_protocols = vec![ProtocolType::Kitty, ProtocolType::Sixel];
    }
    let mut query = Parser::query(tmux, options);
    if tmux {
        query.push_str("\x1b[5n");
    }
    let mut stdout = std::io::stdout();
    stdout.write_all(query.as_bytes()).ok()?;
    stdout.flush().ok()?;
    Some(Query {
        tmux,
        sent: std::time::Instant::now(),
    })
}

/// Reads the answer to `query` within [`QUERY_WAIT`] of sending it; `None` when the terminal did not finish
/// answering.
fn read_answer(query: Query) -> Option<Answer> {
    use ratatui_image::picker::cap_parser::{Parser, Response};
    use std::time::Instant;

    let tmux = query.tmux;
    let stdin = std::io::stdin();
    let mut parser = Parser::new();
    let mut responses = Vec::new();
    let mut deadline = query.sent + QUERY_WAIT;
    let mut statuses = 0;
    let wanted = if tmux { 2 } else { 1 };
    let mut buf = [0u8; 256];
    while statuses < wanted {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let timeout = rustix::event::Timespec::try_from(left).ok()?;
        let mut fds = [rustix::event::PollFd::new(&stdin, rustix::event::PollFlags::IN)];
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(0) => break,
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => break,
        }
        let read = match rustix::io::read(&stdin, &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for byte in buf.iter().take(read) {
            for response in parser.push(char::from(*byte)) {
                if response == Response::Status {
                    statuses += 1;
                    // tmux answered; the outer terminal's answer, if any, follows within moments.
                    deadline = deadline.min(Instant::now() + OUTER_WAIT);
                } else {
                    responses.push(response);
                }
            }
        }
    }
    if statuses == 0 {
        return None;
    }
    let mut answer = Answer {
        protocol: None,
        cell: None,
    };
    for response in responses {
        match response {
            Response::Kitty => answer.protocol = Some(Protocol::Kitty),
            Response::Sixel if answer.protocol.is_none() => answer.protocol = Some(Protocol::Sixel),
            Response::CellSize(Some((w, h))) if w > 0 && h > 0 => answer.cell = Some((w, h)),
            _ => {}
        }
    }
    Some(answer)
}

/// The cell size from the window's size in pixels (not every terminal reports it).
fn cell_from_window() -> Option<(u16, u16)> {
    let size = crossterm::terminal::window_size().ok()?;
    if size.width == 0 || size.height == 0 || size.columns == 0 || size.rows == 0 {
        return None;
    }
    Some((size.width / size.columns, size.height / size.rows))
}

/// A box of terminal cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cells {
    pub width: u16,
    pub height: u16,
}

/// The encoded images, shared by the worker (which fills it) and the view (which draws from it). See the
/// module comment for why this is the one non-plain thing in the model.
#[derive(Clone, Default)]
pub struct Encoded(Arc<Mutex<EncodedImages>>);

#[derive(Default)]
struct EncodedImages {
    /// By screenshot and box; the newest last.
    entries: Vec<((i64, Cells), ratatui_image::protocol::Protocol)>,
}

/// Encodings kept (a few screens' worth; each can be megabytes).
const ENCODED_KEPT: usize = 4;

impl std::fmt::Debug for Encoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.0.lock().map_or(0, |e| e.entries.len());
        write!(f, "Encoded({count} images)")
    }
}

impl Encoded {
    /// Keeps `protocol` for screenshot `id` drawn in `cells`, dropping the oldest beyond the bound.
    pub fn put(&self, id: i64, cells: Cells, protocol: ratatui_image::protocol::Protocol) {
        if let Ok(mut images) = self.0.lock() {
            images.entries.retain(|(key, _)| *key != (id, cells));
            images.entries.push(((id, cells), protocol));
            let extra = images.entries.len().saturating_sub(ENCODED_KEPT);
            images.entries.drain(..extra);
        }
    }

    /// Draws screenshot `id` encoded for `cells` into `area`; false when there is no such encoding.
    fn draw(&self, id: i64, cells: Cells, area: Rect, buf: &mut Buffer) -> bool {
        let Ok(images) = self.0.lock() else { return false };
        match images.entries.iter().find(|(key, _)| *key == (id, cells)) {
            Some((_, protocol)) => {
                ratatui_image::Image::new(protocol).render(area, buf);
                true
            }
            None => false,
        }
    }
}

/// What the worker said about a screenshot asked for inline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shot {
    Loading,
    /// Decoded (its size in pixels) and encoded for the box asked for.
    Shown {
        width: u32,
        height: u32,
    },
    Failed(String),
}

/// Which list of screenshots `v` walks through: one review step's, or the whole task's (Overview).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShotList {
    Step { key: String, position: i64 },
    Task { key: String },
}

/// The window's screenshot state: plain data, plus the [`Encoded`] handle the view draws from.
#[derive(Debug, Default)]
pub struct Images {
    pub support: Support,
    /// The terminal's size in cells, from the loop (the inline box follows it).
    pub terminal: Option<Cells>,
    /// The list `v` last walked through and the screenshot it opened last in it.
    pub cursor: Option<(ShotList, usize)>,
    /// The screenshot and box last asked for inline (asked again only when one of them changes).
    pub asked: Option<(i64, Cells)>,
    pub shots: HashMap<i64, Shot>,
    pub encoded: Encoded,
    /// The screenshot and box whose cells the last frame left blank, so the image can be drawn (see
    /// [`after_draw`]).
    pub drawn: Option<(i64, Cells)>,
}

impl Images {
    pub fn new(support: Support, encoded: Encoded) -> Images {
        Images {
            support,
            encoded,
            ..Images::default()
        }
    }
}

/// What the worker is asked to do with screenshots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageEffect {
    /// Fetch (or take from the cache), decode and encode screenshot `id` to fit `cells`.
    Show { id: i64, cells: Cells },
    /// Write screenshot `id` to a private temp file and open it with the system viewer.
    Open { id: i64 },
    /// Open a link (a desktop session's, `board::open_desktop`) with the system opener, detached the same way.
    OpenLink { link: String },
}

/// Screenshot answers and the terminal's size.
#[derive(Debug)]
pub enum ImageAction {
    /// What the terminal answered at start: the protocol (or why none), and a warning about the setting.
    Support {
        support: Support,
        warning: Option<String>,
    },
    /// The terminal's size in cells (the loop sends it when it changes).
    Terminal(Cells),
    Shown {
        id: i64,
        cells: Cells,
        /// The decoded size in pixels, or why it cannot be shown.
        result: Result<(u32, u32), String>,
    },
    Opened {
        id: i64,
        /// What was opened with what, or why not.
        result: Result<String, String>,
    },
    /// The link of [`ImageEffect::OpenLink`] was handed to the opener, or why not.
    LinkOpened(Result<String, String>),
}

/// Applies a screenshot action.
pub fn on_action(model: &mut Model, action: ImageAction) {
    let images = &mut model.images;
    match action {
        ImageAction::Support { support, warning } => {
            images.support = support;
            if let Some(warning) = warning {
                match model.flash.as_mut() {
                    Some(flash) if flash.level == Level::Warning => flash.lines.push(warning),
                    _ => {
                        model.flash = Some(Flash {
                            level: Level::Warning,
                            lines: vec![warning],
                        });
                    }
                }
            }
        }
        ImageAction::Terminal(cells) => {
            if images.terminal == Some(cells) {
                model.dirty = false;
            }
            images.terminal = Some(cells);
        }
        ImageAction::Shown { id, cells, result } => {
            let shot = match result {
                Ok((width, height)) => Shot::Shown { width, height },
                Err(message) => Shot::Failed(message),
            };
            // Only the answer for what is asked now counts: a late one for another screenshot or box (the user
            // moved on, the terminal was resized) changes nothing; that request was replaced.
            model.dirty = images.asked == Some((id, cells));
            if model.dirty {
                remember(images, id, shot);
            }
        }
        ImageAction::LinkOpened(result) => super::board::link_opened(model, result),
        ImageAction::Opened { id, result } => {
            model.flash = Some(match result {
                Ok(what) => Flash {
                    level: Level::Info,
                    lines: vec![what],
                },
                Err(why) => Flash {
                    level: Level::Error,
                    lines: vec![format!("screenshot #{id}: {why}")],
                },
            });
        }
    }
}

fn remember(images: &mut Images, id: i64, shot: Shot) {
    if images.shots.len() >= REMEMBERED && !images.shots.contains_key(&id) {
        let keep = images.asked.map(|(asked, _)| asked);
        images.shots.retain(|shot_id, _| Some(*shot_id) == keep);
    }
    images.shots.insert(id, shot);
}

/// The screenshots `v` walks through on the current tab, with the list's name.
fn current_list(model: &Model) -> Option<(ShotList, Vec<&proto::ReviewScreenshot>)> {
    let Screen::Task(key) = &model.screen else {
        return None;
    };
    let review = model.task.data.as_ref()?.review.as_ref()?;
    match model.task.tab {
        TAB_REVIEW => {
            let step = review.steps.get(model.task.step)?;
            let list = ShotList::Step {
                key: key.clone(),
                position: step.position,
            };
            Some((list, step.screenshots.iter().collect()))
        }
        0 => Some((ShotList::Task { key: key.clone() }, task_shots(review))),
        _ => None,
    }
}

/// Every screenshot of a task: the steps' in step order, then the others.
pub fn task_shots(review: &proto::Review) -> Vec<&proto::ReviewScreenshot> {
    review
        .steps
        .iter()
        .flat_map(|s| s.screenshots.iter())
        .chain(review.other_screenshots.iter())
        .collect()
}

/// The index in the current list of the screenshot shown (and opened next by `v`).
fn shown_index(model: &Model, list: &ShotList) -> usize {
    match &model.images.cursor {
        Some((cursor, index)) if cursor == list => *index,
        _ => 0,
    }
}

/// `v`: opens the current screenshot with the system viewer; pressed again on the same list, the next one (`V`,
/// `forward` false: the previous one).
pub fn view(model: &mut Model, effects: &mut Vec<Effect>, forward: bool) {
    let found =
        current_list(model).map(|(list, shots)| (list, shots.iter().map(|s| s.id).collect::<Vec<_>>()));
    let Some((list, shots)) = found else {
        let message = match model.task.tab {
            0 | TAB_REVIEW => format!(
                "{} has no review checklist to take screenshots from",
                model.task.key
            ),
            _ => "v opens screenshots from the Review tab (the selected step's) or the Overview (the task's)"
                .to_owned(),
        };
        model.flash = Some(Flash {
            level: Level::Warning,
            lines: vec![message],
        });
        return;
    };
    if shots.is_empty() {
        let message = match &list {
            ShotList::Step { position, .. } => format!("step {position} has no screenshots"),
            ShotList::Task { key } => format!("{key} has no screenshots"),
        };
        model.flash = Some(Flash {
            level: Level::Warning,
            lines: vec![message],
        });
        return;
    }
    let index = match (&model.images.cursor, forward) {
        // Pressed again on the same list: the next one (the first after the last), or the previous one.
        (Some((cursor, opened)), true) if *cursor == list => (opened + 1) % shots.len(),
        (Some((cursor, opened)), false) if *cursor == list => (opened + shots.len() - 1) % shots.len(),
        (_, true) => 0,
        (_, false) => shots.len() - 1,
    };
    let Some(&id) = shots.get(index) else { return };
    model.images.cursor = Some((list, index));
    model.flash = Some(Flash {
        level: Level::Info,
        lines: vec![format!(
            "opening screenshot #{id} ({} of {})…",
            index + 1,
            shots.len()
        )],
    });
    effects.push(Effect::Image(ImageEffect::Open { id }));
}

/// `X` on the Review tab: asks whether to remove the screenshot the panel shows (y removes it through relayd).
pub fn remove(model: &mut Model) {
    let found = current_list(model).and_then(|(list, shots)| {
        let index = shown_index(model, &list).min(shots.len().checked_sub(1)?);
        let shot = shots.get(index)?;
        let caption = shot
            .caption
            .as_deref()
            .map(|c| format!(", \"{}\"", super::fit::one_line(c, 60)))
            .unwrap_or_default();
        let facts = format!(
            "{} {}{caption}",
            media_label(&shot.media_type),
            size(shot.size_bytes)
        );
        Some((list, shot.id, facts))
    });
    match found {
        Some((ShotList::Step { key, position }, id, facts)) if model.task.tab == TAB_REVIEW => {
            let question = format!(
                "Remove screenshot #{id} ({facts}) from step {position} of {key}? The agent's copy of the file is \
                 not touched. y removes it · any other key keeps it"
            );
            model.confirm = Some((question, Write::RemoveShot { key, id }));
        }
        _ => {
            model.flash = Some(Flash {
                level: Level::Warning,
                lines: vec![
                    "X removes the screenshot shown on the Review tab: this step has none".to_owned(),
                ],
            });
        }
    }
}

/// Called by the loop after each frame; true when another frame is needed. A sixel or iTerm2 image is drawn
/// over whatever the terminal shows under its cells (ratatui skips them), so old text would show through its
/// transparent or partly covered cells: an image appears on the frame after the one that blanked its box. Kitty
/// draws placeholder characters, which replace the cells like text, but takes the same path (one frame later).
/// It only records what the terminal shows; `update` never reads it.
pub fn after_draw(model: &mut Model) -> bool {
    let images = &mut model.images;
    let ready = match images.asked {
        Some((id, cells)) if matches!(images.shots.get(&id), Some(Shot::Shown { .. })) => Some((id, cells)),
        _ => None,
    };
    if ready == images.drawn {
        return false;
    }
    images.drawn = ready;
    ready.is_some()
}

/// After every update: asks the worker for the screenshot the Review tab shows inline, when that (or its box)
/// changed. Navigation, a resize and a fetched task all pass through here, so the inline image follows them.
pub fn follow(model: &mut Model, effects: &mut Vec<Effect>) {
    let Support::Inline(_) = model.images.support else {
        return;
    };
    let wanted = model.images.terminal.and_then(|terminal| wanted(model, terminal));
    let Some((id, cells)) = wanted else {
        // Nothing inline now: the next time something is, it is asked for again (the worker keeps its cache).
        model.images.asked = None;
        return;
    };
    if model.images.asked == Some((id, cells)) {
        return;
    }
    model.images.asked = Some((id, cells));
    remember(&mut model.images, id, Shot::Loading);
    effects.push(Effect::Image(ImageEffect::Show { id, cells }));
}

/// The screenshot the Review tab shows inline on a terminal of `terminal` cells, and its box.
fn wanted(model: &Model, terminal: Cells) -> Option<(i64, Cells)> {
    if model.task.tab != TAB_REVIEW
        || model.form.is_some()
        || terminal.width < super::view::MIN_SIZE.0
        || terminal.height < super::view::MIN_SIZE.1
    {
        return None;
    }
    let (list, shots) = current_list(model)?;
    let shot = shots.get(shown_index(model, &list).min(shots.len().saturating_sub(1)))?;
    let body = Rect::new(
        0,
        0,
        terminal.width,
        terminal.height.saturating_sub(TASK_CHROME_ROWS),
    );
    let picture = layout(body, shots.len(), true)?.picture?;
    Some((
        shot.id,
        Cells {
            width: picture.width,
            height: picture.height,
        },
    ))
}

/// Where the Review tab's parts go when the selected step has screenshots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Panel {
    checklist: Rect,
    frame: Rect,
    list: Rect,
    /// The inline image's box, when the image protocol is there and the panel has room for it.
    picture: Option<Rect>,
    /// The line under the list saying why there is no image (no protocol, too small, or its state).
    note: Rect,
}

/// Splits the Review tab's body into the checklist and the screenshot panel below it; `None` when the body is
/// too short for both (the checklist alone is drawn: it lists the screenshots too).
fn layout(body: Rect, count: usize, inline: bool) -> Option<Panel> {
    let listed = u16::try_from(count.min(LISTED) + usize::from(count > LISTED)).unwrap_or(4);
    // The checklist keeps at least six rows (its border, the summary and the selected step).
    let room = body.height.checked_sub(6)?;
    let compact = listed + 3; // border, list, one note line
    if room < compact {
        return None;
    }
    let height = if inline {
        (body.height / 2).clamp(compact, room)
    } else {
        compact
    };
    let [checklist, frame] = Layout::vertical([Constraint::Min(6), Constraint::Length(height)]).areas(body);
    let inner = Block::bordered().inner(frame);
    let [list, rest] = Layout::vertical([Constraint::Length(listed), Constraint::Min(0)]).areas(inner);
    let note = Rect {
        height: rest.height.min(1),
        ..rest
    };
    // Fewer than three rows draw nothing a person could read.
    let picture = (inline && rest.height >= 3 && rest.width >= 8).then_some(rest);
    Some(Panel {
        checklist,
        frame,
        list,
        picture,
        note,
    })
}

/// The Review tab's screenshot panel for the selected step (drawn into the bottom of `body`); returns the part
/// of `body` left for the checklist.
pub fn review_panel(model: &Model, data: &TaskData, theme: &Theme, body: Rect, buf: &mut Buffer) -> Rect {
    let Some(step) = data
        .review
        .as_ref()
        .and_then(|r| r.steps.get(model.task.step))
        .filter(|s| !s.screenshots.is_empty())
    else {
        return body;
    };
    let shots = &step.screenshots;
    let inline = matches!(model.images.support, Support::Inline(_));
    let Some(panel) = layout(body, shots.len(), inline) else {
        return body;
    };
    let list = ShotList::Step {
        key: model.task.key.clone(),
        position: step.position,
    };
    let shown = shown_index(model, &list).min(shots.len() - 1);
    Block::bordered()
        .title(format!(
            " Step {} screenshots · {} / {} · v opens, V the previous ",
            step.position,
            shown + 1,
            shots.len()
        ))
        .border_style(theme.muted)
        .render(panel.frame, buf);
    // The listed ones keep the shown one in view.
    let first = shown.saturating_sub(LISTED - 1);
    let mut lines: Vec<Line<'static>> = shots
        .iter()
        .enumerate()
        .skip(first)
        .take(LISTED)
        .map(|(i, shot)| shot_line(shot, i == shown, theme))
        .collect();
    let rest = shots.len().saturating_sub(first + LISTED);
    if rest > 0 || first > 0 {
        let above = if first > 0 {
            format!("{first} above · ")
        } else {
            String::new()
        };
        lines.push(Line::styled(
            format!("  {above}+{rest} more (v walks through them)"),
            theme.muted,
        ));
    }
    Paragraph::new(lines).render(panel.list, buf);
    let Some(shot) = shots.get(shown) else {
        return panel.checklist;
    };
    let note = match (&model.images.support, panel.picture) {
        (Support::Off(why), _) => Some((why.clone(), theme.muted)),
        (Support::Inline(_), None) => Some((
            "(enlarge the terminal to see it inline) — v opens it".to_owned(),
            theme.muted,
        )),
        (Support::Inline(_), Some(picture)) => {
            let cells = Cells {
                width: picture.width,
                height: picture.height,
            };
            match model.images.shots.get(&shot.id) {
                Some(Shot::Failed(why)) => Some((
                    format!("{} — v opens it", super::fit::one_line(why, 200)),
                    theme.error,
                )),
                // Blank on the first frame, drawn on the next (see `after_draw`).
                Some(Shot::Shown { .. }) if model.images.drawn != Some((shot.id, cells)) => None,
                Some(Shot::Shown { .. }) if model.images.encoded.draw(shot.id, cells, picture, buf) => None,
                _ => Some((format!("loading screenshot #{}…", shot.id), theme.muted)),
            }
        }
    };
    if let Some((text, style)) = note {
        Paragraph::new(Line::styled(text, style)).render(panel.note, buf);
    }
    panel.checklist
}

/// One screenshot in the panel: `▸ #12  PNG  34 KB  caption` (the caption is agent text: its first line only,
/// control characters replaced).
fn shot_line(shot: &proto::ReviewScreenshot, shown: bool, theme: &Theme) -> Line<'static> {
    let mark = if shown { "▸ " } else { "  " };
    let mut spans = vec![
        Span::styled(
            format!("{mark}#{}", shot.id),
            if shown { theme.accent } else { theme.text },
        ),
        Span::styled(
            format!("  {}  {}", media_label(&shot.media_type), size(shot.size_bytes)),
            theme.muted,
        ),
    ];
    if let Some(caption) = shot.caption.as_deref().filter(|c| !c.trim().is_empty()) {
        spans.push(Span::raw(format!("  {}", super::fit::one_line(caption, 200))));
    }
    Line::from(spans)
}

/// `PNG` for `image/png`; anything else as printable text.
pub fn media_label(media_type: &str) -> String {
    super::fit::one_line(relay_core::media::MediaType::label_of(media_type), 40)
}
