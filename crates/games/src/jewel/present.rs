//! The Jewel table model: the seating from the cut, the open card and the jewels, draws
//! (the stock's card seen by the drawer only), packs, declarations, every hand laid out at the
//! end and the pairwise settlement.

use super::melds::Arrangement;
use super::scoring::{pay, Standing};
use super::state::{JewelAction, JewelDeal, Status, Step};
use crate::present::{hidden, sorted_hand, waiting};
use crate::trick::ace_high;
use cards::Card;
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, SeatScene, Viewer,
};

pub(super) const ACTION_KINDS: &[ActionKind] = &[
    ActionKind {
        name: "stock",
        group: "take",
        help: "Draw the top card of the stock (only you see it).",
    },
    ActionKind {
        name: "take",
        group: "take",
        help: "Take the card just discarded instead of drawing; everyone sees which card you took.",
    },
    ActionKind {
        name: "pack",
        group: "choose",
        help: "Give up the deal: you keep your jewels face up for the settlement and pay the declarer 4 (at your first turn) or 8 (later) instead of settling on your hand.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "Discard a card face up; the next player may take it.",
    },
    ActionKind {
        name: "declare",
        group: "declare",
        help: "Discard a card face down and lay down the other sixteen: a pure sequence of four and four groups of three. A wrong declaration puts you out of the deal and settles your hand as a full penalty.",
    },
];

fn jewels_of(d: &JewelDeal) -> [Card; 2] {
    let rank = d.table.open.rank().expect("the open card is natural");
    d.table.jewel_suits.map(|s| Card::new(rank, s))
}

fn arrangement_words(a: &Arrangement) -> String {
    let mut parts = Vec::new();
    if let Some(f) = a.compulsory {
        parts.push(format!("sequence {}", cards_text(&f)));
    }
    for g in &a.groups {
        let wild = match g.wilds {
            0 => String::new(),
            1 => " with a wild card".to_string(),
            n => format!(" with {n} wild cards"),
        };
        parts.push(format!("{}{wild}", cards_text(g.naturals())));
    }
    if !a.loose.is_empty() {
        parts.push(format!("loose {}", cards_text(&a.loose)));
    }
    format!("{}; bonus {}, penalty {}", parts.join("; "), a.bonus, a.penalty)
}

fn arrangement_cards(a: &Arrangement) -> Vec<Card> {
    let mut v: Vec<Card> = a.compulsory.map(|f| f.to_vec()).unwrap_or_default();
    for g in &a.groups {
        v.extend_from_slice(g.naturals());
    }
    v.extend_from_slice(&a.loose);
    v
}

pub(super) fn scene(d: &JewelDeal, viewer: Viewer) -> DealScene {
    let to_act = engine::Deal::to_act(d);
    let settled = d.settled.as_ref();
    let mut seats = Vec::new();
    for s in d.seating() {
        let mut row = SeatScene {
            seat: s,
            to_act: to_act == Some(s),
            ..SeatScene::default()
        };
        if s == d.dealer as usize {
            row.marks.push("dealer".to_string());
        }
        row.hand = if viewer.is(s) {
            HandScene::Shown {
                cards: sorted_hand(d.hands[s].to_vec(), ace_high),
            }
        } else {
            hidden(d.hands[s].total() as usize)
        };
        row.status = match d.status[s] {
            Status::Playing => None,
            Status::Packed { mid: false } => Some("packed at the first turn".to_string()),
            Status::Packed { mid: true } => Some("packed mid-deal".to_string()),
            Status::WrongDeclaration => Some("declared wrongly".to_string()),
            Status::Declarer => Some("declared".to_string()),
        };
        if !d.kept[s].is_empty() {
            row.groups
                .push(CardGroup::new("Jewels kept", d.kept[s].iter().copied()));
        }
        if !viewer.is(s) && d.known[s].total() > 0 {
            row.groups
                .push(CardGroup::new("Taken from the discards", d.known[s].to_vec()));
        }
        if let Some(cards) = &d.exposed[s] {
            row.groups.push(CardGroup::new("Laid down", cards.iter().copied()));
        }
        if let Some(Some(a)) = settled.map(|x| &x.arrangements[s]) {
            row.groups.push(CardGroup::new("Hand shown", arrangement_cards(a)));
            row.notes.push(format!("bonus {}, penalty {}", a.bonus, a.penalty));
        }
        row.notes.push(format!("{} turns", d.own_turns[s]));
        seats.push(row);
    }
    let jewels = jewels_of(d);
    let mut piles = vec![Pile::face_down("Stock", d.stock.len())];
    let from = d.discards.len().saturating_sub(6);
    let mut discards = Pile::face_up("Discards", d.discards[from..].iter().copied());
    discards.size = Some(d.discards.len());
    piles.push(discards);
    let mut facts = vec![
        Fact::new("Open card", d.table.open.to_string()),
        Fact::new("Jewels", format!("{} and {}, three of each", jewels[0], jewels[1])),
    ];
    if d.rebuilt > 0 {
        facts.push(Fact::new("Stocks rebuilt", d.rebuilt.to_string()));
    }
    let top = d.discards.last().copied();
    let prompt = match to_act {
        None => "The deal is over.".to_string(),
        Some(s) if viewer.is(s) => match (d.step, top) {
            (Step::Draw, Some(t)) if d.takeable => format!("Draw from the stock, take the {t}, or pack."),
            (Step::Draw, _) => "Draw from the stock, or pack.".to_string(),
            _ => "Discard a card, or discard one face down and declare.".to_string(),
        },
        Some(s) => waiting(s, if d.step == Step::Draw { "draw" } else { "discard" }),
    };
    DealScene {
        title: format!(
            "Jewel: {}",
            if d.step == Step::Over { "the settlement" } else { "play" }
        ),
        seats,
        centre: Centre {
            trick: None,
            last_trick: None,
            piles,
            facts,
        },
        deal_scores: settled.map(|x| DealScores {
            label: "Settlement".to_string(),
            values: x.results.clone(),
        }),
        target: None,
        prompt,
    }
}

