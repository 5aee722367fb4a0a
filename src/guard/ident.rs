//! An environment's identifiers and where a command names them (§7).
//!
//! Identifiers (case-insensitive, at least [`MIN_IDENTIFIER`] characters, at most [`MAX_IDENTIFIERS`] per
//! environment): the `base_url` host, an ssh alias or host, a kubectl context, a db host, a gitops repo
//! (normalised: `git@host:org/repo.git` → `host/org/repo`). One with a dot, dash or slash counts anywhere as a
//! whole token (not part of a longer name); a single word only where a host is expected ([`host_positions`]).

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use super::shell::{Segment, Word, command_name};
use crate::policy::Capability;

/// The shortest identifier the guard looks for.
pub const MIN_IDENTIFIER: usize = 3;
/// The most identifiers one environment contributes.
pub const MAX_IDENTIFIERS: usize = 50;

/// The kind of an access entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccessKind {
    Ssh,
    Kubectl,
    Db,
    Gitops,
    Logs,
    Monitoring,
    Other,
}

impl AccessKind {
    pub const ALL: [AccessKind; 7] = [
        AccessKind::Ssh,
        AccessKind::Kubectl,
        AccessKind::Db,
        AccessKind::Gitops,
        AccessKind::Logs,
        AccessKind::Monitoring,
        AccessKind::Other,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            AccessKind::Ssh => "ssh",
            AccessKind::Kubectl => "kubectl",
            AccessKind::Db => "db",
            AccessKind::Gitops => "gitops",
            AccessKind::Logs => "logs",
            AccessKind::Monitoring => "monitoring",
            AccessKind::Other => "other",
        }
    }

    pub fn parse(name: &str) -> Option<AccessKind> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

/// One name that identifies an environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identifier {
    /// Lower-cased.
    pub text: String,
    /// The capability a rule must have to count for it; `None` (the base URL host) takes any rule.
    pub capability: Option<Capability>,
    /// A gitops repo (compared with the normalised repository of each word as well).
    pub repo: bool,
}

impl Identifier {
    /// Whether the identifier counts anywhere as a whole token (it has a dot, dash or slash).
    pub fn dotted(&self) -> bool {
        self.text.contains(['.', '-', '/'])
    }
}

/// The identifiers of an environment with `base_url` and `access` entries (kind, fields), deduplicated, at most
/// [`MAX_IDENTIFIERS`].
pub fn identifiers<'a>(
    base_url: Option<&str>,
    access: impl IntoIterator<Item = (AccessKind, &'a BTreeMap<String, String>)>,
) -> Vec<Identifier> {
    let mut out: Vec<Identifier> = Vec::new();
    let mut add = |text: Option<String>, capability: Option<Capability>, repo: bool| {
        let Some(text) = text else { return };
        let text = text.trim().to_ascii_lowercase();
        if text.chars().count() < MIN_IDENTIFIER
            || out.len() >= MAX_IDENTIFIERS
            || text.contains(char::is_whitespace)
        {
            return;
        }
        if !out
            .iter()
            .any(|have| have.text == text && have.capability == capability)
        {
            out.push(Identifier {
                text,
                capability,
                repo,
            });
        }
    };
    if let Some(url) = base_url {
        add(url_host(url), None, false);
    }
    for (kind, fields) in access {
        let field = |name: &str| fields.get(name).map(|value| value.trim().to_owned());
        match kind {
            AccessKind::Ssh => {
                add(field("alias"), Some(Capability::Ssh), false);
                add(field("host"), Some(Capability::Ssh), false);
            }
            AccessKind::Kubectl => add(field("context"), Some(Capability::Kubectl), false),
            AccessKind::Db => add(field("host"), Some(Capability::Db), false),
            AccessKind::Gitops => add(
                field("repo").and_then(|repo| normalise_repo(&repo)),
                Some(Capability::Deploy),
                true,
            ),
            AccessKind::Logs | AccessKind::Monitoring | AccessKind::Other => {}
        }
    }
    out
}

/// `text` split at its first `://` (what `split_once("://")` gives, without building a substring searcher for each
/// word: this runs on every word of a segment).
fn split_scheme(text: &str) -> Option<(&str, &str)> {
    let at = text.as_bytes().windows(3).position(|w| w == b"://")?;
    Some((&text[..at], &text[at + 3..]))
}

