//! Fuzz target for the secret detectors (issue 17), on stable Rust: proptest drives arbitrary bytes and
//! generated secrets in every shape §7 lists through [`spots`], [`check_field`], [`mask`] and [`summary`], a
//! bounded number of cases in the normal test run (`RELAY_FUZZ_CASES` raises it; docs/TESTING.md). Each case
//! asserts what must hold for every input:
//!
//! - spots lie inside the text on character boundaries, never overlap, and name a detector of the table;
//! - a refusal reads exactly `<field> looks like it contains a secret value (<detector>)` — it never echoes the
//!   value;
//! - a generated secret in any listed shape, amid any prose, is refused, and neither the masked text nor the
//!   journal's summary holds it; the summary is at most 200 characters;
//! - a generated reference (variable, path, vault path) in a secret field always passes.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::*;
use crate::policy::effective;

/// Cases per target: 256 in the normal run, `RELAY_FUZZ_CASES` for more.
fn cases() -> u32 {
    std::env::var("RELAY_FUZZ_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(256)
}

fn detectors_hold(text: &str) -> Result<(), TestCaseError> {
    let found = spots(text);
    for (at, spot) in found.iter().enumerate() {
        prop_assert!(spot.range.start < spot.range.end && spot.range.end <= text.len());
        prop_assert!(text.is_char_boundary(spot.range.start) && text.is_char_boundary(spot.range.end));
        prop_assert!(DETECTOR_IDS.contains(&spot.detector), "{}", spot.detector);
        for other in &found[..at] {
            prop_assert!(
                other.range.end <= spot.range.start || spot.range.end <= other.range.start,
                "spots overlap"
            );
        }
    }
    let policy = effective(vec![]);
    for field in ["notes", "password_ref", "user"] {
        if let Err(found) = check_field(field, text, &policy, &mut |_| {}) {
            prop_assert!(DETECTOR_IDS.contains(&found.detector));
            prop_assert_eq!(
                found.to_string(),
                format!(
                    "{field} looks like it contains a secret value ({})",
                    found.detector
                )
            );
        }
    }
    let masked = mask(text, &[]);
    if found.is_empty() && !text.to_ascii_lowercase().contains("token") {
        prop_assert_eq!(masked, text, "nothing found, nothing masked");
    }
    prop_assert!(summary(text, &[]).chars().count() <= 200);
    Ok(())
}

/// A secret value: letters and digits, at least one digit and one capital (so it is never a plain word, an
/// upper-case variable name or a number).
fn secret() -> impl Strategy<Value = String> {
    "[A-Za-z0-9]{8,24}".prop_map(|tail| format!("Zq7{tail}"))
}

/// Every shape §7 lists, with `{}` where the secret goes.
const SHAPES: &[&str] = &[
    "PGPASSWORD={} psql -h db",
    "export API_TOKEN='{}'",
    "pg_dump --password={} shop",
    "tool --token {} --verbose",
    "tool --api-key \"{}\"",
    "curl -u admin:{} https://api.acme.io",
    "curl --user deploy:{} x",
    "psql postgres://admin:{}@db.acme.io/shop",
    "redis://:{}@cache.acme.io:6379",
    "curl -H 'Authorization: Bearer {}' x",
    "Authorization: Basic {}",
    "sshpass -p {} ssh app",
    "mysql -u root -p{} shop",
    "docker login -u me -p {} registry.acme.io",
    "redis-cli -h cache -a {} ping",
    "the db password: {} (rotate monthly)",
    "api_key: {}",
];

/// A reference to where a secret lives, in any of §7's forms.
fn reference() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Z][A-Z0-9]{0,8}_[A-Z0-9]{1,8}".prop_map(|name| format!("${name}")),
        "[A-Za-z_][A-Za-z0-9_]{0,12}".prop_map(|name| format!("${{{name}}}")),
        "[A-Za-z_][A-Za-z0-9_]{0,12}".prop_map(|name| format!("env:{name}")),
        "[A-Z][A-Z0-9]{0,8}_[A-Z0-9]{1,8}",
        "[a-z0-9_.-]{1,12}/[a-z0-9_.-]{1,12}".prop_map(|path| format!("~/{path}")),
        "[a-z0-9_-]{1,12}".prop_map(|name| format!("{name}.pem")),
        "[a-z0-9_-]{1,12}/[a-z0-9_-]{1,12}".prop_map(|path| format!("vault://{path}")),
        "[A-Za-z0-9_-]{1,12}/[a-z0-9_-]{1,12}".prop_map(|path| format!("op://{path}")),
        "[a-z0-9_-]{1,12}/[a-z0-9_-]{1,12}".prop_map(|path| format!("pass:{path}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fuzz_detectors_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..4_096)) {
        detectors_hold(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn fuzz_detectors_never_echo_a_secret_in_any_shape(
        shape in proptest::sample::select(SHAPES),
        value in secret(),
        before in "[a-z ]{0,40}",
        after in "[a-z ]{0,40}",
    ) {
        let text = format!("{before} {} {after}", shape.replace("{}", &value));
        detectors_hold(&text)?;
        let policy = effective(vec![]);
        let refusal = check_field("notes", &text, &policy, &mut |_| {});
        prop_assert!(refusal.is_err(), "not refused: {text:?}");
        if let Err(found) = refusal {
            prop_assert!(!found.to_string().contains(&value));
        }
        let masked = mask(&text, &[]);
        prop_assert!(!masked.contains(&value), "{text:?} masked as {masked:?}");
        prop_assert!(!summary(&text, &[]).contains(&value));
    }

    #[test]
    fn fuzz_references_always_pass_in_a_secret_field(value in reference()) {
        let policy = effective(vec![]);
        prop_assert!(is_reference(&value), "{value}");
        prop_assert!(check_field("password_ref", &value, &policy, &mut |_| {}).is_ok(), "{value}");
        prop_assert!(check_field("notes", &format!("PGPASSWORD={value} psql"), &policy, &mut |_| {}).is_ok(), "{value}");
    }
}
