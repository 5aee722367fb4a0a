//! `relay hook <agent> <phase>` and `relay locks` through the real binary: two agents on one file, the faults a
//! hook must survive without standing in the agent's way, and locks that outlive a daemon restart.
//!
//! Payloads are the hook layer's fixtures (`src/hook/fixtures/`), with their working directory and files moved
//! into a scratch repository.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use relay::cli::HOOK_BUDGET_ENV;
use relay_core::proto::ListEventsRequest;
use relay_tests::{COMMAND_TIMEOUT, HOOK_BUDGET_MS, TestDaemon, TestHome, run};
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

const JWT: &str = "switch the login flow to JWT tokens";

macro_rules! fixture {
    ($name:literal) => {
        serde_json::from_str::<Value>(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../src/hook/fixtures/",
            $name,
            ".json"
        )))
        .unwrap_or_else(|e| panic!("fixture {}: {e}", $name))
    };
}

/// What one `relay hook` process did.
#[derive(Debug)]
struct Hook {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Hook {
    /// Exit 0, whatever happened: a hook never stands in the agent's way.
    #[track_caller]
    fn ok(self) -> Hook {
        assert_eq!(self.code, Some(0), "a hook always exits 0: {self:?}");
        self
    }

    #[track_caller]
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {self:?}"))
    }
}

/// Runs `relay … hook <agent> <phase>` with `body` on stdin.
async fn hook_with(mut relay: Command, agent: &str, phase: &str, body: &[u8]) -> Hook {
    relay.args(["hook", agent, phase]);
    with_stdin(relay, body).await
}

