//! `relay locks [--json]`: the file locks agents hold, who waits for them, and the recent contentions.

use relay_core::display::human_age;
use relay_core::owner::Owner;
use relay_core::proto::{self, ListLocksRequest, LockState};
use serde_json::{Value, json};

use super::format::{emit, print_json, to_json, utc};
use crate::cli::OutputArgs;
use crate::client::{Context, daemon_client};
use crate::error::CliError;

/// Contentions shown to people; `--json` carries every one relayd keeps.
const SHOWN_CONTENTIONS: u32 = 20;

pub async fn run(ctx: &Context, output: OutputArgs) -> Result<(), CliError> {
    let limit = if output.json { 0 } else { SHOWN_CONTENTIONS };
    let listing = daemon_client(ctx)
        .await?
        .coord
        .list_locks(ListLocksRequest {
            contention_limit: limit,
        })
        .await?
        .into_inner();
    if output.json {
        return print_json(&listing_json(&listing));
    }
    for line in listing_lines(&listing) {
        if !emit(&line)? {
            break;
        }
    }
    Ok(())
}

fn state_name(lock: &proto::FileLock) -> &'static str {
    match lock.state() {
        LockState::Held => "held",
        LockState::Released => "released",
        LockState::Free | LockState::Unspecified => "free",
    }
}

