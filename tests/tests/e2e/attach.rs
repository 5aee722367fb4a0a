//! Screenshots end to end: an agent attaches over MCP (rmcp's client) from a path and from base64, the same
//! image is stored once and the answer names its step, captions, and every refusal of the spec's Screenshots
//! paragraph comes back as a tool error that names the rule and changes nothing; the owner lists, reads,
//! adds and removes through `relay attachment …` (the file is gone after rm), and a restart sweeps files no
//! row names.
//!
//! Test-only helpers panic on a setup failure (a file that cannot be written), like the harness does.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use relay_tests::{Output, TestDaemon, TestHome, run};
use rmcp::ServiceError;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::{Value, json};

use crate::mcp::{Client, connect, text};

async fn call(client: &Client, tool: &str, arguments: Value) -> Result<CallToolResult, ServiceError> {
    let arguments = arguments.as_object().cloned().unwrap_or_default();
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
}

/// PNG magic bytes followed by `len - 8` bytes derived from `seed`.
fn png(len: usize, seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..len.saturating_sub(8)).map(|i| (i as u8).wrapping_mul(13).wrapping_add(seed)));
    bytes
}

/// A daemon whose temp folder is `<scratch>/tmp` (so the rest of the scratch folder is outside every allowed
/// folder), a project `acme` whose repository is `<scratch>/repo`, its task `acme-1` with a three-step review
/// checklist, and a connected agent.
struct Setup {
    daemon: TestDaemon,
    client: Client,
    repo: PathBuf,
    outside: PathBuf,
}

impl Setup {
    async fn new(config: &str) -> Setup {
        let home = TestHome::new();
        let scratch = home.scratch().to_path_buf();
        let (repo, outside, temp) = (scratch.join("repo"), scratch.join("outside"), scratch.join("tmp"));
        for dir in [&repo, &outside, &temp] {
            std::fs::create_dir_all(dir).unwrap();
        }
        let daemon = TestDaemon::builder()
            .home(home)
            .env("TMPDIR", temp.to_str().unwrap())
            .config(config)
            .start()
            .await;
        let client = connect(&daemon).await;
        let setup = Setup {
            daemon,
            client,
            repo,
            outside,
        };
        setup
            .ok(
                "project_upsert",
                json!({ "slug": "acme", "repo_path": setup.repo.to_str().unwrap(), "session": "agent-1" }),
            )
            .await;
        setup
            .ok(
                "task_create",
                json!({ "project": "acme", "title": "Login page", "session": "agent-1" }),
            )
            .await;
        setup
            .ok(
                "review_steps_set",
                json!({ "task": "acme-1", "session": "agent-1", "steps": [
                    { "title": "Home page" }, { "title": "Login with 2FA" }, { "title": "Logout" },
                ]}),
            )
            .await;
        setup
    }

    async fn ok(&self, tool: &str, arguments: Value) -> String {
        let result = call(&self.client, tool, arguments)
            .await
            .unwrap_or_else(|e| panic!("{tool} failed as a protocol error: {e}"));
        assert_ne!(result.is_error, Some(true), "{tool} failed: {}", text(&result));
        text(&result)
    }

    /// A refused call: a tool error ending in "Nothing changed.", and no event written.
    async fn refused(&self, tool: &str, arguments: Value) -> String {
        let before = self.daemon.get_status().await.last_event_id;
        let result = call(&self.client, tool, arguments)
            .await
            .unwrap_or_else(|e| panic!("{tool} failed as a protocol error: {e}"));
        let message = text(&result);
        assert_eq!(
            result.is_error,
            Some(true),
            "{tool} should fail, answered: {message}"
        );
        assert!(message.ends_with("Nothing changed."), "{message}");
        assert_eq!(
            self.daemon.get_status().await.last_event_id,
            before,
            "a refused call wrote something: {message}"
        );
        message
    }

    fn file(&self, dir: &Path, name: &str, bytes: &[u8]) -> String {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_owned()
    }

