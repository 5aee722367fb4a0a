//! The guard's decision as pure code (relaybay §7, PreToolUse): which environments a tool call touches, whether
//! it looks like a change, and what the environments' levels and guard modes make of it.
//!
//! - [`shell`]: the first 8 KB of the call, at most 200 command segments, each split into shell words once;
//! - [`ident`]: an environment's identifiers (at most 50) and where a command names them;
//! - [`rules`]: the mutating rules table with its ids and capabilities, applied per segment;
//! - [`decide`] (here): per touched environment, full → nothing; read → nothing unless a rule matched; ask →
//!   ask; none, or read with a rule → deny in block mode, a warning in warn mode; in log mode every one of these
//!   is log. The strongest decision wins (deny > ask > warn > log). relay never answers allow.
//!
//! The guard is a safety net against mistakes, not a sandbox: it knows only the names in the access map.

pub mod ident;
pub mod rules;
pub mod shell;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::policy::pattern::{MATCH_BUDGET, SafePattern, Timed};
use crate::policy::{Capability, EffectivePolicy, EnvKind, GuardMode, GuardPatternDef, Level};

pub use ident::{AccessKind, IdentIndex, Identifier, MAX_IDENTIFIERS, identifiers};
pub use rules::{RULE_IDS, RULES, Rule};
pub use shell::{MAX_SEGMENTS, MAX_TEXT};

use shell::Segment;

/// What the guard answers for one touched environment (and, the strongest of them, for the call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Nothing to say (the journal records `allow`).
    Allow,
    /// Journal only.
    Log,
    /// The call goes on; the reason goes to the agent's context, ending "(warn mode: not blocked)".
    Warn,
    /// The owner approves the call in the agent's permission prompt.
    Ask,
    /// Refused.
    Deny,
}

impl Verdict {
    /// The journal's word (`live.action`'s decision).
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Log => "log",
            Verdict::Warn => "warn",
            Verdict::Ask => "ask",
            Verdict::Deny => "deny",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One environment as the guard sees it: its levels already resolved (override → own level → policy), its
/// guard mode, its rules and its identifiers.
#[derive(Clone, Debug)]
pub struct GuardEnvironment {
    pub project: String,
    pub name: String,
    pub kind: EnvKind,
    pub mode: GuardMode,
    /// The level when no capability applies (the environment's own level, else the policy's default).
    pub default_level: Level,
    pub levels: BTreeMap<Capability, Level>,
    /// Built-in rule ids the policy switched off.
    pub disabled_rules: Vec<String>,
    pub patterns: Vec<GuardPatternDef>,
    identifiers: Vec<Identifier>,
    index: IdentIndex,
}

impl GuardEnvironment {
    /// Builds the guard's view of an environment from its effective policy, its own level and overrides, its
    /// base URL and access entries.
    #[allow(clippy::too_many_arguments)]
    pub fn new<'a>(
        project: &str,
        name: &str,
        kind: EnvKind,
        policy: &EffectivePolicy,
        own_level: Option<Level>,
        overrides: &BTreeMap<Capability, Level>,
        base_url: Option<&str>,
        access: impl IntoIterator<Item = (AccessKind, &'a BTreeMap<String, String>)>,
    ) -> GuardEnvironment {
        let levels = Capability::ALL
            .into_iter()
            .map(|cap| {
                let (level, _) = policy.resolve_level(kind, cap, overrides.get(&cap).copied(), own_level);
                (cap, level)
            })
            .collect();
        GuardEnvironment {
            project: project.to_owned(),
            name: name.to_owned(),
            kind,
            mode: policy.guard_mode.value,
            default_level: own_level.unwrap_or(policy.default_level(kind).value),
            levels,
            disabled_rules: policy.guard_disable.values().cloned().collect(),
            patterns: policy.guard_patterns.values().cloned().collect(),
            index: IdentIndex::default(),
            identifiers: Vec::new(),
        }
        .with_identifiers(identifiers(base_url, access))
    }

