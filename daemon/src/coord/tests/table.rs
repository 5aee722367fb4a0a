//! Claims, renewal, expiry, release, presence, waiters, contentions and snapshots.

use std::sync::{Arc, Barrier};
use std::time::Duration;

use super::*;

// ---- claims ----

#[test]
fn claim_is_granted_then_renewed_when_the_same_session_claims_again() {
    let table = LockTable::default();
    let outcome = claim(&table, &claude(), &["src/a.rs"], T0);
    assert_eq!(granted(&outcome), (vec![], vec!["src/a.rs".into()]));
    let ClaimOutcome::Granted { expires_at_ms, .. } = outcome else {
        unreachable!()
    };
    assert_eq!(expires_at_ms, T0 + secs(15));

    let again = claim(&table, &claude(), &["src/a.rs", "src/b.rs"], T0 + secs(10));
    assert_eq!(
        granted(&again),
        (vec!["src/a.rs".into()], vec!["src/b.rs".into()])
    );
    // Renewed to 10 + 15 s: still held at 24 s, where the first claim alone would have expired at 15 s.
    let other = owner("Claude Code", "DESK", SESSION_B);
    assert!(!claim(&table, &other, &["src/a.rs"], T0 + secs(24)).is_granted());
    assert!(claim(&table, &other, &["src/a.rs"], T0 + secs(25)).is_granted());
}

#[test]
fn claim_is_shared_when_one_session_uses_two_product_labels() {
    let table = LockTable::default();
    assert!(claim(&table, &claude(), &["src/a.rs"], T0).is_granted());
    let same_session = owner("Cursor", "DESK", SESSION_A);
    assert_eq!(
        granted(&claim(&table, &same_session, &["src/a.rs"], T0 + 1)).0,
        vec!["src/a.rs".to_owned()]
    );
    // Two sessions of one product are two owners.
    let second_claude = owner("Claude Code", "DESK", SESSION_B);
    let holding = denied(claim(&table, &second_claude, &["src/a.rs"], T0 + 2));
    assert_eq!(
        holding.holder.agent_label(),
        "Cursor",
        "the latest label of the holding session is shown"
    );
}

#[test]
fn deny_reason_names_the_holder_and_their_intent_when_refused() {
    let table = LockTable::default();
    table.record_prompt(&claude(), "switch the login flow to JWT tokens", T0);
    table.record_prompt(&claude(), "continue", T0 + secs(100));
    assert!(claim(&table, &claude(), &["src/auth.ts"], T0 + secs(110)).is_granted());
    let holding = denied(claim(&table, &cursor(), &["./src/auth.ts"], T0 + secs(120)));
    assert_eq!(
        holding.deny_reason(),
        "File `src/auth.ts` is locked by Claude Code:DESK:52b2…. Pick a different task.\n\
         They're working on: \"switch the login flow to JWT tokens\" (2 min ago)."
    );
    assert_eq!(holding.since_ms, T0 + secs(110));
    assert_eq!(holding.path.to_string(), "/home/dev/acme::src/auth.ts");
}

#[test]
fn deny_reason_falls_back_to_the_claim_hint_when_no_prompt_is_cached() {
    let table = LockTable::default();
    table
        .claim(&claude(), WS, &["a.rs"], Some("rename the config loader"), T0)
        .unwrap();
    let holding = denied(claim(&table, &cursor(), &["a.rs"], T0 + secs(12)));
    assert!(
        holding
            .deny_reason()
            .ends_with("They're working on: \"rename the config loader\" (12 s ago).")
    );

    table.claim(&claude(), WS, &["b.rs"], Some("ok"), T0).unwrap();
    let holding = denied(claim(&table, &cursor(), &["b.rs"], T0 + 1));
    assert_eq!(
        holding.deny_reason(),
        "File `b.rs` is locked by Claude Code:DESK:52b2…. Pick a different task."
    );
}

#[test]
fn batch_claim_is_deduplicated_and_sorted_when_granted() {
    let table = LockTable::default();
    let outcome = claim(
        &table,
        &claude(),
        &["z.rs", "./a.rs", "m/x.rs", "a.rs", "z.rs"],
        T0,
    );
    assert_eq!(granted(&outcome).1, vec!["a.rs", "m/x.rs", "z.rs"]);
}

