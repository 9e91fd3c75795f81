//! Every game cardroom knows, and a way for generic code (front ends, the test kit) to reach
//! one by id with its concrete type.

use engine::{Game, GameInfo};

/// Generic code that wants to work with one game's concrete type.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// The one list of games: `all` and `visit` are both generated from it, so they cannot drift.
macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// The info of every registered game, in the order `cardroom games` lists them.
        pub fn all() -> Vec<&'static GameInfo> {
            vec![$(<$game as Game>::info()),*]
        }

        /// Calls `visitor` with the game named `id`, or says which ids exist.
        pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, String> {
            $(
                if id == <$game as Game>::info().id {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            let ids: Vec<_> = all().iter().map(|g| g.id).collect();
            Err(format!("unknown game '{id}': known games are {}", ids.join(", ")))
        }
    };
}

registry!(
    crate::hearts::Hearts,
    crate::belote::Belote,
    crate::tribello::Tribello,
    crate::solo::Solo,
    crate::pinochle::AuctionPinochle,
    crate::khanhoo::Khanhoo,
    crate::jewel::Jewel,
    crate::three_thirteen::ThreeThirteen,
    crate::big_three::BigThree,
    crate::ziginette::Ziginette,
    crate::ace_deuce_jack::AceDeuceJack,
    crate::panguingue::Panguingue,
);

pub fn find(id: &str) -> Option<&'static GameInfo> {
    all().into_iter().find(|g| g.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl GameVisitor for Id {
        type Output = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::info().id
        }
    }

    #[test]
    fn ids_are_unique_and_each_visits_its_own_game() {
        let ids: Vec<_> = all().iter().map(|g| g.id).collect();
        for id in &ids {
            assert_eq!(visit(id, Id).unwrap(), *id);
            assert_eq!(ids.iter().filter(|x| x == &id).count(), 1);
        }
        assert!(visit("chess", Id).unwrap_err().contains("known games are hearts"));
    }
}