    /// The environment with these identifiers (at most [`MAX_IDENTIFIERS`] are kept).
    pub fn with_identifiers(mut self, mut identifiers: Vec<Identifier>) -> GuardEnvironment {
        identifiers.truncate(MAX_IDENTIFIERS);
        self.index = IdentIndex::new(&identifiers);
        self.identifiers = identifiers;
        self
    }

    pub fn identifiers(&self) -> &[Identifier] {
        &self.identifiers
    }

    fn level(&self, capability: Option<Capability>) -> Level {
        capability
            .and_then(|cap| self.levels.get(&cap).copied())
            .unwrap_or(self.default_level)
    }

    fn rule_on(&self, id: &str) -> bool {
        !self.disabled_rules.iter().any(|off| off == id)
    }
}

/// The tool call the guard reads.
#[derive(Clone, Copy, Debug)]
pub enum ToolCall<'a> {
    /// A shell command (Claude Code's Bash, Codex's shell, …).
    Bash { command: &'a str },
    /// An MCP tool (`mcp__<server>__<tool>`) and its input (every string in it is read).
    Mcp { tool: &'a str, input: &'a Value },
}

/// A rule that matched, built-in or the policy's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    pub id: String,
    pub capability: Option<Capability>,
    pub description: String,
}

/// What the guard found for one touched environment (what the journal records).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touch {
    pub project: String,
    pub environment: String,
    pub kind: EnvKind,
    pub verdict: Verdict,
    pub level: Level,
    pub identifier: String,
    pub rule: Option<Matched>,
    /// The reason, for a verdict other than allow and log.
    pub reason: String,
}

/// The guard's answer for a call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuardOutcome {
    /// Every touched environment, in the order given (environments with the guard off are not here).
    pub touches: Vec<Touch>,
    /// Custom patterns whose match went over its time budget (they counted as matched).
    pub slow_patterns: Vec<String>,
}

impl GuardOutcome {
    /// The strongest touch (deny > ask > warn > log > allow; the first of equals).
    pub fn strongest(&self) -> Option<&Touch> {
        self.touches.iter().rev().max_by_key(|touch| touch.verdict)
    }

    /// The call's verdict.
    pub fn verdict(&self) -> Verdict {
        self.strongest().map_or(Verdict::Allow, |touch| touch.verdict)
    }

    /// What the agent is told: the reason for deny and ask, the reason ending "(warn mode: not blocked)" for
    /// warn, nothing otherwise.
    pub fn message(&self) -> Option<String> {
        let touch = self.strongest()?;
        match touch.verdict {
            Verdict::Deny | Verdict::Ask => Some(touch.reason.clone()),
            Verdict::Warn => Some(format!("{} (warn mode: not blocked)", touch.reason)),
            Verdict::Log | Verdict::Allow => None,
        }
    }

    /// Claude Code's PreToolUse answer: `permissionDecision` deny or ask with the reason, `additionalContext`
    /// for warn, nothing otherwise — never an allow. `context` (owner comments) rides along in
    /// `additionalContext` of the same answer.
    pub fn claude_code_answer(&self, context: Option<&str>) -> Option<Value> {
        let verdict = self.verdict();
        let message = self.message();
        let mut output = serde_json::Map::new();
        output.insert("hookEventName".into(), json!("PreToolUse"));
        let mut extra: Vec<String> = Vec::new();
        match verdict {
            Verdict::Deny | Verdict::Ask => {
                output.insert("permissionDecision".into(), json!(verdict.as_str()));
                output.insert(
                    "permissionDecisionReason".into(),
                    json!(message.unwrap_or_default()),
                );
            }
            Verdict::Warn => extra.extend(message),
            Verdict::Log | Verdict::Allow => {}
        }
        extra.extend(context.filter(|text| !text.is_empty()).map(str::to_owned));
        if !extra.is_empty() {
            output.insert("additionalContext".into(), json!(extra.join("\n")));
        }
        (output.len() > 1).then(|| json!({"hookSpecificOutput": Value::Object(output)}))
    }
}

