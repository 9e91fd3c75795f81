use super::odds::{exact_odds, RankRace, ZiginetteOdds};
use super::rules::{Playette, ZiginetteConfig};
use cards::{Card, CardCounts, CardSet, GameRng, Rank};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The most players a table seats (the seed allows any number, best with eight or fewer;
/// twelve keeps per-seat arrays fixed and the 40-card pack's first draw easy).
pub const MAX_PLAYERS: usize = 12;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// A betting window: bettors in turn from the banker's left add bets, then say `done`.
    Betting,
    /// The hand ended without the banker's card: the banker deals again or passes the bank.
    BankerChoice,
    Over,
}

/// How a hand ended (decision ZIG-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The banker's rank appeared: the bank paid every live bet and the bank passes.
    BankerCard,
    /// Every board card was matched.
    BoardEmpty,
    /// A betting window closed with no live bet.
    NoBets,
}

/// One decision. Text: `bet K 5` (rank, then chips), `done`, and for the banker `deal`,
/// `raise-limits`, `lower-limits`, `pass-bank`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ZiginetteAction {
    Bet(Rank, u32),
    Done,
    Deal,
    RaiseLimits,
    LowerLimits,
    PassBank,
}

impl fmt::Display for ZiginetteAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZiginetteAction::Bet(r, n) => write!(f, "bet {r} {n}"),
            ZiginetteAction::Done => f.write_str("done"),
            ZiginetteAction::Deal => f.write_str("deal"),
            ZiginetteAction::RaiseLimits => f.write_str("raise-limits"),
            ZiginetteAction::LowerLimits => f.write_str("lower-limits"),
            ZiginetteAction::PassBank => f.write_str("pass-bank"),
        }
    }
}

fn parse_rank(text: &str) -> Option<Rank> {
    let t = text.trim().to_ascii_uppercase();
    let t = if t == "10" { "T".to_string() } else { t };
    Rank::ALL
        .into_iter()
        .find(|r| t.len() == 1 && r.letter().to_string() == t)
}

impl FromStr for ZiginetteAction {
    type Err = String;

    fn from_str(text: &str) -> Result<ZiginetteAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["done"] => Ok(ZiginetteAction::Done),
            ["deal"] => Ok(ZiginetteAction::Deal),
            ["raise-limits"] => Ok(ZiginetteAction::RaiseLimits),
            ["lower-limits"] => Ok(ZiginetteAction::LowerLimits),
            ["pass-bank"] => Ok(ZiginetteAction::PassBank),
            ["bet", rank, amount] => match (parse_rank(rank), amount.parse::<u32>()) {
                (Some(r), Ok(n)) => Ok(ZiginetteAction::Bet(r, n)),
                _ => Err(format!(
                    "'{}' is not a bet: write bet <rank> <chips>, e.g. bet K 5",
                    text.trim()
                )),
            },
            _ => Err(format!(
                "'{}' is not an action: bet <rank> <chips>, done, deal, raise-limits, lower-limits, pass-bank",
                text.trim()
            )),
        }
    }
}

/// What a rank is doing in the hand (ZIG-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RankState {
    Unseen,
    /// On the board, live and bettable.
    Board,
    /// Matched: its remaining copies are dead.
    Dead,
    /// The banker's rank.
    Banker,
}

/// One Ziginette hand (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZiginetteDeal {
    pub(super) cfg: ZiginetteConfig,
    pub(super) players: u8,
    pub(super) banker: u8,
    pub(super) limits: (u32, u32),
    pub(super) deal_number: u32,
    pub(super) order: [Card; 40],
    pub(super) next: u8,
    pub(super) playettes: u8,
    pub(super) banker_card: Option<Card>,
    pub(super) banker_rank: Option<Rank>,
    /// The banker's card is still to come (after the first bets, under that playette rule).
    pub(super) banker_card_pending: bool,
    pub(super) state: [RankState; 14],
    pub(super) seen: [u8; 14],
    /// Live board cards in the order they appeared.
    pub(super) board: [Card; 10],
    pub(super) board_len: u8,
    pub(super) stakes: [[u16; 14]; MAX_PLAYERS],
    /// Under `only-on-new-board-card`, the one rank open for bets in this window.
    pub(super) window_rank: Option<Rank>,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) ending: Option<Ending>,
    pub(super) choice: Option<ZiginetteAction>,
    pub(super) deltas: [i64; MAX_PLAYERS],
    pub(super) house: i64,
}

pub(super) fn idx(r: Rank) -> usize {
    r.value() as usize
}

