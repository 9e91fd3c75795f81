use super::*;
use cards::{parse_card_list, Card, CardSet, GameRng, Suit};
use engine::{Deal, Game, Match, MatchSetup, Present, Variants};
use testkit::{cards_shown, run, Conformance};

fn variants(items: &[&str]) -> Variants {
    Variants::parse(Tribello::info().variants, items).unwrap()
}

/// A pack order dealing these hands (by seat) and widow with this dealer: one card at a time
/// to the dealer's left, right, widow, dealer. The cut card of a scripted pack is the 26th,
/// which is the 7th card dealt to the dealer's right.
fn order_for(hands: [&str; 3], widow: &str, dealer: usize) -> Vec<Card> {
    let h: Vec<Vec<Card>> = hands.iter().map(|t| parse_card_list(t).unwrap()).collect();
    let w = parse_card_list(widow).unwrap();
    (0..52)
        .map(|i| match i % 4 {
            0 => h[(dealer + 1) % 3][i / 4],
            1 => h[(dealer + 2) % 3][i / 4],
            2 => w[i / 4],
            _ => h[dealer][i / 4],
        })
        .collect()
}

fn scripted(items: &[&str], order: Vec<Card>, dealer: usize) -> Match<Tribello> {
    let mut setup = MatchSetup::new(3, variants(items), 1);
    setup.deck = Some(order);
    setup.dealer = dealer;
    Match::new(setup).unwrap()
}

fn act(m: &mut Match<Tribello>, text: &str) {
    m.apply_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

// TRI-X1: phase 1, tricks 7 / 5 / 1 score +1 / +1 / -2.
#[test]
fn trx1_phase_one_scoring() {
    assert_eq!(deal_scores(Phase::CutTrump, 0, [7, 5, 1]), [1, 1, -2]);
    // The same tricks with seat 1 dealing: seat 1 is the dealer, seat 2 its left, seat 0 its right.
    assert_eq!(deal_scores(Phase::CutTrump, 1, [1, 7, 5]), [-2, 1, 1]);
}

// TRI-X2: phase 4, tricks 2 / 5 / 6 score +1 / -1 / 0.
#[test]
fn trx2_reversed_scoring() {
    assert_eq!(deal_scores(Phase::Reversed, 0, [2, 5, 6]), [1, -1, 0]);
    for tricks in [[13, 0, 0], [0, 0, 13], [4, 4, 5], [6, 4, 3]] {
        for phase in [Phase::CutTrump, Phase::Reversed] {
            assert_eq!(deal_scores(phase, 2, tricks).iter().sum::<i64>(), 0);
        }
    }
}

const DEALER_HAND: &str = "KC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD";
const LEFT_HAND: &str = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC AD";
const RIGHT_HAND: &str = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH";
const WIDOW: &str = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS";

// TRI-X3: trump hearts; dealer leads KC, left AC, right (void in clubs) 2H: right wins. Without
// trump (phase 3) left's AC wins.
#[test]
fn trx3_trick_winner_with_and_without_trump() {
    // Dealer 0: left is seat 1, right is seat 2. The cut card (right's 7th card) is 8H: trump hearts.
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    assert_eq!(order[25], "8H".parse().unwrap());
    let mut m = scripted(&["widow_exchange_enabled=false"], order.clone(), 0);
    assert_eq!(m.deal().trump(), Some(Suit::Hearts));
    assert_eq!(m.to_act(), Some(0), "the dealer leads");
    for c in ["KC", "AC", "2H"] {
        act(&mut m, c);
    }
    assert_eq!(m.deal().tricks_won(), [0, 0, 1]);
    assert_eq!(m.to_act(), Some(2), "the winner leads next");

    // Phase 3 (deal 7): a TribelloDeal built directly with that deal number has no trump.
    let cfg = TribelloConfig {
        widow_exchange: false,
        ..TribelloConfig::default()
    };
    let mut d = TribelloDeal::new(cfg, 0, 6, &order, order[25]);
    assert_eq!(d.trump(), None);
    for c in ["KC", "AC", "2H"] {
        d.apply(c.parse().unwrap()).unwrap();
    }
    assert_eq!(d.tricks_won(), [0, 1, 0]);
}

// TRI-X4: the dealer exchanges 5 (8 left), left 6 (2 left): right may exchange at most 2.
#[test]
fn trx4_exchange_limits() {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let mut m = scripted(&[], order, 0);
    assert_eq!(m.deal().step(), Step::Exchange);
    assert_eq!(m.to_act(), Some(0));
    for c in ["2D", "3D", "4D", "5D", "6D"] {
        act(&mut m, &format!("discard {c}"));
    }
    act(&mut m, "keep");
    // The dealer drew the top five widow cards (the last five dealt to it).
    assert_eq!(
        m.deal().hand(0) & CardSet::suit(Suit::Spades),
        parse_card_list("9S TS JS QS KS AS").unwrap()[1..]
            .iter()
            .copied()
            .collect()
    );
    assert_eq!(m.deal().view(1).widow_size, 8);
    assert_eq!(m.to_act(), Some(1));
    for c in ["2C", "3C", "4C", "5C", "6C", "7C"] {
        act(&mut m, &format!("discard {c}"));
    }
    act(&mut m, "keep");
    assert_eq!(m.deal().view(2).widow_size, 2);
    assert_eq!(m.deal().view(2).exchanged, [Some(5), Some(6), None]);
    act(&mut m, "discard 2H");
    act(&mut m, "discard 3H");
    // The widow is empty: the exchange ended by itself and play began.
    assert_eq!(m.deal().step(), Step::Play);
    assert_eq!(m.deal().view(0).exchanged, [Some(5), Some(6), Some(2)]);
    for s in 0..3 {
        assert_eq!(m.deal().hand(s).len(), 13);
    }
}

#[test]
fn an_exchange_ends_when_the_widow_is_used_up() {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let mut m = scripted(&[], order, 0);
    for c in ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"] {
        act(&mut m, &format!("discard {c}"));
    }
    act(&mut m, "keep");
    // Left may take the last two cards; the second discard ends the exchange by itself.
    act(&mut m, "discard 2C");
    let mut legal = Vec::new();
    m.legal_actions(&mut legal);
    assert!(legal.contains(&"discard 3C".parse().unwrap()) && legal.contains(&TribelloAction::Keep));
    act(&mut m, "discard 3C");
    // Nothing is left for the dealer's right: no exchange for them, and play begins.
    assert_eq!(m.deal().step(), Step::Play);
    assert_eq!(m.deal().view(2).exchanged, [Some(11), Some(2), None]);
    assert_eq!(m.to_act(), Some(0));
}

