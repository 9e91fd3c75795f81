//! The Auction Pinochle table model: scenes, the event feed and action descriptions.

use super::meld::{Meld, MeldKind, MeldLine};
use super::rules::PinochleConfig;
use super::scoring::{bid_units, card_points, Outcome};
use super::state::{strength, PinochleAction, PinochleDeal, Step};
use crate::present::{chips, hidden, played, seat_rows, signed, sorted_hand, took_trick, trick_scene, waiting};
use cards::{Card, DoubleSet, Suit};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Picking, Pile, Present, Seat, Viewer,
};

fn card_list(set: &DoubleSet) -> Vec<Card> {
    sorted_hand(set.iter(), strength)
}

/// A meld kind in words.
pub(super) fn meld_name(kind: MeldKind) -> String {
    match kind {
        MeldKind::Flush => "flush".to_string(),
        MeldKind::RoyalMarriage => "royal marriage".to_string(),
        MeldKind::Marriage(s) => format!("marriage in {}", s.name()),
        MeldKind::Dix => "dix".to_string(),
        MeldKind::Around('A') => "aces around".to_string(),
        MeldKind::Around('K') => "kings around".to_string(),
        MeldKind::Around('Q') => "queens around".to_string(),
        MeldKind::Around(_) => "jacks around".to_string(),
        MeldKind::Pinochle => "pinochle".to_string(),
    }
}

/// "flush (150)", "dix twice (20)".
pub(super) fn meld_line(l: &MeldLine) -> String {
    let twice = if l.count == 2 { " twice" } else { "" };
    format!("{}{twice} ({})", meld_name(l.kind), l.points)
}

pub(super) fn meld_text(m: &Meld) -> String {
    if m.lines.is_empty() {
        "nothing".to_string()
    } else {
        m.lines.iter().map(meld_line).collect::<Vec<_>>().join(", ")
    }
}

fn bidder(d: &PinochleDeal) -> Option<Seat> {
    d.bidder()
}

/// The chips one opponent pays or receives per unit of the bid, spades doubling included.
fn units(d: &PinochleDeal) -> i64 {
    let doubling = if d.cfg.spades_double && d.trump == Some(Suit::Spades) {
        2
    } else {
        1
    };
    bid_units(d.high_bid) * doubling
}

fn stakes(cfg: &PinochleConfig, bid: i64, trump: Option<Suit>) -> String {
    let doubled = cfg.spades_double && trump == Some(Suit::Spades);
    let d = if doubled { 2 } else { 1 };
    if cfg.cumulative {
        format!(
            "made: +{}; conceded: -{}; failed: -{}",
            bid * d,
            bid * d * cfg.concede_multiplier,
            bid * d * cfg.fail_multiplier
        )
    } else {
        let v = bid_units(bid) * d;
        format!(
            "made: each opponent pays {v}; conceded: the bidder pays each {}; failed: the bidder pays each {}",
            v * cfg.concede_multiplier,
            v * cfg.fail_multiplier
        )
    }
}

/// "that", "twice that", "3 times that".
fn times(m: i64) -> String {
    match m {
        1 => "that".to_string(),
        2 => "twice that".to_string(),
        m => format!("{m} times that"),
    }
}

fn title(d: &PinochleDeal) -> String {
    let stage = match d.step {
        Step::Auction => "the auction".to_string(),
        Step::NameTrump => "the bidder names trump".to_string(),
        Step::Bury => "the bidder buries three cards".to_string(),
        Step::Concede => "concede or play on".to_string(),
        Step::Playing => format!("trick {} of 15", d.tricks_done + 1),
        Step::Over => "over".to_string(),
    };
    format!("Auction Pinochle, hand {}: {stage}", d.deal_number + 1)
}

