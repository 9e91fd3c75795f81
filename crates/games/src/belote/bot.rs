//! A rule-based Belote player: takes with a strong trump holding, always declares, draws trumps
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

/// How good `suit` would be as trump for a hand that will also hold the upcard.
fn trump_value(hand: CardSet, suit: Suit) -> i32 {
    let mut value = 0;
    for c in hand {
        let r = c.rank().expect("no jokers");
        value += if c.suit() == Some(suit) {
            match r {
                Rank::Jack => 30,
                Rank::Nine => 20,
                Rank::Ace => 12,
                Rank::Ten => 10,
                Rank::King | Rank::Queen => 6,
                _ => 4,
            }
        } else {
            match r {
                Rank::Ace => 10,
                Rank::Ten => 3,
                _ => 0,
            }
        };
    }
    value
}

fn bid(view: &BeloteView, legal: &[BeloteAction]) -> BeloteAction {
    let with_upcard = view.hand | CardSet::single(view.upcard);
    let best = legal
        .iter()
        .filter_map(|a| match a {
            BeloteAction::Take(s) => Some((*s, trump_value(with_upcard, *s), with_upcard.of_suit(*s).len())),
            _ => None,
        })
        .max_by_key(|&(s, v, _)| (v, s));
    match best {
        Some((s, value, count)) if (count >= 3 && value >= 50) || value >= 65 => BeloteAction::Take(s),
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
