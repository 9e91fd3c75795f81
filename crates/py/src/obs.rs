//! Observations: a fixed-shape float32 vector per configured game, encoded from the table model
//! (the `Scene` a seat sees, which the test kit checks never depends on a card hidden from that
//! seat), the match totals and, for the seat to act only, which kinds of action it may take.
//!
//! Layout (F = distinct cards of the pack, in card-id order: joker first if the pack has one,
//! then clubs, diamonds, hearts, spades, ace to king; P = seats; K = the game's action kinds;
//! "relative seat" r is the seat r places to the observer's left, so r = 0 is the observer):
//!
//! | block | size | content |
//! | --- | --- | --- |
//! | hand | F | copies of each card in the observer's hand |
//! | seats | P x (F + 28) | per relative seat: face-up cards in front of it (melds, shown or declared groups, counts per card) [F], cards in hand, tricks won, to act, is dealer, has a bid or call shown, the first number in it, its suit (0 none, 1-4 C D H S), has a status, the first number in it [9]; its marks containing each word of [`MARKS`] [11]; its status containing each word of [`STATUS`] [8] |
//! | trick | P x F | the current trick: the card each relative seat played (one-hot) |
//! | leader | P | who led the current trick (one-hot, relative) |
//! | last trick | P x F | the previous trick, as above |
//! | piles | 4 x (F + 1) | the first four piles in the centre (stock, discard, widow...): face-up cards counted per card [F], and the pile's size [1] |
//! | facts | L x (F + 3) | the game's facts in the centre by label ([`fact_labels`]: trump, contract, limits...): present, first number, first suit (0 none, 1-4), first card named (one-hot) [F] |
//! | scores | 2P + 1 | match totals per relative seat [P], this deal's scores per relative seat [P], deals completed [1] |
//! | turn | P + 1 | the seat to act (one-hot, relative), then 1 if the match is over |
//! | kinds | K | for the observer when it is to act: 1 for each kind of action among its legal ones |
//!
//! Numbers are raw (chips, points, counts), not scaled.

use cards::Card;
use engine::{Deal, Game, HandScene, Match, Present, Seat, Viewer};

pub const PILES: usize = 4;

/// Words looked for in each seat's marks (its roles), in this order.
pub const MARKS: [&str; 11] = [
    "dealer",
    "taker",
    "declarer",
    "bidder",
    "banker",
    "opener",
    "partner",
    "alone",
    "against",
    "next to draw",
    "in turn",
];

/// Words looked for in each seat's status, in this order.
pub const STATUS: [&str; 8] = [
    "passed",
    "retired",
    "went out",
    "packed",
    "out of the bidding",
    "bumping",
    "exchanged",
    "discarding",
];

const SEAT_NUMBERS: usize = 9;
const SEAT_EXTRA: usize = SEAT_NUMBERS + MARKS.len() + STATUS.len();

/// The facts each game shows in the centre, by label: each gets a fixed slot.
pub fn fact_labels(id: &str) -> &'static [&'static str] {
    match id {
        "hearts" => &["Passing", "Hearts"],
        "belote" => &["Trump", "Card points"],
        "tribello" => &["Trump", "Cut card", "Object"],
        "solo" => &["Game", "Trump"],
        "auction-pinochle" => &[
            "Auction",
            "Opening bid",
            "High bid",
            "Contract",
            "Trump",
            "Meld",
            "Needed in card points",
            "Stakes",
        ],
        "khanhoo" => &["Bumping", "Best bump", "Discards"],
        "jewel" => &[
            "Seating, clockwise from the dealer",
            "Open card, out of play",
            "Jewels",
            "Marriage",
            "Super sequence",
            "Discard",
        ],
        "three-thirteen" => &["Round", "Wild cards", "Went out"],
        "big-three" => &["High bid", "Opened by", "Playing alone", "Turn order"],
        "ziginette" => &["Limits", "Open for bets", "Dead ranks", "Playettes"],
        "ace-deuce-jack" => &["Bank", "Bets", "Odds"],
        "panguingue" => &["Pot", "Top discard", "Forced"],
        _ => &[],
    }
}

pub struct Layout {
    pub faces: Vec<Card>,
    slot: [u16; 64],
    pub players: usize,
    pub kinds: Vec<&'static str>,
    pub facts: &'static [&'static str],
    blocks: Vec<(String, usize, usize)>,
}

