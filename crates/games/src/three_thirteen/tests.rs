use super::*;
use ::melds::{MeldChoice, Solver};
use cards::{parse_card_list, Card, CardCounts, GameRng, Rank};
use engine::{Deal, Game, Present, Variants};
use testkit::{run, Conformance};

fn counts(t: &str) -> CardCounts {
    parse_card_list(t).unwrap().into_iter().collect()
}

fn rank(v: u8) -> Rank {
    Rank::from_value(v).unwrap()
}

fn deadwood(t: &str, wild: u8) -> i32 {
    -best_partition(&counts(t), rank(wild), deadwood_value(rank(wild))).score
}

// TTR-X1: round 1 (3s wild): 3C 7H 7S is a set 7-7-wild.
#[test]
fn ttx1_wild_completes_a_set() {
    assert_eq!(deadwood("3C 7H 7S", 3), 0);
}

// TTR-X2: round 6 (8s wild): 4H5H6H | KS KD 8C | 2C 9D: deadwood 2 + 9 = 11.
#[test]
fn ttx2_the_wild_goes_where_it_saves_most() {
    assert_eq!(deadwood("4H 5H 6H KS KD 8C 2C 9D", 8), 11);
}

// TTR-X3: no wrap round the ace; a wild may stand for a missing card inside a run.
#[test]
fn ttx3_runs_do_not_wrap() {
    assert_eq!(
        deadwood("QH KH AH", 13),
        10 + 10 + 1,
        "Q-K-A is no run even with the king wild: no meld, so the wild counts too"
    );
    assert_eq!(deadwood("AS 2S KD", 13), 0, "A-2-wild");
    assert_eq!(deadwood("JH QC KH", 12), 0, "J-wild-K");
}

// TTR-X4: packs by player count.
#[test]
fn too_few_packs_are_refused() {
    let v = |d: &str| Variants::parse(ThreeThirteen::info().variants, &[format!("decks={d}")]).unwrap();
    let e = ThreeThirteen::new(4, &v("1")).unwrap_err().to_string();
    assert!(e.contains("too few cards"), "{e}");
    assert!(ThreeThirteen::new(8, &v("2")).is_err());
    assert!(ThreeThirteen::new(3, &v("1")).is_ok());
}

#[test]
fn ttx4_pack_counts() {
    for (players, packs) in [(2, 1), (3, 2), (4, 2), (5, 3), (7, 4), (8, 4)] {
        let g = ThreeThirteen::new(players, &Variants::defaults(ThreeThirteen::info().variants)).unwrap();
        assert_eq!(g.config.packs, packs, "{players} players");
    }
}

/// Independent brute force: every set and run the hand can make, every disjoint choice of them.
fn brute_force(hand: &[Card], wilds: u8, wild_value: i32) -> i32 {
    let mut melds: Vec<(Vec<usize>, u8)> = Vec::new();
    let n = hand.len();
    for mask in 1u32..(1 << n) {
        let idx: Vec<usize> = (0..n).filter(|&i| mask & 1 << i != 0).collect();
        let cards: Vec<Card> = idx.iter().map(|&i| hand[i]).collect();
        // A set: one rank.
        if cards.iter().all(|c| c.rank() == cards[0].rank()) {
            melds.push((idx.clone(), 3u8.saturating_sub(cards.len() as u8)));
        }
        // A run: one suit, distinct ranks.
        let suit = cards[0].suit();
        let mut ranks: Vec<u8> = cards.iter().map(|c| c.face()).collect();
        ranks.sort();
        ranks.dedup();
        if cards.iter().all(|c| c.suit() == suit) && ranks.len() == cards.len() {
            let span = (ranks[ranks.len() - 1] - ranks[0] + 1) as usize;
            let gaps = span - cards.len();
            let short = 3usize.saturating_sub(span);
            if short <= 13 - span {
                melds.push((idx, (gaps + short) as u8));
            }
        }
    }
    fn go(melds: &[(Vec<usize>, u8)], from: usize, used: u32, wilds: u8, any: bool, hand: &[Card], wv: i32) -> i32 {
        let rest: i32 = (0..hand.len())
            .filter(|&i| used & 1 << i == 0)
            .map(|i| deadwood_value(hand[i].rank().unwrap()))
            .sum();
        let leftover = if wilds == 0 || any || wilds >= 3 {
            0
        } else {
            wilds as i32 * wv
        };
        let mut best = rest + leftover;
        for k in from..melds.len() {
            let (idx, need) = &melds[k];
            if *need <= wilds && idx.iter().all(|&i| used & 1 << i == 0) {
                let u = idx.iter().fold(used, |u, &i| u | 1 << i);
                best = best.min(go(melds, k + 1, u, wilds - need, true, hand, wv));
            }
        }
        best
    }
    go(&melds, 0, 0, wilds, false, hand, wild_value)
}