    /// `<home>/attachments/acme/acme-1`.
    fn stored_dir(&self) -> PathBuf {
        self.daemon.home().path().join("attachments/acme/acme-1")
    }

    fn stored_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.stored_dir())
            .map(|entries| entries.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        files
    }

    async fn relay(&self, args: &[&str]) -> Output {
        run(self.daemon.relay().args(args)).await
    }
}

#[tokio::test]
async fn agent_attaches_from_path_and_base64_and_the_same_image_is_stored_once_naming_its_step() {
    let setup = Setup::new("").await;
    let shot = png(4096, 1);
    let path = setup.file(&setup.repo, "login.png", &shot);
    let attached = setup
        .ok(
            "attach_file",
            json!({ "task": "acme-1", "path": path, "step": 2, "caption": "The 2FA prompt", "session": "agent-1" }),
        )
        .await;
    assert_eq!(
        attached,
        "Attached #1 (PNG, 4 KB, login.png) to step 2 'Login with 2FA' of acme-1."
    );
    let stored = setup.stored_files();
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(std::fs::read(&stored[0]).unwrap(), shot);

    // The same bytes again, as base64 and for another step: reused, nothing written.
    let before = setup.daemon.get_status().await.last_event_id;
    let again = setup
        .ok(
            "attach_file",
            json!({ "task": "acme-1", "content_base64": STANDARD.encode(&shot), "step": 3, "session": "agent-1" }),
        )
        .await;
    assert!(
        again.starts_with(
            "Already attached as #1 on step 2 'Login with 2FA' of acme-1 (the same image, SHA-256 "
        ),
        "{again}"
    );
    assert!(again.contains("stays where it was first attached"), "{again}");
    assert_eq!(setup.daemon.get_status().await.last_event_id, before);
    assert_eq!(setup.stored_files().len(), 1);

    // Other content from base64 (a GIF), on no step.
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01".to_vec();
    let from_base64 = setup
        .ok(
            "attach_file",
            json!({ "task": "acme-1", "content_base64": STANDARD.encode(&gif), "filename": "empty.gif" }),
        )
        .await;
    assert_eq!(
        from_base64,
        "Attached #2 (GIF, 23 bytes, empty.gif) to acme-1 (no review step)."
    );
    let captioned = setup
        .ok(
            "attachment_caption",
            json!({ "attachment": 2, "caption": "Empty state", "session": "agent-1" }),
        )
        .await;
    assert_eq!(captioned, "Captioned #2 on acme-1 (no review step).");

    // The owner sees both, step screenshots first, with their captions.
    let listed = setup.relay(&["attachment", "list", "acme-1", "--json"]).await;
    listed.assert_success();
    let list: Value = serde_json::from_str(&listed.stdout).unwrap();
    let summary: Vec<(i64, Option<i64>, &str, Option<&str>)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["id"].as_i64().unwrap(),
                a["step"].as_i64(),
                a["media_type"].as_str().unwrap(),
                a["caption"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, Some(2), "image/png", Some("The 2FA prompt")),
            (2, None, "image/gif", Some("Empty state"))
        ]
    );
    let events = setup.relay(&["events", "--json"]).await;
    let kinds: Vec<String> = events
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|e| e["kind"].as_str().map(str::to_owned))
        .filter(|kind| kind.starts_with("attachment."))
        .collect();
    assert_eq!(
        kinds,
        ["attachment.added", "attachment.added", "attachment.updated"]
    );
}

