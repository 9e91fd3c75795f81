use super::melds::{kind_name, KhanhooMelds, SEQUENCE};
use super::rules::KhanhooConfig;
use cards::{Card, CardCounts, GameRng};
use engine::sampling::deal_items;
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// What going out adds to the score of the player who goes out.
pub const OUT_BONUS: i64 = 5;

/// The best meld value of a hand (hidden cards, the joker included), or of a complete
/// arrangement when `complete` (`None` if there is none).
pub fn hand_value(cfg: &KhanhooConfig, hand: &CardCounts, complete: bool) -> Option<i64> {
    hand_partition(cfg, hand, complete).map(|p| p.score as i64)
}

/// The best arrangement itself (what `hand_value` scores), with the cards it leaves out.
pub fn hand_partition(cfg: &KhanhooConfig, hand: &CardCounts, complete: bool) -> Option<melds::Partition> {
    let rules = KhanhooMelds {
        aces_exactly_three: cfg.aces_exactly_three,
        aces_can_form_triplet: cfg.aces_can_form_triplet,
        complete,
    };
    let jokers = hand.count(Card::JOKER);
    let naturals: Vec<Card> = hand.to_vec().into_iter().filter(|c| !c.is_joker()).collect();
    melds::with_thread_solver(|s| s.solve(&rules, &naturals, jokers))
}

/// A meld named by its cards (the joker as `JK`), sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MeldCards {
    cards: [Card; 9],
    len: u8,
}

impl MeldCards {
    pub fn new(cards: &[Card]) -> MeldCards {
        let mut c = [Card::JOKER; 9];
        c[..cards.len()].copy_from_slice(cards);
        c[..cards.len()].sort();
        MeldCards {
            cards: c,
            len: cards.len() as u8,
        }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

impl fmt::Display for MeldCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.cards().iter().map(|c| c.to_string()).collect();
        f.write_str(&v.join(" "))
    }
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Take from the stock or the discard pile (with four players: the previous discard).
    Draw,
    /// Discard (going out with it if everything else is melded).
    Discard,
    /// Players other than the discarder and the next player may bump the discard, in turn.
    Bump,
    /// The next player may challenge the best bump.
    Challenge,
    Over,
}

/// One decision. Text: `stock`, `take`, `discard QS`, `out QS`, `pass`, `bump QC 8S 8S` (the
/// meld's cards, the discard among them, `JK` for the joker), `accept`, `challenge 7S 8S 9S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KhanhooAction {
    Stock,
    Take,
    Discard(Card),
    Out(Card),
    Pass,
    Bump(MeldCards),
    Accept,
    Challenge(MeldCards),
}

impl fmt::Display for KhanhooAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KhanhooAction::Stock => f.write_str("stock"),
            KhanhooAction::Take => f.write_str("take"),
            KhanhooAction::Discard(c) => write!(f, "discard {c}"),
            KhanhooAction::Out(c) => write!(f, "out {c}"),
            KhanhooAction::Pass => f.write_str("pass"),
            KhanhooAction::Bump(m) => write!(f, "bump {m}"),
            KhanhooAction::Accept => f.write_str("accept"),
            KhanhooAction::Challenge(m) => write!(f, "challenge {m}"),
        }
    }
}

impl FromStr for KhanhooAction {
    type Err = String;

    fn from_str(text: &str) -> Result<KhanhooAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let meld = |cards: &[&str]| -> Result<MeldCards, String> {
            if cards.len() < 3 || cards.len() > 9 {
                return Err("a meld has 3 to 9 cards".into());
            }
            let parsed: Result<Vec<Card>, _> = cards.iter().map(|c| c.parse::<Card>()).collect();
            parsed.map(|v| MeldCards::new(&v)).map_err(|e| e.with_joker_hint())
        };
        match words.as_slice() {
            ["stock"] => Ok(KhanhooAction::Stock),
            ["take"] => Ok(KhanhooAction::Take),
            ["pass"] => Ok(KhanhooAction::Pass),
            ["accept"] => Ok(KhanhooAction::Accept),
            ["discard", c] => c.parse().map(KhanhooAction::Discard).map_err(|e| e.with_joker_hint()),
            ["out", c] => c.parse().map(KhanhooAction::Out).map_err(|e| e.with_joker_hint()),
            ["bump", rest @ ..] => meld(rest).map(KhanhooAction::Bump),
            ["challenge", rest @ ..] => meld(rest).map(KhanhooAction::Challenge),
            _ => Err(format!(
                "'{}' is not an action: stock, take, discard QS, out QS, pass, bump <cards>, accept, challenge <cards>",
                text.trim()
            )),
        }
    }
}

