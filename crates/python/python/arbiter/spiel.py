"""Arbiter's games in OpenSpiel: importing this module registers each game with ``pyspiel``.

    >>> import pyspiel
    >>> import arbiter.spiel
    >>> game = pyspiel.load_game("arbiter_fanorona")
    >>> game = pyspiel.load_game("arbiter_daynight", {"rings": 6})

The names are ``arbiter_<id>`` for each id of ``arbiter.games()``; a game's options are its
game parameters (an integer for a range of numbers such as ``rings``, else a string). A game
written in GDL is ``arbiter_gdl``, its rules (KIF) the parameter ``rules``:
``pyspiel.load_game("arbiter_gdl", {"rules": text})`` (the seed's ``breakthroughSmallHoles``
without it). A state
is an ``arbiter.State`` behind OpenSpiel's API: the integer actions are the steps of a turn
(``arbiter.Game.num_distinct_actions``), so a multi-step turn is several actions of the same
player, and the observation tensor is ``arbiter.State.observation_tensor``. Player 0 is White
and player 1 Black: in checkers Black moves first. Returns are +1, -1, or 0 for a draw, at
the end only.

OpenSpiel's Python algorithms (MCTS, minimax and alpha-beta, ``evaluate_bots``) run on them,
and so do its C++ algorithms that accept games written in Python.
"""

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import arbiter

# OpenSpiel wants a bound on the number of actions of a game for its bookkeeping; the rules
# give none this simple (checkers' and Fanorona's draw rules end every game, holes' and mini
# checkers' men only move forward), so this is set far beyond any game seen: random games
# take a few hundred actions at most.
MAX_GAME_LENGTH = 10_000


def _parameter(option):
    """An option's default as an OpenSpiel parameter: an int for a range `4..8`, else a str."""
    if ".." in option["values"]:
        return int(option["default"])
    return option["default"]


def _options_text(info, params):
    """The `key=value,…` of the parameters that differ from the defaults."""
    settings = []
    for option in info["options"]:
        value = params.get(option["key"], _parameter(option))
        if str(value) != option["default"]:
            settings.append(f"{option['key']}={value}")
    unknown = set(params) - {option["key"] for option in info["options"]}
    if unknown:
        raise arbiter.OptionsError(
            f"unknown parameter {sorted(unknown)[0]!r} of arbiter_{info['id']}; its parameters "
            f"are {[option['key'] for option in info['options']] or 'none'}"
        )
    return ",".join(settings)


def _game_type(info, parameters=None):
    if parameters is None:
        parameters = {option["key"]: _parameter(option) for option in info["options"]}
    return pyspiel.GameType(
        short_name=f"arbiter_{info['id']}",
        long_name=f"Arbiter {info['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class ArbiterGame(pyspiel.Game):
    """An Arbiter game under OpenSpiel's API; a subclass for each game sets `INFO`, its entry
    of ``arbiter.games()``."""

    INFO = None

    def __init__(self, params=None):
        params = dict(params or {})
        self.arbiter_game = self._arbiter_game(params)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.arbiter_game.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self._game_type(), game_info, params)

    def _arbiter_game(self, params):
        return arbiter.Game(self.INFO["id"], options=_options_text(self.INFO, params))

    def _game_type(self):
        return _game_type(self.INFO)

    def new_initial_state(self):
        return ArbiterState(self, self.arbiter_game.new_initial_state())

    def from_position(self, text):
        """A state from a position in the game's text form."""
        return ArbiterState(self, self.arbiter_game.from_position(text))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.arbiter_game, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class ArbiterState(pyspiel.State):
    """An ``arbiter.State`` under OpenSpiel's API; ``arbiter_state`` is the state itself."""

    def __init__(self, game, state):
        super().__init__(game)
        self.arbiter_state = state

    def current_player(self):
        player = self.arbiter_state.current_player()
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player):
        return self.arbiter_state.legal_actions()

    def _apply_action(self, action):
        self.arbiter_state.apply_action(action)

    def _action_to_string(self, player, action):
        return self.arbiter_state.action_to_string(action)

    def is_terminal(self):
        return self.arbiter_state.is_terminal()

    def returns(self):
        return self.arbiter_state.returns()

    def __str__(self):
        return str(self.arbiter_state)


class BoardObserver:
    """The observation tensor of ``arbiter.State.observation_tensor``, for OpenSpiel."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        shape = game.observation_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.dict["observation"][...] = state.arbiter_state.observation_tensor(player)

    def string_from(self, state, player):
        del player
        return str(state.arbiter_state)


# The entry of `arbiter_gdl`, which `arbiter.games()` does not list: its rules are a text.
GDL_INFO = {
    "id": "gdl",
    "name": "A game written in GDL",
    "description": "any game of two players taking turns, from its rules in GDL",
    "options": [],
    "always_decisive": False,
}

# Its one parameter: the rules in KIF; empty for the seed's breakthroughSmallHoles.
GDL_PARAMETERS = {"rules": ""}


class ArbiterGdlGame(ArbiterGame):
    """A game written in GDL under OpenSpiel's API: its rules are the parameter ``rules``."""

    INFO = GDL_INFO

    def _arbiter_game(self, params):
        unknown = set(params) - set(GDL_PARAMETERS)
        if unknown:
            raise arbiter.OptionsError(
                f"unknown parameter {sorted(unknown)[0]!r} of arbiter_gdl; its parameter is "
                "'rules', the game's rules in GDL"
            )
        rules = params.get("rules", "")
        return arbiter.gdl.load(rules) if rules else arbiter.Game("gdl")

    def _game_type(self):
        return _game_type(GDL_INFO, GDL_PARAMETERS)


def _register():
    # pyspiel keeps the class as the game's factory. A class, not a closure: a closure kept by
    # pyspiel's registry crashes the interpreter as it exits (open_spiel 2.0.2).
    for info in arbiter.games():
        name = "".join(part.title() for part in info["id"].split("_"))
        factory = type(f"Arbiter{name}Game", (ArbiterGame,), {"INFO": info})
        pyspiel.register_game(_game_type(info), factory)
    pyspiel.register_game(_game_type(GDL_INFO, GDL_PARAMETERS), ArbiterGdlGame)


_register()
