//! The rules every Swiss pairing must keep, checked from the event's history alone: an
//! independent reading of the history, an independent maximum-cardinality matching (Edmonds'
//! unweighted blossom algorithm) and, for small rounds, exhaustive search.

use std::collections::{HashMap, HashSet};

use arbiter_core::Side::{self, Black, White};
use arbiter_tournament::swiss::{SwissEvent, SwissPairing, SwissResult};
use arbiter_tournament::{GameResult, PlayerId};

/// Rounds with at most this many players to pair are also checked by exhaustive search.
const EXHAUSTIVE_LIMIT: usize = 10;

/// What the history says of each player.
#[derive(Default)]
struct History {
    /// Points in quarters.
    score: HashMap<PlayerId, u32>,
    /// Colours of the games played over the board.
    colours: HashMap<PlayerId, Vec<Side>>,
    /// Pairs who played over the board, both ways.
    met: HashSet<(PlayerId, PlayerId)>,
    /// Had a bye or a forfeit win.
    no_bye: HashSet<PlayerId>,
    /// Ratings, for the pairing order.
    rating: HashMap<PlayerId, i32>,
}

fn read(event: &SwissEvent) -> History {
    let mut history = History::default();
    for player in &event.players {
        history.score.insert(player.id, 0);
        history.colours.insert(player.id, Vec::new());
        history.rating.insert(player.id, player.rating);
    }
    for round in &event.history {
        if let Some(bye) = round.bye {
            *history.score.entry(bye).or_default() += 4;
            history.no_bye.insert(bye);
        }
        for game in &round.games {
            let (white, black) = (game.white, game.black);
            let (white_points, black_points, played) = match game.result {
                Some(SwissResult::Played(GameResult::Win(White))) => (4, 0, true),
                Some(SwissResult::Played(GameResult::Win(Black))) => (0, 4, true),
                Some(SwissResult::Played(GameResult::Draw)) => (2, 2, true),
                Some(SwissResult::Forfeit { winner }) => {
                    let white_won = winner == Some(White);
                    let black_won = winner == Some(Black);
                    if white_won {
                        history.no_bye.insert(white);
                    }
                    if black_won {
                        history.no_bye.insert(black);
                    }
                    (4 * u32::from(white_won), 4 * u32::from(black_won), false)
                }
                None => panic!("the checks run on finished rounds"),
            };
            *history.score.entry(white).or_default() += white_points;
            *history.score.entry(black).or_default() += black_points;
            if played {
                history.met.insert((white, black));
                history.met.insert((black, white));
                history.colours.entry(white).or_default().push(White);
                history.colours.entry(black).or_default().push(Black);
            }
        }
    }
    history
}

/// The colour a player must have by FIDE's absolute preference (A.6.a): the colour difference
/// first, then the last two games.
fn absolute_wish(colours: &[Side]) -> Option<Side> {
    let difference: i32 = colours.iter().map(|&c| if c == White { 1 } else { -1 }).sum();
    if difference > 1 {
        return Some(Black);
    }
    if difference < -1 {
        return Some(White);
    }
    match colours {
        [.., a, b] if a == b => Some(a.opponent()),
        _ => None,
    }
}

/// A colour breaks the absolute colour rules: a third in a row or a difference past ±2.
fn breaks_colour_rules(colours: &[Side], colour: Side) -> bool {
    let mut after = colours.to_vec();
    after.push(colour);
    let difference: i32 = after.iter().map(|&c| if c == White { 1 } else { -1 }).sum();
    difference.abs() > 2 || matches!(after.as_slice(), [.., a, b, c] if a == b && b == c)
}

/// The round's graph: the players to pair (and a bye vertex, last, with an odd number) and
/// which pairs are legal; `strict` also leaves out pairs wanting the same colour absolutely.
struct Graph {
    players: Vec<PlayerId>,
    bye: Option<usize>,
    legal: Vec<Vec<bool>>,
    conflict: Vec<Vec<bool>>,
}

