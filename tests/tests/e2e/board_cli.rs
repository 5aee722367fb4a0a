//! The headless board commands through the real `relay` binary against a real relayd: a script's whole life
//! cycle, the `--json` shapes, the exit codes scripts branch on, and `relay events --follow`.

use std::collections::BTreeSet;
use std::process::Stdio;

use relay_core::proto::{SubscribeRequest, update};
use relay_tests::{EXIT_TIMEOUT, Output, TestDaemon, TestHome, WAIT_TIMEOUT, next_update, run};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdout};

/// `relay <args>` against the daemon; must exit 0.
async fn relay(daemon: &TestDaemon, args: &[&str]) -> Output {
    let output = run(daemon.relay().args(args)).await;
    output.assert_success();
    output
}

/// `relay <args> --json` against the daemon; must exit 0 and print one JSON document.
async fn relay_json(daemon: &TestDaemon, args: &[&str]) -> Value {
    let output = relay(daemon, &[args, &["--json"]].concat()).await;
    parse(&output.stdout, &output)
}

#[track_caller]
fn parse(text: &str, output: &Output) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}\n{output}"))
}

/// One JSON object per line, as `relay events --json` prints them.
#[track_caller]
fn json_lines(output: &Output) -> Vec<Value> {
    output.stdout.lines().map(|line| parse(line, output)).collect()
}

fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

const TASK_FIELDS: &[&str] = &[
    "key",
    "project",
    "number",
    "title",
    "stage",
    "stage_note",
    "waiting_on",
    "next_step",
    "next_step_stale",
    "branch",
    "doc_path",
    "description",
    "progress",
    "priority",
    "size",
    "tracker_ref",
    "tracker_name",
    "tracker_url",
    "tracker_logged",
    "version",
    "session",
    "created_at_ms",
    "updated_at_ms",
    "stage_changed_at_ms",
    "closed_at_ms",
];

const PROJECT_FIELDS: &[&str] = &[
    "slug",
    "name",
    "repo_path",
    "description",
    "counts",
    "updated_at_ms",
];

/// The newest event id, from `relay events --json`.
async fn last_event_id(daemon: &TestDaemon) -> i64 {
    let output = relay(daemon, &["events", "--json"]).await;
    json_lines(&output)
        .last()
        .and_then(|event| event["id"].as_i64())
        .unwrap_or_else(|| panic!("no event in the log\n{output}"))
}

/// A project `acme` with one task `acme-1`.
async fn acme_with_a_task(daemon: &TestDaemon) {
    relay(daemon, &["project", "upsert", "acme", "--name", "Acme Shop"]).await;
    relay(daemon, &["task", "create", "--project", "acme", "Fix login"]).await;
}

