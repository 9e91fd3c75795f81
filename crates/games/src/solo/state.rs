use super::auction::{Auction, AuctionMove, AuctionStep};
use super::rules::{CallAceRule, SoloConfig};
use super::scoring::{deal_scores, strength, suit_of, SoloGame, QUEEN_OF_CLUBS, QUEEN_OF_SPADES};
use crate::trick::{Duties, Trick, TrickCards};
use cards::{Card, CardCounts, CardSet, GameRng, Rank, Suit};
use engine::sampling::{deal_hidden, replay_move, HiddenHand};
use engine::{Deal, DealOutcome, Illegal, Seat};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

const FOLLOW_SUIT: &str = "you must follow suit (the black queens are trumps)";

/// Draws `sample_world` makes before it settles for a world the public moves rule out. A pass
/// below solo fails about one draw in ten, so a fitting world comes within a few draws: the
/// bound matters only for a state built by hand that no deal fits.
const MAX_WORLD_DRAWS: usize = 1000;

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Auction,
    /// The declarer announces the game and trump.
    Announce,
    /// The declarer of a simple game calls an ace.
    Call,
    Playing,
    Over,
}

/// One decision. Text: `pass`, `ask` ("I ask"), `ask solo` (question the holder), `yes`,
/// `announce solo H` (game and trump), `call AD`, or a card to play (`QS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SoloAction {
    Pass,
    Ask,
    AskGame(SoloGame),
    Yes,
    Announce(SoloGame, Suit),
    Call(Card),
    Play(Card),
}

impl fmt::Display for SoloAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoloAction::Pass => f.write_str("pass"),
            SoloAction::Ask => f.write_str("ask"),
            SoloAction::AskGame(g) => write!(f, "ask {g}"),
            SoloAction::Yes => f.write_str("yes"),
            SoloAction::Announce(g, s) => write!(f, "announce {g} {s}"),
            SoloAction::Call(c) => write!(f, "call {c}"),
            SoloAction::Play(c) => write!(f, "{c}"),
        }
    }
}

impl FromStr for SoloAction {
    type Err = String;

    fn from_str(text: &str) -> Result<SoloAction, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["pass"] => Ok(SoloAction::Pass),
            ["ask"] => Ok(SoloAction::Ask),
            ["yes"] => Ok(SoloAction::Yes),
            ["ask", game] => game.parse().map(SoloAction::AskGame),
            ["announce", game, suit] => Ok(SoloAction::Announce(game.parse()?, suit.parse()?)),
            ["call", card] => card.parse().map(SoloAction::Call).map_err(|e| e.to_string()),
            _ => t
                .parse()
                .map(SoloAction::Play)
                .map_err(|e| format!("{e}; or pass, ask, ask <game>, yes, announce <game> <suit>, call <ace>")),
        }
    }
}

/// The state of one Solo deal (flat, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloDeal {
    pub(super) cfg: SoloConfig,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) step: Step,
    pub(super) to_act: u8,
    pub(super) hands: [CardSet; 4],
    pub(super) auction: Auction,
    /// Auction moves in order: (seat, code) with 0 pass, 1 ask, 10 + level asked, 20 yes.
    pub(super) log: [(u8, u8); 24],
    pub(super) log_len: u8,
    pub(super) declarer: Option<u8>,
    /// Nobody asked: the queen of clubs' holder plays a simple game.
    pub(super) all_passed: bool,
    pub(super) game: Option<SoloGame>,
    pub(super) trump: Option<Suit>,
    pub(super) called: Option<Card>,
    pub(super) partner: Option<u8>,
    pub(super) partner_revealed: bool,
    pub(super) trick: Trick,
    pub(super) last_trick: Trick,
    pub(super) tricks_done: u8,
    pub(super) tricks_won: [u8; 4],
    /// Tricks from the start won by the declaring side without a break (for the prime bonus).
    pub(super) opening_run: u8,
    pub(super) played: CardSet,
    /// The same cards in the order they were played (public; the first `played.len()` hold
    /// cards), so that a world can be replayed from the start of play (`Deal::past_moves`).
    pub(super) plays: [Card; 32],
    pub(super) cannot_hold: [CardSet; 4],
    pub(super) scores: [i64; 4],
}

