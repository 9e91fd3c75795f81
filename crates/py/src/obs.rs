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
//! | seats | P x (F + 8) | per relative seat: face-up cards in front of it (melds, shown or declared groups, counts per card) [F], cards in hand [1], tricks won [1], to act [1], is dealer [1], has a bid or call shown [1], the first number in it [1], its suit [1: 0 none, 1-4 C D H S], has a status [1] |
//! | trick | P x F | the current trick: the card each relative seat played (one-hot) |
//! | leader | P | who led the current trick (one-hot, relative) |
//! | last trick | P x F | the previous trick, as above |
//! | piles | 4 x (F + 1) | the first four piles in the centre (stock, discard, widow...): face-up cards counted per card [F], and the pile's size [1] |
//! | facts | 4 x 3 | the first four facts in the centre (trump, contract, limits...): present [1], first number [1], suit [1: 0 none, 1-4] |
//! | scores | 2P + 1 | match totals per relative seat [P], this deal's scores per relative seat [P], deals completed [1] |
//! | turn | P + 1 | the seat to act (one-hot, relative), then 1 if the match is over |
//! | kinds | K | for the observer when it is to act: 1 for each kind of action among its legal ones |
//!
//! Numbers are raw (chips, points, counts), not scaled.

use cards::Card;
use engine::{Deal, Game, HandScene, Match, Seat, Viewer};

pub const PILES: usize = 4;
pub const FACTS: usize = 4;
const SEAT_EXTRA: usize = 8;

pub struct Layout {
    pub faces: Vec<Card>,
    slot: [u16; 64],
    pub players: usize,
    pub kinds: Vec<&'static str>,
}

impl Layout {
    pub fn new<G: Game>(game: &G) -> Layout {
        let faces = crate::codec::faces(game);
        let mut slot = [u16::MAX; 64];
        for (i, c) in faces.iter().enumerate() {
            slot[c.id() as usize] = i as u16;
        }
        Layout {
            faces,
            slot,
            players: game.players(),
            kinds: <G::Deal as Deal>::action_kinds().iter().map(|k| k.name).collect(),
        }
    }

    pub fn len(&self) -> usize {
        let (f, p) = (self.faces.len(), self.players);
        f + p * (f + SEAT_EXTRA)
            + p * f
            + p
            + p * f
            + PILES * (f + 1)
            + FACTS * 3
            + 2 * p
            + 1
            + p
            + 1
            + self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The blocks as (name, offset, length), for documentation and tests.
    pub fn blocks(&self) -> Vec<(String, usize, usize)> {
        let (f, p) = (self.faces.len(), self.players);
        let sizes = [
            ("hand", f),
            ("seats", p * (f + SEAT_EXTRA)),
            ("trick", p * f),
            ("leader", p),
            ("last_trick", p * f),
            ("piles", PILES * (f + 1)),
            ("facts", FACTS * 3),
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
        out.clear();
        out.resize(self.len(), 0.0);
        let (f, p) = (self.faces.len(), self.players);
        let rel = |s: Seat| (s + p - seat) % p;
        let deal = m.deal();
        let scene = deal.scene(Viewer::Seat(seat));
        let blocks = self.blocks();
        let at = |name: &str| blocks.iter().find(|b| b.0 == name).expect("block").1;
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
            out[x + 7] = f32::from(s.status.is_some());
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
        for (k, fact) in scene.centre.facts.iter().take(FACTS).enumerate() {
            out[o + 3 * k] = 1.0;
            out[o + 3 * k + 1] = first_number(&fact.value);
            out[o + 3 * k + 2] = first_suit(&fact.value);
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
        if m.to_act() == Some(seat) {
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

fn first_number(text: &str) -> f32 {
    text.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .find_map(|w| w.parse::<i64>().ok())
        .map_or(0.0, |n| n as f32)
}

/// 1 to 4 for the first suit named (by word, or by letter after a rank), else 0.
fn first_suit(text: &str) -> f32 {
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
