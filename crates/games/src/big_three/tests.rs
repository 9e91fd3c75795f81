use super::*;
use cards::{parse_card_list, Card, CardSet, GameRng};
use engine::{Deal, Game, Match, MatchSetup, Present, Variants};
use testkit::{cards_shown, run, Conformance};

fn config(items: &[&str]) -> BigThreeConfig {
    BigThreeConfig::from_variants(&Variants::parse(BigThree::info().variants, items).unwrap())
}

fn combo(t: &str) -> Combo {
    t.parse().unwrap()
}

/// A pack dealing these hands (16 each, by seat) and widow; dealer 0, clockwise.
fn order_for(hands: [&str; 3], widow: &str) -> Vec<Card> {
    let h: Vec<Vec<Card>> = hands.iter().map(|t| parse_card_list(t).unwrap()).collect();
    let mut v: Vec<Card> = (0..48).map(|i| h[i % 3][i / 3]).collect();
    v.extend(parse_card_list(widow).unwrap());
    v
}

const HANDS: [&str; 3] = [
    "4H 4S 5H 5S 6H 6S 7H 7S 8H 8S 9H 9S TH TS JH JS",
    "QH QS KH KS AH AS 2H 2S 3H 3S 4C 5C 6C 7C 8C 9C",
    "TC JC QC KC AC 2C 3C 4D 5D 6D 7D 8D 9D TD JD QD",
];
const WIDOW: &str = "KD AD 2D 3D";

fn act(d: &mut BigThreeDeal, t: &str) {
    d.apply(t.parse().unwrap()).unwrap_or_else(|e| panic!("{t}: {e}"));
}