#[test]
fn solver_matches_brute_force_on_random_hands() {
    let mut rng = GameRng::from_seed(21);
    let mut solver = Solver::new();
    let pack = cards::DeckSpec::Standard52 { packs: 2 }.cards();
    for i in 0..1500 {
        let mut order = pack.clone();
        rng.shuffle(&mut order);
        let size = 3 + i % 7;
        let wild = rank(3 + (i % 11) as u8);
        let hand = &order[..size];
        let naturals: Vec<Card> = hand.iter().copied().filter(|c| c.rank() != Some(wild)).collect();
        let wilds = (hand.len() - naturals.len()) as u8;
        let wv = deadwood_value(wild);
        let p = solver.solve(&TtMelds { wild_value: wv }, &naturals, wilds).unwrap();
        assert_eq!(-p.score, brute_force(&naturals, wilds, wv), "{hand:?} wild {wild:?}");
        // The partition itself adds up.
        let left: i32 = p.left_out.iter().map(|c| deadwood_value(c.rank().unwrap())).sum();
        assert!(-p.score >= left);
    }
}

#[test]
fn solver_results_are_deterministic() {
    let hand = parse_card_list("4H 5H 6H 6S 6D 7H 8H KS KD 8C 2C").unwrap();
    let mut a = Solver::new();
    let mut b = Solver::new();
    let rules = TtMelds { wild_value: 8 };
    let pa = a.solve(&rules, &hand, 2).unwrap();
    for _ in 0..3 {
        assert_eq!(b.solve(&rules, &hand, 2).unwrap(), pa);
    }
    let choices: Vec<MeldChoice> = pa.melds.clone();
    assert!(!choices.is_empty());
}

#[test]
fn a_round_plays_out_and_going_out_needs_a_complete_hand() {
    let game = ThreeThirteen::new(2, &Variants::defaults(ThreeThirteen::info().variants)).unwrap();
    // Round 1: seat 1 (dealer's left) holds 7H 7S 3C after the deal; 5D is turned up.
    let mut order = parse_card_list("7H KD 7S QD 3C 9C 5D").unwrap();
    order.extend(
        cards::DeckSpec::Standard52 { packs: 1 }
            .cards()
            .into_iter()
            .filter(|c| !parse_card_list("7H KD 7S QD 3C 9C 5D").unwrap().contains(c)),
    );
    let ctx = engine::DealContext {
        players: 2,
        dealer: 0,
        deal_number: 0,
        scripted: true,
    };
    let mut d = game.start_deal(ctx, &order, None, &mut GameRng::from_seed(1));
    assert_eq!(d.to_act(), Some(1));
    assert_eq!(d.wild(), rank(3));
    d.apply("take".parse().unwrap()).unwrap(); // takes 5D
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&"out 5D".parse().unwrap()));
    assert!(d
        .apply("out 7H".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("cannot go out"));
    d.apply("out 5D".parse().unwrap()).unwrap();
    // Seat 0 gets one last turn, then the round ends.
    assert_eq!(d.to_act(), Some(0));
    d.apply("stock".parse().unwrap()).unwrap();
    d.legal_actions(&mut legal);
    assert!(
        !legal.iter().any(|a| matches!(a, TtAction::Out(_))),
        "only one player goes out"
    );
    let discard = legal[0];
    d.apply(discard).unwrap();
    assert_eq!(d.step(), Step::Over);
    assert_eq!(d.scores()[1], 0);
    assert!(d.scores()[0] > 0);
}

#[test]
fn a_stalled_round_ends_after_max_turns() {
    let v = Variants::parse(ThreeThirteen::info().variants, &["max_turns=20"]).unwrap();
    let game = ThreeThirteen::new(2, &v).unwrap();
    let ctx = engine::DealContext {
        players: 2,
        dealer: 0,
        deal_number: 5,
        scripted: false,
    };
    let mut order = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    GameRng::from_seed(4).shuffle(&mut order);
    let mut d = game.start_deal(ctx, &order, None, &mut GameRng::from_seed(1));
    let mut legal = Vec::new();
    let mut discards = 0;
    while d.to_act().is_some() {
        d.legal_actions(&mut legal);
        // Never go out: always the first plain action.
        let a = *legal.iter().find(|a| !matches!(a, TtAction::Out(_))).unwrap();
        discards += matches!(a, TtAction::Discard(_)) as u32;
        d.apply(a).unwrap();
    }
    assert_eq!(discards, 20);
    assert!(d.scores().iter().all(|&s| s >= 0));
}

