//! The REST API end to end, driven with curl (a real HTTP client) the way a script would: on the remote
//! listener over TLS with its own CA (`relay daemon init-remote`) as the owner and as an agent, over HTTP/2 and
//! HTTP/1.1, and on the local HTTP listener with the daemon's token; and the served OpenAPI document checked by a
//! real validator (PyPI `openapi-spec-validator` in `tests/.venv`, which tests/run provisions).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use relay_tests::{TestDaemon, TestHome, run};
use serde_json::{Value, json};

use super::remote::{free_port, repo};

struct Remote {
    url: String,
    owner: String,
    ca: PathBuf,
}

/// relayd with its remote listener on a free loopback port (`init-remote` first, which shows the owner token).
async fn remote() -> (TestDaemon, Remote) {
    let home = TestHome::new();
    let init = run(home.relay().args(["daemon", "init-remote"])).await;
    init.assert_success();
    let owner = init.stdout.trim().to_owned();
    let ca = home.data_dir().remote_dir().join("ca.crt");
    let port = free_port();
    let config = format!("remote_listen = \"127.0.0.1:{port}\"\n[profiles.shell]\ncommand = \"/bin/sh\"\n");
    let daemon = TestDaemon::builder().home(home).config(&config).start().await;
    let remote = Remote {
        url: format!("https://127.0.0.1:{port}"),
        owner,
        ca,
    };
    (daemon, remote)
}

struct Answer {
    status: u16,
    body: Value,
    raw: String,
}

/// One request with curl: `extra` are curl's own flags (the TLS trust, the HTTP version).
async fn curl(extra: &[&str], method: &str, url: &str, headers: &[String], body: Option<Value>) -> Answer {
    let mut command = Command::new("curl");
    command
        .args(["-sS", "--max-time", "30", "-X", method, "-w", "\n%{http_code}"])
        .args(extra);
    for header in headers {
        command.args(["-H", header]);
    }
    if let Some(body) = body {
        command
            .args(["-H", "Content-Type: application/json", "--data"])
            .arg(body.to_string());
    }
    command.arg(url);
    let out = run(&mut command).await;
    out.assert_success();
    let (raw, status) = out.stdout.rsplit_once('\n').expect("curl printed the status");
    Answer {
        status: status.trim().parse().expect("an HTTP status"),
        body: serde_json::from_str(raw).unwrap_or(Value::Null),
        raw: raw.to_owned(),
    }
}

impl Remote {
    async fn call(&self, token: Option<&str>, method: &str, path: &str, body: Option<Value>) -> Answer {
        let ca = self.ca.to_string_lossy().into_owned();
        let headers: Vec<String> = token
            .map(|t| format!("Authorization: Bearer {t}"))
            .into_iter()
            .collect();
        curl(
            &["--cacert", &ca],
            method,
            &format!("{}{path}", self.url),
            &headers,
            body,
        )
        .await
    }

    async fn owner(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.call(Some(&self.owner), method, path, body).await
    }
}

#[tokio::test]
async fn a_script_drives_sessions_over_the_remote_listener_with_the_owner_token() {
    let (daemon, remote) = remote().await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();

    let projects = remote.owner("GET", "/api/v1/projects", None).await;
    assert_eq!(projects.status, 200, "{}", projects.raw);
    assert_eq!(projects.body["projects"][0]["id"], "shop");
    let created = remote
        .owner(
            "POST",
            "/api/v1/projects/shop/sessions",
            Some(json!({"branch": "feature/rest"})),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.raw);
    let id = created.body["id"].as_str().unwrap().to_owned();
    assert_eq!(created.body["branch"], "feature/rest");
    let stopped = remote
        .owner("POST", &format!("/api/v1/sessions/{id}/stop"), None)
        .await;
    assert_eq!(stopped.status, 200, "{}", stopped.raw);
    assert_eq!(stopped.body["state"], "stopped");
    let removed = remote
        .owner("DELETE", &format!("/api/v1/sessions/{id}"), None)
        .await;
    assert_eq!(removed.status, 204, "{}", removed.raw);
    // The same through HTTP/1.1 (the listener speaks both; gRPC keeps h2).
    let ca = remote.ca.to_string_lossy().into_owned();
    let bearer = format!("Authorization: Bearer {}", remote.owner);
    let old = curl(
        &["--cacert", &ca, "--http1.1"],
        "GET",
        &format!("{}/api/v1/sessions/{id}", remote.url),
        std::slice::from_ref(&bearer),
        None,
    )
    .await;
    assert_eq!(old.status, 200, "{}", old.raw);
    assert_eq!(old.body["state"], "deleted");
    // And the CLI over gRPC on the same port still works.
    let listed = run(daemon.relay().args(["session", "list", "--json"])).await;
    listed.assert_success();

    let unknown = remote.owner("GET", "/api/v1/nothing", None).await;
    assert_eq!(unknown.status, 404, "{}", unknown.raw);
    assert_eq!(unknown.body["error"]["code"], "NOT_FOUND");
    let health = remote.call(None, "GET", "/healthz", None).await;
    assert_eq!(health.status, 200, "/healthz is public: {}", health.raw);
    let document = remote.call(None, "GET", "/api/v1/openapi.json", None).await;
    assert_eq!(document.status, 200, "the document is public: {}", document.raw);
}

