//! The scene: a game-independent description of the table as one seat (or a spectator) sees
//! it. Games fill it from their state for one viewer; front ends draw it and hold no game
//! logic. A scene for seat K may show only what K may see: the conformance kit checks that it
//! is the same in every world sampled for K, and a spectator's in every world sampled for
//! any seat.

use crate::Seat;
use cards::Card;
use serde::Serialize;

/// Who looks at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "seat")]
pub enum Viewer {
    Seat(Seat),
    /// Someone not playing: public information only.
    Spectator,
}

impl Viewer {
    /// The seat, for a seated viewer.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }

    /// Whether this viewer sits at `seat`.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

/// The whole table for one viewer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Scene {
    /// One line naming the deal and its state ("Deal 3, passing left").
    pub title: String,
    /// Every seat, in the game's seating order (the order of play round the table), starting
    /// from seat 0's place in that order.
    pub seats: Vec<SeatScene>,
    pub centre: Centre,
    pub scores: Scoreboard,
    /// For the seat to act, what it is asked ("Pass three cards to the left: 2 chosen"); for
    /// anyone else, whom the table waits for. Empty once the match is over.
    pub prompt: String,
    pub to_act: Option<Seat>,
    /// For the viewer when it is to act and its decision takes several cards one at a time.
    pub pick: Option<Picking>,
}

/// A decision made of several single-card actions of one kind by the same seat in a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Picking {
    /// The kind of the actions ("pass", "bury").
    pub kind: &'static str,
    /// How many cards are still to choose.
    pub count: usize,
    /// What confirming does, with `{cards}` standing for the cards picked ("Pass {cards} to @1").
    pub label: String,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeatScene {
    pub seat: Seat,
    /// Roles at this table now: "dealer", "banker", "declarer", "partner of @2"...
    pub marks: Vec<String>,
    pub to_act: bool,
    pub hand: HandScene,
    /// Cards laid face up in front of the seat: melds, declarations shown, cards passed or
    /// received (for the viewer), a packed hand shown, each with a label.
    pub groups: Vec<CardGroup>,
    /// Tricks taken this deal, in trick games.
    pub tricks: Option<u32>,
    /// The seat's bid or last call, if the game has an auction.
    pub bid: Option<String>,
    /// "retired", "packed", "out", "passed"...
    pub status: Option<String>,
    /// Other short facts about the seat ("13 points taken", "stake 4 chips").
    pub notes: Vec<String>,
    /// For the viewer's own hand, in games whose melds stay in the hand until the end
    /// (Khanhoo, Three Thirteen): the melds of the hand's best arrangement, so a front end can
    /// group them. Empty otherwise, and always for other seats.
    pub hand_melds: Vec<Vec<Card>>,
}

/// A hand as the viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum HandScene {
    /// The viewer's own hand (or an exposed one), in the game's display order.
    Shown { cards: Vec<Card> },
    /// Face down: only the count is known.
    Hidden { count: usize },
    /// No hand in this game or at this moment (a banker without cards, a punter).
    #[default]
    None,
}

impl HandScene {
    /// How many cards the hand holds.
    pub fn len(&self) -> usize {
        match self {
            HandScene::Shown { cards } => cards.len(),
            HandScene::Hidden { count } => *count,
            HandScene::None => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Face-up cards with a label ("Meld: 7C 7D 7H", "Passed to @1").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardGroup {
    pub label: String,
    pub cards: Vec<Card>,
}

impl CardGroup {
    pub fn new(label: impl Into<String>, cards: impl IntoIterator<Item = Card>) -> CardGroup {
        CardGroup {
            label: label.into(),
            cards: cards.into_iter().collect(),
        }
    }
}

/// The middle of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Centre {
    /// The trick in play, card by seat in play order.
    pub trick: Option<TrickScene>,
    /// The last trick completed, with its winner.
    pub last_trick: Option<TrickScene>,
    /// Stock, discard pile, widow, board, pot...: each with its visible cards and size.
    pub piles: Vec<Pile>,
    /// Label/value facts: the trump, the contract, the bets, the target card.
    pub facts: Vec<Fact>,
}

/// Cards played to a trick, by seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TrickScene {
    pub plays: Vec<(Seat, Card)>,
    /// Who took it (for a finished trick).
    pub winner: Option<Seat>,
}

impl TrickScene {
    /// A trick led by `leader` at a table of `players`, cards in play order.
    pub fn in_order(leader: Seat, players: usize, cards: &[Card], winner: Option<Seat>) -> TrickScene {
        TrickScene {
            plays: cards
                .iter()
                .enumerate()
                .map(|(i, &c)| ((leader + i) % players, c))
                .collect(),
            winner,
        }
    }
}

/// A pile in the centre: what shows of it and how many cards it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pile {
    pub label: String,
    /// The face-up cards that can be seen (the discard's top, the whole board...), bottom
    /// first; empty for a face-down pile.
    pub cards: Vec<Card>,
    /// How many cards it holds, when that is known.
    pub size: Option<usize>,
}

impl Pile {
    /// A face-down pile of `size` cards.
    pub fn face_down(label: impl Into<String>, size: usize) -> Pile {
        Pile {
            label: label.into(),
            cards: Vec::new(),
            size: Some(size),
        }
    }

    /// A pile whose listed cards all show.
    pub fn face_up(label: impl Into<String>, cards: impl IntoIterator<Item = Card>) -> Pile {
        let cards: Vec<Card> = cards.into_iter().collect();
        Pile {
            label: label.into(),
            size: Some(cards.len()),
            cards,
        }
    }
}

/// A label and a value ("Trump", "hearts").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

impl Fact {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Fact {
        Fact {
            label: label.into(),
            value: value.into(),
        }
    }
}

/// Scores: the match totals (filled by the engine), this deal's running points (by the game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Scoreboard {
    /// "points" or "chips".
    pub unit: String,
    pub higher_is_better: bool,
    pub totals: Vec<i64>,
    pub deals_completed: u32,
    /// This deal's running figures and what they are ("Points taken", "Card points").
    pub deal: Option<DealScores>,
    /// What ends the match ("First to 100 loses", "8 deals").
    pub target: Option<String>,
    /// Each completed deal's change of every seat's total, in order (the ledger's).
    pub history: Vec<Vec<i64>>,
    /// Partnerships that share one score (each member's total is the team's); empty when
    /// every seat scores alone.
    pub teams: Vec<Vec<Seat>>,
}

/// A deal's running figures per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealScores {
    pub label: String,
    pub values: Vec<i64>,
}

/// What a game shows of one deal to one viewer: the scene without the match-level parts
/// (totals, deals completed), which the engine adds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealScene {
    pub title: String,
    pub seats: Vec<SeatScene>,
    pub centre: Centre,
    pub deal_scores: Option<DealScores>,
    pub target: Option<String>,
    pub prompt: String,
}
