//! The Three Thirteen table model: scenes, the event feed and action descriptions.

use super::melds::{deadwood_value, RUN, SET};
use super::state::{best_partition, Step, TtAction, TtDeal};
use crate::present::{hidden, seat_rows, sorted_hand, waiting, DISPLAY_SUITS};
use cards::{Card, CardCounts, Rank};
use engine::{
    capitalise_first, cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact,
    HandScene, Narration, Pile, Present, Seat, Viewer,
};

/// A rank in the plural, for the round's wild cards ("fives", "sixes", "kings").
fn plural(rank: Rank) -> String {
    match rank {
        Rank::Six => "sixes".to_string(),
        r => format!("{}s", r.name()),
    }
}

fn number_word(n: usize) -> String {
    const WORDS: [&str; 14] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen",
    ];
    WORDS.get(n).map_or(n.to_string(), |w| w.to_string())
}

fn hand_size(d: &TtDeal) -> usize {
    (d.round % 11) as usize + 3
}

fn is_wild(d: &TtDeal, c: Card) -> bool {
    c.rank() == Some(d.wild)
}

/// What a card left out of every meld costs in this round.
pub(super) fn cost(d: &TtDeal, c: Card) -> i64 {
    if is_wild(d, c) {
        d.wild_value() as i64
    } else {
        deadwood_value(c.rank().expect("no jokers")) as i64
    }
}

fn display(cards: &CardCounts) -> Vec<Card> {
    sorted_hand(cards.to_vec(), |c| c.face())
}

/// A meld's cards in reading order: naturals by face (then suit), the wild cards after them.
fn meld_order(d: &TtDeal, cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_by_key(|&c| {
        let suit = DISPLAY_SUITS.iter().position(|&s| Some(s) == c.suit()).unwrap_or(0);
        (is_wild(d, c), c.face(), suit)
    });
    v
}

