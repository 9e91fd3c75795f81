//! The Solo table model: the question-and-answer auction, the declarer's game and trump, the
//! called ace (its holder a secret until it is played), tricks per side and the payments.

use super::auction::AuctionMove;
use super::scoring::{strength, SoloGame};
use super::state::{SoloAction, SoloDeal, Step};
use crate::present::{hidden, played, seat_rows, signed, sorted_hand, took_trick, trick_scene, waiting};
use crate::trick::ace_high;
use engine::{
    ActionKind, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration, Present, Viewer,
};

fn game_words(g: SoloGame) -> &'static str {
    match g {
        SoloGame::Simple => "simple game",
        SoloGame::SimpleColour => "simple game in colour",
        SoloGame::Solo => "solo",
        SoloGame::SoloColour => "solo in colour",
        SoloGame::Tout => "tout",
        SoloGame::ToutColour => "tout in colour",
    }
}

fn partner_known(d: &SoloDeal, viewer: Viewer) -> bool {
    d.partner_revealed || d.partner.is_some_and(|p| viewer.is(p as usize))
}

impl Present for SoloDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "pass",
        group: "bid",
        help: "Pass in the auction: you will not declare.",
    },
    ActionKind {
        name: "ask",
        group: "bid",
        help: "Ask to declare the simplest game; a later player may ask for a higher one, and you answer yes to keep it at that level or pass to yield.",
    },
    ActionKind {
        name: "ask-game",
        group: "bid",
        help: "Ask to declare a named game (simple, solo, tout, each plain or in colour): the higher game wins the auction.",
    },
    ActionKind {
        name: "yes",
        group: "bid",
        help: "Answer yes: you will play the game just asked for yourself, keeping priority.",
    },
    ActionKind {
        name: "announce",
        group: "bid",
        help: "As declarer, announce your game and trump suit. A simple game is played with the holder of an ace you call; solo and tout alone (tout needs every trick).",
    },
    ActionKind {
        name: "call",
        group: "choose",
        help: "Call an ace you do not hold: its holder is your secret partner until the ace is played.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card: follow suit if you can, trump if you cannot, and beat the winning card when you can.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.step != Step::Over).then_some(self.to_act as usize);
        let mut seats = seat_rows(4, Some(self.dealer as usize), to_act);
        let over = self.step == Step::Over;
        for row in &mut seats {
            let s = row.seat;
            row.hand = if viewer.is(s) {
                match self.trump {
                    Some(t) => HandScene::Shown {
                        cards: sorted_hand(self.hands[s].iter(), |c| strength(c, t)),
                    },
                    None => crate::present::shown(self.hands[s], ace_high),
                }
            } else {
                hidden(self.hands[s].len() as usize)
            };
            if self.declarer == Some(s as u8) {
                row.marks.push("declarer".to_string());
            }
            if (partner_known(self, viewer) || over) && self.partner == Some(s as u8) && self.declarer != Some(s as u8)
            {
                row.marks.push(format!("partner of @{}", self.declarer.unwrap_or(0)));
            }
            if self.step == Step::Auction {
                if let Some(&(_, code)) = self.log[..self.log_len as usize]
                    .iter()
                    .rev()
                    .find(|&&(w, _)| w as usize == s)
                {
                    row.bid = Some(match AuctionMove::from_code(code) {
                        Some(AuctionMove::Pass) => "pass".to_string(),
                        Some(AuctionMove::Yes) => "yes".to_string(),
                        Some(AuctionMove::AskGame(g)) => format!("ask {}", game_words(g)),
                        Some(AuctionMove::Ask) | None => "ask".to_string(),
                    });
                }
            }
            if matches!(self.step, Step::Playing | Step::Over) {
                row.tricks = Some(self.tricks_won[s] as u32);
            }
        }
        let mut facts = Vec::new();
        if let Some(g) = self.game {
            facts.push(Fact::new("Game", format!("{}, worth {}", game_words(g), g.value())));
        }
        if let Some(t) = self.trump {
            facts.push(Fact::new("Trump", t.name()));
        }
        if let Some(c) = self.called {
            let who = if partner_known(self, viewer) || over {
                self.partner
                    .map_or(" (declarer holds it)".to_string(), |p| format!(", held by @{p}"))
            } else {
                ", holder unknown".to_string()
            };
            facts.push(Fact::new("Called ace", format!("{c}{who}")));
        }
        let last_trick = if self.tricks_done > 0 {
            trick_scene(&self.last_trick, 4, Some(self.trick.leader()))
        } else {
            None
        };
        let prompt = match to_act {
            None => "The hand is over.".to_string(),
            Some(s) if viewer.is(s) => match self.step {
                Step::Auction => "The auction: pass, ask, or ask for a higher game.".to_string(),
                Step::Announce => "You declare: announce your game and trump.".to_string(),
                Step::Call => "Call an ace: its holder becomes your secret partner.".to_string(),
                _ => match self.trick.led_suit() {
                    None => format!("Lead to trick {}.", self.tricks_done + 1),
                    Some(_) => format!("Play to trick {}.", self.tricks_done + 1),
                },
            },
            Some(s) => waiting(
                s,
                match self.step {
                    Step::Auction => "speak in the auction",
                    Step::Announce => "announce the game",
                    Step::Call => "call an ace",
                    _ => "play",
                },
            ),
        };
        DealScene {
            title: format!(
                "Solo, hand {}: {}",
                self.deal_number + 1,
                match self.step {
                    Step::Auction => "the auction",
                    Step::Announce | Step::Call => "the declarer's game",
                    Step::Playing => "play",
                    Step::Over => "over",
                }
            ),
            seats,
            centre: Centre {
                trick: trick_scene(&self.trick, 4, None),
                last_trick,
                piles: Vec::new(),
                facts,
            },
            deal_scores: over.then(|| DealScores {
                label: "Hand scores".to_string(),
                values: self.scores.to_vec(),
            }),
            target: None,
            prompt,
        }
    }

    fn narrate(&self, action: SoloAction, after: &SoloDeal, out: &mut Narration) {
        let s = self.to_act as usize;
        let text = match action {
            SoloAction::Pass => format!("@{s} {{pass|passes}}."),
            SoloAction::Ask => format!("@{s} {{ask|asks}}."),
            SoloAction::AskGame(g) => format!("@{s} {{ask|asks}} for a {}.", game_words(g)),
            SoloAction::Yes => format!("@{s} {{say|says}} yes."),
            SoloAction::Announce(g, t) => format!(
                "@{s} {{announce|announces}} a {} with {} as trump.",
                game_words(g),
                t.name()
            ),
            SoloAction::Call(c) => format!("@{s} {{call|calls}} the {c}."),
            SoloAction::Play(c) => {
                out.all(played(s, c));
                String::new()
            }
        };
        if !text.is_empty() {
            let kind = match action {
                SoloAction::Call(_) => "call",
                SoloAction::Announce(..) => "announce",
                _ => "bid",
            };
            out.all(Event::new(kind, Some(s), text));
        }
        if self.declarer.is_none() {
            if let Some(d) = after.declarer {
                let d = d as usize;
                let why = if after.all_passed {
                    "Nobody asked: the holder of the queen of clubs, @"
                } else {
                    "The auction is won: @"
                };
                out.all(Event::new(
                    "declarer",
                    Some(d),
                    format!("{why}{d}, {{declare|declares}}."),
                ));
            }
        }
        if !self.partner_revealed && after.partner_revealed {
            if let (Some(p), Some(c)) = (after.partner, after.called) {
                out.all(Event::new(
                    "partner",
                    Some(p as usize),
                    format!("The called {c} is played: @{p} {{are|is}} the partner."),
                ));
            }
        }
        if after.tricks_done > self.tricks_done {
            out.all(took_trick(
                after.trick.leader(),
                after.tricks_done as usize,
                after.last_trick.cards(),
                "",
            ));
        }
    }

    fn narrate_end(&self, out: &mut Narration) {
        let (Some(decl), Some(game)) = (self.declarer, self.game) else {
            return;
        };
        let decl = decl as usize;
        let partner = self.partner.map_or(decl, |p| p as usize);
        let side = self.tricks_won[decl] + if partner != decl { self.tricks_won[partner] } else { 0 };
        let needed = game.tricks_needed();
        let who = if partner != decl {
            format!("@{decl} and @{partner}")
        } else {
            format!("@{decl}")
        };
        let verdict = if side >= needed { "made" } else { "failed" };
        let prime = if side >= needed && self.cfg.prime_bonus && self.opening_run >= 5 {
            " with the first tricks in a row: the value doubles"
        } else {
            ""
        };
        out.all(Event::new(
            "score",
            Some(decl),
            format!(
                "{who} took {side} tricks of the {needed} a {} needs: {verdict}{prime}.",
                game_words(game)
            ),
        ));
        for s in 0..4 {
            out.all(Event::new(
                "score",
                Some(s),
                format!("@{s}: {}.", signed(self.scores[s])),
            ));
        }
    }

    fn describe(&self, action: SoloAction) -> Described {
        match action {
            SoloAction::Pass => Described::new("pass", "Pass"),
            SoloAction::Ask => Described::new("ask", "Ask"),
            SoloAction::AskGame(g) => Described::new("ask-game", format!("Ask for a {}", game_words(g))),
            SoloAction::Yes => Described::new("yes", "Yes: play it yourself"),
            SoloAction::Announce(g, t) => {
                Described::new("announce", format!("Announce a {} in {}", game_words(g), t.name()))
            }
            SoloAction::Call(c) => Described::new("call", format!("Call the {}", c.name())),
            SoloAction::Play(c) => {
                let verb = if self.trick.is_empty() { "Lead" } else { "Play" };
                Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
            }
        }
    }
}
