//! The Auction Pinochle table model: the auction, the widow turned up, trump and the
//! bidder's meld, the buried cards (the bidder's secret), tricks and counters, and the
//! settlement.

use super::meld::{MeldKind, MeldLine};
use super::scoring::Outcome;
use super::state::{strength, PinochleAction, PinochleDeal, Step};
use crate::present::{hidden, played, seat_rows, signed, sorted_hand, took_trick, trick_scene, waiting};
use cards::Card;
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Viewer,
};

pub(super) const ACTION_KINDS: &[ActionKind] = &[
    ActionKind { name: "pass", group: "bid", help: "Drop out of the auction for good." },
    ActionKind { name: "bid", group: "bid", help: "Bid the points (meld plus counters taken in tricks) you promise to make; the highest bidder takes the widow, names trump and plays alone against the other two." },
    ActionKind { name: "trump", group: "choose", help: "As the bidder, name the trump suit; your meld is then counted and shown." },
    ActionKind { name: "bury", group: "discard", help: "As the bidder, put a card face down out of play (three in all); counters you bury count for you." },
    ActionKind { name: "concede", group: "choose", help: "Give up before the first lead: you lose the bid once (a single bete) instead of risking a double one." },
    ActionKind { name: "play-on", group: "choose", help: "Play the hand out to make your bid." },
    ActionKind { name: "play", group: "play", help: "Play a card: follow suit and beat the trick if you can; if you cannot follow, trump (and overtrump) if you can." },
];

/// A meld line in words: "a flush", "double pinochle", "aces around".
pub(super) fn meld_line_words(l: &MeldLine) -> String {
    let base = match l.kind {
        MeldKind::Flush => "flush".to_string(),
        MeldKind::RoyalMarriage => "royal marriage".to_string(),
        MeldKind::Marriage(s) => format!("marriage in {}", s.name()),
        MeldKind::Dix => "dix".to_string(),
        MeldKind::Around(r) => format!(
            "{} around",
            match r {
                'A' => "aces",
                'K' => "kings",
                'Q' => "queens",
                _ => "jacks",
            }
        ),
        MeldKind::Pinochle => "pinochle".to_string(),
    };
    match l.count {
        1 => base,
        2 => format!("double {base}"),
        n => format!("{base} {n} times"),
    }
}

fn hand_of(d: &PinochleDeal, s: usize) -> Vec<Card> {
    sorted_hand(d.hands[s].iter(), strength)
}

pub(super) fn scene(d: &PinochleDeal, viewer: Viewer) -> DealScene {
    let to_act = (d.step != Step::Over).then_some(d.to_act as usize);
    let mut seats = seat_rows(3, Some(d.dealer as usize), to_act);
    let bidder = d.high_bidder.map(|b| b as usize);
    for row in &mut seats {
        let s = row.seat;
        row.hand = if viewer.is(s) {
            HandScene::Shown { cards: hand_of(d, s) }
        } else {
            hidden(d.hands[s].len() as usize)
        };
        if d.step == Step::Auction {
            if let Some(&(_, b)) = d.bid_log.iter().rev().find(|&&(w, _)| w as usize == s) {
                row.bid = Some(if b == 0 { "pass".to_string() } else { format!("bid {b}") });
            }
        }
        if bidder == Some(s) && d.step != Step::Auction {
            row.marks.push(format!("bidder at {}", d.high_bid));
            if let Some(m) = &d.meld {
                if !m.shown.is_empty() {
                    row.groups.push(CardGroup::new(
                        format!("Meld, {} points", m.points),
                        sorted_hand(m.shown.iter(), strength),
                    ));
                }
            }
            if viewer.is(s) && !d.buried.is_empty() {
                row.groups.push(CardGroup::new("Buried", d.buried.iter()));
            }
        }
        if matches!(d.step, Step::Playing | Step::Over) {
            row.notes.push(format!("{} points taken", d.taken[s]));
        }
    }
    let mut piles = Vec::new();
    if d.widow_taken {
        piles.push(Pile::face_up("Widow, turned up", d.widow));
    } else {
        piles.push(Pile::face_down("Widow", 3));
    }
    if !d.buried.is_empty() && !bidder.is_some_and(|b| viewer.is(b)) {
        piles.push(Pile::face_down("Buried by the bidder", d.buried.len() as usize));
    }
    let mut facts = Vec::new();
    if d.high_bid > 0 {
        facts.push(Fact::new(
            "Bid",
            format!(
                "{}{}",
                d.high_bid,
                bidder.map_or(String::new(), |b| format!(" by @{b}"))
            ),
        ));
    }
    if let Some(t) = d.trump {
        facts.push(Fact::new("Trump", t.name()));
    }
    if let Some(m) = &d.meld {
        let lines: Vec<String> = m
            .lines
            .iter()
            .map(|l| format!("{} {}", meld_line_words(l), l.points))
            .collect();
        facts.push(Fact::new(
            "Meld",
            if lines.is_empty() {
                "none".to_string()
            } else {
                lines.join(", ")
            },
        ));
    }
    let last_trick = if d.tricks_done > 0 {
        trick_scene(&d.last_trick, 3, Some(d.trick.leader()))
    } else {
        None
    };
    let prompt = match to_act {
        None => "The hand is over.".to_string(),
        Some(s) if viewer.is(s) => match d.step {
            Step::Auction if d.high_bid == 0 => "Open the bidding, or pass.".to_string(),
            Step::Auction => format!("Bid more than {}, or pass for good.", d.high_bid),
            Step::NameTrump => "Name trump.".to_string(),
            Step::Bury => format!("Bury three cards face down ({} of 3 buried).", d.buried.len()),
            Step::Concede => format!("Play the hand out to make {}, or concede now.", d.high_bid),
            _ => match d.trick.led_suit() {
                None => format!("Lead to trick {}.", d.tricks_done + 1),
                Some(led) => format!(
                    "Play to trick {}: follow {} and beat the trick if you can.",
                    d.tricks_done + 1,
                    led.name()
                ),
            },
        },
        Some(s) => waiting(
            s,
            match d.step {
                Step::Auction => "bid",
                Step::NameTrump => "name trump",
                Step::Bury => "bury",
                Step::Concede => "decide whether to concede",
                _ => "play",
            },
        ),
    };
    DealScene {
        title: format!(
            "Auction Pinochle, hand {}: {}",
            d.deal_number + 1,
            match d.step {
                Step::Auction => "the auction",
                Step::NameTrump | Step::Bury | Step::Concede => "the bidder's turn",
                Step::Playing => "play",
                Step::Over => "over",
            }
        ),
        seats,
        centre: Centre {
            trick: trick_scene(&d.trick, 3, None),
            last_trick,
            piles,
            facts,
        },
        deal_scores: (d.step == Step::Over).then(|| DealScores {
            label: "Hand settlement".to_string(),
            values: d.deltas.to_vec(),
        }),
        target: None,
        prompt,
    }
}

