use super::auction::AuctionMove;
use super::scoring::{QUEEN_OF_CLUBS, QUEEN_OF_SPADES};
use super::*;
use cards::{parse_card_list, Card, CardSet, GameRng, Suit};
use engine::{Deal, Game, Match, MatchSetup, Seat, Variants};
use testkit::{cards_shown, run, Conformance};

fn config(items: &[&str]) -> SoloConfig {
    SoloConfig::from_variants(&Variants::parse(Solo::info().variants, items).unwrap())
}

fn order_for(hands: [&str; 4], dealer: usize) -> Vec<Card> {
    let h: Vec<Vec<Card>> = hands.iter().map(|t| parse_card_list(t).unwrap()).collect();
    (0..32).map(|i| h[(dealer + 1 + i) % 4][i / 4]).collect()
}

fn deal(items: &[&str], hands: [&str; 4]) -> SoloDeal {
    SoloDeal::new(config(items), 3, 0, &order_for(hands, 3))
}

fn act(d: &mut SoloDeal, text: &str) {
    d.apply(text.parse().unwrap()).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal(d: &SoloDeal) -> Vec<String> {
    let mut v = Vec::new();
    d.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

const SUITS_APART: [&str; 4] = [
    "QC AC KC JC TC 9C 8C 7C",
    "QS AS KS JS TS 9S 8S 7S",
    "AH KH QH JH TH 9H 8H 7H",
    "AD KD QD JD TD 9D 8D 7D",
];

// SOL-X1: hearts trump: QC > 7H > QS > AH > KH > QH > JH > 10H > 9H > 8H; on a club lead the
// clubs run A K J 10 9 8 7.
#[test]
fn ssx1_card_order() {
    let order: Vec<Card> = parse_card_list("QC 7H QS AH KH QH JH TH 9H 8H").unwrap();
    for w in order.windows(2) {
        assert_eq!(suit_of(w[0], Suit::Hearts), Suit::Hearts);
        assert!(
            strength(w[0], Suit::Hearts) > strength(w[1], Suit::Hearts),
            "{} > {}",
            w[0],
            w[1]
        );
    }
    let clubs: Vec<Card> = parse_card_list("AC KC JC TC 9C 8C 7C").unwrap();
    for w in clubs.windows(2) {
        assert_eq!(suit_of(w[0], Suit::Hearts), Suit::Clubs);
        assert!(strength(w[0], Suit::Hearts) > strength(w[1], Suit::Hearts));
    }
    assert_eq!(suit_of("QC".parse().unwrap(), Suit::Hearts), Suit::Hearts);
}

// SOL-X2: diamonds trump, clubs led: with QC and 9C you must play 9C; with QC and only diamonds
// you may trump with either.
#[test]
fn ssx2_black_queens_follow_trumps() {
    // Built directly: seat 0 leads a club; seat 1 holds QC and 9C.
    let hands = [
        "KC AS KS JS QS 8S 7S AH",
        "QC 9C 9D TD JD KH QH JH",
        "AC JC TC 8C 7C TH 9H 8H",
        "AD KD QD 8D 7D 7H TS 9S",
    ];
    let mut d = deal(&[], hands);
    // Everyone passes: the queen of clubs' holder (seat 1) plays simple; make diamonds trump.
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    assert_eq!(d.declarer(), Some(1));
    act(&mut d, "announce simple D");
    act(&mut d, "call AH");
    assert_eq!(d.to_act(), Some(0));
    act(&mut d, "KC");
    assert_eq!(legal(&d), vec!["9C"]);
    assert!(d
        .apply("QC".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("follow suit"));
    // A player holding QC and diamonds but no club may trump with either.
    let hands2 = [
        "KC AS KS JS QS 8S 7S AH",
        "QC 9D TD JD AD KH QH JH",
        "AC JC TC 8C 7C TH 9H 8H",
        "9C KD QD 8D 7D 7H TS 9S",
    ];
    let mut d = deal(&[], hands2);
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    act(&mut d, "announce simple D");
    act(&mut d, "call AH");
    act(&mut d, "KC");
    assert_eq!(
        legal(&d).len(),
        8,
        "void in clubs: anything, the queen of clubs included"
    );
}

// SOL-X3: the auction example, ending with the dealer free to announce tout in colour.
#[test]
fn ssx3_auction() {
    let mut d = deal(&[], SUITS_APART);
    // Seats: E 0, M 1, third 2, dealer 3.
    act(&mut d, "ask"); // E: I ask
    act(&mut d, "ask simple-colour"); // M: in colour?
    act(&mut d, "yes"); // E
    act(&mut d, "ask solo"); // M: solo?
    act(&mut d, "pass"); // E passes: M is committed at solo
    let v = d.view(2);
    assert_eq!((v.holder, v.level), (Some(1), SoloGame::Solo));
    assert_eq!(d.to_act(), Some(2));
    act(&mut d, "ask solo-colour"); // third
    act(&mut d, "pass"); // M passes: third committed at solo in colour
    assert_eq!((d.view(0).holder, d.view(0).level), (Some(2), SoloGame::SoloColour));
    act(&mut d, "ask tout"); // dealer
    act(&mut d, "pass"); // third passes
    assert_eq!(d.step(), Step::Announce);
    assert_eq!(d.declarer(), Some(3));
    assert_eq!(
        legal(&d),
        vec![
            "announce tout D",
            "announce tout H",
            "announce tout S",
            "announce tout-colour C"
        ]
    );
    act(&mut d, "announce tout-colour C");
    assert_eq!(d.game().unwrap().value(), 32);
    assert_eq!(d.step(), Step::Playing, "no partner in a tout");
}

// SOL-X4: simple in colour with 5 tricks: +4 each; with 4: -4 each; tout in suit with 7: -16.
#[test]
fn ssx4_scores() {
    assert_eq!(deal_scores(SoloGame::SimpleColour, 0, 2, 5, false, false), [4, 0, 4, 0]);
    assert_eq!(
        deal_scores(SoloGame::SimpleColour, 0, 2, 4, false, false),
        [-4, 0, -4, 0]
    );
    assert_eq!(deal_scores(SoloGame::Tout, 1, 1, 7, false, false), [0, -16, 0, 0]);
    // Zero-sum payments: every deal sums to zero.
    assert_eq!(deal_scores(SoloGame::Solo, 1, 1, 6, true, false), [-4, 12, -4, -4]);
    assert_eq!(deal_scores(SoloGame::Simple, 0, 3, 3, true, false), [-2, 2, 2, -2]);
    // Prime: a made game doubled.
    assert_eq!(deal_scores(SoloGame::Solo, 2, 2, 5, false, true), [0, 0, 8, 0]);
}

// SOL-X5: everyone passes; the queen of clubs' holder picks clubs: simple in colour (4), calling AD.
#[test]
fn ssx5_all_pass() {
    let mut d = deal(&[], SUITS_APART);
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    assert_eq!(d.declarer(), Some(0));
    assert!(d.view(2).all_passed);
    let announce = legal(&d);
    assert!(
        announce.contains(&"announce simple-colour C".to_string())
            && announce.contains(&"announce simple D".to_string())
    );
    assert!(!announce.iter().any(|a| a.contains("solo")), "{announce:?}");
    act(&mut d, "announce simple-colour C");
    assert_eq!(legal(&d), vec!["call AD", "call AH", "call AS"]);
    act(&mut d, "call AD");
    assert_eq!(d.partner(), Some(3));
    assert_eq!(d.game(), Some(SoloGame::SimpleColour));
    // The partner is hidden from the others until the ace is played.
    assert_eq!(d.view(1).partner, None);
    assert_eq!(d.view(0).partner, None);
    assert_eq!(d.view(3).partner, Some(3), "the partner knows");
}

#[test]
fn both_black_queens_force_a_solo() {
    let hands = [
        "QC QS AC KC JC TC 9C 8C",
        "7C AS KS JS TS 9S 8S 7S",
        SUITS_APART[2],
        SUITS_APART[3],
    ];
    let mut d = deal(&[], hands);
    assert_eq!(legal(&d), vec!["ask"], "may not pass");
    assert!(d
        .apply(SoloAction::Pass)
        .unwrap_err()
        .reason()
        .contains("both black queens"));
    act(&mut d, "ask");
    act(&mut d, "ask simple-colour");
    assert_eq!(legal(&d), vec!["yes"], "may not pass below solo");
    act(&mut d, "yes");
    act(&mut d, "ask solo");
    assert_eq!(
        legal(&d),
        vec!["yes"],
        "holding only simple in colour, still may not pass"
    );
    act(&mut d, "yes");
    act(&mut d, "ask solo-colour");
    assert_eq!(legal(&d), vec!["pass", "yes"], "committed to solo: may drop out now");
    act(&mut d, "yes");
    for _ in 0..3 {
        act(&mut d, "pass");
    }
    assert_eq!(d.declarer(), Some(0));
    assert!(legal(&d).iter().all(|a| !a.contains("simple")));
    // As a questioner: must keep asking until solo.
    let hands = [
        "7C AS KS JS TS 9S 8S 7S",
        "QC QS AC KC JC TC 9C 8C",
        SUITS_APART[2],
        SUITS_APART[3],
    ];
    let mut d = deal(&[], hands);
    act(&mut d, "ask");
    assert!(!legal(&d).contains(&"pass".to_string()));
    act(&mut d, "ask simple-colour");
    act(&mut d, "yes");
    assert!(!legal(&d).contains(&"pass".to_string()), "still below solo");
    act(&mut d, "ask solo");
    act(&mut d, "yes");
    assert!(legal(&d).contains(&"pass".to_string()));
}

#[test]
fn one_level_questions() {
    let mut d = deal(&["ask_step=one-level"], SUITS_APART);
    act(&mut d, "ask");
    assert_eq!(legal(&d), vec!["pass", "ask simple-colour"]);
    let e = d.apply("ask tout".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("one step at a time"), "{e}");
}

#[test]
fn call_ace_rules() {
    let hand: CardSet = parse_card_list("AC AD AH 7C 8C 9C TC JC")
        .unwrap()
        .into_iter()
        .collect();
    let aces = |items: &[&str], trump| config(items).callable_aces(hand, trump);
    let set = |t: &str| -> CardSet { parse_card_list(t).unwrap().into_iter().collect() };
    // Holding the three plain aces with spades trump: only the trump ace is left to call.
    assert_eq!(aces(&[], Suit::Spades), set("AS"));
    // Hearts trump: AS is the one plain ace not held.
    assert_eq!(aces(&[], Suit::Hearts), set("AS"));
    assert_eq!(aces(&["call_ace_rule=any-not-held"], Suit::Hearts), set("AS"));
    assert_eq!(aces(&["call_ace_rule=any"], Suit::Hearts), set("AC AD AH AS"));
    let all = set("AC AD AH AS 7C 8C 9C TC");
    assert!(config(&[]).callable_aces(all, Suit::Hearts).is_empty());
    // A declarer with all four aces must play a solo.
    let hands = [
        "QC AC AD AH AS KC JC TC",
        "QS KS JS TS 9S 8S 7S 9C",
        "KH QH JH TH 9H 8H 7H 8C",
        "KD QD JD TD 9D 8D 7D 7C",
    ];
    let mut d = deal(&[], hands);
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    let l = legal(&d);
    assert!(l.iter().all(|a| a.contains("solo") || a.contains("tout")), "{l:?}");
    assert!(
        l.contains(&"announce tout-colour C".to_string()),
        "at least a solo: touts too"
    );
}

#[test]
fn the_partner_is_revealed_by_the_called_ace_and_sampling_respects_it() {
    let mut d = deal(&[], SUITS_APART);
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    act(&mut d, "announce simple-colour C");
    act(&mut d, "call AD");
    let mut rng = GameRng::from_seed(1);
    for _ in 0..50 {
        let w = d.sample_world(1, &mut rng);
        assert!(
            !w.hand(0).contains("AD".parse().unwrap()),
            "the declarer does not hold the called ace"
        );
        assert!(
            w.hand(0).contains("QC".parse().unwrap()),
            "the queen of clubs was shown"
        );
        let holder = (0..4).find(|&s| w.hand(s).contains("AD".parse().unwrap())).unwrap();
        assert_eq!(w.partner(), Some(holder));
        assert_eq!(w.view(1), d.view(1));
    }
    // Play until AD falls: then everyone sees the partner.
    let mut legal_actions = Vec::new();
    while d.view(1).partner.is_none() {
        d.legal_actions(&mut legal_actions);
        let pick = legal_actions
            .iter()
            .copied()
            .find(|a| *a == SoloAction::Play("AD".parse().unwrap()))
            .unwrap_or(legal_actions[0]);
        d.apply(pick).unwrap();
    }
    assert_eq!(d.view(1).partner, Some(3));
}

#[test]
fn views_hide_hands_and_the_partner() {
    let mut rng = GameRng::from_seed(2);
    let mut legal = Vec::new();
    for seed in 0..40 {
        let mut m = Match::<Solo>::new(MatchSetup::new(4, Variants::defaults(Solo::info().variants), seed)).unwrap();
        while m.deals_completed() == 0 {
            let d = m.deal();
            for s in 0..4 {
                let v = d.view(s);
                let shown = cards_shown(&m.view_json(s));
                let mut allowed = v.hand | v.played | v.called_ace.map_or(CardSet::EMPTY, CardSet::single);
                if v.all_passed {
                    allowed.insert("QC".parse().unwrap());
                }
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
                if let Some(p) = v.partner {
                    assert!(
                        p == s || v.played.contains(v.called_ace.unwrap()),
                        "partner shown early"
                    );
                }
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn match_ends_after_max_hands_or_at_the_target() {
    let g = Solo::new(4, &Variants::defaults(Solo::info().variants)).unwrap();
    assert!(!g.match_over(&[100, 0, 0, 0], 11));
    assert!(g.match_over(&[0, 0, 0, 0], 12));
    let t = Solo::new(
        4,
        &Variants::parse(Solo::info().variants, &["target=50", "max_hands=100"]).unwrap(),
    )
    .unwrap();
    assert!(t.match_over(&[50, 0, 0, 0], 3));
    assert!(!t.match_over(&[48, 0, 0, 0], 3));
}

fn conformance(items: &[&str], matches: usize, seed: u64) -> testkit::Report {
    let r = run::<Solo>(&Conformance::new(4, matches).variants(items).seed(seed));
    assert!(r.deals >= 1_000, "{r:?}");
    r
}

// Matches end soon at a low target: more of them for the same coverage.

#[test]
fn conformance_default() {
    conformance(&[], 100, 1);
}

#[test]
fn conformance_other_flags() {
    conformance(
        &[
            "colour_suit=h",
            "call_ace_rule=any-not-held",
            "ask_step=one-level",
            "prime_bonus=true",
        ],
        100,
        2,
    );
    conformance(
        &[
            "call_ace_rule=any",
            "scoring=zero-sum-payments",
            "max_hands=40",
            "target=60",
        ],
        400,
        3,
    );
}

#[test]
fn conformance_with_rule_bots() {
    let r = run::<Solo>(
        &Conformance::new(4, 100)
            .bots(&["rule", "random", "rule", "rule"])
            .seed(4),
    );
    assert!(r.deals >= 1_000, "{r:?}");
}

#[test]
fn zero_sum_payments_balance_every_deal() {
    let v = Variants::parse(Solo::info().variants, &["scoring=zero-sum-payments"]).unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut legal = Vec::new();
    for seed in 0..30 {
        let mut m = Match::<Solo>::new(MatchSetup::new(4, v.clone(), seed)).unwrap();
        while !m.is_over() {
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
        assert!(m.deal_deltas().iter().all(|d| d.iter().sum::<i64>() == 0));
    }
}

/// The rule bot in each seat against three random players wins nearly every match.
#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<Solo>(4, &[], "rule", 80, |k, s| s == (k % 4) as usize);
    assert!(
        d.bot_mean > d.random_mean && d.bot_wins * 100 >= d.matches * 85,
        "{d:?}"
    );
}

/// The rule bot's choice for the seat to act in `d`.
fn rule_choice(d: &SoloDeal) -> SoloAction {
    testkit::choice_of(&mut RuleBot, d, 4, 1)
}

#[test]
fn the_rule_bot_declares_the_game_its_estimate_prefers() {
    let mut d = deal(&[], SUITS_APART);
    // Eldest holds every club and the queen of clubs: a solo in colour is worth the most.
    let v = d.view(0);
    let solo_colour = game_estimate(&v, SoloGame::SoloColour, Suit::Clubs);
    assert!(solo_colour > game_estimate(&v, SoloGame::SimpleColour, Suit::Clubs));
    assert!(solo_colour > game_estimate(&v, SoloGame::ToutColour, Suit::Clubs));
    assert!(solo_colour > 0.0);
    assert_eq!(rule_choice(&d), SoloAction::Ask);
    act(&mut d, "ask");
    for _ in 0..3 {
        act(&mut d, "pass");
    }
    // Nobody else asked (the others were made to pass): eldest announces its best game.
    assert_eq!(d.step(), Step::Announce);
    assert_eq!(rule_choice(&d), SoloAction::Announce(SoloGame::SoloColour, Suit::Clubs));
    // A hand of low cards in every suit is worth no game.
    let weak = SoloView {
        hand: parse_card_list("8H 9H 8D 9D 8S 9S 9C TC")
            .unwrap()
            .into_iter()
            .collect(),
        ..d.view(1)
    };
    for g in SoloGame::ALL {
        for t in Suit::ALL {
            assert!(game_estimate(&weak, g, t) < 0.0, "{g} {t}");
        }
    }
}

/// Search bots clone states constantly: the state stays small and flat, the public order of
/// play (which `Deal::past_moves` replays for policy-based inference) included as a fixed
/// array of 32 bytes.
#[test]
fn state_is_small_and_flat() {
    let size = std::mem::size_of::<SoloDeal>();
    assert!(size <= 264, "SoloDeal is {size} bytes");
}

/// The seats of `d` whose public moves deny them both black queens (SOL-3): a pass the auction
/// closes to such a holder, or an announcement below solo.
fn seats_denied_both_black_queens(d: &SoloDeal) -> [bool; 4] {
    let dealer = d.dealer as usize;
    let mut auction = Auction::new([(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer]);
    let mut denied = [false; 4];
    let mut open = Vec::new();
    for &(seat, code) in &d.log[..d.log_len as usize] {
        let m = AuctionMove::from_code(code).expect("the log holds moves");
        open.clear();
        auction.moves(true, d.cfg.one_step_asks, &mut open);
        if m == AuctionMove::Pass && !open.contains(&AuctionMove::Pass) {
            denied[seat as usize] = true;
        }
        auction.apply(m);
    }
    if let (Some(declarer), Some(game)) = (d.declarer(), d.game()) {
        denied[declarer] |= game < SoloGame::Solo;
    }
    denied
}

/// Worlds sampled for the seat to act never deal both black queens (in the hand as dealt: held
/// now or played) to another seat whose auction pass or announcement SOL-3 would have forbidden
/// such a holder: the sampled worlds stay consistent with the public auction.
#[test]
fn sampled_worlds_respect_what_the_auction_showed() {
    let queens = CardSet::single(QUEEN_OF_CLUBS) | CardSet::single(QUEEN_OF_SPADES);
    let mut rng = GameRng::from_seed(6);
    let (mut checked, mut with_a_queen) = (0, 0);
    drive_one_deal_matches(90, 100, &mut rng, |k, seat, d, dealt, rng| {
        let denied = seats_denied_both_black_queens(d);
        let constrained: Vec<Seat> = (0..4).filter(|&q| q != seat && denied[q]).collect();
        for _ in 0..(if constrained.is_empty() { 0 } else { 40 }) {
            let w = d.sample_world(seat, rng);
            assert_eq!(w.view(seat), d.view(seat));
            assert!(
                w.public_moves_fit_hands(),
                "match {k}: a world for seat {seat} the auction rules out"
            );
            for &q in &constrained {
                let as_dealt = w.hand(q) | (dealt[q] - d.hand(q));
                assert!(
                    as_dealt & queens != queens,
                    "match {k}: a world for seat {seat} deals both black queens to seat {q}, whose moves deny them"
                );
                with_a_queen += !(as_dealt & queens).is_empty() as u32;
                checked += 1;
            }
        }
        true
    });
    assert!(
        checked > 10_000 && with_a_queen > 1_000,
        "{checked} checks, {with_a_queen} with a queen"
    );
}

/// The quick check sampling uses (`dealt_hand_fits`: the auction's passes, the announcement and
/// the call read as facts about the hands) agrees with replaying the whole public history on
/// the hands, for every way of handing the four hands round before play (each of the 24
/// permutations) and every move of a black queen to another seat, right or wrong for the
/// auction, at every decision before the first card.
#[test]
fn the_quick_fit_check_agrees_with_the_full_replay() {
    let mut rng = GameRng::from_seed(8);
    let (mut compared, mut refused) = (0, 0);
    drive_one_deal_matches(120, 500, &mut rng, |k, _, d, _, _| {
        if !d.played.is_empty() {
            return false;
        }
        assert!(d.every_dealt_hand_fits(), "match {k}: the true deal refused");
        // Whole hands handed round, and each black queen moved to each other seat in
        // exchange for that seat's first card (the only way to make a new holder of both).
        let mut worlds: Vec<SoloDeal> = permutations4()
            .into_iter()
            .map(|perm| {
                let mut w = d.clone();
                w.hands = perm.map(|s| d.hands[s]);
                w
            })
            .collect();
        for queen in [QUEEN_OF_CLUBS, QUEEN_OF_SPADES] {
            let holder = (0..4).find(|&s| d.hands[s].contains(queen)).unwrap();
            for q in (0..4).filter(|&q| q != holder) {
                let given = d.hands[q].iter().find(|&c| c != QUEEN_OF_CLUBS && c != QUEEN_OF_SPADES);
                let Some(given) = given else { continue };
                let mut w = d.clone();
                w.hands[holder] = (w.hands[holder] - CardSet::single(queen)) | CardSet::single(given);
                w.hands[q] = (w.hands[q] - CardSet::single(given)) | CardSet::single(queen);
                worlds.push(w);
            }
        }
        for w in &worlds {
            let full = w.public_moves_fit_hands();
            assert_eq!(w.every_dealt_hand_fits(), full, "match {k}, hands {:?}", w.hands);
            compared += 1;
            refused += !full as u32;
        }
        true
    });
    assert!(
        compared > 10_000 && refused > 1_000,
        "{compared} compared, {refused} refused"
    );
}

/// Plays `matches` one-deal matches (seeds from `first_seed`) under three variant sets, with
/// rule bots and random players taking turns so that passes come at every stage of the
/// auction. Before each decision it calls `visit(match, seat to act, deal, hands as dealt,
/// rng)`; a `false` ends that match.
fn drive_one_deal_matches(
    matches: usize,
    first_seed: u64,
    rng: &mut GameRng,
    mut visit: impl FnMut(usize, Seat, &SoloDeal, &[CardSet; 4], &mut GameRng) -> bool,
) {
    let variants: [&[&str]; 3] = [
        &[],
        &["ask_step=one-level"],
        &["call_ace_rule=any-not-held", "colour_suit=h"],
    ];
    let mut legal = Vec::new();
    for k in 0..matches {
        let v = Variants::parse(Solo::info().variants, variants[k % 3]).unwrap();
        let mut setup = MatchSetup::new(4, v, first_seed + k as u64);
        setup.deal_limit = Some(1);
        let mut m = Match::<Solo>::new(setup).unwrap();
        let dealt: [CardSet; 4] = std::array::from_fn(|s| m.deal().hand(s));
        while let Some(seat) = m.to_act() {
            let d = m.deal().clone();
            if !visit(k, seat, &d, &dealt, rng) {
                break;
            }
            m.legal_actions(&mut legal);
            let action = if (seat + k) % 2 == 0 {
                rule_choice(&d)
            } else {
                legal[rng.index(legal.len())]
            };
            m.apply(action).unwrap();
        }
    }
}

fn permutations4() -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

/// SOL-1 read backwards: a declarer who called the trump ace held the three others, in every
/// world sampled for another seat.
#[test]
fn a_called_trump_ace_shows_the_other_three() {
    let mut d = deal(
        &[],
        [
            "QC AC AS AD KC JC TC 9C",
            "QS KS JS TS 9S 8S 7S 8C",
            "AH KH QH JH TH 9H 8H 7H",
            "KD QD JD TD 9D 8D 7D 7C",
        ],
    );
    for _ in 0..4 {
        act(&mut d, "pass");
    }
    act(&mut d, "announce simple H");
    act(&mut d, "call AH");
    let aces: CardSet = parse_card_list("AC AS AD").unwrap().into_iter().collect();
    let mut rng = GameRng::from_seed(7);
    for _ in 0..50 {
        let w = d.sample_world(1, &mut rng);
        assert!(w.hand(0) & aces == aces, "{}", w.hand(0));
        assert_eq!(w.view(1), d.view(1));
    }
}
