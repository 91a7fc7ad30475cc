//! The player's side of the protocol: a server that answers a host's requests, one match at
//! a time, as ggp-base's `GamePlayer` does.
//!
//! [`Server::answer`] answers a request without a socket; [`Server::serve`] reads requests from
//! a listener, each connection on a thread of its own so that `INFO`, `ABORT` and another
//! host's `START` (answered `busy`) are answered while a search runs. At most
//! [`MAX_CONNECTIONS`] connections are served at once (a further one is closed unanswered), and
//! a request must arrive whole within [`REQUEST_TIMEOUT`].
//!
//! A `PLAY` is answered in time whatever the search does: the search runs on a thread of its
//! own, is told to stop at its deadline, and if it has not answered by
//! [`PlayerConfig::answer_by`] a legal move found at once is answered instead; the match comes
//! back to the next request once the search has stopped. `START` is answered `ready` in time
//! likewise, whatever the start clock's thinking (the solver's tables being made) does. A
//! `PLAY` that comes while such work still holds the match is answered a legal move all the
//! same, from a copy of the match's state that follows the moves; the player is given those
//! moves when it comes back.

use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::http::{read_request, write_response, Incoming};
use crate::message::Request;
use crate::player::{MatchPlayer, PlayerConfig, Shadow};

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 16;
/// The time a request has to arrive whole.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The end of a request's work: the match, and the answer (a move, or nothing for `START`).
type Searched = (MatchPlayer, Result<String, String>);

/// The match in play.
struct Slot {
    id: String,
    /// Stops the match's search: set by `STOP` and `ABORT`, and at a search's deadline.
    stop: Arc<AtomicBool>,
    /// The match; `None` while a request is using it (or it is being started).
    player: Option<MatchPlayer>,
    /// Work that overran its answer: the match comes back through it once it has stopped.
    late: Option<Receiver<Searched>>,
    /// The match's state when it was last given to work, followed by the moves played while
    /// that work held it.
    shadow: Option<Shadow>,
    /// The moves played while work held the match, for the player when it comes back.
    pending: Vec<Vec<String>>,
    /// The play clock, in seconds.
    play_clock: u32,
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

