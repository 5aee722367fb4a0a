//! The runner against real git repositories in temp folders and real PTYs (`/bin/sh`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::terminal::{End, Frame};
use super::*;
use crate::testing::fixture_with;

fn git(dir: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&status.stderr)
    );
}

/// A real repository with one commit on `main`.
fn repo(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    std::fs::write(dir.join("README"), "hello\n").unwrap();
    git(&dir, &["add", "README"]);
    git(&dir, &["commit", "-q", "-m", "first"]);
    dir
}

fn sh_profile(config: &mut relay_core::config::Config) {
    let table: toml::Table = "[profiles.shell]\ncommand = \"/bin/sh\"\n".parse().unwrap();
    config.profiles = relay_core::profile::Profiles::from_toml(&table["profiles"]).unwrap();
}

async fn setup(
    adjust: impl FnOnce(&mut relay_core::config::Config),
) -> (tempfile::TempDir, DaemonHandle, PathBuf) {
    let (dir, handle) = fixture_with(|config| {
        sh_profile(config);
        adjust(config);
    })
    .await;
    let checkout = repo(dir.path(), "app");
    (dir, handle, checkout)
}

async fn add(handle: &DaemonHandle, checkout: &Path) -> (RunnerProjectRow, RunnerSessionRow) {
    let (project, session) = handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(checkout.to_path_buf()),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    (
        project,
        session.expect("a checkout's project starts its default session"),
    )
}

fn branch(project: &str, branch: &str) -> NewSession {
    NewSession {
        project: Some(project.to_owned()),
        branch: Some(branch.to_owned()),
        ..NewSession::default()
    }
}

