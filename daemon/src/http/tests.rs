//! `Router::oneshot` tests of the guard and the routes, against a real store.

use axum::body::Body;
use http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::router;
use crate::testing::fixture;

async fn send(request: Request<Body>) -> (StatusCode, serde_json::Value) {
    let (_dir, handle) = fixture().await;
    send_to(&handle, request).await
}

async fn send_to(
    handle: &crate::handle::DaemonHandle,
    request: Request<Body>,
) -> (StatusCode, serde_json::Value) {
    let response = router(handle.clone()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
    )
}

fn get(path: &str) -> http::request::Builder {
    Request::builder()
        .uri(path)
        .header(header::HOST, "127.0.0.1:8765")
}

#[tokio::test]
async fn healthz_is_public_and_shows_only_the_fingerprint() {
    let (_dir, handle) = fixture().await;
    let (status, body) = send_to(&handle, get("/healthz").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], relay_core::VERSION);
    assert_eq!(body["token_id"], handle.token().id());
    assert_eq!(body["rules_hash"].as_str().map(str::len), Some(8));
    assert!(!body.to_string().contains(handle.token().expose()));
}

#[tokio::test]
async fn foreign_host_is_refused_when_rebinding() {
    for host in [
        "evil.example",
        "evil.example:8765",
        "127.0.0.1.evil.example",
        "localhost.:8765",
    ] {
        let request = Request::builder()
            .uri("/healthz")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let (status, body) = send(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert!(
            body["error"].as_str().unwrap().contains("allowed_hosts"),
            "{body}"
        );
    }
    for host in ["localhost:8765", "[::1]:8765", "LOCALHOST"] {
        let request = Request::builder()
            .uri("/healthz")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(request).await.0, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn foreign_origin_is_refused_on_api_and_writes() {
    let (_dir, handle) = fixture().await;
    let bearer = format!("Bearer {}", handle.token().expose());
    let api = get("/api/v1/status")
        .header(header::ORIGIN, "https://evil.example")
        .header(header::AUTHORIZATION, &bearer)
        .body(Body::empty())
        .unwrap();
    assert_eq!(send_to(&handle, api).await.0, StatusCode::FORBIDDEN);
    let post = get("/healthz")
        .method("POST")
        .header(header::ORIGIN, "null")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send_to(&handle, post).await.0, StatusCode::FORBIDDEN);
    // A GET of a public page from a foreign page is allowed (it reveals nothing) ...
    let page = get("/healthz")
        .header(header::ORIGIN, "https://evil.example")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send_to(&handle, page).await.0, StatusCode::OK);
    // ... and our own origin passes everywhere.
    let own = get("/api/v1/status")
        .header(header::ORIGIN, "http://127.0.0.1:8765")
        .header(header::AUTHORIZATION, &bearer)
        .body(Body::empty())
        .unwrap();
    assert_eq!(send_to(&handle, own).await.0, StatusCode::OK);
}

#[tokio::test]
async fn api_needs_the_token_when_called() {
    let (_dir, handle) = fixture().await;
    let none = get("/api/v1/status").body(Body::empty()).unwrap();
    let (status, body) = send_to(&handle, none).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body["error"].as_str().unwrap().contains("relay token"), "{body}");
    let wrong = get("/api/v1/status")
        .header(header::AUTHORIZATION, "Bearer nope")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send_to(&handle, wrong).await.0, StatusCode::UNAUTHORIZED);
    let right = get("/api/v1/status")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", handle.token().expose()),
        )
        .body(Body::empty())
        .unwrap();
    let (status, body) = send_to(&handle, right).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["schema_version"], crate::store::SCHEMA_VERSION);
    assert_eq!(body["token_id"], handle.token().id());
}

#[tokio::test]
async fn unknown_route_is_a_json_404_after_auth() {
    let (_dir, handle) = fixture().await;
    let request = get("/nope")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", handle.token().expose()),
        )
        .body(Body::empty())
        .unwrap();
    let (status, body) = send_to(&handle, request).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "no route for GET /nope");
}
