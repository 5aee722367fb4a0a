//! A runner session's terminal as relayd keeps it: the PTY's output goes through a `vt100` parser (the screen as
//! cells) whose rows, as they scroll off the top, are kept as text with their colours ([`History`],
//! `scrollback_lines` of them: a line costs its bytes, not a row of cells), and to every attached client through its
//! own bounded queue.
//!
//! Nothing here ever waits on a client. The backend's reader calls [`Terminal::feed`], which parses the bytes and
//! offers them to each client with `try_send`; a client whose queue is full is marked lagged and skipped until it
//! has taken a fresh snapshot (taken under the same lock as the parse, so snapshot and output never overlap or
//! leave a gap). One client at a time is the writer (its input reaches the PTY); a new writer detaches the
//! previous one with a reason; any number watch.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{Notify, mpsc};

use super::state::ExitInfo;

/// Output chunks queued per client before it counts as lagging (§8: 512 frames of up to 4 KiB … 16 KiB).
pub const CLIENT_QUEUE: usize = 512;
/// Input messages queued towards the PTY before the writer's stream waits (§8: 64).
pub const INPUT_QUEUE: usize = 64;
/// The largest single input message; a bigger one is refused (send it in pieces).
pub const MAX_INPUT_BYTES: usize = 64 * 1024;
/// The largest terminal a client may ask for; a bigger size is brought down to it.
pub const MAX_ROWS: u16 = 500;
pub const MAX_COLS: u16 = 1000;

/// A terminal size in character cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermSize {
    pub rows: u16,
    pub cols: u16,
}

impl TermSize {
    pub const DEFAULT: TermSize = TermSize { rows: 24, cols: 80 };

    /// A size a client asked for: 0 in either direction is refused, more than [`MAX_ROWS`] × [`MAX_COLS`] is
    /// brought down to it (the note says so).
    pub fn checked(rows: u32, cols: u32) -> Result<(TermSize, Option<String>), String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a terminal of {rows}×{cols} cells cannot be drawn; send the size of your terminal (rows and columns, each at least 1)"
            ));
        }
        let size = TermSize {
            rows: u16::try_from(rows.min(u32::from(MAX_ROWS))).unwrap_or(MAX_ROWS),
            cols: u16::try_from(cols.min(u32::from(MAX_COLS))).unwrap_or(MAX_COLS),
        };
        let note = (u32::from(size.rows) != rows || u32::from(size.cols) != cols).then(|| {
            format!(
                "a terminal of {rows}×{cols} cells is larger than relay draws ({MAX_ROWS}×{MAX_COLS} at most); using {}×{}",
                size.rows, size.cols
            )
        });
        Ok((size, note))
    }

    fn non_zero(self) -> (std::num::NonZeroU16, std::num::NonZeroU16) {
        (
            std::num::NonZeroU16::new(self.rows).unwrap_or(std::num::NonZeroU16::MIN),
            std::num::NonZeroU16::new(self.cols).unwrap_or(std::num::NonZeroU16::MIN),
        )
    }
}

/// What resizes and ends the process behind a terminal (the backend's side of the PTY).
pub trait PtyControl: Send + Sync + std::fmt::Debug {
    fn resize(&self, size: TermSize) -> Result<(), String>;
    /// Asks the process to end (SIGHUP, then SIGKILL after a grace period for the local backend).
    fn kill(&self);
}

/// Why an attachment ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Another client attached as the writer, or the session was stopped or removed.
    Detached(String),
    /// The process ended.
    Exited(ExitInfo),
}

/// A frame for one client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// The screen as it is, with history: reproduces it on a fresh terminal of `size`.
    Snapshot {
        bytes: Vec<u8>,
        size: TermSize,
    },
    Output(Arc<[u8]>),
    End(End),
}

#[derive(Debug, Default)]
struct Signals {
    notify: Notify,
    lagged: AtomicBool,
    end: Mutex<Option<End>>,
}

