//! One deal of Jewel: the open card, drawing and discarding, packing, declaring (right or
//! wrong), stock exhaustion, and the settlement at the end.

use super::melds::{best_arrangement, full_hand_arrangement, validate_declaration, Arrangement, Table};
use super::rules::{JewelConfig, PackedOrder};
use super::scoring::{jewel_points, jewels_kept, settle, Settlement, Standing};
use cards::{Card, CardCounts, DeckSpec, GameRng};
use engine::{Deal, DealOutcome, Illegal, Seat};
use melds::Solver;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Runs `f` with this thread's reusable solver.
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    melds::with_thread_solver(f)
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Draw (stock or the previous discard), or pack.
    Draw,
    /// Discard, or discard face down and declare.
    Discard,
    Over,
}

/// A player's part in the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Playing,
    /// Packed at the first turn (`mid: false`, pays 4) or later (`mid: true`, pays 8).
    Packed {
        mid: bool,
    },
    /// Declared wrongly: out of the deal, settled as a full hand.
    WrongDeclaration,
    Declarer,
}

/// One decision. Text: `stock`, `take`, `pack`, `discard QS`, `declare QS` (discard QS face down
/// and declare with the other sixteen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum JewelAction {
    Stock,
    Take,
    Pack,
    Discard(Card),
    Declare(Card),
}

impl fmt::Display for JewelAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JewelAction::Stock => f.write_str("stock"),
            JewelAction::Take => f.write_str("take"),
            JewelAction::Pack => f.write_str("pack"),
            JewelAction::Discard(c) => write!(f, "discard {c}"),
            JewelAction::Declare(c) => write!(f, "declare {c}"),
        }
    }
}

impl FromStr for JewelAction {
    type Err = String;

    fn from_str(text: &str) -> Result<JewelAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["stock"] => Ok(JewelAction::Stock),
            ["take"] => Ok(JewelAction::Take),
            ["pack"] => Ok(JewelAction::Pack),
            ["discard", c] => c.parse().map(JewelAction::Discard).map_err(|e| e.with_joker_hint()),
            ["declare", c] => c.parse().map(JewelAction::Declare).map_err(|e| e.with_joker_hint()),
            _ => Err(format!(
                "'{}' is not an action: stock, take, pack, discard QS or declare QS",
                text.trim()
            )),
        }
    }
}

/// The end of a deal: each player's standing, shown arrangement and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Settled {
    pub(super) declarer: Option<u8>,
    pub(super) inputs: Vec<Settlement>,
    pub(super) arrangements: Vec<Option<Arrangement>>,
    pub(super) results: Vec<i64>,
}

/// One deal of Jewel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JewelDeal {
    pub(super) cfg: JewelConfig,
    pub(super) players: u8,
    pub(super) dealer: u8,
    /// The players in clockwise order round the table, as the last cut for seats left them.
    pub(super) seating: Vec<u8>,
    pub(super) table: Table,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: Vec<CardCounts>,
    /// Cards each player is known to hold: taken from the discards and not thrown since.
    pub(super) known: Vec<CardCounts>,
    pub(super) status: Vec<Status>,
    /// Jewels packers keep face up.
    pub(super) kept: Vec<Vec<Card>>,
    /// Turns each player has started (a pack is a turn).
    pub(super) own_turns: Vec<u32>,
    /// Turns started by anyone.
    pub(super) turns: u32,
    /// Top card last.
    pub(super) stock: Vec<Card>,
    /// The discard pile, top last.
    pub(super) discards: Vec<Card>,
    /// Whether the top discard may be taken by the player to act.
    pub(super) takeable: bool,
    /// Stocks built from the discards so far.
    pub(super) rebuilt: u8,
    /// Hands laid down in wrong declarations (public).
    pub(super) exposed: Vec<Option<Vec<Card>>>,
    pub(super) rng: GameRng,
    pub(super) settled: Option<Settled>,
    /// Deals completed in the match before this one.
    pub(super) deal_number: u32,
    /// The cards each player drew when they cut for seats before this deal (by seat, ties
    /// drawing again), or `None` when the seating carried over.
    pub(super) cut: Option<Vec<Vec<Card>>>,
}

