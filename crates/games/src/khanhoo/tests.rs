use super::*;
use ::melds::{MeldRules, Solver};
use cards::{parse_card_list, Card, CardCounts, GameRng};
use engine::{Deal, Game, Present, Variants};
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

// KHA-X1: khanhoo 5 + court 4 + royal 3 + sequence 1 + triplet 2 = 15, plus 5 for going out.
#[test]
fn kx1_scoring_an_out_hand() {
    let hand = "AH 2S 3D KC 9H 9H JC QC KC 4S 5S 6S 5H 5S 5D";
    assert_eq!(value(hand, true), Some(15));
    assert_eq!(value(hand, false), Some(15));
}

// KHA-X2: the joker completes a khanhoo (5) or the court meld Q-clubs 8S 8S (4).
#[test]
fn kx2_the_joker() {
    assert_eq!(value("AH JK 3D", true), Some(5));
    assert_eq!(value("JK 8S 8S", true), Some(4));
}

// KHA-X3: 8H 8H 8D is no triplet; there are no club sequences; 8D 9D AD does not wrap.
#[test]
fn kx3_invalid_melds() {
    assert_eq!(value("8H 8H 8D", false), Some(0));
    assert_eq!(value("8D 9D AD", false), Some(0));
    assert_eq!(value("8H 8H 8D", true), None);
    assert_eq!(value("JC QC KC", true), Some(3), "clubs hold only the royal assembly");
}

// KHA-11: the player out scores the best complete arrangement, not the best partial one.
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

// KHA-X4: X discards 8S; Z (not next) bumps for a triplet (2); Y (next) challenges with a court
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

// KHA-X4, second case: Z bumps with the court meld (4), Y can only offer a sequence (1): Z takes
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
    // KHA-7: holding the whole court meld, a discarded joker may stand for one of its cards (here
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

/// Applies `action` (notation) to `d`, returning what each audience was told (the deal's own
/// narration and, if the hand ends, its breakdown).
fn act(d: &mut KhanhooDeal, action: &str) -> Vec<engine::Said> {
    testkit::apply_told(d, action.parse::<KhanhooAction>().unwrap())
}

/// The lines `viewer` reads, with seats named "seat N".
fn read(said: &[engine::Said], viewer: engine::Viewer) -> Vec<String> {
    testkit::read(said, viewer)
}

/// KHA-X1 as a whole hand: seat 1 opens by going out with the KHA-X1 melds (15) plus 5; seat 2 holds
/// a triplet (2) and a sequence (1); seat 0 a khanhoo made with the joker (5) and nothing else.
#[test]
fn going_out_and_the_count() {
    use engine::{HandScene, Viewer};
    let mut d = deal_with([
        "AH 3D JK 6H 6H 9S 9D 4S 4D 8H 8D 7S 2H AS 6S",
        "AH 2S 3D KC 9H 9H JC QC KC 4S 5S 6S 5H 5S 5D 8D",
        "7H 7S 7D 2H 3H 4H 9S 9D AS AD JC QC 6D 2D 8H",
    ]);
    let mut start = engine::Narration::new();
    d.narrate_start(&mut start);
    assert_eq!(
        read(&start.said, Viewer::Seat(1)),
        ["Fifteen cards each; you hold a sixteenth and open with a discard. 15 cards make the stock."]
    );
    let scene = d.scene(Viewer::Seat(1));
    assert_eq!(scene.title, "Khanhoo, hand 1: the opening discard");
    assert_eq!(
        scene.prompt,
        "Open the hand: discard a card. You can go out by discarding 8D: the rest of your hand melds completely."
    );
    assert_eq!(scene.seats[1].notes, ["melds in hand worth 15 points"]);
    // The others see the opener's sixteen cards face down, a spectator too.
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        let scene = d.scene(viewer);
        assert_eq!(scene.seats[1].hand, HandScene::Hidden { count: 16 });
        assert_eq!(scene.prompt, "Waiting for @1 to open the hand with a discard.");
    }
    let out = d.describe("out 8D".parse().unwrap());
    assert_eq!(
        (out.kind, out.label.as_str(), out.cards.clone()),
        (
            "out",
            "Discard the eight of diamonds (8D) and go out",
            parse_card_list("8D").unwrap()
        )
    );

    let said = act(&mut d, "out 8D");
    assert_eq!(
        read(&said, Viewer::Spectator),
        [
            "Seat 1 discards 8D and goes out.",
            "Seat 1 goes out with khanhoo AH 2S 3D (5 points), court meld 9H 9H KC (4 points), \
             royal assembly JC QC KC (3 points), triplet 5S 5H 5D (2 points), sequence 4S 5S 6S (1 point): \
             15 in melds + 5 for going out = 20.",
            "Seat 2 scores 3 for triplet 7S 7H 7D (2 points), sequence 2H 3H 4H (1 point); 9 cards in no meld.",
            "Seat 0 scores 5 for khanhoo AH 3D JK (5 points); 12 cards in no meld.",
        ]
    );
    assert_eq!(d.scores(), [5, 20, 3]);
    let scene = d.scene(Viewer::Spectator);
    assert_eq!(scene.seats[1].status.as_deref(), Some("out"));
    assert!(
        matches!(scene.seats[0].hand, HandScene::Shown { .. }),
        "the hands are laid down"
    );
    assert_eq!(scene.seats[0].groups[0].label, "Meld: khanhoo, 5 points");
    assert_eq!(scene.seats[0].groups[1].label, "In no meld");
    assert_eq!(scene.deal_scores.unwrap().values, [5, 20, 3]);
}

