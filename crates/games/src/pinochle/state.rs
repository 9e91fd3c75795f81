use super::meld::{best_meld, Meld};
use super::rules::{MustHead, PinochleConfig};
use super::scoring::{card_points, settle, Outcome};
use crate::trick::{Duties, Trick, TrickCards};
use cards::{Card, CardCounts, CardSet, DoubleSet, GameRng, Rank, Suit};
use engine::sampling::{deal_items, replay_move};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

const FOLLOW_SUIT: &str = "you must follow suit";
const MUST_TRUMP: &str = "you must trump when you cannot follow suit";
const MUST_HEAD: &str = "you must beat the card winning the trick (head it) when you can";

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Auction,
    /// The bidder has taken the widow and names trump.
    NameTrump,
    /// The bidder buries three cards, one decision each.
    Bury,
    /// The bidder concedes or plays on.
    Concede,
    Playing,
    Over,
}

/// One decision. Text: `pass`, `bid 350`, `trump S`, `bury QS`, `concede`, `play-on`, or a card
/// to play (`QS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PinochleAction {
    Pass,
    Bid(u16),
    Trump(Suit),
    Bury(Card),
    Concede,
    PlayOn,
    Play(Card),
}

impl fmt::Display for PinochleAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinochleAction::Pass => f.write_str("pass"),
            PinochleAction::Bid(b) => write!(f, "bid {b}"),
            PinochleAction::Trump(s) => write!(f, "trump {s}"),
            PinochleAction::Bury(c) => write!(f, "bury {c}"),
            PinochleAction::Concede => f.write_str("concede"),
            PinochleAction::PlayOn => f.write_str("play-on"),
            PinochleAction::Play(c) => write!(f, "{c}"),
        }
    }
}

impl FromStr for PinochleAction {
    type Err = String;

    fn from_str(text: &str) -> Result<PinochleAction, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["pass"] => Ok(PinochleAction::Pass),
            ["concede"] => Ok(PinochleAction::Concede),
            ["play-on"] => Ok(PinochleAction::PlayOn),
            ["bid", n] => n
                .parse::<u16>()
                .map(PinochleAction::Bid)
                .map_err(|_| format!("'{n}' is not a bid: write bid 350")),
            ["trump", s] => s.parse().map(PinochleAction::Trump),
            [n] if n.parse::<u16>().is_ok() => Err(format!("'{n}' alone is not an action: to bid, write bid {n}")),
            ["bury", c] => c.parse().map(PinochleAction::Bury).map_err(|e| e.to_string()),
            _ => t
                .parse()
                .map(PinochleAction::Play)
                .map_err(|e| format!("{e}; or pass, bid N, trump S, bury QS, concede, play-on")),
        }
    }
}

/// The state of one Auction Pinochle deal (no heap except the meld listing and the shared
/// auction log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinochleDeal {
    pub(super) cfg: PinochleConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: [DoubleSet; 3],
    pub(super) widow: [Card; 3],
    pub(super) widow_taken: bool,
    pub(super) passed: [bool; 3],
    pub(super) high_bid: i64,
    pub(super) high_bidder: Option<u8>,
    /// Auction in order: (seat, bid), 0 for a pass. Shared between clones (a search clones the
    /// deal at every step, mostly after the auction) and copied only when a clone bids.
    pub(super) bid_log: Arc<Vec<(u8, u16)>>,
    pub(super) trump: Option<Suit>,
    pub(super) meld: Option<Meld>,
    pub(super) buried: DoubleSet,
    pub(super) conceded: bool,
    pub(super) trick: Trick,
    pub(super) last_trick: Trick,
    pub(super) tricks_done: u8,
    pub(super) taken: [i64; 3],
    pub(super) played: DoubleSet,
    pub(super) played_by: [DoubleSet; 3],
    /// The cards played in order (public; the first `played.len()` hold cards), so that a
    /// world can be replayed from the start of play (`Deal::past_moves`).
    pub(super) plays: [Card; 45],
    pub(super) cannot_hold: [CardSet; 3],
    pub(super) outcome: Option<Outcome>,
    pub(super) bidder_total: i64,
    pub(super) deltas: [i64; 3],
}

pub(super) fn strength(card: Card) -> u8 {
    match card.rank().expect("no jokers") {
        Rank::Ace => 6,
        Rank::Ten => 5,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 1,
    }
}

