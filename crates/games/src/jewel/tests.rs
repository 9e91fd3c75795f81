use cards::{parse_card_list, Card};
use melds::Solver;

use super::melds::{best_arrangement, validate_declaration, Table, SUPER_SEQUENCE};
use super::scoring::{chart, jewel_points, jewels_kept, settle, Settlement, Standing};

fn cards(text: &str) -> Vec<Card> {
    parse_card_list(text).expect("valid cards")
}

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn spade_ace() -> Table {
    Table::new(card("AS"), true)
}

/// JWL-X1 and JWL-SETTLE: the published nine-player example, every result and every chart cell.
#[test]
fn nine_player_example_is_reproduced_exactly() {
    let played = |jewels, net| Settlement {
        jewels,
        standing: Standing::Played { net },
    };
    let packed = |jewels, cost| Settlement {
        jewels,
        standing: Standing::Packed { cost },
    };
    let players = [
        Settlement {
            jewels: 0,
            standing: Standing::Declarer { net: 7 },
        },
        played(2, 3),
        played(7, -12),
        played(0, 2 - 4),
        packed(0, 4),
        packed(2, 4),
        packed(0, 8),
        packed(2, 8),
        played(0, 4 - 12),
    ];
    assert_eq!(settle(&players), vec![58, 32, 2, -11, -17, 1, -21, -3, -41]);
    let expected = [
        [0, 2, 12, 9, 4, 2, 8, 6, 15],
        [-2, 0, 10, 7, 2, 0, 2, 0, 13],
        [-12, -10, 0, -3, 7, 5, 7, 5, 3],
        [-9, -7, 3, 0, 0, -2, 0, -2, 6],
        [-4, -2, -7, 0, 0, -2, 0, -2, 0],
        [-2, 0, -5, 2, 2, 0, 2, 0, 2],
        [-8, -2, -7, 0, 0, -2, 0, -2, 0],
        [-6, 0, -5, 2, 2, 0, 2, 0, 2],
        [-15, -13, -3, -6, 0, -2, 0, -2, 0],
    ];
    let got = chart(&players);
    for (p, row) in expected.iter().enumerate() {
        assert_eq!(got[p], row.to_vec(), "row {}", (b'A' + p as u8) as char);
    }
    // The chart is antisymmetric, so the deal is zero-sum.
    assert_eq!(settle(&players).iter().sum::<i32>(), 0);
}

/// JWL-13: without a declarer nobody pays for packing.
#[test]
fn no_declarer_means_no_pack_payments() {
    let players = [
        Settlement {
            jewels: 0,
            standing: Standing::Played { net: 2 },
        },
        Settlement {
            jewels: 2,
            standing: Standing::Packed { cost: 8 },
        },
        Settlement {
            jewels: 0,
            standing: Standing::Played { net: -12 },
        },
    ];
    // A: +14 from C, -2 to B; B: +2 from each; C: -14, -2.
    assert_eq!(settle(&players), vec![12, 4, -16]);
}

/// The hands behind the example's figures give the same N and J.
#[test]
fn example_hands_arrange_as_the_seed_says() {
    let t = spade_ace();
    let mut solver = Solver::new();

    // A declares: a pure four, an auxiliary, the super sequence K-A-2 of spades (4, not an
    // auxiliary, since it crosses groups) and the marriage Q-K of clubs with a joker (3).
    let a = cards("4H 5H 6H 7H 8C 9C TC KS AS 2S QC KC JK 9D 9H 9S");
    let decl = validate_declaration(&mut solver, &t, &a).expect("a valid declaration");
    assert_eq!(decl.bonus, 7);
    assert!(decl.groups.iter().any(|g| g.kind == SUPER_SEQUENCE));
    assert_eq!(jewel_points(&t, &a, None), 0);

    // B: a four, sets of 3s, 6s and 9s with a joker, and Q-K of clubs with a red ace as a wild.
    let b = cards("5S 6S 7S 8S 3C 3D 3H 6C 6D 6H 9C 9D JK QC KC AD");
    let arr = best_arrangement(&mut solver, &t, &b);
    assert_eq!((arr.bonus, arr.penalty), (3, 0));
    assert!(arr.loose.is_empty(), "all sixteen cards are arranged: {arr:?}");
    assert_eq!(jewel_points(&t, &b, None), 2);
    // ... yet B cannot declare: no auxiliary. Drawing the jack or the ace of clubs would make
    // Q-K of clubs a pure three (the auxiliary), and some discard would then declare; a card
    // that helps nothing would not.
    assert_eq!(validate_declaration(&mut solver, &t, &b), None);
    let declares_after_drawing = |solver: &mut Solver, drawn: &str| {
        let mut seventeen = b.clone();
        seventeen.push(card(drawn));
        (0..17).any(|i| {
            let mut rest = seventeen.clone();
            rest.remove(i);
            validate_declaration(solver, &t, &rest).is_some()
        })
    };
    assert!(declares_after_drawing(&mut solver, "JC"));
    assert!(declares_after_drawing(&mut solver, "AC"));
    assert!(!declares_after_drawing(&mut solver, "TH"));

    // C: no compulsory sequence; jewels two AH and one AD.
    let c = cards("AH AH AD 2C 4C 6C 8C 3D 5D 7D 9D 2H 4H 8H TS QS");
    let arr = best_arrangement(&mut solver, &t, &c);
    assert_eq!((arr.bonus, arr.penalty, arr.compulsory), (0, 12, None));
    assert_eq!(jewel_points(&t, &c, None), 7);

    // D: J-Q-K-A of spades, a super set of 2D (JWL-12: the bonus is the super set's), nine loose
    // spot cards counting 4, among them the 2 of spades: K-A-2 of spades would be the super
    // sequence (4), but only by breaking the compulsory four, which costs the full hand (12).
    // JWL-8 keeps the four: net -2 rather than 4 + 2 - 12 = -6.
    let d = cards("JS QS KS AS 2D 2D 2D 3C 5C 7C 9C 4H 6H 8H TH 2S");
    let arr = best_arrangement(&mut solver, &t, &d);
    assert_eq!((arr.bonus, arr.penalty, arr.net()), (2, 4, -2));
    assert_eq!(arr.compulsory, Some([card("JS"), card("QS"), card("KS"), card("AS")]));
    assert!(arr.loose.contains(&card("2S")));
    assert!(!arr.groups.iter().any(|g| g.kind == SUPER_SEQUENCE));

    // I: super sets of 5S and 7C, no compulsory sequence.
    let i = cards("5S 5S 5S 7C 7C 7C 2D 4D 6D 8D TD 3H 5H 9H JH KD");
    let arr = best_arrangement(&mut solver, &t, &i);
    assert_eq!((arr.bonus, arr.penalty, arr.net()), (4, 12, -8));
}

