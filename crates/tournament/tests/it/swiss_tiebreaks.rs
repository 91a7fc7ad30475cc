//! Swiss standings on events whose tiebreaks were computed by hand.

use arbiter_tournament::swiss::SwissEvent;
use arbiter_tournament::{PlayerId, Points};

use crate::swiss_small::{event, played, round};

/// The standings as `(player, points, Buchholz, Sonneborn–Berger)`, in quarter points.
fn table(event: &SwissEvent) -> Vec<(u64, u32, u32, u32)> {
    event
        .standings()
        .expect("a consistent event")
        .iter()
        .map(|line| {
            let quarters = |points: Points| points.quarters();
            (
                line.player.0,
                quarters(line.points),
                quarters(line.buchholz),
                quarters(line.sonneborn_berger),
            )
        })
        .collect()
}

#[test]
fn byes_absences_and_draws_count_as_fide_says() {
    // Two rounds of five players:
    //   round 1: 1 beats 3, 2 draws 4, 5 has the bye;
    //   round 2: 5 beats 1, 2 draws 3, 4 is absent (withdrawn).
    let mut event = event(5, 5);
    event.history.push(round(vec![played(1, 3, 1), played(2, 4, 2)], Some(5)));
    event.history.push(round(vec![played(5, 1, 1), played(2, 3, 2)], None));
    event.players[3].withdrawn = true;
    // Points: 1: 1, 2: 1, 3: ½, 4: ½, 5: 2.
    // Scores seen by opponents, unplayed rounds as draws: 1: 1, 2: 1, 3: ½, 4: 1 (its absence
    // a draw), 5: 1½ (its bye a draw).
    // Buchholz:
    //   1: 3 (½) + 5 (1½) = 2;  2: 4 (1) + 3 (½) = 1½;  3: 1 (1) + 2 (1) = 2;
    //   4: 2 (1) + the virtual opponent of its absence: ½ before + 1 for the win + 0 later = 1½,
    //      so 2½;
    //   5: the virtual opponent of the bye: 0 before + 0 for the loss + ½ for the draw of
    //      round 2 = ½, plus 1 (1) = 1½.
    // Sonneborn–Berger:
    //   1: 3's ½ for the win = ½;  2: half of 4's 1 and half of 3's ½ = ¾;
    //   3: half of 2's 1 = ½;  4: half of 2's 1 = ½ (nothing for the absence);
    //   5: the bye's ½ and 1's 1 = 1½.
    // Order: 5 on 2 points; 1 and 2 on 1 by Buchholz (2 against 1½); 4 and 3 on ½ by
    // Buchholz (2½ against 2).
    assert_eq!(
        table(&event),
        vec![(5, 8, 6, 6), (1, 4, 8, 2), (2, 4, 6, 3), (4, 2, 10, 2), (3, 2, 8, 2)]
    );
}

#[test]
fn sonneborn_berger_breaks_a_buchholz_tie() {
    // Four players, two rounds: 1 beats 2 and 3 draws 4; then 1 draws 3 and 2 beats 4.
    let mut event = event(4, 3);
    event.history.push(round(vec![played(1, 2, 1), played(3, 4, 2)], None));
    event.history.push(round(vec![played(1, 3, 2), played(2, 4, 1)], None));
    // 2 and 3 have 1 point and Buchholz 2 each (1½ + ½); 2's Sonneborn–Berger is ½ (the win
    // over 4), 3's is 1 (half of 4's ½ and half of 1's 1½): 3 ranks above 2.
    let standings = event.standings().expect("a consistent event");
    let order: Vec<PlayerId> = standings.iter().map(|line| line.player).collect();
    assert_eq!(order, [1, 3, 2, 4].map(PlayerId));
    assert_eq!(
        (standings[1].buchholz, standings[2].buchholz),
        (Points::ONE + Points::ONE, Points::ONE + Points::ONE)
    );
    assert_eq!(standings[1].sonneborn_berger, Points::ONE);
    assert_eq!(standings[2].sonneborn_berger, Points::HALF);
    assert_eq!(standings.iter().map(|line| line.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
}

#[test]
fn a_game_in_progress_counts_for_nothing_yet() {
    let mut event = event(2, 3);
    let mut first = round(vec![played(1, 2, 1)], None);
    first.games[0].result = None;
    event.history.push(first);
    let table = table(&event);
    assert!(table.iter().all(|&(_, points, buchholz, sb)| (points, buchholz, sb) == (0, 0, 0)));
}