impl JewelDeal {
    /// Pulls the open card from the middle of `order` (the next non-joker if a joker comes up),
    /// deals sixteen each one at a time from the dealer's left, and stacks the rest as the stock
    /// (the first card of `order` on top). `seed` drives later shuffles.
    pub fn new(cfg: JewelConfig, dealer: Seat, seating: &[Seat], order: &[Card], seed: u64) -> JewelDeal {
        let players = seating.len();
        let seating: Vec<u8> = seating.iter().map(|&s| s as u8).collect();
        let left = |k: usize| {
            let at = seating
                .iter()
                .position(|&s| s as usize == dealer)
                .expect("the dealer is seated");
            seating[(at + k) % players] as usize
        };
        let mut order = order.to_vec();
        let middle = order.len() / 2;
        let at = (middle..order.len())
            .chain(0..middle)
            .find(|&i| !order[i].is_joker())
            .expect("the pack has natural cards");
        let open = order.remove(at);
        let mut hands = vec![CardCounts::new(); players];
        let mut next = 0;
        for _ in 0..16 {
            for k in 1..=players {
                hands[left(k)].add(order[next]);
                next += 1;
            }
        }
        let mut stock: Vec<Card> = order[next..].to_vec();
        stock.reverse();
        let mut deal = JewelDeal {
            cfg,
            players: players as u8,
            dealer: dealer as u8,
            to_act: left(1) as u8,
            seating,
            table: Table::new(open, cfg.all_wild_groups_allowed),
            step: Step::Draw,
            hands,
            known: vec![CardCounts::new(); players],
            status: vec![Status::Playing; players],
            kept: vec![Vec::new(); players],
            own_turns: vec![0; players],
            turns: 0,
            stock,
            discards: Vec::new(),
            takeable: false,
            rebuilt: 0,
            exposed: vec![None; players],
            rng: GameRng::from_seed(seed),
            settled: None,
            deal_number: 0,
            cut: None,
        };
        deal.start_turn();
        deal
    }

