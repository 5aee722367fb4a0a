//! `relay setup` against temporary agent home folders (`--claude-home`) and a real relayd: the dry run and its
//! plan hash, apply / remove / check, backups, files relay refuses to touch, symlinks, layouts kept, and user hooks
//! that look like relay's but are never claimed.

use std::path::{Path, PathBuf};
use std::process::Command;

use relay_tests::{Output, TestDaemon, TestHome, run};
use serde_json::Value;

/// A user's settings, tab-indented with CRLF line endings, with hooks that resemble relay's but are not: no
/// `--home`, piped, an http hook on a foreign host, and one on a loopback URL with a longer path.
const USER_SETTINGS: &str = "{\r\n\t\"model\": \"opus\",\r\n\t\"hooks\": {\r\n\t\t\"PreToolUse\": [\r\n\t\t\t{\r\n\t\t\t\t\"matcher\": \"Bash\",\r\n\t\t\t\t\"hooks\": [\r\n\t\t\t\t\t{ \"type\": \"command\", \"command\": \"relay hook claude pre-tool\" },\r\n\t\t\t\t\t{ \"type\": \"command\", \"command\": \"/usr/bin/relay --home /x hook claude pre-tool | tee /tmp/log\" }\r\n\t\t\t\t]\r\n\t\t\t}\r\n\t\t],\r\n\t\t\"Stop\": [\r\n\t\t\t{ \"hooks\": [ { \"type\": \"http\", \"url\": \"http://example.com:8765/hooks/claude-code\" } ] },\r\n\t\t\t{ \"hooks\": [ { \"type\": \"http\", \"url\": \"http://127.0.0.1:8765/hooks/claude-code/mine\" } ] }\r\n\t\t]\r\n\t},\r\n\t\"permissions\": { \"allow\": [] }\r\n}\r\n";

const EVENTS: [&str; 7] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "Notification",
    "Stop",
    "SessionEnd",
];

/// A folder standing in for the user's home, with `.claude/`.
struct AgentHome {
    dir: PathBuf,
}

impl AgentHome {
    fn new(home: &TestHome, name: &str) -> AgentHome {
        let dir = home.scratch().join(name);
        std::fs::create_dir_all(dir.join(".claude")).unwrap_or_else(|e| panic!("create .claude: {e}"));
        AgentHome { dir }
    }

    fn settings(&self) -> PathBuf {
        self.dir.join(".claude/settings.json")
    }

    fn write_settings(&self, bytes: &[u8]) {
        std::fs::write(self.settings(), bytes).unwrap_or_else(|e| panic!("write settings.json: {e}"));
    }

    fn read(&self) -> Vec<u8> {
        std::fs::read(self.settings()).unwrap_or_else(|e| panic!("read settings.json: {e}"))
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.read()).unwrap_or_else(|e| panic!("settings.json is not JSON: {e}"))
    }

    /// Files in `.claude/` named `settings.json.relay-backup-*`.
    fn backups(&self) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(self.dir.join(".claude"))
            .unwrap_or_else(|e| panic!("list .claude: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("settings.json.relay-backup-"))
            })
            .collect();
        found.sort();
        found
    }

    /// `relay --home … setup --claude-home <dir> <args>` with a fake `claude` of `version` first on PATH.
    fn setup(&self, relay: Command, version: Option<&str>, args: &[&str]) -> Command {
        let mut command = relay;
        command
            .arg("setup")
            .arg("--claude-home")
            .arg(&self.dir)
            .args(args);
        with_claude(&mut command, &self.dir, version);
        command
    }
}

/// Puts a fake `claude` printing `version` (or nothing on PATH at all for `None`) before the rest of PATH.
fn with_claude(command: &mut Command, dir: &Path, version: Option<&str>) {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap_or_else(|e| panic!("create bin: {e}"));
    let claude = bin.join("claude");
    let _ = std::fs::remove_file(&claude);
    if let Some(version) = version {
        std::fs::write(&claude, format!("#!/bin/sh\necho '{version} (Claude Code)'\n"))
            .unwrap_or_else(|e| panic!("write fake claude: {e}"));
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&claude, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("chmod claude: {e}"));
    }
    command.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
}

/// The plan hash a dry run printed.
fn plan_hash(output: &Output) -> String {
    output
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Plan hash: "))
        .unwrap_or_else(|| panic!("no plan hash in {output}"))
        .trim()
        .to_owned()
}

