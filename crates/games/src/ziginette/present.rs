//! The Ziginette table model: the banker and the bank's card, the board with every stake,
//! each card turned and what it decided, and the payments with the house cut.

use super::state::{idx, Ending, RankState, Step, ZiginetteAction, ZiginetteDeal};
use crate::present::{chips, seat_rows, signed_chips, waiting};
use cards::{Card, Rank};
use engine::{
    ActionKind, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration, Pile, Present, Viewer,
};

fn rank_word(r: Rank) -> &'static str {
    r.name()
}

fn stakes_of(d: &ZiginetteDeal, s: usize) -> Vec<(Card, u16)> {
    d.board[..d.board_len as usize]
        .iter()
        .filter_map(|&c| {
            let st = d.stakes[s][idx(c.rank().expect("no jokers"))];
            (st > 0).then_some((c, st))
        })
        .collect()
}

impl Present for ZiginetteDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "bet",
        group: "bet",
        help: "Stake chips on a rank showing on the board. Cards are turned one by one: if another card of your rank comes before the banker's rank, the bank takes your stake; if the banker's rank comes first, the bank pays you even money.",
    },
    ActionKind {
        name: "done",
        group: "bet",
        help: "Finish betting in this window; the next bettor bets, and when all are done the banker turns cards again.",
    },
    ActionKind {
        name: "deal",
        group: "bank",
        help: "The hand ended without your card turning up: keep the bank and deal another hand at the same limits.",
    },
    ActionKind {
        name: "limits",
        group: "bank",
        help: "Keep the bank and deal another hand with the betting limits doubled or halved.",
    },
    ActionKind {
        name: "pass-bank",
        group: "bank",
        help: "Give up the bank: the next player banks the next hand.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let players = self.players as usize;
        let banker = self.banker as usize;
        let to_act = (self.step != Step::Over).then_some(self.to_act as usize);
        let mut seats = seat_rows(players, None, to_act);
        for row in &mut seats {
            let s = row.seat;
            row.hand = HandScene::None;
            if s == banker {
                row.marks.push("banker".to_string());
            }
            let stakes = stakes_of(self, s);
            if !stakes.is_empty() {
                let list: Vec<String> = stakes.iter().map(|(c, n)| format!("{n} on {c}")).collect();
                row.bid = Some(list.join(", "));
            }
            if self.deltas[s] != 0 {
                row.notes.push(format!("{} this hand", signed_chips(self.deltas[s])));
            }
        }
        let mut piles = vec![Pile::face_up(
            "Board",
            self.board[..self.board_len as usize].iter().copied(),
        )];
        if let Some(c) = self.banker_card {
            piles.push(Pile::face_up("Banker's card", [c]));
        }
        piles.push(Pile::face_up(
            "Turned so far",
            self.order[..self.next as usize].iter().copied(),
        ));
        piles.push(Pile::face_down("Still to come", 40 - self.next as usize));
        let mut facts = vec![Fact::new(
            "Limits",
            format!("{} to {} chips on a card", self.limits.0, self.limits.1),
        )];
        if self.step == Step::Betting {
            let open: Vec<&str> = match self.window_rank {
                Some(r) => vec![rank_word(r)],
                None => self.board[..self.board_len as usize]
                    .iter()
                    .filter_map(|c| c.rank())
                    .map(rank_word)
                    .collect(),
            };
            facts.push(Fact::new("Open for bets", open.join(", ")));
        }
        let dead: Vec<&str> = Rank::ALL
            .into_iter()
            .filter(|&r| self.state[idx(r)] == RankState::Dead)
            .map(rank_word)
            .collect();
        if !dead.is_empty() {
            facts.push(Fact::new("Dead ranks", dead.join(", ")));
        }
        if self.playettes > 0 {
            facts.push(Fact::new(
                "Playettes",
                format!("{} redeal before this hand", self.playettes),
            ));
        }
        let prompt = match (to_act, self.step) {
            (None, _) => "The hand is over.".to_string(),
            (Some(s), Step::Betting) if viewer.is(s) => format!(
                "Bet on a board card ({} to {} chips), or say you are done.",
                self.limits.0, self.limits.1
            ),
            (Some(s), Step::Betting) => waiting(s, "bet"),
            (Some(s), _) if viewer.is(s) => {
                "The hand ended without your card: deal again, change the limits, or pass the bank.".to_string()
            }
            (Some(s), _) => waiting(s, "decide whether to keep the bank"),
        };
        let ended = self.ending.is_some();
        DealScene {
            title: format!(
                "Ziginette, hand {}: {}",
                self.deal_number + 1,
                match self.step {
                    Step::Betting => "betting",
                    Step::BankerChoice => "the banker decides",
                    Step::Over => "settled",
                }
            ),
            seats,
            centre: Centre {
                trick: None,
                last_trick: None,
                piles,
                facts,
            },
            deal_scores: ended.then(|| DealScores {
                label: "This hand".to_string(),
                values: self.deltas(),
            }),
            target: None,
            prompt,
        }
    }

    fn narrate(&self, action: ZiginetteAction, after: &ZiginetteDeal, out: &mut Narration) {
        let s = self.to_act as usize;
        let text = match action {
            ZiginetteAction::Bet(r, n) => {
                let card = self.board[..self.board_len as usize]
                    .iter()
                    .find(|c| c.rank() == Some(r))
                    .map_or(String::new(), |c| format!(" ({c})"));
                format!("@{s} {{stake|stakes}} {n} on the {}{card}.", r.name())
            }
            ZiginetteAction::Done => format!("@{s} {{are|is}} done betting."),
            ZiginetteAction::Deal => format!("@{s} {{keep|keeps}} the bank and {{deal|deals}} again."),
            ZiginetteAction::RaiseLimits => format!("@{s} {{keep|keeps}} the bank and {{double|doubles}} the limits."),
            ZiginetteAction::LowerLimits => format!("@{s} {{keep|keeps}} the bank and {{halve|halves}} the limits."),
            ZiginetteAction::PassBank => format!("@{s} {{pass|passes}} the bank."),
        };
        let kind = match action {
            ZiginetteAction::Bet(..) => "bet",
            ZiginetteAction::Done => "done",
            _ => "bank",
        };
        out.all(Event::new(kind, Some(s), text));
        tell_cards(self, after, out);
        if self.ending.is_none() {
            if let Some(e) = after.ending {
                let why = match e {
                    Ending::BankerCard => "The banker's rank came: the hand is over and the bank passes.",
                    Ending::BoardEmpty => "Every board card is matched: the hand is over.",
                    Ending::NoBets => "No bet is left on the board: the hand is over.",
                };
                out.all(Event::new("end", None, why));
            }
        }
    }

    fn narrate_end(&self, out: &mut Narration) {
        let banker = self.banker as usize;
        for s in (0..self.players as usize).filter(|&s| s != banker) {
            let delta = self.deltas[s];
            if delta != 0 {
                let verb = if delta > 0 { "{win|wins}" } else { "{lose|loses}" };
                out.all(Event::new(
                    "score",
                    Some(s),
                    format!("@{s} {verb} {}.", chips(delta.abs())),
                ));
            }
        }
        let net = self.deltas[banker];
        let cut = if self.house > 0 {
            format!(" after the house cut of {}", self.house)
        } else {
            String::new()
        };
        out.all(Event::new(
            "score",
            Some(banker),
            format!(
                "@{banker}'s bank {} {} chips{cut}.",
                if net >= 0 { "gains" } else { "loses" },
                net.abs()
            ),
        ));
    }

    fn describe(&self, action: ZiginetteAction) -> Described {
        match action {
            ZiginetteAction::Bet(r, n) => Described::new("bet", format!("Stake {n} on the {}", r.name())),
            ZiginetteAction::Done => Described::new("done", "Done betting"),
            ZiginetteAction::Deal => Described::new("deal", "Keep the bank and deal again"),
            ZiginetteAction::RaiseLimits => Described::new("limits", "Keep the bank, double the limits"),
            ZiginetteAction::LowerLimits => Described::new("limits", "Keep the bank, halve the limits"),
            ZiginetteAction::PassBank => Described::new("pass-bank", "Pass the bank"),
        }
    }
}

