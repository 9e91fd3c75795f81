//! Fixed action spaces: for each configured game, a catalogue of every action that can ever be
//! legal, in a fixed, documented order. An action's id is its position in the catalogue.
//!
//! The catalogue is built from candidate texts (see [`candidates`]), each parsed by the game's
//! own action parser; texts that do not parse are dropped and duplicates (different texts for
//! the same action) keep their first position. It depends only on the game, the seat count and
//! the variants, never on a match. The package README documents the order for each game.

use cards::{Card, Rank, Suit};
use engine::{Deal, Game, Variants};
use games::panguingue::melds::Bag;
use games::panguingue::PanAction;
use std::collections::HashMap;

/// The action space of one configured game.
pub struct Catalogue<A> {
    pub actions: Vec<A>,
    index: HashMap<A, u32>,
    /// Whether some legal actions may have no id (Ziginette's bets beyond the encoded range):
    /// everywhere else a legal action without an id is a bug.
    pub open_ended: bool,
}

impl<A: Copy + Eq + std::hash::Hash + std::fmt::Display + std::str::FromStr<Err = String>> Catalogue<A> {
    pub fn build(candidates: impl IntoIterator<Item = String>) -> Catalogue<A> {
        Catalogue::from_actions(candidates.into_iter().filter_map(|text| text.parse::<A>().ok()))
    }

    pub fn len(&self) -> usize {
        self.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    pub fn id(&self, action: &A) -> Option<u32> {
        self.index.get(action).copied()
    }
}

/// The distinct cards of a pack, in card-id order (clubs, diamonds, hearts, spades; ace to
/// king within a suit; the joker first).
pub fn faces<G: Game>(game: &G) -> Vec<Card> {
    let mut v = game.deck().cards();
    v.sort();
    v.dedup();
    v
}

fn suit_letters() -> [&'static str; 4] {
    ["C", "D", "H", "S"]
}

/// Candidate action texts for a configured game, in catalogue order.
pub fn candidates<G: Game>(game: &G, variants: &Variants) -> Vec<String> {
    let id = G::info().id;
    let cards: Vec<String> = faces(game).iter().map(|c| c.to_string()).collect();
    let prefixed = |p: &str| cards.iter().map(|c| format!("{p}{c}")).collect::<Vec<_>>();
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let suits = |p: &str| suit_letters().iter().map(|s| format!("{p}{s}")).collect::<Vec<_>>();
    let mut out: Vec<String> = Vec::new();
    match id {
        "hearts" => {
            out.extend(cards.clone());
            out.extend(words(&["moon-add", "moon-subtract"]));
        }
        "belote" => {
            out.extend(words(&["pass"]));
            out.extend(suits("take "));
            out.extend(words(&["declare", "skip"]));
            out.extend(cards.clone());
        }
        "tribello" => {
            out.extend(suits("trump "));
            out.extend(prefixed("discard "));
            out.extend(words(&["keep"]));
            out.extend(cards.clone());
        }
        "solo" => {
            let games = ["simple", "simple-colour", "solo", "solo-colour", "tout", "tout-colour"];
            out.extend(words(&["pass", "ask"]));
            out.extend(games.iter().map(|g| format!("ask {g}")));
            out.extend(words(&["yes"]));
            for g in games {
                out.extend(suits(&format!("announce {g} ")));
            }
            out.extend(prefixed("call "));
            out.extend(cards.clone());
        }
        "auction-pinochle" => {
            let min = variants.get_int("min_bid");
            let step = variants.get_int("bid_step");
            let cap = if variants.get_bool("double_meld_bonuses") {
                3000
            } else {
                1000
            };
            let max = (min + 70 * step).max(cap);
            out.push("pass".into());
            out.extend((min..=max).map(|b| format!("bid {b}")));
            out.extend(suits("trump "));
            out.extend(prefixed("bury "));
            out.extend(words(&["concede", "play-on"]));
            out.extend(cards.clone());
        }
        "khanhoo" => {
            out.extend(words(&["stock", "take"]));
            out.extend(prefixed("discard "));
            out.extend(prefixed("out "));
            out.extend(words(&["pass", "accept"]));
            let claims = khanhoo_claims();
            out.extend(claims.iter().map(|c| format!("bump {c}")));
            out.extend(claims.iter().map(|c| format!("challenge {c}")));
        }
        "jewel" => {
            out.extend(words(&["stock", "take", "pack"]));
            out.extend(prefixed("discard "));
            out.extend(prefixed("declare "));
        }
        "three-thirteen" => {
            out.extend(words(&["stock", "take"]));
            out.extend(prefixed("discard "));
            out.extend(prefixed("out "));
        }
        "big-three" => {
            out.extend((1..=3).map(|b| format!("bid {b}")));
            out.push("pass".into());
            out.extend(big_three_combos());
        }
        "ziginette" => {
            let cap = ziginette_bet_cap(variants);
            for r in ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"] {
                out.extend((1..=cap).map(|n| format!("bet {r} {n}")));
            }
            out.extend(words(&["done", "deal", "raise-limits", "lower-limits", "pass-bank"]));
        }
        "ace-deuce-jack" => {
            let max = variants.get_int("max_bet");
            out.extend((1..=max).map(|n| format!("bet {n}")));
        }
        // Panguingue's catalogue is built from its actions (see [`catalogue`]), not from texts.
        // A game added to the registry without candidates here has an empty space: the tests'
        // num_actions > 0 check and legal_action_ids' error say so, with no panic.
        _ => {}
    }
    out
}

