use super::declarations::beats;
use super::*;
use cards::{parse_card_list, Card, CardSet, GameRng, Suit};
use engine::{Deal, Game, Match, MatchSetup, Variants};
use testkit::{cards_shown, run, Conformance};

fn set(t: &str) -> CardSet {
    parse_card_list(t).unwrap().into_iter().collect()
}

fn config(items: &[&str]) -> BeloteConfig {
    BeloteConfig::from_variants(&Variants::parse(Belote::info().variants, items).unwrap())
}

fn apply(d: &mut BeloteDeal, text: &str) {
    d.apply(text.parse().unwrap()).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal(d: &BeloteDeal) -> Vec<String> {
    let mut v = Vec::new();
    d.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

// BEL-X1: a trick of JS 9S AH TC with spades trump is worth 55; the pack holds 152.
#[test]
fn bx1_card_points() {
    let points: i64 = parse_card_list("JS 9S AH TC")
        .unwrap()
        .iter()
        .map(|&c| card_points(c, Suit::Spades))
        .sum();
    assert_eq!(points, 55);
    for trump in Suit::ALL {
        let total: i64 = cards::DeckSpec::Piquet32
            .cards()
            .iter()
            .map(|&c| card_points(c, trump))
            .sum();
        assert_eq!(total, 152);
    }
}

fn tally(card_points: i64, tricks: u8, declarations: i64, belote: i64) -> HandTally {
    HandTally {
        card_points,
        tricks,
        declarations,
        belote,
    }
}

// BEL-X2: takers 92 + tierce 20 against 70 + belote 20: made, 110 / 90.
#[test]
fn bx2_contract_made() {
    let r = hand_scores(&config(&[]), 0, [tally(92, 5, 20, 0), tally(70, 3, 0, 20)]);
    assert!(r.made && !r.capot);
    assert_eq!(r.scores, [110, 90]);
}

// BEL-X3: takers 76 + belote against 86 + cinquante: failed; defenders 212 -> 210, takers keep 20.
#[test]
fn bx3_contract_failed() {
    let r = hand_scores(&config(&[]), 0, [tally(76, 3, 0, 20), tally(86, 5, 50, 0)]);
    assert!(!r.made);
    assert_eq!(r.scores, [20, 210]);
}

// BEL-X4: capot with belote: 272 -> 270; with capot_value=250 also 270.
#[test]
fn bx4_capot() {
    let r = hand_scores(&config(&[]), 0, [tally(162, 8, 0, 20), tally(0, 0, 0, 0)]);
    assert!(r.made && r.capot);
    assert_eq!(r.scores, [270, 0]);
    let r = hand_scores(
        &config(&["capot_value=250"]),
        0,
        [tally(162, 8, 0, 20), tally(0, 0, 0, 0)],
    );
    assert_eq!(r.scores, [270, 0]);
    // Defenders' capot: 252 plus both sides' declarations; takers keep only belote.
    let r = hand_scores(&config(&[]), 1, [tally(162, 8, 50, 0), tally(0, 0, 0, 20)]);
    assert!(!r.made && r.capot);
    assert_eq!(r.scores, [300, 20]);
    // A team without a trick keeps only its belote, even holding the best declaration.
    let r = hand_scores(&config(&[]), 0, [tally(162, 8, 0, 0), tally(0, 0, 100, 20)]);
    assert_eq!(r.scores, [250, 20]);
}

// BEL-X7: rounding 86/76 -> 90/80, 85/77 -> 80/80, 95/67 -> 90/70; other modes.
#[test]
fn bx7_rounding() {
    let r = |x| round_score(x, Rounding::DownOnFive);
    assert_eq!(
        [r(86), r(76), r(85), r(77), r(95), r(67), r(112), r(117)],
        [90, 80, 80, 80, 90, 70, 110, 120]
    );
    assert_eq!(round_score(85, Rounding::HalfUp), 90);
    assert_eq!(round_score(84, Rounding::HalfUp), 80);
    assert_eq!(round_score(87, Rounding::Off), 87);
}

#[test]
fn contract_basis_and_ties() {
    // Full totals: 80 + 20 belote beats 82; tricks only: it does not.
    let t = [tally(80, 4, 0, 20), tally(82, 4, 0, 0)];
    assert!(hand_scores(&config(&[]), 0, t).made);
    assert!(!hand_scores(&config(&["contract_basis=tricks-only"]), 0, t).made);
    // An exact tie fails by default; under litige the takers' points wait for the next hand.
    let tie = [tally(81, 4, 0, 0), tally(81, 4, 0, 0)];
    let r = hand_scores(&config(&[]), 0, tie);
    assert!(!r.made && !r.litige);
    assert_eq!(r.scores, [0, 160]);
    let r = hand_scores(&config(&["tie_rule=litige"]), 0, tie);
    assert!(r.litige);
    assert_eq!((r.scores, r.suspended), ([0, 80], 80));
}

/// N (0), E (1), S (2), W (3) clockwise; spades trump, N took; W leads the ace of hearts.
fn bx5_position(items: &[&str]) -> BeloteDeal {
    let hands = [set("8S KD"), set("7S JS"), set("9D QC"), set("AH 7H")];
    BeloteDeal::in_play(config(items), 2, Suit::Spades, 0, hands, 3)
}

// BEL-X5: forced trump, forced overtrump, and a free discard.
#[test]
fn bx5_forced_trump_and_overtrump() {
    let mut d = bx5_position(&[]);
    apply(&mut d, "AH");
    assert_eq!(legal(&d), vec!["8S"]);
    let e = d.apply("KD".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("you must trump"), "{e}");
    apply(&mut d, "8S");
    assert_eq!(legal(&d), vec!["JS"]);
    let e = d.apply("7S".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("you must overtrump"), "{e}");
    apply(&mut d, "JS");
    assert_eq!(legal(&d), vec!["QC", "9D"], "no trump: anything");
    apply(&mut d, "9D");
    assert_eq!(d.to_act(), Some(1), "E won with the jack of trumps");
}

#[test]
fn partner_winning_frees_the_player_and_trump_leads_follow_the_flag() {
    // W leads AH, N (partner E? no: N is W's opponent) discards; with the partner winning,
    // E may discard anything.
    let hands = [set("KD QD"), set("7S JS"), set("9D QC"), set("AH 7H")];
    let mut d = BeloteDeal::in_play(config(&[]), 2, Suit::Spades, 0, hands, 3);
    apply(&mut d, "AH"); // W leads
    apply(&mut d, "KD"); // N has no trump: anything
                         // E is W's partner and W is winning: E need not trump.
    assert_eq!(legal(&d).len(), 2);
    // Trump led, partner winning: no duty to overtrump unless the French flag is on.
    let hands = [set("8S 7D"), set("7S JS"), set("9S QC"), set("AS 7H")];
    for (flag, expect) in [
        ("overtrump_on_trump_lead_when_partner_wins=false", 2),
        ("overtrump_on_trump_lead_when_partner_wins=true", 1),
    ] {
        let mut d = BeloteDeal::in_play(config(&[flag]), 2, Suit::Spades, 0, hands, 3);
        apply(&mut d, "AS"); // W leads the trump ace
        apply(&mut d, "8S"); // N follows
        assert_eq!(legal(&d).len(), expect, "{flag}: E with 7S JS, partner W winning");
    }
}

// BEL-X6: a tierce to the ace beats a tierce to the jack.
#[test]
fn bx6_declaration_comparison() {
    let n = best_declarations(set("QC KC AC 7D 8H 9S TH JD"), false, Suit::Spades);
    let e = best_declarations(set("9D TD JD 7C 8C AS KH QH"), false, Suit::Spades);
    assert_eq!((n.len(), n[0].points, e.len(), e[0].points), (1, 20, 1, 20));
    assert!(beats(&n[0], &e[0], Suit::Spades));
    let tops = [Some(n[0]), Some(e[0]), None, None];
    assert_eq!(contest(&tops, [0, 1, 2, 3], Suit::Spades, true), Some(0));
    // E speaks first: still N.
    assert_eq!(contest(&tops, [1, 2, 3, 0], Suit::Spades, true), Some(0));
}

#[test]
fn declaration_values_and_partitions() {
    let one = |h: &str| best_declarations(set(h), false, Suit::Hearts);
    let points = |h: &str| one(h).iter().map(|d| d.points).sum::<i64>();
    assert_eq!(points("JC JD JH JS 7C 8D 9H TS"), 200);
    assert_eq!(points("9C 9D 9H 9S 7C 8D JH TS"), 150);
    assert_eq!(points("QC QD QH QS 7C 8D JH TS"), 100);
    assert_eq!(points("8C 8D 8H 8S 7C 9D JH TS"), 0, "no carre of eights");
    assert_eq!(points("7S 8S 9S TS 7C 9D JH QC"), 50);
    assert_eq!(
        points("7S 8S 9S TS JS QS KS AS"),
        100,
        "a run of eight is one declaration"
    );
    // KC in a carre or in a run: the carre (100) and the tierce QJ10 (20) beat the run of four (50).
    assert_eq!(points("KC KD KH KS QC JC TC 7D"), 120);
    // With cards allowed in both: 100 + 50.
    assert_eq!(
        best_declarations(set("KC KD KH KS QC JC TC 7D"), true, Suit::Hearts)
            .iter()
            .map(|d| d.points)
            .sum::<i64>(),
        150
    );
    // Two carres.
    assert_eq!(points("JC JD JH JS 9C 9D 9H 9S"), 350);
}

#[test]
fn declaration_contest_rules() {
    let d = |h: &str, trump| super::declarations::top(&best_declarations(set(h), false, trump), trump).unwrap();
    let t = Suit::Hearts;
    // Equal sequences: trump beats plain.
    assert!(beats(&d("7H 8H 9H", t), &d("7S 8S 9S", t), t));
    // Longer sequence of the same value wins: six beats five.
    assert!(beats(&d("7S 8S 9S TS JS QS", t), &d("8C 9C TC JC QC", t), t));
    // A carre beats a plain five-run; against a trump five-run neither beats the other.
    let carre = d("QC QD QH QS", t);
    assert!(beats(&carre, &d("7S 8S 9S TS JS", t), t));
    assert!(!beats(&carre, &d("7H 8H 9H TH JH", t), t) && !beats(&d("7H 8H 9H TH JH", t), &carre, t));
    // The BEL-9 circle: K carre at the eldest, a trump five-run next, an A carre last: the A carre wins.
    let tops = [
        Some(d("KC KD KH KS", t)),
        Some(d("7H 8H 9H TH JH", t)),
        Some(d("AC AD AH AS", t)),
        None,
    ];
    assert_eq!(contest(&tops, [0, 1, 2, 3], t, true), Some(2));
    // Identical plain sequences in both teams: the first in order, or neither with the flag.
    let tops = [Some(d("7S 8S 9S", t)), Some(d("7C 8C 9C", t)), None, None];
    assert_eq!(contest(&tops, [0, 1, 2, 3], t, true), Some(0));
    assert_eq!(contest(&tops, [0, 1, 2, 3], t, false), None);
    // A carre and a trump five-run of equal value are not identical: the first in order wins
    // even under neither-scores.
    let tops = [Some(d("QC QD QH QS", t)), Some(d("7H 8H 9H TH JH", t)), None, None];
    assert_eq!(contest(&tops, [0, 1, 2, 3], t, false), Some(0));
    assert_eq!(contest(&tops, [1, 2, 3, 0], t, false), Some(1));
    // Identical sequences in one team are no tie.
    let tops = [Some(d("7S 8S 9S", t)), None, Some(d("7C 8C 9C", t)), None];
    assert_eq!(contest(&tops, [0, 1, 2, 3], t, false), Some(0));
}

/// A pack order that deals these first-five cards (by seat), this upcard and this stock.
fn order(first_five: [&str; 4], upcard: &str, stock: &str, dealer: usize, clockwise: bool) -> Vec<Card> {
    let five: Vec<Vec<Card>> = first_five.iter().map(|h| parse_card_list(h).unwrap()).collect();
    let step = if clockwise { 1 } else { 3 };
    let turn: Vec<usize> = (1..=4).map(|k| (dealer + k * step) % 4).collect();
    let mut v = Vec::new();
    for (from, n) in [(0, 3), (3, 2)] {
        for &p in &turn {
            v.extend_from_slice(&five[p][from..from + n]);
        }
    }
    v.push(upcard.parse().unwrap());
    v.extend(parse_card_list(stock).unwrap());
    v
}

fn deal_of(items: &[&str], o: &[Card], dealer: usize) -> BeloteDeal {
    BeloteDeal::new(config(items), dealer, 0, o, 0)
}

const FIVES: [&str; 4] = ["JS 9S AS 7D 8D", "7C 8C 9C TC JC", "7H 8H 9H TH JH", "QC KC AC 9D TD"];
const STOCK: &str = "QH KH AH 7S 8S TS QS KS JD QD AD";

#[test]
fn bidding_rounds_taking_and_completing_the_deal() {
    let o = order(FIVES, "KD", STOCK, 3, true);
    let mut d = deal_of(&[], &o, 3);
    assert_eq!(d.hand(0), set(FIVES[0]));
    assert_eq!(d.to_act(), Some(0), "the dealer's left bids first");
    assert_eq!(legal(&d), vec!["pass", "take D"]);
    assert!(d
        .apply("take S".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("only take the upcard's suit"));
    for _ in 0..4 {
        apply(&mut d, "pass");
    }
    assert_eq!(d.step(), Step::SecondRound);
    assert_eq!(legal(&d), vec!["pass", "take C", "take H", "take S"]);
    assert!(d
        .apply("take D".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("other than the upcard"));
    apply(&mut d, "pass");
    apply(&mut d, "take S"); // seat 1 names spades
    assert_eq!(d.taker(), Some(1));
    assert_eq!(d.trump(), Some(Suit::Spades));
    // The taker got the upcard and two stock cards; the others three each, in turn from seat 0.
    assert_eq!(d.hand(0), set("JS 9S AS 7D 8D QH KH AH"));
    assert_eq!(d.hand(1), set("7C 8C 9C TC JC KD 7S 8S"));
    assert_eq!(d.hand(2), set("7H 8H 9H TH JH TS QS KS"));
    assert_eq!(d.hand(3), set("QC KC AC 9D TD JD QD AD"));
    assert_eq!(d.step(), Step::Playing);
    assert_eq!(d.to_act(), Some(0), "the dealer's left leads");
    // Declarations were made automatically: seat 0 has no run (JS 9S AS), seat 1 a run of five
    // clubs (100), seat 2 a run of five hearts (100), seat 3 QC KC AC (20) and QD... JD QD: no.
    // Clubs and hearts runs: 7-J both; spades trump but neither is trump: the first in order
    // (seat 1) wins; team 1 (seats 1 and 3) scores 100 + 20.
    let v = d.view(2);
    assert_eq!(v.declaration_winner, Some(1));
    assert_eq!(v.declarations.iter().map(|s| s.seat).collect::<Vec<_>>(), vec![1, 3]);
}

#[test]
fn everyone_passing_twice_throws_the_cards_in() {
    let o = order(FIVES, "KD", STOCK, 0, true);
    let mut m = {
        let mut setup = MatchSetup::new(4, Variants::defaults(Belote::info().variants), 3);
        setup.deck = Some(o);
        Match::<Belote>::new(setup).unwrap()
    };
    for _ in 0..8 {
        m.apply_text("pass").unwrap();
    }
    assert_eq!(m.deals_completed(), 1);
    assert_eq!(m.deals_thrown_in(), 1);
    assert_eq!(m.deal_deltas()[0], vec![0, 0, 0, 0]);
    assert_eq!(m.dealer(), 1, "the deal passes to the left");
}

#[test]
fn a_thrown_in_deal_is_told_plainly_with_the_next_dealer() {
    let o = order(FIVES, "KD", STOCK, 0, true);
    let mut d = deal_of(&[], &o, 0);
    for _ in 0..7 {
        apply(&mut d, "pass");
    }
    assert!(!d.thrown_in());
    let said = testkit::apply_told(&mut d, BeloteAction::Pass);
    assert!(d.thrown_in());
    assert_eq!(
        testkit::read(&said, engine::Viewer::Seat(1)),
        [
            "Seat 0 passes.",
            "Everyone passed in both rounds: the cards are thrown in, nobody scores, and the deal passes to you."
        ]
    );
    // A deal with a taker is not thrown in.
    let mut d = deal_of(&[], &o, 0);
    apply(&mut d, "take D");
    assert!(!d.thrown_in());
}

/// The rule bot's bid for the seat to act in `d`.
fn rule_choice(d: &BeloteDeal) -> BeloteAction {
    testkit::choice_of(&mut RuleBot, d, 4, 1)
}

#[test]
fn the_rule_bot_takes_on_its_estimate() {
    // Seat 1 (first to speak) holds the jack, nine and ace of spades; the upcard is a spade.
    let fives = ["7C 8C 9C TC QD", "JS 9S AS AH 7D", "7H 8H 9H TH JH", "QC KC AC 9D TD"];
    let stock = "QH KH JC 7S 8S TS QS KD JD 8D AD";
    let o = order(fives, "KS", stock, 0, true);
    let d = deal_of(&[], &o, 0);
    assert_eq!(d.to_act(), Some(1));
    let view = d.view(1);
    let strong = take_estimate(&view, Suit::Spades);
    assert!(strong > 0.0, "{strong}");
    assert_eq!(rule_choice(&d), BeloteAction::Take(Suit::Spades));
    // Seat 2, with no spade but the upcard and no ace, passes after seat 1 passes.
    let mut d = d;
    apply(&mut d, "pass");
    assert!(take_estimate(&d.view(2), Suit::Spades) < 0.0);
    assert_eq!(rule_choice(&d), BeloteAction::Pass);
    // Each honour in trump adds to the estimate: the jack most of all.
    let value = |hand: &str| {
        let view = BeloteView {
            hand: set(hand),
            ..d.view(2)
        };
        take_estimate(&view, Suit::Spades)
    };
    assert!(value("JS 7D 8D 9H TH") > value("8S 7D 8D 9H TH"));
    assert!(value("JS 7D 8D 9H TH") - value("8S 7D 8D 9H TH") > value("AS 7D 8D 9H TH") - value("8S 7D 8D 9H TH"));
}

#[test]
fn counter_clockwise_turns_go_right() {
    let o = order(FIVES, "KD", STOCK, 0, false);
    let mut d = deal_of(&["direction=counter-clockwise"], &o, 0);
    assert_eq!(d.to_act(), Some(3), "the dealer's right bids first");
    assert_eq!(d.hand(0), set(FIVES[0]));
    apply(&mut d, "pass");
    assert_eq!(d.to_act(), Some(2));
    let out = {
        let mut dd = d.clone();
        for _ in 0..7 {
            apply(&mut dd, "pass");
        }
        dd.outcome().unwrap()
    };
    assert_eq!(out.next_dealer, Some(3));
}

#[test]
fn belote_is_announced_and_scored_for_its_holder() {
    // Spades trump; seat 0 holds KS QS. It plays both; the view shows belote then rebelote.
    let o = order(
        ["KS QS 7C 8C 9C", "7D 8D 9D TD JD", "7H 8H 9H TH JH", "QC KC AC QD KD"],
        "AS",
        "TC JC JS 9S QH KH AH 7S 8S TS AD",
        3,
        true,
    );
    let mut d = deal_of(&[], &o, 3);
    apply(&mut d, "take S");
    assert_eq!(
        d.hand(0),
        set("KS QS 7C 8C 9C AS TC JC"),
        "taker: the upcard and two cards"
    );
    let mut rng = GameRng::from_seed(1);
    let mut announced_once = false;
    while d.to_act().is_some() {
        let v = d.view(2);
        if let Some(b) = v.belote {
            assert_eq!(b.seat, 0);
            if !b.rebelote {
                announced_once = true;
                // The other card is known to be in seat 0's hand in every sampled world.
                let pair = set("KS QS") - v.played;
                for _ in 0..20 {
                    let w = d.sample_world(2, &mut rng);
                    assert!(pair - w.hand(0) == CardSet::EMPTY);
                }
            }
        }
        let mut l = Vec::new();
        d.legal_actions(&mut l);
        d.apply(l[rng.index(l.len())]).unwrap();
    }
    assert!(announced_once);
    let r = d.result().unwrap();
    // Team 0 scores belote whatever happens.
    assert!(r.scores[0] >= 20, "{r:?}");
}

#[test]
fn declarations_only_mode_and_none() {
    let o = order(FIVES, "KD", STOCK, 3, true);
    for (mode, winner) in [
        ("declarations_mode=belote-only", None),
        ("declarations_mode=none", None),
        ("declarations_mode=full", Some(1)),
    ] {
        let mut d = deal_of(&[mode], &o, 3);
        apply(&mut d, "pass");
        apply(&mut d, "take D");
        assert_eq!(d.view(0).declaration_winner, winner, "{mode}");
    }
}

#[test]
fn manual_declaring_asks_each_player_in_turn() {
    // Seat 0 ends with JS 9S AS 7D 8D QH 7S AH: nothing to declare.
    let o = order(FIVES, "KD", "QH 7S AH 8S TS KH QS KS JD QD AD", 3, true);
    let mut d = deal_of(&["auto_declare=false"], &o, 3);
    for _ in 0..5 {
        apply(&mut d, "pass");
    }
    apply(&mut d, "take S");
    assert_eq!(d.step(), Step::Declaring);
    assert_eq!(d.to_act(), Some(0));
    assert_eq!(legal(&d), vec!["skip"], "seat 0 has nothing to declare");
    assert!(d
        .apply(BeloteAction::Declare)
        .unwrap_err()
        .reason()
        .contains("nothing to declare"));
    apply(&mut d, "skip");
    assert_eq!(legal(&d), vec!["declare", "skip"]);
    apply(&mut d, "skip"); // seat 1 keeps its run of five to itself
    apply(&mut d, "declare"); // seat 2's run of five
                              // Declarations are not shown until everyone has spoken.
    assert!(d.view(0).declarations.is_empty());
    apply(&mut d, "declare"); // seat 3's tierce
    assert_eq!(d.step(), Step::Playing);
    assert_eq!(d.view(0).declaration_winner, Some(2));
}

#[test]
fn match_end_and_simultaneous_target() {
    let g = Belote::new(4, &Variants::defaults(Belote::info().variants)).unwrap();
    assert!(!g.match_over(&[990, 500, 990, 500], 5));
    assert!(g.match_over(&[1000, 500, 1000, 500], 5));
    assert_eq!(g.winners(&[1000, 500, 1000, 500]), vec![0, 2]);
    assert_eq!(
        g.winners(&[1010, 1100, 1010, 1100]),
        vec![0, 1, 2, 3],
        "both past 1000: a tie"
    );
    let h = Belote::new(
        4,
        &Variants::parse(Belote::info().variants, &["simultaneous_target=higher-wins"]).unwrap(),
    )
    .unwrap();
    assert_eq!(h.winners(&[1010, 1100, 1010, 1100]), vec![1, 3]);
}

#[test]
fn litige_points_go_to_the_next_hands_winners() {
    let v = Variants::parse(Belote::info().variants, &["tie_rule=litige"]).unwrap();
    let game = Belote::new(4, &v).unwrap();
    let mut rng = GameRng::from_seed(4);
    let mut legal = Vec::new();
    let mut play_out = |d: &mut BeloteDeal, rng: &mut GameRng| {
        while d.to_act().is_some() {
            d.legal_actions(&mut legal);
            d.apply(legal[rng.index(legal.len())]).unwrap();
        }
    };
    let ctx = |n| engine::DealContext {
        players: 4,
        dealer: 0,
        deal_number: n,
        scripted: false,
    };
    let mut checked = 0;
    for n in 0..20_000 {
        let mut order = cards::DeckSpec::Piquet32.cards();
        rng.shuffle(&mut order);
        let mut d = game.start_deal(ctx(n), &order, None, &mut rng);
        play_out(&mut d, &mut rng);
        let Some(r) = d.result().filter(|r| r.litige) else {
            continue;
        };
        assert_eq!(d.suspended_after(), r.suspended);
        assert_eq!(
            d.deltas()[d.taker().unwrap() % 2],
            r.scores[d.taker().unwrap() % 2],
            "takers keep only belote"
        );
        // The next hands carry the suspense until one is won outright.
        let mut prev = d;
        loop {
            rng.shuffle(&mut order);
            let mut next = game.start_deal(ctx(n + 1), &order, Some(&prev), &mut rng);
            play_out(&mut next, &mut rng);
            match next.result() {
                None => assert_eq!(next.suspended_after(), prev.suspended_after(), "a throw-in carries it"),
                Some(r) if r.litige => assert_eq!(next.suspended_after(), prev.suspended_after() + r.suspended),
                Some(r) => {
                    let taker_team = next.taker().unwrap() % 2;
                    let winners = if r.made { taker_team } else { 1 - taker_team };
                    assert_eq!(next.deltas()[winners], r.scores[winners] + prev.suspended_after());
                    assert_eq!(next.deltas()[1 - winners], r.scores[1 - winners]);
                    assert_eq!(next.suspended_after(), 0);
                    break;
                }
            }
            prev = next;
        }
        checked += 1;
        if checked == 5 {
            return;
        }
    }
    panic!("only {checked} litiges in 20000 random hands");
}

#[test]
fn views_show_only_what_a_seat_may_see() {
    let mut rng = GameRng::from_seed(6);
    let mut legal = Vec::new();
    for seed in 0..40 {
        let mut m =
            Match::<Belote>::new(MatchSetup::new(4, Variants::defaults(Belote::info().variants), seed)).unwrap();
        while m.deals_completed() == 0 {
            let d = m.deal();
            for s in 0..4 {
                let v = d.view(s);
                let revealed = v.declarations.iter().fold(CardSet::EMPTY, |a, sd| {
                    a | sd.declarations.iter().fold(CardSet::EMPTY, |b, x| b | x.cards)
                });
                let allowed = v.hand | v.played | CardSet::single(v.upcard) | revealed;
                let shown = cards_shown(&m.view_json(s));
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn no_shuffle_gathers_the_tricks_and_cuts() {
    let v = Variants::parse(Belote::info().variants, &["no_shuffle_between_hands=true"]).unwrap();
    let game = Belote::new(4, &v).unwrap();
    let mut rng = GameRng::from_seed(1);
    let ctx = engine::DealContext {
        players: 4,
        dealer: 0,
        deal_number: 0,
        scripted: false,
    };
    let mut legal = Vec::new();
    let mut done = 0;
    while done < 20 {
        let mut order = cards::DeckSpec::Piquet32.cards();
        rng.shuffle(&mut order);
        let mut d = game.start_deal(ctx, &order, None, &mut rng);
        let mut played = Vec::new();
        while d.to_act().is_some() {
            d.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            if let BeloteAction::Play(c) = a {
                played.push(c);
            }
            d.apply(a).unwrap();
        }
        let next = game
            .next_order(&d, &mut rng)
            .expect("no shuffle: the game supplies the pack");
        let gathered = if played.len() == 32 { played } else { d.gathered() };
        assert_eq!(gathered.iter().copied().collect::<CardSet>().len(), 32);
        assert!((0..32).any(|k| {
            let mut r = gathered.clone();
            r.rotate_left(k);
            r == next
        }));
        done += 1;
    }
    let shuffled = Belote::new(4, &Variants::defaults(Belote::info().variants)).unwrap();
    let d = shuffled.start_deal(ctx, &cards::DeckSpec::Piquet32.cards(), None, &mut rng);
    assert!(shuffled.next_order(&d, &mut rng).is_none());
}

fn conformance(items: &[&str], matches: usize, seed: u64) -> testkit::Report {
    let r = run::<Belote>(&Conformance::new(4, matches).variants(items).seed(seed));
    assert!(r.deals >= 1_000, "{r:?}");
    r
}

#[test]
fn conformance_default() {
    conformance(&[], 150, 100);
}

#[test]
fn conformance_traditional_french() {
    conformance(
        &[
            "direction=counter-clockwise",
            "tie_rule=litige",
            "overtrump_on_trump_lead_when_partner_wins=true",
            "no_shuffle_between_hands=true",
            "rounding=half-up",
            "capot_value=250",
        ],
        150,
        200,
    );
}

#[test]
fn conformance_other_flags() {
    conformance(
        &[
            "auto_declare=false",
            "card_in_multiple_declarations=true",
            "equal_declaration_tie=neither-scores",
            "contract_basis=tricks-only",
            "simultaneous_target=higher-wins",
            "rounding=off",
        ],
        150,
        300,
    );
    conformance(&["declarations_mode=belote-only", "target=501"], 250, 400);
    conformance(&["declarations_mode=none", "target=501"], 250, 500);
}

#[test]
fn conformance_with_rule_bots() {
    let r = run::<Belote>(
        &Conformance::new(4, 120)
            .bots(&["rule", "random", "rule", "random"])
            .seed(600),
    );
    assert!(r.deals >= 800, "{r:?}");
}

/// Rule-bot partners against random partners, both seatings: the rule team wins most matches.
#[test]
fn rule_bots_beat_random_players() {
    let d = testkit::duel::<Belote>(4, &[], "rule", 60, |k, s| s % 2 == (k % 2) as usize);
    assert!(d.bot_wins * 100 >= d.matches * 85, "{d:?}");
}

/// Search bots clone states constantly: the state stays small and flat, the public order of
/// play (which `Deal::past_moves` replays for policy-based inference) included as a fixed
/// array of 32 bytes.
#[test]
fn state_is_small_and_flat() {
    let size = std::mem::size_of::<BeloteDeal>();
    assert!(size <= 344, "BeloteDeal is {size} bytes");
}
