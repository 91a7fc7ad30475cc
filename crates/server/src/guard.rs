//! What keeps one client from taking more than its share of a server on the open internet,
//! counted per client address: rate limits on creating games and on changes (the `governor`
//! crate's keyed limiters), one analysis at a time per browser (and a few per address), and
//! caps on open sockets per client and per game.
//!
//! A client's address is the connection's peer, or, behind a reverse proxy
//! ([`Protection::behind_proxy`]), the last address of `X-Forwarded-For`: the one the proxy
//! added, which a client cannot forge.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::http::{Extensions, HeaderMap};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

/// How much a client may ask of the server. A limit of 0 is no limit.
#[derive(Debug, Clone, Copy)]
pub struct Protection {
    /// Games a client may create a minute (and at once, after a pause).
    pub games_per_minute: u32,
    /// Changes (moves, offers, resignations, joins) a client may make a second; twice as
    /// many at once, after a pause.
    pub changes_per_second: u32,
    /// Sockets a client may hold open at once.
    pub sockets_per_client: usize,
    /// Sockets open on one game at once.
    pub sockets_per_game: usize,
    /// How often a socket that has said nothing is pinged; one that has not answered for two
    /// of these is closed.
    pub ping: Duration,
    /// The least time between two counts of spectators sent on a socket (the latest count is
    /// sent once it has passed): spectators who come and go fast cost their game's sockets one
    /// message each this often, not one each.
    pub spectators_every: Duration,
    /// The server is reached through a reverse proxy, which appends the client's address to
    /// `X-Forwarded-For`.
    pub behind_proxy: bool,
}

impl Protection {
    /// No rate limit, the default caps on sockets, every count of spectators sent at once: for
    /// tests and benchmarks that play many games from one address.
    #[must_use]
    pub fn unlimited() -> Protection {
        Protection {
            games_per_minute: 0,
            changes_per_second: 0,
            spectators_every: Duration::ZERO,
            ..Protection::default()
        }
    }
}

impl Default for Protection {
    /// Generous for a person (or a household behind one address), tight for a flood.
    fn default() -> Protection {
        Protection {
            games_per_minute: 30,
            changes_per_second: 20,
            sockets_per_client: 50,
            sockets_per_game: 500,
            ping: Duration::from_secs(30),
            spectators_every: Duration::from_secs(1),
            behind_proxy: false,
        }
    }
}

/// The address of the client a request comes from (the unspecified address for a request
/// that did not come over a connection, as in a test that calls the router).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Client(pub IpAddr);

/// The peer of a connection, which the listener gives to each of its requests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Peer(pub SocketAddr);

impl Client {
    pub(crate) fn of(headers: &HeaderMap, extensions: &Extensions, behind_proxy: bool) -> Client {
        if behind_proxy {
            let forwarded = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .flat_map(|value| value.split(','))
                .filter_map(|address| address.trim().parse::<IpAddr>().ok())
                .next_back();
            if let Some(address) = forwarded {
                return Client(address);
            }
        }
        let peer = extensions.get::<Peer>().map(|peer| peer.0.ip());
        Client(peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
    }
}

/// The counts of what each client (and each game) holds open, for one kind of thing.
#[derive(Debug)]
pub(crate) struct Counts<K: std::hash::Hash + Eq>(Mutex<HashMap<K, usize>>);

impl<K: std::hash::Hash + Eq> Default for Counts<K> {
    fn default() -> Self {
        Counts(Mutex::new(HashMap::new()))
    }
}

impl<K: std::hash::Hash + Eq + Clone> Counts<K> {
    /// Counts one more for `key` unless it has `cap` (0: no cap) already.
    pub(crate) fn take(&self, key: &K, cap: usize) -> bool {
        let mut counts = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(key.clone()).or_default();
        if cap > 0 && *count >= cap {
            return false;
        }
        *count += 1;
        true
    }

    /// Counts one less for `key`.
    pub(crate) fn give_back(&self, key: &K) {
        let mut counts = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(key);
            }
        }
    }
}

/// The server's guard: its limits and what each client holds now.
pub(crate) struct Guard {
    pub(crate) protection: Protection,
    create: Option<DefaultKeyedRateLimiter<IpAddr>>,
    change: Option<DefaultKeyedRateLimiter<IpAddr>>,
    analyses: Counts<IpAddr>,
    session_analyses: Counts<String>,
    client_sockets: Counts<IpAddr>,
    game_sockets: Counts<String>,
}

/// The most analyses running at once for one address, however many browsers behind it (a
/// family, an office) ask: each browser may have one.
pub(crate) const ANALYSES_PER_ADDRESS: usize = 4;

