//! Colour preferences and colour allocation, as FIDE's Dutch system defines them (Handbook
//! C.04.3, 2017 text: A.6 for preferences, E for allocation), computed from the games actually
//! played as bbpPairings's `Tournament::computePlayerData` and `choosePlayerNeutralColor` do.

use arbiter_core::Side;

/// How much a player wants a colour (A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    /// Colour difference zero: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games: meeting it is an
    /// absolute criterion (C.3).
    Absolute,
}

/// A wanted colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Preference {
    pub colour: Side,
    pub strength: Strength,
}

/// A player's colours so far and what they make them want.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Colours {
    /// The colours of the games played, oldest first (forfeits and byes have none).
    pub history: Vec<Side>,
    /// Whites minus blacks.
    pub difference: i32,
    /// `None` before the first game played.
    pub preference: Option<Preference>,
}

impl Colours {
    /// The preference (A.6) of a player who played these colours.
    pub(super) fn of(history: Vec<Side>) -> Colours {
        let difference: i32 =
            history.iter().map(|&colour| if colour == Side::White { 1 } else { -1 }).sum();
        let fewer = if difference > 0 { Side::Black } else { Side::White };
        let last = history.last().copied();
        let repeated = match history.as_slice() {
            [.., before, latest] if before == latest => Some(*latest),
            _ => None,
        };
        let preference = if difference.abs() > 1 {
            Some(Preference { colour: fewer, strength: Strength::Absolute })
        } else if let Some(colour) = repeated {
            Some(Preference { colour: colour.opponent(), strength: Strength::Absolute })
        } else if difference != 0 {
            Some(Preference { colour: fewer, strength: Strength::Strong })
        } else {
            last.map(|colour| Preference { colour: colour.opponent(), strength: Strength::Mild })
        };
        Colours { history, difference, preference }
    }

    /// Whether the player wants `colour` absolutely.
    fn absolutely(&self, colour: Side) -> bool {
        self.preference.is_some_and(|p| p.colour == colour && p.strength == Strength::Absolute)
    }

    /// The two players both want the same colour absolutely: one of them would play it a third
    /// time in a row or take the colour difference past ±2 (C.3 forbids the meeting).
    pub(super) fn conflicts_with(&self, other: &Colours) -> bool {
        Side::BOTH.into_iter().any(|colour| self.absolutely(colour) && other.absolutely(colour))
    }
}

/// How well a colour allocation serves the two players' preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Satisfaction {
    /// Both got the colour they preferred (or had no preference): C.10.
    pub all_preferences: bool,
    /// Nobody with a strong or absolute preference missed it: C.11.
    pub strong_preferences: bool,
}

/// The colour of the higher-ranked player `higher` against `lower` (E.1 to E.5).
/// `higher_pairing_number_odd`: the higher-ranked player's pairing number is odd, which
/// decides E.5 with the event's `initial` colour.
pub(super) fn higher_players_colour(
    higher: &Colours,
    lower: &Colours,
    higher_pairing_number_odd: bool,
    initial: Side,
) -> Side {
    let by_pairing_number = if higher_pairing_number_odd { initial } else { initial.opponent() };
    match (higher.preference, lower.preference) {
        // E.5: neither has a preference.
        (None, None) => by_pairing_number,
        // E.1: both preferences can be granted.
        (Some(p), None) => p.colour,
        (None, Some(q)) => q.colour.opponent(),
        (Some(p), Some(q)) if p.colour != q.colour => p.colour,
        (Some(p), Some(q)) => {
            // E.2: the stronger preference; between two absolute ones, the wider difference.
            let wider = higher.difference.abs().cmp(&lower.difference.abs());
            let order = p.strength.cmp(&q.strength).then(if p.strength == Strength::Absolute {
                wider
            } else {
                std::cmp::Ordering::Equal
            });
            match order {
                std::cmp::Ordering::Greater => p.colour,
                std::cmp::Ordering::Less => p.colour.opponent(),
                // E.3 then E.4: alternate from the latest round in which they had different
                // colours, else the higher-ranked player's preference.
                std::cmp::Ordering::Equal => {
                    latest_difference(&higher.history, &lower.history).unwrap_or(p.colour)
                }
            }
        }
    }
}

/// E.3: walking both histories back from their latest games together, the first step at
/// which the colours differ; the higher player then gets the colour the lower one had.
fn latest_difference(higher: &[Side], lower: &[Side]) -> Option<Side> {
    higher
        .iter()
        .rev()
        .zip(lower.iter().rev())
        .find(|(mine, theirs)| mine != theirs)
        .map(|(_, &theirs)| theirs)
}

/// How the allocation giving `higher_colour` to `higher` serves both players.
pub(super) fn satisfaction(higher: &Colours, lower: &Colours, higher_colour: Side) -> Satisfaction {
    let missed = |colours: &Colours, given: Side| {
        colours.preference.filter(|preference| preference.colour != given)
    };
    let misses = [missed(higher, higher_colour), missed(lower, higher_colour.opponent())];
    Satisfaction {
        all_preferences: misses.iter().all(Option::is_none),
        strong_preferences: misses.iter().flatten().all(|miss| miss.strength == Strength::Mild),
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::Side::{Black, White};

    use super::{higher_players_colour, Colours, Strength};

    #[test]
    fn preferences_follow_a6() {
        let strength = |history: &[arbiter_core::Side]| {
            Colours::of(history.to_vec()).preference.map(|p| (p.colour, p.strength))
        };
        assert_eq!(strength(&[]), None);
        assert_eq!(strength(&[White]), Some((Black, Strength::Strong)));
        assert_eq!(strength(&[White, Black]), Some((White, Strength::Mild)));
        assert_eq!(strength(&[Black, White, White]), Some((Black, Strength::Absolute)));
        assert_eq!(strength(&[White, Black, White]), Some((Black, Strength::Strong)));
        assert_eq!(strength(&[Black, White, Black, Black]), Some((White, Strength::Absolute)));
    }

    #[test]
    fn allocation_follows_e1_to_e5() {
        let colours = |history: &[arbiter_core::Side]| Colours::of(history.to_vec());
        // E.5: no preferences; the pairing number's parity and the initial colour decide.
        assert_eq!(higher_players_colour(&colours(&[]), &colours(&[]), true, White), White);
        assert_eq!(higher_players_colour(&colours(&[]), &colours(&[]), false, White), Black);
        // E.1: compatible preferences are both granted.
        assert_eq!(
            higher_players_colour(&colours(&[White]), &colours(&[Black]), true, White),
            Black
        );
        // E.2: the stronger preference wins, for the lower-ranked player too.
        let (mild, strong) = (colours(&[Black, White]), colours(&[White, Black, White]));
        assert_eq!(higher_players_colour(&mild, &strong, true, White), White);
        // E.3: equal preferences alternate from the latest differing round.
        let (higher, lower) =
            (colours(&[Black, White, White, Black]), colours(&[White, Black, White, Black]));
        let wanted = |c: &Colours| c.preference.map(|p| (p.colour, p.strength));
        assert_eq!(wanted(&higher), Some((White, Strength::Mild)));
        assert_eq!(wanted(&lower), wanted(&higher));
        assert_eq!(higher_players_colour(&higher, &lower, true, White), Black);
        // E.4: no differing round: the higher-ranked player's preference.
        let same = colours(&[White, Black]);
        assert_eq!(higher_players_colour(&same, &same.clone(), false, Black), White);
    }
}
