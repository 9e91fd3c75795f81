use super::combo::{take_cards, Combo, RankSets};
use super::rules::BigThreeConfig;
use cards::{Card, CardCounts, CardSet, GameRng, Rank, Suit};
use engine::sampling::{deal_hidden, replay_move, HiddenHand};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Bidding,
    Playing,
    Over,
}

/// One decision. Text: `bid 2`, `pass`, a combination by its ranks (`7`, `QQ`, `456`,
/// `445566`; T for ten), or a combination by its cards (`9D 9H`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BigThreeAction {
    Bid(u8),
    Pass,
    /// A combination played with the lowest suits of its ranks: the form the legal actions
    /// list, once per combination (suits never matter in play).
    Play(Combo),
    /// The same combination played with the cards the player chose (`9D 9H`): suits change
    /// nothing in the rules, but a player may prefer which cards to keep. Never listed among
    /// the legal actions; `apply` accepts it wherever its `Play` is legal.
    PlayCards(Combo, CardSet),
}

impl fmt::Display for BigThreeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BigThreeAction::Bid(b) => write!(f, "bid {b}"),
            BigThreeAction::Pass => f.write_str("pass"),
            BigThreeAction::Play(c) => write!(f, "{c}"),
            BigThreeAction::PlayCards(_, cards) => {
                let mut list: Vec<Card> = cards.iter().collect();
                list.sort_by_key(|&c| (c.rank().map_or(0, super::combo::strength), c));
                let words: Vec<String> = list.iter().map(ToString::to_string).collect();
                f.write_str(&words.join(" "))
            }
        }
    }
}

impl BigThreeAction {
    /// The combination played with exactly `cards`, if they make one: each of its ranks in the
    /// right number and nothing else.
    pub fn with_cards(cards: CardSet) -> Option<BigThreeAction> {
        let mut list: Vec<Card> = cards.iter().collect();
        list.sort_by_key(|&c| c.rank().map_or(0, super::combo::strength));
        let ranks: String = list.iter().filter_map(|c| c.rank()).map(|r| r.letter()).collect();
        let combo: Combo = ranks.parse().ok()?;
        // 2: the shortest runs any table allows; the table's own limit is checked by `apply`.
        (combo.valid(2) && combo.cards() == cards.len() && take_cards(cards, &combo) == cards)
            .then_some(BigThreeAction::PlayCards(combo, cards))
    }
}

impl FromStr for BigThreeAction {
    type Err = String;

    fn from_str(text: &str) -> Result<BigThreeAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        if lower == "pass" {
            return Ok(BigThreeAction::Pass);
        }
        if let Some(n) = lower.strip_prefix("bid ") {
            return n
                .trim()
                .parse::<u8>()
                .map(BigThreeAction::Bid)
                .map_err(|_| format!("'{n}' is not a bid: bid 1, 2 or 3"));
        }
        // Cards by name ("9D 9H"): the combination they make, with those suits.
        let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let named: Vec<Card> = words.iter().filter_map(|w| w.parse::<Card>().ok()).collect();
        if !named.is_empty() && named.len() == words.len() && words.iter().all(|w| w.len() >= 2) {
            let mut set = CardSet::EMPTY;
            for &c in &named {
                if set.contains(c) {
                    return Err(format!("'{}' names the {c} twice", text.trim()));
                }
                set.insert(c);
            }
            return BigThreeAction::with_cards(set).ok_or_else(|| {
                format!(
                    "'{}' is not a combination: the cards must be a single, a set or a sequence",
                    text.trim()
                )
            });
        }
        text.parse()
            .map(BigThreeAction::Play)
            .map_err(|e: String| format!("{e}; or bid N, pass"))
    }
}

const FOUR_OF_HEARTS: Card = Card::new(Rank::Four, Suit::Hearts);

/// One hand of Big Three (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigThreeDeal {
    pub(super) cfg: BigThreeConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: [CardSet; 3],
    pub(super) widow: CardSet,
    /// The first bidder, holder of the lowest heart outside the widow.
    pub(super) opener: u8,
    pub(super) opening_heart: Card,
    pub(super) bids: [(u8, u8); 12],
    pub(super) bid_len: u8,
    pub(super) high_bid: u8,
    pub(super) high_bidder: Option<u8>,
    pub(super) passed: [bool; 3],
    pub(super) passes_in_row: u8,
    pub(super) solo: Option<u8>,
    /// The combination to beat and who played it.
    pub(super) table: Option<(Combo, u8)>,
    pub(super) table_cards: CardSet,
    pub(super) played: CardSet,
    /// The moves of the play in order (public; the first `played.len()` entries hold cards),
    /// so that a world can be replayed from the start of play (`Deal::past_moves`): each
    /// card played as its id (low six bits) with, in the top two bits, 0 for a card of the same
    /// play as the one before, or 1 + the passes just before a new play (0 to 2, two clearing
    /// the table). One byte a card keeps the state small.
    pub(super) plays: [u8; 52],
    pub(super) winner: Option<u8>,
    pub(super) deltas: [i64; 3],
}

