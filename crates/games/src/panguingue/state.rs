//! One Panguingue deal: going on top, turns (the force window, the draw, melding plays, the
//! discard), condition payments as they happen, going out and the settlement.

use super::actions::{PanAction, Play};
use super::layout::{Effect, Layout, Limits};
use super::rules::{Forcing, NextDealer, PanConfig, Protection, Repeat, TakeRule};
use cards::{Card, CardCounts, GameRng};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Each player in turn, from first hand to the dealer, stays or retires.
    OnTop,
    /// The player in turn could meld the top discard: the others, in turn order, may force it.
    Force,
    /// Draw from the stock or take the top discard (with the play that melds it).
    Draw,
    /// Melding plays, then a discard.
    Meld,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Player {
    pub(super) hand: CardCounts,
    pub(super) layout: Layout,
    pub(super) retired: bool,
    /// The high-water mark `H` of PAN-9: condition chips already collected.
    pub(super) collected: u32,
}

/// A Panguingue deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanDeal {
    pub(super) cfg: PanConfig,
    pub(super) players: u8,
    pub(super) dealer: u8,
    pub(super) step: Step,
    pub(super) to_act: u8,
    /// Whose turn it is (during the force window too).
    pub(super) turn: u8,
    pub(super) seats: Vec<Player>,
    /// Top card last.
    pub(super) stock: Vec<Card>,
    /// Top card last.
    pub(super) discards: Vec<Card>,
    /// Whether the top discard is a stock card the previous player drew and threw (PAN-2).
    pub(super) top_from_stock: bool,
    /// Whether the stock is rebuilt from discards (so everyone knows what is in it).
    pub(super) stock_seen: bool,
    /// After a rebuild, the cards the stock may still hold as far as anyone knows: the rebuilt
    /// cards less those drawn and thrown face up (a drawn card melded or kept is not known).
    pub(super) stock_may_hold: CardCounts,
    /// The player in turn drew from the stock this turn (public), and how many hand cards they
    /// have put down since (public): together they say what others know of the drawn card.
    pub(super) drew_stock: bool,
    pub(super) placed_this_turn: u8,
    /// The stock card drawn this turn while it is neither melded nor discarded nor kept.
    pub(super) drawn: Option<Card>,
    /// The player in turn has been forced to take the top discard.
    pub(super) forced: bool,
    /// Who forced, for the views.
    pub(super) forcer: Option<u8>,
    pub(super) deltas: Vec<i64>,
    pub(super) pot: i64,
    /// What the winner took from the pot (the pot itself is empty once they have).
    pub(super) pot_won: i64,
    pub(super) winner: Option<u8>,
    pub(super) turns: u32,
    pub(super) rng: GameRng,
}