fn graph(history: &History, players: &[PlayerId]) -> Graph {
    let odd = players.len() % 2 == 1;
    let count = players.len() + usize::from(odd);
    let bye = odd.then_some(players.len());
    let mut legal = vec![vec![false; count]; count];
    let mut conflict = vec![vec![false; count]; count];
    for (i, &a) in players.iter().enumerate() {
        for (j, &b) in players.iter().enumerate() {
            if i != j && !history.met.contains(&(a, b)) {
                legal[i][j] = true;
                let wish = |p: PlayerId| absolute_wish(&history.colours[&p]);
                conflict[i][j] = wish(a).is_some() && wish(a) == wish(b);
            }
        }
        if let Some(bye) = bye {
            let eligible = !history.no_bye.contains(&a);
            legal[i][bye] = eligible;
            legal[bye][i] = eligible;
        }
    }
    Graph { players: players.to_vec(), bye, legal, conflict }
}

impl Graph {
    fn edges(&self, strict: bool) -> Vec<Vec<bool>> {
        let count = self.legal.len();
        (0..count)
            .map(|i| {
                (0..count).map(|j| self.legal[i][j] && !(strict && self.conflict[i][j])).collect()
            })
            .collect()
    }
}

/// The size of a maximum matching (Edmonds' blossom algorithm, the textbook O(n³) version).
fn maximum_matching(adjacent: &[Vec<bool>]) -> usize {
    let n = adjacent.len();
    let mut mate: Vec<Option<usize>> = vec![None; n];
    let mut size = 0;
    for root in 0..n {
        if mate[root].is_none() {
            if let Some(end) = augmenting_path(adjacent, &mate, root) {
                size += 1;
                apply_path(&mut mate, &end);
            }
        }
    }
    size
}

/// The tree parents of an augmenting path from `root`, ending at the returned vertex.
struct PathEnd {
    parent: Vec<Option<usize>>,
    end: usize,
}

fn apply_path(mate: &mut [Option<usize>], path: &PathEnd) {
    let mut v = Some(path.end);
    while let Some(vertex) = v {
        let parent = path.parent[vertex].expect("a path vertex has a parent");
        let next = mate[parent];
        mate[vertex] = Some(parent);
        mate[parent] = Some(vertex);
        v = next;
    }
}

fn augmenting_path(adjacent: &[Vec<bool>], mate: &[Option<usize>], root: usize) -> Option<PathEnd> {
    let n = adjacent.len();
    let mut used = vec![false; n];
    let mut parent: Vec<Option<usize>> = vec![None; n];
    let mut base: Vec<usize> = (0..n).collect();
    used[root] = true;
    let mut queue = std::collections::VecDeque::from([root]);
    while let Some(v) = queue.pop_front() {
        for to in 0..n {
            if !adjacent[v][to] || base[v] == base[to] || mate[v] == Some(to) {
                continue;
            }
            if to == root || mate[to].is_some_and(|m| parent[m].is_some()) {
                let current = common_base(mate, &parent, &base, v, to);
                let mut blossom = vec![false; n];
                mark_path(mate, &mut parent, &base, &mut blossom, v, current, to);
                mark_path(mate, &mut parent, &base, &mut blossom, to, current, v);
                for i in 0..n {
                    if blossom[base[i]] {
                        base[i] = current;
                        if !used[i] {
                            used[i] = true;
                            queue.push_back(i);
                        }
                    }
                }
            } else if parent[to].is_none() {
                parent[to] = Some(v);
                let Some(next) = mate[to] else {
                    return Some(PathEnd { parent, end: to });
                };
                used[next] = true;
                queue.push_back(next);
            }
        }
    }
    None
}

fn common_base(
    mate: &[Option<usize>],
    parent: &[Option<usize>],
    base: &[usize],
    mut a: usize,
    mut b: usize,
) -> usize {
    let mut seen = vec![false; mate.len()];
    loop {
        a = base[a];
        seen[a] = true;
        match mate[a].and_then(|m| parent[m]) {
            Some(next) => a = next,
            None => break,
        }
    }
    loop {
        b = base[b];
        if seen[b] {
            return b;
        }
        b = parent[mate[b].expect("b's chain reaches a")]
            .expect("an outer vertex's mate has a parent");
    }
}

fn mark_path(
    mate: &[Option<usize>],
    parent: &mut [Option<usize>],
    base: &[usize],
    blossom: &mut [bool],
    mut v: usize,
    b: usize,
    mut child: usize,
) {
    while base[v] != b {
        let m = mate[v].expect("inside a blossom every vertex is matched");
        blossom[base[v]] = true;
        blossom[base[m]] = true;
        parent[v] = Some(child);
        child = m;
        v = parent[m].expect("an outer vertex's mate has a parent");
    }
}

