use super::rules::{HeartsConfig, MoonMode, PassDir};
use super::scoring::{self, shooter};
use crate::trick::{ace_high, Duties, Trick, TrickCards};
use cards::{Card, CardCounts, CardSet, GameRng, Rank, Suit};
use engine::sampling::{deal_hidden, replay_move, HiddenHand};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

pub(super) const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
pub(super) const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
const HEARTS: CardSet = CardSet::suit(Suit::Hearts);
const LEAD_TWO_OF_CLUBS: &str = "the two of clubs leads the first trick";
const HEARTS_NOT_BROKEN: &str = "hearts are not broken: you may lead a heart only when you hold nothing but hearts";
const FOLLOW_SUIT: &str = "you must follow suit";
const NO_POINTS_FIRST_TRICK: &str = "no points on the first trick: hearts, the queen of spades and the bonus card may be played to it only by a player holding nothing else";

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Passing,
    Playing,
    MoonChoice,
    Over,
}

/// One decision: a card (to pass or to play) or, for a moon shooter who may choose, how to
/// score it. Text: the card (`QS`), `moon-add` or `moon-subtract`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HeartsAction {
    Card(Card),
    /// Every other player scores 26.
    MoonAdd,
    /// The shooter scores -26.
    MoonSubtract,
}

impl fmt::Display for HeartsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeartsAction::Card(c) => write!(f, "{c}"),
            HeartsAction::MoonAdd => f.write_str("moon-add"),
            HeartsAction::MoonSubtract => f.write_str("moon-subtract"),
        }
    }
}

impl FromStr for HeartsAction {
    type Err = String;

    fn from_str(s: &str) -> Result<HeartsAction, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "moon-add" => Ok(HeartsAction::MoonAdd),
            "moon-subtract" => Ok(HeartsAction::MoonSubtract),
            _ => s.parse::<Card>().map(HeartsAction::Card).map_err(|e| e.to_string()),
        }
    }
}

/// The state of one Hearts deal. Fixed-size and `Copy`-able fields only: cloning never allocates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeartsDeal {
    pub(super) cfg: HeartsConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) pass_dir: PassDir,
    pub(super) phase: Phase,
    pub(super) to_act: u8,
    pub(super) hands: [CardSet; 4],
    /// While passing, the cards each seat has picked (out of the hand until the exchange);
    /// after the exchange, the cards each seat gave ([`HeartsDeal::picks`],
    /// [`HeartsDeal::passed`]). One array for both keeps the state small: search bots clone it.
    pub(super) pass_cards: [CardSet; 4],
    pub(super) won: [CardSet; 4],
    pub(super) trick: Trick,
    /// Who led the previous trick: kept so that a view, built for every simulated move of a
    /// search, need not work out that trick's winner again.
    pub(super) last_leader: u8,
    pub(super) tricks_done: u8,
    pub(super) hearts_broken: bool,
    /// Cards played to tricks so far, the current trick included.
    pub(super) played: CardSet,
    /// The same cards in the order they were played (public; the first `played.len()` hold
    /// cards), so that a world can be replayed from the start of play (`Deal::past_moves`);
    /// the last trick is read from it too ([`HeartsDeal::last_trick`]).
    pub(super) plays: [Card; 52],
    /// Public inferences: cards each seat is known not to hold (shown out of a suit, ...).
    pub(super) cannot_hold: [CardSet; 4],
    /// The deal's scores once over (an i32 each, to keep the state within 256 bytes).
    pub(super) scores: [i32; 4],
}

