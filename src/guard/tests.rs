use std::collections::BTreeMap;
use std::time::Duration;

use proptest::prelude::*;
use serde_json::json;

use super::*;
use crate::policy::{LayerSource, PolicyLayer, effective};

fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// The acme-shop live environment: ssh alias `prod-alias` and `app`, a kubectl context, a db host, the gitops repo
/// and a base URL, under the policy `layer` (global), with optional own level and overrides.
fn live_with(layer: &str, own: Option<Level>, overrides: &[(Capability, Level)]) -> GuardEnvironment {
    let policy = effective(vec![(
        LayerSource::Global,
        PolicyLayer::parse(layer, &LayerSource::Global),
    )]);
    assert!(policy.ignored.is_empty(), "{:?}", policy.ignored);
    let ssh = fields(&[("alias", "prod-alias"), ("host", "app")]);
    let ssh2 = fields(&[("alias", "app")]);
    let kube = fields(&[("context", "prod-cluster"), ("namespace", "shop")]);
    let db = fields(&[("host", "postgres"), ("port", "5432")]);
    let gitops = fields(&[("repo", "git@github.com:acme/deploy.git"), ("path", "apps/shop")]);
    GuardEnvironment::new(
        "acme-shop",
        "live",
        EnvKind::Live,
        &policy,
        own,
        &overrides.iter().copied().collect(),
        Some("https://shop.acme.io"),
        [
            (AccessKind::Ssh, &ssh),
            (AccessKind::Ssh, &ssh2),
            (AccessKind::Kubectl, &kube),
            (AccessKind::Db, &db),
            (AccessKind::Gitops, &gitops),
        ],
    )
}

fn live() -> GuardEnvironment {
    live_with("{}", None, &[])
}

fn bash(command: &str, envs: &[GuardEnvironment]) -> GuardOutcome {
    decide(&ToolCall::Bash { command }, envs)
}

fn verdict(command: &str, env: &GuardEnvironment) -> Verdict {
    bash(command, std::slice::from_ref(env)).verdict()
}

fn rule_of(command: &str, env: &GuardEnvironment) -> Option<String> {
    bash(command, std::slice::from_ref(env))
        .strongest()
        .and_then(|touch| touch.rule.as_ref().map(|rule| rule.id.clone()))
}

#[test]
fn a_local_command_after_ssh_is_not_a_remote_change() {
    let outcome = bash("ssh app uptime; rm -rf build", &[live()]);
    assert_eq!(outcome.verdict(), Verdict::Allow);
    let touch = outcome.strongest().unwrap();
    assert_eq!(
        (touch.identifier.as_str(), touch.rule.as_ref()),
        ("app", None),
        "touched, no rule"
    );
    assert_eq!(outcome.message(), None);
}

#[test]
fn a_remote_change_over_ssh_warns_on_a_read_only_live_environment() {
    let outcome = bash("ssh prod-alias 'sudo systemctl restart nginx'", &[live()]);
    assert_eq!(outcome.verdict(), Verdict::Warn);
    assert_eq!(
        outcome.message().unwrap(),
        "relay guard: acme-shop live (live) is read-only for agents; this looks like a remote change over ssh \
         (matched 'prod-alias'). Ask the owner, or propose a change with environment_propose. (warn mode: not blocked)"
    );
}

#[test]
fn a_remote_change_is_denied_in_block_mode() {
    let env = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    let outcome = bash("ssh prod-alias rm -rf /srv/shop", &[env]);
    assert_eq!(outcome.verdict(), Verdict::Deny);
    let answer = outcome.claude_code_answer(None).unwrap();
    assert_eq!(
        answer,
        json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "relay guard: acme-shop live (live) is read-only for agents; this looks like a remote change over ssh (matched 'prod-alias'). Ask the owner, or propose a change with environment_propose."
        }})
    );
}

