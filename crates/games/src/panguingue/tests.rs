use super::actions::Play;
use super::layout::{Layout, Limits};
use super::melds::{self, Bag, Meld, MeldRules};
use super::*;
use cards::{parse_card_list, Card, CardCounts, GameRng};
use engine::{Deal, Game, Variants};
use testkit::{run, Conformance};

fn game(players: usize, variants: &[&str]) -> Panguingue {
    let v = Variants::parse(Panguingue::info().variants, variants).unwrap();
    engine::new_game::<Panguingue>(players, &v).unwrap()
}

fn cards(t: &str) -> Vec<Card> {
    parse_card_list(t).unwrap()
}

/// A pack order that deals `hands[s]` (topped up from the rest of the pack) to each seat, turns
/// up `upcard` and puts `stock` (top first) on the stock.
fn order(g: &Panguingue, dealer: usize, hands: &[&str], upcard: &str, stock: &str) -> Vec<Card> {
    let n = g.players();
    let mut rest = g.deck().counts();
    let take = |rest: &mut CardCounts, c: Card| assert!(rest.remove(c), "{c} is not left in the pack");
    let mut hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    hands.resize(n, Vec::new());
    let up = cards(upcard)[0];
    let stock = cards(stock);
    for &c in hands.iter().flatten().chain([&up]).chain(stock.iter()) {
        take(&mut rest, c);
    }
    // Filler that makes no meld: ranks the hand does not hold yet, and no two cards of a suit
    // next to each other.
    for h in hands.iter_mut() {
        for pos in 0..10u8 {
            if h.len() == 10 {
                break;
            }
            if h.iter().any(|c| c.rank().and_then(melds::position) == Some(pos)) {
                continue;
            }
            let suit = cards::Suit::ALL.into_iter().find(|&s| {
                let c = melds::card_at(pos, s);
                rest.count(c) > 0
                    && !h.iter().any(|x| {
                        x.suit() == Some(s) && x.rank().and_then(melds::position).is_some_and(|p| p.abs_diff(pos) <= 1)
                    })
            });
            if let Some(s) = suit {
                let c = melds::card_at(pos, s);
                take(&mut rest, c);
                h.push(c);
            }
        }
        assert_eq!(h.len(), 10, "no filler for {h:?}");
    }
    let filler = rest.to_vec();
    let eldest = (dealer + n - 1) % n;
    let mut out = Vec::new();
    for round in 0..2 {
        for i in 0..n {
            let s = (eldest + n - i) % n;
            out.extend(&hands[s][round * 5..round * 5 + 5]);
        }
    }
    out.push(up);
    out.extend(stock);
    out.extend(filler);
    out
}

fn deal(g: &Panguingue, dealer: usize, hands: &[&str], upcard: &str, stock: &str) -> PanDeal {
    let o = order(g, dealer, hands, upcard, stock);
    let d = PanDeal::new(g.config, g.players(), dealer, &o, 7);
    assert_eq!(d.cards(), g.deck().counts());
    d
}

