"""Games written in GDL, the Game Description Language of General Game Playing.

    >>> import arbiter
    >>> game = arbiter.gdl.load('''
    ...     (role white) (role black) (init (control white)) (init (left 3))
    ...     (succ 0 1) (succ 1 2) (succ 2 3) (other white black) (other black white)
    ...     (<= (legal ?p (take 1)) (true (control ?p)) (true (left ?n)) (succ ?m ?n))
    ...     (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
    ...     (<= (next (left ?m)) (does ?p (take 1)) (true (left ?n)) (succ ?m ?n))
    ...     (<= (next (control ?q)) (true (control ?p)) (other ?p ?q))
    ...     (<= (next (took ?p)) (does ?p (take 1)))
    ...     (<= terminal (true (left 0)))
    ...     (<= (goal ?p 100) (true (took ?p)) terminal)
    ...     (<= (goal ?p 0) (role ?p) (not (true (took ?p))))
    ... ''')
    >>> state = game.new_initial_state()
    >>> state.legal_moves()
    ['(take 1)']
    >>> for _ in range(3):
    ...     _ = state.play("(take 1)")
    >>> state.returns()  # White took the last one
    [1.0, -1.0]

The game is an ``arbiter.Game`` like the five native games: whole moves are the GDL terms of
the role to move (``legal_moves``, ``play``), the integer actions number every move of both
roles (``legal_actions``, ``apply_action``), and ``arbiter.spiel`` (``arbiter_gdl``, with the
rules as the parameter ``rules``) and ``arbiter.pettingzoo`` take it. The first role is player 0
(White), the second player 1 (Black); the higher goal value wins, equal values draw. Only games
of two roles taking turns can be played (the role waiting has one legal move, its ``noop``).
"""

from arbiter._arbiter import Game, load_gdl


def load(text: str) -> Game:
    """The game whose rules are `text`, GDL in KIF as ggp-base writes it. ``RulesError`` says
    what is wrong (with the line and column) in a text that cannot be read or played."""
    return load_gdl(text)
