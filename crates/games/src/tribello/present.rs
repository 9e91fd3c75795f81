//! The Tribello table model: scenes, the event feed and action descriptions.

use super::rules::DEALS_PER_MATCH;
use super::scoring::{quotas, Phase};
use super::state::{Step, TribelloAction, TribelloDeal};
use crate::present::{
    count_of_cards, hidden, played, seat_rows, shown, signed, sorted_hand, took_trick, trick_scene, waiting,
};
use crate::trick::ace_high;
use cards::Card;
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, Narration, Pile, Present,
    Seat, Viewer,
};

fn phase_words(phase: Phase) -> &'static str {
    match phase {
        Phase::CutTrump => "trump from the cut",
        Phase::DealerTrump => "the dealer names trump",
        Phase::NoTrump => "no trump",
        Phase::Reversed => "no trump, avoid tricks",
    }
}

fn phase_number(phase: Phase) -> u32 {
    match phase {
        Phase::CutTrump => 1,
        Phase::DealerTrump => 2,
        Phase::NoTrump => 3,
        Phase::Reversed => 4,
    }
}

/// Each seat's trick quota this deal, by seat.
pub(super) fn seat_quotas(d: &TribelloDeal) -> [i64; 3] {
    let q = quotas(d.phase);
    std::array::from_fn(|s| q[(s + 3 - d.dealer as usize) % 3])
}

fn title(d: &TribelloDeal) -> String {
    let stage = match d.step {
        Step::NameTrump => "the dealer names trump".to_string(),
        Step::Exchange => "exchanging with the widow".to_string(),
        Step::Play => format!("trick {} of 13", d.tricks_done + 1),
        Step::Over => "over".to_string(),
    };
    format!(
        "Tribello, deal {} of {DEALS_PER_MATCH} (phase {}: {}): {stage}",
        d.deal_number + 1,
        phase_number(d.phase),
        phase_words(d.phase)
    )
}

fn prompt(d: &TribelloDeal, viewer: Viewer) -> String {
    let actor = d.to_act as Seat;
    if d.step == Step::Over {
        return "The deal is over.".to_string();
    }
    if !viewer.is(actor) {
        let doing = match d.step {
            Step::NameTrump => "name trump",
            Step::Exchange => "exchange with the widow",
            _ if d.trick.is_empty() => "lead",
            _ => "play",
        };
        return waiting(actor, doing);
    }
    match d.step {
        Step::NameTrump => "Name the trump suit for this deal.".to_string(),
        Step::Exchange => {
            let k = d.discards[actor].len();
            format!(
                "Exchange with the widow: discard up to {} cards face down ({k} discarded so far), then keep to draw as many.",
                d.widow_len
            )
        }
        _ => match d.trick.led_suit() {
            None => format!("Lead to trick {}.", d.tricks_done + 1),
            Some(led) => format!("Play to trick {}: follow {} if you can.", d.tricks_done + 1, led.name()),
        },
    }
}

