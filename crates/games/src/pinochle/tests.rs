use super::*;
use cards::{parse_card_list, Card, CardSet, DoubleSet, GameRng, Rank, Suit};
use engine::{Deal, Game, Match, MatchSetup, Present, Variants};
use testkit::{cards_shown, run, Conformance};

fn hand(text: &str) -> DoubleSet {
    parse_card_list(text).unwrap().into_iter().collect()
}

fn config(items: &[&str]) -> PinochleConfig {
    PinochleConfig::from_variants(&Variants::parse(AuctionPinochle::info().variants, items).unwrap())
}

// PIN-X1: spades trump; aces and kings around, royal marriage and pinochle share cards: 260.
#[test]
fn apx1_meld_sharing_across_classes() {
    let h = hand("AS AH AD AC KS KH KD KC QS JD TC TD TH JC JH");
    let m = best_meld(&h, Suit::Spades, false);
    assert_eq!(m.points, 260, "{:?}", m.lines);
    assert!(m
        .lines
        .iter()
        .any(|l| l.kind == MeldKind::RoyalMarriage && l.count == 1));
    assert!(m.lines.iter().any(|l| l.kind == MeldKind::Pinochle));
}

// PIN-X2: one of each A 10 K Q J of hearts: the flush alone (150); a second K and Q add a royal
// marriage (190).
#[test]
fn apx2_same_class_conflict() {
    let base = "AH TH KH QH JH 9C TC JS 9D TD QC TS AC AD";
    assert_eq!(best_meld(&hand(base), Suit::Hearts, false).points, 150);
    let more = "AH TH KH QH JH KH QH 9C TC JS 9D TD QC TS";
    assert_eq!(best_meld(&hand(more), Suit::Hearts, false).points, 190);
}

// PIN-X3: flush 150 + marriage KS QS 20 + pinochle QS JD 40 = 210.
#[test]
fn apx3_the_210_example() {
    let h = hand("AH TH KH QH JH KS QS JD 9C TC 9D TD AC TS 9S");
    let m = best_meld(&h, Suit::Hearts, false);
    assert_eq!(m.points, 210, "{:?}", m.lines);
    assert_eq!(
        m.shown.count("QS".parse().unwrap()),
        1,
        "QS shown once, used in two classes"
    );
}

#[test]
fn doubled_melds_and_bonuses() {
    let h = hand("QS QS JD JD AS AH AD AC AS AH AD AC 9S 9S TC");
    assert_eq!(best_meld(&h, Suit::Spades, false).points, 80 + 200 + 20);
    assert_eq!(best_meld(&h, Suit::Spades, true).points, 300 + 1000 + 20);
}

