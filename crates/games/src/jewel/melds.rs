//! Jewel's groups and the two arrangement searches built on the shared solver:
//! the declarer's exact validator (decision JWL-7) and the defenders' best arrangement (JWL-8).
//!
//! Jewels are wild or natural at the holder's choice, so both searches try every split of the
//! jewels into wilds and naturals (per jewel suit, since copies are identical). The compulsory
//! four and the declarer's auxiliary are chosen outside the solver, which then only has to place
//! 3-card groups: that keeps the solver's state small and makes the "exactly one four, at least
//! one auxiliary" conditions exact rather than weighted.

use cards::{Card, Rank, Suit};
use melds::{MeldChoice, MeldRules, Solver};

/// A 3-card sequence in one suit and one group; wilds allowed.
pub const SEQUENCE: u16 = 1;
/// Three of a rank in distinct suits; wilds allowed.
pub const SET: u16 = 2;
/// Three identical natural cards.
pub const SUPER_SET: u16 = 3;
/// The open card's rank with its neighbours in its suit, pure.
pub const SUPER_SEQUENCE: u16 = 4;
/// Three wild cards (only when `all_wild_groups_allowed`).
pub const ALL_WILD: u16 = 5;

pub const SUPER_SEQUENCE_BONUS: i32 = 4;
pub const SUPER_SET_BONUS: i32 = 2;
pub const MARRIAGE_BONUS: i32 = 3;
pub const FULL_HAND: i32 = 12;

/// What the open card decides: the jewels, the marriage suit and the super sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub open: Card,
    /// The two suits of the open card's rank in the other colour.
    pub jewel_suits: [Suit; 2],
    /// The other suit of the open card's colour.
    pub marriage_suit: Suit,
    pub all_wild_groups_allowed: bool,
}

/// A hand's cards as the searches see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub kind: u16,
    pub naturals: [Card; 4],
    pub natural_count: u8,
    pub wilds: u8,
}

impl Group {
    pub fn naturals(&self) -> &[Card] {
        &self.naturals[..self.natural_count as usize]
    }
}

/// The best way to show a hand, with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// The pure four-card sequence, if the hand shows one.
    pub compulsory: Option<[Card; 4]>,
    /// The 3-card groups shown (naturals; wild cards are counted in `wilds`).
    pub groups: Vec<Group>,
    /// Cards not placed in any group.
    pub loose: Vec<Card>,
    pub bonus: i32,
    /// The count of the loose cards, or [`FULL_HAND`] without a compulsory sequence.
    pub penalty: i32,
}

impl Arrangement {
    /// Bonuses minus penalties: the hand's `N` in the settlement.
    pub fn net(&self) -> i32 {
        self.bonus - self.penalty
    }
}

impl Table {
    pub fn new(open: Card, all_wild_groups_allowed: bool) -> Table {
        let suit = open.suit().expect("the open card is never a joker");
        let (same, other) = if suit.is_red() {
            ([Suit::Diamonds, Suit::Hearts], [Suit::Clubs, Suit::Spades])
        } else {
            ([Suit::Clubs, Suit::Spades], [Suit::Diamonds, Suit::Hearts])
        };
        let marriage_suit = if same[0] == suit { same[1] } else { same[0] };
        Table {
            open,
            jewel_suits: other,
            marriage_suit,
            all_wild_groups_allowed,
        }
    }

    pub fn is_jewel(&self, card: Card) -> bool {
        !card.is_joker() && card.face() == self.open.face() && self.jewel_suits.contains(&card.suit_unchecked())
    }

    /// Jokers and jewels: the cards that may stand in for others.
    pub fn can_be_wild(&self, card: Card) -> bool {
        card.is_joker() || self.is_jewel(card)
    }

    /// The three cards of a super sequence, lowest first as shown (K-A-2 for an open ace).
    pub fn super_sequence(&self) -> [Card; 3] {
        let suit = self.open.suit_unchecked();
        let v = self.open.face();
        let below = if v == 1 { 13 } else { v - 1 };
        let above = if v == 13 { 1 } else { v + 1 };
        let r = |v| Card::new(Rank::from_value(v).expect("1..=13"), suit);
        [r(below), self.open, r(above)]
    }

    /// Whether the super sequence lies within one group (then it may serve as the auxiliary).
    pub fn super_sequence_in_one_group(&self) -> bool {
        let [lo, _, hi] = self.super_sequence();
        group_of(lo.face()) == group_of(hi.face()) && group_of(lo.face()) == group_of(self.open.face())
    }