impl PinochleDeal {
    /// Deals `order` (top first) in packets of three clockwise from the dealer's left; after the
    /// first round the next three cards form the widow.
    pub fn new(cfg: PinochleConfig, dealer: Seat, deal_number: u32, order: &[Card]) -> PinochleDeal {
        let mut hands = [DoubleSet::EMPTY; 3];
        let mut widow = [Card::JOKER; 3];
        let turn = [(dealer + 1) % 3, (dealer + 2) % 3, dealer];
        let mut next = 0;
        for round in 0..5 {
            for &p in &turn {
                for _ in 0..3 {
                    hands[p].insert(order[next]);
                    next += 1;
                }
            }
            if round == 0 {
                widow.copy_from_slice(&order[next..next + 3]);
                next += 3;
            }
        }
        PinochleDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            step: Step::Auction,
            to_act: turn[0] as u8,
            hands,
            widow,
            widow_taken: false,
            passed: [false; 3],
            high_bid: 0,
            high_bidder: None,
            bid_log: Arc::default(),
            trump: None,
            meld: None,
            buried: DoubleSet::EMPTY,
            conceded: false,
            trick: Trick::new(turn[0]),
            last_trick: Trick::new(turn[0]),
            tricks_done: 0,
            taken: [0; 3],
            played: DoubleSet::EMPTY,
            played_by: [DoubleSet::EMPTY; 3],
            plays: [Card::JOKER; 45],
            cannot_hold: [CardSet::EMPTY; 3],
            outcome: None,
            bidder_total: 0,
            deltas: [0; 3],
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> DoubleSet {
        self.hands[seat]
    }

    pub fn bidder(&self) -> Option<Seat> {
        if self.step == Step::Auction {
            None
        } else {
            self.high_bidder.map(Seat::from)
        }
    }

    pub fn high_bid(&self) -> i64 {
        self.high_bid
    }

    pub fn meld(&self) -> Option<&Meld> {
        self.meld.as_ref()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn bidder_total(&self) -> i64 {
        self.bidder_total
    }

    pub fn deltas(&self) -> [i64; 3] {
        self.deltas
    }

    fn min_bid(&self) -> i64 {
        if self.high_bidder.is_some() {
            self.high_bid + self.cfg.bid_step
        } else {
            self.cfg.min_bid
        }
    }

    fn next_bidder(&self, from: Seat) -> Option<Seat> {
        (1..=3).map(|k| (from + k) % 3).find(|&s| !self.passed[s])
    }

    /// After an auction move: the next bidder, the winner, or a redeal.
    fn advance_auction(&mut self, seat: Seat) {
        let active = self.passed.iter().filter(|&&p| !p).count();
        match (active, self.high_bidder) {
            (0, _) => self.step = Step::Over, // everyone passed: redeal by the next dealer
            (1, Some(b)) if !self.passed[b as usize] => {
                let b = b as usize;
                for &c in &self.widow {
                    self.hands[b].insert(c);
                }
                self.widow_taken = true;
                self.step = Step::NameTrump;
                self.to_act = b as u8;
            }
            _ => self.to_act = self.next_bidder(seat).expect("someone is still bidding") as u8,
        }
    }

    /// Whether the bidder may bury a copy of `card`: not a copy shown in the meld, unless that
    /// is allowed or too few unshown copies are left to bury three (then any card will do).
    fn buryable(&self, card: Card) -> bool {
        let b = self.to_act as usize;
        let shown = |c: Card| self.meld.as_ref().map_or(0, |m| m.shown.count(c));
        let unshown: u32 = self.hands[b]
            .distinct()
            .iter()
            .map(|c| self.hands[b].count(c).saturating_sub(shown(c)) as u32)
            .sum();
        let relaxed = self.cfg.may_bury_melded || unshown < 3 - self.buried.len();
        self.hands[b].count(card) > if relaxed { 0 } else { shown(card) }
    }

    fn after_bury(&mut self) {
        if self.cfg.allow_concede {
            self.step = Step::Concede;
        } else {
            self.start_play();
        }
    }

    fn start_play(&mut self) {
        self.step = Step::Playing;
        let leader = if self.cfg.bidder_leads {
            self.high_bidder.expect("a bidder") as Seat
        } else {
            (self.dealer as Seat + 1) % 3
        };
        self.trick = Trick::new(leader);
        self.to_act = leader as u8;
    }

    fn finish(&mut self, outcome: Outcome) {
        let bidder = self.high_bidder.expect("a bidder") as usize;
        let trump = self.trump.expect("trump is named");
        self.outcome = Some(outcome);
        self.deltas = settle(&self.cfg, bidder, self.high_bid, trump, outcome);
        self.step = Step::Over;
    }

    fn duties(&self) -> Duties {
        let Some(&lead) = self.trick.cards().first() else {
            return Duties::new();
        };
        let trump = self.trump.expect("trump is named");
        let led = lead.suit_unchecked();
        let trumps = CardSet::suit(trump);
        let best_trump = self
            .trick
            .cards()
            .iter()
            .filter(|c| c.suit() == Some(trump))
            .map(|&c| strength(c))
            .max();
        let higher_trumps: CardSet = trumps
            .iter()
            .filter(|&c| best_trump.is_none_or(|b| strength(c) > b))
            .collect();
        if led == trump {
            let d = Duties::new().then(trumps, FOLLOW_SUIT);
            return if self.cfg.must_head == MustHead::Never {
                d
            } else {
                d.then(higher_trumps, MUST_HEAD)
            };
        }
        let suit = CardSet::suit(led);
        let mut d = Duties::new().then(suit, FOLLOW_SUIT);
        if self.cfg.must_head == MustHead::Always && best_trump.is_none() {
            let best = self
                .trick
                .cards()
                .iter()
                .filter(|c| c.suit() == Some(led))
                .map(|&c| strength(c))
                .max()
                .unwrap_or(0);
            d = d.then(suit.iter().filter(|&c| strength(c) > best).collect(), MUST_HEAD);
        }
        d = d.then(trumps, MUST_TRUMP);
        if self.cfg.must_head == MustHead::Always {
            d = d.then(higher_trumps, MUST_HEAD);
        }
        d
    }

    fn play(&mut self, card: Card) {
        let seat = self.to_act as usize;
        let trump = self.trump.expect("trump is named");
        self.cannot_hold[seat] |= self.duties().revealed_absent(card);
        self.hands[seat].remove(card);
        self.plays[self.played.len() as usize] = card;
        self.played.insert(card);
        self.played_by[seat].insert(card);
        self.trick.push(card);
        if self.trick.len() < 3 {
            self.to_act = ((seat + 1) % 3) as u8;
            return;
        }
        let winner = (self.trick.leader() + self.trick.winning_index(Some(trump), Card::suit, strength)) % 3;
        self.taken[winner] += self
            .trick
            .cards()
            .iter()
            .map(|&c| card_points(c, self.cfg.card_count))
            .sum::<i64>();
        self.tricks_done += 1;
        self.last_trick = self.trick;
        self.trick = Trick::new(winner);
        self.to_act = winner as u8;
        if self.tricks_done == 15 {
            self.taken[winner] += 10;
            let bidder = self.high_bidder.expect("a bidder") as usize;
            let buried: i64 = self.buried.iter().map(|c| card_points(c, self.cfg.card_count)).sum();
            self.bidder_total = self.meld.as_ref().map_or(0, |m| m.points) + self.taken[bidder] + buried;
            let outcome = if self.bidder_total >= self.high_bid {
                Outcome::Made
            } else {
                Outcome::Failed
            };
            self.finish(outcome);
        }
    }

    fn wrong_step(&self) -> Illegal {
        Illegal::new(match self.step {
            Step::Auction => "the auction is on: bid N or pass",
            Step::NameTrump => "the bidder names trump now: trump S",
            Step::Bury => "the bidder buries three cards now: bury QS",
            Step::Concede => "the bidder concedes or plays on now: concede or play-on",
            Step::Playing => "play a card now",
            Step::Over => "the deal is over",
        })
    }
}

impl Deal for PinochleDeal {
    type Action = PinochleAction;
    type View = PinochleView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<PinochleAction>) {
        out.clear();
        let seat = self.to_act as usize;
        match self.step {
            Step::Auction => {
                out.push(PinochleAction::Pass);
                let mut b = self.min_bid();
                while b <= self.cfg.max_bid() {
                    out.push(PinochleAction::Bid(b as u16));
                    b += self.cfg.bid_step;
                }
            }
            Step::NameTrump => out.extend(Suit::ALL.map(PinochleAction::Trump)),
            Step::Bury => out.extend(
                self.hands[seat]
                    .distinct()
                    .iter()
                    .filter(|&c| self.buryable(c))
                    .map(PinochleAction::Bury),
            ),
            Step::Concede => out.extend([PinochleAction::Concede, PinochleAction::PlayOn]),
            Step::Playing => out.extend(
                self.duties()
                    .legal(self.hands[seat].distinct())
                    .iter()
                    .map(PinochleAction::Play),
            ),
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: PinochleAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::Auction, PinochleAction::Pass) => {
                self.passed[seat] = true;
                Arc::make_mut(&mut self.bid_log).push((seat as u8, 0));
                self.advance_auction(seat);
            }
            (Step::Auction, PinochleAction::Bid(b)) => {
                let b = b as i64;
                let (min, max) = (self.min_bid(), self.cfg.max_bid());
                if b < min || b > max || (b - min) % self.cfg.bid_step != 0 {
                    return Err(Illegal::new(format!(
                        "bid from {min} to {max} in steps of {}{}",
                        self.cfg.bid_step,
                        if self.high_bidder.is_some() {
                            format!(" (the bid stands at {})", self.high_bid)
                        } else {
                            String::new()
                        }
                    )));
                }
                self.high_bid = b;
                self.high_bidder = Some(seat as u8);
                Arc::make_mut(&mut self.bid_log).push((seat as u8, b as u16));
                self.advance_auction(seat);
            }
            (Step::NameTrump, PinochleAction::Trump(t)) => {
                self.trump = Some(t);
                let meld = best_meld(&self.hands[seat], t, self.cfg.double_meld_bonuses);
                let instant = self.cfg.instant_win_on_meld && meld.points >= self.high_bid;
                self.bidder_total = meld.points;
                self.meld = Some(meld);
                if instant {
                    self.finish(Outcome::Made);
                } else {
                    self.step = Step::Bury;
                }
            }
            (Step::Bury, PinochleAction::Bury(c)) => {
                if self.hands[seat].count(c) == 0 {
                    return Err(Illegal::new(format!("you do not hold {c}")));
                }
                if !self.buryable(c) {
                    return Err(Illegal::new(format!("{c} is shown in your meld and may not be buried")));
                }
                self.hands[seat].remove(c);
                self.buried.insert(c);
                if self.buried.len() == 3 {
                    self.after_bury();
                }
            }
            (Step::Concede, PinochleAction::Concede) => self.finish(Outcome::Conceded),
            (Step::Concede, PinochleAction::PlayOn) => self.start_play(),
            (Step::Playing, PinochleAction::Play(card)) => {
                let hand = self.hands[seat].distinct();
                if !hand.contains(card) {
                    return Err(Illegal::new(format!("you do not hold {card}")));
                }
                if let Some(reason) = self.duties().broken_by(hand, card) {
                    return Err(Illegal::new(reason));
                }
                self.play(card);
            }
            _ => return Err(self.wrong_step()),
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> PinochleView {
        let bidder = self.bidder();
        PinochleView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat],
            bids: self
                .bid_log
                .iter()
                .map(|&(s, b)| BidView {
                    seat: s as Seat,
                    bid: (b > 0).then_some(b as i64),
                })
                .collect(),
            high_bid: (self.high_bid > 0).then_some(self.high_bid),
            bidder,
            widow: self.widow_taken.then(|| self.widow.to_vec()),
            trump: self.trump,
            meld: self.meld.clone(),
            buried: if bidder == Some(seat) {
                self.buried
            } else {
                DoubleSet::EMPTY
            },
            buried_count: self.buried.len() as u8,
            conceded: self.outcome == Some(Outcome::Conceded),
            trick: self.trick.cards_inline(),
            trick_leader: self.trick.leader(),
            last_trick: self.last_trick.cards_inline(),
            last_trick_leader: self.last_trick.leader(),
            points_taken: self.taken,
            played: self.played,
            hand_sizes: self.hands.map(|h| h.len() as u8),
            result: self.outcome.map(|o| ResultView {
                outcome: o,
                bidder_total: self.bidder_total,
                deltas: self.deltas,
            }),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> PinochleDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let mut pool = cards::DeckSpec::Pinochle48.counts();
        let remove = |set: &DoubleSet, pool: &mut CardCounts| {
            for c in set.iter() {
                pool.remove(c);
            }
        };
        remove(&self.hands[seat], &mut pool);
        remove(&self.played, &mut pool);
        let others = [(seat + 1) % 3, (seat + 2) % 3];
        let mut items: Vec<(Card, u8)> = Vec::with_capacity(48);
        let expand = |pool: &CardCounts, mask: &dyn Fn(Card) -> u8, items: &mut Vec<(Card, u8)>| {
            for (c, n) in pool.iter() {
                for _ in 0..n {
                    items.push((c, mask(c)));
                }
            }
        };
        match self.bidder() {
            None => {
                // The auction: two hands and the widow are hidden, nothing else is known.
                expand(&pool, &|_| 0b111, &mut items);
                let sizes = [self.hands[others[0]].len(), self.hands[others[1]].len(), 3];
                let [a, b, w] = deal_items(&mut items, &sizes, rng).expect("sizes add up");
                world.hands[others[0]] = DoubleSet::from_counts(&a).expect("two copies at most");
                world.hands[others[1]] = DoubleSet::from_counts(&b).expect("two copies at most");
                let w = w.to_vec();
                world.widow.copy_from_slice(&w);
            }
            Some(b) if b == seat => {
                remove(&self.buried, &mut pool);
                let mask = |c: Card| {
                    (0..2)
                        .filter(|&i| !self.cannot_hold[others[i]].contains(c))
                        .fold(0u8, |m, i| m | 1 << i)
                };
                expand(&pool, &mask, &mut items);
                let sizes = [self.hands[others[0]].len(), self.hands[others[1]].len()];
                let [x, y] = deal_items(&mut items, &sizes, rng).expect("the true deal satisfies every inference");
                world.hands[others[0]] = DoubleSet::from_counts(&x).expect("two copies at most");
                world.hands[others[1]] = DoubleSet::from_counts(&y).expect("two copies at most");
            }
            Some(b) => {
                // Groups: the other opponent (0), the bidder's hand (1), the buried cards (2).
                let o = if others[0] == b { others[1] } else { others[0] };
                let by_bidder = self.played_by[b];
                let shown = self.meld.as_ref().map_or(DoubleSet::EMPTY, |m| m.shown);
                let widow: DoubleSet = self.widow.iter().copied().collect();
                let mut fixed = DoubleSet::EMPTY;
                let mut in_hand = CardCounts::new();
                let mut rest = CardCounts::new();
                for (c, n) in pool.iter() {
                    let played = by_bidder.count(c);
                    let must_hand = if self.cfg.may_bury_melded {
                        0
                    } else {
                        shown.count(c).saturating_sub(played)
                    };
                    let hand_or_buried = shown
                        .count(c)
                        .max(widow.count(c))
                        .saturating_sub(played)
                        .saturating_sub(must_hand);
                    let must_hand = must_hand.min(n);
                    let hand_or_buried = hand_or_buried.min(n - must_hand);
                    for _ in 0..must_hand {
                        fixed.insert(c);
                    }
                    in_hand.add_n(c, hand_or_buried);
                    rest.add_n(c, n - must_hand - hand_or_buried);
                }
                let void = |s: usize, c: Card| self.cannot_hold[s].contains(c);
                let general = |c: Card| (!void(o, c) as u8) | (!void(b, c) as u8) << 1 | 0b100;
                let restricted = |c: Card| (!void(b, c) as u8) << 1 | 0b100;
                expand(&rest, &general, &mut items);
                expand(&in_hand, &restricted, &mut items);
                let sizes = [
                    self.hands[o].len(),
                    self.hands[b].len() - fixed.len(),
                    self.buried.len(),
                ];
                let [x, y, z] = deal_items(&mut items, &sizes, rng).expect("the true deal satisfies every inference");
                world.hands[o] = DoubleSet::from_counts(&x).expect("two copies at most");
                let mut bh = DoubleSet::from_counts(&y).expect("two copies at most");
                bh.add_all(&fixed);
                world.hands[b] = bh;
                world.buried = DoubleSet::from_counts(&z).expect("two copies at most");
            }
        }
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| DealOutcome::new(self.deltas.to_vec()))
    }

