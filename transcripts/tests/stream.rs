//! A 200 MB transcript streamed through the parser in bounded memory, never held: the bytes are generated as
//! they are read, the sink only counts, and the reader's buffer and the parser's retained items stay under bounds
//! that do not depend on the length. Bad lines, unknown types, non-UTF-8 bytes and a line cut at the end are
//! mixed in and counted.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is the failure report

use std::io::Read;

use relay_transcripts::{Format, Options, Record, parse_stream};

/// Yields `total` bytes of a Claude Code transcript: a cycle of a prompt, a tool call and its result, an
/// assistant message, a large request blob line, a bad line, an unknown type and a line with invalid UTF-8 —
/// then a last line cut in half.
struct Generated {
    total: u64,
    produced: u64,
    line: Vec<u8>,
    at: usize,
    n: u64,
    ended: bool,
}

const CYCLE: u64 = 8;

impl Generated {
    fn new(total: u64) -> Generated {
        Generated {
            total,
            produced: 0,
            line: Vec::new(),
            at: 0,
            n: 0,
            ended: false,
        }
    }

    fn next_line(&mut self) {
        let n = self.n;
        self.n += 1;
        let cycle = n / CYCLE;
        let ts = format!("2026-08-01T10:{:02}:{:02}.000Z", (cycle / 60) % 60, cycle % 60);
        let blob = "x".repeat(4000);
        let text = match n % CYCLE {
            0 => format!(
                r#"{{"type":"user","uuid":"u{n}","timestamp":"{ts}","cwd":"/w","message":{{"role":"user","content":"change {cycle}"}}}}"#
            ),
            1 => format!(
                r#"{{"type":"assistant","uuid":"a{n}","timestamp":"{ts}","message":{{"id":"m{n}","content":[{{"type":"tool_use","id":"t{cycle}","name":"Edit","input":{{"file_path":"/w/f{}.rs","old_string":"a","new_string":"b"}}}}]}}}}"#,
                cycle % 100
            ),
            2 => format!(
                r#"{{"type":"user","uuid":"r{n}","timestamp":"{ts}","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"t{cycle}","content":"ok"}}]}}}}"#
            ),
            3 => format!(
                r#"{{"type":"assistant","uuid":"b{n}","timestamp":"{ts}","message":{{"id":"n{n}","content":[{{"type":"text","text":"done {cycle}"}}]}}}}"#
            ),
            4 => format!(
                r#"{{"type":"api-request-blob","sessionId":"s","hash":"h{n}","message":{{"content":[{{"type":"text","text":"{blob}"}}]}}}}"#
            ),
            5 => "{not json at all".to_owned(),
            6 => format!(r#"{{"type":"future-kind-{}","n":{n}}}"#, cycle % 3),
            _ => String::new(),
        };
        self.line = text.into_bytes();
        if n % CYCLE == 7 {
            // Invalid UTF-8 inside an otherwise good user line.
            self.line =
                format!(r#"{{"type":"attachment","uuid":"z{n}","timestamp":"{ts}","text":""#).into_bytes();
            self.line.extend([0xff, 0xfe, b'o', b'k']);
            self.line.extend(br#""}"#);
        }
        self.line.push(b'\n');
        self.at = 0;
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.line.len() {
            if self.produced >= self.total {
                if self.ended {
                    return Ok(0);
                }
                // The last line, cut in half: no newline.
                self.ended = true;
                self.line = br#"{"type":"user","uuid":"cut","message":{"role":"us"#.to_vec();
                self.at = 0;
            } else {
                self.next_line();
            }
        }
        let n = buf.len().min(self.line.len() - self.at);
        buf[..n].copy_from_slice(&self.line[self.at..self.at + n]);
        self.at += n;
        self.produced += n as u64;
        Ok(n)
    }
}

#[derive(Default)]
struct Counts {
    turns: u64,
    edits: u64,
    linked: u64,
}

#[test]
fn a_200_mb_transcript_is_streamed_in_bounded_memory_and_every_bad_line_is_counted() {
    const TOTAL: u64 = 200 * 1024 * 1024;
    let mut counts = Counts::default();
    let mut sink = |record: Record| match record {
        Record::Turn(_) => counts.turns += 1,
        Record::Edit(edit) => {
            counts.edits += 1;
            counts.linked += u64::from(edit.prompt.is_some());
        }
        Record::Session(_) => {}
    };
    let mut generated = Generated::new(TOTAL);
    let summary = parse_stream(
        Format::Claude,
        "/h/.claude/projects/-w/s.jsonl",
        &mut generated,
        Options::default(),
        &mut sink,
    )
    .unwrap();
    let lines = generated.n;
    let cycles = lines.div_ceil(CYCLE);
    assert!(summary.bytes >= TOTAL, "{} bytes read", summary.bytes);
    assert_eq!(
        summary.stats.lines,
        lines + 1,
        "every generated line and the cut one"
    );
    // Each cycle: a prompt and an answer, one edit linked to its prompt, one bad line, one unknown type.
    let full = lines / CYCLE;
    assert!(
        counts.turns >= 2 * full && counts.turns <= 2 * cycles,
        "{} turns for {full} cycles",
        counts.turns
    );
    assert!(counts.edits >= full && counts.edits <= cycles);
    assert_eq!(counts.linked, counts.edits, "every edit is linked to its prompt");
    assert!(summary.stats.bad_lines >= full && summary.stats.bad_lines <= cycles);
    assert!(summary.stats.unknown_lines() >= full);
    assert_eq!(
        summary.stats.unknown_types.len(),
        3,
        "{:?}",
        summary.stats.unknown_types
    );
    assert!(summary.stats.non_utf8 >= full.saturating_sub(1));
    assert!(
        summary.stats.truncated_tail,
        "the cut last line is told apart from a bad one"
    );
    // Bounded: the reader holds one line and a block, the parser a fixed window, whatever the length.
    assert!(
        summary.max_buffer <= 256 * 1024,
        "line buffer grew to {} bytes",
        summary.max_buffer
    );
    assert!(
        summary.max_retained <= 64 + 256 + 8,
        "the parser held {} items",
        summary.max_retained
    );
}