impl ZiginetteDeal {
    /// Starts a hand from `order` (top first): two board cards, then the banker's card. A
    /// playette (a pair among them) reshuffles the pack with the match's RNG and deals again.
    pub fn new(
        cfg: ZiginetteConfig,
        players: usize,
        banker: Seat,
        limits: (u32, u32),
        deal_number: u32,
        order: &[Card],
        rng: &mut GameRng,
    ) -> ZiginetteDeal {
        let mut pack = [Card::JOKER; 40];
        pack.copy_from_slice(order);
        let mut playettes = 0;
        loop {
            let r = |i: usize| pack[i].rank();
            let pair = r(0) == r(1) || (cfg.playette == Playette::Redeal && (r(2) == r(0) || r(2) == r(1)));
            if !pair {
                break;
            }
            rng.shuffle(&mut pack);
            playettes += 1;
        }
        let mut deal = ZiginetteDeal {
            cfg,
            players: players as u8,
            banker: banker as u8,
            limits,
            deal_number,
            order: pack,
            next: 0,
            playettes,
            banker_card: None,
            banker_rank: None,
            banker_card_pending: false,
            state: [RankState::Unseen; 14],
            seen: [0; 14],
            board: [Card::JOKER; 10],
            board_len: 0,
            stakes: [[0; 14]; MAX_PLAYERS],
            window_rank: None,
            step: Step::Betting,
            to_act: 0,
            ending: None,
            choice: None,
            deltas: [0; MAX_PLAYERS],
            house: 0,
        };
        for _ in 0..2 {
            let c = deal.take_card();
            deal.add_to_board(c);
        }
        if cfg.playette == Playette::Redeal {
            let c = deal.take_card();
            deal.set_banker_card(c);
        } else {
            deal.banker_card_pending = true;
        }
        deal.open_window(None);
        deal
    }

    pub fn banker(&self) -> Seat {
        self.banker as Seat
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn deltas(&self) -> Vec<i64> {
        self.deltas[..self.players as usize].to_vec()
    }

    pub fn house(&self) -> i64 {
        self.house
    }

    /// The limits the next hand starts with, after the banker's choice.
    pub fn next_limits(&self) -> (u32, u32) {
        let (lo, hi) = self.limits;
        match self.choice {
            Some(ZiginetteAction::Deal) => (lo, hi),
            Some(ZiginetteAction::RaiseLimits) => (lo * 2, hi * 2),
            Some(ZiginetteAction::LowerLimits) => (lo / 2, hi / 2),
            // A new banker announces the table's usual limits.
            _ => (self.cfg.min_bet, self.cfg.max_bet),
        }
    }

    fn take_card(&mut self) -> Card {
        let c = self.order[self.next as usize];
        self.next += 1;
        self.seen[idx(c.rank().expect("no jokers"))] += 1;
        c
    }

    fn add_to_board(&mut self, c: Card) {
        self.state[idx(c.rank().expect("no jokers"))] = RankState::Board;
        self.board[self.board_len as usize] = c;
        self.board_len += 1;
    }

    fn remove_from_board(&mut self, r: Rank) {
        let live: Vec<Card> = self.board[..self.board_len as usize]
            .iter()
            .copied()
            .filter(|c| c.rank() != Some(r))
            .collect();
        self.board_len = live.len() as u8;
        self.board[..live.len()].copy_from_slice(&live);
    }

    fn board_ranks(&self) -> impl Iterator<Item = Rank> + '_ {
        self.board[..self.board_len as usize]
            .iter()
            .map(|c| c.rank().expect("no jokers"))
    }

    /// The bank takes every stake on rank `r`.
    fn collect(&mut self, r: Rank) {
        for s in 0..self.players as usize {
            let stake = std::mem::take(&mut self.stakes[s][idx(r)]) as i64;
            self.deltas[s] -= stake;
            self.deltas[self.banker as usize] += stake;
        }
    }

    fn set_banker_card(&mut self, c: Card) {
        let r = c.rank().expect("no jokers");
        if self.state[idx(r)] == RankState::Board {
            // Only under banker-wins-paired-card: the bank takes the bets on the paired card.
            self.collect(r);
            self.remove_from_board(r);
        }
        self.banker_card = Some(c);
        self.banker_rank = Some(r);
        self.state[idx(r)] = RankState::Banker;
    }

    fn bettors(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players as usize;
        (1..n).map(move |k| (self.banker as usize + k) % n)
    }

    fn open_window(&mut self, new_rank: Option<Rank>) {
        self.window_rank = if self.cfg.bet_after_every_card { None } else { new_rank };
        self.step = Step::Betting;
        let first = self.bettors().next().expect("a bettor");
        self.to_act = first as u8;
    }

    fn live_stakes(&self) -> bool {
        self.board_ranks()
            .any(|r| (0..self.players as usize).any(|s| self.stakes[s][idx(r)] > 0))
    }

