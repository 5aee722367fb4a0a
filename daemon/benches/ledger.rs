//! Ledger ingest numbers measured in-process on a real store (`cargo bench -p relayd --bench ledger`):
//!
//! - a whole Claude Code transcript of 10,000 exchanges (a prompt, an `Edit` call, its result and an answer:
//!   30,000 records — 20,000 turns and 10,000 edits) read into a fresh ledger: time per record, amortized over
//!   the batch writes (2,000 records a transaction);
//! - the Stop-hook case: 200 reads of a transcript that grew by 10 exchanges since the last read (resumed from
//!   the cursor), per read and per record;
//! - a read of an unchanged transcript (the cursor check alone);
//! - the parser alone over the same bytes (MB/s, no store).
//!
//! Prints a Markdown table for docs/PERFORMANCE.md. Timings are never asserted; the row counts are.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::Write;
use std::time::{Duration, Instant};

use relay_transcripts::{Format, Options, Record, parse_stream};
use relayd::ledger::read::read_transcript;

fn exchange(n: usize) -> String {
    let ts = format!(
        "2026-08-01T{:02}:{:02}:{:02}.000Z",
        (n / 3600) % 24,
        (n / 60) % 60,
        n % 60
    );
    format!(
        concat!(
            r#"{{"type":"user","uuid":"u{n}","timestamp":"{ts}","cwd":"/w/app","sessionId":"s","message":{{"role":"user","content":"change number {n}: rename the handler and update its callers"}}}}"#,
            "\n",
            r#"{{"type":"assistant","uuid":"a{n}","timestamp":"{ts}","message":{{"id":"msg_{n}","role":"assistant","content":[{{"type":"tool_use","id":"toolu_{n}","name":"Edit","input":{{"file_path":"/w/app/src/f{f}.rs","old_string":"old_{n}","new_string":"new_{n}"}}}}]}}}}"#,
            "\n",
            r#"{{"type":"user","uuid":"r{n}","timestamp":"{ts}","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"toolu_{n}","content":"The file has been updated."}}]}},"toolUseResult":{{"filePath":"/w/app/src/f{f}.rs","structuredPatch":[{{"oldStart":3,"oldLines":1,"newStart":3,"newLines":1,"lines":["-old_{n}","+new_{n}"]}}]}}}}"#,
            "\n",
            r#"{{"type":"assistant","uuid":"b{n}","timestamp":"{ts}","message":{{"id":"msg_b{n}","role":"assistant","content":[{{"type":"text","text":"Renamed in f{f}.rs; callers updated."}}]}}}}"#,
            "\n"
        ),
        n = n,
        ts = ts,
        f = n % 500
    )
}

fn per(d: Duration, n: u64) -> String {
    format!("{:.2} µs", d.as_secs_f64() * 1e6 / n as f64)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (exchanges, runs, appends) = if full { (10_000, 7, 200) } else { (300, 2, 10) };
    let transcripts = tempfile::tempdir().unwrap();
    let path = transcripts
        .path()
        .join(".claude/projects/-w-app/0b7f6a52-1111-4222-8333-444455556666.jsonl");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text: String = (0..exchanges).map(exchange).collect();
    std::fs::write(&path, &text).unwrap();
    let records = (exchanges * 3) as u64;

    // The parser alone.
    let began = Instant::now();
    let mut parsed = 0u64;
    let mut count = |_: Record| parsed += 1;
    parse_stream(
        Format::Claude,
        &path.to_string_lossy(),
        text.as_bytes(),
        Options::default(),
        &mut count,
    )
    .unwrap();
    let parse_time = began.elapsed();
    assert_eq!(parsed, records + 1, "the records and the session");
    let mb_s = text.len() as f64 / 1e6 / parse_time.as_secs_f64();

    // Whole reads into fresh ledgers.
    let mut whole = Vec::new();
    for _ in 0..runs {
        let home = tempfile::tempdir().unwrap();
        let handle = common::daemon(home.path()).await;
        let began = Instant::now();
        let report = read_transcript(&handle, &path, Format::Claude).await.unwrap();
        whole.push(began.elapsed());
        assert_eq!(report.added.turns + report.added.edits, records);
    }
    let (whole_p50, _, whole_p99) = common::summary(whole);

    // Appends read from the cursor, as a Stop hook's read would, then an unchanged read.
    let home = tempfile::tempdir().unwrap();
    let handle = common::daemon(home.path()).await;
    read_transcript(&handle, &path, Format::Claude).await.unwrap();
    let mut append_times = Vec::new();
    for round in 0..appends {
        let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        for n in 0..10 {
            file.write_all(exchange(exchanges + round * 10 + n).as_bytes())
                .unwrap();
        }
        drop(file);
        let began = Instant::now();
        let report = read_transcript(&handle, &path, Format::Claude).await.unwrap();
        append_times.push(began.elapsed());
        assert_eq!(report.added.turns + report.added.edits, 30);
    }
    let (append_p50, _, append_p99) = common::summary(append_times);
    let mut unchanged = Vec::new();
    for _ in 0..appends {
        let began = Instant::now();
        assert!(
            read_transcript(&handle, &path, Format::Claude)
                .await
                .unwrap()
                .unchanged
        );
        unchanged.push(began.elapsed());
    }
    let (unchanged_p50, _, unchanged_p99) = common::summary(unchanged);

    println!("| ledger ingest ({exchanges} exchanges, {records} records, {runs} runs) | median | p99 |");
    println!("|---|---|---|");
    println!(
        "| whole transcript into a fresh ledger | {} | {} |",
        common::ms(whole_p50),
        common::ms(whole_p99)
    );
    println!(
        "| … per record, amortized | {} | {} |",
        per(whole_p50, records),
        per(whole_p99, records)
    );
    println!(
        "| read after 10 exchanges appended (30 records, from the cursor; {appends} reads) | {} | {} |",
        common::ms(append_p50),
        common::ms(append_p99)
    );
    println!(
        "| … per record | {} | {} |",
        per(append_p50, 30),
        per(append_p99, 30)
    );
    println!(
        "| read of an unchanged transcript (cursor check) | {} | {} |",
        common::ms(unchanged_p50),
        common::ms(unchanged_p99)
    );
    println!(
        "| parser alone, no store | {mb_s:.0} MB/s ({} per record) | |",
        per(parse_time, records)
    );
}