fn prompt(d: &PinochleDeal, viewer: Viewer) -> String {
    let actor = d.to_act as Seat;
    if d.step == Step::Over {
        return "The hand is over.".to_string();
    }
    if !viewer.is(actor) {
        let doing = match d.step {
            Step::Auction => "bid or pass",
            Step::NameTrump => "name trump",
            Step::Bury => "bury three cards",
            Step::Concede => "concede or play on",
            _ if d.trick.is_empty() => "lead",
            _ => "play",
        };
        return waiting(actor, doing);
    }
    match d.step {
        Step::Auction => match d.high_bidder {
            Some(b) => format!(
                "Bid or pass: the bid stands at {} by @{b}; the next bid is at least {}.",
                d.high_bid,
                d.high_bid + d.cfg.bid_step
            ),
            None => format!("Open the bidding at {} or more, or pass.", d.cfg.min_bid),
        },
        Step::NameTrump => format!(
            "You won the auction at {} and took the widow ({}): name trump.",
            d.high_bid,
            cards_text(&d.widow)
        ),
        Step::Bury => format!(
            "Bury three cards face down ({} of 3 buried); their points count for you.",
            d.buried.len()
        ),
        Step::Concede => {
            let meld = d.meld.as_ref().map_or(0, |m| m.points);
            format!(
                "Your meld is {meld} against a bid of {}: you need {} in card points. Concede now, or play on.",
                d.high_bid,
                (d.high_bid - meld).max(0)
            )
        }
        _ => match d.trick.led_suit() {
            None => format!("Lead to trick {}.", d.tricks_done + 1),
            Some(led) => format!(
                "Play to trick {}: follow {} if you can, else trump.",
                d.tricks_done + 1,
                led.name()
            ),
        },
    }
}

fn last_call(d: &PinochleDeal, seat: Seat) -> Option<String> {
    d.bid_log
        .iter()
        .rev()
        .find(|&&(s, _)| s as Seat == seat)
        .map(|&(_, b)| if b == 0 { "Pass".to_string() } else { format!("Bid {b}") })
}