#[test]
fn illegal_moves_name_the_rule_and_change_nothing() {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let mut m = scripted(&["widow_exchange_enabled=false"], order, 0);
    let before = m.clone();
    assert!(m.apply_text("discard KC").unwrap_err().contains("play a card now"));
    assert!(m.apply_text("AS").unwrap_err().contains("do not hold AS"));
    assert!(m.apply_text("trump S").unwrap_err().contains("play a card now"));
    assert!(m == before);
    act(&mut m, "KC");
    let e = m.apply_text("AD").unwrap_err();
    assert!(e.contains("must follow suit: you hold clubs"), "{e}");
    assert!(m.apply_text("discard").unwrap_err().contains("malformed"));
}

#[test]
fn phases_rotate_the_dealer_and_end_after_twelve_deals() {
    let mut m = Match::<Tribello>::new(MatchSetup::new(3, variants(&[]), 17)).unwrap();
    let mut rng = GameRng::from_seed(2);
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    while !m.is_over() {
        let d = m.deal();
        let v = d.view(0);
        if seen.last() != Some(&(v.deal_number, v.dealer, v.phase)) {
            seen.push((v.deal_number, v.dealer, v.phase));
            if v.phase == Phase::DealerTrump {
                assert_eq!(d.step(), Step::NameTrump, "phase 2 opens with the dealer naming trump");
                assert_eq!(m.to_act(), Some(v.dealer));
            }
            if matches!(v.phase, Phase::NoTrump | Phase::Reversed) {
                assert_eq!(v.trump, None);
            }
            if v.phase == Phase::CutTrump {
                assert_eq!(v.trump, v.cut_card.and_then(|c| c.suit()));
            }
        }
        m.legal_actions(&mut legal);
        m.apply(legal[rng.index(legal.len())]).unwrap();
    }
    assert_eq!(m.deals_completed(), 12);
    let phases: Vec<Phase> = seen.iter().map(|s| s.2).collect();
    use Phase::*;
    let expected = [
        CutTrump,
        CutTrump,
        CutTrump,
        DealerTrump,
        DealerTrump,
        DealerTrump,
        NoTrump,
        NoTrump,
        NoTrump,
    ];
    assert_eq!(phases, [&expected[..], &[Reversed; 3]].concat());
    assert_eq!(
        seen.iter().map(|s| s.1).collect::<Vec<_>>(),
        (0..12).map(|i| i % 3).collect::<Vec<_>>()
    );
    assert_eq!(m.totals().iter().sum::<i64>(), 0, "every deal sums to zero");
}

