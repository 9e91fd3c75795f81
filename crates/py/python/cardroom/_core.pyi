"""Type stubs for the extension module ``cardroom._core`` (re-exported by ``cardroom``)."""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

Variants = Union[Mapping[str, Any], Sequence[str], str, None]

def games() -> List[Dict[str, Any]]:
    """Every game: ``id``, ``name``, ``min_players``, ``max_players``, ``default_players``,
    ``higher_is_better``, ``zero_sum``, ``unit``, ``variants`` (``key``, ``default``, ``values``,
    ``doc`` (for developers), ``label`` (a short name for players), ``explain`` (one sentence for
    players), ``choice_labels`` (words for players for each of a choice variant's values, in the
    same order; empty for other kinds), ``applies_when``: ``None``, or ``{"key", "values"}`` when
    the variant applies only while another has one of those values; otherwise only its default is
    accepted) and ``bots``."""

class Game:
    """A configured game (rules, seat count, variants) with a fixed action space and a fixed
    observation shape. Unknown games, bad seat counts and bad variants raise ``ValueError``."""

    def __init__(self, id: str, players: Optional[int] = None, variants: Variants = None) -> None: ...
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def variants(self) -> List[Tuple[str, str]]:
        """Every variant key with its value, defaults included."""
    @property
    def higher_is_better(self) -> bool: ...
    @property
    def zero_sum(self) -> bool: ...
    @property
    def unit(self) -> str: ...
    @property
    def num_actions(self) -> int:
        """The size of the fixed action space (ids ``0 .. num_actions - 1``)."""
    @property
    def observation_shape(self) -> Tuple[int]: ...
    def observation_layout(self) -> List[Tuple[str, int, int]]:
        """The observation's blocks as ``(name, offset, length)``."""
    def action_kinds(self) -> List[str]:
        """The kinds of action, in the order of the observation's ``kinds`` block."""
    def cards(self) -> List[str]:
        """The distinct cards of the pack, in the order the observation counts them."""
    def action_to_string(self, action: int) -> str:
        """The notation of an action id; ``IndexError`` outside the space."""
    def string_to_action(self, text: str) -> int:
        """The id of an action's notation; ``ValueError`` if it is not an action of the game."""
    def new_match(self, seed: int = 0, deals: Optional[int] = None) -> Match:
        """A new match dealt from ``seed``; ``deals`` ends it after that many deals."""
    def rules(self) -> str:
        """The rules page, as ``cardroom rules`` prints it."""

class Match:
    """One match: deals until the game's end or the deal limit; one seat acts at a time."""

    @property
    def game(self) -> Game: ...
    @property
    def current_player(self) -> Optional[int]:
        """The seat to act; ``None`` once the match is over."""
    @property
    def deals_completed(self) -> int: ...
    @property
    def actions_taken(self) -> int: ...
    def legal_actions(self) -> List[str]:
        """The legal actions as notation, sorted as the game sorts them."""
    def legal_action_ids(self) -> List[int]:
        """The legal actions as ids, in the order of ``legal_actions()``."""
    def action_mask(self) -> npt.NDArray[np.int8]:
        """int8, shape ``(game.num_actions,)``: 1 for each legal action."""
    def apply(self, action: Union[str, int]) -> None:
        """Applies notation or an id; illegal: ``ValueError`` with the reason, nothing changed."""
    def view(self, seat: int) -> Dict[str, Any]:
        """What ``seat`` may see (the engine's JSON view with the match totals)."""
    def scene(self, seat: Optional[int] = None) -> Dict[str, Any]:
        """The table model as ``seat`` sees it (``None``: a spectator), as front ends draw it."""
    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` may see, shape ``game.observation_shape``; no hidden card."""
    def is_over(self) -> bool: ...
    def totals(self) -> List[int]:
        """Match totals per seat, as the game keeps them."""
    def returns(self) -> npt.NDArray[np.float64]:
        """Totals with the sign flipped where lower is better: higher is always better."""
    def winners(self) -> List[int]: ...
    def clone(self) -> Match: ...
    def sample_world(self, seat: int, seed: int) -> Match:
        """A determinization from ``seat``'s view (same view and observation for ``seat``)."""
    def record(self) -> Dict[str, Any]:
        """The replayable record (``game``, ``players``, ``variants``, ``seed``, ``dealer``,
        ``deals``, ``actions``...); ``ValueError`` for a sampled world."""
    @staticmethod
    def from_record(record: Union[Dict[str, Any], str]) -> Match:
        """Replays a record (dict or JSON); ``ValueError`` naming what is wrong."""
    def play_random(self, seed: int, max_actions: int = ...) -> int:
        """Plays random legal actions in Rust; returns how many."""

def bot_action(game_match: Match, bot: str, seed: Optional[int] = None) -> str:
    """The action the named bot (``random``, ``easy``, ``medium``, ``hard``, ``hard:N``,
    ``ismcts:N``, ``rule``...) would take for the seat to act (not applied)."""

def simulate(
    game: str,
    games: int,
    bots: Union[str, Sequence[str], None] = None,
    seed: int = 0,
    threads: int = 1,
    players: Optional[int] = None,
    variants: Variants = None,
    deals: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays whole games in Rust on ``threads`` threads without the GIL; game g uses seed
    ``seed + g``. Returns numpy arrays ``totals`` (int64, games x players), ``returns``
    (float64), ``wins`` (float64, 1/k for each of k winners), ``decisions`` (int64), and
    ``elapsed_s``, ``players``, ``game``."""
