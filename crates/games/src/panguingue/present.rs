//! The Panguingue table model: going on top (stay or retire), the force window, draws (the
//! stock card seen by the drawer alone), takes that meld the discard, melds per player,
//! condition payments as they happen, going out and the collection.

use super::actions::PanAction;
use super::melds::{Bag, Meld, Shape};
use super::state::{PanDeal, Step};
use crate::present::{chips, hidden, signed, signed_chips, sorted_hand, waiting};
use crate::trick::ace_high;
use cards::Card;
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Present, SeatScene, Viewer,
};

fn by_rank(c: Card) -> u8 {
    ace_high(c)
}

fn bag_cards(b: &Bag) -> Vec<Card> {
    sorted_hand(b.cards(), by_rank)
}

fn meld_words(m: &Meld) -> &'static str {
    match m.shape {
        Shape::Rope { .. } => "sequence",
        Shape::Set { .. } => "group",
    }
}

/// Seats in turn order: play goes to the right.
fn turn_order(d: &PanDeal) -> Vec<usize> {
    let n = d.players as usize;
    (0..n).map(|k| (n - k) % n).collect()
}

fn top(d: &PanDeal) -> Option<Card> {
    d.discards.last().copied()
}

impl Present for PanDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind { name: "stay", group: "choose", help: "Going on top: stay in and play this deal (your ante is in the pot either way)." },
    ActionKind { name: "retire", group: "choose", help: "Going on top: drop out of this deal before play; you lose your ante and pay nothing more." },
    ActionKind { name: "force", group: "choose", help: "The player in turn could meld the top discard: force them to take it (and meld it) instead of drawing from the stock." },
    ActionKind { name: "pass", group: "choose", help: "Do not force the player in turn to take the discard." },
    ActionKind { name: "stock", group: "take", help: "Draw the top card of the stock; only you see it until you meld or discard it." },
    ActionKind { name: "take", group: "take", help: "Take the top discard, and in the same move meld it: with cards from your hand, on one of your melds, or with a card borrowed from one of your melds." },
    ActionKind { name: "meld", group: "meld", help: "Lay down a new meld from your hand: three or more of a rank (in one suit or all different suits, as the rules say) or a sequence of three or more in one suit. Some melds are conditions, paid in chips at once by every other player still in." },
    ActionKind { name: "lay", group: "meld", help: "Add a card from your hand to one of your melds." },
    ActionKind { name: "split", group: "meld", help: "Split cards off one of your melds to make a new meld with them; what stays must still be a meld." },
    ActionKind { name: "borrow", group: "meld", help: "Take a card out of one of your melds and meld it with cards from your hand; the meld it leaves must still be a meld." },
    ActionKind { name: "discard", group: "discard", help: "End your turn by discarding a card face up. With eleven cards melded and none in hand, you go out and collect from everyone." },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = engine::Deal::to_act(self);
        let mut seats = Vec::new();
        for s in turn_order(self) {
            let p = &self.seats[s];
            let mut row = SeatScene {
                seat: s,
                to_act: to_act == Some(s),
                ..SeatScene::default()
            };
            if s == self.dealer as usize {
                row.marks.push("dealer".to_string());
            }
            if self.step != Step::OnTop && s == self.turn as usize && self.step != Step::Over {
                row.marks.push("in turn".to_string());
            }
            row.hand = if viewer.is(s) {
                HandScene::Shown {
                    cards: sorted_hand(p.hand.to_vec(), by_rank),
                }
            } else {
                hidden(p.hand.total() as usize)
            };
            for (k, m) in p.layout.melds().iter().enumerate() {
                row.groups.push(CardGroup::new(
                    format!("Meld {}, {}", k + 1, meld_words(m)),
                    sorted_hand(m.cards().cards(), by_rank),
                ));
            }
            if p.retired {
                row.status = Some("retired".to_string());
            } else if self.winner == Some(s as u8) {
                row.status = Some("went out".to_string());
            }
            if p.collected > 0 {
                row.notes.push(format!("{} in conditions", p.collected));
            }
            if self.deltas[s] != 0 {
                row.notes.push(format!("{} this deal", signed_chips(self.deltas[s])));
            }
            seats.push(row);
        }
        let mut piles = vec![Pile::face_down(
            if self.stock_seen {
                "Stock, rebuilt from the discards"
            } else {
                "Stock"
            },
            self.stock.len(),
        )];
        let mut discards = Pile::face_up("Discards", top(self));
        discards.size = Some(self.discards.len());
        piles.push(discards);
        let mut facts = vec![Fact::new("Pot", chips(self.pot))];
        if let Some(t) = top(self) {
            facts.push(Fact::new(
                "Top discard",
                if self.top_is_takeable() {
                    format!("{t}, may be taken")
                } else {
                    format!("{t}, may not be taken")
                },
            ));
        }
        if self.forced {
            if let Some(f) = self.forcer {
                facts.push(Fact::new(
                    "Forced",
                    format!("@{f} forced @{} to take the discard", self.turn),
                ));
            }
        }
        let t = self.turn as usize;
        let prompt = match to_act {
            None => "The deal is over.".to_string(),
            Some(s) if viewer.is(s) => match self.step {
                Step::OnTop => "Stay in for this deal, or retire.".to_string(),
                Step::Force => format!(
                    "@{t} could meld the {}: force them to take it, or pass.",
                    top(self).map_or(String::new(), |c| c.to_string())
                ),
                Step::Draw if self.forced => format!(
                    "You were forced: take the {} and meld it.",
                    top(self).map_or(String::new(), |c| c.to_string())
                ),
                Step::Draw => match top(self).filter(|_| self.top_is_takeable()) {
                    Some(c) => format!("Draw from the stock, or take the {c} with a play that melds it."),
                    None => "Draw from the stock.".to_string(),
                },
                _ => "Meld what you can, then discard.".to_string(),
            },
            Some(s) => waiting(
                s,
                match self.step {
                    Step::OnTop => "stay or retire",
                    Step::Force => "force or pass",
                    Step::Draw => "draw",
                    _ => "meld and discard",
                },
            ),
        };
        DealScene {
            title: format!(
                "Panguingue: {}",
                match self.step {
                    Step::OnTop => "going on top",
                    Step::Force => "the force window",
                    Step::Draw | Step::Meld => "play",
                    Step::Over => "the collection",
                }
            ),
            seats,
            centre: Centre {
                trick: None,
                last_trick: None,
                piles,
                facts,
            },
            deal_scores: Some(DealScores {
                label: "Chips this deal".to_string(),
                values: self.deltas.clone(),
            }),
            target: None,
            prompt,
        }
    }

    fn narrate(&self, action: PanAction, after: &PanDeal, out: &mut Narration) {
        let s = self.to_act as usize;
        let t = self.turn as usize;
        let top = top(self);
        let top_text = top.map_or(String::new(), |c| c.to_string());
        match action {
            PanAction::Stay => out.all(Event::new("stay", Some(s), format!("@{s} {{stay|stays}} in."))),
            PanAction::Retire => out.all(Event::new("retire", Some(s), format!("@{s} {{retire|retires}}."))),
            PanAction::Force => out.all(Event::new(
                "force",
                Some(s),
                format!("@{s} {{force|forces}} @{t} to take the {top_text}."),
            )),
            PanAction::Pass => out.all(Event::new("pass", Some(s), format!("@{s} {{do|does}} not force."))),
            PanAction::Stock => {
                // The stock may have been rebuilt from the discards first: the card is the one
                // that came into the hand.
                let drawn = after
                    .drawn
                    .or_else(|| crate::present::card_added(&self.seats[s].hand, &after.seats[s].hand));
                if !self.stock_seen && after.stock_seen {
                    out.all(Event::new(
                        "stock",
                        None,
                        "The stock is out: the discards are shuffled into a new stock.",
                    ));
                }
                match drawn {
                    Some(c) => out.only(
                        s,
                        Event::new("draw", Some(s), format!("@{s} {{draw|draws}} {c} from the stock.")).with_cards([c]),
                    ),
                    None => out.only(
                        s,
                        Event::new("draw", Some(s), format!("@{s} {{draw|draws}} from the stock.")),
                    ),
                }
                out.all_but(
                    s,
                    Event::new("draw", Some(s), format!("@{s} {{draw|draws}} from the stock.")),
                );
            }
            PanAction::TakeOn(k) => out.all(
                Event::new(
                    "take",
                    Some(s),
                    format!(
                        "@{s} {{take|takes}} the {top_text} and {{lay|lays}} it on meld {}.",
                        k + 1
                    ),
                )
                .with_cards(top),
            ),
            PanAction::TakeMeld(b) => {
                let cards = bag_cards(&b);
                out.all(
                    Event::new(
                        "take",
                        Some(s),
                        format!(
                            "@{s} {{take|takes}} the {top_text} and {{meld|melds}} it with {}.",
                            cards_text(&cards)
                        ),
                    )
                    .with_cards(top.into_iter().chain(cards)),
                );
            }
            PanAction::TakeBorrow(k, b, h) => {
                let (borrowed, hand) = (bag_cards(&b), bag_cards(&h));
                let with = if hand.is_empty() {
                    String::new()
                } else {
                    format!(" and {}", cards_text(&hand))
                };
                out.all(
                    Event::new(
                        "take",
                        Some(s),
                        format!(
                            "@{s} {{take|takes}} the {top_text} and {{meld|melds}} it with {} from meld {}{with}.",
                            cards_text(&borrowed),
                            k + 1
                        ),
                    )
                    .with_cards(top.into_iter().chain(borrowed).chain(hand)),
                );
            }
            PanAction::Meld(b) => {
                let cards = bag_cards(&b);
                out.all(
                    Event::new("meld", Some(s), format!("@{s} {{meld|melds}} {}.", cards_text(&cards)))
                        .with_cards(cards),
                );
            }
            PanAction::Lay(c, k) => {
                out.all(Event::new("lay", Some(s), format!("@{s} {{lay|lays}} {c} on meld {}.", k + 1)).with_cards([c]))
            }
            PanAction::Split(k, b) => {
                let cards = bag_cards(&b);
                out.all(
                    Event::new(
                        "split",
                        Some(s),
                        format!("@{s} {{split|splits}} {} off meld {}.", cards_text(&cards), k + 1),
                    )
                    .with_cards(cards),
                );
            }
            PanAction::Borrow(k, b, h) => {
                let (borrowed, hand) = (bag_cards(&b), bag_cards(&h));
                out.all(
                    Event::new(
                        "borrow",
                        Some(s),
                        format!(
                            "@{s} {{borrow|borrows}} {} from meld {} and {{meld|melds}} with {}.",
                            cards_text(&borrowed),
                            k + 1,
                            cards_text(&hand)
                        ),
                    )
                    .with_cards(borrowed.into_iter().chain(hand)),
                );
            }
            PanAction::Discard(c) => {
                out.all(Event::new("discard", Some(s), format!("@{s} {{discard|discards}} {c}.")).with_cards([c]))
            }
        }
        payments(self, after, out);
        if !self.stock_seen && after.stock_seen && action != PanAction::Stock {
            out.all(Event::new(
                "stock",
                None,
                "The stock is out: the discards are shuffled into a new stock.",
            ));
        }
    }

    fn narrate_end(&self, out: &mut Narration) {
        match self.winner {
            Some(w) => {
                let w = w as usize;
                out.all(Event::new(
                    "out",
                    Some(w),
                    format!(
                        "@{w} {{go|goes}} out and {{collect|collects}} the pot of {} with the going-out payments.",
                        chips(self.pot_won)
                    ),
                ));
            }
            None => out.all(Event::new("out", None, "Nobody went out.")),
        }
        for s in turn_order(self) {
            if self.seats[s].retired {
                out.all(Event::new(
                    "score",
                    Some(s),
                    format!("@{s} retired: {} this deal.", signed(self.deltas[s])),
                ));
            } else {
                out.all(Event::new(
                    "score",
                    Some(s),
                    format!(
                        "@{s}: {} in conditions collected, {} chips this deal in all.",
                        self.seats[s].collected,
                        signed(self.deltas[s])
                    ),
                ));
            }
        }
    }

    fn describe(&self, action: PanAction) -> Described {
        let top = top(self).map_or(String::new(), |c| c.to_string());
        match action {
            PanAction::Stay => Described::new("stay", "Stay in"),
            PanAction::Retire => Described::new("retire", "Retire"),
            PanAction::Force => Described::new("force", format!("Force @{} to take the {top}", self.turn)),
            PanAction::Pass => Described::new("pass", "Do not force"),
            PanAction::Stock => Described::new("stock", "Draw from the stock"),
            PanAction::TakeOn(k) => Described::new("take", format!("Take the {top} and lay it on meld {}", k + 1)),
            PanAction::TakeMeld(b) => {
                let cards = bag_cards(&b);
                Described::new(
                    "take",
                    format!("Take the {top} and meld it with {}", cards_text(&cards)),
                )
                .with_cards(cards)
            }
            PanAction::TakeBorrow(k, b, h) => {
                let hand = bag_cards(&h);
                let with = if hand.is_empty() {
                    String::new()
                } else {
                    format!(" and {}", cards_text(&hand))
                };
                Described::new(
                    "take",
                    format!(
                        "Take the {top}, borrow {} from meld {}{with}",
                        cards_text(&bag_cards(&b)),
                        k + 1
                    ),
                )
                .with_cards(hand)
            }
            PanAction::Meld(b) => {
                let cards = bag_cards(&b);
                Described::new("meld", format!("Meld {}", cards_text(&cards))).with_cards(cards)
            }
            PanAction::Lay(c, k) => Described::new("lay", format!("Lay {c} on meld {}", k + 1)).with_cards([c]),
            PanAction::Split(k, b) => Described::new(
                "split",
                format!("Split {} off meld {}", cards_text(&bag_cards(&b)), k + 1),
            ),
            PanAction::Borrow(k, b, h) => {
                let hand = bag_cards(&h);
                Described::new(
                    "borrow",
                    format!(
                        "Borrow {} from meld {} and meld with {}",
                        cards_text(&bag_cards(&b)),
                        k + 1,
                        cards_text(&hand)
                    ),
                )
                .with_cards(hand)
            }
            PanAction::Discard(c) => {
                Described::new("discard", format!("Discard the {} ({c})", c.name())).with_cards([c])
            }
        }
    }
}

fn payments(before: &PanDeal, after: &PanDeal, out: &mut Narration) {
    let moves: Vec<String> = (0..after.deltas.len())
        .filter(|&s| after.deltas[s] != before.deltas[s])
        .map(|s| format!("@{s} {}", signed(after.deltas[s] - before.deltas[s])))
        .collect();
    if !moves.is_empty() && after.winner.is_none() {
        out.all(Event::new(
            "pay",
            None,
            format!("Condition payments: {}.", moves.join(", ")),
        ));
    }
}
