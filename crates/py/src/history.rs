//! The information state with history: what a seat has seen during the current deal, in order,
//! as a fixed-shape float32 tensor beside the summary observation.
//!
//! The source is the table model's event feed (what each seat is told of every action, which
//! the test kit holds to never naming a card hidden from that seat), so the information state
//! is exactly as honest as the table a person plays at. Earlier deals matter to the future only
//! through the match totals, deal count and dealer, which the observation carries.
//!
//! Layout (O = the observation's length, L = [`history_slots`], W = [`HistoryLayout::width`]):
//!
//! | block | size | content |
//! | --- | --- | --- |
//! | observation | O | `Match.observation(seat)` as it is now |
//! | count | 2 | events seen this deal (all of them, even past L), 1 if more than L were seen |
//! | events | L x W | the seat's events this deal, oldest first (when more than L, the latest L), zero rows after |
//!
//! Each event row: its kind one-hot over [`KINDS`] plus one slot for any other kind; its subject
//! (the seat the sentence is about) one-hot by relative seat, plus one slot for none; the cards
//! it shows, counted per distinct card of the pack; 1 if it was told to this seat alone; the
//! first number in its sentence; the first suit named (0 none, 1-4 C D H S); and a 32-bit hash
//! of the sentence as the seat reads it, as two numbers in [0, 1) (so two events that differ only
//! in wording, a bid's size or a named seat never encode alike).

use engine::{Audience, Game, Match, Narration, Said, Seat, Viewer};

/// Every kind of event the games and the engine narrate, in a fixed order (a test checks that
/// random play of every game meets no other).
pub const KINDS: [&str; 58] = [
    "accept",
    "alone",
    "announce",
    "bank",
    "belote",
    "bet",
    "bid",
    "borrow",
    "broken",
    "bump",
    "bury",
    "call",
    "challenge",
    "chance",
    "concede",
    "contract",
    "cut",
    "deal",
    "deal-end",
    "deal-start",
    "declare",
    "declarer",
    "discard",
    "done",
    "draw",
    "end",
    "exchange",
    "force",
    "lay",
    "lead",
    "match-end",
    "meld",
    "moon",
    "open",
    "out",
    "pack",
    "partner",
    "pass",
    "pay",
    "play",
    "play-on",
    "quota",
    "receive",
    "reshuffle",
    "retire",
    "reveal",
    "score",
    "seating",
    "settle",
    "split",
    "stay",
    "stock",
    "take",
    "trick",
    "trump",
    "turn",
    "upcard",
    "widow",
];

/// How many events of one deal the tensor holds, per game and table size: above the most any
/// seat was told in 40 deals of uniformly random play at the smallest, usual and largest
/// table (random play makes the longest deals), with a quarter or more to spare; the test
/// `test_history_fits` holds it. A longer deal keeps its latest events and sets the flag.
pub fn history_slots(id: &str, players: usize) -> usize {
    match id {
        "hearts" => 128,
        "belote" => 96,
        "tribello" => 128,
        "solo" => 96,
        "auction-pinochle" => 128,
        "big-three" => 176,
        "khanhoo" => 32 + 96 * players,
        "three-thirteen" => 512,
        "jewel" => 16 + 16 * players,
        "panguingue" => 256 + 48 * players,
        "ziginette" => 128 + 64 * players,
        "ace-deuce-jack" => 16 + 4 * players,
        _ => 256,
    }
}

/// The shape of the event rows for one configured game.
pub struct HistoryLayout {
    pub players: usize,
    pub faces: usize,
    pub slots: usize,
}

impl HistoryLayout {
    pub fn new(id: &str, players: usize, faces: usize) -> HistoryLayout {
        HistoryLayout {
            players,
            faces,
            slots: history_slots(id, players),
        }
    }

    /// Floats per event row.
    pub fn width(&self) -> usize {
        (KINDS.len() + 1) + (self.players + 1) + self.faces + 5
    }

    /// Floats after the observation: the count block and the rows.
    pub fn len(&self) -> usize {
        2 + self.slots * self.width()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The blocks after the observation's, as (name, offset from the observation's end, length).
    pub fn blocks(&self) -> Vec<(String, usize, usize)> {
        vec![
            ("history_count".to_string(), 0, 2),
            ("history_events".to_string(), 2, self.slots * self.width()),
        ]
    }