/// A claim on a discard: who, the meld's cards, its kind and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Claim {
    pub(super) seat: u8,
    pub(super) meld: MeldCards,
    pub(super) kind: u16,
    pub(super) value: i32,
}

/// One hand of Khanhoo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KhanhooDeal {
    pub(super) cfg: KhanhooConfig,
    pub(super) players: u8,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) step: Step,
    pub(super) to_act: u8,
    /// Cards in hand, not frozen.
    pub(super) hands: Vec<CardCounts>,
    /// Melds laid face up after a bump or a challenge, with their kind and value.
    pub(super) frozen: Vec<Vec<(MeldCards, u16, i32)>>,
    /// Cards each player is known to hold (taken from the discards, or named in a claim).
    pub(super) known: Vec<CardCounts>,
    /// Top last.
    pub(super) stock: Vec<Card>,
    /// Top last.
    pub(super) discards: Vec<Card>,
    /// The last discarder, and the bump window's claimants in turn order with our place in it.
    pub(super) discarder: u8,
    pub(super) claimants: Vec<u8>,
    pub(super) claim_index: u8,
    pub(super) best_claim: Option<Claim>,
    pub(super) last_event: Option<String>,
    pub(super) turns: u32,
    pub(super) rng: GameRng,
    pub(super) out: Option<u8>,
    /// The hand reached `max_turns` with nobody out (scored as it stands, or void).
    pub(super) stalemate: bool,
    pub(super) void: bool,
    pub(super) scores: Vec<i64>,
}

impl KhanhooDeal {
    /// Deals `order` (top first): 15 cards each one at a time from the dealer's left, then a 16th
    /// to the dealer's left, who opens by discarding; the rest is the stock (none with four).
    pub fn new(
        cfg: KhanhooConfig,
        players: usize,
        dealer: Seat,
        deal_number: u32,
        order: &[Card],
        seed: u64,
    ) -> KhanhooDeal {
        let mut hands = vec![CardCounts::new(); players];
        let first = (dealer + 1) % players;
        let mut next = 0;
        for _ in 0..15 {
            for k in 0..players {
                hands[(first + k) % players].add(order[next]);
                next += 1;
            }
        }
        hands[first].add(order[next]);
        next += 1;
        let mut stock: Vec<Card> = order[next..].to_vec();
        stock.reverse();
        KhanhooDeal {
            cfg,
            players: players as u8,
            dealer: dealer as u8,
            deal_number,
            step: Step::Discard,
            to_act: first as u8,
            hands,
            frozen: vec![Vec::new(); players],
            known: vec![CardCounts::new(); players],
            stock,
            discards: Vec::new(),
            discarder: first as u8,
            claimants: Vec::new(),
            claim_index: 0,
            best_claim: None,
            last_event: None,
            turns: 0,
            rng: GameRng::from_seed(seed),
            out: None,
            stalemate: false,
            void: false,
            scores: vec![0; players],
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat]
    }

    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    pub fn is_void(&self) -> bool {
        self.void
    }

    /// Whether the hand ended at the discard limit with nobody out (KHA-3).
    pub fn is_stalemate(&self) -> bool {
        self.stalemate
    }

    /// The seat that went out, once someone has.
    pub fn went_out(&self) -> Option<Seat> {
        self.out.map(Seat::from)
    }

