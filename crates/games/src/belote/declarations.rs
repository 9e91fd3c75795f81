//! Declarations: carres and sequences, each player's best set, and the contest that decides
//! which team scores them (decisions BEL-9, BEL-10; example BEL-X6).

use cards::{Card, CardSet, Rank, Suit};
use engine::Seat;
use serde::Serialize;

/// What a declaration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DeclarationKind {
    /// Four of a kind (J, 9, A, 10, K or Q).
    Carre { rank: char },
    /// Three or more cards of one suit in sequence order A K Q J 10 9 8 7.
    Sequence { suit: Suit, top: char, length: u8 },
}

/// One declaration with its value and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Declaration {
    #[serde(flatten)]
    pub kind: DeclarationKind,
    pub points: i64,
    pub cards: CardSet,
}

/// The ranks in sequence order, lowest first.
const SEQUENCE: [Rank; 8] = [
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

fn sequence_index(rank: Rank) -> usize {
    SEQUENCE.iter().position(|&r| r == rank).expect("a 32-card rank")
}

fn rank_of_letter(c: char) -> Rank {
    Rank::ALL.into_iter().find(|r| r.letter() == c).expect("a rank letter")
}

/// Order of equal-valued carres: A > 10 > K > Q (J and 9 carres have values of their own).
fn carre_order(rank: Rank) -> u8 {
    match rank {
        Rank::Jack => 6,
        Rank::Nine => 5,
        Rank::Ace => 4,
        Rank::Ten => 3,
        Rank::King => 2,
        _ => 1,
    }
}

fn carre(rank: Rank) -> Declaration {
    let points = match rank {
        Rank::Jack => 200,
        Rank::Nine => 150,
        _ => 100,
    };
    Declaration {
        kind: DeclarationKind::Carre { rank: rank.letter() },
        points,
        cards: Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect(),
    }
}

/// The maximal runs of three or more in `set`, suit by suit.
fn runs(set: CardSet, out: &mut Vec<Declaration>) {
    for suit in Suit::ALL {
        let mut i = 0;
        while i < SEQUENCE.len() {
            let mut j = i;
            while j < SEQUENCE.len() && set.contains(Card::new(SEQUENCE[j], suit)) {
                j += 1;
            }
            let length = j - i;
            if length >= 3 {
                out.push(Declaration {
                    kind: DeclarationKind::Sequence {
                        suit,
                        top: SEQUENCE[j - 1].letter(),
                        length: length as u8,
                    },
                    points: match length {
                        3 => 20,
                        4 => 50,
                        _ => 100,
                    },
                    cards: SEQUENCE[i..j].iter().map(|&r| Card::new(r, suit)).collect(),
                });
            }
            i = j.max(i + 1);
        }
    }
}

/// The set of declarations worth the most in `hand`. Unless `shared` is set, a card counts in at
/// most one carre or sequence (a maximal run is one declaration); among equal totals the set
/// whose best declaration ranks highest is kept, so the choice is deterministic.
pub fn best_declarations(hand: CardSet, shared: bool, trump: Suit) -> Vec<Declaration> {
    let carres: Vec<Declaration> = [Rank::Jack, Rank::Nine, Rank::Ace, Rank::Ten, Rank::King, Rank::Queen]
        .into_iter()
        .map(carre)
        .filter(|d| d.cards - hand == CardSet::EMPTY)
        .collect();
    if shared {
        let mut all = carres;
        runs(hand, &mut all);
        return all;
    }
    let mut best: Vec<Declaration> = Vec::new();
    for mask in 0..1u32 << carres.len() {
        let mut set: Vec<Declaration> = (0..carres.len())
            .filter(|i| mask & 1 << i != 0)
            .map(|i| carres[i])
            .collect();
        let used = set.iter().fold(CardSet::EMPTY, |a, d| a | d.cards);
        runs(hand - used, &mut set);
        let total = |s: &[Declaration]| s.iter().map(|d| d.points).sum::<i64>();
        let better = total(&set) > total(&best)
            || (total(&set) == total(&best)
                && matches!((top(&set, trump), top(&best, trump)), (Some(a), Some(b)) if beats(&a, &b, trump)));
        if better {
            best = set;
        }
    }
    best
}

/// The highest declaration of a set.
pub fn top(set: &[Declaration], trump: Suit) -> Option<Declaration> {
    let mut best: Option<Declaration> = None;
    for &d in set {
        if best.is_none_or(|b| beats(&d, &b, trump)) {
            best = Some(d);
        }
    }
    best
}

/// Whether `a` strictly beats `b`: higher value; equal carres by A > 10 > K > Q; equal-valued
/// sequences by length, then top card, then trump over plain; a carre (which always holds a
/// trump) beats a plain sequence of equal value but not a trump one.
pub fn beats(a: &Declaration, b: &Declaration, trump: Suit) -> bool {
    if a.points != b.points {
        return a.points > b.points;
    }
    match (a.kind, b.kind) {
        (DeclarationKind::Carre { rank: ra }, DeclarationKind::Carre { rank: rb }) => {
            carre_order(rank_of_letter(ra)) > carre_order(rank_of_letter(rb))
        }
        (
            DeclarationKind::Sequence {
                suit: sa,
                top: ta,
                length: la,
            },
            DeclarationKind::Sequence {
                suit: sb,
                top: tb,
                length: lb,
            },
        ) => {
            let key = |s: Suit, t: char, l: u8| (l, sequence_index(rank_of_letter(t)), s == trump);
            key(sa, ta, la) > key(sb, tb, lb)
        }
        (DeclarationKind::Carre { .. }, DeclarationKind::Sequence { suit, .. }) => suit != trump,
        (DeclarationKind::Sequence { .. }, DeclarationKind::Carre { .. }) => false,
    }
}

/// Two sequences of the same length, top card and trump-ness: neither can beat the other.
fn identical(a: &Declaration, b: &Declaration, trump: Suit) -> bool {
    match (a.kind, b.kind) {
        (
            DeclarationKind::Sequence {
                suit: sa,
                top: ta,
                length: la,
            },
            DeclarationKind::Sequence {
                suit: sb,
                top: tb,
                length: lb,
            },
        ) => ta == tb && la == lb && (sa == trump) == (sb == trump),
        _ => false,
    }
}

/// Runs the announcement: in playing order, the standing best is replaced only by a
/// declaration that strictly beats it. Returns the seat holding the winning declaration, or
/// `None` when nobody declared or (unless `first_wins`) an opponent held an identical one.
pub fn contest(tops: &[Option<Declaration>; 4], order: [Seat; 4], trump: Suit, first_wins: bool) -> Option<Seat> {
    let mut standing: Option<(Seat, Declaration)> = None;
    let mut tied = false;
    for seat in order {
        let Some(d) = tops[seat] else { continue };
        match standing {
            None => standing = Some((seat, d)),
            Some((_, best)) if beats(&d, &best, trump) => {
                standing = Some((seat, d));
                tied = false;
            }
            Some((holder, best)) => {
                // Only identical declarations tie; a carre against a trump sequence of equal
                // value goes to the first in order whatever the flag (BEL-9.4).
                if identical(&best, &d, trump) && holder % 2 != seat % 2 {
                    tied = true;
                }
            }
        }
    }
    match standing {
        Some((seat, _)) if first_wins || !tied => Some(seat),
        _ => None,
    }
}
