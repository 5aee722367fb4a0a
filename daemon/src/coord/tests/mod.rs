//! The lock table's rules, on a clock the tests move by hand (no sleeps): `input` for keys, owners, sessions
//! and intents; `table` for claims, expiry, presence, contentions and snapshots.

mod input;
mod service;
mod table;

use super::*;

/// A multiple of the 10 s contention bucket, so bucket tests start at a bucket's first millisecond.
const T0: i64 = 1_700_000_000_000;
const WS: &str = "/home/dev/acme";
const SESSION_A: &str = "52b2c0de-1111-4222-8333-444455556666";
const SESSION_B: &str = "9f0e1d2c-aaaa-4bbb-8ccc-dddddddddddd";

fn owner(label: &str, host: &str, session: &str) -> Owner {
    Owner::new(label, host, SessionId::new(session).unwrap()).unwrap()
}

fn claude() -> Owner {
    owner("Claude Code", "DESK", SESSION_A)
}

fn cursor() -> Owner {
    owner("Cursor", "LAPTOP", SESSION_B)
}

fn secs(n: i64) -> i64 {
    n * 1000
}

fn claim(table: &LockTable, who: &Owner, paths: &[&str], now: i64) -> ClaimOutcome {
    table.claim(who, WS, paths, None, now).unwrap()
}

fn granted(outcome: &ClaimOutcome) -> (Vec<String>, Vec<String>) {
    match outcome {
        ClaimOutcome::Granted { renewed, new, .. } => (
            renewed.iter().map(|k| k.path().to_owned()).collect(),
            new.iter().map(|k| k.path().to_owned()).collect(),
        ),
        ClaimOutcome::Denied(holding) => panic!("expected a grant, got {}", holding.deny_reason()),
    }
}

fn denied(outcome: ClaimOutcome) -> Holding {
    match outcome {
        ClaimOutcome::Denied(holding) => holding,
        granted => panic!("expected a denial, got {granted:?}"),
    }
}

/// Paths held (arbitrating) at `now`, with the holder's session.
fn held(table: &LockTable, now: i64) -> Vec<(String, String)> {
    table
        .locks(now)
        .into_iter()
        .filter_map(|view| match view.state {
            LockState::Held { holder, .. } => {
                Some((view.key.path().to_owned(), holder.session().to_string()))
            }
            _ => None,
        })
        .collect()
}
