//! `hard` for Khanhoo: the rule bot's claims and challenges, with one draw of lookahead for the
//! draw and the discard.
//!
//! The rule bot keeps the hand worth the most now. This bot keeps the hand worth the most
//! *expected after the next card it gets*: over every card it has not seen (not in its hand, not
//! in the discards, not frozen on the table, not known to be in another hand), weighted by the
//! unseen copies, it asks what the hand would be worth after adding that card and throwing the
//! least useful one, counting the 5-point bonus (and the end of the hand) when the rest would
//! then meld completely. Cards that several draws can complete are kept. Taking the discard is
//! judged the same way, against the average of drawing blind. Bumps, challenges and going out
//! follow the rule bot.
//!
//! The tree search does not help here (random rollouts misplay rummy, and solver-based ones are
//! too slow to run enough of), so this is what `hard` plays (`HardSearch::GameBot`). It reads
//! only its seat's view.

use super::bot::RuleBot;
use super::state::{hand_partition, hand_value, KhanhooAction, KhanhooDeal, KhanhooView, Step};
use super::KhanhooConfig;
use cards::{Card, CardCounts, DeckSpec, GameRng};
use engine::{Bot, Decision};

/// What going out adds to the hand's value.
const OUT_BONUS: i64 = 5;

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug)]
pub struct LookaheadBot {
    pub cfg: KhanhooConfig,
}

struct Eval {
    cfg: KhanhooConfig,
    unseen: Vec<(Card, u8)>,
    unseen_total: f64,
}

impl Eval {
    fn new(cfg: KhanhooConfig, view: &KhanhooView) -> Eval {
        let mut pool = DeckSpec::Khanhoo61.counts();
        for (seat, known) in view.known.iter().enumerate() {
            if seat != view.seat {
                known.iter().for_each(|&c| _ = pool.remove(c));
            }
        }
        let frozen = view.frozen.iter().flatten().flat_map(|m| m.cards.iter());
        for &c in view.hand.iter().chain(&view.discards).chain(frozen) {
            pool.remove(c);
        }
        let unseen: Vec<_> = pool.iter().collect();
        let unseen_total = unseen.iter().map(|&(_, k)| k as f64).sum::<f64>().max(1.0);
        Eval {
            cfg,
            unseen,
            unseen_total,
        }
    }

    fn value(&self, hand: &CardCounts) -> i64 {
        hand_value(&self.cfg, hand, false).unwrap_or(0)
    }

    /// The hand's worth after adding `card` and throwing the least useful card: the best
    /// arrangement of the larger hand when it leaves a card out (that card goes, at no loss),
    /// with the going-out bonus when exactly one is left; never less than throwing `card` back.
    fn after_draw(&self, hand: &CardCounts, now: i64, card: Card) -> i64 {
        let mut bigger = hand.clone();
        bigger.add(card);
        let Some(p) = hand_partition(&self.cfg, &bigger, false) else {
            return now;
        };
        let spare = p.left_out.len() + p.wilds_left as usize;
        let worth = match spare {
            0 => {
                // Everything melds: some meld must give up a card (rare; solved exactly).
                bigger
                    .iter()
                    .map(|(d, _)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        let out = hand_value(&self.cfg, &rest, true).map(|v| v + OUT_BONUS);
                        out.unwrap_or_else(|| self.value(&rest))
                    })
                    .max()
                    .unwrap_or(now)
            }
            1 => p.score as i64 + OUT_BONUS,
            _ => p.score as i64,
        };
        worth.max(now)
    }

    /// Expected worth of `hand` after one more card and one throw.
    fn potential(&self, hand: &CardCounts) -> f64 {
        let now = self.value(hand);
        self.unseen
            .iter()
            .map(|&(c, k)| k as f64 * self.after_draw(hand, now, c) as f64)
            .sum::<f64>()
            / self.unseen_total
    }

    /// The best of `throws` from `hand` by `score`, highest first; ties keep the joker.
    fn best_throw(
        &self,
        hand: &CardCounts,
        throws: impl Iterator<Item = Card>,
        score: impl Fn(&CardCounts) -> f64,
    ) -> (Card, f64) {
        let (naturals, jokers): (Vec<Card>, Vec<Card>) = throws.partition(|c| !c.is_joker());
        naturals
            .into_iter()
            .chain(jokers)
            .map(|c| {
                let mut rest = hand.clone();
                rest.remove(c);
                (c, score(&rest))
            })
            .fold(None, |best: Option<(Card, f64)>, (c, s)| match best {
                Some((_, b)) if b >= s => best,
                _ => Some((c, s)),
            })
            .expect("a hand to throw from")
    }

    /// The expected hand after this turn when drawing blind: every unseen card, thrown back or
    /// kept in place of one of the two cards whose loss costs least now.
    fn stock_value(&self, hand: &CardCounts) -> f64 {
        let keep = self.potential(hand);
        self.unseen
            .iter()
            .map(|&(c, k)| {
                let mut bigger = hand.clone();
                bigger.add(c);
                let mut throws: Vec<(i64, Card)> = bigger
                    .iter()
                    .filter(|&(d, _)| d != c)
                    .map(|(d, _)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        (-self.value(&rest), d)
                    })
                    .collect();
                throws.sort();
                let best = throws
                    .iter()
                    .take(2)
                    .map(|&(_, d)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        self.potential(&rest)
                    })
                    .fold(keep, f64::max);
                k as f64 * best
            })
            .sum::<f64>()
            / self.unseen_total
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
        let eval = Eval::new(self.cfg, &view);
        let hand: CardCounts = view.hand.iter().copied().collect();
        if draw_choice {
            let top = *view.discards.last().expect("a discard to take");
            let mut with = hand.clone();
            with.add(top);
            let take = eval
                .best_throw(&with, with.iter().map(|(c, _)| c), |h| eval.potential(h))
                .1;
            return if take > eval.stock_value(&hand) {
                KhanhooAction::Take
            } else {
                KhanhooAction::Stock
            };
        }
        let throws = legal.iter().filter_map(|a| match a {
            KhanhooAction::Discard(c) => Some(*c),
            _ => None,
        });
        let card = eval
            .best_throw(&hand, throws, |h| eval.potential(h) + eval.value(h) as f64 * 1e-6)
            .0;
        KhanhooAction::Discard(card)
    }
}