#[tokio::test]
async fn a_wrong_missing_or_agent_token_is_refused_over_rest_and_only_its_fingerprint_is_logged() {
    let (daemon, remote) = remote().await;
    let missing = remote.call(None, "GET", "/api/v1/sessions", None).await;
    assert_eq!(missing.status, 401, "{}", missing.raw);
    assert_eq!(missing.body["error"]["code"], "UNAUTHORIZED");
    let wrong = "not-a-token-of-this-relayd-0123456789";
    let refused = remote.call(Some(wrong), "GET", "/api/v1/sessions", None).await;
    assert_eq!(refused.status, 401, "{}", refused.raw);
    // The log is written by its own thread: wait for the line rather than read it at once.
    let log = daemon
        .home()
        .wait_for_log(&relay_core::token::fingerprint(wrong))
        .await;
    assert!(!log.contains(wrong), "never the token");
    assert!(!log.contains(&remote.owner), "nor the owner's");

    let agent = run(daemon.relay().args(["token", "--remote", "agent", "--rotate"])).await;
    agent.assert_success();
    let agent = agent.stdout.trim().to_owned();
    let read = remote.call(Some(&agent), "GET", "/api/v1/sessions", None).await;
    assert_eq!(read.status, 200, "an agent reads: {}", read.raw);
    let write = remote
        .call(
            Some(&agent),
            "POST",
            "/api/v1/projects",
            Some(json!({"git_url": "https://example.com/a.git"})),
        )
        .await;
    assert_eq!(write.status, 403, "{}", write.raw);
    assert_eq!(write.body["error"]["code"], "OWNER_ONLY");

    // A web page cannot call it (CORS is off), even with the owner's token.
    let ca = remote.ca.to_string_lossy().into_owned();
    let page = curl(
        &["--cacert", &ca],
        "GET",
        &format!("{}/api/v1/sessions", remote.url),
        &[
            format!("Authorization: Bearer {}", remote.owner),
            "Origin: https://evil.example".to_owned(),
        ],
        None,
    )
    .await;
    assert_eq!(page.status, 403, "{}", page.raw);
}

#[tokio::test]
async fn rest_openapi_document_passes_a_real_validator() {
    let validator = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/openapi-spec-validator");
    assert!(
        validator.is_file(),
        "{} does not exist: run tests/run to provision tests/.venv (openapi-spec-validator==0.9.0)",
        validator.display()
    );
    let daemon = TestDaemon::start().await;
    let url = format!("http://{}/api/v1/openapi.json", daemon.http_addr());
    let served = curl(&[], "GET", &url, &[], None).await;
    assert_eq!(served.status, 200, "{}", served.raw);
    assert!(served.body["openapi"].as_str().unwrap().starts_with("3."));
    let file = daemon.home().scratch().join("openapi.json");
    std::fs::write(&file, &served.raw).unwrap();
    let checked = run(Command::new(&validator).arg(&file)).await;
    checked.assert_success();
    assert!(checked.stdout.contains("OK"), "{checked}");

    // The daemon's token on the local listener reads.
    let bearer = format!("Authorization: Bearer {}", daemon.token());
    let sessions = curl(
        &[],
        "GET",
        &format!("http://{}/api/v1/sessions", daemon.http_addr()),
        &[bearer],
        None,
    )
    .await;
    assert_eq!(sessions.status, 200, "{}", sessions.raw);
    assert_eq!(sessions.body["total"], 0);
}