impl Layout {
    pub fn new<G: Game>(game: &G) -> Layout {
        let faces = crate::codec::faces(game);
        let mut slot = [u16::MAX; 64];
        for (i, c) in faces.iter().enumerate() {
            slot[c.id() as usize] = i as u16;
        }
        let mut layout = Layout {
            faces,
            slot,
            players: game.players(),
            kinds: <G::Deal as Present>::ACTION_KINDS.iter().map(|k| k.name).collect(),
            facts: fact_labels(G::info().id),
            blocks: Vec::new(),
        };
        layout.blocks = layout.compute_blocks();
        layout
    }

    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.2).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The blocks as (name, offset, length), for documentation and tests.
    pub fn blocks(&self) -> Vec<(String, usize, usize)> {
        self.blocks.clone()
    }

    fn compute_blocks(&self) -> Vec<(String, usize, usize)> {
        let (f, p) = (self.faces.len(), self.players);
        let sizes = [
            ("hand", f),
            ("seats", p * (f + SEAT_EXTRA)),
            ("trick", p * f),
            ("leader", p),
            ("last_trick", p * f),
            ("piles", PILES * (f + 1)),
            ("facts", self.facts.len() * (3 + f)),
            ("scores", 2 * p + 1),
            ("turn", p + 1),
            ("kinds", self.kinds.len()),
        ];
        let mut at = 0;
        sizes
            .iter()
            .map(|&(n, l)| {
                let b = (n.to_string(), at, l);
                at += l;
                b
            })
            .collect()
    }

    /// A card's index among the pack's distinct cards.
    pub fn card_slot(&self, c: Card) -> Option<usize> {
        self.card(c)
    }

    fn card(&self, c: Card) -> Option<usize> {
        let s = self.slot[c.id() as usize & 63];
        (s != u16::MAX).then_some(s as usize)
    }

    fn count(&self, out: &mut [f32], cards: impl IntoIterator<Item = Card>) {
        for c in cards {
            if let Some(i) = self.card(c) {
                out[i] += 1.0;
            }
        }
    }

    /// Encodes what `seat` sees of `m`.
    pub fn encode<G: Game>(&self, m: &Match<G>, seat: Seat, out: &mut Vec<f32>) {
        self.encode_as(m, seat, Viewer::Seat(seat), out)
    }

    /// Encodes what `viewer` sees of `m`, from `seat`'s place (relative seats, the kinds block
    /// only when the viewer is that seat): with a spectator, the public part of `seat`'s
    /// observation.
    pub fn encode_as<G: Game>(&self, m: &Match<G>, seat: Seat, viewer: Viewer, out: &mut Vec<f32>) {
        out.clear();
        out.resize(self.len(), 0.0);
        let (f, p) = (self.faces.len(), self.players);
        let rel = |s: Seat| (s + p - seat) % p;
        let deal = m.deal();
        let scene = deal.scene(viewer);
        let at = |name: &str| self.blocks.iter().find(|b| b.0 == name).expect("block").1;
        let dealer = deal.dealer_seat().unwrap_or_else(|| m.dealer());
        // hand
        for s in &scene.seats {
            if s.seat == seat {
                if let HandScene::Shown { cards } = &s.hand {
                    self.count(&mut out[..f], cards.iter().copied());
                }
            }
        }
        // seats
        let base = at("seats");
        for s in &scene.seats {
            if s.seat >= p {
                continue;
            }
            let o = base + rel(s.seat) * (f + SEAT_EXTRA);
            for g in &s.groups {
                self.count(&mut out[o..o + f], g.cards.iter().copied());
            }
            let x = o + f;
            out[x] = s.hand.len() as f32;
            out[x + 1] = s.tricks.unwrap_or(0) as f32;
            out[x + 2] = f32::from(m.to_act() == Some(s.seat));
            out[x + 3] = f32::from(s.seat == dealer);
            if let Some(bid) = &s.bid {
                out[x + 4] = 1.0;
                out[x + 5] = first_number(bid);
                out[x + 6] = first_suit(bid);
            }
            if let Some(status) = &s.status {
                out[x + 7] = 1.0;
                out[x + 8] = first_number(status);
                let st = status.to_ascii_lowercase();
                for (i, w) in STATUS.iter().enumerate() {
                    out[x + SEAT_NUMBERS + MARKS.len() + i] = f32::from(st.contains(w));
                }
            }
            for mark in &s.marks {
                let mk = mark.to_ascii_lowercase();
                for (i, w) in MARKS.iter().enumerate() {
                    if mk.contains(w) {
                        out[x + SEAT_NUMBERS + i] = 1.0;
                    }
                }
            }
        }
        // tricks
        let trick = |out: &mut Vec<f32>, o: usize, t: &engine::TrickScene| {
            for &(s, c) in &t.plays {
                if s < p {
                    if let Some(i) = self.card(c) {
                        out[o + rel(s) * f + i] = 1.0;
                    }
                }
            }
        };
        if let Some(t) = &scene.centre.trick {
            trick(out, at("trick"), t);
            if let Some(&(s, _)) = t.plays.first() {
                if s < p {
                    out[at("leader") + rel(s)] = 1.0;
                }
            }
        }
        if let Some(t) = &scene.centre.last_trick {
            trick(out, at("last_trick"), t);
        }
        let o = at("piles");
        for (k, pile) in scene.centre.piles.iter().take(PILES).enumerate() {
            let q = o + k * (f + 1);
            self.count(&mut out[q..q + f], pile.cards.iter().copied());
            out[q + f] = pile.size.unwrap_or(pile.cards.len()) as f32;
        }
        let o = at("facts");
        for fact in &scene.centre.facts {
            if let Some(k) = self.facts.iter().position(|l| *l == fact.label) {
                let q = o + k * (3 + f);
                out[q] = 1.0;
                out[q + 1] = first_number(&fact.value);
                out[q + 2] = first_suit(&fact.value);
                if let Some(i) = first_card(&fact.value).and_then(|c| self.card(c)) {
                    out[q + 3 + i] = 1.0;
                }
            }
        }
        let o = at("scores");
        for (s, &t) in m.totals().iter().enumerate() {
            out[o + rel(s)] = t as f32;
        }
        if let Some(d) = &scene.deal_scores {
            for (s, &v) in d.values.iter().enumerate().take(p) {
                out[o + p + rel(s)] = v as f32;
            }
        }
        out[o + 2 * p] = m.deals_completed() as f32;
        let o = at("turn");
        match m.to_act() {
            Some(s) => out[o + rel(s)] = 1.0,
            None => out[o + p] = f32::from(m.is_over()),
        }
        if m.to_act() == Some(seat) && viewer.is(seat) {
            let o = at("kinds");
            let mut legal = Vec::new();
            m.legal_actions(&mut legal);
            for a in legal {
                let kind = deal.describe(a).kind;
                if let Some(i) = self.kinds.iter().position(|k| *k == kind) {
                    out[o + i] = 1.0;
                }
            }
        }
    }
}