/// Reads frames until the screen (fed by snapshots and output) shows `needle`.
async fn until_screen(attachment: &mut Attachment, needle: &str) -> vt100::Parser {
    let mut parser = vt100::Parser::new(
        std::num::NonZeroU16::new(24).unwrap(),
        std::num::NonZeroU16::new(80).unwrap(),
        100,
    );
    let wait = async {
        loop {
            match attachment.next().await {
                Some(Frame::Snapshot { bytes, .. }) => parser.process(&bytes),
                Some(Frame::Output(bytes)) => parser.process(&bytes),
                other => panic!("the terminal ended before {needle:?} showed: {other:?}"),
            }
            if parser.screen().contents().contains(needle) {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or_else(|_| panic!("{needle:?} never showed; screen:\n{}", parser.screen().contents()));
    parser
}

async fn wait_state(handle: &DaemonHandle, name: &str, state: &str) -> RunnerSessionRow {
    for _ in 0..200 {
        let row = handle.runner().get(name).await.unwrap();
        if row.state == state {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("session {name} never became {state}");
}

#[tokio::test]
async fn a_checkout_becomes_a_project_whose_default_session_is_a_shell_in_it() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    let (project, default) = add(&handle, &checkout).await;
    assert_eq!(project.slug, "app");
    assert_eq!(project.state, "ready");
    assert_eq!(default.name, "run-app-1");
    assert!(default.is_default);
    assert_eq!(default.branch, "main");
    assert_eq!(default.state, "running");
    assert_eq!(
        Path::new(&default.workspace),
        std::fs::canonicalize(&checkout).unwrap()
    );

    // Type into the real PTY and see the echo in the daemon's vt100 screen and through an attachment.
    let (_, mut writer) = handle.runner().attach("run-app-1", true, None).await.unwrap();
    writer.input(b"echo hi-$((40+2))\n".to_vec()).await.unwrap();
    until_screen(&mut writer, "hi-42").await;
    // The session's name is in its environment, for the agent's hooks.
    writer
        .input(b"echo \"at:$RELAY_SESSION\"\n".to_vec())
        .await
        .unwrap();
    until_screen(&mut writer, "at:run-app-1").await;
    drop(writer);
    // Reattach: the same screen.
    let (_, mut again) = handle.runner().attach("run-app-1", false, None).await.unwrap();
    let screen = until_screen(&mut again, "at:run-app-1").await;
    assert!(screen.screen().contents().contains("hi-42"));
    assert!(
        handle
            .runner()
            .scrollback("run-app-1", 1000)
            .await
            .unwrap()
            .iter()
            .any(|l| l.contains("hi-42"))
    );

    // A second add of the same project is refused, naming it.
    let err = handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(checkout.clone()),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("already runs sessions"), "{err}");
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn a_folder_that_is_not_a_checkout_and_a_refused_git_url_are_refused_plainly() {
    let (dir, handle, _) = setup(|_| {}).await;
    let plain = dir.path().join("plain");
    std::fs::create_dir_all(&plain).unwrap();
    let err = handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(plain),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, RunnerError::Invalid(_)));
    assert!(err.to_string().contains("is not a git checkout"), "{err}");
    let err = handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(dir.path().join("missing")),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("is not a folder"), "{err}");
    let err = handle
        .runner()
        .add_project(
            NewProject {
                git_url: Some("file:///srv/shop.git".to_owned()),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, RunnerError::Invalid(_)));
    assert!(err.to_string().contains("file:// URLs are not cloned"), "{err}");
    let err = handle
        .runner()
        .add_project(
            NewProject {
                git_url: Some("https://127.0.0.1/shop.git".to_owned()),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("loopback, private or link-local"),
        "{err}"
    );
    // Nothing was recorded for the refused URLs.
    assert!(handle.runner().projects().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_session_on_a_branch_gets_its_worktree_and_a_second_one_on_it_is_refused_naming_it() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    add(&handle, &checkout).await;
    let session = handle
        .runner()
        .create(branch("app", "feature/x"), &Caller::socket_peer())
        .await
        .unwrap();
    assert_eq!(session.name, "run-app-2");
    assert_eq!(session.state, "running", "{:?}", session.error);
    let workspace = PathBuf::from(&session.workspace);
    assert!(
        workspace.join("README").is_file(),
        "the worktree has the checkout's files"
    );
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(&workspace)
        .args(["rev-parse", "--abbrev-ref", "HEAD"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "feature/x");

    let err = handle
        .runner()
        .create(branch("app", "feature/x"), &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(matches!(err, RunnerError::Conflict(_)));
    assert_eq!(
        err.to_string(),
        "branch 'feature/x' already has an active session (run-app-2); attach to it with `relay session attach run-app-2`, or pick another branch"
    );
    // The default session holds the checkout's branch.
    let err = handle
        .runner()
        .create(branch("app", "main"), &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("(run-app-1)"), "{err}");
    let err = handle
        .runner()
        .create(branch("app", "-bad"), &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(matches!(err, RunnerError::Invalid(_)), "{err}");

    // Stop, rm: the worktree goes, the branch stays; the branch is free again.
    let stopped = handle.runner().stop("run-app-2").await.unwrap();
    assert_eq!(stopped.state, "stopped");
    assert_eq!(stopped.error, None, "a stop asked for is no error");
    let removed = handle.runner().remove("run-app-2", false).await.unwrap();
    assert_eq!(removed.state, "deleted");
    assert!(!workspace.exists());
    let again = handle
        .runner()
        .create(branch("app", "feature/x"), &Caller::socket_peer())
        .await
        .unwrap();
    assert_eq!(again.state, "running");
    handle.runner().stop(&again.name).await.unwrap();
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn two_creations_on_one_branch_at_once_give_one_session_and_one_conflict() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    add(&handle, &checkout).await;
    let runner = handle.runner();
    let caller = Caller::socket_peer();
    let (a, b) = tokio::join!(
        runner.create(branch("app", "race"), &caller),
        runner.create(branch("app", "race"), &caller),
    );
    let (ok, err) = match (a, b) {
        (Ok(ok), Err(err)) | (Err(err), Ok(ok)) => (ok, err),
        other => panic!("exactly one creation wins: {other:?}"),
    };
    assert_eq!(ok.state, "running");
    assert!(matches!(err, RunnerError::Conflict(_)), "{err}");
    assert!(err.to_string().contains("'race'"));
    // Different branches both succeed.
    let (c, d) = tokio::join!(
        runner.create(branch("app", "one"), &caller),
        runner.create(branch("app", "two"), &caller),
    );
    for row in [ok, c.unwrap(), d.unwrap()] {
        runner.stop(&row.name).await.unwrap();
    }
    runner.stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn the_session_limits_refuse_one_more_naming_the_key() {
    let (_dir, handle, checkout) = setup(|config| {
        config.max_sessions_per_project = 2;
        config.max_sessions_total = 3;
    })
    .await;
    add(&handle, &checkout).await;
    handle
        .runner()
        .create(branch("app", "a"), &Caller::socket_peer())
        .await
        .unwrap();
    let err = handle
        .runner()
        .create(branch("app", "b"), &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(matches!(err, RunnerError::Limit(_)));
    assert!(err.to_string().contains("max_sessions_per_project = 2"), "{err}");
    let other = repo(_dir.path(), "other");
    add(&handle, &other).await;
    let err = handle
        .runner()
        .create(branch("other", "c"), &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("max_sessions_total = 3"), "{err}");
    for name in ["run-app-1", "run-app-2", "run-other-1"] {
        handle.runner().stop(name).await.unwrap();
    }
}

#[tokio::test]
async fn the_lifecycle_refuses_what_a_state_does_not_allow_and_exits_are_recorded() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    add(&handle, &checkout).await;
    let runner = handle.runner();
    let session = runner
        .create(branch("app", "life"), &Caller::socket_peer())
        .await
        .unwrap();
    let err = runner.remove(&session.name, false).await.unwrap_err();
    assert!(err.to_string().contains("it is running; stop it first"), "{err}");
    let err = runner.resume(&session.name).await.unwrap_err();
    assert!(err.to_string().contains("already started"), "{err}");

    // The process exits on its own with a code: Stopped, with the code and the reason.
    let (_, writer) = runner.attach(&session.name, true, None).await.unwrap();
    writer.input(b"exit 3\n".to_vec()).await.unwrap();
    let row = wait_state(&handle, &session.name, "stopped").await;
    assert_eq!(row.exit_code, Some(3));
    assert!(row.error.unwrap().contains("code 3"));
    let err = runner.retry(&session.name).await.unwrap_err();
    assert!(err.to_string().contains("relay session resume"), "{err}");
    let err = runner.stop(&session.name).await.unwrap_err();
    assert!(err.to_string().contains("nothing to stop"), "{err}");

    // Resume starts it again in the same worktree.
    let resumed = runner.resume(&session.name).await.unwrap();
    assert_eq!(resumed.state, "running");
    assert_eq!(resumed.workspace, session.workspace);
    let (_, mut attachment) = runner.attach(&session.name, true, None).await.unwrap();
    attachment.input(b"pwd\n".to_vec()).await.unwrap();
    until_screen(&mut attachment, "worktrees").await;

    // A dirty worktree is kept unless forced.
    runner.stop(&session.name).await.unwrap();
    assert!(matches!(
        attachment.next().await,
        Some(Frame::End(End::Exited(_))) | Some(Frame::Output(_))
    ));
    std::fs::write(Path::new(&session.workspace).join("new.txt"), "draft").unwrap();
    let err = runner.remove(&session.name, false).await.unwrap_err();
    assert!(err.to_string().contains("changes not committed"), "{err}");
    runner.remove(&session.name, true).await.unwrap();
    // relay saved the draft before it removed the worktree (issue 20); `undo --to` brings it back.
    let saved = handle.snapshots(None, 10).await.unwrap();
    assert_eq!(saved[0].reason, "remove");
    assert!(
        saved[0].command.starts_with("the worktree "),
        "{}",
        saved[0].command
    );
    let to = tempfile::tempdir().unwrap();
    let undo = crate::undo::Undo {
        id: saved[0].id,
        to: Some(to.path().to_path_buf()),
        ..crate::undo::Undo::default()
    };
    handle.undo(&undo).await.unwrap();
    assert_eq!(
        std::fs::read_to_string(to.path().join("new.txt")).unwrap(),
        "draft"
    );
    // The default session goes only with its project.
    runner.stop("run-app-1").await.unwrap();
    let err = runner.remove("run-app-1", false).await.unwrap_err();
    assert!(err.to_string().contains("default session"), "{err}");
    let err = runner.get("run-nope-9").await.unwrap_err();
    assert!(matches!(err, RunnerError::NotFound(_)));
}

#[tokio::test]
async fn a_missing_profile_command_leaves_the_session_failed_with_the_reason() {
    let (_dir, handle, checkout) = setup(|config| {
        let table: toml::Table =
            "[profiles.shell]\ncommand = \"/bin/sh\"\n[profiles.tool]\ncommand = \"/nonexistent/tool\"\n"
                .parse()
                .unwrap();
        config.profiles = relay_core::profile::Profiles::from_toml(&table["profiles"]).unwrap();
    })
    .await;
    add(&handle, &checkout).await;
    let mut input = branch("app", "tool");
    input.profile = Some("tool".to_owned());
    let session = handle
        .runner()
        .create(input, &Caller::socket_peer())
        .await
        .unwrap();
    assert_eq!(session.state, "failed");
    assert!(
        session
            .error
            .as_deref()
            .unwrap()
            .contains("/nonexistent/tool, which does not exist")
    );
    let mut unknown = branch("app", "x");
    unknown.profile = Some("nope".to_owned());
    let err = handle
        .runner()
        .create(unknown, &Caller::socket_peer())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no profile \"nope\""), "{err}");
    handle.runner().remove(&session.name, false).await.unwrap();
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn a_task_session_works_on_the_tasks_branch_and_is_bound_to_the_task() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    add(&handle, &checkout).await;
    let task = handle
        .board()
        .create_task(
            crate::board::NewTask {
                project: "app".to_owned(),
                title: "Do it".to_owned(),
                ..Default::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    let key = format!("{}-{}", task.value.project_slug, task.value.number);
    let session = handle
        .runner()
        .create(
            NewSession {
                task: Some(key.clone()),
                ..NewSession::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    assert_eq!(session.branch, format!("relay/{key}"));
    let detail = handle.board().task(&key).await.unwrap();
    assert_eq!(detail.task.session.as_deref(), Some(session.name.as_str()));
    let err = handle
        .runner()
        .create(
            NewSession {
                task: Some("app-99".to_owned()),
                ..NewSession::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("app-99"), "{err}");
    handle.runner().stop(&session.name).await.unwrap();
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn sessions_left_running_by_a_previous_relayd_come_back_stopped_with_resume() {
    let (_dir, handle, checkout) = setup(|_| {}).await;
    add(&handle, &checkout).await;
    // The process is gone with "the previous relayd": forget the terminals, as a new process would have none.
    handle.runner().shutdown().await;
    wait_state(&handle, "run-app-1", "stopped").await;
    {
        let store = handle.store();
        let mut write = store.begin_write().await.unwrap();
        let row = db::session_by_name(&mut write, "run-app-1")
            .await
            .unwrap()
            .unwrap();
        db::set_state(&mut write, row.id, "running", None, None, 1)
            .await
            .unwrap();
        write.commit().await.unwrap();
    }
    lock(&handle.runner_state().live).clear();
    assert_eq!(handle.runner().reconcile_at_start().await.unwrap(), 1);
    let row = handle.runner().get("run-app-1").await.unwrap();
    assert_eq!(row.state, "stopped");
    assert!(row.error.unwrap().contains("resume starts it again"));
    // Attaching to it, with no terminal in this relayd, says so and how to start it (not that a resume was refused).
    let err = handle
        .runner()
        .attach("run-app-1", true, None)
        .await
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "cannot attach to session run-app-1: it is stopped; its program is not running; start it with `relay session resume`, then attach"
    );
    let resumed = handle.runner().resume("run-app-1").await.unwrap();
    assert_eq!(resumed.state, "running");
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn the_agents_hooks_in_a_runner_terminal_link_to_that_session_exactly_and_resume_continues_it() {
    let (_dir, handle, checkout) = setup(|config| {
        // A stand-in "claude" that prints its arguments, so resume's command line is seen on the screen.
        let table: toml::Table = "[profiles.shell]\ncommand = \"/bin/sh\"\n[profiles.claude]\ncommand = \"/bin/sh\"\nargs = [\"-c\", \"echo args:$0:$@; exec sleep 60\", \"claude\"]\n"
            .parse()
            .unwrap();
        config.profiles = relay_core::profile::Profiles::from_toml(&table["profiles"]).unwrap();
    })
    .await;
    add(&handle, &checkout).await;
    let mut input = branch("app", "agent");
    input.profile = Some("claude".to_owned());
    let session = handle
        .runner()
        .create(input, &Caller::socket_peer())
        .await
        .unwrap();
    assert_eq!(session.state, "running");
    // Claude Code's SessionStart, as `relay hook` forwards it from inside the terminal (RELAY_SESSION set).
    let body = serde_json::json!({
        "session_id": "cc-abc",
        "cwd": session.workspace,
        "hook_event_name": "SessionStart",
        "source": "startup",
        "relay_runner_session": session.name,
    });
    let event = relay_core::hook::read_event(
        relay_core::hook::Agent::Claude,
        relay_core::hook::Phase::SessionStart,
        body.to_string().as_bytes(),
    )
    .unwrap();
    let seen = handle.claude().hook(&event, true).await.unwrap();
    assert_eq!(seen.session.unwrap().name, session.name);
    let row = handle.runner().get(&session.name).await.unwrap();
    assert_eq!(row.agent_session_id.as_deref(), Some("cc-abc"));
    let store = handle.store();
    let mut read = store.read().await.unwrap();
    let linked = crate::store::hook_session::by_cc(&mut read, "cc-abc")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(linked.name, session.name);
    assert!(linked.cc_exact, "linked exactly, not guessed from the folder");
    drop(read);

    handle.runner().stop(&session.name).await.unwrap();
    let resumed = handle.runner().resume(&session.name).await.unwrap();
    assert_eq!(resumed.state, "running");
    let (_, mut attachment) = handle.runner().attach(&session.name, false, None).await.unwrap();
    until_screen(&mut attachment, "args:claude:--resume cc-abc").await;
    handle.runner().stop(&session.name).await.unwrap();
    handle.runner().stop("run-app-1").await.unwrap();
}

#[tokio::test]
async fn low_free_space_is_one_runner_disk_low_event_for_the_clients_and_shows_in_the_status() {
    // Every disk has less free than 10 TB: the warning is due at the first session.
    let (_dir, handle, checkout) = setup(|config| config.low_disk_warning_mb = 10_000_000).await;
    add(&handle, &checkout).await;
    for name in ["a", "b"] {
        let session = handle
            .runner()
            .create(branch("app", name), &Caller::socket_peer())
            .await
            .unwrap();
        assert_eq!(session.state, "running", "{:?}", session.error);
    }
    let events = handle.store().events_after(0, 10_000).await.unwrap();
    let low: Vec<_> = events.iter().filter(|e| e.kind == "runner.disk_low").collect();
    assert_eq!(low.len(), 1, "once while it stays low: {low:?}");
    let data: serde_json::Value = serde_json::from_str(&low[0].data).unwrap();
    assert_eq!(data["warning_mb"], 10_000_000);
    assert_eq!(data["refuse_below_mb"], handle.config().git_min_free_disk_mb);
    assert!(data["free_mb"].as_u64().unwrap() < 10_000_000, "{data}");
    assert!(handle.runner().metrics().low_disk);
}