impl PanDeal {
    /// Deals `order` (top card first): five cards at a time, twice round, from first hand (the
    /// dealer's right) to the right; the next card is turned up to start the discards; the rest
    /// is the stock. Everyone has anted. `seed` drives reshuffles of the discards.
    pub fn new(cfg: PanConfig, players: usize, dealer: Seat, order: &[Card], seed: u64) -> PanDeal {
        let n = players;
        let right = |s: usize| (s + n - 1) % n;
        let eldest = right(dealer);
        let mut seats = vec![
            Player {
                hand: CardCounts::new(),
                layout: Layout::default(),
                retired: false,
                collected: 0,
            };
            n
        ];
        let mut next = 0;
        for _ in 0..2 {
            let mut s = eldest;
            for _ in 0..n {
                for _ in 0..5 {
                    seats[s].hand.add(order[next]);
                    next += 1;
                }
                s = right(s);
            }
        }
        let discards = vec![order[next]];
        let mut stock = order[next + 1..].to_vec();
        stock.reverse();
        PanDeal {
            cfg,
            players: n as u8,
            dealer: dealer as u8,
            step: Step::OnTop,
            to_act: eldest as u8,
            turn: eldest as u8,
            seats,
            stock,
            discards,
            top_from_stock: true, // the upcard counts as a stock card
            stock_seen: false,
            stock_may_hold: CardCounts::new(),
            drew_stock: false,
            placed_this_turn: 0,
            drawn: None,
            forced: false,
            forcer: None,
            deltas: vec![-cfg.ante; n],
            pot: cfg.ante * n as i64,
            pot_won: 0,
            winner: None,
            turns: 0,
            rng: GameRng::from_seed(seed),
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.seats[seat].hand
    }

    pub fn layout(&self, seat: Seat) -> &Layout {
        &self.seats[seat].layout
    }

    pub fn is_retired(&self, seat: Seat) -> bool {
        self.seats[seat].retired
    }

    pub fn deltas(&self) -> &[i64] {
        &self.deltas
    }

    pub fn pot(&self) -> i64 {
        self.pot
    }

    pub fn winner(&self) -> Option<Seat> {
        self.winner.map(Seat::from)
    }

    pub fn turn(&self) -> Seat {
        self.turn as Seat
    }

    fn n(&self) -> usize {
        self.players as usize
    }

    fn right(&self, s: usize) -> usize {
        (s + self.n() - 1) % self.n()
    }

    /// The next player still in the deal to the right of `s`.
    fn next_active(&self, s: usize) -> usize {
        let mut q = self.right(s);
        while self.seats[q].retired && q != s {
            q = self.right(q);
        }
        q
    }

    fn active(&self) -> usize {
        self.seats.iter().filter(|p| !p.retired).count()
    }

    /// Whether `q` pays conditions, the going-out chip and the no-meld penalty (PAN-6).
    fn pays(&self, q: usize) -> bool {
        !self.seats[q].retired || self.cfg.retired_pay
    }

    /// Each paying opponent of `p` pays `amount` to `p`.
    fn collect(&mut self, p: usize, amount: impl Fn(&PanDeal, usize) -> i64) {
        for q in 0..self.n() {
            if q != p && self.pays(q) {
                let a = amount(self, q);
                self.deltas[q] -= a;
                self.deltas[p] += a;
            }
        }
    }

    /// PAN-9: after a melding play, opponents pay the rise in `p`'s table entitlement above what `p`
    /// has already collected.
    fn settle_conditions(&mut self, p: usize) {
        let t = self.seats[p].layout.entitlement(&self.cfg.melds);
        let h = self.seats[p].collected;
        if t > h {
            self.collect(p, |_, _| (t - h) as i64);
            self.seats[p].collected = t;
        }
    }

    /// Whether the top discard may be taken at all under the take rule (PAN-2).
    pub(super) fn top_is_takeable(&self) -> bool {
        !self.discards.is_empty() && (self.cfg.take_rule == TakeRule::AnyTop || self.top_from_stock)
    }

    /// The plays that would meld the top discard for the player in turn.
    fn take_plays(&self, lay_off_only: bool, out: &mut Vec<PanAction>) {
        let Some(&top) = self.discards.last() else { return };
        if !self.top_is_takeable() {
            return;
        }
        let p = self.turn as usize;
        let mut hand = self.seats[p].hand.clone();
        hand.add(top);
        let limits = Limits {
            must_place: Some(top),
            lay_off_only,
            splits: false,
        };
        self.seats[p]
            .layout
            .each_play(&hand, limits, &self.cfg.melds, &mut |play| {
                out.push(PanAction::take_of(play, top))
            });
    }

    /// Starts `p`'s turn: the force window if the top discard may be forced on `p` (PAN-3), else
    /// the draw.
    fn start_turn(&mut self, p: usize) {
        self.turn = p as u8;
        self.drawn = None;
        self.drew_stock = false;
        self.placed_this_turn = 0;
        self.forced = false;
        self.forcer = None;
        if self.stock.is_empty() && self.discards.len() <= 1 {
            // Nothing to draw: take the discard if possible (cannot happen with legal packs,
            // where stock and discards always hold more than 40 cards between them).
            self.step = Step::Draw;
            self.to_act = p as u8;
            let mut takes = Vec::new();
            self.take_plays(false, &mut takes);
            if takes.is_empty() {
                self.finish_void();
            }
            return;
        }
        let forceable = self.top_is_takeable()
            && match self.cfg.forcing {
                Forcing::Off => false,
                // Public: whether the card fits the player's melds on the table.
                Forcing::LayOffOnly => {
                    let top = *self.discards.last().expect("takeable");
                    self.seats[p].layout.fits(top, &self.cfg.melds)
                }
                // Anyone may demand it; a player who cannot meld it says so and draws.
                Forcing::AnyMeld => true,
            };
        if forceable {
            self.step = Step::Force;
            self.to_act = self.next_active(p) as u8;
            return;
        }
        self.step = Step::Draw;
        self.to_act = p as u8;
    }

    fn refill_stock(&mut self) {
        let top = self.discards.pop().expect("a discard pile");
        let mut rest = std::mem::take(&mut self.discards);
        self.rng.shuffle(&mut rest);
        self.stock_may_hold = rest.iter().copied().collect();
        self.stock = rest;
        self.discards.push(top);
        self.stock_seen = true;
    }

    /// The melds of the next player in turn when that player has 10 melded (PAN-10).
    fn watched(&self) -> Option<&Layout> {
        let p = self.turn as usize;
        let next = self.next_active(p);
        (next != p && self.seats[next].layout.melded() == 10).then_some(&self.seats[next].layout)
    }

    /// Whether the drawn stock card may stay in the hand (PAN-10's exception), given whether a
    /// card would feed the watched player.
    fn may_keep_drawn(&self, feeds: impl Fn(Card) -> bool) -> bool {
        self.drawn
            .is_some_and(|d| self.cfg.protect != Protection::Off && feeds(d))
    }

    /// Whether discarding `c` throws the drawn stock card. With a copy of it also in hand and
    /// the drawn card allowed to stay, the player throws the hand's copy instead.
    fn throws_drawn(&self, c: Card, may_keep: bool) -> bool {
        self.drawn == Some(c) && !(self.seats[self.turn as usize].hand.count(c) >= 2 && may_keep)
    }

    /// Calls `out` with each card the player in turn may discard now (PAN-10 applied).
    fn each_discard(&self, out: &mut impl FnMut(Card)) {
        let hand = &self.seats[self.turn as usize].hand;
        let watched = self.watched();
        let feeds = |c: Card| watched.is_some_and(|l| l.fits(c, &self.cfg.melds));
        let may_keep = self.may_keep_drawn(feeds);
        let only_drawn = self.drawn.is_some() && !may_keep;
        let candidates = || {
            hand.iter()
                .map(|(c, _)| c)
                .filter(move |&c| !only_drawn || Some(c) == self.drawn)
        };
        // A discard the next player may take (PAN-2) that would put them out.
        let unsafe_card = |c: Card| {
            self.cfg.protect == Protection::Mandatory
                && (self.cfg.take_rule == TakeRule::AnyTop || self.throws_drawn(c, may_keep))
                && feeds(c)
        };
        // Mandatory protection: unsafe cards only when every candidate is unsafe.
        let any_safe = candidates().any(|c| !unsafe_card(c));
        for c in candidates() {
            if !any_safe || !unsafe_card(c) {
                out(c);
            }
        }
    }

    /// Whether the player in turn has taken and melded a forced discard: PAN-3's forced turn is the
    /// take, its lay-off and the discard, so only the discard is left (a player whose forced
    /// card could not be melded drew from the stock and plays a free turn).
    fn forced_take_made(&self) -> bool {
        self.forced && self.step == Step::Meld && !self.drew_stock
    }

    /// The limits on melding plays at this point of the turn.
    fn limits(&self) -> Limits {
        let must_place = if self.cfg.meld_when_rejecting { None } else { self.drawn };
        Limits {
            must_place,
            lay_off_only: false,
            splits: must_place.is_none(),
        }
    }

    /// Applies a checked play for the player in turn, collects any condition payment, and ends
    /// the deal if the player now has 11 cards melded.
    fn commit_play(&mut self, effect: &Effect) {
        let p = self.turn as usize;
        let player = &mut self.seats[p];
        player.layout.commit(&mut player.hand, effect);
        self.placed_this_turn = self.placed_this_turn.saturating_add(effect.from_hand.len() as u8);
        if let Some(d) = self.drawn {
            if effect.from_hand.contains(d) {
                self.drawn = None;
            }
        }
        self.settle_conditions(p);
        if self.seats[p].layout.melded() == 11 {
            self.finish_won(p);
        }
    }

    /// PAN-16: the winner takes the pot, one chip from each paying opponent, every condition again
    /// and any no-meld penalty.
    fn finish_won(&mut self, w: usize) {
        let rules = self.cfg.melds;
        let again = match self.cfg.repeat {
            Repeat::FullEntitlement => self.seats[w].layout.entitlement(&rules),
            Repeat::BaseValuesOnly => self.seats[w].layout.base_values(&rules),
        } as i64;
        let penalty = self.cfg.no_meld_penalty;
        self.collect(w, |d, q| {
            let bare = d.seats[q].layout.melds().is_empty();
            1 + again + if bare { penalty } else { 0 }
        });
        self.take_pot(w);
        self.step = Step::Over;
    }

    fn take_pot(&mut self, w: usize) {
        self.deltas[w] += self.pot;
        self.pot_won = self.pot;
        self.pot = 0;
        self.winner = Some(w as u8);
    }

    /// PAN-5: everyone else retired, so the last player takes the pot with no other payment.
    fn finish_alone(&mut self, w: usize) {
        self.take_pot(w);
        self.step = Step::Over;
    }

    /// A deal nobody can finish (the `max_turns` house limit): antes and forfeits go back,
    /// condition payments stand.
    fn finish_void(&mut self) {
        for s in 0..self.n() {
            let back = self.cfg.ante + if self.seats[s].retired { self.cfg.forfeit } else { 0 };
            self.deltas[s] += back;
            self.pot -= back;
        }
        debug_assert_eq!(self.pot, 0);
        self.step = Step::Over;
    }

    /// The seat that would deal next.
    fn next_dealer(&self) -> Seat {
        match (self.cfg.next_dealer, self.winner) {
            (NextDealer::WinnerIsEldest, Some(w)) => (w as usize + 1) % self.n(),
            _ => self.right(self.dealer as usize),
        }
    }

    fn on_top(&mut self, retire: bool) {
        let p = self.to_act as usize;
        if retire {
            self.seats[p].retired = true;
            self.deltas[p] -= self.cfg.forfeit;
            self.pot += self.cfg.forfeit;
            if self.active() == 1 {
                let last = (0..self.n()).find(|&s| !self.seats[s].retired).expect("one left");
                self.finish_alone(last);
                return;
            }
        }
        if p == self.dealer as usize {
            let eldest = self.right(self.dealer as usize);
            let first = if self.seats[eldest].retired {
                self.next_active(eldest)
            } else {
                eldest
            };
            self.start_turn(first);
        } else {
            self.to_act = self.right(p) as u8;
        }
    }

    fn check_play(&self, play: Play) -> Result<Effect, Illegal> {
        if self.forced_take_made() {
            return Err(Illegal::new(
                "a forced turn is the take, its lay-off and the discard: discard now (you meld freely again next turn)",
            ));
        }
        let p = self.turn as usize;
        self.seats[p]
            .layout
            .check(&self.seats[p].hand, play, self.limits(), &self.cfg.melds)
    }

    /// Checks a take: the card must be takeable and the play must meld it.
    fn check_take(&self, action: PanAction) -> Result<(Card, Effect), Illegal> {
        let Some(&top) = self.discards.last() else {
            return Err(Illegal::new("the discard pile is empty"));
        };
        if !self.top_is_takeable() {
            return Err(Illegal::new(
                "the top discard cannot be taken: only a stock card the previous player drew and threw away may be",
            ));
        }
        let p = self.turn as usize;
        let mut hand = self.seats[p].hand.clone();
        hand.add(top);
        let play = action
            .take_play(top)
            .ok_or_else(|| Illegal::new("no meld holds more than 11 cards"))?;
        let limits = Limits {
            must_place: Some(top),
            lay_off_only: self.forced && self.cfg.forcing == Forcing::LayOffOnly,
            splits: false,
        };
        let effect = self.seats[p].layout.check(&hand, play, limits, &self.cfg.melds)?;
        Ok((top, effect))
    }

    // Each move of `apply` on its own, so that `apply` reads as the table of what each step
    // allows.

    fn force(&mut self) {
        self.forced = true;
        self.forcer = Some(self.to_act);
        self.step = Step::Draw;
        self.to_act = self.turn;
    }

    fn pass_force(&mut self) {
        let next = self.next_active(self.to_act as usize);
        if next == self.turn as usize {
            self.step = Step::Draw;
        }
        self.to_act = next as u8;
    }

    fn draw_stock(&mut self) -> Result<(), Illegal> {
        if self.forced {
            let mut takes = Vec::new();
            self.take_plays(self.cfg.forcing == Forcing::LayOffOnly, &mut takes);
            if !takes.is_empty() {
                return Err(Illegal::new("you have been forced: take the top discard and meld it"));
            }
        }
        if self.stock.is_empty() {
            if self.discards.len() <= 1 {
                return Err(Illegal::new("the stock is empty and the discards cannot rebuild it"));
            }
            self.refill_stock();
        }
        let c = self.stock.pop().expect("a stock card");
        let p = self.turn as usize;
        self.seats[p].hand.add(c);
        self.drawn = Some(c);
        self.drew_stock = true;
        self.step = Step::Meld;
        Ok(())
    }

    fn take_top(&mut self, action: PanAction) -> Result<(), Illegal> {
        let (top, effect) = self.check_take(action)?;
        self.discards.pop();
        self.top_from_stock = false;
        let p = self.turn as usize;
        self.seats[p].hand.add(top);
        self.step = Step::Meld;
        self.commit_play(&effect);
        Ok(())
    }

    fn discard(&mut self, c: Card) -> Result<(), Illegal> {
        let p = self.turn as usize;
        if self.seats[p].hand.count(c) == 0 {
            return Err(Illegal::new(format!("you do not hold {c}")));
        }
        let mut allowed = false;
        self.each_discard(&mut |x| allowed |= x == c);
        if !allowed {
            let mut options = Vec::new();
            self.each_discard(&mut |x| options.push(x));
            let list: Vec<String> = options.iter().map(|c| c.to_string()).collect();
            let why = match self.drawn {
                Some(d) if options == [d] => format!("the card you drew ({d}) must be melded or discarded"),
                _ => "the next player has 10 melded and that card would fit them".to_string(),
            };
            return Err(Illegal::new(format!(
                "you may not discard {c}: {why} (allowed: {})",
                list.join(" ")
            )));
        }
        let watched = self.watched();
        let may_keep = self.may_keep_drawn(|d| watched.is_some_and(|l| l.fits(d, &self.cfg.melds)));
        self.top_from_stock = self.throws_drawn(c, may_keep);
        if self.top_from_stock && self.stock_seen {
            self.stock_may_hold.remove(c);
        }
        self.seats[p].hand.remove(c);
        self.discards.push(c);
        self.drawn = None;
        self.turns += 1;
        if self.turns >= self.cfg.max_turns {
            self.finish_void();
        } else {
            let next = self.next_active(p);
            self.start_turn(next);
        }
        Ok(())
    }
}

impl Deal for PanDeal {
    type Action = PanAction;
    type View = PanView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<PanAction>) {
        out.clear();
        match self.step {
            Step::OnTop => out.extend([PanAction::Stay, PanAction::Retire]),
            Step::Force => out.extend([PanAction::Force, PanAction::Pass]),
            Step::Draw => {
                let lay_off_only = self.forced && self.cfg.forcing == Forcing::LayOffOnly;
                self.take_plays(lay_off_only, out);
                let may_draw = !self.forced || out.is_empty();
                if may_draw && (!self.stock.is_empty() || self.discards.len() > 1) {
                    out.push(PanAction::Stock);
                }
            }
            Step::Meld => {
                let p = self.turn as usize;
                if !self.forced_take_made() {
                    self.seats[p]
                        .layout
                        .each_play(&self.seats[p].hand, self.limits(), &self.cfg.melds, &mut |play| {
                            out.push(play.into())
                        });
                }
                self.each_discard(&mut |c| out.push(PanAction::Discard(c)));
            }
            Step::Over => {}
        }
        out.sort_unstable();
        out.dedup();
    }