#[test]
fn phase_two_trump_timing_after_the_dealers_exchange() {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let cfg = TribelloConfig {
        phase2_trump_timing: Phase2TrumpTiming::AfterDealerExchange,
        ..TribelloConfig::default()
    };
    let mut d = TribelloDeal::new(cfg, 0, 3, &order, order[25]);
    assert_eq!(d.step(), Step::Exchange);
    d.apply("discard 2D".parse().unwrap()).unwrap();
    d.apply(TribelloAction::Keep).unwrap();
    assert_eq!(d.step(), Step::NameTrump);
    assert_eq!(d.to_act(), Some(0));
    d.apply("trump d".parse().unwrap()).unwrap();
    assert_eq!(d.trump(), Some(Suit::Diamonds));
    assert_eq!((d.step(), d.to_act()), (Step::Exchange, Some(1)));
    // Default timing: trump first.
    let mut d = TribelloDeal::new(TribelloConfig::default(), 0, 3, &order, order[25]);
    assert_eq!(d.step(), Step::NameTrump);
    assert!(d
        .apply("discard 2D".parse().unwrap())
        .unwrap_err()
        .reason()
        .contains("name trump"));
    d.apply("trump spades".parse().unwrap()).unwrap();
    assert_eq!((d.step(), d.to_act()), (Step::Exchange, Some(0)));
}

#[test]
fn first_lead_variant() {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let m = scripted(&["widow_exchange_enabled=false", "first_lead=dealer-left"], order, 0);
    assert_eq!(m.to_act(), Some(1));
}