fn act(d: &mut PanDeal, text: &str) {
    let a: PanAction = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    d.apply(a).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refused(d: &mut PanDeal, text: &str) -> String {
    let before = d.clone();
    let a: PanAction = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let e = d.apply(a).expect_err(text).to_string();
    assert_eq!(*d, before, "a refused action changed the deal");
    e
}

fn legal(d: &PanDeal) -> Vec<String> {
    let mut v = Vec::new();
    d.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

fn all_stay(d: &mut PanDeal) {
    while d.step() == Step::OnTop {
        act(d, "stay");
    }
}

const RULES: MeldRules = MeldRules {
    reduced_valle_increase: true,
    rope_upgrade_base_only: false,
    same_suit_aces_kings_take_any_suit: false,
};

// PAN-X1: which card groups are melds.
#[test]
fn px1_meld_validity() {
    for ok in [
        "5S 5H 5D",
        "5S 5S 5S",
        "KS KS KD",
        "6D 7D JD",
        "AC 2C 3C",
        "AS AD AD AH",
        "5C 5D 5H 5S",
    ] {
        assert!(Meld::from_cards(cards(ok), true).is_some(), "{ok} is a meld");
    }
    for bad in [
        "5S 5S 5D",
        "QH KH AH",
        "KD AD 2D",
        "5C 6D 7C",
        "5S 5H",
        "7D 8D 9D",
        "4C 5C 5C 6C",
    ] {
        assert!(Meld::from_cards(cards(bad), true).is_none(), "{bad} is not a meld");
    }
    // Parts of splits and what borrows leave may repeat suits if three suits show.
    assert!(Meld::from_cards(cards("7C 7D 7H 7S 7C"), false).is_some());
    assert!(Meld::from_cards(cards("7C 7H 7C"), false).is_none());
    assert!(
        Meld::from_cards(cards("7C 7D 7H 7C"), true).is_none(),
        "a new set shows each suit once"
    );
}

#[test]
fn conditions_table() {
    let e = |t: &str| Meld::from_cards(cards(t), false).unwrap().entitlement(&RULES);
    assert_eq!(e("3C 3D 3H"), 1, "mixed valle");
    assert_eq!(e("5D 5D 5D"), 2, "same-suit valle");
    assert_eq!(e("7S 7S 7S"), 4, "same-suit valle spades");
    assert_eq!(e("QH QH QH"), 1, "same-suit non-valle");
    assert_eq!(e("KS KS KS"), 2, "same-suit kings in spades");
    assert_eq!(e("AC 2C 3C"), 1);
    assert_eq!(e("JS QS KS"), 2);
    assert_eq!(e("QC QD QH"), 0, "mixed non-valle");
    assert_eq!(e("KS KS KD"), 0, "mixed kings");
    assert_eq!(e("4C 5C 6C"), 0);
    assert_eq!(
        e("AH 2H 3H 4H 5H 6H 7H JH QH KH"),
        1 + 7,
        "the whole suit is one condition"
    );
    assert_eq!(e("5S 5S 5S 5S 5S"), 4 + 2 + 2, "reduced increase");
    let full = MeldRules {
        reduced_valle_increase: false,
        ..RULES
    };
    assert_eq!(
        Meld::from_cards(cards("5S 5S 5S 5S"), false)
            .unwrap()
            .entitlement(&full),
        8
    );
}

// PAN-X2: X melds 5S 5S 5S (4 from each of four opponents), then adds a 5S (2 each; full: 4);
// Y melds 7C 7D 7H (1 each) and adds 7S and 7C (1 each time).
#[test]
fn px2_conditions_and_increases() {
    for (variant, add) in [
        ("valle_same_suit_increase=reduced", 2),
        ("valle_same_suit_increase=full", 4),
    ] {
        let g = game(5, &[variant]);
        // Dealer 0: first hand is seat 4 (X), then seat 3 (Y).
        let mut d = deal(&g, 0, &["", "", "", "7C 7D 7H 7S 7C", "5S 5S 5S 5S"], "QD", "2D 4H");
        all_stay(&mut d);
        assert_eq!(d.turn(), 4);
        act(&mut d, "stock");
        act(&mut d, "meld 5S 5S 5S");
        assert_eq!(d.deltas(), &[-5, -5, -5, -5, 15]);
        act(&mut d, "lay 5S on 1");
        assert_eq!(d.deltas()[4], -1 + 16 + 4 * add);
        assert_eq!(d.layout(4).entitlement(&g.config.melds), 4 + add as u32);
        // The drawn 2D fits nothing: it must be the discard.
        assert_eq!(legal(&d), ["discard 2D"]);
        act(&mut d, "discard 2D");
        assert_eq!(d.turn(), 3);
        let y0 = d.deltas()[3];
        act(&mut d, "stock");
        act(&mut d, "meld 7C 7D 7H");
        assert_eq!(d.deltas()[3], y0 + 4);
        act(&mut d, "lay 7S on 1");
        assert_eq!(d.deltas()[3], y0 + 8);
        act(&mut d, "lay 7C on 1");
        assert_eq!(d.deltas()[3], y0 + 12);
        assert_eq!(d.deltas().iter().sum::<i64>() + d.pot(), 0);
    }
}

// PAN-X3: 2H 3H 4H gains the AH: 2 from each (base-only: 1); a 5H then adds 1.
#[test]
fn px3_rope_becoming_a_condition() {
    for (variant, upgrade) in [
        ("rope_upgrade_payment=full-entitlement", 2),
        ("rope_upgrade_payment=base-only", 1),
    ] {
        let g = game(3, &[variant]);
        let mut d = deal(&g, 0, &["", "", "2H 3H 4H AH 5H"], "QD", "KC");
        all_stay(&mut d);
        act(&mut d, "stock");
        act(&mut d, "meld 2H 3H 4H");
        assert_eq!(d.deltas()[2], -1, "not a condition");
        act(&mut d, "lay AH on 1");
        assert_eq!(d.deltas()[2], -1 + 2 * upgrade);
        act(&mut d, "lay 5H on 1");
        assert_eq!(d.deltas()[2], -1 + 2 * upgrade + 2);
    }
}

// PAN-X4: from 4C 5C 6C 7C the 7C may be borrowed to meld 7C 7D 7H (1 from each); the 5C may not.
#[test]
fn px4_borrowing() {
    let g = game(4, &[]);
    let mut d = deal(&g, 0, &["", "", "", "4C 5C 6C 7C 7D 7H 5D 5H"], "QD", "KC");
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld 4C 5C 6C 7C");
    let moves = legal(&d);
    assert!(moves.contains(&"borrow 1 7C with 7D 7H".to_string()), "{moves:?}");
    assert!(!moves.contains(&"borrow 1 5C with 5D 5H".to_string()));
    let e = refused(&mut d, "borrow 1 5C with 5D 5H");
    assert!(e.contains("does not leave valid melds"), "{e}");
    let before = d.deltas()[3];
    act(&mut d, "borrow 1 7C with 7D 7H");
    assert_eq!(d.deltas()[3], before + 3);
    assert_eq!(d.view(3).players[3].melds, vec![cards("4C 5C 6C"), cards("7C 7D 7H")]);
}

// The seed's split: J-7-6-5 with a Q and a 4 added becomes Q-J-7 and 6-5-4.
#[test]
fn a_rope_splits_after_lay_offs() {
    let g = game(3, &[]);
    let mut d = deal(&g, 0, &["", "", "5D 6D 7D JD QD 4D"], "KC", "2S");
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld 5D 6D 7D JD");
    refused(&mut d, "split 1 5D 6D");
    act(&mut d, "lay QD on 1");
    act(&mut d, "lay 4D on 1");
    act(&mut d, "split 1 4D 5D 6D");
    assert_eq!(d.view(2).players[2].melds, vec![cards("7D JD QD"), cards("4D 5D 6D")]);
}

// PAN-14: 5S 5D 5H 5C 5S 5S split into 5S 5S 5S and 5D 5H 5C creates a spade valle condition.
#[test]
fn a_split_creates_a_condition() {
    let g = game(3, &[]);
    let mut d = deal(&g, 0, &["", "", "5S 5D 5H 5C 5S 5S"], "KC", "2S");
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld 5C 5D 5H 5S");
    act(&mut d, "lay 5S on 1");
    act(&mut d, "lay 5S on 1");
    assert_eq!(d.layout(2).entitlement(&g.config.melds), 4);
    let before = d.deltas()[2];
    act(&mut d, "split 1 5S 5S 5S");
    assert_eq!(d.layout(2).entitlement(&g.config.melds), 5);
    assert_eq!(d.deltas()[2], before + 2, "one more from each of two opponents");
    // Borrowing a 5 back out of the mixed set is refused: it would leave two cards.
    refused(&mut d, "split 1 5C 5D 5H");
}

// PAN-X5: a drawn stock card thrown away may be taken by the next player (only to meld it); a
// card discarded from hand may not.
#[test]
fn px5_discard_availability() {
    let g = game(3, &[]);
    // Dealer 0: seat 2 plays first, then seat 1.
    let mut d = deal(&g, 0, &["", "6C 6D", "QD AC 2C"], "KH", "6H 3C");
    all_stay(&mut d);
    act(&mut d, "stock"); // 6H: seat 2 cannot use it
    act(&mut d, "discard 6H");
    assert!(d.view(1).top_takeable);
    let moves = legal(&d);
    assert!(moves.contains(&"take meld 6C 6D".to_string()), "{moves:?}");
    act(&mut d, "take meld 6C 6D");
    assert_eq!(d.view(0).players[1].melds, vec![cards("6C 6D 6H")]);
    assert!(
        legal(&d).iter().all(|a| a.starts_with("discard")),
        "the taken card is down"
    );
    // Had seat 2 melded the drawn card and discarded from hand, nobody could take the discard.
    let mut d = deal(&g, 0, &["", "QD QH", "AC 2C QS"], "KH", "3C");
    all_stay(&mut d);
    act(&mut d, "stock"); // 3C
    act(&mut d, "meld AC 2C 3C");
    act(&mut d, "discard QS");
    assert!(!d.view(1).top_takeable, "a card from the hand cannot be taken");
    assert!(legal(&d).iter().all(|a| !a.starts_with("take")), "{:?}", legal(&d));
    let e = refused(&mut d, "take meld QD QH");
    assert!(e.contains("cannot be taken"), "{e}");
    // any-top lets it be taken.
    let g = game(3, &["discard_take_rule=any-top"]);
    let mut d = deal(&g, 0, &["", "QD QH", "AC 2C QS"], "KH", "3C");
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld AC 2C 3C");
    act(&mut d, "discard QS");
    act(&mut d, "take meld QD QH");
}

/// Puts `melds` on `seat`'s table and `hand` in its hand (the cards come from the stock, so the
/// deal's cards stay the same).
fn lay_out(d: &mut PanDeal, seat: usize, melds: &[&str], hand: &str) {
    let mut back = d.seats[seat].hand.to_vec();
    back.extend(
        d.seats[seat]
            .layout
            .melds()
            .iter()
            .flat_map(|m| m.cards().cards().collect::<Vec<_>>()),
    );
    d.stock.extend(back);
    let mut take = |c: Card| {
        if let Some(at) = d.stock.iter().position(|&x| x == c) {
            d.stock.remove(at);
            return;
        }
        // From another hand, which gets the bottom stock card instead.
        let q = (0..d.seats.len())
            .find(|&q| q != seat && d.seats[q].hand.count(c) > 0)
            .unwrap_or_else(|| panic!("{c} is nowhere to take it from"));
        d.seats[q].hand.remove(c);
        let bottom = d.stock.remove(0);
        d.seats[q].hand.add(bottom);
    };
    let list: Vec<Vec<Card>> = melds.iter().map(|m| cards(m)).collect();
    for &c in list.iter().flatten() {
        take(c);
    }
    let hand = cards(hand);
    for &c in &hand {
        take(c);
    }
    d.seats[seat].layout = Layout::from_cards(&list).unwrap();
    d.seats[seat].hand = hand.into_iter().collect();
    d.seats[seat].collected = d.seats[seat].layout.entitlement(&d.cfg.melds);
}

fn put_on_stock(d: &mut PanDeal, top: &str) {
    for c in cards(top).into_iter().rev() {
        let at = d.stock.iter().position(|&x| x == c).expect("in the stock");
        d.stock.remove(at);
        d.stock.push(c);
    }
}

/// Three players, everyone in: seat 1 (next in turn) has the ten cards `watched` melded, and
/// seat 2 (in turn) with `melds` and `hand` has just drawn `drawn` from the stock.
fn drawn_before_ten_melded(variants: &[&str], watched: &[&str], melds: &[&str], hand: &str, drawn: &str) -> PanDeal {
    let g = game(3, variants);
    let mut d = deal(&g, 0, &[], "KH", "");
    all_stay(&mut d);
    lay_out(&mut d, 1, watched, "");
    lay_out(&mut d, 2, melds, hand);
    put_on_stock(&mut d, drawn);
    act(&mut d, "stock");
    d
}

// PAN-X6: the next player U has 10 melded with 4D 5D 6D 7D: a drawn 3D that the current player
// will not meld must be kept, a hand card discarded instead; with an empty hand it is thrown.
#[test]
fn px6_ten_melded_protection() {
    const U: [&str; 3] = ["4D 5D 6D 7D", "QC QD QH", "KS KS KS"];
    for (variant, allowed) in [
        (
            "mandatory",
            &["discard 2H", "discard 4H", "discard 4S", "discard 6S"][..],
        ),
        (
            "optional",
            &["discard 3D", "discard 2H", "discard 4H", "discard 4S", "discard 6S"],
        ),
        ("off", &["discard 3D"]),
    ] {
        let v = format!("protect_ten_melded={variant}");
        let mut d = drawn_before_ten_melded(&[&v], &U, &["AC 2C 3C", "JH QH KH"], "4S 6S 2H 4H", "3D");
        assert_eq!(legal(&d), allowed, "{variant}");
        if variant != "off" {
            act(&mut d, "discard 4S");
            assert_eq!(d.hand(2).count(cards("3D")[0]), 1, "3D kept");
            assert!(!d.view(1).top_takeable);
        }
    }
    // With nothing else in hand the 3D must go, and U takes it and goes out.
    let mut d = drawn_before_ten_melded(&[], &U, &["AC 2C 3C", "JH QH KH", "5C 5H 5S 5D"], "", "3D");
    assert_eq!(legal(&d), ["discard 3D"]);
    act(&mut d, "discard 3D");
    assert_eq!(d.turn(), 1);
    // U can be forced to take it; nobody forces, and U takes it and goes out.
    assert_eq!(d.step(), Step::Force);
    // Forced, U goes out the same way: the forced lay-off is the eleventh card (PAN-3, PAN-15).
    let mut forced = d.clone();
    act(&mut forced, "force");
    assert_eq!(legal(&forced), ["take on 1"]);
    act(&mut forced, "take on 1");
    assert_eq!((forced.step(), forced.winner()), (Step::Over, Some(1)));
    act(&mut d, "pass");
    act(&mut d, "pass");
    assert_eq!(legal(&d), ["stock", "take on 1"]);
    act(&mut d, "take on 1");
    assert_eq!(d.step(), Step::Over);
    assert_eq!(d.winner(), Some(1));
}

/// PAN-X7's table: five players, seat 1 (B) deals, so A = seat 0 is first hand; C = seat 2
/// retires; A holds KS KS KS, 3C 3D 3H 3D and 5H 6H 7H on the table.
fn px7_table(variants: &[&str]) -> PanDeal {
    let g = game(5, variants);
    let mut d = deal(&g, 1, &[], "QD", "");
    for seat_choice in ["stay", "stay", "stay", "retire", "stay"] {
        act(&mut d, seat_choice);
    }
    assert!(d.is_retired(2));
    assert_eq!(d.pot(), 7);
    assert_eq!(d.turn(), 0);
    lay_out(&mut d, 0, &["KS KS KS", "3C 3D 3H 3D", "5H 6H 7H"], "");
    assert_eq!(d.layout(0).entitlement(&g.config.melds), 4);
    d
}

/// A draws the JH and lays it off, going out: what each seat's chips changed by.
fn px7_go_out(d: &mut PanDeal) -> Vec<i64> {
    put_on_stock(d, "JH");
    let before = d.deltas().to_vec();
    act(d, "stock");
    act(d, "lay JH on 3");
    assert_eq!(d.winner(), Some(0));
    assert_eq!(d.deltas().iter().sum::<i64>(), 0);
    d.deltas().iter().zip(&before).map(|(a, b)| a - b).collect()
}

// PAN-X7: five players, pot 5 + C's forfeit 2 = 7; A goes out with KS KS KS (2), 3D 3C 3H 3D (2)
// and 5H 6H 7H JH: 7 + 3 x (1 + 4) = 22 from B, D and E; C pays nothing more.
#[test]
fn px7_going_out_settlement() {
    let mut d = px7_table(&[]);
    assert_eq!(px7_go_out(&mut d), [22, -5, 0, -5, -5]);
    assert_eq!(
        d.outcome().unwrap().next_dealer,
        Some(1),
        "the winner plays first: the player on their left deals"
    );
    // base-values-only: the conditions' base values are KS KS KS 2 and the 3s 1, so each pays
    // 1 + 3, and B and D, with no meld, 2 more: 7 + 6 + 6 + 4.
    let mut d = px7_table(&[
        "going_out_condition_repeat=base-values-only",
        "no_meld_penalty=2",
        "next_dealer=rotate-right",
    ]);
    lay_out(&mut d, 4, &["AC 2C 3C"], "4S 5S 6S 7S JS QS 2D");
    assert_eq!(px7_go_out(&mut d), [23, -6, 0, -6, -4]);
    assert_eq!(d.outcome().unwrap().next_dealer, Some(0), "the deal passes right");
}

// PAN-X8: pack sizes.
#[test]
fn px8_pack_arithmetic() {
    for (v, n) in [
        (&["packs=5"][..], 200),
        (&["packs=8"], 320),
        (&["packs=11"], 440),
        (&["remove_one_spade_suit=true"], 310),
    ] {
        assert_eq!(game(6, v).deck().len(), n);
    }
    let e = Variants::parse(Panguingue::info().variants, &["packs=4"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("packs"), "{e}");
    let e = Variants::parse(Panguingue::info().variants, &["forcing_scope=always"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("lay-off-only"), "{e}");
}

// PAN-5: everyone but one retires: the last takes the pot, nothing else is paid.
#[test]
fn all_but_one_retire() {
    let g = game(4, &[]);
    let mut d = deal(&g, 0, &[], "QD", "");
    // Order: 3, 2, 1, 0 (the dealer).
    act(&mut d, "retire");
    act(&mut d, "stay");
    act(&mut d, "retire");
    assert_eq!(d.step(), Step::OnTop);
    act(&mut d, "retire");
    assert_eq!(d.step(), Step::Over);
    assert_eq!(d.winner(), Some(2));
    assert_eq!(d.deltas(), &[-3, -3, 4 + 6 - 1, -3]);
    assert_eq!(d.outcome().unwrap().next_dealer, Some(3));
    // Retired seats are skipped, and their hands are never drawn.
    let mut d = deal(&g, 0, &[], "QD", "");
    act(&mut d, "stay");
    act(&mut d, "retire");
    act(&mut d, "stay");
    act(&mut d, "stay");
    assert_eq!(d.turn(), 3);
    act(&mut d, "stock");
    let c = d.view(3).drawn.unwrap();
    act(&mut d, &format!("discard {c}"));
    assert_eq!(d.turn(), 1, "seat 2 retired");
}

/// Four players, dealer 0 (turns go 3, 2, 1, 0): seat 3 draws the 7C and throws it, and it
/// would lay off on seat 2's 4C 5C 6C.
fn seven_of_clubs_thrown(variants: &[&str]) -> PanDeal {
    let g = game(4, variants);
    let mut d = deal(&g, 0, &[], "QD", "");
    all_stay(&mut d);
    lay_out(&mut d, 2, &["4C 5C 6C"], "KD KH QS JS 2H 2S 4S");
    put_on_stock(&mut d, "7C");
    act(&mut d, "stock");
    assert_eq!(d.view(3).drawn, Some(cards("7C")[0]));
    act(&mut d, "discard 7C");
    d
}

// PAN-3: the others are asked in turn order from the player to the right; a forced player must
// take the card and lay it off.
#[test]
fn forcing() {
    let mut d = seven_of_clubs_thrown(&[]);
    assert_eq!(d.step(), Step::Force);
    assert_eq!(
        d.to_act(),
        Some(1),
        "the player to the right of the one in turn is asked first"
    );
    act(&mut d, "pass");
    assert_eq!(d.to_act(), Some(0));
    act(&mut d, "pass");
    assert_eq!(d.to_act(), Some(3));
    act(&mut d, "force");
    assert_eq!(d.to_act(), Some(2));
    assert_eq!(legal(&d), ["take on 1"]);
    let e = refused(&mut d, "stock");
    assert!(e.contains("forced"), "{e}");
    act(&mut d, "take on 1");
    assert_eq!(d.layout(2).melded(), 4);
    assert!(legal(&d).iter().all(|a| a.starts_with("discard")));
    // forcing_scope=off: no window, and the take stays voluntary.
    let d = seven_of_clubs_thrown(&["forcing_scope=off"]);
    assert_eq!(d.step(), Step::Draw);
    assert_eq!(legal(&d), ["stock", "take on 1"]);
}

// PAN-4: an empty stock is rebuilt from the discards under the top one, whose status is kept.
#[test]
fn the_stock_is_rebuilt_from_the_discards() {
    let g = game(2, &[]);
    let mut d = deal(&g, 0, &[], "QD", "");
    all_stay(&mut d);
    let mut stock = std::mem::take(&mut d.stock);
    let top = stock.pop().unwrap();
    d.discards.extend(stock);
    d.discards.push(top);
    let below: CardCounts = d.discards[..d.discards.len() - 1].iter().copied().collect();
    act(&mut d, "stock");
    assert!(d.stock_seen);
    assert_eq!(d.discards, vec![top]);
    let mut now: CardCounts = d.stock.iter().copied().collect();
    now.add(d.view(1).drawn.expect("seat 1 drew from the rebuilt stock"));
    assert_eq!(
        now, below,
        "the rebuilt stock is exactly the discards under the top one"
    );
    // A world sampled for the other seat draws its stock from the rebuilt cards only.
    let w = d.sample_world(0, &mut GameRng::from_seed(3));
    let b: CardCounts = w.stock.iter().copied().collect();
    assert!(b.iter().all(|(c, k)| d.stock_may_hold.count(c) >= k));
}

/// Every play `check` accepts, found by brute force over sub-multisets.
fn brute_plays(layout: &Layout, hand: &CardCounts, limits: Limits) -> Vec<Play> {
    fn subs(cards: &[(Card, u8)], i: usize, cur: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
        if i == cards.len() {
            out.push(cur.clone());
            return;
        }
        for k in 0..=cards[i].1 {
            for _ in 0..k {
                cur.push(cards[i].0);
            }
            subs(cards, i + 1, cur, out);
            for _ in 0..k {
                cur.pop();
            }
        }
    }
    let of = |c: &CardCounts| {
        let mut out = Vec::new();
        subs(&c.iter().collect::<Vec<_>>(), 0, &mut Vec::new(), &mut out);
        out.retain(|s| !s.is_empty() && s.len() <= 11);
        out
    };
    let hand_subs = of(hand);
    let mut found = Vec::new();
    let mut try_play = |p: Play| {
        if layout.check(hand, p, limits, &RULES).is_ok() {
            found.push(p);
        }
    };
    for s in &hand_subs {
        try_play(Play::Meld(Bag::of(s.clone()).unwrap()));
    }
    for (k, m) in layout.melds().iter().enumerate() {
        for (c, _) in hand.iter() {
            try_play(Play::Lay(c, k as u8));
        }
        let meld_subs = of(&m.cards().counts());
        for b in &meld_subs {
            let b = Bag::of(b.clone()).unwrap();
            try_play(Play::Split(k as u8, b));
            for h in &hand_subs {
                try_play(Play::Borrow(k as u8, b, Bag::of(h.clone()).unwrap()));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Asserts that `plays` lists exactly what `check` accepts for this layout and hand, under a
/// free turn's limits, a card to place (with and without splits) and a forced lay-off.
fn assert_listed_is_legal(layout: &Layout, hand: &CardCounts, place: Option<Card>, what: &str) {
    let free = Limits {
        must_place: None,
        lay_off_only: false,
        splits: true,
    };
    let mut all = vec![free];
    if let Some(c) = place {
        all.push(Limits {
            must_place: Some(c),
            ..free
        });
        all.push(Limits {
            must_place: Some(c),
            splits: false,
            ..free
        });
        all.push(Limits {
            must_place: Some(c),
            lay_off_only: true,
            splits: false,
        });
    }
    for limits in all {
        let mut listed = Vec::new();
        layout.plays(hand, limits, &RULES, &mut listed);
        listed.sort();
        listed.dedup();
        assert_eq!(listed, brute_plays(layout, hand, limits), "{what} {limits:?}");
    }
}

/// A layout of one to three melds (at most ten cards) and a hand that fills it to eleven cards
/// (at most eight): sets of many copies in two to four suits, ropes of any length, and hand
/// cards of the same ranks and suits, so splits and borrows leave several melds.
fn random_table(rng: &mut GameRng) -> (Layout, CardCounts) {
    use cards::Suit;
    const SET_POS: [u8; 5] = [0, 2, 6, 8, 9]; // A, 3, 7, Q, K
    loop {
        let mut list: Vec<Vec<Card>> = Vec::new();
        for _ in 0..1 + rng.index(3) {
            let suit = Suit::from_index(rng.index(4));
            if rng.below(3) == 0 {
                let len = 3 + rng.below(8) as u8;
                let lo = rng.below(u32::from(11 - len)) as u8;
                list.push((lo..lo + len).map(|p| melds::card_at(p, suit)).collect());
            } else {
                let pos = SET_POS[rng.index(SET_POS.len())];
                let counts = [0u8, 0, 1, 1, 2, 3, 3, 4, 5];
                let mut m = Vec::new();
                for s in Suit::ALL {
                    let k = if s == suit { 3 } else { counts[rng.index(counts.len())] };
                    m.extend(std::iter::repeat_n(melds::card_at(pos, s), k as usize));
                }
                list.push(m);
            }
        }
        let melded: usize = list.iter().map(Vec::len).sum();
        if melded > 10 {
            continue;
        }
        let Some(layout) = Layout::from_cards(&list) else {
            continue;
        };
        let mut hand = CardCounts::new();
        while hand.total() < (11 - melded).min(8) as u32 {
            let m = &list[rng.index(list.len())];
            let near = m[rng.index(m.len())];
            let (pos, suit) = (near.rank().and_then(melds::position).unwrap(), near.suit().unwrap());
            let c = match rng.below(4) {
                0 => melds::card_at(pos, Suit::from_index(rng.index(4))),
                1 => melds::card_at(pos, suit),
                2 => melds::card_at((pos + rng.below(3) as u8).saturating_sub(1).min(9), suit),
                _ => melds::card_at(rng.below(10) as u8, Suit::from_index(rng.index(4))),
            };
            // No more copies than the eight packs hold.
            if list.iter().flatten().filter(|&&x| x == c).count() + (hand.count(c) as usize) < 8 {
                hand.add(c);
            }
        }
        return (layout, hand);
    }
}

// The listed plays are exactly the plays the check accepts, on layouts and hands from play and
// on built layouts where sets of many copies split or lend into several melds.
#[test]
fn listed_plays_are_exactly_the_legal_ones() {
    let g = game(4, &[]);
    let mut rng = GameRng::from_seed(99);
    let mut checked = 0;
    let mut legal = Vec::new();
    for seed in 0..300u64 {
        let mut order = g.deck().cards();
        GameRng::from_seed(seed).shuffle(&mut order);
        let mut d = PanDeal::new(g.config, 4, 0, &order, seed);
        while d.step() != Step::Over {
            d.legal_actions(&mut legal);
            if d.step() == Step::Meld && d.hand(d.turn()).total() <= 8 && rng.below(3) == 0 {
                let p = d.turn();
                let limits = Limits {
                    must_place: None,
                    lay_off_only: false,
                    splits: true,
                };
                let mut listed = Vec::new();
                d.layout(p).plays(d.hand(p), limits, &RULES, &mut listed);
                listed.sort();
                listed.dedup();
                assert_eq!(
                    listed,
                    brute_plays(d.layout(p), d.hand(p), limits),
                    "seat {p} seed {seed}"
                );
                let limits = Limits {
                    must_place: d.hand(p).iter().next().map(|(c, _)| c),
                    ..limits
                };
                let mut listed = Vec::new();
                d.layout(p).plays(d.hand(p), limits, &RULES, &mut listed);
                listed.sort();
                listed.dedup();
                assert_eq!(listed, brute_plays(d.layout(p), d.hand(p), limits), "must seed {seed}");
                checked += 1;
            }
            // Meld greedily (so layouts grow), else random.
            let a = legal
                .iter()
                .find(|a| matches!(a, PanAction::Meld(_) | PanAction::Lay(..) | PanAction::TakeMeld(_)))
                .copied()
                .filter(|_| rng.below(4) != 0)
                .unwrap_or(legal[rng.index(legal.len())]);
            d.apply(a).unwrap();
        }
    }
    assert!(checked > 300, "{checked}");
    // Built layouts, counting the plays that leave a set or a rope in several melds.
    let (mut set_rests, mut three_sets, mut rope_rests) = (0, 0, 0);
    for i in 0..400 {
        let (layout, hand) = random_table(&mut rng);
        let place = hand.iter().nth(rng.index(hand.iter().count())).map(|(c, _)| c);
        assert_listed_is_legal(&layout, &hand, place, &format!("table {i}: {layout:?} {hand:?}"));
        let free = Limits {
            must_place: None,
            lay_off_only: false,
            splits: true,
        };
        let mut listed = Vec::new();
        layout.plays(&hand, free, &RULES, &mut listed);
        for play in listed {
            let (Play::Split(k, _) | Play::Borrow(k, ..)) = play else {
                continue;
            };
            let effect = layout.check(&hand, play, free, &RULES).unwrap();
            let mut after = layout;
            after.commit(&mut hand.clone(), &effect);
            if after.melds().len() == layout.melds().len() + 2 {
                match layout.melds()[k as usize].shape {
                    melds::Shape::Set { .. } => {
                        set_rests += 1;
                        let one_suit = |m: &Meld| {
                            m.cards()
                                .cards()
                                .all(|c| c.suit() == m.cards().cards().next().unwrap().suit())
                        };
                        three_sets += usize::from(after.melds().iter().filter(|m| one_suit(m)).count() == 3);
                    }
                    melds::Shape::Rope { .. } => rope_rests += 1,
                }
            }
        }
    }
    assert!(
        set_rests > 50 && three_sets > 5 && rope_rests > 20,
        "{set_rests} {three_sets} {rope_rests}"
    );
}

#[test]
fn action_text_round_trips_and_errors_name_the_problem() {
    for t in [
        "stay",
        "retire",
        "force",
        "pass",
        "stock",
        "take on 2",
        "take meld 5D 5H",
        "take borrow 2 7C",
        "take borrow 2 7C with 7D",
        "meld 5D 5H 5S",
        "lay 5S on 2",
        "split 2 5S 5S 5S",
        "borrow 2 7C with 7D 7H",
        "discard QS",
    ] {
        let a: PanAction = t.parse().unwrap();
        assert_eq!(a.to_string(), t);
    }
    assert_eq!(
        "MELD 5s 5h 5d".parse::<PanAction>().unwrap().to_string(),
        "meld 5D 5H 5S"
    );
    assert!("lay 5S on 0".parse::<PanAction>().unwrap_err().contains("meld number"));
    assert!("borrow 2 7C".parse::<PanAction>().unwrap_err().contains("with"));
    assert!("meld".parse::<PanAction>().unwrap_err().contains("name"));
    assert!("meld 5X".parse::<PanAction>().is_err());
    assert!("fold".parse::<PanAction>().unwrap_err().contains("stay, retire"));
}

/// PAN-17's start: the lowest card of a draw deals (aces low, then 2-7, J, Q, K); ties draw again.
#[test]
fn the_first_dealer_draws_the_lowest_card() {
    let mut dealers = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let setup = engine::MatchSetup::new(5, Variants::defaults(Panguingue::info().variants), seed);
        let m = engine::Match::<Panguingue>::new(setup).unwrap();
        let draw = m.first_draw().expect("the first dealer is drawn");
        assert_eq!(m.dealer(), draw.dealer);
        let low: Vec<u8> = draw
            .first_cards
            .iter()
            .map(|c| melds::position(c.rank().unwrap()).unwrap())
            .collect();
        let lowest = *low.iter().min().unwrap();
        assert_eq!(low[draw.dealer], lowest, "{:?}", draw.first_cards);
        if low.iter().filter(|&&p| p == lowest).count() == 1 {
            assert_eq!(low.iter().position(|&p| p == lowest), Some(draw.dealer));
        }
        dealers.insert(draw.dealer);
    }
    assert_eq!(dealers.len(), 5, "the draw varies the first dealer");
}

#[test]
fn conformance_by_table_size() {
    for (players, matches) in [(2, 30), (6, 8), (8, 6), (15, 3)] {
        let r = run::<Panguingue>(&Conformance::new(players, matches).seed(5).deal_limit(3));
        assert!(r.deals >= matches as u64, "{players}: {r:?}");
    }
}

#[test]
fn conformance_with_every_flag_changed() {
    let presets: [&[&str]; 3] = [
        &[
            "discard_take_rule=any-top",
            "forcing_scope=any-meld",
            "valle_same_suit_increase=full",
            "rope_upgrade_payment=base-only",
            "going_out_condition_repeat=base-values-only",
            "protect_ten_melded=optional",
        ],
        &[
            "forcing_scope=off",
            "protect_ten_melded=off",
            "meld_from_hand_when_rejecting_draw=false",
            "aces_kings_same_suit_set_accepts_any_suit=true",
            "retired_players_pay_conditions=true",
            "no_meld_penalty=2",
            "next_dealer=rotate-right",
            "packs=5",
            "remove_one_spade_suit=true",
        ],
        &[
            "packs=11",
            "ante=3",
            "retire_forfeit=5",
            "max_turns=40",
            "bankroll=20",
            "max_deals=4",
        ],
    ];
    for v in presets {
        for (players, matches) in [(2, 6), (6, 3), (8, 3), (15, 1)] {
            run::<Panguingue>(&Conformance::new(players, matches).seed(9).deal_limit(3).variants(v));
        }
    }
}

#[test]
fn conformance_with_rule_bots() {
    for players in [2, 6, 8, 15] {
        run::<Panguingue>(
            &Conformance::new(players, 2)
                .seed(21)
                .deal_limit(2)
                .bots(&["rule", "random"]),
        );
    }
}

// PAN-10 with copies: a hand's own copy of the drawn card may be thrown while the drawn one is
// kept, and that discard cannot be taken.
#[test]
fn protection_throws_the_hands_copy_of_the_drawn_card() {
    const U: [&str; 3] = ["4H 5H 6H", "QC QD QH QS", "KS KS KS"];
    const MELDS: [&str; 3] = ["AC 2C 3C", "JD QD KD", "5C 5D 5S"];
    let mut d = drawn_before_ten_melded(&[], &U, &MELDS, "7H", "7H");
    assert_eq!(legal(&d), ["discard 7H"]);
    act(&mut d, "discard 7H");
    assert!(!d.view(1).top_takeable, "the hand's copy went, not the drawn card");
    assert_eq!(d.hand(2).to_vec(), cards("7H"));
    // Without the protection the drawn card itself must go, and it may be taken.
    let mut d = drawn_before_ten_melded(&["protect_ten_melded=off"], &U, &MELDS, "7H", "7H");
    act(&mut d, "discard 7H");
    assert!(d.view(1).top_takeable);
}

// PAN-9 base-only: the piece of an upgraded rope left by a split still pays for each card added.
#[test]
fn base_only_rope_pieces_pay_for_added_cards() {
    let g = game(3, &["rope_upgrade_payment=base-only"]);
    let mut d = deal(&g, 0, &[], "KC", "");
    all_stay(&mut d);
    lay_out(&mut d, 2, &["2H 3H 4H 5H 6H 7H JH QH"], "KH 5H");
    act(&mut d, "stock");
    let start = d.deltas()[2];
    act(&mut d, "lay KH on 1");
    assert_eq!(d.deltas()[2], start + 2, "base value 1 from each of two");
    act(&mut d, "split 1 2H 3H 4H 5H");
    act(&mut d, "lay 5H on 1");
    assert_eq!(d.deltas()[2], start + 4, "the added 5H pays 1 each");
}

// Sampling after a rebuild: the stock may hold only rebuilt cards not seen since, but a drawn
// card that was melded stays possible; the drawn card's fate is decided from public facts.
#[test]
fn worlds_after_a_rebuild_keep_only_public_knowledge() {
    let g = game(2, &[]);
    let mut d = deal(&g, 0, &[], "KC", "");
    all_stay(&mut d);
    // With a 5H of its own in hand, the 5H melded might be either copy.
    lay_out(&mut d, 0, &[], "5C 5D 5H AS 2D 4H 6C 7S JD KS");
    let mut stock = std::mem::take(&mut d.stock);
    let top = d.discards.pop().unwrap();
    d.discards.append(&mut stock);
    d.discards.push(top);
    assert_eq!(d.turn(), 1);
    act(&mut d, "stock");
    assert!(d.stock_seen);
    let thrown = d.view(1).drawn.unwrap();
    act(&mut d, &format!("discard {thrown}"));
    if d.step() == Step::Force {
        act(&mut d, "pass");
    }
    put_on_stock(&mut d, "5H");
    act(&mut d, "stock");
    act(&mut d, "meld 5C 5D 5H");
    let truth: CardCounts = d.stock.iter().copied().collect();
    let mut rng = GameRng::from_seed(8);
    let (mut differs, mut pending, mut placed) = (false, 0, 0);
    for _ in 0..60 {
        let w = d.sample_world(1, &mut rng);
        let s: CardCounts = w.stock.iter().copied().collect();
        assert!(
            s.iter().all(|(c, k)| d.stock_may_hold.count(c) >= k),
            "only rebuilt, unseen cards"
        );
        differs |= s != truth;
        match w.drawn {
            Some(_) => pending += 1,
            None => placed += 1,
        }
    }
    assert!(differs, "the melded draw could have been any rebuilt card");
    assert!(pending > 0 && placed > 0, "{pending} {placed}");
}

// PAN-3: a forced turn is the take, the lay-off and the discard, with no other melding play in
// between. The reproduction: four players, seed 3, every decision the rule bot's (as the
// engine's `hint` gives it) and every force window forced. The third forced take, `take on 2`,
// used to be followed by `split 2 JD JD JD`.
#[test]
fn a_forced_turn_is_take_lay_off_and_discard() {
    use engine::Decision;
    let setup = engine::MatchSetup::new(4, Variants::defaults(Panguingue::info().variants), 3);
    let mut m = engine::Match::<Panguingue>::new(setup).unwrap();
    let mut bot = m.game().bot("rule").unwrap();
    let mut rng = GameRng::from_seed(0);
    let mut legal_now = Vec::new();
    let mut forced_takes = Vec::new();
    while !m.is_over() && forced_takes.len() < 3 {
        m.legal_actions(&mut legal_now);
        let a = if m.deal().step() == Step::Force {
            PanAction::Force
        } else {
            let decision = Decision::new(m.deal(), &legal_now, m.totals()).unwrap();
            bot.choose(&decision, &mut rng)
        };
        let forced_take = m.deal().forced && m.deal().step() == Step::Draw && a != PanAction::Stock;
        let before = m.deal().clone();
        m.apply(a).unwrap();
        if !forced_take {
            continue;
        }
        forced_takes.push(a.to_string());
        let d = m.deal();
        assert_eq!(d.step(), Step::Meld, "nobody went out on these takes");
        let moves = legal(d);
        assert!(
            !moves.is_empty() && moves.iter().all(|a| a.starts_with("discard")),
            "after forced take {}: {moves:?}",
            forced_takes.len()
        );
        // What the hand and layout would allow on a free turn is refused.
        let p = d.turn();
        let mut free = Vec::new();
        let limits = Limits {
            must_place: None,
            lay_off_only: false,
            splits: true,
        };
        d.layout(p).plays(d.hand(p), limits, &d.cfg.melds, &mut free);
        if forced_takes.len() == 3 {
            assert!(
                free.contains(&Play::Split(1, Bag::of(cards("JD JD JD")).unwrap())),
                "{free:?}"
            );
        }
        for play in free {
            let mut d = d.clone();
            let e = refused(&mut d, &PanAction::from(play).to_string());
            assert!(e.contains("forced turn"), "{e}");
        }
        // The same deal with the force passed by: a voluntary take leaves the turn free.
        if forced_takes.len() == 3 {
            let mut free_turn = before.clone();
            free_turn.forced = false;
            free_turn.forcer = None;
            act(&mut free_turn, &forced_takes[2]);
            assert!(legal(&free_turn).contains(&"split 2 JD JD JD".to_string()));
        }
    }
    assert_eq!(forced_takes, ["take on 1", "take on 2", "take on 2"]);
}

// PAN-3 with `forcing_scope=any-meld`: a forced player who melds the card by a new meld also only
// discards; one who cannot meld it draws from the stock and plays an ordinary turn.
#[test]
fn any_meld_forcing_ends_with_the_discard_too() {
    let g = game(2, &["forcing_scope=any-meld"]);
    // Dealer 0: seat 1 plays first and may be forced to take the upcard 6C.
    let mut d = deal(&g, 0, &["", "6D 6H QC QD QH KS KH AS 2S 3H"], "6C", "2S");
    all_stay(&mut d);
    assert_eq!(d.step(), Step::Force);
    act(&mut d, "force");
    assert_eq!(legal(&d), ["take meld 6D 6H"]);
    act(&mut d, "take meld 6D 6H");
    let moves = legal(&d);
    assert!(moves.iter().all(|a| a.starts_with("discard")), "{moves:?}");
    let e = refused(&mut d, "meld QC QD QH");
    assert!(e.contains("forced turn"), "{e}");
    // Forced with nothing to meld the card with: the stock, and a free turn.
    let mut d = deal(&g, 0, &["", "QC QD QH KS KH AS 2S 3H 4S JD"], "6C", "2S");
    all_stay(&mut d);
    act(&mut d, "force");
    assert_eq!(legal(&d), ["stock"]);
    act(&mut d, "stock");
    assert!(legal(&d).contains(&"meld QC QD QH".to_string()));
}

// PAN-14: a set may split, and lend cards, leaving several melds. Two players, dealer 0: seat 1
// is dealt 7C 7C 7C 7H 7H 7H 7D 7S 7H KS, the upcard is 2C and the stock starts QD 4D.
#[test]
fn a_set_splits_and_lends_into_several_melds() {
    let g = game(2, &[]);
    let hands = ["", "7C 7C 7C 7H 7H 7H 7D 7S 7H KS"];
    let mut d = deal(&g, 0, &hands, "2C", "QD 4D");
    let o = order(&g, 0, &hands, "2C", "QD 4D");
    assert_eq!(o[..5], cards("7C 7C 7C 7H 7H")[..]);
    assert_eq!(o[10..15], cards("7H 7D 7S 7H KS")[..]);
    assert_eq!(o[20..22], cards("2C QD")[..]);
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld 7C 7H 7D");
    for c in ["7C", "7C", "7H", "7H"] {
        act(&mut d, &format!("lay {c} on 1"));
    }
    let rules = g.config.melds;
    assert_eq!(d.layout(1).entitlement(&rules), 5, "a mixed valle set of seven");
    let moves = legal(&d);
    assert!(moves.contains(&"borrow 1 7D with 7H 7S".to_string()), "{moves:?}");
    let mut lent = d.clone();
    act(&mut lent, "borrow 1 7D with 7H 7S");
    assert_eq!(
        lent.view(1).players[1].melds,
        vec![cards("7C 7C 7C"), cards("7H 7H 7H"), cards("7D 7H 7S")]
    );
    // 2 + 2 + 1: no more than the 5 collected, so nothing is paid (PAN-9).
    assert_eq!(lent.layout(1).entitlement(&rules), 5);
    assert_eq!(lent.deltas(), d.deltas());
    // What is left must still stand as melds: 7C 7C 7C 7H 7H 7H less a 7C is not.
    let e = refused(&mut d, "borrow 1 7C 7D with 7H 7S");
    assert!(e.contains("does not leave valid melds"), "{e}");

    act(&mut d, "lay 7H on 1");
    act(&mut d, "lay 7S on 1");
    let moves = legal(&d);
    assert!(moves.contains(&"split 1 7D 7H 7S".to_string()), "{moves:?}");
    let mut split = d.clone();
    act(&mut split, "split 1 7D 7H 7S");
    assert_eq!(
        split.view(1).players[1].melds,
        vec![cards("7C 7C 7C"), cards("7H 7H 7H"), cards("7D 7H 7S")]
    );
    // A rest that is a set stays one set.
    act(&mut d, "split 1 7C 7C 7C");
    assert_eq!(
        d.view(1).players[1].melds,
        vec![cards("7D 7H 7H 7H 7H 7S"), cards("7C 7C 7C")]
    );
}

// Nine sevens, three each of clubs, diamonds and hearts, split into three one-suit sets in one
// play; the conditions are paid through PAN-9 (with spades among them, the rise is paid).
#[test]
fn nine_of_a_rank_split_into_three_one_suit_sets() {
    for (suits, split, melds, entitled, paid) in [
        ("7C 7D 7H", "7C 7C 7C", ["7D 7D 7D", "7H 7H 7H", "7C 7C 7C"], 6, 0),
        ("7C 7H 7S", "7C 7C 7C", ["7H 7H 7H", "7S 7S 7S", "7C 7C 7C"], 8, 1),
    ] {
        let g = game(2, &[]);
        let three: Vec<String> = suits.split(' ').map(|c| format!("{c} {c} {c}")).collect();
        let hand = format!("{} KS", three.join(" "));
        let mut d = deal(&g, 0, &["", &hand], "2C", "QD 4D");
        all_stay(&mut d);
        act(&mut d, "stock");
        act(&mut d, &format!("meld {suits}"));
        for c in suits.split(' ') {
            act(&mut d, &format!("lay {c} on 1"));
            act(&mut d, &format!("lay {c} on 1"));
        }
        let rules = g.config.melds;
        assert_eq!(d.layout(1).entitlement(&rules), 7, "1 + 6 for nine mixed sevens");
        let before = d.deltas()[1];
        let moves = legal(&d);
        assert!(moves.contains(&format!("split 1 {split}")), "{moves:?}");
        act(&mut d, &format!("split 1 {split}"));
        let want: Vec<Vec<Card>> = melds.iter().map(|m| cards(m)).collect();
        assert_eq!(d.view(1).players[1].melds, want);
        assert_eq!(d.layout(1).entitlement(&rules), entitled, "2 for each set, 4 in spades");
        assert_eq!(d.deltas()[1], before + paid, "{suits}");
        assert_eq!(d.seats[1].collected, 7 + paid as u32);
        assert_eq!(d.deltas().iter().sum::<i64>() + d.pot(), 0);
    }
}

// A borrow that leaves two one-suit sets, one of them in spades: the rise is paid (PAN-9, PAN-14).
#[test]
fn a_borrow_leaving_one_suit_sets_pays_the_rise() {
    let g = game(3, &[]);
    let mut d = deal(&g, 0, &["", "", "7S 7S 7S 7H 7H 7H 7D 7C 7H KS"], "2C", "QD");
    all_stay(&mut d);
    act(&mut d, "stock");
    act(&mut d, "meld 7D 7H 7S");
    for c in ["7S", "7S", "7H", "7H"] {
        act(&mut d, &format!("lay {c} on 1"));
    }
    assert_eq!(d.seats[2].collected, 5);
    let before = d.deltas()[2];
    act(&mut d, "borrow 1 7D with 7C 7H");
    assert_eq!(
        d.view(2).players[2].melds,
        vec![cards("7H 7H 7H"), cards("7S 7S 7S"), cards("7C 7D 7H")]
    );
    // 2 + 4 + 1 = 7: two more from each of the two opponents.
    assert_eq!(d.deltas()[2], before + 4);
    assert_eq!(d.seats[2].collected, 7);
}

// `take borrow` may leave several melds too: the taken 7S with 7H from hand and the 7D
// borrowed from 7C 7C 7C 7H 7H 7H 7D.
#[test]
fn a_take_borrow_may_leave_several_melds() {
    let g = game(2, &[]);
    let mut d = deal(&g, 0, &[], "7S", "");
    all_stay(&mut d);
    assert_eq!((d.turn(), d.step()), (1, Step::Draw));
    lay_out(&mut d, 1, &["7C 7C 7C 7H 7H 7H 7D"], "7H QD KS");
    let moves = legal(&d);
    assert!(moves.contains(&"take borrow 1 7D with 7H".to_string()), "{moves:?}");
    act(&mut d, "take borrow 1 7D with 7H");
    assert_eq!(
        d.view(1).players[1].melds,
        vec![cards("7C 7C 7C"), cards("7H 7H 7H"), cards("7D 7H 7S")]
    );
}

// `Meld::without` on sets against brute force: what is left stands as one set if it is one,
// and otherwise as the only way to cut it into two melds (there is never more than one).
#[test]
fn a_set_rest_is_one_meld_or_its_only_two_meld_partition() {
    use cards::{Rank, Suit};
    let valid = |rank: Rank, s: [u8; 4]| Meld::from_cards(melds::set_bag(rank, s).cards(), false);
    let mut two_pieces = 0;
    for rank in [Rank::Seven, Rank::Queen, Rank::King] {
        for code in 0..9u32.pow(4) {
            let rest: [u8; 4] = std::array::from_fn(|i| (code / 9u32.pow(i as u32) % 9) as u8);
            let n: u8 = rest.iter().sum();
            if n > 10 {
                continue;
            }
            // A meld holding the rest and one more card, taken out again.
            let extra_suit = match rest.iter().filter(|&&k| k > 0).count() {
                1 => rest.iter().position(|&k| k > 0).unwrap(),
                _ => rest.iter().position(|&k| k == 0).unwrap_or(0),
            };
            let extra = Card::new(rank, Suit::from_index(extra_suit));
            let mut all = rest;
            all[extra_suit] += 1;
            let Some(meld) = valid(rank, all) else {
                assert!(n <= 1, "{rest:?}");
                continue;
            };
            let got = meld.without(&Bag::of([extra]).unwrap()).map(|p| {
                let mut v: Vec<Bag> = p.iter().map(|m| m.cards()).collect();
                v.sort();
                v
            });
            let mut want: Vec<Vec<Bag>> = Vec::new();
            if let Some(whole) = valid(rank, rest) {
                want.push(vec![whole.cards()]);
            } else {
                melds::sub_multisets(rest, 3, n.saturating_sub(3), &mut |a| {
                    let b: [u8; 4] = std::array::from_fn(|i| rest[i] - a[i]);
                    if let (Some(x), Some(y)) = (valid(rank, a), valid(rank, b)) {
                        let mut v = vec![x.cards(), y.cards()];
                        v.sort();
                        if !want.contains(&v) {
                            want.push(v);
                        }
                    }
                });
            }
            assert!(want.len() <= 1, "{rank:?} {rest:?}: {want:?}");
            assert_eq!(got, want.pop(), "{rank:?} {rest:?}");
            two_pieces += usize::from(got.is_some_and(|v| v.len() == 2));
        }
    }
    assert!(two_pieces > 20, "{two_pieces}");
}