    fn apply(&mut self, action: PanAction) -> Result<(), Illegal> {
        use PanAction as A;
        match (self.step, action) {
            (Step::Over, _) => Err(Illegal::new("the deal is over")),
            (Step::OnTop, A::Stay) => {
                self.on_top(false);
                Ok(())
            }
            (Step::OnTop, A::Retire) => {
                self.on_top(true);
                Ok(())
            }
            (Step::OnTop, _) => Err(Illegal::new("going on top: stay or retire")),
            (Step::Force, A::Force) => {
                self.force();
                Ok(())
            }
            (Step::Force, A::Pass) => {
                self.pass_force();
                Ok(())
            }
            (Step::Force, _) => Err(Illegal::new(format!(
                "force (make seat {} take the top discard and meld it) or pass",
                self.turn
            ))),
            (Step::Draw, A::Stock) => self.draw_stock(),
            (Step::Draw, A::TakeOn(_) | A::TakeMeld(_) | A::TakeBorrow(..)) => self.take_top(action),
            (Step::Draw, _) => Err(Illegal::new(
                "draw first: stock, or take the top discard with the play that melds it (take on N, take meld ...)",
            )),
            (Step::Meld, A::Meld(_) | A::Lay(..) | A::Split(..) | A::Borrow(..)) => {
                let play = action.play().expect("a melding play");
                let effect = self.check_play(play)?;
                self.commit_play(&effect);
                Ok(())
            }
            (Step::Meld, A::Discard(c)) => self.discard(c),
            (Step::Meld, _) => Err(Illegal::new(
                "meld, lay off, split or borrow, or end the turn with discard CARD",
            )),
        }
    }

