//! Bots across every game: the search bot and the difficulty levels decide only from what their
//! seat may see, and always choose legal actions.

use engine::Game;
use games::registry::{self, GameVisitor};

struct ViewsOnly(&'static str);

impl GameVisitor for ViewsOnly {
    type Output = ();
    fn visit<G: Game>(self) {
        let players = G::info().default_players;
        let cheap = match G::info().id {
            // Solver-backed rule bots are slower: fewer matches.
            "khanhoo" | "three-thirteen" => 1,
            _ => 3,
        };
        testkit::assert_bot_uses_only_views::<G>(players, &[], self.0, cheap, 5);
    }
}

#[test]
fn search_bots_use_only_views_in_every_game() {
    for info in registry::all() {
        registry::visit(info.id, ViewsOnly("ismcts:24")).unwrap();
    }
}

#[test]
fn rule_bots_use_only_views_in_every_game() {
    for info in registry::all() {
        registry::visit(info.id, ViewsOnly("medium")).unwrap();
    }
}

struct HardPlays;

impl GameVisitor for HardPlays {
    type Output = ();
    fn visit<G: Game>(self) {
        // One short match with the hard bot in one seat: every choice must be legal (the
        // conformance run panics otherwise).
        let players = G::info().default_players;
        let mut names = vec!["hard"];
        names.extend(std::iter::repeat_n("random", players - 1));
        let deals = if matches!(G::info().id, "khanhoo" | "three-thirteen") {
            1
        } else {
            2
        };
        testkit::run::<G>(
            &testkit::Conformance::new(players, 1)
                .bots(&names)
                .deal_limit(deals)
                .seed(9),
        );
    }
}

#[test]
fn hard_bots_play_every_game() {
    for info in registry::all() {
        registry::visit(info.id, HardPlays).unwrap();
    }
}