/// JWL-9 and the packer's cap.
#[test]
fn jewel_points_per_suit_and_packer_cap() {
    let t = spade_ace();
    assert_eq!(jewel_points(&t, &cards("AH AH AH"), None), 10);
    assert_eq!(jewel_points(&t, &cards("AH AH AH AD"), None), 12);
    assert_eq!(jewel_points(&t, &cards("AH AD AS AC"), None), 4);
    // A packer keeps two: two of one suit (5) beat one of each (4).
    assert_eq!(jewel_points(&t, &cards("AH AH AD"), Some(2)), 5);
    assert_eq!(jewel_points(&t, &cards("AH AD"), Some(2)), 4);
    assert_eq!(jewel_points(&t, &cards("AH AH AH"), Some(2)), 5);
    assert_eq!(jewels_kept(&t, &cards("AD AH 3C AH"), 2), cards("AH AH"));
}

/// JWL-X2: counts of loose cards.
#[test]
fn counts_of_loose_cards() {
    let t = spade_ace();
    assert_eq!(t.count(&cards("2C 3C 4D 5D 6H 7H 8S 9S TS")), 4);
    assert_eq!(t.count(&cards("JC QD KH 2C 3C 4D 5D 6H")), 5);
    assert_eq!(t.count(&cards("JK")), 0);
    // Jewels count nothing either.
    assert_eq!(t.count(&cards("AH AD AS")), 1);
}

/// JWL-1: which cards are jewels, and the marriage suit.
#[test]
fn open_card_decides_jewels_and_marriage() {
    let t = Table::new(card("7D"), true);
    assert!(t.is_jewel(card("7S")) && t.is_jewel(card("7C")));
    assert!(!t.is_jewel(card("7H")) && !t.is_jewel(card("7D")));
    assert_eq!(t.marriage_suit, cards::Suit::Hearts);
    assert_eq!(spade_ace().marriage_suit, cards::Suit::Clubs);
    assert_eq!(
        Table::new(card("AS"), true).super_sequence(),
        [card("KS"), card("AS"), card("2S")]
    );
}

/// JWL-X3: the super sequence serves as the auxiliary only within one group.
#[test]
fn super_sequence_as_auxiliary() {
    let mut solver = Solver::new();
    // Open 7D: 6D 7D 8D is both the bonus and the auxiliary.
    let t = Table::new(card("7D"), true);
    let hand = cards("2C 3C 4C 5C 6D 7D 8D 9S 9H 9C JH QH JK KS KD KC");
    let decl = validate_declaration(&mut solver, &t, &hand).expect("valid with the super sequence as auxiliary");
    assert_eq!(decl.bonus, 4);
    // Open AS: K-A-2 of spades is not an auxiliary, and nothing else is.
    let t = spade_ace();
    let hand = cards("2C 3C 4C 5C KS AS 2S 9S 9H 9C JH QH JK KD JK KC");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
    // Open TC: 9-T-J of clubs gives the bonus but is not an auxiliary.
    let t = Table::new(card("TC"), true);
    let hand = cards("2S 3S 4S 5S 9C TC JC 6H 6D 6S QH QD JK 3D 4D 5D");
    let decl = validate_declaration(&mut solver, &t, &hand).expect("3D 4D 5D is the auxiliary");
    assert_eq!(decl.bonus, 4, "{decl:?}");
    let hand = cards("2S 3S 4S 5S 9C TC JC 6H 6D 6S QH QD JK 3D JK 5D");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
}

/// JWL-X4 and JWL-7: invalid declarations.
#[test]
fn wrong_declarations_are_refused() {
    let mut solver = Solver::new();
    let t = spade_ace();
    // 10-J-Q-K of hearts mixes groups, so there is no compulsory four.
    let hand = cards("TH JH QH KH 2C 3C 4C 5D 5C 5S 7D 7C 7S 8D 9D TD");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
    // Four fours.
    let hand = cards("2C 3C 4C 5C 6D 7D 8D 9D 2H 3H 4H 5H 7S 8S 9S TS");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
    // The only pure run is the four: no auxiliary.
    let hand = cards("2C 3C 4C 5C 6D JK 8D 9S 9H 9C JH QH JK KD KS KC");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
    // A joker-aided three across groups (K JK 2 with an open ace) is no group at all.
    let hand = cards("2C 3C 4C 5C 6D 7D 8D KS JK 2S JH QH JK 9D 9H 9C");
    assert_eq!(validate_declaration(&mut solver, &t, &hand), None);
    // The same with K-A-2 natural is the super sequence.
    let hand = cards("2C 3C 4C 5C 6D 7D 8D KS AS 2S JH QH JK 9D 9H 9C");
    assert_eq!(validate_declaration(&mut solver, &t, &hand).map(|d| d.bonus), Some(4));
    // Fifteen or seventeen cards never declare.
    assert!(validate_declaration(&mut solver, &t, &hand[..15]).is_none());
}