#[test]
fn scp_from_a_host_is_a_read_and_to_a_host_a_change() {
    assert_eq!(
        verdict("scp app:/var/log/syslog ./syslog", &live()),
        Verdict::Allow
    );
    assert_eq!(rule_of("scp app:/var/log/syslog ./syslog", &live()), None);
    assert_eq!(
        verdict("scp ./build.tgz deploy@app:/srv/", &live()),
        Verdict::Warn
    );
    assert_eq!(
        rule_of("scp ./build.tgz deploy@app:/srv/", &live()).as_deref(),
        Some("scp-to-host")
    );
}

#[test]
fn git_push_to_the_gitops_repo_is_a_deploy() {
    for command in [
        "git push git@github.com:acme/deploy.git main",
        "git push https://github.com/acme/deploy.git HEAD:main",
        "cd ../deploy && git push github.com/acme/deploy main",
    ] {
        assert_eq!(
            rule_of(command, &live()).as_deref(),
            Some("git-push"),
            "{command}"
        );
        assert_eq!(verdict(command, &live()), Verdict::Warn, "{command}");
    }
    let touch = bash("git push git@github.com:acme/deploy.git main", &[live()])
        .strongest()
        .cloned()
        .unwrap();
    assert_eq!(
        (touch.identifier.as_str(), touch.rule.unwrap().capability),
        ("github.com/acme/deploy", Some(Capability::Deploy)),
        "the repository, counted as a deploy"
    );
    let deploys = live_with("{}", None, &[(Capability::Deploy, Level::Full)]);
    assert_eq!(
        verdict("git push git@github.com:acme/deploy.git main", &deploys),
        Verdict::Allow,
        "the deploy level decides"
    );
    assert_eq!(
        verdict("git push origin main", &live()),
        Verdict::Allow,
        "no identifier named"
    );
    assert_eq!(
        verdict("git push git@github.com:acme/deploy-old.git", &live()),
        Verdict::Allow
    );
}

#[test]
fn single_words_count_only_where_a_host_is_expected() {
    let env = live_with(
        r#"{"guard": {"mode": "block"}, "levels": {"live": {"default": "none"}}}"#,
        None,
        &[],
    );
    for command in [
        "git commit -m 'restart app on postgres'",
        "echo ssh app",
        "cat app.log postgres",
        "npm install app",
        "vim app",
    ] {
        assert_eq!(verdict(command, &env), Verdict::Allow, "{command}");
    }
    for command in [
        "ssh app",
        "FOO=1 sudo env X=2 ssh -p 22 deploy@app ls",
        "psql -h postgres -c 'select 1'",
        "kubectl --context=prod-cluster get pods",
        "curl https://shop.acme.io/health",
        "rsync -av app:/var/log/ logs/",
    ] {
        assert_eq!(verdict(command, &env), Verdict::Deny, "{command}");
    }
}

#[test]
fn commands_in_substitutions_are_words_of_the_segment_that_holds_them() {
    let env = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    assert_eq!(
        verdict("ssh app \"$(echo reboot)\"", &env),
        Verdict::Deny,
        "the remote command's words"
    );
    assert_eq!(
        verdict("echo `ssh app reboot`", &env),
        Verdict::Allow,
        "an echo's arguments are never host positions (SPEC §15 says so)"
    );
}

