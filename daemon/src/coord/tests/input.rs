//! Keys, owners, sessions and intents: what a claim is made of.

use super::*;

// ---- keys ----

#[test]
fn lock_key_is_the_same_for_every_spelling_of_a_path_when_normalised() {
    for spelling in [
        "src/auth.ts",
        "./src/auth.ts",
        "src//auth.ts",
        "././src/./auth.ts",
        "src/auth.ts/",
        "lib/../src/auth.ts",
    ] {
        let key = lock_key(WS, spelling).unwrap();
        assert_eq!(key.path(), "src/auth.ts", "{spelling}");
        assert_eq!(key.to_string(), "/home/dev/acme::src/auth.ts");
    }
    let absolute = lock_key("/home/dev/acme/", "/home/dev//acme/src/../src/auth.ts").unwrap();
    assert_eq!(absolute, lock_key(WS, "src/auth.ts").unwrap());
    assert_eq!(
        lock_key("acme-shop", "./README.md").unwrap().to_string(),
        "acme-shop::README.md"
    );
}

#[test]
fn lock_key_refuses_a_path_when_it_leaves_the_workspace() {
    assert_eq!(
        lock_key(WS, "../other/x.rs"),
        Err(KeyError::Escapes {
            path: "../other/x.rs".into()
        })
    );
    assert_eq!(
        lock_key(WS, "src/../../x.rs"),
        Err(KeyError::Escapes {
            path: "src/../../x.rs".into()
        })
    );
    for outside in [
        "/etc/passwd",
        "/home/dev/acme-other/x.rs",
        "/home/dev/acme/../x.rs",
    ] {
        let error = lock_key(WS, outside).unwrap_err();
        assert!(
            matches!(error, KeyError::OutsideWorkspace { .. }),
            "{outside}: {error:?}"
        );
        assert!(error.to_string().contains(outside), "{error}");
    }
    // An absolute path needs an absolute workspace to be inside of.
    assert!(matches!(
        lock_key("acme-shop", "/x.rs"),
        Err(KeyError::OutsideWorkspace { .. })
    ));
}

#[test]
fn lock_key_refuses_empty_control_and_overlong_input_when_given() {
    assert_eq!(lock_key("", "a.rs"), Err(KeyError::EmptyWorkspace));
    for empty in ["", ".", "./", "src/..", "/home/dev/acme", "/home/dev/acme/"] {
        assert!(
            matches!(lock_key(WS, empty), Err(KeyError::EmptyPath { .. })),
            "{empty:?}"
        );
    }
    assert!(matches!(
        lock_key(WS, "a\nb.rs"),
        Err(KeyError::ControlChar { .. })
    ));
    let long = "a/".repeat(MAX_PATH_LEN);
    assert_eq!(lock_key(WS, &long), Err(KeyError::TooLong { len: long.len() }));
}

// ---- owners and sessions ----

#[test]
fn owner_equality_is_by_session_when_labels_or_hosts_differ() {
    assert_eq!(claude(), owner("Cursor", "OTHER", SESSION_A));
    assert_ne!(claude(), owner("Claude Code", "DESK", SESSION_B));
    let parsed = Owner::parse("Claude Code:DESK:52b2c0de-1111-4222-8333-444455556666").unwrap();
    assert_eq!(parsed.agent_label(), "Claude Code");
    assert_eq!(parsed.host(), "DESK");
    assert_eq!(
        parsed.to_string(),
        "Claude Code:DESK:52b2c0de-1111-4222-8333-444455556666"
    );
    assert_eq!(parsed.short(), "Claude Code:DESK:52b2…");
    assert_eq!(SessionId::new("abc").unwrap().short(), "abc");
    assert!(matches!(Owner::parse("no-colons"), Err(OwnerError::Shape { .. })));
    assert!(matches!(
        Owner::parse("Codex:HOST:"),
        Err(OwnerError::Empty { part: "session" })
    ));
    assert!(Owner::new("Co:dex", "HOST", SessionId::new("s").unwrap()).is_err());
}

#[test]
fn session_from_transcript_path_matches_the_hook_side_for_every_agent() {
    let uuid = "5973b6c0-94b8-487b-a530-2aeb6098ae0e";
    let cases = [
        (
            format!("/home/u/.claude/projects/-home-u-acme/{uuid}.jsonl"),
            uuid,
        ),
        (
            format!("/home/u/.cursor/projects/acme/agent-transcripts/{uuid}/{uuid}.jsonl"),
            uuid,
        ),
        (
            format!("/home/u/.codex/sessions/2025/05/07/rollout-2025-05-07T17-24-21-{uuid}.jsonl"),
            uuid,
        ),
        (
            format!("C:\\Users\\u\\AppData\\Code\\chatSessions\\{uuid}.json"),
            uuid,
        ),
        (
            format!("/home/u/.gemini/antigravity-ide/brain/{uuid}/task.md"),
            uuid,
        ),
    ];
    for (path, expected) in cases {
        assert_eq!(
            SessionId::from_transcript_path(&path).unwrap().as_str(),
            expected,
            "{path}"
        );
    }
    assert_eq!(SessionId::from_transcript_path("/x/rollout-no-uuid.jsonl"), None);
    let from_path = SessionId::from_hook(Some(&format!("/t/{uuid}.jsonl")), Some("ignored"));
    assert_eq!(from_path.unwrap().as_str(), uuid);
    assert_eq!(
        SessionId::from_hook(None, Some(" conv-1 ")).unwrap().as_str(),
        "conv-1"
    );
    assert_eq!(SessionId::from_hook(Some(""), None), None);
}

// ---- intents ----

#[test]
fn filler_prompts_are_skipped_when_trimmed_cased_or_punctuated() {
    for filler in [
        "continue",
        "Continue.",
        "  YES!! ",
        "y",
        "ok",
        "Okay…",
        "hi",
        "Hello!",
        "thanks",
        "go  on",
        "Proceed?",
        "",
        "   ",
        "/compact",
    ] {
        assert!(is_filler(filler), "{filler:?}");
        assert_eq!(meaningful(filler), None, "{filler:?}");
    }
    for real in [
        "switch the login flow to JWT tokens",
        "yes, but rename the table too",
        "/review src/auth.ts",
    ] {
        assert!(!is_filler(real), "{real:?}");
    }
    assert_eq!(
        meaningful("  fix\n the   build \n").as_deref(),
        Some("fix the build")
    );
    let long = meaningful(&"word ".repeat(100)).unwrap();
    assert_eq!(long.chars().count(), MAX_INTENT_CHARS);
    assert!(long.ends_with('…'));
    assert!(
        FILLER_PROMPTS.iter().all(|p| is_filler(p)),
        "every table entry is in its comparison form"
    );
}

#[test]
fn record_prompt_keeps_the_last_meaningful_prompt_when_filler_follows() {
    let table = LockTable::default();
    let id = claude();
    assert!(table.record_prompt(&id, "switch the login flow to JWT tokens", T0));
    assert!(!table.record_prompt(&id, "continue", T0 + 5));
    assert!(!table.record_prompt(&id, "an older prompt replayed by ingest", T0 - 5));
    let intent = table.intent(id.session()).unwrap();
    assert_eq!(
        intent,
        Intent {
            text: "switch the login flow to JWT tokens".into(),
            at_ms: T0
        }
    );
    // The same session under another label shares the intent.
    assert!(table.record_prompt(
        &owner("Cursor", "X", SESSION_A),
        "now add refresh tokens",
        T0 + 10
    ));
    assert_eq!(table.intent(id.session()).unwrap().text, "now add refresh tokens");
}
