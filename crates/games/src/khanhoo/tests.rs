use super::*;
use ::melds::{MeldRules, Solver};
use cards::{parse_card_list, Card, CardCounts, GameRng};
use engine::{Deal, Game, Variants};
use testkit::{run, Conformance};

fn cfg(items: &[&str]) -> KhanhooConfig {
    Khanhoo::new(3, &Variants::parse(Khanhoo::info().variants, items).unwrap())
        .unwrap()
        .config
}

fn counts(t: &str) -> CardCounts {
    parse_card_list(t).unwrap().into_iter().collect()
}

fn value(t: &str, complete: bool) -> Option<i64> {
    hand_value(&cfg(&[]), &counts(t), complete)
}

// KX1: khanhoo 5 + court 4 + royal 3 + sequence 1 + triplet 2 = 15, plus 5 for going out.
#[test]
fn kx1_scoring_an_out_hand() {
    let hand = "AH 2S 3D KC 9H 9H JC QC KC 4S 5S 6S 5H 5S 5D";
    assert_eq!(value(hand, true), Some(15));
    assert_eq!(value(hand, false), Some(15));
}

// KX2: the joker completes a khanhoo (5) or the court meld Q-clubs 8S 8S (4).
#[test]
fn kx2_the_joker() {
    assert_eq!(value("AH JK 3D", true), Some(5));
    assert_eq!(value("JK 8S 8S", true), Some(4));
}

// KX3: 8H 8H 8D is no triplet; there are no club sequences; 8D 9D AD does not wrap.
#[test]
fn kx3_invalid_melds() {
    assert_eq!(value("8H 8H 8D", false), Some(0));
    assert_eq!(value("8D 9D AD", false), Some(0));
    assert_eq!(value("8H 8H 8D", true), None);
    assert_eq!(value("JC QC KC", true), Some(3), "clubs hold only the royal assembly");
}

// K11: the player out scores the best complete arrangement, not the best partial one.
#[test]
fn k11_complete_arrangements_for_the_player_out() {
    let hand = "AH 2H 3H 2S 3S 4S 3D 4D 5D";
    assert_eq!(
        value(hand, false),
        Some(5),
        "a khanhoo (AH 2S 3D) beats three sequences"
    );
    assert_eq!(
        value(hand, true),
        Some(3),
        "but only the three sequences cover every card"
    );
}

#[test]
fn doubles_and_variant_flags() {
    assert_eq!(value("AH AH AS AS AD AD", false), Some(10));
    assert_eq!(value("AH AH 2S 2S 3D 3D", false), Some(15));
    assert_eq!(value("JC JC QC QC KC KC", false), Some(10));
    assert_eq!(value("7H 7H 7S 7S 7D 7D", false), Some(10));
    // Four aces: no meld of four by default; with 3-5 they count 1 together.
    assert_eq!(value("AH AS AD AH", true), None);
    assert_eq!(
        hand_value(&cfg(&["aces_meld_sizes=3-5"]), &counts("AH AS AD AH"), true),
        Some(1)
    );
    // Aces as a triplet only with the flag.
    assert_eq!(value("AH AS AD", false), Some(1));
    assert_eq!(
        hand_value(&cfg(&["aces_can_form_triplet=true"]), &counts("AH AS AD"), false),
        Some(2)
    );
}

/// Independent brute force over every meld the hand can make (joker included as any card).
fn brute_force(hand: &[Card], joker: u8, rules: &KhanhooMelds) -> Option<i32> {
    // Every template containing some card of the hand, with the joker filling at most one gap.
    let mut melds: Vec<(Vec<usize>, u8, i32)> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for &c in hand {
        rules.templates(c, true, |_, cards, value| {
            let mut key: Vec<Card> = cards.to_vec();
            key.sort();
            if !seen.insert((key.clone(), value)) {
                return;
            }
            // Try every way of taking these cards from the hand (copies are interchangeable, so
            // use the first free copies) with up to `joker` missing.
            let mut used: Vec<usize> = Vec::new();
            let mut missing = 0;
            for &x in &key {
                match (0..hand.len()).find(|&i| hand[i] == x && !used.contains(&i)) {
                    Some(i) => used.push(i),
                    None => missing += 1,
                }
            }
            if missing <= joker {
                melds.push((used.clone(), missing, value));
                // The joker may also replace a card that is held (the card then stays free).
                if joker > 0 && missing == 0 {
                    for skip in 0..used.len() {
                        let mut u = used.clone();
                        u.remove(skip);
                        melds.push((u, 1, value));
                    }
                }
            }
        });
    }
    fn go(m: &[(Vec<usize>, u8, i32)], from: usize, used: u32, joker: u8, n: usize, complete: bool) -> Option<i32> {
        let all_used = used.count_ones() as usize == n && joker == 0;
        let mut best = if !complete || all_used { Some(0) } else { None };
        for k in from..m.len() {
            let (idx, need, v) = &m[k];
            if *need <= joker && idx.iter().all(|&i| used & 1 << i == 0) {
                let u = idx.iter().fold(used, |u, &i| u | 1 << i);
                if let Some(rest) = go(m, k + 1, u, joker - need, n, complete) {
                    best = Some(best.map_or(rest + v, |b: i32| b.max(rest + v)));
                }
            }
        }
        best
    }
    go(&melds, 0, 0, joker, hand.len(), rules.complete)
}