#[test]
fn identifiers_with_a_dot_or_dash_count_anywhere_as_whole_tokens() {
    let env = live_with(r#"{"levels": {"live": {"default": "none"}}}"#, None, &[]);
    assert_eq!(
        verdict("echo see https://shop.acme.io", &env),
        Verdict::Warn,
        "anywhere, even an echo"
    );
    assert_eq!(
        verdict("cat notes-about-prod-alias.txt", &env),
        Verdict::Allow,
        "a longer name"
    );
    assert_eq!(
        verdict("curl https://api.shop.acme.io", &env),
        Verdict::Allow,
        "a longer host"
    );
    assert_eq!(
        verdict("ping SHOP.ACME.IO", &env),
        Verdict::Warn,
        "case-insensitive"
    );
}

#[test]
fn a_rule_counts_only_when_its_capability_agrees_with_the_identifier() {
    // `app` is an ssh identifier: a SQL change next to it is not a change on its capability.
    assert_eq!(
        verdict("ssh app psql -c 'drop table users'", &live()),
        Verdict::Allow
    );
    assert_eq!(
        rule_of("psql -h postgres -c 'drop table users'", &live()).as_deref(),
        Some("sql-change")
    );
    assert_eq!(
        rule_of("kubectl --context prod-cluster delete pod web-1", &live()).as_deref(),
        Some("kubectl-change")
    );
    // The base URL host takes any rule.
    assert_eq!(
        rule_of("helm upgrade shop ./chart --set host=shop.acme.io", &live()).as_deref(),
        Some("helm-change")
    );
}

#[test]
fn decisions_follow_the_level_of_the_matched_capability() {
    let full_ssh = live_with("{}", None, &[(Capability::Ssh, Level::Full)]);
    assert_eq!(
        verdict("ssh app sudo reboot", &full_ssh),
        Verdict::Allow,
        "full → nothing"
    );
    let ask_db = live_with("{}", None, &[(Capability::Db, Level::Ask)]);
    assert_eq!(
        verdict("psql -h postgres -c 'select 1'", &ask_db),
        Verdict::Ask,
        "ask → ask, even a read"
    );
    let none = live_with(r#"{"levels": {"live": {"ssh": "none"}}}"#, None, &[]);
    assert_eq!(
        verdict("ssh app uptime", &none),
        Verdict::Warn,
        "none → a warning in warn mode"
    );
    let own_full = live_with("{}", Some(Level::Full), &[]);
    assert_eq!(
        verdict("ssh app sudo reboot", &own_full),
        Verdict::Allow,
        "the environment's own level"
    );
}

#[test]
fn log_mode_turns_every_decision_into_log_and_off_skips_the_environment() {
    let logged = live_with(
        r#"{"guard": {"mode": "log"}}"#,
        None,
        &[(Capability::Db, Level::Ask)],
    );
    assert_eq!(verdict("ssh app sudo reboot", &logged), Verdict::Log);
    assert_eq!(verdict("psql -h postgres", &logged), Verdict::Log);
    let outcome = bash("ssh app sudo reboot", std::slice::from_ref(&logged));
    assert_eq!(outcome.message(), None);
    assert_eq!(outcome.claude_code_answer(None), None, "never an allow");
    let off = live_with(r#"{"guard": {"mode": "off"}}"#, None, &[]);
    assert!(
        bash("ssh app sudo reboot", &[off]).touches.is_empty(),
        "not checked, not journaled"
    );
}

#[test]
fn the_strongest_decision_wins_across_environments_and_identifiers() {
    let warned = live();
    let mut asked = live_with("{}", None, &[(Capability::Kubectl, Level::Ask)]);
    asked.name = "eu".into();
    let outcome = bash(
        "ssh app sudo reboot; kubectl --context prod-cluster get pods",
        &[warned, asked],
    );
    assert_eq!(outcome.touches.len(), 2);
    assert_eq!(outcome.verdict(), Verdict::Ask);
    assert_eq!(
        outcome.message().unwrap(),
        "relay guard: acme-shop eu (live) asks the owner before each agent action; this call names it (matched 'prod-cluster')."
    );
    let answer = outcome
        .claude_code_answer(Some("Owner comment on acme-1 (#3): hi"))
        .unwrap();
    assert_eq!(answer["hookSpecificOutput"]["permissionDecision"], "ask");
    assert_eq!(
        answer["hookSpecificOutput"]["additionalContext"],
        "Owner comment on acme-1 (#3): hi"
    );
    let blocked = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    let outcome = bash(
        "kubectl --context prod-cluster get pods; ssh app sudo reboot",
        &[blocked],
    );
    assert_eq!(
        outcome.strongest().unwrap().verdict,
        Verdict::Deny,
        "within one environment too"
    );
}

#[test]
fn warn_answers_carry_the_reason_as_context_with_owner_comments() {
    let outcome = bash("ssh app sudo reboot", &[live()]);
    let answer = outcome
        .claude_code_answer(Some("Owner comment on acme-1 (#3): hi"))
        .unwrap();
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        context.starts_with("relay guard: acme-shop live (live) is read-only"),
        "{context}"
    );
    assert!(
        context.contains("(warn mode: not blocked)\nOwner comment on acme-1 (#3): hi"),
        "{context}"
    );
    assert!(answer["hookSpecificOutput"].get("permissionDecision").is_none());
}

#[test]
fn a_rule_the_policy_disables_does_not_count() {
    let env = live_with(r#"{"guard": {"disable": ["ssh-remote-change"]}}"#, None, &[]);
    assert_eq!(verdict("ssh app sudo reboot", &env), Verdict::Allow);
}

#[test]
fn custom_patterns_follow_the_segment_rule_and_name_their_description() {
    let env = live_with(
        r#"{"guard": {"patterns": [
            {"id": "shop-deploy", "capability": "ssh", "command": "\\bssh\\b", "change": "deploy\\.sh", "description": "deploy script run"},
            {"id": "cache-purge", "change": "purge-cache"}
        ]}}"#,
        None,
        &[],
    );
    let outcome = bash("ssh app ./deploy.sh --now", std::slice::from_ref(&env));
    assert_eq!(outcome.verdict(), Verdict::Warn);
    assert!(
        outcome
            .message()
            .unwrap()
            .contains("this looks like a deploy script run (matched 'app')")
    );
    assert_eq!(
        verdict("./deploy.sh; ssh app uptime", &env),
        Verdict::Allow,
        "change before the command"
    );
    assert_eq!(
        rule_of("curl https://shop.acme.io/purge-cache", &env).as_deref(),
        Some("cache-purge")
    );
}

