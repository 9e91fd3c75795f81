//! The Belote table model: partnerships, the two bidding rounds round the upcard, trump and
//! the taker, declarations and belote-rebelote, card points per team, and the hand's result
//! (made, failed, litige) with the points carried over.

use super::declarations::{Declaration, DeclarationKind};
use super::rules::DeclarationsMode;
use super::scoring::strength;
use super::state::{BeloteAction, BeloteDeal, Step};
use crate::present::{hidden, seat_rows, sorted_hand, waiting};
use crate::trick::Trick;
use cards::{Card, Suit};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Present, TrickScene, Viewer,
};

fn order_of(d: &BeloteDeal) -> Vec<usize> {
    let mut v = vec![0usize];
    while v.len() < 4 {
        v.push(d.cfg.direction.next(*v.last().expect("not empty")));
    }
    v
}

fn trick_of(d: &BeloteDeal, t: &Trick, winner: Option<usize>) -> Option<TrickScene> {
    if t.is_empty() {
        return None;
    }
    let mut seat = t.leader();
    let mut plays = Vec::new();
    for &c in t.cards() {
        plays.push((seat, c));
        seat = d.cfg.direction.next(seat);
    }
    Some(TrickScene { plays, winner })
}

fn hand_of(d: &BeloteDeal, s: usize) -> Vec<Card> {
    let trump = d.trump.unwrap_or(d.upcard.suit().expect("no jokers"));
    sorted_hand(d.hands[s].iter(), |c| strength(c, trump))
}

fn declaration_words(x: &Declaration) -> String {
    match x.kind {
        DeclarationKind::Carre { rank } => format!("four {rank}s ({})", x.points),
        DeclarationKind::Sequence { suit, length, .. } => {
            let name = match length {
                3 => "a tierce".to_string(),
                4 => "a fifty".to_string(),
                5 => "a hundred".to_string(),
                n => format!("a sequence of {n}"),
            };
            format!("{name} in {} ({})", suit.name(), x.points)
        }
    }
}

fn declared_shown(d: &BeloteDeal) -> bool {
    d.step == Step::Playing || d.step == Step::Over
}