/// KHA-X4 told: Z (seat 0) bumps X's 8S for a triplet, Y (seat 2) challenges with a court meld and
/// keeps it; then a draw from the stock, named to the drawer alone.
#[test]
fn bump_and_challenge_told() {
    use engine::Viewer;
    let mut d = deal_with(["8H 8D", "8S", "QC 8S"]);
    assert_eq!(
        read(&act(&mut d, "discard 8S"), Viewer::Spectator),
        ["Seat 1 opens the hand by discarding 8S."]
    );
    assert_eq!(
        d.scene(Viewer::Seat(0)).prompt,
        "Bump the 8S that @1 discarded, for a meld other than a sequence made with your own cards, or pass."
    );
    let bump = d.describe("bump 8H 8D 8S".parse().unwrap());
    assert_eq!(
        (bump.kind, bump.label.as_str(), bump.cards.clone()),
        (
            "bump",
            "Bump the 8S for a triplet (2 points) with your 8H 8D",
            parse_card_list("8H 8D").unwrap()
        )
    );
    let said = act(&mut d, "bump 8H 8D 8S");
    assert_eq!(
        read(&said, Viewer::Seat(2)),
        [
            "Seat 0 bumps the 8S for a triplet (2 points): 8S 8H 8D.",
            "Seat 0's bump for a triplet (2 points) stands unless you challenge it.",
        ]
    );
    let scene = d.scene(Viewer::Seat(2));
    assert_eq!(
        scene.prompt,
        "The 8S you were next to draw is bumped by @0 for a triplet (2 points). Challenge with a meld of yours that uses it, worth 2 points or more, to keep it; or accept."
    );
    assert_eq!(
        scene.seats[0].status.as_deref(),
        Some("bumping for a triplet (2 points)")
    );
    assert_eq!(scene.seats[2].marks, ["next to draw"]);
    let challenge = d.describe("challenge QC 8S 8S".parse().unwrap());
    assert_eq!(
        (challenge.kind, challenge.label.as_str(), challenge.cards.clone()),
        (
            "challenge",
            "Challenge with a court meld (4 points) using your 8S QC (enough to keep the 8S)",
            parse_card_list("8S QC").unwrap()
        )
    );
    assert_eq!(
        read(&act(&mut d, "challenge QC 8S 8S"), Viewer::Seat(0)),
        [
            "Seat 2 challenges with a court meld (4 points), worth more than your triplet (2 points): \
          seat 2 keeps the 8S as their draw and lays 8S 8S QC face up."
        ]
    );
    assert_eq!(
        d.scene(Viewer::Spectator).seats[2].groups[0].label,
        "Laid face up: court meld, 4 points"
    );
    let thrown = d.hand(2).iter().next().unwrap().0;
    let discard = act(&mut d, &format!("discard {thrown}"));
    assert_eq!(read(&discard, Viewer::Seat(1)), [format!("Seat 2 discards {thrown}.")]);
    act(&mut d, "pass");
    let before = d.hand(0).clone();
    let drawn = act(&mut d, "stock");
    let card = d.hand(0).iter().find(|&(c, k)| k > before.count(c)).unwrap().0;
    assert_eq!(
        read(&drawn, Viewer::Seat(0)),
        [format!("You draw {card} from the stock.")]
    );
    assert_eq!(read(&drawn, Viewer::Seat(1)), ["Seat 0 draws a card from the stock."]);
    assert_eq!(read(&drawn, Viewer::Spectator), ["Seat 0 draws a card from the stock."]);
}

