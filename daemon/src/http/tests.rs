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
    assert!(
        body["error"]["message"].as_str().unwrap().contains("relay token"),
        "{body}"
    );
    assert_eq!(body["error"]["code"], "UNAUTHORIZED");
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

/// A refused POST whose body arrives after its headers (as a client that writes them apart sends it) leaves the
/// connection usable: the guard reads the body before refusing, so the socket is not reset under the client and
/// its next request on the same connection is answered. Without the drain the second request met a closed socket.
#[tokio::test]
async fn a_refused_post_keeps_the_connection_for_the_next_request() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let (_dir, handle) = fixture().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(super::serve(handle.clone(), listener));

    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#;
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    socket.set_nodelay(true).unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    socket.write_all(body.as_bytes()).await.unwrap();

    let first = read_response(&mut socket).await;
    assert!(first.starts_with("HTTP/1.1 401"), "{first}");
    assert!(
        first.to_ascii_lowercase().contains("www-authenticate: bearer"),
        "{first}"
    );

    socket
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let second = read_response(&mut socket).await;
    assert!(
        second.starts_with("HTTP/1.1 200"),
        "the connection did not answer a second request: {second:?}"
    );

    /// One response: its head, then as many body bytes as Content-Length says.
    async fn read_response(socket: &mut tokio::net::TcpStream) -> String {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let text = String::from_utf8_lossy(&buffer).to_string();
            if let Some(end) = text.find("\r\n\r\n") {
                let length = text[..end]
                    .lines()
                    .find_map(|line| {
                        let (name, value) = line.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse::<usize>().ok())?
                    })
                    .unwrap_or(0);
                if buffer.len() >= end + 4 + length {
                    return text;
                }
            }
            let read = tokio::time::timeout(std::time::Duration::from_secs(5), socket.read(&mut chunk))
                .await
                .expect("the daemon answered within 5 s");
            match read {
                Ok(0) | Err(_) => return text,
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            }
        }
    }
}