#[tokio::test]
async fn every_refusal_of_the_screenshot_rules_is_a_tool_error_that_changes_nothing() {
    let setup = Setup::new("attachments_max_mb = 1\n").await;
    let refuse = |arguments: Value| setup.refused("attach_file", arguments);

    let svg = setup.file(
        &setup.repo,
        "innocent.png",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
    );
    let message = refuse(json!({ "task": "acme-1", "path": svg })).await;
    assert!(message.contains("its content is SVG (XML text)"), "{message}");

    let secret = setup.file(&setup.outside, "secret.png", &png(100, 2));
    let link = setup.repo.join("link.png");
    std::os::unix::fs::symlink(&secret, &link).unwrap();
    let message = refuse(json!({ "task": "acme-1", "path": link.to_str().unwrap() })).await;
    assert!(
        message.contains("is outside the folders screenshots may be read from")
            && message.contains("add its folder to attachment_roots"),
        "{message}"
    );

    let escape = format!("{}/../outside/secret.png", setup.repo.display());
    let message = refuse(json!({ "task": "acme-1", "path": escape })).await;
    assert!(message.contains("is outside the folders"), "{message}");

    let fifo = setup.repo.join("pipe.png");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let message = refuse(json!({ "task": "acme-1", "path": fifo.to_str().unwrap() })).await;
    assert!(
        message.contains("a named pipe (FIFO), not a regular file"),
        "{message}"
    );

    let message = refuse(json!({ "task": "acme-1", "path": "/dev/zero" })).await;
    assert!(message.contains("/dev/zero"), "{message}");

    let big = setup.file(&setup.repo, "big.png", &png(1024 * 1024 + 1, 3));
    let message = refuse(json!({ "task": "acme-1", "path": big })).await;
    assert!(
        message.contains("the limit is 1 MB per screenshot (attachments_max_mb)"),
        "{message}"
    );
    let message =
        refuse(json!({ "task": "acme-1", "content_base64": STANDARD.encode(png(1024 * 1024 + 64, 4)) }))
            .await;
    assert!(message.contains("content_base64 is"), "{message}");

    for unc in [
        r"\\fileserver\shots\a.png",
        "//fileserver/shots/a.png",
        r"\\?\C:\a.png",
        r"\\.\pipe\x",
    ] {
        let message = refuse(json!({ "task": "acme-1", "path": unc })).await;
        assert!(
            message.contains("network share or device path"),
            "{unc}: {message}"
        );
    }
    let message = refuse(json!({ "task": "acme-1", "path": "shots/a.png" })).await;
    assert!(message.contains("is not an absolute path"), "{message}");

    let token = setup.daemon.home().path().join("token");
    let message = refuse(json!({ "task": "acme-1", "path": token.to_str().unwrap() })).await;
    assert!(message.contains("relay's own data folder"), "{message}");

    let message = refuse(json!({ "task": "acme-1", "content_base64": "%%% not base64 %%%" })).await;
    assert!(message.contains("is not valid base64"), "{message}");
    let ok_png = setup.file(&setup.repo, "ok.png", &png(100, 5));
    let message = refuse(json!({ "task": "acme-1", "path": ok_png, "content_base64": "AAAA" })).await;
    assert!(
        message.contains("either path or content_base64, not both"),
        "{message}"
    );
    let message = refuse(json!({ "task": "acme-1" })).await;
    assert!(message.contains("give path"), "{message}");
    let message = refuse(json!({ "task": "acme-1", "path": ok_png, "step": 7 })).await;
    assert!(
        message.contains("acme-1 has no review step 7; its steps are 1 to 3"),
        "{message}"
    );
    let message = refuse(json!({ "task": "acme-9", "path": ok_png })).await;
    assert!(message.contains("unknown task `acme-9`"), "{message}");
    let message = setup
        .refused("attachment_caption", json!({ "attachment": 99, "caption": "x" }))
        .await;
    assert!(message.contains("no screenshot #99"), "{message}");

    assert!(setup.stored_files().is_empty(), "no refused file was stored");
    // Removing is the owner's: agents have no tool for it.
    let tools = setup.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert!(names.contains(&"attach_file") && names.contains(&"attachment_caption"));
    assert!(
        !names
            .iter()
            .any(|n| n.contains("attachment_r") || n.contains("delete")),
        "{names:?}"
    );
    let err = call(&setup.client, "attachment_remove", json!({ "attachment": 1 }))
        .await
        .expect_err("no MCP tool removes a screenshot");
    assert!(
        err.to_string().contains("unknown tool `attachment_remove`"),
        "{err}"
    );
}

