//! Every game cardroom knows, and a way for generic code (front ends, the test kit) to reach
//! one by id with its concrete type.

use engine::{Game, GameInfo};

/// Generic code that wants to work with one game's concrete type.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// The info of every registered game, in the order `cardroom games` lists them.
pub fn all() -> Vec<&'static GameInfo> {
    vec![
        crate::hearts::Hearts::info(),
        crate::belote::Belote::info(),
        crate::tribello::Tribello::info(),
    ]
}

pub fn find(id: &str) -> Option<&'static GameInfo> {
    all().into_iter().find(|g| g.id == id)
}

/// Calls `visitor` with the game named `id`, or says which ids exist.
pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, String> {
    match id {
        "hearts" => Ok(visitor.visit::<crate::hearts::Hearts>()),
        "belote" => Ok(visitor.visit::<crate::belote::Belote>()),
        "tribello" => Ok(visitor.visit::<crate::tribello::Tribello>()),
        _ => {
            let ids: Vec<_> = all().iter().map(|g| g.id).collect();
            Err(format!("unknown game '{id}': known games are {}", ids.join(", ")))
        }
    }
}