#[test]
fn conformance_two_to_eight_players() {
    for players in [2, 3, 5, 8] {
        let r = run::<ThreeThirteen>(
            &Conformance::new(players, 6)
                .seed(players as u64)
                .variants(&["rounds=4"]),
        );
        assert_eq!(r.deals, 24, "{r:?}");
    }
    run::<ThreeThirteen>(
        &Conformance::new(3, 3)
            .variants(&["decks=1", "wild_deadwood_value=0"])
            .seed(9),
    );
}

#[test]
fn conformance_with_rule_bots() {
    let r = run::<ThreeThirteen>(&Conformance::new(3, 4).bots(&["rule"]).seed(11));
    assert_eq!(r.deals, 44);
}

#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<ThreeThirteen>(3, &["rounds=6"], "rule", 30, |k, s| s == (k % 3) as usize);
    assert!(
        d.bot_mean * 2.0 < d.random_mean && d.bot_wins * 100 >= d.matches * 80,
        "{d:?}"
    );
}

/// Round 1 for two players from a scripted pack: seat 1 (the dealer's left) gets `seat1`,
/// seat 0 gets `seat0`, `upcard` is turned up, and the rest of the pack is the stock.
fn scripted_round(game: &ThreeThirteen, seat1: &str, seat0: &str, upcard: &str) -> TtDeal {
    let (a, b) = (parse_card_list(seat1).unwrap(), parse_card_list(seat0).unwrap());
    let mut order: Vec<Card> = a.iter().zip(&b).flat_map(|(&x, &y)| [x, y]).collect();
    order.extend(parse_card_list(upcard).unwrap());
    let rest: Vec<Card> = cards::DeckSpec::Standard52 { packs: 1 }
        .cards()
        .into_iter()
        .filter(|c| !order.contains(c))
        .collect();
    order.extend(rest);
    let ctx = engine::DealContext {
        players: 2,
        dealer: 0,
        deal_number: 0,
        scripted: true,
    };
    game.start_deal(ctx, &order, None, &mut GameRng::from_seed(1))
}