/// Tells what each newly turned card did.
fn tell_cards(before: &ZiginetteDeal, after: &ZiginetteDeal, out: &mut Narration) {
    let mut state = before.state;
    let mut banker_rank = before.banker_rank;
    for &c in &after.order[before.next as usize..after.next as usize] {
        let r = c.rank().expect("no jokers");
        let text = if banker_rank.is_none() {
            banker_rank = Some(r);
            let paired = state[idx(r)] == RankState::Board;
            state[idx(r)] = RankState::Banker;
            if paired {
                format!("The banker's card is {c}, pairing a board card: the bank takes the bets on it.")
            } else {
                format!("The banker's card is {c}.")
            }
        } else if Some(r) == banker_rank {
            format!("{c} turns up: the banker's rank. The bank pays every live bet.")
        } else {
            match state[idx(r)] {
                RankState::Board => {
                    state[idx(r)] = RankState::Dead;
                    format!(
                        "{c} turns up and matches the board: the bank takes the bets on the {}s.",
                        r.name()
                    )
                }
                RankState::Unseen => {
                    state[idx(r)] = RankState::Board;
                    format!("{c} turns up and goes to the board.")
                }
                _ => format!("{c} turns up: a dead rank."),
            }
        };
        out.all(Event::new("turn", None, text).with_cards([c]));
    }
}
