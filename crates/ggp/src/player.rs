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
    /// Seeds the random choices.
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
    /// Compiles the rules, recognises a native game, and thinks until the start clock's
    /// deadline (or `stop`).
    ///
    /// # Errors
    ///
    /// Why the rules cannot be played: a description the reasoner rejects, or an unknown role.
    pub fn start(
        config: &PlayerConfig,
        role: &str,
        rules: &str,
        clocks: (u32, u32),
        received: Instant,
        stop: &AtomicBool,
    ) -> Result<MatchPlayer, String> {
        let description = parse(rules).map_err(|error| error.to_string())?;
        let game = Game::from_description(&description).map_err(|error| error.to_string())?;
        let role = game.role(role).map_err(|error| error.to_string())?;
        let native = (config.native && config.engine == Engine::Mcts)
            .then(|| NativeMatch::recognise(&description, &game, config.seed))
            .flatten();
        if config.verbose {
            let how = native.as_ref().map_or("the reasoner".to_owned(), |n| {
                format!("the native engine of `{}`", n.game_id())
            });
            eprintln!("start: role {}, playing with {how}", game.roles()[role]);
        }
        let mut player = MatchPlayer {
            state: game.initial_state(),
            searcher: config.engine.searcher(role, config.seed),
            game: Arc::new(game),
            role,
            play_clock: clocks.1,
            native,
            spelling: Spelling::of(rules),
            config: config.clone(),
        };
        if player.native.is_none() {
            let deadline = config.deadline(received, clocks.0);
            player.searcher.ponder(&player.game, &player.state, deadline, stop);
        }
        Ok(player)
    }

    /// Plays the last joint move (`None` on the first turn) and chooses the role's move
    /// before the play clock's deadline, as ggp-base prints it (`( move 1 1 2 2 )`).
    ///
    /// # Errors
    ///
    /// Why the moves cannot be played, or the role has no legal move.
    pub fn play(
        &mut self,
        moves: Option<&[String]>,
        received: Instant,
        stop: &AtomicBool,
    ) -> Result<String, String> {
        if let Some(moves) = moves {
            self.advance(moves)?;
        }
        let deadline = self.config.deadline(received, self.play_clock);
        let game = Arc::clone(&self.game);
        let chosen = self
            .native_move(deadline, stop)
            .or_else(|| self.searcher.choose(&game, &self.state, deadline, stop));
        let mv = chosen.ok_or("the role has no legal move")?;
        let text = game.move_text(self.role, mv).ok_or("a move out of range")?;
        Ok(self.spelling.ggp(text))
    }

    /// Plays the last joint move (`STOP`'s), to log the end.
    ///
    /// # Errors
    ///
    /// As [`MatchPlayer::play`].
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
    fn advance(&mut self, moves: &[String]) -> Result<(), String> {
        let roles = self.game.roles();
        if moves.len() != roles.len() {
            return Err(format!("{} moves for {} roles", moves.len(), roles.len()));
        }
        let joint = moves
            .iter()
            .enumerate()
            .map(|(role, text)| self.game.parse_move(role, text).map_err(|error| error.to_string()))
            .collect::<Result<Vec<Move>, String>>()?;
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
