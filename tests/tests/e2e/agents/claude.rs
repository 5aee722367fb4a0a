//! Claude Code itself (the provisioned `claude` binary) driven by a scripted model, with relay's hooks exactly as
//! `relay setup --apply` writes them and relay's MCP endpoint registered with `--mcp-config`.

use std::sync::{Arc, Mutex, mpsc};

use relay_tests::agents::{AGENT_TIMEOUT, ClaudeCode, repo};
use relay_tests::model::{Api, Conversation, ModelServer, Reply, Step};
use relay_tests::{TestDaemon, TestHome, run};
use serde_json::{Value, json};

use super::{comments, held_locks, task_json, wait_for_lock};

const JWT: &str = "switch the login flow to JWT tokens";

/// A daemon with project `app` whose repository is `<scratch>/repo` (holding `src/login.ts`), and a Claude Code
/// home with relay's hooks and MCP.
async fn app() -> (TestDaemon, ClaudeCode, std::path::PathBuf) {
    let daemon = TestDaemon::start().await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/login.ts", "export const login = 'form';\n")],
    );
    run(daemon
        .relay()
        .args(["project", "upsert", "app", "--name", "App", "--repo"])
        .arg(&repo))
    .await
    .assert_success();
    let mut claude = ClaudeCode::new(&daemon.home().scratch().join("claude"));
    claude.setup_relay(&daemon).await;
    claude.register_mcp(&daemon);
    (daemon, claude, repo)
}

/// The step that creates task `title` in `app` over MCP with the hook session relay's SessionStart line named.
fn create_task(title: &str, session: &str) -> Step {
    let (title, session) = (title.to_owned(), session.to_owned());
    Step::with(move |turn| {
        Reply::tool(
            "mcp__relay__task_create",
            json!({"project": "app", "title": title, "session": session, "hook_session": turn.require_hook_session()}),
        )
    })
}

fn claude_session_id(run: &relay_tests::agents::AgentRun) -> String {
    run.json()["session_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no session_id in Claude Code's result: {run}"))
        .to_owned()
}

#[tokio::test]
async fn the_session_line_reaches_the_model_and_a_task_created_with_hook_session_is_linked_exactly() {
    let (daemon, claude, repo) = app().await;
    let login = repo.join("src/login.ts");
    let home = daemon.home().path().to_path_buf();
    let mid_turn: Arc<Mutex<Option<Value>>> = Arc::default();
    let seen = Arc::clone(&mid_turn);
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-link",
            vec![
                create_task("Login form", "agent-cc"),
                // Mid-turn, after the write: the task as the owner sees it.
                Step::with(move |_| {
                    *seen.lock().unwrap_or_else(|p| p.into_inner()) =
                        Some(relay_json(&home, &["task", "show", "app-1"]));
                    Reply::tool(
                        "Edit",
                        json!({"file_path": login, "old_string": "'form'", "new_string": "'jwt'"}),
                    )
                }),
                Reply::text("Done.").into(),
            ],
        )],
    )
    .await;
    let turn = claude.run(&model, &repo, "cc-link: build the login form").await;
    turn.assert_success();
    model.assert_script_done("cc-link");
    let id = claude_session_id(&turn);

    // SessionStart's line is in the model's context from the first request on.
    let requests = model.conversation("cc-link");
    assert!(
        requests[0].context().contains(&format!(
            "Your relay hook session: {id}. Pass it as hook_session in relay writes."
        )),
        "Claude Code's session {id} is not named in the first request: {}",
        requests[0].context()
    );
    // relay's MCP tools reached the model with their schemas.
    let tools = requests[0].tool_names();
    assert!(tools.iter().any(|t| t == "mcp__relay__task_create"), "{tools:?}");
    // The task was created and linked without a warning, and bound to the agent's session mid-turn.
    let created = requests[1].context();
    assert!(
        created.contains("app-1"),
        "the tool result names the task: {created}"
    );
    assert!(!created.contains("Warning: hook_session"), "{created}");
    let task = mid_turn
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default();
    assert_eq!(task["task"]["session"], "agent-cc", "{task}");
    assert_eq!(
        std::fs::read_to_string(repo.join("src/login.ts")).unwrap_or_default(),
        "export const login = 'jwt';\n"
    );
    // `claude -p` ends its session with the turn: SessionEnd unbinds the task (the binding stays in the history)
    // — which happens only to a relay session linked to this Claude Code id.
    let task = task_json(&daemon, "app-1").await;
    assert!(task["task"]["session"].is_null(), "{task}");
    let binding = &task["bindings"][0];
    assert_eq!(binding["session"], "agent-cc", "{task}");
    assert!(binding["unbound_at_ms"].is_i64(), "{task}");
    claude.keep_transcripts("claude-link");
}

