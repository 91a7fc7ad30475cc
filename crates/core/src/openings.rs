//! The names of a game's openings. A game lists them as text, each name with the moves that
//! reach it from the start under the default options, and gives them read once
//! ([`Game::openings`]). A name belongs to a position, whatever order its moves came in (the
//! Switcher of checkers, `11-15 21-17 9-13`, is also reached by `9-13 21-17 11-15`). A game's
//! opening is the name of the last named position it passed through, as a chess site names a
//! game by the deepest line of its book it followed: so two games that reach one position by
//! different paths may have different names, as they passed through different named
//! positions.

use std::collections::HashMap;

use crate::{Game, GameRecord};

/// A game's named positions, read from its table of names.
pub struct Openings<G: Game> {
    named: HashMap<u64, Vec<(G, &'static str)>>,
    /// The most moves a named line has: no position further from the start is named.
    longest: usize,
}

/// A line of a table of names that does not read: its number (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line} of the opening names: {message}")]
pub struct OpeningsError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl<G: Game> Openings<G> {
    /// The names in `text`: one a line, `Name: moves` (`Ayrshire Lassie: 11-15 24-20`), each
    /// move legal after those before it from the default start; `#` starts a comment. An
    /// error names the first line that does not read.
    pub fn parse(text: &'static str) -> Result<Self, OpeningsError> {
        let mut openings = Openings { named: HashMap::new(), longest: 0 };
        let start = G::start(&G::Options::default());
        for (index, line) in text.lines().enumerate() {
            let error = |message: String| OpeningsError { line: index + 1, message };
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let Some((name, moves)) = line.split_once(':') else {
                return Err(error("expected `Name: moves`".to_owned()));
            };
            let name = name.trim();
            if name.is_empty() {
                return Err(error("the name is empty".to_owned()));
            }
            let mut position = start.clone();
            let mut count = 0;
            for text in moves.split_whitespace() {
                let mv = position.parse_move(text).map_err(|e| error(format!("{text}: {e}")))?;
                position.play(mv).map_err(|e| error(format!("{text}: {e}")))?;
                count += 1;
            }
            if count == 0 {
                return Err(error(format!("{name} has no moves")));
            }
            let same = openings.named.entry(position.hash()).or_default();
            if let Some((_, other)) = same.iter().find(|(named, _)| *named == position) {
                return Err(error(format!("{name} names the position {other} names already")));
            }
            same.push((position, name));
            openings.longest = openings.longest.max(count);
        }
        Ok(openings)
    }

    /// The name of `position`, if it has one.
    pub fn name_of(&self, position: &G) -> Option<&'static str> {
        let same = self.named.get(&position.hash())?;
        same.iter().find(|(named, _)| named == position).map(|&(_, name)| name)
    }

    /// The opening of `record`: the name of the last named position among its positions,
    /// when it was played from the standard start under the default options.
    pub fn of_record(&self, record: &GameRecord<G>) -> Option<&'static str> {
        if *record.options() != G::Options::default() || !record.starts_from_standard_position() {
            return None;
        }
        record
            .positions()
            .take(self.longest + 1)
            .filter_map(|position| self.name_of(position))
            .last()
    }
}

impl<G: Game> GameRecord<G> {
    /// The name of the game's opening (see [`Openings`]); `None` when it passed through no
    /// named position, or the game names none.
    pub fn opening(&self) -> Option<&'static str> {
        G::openings()?.of_record(self)
    }
}