const TWO: NonZeroU32 = NonZeroU32::MIN.saturating_add(1);

fn limiter(quota: Option<Quota>) -> Option<DefaultKeyedRateLimiter<IpAddr>> {
    quota.map(DefaultKeyedRateLimiter::keyed)
}

impl Guard {
    /// Counts a creation (`creating`) or another change by `client` against its rate: how long
    /// it must wait when it is beyond it.
    pub(crate) fn check_rate(&self, creating: bool, client: Client) -> Result<(), Duration> {
        let limiter = if creating { &self.create } else { &self.change };
        match limiter.as_ref().map(|limiter| limiter.check_key(&client.0)) {
            Some(Err(not_until)) => Err(not_until.wait_time_from(DefaultClock::default().now())),
            _ => Ok(()),
        }
    }

    pub(crate) fn new(protection: Protection) -> Guard {
        let create = NonZeroU32::new(protection.games_per_minute).map(Quota::per_minute);
        let change = NonZeroU32::new(protection.changes_per_second)
            .map(|rate| Quota::per_second(rate).allow_burst(rate.saturating_mul(TWO)));
        Guard {
            protection,
            create: limiter(create),
            change: limiter(change),
            analyses: Counts::default(),
            session_analyses: Counts::default(),
            client_sockets: Counts::default(),
            game_sockets: Counts::default(),
        }
    }

    /// Forgets the clients whose limits are full again, so that the limiters' memory follows
    /// the clients of the last minutes only.
    pub(crate) fn forget_idle_clients(&self) {
        for limiter in [&self.create, &self.change].into_iter().flatten() {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// One analysis for the browser of `session` (its session's root: the account's or the
    /// anonymous session's) at `client`'s address, or `None` while that browser has one
    /// running or the address has [`ANALYSES_PER_ADDRESS`]. Requests without a session count
    /// as one browser of their address.
    pub(crate) fn analysis(
        self: &Arc<Self>,
        client: Client,
        session: Option<String>,
    ) -> Option<Held> {
        let session = session.unwrap_or_else(|| format!("address {}", client.0));
        if !self.session_analyses.take(&session, 1) {
            return None;
        }
        if !self.analyses.take(&client.0, ANALYSES_PER_ADDRESS) {
            self.session_analyses.give_back(&session);
            return None;
        }
        Some(Held { guard: self.clone(), what: HeldKind::Analysis(client.0, session) })
    }

    /// A socket of `client` on game `id`, or why not.
    pub(crate) fn socket(self: &Arc<Self>, client: Client, id: &str) -> Result<Held, String> {
        let Protection { sockets_per_client, sockets_per_game, .. } = self.protection;
        if !self.client_sockets.take(&client.0, sockets_per_client) {
            return Err(format!("a client may keep at most {sockets_per_client} sockets open"));
        }
        let id = id.to_owned();
        if !self.game_sockets.take(&id, sockets_per_game) {
            self.client_sockets.give_back(&client.0);
            return Err(format!(
                "this game has {sockets_per_game} watchers already: try again later"
            ));
        }
        Ok(Held { guard: self.clone(), what: HeldKind::Socket(client.0, id) })
    }
}

impl Guard {
    /// A lobby socket of `client`, or why not: it counts among the client's sockets.
    pub(crate) fn lobby_socket(self: &Arc<Self>, client: Client) -> Result<Held, String> {
        let sockets_per_client = self.protection.sockets_per_client;
        if !self.client_sockets.take(&client.0, sockets_per_client) {
            return Err(format!("a client may keep at most {sockets_per_client} sockets open"));
        }
        Ok(Held { guard: self.clone(), what: HeldKind::LobbySocket(client.0) })
    }
}

/// What a client holds while it holds it: an analysis running, a socket open.
pub(crate) struct Held {
    guard: Arc<Guard>,
    what: HeldKind,
}

enum HeldKind {
    Analysis(IpAddr, String),
    Socket(IpAddr, String),
    LobbySocket(IpAddr),
}

impl Drop for Held {
    fn drop(&mut self) {
        match &self.what {
            HeldKind::Analysis(client, session) => {
                self.guard.analyses.give_back(client);
                self.guard.session_analyses.give_back(session);
            }
            HeldKind::Socket(client, id) => {
                self.guard.client_sockets.give_back(client);
                self.guard.game_sockets.give_back(id);
            }
            HeldKind::LobbySocket(client) => self.guard.client_sockets.give_back(client),
        }
    }
}