/// Checks the pairing of the next round of `event` against every rule; the first broken rule.
pub fn check_round(event: &SwissEvent, pairing: &SwissPairing) -> Result<(), String> {
    let history = read(event);
    let mut active: Vec<PlayerId> =
        event.players.iter().filter(|p| !p.withdrawn).map(|p| p.id).collect();
    // Pairing order: score, then rating, then id.
    active.sort_by_key(|p| {
        (std::cmp::Reverse(history.score[p]), std::cmp::Reverse(history.rating[p]), *p)
    });
    let partner = partners(pairing, &active)?;
    for board in &pairing.boards {
        if history.met.contains(&(board.white, board.black)) {
            return Err(format!("{} and {} meet again", board.white, board.black));
        }
    }
    if let Some(bye) = pairing.bye {
        if history.no_bye.contains(&bye) {
            return Err(format!("{bye} gets a second bye (or a bye after a forfeit win)"));
        }
        if active.len().is_multiple_of(2) {
            return Err("a bye with an even number of players".into());
        }
    }
    let graph = graph(&history, &active);
    let most = maximum_matching(&graph.edges(false));
    let ours = pairing.boards.len() + usize::from(pairing.bye.is_some());
    if ours != most {
        return Err(format!("{ours} pairs (with the bye) where {most} are possible"));
    }
    check_colours(&history, pairing, &graph, most)?;
    check_brackets(&history, &active, &partner, &graph)?;
    if active.len() <= EXHAUSTIVE_LIMIT {
        check_exhaustively(&history, &active, pairing, &graph)?;
    }
    Ok(())
}

/// Who each active player is paired with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Partner {
    Player(PlayerId),
    Bye,
    Nobody,
}

/// Each active player's partner, checking that every active player appears exactly once and
/// nobody else appears.
fn partners(
    pairing: &SwissPairing,
    active: &[PlayerId],
) -> Result<HashMap<PlayerId, Partner>, String> {
    let mut partner = HashMap::new();
    let mut seat = |player: PlayerId, with: Partner| {
        if !active.contains(&player) {
            return Err(format!("{player} is paired but withdrawn or unknown"));
        }
        match partner.insert(player, with) {
            Some(_) => Err(format!("{player} appears twice")),
            None => Ok(()),
        }
    };
    for board in &pairing.boards {
        seat(board.white, Partner::Player(board.black))?;
        seat(board.black, Partner::Player(board.white))?;
    }
    if let Some(bye) = pairing.bye {
        seat(bye, Partner::Bye)?;
    }
    for &player in &pairing.unpaired {
        seat(player, Partner::Nobody)?;
    }
    match active.iter().find(|player| !partner.contains_key(player)) {
        Some(missing) => Err(format!("{missing} is missing from the pairing")),
        None => Ok(partner),
    }
}

/// A player who gets a third colour in a row or a colour difference past ±2, while some
/// colour would have kept the rules for them, is allowed only when no pairing of as many
/// players avoids pairing two players wanting the same colour absolutely.
fn check_colours(
    history: &History,
    pairing: &SwissPairing,
    graph: &Graph,
    most: usize,
) -> Result<(), String> {
    let avoidable = |player: PlayerId, colour: Side| {
        let colours = &history.colours[&player];
        breaks_colour_rules(colours, colour) && !breaks_colour_rules(colours, colour.opponent())
    };
    for board in &pairing.boards {
        for (player, colour) in [(board.white, White), (board.black, Black)] {
            if avoidable(player, colour) && maximum_matching(&graph.edges(true)) == most {
                return Err(format!("{player} gets {colour} against the colour rules, avoidably"));
            }
        }
    }
    Ok(())
}