#[derive(Debug)]
struct Client {
    id: u64,
    tx: mpsc::Sender<Arc<[u8]>>,
    signals: Arc<Signals>,
}

/// The lines that scrolled off the top of the screen, oldest first, each as vt100's "basic formatted" text (the
/// characters with the SGR codes that colour them, from the default attributes) — at most `capacity`. Rows of the
/// alternate screen (a full-screen program's) are not history, as in any terminal.
#[derive(Debug, Default)]
struct History {
    lines: VecDeque<Box<str>>,
    capacity: usize,
}

impl vt100::Callbacks for History {
    fn on_scroll(&mut self, row: vt100::capture::RowContents<'_>, alternate_screen: bool) {
        if alternate_screen || self.capacity == 0 {
            return;
        }
        let mut line = String::new();
        let mut state = vt100::capture::BasicFormattedCaptureState::new();
        if row.write_formatted_basic(&mut line, &mut state).is_err() {
            return;
        }
        if self.lines.len() == self.capacity {
            self.lines.pop_front();
        }
        self.lines.push_back(line.into_boxed_str());
    }
}

impl History {
    /// The newest `max` lines, oldest first.
    fn newest(&self, max: usize) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .skip(self.lines.len().saturating_sub(max))
            .map(|line| &**line)
    }
}

struct Inner {
    /// The screen as cells; it keeps no scrollback of its own (`History` does).
    parser: vt100::Parser<History>,
    clients: Vec<Client>,
    next_client: u64,
    writer: Option<u64>,
    exited: Option<ExitInfo>,
    control: Option<Arc<dyn PtyControl>>,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inner")
            .field("clients", &self.clients.len())
            .field("writer", &self.writer)
            .field("exited", &self.exited)
            .finish_non_exhaustive()
    }
}

/// One session's terminal.
#[derive(Debug)]
pub struct Terminal {
    inner: Mutex<Inner>,
    input: mpsc::Sender<Vec<u8>>,
    snapshot_lines: usize,
    /// The runner's metrics, when the terminal is a session's (bytes each way, the input-to-output time).
    metrics: std::sync::OnceLock<Arc<super::metrics::Metrics>>,
    /// When the writer's last input arrived, until the process's next output.
    typed_at: Mutex<Option<std::time::Instant>>,
}