    /// `START`: the rules compiled, then the start clock's thinking, answered `ready` in time
    /// whatever the thinking does.
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
            let (id, stop) = (id.to_owned(), Arc::clone(&stop));
            *current = Some(Slot {
                id,
                stop,
                player: None,
                late: None,
                shadow: None,
                pending: Vec::new(),
                play_clock: clocks.1,
            });
        }
        self.log(format_args!("match {id}: START"));
        let player = match MatchPlayer::new(&self.config, id, role, rules, clocks.1) {
            Ok(player) => player,
            Err(error) => {
                self.log(format_args!("match {id}: cannot play these rules: {error}"));
                let mut current = self.lock();
                if current.as_ref().is_some_and(|slot| Arc::ptr_eq(&slot.stop, &stop)) {
                    *current = None;
                }
                return "busy".to_owned();
            }
        };
        let deadline = self.config.deadline(received, clocks.0);
        let due = (deadline, self.config.answer_by(received, clocks.0));
        let pondered = self.bounded(player, &stop, due, move |player, stop| {
            player.ponder(deadline, stop);
            Ok(String::new())
        });
        if pondered.is_none() {
            self.log(format_args!("match {id}: still thinking at the start clock's end"));
        }
        let ours = self.lock().as_ref().is_some_and(|slot| Arc::ptr_eq(&slot.stop, &stop));
        if ours { "ready" } else { "busy" }.to_owned()
    }

    /// `PLAY`: the move, due by [`MatchPlayer::due`] whatever the search does; a legal move
    /// found at once when the search overruns.
    fn play(&self, id: &str, moves: Option<&[String]>, received: Instant) -> String {
        let Some((mut player, stop)) = self.take(id, received) else {
            return self.answer_meanwhile(id, moves);
        };
        if let Some(moves) = moves {
            if let Err(error) = player.advance(moves) {
                self.log(format_args!("match {id}: PLAY: {error}"));
                self.put_back(player, &stop);
                return "nil".to_owned();
            }
        }
        let fallback = player.any_move().unwrap_or_else(|| "nil".to_owned());
        let due = player.due(received);
        let deadline = due.0;
        match self.bounded(player, &stop, due, move |player, stop| player.choose(deadline, stop)) {
            Some(Ok(answer)) => answer,
            Some(Err(error)) => {
                self.log(format_args!("match {id}: PLAY: {error}"));
                "nil".to_owned()
            }
            None => {
                self.log(format_args!("match {id}: the search overran; answered {fallback}"));
                fallback
            }
        }
    }

    /// Runs `work` on the match on a thread of its own, and waits: at `due.0` (the deadline) the
    /// work is told to stop, and at `due.1` the request goes on without it (`None`), the match
    /// coming back through [`Slot::late`] once the work is done. The match is given back when
    /// the work is done in time.
    fn bounded(
        &self,
        mut player: MatchPlayer,
        stop: &Arc<AtomicBool>,
        due: (Instant, Instant),
        work: impl FnOnce(&mut MatchPlayer, &AtomicBool) -> Result<String, String> + Send + 'static,
    ) -> Option<Result<String, String>> {
        if let Some(slot) = self.lock().as_mut().filter(|slot| Arc::ptr_eq(&slot.stop, stop)) {
            slot.shadow = Some(player.shadow());
        }
        let (sender, receiver) = mpsc::channel::<Searched>();
        let work_stop = Arc::clone(stop);
        std::thread::spawn(move || {
            let answer = work(&mut player, &work_stop);
            let _ = sender.send((player, answer));
        });
        let until = |instant: Instant| instant.saturating_duration_since(Instant::now());
        let mut done = receiver.recv_timeout(until(due.0));
        if matches!(done, Err(RecvTimeoutError::Timeout)) {
            // The deadline has come: work that has not seen it yet is told to stop.
            stop.store(true, Ordering::Relaxed);
            done = receiver.recv_timeout(until(due.1));
        }
        let mut current = self.lock();
        let slot = current.as_mut().filter(|slot| Arc::ptr_eq(&slot.stop, stop));
        match (done, slot) {
            (Ok((player, answer)), Some(slot)) => {
                stop.store(false, Ordering::Relaxed);
                slot.player = Some(player);
                Some(answer)
            }
            (Ok((_, answer)), None) => Some(answer),
            (Err(RecvTimeoutError::Timeout), Some(slot)) => {
                slot.late = Some(receiver);
                None
            }
            (Err(RecvTimeoutError::Disconnected), Some(_)) => {
                self.log(format_args!("a search failed; the match is given up"));
                *current = None;
                None
            }
            (Err(_), None) => None,
        }
    }

    /// The match `id` for a request received at `received` to use, and its stop flag: at once,
    /// or once work that overran has stopped (by the request's deadline); `None` for another
    /// match, or a match in use.
    fn take(&self, id: &str, received: Instant) -> Option<(MatchPlayer, Arc<AtomicBool>)> {
        let (late, stop, deadline) = {
            let mut current = self.lock();
            let slot = current.as_mut().filter(|slot| slot.id == id)?;
            if let Some(mut player) = slot.player.take() {
                let (stop, pending) = (Arc::clone(&slot.stop), std::mem::take(&mut slot.pending));
                drop(current);
                self.catch_up(id, &mut player, &pending);
                return Some((player, stop));
            }
            let deadline = self.config.deadline(received, slot.play_clock);
            (slot.late.take()?, Arc::clone(&slot.stop), deadline)
        };
        let done = late.recv_timeout(deadline.saturating_duration_since(Instant::now()));
        let mut current = self.lock();
        let slot = current.as_mut().filter(|slot| Arc::ptr_eq(&slot.stop, &stop))?;
        match done {
            Ok((mut player, _)) => {
                stop.store(false, Ordering::Relaxed);
                let pending = std::mem::take(&mut slot.pending);
                drop(current);
                self.catch_up(id, &mut player, &pending);
                Some((player, stop))
            }
            Err(_) => {
                slot.late = Some(late);
                None
            }
        }
    }

    /// Gives `player` the moves played while work held it.
    fn catch_up(&self, id: &str, player: &mut MatchPlayer, pending: &[Vec<String>]) {
        for moves in pending {
            if let Err(error) = player.advance(moves) {
                self.log(format_args!("match {id}: a move played meanwhile: {error}"));
            }
        }
    }

    /// A `PLAY` of match `id` while work that overran still holds it: the moves followed on the
    /// match's copy of the state and kept for the player, and a legal move found at once
    /// answered; `busy` for another match (or one not yet started).
    fn answer_meanwhile(&self, id: &str, moves: Option<&[String]>) -> String {
        let mut current = self.lock();
        let Some(slot) = current.as_mut().filter(|slot| slot.id == id) else {
            return "busy".to_owned();
        };
        let Some(shadow) = slot.shadow.as_mut() else { return "busy".to_owned() };
        if let Some(moves) = moves {
            if let Err(error) = shadow.advance(moves) {
                drop(current);
                self.log(format_args!("match {id}: PLAY: {error}"));
                return "nil".to_owned();
            }
            slot.pending.push(moves.to_vec());
        }
        let answer = shadow.any_move().unwrap_or_else(|| "nil".to_owned());
        drop(current);
        self.log(format_args!("match {id}: still thinking; answered {answer}"));
        answer
    }

    /// Gives the match back after a request, if it is still the match in play (not stopped or
    /// aborted meanwhile), ready for the next search.
    fn put_back(&self, player: MatchPlayer, stop: &Arc<AtomicBool>) {
        let mut current = self.lock();
        if let Some(slot) = current.as_mut().filter(|slot| Arc::ptr_eq(&slot.stop, stop)) {
            stop.store(false, Ordering::Relaxed);
            slot.player = Some(player);
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Arc};
    use std::time::{Duration, Instant};

    use super::{Server, Slot};
    use crate::message::Request;
    use crate::player::{MatchPlayer, PlayerConfig};

    const TIC_TAC_TOE: &str = include_str!("../../gdl/tests/games/ticTacToe.kif");

    /// A server in match `m` of tic-tac-toe, as `xplayer`, on a play clock of 1 s.
    fn in_a_match() -> (Arc<Server>, Arc<AtomicBool>) {
        let server = Server::new(PlayerConfig::default());
        let config = PlayerConfig::default();
        let player = MatchPlayer::new(&config, "m", "xplayer", TIC_TAC_TOE, 1).expect("a match");
        let stop = Arc::new(AtomicBool::new(false));
        *server.lock() = Some(Slot {
            id: "m".to_owned(),
            stop: Arc::clone(&stop),
            player: Some(player),
            late: None,
            shadow: None,
            pending: Vec::new(),
            play_clock: 1,
        });
        (server, stop)
    }

    #[test]
    fn work_that_overruns_is_told_to_stop_and_answered_without() {
        let (server, stop) = in_a_match();
        let (player, _) = server.take("m", Instant::now()).expect("the match");
        let started = Instant::now();
        let due = (started + Duration::from_millis(50), started + Duration::from_millis(100));
        // Work that sees the stop flag only after 300 ms, as a search that overruns.
        let answered = server.bounded(player, &stop, due, |_, stop| {
            std::thread::sleep(Duration::from_millis(300));
            Ok(format!("stopped: {}", stop.load(Ordering::Relaxed)))
        });
        assert_eq!(answered, None);
        assert!(started.elapsed() < Duration::from_millis(250), "{:?}", started.elapsed());
        // The next request waits for the match to come back, its stop flag cleared.
        let (player, stop) = server.take("m", Instant::now()).expect("the match back");
        assert!(started.elapsed() >= Duration::from_millis(300));
        assert!(!stop.load(Ordering::Relaxed));
        assert!(player.any_move().is_some());
    }

    #[test]
    fn a_play_while_work_holds_the_match_gets_a_legal_move_and_the_player_its_moves() {
        let (server, stop) = in_a_match();
        let (player, _) = server.take("m", Instant::now()).expect("the match");
        let started = Instant::now();
        let due = (started + Duration::from_millis(10), started + Duration::from_millis(20));
        // Work that holds the match until it is let go: the start clock's thinking, overrun.
        let (release, held) = mpsc::channel::<()>();
        let answered = server.bounded(player, &stop, due, move |_, _| {
            let _ = held.recv();
            Ok(String::new())
        });
        assert_eq!(answered, None);
        let play = |moves: Option<Vec<String>>| {
            server.answer(Request::Play { id: "m".to_owned(), moves }, Instant::now())
        };
        // The first PLAY (the play clock's half waited for the match) is a mark of xplayer's;
        // after it, xplayer's only move is noop.
        let first = play(None);
        assert!(first.contains("mark"), "{first}");
        assert_eq!(play(Some(vec![first, "noop".to_owned()])), "noop");
        // The player comes back with the move played meanwhile.
        release.send(()).expect("the work waits");
        let (player, _) = server.take("m", Instant::now()).expect("the match back");
        assert_eq!(player.any_move().as_deref(), Some("noop"));
    }

    #[test]
    fn work_done_in_time_gives_its_answer_and_the_match_back() {
        let (server, stop) = in_a_match();
        let (player, _) = server.take("m", Instant::now()).expect("the match");
        let now = Instant::now();
        let due = (now + Duration::from_millis(500), now + Duration::from_millis(750));
        let answered = server.bounded(player, &stop, due, |_, _| Ok("done".to_owned()));
        assert_eq!(answered, Some(Ok("done".to_owned())));
        assert!(server.lock().as_ref().is_some_and(|slot| slot.player.is_some()));
    }
}
