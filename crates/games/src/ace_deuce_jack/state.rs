use super::odds::AdjOdds;
use super::rules::AdjConfig;
use cards::{Card, CardCounts, CardSet, GameRng, Rank};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The most players a table seats (the seed allows any number of bettors; twelve keeps
/// per-seat arrays fixed).
pub const MAX_PLAYERS: usize = 12;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Bettors, in turn from the banker's left, each place one bet.
    Betting,
    Over,
}

/// One decision: a bet (`bet 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AdjAction {
    Bet(u32),
}

impl fmt::Display for AdjAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let AdjAction::Bet(n) = self;
        write!(f, "bet {n}")
    }
}

impl FromStr for AdjAction {
    type Err = String;

    fn from_str(text: &str) -> Result<AdjAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        lower
            .strip_prefix("bet ")
            .and_then(|n| n.trim().parse::<u32>().ok())
            .map(AdjAction::Bet)
            .ok_or_else(|| format!("'{}' is not an action: write bet N", text.trim()))
    }
}

/// Whether a bottom card wins for the bank.
fn bad(card: Card) -> bool {
    matches!(card.rank(), Some(Rank::Ace | Rank::Two | Rank::Jack))
}

/// One hand of Ace-Deuce-Jack (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjDeal {
    pub(super) cfg: AdjConfig,
    pub(super) players: u8,
    pub(super) banker: u8,
    pub(super) hands_with_bank: u32,
    pub(super) deal_number: u32,
    /// The pack, top first; nobody sees it until the piles are turned over.
    pub(super) order: [Card; 52],
    /// Where the two cuts fall (piles are `..a`, `a..b`, `b..n`).
    pub(super) cuts: (u8, u8),
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) bets: [u32; MAX_PLAYERS],
    pub(super) deltas: [i64; MAX_PLAYERS],
}

impl AdjDeal {
    /// A hand with `banker` banking; the pack is `order` (top first). The two cuts are random
    /// (with a scripted pack, at a third and two thirds of the cards left after any dead ones).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        cfg: AdjConfig,
        players: usize,
        banker: Seat,
        hands_with_bank: u32,
        deal_number: u32,
        order: &[Card],
        scripted: bool,
        rng: &mut GameRng,
    ) -> AdjDeal {
        let mut pack = [Card::JOKER; 52];
        pack.copy_from_slice(order);
        let n = 52 - cfg.dead_bottom_cards as u32;
        let cuts = if scripted {
            (n / 3, 2 * n / 3)
        } else {
            random_cuts(n, rng)
        };
        AdjDeal {
            cfg,
            players: players as u8,
            banker: banker as u8,
            hands_with_bank,
            deal_number,
            order: pack,
            cuts: (cuts.0 as u8, cuts.1 as u8),
            step: Step::Betting,
            to_act: ((banker + 1) % players) as u8,
            bets: [0; MAX_PLAYERS],
            deltas: [0; MAX_PLAYERS],
        }
    }

    pub fn banker(&self) -> Seat {
        self.banker as Seat
    }

    pub fn hands_with_bank(&self) -> u32 {
        self.hands_with_bank
    }

    /// The three bottom cards the piles show when turned over.
    pub fn bottom_cards(&self) -> [Card; 3] {
        let n = 52 - self.cfg.dead_bottom_cards as usize;
        [
            self.order[self.cuts.0 as usize - 1],
            self.order[self.cuts.1 as usize - 1],
            self.order[n - 1],
        ]
    }

    pub fn deltas(&self) -> Vec<i64> {
        self.deltas[..self.players as usize].to_vec()
    }

    fn settle(&mut self) {
        let bank_wins = self.bottom_cards().iter().any(|&c| bad(c));
        let banker = self.banker as usize;
        for s in 0..self.players as usize {
            if s != banker {
                let bet = self.bets[s] as i64;
                let d = if bank_wins { -bet } else { bet };
                self.deltas[s] = d;
                self.deltas[banker] -= d;
            }
        }
        self.step = Step::Over;
    }
}

