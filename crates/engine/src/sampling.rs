//! Dealing hidden cards consistently with what a seat knows, for `Deal::sample_world`.

use cards::{Card, CardSet, GameRng};

/// What an observer knows about one hidden hand of a single-pack game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiddenHand {
    /// How many cards the hand holds.
    pub size: u32,
    /// Cards known to be in it (for example cards the observer passed to it).
    pub known: CardSet,
    /// Cards it cannot hold (for example a suit it showed out of).
    pub forbidden: CardSet,
}

/// Deals every card of `pool` to the hands, respecting sizes, known and forbidden cards.
///
/// Each card goes to a hand with probability proportional to the room left in it, among the
/// hands that keep the rest of the deal possible (checked with Hall's condition over every
/// subset of hands), so without constraints this is an ordinary uniform deal. Returns `None`
/// when the constraints cannot all hold. Allocation-free; `N` is small (at most 8).
pub fn deal_hidden<const N: usize>(pool: CardSet, hands: &[HiddenHand; N], rng: &mut GameRng) -> Option<[CardSet; N]> {
    assert!(N <= 8, "deal_hidden supports at most 8 hands");
    let mut out = [CardSet::EMPTY; N];
    let mut room = [0u32; N];
    let mut rest = pool;
    for (i, h) in hands.iter().enumerate() {
        if h.known - pool != CardSet::EMPTY || !(h.known & h.forbidden).is_empty() || h.known.len() > h.size {
            return None;
        }
        out[i] = h.known;
        rest -= h.known;
        room[i] = h.size - h.known.len();
    }
    if room.iter().sum::<u32>() != rest.len() {
        return None;
    }
    let allowed = |c: Card| -> usize {
        (0..N)
            .filter(|&i| !hands[i].forbidden.contains(c))
            .fold(0, |m, i| m | 1 << i)
    };
    let mut by_mask = [0u32; 256];
    for c in rest {
        by_mask[allowed(c)] += 1;
    }
    if !feasible::<N>(&by_mask, &room) {
        return None;
    }
    let mut order = [Card::JOKER; 64];
    let n = rest.len() as usize;
    for (slot, c) in order.iter_mut().zip(rest) {
        *slot = c;
    }
    rng.shuffle(&mut order[..n]);
    for &c in &order[..n] {
        let m = allowed(c);
        by_mask[m] -= 1;
        let mut weights = [0u32; N];
        for i in 0..N {
            if m & 1 << i != 0 && room[i] > 0 {
                room[i] -= 1;
                if feasible::<N>(&by_mask, &room) {
                    weights[i] = room[i] + 1;
                }
                room[i] += 1;
            }
        }
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return None; // unreachable when the initial check passed
        }
        let mut pick = rng.below(total);
        let i = (0..N)
            .find(|&i| {
                if pick < weights[i] {
                    true
                } else {
                    pick -= weights[i];
                    false
                }
            })
            .expect("pick is below the total weight");
        room[i] -= 1;
        out[i].insert(c);
    }
    Some(out)
}

/// Hall's condition: for every set of hands, the cards that can only go to those hands fit.
/// Both sides are summed over subsets with the usual O(N 2^N) transform.
fn feasible<const N: usize>(by_mask: &[u32; 256], room: &[u32; N]) -> bool {
    if by_mask[0] > 0 {
        return false;
    }
    let full = 1usize << N;
    let mut need = [0u32; 256];
    let mut have = [0u32; 256];
    need[..full].copy_from_slice(&by_mask[..full]);
    for (i, &r) in room.iter().enumerate() {
        have[1 << i] = r;
    }
    for i in 0..N {
        for s in 0..full {
            if s & 1 << i != 0 {
                need[s] += need[s ^ 1 << i];
                have[s] += have[s ^ 1 << i];
            }
        }
    }
    (1..full).all(|s| need[s] <= have[s])
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;

    #[test]
    fn respects_sizes_known_and_forbidden_cards() {
        let mut rng = GameRng::from_seed(3);
        let pool = CardSet::FULL_52 - CardSet::suit(Suit::Hearts);
        let qs: Card = "QS".parse().unwrap();
        let hands = [
            HiddenHand {
                size: 13,
                known: CardSet::single(qs),
                forbidden: CardSet::suit(Suit::Clubs),
            },
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: CardSet::suit(Suit::Diamonds),
            },
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: CardSet::EMPTY,
            },
        ];
        for _ in 0..500 {
            let out = deal_hidden(pool, &hands, &mut rng).expect("feasible");
            assert_eq!(out[0] | out[1] | out[2], pool);
            for (h, set) in hands.iter().zip(out) {
                assert_eq!(set.len(), 13);
                assert!(set.contains(qs) == (h.known == CardSet::single(qs)));
                assert!((set & h.forbidden).is_empty());
            }
        }
    }

    #[test]
    fn tight_constraints_are_still_met() {
        // Hand 0 may only hold clubs, hand 1 only diamonds: everything is forced.
        let mut rng = GameRng::from_seed(9);
        let clubs = CardSet::suit(Suit::Clubs);
        let diamonds = CardSet::suit(Suit::Diamonds);
        let hands = [
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: !clubs,
            },
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: !diamonds,
            },
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: CardSet::EMPTY,
            },
        ];
        let pool = clubs | diamonds | CardSet::suit(Suit::Spades);
        for _ in 0..100 {
            let out = deal_hidden(pool, &hands, &mut rng).unwrap();
            assert_eq!(out, [clubs, diamonds, CardSet::suit(Suit::Spades)]);
        }
    }

    #[test]
    fn impossible_constraints_are_refused() {
        let mut rng = GameRng::from_seed(1);
        let clubs = CardSet::suit(Suit::Clubs);
        let hands = [
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: clubs,
            },
            HiddenHand {
                size: 13,
                known: CardSet::EMPTY,
                forbidden: clubs,
            },
        ];
        assert!(deal_hidden(clubs | CardSet::suit(Suit::Spades), &hands, &mut rng).is_none());
    }
}
