//! Secrets taken out of text before it leaves a parser: a table of detectors, each with a stable id that the
//! replacement names (`[REDACTED:aws-access-key]`), so what was removed can be counted without being kept.
//!
//! The table errs on the side of removing: a value after `password=` or an `Authorization: Bearer` header goes
//! whatever it looks like; keys with a known shape (AWS, GitHub, Anthropic, OpenAI, Slack, Google, Stripe, JWTs,
//! PEM private keys) go wherever they appear.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::Regex;

/// One kind of secret.
#[derive(Debug)]
pub struct Detector {
    /// Stable: it is written into the text in place of the secret and never changes meaning.
    pub id: &'static str,
    pub what: &'static str,
    pattern: &'static str,
    /// The capture group that is the secret (0: the whole match).
    group: usize,
}

/// Every detector, applied in this order.
pub static DETECTORS: &[Detector] = &[
    Detector {
        id: "private-key",
        what: "a PEM private key block",
        pattern: r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\z)",
        group: 0,
    },
    Detector {
        id: "aws-access-key",
        what: "an AWS access key id",
        pattern: r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b",
        group: 0,
    },
    Detector {
        id: "github-token",
        what: "a GitHub token",
        pattern: r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})",
        group: 0,
    },
    Detector {
        id: "anthropic-key",
        what: "an Anthropic API key",
        pattern: r"\bsk-ant-[A-Za-z0-9_\-]{20,}",
        group: 0,
    },
    Detector {
        id: "openai-key",
        what: "an OpenAI API key",
        pattern: r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
        group: 0,
    },
    Detector {
        id: "slack-token",
        what: "a Slack token",
        pattern: r"\bxox[abposr]-[A-Za-z0-9\-]{10,}",
        group: 0,
    },
    Detector {
        id: "google-api-key",
        what: "a Google API key",
        pattern: r"\bAIza[0-9A-Za-z_\-]{35}",
        group: 0,
    },
    Detector {
        id: "stripe-key",
        what: "a Stripe secret or restricted key",
        pattern: r"\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,}",
        group: 0,
    },
    Detector {
        id: "jwt",
        what: "a JSON Web Token",
        pattern: r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
        group: 0,
    },
    Detector {
        id: "bearer",
        what: "an Authorization header's credential",
        pattern: r"(?i)\b(?:bearer|basic|token)\s+([A-Za-z0-9._~+/=\-]{16,})",
        group: 1,
    },
    Detector {
        id: "url-password",
        what: "a password inside a URL",
        pattern: r"\b[a-z][a-z0-9+.\-]*://[^\s/:@]+:([^\s/@]{3,})@",
        group: 1,
    },
    Detector {
        id: "assigned-secret",
        what: "a value assigned to a password, secret, token or key setting",
        pattern: r#"(?i)\b[A-Za-z0-9_\-]*(?:password|passwd|pwd|secret|token|api[_\-]?key|access[_\-]?key|private[_\-]?key)["']?\s*[:=]\s*["']?([^\s"',;]{6,})"#,
        group: 1,
    },
];

fn compiled() -> &'static [(usize, Regex)] {
    static COMPILED: OnceLock<Vec<(usize, Regex)>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        DETECTORS
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Regex::new(d.pattern).ok().map(|re| (i, re)))
            .collect()
    })
}

/// `text` with every secret a detector finds replaced by `[REDACTED:<id>]`.
///
/// ```
/// use relay_transcripts::redact::redact;
/// assert_eq!(redact("key AKIAABCDEFGHIJKLMNOP here"), "key [REDACTED:aws-access-key] here");
/// assert_eq!(redact("nothing to hide"), "nothing to hide");
/// ```
pub fn redact(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    for (index, regex) in compiled() {
        let detector = &DETECTORS[*index];
        if !regex.is_match(&out) {
            continue;
        }
        let mut replaced = String::with_capacity(out.len());
        let mut last = 0;
        for captures in regex.captures_iter(&out) {
            let Some(secret) = captures.get(detector.group) else {
                continue;
            };
            if secret.as_str().starts_with("[REDACTED:") {
                continue;
            }
            replaced.push_str(&out[last..secret.start()]);
            replaced.push_str("[REDACTED:");
            replaced.push_str(detector.id);
            replaced.push(']');
            last = secret.end();
        }
        replaced.push_str(&out[last..]);
        out = Cow::Owned(replaced);
    }
    out
}

/// The ids of the detectors that find something in `text` (for tests and counts).
pub fn findings(text: &str) -> Vec<&'static str> {
    compiled()
        .iter()
        .filter(|(_, regex)| regex.is_match(text))
        .map(|(index, _)| DETECTORS[*index].id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_detector_compiles_and_ids_are_unique() {
        assert_eq!(compiled().len(), DETECTORS.len());
        let mut ids: Vec<&str> = DETECTORS.iter().map(|d| d.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), DETECTORS.len());
    }

    #[test]
    fn each_kind_of_secret_is_replaced_by_its_id() {
        let cases = [
            (
                "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
                "private-key",
            ),
            ("AKIAIOSFODNN7EXAMPLE", "aws-access-key"),
            ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "github-token"),
            ("sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "anthropic-key"),
            ("sk-proj-abcdefghijklmnopqrstuvwxyz012345", "openai-key"),
            ("xoxb-1234567890-abcdefghij", "slack-token"),
            ("AIzaSyA1234567890abcdefghijklmnopqrstuv", "google-api-key"),
            ("sk_live_abcdefghijklmnop1234", "stripe-key"),
            (
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
                "jwt",
            ),
            ("Authorization: Bearer abcdefghijklmnop1234", "bearer"),
            ("postgres://app:hunter2secret@db:5432/x", "url-password"),
            ("DB_PASSWORD=correct-horse-battery", "assigned-secret"),
            ("\"api_key\": \"zz9-plural-z-alpha\"", "assigned-secret"),
        ];
        for (secret, id) in cases {
            let text = format!("before {secret} after");
            let out = redact(&text);
            assert!(out.contains(&format!("[REDACTED:{id}]")), "{id}: {out}");
            assert!(out.starts_with("before "), "{id}: {out}");
            assert!(out.ends_with(" after"), "{id}: {out}");
        }
    }

    #[test]
    fn the_secret_part_goes_and_the_setting_name_stays() {
        assert_eq!(
            redact("password: hunter2hunter2"),
            "password: [REDACTED:assigned-secret]"
        );
        assert_eq!(
            redact("curl -H 'Authorization: Bearer abcdefghijklmnop1234'"),
            "curl -H 'Authorization: Bearer [REDACTED:bearer]'"
        );
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for text in [
            "switch the login flow to JWT tokens",
            "the token bucket limits requests",
            "sk-8 is a size",
            "password reset flow for the settings page",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn redacting_twice_changes_nothing_more() {
        let once = redact("token=abcdef123456 and AKIAIOSFODNN7EXAMPLE").into_owned();
        assert_eq!(redact(&once), once);
    }
}