/// The texts of a call: a Bash command, or every string of an MCP tool's input joined by newlines — the first
/// [`MAX_TEXT`] bytes.
fn call_text<'a>(call: &ToolCall<'a>) -> Cow<'a, str> {
    match call {
        ToolCall::Bash { command } => Cow::Borrowed(shell::cap(command)),
        ToolCall::Mcp { input, .. } => {
            let mut out = String::new();
            collect_strings(input, &mut out);
            let len = shell::cap(&out).len();
            out.truncate(len);
            Cow::Owned(out)
        }
    }
}

fn collect_strings(value: &Value, out: &mut String) {
    if out.len() >= MAX_TEXT {
        return;
    }
    match value {
        Value::String(text) => {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(shell::cap(text));
        }
        Value::Array(items) => items.iter().for_each(|item| collect_strings(item, out)),
        Value::Object(map) => map.values().for_each(|item| collect_strings(item, out)),
        _ => {}
    }
}

/// A rule that matched one segment, borrowed from the table or the environment's policy (made into a
/// [`Matched`] only for the touch that is kept).
#[derive(Clone, Copy, Debug)]
struct Hit<'e> {
    id: &'e str,
    capability: Option<Capability>,
    description: &'e str,
}

impl Hit<'_> {
    fn built_in(rule: &Rule) -> Hit<'_> {
        Hit {
            id: rule.id,
            capability: rule.capability,
            description: rule.description,
        }
    }

    fn to_matched(self) -> Matched {
        Matched {
            id: self.id.to_owned(),
            capability: self.capability,
            description: self.description.to_owned(),
        }
    }
}

/// What one custom pattern made of one segment (kept so that environments sharing the policy's compiled
/// pattern run it once per segment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Custom {
    Matched,
    NotMatched,
    /// Over its time budget: counts as matched and is reported.
    OverBudget,
}

/// One segment, read at most once, and only as far as an environment needs: its text is a slice of the call's
/// (each environment's index scans the call's lower-cased copy once for all segments); its words, host positions and repositories when an identifier may be in it; its
/// built-in rules and custom patterns when one is.
struct ReadSegment<'t> {
    text: &'t str,
    segment: Option<Segment<'t>>,
    hosts: Option<Vec<String>>,
    /// Its words that name a git repository, normalised (`host/org/repo`).
    repos: Option<Vec<String>>,
    rules: Option<Vec<&'static Rule>>,
    /// Whether it holds a SQL change (MCP input, where no client is needed).
    sql: Option<bool>,
    /// Custom patterns run on it: the compiled change and command (by identity) and the result.
    custom: Vec<(*const SafePattern, *const SafePattern, Custom)>,
}

impl<'t> ReadSegment<'t> {
    fn new(text: &'t str) -> ReadSegment<'t> {
        ReadSegment {
            text,
            segment: None,
            hosts: None,
            repos: None,
            rules: None,
            sql: None,
            custom: Vec::new(),
        }
    }

    fn segment(&mut self) -> &Segment<'t> {
        let text = self.text;
        self.segment.get_or_insert_with(|| Segment::new(text))
    }

    fn hosts(&mut self) -> &[String] {
        if self.hosts.is_none() {
            let hosts = ident::host_positions(self.segment());
            self.hosts = Some(hosts);
        }
        self.hosts.as_deref().unwrap_or_default()
    }

    fn repos(&mut self) -> &[String] {
        if self.repos.is_none() {
            let repos = self
                .segment()
                .words
                .iter()
                .filter(|word| word.text.contains([':', '/']))
                .filter_map(|word| ident::normalise_repo(&word.text))
                .collect();
            self.repos = Some(repos);
        }
        self.repos.as_deref().unwrap_or_default()
    }

    fn rules(&mut self) -> &[&'static Rule] {
        if self.rules.is_none() {
            let found = rules::matching_rules(self.segment());
            self.rules = Some(found);
        }
        self.rules.as_deref().unwrap_or_default()
    }

