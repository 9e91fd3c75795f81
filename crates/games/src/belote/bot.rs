//! A rule-based Belote player: takes when the estimate of the contract (fitted on played-out
//! deals) says its team comes out ahead, always declares, draws trumps
//! as taker with the master trump, cashes aces, feeds points to a winning partner and wins
//! opponents' tricks as cheaply as it can.

use super::scoring::{card_points, strength};
use super::state::{BeloteAction, BeloteDeal, BeloteView, Step};
use cards::{Card, CardSet, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Belote rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl Bot<BeloteDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, BeloteDeal>, _rng: &mut GameRng) -> BeloteAction {
        let view = decision.view();
        let legal = decision.legal;
        match view.step {
            Step::FirstRound | Step::SecondRound => bid(&view, legal),
            Step::Declaring => {
                if legal.contains(&BeloteAction::Declare) {
                    BeloteAction::Declare
                } else {
                    BeloteAction::Skip
                }
            }
            _ => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        BeloteAction::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                BeloteAction::Play(play(&view, cards))
            }
        }
    }
}

/// How many numbers describe a hand for the take estimate ([`take_features`]).
pub const TAKE_FEATURES: usize = 13;

/// What the rule bot weighs when it thinks of taking `trump`: the hand it would hold with the
/// upcard (`hand`: five cards and the upcard), whether it is eldest (it will lead the first
/// trick) and whether this is the second round. In order: 1 (the constant), the trump jack,
/// nine, ace and ten (each 0 or 1), trump kings and queens, trump eights and sevens, side aces,
/// side tens, side kings, side suits it is void in, eldest, second round.
pub fn take_features(hand: CardSet, trump: Suit, eldest: bool, second_round: bool) -> [f64; TAKE_FEATURES] {
    let has = |r: Rank| f64::from(u8::from(hand.contains(Card::new(r, trump))));
    let side = |r: Rank| {
        Suit::ALL
            .iter()
            .filter(|&&s| s != trump && hand.contains(Card::new(r, s)))
            .count() as f64
    };
    let voids = Suit::ALL
        .iter()
        .filter(|&&s| s != trump && hand.of_suit(s).is_empty())
        .count() as f64;
    [
        1.0,
        has(Rank::Jack),
        has(Rank::Nine),
        has(Rank::Ace),
        has(Rank::Ten),
        has(Rank::King) + has(Rank::Queen),
        has(Rank::Eight) + has(Rank::Seven),
        side(Rank::Ace),
        side(Rank::Ten),
        side(Rank::King),
        voids,
        f64::from(u8::from(eldest)),
        f64::from(u8::from(second_round)),
    ]
}

/// Weights of [`take_features`]: the taker's team's score less the defenders' when the rule
/// bot takes and every seat plays the deal out as the rule bot, fitted by least squares on
/// 4,000 deals (every take open to every seat in both rounds, each played out; refit with
/// `cargo run --release -p games --example bid_calibration -- belote`).
const TAKE_WEIGHTS: [f64; TAKE_FEATURES] = [
    -142.70, 78.16, 52.43, 29.80, 29.60, 31.92, 11.31, 24.43, 8.39, 1.73, 12.43, -2.34, 0.14,
];

/// [`take_features`] for the seat whose view this is, in the auction.
pub fn take_features_of(view: &BeloteView, trump: Suit) -> [f64; TAKE_FEATURES] {
    let hand = view.hand | CardSet::single(view.upcard);
    // The first to speak is eldest, who leads the first trick.
    let eldest = view.bids.first().is_none_or(|b| b.seat == view.seat);
    take_features(hand, trump, eldest, view.step == Step::SecondRound)
}

/// The expected score of the taker's team less the defenders' if this seat takes `trump`.
pub fn take_estimate(view: &BeloteView, trump: Suit) -> f64 {
    let f = take_features_of(view, trump);
    f.iter().zip(TAKE_WEIGHTS).map(|(x, w)| x * w).sum()
}

