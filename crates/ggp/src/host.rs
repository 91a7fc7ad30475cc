//! A match host for tests and measurements: plays a match between GGP players over HTTP as
//! ggp-base's `GameServer` does, and records it as ggp-base's match JSON.
//!
//! The players receive `START` together and have the start clock to answer; then, until the
//! game ends, each `PLAY` goes to every player at once with the last joint move, and each has
//! the play clock plus one second (ggp-base's grace) to answer. A player that does not answer
//! in time (`TO`), cannot be reached (`CE`) or answers a move that is not legal (`IL move`)
//! plays a random legal move instead, as under ggp-base. At the end every player receives
//! `STOP` with the last joint move.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use arbiter_gdl::{Game, GdlError, Machine, Move};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::http::{read_response, write_request};
use crate::message::Request;
use crate::record::MatchRecord;
use crate::sexpr::one_line;
use crate::spelling::Spelling;

/// ggp-base's grace after the play clock before a host takes a move as timed out.
pub const GRACE: Duration = Duration::from_secs(1);
/// The longest time to connect to a player.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// A match stops (aborted) after this many joint moves: a game whose rules never end it.
pub const MAX_MOVES: usize = 10_000;

/// Why a host cannot run matches on a description.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// The description is not GDL the reasoner accepts.
    #[error(transparent)]
    Rules(#[from] GdlError),
    /// The description is not s-expressions.
    #[error(transparent)]
    Syntax(#[from] crate::error::MessageError),
    /// Not one player per role.
    #[error("{players} players for {roles} roles: give one --player per role")]
    Players {
        /// Players given.
        players: usize,
        /// The game's roles.
        roles: usize,
    },
}

/// A host of matches of one game.
pub struct Host {
    game: Game,
    rules: String,
    spelling: Spelling,
    rng: ChaCha8Rng,
}

impl Host {
    /// A host of the game described by `kif`; `seed` seeds its random moves and tokens.
    ///
    /// # Errors
    ///
    /// [`HostError`] for a description the reasoner rejects.
    pub fn new(kif: &str, seed: u64) -> Result<Host, HostError> {
        let rules = one_line(kif)?;
        let game = Game::from_kif(&rules)?;
        Ok(Host {
            spelling: Spelling::of(&rules),
            game,
            rules,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// The compiled game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays match `id` with `players[i]` (`host:port`) in role `i`.
    ///
    /// # Errors
    ///
    /// [`HostError::Players`] when there is not one player per role.
    pub fn play(
        &mut self,
        id: &str,
        players: &[String],
        start_clock: u32,
        play_clock: u32,
    ) -> Result<MatchRecord, HostError> {
        let roles = self.game.roles().len();
        if players.len() != roles {
            return Err(HostError::Players { players: players.len(), roles });
        }
        let mut record = empty_record(id, players, start_clock, play_clock);
        record.random_token =
            (0..32).map(|_| char::from(self.rng.random_range(b'a'..=b'z'))).collect();
        let Host { game, rules, spelling, rng } = self;
        let mut machine = game.machine();
        push_state(game, spelling, &mut record, &machine);
        let start: Vec<Request> = game
            .roles()
            .iter()
            .map(|role| Request::Start {
                id: id.to_owned(),
                role: spelling.ggp(role),
                rules: rules.clone(),
                start_clock,
                play_clock,
            })
            .collect();
        let answers = broadcast(players, &start, clock(start_clock));
        record.errors.push(
            answers
                .iter()
                .map(|answer| answer.as_ref().err().cloned().unwrap_or_default())
                .collect(),
        );
        let mut previous: Option<Vec<String>> = None;
        while !machine.is_terminal() {
            if record.moves.len() >= MAX_MOVES
                || (0..roles).any(|role| machine.legal_count(role) == 0)
            {
                record.is_aborted = true;
                let abort = vec![Request::Abort { id: id.to_owned() }; roles];
                broadcast(players, &abort, clock(play_clock) + GRACE);
                return Ok(record);
            }
            let play = vec![Request::Play { id: id.to_owned(), moves: previous.clone() }; roles];
            let answers = broadcast(players, &play, clock(play_clock) + GRACE);
            let (joint, errors) = joint_move(game, rng, &machine, &answers);
            let texts: Vec<String> = joint
                .iter()
                .enumerate()
                .map(|(role, &mv)| spelling.ggp(game.move_text(role, mv).unwrap_or("nil")))
                .collect();
            // The joint move is made of legal moves.
            if machine.play(&joint).is_err() {
                record.is_aborted = true;
                return Ok(record);
            }
            record.moves.push(texts.clone());
            record.errors.push(errors);
            push_state(game, spelling, &mut record, &machine);
            previous = Some(texts);
        }
        record.is_completed = true;
        record.goal_values = (0..roles).map(|role| machine.goal(role).unwrap_or(0)).collect();
        let stop = vec![Request::Stop { id: id.to_owned(), moves: previous }; roles];
        broadcast(players, &stop, clock(play_clock) + GRACE);
        Ok(record)
    }
}

/// Each role's answer read as a legal move, or a random legal move and the error.
fn joint_move(
    game: &Game,
    rng: &mut ChaCha8Rng,
    machine: &Machine<'_>,
    answers: &[Result<String, String>],
) -> (Vec<Move>, Vec<String>) {
    let mut joint = Vec::with_capacity(answers.len());
    let mut errors = Vec::with_capacity(answers.len());
    for (role, answer) in answers.iter().enumerate() {
        let legal = match answer {
            Ok(text) => match game.parse_move(role, text) {
                Ok(mv) if machine.is_legal(role, mv) => Ok(mv),
                _ => Err(format!("IL {text}")),
            },
            Err(error) => Err(error.clone()),
        };
        match legal {
            Ok(mv) => {
                joint.push(mv);
                errors.push(String::new());
            }
            Err(error) => {
                let count = machine.legal_count(role);
                let n = rng.random_range(0..count.max(1));
                joint.extend(machine.nth_legal(role, n));
                errors.push(error);
            }
        }
    }
    (joint, errors)
}

/// A record of a match about to start.
fn empty_record(id: &str, players: &[String], start_clock: u32, play_clock: u32) -> MatchRecord {
    MatchRecord {
        match_id: id.to_owned(),
        random_token: String::new(),
        start_time: now_millis(),
        is_completed: false,
        is_aborted: false,
        states: Vec::new(),
        moves: Vec::new(),
        state_times: Vec::new(),
        errors: Vec::new(),
        goal_values: Vec::new(),
        preview_clock: -1,
        start_clock,
        play_clock,
        player_names_from_host: players.to_vec(),
        scrambled: false,
    }
}

/// Records the machine's state and when it was reached.
fn push_state(game: &Game, spelling: &Spelling, record: &mut MatchRecord, machine: &Machine<'_>) {
    let mut text = "( ".to_owned();
    for proposition in game.propositions(machine.state()) {
        text.push_str(&spelling.ggp(proposition));
        text.push(' ');
    }
    text.push(')');
    record.states.push(text);
    record.state_times.push(now_millis());
}

fn clock(seconds: u32) -> Duration {
    Duration::from_secs(u64::from(seconds))
}

fn now_millis() -> u64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
}

/// Sends `requests[i]` to `players[i]`, all at once; each answer, or `TO` / `CE`.
fn broadcast(
    players: &[String],
    requests: &[Request],
    timeout: Duration,
) -> Vec<Result<String, String>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = players
            .iter()
            .zip(requests)
            .map(|(player, request)| scope.spawn(move || send(player, &request.to_text(), timeout)))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap_or_else(|_| Err("CE".to_owned())))
            .collect()
    })
}

/// One request to a player: its answer, or `TO` (no answer in time) or `CE` (no connection).
pub fn send(player: &str, body: &str, timeout: Duration) -> Result<String, String> {
    let deadline = Instant::now() + timeout;
    let address = player.to_socket_addrs().ok().and_then(|mut addresses| addresses.next());
    let address = address.ok_or_else(|| "CE".to_owned())?;
    let mut stream = TcpStream::connect_timeout(&address, CONNECT_TIMEOUT.min(timeout))
        .map_err(|_| "CE".to_owned())?;
    let host = player.rsplit_once(':').map_or(player, |(host, _)| host);
    write_request(&mut stream, host, player, body).map_err(|_| "CE".to_owned())?;
    read_response(&mut stream, deadline).map_err(|error| match error {
        crate::error::HttpError::Timeout => "TO".to_owned(),
        _ => "CE".to_owned(),
    })
}