/// Jewels as wilds or as themselves; all-wild groups by variant; marriages.
#[test]
fn jewels_wilds_and_marriages() {
    let mut solver = Solver::new();
    let t = Table::new(card("7D"), true);
    // 4-5-6-7 of spades with the jewel 7S as itself is the compulsory four.
    let hand = cards("4S 5S 6S 7S 2C 3C 4C 9H 9D 9C JH QH 7C 8H 8D 8C");
    assert!(validate_declaration(&mut solver, &t, &hand).is_some());
    // A super set of jewels: 2 for the set (JWL-11), and the three jewels pay 10 as jewels.
    let hand = cards("2C 3C 4C 5C 7S 7S 7S 6H 7H 8H 9D 9H 9C JD QD KD");
    let decl = validate_declaration(&mut solver, &t, &hand).expect("valid");
    assert_eq!(decl.bonus, 2);
    assert_eq!(jewel_points(&t, &hand, None), 10);
    // Three jokers as a group: allowed by default, refused when the variant says so.
    // (Each other group is a super set, so no joker can join one.)
    let hand = cards("2C 3C 4C 5C 6H 6H 6H 9D 9D 9D KS KS KS JK JK JK");
    assert_eq!(validate_declaration(&mut solver, &t, &hand).map(|d| d.bonus), Some(6));
    let strict = Table::new(card("7D"), false);
    assert_eq!(validate_declaration(&mut solver, &strict, &hand), None);
    // Marriage (K and Q of hearts, open 7D) in a sequence: 3; split across sets: nothing.
    let hand = cards("2C 3C 4C 5C 6H 7H 8H QH KH JK 9D 9C 9S TD TC TS");
    assert_eq!(validate_declaration(&mut solver, &t, &hand).map(|d| d.bonus), Some(3));
    let hand = cards("2C 3C 4C 5C 6H 7H 8H QH QD QS KH KD KS TD TC TS");
    assert_eq!(validate_declaration(&mut solver, &t, &hand).map(|d| d.bonus), Some(0));
    // A defender needs a compulsory sequence for the marriage.
    let hand = cards("QH KH JK 2C 4C 6C 8D TD 3S 5S 9S JD 2D 4H 6D 8S");
    let arr = best_arrangement(&mut solver, &t, &hand);
    assert_eq!((arr.bonus, arr.penalty), (0, 12));
}

/// JWL-8: a defender shows the groups that pay most, and the count of the rest.
#[test]
fn defender_arrangement_prefers_the_best_net() {
    let mut solver = Solver::new();
    let t = spade_ace();
    // The joker is worth more in 2D-4D than in the 9s: 8H 9H TH is pure, and the loose
    // KC JD QH (3) and 9D 6H 3S (one half dropped, 1) count 4.
    let hand = cards("2C 3C 4C 5C 9D 9H JK JD QH KC 2D 4D 6H 8H TH 3S");
    let arr = best_arrangement(&mut solver, &t, &hand);
    assert_eq!((arr.bonus, arr.penalty), (0, 4));
    assert_eq!(arr.compulsory, Some([card("2C"), card("3C"), card("4C"), card("5C")]));
    // A jewel (AH) stands in for the 9 of hearts: loose JD QH KC and six spots count 6,
    // against 7 with the jewel loose.
    let hand = cards("2C 3C 4C 5C JD QH KC 2D 4D 6H 8H TH AH 3S 7S 9C");
    let arr = best_arrangement(&mut solver, &t, &hand);
    assert_eq!((arr.bonus, arr.penalty), (0, 6));
}

/// An independent brute force: every partition of the hand into one optional pure four, 3-card
/// groups (each classified from scratch, every jewel tried as wild and as itself) and loose
/// cards. Returns (best declaration bonus, best defender net).
mod brute {
    use std::collections::HashMap;

    use cards::{Card, Suit};

    use super::super::melds::Table;

    fn spot(face: u8) -> bool {
        (2..=10).contains(&face)
    }

    fn order(face: u8) -> u8 {
        if face == 1 {
            14
        } else {
            face
        }
    }

    /// (bonus with a compulsory, bonus without, auxiliary) for the best reading of three cards.
    pub fn three(t: &Table, cards: &[Card]) -> Option<(i32, i32, bool)> {
        let flexible: Vec<usize> = (0..3).filter(|&i| t.is_jewel(cards[i])).collect();
        let mut best: Option<(i32, i32, bool)> = None;
        for roles in 0u8..(1 << flexible.len()) {
            let naturals: Vec<Card> = (0..3)
                .filter(|&i| {
                    let wild_jewel = flexible
                        .iter()
                        .position(|&f| f == i)
                        .is_some_and(|k| roles & 1 << k != 0);
                    !cards[i].is_joker() && !wild_jewel
                })
                .map(|i| cards[i])
                .collect();
            let wilds = 3 - naturals.len();
            let mut readings: Vec<(i32, i32, bool)> = Vec::new();
            let mut sorted = naturals.clone();
            sorted.sort();
            let mut sup = t.super_sequence().to_vec();
            sup.sort();
            if wilds == 0 && sorted[0] == sorted[1] && sorted[1] == sorted[2] {
                readings.push((2, 2, true));
            }
            if wilds == 0 && sorted == sup {
                readings.push((4, 4, t.super_sequence_in_one_group()));
            }
            if naturals.is_empty() {
                if t.all_wild_groups_allowed {
                    readings.push((0, 0, false));
                }
            } else {
                let same_rank = naturals.iter().all(|c| c.face() == naturals[0].face());
                let mut suits: Vec<Suit> = naturals.iter().map(|c| c.suit_unchecked()).collect();
                suits.sort();
                suits.dedup();
                if same_rank && suits.len() == naturals.len() {
                    readings.push((0, 0, false));
                }
                let same_suit = suits.len() == 1;
                let same_group = naturals.iter().all(|c| spot(c.face()) == spot(naturals[0].face()));
                let mut orders: Vec<u8> = naturals.iter().map(|c| order(c.face())).collect();
                orders.sort();
                let distinct = orders.windows(2).all(|w| w[0] != w[1]);
                let span = orders[orders.len() - 1] - orders[0];
                // Both groups hold at least three ranks, so a span of two always fits.
                let fits = span <= 2;
                if same_suit && same_group && distinct && fits {
                    let marriage = if t.has_marriage(&naturals) { 3 } else { 0 };
                    let in_group_super = sorted == sup && t.super_sequence_in_one_group();
                    let bonus = if in_group_super { 4 } else { marriage };
                    readings.push((bonus, if in_group_super { 4 } else { 0 }, wilds == 0));
                }
            }
            for r in readings {
                best = Some(match best {
                    None => r,
                    Some(b) => (b.0.max(r.0), b.1.max(r.1), b.2 || r.2),
                });
            }
        }
        best
    }

