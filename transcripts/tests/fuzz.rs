//! Fuzz-style test on stable Rust (cargo-fuzz needs nightly): seeded random bytes, and the fixtures cut,
//! spliced and with bytes flipped, through every parser. Nothing may panic, every record must be well formed
//! (keys, links to turns read before), and a parse must be the same when repeated.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is the failure report

mod common;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use relay_transcripts::{Format, Options, Parsed, parse_bytes};

const FORMATS: [(Format, &str); 8] = [
    (Format::Claude, "/h/.claude/projects/-w/s1.jsonl"),
    (
        Format::Codex,
        "/h/.codex/sessions/rollout-2026-01-01T00-00-00-01a23275-ca8a-7762-91af-3d5192ad1c90.jsonl",
    ),
    (
        Format::Cursor,
        "/h/.cursor/projects/w/agent-transcripts/c1/c1.jsonl",
    ),
    (
        Format::CopilotLog,
        "/h/Code/User/workspaceStorage/a/chatSessions/v1.jsonl",
    ),
    (
        Format::CopilotJson,
        "/h/Code/User/workspaceStorage/a/chatSessions/v1.json",
    ),
    (Format::CopilotCli, "/h/.copilot/session-state/s1/events.jsonl"),
    (
        Format::AntigravitySteps,
        "/h/.gemini/antigravity/brain/b1/.system_generated/logs/transcript_full.jsonl",
    ),
    (
        Format::AntigravityArtifact,
        "/h/.gemini/antigravity/brain/b1/task.md",
    ),
];

fn seeds() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for dir in [common::real(""), common::composed("")] {
        let mut stack = vec![dir];
        while let Some(here) = stack.pop() {
            for entry in std::fs::read_dir(&here).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    // Keep inputs small: the head of each file.
                    seeds.push(bytes[..bytes.len().min(12 * 1024)].to_vec());
                }
            }
        }
    }
    seeds
}

fn mutate(rng: &mut StdRng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..rng.random_range(1..8) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.random_range(0..bytes.len());
        match rng.random_range(0..6) {
            0 => bytes[at] = rng.random(),
            1 => bytes.truncate(at),
            2 => {
                let from = rng.random_range(0..other.len().max(1));
                let len = rng.random_range(0..256).min(other.len().saturating_sub(from));
                bytes.splice(at..at, other[from..from + len].iter().copied());
            }
            3 => bytes.insert(at, b'\n'),
            4 => {
                let end = (at + rng.random_range(0..64)).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => bytes.insert(
                at,
                [b'{', b'}', b'"', b'[', b']', b':', b',', 0xff][rng.random_range(0..8)],
            ),
        }
    }
    bytes
}

fn check(format: Format, path: &str, bytes: &[u8]) {
    let parsed: Parsed = parse_bytes(format, path, bytes, Options { fallback_ms: Some(1) });
    let mut seen = std::collections::HashSet::new();
    for turn in &parsed.turns {
        assert_eq!(turn.key.len(), 32);
        assert!(!turn.text.trim().is_empty());
        seen.insert(turn.key.as_str());
    }
    for edit in &parsed.edits {
        assert_eq!(edit.key.len(), 32);
        assert!(!edit.file.is_empty());
        if let Some(link) = &edit.prompt {
            assert!(
                seen.contains(link.turn_key.as_str()),
                "{format:?}: an edit links to a turn not read"
            );
        }
    }
    assert!(parsed.stats.lines <= bytes.iter().filter(|b| **b == b'\n').count() as u64 + 1);
    let again = parse_bytes(format, path, bytes, Options { fallback_ms: Some(1) });
    assert_eq!(parsed, again, "{format:?}: a parse is the same when repeated");
}

#[test]
fn random_and_mutated_bytes_never_break_a_parser() {
    let mut rng = StdRng::seed_from_u64(0x5eed_0016);
    let seeds = seeds();
    assert!(seeds.len() >= 10, "the fixtures are the seeds");
    for round in 0..250 {
        let bytes: Vec<u8> = if round % 5 == 0 {
            (0..rng.random_range(0..2048)).map(|_| rng.random()).collect()
        } else {
            let seed = &seeds[rng.random_range(0..seeds.len())];
            let other = &seeds[rng.random_range(0..seeds.len())];
            mutate(&mut rng, seed, other)
        };
        for (format, path) in FORMATS {
            check(format, path, &bytes);
        }
    }
}