    /// The ranks a bet may go on in this window.
    fn bettable(&self) -> Vec<Rank> {
        match self.window_rank {
            Some(r) => vec![r],
            None => self.board_ranks().collect(),
        }
    }

    fn end(&mut self, how: Ending) {
        self.ending = Some(how);
        let banker = self.banker as usize;
        if self.deltas[banker] > 0 && self.cfg.house_cut_pct > 0 {
            let cut = self.deltas[banker] * self.cfg.house_cut_pct as i64 / 100;
            self.deltas[banker] -= cut;
            self.house += cut;
        }
        self.step = if how == Ending::BankerCard {
            Step::Over
        } else {
            Step::BankerChoice
        };
        if self.step == Step::BankerChoice {
            self.to_act = self.banker;
        }
    }

    /// Closes a betting window: ends the hand without live bets, else deals on.
    fn close_window(&mut self) {
        if !self.live_stakes() {
            self.end(Ending::NoBets);
            return;
        }
        if self.banker_card_pending {
            self.banker_card_pending = false;
            let c = self.take_card();
            self.set_banker_card(c);
            if self.board_len == 0 {
                self.end(Ending::BoardEmpty);
                return;
            }
            if self.cfg.bet_after_every_card {
                self.open_window(None);
                return;
            }
            // Only new board cards open windows: deal on.
        }
        loop {
            let c = self.take_card();
            let r = c.rank().expect("no jokers");
            match self.state[idx(r)] {
                RankState::Banker => {
                    // The bank pays every live bet at even money.
                    for rank in self.board_ranks().collect::<Vec<_>>() {
                        for s in 0..self.players as usize {
                            let stake = std::mem::take(&mut self.stakes[s][idx(rank)]) as i64;
                            self.deltas[s] += stake;
                            self.deltas[self.banker as usize] -= stake;
                        }
                    }
                    self.end(Ending::BankerCard);
                    return;
                }
                RankState::Unseen => {
                    self.add_to_board(c);
                    self.open_window(Some(r));
                    return;
                }
                RankState::Board => {
                    self.collect(r);
                    self.remove_from_board(r);
                    self.state[idx(r)] = RankState::Dead;
                    if self.board_len == 0 {
                        self.end(Ending::BoardEmpty);
                        return;
                    }
                    if self.cfg.bet_after_every_card {
                        self.open_window(None);
                        return;
                    }
                    // No window opens here. Even with no bet left the hand goes on (ZIG-4 ends it
                    // only when a window closes empty): the next new board card opens one.
                }
                RankState::Dead => {
                    if self.cfg.bet_after_every_card {
                        self.open_window(None);
                        return;
                    }
                }
            }
        }
    }

    fn odds(&self) -> Option<ZiginetteOdds> {
        let banker = self.banker_rank?;
        let board: Vec<RankRace> = self
            .board_ranks()
            .map(|r| RankRace {
                unseen: 4 - self.seen[idx(r)] as u32,
                stake: (0..self.players as usize).map(|s| self.stakes[s][idx(r)] as i64).sum(),
            })
            .collect();
        Some(exact_odds(
            4 - self.seen[idx(banker)] as u32,
            &board,
            self.deltas[self.banker as usize],
            self.cfg.house_cut_pct,
        ))
    }
}

