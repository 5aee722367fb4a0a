//! A minimal HTTP/1.1 client over loopback, for `relay doctor`, `relay setup --check` and the tests: no proxy, a
//! short timeout.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::{BodyExt, Empty, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// An answer: the status code, the headers and the body as text.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: http::HeaderMap,
    pub body: String,
}

/// Sends `GET path` to `addr` with `headers` (a Host header is added unless given).
pub async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> std::io::Result<Answer> {
    request(addr, "GET", path, headers).await
}

/// Sends a request without a body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> std::io::Result<Answer> {
    tokio::time::timeout(Duration::from_secs(5), send(addr, method, path, headers))
        .await
        .map_err(|_| {
            std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("{addr} did not answer within 5 s"),
            )
        })?
}

/// Sends a request with `body` (a POST of JSON, say), within the same 5 s.
pub async fn request_with_body(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Vec<u8>,
) -> std::io::Result<Answer> {
    tokio::time::timeout(
        Duration::from_secs(5),
        send_body(addr, method, path, headers, Full::new(Bytes::from(body))),
    )
    .await
    .map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            format!("{addr} did not answer within 5 s"),
        )
    })?
}

async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> std::io::Result<Answer> {
    send_body(addr, method, path, headers, Empty::<Bytes>::new()).await
}

async fn send_body<B>(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: B,
) -> std::io::Result<Answer>
where
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let stream = TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(std::io::Error::other)?;
    tokio::spawn(connection);
    let mut builder = http::Request::builder().method(method).uri(path);
    if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
        builder = builder.header(http::header::HOST, addr.to_string());
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let request = builder.body(body).map_err(std::io::Error::other)?;
    let response = sender
        .send_request(request)
        .await
        .map_err(std::io::Error::other)?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .map_err(std::io::Error::other)?
        .to_bytes();
    Ok(Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}
