//! The player's side of the protocol: a server that answers a host's requests, one match at
//! a time, as ggp-base's `GamePlayer` does.
//!
//! [`Server::answer`] answers a request without a socket; [`Server::serve`] reads requests from
//! a listener, each connection on a thread of its own so that `INFO`, `ABORT` and another
//! host's `START` (answered `busy`) are answered while a search runs. At most
//! [`MAX_CONNECTIONS`] connections are served at once (a further one is closed unanswered), and
//! a request must arrive whole within [`REQUEST_TIMEOUT`].

use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::http::{read_request, write_response, Incoming};
use crate::message::Request;
use crate::player::{MatchPlayer, PlayerConfig};

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 16;
/// The time a request has to arrive whole.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The match in play.
struct Slot {
    id: String,
    stop: Arc<AtomicBool>,
    /// The match; `None` while a request is using it (or it is being started).
    player: Option<MatchPlayer>,
}

/// A GGP player.
pub struct Server {
    config: PlayerConfig,
    current: Mutex<Option<Slot>>,
    connections: AtomicUsize,
}

impl Server {
    /// A player that plays as `config` says.
    #[must_use]
    pub fn new(config: PlayerConfig) -> Arc<Server> {
        Arc::new(Server { config, current: Mutex::new(None), connections: AtomicUsize::new(0) })
    }

    /// Answers requests from `listener` until it fails.
    ///
    /// # Errors
    ///
    /// The listener's error.
    pub fn serve(self: &Arc<Self>, listener: &TcpListener) -> std::io::Result<()> {
        loop {
            let (stream, _) = listener.accept()?;
            if self.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                self.connections.fetch_sub(1, Ordering::SeqCst);
                drop(stream);
                continue;
            }
            let server = Arc::clone(self);
            std::thread::spawn(move || {
                server.connection(stream);
                server.connections.fetch_sub(1, Ordering::SeqCst);
            });
        }
    }

    /// Reads one request, answers it, closes.
    fn connection(&self, mut stream: TcpStream) {
        let received = Instant::now();
        let answer = match read_request(&mut stream, received + REQUEST_TIMEOUT) {
            Ok(Incoming::Options) => String::new(),
            Ok(Incoming::Message(text)) => match Request::parse(&text) {
                Ok(request) => self.answer(request, received),
                Err(error) => {
                    self.log(format_args!("a malformed request: {error}"));
                    format!("error: {error}")
                }
            },
            Err(error) => {
                self.log(format_args!("a request that could not be read: {error}"));
                return;
            }
        };
        let _ = write_response(&mut stream, &answer);
    }

    fn log(&self, message: std::fmt::Arguments<'_>) {
        if self.config.verbose {
            eprintln!("{message}");
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Slot>> {
        self.current.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The answer to `request`, received at `received`.
    pub fn answer(&self, request: Request, received: Instant) -> String {
        match request {
            Request::Info => {
                let status = if self.lock().is_some() { "busy" } else { "available" };
                format!("( ( name {} ) ( status {status} ) ( species bot ) )", self.config.name)
            }
            Request::Preview { .. } => {
                if self.lock().is_some() { "busy" } else { "ready" }.to_owned()
            }
            Request::Start { id, role, rules, start_clock, play_clock } => {
                self.start(&id, &role, &rules, (start_clock, play_clock), received)
            }
            Request::Play { id, moves } => self.play(&id, moves.as_deref(), received),
            Request::Stop { id, moves } => self.end(&id, moves.as_deref(), "done"),
            Request::Abort { id } => self.end(&id, None, "aborted"),
        }
    }

    fn start(
        &self,
        id: &str,
        role: &str,
        rules: &str,
        clocks: (u32, u32),
        received: Instant,
    ) -> String {
        let stop = Arc::new(AtomicBool::new(false));
        {
            let mut current = self.lock();
            if current.is_some() {
                return "busy".to_owned();
            }
            *current = Some(Slot { id: id.to_owned(), stop: Arc::clone(&stop), player: None });
        }
        self.log(format_args!("match {id}: START"));
        let started = MatchPlayer::start(&self.config, role, rules, clocks, received, &stop);
        let mut current = self.lock();
        let ours = current.as_ref().is_some_and(|slot| Arc::ptr_eq(&slot.stop, &stop));
        match started {
            Ok(player) if ours => {
                if let Some(slot) = current.as_mut() {
                    slot.player = Some(player);
                }
                "ready".to_owned()
            }
            Ok(_) => "busy".to_owned(),
            Err(error) => {
                self.log(format_args!("match {id}: cannot play these rules: {error}"));
                if ours {
                    *current = None;
                }
                "busy".to_owned()
            }
        }
    }

    fn play(&self, id: &str, moves: Option<&[String]>, received: Instant) -> String {
        let (mut player, stop) = {
            let mut current = self.lock();
            let Some(slot) = current.as_mut().filter(|slot| slot.id == id) else {
                return "busy".to_owned();
            };
            let Some(player) = slot.player.take() else { return "busy".to_owned() };
            (player, Arc::clone(&slot.stop))
        };
        let answer = player.play(moves, received, &stop);
        let mut current = self.lock();
        if let Some(slot) = current.as_mut().filter(|slot| Arc::ptr_eq(&slot.stop, &stop)) {
            slot.player = Some(player);
        }
        match answer {
            Ok(text) => text,
            Err(error) => {
                self.log(format_args!("match {id}: PLAY: {error}"));
                "nil".to_owned()
            }
        }
    }

    /// `STOP` and `ABORT`: the match ends (a search under way stops at once).
    fn end(&self, id: &str, moves: Option<&[String]>, answer: &str) -> String {
        let slot = {
            let mut current = self.lock();
            if current.as_ref().is_none_or(|slot| slot.id != id) {
                return "busy".to_owned();
            }
            current.take()
        };
        if let Some(mut slot) = slot {
            slot.stop.store(true, Ordering::Relaxed);
            if let Some(player) = &mut slot.player {
                if let Err(error) = player.finish(moves) {
                    self.log(format_args!("match {id}: STOP: {error}"));
                }
            }
        }
        self.log(format_args!("match {id}: {answer}"));
        answer.to_owned()
    }
}