/// The host of a URL (`https://user@api.acme.com:8443/x` → `api.acme.com`), lower-cased.
pub fn url_host(url: &str) -> Option<String> {
    let (_, rest) = split_scheme(url)?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => host.split(':').next().unwrap_or(host),
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// A git remote as `host/org/repo`: `git@host:org/repo.git`, `ssh://git@host:22/org/repo`,
/// `https://host/org/repo.git`, or already `host/org/repo`.
pub fn normalise_repo(repo: &str) -> Option<String> {
    let repo = repo.trim().trim_end_matches('/');
    let repo = repo.strip_suffix(".git").unwrap_or(repo);
    let (host, path) = if let Some((_, rest)) = split_scheme(repo) {
        let (authority, path) = rest.split_once('/')?;
        let host = authority.rsplit('@').next().unwrap_or(authority);
        (host.split(':').next().unwrap_or(host), path)
    } else if let Some((before, path)) = repo.split_once(':')
        && !before.contains('/')
    {
        (before.rsplit('@').next().unwrap_or(before), path)
    } else {
        let (host, path) = repo.split_once('/')?;
        (host, path)
    };
    let path = path.trim_matches('/');
    let hostname = host.starts_with(|c: char| c.is_ascii_alphanumeric())
        && host.contains(|c: char| c.is_ascii_alphabetic());
    if !hostname || path.is_empty() || !host.contains('.') && host != "localhost" {
        return None;
    }
    Some(format!(
        "{}/{}",
        host.to_ascii_lowercase(),
        path.to_ascii_lowercase()
    ))
}

/// An environment's identifiers ready for matching, built once per environment: one Aho-Corasick automaton over
/// every identifier (and each repository's `org/repo` part), so a segment that names none of them costs one scan.
#[derive(Clone, Debug, Default)]
pub struct IdentIndex {
    automaton: Option<AhoCorasick>,
    /// Automaton pattern → what it stands for.
    patterns: Vec<Pattern>,
    words: HashMap<String, Vec<usize>>,
    repos: HashMap<String, Vec<usize>>,
}

#[derive(Clone, Copy, Debug)]
enum Pattern {
    /// A dotted identifier: a whole-token occurrence names it.
    Token(usize),
    /// A single word: an occurrence makes the segment worth reading for host positions.
    Word,
    /// A repository's `org/repo`: an occurrence makes the segment worth reading for repositories.
    Repo,
}

/// What one scan of a segment found.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub tokens: Vec<usize>,
    pub maybe_word: bool,
    pub maybe_repo: bool,
}

impl Scan {
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty() && !self.maybe_word && !self.maybe_repo
    }
}

impl IdentIndex {
    pub fn new(identifiers: &[Identifier]) -> IdentIndex {
        let mut index = IdentIndex::default();
        let mut texts: Vec<String> = Vec::new();
        for (at, identifier) in identifiers.iter().enumerate() {
            texts.push(identifier.text.clone());
            if identifier.dotted() {
                index.patterns.push(Pattern::Token(at));
            } else {
                index.patterns.push(Pattern::Word);
                index.words.entry(identifier.text.clone()).or_default().push(at);
            }
            if identifier.repo {
                index.repos.entry(identifier.text.clone()).or_default().push(at);
                if let Some((_, part)) = identifier.text.split_once('/') {
                    texts.push(part.to_owned());
                    index.patterns.push(Pattern::Repo);
                }
            }
        }
        if !texts.is_empty() {
            // A contiguous NFA: relayd builds the guard's view on every guarded call, and a DFA's build (measured:
            // ~3× the whole view's cost) outweighs its faster scan (docs/PERFORMANCE.md).
            index.automaton = AhoCorasick::builder()
                .match_kind(MatchKind::Standard)
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .build(&texts)
                .ok();
        }
        index
    }

    /// Scans a segment's lower-cased text once.
    pub fn scan(&self, lower: &str) -> Scan {
        let mut scan = Scan::default();
        self.scan_into(lower, &mut scan);
        scan
    }

    /// [`IdentIndex::scan`] into a buffer the caller reuses.
    pub fn scan_into(&self, lower: &str, scan: &mut Scan) {
        scan.tokens.clear();
        scan.maybe_word = false;
        scan.maybe_repo = false;
        let Some(automaton) = &self.automaton else {
            return;
        };
        let bytes = lower.as_bytes();
        for found in automaton.find_overlapping_iter(lower) {
            match self.patterns.get(found.pattern().as_usize()) {
                Some(Pattern::Token(at)) if whole_at(bytes, found.start(), found.end()) => {
                    scan.tokens.push(*at)
                }
                Some(Pattern::Word) => scan.maybe_word = true,
                Some(Pattern::Repo) => scan.maybe_repo = true,
                _ => {}
            }
        }
    }

