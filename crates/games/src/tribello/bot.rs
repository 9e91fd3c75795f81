//! A rule-based Tribello player: in the first three phases it keeps trumps and high cards and
//! wins tricks cheaply; in the last phase it sheds high cards and ducks.

use super::scoring::Phase;
use super::state::{Step, TribelloAction, TribelloDeal, TribelloView};
use crate::trick::ace_high;
use cards::{Card, CardSet, GameRng, Suit};
use engine::{Bot, Decision};

/// The Tribello rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl Bot<TribelloDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, TribelloDeal>, _rng: &mut GameRng) -> TribelloAction {
        let view = decision.view();
        let legal = decision.legal;
        match view.step {
            Step::NameTrump => TribelloAction::NameTrump(best_trump(view.hand)),
            Step::Exchange => exchange(&view, legal),
            _ => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        TribelloAction::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                TribelloAction::Play(play(&view, cards))
            }
        }
    }
}

/// The suit with the most cards, high cards counting extra.
fn best_trump(hand: CardSet) -> Suit {
    let weight = |s: Suit| hand.of_suit(s).iter().map(|c| 10 + ace_high(c) as u32).sum::<u32>();
    Suit::ALL
        .into_iter()
        .max_by_key(|&s| (weight(s), s))
        .expect("four suits")
}

fn exchange(view: &TribelloView, legal: &[TribelloAction]) -> TribelloAction {
    let avoid = view.phase == Phase::Reversed;
    let weak = |c: Card| {
        if avoid {
            ace_high(c) >= 10
        } else {
            Some(c.suit_unchecked()) != view.trump && ace_high(c) <= 9
        }
    };
    let can_discard = legal.iter().any(|a| matches!(a, TribelloAction::Discard(_)));
    let candidates: Vec<Card> = view.hand.iter().filter(|&c| weak(c)).collect();
    match candidates.iter().max_by_key(|&&c| {
        if avoid {
            ace_high(c) as i32
        } else {
            -(ace_high(c) as i32)
        }
    }) {
        Some(&c) if can_discard => TribelloAction::Discard(c),
        _ => TribelloAction::Keep,
    }
}

fn strength(c: Card, led: Option<Suit>, trump: Option<Suit>) -> (u8, u8) {
    let s = c.suit();
    let class = if trump.is_some() && s == trump {
        2
    } else if s == led {
        1
    } else {
        0
    };
    (class, ace_high(c))
}

fn play(view: &TribelloView, legal: CardSet) -> Card {
    let want = view.phase != Phase::Reversed;
    let trump = view.trump;
    let low = |set: CardSet| set.iter().min_by_key(|&c| strength(c, None, trump)).expect("non-empty");
    let high = |set: CardSet| set.iter().max_by_key(|&c| strength(c, None, trump)).expect("non-empty");
    let Some(&first) = view.trick.first() else {
        if !want {
            return low(legal);
        }
        // Lead an ace or king of a plain suit to cash it; otherwise lead low.
        let plain = legal - trump.map_or(CardSet::EMPTY, CardSet::suit);
        return match plain.iter().max_by_key(|&c| ace_high(c)) {
            Some(top) if ace_high(top) >= 13 => top,
            Some(_) => low(legal),
            None => high(legal),
        };
    };
    let led = first.suit();
    let best = view
        .trick
        .iter()
        .map(|&c| strength(c, led, trump))
        .max()
        .expect("a card is down");
    let winners: CardSet = legal.iter().filter(|&c| strength(c, led, trump) > best).collect();
    let losers = legal - winners;
    let last = view.trick.len() == 2;
    let by = |set: CardSet, hi: bool| {
        let key = |c: Card| strength(c, led, trump);
        if hi {
            set.iter().max_by_key(|&c| key(c))
        } else {
            set.iter().min_by_key(|&c| key(c))
        }
        .expect("non-empty")
    };
    if want {
        match (winners.is_empty(), last) {
            (false, true) => by(winners, false),
            (false, false) => by(winners, true),
            (true, _) => by(losers, false),
        }
    } else if !losers.is_empty() {
        by(losers, true)
    } else {
        by(winners, true)
    }
}