#[test]
fn batch_claim_takes_nothing_when_one_path_is_held() {
    let table = LockTable::default();
    assert!(claim(&table, &claude(), &["b.rs"], T0).is_granted());
    let holding = denied(claim(&table, &cursor(), &["a.rs", "b.rs", "c.rs"], T0 + 1));
    assert_eq!(holding.path.path(), "b.rs");
    assert_eq!(held(&table, T0 + 2), vec![("b.rs".into(), SESSION_A.into())]);
    // a.rs and c.rs are free for a third session.
    let third = owner("Codex", "DESK", "third");
    assert_eq!(
        granted(&claim(&table, &third, &["a.rs", "c.rs"], T0 + 3)).1,
        vec!["a.rs", "c.rs"]
    );
}

#[test]
fn batch_claim_takes_nothing_when_one_path_is_invalid() {
    let table = LockTable::default();
    let error = table
        .claim(&claude(), WS, &["a.rs", "../escape.rs"], None, T0)
        .unwrap_err();
    assert!(matches!(error, ClaimError::Key(KeyError::Escapes { .. })));
    assert!(table.locks(T0).is_empty());
    let many: Vec<String> = (0..=MAX_BATCH).map(|n| format!("f{n}.rs")).collect();
    assert_eq!(
        table.claim(&claude(), WS, &many, None, T0),
        Err(ClaimError::TooMany { count: MAX_BATCH + 1 })
    );
}

#[test]
fn exactly_one_claim_wins_when_many_threads_race_on_one_file() {
    for round in 0..20 {
        let table = Arc::new(LockTable::default());
        let racers = 16;
        let barrier = Arc::new(Barrier::new(racers));
        let handles: Vec<_> = (0..racers)
            .map(|n| {
                let (table, barrier) = (Arc::clone(&table), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    let me = owner("Codex", "HOST", &format!("session-{n}"));
                    barrier.wait();
                    (n, claim(&table, &me, &["src/auth.ts"], T0))
                })
            })
            .collect();
        let outcomes: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let winners: Vec<_> = outcomes
            .iter()
            .filter(|(_, o)| o.is_granted())
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let winner = format!("session-{}", winners[0]);
        for (_, outcome) in outcomes.into_iter().filter(|(_, o)| !o.is_granted()) {
            assert_eq!(denied(outcome).holder.session().as_str(), winner);
        }
        assert_eq!(held(&table, T0), vec![("src/auth.ts".into(), winner)]);
    }
}

#[test]
fn overlapping_batches_never_split_when_racing_in_opposite_orders() {
    for _ in 0..50 {
        let table = Arc::new(LockTable::default());
        let barrier = Arc::new(Barrier::new(2));
        let racer = |session: &'static str, paths: [&'static str; 2]| {
            let (table, barrier) = (Arc::clone(&table), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                claim(&table, &owner("Codex", "HOST", session), &paths, T0).is_granted()
            })
        };
        let first = racer("one", ["a.rs", "b.rs"]);
        let second = racer("two", ["b.rs", "a.rs"]);
        let (first, second) = (first.join().unwrap(), second.join().unwrap());
        assert!(first ^ second, "exactly one batch wins");
        let holders: Vec<_> = held(&table, T0).into_iter().map(|(_, s)| s).collect();
        assert_eq!(holders.len(), 2);
        assert_eq!(holders[0], holders[1], "both files belong to the winner");
    }
}

// ---- TTL, heartbeat, release ----

#[test]
fn ttl_is_clamped_to_five_through_three_hundred_seconds() {
    assert_eq!(Ttl::from_secs(0).as_duration(), Duration::from_secs(5));
    assert_eq!(Ttl::from_secs(1).as_ms(), 5000);
    assert_eq!(Ttl::from_secs(15), Ttl::DEFAULT);
    assert_eq!(Ttl::from_secs(10_000).as_ms(), 300_000);
    let table = LockTable::new(LockConfig {
        ttl: Ttl::from_secs(1),
        ..LockConfig::default()
    });
    assert!(claim(&table, &claude(), &["a.rs"], T0).is_granted());
    assert!(!claim(&table, &cursor(), &["a.rs"], T0 + secs(5) - 1).is_granted());
    assert!(
        claim(&table, &cursor(), &["a.rs"], T0 + secs(5)).is_granted(),
        "expired without a sweep"
    );
}