    /// Whether a group may serve as the declarer's auxiliary.
    pub fn is_auxiliary(&self, group: &Group) -> bool {
        match group.kind {
            SUPER_SET => true,
            SUPER_SEQUENCE => self.super_sequence_in_one_group(),
            SEQUENCE => group.wilds == 0,
            _ => false,
        }
    }

    /// The bonus a 3-card group earns (marriages only count beside a compulsory sequence).
    pub fn group_bonus(&self, group: &Group, with_compulsory: bool) -> i32 {
        match group.kind {
            SUPER_SET => SUPER_SET_BONUS,
            SUPER_SEQUENCE => SUPER_SEQUENCE_BONUS,
            SEQUENCE if with_compulsory && self.has_marriage(group.naturals()) => MARRIAGE_BONUS,
            _ => 0,
        }
    }

    /// Natural K and Q of the marriage suit among one sequence's cards.
    pub fn has_marriage(&self, naturals: &[Card]) -> bool {
        let k = Card::new(Rank::King, self.marriage_suit);
        let q = Card::new(Rank::Queen, self.marriage_suit);
        naturals.contains(&k) && naturals.contains(&q)
    }

    /// A loose card's count in half points: honours 2, spot cards 1, jokers and jewels 0.
    fn half_count(&self, card: Card) -> i32 {
        if self.can_be_wild(card) {
            0
        } else if group_of(card.face()) == HONOURS {
            2
        } else {
            1
        }
    }

    /// The count of loose cards: honours 1, spot cards a half each with an odd half dropped.
    pub fn count(&self, loose: &[Card]) -> i32 {
        let honours = loose
            .iter()
            .filter(|&&c| !self.can_be_wild(c) && group_of(c.face()) == HONOURS)
            .count();
        let spots = loose
            .iter()
            .filter(|&&c| !self.can_be_wild(c) && group_of(c.face()) == SPOTS)
            .count();
        (honours + spots / 2) as i32
    }
}

const SPOTS: u8 = 0;
const HONOURS: u8 = 1;

/// Spot cards are 2..=10, honours J Q K A.
fn group_of(face: u8) -> u8 {
    if (2..=10).contains(&face) {
        SPOTS
    } else {
        HONOURS
    }
}

/// Rank order within a group: spots 2..10, honours J Q K A (ace high).
fn order(face: u8) -> u8 {
    if face == 1 {
        14
    } else {
        face
    }
}

fn face_of(order: u8) -> u8 {
    if order == 14 {
        1
    } else {
        order
    }
}

/// How the solver scores the 3-card groups around a fixed compulsory four.
#[derive(Clone, Copy)]
enum Mode {
    /// Every card must be placed (the declarer's remaining cards).
    Complete,
    /// Loose cards cost their count (defenders); scores are in half points.
    Counted,
}

struct Threes<'a> {
    table: &'a Table,
    mode: Mode,
}

impl Threes<'_> {
    fn value(&self, group: &Group) -> i32 {
        let bonus = self.table.group_bonus(group, true);
        match self.mode {
            Mode::Complete => bonus,
            Mode::Counted => 2 * bonus,
        }
    }

    fn push(&self, out: &mut Vec<MeldChoice>, kind: u16, naturals: &[Card], wilds: u8) {
        let mut g = Group {
            kind,
            naturals: [Card::JOKER; 4],
            natural_count: naturals.len() as u8,
            wilds,
        };
        g.naturals[..naturals.len()].copy_from_slice(naturals);
        out.push(MeldChoice::new(kind, naturals, wilds, self.value(&g)));
    }
}