    pub fn four(t: &Table, cards: &[Card]) -> Option<i32> {
        if cards.iter().any(|c| c.is_joker()) {
            return None;
        }
        let suit = cards[0].suit_unchecked();
        let mut orders: Vec<u8> = cards.iter().map(|c| order(c.face())).collect();
        orders.sort();
        let ok = cards.iter().all(|c| c.suit_unchecked() == suit)
            && orders.windows(2).all(|w| w[1] == w[0] + 1)
            && (orders[3] <= 10 || orders[0] == 11);
        ok.then(|| if t.has_marriage(cards) { 3 } else { 0 })
    }

    type Key = (u32, bool, u8, bool);

    /// The best declaration bonus over partitions of the cards in `free` into one four and four
    /// threes, one of them an auxiliary.
    fn search(
        t: &Table,
        hand: &[Card],
        free: u32,
        state: (bool, u8, bool),
        memo: &mut HashMap<Key, Option<i32>>,
    ) -> Option<i32> {
        let (has_four, groups, aux) = state;
        if free == 0 {
            return (has_four && groups == 4 && aux).then_some(0);
        }
        let key = (free, has_four, groups, aux);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let first = free.trailing_zeros() as usize;
        let rest = free & !(1 << first);
        let mut best: Option<i32> = None;
        let others: Vec<usize> = (0..hand.len()).filter(|&i| rest & 1 << i != 0).collect();
        for a in 0..others.len() {
            for b in a + 1..others.len() {
                let cards = [hand[first], hand[others[a]], hand[others[b]]];
                let f = rest & !(1 << others[a]) & !(1 << others[b]);
                if groups < 4 {
                    if let Some((with, _, is_aux)) = three(t, &cards) {
                        if let Some(v) = search(t, hand, f, (has_four, groups + 1, aux || is_aux), memo) {
                            best = Some(best.map_or(v + with, |x: i32| x.max(v + with)));
                        }
                    }
                }
                if !has_four {
                    for &c in &others[b + 1..] {
                        let cards4 = [hand[first], hand[others[a]], hand[others[b]], hand[c]];
                        if let Some(bonus) = four(t, &cards4) {
                            if let Some(v) = search(t, hand, f & !(1 << c), (true, groups, aux), memo) {
                                best = Some(best.map_or(v + bonus, |x: i32| x.max(v + bonus)));
                            }
                        }
                    }
                }
            }
        }
        memo.insert(key, best);
        best
    }

    /// The best declaration bonus, if the 16 cards declare.
    pub fn declaration(t: &Table, hand: &[Card]) -> Option<i32> {
        let mut memo = HashMap::new();
        search(t, hand, (1u32 << hand.len()) - 1, (false, 0, false), &mut memo)
    }

    /// The best defender net, by enumerating which cards are grouped (every subset of groups).
    pub fn defender(t: &Table, hand: &[Card]) -> i32 {
        let n = hand.len();
        let mut best = i32::MIN;
        let mut groups: Vec<(u32, i32, i32, bool)> = Vec::new(); // (mask, with, without, is_four)
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let cards = [hand[a], hand[b], hand[c]];
                    if let Some((with, without, _)) = three(t, &cards) {
                        groups.push((1 << a | 1 << b | 1 << c, with, without, false));
                    }
                    for d in c + 1..n {
                        let cards = [hand[a], hand[b], hand[c], hand[d]];
                        if let Some(bonus) = four(t, &cards) {
                            groups.push((1 << a | 1 << b | 1 << c | 1 << d, bonus, 0, true));
                        }
                    }
                }
            }
        }
        groups.sort();
        groups.dedup();
        fn walk(
            t: &Table,
            hand: &[Card],
            groups: &[(u32, i32, i32, bool)],
            from: usize,
            used: u32,
            chosen: &mut Vec<usize>,
            best: &mut i32,
        ) {
            let four = chosen.iter().any(|&i| groups[i].3);
            let threes = chosen.iter().filter(|&&i| !groups[i].3).count();
            let bonus: i32 = chosen
                .iter()
                .map(|&i| if four { groups[i].1 } else { groups[i].2 })
                .sum();
            let loose: Vec<Card> = (0..hand.len())
                .filter(|&i| used & 1 << i == 0)
                .map(|i| hand[i])
                .collect();
            let net = if four { bonus - t.count(&loose) } else { bonus - 12 };
            *best = (*best).max(net);
            for i in from..groups.len() {
                let (mask, _, _, is_four) = groups[i];
                if mask & used != 0 || (is_four && four) || (!is_four && threes == 4) {
                    continue;
                }
                chosen.push(i);
                walk(t, hand, groups, i + 1, used | mask, chosen, best);
                chosen.pop();
            }
        }
        walk(t, hand, &groups, 0, 0, &mut Vec::new(), &mut best);
        best
    }
}