fn legal(d: &BigThreeDeal) -> Vec<String> {
    let mut v = Vec::new();
    d.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

// BIG-X1: A (holding the 4 of hearts) bids 1, B 2, C passes, A passes: B plays solo at 2 with the
// widow, and A leads.
#[test]
fn btx1_bidding() {
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
    assert_eq!(d.opener(), 0);
    assert_eq!(legal(&d), vec!["bid 1", "bid 2", "bid 3"], "the opener may not pass");
    assert!(d.apply(BigThreeAction::Pass).unwrap_err().reason().contains("must bid"));
    act(&mut d, "bid 1");
    act(&mut d, "bid 2");
    act(&mut d, "pass");
    act(&mut d, "pass");
    assert_eq!((d.solo(), d.bid()), (Some(1), 2));
    assert_eq!(d.hand(1).len(), 20, "the widow joined the solo hand");
    assert_eq!(d.to_act(), Some(0), "the opener leads");
    // A bid of 3 ends the bidding at once.
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
    act(&mut d, "bid 3");
    assert_eq!((d.solo(), d.step()), (Some(0), Step::Playing));
}

// BIG-X2: what may be played on what.
#[test]
fn btx2_legality() {
    assert!(combo("567").beats(&combo("456"), false) && combo("89T").beats(&combo("567"), false));
    assert!(!combo("9TJQ").beats(&combo("567"), false), "wrong length");
    for never in ["QKA", "A23", "KA2"] {
        assert!(!never.parse::<Combo>().unwrap().valid(3), "{never}");
    }
    assert!(combo("22").beats(&combo("AA"), false) && combo("33").beats(&combo("AA"), false));
    assert!(!combo("KK").beats(&combo("AA"), false) && !combo("AA").beats(&combo("AA"), false));
    assert!(combo("556677").beats(&combo("445566"), false));
    assert!(!combo("44556677").beats(&combo("445566"), false), "different length");
    assert!(
        !combo("555666777").beats(&combo("445566"), false),
        "a run of trips is another kind"
    );
    assert!("4445".parse::<Combo>().is_err());
    assert!("4468".parse::<Combo>().is_err(), "gaps are refused");
    assert_eq!(combo("10-10-J-J-Q-Q").to_string(), "TTJJQQ");
    assert!(!combo("4455").valid(3) && combo("4455").valid(2), "min_run_groups");
    // Quads as bombs.
    assert!(!combo("5555").beats(&combo("89T"), false) && combo("5555").beats(&combo("89T"), true));
    assert!(!combo("5555").beats(&combo("6666"), true));
}

/// Plays a hand with uniformly random legal actions.
fn play_out(d: &mut BigThreeDeal, rng: &mut GameRng) {
    let mut v = Vec::new();
    while d.to_act().is_some() {
        d.legal_actions(&mut v);
        d.apply(v[rng.index(v.len())]).unwrap();
    }
}

// BIG-X3: with a bid of 2, the solo player going out first wins 4 (2 from each); an opponent going
// out first makes the solo player pay 2 to each.
#[test]
fn btx3_payment() {
    let mut rng = GameRng::from_seed(3);
    let mut seen = [false; 2];
    let mut pack = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    for _ in 0..2000 {
        rng.shuffle(&mut pack);
        let mut d = BigThreeDeal::new(config(&[]), 0, 0, &pack);
        play_out(&mut d, &mut rng);
        let (solo, bid, winner) = (d.solo().unwrap(), d.bid() as i64, d.winner().unwrap());
        for s in 0..3 {
            let expected = match (s == solo, winner == solo) {
                (true, true) => 2 * bid,
                (true, false) => -2 * bid,
                (false, true) => -bid,
                (false, false) => bid,
            };
            assert_eq!(d.deltas()[s], expected);
        }
        assert!(d.hand(winner).is_empty());
        if bid == 2 {
            seen[(winner == solo) as usize] = true;
            if winner == solo {
                assert_eq!(d.deltas()[solo], 4);
            } else {
                assert_eq!(d.deltas()[solo], -4);
            }
        }
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn two_passes_give_a_free_lead_and_refusals_explain() {
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
    act(&mut d, "bid 3"); // seat 0 solo, leads
    assert!(d.apply(BigThreeAction::Pass).unwrap_err().reason().contains("you lead"));
    let e = d.apply("QQ".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("do not hold QQ"), "{e}");
    let e = d.apply("KA2".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("no A, 2 or 3"), "{e}");
    act(&mut d, "456");
    let e = d.apply("QQ".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("does not beat 456"), "{e}");
    act(&mut d, "pass");
    act(&mut d, "pass");
    assert_eq!(d.to_act(), Some(0));
    assert!(d.view(0).table.is_none(), "a free lead after two passes");
    act(&mut d, "77");
    assert_eq!(d.to_act(), Some(1));
}

#[test]
fn the_lowest_heart_opens_when_the_four_is_in_the_widow() {
    let hands = [
        "5H 4S 6H 5S 7H 6S 8H 7S 9H 8S TH 9S JH TS QH JS",
        "KH QS AH KS 2H AS 3H 2S 4C 3S 5C 6C 7C 8C 9C TC",
        "JC QC KC AC 2C 3C 4D 5D 6D 7D 8D 9D TD JD QD KD",
    ];
    let d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(hands, "4H AD 2D 3D"));
    assert_eq!(d.opener(), 0);
    assert_eq!(d.view(1).opening_heart.to_string(), "5H");
    let mut rng = GameRng::from_seed(1);
    for _ in 0..50 {
        let w = d.sample_world(1, &mut rng);
        assert!(
            !w.hand(2).contains("4H".parse().unwrap()),
            "the 4 of hearts is known to be in the widow"
        );
        assert!(w.hand(0).contains("5H".parse().unwrap()));
    }
}

#[test]
fn the_first_dealer_is_drawn_and_the_winner_deals_next() {
    let mut dealers = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let m =
            Match::<BigThree>::new(MatchSetup::new(3, Variants::defaults(BigThree::info().variants), seed)).unwrap();
        let draw = m.first_draw().expect("the first dealer is drawn");
        assert_eq!((m.dealer(), m.deal().view(0).dealer), (draw.dealer, draw.dealer));
        // BIG-2: the highest number card deals (ace 1, courts count nothing); a tie draws again,
        // so the dealer then holds one of the tied cards.
        let number = |c: Card| match c.face() {
            f @ 1..=10 => f,
            _ => 0,
        };
        let drawn: Vec<u8> = draw.first_cards.iter().map(|&c| number(c)).collect();
        let top = *drawn.iter().max().unwrap();
        assert_eq!(drawn[draw.dealer], top, "{:?}", draw.first_cards);
        if drawn.iter().filter(|&&n| n == top).count() == 1 {
            assert_eq!(drawn.iter().position(|&n| n == top), Some(draw.dealer));
        }
        dealers.insert(draw.dealer);
    }
    assert_eq!(dealers.len(), 3, "the draw varies the first dealer");
    let mut rng = GameRng::from_seed(5);
    let mut pack = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    for _ in 0..20 {
        rng.shuffle(&mut pack);
        let mut d = BigThreeDeal::new(config(&[]), 0, 0, &pack);
        play_out(&mut d, &mut rng);
        assert_eq!(d.outcome().unwrap().next_dealer, d.winner(), "the winner deals next");
    }
}

#[test]
fn bidding_variants() {
    let mut d = BigThreeDeal::new(config(&["bid_step=exactly-one"]), 0, 0, &order_for(HANDS, WIDOW));
    assert_eq!(legal(&d), vec!["bid 1"]);
    act(&mut d, "bid 1");
    assert_eq!(legal(&d), vec!["bid 2", "pass"]);
    // Passing is not final: two passes in a row end it, and a passer may come back.
    let mut d = BigThreeDeal::new(config(&["pass_is_final=false"]), 0, 0, &order_for(HANDS, WIDOW));
    act(&mut d, "bid 1");
    act(&mut d, "pass"); // seat 1
    act(&mut d, "bid 2"); // seat 2
    act(&mut d, "pass"); // seat 0
    assert_eq!(d.to_act(), Some(1));
    assert!(
        legal(&d).contains(&"bid 3".to_string()),
        "seat 1 passed before and may bid now"
    );
    act(&mut d, "pass");
    assert_eq!(d.solo(), Some(2));
    // Counter-clockwise: the next to bid is seat 2.
    let mut d = BigThreeDeal::new(config(&["direction=counter-clockwise"]), 0, 0, &order_for(HANDS, WIDOW));
    let opener = d.opener();
    act(&mut d, "bid 1");
    assert_eq!(d.to_act(), Some((opener + 2) % 3));
}

#[test]
fn views_hide_other_hands_and_the_widow() {
    let mut rng = GameRng::from_seed(2);
    let mut legal = Vec::new();
    for (seed, show) in (0..30).zip([false, true].iter().cycle()) {
        let v = Variants::parse(BigThree::info().variants, &[format!("show_widow={show}")]).unwrap();
        let mut m = Match::<BigThree>::new(MatchSetup::new(3, v, seed)).unwrap();
        while m.deals_completed() == 0 {
            let d = m.deal();
            for s in 0..3 {
                let view = d.view(s);
                // The draw for the first dealer is face up, from a pack of its own.
                let drawn: CardSet = m
                    .first_draw()
                    .map_or(CardSet::EMPTY, |d| d.first_cards.iter().copied().collect());
                let mut allowed = view.hand | view.played | CardSet::single(view.opening_heart) | drawn;
                if let Some(w) = view.widow {
                    allowed |= w;
                    assert!(*show || view.solo == Some(s));
                }
                let shown = cards_shown(&m.view_json(s));
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn conformance_default() {
    let r = run::<BigThree>(&Conformance::new(3, 150).seed(1));
    assert!(r.deals >= 1_500, "{r:?}");
}

#[test]
fn conformance_all_flags() {
    let r = run::<BigThree>(
        &Conformance::new(3, 100)
            .variants(&[
                "direction=counter-clockwise",
                "bid_step=exactly-one",
                "pass_is_final=false",
                "show_widow=true",
                "min_run_groups=2",
                "quads_are_bombs=true",
            ])
            .seed(2),
    );
    assert!(r.deals >= 1_000, "{r:?}");
}

#[test]
fn conformance_with_rule_bots() {
    let r = run::<BigThree>(&Conformance::new(3, 100).bots(&["rule", "random", "rule"]).seed(3));
    assert!(r.deals >= 1_000, "{r:?}");
}

/// The rule bot in each seat against two random players takes chips off them.
#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<BigThree>(3, &[], "rule", 90, |k, s| s == (k % 3) as usize);
    assert!(d.bot_mean > 0.0 && d.bot_wins * 100 >= d.matches * 60, "{d:?}");
}

#[test]
fn strength_follows_the_rank_order() {
    let order = "4 5 6 7 8 9 T J Q K A 2 3";
    for (i, letter) in order.split(' ').enumerate() {
        let rank = cards::Rank::ALL
            .into_iter()
            .find(|r| r.letter().to_string() == letter)
            .unwrap();
        assert_eq!(super::combo::strength(rank), i as u8, "{letter}");
    }
}

/// Every combination there is, in `Combo` order: the brute-force reference for generation.
fn every_combo() -> Vec<Combo> {
    use ComboKind::*;
    let mut all = Vec::new();
    for kind in [Single, Pair, Trips, Quads, Straight, Run2, Run3, Run4] {
        for groups in 1..=13 {
            for top in 0..13 {
                all.push(Combo { kind, groups, top });
            }
        }
    }
    all.sort();
    all
}

/// The generator (bit sets of ranks, emitted in order) against counting each combination's
/// cards in the hand, on random hands and every kind of combination to beat.
#[test]
fn generated_combinations_match_brute_force() {
    let all = every_combo();
    let mut rng = GameRng::from_seed(8);
    let mut pack = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    for round in 0..3_000 {
        rng.shuffle(&mut pack);
        let hand: CardSet = pack[..1 + rng.index(20)].iter().copied().collect();
        let count = |r: u8| {
            hand.iter()
                .filter(|c| super::combo::strength(c.rank().unwrap()) == r)
                .count() as u8
        };
        let (min_run_groups, bombs) = (2 + (round % 4) as u8, round % 2 == 1);
        let valid: Vec<Combo> = all.iter().copied().filter(|c| c.valid(min_run_groups)).collect();
        let held = |c: &Combo| c.ranks().all(|r| count(r) >= c.kind.group_size());
        let sets = RankSets::of(hand);
        for to_beat in std::iter::once(None).chain(valid.iter().step_by(7).map(Some)) {
            let expected: Vec<Combo> = valid
                .iter()
                .copied()
                .filter(|c| held(c) && to_beat.is_none_or(|t| c.beats(t, bombs)))
                .collect();
            let mut got = Vec::new();
            sets.combos(to_beat, min_run_groups, bombs, |c| got.push(c));
            assert_eq!(got, expected, "hand {hand:?}, to beat {to_beat:?}");
        }
        for c in &valid {
            assert_eq!(sets.holds(c), held(c), "{c} in {hand:?}");
            if held(c) {
                // The lowest suits of each rank (cards iterate in id order, suit by suit).
                let mut expected = CardSet::EMPTY;
                for r in c.top + 1 - c.groups..=c.top {
                    let of_rank = hand.iter().filter(|x| super::combo::strength(x.rank().unwrap()) == r);
                    expected |= of_rank.take(c.kind.group_size() as usize).collect();
                }
                assert_eq!(super::combo::take_cards(hand, c), expected, "{c} from {hand:?}");
            }
        }
    }
}

/// The table model: golden sentences, labels, prompts and the payment breakdown.
mod model {
    use super::*;
    use engine::{seat_name, HandScene, Narration, Viewer};

    /// What `viewer` is told when `action` is applied (and, if the hand ends, of its end).
    fn told(d: &mut BigThreeDeal, action: &str, viewer: Viewer) -> Vec<String> {
        testkit::read(&testkit::apply_told(d, action.parse().unwrap()), viewer)
    }

    fn lines(out: &Narration, viewer: Viewer) -> Vec<String> {
        testkit::read(&out.said, viewer)
    }

    fn prompt(d: &BigThreeDeal, viewer: Viewer) -> String {
        engine::render(&d.scene(viewer).prompt, None, viewer, &seat_name)
    }

    /// BIG-X1's bidding told: seat 0 opens with 1, seat 1 bids 2, seat 2 and seat 0 pass; seat 1
    /// takes the widow (seen by seat 1 only) and seat 0, the opener, leads.
    #[test]
    fn the_bidding_and_the_widow_are_told() {
        let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
        let mut start = Narration::new();
        d.narrate_start(&mut start);
        assert_eq!(
            lines(&start, Viewer::Spectator),
            ["Seat 0 holds the 4H and opens the bidding."]
        );
        assert_eq!(
            prompt(&d, Viewer::Seat(0)),
            "You hold the 4H and open the bidding: bid 1, 2 or 3 to play alone against the other two."
        );
        assert_eq!(
            d.describe(BigThreeAction::Bid(1)).label,
            "Open with 1: play alone for 1 chip from each"
        );
        assert_eq!(
            told(&mut d, "bid 1", Viewer::Seat(2)),
            ["Seat 0 opens with a bid of 1."]
        );
        assert_eq!(
            prompt(&d, Viewer::Seat(1)),
            "Bid 2 or 3 to outbid seat 0's 1 and play alone, or pass."
        );
        assert_eq!(prompt(&d, Viewer::Seat(2)), "Waiting for seat 1 to bid or pass.");
        assert_eq!(told(&mut d, "bid 2", Viewer::Seat(0)), ["Seat 1 bids 2."]);
        assert_eq!(
            d.describe(BigThreeAction::Pass).label,
            "Pass and drop out of the bidding"
        );
        assert_eq!(
            told(&mut d, "pass", Viewer::Seat(2)),
            ["You pass and drop out of the bidding."]
        );
        let mut seen_by_solo = d.clone();
        assert_eq!(
            told(&mut d, "pass", Viewer::Seat(0)),
            [
                "You pass and drop out of the bidding.",
                "Seat 1 wins the bidding at 2 and plays alone against seat 2 and you, taking the widow unseen.",
                "You opened the bidding and lead first.",
            ]
        );
        assert_eq!(
            told(&mut seen_by_solo, "pass", Viewer::Seat(1))[1],
            "You win the bidding at 2 and play alone against seat 2 and seat 0, taking the widow: KD AD 2D 3D."
        );
        // Only the solo player sees the widow among its cards; the others see 20 face down.
        let scene = d.scene(Viewer::Seat(0));
        let row = |s: usize| scene.seats.iter().find(|r| r.seat == s).unwrap();
        assert_eq!(row(1).hand, HandScene::Hidden { count: 20 });
        assert!(row(1).groups.is_empty());
        assert_eq!(row(1).marks, ["alone for 2"]);
        assert!(matches!(row(0).hand, HandScene::Shown { .. }));
        let solo = d.scene(Viewer::Seat(1));
        let widow = &solo.seats.iter().find(|r| r.seat == 1).unwrap().groups[0];
        assert_eq!((widow.label.as_str(), widow.cards.len()), ("Widow taken", 4));

        // Combinations are labelled in words with their cards; passes name what they pass on.
        let pair = d.describe(BigThreeAction::Play(combo("77")));
        assert_eq!((pair.kind, pair.label.as_str()), ("play", "Lead a pair of 7s: 7H 7S"));
        assert_eq!(pair.cards, parse_card_list("7H 7S").unwrap());
        let run = d.describe(BigThreeAction::Play(combo("445566")));
        assert_eq!(run.label, "Lead a run of three pairs from 4s to 6s: 4H 4S 5H 5S 6H 6S");
        assert_eq!(
            told(&mut d, "77", Viewer::Spectator),
            ["Seat 0 leads a pair of 7s: 7H 7S."]
        );
        assert_eq!(
            prompt(&d, Viewer::Seat(1)),
            "Beat seat 0's pair of 7s with a higher pair, or pass."
        );
        assert_eq!(d.describe(BigThreeAction::Pass).label, "Pass on @0's pair of 7s");
        assert_eq!(
            d.describe(BigThreeAction::Play(combo("QQ"))).label,
            "Play a pair of queens: QH QS"
        );
        assert_eq!(
            told(&mut d, "pass", Viewer::Seat(0)),
            ["Seat 1 passes on your pair of 7s."]
        );
        assert_eq!(
            d.scene(Viewer::Spectator)
                .seats
                .iter()
                .find(|r| r.seat == 1)
                .unwrap()
                .status
                .as_deref(),
            Some("passed")
        );
        assert_eq!(
            told(&mut d, "pass", Viewer::Spectator),
            [
                "Seat 2 passes on seat 0's pair of 7s.",
                "Both others passed: seat 0 leads anything.",
            ]
        );
    }

    /// Seat 0 holds every heart and the black A 2 3, bids 3 and takes the widow AC 2C 3C 3D:
    /// four unbeatable leads take it out, and each opponent pays the bid.
    const SOLO_HANDS: [&str; 3] = [
        "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H AS 2S 3S",
        "4C 5C 6C 7C 8C 9C TC JC QC KC 4D 5D 6D 7D 8D 9D",
        "TD JD QD KD AD 2D 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ];
    const SOLO_WIDOW: &str = "AC 2C 3C 3D";

    #[test]
    fn the_result_and_payments_are_told() {
        let mut d = BigThreeDeal::new(config(&[]), 0, 4, &order_for(SOLO_HANDS, SOLO_WIDOW));
        act(&mut d, "bid 3");
        assert_eq!(
            d.scene(Viewer::Seat(1)).title,
            "Big Three, hand 5 of 10: play, @0 alone for 3"
        );
        let straight = d.describe(BigThreeAction::Play(combo("456789TJQK")));
        assert_eq!(
            straight.label,
            "Lead a straight of ten from 4 to king: 4H 5H 6H 7H 8H 9H TH JH QH KH"
        );
        for play in [
            "456789TJQK",
            "pass",
            "pass",
            "3333",
            "pass",
            "pass",
            "AAA",
            "pass",
            "pass",
        ] {
            act(&mut d, play);
        }
        let end = told(&mut d, "222", Viewer::Spectator);
        assert_eq!(
            end,
            [
                "Seat 0 leads three 2s: 2C 2H 2S.",
                "Seat 0 goes out first (cards left: seat 1 16, seat 2 16).",
                "Seat 0, alone for 3, wins: seat 1 and seat 2 each pay seat 0 3 chips, 6 in all.",
            ]
        );
        assert_eq!(d.deltas(), [6, -3, -3]);
        let scene = d.scene(Viewer::Seat(2));
        assert_eq!(scene.prompt, "The hand is over.");
        assert_eq!(scene.title, "Big Three, hand 5 of 10: over, @0 went out first");
        let row0 = scene.seats.iter().find(|r| r.seat == 0).unwrap();
        assert_eq!(row0.status.as_deref(), Some("out of cards first"));
        assert_eq!(row0.notes, ["+6 chips this hand"]);
        assert_eq!(scene.deal_scores.unwrap().values, [6, -3, -3]);
    }

    /// With the bombs variant, four of a kind on a single is told as a bomb.
    #[test]
    fn a_bomb_is_labelled_and_told() {
        let hands = [
            "4H 4S 6H 7H 8H 9H TH JH QH KH AH 2H 3H AS 2S 3S",
            "5C 5D 5H 5S 4C 6C 7C 8C 9C TC JC QC KC 4D 6D 7D",
            "8D 9D TD JD QD KD AD 2D 6S 7S 8S 9S TS JS QS KS",
        ];
        let mut d = BigThreeDeal::new(config(&["quads_are_bombs=true"]), 0, 0, &order_for(hands, SOLO_WIDOW));
        act(&mut d, "bid 3");
        act(&mut d, "4");
        assert_eq!(
            prompt(&d, Viewer::Seat(1)),
            "Beat seat 0's single 4 with a higher single, bomb it with four of a kind, or pass."
        );
        let bomb = d.describe(BigThreeAction::Play(combo("5555")));
        assert_eq!(bomb.label, "Bomb with four 5s: 5C 5D 5H 5S");
        assert_eq!(bomb.cards, parse_card_list("5C 5D 5H 5S").unwrap());
        assert_eq!(
            told(&mut d, "5555", Viewer::Seat(1)),
            ["You bomb seat 0's single 4 with four 5s: 5C 5D 5H 5S."]
        );
    }

    /// When an opponent goes out first the solo player pays each of them the bid.
    #[test]
    fn a_lost_solo_pays_each_opponent() {
        let mut rng = GameRng::from_seed(11);
        let mut pack = cards::DeckSpec::Standard52 { packs: 1 }.cards();
        let mut v = Vec::new();
        loop {
            rng.shuffle(&mut pack);
            let mut d = BigThreeDeal::new(config(&[]), 0, 0, &pack);
            let mut last = None;
            while d.to_act().is_some() {
                d.legal_actions(&mut v);
                let a = v[rng.index(v.len())];
                last = Some((d.clone(), a));
                d.apply(a).unwrap();
            }
            let (solo, winner, bid) = (d.solo().unwrap(), d.winner().unwrap(), d.bid());
            if solo == winner {
                continue;
            }
            let (before, a) = last.unwrap();
            let mut out = Narration::new();
            before.narrate(a, &d, &mut out);
            d.narrate_end(&mut out);
            let said = lines(&out, Viewer::Spectator);
            let [x, y] = [1, 2].map(|k| (solo + k) % 3);
            let unit = if bid == 1 { "chip" } else { "chips" };
            assert_eq!(
                said.last().unwrap(),
                &format!(
                    "Seat {solo}, alone for {bid}, loses and pays seat {x} and seat {y} {bid} {unit} each, {} in all.",
                    2 * bid
                )
            );
            assert_eq!(d.deltas()[solo], -2 * bid as i64);
            return;
        }
    }
}

// A combination may be played with any suits of its ranks: the legal actions list it once
// (lowest suits), and the player's own pick is its `PlayCards` form.
#[test]
fn any_suits_of_a_combination_may_be_played() {
    let hands = [
        "4H 4S 5H 5S 6H 6S 7H 7S 8H 8S 9H 9S 9C TH TS JH",
        "QH QS KH KS AH AS 2H 2S 3H 3S 4C 5C 6C 7C 8C JS",
        "TC JC QC KC AC 2C 3C 4D 5D 6D 7D 8D 9D TD JD QD",
    ];
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(hands, WIDOW));
    act(&mut d, "bid 3"); // seat 0 plays alone and leads
    assert!(legal(&d).contains(&"99".to_string()));
    assert!(
        !legal(&d).iter().any(|a| a.contains(' ')),
        "the list keeps one form per combination"
    );
    let picked = parse_card_list("9H 9S").unwrap();
    let chosen = d
        .with_cards(combo_action("99"), &picked)
        .expect("9H 9S make the pair of nines");
    assert_eq!(chosen.to_string(), "9H 9S");
    assert_eq!(
        "9S, 9H".parse::<BigThreeAction>().unwrap(),
        chosen,
        "the cards' text reads back"
    );
    // Cards that do not make that combination are refused.
    assert!(d
        .with_cards(combo_action("99"), &parse_card_list("9H 8S").unwrap())
        .is_none());
    assert!(
        d.with_cards(combo_action("99"), &parse_card_list("9C 9H 9S").unwrap())
            .is_none(),
        "another combination"
    );
    assert!("9H 9H".parse::<BigThreeAction>().is_err());
    assert!("9H 8S".parse::<BigThreeAction>().is_err());
    // Cards the player does not hold are refused, and nothing changes.
    let before = d.clone();
    let e = d.apply("9D 9H".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("do not hold"), "{e}");
    assert_eq!(d, before);
    d.apply(chosen).unwrap();
    let kept = d.view(0).hand;
    assert!(
        kept.contains("9C".parse().unwrap()),
        "the nine not picked stays in the hand"
    );
    assert!(!kept.contains("9H".parse().unwrap()) && !kept.contains("9S".parse().unwrap()));
    assert_eq!(d.to_act(), Some(1));
}

fn combo_action(t: &str) -> BigThreeAction {
    BigThreeAction::Play(combo(t))
}

/// The rule bot's bid for the seat to act in `d`.
fn rule_choice(d: &BigThreeDeal) -> BigThreeAction {
    testkit::choice_of(&mut RuleBot, d, 3, 1)
}

#[test]
fn the_rule_bot_bids_high_on_better_than_even_odds_and_passes_otherwise() {
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
    // The opener holds nothing above the king: it must bid, and bids the least.
    assert!(win_chance(&d.view(0)) < 0.5);
    assert_eq!(rule_choice(&d), BigThreeAction::Bid(1));
    act(&mut d, "bid 1");
    // Seat 1: two 3s, two 2s and two aces (top strength 12): worth playing, at the most it may.
    assert_eq!(top_strength(d.hand(1)), 12);
    assert!(win_chance(&d.view(1)) > 0.5);
    assert_eq!(rule_choice(&d), BigThreeAction::Bid(3));
    // Seat 2's 3, 2 and ace of clubs (6) are not: it passes after a bid of 1.
    let mut d = BigThreeDeal::new(config(&[]), 0, 0, &order_for(HANDS, WIDOW));
    act(&mut d, "bid 1");
    act(&mut d, "pass");
    assert!(win_chance(&d.view(2)) < 0.5);
    assert_eq!(rule_choice(&d), BigThreeAction::Pass);
}

/// Search bots clone states constantly: the state stays small and flat, the public order of
/// play (which `Deal::past_moves` replays for policy-based inference) included as a fixed
/// array of 52 bytes.
#[test]
fn state_is_small_and_flat() {
    let size = std::mem::size_of::<BigThreeDeal>();
    assert!(size <= 192, "BigThreeDeal is {size} bytes");
}