    fn sql_change(&mut self) -> bool {
        let text = self.text;
        *self.sql.get_or_insert_with(|| rules::sql_change(text))
    }

    /// A custom pattern: its change after its command in the same segment (without command, the change alone).
    /// `clock` is when the previous match of this segment ended (read once when the first one starts).
    fn custom(&mut self, pattern: &GuardPatternDef, budget: Duration, clock: &mut Option<Instant>) -> Custom {
        let change: *const SafePattern = Arc::as_ptr(&pattern.compiled_change);
        let command: *const SafePattern = pattern
            .compiled_command
            .as_ref()
            .map_or(std::ptr::null(), Arc::as_ptr);
        if let Some((_, _, found)) = self
            .custom
            .iter()
            .find(|(have_change, have_command, _)| *have_change == change && *have_command == command)
        {
            return *found;
        }
        let found = custom_matches(pattern, self.text, budget, clock);
        self.custom.push((change, command, found));
        found
    }
}

/// Decides a tool call against `environments` (those of the session's project and bound tasks).
///
/// ```
/// use std::collections::BTreeMap;
/// use relay_core::guard::{decide, AccessKind, GuardEnvironment, ToolCall, Verdict};
/// use relay_core::policy::{effective, EnvKind};
/// let ssh: BTreeMap<String, String> = [("alias".to_owned(), "app".to_owned())].into();
/// let policy = effective(vec![]);
/// let live = GuardEnvironment::new(
///     "acme-shop", "live", EnvKind::Live, &policy, None, &BTreeMap::new(), None, [(AccessKind::Ssh, &ssh)],
/// );
/// let outcome = decide(&ToolCall::Bash { command: "ssh app 'sudo reboot'" }, &[live.clone()]);
/// assert_eq!(outcome.verdict(), Verdict::Warn);
/// let quiet = decide(&ToolCall::Bash { command: "ssh app uptime; rm -rf build" }, &[live]);
/// assert_eq!(quiet.verdict(), Verdict::Allow);
/// ```
pub fn decide(call: &ToolCall<'_>, environments: &[GuardEnvironment]) -> GuardOutcome {
    decide_within(call, environments, MATCH_BUDGET)
}

/// [`decide`] with another time budget for each custom pattern match (a zero budget makes every custom pattern
/// go over it; tests use that to reach the fail-closed path).
pub fn decide_within(
    call: &ToolCall<'_>,
    environments: &[GuardEnvironment],
    budget: Duration,
) -> GuardOutcome {
    let mut outcome = GuardOutcome::default();
    let active: Vec<&GuardEnvironment> = environments
        .iter()
        .filter(|env| env.mode != GuardMode::Off && !env.identifiers.is_empty())
        .collect();
    if active.is_empty() {
        return outcome;
    }
    let text = call_text(call);
    // Lower-casing ASCII keeps every byte offset: a segment's range is the same in both.
    let lower = text.to_ascii_lowercase();
    let ranges = shell::segment_ranges(&text, MAX_SEGMENTS);
    let mut segments: Vec<ReadSegment<'_>> = ranges
        .iter()
        .map(|range| ReadSegment::new(&text[range.clone()]))
        .collect();
    let (mcp_tool, mcp_named_change) = match call {
        ToolCall::Mcp { tool, .. } => (true, rules::mcp_tool_changes(tool)),
        ToolCall::Bash { .. } => (false, false),
    };
    let mut scratch = Scratch::default();
    for env in active {
        env.index.scan_segments(&lower, &ranges, &mut scratch.scans);
        if let Some(touch) = judge(
            env,
            &mut segments,
            (mcp_tool, mcp_named_change),
            budget,
            &mut outcome.slow_patterns,
            &mut scratch,
        ) {
            outcome.touches.push(touch);
        }
    }
    outcome
}

