use super::scoring::{deal_scores, points_of, raw_points, shooter};
use super::*;
use cards::{parse_card_list, Card, CardSet, GameRng, Suit};
use engine::{Deal, Game, Match, MatchSetup, Variants};
use testkit::{cards_shown, run, Conformance};

fn set(text: &str) -> CardSet {
    parse_card_list(text).unwrap().into_iter().collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn config(items: &[&str]) -> HeartsConfig {
    HeartsConfig::from_variants(&Variants::parse(Hearts::info().variants, items).unwrap()).unwrap()
}

/// A pack order that deals exactly these hands (by seat) with the given dealer.
fn order_for(hands: [&str; 4], dealer: usize) -> Vec<Card> {
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| parse_card_list(h).unwrap()).collect();
    (0..52).map(|i| hands[(dealer + 1 + i) % 4][i / 4]).collect()
}

fn apply(deal: &mut HeartsDeal, text: &str) {
    let a: HeartsAction = text.parse().unwrap();
    deal.apply(a).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal_text(deal: &HeartsDeal) -> Vec<String> {
    let mut v = Vec::new();
    deal.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

const ALL_HEARTS: &str = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH";

// HRT-X1: the queen and three hearts make 16; with Omnibus and the jack of diamonds, 6.
#[test]
fn hx1_queen_and_three_hearts() {
    let won = set("QS 2H 7H KH 3C");
    assert_eq!(points_of(&config(&[]), won), 16);
    assert_eq!(points_of(&config(&["omnibus=true"]), won | set("JD")), 6);
    assert_eq!(
        points_of(&config(&["omnibus=true", "bonus_card=td"]), won | set("JD")),
        16
    );
    assert_eq!(
        points_of(&config(&["omnibus=true", "bonus_card=td"]), won | set("TD")),
        6
    );
}

// HRT-X2: a moon scores 0 / +26 to the others, or -26 / 0 when subtracting.
#[test]
fn hx2_moon_scoring_modes() {
    let won = [
        set(&format!("{ALL_HEARTS} QS")),
        set("2C"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    let cfg = config(&[]);
    assert_eq!(shooter(&cfg, &won), Some(0));
    assert_eq!(deal_scores(&cfg, &won, MoonMode::AddToOthers), [0, 26, 26, 26]);
    assert_eq!(deal_scores(&cfg, &won, MoonMode::SubtractFromShooter), [-26, 0, 0, 0]);
    // With Omnibus the moon includes the bonus card and its -10 is not added on top (HRT-6).
    let omni = config(&["omnibus=true"]);
    let with_jd = [won[0] | set("JD"), won[1], won[2], won[3]];
    assert_eq!(deal_scores(&omni, &with_jd, MoonMode::AddToOthers), [0, 26, 26, 26]);
    assert_eq!(
        deal_scores(&omni, &with_jd, MoonMode::SubtractFromShooter),
        [-26, 0, 0, 0]
    );
    // HRT-8 checksums: 26 without a moon, 16 with Omnibus.
    let plain = [
        set("QS 2H"),
        set("3H 4H 5H"),
        set("AH 6H 7H 8H 9H TH JH QH KH"),
        CardSet::EMPTY,
    ];
    assert_eq!(raw_points(&cfg, &plain).iter().sum::<i64>(), 26);
    let plain_omni = [plain[0], plain[1] | set("JD"), plain[2], plain[3]];
    assert_eq!(raw_points(&omni, &plain_omni).iter().sum::<i64>(), 16);
}

// HRT-X3: Omnibus with the jack required: all hearts and the queen without it is no moon.
#[test]
fn hx3_omnibus_moon_needs_the_jack() {
    let won = [
        CardSet::EMPTY,
        set(&format!("{ALL_HEARTS} QS")),
        CardSet::EMPTY,
        set("JD"),
    ];
    let cfg = config(&["omnibus=true"]);
    assert_eq!(shooter(&cfg, &won), None);
    assert_eq!(deal_scores(&cfg, &won, MoonMode::AddToOthers), [0, 26, 0, -10]);
    // Not required: the moon counts and the jack's taker keeps -10.
    let loose = config(&["omnibus=true", "moon_requires_jd=false"]);
    assert_eq!(deal_scores(&loose, &won, MoonMode::AddToOthers), [26, 0, 26, 16]);
    assert_eq!(
        deal_scores(&loose, &won, MoonMode::SubtractFromShooter),
        [0, -26, 0, -10]
    );
}

/// Seat 1 is void in clubs and holds 5H QS 3D JD; seat 0 leads the two of clubs.
fn hx4_deal(variants: &[&str]) -> HeartsDeal {
    let hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "5H QS 3D JD 2S 3S 4S 5S 6S 7S 8S 9S TS",
        "2H 3H 4H 6H 7H 8H 9H TH 2D 4D 5D 6D 7D",
        "JH QH KH AH 8D 9D TD QD KD AD JS KS AS",
    ];
    let cfg = config(&[variants, &["pass_cycle=N"]].concat());
    HeartsDeal::new(cfg, 3, 0, &order_for(hands, 3))
}

// HRT-X4: first trick, void in clubs: Omnibus forbids the jack of diamonds too.
#[test]
fn hx4_first_trick_restrictions() {
    let mut omni = hx4_deal(&["omnibus=true"]);
    assert_eq!(omni.to_act(), Some(0));
    assert_eq!(legal_text(&omni), vec!["2C"]);
    apply(&mut omni, "2C");
    let legal = legal_text(&omni);
    assert!(legal.contains(&"3D".to_string()) && legal.contains(&"2S".to_string()));
    for banned in ["JD", "QS", "5H"] {
        assert!(
            !legal.contains(&banned.to_string()),
            "{banned} legal on the first trick"
        );
        let err = omni.apply(banned.parse().unwrap()).unwrap_err();
        assert!(err.reason().contains("first trick"), "{err}");
    }
    let mut plain = hx4_deal(&[]);
    apply(&mut plain, "2C");
    let legal = legal_text(&plain);
    assert!(legal.contains(&"JD".to_string()) && legal.contains(&"3D".to_string()));
    assert!(!legal.contains(&"QS".to_string()) && !legal.contains(&"5H".to_string()));
}

// HRT-1: a first-trick player with nothing but point cards may play any of them.
#[test]
fn h1_only_point_cards_on_the_first_trick() {
    let hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ];
    let mut deal = HeartsDeal::new(config(&["pass_cycle=N"]), 3, 0, &order_for(hands, 3));
    apply(&mut deal, "2C");
    assert_eq!(legal_text(&deal).len(), 13, "hearts and the queen all legal");
    apply(&mut deal, "QS");
}

// HRT-X5: the end of the match, lowest total wins.
#[test]
fn hx5_end_of_match() {
    let exceeds = Hearts::new(4, &Variants::defaults(Hearts::info().variants)).unwrap();
    assert!(exceeds.match_over(&[98, 101, 60, 45], 7));
    assert_eq!(exceeds.winners(&[98, 101, 60, 45]), vec![3]);
    assert!(!exceeds.match_over(&[100, 99, 60, 45], 7));
    let at_least = Hearts::new(
        4,
        &Variants::parse(Hearts::info().variants, &["end_rule=at-least"]).unwrap(),
    )
    .unwrap();
    assert!(at_least.match_over(&[100, 99, 60, 45], 7));
    // Equal lowest totals share the win (HRT-4).
    assert_eq!(exceeds.winners(&[101, 40, 60, 40]), vec![1, 3]);
}

// HRT-X6: the pass cycle repeats every four deals.
#[test]
fn hx6_pass_cycle() {
    let cycle = config(&[]).pass_cycle;
    let dirs: Vec<PassDir> = (0..8).map(|d| cycle.for_deal(d)).collect();
    use PassDir::*;
    assert_eq!(dirs, vec![Left, Right, Across, None, Left, Right, Across, None]);
    assert_eq!(cycle.for_deal(4), Left, "hand 5 passes left");
    assert_eq!(cycle.for_deal(7), None, "hand 8 has no passing");
    assert_eq!(PassCycle::parse("left,across").unwrap().for_deal(1), Across);
    assert!(PassCycle::parse("LRX").is_err());
}

#[test]
fn passing_is_hidden_until_the_exchange_and_moves_the_right_cards() {
    let mut rng = GameRng::from_seed(11);
    let mut order = cards::DeckSpec::Standard52 { packs: 1 }.cards();
    rng.shuffle(&mut order);
    for (deal_number, offset) in [(0u32, 1usize), (1, 3), (2, 2)] {
        let mut deal = HeartsDeal::new(config(&[]), 0, deal_number, &order);
        let before: Vec<CardSet> = (0..4).map(|s| deal.hand(s)).collect();
        let mut picked = [CardSet::EMPTY; 4];
        for step in 0..12 {
            let seat = deal.to_act().unwrap();
            assert_eq!(seat, (1 + step / 3) % 4, "seats pick in turn from the dealer's left");
            let c = deal.legal_cards().last().unwrap();
            picked[seat].insert(c);
            apply(&mut deal, &c.to_string());
            if step < 11 {
                let other = (seat + 1) % 4;
                let v = deal.view(other);
                assert!((cards_shown(&v) & picked[seat]).is_empty() || other == seat);
                assert_eq!(v.passes_chosen[seat], picked[seat].len() as u8);
            }
        }
        assert_eq!(deal.phase(), Phase::Playing);
        for s in 0..4 {
            let from = (s + 4 - offset) % 4;
            assert_eq!(deal.hand(s), (before[s] - picked[s]) | picked[from]);
            let v = deal.view(s);
            assert_eq!(v.passed, picked[s]);
            assert_eq!(v.received, picked[from]);
        }
        assert!(deal.hand(deal.to_act().unwrap()).contains(card("2C")));
    }
}

#[test]
fn illegal_plays_are_refused_with_reasons_and_no_change() {
    let mut deal = hx4_deal(&[]);
    let before = deal.clone();
    let e = deal.apply("3C".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("two of clubs"), "{e}");
    let e = deal.apply("5H".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("do not hold"), "{e}");
    assert!(deal
        .apply(HeartsAction::MoonAdd)
        .unwrap_err()
        .reason()
        .contains("no moon"));
    assert_eq!(deal, before);
    apply(&mut deal, "2C");
    apply(&mut deal, "3D");
    apply(&mut deal, "2D");
    // Seat 3 has no clubs but holds diamonds and spades: no heart on the first trick.
    let e = deal.apply("AH".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("first trick"), "{e}");
    apply(&mut deal, "AD");
}

#[test]
fn hearts_may_not_be_led_until_broken_unless_nothing_else() {
    // Nobody discards a heart in the first three tricks, so hearts stay unbroken.
    let hands = [
        "2C AC 3C 4C 5C 2H 3H 4H 5H 6H 7H 8H 9H",
        "6C 7C 8C 9C TC JC QC KC 2D 3D 4D 5D 6D",
        "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S",
        "TH JH QH KH AH 7S 8S 9S TS JS QS KS AS",
    ];
    let mut deal = HeartsDeal::new(config(&["pass_cycle=N"]), 3, 0, &order_for(hands, 3));
    for c in ["2C", "6C", "7D", "7S"] {
        apply(&mut deal, c);
    }
    assert_eq!(deal.to_act(), Some(1), "the six of clubs wins");
    for c in ["2D", "8D", "8S", "3C"] {
        apply(&mut deal, c);
    }
    // Seat 2 wins with the eight of diamonds; seat 0, void in diamonds, discarded a club.
    assert_eq!(deal.to_act(), Some(2));
    for c in ["2S", "9S", "AC", "7C"] {
        apply(&mut deal, c);
    }
    // Seat 3 wins with the nine of spades and holds only hearts and spades: no heart lead.
    assert_eq!(deal.to_act(), Some(3));
    let e = deal.apply("TH".parse().unwrap()).unwrap_err();
    assert!(e.reason().contains("hearts are not broken"), "{e}");
    assert!(!legal_text(&deal).iter().any(|c| c.ends_with('H')));
}

#[test]
fn queen_breaks_hearts_variant() {
    // Seat 3 discards the queen on trick 2; under the variant hearts may then be led.
    let hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H",
        "QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ];
    for (flag, broken) in [("queen_breaks_hearts=false", false), ("queen_breaks_hearts=true", true)] {
        let mut deal = HeartsDeal::new(config(&[flag, "pass_cycle=N"]), 3, 0, &order_for(hands, 3));
        for c in ["2C", "2D", "2S", "3H"] {
            apply(&mut deal, c); // seat 3 holds only points: any may go (HRT-1); 3H breaks hearts
        }
        assert!(deal.view(0).hearts_broken);
        let mut deal = HeartsDeal::new(config(&[flag, "pass_cycle=N"]), 3, 0, &order_for(hands, 3));
        for c in ["2C", "2D", "2S", "QS"] {
            apply(&mut deal, c);
        }
        assert_eq!(deal.view(0).hearts_broken, broken, "{flag}");
    }
}

/// Seat 3 holds every club and leads each trick; the others must discard: it takes all 52.
fn moon_order() -> Vec<Card> {
    order_for(
        [
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            ALL_HEARTS,
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ],
        3,
    )
}

fn play_out(m: &mut Match<Hearts>, seed: u64) {
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    while m.deals_completed() == 0 {
        m.legal_actions(&mut legal);
        if legal.contains(&HeartsAction::MoonAdd) {
            return;
        }
        m.apply(legal[rng.index(legal.len())]).unwrap();
    }
}

fn moon_match(variants: &[&str]) -> Match<Hearts> {
    let v = Variants::parse(Hearts::info().variants, &[variants, &["pass_cycle=N"]].concat()).unwrap();
    let mut setup = MatchSetup::new(4, v, 5);
    setup.deck = Some(moon_order());
    setup.dealer = 3;
    Match::new(setup).unwrap()
}

#[test]
fn scripted_moon_in_every_mode() {
    for seed in 0..20 {
        let mut m = moon_match(&[]);
        play_out(&mut m, seed);
        assert_eq!(m.deal_deltas()[0], vec![26, 26, 26, 0]);
        let mut m = moon_match(&["moon_mode=subtract-from-shooter", "omnibus=true"]);
        play_out(&mut m, seed);
        assert_eq!(m.deal_deltas()[0], vec![0, 0, 0, -26]);
        let mut m = moon_match(&["moon_mode=shooter-chooses"]);
        play_out(&mut m, seed);
        assert_eq!(m.to_act(), Some(3));
        let mut legal = Vec::new();
        m.legal_actions(&mut legal);
        assert_eq!(legal, vec![HeartsAction::MoonAdd, HeartsAction::MoonSubtract]);
        assert!(m.apply("QS".parse().unwrap()).unwrap_err().reason().contains("moon"));
        m.apply_text("moon-subtract").unwrap();
        assert_eq!(m.deal_deltas()[0], vec![0, 0, 0, -26]);
        assert_eq!(m.totals(), &[0, 0, 0, -26]);
        assert_eq!(m.deals_completed(), 1);
    }
}

#[test]
fn views_show_only_what_the_seat_may_see() {
    let mut rng = GameRng::from_seed(3);
    for seed in 0..30 {
        let v = Variants::parse(Hearts::info().variants, &["omnibus=true"]).unwrap();
        let mut m = Match::<Hearts>::new(MatchSetup::new(4, v, seed)).unwrap();
        let mut legal = Vec::new();
        while m.deals_completed() == 0 {
            let d = m.deal();
            let played: CardSet =
                (0..4).fold(CardSet::EMPTY, |a, s| a | d.won()[s]) | d.view(0).trick.cards.iter().copied().collect();
            for s in 0..4 {
                let view = d.view(s);
                let shown = cards_shown(&m.view_json(s)) - set("JD");
                let allowed = d.hand(s) | view.pass_chosen | view.passed | played;
                assert!(shown - allowed == CardSet::EMPTY, "seat {s} sees {:?}", shown - allowed);
            }
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn sampled_worlds_respect_voids_and_passed_cards() {
    let mut rng = GameRng::from_seed(8);
    for seed in 0..20 {
        let mut m =
            Match::<Hearts>::new(MatchSetup::new(4, Variants::defaults(Hearts::info().variants), seed)).unwrap();
        let mut legal = Vec::new();
        for _ in 0..40 {
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).unwrap();
        }
        let d = m.deal();
        let view = d.view(0);
        for _ in 0..50 {
            let w = d.sample_world(0, &mut rng);
            let receiver = (view.pass_direction == "left") as usize
                + 2 * (view.pass_direction == "across") as usize
                + 3 * (view.pass_direction == "right") as usize;
            if receiver != 0 {
                let played =
                    (0..4).fold(CardSet::EMPTY, |a, s| a | d.won()[s]) | view.trick.cards.iter().copied().collect();
                assert!((view.passed - played) - w.hand(receiver) == CardSet::EMPTY);
            }
            for s in 1..4 {
                assert_eq!(w.hand(s).len(), d.hand(s).len());
            }
        }
    }
}

#[test]
fn every_suit_is_dealt_and_two_of_clubs_leads() {
    let mut m = Match::<Hearts>::new(MatchSetup::new(
        4,
        Variants::parse(Hearts::info().variants, &["pass_cycle=N"]).unwrap(),
        99,
    ))
    .unwrap();
    let seat = m.to_act().unwrap();
    assert!(m.deal().hand(seat).contains(card("2C")));
    assert!(m.apply_text("2c").is_ok());
    assert!(Suit::ALL
        .iter()
        .all(|&s| (0..4).map(|p| m.deal().hand(p).of_suit(s).len()).sum::<u32>() >= 12));
}

#[test]
fn bonus_card_needs_omnibus() {
    // Refused with the variants, naming what it depends on; its default is always accepted.
    let e = Variants::parse(Hearts::info().variants, &["bonus_card=td"]).unwrap_err();
    assert!(e.to_string().contains("omnibus=true"), "{e}");
    let v = Variants::parse(Hearts::info().variants, &["bonus_card=jd"]).unwrap();
    assert!(Hearts::new(4, &v).is_ok());
    let three = engine::new_game::<Hearts>(3, &Variants::defaults(Hearts::info().variants));
    assert!(three.unwrap_err().to_string().contains("exactly 4 players, not 3"));
}

// Conformance: thousands of deals per variant preset.
fn conformance(variants: &[&str], matches: usize, seed: u64) {
    let report = run::<Hearts>(&Conformance::new(4, matches).variants(variants).seed(seed));
    assert!(report.deals >= 2_000, "{report:?}");
    assert!(report.illegal_checked > 10_000, "{report:?}");
}

#[test]
fn conformance_default() {
    conformance(&[], 200, 1_000);
}

#[test]
fn conformance_omnibus_shooter_chooses() {
    conformance(
        &["omnibus=true", "moon_mode=shooter-chooses", "moon_requires_jd=false"],
        200,
        2_000,
    );
}

#[test]
fn conformance_omnibus_ten_subtract_queen_breaks() {
    conformance(
        &[
            "omnibus=true",
            "bonus_card=td",
            "moon_mode=subtract-from-shooter",
            "queen_breaks_hearts=true",
            "end_rule=at-least",
        ],
        200,
        3_000,
    );
}

#[test]
fn conformance_no_passing_short_matches() {
    conformance(&["pass_cycle=N", "end_score=30"], 700, 4_000);
}

#[test]
fn conformance_with_rule_bots() {
    let report = run::<Hearts>(
        &Conformance::new(4, 60)
            .variants(&["moon_mode=shooter-chooses"])
            .bots(&["rule", "random", "rule", "rule"])
            .seed(5_000),
    );
    assert!(report.deals >= 60);
}

// Perft-style: the number of distinct passing-and-play sequences is fixed by the rules.
#[test]
fn first_trick_sequence_counts_are_stable() {
    let deal = hx4_deal(&[]);
    assert_eq!(count_sequences(&deal, 4), PERFT_HX4_PLAIN);
    let omni = hx4_deal(&["omnibus=true"]);
    assert_eq!(count_sequences(&omni, 4), PERFT_HX4_OMNIBUS);
}

fn count_sequences(deal: &HeartsDeal, depth: u32) -> u64 {
    if depth == 0 || deal.to_act().is_none() {
        return 1;
    }
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    legal
        .iter()
        .map(|&a| {
            let mut d = deal.clone();
            d.apply(a).unwrap();
            count_sequences(&d, depth - 1)
        })
        .sum()
}

// 2C forced; seat 1 (void in clubs): spades 2-T (9) + 3D + JD = 11 without Omnibus, 10 with;
// seat 2: 5 diamonds (no clubs) ; seat 3: 6 diamonds + 3 spades (no clubs) = 9.
const PERFT_HX4_PLAIN: u64 = 11 * 5 * 9;
const PERFT_HX4_OMNIBUS: u64 = 10 * 5 * 9;

/// Search bots clone states constantly: keep the state small and allocation-free.
#[test]
fn state_is_small_and_flat() {
    let size = std::mem::size_of::<HeartsDeal>();
    // 256 bytes, the order of play included (public history, which `past_moves` replays for
    // policy-based inference and the last trick is read from): it cost 6% of `sim`'s speed
    // when it made the state 312 bytes.
    assert!(size <= 256, "HeartsDeal is {size} bytes");
    println!("HeartsDeal: {size} bytes");
}

/// The rule bot, in each seat in turn against three random players, takes far fewer points
/// and wins most matches (a random player would win about a quarter).
#[test]
fn rule_bot_beats_random_players_by_a_wide_margin() {
    let d = testkit::duel::<Hearts>(4, &[], "rule", 120, |k, s| s == (k % 4) as usize);
    assert!(d.bot_mean * 3.0 < d.random_mean, "{d:?}");
    assert!(d.bot_wins * 100 >= d.matches * 80, "{d:?}");
}

/// `hard` weighs whole passes (`bots::SetSearch`): holding the queen of spades with no spade
/// to guard her, beside four top hearts and eight low cards, the three cards it passes include
/// the queen (a search that read its own points the wrong way up would keep her). The bot is
/// made by name, as every front end makes it; `hard:1500` weighs each pick by 1,500 playouts.
#[test]
fn hard_passes_an_unguarded_queen() {
    use engine::Decision;
    let hands = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS 6C 7C 8C",
        "QS AH KH QH JH 2C 3C 4C 5C 2D 3D 4D 5D",
        "KS AS 6H 7H 8H 9H TH 9C TC JC QC KC AC",
        "2H 3H 4H 5H 6D 7D 8D 9D TD JD QD KD AD",
    ];
    let mut deal = HeartsDeal::new(config(&[]), 0, 0, &order_for(hands, 0));
    assert_eq!(deal.to_act(), Some(1));
    let game = Hearts::new(4, &Variants::parse::<&str>(Hearts::info().variants, &[]).unwrap()).unwrap();
    let mut search = bots::make_bot(&game, "hard:1500").unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut legal = Vec::new();
    while deal.to_act() == Some(1) {
        deal.legal_actions(&mut legal);
        let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
        let pick = search.choose(&decision, &mut rng);
        assert!(legal.contains(&pick));
        deal.apply(pick).unwrap();
    }
    let passed = deal.picks(1);
    assert_eq!(passed.len(), 3);
    assert!(passed.contains(card("QS")), "passed {passed}");
}

/// `hard` credits a played-out deal by its margin over the others (`bots::Scoring::Margin`), so a
/// sure moon beats a clean deal, which own points would count alike (0 either way). Seat 0 has
/// won eight club tricks with no point card in them and leads from five spades; the queen of
/// spades and all thirteen hearts are still out, the queen with one more spade. Leading the ace
/// or king of spades catches the queen, and every later spade lead wins while the others throw
/// their hearts: a moon in every world. A low spade gives the lead away and lets seat 0 duck to a
/// clean deal. (Crediting own points leads them here too, since its playouts of a low lead
/// sometimes take a point; `bots`' `points_count_a_moon_as_a_clean_deal_and_margins_do_not`
/// pins the difference itself.)
#[test]
fn hard_leads_into_a_sure_moon() {
    use engine::Decision;
    let hands = [
        "AS KS 2S 3S 4S AC KC QC JC TC 9C 8C 7C",
        "2C 3C 2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H",
        "4C 5C 8D 9D TD JD QD KD 7H 8H 9H TH JH",
        "6C AD 5S 6S 7S 8S 9S TS JS QS QH KH AH",
    ];
    // The fourth deal of the match: no pass.
    let mut deal = HeartsDeal::new(config(&[]), 0, 3, &order_for(hands, 0));
    for c in ["2C", "4C", "6C", "AC"] {
        apply(&mut deal, c);
    }
    let discards = [
        ["3C", "5C", "AD"],
        ["2D", "8D", "6S"],
        ["3D", "9D", "7S"],
        ["4D", "TD", "8S"],
    ];
    let more = [["5D", "JD", "9S"], ["6D", "QD", "TS"], ["7D", "KD", "JS"]];
    for (lead, others) in ["KC", "QC", "JC", "TC", "9C", "8C", "7C"]
        .iter()
        .zip(discards.iter().chain(&more))
    {
        apply(&mut deal, lead);
        for c in others {
            apply(&mut deal, c);
        }
    }
    assert_eq!(deal.to_act(), Some(0));
    assert_eq!(legal_text(&deal), vec!["AS", "2S", "3S", "4S", "KS"]);
    let game = Hearts::new(4, &Variants::parse::<&str>(Hearts::info().variants, &[]).unwrap()).unwrap();
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    for seed in 0..4 {
        let mut search = bots::make_bot(&game, "hard").unwrap();
        let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
        let pick = search.choose(&decision, &mut GameRng::from_seed(seed)).to_string();
        assert!(pick == "AS" || pick == "KS", "seed {seed}: led {pick}");
    }
}

/// `SetSearch` decides every pick of a pass itself, whichever way it credits a playout, and
/// hands every other decision to the bot it wraps: here one that records being asked, so that
/// the test fails if a pass pick reaches it or a play does not. Same hand as above, 1,500
/// playouts a pick.
#[test]
fn set_search_picks_the_whole_pass_and_only_the_pass() {
    use bots::{Scoring, SetSearch};
    use engine::{Bot, Decision};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    struct Counting(Arc<AtomicUsize>);
    impl Bot<HeartsDeal> for Counting {
        fn name(&self) -> &str {
            "counting"
        }
        fn choose(&mut self, decision: &Decision<'_, HeartsDeal>, _rng: &mut GameRng) -> HeartsAction {
            self.0.fetch_add(1, Ordering::Relaxed);
            decision.legal[0]
        }
    }
    let hands = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS 6C 7C 8C",
        "QS AH KH QH JH 2C 3C 4C 5C 2D 3D 4D 5D",
        "KS AS 6H 7H 8H 9H TH 9C TC JC QC KC AC",
        "2H 3H 4H 5H 6D 7D 8D 9D TD JD QD KD AD",
    ];
    let game = Hearts::new(4, &Variants::parse::<&str>(Hearts::info().variants, &[]).unwrap()).unwrap();
    for scoring in [Scoring::Points, Scoring::Ranked, Scoring::Margin] {
        let asked = Arc::new(AtomicUsize::new(0));
        let policy = game.bot("rule").unwrap();
        let mut search = SetSearch::new(Box::new(Counting(asked.clone())), policy, 1500, scoring, false);
        let mut deal = HeartsDeal::new(config(&[]), 0, 0, &order_for(hands, 0));
        let mut rng = GameRng::from_seed(5);
        let mut legal = Vec::new();
        while deal.phase() == Phase::Passing {
            deal.legal_actions(&mut legal);
            let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
            assert!(decision.choosing_set());
            // Passed cards are hidden: a search must not branch on them.
            assert!(!deal.move_is_public());
            deal.apply(search.choose(&decision, &mut rng)).unwrap();
        }
        assert_eq!(
            asked.load(Ordering::Relaxed),
            0,
            "{scoring:?}: a pass pick went to the inner bot"
        );
        assert!(
            deal.passed(1).contains(card("QS")),
            "{scoring:?}: passed {}",
            deal.passed(1)
        );
        let seat = deal.to_act().unwrap();
        deal.legal_actions(&mut legal);
        let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
        assert!(!decision.choosing_set());
        assert!(deal.move_is_public(), "a card played to a trick is seen by all");
        search.choose(&decision, &mut rng);
        assert_eq!(
            asked.load(Ordering::Relaxed),
            1,
            "{scoring:?}: seat {seat}'s play did not reach the inner bot"
        );
    }
}

/// Policy-based inference replays the others' plays (`Deal::past_moves`): on the true deal it
/// rebuilds exactly the positions the other seats played from, with the cards they played; in a
/// sampled world it replays the same public plays from that world's hands.
#[test]
fn past_moves_rebuild_the_positions_the_others_played_from() {
    use engine::Decision;
    for seed in 0..6u64 {
        let v = Variants::defaults(Hearts::info().variants);
        let mut setup = MatchSetup::new(4, v, seed);
        setup.deal_limit = Some(1);
        let mut m = Match::<Hearts>::new(setup).unwrap();
        let mut bot = m.game().bot("rule").unwrap();
        let mut rng = GameRng::from_seed(seed);
        let mut legal = Vec::new();
        let mut history: Vec<(HeartsDeal, HeartsAction)> = Vec::new();
        while let Some(seat) = m.deal().to_act() {
            let deal = m.deal().clone();
            if deal.phase() == Phase::Playing && deal.view(seat).tricks_played >= 1 {
                let mut past = Vec::new();
                deal.past_moves(seat, &mut past);
                let theirs: Vec<_> = history
                    .iter()
                    .filter(|(d, _)| d.to_act() != Some(seat))
                    .cloned()
                    .collect();
                assert_eq!(past.len(), theirs.len(), "seed {seed}");
                for ((a, x), (b, y)) in past.iter().zip(&theirs) {
                    assert_eq!(x, y);
                    assert_eq!(a, b, "seed {seed}: the rebuilt position differs");
                }
                // A sampled world replays the same plays, by the same seats.
                let world = deal.sample_world(seat, &mut rng);
                let mut replayed = Vec::new();
                world.past_moves(seat, &mut replayed);
                assert_eq!(replayed.len(), past.len());
                for ((a, x), (b, y)) in replayed.iter().zip(&past) {
                    assert_eq!((a.to_act(), x), (b.to_act(), y));
                    assert_eq!(a.view(seat).trick, b.view(seat).trick);
                }
            }
            m.legal_actions(&mut legal);
            let a = bot.choose(&Decision::new(m.deal(), &legal, m.totals()).unwrap(), &mut rng);
            if deal.phase() == Phase::Playing {
                history.push((deal, a));
            }
            m.apply(a).unwrap();
        }
    }
}

/// The rule bot drops the queen of spades under a higher spade wherever it sits in the trick,
/// last to play included (it used to win the trick "safely" with a low spade there instead), so
/// that `hard`, which models the other seats by the rule bot, knows an ace or king of spades
/// played before the queen's holder may catch her.
#[test]
fn rule_bot_drops_the_queen_under_a_higher_spade_when_last() {
    use engine::{Bot, Decision};
    let hands = [
        "4C 6S 5C 6C 7C 8C 9C TC JC QC KC 3S 4S",
        "2C QS 7S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "AC 5S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "3C AS KH AH QD KD AD KS JS TS 9S 8S 2S",
    ];
    // The fourth deal of the match: no pass.
    let mut deal = HeartsDeal::new(config(&[]), 0, 3, &order_for(hands, 0));
    for c in ["2C", "AC", "3C", "4C", "5S", "AS", "6S"] {
        apply(&mut deal, c);
    }
    assert_eq!(deal.to_act(), Some(1));
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
    let pick = RuleBot.choose(&decision, &mut GameRng::from_seed(1));
    assert_eq!(pick.to_string(), "QS");
}

/// The model's count of unseen cards above and below a card (bit arithmetic on the suit's lane)
/// against a plain count, aces high, for every card and many sets.
#[test]
fn model_counts_unseen_cards_above_and_below() {
    use crate::trick::ace_high;
    let mut rng = GameRng::from_seed(7);
    for _ in 0..500 {
        let unseen = CardSet::FULL_52.sample(rng.index(53) as u32, &mut rng);
        for c in CardSet::FULL_52 {
            let same: Vec<Card> = unseen.iter().filter(|x| x.suit() == c.suit()).collect();
            let above = same.iter().filter(|&&x| ace_high(x) > ace_high(c)).count() as u32;
            let below = same.iter().filter(|&&x| ace_high(x) < ace_high(c)).count() as u32;
            assert_eq!(super::bot::live_around(unseen, c), (above, below), "{c} in {unseen}");
        }
    }
}

/// Random positions of random deals: the model always plays a legal card, the same one for the
/// same seed, and over many draws plays each card about as often as its odds say.
#[test]
fn model_bot_plays_legal_cards_with_its_stated_odds() {
    use engine::{Bot, Decision};
    let mut rng = GameRng::from_seed(11);
    let mut legal = Vec::new();
    let mut checked = 0;
    for game in 0..40u32 {
        let mut order: Vec<Card> = CardSet::FULL_52.iter().collect();
        rng.shuffle(&mut order);
        // The fourth deal of a match: no pass, play starts at once.
        let mut deal = HeartsDeal::new(config(&[]), 0, 3, &order);
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
            let first = ModelBot.choose(&decision, &mut GameRng::from_seed(u64::from(game)));
            let again = ModelBot.choose(&decision, &mut GameRng::from_seed(u64::from(game)));
            assert_eq!(first, again, "the same seed, the same card");
            assert!(legal.contains(&first), "{first} is not legal");
            if game % 8 == 0 && legal.len() > 2 {
                let cards = super::bot::legal_cards(&legal);
                // The odds the bot states (`Bot::odds`, which the inference reads it by).
                let odds: Vec<f64> = cards
                    .iter()
                    .map(|c| {
                        ModelBot
                            .odds(&decision, HeartsAction::Card(c))
                            .expect("a play states odds")
                    })
                    .collect();
                let draws = 2000;
                let mut seen = [0u32; 13];
                let mut r = GameRng::from_seed(99);
                for _ in 0..draws {
                    let HeartsAction::Card(c) = ModelBot.choose(&decision, &mut r) else {
                        panic!("a card")
                    };
                    seen[cards.iter().position(|x| x == c).unwrap()] += 1;
                }
                for (i, &p) in odds.iter().enumerate() {
                    let f = f64::from(seen[i]) / f64::from(draws);
                    // Four standard errors of a frequency near one half.
                    assert!(
                        (f - p).abs() < 4.0 * 0.5 / f64::from(draws).sqrt(),
                        "card {i}: {f} drawn, {p} stated"
                    );
                }
                checked += 1;
            }
            deal.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
    assert!(checked > 50, "{checked} positions checked");
}

/// `ModelBot::odds`, which the inference reads the other seats' plays by (the draws are checked
/// against it above), sums to one over the legal cards, gives a card that is not legal zero and a
/// forced card one, and states nothing for a pass (the rule bot's pick).
#[test]
fn model_bot_states_the_odds_it_draws_by() {
    use engine::{Bot, Decision};
    let mut rng = GameRng::from_seed(12);
    let mut legal = Vec::new();
    let mut checked = 0;
    let mut forced = 0;
    for _ in 0..30 {
        let mut order: Vec<Card> = CardSet::FULL_52.iter().collect();
        rng.shuffle(&mut order);
        // The first deal passes left, so the passes are read too.
        let mut deal = HeartsDeal::new(config(&[]), 0, 0, &order);
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let decision = Decision::new(&deal, &legal, &[0; 4]).unwrap();
            let view = deal.view(deal.to_act().unwrap());
            if view.phase != Phase::Playing {
                assert_eq!(ModelBot.odds(&decision, legal[0]), None, "a pass states no odds");
            } else {
                let cards = super::bot::legal_cards(&legal);
                let mut sum = 0.0;
                for c in cards.iter() {
                    let p = ModelBot
                        .odds(&decision, HeartsAction::Card(c))
                        .expect("a play states odds");
                    assert!((0.0..=1.0).contains(&p), "{c}: {p}");
                    sum += p;
                }
                assert!((sum - 1.0).abs() < 1e-9, "{sum}");
                if cards.len() == 1 {
                    forced += 1;
                    assert_eq!(sum, 1.0);
                }
                if let Some(other) = view.hand.iter().find(|&c| !cards.contains(c)) {
                    assert_eq!(ModelBot.odds(&decision, HeartsAction::Card(other)), Some(0.0));
                }
                checked += 1;
            }
            deal.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
    assert!(checked > 1000, "{checked} positions checked");
    assert!(forced > 10, "{forced} forced cards checked");
}

/// Void in the suit led while holding the queen of spades, the model throws her more often than
/// any other card, as the rule bot does (and as the recorded programs did).
#[test]
fn model_bot_throws_the_queen_when_void() {
    let hands = [
        "4C 5C 6C 7C 8C 9C TC JC 3S 4S 6S 2H 3H",
        "2C QS 7S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "AC KC QC 5S 4H 5H 6H 7H 8H 9H TH JH QH",
        "3C AS KH AH QD KD AD KS JS TS 9S 8S 2S",
    ];
    let mut deal = HeartsDeal::new(config(&[]), 0, 3, &order_for(hands, 0));
    for c in ["2C", "AC", "3C", "4C", "KC", "QD", "5C"] {
        apply(&mut deal, c);
    }
    assert_eq!(deal.to_act(), Some(1));
    let view = deal.view(1);
    let cards = view.hand;
    let mut odds = [0.0; 13];
    let total = super::bot::model_odds(&view, cards, &mut odds);
    let queen = cards.iter().position(|c| c == card("QS")).unwrap();
    let best = (0..cards.len() as usize)
        .max_by(|&a, &b| odds[a].total_cmp(&odds[b]))
        .unwrap();
    assert_eq!(best, queen, "odds {:?}", &odds[..cards.len() as usize]);
    assert!(odds[queen] / total > 0.3, "the queen's chance {}", odds[queen] / total);
}

/// The model's odds, computed as products of precomputed exponentials, are the softmax of the
/// features' plain weighted sum (`model_values`), at every play of 200 random deals, Omnibus
/// ones among them.
#[test]
fn model_odds_by_table_are_the_softmax_of_the_weighted_features() {
    let mut rng = GameRng::from_seed(13);
    let mut legal = Vec::new();
    let mut checked = 0;
    for d in 0..200 {
        let mut order: Vec<Card> = CardSet::FULL_52.iter().collect();
        rng.shuffle(&mut order);
        let cfg = if d % 2 == 0 {
            config(&[])
        } else {
            config(&["omnibus=true"])
        };
        let mut deal = HeartsDeal::new(cfg, 0, d, &order);
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let view = deal.view(deal.to_act().unwrap());
            if view.phase == Phase::Playing {
                let cards = super::bot::legal_cards(&legal);
                let (mut by_table, mut scores) = ([0.0; 13], [0.0; 13]);
                let total = super::bot::model_odds(&view, cards, &mut by_table);
                let top = super::bot::model_values(&view, cards, &mut scores);
                let softmax_total: f64 = scores.iter().take(cards.len() as usize).map(|z| (z - top).exp()).sum();
                for i in 0..cards.len() as usize {
                    let (p, q) = (by_table[i] / total, (scores[i] - top).exp() / softmax_total);
                    assert!(
                        (p - q).abs() < 1e-12,
                        "card {i} of {cards}: {p} by table, {q} by softmax"
                    );
                }
                checked += 1;
            }
            deal.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked} positions checked");
}