impl HeartsDeal {
    /// Deals `order` (top first): card `i` goes to seat `(dealer + 1 + i) mod 4`.
    pub fn new(cfg: HeartsConfig, dealer: Seat, deal_number: u32, order: &[Card]) -> HeartsDeal {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in order.iter().enumerate() {
            hands[(dealer + 1 + i) % 4].insert(c);
        }
        let pass_dir = cfg.pass_cycle.for_deal(deal_number);
        let mut deal = HeartsDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            pass_dir,
            phase: Phase::Passing,
            to_act: ((dealer + 1) % 4) as u8,
            hands,
            pass_cards: [CardSet::EMPTY; 4],
            won: [CardSet::EMPTY; 4],
            trick: Trick::new(0),
            last_leader: 0,
            tricks_done: 0,
            hearts_broken: false,
            played: CardSet::EMPTY,
            plays: [Card::JOKER; 52],
            cannot_hold: [CardSet::EMPTY; 4],
            scores: [0; 4],
        };
        if pass_dir == PassDir::None {
            deal.start_play();
        }
        deal
    }

    pub fn config(&self) -> &HeartsConfig {
        &self.cfg
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn pass_direction(&self) -> PassDir {
        self.pass_dir
    }

    /// The cards a seat holds (for tests and tools that own the whole state).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The cards each seat has won in tricks.
    pub fn won(&self) -> &[CardSet; 4] {
        &self.won
    }

    /// Final scores of the deal (zeros until it is over).
    pub fn scores(&self) -> [i64; 4] {
        self.scores.map(i64::from)
    }

    /// The cards `seat` has picked to pass (empty once the exchange is made).
    #[inline]
    pub(super) fn picks(&self, seat: Seat) -> CardSet {
        if self.phase == Phase::Passing {
            self.pass_cards[seat]
        } else {
            CardSet::EMPTY
        }
    }

    /// The cards `seat` gave in the exchange (empty before it).
    #[inline]
    pub(super) fn passed(&self, seat: Seat) -> CardSet {
        if self.phase == Phase::Passing {
            CardSet::EMPTY
        } else {
            self.pass_cards[seat]
        }
    }

    /// The previous trick, read from the order of play: its winner leads the current trick.
    pub(super) fn last_trick(&self) -> Trick {
        let Some(k) = (self.tricks_done as usize).checked_sub(1) else {
            return Trick::new(0);
        };
        let cards = &self.plays[4 * k..4 * k + 4];
        let mut last = Trick::new(self.last_leader as Seat);
        cards.iter().for_each(|&c| last.push(c));
        last
    }

    /// The cards the seat to act may play or pass now (empty outside those phases).
    pub fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.to_act as usize];
        match self.phase {
            Phase::Passing => hand,
            Phase::Playing => self.duties().legal(hand),
            Phase::MoonChoice | Phase::Over => CardSet::EMPTY,
        }
    }

    /// The obligations on the next card played.
    #[inline]
    fn duties(&self) -> Duties {
        let point_cards = {
            let mut p = HEARTS | CardSet::single(QUEEN_OF_SPADES);
            if let Some(b) = self.cfg.bonus_card {
                p.insert(b);
            }
            p
        };
        let first_trick = self.tricks_done == 0;
        match self.trick.led_suit() {
            None if first_trick => Duties::new().then(CardSet::single(TWO_OF_CLUBS), LEAD_TWO_OF_CLUBS),
            None if self.hearts_broken => Duties::new(),
            None => Duties::new().then(CardSet::FULL_52 - HEARTS, HEARTS_NOT_BROKEN),
            Some(led) if first_trick => Duties::new()
                .then(CardSet::suit(led), FOLLOW_SUIT)
                .then(CardSet::FULL_52 - point_cards, NO_POINTS_FIRST_TRICK),
            Some(led) => Duties::new().then(CardSet::suit(led), FOLLOW_SUIT),
        }
    }

    /// Says why `card` may not be played now (called only when it is not legal).
    fn why_not(&self, card: Card) -> Illegal {
        let seat = self.to_act as usize;
        let hand = self.hands[seat];
        if self.picks(seat).contains(card) {
            return Illegal::new(format!("{card} is already chosen to pass"));
        }
        if !hand.contains(card) {
            return Illegal::new(format!("you do not hold {card}"));
        }
        match self.duties().broken_by(hand, card) {
            Some(FOLLOW_SUIT) => {
                let led = self.trick.led_suit().expect("following a lead");
                Illegal::new(format!("{FOLLOW_SUIT}: you hold {}", led.name()))
            }
            Some(reason) => Illegal::new(reason),
            None => Illegal::new(format!("{card} cannot be played now")),
        }
    }

    fn start_play(&mut self) {
        let leader = (0..4)
            .find(|&s| self.hands[s].contains(TWO_OF_CLUBS))
            .expect("someone holds the two of clubs");
        self.phase = Phase::Playing;
        self.trick = Trick::new(leader);
        self.to_act = leader as u8;
    }

    fn pick_to_pass(&mut self, card: Card) {
        let seat = self.to_act as usize;
        self.hands[seat].remove(card);
        self.pass_cards[seat].insert(card);
        if self.pass_cards[seat].len() < 3 {
            return;
        }
        let next = (seat + 1) % 4;
        if next != (self.dealer as usize + 1) % 4 {
            self.to_act = next as u8;
            return;
        }
        let offset = self.pass_dir.offset();
        // What each seat picked is, from now on, what it gave.
        for s in 0..4 {
            self.hands[(s + offset) % 4] |= self.pass_cards[s];
        }
        self.start_play();
    }

    /// Plays a legal card; `duties` are those in force for it.
    fn play(&mut self, card: Card, duties: Duties) {
        let seat = self.to_act as usize;
        self.hands[seat].remove(card);
        self.plays[self.played.len() as usize] = card;
        self.played.insert(card);
        self.cannot_hold[seat] |= duties.revealed_absent(card);
        let is_heart = card.suit() == Some(Suit::Hearts);
        let discard = self.trick.led_suit().is_some_and(|led| card.suit() != Some(led));
        // A heart breaks hearts when discarded, or when led (only possible from a hand of hearts).
        if is_heart && (discard || self.trick.is_empty()) {
            self.hearts_broken = true;
        }
        if card == QUEEN_OF_SPADES && self.cfg.queen_breaks_hearts {
            self.hearts_broken = true;
        }
        self.trick.push(card);
        if self.trick.len() < 4 {
            self.to_act = ((seat + 1) % 4) as u8;
            return;
        }
        let winner = (self.trick.leader() + self.trick.winning_index(None, Card::suit, ace_high)) % 4;
        self.won[winner] |= self.trick.cards().iter().copied().collect();
        self.tricks_done += 1;
        self.last_leader = self.trick.leader() as u8;
        self.trick = Trick::new(winner);
        self.to_act = winner as u8;
        if self.tricks_done == 13 {
            match shooter(&self.cfg, &self.won) {
                Some(s) if self.cfg.moon_mode == MoonMode::ShooterChooses => {
                    self.phase = Phase::MoonChoice;
                    self.to_act = s as u8;
                }
                _ => self.finish(self.cfg.moon_mode),
            }
        }
    }

    fn finish(&mut self, mode: MoonMode) {
        self.scores = scoring::deal_scores(&self.cfg, &self.won, mode).map(|x| x as i32);
        self.phase = Phase::Over;
    }
}

