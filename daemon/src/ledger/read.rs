//! Reading one transcript file into the ledger: from its saved cursor (the byte offset after the last complete
//! line and the parser's state there) to its last complete line, in batches of at most [`BATCH_RECORDS`]
//! records, each written with the cursor that follows it in one transaction. A last line without its newline is
//! left for the next read (the agent may be writing it); a file that shrank is read again from the start; the
//! whole-document formats (Copilot's session files, Antigravity's artifacts) are read whole when they changed.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

use relay_transcripts::{Format, LineParser, LineReader, Options, RawLine, Record, SessionInfo, Turn};

use crate::handle::DaemonHandle;
use crate::store::StoreError;
use crate::store::ledger::{self, Added, Batch, CursorUpdate};

/// Records written per transaction at most.
pub const BATCH_RECORDS: usize = 2_000;
/// A file not changed for this long is not expected to grow: edits still waiting for a result are written with
/// an unknown outcome.
pub const IDLE: Duration = Duration::from_secs(600);

/// Why a transcript could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read the transcript {path}: {source}; relay reads it again when it changes")]
    Io { path: String, source: std::io::Error },
    #[error("cannot write what the transcript {path} gave into the ledger: {source}")]
    Store { path: String, source: StoreError },
}

/// What one read of a file did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    pub added: Added,
    pub turns: u64,
    pub edits: u64,
    pub bytes: u64,
    pub batches: u64,
    /// Nothing changed since the cursor (same size and time).
    pub unchanged: bool,
}

