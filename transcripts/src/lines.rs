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
    buffer: Vec<u8>,
    /// Where the current line starts in `buffer`.
    start: usize,
    /// Bytes of `buffer` already searched for a newline.
    searched: usize,
    /// Bytes consumed from the stream before `buffer[0]`.
    base: u64,
    /// The offset after the last line handed out.
    offset: u64,
    eof: bool,
    /// Skipping the rest of a line that grew past `max_line`.
    skipping: bool,
    max_line: usize,
    max_buffer: usize,
}

impl<R: Read> LineReader<R> {
    pub fn new(reader: R) -> LineReader<R> {
        LineReader::with_max_line(reader, MAX_LINE)
    }

    /// A reader whose longest line is `max_line` bytes (tests use a small one).
    pub fn with_max_line(reader: R, max_line: usize) -> LineReader<R> {
        LineReader {
            reader,
            buffer: Vec::with_capacity(BLOCK),
            start: 0,
            searched: 0,
            base: 0,
            offset: 0,
            eof: false,
            skipping: false,
            max_line,
            max_buffer: 0,
        }
    }

    /// The byte offset after the last line handed out (complete, tail or skipped).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The buffer's largest capacity so far, in bytes.
    pub fn max_buffer(&self) -> usize {
        self.max_buffer
    }

    /// The next line, `None` at the end of the stream.
    pub fn next_line(&mut self) -> std::io::Result<Option<RawLine<'_>>> {
        loop {
            if let Some(at) = memchr(&self.buffer[self.searched..]).map(|i| i + self.searched) {
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
            self.searched = self.buffer.len();
            if self.eof {
                let rest = self.start..self.buffer.len();
                self.start = self.buffer.len();
                self.searched = self.start;
                self.offset = self.base + self.start as u64;
                if self.skipping {
                    self.skipping = false;
                    return Ok(Some(RawLine::TooLong));
                }
                if rest.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(RawLine::Tail(&self.buffer[rest])));
            }
            // Move the unfinished line to the front before reading more.
            if self.start > 0 {
                self.buffer.drain(..self.start);
                self.base += self.start as u64;
                self.searched -= self.start;
                self.start = 0;
            }
            if self.buffer.len() > self.max_line {
                // Drop what is held of the long line; keep skipping to its newline.
                self.base += self.buffer.len() as u64;
                self.buffer.clear();
                self.searched = 0;
                self.skipping = true;
            }
            let len = self.buffer.len();
            self.buffer.resize(len + BLOCK, 0);
            let read = loop {
                match self.reader.read(&mut self.buffer[len..]) {
                    Ok(n) => break n,
                    Err(err) if err.kind() == ErrorKind::Interrupted => continue,
                    Err(err) => {
                        self.buffer.truncate(len);
                        return Err(err);
                    }
                }
            };
            self.buffer.truncate(len + read);
            self.max_buffer = self.max_buffer.max(self.buffer.capacity());
            if read == 0 {
                self.eof = true;
            }
        }
    }
}

fn memchr(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| *b == b'\n')
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
