//! One match as a player sees it: the compiled rules, the role, the state, the search, and the
//! native game when the rules are one the player knows.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_gdl::{parse, Game, Move, State};

use crate::native::NativeMatch;
use crate::search::{Engine, Searcher};
use crate::spelling::Spelling;

/// The default margin: the player answers this long before its clock runs out, for the
/// answer's way back over the network and the host's own work.
pub const DEFAULT_MARGIN: Duration = Duration::from_millis(500);

/// How a player plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerConfig {
    /// The name answered to `INFO`.
    pub name: String,
    /// The search on the reasoner.
    pub engine: Engine,
    /// Play the games it recognises with the native engine (with [`Engine::Mcts`] only).
    pub native: bool,
    /// Answer this long before the clock runs out (at most half the clock).
    pub margin: Duration,
    /// Think at most this long on a request whatever the clocks (tests use it to keep
    /// matches short); `None`: up to the clock less the margin.
    pub max_think: Option<Duration>,
    /// The player's seed, mixed with each match's id to seed that match's random choices
    /// ([`match_seed`]): matches differ, and a fixed seed replays the same match id alike.
    pub seed: u64,
    /// Log each match's moves on stderr.
    pub verbose: bool,
}

impl Default for PlayerConfig {
    fn default() -> Self {
        PlayerConfig {
            name: "arbiter".to_owned(),
            engine: Engine::Mcts,
            native: true,
            margin: DEFAULT_MARGIN,
            max_think: None,
            seed: 1,
            verbose: false,
        }
    }
}

impl PlayerConfig {
    /// When an answer to a request received at `received` with a clock of `seconds` is due.
    #[must_use]
    pub fn deadline(&self, received: Instant, seconds: u32) -> Instant {
        let clock = Duration::from_secs(u64::from(seconds));
        let mut think = clock.saturating_sub(self.margin.min(clock / 2));
        if let Some(max) = self.max_think {
            think = think.min(max);
        }
        received + think
    }

    /// The latest moment to answer a request received at `received` with a clock of
    /// `seconds`, whatever the search does: halfway through the margin after the
    /// [deadline](PlayerConfig::deadline), so that the answer still reaches the host in time.
    #[must_use]
    pub fn answer_by(&self, received: Instant, seconds: u32) -> Instant {
        let clock = Duration::from_secs(u64::from(seconds));
        self.deadline(received, seconds) + self.margin.min(clock / 2) / 2
    }
}

