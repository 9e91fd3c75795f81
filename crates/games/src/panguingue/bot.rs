//! A rule-based Panguingue player: stays in unless its hand is hopeless, never forces, takes
//! the discard whenever it can meld it, makes every play that puts hand cards down or earns
//! chips (the richest first), and throws the card with the fewest partners in its hand.

use super::actions::PanAction;
use super::layout::{Layout, Limits};
use super::melds::{position, MeldRules};
use super::state::{PanDeal, PanView, Step};
use cards::{Card, CardCounts, GameRng};
use engine::{Bot, Decision};

/// The Panguingue rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug)]
pub struct RuleBot {
    pub rules: MeldRules,
}

/// How many cards of `hand` could join `card` in a meld: copies and other suits of its rank,
/// and cards of its suit one or two steps away.
pub fn partners(card: Card, hand: &CardCounts) -> u32 {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return 0;
    };
    let Some(pos) = position(rank) else { return 0 };
    let mut score = 0;
    for (c, k) in hand.iter() {
        let (Some(r), Some(s)) = (c.rank(), c.suit()) else {
            continue;
        };
        let Some(p) = position(r) else { continue };
        let k = k as u32 - u32::from(c == card);
        if r == rank {
            score += if s == suit { 3 * k } else { 2 * k.min(1) };
        } else if s == suit && p.abs_diff(pos) <= 2 {
            score += if p.abs_diff(pos) == 1 { 2 } else { 1 } * k.min(1);
        }
    }
    score
}

impl RuleBot {
    /// (condition chips the play earns, hand cards it puts down), or `None` if it is not a
    /// melding play.
    fn value(&self, view: &PanView, layout: &Layout, hand: &CardCounts, action: PanAction) -> Option<(u32, u32)> {
        let mut hand = hand.clone();
        let (play, must) = match action.play() {
            Some(play) => (play, None),
            None => {
                let top = *view.discards.last()?;
                hand.add(top);
                (action.take_play(top)?, Some(top))
            }
        };
        let limits = Limits {
            must_place: must,
            lay_off_only: false,
            splits: true,
        };
        let effect = layout.check(&hand, play, limits, &self.rules).ok()?;
        let mut after = *layout;
        let before = hand.total();
        after.commit(&mut hand, &effect);
        let gain = after
            .entitlement(&self.rules)
            .saturating_sub(view.players[view.seat].conditions_collected);
        Some((gain, before - hand.total()))
    }
}

impl Bot<PanDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, PanDeal>, _rng: &mut GameRng) -> PanAction {
        let view = decision.view();
        let legal = decision.legal;
        let hand: CardCounts = view.hand.iter().copied().collect();
        match view.step {
            Step::OnTop => {
                let connected = view.hand.iter().filter(|&&c| partners(c, &hand) >= 2).count();
                if connected >= 4 {
                    PanAction::Stay
                } else {
                    PanAction::Retire
                }
            }
            Step::Force => PanAction::Pass,
            _ => {
                let layout = Layout::from_cards(&view.players[view.seat].melds).unwrap_or_default();
                let best = legal
                    .iter()
                    .filter_map(|&a| self.value(&view, &layout, &hand, a).map(|v| (v, a)))
                    .filter(|&((gain, placed), _)| gain > 0 || placed > 0)
                    .max_by_key(|&((gain, placed), _)| 2 * gain + placed);
                if let Some((_, a)) = best {
                    return a;
                }
                if legal.contains(&PanAction::Stock) {
                    return PanAction::Stock;
                }
                *legal
                    .iter()
                    .filter(|a| matches!(a, PanAction::Discard(_)))
                    .min_by_key(|a| {
                        let PanAction::Discard(c) = a else { unreachable!() };
                        (partners(*c, &hand), layout.fits(*c, &self.rules))
                    })
                    .unwrap_or(&legal[0])
            }
        }
    }
}
