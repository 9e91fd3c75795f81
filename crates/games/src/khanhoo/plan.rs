//! Playing to go out (decision KHA-3): the discard plan both Khanhoo bots follow at four players.
//!
//! With four players the whole pack is dealt and the only card a player can get is the one the
//! previous player just discarded, so a hand goes out only if its owner keeps working towards a
//! complete arrangement; keeping the cards worth the most now (what the bots do with a stock)
//! leaves hands full of loose cards that never meld, and the hand ends in a stalemate.
//!
//! The plan measures a hand by its **deadwood**: the cards left over by the arrangement that
//! puts the most cards into melds (every meld size counts, and the joker fills a gap). A hand
//! with no deadwood after its discard goes out. Each discard is chosen to leave the least
//! deadwood; among those:
//! - the `medium` bot (the rule bot) throws the card that can still complete the fewest melds
//!   given the cards it has seen (a meld is still possible if each of its other cards is in the
//!   hand or not yet seen), then keeps the hand worth the most;
//! - the `hard` bot (the lookahead bot) counts, for each choice, the unseen cards that would put
//!   one more card into a meld (its **outs**, weighted by their unseen copies), and keeps the
//!   hand with the fewest deadwood less the share of unseen cards that are outs, then the hand
//!   worth the most.
//!
//! Both add a small bonus (0.01 of a card of deadwood) for throwing a card the others have not
//! seen the seat take: with four players a single card goes round the table, and a player who
//! passes on the card just taken leaves every hand as it was. Without it, four-player hands
//! stalled with about six cards of deadwood each and almost none went out.
//!
//! Only the seat's view enters: its hand, the discards, the frozen melds and the cards other
//! seats are known to hold.

use super::melds::KhanhooMelds;
use super::rules::KhanhooConfig;
use super::state::{hand_value, KhanhooView};
use cards::{Card, CardCounts, DeckSpec};
use melds::{MeldChoice, MeldRules};

/// Khanhoo's melds scored by the cards they hold (64 a card, then the meld's value), so the
/// best partition is the one that leaves the fewest cards out.
struct Coverage(KhanhooMelds);

const PER_CARD: i32 = 64;

impl MeldRules for Coverage {
    fn melds_with(&self, card: Card, free: &[u8; 64], wilds: u8, out: &mut Vec<MeldChoice>) {
        let from = out.len();
        self.0.melds_with(card, free, wilds, out);
        for m in &mut out[from..] {
            m.value += PER_CARD * (m.natural_count + m.wilds) as i32;
        }
    }

    fn leave_out(&self, _card: Card) -> Option<i32> {
        Some(0)
    }

    fn leftover_wilds(&self, _wilds: u8, _any_meld: bool) -> Option<i32> {
        Some(0)
    }
}

/// How many cards of `hand` (not frozen) are left out of melds by the arrangement that melds
/// the most of them.
pub fn deadwood(cfg: &KhanhooConfig, hand: &CardCounts) -> u32 {
    let rules = Coverage(KhanhooMelds {
        aces_exactly_three: cfg.aces_exactly_three,
        aces_can_form_triplet: cfg.aces_can_form_triplet,
        // Every meld size: a complete arrangement may need a long sequence.
        complete: true,
    });
    let jokers = hand.count(Card::JOKER);
    let naturals: Vec<Card> = hand.to_vec().into_iter().filter(|c| !c.is_joker()).collect();
    let p =
        melds::with_thread_solver(|s| s.solve(&rules, &naturals, jokers)).expect("a partial partition always exists");
    hand.total() - (p.score / PER_CARD) as u32
}

/// The cards that may still come to the seat, weighted: every copy in another player's hand
/// (the pack less the seat's hand, the discards and every frozen meld), and each copy another
/// player is known to hold counted twice. With four players a player must take the previous
/// discard, wanted or not, so a card known to be in a hand is usually one its holder will pass
/// on; unknown copies are as likely to be wanted by their holders as not.
pub fn unseen_cards(view: &KhanhooView) -> CardCounts {
    let mut pool = DeckSpec::Khanhoo61.counts();
    let frozen = view.frozen.iter().flatten().flat_map(|m| m.cards.iter());
    for &c in view.hand.iter().chain(&view.discards).chain(frozen) {
        pool.remove(c);
    }
    let known = (view.known.iter().enumerate())
        .filter(|&(s, _)| s != view.seat)
        .flat_map(|(_, k)| k.iter());
    for &c in known {
        pool.add(c);
    }
    pool
}