pub(super) fn narrate_start(d: &JewelDeal, out: &mut Narration) {
    let order: Vec<String> = d.seating().iter().map(|s| format!("@{s}")).collect();
    out.all(Event::new(
        "seating",
        None,
        format!("Seating from the cut, clockwise: {}.", order.join(", ")),
    ));
    let j = jewels_of(d);
    out.all(
        Event::new(
            "open",
            None,
            format!(
                "The open card is {}: the jewels are {} and {}.",
                d.table.open, j[0], j[1]
            ),
        )
        .with_cards([d.table.open]),
    );
}

pub(super) fn narrate(before: &JewelDeal, action: JewelAction, after: &JewelDeal, out: &mut Narration) {
    let s = before.to_act as usize;
    match action {
        JewelAction::Stock => {
            let c = *before.stock.last().expect("a stock card");
            out.only(
                s,
                Event::new("draw", Some(s), format!("@{s} {{draw|draws}} {c} from the stock.")).with_cards([c]),
            );
            out.all_but(
                s,
                Event::new("draw", Some(s), format!("@{s} {{draw|draws}} from the stock.")),
            );
        }
        JewelAction::Take => {
            let c = *before.discards.last().expect("a discard");
            out.all(Event::new("take", Some(s), format!("@{s} {{take|takes}} the {c}.")).with_cards([c]));
        }
        JewelAction::Pack => {
            let kept = after.kept[s].clone();
            let pays = if matches!(after.status[s], Status::Packed { mid: true }) {
                8
            } else {
                4
            };
            let jewels = if kept.is_empty() {
                String::new()
            } else {
                format!(", keeping {}", cards_text(&kept))
            };
            out.all(
                Event::new(
                    "pack",
                    Some(s),
                    format!("@{s} {{pack|packs}} (a declarer would be paid {pays}){jewels}."),
                )
                .with_cards(kept),
            );
        }
        JewelAction::Discard(c) => {
            out.all(Event::new("discard", Some(s), format!("@{s} {{discard|discards}} {c}.")).with_cards([c]))
        }
        JewelAction::Declare(c) => {
            out.only(
                s,
                Event::new(
                    "declare",
                    Some(s),
                    format!("@{s} {{discard|discards}} {c} face down and {{declare|declares}}."),
                )
                .with_cards([c]),
            );
            out.all_but(
                s,
                Event::new(
                    "declare",
                    Some(s),
                    format!("@{s} {{discard|discards}} face down and {{declare|declares}}."),
                ),
            );
            if after.status[s] == Status::WrongDeclaration {
                let cards = after.exposed[s].clone().unwrap_or_default();
                out.all(
                    Event::new(
                        "declare",
                        Some(s),
                        format!(
                            "The declaration is wrong: @{s} {{lay|lays}} down {} and {{is|is}} out of the deal.",
                            cards_text(&cards)
                        ),
                    )
                    .with_cards(cards),
                );
            }
        }
    }
    if after.rebuilt > before.rebuilt {
        out.all(Event::new(
            "stock",
            None,
            "The stock is empty: the discards are shuffled into a new stock.",
        ));
    }
}

pub(super) fn narrate_end(d: &JewelDeal, out: &mut Narration) {
    let Some(settled) = d.settled.as_ref() else { return };
    for s in d.seating() {
        let input = &settled.inputs[s];
        let how = match (&settled.arrangements[s], input.standing) {
            (_, Standing::Packed { cost }) => format!("packed: pays {cost} to a declarer"),
            (Some(a), Standing::Declarer { .. }) => format!("declared: {}", arrangement_words(a)),
            (Some(a), _) => format!("shows {}", arrangement_words(a)),
            (None, _) => "shows nothing".to_string(),
        };
        out.all(Event::new(
            "score",
            Some(s),
            format!("@{s} {} jewel points; {how}.", input.jewels),
        ));
    }
    let seats = d.seating();
    for (i, &p) in seats.iter().enumerate() {
        for &q in &seats[i + 1..] {
            let amount = pay(&settled.inputs, p, q);
            if amount > 0 {
                out.all(Event::new(
                    "settle",
                    Some(q),
                    format!("@{q} {{pay|pays}} @{p} {amount}."),
                ));
            } else if amount < 0 {
                out.all(Event::new(
                    "settle",
                    Some(p),
                    format!("@{p} {{pay|pays}} @{q} {}.", -amount),
                ));
            }
        }
    }
}

pub(super) fn describe(d: &JewelDeal, action: JewelAction) -> Described {
    match action {
        JewelAction::Stock => Described::new("stock", "Draw from the stock"),
        JewelAction::Take => {
            let c = d.discards.last().copied();
            Described::new(
                "take",
                c.map_or("Take the discard".to_string(), |c| format!("Take the {c}")),
            )
        }
        JewelAction::Pack => Described::new("pack", "Pack"),
        JewelAction::Discard(c) => Described::new("discard", format!("Discard the {} ({c})", c.name())).with_cards([c]),
        JewelAction::Declare(c) => {
            Described::new("declare", format!("Declare, discarding {c} face down")).with_cards([c])
        }
    }
}
