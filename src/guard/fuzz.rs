//! Fuzz target for the guard's command parser and decision (issue 17), on stable Rust: proptest drives arbitrary
//! bytes and a structured generator of hostile shell text through [`shell`], the host positions, the rules and
//! [`decide`], a bounded number of cases in the normal test run (`RELAY_FUZZ_CASES` raises it for a longer
//! run; docs/TESTING.md). Each case asserts what must hold for every input, not one answer:
//!
//! - the guard reads a prefix of the call, at most 8 KB, cut at a character boundary;
//! - the segments are in order, inside the text, trimmed, at most 200, and what lies between them (and after the
//!   last, unless the limit stopped the scan) is only whitespace and separators: they cover the command;
//! - words are borrowed only when written plainly, never hold more characters than their segment, and the command
//!   word is one of them; host positions are lower-case, non-empty, each once; rule ids are the table's;
//! - the decision is the same twice and on the capped text, touches at most one per environment and only the
//!   environment's own identifiers, answers deny / ask / warn with a reason in §7's words and never an allow.

use std::borrow::Cow;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::*;
use crate::policy::{LayerSource, PolicyLayer, effective};

/// Cases per target: 256 in the normal run, `RELAY_FUZZ_CASES` for more.
pub(crate) fn cases() -> u32 {
    std::env::var("RELAY_FUZZ_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(256)
}

/// Three stands under three guard modes and levels, sharing some names, one with a custom pattern.
fn stands() -> Vec<GuardEnvironment> {
    let layers = [
        (
            "live",
            r#"{"guard": {"mode": "block", "patterns": [{"id": "deploy-script", "capability": "ssh", "command": "\\bssh\\b", "change": "deploy\\.sh"}]}}"#,
        ),
        (
            "eu",
            r#"{"guard": {"mode": "warn"}, "levels": {"live": {"db": "ask", "kubectl": "none"}}}"#,
        ),
        ("old", r#"{"guard": {"mode": "log"}}"#),
    ];
    let pairs = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    };
    let ssh = pairs(&[("alias", "app"), ("host", "web-1.acme.io")]);
    let kube = pairs(&[("context", "prod-cluster")]);
    let db = pairs(&[("host", "postgres")]);
    let gitops = pairs(&[("repo", "git@github.com:acme/deploy.git")]);
    layers
        .iter()
        .map(|(name, layer)| {
            let policy = effective(vec![(
                LayerSource::Global,
                PolicyLayer::parse(layer, &LayerSource::Global),
            )]);
            GuardEnvironment::new(
                "acme",
                name,
                EnvKind::Live,
                &policy,
                None,
                &BTreeMap::new(),
                Some("https://shop.acme.io"),
                [
                    (AccessKind::Ssh, &ssh),
                    (AccessKind::Kubectl, &kube),
                    (AccessKind::Db, &db),
                    (AccessKind::Gitops, &gitops),
                ],
            )
        })
        .collect()
}

fn separators_only(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_whitespace() || matches!(c, '|' | ';' | '&'))
}

/// The parser's properties on one input.
fn parser_holds(text: &str) -> Result<(), TestCaseError> {
    let capped = shell::cap(text);
    prop_assert!(capped.len() <= MAX_TEXT);
    prop_assert!(text.starts_with(capped), "a prefix of the input");
    prop_assert!(
        capped.len() == text.len() || capped.len() + 4 > MAX_TEXT,
        "cut only at the limit"
    );
    let ranges = shell::segment_ranges(capped, MAX_SEGMENTS);
    prop_assert!(ranges.len() <= MAX_SEGMENTS);
    let mut end = 0;
    for range in &ranges {
        prop_assert!(end <= range.start && range.start < range.end && range.end <= capped.len());
        prop_assert!(capped.is_char_boundary(range.start) && capped.is_char_boundary(range.end));
        prop_assert!(
            separators_only(&capped[end..range.start]),
            "only separators between segments: {:?}",
            &capped[end..range.start]
        );
        let piece = &capped[range.clone()];
        prop_assert_eq!(piece.trim(), piece);
        end = range.end;
        let segment = shell::Segment::new(piece);
        let mut chars = 0;
        for word in &segment.words {
            chars += word.text.chars().count();
            if let Cow::Borrowed(plain) = &word.text {
                prop_assert!(!word.quoted);
                prop_assert!(!plain.is_empty() && !plain.contains(char::is_whitespace));
                prop_assert!(!plain.contains(['\'', '"', '\\']), "{plain:?}");
                prop_assert!(piece.contains(plain));
            }
        }
        prop_assert!(chars <= piece.chars().count(), "words never add characters");
        if let Some(command) = segment.command {
            prop_assert!(command < segment.words.len());
        }
        let hosts = ident::host_positions(&segment);
        for (at, host) in hosts.iter().enumerate() {
            prop_assert!(!host.is_empty());
            prop_assert_eq!(host.to_ascii_lowercase(), host.clone());
            prop_assert!(!hosts[..at].contains(host), "each host once");
        }
        let rules = rules::matching_rules(&segment);
        for (at, rule) in rules.iter().enumerate() {
            prop_assert!(RULE_IDS.contains(&rule.id));
            prop_assert!(!rules[..at].contains(rule), "each rule once");
        }
    }
    if ranges.len() < MAX_SEGMENTS {
        prop_assert!(
            separators_only(&capped[end..]),
            "the segments cover the text: {:?}",
            &capped[end..]
        );
    }
    prop_assert_eq!(shell::segment_texts(capped, MAX_SEGMENTS).len(), ranges.len());
    Ok(())
}