/// Runs `command` with `body` on stdin, timing the whole process. The hook has the harness's generous budget
/// ([`HOOK_BUDGET_MS`]) unless `command` sets another: a relayd stalled by a busy runner still answers in time.
async fn with_stdin(mut command: Command, body: &[u8]) -> Hook {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let described = format!("{command:?}");
    let mut command = tokio::process::Command::from(command);
    command.kill_on_drop(true);
    let began = Instant::now();
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {described}: {e}"));
    let Some(mut stdin) = child.stdin.take() else {
        panic!("{described}: stdin is not piped")
    };
    let body = body.to_vec();
    // relay stops reading one byte past 256 KB; the rest of an oversized body meets a closed pipe.
    let writer = tokio::spawn(async move {
        let _ = stdin.write_all(&body).await;
    });
    let output = tokio::time::timeout(COMMAND_TIMEOUT, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("{described} did not finish within {COMMAND_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("{described}: {e}"));
    let elapsed = began.elapsed();
    let _ = writer.await;
    Hook {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed,
    }
}

async fn hook(home: &TestHome, agent: &str, phase: &str, body: &Value) -> Hook {
    hook_with(home.relay(), agent, phase, body.to_string().as_bytes())
        .await
        .ok()
}

/// A repository (a folder with `.git`) in the home's scratch folder.
fn repo(home: &TestHome) -> String {
    let repo = home.scratch().join("repo");
    std::fs::create_dir_all(repo.join(".git"))
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", repo.display()));
    repo.display().to_string()
}

fn claude_prompt(repo: &str, prompt: &str) -> Value {
    let mut body = fixture!("claude_prompt");
    body["cwd"] = json!(repo);
    body["prompt"] = json!(prompt);
    body
}

fn claude_edit(repo: &str, file: &str) -> Value {
    let mut body = fixture!("claude_pre_tool_edit");
    body["cwd"] = json!(repo);
    body["tool_input"]["file_path"] = json!(Path::new(repo).join(file));
    body
}

fn claude_stop(repo: &str) -> Value {
    let mut body = fixture!("claude_stop");
    body["cwd"] = json!(repo);
    body
}

fn cursor_write(repo: &str, file: &str) -> Value {
    let mut body = fixture!("cursor_pre_tool_write");
    body["workspace_roots"] = json!([repo]);
    body["tool_input"]["path"] = json!(Path::new(repo).join(file));
    body
}

/// Cursor's deny: `permission: deny` with the same words for the user and the model.
#[track_caller]
fn assert_cursor_deny(hook: &Hook, path: &str, holder: &str, intent: Option<&str>) {
    let answer = hook.json();
    assert_eq!(answer["permission"], "deny", "{hook:?}");
    let message = answer["agent_message"].as_str().unwrap_or_default();
    assert_eq!(answer["user_message"], message, "{hook:?}");
    assert!(
        message.starts_with(&format!("File `{path}` is locked by {holder}:")),
        "{message}"
    );
    if let Some(intent) = intent {
        assert!(
            message.contains(&format!("They're working on: \"{intent}\"")),
            "{message}"
        );
    }
}

async fn locks_json(home: &TestHome) -> Value {
    let output = run(home.relay().args(["locks", "--json"])).await;
    output.assert_success();
    serde_json::from_str(&output.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {output}"))
}

/// `(path, agent label)` of every held lock.
fn held(locks: &Value) -> Vec<(String, String)> {
    let text = |value: &Value| {
        value
            .as_str()
            .unwrap_or_else(|| panic!("not text: {locks}"))
            .to_owned()
    };
    locks["locks"]
        .as_array()
        .unwrap_or_else(|| panic!("no locks array: {locks}"))
        .iter()
        .filter(|lock| lock["state"] == "held")
        .map(|lock| (text(&lock["path"]), text(&lock["holder"]["agent_label"])))
        .collect()
}

#[tokio::test]
async fn second_agent_is_denied_with_the_first_agents_intent_until_it_stops() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);

    // Claude Code: the prompt becomes its intent, then its edit claims src/auth.ts (silence is its allow).
    let prompt = hook(home, "claude", "prompt", &claude_prompt(&repo, JWT)).await;
    assert_eq!(prompt.stdout, "", "{prompt:?}");
    let claimed = hook(home, "claude", "pre-tool", &claude_edit(&repo, "src/auth.ts")).await;
    assert_eq!(claimed.stdout, "", "{claimed:?}");

    // Cursor's edit of the same file is refused in Cursor's dialect, naming Claude Code and its intent.
    let denied = hook(home, "cursor", "pre-tool", &cursor_write(&repo, "src/auth.ts")).await;
    assert_cursor_deny(&denied, "src/auth.ts", "Claude Code", Some(JWT));

    // `relay locks` shows the holder, its intent, the waiter and the contention.
    let locks = locks_json(home).await;
    assert_eq!(
        held(&locks),
        [("src/auth.ts".to_owned(), "Claude Code".to_owned())]
    );
    let lock = &locks["locks"][0];
    assert_eq!(lock["workspace"], repo.as_str());
    assert_eq!(lock["intent"]["text"], JWT);
    assert!(lock["expires_in_ms"].as_i64().unwrap() > 0, "{lock}");
    assert_eq!(lock["waiters"][0]["owner"]["agent_label"], "Cursor", "{lock}");
    assert_eq!(locks["contentions"].as_array().unwrap().len(), 1, "{locks}");
    assert_eq!(locks["contentions"][0]["count"], 1);
    let text = run(home.relay().arg("locks")).await;
    text.assert_success();
    assert!(
        text.stdout.contains("src/auth.ts  held by Claude Code:")
            && text.stdout.contains(&format!("working on: \"{JWT}\"")),
        "{text}"
    );

    // The block is in the event log.
    let mut client = daemon.client().await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let events = client
            .board
            .list_events(ListEventsRequest {
                after_event_id: 0,
                limit: None,
                project: None,
            })
            .await
            .unwrap()
            .into_inner()
            .events;
        if let Some(event) = events.iter().find(|e| e.kind == "lock.contended") {
            assert_eq!(event.subject, format!("{repo}::src/auth.ts"));
            break;
        }
        assert!(Instant::now() < deadline, "no lock.contended in {events:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Claude Code's stop releases its locks; now Cursor's claim goes through ({} is Cursor's allow).
    let stop = hook(home, "claude", "stop", &claude_stop(&repo)).await;
    assert_eq!(stop.stdout, "", "{stop:?}");
    let allowed = hook(home, "cursor", "pre-tool", &cursor_write(&repo, "src/auth.ts")).await;
    assert_eq!(allowed.json(), json!({}), "{allowed:?}");
    assert_eq!(
        held(&locks_json(home).await),
        [("src/auth.ts".to_owned(), "Cursor".to_owned())]
    );
}

#[tokio::test]
async fn hook_prints_the_allow_form_and_exits_0_when_relayd_is_not_running() {
    // A home whose relayd never ran, and one whose relayd was killed and left its socket file behind.
    let never = TestHome::new();
    let crashed = TestDaemon::start().await.crash();
    assert!(crashed.socket().exists(), "kill -9 leaves a stale socket");
    for (home, how) in [(&never, "never started"), (&crashed, "killed")] {
        let repo = repo(home);
        let cases = [
            ("claude", "pre-tool", claude_edit(&repo, "src/a.rs"), ""),
            ("cursor", "pre-tool", cursor_write(&repo, "src/a.rs"), "{}\n"),
            (
                "cursor",
                "prompt",
                fixture!("cursor_prompt"),
                "{\"continue\":true}\n",
            ),
            ("codex", "stop", fixture!("codex_stop"), "{}\n"),
            (
                "antigravity",
                "pre-tool",
                fixture!("antigravity_pre_tool_write"),
                "{\"decision\":\"allow\"}\n",
            ),
            // Cursor through Claude Code's settings: Cursor's allow, told from the payload.
            (
                "claude",
                "pre-tool",
                fixture!("cursor_via_claude_settings"),
                "{}\n",
            ),
        ];
        for (agent, phase, body, allow) in cases {
            let answer = hook(home, agent, phase, &body).await;
            eprintln!(
                "relayd {how}: `relay hook {agent} {phase}` answered in {:.1} ms",
                answer.elapsed.as_secs_f64() * 1000.0
            );
            assert_eq!(answer.stdout, allow, "{agent} {phase}: {answer:?}");
            assert_eq!(answer.stderr, "", "{answer:?}");
        }
        assert!(!home.is_locked(), "a hook never starts relayd");
    }
}

/// The one test of the budget itself, so the one that bounds a time: every other hook test runs with the
/// harness's 20 s budget and judges only what the hook printed.
#[tokio::test]
async fn hook_gives_up_within_its_budget_when_relayd_does_not_answer() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);
    let body = cursor_write(&repo, "src/a.rs").to_string();
    let pid = rustix::process::Pid::from_raw(i32::try_from(daemon.pid()).unwrap()).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::STOP).unwrap();

    // The default budget (300 ms): neither the flag nor RELAY_HOOK_BUDGET_MS.
    let mut default = home.relay();
    default
        .env_remove(HOOK_BUDGET_ENV)
        .args(["hook", "cursor", "pre-tool"]);
    let by_default = with_stdin(default, body.as_bytes()).await;
    // The flag after the hook's arguments, as a hook entry may put it; it wins over the harness's 20 s variable.
    let mut flagged = home.relay();
    flagged.args(["hook", "cursor", "pre-tool", "--budget-ms", "100"]);
    let by_flag = with_stdin(flagged, body.as_bytes()).await;
    rustix::process::kill_process(pid, rustix::process::Signal::CONT).unwrap();

    // A stopped relayd never answers, so the allow form is the only possible answer; the bound is a third of the
    // 20 s budget the flag overrides and 30 times the default, so only a hook that waited past its budget (for
    // the variable's 20 s, or for relayd) fails it.
    let bound = Duration::from_millis(HOOK_BUDGET_MS / 3);
    for (how, answer) in [("the default budget", by_default), ("--budget-ms 100", by_flag)] {
        eprintln!(
            "relayd stopped (SIGSTOP), {how}: answered in {:.1} ms",
            answer.elapsed.as_secs_f64() * 1000.0
        );
        assert_eq!(answer.code, Some(0), "{how}: {answer:?}");
        assert_eq!(answer.stdout, "{}\n", "{how}: the allow form: {answer:?}");
        assert!(
            answer.elapsed < bound,
            "{how}: the hook waited {:?} for a stopped relayd (bound {bound:?}): {answer:?}",
            answer.elapsed
        );
    }
}

