use super::*;
use cards::{parse_card_list, Card, GameRng};
use engine::{Deal, Game, Match, MatchSetup, Variants};
use testkit::{cards_shown, run, Conformance};

fn variants(items: &[&str]) -> Variants {
    Variants::parse(Ziginette::info().variants, items).unwrap()
}

/// The pack with these cards on top and the rest in pack order.
fn pack(top: &str) -> Vec<Card> {
    let t = parse_card_list(top).unwrap();
    let mut v = t.clone();
    v.extend(
        cards::DeckSpec::Stripped40 {
            packs: 1,
            drop_one_spade_suit: false,
        }
        .cards()
        .into_iter()
        .filter(|c| !t.contains(c)),
    );
    v
}

fn scripted(items: &[&str], top: &str) -> Match<Ziginette> {
    let mut setup = MatchSetup::new(4, variants(items), 1);
    setup.deck = Some(pack(top));
    Match::new(setup).unwrap()
}

fn acts(m: &mut Match<Ziginette>, list: &[&str]) {
    for a in list {
        m.apply_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

const ALL_DONE: [&str; 3] = ["done", "done", "done"];

// ZIG-X1: X bets 10 on the 5, Y 5 on the K; 7C comes, Z bets 4 on it; 5D takes X's 10; 5H is dead;
// 3S pairs the banker's card: the bank pays Y 5 and Z 4. Net +1; the bank passes right.
#[test]
fn zx1_worked_hand() {
    let mut m = scripted(&[], "5S KH 3D 7C 5D 5H 3S");
    assert_eq!(m.deal().banker(), 0);
    acts(&mut m, &["bet 5 10", "done", "bet K 5", "done", "done"]);
    acts(&mut m, &["done", "done", "bet 7 4", "done"]); // after 7C
    let v = m.deal().view(1);
    assert_eq!(
        v.board.iter().map(|b| b.card.to_string()).collect::<Vec<_>>(),
        vec!["KH", "7C"]
    );
    assert_eq!(v.dead_ranks, vec!['5']);
    acts(&mut m, &ALL_DONE); // after 5D
    acts(&mut m, &ALL_DONE); // after 5H (dead)
    assert_eq!(m.deals_completed(), 1);
    assert_eq!(m.deal_deltas()[0], vec![1, -10, 5, 4]);
    assert_eq!(m.deal().banker(), 3, "the bank passed to the right");
}

// ZIG-X2: a pair among the opening cards means a reshuffle before anything is bet.
#[test]
fn zx2_playette() {
    for top in ["6S QH 6D", "4C 4D 7S"] {
        let m = scripted(&[], top);
        let v = m.deal().view(0);
        assert!(v.playettes >= 1, "{top}");
        let opening: Vec<_> = v.dealt.iter().map(|c| c.rank()).collect();
        assert!(opening[0] != opening[1] && opening[2] != opening[0] && opening[2] != opening[1]);
    }
}

// ZIG-X3: board 2C and JD; 2H then JS match both: the board is empty and the bank keeps the bets.
#[test]
fn zx3_board_emptied() {
    let mut m = scripted(&[], "2C JD 5S 2H JS");
    acts(&mut m, &["bet 2 3", "done", "bet J 2", "done", "done"]);
    acts(&mut m, &ALL_DONE); // after 2H
    let d = m.deal();
    assert_eq!(d.step(), Step::BankerChoice);
    assert_eq!(d.ending(), Some(Ending::BoardEmpty));
    assert_eq!(d.deltas(), vec![5, -3, -2, 0]);
    let mut legal = Vec::new();
    m.legal_actions(&mut legal);
    assert_eq!(
        legal.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        vec!["deal", "raise-limits", "pass-bank"]
    );
    m.apply_text("raise-limits").unwrap();
    assert_eq!(m.deal().banker(), 0, "the banker kept the bank");
    assert_eq!(m.deal().view(1).max_bet, 20, "with doubled limits");
}

#[test]
fn bets_follow_the_limits_and_the_board() {
    let mut m = scripted(&[], "5S KH 3D 7C");
    let e = m.apply_text("bet 7 1").unwrap_err();
    assert!(e.contains("not a live board card"), "{e}");
    assert!(
        m.apply_text("bet 3 1").unwrap_err().contains("not a live board card"),
        "no bets on the banker's card"
    );
    m.apply_text("bet 5 6").unwrap();
    let e = m.apply_text("bet 5 5").unwrap_err();
    assert!(e.contains("at most 10"), "{e}");
    m.apply_text("bet 5 4").unwrap();
    assert!(m.apply_text("bet 5 1").is_err());
    assert!(m.apply_text("deal").unwrap_err().contains("betting window"));
}

#[test]
fn only_the_new_board_card_takes_bets_under_that_window_rule() {
    let mut m = scripted(&["bet_window=only-on-new-board-card"], "5S KH 3D 7C 6D");
    acts(&mut m, &["bet 5 1", "done", "done", "done"]);
    // 7C is new: only the 7 is open.
    let e = m.apply_text("bet K 1").unwrap_err();
    assert!(e.contains("only the new board card"), "{e}");
    m.apply_text("bet 7 2").unwrap();
}

/// ZIG-4: a match that leaves no live bet does not end the hand when no window follows it; the
/// next new board card opens one, and the hand ends when that window closes empty.
#[test]
fn without_a_window_the_hand_goes_on_to_the_next_new_card() {
    let mut m = scripted(&["bet_window=only-on-new-board-card"], "5S KH 3D 5D 7C");
    acts(&mut m, &["bet 5 1", "done", "done", "done"]);
    // 5D takes the only bet; no window opens after a match, and 7C is dealt.
    let v = m.deal().view(1);
    assert_eq!(m.deal().step(), Step::Betting, "7C opened a window");
    assert_eq!(
        v.board.iter().map(|b| b.card.to_string()).collect::<Vec<_>>(),
        vec!["KH", "7C"]
    );
    assert!(m.apply_text("bet K 1").unwrap_err().contains("only the new board card"));
    acts(&mut m, &ALL_DONE);
    assert_eq!(m.deal().ending(), Some(Ending::NoBets));
    assert_eq!(m.deal().deltas(), vec![1, -1, 0, 0]);
}

#[test]
fn banker_wins_a_paired_card_under_that_playette_rule() {
    // Board 5S KH; bets; then the banker's card is 5D: the bank takes the bets on the 5.
    let mut m = scripted(&["playette_rule=banker-wins-paired-card"], "5S KH 5D 7C");
    assert_eq!(
        m.deal().view(0).banker_card,
        None,
        "the banker's card comes after the first bets"
    );
    acts(&mut m, &["bet 5 4", "done", "bet K 3", "done", "done"]);
    let v = m.deal().view(0);
    assert_eq!(v.banker_card.map(|c| c.to_string()).as_deref(), Some("5D"));
    assert_eq!(v.board.len(), 1);
    assert_eq!(m.deal().deltas(), vec![4, -4, 0, 0]);
}

#[test]
fn the_house_cut_leaves_the_table() {
    let mut m = scripted(&["house_cut_pct=10"], "2C JD 5S 2H JS");
    acts(&mut m, &["bet 2 10", "done", "bet J 10", "done", "done"]);
    acts(&mut m, &ALL_DONE);
    let d = m.deal();
    assert_eq!(d.deltas(), vec![18, -10, -10, 0], "20 won, 2 to the house");
    assert_eq!(d.house(), 2);
    m.apply_text("deal").unwrap();
    assert_eq!(m.deal_house()[0], 2);
    assert_eq!(m.ledger().balance(), 0);
}

#[test]
fn exact_odds_match_the_simulator() {
    let mut rng = GameRng::from_seed(77);
    let cfg = Ziginette::new(4, &variants(&["house_cut_pct=10"])).unwrap().config;
    let top = parse_card_list("5S KH 3D").unwrap();
    let rest: Vec<Card> = pack("5S KH 3D")[3..].to_vec();
    let n = 20_000;
    let (mut cut_sum, mut five_wins, mut net_sum) = (0i64, 0u32, 0i64);
    let mut exact = None;
    for _ in 0..n {
        let mut order = top.clone();
        let mut r = rest.clone();
        rng.shuffle(&mut r);
        order.extend(r);
        let mut d = ZiginetteDeal::new(cfg, 4, 0, (1, 10), 0, &order, &mut rng);
        for a in ["bet 5 10", "done", "bet K 5"] {
            d.apply(a.parse().unwrap()).unwrap();
        }
        exact.get_or_insert_with(|| d.view(0).odds.unwrap());
        for a in ["done", "done"] {
            d.apply(a.parse().unwrap()).unwrap();
        }
        while d.step() == Step::Betting {
            d.apply(ZiginetteAction::Done).unwrap();
        }
        cut_sum += d.house();
        net_sum += d.deltas()[0] + d.house();
        five_wins += (d.deltas()[1] > 0) as u32;
    }
    let exact = exact.unwrap();
    assert_eq!(exact.bet_wins, vec![0.5, 0.5]);
    assert!(exact.banker_expected.abs() < 1e-12);
    assert!(
        (exact.expected_house_cut - 1.0 / 3.0).abs() < 1e-12,
        "{}",
        exact.expected_house_cut
    );
    let tol = |p: f64| 4.0 * (p * (1.0 - p) / n as f64).sqrt();
    assert!(
        (cut_sum as f64 / n as f64 - exact.expected_house_cut).abs() < tol(1.0 / 3.0),
        "cut {}",
        cut_sum as f64 / n as f64
    );
    assert!((five_wins as f64 / n as f64 - 0.5).abs() < tol(0.5));
    // The banker's net (before the cut) takes values -15..15 with mean 0.
    assert!((net_sum as f64 / n as f64).abs() < 4.0 * 12.3 / (n as f64).sqrt());
}

#[test]
fn views_show_no_undealt_card() {
    let mut rng = GameRng::from_seed(2);
    let mut legal = Vec::new();
    for seed in 0..20 {
        let mut m = Match::<Ziginette>::new(MatchSetup::new(4, variants(&[]), seed)).unwrap();
        while m.deals_completed() == 0 {
            let d = m.deal();
            for s in 0..4 {
                let v = d.view(s);
                let dealt: cards::CardSet = v.dealt.iter().copied().collect();
                // The draw for the first banker is face up, from a pack of its own.
                let drawn: cards::CardSet = m
                    .first_draw()
                    .into_iter()
                    .flat_map(|d| d.first_cards.iter().copied())
                    .collect();
                assert!(cards_shown(&m.view_json(s)) - dealt - drawn == cards::CardSet::EMPTY);
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn the_rules_page_states_there_is_no_edge_without_a_cut() {
    assert!(Ziginette::info()
        .rules
        .contains("without a house cut there is no house edge"));
}

#[test]
fn conformance_every_table_size_and_flag() {
    for players in [2, 4, 8, 12] {
        let r = run::<Ziginette>(&Conformance::new(players, 30).seed(players as u64));
        assert!(r.deals >= 30 * 20, "{r:?}");
    }
    run::<Ziginette>(
        &Conformance::new(4, 30)
            .variants(&[
                "playette_rule=banker-wins-paired-card",
                "bet_window=only-on-new-board-card",
                "house_cut_pct=10",
                "direction_of_bank_pass=left",
                "min_bet=2",
                "max_bet=5",
            ])
            .seed(9),
    );
    run::<Ziginette>(&Conformance::new(5, 30).bots(&["rule"]).seed(10));
}