    /// Records where the deal stands in the match and the cut for seats that preceded it
    /// (the table model tells both).
    pub fn in_match(mut self, deal_number: u32, cut: Option<Vec<Vec<Card>>>) -> JewelDeal {
        self.deal_number = deal_number;
        self.cut = cut;
        self
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    pub fn status(&self, seat: Seat) -> Status {
        self.status[seat]
    }

    pub fn dealer(&self) -> Seat {
        self.dealer as Seat
    }

    /// The players in clockwise order round the table.
    pub fn seating(&self) -> Vec<Seat> {
        self.seating.iter().map(|&s| s as Seat).collect()
    }

    /// The player `k` places to the left of `seat`.
    fn left_of(&self, seat: Seat, k: usize) -> Seat {
        let at = self
            .seating
            .iter()
            .position(|&s| s as usize == seat)
            .expect("every player is seated");
        self.seating[(at + k) % self.seating.len()] as Seat
    }

    /// Each player's result, once the deal is over.
    pub fn results(&self) -> Option<&[i64]> {
        self.settled.as_ref().map(|s| s.results.as_slice())
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.settled.as_ref().and_then(|s| s.declarer.map(Seat::from))
    }

    /// Whether the player to act may pack now (before drawing): at their first turn, or once
    /// they have completed the minimum number of turns.
    pub fn may_pack(&self) -> bool {
        let done = self.own_turns[self.to_act as usize] - 1;
        self.step == Step::Draw && (done == 0 || done >= self.cfg.min_rounds_before_mid_pack)
    }

    /// Whether the player to act may declare (JWL-6: once everyone else has had a first turn).
    pub fn may_declare(&self) -> bool {
        self.turns >= self.players as u32
    }

    fn start_turn(&mut self) {
        self.turns += 1;
        self.own_turns[self.to_act as usize] += 1;
        self.step = Step::Draw;
    }

    /// Passes the turn to the next player still playing, or ends the deal without a declarer
    /// when nobody is left or the house turn limit is reached.
    fn next_player(&mut self) {
        if self.turns >= self.cfg.max_turns {
            self.finish(None);
            return;
        }
        let n = self.players as usize;
        for k in 1..=n {
            let s = self.left_of(self.to_act as usize, k);
            // A player left alone carries on (k == n), but may not take back their own discard.
            if self.status[s] == Status::Playing {
                if k == n {
                    self.takeable = false;
                }
                self.to_act = s as u8;
                self.start_turn();
                return;
            }
        }
        self.finish(None);
    }

    /// After a discard: an empty stock is rebuilt from the other discards (the last discard
    /// stays as the pile), once by default; when it runs out again the deal ends (JWL-13).
    fn after_discard(&mut self) {
        if self.stock.is_empty() {
            let second_time = self.rebuilt >= 1 && self.cfg.no_declarer_after_second_stock;
            let top = self.discards.pop().expect("a discard was just made");
            if second_time || self.discards.is_empty() {
                self.discards.push(top);
                self.finish(None);
                return;
            }
            let mut rest = std::mem::take(&mut self.discards);
            self.rng.shuffle(&mut rest);
            self.stock = rest;
            self.discards.push(top);
            self.rebuilt = self.rebuilt.saturating_add(1);
        }
        self.next_player();
    }

    fn pack(&mut self, seat: Seat) {
        let mid = self.own_turns[seat] > 1;
        let hand = self.hands[seat].to_vec();
        let kept = jewels_kept(&self.table, &hand, self.cfg.packer_jewel_cap);
        let mut rest = hand;
        for j in &kept {
            let i = rest
                .iter()
                .position(|c| c == j)
                .expect("kept jewels come from the hand");
            rest.remove(i);
        }
        if self.cfg.packed_order == PackedOrder::Random {
            self.rng.shuffle(&mut rest);
        }
        // Under the stock: the bottom is the front of the vector.
        let mut stock = rest.clone();
        stock.extend_from_slice(&self.stock);
        self.stock = stock;
        self.kept[seat] = kept;
        self.hands[seat] = CardCounts::new();
        self.known[seat] = CardCounts::new();
        self.status[seat] = Status::Packed { mid };
        self.takeable = false;
        self.next_player();
    }

    fn finish(&mut self, declarer: Option<(Seat, Arrangement)>) {
        let n = self.players as usize;
        let mut inputs = Vec::with_capacity(n);
        let mut arrangements = Vec::with_capacity(n);
        with_solver(|solver| {
            for s in 0..n {
                let hand = self.hands[s].to_vec();
                let (jewels, standing, shown) = match self.status[s] {
                    Status::Packed { mid } => (
                        jewel_points(&self.table, &self.kept[s], Some(self.cfg.packer_jewel_cap)),
                        Standing::Packed {
                            cost: if mid { 8 } else { 4 },
                        },
                        None,
                    ),
                    Status::Declarer => {
                        let (_, decl) = declarer.as_ref().expect("a declarer has a declaration");
                        (
                            jewel_points(&self.table, &hand, None),
                            Standing::Declarer { net: decl.net() },
                            Some(decl.clone()),
                        )
                    }
                    Status::WrongDeclaration => {
                        let a = full_hand_arrangement(&self.table, &hand);
                        (
                            jewel_points(&self.table, &hand, None),
                            Standing::Played { net: a.net() },
                            Some(a),
                        )
                    }
                    Status::Playing => {
                        let a = best_arrangement(solver, &self.table, &hand);
                        (
                            jewel_points(&self.table, &hand, None),
                            Standing::Played { net: a.net() },
                            Some(a),
                        )
                    }
                };
                inputs.push(Settlement { jewels, standing });
                arrangements.push(shown);
            }
        });
        let results = settle(&inputs).into_iter().map(i64::from).collect();
        self.settled = Some(Settled {
            declarer: declarer.map(|(s, _)| s as u8),
            inputs,
            arrangements,
            results,
        });
        self.step = Step::Over;
    }

    fn deck() -> CardCounts {
        DeckSpec::Jewel162.counts()
    }
}

impl Deal for JewelDeal {
    type Action = JewelAction;
    type View = JewelView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<JewelAction>) {
        out.clear();
        let seat = self.to_act as usize;
        match self.step {
            Step::Draw => {
                if !self.stock.is_empty() {
                    out.push(JewelAction::Stock);
                }
                if self.takeable {
                    out.push(JewelAction::Take);
                }
                if self.may_pack() {
                    out.push(JewelAction::Pack);
                }
            }
            Step::Discard => {
                for (c, _) in self.hands[seat].iter() {
                    out.push(JewelAction::Discard(c));
                }
                if self.may_declare() {
                    for (c, _) in self.hands[seat].iter() {
                        out.push(JewelAction::Declare(c));
                    }
                }
            }
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: JewelAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::Over, _) => Err(Illegal::new("the deal is over")),
            (Step::Draw, JewelAction::Stock) => {
                let c = self.stock.pop().ok_or_else(|| Illegal::new("the stock is empty"))?;
                self.hands[seat].add(c);
                self.step = Step::Discard;
                Ok(())
            }
            (Step::Draw, JewelAction::Take) => {
                if !self.takeable {
                    return Err(Illegal::new(
                        "there is no discard to take: only the card discarded on the turn just before, never a joker or a jewel",
                    ));
                }
                let c = self.discards.pop().expect("a takeable discard");
                self.hands[seat].add(c);
                self.known[seat].add(c);
                self.takeable = false;
                self.step = Step::Discard;
                Ok(())
            }
            (Step::Draw, JewelAction::Pack) => {
                if !self.may_pack() {
                    return Err(Illegal::new(format!(
                        "you may pack only at your first turn or after {} completed turns",
                        self.cfg.min_rounds_before_mid_pack
                    )));
                }
                self.pack(seat);
                Ok(())
            }
            (Step::Draw, _) => Err(Illegal::new("draw first (stock or take), or pack")),
            (Step::Discard, JewelAction::Discard(c) | JewelAction::Declare(c)) => {
                if self.hands[seat].count(c) == 0 {
                    return Err(Illegal::new(format!("you do not hold {c}")));
                }
                let declaring = matches!(action, JewelAction::Declare(_));
                if declaring && !self.may_declare() {
                    return Err(Illegal::new(
                        "nobody may declare before every other player has had a turn (the dealer may)",
                    ));
                }
                self.hands[seat].remove(c);
                self.known[seat].remove(c);
                self.discards.push(c);
                // JWL-3: a joker or jewel is never takeable, not even as a chance card.
                self.takeable = !self.table.can_be_wild(c);
                if !declaring {
                    self.after_discard();
                    return Ok(());
                }
                let hand = self.hands[seat].to_vec();
                match with_solver(|s| validate_declaration(s, &self.table, &hand)) {
                    Some(decl) => {
                        self.status[seat] = Status::Declarer;
                        self.finish(Some((seat, decl)));
                    }
                    None => {
                        // The face-down card becomes the next player's chance card.
                        self.status[seat] = Status::WrongDeclaration;
                        self.exposed[seat] = Some(hand);
                        self.after_discard();
                    }
                }
                Ok(())
            }
            (Step::Discard, _) => Err(Illegal::new("discard now: discard QS, or declare QS")),
        }
    }

    fn view(&self, seat: Seat) -> JewelView {
        let settled = self.settled.as_ref();
        JewelView {
            seat,
            deal_number: self.deal_number,
            dealer: self.dealer as Seat,
            seating: self.seating(),
            cut: self.cut.clone(),
            open: self.table.open,
            jewels: self
                .table
                .jewel_suits
                .map(|s| Card::new(self.table.open.rank().expect("natural"), s)),
            all_wild_groups_allowed: self.table.all_wild_groups_allowed,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat].to_vec(),
            hand_sizes: self.hands.iter().map(|h| h.total()).collect(),
            status: self.status.clone(),
            turns: self.own_turns.clone(),
            kept_jewels: self.kept.clone(),
            discards: self.discards.clone(),
            takeable: self.takeable,
            stock_size: self.stock.len() as u32,
            stocks_rebuilt: self.rebuilt,
            known: self.known.iter().map(|k| k.to_vec()).collect(),
            exposed: self.exposed.clone(),
            declarer: settled.and_then(|s| s.declarer.map(Seat::from)),
            shown: settled.map(|s| {
                (s.arrangements.iter().enumerate())
                    .map(|(q, a)| {
                        a.as_ref()
                            .map(|a| super::present::arrangement_text(&self.table, a, &self.hands[q].to_vec()))
                    })
                    .collect()
            }),
            settlement: settled.map(|s| {
                s.inputs
                    .iter()
                    .map(|i| SettlementView {
                        jewels: i.jewels,
                        standing: i.standing_text(),
                    })
                    .collect()
            }),
            results: settled.map(|s| s.results.clone()),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> JewelDeal {
        let mut world = self.clone();
        world.rng = GameRng::from_seed(rng.next_u64());
        if self.step == Step::Over {
            return world;
        }
        let n = self.players as usize;
        // What this seat cannot see: the other hands less their known cards, and the stock.
        // Everything else (open card, discards, kept jewels, laid-down hands, cards taken from
        // the discards) is public. A rebuilt stock is sampled as unknown too: the seat saw
        // what went into it, but not which of those cards others have drawn since, so pinning
        // them would leak; forgetting them only makes the worlds a little less informed.
        let mut pool = JewelDeal::deck();
        pool.remove(self.table.open);
        for c in self.hands[seat].to_vec() {
            pool.remove(c);
        }
        for &c in &self.discards {
            pool.remove(c);
        }
        for q in 0..n {
            self.kept[q].iter().for_each(|&c| {
                pool.remove(c);
            });
            if let (Some(h), true) = (&self.exposed[q], q != seat) {
                h.iter().for_each(|&c| {
                    pool.remove(c);
                });
            }
            if q != seat && self.exposed[q].is_none() {
                for c in self.known[q].to_vec() {
                    pool.remove(c);
                }
            }
        }
        let mut hidden = pool.to_vec();
        rng.shuffle(&mut hidden);
        let mut next = hidden.into_iter();
        for q in 0..n {
            if q == seat || self.exposed[q].is_some() {
                continue;
            }
            let unknown = self.hands[q].total() - self.known[q].total();
            let mut h = self.known[q].clone();
            for _ in 0..unknown {
                h.add(next.next().expect("the pool holds every unseen card"));
            }
            world.hands[q] = h;
        }
        for slot in world.stock.iter_mut() {
            *slot = next.next().expect("the pool holds every unseen card");
        }
        debug_assert!(next.next().is_none(), "every unseen card is placed");
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        let s = self.settled.as_ref()?;
        let next = self.left_of(self.dealer as usize, 1);
        Some(DealOutcome::with_next_dealer(s.results.clone(), next))
    }

    fn search_helps(&self) -> bool {
        // The rule bot is too slow for rollouts, and random rollouts almost never reach a
        // declaration, so a search misjudges every decision (measured: 50 points per four deals
        // worse than the rule bot). `hard` is the lookahead bot instead (`Game::hard_search`).
        false
    }

    fn dealer_seat(&self) -> Option<Seat> {
        Some(JewelDeal::dealer(self))
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        all.add(self.table.open);
        for h in &self.hands {
            all.add_all(h);
        }
        for &c in self
            .stock
            .iter()
            .chain(&self.discards)
            .chain(self.kept.iter().flatten())
        {
            all.add(c);
        }
        all
    }
}

