use super::melds::{deadwood_value, TtMelds};
use super::rules::TtConfig;
use cards::{Card, CardCounts, GameRng, Rank};
use engine::sampling::deal_items;
use engine::{Deal, DealOutcome, Illegal, Seat};
use melds::{with_thread_solver, Partition};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The minimum-deadwood partition of a hand in the round whose wild rank is `wild`.
pub fn best_partition(hand: &CardCounts, wild: Rank, wild_value: i32) -> Partition {
    let mut naturals = Vec::with_capacity(16);
    let mut wilds = 0u8;
    for c in hand.to_vec() {
        if c.rank() == Some(wild) {
            wilds += 1;
        } else {
            naturals.push(c);
        }
    }
    with_thread_solver(|s| {
        s.solve(&TtMelds { wild_value }, &naturals, wilds)
            .expect("leaving cards out is always allowed")
    })
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Take the top of the stock or of the discard pile.
    Draw,
    /// Discard a card (going out with it if the rest melds completely).
    Discard,
    Over,
}

/// One decision. Text: `stock`, `take` (the top discard), `discard QS`, `out QS` (discard and
/// go out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TtAction {
    Stock,
    Take,
    Discard(Card),
    Out(Card),
}

impl fmt::Display for TtAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TtAction::Stock => f.write_str("stock"),
            TtAction::Take => f.write_str("take"),
            TtAction::Discard(c) => write!(f, "discard {c}"),
            TtAction::Out(c) => write!(f, "out {c}"),
        }
    }
}

impl FromStr for TtAction {
    type Err = String;

    fn from_str(text: &str) -> Result<TtAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["stock"] => Ok(TtAction::Stock),
            ["take"] => Ok(TtAction::Take),
            ["discard", c] => c.parse().map(TtAction::Discard).map_err(|e| e.to_string()),
            ["out", c] => c.parse().map(TtAction::Out).map_err(|e| e.to_string()),
            _ => Err(format!(
                "'{}' is not an action: stock, take, discard QS or out QS",
                text.trim()
            )),
        }
    }
}

/// One round of Three Thirteen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TtDeal {
    pub(super) cfg: TtConfig,
    pub(super) players: u8,
    pub(super) dealer: u8,
    pub(super) round: u32,
    pub(super) wild: Rank,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: Vec<CardCounts>,
    /// Cards each player is known to hold: taken from the discard pile and not thrown since.
    pub(super) known: Vec<CardCounts>,
    /// Top card last.
    pub(super) stock: Vec<Card>,
    /// Top card last.
    pub(super) discards: Vec<Card>,
    /// Whoever went out, and how many final turns are left.
    pub(super) out: Option<u8>,
    pub(super) final_turns: u8,
    pub(super) turns: u32,
    pub(super) rng: GameRng,
    pub(super) scores: Vec<i64>,
    pub(super) melds_shown: Vec<Vec<Vec<Card>>>,
}

