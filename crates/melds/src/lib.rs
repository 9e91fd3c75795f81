//! An exact meld solver for games that keep their melds in the hand.
//!
//! A game describes its melds through [`MeldRules`]: which melds contain a given card and can
//! be formed from the cards still free (plus wild cards), what each scores, and what a card left
//! out costs. [`Solver::solve`] then finds the partition of the hand with the best score
//! (meld values minus deadwood), exactly:
//!
//! * depth-first on the lowest card still free (by card id): it is either left out, or placed in
//!   one of the melds that contain it, so every partition is reached once;
//! * identical copies are used in a fixed order (the first free copy first), so duplicates from
//!   several packs do not multiply the search;
//! * results are memoised on (free cards, wilds left, whether a meld exists) in a small
//!   open-addressing table that is reused between solves (no allocation once warm);
//! * among equal scores the first partition found in that fixed order wins, so results are
//!   deterministic.
//!
//! Wild cards are counted, not placed: a meld asks for so many wilds. What happens to wilds left
//! over is the game's call ([`MeldRules::leftover_wilds`]).

use cards::Card;

/// The most natural (non-wild) cards one meld may hold.
pub const MAX_MELD: usize = 13;
/// The most natural cards a hand may hold.
pub const MAX_HAND: usize = 31;

/// One meld a game offers: its natural cards, how many wilds it takes, and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldChoice {
    pub kind: u16,
    pub naturals: [Card; MAX_MELD],
    pub natural_count: u8,
    pub wilds: u8,
    pub value: i32,
}

impl MeldChoice {
    pub fn new(kind: u16, naturals: &[Card], wilds: u8, value: i32) -> MeldChoice {
        let mut n = [Card::JOKER; MAX_MELD];
        n[..naturals.len()].copy_from_slice(naturals);
        MeldChoice {
            kind,
            naturals: n,
            natural_count: naturals.len() as u8,
            wilds,
            value,
        }
    }

    pub fn naturals(&self) -> &[Card] {
        &self.naturals[..self.natural_count as usize]
    }
}

/// A game's melds.
pub trait MeldRules {
    /// Appends every meld that contains `card` and can be formed from the free cards (`free`
    /// counts copies by card id; `card` itself is among them) with at most `wilds` wild cards.
    fn melds_with(&self, card: Card, free: &[u8; 64], wilds: u8, out: &mut Vec<MeldChoice>);

    /// What leaving a natural card out of every meld adds to the score (0 or negative);
    /// `None` if it may not be left out (a complete partition is required).
    fn leave_out(&self, card: Card) -> Option<i32>;

    /// The score of `wilds` wild cards left over, given whether any meld was made; `None` if that
    /// is not allowed. With no wilds left it must not depend on `any_meld` (the solver merges
    /// those states).
    fn leftover_wilds(&self, wilds: u8, any_meld: bool) -> Option<i32>;
}

/// A partition of a hand: the melds, the cards left out, and the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub melds: Vec<MeldChoice>,
    pub left_out: Vec<Card>,
    pub wilds_left: u8,
    pub score: i32,
}

const INITIAL_TABLE_BITS: u32 = 12;

/// One memo entry: the state key, the solve it belongs to, the best score and the option taken.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    generation: u32,
    score: i32,
    option: u16,
}

thread_local! {
    static THREAD_SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
}

/// Runs `f` with this thread's solver, whose memo table is reused from solve to solve (games
/// call the solver at every move; a fresh table each time would dominate small solves). Not
/// re-entrant: `f` must not call it again.
pub fn with_thread_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    THREAD_SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// The solver, holding its memo table and option buffers between solves.
pub struct Solver {
    table: Vec<Entry>,
    bits: u32,
    used: usize,
    generation: u32,
    buffers: Vec<Vec<MeldChoice>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// Sentinel for "no valid partition from here".
const IMPOSSIBLE: i32 = i32::MIN / 4;

impl Solver {
    pub fn new() -> Solver {
        let bits = INITIAL_TABLE_BITS;
        Solver {
            table: vec![
                Entry {
                    key: 0,
                    generation: 0,
                    score: 0,
                    option: 0
                };
                1 << bits
            ],
            bits,
            used: 0,
            generation: 0,
            buffers: Vec::new(),
        }
    }

    /// The best partition of `hand` (natural cards) with `wilds` wild cards, or `None` if the
    /// rules allow none (for example when a complete partition is required and does not exist).
    pub fn solve<R: MeldRules>(&mut self, rules: &R, hand: &[Card], wilds: u8) -> Option<Partition> {
        assert!(hand.len() <= MAX_HAND, "at most {MAX_HAND} natural cards");
        let mut cards = [Card::JOKER; MAX_HAND];
        cards[..hand.len()].copy_from_slice(hand);
        cards[..hand.len()].sort();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: make sure no stale entry can match.
            self.table.iter_mut().for_each(|e| e.generation = 0);
            self.generation = 1;
        }
        self.used = 0;
        while self.buffers.len() <= hand.len() {
            self.buffers.push(Vec::with_capacity(64));
        }
        let n = hand.len();
        let full = if n == 0 { 0 } else { ((1u64 << n) - 1) as u32 };
        // Where each card's copies sit in the sorted hand.
        let mut first = [0u8; 64];
        let mut copies = [0u8; 64];
        for (i, c) in cards[..n].iter().enumerate().rev() {
            first[c.id() as usize] = i as u8;
            copies[c.id() as usize] += 1;
        }
        let mut s = Search {
            rules,
            cards,
            n,
            first,
            copies,
            solver: self,
        };
        let best = s.best(full, wilds, false, 0);
        if best <= IMPOSSIBLE {
            return None;
        }
        Some(s.rebuild(full, wilds))
    }

