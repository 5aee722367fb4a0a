use proptest::prelude::*;

use super::*;
use crate::policy::{LayerSource, PolicyLayer, effective};

const JWT: &str =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

fn default_policy() -> EffectivePolicy {
    effective(vec![])
}

fn refused_by(field: &str, value: &str) -> Option<&'static str> {
    check_field(field, value, &default_policy(), &mut |_| {})
        .err()
        .map(|found| found.detector)
}

/// Every secret shape §7 lists, with the detector that must refuse it (in `notes`, where only the value
/// detectors apply).
fn secret_shapes() -> Vec<(&'static str, String)> {
    vec![
        (
            "private-key",
            "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----".into(),
        ),
        ("private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow (cut)".into()),
        ("github-token", format!("use ghp_{} for ci", "A1b2".repeat(9))),
        ("github-token", "github_pat_11ABCDEFG0123456789_abcdefghij".into()),
        ("gitlab-token", "glpat-xYz12345678901234567".into()),
        ("slack-token", "hook xoxb-1234567890-abcdefghijkl".into()),
        ("openai-key", "OPENAI sk-proj-abcdefghijklmnopqrstuvwx".into()),
        ("aws-access-key", "aws AKIAIOSFODNN7EXAMPLE".into()),
        ("jwt", format!("the session is {JWT}")),
        ("url-credentials", "postgres://admin:s3cretpw@db.acme.io/shop".into()),
        ("url-credentials", "redis://:s3cretpw@cache.acme.io:6379".into()),
        ("url-credentials", "clone admin:s3cretpw@git.acme.io".into()),
        ("secret-option", "pg_dump --password=s3cretpw shop".into()),
        ("secret-option", "tool --token s3cretvalue".into()),
        ("secret-option", "tool --api-key='s3cret value'".into()),
        ("secret-option", "tool --passwd s3cret --secret x".into()),
        ("user-password-option", "curl -u admin:s3cretpw https://api.acme.io".into()),
        ("user-password-option", "curl --user 'admin:s3cret pw' x".into()),
        ("auth-header", "curl -H 'Authorization: Bearer abc123DEF456ghi' x".into()),
        ("auth-header", "Authorization: Basic dXNlcjpwYXNzd29yZA==".into()),
        ("auth-header", "Authorization: Token 0123456789abcdef".into()),
        ("auth-header", "Digest username=\"bob\", response=\"6629fae4\"".into()),
        ("sshpass", "sshpass -p s3cretpw ssh app".into()),
        ("sshpass", "sshpass -p's3cret pw' ssh app".into()),
        ("mysql-password", "mysql -u root -ps3cretpw shop".into()),
        ("mysql-password", "mariadb -p's3cret pw'".into()),
        ("docker-login-password", "docker login -u me -p s3cretpw registry.acme.io".into()),
        ("redis-password", "redis-cli -h cache -a s3cretpw ping".into()),
        ("secret-assignment", "PGPASSWORD=s3cretpw psql -h db".into()),
        ("secret-assignment", "API_KEY='abc def ghi' ./run".into()),
        ("secret-assignment", "kubectl create secret generic db --from-literal=password=s3cretpw".into()),
        ("secret-prose", "the db password: hunter22 (rotate monthly)".into()),
        ("secret-prose", "api_key: abcdef123".into()),
        ("secret-prose", r#"{"token": "abcdef-123"}"#.into()),
    ]
}

#[test]
fn every_secret_shape_is_refused_with_its_detector_id() {
    for (detector, text) in secret_shapes() {
        assert_eq!(refused_by("notes", &text), Some(detector), "{text:?}");
    }
    // Every detector of the table has its shape here, or (the two field detectors) its own test below.
    let covered: Vec<&str> = secret_shapes().iter().map(|(detector, _)| *detector).collect();
    for id in DETECTOR_IDS {
        assert!(
            covered.contains(id) || ["secret-field", "user-field-password"].contains(id),
            "{id} has no shape"
        );
    }
}

#[test]
fn a_refusal_names_the_field_and_the_detector_and_never_the_value() {
    let err = check_field("notes", "PGPASSWORD=hunter22", &default_policy(), &mut |_| {}).unwrap_err();
    let text = err.to_string();
    assert_eq!(
        text,
        "notes looks like it contains a secret value (secret-assignment)"
    );
    assert!(!text.contains("hunter22"));
}

#[test]
fn a_secret_field_must_hold_a_reference() {
    assert_eq!(refused_by("password_ref", "hunter2"), Some("secret-field"));
    assert_eq!(refused_by("key_path_ref", "not a path"), Some("secret-field"));
    assert_eq!(refused_by("api_token", "abc"), Some("secret-field"));
    assert_eq!(refused_by("Private", "x"), Some("secret-field"));
    assert_eq!(refused_by("credentials", "x"), Some("secret-field"));
    assert_eq!(refused_by("password_ref", ""), None, "empty is not a secret");
}

#[test]
fn a_user_field_must_not_hold_user_and_password() {
    assert_eq!(refused_by("user", "admin:hunter2"), Some("user-field-password"));
    assert_eq!(refused_by("login", "admin:hunter2"), Some("user-field-password"));
    assert_eq!(refused_by("user", "admin"), None);
    assert_eq!(refused_by("user", "admin:$DB_PASSWORD"), None);
    assert_eq!(refused_by("login_state_path", "C:\\state\\login.json"), None);
}

#[test]
fn every_reference_shape_is_accepted_in_a_secret_field() {
    for value in [
        "~/.ssh/acme_live",
        "~\\keys\\acme",
        "/etc/acme/db.pw",
        "./secrets/db",
        "C:\\keys\\x.pem",
        "C:/keys/x.pem",
        "acme_live.pem",
        "deploy.key",
        "client.p12",
        "id_ed25519",
        "$DB_PASSWORD",
        "${DB_PASSWORD}",
        "%DB_PASSWORD%",
        "env:DB_PASSWORD",
        "DB_PASSWORD",
        "vault://secret/acme/db",
        "op://Acme/db/password",
        "keychain:acme-db",
        "ssm:/acme/db/password",
        "pass:acme/db",
        "file:secrets/db",
        "sops:secrets/db.yaml",
    ] {
        assert!(is_reference(value), "{value}");
        assert_eq!(refused_by("password_ref", value), None, "{value}");
    }
}

#[test]
fn near_references_are_not_references() {
    for value in [
        "pass:hunter2",
        "sops:db",
        "file:/",
        "pass:/x",
        "hunter2",
        "Db_Password",
        "$",
        "vault://",
        "op:x",
    ] {
        assert!(!is_reference(value), "{value}");
    }
    assert_eq!(refused_by("password_ref", "pass:hunter2"), Some("secret-field"));
}

#[test]
fn references_in_secret_places_pass() {
    for text in [
        "PGPASSWORD=$PGPASS psql -h db",
        "mysql -u root -p$MYSQL_PWD shop",
        "postgres://admin:${DB_PASSWORD}@db.acme.io/x",
        "curl -u admin:$API_TOKEN https://x",
        "tool --password \"$DB_PASSWORD\"",
        "sshpass -p $SSHPASS ssh app",
        "docker login -u me -p ~/.docker/pw",
        "redis-cli -a env:REDIS_PASSWORD",
        "password: vault://secret/acme/db",
        "curl -H 'Authorization: Bearer $TOKEN'",
        "key_path_ref=~/.ssh/acme_live",
    ] {
        assert_eq!(refused_by("notes", text), None, "{text}");
    }
}

#[test]
fn ordinary_notes_pass() {
    for text in [
        "Deploys run from the gitops repo; ask before touching prod.",
        "uses Basic authentication behind the VPN",
        "the token expires daily",
        "ssh key lives in the usual place",
        "git@github.com:acme/deploy.git",
        "https://shop.acme.io:8443/health",
        "mysql -p (prompts for the password)",
        "replicas=3 debug=true monkey=1",
        "password: short",
    ] {
        assert_eq!(refused_by("notes", text), None, "{text}");
    }
}

#[test]
fn a_detector_the_policy_switches_off_does_not_refuse() {
    let layer = PolicyLayer::parse(
        r#"{"secrets": {"disable": ["jwt", "secret-field"]}}"#,
        &LayerSource::Global,
    );
    let policy = effective(vec![(LayerSource::Global, layer)]);
    assert!(check_field("notes", JWT, &policy, &mut |_| {}).is_ok());
    assert!(check_field("password_ref", "hunter2", &policy, &mut |_| {}).is_ok());
    assert_eq!(
        check_field("notes", "PGPASSWORD=hunter22", &policy, &mut |_| {}).map_err(|e| e.detector),
        Err("secret-assignment")
    );
}

#[test]
fn an_allow_pattern_that_matches_whole_lets_a_value_pass() {
    let layer = PolicyLayer::parse(
        r#"{"secrets": {"allow": [{"id": "demo-pw", "pattern": "demo-[0-9]{4}"}]}}"#,
        &LayerSource::Global,
    );
    let policy = effective(vec![(LayerSource::Global, layer)]);
    assert!(
        check_field("password", "demo-1234", &policy, &mut |_| {}).is_ok(),
        "the value whole"
    );
    assert!(
        check_field("notes", "PGPASSWORD=demo-1234 psql", &policy, &mut |_| {}).is_ok(),
        "the spot whole"
    );
    assert!(
        check_field("notes", "PGPASSWORD=demo-12345 psql", &policy, &mut |_| {}).is_err(),
        "not whole"
    );
}

#[test]
fn an_allow_pattern_over_its_budget_does_not_allow_and_is_reported() {
    let layer = PolicyLayer::parse(
        r#"{"secrets": {"allow": [{"id": "demo-pw", "pattern": "demo-[0-9]{4}"}]}}"#,
        &LayerSource::Global,
    );
    let policy = effective(vec![(LayerSource::Global, layer)]);
    let mut slow = Vec::new();
    let result = check_field_within("password", "demo-1234", &policy, Duration::ZERO, &mut |p| {
        slow.push(p.id().to_owned())
    });
    assert_eq!(result.map_err(|e| e.detector), Err("secret-field"));
    assert_eq!(slow, ["demo-pw"]);
}

#[test]
fn the_journal_masks_every_place_whatever_the_policy() {
    let cases = [
        ("PGPASSWORD='s3cret pw' psql -h db", "PGPASSWORD='***' psql -h db"),
        ("mysql -u root -p's3cret' shop", "mysql -u root -p'***' shop"),
        ("sshpass -p s3cretpw ssh app", "sshpass -p *** ssh app"),
        ("curl -u admin:s3cretpw https://x", "curl -u admin:*** https://x"),
        (
            "psql postgres://admin:s3cretpw@db/x",
            "psql postgres://admin:***@db/x",
        ),
        (
            "curl -H 'Authorization: Bearer abc123DEF456ghi'",
            "curl -H 'Authorization: Bearer ***'",
        ),
        ("vault login token abc123def", "vault login token ***"),
        ("export API_KEY=$API_KEY", "export API_KEY=$API_KEY"),
    ];
    for (text, masked) in cases {
        assert_eq!(mask(text, &[]), masked, "{text}");
    }
    let key = format!("echo ghp_{} | gh auth login", "A1b2".repeat(9));
    assert_eq!(mask(&key, &[]), "echo *** | gh auth login");
}

#[test]
fn the_journal_masks_stored_test_secrets_whatever_their_length() {
    assert_eq!(
        mask("login with pw ab and ab", &["ab"]),
        "login with pw *** and ***"
    );
}

#[test]
fn the_summary_collapses_whitespace_masks_and_cuts_at_200() {
    let text = format!(
        "PGPASSWORD=s3cretpw   psql\n\t-c 'select 1'   {}",
        "x".repeat(300)
    );
    let summary = summary(&text, &[]);
    assert!(
        summary.starts_with("PGPASSWORD=*** psql -c 'select 1' xxx"),
        "{summary}"
    );
    assert_eq!(summary.chars().count(), 200);
}

#[test]
fn the_hostile_corpus_stays_within_the_detectors_bounds() {
    use crate::guard::hostile::{Target, corpus};
    let policy = default_policy();
    let allow = effective(vec![(
        LayerSource::Global,
        PolicyLayer::parse(
            r#"{"secrets": {"allow": [{"id": "demo-pw", "pattern": "demo-[0-9]{4}"}]}}"#,
            &LayerSource::Global,
        ),
    )]);
    let target = Target {
        ssh: "app",
        context: "prod-cluster",
        db: "postgres",
    };
    for (name, text) in corpus(target) {
        for spot in spots(&text) {
            assert!(spot.range.end <= text.len(), "{name}");
            assert!(
                text.is_char_boundary(spot.range.start) && text.is_char_boundary(spot.range.end),
                "{name}"
            );
        }
        // The same answer every time, and the allow pattern's budget failing closed: over its budget it allows
        // nothing, so the answer is the default policy's.
        let plain = check_field("notes", &text, &policy, &mut |_| {}).map_err(|e| e.detector);
        assert_eq!(
            plain,
            check_field("notes", &text, &policy, &mut |_| {}).map_err(|e| e.detector),
            "{name}"
        );
        let mut slow = Vec::new();
        let over = check_field_within("password", &text, &allow, Duration::ZERO, &mut |p| {
            slow.push(p.id().to_owned())
        });
        assert_eq!(
            over.map_err(|e| e.detector),
            Err("secret-field"),
            "{name}: no allow over budget"
        );
        // Only a value of at most 8 KB can match an allow pattern whole; a longer one is not run at all.
        let run: &[&str] = match text.trim().len() <= crate::policy::pattern::MAX_INPUT {
            true => &["demo-pw"],
            false => &[],
        };
        assert_eq!(slow, run, "{name}");
        assert!(summary(&text, &[]).chars().count() <= 200, "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn detectors_stay_in_bounds_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8_lossy(&bytes);
        for spot in spots(&text) {
            prop_assert!(spot.range.start <= spot.range.end && spot.range.end <= text.len());
            prop_assert!(text.is_char_boundary(spot.range.start) && text.is_char_boundary(spot.range.end));
        }
        let masked = mask(&text, &[]);
        prop_assert!(masked.len() <= text.len() + 3 * (text.len() + 1));
        let _ = check_field("notes", &text, &default_policy(), &mut |_| {});
        let _ = check_field("password", &text, &default_policy(), &mut |_| {});
    }

    #[test]
    fn detectors_stay_in_bounds_on_secret_like_text(text in "(PGPASSWORD=|--token |-p|-u a:|Bearer |://u:|sk-|eyJ|[a-zA-Z0-9'\" :@=_.-]){0,200}") {
        for spot in spots(&text) {
            prop_assert!(spot.range.end <= text.len());
            prop_assert!(text.is_char_boundary(spot.range.start) && text.is_char_boundary(spot.range.end));
        }
        let masked = mask(&text, &[]);
        prop_assert!(!masked.is_empty() || text.is_empty());
    }
}
