//! A rule-based Khanhoo player: keeps the discard that raises its best meld value, throws the
//! card it misses least, goes out when it can, bumps for valuable melds and challenges when its
//! own meld is worth at least as much. With four players, where the only draw is the previous
//! discard, it discards to go out instead (`plan`).

use super::plan::{plan_discard, shown, unseen_cards};
use super::state::{hand_value, KhanhooAction, KhanhooDeal, Step};
use super::KhanhooConfig;
use cards::{CardCounts, GameRng};
use engine::{Bot, Decision};

/// The Khanhoo rule-based bot (`--bots rule`). Uses only its seat's view, and values melds by
/// the table's own meld rules.
#[derive(Clone, Copy, Debug)]
pub struct RuleBot {
    pub cfg: KhanhooConfig,
}

/// The value of a claimed meld, by its size and cards: enough for comparing options.
fn meld_value(cfg: &KhanhooConfig, cards: &[cards::Card]) -> i64 {
    let hand: CardCounts = cards.iter().copied().collect();
    hand_value(cfg, &hand, false).unwrap_or(0)
}

impl Bot<KhanhooDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, KhanhooDeal>, _rng: &mut GameRng) -> KhanhooAction {
        let view = decision.view();
        let legal = decision.legal;
        let cfg = self.cfg;
        let hand: CardCounts = view.hand.iter().copied().collect();
        let best_after_discard = |h: &CardCounts| -> i64 {
            h.iter()
                .map(|(c, _)| {
                    let mut rest = h.clone();
                    rest.remove(c);
                    hand_value(&cfg, &rest, false).unwrap_or(0)
                })
                .max()
                .unwrap_or(0)
        };
        if let Some(&out) = legal.iter().find(|a| matches!(a, KhanhooAction::Out(_))) {
            return out;
        }
        if legal.contains(&KhanhooAction::Take) && legal.contains(&KhanhooAction::Stock) {
            let top = *view.discards.last().expect("a discard");
            let mut with = hand.clone();
            with.add(top);
            return if best_after_discard(&with) > hand_value(&cfg, &hand, false).unwrap_or(0) {
                KhanhooAction::Take
            } else {
                KhanhooAction::Stock
            };
        }
        let melds = |wanted: fn(&KhanhooAction) -> Option<&super::MeldCards>| {
            legal
                .iter()
                .filter_map(|a| wanted(a).map(|m| (*a, meld_value(&cfg, m.cards()))))
                .max_by_key(|&(_, v)| v)
        };
        if legal.contains(&KhanhooAction::Pass) {
            return match melds(|a| if let KhanhooAction::Bump(m) = a { Some(m) } else { None }) {
                Some((a, v)) if v >= 2 => a,
                _ => KhanhooAction::Pass,
            };
        }
        if legal.contains(&KhanhooAction::Accept) {
            let bump = view.claim.as_ref().map_or(i64::MAX, |c| c.value as i64);
            return match melds(|a| {
                if let KhanhooAction::Challenge(m) = a {
                    Some(m)
                } else {
                    None
                }
            }) {
                Some((a, v)) if v >= bump => a,
                _ => KhanhooAction::Accept,
            };
        }
        let throws = legal.iter().filter_map(|a| match a {
            KhanhooAction::Discard(c) => Some(*c),
            _ => None,
        });
        if view.hand_sizes.len() >= 4 && view.step == Step::Discard {
            // Four players: play to go out (decision KHA-3, `plan`).
            return KhanhooAction::Discard(plan_discard(
                &cfg,
                &hand,
                throws,
                &unseen_cards(&view),
                &shown(&view),
                false,
            ));
        }
        // Discard the card whose loss costs least (higher-value hands first).
        *legal
            .iter()
            .filter(|a| matches!(a, KhanhooAction::Discard(_)))
            .max_by_key(|a| {
                let KhanhooAction::Discard(c) = a else { unreachable!() };
                let mut rest = hand.clone();
                rest.remove(*c);
                (hand_value(&cfg, &rest, false).unwrap_or(0), !c.is_joker())
            })
            .unwrap_or(&legal[0])
    }
}