/// Every handler in the settings whose command runs relay with `--home <home>`, by event.
fn relay_commands(settings: &Value, home: &Path) -> Vec<(String, String)> {
    let needle = format!("--home {} hook claude", home.display());
    let mut found = Vec::new();
    for (event, groups) in settings["hooks"].as_object().into_iter().flatten() {
        for group in groups.as_array().into_iter().flatten() {
            for handler in group["hooks"].as_array().into_iter().flatten() {
                if let Some(command) = handler["command"].as_str()
                    && command.contains(&needle)
                {
                    found.push((event.clone(), command.to_owned()));
                }
            }
        }
    }
    found
}

#[tokio::test]
async fn dry_run_writes_nothing_and_apply_expect_writes_that_plan_keeping_tabs_and_crlf() {
    let home = TestHome::new();
    let agent = AgentHome::new(&home, "u");
    agent.write_settings(USER_SETTINGS.as_bytes());

    // A fixed port: with port 0 and no relayd, the MCP URL is unknown.
    let dry = run(&mut agent.setup(home.relay_on_port(8765), None, &[])).await;
    dry.assert_success();
    assert_eq!(agent.read(), USER_SETTINGS.as_bytes(), "a dry run writes nothing");
    assert!(agent.backups().is_empty(), "nor a backup");
    assert!(
        dry.stdout.contains("+++ ") && dry.stdout.contains("hook claude session-start"),
        "{dry}"
    );
    assert!(
        dry.stdout
            .contains("claude mcp add --transport http --scope user relay"),
        "{dry}"
    );
    assert!(
        dry.stdout.contains("Bearer <token>"),
        "the token is never printed: {dry}"
    );
    let hash = plan_hash(&dry);

    let apply = run(&mut agent.setup(home.relay(), None, &["--apply", "--expect", &hash])).await;
    apply.assert_success();
    let text = String::from_utf8(agent.read()).expect("UTF-8");
    assert!(
        text.starts_with("{\r\n\t\"model\": \"opus\",\r\n\t\"hooks\": {\r\n\t\t\"PreToolUse\": [\r\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\t\"permissions\": { \"allow\": [] }\r\n}\r\n"),
        "{text}"
    );
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "CRLF kept everywhere: {text}"
    );
    assert!(
        text.contains("\n\t\t\t\t\t\t\"type\": \"command\",\r\n"),
        "tabs one level deeper per level: {text}"
    );
    let settings = agent.json();
    let ours = relay_commands(&settings, home.path());
    let events: Vec<&str> = ours.iter().map(|(e, _)| e.as_str()).collect();
    let mut expected = EVENTS.to_vec();
    expected.sort();
    let mut sorted = events.clone();
    sorted.sort();
    assert_eq!(sorted, expected, "one relay entry per event: {text}");
    assert!(
        !text.contains(&home.token_or_empty()),
        "the token is never written"
    );
    let pre_tool = &settings["hooks"]["PreToolUse"];
    assert_eq!(
        pre_tool[0]["hooks"][0]["command"], "relay hook claude pre-tool",
        "user's hook first, untouched"
    );
    assert_eq!(pre_tool[1]["matcher"], "*");
    assert_eq!(pre_tool[1]["hooks"][0]["timeout"], 3);
    let binary = relay_tests::relay_bin().canonicalize().expect("relay binary");
    assert!(
        ours.iter()
            .all(|(_, c)| c.starts_with(&binary.display().to_string())),
        "the running binary's absolute path: {ours:?}"
    );
    let backups = agent.backups();
    assert_eq!(backups.len(), 1, "one backup before the write");
    assert_eq!(
        std::fs::read(&backups[0]).expect("backup"),
        USER_SETTINGS.as_bytes()
    );

    // Idempotent: a second apply changes nothing and backs up nothing.
    let again = run(&mut agent.setup(home.relay(), None, &["--apply"])).await;
    again.assert_success();
    assert!(again.stdout.contains("already in place"), "{again}");
    assert_eq!(agent.read(), text.as_bytes());
    assert_eq!(agent.backups().len(), 1);

    // Remove takes relay's entries only; the file is back to the user's, byte for byte.
    let remove = run(&mut agent.setup(home.relay(), None, &["--remove"])).await;
    remove.assert_success();
    assert_eq!(
        String::from_utf8(agent.read()).expect("UTF-8"),
        USER_SETTINGS,
        "the similar-looking user hooks are never claimed"
    );
    assert_eq!(agent.backups().len(), 2);
}