/// Ziginette bets are encoded up to eight times the table's maximum (three raises of the
/// limits); a bet above that is legal text but outside the action space.
pub fn ziginette_bet_cap(variants: &Variants) -> i64 {
    variants.get_int("max_bet") * 8
}

/// Every combination text of Big Three: for each group size 1 to 4 and each run length,
/// every top rank, as rank letters lowest first (the parser keeps the valid ones).
fn big_three_combos() -> Vec<String> {
    // Straight order (4 to K, then A and 2), with 3 in front: the rules rank 3 highest, then 2,
    // A, K ... 4; A, 2 and 3 never join a straight or run, so the parser drops those texts and
    // keeps them as singles and groups. The order fixes the documented ids.
    let order = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'];
    let mut out = Vec::new();
    for size in 1..=4usize {
        for len in 1..=13usize {
            for low in 0..=(13 - len) {
                let s: String = order[low..low + len]
                    .iter()
                    .flat_map(|&c| std::iter::repeat_n(c, size))
                    .collect();
                out.push(s);
            }
        }
    }
    out
}

/// Khanhoo's claims: every meld of the rules table as its cards, then each with one card
/// replaced by the joker, then each with the joker added.
fn khanhoo_claims() -> Vec<String> {
    let c = |r: u8, s: Suit| Card::new(Rank::from_value(r).expect("rank"), s);
    let (h, sp, d, cl) = (Suit::Hearts, Suit::Spades, Suit::Diamonds, Suit::Clubs);
    let mut melds: Vec<Vec<Card>> = Vec::new();
    for s in [h, sp, d] {
        for len in 3..=9u8 {
            for low in 1..=(10 - len) {
                melds.push((low..low + len).map(|r| c(r, s)).collect());
            }
        }
    }
    // Aces: one or two each of hearts, spades and diamonds, three to six in all.
    for a in 0..=2 {
        for b in 0..=2 {
            for e in 0..=2 {
                if a + b + e >= 3 {
                    let mut m = vec![c(1, h); a];
                    m.extend(vec![c(1, sp); b]);
                    m.extend(vec![c(1, d); e]);
                    melds.push(m);
                }
            }
        }
    }
    for r in 1..=9 {
        melds.push(vec![c(r, h), c(r, sp), c(r, d)]);
        melds.push(vec![c(r, h), c(r, h), c(r, sp), c(r, sp), c(r, d), c(r, d)]);
    }
    melds.push(vec![c(11, cl), c(12, cl), c(13, cl)]);
    melds.push(vec![c(11, cl), c(11, cl), c(12, cl), c(12, cl), c(13, cl), c(13, cl)]);
    melds.push(vec![c(13, cl), c(9, h), c(9, h)]);
    melds.push(vec![c(12, cl), c(8, sp), c(8, sp)]);
    melds.push(vec![c(11, cl), c(7, d), c(7, d)]);
    melds.push(vec![c(1, h), c(2, sp), c(3, d)]);
    melds.push(vec![c(1, h), c(1, h), c(2, sp), c(2, sp), c(3, d), c(3, d)]);
    let text = |m: &[Card]| {
        let mut m = m.to_vec();
        m.sort();
        m.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    };
    let mut out: Vec<String> = melds.iter().map(|m| text(m)).collect();
    for m in &melds {
        for i in 0..m.len() {
            let mut j = m.clone();
            j[i] = Card::JOKER;
            out.push(text(&j));
        }
    }
    for m in &melds {
        let mut j = m.clone();
        j.push(Card::JOKER);
        out.push(text(&j));
    }
    out
}

