//! The one real-terminal run of the window: `relay` inside a detached tmux session of a fixed size, on a
//! seeded demo home with its own relayd. Keys go in with `tmux send-keys`, frames come back with
//! `tmux capture-pane -p`; the owner's decision is then checked through the CLI's JSON, and the terminal
//! through tmux's pane state (the process exited 0 and left the alternate screen).
//!
//! tmux is required, never skipped: tests/run installs it (apt package `tmux`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use relay_tests::tmux::{Tmux, quoted};
use relay_tests::{TestDaemon, TestHome, relay_bin, run};
use serde_json::Value;

#[tokio::test]
async fn owner_accepts_a_review_step_with_a_comment_when_driving_the_window_in_tmux() {
    let tmux_present = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        tmux_present,
        "tmux is not installed: the real-terminal test needs it (tests/run installs it; or apt-get install tmux)"
    );

    let home = TestHome::new();
    run(home.relay().arg("demo")).await.assert_success();
    let daemon = TestDaemon::start_in(home).await;
    let home = daemon.home();

    // After the window exits the pane stays, like a shell prompt would: its exit code is printed on the
    // normal screen and the terminal's modes can be read.
    let window = format!(
        "{} --home {} --port 0 board acme-shop; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(home.path())
    );
    let tmux = Tmux::start(home.scratch(), &window);

    // The README's command lands on the demo board: its first full frame, live.
    tmux.wait_for("the acme-shop board, live", |s| {
        s.contains("acme-shop") && s.contains("● live") && s.contains("acme-shop-4")
    })
    .await;

    // The inbox's review queue leads to the task's Review tab.
    tmux.send(&["i"]);
    tmux.wait_for("the inbox's review queue", |s| {
        s.contains("Review queue (1)") && s.contains("acme-shop-4")
    })
    .await;
    tmux.send(&["Enter"]);
    tmux.wait_for("the task's review checklist", |s| {
        s.contains("0 of 3 accepted") && s.contains("1. Turn on two-factor login")
    })
    .await;

    // Accept step 1 with a comment, sent with Ctrl-S.
    tmux.send(&["a"]);
    tmux.wait_for("the accept form", |s| {
        s.contains("Turn on two-factor login — the comment")
    })
    .await;
    let comment = "Works with my authenticator app";
    tmux.type_text(comment);
    tmux.wait_for("the typed comment", |s| s.contains(comment)).await;
    tmux.send(&["C-s"]);
    tmux.wait_for("the decision's answer", |s| {
        s.contains("step 1: accepted") && s.contains("1 of 3 accepted")
    })
    .await;

    // Quit: the process exits 0, and the terminal is restored: the normal screen, the cursor shown.
    tmux.send(&["q"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(
        after.contains("relay exited: 0"),
        "the window's exit code:\n{after}"
    );
    assert!(
        !after.contains("Needs you"),
        "the window's frame is gone (it drew on the alternate screen):\n{after}"
    );
    assert_eq!(
        tmux.pane("#{alternate_on}"),
        "0",
        "the window left the alternate screen"
    );
    assert_eq!(tmux.pane("#{cursor_flag}"), "1", "the cursor is shown again");
    assert_eq!(
        tmux.pane("#{keypad_cursor_flag}#{mouse_any_flag}"),
        "00",
        "no cursor-key or mouse mode left behind"
    );

    // The decision went through the daemon: step 1 accepted, the comment on it.
    let shown = run(daemon.relay().args(["review", "show", "acme-shop-4", "--json"])).await;
    shown.assert_success();
    let review: Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(review["accepted"], 1, "{review}");
    let step = &review["steps"][0];
    assert_eq!(step["status"], "accepted", "{review}");
    assert_eq!(step["decided_by"], "owner", "{review}");
    let comments = step["comments"].as_array().cloned().unwrap_or_default();
    assert!(
        comments
            .iter()
            .any(|c| c["body"].as_str().is_some_and(|b| b.contains(comment))),
        "the step carries the comment: {review}"
    );
    let listed = run(daemon.relay().args(["comment", "list", "acme-shop-4", "--json"])).await;
    listed.assert_success();
    assert!(listed.stdout.contains(comment), "{listed}");
}

#[tokio::test]
async fn typed_comment_survives_when_relayd_is_killed_and_comes_back_while_the_window_is_open() {
    let home = TestHome::new();
    run(home.relay().arg("demo")).await.assert_success();
    let daemon = TestDaemon::start_in(home).await;

    let window = format!(
        "{} --home {} --port 0 task acme-shop-4; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(daemon.home().path())
    );
    let tmux = Tmux::start(daemon.home().scratch(), &window);
    tmux.wait_for("the task, live", |s| {
        s.contains("acme-shop-4") && s.contains("● live")
    })
    .await;

    // An owner comment half written…
    tmux.send(&["c"]);
    let typed = "Please keep the old login page until Friday";
    tmux.type_text(typed);
    tmux.wait_for("the typed comment", |s| s.contains(typed)).await;

    // …when relayd dies: the window says so and keeps the text.
    let home = daemon.crash();
    let offline = tmux
        .wait_for("the offline indicator", |s| s.contains("○ offline"))
        .await;
    assert!(offline.contains(typed), "the text survives the crash:\n{offline}");

    // relayd comes back: the window reconnects by itself, the text still there, and it can be sent.
    let daemon = TestDaemon::start_in(home).await;
    let live = tmux
        .wait_for("the window live again", |s| s.contains("● live"))
        .await;
    assert!(live.contains(typed), "the text survives the reconnect:\n{live}");
    tmux.send(&["C-s"]);
    let deadline = std::time::Instant::now() + relay_tests::tmux::FRAME_TIMEOUT;
    loop {
        let listed = run(daemon.relay().args(["comment", "list", "acme-shop-4", "--json"])).await;
        listed.assert_success();
        if listed.stdout.contains(typed) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the comment never reached relayd; the window shows:\n{}",
            tmux.capture()
        );
        tokio::time::sleep(relay_tests::tmux::POLL).await;
    }
    tmux.send(&["q"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(after.contains("relay exited: 0"), "{after}");
    // The tmux server first: its socket lives in the home's scratch folder, which goes with the daemon.
    drop(tmux);
    drop(daemon);
}

/// The row of the pane on which `key` is drawn (its first), for telling the order of a column's cards.
fn row_of(screen: &str, key: &str) -> Option<usize> {
    screen.lines().position(|line| {
        line.match_indices(key)
            .any(|(at, _)| !line[at + key.len()..].starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Whether `upper` is drawn on a row above `lower`'s (both drawn).
fn above(screen: &str, upper: &str, lower: &str) -> bool {
    matches!((row_of(screen, upper), row_of(screen, lower)), (Some(a), Some(b)) if a < b)
}

async fn stage_of(home: &TestHome, key: &str) -> String {
    let shown = run(home.relay().args(["task", "show", key, "--json"])).await;
    shown.assert_success();
    let task: Value = serde_json::from_str(&shown.stdout).unwrap();
    task["task"]["stage"]
        .as_str()
        .or_else(|| task["stage"].as_str())
        .unwrap_or_else(|| panic!("no stage in {task}"))
        .to_owned()
}

/// On the demo's acme-shop board: the cursor on acme-shop-3 (dev, second card: dev is acme-shop-2 with priority 1,
/// then 3 and 8 by number) while an agent gives acme-shop-2 a progress line (it stays where it is) and acme-shop-8 a
/// priority that puts it above the selected card; then `m 3 Enter` moves acme-shop-3 — the card the cursor was
/// put on — to review.
async fn move_the_selected_card_while_an_agent_reorders_its_column(tmux: &Tmux, home: &TestHome) {
    tmux.send(&["l", "j"]);
    // The keys reach the window before the agent's writes below (the selection is not visible in plain text).
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before = tmux.capture();
    assert!(
        above(&before, "acme-shop-2", "acme-shop-3") && above(&before, "acme-shop-3", "acme-shop-8"),
        "dev by priority, then number:\n{before}"
    );
    for (task, field, session) in [
        (
            "acme-shop-2",
            "progress=Paying with a saved card works",
            "worker-1",
        ),
        ("acme-shop-8", "priority=1", "worker-2"),
    ] {
        run(home
            .relay()
            .args(["task", "update", task, "--set", field, "--session", session]))
        .await
        .assert_success();
    }
    tmux.wait_for("acme-shop-8 above acme-shop-3", |s| {
        above(s, "acme-shop-8", "acme-shop-3")
    })
    .await;
    tmux.send(&["m"]);
    tmux.wait_for("the stage picker of the selected card", |s| {
        s.contains("Move acme-shop-3")
    })
    .await;
    tmux.send(&["3", "Enter"]);
    let deadline = std::time::Instant::now() + relay_tests::tmux::FRAME_TIMEOUT;
    while stage_of(home, "acme-shop-3").await != "review" {
        assert!(
            std::time::Instant::now() < deadline,
            "acme-shop-3 never moved; the window shows:\n{}",
            tmux.capture()
        );
        tokio::time::sleep(relay_tests::tmux::POLL).await;
    }
}

#[tokio::test]
async fn owner_keys_act_on_the_selected_task_while_an_agent_writes_and_never_behind_the_enlarge_screen() {
    let home = TestHome::new();
    run(home.relay().arg("demo")).await.assert_success();
    let daemon = TestDaemon::start_in(home).await;
    let window = format!(
        "{} --home {} --port 0 board acme-shop; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(daemon.home().path())
    );
    let tmux = Tmux::start(daemon.home().scratch(), &window);
    tmux.wait_for("the acme-shop board, live", |s| {
        s.contains("● live") && s.contains("acme-shop-3") && s.contains("acme-shop-8")
    })
    .await;

    move_the_selected_card_while_an_agent_reorders_its_column(&tmux, daemon.home()).await;
    assert_eq!(stage_of(daemon.home(), "acme-shop-2").await, "dev");
    assert_eq!(stage_of(daemon.home(), "acme-shop-8").await, "dev");
    tmux.send(&["Enter"]);
    tmux.wait_for("the task view of the followed card", |s| {
        s.contains("Projects › acme-shop › acme-shop-3")
    })
    .await;
    tmux.send(&["Escape"]);
    tmux.wait_for("the board again", |s| {
        !s.contains("› acme-shop-3") && s.contains("acme-shop-4")
    })
    .await;

    // The move is the owner's: the event log says so (not "cli").
    let events = run(daemon.relay().args(["events", "--json", "-p", "acme-shop"])).await;
    events.assert_success();
    let moved: Vec<Value> = events
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["kind"] == "task.stage_changed" && e["subject"] == "acme-shop-3")
        .collect();
    assert_eq!(moved.len(), 1, "{}", events.stdout);
    assert_eq!(moved[0]["data"]["actor"], "owner", "{}", moved[0]);

    // At 40×10 the window asks for a larger terminal, and `m 6 Enter` does nothing unseen.
    tmux.resize(40, 10);
    tmux.wait_for("the enlarge screen", |s| s.contains("Enlarge the terminal"))
        .await;
    tmux.send(&["m"]);
    tmux.send(&["6"]);
    tmux.send(&["Enter"]);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    tmux.resize(200, 50);
    let back = tmux
        .wait_for("the board at full size", |s| {
            s.contains("● live") && s.contains("acme-shop-3")
        })
        .await;
    assert!(
        !back.contains("Move acme-shop"),
        "no stage picker opened unseen:\n{back}"
    );
    assert_eq!(
        stage_of(daemon.home(), "acme-shop-3").await,
        "review",
        "nothing moved to done"
    );

    tmux.send(&["q"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(after.contains("relay exited: 0"), "{after}");
    drop(tmux);
    drop(daemon);
}

async fn daemon_pid(home: &TestHome) -> Option<u64> {
    let status = run(home.relay().args(["daemon", "status", "--json"])).await;
    let json: Value = serde_json::from_str(&status.stdout).ok()?;
    json["pid"].as_u64()
}

#[tokio::test]
async fn window_brings_back_the_relayd_it_started_when_that_relayd_exits() {
    let home = TestHome::new();
    run(home.relay().arg("demo")).await.assert_success();
    // No relayd yet: the window's `relay` starts it, so the window brings it back when it goes.
    let window = format!(
        "{} --home {} --port 0 board acme-shop; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(home.path())
    );
    let tmux = Tmux::start(home.scratch(), &window);
    tmux.wait_for("the board, live", |s| {
        s.contains("● live") && s.contains("acme-shop-4")
    })
    .await;
    let first = daemon_pid(&home).await.expect("the window started relayd");

    run(home.relay().args(["daemon", "stop"])).await.assert_success();
    let back = tmux
        .wait_for("relayd started again by the window", |s| {
            s.contains("relayd had stopped; started relayd") && s.contains("● live")
        })
        .await;
    let second = daemon_pid(&home)
        .await
        .unwrap_or_else(|| panic!("no relayd runs:\n{back}"));
    assert_ne!(first, second, "a new relayd");

    // The board works on it: a write from another shell shows.
    run(home.relay().args([
        "task",
        "update",
        "acme-shop-1",
        "--set",
        "title=Address book page, restarted",
    ]))
    .await
    .assert_success();
    tmux.wait_for("the write on the new relayd", |s| {
        s.contains("Address book page, re")
    })
    .await;

    tmux.send(&["q"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(after.contains("relay exited: 0"), "{after}");
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
    drop(tmux);
}

/// A runner session's terminal in the window (issue 14's TUI): the sessions screen lists the checkout's default
/// session with its runner state, Enter attaches its terminal, typed keys reach the shell and its echo comes back,
/// the prefix key detaches (the session goes on), and attaching again shows the same screen from relayd.
#[tokio::test]
async fn a_runner_session_is_attached_typed_into_detached_and_reattached_in_the_window() {
    let daemon = TestDaemon::builder()
        .config("[profiles.shell]\ncommand = \"/bin/sh\"\n")
        .start()
        .await;
    let checkout = daemon.home().scratch().join("shop");
    std::fs::create_dir_all(&checkout).unwrap();
    relay_tests::git(&checkout, &["init", "-q", "-b", "main"]);
    std::fs::write(checkout.join("README"), "shop\n").unwrap();
    relay_tests::git(&checkout, &["add", "README"]);
    relay_tests::git(&checkout, &["commit", "-q", "-m", "first"]);
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();

    let window = format!(
        "{} --home {}; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(daemon.home().path())
    );
    let tmux = Tmux::start(daemon.home().scratch(), &window);
    tmux.wait_for("the projects, live", |s| {
        s.contains("● live") && s.contains("shop")
    })
    .await;
    tmux.send(&["s"]);
    tmux.wait_for("the runner session in the sessions table", |s| {
        s.contains("run-shop-1") && s.contains("local running")
    })
    .await;
    tmux.send(&["Enter"]);
    tmux.wait_for("the attached terminal", |s| {
        s.contains("keys go to the session") && s.contains("Ctrl-B d detach")
    })
    .await;
    tmux.type_text("echo hi-$((40+2))");
    tmux.send(&["Enter"]);
    tmux.wait_for("the shell's answer", |s| s.contains("hi-42")).await;

    // Prefix then d: back on the sessions, the session still running.
    tmux.send(&["C-b"]);
    tmux.wait_for("the prefix's keys", |s| s.contains("Ctrl-B: d detach"))
        .await;
    tmux.send(&["d"]);
    tmux.wait_for("detached, back on the sessions", |s| {
        s.contains("detached from run-shop-1") && s.contains("local running")
    })
    .await;

    // Attached again: relayd's screen comes back first, with the earlier answer on it.
    tmux.send(&["Enter"]);
    let again = tmux
        .wait_for("the same screen again", |s| {
            s.contains("keys go to the session") && s.contains("hi-42")
        })
        .await;
    assert!(again.contains("echo hi-$((40+2))"), "{again}");
    tmux.send(&["C-b"]);
    tmux.send(&["d"]);
    tmux.wait_for("detached again", |s| s.contains("detached from run-shop-1"))
        .await;

    // n: a second session from the window, on a branch of its own; the same branch again is refused in the form.
    tmux.send(&["n"]);
    tmux.wait_for("the new-session form", |s| s.contains("New runner session"))
        .await;
    tmux.type_text("feature/search");
    tmux.send(&["Enter"]);
    tmux.wait_for("the second session running", |s| {
        s.contains("started run-shop-2 (local, shell) on branch feature/search")
    })
    .await;
    tmux.wait_for("both in the table", |s| s.matches("local running").count() == 2)
        .await;
    tmux.send(&["n"]);
    tmux.wait_for("the form again", |s| s.contains("New runner session"))
        .await;
    tmux.type_text("feature/search");
    tmux.send(&["Enter"]);
    tmux.wait_for("the branch conflict, in the form", |s| {
        s.contains("Refused:") && s.contains("feature/search")
    })
    .await;
    tmux.send(&["Escape"]);
    // (Esc and a key sent at once read as Alt and the key.)
    tmux.wait_for("the form closed", |s| !s.contains("New runner session"))
        .await;
    // The refused line is kept as a draft, so quitting asks first.
    tmux.send(&["q"]);
    tmux.wait_for("the question about the draft", |s| {
        s.contains("Quit? 1 draft not sent will be lost")
    })
    .await;
    tmux.send(&["y"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(after.contains("relay exited: 0"), "{after}");
    drop(tmux);
    drop(daemon);
}

/// The new user's journey (JOURNEYS.md §1, the README's run command) in one real terminal: `relay demo` then the
/// board, relayd started by `relay` itself; `?` lists the keys; the owner puts the cursor on a card while an agent
/// writes to the board from another shell and the keys still act on that card; the card moves; the inbox leads to
/// the review, one step is accepted with a comment and one rejected with a reason; the owner comments for the
/// agent; `q` leaves the terminal as it was.
#[tokio::test]
async fn new_user_journey_from_the_readme_command_to_the_owners_whole_job() {
    let home = TestHome::new();
    let relay = quoted(&relay_bin());
    let dir = quoted(home.path());
    // The README's command, with this test's home in place of /tmp/relay-demo.
    let window = format!(
        "{relay} demo --home {dir} && {relay} --home {dir} board acme-shop; echo \"relay exited: $?\"; exec sleep 600"
    );
    let tmux = Tmux::start(home.scratch(), &window);
    tmux.wait_for("the demo board, live", |s| {
        s.contains("● live") && s.contains("acme-shop-3") && s.contains("acme-shop-4")
    })
    .await;

    // `?` shows the keys; any other key closes the help.
    tmux.send(&["?"]);
    tmux.wait_for("the help", |s| {
        s.contains("Help") && s.contains("move the task to another stage")
    })
    .await;
    tmux.send(&["Escape"]);
    tmux.wait_for("the board again", |s| {
        !s.contains("Help ·") && s.contains("acme-shop-3")
    })
    .await;

    // The cursor on acme-shop-3 while an agent reorders the column from another shell; `m` still moves it.
    move_the_selected_card_while_an_agent_reorders_its_column(&tmux, &home).await;

    // The inbox's review queue leads to the checklist: accept step 1 with a comment, reject step 2 with a reason.
    tmux.send(&["i"]);
    tmux.wait_for("the inbox", |s| {
        s.contains("Review queue") && s.contains("acme-shop-4")
    })
    .await;
    tmux.send(&["Enter"]);
    tmux.wait_for("the review checklist", |s| s.contains("0 of 3 accepted"))
        .await;
    tmux.send(&["a"]);
    tmux.wait_for("the accept form", |s| s.contains("Accept step 1"))
        .await;
    tmux.type_text("Works with my authenticator app");
    tmux.send(&["C-s"]);
    tmux.wait_for("step 1 accepted", |s| s.contains("1 of 3 accepted"))
        .await;
    // After a decision the cursor is on the next open step already: step 2.
    tmux.send(&["x"]);
    tmux.wait_for("the reject form", |s| s.contains("Reject step 2"))
        .await;
    tmux.type_text("The recovery codes are not shown after setup");
    tmux.send(&["C-s"]);
    tmux.wait_for("step 2 rejected", |s| s.contains("step 2: rejected"))
        .await;

    // An owner comment for the bound session's agent.
    tmux.send(&["c"]);
    tmux.wait_for("the comment form", |s| s.contains("Comment on acme-shop-4"))
        .await;
    tmux.type_text("Please also log the change in Jira");
    tmux.send(&["C-s"]);
    tmux.wait_for("the comment sent", |s| s.contains("comment sent on acme-shop-4"))
        .await;

    let review = run(home.relay().args(["review", "show", "acme-shop-4", "--json"])).await;
    review.assert_success();
    let review: Value = serde_json::from_str(&review.stdout).unwrap();
    let status = |position: usize| {
        review["steps"][position - 1]["status"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        (status(1), status(2)),
        ("accepted".to_owned(), "rejected".to_owned()),
        "{review}"
    );
    let comments = run(home.relay().args(["comment", "list", "acme-shop-4", "--json"])).await;
    comments.assert_success();
    assert!(
        comments.stdout.contains("Please also log the change in Jira"),
        "{}",
        comments.stdout
    );

    // q: exit 0, the normal screen back and the cursor shown.
    tmux.send(&["q"]);
    let after = tmux
        .wait_for("the shell's line after the window exited", |s| {
            s.contains("relay exited: ")
        })
        .await;
    assert!(after.contains("relay exited: 0"), "{after}");
    assert_eq!(tmux.pane("#{alternate_on}"), "0", "left the alternate screen");
    assert_eq!(tmux.pane("#{cursor_flag}"), "1", "the cursor is shown");
    run(home.relay().args(["daemon", "stop"])).await.assert_success();
    drop(tmux);
}

/// A Claude Code session's uncommitted work, saved by the pre-tool hook before another command's `git reset
/// --hard`, is listed under the session on the sessions screen and brought back with U and y in the window.
#[tokio::test]
async fn a_sessions_snapshot_is_restored_from_the_window_after_a_reset_discarded_its_work() {
    // A loaded test machine may need longer than the 220 ms a hook answer waits for its snapshot by default.
    let daemon = TestDaemon::builder()
        .env("RELAY_UNDO_WAIT_MS", "15000")
        .start()
        .await;
    let home = daemon.home();
    let root = home.scratch().join("shop");
    std::fs::create_dir_all(&root).unwrap();
    relay_tests::git(&root, &["init", "-q", "-b", "main"]);
    std::fs::write(root.join("a.txt"), "one\n").unwrap();
    relay_tests::git(&root, &["add", "-A"]);
    relay_tests::git(&root, &["commit", "-qm", "start"]);
    let cwd = root.to_string_lossy().into_owned();
    let start = serde_json::json!({"session_id": "cc-tmux", "cwd": cwd, "hook_event_name": "SessionStart",
        "source": "startup"});
    relay_tests::run_with_stdin(
        home.relay().args(["hook", "claude", "session-start"]),
        start.to_string().as_bytes(),
    )
    .await
    .assert_success();
    std::fs::write(root.join("a.txt"), "the session's edit\n").unwrap();
    std::fs::write(root.join("notes.md"), "the session's notes\n").unwrap();
    let reset = serde_json::json!({"session_id": "cc-tmux", "cwd": cwd, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "git reset --hard && git clean -fd"}});
    let answer = relay_tests::run_with_stdin(
        home.relay().args(["hook", "claude", "pre-tool"]),
        reset.to_string().as_bytes(),
    )
    .await;
    answer.assert_success();
    assert!(answer.stdout.contains("relay undo 1"), "{answer}");
    relay_tests::git(&root, &["reset", "-q", "--hard"]);
    relay_tests::git(&root, &["clean", "-qfd"]);
    assert!(!root.join("notes.md").exists());

    let window = format!(
        "{} --home {} --port 0; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(home.path())
    );
    let tmux = Tmux::start(home.scratch(), &window);
    tmux.wait_for("the projects, live", |s| s.contains("● live"))
        .await;
    tmux.send(&["s"]);
    tmux.wait_for("the session's snapshot under its detail", |s| {
        s.contains("Snapshots · 1") && s.contains("git reset --hard ; git clean -fd")
    })
    .await;
    tmux.send(&["U"]);
    let question = tmux
        .wait_for("what the restore would change, asked first", |s| {
            s.contains("Restore snapshot") && s.contains("y restores 2 file(s)")
        })
        .await;
    assert!(question.contains("create     notes.md"), "{question}");
    assert!(
        !root.join("notes.md").exists(),
        "nothing is written before the yes"
    );
    tmux.send(&["y"]);
    tmux.wait_for("the restore's answer", |s| {
        s.contains("Restored 2 file(s) of snapshot #1")
    })
    .await;
    assert_eq!(
        std::fs::read_to_string(root.join("a.txt")).unwrap(),
        "the session's edit\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("notes.md")).unwrap(),
        "the session's notes\n"
    );
    tmux.send(&["q"]);
    tmux.wait_for("the window exited", |s| s.contains("relay exited: 0"))
        .await;
}