impl Present for TribelloDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "trump",
        group: "choose",
        help: "In deals 4 to 6 the dealer looks at the hand and names the trump suit for the deal.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "During your exchange, put a card face down aside, one at a time; you may discard as many as the widow (the spare face-down hand) still holds. Nobody sees what you discard.",
    },
    ActionKind {
        name: "keep",
        group: "take",
        help: "End your exchange: you draw from the top of the widow as many cards as you discarded (none if you discarded none). Discarding as many as the widow holds ends it by itself.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card to the trick. Follow the suit led if you can; otherwise play anything. The highest trump wins, else the highest card of the suit led. Each seat aims at its trick quota: tricks over it score a point each and tricks short lose one (the other way round in the last three deals).",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.step != Step::Over).then_some(self.to_act as Seat);
        let mut seats = seat_rows(3, Some(self.dealer as Seat), to_act);
        let q = seat_quotas(self);
        for row in &mut seats {
            let s = row.seat;
            if viewer.is(s) {
                row.hand = shown(self.hands[s], ace_high);
                if !self.discards[s].is_empty() {
                    row.groups.push(CardGroup::new(
                        "Discarded face down",
                        sorted_hand(self.discards[s].iter(), ace_high),
                    ));
                }
                if !self.drawn[s].is_empty() {
                    row.groups.push(CardGroup::new(
                        "Drawn from the widow",
                        sorted_hand(self.drawn[s].iter(), ace_high),
                    ));
                }
            } else {
                row.hand = hidden(self.hands[s].len() as usize);
            }
            row.notes.push(format!("quota {}", q[s]));
            match self.exchanged[s] {
                Some(0) => row.status = Some("exchanged none".to_string()),
                Some(k) => row.status = Some(format!("exchanged {k}")),
                None if self.step == Step::Exchange && to_act == Some(s) && !self.discards[s].is_empty() => {
                    row.status = Some(format!("discarding, {} so far", self.discards[s].len()));
                }
                None => {}
            }
            if self.step == Step::Play || self.step == Step::Over {
                row.tricks = Some(self.tricks_won[s] as u32);
            }
        }
        let mut facts = vec![Fact::new(
            "Trump",
            match self.trump {
                Some(t) => t.name().to_string(),
                None if self.phase == Phase::DealerTrump => "not named yet".to_string(),
                None => "none".to_string(),
            },
        )];
        if let Some(c) = self.cut_card {
            facts.push(Fact::new("Cut card", format!("{} ({c})", c.name())));
        }
        facts.push(Fact::new(
            "Object",
            if self.phase == Phase::Reversed {
                "avoid tricks: each trick under your quota scores a point"
            } else {
                "make your quota: each trick over it scores a point"
            },
        ));
        let mut piles = Vec::new();
        if self.widow_len > 0 {
            piles.push(Pile::face_down("Widow", self.widow_len as usize));
        }
        let last_trick = if self.tricks_done > 0 {
            trick_scene(&self.last_trick, 3, Some(self.trick.leader()))
        } else {
            None
        };
        let deal_scores = if self.step == Step::Over {
            DealScores {
                label: "Deal scores".to_string(),
                values: self.scores.to_vec(),
            }
        } else {
            DealScores {
                label: "Tricks taken".to_string(),
                values: self.tricks_won.iter().map(|&t| t as i64).collect(),
            }
        };
        DealScene {
            title: title(self),
            seats,
            centre: Centre {
                trick: trick_scene(&self.trick, 3, None),
                last_trick,
                piles,
                facts,
            },
            deal_scores: Some(deal_scores),
            target: Some(format!(
                "{DEALS_PER_MATCH} deals, each seat dealing once per phase; the highest total wins."
            )),
            prompt: prompt(self, viewer),
        }
    }

    fn narrate(&self, action: TribelloAction, after: &TribelloDeal, out: &mut Narration) {
        let actor = self.to_act as Seat;
        match action {
            TribelloAction::NameTrump(suit) => {
                out.all(Event::new(
                    "trump",
                    Some(actor),
                    format!("@{actor} {{name|names}} {} trump.", suit.name()),
                ));
                next_step(self, after, out);
            }
            TribelloAction::Discard(card) => {
                let n = self.discards[actor].len() + 1;
                out.only(
                    actor,
                    Event::new(
                        "discard",
                        Some(actor),
                        format!("@{actor} {{discard|discards}} {card} face down ({n} so far)."),
                    )
                    .with_cards([card]),
                );
                out.all_but(
                    actor,
                    Event::new(
                        "discard",
                        Some(actor),
                        format!("@{actor} {{discard|discards}} a card face down ({n} so far)."),
                    ),
                );
                if self.exchanged[actor].is_none() && after.exchanged[actor].is_some() {
                    finish_exchange(actor, after, out);
                }
                next_step(self, after, out);
            }
            TribelloAction::Keep => {
                finish_exchange(actor, after, out);
                next_step(self, after, out);
            }
            TribelloAction::Play(card) => {
                out.all(played(actor, card));
                if after.tricks_done > self.tricks_done {
                    let winner = after.trick.leader();
                    let worth = format!(
                        "now {} against a quota of {}",
                        after.tricks_won[winner],
                        seat_quotas(after)[winner]
                    );
                    out.all(took_trick(
                        winner,
                        after.tricks_done as usize,
                        after.last_trick.cards(),
                        &worth,
                    ));
                }
            }
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        let dealer = self.dealer as Seat;
        out.all(Event::new(
            "deal-start",
            Some(dealer),
            format!(
                "@{dealer} {{deal|deals}} 13 cards to each player and 13 face down to the widow. Phase {}: {}.",
                phase_number(self.phase),
                phase_words(self.phase)
            ),
        ));
        // The cut card itself shows in the scene's facts: the conformance kit checks a new deal's
        // opening lines against what the seats saw of the deal before, so the feed names only the suit.
        if let (Some(_), Some(t)) = (self.cut_card, self.trump) {
            out.all(Event::new(
                "cut",
                None,
                format!("The cut turns up a card: {} are trump.", t.name()),
            ));
        }
        let q = seat_quotas(self);
        out.all(Event::new(
            "quota",
            None,
            format!(
                "Quotas: @{dealer} {}, @{} {}, @{} {}.",
                q[dealer],
                (dealer + 1) % 3,
                q[(dealer + 1) % 3],
                (dealer + 2) % 3,
                q[(dealer + 2) % 3]
            ),
        ));
    }

    fn narrate_end(&self, out: &mut Narration) {
        let q = seat_quotas(self);
        let reversed = self.phase == Phase::Reversed;
        for (s, &quota) in q.iter().enumerate() {
            let took = self.tricks_won[s];
            let diff = took as i64 - quota;
            let against = match diff {
                0 => "exactly the quota".to_string(),
                d if d > 0 => format!("{d} over"),
                d => format!("{} under", -d),
            };
            let why = if reversed && diff != 0 {
                ", and in this phase tricks over the quota cost and tricks under it score"
            } else {
                ""
            };
            out.all(Event::new(
                "score",
                Some(s),
                format!(
                    "@{s} {{take|takes}} {} against a quota of {}: {against}{why}, {}.",
                    tricks_word(took),
                    quota,
                    signed(self.scores[s])
                ),
            ));
        }
    }

    fn describe(&self, action: TribelloAction) -> Described {
        let actor = self.to_act as Seat;
        match action {
            TribelloAction::NameTrump(s) => Described::new("trump", format!("Name {} trump", s.name())),
            TribelloAction::Discard(c) => {
                Described::new("discard", format!("Discard the {} ({c}) face down", c.name())).with_cards([c])
            }
            TribelloAction::Keep => {
                let k = self.discards[actor].len() as usize;
                let label = if k == 0 {
                    "Keep your hand and exchange nothing".to_string()
                } else {
                    format!("Stop and draw {} from the widow", count_of_cards(k))
                };
                Described::new("keep", label)
            }
            TribelloAction::Play(c) => {
                let verb = if self.trick.is_empty() { "Lead" } else { "Play" };
                Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
            }
        }
    }
}

