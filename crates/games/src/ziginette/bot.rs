//! The Ziginette bettor and banker: bets on a fresh board card are even-money races, so it
//! stakes the minimum on at most two live cards at a time; as banker it keeps the bank unless a
//! house cut makes banking a losing proposition.

use super::state::{Step, ZiginetteAction, ZiginetteDeal};
use cards::GameRng;
use engine::{Bot, Decision};

/// The Ziginette rule-based player (`--bots rule`). It knows the table's rules (public), which
/// decide whether banking pays.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot {
    /// Banking loses in expectation: a house cut takes from the banker's wins, and nothing
    /// (no paired-card rule) gives the bank an edge to pay for it.
    pub banking_loses: bool,
}

impl RuleBot {
    pub fn for_rules(cfg: &super::rules::ZiginetteConfig) -> RuleBot {
        RuleBot {
            banking_loses: cfg.house_cut_pct > 0 && cfg.playette == super::rules::Playette::Redeal,
        }
    }
}

impl Bot<ZiginetteDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, ZiginetteDeal>, _rng: &mut GameRng) -> ZiginetteAction {
        let view = decision.view();
        let legal = decision.legal;
        if view.step == Step::BankerChoice {
            return if self.banking_loses {
                ZiginetteAction::PassBank
            } else {
                ZiginetteAction::Deal
            };
        }
        let me = view.seat;
        let live_bets = view.board.iter().filter(|b| b.stakes[me] > 0).count();
        if live_bets >= 2 {
            return ZiginetteAction::Done;
        }
        // The smallest bet on a card we have nothing on, if its odds are at least even.
        let fair = |i: usize| {
            view.odds
                .as_ref()
                .is_none_or(|o| o.bet_wins.get(i).is_some_and(|&p| p >= 0.5))
        };
        legal
            .iter()
            .copied()
            .filter(|a| match a {
                ZiginetteAction::Bet(r, _) => view
                    .board
                    .iter()
                    .enumerate()
                    .any(|(i, b)| b.card.rank() == Some(*r) && b.stakes[me] == 0 && fair(i)),
                _ => false,
            })
            .min_by_key(|a| match a {
                ZiginetteAction::Bet(_, n) => *n,
                _ => u32::MAX,
            })
            .unwrap_or(ZiginetteAction::Done)
    }
}