trait TokenOrEmpty {
    fn token_or_empty(&self) -> String;
}

impl TokenOrEmpty for TestHome {
    /// The token when one exists (a daemon ran), else a string no file contains.
    fn token_or_empty(&self) -> String {
        std::fs::read_to_string(self.data_dir().token())
            .map(|t| t.trim().to_owned())
            .unwrap_or_else(|_| "\u{0}no token".to_owned())
    }
}

#[tokio::test]
async fn apply_expect_is_refused_and_writes_nothing_when_the_file_changed_after_the_dry_run() {
    let home = TestHome::new();
    let agent = AgentHome::new(&home, "u");
    agent.write_settings(b"{\n  \"model\": \"opus\"\n}\n");
    let hash = plan_hash(&run(&mut agent.setup(home.relay(), None, &[])).await);
    let changed = b"{\n  \"model\": \"sonnet\"\n}\n";
    agent.write_settings(changed);
    let apply = run(&mut agent.setup(home.relay(), None, &["--apply", "--expect", &hash])).await;
    apply.assert_code(1);
    assert!(
        apply.stderr.contains("the plan changed since you saw it"),
        "{apply}"
    );
    assert!(apply.stderr.contains("Nothing was written"), "{apply}");
    assert_eq!(agent.read(), changed, "untouched");
    assert!(agent.backups().is_empty(), "no backup for a refused write");
}

#[tokio::test]
async fn settings_relay_cannot_read_are_refused_untouched_when_applying_removing_or_planning() {
    let home = TestHome::new();
    let cases: [(&str, &[u8], &str); 6] = [
        ("not-json", b"{\"hooks\": {", "not valid JSON"),
        ("not-utf8", b"{\"model\": \"\xff\xfe\"}", "not UTF-8"),
        (
            "hooks-array",
            b"{\"hooks\": []}",
            "hooks is an array, not an object of events",
        ),
        (
            "event-object",
            b"{\"hooks\": {\"Stop\": {\"hooks\": []}}}",
            "hooks.Stop is an object, not an array",
        ),
        (
            "handlers-string",
            b"{\"hooks\": {\"Stop\": [{\"hooks\": \"relay\"}]}}",
            "hooks.Stop[0].hooks is a string, not an array",
        ),
        (
            "twice",
            b"{\"hooks\": {}, \"hooks\": {}}",
            "the key \"hooks\" twice",
        ),
    ];
    for (name, bytes, problem) in cases {
        let agent = AgentHome::new(&home, name);
        agent.write_settings(bytes);
        for args in [&[][..], &["--apply"], &["--remove"]] {
            let output = run(&mut agent.setup(home.relay(), None, args)).await;
            output.assert_code(1);
            assert!(
                output.stderr.contains(&agent.settings().display().to_string()),
                "names the file: {output}"
            );
            assert!(output.stderr.contains(problem), "says {problem:?}: {output}");
            assert!(output.stderr.contains("nothing was written"), "{output}");
            assert_eq!(agent.read(), bytes, "{name} untouched by {args:?}");
            assert!(agent.backups().is_empty(), "{name}: no backup");
        }
    }
}

#[tokio::test]
async fn a_symlinked_settings_file_is_written_through_and_stays_a_symlink() {
    let home = TestHome::new();
    let agent = AgentHome::new(&home, "u");
    let dotfiles = home.scratch().join("dotfiles");
    std::fs::create_dir_all(&dotfiles).expect("dotfiles");
    let real = dotfiles.join("claude-settings.json");
    std::fs::write(&real, "{}\n").expect("write real settings");
    std::os::unix::fs::symlink(&real, agent.settings()).expect("symlink");

    run(&mut agent.setup(home.relay(), None, &["--apply"]))
        .await
        .assert_success();
    let meta = std::fs::symlink_metadata(agent.settings()).expect("settings.json");
    assert!(meta.file_type().is_symlink(), "still a symlink");
    let written: Value = serde_json::from_slice(&std::fs::read(&real).expect("real")).expect("JSON");
    assert_eq!(
        relay_commands(&written, home.path()).len(),
        7,
        "the target holds the hooks"
    );
    assert_eq!(agent.backups().len(), 1, "the backup sits next to the link");
}