/// Panguingue's ranks in order (no 8, 9, 10).
const PAN_RANKS: [u8; 10] = [1, 2, 3, 4, 5, 6, 7, 11, 12, 13];

fn pan_card(r: usize, s: usize) -> Card {
    Card::new(Rank::from_value(PAN_RANKS[r]).expect("rank"), Suit::from_index(s))
}

/// Count vectors over the four suits, each at most `max`, summing to `lo..=hi`, in
/// lexicographic order.
fn count_vectors(max: u8, lo: u8, hi: u8) -> Vec<[u8; 4]> {
    let mut v = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                for d in 0..=max {
                    let s = a + b + c + d;
                    if (lo..=hi).contains(&s) {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    v
}

fn rank_bag(r: usize, counts: &[u8; 4]) -> Bag {
    let mut bag = Bag::default();
    for (s, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            assert!(bag.push(pan_card(r, s)), "at most 11 cards");
        }
    }
    bag
}

fn bag_of(cards: impl IntoIterator<Item = Card>) -> Bag {
    Bag::of(cards).expect("at most 11 cards")
}

/// The card bags Panguingue actions name: all cards of one suit with distinct ranks (by rank
/// mask), then two or more cards of one rank (by count per suit).
fn pan_bags(packs: u8) -> Vec<Bag> {
    let mut bags = Vec::new();
    for s in 0..4 {
        for mask in 1u32..1024 {
            bags.push(bag_of((0..10).filter(|r| mask >> r & 1 == 1).map(|r| pan_card(r, s))));
        }
    }
    for r in 0..10 {
        for c in count_vectors(packs, 2, 11) {
            bags.push(rank_bag(r, &c));
        }
    }
    bags
}

/// The sets a new meld (or a borrow) may make of rank index `r`: all one suit, or all different
/// suits; aces and kings (indices 0 and 9) in any suits.
fn new_set_vectors(r: usize, packs: u8) -> Vec<[u8; 4]> {
    count_vectors(packs, 3, 11)
        .into_iter()
        .filter(|c| r == 0 || r == 9 || c.iter().filter(|&&x| x > 0).count() == 1 || c.iter().all(|&x| x <= 1))
        .collect()
}

/// Panguingue's action space, in the order the README documents. Built from the actions
/// themselves rather than from text (about two million candidates), which is what the other
/// games do; `test_every_id_round_trips` checks every text parses back to its id.
pub fn panguingue_actions(packs: u8) -> Vec<PanAction> {
    let packs = packs.min(11);
    let bags = pan_bags(packs);
    const MELDS: u8 = 3;
    let mut out = vec![
        PanAction::Stay,
        PanAction::Retire,
        PanAction::Force,
        PanAction::Pass,
        PanAction::Stock,
    ];
    out.extend((0..MELDS).map(PanAction::TakeOn));
    out.extend(bags.iter().map(|&b| PanAction::TakeMeld(b)));
    // take borrow N B [with H]: the new meld is B + H + the discard.
    for n in 0..MELDS {
        for s in 0..4 {
            for len in 3..=10usize {
                for low in 0..=(10 - len) {
                    let rope: Vec<Card> = (low..low + len).map(|r| pan_card(r, s)).collect();
                    for d in 0..len {
                        let rest: Vec<Card> = rope.iter().enumerate().filter(|&(i, _)| i != d).map(|x| *x.1).collect();
                        for mask in 1u32..(1 << rest.len()) {
                            let b = bag_of((0..rest.len()).filter(|i| mask >> i & 1 == 1).map(|i| rest[i]));
                            let h = bag_of((0..rest.len()).filter(|i| mask >> i & 1 == 0).map(|i| rest[i]));
                            out.push(PanAction::TakeBorrow(n, b, h));
                        }
                    }
                }
            }
        }
        for r in 0..10 {
            for total in new_set_vectors(r, packs) {
                for d in 0..4 {
                    if total[d] == 0 {
                        continue;
                    }
                    let mut rest = total;
                    rest[d] -= 1;
                    for b in sub_vectors(&rest) {
                        if b.iter().all(|&x| x == 0) {
                            continue;
                        }
                        let h = [rest[0] - b[0], rest[1] - b[1], rest[2] - b[2], rest[3] - b[3]];
                        out.push(PanAction::TakeBorrow(n, rank_bag(r, &b), rank_bag(r, &h)));
                    }
                }
            }
        }
    }
    out.extend(bags.iter().map(|&b| PanAction::Meld(b)));
    for n in 0..MELDS {
        for s in 0..4 {
            for r in 0..10 {
                out.push(PanAction::Lay(pan_card(r, s), n));
            }
        }
    }
    for n in 0..MELDS {
        out.extend(bags.iter().map(|&b| PanAction::Split(n, b)));
    }
    // borrow N B with H: the new meld is B + H, both non-empty.
    for n in 0..MELDS {
        for s in 0..4 {
            for len in 3..=10usize {
                for low in 0..=(10 - len) {
                    let rope: Vec<Card> = (low..low + len).map(|r| pan_card(r, s)).collect();
                    for mask in 1u32..((1 << len) - 1) {
                        let b = bag_of((0..len).filter(|i| mask >> i & 1 == 1).map(|i| rope[i]));
                        let h = bag_of((0..len).filter(|i| mask >> i & 1 == 0).map(|i| rope[i]));
                        out.push(PanAction::Borrow(n, b, h));
                    }
                }
            }
        }
        for r in 0..10 {
            for total in new_set_vectors(r, packs) {
                for b in sub_vectors(&total) {
                    let h = [total[0] - b[0], total[1] - b[1], total[2] - b[2], total[3] - b[3]];
                    if b.iter().all(|&x| x == 0) || h.iter().all(|&x| x == 0) {
                        continue;
                    }
                    out.push(PanAction::Borrow(n, rank_bag(r, &b), rank_bag(r, &h)));
                }
            }
        }
    }
    for s in 0..4 {
        for r in 0..10 {
            out.push(PanAction::Discard(pan_card(r, s)));
        }
    }
    out
}

fn sub_vectors(v: &[u8; 4]) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..=v[0] {
        for b in 0..=v[1] {
            for c in 0..=v[2] {
                for d in 0..=v[3] {
                    out.push([a, b, c, d]);
                }
            }
        }
    }
    out
}

