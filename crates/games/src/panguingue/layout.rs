//! One player's melds on the table and the plays that change them: new melds, lay-offs,
//! splits and borrows (PAN-14). Each play is checked in one place ([`Layout::check`]) and listed
//! in another ([`Layout::plays`]); a test holds the list to exactly what the check accepts.

use super::actions::Play;
use super::melds::{new_melds, position, set_bag, sub_multisets, Bag, Grid, Meld, MeldRules, Pieces, Shape};
use cards::{Card, CardCounts};
use engine::Illegal;

/// A player never has more than 11 cards out, so never more than three melds.
pub const MAX_MELDS: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    melds: [Meld; MAX_MELDS],
    len: u8,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            melds: [Meld::NONE; MAX_MELDS],
            len: 0,
        }
    }
}

/// What a checked play does: hand cards it uses, the meld it rewrites and the melds it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub from_hand: Bag,
    replace: Option<(u8, Meld)>,
    add: [Option<Meld>; 2],
}

/// Limits on the plays allowed at this point of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Every play must put this card (from hand) on the table.
    pub must_place: Option<Card>,
    /// Only lay-offs (a forced take under the lay-off-only scope).
    pub lay_off_only: bool,
    /// Splits are allowed (they place no card, so not while a card must be placed).
    pub splits: bool,
}

