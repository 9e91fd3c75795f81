//! The Big Three table model: the opening heart, the bidding to play alone, the widow (seen by
//! the solo player, or by all when the table shows it), the combination to beat with its cards,
//! passes and bombs, and who pays whom at the end.

use super::combo::{strength, take_cards, Combo, ComboKind, ORDER};
use super::state::{BigThreeAction, BigThreeDeal, Step};
use crate::present::{chips, hidden, seat_rows, signed, sorted_hand, waiting};
use cards::{Card, CardSet, Rank};
use engine::{
    cards_text, ActionKind, CardGroup, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration,
    Pile, Present, Seat, Viewer,
};

/// A rank as players say it in a combination: "7", "queen".
fn rank_word(index: u8) -> &'static str {
    match ORDER[index as usize] {
        Rank::Jack => "jack",
        Rank::Queen => "queen",
        Rank::King => "king",
        Rank::Ace => "ace",
        Rank::Two => "2",
        Rank::Three => "3",
        Rank::Four => "4",
        Rank::Five => "5",
        Rank::Six => "6",
        Rank::Seven => "7",
        Rank::Eight => "8",
        Rank::Nine => "9",
        Rank::Ten => "10",
    }
}

/// "7s", "queens".
fn ranks_word(index: u8) -> String {
    format!("{}s", rank_word(index))
}

fn number_word(n: u8) -> String {
    const WORDS: [&str; 14] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen",
    ];
    WORDS.get(n as usize).map_or(n.to_string(), |w| w.to_string())
}

/// A combination in words without an article: "pair of 7s", "three 9s", "straight of four
/// from 10 to king", "run of three pairs from 4s to 6s".
pub(super) fn combo_noun(c: &Combo) -> String {
    let low = c.top + 1 - c.groups;
    let n = number_word(c.groups);
    match c.kind {
        ComboKind::Single => format!("single {}", rank_word(c.top)),
        ComboKind::Pair => format!("pair of {}", ranks_word(c.top)),
        ComboKind::Trips => format!("three {}", ranks_word(c.top)),
        ComboKind::Quads => format!("four {}", ranks_word(c.top)),
        ComboKind::Straight => format!("straight of {n} from {} to {}", rank_word(low), rank_word(c.top)),
        ComboKind::Run2 => format!("run of {n} pairs from {} to {}", ranks_word(low), ranks_word(c.top)),
        ComboKind::Run3 => format!("run of {n} threes from {} to {}", ranks_word(low), ranks_word(c.top)),
        ComboKind::Run4 => format!("run of {n} fours from {} to {}", ranks_word(low), ranks_word(c.top)),
    }
}

/// A combination in words: "a pair of 7s", "three 9s", "a straight of five from 4 to 8".
pub(super) fn combo_words(c: &Combo) -> String {
    match c.kind {
        ComboKind::Trips | ComboKind::Quads => combo_noun(c),
        _ => format!("a {}", combo_noun(c)),
    }
}

/// Someone's combination: "@2's pair of 7s".
fn whose(by: u8, c: &Combo) -> String {
    format!("@{by}'s {}", combo_noun(c))
}

/// What beats `c`, in words, for a prompt: "a higher pair".
fn higher_words(c: &Combo) -> String {
    let n = number_word(c.groups);
    match c.kind {
        ComboKind::Single => "a higher single".to_string(),
        ComboKind::Pair => "a higher pair".to_string(),
        ComboKind::Trips => "a higher three of a kind".to_string(),
        ComboKind::Quads => "higher fours".to_string(),
        ComboKind::Straight => format!("a higher straight of {n}"),
        ComboKind::Run2 => format!("a higher run of {n} pairs"),
        ComboKind::Run3 => format!("a higher run of {n} threes"),
        ComboKind::Run4 => format!("a higher run of {n} fours"),
    }
}

fn by_strength(c: Card) -> u8 {
    strength(c.rank().expect("no jokers"))
}

fn cards_of(set: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = set.iter().collect();
    v.sort_by_key(|&c| (by_strength(c), c));
    v
}

/// Seats in turn order, from seat 0.
fn seat_order(d: &BigThreeDeal) -> Vec<Seat> {
    let mut order = vec![0];
    while order.len() < 3 {
        order.push(d.cfg.next(*order.last().expect("not empty")));
    }
    order
}

fn others(d: &BigThreeDeal, seat: Seat) -> [Seat; 2] {
    let a = d.cfg.next(seat);
    [a, d.cfg.next(a)]
}

fn widow_seen(d: &BigThreeDeal, viewer: Viewer) -> bool {
    d.solo.is_some_and(|s| d.cfg.show_widow || viewer.is(s as Seat))
}

