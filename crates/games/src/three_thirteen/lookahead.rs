//! `hard` for Three Thirteen: the rule bot's greed plus one draw of lookahead.
//!
//! The rule bot throws the card that leaves the least deadwood now. This bot throws the card
//! that leaves the least deadwood *expected after the next draw*: for every card it has not
//! seen (not in its hand, not in the discard pile, not known to be in another hand), weighted by
//! how many copies are unseen, it asks what the best hand would be after drawing it and throwing
//! the worst card. A hand of connected cards (two of a rank, suited neighbours) has many such
//! draws that help, so it is kept over a hand of the same deadwood that needs one exact card.
//! Taking the discard is judged the same way: the expected hand after taking the known card
//! against the average over the unseen cards of drawing blind. On the final turn after someone
//! went out there is no next draw, so both choices minimise the deadwood now.
//!
//! The tree search does not help here (random rollouts misplay rummy, and solver-based ones are
//! too slow to run enough of), so this is what `hard` plays (`Game::hard_search` is
//! `HardSearch::GameBot`). It reads only its seat's view.

use super::melds::deadwood_value;
use super::state::{best_partition, Step, TtAction, TtDeal, TtView};
use cards::{CardCounts, DeckSpec, GameRng, Rank};
use engine::{Bot, Decision};

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug)]
pub struct LookaheadBot {
    pub packs: u8,
    /// What an unmelded wild counts; `None`: its face value.
    pub wild_value: Option<i32>,
}

/// The round's facts the evaluation needs, from one view.
struct Eval {
    wild: Rank,
    wild_value: i32,
    /// Cards this seat has not seen, each with its unseen copies.
    unseen: Vec<(cards::Card, u8)>,
    unseen_total: f64,
}

impl Eval {
    fn new(bot: &LookaheadBot, view: &TtView) -> Eval {
        let wild = Rank::ALL
            .into_iter()
            .find(|r| r.letter() == view.wild)
            .expect("the view names the wild rank");
        let mut pool = DeckSpec::Standard52 { packs: bot.packs }.counts();
        for (seat, known) in view.known.iter().enumerate() {
            if seat != view.seat {
                known.iter().for_each(|&c| _ = pool.remove(c));
            }
        }
        for &c in view.hand.iter().chain(&view.discards) {
            pool.remove(c);
        }
        let unseen: Vec<_> = pool.iter().collect();
        let unseen_total = unseen.iter().map(|&(_, k)| k as f64).sum::<f64>().max(1.0);
        Eval {
            wild,
            wild_value: bot.wild_value.unwrap_or_else(|| deadwood_value(wild)),
            unseen,
            unseen_total,
        }
    }

    fn value(&self, card: cards::Card) -> i32 {
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

    /// The least deadwood after adding `card` to `hand` (whose deadwood is `now`) and throwing
    /// one card: the best partition of the larger hand less its costliest unmelded card (one
    /// solve; exact unless another partition frees a costlier card), and never worse than
    /// throwing `card` straight back.
    fn after_draw(&self, hand: &CardCounts, now: i32, card: cards::Card) -> i32 {
        let mut bigger = hand.clone();
        bigger.add(card);
        let p = best_partition(&bigger, self.wild, self.wild_value);
        let mut relief = p.left_out.iter().map(|&c| self.value(c)).max().unwrap_or(0);
        if p.wilds_left > 0 {
            relief = relief.max(self.wild_value);
        }
        (-p.score - relief).min(now)
    }

    /// Expected least deadwood of `hand` after one more blind draw and throw.
    fn potential(&self, hand: &CardCounts) -> f64 {
        let now = self.deadwood(hand);
        if now == 0 {
            return 0.0;
        }
        self.unseen
            .iter()
            .map(|&(c, k)| k as f64 * self.after_draw(hand, now, c) as f64)
            .sum::<f64>()
            / self.unseen_total
    }

    /// Expected deadwood now after drawing one unseen card and throwing the best one.
    fn blind_draw_now(&self, hand: &CardCounts) -> f64 {
        let now = self.deadwood(hand);
        self.unseen
            .iter()
            .map(|&(c, k)| k as f64 * self.after_draw(hand, now, c) as f64)
            .sum::<f64>()
            / self.unseen_total
    }

    /// The best throw from `hand` (one card over the round's count) by `score`, lowest first;
    /// ties go to the costlier card.
    fn best_throw(&self, hand: &CardCounts, score: impl Fn(&CardCounts) -> f64) -> (cards::Card, f64) {
        hand.iter()
            .map(|(c, _)| {
                let mut rest = hand.clone();
                rest.remove(c);
                (c, score(&rest))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1).then(self.value(b.0).cmp(&self.value(a.0))))
            .expect("a hand to throw from")
    }

    /// The expected hand after this turn if it draws blind from the stock: every unseen card,
    /// thrown back or traded for one of the two cards whose loss hurts least now.
    fn stock_value(&self, hand: &CardCounts) -> f64 {
        let keep = self.potential(hand);
        self.unseen
            .iter()
            .map(|&(c, k)| {
                let mut bigger = hand.clone();
                bigger.add(c);
                let mut throws: Vec<(i32, cards::Card)> = bigger
                    .iter()
                    .filter(|&(d, _)| d != c)
                    .map(|(d, _)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        (self.deadwood(&rest), d)
                    })
                    .collect();
                throws.sort_by_key(|&(dw, d)| (dw, -self.value(d)));
                let best = throws
                    .iter()
                    .take(2)
                    .map(|&(_, d)| {
                        let mut rest = bigger.clone();
                        rest.remove(d);
                        self.potential(&rest)
                    })
                    .fold(keep, f64::min);
                k as f64 * best
            })
            .sum::<f64>()
            / self.unseen_total
    }
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
        let view = decision.view();
        let eval = Eval::new(self, &view);
        let hand: CardCounts = view.hand.iter().copied().collect();
        // After someone went out this is the last turn: only the deadwood now counts.
        let last_turn = view.went_out.is_some();
        match view.step {
            Step::Draw => {
                let top = *view.discards.last().expect("a discard to take");
                let mut with = hand.clone();
                with.add(top);
                let (take, stock) = if last_turn {
                    let take = eval.best_throw(&with, |h| eval.deadwood(h) as f64).1;
                    (take, eval.blind_draw_now(&hand))
                } else {
                    (eval.best_throw(&with, |h| eval.potential(h)).1, eval.stock_value(&hand))
                };
                if take < stock {
                    TtAction::Take
                } else {
                    TtAction::Stock
                }
            }
            _ => {
                if let Some(&out) = legal.iter().find(|a| matches!(a, TtAction::Out(_))) {
                    return out;
                }
                let card = if last_turn {
                    eval.best_throw(&hand, |h| eval.deadwood(h) as f64).0
                } else {
                    // Expected deadwood after the next draw first, deadwood now to break ties.
                    eval.best_throw(&hand, |h| eval.potential(h) + eval.deadwood(h) as f64 * 1e-6)
                        .0
                };
                TtAction::Discard(card)
            }
        }
    }
}