impl Layout {
    /// The layout these melds form (as shown in a view), or `None` if one is not a meld. A
    /// rope's increase base is taken as 3 (views do not show it).
    pub fn from_cards(melds: &[Vec<Card>]) -> Option<Layout> {
        let mut layout = Layout::default();
        for m in melds {
            if layout.len as usize == MAX_MELDS {
                return None;
            }
            layout.melds[layout.len as usize] = Meld::from_cards(m.iter().copied(), false)?;
            layout.len += 1;
        }
        Some(layout)
    }

    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.len as usize]
    }

    /// Cards on the table.
    pub fn melded(&self) -> u32 {
        self.melds().iter().map(|m| m.len() as u32).sum()
    }

    /// Whether `card` could be laid off on one of these melds.
    pub fn fits(&self, card: Card, rules: &MeldRules) -> bool {
        self.melds().iter().any(|m| m.accepts(card, rules))
    }

    /// The table entitlement `T` of PAN-9: what all these melds are worth as conditions.
    pub fn entitlement(&self, rules: &MeldRules) -> u32 {
        self.melds().iter().map(|m| m.entitlement(rules)).sum()
    }

    /// The base values of the conditions held (for `going_out_condition_repeat=base-values-only`).
    pub fn base_values(&self, rules: &MeldRules) -> u32 {
        self.melds()
            .iter()
            .filter_map(|m| m.condition(rules))
            .map(|(b, _)| b)
            .sum()
    }

    fn meld(&self, k: u8) -> Result<Meld, Illegal> {
        self.melds()
            .get(k as usize)
            .copied()
            .ok_or_else(|| Illegal::new(format!("you have no meld {} (you have {})", k + 1, self.len)))
    }

    /// Checks `play` against this layout and `hand`, saying what is wrong if it is not allowed.
    pub fn check(&self, hand: &CardCounts, play: Play, limits: Limits, rules: &MeldRules) -> Result<Effect, Illegal> {
        let holds = |bag: &Bag| {
            let need = bag.counts();
            let held = need.iter().all(|(c, k)| hand.count(c) >= k);
            held
        };
        let must_in = |bag: &Bag| limits.must_place.is_none_or(|c| bag.contains(c));
        let must_word = || {
            let c = limits.must_place.expect("only called with a card to place");
            Illegal::new(format!("this play must put {c} on the table"))
        };
        if limits.lay_off_only && !matches!(play, Play::Lay(..)) {
            return Err(Illegal::new("a forced card must be laid off on one of your melds"));
        }
        match play {
            Play::Lay(card, k) => {
                let meld = self.meld(k)?;
                if hand.count(card) == 0 {
                    return Err(Illegal::new(format!("you do not hold {card}")));
                }
                if limits.must_place.is_some_and(|c| c != card) {
                    return Err(must_word());
                }
                if !meld.accepts(card, rules) {
                    return Err(Illegal::new(format!("{card} does not fit meld {} ({meld})", k + 1)));
                }
                Ok(Effect {
                    from_hand: Bag::of([card]).expect("one card"),
                    replace: Some((k, meld.with(card, rules))),
                    add: [None; 2],
                })
            }
            Play::Meld(bag) => {
                if !holds(&bag) {
                    return Err(Illegal::new(format!("you do not hold all of {bag}")));
                }
                if !must_in(&bag) {
                    return Err(must_word());
                }
                let meld = Meld::from_cards(bag.cards(), true).ok_or_else(|| not_a_new_meld(&bag))?;
                self.room_for(1)?;
                Ok(Effect {
                    from_hand: bag,
                    replace: None,
                    add: [Some(meld), None],
                })
            }
            Play::Split(k, part) => {
                if !limits.splits {
                    return Err(match limits.must_place {
                        Some(_) => must_word(),
                        None => Illegal::new("you cannot split now"),
                    });
                }
                let meld = self.meld(k)?;
                let rest = meld.without(&part).ok_or_else(|| {
                    Illegal::new(format!(
                        "taking {part} out of meld {} ({meld}) does not leave valid melds",
                        k + 1
                    ))
                })?;
                let named = Meld::from_cards(part.cards(), false)
                    .ok_or_else(|| Illegal::new(format!("{part} is not a meld")))?;
                self.room_for(rest.iter().count())?;
                Ok(Effect {
                    from_hand: Bag::default(),
                    replace: Some((k, meld.piece_of(rest.parts[0].expect("a piece")))),
                    add: [rest.parts[1].map(|p| meld.piece_of(p)), Some(meld.piece_of(named))],
                })
            }
            Play::Borrow(k, borrowed, from_hand) => {
                let meld = self.meld(k)?;
                if from_hand.is_empty() {
                    return Err(Illegal::new("a borrowed card needs at least one card from your hand"));
                }
                if !holds(&from_hand) {
                    return Err(Illegal::new(format!("you do not hold all of {from_hand}")));
                }
                if !must_in(&from_hand) {
                    return Err(must_word());
                }
                let rest = meld.without(&borrowed).ok_or_else(|| {
                    Illegal::new(format!(
                        "borrowing {borrowed} from meld {} ({meld}) does not leave valid melds",
                        k + 1
                    ))
                })?;
                let all = borrowed
                    .union(&from_hand)
                    .ok_or_else(|| Illegal::new("no meld holds more than 11 cards"))?;
                let new = Meld::from_cards(all.cards(), true).ok_or_else(|| not_a_new_meld(&all))?;
                self.room_for(rest.iter().count())?;
                Ok(Effect {
                    from_hand,
                    replace: Some((k, meld.piece_of(rest.parts[0].expect("a piece")))),
                    add: [rest.parts[1].map(|p| meld.piece_of(p)), Some(new)],
                })
            }
        }
    }

    /// A play adding melds must fit in the layout (it always does when cards are conserved; the
    /// check keeps a corrupt state from panicking).
    fn room_for(&self, pieces: usize) -> Result<(), Illegal> {
        if self.len as usize + pieces > MAX_MELDS {
            return Err(Illegal::new("no room for another meld"));
        }
        Ok(())
    }

    /// Applies a checked play: the hand loses the cards, the melds change.
    pub fn commit(&mut self, hand: &mut CardCounts, effect: &Effect) {
        for c in effect.from_hand.cards() {
            assert!(hand.remove(c), "checked plays use held cards");
        }
        if let Some((k, m)) = effect.replace {
            self.melds[k as usize] = m;
        }
        for m in effect.add.iter().flatten() {
            self.melds[self.len as usize] = *m;
            self.len += 1;
        }
    }

    /// Appends every play `check` accepts (unsorted; possibly with repeats).
    pub fn plays(&self, hand: &CardCounts, limits: Limits, rules: &MeldRules, out: &mut Vec<Play>) {
        self.each_play(hand, limits, rules, &mut |p| out.push(p));
    }

    /// Calls `out` with every play `check` accepts (unsorted; possibly with repeats), without
    /// allocating.
    pub fn each_play(&self, hand: &CardCounts, limits: Limits, rules: &MeldRules, out: &mut impl FnMut(Play)) {
        let must = limits.must_place;
        for (k, meld) in self.melds().iter().enumerate() {
            for (c, _) in hand.iter() {
                if must.is_none_or(|m| m == c) && meld.accepts(c, rules) {
                    out(Play::Lay(c, k as u8));
                }
            }
        }
        if limits.lay_off_only {
            return;
        }
        let grid = Grid::of(hand);
        let room = MAX_MELDS - self.len as usize;
        if room > 0 {
            new_melds(&grid, must, &mut |bag| out(Play::Meld(bag)));
        }
        for (k, meld) in self.melds().iter().enumerate() {
            let k = k as u8;
            borrowable(meld, &mut |borrowed, pieces| {
                if self.len as usize + pieces.iter().count() > MAX_MELDS {
                    return;
                }
                completions(&borrowed, &grid, &mut |from_hand| {
                    if must.is_none_or(|m| from_hand.contains(m)) {
                        out(Play::Borrow(k, borrowed, from_hand));
                    }
                });
            });
            if limits.splits {
                splits(meld, &mut |part, pieces| {
                    if self.len as usize + pieces.iter().count() <= MAX_MELDS {
                        out(Play::Split(k, part));
                    }
                });
            }
        }
    }
}