/// Independent brute force: every count (0-2) of every meld in each class, checked for card use.
fn brute_force(h: &DoubleSet, trump: Suit, bonuses: bool) -> i64 {
    let n = |r: Rank, s: Suit| h.count(Card::new(r, s)) as i64;
    let plain: Vec<Suit> = Suit::ALL.into_iter().filter(|&s| s != trump).collect();
    let value = |single: i64, k: i64, bonus: Option<i64>| {
        if k == 2 && bonuses {
            bonus.unwrap_or(2 * single)
        } else {
            single * k
        }
    };
    let mut best_a = 0;
    for f in 0..=2 {
        for r in 0..=2 {
            for m0 in 0..=2 {
                for m1 in 0..=2 {
                    for m2 in 0..=2 {
                        for dix in 0..=2 {
                            let ms = [m0, m1, m2];
                            let ok = n(Rank::Ace, trump) >= f
                                && n(Rank::Ten, trump) >= f
                                && n(Rank::Jack, trump) >= f
                                && n(Rank::King, trump) >= f + r
                                && n(Rank::Queen, trump) >= f + r
                                && n(Rank::Nine, trump) >= dix
                                && plain
                                    .iter()
                                    .zip(ms)
                                    .all(|(&s, m)| n(Rank::King, s) >= m && n(Rank::Queen, s) >= m);
                            if ok {
                                let v = value(150, f, Some(1500)) + value(40, r, None) + 20 * (m0 + m1 + m2) + 10 * dix;
                                best_a = best_a.max(v);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut best_b = 0;
    for (rank, single, bonus) in [
        (Rank::Ace, 100, 1000),
        (Rank::King, 80, 800),
        (Rank::Queen, 60, 600),
        (Rank::Jack, 40, 400),
    ] {
        let best = (0..=2)
            .filter(|&k| Suit::ALL.iter().all(|&s| n(rank, s) >= k))
            .map(|k| value(single, k, Some(bonus)))
            .max()
            .unwrap();
        best_b += best;
    }
    let best_c = (0..=2)
        .filter(|&k| n(Rank::Queen, Suit::Spades) >= k && n(Rank::Jack, Suit::Diamonds) >= k)
        .map(|k| value(40, k, Some(300)))
        .max()
        .unwrap();
    best_a + best_b + best_c
}

#[test]
fn meld_optimiser_matches_brute_force_on_random_hands() {
    let mut rng = GameRng::from_seed(12);
    let pack = cards::DeckSpec::Pinochle48.cards();
    for i in 0..3000 {
        let mut order = pack.clone();
        rng.shuffle(&mut order);
        let size = if i % 2 == 0 { 15 } else { 18 };
        let h: DoubleSet = order[..size].iter().copied().collect();
        let trump = Suit::from_index(rng.index(4));
        let bonuses = i % 3 == 0;
        let m = best_meld(&h, trump, bonuses);
        assert_eq!(m.points, brute_force(&h, trump, bonuses), "{h} trump {trump}");
        assert_eq!(meld_points(&h, trump, bonuses), m.points, "the bots' shortcut agrees");
        // The shown copies are held.
        assert!(m.shown.iter().all(|c| h.count(c) >= m.shown.count(c)));
    }
}

// PIN-X4: P1 300, P2 310, P3 passes, P1 350, P2 passes: P1 bids 350; P3 never speaks again.
#[test]
fn apx4_auction() {
    let order = cards::DeckSpec::Pinochle48.cards();
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &order);
    assert_eq!(d.to_act(), Some(0), "the dealer's left bids first");
    for (seat, a) in [(0, "bid 300"), (1, "bid 310"), (2, "pass"), (0, "bid 350"), (1, "pass")] {
        assert_eq!(d.to_act(), Some(seat));
        d.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!((d.bidder(), d.high_bid()), (Some(0), 350));
    assert_eq!(d.step(), Step::NameTrump);
    assert_eq!(d.hand(0).len(), 18, "the bidder took the widow");
    // Bids must rise by the step.
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &order);
    assert!(d
        .apply("bid 290".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("from 300"));
    d.apply("bid 300".parse().unwrap()).unwrap();
    assert!(d
        .apply("bid 305".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("stands at 300"));
    // A long bidding war (one point at a time) is recorded in full.
    let mut d = PinochleDeal::new(config(&["bid_step=1"]), 2, 0, &order);
    let mut bid = 300;
    while bid <= 700 {
        d.apply(PinochleAction::Bid(bid)).unwrap();
        bid += 1;
    }
    assert_eq!(d.view(2).bids.len(), 401);
    // Everyone passing means a redeal.
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &order);
    for _ in 0..3 {
        d.apply(PinochleAction::Pass).unwrap();
    }
    assert_eq!(d.outcome(), None);
    assert_eq!(Deal::outcome(&d).unwrap().deltas, vec![0, 0, 0]);
}

// PIN-X5: V(350) = 2: made, each opponent pays 2; failed, the bidder pays each 4; conceded, 2.
#[test]
fn apx5_settlement() {
    let cfg = config(&[]);
    assert_eq!(settle(&cfg, 0, 350, Suit::Hearts, Outcome::Made), [4, -2, -2]);
    assert_eq!(settle(&cfg, 0, 350, Suit::Hearts, Outcome::Failed), [-8, 4, 4]);
    assert_eq!(settle(&cfg, 0, 350, Suit::Hearts, Outcome::Conceded), [-4, 2, 2]);
    let doubled = config(&["spades_double=true"]);
    assert_eq!(settle(&doubled, 1, 350, Suit::Spades, Outcome::Made), [-4, 8, -4]);
    let cumulative_doubled = config(&["settlement=cumulative", "spades_double=true"]);
    assert_eq!(
        settle(&cumulative_doubled, 2, 350, Suit::Spades, Outcome::Made),
        [0, 0, 700]
    );
    let cumulative = config(&["settlement=cumulative"]);
    assert_eq!(settle(&cumulative, 2, 350, Suit::Spades, Outcome::Failed), [0, 0, -700]);
    assert_eq!(settle(&cumulative, 2, 350, Suit::Spades, Outcome::Made), [0, 0, 350]);
    let scale: Vec<i64> = [300, 340, 350, 390, 400, 450, 500, 550, 590, 600, 650]
        .iter()
        .map(|&b| bid_units(b))
        .collect();
    assert_eq!(scale, vec![1, 1, 2, 2, 4, 6, 8, 10, 10, 12, 14]);
}

#[test]
fn card_point_schemes_total_250_with_the_last_trick() {
    for count in [CardCount::Classic, CardCount::Simplified, CardCount::Tens] {
        let total: i64 = cards::DeckSpec::Pinochle48
            .cards()
            .iter()
            .map(|&c| card_points(c, count))
            .sum();
        assert_eq!(total + 10, 250, "{count:?}");
    }
}

/// A pack order dealing these 15-card hands (by seat) and widow, with dealer 2 (seat 0 first).
fn order_for(hands: [&str; 3], widow: &str) -> Vec<Card> {
    let h: Vec<Vec<Card>> = hands.iter().map(|t| parse_card_list(t).unwrap()).collect();
    let w = parse_card_list(widow).unwrap();
    let mut v = Vec::new();
    for round in 0..5 {
        for seat in [0, 1, 2] {
            v.extend_from_slice(&h[seat][round * 3..round * 3 + 3]);
        }
        if round == 0 {
            v.extend_from_slice(&w);
        }
    }
    v
}

const BIG_MELD: [&str; 3] = [
    "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD",
    "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD",
    "TS TH TD TC TS TH TD TC 9S 9H 9D 9C 9S 9H 9D",
];

// PIN-X6: a meld reaching the bid wins at once.
#[test]
fn apx6_instant_win() {
    let o = order_for(BIG_MELD, "JC JC 9C");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    d.apply("bid 300".parse().unwrap()).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply("trump S".parse().unwrap()).unwrap();
    let meld = d.meld().unwrap().points;
    assert!(meld >= 300, "{meld}");
    assert_eq!(d.outcome(), Some(Outcome::Made));
    assert_eq!(d.deltas(), [2, -1, -1]);
    // Without the instant win the hand goes on to burying.
    let mut d = PinochleDeal::new(config(&["instant_win_on_meld=false"]), 2, 0, &o);
    d.apply("bid 300".parse().unwrap()).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply("trump S".parse().unwrap()).unwrap();
    assert_eq!(d.step(), Step::Bury);
}

#[test]
fn burying_respects_the_meld_unless_it_cannot() {
    // Seat 0 melds 16 of its 18 cards (arounds, marriages, pinochle): only JC and 9C are
    // unshown, fewer than three, so any card may be buried.
    let o = order_for(BIG_MELD, "JC JC 9C");
    let mut d = PinochleDeal::new(config(&["instant_win_on_meld=false"]), 2, 0, &o);
    for a in ["bid 300", "pass", "pass", "trump S"] {
        d.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!(d.meld().unwrap().points, 420);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal.len(), d.hand(0).distinct().len() as usize, "everything may go");
    // An ordinary hand: seat 0's marriages are shown, so KH may not be buried but 9C may.
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    for a in ["bid 300", "pass", "pass", "trump S"] {
        d.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!(d.meld().unwrap().points, 70, "dix 10 and three marriages");
    let e = d.apply("bury KH".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("shown in your meld"), "{e}");
    d.apply("bury 9C".parse().unwrap()).unwrap();
    // With may_bury_melded the marriage king may go.
    let mut d = PinochleDeal::new(config(&["may_bury_melded=true"]), 2, 0, &o);
    for a in ["bid 300", "pass", "pass", "trump S", "bury KH"] {
        d.apply(a.parse().unwrap()).unwrap();
    }
}

fn trick_deal(items: &[&str], trick_lead: &[&str], hands: [&str; 3]) -> PinochleDeal {
    // Seat 0 buys at 300, names spades, buries from its spare cards, plays on; then `trick_lead`
    // is played from seat 0 onward.
    let o = order_for(hands, "9C 9C 9D");
    let mut d = PinochleDeal::new(config(items), 2, 0, &o);
    assert_eq!(
        d.cards(),
        cards::DeckSpec::Pinochle48.counts(),
        "the scripted hands are the whole pack"
    );
    d.apply("bid 300".parse().unwrap()).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    d.apply("trump S".parse().unwrap()).unwrap();
    for c in ["9C", "9C", "9D"] {
        d.apply(format!("bury {c}").parse().unwrap()).unwrap();
    }
    d.apply(PinochleAction::PlayOn).unwrap();
    for c in trick_lead {
        d.apply(c.parse().unwrap()).unwrap();
    }
    d
}

const PLAY_HANDS: [&str; 3] = [
    "JS 9S KH QH JH 9H AC TC KC QC JC AD TD KD QD",
    "AS TS KS AH TH 9H AC TC KC QC JC AD TD KD QD",
    "QS QS JS 9S AH TH KH QH JH AS TS KS JD JD 9D",
];

fn legal_text(d: &PinochleDeal) -> Vec<String> {
    let mut v = Vec::new();
    d.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

#[test]
fn trump_leads_must_be_headed_by_default() {
    // Seat 0 leads the jack of trumps, seat 1 plays the king: seat 2 must head it with A or 10.
    let mut d = trick_deal(&[], &["JS", "KS"], PLAY_HANDS);
    assert_eq!(legal_text(&d), vec!["AS", "TS"]);
    let e = d.apply("QS".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("head"), "{e}");
    let d = trick_deal(&["must_head=never"], &["JS", "KS"], PLAY_HANDS);
    assert_eq!(legal_text(&d), vec!["AS", "9S", "TS", "JS", "QS", "KS"]);
    // A plain lead need not be headed by default; with must_head=always it must.
    let d = trick_deal(&[], &["KH"], PLAY_HANDS);
    assert_eq!(legal_text(&d), vec!["AH", "9H", "TH"]);
    let d = trick_deal(&["must_head=always"], &["KH"], PLAY_HANDS);
    assert_eq!(legal_text(&d), vec!["AH", "TH"]);
}

#[test]
fn a_void_player_must_trump_and_identical_cards_go_to_the_first() {
    // Seat 0 leads AC; seat 1 plays AC too; seat 2 has no clubs and must trump.
    let mut d = trick_deal(&[], &["AC", "AC"], PLAY_HANDS);
    let l = legal_text(&d);
    assert!(l.iter().all(|c| c.ends_with('S')), "must trump: {l:?}");
    let e = d.apply("AH".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("must trump"), "{e}");
    // Without seat 2 trumping, the first ace of clubs would win: check with a plain deal.
    let mut t = crate::trick::Trick::new(0);
    for c in ["AC", "AC", "9C"] {
        t.push(c.parse().unwrap());
    }
    assert_eq!(
        t.winning_index(Some(Suit::Spades), Card::suit, |c| if c.rank() == Some(Rank::Ace) {
            6
        } else {
            1
        }),
        0
    );
    d.apply("QS".parse().unwrap()).unwrap();
    assert_eq!(d.to_act(), Some(2), "the trump wins and its player leads");
}

#[test]
fn conceding_ends_the_hand() {
    let d = trick_deal(&[], &[], PLAY_HANDS);
    assert_eq!((d.step(), d.to_act()), (Step::Playing, Some(0)), "the bidder leads");
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let mut d2 = PinochleDeal::new(config(&[]), 2, 0, &o);
    for a in [
        "bid 400", "pass", "pass", "trump S", "bury 9C", "bury 9C", "bury 9D", "concede",
    ] {
        d2.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!(d2.outcome(), Some(Outcome::Conceded));
    assert_eq!(d2.deltas(), [-8, 4, 4]);
}

#[test]
fn views_hide_hands_widow_and_buried_cards() {
    let mut rng = GameRng::from_seed(9);
    let mut legal = Vec::new();
    for seed in 0..30 {
        let mut m = Match::<AuctionPinochle>::new(MatchSetup::new(
            3,
            Variants::defaults(AuctionPinochle::info().variants),
            seed,
        ))
        .unwrap();
        while m.deals_completed() == 0 {
            let d = m.deal();
            for s in 0..3 {
                let v = d.view(s);
                let mut allowed = v.hand.distinct() | v.played.distinct() | v.buried.distinct();
                if let Some(w) = &v.widow {
                    allowed |= w.iter().copied().collect::<CardSet>();
                }
                if let Some(mm) = &v.meld {
                    allowed |= mm.shown.distinct();
                }
                let shown = cards_shown(&m.view_json(s));
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
                if v.bidder != Some(s) {
                    assert!(v.buried.is_empty());
                }
            }
            m.legal_actions(&mut legal);
            // In the auction only pass or the lowest bid, so hands get played out.
            let a = if m.deal().step() == Step::Auction {
                legal[rng.index(2)]
            } else {
                legal[rng.index(legal.len())]
            };
            m.apply(a).unwrap();
        }
    }
}

#[test]
fn sampled_worlds_keep_widow_and_meld_cards_with_the_bidder() {
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    for a in [
        "bid 300", "pass", "pass", "trump S", "bury JC", "bury 9C", "bury 9D", "play-on",
    ] {
        d.apply(a.parse().unwrap()).unwrap();
    }
    let shown = d.meld().unwrap().shown;
    let mut rng = GameRng::from_seed(5);
    for _ in 0..200 {
        let w = d.sample_world(1, &mut rng);
        assert_eq!(w.view(1), d.view(1));
        assert_eq!(w.cards(), d.cards());
        // Melded copies stay in the bidder's hand; the widow's second 9C is with the bidder
        // (hand or buried) in every world.
        for c in shown.iter() {
            assert!(w.hand(0).count(c) >= shown.count(c));
        }
    }
}

fn conformance(items: &[&str], matches: usize, seed: u64) -> testkit::Report {
    let r = run::<AuctionPinochle>(&Conformance::new(3, matches).variants(items).seed(seed));
    assert!(r.deals >= 900, "{r:?}");
    r
}

#[test]
fn conformance_default() {
    conformance(&[], 100, 1);
}

#[test]
fn conformance_other_flags() {
    conformance(
        &[
            "may_bury_melded=true",
            "card_count=simplified",
            "first_lead=dealer-left",
            "must_head=always",
            "spades_double=true",
            "instant_win_on_meld=false",
            "allow_concede=false",
            "concede_multiplier=2",
            "fail_multiplier=3",
        ],
        100,
        2,
    );
    conformance(
        &[
            "must_head=never",
            "card_count=tens",
            "double_meld_bonuses=true",
            "min_bid=250",
            "bid_step=5",
        ],
        100,
        3,
    );
}

#[test]
fn conformance_cumulative() {
    let r = run::<AuctionPinochle>(
        &Conformance::new(3, 150)
            .variants(&["settlement=cumulative", "target=500"])
            .seed(4)
            .deal_limit(10),
    );
    assert!(r.deals >= 900, "{r:?}");
}

#[test]
fn conformance_with_rule_bots() {
    let r = run::<AuctionPinochle>(&Conformance::new(3, 100).bots(&["rule", "random", "rule"]).seed(5));
    assert!(r.deals >= 900, "{r:?}");
}

/// The rule bot in each seat against two random players wins nearly every match.
#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<AuctionPinochle>(3, &[], "rule", 60, |k, s| s == (k % 3) as usize);
    assert!(d.bot_mean > 0.0 && d.bot_wins * 100 >= d.matches * 85, "{d:?}");
}

// Golden tests of the table model.

/// What `viewer` reads after `action` on `d` (the end-of-deal lines too), and the deal after it.
fn told(d: &PinochleDeal, action: &str, viewer: engine::Viewer) -> (PinochleDeal, Vec<String>) {
    let mut after = d.clone();
    let said = testkit::apply_told(&mut after, action.parse::<PinochleAction>().unwrap());
    (after, testkit::read(&said, viewer))
}

fn prompt_for(d: &PinochleDeal, viewer: engine::Viewer) -> String {
    engine::render(&d.scene(viewer).prompt, None, viewer, &engine::seat_name)
}

#[test]
fn auction_widow_meld_and_burial_are_told_and_described() {
    use engine::{HandScene, Viewer};
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let d = PinochleDeal::new(config(&[]), 2, 0, &o);
    assert_eq!(
        prompt_for(&d, Viewer::Seat(0)),
        "Open the bidding at 300 or more, or pass."
    );
    assert_eq!(prompt_for(&d, Viewer::Seat(1)), "Waiting for seat 0 to bid or pass.");
    let bid = d.describe("bid 310".parse().unwrap());
    assert_eq!((bid.kind, bid.label.as_str(), bid.cards.len()), ("bid", "Bid 310", 0));
    assert_eq!(d.describe(PinochleAction::Pass).label, "Pass");

    let (d, lines) = told(&d, "bid 300", Viewer::Seat(1));
    assert_eq!(lines, ["Seat 0 bids 300."]);
    assert_eq!(
        prompt_for(&d, Viewer::Seat(1)),
        "Bid or pass: the bid stands at 300 by seat 0; the next bid is at least 310."
    );
    let (d, _) = told(&d, "pass", Viewer::Seat(1));
    assert_eq!(d.scene(Viewer::Spectator).seats[1].status.as_deref(), Some("passed"));
    let (d, lines) = told(&d, "pass", Viewer::Seat(1));
    assert_eq!(
        lines,
        [
            "Seat 2 passes.",
            "Seat 0 wins the auction at 300.",
            "The widow is turned up: 9C 9C 9D; seat 0 takes it."
        ]
    );
    assert_eq!(
        prompt_for(&d, Viewer::Seat(0)),
        "You won the auction at 300 and took the widow (9C 9C 9D): name trump."
    );

    // Spades trump: marriages in clubs, diamonds and hearts (20 each) and the dix 9S (10).
    let (d, lines) = told(&d, "trump S", Viewer::Seat(2));
    assert_eq!(
        lines,
        [
            "Seat 0 names spades trump.",
            "Seat 0 melds 70: marriage in clubs (20), marriage in diamonds (20), marriage in hearts (20), dix (10)."
        ]
    );
    let scene = d.scene(Viewer::Seat(2));
    assert_eq!(scene.seats[0].marks, ["bidder"]);
    assert_eq!(scene.seats[1].marks, ["partner of @2"]);
    assert_eq!(scene.seats[0].groups[0].label, "Meld, 70 points");
    assert_eq!(scene.seats[0].groups[0].cards.len(), 7);

    let nine: Card = "9C".parse().unwrap();
    let bury = d.describe(PinochleAction::Bury(nine));
    assert_eq!(
        (bury.kind, bury.label.as_str()),
        ("bury", "Bury the nine of clubs (9C)")
    );
    assert_eq!(bury.cards, [nine]);
    let (after, mine) = told(&d, "bury 9C", Viewer::Seat(0));
    assert_eq!(mine, ["You bury 9C (1 of 3)."]);
    let (_, theirs) = told(&d, "bury 9C", Viewer::Seat(1));
    assert_eq!(theirs, ["Seat 0 buries a card face down (1 of 3)."]);
    // The opponents see a count, the bidder sees its buried card.
    let theirs = after.scene(Viewer::Seat(1));
    assert_eq!(theirs.seats[0].hand, HandScene::Hidden { count: 17 });
    assert!(theirs.seats[0].groups.iter().all(|g| g.label != "Buried"));
    assert!(theirs.seats[0].notes.contains(&"1 buried face down".to_string()));
    let mine = after.scene(Viewer::Seat(0));
    assert!(mine.seats[0]
        .groups
        .iter()
        .any(|g| g.label == "Buried" && g.cards == [nine]));
}

// A bid of 400 is worth 4 chips; conceding costs the bidder that much to each opponent.
#[test]
fn a_concession_is_explained_with_its_payment() {
    use engine::Viewer;
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    for a in ["bid 400", "pass", "pass", "trump S", "bury 9C", "bury 9C", "bury 9D"] {
        d.apply(a.parse().unwrap()).unwrap();
    }
    assert_eq!(
        prompt_for(&d, Viewer::Seat(0)),
        "Your meld is 70 against a bid of 400: you need 330 in card points. Concede now, or play on."
    );
    assert_eq!(
        d.describe(PinochleAction::Concede).label,
        "Concede: pay each opponent 4 chips"
    );
    assert_eq!(d.describe(PinochleAction::PlayOn).label, "Play on to make 400");
    let (d, lines) = told(&d, "concede", Viewer::Seat(1));
    assert_eq!(
        lines,
        [
            "Seat 0 concedes the hand without playing.",
            "Seat 0 concedes the bid of 400 holding a meld of 70.",
            "A bid of 400 is worth 4 chips; conceding costs that: seat 0 pays each opponent 4 chips."
        ]
    );
    assert_eq!(d.deltas(), [-8, 4, 4]);
}

// PIN-X6 again: a meld of 420 against a bid of 300 (worth 1 chip) wins at once.
#[test]
fn an_instant_win_is_explained() {
    use engine::Viewer;
    let o = order_for(BIG_MELD, "JC JC 9C");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    for a in ["bid 300", "pass", "pass"] {
        d.apply(a.parse().unwrap()).unwrap();
    }
    let (d, lines) = told(&d, "trump S", Viewer::Spectator);
    assert_eq!(
        lines[2..],
        [
            "The meld alone reaches the bid of 300: seat 0 makes the contract without play.",
            "Seat 0's meld of 420 reaches the bid of 300: the contract is made without play.",
            "A bid of 300 is worth 1 chip: each opponent pays seat 0 1 chip."
        ]
    );
    assert_eq!(d.deltas(), [2, -1, -1]);
}

// Played out: the breakdown adds meld, trick points and the buried cards (three nines, 0).
#[test]
fn a_played_hand_adds_up_meld_tricks_and_buried_cards() {
    use engine::Viewer;
    let mut d = trick_deal(&[], &[], PLAY_HANDS);
    let mut legal = Vec::new();
    let mut lines = Vec::new();
    while d.to_act().is_some() {
        d.legal_actions(&mut legal);
        let (after, l) = told(&d, &legal[0].to_string(), Viewer::Seat(1));
        d = after;
        lines = l;
    }
    let t = d.view(1).points_taken;
    assert_eq!(t.iter().sum::<i64>(), 250);
    let total = 70 + t[0];
    assert_eq!(d.bidder_total(), total);
    let verdict = if total >= 300 { "made" } else { "failed" };
    let n = lines.len();
    assert_eq!(
        lines[n - 3],
        format!(
            "Seat 0 counts meld 70 + {} card points in tricks + 0 in the buried cards = {total} against a bid of 300: contract {verdict}.",
            t[0]
        )
    );
    assert_eq!(
        lines[n - 2],
        format!("You and seat 2 take {} card points between them.", t[1] + t[2])
    );
    let last = if verdict == "made" {
        "A bid of 300 is worth 1 chip: each opponent pays seat 0 1 chip."
    } else {
        "A bid of 300 is worth 1 chip; failing costs twice that: seat 0 pays each opponent 2 chips."
    };
    assert_eq!(lines[n - 1], last);
    assert!(lines[n - 4].contains("and 10 for the last trick"), "{}", lines[n - 4]);
}

/// The rule bot's choice for the seat to act in `d`.
fn rule_choice(d: &PinochleDeal) -> PinochleAction {
    testkit::choice_of(&mut RuleBot, d, 3, 5)
}

#[test]
fn the_rule_bot_bids_a_big_meld_and_passes_a_hand_that_cannot_make_the_minimum() {
    let o = order_for(BIG_MELD, "JC JC 9C");
    let mut d = PinochleDeal::new(config(&[]), 2, 0, &o);
    // 100 aces, 80 kings, 60 queens and marriages: far over 300 with any widow.
    assert!(
        matches!(rule_choice(&d), PinochleAction::Bid(300)),
        "{:?}",
        rule_choice(&d)
    );
    let strong = hand(BIG_MELD[0]);
    let weak = hand(BIG_MELD[2]);
    let mut rng = GameRng::from_seed(1);
    assert!(contract_value(&strong, 300, 64, &mut rng) > 1.9);
    // Tens and nines: no meld to speak of, and most counters in plain suits.
    assert!(contract_value(&weak, 300, 64, &mut rng) < -1.9);
    d.apply(PinochleAction::Pass).unwrap();
    d.apply(PinochleAction::Pass).unwrap();
    assert_eq!(
        rule_choice(&d),
        PinochleAction::Pass,
        "seat 2's tens and nines are not worth 300"
    );
    // The estimate falls as the bid rises.
    let low = contract_value(&strong, 300, 64, &mut GameRng::from_seed(2));
    let high = contract_value(&strong, 600, 64, &mut GameRng::from_seed(2));
    assert!(high < low, "{high} < {low}");
}

#[test]
fn a_thrown_in_hand_is_counted_and_told_plainly() {
    use engine::Viewer;
    let o = order_for(PLAY_HANDS, "9C 9C 9D");
    let d = PinochleDeal::new(config(&[]), 2, 0, &o);
    let (d, _) = told(&d, "pass", Viewer::Seat(1));
    let (d, _) = told(&d, "pass", Viewer::Seat(1));
    assert!(!d.thrown_in(), "not over yet");
    let (d, lines) = told(&d, "pass", Viewer::Seat(1));
    assert!(d.thrown_in());
    assert_eq!(
        lines,
        [
            "Seat 2 passes.",
            "Everyone passed: the cards are thrown in, nobody scores, and the deal passes to seat 0."
        ]
    );
    // A hand played is not thrown in; the match counts thrown-in deals apart.
    let mut m = {
        let mut setup = MatchSetup::new(3, Variants::defaults(AuctionPinochle::info().variants), 1);
        setup.deck = Some(o);
        Match::<AuctionPinochle>::new(setup).unwrap()
    };
    for _ in 0..3 {
        m.apply_text("pass").unwrap();
    }
    assert_eq!((m.deals_completed(), m.deals_thrown_in()), (1, 1));
}

/// Search bots clone states constantly: the state stays small (flat but for the meld listing
/// and the shared auction log), the public order of play (which `Deal::past_moves` replays for
/// policy-based inference) included as a fixed array of 45 bytes.
#[test]
fn state_is_small_and_flat() {
    let size = std::mem::size_of::<PinochleDeal>();
    assert!(size <= 416, "PinochleDeal is {size} bytes");
}