    /// The other seats' moves so far, replayed in this world from the deal: the auction, the
    /// bidder's trump and whether it plays on (all public), then the plays. Each hand at the
    /// deal is what it holds now and what it has played, and for the bidder what it buried
    /// less the widow. The burial (hidden, in an unknown order) is not read: it is made at
    /// once, and the meld is the one laid on the table.
    fn past_moves(&self, seat: Seat, out: &mut Vec<(PinochleDeal, PinochleAction)>) {
        if self.step == Step::Over {
            return;
        }
        let first = (self.dealer as Seat + 1) % 3;
        let mut d = self.clone();
        for s in 0..3 {
            d.hands[s].add_all(&self.played_by[s]);
        }
        if let (Some(b), true) = (self.high_bidder, self.widow_taken) {
            let b = b as usize;
            d.hands[b].add_all(&self.buried);
            for &c in &self.widow {
                d.hands[b].remove(c);
            }
        }
        // The deal as dealt.
        d.step = Step::Auction;
        d.to_act = first as u8;
        d.widow_taken = false;
        d.passed = [false; 3];
        d.high_bid = 0;
        d.high_bidder = None;
        d.bid_log = Arc::default();
        d.trump = None;
        d.meld = None;
        d.buried = DoubleSet::EMPTY;
        d.trick = Trick::new(first);
        d.last_trick = Trick::new(first);
        d.tricks_done = 0;
        d.taken = [0; 3];
        d.played = DoubleSet::EMPTY;
        d.played_by = [DoubleSet::EMPTY; 3];
        d.plays = [Card::JOKER; 45];
        d.cannot_hold = [CardSet::EMPTY; 3];
        d.bidder_total = 0;
        let mut step = |d: &mut PinochleDeal, action: PinochleAction| replay_move(d, seat, action, action, out);
        for &(_, bid) in self.bid_log.iter() {
            let action = if bid == 0 {
                PinochleAction::Pass
            } else {
                PinochleAction::Bid(bid)
            };
            if !step(&mut d, action) {
                return;
            }
        }
        let (Some(trump), Some(meld)) = (self.trump, &self.meld) else {
            return;
        };
        if d.step != Step::NameTrump || !step(&mut d, PinochleAction::Trump(trump)) {
            return;
        }
        // The meld on the table (this world's hand might show another), then the burial.
        d.meld = Some(meld.clone());
        d.bidder_total = meld.points;
        d.outcome = None;
        d.deltas = [0; 3];
        d.step = Step::Bury;
        if self.step == Step::Bury {
            return;
        }
        let b = d.to_act as usize;
        for c in self.buried.iter() {
            d.hands[b].remove(c);
            d.buried.insert(c);
        }
        d.after_bury();
        if self.step != Step::Playing {
            return;
        }
        if d.step == Step::Concede && !step(&mut d, PinochleAction::PlayOn) {
            return;
        }
        for &c in &self.plays[..self.played.len() as usize] {
            if !step(&mut d, PinochleAction::Play(c)) {
                return;
            }
        }
    }

