//! Dealing hidden cards consistently with what a seat knows, for `Deal::sample_world`, and
//! replaying a deal's public history in a sampled world, for `Deal::past_moves`.

use crate::game::{Deal, Seat};
use cards::{Card, CardCounts, CardSet, GameRng};

/// One step of [`Deal::past_moves`]: applies `action` to `deal` (a position being rebuilt in a
/// sampled world) and, when a seat other than `seat` made it, records the position before it
/// with `reported` (the action as the legal actions list it; usually `action` itself). False,
/// recording nothing, when `deal` refuses the action: not this world's history, which cannot
/// happen for a world consistent with the seat's view.
pub fn replay_move<D: Deal>(
    deal: &mut D,
    seat: Seat,
    action: D::Action,
    reported: D::Action,
    out: &mut Vec<(D, D::Action)>,
) -> bool {
    let before = (deal.to_act() != Some(seat)).then(|| deal.clone());
    if deal.apply(action).is_err() {
        return false;
    }
    if let Some(b) = before {
        out.push((b, reported));
    }
    true
}

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
/// Returns `None` when the constraints cannot all hold. See [`deal_items`] for how.
pub fn deal_hidden<const N: usize>(pool: CardSet, hands: &[HiddenHand; N], rng: &mut GameRng) -> Option<[CardSet; N]> {
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
    let mut items = [(Card::JOKER, 0u8); 64];
    let n = rest.len() as usize;
    for (slot, c) in items.iter_mut().zip(rest) {
        let allowed = (0..N)
            .filter(|&i| !hands[i].forbidden.contains(c))
            .fold(0u8, |m, i| m | 1 << i);
        *slot = (c, allowed);
    }
    let dealt = deal_items(&mut items[..n], &room, rng)?;
    for (set, counts) in out.iter_mut().zip(dealt) {
        for (c, _) in counts.iter() {
            set.insert(c);
        }
    }
    Some(out)
}

/// Deals `items` (cards, copies allowed, each with a bit mask of the groups it may go to) into
/// groups of the given sizes.
///
/// Each item goes to a group with probability proportional to the room left in it, among the
/// groups that keep the rest of the deal possible (checked with Hall's condition over every
/// subset of groups), so without constraints this is an ordinary uniform deal. Items are
/// shuffled in place first. `N` is at most 8. Returns `None` when no deal fits.
pub fn deal_items<const N: usize>(
    items: &mut [(Card, u8)],
    sizes: &[u32; N],
    rng: &mut GameRng,
) -> Option<[CardCounts; N]> {
    assert!(N <= 8, "at most 8 groups");
    let mut room = *sizes;
    if room.iter().sum::<u32>() as usize != items.len() {
        return None;
    }
    let mut by_mask = [0u32; 256];
    for &(_, m) in items.iter() {
        by_mask[m as usize] += 1;
    }
    if !feasible::<N>(&by_mask, &room) {
        return None;
    }
    rng.shuffle(items);
    let mut out: [CardCounts; N] = std::array::from_fn(|_| CardCounts::new());
    // Without constraints every order is as good: deal the shuffled items in turn (the same
    // uniform deal, without the per-item Hall checks).
    let open = (0..N).filter(|&i| sizes[i] > 0).fold(0u8, |m, i| m | 1 << i);
    if items.iter().all(|&(_, m)| m & open == open) {
        let mut next = items.iter();
        for (group, &size) in sizes.iter().enumerate() {
            for _ in 0..size {
                out[group].add(next.next().expect("sizes add up").0);
            }
        }
        return Some(out);
    }
    for &(c, m) in items.iter() {
        by_mask[m as usize] -= 1;
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
        out[i].add(c);
    }
    Some(out)
}

/// Hall's condition: for every set of groups, the items that can only go to those groups fit.
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

    #[test]
    fn copies_with_their_own_masks() {
        // Two copies of AS: one must go to group 1 or 2, the other anywhere.
        let a: Card = "AS".parse().unwrap();
        let k: Card = "KS".parse().unwrap();
        let mut rng = GameRng::from_seed(4);
        for _ in 0..200 {
            let mut items = [(a, 0b110), (a, 0b111), (k, 0b001), (k, 0b111)];
            let out = deal_items(&mut items, &[2, 1, 1], &mut rng).unwrap();
            assert!(out[0].count(k) >= 1, "the KS copy restricted to group 0 is there");
            assert!(out[1].count(a) + out[2].count(a) >= 1);
            assert_eq!(out.iter().map(|c| c.total()).collect::<Vec<_>>(), vec![2, 1, 1]);
        }
    }
}
