//! The Hearts table model: scenes, the event feed and action descriptions.

use super::rules::{EndRule, PassDir};
use super::scoring::{raw_points, shooter};
use super::state::{HeartsAction, HeartsDeal, Phase, QUEEN_OF_SPADES};
use crate::present::{hidden, played, seat_rows, shown, signed, took_trick, trick_scene, waiting};
use crate::trick::ace_high;
use cards::{CardSet, Suit};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, Narration, Picking,
    Present, Seat, Viewer,
};

fn title(d: &HeartsDeal) -> String {
    let name = if d.cfg.bonus_card.is_some() {
        "Omnibus Hearts"
    } else {
        "Hearts"
    };
    let stage = match d.phase {
        Phase::Passing => format!("passing {}", d.pass_dir.name()),
        Phase::Playing => format!("trick {} of 13", d.tricks_done + 1),
        Phase::MoonChoice => "the moon was shot".to_string(),
        Phase::Over => "over".to_string(),
    };
    format!("{name}, deal {}: {stage}", d.deal_number + 1)
}

fn pass_target(d: &HeartsDeal, seat: Seat) -> Seat {
    (seat + d.pass_dir.offset()) % 4
}

fn prompt(d: &HeartsDeal, viewer: Viewer) -> String {
    let actor = d.to_act as Seat;
    if d.phase == Phase::Over {
        return "The deal is over.".to_string();
    }
    if !viewer.is(actor) {
        let doing = match d.phase {
            Phase::Passing => "choose cards to pass",
            Phase::Playing if d.trick.is_empty() => "lead",
            Phase::Playing => "play",
            _ => "choose how to score the moon",
        };
        return waiting(actor, doing);
    }
    match d.phase {
        Phase::Passing => format!(
            "Choose three cards to pass to @{} ({} of 3 chosen).",
            pass_target(d, actor),
            d.picks(actor).len()
        ),
        Phase::Playing if d.tricks_done == 0 && d.trick.is_empty() => {
            "Lead the two of clubs to the first trick.".to_string()
        }
        Phase::Playing => match d.trick.led_suit() {
            None => format!("Lead to trick {}.", d.tricks_done + 1),
            Some(led) => format!("Play to trick {}: follow {} if you can.", d.tricks_done + 1, led.name()),
        },
        _ => "You shot the moon: each other player scores 26, or you score -26. Choose.".to_string(),
    }
}

