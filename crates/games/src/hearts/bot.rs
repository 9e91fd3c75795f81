//! A rule-based Hearts player: passes danger, ducks under the winning card, drops the queen of
//! spades under a higher spade, dumps the queen and high hearts when void, and leads low, fishing
//! for the queen with small spades.

use super::state::{HeartsAction, HeartsDeal, HeartsView, Phase, QUEEN_OF_SPADES};
use crate::trick::ace_high;
use cards::{Card, CardSet, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Hearts rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Debug, Default)]
pub struct RuleBot;

impl Bot<HeartsDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, HeartsDeal>, _rng: &mut GameRng) -> HeartsAction {
        let view = decision.view();
        if view.phase == Phase::MoonChoice {
            return moon_choice(&view, decision.totals);
        }
        let legal: CardSet = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                HeartsAction::Card(c) => Some(*c),
                _ => None,
            })
            .collect();
        let card = match view.phase {
            Phase::Passing => pick_pass(&view, legal),
            _ => pick_play(&view, legal),
        };
        HeartsAction::Card(card)
    }
}

const ACE_OF_SPADES: Card = Card::new(Rank::Ace, Suit::Spades);
const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);

fn best_by(cards: CardSet, key: impl Fn(Card) -> i32) -> Card {
    cards.iter().max_by_key(|&c| (key(c), c)).expect("a legal card exists")
}

/// How much a card hurts to keep: high cards, the queen and her guards, and cards in short
/// suits (to make a void); the Omnibus bonus card is kept.
fn pass_danger(view: &HeartsView, c: Card) -> i32 {
    let all = view.hand | view.pass_chosen;
    let suit = c.suit_unchecked();
    let length = all.of_suit(suit).len() as i32;
    let mut d = ace_high(c) as i32;
    if view.bonus_card == Some(c) {
        return -100;
    }
    match suit {
        Suit::Spades => {
            let guarded = length >= 5;
            if c == QUEEN_OF_SPADES && !guarded {
                d += 60;
            } else if (c == ACE_OF_SPADES || c == KING_OF_SPADES) && !guarded {
                d += 40;
            } else if ace_high(c) < 12 {
                d -= 6; // low spades protect against the queen
            }
        }
        Suit::Hearts => d += 4,
        _ if length <= 2 => d += 6,
        _ => {}
    }
    d
}

fn pick_pass(view: &HeartsView, legal: CardSet) -> Card {
    best_by(legal, |c| pass_danger(view, c))
}

fn played_cards(view: &HeartsView) -> CardSet {
    let mut p = view.won.iter().fold(CardSet::EMPTY, |a, &w| a | w);
    p |= view.trick.cards.iter().copied().collect();
    p
}

fn pick_play(view: &HeartsView, legal: CardSet) -> Card {
    let played = played_cards(view);
    let queen_out = !played.contains(QUEEN_OF_SPADES);
    let trick = &view.trick.cards;
    let Some(&lead) = trick.first() else {
        return pick_lead(view, legal, queen_out);
    };
    let led = lead.suit_unchecked();
    let winning = trick
        .iter()
        .filter(|c| c.suit() == Some(led))
        .map(|&c| ace_high(c))
        .max()
        .unwrap_or(0);
    let bonus = view.bonus_card;
    let trick_set: CardSet = trick.iter().copied().collect();
    let points_in_trick = !(trick_set & (CardSet::suit(Suit::Hearts) | CardSet::single(QUEEN_OF_SPADES))).is_empty();
    let last = trick.len() == 3;

    if legal.has_suit(led) {
        let under = legal.iter().filter(|&c| ace_high(c) < winning).collect::<CardSet>();
        let no_queen = legal - CardSet::single(QUEEN_OF_SPADES);
        let bonus_in_trick = bonus.is_some_and(|b| trick_set.contains(b));
        if led == Suit::Spades && legal.contains(QUEEN_OF_SPADES) && winning > ace_high(QUEEN_OF_SPADES) {
            // The ace or king of spades is winning: drop the queen under it, last to play too.
            return QUEEN_OF_SPADES;
        }
        if last && (!points_in_trick || bonus_in_trick) && !no_queen.is_empty() {
            // Safe to win: take it with the highest card, shedding a dangerous one.
            return best_by(no_queen, |c| ace_high(c) as i32);
        }
        if !under.is_empty() {
            return best_by(under, |c| ace_high(c) as i32);
        }
        // We will probably win: win high but never with the queen if another card will do.
        let pool = if no_queen.is_empty() { legal } else { no_queen };
        return if led == Suit::Spades && queen_out && !last {
            best_by(pool, |c| -(ace_high(c) as i32))
        } else {
            best_by(pool, |c| ace_high(c) as i32)
        };
    }
    // Void: discard the most dangerous card, keeping the bonus card.
    best_by(legal, |c| {
        if Some(c) == bonus {
            return -100;
        }
        let mut d = ace_high(c) as i32;
        if c == QUEEN_OF_SPADES {
            d += 100;
        } else if queen_out && (c == ACE_OF_SPADES || c == KING_OF_SPADES) && !view.hand.contains(QUEEN_OF_SPADES) {
            d += 50;
        } else if c.suit() == Some(Suit::Hearts) {
            d += 20;
        }
        d
    })
}

fn pick_lead(view: &HeartsView, legal: CardSet, queen_out: bool) -> Card {
    let hold_queen = view.hand.contains(QUEEN_OF_SPADES);
    best_by(legal, |c| {
        let rank = ace_high(c) as i32;
        let mut cost = rank;
        match c.suit_unchecked() {
            Suit::Spades if queen_out && rank >= 12 => cost += 30,
            Suit::Spades if queen_out && !hold_queen => cost -= 6, // smoke out the queen
            Suit::Hearts => cost += 3,
            _ => {}
        }
        if Some(c) == view.bonus_card {
            cost += 20;
        }
        -cost
    })
}

/// Add to the others when that leaves us alone in the lead; otherwise take the -26 ourselves.
fn moon_choice(view: &HeartsView, totals: &[i64]) -> HeartsAction {
    let me = view.seat;
    let others_min = (0..4)
        .filter(|&s| s != me)
        .map(|s| totals.get(s).copied().unwrap_or(0) + 26)
        .min()
        .unwrap_or(0);
    if totals.get(me).copied().unwrap_or(0) < others_min {
        HeartsAction::MoonAdd
    } else {
        HeartsAction::MoonSubtract
    }
}