impl SoloDeal {
    /// Deals `order` one card at a time from the dealer's left: card `i` to seat
    /// `(dealer + 1 + i) mod 4`.
    pub fn new(cfg: SoloConfig, dealer: Seat, deal_number: u32, order: &[Card]) -> SoloDeal {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in order.iter().enumerate() {
            hands[(dealer + 1 + i) % 4].insert(c);
        }
        let turn = [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer];
        let auction = Auction::new(turn);
        SoloDeal {
            cfg,
            dealer: dealer as u8,
            deal_number,
            step: Step::Auction,
            to_act: turn[0] as u8,
            hands,
            auction,
            log: [(0, 0); 24],
            log_len: 0,
            declarer: None,
            all_passed: false,
            game: None,
            trump: None,
            called: None,
            partner: None,
            partner_revealed: false,
            trick: Trick::new(turn[0]),
            last_trick: Trick::new(turn[0]),
            tricks_done: 0,
            tricks_won: [0; 4],
            opening_run: 0,
            played: CardSet::EMPTY,
            plays: [Card::JOKER; 32],
            cannot_hold: [CardSet::EMPTY; 4],
            scores: [0; 4],
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer.map(Seat::from)
    }

    pub fn game(&self) -> Option<SoloGame> {
        self.game
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The called ace's holder (hidden from views until the ace is played).
    pub fn partner(&self) -> Option<Seat> {
        self.partner.map(Seat::from)
    }

    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    pub fn tricks_won(&self) -> [u8; 4] {
        self.tricks_won
    }

    fn holds_both_black_queens(&self, seat: Seat) -> bool {
        self.hands[seat].contains(QUEEN_OF_CLUBS) && self.hands[seat].contains(QUEEN_OF_SPADES)
    }

    fn auction_moves(&self) -> Vec<AuctionMove> {
        let mut moves = Vec::new();
        let compulsory = self.holds_both_black_queens(self.to_act as Seat);
        self.auction.moves(compulsory, self.cfg.one_step_asks, &mut moves);
        moves
    }

    fn after_auction(&mut self) {
        let declarer = match self.auction.holder {
            Some(h) => h as Seat,
            None => {
                self.all_passed = true;
                (0..4)
                    .find(|&s| self.hands[s].contains(QUEEN_OF_CLUBS))
                    .expect("someone holds the queen of clubs")
            }
        };
        self.declarer = Some(declarer as u8);
        self.step = Step::Announce;
        self.to_act = declarer as u8;
    }

    /// The games and trumps the declarer may announce.
    fn announcements(&self, out: &mut Vec<SoloAction>) {
        let seat = self.to_act as Seat;
        let hand = self.hands[seat];
        let compulsory = self.holds_both_black_queens(seat);
        let add = |g: SoloGame, out: &mut Vec<SoloAction>| {
            let trumps: Vec<Suit> = if g.in_colour() {
                vec![self.cfg.colour]
            } else {
                Suit::ALL.into_iter().filter(|&s| s != self.cfg.colour).collect()
            };
            for t in trumps {
                if !g.with_partner() || !self.cfg.callable_aces(hand, t).is_empty() {
                    out.push(SoloAction::Announce(g, t));
                }
            }
        };
        let games: Vec<SoloGame> = if self.all_passed {
            vec![SoloGame::Simple, SoloGame::SimpleColour]
        } else {
            SoloGame::ALL
                .into_iter()
                .filter(|&g| g >= self.auction.level && !(compulsory && g < SoloGame::Solo))
                .collect()
        };
        for g in games {
            add(g, out);
        }
        if out.is_empty() {
            // No ace can be called (the declarer holds them all): at least a solo instead.
            for g in [
                SoloGame::Solo,
                SoloGame::SoloColour,
                SoloGame::Tout,
                SoloGame::ToutColour,
            ] {
                add(g, out);
            }
        }
        out.sort();
    }

    fn start_play(&mut self) {
        self.step = Step::Playing;
        let leader = (self.dealer as Seat + 1) % 4;
        self.trick = Trick::new(leader);
        self.to_act = leader as u8;
    }

    /// The cards of `suit` as Solo sees them: the black queens belong to trumps.
    fn effective_suit(&self, suit: Suit) -> CardSet {
        let queens = CardSet::single(QUEEN_OF_CLUBS) | CardSet::single(QUEEN_OF_SPADES);
        if Some(suit) == self.trump {
            CardSet::suit(suit) | queens
        } else {
            CardSet::suit(suit) - queens
        }
    }

    fn duties(&self) -> Duties {
        let trump = self.trump.expect("trump is set in play");
        match self.trick.cards().first() {
            Some(&lead) => Duties::new().then(self.effective_suit(suit_of(lead, trump)), FOLLOW_SUIT),
            None => Duties::new(),
        }
    }

    pub(super) fn side(&self, seat: Seat) -> bool {
        Some(seat as u8) == self.declarer || Some(seat as u8) == self.partner
    }

    fn play(&mut self, card: Card) {
        let seat = self.to_act as Seat;
        let trump = self.trump.expect("trump is set in play");
        self.cannot_hold[seat] |= self.duties().revealed_absent(card);
        self.hands[seat].remove(card);
        self.plays[self.played.len() as usize] = card;
        self.played.insert(card);
        if Some(card) == self.called {
            self.partner_revealed = true;
        }
        self.trick.push(card);
        if self.trick.len() < 4 {
            self.to_act = ((seat + 1) % 4) as u8;
            return;
        }
        let i = self
            .trick
            .winning_index(Some(trump), |c| Some(suit_of(c, trump)), |c| strength(c, trump));
        let winner = (self.trick.leader() + i) % 4;
        self.tricks_won[winner] += 1;
        if self.side(winner) && self.opening_run == self.tricks_done {
            self.opening_run += 1;
        }
        self.tricks_done += 1;
        self.last_trick = self.trick;
        self.trick = Trick::new(winner);
        self.to_act = winner as u8;
        if self.tricks_done == 8 {
            let declarer = self.declarer.expect("a declarer") as Seat;
            let partner = self.partner.map_or(declarer, Seat::from);
            let game = self.game.expect("a game");
            let side_tricks = self.tricks_won[declarer]
                + if partner != declarer {
                    self.tricks_won[partner]
                } else {
                    0
                };
            let prime = self.cfg.prime_bonus && self.opening_run >= 5;
            self.scores = deal_scores(game, declarer, partner, side_tricks, self.cfg.zero_sum_payments, prime);
            self.step = Step::Over;
        }
    }

    /// Makes an auction move (checked by the caller, or read from the log).
    fn auction_move(&mut self, m: AuctionMove) {
        self.log_move(self.to_act as Seat, m.code());
        self.auction.apply(m);
        match self.auction.to_act() {
            Some(next) => self.to_act = next as u8,
            None => self.after_auction(),
        }
    }

    /// The declarer announces (checked by the caller, or read from the deal).
    fn announce(&mut self, game: SoloGame, trump: Suit) {
        self.game = Some(game);
        self.trump = Some(trump);
        if game.with_partner() {
            self.step = Step::Call;
        } else {
            self.start_play();
        }
    }

    /// The declarer calls an ace (checked by the caller, or read from the deal).
    fn call(&mut self, ace: Card) {
        self.called = Some(ace);
        self.partner = (0..4).find(|&s| self.hands[s].contains(ace)).map(|s| s as u8);
        self.start_play();
    }

    /// This deal as it was dealt: each seat holds what it holds now and what it has played
    /// (read from the public order of play and the trick winners), before the auction.
    fn as_dealt(&self) -> SoloDeal {
        let first = (self.dealer as Seat + 1) % 4;
        let mut d = self.clone();
        for (hand, played) in d.hands.iter_mut().zip(self.played_by()) {
            *hand |= played;
        }
        let turn = [first, (first + 1) % 4, (first + 2) % 4, self.dealer as Seat];
        d.step = Step::Auction;
        d.to_act = first as u8;
        d.auction = Auction::new(turn);
        d.log = [(0, 0); 24];
        d.log_len = 0;
        d.declarer = None;
        d.all_passed = false;
        d.game = None;
        d.trump = None;
        d.called = None;
        d.partner = None;
        d.partner_revealed = false;
        d.trick = Trick::new(first);
        d.last_trick = Trick::new(first);
        d.tricks_done = 0;
        d.tricks_won = [0; 4];
        d.opening_run = 0;
        d.played = CardSet::EMPTY;
        d.plays = [Card::JOKER; 32];
        d.cannot_hold = [CardSet::EMPTY; 4];
        d
    }

    /// The cards each seat has played, read from the public order of play and the trick winners.
    fn played_by(&self) -> [CardSet; 4] {
        let mut by = [CardSet::EMPTY; 4];
        let Some(trump) = self.trump else {
            return by;
        };
        let n = self.played.len() as usize;
        // The eldest leads the first trick, each trick's winner the next.
        let mut leader = (self.dealer as Seat + 1) % 4;
        for k in 0..n.div_ceil(4) {
            let cards = &self.plays[4 * k..(4 * k + 4).min(n)];
            let mut t = Trick::new(leader);
            for (j, &c) in cards.iter().enumerate() {
                by[(leader + j) % 4].insert(c);
                t.push(c);
            }
            if cards.len() == 4 {
                let i = t.winning_index(Some(trump), |c| Some(suit_of(c, trump)), |c| strength(c, trump));
                leader = (leader + i) % 4;
            }
        }
        by
    }

    /// The seats whose logged auction moves show they were not dealt both black queens: a pass
    /// that SOL-3 closes to such a holder. Only passes depend on the hand (SOL-3 takes moves
    /// away, never adds one), so this is everything the auction tells of the hands.
    fn denied_both_black_queens(&self) -> [bool; 4] {
        let first = (self.dealer as Seat + 1) % 4;
        let mut auction = Auction::new([first, (first + 1) % 4, (first + 2) % 4, self.dealer as Seat]);
        let mut denied = [false; 4];
        for &(s, code) in &self.log[..self.log_len as usize] {
            let Some(m) = AuctionMove::from_code(code) else { break };
            if auction.step == AuctionStep::Done {
                break;
            }
            if m == AuctionMove::Pass && !auction.compulsory_may_pass() {
                denied[s as usize] = true;
            }
            auction.apply(m);
        }
        denied
    }

    /// Whether `dealt`, the hand `seat` was dealt in some world, could have made this deal's
    /// public moves: its auction passes (`denied`, from [`SoloDeal::denied_both_black_queens`]),
    /// and as declarer the queen of clubs when everyone passed, its announcement (both black
    /// queens announce at least solo unless everyone passed) and its call (a game with a partner
    /// needs a callable ace: the one called).
    fn dealt_hand_fits(&self, seat: Seat, dealt: CardSet, denied: &[bool; 4]) -> bool {
        let both = dealt.contains(QUEEN_OF_CLUBS) && dealt.contains(QUEEN_OF_SPADES);
        if both && denied[seat] {
            return false;
        }
        if self.declarer != Some(seat as u8) {
            return true;
        }
        if self.all_passed && !dealt.contains(QUEEN_OF_CLUBS) {
            return false; // when everyone passes, the queen of clubs' holder declares
        }
        let Some(game) = self.game else {
            return true;
        };
        if both && !self.all_passed && game < SoloGame::Solo {
            return false;
        }
        match self.trump {
            Some(trump) if game.with_partner() => {
                let callable = self.cfg.callable_aces(dealt, trump);
                self.called.map_or(!callable.is_empty(), |ace| callable.contains(ace))
            }
            _ => true,
        }
    }

    /// [`SoloDeal::dealt_hand_fits`] for every seat's hand as dealt: what sampling checks, for
    /// the tests to hold against the full replay.
    #[cfg(test)]
    pub(super) fn every_dealt_hand_fits(&self) -> bool {
        let (played_by, denied) = (self.played_by(), self.denied_both_black_queens());
        (0..4).all(|q| self.dealt_hand_fits(q, self.hands[q] | played_by[q], &denied))
    }

    /// Whether the hands as dealt could have made this deal's public moves before play, by
    /// replaying them: every logged auction move (SOL-3 forbids some passes to a holder of both
    /// black queens), the announcement (such a holder announces at least solo; a simple game
    /// needs an ace to call) and the call (SOL-1 depends on the aces held). The plays need no
    /// check here: what they reveal is kept card by card in `cannot_hold`. This is the full
    /// replay that [`SoloDeal::dealt_hand_fits`] stands in for on the sampling path, kept as
    /// the tests' independent check of it.
    #[cfg(test)]
    pub(super) fn public_moves_fit_hands(&self) -> bool {
        let mut d = self.as_dealt();
        for &(_, code) in &self.log[..self.log_len as usize] {
            match AuctionMove::from_code(code) {
                Some(m) if d.step == Step::Auction && d.auction_moves().contains(&m) => d.auction_move(m),
                _ => return false,
            }
        }
        if d.declarer != self.declarer {
            return false; // everyone passed, and here another seat holds the queen of clubs
        }
        let (Some(game), Some(trump)) = (self.game, self.trump) else {
            return true;
        };
        let mut options = Vec::new();
        d.announcements(&mut options);
        if !options.contains(&SoloAction::Announce(game, trump)) {
            return false;
        }
        self.called.is_none_or(|ace| {
            let declarer = d.to_act as Seat;
            self.cfg.callable_aces(d.hands[declarer], trump).contains(ace)
        })
    }

    fn log_move(&mut self, seat: Seat, code: u8) {
        self.log[self.log_len as usize] = (seat as u8, code);
        self.log_len += 1;
    }

    fn wrong_step(&self) -> Illegal {
        Illegal::new(match self.step {
            Step::Auction => "the auction is on: pass, ask, ask <game> or yes",
            Step::Announce => "the declarer announces a game and trump now: announce <game> <suit>",
            Step::Call => "the declarer calls an ace now: call <ace>",
            Step::Playing => "play a card now",
            Step::Over => "the deal is over",
        })
    }
}

impl Deal for SoloDeal {
    type Action = SoloAction;
    type View = SoloView;

    fn to_act(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.to_act as Seat)
    }

    fn legal_actions(&self, out: &mut Vec<SoloAction>) {
        out.clear();
        match self.step {
            Step::Auction => out.extend(self.auction_moves().into_iter().map(|m| match m {
                AuctionMove::Pass => SoloAction::Pass,
                AuctionMove::Ask => SoloAction::Ask,
                AuctionMove::AskGame(g) => SoloAction::AskGame(g),
                AuctionMove::Yes => SoloAction::Yes,
            })),
            Step::Announce => self.announcements(out),
            Step::Call => {
                let trump = self.trump.expect("trump is set");
                out.extend(
                    self.cfg
                        .callable_aces(self.hands[self.to_act as usize], trump)
                        .iter()
                        .map(SoloAction::Call),
                );
            }
            Step::Playing => out.extend(
                self.duties()
                    .legal(self.hands[self.to_act as usize])
                    .iter()
                    .map(SoloAction::Play),
            ),
            Step::Over => {}
        }
        out.sort();
    }

    fn apply(&mut self, action: SoloAction) -> Result<(), Illegal> {
        let seat = self.to_act as Seat;
        match (self.step, action) {
            (Step::Auction, SoloAction::Pass | SoloAction::Ask | SoloAction::AskGame(_) | SoloAction::Yes) => {
                let m = match action {
                    SoloAction::Pass => AuctionMove::Pass,
                    SoloAction::Ask => AuctionMove::Ask,
                    SoloAction::AskGame(g) => AuctionMove::AskGame(g),
                    _ => AuctionMove::Yes,
                };
                if !self.auction_moves().contains(&m) {
                    let compulsory = self.holds_both_black_queens(seat);
                    return Err(Illegal::new(match (self.auction.step, m) {
                        (_, AuctionMove::Pass) if compulsory => {
                            "with both black queens you may not pass below solo".to_string()
                        }
                        (AuctionStep::Asking, AuctionMove::AskGame(_)) => {
                            format!(
                                "ask a game above {}{}",
                                self.auction.level,
                                if self.cfg.one_step_asks {
                                    ", one step at a time"
                                } else {
                                    ""
                                }
                            )
                        }
                        (AuctionStep::Opening, _) => "say ask (I ask) or pass".to_string(),
                        (AuctionStep::Asking, _) => {
                            format!("question the holder (ask <game> above {}) or pass", self.auction.level)
                        }
                        _ => "answer yes or pass".to_string(),
                    }));
                }
                self.auction_move(m);
            }
            (Step::Announce, SoloAction::Announce(game, trump)) => {
                let mut options = Vec::new();
                self.announcements(&mut options);
                if !options.contains(&action) {
                    return Err(Illegal::new(format!(
                        "you may announce: {}",
                        options.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
                    )));
                }
                self.announce(game, trump);
            }
            (Step::Call, SoloAction::Call(ace)) => {
                let trump = self.trump.expect("trump is set");
                let callable = self.cfg.callable_aces(self.hands[seat], trump);
                if !callable.contains(ace) {
                    return Err(Illegal::new(format!("you may call: {callable}")));
                }
                self.call(ace);
            }
            (Step::Playing, SoloAction::Play(card)) => {
                let hand = self.hands[seat];
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

    fn view(&self, seat: Seat) -> SoloView {
        let partner_known = self.partner_revealed || self.partner == Some(seat as u8);
        SoloView {
            seat,
            dealer: self.dealer as Seat,
            deal_number: self.deal_number,
            colour: self.cfg.colour,
            step: self.step,
            to_act: self.to_act(),
            hand: self.hands[seat],
            auction: self.log[..self.log_len as usize]
                .iter()
                .map(|&(s, code)| AuctionEntry {
                    seat: s as Seat,
                    said: match AuctionMove::from_code(code).expect("the log holds moves") {
                        AuctionMove::Pass => "pass".into(),
                        AuctionMove::Ask => "ask".into(),
                        AuctionMove::Yes => "yes".into(),
                        AuctionMove::AskGame(g) => format!("ask {g}"),
                    },
                })
                .collect(),
            holder: self.auction.holder.map(Seat::from),
            level: self.auction.level,
            declarer: self.declarer(),
            all_passed: self.all_passed,
            game: self.game,
            trump: self.trump,
            called_ace: self.called,
            partner: if partner_known { self.partner() } else { None },
            trick: self.trick.cards_inline(),
            trick_leader: self.trick.leader(),
            last_trick: self.last_trick.cards_inline(),
            last_trick_leader: self.last_trick.leader(),
            tricks_won: self.tricks_won,
            played: self.played,
            scores: (self.step == Step::Over).then_some(self.scores),
        }
    }

    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> SoloDeal {
        let mut world = self.clone();
        if self.step == Step::Over {
            return world;
        }
        let others = [(seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4];
        let declarer = self.declarer.map(Seat::from);
        let hidden = others.map(|q| {
            let mut known = CardSet::EMPTY;
            let mut forbidden = self.cannot_hold[q];
            if self.all_passed && declarer == Some(q) {
                known.insert(QUEEN_OF_CLUBS); // shown when everyone passed
            }
            if let Some(ace) = self.called {
                if declarer == Some(q) && self.cfg.call_ace_rule != CallAceRule::Any {
                    forbidden.insert(ace); // a called ace is one the declarer does not hold
                }
                let trump_ace = self.trump.map(|t| Card::new(Rank::Ace, t));
                if declarer == Some(q)
                    && self.cfg.call_ace_rule == CallAceRule::NotHeldNotTrump
                    && Some(ace) == trump_ace
                {
                    // Only a declarer holding the other three aces calls the trump ace (SOL-1);
                    // said here, rather than left to the redraws below, as few draws give it.
                    known |= CardSet::from_iter(Suit::ALL.map(|s| Card::new(Rank::Ace, s))) - CardSet::single(ace);
                }
            }
            HiddenHand {
                size: self.hands[q].len(),
                known: known - self.played,
                forbidden,
            }
        });
        let all: CardSet = cards::DeckSpec::Piquet32.cards().into_iter().collect();
        let pool = all - self.hands[seat] - self.played;
        // The auction, announcement and call also tell of the hands as dealt (SOL-3: a pass
        // below solo denies both black queens; a simple game's call needs a callable ace), which
        // the per-card constraints above cannot say: redraw until the world could have made
        // them. The deciding seat's own moves always fit (its hand is the true one), so only the
        // other seats' hands can fail.
        let played_by = self.played_by();
        let denied = self.denied_both_black_queens();
        for _ in 0..MAX_WORLD_DRAWS {
            let dealt = deal_hidden(pool, &hidden, rng).expect("the true deal satisfies every inference");
            for (q, h) in others.into_iter().zip(dealt) {
                world.hands[q] = h;
            }
            if others
                .iter()
                .all(|&q| self.dealt_hand_fits(q, world.hands[q] | played_by[q], &denied))
            {
                break;
            }
        }
        if let (Some(ace), false) = (self.called, self.partner_revealed) {
            // The hidden partner is whoever holds the called ace in this world.
            world.partner = (0..4).find(|&s| world.hands[s].contains(ace)).map(|s| s as u8);
        }
        world
    }

    /// The other seats' moves so far, replayed in this world from the deal: the auction, the
    /// announcement and the call (all public), then the plays. Each hand at the deal is what
    /// it holds now and what it has played (see `as_dealt`). The auction is replayed as it was
    /// made without checking it against the hands: `sample_world` only draws worlds whose hands
    /// allow it (`dealt_hand_fits`).
    fn past_moves(&self, seat: Seat, out: &mut Vec<(SoloDeal, SoloAction)>) {
        if self.step == Step::Over {
            return;
        }
        let n = self.played.len() as usize;
        let mut d = self.as_dealt();
        let mut push = |d: &SoloDeal, action: SoloAction| {
            if d.to_act as Seat != seat {
                out.push((d.clone(), action));
            }
        };
        for &(_, code) in &self.log[..self.log_len as usize] {
            let Some(m) = AuctionMove::from_code(code) else {
                return;
            };
            let action = match m {
                AuctionMove::Pass => SoloAction::Pass,
                AuctionMove::Ask => SoloAction::Ask,
                AuctionMove::Yes => SoloAction::Yes,
                AuctionMove::AskGame(g) => SoloAction::AskGame(g),
            };
            push(&d, action);
            d.auction_move(m);
        }
        let (Some(game), Some(trump)) = (self.game, self.trump) else {
            return;
        };
        if d.step != Step::Announce {
            return; // not this deal's auction (cannot happen)
        }
        push(&d, SoloAction::Announce(game, trump));
        d.announce(game, trump);
        if let Some(ace) = self.called {
            push(&d, SoloAction::Call(ace));
            d.call(ace);
        }
        if self.step != Step::Playing {
            return;
        }
        for &c in &self.plays[..n] {
            if !replay_move(&mut d, seat, SoloAction::Play(c), SoloAction::Play(c), out) {
                return;
            }
        }
    }

    fn bidding(&self) -> bool {
        self.step == Step::Auction
    }

    fn outcome(&self) -> Option<DealOutcome> {
        (self.step == Step::Over).then(|| DealOutcome::new(self.scores.to_vec()))
    }

    fn cards(&self) -> CardCounts {
        let mut all = CardCounts::new();
        for h in self.hands {
            all.add_set(h);
        }
        all.add_set(self.played);
        all
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AuctionEntry {
    pub seat: Seat,
    pub said: String,
}

/// What one seat may see of a Solo deal: its hand, the auction, the game, trump and called ace;
/// the partner only once the called ace is played (or if it holds the ace itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoloView {
    pub seat: Seat,
    pub dealer: Seat,
    pub deal_number: u32,
    pub colour: Suit,
    pub step: Step,
    pub to_act: Option<Seat>,
    pub hand: CardSet,
    pub auction: Vec<AuctionEntry>,
    pub holder: Option<Seat>,
    pub level: SoloGame,
    pub declarer: Option<Seat>,
    /// Nobody asked: the declarer showed the queen of clubs and plays a simple game.
    pub all_passed: bool,
    pub game: Option<SoloGame>,
    pub trump: Option<Suit>,
    pub called_ace: Option<Card>,
    pub partner: Option<Seat>,
    pub trick: TrickCards,
    pub trick_leader: Seat,
    pub last_trick: TrickCards,
    pub last_trick_leader: Seat,
    pub tricks_won: [u8; 4],
    pub played: CardSet,
    pub scores: Option<[i64; 4]>,
}