/// A real SSE client over TCP: curl streaming the response (`-N`), read a line at a time, ended by killing it.
struct SseClient {
    child: tokio::process::Child,
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

/// One event as the client read it.
#[derive(Debug)]
struct Received {
    id: Option<i64>,
    event: String,
    data: Value,
}

impl SseClient {
    fn connect(url: &str, token: &str, last_event_id: Option<i64>) -> SseClient {
        let mut command = tokio::process::Command::new("curl");
        command
            .args(["-sS", "-N", "-H"])
            .arg(format!("Authorization: Bearer {token}"));
        if let Some(id) = last_event_id {
            command.arg("-H").arg(format!("Last-Event-ID: {id}"));
        }
        let mut child = command
            .arg(url)
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("curl runs");
        let stdout = child.stdout.take().unwrap();
        use tokio::io::AsyncBufReadExt;
        SseClient {
            child,
            lines: tokio::io::BufReader::new(stdout).lines(),
        }
    }

    /// The next event (heartbeats skipped), waiting at most the harness's wait.
    async fn next(&mut self) -> Received {
        let read = async {
            let mut event = Received {
                id: None,
                event: String::new(),
                data: Value::Null,
            };
            loop {
                let line = self.lines.next_line().await.unwrap().expect("the stream is open");
                if line.is_empty() {
                    if event.event.is_empty() || event.event == "heartbeat" {
                        event.event.clear();
                        continue;
                    }
                    return event;
                }
                if let Some(id) = line.strip_prefix("id:") {
                    event.id = Some(id.trim().parse().unwrap());
                } else if let Some(name) = line.strip_prefix("event:") {
                    event.event = name.trim().to_owned();
                } else if let Some(data) = line.strip_prefix("data:") {
                    event.data = serde_json::from_str(data.trim()).unwrap();
                }
            }
        };
        tokio::time::timeout(relay_tests::WAIT_TIMEOUT * 3, read)
            .await
            .expect("an event arrives")
    }

    async fn disconnect(mut self) {
        self.child.kill().await.unwrap();
    }
}

#[tokio::test]
async fn a_real_sse_client_disconnects_and_resumes_exactly_from_its_last_event_id() {
    let daemon = TestDaemon::builder()
        .config("[profiles.shell]\ncommand = \"/bin/sh\"\n")
        .start()
        .await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let url = format!("http://{}/api/v1/events?project_id=shop", daemon.http_addr());
    let token = daemon.token();

    let mut first = SseClient::connect(&url, &token, None);
    let sync = first.next().await;
    assert_eq!(sync.event, "sync_required", "{sync:?}");
    assert_eq!(sync.data["reason"], "no_last_event_id");
    run(daemon.relay().args(["session", "new", "--branch", "sse/one"]))
        .await
        .assert_success();
    let mut last = sync.id.unwrap();
    loop {
        let event = first.next().await;
        assert_eq!(event.event, "session_state_changed", "{event:?}");
        assert!(event.id.unwrap() > last, "ids grow: {event:?}");
        last = event.id.unwrap();
        if event.data["session_id"] == "run-shop-2" && event.data["new_state"] == "running" {
            break;
        }
    }
    first.disconnect().await;

    // While no client listens, the session stops and another starts.
    run(daemon.relay().args(["session", "stop", "run-shop-2"]))
        .await
        .assert_success();
    run(daemon.relay().args(["session", "new", "--branch", "sse/two"]))
        .await
        .assert_success();

    let mut again = SseClient::connect(&url, &token, Some(last));
    let missed = again.next().await;
    assert_eq!(
        missed.event, "session_state_changed",
        "replayed, not resynced: {missed:?}"
    );
    assert_eq!(missed.data["session_id"], "run-shop-2");
    assert_eq!(
        missed.data["old_state"], "running",
        "the very next change: {missed:?}"
    );
    let mut previous = missed.id.unwrap();
    assert!(previous > last);
    loop {
        let event = again.next().await;
        assert!(event.id.unwrap() > previous, "in order, nothing twice: {event:?}");
        previous = event.id.unwrap();
        if event.data["session_id"] == "run-shop-3" && event.data["new_state"] == "running" {
            break;
        }
    }
    again.disconnect().await;

    // A Last-Event-ID beyond the log: sync_required, from the log's head.
    let mut beyond = SseClient::connect(&url, &token, Some(previous + 1_000_000));
    let sync = beyond.next().await;
    assert_eq!(sync.event, "sync_required");
    assert_eq!(sync.data["reason"], "last_event_id_beyond_log");
    beyond.disconnect().await;
}