    fn view(&self, seat: Seat) -> PanView {
        let rules = &self.cfg.melds;
        PanView {
            seat,
            dealer: self.dealer as Seat,
            step: self.step,
            to_act: self.to_act(),
            turn: self.turn as Seat,
            hand: self.seats[seat].hand.to_vec(),
            drawn: if seat == self.turn as usize { self.drawn } else { None },
            forced: self.forced,
            forced_by: self.forcer.map(Seat::from),
            players: self
                .seats
                .iter()
                .enumerate()
                .map(|(s, p)| SeatView {
                    seat: s,
                    retired: p.retired,
                    hand_size: p.hand.total(),
                    melded: p.layout.melded(),
                    melds: p.layout.melds().iter().map(|m| m.cards().cards().collect()).collect(),
                    conditions_collected: p.collected,
                    chips: self.deltas[s],
                })
                .collect(),
            discards: self.discards.clone(),
            top_takeable: self.top_is_takeable(),
            stock_size: self.stock.len() as u32,
            stock_rebuilt: self.stock_seen,
            pot: self.pot,
            entitlement: self.seats[seat].layout.entitlement(rules),
            winner: self.winner(),
            next_dealer: (self.step == Step::Over).then(|| self.next_dealer()),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> PanDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        // Nothing about another hand is ever public: discards never go back to a hand, so the
        // unseen cards (other hands, live or dead, and the stock) are interchangeable, except
        // that a rebuilt stock can only hold cards that were rebuilt into it and not seen since.
        // Everything is built in card order, so that two states the seat cannot tell apart give
        // the same worlds from the same random stream.
        let mut unseen = CardCounts::new();
        for (q, p) in self.seats.iter().enumerate() {
            if q != seat {
                unseen.add_all(&p.hand);
            }
        }
        for &c in &self.stock {
            unseen.add(c);
        }
        let stock_len = self.stock.len();
        let (mut stock, mut hands) = if self.stock_seen {
            let mut items: Vec<(Card, u8)> = Vec::with_capacity(unseen.total() as usize);
            for (c, k) in unseen.iter() {
                let may = self.stock_may_hold.count(c).min(k);
                items.extend((0..k).map(|i| (c, if i < may { 0b11 } else { 0b10 })));
            }
            let sizes = [stock_len as u32, unseen.total() - stock_len as u32];
            let [stock, hands] =
                engine::sampling::deal_items::<2>(&mut items, &sizes, rng).expect("the true stock is one solution");
            (stock.to_vec(), hands.to_vec())
        } else {
            let mut pool = unseen.to_vec();
            rng.shuffle(&mut pool);
            let hands = pool.split_off(stock_len);
            (pool, hands)
        };
        rng.shuffle(&mut stock);
        rng.shuffle(&mut hands);
        world.stock = stock;
        let mut at = 0;
        for q in 0..self.n() {
            if q == seat {
                continue;
            }
            let k = self.seats[q].hand.total() as usize;
            world.seats[q].hand = hands[at..at + k].iter().copied().collect();
            at += k;
        }
        // Others know the player in turn drew from the stock and how many cards they have put
        // down since, not whether the drawn card was among them.
        let turn = self.turn as usize;
        if turn != seat && self.step == Step::Meld && self.drew_stock {
            let hand = world.seats[turn].hand.to_vec();
            let placed = self.placed_this_turn as usize;
            world.drawn = if !self.cfg.meld_when_rejecting && placed > 0 {
                None // every play had to use it
            } else {
                hand.get(rng.index(hand.len() + placed)).copied()
            };
        }
        world.rng = GameRng::from_seed(rng.next_u64());
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| DealOutcome::with_next_dealer(self.deltas.clone(), self.next_dealer()))
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for p in &self.seats {
            all.add_all(&p.hand);
            for m in p.layout.melds() {
                for c in m.cards().cards() {
                    all.add(c);
                }
            }
        }
        for &c in self.stock.iter().chain(self.discards.iter()) {
            all.add(c);
        }
        all
    }
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub retired: bool,
    pub hand_size: u32,
    pub melded: u32,
    pub melds: Vec<Vec<Card>>,
    /// Condition chips collected so far (the high-water mark of PAN-9).
    pub conditions_collected: u32,
    /// Chips won (+) or lost (-) in this deal so far, ante included.
    pub chips: i64,
}

/// What one seat sees: its own hand (and the stock card it just drew), every meld on the
/// table, the whole discard pile, the stock's size, the pot and every payment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PanView {
    pub seat: Seat,
    pub dealer: Seat,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub turn: Seat,
    pub hand: Vec<Card>,
    pub drawn: Option<Card>,
    pub forced: bool,
    pub forced_by: Option<Seat>,
    pub players: Vec<SeatView>,
    /// Bottom first, top last.
    pub discards: Vec<Card>,
    /// Whether the top discard may be taken (by a player who can meld it at once).
    pub top_takeable: bool,
    pub stock_size: u32,
    /// The stock has been rebuilt from the discards, so its cards are known (not their order).
    pub stock_rebuilt: bool,
    pub pot: i64,
    /// This seat's table entitlement `T`.
    pub entitlement: u32,
    pub winner: Option<Seat>,
    pub next_dealer: Option<Seat>,
}
