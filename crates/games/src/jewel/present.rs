//! The Jewel table model: the seating from the cut, the open card and the jewels, draws (the
//! stock's card seen by the drawer only), packs, declarations right and wrong, every hand laid
//! out at the end and the settlement between each pair of players.

use super::melds::{
    Arrangement, Group, Table, ALL_WILD, FULL_HAND, MARRIAGE_BONUS, SEQUENCE, SET, SUPER_SEQUENCE, SUPER_SET,
};
use super::scoring::{jewel_points, jewel_suit_points, pay, Settlement, Standing};
use super::state::{JewelAction, JewelDeal, Status, Step};
use crate::present::{count_of_cards, hidden, signed, sorted_hand, waiting};
use crate::trick::ace_high;
use cards::{Card, Rank, Suit};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Present, Seat, SeatScene, Viewer,
};

fn jewels_of(table: &Table) -> [Card; 2] {
    let rank = table.open.rank().expect("the open card is natural");
    table.jewel_suits.map(|s| Card::new(rank, s))
}

/// The players in clockwise order, starting from seat 0's place at the table.
fn round_from_seat_zero(d: &JewelDeal) -> Vec<Seat> {
    let seating = d.seating();
    let at = seating.iter().position(|&s| s == 0).expect("seat 0 is seated");
    (0..seating.len()).map(|k| seating[(at + k) % seating.len()]).collect()
}

/// The players clockwise from the dealer, as "@3, @0, @2, @1".
fn seating_words(d: &JewelDeal) -> String {
    let seating = d.seating();
    let at = seating
        .iter()
        .position(|&s| s == d.dealer as Seat)
        .expect("the dealer is seated");
    (0..seating.len())
        .map(|k| format!("@{}", seating[(at + k) % seating.len()]))
        .collect::<Vec<_>>()
        .join(", ")
}

fn deals_in_match(d: &JewelDeal) -> u32 {
    d.cfg.rounds * d.players as u32
}

fn pack_cost(mid: bool) -> i32 {
    if mid {
        8
    } else {
        4
    }
}

/// How the seat stands, in words ("packed at the first turn").
fn status_words(status: Status) -> Option<&'static str> {
    match status {
        Status::Playing => None,
        Status::Packed { mid: false } => Some("packed at the first turn"),
        Status::Packed { mid: true } => Some("packed mid-deal"),
        Status::WrongDeclaration => Some("out: declared wrongly"),
        Status::Declarer => Some("declared"),
    }
}

/// One laid-out part of a hand: what it is, what it earns or costs, and its cards (wild
/// cards included).
pub(super) struct Part {
    pub(super) name: &'static str,
    pub(super) worth: Option<String>,
    pub(super) cards: Vec<Card>,
}

impl Part {
    /// "Super set (2)", for a card group's label.
    fn label(&self) -> String {
        let mut text = match &self.worth {
            Some(w) => format!("{} ({w})", self.name),
            None => self.name.to_string(),
        };
        engine::capitalise_first(&mut text);
        text
    }

    /// "super set 7D 7D 7D (2)", for a sentence.
    fn words(&self) -> String {
        let cards = cards_text(&self.cards);
        match &self.worth {
            Some(w) => format!("{} {cards} ({w})", self.name),
            None => format!("{} {cards}", self.name),
        }
    }
}

fn group_part(table: &Table, g: &Group, with_compulsory: bool, cards: Vec<Card>) -> Part {
    let bonus = table.group_bonus(g, with_compulsory);
    let name = match g.kind {
        SUPER_SET => "super set",
        SUPER_SEQUENCE => "super sequence",
        SEQUENCE if bonus > 0 => "sequence with the marriage",
        SEQUENCE => "sequence",
        SET => "set",
        ALL_WILD => "three wild cards",
        _ => "group",
    };
    Part {
        name,
        worth: (bonus > 0).then(|| bonus.to_string()),
        cards,
    }
}

