//! Three Thirteen melds for the shared solver: sets (three or more of a rank, duplicates
//! allowed) and runs (three or more in one suit, aces low, no wrap), wild cards anywhere, and
//! deadwood counted A 1, 2-10 face value, J Q K 10 (decision TTR-5).

use cards::{Card, Rank, Suit};
use melds::{MeldChoice, MeldRules};

pub const SET: u16 = 1;
pub const RUN: u16 = 2;

/// Deadwood value of a card: A 1, 2-10 face value, J Q K 10.
pub fn deadwood_value(rank: Rank) -> i32 {
    (rank.value() as i32).min(10)
}

/// The melds of a Three Thirteen round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtMelds {
    /// What one unmelded wild card costs (only possible when the hand has no meld at all).
    pub wild_value: i32,
}

impl MeldRules for TtMelds {
    fn melds_with(&self, card: Card, free: &[u8; 64], wilds: u8, out: &mut Vec<MeldChoice>) {
        let rank = card.rank().expect("no jokers in Three Thirteen");
        let suit = card.suit_unchecked();
        let free_count = |r: Rank, s: Suit| free[Card::new(r, s).id() as usize];

        // Sets: this card plus any choice of the other free copies of its rank.
        let mut per_suit = [0u8; 4];
        for s in Suit::ALL {
            per_suit[s.index()] = free_count(rank, s) - (s == suit) as u8;
        }
        let mut pick = [0u8; 4];
        loop {
            let size = 1 + pick.iter().sum::<u8>();
            let need = 3u8.saturating_sub(size);
            if need <= wilds {
                let mut naturals = [card; 16];
                let mut len = 1;
                for s in Suit::ALL {
                    for _ in 0..pick[s.index()] {
                        naturals[len] = Card::new(rank, s);
                        len += 1;
                    }
                }
                out.push(MeldChoice::new(SET, &naturals[..len.min(melds::MAX_MELD)], need, 0));
            }
            // Next combination of copies per suit.
            let mut i = 0;
            while i < 4 && pick[i] == per_suit[i] {
                pick[i] = 0;
                i += 1;
            }
            if i == 4 {
                break;
            }
            pick[i] += 1;
        }

        // Runs starting at this card (it is the lowest free card, so no free card of its suit is
        // lower): up to each free natural above it, wilds filling the gaps and, if short, the
        // length up to three (upwards while possible, else downwards).
        let r0 = rank.value();
        let mut naturals = [card; 13];
        let mut len = 1;
        for top in r0..=13 {
            if top > r0 {
                let here = Rank::from_value(top).expect("1..=13");
                if free_count(here, suit) == 0 {
                    continue;
                }
                naturals[len] = Card::new(here, suit);
                len += 1;
            }
            let span = (top - r0 + 1) as usize;
            let gaps = span - len;
            let short = 3usize.saturating_sub(span);
            // Extending upwards needs room above `top`, downwards room below `r0`.
            let room = (13 - top) as usize + (r0 - 1) as usize;
            if short > room {
                continue;
            }
            let need = (gaps + short) as u8;
            if need <= wilds {
                out.push(MeldChoice::new(RUN, &naturals[..len], need, 0));
            }
        }
    }

    fn leave_out(&self, card: Card) -> Option<i32> {
        Some(-deadwood_value(card.rank().expect("no jokers")))
    }

    fn leftover_wilds(&self, wilds: u8, any_meld: bool) -> Option<i32> {
        // Spare wilds join any meld, or make one of their own when there are three.
        Some(if wilds == 0 || any_meld || wilds >= 3 {
            0
        } else {
            -(wilds as i32) * self.wild_value
        })
    }
}
