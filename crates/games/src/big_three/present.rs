//! The Big Three table model: the bidding for the solo seat, the widow, the combination to
//! beat, and the payments.

use super::combo::{strength, take_cards, Combo, ComboKind, ORDER};
use super::state::{BigThreeAction, BigThreeDeal, Step};
use crate::present::{hidden, seat_rows, signed, sorted_hand, waiting};
use cards::{Card, CardSet};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, Narration, Pile, Viewer,
};

pub(super) const ACTION_KINDS: &[ActionKind] = &[
    ActionKind {
        name: "bid",
        group: "bid",
        help: "Bid 1, 2 or 3 to play alone against the other two: the highest bidder takes the four widow cards and leads; the stake is the bid.",
    },
    ActionKind {
        name: "pass",
        group: "pass",
        help: "In the bidding, decline to bid. In play, decline to beat the combination on the table; when both others pass, the last to play leads anything.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a combination: a single, a pair, three or four of a kind, a straight of three or more ranks, or a run of consecutive pairs or trips. It must be the same shape as the one on the table and higher. The first to shed every card wins the hand.",
    },
];

fn rank_name(index: u8) -> &'static str {
    ORDER[index as usize].name()
}

/// "a pair of sevens", "a straight from four to eight".
pub(super) fn combo_words(c: &Combo) -> String {
    let low = c.top + 1 - c.groups;
    let (lo, hi) = (rank_name(low), rank_name(c.top));
    match c.kind {
        ComboKind::Single => format!("a single {hi}"),
        ComboKind::Pair => format!("a pair of {hi}s"),
        ComboKind::Trips => format!("three {hi}s"),
        ComboKind::Quads => format!("four {hi}s"),
        ComboKind::Straight => format!("a straight from {lo} to {hi}"),
        ComboKind::Run2 => format!("pairs from {lo} to {hi}"),
        ComboKind::Run3 => format!("trips from {lo} to {hi}"),
        ComboKind::Run4 => format!("fours from {lo} to {hi}"),
    }
}

fn by_strength(c: Card) -> u8 {
    strength(c.rank().expect("no jokers"))
}

fn cards_of(set: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = set.iter().collect();
    v.sort_by_key(|&c| (by_strength(c), c));
    v
}

fn seat_order(d: &BigThreeDeal) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < 3 {
        order.push(d.cfg.next(*order.last().expect("not empty")));
    }
    order
}

fn widow_seen(d: &BigThreeDeal, viewer: Viewer) -> bool {
    d.solo.is_some() && (d.cfg.show_widow || d.solo.is_some_and(|s| viewer.is(s as usize)))
}

pub(super) fn scene(d: &BigThreeDeal, viewer: Viewer) -> DealScene {
    let to_act = (d.step != Step::Over).then_some(d.to_act as usize);
    let rows = seat_rows(3, Some(d.dealer as usize), to_act);
    let mut seats = Vec::new();
    for s in seat_order(d) {
        let mut row = rows[s].clone();
        if viewer.is(s) {
            row.hand = engine::HandScene::Shown {
                cards: sorted_hand(d.hands[s].iter(), by_strength),
            };
        } else {
            row.hand = hidden(d.hands[s].len() as usize);
        }
        if s == d.opener as usize {
            row.marks.push("opener".to_string());
        }
        if d.solo == Some(s as u8) {
            row.marks.push(format!("solo for {}", d.high_bid));
        }
        if d.step == Step::Bidding {
            if let Some(&(_, b)) = d.bids[..d.bid_len as usize]
                .iter()
                .rev()
                .find(|&&(who, _)| who as usize == s)
            {
                row.bid = Some(if b == 0 { "pass".to_string() } else { format!("bid {b}") });
            }
        }
        if d.step == Step::Over && d.winner == Some(s as u8) {
            row.status = Some("out: won the hand".to_string());
        }
        if viewer.is(s) && widow_seen(d, viewer) && d.solo == Some(s as u8) {
            row.groups.push(CardGroup::new("Widow taken", cards_of(d.widow)));
        }
        seats.push(row);
    }
    let mut piles = Vec::new();
    match d.table {
        Some((combo, by)) => piles.push(Pile::face_up(
            format!("To beat: {} by @{by}", combo_words(&combo)),
            cards_of(d.table_cards),
        )),
        None if d.step == Step::Playing => piles.push(Pile::face_up("Table: a free lead", [])),
        None => {}
    }
    if d.step == Step::Bidding || !widow_seen(d, viewer) {
        if d.step == Step::Bidding {
            piles.push(Pile::face_down("Widow", d.widow.len() as usize));
        }
    } else {
        piles.push(Pile::face_up("Widow, taken by the solo player", cards_of(d.widow)));
    }
    piles.push(Pile::face_up("Played", cards_of(d.played)));
    let mut facts = vec![Fact::new(
        "Opening heart",
        format!("{} held by @{}", d.opening_heart, d.opener),
    )];
    if d.high_bid > 0 {
        let who = d.high_bidder.map_or(String::new(), |b| format!(" by @{b}"));
        facts.push(Fact::new("Bid", format!("{}{who}", d.high_bid)));
    }
    facts.push(Fact::new(
        "Turn order",
        if d.cfg.clockwise { "to the left" } else { "to the right" },
    ));
    let prompt = match to_act {
        None => "The hand is over.".to_string(),
        Some(s) if viewer.is(s) => match d.step {
            Step::Bidding if d.high_bid == 0 => "Open the bidding: bid 1, 2 or 3 to play solo.".to_string(),
            Step::Bidding => format!("Bid more than {} to play solo, or pass.", d.high_bid),
            _ => match d.table {
                Some((c, by)) => format!("Beat {} played by @{by}, or pass.", combo_words(&c)),
                None => "Lead any combination.".to_string(),
            },
        },
        Some(s) => waiting(s, if d.step == Step::Bidding { "bid" } else { "play" }),
    };
    DealScene {
        title: format!(
            "Big Three, hand {}: {}",
            d.deal_number + 1,
            match d.step {
                Step::Bidding => "bidding",
                Step::Playing => "play",
                Step::Over => "over",
            }
        ),
        seats,
        centre: Centre {
            trick: None,
            last_trick: None,
            piles,
            facts,
        },
        deal_scores: (d.step == Step::Over).then(|| DealScores {
            label: "This hand".to_string(),
            values: d.deltas.to_vec(),
        }),
        target: Some(format!("{} hands; the most chips wins.", d.cfg.max_hands)),
        prompt,
    }
}