/// A hand as laid down for the count: its melds (the wild cards placed), its deadwood and
/// what that costs, as the rules' best arrangement has it.
pub(super) struct Count {
    pub(super) melds: Vec<(&'static str, Vec<Card>)>,
    pub(super) deadwood: Vec<Card>,
    pub(super) points: i64,
}

pub(super) fn count(d: &TtDeal, seat: Seat) -> Count {
    let hand = &d.hands[seat];
    let p = best_partition(hand, d.wild, d.wild_value());
    let mut wilds = hand.to_vec().into_iter().filter(|&c| is_wild(d, c));
    let mut melds: Vec<(&'static str, Vec<Card>)> = p
        .melds
        .iter()
        .map(|m| {
            let mut cards = m.naturals().to_vec();
            cards.extend(wilds.by_ref().take(m.wilds as usize));
            let kind = match m.kind {
                RUN => "run",
                SET => "set",
                _ => "meld",
            };
            (kind, meld_order(d, &cards))
        })
        .collect();
    let spare: Vec<Card> = wilds.collect();
    let mut deadwood = p.left_out.clone();
    // Spare wild cards join a meld; with no meld, three or more make one of their own, and
    // fewer count as deadwood.
    if !spare.is_empty() {
        if let Some(last) = melds.last_mut() {
            last.1.extend(spare);
        } else if spare.len() >= 3 {
            melds.push(("set of wild cards", spare));
        } else {
            deadwood.extend(spare);
        }
    }
    let deadwood = meld_order(d, &deadwood);
    Count {
        melds,
        points: -p.score as i64,
        deadwood,
    }
}

/// Seats that have played their last turn since someone went out.
fn final_turn_taken(d: &TtDeal, seat: Seat) -> bool {
    let Some(o) = d.out else { return false };
    let n = d.players as usize;
    let played = n - 1 - d.final_turns as usize;
    let after = (seat + n - o as usize) % n;
    after >= 1 && after <= played
}

fn title(d: &TtDeal) -> String {
    let stage = match (d.step, d.out) {
        (Step::Over, _) => ", over",
        (_, Some(_)) => ", last turns",
        _ => "",
    };
    format!(
        "Three Thirteen, round {} of {}: {} cards, {} wild{stage}",
        d.round + 1,
        d.cfg.rounds,
        hand_size(d),
        plural(d.wild)
    )
}

fn prompt(d: &TtDeal, viewer: Viewer) -> String {
    if d.step == Step::Over {
        return "The round is over.".to_string();
    }
    let actor = d.to_act as Seat;
    if !viewer.is(actor) {
        let doing = if d.step == Step::Draw { "draw" } else { "discard" };
        return waiting(actor, doing);
    }
    let last = match d.out {
        Some(o) => format!("Last turn, since @{o} went out: "),
        None => String::new(),
    };
    match d.step {
        Step::Draw => {
            let top = *d.discards.last().expect("a discard pile");
            let wild = if is_wild(d, top) { ", a wild card," } else { "" };
            let ask = if !d.stock.is_empty() {
                format!(
                    "take the {top}{wild} from the discard pile or draw from the stock ({} cards).",
                    d.stock.len()
                )
            } else if d.discards.len() > 1 {
                format!(
                    "take the {top}{wild} from the discard pile or draw from the stock (it is empty: the discards under the {top} will be shuffled into a new one)."
                )
            } else {
                format!("take the {top}{wild}: the stock is empty and there are no discards to rebuild it.")
            };
            let mut text = format!("{last}{ask}");
            capitalise_first(&mut text);
            text
        }
        _ => {
            let mut legal = Vec::new();
            engine::Deal::legal_actions(d, &mut legal);
            let outs: Vec<String> = legal
                .iter()
                .filter_map(|a| match a {
                    TtAction::Out(c) => Some(c.to_string()),
                    _ => None,
                })
                .collect();
            if outs.is_empty() {
                let mut text = format!("{last}discard a card.");
                capitalise_first(&mut text);
                text
            } else {
                format!(
                    "Discard a card. You can go out by discarding {}: the rest of your hand melds completely.",
                    outs.join(" or ")
                )
            }
        }
    }
}

impl Present for TtDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "draw",
        group: "take",
        help: "Draw the top card of the face-down stock: only you see what it is.",
    },
    ActionKind {
        name: "take",
        group: "take",
        help: "Take the top card of the discard pile into your hand. Everyone sees which card you took.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "Discard a card face up to end your turn.",
    },
    ActionKind {
        name: "out",
        group: "discard",
        help: "Discard and go out: every card you keep must belong to a set (three or more of a rank) or a run (three or more in a row of one suit, ace low, no wrapping), the round's wild cards standing in for anything. Everyone else then has one last turn, and you score 0 for the round.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let n = self.players as usize;
        let over = self.step == Step::Over;
        let to_act = (!over).then_some(self.to_act as Seat);
        let mut seats = seat_rows(n, Some(self.dealer as Seat), to_act);
        for row in &mut seats {
            let s = row.seat;
            // Every hand is laid down for the count at the end.
            row.hand = if viewer.is(s) || over {
                HandScene::Shown {
                    cards: display(&self.hands[s]),
                }
            } else {
                hidden(self.hands[s].total() as usize)
            };
            if viewer.is(s) && !over {
                // The melds of the best arrangement, for the page to group in the hand.
                row.hand_melds = count(self, s).melds.into_iter().map(|(_, cards)| cards).collect();
            }
            if self.out == Some(s as u8) {
                row.status = Some("went out".to_string());
            } else if !over && final_turn_taken(self, s) {
                row.status = Some("last turn played".to_string());
            }
            if over {
                let c = count(self, s);
                for (kind, cards) in &c.melds {
                    let mut label = kind.to_string();
                    capitalise_first(&mut label);
                    row.groups.push(CardGroup::new(label, cards.iter().copied()));
                }
                if !c.deadwood.is_empty() {
                    row.groups.push(CardGroup::new("Deadwood", c.deadwood.iter().copied()));
                }
                row.notes.push(format!("deadwood {}", c.points));
            } else {
                if !viewer.is(s) && !self.known[s].is_empty() {
                    row.groups
                        .push(CardGroup::new("Taken from the discard pile", display(&self.known[s])));
                }
                if viewer.is(s) {
                    row.notes
                        .push(format!("deadwood as the hand stands: {}", count(self, s).points));
                }
            }
        }

        let piles = vec![
            Pile::face_down("Stock", self.stock.len()),
            Pile {
                label: "Discard pile".to_string(),
                cards: self.discards.last().copied().into_iter().collect(),
                size: Some(self.discards.len()),
            },
        ];
        let mut facts = vec![
            Fact::new(
                "Round",
                format!(
                    "{} of {}, {} cards each",
                    self.round + 1,
                    self.cfg.rounds,
                    hand_size(self)
                ),
            ),
            Fact::new("Wild cards", format!("the {}, in every suit", plural(self.wild))),
        ];
        match self.out {
            Some(o) if !over => facts.push(Fact::new(
                "Went out",
                format!(
                    "@{o}; {} to play",
                    match self.final_turns {
                        1 => "one last turn".to_string(),
                        k => format!("{} last turns", number_word(k as usize)),
                    }
                ),
            )),
            Some(o) => facts.push(Fact::new("Went out", format!("@{o}"))),
            None if over => facts.push(Fact::new(
                "Result",
                format!("nobody went out within {} discards", self.cfg.max_turns),
            )),
            None => {}
        }
        let deal_scores = over.then(|| DealScores {
            label: "Deadwood this round".to_string(),
            values: self.scores.clone(),
        });
        let target = format!(
            "{} rounds, hands of 3 to {} cards; the lowest total wins.",
            self.cfg.rounds,
            self.cfg.rounds + 2
        );
        DealScene {
            title: title(self),
            seats,
            centre: Centre {
                trick: None,
                last_trick: None,
                piles,
                facts,
            },
            deal_scores,
            target: Some(target),
            prompt: prompt(self, viewer),
        }
    }

