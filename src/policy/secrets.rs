//! Secret detectors (§7): relay never stores a secret, only where it lives. Every text written to an environment,
//! an access entry or a proposal is checked by detectors with stable ids ([`DETECTOR_IDS`]) that the policy can
//! switch off (`secrets.disable`); the journal of actions on live masks the same places ([`mask`]) whatever the
//! policy switches off.
//!
//! A refusal names the field and the detector and never repeats the value:
//! `notes looks like it contains a secret value (jwt)` ([`SecretFound`]).
//!
//! These are pattern checks: a secret in an unusual shape (in plain prose, say) can pass.

use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;
use std::time::Duration;

use regex::Regex;

use super::EffectivePolicy;
use super::pattern::{MATCH_BUDGET, SafePattern, Timed};

/// Every detector id, in the order the checks run (the schema's `detectorIds` lists the same).
pub const DETECTOR_IDS: &[&str] = &[
    "secret-field",
    "user-field-password",
    "private-key",
    "github-token",
    "gitlab-token",
    "slack-token",
    "openai-key",
    "aws-access-key",
    "jwt",
    "url-credentials",
    "secret-option",
    "user-password-option",
    "auth-header",
    "sshpass",
    "mysql-password",
    "docker-login-password",
    "redis-password",
    "secret-assignment",
    "secret-prose",
];

/// The words that make a field name a secret's (its value must be a reference).
const SECRET_FIELD_WORDS: &[&str] = &["pass", "pwd", "token", "secret", "key", "credential", "private"];
/// The words that make a field name a user's (its value must not be `user:password`).
const USER_FIELD_WORDS: &[&str] = &["user", "login"];

/// A refused value: the field and the detector that found it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SecretFound {
    pub field: String,
    pub detector: &'static str,
}

impl fmt::Display for SecretFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} looks like it contains a secret value ({})",
            self.field, self.detector
        )
    }
}

impl SecretFound {
    /// What to do instead, for the adapters to add after the refusal.
    pub const ADVICE: &'static str = "store where the secret lives instead: a file path (~/.ssh/acme_live), an environment variable name ($DB_PASSWORD) or a vault path (vault://…, op://…, pass:acme/db)";
}

/// One place in a text that holds a secret value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub detector: &'static str,
    /// The value's bytes (inside its quotes when quoted).
    pub range: Range<usize>,
}

/// How a detector finds its values.
enum Find {
    /// The whole match is the secret (a known token shape).
    Shape,
    /// Group 1 is the value.
    Group,
    /// The value starts where the match ends: a quoted value counts whole, an unquoted one runs to the next
    /// space or shell operator. `min_len` skips shorter values; `needs` is a word the text must contain.
    After {
        min_len: usize,
        needs: &'static [&'static str],
        attached: bool,
        prose: bool,
    },
    /// `-u` / `--user` followed by `user:password` (the password is the value).
    UserPassword,
    /// A private key block, to its END line or the end of the text.
    PrivateKey,
}

struct Detector {
    id: &'static str,
    pattern: &'static str,
    find: Find,
}

const fn after(min_len: usize) -> Find {
    Find::After {
        min_len,
        needs: &[],
        attached: false,
        prose: false,
    }
}