#[tokio::test]
async fn script_runs_the_whole_task_life_cycle_when_driving_the_board_headless() {
    let daemon = TestDaemon::start().await;
    let start = last_event_id(&daemon).await;

    let repo = daemon.home().scratch().display().to_string();
    let upserted = relay_json(
        &daemon,
        &[
            "project",
            "upsert",
            "acme",
            "--name",
            "Acme Shop",
            "--repo",
            &repo,
        ],
    )
    .await;
    assert_eq!(upserted["project"]["slug"], "acme", "{upserted}");
    assert_eq!(upserted["project"]["repo_path"], repo.as_str(), "{upserted}");
    assert_eq!(upserted["changed"], true, "{upserted}");

    let created = relay_json(
        &daemon,
        &[
            "task",
            "create",
            "-p",
            "acme",
            "Fix login",
            "--set",
            "priority=2",
            "--session",
            "alice",
        ],
    )
    .await;
    let task = &created["task"];
    assert_eq!(task["key"], "acme-1", "{created}");
    assert_eq!(task["stage"], "plan", "{created}");
    assert_eq!(task["priority"], 2, "{created}");
    assert_eq!(task["version"], 1, "{created}");

    let updated = relay(
        &daemon,
        &[
            "task",
            "update",
            "acme-1",
            "--set",
            "branch=feat/login",
            "--set",
            "next_step=write the tests",
        ],
    )
    .await;
    assert_eq!(updated.stdout.trim(), "updated acme-1 (version 2)", "{updated}");

    // No report since the last stage change: warn mode lets the move through and says why on stderr.
    let staged = relay(
        &daemon,
        &["task", "stage", "acme-1", "test", "--waiting-on", "owner"],
    )
    .await;
    assert_eq!(staged.stdout.trim(), "acme-1 is in test (version 3)", "{staged}");
    assert!(
        staged.stderr.contains("relay: Warning (rules): moving to test") && staged.stderr.contains("report"),
        "{staged}"
    );

    let reported = relay(
        &daemon,
        &[
            "task",
            "report",
            "acme-1",
            "verified · S · login works\n\nAll green.",
            "--next-step",
            "deploy",
        ],
    )
    .await;
    assert!(
        reported
            .stdout
            .starts_with("report #1 added to acme-1: verified · S · login works"),
        "{reported}"
    );
    assert!(reported.stdout.contains("size set to S"), "{reported}");

    let shown = relay_json(&daemon, &["task", "show", "acme-1"]).await;
    assert_eq!(shown["task"]["stage"], "test", "{shown}");
    assert_eq!(shown["task"]["branch"], "feat/login", "{shown}");
    assert_eq!(shown["task"]["waiting_on"], "owner", "{shown}");
    assert_eq!(shown["task"]["next_step"], "deploy", "{shown}");
    assert_eq!(shown["task"]["size"], "S", "{shown}");
    assert_eq!(shown["reports"][0]["state"], "verified", "{shown}");
    let human = relay(&daemon, &["task", "show", "acme-1"]).await;
    assert!(human.stdout.starts_with("acme-1 · Fix login\n"), "{human}");
    assert!(human.stdout.contains("branch       feat/login"), "{human}");
    assert!(human.stdout.contains(": verified · S · login works"), "{human}");

    let decided = relay(
        &daemon,
        &[
            "decision",
            "add",
            "--task",
            "acme-1",
            "Use OAuth, not passwords",
            "--decided-by",
            "owner",
        ],
    )
    .await;
    assert_eq!(
        decided.stdout.trim(),
        "decision #1 recorded for acme-1",
        "{decided}"
    );
    let board = relay_json(&daemon, &["project", "show", "acme"]).await;
    assert_eq!(board["decisions"][0]["task_key"], "acme-1", "{board}");
    assert_eq!(board["project"]["counts"]["test"], 1, "{board}");
    assert!(
        board["rules_line"]
            .as_str()
            .is_some_and(|l| l.starts_with("Rules ")),
        "{board}"
    );

    let events = relay(&daemon, &["events", "--since", &start.to_string(), "--json"]).await;
    let events = json_lines(&events);
    let kinds: Vec<&str> = events.iter().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(
        kinds,
        [
            "project.created",
            "task.created",
            "task.updated",
            "task.updated",
            "task.stage_changed",
            "report.added",
            "task.updated",
            "decision.added",
        ],
        "{events:?}"
    );
    let stage_changed = &events[4];
    assert_eq!(stage_changed["subject"], "acme-1");
    assert_eq!(stage_changed["data"]["from"], "plan");
    assert_eq!(stage_changed["data"]["to"], "test");
    assert!(
        stage_changed["data"]["warnings"]
            .as_array()
            .is_some_and(|w| !w.is_empty()),
        "{stage_changed}"
    );
    let ids: Vec<i64> = events.iter().filter_map(|e| e["id"].as_i64()).collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "ids grow: {ids:?}");

    let report_id = events[5]["id"].as_i64().expect("an id");
    let since = relay(&daemon, &["events", "--since", &report_id.to_string(), "--json"]).await;
    let after: Vec<Value> = json_lines(&since);
    assert!(
        after.iter().all(|e| e["id"].as_i64() > Some(report_id)),
        "{since}"
    );
    assert_eq!(
        after.last().map(|e| e["kind"].clone()),
        Some(Value::from("decision.added")),
        "{since}"
    );
    let human = relay(&daemon, &["events", "--since", &report_id.to_string()]).await;
    assert!(human.stdout.contains("  decision.added  acme-1  "), "{human}");
}