pub(super) fn narrate(before: &PinochleDeal, action: PinochleAction, after: &PinochleDeal, out: &mut Narration) {
    let s = before.to_act as usize;
    match action {
        PinochleAction::Pass => out.all(Event::new("bid", Some(s), format!("@{s} {{pass|passes}}."))),
        PinochleAction::Bid(n) => out.all(Event::new("bid", Some(s), format!("@{s} {{bid|bids}} {n}."))),
        PinochleAction::Trump(t) => {
            out.all(Event::new(
                "trump",
                Some(s),
                format!("@{s} {{name|names}} {} trump.", t.name()),
            ));
            if let Some(m) = &after.meld {
                let shown: Vec<Card> = sorted_hand(m.shown.iter(), strength);
                let lines: Vec<String> = m.lines.iter().map(meld_line_words).collect();
                let text = if lines.is_empty() {
                    format!("@{s} {{have|has}} no meld.")
                } else {
                    format!(
                        "@{s} {{meld|melds}} {}: {} points ({}).",
                        lines.join(", "),
                        m.points,
                        cards_text(&shown)
                    )
                };
                out.all(Event::new("meld", Some(s), text).with_cards(shown));
            }
        }
        PinochleAction::Bury(c) => {
            out.only(
                s,
                Event::new("bury", Some(s), format!("@{s} {{bury|buries}} {c}.")).with_cards([c]),
            );
            out.all_but(s, Event::new("bury", Some(s), format!("@{s} {{bury|buries}} a card.")));
        }
        PinochleAction::Concede => out.all(Event::new("concede", Some(s), format!("@{s} {{concede|concedes}}."))),
        PinochleAction::PlayOn => out.all(Event::new(
            "concede",
            Some(s),
            format!("@{s} {{play|plays}} the hand out."),
        )),
        PinochleAction::Play(c) => {
            out.all(played(s, c));
            if after.tricks_done > before.tricks_done {
                let w = after.trick.leader();
                let gained = after.taken[w] - before.taken[w];
                out.all(took_trick(
                    w,
                    after.tricks_done as usize,
                    after.last_trick.cards(),
                    &format!("{gained} points"),
                ));
            }
        }
    }
    if !before.widow_taken && after.widow_taken {
        let b = after.high_bidder.map_or(0, |b| b as usize);
        out.all(
            Event::new(
                "widow",
                Some(b),
                format!(
                    "@{b} {{win|wins}} the auction at {} and {{take|takes}} the widow: {}.",
                    after.high_bid,
                    cards_text(&after.widow)
                ),
            )
            .with_cards(after.widow),
        );
    }
}

pub(super) fn narrate_end(d: &PinochleDeal, out: &mut Narration) {
    let Some(b) = d.high_bidder.map(|b| b as usize) else {
        out.all(Event::new("score", None, "Everyone passed: the hand is thrown in."));
        return;
    };
    let meld = d.meld.as_ref().map_or(0, |m| m.points);
    let text = match d.outcome {
        Some(Outcome::Made) => format!(
            "@{b} {{make|makes}} the bid of {}: {meld} in meld and {} in tricks.",
            d.high_bid, d.taken[b]
        ),
        Some(Outcome::Conceded) => format!("@{b} {{concede|concedes}} the bid of {}: a single bete.", d.high_bid),
        Some(Outcome::Failed) => format!(
            "@{b} {{fall|falls}} short of {}: {meld} in meld and {} in tricks, a double bete.",
            d.high_bid, d.taken[b]
        ),
        None => return,
    };
    out.all(Event::new("score", Some(b), text));
    for s in 0..3 {
        out.all(Event::new("score", Some(s), format!("@{s}: {}.", signed(d.deltas[s]))));
    }
}

pub(super) fn describe(d: &PinochleDeal, action: PinochleAction) -> Described {
    match action {
        PinochleAction::Pass => Described::new("pass", "Pass"),
        PinochleAction::Bid(n) => Described::new("bid", format!("Bid {n}")),
        PinochleAction::Trump(t) => Described::new("trump", format!("Name {} trump", t.name())),
        PinochleAction::Bury(c) => Described::new("bury", format!("Bury the {} ({c})", c.name())).with_cards([c]),
        PinochleAction::Concede => Described::new("concede", "Concede"),
        PinochleAction::PlayOn => Described::new("play-on", "Play the hand out"),
        PinochleAction::Play(c) => {
            let verb = if d.trick.is_empty() { "Lead" } else { "Play" };
            Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
        }
    }
}