impl BigThreeDeal {
    /// Deals `order` one card at a time from the dealer in turn order until each has 16; the
    /// last four cards are the widow.
    pub fn new(cfg: BigThreeConfig, dealer: Seat, deal_number: u32, order: &[Card]) -> BigThreeDeal {
        let mut hands = [CardSet::EMPTY; 3];
        let mut seat = dealer;
        for &c in &order[..48] {
            hands[seat].insert(c);
            seat = cfg.next(seat);
        }
        let widow: CardSet = order[48..].iter().copied().collect();
        let hearts_out = CardSet::suit(Suit::Hearts) - widow;
        // The lowest heart in play: 4 is the lowest rank, then up to the 3.
        let opening_heart = super::combo::ORDER
            .iter()
            .map(|&r| Card::new(r, Suit::Hearts))
            .find(|&c| hearts_out.contains(c))
            .unwrap_or(FOUR_OF_HEARTS);
        let opener = (0..3)
            .find(|&s| hands[s].contains(opening_heart))
            .expect("a heart is out") as u8;
        BigThreeDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            step: Step::Bidding,
            to_act: opener,
            hands,
            widow,
            opener,
            opening_heart,
            bids: [(0, 0); 12],
            bid_len: 0,
            high_bid: 0,
            high_bidder: None,
            passed: [false; 3],
            passes_in_row: 0,
            solo: None,
            table: None,
            table_cards: CardSet::EMPTY,
            played: CardSet::EMPTY,
            plays: [0; 52],
            winner: None,
            deltas: [0; 3],
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    pub fn solo(&self) -> Option<Seat> {
        self.solo.map(Seat::from)
    }

    pub fn bid(&self) -> u8 {
        self.high_bid
    }

    pub fn opener(&self) -> Seat {
        self.opener as Seat
    }

    pub fn winner(&self) -> Option<Seat> {
        self.winner.map(Seat::from)
    }

    pub fn deltas(&self) -> [i64; 3] {
        self.deltas
    }

    fn next(&self, seat: Seat) -> Seat {
        self.cfg.next(seat)
    }

    /// The bids that may be made now (empty once 3 is bid).
    fn bids_open(&self) -> RangeInclusive<u8> {
        let lo = self.high_bid + 1;
        let hi = if self.cfg.any_higher_bid { 3 } else { lo.min(3) };
        lo..=hi
    }

    fn can_pass_in_auction(&self) -> bool {
        // The opener must bid on the first call.
        self.high_bidder.is_some()
    }

    fn end_auction(&mut self) {
        let solo = self.high_bidder.expect("the opener always bids") as usize;
        self.solo = Some(solo as u8);
        self.passes_in_row = 0;
        self.hands[solo] |= self.widow;
        self.step = Step::Playing;
        self.to_act = self.opener;
    }

    fn after_bid_move(&mut self, seat: Seat) {
        if self.high_bid == 3 {
            self.end_auction();
            return;
        }
        if self.cfg.pass_is_final {
            if self.passed.iter().filter(|&&p| p).count() == 2 {
                self.end_auction();
                return;
            }
            let mut next = self.next(seat);
            while self.passed[next] {
                next = self.next(next);
            }
            self.to_act = next as u8;
        } else if self.passes_in_row == 2 {
            self.end_auction();
        } else {
            self.to_act = self.next(seat) as u8;
        }
    }

    fn legal_plays(&self, out: impl FnMut(Combo)) {
        RankSets::of(self.hands[self.to_act as usize]).combos(
            self.table.as_ref().map(|t| &t.0),
            self.cfg.min_run_groups,
            self.cfg.quads_are_bombs,
            out,
        );
    }

    fn play(&mut self, combo: Combo, cards: CardSet) {
        let seat = self.to_act as usize;
        let at = self.played.len() as usize;
        // Two passes cleared the table before a lead (but the first).
        let passes = if self.table.is_none() && at > 0 {
            2
        } else {
            self.passes_in_row
        };
        for (i, c) in cards.iter().enumerate() {
            let tag = if i == 0 { 1 + passes } else { 0 };
            self.plays[at + i] = c.id() | tag << 6;
        }
        self.hands[seat] -= cards;
        self.played |= cards;
        self.table = Some((combo, seat as u8));
        self.table_cards = cards;
        self.passes_in_row = 0;
        if self.hands[seat].is_empty() {
            self.finish(seat);
        } else {
            self.to_act = self.next(seat) as u8;
        }
    }

    /// The plays so far in order, each with the passes just before it and its cards, and how
    /// many there are (`None` if the log does not read).
    fn play_log(&self) -> Option<([(u8, CardSet); 52], usize)> {
        let mut log = [(0u8, CardSet::EMPTY); 52];
        let mut plays = 0;
        for &b in &self.plays[..self.played.len() as usize] {
            let card = Card::from_id(b & 63)?;
            if b >> 6 > 0 {
                log[plays] = ((b >> 6) - 1, CardSet::EMPTY);
                plays += 1;
            }
            log.get_mut(plays.checked_sub(1)?)?.1.insert(card);
        }
        Some((log, plays))
    }

    /// The cards each seat has played, from the log of plays: the turn passes on after a play
    /// or a pass, and two passes in a row give the lead back to the last player to play.
    fn played_by(&self, log: &[(u8, CardSet)]) -> [CardSet; 3] {
        let mut by = [CardSet::EMPTY; 3];
        let mut to_act = self.opener as Seat;
        let mut last = to_act;
        for &(passes, cards) in log {
            for p in 0..passes {
                to_act = if p == 1 { last } else { self.next(to_act) };
            }
            by[to_act] |= cards;
            last = to_act;
            to_act = self.next(to_act);
        }
        by
    }

    fn finish(&mut self, winner: Seat) {
        let solo = self.solo.expect("a solo player") as usize;
        let bid = self.high_bid as i64;
        for s in 0..3 {
            self.deltas[s] = match (s == solo, winner == solo) {
                (true, true) => 2 * bid,
                (true, false) => -2 * bid,
                (false, true) => -bid,
                (false, false) => bid,
            };
        }
        self.winner = Some(winner as u8);
        self.step = Step::Over;
    }
}

impl Deal for BigThreeDeal {
    type Action = BigThreeAction;
    type View = BigThreeView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<BigThreeAction>) {
        out.clear();
        match self.step {
            Step::Bidding => {
                out.extend(self.bids_open().map(BigThreeAction::Bid));
                if self.can_pass_in_auction() {
                    out.push(BigThreeAction::Pass);
                }
            }
            Step::Playing => {
                if self.table.is_some() {
                    out.push(BigThreeAction::Pass);
                }
                // Pass sorts first and the plays come in order.
                self.legal_plays(|c| out.push(BigThreeAction::Play(c)));
                debug_assert!(out.is_sorted());
            }
            Step::Over => {}
        }
    }