/// Both searches agree with the brute force on random hands rich in groups.
#[test]
fn searches_match_brute_force_on_random_hands() {
    use cards::{GameRng, Rank, Suit};
    let mut rng = GameRng::from_seed(2026);
    let mut solver = Solver::new();
    let mut declared = 0;
    for round in 0..600 {
        // A narrow pack (three copies of a few ranks in two or three suits, some jokers) so
        // that hands are full of groups, fours and jewels.
        let low = 1 + rng.below(10) as u8;
        let suits = &Suit::ALL[..2 + rng.below(2) as usize];
        let mut pack = Vec::new();
        for v in low..low + 5 {
            let rank = Rank::from_value(if v > 13 { v - 13 } else { v }).expect("1..=13");
            for &s in suits {
                pack.extend([Card::new(rank, s); 3]);
            }
        }
        pack.extend([Card::JOKER; 3]);
        rng.shuffle(&mut pack);
        let open = pack.iter().copied().find(|c| !c.is_joker()).expect("a natural");
        let t = Table::new(open, round % 5 != 0);
        let hand: Vec<Card> = pack[1..17].to_vec();
        let fast = validate_declaration(&mut solver, &t, &hand).map(|d| d.bonus);
        assert_eq!(
            fast,
            brute::declaration(&t, &hand),
            "declaration of {hand:?}, open {open}"
        );
        declared += fast.is_some() as usize;
        let arr = best_arrangement(&mut solver, &t, &hand);
        assert_eq!(
            arr.net(),
            brute::defender(&t, &hand),
            "defender {hand:?}, open {open}: {arr:?}"
        );
        // The arrangement shown adds up: every card once, the count as stated.
        let mut shown: Vec<Card> = arr.loose.clone();
        arr.compulsory.iter().for_each(|f| shown.extend(f));
        arr.groups.iter().for_each(|g| shown.extend(g.naturals()));
        let wilds: usize = arr.groups.iter().map(|g| g.wilds as usize).sum();
        assert_eq!(shown.len() + wilds, 16, "{arr:?}");
    }
    assert!(
        declared > 30,
        "only {declared} hands declared: the generator is too weak"
    );
}

mod play {
    use testkit::{run, Conformance};

    use super::super::Jewel;

    #[test]
    fn conformance_two_five_and_nine_players() {
        for players in [2, 5, 9] {
            let r = run::<Jewel>(&Conformance::new(players, 2).seed(players as u64).deal_limit(2));
            assert!(r.deals >= 4, "{r:?}");
        }
        run::<Jewel>(&Conformance::new(4, 2).seed(7).deal_limit(2).variants(&[
            "no_declarer_after_second_stock=false",
            "max_turns=400",
            "packer_cards_order_under_stock=as-held",
            "all_wild_groups_allowed=false",
            "packer_jewel_cap=0",
        ]));
    }

    #[test]
    fn conformance_with_rule_bots() {
        run::<Jewel>(&Conformance::new(4, 1).bots(&["rule", "random"]).seed(3).deal_limit(2));
    }
}

mod flow {
    use cards::{Card, DeckSpec, GameRng};
    use engine::{Bot, Deal, Decision};

    use super::super::bot::RuleBot;
    use super::super::rules::{JewelConfig, PackedOrder};
    use super::super::state::{JewelAction, JewelDeal, Status, Step};
    use super::{card, cards};

    pub(super) fn config() -> JewelConfig {
        JewelConfig {
            min_rounds_before_mid_pack: 2,
            packer_jewel_cap: 2,
            packed_order: PackedOrder::Random,
            all_wild_groups_allowed: true,
            no_declarer_after_second_stock: true,
            rounds: 1,
            recut_rounds: 1,
            max_turns: 2000,
        }
    }

    /// A pack order dealing `hands` (seat 0 first; the dealer is the last seat), then `stock`
    /// on top of the stock, with `open` pulled from the middle.
    pub(super) fn order(hands: &[&str], stock: &str, open: &str) -> Vec<Card> {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
        let mut rest = DeckSpec::Jewel162.counts();
        let mut seq = Vec::new();
        for i in 0..16 {
            for h in &hands {
                seq.push(h[i]);
            }
        }
        seq.extend(cards(stock));
        seq.push(card(open));
        for &c in &seq {
            assert!(rest.remove(c), "{c} used too often");
        }
        seq.pop();
        seq.extend(rest.to_vec().into_iter().filter(|c| !c.is_joker()));
        seq.extend(rest.to_vec().into_iter().filter(|c| c.is_joker()));
        seq.insert(81, card(open));
        seq
    }