#[test]
fn a_custom_pattern_over_its_budget_counts_as_matched() {
    let env = live_with(
        r#"{"guard": {"patterns": [{"id": "never", "change": "zzz-never"}]}}"#,
        None,
        &[],
    );
    let call = ToolCall::Bash {
        command: "ssh app uptime",
    };
    let outcome = decide_within(&call, std::slice::from_ref(&env), Duration::ZERO);
    assert_eq!(outcome.verdict(), Verdict::Warn, "fails closed");
    assert_eq!(outcome.slow_patterns, ["never"]);
    assert_eq!(
        decide(&call, &[env]).verdict(),
        Verdict::Allow,
        "the pattern stays on, within budget"
    );
}

#[test]
fn mcp_tools_are_read_by_every_string_and_by_name() {
    let env = live();
    let input = json!({"query": {"sql": "DROP TABLE users", "host": "prod-db"}, "target": ["postgres", "x"]});
    let call = ToolCall::Mcp {
        tool: "mcp__pg__query",
        input: &input,
    };
    assert_eq!(
        decide(&call, std::slice::from_ref(&env)).verdict(),
        Verdict::Allow,
        "a bare word is not a host"
    );
    let input = json!({"sql": "DROP TABLE users", "url": "https://shop.acme.io/db"});
    let call = ToolCall::Mcp {
        tool: "mcp__pg__query",
        input: &input,
    };
    let outcome = decide(&call, std::slice::from_ref(&env));
    assert_eq!(
        outcome.strongest().unwrap().rule.as_ref().unwrap().id,
        "sql-change",
        "no client needed"
    );
    let input = json!({"cluster": "prod-cluster", "name": "web"});
    let call = ToolCall::Mcp {
        tool: "mcp__k8s__delete_pod",
        input: &input,
    };
    let outcome = decide(&call, std::slice::from_ref(&env));
    assert_eq!(
        outcome.strongest().unwrap().rule.as_ref().unwrap().id,
        "mcp-tool-name"
    );
    assert_eq!(outcome.verdict(), Verdict::Warn);
    let input = json!({"cluster": "prod-cluster"});
    let call = ToolCall::Mcp {
        tool: "mcp__k8s__list_pods",
        input: &input,
    };
    assert_eq!(decide(&call, &[env]).verdict(), Verdict::Allow);
}