    /// Scans a whole (lower-cased) call once for the segments at `ranges` (in order, not overlapping): `scans[i]`
    /// is what [`IdentIndex::scan`] finds in `lower[ranges[i]]`. A match counts for the segment that holds it
    /// whole; the bytes around a segment are whitespace or separators, which end a token as the segment's ends do.
    pub fn scan_segments(&self, lower: &str, ranges: &[Range<usize>], scans: &mut Vec<Scan>) {
        scans.resize_with(ranges.len(), Scan::default);
        for scan in scans.iter_mut() {
            scan.tokens.clear();
            scan.maybe_word = false;
            scan.maybe_repo = false;
        }
        let (Some(automaton), Some(last)) = (&self.automaton, ranges.last()) else {
            return;
        };
        let Some(text) = lower.get(..last.end) else {
            return;
        };
        let bytes = text.as_bytes();
        for found in automaton.find_overlapping_iter(text) {
            let at = ranges.partition_point(|range| range.end < found.end());
            let (Some(range), Some(scan)) = (ranges.get(at), scans.get_mut(at)) else {
                continue;
            };
            if found.start() < range.start {
                continue;
            }
            match self.patterns.get(found.pattern().as_usize()) {
                Some(Pattern::Token(index))
                    if whole_at(
                        &bytes[range.start..range.end],
                        found.start() - range.start,
                        found.end() - range.start,
                    ) =>
                {
                    scan.tokens.push(*index)
                }
                Some(Pattern::Word) => scan.maybe_word = true,
                Some(Pattern::Repo) => scan.maybe_repo = true,
                _ => {}
            }
        }
    }

    /// The indexes of the identifiers a segment names (sorted, each once), from its scan, its host positions and
    /// its words normalised as repositories.
    pub fn named(&self, scan: Scan, hosts: &[String], repos: &[String]) -> Vec<usize> {
        let mut out = Vec::new();
        self.named_into(&scan, hosts, repos, &mut out);
        out
    }