/// Runs `command` with its stdout on a pseudo-terminal of its own (stderr captured); returns its output and what
/// reached the terminal.
fn on_a_terminal(command: &mut std::process::Command) -> (std::process::Output, Vec<u8>) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::io::Read;
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("open a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let name = std::path::PathBuf::from(name.to_string_lossy().into_owned());
    let terminal = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&name)
        .unwrap_or_else(|e| panic!("open {}: {e}", name.display()));
    // Drained meanwhile, so a command that wrongly writes the image never blocks on a full terminal.
    let mut master = std::fs::File::from(master);
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0; 4096];
        // Once every copy of the terminal side is closed, reading fails (EIO): the end.
        while let Ok(n @ 1..) = master.read(&mut buf) {
            seen.extend_from_slice(&buf[..n]);
        }
        seen
    });
    let output = command
        .stdin(std::process::Stdio::null())
        .stdout(terminal)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run the command on the terminal");
    // The child has exited; `command` holds the last copy of the terminal side until its stdout is replaced.
    command.stdout(std::process::Stdio::null());
    let seen = reader.join().expect("the terminal reader");
    (output, seen)
}

#[tokio::test]
async fn owner_adds_lists_gets_and_removes_screenshots_from_the_command_line() {
    let setup = Setup::new("").await;
    let shot = png(70_000, 6);
    let path = setup.file(&setup.repo, "home.png", &shot);
    let added = setup
        .relay(&[
            "attachment",
            "add",
            "acme-1",
            &path,
            "--step",
            "1",
            "--caption",
            "Home, logged out",
        ])
        .await;
    added.assert_success();
    assert_eq!(
        added.stdout.trim(),
        "attached #1 (PNG, 69 KB, home.png) to step 1 'Home page' of acme-1"
    );
    let again = setup.relay(&["attachment", "add", "acme-1", &path]).await;
    again.assert_success();
    assert_eq!(
        again.stdout.trim(),
        "#1 is already on step 1 'Home page' of acme-1"
    );
    assert!(again.stderr.contains("relay: Already attached as #1"), "{again}");

    let listed = setup.relay(&["attachment", "list", "acme-1"]).await;
    listed.assert_success();
    assert!(
        listed
            .stdout
            .starts_with("acme-1: 1 screenshot, 69 KB of 200 MB per task\n"),
        "{listed}"
    );
    assert!(
        listed
            .stdout
            .contains("#1    step 1 'Home page' · PNG, 69 KB, home.png · "),
        "{listed}"
    );
    assert!(listed.stdout.contains("Home, logged out"), "{listed}");

    // get -o writes the exact bytes; without -o they go to stdout (a pipe here).
    let out = setup.daemon.home().scratch().join("copy.png");
    let got = setup
        .relay(&["attachment", "get", "#1", "-o", out.to_str().unwrap()])
        .await;
    got.assert_success();
    assert_eq!(std::fs::read(&out).unwrap(), shot);
    let piped = setup
        .daemon
        .relay()
        .args(["attachment", "get", "1"])
        .output()
        .unwrap();
    assert_eq!(piped.status.code(), Some(0));
    assert_eq!(piped.stdout, shot);
    // To a terminal (a pseudo-terminal here) it is refused: exit 2, and not a byte reaches the terminal.
    let (to_terminal, on_terminal) = on_a_terminal(setup.daemon.relay().args(["attachment", "get", "1"]));
    assert_eq!(to_terminal.status.code(), Some(2), "{to_terminal:?}");
    assert_eq!(
        String::from_utf8_lossy(&to_terminal.stderr),
        "relay: error: screenshot #1 is binary image data and stdout is a terminal; write it to a file with -o FILE, or pipe it (relay attachment get 1 > shot.png)\n"
    );
    assert_eq!(on_terminal, b"", "nothing was written to the terminal");

    // An image piped in on stdin (a paste), to another step.
    let pasted = png(3000, 9);
    let stdin_add = |bytes: Vec<u8>| {
        let mut command = setup.daemon.relay();
        command
            .args([
                "attachment",
                "add",
                "acme-1",
                "-",
                "--step",
                "3",
                "--name",
                "pasted.png",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = command.spawn().unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), &bytes).unwrap();
        child.wait_with_output().unwrap()
    };
    let added = stdin_add(pasted.clone());
    assert_eq!(
        added.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&added.stdout).trim(),
        "attached #2 (PNG, 3 KB, pasted.png) to step 3 'Logout' of acme-1"
    );
    let svg = stdin_add(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec());
    assert_eq!(svg.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&svg.stderr)
            .contains("the pasted content is not a PNG, JPEG, WebP or GIF image"),
        "{}",
        String::from_utf8_lossy(&svg.stderr)
    );
    setup.relay(&["attachment", "rm", "2"]).await.assert_success();

    // A refused file exits 2 and names the rule; the task's limit is a refusal (1); an unknown id is 4.
    let outside = setup.file(&setup.outside, "x.png", &png(100, 7));
    let refused = setup.relay(&["attachment", "add", "acme-1", &outside]).await;
    refused.assert_code(2);
    assert!(
        refused
            .stderr
            .contains("is outside the folders screenshots may be read from"),
        "{refused}"
    );
    setup.relay(&["attachment", "get", "9"]).await.assert_code(4);

    let stored = setup.stored_files();
    assert_eq!(stored.len(), 1);
    let removed = setup.relay(&["attachment", "rm", "1", "--json"]).await;
    removed.assert_success();
    let answer: Value = serde_json::from_str(&removed.stdout).unwrap();
    assert_eq!(answer["attachment"]["id"], 1);
    assert_eq!(answer["changed"], true);
    assert!(!stored[0].exists(), "the file is gone after rm");
    let empty = setup.relay(&["attachment", "list", "acme-1"]).await;
    assert_eq!(empty.stdout.trim(), "acme-1 has no screenshots");
    setup.relay(&["attachment", "rm", "1"]).await.assert_code(4);
}