/// The score brackets, rebuilt from the top: no two players who float out of the same bracket
/// could be paired with each other while their partners are paired together (or left out),
/// legally and without a colour conflict, which would pair more players inside the bracket.
fn check_brackets(
    history: &History,
    active: &[PlayerId],
    partner: &HashMap<PlayerId, Partner>,
    graph: &Graph,
) -> Result<(), String> {
    let index: HashMap<PlayerId, usize> = active.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let fine = |a: usize, b: usize| graph.legal[a][b] && !graph.conflict[a][b];
    let vertex = |with: Partner| match with {
        Partner::Player(p) => Some(index[&p]),
        Partner::Bye => graph.bye,
        Partner::Nobody => None,
    };
    let mut movers: Vec<PlayerId> = Vec::new();
    let mut start = 0;
    while start < active.len() {
        let score = history.score[&active[start]];
        let end = start + active[start..].iter().take_while(|p| history.score[*p] == score).count();
        let mut members = std::mem::take(&mut movers);
        members.extend(&active[start..end]);
        let in_bracket = |with: Partner| matches!(with, Partner::Player(p) if members.contains(&p));
        let floaters: Vec<PlayerId> =
            members.iter().copied().filter(|p| !in_bracket(partner[p])).collect();
        for (i, &a) in floaters.iter().enumerate() {
            for &c in &floaters[i + 1..] {
                let (pa, pc) = (vertex(partner[&a]), vertex(partner[&c]));
                let partners_fine = match (pa, pc) {
                    (Some(x), Some(y)) => fine(x, y),
                    (None, None) => false, // left out together: the cardinality check covers it
                    _ => true,
                };
                if fine(index[&a], index[&c]) && partners_fine {
                    return Err(format!("{a} and {c} both float out of the bracket of score {score}/4 but could meet"));
                }
            }
        }
        movers = floaters;
        start = end;
    }
    Ok(())
}

/// For a small round, every matching is tried: ours must have the most pairs, then the fewest
/// colour conflicts, then the most pairs inside the top score group.
fn check_exhaustively(
    history: &History,
    active: &[PlayerId],
    pairing: &SwissPairing,
    graph: &Graph,
) -> Result<(), String> {
    let top_score = active.first().map(|p| history.score[p]);
    let count = graph.legal.len();
    let top: Vec<bool> = (0..count)
        .map(|v| graph.bye != Some(v) && top_score == Some(history.score[&graph.players[v]]))
        .collect();
    let key = |pairs: &[(usize, usize)]| {
        let conflicts = pairs.iter().filter(|&&(a, b)| graph.conflict[a][b]).count();
        let top_pairs = pairs.iter().filter(|&&(a, b)| top[a] && top[b]).count();
        (pairs.len(), usize::MAX - conflicts, top_pairs)
    };
    let index: HashMap<PlayerId, usize> = active.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut ours: Vec<(usize, usize)> =
        pairing.boards.iter().map(|b| (index[&b.white], index[&b.black])).collect();
    if let (Some(bye), Some(vertex)) = (pairing.bye, graph.bye) {
        ours.push((index[&bye], vertex));
    }
    let mut best = (0, usize::MAX, 0);
    let mut used = vec![false; count];
    search(graph, &mut used, 0, &mut Vec::new(), &key, &mut best);
    if key(&ours) != best {
        return Err(format!("exhaustive search finds {best:?} (pairs, MAX - conflicts, top-group pairs), the pairing {:?}", key(&ours)));
    }
    Ok(())
}

/// What the exhaustive search maximises: pairs, `usize::MAX` minus colour conflicts, pairs
/// inside the top score group.
type Key = (usize, usize, usize);

/// Two vertices of the round's graph.
type Pair = (usize, usize);

/// Tries every matching of the unused vertices from `from` on, keeping the best key.
fn search(
    graph: &Graph,
    used: &mut Vec<bool>,
    from: usize,
    pairs: &mut Vec<Pair>,
    key: &dyn Fn(&[Pair]) -> Key,
    best: &mut Key,
) {
    let Some(v) = (from..used.len()).find(|&v| !used[v]) else {
        *best = (*best).max(key(pairs));
        return;
    };
    used[v] = true;
    search(graph, used, v + 1, pairs, key, best); // v stays single
    for w in v + 1..used.len() {
        if !used[w] && graph.legal[v][w] {
            used[w] = true;
            pairs.push((v, w));
            search(graph, used, v + 1, pairs, key, best);
            pairs.pop();
            used[w] = false;
        }
    }
    used[v] = false;
}

/// The standings agree with an independent count of the points and are in order.
pub fn check_standings(event: &SwissEvent) -> Result<(), String> {
    let history = read(event);
    let standings = event.standings().map_err(|e| e.to_string())?;
    for (place, line) in standings.iter().enumerate() {
        if line.rank as usize != place + 1 || line.points.quarters() != history.score[&line.player]
        {
            return Err(format!("standings line {place}: {line:?}"));
        }
    }
    let keys: Vec<_> =
        standings.iter().map(|l| (l.points, l.buchholz, l.sonneborn_berger)).collect();
    if keys.windows(2).any(|pair| pair[0] < pair[1]) {
        return Err("standings out of order".into());
    }
    Ok(())
}
