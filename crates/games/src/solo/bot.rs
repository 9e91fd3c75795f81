//! A rule-based Solo player: bids and announces the game whose expected score (a fit on
//! played-out deals) is best, while it is above nothing; calls an ace, pulls
//! trumps as declarer, and wins tricks as cheaply as it can, helping a known partner.

use super::scoring::{strength, suit_of, SoloGame, QUEEN_OF_CLUBS, QUEEN_OF_SPADES};
use super::state::{SoloAction, SoloDeal, SoloView, Step};
use cards::{Card, CardSet, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Solo rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl Bot<SoloDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, SoloDeal>, _rng: &mut GameRng) -> SoloAction {
        let view = decision.view();
        let legal = decision.legal;
        let carries = |g: SoloGame| best_from(&view, g).is_some_and(|(_, _, v)| v > 0.0);
        match view.step {
            Step::Auction => {
                let choice = legal.iter().copied().find(|a| match a {
                    SoloAction::Ask => carries(SoloGame::Simple),
                    SoloAction::AskGame(g) => carries(*g),
                    SoloAction::Yes => asked(&view).is_some_and(carries),
                    _ => false,
                });
                // Otherwise pass, unless passing is not allowed (both black queens).
                choice
                    .or_else(|| legal.iter().copied().find(|a| *a == SoloAction::Pass))
                    .unwrap_or(legal[0])
            }
            Step::Announce => {
                // The game and trump open to us whose estimate is best.
                *legal
                    .iter()
                    .max_by(|a, b| {
                        let value = |a: &SoloAction| match a {
                            SoloAction::Announce(g, t) => game_estimate(&view, *g, *t),
                            _ => f64::MIN,
                        };
                        value(a).total_cmp(&value(b)).then(a.cmp(b))
                    })
                    .expect("an announcement is legal")
            }
            Step::Call => *legal.first().expect("an ace to call"),
            _ => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        SoloAction::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                SoloAction::Play(play(&view, cards))
            }
        }
    }
}

fn trumps(hand: CardSet, trump: Suit) -> CardSet {
    hand.iter().filter(|&c| suit_of(c, trump) == trump).collect()
}

/// The game asked of us, while we answer as holder.
fn asked(view: &SoloView) -> Option<SoloGame> {
    view.auction
        .last()
        .and_then(|e| e.said.strip_prefix("ask ").and_then(|g| g.parse().ok()))
}

/// How many numbers describe a hand for the game estimate ([`game_features`]).
pub const GAME_FEATURES: usize = 7;

/// What the rule bot weighs when it thinks of declaring with `trump`: 1 (the constant), its
/// trumps (the black queens among them), its top trumps (queen of clubs, seven, queen of
/// spades, ace), side aces, side kings, side suits it is void in, and whether it is eldest.
pub fn game_features(hand: CardSet, trump: Suit, eldest: bool) -> [f64; GAME_FEATURES] {
    let ts = trumps(hand, trump);
    let top = [
        QUEEN_OF_CLUBS,
        Card::new(Rank::Seven, trump),
        QUEEN_OF_SPADES,
        Card::new(Rank::Ace, trump),
    ]
    .iter()
    .filter(|&&c| ts.contains(c))
    .count();
    let side = |r: Rank| {
        Suit::ALL
            .iter()
            .filter(|&&s| s != trump && (hand - ts).contains(Card::new(r, s)))
            .count() as f64
    };
    let voids = Suit::ALL
        .iter()
        .filter(|&&s| s != trump && (hand - ts).of_suit(s).is_empty())
        .count();
    [
        1.0,
        f64::from(ts.len()),
        top as f64,
        side(Rank::Ace),
        side(Rank::King),
        voids as f64,
        f64::from(u8::from(eldest)),
    ]
}

/// Weights of [`game_features`] for each kind of game (simple with a partner, solo, tout):
/// the declarer's score in units of the game's value, fitted by least squares on 20,000 deals
/// played out by the rule bot with each seat in turn declaring every game and trump open to
/// it, each kind on the hands near its decision (at least 3, 5 and 6 trumps; refit with
/// `cargo run --release -p games --example bid_calibration -- solo 20000`).
const GAME_WEIGHTS: [[f64; GAME_FEATURES]; 3] = [
    [-1.6039, 0.3676, 0.1974, 0.2928, 0.0904, -0.0055, -0.0133],
    [-4.6372, 0.5985, 0.4773, 0.6746, 0.1721, 0.0936, 0.1261],
    [-1.8511, 0.0679, 0.0712, 0.2736, 0.0270, 0.1953, 0.0252],
];