#[tokio::test]
async fn restart_sweeps_files_and_folders_no_row_names_and_keeps_stored_ones() {
    let setup = Setup::new("").await;
    let path = setup.file(&setup.repo, "a.png", &png(500, 8));
    setup
        .ok("attach_file", json!({ "task": "acme-1", "path": path }))
        .await;
    let kept = setup.stored_files();
    assert_eq!(kept.len(), 1);
    let orphan = setup.stored_dir().join("00112233445566778899aabbccddeeff.png");
    std::fs::write(&orphan, b"left by a crash").unwrap();
    let leftover = setup.stored_dir().join(".incoming-abc");
    std::fs::write(&leftover, b"a copy that never finished").unwrap();
    let gone_task = setup.daemon.home().path().join("attachments/old/old-4");
    std::fs::create_dir_all(&gone_task).unwrap();
    std::fs::write(gone_task.join("ffeeddccbbaa99887766554433221100.gif"), b"orphan").unwrap();

    let Setup { daemon, client, .. } = setup;
    drop(client);
    let home = daemon.stop().await;
    let daemon = TestDaemon::start_in(home).await;
    assert!(kept[0].exists(), "a stored file survives the sweep");
    assert!(
        !orphan.exists() && !leftover.exists(),
        "files no row names are deleted"
    );
    assert!(
        !daemon.home().path().join("attachments/old").exists(),
        "folders left empty are deleted"
    );
    // The line may reach the log file after the daemon answers: wait for it.
    daemon
        .home()
        .wait_for_log("deleted attachment files and folders no row names")
        .await;
}
