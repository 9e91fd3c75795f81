//! Khanhoo's ten melds for the shared solver (rules page; decisions KHA-4 to KHA-7, KHA-11).

use cards::{Card, Rank, Suit};
use melds::{MeldChoice, MeldRules};

/// Meld kinds, as solver kinds.
pub const SEQUENCE: u16 = 1;
pub const ACES: u16 = 2;
pub const TRIPLET: u16 = 3;
pub const ROYAL: u16 = 4;
pub const COURT: u16 = 5;
pub const KHANHOO: u16 = 6;
pub const DOUBLE_ACES: u16 = 7;
pub const DOUBLE_TRIPLET: u16 = 8;
pub const DOUBLE_ROYAL: u16 = 9;
pub const DOUBLE_KHANHOO: u16 = 10;

pub fn kind_name(kind: u16) -> &'static str {
    match kind {
        SEQUENCE => "sequence",
        ACES => "aces",
        TRIPLET => "triplet",
        ROYAL => "royal assembly",
        COURT => "court meld",
        KHANHOO => "khanhoo",
        DOUBLE_ACES => "double aces",
        DOUBLE_TRIPLET => "double triplet",
        DOUBLE_ROYAL => "double royal",
        _ => "double khanhoo",
    }
}

fn c(rank: Rank, suit: Suit) -> Card {
    Card::new(rank, suit)
}

/// The suits holding number cards (clubs hold only J Q K).
pub const NUMBER_SUITS: [Suit; 3] = [Suit::Hearts, Suit::Spades, Suit::Diamonds];

/// Khanhoo's melds under the variant flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KhanhooMelds {
    /// Aces melds of 3 only (false: 3, 4 or 5 aces).
    pub aces_exactly_three: bool,
    pub aces_can_form_triplet: bool,
    /// Every card must be in a meld (scoring a hand that went out).
    pub complete: bool,
}

impl KhanhooMelds {
    /// Every meld (as card lists) that contains `card`, with its kind and value. Unless
    /// `all_sizes`, sequences longer than three and aces melds of more than three are left out:
    /// they score no more than their three-card part, so only a complete arrangement needs them.
    pub fn templates(&self, card: Card, all_sizes: bool, mut emit: impl FnMut(u16, &[Card], i32)) {
        let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
            return; // the joker is a wild, never a natural
        };
        let mut buf = [Card::JOKER; 9];
        // Sequences of 3 to 9 in a number suit.
        if NUMBER_SUITS.contains(&suit) && rank <= Rank::Nine {
            let v = rank.value();
            for lo in 1..=v {
                let longest = if all_sizes { 9 } else { lo + 2 };
                for hi in v.max(lo + 2)..=longest.min(9) {
                    let len = (hi - lo + 1) as usize;
                    for (i, slot) in buf[..len].iter_mut().enumerate() {
                        *slot = c(Rank::from_value(lo + i as u8).expect("1..=9"), suit);
                    }
                    emit(SEQUENCE, &buf[..len], 1);
                }
            }
        }
        let aces = [
            c(Rank::Ace, Suit::Hearts),
            c(Rank::Ace, Suit::Spades),
            c(Rank::Ace, Suit::Diamonds),
        ];
        if rank == Rank::Ace {
            let sizes: &[u8] = if self.aces_exactly_three || !all_sizes {
                &[3]
            } else {
                &[3, 4, 5]
            };
            // Multisets of aces (two copies of each) of the given size containing this ace.
            for &size in sizes {
                for h in 0..=2u8 {
                    for sp in 0..=2u8 {
                        let Some(d) = size.checked_sub(h + sp).filter(|&d| d <= 2) else {
                            continue;
                        };
                        let mut len = 0;
                        for (ace, k) in aces.iter().zip([h, sp, d]) {
                            for _ in 0..k {
                                buf[len] = *ace;
                                len += 1;
                            }
                        }
                        if buf[..len].contains(&card) {
                            emit(ACES, &buf[..len], 1);
                        }
                    }
                }
            }
            emit(DOUBLE_ACES, &doubled(&aces), 10);
        }
        let number = (Rank::Two..=Rank::Nine).contains(&rank) || (rank == Rank::Ace && self.aces_can_form_triplet);
        if number && NUMBER_SUITS.contains(&suit) {
            let three = [c(rank, Suit::Hearts), c(rank, Suit::Spades), c(rank, Suit::Diamonds)];
            emit(TRIPLET, &three, 2);
            emit(DOUBLE_TRIPLET, &doubled(&three), 10);
        }
        let royal = [
            c(Rank::Jack, Suit::Clubs),
            c(Rank::Queen, Suit::Clubs),
            c(Rank::King, Suit::Clubs),
        ];
        if royal.contains(&card) {
            emit(ROYAL, &royal, 3);
            emit(DOUBLE_ROYAL, &doubled(&royal), 10);
        }
        for court in COURTS {
            if court.contains(&card) {
                emit(COURT, &court, 4);
            }
        }
        let khanhoo = [
            c(Rank::Ace, Suit::Hearts),
            c(Rank::Two, Suit::Spades),
            c(Rank::Three, Suit::Diamonds),
        ];
        if khanhoo.contains(&card) {
            emit(KHANHOO, &khanhoo, 5);
            emit(DOUBLE_KHANHOO, &doubled(&khanhoo), 15);
        }
    }
}

