//! A rule-based Solo player: bids as high as its trump holding supports, calls an ace, pulls
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
        let (best_trump, ceiling) = ceiling(&view);
        let carries = |g: SoloGame| ceiling.is_some_and(|c| g <= c);
        match view.step {
            Step::Auction => {
                let choice = legal.iter().copied().find(|a| match a {
                    SoloAction::Ask => ceiling.is_some(),
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
                // The lowest game allowed, with our best trump if it is offered.
                let lowest = legal
                    .iter()
                    .filter_map(|a| match a {
                        SoloAction::Announce(g, _) => Some(*g),
                        _ => None,
                    })
                    .min()
                    .expect("an announcement is legal");
                legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, SoloAction::Announce(g, _) if *g == lowest))
                    .max_by_key(|a| match a {
                        SoloAction::Announce(_, t) => {
                            trump_count(view.hand, *t) as i32 * 10 + (*t == best_trump) as i32
                        }
                        _ => 0,
                    })
                    .expect("an announcement of the lowest game")
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

fn trump_count(hand: CardSet, trump: Suit) -> u32 {
    trumps(hand, trump).len()
}

/// The game asked of us, while we answer as holder.
fn asked(view: &SoloView) -> Option<SoloGame> {
    view.auction
        .last()
        .and_then(|e| e.said.strip_prefix("ask ").and_then(|g| g.parse().ok()))
}

/// Our best trump and the highest game we would play with it (`None`: we would not play).
fn ceiling(view: &SoloView) -> (Suit, Option<SoloGame>) {
    let hand = view.hand;
    let score = |t: Suit| {
        let ts = trumps(hand, t);
        let top = [
            QUEEN_OF_CLUBS,
            Card::new(Rank::Seven, t),
            QUEEN_OF_SPADES,
            Card::new(Rank::Ace, t),
        ]
        .iter()
        .filter(|&&c| ts.contains(c))
        .count() as u32;
        let aces = Suit::ALL
            .iter()
            .filter(|&&s| s != t && hand.contains(Card::new(Rank::Ace, s)))
            .count() as u32;
        (ts.len(), top, aces)
    };
    let best = Suit::ALL
        .into_iter()
        .max_by_key(|&t| (score(t), t == view.colour))
        .expect("four suits");
    let (n, top, aces) = score(best);
    let pick = |in_suit: SoloGame, in_colour: SoloGame| Some(if best == view.colour { in_colour } else { in_suit });
    let game = if n >= 7 && top >= 3 {
        pick(SoloGame::Tout, SoloGame::ToutColour)
    } else if n >= 5 && top >= 2 && n + aces >= 6 {
        pick(SoloGame::Solo, SoloGame::SoloColour)
    } else if n >= 3 && top >= 1 {
        pick(SoloGame::Simple, SoloGame::SimpleColour)
    } else {
        None
    };
    (best, game)
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