    /// [`IdentIndex::named`] into a buffer the caller reuses (cleared first).
    pub fn named_into(&self, scan: &Scan, hosts: &[String], repos: &[String], out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&scan.tokens);
        for host in hosts {
            out.extend(self.words.get(host).into_iter().flatten());
        }
        for repo in repos {
            out.extend(self.repos.get(repo).into_iter().flatten());
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// Whether `c` continues a name (so an identifier next to it is part of a longer name).
fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// Whether `ident` occurs in `lower` (lower-cased text) as a whole token: not preceded by a name character or a
/// dot, not followed by a name character or by a dot that continues the name.
pub fn whole_token(lower: &str, ident: &str) -> bool {
    let bytes = lower.as_bytes();
    lower
        .match_indices(ident)
        .any(|(at, _)| whole_at(bytes, at, at + ident.len()))
}

/// Whether `bytes[start..end]` is a whole token (see [`whole_token`]).
fn whole_at(bytes: &[u8], start: usize, end: usize) -> bool {
    let before_ok = start == 0 || {
        let b = bytes[start - 1];
        !name_byte(b) && b != b'.'
    };
    let after_ok = match bytes.get(end) {
        None => true,
        Some(b'.') => !bytes.get(end + 1).is_some_and(|b| name_byte(*b)),
        Some(b) => !name_byte(*b),
    };
    before_ok && after_ok
}

/// The ssh / sftp options that take a value.
const SSH_VALUE_OPTIONS: &str = "BbcDEeFIiJLlmOoPpQRSWw";
const SFTP_VALUE_OPTIONS: &str = "BbcDFiJlOoPRSs";

/// Where a host is expected in a segment's words: the lower-cased host names found there, with `user@`, ports
/// and paths removed. Not in a commit message, an echo, a file name or a package name.
pub fn host_positions(segment: &Segment<'_>) -> Vec<String> {
    let words = &segment.words;
    let mut out = Vec::new();
    let Some(start) = segment.command else {
        return out;
    };
    let command = command_name(&words[start].text);
    let command = command.as_ref();
    if matches!(command, "echo" | "printf") {
        return out;
    }
    if let Some(index) = destination_index(words, start) {
        push_host(&mut out, destination_host(&words[index].text));
    }
    let is_ssh = command == "ssh";
    if matches!(command, "scp" | "rsync" | "sftp") {
        for word in &words[start + 1..] {
            if !word.text.starts_with('-') {
                push_host(&mut out, remote_host(&word.text));
            }
        }
    }
    let mut index = start + 1;
    while index < words.len() {
        let word = words[index].text.as_ref();
        if !word.starts_with('-') {
            index += 1;
            continue;
        }
        let next = words.get(index + 1).map(|w| w.text.as_ref());
        for option in ["--context", "--kube-context"] {
            if word == option {
                push_host(&mut out, next.map(str::to_owned));
            } else if let Some(value) = word.strip_prefix(option).and_then(|rest| rest.strip_prefix('=')) {
                push_host(&mut out, Some(value.to_owned()));
            }
        }
        if !is_ssh {
            if word == "-h" || word == "--host" {
                push_host(&mut out, next.map(str::to_owned));
            } else if let Some(value) = word.strip_prefix("--host=") {
                push_host(&mut out, Some(value.to_owned()));
            } else if let Some(value) = word.strip_prefix("-h")
                && !value.is_empty()
                && !value.starts_with('-')
            {
                push_host(&mut out, Some(value.to_owned()));
            }
        }
        index += 1;
    }
    for word in &words[start..] {
        let text = word.text.as_ref();
        let value = match text.starts_with('-') {
            true => text.split_once('=').map_or("", |(_, value)| value),
            false => text,
        };
        if starts_with_url(value) {
            push_host(&mut out, url_host(value));
        }
    }
    out
}

fn push_host(out: &mut Vec<String>, host: Option<String>) {
    if let Some(mut host) = host {
        host.make_ascii_lowercase();
        if !host.is_empty() && !out.contains(&host) {
            out.push(host);
        }
    }
}

/// Whether the word begins with `scheme://` (a URL host position; not text that merely contains a URL).
fn starts_with_url(word: &str) -> bool {
    match split_scheme(word) {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme.as_bytes()[0].is_ascii_alphabetic()
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-' | b':'))
        }
        None => false,
    }
}

/// The word index of the destination of `ssh` / `sftp` when the segment's command is one of them.
pub fn destination_index(words: &[Word<'_>], start: usize) -> Option<usize> {
    let options = match command_name(&words.get(start)?.text).as_ref() {
        "ssh" => SSH_VALUE_OPTIONS,
        "sftp" => SFTP_VALUE_OPTIONS,
        _ => return None,
    };
    let mut index = start + 1;
    while index < words.len() {
        let word = words[index].text.as_ref();
        if word == "--" {
            return (index + 1 < words.len()).then_some(index + 1);
        }
        let Some(flags) = word.strip_prefix('-').filter(|flags| !flags.is_empty()) else {
            return Some(index);
        };
        let mut takes_next = false;
        for (at, flag) in flags.char_indices() {
            if options.contains(flag) {
                takes_next = at + flag.len_utf8() == flags.len();
                break;
            }
        }
        index += if takes_next { 2 } else { 1 };
    }
    None
}

/// `user@host`, `ssh://user@host:22`, `host:path` → `host`.
fn destination_host(word: &str) -> Option<String> {
    if starts_with_url(word) {
        return url_host(word);
    }
    let host = word.rsplit('@').next().unwrap_or(word);
    let host = host.split(':').next().unwrap_or(host);
    (!host.is_empty()).then(|| host.to_owned())
}

/// The host of `[user@]host:path` (scp, rsync, sftp arguments), or of an `scp://` / `rsync://` URL.
pub fn remote_host(word: &str) -> Option<String> {
    if starts_with_url(word) {
        return url_host(word);
    }
    let (before, _) = word.split_once(':')?;
    if before.contains('/') {
        return None;
    }
    let host = before.rsplit('@').next().unwrap_or(before);
    // One letter before the colon is a Windows drive (C:\x), not a host.
    (host.len() > 1).then(|| host.to_owned())
}

#[cfg(test)]
mod tests {
    use super::super::shell::segments;
    use super::*;

    fn hosts(text: &str) -> Vec<String> {
        segments(text, 200).iter().flat_map(host_positions).collect()
    }

    #[test]
    fn ssh_destination_is_a_host_position_after_wrappers_and_options() {
        assert_eq!(hosts("ssh app uptime"), ["app"]);
        assert_eq!(
            hosts("FOO=1 sudo env X=2 ssh -p 22 -i ~/.ssh/k deploy@app uptime"),
            ["app"]
        );
        assert_eq!(hosts("ssh -p22 -oStrictHostKeyChecking=no app"), ["app"]);
        assert_eq!(hosts("ssh -v -l root app ls"), ["app"]);
        assert_eq!(hosts("ssh ssh://root@app:2222"), ["app"]);
        assert_eq!(hosts("sftp -P 2222 app:/var/log"), ["app"]);
    }

    #[test]
    fn remote_paths_options_and_urls_are_host_positions() {
        assert_eq!(hosts("scp ./a.txt deploy@app:/tmp/"), ["app"]);
        assert_eq!(hosts("rsync -av app:/var/log/ ./logs"), ["app"]);
        assert_eq!(hosts("kubectl --context prod get pods"), ["prod"]);
        assert_eq!(hosts("helm --kube-context=prod list"), ["prod"]);
        assert_eq!(hosts("psql -h postgres -U app"), ["postgres"]);
        assert_eq!(hosts("mysql -hpostgres"), ["postgres"]);
        assert_eq!(hosts("redis-cli --host=cache"), ["cache"]);
        assert_eq!(hosts("curl -s https://app:8443/health"), ["app"]);
        assert_eq!(hosts("curl --url=http://app/x"), ["app"]);
    }

    #[test]
    fn single_words_are_not_hosts_in_messages_echoes_files_or_packages() {
        assert!(hosts("git commit -m 'ssh app now'").is_empty());
        assert!(hosts("echo ssh app --host app https://app/").is_empty());
        assert!(hosts("cat app").is_empty());
        assert!(hosts("npm install app").is_empty());
        assert!(hosts("vim C:/app").is_empty());
        assert!(hosts("ssh -h").is_empty());
        assert!(hosts("git commit -m 'see https://app/x'").is_empty());
    }

    #[test]
    fn whole_tokens_do_not_match_inside_longer_names() {
        assert!(whole_token("ssh prod-db.acme.io uptime", "prod-db.acme.io"));
        assert!(whole_token(
            "postgres://u@prod-db.acme.io:5432/x",
            "prod-db.acme.io"
        ));
        assert!(whole_token("see prod-db.acme.io.", "prod-db.acme.io"));
        assert!(!whole_token("ssh prod-db.acme.io2", "prod-db.acme.io"));
        assert!(!whole_token("ssh x.prod-db.acme.io", "prod-db.acme.io"));
        assert!(!whole_token("ssh prod-db.acme.io.example", "prod-db.acme.io"));
        assert!(!whole_token("ssh my-prod-db.acme.io", "prod-db.acme.io"));
    }

    #[test]
    fn repos_normalise_to_host_org_repo() {
        for repo in [
            "git@github.com:acme/deploy.git",
            "ssh://git@github.com:22/acme/deploy",
            "https://github.com/acme/deploy.git",
            "https://token@github.com/Acme/Deploy/",
            "github.com/acme/deploy",
        ] {
            assert_eq!(
                normalise_repo(repo).as_deref(),
                Some("github.com/acme/deploy"),
                "{repo}"
            );
        }
        assert_eq!(normalise_repo("origin"), None);
        assert_eq!(normalise_repo("./deploy"), None);
    }

    #[test]
    fn identifiers_come_from_the_base_url_and_the_access_map() {
        let ssh: BTreeMap<String, String> = [("alias", "app"), ("host", "10.0.0.5"), ("user", "deploy")]
            .map(|(k, v)| (k.into(), v.into()))
            .into();
        let kube: BTreeMap<String, String> = [("context".to_owned(), "Prod-Cluster".to_owned())].into();
        let db: BTreeMap<String, String> = [("host".to_owned(), "db".to_owned())].into();
        let found = identifiers(
            Some("https://shop.acme.io/"),
            [
                (AccessKind::Ssh, &ssh),
                (AccessKind::Kubectl, &kube),
                (AccessKind::Db, &db),
            ],
        );
        let texts: Vec<&str> = found.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(
            texts,
            ["shop.acme.io", "app", "10.0.0.5", "prod-cluster"],
            "db is too short"
        );
        assert_eq!(found[0].capability, None);
        assert_eq!(found[3].capability, Some(Capability::Kubectl));
    }

    #[test]
    fn an_environment_contributes_at_most_50_identifiers() {
        let entries: Vec<BTreeMap<String, String>> = (0..80)
            .map(|n| [("alias".to_owned(), format!("host{n}"))].into())
            .collect();
        let found = identifiers(None, entries.iter().map(|e| (AccessKind::Ssh, e)));
        assert_eq!(found.len(), MAX_IDENTIFIERS);
    }
}
