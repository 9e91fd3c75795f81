//! Cards as the table draws them: faces ("Q♠"), suit colours, and sentences whose card
//! notation (`QS`) is drawn as faces.

use super::Look;
use cards::{Card, Suit};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// "Q♠", "10♥", "Jk".
pub fn card_face(c: Card) -> String {
    match (c.rank(), c.suit()) {
        (Some(r), Some(s)) => {
            let rank = match r.value() {
                1 => "A".to_string(),
                10 => "10".to_string(),
                11 => "J".to_string(),
                12 => "Q".to_string(),
                13 => "K".to_string(),
                v => v.to_string(),
            };
            format!("{rank}{}", suit_symbol(s))
        }
        _ => "Jk".to_string(),
    }
}

pub(super) fn suit_style(look: &Look, c: Card) -> Style {
    if !look.colour {
        return Style::new();
    }
    match c.suit() {
        Some(Suit::Hearts) => Style::new().fg(Color::Red),
        Some(Suit::Diamonds) if look.four_colour => Style::new().fg(Color::Blue),
        Some(Suit::Diamonds) => Style::new().fg(Color::Red),
        Some(Suit::Clubs) if look.four_colour => Style::new().fg(Color::Green),
        Some(_) => Style::new(),
        None => Style::new().fg(Color::Magenta),
    }
}

pub(super) fn card_span(look: &Look, c: Card) -> Span<'static> {
    Span::styled(card_face(c), suit_style(look, c).add_modifier(Modifier::BOLD))
}

pub(super) fn cards_spans(look: &Look, cards: &[Card]) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(card_span(look, c));
    }
    out
}

/// A sentence with the cards in it (written `QS`) drawn as faces.
pub(super) fn sentence(look: &Look, text: &str) -> Line<'static> {
    let mut spans = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, spans: &mut Vec<Span<'static>>| {
        if word.is_empty() {
            return;
        }
        match Card::from_code(word) {
            Some(c) => spans.push(card_span(look, c)),
            None => spans.push(Span::raw(word.clone())),
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut spans);
            spans.push(Span::raw(ch.to_string()));
        }
    }
    flush(&mut word, &mut spans);
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::{sentence, Look};

    /// Only a card's own text becomes a face: how a player might type a card stays a word.
    #[test]
    fn a_sentence_draws_only_card_codes_as_faces() {
        let line = sentence(&Look::default(), "led QS, then 10H, qs and TH; JK wins");
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "led Q♠, then 10H, qs and 10♥; Jk wins");
    }
}