    /// Discards made so far this hand.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    fn melds(&self) -> KhanhooMelds {
        KhanhooMelds {
            aces_exactly_three: self.cfg.aces_exactly_three,
            aces_can_form_triplet: self.cfg.aces_can_form_triplet,
            complete: false,
        }
    }

    pub(super) fn next(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players as usize
    }

    /// Melds containing the discard `d` that `seat` could lay with cards from its hand (the
    /// joker filling at most one gap); sequences only when `sequences`.
    pub(super) fn claims_for(&self, seat: Seat, d: Card, sequences: bool) -> Vec<(MeldCards, u16, i32)> {
        let hand = &self.hands[seat];
        let joker = hand.count(Card::JOKER);
        let mut out = Vec::new();
        if d.is_joker() {
            // A discarded joker stands for the one card a meld from the hand is missing, or
            // (KHA-7) for any card of a meld the hand already holds whole, which stays in hand.
            for (c, _) in hand.iter() {
                if c.is_joker() {
                    continue;
                }
                self.melds().templates(c, true, |kind, cards, value| {
                    if kind == SEQUENCE && !sequences {
                        return;
                    }
                    let mut need = CardCounts::new();
                    cards.iter().for_each(|&x| need.add(x));
                    let missing: u32 = need.iter().map(|(x, k)| k.saturating_sub(hand.count(x)) as u32).sum();
                    let from_hand = cards.len() as u32 - 1;
                    if from_hand >= hand.total() {
                        return;
                    }
                    if missing == 1 {
                        let mut meld: Vec<Card> = need
                            .iter()
                            .flat_map(|(x, k)| std::iter::repeat_n(x, k.min(hand.count(x)) as usize))
                            .collect();
                        meld.push(Card::JOKER);
                        out.push((MeldCards::new(&meld), kind, value));
                    } else if missing == 0 {
                        for (x, _) in need.iter() {
                            let mut meld = cards.to_vec();
                            let at = meld.iter().position(|&y| y == x).expect("x is in the meld");
                            meld[at] = Card::JOKER;
                            out.push((MeldCards::new(&meld), kind, value));
                        }
                    }
                });
            }
            out.sort();
            out.dedup();
            return out;
        }
        self.melds().templates(d, true, |kind, cards, value| {
            if kind == SEQUENCE && !sequences {
                return;
            }
            // The discard fills one place; the rest must come from the hand or the joker.
            let mut need = CardCounts::new();
            for &c in cards {
                need.add(c);
            }
            need.remove(d);
            let mut missing = 0;
            let mut meld: Vec<Card> = vec![d];
            for (c, k) in need.iter() {
                let have = k.min(hand.count(c));
                missing += k - have;
                meld.extend(std::iter::repeat_n(c, have as usize));
            }
            // The claimant must keep a card to discard after laying the meld.
            let from_hand = meld.len() as u32 - 1 + missing as u32;
            if missing <= joker && from_hand < hand.total() {
                meld.extend(std::iter::repeat_n(Card::JOKER, missing as usize));
                out.push((MeldCards::new(&meld), kind, value));
                // The joker may also stand for a card the claimant holds, keeping that card.
                if missing == 0 && joker > 0 {
                    let mut held: Vec<Card> = meld[1..].to_vec();
                    held.dedup();
                    for x in held {
                        let mut alt = meld.clone();
                        let at = alt.iter().rposition(|&y| y == x).expect("held card in the meld");
                        alt[at] = Card::JOKER;
                        out.push((MeldCards::new(&alt), kind, value));
                    }
                }
            }
        });
        out.sort();
        out.dedup();
        out
    }

    pub(super) fn top_discard(&self) -> Card {
        *self.discards.last().expect("a discard is on the pile")
    }

    /// After a discard: open the bump window (three or four players) or let the next player draw.
    fn after_discard(&mut self) {
        self.turns += 1;
        if self.turns >= self.cfg.max_turns {
            self.stalemate();
            return;
        }
        let x = self.discarder as usize;
        let entitled = self.next(x);
        self.best_claim = None;
        self.claimants.clear();
        if self.players >= 3 {
            let mut s = self.next(entitled);
            while s != x {
                self.claimants.push(s as u8);
                s = self.next(s);
            }
        }
        if self.claimants.is_empty() {
            self.step = Step::Draw;
            self.to_act = entitled as u8;
        } else {
            self.claim_index = 0;
            self.step = Step::Bump;
            self.to_act = self.claimants[0];
        }
    }

    /// The next claimant in the bump window, or the end of the window.
    fn next_claimant(&mut self) {
        self.claim_index += 1;
        if (self.claim_index as usize) < self.claimants.len() {
            self.to_act = self.claimants[self.claim_index as usize];
        } else {
            self.after_claims();
        }
    }

    fn after_claims(&mut self) {
        let entitled = self.next(self.discarder as usize) as u8;
        self.to_act = entitled;
        self.step = if self.best_claim.is_some() {
            Step::Challenge
        } else {
            Step::Draw
        };
    }

    /// Takes the discard into `seat`'s hand, laying `meld` face up and frozen if given.
    fn take_discard(&mut self, seat: Seat, meld: Option<(MeldCards, u16, i32)>) {
        let d = self.discards.pop().expect("a discard");
        match meld {
            Some((m, kind, value)) => {
                let mut first = true;
                for &c in m.cards() {
                    if c == d && first {
                        first = false;
                        continue;
                    }
                    self.hands[seat].remove(c);
                    self.known[seat].remove(c);
                }
                self.frozen[seat].push((m, kind, value));
            }
            None => {
                self.hands[seat].add(d);
                self.known[seat].add(d);
            }
        }
        self.to_act = seat as u8;
        self.step = Step::Discard;
    }

    fn refill_stock(&mut self) {
        let top = self.discards.pop().expect("a discard pile");
        let mut rest = std::mem::take(&mut self.discards);
        self.rng.shuffle(&mut rest);
        self.stock = rest;
        self.discards.push(top);
    }

    /// Nobody went out within `max_turns` discards (KHA-3): every hand scores as it stands, or
    /// the hand is void.
    fn stalemate(&mut self) {
        self.stalemate = true;
        if self.cfg.stalemate_scores {
            self.score_hands(None);
        } else {
            self.void = true;
        }
        self.step = Step::Over;
    }

    fn finish(&mut self, out_seat: Seat) {
        self.out = Some(out_seat as u8);
        self.score_hands(Some(out_seat));
        self.step = Step::Over;
    }

    /// Each player's frozen melds plus the best arrangement of the hand (KHA-11); the player who
    /// went out, if any, scores a complete arrangement and the bonus.
    fn score_hands(&mut self, out_seat: Option<Seat>) {
        for s in 0..self.players as usize {
            let frozen: i64 = self.frozen[s].iter().map(|&(_, _, v)| v as i64).sum();
            let complete = Some(s) == out_seat;
            let hidden = hand_value(&self.cfg, &self.hands[s], complete).expect("the player out melds completely");
            self.scores[s] = frozen + hidden + if complete { OUT_BONUS } else { 0 };
        }
    }

    pub(super) fn can_go_out(&self, seat: Seat, discard: Card) -> bool {
        let mut rest = self.hands[seat].clone();
        rest.remove(discard);
        hand_value(&self.cfg, &rest, true).is_some()
    }

    // Each move of `apply` on its own, so that `apply` reads as the table of what each step
    // allows.

    fn draw_stock(&mut self, seat: Seat) -> Result<(), Illegal> {
        if self.players >= 4 {
            return Err(Illegal::new(
                "with four players there is no stock: take the previous discard",
            ));
        }
        if self.stock.is_empty() {
            if self.discards.len() <= 1 {
                return Err(Illegal::new(
                    "the stock is empty and cannot be rebuilt: take the discard",
                ));
            }
            self.refill_stock();
        }
        let c = self.stock.pop().expect("a stock card");
        self.hands[seat].add(c);
        self.step = Step::Discard;
        Ok(())
    }

    fn take(&mut self, seat: Seat) -> Result<(), Illegal> {
        if self.discards.is_empty() {
            return Err(Illegal::new("the discard pile is empty"));
        }
        self.take_discard(seat, None);
        self.last_event = None;
        Ok(())
    }

    fn discard(&mut self, seat: Seat, c: Card, out: bool) -> Result<(), Illegal> {
        if self.hands[seat].count(c) == 0 {
            return Err(Illegal::new(format!(
                "you do not hold {c} (frozen melds cannot be broken)"
            )));
        }
        if out && !self.can_go_out(seat, c) {
            return Err(Illegal::new(
                "you cannot go out: the rest of your hand does not meld completely",
            ));
        }
        self.hands[seat].remove(c);
        if self.known[seat].count(c) > 0 {
            self.known[seat].remove(c);
        }
        self.discards.push(c);
        self.discarder = seat as u8;
        if out {
            self.finish(seat);
        } else {
            self.after_discard();
        }
        Ok(())
    }

    fn bump(&mut self, seat: Seat, m: MeldCards) -> Result<(), Illegal> {
        // The same cards may make melds of two kinds (three aces, under
        // `aces_can_form_triplet`): the claim is worth the better.
        let Some(&(meld, kind, value)) = self
            .claims_for(seat, self.top_discard(), false)
            .iter()
            .filter(|x| x.0 == m)
            .max_by_key(|x| x.2)
        else {
            return Err(Illegal::new(
                "you can bump only with a meld other than a sequence, made from the discard and your own cards",
            ));
        };
        // The cards named are now known to be in the claimant's hand.
        let mut first = true;
        for &c in meld.cards() {
            if c == self.top_discard() && first {
                first = false;
                continue;
            }
            if self.known[seat].count(c) < self.hands[seat].count(c) {
                self.known[seat].add(c);
            }
        }
        let better = self.best_claim.is_none_or(|b| value > b.value);
        if better {
            self.best_claim = Some(Claim {
                seat: seat as u8,
                meld,
                kind,
                value,
            });
        }
        self.next_claimant();
        Ok(())
    }

    fn accept(&mut self) {
        let claim = self.best_claim.expect("a claim stands");
        self.last_event = Some(format!(
            "seat {} bumped the discard for a {}",
            claim.seat,
            kind_name(claim.kind)
        ));
        self.take_discard(claim.seat as usize, Some((claim.meld, claim.kind, claim.value)));
    }

    fn challenge(&mut self, seat: Seat, m: MeldCards) -> Result<(), Illegal> {
        let Some(&(meld, kind, value)) = self
            .claims_for(seat, self.top_discard(), true)
            .iter()
            .filter(|x| x.0 == m)
            .max_by_key(|x| x.2)
        else {
            return Err(Illegal::new(
                "challenge with a meld made from the discard and your own cards",
            ));
        };
        let claim = self.best_claim.expect("a claim stands");
        if value >= claim.value {
            self.last_event = Some(format!(
                "seat {seat} challenged with a {} and kept the discard",
                kind_name(kind)
            ));
            let exposed = self.cfg.challenger_must_expose.then_some((meld, kind, value));
            self.take_discard(seat, exposed);
        } else {
            self.last_event = Some(format!(
                "seat {} bumped the discard for a {}",
                claim.seat,
                kind_name(claim.kind)
            ));
            self.take_discard(claim.seat as usize, Some((claim.meld, claim.kind, claim.value)));
        }
        Ok(())
    }
}

