"""The examples in the package's docstrings run as they are written."""

import doctest

import pytest

import arbiter
import arbiter.gdl
import arbiter.pettingzoo
import arbiter.spiel


@pytest.mark.parametrize("module", [arbiter, arbiter.gdl, arbiter.spiel, arbiter.pettingzoo])
def test_docstring_examples(module):
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failed == 0