#[tokio::test]
async fn faulty_hook_calls_let_the_action_through_and_claim_nothing() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);

    // A body over 256 KB: the declared agent's allow form, without asking relayd.
    let mut huge = cursor_write(&repo, "src/big.ts");
    huge["tool_input"]["contents"] = json!("x".repeat(300 * 1024));
    let answer = hook(home, "cursor", "pre-tool", &huge).await;
    assert_eq!(answer.stdout, "{}\n", "{answer:?}");

    // Not JSON.
    let answer = hook_with(home.relay(), "cursor", "pre-tool", b"permission: deny")
        .await
        .ok();
    assert_eq!(answer.stdout, "{}\n", "{answer:?}");
    let answer = hook_with(home.relay(), "claude", "pre-tool", b"{\"session_id\":")
        .await
        .ok();
    assert_eq!(answer.stdout, "", "{answer:?}");

    // Missing fields: no session id, no working directory.
    let mut no_session = claude_edit(&repo, "src/a.rs");
    no_session.as_object_mut().unwrap().remove("session_id");
    no_session.as_object_mut().unwrap().remove("transcript_path");
    assert_eq!(hook(home, "claude", "pre-tool", &no_session).await.stdout, "");
    let mut no_root = cursor_write(&repo, "src/a.rs");
    no_root.as_object_mut().unwrap().remove("workspace_roots");
    assert_eq!(hook(home, "cursor", "pre-tool", &no_root).await.stdout, "{}\n");

    // Unknown agent: nothing on stdout (no dialect to answer in), one line on stderr.
    let answer = hook(home, "gemini", "pre-tool", &claude_edit(&repo, "src/a.rs")).await;
    assert_eq!(answer.stdout, "", "{answer:?}");
    assert!(
        answer.stderr.contains("unknown agent \"gemini\"") && answer.stderr.lines().count() == 1,
        "{answer:?}"
    );
    // Unknown phase: the agent's neutral allow form.
    let answer = hook(home, "cursor", "before-edit", &cursor_write(&repo, "src/a.rs")).await;
    assert_eq!(answer.stdout, "{}\n", "{answer:?}");
    assert!(answer.stderr.contains("unknown hook phase"), "{answer:?}");
    // A phase the agent does not have (Codex has no session-end): its allow form.
    let answer = hook(home, "codex", "session-end", &fixture!("codex_stop")).await;
    assert_eq!(answer.stdout, "{}\n", "{answer:?}");
    // A command line clap refuses still exits 0.
    let mut bare = home.relay();
    bare.arg("hook");
    let answer = with_stdin(bare, b"{}").await.ok();
    assert_eq!(answer.stdout, "", "{answer:?}");
    assert!(answer.stderr.starts_with("relay: relay hook:"), "{answer:?}");

    assert!(held(&locks_json(home).await).is_empty(), "nothing was claimed");

    // A Cursor payload through Claude Code's settings is refused in Cursor's dialect.
    let claimed = hook(
        home,
        "claude",
        "pre-tool",
        &claude_edit(&repo, "src/checkout/Button.tsx"),
    )
    .await;
    assert_eq!(claimed.stdout, "");
    let mut cursor = fixture!("cursor_via_claude_settings");
    cursor["workspace_roots"] = json!([repo]);
    let denied = hook(home, "claude", "pre-tool", &cursor).await;
    assert_cursor_deny(&denied, "src/checkout/Button.tsx", "Claude Code", None);
}