fn not_a_new_meld(bag: &Bag) -> Illegal {
    Illegal::new(format!(
        "{bag} is not a meld: a new set is three or more of one rank, all one suit or all different suits \
         (aces and kings in any suits); a rope is three or more of one suit in sequence (A 2 3 4 5 6 7 J Q K)"
    ))
}

/// Every way to take cards out of `meld` leaving valid pieces: (cards taken, what is left).
fn borrowable(meld: &Meld, f: &mut impl FnMut(Bag, Pieces)) {
    match meld.shape {
        Shape::Rope { suit, lo, len } => {
            if len < 4 {
                return;
            }
            for mask in 1u16..(1 << len) - 1 {
                let taken = Bag::of(
                    (0..len)
                        .filter(|i| mask & 1 << i != 0)
                        .map(|i| super::melds::card_at(lo + i, suit)),
                )
                .expect("at most 10 cards");
                if let Some(p) = meld.without(&taken) {
                    f(taken, p);
                }
            }
        }
        Shape::Set { rank, suits } => {
            let n = meld.len();
            if n < 4 {
                return;
            }
            sub_multisets(suits, 1, n - 3, &mut |take| {
                let bag = set_bag(rank, take);
                if let Some(p) = meld.without(&bag) {
                    f(bag, p);
                }
            });
        }
    }
}

/// Every way to split `meld` in a single play: (the named part, what stays).
fn splits(meld: &Meld, f: &mut impl FnMut(Bag, Pieces)) {
    let n = meld.len();
    if n < 6 {
        return;
    }
    match meld.shape {
        Shape::Rope { suit, lo, len } => {
            for a in 0..len {
                for b in a + 3..=len {
                    let part = Bag::of((a..b).map(|i| super::melds::card_at(lo + i, suit))).expect("at most 10");
                    if let Some(p) = meld.without(&part) {
                        f(part, p);
                    }
                }
            }
        }
        Shape::Set { rank, suits } => {
            sub_multisets(suits, 3, n - 3, &mut |take| {
                let part = set_bag(rank, take);
                if Meld::from_cards(part.cards(), false).is_some() {
                    if let Some(p) = meld.without(&part) {
                        f(part, p);
                    }
                }
            });
        }
    }
}

/// Every non-empty set of hand cards that makes a new meld with `borrowed`.
fn completions(borrowed: &Bag, hand: &Grid, f: &mut impl FnMut(Bag)) {
    let first = borrowed.cards().next().expect("something is borrowed");
    let rank = first.rank().expect("no jokers");
    let Some(pos) = position(rank) else { return };
    let one_rank = borrowed.cards().all(|c| c.rank() == Some(rank));
    if one_rank {
        let mut have = [0u8; 4];
        for c in borrowed.cards() {
            have[c.suit_unchecked().index()] += 1;
        }
        let avail = hand.suits(pos);
        sub_multisets(avail, 1, 11 - borrowed.len() as u8, &mut |add| {
            let mut all = have;
            for s in 0..4 {
                all[s] += add[s];
            }
            if Meld::from_cards(set_bag(rank, all).cards(), true).is_some() {
                f(set_bag(rank, add));
            }
        });
    }
    let suit = first.suit_unchecked();
    if !borrowed.cards().all(|c| c.suit() == Some(suit)) {
        return;
    }
    let mut bits = 0u16;
    for c in borrowed.cards() {
        let Some(p) = c.rank().and_then(position) else { return };
        if bits & 1 << p != 0 {
            return;
        }
        bits |= 1 << p;
    }
    let low = bits.trailing_zeros() as u8;
    let high = 15 - bits.leading_zeros() as u8;
    for lo in 0..=low {
        for hi in high.max(lo + 2)..10 {
            let missing = (lo..=hi).filter(|&p| bits & 1 << p == 0);
            let mut add = Bag::default();
            let mut ok = true;
            for p in missing {
                ok &= hand.count(p, suit) > 0;
                add.push(super::melds::card_at(p, suit));
            }
            if ok && !add.is_empty() {
                f(add);
            }
        }
    }
}