#[test]
fn the_guard_reads_only_the_first_8_kb() {
    let padding = "x".repeat(MAX_TEXT);
    assert_eq!(
        verdict(&format!("{padding} ; ssh app sudo reboot"), &live()),
        Verdict::Allow
    );
    let padding = ";".repeat(10_000);
    assert_eq!(
        verdict(&format!("{padding}ssh app sudo reboot"), &live()),
        Verdict::Allow
    );
}

#[test]
fn the_guard_reads_at_most_200_segments() {
    let before = "true;".repeat(MAX_SEGMENTS);
    assert_eq!(
        verdict(&format!("{before}ssh app sudo reboot"), &live()),
        Verdict::Allow
    );
    let before = "true;".repeat(MAX_SEGMENTS - 1);
    assert_eq!(
        verdict(&format!("{before}ssh app sudo reboot"), &live()),
        Verdict::Warn
    );
}

fn corpus() -> Vec<(&'static str, String)> {
    hostile::corpus(hostile::Target {
        ssh: "app",
        context: "prod-cluster",
        db: "postgres",
    })
}

#[test]
fn the_hostile_corpus_is_read_within_its_bounds() {
    let env = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    for (name, text) in corpus() {
        let capped = shell::cap(&text);
        assert!(capped.len() <= MAX_TEXT, "{name}");
        assert!(text.starts_with(capped), "{name}: a prefix of the input");
        let segments = shell::segments(capped, MAX_SEGMENTS);
        assert!(segments.len() <= MAX_SEGMENTS, "{name}");
        assert!(segments.iter().all(|s| s.text.len() <= MAX_TEXT), "{name}");
        let first = bash(&text, std::slice::from_ref(&env));
        let again = bash(&text, std::slice::from_ref(&env));
        assert_eq!(first, again, "{name}: the same answer every time");
        assert!(first.touches.len() <= 1, "{name}");
    }
}

#[test]
fn the_hostile_corpus_is_decided_as_written() {
    let env = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    let expect = [
        ("10,000 `;`", Verdict::Allow),
        ("10,000 `;` then a change", Verdict::Allow),
        ("unterminated single quote", Verdict::Deny),
        ("unterminated double quote", Verdict::Deny),
        ("NUL bytes", Verdict::Allow),
        ("very long word", Verdict::Allow),
        ("very long host-like word", Verdict::Allow),
        ("Unicode look-alikes", Verdict::Allow),
        ("nested $(…)", Verdict::Deny),
        ("backslashes", Verdict::Allow),
        ("unclosed $(", Verdict::Allow),
        ("pipes and ampersands", Verdict::Allow),
        ("many options", Verdict::Deny),
        ("many host positions", Verdict::Allow),
        ("201 segments, a change in the last", Verdict::Allow),
        ("200 short segments", Verdict::Allow),
    ];
    let corpus = corpus();
    for (name, want) in expect {
        let text = &corpus.iter().find(|(n, _)| *n == name).unwrap().1;
        assert_eq!(bash(text, std::slice::from_ref(&env)).verdict(), want, "{name}");
    }
    assert!(
        bash(&corpus[1].1, std::slice::from_ref(&env)).touches.is_empty(),
        "10,000 `;` hold no segment"
    );
}

