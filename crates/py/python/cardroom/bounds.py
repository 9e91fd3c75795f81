"""The bounds of a seat's return (its total, negated where a lower total is better) in a match
of D deals or a whole match, worked out from each game's rules and scoring code.

``utility_bounds(game, deals)`` gives ``(low, high)``: with ``deals=D`` (D >= 1) the bounds over
matches cut after D deals (D times the bounds of one deal, narrowed by the whole match's where
those are tighter); with ``deals=0`` the bounds over whole matches. A configuration whose whole
match has no bound gives an infinite end: Hearts where a moon subtracts from the shooter (a
moon every deal lowers the shooter's total for ever and the match never ends), Khanhoo with
``tie_break=play-on`` (tied leaders play on, in principle without end), Auction Pinochle scored
``cumulative`` with a failure multiplier (a bidder who fails every deal never reaches the
target). The tests check every bound against thousands of simulated deals and matches.

How each game's bounds follow from its rules (P players):

* Hearts: one deal gives a seat 0 to 26 points (the Omnibus bonus card takes off 10; a moon
  subtracted from the shooter is -26). A match ends once a total passes the end score E, so
  totals end at most E + 26 (E + 25 when reaching E ends it); with Omnibus, at least
  -10 x (E // 4 + 1).
* Belote: a team scores at most capot 252, the four best carres 550 and the belote 20 (822,
  rounded to 820), less without declarations; a litige carries the suspended points of earlier
  deals. Totals end below the target plus one deal.
* Tribello: tricks minus the quota, within 10 either way; the match is twelve deals.
* Solo: a game is worth at most 32 (64 with the prime bonus), three times that to a lone
  declarer under zero-sum payments; at most ``max_hands`` deals.
* Auction Pinochle: the bid is at most the largest bid B, worth U = bid units(B) chips; a
  bidder collects 2U, pays up to 2 x multiplier x U (doubled in spades); ``max_hands`` deals.
* Khanhoo: the best fifteen-card hand and going out score 34 at most, nothing is negative.
* Jewel: a pairing moves at most 20 jewels and 29 points between two players; ``rounds`` x P
  deals.
* Three Thirteen: deal j (j + 3 cards) costs at most 10 x (j + 2) + max(10, W), W the wild's
  deadwood value; ``rounds`` deals.
* Big Three: the lone player wins or loses twice a bid of at most 3; ``max_hands`` deals.
* Ziginette: each of up to ten ranks is settled once at a stake of at most the table maximum
  of that hand (doubling with each raise of the limits, never above 1,000).
* Ace-Deuce-Jack: a bet is at most ``max_bet``; the banker settles with P - 1 bettors.
* Panguingue: antes, forfeits, conditions (at most 4 + 8 x I per opponent, I the valle
  increase) and the going-out payment; the match ends when a total falls below the ante less
  the bankroll, or after ``max_deals``.
"""

from __future__ import annotations

import math

INF = math.inf

__all__ = ["utility_bounds", "deal_bounds", "match_bounds"]


def _v(game):
    return dict(game.variants)


def _int(v, key, default=0):
    try:
        return int(v.get(key, default))
    except (TypeError, ValueError):
        return default


def deal_bounds(game, deal_index=None):
    """(low, high) of one seat's score change in one deal, in the game's own units (not yet
    negated). ``deal_index`` matters only where deals differ (Three Thirteen, Ziginette)."""
    v, n, gid = _v(game), game.players, game.id
    if gid == "hearts":
        if v["moon_mode"] != "add-to-others":
            return (-26, 26)
        return (-10 if v["omnibus"] == "true" else 0, 26)
    if gid == "belote":
        return (0, _belote_hand(v) + _belote_litige(v))
    if gid == "tribello":
        return (-10, 10)
    if gid == "solo":
        value = 64 if v["prime_bonus"] == "true" else 32
        lone = 3 if v["scoring"] == "zero-sum-payments" else 1
        return (-3 * 32 if lone == 3 else -32, lone * value)
    if gid == "auction-pinochle":
        big, units, d, m = _pinochle(v)
        if v["settlement"] == "cumulative":
            return (-m * big * d, big * d)
        return (-max(2 * m, 1) * units * d, max(2, m) * units * d)
    if gid == "khanhoo":
        return (0, 34)
    if gid == "jewel":
        return (-(29 * (n - 1) + 20), 51 * (n - 1))
    if gid == "three-thirteen":
        rounds = _int(v, "rounds", 11)
        j = rounds - 1 if deal_index is None else min(deal_index, rounds - 1)
        return (0, 10 * (j + 2) + max(10, _wild_value(v)))
    if gid == "big-three":
        return (-6, 6)
    if gid == "ziginette":
        hi = _ziginette_stake(v, deal_index)
        r = 10 if v["playette_rule"] == "banker-wins-paired-card" else 9
        return (-max(9 * (n - 1), r) * hi, r * (n - 1) * hi)
    if gid == "ace-deuce-jack":
        b = _int(v, "max_bet", 10)
        return (-(n - 1) * b, (n - 1) * b)
    if gid == "panguingue":
        a, f, p = _int(v, "ante", 1), _int(v, "retire_forfeit", 2), _int(v, "no_meld_penalty", 0)
        t = 4 + 8 * (4 if v["valle_same_suit_increase"] == "full" else 2)
        t2 = t if v["going_out_condition_repeat"] == "full-entitlement" else 12
        return (-(a + f + (n - 1) * t + 1 + t2 + p), (n - 1) * (a + f + 1 + t + t2 + p))
    raise ValueError(f"no utility bounds for game {gid!r}")