/// The seed of the match `id` for a player seeded `seed`: FNV-1a over the id, mixed with the
/// seed by SplitMix64's finaliser (Steele, Lea and Flood, 2014), stable across platforms.
#[must_use]
pub fn match_seed(seed: u64, id: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut z = (hash ^ seed).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A match in play.
pub struct MatchPlayer {
    game: Arc<Game>,
    role: usize,
    state: State,
    play_clock: u32,
    searcher: Box<dyn Searcher>,
    native: Option<NativeMatch>,
    spelling: Spelling,
    config: PlayerConfig,
}

impl MatchPlayer {
    /// Compiles the rules and recognises a native game, for match `id` on a play clock of
    /// `play_clock` seconds.
    ///
    /// # Errors
    ///
    /// Why the rules cannot be played: a description the reasoner rejects, or an unknown role.
    pub fn new(
        config: &PlayerConfig,
        id: &str,
        role: &str,
        rules: &str,
        play_clock: u32,
    ) -> Result<MatchPlayer, String> {
        let started = Instant::now();
        let description = parse(rules).map_err(|error| error.to_string())?;
        let game = Game::from_description(&description).map_err(|error| error.to_string())?;
        let role = game.role(role).map_err(|error| error.to_string())?;
        let seed = match_seed(config.seed, id);
        let native = (config.native && config.engine == Engine::Mcts)
            .then(|| NativeMatch::recognise(&description, &game, seed))
            .flatten();
        if config.verbose {
            let how = native.as_ref().map_or("the reasoner".to_owned(), |n| {
                format!("the native engine of `{}`", n.game_id())
            });
            let elapsed = started.elapsed().as_millis();
            eprintln!("start: role {}, playing with {how} ({elapsed} ms)", game.roles()[role]);
        }
        Ok(MatchPlayer {
            state: game.initial_state(),
            searcher: config.engine.searcher(role, seed),
            game: Arc::new(game),
            role,
            play_clock,
            native,
            spelling: Spelling::of(rules),
            config: config.clone(),
        })
    }

    /// Thinks until `deadline` (or `stop`) during the start clock: the reasoner's search grows
    /// its tree, or the native engine makes its solver's tables and solves from the initial
    /// position, so that the first `PLAY` finds them made.
    pub fn ponder(&mut self, deadline: Instant, stop: &AtomicBool) {
        match &mut self.native {
            Some(native) => native.ponder(deadline.saturating_duration_since(Instant::now()), stop),
            None => self.searcher.ponder(&self.game, &self.state, deadline, stop),
        }
    }

    /// When the answer to a `PLAY` received at `received` is due: the search's deadline, and
    /// the latest moment to answer whatever the search does ([`PlayerConfig::answer_by`]).
    #[must_use]
    pub fn due(&self, received: Instant) -> (Instant, Instant) {
        let config = &self.config;
        (config.deadline(received, self.play_clock), config.answer_by(received, self.play_clock))
    }

    /// The role's move chosen before `deadline` (or at once when `stop` is set), as ggp-base
    /// prints it (`( move 1 1 2 2 )`).
    ///
    /// # Errors
    ///
    /// The role has no legal move.
    pub fn choose(&mut self, deadline: Instant, stop: &AtomicBool) -> Result<String, String> {
        let game = Arc::clone(&self.game);
        let chosen = self
            .native_move(deadline, stop)
            .or_else(|| self.searcher.choose(&game, &self.state, deadline, stop));
        let mv = chosen.ok_or("the role has no legal move")?;
        let text = game.move_text(self.role, mv).ok_or("a move out of range")?;
        Ok(self.spelling.ggp(text))
    }

    /// A legal move of the role, found at once: the answer when a search overruns its time.
    #[must_use]
    pub fn any_move(&self) -> Option<String> {
        self.shadow().any_move()
    }

    /// The match's state as it is now, to follow the moves and answer legal ones while this
    /// player is busy.
    #[must_use]
    pub fn shadow(&self) -> Shadow {
        Shadow {
            game: Arc::clone(&self.game),
            role: self.role,
            state: self.state.clone(),
            spelling: self.spelling.clone(),
        }
    }

    /// Plays the last joint move (`STOP`'s), to log the end.
    ///
    /// # Errors
    ///
    /// As [`MatchPlayer::advance`].
    pub fn finish(&mut self, moves: Option<&[String]>) -> Result<(), String> {
        if let Some(moves) = moves {
            self.advance(moves)?;
        }
        if self.config.verbose {
            let mut machine = self.game.machine();
            let _ = machine.set_state(&self.state);
            eprintln!("stop: goal {:?}", machine.goal(self.role));
        }
        Ok(())
    }

    /// The native engine's move, if the game is native and the positions still agree.
    fn native_move(&mut self, deadline: Instant, stop: &AtomicBool) -> Option<Move> {
        let native = self.native.as_mut()?;
        let mut machine = self.game.machine();
        machine.set_state(&self.state).ok()?;
        let time = deadline.saturating_duration_since(Instant::now());
        let chosen = native.choose(&self.game, &machine, self.role, time, stop);
        match chosen {
            Some((mv, score)) => {
                if self.config.verbose {
                    let text = self.game.move_text(self.role, mv).unwrap_or_default();
                    eprintln!("play: {text} (native: {score})");
                }
                Some(mv)
            }
            None => {
                if self.config.verbose {
                    eprintln!("play: the native position disagrees; the reasoner plays on");
                }
                self.native = None;
                None
            }
        }
    }

    /// Plays a joint move given as text, one move per role.
    ///
    /// # Errors
    ///
    /// A move that is not one of its role's legal moves, or the wrong number of moves.
    pub fn advance(&mut self, moves: &[String]) -> Result<(), String> {
        let joint = joint_move(&self.game, moves)?;
        let mut machine = self.game.machine();
        machine.set_state(&self.state).map_err(|error| error.to_string())?;
        if let Some(native) = &mut self.native {
            if !native.play(&self.game, &joint) {
                self.native = None;
            }
        }
        self.state = machine.next_state(&joint).map_err(|error| error.to_string())?;
        self.searcher.played(&joint);
        Ok(())
    }
}

/// A match's state without its player: what a request needs while the player is busy with
/// work that overran (the start clock's thinking, the solver's tables being made), to follow
/// the moves played meanwhile and answer a legal move.
#[derive(Debug, Clone)]
pub struct Shadow {
    game: Arc<Game>,
    role: usize,
    state: State,
    spelling: Spelling,
}

impl Shadow {
    /// Plays a joint move given as text, one move per role.
    ///
    /// # Errors
    ///
    /// As [`MatchPlayer::advance`].
    pub fn advance(&mut self, moves: &[String]) -> Result<(), String> {
        let joint = joint_move(&self.game, moves)?;
        let mut machine = self.game.machine();
        machine.set_state(&self.state).map_err(|error| error.to_string())?;
        self.state = machine.next_state(&joint).map_err(|error| error.to_string())?;
        Ok(())
    }

    /// A legal move of the role, found at once.
    #[must_use]
    pub fn any_move(&self) -> Option<String> {
        let mut machine = self.game.machine();
        machine.set_state(&self.state).ok()?;
        let mv = machine.legal_moves(self.role).next()?;
        Some(self.spelling.ggp(self.game.move_text(self.role, mv)?))
    }
}

/// A joint move given as text, one move per role.
fn joint_move(game: &Game, moves: &[String]) -> Result<Vec<Move>, String> {
    let roles = game.roles();
    if moves.len() != roles.len() {
        return Err(format!("{} moves for {} roles", moves.len(), roles.len()));
    }
    let parsed = moves.iter().enumerate();
    parsed
        .map(|(role, text)| game.parse_move(role, text).map_err(|error| error.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{match_seed, PlayerConfig};

    #[test]
    fn each_match_has_its_own_seed_and_a_fixed_seed_replays_it() {
        assert_eq!(match_seed(1, "arbiter.ticTacToe.0"), match_seed(1, "arbiter.ticTacToe.0"));
        assert_ne!(match_seed(1, "arbiter.ticTacToe.0"), match_seed(1, "arbiter.ticTacToe.1"));
        assert_ne!(match_seed(1, "arbiter.ticTacToe.0"), match_seed(2, "arbiter.ticTacToe.0"));
    }

    #[test]
    fn the_search_stops_at_the_clock_less_the_margin_and_the_answer_leaves_by_half_of_it() {
        let config = PlayerConfig::default();
        let now = Instant::now();
        assert_eq!(config.deadline(now, 1), now + Duration::from_millis(500));
        assert_eq!(config.answer_by(now, 1), now + Duration::from_millis(750));
        assert_eq!(config.deadline(now, 10), now + Duration::from_millis(9_500));
        assert_eq!(config.answer_by(now, 10), now + Duration::from_millis(9_750));
        let quick = PlayerConfig { max_think: Some(Duration::from_millis(50)), ..config };
        assert_eq!(quick.answer_by(now, 10), now + Duration::from_millis(300));
    }
}
