//! The listener: connections are accepted up to a cap (more wait in the kernel's backlog) and
//! a cap per client address (more are closed at once), each is served by hyper with a deadline for its request's headers, so that a client that
//! sends them slowly (slowloris) costs one connection for a bounded time; on shutdown no new
//! connection is accepted, and those open get a few seconds to finish.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::{Extension, Router};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::Layer;

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
    /// How long a client has to send a request's headers (each request of a connection).
    pub header_timeout: Duration,
    /// How long the connections open at shutdown have to finish.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 1_000,
            connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
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