def match_bounds(game):
    """(low, high) of a seat's final total over whole matches (game units), infinite where the
    match has no bound."""
    v, n, gid = _v(game), game.players, game.id
    lo, hi = deal_bounds(game)
    if gid == "hearts":
        e = _int(v, "end_score", 100)
        top = e + (26 if v["end_rule"] == "exceeds" else 25)
        if v["moon_mode"] != "add-to-others":
            return (-INF, top)
        low = -10 * (e // 4 + 1) if v["omnibus"] == "true" else 0
        return (low, top)
    if gid == "belote":
        return (0, _int(v, "target", 1000) - 1 + hi)
    if gid == "tribello":
        return (-65, 91)
    if gid == "solo":
        hands = _int(v, "max_hands", 12)
        top = hands * hi
        target = _int(v, "target", 0)
        if target > 0:
            top = min(top, target - 1 + hi)
        return (hands * lo, top)
    if gid == "auction-pinochle":
        if v["settlement"] == "cumulative":
            big, _, d, m = _pinochle(v)
            return (-INF if m > 0 else 0, _int(v, "target", 1000) - 1 + big * d)
        hands = _int(v, "max_hands", 9)
        return (hands * lo, hands * hi)
    if gid == "khanhoo":
        if v["tie_break"] == "shared":
            return (0, _int(v, "target", 50) - 1 + hi)
        return (0, INF)
    if gid == "jewel":
        deals = _int(v, "rounds", 1) * n
        return (deals * lo, deals * hi)
    if gid == "three-thirteen":
        rounds = _int(v, "rounds", 11)
        return (0, sum(deal_bounds(game, j)[1] for j in range(rounds)))
    if gid == "big-three":
        hands = _int(v, "max_hands", 10)
        return (hands * lo, hands * hi)
    if gid == "ziginette":
        hands = _int(v, "max_hands", 20)
        lows, highs = zip(*(deal_bounds(game, k) for k in range(hands)))
        return (sum(lows), sum(highs))
    if gid == "ace-deuce-jack":
        h = _int(v, "hands_per_bank", 0) or n
        r = _int(v, "bank_rounds", 1)
        b = _int(v, "max_bet", 10)
        return (-2 * (n - 1) * h * r * b, 2 * (n - 1) * h * r * b)
    if gid == "panguingue":
        deals = _int(v, "max_deals", 10)
        a, bankroll = _int(v, "ante", 1), _int(v, "bankroll", 200)
        return (max(deals * lo, a - bankroll + lo), min(deals * hi, (n - 1) * (bankroll - a) + hi))
    raise ValueError(f"no utility bounds for game {gid!r}")


def utility_bounds(game, deals=0):
    """(low, high) of a seat's return (totals, negated where lower is better) over matches of
    ``deals`` deals (0: whole matches)."""
    m_lo, m_hi = match_bounds(game)
    if deals:
        if game.id in ("three-thirteen", "ziginette"):
            parts = [deal_bounds(game, k) for k in range(deals)]
            lo, hi = sum(p[0] for p in parts), sum(p[1] for p in parts)
        else:
            d_lo, d_hi = deal_bounds(game)
            lo, hi = deals * d_lo, deals * d_hi
        m_lo, m_hi = max(m_lo, lo), min(m_hi, hi)
    if not game.higher_is_better:
        m_lo, m_hi = -m_hi, -m_lo
    return (float(m_lo), float(m_hi))


def _belote_hand(v):
    decl = v["declarations_mode"]
    raw = 252 + (550 + 20 if decl == "full" else 20 if decl == "belote-only" else 0)
    if v["rounding"] == "off":
        return raw
    return (raw + 5) // 10 * 10


def _belote_litige(v):
    if v["tie_rule"] != "litige":
        return 0
    target = _int(v, "target", 1000)
    if v["contract_basis"] == "tricks-only":
        return 631 * 2 * ((target - 1) // 80)
    return 2 * (target - 1)


def _pinochle(v):
    """(largest bid, its chip units, spades doubling, largest multiplier)."""
    min_bid, step = _int(v, "min_bid", 300), _int(v, "bid_step", 10)
    cap = 3000 if v["double_meld_bonuses"] == "true" else 1000
    big = max(min_bid + 70 * step, cap)
    units = 1 if big < 350 else 2 if big < 400 else 4 + 2 * ((big - 400) // 50)
    d = 2 if v["spades_double"] == "true" else 1
    m = max(_int(v, "fail_multiplier", 2), _int(v, "concede_multiplier", 1))
    return big, units, d, m


def _wild_value(v):
    text = v.get("wild_deadwood_value", "face-value")
    try:
        return int(text)
    except ValueError:
        return 10


def _ziginette_stake(v, hand=None):
    """The largest stake a bettor can have on one rank in hand ``hand`` (any hand if None)."""
    base = _int(v, "max_bet", 10)
    cap = base
    while cap * 2 <= 1000:
        cap *= 2
    if hand is None:
        return cap
    return min(cap, base * 2**hand)