/// The table of places (`_SECRET_SPOTS`): the refusals and the journal's masking read it both.
const SPOTS: &[Detector] = &[
    Detector {
        id: "private-key",
        pattern: r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----",
        find: Find::PrivateKey,
    },
    Detector {
        id: "github-token",
        pattern: r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
        find: Find::Shape,
    },
    Detector {
        id: "gitlab-token",
        pattern: r"\bgl(?:pat|dt|rt|ptt|oas|cbt|ft|imt|agent|soat)-[A-Za-z0-9_-]{20,255}",
        find: Find::Shape,
    },
    Detector {
        id: "slack-token",
        pattern: r"\b(?:xox[abposrec]-[A-Za-z0-9-]{10,255}|xapp-[0-9]-[A-Za-z0-9-]{10,255})",
        find: Find::Shape,
    },
    Detector {
        id: "openai-key",
        pattern: r"\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{20,255}",
        find: Find::Shape,
    },
    Detector {
        id: "aws-access-key",
        pattern: r"\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b",
        find: Find::Shape,
    },
    Detector {
        id: "jwt",
        pattern: r"\beyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,4096}",
        find: Find::Shape,
    },
    Detector {
        id: "url-credentials",
        pattern: r#"(?i)(?:\b[a-z][a-z0-9+.-]*://|(?:^|[\s'"=(,])[a-z0-9._-]*)[^\s:@/'"]*:([^\s@/'":]+)@[a-z0-9\[]"#,
        find: Find::Group,
    },
    Detector {
        id: "secret-option",
        pattern: r#"(?i)(?:^|[\s'"(])--(?:password|passwd|pass|token|secret|api-key)(?:=|[ \t]+)"#,
        find: after(1),
    },
    Detector {
        id: "user-password-option",
        pattern: r"(?:^|[\s(])(?:-u|--user)(?:=|[ \t]+)",
        find: Find::UserPassword,
    },
    Detector {
        id: "auth-header",
        pattern: r"(?i)\b(?:authorization:[ \t]*token|bearer|basic|digest)[ \t]+",
        find: Find::After {
            min_len: 8,
            needs: &[],
            attached: false,
            prose: true,
        },
    },
    Detector {
        id: "sshpass",
        pattern: r"(?i)\bsshpass[ \t]+-p[ \t]*",
        find: after(1),
    },
    Detector {
        id: "mysql-password",
        pattern: r"(?:^|[\s(])-p",
        find: Find::After {
            min_len: 1,
            needs: &["mysql", "mariadb"],
            attached: true,
            prose: false,
        },
    },
    Detector {
        id: "docker-login-password",
        pattern: r"(?:^|[\s(])-p[ \t]+",
        find: Find::After {
            min_len: 1,
            needs: &["docker login"],
            attached: false,
            prose: false,
        },
    },
    Detector {
        id: "redis-password",
        pattern: r"(?:^|[\s(])-a[ \t]+",
        find: Find::After {
            min_len: 1,
            needs: &["redis-cli"],
            attached: false,
            prose: false,
        },
    },
    Detector {
        id: "secret-assignment",
        pattern: r"(?i)(?:^|[^a-z0-9_.-])[a-z0-9_.-]*(?:pass|pwd|token|secret|key)[a-z0-9_.-]*=",
        find: after(1),
    },
    Detector {
        id: "secret-prose",
        pattern: r#"(?i)\b[a-z0-9_-]*(?:pass|pwd|token|secret|api[_-]?key)[a-z0-9_-]*["']?[ \t]*:[ \t]+"#,
        find: Find::After {
            min_len: 6,
            needs: &[],
            attached: false,
            prose: true,
        },
    },
];

/// The journal also masks `token <value>` (not a refusal: "token expired" is prose).
const MASK_ONLY: &[Detector] = &[Detector {
    id: "token-word",
    pattern: r"(?i)\btoken[ \t]+",
    find: after(1),
}];

fn compiled(
    table: &'static [Detector],
    cell: &'static OnceLock<Vec<Option<Regex>>>,
) -> &'static [Option<Regex>] {
    cell.get_or_init(|| table.iter().map(|d| Regex::new(d.pattern).ok()).collect())
}

fn spot_regexes() -> &'static [Option<Regex>] {
    static CELL: OnceLock<Vec<Option<Regex>>> = OnceLock::new();
    compiled(SPOTS, &CELL)
}

fn mask_only_regexes() -> &'static [Option<Regex>] {
    static CELL: OnceLock<Vec<Option<Regex>>> = OnceLock::new();
    compiled(MASK_ONLY, &CELL)
}

fn reference_regex() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    CELL.get_or_init(|| {
        Regex::new(concat!(
            r"\A(?:",
            // environment variables
            r"\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\}|%[A-Za-z_][A-Za-z0-9_]*%|env:[A-Za-z_][A-Za-z0-9_]*",
            r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+",
            // vault paths
            r"|(?i:vault|op)://\S+|(?i:keychain|ssm):\S+",
            r"|(?i:pass|file|sops):\S*[^\s/]/[^\s/]\S*",
            // paths
            r"|~[/\\]\S+|\.{1,2}[/\\]\S+|/[^\s/]\S*|[A-Za-z]:[\\/]\S+",
            r"|[A-Za-z0-9_.-]+\.(?i:pem|key|p12|pfx|ppk|crt|cer|der|jks|keystore|gpg|asc|age|kdbx|pub)",
            r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?",
            r")\z"
        ))
        .ok()
    })
    .as_ref()
}

/// Whether `value` as a whole is a reference to where a secret lives: a path (`~/.ssh/acme_live`,
/// `C:\keys\x.pem`, `x.pem`), an environment variable name (`$DB_PASSWORD`, `${DB_PASSWORD}`, `%DB_PASSWORD%`,
/// `env:DB_PASSWORD`, `DB_PASSWORD`) or a vault path (`vault://…`, `op://…`, `keychain:…`, `ssm:…`, and `pass:` /
/// `file:` / `sops:` with text on both sides of a `/`).
///
/// ```
/// use relay_core::policy::secrets::is_reference;
/// assert!(is_reference("~/.ssh/acme_live"));
/// assert!(is_reference("pass:acme/db"));
/// assert!(!is_reference("pass:hunter2"));
/// assert!(!is_reference("hunter2"));
/// ```
pub fn is_reference(value: &str) -> bool {
    let value = value.trim();
    !value.is_empty() && reference_regex().is_some_and(|re| re.is_match(value))
}

