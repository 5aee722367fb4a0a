//! The remote listener's gate, a tower layer in front of every `relay.v1` service: it removes every
//! `x-client-cert-*` header first (a client's identity is its TLS certificate, never what it writes), then
//! needs `authorization: Bearer <remote token>`, and puts the token's scope on the request as its
//! [`Caller`]. A refusal is `UNAUTHENTICATED` with what to do; logs name the presented token by its fingerprint
//! only. A REST request (`/api/…`, `/healthz`) without a known token goes on without a caller, and the REST API
//! answers it 401 (or serves it, when the path is public).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use relay_core::remote::CLIENT_CERT_HEADER_PREFIX;
use tower::{Layer, Service};

use super::RemotePeer;
use super::tokens::Verifier;
use crate::caller::Caller;

#[derive(Clone, Debug)]
pub struct RemoteAuthLayer {
    tokens: Arc<Verifier>,
}

impl RemoteAuthLayer {
    pub fn new(tokens: Arc<Verifier>) -> RemoteAuthLayer {
        RemoteAuthLayer { tokens }
    }
}

impl<S> Layer<S> for RemoteAuthLayer {
    type Service = RemoteAuth<S>;

    fn layer(&self, inner: S) -> RemoteAuth<S> {
        RemoteAuth {
            inner,
            tokens: Arc::clone(&self.tokens),
        }
    }
}

#[derive(Clone, Debug)]
pub struct RemoteAuth<S> {
    inner: S,
    tokens: Arc<Verifier>,
}

/// Removes every header a client could use to claim a certificate identity.
fn strip_client_cert_headers(headers: &mut http::HeaderMap) {
    let forged: Vec<http::HeaderName> = headers
        .keys()
        .filter(|name| name.as_str().starts_with(CLIENT_CERT_HEADER_PREFIX))
        .cloned()
        .collect();
    for name in forged {
        headers.remove(name);
    }
}

/// The token of an `authorization: Bearer …` header, if the request has one.
fn bearer(headers: &http::HeaderMap) -> Option<String> {
    let value = headers.get(http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
        .filter(|token| !token.is_empty())
}

/// The REST API's paths (and `/healthz`), which answer HTTP statuses of their own rather than gRPC's.
fn is_rest(path: &str) -> bool {
    path == "/healthz" || path == "/api" || path.starts_with("/api/")
}

fn refuse<B: Default>(status: tonic::Status) -> http::Response<B> {
    status.into_http()
}

impl<S, B, R> Service<http::Request<B>> for RemoteAuth<S>
where
    S: Service<http::Request<B>, Response = http::Response<R>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
    R: Default + Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        strip_client_cert_headers(request.headers_mut());
        // The clone waits for readiness next time; this one was made ready by poll_ready.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let tokens = Arc::clone(&self.tokens);
        Box::pin(async move {
            let peer = request.extensions().get::<RemotePeer>().cloned();
            let addr = peer
                .as_ref()
                .and_then(|p| p.addr)
                .map_or_else(|| "?".to_owned(), |a| a.to_string());
            let cert = peer.as_ref().and_then(|p| p.client_cert.clone());
            // The REST API answers its own refusals, as JSON with its codes (401 for a missing or unknown token):
            // a request reaches it with the token's caller, or with none.
            let rest = is_rest(request.uri().path());
            let Some(presented) = bearer(request.headers()) else {
                if rest {
                    tracing::debug!(peer = %addr, path = %request.uri().path(), "a REST request without a token");
                    return inner.call(request).await;
                }
                tracing::warn!(peer = %addr, client_cert = ?cert, path = %request.uri().path(), "refused a remote request without a token");
                return Ok(refuse(tonic::Status::unauthenticated(
                    "relayd needs a remote token: send `authorization: Bearer TOKEN` (relay --server reads it from --token-file or RELAY_TOKEN); `relay token --remote owner --rotate` on the server makes one",
                )));
            };
            let token_id = relay_core::token::fingerprint(&presented);
            match tokens.verify(&presented).await {
                Ok(Some(who)) => {
                    tracing::debug!(peer = %addr, client_cert = ?cert, token_id = %who.fingerprint, scope = %who.scope, "remote request");
                    request.extensions_mut().insert(Caller::remote_token(who.scope));
                    inner.call(request).await
                }
                Ok(None) if rest => {
                    tracing::warn!(peer = %addr, client_cert = ?cert, token_id = %token_id, "a REST request with a token relayd does not know");
                    inner.call(request).await
                }
                Ok(None) => {
                    tracing::warn!(peer = %addr, client_cert = ?cert, token_id = %token_id, "refused a remote request with a token relayd does not know");
                    Ok(refuse(tonic::Status::unauthenticated(format!(
                        "the token {token_id} (its fingerprint) is not a remote token of this relayd, or it was rotated; get a current one (`relay token --remote owner --rotate` on the server)"
                    ))))
                }
                Err(err) => {
                    tracing::error!(peer = %addr, token_id = %token_id, error = %err, "the remote tokens could not be read");
                    Ok(refuse(tonic::Status::unavailable(format!(
                        "relayd could not check the token: {err}"
                    ))))
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forged_certificate_headers_are_removed_and_others_kept() {
        let mut headers = http::HeaderMap::new();
        headers.insert("x-client-cert-cn", "owner".parse().unwrap());
        headers.insert("x-client-cert-fingerprint", "sha256:00".parse().unwrap());
        headers.insert("x-other", "kept".parse().unwrap());
        strip_client_cert_headers(&mut headers);
        assert_eq!(headers.len(), 1);
        assert!(headers.contains_key("x-other"));
    }

    #[test]
    fn the_token_is_read_from_a_bearer_header_only() {
        let with = |value: &str| {
            let mut headers = http::HeaderMap::new();
            headers.insert(http::header::AUTHORIZATION, value.parse().unwrap());
            bearer(&headers)
        };
        assert_eq!(with("Bearer abc").as_deref(), Some("abc"));
        assert_eq!(with("bearer  abc ").as_deref(), Some("abc"));
        assert_eq!(with("Basic abc"), None);
        assert_eq!(with("Bearer "), None);
        assert_eq!(bearer(&http::HeaderMap::new()), None);
    }
}