    pub(super) fn seats(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    pub(super) fn act(d: &mut JewelDeal, text: &str) {
        let a: JewelAction = text.parse().expect("an action");
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert!(legal.contains(&a), "{a} not among {legal:?}");
        d.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }

    pub(super) const DECLARER: &str = "4H 5H 6H 7H 8C 9C TC KS AS 2S QC KC JK 9D 9H 9S";
    pub(super) const OTHER: &str = "JS QS KS AS 2D 2D 2D 3C 5C 7C 9C 4H 6H 8H TH 5D";
    pub(super) const B: &str = "JH QH KH 3D 3D 3D 4C 6C 8C TC 5H 7H 9H JC 6D 2H";
    pub(super) const C: &str = "JD QD KD 4D 4D 4D 2C 5S 7S 9S 3H 8S TS 6S QC KC";

    #[test]
    fn dealer_declares_at_the_first_turn_and_settles() {
        // Seat 1 deals; open AS: red aces are jewels, clubs the marriage suit.
        let mut d = JewelDeal::new(config(), 1, &seats(2), &order(&[OTHER, DECLARER], "3D QH", "AS"), 1);
        assert_eq!(d.table().open, card("AS"));
        assert_eq!(d.to_act(), Some(0));
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert_eq!(
            legal,
            vec![JewelAction::Stock, JewelAction::Pack],
            "no discard to take yet"
        );
        act(&mut d, "stock");
        d.legal_actions(&mut legal);
        assert!(
            !legal.iter().any(|a| matches!(a, JewelAction::Declare(_))),
            "seat 0 may not declare in the first round"
        );
        act(&mut d, "discard 3D");
        // The dealer may take 3D or draw QH, and may declare at once.
        d.legal_actions(&mut legal);
        assert_eq!(legal, vec![JewelAction::Stock, JewelAction::Take, JewelAction::Pack]);
        act(&mut d, "stock");
        act(&mut d, "declare QH");
        assert_eq!(d.step(), Step::Over);
        assert_eq!(d.declarer(), Some(1));
        // Declarer N = 7 (super sequence 4 + marriage 3); seat 0 N = 2 - 4 = -2. No jewels.
        assert_eq!(d.results(), Some(&[-9i64, 9][..]));
        assert_eq!(d.outcome().expect("over").deltas, vec![-9, 9]);
    }

    #[test]
    fn wrong_declaration_puts_the_player_out_and_leaves_a_chance_card() {
        let mut d = JewelDeal::new(config(), 2, &seats(3), &order(&[OTHER, B, C], "8D 9D JK", "AS"), 1);
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        act(&mut d, "take");
        act(&mut d, "discard JH");
        // Seat 2, the dealer, draws 9D and declares wrongly with it.
        act(&mut d, "stock");
        act(&mut d, "declare 9D");
        assert_eq!(d.status(2), Status::WrongDeclaration);
        assert_eq!(d.step(), Step::Draw);
        assert_eq!(d.to_act(), Some(0));
        let view = d.view(0);
        assert_eq!(view.exposed[2].as_ref().map(|h| h.len()), Some(16));
        assert!(view.takeable, "the face-down card is the next player's chance card");
        act(&mut d, "take");
        act(&mut d, "discard 9D");
        act(&mut d, "stock"); // seat 1 draws the joker
        act(&mut d, "discard JK");
        // Seat 2 is out: the turn comes back to seat 0, who may not take the joker.
        assert_eq!(d.to_act(), Some(0));
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert!(!legal.contains(&JewelAction::Take));
        assert!(d.apply(JewelAction::Take).is_err());
    }

    #[test]
    fn packing_at_the_first_turn_or_after_the_minimum() {
        let mut d = JewelDeal::new(config(), 2, &seats(3), &order(&[OTHER, B, C], "8D 9D TD", "AS"), 1);
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        act(&mut d, "pack"); // seat 1 packs at once
        assert_eq!(d.status(1), Status::Packed { mid: false });
        // After a pack only the stock is open.
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert_eq!(legal, vec![JewelAction::Stock, JewelAction::Pack]);
        act(&mut d, "stock");
        act(&mut d, "discard 4D");
        // Seat 0's second turn: too early for a mid pack.
        d.legal_actions(&mut legal);
        assert!(!legal.contains(&JewelAction::Pack));
        assert!(d.apply(JewelAction::Pack).is_err());
        act(&mut d, "take");
        act(&mut d, "discard 4D");
        act(&mut d, "stock");
        act(&mut d, "discard 5S");
        // Third turn: a mid pack.
        act(&mut d, "pack");
        assert_eq!(d.status(0), Status::Packed { mid: true });
        // The packers' cards went under the stock: every card is still there.
        assert_eq!(d.cards(), DeckSpec::Jewel162.counts());
        assert_eq!(d.view(2).hand_sizes, vec![0, 0, 16]);
    }

    #[test]
    fn stock_is_rebuilt_once_then_the_deal_ends_without_a_declarer() {
        let mut rng = GameRng::from_seed(5);
        let mut pack = DeckSpec::Jewel162.cards();
        rng.shuffle(&mut pack);
        let mut d = JewelDeal::new(config(), 0, &seats(9), &pack, 2);
        assert_eq!(d.view(0).stock_size, 17);
        let mut draws = 0;
        let mut legal = Vec::new();
        while d.step() != Step::Over {
            act(&mut d, "stock");
            draws += 1;
            d.legal_actions(&mut legal);
            let discard = *legal
                .iter()
                .find(|a| matches!(a, JewelAction::Discard(_)))
                .expect("a discard");
            d.apply(discard).expect("legal");
            if draws == 17 {
                let v = d.view(0);
                assert_eq!((v.stocks_rebuilt, v.discards.len(), v.stock_size), (1, 1, 16));
            }
        }
        assert_eq!(draws, 17 + 16);
        assert_eq!(d.declarer(), None);
        let results = d.results().expect("settled");
        assert_eq!(results.iter().sum::<i64>(), 0);
    }

    #[test]
    fn a_player_left_alone_cannot_take_back_their_own_discard() {
        let mut d = JewelDeal::new(config(), 1, &seats(2), &order(&[OTHER, B], "8D 9D", "AS"), 1);
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        act(&mut d, "pack");
        assert_eq!(d.to_act(), Some(0));
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert_eq!(
            legal,
            vec![JewelAction::Stock],
            "no take, and no pack at the second turn"
        );
    }

    /// Turns go clockwise round the table as seated, not by seat number.
    #[test]
    fn play_follows_the_seating() {
        let mut rng = GameRng::from_seed(8);
        let mut pack = DeckSpec::Jewel162.cards();
        rng.shuffle(&mut pack);
        let mut d = JewelDeal::new(config(), 0, &[0, 2, 1], &pack, 3);
        assert_eq!(d.seating(), vec![0, 2, 1]);
        let mut order = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..3 {
            order.push(d.to_act().expect("in play"));
            act(&mut d, "stock");
            d.legal_actions(&mut legal);
            let discard = *legal
                .iter()
                .find(|a| matches!(a, JewelAction::Discard(_)))
                .expect("a discard");
            d.apply(discard).expect("legal");
        }
        assert_eq!(
            order,
            vec![2, 1, 0],
            "the dealer's left is seat 2, and the dealer plays last"
        );
        assert_eq!(d.view(1).seating, vec![0, 2, 1]);
    }

    /// The cut seats the highest card first and the rest clockwise in descending order.
    #[test]
    fn cut_for_seats_orders_players_by_their_cards() {
        use super::super::rules::cut_for_seats;
        use crate::trick::ace_high;
        for seed in 0..200 {
            let seating = cut_for_seats(5, &mut GameRng::from_seed(seed));
            let mut sorted = seating.clone();
            sorted.sort();
            assert_eq!(sorted, vec![0, 1, 2, 3, 4], "a permutation");
            // The same draws, read back: first cards never rise round the table.
            let mut pack = DeckSpec::Jewel162.cards();
            GameRng::from_seed(seed).shuffle(&mut pack);
            let first: Vec<u8> = seating.iter().map(|&s| ace_high(pack[s])).collect();
            assert!(
                first.windows(2).all(|w| w[0] >= w[1]),
                "seed {seed}: {seating:?} {first:?}"
            );
        }
    }

    /// The rule bot declares when it can, and its declaration is the one the validator finds.
    #[test]
    fn rule_bot_declares_a_ready_hand() {
        let mut d = JewelDeal::new(config(), 1, &seats(2), &order(&[OTHER, DECLARER], "3D QH", "AS"), 1);
        act(&mut d, "stock");
        act(&mut d, "discard 3D");
        act(&mut d, "stock");
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        let decision = Decision::new(&d, &legal, &[0, 0]).expect("seat 1 acts");
        let choice = RuleBot.choose(&decision, &mut GameRng::from_seed(1));
        assert_eq!(choice, JewelAction::Declare(card("QH")));
    }
}

/// The table model: golden sentences, breakdowns, labels and prompts from scripted deals.
mod model {
    use engine::{seat_name, Deal, Game, HandScene, Match, MatchSetup, Narration, Present, Variants, Viewer};

