//! The shared meld solver on hard hands. Run with `cargo bench -p games --bench melds`.

use cards::{parse_card_list, Card};
use games::three_thirteen::TtMelds;
use melds::Solver;

fn main() {
    divan::main();
}

/// Round 11 (kings wild), 13 cards with four wilds and many overlapping sets and runs.
#[divan::bench]
fn three_thirteen_13_cards_4_wilds(bencher: divan::Bencher) {
    let hand: Vec<Card> = parse_card_list("4H 5H 6H 7H 6S 6D 6C 7S 8S 9S 7D").unwrap();
    let mut solver = Solver::new();
    let rules = TtMelds { wild_value: 10 };
    bencher.bench_local(|| {
        solver
            .solve(&rules, divan::black_box(&hand), 4)
            .expect("a partition")
            .score
    });
}

/// Thirteen naturals from two packs, with duplicates and no wilds (round 1 rules: 3s wild).
#[divan::bench]
fn three_thirteen_13_cards_duplicates(bencher: divan::Bencher) {
    let hand: Vec<Card> = parse_card_list("4H 4H 5H 5H 6H 6H 7H 4S 4D 5S 5D 6S 6D").unwrap();
    let mut solver = Solver::new();
    let rules = TtMelds { wild_value: 3 };
    bencher.bench_local(|| {
        solver
            .solve(&rules, divan::black_box(&hand), 0)
            .expect("a partition")
            .score
    });
}

/// Sixteen Khanhoo cards with the joker and many overlapping melds (aces, khanhoo, sequences,
/// triplets, a court meld): the search after a draw.
#[divan::bench]
fn khanhoo_16_cards_with_joker(bencher: divan::Bencher) {
    use games::khanhoo::KhanhooMelds;
    let hand: Vec<Card> = parse_card_list("AH AS AD 2S 3D 2H 3H 4H 4S 4D 5S 6S 9H KC QC 8S").unwrap();
    let mut solver = Solver::new();
    let rules = KhanhooMelds {
        aces_exactly_three: true,
        aces_can_form_triplet: false,
        complete: false,
    };
    bencher.bench_local(|| {
        solver
            .solve(&rules, divan::black_box(&hand), 1)
            .expect("a partition")
            .score
    });
}

/// The same hand scored as a complete arrangement (going out).
#[divan::bench]
fn khanhoo_16_cards_complete(bencher: divan::Bencher) {
    use games::khanhoo::KhanhooMelds;
    let hand: Vec<Card> = parse_card_list("AH AS AD 2S 3D 2H 3H 4H 4S 4D 5S 6S 9H KC QC 8S").unwrap();
    let mut solver = Solver::new();
    let rules = KhanhooMelds {
        aces_exactly_three: true,
        aces_can_form_triplet: false,
        complete: true,
    };
    bencher.bench_local(|| solver.solve(&rules, divan::black_box(&hand), 1).map(|p| p.score));
}

/// Jewel after the draw: seventeen cards with a joker and two jewels (open AS, so red aces are
/// jewels); every discard is tried and the other sixteen checked as a declaration, as the bot
/// does before declaring.
#[divan::bench]
fn jewel_17_cards_declaration_search(bencher: divan::Bencher) {
    use games::jewel::melds::{validate_declaration, Table};
    let hand: Vec<Card> = parse_card_list("4H 5H 6H 7H 8C 9C TC KS AS 2S QC KC JK 9D 9H AH AD").unwrap();
    let table = Table::new("AS".parse().unwrap(), true);
    let mut solver = Solver::new();
    bencher.bench_local(|| {
        let hand = divan::black_box(&hand);
        let mut best = None;
        for i in 0..hand.len() {
            let mut rest = hand.clone();
            rest.remove(i);
            if let Some(d) = validate_declaration(&mut solver, &table, &rest) {
                best = best.max(Some(d.bonus));
            }
        }
        best
    });
}

/// Jewel: a defender's sixteen cards arranged to best advantage (two jokers, two jewels, two
/// candidate fours).
#[divan::bench]
fn jewel_16_cards_defender_arrangement(bencher: divan::Bencher) {
    use games::jewel::melds::{best_arrangement, Table};
    let hand: Vec<Card> = parse_card_list("2C 3C 4C 5C 6C 9D 9H JK JK QH KC 8H TH AH AD 7S").unwrap();
    let table = Table::new("AS".parse().unwrap(), true);
    let mut solver = Solver::new();
    bencher.bench_local(|| best_arrangement(&mut solver, &table, divan::black_box(&hand)).net());
}
