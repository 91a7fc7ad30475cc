//! The listener: connections are accepted up to a cap (more wait in the kernel's backlog) and
//! a cap per client address (more are closed at once). Each is served by hyper with deadlines
//! for a request's headers (which also bounds how long a kept-alive connection may sit idle
//! between requests) and for its body, so that a client that sends either slowly (slowloris,
//! or a body that trickles in) costs one connection for a bounded time. On shutdown no new
//! connection is accepted, and those open get a few seconds to finish.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::Layer;

use super::MAX_BODY;
use crate::error::ApiError;
use crate::guard::{Counts, Peer};

/// How connections are bounded.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most connections served at once (WebSockets, once upgraded, are not counted here).
    pub connections: usize,
    /// The most connections from one address served at once (0: no limit, as behind a
    /// reverse proxy, whose address all connections share): more are closed at once, so that
    /// one client cannot take every connection.
    pub connections_per_address: usize,
    /// How long a client has to send a request's headers (each request of a connection): a
    /// kept-alive connection on which no request begins within it is closed too.
    pub header_timeout: Duration,
    /// How long a client has to send a request's body once its headers have come: a body not
    /// all there by then is answered `408 Request Timeout`, and the connection closed.
    pub body_timeout: Duration,
    /// How long the connections open at shutdown have to finish.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 1_000,
            connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(3),
        }
    }
}

/// How long the listener waits after the system refused a connection (too many open files).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` within `limits` until `shutdown` resolves.
pub(crate) async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let body_timeout = limits.body_timeout;
    let router = router.layer(axum::middleware::from_fn(move |request, next| {
        read_body_within(body_timeout, request, next)
    }));
    let permits = Arc::new(Semaphore::new(limits.connections.max(1)));
    let per_address = Arc::new(Counts::default());
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit,
            () = &mut shutdown => break,
        };
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Some(counted) = Counted::of(&per_address, peer.ip(), limits.connections_per_address)
        else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(Extension(Peer(peer)).layer(router.clone()));
        let connection =
            builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop((permit, counted));
        });
    }
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {}
    }
}

/// Reads the whole body of `request` (at most [`MAX_BODY`] bytes) before it goes on, within
/// `bound` of its headers; a body that has not all come by then is refused with `408`, and the
/// connection is closed (what is left of the body would otherwise be read as the next request).
async fn read_body_within(bound: Duration, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(bound, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Ok(Err(_)) => closing(ApiError::Unreadable(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request's body is over {MAX_BODY} bytes, or it was cut short"),
        )),
        Err(_) => closing(ApiError::Unreadable(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not all come within {} s of its headers",
                bound.as_secs_f64()
            ),
        )),
    }
}

/// The answer of `error`, with the connection closed after it.
fn closing(error: ApiError) -> Response {
    let mut answer = error.into_response();
    answer.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    answer
}

/// A connection counted against its address, until dropped.
struct Counted {
    per_address: Arc<Counts<IpAddr>>,
    address: IpAddr,
}

impl Counted {
    /// Counts a connection from `address`, unless it has `cap` (0: no cap) open already.
    fn of(per_address: &Arc<Counts<IpAddr>>, address: IpAddr, cap: usize) -> Option<Counted> {
        per_address
            .take(&address, cap)
            .then(|| Counted { per_address: per_address.clone(), address })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.per_address.give_back(&self.address);
    }
}
