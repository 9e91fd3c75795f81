//! The six games, card order with the black queens, and scores (rules page; examples SOL-X1,
//! SOL-X4).

use cards::{Card, Rank, Suit};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The six games, lowest first (levels L1..L6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SoloGame {
    Simple = 1,
    SimpleColour,
    Solo,
    SoloColour,
    Tout,
    ToutColour,
}

impl SoloGame {
    pub const ALL: [SoloGame; 6] = [
        SoloGame::Simple,
        SoloGame::SimpleColour,
        SoloGame::Solo,
        SoloGame::SoloColour,
        SoloGame::Tout,
        SoloGame::ToutColour,
    ];

    pub fn level(self) -> u8 {
        self as u8
    }

    pub fn from_level(level: u8) -> Option<SoloGame> {
        SoloGame::ALL.get((level as usize).wrapping_sub(1)).copied()
    }

    /// Points won or lost.
    pub fn value(self) -> i64 {
        match self {
            SoloGame::Simple => 2,
            SoloGame::SimpleColour | SoloGame::Solo => 4,
            SoloGame::SoloColour => 8,
            SoloGame::Tout => 16,
            SoloGame::ToutColour => 32,
        }
    }

    pub fn in_colour(self) -> bool {
        matches!(
            self,
            SoloGame::SimpleColour | SoloGame::SoloColour | SoloGame::ToutColour
        )
    }

    /// Simple games are played with the holder of a called ace.
    pub fn with_partner(self) -> bool {
        matches!(self, SoloGame::Simple | SoloGame::SimpleColour)
    }

    /// Tricks the declaring side needs.
    pub fn tricks_needed(self) -> u8 {
        match self {
            SoloGame::Tout | SoloGame::ToutColour => 8,
            _ => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SoloGame::Simple => "simple",
            SoloGame::SimpleColour => "simple-colour",
            SoloGame::Solo => "solo",
            SoloGame::SoloColour => "solo-colour",
            SoloGame::Tout => "tout",
            SoloGame::ToutColour => "tout-colour",
        }
    }
}

impl fmt::Display for SoloGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SoloGame {
    type Err = String;

    fn from_str(s: &str) -> Result<SoloGame, String> {
        let t = s
            .trim()
            .to_ascii_lowercase()
            .replace("color", "colour")
            .replace('_', "-");
        SoloGame::ALL
            .into_iter()
            .find(|g| g.name() == t)
            .ok_or_else(|| format!("'{s}' is not a game: simple, simple-colour, solo, solo-colour, tout, tout-colour"))
    }
}

pub const QUEEN_OF_CLUBS: Card = Card::new(Rank::Queen, Suit::Clubs);
pub const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);

/// The suit a card belongs to for following and winning: the black queens are always trumps.
pub fn suit_of(card: Card, trump: Suit) -> Suit {
    if card == QUEEN_OF_CLUBS || card == QUEEN_OF_SPADES {
        trump
    } else {
        card.suit_unchecked()
    }
}

/// Strength within the card's own suit (as [`suit_of`] sees it): trumps Q-clubs, 7, Q-spades,
/// A K (Q) J 10 9 8; other suits A K Q J 10 9 8 7.
pub fn strength(card: Card, trump: Suit) -> u8 {
    if card == QUEEN_OF_CLUBS {
        return 20;
    }
    if card == QUEEN_OF_SPADES {
        return 18;
    }
    let r = card.rank().expect("no jokers in Solo");
    let plain = match r {
        Rank::Ace => 8,
        Rank::King => 7,
        Rank::Queen => 6,
        Rank::Jack => 5,
        Rank::Ten => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        _ => 1,
    };
    if card.suit() == Some(trump) {
        // Below the queen of clubs (20), the seven (19) and the queen of spades (18).
        if r == Rank::Seven {
            19
        } else {
            9 + plain
        }
    } else {
        plain
    }
}

/// Scores by seat. `side_tricks` is what the declaring side took; `partner` is the called ace's
/// holder (the declarer itself when playing alone). Declarer-only scoring moves the declaring
/// side alone; zero-sum payments make each defender pay (or receive) the value to (from) the
/// declaring side, shared out so the deal sums to zero. `prime` doubles a successful game won
/// with the first five tricks (or all eight) when that bonus is on.
pub fn deal_scores(
    game: SoloGame,
    declarer: usize,
    partner: usize,
    side_tricks: u8,
    zero_sum: bool,
    prime: bool,
) -> [i64; 4] {
    let made = side_tricks >= game.tricks_needed();
    let value = if made && prime { 2 * game.value() } else { game.value() };
    let sign = if made { 1 } else { -1 };
    let mut out = [0i64; 4];
    let side = |s: usize| s == declarer || s == partner;
    let side_size = if partner == declarer { 1 } else { 2 } as i64;
    for (s, score) in out.iter_mut().enumerate() {
        *score = if side(s) {
            if zero_sum {
                sign * value * (4 - side_size) / side_size
            } else {
                sign * value
            }
        } else if zero_sum {
            -sign * value
        } else {
            0
        };
    }
    out
}