/// A bump with the joker standing in for a card the claimant holds: the label and the cards
/// name what leaves the hand (QC and the joker; the claimant's own 8S stays).
#[test]
fn a_joker_bump_described() {
    let mut d = deal_with(["QC 8S JK", "8S", ""]);
    d.apply("discard 8S".parse().unwrap()).unwrap();
    let b = d.describe("bump QC 8S JK".parse().unwrap());
    assert_eq!(b.label, "Bump the 8S for a court meld (4 points) with your QC JK");
    assert_eq!(b.cards, parse_card_list("QC JK").unwrap());
    let pass = d.describe(KhanhooAction::Pass);
    assert_eq!((pass.kind, pass.label.as_str()), ("pass", "Pass: let the 8S go"));
}

/// KHA-3: `max_turns=auto` allows fifteen discards per player; a number is taken as given, and
/// too few discards are refused.
#[test]
fn k3_the_discard_limit_by_table_size() {
    for (players, limit) in [(2, 30), (3, 45), (4, 60)] {
        let v = Variants::defaults(Khanhoo::info().variants);
        assert_eq!(Khanhoo::new(players, &v).unwrap().config.max_turns, limit);
        let v = Variants::parse(Khanhoo::info().variants, &["max_turns=200"]).unwrap();
        assert_eq!(Khanhoo::new(players, &v).unwrap().config.max_turns, 200);
    }
    assert!(Variants::parse(Khanhoo::info().variants, &["max_turns=9"]).is_err());
    assert!(Variants::parse(Khanhoo::info().variants, &["max_turns=lots"]).is_err());
    assert!(
        Khanhoo::new(2, &Variants::defaults(Khanhoo::info().variants))
            .unwrap()
            .config
            .stalemate_scores
    );
}

/// A two-player hand that reaches the limit: seat 1 opens with 8D and the 8D goes back and forth
/// (each player takes it and throws it again), so the hands never change and nobody goes out.
fn stalemate_after_ten(flags: &[&str]) -> KhanhooDeal {
    // Seat 1 (sixteen): khanhoo AH 2S 3D (5), court KC 9H 9H (4), sequence 4S 5S 6S (1), and
    // 7H 9S 2D 6D QC 4H, which meld with nothing; the 8D is thrown.
    let one = parse_card_list("AH 2S 3D KC 9H 9H 4S 5S 6S 7H 9S 2D 6D QC 4H 8D").unwrap();
    // Seat 0: triplet 3H 3S 3D (2), sequence 5H 6H 7H (1), royal JC QC KC (3), and
    // 9D 2H 8S AD 4D 9S, which meld with nothing.
    let zero = parse_card_list("3H 3S 3D 5H 6H 7H JC QC KC 9D 2H 8S AD 4D 9S").unwrap();
    let mut order: Vec<Card> = (0..15).flat_map(|i| [one[i], zero[i]]).collect();
    order.push(one[15]);
    let mut stock = cards::DeckSpec::Khanhoo61.counts();
    for &c in &order {
        assert!(stock.remove(c), "{c} is used too often");
    }
    order.extend(stock.to_vec());
    let mut all = vec!["max_turns=10"];
    all.extend_from_slice(flags);
    let v = Variants::parse(Khanhoo::info().variants, &all).unwrap();
    let mut d = KhanhooDeal::new(Khanhoo::new(2, &v).unwrap().config, 2, 0, 0, &order, 1);
    d.apply("discard 8D".parse().unwrap()).unwrap();
    for _ in 0..9 {
        assert!(!d.is_stalemate());
        d.apply(KhanhooAction::Take).unwrap();
        d.apply("discard 8D".parse().unwrap()).unwrap();
    }
    d
}