/// A budget no match reaches: the answers compared here must not depend on how loaded the machine is (the
/// budget's fail-closed path has its own tests).
const NO_BUDGET: std::time::Duration = std::time::Duration::from_secs(3600);

/// The decision's properties on one call.
fn decision_holds(call: &ToolCall<'_>, stands: &[GuardEnvironment]) -> Result<(), TestCaseError> {
    let decide = |call: &ToolCall<'_>, stands: &[GuardEnvironment]| decide_within(call, stands, NO_BUDGET);
    let outcome = decide(call, stands);
    prop_assert!(outcome.slow_patterns.is_empty());
    prop_assert_eq!(&outcome, &decide(call, stands), "the same answer twice");
    if let ToolCall::Bash { command } = call {
        let capped = ToolCall::Bash {
            command: shell::cap(command),
        };
        prop_assert_eq!(&outcome, &decide(&capped, stands), "only the first 8 KB count");
    }
    prop_assert!(outcome.touches.len() <= stands.len());
    for touch in &outcome.touches {
        let Some(stand) = stands.iter().find(|s| s.name == touch.environment) else {
            return Err(TestCaseError::fail("a touch of no given environment"));
        };
        prop_assert!(
            stand.identifiers().iter().any(|i| i.text == touch.identifier),
            "{} is not an identifier of {}",
            touch.identifier,
            stand.name
        );
        prop_assert!(touch.reason.starts_with("relay guard: acme "), "{}", touch.reason);
        let matched = format!("(matched '{}')", touch.identifier);
        prop_assert!(touch.reason.contains(&matched), "{}", touch.reason);
        if let Some(rule) = &touch.rule {
            let built_in = RULE_IDS.contains(&rule.id.as_str());
            prop_assert!(built_in || rule.id == "deploy-script", "{}", rule.id);
        }
    }
    let verdict = outcome.verdict();
    let message = outcome.message();
    prop_assert_eq!(
        message.is_some(),
        matches!(verdict, Verdict::Deny | Verdict::Ask | Verdict::Warn)
    );
    if verdict == Verdict::Warn {
        prop_assert!(
            message
                .as_deref()
                .is_some_and(|m| m.ends_with("(warn mode: not blocked)"))
        );
    }
    if let Some(answer) = outcome.claude_code_answer(None) {
        let decision = &answer["hookSpecificOutput"]["permissionDecision"];
        prop_assert!(
            decision.is_null() || decision == "deny" || decision == "ask",
            "never an allow: {answer}"
        );
    }
    Ok(())
}

/// Hostile shell text: quotes, operators, substitutions, backticks, NUL, look-alikes, long words and the stands'
/// names, in any order.
fn shellish() -> impl Strategy<Value = String> {
    const TOKENS: &[&str] = &[
        "ssh ",
        "app ",
        "APP ",
        "web-1.acme.io ",
        "prod-cluster ",
        "postgres ",
        "'",
        "\"",
        "\\",
        ";",
        "&&",
        "|",
        "||",
        "&",
        "\n",
        "$(",
        ")",
        "`",
        "\0",
        " ",
        "\t",
        "\u{a0}",
        "-p 22 ",
        "-h",
        "--host=",
        "--context ",
        "--context=",
        "sudo ",
        "env X=1 ",
        "timeout 5 ",
        "scp ",
        "rsync -av ",
        "sftp ",
        "app:/x ",
        "./a ",
        "rm -rf / ",
        "reboot ",
        "systemctl restart nginx ",
        "kubectl ",
        "delete pod x ",
        "apply -f x ",
        "rollout restart ",
        "psql ",
        "-c ",
        "DROP TABLE x ",
        "git ",
        "push ",
        "commit -m ",
        "echo ",
        "git@github.com:acme/deploy.git ",
        "https://shop.acme.io/x ",
        "helm upgrade ",
        "terraform apply ",
        "deploy.sh ",
        "ѕѕh ",
        "аpp ",
        "é",
        "日本 ",
    ];
    let token = prop_oneof![
        8 => proptest::sample::select(TOKENS).prop_map(str::to_owned),
        2 => "[a-z0-9._/-]{1,12} ",
        1 => "[a-z]{1,4}".prop_map(|word| word.repeat(300)),
    ];
    proptest::collection::vec(token, 0..300).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fuzz_parser_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..9_000)) {
        let text = String::from_utf8_lossy(&bytes);
        parser_holds(&text)?;
        decision_holds(&ToolCall::Bash { command: &text }, &stands())?;
    }

    #[test]
    fn fuzz_parser_on_hostile_shell_text(text in shellish()) {
        parser_holds(&text)?;
        let stands = stands();
        decision_holds(&ToolCall::Bash { command: &text }, &stands)?;
        let input = serde_json::json!({"sql": text, "target": ["https://shop.acme.io", text.len()]});
        decision_holds(&ToolCall::Mcp { tool: "mcp__pg__run_query", input: &input }, &stands)?;
    }
}