impl MeldRules for Threes<'_> {
    fn melds_with(&self, card: Card, free: &[u8; 64], wilds: u8, out: &mut Vec<MeldChoice>) {
        let suit = card.suit_unchecked();
        let face = card.face();
        let have = |c: Card| free[c.id() as usize];

        // Super set: three identical naturals.
        if have(card) >= 3 {
            self.push(out, SUPER_SET, &[card, card, card], 0);
        }

        // Sets: distinct suits of this rank, wilds filling up to three.
        // (No allocation: this runs at every node of the solver's search.)
        let rank = card.rank().expect("a natural");
        let mut others = [card; 3];
        let mut count = 0;
        for s in Suit::ALL {
            let c = Card::new(rank, s);
            if s != suit && have(c) > 0 {
                others[count] = c;
                count += 1;
            }
        }
        let others = &others[..count];
        if wilds >= 2 {
            self.push(out, SET, &[card], 2);
        }
        for (i, &a) in others.iter().enumerate() {
            if wilds >= 1 {
                self.push(out, SET, &[card, a], 1);
            }
            for &b in &others[i + 1..] {
                self.push(out, SET, &[card, a, b], 0);
            }
        }

        // Super sequence: this card is in it (pure, so every card must be free).
        let sup = self.table.super_sequence();
        if sup.contains(&card) {
            let mut need = [0u8; 64];
            sup.iter().for_each(|c| need[c.id() as usize] += 1);
            if sup.iter().all(|c| have(*c) >= need[c.id() as usize]) {
                self.push(out, SUPER_SEQUENCE, &sup, 0);
            }
        }

        // Sequences: every window of three in this card's group holding it; the other positions
        // are free naturals or wilds. A pure window equal to the super sequence is offered as
        // the super sequence only (it is the same cards, and the bonus is never worse).
        let group = group_of(face);
        let (lo, hi) = if group == SPOTS { (2u8, 10u8) } else { (11u8, 14u8) };
        let at = order(face);
        // The one pure window that is the super sequence (when it lies in this group).
        let super_start = (suit == self.table.open.suit_unchecked() && self.table.super_sequence_in_one_group())
            .then(|| order(self.table.open.face()) - 1);
        for start in lo..=hi - 2 {
            if at < start || at > start + 2 {
                continue;
            }
            // Each other position: natural (if free) or wild.
            let mut positions = [0u8; 2];
            let mut k = 0;
            for o in start..start + 3 {
                if o != at {
                    positions[k] = o;
                    k += 1;
                }
            }
            for choice in 0u8..4 {
                let mut naturals = [card; 3];
                let mut len = 1;
                let mut w = 0u8;
                let mut ok = true;
                for (i, &o) in positions.iter().enumerate() {
                    if choice & 1 << i != 0 {
                        let c = Card::new(Rank::from_value(face_of(o)).expect("a rank"), suit);
                        if have(c) == 0 {
                            ok = false;
                        }
                        naturals[len] = c;
                        len += 1;
                    } else {
                        w += 1;
                    }
                }
                if !ok || w > wilds {
                    continue;
                }
                if w == 0 && super_start == Some(start) {
                    continue;
                }
                self.push(out, SEQUENCE, &naturals[..len], w);
            }
        }
    }

    fn leave_out(&self, card: Card) -> Option<i32> {
        match self.mode {
            Mode::Complete => None,
            Mode::Counted => Some(-self.table.half_count(card)),
        }
    }

    fn leftover_wilds(&self, wilds: u8, _any_meld: bool) -> Option<i32> {
        match self.mode {
            Mode::Counted => Some(0),
            Mode::Complete if wilds == 0 => Some(0),
            Mode::Complete if self.table.all_wild_groups_allowed && wilds.is_multiple_of(3) => Some(0),
            Mode::Complete => None,
        }
    }
}

/// One way of using a hand's jewels: the naturals left, and how many cards act as wilds.
struct Split {
    naturals: Vec<Card>,
    wilds: u8,
}

/// Every split of the jewels into wilds and naturals (copies of a jewel are interchangeable).
fn splits(table: &Table, hand: &[Card]) -> Vec<Split> {
    let jokers = hand.iter().filter(|c| c.is_joker()).count() as u8;
    let per_suit: Vec<u8> = table
        .jewel_suits
        .iter()
        .map(|&s| {
            hand.iter()
                .filter(|&&c| table.is_jewel(c) && c.suit_unchecked() == s)
                .count() as u8
        })
        .collect();
    let mut out = Vec::new();
    for a in 0..=per_suit[0] {
        for b in 0..=per_suit[1] {
            let mut take = [a, b];
            let naturals = hand
                .iter()
                .copied()
                .filter(|&c| {
                    if c.is_joker() {
                        return false;
                    }
                    if table.is_jewel(c) {
                        let i = (c.suit_unchecked() != table.jewel_suits[0]) as usize;
                        if take[i] > 0 {
                            take[i] -= 1;
                            return false;
                        }
                    }
                    true
                })
                .collect();
            out.push(Split {
                naturals,
                wilds: jokers + a + b,
            });
        }
    }
    out
}

