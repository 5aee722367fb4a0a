//! Lines out of a byte stream in bounded memory.
//!
//! [`LineReader`] holds at most one line (up to [`MAX_LINE`] bytes) plus one read block. A longer line is
//! skipped to its newline without being held ([`RawLine::TooLong`]); a last line without a newline is handed
//! out as [`RawLine::Tail`], so the caller can tell a transcript cut mid-line (or still being written) from a
//! finished one. [`LineReader::offset`] is the byte offset after the last line handed out, which is where a
//! later read of the same file goes on from.

use std::io::{ErrorKind, Read};

/// The longest line read, in bytes (16 MiB). Claude Code's longest lines (a request blob) are a few hundred KB.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

const BLOCK: usize = 64 * 1024;

/// One line as read.
#[derive(Debug, PartialEq, Eq)]
pub enum RawLine<'a> {
    /// A line that ended with `\n` (without it, and without a `\r` before it).
    Complete(&'a [u8]),
    /// The last bytes of the stream, with no `\n` after them.
    Tail(&'a [u8]),
    /// A line over [`MAX_LINE`] bytes, skipped.
    TooLong,
}

/// Splits a stream into lines, holding at most one line and one block.
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
    /// Bytes `start..end` are read and not yet handed out; the allocation is only grown for a line longer than
    /// what it holds.
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    /// Bytes of `start..searched` already searched for a newline.
    searched: usize,
    /// Bytes consumed from the stream before `buffer[0]`.
    base: u64,
    /// The offset after the last line handed out.
    offset: u64,
    eof: bool,
    /// Skipping the rest of a line that grew past `max_line`.
    skipping: bool,
    max_line: usize,
}

impl<R: Read> LineReader<R> {
    pub fn new(reader: R) -> LineReader<R> {
        LineReader::with_max_line(reader, MAX_LINE)
    }

    /// A reader whose longest line is `max_line` bytes (tests use a small one).
    pub fn with_max_line(reader: R, max_line: usize) -> LineReader<R> {
        LineReader {
            reader,
            buffer: vec![0; BLOCK],
            start: 0,
            end: 0,
            searched: 0,
            base: 0,
            offset: 0,
            eof: false,
            skipping: false,
            max_line,
        }
    }

    /// The byte offset after the last line handed out (complete, tail or skipped).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The buffer's size, in bytes (its largest so far: it never shrinks).
    pub fn max_buffer(&self) -> usize {
        self.buffer.len()
    }

    /// The next line, `None` at the end of the stream.
    pub fn next_line(&mut self) -> std::io::Result<Option<RawLine<'_>>> {
        loop {
            if let Some(at) = memchr(&self.buffer[self.searched..self.end]).map(|i| i + self.searched) {
                let line_start = self.start;
                self.start = at + 1;
                self.searched = self.start;
                self.offset = self.base + self.start as u64;
                if self.skipping {
                    self.skipping = false;
                    return Ok(Some(RawLine::TooLong));
                }
                let mut line = &self.buffer[line_start..at];
                if let Some(stripped) = line.strip_suffix(b"\r") {
                    line = stripped;
                }
                return Ok(Some(RawLine::Complete(line)));
            }
            self.searched = self.end;
            if self.eof {
                let rest = self.start..self.end;
                self.start = self.end;
                self.searched = self.end;
                self.offset = self.base + self.end as u64;
                if self.skipping {
                    self.skipping = false;
                    return Ok(Some(RawLine::TooLong));
                }
                if rest.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(RawLine::Tail(&self.buffer[rest])));
            }
            if self.end - self.start > self.max_line {
                // Drop what is held of the long line; keep skipping to its newline.
                self.base += self.end as u64;
                self.start = 0;
                self.end = 0;
                self.searched = 0;
                self.skipping = true;
            }
            if self.end == self.buffer.len() {
                // Move the unfinished line to the front, or make room for it.
                if self.start > 0 {
                    self.buffer.copy_within(self.start..self.end, 0);
                    self.base += self.start as u64;
                    self.end -= self.start;
                    self.searched -= self.start;
                    self.start = 0;
                } else {
                    let grown = (self.buffer.len() * 2)
                        .min(self.max_line + BLOCK)
                        .max(self.buffer.len() + BLOCK);
                    self.buffer.resize(grown, 0);
                }
            }
            let read = loop {
                match self.reader.read(&mut self.buffer[self.end..]) {
                    Ok(n) => break n,
                    Err(err) if err.kind() == ErrorKind::Interrupted => continue,
                    Err(err) => return Err(err),
                }
            };
            self.end += read;
            if read == 0 {
                self.eof = true;
            }
        }
    }
}

fn memchr(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8], max: usize) -> Vec<String> {
        let mut reader = LineReader::with_max_line(bytes, max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            out.push(match line {
                RawLine::Complete(l) => format!("C:{}", String::from_utf8_lossy(l)),
                RawLine::Tail(l) => format!("T:{}", String::from_utf8_lossy(l)),
                RawLine::TooLong => "LONG".to_owned(),
            });
        }
        assert_eq!(reader.offset(), bytes.len() as u64);
        out
    }

    #[test]
    fn lines_tails_and_crlf_are_told_apart() {
        assert_eq!(all(b"a\nb\r\n\nc", 100), ["C:a", "C:b", "C:", "T:c"]);
        assert_eq!(all(b"", 100), Vec::<String>::new());
        assert_eq!(all(b"a\n", 100), ["C:a"]);
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_without_being_held() {
        let mut bytes = b"short\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 300_000));
        bytes.extend(b"\nafter\n");
        bytes.extend(std::iter::repeat_n(b'y', 300_000));
        assert_eq!(all(&bytes, 1000), ["C:short", "LONG", "C:after", "LONG"]);
        let mut reader = LineReader::with_max_line(&bytes[..], 1000);
        while reader.next_line().unwrap().is_some() {}
        assert!(reader.max_buffer() <= 1000 + 2 * BLOCK, "{}", reader.max_buffer());
        assert_eq!(LineReader::new(&b"a\n"[..]).max_buffer(), BLOCK);
    }

    #[test]
    fn the_offset_is_after_the_last_line_handed_out() {
        let mut reader = LineReader::new(&b"one\ntwo\nthr"[..]);
        reader.next_line().unwrap();
        assert_eq!(reader.offset(), 4);
        reader.next_line().unwrap();
        assert_eq!(reader.offset(), 8);
    }
}
