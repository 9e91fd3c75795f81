//! Bots that work for every game, and the factory that names all bots of a game.
//!
//! Game-specific rule-based bots live with their game (`games::<game>::bot`) and are reached
//! through [`engine::Game::bot`]; this crate adds the game-independent ones.

use cards::GameRng;
use engine::{Bot, Deal, Decision, Game};

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<D: Deal> Bot<D> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        decision.legal[rng.index(decision.legal.len())]
    }
}

/// Every bot name available for game `G`.
pub fn bot_names<G: Game>() -> Vec<&'static str> {
    let mut names = vec!["random"];
    names.extend_from_slice(G::bot_names());
    names
}

/// Makes the named bot for `game`, or explains which names exist.
pub fn make_bot<G: Game>(game: &G, name: &str) -> Result<Box<dyn Bot<G::Deal>>, String> {
    let name = name.trim().to_ascii_lowercase();
    if name == "random" {
        return Ok(Box::new(RandomBot));
    }
    game.bot(&name).ok_or_else(|| {
        format!(
            "unknown bot '{name}' for {}: choose from {}",
            G::info().id,
            bot_names::<G>().join(", ")
        )
    })
}