impl Present for BeloteDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "pass",
        group: "bid",
        help: "Decline to take. In the first round a player may take the upcard's suit as trump; if all four pass, a second round lets each name another suit; if all pass again the hand is dealt anew.",
    },
    ActionKind {
        name: "take",
        group: "bid",
        help: "Take: name trump (the upcard's suit in the first round, another suit in the second). You take the upcard and your team must then score more than the other team, or lose everything to it.",
    },
    ActionKind {
        name: "declare",
        group: "declare",
        help: "Announce your declarations (four of a kind, or three or more cards in sequence in one suit); only the team with the best one scores its declarations.",
    },
    ActionKind {
        name: "skip",
        group: "declare",
        help: "Make no declaration.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card: follow suit; if you cannot and an opponent is winning, trump; when trumps are played, go higher if you can. The last trick is worth 10 more.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.step != Step::Over).then_some(self.to_act as usize);
        let rows = seat_rows(4, Some(self.dealer as usize), to_act);
        let bidding = matches!(self.step, Step::FirstRound | Step::SecondRound);
        let mut seats = Vec::new();
        for s in order_of(self) {
            let mut row = rows[s].clone();
            row.hand = if viewer.is(s) {
                HandScene::Shown {
                    cards: hand_of(self, s),
                }
            } else {
                hidden(self.hands[s].len() as usize)
            };
            row.marks.push(format!("partner of @{}", (s + 2) % 4));
            if self.taker == Some(s as u8) {
                row.marks.push("taker".to_string());
            }
            if declared_shown(self) && !self.declared[s].is_empty() {
                for x in self.declarations_of(s) {
                    let cards: Vec<Card> = x.cards.iter().collect();
                    row.groups
                        .push(CardGroup::new(format!("Declared {}", declaration_words(&x)), cards));
                }
            }
            if self.belote_shown > 0 && self.belote_holder == Some(s as u8) {
                row.notes.push(
                    if self.belote_shown == 2 {
                        "belote and rebelote"
                    } else {
                        "belote"
                    }
                    .to_string(),
                );
            }
            if !bidding {
                row.tricks = Some(self.tricks_won[s] as u32);
            }
            seats.push(row);
        }
        // The last bid of each seat, in the bidding.
        if bidding {
            let mut who = self.cfg.direction.next(self.dealer as usize);
            for &b in &self.bids[..self.bid_count as usize] {
                if let Some(row) = seats.iter_mut().find(|r| r.seat == who) {
                    row.bid = Some(if b == 0 {
                        "pass".to_string()
                    } else {
                        format!("take {}", Suit::from_index(b as usize - 1).name())
                    });
                }
                who = self.cfg.direction.next(who);
            }
        }
        let mut piles = Vec::new();
        if bidding || (self.step == Step::Over && self.taker.is_none()) {
            piles.push(Pile::face_up("Upcard", [self.upcard]));
        }
        let mut facts = Vec::new();
        if let (Some(t), Some(k)) = (self.trump, self.taker) {
            facts.push(Fact::new("Trump", format!("{}, taken by @{k}", t.name())));
        }
        facts.push(Fact::new(
            "Card points",
            format!(
                "team of @0 and @2 {}, team of @1 and @3 {}",
                self.card_points[0], self.card_points[1]
            ),
        ));
        if self.suspended_in > 0 {
            facts.push(Fact::new(
                "In suspense from a litige",
                format!("{} points", self.suspended_in),
            ));
        }
        let last_trick = if self.tricks_done > 0 {
            trick_of(self, &self.last_trick, Some(self.trick.leader()))
        } else {
            None
        };
        let prompt = match to_act {
            None => "The hand is over.".to_string(),
            Some(s) if viewer.is(s) => match self.step {
                Step::FirstRound => format!(
                    "Take {} as trump with the upcard {}, or pass.",
                    self.upcard.suit().map_or("", |x| x.name()),
                    self.upcard
                ),
                Step::SecondRound => format!(
                    "Name another trump than {} and take the upcard, or pass.",
                    self.upcard.suit().map_or("", |x| x.name())
                ),
                Step::Declaring => "Declare your sequences and fours of a kind, or skip.".to_string(),
                _ => match self.trick.led_suit() {
                    None => format!("Lead to trick {}.", self.tricks_done + 1),
                    Some(led) => format!(
                        "Play to trick {}: follow {} if you can.",
                        self.tricks_done + 1,
                        led.name()
                    ),
                },
            },
            Some(s) => waiting(
                s,
                if bidding {
                    "bid"
                } else if self.step == Step::Declaring {
                    "declare"
                } else {
                    "play"
                },
            ),
        };
        let deal_scores = match (self.step, self.result) {
            (Step::Over, Some(_)) => Some(DealScores {
                label: "Hand scores".to_string(),
                values: self.deltas.to_vec(),
            }),
            _ => None,
        };
        DealScene {
            title: format!(
                "Belote, hand {}: {}",
                self.deal_number + 1,
                match self.step {
                    Step::FirstRound => "bidding, first round",
                    Step::SecondRound => "bidding, second round",
                    Step::Declaring => "declarations",
                    Step::Playing => "play",
                    Step::Over => "over",
                }
            ),
            seats,
            centre: Centre {
                trick: trick_of(self, &self.trick, None),
                last_trick,
                piles,
                facts,
            },
            deal_scores,
            target: Some(format!(
                "The first team to {} wins; partners sit across.",
                self.cfg.target
            )),
            prompt,
        }
    }

    fn narrate(&self, action: BeloteAction, after: &BeloteDeal, out: &mut Narration) {
        let s = self.to_act as usize;
        match action {
            BeloteAction::Pass => out.all(Event::new("bid", Some(s), format!("@{s} {{pass|passes}}."))),
            BeloteAction::Take(t) => out.all(
                Event::new(
                    "bid",
                    Some(s),
                    format!(
                        "@{s} {{take|takes}} with {} as trump, and the upcard {}.",
                        t.name(),
                        self.upcard
                    ),
                )
                .with_cards([self.upcard]),
            ),
            BeloteAction::Declare => out.all(Event::new("declare", Some(s), format!("@{s} {{declare|declares}}."))),
            BeloteAction::Skip => out.all(Event::new(
                "declare",
                Some(s),
                format!("@{s} {{make|makes}} no declaration."),
            )),
            BeloteAction::Play(c) => {
                out.all(crate::present::played(s, c));
                if after.belote_shown > self.belote_shown {
                    let word = if after.belote_shown == 2 { "rebelote" } else { "belote" };
                    out.all(Event::new("belote", Some(s), format!("@{s} {{say|says}} {word}.")));
                }
                if after.tricks_done > self.tricks_done {
                    let trump = after.trump.expect("trump in play");
                    let pts: i64 = after
                        .last_trick
                        .cards()
                        .iter()
                        .map(|&c| super::scoring::card_points(c, trump))
                        .sum();
                    let extra = if after.tricks_done == 8 {
                        " and 10 for the last trick"
                    } else {
                        ""
                    };
                    out.all(crate::present::took_trick(
                        after.trick.leader(),
                        after.tricks_done as usize,
                        after.last_trick.cards(),
                        &format!("{pts} card points{extra}"),
                    ));
                }
            }
        }
        if !matches!(self.step, Step::FirstRound) && after.step == Step::SecondRound && self.step != Step::SecondRound {
            out.all(Event::new(
                "bid",
                None,
                "Nobody took: a second round, for another suit.",
            ));
        }
        if self.step == Step::FirstRound && after.step == Step::SecondRound {
            out.all(Event::new(
                "bid",
                None,
                "Nobody took the upcard's suit: a second round, for another suit.",
            ));
        }
        if !declared_shown(self) && after.step == Step::Playing {
            if self.taker.is_none() {
                if let Some(k) = after.taker {
                    let k = k as usize;
                    let drawn = after.hands[k].len();
                    out.all(Event::new(
                        "deal",
                        Some(k),
                        format!("The rest is dealt; @{k} now {{hold|holds}} {drawn} cards."),
                    ));
                }
            }
            if after.cfg.declarations_mode == DeclarationsMode::Full {
                for p in 0..4 {
                    for x in after.declarations_of(p) {
                        let cards: Vec<Card> = x.cards.iter().collect();
                        out.all(
                            Event::new(
                                "declare",
                                Some(p),
                                format!("@{p} {{show|shows}} {}: {}.", declaration_words(&x), cards_text(&cards)),
                            )
                            .with_cards(cards),
                        );
                    }
                }
            }
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        out.all(Event::new("upcard", None, format!("The upcard is {}.", self.upcard)).with_cards([self.upcard]));
    }

    fn narrate_end(&self, out: &mut Narration) {
        let Some(r) = self.result else {
            let next = self.next(self.dealer as usize);
            out.all(Event::new(
                "score",
                None,
                format!(
                    "Everyone passed in both rounds: the cards are thrown in, nobody scores, and the deal passes to @{next}."
                ),
            ));
            return;
        };
        let taker = self.taker.expect("a taker") as usize;
        let team = |t: usize| if t == 0 { "@0 and @2" } else { "@1 and @3" };
        for t in 0..2 {
            let tricks = self.tricks_won[t] + self.tricks_won[t + 2];
            let mut parts = vec![format!("{} card points in {tricks} tricks", self.card_points[t])];
            if self.declaration_points[t] > 0 {
                parts.push(format!("{} for declarations", self.declaration_points[t]));
            }
            if self.belote_holder.is_some_and(|h| h as usize % 2 == t) {
                parts.push("20 for belote".to_string());
            }
            out.all(Event::new("score", None, format!("{}: {}.", team(t), parts.join(", "))));
        }
        let verdict = if r.capot {
            "a capot: every trick to one team".to_string()
        } else if r.litige {
            format!(
                "a litige: the points are level; {} points wait for the next hand's winners",
                self.suspended_out
            )
        } else if r.made {
            format!("@{taker}'s team makes its contract")
        } else {
            format!("@{taker}'s team fails (dedans): the other team scores everything")
        };
        out.all(Event::new("score", Some(taker), format!("The hand: {verdict}.")));
        out.all(Event::new(
            "score",
            None,
            format!(
                "Scores: {} {}, {} {}.",
                team(0),
                self.deltas[0],
                team(1),
                self.deltas[1]
            ),
        ));
    }

    fn teams(&self) -> Vec<Vec<engine::Seat>> {
        vec![vec![0, 2], vec![1, 3]]
    }

    fn describe(&self, action: BeloteAction) -> Described {
        match action {
            BeloteAction::Pass => Described::new("pass", "Pass"),
            BeloteAction::Take(t) => Described::new("take", format!("Take with {} as trump", t.name())),
            BeloteAction::Declare => Described::new("declare", "Declare"),
            BeloteAction::Skip => Described::new("skip", "Do not declare"),
            BeloteAction::Play(c) => {
                let verb = if self.trick.is_empty() { "Lead" } else { "Play" };
                Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
            }
        }
    }
}
