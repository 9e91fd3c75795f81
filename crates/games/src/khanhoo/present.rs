//! The Khanhoo table model: scenes, the event feed and action descriptions.

use super::melds::{ACES, COURT, DOUBLE_ACES, DOUBLE_KHANHOO, DOUBLE_ROYAL, DOUBLE_TRIPLET, KHANHOO, ROYAL, SEQUENCE};
use super::state::{hand_partition, hand_value, Claim, KhanhooAction, KhanhooDeal, MeldCards, Step, OUT_BONUS};
use crate::present::{hidden, seat_rows, sorted_hand, waiting, DISPLAY_SUITS};
use ::melds::{MeldChoice, Partition};
use cards::{Card, CardCounts};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Present, Seat, Viewer,
};

/// A meld kind in words, as a noun the sentences can put "a" or "an" before.
fn meld_name(kind: u16) -> &'static str {
    match kind {
        SEQUENCE => "sequence",
        ACES => "aces meld",
        super::melds::TRIPLET => "triplet",
        ROYAL => "royal assembly",
        COURT => "court meld",
        KHANHOO => "khanhoo",
        DOUBLE_ACES => "double aces meld",
        DOUBLE_TRIPLET => "double triplet",
        DOUBLE_ROYAL => "double royal",
        DOUBLE_KHANHOO => "double khanhoo",
        _ => "meld",
    }
}