#[tokio::test]
async fn a_new_data_folder_updates_only_relays_entries_in_place() {
    let first = TestHome::new();
    let second = TestHome::new();
    let agent = AgentHome::new(&first, "u");
    agent.write_settings(USER_SETTINGS.as_bytes());
    run(&mut agent.setup(first.relay(), None, &["--apply"]))
        .await
        .assert_success();
    let update = run(&mut agent.setup(second.relay(), None, &["--apply"])).await;
    update.assert_success();
    assert!(update.stdout.contains("update hook on Stop"), "{update}");
    let settings = agent.json();
    assert!(
        relay_commands(&settings, first.path()).is_empty(),
        "the old folder's entries are gone"
    );
    assert_eq!(relay_commands(&settings, second.path()).len(), 7, "no duplicates");
    assert_eq!(
        settings["hooks"]["PreToolUse"][0]["hooks"][1]["command"],
        "/usr/bin/relay --home /x hook claude pre-tool | tee /tmp/log"
    );
    assert_eq!(
        settings["hooks"]["Stop"].as_array().map(Vec::len),
        Some(3),
        "two user groups and relay's"
    );
}

#[tokio::test]
async fn wake_is_refused_on_an_old_or_unknown_claude_unless_forced_and_no_wake_removes_it() {
    let home = TestHome::new();
    let agent = AgentHome::new(&home, "u");
    agent.write_settings(b"{}\n");
    for version in [Some("2.1.200"), None] {
        let refused = run(&mut agent.setup(home.relay(), version, &["--apply", "--wake"])).await;
        refused.assert_code(1);
        assert!(
            refused.stderr.contains("refused --wake") && refused.stderr.contains("2.1.309"),
            "{refused}"
        );
        assert_eq!(agent.read(), b"{}\n", "nothing written");
    }
    run(&mut agent.setup(home.relay(), Some("2.1.309"), &["--apply", "--wake"]))
        .await
        .assert_success();
    let stop = agent.json()["hooks"]["Stop"].clone();
    assert_eq!(stop.as_array().map(Vec::len), Some(2), "{stop}");
    let wake = &stop[1]["hooks"][0];
    assert_eq!(wake["asyncRewake"], true);
    assert_eq!(wake["timeout"], 1800);
    assert!(
        wake["command"]
            .as_str()
            .is_some_and(|c| c.ends_with("hook claude stop --wait")),
        "{wake}"
    );

    run(&mut agent.setup(home.relay(), None, &["--apply"]))
        .await
        .assert_success();
    assert_eq!(
        agent.json()["hooks"]["Stop"].as_array().map(Vec::len),
        Some(2),
        "kept without --wake/--no-wake"
    );
    run(&mut agent.setup(home.relay(), None, &["--apply", "--no-wake"]))
        .await
        .assert_success();
    assert_eq!(
        agent.json()["hooks"]["Stop"].as_array().map(Vec::len),
        Some(1),
        "--no-wake removes it"
    );

    let forced = AgentHome::new(&home, "forced");
    forced.write_settings(b"{}\n");
    run(&mut forced.setup(
        home.relay(),
        Some("1.0.0"),
        &["--apply", "--wake", "--force-wake"],
    ))
    .await
    .assert_success();
    assert_eq!(forced.json()["hooks"]["Stop"][1]["hooks"][0]["asyncRewake"], true);
}