impl Settlement {
    fn standing_text(&self) -> String {
        match self.standing {
            Standing::Declarer { net } => format!("declared, bonus {net}"),
            Standing::Played { net } => format!("played on, net {net:+}"),
            Standing::Packed { cost: 4 } => "packed at the first turn, 4 to a declarer".into(),
            Standing::Packed { cost } => format!("packed mid-deal, {cost} to a declarer"),
        }
    }
}

/// One player's settlement line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SettlementView {
    pub jewels: i32,
    pub standing: String,
}

/// What one seat sees: its own hand, the open card and jewels, every discard, packers' kept
/// jewels, hands laid down in wrong declarations, the cards others took from the discards,
/// and at the end every arrangement and the settlement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JewelView {
    pub seat: Seat,
    /// Deals completed in the match before this one.
    pub deal_number: u32,
    pub dealer: Seat,
    /// The players in clockwise order round the table.
    pub seating: Vec<Seat>,
    /// The cards each player drew in the cut for seats before this deal (by seat), if there
    /// was one.
    pub cut: Option<Vec<Vec<Card>>>,
    pub open: Card,
    pub jewels: [Card; 2],
    pub all_wild_groups_allowed: bool,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<u32>,
    pub status: Vec<Status>,
    pub turns: Vec<u32>,
    pub kept_jewels: Vec<Vec<Card>>,
    /// Bottom first, top last.
    pub discards: Vec<Card>,
    pub takeable: bool,
    pub stock_size: u32,
    pub stocks_rebuilt: u8,
    pub known: Vec<Vec<Card>>,
    pub exposed: Vec<Option<Vec<Card>>>,
    pub declarer: Option<Seat>,
    /// Each hand laid out at the end, in words naming every card (a packer shows nothing).
    pub shown: Option<Vec<Option<String>>>,
    pub settlement: Option<Vec<SettlementView>>,
    pub results: Option<Vec<i64>>,
}