/// Two distinct cut positions in `1..n`, uniformly.
fn random_cuts(n: u32, rng: &mut GameRng) -> (u32, u32) {
    let a = 1 + rng.below(n - 1);
    let mut b = 1 + rng.below(n - 2);
    if b >= a {
        b += 1;
    }
    (a.min(b), a.max(b))
}

impl Deal for AdjDeal {
    type Action = AdjAction;
    type View = AdjView;

    fn to_act(&self) -> Option<Seat> {
        (self.step == Step::Betting).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<AdjAction>) {
        out.clear();
        if self.step == Step::Betting {
            out.extend((self.cfg.min_bet..=self.cfg.max_bet).map(AdjAction::Bet));
        }
    }

    fn apply(&mut self, action: AdjAction) -> Result<(), Illegal> {
        let AdjAction::Bet(amount) = action;
        if self.step == Step::Over {
            return Err(Illegal::new("the hand is over"));
        }
        if !(self.cfg.min_bet..=self.cfg.max_bet).contains(&amount) {
            return Err(Illegal::new(format!(
                "bet from {} to {}",
                self.cfg.min_bet, self.cfg.max_bet
            )));
        }
        self.bets[self.to_act as usize] = amount;
        let next = (self.to_act as usize + 1) % self.players as usize;
        if next == self.banker as usize {
            self.settle();
        } else {
            self.to_act = next as u8;
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> AdjView {
        let n = self.players as usize;
        AdjView {
            seat,
            banker: self.banker as Seat,
            hands_with_bank: self.hands_with_bank,
            hands_per_bank: self.cfg.hands_per_bank,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: CardSet::EMPTY,
            min_bet: self.cfg.min_bet,
            max_bet: self.cfg.max_bet,
            bets: (0..n).map(|s| (self.bets[s] > 0).then_some(self.bets[s])).collect(),
            bottom_cards: (self.step == Step::Over).then(|| self.bottom_cards().to_vec()),
            odds: AdjOdds::exact(),
            result: (self.step == Step::Over).then(|| self.deltas()),
        }
    }

    fn sample_world(&self, _seat: Seat, rng: &mut GameRng) -> AdjDeal {
        let mut world = self.clone();
        if self.step == Step::Betting {
            // Nobody has seen a card: any order and any cuts are as likely. Start from a fixed
            // order so the world never depends on the true one.
            world.order.sort();
            rng.shuffle(&mut world.order);
            let n = 52 - self.cfg.dead_bottom_cards as u32;
            let (a, b) = random_cuts(n, rng);
            world.cuts = (a as u8, b as u8);
        }
        world
    }

    fn search_helps(&self) -> bool {
        // Every hand is a fresh shuffle and every bet loses the bank's edge in proportion to its
        // stake (`odds.rs`), so the rule bot's minimum stake is the best play there is. A search
        // can only add sampling noise: 300 iterations staked more at times and lost 2.6-3.6 chips
        // per five-hand game against the rule bot (issue 28's arena table). `hard` defers to it.
        false
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| {
            let banker = self.banker as Seat;
            let next = if self.hands_with_bank >= self.cfg.hands_per_bank {
                (banker + 1) % self.players as usize
            } else {
                banker
            };
            DealOutcome::with_next_dealer(self.deltas(), next)
        })
    }

    fn cards(&self) -> CardCounts {
        self.order.iter().copied().collect()
    }
}

/// What a seat sees: the banker, the limits, every bet as placed, the three bottom cards once
/// turned over, and the exact odds. No card is seen before the reveal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdjView {
    pub seat: Seat,
    pub banker: Seat,
    pub hands_with_bank: u32,
    pub hands_per_bank: u32,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    /// Players hold no cards in this game (kept for the engine protocol).
    pub hand: CardSet,
    pub min_bet: u32,
    pub max_bet: u32,
    pub bets: Vec<Option<u32>>,
    pub bottom_cards: Option<Vec<Card>>,
    pub odds: AdjOdds,
    pub result: Option<Vec<i64>>,
}
