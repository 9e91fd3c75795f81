//! Action descriptions: what a front end shows for each legal action, so a player can pick a
//! card or press a labelled button without knowing the notation.

use cards::Card;
use serde::Serialize;

/// One kind of action a game has ("play", "force", "bump"...), with a sentence saying what it
/// does: the `?` screen of a front end lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ActionKind {
    /// One word, kebab-case, unique within the game.
    pub name: &'static str,
    /// The broad group front ends lay out by: "play" (a card from the hand), "pass", "bid",
    /// "meld", "take", "discard", "bet", "bank", "declare", "choose".
    pub group: &'static str,
    pub help: &'static str,
}

/// A legal action, described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionInfo {
    /// The notation (`QS`, `bid 110`): what is sent to apply it.
    pub notation: String,
    /// The kind's name, one of the game's [`ActionKind`]s.
    pub kind: &'static str,
    /// The kind's group.
    pub group: &'static str,
    /// A human label: "Play the queen of spades", "Bid 110", "Take the 7C and meld it with 7D 7H".
    pub label: String,
    /// The cards from the actor's hand that the action uses (what a player selects to make it);
    /// empty for actions that use none.
    pub cards: Vec<Card>,
    /// Whether `cards` stand for any cards of the same ranks in the hand (Big Three, where suits
    /// never matter in play): a front end may let the player pick other suits and send the
    /// cards picked with the action, and the game plays those.
    pub any_suit: bool,
}

/// What a game says of one action: the engine adds the notation and the group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    pub kind: &'static str,
    pub label: String,
    pub cards: Vec<Card>,
    /// See [`ActionInfo::any_suit`].
    pub any_suit: bool,
}

impl Described {
    pub fn new(kind: &'static str, label: impl Into<String>) -> Described {
        Described {
            kind,
            label: label.into(),
            cards: Vec::new(),
            any_suit: false,
        }
    }

    /// Marks the cards as standing for any suits of their ranks (see [`ActionInfo::any_suit`]).
    pub fn any_suit(mut self) -> Described {
        self.any_suit = true;
        self
    }

    pub fn with_cards(mut self, cards: impl IntoIterator<Item = Card>) -> Described {
        self.cards = cards.into_iter().collect();
        self
    }
}