impl Present for HeartsDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "pass",
        group: "pass",
        help: "Choose three cards to give to the player this deal passes to (left, right or across); the three you receive arrive once everyone has chosen.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card to the trick. Follow the suit led if you can; the two of clubs leads the first trick; hearts may not be led until one has been discarded (unless you hold only hearts); no points go on the first trick unless you hold nothing else.",
    },
    ActionKind {
        name: "moon",
        group: "choose",
        help: "You took every heart and the queen of spades (shot the moon): choose whether each other player scores 26, or you score -26.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.phase != Phase::Over).then_some(self.to_act as Seat);
        let mut seats = seat_rows(4, Some(self.dealer as Seat), to_act);
        let points = raw_points(&self.cfg, &self.won);
        let exchanged = self.phase != Phase::Passing && self.pass_dir != PassDir::None;
        for row in &mut seats {
            let s = row.seat;
            if viewer.is(s) {
                row.hand = shown(self.hands[s], ace_high);
                if !self.picks(s).is_empty() {
                    row.groups.push(CardGroup::new("Chosen to pass", self.picks(s).iter()));
                }
                if exchanged {
                    let from = (s + 4 - self.pass_dir.offset()) % 4;
                    row.groups.push(CardGroup::new(
                        format!("Passed to @{}", pass_target(self, s)),
                        self.passed(s).iter(),
                    ));
                    row.groups.push(CardGroup::new(
                        format!("Received from @{from}"),
                        self.passed(from).iter(),
                    ));
                }
            } else {
                row.hand = hidden((self.hands[s].len() + self.picks(s).len()) as usize);
            }
            if self.phase == Phase::Passing && self.picks(s).len() == 3 {
                row.status = Some("cards chosen".to_string());
            }
            if self.phase != Phase::Passing {
                row.tricks = Some(self.won[s].len() / 4);
                row.notes.push(format!("{} points taken", points[s]));
            }
        }
        let mut facts = vec![Fact::new("Passing", self.pass_dir.name())];
        if self.phase != Phase::Passing {
            facts.push(Fact::new(
                "Hearts",
                if self.hearts_broken { "broken" } else { "not broken" },
            ));
        }
        if let Some(b) = self.cfg.bonus_card {
            facts.push(Fact::new("Bonus card", format!("{b} scores -10")));
        }
        let last_trick = if self.tricks_done > 0 {
            trick_scene(&self.last_trick(), 4, Some(self.trick.leader()))
        } else {
            None
        };
        let deal_scores = if self.phase == Phase::Over {
            DealScores {
                label: "Deal scores".to_string(),
                values: self.scores().to_vec(),
            }
        } else {
            DealScores {
                label: "Points taken this deal".to_string(),
                values: points.to_vec(),
            }
        };
        let target = match self.cfg.end_rule {
            EndRule::Exceeds => format!(
                "Play ends when a total passes {}; the lowest total wins.",
                self.cfg.end_score
            ),
            EndRule::AtLeast => format!(
                "Play ends when a total reaches {}; the lowest total wins.",
                self.cfg.end_score
            ),
        };
        DealScene {
            title: title(self),
            seats,
            centre: Centre {
                trick: trick_scene(&self.trick, 4, None),
                last_trick,
                piles: Vec::new(),
                facts,
            },
            deal_scores: Some(deal_scores),
            target: Some(target),
            prompt: prompt(self, viewer),
        }
    }

    fn narrate(&self, action: HeartsAction, after: &HeartsDeal, out: &mut Narration) {
        let actor = self.to_act as Seat;
        match (self.phase, action) {
            (Phase::Passing, HeartsAction::Card(card)) => {
                let n = self.picks(actor).len() + 1;
                let to = pass_target(self, actor);
                out.only(
                    actor,
                    Event::new(
                        "pass",
                        Some(actor),
                        format!("@{actor} {{choose|chooses}} {card} to pass to @{to} ({n} of 3)."),
                    )
                    .with_cards([card]),
                );
                if n == 3 {
                    out.all_but(
                        actor,
                        Event::new(
                            "pass",
                            Some(actor),
                            format!("@{actor} {{choose|chooses}} three cards to pass to @{to}."),
                        ),
                    );
                }
                if after.phase != Phase::Passing {
                    out.all(Event::new(
                        "exchange",
                        None,
                        "Everyone has chosen: the passed cards change hands.",
                    ));
                    for s in 0..4 {
                        let from = (s + 4 - after.pass_dir.offset()) % 4;
                        let cards = after.passed(from);
                        out.only(
                            s,
                            Event::new(
                                "receive",
                                Some(s),
                                format!(
                                    "@{s} {{receive|receives}} {} from @{from}.",
                                    cards_text(&cards.iter().collect::<Vec<_>>())
                                ),
                            )
                            .with_cards(cards.iter()),
                        );
                    }
                    let leader = after.to_act as Seat;
                    out.all(Event::new(
                        "lead",
                        Some(leader),
                        format!("@{leader} {{hold|holds}} the two of clubs and {{lead|leads}} the first trick."),
                    ));
                }
            }
            (_, HeartsAction::Card(card)) => {
                out.all(played(actor, card));
                if !self.hearts_broken && after.hearts_broken {
                    let why = if card == QUEEN_OF_SPADES && card.suit() != Some(Suit::Hearts) {
                        "the queen of spades breaks them"
                    } else {
                        "a heart has been played"
                    };
                    out.all(Event::new("broken", None, format!("Hearts are broken: {why}.")));
                }
                if after.tricks_done > self.tricks_done {
                    let cards: CardSet = after.last_trick().cards().iter().copied().collect();
                    out.all(took_trick(
                        after.trick.leader(),
                        after.tricks_done as usize,
                        after.last_trick().cards(),
                        &trick_worth(after, cards),
                    ));
                }
            }
            (_, HeartsAction::MoonAdd) => out.all(Event::new(
                "moon",
                Some(actor),
                format!("@{actor} {{choose|chooses}} to give each other player 26."),
            )),
            (_, HeartsAction::MoonSubtract) => out.all(Event::new(
                "moon",
                Some(actor),
                format!("@{actor} {{choose|chooses}} to score -26 instead."),
            )),
        }
    }

    fn narrate_end(&self, out: &mut Narration) {
        let moon = shooter(&self.cfg, &self.won);
        for s in 0..4 {
            let won = self.won[s];
            let hearts = won.of_suit(Suit::Hearts).len();
            let mut parts = Vec::new();
            if hearts > 0 {
                parts.push(if hearts == 1 {
                    "1 heart".to_string()
                } else {
                    format!("{hearts} hearts")
                });
            }
            if won.contains(QUEEN_OF_SPADES) {
                parts.push(format!("{QUEEN_OF_SPADES} (13)"));
            }
            if let Some(b) = self.cfg.bonus_card.filter(|&b| won.contains(b)) {
                parts.push(format!("{b} (-10)"));
            }
            let took = if parts.is_empty() {
                "no point cards".to_string()
            } else {
                parts.join(", ")
            };
            let text = if moon == Some(s) {
                format!(
                    "@{s} {{shoot|shoots}} the moon, taking {took}: {{you score|scores}} {}.",
                    signed(i64::from(self.scores[s]))
                )
            } else {
                format!(
                    "@{s} {{take|takes}} {took}: {} for the deal.",
                    signed(i64::from(self.scores[s]))
                )
            };
            let shown: Vec<_> = won
                .iter()
                .filter(|&c| c.suit() == Some(Suit::Hearts) || c == QUEEN_OF_SPADES || Some(c) == self.cfg.bonus_card)
                .collect();
            out.all(Event::new("score", Some(s), text).with_cards(shown));
        }
        if moon.is_some() {
            out.all(Event::new(
                "score",
                moon,
                "A moon replaces the shooter's points with 26 in the shooter's favour.",
            ));
        }
    }

    fn picking(&self) -> Option<Picking> {
        (self.phase == Phase::Passing).then(|| Picking {
            kind: "pass",
            count: 3 - self.picks(self.to_act as usize).len() as usize,
            label: format!("Pass {{cards}} to @{}", pass_target(self, self.to_act as Seat)),
        })
    }

    fn describe(&self, action: HeartsAction) -> Described {
        match action {
            HeartsAction::Card(c) if self.phase == Phase::Passing => Described::new(
                "pass",
                format!(
                    "Pass the {} ({c}) to @{}",
                    c.name(),
                    pass_target(self, self.to_act as Seat)
                ),
            )
            .with_cards([c]),
            HeartsAction::Card(c) => {
                let verb = if self.trick.is_empty() { "Lead" } else { "Play" };
                Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
            }
            HeartsAction::MoonAdd => Described::new("moon", "Give each other player 26"),
            HeartsAction::MoonSubtract => Described::new("moon", "Score -26 yourself"),
        }
    }
}

fn trick_worth(d: &HeartsDeal, cards: CardSet) -> String {
    let p = raw_points(&d.cfg, &[cards, CardSet::EMPTY, CardSet::EMPTY, CardSet::EMPTY])[0];
    match p {
        0 => "no points".to_string(),
        1 | -1 => format!("{p} point"),
        p => format!("{p} points"),
    }
}