impl Deal for ZiginetteDeal {
    type Action = ZiginetteAction;
    type View = ZiginetteView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<ZiginetteAction>) {
        out.clear();
        let seat = self.to_act as usize;
        match self.step {
            Step::Betting => {
                let (lo, hi) = self.limits;
                let mut ranks = self.bettable();
                ranks.sort();
                for r in ranks {
                    let room = hi.saturating_sub(self.stakes[seat][idx(r)] as u32);
                    out.extend((lo..=room).map(|a| ZiginetteAction::Bet(r, a)));
                }
                out.push(ZiginetteAction::Done);
            }
            Step::BankerChoice => {
                out.push(ZiginetteAction::Deal);
                let (lo, hi) = self.limits;
                if hi * 2 <= 1000 {
                    out.push(ZiginetteAction::RaiseLimits);
                }
                if lo >= 2 {
                    out.push(ZiginetteAction::LowerLimits);
                }
                out.push(ZiginetteAction::PassBank);
            }
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: ZiginetteAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::Betting, ZiginetteAction::Bet(r, amount)) => {
                if !self.bettable().contains(&r) {
                    return Err(Illegal::new(if self.state[idx(r)] == RankState::Board {
                        format!("only the new board card may be bet on now, not {r}")
                    } else {
                        format!("{r} is not a live board card")
                    }));
                }
                let (lo, hi) = self.limits;
                let stake = self.stakes[seat][idx(r)] as u32;
                if amount < lo || stake + amount > hi {
                    return Err(Illegal::new(format!(
                        "bets are from {lo} chips and at most {hi} in all on one card (you have {stake} on {r})"
                    )));
                }
                self.stakes[seat][idx(r)] += amount as u16;
            }
            (Step::Betting, ZiginetteAction::Done) => {
                let n = self.players as usize;
                let next = (seat + 1) % n;
                if next == self.banker as usize {
                    self.close_window();
                } else {
                    self.to_act = next as u8;
                }
            }
            (
                Step::BankerChoice,
                a @ (ZiginetteAction::Deal
                | ZiginetteAction::RaiseLimits
                | ZiginetteAction::LowerLimits
                | ZiginetteAction::PassBank),
            ) => {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                if !legal.contains(&a) {
                    return Err(Illegal::new("the limits cannot go that way: they stay from 1 to 1000"));
                }
                self.choice = Some(a);
                self.step = Step::Over;
            }
            (Step::Betting, _) => return Err(Illegal::new("a betting window is open: bet <rank> <chips> or done")),
            (Step::BankerChoice, _) => {
                return Err(Illegal::new(
                    "the banker chooses: deal, raise-limits, lower-limits or pass-bank",
                ))
            }
            (Step::Over, _) => return Err(Illegal::new("the hand is over")),
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> ZiginetteView {
        let n = self.players as usize;
        ZiginetteView {
            seat,
            banker: self.banker as Seat,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: CardSet::EMPTY,
            min_bet: self.limits.0,
            max_bet: self.limits.1,
            board: self.board[..self.board_len as usize]
                .iter()
                .map(|&c| BoardCard {
                    card: c,
                    stakes: (0..n)
                        .map(|s| self.stakes[s][idx(c.rank().expect("no jokers"))] as u32)
                        .collect(),
                })
                .collect(),
            bettable: self.bettable().iter().map(|r| r.letter()).collect(),
            banker_card: self.banker_card,
            dead_ranks: Rank::ALL
                .into_iter()
                .filter(|&r| self.state[idx(r)] == RankState::Dead)
                .map(|r| r.letter())
                .collect(),
            dealt: self.order[..self.next as usize].to_vec(),
            playettes: self.playettes,
            odds: self.odds(),
            ending: self.ending,
            result: (self.ending.is_some()).then(|| self.deltas()),
            house: self.house,
        }
    }

    fn sample_world(&self, _seat: Seat, rng: &mut GameRng) -> ZiginetteDeal {
        // Nobody has seen the undealt cards: any order of them is as likely.
        // Start from the unseen cards in a fixed order, so the world depends only on what is
        // known, never on the true order.
        let mut world = self.clone();
        let rest = &mut world.order[self.next as usize..];
        rest.sort();
        rng.shuffle(rest);
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| {
            let n = self.players as usize;
            let banker = self.banker as usize;
            let passes =
                matches!(self.ending, Some(Ending::BankerCard)) || self.choice == Some(ZiginetteAction::PassBank);
            let next = match (passes, self.cfg.bank_passes_right) {
                (false, _) => banker,
                (true, true) => (banker + n - 1) % n,
                (true, false) => (banker + 1) % n,
            };
            DealOutcome {
                deltas: self.deltas(),
                next_dealer: Some(next),
                house: self.house,
            }
        })
    }

    fn search_helps(&self) -> bool {
        // The rule bot's choices follow the exact odds (`odds.rs`): the minimum stake on bets
        // that are even or worse, and passing the bank when the cut makes banking lose. No
        // search can improve on the expectation; sampled rollouts only add noise (measured:
        // worse than the rule bot). `hard` defers to it.
        false
    }

    fn cards(&self) -> CardCounts {
        self.order.iter().copied().collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardCard {
    pub card: Card,
    /// Each seat's stake on it.
    pub stakes: Vec<u32>,
}

/// What a seat sees: the board with every stake, the banker's card, the cards dealt so far,
/// the limits, and the exact odds of the bets on the board. No undealt card is seen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZiginetteView {
    pub seat: Seat,
    pub banker: Seat,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    /// Players hold no cards in this game (kept for the engine protocol).
    pub hand: CardSet,
    pub min_bet: u32,
    pub max_bet: u32,
    pub board: Vec<BoardCard>,
    /// Ranks open for bets in this window.
    pub bettable: Vec<char>,
    pub banker_card: Option<Card>,
    pub dead_ranks: Vec<char>,
    pub dealt: Vec<Card>,
    /// Redeals caused by a playette before this hand could start.
    pub playettes: u8,
    pub odds: Option<ZiginetteOdds>,
    pub ending: Option<Ending>,
    pub result: Option<Vec<i64>>,
    pub house: i64,
}
