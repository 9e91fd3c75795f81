//! A rule-based Auction Pinochle player: bids while the contract is worth more than passing
//! (its exact meld with widows drawn from the unseen cards, plus card points estimated by a fit
//! on played-out hands), names the trump that melds and plays best, buries unprotected counters, concedes hopeless hands, and plays
//! tricks like its Belote cousin (feed a winning partner, win cheaply, shed low).

use super::meld::meld_points;
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

    fn choose(&mut self, decision: &Decision<'_, PinochleDeal>, rng: &mut GameRng) -> PinochleAction {
        let view = decision.view();
        let legal = decision.legal;
        match view.step {
            Step::Auction => {
                // The lowest bid open (bids only go up) if the contract at it is worth more
                // than passing, judged over widows drawn from the cards it has not seen.
                // (The worth only falls as the bid rises, so the lowest bid open is the one to
                // weigh.)
                let lowest = legal.iter().copied().find(|a| matches!(a, PinochleAction::Bid(_)));
                match lowest {
                    Some(PinochleAction::Bid(b))
                        if bid_value(&widow_values(&view.hand, WIDOWS, rng), b as i64) > 0.0 =>
                    {
                        PinochleAction::Bid(b)
                    }
                    _ => PinochleAction::Pass,
                }
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
                // Concede when the chance of making the bid is under a third: conceding costs
                // one unit to each opponent, failing two (the default prices), so playing on
                // is worth 2p - 4(1 - p) against -2.
                let trump = view.trump.expect("trump is named");
                let meld = view.meld.as_ref().map_or(0, |m| m.points);
                let mut holding = view.hand;
                holding.add_all(&view.buried);
                let p = make_chance(
                    meld as f64 + trick_estimate(&holding, trump),
                    view.high_bid.unwrap_or(0),
                );
                if p < 1.0 / 3.0 {
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

/// How many numbers describe a bidder's holding for the trick estimate ([`trick_features`]).
pub const TRICK_FEATURES: usize = 9;

/// What the rule bot weighs to estimate the card points a bidder takes (buried counters
/// included) with these eighteen cards (hand and widow) and this trump, leading the first
/// trick: 1 (the constant), trumps, trump aces, trump tens, side aces, side tens, side kings,
/// side suits of at most two cards, and the card points held.
pub fn trick_features(holding: &DoubleSet, trump: Suit) -> [f64; TRICK_FEATURES] {
    let mut f = [0.0; TRICK_FEATURES];
    f[0] = 1.0;
    let mut per_suit = [0u8; 4];
    for c in holding.iter() {
        let suit = c.suit().expect("no jokers");
        per_suit[suit.index()] += 1;
        match (suit == trump, c.rank().expect("no jokers")) {
            (true, Rank::Ace) => f[2] += 1.0,
            (true, Rank::Ten) => f[3] += 1.0,
            (false, Rank::Ace) => f[4] += 1.0,
            (false, Rank::Ten) => f[5] += 1.0,
            (false, Rank::King) => f[6] += 1.0,
            _ => {}
        }
        f[8] += card_points(c, CardCount::Classic) as f64;
    }
    f[1] = f64::from(per_suit[trump.index()]);
    f[7] = Suit::ALL
        .iter()
        .filter(|&&s| s != trump && per_suit[s.index()] <= 2)
        .count() as f64;
    f
}

/// Weights of [`trick_features`], fitted by least squares on the card points (buried counters
/// included) that rule-bot bidders took in 20,000 deals played out with each seat in turn the
/// bidder at the minimum bid, on holdings of at least 100 meld (the hands near the decision;
/// hands won on meld alone, never played, left out). Refit with `cargo run --release -p games
/// --example bid_calibration -- auction-pinochle 20000 100`.
const TRICK_WEIGHTS: [f64; TRICK_FEATURES] = [-8.74, 9.77, 13.00, 9.68, 12.06, 4.44, 1.13, 7.21, 0.18];

/// The residual standard deviation of that fit: how far the points taken stray from the
/// estimate.
const TRICK_SD: f64 = 16.7;

/// The card points a bidder expects to take with `holding` (hand and widow) and `trump`.
pub fn trick_estimate(holding: &DoubleSet, trump: Suit) -> f64 {
    trick_features(holding, trump)
        .iter()
        .zip(TRICK_WEIGHTS)
        .map(|(x, w)| x * w)
        .sum()
}

/// The trump with the best meld plus expected card points, and that value.
fn best_trump(holding: &DoubleSet) -> (Suit, f64) {
    Suit::ALL
        .into_iter()
        .map(|t| (t, meld_points(holding, t, false) as f64 + trick_estimate(holding, t)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .expect("four suits")
}

/// The chance that a contract whose expected meld and points are `expected` makes `bid`.
fn make_chance(expected: f64, bid: i64) -> f64 {
    normal_cdf((expected - bid as f64) / TRICK_SD)
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// How many widows the auction weighs.
const WIDOWS: usize = 12;

/// The expected meld and card points (with its best trump) of `hand` with each of `count`
/// widows drawn from the copies it does not hold.
fn widow_values(hand: &DoubleSet, count: usize, rng: &mut GameRng) -> Vec<f64> {
    let mut unseen: Vec<Card> = Vec::with_capacity(33);
    for s in Suit::ALL {
        for r in [Rank::Nine, Rank::Jack, Rank::Queen, Rank::King, Rank::Ten, Rank::Ace] {
            let c = Card::new(r, s);
            for _ in hand.count(c)..2 {
                unseen.push(c);
            }
        }
    }
    (0..count)
        .map(|_| {
            // A partial shuffle of the first three places.
            let mut holding = *hand;
            for i in 0..3 {
                let j = i + rng.index(unseen.len() - i);
                unseen.swap(i, j);
                holding.insert(unseen[i]);
            }
            best_trump(&holding).1
        })
        .collect()
}

/// What the rule bot expects from winning the auction at `bid` with this fifteen-card hand,
/// in units of the bid (passing is worth 0), over `widows` widows drawn with `rng`.
pub fn contract_value(hand: &DoubleSet, bid: i64, widows: usize, rng: &mut GameRng) -> f64 {
    bid_value(&widow_values(hand, widows, rng), bid)
}

/// The expected result of winning the auction at `bid`, in units of the bid, given the value
/// (meld and expected card points) the hand would have with each of a sample of widows: with
/// each, the bot plays on (worth 2p - 4(1 - p) at the default prices, p the chance of making
/// the bid) or concedes (-2), whichever is better. Passing is worth 0.
fn bid_value(values: &[f64], bid: i64) -> f64 {
    values
        .iter()
        .map(|&v| (6.0 * make_chance(v, bid) - 4.0).max(-2.0))
        .sum::<f64>()
        / values.len() as f64
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
