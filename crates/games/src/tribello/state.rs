use super::rules::{FirstLead, Phase2TrumpTiming, TribelloConfig};
use super::scoring::{deal_scores, quotas, Phase};
use crate::trick::{ace_high, Duties, Trick, TrickCards};
use cards::{Card, CardCounts, CardSet, GameRng, Suit};
use engine::sampling::{deal_hidden, replay_move, HiddenHand};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

const FOLLOW_SUIT: &str = "you must follow suit";

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Phase 2: the dealer names trump.
    NameTrump,
    /// One player at a time discards cards face down, then draws as many from the widow.
    Exchange,
    Play,
    Over,
}

/// One decision. Text: `trump S`, `discard QS`, `keep` (end your exchange and draw), or a card
/// to play (`QS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TribelloAction {
    NameTrump(Suit),
    Discard(Card),
    Keep,
    Play(Card),
}

impl fmt::Display for TribelloAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TribelloAction::NameTrump(s) => write!(f, "trump {s}"),
            TribelloAction::Discard(c) => write!(f, "discard {c}"),
            TribelloAction::Keep => f.write_str("keep"),
            TribelloAction::Play(c) => write!(f, "{c}"),
        }
    }
}

impl FromStr for TribelloAction {
    type Err = String;

    fn from_str(text: &str) -> Result<TribelloAction, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "keep" {
            return Ok(TribelloAction::Keep);
        }
        if let Some(rest) = lower.strip_prefix("trump ") {
            return rest.parse().map(TribelloAction::NameTrump);
        }
        if let Some(rest) = lower.strip_prefix("discard ") {
            return rest.parse().map(TribelloAction::Discard).map_err(|e| e.to_string());
        }
        t.parse()
            .map(TribelloAction::Play)
            .map_err(|e| format!("{e}; or trump S, discard QS, keep"))
    }
}

/// The state of one Tribello deal (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TribelloDeal {
    pub(super) cfg: TribelloConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) phase: Phase,
    pub(super) step: Step,
    pub(super) trump: Option<Suit>,
    pub(super) cut_card: Option<Card>,
    pub(super) to_act: u8,
    pub(super) hands: [CardSet; 3],
    /// The widow, top card last.
    pub(super) widow: [Card; 13],
    pub(super) widow_len: u8,
    /// Whose exchange is next, counted from the dealer (3: exchanges over).
    pub(super) exchange_turn: u8,
    pub(super) discards: [CardSet; 3],
    pub(super) drawn: [CardSet; 3],
    pub(super) exchanged: [Option<u8>; 3],
    pub(super) trick: Trick,
    pub(super) last_trick: Trick,
    pub(super) tricks_won: [u8; 3],
    pub(super) tricks_done: u8,
    pub(super) played: CardSet,
    /// The cards played, in order (public; the first `played.len()` hold cards), so that a
    /// world can be replayed from the start of play (`Deal::past_moves`).
    pub(super) plays: [Card; 39],
    pub(super) cannot_hold: [CardSet; 3],
    pub(super) scores: [i64; 3],
}