pub(super) fn narrate(before: &BigThreeDeal, action: BigThreeAction, after: &BigThreeDeal, out: &mut Narration) {
    let s = before.to_act as usize;
    match action {
        BigThreeAction::Bid(b) => out.all(Event::new("bid", Some(s), format!("@{s} {{bid|bids}} {b}."))),
        BigThreeAction::Pass if before.step == Step::Bidding => {
            out.all(Event::new("bid", Some(s), format!("@{s} {{pass|passes}}.")))
        }
        BigThreeAction::Pass => out.all(Event::new("pass", Some(s), format!("@{s} {{pass|passes}}."))),
        BigThreeAction::Play(c) => {
            let cards = cards_of(after.table_cards);
            out.all(
                Event::new(
                    "play",
                    Some(s),
                    format!("@{s} {{play|plays}} {}: {}.", combo_words(&c), cards_text(&cards)),
                )
                .with_cards(cards),
            );
        }
    }
    if before.solo.is_none() {
        if let Some(solo) = after.solo {
            let solo = solo as usize;
            let widow = cards_of(after.widow);
            let text = format!(
                "@{solo} {{play|plays}} solo for {} and {{take|takes}} the widow",
                after.high_bid
            );
            if after.cfg.show_widow {
                out.all(Event::new("widow", Some(solo), format!("{text}: {}.", cards_text(&widow))).with_cards(widow));
            } else {
                out.only(
                    solo,
                    Event::new("widow", Some(solo), format!("{text}: {}.", cards_text(&widow))).with_cards(widow),
                );
                out.all_but(solo, Event::new("widow", Some(solo), format!("{text}.")));
            }
        }
    }
    if before.step == Step::Playing && before.table.is_some() && after.table.is_none() && after.step == Step::Playing {
        let lead = after.to_act as usize;
        out.all(Event::new(
            "lead",
            Some(lead),
            format!("Both others passed: @{lead} {{lead|leads}} anew."),
        ));
    }
}

pub(super) fn narrate_end(d: &BigThreeDeal, out: &mut Narration) {
    let (Some(winner), Some(solo)) = (d.winner, d.solo) else {
        return;
    };
    let (winner, solo) = (winner as usize, solo as usize);
    let bid = d.high_bid as i64;
    let text = if winner == solo {
        format!("@{solo} {{go|goes}} out first and {{win|wins}} the solo for {bid}: each other player pays {bid}.")
    } else {
        format!("@{winner} {{go|goes}} out before the solo player: @{solo} pays {bid} to each other player.")
    };
    out.all(Event::new("score", Some(winner), text));
    for s in 0..3 {
        out.all(Event::new("score", Some(s), format!("@{s}: {}.", signed(d.deltas[s]))));
    }
}

pub(super) fn describe(d: &BigThreeDeal, action: BigThreeAction) -> Described {
    match action {
        BigThreeAction::Bid(b) => Described::new("bid", format!("Bid {b}")),
        BigThreeAction::Pass => Described::new("pass", "Pass"),
        BigThreeAction::Play(c) => {
            let cards = cards_of(take_cards(d.hands[d.to_act as usize], &c));
            Described::new("play", format!("Play {}: {}", combo_words(&c), cards_text(&cards))).with_cards(cards)
        }
    }
}