/// A play that beats a combination of another kind: four of a kind where they are bombs.
fn is_bomb(d: &BigThreeDeal, c: &Combo) -> bool {
    d.cfg.quads_are_bombs && c.kind == ComboKind::Quads && d.table.is_some_and(|(t, _)| t.kind != ComboKind::Quads)
}

/// The bids open to the seat to act (empty once 3 is bid).
fn bids_open(d: &BigThreeDeal) -> Vec<u8> {
    let lo = d.high_bid + 1;
    let hi = if d.cfg.any_higher_bid { 3 } else { lo.min(3) };
    (lo..=hi).collect()
}

/// The seats that have passed on the combination now on the table.
fn passed_on_table(d: &BigThreeDeal) -> Vec<Seat> {
    let Some((_, by)) = d.table else { return Vec::new() };
    let mut seat = by as Seat;
    (0..d.passes_in_row)
        .map(|_| {
            seat = d.cfg.next(seat);
            seat
        })
        .collect()
}

fn last_call(d: &BigThreeDeal, s: Seat) -> Option<u8> {
    d.bids[..d.bid_len as usize]
        .iter()
        .rev()
        .find(|&&(who, _)| who as Seat == s)
        .map(|&(_, b)| b)
}

fn title(d: &BigThreeDeal) -> String {
    let stage = match (d.step, d.solo, d.winner) {
        (Step::Bidding, _, _) => "bidding".to_string(),
        (Step::Over, _, Some(w)) => format!("over, @{w} went out first"),
        (_, Some(s), _) => format!("play, @{s} alone for {}", d.high_bid),
        _ => "play".to_string(),
    };
    format!("Big Three, hand {} of {}: {stage}", d.deal_number + 1, d.cfg.max_hands)
}