/// `relay --home <home> <args> --json`, run from a scripted step (blocking).
fn relay_json(home: &std::path::Path, args: &[&str]) -> Value {
    let output = relay_tests::relay_command()
        .arg("--home")
        .arg(home)
        .args(args)
        .arg("--json")
        .output()
        .unwrap_or_else(|e| panic!("relay {args:?}: {e}"));
    assert!(output.status.success(), "relay {args:?}: {output:?}");
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("relay {args:?} --json ({e}): {output:?}"))
}

#[tokio::test]
async fn a_second_claude_code_is_refused_the_file_the_first_is_editing_and_leaves_it_untouched() {
    let (daemon, first, repo) = app().await;
    let second = ClaudeCode::new(&daemon.home().scratch().join("claude-2"));
    second.setup_relay(&daemon).await;
    let login = repo.join("src/login.ts");
    // The first agent edits, then waits (mid-turn, holding the lock) until the second has finished.
    let (done, wait) = mpsc::channel::<()>();
    let wait = Arc::new(Mutex::new(wait));
    let model = ModelServer::start(
        Api::Anthropic,
        vec![
            Conversation::new(
                "cc-first",
                vec![
                    Reply::tool(
                        "Edit",
                        json!({"file_path": login, "old_string": "'form'", "new_string": "'jwt'"}),
                    )
                    .into(),
                    Step::with(move |_| {
                        let _ = wait
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .recv_timeout(AGENT_TIMEOUT);
                        Reply::text("JWT login done.")
                    }),
                ],
            ),
            Conversation::new(
                "cc-second",
                vec![
                    Reply::tool(
                        "Edit",
                        json!({"file_path": login, "old_string": "'jwt'", "new_string": "'oauth'"}),
                    )
                    .into(),
                    Reply::text("I will pick something else.").into(),
                ],
            ),
        ],
    )
    .await;
    let first_prompt = format!("cc-first: {JWT}");
    let first_turn = first.run(&model, &repo, &first_prompt);
    let second_turn = async {
        // Moved in: should this side fail, dropping it wakes the first agent, so the failure shows at once.
        let done = done;
        wait_for_lock(daemon.home(), "src/login.ts").await;
        let turn = second
            .run(&model, &repo, "cc-second: add oauth to the login")
            .await;
        let _ = done.send(());
        turn
    };
    let (first_turn, second_turn) = tokio::join!(first_turn, second_turn);
    first_turn.assert_success();
    second_turn.assert_success();
    model.assert_script_done("cc-first");
    model.assert_script_done("cc-second");

    // The second agent's model read the refusal with the first agent's intent in its tool result.
    let refused = model.conversation("cc-second")[1].context();
    assert!(
        refused.contains("File `src/login.ts` is locked by Claude Code"),
        "{refused}"
    );
    assert!(
        refused.contains(&format!("They're working on: \"{first_prompt}\"")),
        "{refused}"
    );
    assert_eq!(
        std::fs::read_to_string(&login).unwrap_or_default(),
        "export const login = 'jwt';\n",
        "the first agent's edit only"
    );
    // The first agent's Stop released its lock.
    assert!(held_locks(daemon.home()).await.is_empty());
    first.keep_transcripts("claude-lock-holder");
    second.keep_transcripts("claude-lock-refused");
}