#[tokio::test]
async fn http_mode_writes_http_hooks_with_the_token_variable_and_keeps_session_start_a_command() {
    let daemon = TestDaemon::start().await;
    let agent = AgentHome::new(daemon.home(), "u");
    run(&mut agent.setup(daemon.relay(), None, &["--apply", "--mode", "http"]))
        .await
        .assert_success();
    let settings = agent.json();
    let text = String::from_utf8(agent.read()).expect("UTF-8");
    assert!(!text.contains(&daemon.token()), "the token is never written");
    assert_eq!(
        settings["hooks"]["SessionStart"][0]["hooks"][0]["type"],
        "command"
    );
    let stop = &settings["hooks"]["Stop"][0]["hooks"][0];
    assert_eq!(stop["type"], "http");
    assert_eq!(
        stop["url"],
        format!("http://{}/hooks/claude-code", daemon.http_addr())
    );
    assert_eq!(stop["headers"]["Authorization"], "Bearer ${RELAY_TOKEN}");
    assert_eq!(stop["allowedEnvVars"], serde_json::json!(["RELAY_TOKEN"]));
    assert_eq!(stop["timeout"], 2);

    let mut check = agent.setup(daemon.relay(), None, &["--check", "--json"]);
    check.env("RELAY_TOKEN", daemon.token());
    let output = run(&mut check).await;
    let items: Value = serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("{e}: {output}"));
    let item = |name: &str| {
        items
            .as_array()
            .into_iter()
            .flatten()
            .find(|i| i["name"] == name)
            .cloned()
    };
    assert_eq!(
        item("RELAY_TOKEN").map(|i| i["ok"].clone()),
        Some(Value::Bool(true)),
        "{output}"
    );
    assert!(
        item("hook endpoint").is_some(),
        "http mode checks the endpoint: {output}"
    );

    // Back to command mode: relay's http entries are replaced, not duplicated.
    run(&mut agent.setup(daemon.relay(), None, &["--apply", "--mode", "command"]))
        .await
        .assert_success();
    assert_eq!(relay_commands(&agent.json(), daemon.home().path()).len(), 7);
}

#[tokio::test]
async fn check_passes_every_item_with_a_running_daemon_and_names_what_is_missing() {
    let daemon = TestDaemon::start().await;
    let agent = AgentHome::new(daemon.home(), "u");
    let output = run(&mut agent.setup(daemon.relay(), None, &["--check"])).await;
    output.assert_code(1);
    assert!(
        output
            .stdout
            .lines()
            .any(|l| l.starts_with("[FAIL] hooks") && l.contains("no relay hooks")),
        "{output}"
    );
    assert!(
        output
            .stdout
            .contains("claude mcp add --transport http --scope user relay"),
        "{output}"
    );

    run(&mut agent.setup(daemon.relay(), None, &["--apply"]))
        .await
        .assert_success();
    let registration = serde_json::json!({
        "mcpServers": {"relay": {"type": "http", "url": format!("http://{}/mcp", daemon.http_addr())}}
    });
    std::fs::write(agent.dir.join(".claude.json"), registration.to_string()).expect("write .claude.json");
    let output = run(&mut agent.setup(daemon.relay(), None, &["--check", "--json"])).await;
    output.assert_success();
    let items: Value = serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("{e}: {output}"));
    let names: Vec<&str> = items
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "relayd",
            "mcp",
            "hook event",
            "hooks",
            "command hook",
            "mcp registration"
        ],
        "{output}"
    );
    assert!(
        items
            .as_array()
            .into_iter()
            .flatten()
            .all(|i| i["ok"] == true && i["detail"].is_string()),
        "{output}"
    );
    assert_eq!(
        agent.json(),
        serde_json::from_slice::<Value>(&agent.read()).expect("JSON"),
        "check writes nothing"
    );
}