#[tokio::test]
async fn json_output_keeps_its_field_names_when_listing_and_writing() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;
    relay(&daemon, &["task", "stage", "acme-1", "review"]).await;

    let tasks = relay_json(
        &daemon,
        &["task", "list", "--project", "acme", "--stage", "review"],
    )
    .await;
    // --json pages as MCP's task_list does: the page, how many match and are shown, the next page's command.
    assert_eq!(tasks["total"], 1, "{tasks}");
    assert_eq!(tasks["shown"], 1, "{tasks}");
    assert_eq!(tasks["next"], Value::Null, "{tasks}");
    let tasks = tasks["tasks"]
        .as_array()
        .unwrap_or_else(|| panic!("an array: {tasks}"));
    assert_eq!(tasks.len(), 1);
    assert_eq!(keys(&tasks[0]), set(TASK_FIELDS));
    assert_eq!(tasks[0]["key"], "acme-1");
    let none = relay_json(&daemon, &["task", "list", "--project", "acme", "--stage", "dev"]).await;
    assert_eq!(none["tasks"], Value::Array(Vec::new()), "{none}");
    assert_eq!(none["total"], 0, "{none}");

    let projects = relay_json(&daemon, &["project", "list"]).await;
    assert_eq!(keys(&projects[0]), set(PROJECT_FIELDS), "{projects}");
    assert_eq!(
        keys(&projects[0]["counts"]),
        set(&["plan", "dev", "review", "test", "live", "done"])
    );
    assert_eq!(projects[0]["counts"]["review"], 1);

    let write = relay_json(&daemon, &["task", "update", "acme-1", "--set", "size=M"]).await;
    assert_eq!(keys(&write), set(&["task", "warnings", "notes", "changed"]));
    assert_eq!(keys(&write["task"]), set(TASK_FIELDS));
    let again = relay_json(&daemon, &["task", "update", "acme-1", "--set", "size=M"]).await;
    assert_eq!(
        again["changed"], false,
        "the same write twice changes nothing: {again}"
    );

    let detail = relay_json(&daemon, &["task", "show", "acme-1"]).await;
    assert_eq!(
        keys(&detail),
        set(&["task", "reports", "decisions", "bindings", "tracker_history"])
    );
    let board = relay_json(&daemon, &["project", "show", "acme"]).await;
    assert_eq!(
        keys(&board),
        set(&[
            "project",
            "rules_line",
            "tasks",
            "decisions",
            "last_event_id",
            "done"
        ])
    );
    let bound = relay_json(&daemon, &["task", "bind", "acme-1", "alice"]).await;
    assert_eq!(
        keys(&bound),
        set(&["key", "session", "previous", "warnings", "notes", "changed"])
    );
    assert_eq!(bound["session"], "alice");

    let events = relay(&daemon, &["events", "--json", "--project", "acme"]).await;
    for event in json_lines(&events) {
        assert_eq!(
            keys(&event),
            set(&["id", "kind", "at_ms", "subject", "data"]),
            "{event}"
        );
        assert_eq!(event["data"]["project"], "acme", "only acme's events: {event}");
    }

    // The same command twice prints the same document (no volatile fields beyond the board's own).
    let first = relay(&daemon, &["task", "list", "--json"]).await;
    let second = relay(&daemon, &["task", "list", "--json"]).await;
    assert_eq!(first.stdout, second.stdout);
}