#[tokio::test]
async fn an_owner_comment_written_mid_turn_reaches_the_model_on_the_next_tool_call_and_is_marked_delivered() {
    let (daemon, claude, repo) = app().await;
    let home = daemon.home().path().to_path_buf();
    let comment_cli = move || {
        let output = relay_tests::relay_command()
            .arg("--home")
            .arg(&home)
            .args([
                "comment",
                "add",
                "app-1",
                "-m",
                "Use the brand colour for the button",
            ])
            .output()
            .unwrap_or_else(|e| panic!("relay comment add: {e}"));
        assert!(output.status.success(), "{output:?}");
    };
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-comment",
            vec![
                create_task("Login button", "agent-cc"),
                // The owner writes while the model thinks; then the agent calls a tool.
                Step::with(move |_| {
                    comment_cli();
                    Reply::tool(
                        "Bash",
                        json!({"command": "echo building", "description": "Build"}),
                    )
                }),
                Step::with(|turn| {
                    let context = turn.context();
                    assert!(
                        context.contains("Owner comment on app-1 (#1): Use the brand colour for the button"),
                        "the comment did not reach the model: {context}"
                    );
                    Reply::tool(
                        "mcp__relay__comment_ack",
                        json!({"comments": [1], "session": "agent-cc"}),
                    )
                }),
                Reply::text("The button uses the brand colour now.").into(),
            ],
        )],
    )
    .await;
    let turn = claude
        .run(&model, &repo, "cc-comment: style the login button")
        .await;
    turn.assert_success();
    model.assert_script_done("cc-comment");
    // Not earlier than the tool call after it was written.
    let requests = model.conversation("cc-comment");
    assert!(!requests[1].context().contains("Owner comment on app-1"));
    assert!(requests[2].context().contains("Owner comment on app-1 (#1)"));

    let thread = comments(&daemon, "app-1").await;
    let comment = &thread[0];
    assert!(comment["delivered_at_ms"].is_i64(), "{comment}");
    assert!(
        comment["delivered_to"].as_str().is_some_and(|to| !to.is_empty()),
        "{comment}"
    );
    assert!(comment["read_at_ms"].is_i64(), "acknowledged: {comment}");
    // Acknowledged, so Stop let the turn end at once: exactly the four scripted answers.
    assert_eq!(requests.len(), 4, "{}", relay_tests::model::describe(&requests));
    claude.keep_transcripts("claude-comment");
}

#[tokio::test]
async fn stop_continues_the_turn_while_an_owner_comment_is_unacknowledged_at_most_twice() {
    let (daemon, claude, repo) = app().await;
    let home = daemon.home().path().to_path_buf();
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-stop",
            vec![
                create_task("Signup", "agent-cc"),
                // The owner writes; the model ends its turn without a tool call, so only Stop can tell it.
                Step::with(move |_| {
                    let output = relay_tests::relay_command()
                        .arg("--home")
                        .arg(&home)
                        .args(["comment", "add", "app-1", "-m", "Please add a captcha"])
                        .output()
                        .unwrap_or_else(|e| panic!("relay comment add: {e}"));
                    assert!(output.status.success(), "{output:?}");
                    Reply::text("Signup is done.")
                }),
                Reply::text("Still done.").into(),
                Reply::text("Done, really.").into(),
            ],
        )],
    )
    .await;
    let turn = claude.run(&model, &repo, "cc-stop: build the signup").await;
    turn.assert_success();
    // Two Stop blocks, then the turn ends: four answers, no fifth request.
    model.assert_script_done("cc-stop");
    let requests = model.conversation("cc-stop");
    assert_eq!(requests.len(), 4, "{}", relay_tests::model::describe(&requests));
    let continued = requests[2].context();
    assert!(
        continued.contains("Owner comment on app-1 (#1): Please add a captcha"),
        "the first block carries the comment: {continued}"
    );
    let thread = comments(&daemon, "app-1").await;
    assert!(thread[0]["delivered_at_ms"].is_i64(), "{}", thread[0]);
    assert!(
        thread[0]["read_at_ms"].is_null(),
        "never acknowledged: {}",
        thread[0]
    );
    claude.keep_transcripts("claude-stop-block");
}