#[tokio::test]
async fn other_agents_get_their_own_files_with_the_same_backup_and_remove_discipline() {
    let home = TestHome::new();
    let agent = AgentHome::new(&home, "u");
    let cursor = agent.dir.join(".cursor/hooks.json");
    std::fs::create_dir_all(agent.dir.join(".cursor")).expect("create .cursor");
    let user_cursor = "{\n    \"version\": 1,\n    \"hooks\": {\n        \"stop\": [\n            {\n                \"command\": \"./mine.sh\"\n            }\n        ]\n    }\n}\n";
    std::fs::write(&cursor, user_cursor).expect("write cursor hooks");
    let apply = run(&mut agent.setup(home.relay(), None, &["--agent", "cursor", "--apply"])).await;
    apply.assert_success();
    assert!(
        apply.stdout.contains("Note: Cursor"),
        "says what is unverified: {apply}"
    );
    let written: Value = serde_json::from_slice(&std::fs::read(&cursor).expect("cursor")).expect("JSON");
    assert_eq!(written["hooks"]["stop"][0]["command"], "./mine.sh");
    assert!(
        written["hooks"]["stop"][1]["command"]
            .as_str()
            .is_some_and(|c| c.ends_with(&format!("--home {} hook cursor stop", home.path().display()))),
        "{written}"
    );
    assert!(
        std::fs::read_to_string(&cursor)
            .expect("cursor")
            .contains("\n        \"beforeReadFile\": [\n            {\n"),
        "four-space indentation kept"
    );
    run(&mut agent.setup(home.relay(), None, &["--agent", "cursor", "--remove"]))
        .await
        .assert_success();
    assert_eq!(std::fs::read_to_string(&cursor).expect("cursor"), user_cursor);

    // Copilot's file is relay's own: created by apply, gone after remove (backed up).
    let copilot = agent.dir.join(".copilot/hooks/relay.json");
    run(&mut agent.setup(home.relay(), None, &["--agent", "copilot", "--apply"]))
        .await
        .assert_success();
    let written: Value = serde_json::from_slice(&std::fs::read(&copilot).expect("copilot")).expect("JSON");
    assert_eq!(written["version"], 1);
    assert_eq!(written["hooks"]["preToolUse"][0]["type"], "command");
    assert!(
        written["hooks"]["preToolUse"][0]["bash"]
            .as_str()
            .is_some_and(|c| c.ends_with("hook copilot pre-tool"))
    );
    run(&mut agent.setup(home.relay(), None, &["--agent", "copilot", "--remove"]))
        .await
        .assert_success();
    assert!(!copilot.exists(), "relay's own file goes");

    // Codex and Antigravity: their nesting.
    run(&mut agent.setup(home.relay(), None, &["--agent", "codex", "--apply"]))
        .await
        .assert_success();
    let codex: Value =
        serde_json::from_slice(&std::fs::read(agent.dir.join(".codex/hooks.json")).expect("codex"))
            .expect("JSON");
    assert!(
        codex["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
            .as_str()
            .is_some_and(|c| c.ends_with("hook codex pre-tool"))
    );
    let apply = run(&mut agent.setup(home.relay(), None, &["--agent", "antigravity", "--apply"])).await;
    apply.assert_success();
    assert!(apply.stdout.contains("UNVERIFIED"), "{apply}");
    let agy: Value =
        serde_json::from_slice(&std::fs::read(agent.dir.join(".gemini/config/hooks.json")).expect("agy"))
            .expect("JSON");
    assert!(
        agy["relay"]["Stop"][0]["command"]
            .as_str()
            .is_some_and(|c| c.ends_with("hook antigravity stop"))
    );
    assert_eq!(agy["relay"]["PreToolUse"][0]["matcher"], "*");

    let refused = run(&mut agent.setup(home.relay(), None, &["--agent", "cursor", "--mode", "http"])).await;
    refused.assert_code(2);
}

#[tokio::test]
async fn doctor_reports_claude_codes_items_even_when_relayd_is_down() {
    let daemon = TestDaemon::start().await;
    let agent = AgentHome::new(daemon.home(), "u");
    run(&mut agent.setup(daemon.relay(), None, &["--apply"]))
        .await
        .assert_success();
    let registration = serde_json::json!({
        "mcpServers": {"relay": {"type": "http", "url": format!("http://{}/mcp", daemon.http_addr())}}
    });
    std::fs::write(agent.dir.join(".claude.json"), registration.to_string()).expect("write .claude.json");
    let before = agent.read();

    let mut doctor = daemon.relay();
    doctor.arg("doctor").arg("--claude-home").arg(&agent.dir);
    with_claude(&mut doctor, &agent.dir, Some("2.1.309"));
    let output = run(&mut doctor).await;
    output.assert_success();
    for name in ["claude ", "claude hooks", "claude hook run", "claude mcp"] {
        assert!(
            output
                .stdout
                .lines()
                .any(|l| l.starts_with(&format!("[ok]   {name}"))),
            "{name}: {output}"
        );
    }

    let home = daemon.stop().await;
    let mut doctor = home.relay();
    doctor.arg("doctor").arg("--claude-home").arg(&agent.dir);
    with_claude(&mut doctor, &agent.dir, None);
    let output = run(&mut doctor).await;
    output.assert_code(1);
    assert!(
        output
            .stdout
            .lines()
            .any(|l| l.starts_with("[FAIL] claude ") && l.contains("not on PATH")),
        "{output}"
    );
    assert!(
        output
            .stdout
            .lines()
            .any(|l| l.starts_with("[ok]   claude hooks")),
        "{output}"
    );
    assert_eq!(agent.read(), before, "doctor never writes");
}
