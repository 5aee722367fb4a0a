//! The HTTP listener over real TCP: the Host allow-list, the Origin check and the token.

use relay::http_client;
use relay_tests::{EXIT_TIMEOUT, TestDaemon};

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

#[tokio::test]
async fn healthz_shows_version_and_token_id_when_asked_on_loopback() {
    let daemon = TestDaemon::start().await;
    let answer = http_client::get(daemon.http_addr(), "/healthz", &[])
        .await
        .expect("GET /healthz");
    assert_eq!(answer.status, 200, "{answer:?}");
    let body = json(&answer.body);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], relay_core::VERSION);
    assert_eq!(body["token_id"], relayd::token::fingerprint(&daemon.token()));
    assert!(
        !answer.body.contains(&daemon.token()),
        "/healthz never shows the token"
    );
}

#[tokio::test]
async fn status_api_answers_when_the_token_is_right() {
    let daemon = TestDaemon::start().await;
    let bearer = format!("Bearer {}", daemon.token());
    let answer = http_client::get(
        daemon.http_addr(),
        "/api/v1/status",
        &[("authorization", &bearer)],
    )
    .await
    .expect("GET /api/v1/status");
    assert_eq!(answer.status, 200, "{answer:?}");
    let body = json(&answer.body);
    assert_eq!(body["pid"], daemon.pid());
    assert_eq!(body["http_addr"], daemon.http_addr().to_string());
}

#[tokio::test]
async fn request_is_forbidden_when_the_host_is_foreign() {
    let daemon = TestDaemon::start().await;
    let addr = daemon.http_addr();
    let foreign = format!("evil.example:{}", addr.port());
    let answer = http_client::get(addr, "/healthz", &[("host", &foreign)])
        .await
        .expect("GET /healthz");
    assert_eq!(answer.status, 403, "{answer:?}");
    assert!(
        json(&answer.body)["error"]
            .as_str()
            .is_some_and(|e| e.contains("allowed_hosts")),
        "{answer:?}"
    );

    let bearer = format!("Bearer {}", daemon.token());
    let answer = http_client::get(
        addr,
        "/api/v1/status",
        &[("host", &foreign), ("authorization", &bearer)],
    )
    .await
    .expect("GET /api/v1/status");
    assert_eq!(
        answer.status, 403,
        "the right token does not help a foreign Host: {answer:?}"
    );

    let localhost = format!("localhost:{}", addr.port());
    let answer = http_client::get(addr, "/healthz", &[("host", &localhost)])
        .await
        .expect("GET /healthz");
    assert_eq!(answer.status, 200, "localhost is one of ours: {answer:?}");
}

#[tokio::test]
async fn api_request_is_forbidden_when_the_origin_is_foreign() {
    let daemon = TestDaemon::start().await;
    let addr = daemon.http_addr();
    let bearer = format!("Bearer {}", daemon.token());
    let answer = http_client::get(
        addr,
        "/api/v1/status",
        &[("authorization", &bearer), ("origin", "https://evil.example")],
    )
    .await
    .expect("GET /api/v1/status");
    assert_eq!(answer.status, 403, "{answer:?}");

    let own = format!("http://{addr}");
    let answer = http_client::get(
        addr,
        "/api/v1/status",
        &[("authorization", &bearer), ("origin", &own)],
    )
    .await
    .expect("GET /api/v1/status");
    assert_eq!(
        answer.status, 200,
        "the daemon's own origin is allowed: {answer:?}"
    );
}

#[tokio::test]
async fn wrong_token_is_refused_and_logged_only_by_fingerprint_when_presented() {
    let mut daemon = TestDaemon::start().await;
    let token = daemon.token();
    let presented = "wrong-token-Zq8pX3vN7mK2rT9wY4bH6jL1sD5fG0c";
    let fingerprint = relayd::token::fingerprint(presented);
    assert_eq!(fingerprint.len(), 12);

    let bearer = format!("Bearer {presented}");
    let answer = http_client::get(
        daemon.http_addr(),
        "/api/v1/status",
        &[("authorization", &bearer)],
    )
    .await
    .expect("GET /api/v1/status");
    assert_eq!(answer.status, 401, "{answer:?}");
    assert_eq!(
        answer
            .headers
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok()),
        Some("Bearer")
    );
    assert!(
        !answer.body.contains(presented) && !answer.body.contains(&token),
        "{answer:?}"
    );

    daemon
        .home()
        .wait_for_log(&format!("presented_token_id={fingerprint}"))
        .await;
    // Stop it so every line it would write is in the file before the log is searched for secrets.
    daemon.terminate();
    assert!(daemon.wait_exit(EXIT_TIMEOUT).await.success());
    let log = daemon.log_text();
    assert!(
        log.contains(&format!("presented_token_id={fingerprint}")),
        "{log}"
    );
    assert!(
        !log.contains(presented),
        "the presented token is never logged:\n{log}"
    );
    assert!(!log.contains(&token), "the real token is never logged:\n{log}");
}