    fn thrown_in(&self) -> bool {
        self.step == Step::Over && self.high_bidder.is_none()
    }

    fn bidding(&self) -> bool {
        self.step == Step::Auction
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in &self.hands {
            all.add_all(&h.to_counts());
        }
        all.add_all(&self.played.to_counts());
        all.add_all(&self.buried.to_counts());
        if !self.widow_taken {
            for &c in &self.widow {
                all.add(c);
            }
        }
        all
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BidView {
    pub seat: Seat,
    /// `None` for a pass.
    pub bid: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub outcome: Outcome,
    pub bidder_total: i64,
    pub deltas: [i64; 3],
}

/// What one seat may see: its hand, the auction, the widow once shown, trump, the bidder's meld
/// (laid on the table), the buried cards (the bidder only), and every card played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PinochleView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: DoubleSet,
    pub bids: Vec<BidView>,
    pub high_bid: Option<i64>,
    pub bidder: Option<Seat>,
    pub widow: Option<Vec<Card>>,
    pub trump: Option<Suit>,
    pub meld: Option<Meld>,
    pub buried: DoubleSet,
    pub buried_count: u8,
    pub conceded: bool,
    pub trick: TrickCards,
    pub trick_leader: Seat,
    pub last_trick: TrickCards,
    pub last_trick_leader: Seat,
    pub points_taken: [i64; 3],
    pub played: DoubleSet,
    pub hand_sizes: [u8; 3],
    pub result: Option<ResultView>,
}
