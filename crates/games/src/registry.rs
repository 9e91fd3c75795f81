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

        /// Calls `visitor` with the game named `id` (as [`resolve`] reads it), or says which ids
        /// exist and which is closest.
        pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, String> {
            let id = resolve(id)?.id;
            $(
                if id == <$game as Game>::info().id {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            unreachable!("resolve returns registered ids only")
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

/// The game named `id`, read leniently (see [`resolve`]).
pub fn find(id: &str) -> Option<&'static GameInfo> {
    resolve(id).ok()
}

/// The game a user meant by `text`: its id or its name, in any case, with spaces, underscores
/// or hyphens between words (`Hearts`, `big_three`, `Auction Pinochle`). Otherwise an error that
/// lists the ids and suggests the closest one.
pub fn resolve(text: &str) -> Result<&'static GameInfo, String> {
    let wanted = normalise(text);
    let games = all();
    if let Some(g) = games
        .iter()
        .find(|g| normalise(g.id) == wanted || normalise(g.name) == wanted)
    {
        return Ok(g);
    }
    let ids: Vec<_> = games.iter().map(|g| g.id).collect();
    let shown = engine::cut_short(text.trim(), 40);
    // Distances are only worth computing for something the length of a name.
    let closest = games
        .iter()
        .filter(|_| wanted.len() <= 64)
        .map(|g| {
            let d = edit_distance(&wanted, &normalise(g.id)).min(edit_distance(&wanted, &normalise(g.name)));
            (d, g.id)
        })
        .min();
    let hint = match closest {
        // A suggestion only when it is plausibly a typo: at most a third of the letters differ,
        // or the text is the start of an id (`pinochle` is not, `auction` is).
        Some((d, id)) if d * 3 <= wanted.chars().count().max(3) => format!(" Did you mean '{id}'?"),
        _ => match games
            .iter()
            .find(|g| !wanted.is_empty() && normalise(g.id).contains(&wanted))
        {
            Some(g) => format!(" Did you mean '{}'?", g.id),
            None => String::new(),
        },
    };
    Err(format!("unknown game '{shown}'.{hint} Known games: {}", ids.join(", ")))
}

fn normalise(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            ' ' | '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
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
        assert!(visit("chess", Id).unwrap_err().contains("Known games: hearts"));
    }

    /// Every variant of every game has words for players: a label without key syntax, a
    /// one-sentence explanation, and one label per choice (none for other kinds).
    #[test]
    fn variant_words_for_players_are_complete() {
        let mut count = 0;
        for game in all() {
            for spec in game.variants {
                if let Err(why) = spec.check_player_words() {
                    panic!("{}: {why}", game.id);
                }
                count += 1;
            }
        }
        assert!(count >= 100, "only {count} variants seen");
    }

    /// Parses long runs of every notation character in every game (a run of `7`s once overflowed
    /// Big Three's rank counts): refused or accepted, never a panic, and what parses prints back.
    #[test]
    fn parsers_survive_long_repetitive_input() {
        struct Parse(String);
        impl GameVisitor for Parse {
            type Output = ();
            fn visit<G: Game>(self) {
                use engine::Deal;
                if let Ok(a) = self.0.parse::<<G::Deal as Deal>::Action>() {
                    assert_eq!(a.to_string().parse::<<G::Deal as Deal>::Action>(), Ok(a));
                }
            }
        }
        for info in all() {
            for unit in ["7", "T", "10", "JK", "A ", "7C ", "bid 9", "-", "on 1 "] {
                for n in [1, 2, 3, 4, 5, 13, 255, 256, 257, 1000] {
                    visit(info.id, Parse(unit.repeat(n))).unwrap();
                }
            }
        }
    }

    #[test]
    fn ids_are_read_leniently_and_typos_get_a_suggestion() {
        assert_eq!(visit("Hearts", Id).unwrap(), "hearts");
        assert_eq!(visit("big_three", Id).unwrap(), "big-three");
        assert_eq!(visit(" Auction Pinochle ", Id).unwrap(), "auction-pinochle");
        assert_eq!(visit("THREE-THIRTEEN", Id).unwrap(), "three-thirteen");
        let e = visit("heart", Id).unwrap_err();
        assert!(e.contains("unknown game 'heart'. Did you mean 'hearts'?"), "{e}");
        assert!(e.contains("panguingue"), "{e}");
        assert!(resolve("pangiungue").unwrap_err().contains("'panguingue'"));
        assert!(resolve("pinochle").unwrap_err().contains("'auction-pinochle'"));
        assert!(!resolve("chess").unwrap_err().contains("Did you mean"));
        let long = "x".repeat(100_000);
        assert!(resolve(&long).unwrap_err().len() < 400);
    }
}