/// Characters that end an unquoted value.
fn ends_value(c: char, prose: bool) -> bool {
    c.is_whitespace()
        || matches!(c, ';' | '|' | '&' | ')' | '<' | '>' | '`' | '\'' | '"')
        || (prose && c == ',')
}

/// The value starting at `start`: `(outer, inner)` — a quoted value counts whole (inner is inside the quotes).
fn value_at(text: &str, start: usize, prose: bool) -> Option<Range<usize>> {
    let rest = text.get(start..)?;
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    if first == '\'' || first == '"' {
        let close = rest[1..].find(first).map_or(rest.len(), |at| at + 1);
        return Some(start + 1..start + close);
    }
    let end = rest
        .char_indices()
        .find(|(_, c)| ends_value(*c, prose))
        .map_or(rest.len(), |(at, _)| at);
    Some(start..start + end)
}

/// Values that are obviously not secrets after `NAME=` (flags, small numbers).
fn trivial(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "true" | "false" | "yes" | "no" | "null" | "none" | "on" | "off" | "0" | "1"
    ) || (value.len() <= 5 && value.bytes().all(|b| b.is_ascii_digit()))
}

/// A credential after Bearer / Basic / Digest looks like one: not a plain lower-case word.
fn credential_like(value: &str) -> bool {
    value
        .chars()
        .skip(1)
        .any(|c| c.is_ascii_digit() || c.is_ascii_uppercase() || "+/=_-.~".contains(c))
}

fn find_spots(text: &str, table: &'static [Detector], regexes: &[Option<Regex>], out: &mut Vec<Spot>) {
    let lower = text.to_ascii_lowercase();
    for (detector, regex) in table.iter().zip(regexes) {
        let Some(regex) = regex else { continue };
        match &detector.find {
            Find::Shape => {
                for m in regex.find_iter(text) {
                    push(out, detector.id, m.range());
                }
            }
            Find::Group => {
                for caps in regex.captures_iter(text) {
                    if let Some(value) = caps.get(1)
                        && !is_reference(value.as_str())
                    {
                        push(out, detector.id, value.range());
                    }
                }
            }
            Find::PrivateKey => {
                for m in regex.find_iter(text) {
                    let end = text[m.end()..]
                        .find("-----END ")
                        .and_then(|at| {
                            let from = m.end() + at + 9;
                            text[from..].find("-----").map(|close| from + close + 5)
                        })
                        .unwrap_or(text.len());
                    push(out, detector.id, m.start()..end);
                }
            }
            Find::UserPassword => {
                for m in regex.find_iter(text) {
                    let Some(word) = value_at(text, m.end(), false) else {
                        continue;
                    };
                    let Some(colon) = text[word.clone()].find(':') else {
                        continue;
                    };
                    let value = word.start + colon + 1..word.end;
                    if colon > 0 && !value.is_empty() && !is_reference(&text[value.clone()]) {
                        push(out, detector.id, value);
                    }
                }
            }
            Find::After {
                min_len,
                needs,
                attached,
                prose,
            } => {
                if !needs.is_empty() && !needs.iter().any(|word| lower.contains(word)) {
                    continue;
                }
                for m in regex.find_iter(text) {
                    let Some(value) = value_at(text, m.end(), *prose) else {
                        continue;
                    };
                    let quoted = value.start > m.end();
                    let body = &text[value.clone()];
                    if body.chars().count() < *min_len
                        || is_reference(body)
                        || (!quoted && body.starts_with('-') && !attached)
                        || (!quoted && body.starts_with('='))
                        || (detector.id == "secret-assignment" && trivial(body))
                        || (detector.id == "auth-header" && !quoted && !credential_like(body))
                    {
                        continue;
                    }
                    push(out, detector.id, value);
                }
            }
        }
    }
}

/// Adds a spot unless an earlier detector already holds that place.
fn push(out: &mut Vec<Spot>, detector: &'static str, range: Range<usize>) {
    if range.is_empty()
        || out
            .iter()
            .any(|spot| spot.range.start < range.end && range.start < spot.range.end)
    {
        return;
    }
    out.push(Spot { detector, range });
}