impl<A: Copy + Eq + std::hash::Hash> Catalogue<A> {
    /// The catalogue of these actions in this order, duplicates keeping their first place.
    pub fn from_actions(all: impl IntoIterator<Item = A>) -> Catalogue<A> {
        let mut actions = Vec::new();
        let mut index = HashMap::new();
        for a in all {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(a) {
                e.insert(actions.len() as u32);
                actions.push(a);
            }
        }
        Catalogue {
            actions,
            index,
            open_ended: false,
        }
    }
}

/// The catalogue of a configured game: parsed from [`candidates`], except Panguingue's, built
/// from the actions directly (every id's text parses back to it: `test_every_id_round_trips` in the tests).
pub fn catalogue<G: Game>(game: &G, variants: &Variants) -> Catalogue<<G::Deal as Deal>::Action> {
    if G::info().id == "panguingue" {
        let direct = Catalogue::from_actions(panguingue_actions(variants.get_int("packs") as u8));
        let any: Box<dyn std::any::Any> = Box::new(direct);
        if let Ok(cat) = any.downcast::<Catalogue<<G::Deal as Deal>::Action>>() {
            return *cat;
        }
    }
    let mut cat = Catalogue::build(candidates(game, variants));
    cat.open_ended = G::info().id == "ziginette";
    cat
}