/// [`game_features`] for the seat whose view this is.
pub fn game_features_of(view: &SoloView, trump: Suit) -> [f64; GAME_FEATURES] {
    // The first to speak is eldest.
    let eldest = view.auction.first().is_none_or(|e| e.seat == view.seat);
    game_features(view.hand, trump, eldest)
}

/// Which row of the weights a game uses.
pub fn game_kind(game: SoloGame) -> usize {
    match game {
        SoloGame::Simple | SoloGame::SimpleColour => 0,
        SoloGame::Solo | SoloGame::SoloColour => 1,
        SoloGame::Tout | SoloGame::ToutColour => 2,
    }
}

/// The declarer's expected score declaring `game` with `trump`.
pub fn game_estimate(view: &SoloView, game: SoloGame, trump: Suit) -> f64 {
    let f = game_features_of(view, trump);
    let units: f64 = f.iter().zip(GAME_WEIGHTS[game_kind(game)]).map(|(x, w)| x * w).sum();
    units * game.value() as f64
}

/// The best game at `lowest` or above that we could announce (its trump in or out of the
/// colour as the game says; a simple game needs a side ace we do not hold to call) and its
/// estimate.
fn best_from(view: &SoloView, lowest: SoloGame) -> Option<(SoloGame, Suit, f64)> {
    SoloGame::ALL
        .into_iter()
        .filter(|&g| g >= lowest)
        .flat_map(|g| {
            Suit::ALL
                .into_iter()
                .filter(move |&t| (t == view.colour) == g.in_colour())
                .map(move |t| (g, t))
        })
        .filter(|&(g, t)| {
            !g.with_partner()
                || Suit::ALL
                    .iter()
                    .any(|&s| s != t && !view.hand.contains(Card::new(Rank::Ace, s)))
        })
        .map(|(g, t)| (g, t, game_estimate(view, g, t)))
        .max_by(|a, b| a.2.total_cmp(&b.2))
}

fn play(view: &SoloView, legal: CardSet) -> Card {
    let trump = view.trump.expect("trump is set in play");
    let key = |c: Card, led: Suit| {
        let s = suit_of(c, trump);
        ((s == trump) as u8 * 2 + (s == led) as u8, strength(c, trump))
    };
    let declaring = view.declarer == Some(view.seat) || view.partner == Some(view.seat);
    let low = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (suit_of(c, trump) == trump, strength(c, trump)))
            .expect("non-empty")
    };
    let Some(&first) = view.trick.first() else {
        let ts = trumps(legal, trump);
        if declaring && !ts.is_empty() {
            return ts.iter().max_by_key(|&c| strength(c, trump)).expect("a trump");
        }
        let aces: CardSet = (legal - ts).iter().filter(|c| c.rank() == Some(Rank::Ace)).collect();
        return aces.first().unwrap_or_else(|| low(legal));
    };
    let led = suit_of(first, trump);
    let (best_i, best) = view
        .trick
        .iter()
        .enumerate()
        .max_by_key(|(_, &c)| key(c, led))
        .map(|(i, &c)| (i, c))
        .expect("a card is down");
    let winner_seat = (view.trick_leader + best_i) % 4;
    let friend_winning = match (view.declarer, view.partner) {
        (Some(d), Some(p)) => {
            let mine = view.seat == d || view.seat == p;
            mine == (winner_seat == d || winner_seat == p)
        }
        (Some(d), None) => (view.seat == d) == (winner_seat == d) && view.seat != d,
        _ => false,
    };
    if friend_winning {
        return low(legal);
    }
    let winners: CardSet = legal.iter().filter(|&c| key(c, led) > key(best, led)).collect();
    if winners.is_empty() {
        return low(legal);
    }
    if view.trick.len() == 3 {
        winners.iter().min_by_key(|&c| key(c, led)).expect("non-empty")
    } else {
        winners.iter().max_by_key(|&c| key(c, led)).expect("non-empty")
    }
}