fn prompt(d: &BigThreeDeal, viewer: Viewer) -> String {
    if d.step == Step::Over {
        return "The hand is over.".to_string();
    }
    let actor = d.to_act as Seat;
    if !viewer.is(actor) {
        let doing = match d.step {
            Step::Bidding => "bid or pass",
            _ if d.table.is_none() => "lead",
            _ => "play or pass",
        };
        return waiting(actor, doing);
    }
    match (d.step, d.table) {
        (Step::Bidding, _) => {
            let bids: Vec<String> = bids_open(d).iter().map(u8::to_string).collect();
            let bids = match bids.as_slice() {
                [one] => one.clone(),
                [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
                [] => String::new(),
            };
            match d.high_bidder {
                None => format!(
                    "You hold the {} and open the bidding: bid {bids} to play alone against the other two.",
                    d.opening_heart
                ),
                Some(by) => format!("Bid {bids} to outbid @{by}'s {} and play alone, or pass.", d.high_bid),
            }
        }
        (_, None) => "Lead any combination.".to_string(),
        (_, Some((c, by))) => {
            let bomb = if d.cfg.quads_are_bombs && c.kind != ComboKind::Quads {
                ", bomb it with four of a kind"
            } else {
                ""
            };
            format!("Beat {} with {}{bomb}, or pass.", whose(by, &c), higher_words(&c))
        }
    }
}

impl Present for BigThreeDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[
    ActionKind {
        name: "bid",
        group: "bid",
        help: "Bid 1, 2 or 3 chips to play alone against the other two. The holder of the four of hearts opens and must bid; each bid must be higher. The highest bidder takes the four widow cards, and at the end pays or collects the bid from each opponent.",
    },
    ActionKind {
        name: "pass",
        group: "pass",
        help: "In the bidding: decline to bid higher (by default a pass is final). In play: decline to beat the combination on the table; you may play again later in the round. When both others pass, the last to play leads anything.",
    },
    ActionKind {
        name: "play",
        group: "play",
        help: "Play a combination from your hand: a single card, a pair, three or four of a kind, a straight of three or more ranks in a row, or a run of three or more pairs (or threes, or fours) in a row. Ranks go 4 (low) up to K, A, 2 and 3 (high); suits never matter, and A, 2 and 3 never go in straights or runs. To follow, play the same kind and length with a higher top rank; where four of a kind are bombs they beat anything but higher fours. The first player out of cards ends the hand.",
    },
];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let to_act = (self.step != Step::Over).then_some(self.to_act as Seat);
        let rows = seat_rows(3, Some(self.dealer as Seat), to_act);
        let passed = passed_on_table(self);
        let mut seats = Vec::new();
        for s in seat_order(self) {
            let mut row = rows[s].clone();
            row.hand = if viewer.is(s) {
                HandScene::Shown {
                    cards: sorted_hand(self.hands[s].iter(), by_strength),
                }
            } else {
                hidden(self.hands[s].len() as usize)
            };
            if s == self.opener as Seat {
                row.marks.push("opener".to_string());
            }
            match self.solo {
                Some(solo) if solo as Seat == s => row.marks.push(format!("alone for {}", self.high_bid)),
                Some(_) => row.marks.push("against the solo player".to_string()),
                None => {}
            }
            if self.step == Step::Bidding {
                row.bid = last_call(self, s).map(|b| if b == 0 { "pass".to_string() } else { format!("bid {b}") });
                if self.cfg.pass_is_final && self.passed[s] {
                    row.status = Some("out of the bidding".to_string());
                }
            }
            if passed.contains(&s) {
                row.status = Some("passed".to_string());
            }
            if self.winner == Some(s as u8) {
                row.status = Some("out of cards first".to_string());
            }
            if self.solo == Some(s as u8) && widow_seen(self, viewer) {
                row.groups.push(CardGroup::new("Widow taken", cards_of(self.widow)));
            }
            if self.step == Step::Over {
                let unit = if self.deltas[s].abs() == 1 { "chip" } else { "chips" };
                row.notes.push(format!("{} {unit} this hand", signed(self.deltas[s])));
            }
            seats.push(row);
        }
        let mut piles = Vec::new();
        match self.table {
            Some((combo, by)) => piles.push(Pile::face_up(
                format!("To beat: {}", whose(by, &combo)),
                cards_of(self.table_cards),
            )),
            None if self.step == Step::Playing => piles.push(Pile::face_up("Nothing to beat: a free lead", [])),
            None => {}
        }
        if self.step == Step::Bidding {
            piles.push(Pile::face_down("Widow", self.widow.len() as usize));
        }
        piles.push(Pile::face_up("Played this hand", cards_of(self.played)));
        let mut facts = vec![Fact::new(
            "Opened by",
            format!("@{}, holding the {}", self.opener, self.opening_heart),
        )];
        match (self.solo, self.high_bidder) {
            (Some(s), _) => facts.push(Fact::new(
                "Playing alone",
                format!(
                    "@{s}, for {} a head: collected on going out first, paid to each opponent otherwise",
                    chips(self.high_bid as i64)
                ),
            )),
            (None, Some(b)) => facts.push(Fact::new("High bid", format!("{} by @{b}", self.high_bid))),
            (None, None) => {}
        }
        facts.push(Fact::new(
            "Turn order",
            if self.cfg.clockwise {
                "to the left"
            } else {
                "to the right"
            },
        ));
        if self.cfg.quads_are_bombs {
            facts.push(Fact::new("Bombs", "four of a kind beats anything but higher fours"));
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
            deal_scores: (self.step == Step::Over).then(|| DealScores {
                label: "Chips this hand".to_string(),
                values: self.deltas.to_vec(),
            }),
            target: Some(format!("{} hands; the most chips at the end wins.", self.cfg.max_hands)),
            prompt: prompt(self, viewer),
        }
    }

    fn narrate(&self, action: BigThreeAction, after: &BigThreeDeal, out: &mut Narration) {
        let s = self.to_act as Seat;
        match action {
            BigThreeAction::Bid(b) => {
                let text = if self.high_bidder.is_none() {
                    format!("@{s} {{open|opens}} with a bid of {b}.")
                } else {
                    format!("@{s} {{bid|bids}} {b}.")
                };
                out.all(Event::new("bid", Some(s), text));
            }
            BigThreeAction::Pass if self.step == Step::Bidding => {
                let text = if self.cfg.pass_is_final {
                    format!("@{s} {{pass|passes}} and {{drop|drops}} out of the bidding.")
                } else {
                    format!("@{s} {{pass|passes}}.")
                };
                out.all(Event::new("bid", Some(s), text));
            }
            BigThreeAction::Pass => {
                let on = self
                    .table
                    .map_or(String::new(), |(c, by)| format!(" on {}", whose(by, &c)));
                out.all(Event::new("pass", Some(s), format!("@{s} {{pass|passes}}{on}.")));
            }
            BigThreeAction::Play(c) | BigThreeAction::PlayCards(c, _) => {
                let cards = cards_of(after.table_cards);
                let text = match self.table {
                    Some((t, by)) if is_bomb(self, &c) => format!(
                        "@{s} {{bomb|bombs}} {} with {}: {}.",
                        whose(by, &t),
                        combo_words(&c),
                        cards_text(&cards)
                    ),
                    Some(_) => format!("@{s} {{play|plays}} {}: {}.", combo_words(&c), cards_text(&cards)),
                    None => format!("@{s} {{lead|leads}} {}: {}.", combo_words(&c), cards_text(&cards)),
                };
                out.all(Event::new("play", Some(s), text).with_cards(cards));
            }
        }
        if self.solo.is_none() {
            if let Some(solo) = after.solo {
                let solo = solo as Seat;
                let [a, b] = others(after, solo);
                let won = format!(
                    "@{solo} {{win|wins}} the bidding at {} and {{play|plays}} alone against @{a} and @{b}, taking the widow",
                    after.high_bid
                );
                let widow = cards_of(after.widow);
                let shown =
                    Event::new("widow", Some(solo), format!("{won}: {}.", cards_text(&widow))).with_cards(widow);
                if after.cfg.show_widow {
                    out.all(shown);
                } else {
                    out.only(solo, shown);
                    out.all_but(solo, Event::new("widow", Some(solo), format!("{won} unseen.")));
                }
                let lead = after.to_act as Seat;
                out.all(Event::new(
                    "lead",
                    Some(lead),
                    format!("@{lead} opened the bidding and {{lead|leads}} first."),
                ));
            }
        }
        if self.step == Step::Playing && self.table.is_some() && after.table.is_none() && after.step == Step::Playing {
            let lead = after.to_act as Seat;
            out.all(Event::new(
                "lead",
                Some(lead),
                format!("Both others passed: @{lead} {{lead|leads}} anything."),
            ));
        }
    }

    fn narrate_start(&self, out: &mut Narration) {
        let o = self.opener as Seat;
        let text = if self.opening_heart.rank() == Some(Rank::Four) {
            format!(
                "@{o} {{hold|holds}} the {} and {{open|opens}} the bidding.",
                self.opening_heart
            )
        } else {
            format!(
                "The four of hearts is in the widow: @{o} {{hold|holds}} the lowest heart out, the {}, and {{open|opens}} the bidding.",
                self.opening_heart
            )
        };
        out.all(Event::new("open", Some(o), text).with_cards([self.opening_heart]));
    }

    fn narrate_end(&self, out: &mut Narration) {
        let (Some(winner), Some(solo)) = (self.winner, self.solo) else {
            return;
        };
        let (winner, solo) = (winner as Seat, solo as Seat);
        let bid = self.high_bid as i64;
        let [a, b] = others(self, solo);
        let left: Vec<String> = others(self, winner)
            .iter()
            .map(|&s| format!("@{s} {}", self.hands[s].len()))
            .collect();
        out.all(Event::new(
            "out",
            Some(winner),
            format!("@{winner} {{go|goes}} out first (cards left: {}).", left.join(", ")),
        ));
        let text = if winner == solo {
            format!(
                "@{solo}, alone for {bid}, {{win|wins}}: @{a} and @{b} each pay @{solo} {}, {} in all.",
                chips(bid),
                2 * bid
            )
        } else {
            format!(
                "@{solo}, alone for {bid}, {{lose|loses}} and {{pay|pays}} @{a} and @{b} {} each, {} in all.",
                chips(bid),
                2 * bid
            )
        };
        out.all(Event::new("score", Some(solo), text));
    }

    fn with_cards(&self, action: BigThreeAction, cards: &[Card]) -> Option<BigThreeAction> {
        let BigThreeAction::Play(combo) = action else {
            return None;
        };
        let mut set = CardSet::EMPTY;
        for &c in cards {
            if set.contains(c) {
                return None;
            }
            set.insert(c);
        }
        match BigThreeAction::with_cards(set)? {
            chosen @ BigThreeAction::PlayCards(c, _) if c == combo => Some(chosen),
            _ => None,
        }
    }

    fn describe(&self, action: BigThreeAction) -> Described {
        match action {
            BigThreeAction::Bid(b) if self.high_bidder.is_none() => Described::new(
                "bid",
                format!("Open with {b}: play alone for {} from each", chips(b as i64)),
            ),
            BigThreeAction::Bid(b) => {
                Described::new("bid", format!("Bid {b}: play alone for {} from each", chips(b as i64)))
            }
            BigThreeAction::Pass if self.step == Step::Bidding => Described::new(
                "pass",
                if self.cfg.pass_is_final {
                    "Pass and drop out of the bidding"
                } else {
                    "Pass"
                },
            ),
            BigThreeAction::Pass => Described::new(
                "pass",
                self.table
                    .map_or("Pass".to_string(), |(c, by)| format!("Pass on {}", whose(by, &c))),
            ),
            BigThreeAction::Play(c) | BigThreeAction::PlayCards(c, _) => {
                let cards = match action {
                    BigThreeAction::PlayCards(_, chosen) => cards_of(chosen),
                    _ => cards_of(take_cards(self.hands[self.to_act as usize], &c)),
                };
                let label = if is_bomb(self, &c) {
                    format!("Bomb with {}: {}", combo_words(&c), cards_text(&cards))
                } else if self.table.is_none() {
                    format!("Lead {}: {}", combo_words(&c), cards_text(&cards))
                } else {
                    format!("Play {}: {}", combo_words(&c), cards_text(&cards))
                };
                // Any suits of these ranks will do: the player may pick which to play.
                Described::new("play", label).with_cards(cards).any_suit()
            }
        }
    }
}
