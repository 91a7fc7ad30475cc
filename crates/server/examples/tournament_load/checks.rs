//! The checks of a finished tournament: its standings against those recomputed from its games
//! as the server answers them (`GET /api/games/{id}`), with the rules of `arbiter-tournament`;
//! and for a Swiss event, that nobody met twice nor had two byes, and each round paired each
//! player once.

use std::collections::{HashMap, HashSet};

use arbiter_core::Side;
use arbiter_tournament::arena::{Arena, ArenaGame, ArenaPlayer, ArenaRules, ArenaSeat};
use arbiter_tournament::swiss::{SwissEvent, SwissGame, SwissPlayer, SwissResult, SwissRound};
use arbiter_tournament::{GameResult, PlayerId};
use reqwest::Client;
use serde_json::Value;

/// A game of the tournament as its own state says it ended: its result (`None` for a game a
/// player did not start, then scored as the pairing says), its plies and berserk sides.
struct Ended {
    result: Option<GameResult>,
    plies: u32,
    berserk: [bool; 2],
}

async fn ended(client: &Client, base: &str, game: &str) -> Result<Ended, String> {
    let response = client.get(format!("{base}/api/games/{game}")).send().await;
    let state: Value =
        response.map_err(|e| e.to_string())?.json().await.map_err(|e| e.to_string())?;
    let result = match state["result"].as_str() {
        Some("1-0") => Some(GameResult::Win(Side::White)),
        Some("0-1") => Some(GameResult::Win(Side::Black)),
        Some("1/2-1/2") => Some(GameResult::Draw),
        _ => None,
    };
    let berserk = ["white", "black"].map(|side| state["seats"][side]["berserk"] == true);
    Ok(Ended { result, plies: state["ply"].as_u64().unwrap_or(0) as u32, berserk })
}

/// The result of a pairing: from its game, or the forfeit the pairing shows.
fn scored(pairing: &Value, ended: &Ended) -> Option<GameResult> {
    ended.result.or(match pairing["result"].as_str() {
        Some("+-") => Some(GameResult::Win(Side::White)),
        Some("-+") => Some(GameResult::Win(Side::Black)),
        _ => None,
    })
}

/// Checks `view`, finished; `true` when everything holds.
pub async fn check(client: &Client, base: &str, view: &Value) -> Result<bool, String> {
    let standings = view["players"].as_array().ok_or("no players")?;
    let names: Vec<&str> = standings.iter().filter_map(|p| p["name"].as_str()).collect();
    let id_of: HashMap<&str, PlayerId> =
        names.iter().enumerate().map(|(i, name)| (*name, PlayerId(i as u64))).collect();
    let mut pairings: Vec<&Value> =
        view["pairings"].as_array().ok_or("no pairings")?.iter().collect();
    pairings.reverse();
    let mut games = Vec::new();
    for pairing in &pairings {
        games.push(match pairing["game"].as_str() {
            Some(game) => Some(ended(client, base, game).await?),
            None => None,
        });
    }
    let id =
        |name: &Value| id_of.get(name.as_str().unwrap_or_default()).copied().ok_or("a stranger");
    let rating = |i: PlayerId| standings[i.0 as usize]["rating"].as_i64().unwrap_or(1500) as i32;
    let withdrawn = |i: PlayerId| standings[i.0 as usize]["withdrawn"] == true;
    let recomputed: HashMap<PlayerId, f64> = if view["kind"] == "arena" {
        let mut arena =
            Arena { rules: ArenaRules::default(), players: Vec::new(), games: Vec::new() };
        arena.players = (0..names.len())
            .map(|i| PlayerId(i as u64))
            .map(|i| ArenaPlayer { id: i, rating: rating(i), withdrawn: withdrawn(i) })
            .collect();
        for (pairing, ended) in pairings.iter().zip(&games) {
            let Some(ended) = ended else { continue };
            let seat = |side: Side, name: &Value| -> Result<ArenaSeat, String> {
                let player = id(name)?;
                Ok(ArenaSeat {
                    player,
                    rating: rating(player),
                    berserk: ended.berserk[side.index()],
                })
            };
            let (white, black) =
                (seat(Side::White, &pairing["white"])?, seat(Side::Black, &pairing["black"])?);
            arena.games.push(ArenaGame {
                white,
                black,
                result: scored(pairing, ended),
                plies: ended.plies,
            });
        }
        let lines = arena.standings().map_err(|e| e.to_string())?;
        lines.iter().map(|line| (line.player, f64::from(line.score))).collect()
    } else {
        let event = swiss_event(view, &pairings, &games, &id_of, &rating)?;
        if !swiss_rules_hold(&event) {
            return Ok(false);
        }
        let lines = event.standings().map_err(|e| e.to_string())?;
        lines.iter().map(|line| (line.player, line.points.as_f64())).collect()
    };
    let mut equal = true;
    for (i, player) in standings.iter().enumerate() {
        let shown = player["score"].as_f64().unwrap_or(-1.0);
        let again = recomputed.get(&PlayerId(i as u64)).copied().unwrap_or(-2.0);
        if (shown - again).abs() > 1e-9 {
            println!("{}: the server shows {shown}, the games give {again}", names[i]);
            equal = false;
        }
    }
    println!("standings equal to those recomputed from the games: {equal}");
    Ok(equal)
}

fn swiss_event(
    view: &Value,
    pairings: &[&Value],
    games: &[Option<Ended>],
    id_of: &HashMap<&str, PlayerId>,
    rating: &dyn Fn(PlayerId) -> i32,
) -> Result<SwissEvent, String> {
    let id =
        |name: &Value| id_of.get(name.as_str().unwrap_or_default()).copied().ok_or("a stranger");
    let rounds = view["rounds"].as_u64().unwrap_or(0) as u32;
    let mut history: Vec<SwissRound> = Vec::new();
    for (pairing, ended) in pairings.iter().zip(games) {
        let round = pairing["round"].as_u64().unwrap_or(0) as usize;
        while history.len() < round {
            history.push(SwissRound::default());
        }
        let entry = history.get_mut(round.wrapping_sub(1)).ok_or("a pairing of round 0")?;
        let white = id(&pairing["white"])?;
        match ended {
            None => entry.bye = Some(white),
            Some(ended) => {
                let result = match (ended.result, scored(pairing, ended)) {
                    (Some(result), _) => Some(SwissResult::Played(result)),
                    (None, Some(GameResult::Win(winner))) => {
                        Some(SwissResult::Forfeit { winner: Some(winner) })
                    }
                    _ => None,
                };
                entry.games.push(SwissGame { white, black: id(&pairing["black"])?, result });
            }
        }
    }
    let players = id_of
        .values()
        .map(|&i| SwissPlayer { id: i, rating: rating(i), withdrawn: false })
        .collect();
    Ok(SwissEvent { rounds, initial_colour: Side::White, players, history })
}

/// Nobody met twice, nobody had two byes, each round paired each player once.
fn swiss_rules_hold(event: &SwissEvent) -> bool {
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    let mut holds = true;
    for (round, played) in event.history.iter().enumerate() {
        let mut seen = HashSet::new();
        for game in &played.games {
            let pair = (game.white.min(game.black), game.white.max(game.black));
            holds &= met.insert(pair) && seen.insert(game.white) && seen.insert(game.black);
        }
        if let Some(bye) = played.bye {
            holds &= byes.insert(bye) && seen.insert(bye);
        }
        if !holds {
            println!("round {}: a pairing rule is broken", round + 1);
            return false;
        }
    }
    println!(
        "Swiss rules hold over {} rounds: nobody met twice or had two byes",
        event.history.len()
    );
    true
}