impl Present for PinochleDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "pass",
        group: "pass",
        help: "Drop out of the auction. A pass is final; when two players have passed, the third plays alone against them for the bid.",
    },
    ActionKind {
        name: "bid",
        group: "bid",
        help: "Offer to make at least this many points (meld plus card points from tricks) playing alone. Each bid must beat the last; the winner takes the three-card widow.",
    },
    ActionKind {
        name: "trump",
        group: "choose",
        help: "The bidder, having taken the widow, names the trump suit; the best meld the hand allows is then laid on the table for everyone to see.",
    },
    ActionKind {
        name: "bury",
        group: "discard",
        help: "The bidder puts three cards face down, one at a time, to get back to 15 cards. The opponents do not see them; their card points count for the bidder. Cards shown in the meld may not be buried while enough others remain.",
    },
    ActionKind {
        name: "concede",
        group: "choose",
        help: "Give up the hand before the first lead (a single bete): the bidder pays each opponent the bid's value, less than failing after playing it out.",
    },
    ActionKind {
        name: "play-on",
        group: "choose",
        help: "Play the hand out: if meld plus card points reach the bid, each opponent pays the bidder; if not, the bidder pays double (a double bete).",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a card to the trick. Follow suit if you can; if you cannot, you must trump if you can; on a trump lead you must play a higher trump if you can. The higher card wins, and of two identical cards the first played.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.step != Step::Over).then_some(self.to_act as Seat);
        let mut seats = seat_rows(3, Some(self.dealer as Seat), to_act);
        let bidder = bidder(self);
        let playing = matches!(self.step, Step::Playing | Step::Over) && bidder.is_some();
        for row in &mut seats {
            let s = row.seat;
            row.hand = if viewer.is(s) {
                HandScene::Shown {
                    cards: card_list(&self.hands[s]),
                }
            } else {
                hidden(self.hands[s].len() as usize)
            };
            row.bid = last_call(self, s);
            match bidder {
                Some(b) if b == s => row.marks.push("bidder".to_string()),
                Some(_) => {
                    let other = (0..3).find(|&o| o != s && Some(o) != bidder).unwrap_or(s);
                    row.marks.push(format!("partner of @{other}"));
                }
                None if self.step == Step::Auction && self.passed[s] => row.status = Some("passed".to_string()),
                None => {}
            }
            if bidder == Some(s) {
                if let Some(m) = &self.meld {
                    row.groups.push(CardGroup::new(
                        format!("Meld, {} points", m.points),
                        card_list(&m.shown),
                    ));
                }
                if viewer.is(s) && !self.buried.is_empty() {
                    row.groups.push(CardGroup::new("Buried", card_list(&self.buried)));
                    let pts: i64 = self.buried.iter().map(|c| card_points(c, self.cfg.card_count)).sum();
                    row.notes.push(format!("buried cards count {pts}"));
                } else if !self.buried.is_empty() {
                    row.notes.push(format!("{} buried face down", self.buried.len()));
                }
                if self.outcome == Some(Outcome::Conceded) {
                    row.status = Some("conceded".to_string());
                }
            }
            if playing {
                row.notes.push(format!("card points {}", self.taken[s]));
            }
        }
        let mut piles = Vec::new();
        if self.widow_taken {
            piles.push(Pile::face_up("Widow, taken by the bidder", self.widow));
        } else if self.step == Step::Auction {
            piles.push(Pile::face_down("Widow", 3));
        }
        let mut facts = Vec::new();
        match self.high_bidder {
            Some(b) if self.step == Step::Auction => {
                facts.push(Fact::new("High bid", format!("{} by @{b}", self.high_bid)))
            }
            Some(b) => facts.push(Fact::new("Contract", format!("@{b} to make {}", self.high_bid))),
            None if self.step == Step::Auction => {
                facts.push(Fact::new("Opening bid", format!("{} or more", self.cfg.min_bid)))
            }
            None => facts.push(Fact::new("Auction", "everyone passed")),
        }
        if let Some(t) = self.trump {
            facts.push(Fact::new("Trump", t.name()));
        }
        if let Some(m) = &self.meld {
            facts.push(Fact::new("Meld", format!("{}: {}", m.points, meld_text(m))));
            if self.step != Step::Over {
                facts.push(Fact::new(
                    "Needed in card points",
                    (self.high_bid - m.points).max(0).to_string(),
                ));
            }
        }
        if self.high_bidder.is_some() && self.step != Step::Over {
            facts.push(Fact::new("Stakes", stakes(&self.cfg, self.high_bid, self.trump)));
        }
        let last_trick = if self.tricks_done > 0 {
            trick_scene(&self.last_trick, 3, Some(self.trick.leader()))
        } else {
            None
        };
        let deal_scores = if self.step == Step::Over {
            Some(DealScores {
                label: "Deal scores".to_string(),
                values: self.deltas.to_vec(),
            })
        } else if playing {
            Some(DealScores {
                label: "Card points taken".to_string(),
                values: self.taken.to_vec(),
            })
        } else {
            None
        };
        let target = if self.cfg.cumulative {
            format!("The first to reach {} at the end of a hand wins.", self.cfg.target)
        } else {
            format!("{} hands; the most chips wins.", self.cfg.max_hands)
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
            deal_scores,
            target: Some(target),
            prompt: prompt(self, viewer),
        }
    }

    fn narrate(&self, action: PinochleAction, after: &PinochleDeal, out: &mut Narration) {
        let actor = self.to_act as Seat;
        match action {
            PinochleAction::Pass => {
                out.all(Event::new("pass", Some(actor), format!("@{actor} {{pass|passes}}.")));
                auction_end(after, out);
            }
            PinochleAction::Bid(b) => {
                out.all(Event::new("bid", Some(actor), format!("@{actor} {{bid|bids}} {b}.")));
                auction_end(after, out);
            }
            PinochleAction::Trump(t) => {
                out.all(Event::new(
                    "trump",
                    Some(actor),
                    format!("@{actor} {{name|names}} {} trump.", t.name()),
                ));
                if let Some(m) = &after.meld {
                    out.all(
                        Event::new(
                            "meld",
                            Some(actor),
                            format!("@{actor} {{meld|melds}} {}: {}.", m.points, meld_text(m)),
                        )
                        .with_cards(card_list(&m.shown)),
                    );
                    if after.step == Step::Over {
                        out.all(Event::new(
                            "contract",
                            Some(actor),
                            format!(
                                "The meld alone reaches the bid of {}: @{actor} {{make|makes}} the contract without play.",
                                after.high_bid
                            ),
                        ));
                    }
                }
            }
            PinochleAction::Bury(c) => {
                let n = self.buried.len() + 1;
                out.only(
                    actor,
                    Event::new("bury", Some(actor), format!("@{actor} {{bury|buries}} {c} ({n} of 3)."))
                        .with_cards([c]),
                );
                out.all_but(
                    actor,
                    Event::new(
                        "bury",
                        Some(actor),
                        format!("@{actor} {{bury|buries}} a card face down ({n} of 3)."),
                    ),
                );
                play_begins(self, after, out);
            }
            PinochleAction::Concede => out.all(Event::new(
                "concede",
                Some(actor),
                format!("@{actor} {{concede|concedes}} the hand without playing."),
            )),
            PinochleAction::PlayOn => {
                out.all(Event::new(
                    "play-on",
                    Some(actor),
                    format!("@{actor} {{play|plays}} the hand out."),
                ));
                play_begins(self, after, out);
            }
            PinochleAction::Play(card) => {
                out.all(played(actor, card));
                if after.tricks_done > self.tricks_done {
                    let winner = after.trick.leader();
                    let pts: i64 = after
                        .last_trick
                        .cards()
                        .iter()
                        .map(|&c| card_points(c, after.cfg.card_count))
                        .sum();
                    let worth = if after.tricks_done == 15 {
                        format!("{pts} points, and 10 for the last trick")
                    } else if pts == 1 {
                        "1 point".to_string()
                    } else {
                        format!("{pts} points")
                    };
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

    fn narrate_end(&self, out: &mut Narration) {
        let (Some(b), Some(outcome)) = (self.bidder(), self.outcome) else {
            let next = (self.dealer as usize + 1) % 3;
            out.all(Event::new(
                "score",
                None,
                format!("Everyone passed: the cards are thrown in, nobody scores, and the deal passes to @{next}."),
            ));
            return;
        };
        let bid = self.high_bid;
        let meld = self.meld.as_ref().map_or(0, |m| m.points);
        let played_out = self.tricks_done == 15;
        match outcome {
            Outcome::Made if !played_out => out.all(Event::new(
                "score",
                Some(b),
                format!("@{b}'s meld of {meld} reaches the bid of {bid}: the contract is made without play."),
            )),
            Outcome::Conceded => out.all(Event::new(
                "score",
                Some(b),
                format!("@{b} {{concede|concedes}} the bid of {bid} holding a meld of {meld}."),
            )),
            _ => {
                let taken = self.taken[b];
                let buried = self.bidder_total - meld - taken;
                let (x, y) = ((b + 1) % 3, (b + 2) % 3);
                let verdict = if outcome == Outcome::Made { "made" } else { "failed" };
                out.all(Event::new(
                    "score",
                    Some(b),
                    format!(
                        "@{b} {{count|counts}} meld {meld} + {taken} card points in tricks + {buried} in the buried cards = {} against a bid of {bid}: contract {verdict}.",
                        self.bidder_total
                    ),
                ));
                out.only(
                    b,
                    Event::new(
                        "score",
                        Some(b),
                        format!("@{b} buried {} ({buried}).", cards_text(&card_list(&self.buried))),
                    )
                    .with_cards(card_list(&self.buried)),
                );
                out.all(Event::new(
                    "score",
                    None,
                    format!(
                        "@{x} and @{y} take {} card points between them.",
                        self.taken[x] + self.taken[y]
                    ),
                ));
            }
        }
        let spades = self.cfg.spades_double && self.trump == Some(Suit::Spades);
        let doubled = if spades {
            ", doubled because spades are trump"
        } else {
            ""
        };
        if self.cfg.cumulative {
            let text = match outcome {
                Outcome::Made => format!("@{b} {{score|scores}} the bid: {}{doubled}.", signed(self.deltas[b])),
                Outcome::Conceded => format!(
                    "@{b} {{lose|loses}} {}{doubled}: {}.",
                    times(self.cfg.concede_multiplier).replace("that", "the bid"),
                    signed(self.deltas[b])
                ),
                Outcome::Failed => format!(
                    "@{b} {{lose|loses}} {}{doubled}: {}.",
                    times(self.cfg.fail_multiplier).replace("that", "the bid"),
                    signed(self.deltas[b])
                ),
            };
            out.all(Event::new("score", Some(b), text));
            return;
        }
        let v = bid_units(bid);
        let u = units(self);
        let text = match outcome {
            Outcome::Made => format!(
                "A bid of {bid} is worth {}{doubled}: each opponent pays @{b} {}.",
                chips(v),
                chips(u)
            ),
            Outcome::Conceded => format!(
                "A bid of {bid} is worth {}{doubled}; conceding costs {}: @{b} {{pay|pays}} each opponent {}.",
                chips(v),
                times(self.cfg.concede_multiplier),
                chips(u * self.cfg.concede_multiplier)
            ),
            Outcome::Failed => format!(
                "A bid of {bid} is worth {}{doubled}; failing costs {}: @{b} {{pay|pays}} each opponent {}.",
                chips(v),
                times(self.cfg.fail_multiplier),
                chips(u * self.cfg.fail_multiplier)
            ),
        };
        out.all(Event::new("score", Some(b), text));
    }

    fn picking(&self) -> Option<Picking> {
        (self.step == Step::Bury).then(|| Picking {
            kind: "bury",
            count: 3 - self.buried.len() as usize,
            label: "Bury {cards}".to_string(),
        })
    }

    fn describe(&self, action: PinochleAction) -> Described {
        match action {
            PinochleAction::Pass => Described::new("pass", "Pass"),
            PinochleAction::Bid(b) => Described::new("bid", format!("Bid {b}")),
            PinochleAction::Trump(s) => Described::new("trump", format!("Name {} trump", s.name())),
            PinochleAction::Bury(c) => Described::new("bury", format!("Bury the {} ({c})", c.name())).with_cards([c]),
            PinochleAction::Concede => {
                let label = if self.cfg.cumulative {
                    format!("Concede: lose {}", self.high_bid * self.cfg.concede_multiplier)
                } else {
                    format!(
                        "Concede: pay each opponent {}",
                        chips(units(self) * self.cfg.concede_multiplier)
                    )
                };
                Described::new("concede", label)
            }
            PinochleAction::PlayOn => Described::new("play-on", format!("Play on to make {}", self.high_bid)),
            PinochleAction::Play(c) => {
                let verb = if self.trick.is_empty() { "Lead" } else { "Play" };
                Described::new("play", format!("{verb} the {} ({c})", c.name())).with_cards([c])
            }
        }
    }
}

/// Told when a bid or pass ends the auction: who won, and the widow turned up.
fn auction_end(after: &PinochleDeal, out: &mut Narration) {
    // Everyone passed: the end of the deal says so (`narrate_end`), once.
    if let (Step::NameTrump, Some(b)) = (after.step, after.high_bidder) {
        let b = b as Seat;
        out.all(Event::new(
            "contract",
            Some(b),
            format!("@{b} {{win|wins}} the auction at {}.", after.high_bid),
        ));
        out.all(
            Event::new(
                "widow",
                Some(b),
                format!(
                    "The widow is turned up: {}; @{b} {{take|takes}} it.",
                    cards_text(&after.widow)
                ),
            )
            .with_cards(after.widow),
        );
    }
}

fn play_begins(before: &PinochleDeal, after: &PinochleDeal, out: &mut Narration) {
    if before.step != Step::Playing && after.step == Step::Playing {
        let leader = after.to_act as Seat;
        out.all(Event::new(
            "lead",
            Some(leader),
            format!("Play begins: @{leader} {{lead|leads}} the first trick."),
        ));
    }
}