    use super::super::state::{JewelAction, JewelDeal};
    use super::super::Jewel;
    use super::card;
    use super::flow::{act, config, order, seats, B, C, DECLARER, OTHER};

    /// What `viewer` is told when `action` is applied (and, if the deal ends, of its end).
    fn told(d: &mut JewelDeal, action: &str, viewer: Viewer) -> Vec<String> {
        let before = d.clone();
        act(d, action);
        let mut out = Narration::new();
        before.narrate(action.parse().expect("an action"), d, &mut out);
        if d.to_act().is_none() {
            d.narrate_end(&mut out);
        }
        out.said
            .iter()
            .filter(|s| s.audience.includes(viewer))
            .map(|s| s.event.render(viewer, &seat_name))
            .collect()
    }

    /// Seat 2 deals to three; seat 0 draws and discards 8D, seat 1 packs at once, and the
    /// dealer draws QH and declares with it (a super sequence KS AS 2S and a marriage QC KC
    /// with the joker: 7 points; jewels are the red aces, held by nobody).
    fn pack_and_declare() -> JewelDeal {
        JewelDeal::new(config(), 2, &seats(3), &order(&[OTHER, B, DECLARER], "8D QH", "AS"), 1)
    }

    #[test]
    fn a_draw_is_told_with_its_card_only_to_the_drawer() {
        let mut d = pack_and_declare();
        let mut other = d.clone();
        assert_eq!(told(&mut d, "stock", Viewer::Seat(0)), ["You draw 8D from the stock."]);
        assert_eq!(
            told(&mut other, "stock", Viewer::Seat(1)),
            ["Seat 0 draws from the stock."]
        );
        assert_eq!(told(&mut d, "discard 8D", Viewer::Spectator), ["Seat 0 discards 8D."]);
    }

    #[test]
    fn prompts_labels_and_hidden_hands() {
        let mut d = pack_and_declare();
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        let name = |s| seat_name(s);
        let prompt = |v: Viewer| engine::render(&d.scene(v).prompt, None, v, &name);
        assert_eq!(
            prompt(Viewer::Seat(1)),
            "Draw from the stock (112 cards), take the 8D just discarded or pack (an initial pack: 4 to a declarer)."
        );
        assert_eq!(prompt(Viewer::Seat(0)), "Waiting for seat 1 to draw or pack.");
        let pack = d.describe(JewelAction::Pack);
        assert_eq!(
            (pack.kind, pack.label.as_str()),
            ("pack", "Pack at your first turn: pay 4 to a declarer")
        );
        assert!(pack.cards.is_empty());
        let take = d.describe(JewelAction::Take);
        assert_eq!(take.label, "Take the eight of diamonds (8D) from the discard pile");
        // Seat 0 sees its own hand and only the size of seat 1's.
        let scene = d.scene(Viewer::Seat(0));
        let row = |s: usize| scene.seats.iter().find(|r| r.seat == s).expect("every seat");
        assert_eq!(row(0).hand.len(), 16);
        assert!(matches!(row(0).hand, HandScene::Shown { .. }));
        assert_eq!(row(1).hand, HandScene::Hidden { count: 16 });
        assert!(row(1).to_act && !row(0).to_act);
        assert_eq!(scene.title, "Jewel, deal 1 of 3: turn 2");

        assert_eq!(
            told(&mut d, "pack", Viewer::Seat(1)),
            ["You pack at your first turn: the hand goes under the stock; a declarer will be paid 4."]
        );
        let scene = d.scene(Viewer::Spectator);
        let row1 = scene.seats.iter().find(|r| r.seat == 1).expect("seat 1");
        assert_eq!(row1.status.as_deref(), Some("packed at the first turn"));
        assert_eq!(row1.hand, HandScene::None);
        act(&mut d, "stock");
        let declare = d.describe(JewelAction::Declare(card("QH")));
        assert_eq!(
            declare.label,
            "Declare: throw the queen of hearts (QH) face down and lay down the other sixteen"
        );
        assert_eq!(declare.cards, [card("QH")]);
        let discard = d.describe(JewelAction::Discard(card("JK")));
        assert_eq!(
            (discard.label.as_str(), discard.cards.as_slice()),
            ("Discard the joker (JK)", &[card("JK")][..])
        );
    }

