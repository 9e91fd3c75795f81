from typing import Tuple

from ._core import Game as Game
from ._core import Match as Match
from ._core import __version__ as __version__
from ._core import bot_action as bot_action
from ._core import games as games
from ._core import simulate as simulate
from .bounds import utility_bounds as utility_bounds

GAME_IDS: Tuple[str, ...]