#[test]
fn heartbeat_renews_every_lock_of_the_owner_when_still_held() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs", "b.rs"], T0);
    claim(&table, &cursor(), &["c.rs"], T0);
    assert_eq!(
        table.heartbeat(&owner("Other Label", "DESK", SESSION_A), T0 + secs(14)),
        2
    );
    assert_eq!(
        table.heartbeat(&owner("Nobody", "DESK", "unknown"), T0 + secs(14)),
        0
    );
    let at = T0 + secs(20);
    assert_eq!(
        held(&table, at),
        vec![
            ("a.rs".into(), SESSION_A.into()),
            ("b.rs".into(), SESSION_A.into())
        ]
    );
    // Expired locks are not revived by a late heartbeat.
    assert_eq!(table.heartbeat(&claude(), T0 + secs(29)), 0);
    assert!(held(&table, T0 + secs(29)).is_empty());
}

#[test]
fn release_owner_frees_its_locks_and_keeps_them_visible_when_stopped() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs", "b.rs"], T0);
    claim(&table, &cursor(), &["c.rs"], T0);
    let released = table.release_owner(&claude(), T0 + secs(2));
    assert_eq!(
        released.iter().map(LockKey::path).collect::<Vec<_>>(),
        vec!["a.rs", "b.rs"]
    );
    assert!(claim(&table, &owner("Codex", "H", "third"), &["a.rs"], T0 + secs(3)).is_granted());

    let views = table.locks(T0 + secs(3));
    let b = views.iter().find(|v| v.key.path() == "b.rs").unwrap();
    assert!(
        matches!(&b.state, LockState::Released { released_at_ms, .. } if *released_at_ms == T0 + secs(2))
    );
    assert!(
        claim(&table, &cursor(), &["b.rs"], T0 + secs(4)).is_granted(),
        "a visible release refuses nobody"
    );

    let visible = LockConfig::default().released_visible;
    assert!(visible < Duration::from_secs(60));
    claim(&table, &claude(), &["d.rs"], T0 + secs(5));
    table.release_owner(&claude(), T0 + secs(6));
    table.sweep(T0 + secs(6) + 1 + i64::try_from(visible.as_millis()).unwrap());
    assert!(table.locks(T0 + secs(40)).iter().all(|v| v.key.path() != "d.rs"));
    assert!(table.release_owner(&claude(), T0 + secs(41)).is_empty());
}

#[test]
fn sweep_reports_each_expired_lock_once_when_its_ttl_runs_out() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs"], T0);
    claim(&table, &cursor(), &["b.rs"], T0 + secs(10));
    assert!(table.sweep(T0 + secs(14)).expired.is_empty());
    let report = table.sweep(T0 + secs(15));
    assert_eq!(
        report.expired.iter().map(LockKey::path).collect::<Vec<_>>(),
        vec!["a.rs"]
    );
    assert!(table.sweep(T0 + secs(16)).expired.is_empty());
    let views = table.locks(T0 + secs(16));
    assert!(
        matches!(views[0].state, LockState::Released { released_at_ms, .. } if released_at_ms == T0 + secs(15))
    );
    assert_eq!(table.heartbeat(&claude(), T0 + secs(16)), 0);
    // Gone from the listing once the release window passes; b.rs (expired at 25 s) is still shown.
    table.sweep(T0 + secs(15 + 30));
    let listed: Vec<_> = table
        .locks(T0 + secs(46))
        .into_iter()
        .map(|v| v.key.path().to_owned())
        .collect();
    assert_eq!(listed, vec!["b.rs"]);
}

// ---- presence, waiters, contentions ----

#[test]
fn read_presence_never_blocks_a_writer_when_others_read() {
    let table = LockTable::default();
    assert_eq!(table.read_presence(&cursor(), WS, "a.rs", T0).unwrap(), None);
    assert!(claim(&table, &claude(), &["a.rs"], T0 + 1).is_granted());
    let notice = table
        .read_presence(&cursor(), WS, "./a.rs", T0 + secs(5))
        .unwrap()
        .unwrap();
    assert_eq!(
        notice.read_notice(),
        "File `a.rs` is being edited by Claude Code:DESK:52b2…."
    );
    assert_eq!(
        table.read_presence(&claude(), WS, "a.rs", T0 + secs(5)).unwrap(),
        None,
        "own lock"
    );
    assert!(table.contentions().is_empty(), "a read is never a contention");
    let view = &table.locks(T0 + secs(5))[0];
    assert!(view.waiters.is_empty());
    assert_eq!(
        view.readers
            .iter()
            .map(|p| p.owner.session().as_str())
            .collect::<Vec<_>>(),
        vec![SESSION_B, SESSION_A]
    );
    assert!(matches!(
        table.read_presence(&cursor(), WS, "../x", T0),
        Err(ClaimError::Key(_))
    ));
}

