//! The Tribello table model: the phase and its trump, the widow exchanges (what each player
//! set aside and drew is theirs alone), tricks against each seat's quota, and the scores.

use super::scoring::{quotas, Phase};
use super::state::{Step, TribelloAction, TribelloDeal};
use crate::present::{hidden, played, seat_rows, shown, signed, took_trick, trick_scene, waiting};
use crate::trick::ace_high;
use cards::Card;
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, Narration, Pile, Viewer,
};

pub(super) const ACTION_KINDS: &[ActionKind] = &[
    ActionKind {
        name: "trump",
        group: "choose",
        help: "As dealer in the second phase, name the trump suit for this deal.",
    },
    ActionKind {
        name: "discard",
        group: "discard",
        help: "Set a card aside face down; when you stop (or can set aside no more) you draw as many cards from the widow as you set aside.",
    },
    ActionKind {
        name: "keep",
        group: "choose",
        help: "Stop exchanging: draw from the widow as many cards as you set aside (none, if you set none aside).",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card to the trick: follow the suit led if you can; the highest trump, else the highest card of the suit led, wins. Each seat aims at its quota of tricks (6 for the dealer, 4 and 3 for the others; reversed in the last phase, where tricks are to be avoided).",
    },
];

fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::CutTrump => "trump from the cut",
        Phase::DealerTrump => "the dealer names trump",
        Phase::NoTrump => "no trump",
        Phase::Reversed => "no trump, fewest tricks",
    }
}

fn quota(d: &TribelloDeal, s: usize) -> i64 {
    quotas(d.phase)[(s + 3 - d.dealer as usize) % 3]
}

pub(super) fn scene(d: &TribelloDeal, viewer: Viewer) -> DealScene {
    let to_act = (d.step != Step::Over).then_some(d.to_act as usize);
    let mut seats = seat_rows(3, Some(d.dealer as usize), to_act);
    for row in &mut seats {
        let s = row.seat;
        if viewer.is(s) {
            row.hand = shown(d.hands[s], ace_high);
            if !d.discards[s].is_empty() {
                row.groups.push(CardGroup::new("Set aside", d.discards[s].iter()));
            }
            if !d.drawn[s].is_empty() {
                row.groups
                    .push(CardGroup::new("Drawn from the widow", d.drawn[s].iter()));
            }
        } else {
            row.hand = hidden(d.hands[s].len() as usize);
        }
        if let Some(k) = d.exchanged[s] {
            row.notes.push(format!("exchanged {k}"));
        }
        if d.step == Step::Play || d.step == Step::Over {
            row.tricks = Some(d.tricks_won[s] as u32);
        }
        row.notes.push(format!("quota {}", quota(d, s)));
    }
    let mut facts = vec![Fact::new("Phase", phase_words(d.phase))];
    match d.trump {
        Some(t) => facts.push(Fact::new("Trump", t.name())),
        None if d.phase == Phase::DealerTrump => facts.push(Fact::new("Trump", "to be named by the dealer")),
        None => facts.push(Fact::new("Trump", "none")),
    }
    let mut piles = Vec::new();
    if let Some(c) = d.cut_card {
        piles.push(Pile::face_up("Cut card", [c]));
    }
    if d.step != Step::Play && d.step != Step::Over {
        piles.push(Pile::face_down("Widow", d.widow_len as usize));
    }
    let last_trick = if d.tricks_done > 0 {
        trick_scene(&d.last_trick, 3, Some(d.trick.leader()))
    } else {
        None
    };
    let prompt = match to_act {
        None => "The deal is over.".to_string(),
        Some(s) if viewer.is(s) => match d.step {
            Step::NameTrump => "Name the trump suit.".to_string(),
            Step::Exchange => format!(
                "Set aside cards to exchange with the widow ({} set aside, at most {}), or keep.",
                d.discards[s].len(),
                d.widow_len
            ),
            _ => match d.trick.led_suit() {
                None => format!("Lead to trick {}.", d.tricks_done + 1),
                Some(led) => format!("Play to trick {}: follow {} if you can.", d.tricks_done + 1, led.name()),
            },
        },
        Some(s) => waiting(
            s,
            match d.step {
                Step::NameTrump => "name trump",
                Step::Exchange => "exchange with the widow",
                _ => "play",
            },
        ),
    };
    let (label, values) = if d.step == Step::Over {
        ("Deal scores", d.scores.to_vec())
    } else {
        (
            "Tricks over quota",
            (0..3).map(|s| d.tricks_won[s] as i64 - quota(d, s)).collect(),
        )
    };
    DealScene {
        title: format!("Tribello, deal {}: {}", d.deal_number + 1, phase_words(d.phase)),
        seats,
        centre: Centre {
            trick: trick_scene(&d.trick, 3, None),
            last_trick,
            piles,
            facts,
        },
        deal_scores: Some(DealScores {
            label: label.to_string(),
            values,
        }),
        target: Some("Twelve deals, three in each phase; the highest total wins.".to_string()),
        prompt,
    }
}

