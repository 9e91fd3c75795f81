use super::rules::{HeartsConfig, MoonMode};
use super::state::QUEEN_OF_SPADES;
use cards::{CardSet, Suit};
use engine::Seat;

/// Points per seat for a deal's won cards.
pub type Points = [i64; 4];

/// Points before any moon: 1 per heart, 13 for the queen of spades, -10 for the bonus card.
pub fn raw_points(cfg: &HeartsConfig, won: &[CardSet; 4]) -> Points {
    std::array::from_fn(|s| {
        let w = won[s];
        let mut p = w.of_suit(Suit::Hearts).len() as i64;
        if w.contains(QUEEN_OF_SPADES) {
            p += 13;
        }
        if cfg.bonus_card.is_some_and(|b| w.contains(b)) {
            p -= 10;
        }
        p
    })
}

/// The seat that shot the moon: all thirteen hearts and the queen of spades (and, under Omnibus
/// with `moon_requires_jd`, the bonus card too).
pub fn shooter(cfg: &HeartsConfig, won: &[CardSet; 4]) -> Option<Seat> {
    let mut needed = CardSet::suit(Suit::Hearts) | CardSet::single(QUEEN_OF_SPADES);
    if let (Some(b), true) = (cfg.bonus_card, cfg.moon_requires_bonus) {
        needed.insert(b);
    }
    (0..4).find(|&s| won[s] & needed == needed)
}

/// The deal's scores. A moon replaces the shooter's points with a flat 26 in their favour
/// (`mode`: the others +26, or the shooter -26); the bonus card's -10 is not added on top for
/// the shooter, but still counts for another player who took it (possible only when the moon
/// does not require it).
pub fn deal_scores(cfg: &HeartsConfig, won: &[CardSet; 4], mode: MoonMode) -> Points {
    let Some(s) = shooter(cfg, won) else {
        return raw_points(cfg, won);
    };
    let mut out: Points = [0; 4];
    for (q, score) in out.iter_mut().enumerate() {
        if q == s {
            if mode == MoonMode::SubtractFromShooter {
                *score = -26;
            }
        } else {
            if mode != MoonMode::SubtractFromShooter {
                *score = 26;
            }
            if cfg.bonus_card.is_some_and(|b| won[q].contains(b)) {
                *score -= 10;
            }
        }
    }
    out
}

/// One seat's raw points for a pile of won cards (scoring tests).
#[cfg(test)]
pub(super) fn points_of(cfg: &HeartsConfig, won: CardSet) -> i64 {
    raw_points(cfg, &[won, CardSet::EMPTY, CardSet::EMPTY, CardSet::EMPTY])[0]
}
