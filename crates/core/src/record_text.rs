//! Records as text: PDN for checkers and the same tag-pair and move-text form for every game.
//!
//! ```text
//! [Event "Club night"]
//! [GameType "21"]
//! [Result "1-0"]
//!
//! 1. 11-15 23-19 2. 8-11 22-17 {a comment} 1-0
//! ```
//!
//! Reading skips comments (`{…}` and `;` to the end of the line), variations in parentheses,
//! numeric annotation glyphs (`$3`), move numbers (`12.`, `12...`) and `!`/`?` suffixes. It
//! stops at the first game's result token. A record text is at most [`MAX_RECORD_BYTES`] with
//! at most [`MAX_TAGS`] tags; a UTF-8 byte-order mark at its start is skipped; a text with
//! neither tags nor moves is not a record. Writing gives the tags, then the moves numbered in
//! pairs from the first player to move, wrapped at 80 columns, then the result.

use thiserror::Error;

use crate::text::excerpt;
use crate::{DrawReason, Game, GameOptions, GameRecord, Outcome, Side, Status, WinReason};

/// The largest record text read: 1 MiB, far more than the longest game needs.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The most tags a record may have.
pub const MAX_TAGS: usize = 1000;

/// A record text that could not be read: the line and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The 1-based line of the text where the problem is.
    pub line: usize,
    /// What was wrong and what is expected.
    pub message: String,
}

impl RecordError {
    fn new(line: usize, message: impl Into<String>) -> Self {
        RecordError { line, message: message.into() }
    }
}

/// A record text split into its parts, before any game has read the moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordText {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The move tokens with their line numbers.
    pub moves: Vec<(usize, String)>,
    /// The move tokens with every parenthesised group among them as one token, for a game
    /// whose moves are written in parentheses ([`Game::MOVES_IN_PARENTHESES`]: GDL terms such
    /// as `(mark 1 1)`), whose records have no variations.
    pub moves_with_groups: Vec<(usize, String)>,
    /// The game-termination token (`1-0`, `0-1`, `1/2-1/2`, `*`, …) and its line, if present.
    pub result: Option<(usize, String)>,
}

impl RecordText {
    /// Whether the tags name the game `G`: `Some(true)` when a `[Game "<id>"]` tag or the
    /// game's own record tag (PDN's `[GameType "21"]`) names it and none names another game,
    /// `Some(false)` when one names another game (so tags that contradict each other name no
    /// game), `None` when no tag names a game. PDN's `GameType` always names a game: a game
    /// whose record tag is not `GameType` is never one of PDN's.
    pub fn names_game<G: Game>(&self) -> Option<bool> {
        let (own_name, own_value) = G::RECORD_TAG;
        let mut verdict = None;
        for (name, value) in &self.tags {
            let matches = if name == "Game" {
                value == G::ID
            } else if name == own_name {
                value == own_value
                    || value.strip_prefix(own_value).is_some_and(|rest| rest.starts_with(','))
            } else if name == "GameType" {
                false
            } else {
                continue;
            };
            verdict = Some(verdict.unwrap_or(true) && matches);
        }
        verdict
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }
}

/// Result tokens: PGN's, plus the 2-0 / 1-1 / 0-2 scores some draughts programs write.
const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"];

/// Tags that the record writes from its own state, so they are not kept as free tags.
const OWN_TAGS: [&str; 7] =
    ["Game", "GameType", "SetUp", "FEN", "Options", "Result", "Termination"];

/// Splits a record text into tags, move tokens and result.
pub fn parse_record_text(text: &str) -> Result<RecordText, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::new(
            1,
            format!(
                "the record is {} bytes long, more than the {} bytes (1 MiB) a record may have",
                text.len(),
                MAX_RECORD_BYTES
            ),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut record = RecordText::default();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let mut at_line_start = true;
    while let Some(c) = chars.next() {
        let start_of_line = at_line_start;
        at_line_start = c == '\n';
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '%' if start_of_line => skip_to_line_end(&mut chars, &mut line, &mut at_line_start),
            ';' => skip_to_line_end(&mut chars, &mut line, &mut at_line_start),
            '{' => {
                skip_until(&mut chars, &mut line, '{', '}')?;
            }
            '(' => {
                let start = line;
                let group = skip_until(&mut chars, &mut line, '(', ')')?;
                record.moves_with_groups.push((start, format!("({group}")));
            }
            '[' => {
                if !record.moves.is_empty() {
                    return Err(RecordError::new(line, "a tag after the moves; tags come first"));
                }
                if record.tags.len() == MAX_TAGS {
                    return Err(RecordError::new(
                        line,
                        format!("more than {MAX_TAGS} tags; a record may have at most {MAX_TAGS}"),
                    ));
                }
                record.tags.push(parse_tag(&mut chars, line)?);
            }
            _ => {
                let mut token = String::from(c);
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || "{}();[".contains(next) {
                        break;
                    }
                    token.push(next);
                    chars.next();
                }
                if RESULTS.contains(&token.as_str()) {
                    record.result = Some((line, token));
                    break;
                }
                if let Some(mv) = move_of_token(&token) {
                    record.moves.push((line, mv.to_owned()));
                    record.moves_with_groups.push((line, mv.to_owned()));
                }
            }
        }
    }
    if record.tags.is_empty() && record.moves.is_empty() {
        return Err(RecordError::new(
            1,
            "this is not a record: it has neither tags ([Event \"…\"]) nor moves",
        ));
    }
    Ok(record)
}