impl TribelloDeal {
    /// Deals `order` one card at a time: dealer's left, dealer's right, widow, dealer, again
    /// and again. `cut_card` is the card the cut exposed (it sets trump in phase 1).
    pub fn new(cfg: TribelloConfig, dealer: Seat, deal_number: u32, order: &[Card], cut_card: Card) -> TribelloDeal {
        let phase = Phase::of_deal(deal_number);
        let mut hands = [CardSet::EMPTY; 3];
        let mut widow = [Card::JOKER; 13];
        let mut widow_len = 0;
        for (i, &c) in order.iter().enumerate() {
            match i % 4 {
                0 => hands[(dealer + 1) % 3].insert(c),
                1 => hands[(dealer + 2) % 3].insert(c),
                2 => {
                    widow[widow_len] = c;
                    widow_len += 1;
                }
                _ => hands[dealer].insert(c),
            }
        }
        let cut_trump = phase == Phase::CutTrump;
        let mut deal = TribelloDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            phase,
            step: Step::Exchange,
            trump: if cut_trump { cut_card.suit() } else { None },
            cut_card: cut_trump.then_some(cut_card),
            to_act: dealer as u8,
            hands,
            widow,
            widow_len: widow_len as u8,
            exchange_turn: 0,
            discards: [CardSet::EMPTY; 3],
            drawn: [CardSet::EMPTY; 3],
            exchanged: [None; 3],
            trick: Trick::new(dealer),
            last_trick: Trick::new(dealer),
            tricks_won: [0; 3],
            tricks_done: 0,
            played: CardSet::EMPTY,
            plays: [Card::JOKER; 39],
            cannot_hold: [CardSet::EMPTY; 3],
            scores: [0; 3],
        };
        if phase == Phase::DealerTrump && cfg.phase2_trump_timing == Phase2TrumpTiming::BeforeExchange {
            deal.step = Step::NameTrump;
        } else {
            deal.next_exchange();
        }
        deal
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// Every card played to a trick so far (public).
    pub fn played(&self) -> CardSet {
        self.played
    }

    pub fn tricks_won(&self) -> [u8; 3] {
        self.tricks_won
    }

    pub fn scores(&self) -> [i64; 3] {
        self.scores
    }

    pub(super) fn seat_from_dealer(&self, offset: u8) -> Seat {
        (self.dealer as usize + offset as usize) % 3
    }

    /// Moves to the next player who may exchange, or to trump naming or play.
    fn next_exchange(&mut self) {
        let dealer_done = self.exchange_turn >= 1;
        if self.phase == Phase::DealerTrump && self.trump.is_none() && dealer_done {
            self.step = Step::NameTrump;
            self.to_act = self.dealer;
            return;
        }
        if self.cfg.widow_exchange && self.exchange_turn < 3 && self.widow_len > 0 {
            self.step = Step::Exchange;
            self.to_act = self.seat_from_dealer(self.exchange_turn) as u8;
            return;
        }
        if self.phase == Phase::DealerTrump && self.trump.is_none() {
            // No exchange happened at all (exchanges disabled): the dealer still names trump.
            self.step = Step::NameTrump;
            self.to_act = self.dealer;
            return;
        }
        self.exchange_turn = 3;
        self.step = Step::Play;
        let leader = match self.cfg.first_lead {
            FirstLead::Dealer => self.dealer as Seat,
            FirstLead::DealerLeft => self.seat_from_dealer(1),
        };
        self.trick = Trick::new(leader);
        self.to_act = leader as u8;
    }

    fn finish_exchange(&mut self) {
        let seat = self.to_act as usize;
        let k = self.discards[seat].len() as u8;
        for _ in 0..k {
            self.widow_len -= 1;
            let c = self.widow[self.widow_len as usize];
            self.hands[seat].insert(c);
            self.drawn[seat].insert(c);
        }
        self.exchanged[seat] = Some(k);
        self.exchange_turn += 1;
        self.next_exchange();
    }

    fn duties(&self) -> Duties {
        match self.trick.led_suit() {
            Some(led) => Duties::new().then(CardSet::suit(led), FOLLOW_SUIT),
            None => Duties::new(),
        }
    }

    fn play(&mut self, card: Card) {
        let seat = self.to_act as usize;
        self.cannot_hold[seat] |= self.duties().revealed_absent(card);
        self.hands[seat].remove(card);
        self.plays[self.played.len() as usize] = card;
        self.played.insert(card);
        self.trick.push(card);
        if self.trick.len() < 3 {
            self.to_act = ((seat + 1) % 3) as u8;
            return;
        }
        let winner = (self.trick.leader() + self.trick.winning_index(self.trump, Card::suit, ace_high)) % 3;
        self.tricks_won[winner] += 1;
        self.tricks_done += 1;
        self.last_trick = self.trick;
        self.trick = Trick::new(winner);
        self.to_act = winner as u8;
        if self.tricks_done == 13 {
            self.scores = deal_scores(self.phase, self.dealer as usize, self.tricks_won);
            self.step = Step::Over;
        }
    }

