"""Arbiter's five abstract board games with their exact rules, from Rust.

    >>> import arbiter
    >>> game = arbiter.Game("checkers")
    >>> state = game.new_initial_state()
    >>> state.play("11-15")
    '11-15'
    >>> state.current_player()  # Black (1) moved first; now White (0) is to move
    0
    >>> state.history_moves()
    ['11-15']

Whole moves are played as text (``legal_moves``, ``play``) or entered step by step as integer
actions (``legal_actions``, ``apply_action``), a multi-step turn being several actions of the
same player. ``arbiter.spiel`` registers the games with OpenSpiel and ``arbiter.pettingzoo``
makes PettingZoo environments of them; see docs/python.md.
"""

from arbiter._arbiter import (
    ENGINES,
    OBSERVATION_PLANES,
    ArbiterError,
    Game,
    IllegalMoveError,
    OptionsError,
    PositionError,
    RecordError,
    RulesError,
    SearchError,
    SearchResult,
    Solution,
    State,
    Tablebase,
    UnknownGameError,
    games,
    open_tablebase,
    perft,
    random_playouts,
    search,
    solve,
    tablebase,
)

__all__ = [
    "ENGINES",
    "OBSERVATION_PLANES",
    "ArbiterError",
    "Game",
    "IllegalMoveError",
    "OptionsError",
    "PositionError",
    "RecordError",
    "RulesError",
    "SearchError",
    "SearchResult",
    "Solution",
    "State",
    "Tablebase",
    "UnknownGameError",
    "games",
    "gdl",
    "open_tablebase",
    "perft",
    "random_playouts",
    "search",
    "solve",
    "tablebase",
]

# `arbiter.gdl.load(text)`: a game written in GDL.
from arbiter import gdl  # noqa: E402 (the submodule needs the names above)