/// An arrangement laid out as parts, placing in each group the wild cards that stand in it:
/// the arrangement counts them, and `hand` (all the player's cards) says which they are.
pub(super) fn laid_out(table: &Table, a: &Arrangement, hand: &[Card]) -> Vec<Part> {
    let mut wilds = hand.to_vec();
    let placed = a
        .compulsory
        .iter()
        .flatten()
        .chain(a.groups.iter().flat_map(|g| g.naturals()))
        .chain(&a.loose);
    for c in placed {
        if let Some(i) = wilds.iter().position(|w| w == c) {
            wilds.remove(i);
        }
    }
    // Jokers first, so a jewel left over reads as a jewel.
    wilds.sort_by_key(|c| (!c.is_joker(), *c));
    let mut wilds = wilds.into_iter();
    let mut parts = Vec::new();
    if let Some(f) = a.compulsory {
        let marriage = table.has_marriage(&f);
        parts.push(Part {
            name: if marriage {
                "compulsory sequence with the marriage"
            } else {
                "compulsory sequence"
            },
            worth: marriage.then(|| MARRIAGE_BONUS.to_string()),
            cards: f.to_vec(),
        });
    }
    for g in &a.groups {
        // A sequence reads in rank order (the super sequence K-A-2 as it runs).
        let mut cards = match g.kind {
            SUPER_SEQUENCE => table.super_sequence().to_vec(),
            _ => {
                let mut v = g.naturals().to_vec();
                v.sort_by_key(|&c| (ace_high(c), c));
                v
            }
        };
        cards.extend(wilds.by_ref().take(g.wilds as usize));
        parts.push(group_part(table, g, a.compulsory.is_some(), cards));
    }
    let mut loose = a.loose.clone();
    loose.extend(wilds);
    if a.compulsory.is_none() {
        parts.push(Part {
            name: "full hand, no compulsory sequence",
            worth: Some(format!("-{FULL_HAND}")),
            cards: loose,
        });
    } else if !loose.is_empty() {
        parts.push(Part {
            name: "loose",
            worth: Some(format!("counting -{}", a.penalty)),
            cards: loose,
        });
    }
    parts
}

/// An arrangement in one line naming every card: "compulsory sequence 4H 5H 6H 7H; super
/// sequence KS AS 2S (4); ...; bonus 7, penalty 0".
pub(super) fn arrangement_text(table: &Table, a: &Arrangement, hand: &[Card]) -> String {
    let parts: Vec<String> = laid_out(table, a, hand).iter().map(Part::words).collect();
    format!("{}; bonus {}, penalty {}", parts.join("; "), a.bonus, a.penalty)
}

fn title(d: &JewelDeal) -> String {
    let stage = match d.step {
        Step::Over => match d.settled.as_ref().and_then(|s| s.declarer) {
            Some(s) => format!("settled, @{s} declared"),
            None => "settled without a declarer".to_string(),
        },
        _ if d.rebuilt > 0 => format!("turn {}, on the rebuilt stock", d.turns),
        _ => format!("turn {}", d.turns),
    };
    format!("Jewel, deal {} of {}: {stage}", d.deal_number + 1, deals_in_match(d))
}