    fn wrong_step(&self) -> Illegal {
        Illegal::new(match self.step {
            Step::NameTrump => "the dealer must name trump now: trump C, trump D, trump H or trump S",
            Step::Exchange => "exchange with the widow now: discard a card, or keep to stop and draw",
            Step::Play => "play a card now",
            Step::Over => "the deal is over",
        })
    }
}

impl Deal for TribelloDeal {
    type Action = TribelloAction;
    type View = TribelloView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<TribelloAction>) {
        out.clear();
        let hand = self.hands[self.to_act as usize];
        match self.step {
            Step::NameTrump => out.extend(Suit::ALL.map(TribelloAction::NameTrump)),
            Step::Exchange => {
                if self.discards[self.to_act as usize].len() < self.widow_len as u32 {
                    out.extend(hand.iter().map(TribelloAction::Discard));
                }
                out.push(TribelloAction::Keep);
            }
            Step::Play => out.extend(self.duties().legal(hand).iter().map(TribelloAction::Play)),
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: TribelloAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::NameTrump, TribelloAction::NameTrump(suit)) => {
                self.trump = Some(suit);
                self.next_exchange();
            }
            (Step::Exchange, TribelloAction::Discard(card)) => {
                if !self.hands[seat].contains(card) {
                    return Err(Illegal::new(format!("you do not hold {card}")));
                }
                if self.discards[seat].len() >= self.widow_len as u32 {
                    return Err(Illegal::new(format!(
                        "you may discard at most {} cards: as many as the widow holds",
                        self.widow_len
                    )));
                }
                self.hands[seat].remove(card);
                self.discards[seat].insert(card);
                if self.discards[seat].len() == self.widow_len as u32 {
                    self.finish_exchange();
                }
            }
            (Step::Exchange, TribelloAction::Keep) => self.finish_exchange(),
            (Step::Play, TribelloAction::Play(card)) => {
                let hand = self.hands[seat];
                if !hand.contains(card) {
                    return Err(Illegal::new(format!("you do not hold {card}")));
                }
                if let Some(reason) = self.duties().broken_by(hand, card) {
                    let led = self.trick.led_suit().map_or("", |s| s.name());
                    return Err(Illegal::new(format!("{reason}: you hold {led}")));
                }
                self.play(card);
            }
            _ => return Err(self.wrong_step()),
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> TribelloView {
        let q = quotas(self.phase);
        TribelloView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            phase: self.phase,
            step: self.step,
            to_act: self.to_act(),
            trump: self.trump,
            cut_card: self.cut_card,
            hand: self.hands[seat],
            widow_size: self.widow_len,
            exchanged: self.exchanged,
            discarded: self.discards[seat],
            drawn: self.drawn[seat],
            hand_sizes: self.hands.map(|h| h.len() as u8),
            trick: self.trick.cards_inline(),
            trick_leader: self.trick.leader(),
            last_trick: self.last_trick.cards_inline(),
            last_trick_leader: self.last_trick.leader(),
            tricks_won: self.tricks_won,
            quotas: std::array::from_fn(|s| q[(s + 3 - self.dealer as usize) % 3]),
            scores: (self.step == Step::Over).then_some(self.scores),
        }
    }

    /// The other seats' plays so far, replayed in this world from the start of play (each
    /// hand then: what it holds now and what it has played). Trump, the exchanges and the
    /// widow stay as this world has them: only the plays are read.
    fn past_moves(&self, seat: Seat, out: &mut Vec<(TribelloDeal, TribelloAction)>) {
        let n = self.played.len() as usize;
        if n == 0 || self.step != Step::Play {
            return;
        }
        // Leaders, walking back from the current trick: each trick's winner led the next.
        let done = n / 3;
        let mut leaders = [0usize; 14];
        leaders[done] = self.trick.leader();
        for k in (0..done).rev() {
            let mut t = Trick::new(0);
            self.plays[3 * k..3 * k + 3].iter().for_each(|&c| t.push(c));
            let w = t.winning_index(self.trump, Card::suit, ace_high);
            leaders[k] = (leaders[k + 1] + 3 - w) % 3;
        }
        let mut start = self.clone();
        for (i, &c) in self.plays[..n].iter().enumerate() {
            start.hands[(leaders[i / 3] + i % 3) % 3].insert(c);
        }
        start.trick = Trick::new(leaders[0]);
        start.last_trick = Trick::new(self.dealer as Seat);
        start.tricks_won = [0; 3];
        start.tricks_done = 0;
        start.played = CardSet::EMPTY;
        start.plays = [Card::JOKER; 39];
        start.cannot_hold = [CardSet::EMPTY; 3];
        start.to_act = leaders[0] as u8;
        for &c in &self.plays[..n] {
            if !replay_move(&mut start, seat, TribelloAction::Play(c), TribelloAction::Play(c), out) {
                return;
            }
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> TribelloDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let (a, b) = ((seat + 1) % 3, (seat + 2) % 3);
        let hidden = [
            HiddenHand {
                size: self.hands[a].len(),
                known: CardSet::EMPTY,
                forbidden: self.cannot_hold[a],
            },
            HiddenHand {
                size: self.hands[b].len(),
                known: CardSet::EMPTY,
                forbidden: self.cannot_hold[b],
            },
            HiddenHand {
                size: self.widow_len as u32,
                ..Default::default()
            },
            HiddenHand {
                size: self.discards[a].len(),
                ..Default::default()
            },
            HiddenHand {
                size: self.discards[b].len(),
                ..Default::default()
            },
        ];
        let pool = CardSet::FULL_52 - self.hands[seat] - self.discards[seat] - self.played;
        let [ha, hb, widow, da, db] = deal_hidden(pool, &hidden, rng).expect("the true deal satisfies every inference");
        world.hands[a] = ha;
        world.hands[b] = hb;
        world.discards[a] = da;
        world.discards[b] = db;
        let mut order: Vec<Card> = widow.iter().collect();
        rng.shuffle(&mut order);
        world.widow[..order.len()].copy_from_slice(&order);
        // What the others drew is hidden too: redraw it from their new hands (topped up from
        // played cards late in the deal) so their records fit the world.
        for (s, hand) in [(a, ha), (b, hb)] {
            let k = self.drawn[s].len();
            let from_hand = hand.sample(k, rng);
            world.drawn[s] = from_hand | self.played.sample(k - from_hand.len(), rng);
        }
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| DealOutcome::new(self.scores.to_vec()))
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for s in 0..3 {
            all.add_set(self.hands[s]);
            all.add_set(self.discards[s]);
        }
        all.add_set(self.played);
        for &c in &self.widow[..self.widow_len as usize] {
            all.add(c);
        }
        all
    }
}

/// What one seat may see of a Tribello deal: its own hand, discards and draws; the widow's size;
/// how many cards each player exchanged; every card played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TribelloView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub phase: Phase,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub trump: Option<Suit>,
    /// Phase 1: the card the cut exposed.
    pub cut_card: Option<Card>,
    pub hand: CardSet,
    pub widow_size: u8,
    /// Cards each seat exchanged, once it has.
    pub exchanged: [Option<u8>; 3],
    pub discarded: CardSet,
    pub drawn: CardSet,
    pub hand_sizes: [u8; 3],
    pub trick: TrickCards,
    pub trick_leader: Seat,
    pub last_trick: TrickCards,
    pub last_trick_leader: Seat,
    pub tricks_won: [u8; 3],
    /// Each seat's trick quota this deal.
    pub quotas: [i64; 3],
    pub scores: Option<[i64; 3]>,
}
