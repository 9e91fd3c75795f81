use super::declarations::{best_declarations, contest, top, Declaration};
use super::rules::{BeloteConfig, DeclarationsMode, Direction};
use super::scoring::{card_points, hand_scores, strength, HandResult, HandTally};
use crate::trick::{Duties, Trick, TrickCards};
use cards::{Card, CardCounts, CardSet, GameRng, Rank, Suit};
use engine::sampling::{deal_hidden, replay_move, HiddenHand};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

const FOLLOW_SUIT: &str = "you must follow suit";
const MUST_TRUMP: &str = "you must trump: an opponent is winning the trick";
const MUST_OVERTRUMP: &str = "you must overtrump: you hold a higher trump";

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Take the upcard's suit or pass.
    FirstRound,
    /// Name another suit or pass.
    SecondRound,
    /// Each player declares or not (only with `auto_declare=false`).
    Declaring,
    Playing,
    Over,
}

/// One decision. Text: `pass`, `take S`, `declare`, `skip` (do not declare), or a card (`QS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BeloteAction {
    Pass,
    Take(Suit),
    Declare,
    Skip,
    Play(Card),
}

impl fmt::Display for BeloteAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BeloteAction::Pass => f.write_str("pass"),
            BeloteAction::Take(s) => write!(f, "take {s}"),
            BeloteAction::Declare => f.write_str("declare"),
            BeloteAction::Skip => f.write_str("skip"),
            BeloteAction::Play(c) => write!(f, "{c}"),
        }
    }
}

impl FromStr for BeloteAction {
    type Err = String;

    fn from_str(text: &str) -> Result<BeloteAction, String> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "pass" => Ok(BeloteAction::Pass),
            "declare" => Ok(BeloteAction::Declare),
            "skip" => Ok(BeloteAction::Skip),
            "take" => Err("'take' needs a suit: take C, take D, take H or take S".into()),
            lower => match lower.strip_prefix("take ") {
                Some(suit) => suit.parse().map(BeloteAction::Take),
                None => t
                    .parse()
                    .map(BeloteAction::Play)
                    .map_err(|e| format!("{e}; or pass, take S, declare, skip")),
            },
        }
    }
}

/// The state of one Belote deal (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeloteDeal {
    pub(super) cfg: BeloteConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: [CardSet; 4],
    pub(super) upcard: Card,
    /// Undealt cards, dealt from `stock_pos` on.
    pub(super) stock: [Card; 11],
    pub(super) stock_pos: u8,
    /// Bids in order: 0 pass, 1 + suit index for a take.
    pub(super) bids: [u8; 8],
    pub(super) bid_count: u8,
    pub(super) passes: u8,
    pub(super) trump: Option<Suit>,
    pub(super) taker: Option<u8>,
    /// Per seat: the cards of its declarations, once declared (kept only for the scoring team).
    pub(super) declared: [CardSet; 4],
    /// Per seat: whether it has been asked to declare (manual declaring).
    pub(super) declare_turns: u8,
    pub(super) declaration_winner: Option<u8>,
    pub(super) declaration_points: [i64; 2],
    pub(super) belote_holder: Option<u8>,
    pub(super) belote_shown: u8,
    pub(super) trick: Trick,
    pub(super) last_trick: Trick,
    pub(super) tricks_done: u8,
    pub(super) tricks_won: [u8; 4],
    pub(super) card_points: [i64; 2],
    /// Cards in the order played (for gathering the pack without a shuffle).
    pub(super) history: [Card; 32],
    pub(super) played: CardSet,
    pub(super) cannot_hold: [CardSet; 4],
    pub(super) suspended_in: i64,
    pub(super) suspended_out: i64,
    pub(super) result: Option<HandResult>,
    pub(super) deltas: [i64; 4],
}

