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
    @property
    def information_state_shape(self) -> Tuple[int]: ...
    def information_state_layout(self) -> List[Tuple[str, int, int]]:
        """The observation's blocks, then ``history_count`` and ``history_events``."""
    @staticmethod
    def event_kinds() -> List[str]:
        """The kinds of event an information state's rows name, in their one-hot order."""
    def new_match(self, seed: int = 0, deals: Optional[int] = None, deck: Optional[Sequence[str]] = None) -> Match:
        """A new match dealt from ``seed`` (the whole match unless ``deals`` ends it sooner);
        ``deck`` (the pack's cards, top first) deals the first deal in that order."""
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
    def public_observation(self, seat: int) -> npt.NDArray[np.float32]:
        """What a spectator sees, from ``seat``'s place, in the observation's layout."""
    def private_observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``observation(seat) - public_observation(seat)``."""
    def information_state_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation and every event ``seat`` was told this deal, in order, shape
        ``game.information_state_shape``."""
    def information_state_string(self, seat: int) -> str:
        """The seat's events this deal as it reads them, one per line, then its view (JSON)."""
    def is_over(self) -> bool: ...
    def totals(self) -> List[int]:
        """Match totals per seat, as the game keeps them."""
    def returns(self) -> npt.NDArray[np.float64]:
        """Totals with the sign flipped where lower is better: higher is always better."""
    def winners(self) -> List[int]: ...
    def clone(self) -> Match: ...
    def sample_world(self, seat: int, seed: int) -> Match:
        """A determinization from ``seat``'s view (same view, observation and information state
        for ``seat``); it pickles as the match it came from, its seat and seed."""
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
    ``ismcts:N``, ``rule``...) would take for the seat to act (not applied). Without ``seed``,
    a fresh one from the module's generator (see ``seed_bots``)."""

def seed_bots(seed: int) -> None:
    """Seeds the generator unseeded ``bot_action`` calls draw from."""

def _restore(state: str) -> Match:
    """Rebuilds a pickled match (``Match.__reduce__``)."""

def vector_match_seed(seed: int, env: int, episode: int) -> int:
    """The match seed of env ``env``'s ``episode``-th match after ``VecEnv.reset(seed)``."""

class VecEnvCore:
    """The Rust side of ``cardroom.vector.VecEnv`` (use that class)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        seats: Sequence[int],
        opponents: Sequence[str],
        players: Optional[int] = None,
        variants: Variants = None,
        deals: Optional[int] = None,
        threads: int = 1,
        dense_mask: bool = True,
        fast_observation: bool = True,
        all_seats_observations: bool = False,
        autoreset: bool = True,
        information_state: bool = False,
    ) -> None: ...
    def buffers(self) -> Dict[str, bytearray]: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def observation_rows(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def dense_mask(self) -> bool: ...
    @property
    def seats(self) -> List[int]: ...
    @property
    def threads(self) -> int: ...
    @threads.setter
    def threads(self, threads: int) -> None: ...
    @property
    def has_fast_observation(self) -> bool: ...
    def reset(self, seed: int) -> None: ...
    def step(self) -> None: ...
    def legal_action_ids(self, env: int) -> List[int]: ...
    def observation(self, env: int, seat: int) -> bytes: ...
    def record(self, env: int) -> str: ...
    def match_seed(self, env: int) -> int: ...
    def action_to_string(self, id: int) -> str: ...
    def bench_observation(self, fast: bool, calls: int) -> float: ...
    def check_fast_observation(self, positions: int, seed: int) -> Tuple[int, Optional[str]]: ...
    def factored_to_id(self, row: bytes) -> int: ...
    def factored_round_trip_all(self) -> Optional[Tuple[int, Optional[str]]]: ...
    def factored_legal(self) -> Optional[Tuple[bytes, List[int]]]: ...

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