#[tokio::test]
async fn unknown_task_and_project_exit_4_naming_them() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;

    let missing = run(daemon.relay().args(["task", "show", "acme-99"])).await;
    missing.assert_code(4);
    assert!(
        missing.stderr.starts_with("relay: error: unknown task `acme-99`"),
        "{missing}"
    );
    assert!(missing.stdout.is_empty(), "{missing}");

    let project = run(daemon
        .relay()
        .args(["task", "list", "--project", "nope", "--json"]))
    .await;
    project.assert_code(4);
    assert!(
        project.stderr.contains("unknown project `nope`") && project.stderr.contains("acme"),
        "{project}"
    );

    run(daemon.relay().args(["task", "stage", "nope-1", "dev"]))
        .await
        .assert_code(4);
    run(daemon.relay().args(["project", "show", "nope"]))
        .await
        .assert_code(4);
}

#[tokio::test]
async fn bad_values_exit_2_and_change_nothing() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;
    let head = last_event_id(&daemon).await;

    // The stage names come from the stage table, so clap refuses an unknown one before anything is sent.
    let stage = run(daemon.relay().args(["task", "stage", "acme-1", "qa"])).await;
    stage.assert_code(2);
    assert!(
        stage.stderr.contains("plan, dev, review, test, live, done"),
        "{stage}"
    );

    // The same mistake through --set reaches the board, which refuses it as a bad value.
    let field = run(daemon
        .relay()
        .args(["task", "update", "acme-1", "--set", "stage=qa"]))
    .await;
    field.assert_code(2);
    assert!(
        field.stderr.contains("unknown stage \"qa\"") && field.stderr.contains("plan, dev, review"),
        "{field}"
    );
    let priority = run(daemon
        .relay()
        .args(["task", "update", "acme-1", "--set", "priority=high"]))
    .await;
    priority.assert_code(2);
    assert!(priority.stderr.contains("priority"), "{priority}");
    let unknown = run(daemon
        .relay()
        .args(["task", "update", "acme-1", "--set", "colour=red"]))
    .await;
    unknown.assert_code(2);
    assert!(
        unknown.stderr.contains("unknown task field \"colour\""),
        "{unknown}"
    );
    let slug = run(daemon.relay().args(["project", "upsert", "Acme Shop"])).await;
    slug.assert_code(2);
    let assignment = run(daemon
        .relay()
        .args(["task", "update", "acme-1", "--set", "branch"]))
    .await;
    assignment.assert_code(2);
    assert!(assignment.stderr.contains("FIELD=VALUE"), "{assignment}");

    assert_eq!(last_event_id(&daemon).await, head, "nothing was written");
}

#[tokio::test]
async fn stale_expected_version_exits_1_with_the_versions_and_writes_nothing() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;
    relay(
        &daemon,
        &[
            "task",
            "update",
            "acme-1",
            "--set",
            "branch=a",
            "--expected-version",
            "1",
        ],
    )
    .await;

    let stale = run(daemon.relay().args([
        "task",
        "update",
        "acme-1",
        "--set",
        "branch=b",
        "--expected-version",
        "1",
    ]))
    .await;
    stale.assert_code(1);
    assert!(
        stale
            .stderr
            .starts_with("relay: error: acme-1 is at version 2, not 1: someone wrote it since you read it"),
        "{stale}"
    );
    assert!(stale.stderr.contains("Nothing changed."), "{stale}");
    let stage = run(daemon
        .relay()
        .args(["task", "stage", "acme-1", "dev", "--expected-version", "1"]))
    .await;
    stage.assert_code(1);
    let task = relay_json(&daemon, &["task", "show", "acme-1"]).await;
    assert_eq!(task["task"]["branch"], "a");
    assert_eq!(task["task"]["stage"], "plan");
    assert_eq!(task["task"]["version"], 2);
}

#[tokio::test]
async fn strict_rules_refuse_a_stage_move_with_exit_1_and_the_rules_words() {
    let daemon = TestDaemon::builder()
        .config("rules_mode = \"strict\"\n")
        .start()
        .await;
    acme_with_a_task(&daemon).await;

    let refused = run(daemon.relay().args(["task", "stage", "acme-1", "test"])).await;
    refused.assert_code(1);
    assert!(refused.stderr.starts_with("relay: error: "), "{refused}");
    assert!(refused.stderr.contains("report"), "{refused}");
    assert_eq!(
        relay_json(&daemon, &["task", "show", "acme-1"]).await["task"]["stage"],
        "plan"
    );

    let rules = relay(&daemon, &["rules", "show"]).await;
    assert!(rules.stdout.contains("mode **strict**"), "{rules}");
}

