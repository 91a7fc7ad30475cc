"""PettingZoo: its own API test on every game and option set, and seeded games."""

import numpy as np
from pettingzoo.test import api_test

from arbiter.pettingzoo import env


def test_api_test(game_options):
    game_id, options = game_options
    api_test(env(game_id, options=options), num_cycles=400)


def sampled_game(game_id, seed):
    environment = env(game_id, render_mode="ansi")
    environment.reset(seed=seed)
    actions = []
    for agent in environment.agent_iter(max_iter=300):
        observation, _, termination, truncation, _ = environment.last()
        action = None
        if not (termination or truncation):
            action = environment.action_space(agent).sample(observation["action_mask"])
            actions.append(int(action))
        environment.step(action)
    return actions, environment.render()


def test_a_seed_gives_the_same_game():
    assert sampled_game("fanorona", 3) == sampled_game("fanorona", 3)
    assert sampled_game("fanorona", 3)[0] != sampled_game("fanorona", 4)[0]


def test_rewards_at_the_end_and_the_pictures():
    environment = env("holes", render_mode="rgb_array")
    environment.reset(seed=1)
    total = {agent: 0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        total[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[0]))
    assert sorted(total.values()) == [-1, 1]
    picture = environment.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