/// Every pure four-card sequence in one suit and one group among `naturals`.
fn fours(naturals: &[Card]) -> Vec<[Card; 4]> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        let has = |o: u8| naturals.contains(&Card::new(Rank::from_value(face_of(o)).expect("a rank"), suit));
        let starts = (2u8..=7).chain(std::iter::once(11u8));
        for start in starts {
            if (start..start + 4).all(has) {
                let c = |o: u8| Card::new(Rank::from_value(face_of(o)).expect("a rank"), suit);
                out.push([c(start), c(start + 1), c(start + 2), c(start + 3)]);
            }
        }
    }
    out
}

/// `cards` without one copy of each of `taken`; `None` if some card is missing.
fn remove(cards: &[Card], taken: &[Card]) -> Option<Vec<Card>> {
    let mut rest = cards.to_vec();
    for t in taken {
        let i = rest.iter().position(|c| c == t)?;
        rest.swap_remove(i);
    }
    Some(rest)
}

/// The auxiliary candidates among `naturals`: pure one-group 3-sequences, the super sequence
/// when it lies in one group, and super sets.
fn auxiliaries(table: &Table, naturals: &[Card]) -> Vec<Group> {
    let threes = Threes {
        table,
        mode: Mode::Complete,
    };
    let mut counts = [0u8; 64];
    naturals.iter().for_each(|c| counts[c.id() as usize] += 1);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    let mut seen = Vec::new();
    for &c in naturals {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        buf.clear();
        threes.melds_with(c, &counts, 0, &mut buf);
        for m in &buf {
            let g = to_group(m);
            if table.is_auxiliary(&g) && !out.contains(&g) {
                out.push(g);
            }
        }
    }
    out
}

fn to_group(m: &MeldChoice) -> Group {
    let mut g = Group {
        kind: m.kind,
        naturals: [Card::JOKER; 4],
        natural_count: m.natural_count,
        wilds: m.wilds,
    };
    g.naturals[..m.natural_count as usize].copy_from_slice(m.naturals());
    g.naturals[..m.natural_count as usize].sort();
    g
}

/// The declarer's 16 cards checked exactly (JWL-7): a pure four, four 3-card groups, at least one
/// of them an auxiliary. Returns the best-scoring valid arrangement, or `None` for a wrong
/// declaration.
pub fn validate_declaration(solver: &mut Solver, table: &Table, hand: &[Card]) -> Option<Arrangement> {
    if hand.len() != 16 {
        return None;
    }
    let mut best: Option<Arrangement> = None;
    for split in splits(table, hand) {
        for four in fours(&split.naturals) {
            let Some(after_four) = remove(&split.naturals, &four) else {
                continue;
            };
            for aux in auxiliaries(table, &after_four) {
                let Some(rest) = remove(&after_four, aux.naturals()) else {
                    continue;
                };
                let threes = Threes {
                    table,
                    mode: Mode::Complete,
                };
                let Some(p) = solver.solve(&threes, &rest, split.wilds) else {
                    continue;
                };
                let mut groups = vec![aux];
                groups.extend(p.melds.iter().map(to_group));
                for _ in 0..p.wilds_left / 3 {
                    groups.push(all_wild());
                }
                let marriage = if table.has_marriage(&four) { MARRIAGE_BONUS } else { 0 };
                let bonus = marriage + table.group_bonus(&aux, true) + p.score;
                if best.as_ref().is_none_or(|b| bonus > b.bonus) {
                    best = Some(Arrangement {
                        compulsory: Some(four),
                        groups,
                        loose: Vec::new(),
                        bonus,
                        penalty: 0,
                    });
                }
            }
        }
    }
    best
}

fn all_wild() -> Group {
    Group {
        kind: ALL_WILD,
        naturals: [Card::JOKER; 4],
        natural_count: 0,
        wilds: 3,
    }
}

/// A non-declaring hand arranged to its best advantage (JWL-8): with a compulsory sequence, any
/// 3-card groups besides it and the count of the rest; without one, the full hand (12) and up
/// to four bonus groups.
pub fn best_arrangement(solver: &mut Solver, table: &Table, hand: &[Card]) -> Arrangement {
    let mut best = full_hand_arrangement(table, hand);
    for split in splits(table, hand) {
        for four in fours(&split.naturals) {
            let Some(rest) = remove(&split.naturals, &four) else {
                continue;
            };
            let threes = Threes {
                table,
                mode: Mode::Counted,
            };
            let p = solver
                .solve(&threes, &rest, split.wilds)
                .expect("loose cards are allowed");
            let marriage = if table.has_marriage(&four) { MARRIAGE_BONUS } else { 0 };
            let groups: Vec<Group> = p.melds.iter().map(to_group).collect();
            let bonus = marriage + groups.iter().map(|g| table.group_bonus(g, true)).sum::<i32>();
            let mut loose = p.left_out.clone();
            // Wilds not used in a group stay loose; they count nothing.
            let used: u8 = groups.iter().map(|g| g.wilds).sum();
            let spare = split.wilds - used;
            loose.extend(spare_wilds(table, hand, &split, spare));
            let penalty = table.count(&loose);
            if bonus - penalty > best.net() {
                best = Arrangement {
                    compulsory: Some(four),
                    groups,
                    loose,
                    bonus,
                    penalty,
                };
            }
        }
    }
    best
}

