//! A rule-based Auction Pinochle player: bids up to an estimate of its meld and tricks, names
//! the trump that melds best, buries unprotected counters, concedes hopeless hands, and plays
//! tricks like its Belote cousin (feed a winning partner, win cheaply, shed low).

use super::meld::best_meld;
use super::rules::CardCount;
use super::scoring::card_points;
use super::state::{PinochleAction, PinochleDeal, PinochleView, Step};
use cards::{Card, CardSet, DoubleSet, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Auction Pinochle rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl Bot<PinochleDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, PinochleDeal>, _rng: &mut GameRng) -> PinochleAction {
        let view = decision.view();
        let legal = decision.legal;
        match view.step {
            Step::Auction => {
                let (_, estimate) = best_trump(&view.hand);
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, PinochleAction::Bid(b) if (*b as i64) <= estimate))
                    .unwrap_or(PinochleAction::Pass)
            }
            Step::NameTrump => PinochleAction::Trump(best_trump(&view.hand).0),
            Step::Bury => {
                let trump = view.trump.expect("trump is named");
                // Bury counters from short plain suits, never trumps or aces if avoidable.
                *legal
                    .iter()
                    .max_by_key(|a| match a {
                        PinochleAction::Bury(c) => {
                            let plain = c.suit() != Some(trump) && c.rank() != Some(Rank::Ace);
                            let short = 8 - view.hand.iter().filter(|x| x.suit() == c.suit()).count() as i64;
                            (plain as i64) * 100 + card_points(*c, CardCount::Classic) * 5 + short
                        }
                        _ => i64::MIN,
                    })
                    .expect("a card to bury")
            }
            Step::Concede => {
                let trump = view.trump.expect("trump is named");
                let meld = view.meld.as_ref().map_or(0, |m| m.points);
                if meld + trick_estimate(&view.hand, trump) + 40 < view.high_bid.unwrap_or(0) {
                    PinochleAction::Concede
                } else {
                    PinochleAction::PlayOn
                }
            }
            _ => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        PinochleAction::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                PinochleAction::Play(play(&view, cards))
            }
        }
    }
}

/// Rough trick points a hand takes with this trump: aces, tens behind aces, and trump length.
fn trick_estimate(hand: &DoubleSet, trump: Suit) -> i64 {
    let trumps = hand.iter().filter(|c| c.suit() == Some(trump)).count() as i64;
    let aces = hand.iter().filter(|c| c.rank() == Some(Rank::Ace)).count() as i64;
    20 + 8 * trumps + 12 * aces
}

/// The trump with the best meld plus expected tricks (counting the widow as worth 20).
fn best_trump(hand: &DoubleSet) -> (Suit, i64) {
    Suit::ALL
        .into_iter()
        .map(|t| (t, best_meld(hand, t, false).points + trick_estimate(hand, t) + 20))
        .max_by_key(|&(t, v)| (v, t))
        .expect("four suits")
}

fn strength(c: Card) -> u8 {
    match c.rank().expect("no jokers") {
        Rank::Ace => 6,
        Rank::Ten => 5,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 1,
    }
}

fn play(view: &PinochleView, legal: CardSet) -> Card {
    let trump = view.trump.expect("trump is named");
    let pts = |c: Card| card_points(c, CardCount::Classic);
    let cheapest = |set: CardSet| set.iter().min_by_key(|&c| (pts(c), strength(c))).expect("non-empty");
    let Some(&first) = view.trick.first() else {
        // Lead a plain ace, else a low card.
        let aces: CardSet = legal
            .iter()
            .filter(|c| c.rank() == Some(Rank::Ace) && c.suit() != Some(trump))
            .collect();
        return aces.first().unwrap_or_else(|| cheapest(legal));
    };
    let led = first.suit_unchecked();
    let key = |c: Card| {
        (
            (c.suit() == Some(trump)) as u8 * 2 + (c.suit() == Some(led)) as u8,
            strength(c),
        )
    };
    let mut best_i = 0;
    for (i, &c) in view.trick.iter().enumerate() {
        if key(c) > key(view.trick[best_i]) {
            best_i = i;
        }
    }
    let best = view.trick[best_i];
    let winner_seat = (view.trick_leader + best_i) % 3;
    let bidder = view.bidder.expect("a bidder in play");
    let friend_winning = winner_seat != view.seat && (winner_seat != bidder) == (view.seat != bidder);
    let last = view.trick.len() == 2;
    if friend_winning && (last || best.suit() == Some(trump) || best.rank() == Some(Rank::Ace)) {
        return legal
            .iter()
            .max_by_key(|&c| (pts(c), std::cmp::Reverse(strength(c))))
            .expect("non-empty");
    }
    let winners: CardSet = legal.iter().filter(|&c| key(c) > key(best)).collect();
    if winners.is_empty() || friend_winning {
        return cheapest(legal);
    }
    if last {
        winners.iter().min_by_key(|&c| key(c)).expect("non-empty")
    } else {
        winners.iter().max_by_key(|&c| key(c)).expect("non-empty")
    }
}