pub(super) fn narrate_start(d: &TribelloDeal, out: &mut Narration) {
    if let (Some(c), Some(t)) = (d.cut_card, d.trump) {
        out.all(Event::new("cut", None, format!("The cut shows {c}: {} are trump.", t.name())).with_cards([c]));
    }
}

pub(super) fn narrate(before: &TribelloDeal, action: TribelloAction, after: &TribelloDeal, out: &mut Narration) {
    let s = before.to_act as usize;
    match action {
        TribelloAction::NameTrump(t) => out.all(Event::new(
            "trump",
            Some(s),
            format!("@{s} {{name|names}} {} as trump.", t.name()),
        )),
        TribelloAction::Discard(c) => {
            out.only(
                s,
                Event::new("discard", Some(s), format!("@{s} {{set|sets}} aside {c}.")).with_cards([c]),
            );
            out.all_but(
                s,
                Event::new("discard", Some(s), format!("@{s} {{set|sets}} aside a card.")),
            );
        }
        TribelloAction::Keep => {}
        TribelloAction::Play(c) => {
            out.all(played(s, c));
            if after.tricks_done > before.tricks_done {
                out.all(took_trick(
                    after.trick.leader(),
                    after.tricks_done as usize,
                    after.last_trick.cards(),
                    "",
                ));
            }
        }
    }
    if before.exchanged[s].is_none() {
        if let Some(k) = after.exchanged[s] {
            let drawn: Vec<Card> = after.drawn[s].iter().collect();
            if k == 0 {
                out.all(Event::new(
                    "draw",
                    Some(s),
                    format!("@{s} {{keep|keeps}} {{your|their}} hand."),
                ));
            } else {
                out.only(
                    s,
                    Event::new(
                        "draw",
                        Some(s),
                        format!("@{s} {{draw|draws}} {} from the widow.", cards_text(&drawn)),
                    )
                    .with_cards(drawn),
                );
                out.all_but(
                    s,
                    Event::new("draw", Some(s), format!("@{s} {{draw|draws}} {k} from the widow.")),
                );
            }
        }
    }
}

pub(super) fn narrate_end(d: &TribelloDeal, out: &mut Narration) {
    for s in 0..3 {
        let won = d.tricks_won[s] as i64;
        let q = quota(d, s);
        out.all(Event::new(
            "score",
            Some(s),
            format!(
                "@{s} {{take|takes}} {won} tricks against a quota of {q}: {}.",
                signed(d.scores[s])
            ),
        ));
    }
}

pub(super) fn describe(d: &TribelloDeal, action: TribelloAction) -> Described {
    match action {
        TribelloAction::NameTrump(t) => Described::new("trump", format!("Name {} trump", t.name())),
        TribelloAction::Discard(c) => {
            Described::new("discard", format!("Set aside the {} ({c})", c.name())).with_cards([c])
        }
        TribelloAction::Keep => Described::new(
            "keep",
            if d.discards[d.to_act as usize].is_empty() {
                "Keep your hand".to_string()
            } else {
                "Stop and draw from the widow".to_string()
            },
        ),
        TribelloAction::Play(c) => {
            let verb = if d.trick.is_empty() { "Lead" } else { "Play" };
            Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
        }
    }
}