#[tokio::test]
async fn rules_show_prints_the_markdown_and_the_json_of_the_rules_in_force() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;

    let text = relay(&daemon, &["rules", "show"]).await;
    assert!(text.stdout.starts_with("# Working rules"), "{text}");
    assert!(text.stdout.contains("## Stage requirements"), "{text}");

    let json = relay_json(&daemon, &["rules", "show", "--project", "acme"]).await;
    assert_eq!(
        keys(&json),
        set(&["hash", "rules_mode", "rules", "project_override_error"])
    );
    assert_eq!(json["rules_mode"], "warn");
    let hash = json["hash"].as_str().unwrap_or_default().to_owned();
    assert_eq!(hash.len(), 8, "{json}");
    let board = relay_json(&daemon, &["project", "show", "acme"]).await;
    assert!(
        board["rules_line"]
            .as_str()
            .is_some_and(|line| line.contains(&hash)),
        "the board's rules line names the same rules: {board}"
    );

    run(daemon.relay().args(["rules", "show", "--project", "nope"]))
        .await
        .assert_code(4);
}

#[tokio::test]
async fn report_body_is_read_from_stdin_when_given_as_a_dash() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;
    let mut child = tokio::process::Command::from(daemon.relay())
        .args(["task", "report", "acme-1", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap_or_else(|e| panic!("spawn relay: {e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin is piped"));
    stdin
        .write_all("changed · M · parser rewritten\n\nlong details\n".as_bytes())
        .await
        .unwrap_or_else(|e| panic!("write stdin: {e}"));
    drop(stdin);
    let output = tokio::time::timeout(WAIT_TIMEOUT, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("relay task report did not finish"))
        .unwrap_or_else(|e| panic!("wait: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("JSON: {e}"));
    assert_eq!(
        answer["report"]["summary"], "changed · M · parser rewritten",
        "{answer}"
    );
    assert_eq!(answer["report"]["size_set"], true, "{answer}");
}

/// `relay events --follow --json`, spawned; its stdout read line by line.
fn follow(daemon: &TestDaemon, since: i64) -> (Child, Lines<BufReader<ChildStdout>>) {
    let mut child = tokio::process::Command::from(daemon.relay())
        .args(["events", "--follow", "--json", "--since", &since.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap_or_else(|e| panic!("spawn relay events --follow: {e}"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("stdout is piped"));
    (child, BufReader::new(stdout).lines())
}

async fn next_line(lines: &mut Lines<BufReader<ChildStdout>>) -> Value {
    let line = tokio::time::timeout(WAIT_TIMEOUT, lines.next_line())
        .await
        .unwrap_or_else(|_| panic!("relay events --follow printed nothing within {WAIT_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("read its stdout: {e}"))
        .unwrap_or_else(|| panic!("relay events --follow ended"));
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
}

#[tokio::test]
async fn events_follow_prints_each_new_event_as_it_happens() {
    let daemon = TestDaemon::start().await;
    relay(&daemon, &["project", "upsert", "acme"]).await;
    let since = last_event_id(&daemon).await;
    let (mut child, mut lines) = follow(&daemon, since);

    relay(&daemon, &["task", "create", "-p", "acme", "First"]).await;
    let first = next_line(&mut lines).await;
    assert_eq!(first["kind"], "task.created", "{first}");
    assert_eq!(first["subject"], "acme-1", "{first}");
    assert!(first["id"].as_i64() > Some(since), "{first}");

    relay(&daemon, &["task", "create", "-p", "acme", "Second"]).await;
    let second = next_line(&mut lines).await;
    assert_eq!(second["subject"], "acme-2", "{second}");
    assert!(second["id"].as_i64() > first["id"].as_i64(), "{second}");

    child
        .kill()
        .await
        .unwrap_or_else(|e| panic!("kill relay events --follow: {e}"));
}

#[tokio::test]
async fn events_follow_exits_3_naming_the_resume_id_when_relayd_stops() {
    let daemon = TestDaemon::start().await;
    relay(&daemon, &["project", "upsert", "acme"]).await;
    let since = last_event_id(&daemon).await;
    let (child, mut lines) = follow(&daemon, since - 1);
    assert_eq!(next_line(&mut lines).await["kind"], "project.created");

    let _home = daemon.stop().await;
    let output = tokio::time::timeout(EXIT_TIMEOUT, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("relay events --follow kept running after relayd stopped"))
        .unwrap_or_else(|e| panic!("wait: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains(&format!("--since {since} --follow")), "{stderr}");
}

#[tokio::test]
async fn board_writes_arrive_on_subscribe_after_the_board_snapshot() {
    let daemon = TestDaemon::start().await;
    relay(&daemon, &["project", "upsert", "acme"]).await;
    let board = relay_json(&daemon, &["project", "show", "acme"]).await;
    let as_of = board["last_event_id"].as_i64().unwrap_or_default();
    let mut stream = daemon
        .client()
        .await
        .daemon
        .subscribe(SubscribeRequest {
            since_event_id: Some(as_of),
        })
        .await
        .unwrap_or_else(|e| panic!("Subscribe: {e}"))
        .into_inner();
    assert!(matches!(next_update(&mut stream).await, update::Update::Hello(_)));

    relay(&daemon, &["task", "create", "-p", "acme", "Live"]).await;
    let update::Update::Event(event) = next_update(&mut stream).await else {
        panic!("an event follows the board's snapshot")
    };
    assert_eq!(event.kind, "task.created");
    assert_eq!(event.id, as_of + 1);
    assert_eq!(event.subject, "acme-1");
}

#[tokio::test]
async fn board_command_starts_relayd_when_it_is_not_running() {
    let home = TestHome::new();
    let output = run(home.relay().args(["project", "list"])).await;
    output.assert_success();
    assert!(
        output.stderr.contains("relayd was not running; started it"),
        "{output}"
    );
    assert!(output.stdout.starts_with("no projects yet"), "{output}");
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
}

#[tokio::test]
async fn board_command_exits_3_when_relayd_holds_the_data_dir_but_does_not_answer() {
    let daemon = TestDaemon::start().await;
    // The daemon keeps running and holding its data directory, but nobody can reach it any more.
    std::fs::remove_file(daemon.socket()).unwrap_or_else(|e| panic!("remove the socket: {e}"));
    // No wall-clock verdict: relay gives up by itself (a hang is the test runner's timeout), and says why.
    let output = run(daemon.relay().args(["task", "list"])).await;
    output.assert_code(3);
    assert!(output.stderr.contains("did not answer"), "{output}");
}

#[tokio::test]
async fn task_list_prints_every_task_but_json_pages_like_mcp_with_the_next_command() {
    let daemon = TestDaemon::start().await;
    acme_with_a_task(&daemon).await;
    for title in ["Second", "Third"] {
        relay(&daemon, &["task", "create", "--project", "acme", title]).await;
    }
    // The terminal prints every match.
    let all = relay(&daemon, &["task", "list", "--project", "acme"]).await;
    assert_eq!(all.stdout.lines().count(), 3, "{all}");

    let page = relay_json(&daemon, &["task", "list", "--project", "acme", "--limit", "2"]).await;
    assert_eq!(page["total"], 3, "{page}");
    assert_eq!(page["shown"], 2, "{page}");
    assert_eq!(page["remaining"], 1, "{page}");
    assert_eq!(page["next_after"], "acme-2", "{page}");
    assert_eq!(
        page["next"], "relay task list --project acme --limit 2 --after acme-2 --json",
        "{page}"
    );
    let keys: Vec<&str> = page["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["acme-3", "acme-2"], "newest first: {page}");
    let rest = relay_json(
        &daemon,
        &[
            "task",
            "list",
            "--project",
            "acme",
            "--limit",
            "2",
            "--after",
            "acme-2",
        ],
    )
    .await;
    assert_eq!(rest["tasks"][0]["key"], "acme-1", "{rest}");
    assert_eq!(rest["next"], Value::Null, "{rest}");

    // A page in the terminal ends with the command for the next one.
    let human = relay(
        &daemon,
        &[
            "task",
            "list",
            "--project",
            "acme",
            "--limit",
            "1",
            "--after",
            "acme-3",
        ],
    )
    .await;
    assert!(
        human
            .stdout
            .ends_with("1 more: relay task list --project acme --limit 1 --after acme-2\n"),
        "{human}"
    );
    // project show prints every open task, or at most --limit per stage with the command for the rest.
    let board = relay(&daemon, &["project", "show", "acme"]).await;
    assert!(
        board.stdout.contains("acme-1") && board.stdout.contains("acme-3"),
        "{board}"
    );
    let cut = relay(&daemon, &["project", "show", "acme", "--limit", "1"]).await;
    assert!(
        cut.stdout
            .contains("  … 2 more: relay task list --project acme --stage plan\n"),
        "{cut}"
    );
    assert_eq!(cut.stdout.matches("acme-").count(), 1, "{cut}");
    let json = relay_json(&daemon, &["project", "show", "acme", "--limit", "1"]).await;
    assert_eq!(json["tasks"].as_array().unwrap().len(), 1, "{json}");
    assert_eq!(json["more"]["plan"]["more"], 2, "{json}");

    // A zero limit is refused, saying why.
    let zero = run(daemon.relay().args(["task", "list", "--json", "--limit", "0"])).await;
    assert_ne!(zero.code, Some(0), "{zero}");
    assert!(zero.stderr.contains("limit 0 would list no task"), "{zero}");
}

#[tokio::test]
async fn events_n_shows_the_newest_and_follow_starts_at_the_end_like_tail() {
    let daemon = TestDaemon::start().await;
    for n in 1..=4 {
        relay(&daemon, &["project", "upsert", &format!("p{n}")])
            .await
            .assert_success();
    }
    let all = relay(&daemon, &["events", "--json"]).await;
    all.assert_success();
    let ids: Vec<i64> = all
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_i64()
                .unwrap()
        })
        .collect();
    assert!(ids.len() >= 4, "{all}");
    let newest = relay(&daemon, &["events", "--json", "-n", "2"]).await;
    newest.assert_success();
    let got: Vec<i64> = newest
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_i64()
                .unwrap()
        })
        .collect();
    assert_eq!(
        got,
        ids[ids.len() - 2..],
        "the newest two, oldest first: {newest}"
    );

    // --follow alone starts at the end; with -n 1 it prints the newest first (tail -n 1 -f).
    let follow = |extra: &[&str]| {
        tokio::process::Command::from(daemon.relay())
            .args(["events", "--json", "--follow"])
            .args(extra)
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap()
    };
    let mut from_end = follow(&[]);
    let mut last_one = follow(&["-n", "1"]);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    relay(&daemon, &["project", "upsert", "p5"])
        .await
        .assert_success();
    let read = |child: &mut Child, lines: usize| {
        let stdout = child.stdout.take().unwrap();
        async move {
            let mut reader = BufReader::new(stdout).lines();
            let mut got = Vec::new();
            while got.len() < lines {
                let line = tokio::time::timeout(std::time::Duration::from_secs(10), reader.next_line())
                    .await
                    .expect("a line within 10 s")
                    .unwrap()
                    .expect("the stream goes on");
                got.push(serde_json::from_str::<serde_json::Value>(&line).unwrap());
            }
            got
        }
    };
    let first = read(&mut from_end, 1).await;
    assert_eq!(
        first[0]["subject"], "p5",
        "nothing old before the new event: {first:?}"
    );
    let two = read(&mut last_one, 2).await;
    assert_eq!(two[0]["id"].as_i64(), ids.last().copied(), "{two:?}");
    assert_eq!(two[1]["subject"], "p5", "{two:?}");
}