#[test]
fn waiter_is_recorded_when_denied_and_forgotten_when_granted_or_stale() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs"], T0);
    denied(claim(&table, &cursor(), &["a.rs"], T0 + secs(1)));
    denied(claim(&table, &cursor(), &["a.rs"], T0 + secs(3)));
    let waiters = &table.locks(T0 + secs(3))[0].waiters;
    assert_eq!(waiters.len(), 1);
    assert_eq!(
        (waiters[0].since_ms, waiters[0].last_at_ms),
        (T0 + secs(1), T0 + secs(3))
    );

    table.release_owner(&claude(), T0 + secs(4));
    assert!(claim(&table, &cursor(), &["a.rs"], T0 + secs(5)).is_granted());
    assert!(
        table.locks(T0 + secs(5))[0].waiters.is_empty(),
        "the waiter got the file"
    );

    let third = owner("Codex", "H", "third");
    denied(claim(&table, &third, &["a.rs"], T0 + secs(6)));
    let window = i64::try_from(LockConfig::default().waiter_window.as_millis()).unwrap();
    let stale = T0 + secs(6) + window;
    assert_eq!(
        table.locks(stale - 1)[0].waiters.len(),
        1,
        "still waiting just before the window ends"
    );
    assert!(
        table.locks(stale).is_empty(),
        "listing hides a stale waiter before any sweep"
    );
    assert!(table.sweep(stale).forgotten >= 1);
    assert!(table.entries().is_empty());
}

#[test]
fn retries_collapse_into_one_contention_when_within_a_ten_second_bucket() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs"], T0);
    for n in 0..10 {
        denied(claim(&table, &cursor(), &["a.rs"], T0 + n * 999));
    }
    let contentions = table.contentions();
    assert_eq!(contentions.len(), 1);
    let first = &contentions[0];
    assert_eq!(
        (first.count, first.bucket_ms, first.first_at_ms, first.last_at_ms),
        (10, T0, T0, T0 + 8991)
    );
    assert_eq!(
        (
            first.holder.session().as_str(),
            first.wanted_by.session().as_str()
        ),
        (SESSION_A, SESSION_B)
    );

    // The next bucket opens a new record; so does another wanter in the same bucket.
    table.heartbeat(&claude(), T0 + secs(9));
    denied(claim(&table, &cursor(), &["a.rs"], T0 + CONTENTION_BUCKET_MS));
    denied(claim(
        &table,
        &owner("Codex", "H", "third"),
        &["a.rs"],
        T0 + CONTENTION_BUCKET_MS + 1,
    ));
    table.sweep(T0 + CONTENTION_BUCKET_MS + 2);
    let counts: Vec<_> = table.contentions().iter().map(|c| (c.id, c.count)).collect();
    assert_eq!(counts, vec![(1, 10), (2, 1), (3, 1)]);
}

#[test]
fn a_denied_batch_counts_a_contention_for_every_held_path() {
    let table = LockTable::default();
    claim(&table, &claude(), &["a.rs", "c.rs"], T0);
    denied(claim(&table, &cursor(), &["a.rs", "b.rs", "c.rs"], T0 + 1));
    let paths: Vec<_> = table
        .contentions()
        .iter()
        .map(|c| c.key.path().to_owned())
        .collect();
    assert_eq!(paths, vec!["a.rs", "c.rs"]);
    let waiting: Vec<_> = table
        .locks(T0 + 1)
        .into_iter()
        .filter(|v| !v.waiters.is_empty())
        .map(|v| v.key.path().to_owned())
        .collect();
    assert_eq!(waiting, vec!["a.rs", "c.rs"]);
}

