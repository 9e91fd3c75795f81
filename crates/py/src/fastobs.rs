//! Fast observation encoders: the same vector as [`crate::obs::Layout::encode`] (which goes
//! through the table model, `Scene`, with its strings and allocations), written directly from a
//! game's state. `VecEnvCore.check_fast_observation` (run by the tests) compares them with the
//! generic encoder at thousands of random positions for every seat.

use crate::obs::{MARKS, STATUS};
use crate::vector::Offsets;
use cards::CardSet;
use engine::{Deal, Match, Seat};
use games::hearts::{Hearts, PassDir, Phase};

const SEAT_NUMBERS: usize = 9;

#[inline]
fn count(o: &Offsets, out: &mut [f32], set: CardSet) {
    for c in set.iter() {
        out[o.card(c)] += 1.0;
    }
}

/// Hearts: what the generic encoder reads from the Hearts scene (see `games::hearts` present):
/// the observer's hand; per seat its shown groups (the observer's own: cards chosen to pass,
/// then after the exchange the cards passed and received), cards in hand, tricks won (after the
/// passing), to act, dealer, the status "cards chosen" (no number, no status word), the mark
/// "dealer"; the current and last tricks with the leader; the facts Passing (its direction, no
/// number, suit or card) and, after the passing, Hearts ("broken"/"not broken": none either);
/// scores; turn; kinds.
pub fn hearts(o: &Offsets, m: &Match<Hearts>, seat: Seat, out: &mut [f32]) {
    out.fill(0.0);
    let p = o.p;
    let f = o.f;
    let rel = |s: Seat| (s + p - seat) % p;
    let d = m.deal();
    let v = d.view(seat);
    let to_act = m.to_act();
    let dealer = m.dealer();
    // hand
    count(o, &mut out[o.hand..o.hand + f], v.hand);
    let exchanged = v.phase != Phase::Passing && v.pass_direction != PassDir::None.name();
    for s in 0..p {
        let at = o.seats + rel(s) * o.seat_len;
        let x = at + f;
        if s == seat {
            count(o, &mut out[at..at + f], v.pass_chosen);
            if exchanged {
                count(o, &mut out[at..at + f], v.passed);
                count(o, &mut out[at..at + f], v.received);
            }
            out[x] = v.hand.len() as f32;
        } else {
            out[x] = v.hand_sizes[s] as f32;
        }
        if v.phase != Phase::Passing {
            out[x + 1] = (v.won[s].len() / 4) as f32;
        }
        out[x + 2] = f32::from(to_act == Some(s));
        out[x + 3] = f32::from(s == dealer);
        if v.phase == Phase::Passing && v.passes_chosen[s] == 3 {
            // status "cards chosen": present, no number, none of the status words
            out[x + 7] = 1.0;
        }
        if s == v.dealer {
            // the mark "dealer"
            out[x + SEAT_NUMBERS] = 1.0;
        }
    }
    const _: () = assert!(MARKS.len() == 11 && STATUS.len() == 8);
    // tricks
    if !v.trick.cards.is_empty() {
        for (i, &c) in v.trick.cards.iter().enumerate() {
            out[o.trick + rel((v.trick.leader + i) % p) * f + o.card(c)] = 1.0;
        }
        out[o.leader + rel(v.trick.leader)] = 1.0;
    }
    if v.tricks_played > 0 {
        for (i, &c) in v.last_trick.cards.iter().enumerate() {
            out[o.last_trick + rel((v.last_trick.leader + i) % p) * f + o.card(c)] = 1.0;
        }
    }
    // facts: Passing, then Hearts after the passing
    out[o.facts] = 1.0;
    if v.phase != Phase::Passing {
        out[o.facts + 3 + f] = 1.0;
    }
    // scores
    for (s, &t) in m.totals().iter().enumerate() {
        out[o.scores + rel(s)] = t as f32;
    }
    let deal_scores = v.scores.unwrap_or(v.points);
    for (s, &x) in deal_scores.iter().enumerate().take(p) {
        out[o.scores + p + rel(s)] = x as f32;
    }
    out[o.scores + 2 * p] = m.deals_completed() as f32;
    // turn
    match to_act {
        Some(s) => out[o.turn + rel(s)] = 1.0,
        None => out[o.turn + p] = f32::from(m.is_over()),
    }
    // kinds: pass, play, moon
    if to_act == Some(seat) {
        let k = match v.phase {
            Phase::Passing => 0,
            Phase::Playing => 1,
            _ => 2,
        };
        out[o.kinds + k] = 1.0;
    }
}