/// `{now_ms, ttl_secs, locks: [...], contentions: [...]}`; unset values are `null`.
pub fn listing_json(listing: &proto::ListLocksResponse) -> Value {
    let now = listing.now_ms;
    let locks: Vec<Value> = listing
        .locks
        .iter()
        .map(|lock| {
            let held = lock.state() == LockState::Held;
            let intent = match (&lock.intent, lock.intent_at_ms) {
                (Some(text), Some(at_ms)) => json!({ "text": text, "at_ms": at_ms }),
                _ => Value::Null,
            };
            json!({
                "workspace": lock.workspace,
                "path": lock.path,
                "state": state_name(lock),
                "holder": to_json(&lock.holder),
                "since_ms": (lock.holder.is_some()).then_some(lock.since_ms),
                "age_ms": (lock.holder.is_some()).then(|| now - lock.since_ms),
                "renewed_at_ms": lock.renewed_at_ms,
                "expires_at_ms": lock.expires_at_ms,
                "expires_in_ms": lock.expires_at_ms.filter(|_| held).map(|at| at - now),
                "released_at_ms": lock.released_at_ms,
                "intent": intent,
                "waiters": lock.waiters.iter().map(to_json).collect::<Vec<_>>(),
                "readers": lock.readers.iter().map(to_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    let contentions: Vec<Value> = listing
        .contentions
        .iter()
        .map(|c| {
            json!({
                "id": c.id,
                "workspace": c.workspace,
                "path": c.path,
                "holder": to_json(&c.holder),
                "wanted_by": to_json(&c.wanted_by),
                "bucket_ms": c.bucket_ms,
                "first_at_ms": c.first_at_ms,
                "last_at_ms": c.last_at_ms,
                "count": c.count,
            })
        })
        .collect();
    json!({
        "now_ms": now,
        "ttl_secs": listing.ttl_secs,
        "locks": locks,
        "contentions": contentions,
    })
}

/// `Claude Code:DESK:52b2…`, as deny messages name a holder.
pub(crate) fn short(owner: Option<&proto::LockOwner>) -> String {
    let Some(owner) = owner else {
        return "nobody".to_owned();
    };
    Owner::parse(&owner.lock_id).map_or_else(|_| owner.lock_id.clone(), |o| o.short())
}

/// A duration for people: `800 ms`, `12 s`, `3 min`, `2 h`.
pub(crate) fn span(ms: i64) -> String {
    let ms = ms.max(0);
    match ms / 1000 {
        0 => format!("{ms} ms"),
        secs @ 1..60 => format!("{secs} s"),
        secs @ 60..7200 => format!("{} min", secs / 60),
        secs => format!("{} h", secs / 3600),
    }
}

/// The listing for people: locks grouped by workspace, each with its intent, waiters and readers, then the
/// newest contentions.
pub fn listing_lines(listing: &proto::ListLocksResponse) -> Vec<String> {
    let now = listing.now_ms;
    let mut lines = Vec::new();
    if listing.locks.is_empty() {
        lines.push(format!(
            "no file locks (agents' pre-tool hooks take them; a lock lives {} s unless renewed)",
            listing.ttl_secs
        ));
    }
    let mut workspace = None;
    let width = listing
        .locks
        .iter()
        .map(|l| l.path.chars().count())
        .max()
        .unwrap_or(0);
    for lock in &listing.locks {
        if workspace != Some(&lock.workspace) {
            workspace = Some(&lock.workspace);
            lines.push(lock.workspace.clone());
        }
        let holder = short(lock.holder.as_ref());
        let state = match lock.state() {
            LockState::Held => format!(
                "held by {holder} for {}, expires in {}",
                span(now - lock.since_ms),
                span(lock.expires_at_ms.unwrap_or(now) - now)
            ),
            LockState::Released => format!(
                "released by {holder} {}",
                human_age(now - lock.released_at_ms.unwrap_or(now))
            ),
            LockState::Free | LockState::Unspecified => "free".to_owned(),
        };
        lines.push(format!("  {:<width$}  {state}", lock.path));
        if let (Some(text), Some(at_ms)) = (&lock.intent, lock.intent_at_ms) {
            lines.push(format!(
                "      working on: \"{text}\" ({})",
                human_age(now - at_ms)
            ));
        }
        for waiter in &lock.waiters {
            lines.push(format!(
                "      waiting: {} (refused {})",
                short(waiter.owner.as_ref()),
                human_age(now - waiter.last_at_ms)
            ));
        }
        for reader in &lock.readers {
            lines.push(format!(
                "      reading: {} ({})",
                short(reader.owner.as_ref()),
                human_age(now - reader.last_at_ms)
            ));
        }
    }
    if !listing.contentions.is_empty() {
        lines.push(String::new());
        lines.push("recent contentions (oldest first):".to_owned());
        for c in &listing.contentions {
            let times = if c.count > 1 {
                format!(" ×{}", c.count)
            } else {
                String::new()
            };
            lines.push(format!(
                "  {}  {}  {} refused, held by {}{times}",
                utc(c.last_at_ms),
                c.path,
                short(c.wanted_by.as_ref()),
                short(c.holder.as_ref())
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner(label: &str, session: &str) -> proto::LockOwner {
        proto::LockOwner {
            agent_label: label.to_owned(),
            host: "devbox".to_owned(),
            session: session.to_owned(),
            lock_id: format!("{label}:devbox:{session}"),
        }
    }

    #[test]
    fn listing_names_holder_intent_expiry_and_waiters_when_printed() {
        let now = 1_700_000_100_000;
        let mut lock = proto::FileLock {
            workspace: "/home/ana/proj".to_owned(),
            path: "src/auth.ts".to_owned(),
            holder: Some(owner("Claude Code", "9c1e4b7a")),
            since_ms: now - 12_000,
            expires_at_ms: Some(now + 9_000),
            renewed_at_ms: Some(now - 1_000),
            intent: Some("switch the login flow to JWT tokens".to_owned()),
            intent_at_ms: Some(now - 120_000),
            waiters: vec![proto::LockPresence {
                owner: Some(owner("Cursor", "5d0c7a1e")),
                since_ms: now - 3_000,
                last_at_ms: now - 3_000,
            }],
            ..proto::FileLock::default()
        };
        lock.set_state(LockState::Held);
        let listing = proto::ListLocksResponse {
            locks: vec![lock],
            contentions: vec![proto::LockContention {
                id: 1,
                workspace: "/home/ana/proj".to_owned(),
                path: "src/auth.ts".to_owned(),
                holder: Some(owner("Claude Code", "9c1e4b7a")),
                wanted_by: Some(owner("Cursor", "5d0c7a1e")),
                bucket_ms: now - 10_000,
                first_at_ms: now - 5_000,
                last_at_ms: now - 3_000,
                count: 3,
            }],
            now_ms: now,
            ttl_secs: 15,
        };
        let text = listing_lines(&listing).join("\n");
        assert!(
            text.contains("src/auth.ts  held by Claude Code:devbox:9c1e… for 12 s, expires in 9 s"),
            "{text}"
        );
        assert!(
            text.contains("working on: \"switch the login flow to JWT tokens\" (2 min ago)"),
            "{text}"
        );
        assert!(
            text.contains("waiting: Cursor:devbox:5d0c… (refused just now)"),
            "{text}"
        );
        assert!(
            text.contains("Cursor:devbox:5d0c… refused, held by Claude Code:devbox:9c1e… ×3"),
            "{text}"
        );
        let json = listing_json(&listing);
        assert_eq!(json["locks"][0]["state"], "held");
        assert_eq!(json["locks"][0]["age_ms"], 12_000);
        assert_eq!(json["locks"][0]["expires_in_ms"], 9_000);
        assert_eq!(
            json["locks"][0]["intent"]["text"],
            "switch the login flow to JWT tokens"
        );
        assert_eq!(json["contentions"][0]["count"], 3);
    }
}
