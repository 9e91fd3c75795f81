//! The Ace-Deuce-Jack bettor: every bet loses 10.6% on average, so it stakes the minimum.

use super::state::{AdjAction, AdjDeal};
use cards::GameRng;
use engine::{Bot, Decision};

/// Bets the table minimum (`--bots rule`).
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl Bot<AdjDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, AdjDeal>, _rng: &mut GameRng) -> AdjAction {
        *decision.legal.iter().min().expect("a bet is legal")
    }
}
