"""cardroom: exact engines for twelve traditional card games.

Quick start::

    import cardroom
    game = cardroom.Game("hearts")
    m = game.new_match(seed=7)
    while not m.is_over():
        m.apply(cardroom.bot_action(m, "medium"))
    print(m.totals(), m.winners())

* :func:`games` lists the games; :class:`Game` is a configured game with a fixed action space
  (``num_actions``, ``action_to_string``, ``string_to_action``) and observation shape;
  :class:`Match` is one match (``legal_actions``, ``apply``, ``observation``, ``clone``,
  ``sample_world``, ``record``...).
* :func:`bot_action` asks a named bot (``random``, ``easy``, ``medium``, ``hard``...) for a move.
* :func:`simulate` plays many whole games in Rust, on several threads, without the GIL.
* :func:`utility_bounds` gives the bounds of a seat's return over D deals or a whole match.
* :mod:`cardroom.pettingzoo`, :mod:`cardroom.gym` and :mod:`cardroom.openspiel` wrap the games
  for PettingZoo (AEC), Gymnasium (single agent against bots) and OpenSpiel (``pyspiel``).
"""

from ._core import Game, Match, __version__, bot_action, games, simulate
from .bounds import utility_bounds

GAME_IDS = tuple(g["id"] for g in games())
"""The ids of every game, in the order :func:`games` lists them."""

__all__ = ["GAME_IDS", "Game", "Match", "__version__", "bot_action", "games", "simulate", "utility_bounds"]
