"""Arbiter's games as PettingZoo AEC environments.

    >>> from arbiter.pettingzoo import env
    >>> environment = env("checkers", options="", render_mode="ansi")
    >>> environment.reset(seed=42)
    >>> for agent in environment.agent_iter():
    ...     observation, reward, termination, truncation, info = environment.last()
    ...     if termination or truncation:
    ...         action = None
    ...     else:
    ...         mask = observation["action_mask"]
    ...         action = environment.action_space(agent).sample(mask)
    ...     environment.step(action)

The agents are ``"white"`` (player 0) and ``"black"`` (player 1); the one to move is
``agent_selection`` (Black first in checkers). An action is a step of a turn, numbered as
``arbiter.State.legal_actions`` numbers them, so a multi-step turn is several actions of the
same agent. An observation is a dict: ``observation``, the float32 planes of
``arbiter.State.observation_tensor`` as the agent sees them, and ``action_mask``, an int8
vector with a 1 for each legal action of the agent to move (all 0 for the other). Rewards
come at the end: +1 for a win, -1 for a loss, 0 for a draw. ``render_mode="ansi"`` gives the
terminal diagram, ``"rgb_array"`` a picture of the board as a NumPy array.
"""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import arbiter

AGENTS = ["white", "black"]

# The picture of `render_mode="rgb_array"`: pixels a cell, and the colours.
CELL_PIXELS = 32
COLOURS = {
    "off_board": (235, 225, 200),
    "cell": (120, 85, 60),
    "hole": (20, 20, 20),
    "day": (200, 170, 110),
    "white": (245, 245, 240),
    "black": (30, 30, 30),
    "neutral": (150, 150, 160),
    "king": (210, 40, 40),
}


def env(game="checkers", options="", render_mode=None):
    """An AEC environment of the Arbiter game `game` under `options` (or of `game`, an
    ``arbiter.Game`` such as a game written in GDL from ``arbiter.gdl.load``), with
    PettingZoo's usual wrappers (an illegal action ends the game with -1 for its agent)."""
    environment = raw_env(game, options, render_mode)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv, EzPickle):
    """The environment without PettingZoo's wrappers."""

    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "arbiter_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, game="checkers", options="", render_mode=None):
        EzPickle.__init__(self, game, options, render_mode)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if isinstance(game, arbiter.Game):
            self.game = game
        else:
            self.game = arbiter.Game(game, options=options)
        self.render_mode = render_mode
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        actions = self.game.num_distinct_actions()
        shape = self.game.observation_shape()
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.state = self.game.new_initial_state()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = AGENTS.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == player:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(player), "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The game itself has no chance: `seed` seeds the action spaces' sampling, so that a
        # game of sampled actions is the same again.
        if seed is not None:
            for offset, agent in enumerate(AGENTS):
                self.action_spaces[agent].seed(seed + offset)
        self.state = self.game.new_initial_state()
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.state.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {agent: returns[index] for index, agent in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(self.agents, True)
            # The other agent sees the end (and its reward) first.
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        if self.render_mode == "rgb_array":
            return picture(self.state.observation_tensor(0))
        return None

    def close(self):
        pass


def picture(planes):
    """The board of White's observation `planes` as an RGB array: a square a cell, a disc a
    piece (a red centre for a king)."""
    index = {name: arbiter.OBSERVATION_PLANES.index(name) for name in arbiter.OBSERVATION_PLANES}
    _, height, width = planes.shape
    size = CELL_PIXELS
    image = np.zeros((height * size, width * size, 3), np.uint8)
    y, x = np.mgrid[0:size, 0:size]
    distance = np.hypot(y - (size - 1) / 2, x - (size - 1) / 2)
    disc, centre = distance < size * 0.4, distance < size * 0.15
    for row in range(height):
        for column in range(width):
            tile = image[row * size : (row + 1) * size, column * size : (column + 1) * size]
            at = planes[:, row, column]
            if not at[index["cell"]]:
                tile[...] = COLOURS["off_board"]
                continue
            ground = "hole" if at[index["hole"]] else "day" if at[index["day"]] else "cell"
            tile[...] = COLOURS[ground]
            piece = (
                "white" if at[index["own"]] else "black" if at[index["opponent"]] else
                "neutral" if at[index["neutral"]] else None
            )
            if piece is not None:
                tile[disc] = COLOURS[piece]
                if at[index["king"]]:
                    tile[centre] = COLOURS["king"]
    return image