/// The first card written in notation (upper case, as scenes write them: `QC`, `10H`, `JK`).
fn first_card(text: &str) -> Option<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).find_map(|w| {
        let upper = w.len() >= 2 && w.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        upper.then(|| w.parse::<Card>().ok()).flatten()
    })
}

/// The first number in the text, not counting seat references (`@2`).
pub(crate) fn first_number(text: &str) -> f32 {
    let mut prev = ' ';
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (start, c.is_ascii_digit()) {
            (None, true) if prev != '@' => start = Some(i),
            (Some(s), false) => {
                let neg = s > 0 && text.as_bytes()[s - 1] == b'-';
                let n: f32 = text[s..i].parse().unwrap_or(0.0);
                return if neg { -n } else { n };
            }
            _ => {}
        }
        if start.is_none() && !c.is_ascii_digit() {
            prev = c;
        }
    }
    0.0
}

/// 1 to 4 for the first suit named (by word, or by letter after a rank), else 0.
pub(crate) fn first_suit(text: &str) -> f32 {
    let t = text.to_ascii_lowercase();
    let words = ["club", "diamond", "heart", "spade"];
    let mut best: Option<(usize, usize)> = None;
    for (i, w) in words.iter().enumerate() {
        if let Some(at) = t.find(w) {
            if best.is_none_or(|(b, _)| at < b) {
                best = Some((at, i));
            }
        }
    }
    best.map_or(0.0, |(_, i)| (i + 1) as f32)
}
