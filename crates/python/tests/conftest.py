"""What the bindings' tests share: every game with every option set, and `arbiter moves`."""

import os
import subprocess

import pytest

import arbiter


def option_sets(game):
    """The defaults, then each value of each option alone (`a|b`, or a range `4..8`)."""
    sets = [""]
    for option in game["options"]:
        values = option["values"]
        if ".." in values:
            low, high = (int(end) for end in values.split(".."))
            choices = [str(value) for value in range(low, high + 1)]
        else:
            choices = values.split("|")
        sets += [f"{option['key']}={value}" for value in choices if value != option["default"]]
    return sets


GAME_OPTIONS = [(game["id"], options) for game in arbiter.games() for options in option_sets(game)]


def pytest_generate_tests(metafunc):
    if "game_options" in metafunc.fixturenames:
        metafunc.parametrize(
            "game_options", GAME_OPTIONS, ids=[f"{id}:{opts}" for id, opts in GAME_OPTIONS]
        )


@pytest.fixture
def game(game_options):
    game_id, options = game_options
    return arbiter.Game(game_id, options=options)


def arbiter_moves(game, moves):
    """The legal moves `arbiter moves` prints after `moves` (whole moves, canonical)."""
    binary = os.environ.get("ARBITER", "target/debug/arbiter")
    result = subprocess.run(
        [binary, "moves", game.id, "--options", game.options, "--moves", " ".join(moves)],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.split("\n")[:-1]