#[tokio::test]
async fn the_todo_tools_update_the_sessions_todo_and_the_plan_reminder_follows() {
    let (daemon, mut claude, repo) = app().await;
    claude.env("CLAUDE_CODE_ENABLE_TODO_TOOLS", "1");
    let home = daemon.home().path().to_path_buf();
    let mid_turn: Arc<Mutex<Option<Value>>> = Arc::default();
    let seen = Arc::clone(&mid_turn);
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-todo",
            vec![
                create_task("Profile page", "agent-cc"),
                Reply::tool(
                    "mcp__relay__plan_set",
                    json!({"task": "app-1", "session": "agent-cc", "steps": [
                        {"title": "Profile form", "details": "Fields and validation"},
                        {"title": "Avatar upload", "details": "Resize on the server"}]}),
                )
                .into(),
                Reply::tool(
                    "TaskCreate",
                    json!({"subject": "Write the profile form", "description": "Fields and validation",
                           "activeForm": "Writing the profile form"}),
                )
                .into(),
                Reply::tool("TaskUpdate", json!({"taskId": "1", "status": "in_progress"})).into(),
                Step::with(move |_| {
                    *seen.lock().unwrap_or_else(|p| p.into_inner()) =
                        Some(relay_json(&home, &["plan", "show", "app-1"]));
                    Reply::text("Working on it.")
                }),
            ],
        )],
    )
    .await;
    let turn = claude.run(&model, &repo, "cc-todo: build the profile page").await;
    turn.assert_success();
    model.assert_script_done("cc-todo");
    let requests = model.conversation("cc-todo");
    let tools = requests[0].tool_names();
    assert!(
        tools.iter().any(|t| t == "TaskCreate") && tools.iter().any(|t| t == "TaskUpdate"),
        "the todo tools are offered: {tools:?}"
    );
    // After the todo changes, the reminder names the plan's next step and the item in progress.
    let after = requests[4].context();
    assert!(
        after.contains("Plan of app-1 (draft, not accepted yet): next step 1/2 'Profile form'"),
        "the plan reminder reached the model: {after}"
    );
    assert!(
        after.contains("Now doing: Writing the profile form."),
        "the todo reached the reminder: {after}"
    );
    // The session's todo, as the owner reads it mid-turn.
    let plan = mid_turn
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default();
    let todo = plan["plan"]["todo"].to_string();
    assert!(todo.contains("Write the profile form"), "{plan}");
    assert!(todo.contains("in_progress"), "{plan}");
    claude.keep_transcripts("claude-todo-plan");
}

#[tokio::test]
async fn with_relayd_down_the_turn_completes_and_the_hooks_step_aside() {
    let home = TestHome::new();
    let repo = repo(&home.scratch().join("repo"), &[("notes.md", "one\n")]);
    let claude = ClaudeCode::new(&home.scratch().join("claude"));
    // Hooks written for a daemon that then goes away.
    let daemon = TestDaemon::start_in(home).await;
    claude.setup_relay(&daemon).await;
    let home = daemon.stop().await;
    let notes = repo.join("notes.md");
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-down",
            vec![
                Reply::tool("Write", json!({"file_path": notes, "content": "two\n"})).into(),
                Reply::text("Written.").into(),
            ],
        )],
    )
    .await;
    let turn = claude.run(&model, &repo, "cc-down: update the notes").await;
    turn.assert_success();
    model.assert_script_done("cc-down");
    assert_eq!(std::fs::read_to_string(&notes).unwrap_or_default(), "two\n");
    assert!(!home.is_locked(), "no hook started relayd");
    // Every hook ran and succeeded — none failed, was cancelled or hit its timeout — as the transcript records.
    let transcript = transcripts_text(&claude);
    for bad in [
        "hook_non_blocking_error",
        "hook_blocking_error",
        "hook_cancelled",
        "hook_error\"",
        "timed out",
    ] {
        assert!(!transcript.contains(bad), "{bad} in the transcript: {transcript}");
    }
    let summaries: Vec<Value> = transcript
        .lines()
        .filter(|l| l.contains("\"stop_hook_summary\""))
        .map(|l| serde_json::from_str(l).unwrap_or_default())
        .collect();
    // relay's Stop hook ran (Claude Code records it with its duration) and failed nothing.
    assert_eq!(summaries.len(), 1, "{transcript}");
    assert_eq!(summaries[0]["hookCount"], 1, "{}", summaries[0]);
    assert_eq!(summaries[0]["hookErrors"], json!([]), "{}", summaries[0]);
    assert_eq!(summaries[0]["preventedContinuation"], false, "{}", summaries[0]);
    println!(
        "relay's Stop hook with relayd down: {}",
        summaries[0]["hookInfos"]
    );
    println!("relayd down: the turn took {:?}", turn.elapsed);
    claude.keep_transcripts("claude-relayd-down");
}

fn transcripts_text(claude: &ClaudeCode) -> String {
    claude
        .transcripts()
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect::<Vec<_>>()
        .join("")
}