impl TtDeal {
    /// Deals `order` (top first): one card at a time from the dealer's left until each holds the
    /// round's count, then the next card is turned up to start the discards; the rest is the
    /// stock. `seed` drives any reshuffle of the discards into a new stock.
    pub fn new(cfg: TtConfig, players: usize, dealer: Seat, round: u32, order: &[Card], seed: u64) -> TtDeal {
        let size = (round % 11) as usize + 3;
        let wild = Rank::from_value(size as u8).expect("3..=13");
        let mut hands = vec![CardCounts::new(); players];
        let mut next = 0;
        for _ in 0..size {
            for k in 1..=players {
                hands[(dealer + k) % players].add(order[next]);
                next += 1;
            }
        }
        let discards = vec![order[next]];
        let mut stock: Vec<Card> = order[next + 1..].to_vec();
        stock.reverse(); // the top is last
        TtDeal {
            cfg,
            players: players as u8,
            dealer: dealer as u8,
            round,
            wild,
            step: Step::Draw,
            to_act: ((dealer + 1) % players) as u8,
            hands,
            known: vec![CardCounts::new(); players],
            stock,
            discards,
            out: None,
            final_turns: 0,
            turns: 0,
            rng: GameRng::from_seed(seed),
            scores: vec![0; players],
            melds_shown: Vec::new(),
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn wild(&self) -> Rank {
        self.wild
    }

    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    pub(super) fn wild_value(&self) -> i32 {
        self.cfg.wild_value.unwrap_or_else(|| deadwood_value(self.wild))
    }

    /// Whether this hand (after the discard) melds completely.
    fn melds_completely(&self, hand: &CardCounts) -> bool {
        let p = best_partition(hand, self.wild, 1);
        p.left_out.is_empty() && p.score == 0
    }

    fn next_player(&mut self) {
        self.turns += 1;
        if self.turns >= self.cfg.max_turns && self.out.is_none() {
            self.finish();
            return;
        }
        let n = self.players as usize;
        let next = (self.to_act as usize + 1) % n;
        if let Some(o) = self.out {
            if self.final_turns == 0 || next == o as usize {
                self.finish();
                return;
            }
        }
        self.to_act = next as u8;
        self.step = Step::Draw;
    }

    fn finish(&mut self) {
        let wild_value = self.wild_value();
        self.melds_shown.clear();
        for s in 0..self.players as usize {
            let p = best_partition(&self.hands[s], self.wild, wild_value);
            self.scores[s] = -p.score as i64;
            self.melds_shown
                .push(p.melds.iter().map(|m| m.naturals().to_vec()).collect());
        }
        self.step = Step::Over;
    }

    /// Refills an empty stock from the discards, all but the top one.
    fn refill_stock(&mut self) {
        let top = self.discards.pop().expect("a discard pile");
        let mut rest = std::mem::take(&mut self.discards);
        self.rng.shuffle(&mut rest);
        self.stock = rest;
        self.discards.push(top);
    }
}

impl Deal for TtDeal {
    type Action = TtAction;
    type View = TtView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<TtAction>) {
        out.clear();
        let seat = self.to_act as usize;
        match self.step {
            Step::Draw => {
                if !self.stock.is_empty() || self.discards.len() > 1 {
                    out.push(TtAction::Stock);
                }
                out.push(TtAction::Take);
            }
            Step::Discard => {
                let hand = &self.hands[seat];
                for (c, _) in hand.iter() {
                    out.push(TtAction::Discard(c));
                }
                if self.out.is_none() {
                    // Going out with c leaves a partition of the whole hand with only c unmelded,
                    // so the whole hand's least cost (same costs: a wild counts 1) is at most c's.
                    // One solve rules out every costlier-than-possible card, usually all of them.
                    let least = -best_partition(hand, self.wild, 1).score;
                    for (c, _) in hand.iter() {
                        let cost = if c.rank() == Some(self.wild) {
                            1
                        } else {
                            deadwood_value(c.rank().expect("no jokers"))
                        };
                        if cost < least {
                            continue;
                        }
                        let mut rest = hand.clone();
                        rest.remove(c);
                        if self.melds_completely(&rest) {
                            out.push(TtAction::Out(c));
                        }
                    }
                }
            }
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: TtAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::Draw, TtAction::Stock) => {
                if self.stock.is_empty() {
                    if self.discards.len() <= 1 {
                        return Err(Illegal::new(
                            "the stock is empty and the discards cannot refill it: take the discard",
                        ));
                    }
                    self.refill_stock();
                }
                let c = self.stock.pop().expect("a stock card");
                self.hands[seat].add(c);
            }
            (Step::Draw, TtAction::Take) => {
                let c = self.discards.pop().expect("a discard pile");
                self.hands[seat].add(c);
                self.known[seat].add(c);
            }
            (Step::Discard, TtAction::Discard(c) | TtAction::Out(c)) => {
                if self.hands[seat].count(c) == 0 {
                    return Err(Illegal::new(format!("you do not hold {c}")));
                }
                let mut rest = self.hands[seat].clone();
                rest.remove(c);
                let going_out = matches!(action, TtAction::Out(_));
                if going_out && self.out.is_some() {
                    return Err(Illegal::new("someone has already gone out: just discard"));
                }
                if going_out && !self.melds_completely(&rest) {
                    return Err(Illegal::new(
                        "you cannot go out: the rest of your hand does not meld completely",
                    ));
                }
                self.hands[seat] = rest;
                self.known[seat].remove(c);
                self.discards.push(c);
                if going_out && self.out.is_none() {
                    self.out = Some(seat as u8);
                    self.final_turns = self.players - 1;
                } else if self.out.is_some() {
                    self.final_turns -= 1;
                }
                self.next_player();
                return Ok(());
            }
            (Step::Over, _) => return Err(Illegal::new("the round is over")),
            (Step::Draw, _) => return Err(Illegal::new("draw first: stock or take")),
            (Step::Discard, _) => return Err(Illegal::new("discard now: discard QS, or out QS to go out")),
        }
        self.step = Step::Discard;
        Ok(())
    }