impl Deal for HeartsDeal {
    type Action = HeartsAction;
    type View = HeartsView;

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<HeartsAction>) {
        out.clear();
        if self.phase == Phase::MoonChoice {
            out.extend([HeartsAction::MoonAdd, HeartsAction::MoonSubtract]);
        } else {
            out.extend(self.legal_cards().iter().map(HeartsAction::Card));
        }
    }

    fn apply(&mut self, action: HeartsAction) -> Result<(), Illegal> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(Illegal::new("the deal is over")),
            (Phase::MoonChoice, HeartsAction::Card(_)) => Err(Illegal::new(
                "you shot the moon: choose moon-add (others +26) or moon-subtract (you -26)",
            )),
            (Phase::MoonChoice, HeartsAction::MoonAdd) => {
                self.finish(MoonMode::AddToOthers);
                Ok(())
            }
            (Phase::MoonChoice, HeartsAction::MoonSubtract) => {
                self.finish(MoonMode::SubtractFromShooter);
                Ok(())
            }
            (_, HeartsAction::MoonAdd | HeartsAction::MoonSubtract) => {
                Err(Illegal::new("there is no moon to score now"))
            }
            (Phase::Passing, HeartsAction::Card(card)) => {
                if !self.legal_cards().contains(card) {
                    return Err(self.why_not(card));
                }
                self.pick_to_pass(card);
                Ok(())
            }
            (Phase::Playing, HeartsAction::Card(card)) => {
                // One duty list both checks the card and says what playing it reveals.
                let duties = self.duties();
                if !duties.legal(self.hands[self.to_act as usize]).contains(card) {
                    return Err(self.why_not(card));
                }
                self.play(card, duties);
                Ok(())
            }
        }
    }

    fn view(&self, seat: Seat) -> HeartsView {
        let exchanged = self.phase != Phase::Passing && self.pass_dir != PassDir::None;
        let from = (seat + 4 - self.pass_dir.offset()) % 4;
        HeartsView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            phase: self.phase,
            pass_direction: self.pass_dir.name(),
            to_act: self.to_act(),
            hand: self.hands[seat],
            pass_chosen: self.picks(seat),
            passes_chosen: std::array::from_fn(|s| self.picks(s).len() as u8),
            passed: if exchanged { self.passed(seat) } else { CardSet::EMPTY },
            received: if exchanged { self.passed(from) } else { CardSet::EMPTY },
            hand_sizes: std::array::from_fn(|s| (self.hands[s].len() + self.picks(s).len()) as u8),
            trick: TrickView::of(&self.trick),
            last_trick: TrickView::of(&self.last_trick()),
            tricks_played: self.tricks_done,
            hearts_broken: self.hearts_broken,
            won: self.won,
            points: scoring::raw_points(&self.cfg, &self.won),
            bonus_card: self.cfg.bonus_card,
            scores: (self.phase == Phase::Over).then_some(self.scores()),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> HeartsDeal {
        let mut world = self.clone();
        if self.phase == Phase::Over {
            return world;
        }
        let exchanged = self.phase != Phase::Passing && self.pass_dir != PassDir::None;
        let receiver = (seat + self.pass_dir.offset()) % 4;
        let others = [(seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4];
        let hidden = others.map(|q| HiddenHand {
            size: self.hands[q].len() + self.picks(q).len(),
            known: if exchanged && q == receiver {
                self.passed(seat) - self.played
            } else {
                CardSet::EMPTY
            },
            forbidden: self.cannot_hold[q],
        });
        let pool = CardSet::FULL_52 - self.hands[seat] - self.picks(seat) - self.played;
        let dealt = deal_hidden(pool, &hidden, rng).expect("the true deal satisfies every inference");
        for (&q, cards) in others.iter().zip(dealt) {
            let picks = cards.sample(self.picks(q).len(), rng);
            if self.phase == Phase::Passing {
                world.pass_cards[q] = picks;
            }
            world.hands[q] = cards - picks;
        }
        if exchanged {
            // Passes the observer did not see are redrawn to fit the new hands: cards passed and
            // not yet played must be in the receiver's hand.
            for q in others {
                let to = (q + self.pass_dir.offset()) % 4;
                if to != seat {
                    let in_hand = world.hands[to].sample(3, rng);
                    let top_up = (self.played - in_hand).sample(3 - in_hand.len(), rng);
                    world.pass_cards[q] = in_hand | top_up;
                }
            }
        }
        world
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.phase == Phase::Over).then(|| DealOutcome::new(self.scores().to_vec()))
    }

    /// The three cards of a pass are picked one at a time and seen by nobody until the exchange.
    fn choosing_set(&self) -> bool {
        self.phase == Phase::Passing
    }

    /// Cards go to tricks face up and a moon's choice is announced; passed cards are hidden.
    fn move_is_public(&self) -> bool {
        matches!(self.phase, Phase::Playing | Phase::MoonChoice)
    }

    /// The other seats' plays to tricks so far, replayed in this world from the start of play
    /// (each seat's hand then: what it holds now and what it has played). Passes are not
    /// replayed: the sampled passes of others are only a guess.
    fn past_moves(&self, seat: Seat, out: &mut Vec<(HeartsDeal, HeartsAction)>) {
        let n = self.played.len() as usize;
        if n == 0 || !matches!(self.phase, Phase::Playing | Phase::MoonChoice) {
            return;
        }
        // Leaders, walking back from the current trick: each trick's winner led the next.
        let done = n / 4;
        let mut leaders = [0usize; 14];
        leaders[done] = self.trick.leader();
        for k in (0..done).rev() {
            let mut t = Trick::new(0);
            self.plays[4 * k..4 * k + 4].iter().for_each(|&c| t.push(c));
            let w = t.winning_index(None, Card::suit, ace_high);
            leaders[k] = (leaders[k + 1] + 4 - w) % 4;
        }
        let mut start = self.clone();
        for (i, &c) in self.plays[..n].iter().enumerate() {
            start.hands[(leaders[i / 4] + i % 4) % 4].insert(c);
        }
        start.phase = Phase::Playing;
        start.trick = Trick::new(leaders[0]);
        start.tricks_done = 0;
        start.last_leader = 0;
        start.hearts_broken = false;
        start.played = CardSet::EMPTY;
        start.plays = [Card::JOKER; 52];
        start.won = [CardSet::EMPTY; 4];
        start.cannot_hold = [CardSet::EMPTY; 4];
        start.to_act = leaders[0] as u8;
        for &c in &self.plays[..n] {
            if !replay_move(&mut start, seat, HeartsAction::Card(c), HeartsAction::Card(c), out) {
                return;
            }
        }
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for s in 0..4 {
            all.add_set(self.hands[s]);
            all.add_set(self.picks(s));
            all.add_set(self.won[s]);
        }
        for &c in self.trick.cards() {
            all.add(c);
        }
        all
    }
}