/// Buffers one decision reuses from environment to environment.
#[derive(Default)]
struct Scratch {
    /// What the environment's index found in each segment (one scan of the whole call).
    scans: Vec<ident::Scan>,
    named: Vec<usize>,
}

/// Adds to `out` the identifiers of `env` one segment names (their indexes, sorted, each once).
fn named(env: &GuardEnvironment, segment: &mut ReadSegment<'_>, at: usize, scratch: &mut Scratch) {
    scratch.named.clear();
    let Some(scan) = scratch.scans.get(at) else {
        return;
    };
    if scan.is_empty() {
        return;
    }
    if scan.maybe_word {
        segment.hosts();
    }
    if scan.maybe_repo {
        segment.repos();
    }
    let hosts = segment
        .hosts
        .as_deref()
        .filter(|_| scan.maybe_word)
        .unwrap_or_default();
    let repos = segment
        .repos
        .as_deref()
        .filter(|_| scan.maybe_repo)
        .unwrap_or_default();
    env.index.named_into(scan, hosts, repos, &mut scratch.named);
}

/// The rules (built-in ones on in `env`, then its own patterns) that match a segment, added to `out`.
fn segment_rules<'e>(
    env: &'e GuardEnvironment,
    segment: &mut ReadSegment<'_>,
    (mcp_tool, mcp_named_change): (bool, bool),
    budget: Duration,
    slow: &mut Vec<String>,
    out: &mut Vec<Hit<'e>>,
) {
    let first = out.len();
    out.extend(
        segment
            .rules()
            .iter()
            .filter(|rule| env.rule_on(rule.id))
            .map(|rule| Hit::built_in(rule)),
    );
    if mcp_tool {
        if env.rule_on("sql-change")
            && !out[first..].iter().any(|hit| hit.id == "sql-change")
            && segment.sql_change()
            && let Some(rule) = rules::rule("sql-change")
        {
            out.push(Hit::built_in(rule));
        }
        if mcp_named_change
            && env.rule_on("mcp-tool-name")
            && let Some(rule) = rules::rule("mcp-tool-name")
        {
            out.push(Hit::built_in(rule));
        }
    }
    let mut clock = None;
    for pattern in &env.patterns {
        let found = segment.custom(pattern, budget, &mut clock);
        if found == Custom::OverBudget && !slow.contains(&pattern.id) {
            slow.push(pattern.id.clone());
        }
        if found != Custom::NotMatched {
            out.push(Hit {
                id: &pattern.id,
                capability: pattern.capability,
                description: pattern.description.as_deref().unwrap_or(&pattern.id),
            });
        }
    }
}

/// A custom pattern: its change after its command in the same segment (without command, the change alone). A
/// match over its budget counts as matched. Each match is timed from the end of the one before it (`clock`).
fn custom_matches(
    pattern: &GuardPatternDef,
    text: &str,
    budget: Duration,
    clock: &mut Option<Instant>,
) -> Custom {
    let mut run = |compiled: &SafePattern, text: &str| {
        let started = *clock.get_or_insert_with(Instant::now);
        let (found, ended) = compiled.find_from(text, started, budget);
        *clock = Some(ended);
        found
    };
    let from = match &pattern.compiled_command {
        Some(command) => match run(command, text) {
            Timed::Done(Some(found)) => found.end,
            Timed::Done(None) => return Custom::NotMatched,
            Timed::OverBudget => return Custom::OverBudget,
        },
        None => 0,
    };
    match run(&pattern.compiled_change, &text[from..]) {
        Timed::Done(Some(_)) => Custom::Matched,
        Timed::Done(None) => Custom::NotMatched,
        Timed::OverBudget => Custom::OverBudget,
    }
}