fn a_meld(kind: u16) -> String {
    let name = meld_name(kind);
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

fn points(v: i64) -> String {
    if v == 1 || v == -1 {
        format!("{v} point")
    } else {
        format!("{v} points")
    }
}

/// "a court meld (4 points)".
fn meld_worth(kind: u16, value: i32) -> String {
    format!("{} ({})", a_meld(kind), points(value as i64))
}

/// Cards in the order hands are shown: by suit, then by face (jokers last).
fn display(cards: &CardCounts) -> Vec<Card> {
    sorted_hand(cards.to_vec(), |c| c.face())
}

/// A meld's cards in reading order: by face, then suit as hands show them, the joker last
/// ("AH 2S 3D", "7S 7H 7D", "9H 9H KC").
fn meld_order(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_by_key(|c| match c.suit() {
        Some(s) => (0, c.face(), DISPLAY_SUITS.iter().position(|&d| d == s).unwrap_or(0)),
        None => (1, 0, 0),
    });
    v
}

fn meld_text(cards: &[Card]) -> String {
    cards_text(&meld_order(cards))
}

/// A solver meld's cards, the joker written where it stands in.
fn choice_cards(m: &MeldChoice) -> Vec<Card> {
    let mut v = m.naturals().to_vec();
    v.extend(std::iter::repeat_n(Card::JOKER, m.wilds as usize));
    meld_order(&v)
}

/// An arrangement's melds, the most valuable first.
fn by_value(p: &Partition) -> Vec<MeldChoice> {
    let mut v = p.melds.clone();
    v.sort_by_key(|m| std::cmp::Reverse(m.value));
    v
}

/// The cards of an arrangement that belong to no meld.
fn loose_cards(p: &Partition) -> Vec<Card> {
    let mut v = p.left_out.clone();
    v.extend(std::iter::repeat_n(Card::JOKER, p.wilds_left as usize));
    v
}

/// The kind and value of a meld the seat to act may claim the top discard with (the best
/// reading of those cards, as the rules count it).
fn claim_worth(d: &KhanhooDeal, m: MeldCards, sequences: bool) -> (u16, i32) {
    d.claims_for(d.to_act as Seat, d.top_discard(), sequences)
        .into_iter()
        .filter(|x| x.0 == m)
        .max_by_key(|x| x.2)
        .map(|(_, kind, value)| (kind, value))
        .expect("a legal claim")
}

/// The meld's cards that come from the claimant's hand: all but one copy of the discard.
fn from_hand(m: MeldCards, discard: Card) -> Vec<Card> {
    let mut v = m.cards().to_vec();
    if let Some(i) = v.iter().position(|&c| c == discard) {
        v.remove(i);
    }
    v
}

/// The bump standing in the current window, if any.
fn standing(d: &KhanhooDeal) -> Option<Claim> {
    d.best_claim.filter(|_| matches!(d.step, Step::Bump | Step::Challenge))
}

fn entitled(d: &KhanhooDeal) -> Seat {
    d.next(d.discarder as Seat)
}

fn opening(d: &KhanhooDeal) -> bool {
    d.turns == 0 && d.discards.is_empty()
}

fn title(d: &KhanhooDeal) -> String {
    let stage = match d.step {
        Step::Discard if opening(d) => "the opening discard".to_string(),
        Step::Draw => "drawing".to_string(),
        Step::Discard => "discarding".to_string(),
        Step::Bump => format!("bumps for the {}", d.top_discard()),
        Step::Challenge => format!("a challenge for the {}", d.top_discard()),
        Step::Over if d.void => "void".to_string(),
        Step::Over if d.stalemate => "stalemate".to_string(),
        Step::Over => "over".to_string(),
    };
    format!("Khanhoo, hand {}: {stage}", d.deal_number + 1)
}

fn prompt(d: &KhanhooDeal, viewer: Viewer) -> String {
    if d.step == Step::Over {
        return "The hand is over.".to_string();
    }
    let actor = d.to_act as Seat;
    if !viewer.is(actor) {
        let doing = match d.step {
            Step::Draw => "draw",
            Step::Discard if opening(d) => "open the hand with a discard",
            Step::Discard => "discard",
            Step::Bump => "bump the discard or pass",
            _ => "challenge the bump or accept it",
        };
        return waiting(actor, doing);
    }
    match d.step {
        Step::Draw => {
            let top = d.top_discard();
            let from = d.discarder;
            if d.players >= 4 {
                format!("Take the {top} that @{from} discarded: with four players there is no stock.")
            } else if !d.stock.is_empty() {
                format!(
                    "Draw from the stock ({} cards) or take the {top} from the discard pile.",
                    d.stock.len()
                )
            } else if d.discards.len() > 1 {
                format!(
                    "Draw from the stock (it is empty: the discards under the {top} will be shuffled into a new one) or take the {top}."
                )
            } else {
                format!("Take the {top}: the stock is empty and there are no discards to rebuild it.")
            }
        }
        Step::Discard => {
            let ask = if opening(d) {
                "Open the hand: discard a card."
            } else {
                "Discard a card."
            };
            let hand = &d.hands[actor];
            let outs: Vec<String> = hand
                .iter()
                .filter(|&(c, _)| d.can_go_out(actor, c))
                .map(|(c, _)| c.to_string())
                .collect();
            if outs.is_empty() {
                ask.to_string()
            } else {
                format!(
                    "{ask} You can go out by discarding {}: the rest of your hand melds completely.",
                    outs.join(" or ")
                )
            }
        }
        Step::Bump => {
            let top = d.top_discard();
            let mut text = format!(
                "Bump the {top} that @{} discarded, for a meld other than a sequence made with your own cards, or pass.",
                d.discarder
            );
            if let Some(c) = standing(d) {
                text.push_str(&format!(
                    " @{} has bumped for {}: yours must be worth more.",
                    c.seat,
                    meld_worth(c.kind, c.value)
                ));
            }
            text
        }
        Step::Challenge => {
            let c = standing(d).expect("a bump stands at a challenge");
            format!(
                "The {} you were next to draw is bumped by @{} for {}. Challenge with a meld of yours that uses it, worth {} or more, to keep it; or accept.",
                d.top_discard(),
                c.seat,
                meld_worth(c.kind, c.value),
                points(c.value as i64)
            )
        }
        Step::Over => unreachable!("handled above"),
    }
}

impl Present for KhanhooDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "draw",
        group: "take",
        help: "Draw the top card of the face-down stock: only you see what it is. With four players there is no stock.",
    },
    ActionKind {
        name: "take",
        group: "take",
        help: "Take the top card of the discard pile into your hand (with four players, the card the previous player just discarded: your only way to draw). Everyone sees which card you took.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "Discard a card face up to end your turn. With three or four players, those who are not next to draw may then bump it.",
    },
    ActionKind {
        name: "out",
        group: "discard",
        help: "Discard and go out: every card you keep, face-up melds included, must belong to a meld. The hand ends; everyone scores their melds and you add 5.",
    },
    ActionKind {
        name: "pass",
        group: "pass",
        help: "Let the discard go without bumping it.",
    },
    ActionKind {
        name: "bump",
        group: "take",
        help: "Claim another player's discard out of turn for a meld it completes with your own cards, any meld but a sequence. If several players bump, the most valuable meld wins (a tie goes to the player nearest after the discarder). The player who was next to draw the card may challenge. A bump that stands takes the card, lays the meld face up for the rest of the hand (it can no longer be rearranged), and you discard; play then goes on from your left, skipping the players in between.",
    },
    ActionKind {
        name: "accept",
        group: "pass",
        help: "Let the bump stand: the bumper takes the card you were next to draw, and play goes on from the bumper's left.",
    },
    ActionKind {
        name: "challenge",
        group: "take",
        help: "The card you were next to draw has been bumped: name a meld of your own that uses it (here a sequence counts). If it is worth as much as the bump or more, you keep the card as your draw and, under the usual rule, lay that meld face up for the rest of the hand; if it is worth less, the bump stands.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let n = self.players as usize;
        let over = self.step == Step::Over;
        let to_act = (!over).then_some(self.to_act as Seat);
        let mut seats = seat_rows(n, Some(self.dealer as Seat), to_act);
        let window = matches!(self.step, Step::Bump | Step::Challenge);
        let frozen_points: Vec<i64> = self
            .frozen
            .iter()
            .map(|f| f.iter().map(|&(_, _, v)| v as i64).sum())
            .collect();
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
            for &(m, kind, value) in &self.frozen[s] {
                row.groups.push(CardGroup::new(
                    format!("Laid face up: {}, {}", meld_name(kind), points(value as i64)),
                    meld_order(m.cards()),
                ));
            }
            if !over && !viewer.is(s) && !self.known[s].is_empty() {
                row.groups
                    .push(CardGroup::new("Known to be in the hand", display(&self.known[s])));
            }
            if window && s == entitled(self) {
                row.marks.push("next to draw".to_string());
            }
            if let Some(c) = standing(self).filter(|c| c.seat as Seat == s) {
                row.status = Some(format!("bumping for {}", meld_worth(c.kind, c.value)));
            }
            if self.out == Some(s as u8) {
                row.status = Some("out".to_string());
            }
            if over && !self.void {
                let complete = self.out == Some(s as u8);
                if let Some(p) = hand_partition(&self.cfg, &self.hands[s], complete) {
                    for m in &by_value(&p) {
                        row.groups.push(CardGroup::new(
                            format!("Meld: {}, {}", meld_name(m.kind), points(m.value as i64)),
                            choice_cards(m),
                        ));
                    }
                    let loose = loose_cards(&p);
                    if !loose.is_empty() {
                        row.groups.push(CardGroup::new("In no meld", loose));
                    }
                }
                row.notes.push(format!("scores {}", self.scores[s]));
            } else {
                if frozen_points[s] > 0 {
                    row.notes
                        .push(format!("{} in melds laid face up", points(frozen_points[s])));
                }
                if viewer.is(s) && !over {
                    // The melds of the best arrangement, for the page to group in the hand.
                    if let Some(p) = hand_partition(&self.cfg, &self.hands[s], false) {
                        row.hand_melds = by_value(&p).iter().map(choice_cards).collect();
                    }
                    if let Some(v) = hand_value(&self.cfg, &self.hands[s], false) {
                        row.notes.push(format!("melds in hand worth {}", points(v)));
                    }
                }
            }
        }

        let mut piles = Vec::new();
        if n < 4 {
            piles.push(Pile::face_down("Stock", self.stock.len()));
        }
        piles.push(Pile {
            label: "Discard pile".to_string(),
            cards: self.discards.last().copied().into_iter().collect(),
            size: Some(self.discards.len()),
        });
        let mut facts = Vec::new();
        if window {
            facts.push(Fact::new(
                "Bumping",
                format!(
                    "the {} that @{} discarded; @{} is next to draw it",
                    self.top_discard(),
                    self.discarder,
                    entitled(self)
                ),
            ));
            if let Some(c) = standing(self) {
                facts.push(Fact::new(
                    "Best bump",
                    format!(
                        "@{} for {}: {}",
                        c.seat,
                        meld_worth(c.kind, c.value),
                        meld_text(c.meld.cards())
                    ),
                ));
            }
        }
        match (over, self.out) {
            (true, _) if self.void => facts.push(Fact::new(
                "Result",
                format!("void: nobody went out within {} discards", self.cfg.max_turns),
            )),
            (true, Some(o)) => facts.push(Fact::new("Went out", format!("@{o}"))),
            (true, None) => facts.push(Fact::new(
                "Result",
                format!(
                    "stalemate: nobody went out within {} discards; the hands score as they stand",
                    self.cfg.max_turns
                ),
            )),
            _ => facts.push(Fact::new(
                "Discards",
                format!(
                    "{} so far; {} after {}",
                    self.turns,
                    if self.cfg.stalemate_scores {
                        "a stalemate"
                    } else {
                        "the hand is void"
                    },
                    self.cfg.max_turns
                ),
            )),
        }

        let deal_scores = if over {
            DealScores {
                label: "Hand scores".to_string(),
                values: if self.void { vec![0; n] } else { self.scores.clone() },
            }
        } else {
            DealScores {
                label: "Points in melds laid face up".to_string(),
                values: frozen_points,
            }
        };
        let tie = if self.cfg.tie_plays_on {
            "a tie for the top plays another hand"
        } else {
            "a tie for the top shares the win"
        };
        let target = format!(
            "After a hand in which someone reaches {}, the highest total wins; {tie}.",
            self.cfg.target
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
            deal_scores: Some(deal_scores),
            target: Some(target),
            prompt: prompt(self, viewer),
        }
    }

    /// The one card `after` holds more of than `before`.
    fn narrate(&self, action: KhanhooAction, after: &KhanhooDeal, out: &mut Narration) {
        let a = self.to_act as Seat;
        match action {
            KhanhooAction::Stock => {
                if self.stock.is_empty() {
                    out.all(Event::new(
                        "reshuffle",
                        None,
                        "The stock is empty: the discards under the top one are shuffled into a new stock.",
                    ));
                }
                let c = crate::present::card_added(&self.hands[a], &after.hands[a]).expect("a card was drawn");
                out.only(
                    a,
                    Event::new("draw", Some(a), format!("@{a} {{draw|draws}} {c} from the stock.")).with_cards([c]),
                );
                out.all_but(
                    a,
                    Event::new("draw", Some(a), format!("@{a} {{draw|draws}} a card from the stock.")),
                );
            }
            KhanhooAction::Take => {
                let c = self.top_discard();
                out.all(
                    Event::new(
                        "take",
                        Some(a),
                        format!("@{a} {{take|takes}} {c} from the discard pile."),
                    )
                    .with_cards([c]),
                );
            }
            KhanhooAction::Discard(c) => {
                let text = if opening(self) {
                    format!("@{a} {{open|opens}} the hand by discarding {c}.")
                } else {
                    format!("@{a} {{discard|discards}} {c}.")
                };
                out.all(Event::new("discard", Some(a), text).with_cards([c]));
            }
            KhanhooAction::Out(c) => {
                out.all(
                    Event::new(
                        "out",
                        Some(a),
                        format!("@{a} {{discard|discards}} {c} and {{go|goes}} out."),
                    )
                    .with_cards([c]),
                );
            }
            KhanhooAction::Pass => {
                let c = self.top_discard();
                out.all(Event::new("pass", Some(a), format!("@{a} {{let|lets}} the {c} go.")));
            }
            KhanhooAction::Bump(m) => {
                let (kind, value) = claim_worth(self, m, false);
                let c = self.top_discard();
                out.all(
                    Event::new(
                        "bump",
                        Some(a),
                        format!(
                            "@{a} {{bump|bumps}} the {c} for {}: {}.",
                            meld_worth(kind, value),
                            meld_text(m.cards())
                        ),
                    )
                    .with_cards(m.cards().iter().copied()),
                );
                if let Some(first) = self.best_claim.filter(|b| b.value >= value) {
                    out.all(Event::new(
                        "bump",
                        Some(first.seat as Seat),
                        format!(
                            "@{}'s bump for {} stays ahead: a later bump must be worth more.",
                            first.seat,
                            meld_worth(first.kind, first.value)
                        ),
                    ));
                }
            }
            KhanhooAction::Accept => {
                let claim = self.best_claim.expect("a bump stands");
                out.all(Event::new(
                    "accept",
                    Some(a),
                    format!("@{a} {{let|lets}} the bump stand."),
                ));
                out.all(laid(claim, self.top_discard()));
            }
            KhanhooAction::Challenge(m) => {
                let claim = self.best_claim.expect("a bump stands");
                let (kind, value) = claim_worth(self, m, true);
                let c = self.top_discard();
                let against = format!(
                    "@{}'s {} ({})",
                    claim.seat,
                    meld_name(claim.kind),
                    points(claim.value as i64)
                );
                if value >= claim.value {
                    let compared = if value == claim.value {
                        format!("as much as {against}")
                    } else {
                        format!("more than {against}")
                    };
                    if self.cfg.challenger_must_expose {
                        out.all(
                            Event::new(
                                "challenge",
                                Some(a),
                                format!(
                                    "@{a} {{challenge|challenges}} with {}, worth {compared}: @{a} {{keep|keeps}} the {c} as {{your|their}} draw and {{lay|lays}} {} face up.",
                                    meld_worth(kind, value),
                                    meld_text(m.cards())
                                ),
                            )
                            .with_cards(m.cards().iter().copied()),
                        );
                    } else {
                        // The meld is only named, not shown: others learn its kind, not its cards.
                        out.only(
                            a,
                            Event::new(
                                "challenge",
                                Some(a),
                                format!(
                                    "@{a} {{challenge|challenges}} with {}, {}, worth {compared}: @{a} {{keep|keeps}} the {c} as {{your|their}} draw.",
                                    meld_text(m.cards()),
                                    meld_worth(kind, value)
                                ),
                            )
                            .with_cards(m.cards().iter().copied()),
                        );
                        out.all_but(
                            a,
                            Event::new(
                                "challenge",
                                Some(a),
                                format!(
                                    "@{a} {{challenge|challenges}} with {}, worth {compared}: @{a} {{keep|keeps}} the {c} as {{your|their}} draw.",
                                    meld_worth(kind, value)
                                ),
                            )
                            .with_cards([c]),
                        );
                    }
                } else {
                    out.only(
                        a,
                        Event::new(
                            "challenge",
                            Some(a),
                            format!(
                                "@{a} {{challenge|challenges}} with {}, {}, worth less than {against}: the bump stands.",
                                meld_text(m.cards()),
                                meld_worth(kind, value)
                            ),
                        )
                        .with_cards(m.cards().iter().copied()),
                    );
                    out.all_but(
                        a,
                        Event::new(
                            "challenge",
                            Some(a),
                            format!(
                                "@{a} {{challenge|challenges}} with {}, worth less than {against}: the bump stands.",
                                meld_worth(kind, value)
                            ),
                        ),
                    );
                    out.all(laid(claim, c));
                }
            }
        }
        // The window has closed on a bump: the next player decides.
        if matches!(action, KhanhooAction::Bump(_) | KhanhooAction::Pass) && after.step == Step::Challenge {
            if let Some(c) = after.best_claim {
                let e = entitled(after);
                out.all(Event::new(
                    "bump",
                    Some(e),
                    format!(
                        "@{}'s bump for {} stands unless @{e} {{challenge|challenges}} it.",
                        c.seat,
                        meld_worth(c.kind, c.value),
                    ),
                ));
            }
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        let first = self.to_act as Seat;
        let stock = if self.players >= 4 {
            "With four players every card is dealt: there is no stock, and each player draws the card just discarded."
                .to_string()
        } else {
            format!("{} cards make the stock.", self.stock.len())
        };
        out.all(Event::new(
            "deal",
            Some(first),
            format!(
                "Fifteen cards each; @{first} {{hold|holds}} a sixteenth and {{open|opens}} with a discard. {stock}"
            ),
        ));
    }

    fn narrate_end(&self, out: &mut Narration) {
        if self.void {
            out.all(Event::new(
                "score",
                None,
                format!(
                    "Nobody went out within {} discards: the hand is void and nobody scores.",
                    self.cfg.max_turns
                ),
            ));
            return;
        }
        if self.stalemate {
            out.all(Event::new(
                "score",
                None,
                format!(
                    "Nobody went out within {} discards: a stalemate, and every hand scores as it stands.",
                    self.cfg.max_turns
                ),
            ));
        }
        let n = self.players as usize;
        let first = self.out.map_or(self.next(self.discarder as Seat), Seat::from);
        for k in 0..n {
            let s = (first + k) % n;
            let went_out = self.out == Some(s as u8);
            let p = hand_partition(&self.cfg, &self.hands[s], went_out).expect("the player out melds completely");
            let mut parts = Vec::new();
            let mut shown = Vec::new();
            let mut melded = 0i64;
            for &(m, kind, value) in &self.frozen[s] {
                parts.push(format!(
                    "{} {} laid face up ({})",
                    meld_name(kind),
                    meld_text(m.cards()),
                    points(value as i64)
                ));
                shown.extend(meld_order(m.cards()));
                melded += value as i64;
            }
            for m in &by_value(&p) {
                let cards = choice_cards(m);
                parts.push(format!(
                    "{} {} ({})",
                    meld_name(m.kind),
                    cards_text(&cards),
                    points(m.value as i64)
                ));
                shown.extend(cards);
                melded += m.value as i64;
            }
            let loose = loose_cards(&p).len();
            let list = parts.join(", ");
            let text = if went_out {
                format!(
                    "@{s} {{go|goes}} out with {list}: {melded} in melds + {OUT_BONUS} for going out = {}.",
                    self.scores[s]
                )
            } else if parts.is_empty() {
                format!("@{s} {{have|has}} no meld: 0.")
            } else {
                let rest = match loose {
                    0 => "every card in a meld".to_string(),
                    1 => "1 card in no meld".to_string(),
                    k => format!("{k} cards in no meld"),
                };
                format!("@{s} {{score|scores}} {} for {list}; {rest}.", self.scores[s])
            };
            out.all(Event::new("score", Some(s), text).with_cards(shown));
        }
    }

    fn describe(&self, action: KhanhooAction) -> Described {
        match action {
            KhanhooAction::Stock => Described::new("draw", "Draw from the stock"),
            KhanhooAction::Take => {
                Described::new("take", format!("Take the {} from the discard pile", self.top_discard()))
            }
            KhanhooAction::Discard(c) => {
                Described::new("discard", format!("Discard the {} ({c})", c.name())).with_cards([c])
            }
            KhanhooAction::Out(c) => {
                Described::new("out", format!("Discard the {} ({c}) and go out", c.name())).with_cards([c])
            }
            KhanhooAction::Pass => Described::new("pass", format!("Pass: let the {} go", self.top_discard())),
            KhanhooAction::Bump(m) => {
                let (kind, value) = claim_worth(self, m, false);
                let c = self.top_discard();
                let own = meld_order(&from_hand(m, c));
                Described::new(
                    "bump",
                    format!(
                        "Bump the {c} for {} with your {}",
                        meld_worth(kind, value),
                        cards_text(&own)
                    ),
                )
                .with_cards(own)
            }
            KhanhooAction::Accept => {
                let claim = self.best_claim.expect("a bump stands");
                Described::new(
                    "accept",
                    format!("Accept: @{} takes the {}", claim.seat, self.top_discard()),
                )
            }
            KhanhooAction::Challenge(m) => {
                let claim = self.best_claim.expect("a bump stands");
                let (kind, value) = claim_worth(self, m, true);
                let c = self.top_discard();
                let own = meld_order(&from_hand(m, c));
                let result = if value >= claim.value {
                    format!("enough to keep the {c}")
                } else {
                    "too little: the bump would stand".to_string()
                };
                Described::new(
                    "challenge",
                    format!(
                        "Challenge with {} using your {} ({result})",
                        meld_worth(kind, value),
                        cards_text(&own)
                    ),
                )
                .with_cards(own)
            }
        }
    }
}

/// "@2 takes the 8S and lays QC 8S 8S face up: a court meld (4 points)."
fn laid(claim: Claim, discard: Card) -> Event {
    let s = claim.seat;
    Event::new(
        "meld",
        Some(s as Seat),
        format!(
            "@{s} {{take|takes}} the {discard} and {{lay|lays}} {} face up, {}; @{s} {{discard|discards}} next.",
            meld_text(claim.meld.cards()),
            meld_worth(claim.kind, claim.value)
        ),
    )
    .with_cards(meld_order(claim.meld.cards()))
}