/// The move in a token, without a move number in front or `!`/`?` behind; `None` for a token
/// that is only a move number or an annotation glyph.
fn move_of_token(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after_number = &token[digits..];
    let mv = if digits > 0 && after_number.starts_with('.') {
        after_number.trim_start_matches('.')
    } else {
        token
    };
    let mv = mv.trim_end_matches(['!', '?']);
    (!mv.is_empty()).then_some(mv)
}

fn skip_to_line_end(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    line: &mut usize,
    at_line_start: &mut bool,
) {
    for c in chars.by_ref() {
        if c == '\n' {
            *line += 1;
            *at_line_start = true;
            return;
        }
    }
}

/// Skips a comment or variation (variations nest, comments do not); returns what it
/// skipped, the closing character included.
fn skip_until(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    line: &mut usize,
    open: char,
    close: char,
) -> Result<String, RecordError> {
    let start = *line;
    let mut depth = 1;
    let mut skipped = String::new();
    for c in chars.by_ref() {
        skipped.push(c);
        if c == '\n' {
            *line += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Ok(skipped);
            }
        } else if c == open && open == '(' {
            depth += 1;
        }
    }
    Err(RecordError::new(start, format!("`{open}` is never closed by `{close}`")))
}

/// Reads `Name "value"]` after the `[`.
fn parse_tag(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    line: usize,
) -> Result<(String, String), RecordError> {
    let expected = "expected a tag pair like [Event \"Club night\"] on one line";
    let mut name = String::new();
    while let Some(&c) = chars.peek() {
        if !(c.is_ascii_alphanumeric() || c == '_') {
            break;
        }
        name.push(c);
        chars.next();
    }
    while chars.next_if(|&c| c == ' ' || c == '\t').is_some() {}
    if name.is_empty() || chars.next() != Some('"') {
        return Err(RecordError::new(line, format!("malformed tag; {expected}")));
    }
    let mut value = String::new();
    loop {
        match chars.next() {
            Some('"') => break,
            // A tag is on one line: an escaped line break does not continue it.
            Some('\\') if chars.peek().is_some_and(|&c| c != '\n') => value.extend(chars.next()),
            Some('\\' | '\n') | None => {
                return Err(RecordError::new(line, format!("unterminated tag value; {expected}")))
            }
            Some(c) => value.push(c),
        }
    }
    while chars.next_if(|&c| c == ' ' || c == '\t').is_some() {}
    if chars.next() != Some(']') {
        return Err(RecordError::new(
            line,
            format!("tag `{}` is not closed by `]`; {expected}", excerpt(&name)),
        ));
    }
    Ok((name, value))
}

/// The text of `value` inside a tag's quotes.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The `Termination` tag of a game lost on time.
const TIME_FORFEIT: &str = "time forfeit";

fn termination(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason: WinReason::NoPieces, .. } => "no pieces left",
        Outcome::Win { reason: WinReason::NoLegalMove, .. } => "no legal move",
        Outcome::Win { reason: WinReason::GoalReached, .. } => "goal reached",
        Outcome::Win { reason: WinReason::Resignation, .. } => "resignation",
        Outcome::Win { reason: WinReason::Time, .. } => TIME_FORFEIT,
        Outcome::Win { reason: WinReason::Score, .. } => "higher score",
        Outcome::Draw { reason: DrawReason::Repetition } => "repetition",
        Outcome::Draw { reason: DrawReason::NoProgress } => "no progress",
        Outcome::Draw { reason: DrawReason::Agreement } => "agreement",
        Outcome::Draw { reason: DrawReason::EqualScores } => "equal scores",
    }
}