fn capabilities_agree(identifier: Option<Capability>, rule: Option<Capability>) -> bool {
    match (identifier, rule) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// The strongest verdict of all identifiers of `env` the call names, or `None` when it names none.
fn judge(
    env: &GuardEnvironment,
    segments: &mut [ReadSegment<'_>],
    mcp: (bool, bool),
    budget: Duration,
    slow: &mut Vec<String>,
    scratch: &mut Scratch,
) -> Option<Touch> {
    // Every (segment, identifier) the call names, in segment order.
    let mut names: Vec<(usize, usize)> = Vec::new();
    for (at, segment) in segments.iter_mut().enumerate() {
        named(env, segment, at, scratch);
        names.extend(scratch.named.iter().map(|&identifier| (at, identifier)));
    }
    if names.is_empty() {
        return None;
    }
    // An MCP tool's strings are separate fields, not one command line: their rules count for the whole call.
    let mut found: Vec<Hit<'_>> = Vec::new();
    if mcp.0 {
        let mut each = Vec::new();
        for segment in segments.iter_mut() {
            each.clear();
            segment_rules(env, segment, mcp, budget, slow, &mut each);
            for hit in &each {
                if !found.iter().any(|have| have.id == hit.id) {
                    found.push(*hit);
                }
            }
        }
    }
    let mut best: Option<Touch> = None;
    let mut current: Option<usize> = None;
    for (at, index) in names {
        let Some(identifier) = env.identifiers.get(index) else {
            continue;
        };
        if !mcp.0 && current != Some(at) {
            current = Some(at);
            found.clear();
            if let Some(segment) = segments.get_mut(at) {
                segment_rules(env, segment, mcp, budget, slow, &mut found);
            }
        }
        let mut counting = found
            .iter()
            .filter(|hit| capabilities_agree(identifier.capability, hit.capability));
        let level = match identifier.capability {
            Some(cap) => env.level(Some(cap)),
            None => counting
                .clone()
                .filter_map(|hit| hit.capability)
                .map(|cap| env.level(Some(cap)))
                .min()
                .unwrap_or(env.default_level),
        };
        let rule = counting.next();
        let violation = match level {
            Level::Full => false,
            Level::Read => rule.is_some(),
            Level::Ask | Level::None => true,
        };
        let verdict = match (violation, level, env.mode) {
            (false, _, _) => Verdict::Allow,
            (true, _, GuardMode::Log | GuardMode::Off) => Verdict::Log,
            (true, Level::Ask, _) => Verdict::Ask,
            (true, _, GuardMode::Block) => Verdict::Deny,
            (true, _, GuardMode::Warn) => Verdict::Warn,
        };
        if best.as_ref().is_some_and(|have| verdict <= have.verdict) {
            continue;
        }
        let rule = rule.map(|hit| hit.to_matched());
        best = Some(Touch {
            reason: reason(env, level, identifier, rule.as_ref()),
            project: env.project.clone(),
            environment: env.name.clone(),
            kind: env.kind,
            verdict,
            level,
            identifier: identifier.text.clone(),
            rule,
        });
    }
    best
}

/// `relay guard: acme-shop live (live) is read-only for agents; this looks like a remote change over ssh
/// (matched 'prod-alias'). Ask the owner, or propose a change with environment_propose.`
fn reason(env: &GuardEnvironment, level: Level, identifier: &Identifier, rule: Option<&Matched>) -> String {
    let what = match rule {
        Some(rule) => format!("this looks like a {}", rule.description),
        None => "this call names it".to_owned(),
    };
    let head = format!("relay guard: {} {} ({})", env.project, env.name, env.kind);
    match level {
        Level::Ask => format!(
            "{head} asks the owner before each agent action; {what} (matched '{}').",
            identifier.text
        ),
        Level::None => format!(
            "{head} is off limits for agents; {what} (matched '{}'). Ask the owner, or propose a change with environment_propose.",
            identifier.text
        ),
        Level::Read | Level::Full => format!(
            "{head} is read-only for agents; {what} (matched '{}'). Ask the owner, or propose a change with environment_propose.",
            identifier.text
        ),
    }
}

#[cfg(test)]
pub(crate) mod fuzz;
#[cfg(test)]
pub(crate) mod hostile;
#[cfg(test)]
mod tests;
