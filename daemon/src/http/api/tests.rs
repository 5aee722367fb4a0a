//! `Router::oneshot` tests of the REST API against a real store, real git repositories and real PTYs. The
//! local listener's guard (the daemon's token: an agent) and an owner as the remote listener makes one.

use std::path::{Path, PathBuf};

use axum::Extension;
use axum::body::Body;
use http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::caller::Caller;
use crate::handle::DaemonHandle;
use crate::runner::NewProject;
use crate::testing::fixture_with;

const HOST: &str = "127.0.0.1:8765";

fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
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
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn repo(root: &Path) -> PathBuf {
    let dir = root.join("app");
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    std::fs::write(dir.join("README"), "hello\n").unwrap();
    git(&dir, &["add", "README"]);
    git(&dir, &["commit", "-q", "-m", "first"]);
    dir
}

async fn setup(adjust: impl FnOnce(&mut relay_core::config::Config)) -> (tempfile::TempDir, DaemonHandle) {
    fixture_with(|config| {
        let table: toml::Table = "[profiles.shell]\ncommand = \"/bin/sh\"\n".parse().unwrap();
        config.profiles = relay_core::profile::Profiles::from_toml(&table["profiles"]).unwrap();
        adjust(config);
    })
    .await
}

/// A project `app` from a checkout, with its default session running.
async fn with_project(
    adjust: impl FnOnce(&mut relay_core::config::Config),
) -> (tempfile::TempDir, DaemonHandle) {
    let (dir, handle) = setup(adjust).await;
    let checkout = repo(dir.path());
    handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(checkout),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await
        .unwrap();
    (dir, handle)
}

struct Answer {
    status: StatusCode,
    headers: http::HeaderMap,
    body: Value,
}

async fn call(app: axum::Router, request: Request<Body>) -> Answer {
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    }
}

/// The REST routes as the remote listener serves them to an owner token.
fn as_owner(handle: &DaemonHandle) -> axum::Router {
    super::router(handle)
        .layer(Extension(Caller::remote_token(relay_core::remote::Scope::Owner)))
        .with_state(handle.clone())
}

fn request(method: &str, path: &str, body: Option<Value>) -> Request<Body> {
    let builder = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, HOST);
    match body {
        Some(body) => builder
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
        None => builder.body(Body::empty()).unwrap(),
    }
}

fn with_token(handle: &DaemonHandle, mut request: Request<Body>) -> Request<Body> {
    let bearer = format!("Bearer {}", handle.token().expose());
    request
        .headers_mut()
        .insert(header::AUTHORIZATION, bearer.parse().unwrap());
    request
}

async fn owner(handle: &DaemonHandle, method: &str, path: &str, body: Option<Value>) -> Answer {
    call(as_owner(handle), request(method, path, body)).await
}

fn code(answer: &Answer) -> &str {
    answer.body["error"]["code"].as_str().unwrap_or("")
}

fn message(answer: &Answer) -> &str {
    answer.body["error"]["message"].as_str().unwrap_or("")
}