#[tokio::test]
async fn exactly_one_of_two_agents_wins_when_claiming_a_file_at_the_same_instant() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);
    for round in 0..5 {
        let file = format!("src/race{round}.ts");
        let claude = claude_edit(&repo, &file).to_string();
        let cursor = cursor_write(&repo, &file).to_string();
        let (claude, cursor) = tokio::join!(
            hook_with(home.relay(), "claude", "pre-tool", claude.as_bytes()),
            hook_with(home.relay(), "cursor", "pre-tool", cursor.as_bytes()),
        );
        let (claude, cursor) = (claude.ok(), cursor.ok());
        let claude_denied = claude.stdout.contains("\"deny\"");
        let cursor_denied = cursor.stdout.contains("\"deny\"");
        assert!(
            claude_denied != cursor_denied,
            "exactly one wins:\n{claude:?}\n{cursor:?}"
        );
        let winner = if claude_denied { "Cursor" } else { "Claude Code" };
        let locks = locks_json(home).await;
        assert!(
            held(&locks).contains(&(file.clone(), winner.to_owned())),
            "{locks}"
        );
    }
}

#[tokio::test]
async fn batch_claim_overlapping_a_held_lock_claims_nothing() {
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);
    let held_by_cursor = hook(home, "cursor", "pre-tool", &cursor_write(&repo, "api/routes.py")).await;
    assert_eq!(held_by_cursor.stdout, "{}\n");

    // Codex's apply_patch touches four files, api/routes.py among them.
    let mut patch = fixture!("codex_pre_tool_apply_patch");
    patch["cwd"] = json!(repo);
    let denied = hook(home, "codex", "pre-tool", &patch).await;
    let answer = denied.json();
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{denied:?}"
    );
    assert!(
        answer["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap()
            .starts_with("File `api/routes.py` is locked by Cursor:"),
        "{denied:?}"
    );
    assert_eq!(
        held(&locks_json(home).await),
        [("api/routes.py".to_owned(), "Cursor".to_owned())],
        "none of the patch's other files was claimed"
    );
}

