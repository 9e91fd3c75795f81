//! Quotas and scores: as on the rules page, with the worked examples TRI-X1 and TRI-X2.

/// The four phases of a match, three deals each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Trump is the suit of the card exposed by the cut.
    CutTrump,
    /// The dealer names trump.
    DealerTrump,
    NoTrump,
    /// No trump, and the object is to avoid tricks.
    Reversed,
}

impl Phase {
    pub fn of_deal(deal_number: u32) -> Phase {
        match (deal_number / 3) % 4 {
            0 => Phase::CutTrump,
            1 => Phase::DealerTrump,
            2 => Phase::NoTrump,
            _ => Phase::Reversed,
        }
    }
}

/// Trick quotas for (dealer, dealer's left, dealer's right).
pub fn quotas(phase: Phase) -> [i64; 3] {
    if phase == Phase::Reversed {
        [3, 4, 6]
    } else {
        [6, 4, 3]
    }
}

/// Scores by seat given tricks by seat: one point per trick over or under quota, the sign
/// reversed in the last phase. Quotas sum to 13, so scores sum to zero.
pub fn deal_scores(phase: Phase, dealer: usize, tricks: [u8; 3]) -> [i64; 3] {
    let q = quotas(phase);
    std::array::from_fn(|seat| {
        let over = tricks[seat] as i64 - q[(seat + 3 - dealer) % 3];
        if phase == Phase::Reversed {
            -over
        } else {
            over
        }
    })
}
