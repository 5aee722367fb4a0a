//! `relay env …` and `relay policy …` against a real relayd: the owner writes environments, access entries and
//! policy layers over the socket; agents propose over MCP; and the refusals — widening live without --confirm, a
//! secret in a field (the detector named, never the value), a proposal decided twice, a pattern with a
//! back-reference or a nested quantifier (its id named), a broken policy.json while running (the last valid
//! version kept) — change nothing. An agent token trying the owner's writes is in `remote.rs`; a broken
//! policy.json at the start in `faults.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use relay_tests::{TestDaemon, run, run_with_stdin};
use serde_json::{Value, json};

async fn with_project(config: &str) -> TestDaemon {
    let daemon = TestDaemon::builder().config(config).start().await;
    run(daemon
        .relay()
        .args(["project", "upsert", "acme-shop", "--name", "Acme shop"]))
    .await
    .assert_success();
    daemon
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A file in the daemon's scratch folder holding `value`.
fn layer_file(daemon: &TestDaemon, name: &str, value: &Value) -> PathBuf {
    let path = daemon.home().scratch().join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

fn policy_json(daemon: &TestDaemon) -> PathBuf {
    daemon.home().path().join("policy.json")
}

#[tokio::test]
async fn the_owner_sets_shows_and_removes_environments_and_their_access_entries() {
    let daemon = with_project("").await;
    let set = run(daemon.relay().args([
        "env",
        "set",
        "acme-shop",
        "live",
        "--kind",
        "live",
        "--base-url",
        "https://shop.acme.com",
        "--notes",
        "the shop; ask before deploys",
    ]))
    .await;
    set.assert_success();
    assert!(
        set.stdout.contains("saved environment live of acme-shop"),
        "{set}"
    );
    run(daemon.relay().args([
        "env",
        "access",
        "add",
        "acme-shop",
        "live",
        "ssh",
        "alias=prod-app",
        "user=deploy",
        "key_path_ref=~/.ssh/acme_live",
    ]))
    .await
    .assert_success();
    run(daemon
        .relay()
        .args(["env", "set", "acme-shop", "staging", "--kind", "test"]))
    .await
    .assert_success();

    let list = run(daemon.relay().args(["env", "list", "acme-shop"])).await;
    list.assert_success();
    assert!(
        list.stdout
            .starts_with("acme-shop · policy preset default · guard warn"),
        "{list}"
    );
    assert!(list.stdout.contains("agents: read (default)"), "{list}");
    assert!(
        list.stdout.contains("https://shop.acme.com  1 access entry"),
        "{list}"
    );
    assert!(
        list.stdout.contains("agents: full (default)"),
        "staging is a test stand: {list}"
    );

    let shown = run(daemon
        .relay()
        .args(["env", "show", "acme-shop", "LIVE", "--json"]))
    .await;
    shown.assert_success();
    let env = json_of(&shown.stdout);
    assert_eq!(env["kind"], "live");
    assert_eq!(env["level"], json!({"level": "read", "source": "(default)"}));
    assert_eq!(env["sign_in_allowed"], false, "never on live");
    let entry = &env["access"][0];
    assert_eq!(entry["kind"], "ssh");
    let id = entry["id"].as_i64().unwrap();

    // Changing an entry sets the fields given, removes `FIELD=-`, keeps the rest.
    run(daemon.relay().args([
        "env",
        "access",
        "set",
        "acme-shop",
        "live",
        &id.to_string(),
        "host=app.acme.com",
        "user=-",
    ]))
    .await
    .assert_success();
    let text = run(daemon.relay().args(["env", "show", "acme-shop", "live"])).await;
    text.assert_success();
    assert!(
        text.stdout.contains(&format!(
            "#{id} ssh alias=prod-app host=app.acme.com key_path_ref=~/.ssh/acme_live"
        )),
        "{text}"
    );
    assert!(!text.stdout.contains("user=deploy"), "{text}");
    assert!(text.stdout.contains("  ssh          read (default)"), "{text}");

    run(daemon
        .relay()
        .args(["env", "access", "rm", "acme-shop", "live", &id.to_string()]))
    .await
    .assert_success();
    let gone = run(daemon
        .relay()
        .args(["env", "access", "rm", "acme-shop", "live", &id.to_string()]))
    .await;
    gone.assert_code(2);
    assert!(gone.stderr.contains(&format!("no access entry #{id}")), "{gone}");

    run(daemon.relay().args(["env", "rm", "acme-shop", "staging"]))
        .await
        .assert_success();
    let unknown = run(daemon.relay().args(["env", "show", "acme-shop", "staging"])).await;
    unknown.assert_code(4);
    assert!(unknown.stderr.contains("its environments: live"), "{unknown}");
    let unknown = run(daemon.relay().args(["env", "rm", "acme-shop", "staging"])).await;
    unknown.assert_code(4);

    let events = run(daemon.relay().args(["events", "--json"])).await;
    assert!(events.stdout.contains("environment.changed"), "{events}");
    assert!(events.stdout.contains("environment.removed"), "{events}");
    assert!(
        !events.stdout.contains("prod-app"),
        "events name fields, never values: {events}"
    );
}

#[tokio::test]
async fn widening_live_without_confirm_is_refused_saying_what_it_widens_and_changes_nothing() {
    let daemon = with_project("").await;
    run(daemon
        .relay()
        .args(["env", "set", "acme-shop", "live", "--kind", "live"]))
    .await
    .assert_success();
    let raise = || {
        let mut command = daemon.relay();
        command.args(["env", "set", "acme-shop", "live", "--level", "full"]);
        command
    };
    let refused = run(&mut raise()).await;
    refused.assert_code(1);
    assert!(
        refused
            .stderr
            .contains("this widens agents' access on live: the agents' level on live rises to full"),
        "{refused}"
    );
    assert!(refused.stderr.contains("--confirm"), "{refused}");
    assert!(refused.stderr.contains("Nothing changed."), "{refused}");
    let env = json_of(
        &run(daemon
            .relay()
            .args(["env", "show", "acme-shop", "live", "--json"]))
        .await
        .stdout,
    );
    assert_eq!(env["level"]["level"], "read", "nothing changed");

    let confirmed = run(raise().arg("--confirm")).await;
    confirmed.assert_success();
    assert!(
        confirmed
            .stderr
            .contains("relay: confirmed: this widens agents' access on live"),
        "{confirmed}"
    );
    let env = json_of(
        &run(daemon
            .relay()
            .args(["env", "show", "acme-shop", "live", "--json"]))
        .await
        .stdout,
    );
    assert_eq!(env["level"], json!({"level": "full", "source": ""}));

    // A policy layer that weakens the guard on live: the preview says so and saves nothing; set refuses it
    // without --confirm.
    let layer = layer_file(&daemon, "quiet.json", &json!({"guard": {"mode": "log"}}));
    let preview = run(daemon
        .relay()
        .args(["policy", "preview", "acme-shop"])
        .arg(&layer))
    .await;
    preview.assert_success();
    assert!(
        preview
            .stdout
            .contains(r#"- guard.mode = "log" (project:acme-shop)"#),
        "{preview}"
    );
    assert!(
        preview
            .stdout
            .contains("it widens agents' access on live (saving it needs --confirm):\n  - guard.mode weakens from warn to log"),
        "{preview}"
    );
    let refused = run(daemon.relay().args(["policy", "set", "acme-shop"]).arg(&layer)).await;
    refused.assert_code(1);
    assert!(
        refused.stderr.contains("guard.mode weakens from warn to log"),
        "{refused}"
    );
    let shown = run(daemon.relay().args(["policy", "show", "acme-shop"])).await;
    assert!(
        shown.stdout.contains(r#"- guard.mode = "warn" (preset:default)"#),
        "neither the preview nor the refusal saved it: {shown}"
    );
    // From stdin, confirmed.
    let saved = run_with_stdin(
        daemon
            .relay()
            .args(["policy", "set", "acme-shop", "-", "--confirm"]),
        br#"{"guard": {"mode": "log"}}"#,
    )
    .await;
    saved.assert_success();
    assert!(saved.stdout.contains("saved the layer of acme-shop"), "{saved}");
    let shown = run(daemon.relay().args(["policy", "show", "acme-shop", "--json"])).await;
    let policy = json_of(&shown.stdout);
    assert_eq!(policy["chain"], json!(["preset:default", "project:acme-shop"]));
    assert_eq!(policy["layer"], json!({"guard": {"mode": "log"}}));
    // The list of layers: policy.json (none here), then the project's, saved by the owner just now.
    let layers = run(daemon.relay().args(["policy", "layers"])).await;
    layers.assert_success();
    let lines: Vec<&str> = layers.stdout.lines().collect();
    assert!(
        lines[0].starts_with("global") && lines[0].contains("policy.json (no file"),
        "{layers}"
    );
    assert!(
        lines[1].starts_with("acme-shop  saved by owner") && lines[1].ends_with("· guard"),
        "{layers}"
    );
    let listed = json_of(
        &run(daemon.relay().args(["policy", "layers", "--json"]))
            .await
            .stdout,
    );
    assert_eq!(listed["layers"][1]["scope"], "acme-shop", "{listed}");
    assert_eq!(listed["layers"][1]["settings"], json!(["guard"]), "{listed}");
    // A preview of something that narrows says it does not widen.
    let strict = layer_file(&daemon, "strict.json", &json!({"guard": {"mode": "block"}}));
    let preview = run(daemon
        .relay()
        .args(["policy", "preview", "acme-shop/live"])
        .arg(&strict))
    .await;
    preview.assert_success();
    assert!(
        preview
            .stdout
            .ends_with("it does not widen agents' access on live\n"),
        "{preview}"
    );
}

#[tokio::test]
async fn a_secret_in_a_field_is_refused_naming_the_field_and_detector_never_the_value() {
    let daemon = with_project("").await;
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXZhbHVlLXNob3Vs";
    let notes = format!("the admin session is {jwt}");
    let refused = run(daemon.relay().args([
        "env",
        "set",
        "acme-shop",
        "live",
        "--kind",
        "live",
        "--notes",
        &notes,
    ]))
    .await;
    refused.assert_code(2);
    assert!(
        refused
            .stderr
            .contains("notes looks like it contains a secret value (jwt)"),
        "{refused}"
    );
    assert!(refused.stderr.contains("Nothing changed."), "{refused}");
    assert!(!refused.stderr.contains(jwt), "never the value: {refused}");
    let list = run(daemon.relay().args(["env", "list", "acme-shop"])).await;
    assert!(
        list.stdout.contains("no environments yet"),
        "nothing was saved: {list}"
    );

    run(daemon
        .relay()
        .args(["env", "set", "acme-shop", "live", "--kind", "live"]))
    .await
    .assert_success();
    let refused = run(daemon.relay().args([
        "env",
        "access",
        "add",
        "acme-shop",
        "live",
        "db",
        "host=db.acme.internal",
        "password_ref=hunter2-hunter2",
    ]))
    .await;
    refused.assert_code(2);
    assert!(
        refused
            .stderr
            .contains("password_ref looks like it contains a secret value (secret-field)"),
        "{refused}"
    );
    assert!(!refused.stderr.contains("hunter2"), "{refused}");
    // A reference is what belongs there.
    run(daemon.relay().args([
        "env",
        "access",
        "add",
        "acme-shop",
        "live",
        "db",
        "host=db.acme.internal",
        "password_ref=$DB_PASSWORD",
    ]))
    .await
    .assert_success();
    // A test secret is never stored on live.
    let refused = run(daemon.relay().args([
        "env",
        "access",
        "add",
        "acme-shop",
        "live",
        "other",
        "--test-secret",
        "api_token=test-123",
    ]))
    .await;
    refused.assert_code(2);
    assert!(
        refused.stderr.contains("never stored on a live environment"),
        "{refused}"
    );
}

#[tokio::test]
async fn proposals_from_agents_are_listed_accepted_with_confirm_and_decided_once() {
    let daemon = with_project("").await;
    run(daemon
        .relay()
        .args(["env", "set", "acme-shop", "live", "--kind", "live"]))
    .await
    .assert_success();
    let said = daemon
        .mcp_call(
            "environment_propose",
            json!({"project": "acme-shop", "change": {"environment": "live", "level": "full"},
                   "reason": "restarting the shop needs ssh"}),
        )
        .await;
    assert!(said.starts_with("Proposed #1 for acme-shop live"), "{said}");

    let listed = run(daemon.relay().args(["env", "proposals"])).await;
    listed.assert_success();
    assert!(
        listed
            .stdout
            .contains(r#"#1 acme-shop live: level "full" — restarting the shop needs ssh (by mcp"#),
        "{listed}"
    );
    let list = run(daemon.relay().args(["env", "list", "acme-shop"])).await;
    assert!(list.stdout.contains("proposals (relay env accept ID"), "{list}");

    let refused = run(daemon.relay().args(["env", "accept", "1"])).await;
    refused.assert_code(1);
    assert!(
        refused.stderr.contains("this widens agents' access on live"),
        "{refused}"
    );
    let accepted = run(daemon.relay().args(["env", "accept", "#1", "--confirm"])).await;
    accepted.assert_success();
    assert!(
        accepted.stdout.contains("environment proposal #1 accepted"),
        "{accepted}"
    );
    let env = json_of(
        &run(daemon
            .relay()
            .args(["env", "show", "acme-shop", "live", "--json"]))
        .await
        .stdout,
    );
    assert_eq!(env["level"]["level"], "full");
    for again in [
        vec!["env", "accept", "1", "--confirm"],
        vec!["env", "reject", "1"],
    ] {
        let twice = run(daemon.relay().args(&again)).await;
        twice.assert_code(1);
        assert!(
            twice
                .stderr
                .contains("proposal #1 was already accepted; a proposal is decided once"),
            "{twice}"
        );
    }
    // A proposal for a new environment with an access entry, from the CLI: applied whole when accepted.
    let proposed = run(daemon.relay().args([
        "env",
        "propose",
        "acme-shop",
        "staging",
        "--kind",
        "test",
        "--access",
        "ssh:alias=stage-app,user=deploy",
        "--reason",
        "a stand to try migrations",
        "--json",
    ]))
    .await;
    proposed.assert_success();
    assert_eq!(json_of(&proposed.stdout), json!({"id": 2}));
    run(daemon.relay().args(["env", "accept", "2"]))
        .await
        .assert_success();
    let staging = json_of(
        &run(daemon
            .relay()
            .args(["env", "show", "acme-shop", "staging", "--json"]))
        .await
        .stdout,
    );
    assert_eq!(staging["kind"], "test");
    assert_eq!(staging["access"][0]["kind"], "ssh");
    assert_eq!(
        staging["access"][0]["fields"],
        json!([{"name": "alias", "value": "stage-app", "test": false},
               {"name": "user", "value": "deploy", "test": false}])
    );
    let none = run(daemon.relay().args(["env", "reject", "9"])).await;
    none.assert_code(4);
    assert!(none.stderr.contains("no environment proposal #9"), "{none}");

    // A policy proposal, made by the owner's CLI here, rejected once.
    let patch = layer_file(&daemon, "patch.json", &json!({"levels": {"test": {"db": "ask"}}}));
    let proposed = run(daemon
        .relay()
        .args([
            "policy",
            "propose",
            "acme-shop",
            "--reason",
            "be careful with the test db",
        ])
        .arg(&patch))
    .await;
    proposed.assert_success();
    assert!(
        proposed.stdout.starts_with("proposed #1 for acme-shop"),
        "{proposed}"
    );
    let listed = run(daemon.relay().args(["policy", "proposals", "--json"])).await;
    let proposals = json_of(&listed.stdout);
    assert_eq!(proposals["proposals"][0]["scope"], "acme-shop");
    run(daemon.relay().args(["policy", "reject", "1"]))
        .await
        .assert_success();
    let twice = run(daemon.relay().args(["policy", "accept", "1"])).await;
    twice.assert_code(1);
    assert!(
        twice
            .stderr
            .contains("proposal #1 was already rejected; a proposal is decided once"),
        "{twice}"
    );
    let listed = run(daemon.relay().args(["policy", "proposals"])).await;
    assert!(listed.stdout.contains("no pending policy proposals"), "{listed}");
}

#[tokio::test]
async fn a_pattern_with_a_back_reference_or_a_nested_quantifier_is_refused_with_its_id() {
    let daemon = with_project("").await;
    for (id, pattern, words) in [
        ("twice-word", r"(\w+) \1", "uses a back-reference"),
        ("nested", "(a+)+$", "quantifies a group that holds a quantifier"),
    ] {
        let layer = layer_file(
            &daemon,
            &format!("{id}.json"),
            &json!({"guard": {"patterns": [{"id": id, "change": pattern}]}}),
        );
        for verb in ["set", "preview"] {
            let refused = run(daemon.relay().args(["policy", verb, "global"]).arg(&layer)).await;
            refused.assert_code(2);
            assert!(
                refused.stderr.contains("policy.json: guard.patterns[0]"),
                "the layer and the path: {refused}"
            );
            assert!(
                refused.stderr.contains(&format!("pattern '{id}' {words}")),
                "{refused}"
            );
        }
        assert!(!policy_json(&daemon).exists(), "nothing was written");
    }
    let not_json = layer_file(&daemon, "broken.json", &json!("x"));
    std::fs::write(&not_json, "{\"guard\": ").unwrap();
    let refused = run(daemon.relay().args(["policy", "set", "global"]).arg(&not_json)).await;
    refused.assert_code(2);
    assert!(refused.stderr.contains("is not valid JSON"), "{refused}");
}

#[tokio::test]
async fn the_preset_and_the_legacy_config_keys_show_as_layers_and_a_file_broken_while_running_keeps_the_last_valid()
 {
    let daemon = with_project("guard_mode = \"block\"\n[permission_defaults]\ntest = \"ask\"\n").await;
    let shown = run(daemon.relay().args(["policy", "show"])).await;
    shown.assert_success();
    assert!(
        shown.stdout.contains("layers: preset:default → config\n"),
        "{shown}"
    );
    assert!(
        shown.stdout.contains(r#"- guard.mode = "block" (config)"#),
        "{shown}"
    );
    assert!(
        shown.stdout.contains(r#"- levels.test.default = "ask" (config)"#),
        "{shown}"
    );

    // trusted widens live (read → full): the second confirmation first.
    let refused = run(daemon.relay().args(["policy", "preset", "trusted"])).await;
    refused.assert_code(1);
    assert!(
        refused.stderr.contains("this widens agents' access on live"),
        "{refused}"
    );
    assert!(!policy_json(&daemon).exists());
    std::fs::write(policy_json(&daemon), r#"{"description": "ours"}"#).unwrap();
    run(daemon.relay().args(["policy", "preset", "strict"]))
        .await
        .assert_success();
    let written = json_of(&std::fs::read_to_string(policy_json(&daemon)).unwrap());
    assert_eq!(
        written,
        json!({"description": "ours", "preset": "strict"}),
        "the rest is kept"
    );
    let shown = run(daemon.relay().args(["policy", "show", "--json"])).await;
    let policy = json_of(&shown.stdout);
    assert_eq!(policy["preset"], "strict");
    assert_eq!(policy["chain"], json!(["preset:strict", "config", "global"]));

    // The file breaks while relayd runs: the last valid version stays in effect, the break is shown, and the
    // preset picker refuses to overwrite it.
    std::fs::write(
        policy_json(&daemon),
        r#"{"preset": "strict", "guard": {"mode": "loud"}}"#,
    )
    .unwrap();
    let shown = run(daemon.relay().args(["policy", "show"])).await;
    shown.assert_success();
    assert!(
        shown.stdout.contains("policy of global · preset strict"),
        "{shown}"
    );
    assert!(
        shown.stdout.contains(
            "policy.json is broken; the last valid version stays in effect until it is fixed:\npolicy.json: guard.mode: 'loud' is not one of ['off', 'log', 'warn', 'block']"
        ),
        "{shown}"
    );
    let refused = run(daemon.relay().args(["policy", "preset", "default", "--confirm"])).await;
    refused.assert_code(2);
    assert!(refused.stderr.contains("policy.json is broken now"), "{refused}");
    assert_eq!(
        std::fs::read_to_string(policy_json(&daemon)).unwrap(),
        r#"{"preset": "strict", "guard": {"mode": "loud"}}"#,
        "the broken file is left for its owner to fix"
    );
    daemon
        .home()
        .wait_for_log("the policy file is broken; the last valid version stays in effect")
        .await;
}