/// Reads `path` from its cursor into the ledger.
pub async fn read_transcript(
    handle: &DaemonHandle,
    path: &Path,
    format: Format,
) -> Result<ReadReport, ReadError> {
    let text_path = path.to_string_lossy().into_owned();
    let io = |source| ReadError::Io {
        path: text_path.clone(),
        source,
    };
    let store = |source| ReadError::Store {
        path: text_path.clone(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    let size = meta.len() as i64;
    let mtime = meta.modified().unwrap_or(UNIX_EPOCH);
    let mtime_ms = mtime
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let idle = mtime.elapsed().is_ok_and(|age| age >= IDLE);
    let cursor = {
        let mut db = handle.store().read().await.map_err(store)?;
        ledger::cursor(&mut db, &text_path).await.map_err(store)?
    };
    if let Some(cursor) = &cursor
        && cursor.size == size
        && cursor.mtime_ms == mtime_ms
        && cursor.format == format.name()
        && cursor.error.is_none()
    {
        return Ok(ReadReport {
            unchanged: true,
            ..ReadReport::default()
        });
    }
    let options = Options {
        fallback_ms: Some(mtime_ms),
    };
    // Resume where the last read stopped when the file only grew; else from the start.
    let resumed = cursor
        .as_ref()
        .filter(|c| format.resumable() && c.format == format.name() && c.offset <= size && c.offset > 0)
        .and_then(|c| c.state.as_deref())
        .and_then(|state| serde_json::from_str(state).ok())
        .and_then(LineParser::resume)
        .zip(cursor.as_ref().map(|c| c.offset));
    let (parser, start) = match resumed {
        Some((parser, offset)) => (parser, offset as u64),
        None => (LineParser::new(format, &text_path, options), 0),
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let keep_text = handle.config().graph_text;
    let agent = format.agent().cli_name();
    // Parsing runs on a blocking thread and hands batches over a short queue: the daemon's async threads only
    // write them, and a 200 MB transcript is held one batch at a time.
    let (batches, mut incoming) = tokio::sync::mpsc::channel::<Parsed>(2);
    let parse_path = path.to_path_buf();
    let parsing = tokio::task::spawn_blocking(move || {
        parse_batches(file, start, size as u64, parser, idle, &batches).map_err(|source| (parse_path, source))
    });
    let mut report = ReadReport::default();
    let mut committed = start;
    while let Some(batch) = incoming.recv().await {
        let stats = &batch.stats;
        let note = relay_transcripts::unreadable(&text_path);
        let cursor = CursorUpdate {
            path: &text_path,
            format: format.name(),
            offset: batch.offset as i64,
            // The size and time are only recorded once the whole file is read (else the next read would skip).
            size: if batch.last { size } else { -1 },
            mtime_ms: if batch.last { mtime_ms } else { -1 },
            state: batch.state.as_deref(),
            bad_lines: stats.bad_lines as i64,
            unknown_lines: stats.unknown_lines() as i64,
            note,
            error: None,
        };
        let (session, turns, edits) = split(batch.records, batch.session);
        report.turns += turns.len() as u64;
        report.edits += edits.len() as u64;
        let added = write(handle, agent, &session, &turns, &edits, &cursor, keep_text)
            .await
            .map_err(store)?;
        remember_intent(handle, agent, &session, &turns);
        report.added.turns += added.turns;
        report.added.edits += added.edits;
        report.added.same_change += added.same_change;
        report.batches += 1;
        committed = batch.offset;
    }
    match parsing.await {
        Ok(Ok(())) => {}
        Ok(Err((_, source))) => return Err(io(source)),
        Err(join) => return Err(io(std::io::Error::other(format!("the parser stopped: {join}")))),
    }
    report.bytes = committed - start;
    Ok(report)
}

/// One batch from the parsing thread: its records, the offset after them, the parser's state there.
struct Parsed {
    records: Vec<Record>,
    offset: u64,
    state: Option<String>,
    session: SessionInfo,
    stats: relay_transcripts::Stats,
    last: bool,
}

/// Parses `file` from `start` to `size` into batches of at most [`BATCH_RECORDS`] records.
fn parse_batches(
    file: std::fs::File,
    start: u64,
    size: u64,
    mut parser: LineParser,
    idle: bool,
    batches: &tokio::sync::mpsc::Sender<Parsed>,
) -> std::io::Result<()> {
    let mut file = file;
    file.seek(SeekFrom::Start(start))?;
    let format = parser.format();
    let mut lines = LineReader::new(file.take(size.saturating_sub(start)));
    let mut records: Vec<Record> = Vec::new();
    let mut committed = start;
    loop {
        let line = lines.next_line()?;
        let ended = line.is_none();
        match line {
            Some(RawLine::Complete(bytes)) => {
                parser.feed(bytes, &mut records);
                committed = start + lines.offset();
            }
            Some(RawLine::TooLong) => {
                parser.skip_too_long();
                committed = start + lines.offset();
            }
            // A line still being written: left for the next read, unless the format is read whole or the
            // file has been idle long enough to be finished.
            Some(RawLine::Tail(bytes)) if !format.resumable() || idle => {
                parser.feed_tail(bytes, &mut records);
                committed = start + lines.offset();
            }
            Some(RawLine::Tail(_)) | None => {}
        }
        if ended {
            if !format.resumable() {
                parser.finish(&mut records);
            } else if idle {
                parser.flush_pending(&mut records);
            }
        }
        if records.len() >= BATCH_RECORDS || ended {
            let batch = Parsed {
                records: std::mem::take(&mut records),
                offset: committed,
                state: format
                    .resumable()
                    .then(|| serde_json::to_string(parser.state()).ok())
                    .flatten(),
                session: parser.state().session.clone(),
                stats: parser.stats().clone(),
                last: ended,
            };
            if batches.blocking_send(batch).is_err() {
                // The writer stopped (its write failed): nothing more to do.
                return Ok(());
            }
        }
        if ended {
            return Ok(());
        }
    }
}

fn split(
    records: Vec<Record>,
    mut session: SessionInfo,
) -> (SessionInfo, Vec<Turn>, Vec<relay_transcripts::Edit>) {
    let mut turns = Vec::new();
    let mut edits = Vec::new();
    for record in records {
        match record {
            Record::Session(info) => session = info,
            Record::Turn(turn) => turns.push(turn),
            Record::Edit(edit) => edits.push(edit),
        }
    }
    (session, turns, edits)
}

async fn write(
    handle: &DaemonHandle,
    agent: &str,
    session: &SessionInfo,
    turns: &[Turn],
    edits: &[relay_transcripts::Edit],
    cursor: &CursorUpdate<'_>,
    keep_text: bool,
) -> Result<Added, StoreError> {
    if session.id.is_empty() {
        // No session to file it under (a path without one): only the cursor moves.
        let mut tx = handle.store().begin_write().await?;
        ledger::cursor_problem(
            &mut tx,
            cursor.path,
            cursor.format,
            Some("the transcript names no session; nothing from it is kept"),
            None,
            handle.now_ms(),
        )
        .await?;
        tx.commit().await?;
        return Ok(Added::default());
    }
    let mut tx = handle.store().begin_write().await?;
    let added = ledger::write_batch(
        &mut tx,
        &Batch {
            agent,
            session,
            turns,
            edits,
            cursor: Some(cursor),
            keep_text,
            now_ms: handle.now_ms(),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(added)
}

/// The session's newest meaningful prompt becomes its lock intent (what a refused claim is told).
fn remember_intent(handle: &DaemonHandle, agent: &str, session: &SessionInfo, turns: &[Turn]) {
    let Some(turn) = turns
        .iter()
        .rev()
        .find(|t| t.role == relay_transcripts::Role::User && !t.filler)
    else {
        return;
    };
    let Some(label) = relay_core::hook::Agent::parse(agent).ok().map(|a| a.label()) else {
        return;
    };
    let Ok(session) = relay_core::owner::SessionId::new(&session.id) else {
        return;
    };
    let coord = handle.coord();
    if let Ok(owner) = relay_core::owner::Owner::new(label, coord.host(), session) {
        coord
            .table()
            .record_prompt(&owner, &turn.text, turn.at_ms.unwrap_or_else(|| handle.now_ms()));
    }
}