#[test]
fn contention_log_keeps_the_newest_when_past_capacity() {
    let table = LockTable::new(LockConfig {
        contention_capacity: 3,
        ..LockConfig::default()
    });
    claim(&table, &claude(), &["a.rs"], T0);
    for n in 0..5 {
        denied(claim(
            &table,
            &owner("Codex", "H", &format!("w{n}")),
            &["a.rs"],
            T0 + n,
        ));
    }
    denied(claim(&table, &owner("Codex", "H", "w0"), &["a.rs"], T0 + 6));
    let ids: Vec<_> = table.contentions().iter().map(|c| (c.id, c.count)).collect();
    assert_eq!(
        ids,
        vec![(4, 1), (5, 1), (6, 1)],
        "an evicted bucket starts a new record"
    );
}

#[test]
fn intents_are_forgotten_after_retention_unless_the_session_holds_a_lock() {
    let table = LockTable::default();
    table.record_prompt(&claude(), "refactor the parser", T0);
    table.record_prompt(&cursor(), "write the docs", T0);
    let later = T0 + i64::try_from(LockConfig::default().intent_retention.as_millis()).unwrap() + 1;
    claim(&table, &claude(), &["a.rs"], later);
    table.sweep(later);
    assert!(table.intent(claude().session()).is_some());
    assert!(table.intent(cursor().session()).is_none());
}

// ---- snapshot ----

#[test]
fn restore_keeps_live_locks_and_drops_expired_ones_when_restarted() {
    let before = LockTable::default();
    before
        .claim(&claude(), WS, &["a.rs"], Some("port the auth module"), T0)
        .unwrap();
    claim(&before, &cursor(), &["b.rs"], T0 + secs(10));
    let records = before.entries();
    assert_eq!(records.len(), 2);
    let json = serde_json::to_string(&records).unwrap();
    let records: Vec<LockRecord> = serde_json::from_str(&json).unwrap();

    let after = LockTable::default();
    let report = after.restore(records, T0 + secs(20));
    assert_eq!((report.restored, report.expired, report.conflicting), (1, 1, 0));
    assert_eq!(
        held(&after, T0 + secs(20)),
        vec![("b.rs".into(), SESSION_B.into())]
    );
    let holding = denied(claim(&after, &claude(), &["b.rs"], T0 + secs(21)));
    assert_eq!(holding.since_ms, T0 + secs(10));
    // The restored holder renews its lock as if nothing happened.
    assert_eq!(after.heartbeat(&cursor(), T0 + secs(22)), 1);
    assert_eq!(
        granted(&claim(&after, &cursor(), &["b.rs"], T0 + secs(23))).0,
        vec!["b.rs".to_owned()]
    );
    assert!(
        after
            .claim(&claude(), WS, &["a.rs"], None, T0 + secs(24))
            .unwrap()
            .is_granted()
    );
}

#[test]
fn restore_refuses_bad_records_and_keeps_the_first_holder_when_records_conflict() {
    let record = |path: &str, session: &str, since: i64, expires: i64| LockRecord {
        workspace: WS.into(),
        path: path.into(),
        agent_label: "Codex".into(),
        host: "H".into(),
        session: session.into(),
        since_ms: since,
        renewed_at_ms: since,
        expires_at_ms: expires,
        intent_hint: None,
    };
    let table = LockTable::default();
    let far = T0 + secs(86_400);
    let report = table.restore(
        vec![
            record("a.rs", "late", T0 + 5, T0 + secs(15)),
            record("a.rs", "early", T0, T0 + secs(15)),
            record("../x.rs", "s", T0, T0 + secs(15)),
            record("b.rs", "bad:session", T0, T0 + secs(15)),
            record("c.rs", "clock-jumped", T0, far),
        ],
        T0 + 10,
    );
    assert_eq!(
        (
            report.restored,
            report.expired,
            report.conflicting,
            report.invalid.len()
        ),
        (2, 0, 1, 2)
    );
    assert!(report.invalid[0].contains("../x.rs"), "{:?}", report.invalid);
    assert_eq!(
        held(&table, T0 + 10),
        vec![
            ("a.rs".into(), "early".into()),
            ("c.rs".into(), "clock-jumped".into())
        ]
    );
    let c = table.entries().into_iter().find(|r| r.path == "c.rs").unwrap();
    assert_eq!(
        c.expires_at_ms,
        T0 + 10 + Ttl::MAX.as_ms(),
        "no lock outlives the longest TTL"
    );
}
