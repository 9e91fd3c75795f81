//! The question-and-answer auction as decision SOL-2 makes it exact.
//!
//! Players come in one at a time in turn order from the eldest. Until someone says "I ask",
//! each may ask or pass. Then the next player questions the holder: they name a higher game or
//! pass; the holder answers yes (and now holds that game) or passes (and the asker is committed
//! to the game just named and becomes the holder). Each new player questions the survivor; the
//! last survivor is the declarer. A holder of both black queens may not pass below solo (SOL-3).

use super::scoring::SoloGame;
use engine::Seat;

/// Whose move it is in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionStep {
    /// `order[index]` may say "I ask" or pass.
    Opening,
    /// The asker names a game above the holder's, or passes.
    Asking,
    /// The holder answers the game just asked.
    Answering(SoloGame),
    /// Over: `holder` declares at `level`, or nobody asked (`holder` is `None`).
    Done,
}

/// The auction state (small and `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Auction {
    /// Players in turn order: eldest first, dealer last.
    pub order: [u8; 4],
    pub step: AuctionStep,
    /// Index in `order` of the next player to come in (or the opener being asked).
    pub index: u8,
    pub holder: Option<u8>,
    pub asker: Option<u8>,
    pub level: SoloGame,
}

/// One auction move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionMove {
    Pass,
    /// "I ask" (opening).
    Ask,
    /// The asker names a game.
    AskGame(SoloGame),
    /// The holder accepts the game asked.
    Yes,
}

impl AuctionMove {
    /// The move as the deal's auction log keeps it (one byte: 0 pass, 1 ask, 10 + level for a
    /// game asked, 20 yes).
    pub fn code(self) -> u8 {
        match self {
            AuctionMove::Pass => 0,
            AuctionMove::Ask => 1,
            AuctionMove::AskGame(g) => 10 + g.level(),
            AuctionMove::Yes => 20,
        }
    }

    /// The move a log byte stands for, `None` for a byte [`AuctionMove::code`] never writes.
    pub fn from_code(code: u8) -> Option<AuctionMove> {
        match code {
            0 => Some(AuctionMove::Pass),
            1 => Some(AuctionMove::Ask),
            20 => Some(AuctionMove::Yes),
            c => SoloGame::from_level(c.checked_sub(10)?).map(AuctionMove::AskGame),
        }
    }
}

impl Auction {
    pub fn new(order: [Seat; 4]) -> Auction {
        Auction {
            order: order.map(|s| s as u8),
            step: AuctionStep::Opening,
            index: 0,
            holder: None,
            asker: None,
            level: SoloGame::Simple,
        }
    }

    /// The seat to move, until the auction is done.
    pub fn to_act(&self) -> Option<Seat> {
        match self.step {
            AuctionStep::Opening => Some(self.order[self.index as usize] as Seat),
            AuctionStep::Asking => self.asker.map(Seat::from),
            AuctionStep::Answering(_) => self.holder.map(Seat::from),
            AuctionStep::Done => None,
        }
    }

    /// The moves open to the player to move. `compulsory`: they hold both black queens and may
    /// not pass below solo; `one_step`: the asker may only name the next game up.
    pub fn moves(&self, compulsory: bool, one_step: bool, out: &mut Vec<AuctionMove>) {
        match self.step {
            AuctionStep::Opening => {
                if !compulsory || self.compulsory_may_pass() {
                    out.push(AuctionMove::Pass);
                }
                out.push(AuctionMove::Ask);
            }
            AuctionStep::Asking => {
                if !compulsory || self.compulsory_may_pass() {
                    out.push(AuctionMove::Pass);
                }
                let higher = SoloGame::ALL.into_iter().filter(|&g| g > self.level);
                if one_step {
                    out.extend(higher.take(1).map(AuctionMove::AskGame));
                } else {
                    out.extend(higher.map(AuctionMove::AskGame));
                }
            }
            AuctionStep::Answering(_) => {
                if !compulsory || self.compulsory_may_pass() {
                    out.push(AuctionMove::Pass);
                }
                out.push(AuctionMove::Yes);
            }
            AuctionStep::Done => {}
        }
    }

    /// Whether a holder of both black queens may pass now (SOL-3): never when coming in, and
    /// asking or answering only once the game stands at solo or above (or at the top game,
    /// where asking has nothing left to name).
    pub fn compulsory_may_pass(&self) -> bool {
        let below_solo = self.level < SoloGame::Solo;
        match self.step {
            AuctionStep::Opening => false,
            AuctionStep::Asking => !below_solo || self.level == SoloGame::ToutColour,
            AuctionStep::Answering(_) => !below_solo,
            AuctionStep::Done => true,
        }
    }

    /// Applies a move already checked against [`Auction::moves`].
    pub fn apply(&mut self, m: AuctionMove) {
        match (self.step, m) {
            (AuctionStep::Opening, AuctionMove::Pass) => {
                self.index += 1;
                if self.index == 4 {
                    self.step = AuctionStep::Done;
                }
            }
            (AuctionStep::Opening, AuctionMove::Ask) => {
                self.holder = Some(self.order[self.index as usize]);
                self.level = SoloGame::Simple;
                self.bring_in_next();
            }
            (AuctionStep::Asking, AuctionMove::Pass) => self.bring_in_next(),
            (AuctionStep::Asking, AuctionMove::AskGame(g)) => self.step = AuctionStep::Answering(g),
            (AuctionStep::Answering(g), AuctionMove::Yes) => {
                self.level = g;
                self.step = AuctionStep::Asking;
            }
            (AuctionStep::Answering(g), AuctionMove::Pass) => {
                // The holder gives up: the asker is committed to the game just named.
                self.holder = self.asker;
                self.level = g;
                self.bring_in_next();
            }
            _ => unreachable!("auction moves are checked before they are applied"),
        }
    }

    /// The next player in turn order questions the holder, or the auction ends.
    fn bring_in_next(&mut self) {
        self.index += 1;
        if self.index >= 4 {
            self.asker = None;
            self.step = AuctionStep::Done;
        } else {
            self.asker = Some(self.order[self.index as usize]);
            self.step = AuctionStep::Asking;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_codes_round_trip_and_refuse_other_bytes() {
        let mut moves = vec![AuctionMove::Pass, AuctionMove::Ask, AuctionMove::Yes];
        moves.extend(SoloGame::ALL.map(AuctionMove::AskGame));
        let mut codes: Vec<u8> = moves.iter().map(|m| m.code()).collect();
        for (&m, &c) in moves.iter().zip(&codes) {
            assert_eq!(AuctionMove::from_code(c), Some(m));
        }
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), moves.len(), "every move has its own byte");
        for c in (0..=u8::MAX).filter(|c| !codes.contains(c)) {
            assert_eq!(AuctionMove::from_code(c), None, "byte {c}");
        }
    }
}