    /// Writes the seat's events into `out` (exactly [`HistoryLayout::len`] floats, zeroed by the
    /// caller). `slot` gives a card's index among the pack's distinct cards.
    pub fn encode(&self, said: &[Said], seat: Seat, slot: &dyn Fn(cards::Card) -> Option<usize>, out: &mut [f32]) {
        let viewer = Viewer::Seat(seat);
        let p = self.players;
        let seen: Vec<&Said> = said.iter().filter(|s| s.audience.includes(viewer)).collect();
        out[0] = seen.len() as f32;
        out[1] = f32::from(seen.len() > self.slots);
        let skip = seen.len().saturating_sub(self.slots);
        let w = self.width();
        for (row, s) in seen[skip..].iter().enumerate() {
            let o = 2 + row * w;
            let e = &s.event;
            let kind = KINDS.iter().position(|k| *k == e.kind).unwrap_or(KINDS.len());
            out[o + kind] = 1.0;
            let o = o + KINDS.len() + 1;
            let subject = e.seat.filter(|&q| q < p).map_or(p, |q| (q + p - seat) % p);
            out[o + subject] = 1.0;
            let o = o + p + 1;
            for &c in &e.cards {
                if let Some(i) = slot(c) {
                    out[o + i] += 1.0;
                }
            }
            let o = o + self.faces;
            out[o] = f32::from(s.audience == Audience::Only(seat));
            let text = e.render(viewer, &engine::seat_name);
            out[o + 1] = crate::obs::first_number(&text);
            out[o + 2] = crate::obs::first_suit(&text);
            let h = fnv1a(text.as_bytes());
            out[o + 3] = (h >> 16) as f32 / 65536.0;
            out[o + 4] = (h & 0xffff) as f32 / 65536.0;
        }
    }

    /// The seat's events as it reads them, one line each (the information state string's part).
    pub fn lines(said: &[Said], seat: Seat) -> Vec<String> {
        let viewer = Viewer::Seat(seat);
        said.iter()
            .filter(|s| s.audience.includes(viewer))
            .map(|s| {
                let cards = engine::cards_text(&s.event.cards);
                format!(
                    "{} [{}] {}",
                    s.event.kind,
                    cards,
                    s.event.render(viewer, &engine::seat_name)
                )
            })
            .collect()
    }
}

/// A stable 32-bit hash (FNV-1a), the same in every process.
fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The events of the current deal, every audience's, kept in step with a match once someone
/// asks for an information state (until then, matches play without narrating).
#[derive(Clone, Debug, Default)]
pub struct Feed {
    pub said: Vec<Said>,
    /// In a sampled world: the seat it was sampled for. Only the events that seat was told
    /// before the sampling are kept (the others' private events would be the true world's), so
    /// another seat's history there holds what both were told, then its own events since.
    pub only_seat: Option<Seat>,
}

impl Feed {
    /// The feed of a match that has just started: what its opening tells.
    pub fn opening<G: Game>(m: &Match<G>) -> Feed {
        let mut feed = Feed::default();
        let mut n = Narration::new();
        m.narrate_opening(&mut n);
        feed.push(n);
        feed
    }

    /// The feed of `m` so far, by replaying it from its setup with narration.
    pub fn replay<G: Game>(m: &Match<G>) -> Feed {
        let Ok(mut r) = Match::<G>::new(m.setup().clone()) else {
            return Feed::default();
        };
        let mut feed = Feed::opening(&r);
        for &a in m.log() {
            if feed.apply(&mut r, a).is_err() {
                break;
            }
        }
        feed
    }

    /// Applies `a` to `m`, narrating it into this feed.
    pub fn apply<G: Game>(
        &mut self,
        m: &mut Match<G>,
        a: <G::Deal as engine::Deal>::Action,
    ) -> Result<(), engine::Illegal> {
        let mut n = Narration::new();
        m.apply_narrated(a, &mut n)?;
        self.push(n);
        Ok(())
    }

    /// Adds what one action narrated, keeping only the current deal (from its `deal-start`).
    /// Only the new events are searched: a deal's feed grows by one action at a time.
    pub fn push(&mut self, n: Narration) {
        let start = n.said.iter().rposition(|s| s.event.kind == "deal-start");
        if let Some(start) = start {
            self.said.clear();
            self.said.extend(n.said.into_iter().skip(start));
        } else {
            self.said.extend(n.said);
        }
    }

    /// The same feed for a world sampled for `seat`: only that seat's events.
    pub fn for_world(&self, seat: Seat) -> Feed {
        Feed {
            said: self
                .said
                .iter()
                .filter(|s| s.audience.includes(Viewer::Seat(seat)))
                .cloned()
                .collect(),
            only_seat: Some(seat),
        }
    }
}