#[test]
fn solver_matches_brute_force_on_random_hands() {
    let mut rng = GameRng::from_seed(31);
    let mut solver = Solver::new();
    let pack = cards::DeckSpec::Khanhoo61.cards();
    for i in 0..1200 {
        let mut order = pack.clone();
        rng.shuffle(&mut order);
        let size = 3 + i % 7;
        let hand = &order[..size];
        let naturals: Vec<Card> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
        let joker = (hand.len() - naturals.len()) as u8;
        for complete in [false, true] {
            let rules = KhanhooMelds {
                aces_exactly_three: i % 2 == 0,
                aces_can_form_triplet: i % 3 == 0,
                complete,
            };
            let got = solver.solve(&rules, &naturals, joker).map(|p| p.score);
            assert_eq!(
                got,
                brute_force(&naturals, joker, &rules),
                "{hand:?} complete={complete}"
            );
            let _ = rules.leave_out(naturals[0]);
        }
    }
}

/// A 3-player deal (seat 0 deals; seat 1 opens with 16 cards): each seat holds its key cards,
/// filled up from the rest of the pack in pack order.
fn deal_with(keys: [&str; 3]) -> KhanhooDeal {
    deal_with_flags(keys, &[])
}

fn deal_with_flags(keys: [&str; 3], flags: &[&str]) -> KhanhooDeal {
    let mut rest = cards::DeckSpec::Khanhoo61.counts();
    let mut hands: Vec<Vec<Card>> = keys
        .iter()
        .map(|k| {
            let cards = parse_card_list(k).unwrap();
            for &c in &cards {
                assert!(rest.remove(c), "{c} is used too often");
            }
            cards
        })
        .collect();
    let mut filler = rest.to_vec().into_iter().filter(|c| !c.is_joker());
    for (s, h) in hands.iter_mut().enumerate() {
        let size = if s == 1 { 16 } else { 15 };
        while h.len() < size {
            h.push(filler.next().expect("enough cards"));
        }
    }
    let order_of_play = [1, 2, 0];
    let mut order: Vec<Card> = (0..15).flat_map(|i| order_of_play.map(|s| hands[s][i])).collect();
    order.push(hands[1][15]);
    let used: CardCounts = order.iter().copied().collect();
    let mut stock = cards::DeckSpec::Khanhoo61.counts();
    for c in used.to_vec() {
        stock.remove(c);
    }
    order.extend(stock.to_vec());
    KhanhooDeal::new(cfg(flags), 3, 0, 0, &order, 1)
}

/// Three aces of three suits are both "aces" (1) and, with `aces_can_form_triplet`, a triplet
/// (2): a bump with them is worth the better.
#[test]
fn a_claim_matching_two_kinds_of_meld_is_worth_the_better() {
    let mut d = deal_with_flags(["AH AS", "AD", ""], &["aces_can_form_triplet=true"]);
    d.apply("discard AD".parse().unwrap()).unwrap();
    d.apply("bump AH AS AD".parse().unwrap()).unwrap();
    assert_eq!(d.view(1).claim.expect("a claim stands").value, 2);
}

// KX4: X discards 8S; Z (not next) bumps for a triplet (2); Y (next) challenges with a court
// meld (4): 4 >= 2, so Y keeps the card as its draw and lays Q-clubs 8S 8S face up.
#[test]
fn kx4_bump_and_challenge() {
    // Seats: Z = 0, X = 1 (opens), Y = 2 (entitled).
    let mut d = deal_with(["8H 8D", "8S", "QC 8S"]);
    assert_eq!(d.to_act(), Some(1));
    d.apply("discard 8S".parse().unwrap()).unwrap();
    assert_eq!((d.step(), d.to_act()), (Step::Bump, Some(0)), "only Z may bump");
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&"bump 8H 8D 8S".parse().unwrap()), "{legal:?}");
    d.apply("bump 8H 8D 8S".parse().unwrap()).unwrap();
    assert_eq!((d.step(), d.to_act()), (Step::Challenge, Some(2)));
    d.apply("challenge QC 8S 8S".parse().unwrap()).unwrap();
    assert_eq!(
        (d.step(), d.to_act()),
        (Step::Discard, Some(2)),
        "Y keeps the card as its draw"
    );
    assert_eq!(d.view(0).frozen[2].len(), 1, "and lays the court meld face up");
    assert_eq!(d.view(0).frozen[2][0].value, 4);
    assert!(d.view(0).frozen[0].is_empty());
}