#[test]
fn the_hostile_corpus_stays_within_the_segment_limit() {
    let corpus = corpus();
    let input = |name: &str| corpus.iter().find(|(n, _)| *n == name).unwrap().1.clone();
    assert!(shell::segments(&input("10,000 `;`"), MAX_SEGMENTS).is_empty());
    let short = input("200 short segments");
    assert!(
        short.matches(';').count() > MAX_SEGMENTS,
        "more than the limit written"
    );
    assert_eq!(
        shell::segments(shell::cap(&short), MAX_SEGMENTS).len(),
        MAX_SEGMENTS
    );
    let last = input("201 segments, a change in the last");
    let read = shell::segments(&last, MAX_SEGMENTS);
    assert_eq!(read.len(), MAX_SEGMENTS);
    assert!(
        read.iter().all(|segment| segment.text == "true"),
        "the 201st is not read"
    );
    // The same change as the 200th segment is read.
    let within = format!("{}ssh app reboot", "true;".repeat(MAX_SEGMENTS - 1));
    let env = live_with(r#"{"guard": {"mode": "block"}}"#, None, &[]);
    assert_eq!(verdict(&within, &env), Verdict::Deny);
    assert_eq!(verdict(&last, &env), Verdict::Allow);
}

#[test]
fn the_hostile_corpus_fails_closed_when_a_custom_pattern_goes_over_its_budget() {
    // A pattern that never matches: over its budget it counts as matched, wherever the input names the stand.
    let env = live_with(
        r#"{"guard": {"mode": "block", "patterns": [{"id": "never", "change": "zzz-never"}]}}"#,
        None,
        &[(Capability::Ssh, Level::Read), (Capability::Kubectl, Level::Read)],
    );
    let mut touched = 0;
    for (name, text) in corpus() {
        let call = ToolCall::Bash { command: &text };
        let within = decide(&call, std::slice::from_ref(&env));
        let over = decide_within(&call, std::slice::from_ref(&env), Duration::ZERO);
        assert!(within.slow_patterns.is_empty(), "{name}: within budget");
        if within.touches.is_empty() {
            assert!(over.touches.is_empty(), "{name}: no stand named, no pattern run");
            continue;
        }
        touched += 1;
        assert_eq!(over.verdict(), Verdict::Deny, "{name}: fails closed");
        assert_eq!(over.slow_patterns, ["never"], "{name}: reported once");
        let rule = over.strongest().and_then(|touch| touch.rule.as_ref());
        assert!(rule.is_some(), "{name}: a rule counted");
    }
    assert!(touched >= 6, "most of the corpus names the stand ({touched})");
}

#[test]
fn an_environment_keeps_at_most_50_identifiers_when_deciding() {
    let policy = effective(vec![]);
    let entries: Vec<BTreeMap<String, String>> = (0..80)
        .map(|n| fields(&[("alias", &format!("host{n}"))]))
        .collect();
    let env = GuardEnvironment::new(
        "acme-shop",
        "live",
        EnvKind::Live,
        &policy,
        None,
        &BTreeMap::new(),
        None,
        entries.iter().map(|fields| (AccessKind::Ssh, fields)),
    );
    assert_eq!(env.identifiers().len(), MAX_IDENTIFIERS);
    assert_eq!(verdict("ssh host49 sudo reboot", &env), Verdict::Warn, "the 50th");
    assert!(
        bash("ssh host50 sudo reboot", &[env]).touches.is_empty(),
        "the 51st is not kept"
    );
}

#[test]
fn an_environment_without_identifiers_is_never_touched() {
    let policy = effective(vec![]);
    let bare = GuardEnvironment::new(
        "acme",
        "live",
        EnvKind::Live,
        &policy,
        None,
        &BTreeMap::new(),
        None,
        std::iter::empty(),
    );
    assert!(bash("ssh app sudo reboot", &[bare]).touches.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_parser_is_bounded_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..12_000)) {
        let text = String::from_utf8_lossy(&bytes);
        let capped = shell::cap(&text);
        prop_assert!(capped.len() <= MAX_TEXT);
        let segments = shell::segments(capped, MAX_SEGMENTS);
        prop_assert!(segments.len() <= MAX_SEGMENTS);
        for segment in &segments {
            prop_assert!(!segment.text.is_empty());
            let _ = ident::host_positions(segment);
            let _ = rules::matching_rules(segment);
        }
        let outcome = decide(&ToolCall::Bash { command: &text }, &[live()]);
        prop_assert!(outcome.touches.len() <= 1);
    }

    #[test]
    fn the_parser_is_bounded_on_shell_like_text(text in "(ssh |app |'|\"|;|&&|\\||\\\\|\\$\\(|-p |scp |app:|/x |rm |kubectl |--context |prod-cluster | ){0,400}") {
        let segments = shell::segments(&text, MAX_SEGMENTS);
        prop_assert!(segments.len() <= MAX_SEGMENTS);
        let first = decide(&ToolCall::Bash { command: &text }, &[live()]);
        let again = decide(&ToolCall::Bash { command: &text }, &[live()]);
        prop_assert_eq!(first, again);
    }
}