/// What a result token says: `Some(Some(side))` a win, `Some(None)` a draw, `None` unfinished.
fn result_meaning(result: &str) -> Option<Option<Side>> {
    match result {
        "1-0" | "2-0" => Some(Some(Side::White)),
        "0-1" | "0-2" => Some(Some(Side::Black)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

impl<G: Game> GameRecord<G> {
    /// The record as text: tags, numbered moves and the result.
    pub fn to_record_text(&self) -> String {
        self.to_record_text_with(|_| None)
    }

    /// The record as text, with `comment(index)` written in braces after the move of that
    /// index (from 0) where it gives one: `{[%clk 0:04:58]}`.
    pub fn to_record_text_with(&self, comment: impl Fn(usize) -> Option<String>) -> String {
        let status = self.status();
        let result = status.outcome().map_or("*", Outcome::result_text);
        let mut text = String::new();
        let mut tag = |name: &str, value: &str| {
            text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        };
        // The opening's name where the game's names give one, else any the record was given.
        let opening = self.opening();
        let own = |name: &str| OWN_TAGS.contains(&name) || (opening.is_some() && name == "Opening");
        for (name, value) in self.tags().iter().filter(|(name, _)| !own(name)) {
            tag(name, value);
        }
        if let Some(opening) = opening {
            tag("Opening", opening);
        }
        tag(G::RECORD_TAG.0, G::RECORD_TAG.1);
        let options = self.options_text();
        if !options.is_empty() {
            tag("Options", &options);
        }
        if !self.starts_from_standard_position() {
            tag("SetUp", "1");
            tag("FEN", &self.start_position().to_text());
        }
        tag("Result", result);
        if let Some(outcome) = status.outcome() {
            tag("Termination", termination(outcome));
        }
        text.push('\n');
        let mut line = String::new();
        for (index, mv) in self.moves().enumerate() {
            let mut token = mv.to_string();
            if index % 2 == 0 {
                token = format!("{}. {token}", index / 2 + 1);
            }
            if let Some(comment) = comment(index) {
                token = format!("{token} {{{comment}}}");
            }
            if !line.is_empty() && line.len() + 1 + token.len() > 80 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() && line.len() + 1 + result.len() > 80 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result);
        text.push_str(&line);
        text.push('\n');
        text
    }

    /// Reads a record written by [`GameRecord::to_record_text`] or another program. The moves
    /// are replayed and checked; the result must agree with how the moves end.
    pub fn from_record_text(text: &str) -> Result<Self, RecordError> {
        Self::from_parsed(&parse_record_text(text)?)
    }

    /// Builds the record from an already split text.
    pub fn from_parsed(parsed: &RecordText) -> Result<Self, RecordError> {
        if parsed.names_game::<G>() == Some(false) {
            let tags: Vec<String> = parsed
                .tags
                .iter()
                .filter(|(name, _)| ["Game", "GameType", G::RECORD_TAG.0].contains(&name.as_str()))
                .map(|(name, value)| format!("[{} \"{}\"]", excerpt(name), excerpt(value)))
                .collect();
            return Err(RecordError::new(
                1,
                format!("this is a record of another game ({}), not {}", tags.join(" "), G::ID),
            ));
        }
        let options = match parsed.tag("Options") {
            Some(text) => G::Options::parse(text)
                .map_err(|error| RecordError::new(1, format!("in the Options tag: {error}")))?,
            None => G::Options::default(),
        };
        let mut record = match parsed.tag("FEN") {
            Some(fen) => {
                let start = G::from_text(fen, &options)
                    .map_err(|error| RecordError::new(1, format!("in the FEN tag: {error}")))?;
                GameRecord::from_position(start, options)
            }
            None => GameRecord::new(options),
        };
        for (name, value) in
            parsed.tags.iter().filter(|(name, _)| !OWN_TAGS.contains(&name.as_str()))
        {
            record.set_tag(name, value);
        }
        let moves = if G::MOVES_IN_PARENTHESES { &parsed.moves_with_groups } else { &parsed.moves };
        for (index, (line, text)) in moves.iter().enumerate() {
            record.play_text(text).map_err(|error| {
                RecordError::new(
                    *line,
                    format!("move {} (`{}`): {error}", index + 1, excerpt(text)),
                )
            })?;
        }
        if let Some(tag) = parsed.tag("Result").filter(|tag| !RESULTS.contains(tag)) {
            return Err(RecordError::new(
                1,
                format!(
                    "the Result tag `{}` is not a result; expected one of {}",
                    excerpt(tag),
                    RESULTS.join(" ")
                ),
            ));
        }
        let result =
            parsed.result.as_ref().map(|(_, token)| token.as_str()).or(parsed.tag("Result"));
        let line = parsed.result.as_ref().map_or(1, |(line, _)| *line);
        let on_time = parsed.tag("Termination") == Some(TIME_FORFEIT);
        record.apply_result(result, on_time, line)?;
        Ok(record)
    }

    /// Checks the written result against the moves, and records a resignation (a loss on time
    /// when `on_time`) or agreed draw where the moves alone do not end the game.
    fn apply_result(
        &mut self,
        result: Option<&str>,
        on_time: bool,
        line: usize,
    ) -> Result<(), RecordError> {
        let Some(claimed) = result.and_then(result_meaning) else {
            return Ok(());
        };
        match (self.status(), claimed) {
            (Status::Ongoing, Some(winner)) => {
                let loser = winner.opponent();
                let ended = if on_time { self.lose_on_time(loser) } else { self.resign(loser) };
                ended.map_err(|e| RecordError::new(line, e.to_string()))
            }
            (Status::Ongoing, None) => {
                self.agree_draw().map_err(|e| RecordError::new(line, e.to_string()))
            }
            (Status::Over(outcome), claimed) if outcome.winner() == claimed => Ok(()),
            (Status::Over(outcome), _) => Err(RecordError::new(
                line,
                format!(
                    "the result {} does not agree with the moves, which end in: {outcome}",
                    result.unwrap_or("*")
                ),
            )),
        }
    }
}