#[tokio::test]
async fn rest_is_refused_when_the_token_is_missing_or_wrong() {
    let (_dir, handle) = setup(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    let none = call(app(), request("GET", "/api/v1/sessions", None)).await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    assert_eq!(code(&none), "UNAUTHORIZED", "{}", none.body);
    assert_eq!(none.headers[header::WWW_AUTHENTICATE], "Bearer");
    let mut wrong = request("GET", "/api/v1/sessions", None);
    wrong
        .headers_mut()
        .insert(header::AUTHORIZATION, "Bearer not-the-token".parse().unwrap());
    let wrong = call(app(), wrong).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(message(&wrong).contains("wrong token"), "{}", wrong.body);
    assert!(!wrong.body.to_string().contains("not-the-token"));
    // The routes need a caller: without the listener's authentication there is none.
    let bare = super::router(&handle).with_state(handle.clone());
    let bare = call(bare, request("GET", "/api/v1/projects", None)).await;
    assert_eq!(bare.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_daemon_token_reads_and_is_refused_the_owner_writes_when_it_asks() {
    let (_dir, handle) = with_project(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    let read = call(
        app(),
        with_token(&handle, request("GET", "/api/v1/sessions", None)),
    )
    .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(read.body["total"], 1);
    for (method, path, body) in [
        (
            "POST",
            "/api/v1/projects",
            Some(json!({"git_url": "https://example.com/a.git"})),
        ),
        (
            "POST",
            "/api/v1/projects/app/sessions",
            Some(json!({"branch": "x"})),
        ),
        ("POST", "/api/v1/sessions/run-app-1/stop", None),
        ("DELETE", "/api/v1/sessions/run-app-1", None),
    ] {
        let refused = call(app(), with_token(&handle, request(method, path, body))).await;
        assert_eq!(
            refused.status,
            StatusCode::FORBIDDEN,
            "{method} {path}: {}",
            refused.body
        );
        assert_eq!(code(&refused), "OWNER_ONLY");
        assert!(message(&refused).contains("owner token"), "{}", refused.body);
    }
    let session = owner(&handle, "GET", "/api/v1/sessions/run-app-1", None).await;
    assert_eq!(
        session.body["state"], "running",
        "nothing changed: {}",
        session.body
    );
}

#[tokio::test]
async fn unknown_fields_and_parameters_are_a_400_naming_them() {
    let (_dir, handle) = with_project(|_| {}).await;
    let body = json!({"git_url": "https://example.com/a.git", "colour": "red"});
    let refused = owner(&handle, "POST", "/api/v1/projects", Some(body)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(code(&refused), "INVALID_REQUEST");
    assert!(
        message(&refused).contains("unknown field `colour`"),
        "{}",
        refused.body
    );

    let body = json!({"branch": "b", "image": "relay-dev:latest"});
    let refused = owner(&handle, "POST", "/api/v1/projects/app/sessions", Some(body)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        message(&refused).contains("unknown field `image`"),
        "{}",
        refused.body
    );

    let refused = owner(&handle, "GET", "/api/v1/sessions?limt=5", None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(message(&refused).contains("limt"), "{}", refused.body);

    let refused = owner(&handle, "GET", "/api/v1/projects?limit=0", None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(message(&refused).contains("limit=0"), "{}", refused.body);

    let not_json = owner(&handle, "POST", "/api/v1/projects", None).await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST, "{}", not_json.body);
    assert!(message(&not_json).contains("git_url"), "{}", not_json.body);
}

#[tokio::test]
async fn a_bad_git_url_is_a_400_with_the_ssrf_rule() {
    let (_dir, handle) = setup(|_| {}).await;
    for url in [
        "file:///etc",
        "git://example.com/a.git",
        "http://example.com/a.git",
        "https://user:secret@example.com/a.git",
        "https://127.0.0.1/a.git",
        "https://10.1.2.3/a.git",
        "https://[::1]/a.git",
        "https://169.254.169.254/latest",
        "",
    ] {
        let answer = owner(&handle, "POST", "/api/v1/projects", Some(json!({"git_url": url}))).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{url}: {}", answer.body);
        assert_eq!(code(&answer), "INVALID_REQUEST", "{url}");
        assert!(!message(&answer).contains("secret"), "{url}: {}", answer.body);
    }
    let projects = owner(&handle, "GET", "/api/v1/projects", None).await;
    assert_eq!(projects.body["total"], 0, "nothing was added: {}", projects.body);
}

#[tokio::test]
async fn an_image_outside_the_allow_list_is_a_403() {
    let (_dir, handle) = with_project(|config| {
        config.docker_allowed_images = vec!["relay-test/busybox".to_owned()];
    })
    .await;
    let body = json!({"branch": "b", "docker_image": "ubuntu:24.04"});
    let refused = owner(&handle, "POST", "/api/v1/projects/app/sessions", Some(body)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(code(&refused), "IMAGE_NOT_ALLOWED");
    assert!(message(&refused).contains("ubuntu:24.04"), "{}", refused.body);
    let images = owner(&handle, "GET", "/api/v1/images", None).await;
    assert_eq!(images.status, StatusCode::OK);
    assert_eq!(
        images.body["images"][0]["name"], "relay-test/busybox",
        "{}",
        images.body
    );
    assert_eq!(images.body["any_image_allowed"], false);
}

#[tokio::test]
async fn a_session_goes_through_its_lifecycle_when_driven_over_rest() {
    let (_dir, handle) = with_project(|config| config.max_sessions_per_project = 2).await;
    let created = owner(
        &handle,
        "POST",
        "/api/v1/projects/app/sessions",
        Some(json!({"branch": "feature/x", "profile": "shell"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    assert_eq!(created.body["project_id"], "app");
    assert_eq!(created.body["branch"], "feature/x");
    assert_eq!(created.body["backend"], "local");

    let limit = owner(
        &handle,
        "POST",
        "/api/v1/projects/app/sessions",
        Some(json!({"branch": "y"})),
    )
    .await;
    assert_eq!(limit.status, StatusCode::CONFLICT, "{}", limit.body);
    assert_eq!(code(&limit), "SESSION_LIMIT_EXCEEDED");

    let all = owner(&handle, "GET", "/api/v1/sessions", None).await;
    assert_eq!(all.body["total"], 2);
    let page = owner(&handle, "GET", "/api/v1/sessions?limit=1&offset=1", None).await;
    assert_eq!(page.body["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(page.body["sessions"][0]["id"], id.as_str());
    let in_project = owner(&handle, "GET", "/api/v1/projects/app/sessions", None).await;
    assert_eq!(in_project.body["total"], 2);
    let project = owner(&handle, "GET", "/api/v1/projects/app", None).await;
    assert_eq!(project.body["id"], "app");
    assert_eq!(project.body["state"], "ready");
    assert_eq!(project.body["sessions"].as_array().unwrap().len(), 2);

    let resume = owner(&handle, "POST", &format!("/api/v1/sessions/{id}/resume"), None).await;
    assert_eq!(resume.status, StatusCode::CONFLICT, "{}", resume.body);
    assert_eq!(code(&resume), "INVALID_STATE");
    let stopped = owner(&handle, "POST", &format!("/api/v1/sessions/{id}/stop"), None).await;
    assert_eq!(stopped.status, StatusCode::OK, "{}", stopped.body);
    assert_eq!(stopped.body["state"], "stopped");
    let resumed = owner(&handle, "POST", &format!("/api/v1/sessions/{id}/resume"), None).await;
    assert_eq!(resumed.status, StatusCode::OK, "{}", resumed.body);
    assert_eq!(resumed.body["state"], "running");
    let retry = owner(&handle, "POST", &format!("/api/v1/sessions/{id}/retry"), None).await;
    assert_eq!(
        retry.status,
        StatusCode::CONFLICT,
        "only a failed session is retried: {}",
        retry.body
    );
    let running = owner(&handle, "DELETE", &format!("/api/v1/sessions/{id}"), None).await;
    assert_eq!(running.status, StatusCode::CONFLICT, "{}", running.body);
    owner(&handle, "POST", &format!("/api/v1/sessions/{id}/stop"), None).await;
    let deleted = owner(&handle, "DELETE", &format!("/api/v1/sessions/{id}"), None).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.body);
    let gone = owner(&handle, "GET", &format!("/api/v1/sessions/{id}"), None).await;
    assert_eq!(gone.body["state"], "deleted");
    let listed = owner(&handle, "GET", "/api/v1/sessions", None).await;
    assert_eq!(
        listed.body["total"], 1,
        "a deleted session is not listed: {}",
        listed.body
    );

    let missing = owner(&handle, "GET", "/api/v1/sessions/run-nope-9", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(code(&missing), "NOT_FOUND");
    let missing = owner(&handle, "GET", "/api/v1/projects/nope", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let missing = owner(&handle, "DELETE", "/api/v1/projects/nope", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn removing_a_project_refuses_uncommitted_work_then_takes_its_sessions_and_leaves_the_checkout_and_board()
 {
    let (dir, handle) = with_project(|config| config.max_sessions_per_project = 3).await;
    let created = owner(
        &handle,
        "POST",
        "/api/v1/projects/app/sessions",
        Some(json!({"branch": "feature/x", "profile": "shell"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let name = created.body["id"].as_str().unwrap().to_owned();
    let worktree = PathBuf::from(handle.runner().get(&name).await.unwrap().workspace);
    std::fs::write(worktree.join("draft.txt"), "half done\n").unwrap();

    let agent = call(
        crate::http::router(handle.clone()),
        with_token(&handle, request("DELETE", "/api/v1/projects/app", None)),
    )
    .await;
    assert_eq!(agent.status, StatusCode::FORBIDDEN, "{}", agent.body);
    assert_eq!(code(&agent), "OWNER_ONLY");

    let refused = owner(&handle, "DELETE", "/api/v1/projects/app", None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert_eq!(code(&refused), "INVALID_STATE");
    assert!(
        message(&refused).contains(&name) && message(&refused).contains("--force"),
        "the refusal names the session and the way on: {}",
        refused.body
    );
    let still = owner(&handle, "GET", "/api/v1/projects/app", None).await;
    assert_eq!(
        still.status,
        StatusCode::OK,
        "nothing was touched: {}",
        still.body
    );
    assert_eq!(still.body["sessions"].as_array().unwrap().len(), 2);
    assert_eq!(handle.runner().get(&name).await.unwrap().state, "running");
    assert!(worktree.join("draft.txt").exists());

    let removed = owner(&handle, "DELETE", "/api/v1/projects/app?force=true", None).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT, "{}", removed.body);
    let gone = owner(&handle, "GET", "/api/v1/projects/app", None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.body);
    let sessions = owner(&handle, "GET", "/api/v1/sessions", None).await;
    assert_eq!(sessions.body["total"], 0, "{}", sessions.body);
    assert!(!worktree.exists(), "the session's worktree is removed");
    let checkout = dir.path().join("app");
    assert!(
        checkout.join("README").exists(),
        "the checkout itself is never touched"
    );

    let events = handle.store().events_after(0, 10_000).await.unwrap();
    assert!(
        events.iter().any(|e| e.kind == "snapshot.taken"),
        "the uncommitted draft is snapshotted before its worktree goes"
    );
    let removed = events
        .iter()
        .find(|e| e.kind == "runner.project_removed")
        .expect("runner.project_removed");
    let data: Value = serde_json::from_str(&removed.data).unwrap();
    assert_eq!(data["sessions"].as_array().unwrap().len(), 2, "{data}");
    assert_eq!(data["clone_removed"], false, "{data}");
    assert_eq!(data["previous"], "ready", "{data}");
    let listed = owner(&handle, "GET", "/api/v1/projects", None).await;
    assert_eq!(listed.body["total"], 0, "{}", listed.body);
    let project = handle.board().project("app").await;
    assert!(project.is_ok(), "the board project stays: {project:?}");

    // The checkout can run sessions again.
    let again = handle
        .runner()
        .add_project(
            NewProject {
                repo: Some(checkout),
                ..NewProject::default()
            },
            &Caller::socket_peer(),
        )
        .await;
    assert!(again.is_ok(), "{again:?}");
}

#[tokio::test]
async fn removing_a_project_while_it_clones_stops_the_clone_and_deletes_what_it_wrote() {
    // A server that accepts and never answers: git's clone waits on it until told to stop.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = silent.local_addr().unwrap().port();
    let (_dir, handle) = setup(|config| config.git_allow_private_addresses = true).await;
    let body = json!({"git_url": format!("https://127.0.0.1:{port}/slow.git")});
    let created = owner(&handle, "POST", "/api/v1/projects", Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let folder = handle.config().data_dir.path().join("projects").join("slow");
    let removed = owner(&handle, "DELETE", "/api/v1/projects/slow", None).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT, "{}", removed.body);
    let gone = owner(&handle, "GET", "/api/v1/projects/slow", None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.body);
    assert!(!folder.exists(), "{} is deleted", folder.display());
    // Nothing the stopped clone does later brings it back.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let projects = owner(&handle, "GET", "/api/v1/projects", None).await;
    assert_eq!(projects.body["total"], 0, "{}", projects.body);
    drop(silent);
}

#[tokio::test]
async fn a_project_from_a_url_clones_and_is_retried_when_its_clone_fails() {
    let (_dir, handle) = setup(|config| config.git_allow_private_addresses = true).await;
    // Port 9 (discard) on loopback: nothing serves git there, so the clone fails with git's words.
    let body = json!({"name": "Nothing", "git_url": "https://127.0.0.1:9/nothing.git"});
    let created = owner(&handle, "POST", "/api/v1/projects", Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(created.body["id"], "nothing");
    assert_eq!(created.body["state"], "cloning");
    let failed = loop {
        let project = owner(&handle, "GET", "/api/v1/projects/nothing", None).await;
        if project.body["state"] != "cloning" {
            break project;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(failed.body["state"], "failed", "{}", failed.body);
    assert!(
        failed.body["error"].as_str().unwrap().starts_with("Clone failed"),
        "{}",
        failed.body
    );
    let retried = owner(&handle, "POST", "/api/v1/projects/nothing/retry", None).await;
    assert_eq!(retried.status, StatusCode::OK, "{}", retried.body);
    assert_eq!(retried.body["state"], "cloning");
    let twice = owner(&handle, "POST", "/api/v1/projects/nothing/retry", None).await;
    assert_eq!(
        twice.status,
        StatusCode::CONFLICT,
        "still cloning: {}",
        twice.body
    );
}

#[tokio::test]
async fn health_metrics_and_profiles_answer_when_asked_with_a_token() {
    let (_dir, handle) = with_project(|_| {}).await;
    let health = owner(&handle, "GET", "/api/v1/health", None).await;
    assert_eq!(health.status, StatusCode::OK, "{}", health.body);
    assert_eq!(health.body["version"], relay_core::VERSION);
    assert_eq!(health.body["api_version"], "v1");
    assert_eq!(health.body["sessions"]["total"], 1);
    assert!(health.body["docker"]["status"].is_string());
    assert!(health.body["disk"]["free_mb"].is_u64());
    let metrics = owner(&handle, "GET", "/api/v1/metrics", None).await;
    assert_eq!(metrics.status, StatusCode::OK);
    assert_eq!(metrics.body["relay_sessions_total"], 1, "{}", metrics.body);
    assert!(
        metrics.body["relay_rest_request_duration_ms"]["samples"]
            .as_u64()
            .unwrap()
            >= 1,
        "the health request was timed: {}",
        metrics.body
    );
    let profiles = owner(&handle, "GET", "/api/v1/profiles", None).await;
    let names: Vec<&str> = profiles.body["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["shell", "claude"]);
    assert_eq!(profiles.body["profiles"][0]["command"], "/bin/sh");
    // /healthz and the OpenAPI document are public; health is not.
    let app = || crate::http::router(handle.clone());
    assert_eq!(
        call(app(), request("GET", "/healthz", None)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        call(app(), request("GET", "/api/v1/openapi.json", None))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        call(app(), request("GET", "/api/v1/health", None)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

/// §10's routes, as the spec lists them.
const SPEC_ROUTES: &[(&str, &str)] = &[
    ("post", "/api/v1/projects"),
    ("get", "/api/v1/projects"),
    ("get", "/api/v1/projects/{project_id}"),
    ("delete", "/api/v1/projects/{project_id}"),
    ("post", "/api/v1/projects/{project_id}/retry"),
    ("post", "/api/v1/projects/{project_id}/sessions"),
    ("get", "/api/v1/projects/{project_id}/sessions"),
    ("get", "/api/v1/sessions"),
    ("get", "/api/v1/sessions/{session_id}"),
    ("post", "/api/v1/sessions/{session_id}/stop"),
    ("post", "/api/v1/sessions/{session_id}/resume"),
    ("post", "/api/v1/sessions/{session_id}/retry"),
    ("delete", "/api/v1/sessions/{session_id}"),
    ("get", "/api/v1/images"),
    ("get", "/api/v1/profiles"),
    ("get", "/api/v1/health"),
    ("get", "/healthz"),
    ("get", "/api/v1/metrics"),
    ("get", "/api/v1/events"),
    ("get", "/api/v1/openapi.json"),
];

#[tokio::test]
async fn every_route_is_in_the_openapi_document_and_every_documented_route_is_served() {
    let (_dir, handle) = with_project(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    let served = call(app(), request("GET", "/api/v1/openapi.json", None)).await;
    let document = served.body;
    assert!(
        document["openapi"].as_str().unwrap().starts_with("3."),
        "{document}"
    );
    let mut documented = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            documented.push((method.clone(), path.clone()));
        }
    }
    documented.sort();
    let mut spec: Vec<(String, String)> = SPEC_ROUTES
        .iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    spec.sort();
    assert_eq!(documented, spec, "the document's routes are §10's");
    assert!(document["components"]["securitySchemes"]["bearer"].is_object());
    // Each documented route is mounted: it answers, never the router's "no route" fallback.
    for (method, path) in &spec {
        let path = path
            .replace("{project_id}", "app")
            .replace("{session_id}", "run-app-1");
        let probe = with_token(&handle, request(&method.to_uppercase(), &path, None));
        if path == super::events::EVENTS_PATH {
            // A stream that does not end: its head says it is served.
            let response = app().oneshot(probe).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
            continue;
        }
        let answer = call(app(), probe).await;
        assert!(
            !answer.body.to_string().contains("no route for"),
            "{method} {path} is documented but not served: {}",
            answer.body
        );
        assert_ne!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
    }
}

/// One server-sent event as a client reads it.
#[derive(Debug)]
struct Sse {
    id: Option<i64>,
    event: String,
    data: Value,
}

/// Reads server-sent events off a response body, as an SSE client does.
struct SseReader {
    body: Body,
    text: String,
}

impl SseReader {
    fn new(response: http::Response<Body>) -> SseReader {
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
        SseReader {
            body: response.into_body(),
            text: String::new(),
        }
    }

    /// The next block as sent (an event or a comment), `None` when the server ended the stream.
    async fn next_raw(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.text.find("\n\n") {
                return Some(self.text.drain(..end + 2).collect());
            }
            let frame = self.body.frame().await?.unwrap();
            if let Ok(data) = frame.into_data() {
                self.text.push_str(std::str::from_utf8(&data).unwrap());
            }
        }
    }

    /// The next event, `None` when the server ended the stream.
    async fn next(&mut self) -> Option<Sse> {
        let block = self.next_raw().await?;
        let mut sse = Sse {
            id: None,
            event: String::new(),
            data: Value::Null,
        };
        for line in block.lines() {
            if let Some(id) = line.strip_prefix("id: ").or_else(|| line.strip_prefix("id:")) {
                sse.id = Some(id.trim().parse().unwrap());
            } else if let Some(event) = line
                .strip_prefix("event: ")
                .or_else(|| line.strip_prefix("event:"))
            {
                sse.event = event.trim().to_owned();
            } else if let Some(data) = line.strip_prefix("data: ").or_else(|| line.strip_prefix("data:")) {
                sse.data = serde_json::from_str(data.trim()).unwrap();
            }
        }
        Some(sse)
    }
}

async fn session_changed(handle: &DaemonHandle, project: &str, session: &str, state: &str) -> i64 {
    let payload = relay_core::event::payload::RunnerSessionChanged {
        project: project.to_owned(),
        session: session.to_owned(),
        state: state.to_owned(),
        previous: Some("starting".to_owned()),
        branch: "main".to_owned(),
        profile: "shell".to_owned(),
        ..Default::default()
    };
    handle.store().append_event(session, &payload).await.unwrap().id
}

fn events_request(handle: &DaemonHandle, query: &str, last: Option<&str>) -> Request<Body> {
    let mut request = with_token(handle, request("GET", &format!("/api/v1/events{query}"), None));
    if let Some(last) = last {
        request
            .headers_mut()
            .insert("last-event-id", last.parse().unwrap());
    }
    request
}

#[tokio::test]
async fn sse_replays_exactly_the_events_after_last_event_id_when_a_client_reconnects() {
    let (_dir, handle) = setup(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    // First connection: no Last-Event-ID, so it starts with sync_required, then live events.
    let mut first = SseReader::new(app().oneshot(events_request(&handle, "", None)).await.unwrap());
    let sync = first.next().await.unwrap();
    assert_eq!(sync.event, "sync_required");
    assert_eq!(sync.data["reason"], "no_last_event_id");
    let a = session_changed(&handle, "app", "run-app-1", "running").await;
    let b = session_changed(&handle, "app", "run-app-2", "running").await;
    let got = first.next().await.unwrap();
    assert_eq!((got.id, got.event.as_str()), (Some(a), "session_state_changed"));
    assert_eq!(got.data["session_id"], "run-app-1");
    assert_eq!(got.data["new_state"], "running");
    assert_eq!(got.data["old_state"], "starting");
    assert_eq!(first.next().await.unwrap().id, Some(b));
    // The client goes; events happen meanwhile, of this project and of another.
    drop(first);
    let c = session_changed(&handle, "app", "run-app-1", "stopped").await;
    let other = session_changed(&handle, "web", "run-web-1", "running").await;
    let d = session_changed(&handle, "app", "run-app-2", "failed").await;
    // It comes back with the last id it saw and gets exactly what it missed, then live ones.
    let last = b.to_string();
    let mut again = SseReader::new(
        app()
            .oneshot(events_request(&handle, "", Some(&last)))
            .await
            .unwrap(),
    );
    let replayed: Vec<Option<i64>> = vec![
        again.next().await.unwrap().id,
        again.next().await.unwrap().id,
        again.next().await.unwrap().id,
    ];
    assert_eq!(replayed, [Some(c), Some(other), Some(d)]);
    let e = session_changed(&handle, "app", "run-app-1", "running").await;
    assert_eq!(again.next().await.unwrap().id, Some(e));

    // A filtered stream replays only what it asked for.
    let mut app_only = SseReader::new(
        app()
            .oneshot(events_request(
                &handle,
                "?project_id=app&session_id=run-app-2",
                Some(&last),
            ))
            .await
            .unwrap(),
    );
    let only = app_only.next().await.unwrap();
    assert_eq!(only.id, Some(d));
    assert_eq!(only.data["exit_code"], Value::Null);
}

#[tokio::test]
async fn sse_says_sync_required_when_last_event_id_is_beyond_the_log_or_bad() {
    let (_dir, handle) = setup(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    let head = session_changed(&handle, "app", "run-app-1", "running").await;
    let beyond = (head + 1000).to_string();
    let mut stream = SseReader::new(
        app()
            .oneshot(events_request(&handle, "", Some(&beyond)))
            .await
            .unwrap(),
    );
    let sync = stream.next().await.unwrap();
    assert_eq!(sync.event, "sync_required");
    assert_eq!(sync.data["reason"], "last_event_id_beyond_log");
    assert_eq!(
        sync.id,
        Some(head),
        "it carries the log's head, to resume from after the resync"
    );
    let next = session_changed(&handle, "app", "run-app-1", "stopped").await;
    assert_eq!(stream.next().await.unwrap().id, Some(next), "then live events");

    let bad = call(app(), events_request(&handle, "", Some("yesterday"))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(message(&bad).contains("Last-Event-ID"), "{}", bad.body);
    let unknown = call(app(), events_request(&handle, "?project=app", None)).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(message(&unknown).contains("project"), "{}", unknown.body);
}

#[tokio::test]
async fn the_heartbeat_is_a_named_event_on_rest_and_a_comment_on_the_board_stream_and_comes_again() {
    assert_eq!(
        super::events::HEARTBEAT,
        std::time::Duration::from_secs(15),
        "§10"
    );
    let (_dir, handle) = setup(|_| {}).await;
    // The feeds the routes serve, with a heartbeat every 50 ms instead of 15 s.
    let every = std::time::Duration::from_millis(50);
    let mut rest = super::events::Feed::rest(super::events::Filter::default());
    rest.heartbeat_every = every;
    let mut rest = SseReader::new(super::events::stream(handle.clone(), rest, Some(0), None));
    for _ in 0..2 {
        let beat = rest.next().await.unwrap();
        assert_eq!((beat.event.as_str(), beat.id), ("heartbeat", None));
        assert_eq!(beat.data, json!({}));
    }
    let mut board = super::events::Feed::board(None);
    board.heartbeat_every = every;
    let mut board = SseReader::new(super::events::stream(handle.clone(), board, None, None));
    for _ in 0..2 {
        let raw = board.next_raw().await.unwrap();
        assert_eq!(raw, ": heartbeat\n\n", "a comment EventSource ignores");
    }
}

async fn task_moved(handle: &DaemonHandle, project: &str, key: &str, from: &str, to: &str) -> i64 {
    let payload = relay_core::event::payload::TaskStageChanged {
        project: project.to_owned(),
        key: key.to_owned(),
        from: from.to_owned(),
        to: to.to_owned(),
        actor: "agent".to_owned(),
        ..Default::default()
    };
    handle.store().append_event(key, &payload).await.unwrap().id
}

#[tokio::test]
async fn the_board_stream_names_events_by_kind_replays_one_project_and_says_resync_when_it_cannot() {
    let (_dir, handle) = setup(|_| {}).await;
    let app = || crate::http::router(handle.clone());
    let board = |query: &str, last: Option<&str>| {
        let mut request = with_token(&handle, request("GET", &format!("/events{query}"), None));
        if let Some(last) = last {
            request
                .headers_mut()
                .insert("last-event-id", last.parse().unwrap());
        }
        request
    };
    let first = task_moved(&handle, "app", "app-1", "plan", "dev").await;
    let other = task_moved(&handle, "web", "web-1", "plan", "dev").await;
    let second = task_moved(&handle, "app", "app-2", "dev", "review").await;
    assert!(other < second);

    let mut replayed = SseReader::new(
        app()
            .oneshot(board("?project=app", Some(&first.to_string())))
            .await
            .unwrap(),
    );
    let got = replayed.next().await.unwrap();
    assert_eq!((got.id, got.event.as_str()), (Some(second), "task.stage_changed"));
    assert_eq!(got.data["kind"], "task.stage_changed");
    assert_eq!(got.data["project"], "app");
    assert_eq!(got.data["key"], "app-2");
    assert_eq!(
        (got.data["from"].as_str(), got.data["to"].as_str()),
        (Some("dev"), Some("review"))
    );
    assert!(got.data["summary"].is_string(), "{}", got.data);
    let live = task_moved(&handle, "app", "app-1", "dev", "review").await;
    assert_eq!(replayed.next().await.unwrap().id, Some(live));

    // A page that just loaded sends no Last-Event-ID: it goes live, nothing to reload.
    let mut fresh = SseReader::new(app().oneshot(board("", None)).await.unwrap());
    let next = task_moved(&handle, "web", "web-1", "dev", "review").await;
    let got = fresh.next().await.unwrap();
    assert_eq!((got.id, got.event.as_str()), (Some(next), "task.stage_changed"));

    let beyond = (next + 100).to_string();
    let mut ahead = SseReader::new(app().oneshot(board("", Some(&beyond))).await.unwrap());
    let resync = ahead.next().await.unwrap();
    assert_eq!(resync.event, "resync");
    assert_eq!(resync.data["reason"], "last_event_id_beyond_log");

    let unknown = call(app(), board("?colour=red", None)).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.body);
    assert!(
        unknown.body["error"].as_str().unwrap().contains("colour"),
        "{}",
        unknown.body
    );
    let bad = call(app(), board("", Some("soon"))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    let anonymous = call(app(), request("GET", "/events", None)).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{}", anonymous.body);
}

#[tokio::test]
async fn sse_ends_the_stream_when_a_subscriber_never_reads_and_its_buffer_fills() {
    let (_dir, handle) = setup(|config| config.event_buffer = 4096).await;
    let response = crate::http::router(handle.clone())
        .oneshot(events_request(&handle, "", Some("0")))
        .await
        .unwrap();
    let total = super::events::BUFFER + 50;
    for n in 0..total {
        session_changed(&handle, "app", &format!("run-app-{n}"), "running").await;
    }
    // Nothing read the body meanwhile: the server ended the stream at its buffer, and what it holds is bounded.
    let mut stream = SseReader::new(response);
    let mut read = 0;
    let ended = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        while stream.next().await.is_some() {
            read += 1;
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "the stream of a subscriber that never read was ended"
    );
    assert!(
        read <= super::events::BUFFER,
        "at most the buffer was kept: {read}"
    );
    assert!(read < total);
}

#[tokio::test]
async fn a_token_is_limited_to_ten_streams_and_its_reads_per_minute() {
    let (_dir, handle) = setup(|_| {}).await;
    let app = crate::http::router(handle.clone());
    let mut open = Vec::new();
    for _ in 0..super::limit::MAX_STREAMS {
        let response = app
            .clone()
            .oneshot(events_request(&handle, "", None))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        open.push(response);
    }
    let refused = call(app.clone(), events_request(&handle, "", None)).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert_eq!(code(&refused), "RATE_LIMITED");
    drop(open);

    let read = || with_token(&handle, request("GET", "/api/v1/sessions", None));
    // Eleven streams were asked for; they are not reads. A hundred reads pass, the next is refused.
    for n in 0..super::limit::Kind::Read.limit() {
        let answer = call(app.clone(), read()).await;
        assert_eq!(answer.status, StatusCode::OK, "read {n}: {}", answer.body);
    }
    let limited = call(app.clone(), read()).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS, "{}", limited.body);
    assert_eq!(code(&limited), "RATE_LIMITED");
    let wait: u64 = limited.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    assert!(message(&limited).contains("100 a minute"), "{}", limited.body);
    // Writes have windows of their own: a project creation still passes the limit (and is refused as an agent's).
    let write = with_token(
        &handle,
        request(
            "POST",
            "/api/v1/projects",
            Some(json!({"git_url": "https://example.com/a.git"})),
        ),
    );
    assert_eq!(call(app.clone(), write).await.status, StatusCode::FORBIDDEN);
}