#[test]
fn views_hide_the_widow_and_other_players_discards() {
    let mut rng = GameRng::from_seed(5);
    for seed in 0..20 {
        let mut m = Match::<Tribello>::new(MatchSetup::new(3, variants(&[]), seed)).unwrap();
        let mut legal = Vec::new();
        while m.deals_completed() == 0 {
            let d = m.deal();
            let played = d.played();
            for s in 0..3 {
                let v = d.view(s);
                let shown = cards_shown(&m.view_json(s));
                let allowed =
                    v.hand | v.discarded | v.drawn | played | v.cut_card.map_or(CardSet::EMPTY, CardSet::single);
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

fn conformance(items: &[&str], matches: usize, seed: u64) {
    let report = run::<Tribello>(&Conformance::new(3, matches).variants(items).seed(seed));
    assert_eq!(report.deals, 12 * matches as u64);
}

#[test]
fn conformance_default() {
    conformance(&[], 200, 10);
}

#[test]
fn conformance_all_flags_changed() {
    conformance(
        &[
            "phase2_trump_timing=after-dealer-exchange",
            "first_lead=dealer-left",
            "widow_exchange_enabled=false",
        ],
        200,
        20,
    );
}

#[test]
fn conformance_with_rule_bots() {
    let report = run::<Tribello>(&Conformance::new(3, 100).bots(&["rule", "random", "rule"]).seed(30));
    assert_eq!(report.deals, 1200);
}

/// The rule bot in each seat in turn against two random players wins most matches; Tribello is
/// zero-sum, so its points come from them.
#[test]
fn rule_bot_beats_random_players() {
    let d = testkit::duel::<Tribello>(3, &[], "rule", 90, |k, s| s == (k % 3) as usize);
    assert!(d.bot_mean > 0.0 && d.bot_wins * 100 >= d.matches * 70, "{d:?}");
}

// Golden tests of the table model.

/// What `viewer` reads of an action on `d`, line by line.
fn told(d: &TribelloDeal, action: &str, viewer: engine::Viewer) -> (TribelloDeal, Vec<String>) {
    let mut after = d.clone();
    let said = testkit::apply_told(&mut after, action.parse::<TribelloAction>().unwrap());
    (after, testkit::read(&said, viewer))
}

fn golden_deal(exchange: bool) -> TribelloDeal {
    let order = order_for([DEALER_HAND, LEFT_HAND, RIGHT_HAND], WIDOW, 0);
    let cfg = TribelloConfig {
        widow_exchange: exchange,
        ..TribelloConfig::default()
    };
    TribelloDeal::new(cfg, 0, 0, &order, order[25])
}

#[test]
fn exchange_is_told_with_cards_to_the_actor_only() {
    use engine::{HandScene, Viewer};
    let d = golden_deal(true);
    let scene = d.scene(Viewer::Seat(0));
    assert_eq!(
        engine::render(&scene.prompt, None, Viewer::Seat(0), &engine::seat_name),
        "Exchange with the widow: discard up to 13 cards face down (0 discarded so far), then keep to draw as many."
    );
    assert_eq!(
        engine::render(
            &d.scene(Viewer::Seat(1)).prompt,
            None,
            Viewer::Seat(1),
            &engine::seat_name
        ),
        "Waiting for seat 0 to exchange with the widow."
    );
    // Seat 1 sees its own hand and only a count for the dealer's.
    let seen_by_1 = d.scene(Viewer::Seat(1));
    assert_eq!(seen_by_1.seats[0].hand, HandScene::Hidden { count: 13 });
    assert_eq!(seen_by_1.seats[0].marks, ["dealer"]);
    assert!(matches!(&seen_by_1.seats[1].hand, HandScene::Shown { cards } if cards.len() == 13));
    assert!(seen_by_1
        .centre
        .facts
        .iter()
        .any(|f| f.label == "Cut card" && f.value == "eight of hearts (8H)"));

    let qd: Card = "QD".parse().unwrap();
    let desc = d.describe(TribelloAction::Discard(qd));
    assert_eq!(
        (desc.kind, desc.label.as_str()),
        ("discard", "Discard the queen of diamonds (QD) face down")
    );
    assert_eq!(desc.cards, [qd]);
    assert_eq!(
        d.describe(TribelloAction::Keep).label,
        "Keep your hand and exchange nothing"
    );

    let (d, mine) = told(&d, "discard QD", Viewer::Seat(0));
    assert_eq!(mine, ["You discard QD face down (1 so far)."]);
    let (_, theirs) = told(&d.clone(), "discard JD", Viewer::Seat(2));
    assert_eq!(theirs, ["Seat 0 discards a card face down (2 so far)."]);
    let (d, _) = told(&d, "discard JD", Viewer::Seat(0));
    assert_eq!(
        d.describe(TribelloAction::Keep).label,
        "Stop and draw two cards from the widow"
    );
    // The widow's top two cards are the last two dealt to it: KS and AS.
    let (_, mine) = told(&d, "keep", Viewer::Seat(0));
    assert_eq!(mine, ["You draw KS AS from the widow."]);
    let (after, theirs) = told(&d, "keep", Viewer::Spectator);
    assert_eq!(
        theirs,
        ["Seat 0 draws two cards from the widow, having discarded as many."]
    );
    assert_eq!(
        after.scene(Viewer::Seat(1)).seats[0].status.as_deref(),
        Some("exchanged 2")
    );
}

// Seat 2 holds every heart, and hearts are trump: it takes all 13 tricks. Quotas with seat 0
// dealing are 6 / 4 / 3, so the deal scores 0 - 6, 0 - 4 and 13 - 3.
#[test]
fn end_of_deal_breakdown_counts_tricks_against_quotas() {
    use engine::Viewer;
    let mut d = golden_deal(false);
    let mut legal = Vec::new();
    let first = d.describe("KC".parse().unwrap());
    assert_eq!(
        (first.kind, first.label.as_str()),
        ("play", "Lead the king of clubs (KC)")
    );
    let (after, lines) = told(&d, "KC", Viewer::Seat(1));
    assert_eq!(lines, ["Seat 0 plays KC."]);
    d = after;
    d.apply("AC".parse().unwrap()).unwrap();
    let (after, lines) = told(&d, "2H", Viewer::Seat(2));
    assert_eq!(
        lines,
        ["You play 2H.", "You take trick 1 (now 1 against a quota of 3)."]
    );
    d = after;
    let mut last = Vec::new();
    while d.to_act().is_some() {
        d.legal_actions(&mut legal);
        let (after, lines) = told(&d, &legal[0].to_string(), Viewer::Spectator);
        d = after;
        last = lines;
    }
    assert_eq!(
        last[last.len() - 3..],
        [
            "Seat 0 takes 0 tricks against a quota of 6: 6 under, -6.",
            "Seat 1 takes 0 tricks against a quota of 4: 4 under, -4.",
            "Seat 2 takes 13 tricks against a quota of 3: 10 over, +10.",
        ]
    );
    assert_eq!(d.scores(), [-6, -4, 10]);
}