/// Processes whose command line contains every one of `words`.
fn processes_with(words: &[&str]) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            words.iter().all(|w| cmdline.contains(w)).then_some(pid)
        })
        .collect()
}

/// How long a test waits for an agent's next step: under nextest's 120 s limit, so the test's own message shows.
const WAIT: std::time::Duration = std::time::Duration::from_secs(90);

/// Waits (polling, at most [`WAIT`]) until `done` holds.
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + WAIT;
    while !done() {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting until {what}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// What `-p` mode does with the wake-up hook (`relay setup --wake`): Claude Code runs it (asyncRewake) after the
/// turn and keeps the process alive while it waits; an owner comment then wakes the same process for a new turn
/// with the comment in the model's context; that turn's Stop starts the next wait, and the process stays until a
/// wait ends (relay gives up after 25 minutes). So a script running `claude -p` with the wake-up hook installed
/// does not exit when its turn ends while its session is linked exactly.
#[tokio::test]
async fn in_print_mode_the_wake_up_hook_keeps_claude_code_waiting_and_an_owner_comment_wakes_it() {
    let (daemon, claude, repo) = app().await;
    claude.setup_relay_with(&daemon, &["--wake"]).await;
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-wake",
            vec![
                create_task("Wake", "agent-cc"),
                Reply::text("Done for now.").into(),
                Reply::text("Woken by the owner.").into(),
            ],
        )],
    )
    .await;
    let mut command = claude.command(&model, &repo, "cc-wake: start");
    command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true);
    let mut agent = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start claude: {e}"));
    let home = daemon.home().path().display().to_string();
    let waiting = || processes_with(&[&home, "hook", "claude", "stop", "--wait"]);

    // The turn ends (relay records the session idle at Stop); the wait runs in the background, the process stays.
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let events = run(daemon.relay().args(["events", "--json"])).await;
        if events.stdout.contains("session.status_changed") && events.stdout.contains("idle") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the session never went idle: {events}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    until("the wake-up hook waits", || !waiting().is_empty()).await;
    assert_eq!(model.conversation("cc-wake").len(), 2, "the first turn is over");
    run(daemon
        .relay()
        .args(["comment", "add", "app-1", "-m", "Wake up please"]))
    .await
    .assert_success();
    until("the comment wakes the model", || {
        model.conversation("cc-wake").len() == 3
    })
    .await;
    let woken = model.conversation("cc-wake")[2].context();
    assert!(
        woken.contains("Owner comment on app-1 (#1): Wake up please"),
        "the wake-up hook's lines reached the model: {woken}"
    );
    let thread = comments(&daemon, "app-1").await;
    assert_eq!(thread[0]["delivered_to"], "agent-cc", "{}", thread[0]);
    // The woken turn ended too, and its Stop started the next wait: the process is still there.
    until("the next wait starts", || !waiting().is_empty()).await;
    assert!(
        agent.try_wait().ok().flatten().is_none(),
        "claude -p stays while its wake-up hook waits"
    );
    model.assert_script_done("cc-wake");
    let _ = agent.kill().await;
    claude.keep_transcripts("claude-wake");
}