/// The three court melds: K-clubs with two 9 of hearts, Q-clubs with two 8 of spades, J-clubs
/// with two 7 of diamonds.
pub const COURTS: [[Card; 3]; 3] = [
    [
        Card::new(Rank::King, Suit::Clubs),
        Card::new(Rank::Nine, Suit::Hearts),
        Card::new(Rank::Nine, Suit::Hearts),
    ],
    [
        Card::new(Rank::Queen, Suit::Clubs),
        Card::new(Rank::Eight, Suit::Spades),
        Card::new(Rank::Eight, Suit::Spades),
    ],
    [
        Card::new(Rank::Jack, Suit::Clubs),
        Card::new(Rank::Seven, Suit::Diamonds),
        Card::new(Rank::Seven, Suit::Diamonds),
    ],
];

fn doubled(three: &[Card; 3]) -> [Card; 6] {
    [three[0], three[0], three[1], three[1], three[2], three[2]]
}

impl MeldRules for KhanhooMelds {
    fn melds_with(&self, card: Card, free: &[u8; 64], wilds: u8, out: &mut Vec<MeldChoice>) {
        self.templates(card, self.complete, |kind, cards, value| {
            // Take each card from the free copies (templates list copies together); the joker
            // fills what is missing.
            let mut missing = 0u8;
            let mut naturals = [Card::JOKER; melds::MAX_MELD];
            let mut len = 0;
            let mut i = 0;
            while i < cards.len() {
                let x = cards[i];
                let mut want = 1;
                while i + want < cards.len() && cards[i + want] == x {
                    want += 1;
                }
                let have = (want as u8).min(free[x.id() as usize]);
                missing += want as u8 - have;
                if missing > wilds {
                    return;
                }
                for _ in 0..have {
                    naturals[len] = x;
                    len += 1;
                }
                i += want;
            }
            // The meld must hold this very card as a natural (the search places it now).
            if naturals[..len].contains(&card) {
                out.push(MeldChoice::new(kind, &naturals[..len], missing, value));
            }
        });
    }

    fn leave_out(&self, _card: Card) -> Option<i32> {
        if self.complete {
            None
        } else {
            Some(0)
        }
    }

    fn leftover_wilds(&self, wilds: u8, _any_meld: bool) -> Option<i32> {
        if self.complete && wilds > 0 {
            None
        } else {
            Some(0)
        }
    }
}