impl Deal for KhanhooDeal {
    type Action = KhanhooAction;
    type View = KhanhooView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<KhanhooAction>) {
        out.clear();
        let seat = self.to_act as Seat;
        match self.step {
            Step::Draw => {
                if self.players < 4 && (!self.stock.is_empty() || self.discards.len() > 1) {
                    out.push(KhanhooAction::Stock);
                }
                if !self.discards.is_empty() {
                    out.push(KhanhooAction::Take);
                }
            }
            Step::Discard => {
                for (c, _) in self.hands[seat].iter() {
                    out.push(KhanhooAction::Discard(c));
                }
                for (c, _) in self.hands[seat].iter() {
                    if self.can_go_out(seat, c) {
                        out.push(KhanhooAction::Out(c));
                    }
                }
            }
            Step::Bump => {
                out.push(KhanhooAction::Pass);
                out.extend(
                    self.claims_for(seat, self.top_discard(), false)
                        .into_iter()
                        .map(|(m, _, _)| KhanhooAction::Bump(m)),
                );
            }
            Step::Challenge => {
                out.push(KhanhooAction::Accept);
                out.extend(
                    self.claims_for(seat, self.top_discard(), true)
                        .into_iter()
                        .map(|(m, _, _)| KhanhooAction::Challenge(m)),
                );
            }
            Step::Over => {}
        }
        out.sort();
        out.dedup();
    }

    fn apply(&mut self, action: KhanhooAction) -> Result<(), Illegal> {
        let seat = self.to_act as Seat;
        match (self.step, action) {
            (Step::Draw, KhanhooAction::Stock) => self.draw_stock(seat),
            (Step::Draw, KhanhooAction::Take) => self.take(seat),
            (Step::Discard, KhanhooAction::Discard(c)) => self.discard(seat, c, false),
            (Step::Discard, KhanhooAction::Out(c)) => self.discard(seat, c, true),
            (Step::Bump, KhanhooAction::Pass) => {
                self.next_claimant();
                Ok(())
            }
            (Step::Bump, KhanhooAction::Bump(m)) => self.bump(seat, m),
            (Step::Challenge, KhanhooAction::Accept) => {
                self.accept();
                Ok(())
            }
            (Step::Challenge, KhanhooAction::Challenge(m)) => self.challenge(seat, m),
            (Step::Over, _) => Err(Illegal::new("the hand is over")),
            (Step::Draw, _) => Err(Illegal::new("draw first: stock or take")),
            (Step::Discard, _) => Err(Illegal::new("discard now: discard QS, or out QS to go out")),
            (Step::Bump, _) => Err(Illegal::new("bump the discard (bump <cards>) or pass")),
            (Step::Challenge, _) => Err(Illegal::new("challenge the bump (challenge <cards>) or accept")),
        }
    }

    fn view(&self, seat: Seat) -> KhanhooView {
        let over = self.step == Step::Over;
        KhanhooView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat].to_vec(),
            frozen: self
                .frozen
                .iter()
                .map(|f| {
                    f.iter()
                        .map(|(m, _, v)| FrozenMeld {
                            cards: m.cards().to_vec(),
                            value: *v,
                        })
                        .collect()
                })
                .collect(),
            known: self.known.iter().map(|k| k.to_vec()).collect(),
            discards: self.discards.clone(),
            stock_size: self.stock.len() as u32,
            hand_sizes: self.hands.iter().map(|h| h.total()).collect(),
            claim: self
                .best_claim
                .filter(|_| self.step == Step::Challenge)
                .map(|c| ClaimView {
                    seat: c.seat as Seat,
                    meld: c.meld.cards().to_vec(),
                    value: c.value,
                }),
            last_event: self.last_event.clone(),
            turns: self.turns,
            went_out: self.out.map(Seat::from),
            stalemate: self.stalemate,
            void: self.void,
            hands_shown: over.then(|| self.hands.iter().map(|h| h.to_vec()).collect()),
            scores: over.then(|| self.scores.clone()),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> KhanhooDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let n = self.players as usize;
        let others: Vec<Seat> = (1..n).map(|k| (seat + k) % n).collect();
        let mut pool = cards::DeckSpec::Khanhoo61.counts();
        let mut remove = |c: Card| {
            pool.remove(c);
        };
        self.hands[seat].to_vec().into_iter().for_each(&mut remove);
        self.discards.iter().copied().for_each(&mut remove);
        for f in &self.frozen {
            for (m, _, _) in f {
                m.cards().iter().copied().for_each(&mut remove);
            }
        }
        for &q in &others {
            self.known[q].to_vec().into_iter().for_each(&mut remove);
        }
        let mut items: Vec<(Card, u8)> = Vec::new();
        for (c, k) in pool.iter() {
            for _ in 0..k {
                items.push((c, 0b1111));
            }
        }
        let mut sizes = [0u32; 4];
        for (i, &q) in others.iter().enumerate() {
            sizes[i] = self.hands[q].total() - self.known[q].total();
        }
        sizes[3] = self.stock.len() as u32;
        let dealt = deal_items::<4>(&mut items, &sizes, rng).expect("the sizes add up");
        for (i, &q) in others.iter().enumerate() {
            let mut h = dealt[i].clone();
            h.add_all(&self.known[q]);
            world.hands[q] = h;
        }
        let mut stock = dealt[3].to_vec();
        rng.shuffle(&mut stock);
        world.stock = stock;
        world.rng = GameRng::from_seed(rng.next_u64());
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| {
            DealOutcome::new(if self.void {
                vec![0; self.players as usize]
            } else {
                self.scores.clone()
            })
        })
    }

    fn search_helps(&self) -> bool {
        // The rule bot runs the meld solver on every move, too slow for rollouts, and random
        // rollouts do not play Khanhoo like anyone would: a search on them lost to the rule bot
        // (measured in the arena). `hard` is the lookahead bot instead (`Game::hard_search`).
        false
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in &self.hands {
            all.add_all(h);
        }
        for f in &self.frozen {
            for (m, _, _) in f {
                for &c in m.cards() {
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FrozenMeld {
    pub cards: Vec<Card>,
    pub value: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimView {
    pub seat: Seat,
    pub meld: Vec<Card>,
    pub value: i32,
}

/// What one seat sees: its hand, every frozen meld, the discard pile, the stock's size, the
/// cards others are known to hold (taken from the discards or named in a claim), the bump to
/// challenge, and at the end everyone's hand and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KhanhooView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: Vec<Card>,
    pub frozen: Vec<Vec<FrozenMeld>>,
    pub known: Vec<Vec<Card>>,
    pub discards: Vec<Card>,
    pub stock_size: u32,
    pub hand_sizes: Vec<u32>,
    pub claim: Option<ClaimView>,
    pub last_event: Option<String>,
    pub turns: u32,
    pub went_out: Option<Seat>,
    /// The hand ended at the discard limit with nobody out.
    pub stalemate: bool,
    pub void: bool,
    pub hands_shown: Option<Vec<Vec<Card>>>,
    pub scores: Option<Vec<i64>>,
}