/// KHA-3 worked by hand: after ten discards nobody is out; seat 0 scores its royal (3),
/// triplet (2) and sequence (1) = 6, seat 1 its khanhoo (5), court meld (4) and sequence (1) =
/// 10, and nobody gets the 5 for going out. With `stalemate=void` nobody scores.
#[test]
fn k3_a_stalemate_scores_the_hands_as_they_stand() {
    use engine::Viewer;
    let d = stalemate_after_ten(&[]);
    assert!(d.is_stalemate() && !d.is_void() && d.went_out().is_none());
    assert_eq!(d.turns(), 10);
    assert_eq!(d.to_act(), None);
    assert_eq!(d.scores(), [6, 10]);
    assert_eq!(d.outcome().unwrap(), engine::DealOutcome::new(vec![6, 10]));
    let scene = d.scene(Viewer::Spectator);
    assert_eq!(scene.title, "Khanhoo, hand 1: stalemate");
    let mut told = engine::Narration::new();
    d.narrate_end(&mut told);
    assert_eq!(
        read(&told.said, Viewer::Spectator)[0],
        "Nobody went out within 10 discards: a stalemate, and every hand scores as it stands."
    );

    let void = stalemate_after_ten(&["stalemate=void"]);
    assert!(void.is_stalemate() && void.is_void());
    assert_eq!(void.outcome().unwrap(), engine::DealOutcome::new(vec![0, 0]));
}

/// KHA-3 as a property: whatever the players do, every hand ends by going out or at the discard
/// limit (never later), at every table size, with random players and with both bot levels, and a
/// stalemate scores each player's frozen melds plus the best arrangement of the hand.
#[test]
fn k3_every_hand_ends_within_the_limit() {
    use engine::{Decision, Match, MatchSetup};
    for players in [2, 3, 4] {
        for (b, bot) in ["random", "medium", "hard"].iter().enumerate() {
            let seeds = if *bot == "random" { 0..6 } else { 0..2 };
            for seed in seeds {
                let v = Variants::defaults(Khanhoo::info().variants);
                let mut setup = MatchSetup::new(players, v, seed * 10 + b as u64);
                setup.deal_limit = Some(3);
                let mut m = Match::<Khanhoo>::new(setup).unwrap();
                let limit = m.game().config.max_turns;
                assert_eq!(limit, 15 * players as u32);
                let mut bots: Vec<_> = (0..players).map(|_| bots::make_bot(m.game(), bot).unwrap()).collect();
                let mut rng = GameRng::from_seed(seed);
                let mut legal = Vec::new();
                let mut actions_this_hand = 0;
                while !m.is_over() {
                    m.legal_actions(&mut legal);
                    let seat = m.deal().to_act().unwrap();
                    let a = bots[seat].choose(&Decision::new(m.deal(), &legal, m.totals()).unwrap(), &mut rng);
                    let mut after = m.deal().clone();
                    after.apply(a).unwrap();
                    actions_this_hand += 1;
                    assert!(after.turns() <= limit, "{players} players, {bot}: past the limit");
                    // A discard takes at most a draw, a bump window and a challenge besides.
                    assert!(actions_this_hand <= 1 + limit * (players as u32 + 2));
                    if after.to_act().is_none() {
                        assert!(after.went_out().is_some() || (after.is_stalemate() && after.turns() == limit));
                        if after.is_stalemate() {
                            for s in 0..players {
                                let frozen: i64 = after.view(s).frozen[s].iter().map(|f| f.value as i64).sum();
                                let hand = hand_value(&after.cfg, after.hand(s), false).unwrap();
                                assert_eq!(after.scores()[s], frozen + hand);
                            }
                        }
                        actions_this_hand = 0;
                    }
                    m.apply(a).unwrap();
                }
            }
        }
    }
}
