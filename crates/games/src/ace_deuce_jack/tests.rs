use super::*;
use cards::{parse_card_list, Card, GameRng};
use engine::{Deal, Game, Match, MatchSetup, Variants};
use testkit::{run, Conformance};

fn variants(items: &[&str]) -> Variants {
    Variants::parse(AceDeuceJack::info().variants, items).unwrap()
}

/// A scripted pack whose bottom cards (positions 17, 34 and 52) are the given three.
fn pack_with_bottoms(bottoms: &str) -> Vec<Card> {
    let b = parse_card_list(bottoms).unwrap();
    let mut rest: Vec<Card> = cards::DeckSpec::Standard52 { packs: 1 }
        .cards()
        .into_iter()
        .filter(|c| !b.contains(c))
        .collect();
    let mut order = Vec::new();
    for (i, pos) in [16usize, 33, 51].iter().enumerate() {
        while order.len() < *pos {
            order.push(rest.remove(0));
        }
        order.push(b[i]);
    }
    order
}

fn scripted(bottoms: &str, players: usize) -> Match<AceDeuceJack> {
    let mut setup = MatchSetup::new(players, variants(&["max_bet=20"]), 1);
    setup.deck = Some(pack_with_bottoms(bottoms));
    setup.dealer = 0;
    Match::new(setup).unwrap()
}

// ADJ-X1: bottom cards 4S KD 9C, bets 5, 10 and 2: the banker pays 17.
#[test]
fn adjx1_bank_pays() {
    let mut m = scripted("4S KD 9C", 4);
    for b in ["bet 5", "bet 10", "bet 2"] {
        m.apply_text(b).unwrap();
    }
    assert_eq!(m.deal_deltas()[0], vec![-17, 5, 10, 2]);
}

// ADJ-X2: bottom cards 7H 2C QD: the deuce wins everything for the bank.
#[test]
fn adjx2_bank_wins() {
    let mut m = scripted("7H 2C QD", 4);
    for b in ["bet 5", "bet 10", "bet 2"] {
        m.apply_text(b).unwrap();
    }
    assert_eq!(m.deal_deltas()[0], vec![17, -5, -10, -2]);
}

// ADJ-X3: the exact odds, and the simulator against them over many seeded hands.
#[test]
fn adjx3_exact_odds_and_simulation() {
    let odds = AdjOdds::exact();
    assert!((odds.player_win - 9880.0 / 22100.0).abs() < 1e-12);
    assert!((odds.banker_edge - 0.10588).abs() < 1e-5);
    let game = AceDeuceJack::new(2, &variants(&[])).unwrap();
    let mut rng = GameRng::from_seed(99);
    let (mut wins, n) = (0u32, 200_000u32);
    let ctx = |k| engine::DealContext {
        players: 2,
        dealer: 0,
        deal_number: k,
        scripted: false,
    };
    let mut order = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    for k in 0..n {
        rng.shuffle(&mut order);
        let mut d = game.start_deal(ctx(k), &order, None, &mut rng);
        d.apply(AdjAction::Bet(1)).unwrap();
        wins += (d.deltas()[1 - d.banker()] > 0) as u32;
    }
    let p = odds.player_win;
    let sigma = (p * (1.0 - p) / n as f64).sqrt();
    let observed = wins as f64 / n as f64;
    assert!((observed - p).abs() < 4.0 * sigma, "observed {observed}, exact {p}");
}

#[test]
fn the_rules_page_states_the_computed_edge() {
    let edge = format!("{:.2}%", AdjOdds::exact().banker_edge * 100.0);
    assert!(AceDeuceJack::info().rules.contains(&edge), "rules.md must say {edge}");
}

#[test]
fn bets_within_limits_and_bank_rotation() {
    let mut m = Match::<AceDeuceJack>::new(MatchSetup::new(3, variants(&["hands_per_bank=2"]), 5)).unwrap();
    let first = m.deal().banker();
    let draw = m.first_draw().expect("the match keeps the draw for the bank");
    assert_eq!((draw.dealer, m.dealer()), (first, first));
    let top = draw
        .first_cards
        .iter()
        .map(|&c| crate::trick::ace_high(c))
        .max()
        .unwrap();
    assert_eq!(crate::trick::ace_high(draw.first_cards[first]), top);
    assert_eq!(m.view_json(1)["match"]["first_draw"]["dealer"], first);
    assert!(m.apply_text("bet 0").unwrap_err().contains("bet from 1 to 10"));
    assert!(m.apply_text("bet 11").is_err());
    assert!(m.apply_text("raise").unwrap_err().contains("malformed"));
    let mut bankers = Vec::new();
    while !m.is_over() {
        bankers.push(m.deal().banker());
        m.apply_text("bet 1").unwrap();
    }
    let expected: Vec<usize> = (0..6).map(|k| (first + k / 2) % 3).collect();
    assert_eq!(bankers.iter().step_by(2).count(), 6, "two bettors per hand");
    assert_eq!(m.deals_completed(), 6);
    let per_hand: Vec<usize> = bankers.chunks(2).map(|c| c[0]).collect();
    assert_eq!(per_hand, expected);
}

#[test]
fn dead_bottom_cards_still_show_three_live_bottoms() {
    let game = AceDeuceJack::new(2, &variants(&["dead_bottom_cards=3"])).unwrap();
    let order = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    let ctx = engine::DealContext {
        players: 2,
        dealer: 0,
        deal_number: 0,
        scripted: true,
    };
    let d = game.start_deal(ctx, &order, None, &mut GameRng::from_seed(1));
    assert_eq!(d.bottom_cards(), [order[15], order[31], order[48]]);
}

#[test]
fn conformance_every_table_size() {
    for players in [2, 3, 5, 8, 12] {
        let r = run::<AceDeuceJack>(&Conformance::new(players, 40).seed(players as u64));
        assert!(r.deals >= 40 * players as u64, "{r:?}");
    }
    run::<AceDeuceJack>(&Conformance::new(4, 40).variants(&[
        "dead_bottom_cards=3",
        "hands_per_bank=1",
        "bank_rounds=3",
        "min_bet=5",
        "max_bet=50",
    ]));
    run::<AceDeuceJack>(&Conformance::new(4, 40).bots(&["rule"]));
}
