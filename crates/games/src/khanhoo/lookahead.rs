//! `hard` for Khanhoo: the rule bot's claims and challenges, with one draw of lookahead for the
//! draw and the discard ([`crate::lookahead`]).
//!
//! The rule bot keeps the hand worth the most now. This bot keeps the hand worth the most
//! *expected after the next card it gets*, over the cards it has not seen (not in its hand, not
//! in the discards, not frozen on the table, not known to be in another hand), counting the
//! 5-point bonus when the rest would then meld completely; and it takes the discard when the
//! hand expected after taking it beats the average of drawing blind. Bumps, challenges and
//! going out follow the rule bot. With four players it discards by the going-out plan of
//! [`super::plan`], counting outs.
//!
//! The tree search does not help here (random rollouts misplay rummy, and solver-based ones are
//! too slow to run enough of), so this is what `hard` plays (`HardSearch::GameBot`). It reads
//! only its seat's view.

use super::bot::RuleBot;
use super::plan::{plan_discard, shown, unseen_cards};
use super::state::{hand_partition, hand_value, KhanhooAction, KhanhooDeal, Step, OUT_BONUS};
use super::KhanhooConfig;
use crate::lookahead::{best_throw, potential, stock_value, take_value, Evaluator, Unseen};
use cards::{Card, CardCounts, DeckSpec, GameRng};
use engine::{Bot, Decision};

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug)]
pub struct LookaheadBot {
    pub cfg: KhanhooConfig,
}

struct MeldValue(KhanhooConfig);

impl MeldValue {
    fn value(&self, hand: &CardCounts) -> i64 {
        hand_value(&self.0, hand, false).unwrap_or(0)
    }
}

impl Evaluator for MeldValue {
    fn worth(&self, hand: &CardCounts) -> f64 {
        self.value(hand) as f64
    }

    /// The best arrangement of the larger hand when it leaves a card out (that card goes, at no
    /// loss), with the going-out bonus when exactly one is left.
    fn after_draw(&self, hand: &CardCounts, now: f64, card: Card) -> f64 {
        let mut bigger = hand.clone();
        bigger.add(card);
        let Some(p) = hand_partition(&self.0, &bigger, false) else {
            return now;
        };
        let worth = match p.left_out.len() + p.wilds_left as usize {
            0 => {
                // Everything melds: some meld must give up a card (rare; solved exactly).
                bigger
                    .iter()
                    .map(|(d, _)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        let out = hand_value(&self.0, &rest, true).map(|v| v + OUT_BONUS);
                        out.unwrap_or_else(|| self.value(&rest))
                    })
                    .max()
                    .unwrap_or(0)
            }
            1 => p.score as i64 + OUT_BONUS,
            _ => p.score as i64,
        };
        (worth as f64).max(now)
    }

    /// Ties keep the joker.
    fn keep_rank(&self, card: Card) -> i32 {
        card.is_joker() as i32
    }
}

impl Bot<KhanhooDeal> for LookaheadBot {
    fn name(&self) -> &str {
        "lookahead"
    }

    fn choose(&mut self, decision: &Decision<'_, KhanhooDeal>, rng: &mut GameRng) -> KhanhooAction {
        let legal = decision.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        if let Some(&out) = legal.iter().find(|a| matches!(a, KhanhooAction::Out(_))) {
            return out;
        }
        let view = decision.view();
        let draw_choice = legal.contains(&KhanhooAction::Take) && legal.contains(&KhanhooAction::Stock);
        let discard = view.step == Step::Discard && legal.iter().all(|a| matches!(a, KhanhooAction::Discard(_)));
        if !draw_choice && !discard {
            // Claims, challenges and anything else: the rule bot's judgement.
            return RuleBot { cfg: self.cfg }.choose(decision, rng);
        }
        // Seen: the hand, the discards, every frozen meld, and other seats' known cards.
        let known = (view.known.iter().enumerate())
            .filter(|&(s, _)| s != view.seat)
            .flat_map(|(_, k)| k.iter());
        let frozen = view.frozen.iter().flatten().flat_map(|m| m.cards.iter());
        let seen = view.hand.iter().chain(&view.discards).chain(frozen).chain(known);
        let (eval, unseen) = (
            MeldValue(self.cfg),
            Unseen::from_pack(DeckSpec::Khanhoo61.counts(), seen.copied()),
        );
        let hand: CardCounts = view.hand.iter().copied().collect();
        if discard && view.hand_sizes.len() >= 4 {
            // Four players: the only draw is the previous discard, and the hand plays to go
            // out (decision KHA-3, `plan`), counting its outs among the unseen cards.
            let throws = legal.iter().filter_map(|a| match a {
                KhanhooAction::Discard(c) => Some(*c),
                _ => None,
            });
            return KhanhooAction::Discard(plan_discard(
                &self.cfg,
                &hand,
                throws,
                &unseen_cards(&view),
                &shown(&view),
                true,
            ));
        }
        if draw_choice {
            let top = *view.discards.last().expect("a discard to take");
            return if take_value(&eval, &unseen, &hand, top) > stock_value(&eval, &unseen, &hand, 2) {
                KhanhooAction::Take
            } else {
                KhanhooAction::Stock
            };
        }
        let throws = legal.iter().filter_map(|a| match a {
            KhanhooAction::Discard(c) => Some(*c),
            _ => None,
        });
        let card = best_throw(&eval, &hand, throws, |h| {
            potential(&eval, &unseen, h) + eval.worth(h) * 1e-6
        })
        .0;
        KhanhooAction::Discard(card)
    }
}