/// With the wake-up hook installed, Claude Code holds a Stop block back until every Stop hook has finished — the
/// background wait included. relay ends the wait at once when it blocked the turn's Stop, so the block still
/// continues the turn (twice at most), and only the turn's last, allowed Stop leaves a wait running.
#[tokio::test]
async fn with_the_wake_up_hook_installed_a_stop_block_still_continues_the_turn() {
    let (daemon, claude, repo) = app().await;
    claude.setup_relay_with(&daemon, &["--wake"]).await;
    let home = daemon.home().path().to_path_buf();
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-stop-wake",
            vec![
                create_task("Signup", "agent-cc"),
                Step::with(move |_| {
                    let output = relay_tests::relay_command()
                        .arg("--home")
                        .arg(&home)
                        .args(["comment", "add", "app-1", "-m", "Please add a captcha"])
                        .output()
                        .unwrap_or_else(|e| panic!("relay comment add: {e}"));
                    assert!(output.status.success(), "{output:?}");
                    Reply::text("Signup is done.")
                }),
                Reply::text("Still done.").into(),
                Reply::text("Done, really.").into(),
            ],
        )],
    )
    .await;
    let mut command = claude.command(&model, &repo, "cc-stop-wake: build the signup");
    command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true);
    let mut agent = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start claude: {e}"));
    let deadline = std::time::Instant::now() + WAIT;
    while model.conversation("cc-stop-wake").len() < 4 {
        if let Ok(Some(exit)) = agent.try_wait() {
            panic!(
                "claude -p exited ({exit}) before both Stop blocks continued the turn\n{}\ncomment: {}",
                relay_tests::model::describe(&model.conversation("cc-stop-wake")),
                comments(&daemon, "app-1").await[0]
            );
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the Stop blocks did not continue the turn\n{}\ncomment: {}",
            relay_tests::model::describe(&model.conversation("cc-stop-wake")),
            comments(&daemon, "app-1").await[0]
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let requests = model.conversation("cc-stop-wake");
    assert!(
        requests[2]
            .context()
            .contains("Owner comment on app-1 (#1): Please add a captcha"),
        "{}",
        requests[2].context()
    );
    let home = daemon.home().path().display().to_string();
    until("the last Stop's wait runs", || {
        !processes_with(&[&home, "hook", "claude", "stop", "--wait"]).is_empty()
    })
    .await;
    assert!(
        agent.try_wait().ok().flatten().is_none(),
        "claude -p waits with it"
    );
    model.assert_script_done("cc-stop-wake");
    let _ = agent.kill().await;
}

#[tokio::test]
async fn claude_code_s_git_reset_hard_over_another_session_s_edits_is_snapshotted_and_relay_undo_brings_them_back()
 {
    // A loaded test machine may need longer than the 220 ms a hook answer waits for its snapshot by default.
    let daemon = TestDaemon::builder()
        .env("RELAY_UNDO_WAIT_MS", "2000")
        .start()
        .await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/login.ts", "export const login = 'form';\n")],
    );
    relay_tests::git(&repo, &["add", "-A"]);
    relay_tests::git(&repo, &["commit", "-qm", "first"]);
    let claude = ClaudeCode::new(&daemon.home().scratch().join("claude"));
    claude.setup_relay(&daemon).await;
    // Another session holds src/login.ts and has changed it without committing.
    let login = repo.join("src/login.ts");
    for (phase, payload) in [
        (
            "prompt",
            json!({"session_id": "cc-holder", "cwd": repo, "hook_event_name": "UserPromptSubmit", "prompt": JWT}),
        ),
        (
            "pre-tool",
            json!({"session_id": "cc-holder", "cwd": repo, "hook_event_name": "PreToolUse", "tool_name": "Edit",
                "tool_use_id": "toolu_holder",
                "tool_input": {"file_path": login, "old_string": "'form'", "new_string": "'jwt'"}}),
        ),
    ] {
        relay_tests::run_with_stdin(
            daemon.relay().args(["hook", "claude", phase]),
            payload.to_string().as_bytes(),
        )
        .await
        .assert_success();
    }
    std::fs::write(&login, "export const login = 'jwt';\n").unwrap();

    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-reset",
            vec![
                Reply::tool(
                    "Bash",
                    json!({"command": "git reset --hard", "description": "Start from a clean tree"}),
                )
                .into(),
                Reply::text("Clean tree.").into(),
            ],
        )],
    )
    .await;
    let turn = claude.run(&model, &repo, "cc-reset: start over").await;
    turn.assert_success();
    model.assert_script_done("cc-reset");
    // The command ran, and the agent was told whose work it discarded and how to get it back.
    assert_eq!(
        std::fs::read_to_string(&login).unwrap(),
        "export const login = 'form';\n"
    );
    let told = model.conversation("cc-reset")[1].context();
    assert!(
        told.contains("this command discards work of another session"),
        "{told}"
    );
    assert!(told.contains("`relay undo 1`"), "{told}");

    let listed = run(daemon.relay().args(["snapshots", "--json"])).await;
    listed.assert_success();
    let listed: Value = serde_json::from_str(&listed.stdout).unwrap();
    assert_eq!(listed["snapshots"][0]["command"], "git reset --hard", "{listed}");
    let undone = run(daemon.relay().args(["undo", "1"])).await;
    undone.assert_success();
    assert_eq!(
        std::fs::read_to_string(&login).unwrap(),
        "export const login = 'jwt';\n",
        "the other session's edit is back"
    );
    claude.keep_transcripts("claude-undo");
}