    fn view(&self, seat: Seat) -> TtView {
        TtView {
            seat,
            dealer: self.dealer as Seat,
            round: self.round + 1,
            hand_size: self.round % 11 + 3,
            wild: self.wild.letter(),
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat].to_vec(),
            discards: self.discards.clone(),
            stock_size: self.stock.len() as u32,
            known: self.known.iter().map(|k| k.to_vec()).collect(),
            hand_sizes: self.hands.iter().map(|h| h.total()).collect(),
            went_out: self.out.map(Seat::from),
            final_turns: self.final_turns,
            scores: (self.step == Step::Over).then(|| self.scores.clone()),
            melds: (self.step == Step::Over).then(|| self.melds_shown.clone()),
            hands: (self.step == Step::Over).then(|| self.hands.iter().map(|h| h.to_vec()).collect()),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> TtDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let n = self.players as usize;
        let others: Vec<Seat> = (1..n).map(|k| (seat + k) % n).collect();
        let mut pool = cards::DeckSpec::Standard52 { packs: self.cfg.packs }.counts();
        for c in self.hands[seat]
            .to_vec()
            .into_iter()
            .chain(self.discards.iter().copied())
        {
            pool.remove(c);
        }
        for &q in &others {
            for c in self.known[q].to_vec() {
                pool.remove(c);
            }
        }
        // Groups: each other player's unknown cards, then the stock (at most 8 groups).
        let mut items: Vec<(Card, u8)> = Vec::new();
        let all = (1u16 << (others.len() + 1)) - 1;
        for (c, k) in pool.iter() {
            for _ in 0..k {
                items.push((c, all as u8));
            }
        }
        let mut sizes = [0u32; 8];
        for (i, &q) in others.iter().enumerate() {
            sizes[i] = self.hands[q].total() - self.known[q].total();
        }
        sizes[others.len()] = self.stock.len() as u32;
        let dealt = deal_items::<8>(&mut items, &sizes, rng).expect("the sizes add up");
        for (i, &q) in others.iter().enumerate() {
            let mut h = dealt[i].clone();
            h.add_all(&self.known[q]);
            world.hands[q] = h;
        }
        let mut stock = dealt[others.len()].to_vec();
        rng.shuffle(&mut stock);
        world.stock = stock;
        world.rng = GameRng::from_seed(rng.next_u64());
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| DealOutcome::new(self.scores.clone()))
    }

    fn search_helps(&self) -> bool {
        // The rule bot runs the meld solver on every move, too slow for rollouts, and random
        // rollouts do not play Three Thirteen like anyone would: a search on them lost to the rule
        // bot (measured in the arena). `hard` is the lookahead bot instead (`Game::hard_search`).
        false
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in &self.hands {
            all.add_all(h);
        }
        for &c in self.stock.iter().chain(self.discards.iter()) {
            all.add(c);
        }
        all
    }
}

/// What one seat sees: its hand, the discard pile (all of it: every discard was seen), the
/// stock's size, which cards other players are known to hold (taken from the discards), and at
/// the end everyone's melds and deadwood.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TtView {
    pub seat: Seat,
    pub dealer: Seat,
    pub round: u32,
    pub hand_size: u32,
    pub wild: char,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: Vec<Card>,
    /// Bottom first, top last.
    pub discards: Vec<Card>,
    pub stock_size: u32,
    pub known: Vec<Vec<Card>>,
    pub hand_sizes: Vec<u32>,
    pub went_out: Option<Seat>,
    pub final_turns: u8,
    pub scores: Option<Vec<i64>>,
    pub melds: Option<Vec<Vec<Vec<Card>>>>,
    /// Every hand, once the round is over: all are laid down to count the deadwood.
    pub hands: Option<Vec<Vec<Card>>>,
}