impl Terminal {
    /// A terminal of `size` keeping `scrollback` lines; the receiver is what the backend writes to the PTY.
    pub fn new(
        size: TermSize,
        scrollback: usize,
        snapshot_lines: usize,
    ) -> (Arc<Terminal>, mpsc::Receiver<Vec<u8>>) {
        let (rows, cols) = size.non_zero();
        let (input, input_rx) = mpsc::channel(INPUT_QUEUE);
        let terminal = Terminal {
            inner: Mutex::new(Inner {
                parser: vt100::Parser::new_with_callbacks(
                    rows,
                    cols,
                    0,
                    History {
                        lines: VecDeque::new(),
                        capacity: scrollback,
                    },
                ),
                clients: Vec::new(),
                next_client: 1,
                writer: None,
                exited: None,
                control: None,
            }),
            input,
            snapshot_lines,
            metrics: std::sync::OnceLock::new(),
            typed_at: Mutex::new(None),
        };
        (Arc::new(terminal), input_rx)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The backend's resize and kill, once the process runs.
    pub fn set_control(&self, control: Arc<dyn PtyControl>) {
        self.lock().control = Some(control);
    }

    /// Counts this terminal's traffic in the runner's metrics.
    pub fn set_metrics(&self, metrics: Arc<super::metrics::Metrics>) {
        let _ = self.metrics.set(metrics);
    }

    /// The PTY's output: parsed, then offered to every client that keeps up. Never waits.
    pub fn feed(&self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if let Some(metrics) = self.metrics.get() {
            super::metrics::Metrics::add(&metrics.output_bytes, bytes.len() as u64);
            let typed = self.typed_at.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(at) = typed {
                metrics.terminal_latency.record(at.elapsed());
            }
        }
        let chunk: Arc<[u8]> = Arc::from(bytes);
        let mut inner = self.lock();
        inner.parser.process(bytes);
        inner.clients.retain(|client| {
            if client.signals.lagged.load(Ordering::Acquire) {
                return !client.tx.is_closed();
            }
            match client.tx.try_send(Arc::clone(&chunk)) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    client.signals.lagged.store(true, Ordering::Release);
                    client.signals.notify.notify_one();
                    true
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
    }

    /// The process ended: every client is told, and new attachments get the last screen and the exit.
    pub fn exited(&self, exit: ExitInfo) {
        let mut inner = self.lock();
        inner.exited = Some(exit.clone());
        inner.writer = None;
        for client in inner.clients.drain(..) {
            end(&client.signals, End::Exited(exit.clone()));
        }
    }

    /// Ends every attachment with `reason` (the session is stopping or being removed).
    pub fn detach_all(&self, reason: &str) {
        let mut inner = self.lock();
        inner.writer = None;
        for client in inner.clients.drain(..) {
            end(&client.signals, End::Detached(reason.to_owned()));
        }
    }

    /// Attaches a client: its first frame is a snapshot, then the output. A writer replaces the previous one,
    /// which is detached with a reason it can show.
    ///
    /// A writer's `size` (already checked) becomes the terminal's before the snapshot is taken, so the snapshot is
    /// drawn for the client's own size.
    pub fn attach(self: &Arc<Self>, writer: bool, size: Option<TermSize>) -> Attachment {
        let (tx, rx) = mpsc::channel(CLIENT_QUEUE);
        let signals = Arc::new(Signals::default());
        let mut inner = self.lock();
        let id = inner.next_client;
        inner.next_client += 1;
        let mut resize = None;
        if writer
            && inner.exited.is_none()
            && let Some(size) = size
        {
            let (rows, cols) = size.non_zero();
            inner.parser.screen_mut().set_size(rows, cols);
            resize = inner.control.clone().map(|control| (control, size));
        }
        let snapshot = (
            snapshot(&inner.parser, self.snapshot_lines),
            size_of(&inner.parser),
        );
        if let Some(exit) = inner.exited.clone() {
            end(&signals, End::Exited(exit));
        } else {
            if writer
                && let Some(previous) = inner.writer.replace(id)
                && let Some(index) = inner.clients.iter().position(|c| c.id == previous)
            {
                let old = inner.clients.remove(index);
                end(
                    &old.signals,
                    End::Detached("another client attached to this session as its writer".to_owned()),
                );
            }
            inner.clients.push(Client {
                id,
                tx,
                signals: Arc::clone(&signals),
            });
        }
        let attachment = Attachment {
            id,
            terminal: Arc::clone(self),
            rx,
            signals,
            first: Some(snapshot),
            writer,
        };
        drop(inner);
        if let Some((control, size)) = resize
            && let Err(err) = control.resize(size)
        {
            tracing::debug!(error = %err, "resizing a terminal at attach failed");
        }
        attachment
    }

    /// The history and the screen as plain text lines, oldest first, at most `limit` lines (the newest).
    pub fn scrollback(&self, limit: usize) -> Vec<String> {
        let inner = self.lock();
        let screen = inner.parser.screen();
        let (rows, cols) = screen.size();
        let (rows, cols) = (usize::from(rows.get()), cols.get());
        let history = inner.parser.callbacks();
        let mut lines: Vec<String> = history
            .newest(limit.saturating_add(rows))
            .map(|line| {
                let plain: String = vt100::capture::basic_formatted_to_plain(line).collect();
                plain.trim_end().to_owned()
            })
            .collect();
        lines.extend(screen.rows(0, cols).take(rows).map(|l| l.trim_end().to_owned()));
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let skip = lines.len().saturating_sub(limit);
        lines.split_off(skip)
    }

    /// The screen's text (the visible rows), for tests and the status line.
    pub fn screen_text(&self) -> String {
        self.lock().parser.screen().contents()
    }

    pub fn size(&self) -> TermSize {
        size_of(&self.lock().parser)
    }

    fn resize(&self, size: TermSize) -> Result<(), String> {
        let (rows, cols) = size.non_zero();
        let control = {
            let mut inner = self.lock();
            // The parser's own set_size: rows a smaller screen pushes off the top go into the history.
            inner.parser.set_size(rows, cols);
            inner.control.clone()
        };
        match control {
            Some(control) => control.resize(size),
            None => Ok(()),
        }
    }

    pub fn kill(&self) {
        let control = self.lock().control.clone();
        if let Some(control) = control {
            control.kill();
        }
    }

    fn is_writer(&self, id: u64) -> bool {
        self.lock().writer == Some(id)
    }

    fn detach(&self, id: u64) {
        let mut inner = self.lock();
        inner.clients.retain(|c| c.id != id);
        if inner.writer == Some(id) {
            inner.writer = None;
        }
    }

    /// A fresh snapshot for a lagging client, taken with its stale queue emptied under the parse lock: the
    /// snapshot holds everything the queue held, and what follows it is new.
    fn resnapshot(&self, rx: &mut mpsc::Receiver<Arc<[u8]>>, signals: &Signals) -> (Vec<u8>, TermSize) {
        let inner = self.lock();
        while rx.try_recv().is_ok() {}
        signals.lagged.store(false, Ordering::Release);
        (
            snapshot(&inner.parser, self.snapshot_lines),
            size_of(&inner.parser),
        )
    }
}

fn size_of(parser: &vt100::Parser<History>) -> TermSize {
    let (rows, cols) = parser.screen().size();
    TermSize {
        rows: rows.get(),
        cols: cols.get(),
    }
}

fn end(signals: &Signals, end: End) {
    *signals.end.lock().unwrap_or_else(|p| p.into_inner()) = Some(end);
    signals.notify.notify_one();
}

/// Bytes that reproduce the screen on a fresh terminal of the same size: up to `lines` of history, scrolled
/// up into the client's own scrollback, then the screen with its colours, cursor and modes.
fn snapshot(parser: &vt100::Parser<History>, lines: usize) -> Vec<u8> {
    let screen = parser.screen();
    let rows = screen.size().0;
    let mut out = Vec::new();
    out.extend_from_slice(b"\x1b[0m\x1b[H\x1b[2J");
    let mut had_history = false;
    for line in parser.callbacks().newest(lines) {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(b"\x1b[0m\r\n");
        had_history = true;
    }
    if had_history {
        // Push the history off the screen into the client's scrollback before drawing the screen.
        for _ in 0..rows.get() {
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(screen.state_formatted().as_bytes());
    out
}

/// One client's view of a terminal; dropping it detaches.
#[derive(Debug)]
pub struct Attachment {
    id: u64,
    terminal: Arc<Terminal>,
    rx: mpsc::Receiver<Arc<[u8]>>,
    signals: Arc<Signals>,
    first: Option<(Vec<u8>, TermSize)>,
    writer: bool,
}

impl Attachment {
    /// The next frame: the snapshot first, then output; a fresh snapshot after a lag; `End` last (then `None`).
    pub async fn next(&mut self) -> Option<Frame> {
        if let Some((bytes, size)) = self.first.take() {
            return Some(Frame::Snapshot { bytes, size });
        }
        loop {
            if self.signals.lagged.load(Ordering::Acquire) {
                let (bytes, size) = self.terminal.resnapshot(&mut self.rx, &self.signals);
                return Some(Frame::Snapshot { bytes, size });
            }
            if let Ok(chunk) = self.rx.try_recv() {
                return Some(Frame::Output(chunk));
            }
            // The output queued before the end is delivered first.
            if let Some(end) = self.signals.end.lock().unwrap_or_else(|p| p.into_inner()).take() {
                self.rx.close();
                return Some(Frame::End(end));
            }
            if self.rx.is_closed() && self.rx.is_empty() {
                return None;
            }
            tokio::select! {
                biased;
                () = self.signals.notify.notified() => {}
                chunk = self.rx.recv() => {
                    if let Some(chunk) = chunk {
                        return Some(Frame::Output(chunk));
                    }
                }
            }
        }
    }

    /// Sends keys to the PTY, waiting while its queue is full. Only the writer may.
    pub async fn input(&self, bytes: Vec<u8>) -> Result<(), String> {
        self.control().input(bytes).await
    }

    /// Resizes the terminal (the writer's size is the PTY's). A watcher's resize is refused.
    pub fn resize(&self, rows: u32, cols: u32) -> Result<Option<String>, String> {
        self.control().resize(rows, cols)
    }

    pub fn is_writer(&self) -> bool {
        self.writer
    }

    /// The attachment's input side, to use beside [`Attachment::next`] (keys keep flowing while output waits).
    pub fn control(&self) -> AttachControl {
        AttachControl {
            id: self.id,
            terminal: Arc::clone(&self.terminal),
            writer: self.writer,
        }
    }
}

/// An attachment's keys and resizes.
#[derive(Clone, Debug)]
pub struct AttachControl {
    id: u64,
    terminal: Arc<Terminal>,
    writer: bool,
}

impl AttachControl {
    /// Sends keys to the PTY, waiting while its queue is full (so a flood of input is held back by the
    /// client's own stream, never buffered without bound). Only the writer may.
    pub async fn input(&self, bytes: Vec<u8>) -> Result<(), String> {
        if !self.writer {
            return Err("this client attached to watch; attach as the writer to type".to_owned());
        }
        if bytes.len() > MAX_INPUT_BYTES {
            return Err(format!(
                "an input message of {} bytes is larger than {MAX_INPUT_BYTES}; send it in pieces",
                bytes.len()
            ));
        }
        if !self.terminal.is_writer(self.id) {
            return Err("another client is the writer now; attach again to type".to_owned());
        }
        let len = bytes.len() as u64;
        self.terminal
            .input
            .send(bytes)
            .await
            .map_err(|_| "the session's process has ended; resume it to type again".to_owned())?;
        if let Some(metrics) = self.terminal.metrics.get() {
            super::metrics::Metrics::add(&metrics.input_bytes, len);
            self.terminal
                .typed_at
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert_with(std::time::Instant::now);
        }
        Ok(())
    }

    /// Resizes the terminal: 0 is refused, past the largest size is brought down (the note says so).
    pub fn resize(&self, rows: u32, cols: u32) -> Result<Option<String>, String> {
        let (size, note) = TermSize::checked(rows, cols)?;
        if !self.writer {
            return Err("only the writer resizes the terminal; this client watches".to_owned());
        }
        self.terminal.resize(size)?;
        Ok(note)
    }
}

impl Drop for Attachment {
    fn drop(&mut self) {
        self.terminal.detach(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terminal() -> (Arc<Terminal>, mpsc::Receiver<Vec<u8>>) {
        Terminal::new(TermSize { rows: 5, cols: 20 }, 100, 50)
    }

    fn replay(bytes: &[u8], size: TermSize) -> vt100::Parser {
        let (rows, cols) = size.non_zero();
        let mut parser = vt100::Parser::new(rows, cols, 100);
        parser.process(bytes);
        parser
    }

    #[tokio::test]
    async fn a_snapshot_reproduces_the_screen_and_the_history() {
        let (term, _input) = terminal();
        for n in 0..12 {
            term.feed(format!("line {n}\r\n").as_bytes());
        }
        term.feed(b"\x1b[31mred\x1b[0m prompt$ ");
        let mut attachment = term.attach(false, None);
        let Some(Frame::Snapshot { bytes, size }) = attachment.next().await else {
            panic!("the first frame is a snapshot");
        };
        let mut replayed = replay(&bytes, size);
        assert_eq!(replayed.screen().contents(), term.screen_text());
        assert_eq!(replayed.screen().cursor_position(), (4, 12));
        assert!(replayed.screen().cell(4, 0).unwrap().fgcolor() == vt100::Color::Idx(1));
        // The history went into the client's own scrollback.
        replayed.screen_mut().set_scrollback(usize::MAX);
        assert!(replayed.screen().contents().contains("line 0"));
        let lines = term.scrollback(1000);
        assert_eq!(lines.first().map(String::as_str), Some("line 0"));
        assert_eq!(lines.last().map(String::as_str), Some("red prompt$"));
        assert_eq!(term.scrollback(2), vec!["line 11", "red prompt$"]);
    }

    #[tokio::test]
    async fn the_history_keeps_its_colours_its_bound_and_the_rows_a_smaller_screen_pushes_off() {
        // 100 lines of history kept (`terminal()`), a screen of 5.
        let (term, _input) = terminal();
        for n in 0..150 {
            term.feed(format!("\x1b[32mline {n}\x1b[0m\r\n").as_bytes());
        }
        let lines = term.scrollback(usize::MAX);
        assert_eq!(
            lines.len(),
            100 + 4,
            "the bound, then the screen's rows but its empty last one"
        );
        assert_eq!(lines.first().map(String::as_str), Some("line 46"));
        assert_eq!(lines.last().map(String::as_str), Some("line 149"));
        // A client's snapshot colours the history as the program did.
        let mut attachment = term.attach(false, None);
        let Some(Frame::Snapshot { bytes, size }) = attachment.next().await else {
            panic!("the first frame is a snapshot");
        };
        let text = String::from_utf8_lossy(&bytes);
        // snapshot_max_lines (50) of the 100: lines 96 to 145, then the screen.
        assert!(text.contains("line 96\x1b"), "{text}");
        assert!(
            !text.contains("line 95\x1b"),
            "no more than snapshot_max_lines: {text}"
        );
        let mut replayed = replay(&bytes, size);
        replayed.screen_mut().set_scrollback(usize::MAX);
        assert_eq!(
            replayed.screen().cell(0, 0).unwrap().fgcolor(),
            vt100::Color::Idx(2)
        );
        // Shrinking the screen pushes its top rows into the history, not away.
        term.resize(TermSize { rows: 2, cols: 20 }).unwrap();
        assert_eq!(
            term.scrollback(4),
            ["line 146", "line 147", "line 148", "line 149"],
            "every line is still there, in order"
        );
    }

    #[tokio::test]
    async fn output_follows_the_snapshot_without_gap() {
        let (term, _input) = terminal();
        term.feed(b"before ");
        let mut attachment = term.attach(false, None);
        assert!(matches!(attachment.next().await, Some(Frame::Snapshot { .. })));
        term.feed(b"after");
        assert_eq!(
            attachment.next().await,
            Some(Frame::Output(Arc::from(&b"after"[..])))
        );
    }

    #[tokio::test]
    async fn a_client_that_stops_reading_is_skipped_forward_and_never_blocks_another() {
        let (term, _input) = terminal();
        let mut slow = term.attach(false, None);
        let mut fast = term.attach(false, None);
        assert!(matches!(slow.next().await, Some(Frame::Snapshot { .. })));
        assert!(matches!(fast.next().await, Some(Frame::Snapshot { .. })));
        // Far more chunks than a queue holds; `feed` never waits.
        for n in 0..(CLIENT_QUEUE * 3) {
            term.feed(format!("{n}\r\n").as_bytes());
            let Some(Frame::Output(chunk)) = fast.next().await else {
                panic!("the reading client gets every chunk");
            };
            assert_eq!(&*chunk, format!("{n}\r\n").as_bytes());
        }
        // The slow one gets its queue … then a fresh snapshot of the screen as it is now, not the lost chunks.
        let mut seen = 0;
        let snapshot = loop {
            match slow.next().await {
                Some(Frame::Output(_)) => seen += 1,
                Some(Frame::Snapshot { bytes, size }) => break replay(&bytes, size),
                other => panic!("unexpected {other:?}"),
            }
        };
        assert!(
            seen <= CLIENT_QUEUE,
            "at most one queue of output before the snapshot, got {seen}"
        );
        assert_eq!(snapshot.screen().contents(), term.screen_text());
        term.feed(b"next");
        assert_eq!(slow.next().await, Some(Frame::Output(Arc::from(&b"next"[..]))));
    }

    #[tokio::test]
    async fn a_new_writer_detaches_the_previous_one_and_watchers_cannot_type() {
        let (term, mut input) = terminal();
        let mut first = term.attach(true, None);
        let watcher = term.attach(false, None);
        first.next().await;
        first.input(b"a".to_vec()).await.unwrap();
        assert_eq!(input.recv().await.unwrap(), b"a");
        let second = term.attach(true, None);
        assert_eq!(
            first.next().await,
            Some(Frame::End(End::Detached(
                "another client attached to this session as its writer".to_owned()
            )))
        );
        assert!(
            first
                .input(b"b".to_vec())
                .await
                .unwrap_err()
                .contains("another client is the writer")
        );
        assert!(
            watcher
                .input(b"c".to_vec())
                .await
                .unwrap_err()
                .contains("attached to watch")
        );
        second.input(b"d".to_vec()).await.unwrap();
        assert_eq!(input.recv().await.unwrap(), b"d");
        let big = vec![b'x'; MAX_INPUT_BYTES + 1];
        assert!(second.input(big).await.unwrap_err().contains("send it in pieces"));
    }

    #[tokio::test]
    async fn a_writers_size_is_the_terminals_before_its_snapshot_and_a_watchers_is_not() {
        let (term, _input) = terminal();
        let mut watcher = term.attach(false, Some(TermSize { rows: 9, cols: 33 }));
        let Some(Frame::Snapshot { size, .. }) = watcher.next().await else {
            panic!()
        };
        assert_eq!(size, TermSize { rows: 5, cols: 20 });
        let mut writer = term.attach(true, Some(TermSize { rows: 9, cols: 33 }));
        let Some(Frame::Snapshot { size, .. }) = writer.next().await else {
            panic!()
        };
        assert_eq!(size, TermSize { rows: 9, cols: 33 });
        assert_eq!(term.size(), TermSize { rows: 9, cols: 33 });
    }

    #[test]
    fn sizes_of_zero_are_refused_and_huge_ones_brought_down() {
        let err = TermSize::checked(0, 0).unwrap_err();
        assert!(err.contains("0×0"), "{err}");
        assert!(TermSize::checked(24, 0).is_err());
        let (size, note) = TermSize::checked(40, 10_000).unwrap();
        assert_eq!(
            size,
            TermSize {
                rows: 40,
                cols: MAX_COLS
            }
        );
        assert!(note.unwrap().contains("using 40×1000"));
        assert_eq!(TermSize::checked(24, 80).unwrap(), (TermSize::DEFAULT, None));
    }

    #[tokio::test]
    async fn an_exit_ends_every_attachment_and_later_ones_see_the_last_screen() {
        let (term, _input) = terminal();
        let mut attachment = term.attach(true, None);
        attachment.next().await;
        term.feed(b"bye");
        term.exited(ExitInfo {
            code: Some(0),
            signal: None,
        });
        assert!(matches!(attachment.next().await, Some(Frame::Output(_))));
        assert!(matches!(
            attachment.next().await,
            Some(Frame::End(End::Exited(_)))
        ));
        let mut late = term.attach(false, None);
        let Some(Frame::Snapshot { bytes, size }) = late.next().await else {
            panic!()
        };
        assert!(replay(&bytes, size).screen().contents().contains("bye"));
        assert!(matches!(late.next().await, Some(Frame::End(End::Exited(_)))));
    }
}
