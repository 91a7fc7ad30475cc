"""Type stubs of the extension module `arbiter._arbiter`, which `arbiter` re-exports."""

import pathlib
from typing import Any, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

OBSERVATION_PLANES: list[str]
"""The planes of `State.observation_tensor`, in order: own, opponent, king, neutral, hole,
day, active, captured, cell, to_move."""

ENGINES: list[str]
"""The engines `search` accepts: random, alphabeta, mcts, perfect."""

class OptionInfo(TypedDict):
    key: str
    values: str
    default: str
    help: str

class GameInfo(TypedDict):
    id: str
    name: str
    description: str
    options: list[OptionInfo]
    always_decisive: bool

class PlayoutSummary(TypedDict):
    games: int
    turns: int
    white_wins: int
    black_wins: int
    draws: int
    cut: int

class ArbiterError(ValueError):
    """Bad input to Arbiter: the message says what was wrong and what is expected."""

class UnknownGameError(ArbiterError):
    """No game has this identifier."""

class OptionsError(ArbiterError):
    """A game's options that cannot be read."""

class IllegalMoveError(ArbiterError):
    """A move, step or action that is not legal here (or a game that is over)."""

class PositionError(ArbiterError):
    """A position text that cannot be read."""

class RecordError(ArbiterError):
    """A record text that cannot be read."""

class SearchError(ArbiterError):
    """A search or a solution that cannot be made as asked."""

class RulesError(ArbiterError):
    """Rules in GDL that cannot be read, or that are not a game of two players taking turns."""

def games() -> list[GameInfo]:
    """Every game of the catalog, with its options and their defaults."""

def load_gdl(text: str) -> Game:
    """The game written in GDL whose rules are `text` (KIF); `RulesError` if it cannot be played."""

class Game:
    """A game of the catalog under its options: `Game("daynight", options="rings=6")`; or a
    game written in GDL (`arbiter.gdl.load`)."""

    def __init__(self, id: str, options: str = "") -> None: ...
    @property
    def id(self) -> str:
        """The game's identifier, e.g. `checkers`."""
    @property
    def name(self) -> str:
        """The game's name."""
    @property
    def description(self) -> str:
        """One line on what the game is."""
    @property
    def options(self) -> str:
        """The options that differ from the defaults, as `key=value,...`."""
    def new_initial_state(self) -> State:
        """A game from the start position."""
    def from_position(self, text: str) -> State:
        """A game from a position in the game's text form; `PositionError` if unreadable."""
    def from_record(self, text: str) -> State:
        """A game read from a record text of this game and options; `RecordError` if not."""
    def num_distinct_actions(self) -> int:
        """The number of distinct integer actions under these options."""
    def observation_shape(self) -> tuple[int, int, int]:
        """The shape of `State.observation_tensor()`: (planes, height, width)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A game in progress: whole moves as text, or steps as integer actions."""

    def game(self) -> Game:
        """The game and its options."""
    def legal_moves(self) -> list[str]:
        """The legal moves in canonical notation; empty when the game is over."""
    def play(self, move: str) -> str:
        """Plays a whole move in any accepted notation; returns it in canonical notation."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool:
        """True when the game is over by any of its rules, draws included."""
    def returns(self) -> list[float]:
        """[White's, Black's]: 1 win, -1 loss, 0 draw or not over."""
    def current_player(self) -> Optional[int]:
        """0 (White) or 1 (Black) to move; None when the game is over."""
    def outcome(self) -> Optional[str]:
        """How the game ended, or None while it goes on."""
    def position(self) -> str:
        """The position (at the start of the turn being entered) in the game's text form."""
    def record(self) -> str:
        """The game's record: tags, numbered moves and the result."""
    def history_moves(self) -> list[str]:
        """The whole moves played, in canonical notation."""
    def steps_entered(self) -> list[str]:
        """The steps of the turn entered so far by actions."""
    def legal_actions(self) -> list[int]:
        """The legal actions (steps, or the skip) in increasing order."""
    def apply_action(self, action: int) -> None:
        """Enters one step; the step that completes a turn plays it."""
    def action_to_string(self, action: int) -> str:
        """The action in notation."""
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The board as `player` sees it, shaped `Game.observation_shape()`."""

class SearchResult:
    """What a search found."""

    best: Optional[str]
    score: str
    line: list[str]
    depth: int
    nodes: int
    seconds: float
    book: bool

class Solution:
    """A solved position."""

    winner: int
    plies: int
    line: list[str]
    nodes: int

def search(
    state: State,
    engine: str = "alphabeta",
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    seed: Optional[int] = None,
    tables: Union[bool, Tablebase] = True,
    book: bool = True,
) -> SearchResult:
    """Searches the state's position with an engine, with the endgame tables of `tables` (a
    `Tablebase`, or `True` for those of `ARBITER_TABLEBASE`) unless `tables=False`, playing
    from the game's opening book (checkers) unless `book=False`; the interpreter lock is
    released."""

def solve(state: State, *, hash_mib: int = 256, time: Optional[float] = None) -> Solution:
    """Solves the position exactly (minicheckers, holes); the interpreter lock is released."""

class TableMove(TypedDict):
    move: str
    value: str
    plies: Optional[int]

class TableValue(TypedDict):
    value: str
    plies: Optional[int]
    best: list[str]
    moves: list[TableMove]

class Tablebase:
    """The endgame tables of a folder (checkers, fanorona, daynight), with the small ones built
    in memory when it lacks them; what was read or built is kept while the handle lives."""

    @property
    def dir(self) -> Optional[pathlib.Path]:
        """The folder the tables are read from; None for the tables built in memory alone."""

def open_tablebase(dir: Union[None, str, pathlib.Path] = None) -> Tablebase:
    """Opens the endgame tables of `dir`, else of the folder `ARBITER_TABLEBASE` names (read
    now, once), else only the small tables built in memory; nothing is read until needed."""

def tablebase(
    state: State, dir: Union[None, str, pathlib.Path, Tablebase] = None
) -> Optional[TableValue]:
    """The exact value from the endgame tables (checkers, fanorona, daynight) of `dir` (a
    `Tablebase` or a folder; default: `ARBITER_TABLEBASE`'s): `value` for the player to move,
    `plies` (None for a draw), `best` and every move's value; None where no table holds the
    position. Tables of at most 4 pieces (3 in daynight) are built in memory when missing."""

def perft(state: State, depth: int) -> int:
    """The number of sequences of `depth` whole moves; the interpreter lock is released."""

def random_playouts(
    game: Game, n: int, seed: int = 0, max_turns: Optional[int] = None, threads: int = 1
) -> PlayoutSummary:
    """`n` random games from the start, entirely in Rust on `threads` threads (the same games
    whatever their number), the interpreter lock released."""