#[tokio::test]
async fn locks_survive_a_daemon_restart_until_they_expire() {
    let home = TestHome::new();
    // A short TTL, so the test can watch a restored lock expire.
    home.write_config("lock_ttl_secs = 10\n");
    let repo = repo(&home);
    run(home.relay().args(["daemon", "start"])).await.assert_success();
    hook(&home, "claude", "prompt", &claude_prompt(&repo, JWT)).await;
    hook(&home, "claude", "pre-tool", &claude_edit(&repo, "src/auth.ts")).await;
    let before = locks_json(&home).await;
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
    assert!(home.path().join("locks.json").is_file());

    run(home.relay().args(["daemon", "start"])).await.assert_success();
    let after = locks_json(&home).await;
    assert_eq!(
        held(&after),
        [("src/auth.ts".to_owned(), "Claude Code".to_owned())]
    );
    assert_eq!(after["ttl_secs"], 10);
    assert_eq!(
        after["locks"][0]["expires_at_ms"], before["locks"][0]["expires_at_ms"],
        "a restart neither renews nor shortens a lock"
    );
    let denied = hook(&home, "cursor", "pre-tool", &cursor_write(&repo, "src/auth.ts")).await;
    assert_cursor_deny(&denied, "src/auth.ts", "Claude Code", Some(JWT));

    // Once its TTL has run out (nobody renewed it), the restored lock refuses nobody.
    let left = after["locks"][0]["expires_in_ms"].as_i64().unwrap_or_default();
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(left.max(0)).unwrap_or(0) + 100,
    ))
    .await;
    let allowed = hook(&home, "cursor", "pre-tool", &cursor_write(&repo, "src/auth.ts")).await;
    assert_eq!(allowed.json(), json!({}), "{allowed:?}");
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
}

/// A lock an agent's hook takes reaches every Subscribe stream at once as `LocksChanged` (live, not an event), so
/// the window's locks screen lists the locks again without polling.
#[tokio::test]
async fn a_lock_taken_by_a_hook_reaches_subscribers_as_locks_changed() {
    use relay_core::proto::{SubscribeRequest, update};
    let daemon = TestDaemon::start().await;
    let home = daemon.home();
    let repo = repo(home);
    let mut stream = daemon
        .client()
        .await
        .daemon
        .subscribe(SubscribeRequest::default())
        .await
        .expect("Subscribe")
        .into_inner();
    assert!(matches!(
        relay_tests::next_update(&mut stream).await,
        update::Update::Hello(_)
    ));
    assert!(matches!(
        relay_tests::next_update(&mut stream).await,
        update::Update::Snapshot(_)
    ));
    let claimed = hook(home, "claude", "pre-tool", &claude_edit(&repo, "src/auth.ts")).await;
    assert_eq!(claimed.stdout, "", "{claimed:?}");
    loop {
        match relay_tests::next_update(&mut stream).await {
            update::Update::LocksChanged(_) => break,
            update::Update::Event(_) => continue,
            other => panic!("a lock change, not {other:?}"),
        }
    }
    assert_eq!(
        held(&locks_json(home).await),
        [("src/auth.ts".to_owned(), "Claude Code".to_owned())]
    );
}