/// The cards that acted as wilds in a split but were not used (jokers first, then jewels).
fn spare_wilds(table: &Table, hand: &[Card], split: &Split, spare: u8) -> Vec<Card> {
    let mut wild_cards = remove(hand, &split.naturals).expect("the split's naturals come from the hand");
    wild_cards.sort_by_key(|c| (!c.is_joker(), *c));
    debug_assert!(wild_cards.iter().all(|&c| table.can_be_wild(c)));
    wild_cards.truncate(spare as usize);
    wild_cards
}

/// The best a hand can show as a full hand (no compulsory sequence, or a wrong declaration): up
/// to four pure bonus groups (super sets and super sequences), chosen exactly by a small search.
pub fn full_hand_arrangement(table: &Table, hand: &[Card]) -> Arrangement {
    let mut candidates: Vec<Group> = Vec::new();
    let sup = table.super_sequence();
    let mut counts = [0u8; 64];
    hand.iter()
        .filter(|c| !c.is_joker())
        .for_each(|c| counts[c.id() as usize] += 1);
    for (id, &n) in counts.iter().enumerate() {
        if n >= 3 {
            let c = Card::from_id(id as u8).expect("a card id");
            candidates.push(group_of_cards(SUPER_SET, &[c, c, c]));
        }
    }
    let mut need = [0u8; 64];
    sup.iter().for_each(|c| need[c.id() as usize] += 1);
    // Two copies of the open card remain in play, so a hand may show two super sequences.
    for copies in 1..=2 {
        if sup
            .iter()
            .all(|c| counts[c.id() as usize] >= copies * need[c.id() as usize])
        {
            candidates.push(group_of_cards(SUPER_SEQUENCE, &sup));
        }
    }
    let mut best_pick = Vec::new();
    let mut pick = Vec::new();
    search_bonus(table, &candidates, 0, &mut counts, &mut pick, &mut best_pick);
    let groups: Vec<Group> = best_pick.iter().map(|&i| candidates[i]).collect();
    let bonus = groups.iter().map(|g| table.group_bonus(g, false)).sum();
    let loose = groups.iter().fold(hand.to_vec(), |rest, g| {
        remove(&rest, g.naturals()).expect("picked groups fit the hand")
    });
    Arrangement {
        compulsory: None,
        groups,
        loose,
        bonus,
        penalty: FULL_HAND,
    }
}

fn group_of_cards(kind: u16, cards: &[Card]) -> Group {
    let mut g = Group {
        kind,
        naturals: [Card::JOKER; 4],
        natural_count: cards.len() as u8,
        wilds: 0,
    };
    g.naturals[..cards.len()].copy_from_slice(cards);
    g
}

fn search_bonus(
    table: &Table,
    candidates: &[Group],
    from: usize,
    counts: &mut [u8; 64],
    pick: &mut Vec<usize>,
    best: &mut Vec<usize>,
) {
    let value = |p: &[usize]| p.iter().map(|&i| table.group_bonus(&candidates[i], false)).sum::<i32>();
    if value(pick) > value(best) {
        *best = pick.clone();
    }
    if pick.len() == 4 {
        return;
    }
    for i in from..candidates.len() {
        let g = &candidates[i];
        let fits = {
            let mut need = [0u8; 64];
            g.naturals().iter().for_each(|c| need[c.id() as usize] += 1);
            g.naturals()
                .iter()
                .all(|c| counts[c.id() as usize] >= need[c.id() as usize])
        };
        if !fits {
            continue;
        }
        g.naturals().iter().for_each(|c| counts[c.id() as usize] -= 1);
        pick.push(i);
        search_bonus(table, candidates, i + 1, counts, pick, best);
        pick.pop();
        g.naturals().iter().for_each(|c| counts[c.id() as usize] += 1);
    }
}