    /// The one card `after` holds more of than `before`.
    fn narrate(&self, action: TtAction, after: &TtDeal, out: &mut Narration) {
        let a = self.to_act as Seat;
        match action {
            TtAction::Stock => {
                if self.stock.is_empty() {
                    out.all(Event::new(
                        "reshuffle",
                        None,
                        "The stock is empty: the discards under the top one are shuffled into a new stock.",
                    ));
                }
                let c = crate::present::card_added(&self.hands[a], &after.hands[a]).expect("a card was drawn");
                let wild = if is_wild(self, c) { ", a wild card" } else { "" };
                out.only(
                    a,
                    Event::new(
                        "draw",
                        Some(a),
                        format!("@{a} {{draw|draws}} {c}{wild} from the stock."),
                    )
                    .with_cards([c]),
                );
                out.all_but(
                    a,
                    Event::new("draw", Some(a), format!("@{a} {{draw|draws}} a card from the stock.")),
                );
            }
            TtAction::Take => {
                let c = *self.discards.last().expect("a discard pile");
                out.all(
                    Event::new(
                        "take",
                        Some(a),
                        format!("@{a} {{take|takes}} {c} from the discard pile."),
                    )
                    .with_cards([c]),
                );
            }
            TtAction::Discard(c) => {
                let text = if self.out.is_some() {
                    format!("@{a} {{discard|discards}} {c}, ending {{your|their}} last turn.")
                } else {
                    format!("@{a} {{discard|discards}} {c}.")
                };
                out.all(Event::new("discard", Some(a), text).with_cards([c]));
            }
            TtAction::Out(c) => {
                let others = if self.players == 2 {
                    "the other player has one last turn"
                } else {
                    "everyone else has one last turn"
                };
                out.all(
                    Event::new(
                        "out",
                        Some(a),
                        format!("@{a} {{discard|discards}} {c} and {{go|goes}} out: {others}."),
                    )
                    .with_cards([c]),
                );
            }
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        let size = hand_size(self);
        // The turned-up card is not named: a line told as the deal starts is checked against
        // what the seats had seen before it, and the scene shows the card anyway.
        out.all(Event::new(
            "deal",
            Some(self.to_act as Seat),
            format!(
                "Round {} of {}: {} cards each, and the {} are wild. A card is turned up to start the discard pile; @{} {{play|plays}} first.",
                self.round + 1,
                self.cfg.rounds,
                number_word(size),
                plural(self.wild),
                self.to_act
            ),
        ));
    }

    fn narrate_end(&self, out: &mut Narration) {
        let n = self.players as usize;
        if self.out.is_none() {
            out.all(Event::new(
                "score",
                None,
                format!(
                    "Nobody went out within {} discards: the round ends here and every hand counts its deadwood.",
                    self.cfg.max_turns
                ),
            ));
        }
        let first = self.out.map_or((self.dealer as usize + 1) % n, Seat::from);
        for k in 0..n {
            let s = (first + k) % n;
            let c = count(self, s);
            let melds: Vec<String> = c.melds.iter().map(|(_, cards)| cards_text(cards)).collect();
            let melded = match melds.len() {
                0 => format!("@{s} {{have|has}} no meld"),
                1 => format!("@{s} {{meld|melds}} {}", melds[0]),
                _ => format!(
                    "@{s} {{meld|melds}} {} and {}",
                    melds[..melds.len() - 1].join(", "),
                    melds[melds.len() - 1]
                ),
            };
            let dead = if c.deadwood.is_empty() {
                "no deadwood: 0".to_string()
            } else {
                let each: Vec<String> = c
                    .deadwood
                    .iter()
                    .map(|&x| {
                        if is_wild(self, x) {
                            format!("{} for a spare wild card", cost(self, x))
                        } else {
                            cost(self, x).to_string()
                        }
                    })
                    .collect();
                let sum = if each.len() == 1 {
                    each[0].clone()
                } else {
                    format!("{} = {}", each.join(" + "), c.points)
                };
                format!("deadwood {}: {sum}", cards_text(&c.deadwood))
            };
            let text = if self.out == Some(s as u8) {
                let laid = if melds.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", melds.join(", "))
                };
                format!("@{s} went out{laid}: {}.", self.scores[s])
            } else {
                format!("{melded}; {dead}.")
            };
            let cards = c
                .melds
                .iter()
                .flat_map(|(_, m)| m.iter().copied())
                .chain(c.deadwood.iter().copied());
            out.all(Event::new("score", Some(s), text).with_cards(cards));
        }
    }

    fn describe(&self, action: TtAction) -> Described {
        match action {
            TtAction::Stock => Described::new("draw", "Draw from the stock"),
            TtAction::Take => {
                let top = *self.discards.last().expect("a discard pile");
                let wild = if is_wild(self, top) { ", a wild card," } else { "" };
                Described::new("take", format!("Take the {top}{wild} from the discard pile"))
            }
            TtAction::Discard(c) => {
                Described::new("discard", format!("Discard the {} ({c})", c.name())).with_cards([c])
            }
            TtAction::Out(c) => {
                Described::new("out", format!("Discard the {} ({c}) and go out", c.name())).with_cards([c])
            }
        }
    }
}