/// How much the taker's team must expect to come out ahead before the bot takes.
const TAKE_MARGIN: f64 = 0.0;

/// Takes the trump whose estimate is best if it clears the margin; passes otherwise.
fn bid(view: &BeloteView, legal: &[BeloteAction]) -> BeloteAction {
    let best = legal
        .iter()
        .filter_map(|a| match a {
            BeloteAction::Take(s) => Some((*s, take_estimate(view, *s))),
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    match best {
        Some((s, value)) if value > TAKE_MARGIN => BeloteAction::Take(s),
        _ => BeloteAction::Pass,
    }
}

/// `a` beats `b` in a trick where `led` was led.
fn beats(a: Card, b: Card, led: Suit, trump: Suit) -> bool {
    let class = |c: Card| {
        if c.suit() == Some(trump) {
            2
        } else if c.suit() == Some(led) {
            1
        } else {
            0
        }
    };
    (class(a), strength(a, trump)) > (class(b), strength(b, trump))
}

/// The highest card of `suit` not yet played (what wins a trick in that suit if nobody trumps).
fn master(suit: Suit, played: CardSet, trump: Suit) -> Option<Card> {
    (CardSet::suit(suit) - played)
        .iter()
        .filter(|c| c.rank().is_some_and(|r| r == Rank::Ace || r >= Rank::Seven))
        .max_by_key(|&c| strength(c, trump))
}

fn play(view: &BeloteView, legal: CardSet) -> Card {
    let trump = view.trump.expect("trump is set in play");
    let played = view.played;
    let cheapest = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (card_points(c, trump), strength(c, trump)))
            .expect("non-empty")
    };
    let Some(&first) = view.trick.first() else {
        let taker_team = view.taker.is_some_and(|t| t % 2 == view.seat % 2);
        if let Some(m) = master(trump, played, trump) {
            let trumps_out = (CardSet::suit(trump) - played - view.hand).len();
            if taker_team && legal.contains(m) && trumps_out > 0 {
                return m;
            }
        }
        let plain = legal - CardSet::suit(trump);
        if let Some(c) = plain
            .iter()
            .find(|&c| master(c.suit_unchecked(), played, trump) == Some(c))
        {
            return c;
        }
        return if plain.is_empty() {
            cheapest(legal)
        } else {
            cheapest(plain)
        };
    };
    let led = first.suit_unchecked();
    let mut best = first;
    let mut best_index = 0;
    for (i, &c) in view.trick.iter().enumerate() {
        if beats(c, best, led, trump) {
            best = c;
            best_index = i;
        }
    }
    let plays_after_me = 3 - view.trick.len();
    // The winner is the seat best_index turns after the leader; partners sit two turns apart.
    let partner_winning = (view.trick.len() - best_index).is_multiple_of(2);
    let safe = plays_after_me == 0
        || master(
            best.suit_unchecked(),
            played | view.trick.iter().copied().collect(),
            trump,
        ) == Some(best)
        || best.suit() == Some(trump);
    if partner_winning && safe {
        // Feed points, keeping the top trumps.
        let keep = CardSet::single(Card::new(Rank::Jack, trump)) | CardSet::single(Card::new(Rank::Nine, trump));
        let pool = if (legal - keep).is_empty() { legal } else { legal - keep };
        return pool
            .iter()
            .max_by_key(|&c| (card_points(c, trump), c))
            .expect("non-empty");
    }
    let winners: CardSet = legal.iter().filter(|&c| beats(c, best, led, trump)).collect();
    if winners.is_empty() || partner_winning {
        return cheapest(legal);
    }
    if plays_after_me == 0 {
        cheapest(winners)
    } else {
        winners
            .iter()
            .max_by_key(|&c| (c.suit() == Some(trump), strength(c, trump)))
            .expect("non-empty")
    }
}