/// The going-out actions listed (after the one-solve filter) are exactly the discards that
/// leave a hand melding completely, checked card by card over thousands of positions.
#[test]
fn going_out_is_listed_exactly_when_the_rest_melds() {
    use engine::{Bot, Decision, Match, MatchSetup};
    let mut rng = GameRng::from_seed(13);
    let mut legal = Vec::new();
    let (mut positions, mut outs_seen) = (0, 0);
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let setup = MatchSetup::new(players, Variants::defaults(ThreeThirteen::info().variants), seed);
        let mut m = Match::<ThreeThirteen>::new(setup).unwrap();
        while !m.is_over() {
            m.legal_actions(&mut legal);
            let d = m.deal();
            if d.step() == Step::Discard && d.view(0).went_out.is_none() {
                let hand = d.hand(d.to_act().unwrap());
                let listed: Vec<Card> = legal
                    .iter()
                    .filter_map(|a| match a {
                        TtAction::Out(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                let melds_without = |c: Card| {
                    let mut rest = hand.clone();
                    rest.remove(c);
                    let p = best_partition(&rest, d.wild(), 1);
                    p.left_out.is_empty() && p.score == 0
                };
                let expected: Vec<Card> = hand.iter().map(|(c, _)| c).filter(|&c| melds_without(c)).collect();
                assert_eq!(listed, expected, "hand {:?}", hand.to_vec());
                positions += 1;
                outs_seen += listed.len();
            }
            // Mostly the rule bot's play (so hands get near going out), sometimes random.
            let a = if rng.chance(0.8) {
                let decision = Decision::new(m.deal(), &legal, m.totals()).unwrap();
                RuleBot.choose(&decision, &mut rng)
            } else {
                legal[rng.index(legal.len())]
            };
            m.apply(a).unwrap();
        }
    }
    assert!(
        positions > 300 && outs_seen > 20,
        "{positions} positions, {outs_seen} ways out"
    );
}

/// `hard` (the lookahead bot) keeps cards that more draws can complete. Round 1, 3s wild, and
/// every choice leaves 30 points now: with J Q of hearts kept, a king or ten of hearts (or a
/// wild) goes out next turn; throwing either heart leaves only the wilds. The rule bot sees a
/// four-way tie.
#[test]
fn lookahead_keeps_the_connected_cards() {
    use engine::Decision;
    let game = ThreeThirteen::new(2, &Variants::defaults(ThreeThirteen::info().variants)).unwrap();
    let mut d = scripted_round(&game, "JH QH KS", "2C 5D 8S", "TC");
    d.apply(TtAction::Take).unwrap();
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    let decision = Decision::new(&d, &legal, &[0, 0]).unwrap();
    let mut hard = game.bot("lookahead").unwrap();
    let thrown = hard.choose(&decision, &mut GameRng::from_seed(1));
    assert!(
        [
            TtAction::Discard("KS".parse().unwrap()),
            TtAction::Discard("TC".parse().unwrap())
        ]
        .contains(&thrown),
        "{thrown}"
    );
    // It goes out when it can, like the rule bot.
    let mut d = scripted_round(&game, "7H 7S KD", "2C 5D 8S", "3C");
    d.apply(TtAction::Take).unwrap();
    d.legal_actions(&mut legal);
    let decision = Decision::new(&d, &legal, &[0, 0]).unwrap();
    assert_eq!(
        hard.choose(&decision, &mut GameRng::from_seed(1)),
        TtAction::Out("KD".parse().unwrap())
    );
}

/// Applies `action` (notation) to `d`, returning what each audience was told (the deal's own
/// narration and, if the round ends, its breakdown).
fn act(d: &mut TtDeal, action: &str) -> Vec<engine::Said> {
    testkit::apply_told(d, action.parse::<TtAction>().unwrap())
}

/// The lines `viewer` reads, with seats named "seat N".
fn read(said: &[engine::Said], viewer: engine::Viewer) -> Vec<String> {
    testkit::read(said, viewer)
}

/// Round 1 (threes wild) for two: seat 1 takes the turned-up 3C and goes out with 7H 7S 3C;
/// seat 0, holding 3D 9D KS, draws and throws the card drawn.
#[test]
fn feed_scene_and_count_of_a_round() {
    use engine::{HandScene, Viewer};
    let game = ThreeThirteen::new(2, &Variants::defaults(ThreeThirteen::info().variants)).unwrap();
    let mut d = scripted_round(&game, "7H 7S KD", "3D 9D KS", "3C");

    let mut start = engine::Narration::new();
    d.narrate_start(&mut start);
    assert_eq!(
        read(&start.said, Viewer::Seat(1)),
        ["Round 1 of 11: three cards each, and the threes are wild. A card is turned up to start the discard pile; you play first."]
    );

    let scene = d.scene(Viewer::Seat(1));
    assert_eq!(scene.title, "Three Thirteen, round 1 of 11: 3 cards, threes wild");
    assert_eq!(
        scene.prompt,
        "Take the 3C, a wild card, from the discard pile or draw from the stock (45 cards)."
    );
    assert_eq!(d.scene(Viewer::Seat(0)).prompt, "Waiting for @1 to draw.");
    let take = d.describe(TtAction::Take);
    assert_eq!(
        (take.kind, take.label.as_str()),
        ("take", "Take the 3C, a wild card, from the discard pile")
    );
    assert!(take.cards.is_empty());

    assert_eq!(
        read(&act(&mut d, "take"), Viewer::Seat(0)),
        ["Seat 1 takes 3C from the discard pile."]
    );
    // Seat 1's hand is hidden from seat 0 and from a spectator: only its size shows, and the
    // card it took from the pile.
    for viewer in [Viewer::Seat(0), Viewer::Spectator] {
        let row = &d.scene(viewer).seats[1];
        assert_eq!(row.hand, HandScene::Hidden { count: 4 });
        assert_eq!(row.groups[0].label, "Taken from the discard pile");
        assert_eq!(row.groups[0].cards, parse_card_list("3C").unwrap());
    }
    let own = &d.scene(Viewer::Seat(1)).seats[1];
    assert_eq!(
        own.hand,
        HandScene::Shown {
            cards: parse_card_list("7S 7H 3C KD").unwrap()
        }
    );
    assert_eq!(own.notes, ["deadwood as the hand stands: 10"]);
    assert_eq!(
        d.scene(Viewer::Seat(1)).prompt,
        "Discard a card. You can go out by discarding KD: the rest of your hand melds completely."
    );
    let out = d.describe("out KD".parse().unwrap());
    assert_eq!(
        (out.kind, out.label.as_str(), out.cards.clone()),
        (
            "out",
            "Discard the king of diamonds (KD) and go out",
            parse_card_list("KD").unwrap()
        )
    );

    assert_eq!(
        read(&act(&mut d, "out KD"), Viewer::Seat(1)),
        ["You discard KD and go out: the other player has one last turn."]
    );
    let scene = d.scene(Viewer::Seat(0));
    assert_eq!(
        scene.title,
        "Three Thirteen, round 1 of 11: 3 cards, threes wild, last turns"
    );
    assert_eq!(
        scene.prompt,
        "Last turn, since @1 went out: take the KD from the discard pile or draw from the stock (45 cards)."
    );
    assert_eq!(scene.seats[1].status.as_deref(), Some("went out"));

    // A card from the stock is named to the drawer alone.
    let drawn = act(&mut d, "stock");
    let card = d
        .hand(0)
        .iter()
        .map(|(c, _)| c)
        .find(|c| !parse_card_list("3D 9D KS").unwrap().contains(c))
        .unwrap();
    assert_eq!(
        read(&drawn, Viewer::Seat(0)),
        [format!("You draw {card} from the stock.")]
    );
    assert_eq!(read(&drawn, Viewer::Spectator), ["Seat 0 draws a card from the stock."]);
    assert!(drawn
        .iter()
        .all(|s| s.audience.includes(Viewer::Seat(0)) || s.event.cards.is_empty()));

    // The count: seat 0 has no meld (a lone wild cannot make one), so its 3D counts 3.
    let end = act(&mut d, &format!("discard {card}"));
    assert_eq!(
        read(&end, Viewer::Seat(0)),
        [
            format!("You discard {card}, ending your last turn."),
            "Seat 1 went out with 7S 7H 3C: 0.".to_string(),
            "You have no meld; deadwood 9D KS 3D: 9 + 10 + 3 for a spare wild card = 22.".to_string(),
        ]
    );
    assert_eq!(d.scores(), [22, 0]);
    let scene = d.scene(Viewer::Spectator);
    assert_eq!(scene.seats[1].groups[0].label, "Set");
    assert_eq!(
        scene.seats[0].hand,
        HandScene::Shown {
            cards: parse_card_list("KS 3D 9D").unwrap()
        }
    );
    assert_eq!(scene.seats[0].groups[0].label, "Deadwood");
    assert_eq!(scene.deal_scores.unwrap().values, [22, 0]);
}

/// The count the feed and the scene give is the solver's: melds and deadwood hold the whole
/// hand, and the deadwood adds up to the score, in every state of many random rounds.
#[test]
fn the_count_adds_up() {
    use engine::{Match, MatchSetup};
    let mut rng = GameRng::from_seed(5);
    let mut legal = Vec::new();
    let mut checked = 0;
    for (players, seed, wild) in [(2, 1, "face-value"), (3, 2, "face-value"), (4, 3, "25")] {
        let v = Variants::parse(
            ThreeThirteen::info().variants,
            &["rounds=11".to_string(), format!("wild_deadwood_value={wild}")],
        )
        .unwrap();
        let mut m = Match::<ThreeThirteen>::new(MatchSetup::new(players, v, seed)).unwrap();
        while !m.is_over() {
            let d = m.deal();
            for s in 0..players {
                let c = super::present::count(d, s);
                let mut all: Vec<Card> = c.melds.iter().flat_map(|(_, m)| m.iter().copied()).collect();
                all.extend(&c.deadwood);
                all.sort();
                let mut hand = d.hand(s).to_vec();
                hand.sort();
                assert_eq!(all, hand);
                let sum: i64 = c.deadwood.iter().map(|&x| super::present::cost(d, x)).sum();
                assert_eq!(sum, c.points, "{:?}", d.hand(s).to_vec());
                checked += 1;
            }
            m.legal_actions(&mut legal);
            let a = if rng.chance(0.7) {
                let decision = engine::Decision::new(m.deal(), &legal, m.totals()).unwrap();
                engine::Bot::choose(&mut RuleBot, &decision, &mut rng)
            } else {
                legal[rng.index(legal.len())]
            };
            m.apply(a).unwrap();
        }
    }
    assert!(checked > 1000, "{checked}");
}