// KX4, second case: Z bumps with the court meld (4), Y can only offer a sequence (1): Z takes
// the card, lays the meld face up, discards, and play continues at Z's left.
#[test]
fn a_bump_wins_over_a_weaker_challenge_and_play_skips_ahead() {
    let mut d = deal_with(["QC 8S", "8S", "7S 9S"]);
    d.apply("discard 8S".parse().unwrap()).unwrap();
    d.apply("bump QC 8S 8S".parse().unwrap()).unwrap();
    assert!(
        d.apply("bump 7S 8S 9S".parse().unwrap()).is_err(),
        "the window has closed"
    );
    d.apply("challenge 7S 8S 9S".parse().unwrap()).unwrap();
    assert_eq!(
        (d.step(), d.to_act()),
        (Step::Discard, Some(0)),
        "Z takes the card and discards"
    );
    assert_eq!(d.view(1).frozen[0][0].value, 4);
    let hand = d.hand(0).clone();
    let c = hand.iter().next().unwrap().0;
    d.apply(KhanhooAction::Discard(c)).unwrap();
    // Z (seat 0) discarded: the window now asks seat 2 (not X's turn any more: X is next).
    assert_eq!((d.step(), d.to_act()), (Step::Bump, Some(2)));
    d.apply(KhanhooAction::Pass).unwrap();
    assert_eq!(
        (d.step(), d.to_act()),
        (Step::Draw, Some(1)),
        "play continues at Z's left"
    );
}

#[test]
fn the_joker_in_claims() {
    // Z holds QC, 8S and the joker: it may bump 8S keeping its own 8S (the joker stands in).
    let mut d = deal_with(["QC 8S JK", "8S", ""]);
    d.apply("discard 8S".parse().unwrap()).unwrap();
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&"bump QC 8S 8S".parse().unwrap()));
    assert!(legal.contains(&"bump QC 8S JK".parse().unwrap()), "{legal:?}");
    // A discarded joker can be bumped too, standing for the missing card.
    let mut d = deal_with(["QC 8S", "JK", ""]);
    d.apply("discard JK".parse().unwrap()).unwrap();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&"bump QC 8S JK".parse().unwrap()), "{legal:?}");
    d.apply("bump QC 8S JK".parse().unwrap()).unwrap();
    // K7: holding the whole court meld, a discarded joker may stand for one of its cards (here
    // the second 8S, which stays in hand).
    let mut d = deal_with(["QC 8S 8S", "JK", ""]);
    d.apply("discard JK".parse().unwrap()).unwrap();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&"bump QC 8S JK".parse().unwrap()), "{legal:?}");
    assert!(
        legal.contains(&"bump 8S 8S JK".parse().unwrap()),
        "the joker as the QC: {legal:?}"
    );
    let before = d.hand(0).count("8S".parse().unwrap());
    d.apply("bump QC 8S JK".parse().unwrap()).unwrap();
    d.apply("accept".parse().unwrap()).unwrap();
    assert_eq!(
        d.hand(0).count("8S".parse().unwrap()),
        before - 1,
        "one 8S laid, one kept"
    );
}

#[test]
fn bumping_is_only_for_three_or_four_players_and_not_with_sequences() {
    let mut d = deal_with(["7S 9S", "8S", ""]);
    d.apply("discard 8S".parse().unwrap()).unwrap();
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(
        !legal.contains(&"bump 7S 8S 9S".parse().unwrap()),
        "a sequence cannot bump"
    );
    let e = d.apply("bump 7S 8S 9S".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("other than a sequence"), "{e}");
}

#[test]
fn conformance_each_table_size() {
    for players in [2, 3, 4] {
        let r = run::<Khanhoo>(
            &Conformance::new(players, 4)
                .seed(players as u64)
                .deal_limit(2)
                .variants(&["max_turns=60"]),
        );
        assert_eq!(r.deals, 8, "{r:?}");
    }
    run::<Khanhoo>(
        &Conformance::new(3, 3)
            .variants(&[
                "aces_meld_sizes=3-5",
                "aces_can_form_triplet=true",
                "challenger_must_expose=false",
                "tie_break=shared",
                "max_turns=40",
                "target=10",
            ])
            .seed(7),
    );
}

#[test]
fn conformance_with_rule_bots() {
    for players in [2, 3, 4] {
        run::<Khanhoo>(
            &Conformance::new(players, 2)
                .bots(&["rule", "random"])
                .seed(20 + players as u64)
                .deal_limit(2),
        );
        // Rule bots bump and challenge a lot: frozen melds pile up without ever leaving a player
        // unable to discard.
        run::<Khanhoo>(
            &Conformance::new(players, 2)
                .bots(&["rule"])
                .seed(30 + players as u64)
                .deal_limit(2),
        );
    }
}

#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<Khanhoo>(3, &["target=30"], "rule", 12, |k, s| s == (k % 3) as usize);
    assert!(
        d.bot_mean > 2.0 * d.random_mean && d.bot_wins * 100 >= d.matches * 75,
        "{d:?}"
    );
}
