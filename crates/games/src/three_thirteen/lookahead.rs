//! `hard` for Three Thirteen: the rule bot's greed plus one draw of lookahead
//! ([`crate::lookahead`]).
//!
//! The rule bot throws the card that leaves the least deadwood now. This bot throws the card
//! that leaves the least deadwood *expected after the next draw*, over the cards it has not seen
//! (not in its hand, not in the discard pile, not known to be in another hand), and takes the
//! discard when the hand expected after taking it beats the average of drawing blind. On the
//! final turn after someone went out there is no next draw, so both choices minimise the
//! deadwood now. It goes out whenever it can.
//!
//! The tree search does not help here (random rollouts misplay rummy, and solver-based ones are
//! too slow to run enough of), so this is what `hard` plays (`Game::hard_search` is
//! `HardSearch::GameBot`). It reads only its seat's view.

use super::melds::deadwood_value;
use super::state::{best_partition, Step, TtAction, TtDeal, TtView};
use crate::lookahead::{best_throw, potential, stock_value, take_value, Evaluator, Unseen};
use cards::{Card, CardCounts, DeckSpec, GameRng, Rank};
use engine::{Bot, Decision};

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug)]
pub struct LookaheadBot {
    pub packs: u8,
    /// What an unmelded wild counts; `None`: its face value.
    pub wild_value: Option<i32>,
}

/// Deadwood as worth (its negative), from one round's wild rank.
struct Deadwood {
    wild: Rank,
    wild_value: i32,
}

impl Deadwood {
    fn value(&self, card: Card) -> i32 {
        let rank = card.rank().expect("no jokers in Three Thirteen");
        if rank == self.wild {
            self.wild_value
        } else {
            deadwood_value(rank)
        }
    }

    fn deadwood(&self, hand: &CardCounts) -> i32 {
        -best_partition(hand, self.wild, self.wild_value).score
    }
}

impl Evaluator for Deadwood {
    fn worth(&self, hand: &CardCounts) -> f64 {
        -self.deadwood(hand) as f64
    }

    /// The best partition of the larger hand less its costliest unmelded card: one solve, exact
    /// unless another partition frees a costlier card. Spare wilds are charged only in a hand
    /// with no meld and fewer than three of them (the solver's rule), so only then does throwing
    /// one save its value.
    fn after_draw(&self, hand: &CardCounts, now: f64, card: Card) -> f64 {
        let mut bigger = hand.clone();
        bigger.add(card);
        let p = best_partition(&bigger, self.wild, self.wild_value);
        let mut relief = p.left_out.iter().map(|&c| self.value(c)).max().unwrap_or(0);
        if p.melds.is_empty() && (1..3).contains(&p.wilds_left) {
            relief = relief.max(self.wild_value);
        }
        (-((-p.score - relief).max(0)) as f64).max(now)
    }

    /// Ties throw the costlier card.
    fn keep_rank(&self, card: Card) -> i32 {
        -self.value(card)
    }
}

fn round_of(bot: &LookaheadBot, view: &TtView) -> (Deadwood, Unseen) {
    let wild = Rank::ALL
        .into_iter()
        .find(|r| r.letter() == view.wild)
        .expect("the view names the wild rank");
    // Seen: the hand, the discards, and other seats' known cards.
    let known = (view.known.iter().enumerate())
        .filter(|&(s, _)| s != view.seat)
        .flat_map(|(_, k)| k.iter());
    let seen = view.hand.iter().chain(&view.discards).chain(known);
    let unseen = Unseen::from_pack(DeckSpec::Standard52 { packs: bot.packs }.counts(), seen.copied());
    let eval = Deadwood {
        wild,
        wild_value: bot.wild_value.unwrap_or_else(|| deadwood_value(wild)),
    };
    (eval, unseen)
}

impl Bot<TtDeal> for LookaheadBot {
    fn name(&self) -> &str {
        "lookahead"
    }

    fn choose(&mut self, decision: &Decision<'_, TtDeal>, _rng: &mut GameRng) -> TtAction {
        let legal = decision.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        if let Some(&out) = legal.iter().find(|a| matches!(a, TtAction::Out(_))) {
            return out;
        }
        let view = decision.view();
        let (eval, unseen) = round_of(self, &view);
        let hand: CardCounts = view.hand.iter().copied().collect();
        // After someone went out this is the last turn: only the deadwood now counts.
        let last_turn = view.went_out.is_some();
        match view.step {
            Step::Draw => {
                let top = *view.discards.last().expect("a discard to take");
                let (take, stock) = if last_turn {
                    let now = eval.worth(&hand);
                    (
                        eval.after_draw(&hand, now, top),
                        unseen.mean(|c| eval.after_draw(&hand, now, c)),
                    )
                } else {
                    (
                        take_value(&eval, &unseen, &hand, top),
                        stock_value(&eval, &unseen, &hand, 2),
                    )
                };
                if take > stock {
                    TtAction::Take
                } else {
                    TtAction::Stock
                }
            }
            _ => {
                let throws = hand.iter().map(|(c, _)| c);
                let card = if last_turn {
                    best_throw(&eval, &hand, throws, |h| eval.worth(h)).0
                } else {
                    // Expected deadwood after the next draw first, deadwood now to break ties.
                    best_throw(&eval, &hand, throws, |h| {
                        potential(&eval, &unseen, h) + eval.worth(h) * 1e-6
                    })
                    .0
                };
                TtAction::Discard(card)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::parse_card_list;

    fn counts(t: &str) -> CardCounts {
        parse_card_list(t).unwrap().into_iter().collect()
    }

    /// Round 2 (fours wild, worth 4 unmelded): 7S 8S 9S 2D draws the 4H. The best is to throw
    /// the 2D and keep a complete hand: deadwood 0, not less. A spare wild beside a meld costs
    /// nothing, so throwing it saves nothing (an early version counted 4 saved and rated the
    /// hand at -2).
    #[test]
    fn a_spare_wild_beside_a_meld_saves_nothing_when_thrown() {
        let eval = Deadwood {
            wild: Rank::Four,
            wild_value: 4,
        };
        let hand = counts("7S 8S 9S 2D");
        assert_eq!(eval.worth(&hand), -2.0);
        assert_eq!(eval.after_draw(&hand, -2.0, "4H".parse().unwrap()), 0.0);
        // With no meld, one or two spare wilds are charged: 2D 9C KH draws a 4, which joins
        // nothing; throwing the king leaves 2 + 9 + 4 = 15.
        let hand = counts("2D 9C KH");
        assert_eq!(eval.after_draw(&hand, eval.worth(&hand), "4S".parse().unwrap()), -15.0);
        // Two wilds and any natural make a meld: 2D 9C 5H 4C draws 4S, melds 9C with both
        // wilds and throws the 5H, leaving 2.
        let hand = counts("2D 9C 5H 4C");
        assert_eq!(eval.after_draw(&hand, eval.worth(&hand), "4S".parse().unwrap()), -2.0);
    }
}