/// Every place in `text` that holds a secret value, by every detector (the policy is not consulted).
pub fn spots(text: &str) -> Vec<Spot> {
    let mut out = Vec::new();
    find_spots(text, SPOTS, spot_regexes(), &mut out);
    out
}

/// Whether `name` (a field name) is a secret's: its value must be a reference.
pub fn is_secret_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    SECRET_FIELD_WORDS.iter().any(|word| name.contains(word))
}

fn is_user_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    USER_FIELD_WORDS.iter().any(|word| name.contains(word))
}

/// Whether an allow pattern matches `value` whole (an over-budget match does not allow; it is reported to
/// `on_slow`).
fn allowed(
    value: &str,
    policy: &EffectivePolicy,
    budget: Duration,
    on_slow: &mut dyn FnMut(&SafePattern),
) -> bool {
    policy
        .secrets_allow
        .values()
        .any(|allow| match allow.compiled.matches_whole(value, budget) {
            Timed::Done(matched) => matched,
            Timed::OverBudget => {
                on_slow(&allow.compiled);
                false
            }
        })
}

/// Checks one field of a write under `policy`: `Err` names the field and the first detector that refused it.
/// Over-budget allow patterns are reported to `on_slow` (and do not allow).
///
/// ```
/// use relay_core::policy::{effective, secrets::check_field};
/// let policy = effective(vec![]);
/// let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
/// let err = check_field("notes", &format!("the token is {jwt}"), &policy, &mut |_| {}).unwrap_err();
/// assert_eq!(err.to_string(), "notes looks like it contains a secret value (jwt)");
/// assert!(check_field("password_ref", "$DB_PASSWORD", &policy, &mut |_| {}).is_ok());
/// ```
pub fn check_field(
    field: &str,
    value: &str,
    policy: &EffectivePolicy,
    on_slow: &mut dyn FnMut(&SafePattern),
) -> Result<(), SecretFound> {
    check_field_within(field, value, policy, MATCH_BUDGET, on_slow)
}

/// [`check_field`] with another time budget for each allow pattern (a zero budget makes every allow pattern go
/// over it, which does not allow).
pub fn check_field_within(
    field: &str,
    value: &str,
    policy: &EffectivePolicy,
    budget: Duration,
    on_slow: &mut dyn FnMut(&SafePattern),
) -> Result<(), SecretFound> {
    let value = value.trim();
    if value.is_empty() || is_reference(value) || allowed(value, policy, budget, on_slow) {
        return Ok(());
    }
    let refuse = |detector| {
        Err(SecretFound {
            field: field.to_owned(),
            detector,
        })
    };
    if policy.detector_enabled("secret-field") && is_secret_field(field) {
        return refuse("secret-field");
    }
    if policy.detector_enabled("user-field-password")
        && is_user_field(field)
        && let Some((user, password)) = value.split_once(':')
        && !user.is_empty()
        && !password.is_empty()
        && !is_reference(password)
    {
        return refuse("user-field-password");
    }
    for spot in spots(value) {
        if policy.detector_enabled(spot.detector)
            && !allowed(&value[spot.range.clone()], policy, budget, on_slow)
        {
            return refuse(spot.detector);
        }
    }
    Ok(())
}

/// Checks every field of a write in order; the first refusal wins.
pub fn check_fields<'a>(
    fields: impl IntoIterator<Item = (&'a str, &'a str)>,
    policy: &EffectivePolicy,
    on_slow: &mut dyn FnMut(&SafePattern),
) -> Result<(), SecretFound> {
    fields
        .into_iter()
        .try_for_each(|(field, value)| check_field(field, value, policy, on_slow))
}

/// `text` with every secret place masked as `***` (quotes kept: `PGPASSWORD='***'`), by every detector and the
/// journal's `token <value>`, whatever the policy switches off; then every stored test secret value in
/// `test_values`, whatever its length.
pub fn mask(text: &str, test_values: &[&str]) -> String {
    let mut found = Vec::new();
    find_spots(text, SPOTS, spot_regexes(), &mut found);
    find_spots(text, MASK_ONLY, mask_only_regexes(), &mut found);
    for value in test_values.iter().filter(|value| !value.is_empty()) {
        for (at, _) in text.match_indices(value) {
            push(&mut found, "test-secret", at..at + value.len());
        }
    }
    found.sort_by_key(|spot| spot.range.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for spot in found {
        if spot.range.start < at {
            continue;
        }
        out.push_str(&text[at..spot.range.start]);
        out.push_str("***");
        at = spot.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The journal's summary of a command: masked, whitespace collapsed, cut at 200 characters.
pub fn summary(text: &str, test_values: &[&str]) -> String {
    let masked = mask(text, test_values);
    let collapsed = masked.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed.chars().take(200).collect()
}

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
