//! The event feed: what each seat (and a spectator) observes of every action, as a structured
//! event plus a sentence.
//!
//! Games narrate an action as events, each with an [`Audience`]: a pass is told to the passer
//! with its cards and to everyone else as "three cards". The sentence names seats as `@N` and may
//! hold `{you-form|other-form}` choices, resolved by [`Event::render`] for the viewer: with
//! `@1 {pass|passes} TH 8H QC to @2`, seat 1 reads "You pass TH 8H QC to seat 2". So one sentence
//! serves every viewer and front ends can put names in place of "seat N".

use crate::{Seat, Viewer};
use cards::Card;
use serde::Serialize;

/// Who is told of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "seat")]
pub enum Audience {
    /// Every seat and spectators.
    Everyone,
    /// One seat only.
    Only(Seat),
    /// Every seat but one, and spectators.
    AllBut(Seat),
    /// Seated players only, no spectators (rare: something dealt face down to every seat alike
    /// is not this; it is for facts every player learns at the table but a spectator would not).
    Seats,
}

impl Audience {
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) => true,
            (Audience::Only(s), Viewer::Seat(v)) => s == v,
            (Audience::Only(_), Viewer::Spectator) => false,
            (Audience::AllBut(s), Viewer::Seat(v)) => s != v,
            (Audience::AllBut(_), Viewer::Spectator) => true,
            (Audience::Seats, Viewer::Seat(_)) => true,
            (Audience::Seats, Viewer::Spectator) => false,
        }
    }
}

/// One thing that happened, as its audience sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// What kind of thing: "play", "pass", "trick", "bid", "meld", "draw", "discard", "bet",
    /// "score", "deal-start", "deal-end", "match-end"... (one word, kebab-case).
    pub kind: &'static str,
    /// The seat the sentence is about (its subject), if any: `{a|b}` choices read `a` when it
    /// is the viewer.
    pub seat: Option<Seat>,
    /// The cards the event shows to its audience.
    pub cards: Vec<Card>,
    /// The sentence, with seats as `@N` and `{you-form|other-form}` choices.
    pub text: String,
    /// Part of the end-of-deal breakdown (set by the engine on what the game tells when a deal
    /// ends, and on the deal's score line), so a front end can show it together.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub breakdown: bool,
}

impl Event {
    pub fn new(kind: &'static str, seat: Option<Seat>, text: impl Into<String>) -> Event {
        Event {
            kind,
            seat,
            cards: Vec::new(),
            text: text.into(),
            breakdown: false,
        }
    }

    /// The same event showing `cards`.
    pub fn with_cards(mut self, cards: impl IntoIterator<Item = Card>) -> Event {
        self.cards = cards.into_iter().collect();
        self
    }

    /// The sentence for `viewer`, naming seats with `name` ("you" for the viewer's own seat).
    pub fn render(&self, viewer: Viewer, name: &dyn Fn(Seat) -> String) -> String {
        let mut line = render(&self.text, self.seat, viewer, name);
        capitalise_first(&mut line);
        line
    }
}

/// Resolves a text with `@N` seat references and `{you-form|other-form}` choices (chosen by
/// whether `subject` is the viewer) for `viewer`, as written (see [`capitalise_first`]): the
/// sentences of events, and the prompts, marks and notes of scenes. Choices are resolved first,
/// so a choice may hold a seat (`{your|@1's}`); a `{` that opens no choice is kept as written.
/// The page's renderer (`crates/server/web/common.js`) does the same; both are held to
/// `docs/render-cases.json`.
pub fn render(text: &str, subject: Option<Seat>, viewer: Viewer, name: &dyn Fn(Seat) -> String) -> String {
    let mine = subject.is_some_and(|s| viewer.is(s));
    let chosen = resolve_choices(text, mine);
    resolve_seats(&chosen, viewer, name)
}

/// `{you|other}`: the you-form holds no `{`, `}` or `|`, the other-form no `{` or `}`.
fn resolve_choices(text: &str, mine: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 1..];
        let choice = tail
            .find(['{', '}'])
            .filter(|&end| tail[end..].starts_with('}'))
            .and_then(|end| {
                let (you, other) = tail[..end].split_once('|')?;
                Some((you, other, end))
            });
        match choice {
            Some((you, other, end)) => {
                out.push_str(if mine { you } else { other });
                rest = &tail[end + 1..];
            }
            None => {
                out.push('{');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `@N` (and `@N's`): "you" (and "your") for the reader, the seat's name for others.
fn resolve_seats(text: &str, viewer: Viewer, name: &dyn Fn(Seat) -> String) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find('@') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<Seat>() {
            Ok(seat) => {
                let possessive = after[digits..].starts_with("'s");
                let word = match (viewer.is(seat), possessive) {
                    (true, true) => "your".to_string(),
                    (true, false) => "you".to_string(),
                    (false, true) => format!("{}'s", name(seat)),
                    (false, false) => name(seat),
                };
                out.push_str(&word);
                rest = &after[digits + if possessive { 2 } else { 0 }..];
            }
            Err(_) => {
                out.push('@');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Capitalises a sentence's first letter ("you take" at the start reads "You take").
pub fn capitalise_first(s: &mut String) {
    if let Some(c) = s.chars().next() {
        if c.is_lowercase() {
            let upper: String = c.to_uppercase().collect();
            s.replace_range(..c.len_utf8(), &upper);
        }
    }
}

/// The default name of a seat in sentences.
pub fn seat_name(seat: Seat) -> String {
    format!("seat {seat}")
}

/// An event and who may see it, as a game narrates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub audience: Audience,
    pub event: Event,
}

/// Where narrated events go: a list a game appends to.
#[derive(Debug, Default)]
pub struct Narration {
    pub said: Vec<Said>,
}

impl Narration {
    pub fn new() -> Narration {
        Narration::default()
    }

    /// Tells everyone.
    pub fn all(&mut self, event: Event) {
        self.to(Audience::Everyone, event);
    }

    /// Tells one seat.
    pub fn only(&mut self, seat: Seat, event: Event) {
        self.to(Audience::Only(seat), event);
    }

    /// Tells everyone but one seat.
    pub fn all_but(&mut self, seat: Seat, event: Event) {
        self.to(Audience::AllBut(seat), event);
    }

    pub fn to(&mut self, audience: Audience, event: Event) {
        self.said.push(Said { audience, event });
    }
}

/// A card list as text ("TH 8H QC").
pub fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_you_forms_names_and_possessives() {
        let e = Event::new("pass", Some(1), "@1 {pass|passes} three cards to @2; @1's turn is over");
        let name = |s: Seat| seat_name(s);
        assert_eq!(
            e.render(Viewer::Seat(1), &name),
            "You pass three cards to seat 2; your turn is over"
        );
        assert_eq!(
            e.render(Viewer::Seat(2), &name),
            "Seat 1 passes three cards to you; seat 1's turn is over"
        );
        assert_eq!(
            e.render(Viewer::Spectator, &|s| format!("P{s}")),
            "P1 passes three cards to P2; P1's turn is over"
        );
    }

    #[test]
    fn leaves_stray_markers_alone() {
        let e = Event::new("x", None, "a @ b {c} d @x {");
        assert_eq!(e.render(Viewer::Spectator, &seat_name), "A @ b {c} d @x {");
    }

    #[test]
    fn audiences() {
        assert!(Audience::AllBut(1).includes(Viewer::Spectator));
        assert!(!Audience::AllBut(1).includes(Viewer::Seat(1)));
        assert!(!Audience::Only(1).includes(Viewer::Spectator));
        assert!(!Audience::Seats.includes(Viewer::Spectator));
    }
}