/// A trick as a seat sees it: who led and the cards in play order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickView {
    pub leader: Seat,
    pub cards: TrickCards,
}

impl TrickView {
    fn of(t: &Trick) -> TrickView {
        TrickView {
            leader: t.leader(),
            cards: t.cards_inline(),
        }
    }
}

/// What one seat may see of a Hearts deal. Every card played is public; hands, other seats'
/// pass choices and the cards they passed among themselves are not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeartsView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub phase: Phase,
    pub pass_direction: &'static str,
    pub to_act: Option<Seat>,
    pub hand: CardSet,
    /// This seat's cards picked to pass so far (passing phase).
    pub pass_chosen: CardSet,
    /// How many cards each seat has picked to pass (passing phase).
    pub passes_chosen: [u8; 4],
    /// After the exchange: what this seat passed, and what it received.
    pub passed: CardSet,
    pub received: CardSet,
    pub hand_sizes: [u8; 4],
    pub trick: TrickView,
    pub last_trick: TrickView,
    pub tricks_played: u8,
    pub hearts_broken: bool,
    /// Every card each seat has won in tricks.
    pub won: [CardSet; 4],
    /// Points each seat holds in this deal so far, before any moon.
    pub points: [i64; 4],
    pub bonus_card: Option<Card>,
    /// The deal's scores, once it is over.
    pub scores: Option<[i64; 4]>,
}