    fn slot(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits);
        let mask = (1usize << self.bits) - 1;
        let mut i = h as usize;
        loop {
            let e = &self.table[i];
            if e.generation != self.generation || e.key == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn lookup(&self, key: u64) -> Option<(i32, u16)> {
        let e = &self.table[self.slot(key)];
        (e.generation == self.generation && e.key == key).then_some((e.score, e.option))
    }

    fn store(&mut self, key: u64, score: i32, option: u16) {
        if (self.used + 1) * 4 > self.table.len() * 3 {
            self.grow();
        }
        let i = self.slot(key);
        if self.table[i].generation != self.generation {
            self.used += 1;
        }
        self.table[i] = Entry {
            key,
            generation: self.generation,
            score,
            option,
        };
    }

    fn grow(&mut self) {
        let live: Vec<Entry> = self
            .table
            .iter()
            .copied()
            .filter(|e| e.generation == self.generation)
            .collect();
        self.bits += 1;
        self.table = vec![
            Entry {
                key: 0,
                generation: 0,
                score: 0,
                option: 0
            };
            1 << self.bits
        ];
        self.used = 0;
        for e in live {
            let i = self.slot(e.key);
            self.table[i] = e;
            self.used += 1;
        }
    }
}

struct Search<'a, R: MeldRules> {
    rules: &'a R,
    cards: [Card; MAX_HAND],
    n: usize,
    first: [u8; 64],
    copies: [u8; 64],
    solver: &'a mut Solver,
}

impl<R: MeldRules> Search<'_, R> {
    fn key(free: u32, wilds: u8, any: bool) -> u64 {
        // Whether a meld exists only matters while wilds are left to place.
        (free as u64) << 9 | (wilds as u64) << 1 | (any && wilds > 0) as u64
    }

    fn counts(&self, free: u32) -> [u8; 64] {
        let mut c = [0u8; 64];
        for i in 0..self.n {
            if free & 1 << i != 0 {
                c[self.cards[i].id() as usize] += 1;
            }
        }
        c
    }

    /// The free cards with a meld's naturals taken out (first free copies first).
    fn without(&self, free: u32, meld: &MeldChoice) -> Option<u32> {
        let mut f = free;
        for &c in meld.naturals() {
            let id = c.id() as usize;
            let start = self.first[id] as usize;
            let range = ((1u32 << self.copies[id]) - 1) << start;
            let avail = f & range;
            if avail == 0 {
                return None;
            }
            f &= !(avail & avail.wrapping_neg());
        }
        Some(f)
    }

    /// Fills the buffer for `depth` with the melds containing the lowest free card, in the
    /// rules' order (option k > 0 is the (k-1)-th of them; option 0 leaves the card out).
    fn options(&mut self, free: u32, wilds: u8, depth: usize) {
        let first = free.trailing_zeros() as usize;
        let counts = self.counts(free);
        let buf = &mut self.solver.buffers[depth];
        buf.clear();
        self.rules.melds_with(self.cards[first], &counts, wilds, buf);
    }

    fn best(&mut self, free: u32, wilds: u8, any: bool, depth: usize) -> i32 {
        if free == 0 {
            return self.rules.leftover_wilds(wilds, any).unwrap_or(IMPOSSIBLE);
        }
        let key = Search::<R>::key(free, wilds, any);
        if let Some((score, _)) = self.solver.lookup(key) {
            return score;
        }
        let first = free.trailing_zeros() as usize;
        let mut best = IMPOSSIBLE;
        let mut best_option = 0u16;
        if let Some(cost) = self.rules.leave_out(self.cards[first]) {
            let rest = self.best(free & !(1 << first), wilds, any, depth + 1);
            if rest > IMPOSSIBLE {
                best = rest + cost;
            }
        }
        self.options(free, wilds, depth);
        for k in 0..self.solver.buffers[depth].len() {
            let meld = self.solver.buffers[depth][k];
            if meld.wilds > wilds {
                continue;
            }
            let Some(rest_free) = self.without(free, &meld) else {
                continue;
            };
            let rest = self.best(rest_free, wilds - meld.wilds, true, depth + 1);
            if rest > IMPOSSIBLE && rest + meld.value > best {
                best = rest + meld.value;
                best_option = k as u16 + 1;
            }
        }
        self.solver.store(key, best, best_option);
        best
    }

    fn rebuild(&mut self, mut free: u32, mut wilds: u8) -> Partition {
        let mut any = false;
        let mut p = Partition {
            melds: Vec::new(),
            left_out: Vec::new(),
            wilds_left: 0,
            score: 0,
        };
        p.score = self.best(free, wilds, any, 0);
        while free != 0 {
            self.best(free, wilds, any, 0);
            let key = Search::<R>::key(free, wilds, any);
            let (_, option) = self.solver.lookup(key).expect("the state was solved");
            let first = free.trailing_zeros() as usize;
            if option == 0 {
                p.left_out.push(self.cards[first]);
                free &= !(1 << first);
            } else {
                self.options(free, wilds, 0);
                let meld = self.solver.buffers[0][option as usize - 1];
                free = self.without(free, &meld).expect("the remembered meld fits");
                wilds -= meld.wilds;
                any = true;
                p.melds.push(meld);
            }
        }
        p.wilds_left = wilds;
        p
    }
}