fn tricks_word(n: u8) -> String {
    if n == 1 {
        "1 trick".to_string()
    } else {
        format!("{n} tricks")
    }
}

/// Tells the end of a seat's exchange: the actor sees what it drew, the others only how many.
fn finish_exchange(actor: Seat, after: &TribelloDeal, out: &mut Narration) {
    let k = after.exchanged[actor].unwrap_or(0) as usize;
    if k == 0 {
        out.all(Event::new(
            "exchange",
            Some(actor),
            format!("@{actor} {{keep|keeps}} the hand and {{exchange|exchanges}} nothing."),
        ));
        return;
    }
    let drawn: Vec<Card> = sorted_hand(after.drawn[actor].iter(), ace_high);
    out.only(
        actor,
        Event::new(
            "draw",
            Some(actor),
            format!("@{actor} {{draw|draws}} {} from the widow.", cards_text(&drawn)),
        )
        .with_cards(drawn),
    );
    out.all_but(
        actor,
        Event::new(
            "draw",
            Some(actor),
            format!(
                "@{actor} {{draw|draws}} {} from the widow, having discarded as many.",
                count_of_cards(k)
            ),
        ),
    );
}

/// What comes next once the exchanges may have ended: trump to name, or the first lead.
fn next_step(before: &TribelloDeal, after: &TribelloDeal, out: &mut Narration) {
    if before.step != Step::Play && after.step == Step::Play {
        let leader = after.to_act as Seat;
        out.all(Event::new(
            "lead",
            Some(leader),
            format!("Play begins: @{leader} {{lead|leads}} the first trick."),
        ));
    }
}