impl BeloteDeal {
    /// Deals `order` (top first): packets of 3 then of 2 to each player in turn from the
    /// dealer's next, then the upcard; the rest is dealt after the bidding. `suspended` is a
    /// litige carried over from the previous hand.
    pub fn new(cfg: BeloteConfig, dealer: Seat, deal_number: u32, order: &[Card], suspended: i64) -> BeloteDeal {
        let mut hands = [CardSet::EMPTY; 4];
        let mut next = 0;
        let turn = turn_order(cfg.direction, dealer);
        for packet in [3, 2] {
            for &p in &turn {
                for _ in 0..packet {
                    hands[p].insert(order[next]);
                    next += 1;
                }
            }
        }
        let mut stock = [Card::JOKER; 11];
        stock.copy_from_slice(&order[21..32]);
        BeloteDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            step: Step::FirstRound,
            to_act: turn[0] as u8,
            hands,
            upcard: order[20],
            stock,
            stock_pos: 0,
            bids: [0; 8],
            bid_count: 0,
            passes: 0,
            trump: None,
            taker: None,
            declared: [CardSet::EMPTY; 4],
            declare_turns: 0,
            declaration_winner: None,
            declaration_points: [0; 2],
            belote_holder: None,
            belote_shown: 0,
            trick: Trick::new(turn[0]),
            last_trick: Trick::new(turn[0]),
            tricks_done: 0,
            tricks_won: [0; 4],
            card_points: [0; 2],
            history: [Card::JOKER; 32],
            played: CardSet::EMPTY,
            cannot_hold: [CardSet::EMPTY; 4],
            suspended_in: suspended,
            suspended_out: suspended,
            result: None,
            deltas: [0; 4],
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn taker(&self) -> Option<Seat> {
        self.taker.map(Seat::from)
    }

    pub fn result(&self) -> Option<HandResult> {
        self.result
    }

    /// Each seat's score change for the hand (zeros until it is over).
    pub fn deltas(&self) -> [i64; 4] {
        self.deltas
    }

    /// Card points each team has taken so far (with the last trick's 10 once played).
    pub fn card_points(&self) -> [i64; 2] {
        self.card_points
    }

    /// Points held in suspense by a litige after this hand.
    pub fn suspended_after(&self) -> i64 {
        self.suspended_out
    }

    /// The pack as gathered after the hand, for dealing without a shuffle: the tricks in the
    /// order played, or after a throw-in the hands seat by seat, the upcard and the stock.
    pub fn gathered(&self) -> Vec<Card> {
        if self.tricks_done == 8 {
            return self.history.to_vec();
        }
        let mut v: Vec<Card> = self.hands.iter().flat_map(|h| h.iter()).collect();
        v.push(self.upcard);
        v.extend_from_slice(&self.stock[self.stock_pos as usize..]);
        v
    }

    pub(super) fn next(&self, seat: Seat) -> Seat {
        self.cfg.direction.next(seat)
    }

    fn eldest(&self) -> Seat {
        self.next(self.dealer as Seat)
    }

    fn take(&mut self, suit: Suit) {
        let taker = self.to_act as Seat;
        self.trump = Some(suit);
        self.taker = Some(taker as u8);
        self.hands[taker].insert(self.upcard);
        for p in turn_order(self.cfg.direction, self.dealer as Seat) {
            for _ in 0..if p == taker { 2 } else { 3 } {
                self.hands[p].insert(self.stock[self.stock_pos as usize]);
                self.stock_pos += 1;
            }
        }
        let (k, q) = (Card::new(Rank::King, suit), Card::new(Rank::Queen, suit));
        if self.cfg.declarations_mode != DeclarationsMode::None {
            self.belote_holder = (0..4)
                .find(|&s| self.hands[s].contains(k) && self.hands[s].contains(q))
                .map(|s| s as u8);
        }
        if self.cfg.declarations_mode == DeclarationsMode::Full && !self.cfg.auto_declare {
            self.step = Step::Declaring;
            self.to_act = self.eldest() as u8;
            return;
        }
        if self.cfg.declarations_mode == DeclarationsMode::Full {
            for s in 0..4 {
                self.declared[s] = self.declarable(s);
            }
        }
        self.start_play();
    }

    /// The cards of the best declarations a seat could make now (empty when none).
    fn declarable(&self, seat: Seat) -> CardSet {
        let trump = self.trump.expect("trump is set");
        best_declarations(self.hands[seat], self.cfg.card_in_multiple_declarations, trump)
            .iter()
            .fold(CardSet::EMPTY, |a, d| a | d.cards)
    }

    /// The declarations a seat made (recomputed from their cards).
    pub(super) fn declarations_of(&self, seat: Seat) -> Vec<Declaration> {
        let trump = self.trump.expect("trump is set");
        if self.declared[seat].is_empty() {
            return Vec::new();
        }
        best_declarations(self.declared[seat], self.cfg.card_in_multiple_declarations, trump)
    }

    fn start_play(&mut self) {
        let trump = self.trump.expect("trump is set");
        let tops: [Option<Declaration>; 4] = std::array::from_fn(|s| top(&self.declarations_of(s), trump));
        let order = turn_order(self.cfg.direction, self.dealer as Seat);
        let winner = contest(&tops, order, trump, self.cfg.equal_declaration_first_wins);
        self.declaration_winner = winner.map(|w| w as u8);
        for s in 0..4 {
            if winner.is_some_and(|w| w % 2 == s % 2) {
                self.declaration_points[s % 2] += self.declarations_of(s).iter().map(|d| d.points).sum::<i64>();
            } else {
                // Declarations that do not score are not shown.
                self.declared[s] = CardSet::EMPTY;
            }
        }
        self.step = Step::Playing;
        let leader = self.eldest();
        self.trick = Trick::new(leader);
        self.to_act = leader as u8;
    }

    /// The cards each seat has played, from the public order of play: the eldest leads the
    /// first trick, each trick's winner the next.
    fn played_by(&self) -> [CardSet; 4] {
        let mut by = [CardSet::EMPTY; 4];
        let Some(trump) = self.trump else {
            return by;
        };
        let n = self.played.len() as usize;
        let mut leader = self.eldest();
        for k in 0..n.div_ceil(4) {
            let cards = &self.history[4 * k..(4 * k + 4).min(n)];
            let mut t = Trick::new(leader);
            let mut s = leader;
            for &c in cards {
                by[s].insert(c);
                t.push(c);
                s = self.next(s);
            }
            if cards.len() == 4 {
                let i = t.winning_index(Some(trump), Card::suit, |c| strength(c, trump));
                leader = (0..i).fold(leader, |s, _| self.next(s));
            }
        }
        by
    }

    /// Forgets every card played (and the belote shown), as before the first lead by `eldest`:
    /// where `Deal::past_moves` starts its replays.
    fn clear_play(&mut self, eldest: Seat) {
        self.belote_shown = 0;
        self.trick = Trick::new(eldest);
        self.last_trick = Trick::new(eldest);
        self.tricks_done = 0;
        self.tricks_won = [0; 4];
        self.card_points = [0; 2];
        self.history = [Card::JOKER; 32];
        self.played = CardSet::EMPTY;
        self.cannot_hold = [CardSet::EMPTY; 4];
    }

    fn trick_winner(&self) -> Seat {
        let trump = self.trump.expect("trump is set");
        (self.trick.leader() + 4 + self.winner_offset(trump)) % 4
    }

    /// How many turns after the leader the winning card was played.
    fn winner_offset(&self, trump: Suit) -> usize {
        let i = self
            .trick
            .winning_index(Some(trump), Card::suit, |c| strength(c, trump));
        match self.cfg.direction {
            Direction::Clockwise => i,
            Direction::CounterClockwise => 4 - i,
        }
    }

    /// The obligations on the next card (decision BEL-12).
    fn duties(&self) -> Duties {
        let Some(led) = self.trick.led_suit() else {
            return Duties::new();
        };
        let trump = self.trump.expect("trump is set");
        let seat = self.to_act as Seat;
        let opponent_winning = self.trick_winner() % 2 != seat % 2;
        let trumps = CardSet::suit(trump);
        let best_trump = self
            .trick
            .cards()
            .iter()
            .filter(|c| c.suit() == Some(trump))
            .map(|&c| strength(c, trump))
            .max();
        let higher: CardSet = trumps
            .iter()
            .filter(|&c| best_trump.is_none_or(|b| strength(c, trump) > b))
            .collect();
        if led == trump {
            let duties = Duties::new().then(trumps, FOLLOW_SUIT);
            if opponent_winning || self.cfg.overtrump_on_trump_lead_when_partner_wins {
                duties.then(higher, MUST_OVERTRUMP)
            } else {
                duties
            }
        } else if opponent_winning {
            Duties::new()
                .then(CardSet::suit(led), FOLLOW_SUIT)
                .then(trumps, MUST_TRUMP)
                .then(higher, MUST_OVERTRUMP)
        } else {
            Duties::new().then(CardSet::suit(led), FOLLOW_SUIT)
        }
    }

    fn legal_cards(&self) -> CardSet {
        self.duties().legal(self.hands[self.to_act as usize])
    }

    fn play(&mut self, card: Card) {
        let seat = self.to_act as Seat;
        let trump = self.trump.expect("trump is set");
        self.cannot_hold[seat] |= self.duties().revealed_absent(card);
        self.hands[seat].remove(card);
        self.history[self.played.len() as usize] = card;
        self.played.insert(card);
        if self.belote_holder == Some(seat as u8)
            && card.suit() == Some(trump)
            && matches!(card.rank(), Some(Rank::King | Rank::Queen))
        {
            self.belote_shown += 1;
        }
        self.trick.push(card);
        if self.trick.len() < 4 {
            self.to_act = self.next(seat) as u8;
            return;
        }
        let winner = self.trick_winner();
        self.tricks_won[winner] += 1;
        self.card_points[winner % 2] += self.trick.cards().iter().map(|&c| card_points(c, trump)).sum::<i64>();
        self.tricks_done += 1;
        self.last_trick = self.trick;
        self.trick = Trick::new(winner);
        self.to_act = winner as u8;
        if self.tricks_done == 8 {
            self.card_points[winner % 2] += 10;
            self.finish();
        }
    }

    fn finish(&mut self) {
        let taker_team = self.taker.expect("a taker") as usize % 2;
        let tally: [HandTally; 2] = std::array::from_fn(|t| HandTally {
            card_points: self.card_points[t],
            tricks: self.tricks_won[t] + self.tricks_won[t + 2],
            declarations: self.declaration_points[t],
            belote: if self.belote_holder.is_some_and(|h| h as usize % 2 == t) {
                20
            } else {
                0
            },
        });
        let result = hand_scores(&self.cfg, taker_team, tally);
        let mut team = result.scores;
        if result.litige {
            self.suspended_out = self.suspended_in + result.suspended;
        } else {
            // Points in suspense go to the winners of this hand.
            let winners = if result.made { taker_team } else { 1 - taker_team };
            team[winners] += self.suspended_in;
            self.suspended_out = 0;
        }
        self.deltas = std::array::from_fn(|s| team[s % 2]);
        self.result = Some(result);
        self.step = Step::Over;
    }

    fn wrong_step(&self) -> Illegal {
        Illegal::new(match self.step {
            Step::FirstRound => "bidding: take the upcard's suit (take S) or pass",
            Step::SecondRound => "bidding: name another suit (take S) or pass",
            Step::Declaring => "declare or skip now",
            Step::Playing => "play a card now",
            Step::Over => "the deal is over",
        })
    }
}

#[cfg(test)]
impl BeloteDeal {
    /// A hand in play for rule tests: these hands, trump and taker, `leader` to lead.
    pub(super) fn in_play(
        cfg: BeloteConfig,
        dealer: Seat,
        trump: Suit,
        taker: Seat,
        hands: [CardSet; 4],
        leader: Seat,
    ) -> BeloteDeal {
        let order = cards::DeckSpec::Piquet32.cards();
        let mut d = BeloteDeal::new(cfg, dealer, 0, &order, 0);
        d.hands = hands;
        d.trump = Some(trump);
        d.taker = Some(taker as u8);
        d.step = Step::Playing;
        d.trick = Trick::new(leader);
        d.to_act = leader as u8;
        d
    }
}

/// The four seats in turn order starting with the dealer's next.
fn turn_order(direction: Direction, dealer: Seat) -> [Seat; 4] {
    let first = direction.next(dealer);
    let second = direction.next(first);
    let third = direction.next(second);
    [first, second, third, dealer]
}

impl Deal for BeloteDeal {
    type Action = BeloteAction;
    type View = BeloteView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<BeloteAction>) {
        out.clear();
        let up = self.upcard.suit_unchecked();
        match self.step {
            Step::FirstRound => out.extend([BeloteAction::Pass, BeloteAction::Take(up)]),
            Step::SecondRound => {
                out.push(BeloteAction::Pass);
                out.extend(Suit::ALL.into_iter().filter(|&s| s != up).map(BeloteAction::Take));
            }
            Step::Declaring => {
                if !self.declarable(self.to_act as Seat).is_empty() {
                    out.push(BeloteAction::Declare);
                }
                out.push(BeloteAction::Skip);
            }
            Step::Playing => out.extend(self.legal_cards().iter().map(BeloteAction::Play)),
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: BeloteAction) -> Result<(), Illegal> {
        let seat = self.to_act as Seat;
        let up = self.upcard.suit_unchecked();
        match (self.step, action) {
            (Step::FirstRound | Step::SecondRound, BeloteAction::Pass) => {
                self.bids[self.bid_count as usize] = 0;
                self.bid_count += 1;
                self.passes += 1;
                if self.passes < 4 {
                    self.to_act = self.next(seat) as u8;
                } else if self.step == Step::FirstRound {
                    self.step = Step::SecondRound;
                    self.passes = 0;
                    self.to_act = self.eldest() as u8;
                } else {
                    // Everyone passed twice: the cards are thrown in.
                    self.step = Step::Over;
                }
            }
            (Step::FirstRound, BeloteAction::Take(s)) if s != up => {
                return Err(Illegal::new(format!(
                    "in the first round you may only take the upcard's suit: take {up}"
                )))
            }
            (Step::SecondRound, BeloteAction::Take(s)) if s == up => {
                return Err(Illegal::new("in the second round name a suit other than the upcard's"))
            }
            (Step::FirstRound | Step::SecondRound, BeloteAction::Take(s)) => {
                self.bids[self.bid_count as usize] = 1 + s.index() as u8;
                self.bid_count += 1;
                self.take(s);
            }
            (Step::Declaring, BeloteAction::Declare | BeloteAction::Skip) => {
                if action == BeloteAction::Declare {
                    let cards = self.declarable(seat);
                    if cards.is_empty() {
                        return Err(Illegal::new("you have nothing to declare"));
                    }
                    self.declared[seat] = cards;
                }
                self.declare_turns += 1;
                if self.declare_turns == 4 {
                    self.start_play();
                } else {
                    self.to_act = self.next(seat) as u8;
                }
            }
            (Step::Playing, BeloteAction::Play(card)) => {
                let hand = self.hands[seat];
                if !hand.contains(card) {
                    return Err(Illegal::new(format!("you do not hold {card}")));
                }
                if let Some(reason) = self.duties().broken_by(hand, card) {
                    let detail = match reason {
                        FOLLOW_SUIT => format!("{reason}: you hold {}", self.trick.led_suit().map_or("", |s| s.name())),
                        _ => reason.to_string(),
                    };
                    return Err(Illegal::new(detail));
                }
                self.play(card);
            }
            _ => return Err(self.wrong_step()),
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> BeloteView {
        let bidding = matches!(self.step, Step::FirstRound | Step::SecondRound);
        let mut bid_seat = self.eldest();
        let bids = self.bids[..self.bid_count as usize]
            .iter()
            .map(|&b| {
                let s = bid_seat;
                bid_seat = self.next(bid_seat);
                BidView {
                    seat: s,
                    bid: if b == 0 {
                        "pass".into()
                    } else {
                        format!("take {}", Suit::from_index(b as usize - 1))
                    },
                }
            })
            .collect();
        BeloteView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat],
            upcard: self.upcard,
            upcard_on_table: bidding || (self.step == Step::Over && self.taker.is_none()),
            bids,
            trump: self.trump,
            taker: self.taker(),
            declarations: (0..4)
                .filter(|&s| !self.declared[s].is_empty() && self.step != Step::Declaring)
                .map(|s| SeatDeclarations {
                    seat: s,
                    declarations: self.declarations_of(s),
                })
                .collect(),
            declaration_winner: self.declaration_winner.map(Seat::from),
            belote: (self.belote_shown > 0).then(|| BeloteShown {
                seat: self.belote_holder.expect("shown by its holder") as Seat,
                rebelote: self.belote_shown == 2,
            }),
            trick: self.trick.cards_inline(),
            trick_leader: self.trick.leader(),
            last_trick: self.last_trick.cards_inline(),
            last_trick_leader: self.last_trick.leader(),
            tricks_won: self.tricks_won,
            played: self.played,
            card_points: self.card_points,
            hand_sizes: self.hands.map(|h| h.len() as u8),
            suspended: self.suspended_out,
            result: self.result.map(|r| ResultView {
                team_scores: r.scores,
                made: r.made,
                litige: r.litige,
                capot: r.capot,
                deltas: self.deltas,
            }),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> BeloteDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let others = [(seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4];
        let belote_partner = match (self.belote_holder, self.trump) {
            (Some(h), Some(t)) if self.belote_shown == 1 => {
                let pair = CardSet::single(Card::new(Rank::King, t)) | CardSet::single(Card::new(Rank::Queen, t));
                Some((h as Seat, pair - self.played))
            }
            _ => None,
        };
        let known = |q: Seat| {
            let mut k = self.declared[q];
            if self.taker == Some(q as u8) {
                k.insert(self.upcard);
            }
            if let Some((h, cards)) = belote_partner {
                if h == q {
                    k |= cards;
                }
            }
            k - self.played
        };
        let on_table = if self.taker.is_none() {
            CardSet::single(self.upcard)
        } else {
            CardSet::EMPTY
        };
        let stock_left = 11 - self.stock_pos as u32;
        let hidden = [
            HiddenHand {
                size: self.hands[others[0]].len(),
                known: known(others[0]),
                forbidden: self.cannot_hold[others[0]],
            },
            HiddenHand {
                size: self.hands[others[1]].len(),
                known: known(others[1]),
                forbidden: self.cannot_hold[others[1]],
            },
            HiddenHand {
                size: self.hands[others[2]].len(),
                known: known(others[2]),
                forbidden: self.cannot_hold[others[2]],
            },
            HiddenHand {
                size: stock_left,
                ..Default::default()
            },
        ];
        let all: CardSet = cards::DeckSpec::Piquet32.cards().into_iter().collect();
        let pool = all - self.hands[seat] - self.played - on_table;
        let [a, b, c, stock] = deal_hidden(pool, &hidden, rng).expect("the true deal satisfies every inference");
        for (q, h) in others.into_iter().zip([a, b, c]) {
            world.hands[q] = h;
        }
        let mut order: Vec<Card> = stock.iter().collect();
        rng.shuffle(&mut order);
        world.stock[self.stock_pos as usize..].copy_from_slice(&order);
        if let Some(taker) = self.taker {
            // The cards the others drew from the stock are redrawn from their hands in this world
            // (as dealt: what they hold and have played), so that the deal replays (`past_moves`).
            let by = self.played_by();
            let mut pos = 0;
            for p in turn_order(self.cfg.direction, self.dealer as Seat) {
                let count = if p == taker as Seat { 2 } else { 3 };
                if p != seat {
                    let mut dealt = world.hands[p] | by[p];
                    dealt.remove(self.upcard);
                    for (i, c) in dealt.sample(count, rng).iter().enumerate() {
                        world.stock[pos + i] = c;
                    }
                }
                pos += count as usize;
            }
        }
        world
    }

    /// The other seats' moves so far, replayed in this world: the auction from the deal (each
    /// hand then: its cards less those it drew from the stock after the bidding, and the
    /// taker's upcard), then the plays from the start of play (each hand then: what it holds
    /// now and what it has played, read from the public order of play and the trick winners).
    /// Manual declarations are not read (those that do not score are never shown).
    fn past_moves(&self, seat: Seat, out: &mut Vec<(BeloteDeal, BeloteAction)>) {
        if self.step == Step::Over {
            return;
        }
        let eldest = self.eldest();
        let by = self.played_by();
        let mut start = self.clone();
        for (h, p) in start.hands.iter_mut().zip(by) {
            *h |= p;
        }
        // The deal as dealt.
        let mut d = start.clone();
        if let Some(taker) = self.taker {
            d.hands[taker as usize].remove(self.upcard);
            let mut pos = 0;
            for p in turn_order(self.cfg.direction, self.dealer as Seat) {
                for _ in 0..if p == taker as Seat { 2 } else { 3 } {
                    d.hands[p].remove(self.stock[pos]);
                    pos += 1;
                }
            }
        }
        d.step = Step::FirstRound;
        d.to_act = eldest as u8;
        d.stock_pos = 0;
        d.bids = [0; 8];
        d.bid_count = 0;
        d.passes = 0;
        d.trump = None;
        d.taker = None;
        d.declared = [CardSet::EMPTY; 4];
        d.declare_turns = 0;
        d.declaration_winner = None;
        d.declaration_points = [0; 2];
        d.belote_holder = None;
        d.clear_play(eldest);
        let mut step = |d: &mut BeloteDeal, action: BeloteAction| replay_move(d, seat, action, action, out);
        for &b in &self.bids[..self.bid_count as usize] {
            let action = match b {
                0 => BeloteAction::Pass,
                b => BeloteAction::Take(Suit::from_index(b as usize - 1)),
            };
            if !step(&mut d, action) {
                return;
            }
        }
        let n = self.played.len() as usize;
        if n == 0 || self.step != Step::Playing {
            return;
        }
        // The start of play.
        start.to_act = eldest as u8;
        start.clear_play(eldest);
        for &c in &self.history[..n] {
            if !step(&mut start, BeloteAction::Play(c)) {
                return;
            }
        }
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over)
            .then(|| DealOutcome::with_next_dealer(self.deltas.to_vec(), self.next(self.dealer as Seat)))
    }

    fn thrown_in(&self) -> bool {
        self.step == Step::Over && self.taker.is_none()
    }

    fn bidding(&self) -> bool {
        matches!(self.step, Step::FirstRound | Step::SecondRound)
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in self.hands {
            all.add_set(h);
        }
        all.add_set(self.played);
        for &c in &self.stock[self.stock_pos as usize..] {
            all.add(c);
        }
        if self.taker.is_none() {
            all.add(self.upcard);
        }
        all
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BidView {
    pub seat: Seat,
    pub bid: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatDeclarations {
    pub seat: Seat,
    pub declarations: Vec<Declaration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BeloteShown {
    pub seat: Seat,
    /// Both cards have been played ("rebelote").
    pub rebelote: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// Points each team scored this hand (team 0: seats 0 and 2).
    pub team_scores: [i64; 2],
    pub made: bool,
    pub litige: bool,
    pub capot: bool,
    pub deltas: [i64; 4],
}

/// What one seat may see of a Belote deal: its hand, the upcard and bids, trump and taker, the
/// scoring team's declarations (shown to all), belote as announced, and every card played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BeloteView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: CardSet,
    pub upcard: Card,
    /// The upcard is still on the table (nobody has taken).
    pub upcard_on_table: bool,
    pub bids: Vec<BidView>,
    pub trump: Option<Suit>,
    pub taker: Option<Seat>,
    pub declarations: Vec<SeatDeclarations>,
    pub declaration_winner: Option<Seat>,
    pub belote: Option<BeloteShown>,
    pub trick: TrickCards,
    pub trick_leader: Seat,
    pub last_trick: TrickCards,
    pub last_trick_leader: Seat,
    pub tricks_won: [u8; 4],
    /// Every card played so far.
    pub played: CardSet,
    /// Card points each team has taken so far.
    pub card_points: [i64; 2],
    pub hand_sizes: [u8; 4],
    /// Points held in suspense by a litige.
    pub suspended: i64,
    pub result: Option<ResultView>,
}