/// The cards of the seat's hand the others know it holds (taken from the discards).
pub fn shown(view: &KhanhooView) -> CardCounts {
    view.known[view.seat].iter().copied().collect()
}

/// How many three-card melds holding `card` could still be completed: each other card of the
/// meld is in `hand` or has an unseen copy (the joker counts for any card).
pub fn live_melds(cfg: &KhanhooConfig, card: Card, hand: &CardCounts, unseen: &CardCounts) -> u32 {
    let rules = KhanhooMelds {
        aces_exactly_three: cfg.aces_exactly_three,
        aces_can_form_triplet: cfg.aces_can_form_triplet,
        complete: false,
    };
    let wild = hand.count(Card::JOKER) + unseen.count(Card::JOKER) > 0;
    let mut live = 0;
    rules.templates(card, false, |_, cards, _| {
        let mut skipped = false;
        let mut missing = 0;
        let mut need = CardCounts::new();
        for &x in cards {
            if x == card && !skipped {
                skipped = true;
                continue;
            }
            need.add(x);
        }
        for (x, k) in need.iter() {
            missing += k.saturating_sub(hand.count(x) + unseen.count(x));
        }
        if missing == 0 || (missing == 1 && wild) {
            live += 1;
        }
    });
    live
}

/// The share of unseen cards (by copies) that would meld one more card of `hand`, whose
/// deadwood is `dead`.
pub fn outs(cfg: &KhanhooConfig, hand: &CardCounts, dead: u32, unseen: &CardCounts) -> f64 {
    let (mut hits, mut total) = (0u32, 0u32);
    for (x, k) in unseen.iter() {
        total += k as u32;
        let mut bigger = hand.clone();
        bigger.add(x);
        // One more card, so the same deadwood means the new card melds something more.
        if deadwood(cfg, &bigger) <= dead {
            hits += k as u32;
        }
    }
    hits as f64 / total.max(1) as f64
}

/// The discard the plan chooses from `hand` (sixteen cards less any frozen) among `throws`;
/// `exact_outs` selects the `hard` tie-break (counted outs) over the `medium` one (live melds).
pub fn plan_discard(
    cfg: &KhanhooConfig,
    hand: &CardCounts,
    throws: impl Iterator<Item = Card>,
    unseen: &CardCounts,
    shown: &CardCounts,
    exact_outs: bool,
) -> Card {
    let mut options: Vec<(Card, CardCounts, u32)> = throws
        .map(|c| {
            let mut rest = hand.clone();
            rest.remove(c);
            let dead = deadwood(cfg, &rest);
            (c, rest, dead)
        })
        .collect();
    let least = options.iter().map(|o| o.2).min().expect("a card to throw");
    // Within one card of the least deadwood: a hand with many outs may beat one with none.
    options.retain(|o| o.2 <= least + exact_outs as u32);
    let mut best: Option<(f64, i64, bool, Card)> = None;
    for (c, rest, dead) in options {
        let value = hand_value(cfg, &rest, false).unwrap_or(0);
        // A card the others have seen us take goes round again only if nothing else will do:
        // with four players a single card circulates, and passing it on unchanged stalls the
        // table.
        let fresh = if shown.count(c) < hand.count(c) { 0.01 } else { 0.0 };
        let plan = if exact_outs {
            -(dead as f64) + outs(cfg, &rest, dead, unseen) + fresh
        } else {
            -(dead as f64) + fresh - live_melds(cfg, c, &rest, unseen) as f64 / 1000.0
        };
        // Ties keep the joker.
        let key = (plan, value, !c.is_joker(), c);
        let better = match &best {
            None => true,
            Some(b) => key.0 > b.0 || (key.0 == b.0 && (key.1, key.2) > (b.1, b.2)),
        };
        if better {
            best = Some(key);
        }
    }
    best.expect("a card to throw").3
}