    #[test]
    fn the_settlement_is_told_pair_by_pair() {
        let mut d = pack_and_declare();
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        act(&mut d, "pack");
        act(&mut d, "stock");
        let mut spectator = d.clone();
        let lines = told(&mut spectator, "declare QH", Viewer::Spectator);
        let mine = told(&mut d, "declare QH", Viewer::Seat(0));
        assert_eq!(d.results(), Some(&[-9i64, -4, 13][..]));
        assert_eq!(lines[0], "Seat 2 throws a card face down and declares.");
        assert_eq!(lines[1], "Seat 2's declaration stands: the deal is over.");
        // Seat 0: a super set (2) and nine loose spot cards counting 4 (halves, the odd one
        // dropped): net -2. The declarer: super sequence 4 and marriage 3.
        assert_eq!(
            lines[2],
            "Seat 0 shows compulsory sequence JS QS KS AS; super set 2D 2D 2D (2); loose 3C 5C 7C 9C 5D 4H 6H 8H TH (counting -4): bonus 2, penalty 4, net -2; no jewels."
        );
        assert_eq!(
            lines[3],
            "Seat 1 packed at the first turn: 4 to the declarer; no jewels."
        );
        assert_eq!(
            lines[4],
            "Seat 2 declared compulsory sequence 4H 5H 6H 7H; sequence 8C 9C TC; sequence with the marriage QC KC JK (3); set 9D 9H 9S; super sequence KS AS 2S (4): bonus 7; no jewels."
        );
        // The declarer's 7 against seat 0's -2 is 9; the pack pays 4; seats 0 and 1 owe nothing.
        assert_eq!(
            lines[5..],
            [
                "Seat 0 pays seat 2 9 points: hands +7 against -2 (+9).",
                "Seat 1 pays seat 2 4 points: the pack (+4).",
                "The other pairs owe each other nothing.",
            ]
        );
        assert_eq!(mine[0], "Seat 2 throws a card face down and declares.");
        assert_eq!(mine[5], "You pay seat 2 9 points: hands +7 against -2 (+9).");
    }

    /// A packer keeping two jewels against a declarer with none: the jewels outweigh the pack.
    #[test]
    fn a_packer_keeps_jewels_and_may_collect_from_the_declarer() {
        const JEWELLED: &str = "JS QS KS AS 2D 2D 2D 3C 5C 7C 9C 4H 6H AD AD AH";
        let mut d = JewelDeal::new(config(), 1, &seats(2), &order(&[JEWELLED, DECLARER], "QH", "AS"), 1);
        assert_eq!(
            d.describe(JewelAction::Pack).label,
            "Pack at your first turn: pay 4 to a declarer, keeping AD AD face up"
        );
        assert_eq!(
            told(&mut d, "pack", Viewer::Spectator),
            [
                "Seat 0 packs at their first turn, keeps AD AD face up and puts the rest of the hand under the stock; a declarer will be paid 4.",
                "Everyone else is out: seat 1 plays on alone until they declare or the stock runs out.",
            ]
        );
        act(&mut d, "stock");
        let lines = told(&mut d, "declare QH", Viewer::Seat(1));
        // Two jewels of one suit are worth 5; the pack costs 4: the packer collects 1.
        assert_eq!(d.results(), Some(&[1i64, -1][..]));
        assert_eq!(
            lines[2],
            "Seat 0 packed at the first turn: 4 to the declarer; jewels AD AD worth 5 (two in diamonds 5)."
        );
        assert_eq!(
            lines[4],
            "You pay seat 0 1 point: jewels 5 against 0 (+5), the pack (-4)."
        );
    }

    #[test]
    fn a_wrong_declaration_shows_the_hand_and_turns_up_a_chance_card() {
        let mut d = JewelDeal::new(config(), 2, &seats(3), &order(&[OTHER, B, C], "8D 9D JK", "AS"), 1);
        act(&mut d, "stock");
        act(&mut d, "discard 8D");
        act(&mut d, "take");
        act(&mut d, "discard JH");
        act(&mut d, "stock");
        let lines = told(&mut d, "declare 9D", Viewer::Seat(0));
        assert_eq!(lines[0], "Seat 2 throws a card face down and declares.");
        assert!(
            lines[1].starts_with("The declaration is wrong: seat 2 lays down ")
                && lines[1].ends_with(" and is out of the deal, to be settled as a full hand."),
            "{}",
            lines[1]
        );
        assert_eq!(
            lines[2],
            "The face-down card is turned up: 9D; you may take it as a chance card."
        );
        let scene = d.scene(Viewer::Seat(0));
        let row2 = scene.seats.iter().find(|r| r.seat == 2).expect("seat 2");
        assert_eq!(row2.status.as_deref(), Some("out: declared wrongly"));
        assert_eq!(row2.groups[0].label, "Laid down in a wrong declaration");
        assert_eq!(row2.groups[0].cards.len(), 16);
    }

    /// The cut for seats is told at the start, and the scene lists the seats in that order.
    #[test]
    fn the_cut_seats_the_table_and_the_scene_follows_it() {
        for seed in 0..5 {
            let m = Match::<Jewel>::new(MatchSetup::new(5, Variants::defaults(Jewel::info().variants), seed))
                .expect("a match");
            let d = m.deal();
            let seating = d.seating();
            assert_eq!(d.dealer(), seating[0], "the highest card deals");
            let mut out = Narration::new();
            m.narrate_opening(&mut out);
            let lines: Vec<String> = out
                .said
                .iter()
                .map(|s| s.event.render(Viewer::Spectator, &seat_name))
                .collect();
            assert!(lines
                .iter()
                .any(|l| l.starts_with("The players cut for seats (aces high, a joker lowest): seat 0 ")));
            let order: Vec<String> = seating.iter().map(|&s| seat_name(s)).collect();
            let expected = format!(
                "{} draws the highest card and deals; the others sit clockwise from the dealer in falling order: {}.",
                engine::render(&format!("@{}", seating[0]), None, Viewer::Spectator, &seat_name),
                order.join(", ")
            );
            let mut expected = expected;
            engine::capitalise_first(&mut expected);
            assert!(lines.contains(&expected), "{lines:?}");
            // The scene goes round the same table, from seat 0's place.
            let scene = d.scene(Viewer::Seat(3));
            let at = seating.iter().position(|&s| s == 0).expect("seat 0 sits");
            let round: Vec<usize> = (0..5).map(|k| seating[(at + k) % 5]).collect();
            assert_eq!(scene.seats.iter().map(|r| r.seat).collect::<Vec<_>>(), round);
        }
    }
}

mod strength {
    use super::super::Jewel;

    #[test]
    fn rule_bot_beats_random_players() {
        let d = testkit::duel::<Jewel>(5, &[], "rule", 40, |k, s| s == (k % 5) as usize);
        assert!(d.bot_mean > d.random_mean + 10.0, "{d:?}");
    }
}