    fn apply(&mut self, action: BigThreeAction) -> Result<(), Illegal> {
        let seat = self.to_act as usize;
        match (self.step, action) {
            (Step::Bidding, BigThreeAction::Bid(b)) => {
                if !self.bids_open().contains(&b) {
                    return Err(Illegal::new(match self.bids_open().collect::<Vec<_>>().as_slice() {
                        [] => "no higher bid is possible: pass".to_string(),
                        [only] => format!("the bid must be {only}"),
                        open => format!("bid one of {open:?}"),
                    }));
                }
                self.high_bid = b;
                self.high_bidder = Some(seat as u8);
                self.passes_in_row = 0;
                self.bids[self.bid_len as usize] = (seat as u8, b);
                self.bid_len += 1;
                self.after_bid_move(seat);
            }
            (Step::Bidding, BigThreeAction::Pass) => {
                if !self.can_pass_in_auction() {
                    return Err(Illegal::new("the holder of the opening heart must bid at least 1"));
                }
                self.passed[seat] = true;
                self.passes_in_row += 1;
                self.bids[self.bid_len as usize] = (seat as u8, 0);
                self.bid_len += 1;
                self.after_bid_move(seat);
            }
            (Step::Playing, BigThreeAction::Pass) => {
                let Some((_, last)) = self.table else {
                    return Err(Illegal::new("you lead: play any combination"));
                };
                self.passes_in_row += 1;
                if self.passes_in_row == 2 {
                    // Two passes: the last player to play leads anything.
                    self.table = None;
                    self.table_cards = CardSet::EMPTY;
                    self.passes_in_row = 0;
                    self.to_act = last;
                } else {
                    self.to_act = self.next(seat) as u8;
                }
            }
            (Step::Playing, BigThreeAction::Play(combo) | BigThreeAction::PlayCards(combo, _)) => {
                if !combo.valid(self.cfg.min_run_groups) {
                    return Err(Illegal::new(format!(
                        "{combo} is not a combination: no A, 2 or 3 in straights and runs; straights need 3 cards, runs {} groups",
                        self.cfg.min_run_groups
                    )));
                }
                if !RankSets::of(self.hands[seat]).holds(&combo) {
                    return Err(Illegal::new(format!("you do not hold {combo}")));
                }
                if let Some((t, _)) = self.table {
                    if !combo.beats(&t, self.cfg.quads_are_bombs) {
                        return Err(Illegal::new(format!(
                            "{combo} does not beat {t}: play the same kind and length with a higher top, or pass"
                        )));
                    }
                }
                let cards = match action {
                    BigThreeAction::PlayCards(_, cards) => {
                        if !(cards - self.hands[seat]).is_empty() {
                            return Err(Illegal::new(format!("you do not hold all of {action}")));
                        }
                        cards
                    }
                    _ => take_cards(self.hands[seat], &combo),
                };
                self.play(combo, cards);
            }
            (Step::Over, _) => return Err(Illegal::new("the hand is over")),
            (Step::Bidding, _) => return Err(Illegal::new("the bidding is on: bid N or pass")),
            (Step::Playing, BigThreeAction::Bid(_)) => {
                return Err(Illegal::new("the bidding is over: play a combination or pass"))
            }
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> BigThreeView {
        let widow_known = self.cfg.show_widow && self.solo.is_some() || self.solo == Some(seat as u8);
        BigThreeView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat],
            hand_sizes: self.hands.map(|h| h.len() as u8),
            opener: self.opener as Seat,
            opening_heart: self.opening_heart,
            bids: self.bids[..self.bid_len as usize]
                .iter()
                .map(|&(s, b)| (s as Seat, b))
                .collect(),
            bid: self.high_bid,
            solo: self.solo(),
            widow: if widow_known { Some(self.widow) } else { None },
            table: self.table.map(|(c, s)| TableView {
                combo: c.to_string(),
                cards: self.table_cards,
                seat: s as Seat,
            }),
            passes_in_row: self.passes_in_row,
            played: self.played,
            winner: self.winner(),
            result: (self.step == Step::Over).then_some(self.deltas),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> BigThreeDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        // Hearts below the opening heart were in the widow: with the solo player once taken.
        let lower_hearts: CardSet = super::combo::ORDER
            .iter()
            .map(|&r| Card::new(r, Suit::Hearts))
            .take_while(|&c| c != self.opening_heart)
            .collect();
        let others = [(seat + 1) % 3, (seat + 2) % 3];
        let solo = self.solo.map(Seat::from);
        let known = |q: Seat| {
            let mut k = CardSet::EMPTY;
            if q == self.opener as Seat {
                k.insert(self.opening_heart);
            }
            if solo == Some(q) {
                k |= lower_hearts;
                if self.cfg.show_widow {
                    k |= self.widow;
                }
            }
            k - self.played
        };
        let forbidden = |q: Seat| if solo == Some(q) { CardSet::EMPTY } else { lower_hearts };
        let widow_hidden = solo.is_none();
        let hidden = [
            HiddenHand {
                size: self.hands[others[0]].len(),
                known: known(others[0]),
                forbidden: forbidden(others[0]),
            },
            HiddenHand {
                size: self.hands[others[1]].len(),
                known: known(others[1]),
                forbidden: forbidden(others[1]),
            },
            HiddenHand {
                size: if widow_hidden { 4 } else { 0 },
                known: if widow_hidden { lower_hearts } else { CardSet::EMPTY },
                forbidden: CardSet::EMPTY,
            },
        ];
        let pool = CardSet::FULL_52 - self.hands[seat] - self.played;
        let [a, b, w] = deal_hidden(pool, &hidden, rng).expect("the true deal satisfies every inference");
        world.hands[others[0]] = a;
        world.hands[others[1]] = b;
        if widow_hidden {
            world.widow = w;
        } else if solo != Some(seat) && !self.cfg.show_widow {
            // Which four cards the widow held is hidden from this seat: the hearts known to have
            // been in it, then cards of the solo player's (or, late in the hand, cards it played).
            let s = solo.expect("a solo player");
            let need = 4 - lower_hearts.len();
            let from_hand = (world.hands[s] - lower_hearts).sample(need, rng);
            let by_solo = self
                .play_log()
                .map_or(self.played, |(log, n)| self.played_by(&log[..n])[s]);
            let top_up = (by_solo - lower_hearts - from_hand).sample(need - from_hand.len(), rng);
            world.widow = lower_hearts | from_hand | top_up;
        }
        world
    }

    /// The other seats' moves so far, replayed in this world from the deal: the bidding (public,
    /// and open to every hand alike), then the plays and passes. Each hand at the deal is what it
    /// holds now and what it has played (read from the public log of plays and the turn order),
    /// less the widow for the solo player. A play is reported in its canonical form
    /// (`Play(combo)`, as the legal actions list it) and replayed with the cards really played.
    fn past_moves(&self, seat: Seat, out: &mut Vec<(BigThreeDeal, BigThreeAction)>) {
        if self.step == Step::Over {
            return;
        }
        let Some((log, plays)) = self.play_log() else {
            return;
        };
        let log = &log[..plays];
        let mut d = self.clone();
        for (h, by) in d.hands.iter_mut().zip(self.played_by(log)) {
            *h |= by;
        }
        if let Some(solo) = self.solo {
            d.hands[solo as usize] -= self.widow;
        }
        // The deal as dealt.
        d.step = Step::Bidding;
        d.to_act = self.opener;
        d.bids = [(0, 0); 12];
        d.bid_len = 0;
        d.high_bid = 0;
        d.high_bidder = None;
        d.passed = [false; 3];
        d.passes_in_row = 0;
        d.solo = None;
        d.table = None;
        d.table_cards = CardSet::EMPTY;
        d.played = CardSet::EMPTY;
        d.plays = [0; 52];
        let mut step = |d: &mut BigThreeDeal, action: BigThreeAction, shown: BigThreeAction| {
            replay_move(d, seat, action, shown, out)
        };
        for &(_, bid) in &self.bids[..self.bid_len as usize] {
            let action = if bid == 0 {
                BigThreeAction::Pass
            } else {
                BigThreeAction::Bid(bid)
            };
            if !step(&mut d, action, action) {
                return;
            }
        }
        if self.step != Step::Playing {
            return;
        }
        // The passes since the last play: two cleared the table.
        let trailing = match (plays, self.table) {
            (0, _) => 0,
            (_, None) => 2,
            _ => self.passes_in_row,
        };
        for k in 0..=plays {
            let passes = log.get(k).map_or(trailing, |p| p.0);
            for _ in 0..passes {
                if !step(&mut d, BigThreeAction::Pass, BigThreeAction::Pass) {
                    return;
                }
            }
            let Some(&(_, cards)) = log.get(k) else {
                break;
            };
            let Some(BigThreeAction::PlayCards(combo, _)) = BigThreeAction::with_cards(cards) else {
                return;
            };
            if !step(
                &mut d,
                BigThreeAction::PlayCards(combo, cards),
                BigThreeAction::Play(combo),
            ) {
                return;
            }
        }
    }

    fn canonical(&self, action: BigThreeAction) -> BigThreeAction {
        match action {
            BigThreeAction::PlayCards(combo, _) => BigThreeAction::Play(combo),
            other => other,
        }
    }

    fn bidding(&self) -> bool {
        self.step == Step::Bidding
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over)
            .then(|| DealOutcome::with_next_dealer(self.deltas.to_vec(), self.winner.expect("a winner") as Seat))
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in self.hands {
            all.add_set(h);
        }
        all.add_set(self.played);
        if self.solo.is_none() {
            all.add_set(self.widow);
        }
        all
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    pub combo: String,
    pub cards: CardSet,
    pub seat: Seat,
}

/// What a seat sees: its hand, every hand's size, the bidding, the widow if it is the solo
/// player's (or shown), the combination to beat, and every card played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BigThreeView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: CardSet,
    pub hand_sizes: [u8; 3],
    pub opener: Seat,
    pub opening_heart: Card,
    /// (seat, bid) in order; 0 is a pass.
    pub bids: Vec<(Seat, u8)>,
    pub bid: u8,
    pub solo: Option<Seat>,
    pub widow: Option<CardSet>,
    pub table: Option<TableView>,
    pub passes_in_row: u8,
    pub played: CardSet,
    pub winner: Option<Seat>,
    pub result: Option<[i64; 3]>,
}
