//! How many people watch each game: the sockets of this server that hold no seat of their
//! game, and what the other servers say of theirs. On PostgreSQL a server announces its count
//! of a game to the others with the games' notices when it changes, and again every
//! [`REFRESH`] while it is not zero; a count not announced again within [`EXPIRY`] is
//! forgotten (its server stopped). The counts live in memory only: who is watching now is
//! not a fact the database keeps.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The first word of a spectators' notice line, `~spectators GAME SERVER COUNT`, beside the
/// games' `GAME VERSION` lines (no game's identifier starts with `~`).
pub(crate) const TAG: &str = "~spectators";

/// How often a server announces its counts that are not zero again.
pub(crate) const REFRESH: Duration = Duration::from_secs(20);

/// How long another server's count is believed without being announced again.
const EXPIRY: Duration = Duration::from_secs(3 * REFRESH.as_secs());

/// Each game's spectators, here and on the other servers.
#[derive(Default)]
pub(crate) struct Spectators(Mutex<HashMap<String, Watching>>);

/// One game's spectators.
#[derive(Default)]
struct Watching {
    here: usize,
    /// Each other server's count, and when it was announced.
    there: HashMap<String, (usize, Instant)>,
}

impl Watching {
    fn total(&self, now: Instant) -> usize {
        let there = self.there.values().filter(|(_, when)| now - *when < EXPIRY);
        self.here + there.map(|(count, _)| count).sum::<usize>()
    }
}

impl Spectators {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Watching>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many watch `game`, on every server.
    pub(crate) fn count(&self, game: &str) -> usize {
        self.lock().get(game).map_or(0, |watching| watching.total(Instant::now()))
    }

    /// A spectator of `game` came (`joined`) or went here: `announce` is given the new count
    /// here while the counts are held, so that the counts announced keep their order.
    pub(crate) fn change_here(&self, game: &str, joined: bool, announce: impl FnOnce(usize)) {
        let mut games = self.lock();
        let watching = games.entry(game.to_owned()).or_default();
        watching.here = if joined { watching.here + 1 } else { watching.here.saturating_sub(1) };
        let here = watching.here;
        if here == 0 && watching.there.is_empty() {
            games.remove(game);
        }
        announce(here);
    }

    /// `server` announced `count` spectators of `game`: whether the total changed.
    pub(crate) fn heard(&self, game: &str, server: &str, count: usize) -> bool {
        let now = Instant::now();
        let mut games = self.lock();
        let watching = games.entry(game.to_owned()).or_default();
        let before = watching.total(now);
        if count == 0 {
            watching.there.remove(server);
        } else {
            watching.there.insert(server.to_owned(), (count, now));
        }
        let after = watching.total(now);
        if watching.here == 0 && watching.there.is_empty() {
            games.remove(game);
        }
        before != after
    }

    /// Gives `announce` this server's counts that are not zero, to announce again (while the
    /// counts are held, as [`Spectators::change_here`] does); the games whose total fell as
    /// other servers' counts expired, which are forgotten.
    pub(crate) fn refresh(&self, mut announce: impl FnMut(&str, usize)) -> Vec<String> {
        let now = Instant::now();
        let mut expired = Vec::new();
        let mut games = self.lock();
        for (game, watching) in games.iter_mut() {
            let before = watching.there.len();
            watching.there.retain(|_, (_, when)| now - *when < EXPIRY);
            if watching.there.len() != before {
                expired.push(game.clone());
            }
        }
        games.retain(|_, watching| watching.here > 0 || !watching.there.is_empty());
        for (game, watching) in games.iter().filter(|(_, watching)| watching.here > 0) {
            announce(game, watching.here);
        }
        expired
    }
}

/// The notice line that says `server` has `count` spectators of `game`.
pub(crate) fn notice(game: &str, server: &str, count: usize) -> String {
    format!("{TAG} {game} {server} {count}")
}

/// A spectators' notice line read back: the game, the server and its count.
pub(crate) fn read_notice(line: &str) -> Option<(&str, &str, usize)> {
    let mut words = line.split(' ');
    if words.next() != Some(TAG) {
        return None;
    }
    let (game, server, count) = (words.next()?, words.next()?, words.next()?.parse().ok()?);
    Some((game, server, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_adds_this_servers_spectators_to_the_others_and_forgets_them_at_zero() {
        let spectators = Spectators::default();
        let change = |joined: bool| {
            let mut told = None;
            spectators.change_here("g", joined, |here| told = Some(here));
            told.expect("a count")
        };
        assert_eq!(change(true), 1);
        assert_eq!(change(true), 2);
        assert!(spectators.heard("g", "other", 3));
        assert!(!spectators.heard("g", "other", 3));
        assert_eq!(spectators.count("g"), 5);
        assert!(spectators.heard("g", "other", 0));
        assert_eq!(change(false), 1);
        assert_eq!(change(false), 0);
        assert_eq!(spectators.count("g"), 0);
        assert!(spectators.lock().is_empty());
        assert_eq!(read_notice(&notice("g", "s", 4)), Some(("g", "s", 4)));
        assert_eq!(read_notice("g 12"), None);
    }
}