/// "a, b or c".
fn one_of(options: &[String]) -> String {
    match options {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn prompt(d: &JewelDeal, viewer: Viewer) -> String {
    let Some(actor) = engine::Deal::to_act(d) else {
        return "The deal is over.".to_string();
    };
    if !viewer.is(actor) {
        return waiting(
            actor,
            if d.step == Step::Draw {
                "draw or pack"
            } else {
                "discard or declare"
            },
        );
    }
    match d.step {
        Step::Draw => {
            let mut options = Vec::new();
            if !d.stock.is_empty() {
                options.push(format!("draw from the stock ({})", count_of_cards(d.stock.len())));
            }
            if d.takeable {
                if let Some(top) = d.discards.last() {
                    options.push(format!("take the {top} just discarded"));
                }
            }
            if d.may_pack() {
                let mid = d.own_turns[actor] > 1;
                options.push(format!(
                    "pack ({}: {} to a declarer)",
                    if mid { "a mid pack" } else { "an initial pack" },
                    pack_cost(mid)
                ));
            }
            let mut text = one_of(&options);
            engine::capitalise_first(&mut text);
            format!("{text}.")
        }
        _ if d.may_declare() => {
            "Discard a card, or throw one face down and declare with the other sixteen.".to_string()
        }
        _ => "Discard a card (nobody may declare until every other player has had a turn).".to_string(),
    }
}

impl Present for JewelDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "stock",
        group: "take",
        help: "Draw the top card of the stock to begin your turn; only you see which card it is.",
    },
    ActionKind {
        name: "take",
        group: "take",
        help: "Begin your turn by taking the card the previous player just discarded, instead of drawing; everyone sees which card you took. A joker or a jewel thrown away can never be taken.",
    },
    ActionKind {
        name: "pack",
        group: "choose",
        help: "Pack: give up the deal before drawing. Your hand goes under the stock, you keep up to two jewels face up and are paid for them, and you pay a declarer 4 if you pack at your first turn or 8 if you pack later (a mid pack). With no declarer a packer pays nothing.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "End your turn by discarding a card face up; the next player may take it (unless it is a joker or a jewel).",
    },
    ActionKind {
        name: "declare",
        group: "declare",
        help: "Declare: throw a card face down and lay down the other sixteen, which must split into a compulsory sequence (four in a row of one suit, no wild card) and four groups of three, one of them pure (an auxiliary). A right declaration ends the deal and you collect; a wrong one puts you out and settles your hand as a full hand of 12.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = engine::Deal::to_act(self);
        let settled = self.settled.as_ref();
        let mut seats = Vec::new();
        for s in round_from_seat_zero(self) {
            let mut row = SeatScene {
                seat: s,
                to_act: to_act == Some(s),
                ..SeatScene::default()
            };
            if s == self.dealer as Seat {
                row.marks.push("dealer".to_string());
            }
            row.hand = if matches!(self.status[s], Status::Packed { .. }) {
                HandScene::None
            } else if viewer.is(s) {
                HandScene::Shown {
                    cards: sorted_hand(self.hands[s].to_vec(), ace_high),
                }
            } else {
                hidden(self.hands[s].total() as usize)
            };
            row.status = status_words(self.status[s]).map(str::to_string);
            if !self.kept[s].is_empty() {
                row.groups
                    .push(CardGroup::new("Jewels kept face up", self.kept[s].iter().copied()));
            }
            if !viewer.is(s) && self.known[s].total() > 0 && settled.is_none() {
                row.groups
                    .push(CardGroup::new("Taken from the discards", self.known[s].to_vec()));
            }
            if let (Some(cards), None) = (&self.exposed[s], settled) {
                row.groups.push(CardGroup::new(
                    "Laid down in a wrong declaration",
                    cards.iter().copied(),
                ));
            }
            if let Some(x) = settled {
                let input = &x.inputs[s];
                if let Some(a) = &x.arrangements[s] {
                    for part in laid_out(&self.table, a, &self.hands[s].to_vec()) {
                        row.groups.push(CardGroup::new(part.label(), part.cards));
                    }
                    row.notes.push(format!(
                        "bonus {}, penalty {}, net {}",
                        a.bonus,
                        a.penalty,
                        signed(a.net() as i64)
                    ));
                }
                row.notes.push(format!("jewel points {}", input.jewels));
            } else {
                row.notes.push(match self.own_turns[s] {
                    1 => "1 turn".to_string(),
                    n => format!("{n} turns"),
                });
            }
            seats.push(row);
        }
        let jewels = jewels_of(&self.table);
        let stock_label = if self.rebuilt > 0 { "Stock, rebuilt" } else { "Stock" };
        let mut piles = vec![Pile::face_down(stock_label, self.stock.len())];
        // The last few discards show; the pile's size says how deep it is.
        let from = self.discards.len().saturating_sub(6);
        let mut discards = Pile::face_up("Discard pile", self.discards[from..].iter().copied());
        discards.size = Some(self.discards.len());
        piles.push(discards);
        let marriage = self.table.marriage_suit;
        let [lo, mid, hi] = self.table.super_sequence();
        let mut facts = vec![
            Fact::new("Seating, clockwise from the dealer", seating_words(self)),
            Fact::new("Open card, out of play", self.table.open.to_string()),
            Fact::new(
                "Jewels",
                format!("{} and {}, three of each: wild, or themselves", jewels[0], jewels[1]),
            ),
            Fact::new(
                "Marriage",
                format!(
                    "the king and queen of {} in one sequence, 3 beside a compulsory sequence",
                    marriage.name()
                ),
            ),
            Fact::new(
                "Super sequence",
                format!(
                    "the {}, {} and {} of {}, pure: 4",
                    rank_word(lo),
                    rank_word(mid),
                    rank_word(hi),
                    suit_of(mid).name()
                ),
            ),
        ];
        if self.step != Step::Over {
            let top = match (self.discards.last(), self.takeable) {
                (None, _) => "nothing discarded yet".to_string(),
                (Some(c), true) => format!("{c} may be taken"),
                (Some(c), false) if self.table.can_be_wild(*c) => format!("{c}, a wild card, may not be taken"),
                (Some(c), false) => format!("{c} may not be taken now"),
            };
            facts.push(Fact::new("Discard", top));
        }
        DealScene {
            title: title(self),
            seats,
            centre: Centre {
                trick: None,
                last_trick: None,
                piles,
                facts,
            },
            deal_scores: settled.map(|x| DealScores {
                label: "Settlement this deal".to_string(),
                values: x.results.clone(),
            }),
            target: Some(format!(
                "{} deals, each player dealing {}; every deal settles between each pair of players.",
                deals_in_match(self),
                match self.cfg.rounds {
                    1 => "once".to_string(),
                    2 => "twice".to_string(),
                    n => format!("{n} times"),
                }
            )),
            prompt: prompt(self, viewer),
        }
    }

    fn narrate(&self, action: JewelAction, after: &JewelDeal, out: &mut Narration) {
        let s = self.to_act as Seat;
        match action {
            JewelAction::Stock => {
                let c = *self.stock.last().expect("a stock card");
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
                let c = *self.discards.last().expect("a discard");
                out.all(
                    Event::new(
                        "take",
                        Some(s),
                        format!("@{s} {{take|takes}} the {c} from the discard pile."),
                    )
                    .with_cards([c]),
                );
            }
            JewelAction::Pack => {
                let kept = after.kept[s].clone();
                let mid = matches!(after.status[s], Status::Packed { mid: true });
                let when = if mid {
                    format!("at {{your|their}} turn {} (a mid pack)", self.own_turns[s])
                } else {
                    "at {your|their} first turn".to_string()
                };
                let rest = if kept.is_empty() {
                    ": the hand goes under the stock".to_string()
                } else {
                    format!(
                        ", {{keep|keeps}} {} face up and {{put|puts}} the rest of the hand under the stock",
                        cards_text(&kept)
                    )
                };
                out.all(
                    Event::new(
                        "pack",
                        Some(s),
                        format!(
                            "@{s} {{pack|packs}} {when}{rest}; a declarer will be paid {}.",
                            pack_cost(mid)
                        ),
                    )
                    .with_cards(kept),
                );
            }
            JewelAction::Discard(c) => {
                let note = if c.is_joker() {
                    " (a joker: it may not be taken)"
                } else if self.table.is_jewel(c) {
                    " (a jewel: it may not be taken)"
                } else {
                    ""
                };
                out.all(
                    Event::new("discard", Some(s), format!("@{s} {{discard|discards}} {c}{note}.")).with_cards([c]),
                );
            }
            JewelAction::Declare(c) => {
                out.only(
                    s,
                    Event::new(
                        "declare",
                        Some(s),
                        format!("@{s} {{throw|throws}} {c} face down and {{declare|declares}}."),
                    )
                    .with_cards([c]),
                );
                out.all_but(
                    s,
                    Event::new(
                        "declare",
                        Some(s),
                        format!("@{s} {{throw|throws}} a card face down and {{declare|declares}}."),
                    ),
                );
                if after.status[s] == Status::WrongDeclaration {
                    let cards = after.exposed[s].clone().unwrap_or_default();
                    out.all(
                        Event::new(
                            "declare",
                            Some(s),
                            format!(
                                "The declaration is wrong: @{s} {{lay|lays}} down {} and {{are|is}} out of the deal, to be settled as a full hand.",
                                cards_text(&cards)
                            ),
                        )
                        .with_cards(cards),
                    );
                    if let Some(next) = engine::Deal::to_act(after).filter(|_| after.step == Step::Draw) {
                        let chance = if after.takeable {
                            format!("@{next} may take it as a chance card")
                        } else {
                            "a wild card, it may not be taken".to_string()
                        };
                        out.all(
                            Event::new(
                                "chance",
                                Some(next),
                                format!("The face-down card is turned up: {c}; {chance}."),
                            )
                            .with_cards([c]),
                        );
                    }
                } else if after.status[s] == Status::Declarer {
                    out.all(Event::new(
                        "declare",
                        Some(s),
                        format!("@{s}'s declaration stands: the deal is over."),
                    ));
                }
            }
        }
        if after.rebuilt > self.rebuilt {
            let top = after.discards.last().expect("the last discard stays");
            out.all(Event::new(
                "stock",
                None,
                format!(
                    "The stock is used up: the other discards are shuffled into a new stock of {}; {top} stays on the discard pile.",
                    count_of_cards(after.stock.len())
                ),
            ));
        }
        let (was, now) = (playing(self), playing(after));
        if after.step != Step::Over && was.len() > 1 && now.len() == 1 {
            let alone = now[0];
            out.all(Event::new(
                "alone",
                Some(alone),
                format!(
                    "Everyone else is out: @{alone} {{play|plays}} on alone until {{you declare|they declare}} or the stock runs out."
                ),
            ));
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        match &self.cut {
            Some(cut) => {
                let draws: Vec<String> = (0..cut.len())
                    .map(|s| {
                        let cards = &cut[s];
                        match cards.as_slice() {
                            [one] => format!("@{s} {one}"),
                            _ => format!("@{s} {} (after a tie)", cards_text(cards)),
                        }
                    })
                    .collect();
                out.all(
                    Event::new(
                        "cut",
                        None,
                        format!(
                            "The players cut for seats (aces high, a joker lowest): {}.",
                            draws.join(", ")
                        ),
                    )
                    .with_cards(cut.iter().flatten().copied()),
                );
                out.all(Event::new(
                    "seating",
                    Some(self.dealer as Seat),
                    format!(
                        "@{} {{draw|draws}} the highest card and {{deal|deals}}; the others sit clockwise from the dealer in falling order: {}.",
                        self.dealer,
                        seating_words(self)
                    ),
                ));
            }
            None => out.all(Event::new(
                "seating",
                Some(self.dealer as Seat),
                format!(
                    "The seating stands; clockwise from the dealer: {}.",
                    seating_words(self)
                ),
            )),
        }
        let j = jewels_of(&self.table);
        out.all(
            Event::new(
                "open",
                None,
                format!(
                    "The open card is {}: the jewels are the three {} and the three {}; the marriage is in {}.",
                    self.table.open,
                    j[0],
                    j[1],
                    self.table.marriage_suit.name()
                ),
            )
            .with_cards([self.table.open]),
        );
    }

    fn narrate_end(&self, out: &mut Narration) {
        let Some(settled) = self.settled.as_ref() else { return };
        if settled.declarer.is_none() {
            out.all(Event::new("score", None, end_reason(self)));
        }
        let seating = self.seating();
        for &s in &seating {
            let input = &settled.inputs[s];
            let jewels = jewel_words(self, s, input.jewels);
            let arrangement = settled.arrangements[s].as_ref();
            let laid = |a: &Arrangement| {
                laid_out(&self.table, a, &self.hands[s].to_vec())
                    .iter()
                    .map(Part::words)
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let (text, cards) = match (input.standing, arrangement) {
                (Standing::Packed { cost }, _) => (
                    format!(
                        "@{s} packed {}: {cost} to the declarer; {jewels}.",
                        if cost == 8 { "mid-deal" } else { "at the first turn" }
                    ),
                    self.kept[s].clone(),
                ),
                (Standing::Declarer { net }, Some(a)) => (
                    format!("@{s} declared {}: bonus {net}; {jewels}.", laid(a)),
                    self.hands[s].to_vec(),
                ),
                (Standing::Played { net }, Some(a)) => {
                    let how = if self.status[s] == Status::WrongDeclaration {
                        format!("@{s}, out after a wrong declaration, {{are|is}} settled on")
                    } else {
                        format!("@{s} {{show|shows}}")
                    };
                    (
                        format!(
                            "{how} {}: bonus {}, penalty {}, net {}; {jewels}.",
                            laid(a),
                            a.bonus,
                            a.penalty,
                            signed(net as i64)
                        ),
                        self.hands[s].to_vec(),
                    )
                }
                (_, None) => (format!("@{s}: {jewels}."), Vec::new()),
            };
            out.all(Event::new("score", Some(s), text).with_cards(cards));
        }
        // Every pair settles: the jewel difference, the hand difference between playing hands,
        // and a packer's cost to the declarer.
        let mut square = 0;
        for (i, &p) in seating.iter().enumerate() {
            for &q in &seating[i + 1..] {
                let amount = pay(&settled.inputs, p, q);
                let (to, from) = if amount >= 0 { (p, q) } else { (q, p) };
                let (a, b) = (&settled.inputs[to], &settled.inputs[from]);
                let mut parts = Vec::new();
                if a.jewels != 0 || b.jewels != 0 {
                    parts.push(format!(
                        "jewels {} against {} ({})",
                        a.jewels,
                        b.jewels,
                        signed((a.jewels - b.jewels) as i64)
                    ));
                }
                if let (Some(na), Some(nb)) = (net(a), net(b)) {
                    parts.push(format!(
                        "hands {} against {} ({})",
                        signed(na as i64),
                        signed(nb as i64),
                        signed((na - nb) as i64)
                    ));
                }
                match (a.standing, b.standing) {
                    (Standing::Declarer { .. }, Standing::Packed { cost }) => parts.push(format!("the pack (+{cost})")),
                    (Standing::Packed { cost }, Standing::Declarer { .. }) => parts.push(format!("the pack (-{cost})")),
                    _ => {}
                }
                if amount == 0 {
                    if parts.is_empty() {
                        square += 1;
                    } else {
                        out.all(Event::new(
                            "settle",
                            None,
                            format!("@{p} and @{q} are square: {}.", parts.join(", ")),
                        ));
                    }
                    continue;
                }
                out.all(Event::new(
                    "settle",
                    Some(from),
                    format!(
                        "@{from} {{pay|pays}} @{to} {}: {}.",
                        points(amount.abs()),
                        parts.join(", ")
                    ),
                ));
            }
        }
        if square > 0 {
            out.all(Event::new("settle", None, "The other pairs owe each other nothing."));
        }
    }

    fn describe(&self, action: JewelAction) -> Described {
        let s = self.to_act as Seat;
        match action {
            JewelAction::Stock => Described::new(
                "stock",
                format!("Draw from the stock ({})", count_of_cards(self.stock.len())),
            ),
            JewelAction::Take => {
                let c = self.discards.last().copied();
                Described::new(
                    "take",
                    c.map_or("Take the discard".to_string(), |c| {
                        format!("Take the {} ({c}) from the discard pile", c.name())
                    }),
                )
            }
            JewelAction::Pack => {
                let mid = self.own_turns[s] > 1;
                let hand = self.hands[s].to_vec();
                let kept = super::scoring::jewels_kept(&self.table, &hand, self.cfg.packer_jewel_cap);
                let keep = if kept.is_empty() {
                    String::new()
                } else {
                    format!(", keeping {} face up", cards_text(&kept))
                };
                Described::new(
                    "pack",
                    format!(
                        "Pack {}: pay {} to a declarer{keep}",
                        if mid { "mid-deal" } else { "at your first turn" },
                        pack_cost(mid)
                    ),
                )
            }
            JewelAction::Discard(c) => {
                Described::new("discard", format!("Discard the {} ({c})", c.name())).with_cards([c])
            }
            JewelAction::Declare(c) => Described::new(
                "declare",
                format!(
                    "Declare: throw the {} ({c}) face down and lay down the other sixteen",
                    c.name()
                ),
            )
            .with_cards([c]),
        }
    }
}

fn points(n: i32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn rank_word(c: Card) -> &'static str {
    c.rank().map_or("joker", Rank::name)
}

fn suit_of(c: Card) -> Suit {
    c.suit().expect("a natural card")
}

fn playing(d: &JewelDeal) -> Vec<Seat> {
    (0..d.players as Seat)
        .filter(|&s| d.status[s] == Status::Playing)
        .collect()
}

/// The jewels a player's settlement counts: a packer's kept ones, or those in the hand.
fn jewels_counted(d: &JewelDeal, s: Seat) -> Vec<Card> {
    let mut cards: Vec<Card> = match d.status[s] {
        Status::Packed { .. } => d.kept[s].clone(),
        _ => d.hands[s]
            .to_vec()
            .into_iter()
            .filter(|&c| d.table.is_jewel(c))
            .collect(),
    };
    cards.sort();
    cards
}

fn jewel_words(d: &JewelDeal, s: Seat, points: i32) -> String {
    let cards = jewels_counted(d, s);
    if cards.is_empty() {
        return "no jewels".to_string();
    }
    const COUNT: [&str; 4] = ["no", "one", "two", "three"];
    let per_suit: Vec<String> = d
        .table
        .jewel_suits
        .iter()
        .filter_map(|&suit| {
            let n = cards.iter().filter(|c| c.suit() == Some(suit)).count();
            (n > 0).then(|| format!("{} in {} {}", COUNT[n.min(3)], suit.name(), jewel_suit_points(n)))
        })
        .collect();
    debug_assert_eq!(
        points,
        jewel_points(
            &d.table,
            &cards,
            matches!(d.status[s], Status::Packed { .. }).then_some(d.cfg.packer_jewel_cap)
        )
    );
    format!("jewels {} worth {points} ({})", cards_text(&cards), per_suit.join(", "))
}

fn end_reason(d: &JewelDeal) -> String {
    if d.turns >= d.cfg.max_turns {
        format!(
            "The deal reached the limit of {} turns and ends with no declarer; packers pay nobody.",
            d.cfg.max_turns
        )
    } else if playing(d).is_empty() {
        "Nobody is left playing: the deal ends with no declarer; packers pay nobody.".to_string()
    } else if d.rebuilt > 0 {
        "The rebuilt stock ran out: the deal ends with no declarer; packers pay nobody.".to_string()
    } else {
        "The stock ran out with nothing to rebuild it from: the deal ends with no declarer; packers pay nobody."
            .to_string()
    }
}

fn net(input: &Settlement) -> Option<i32> {
    match input.standing {
        Standing::Declarer { net } | Standing::Played { net } => Some(net),
        Standing::Packed { .. } => None,
    }
}
