//! Arbitrary action sequences in every game, checked step by step by the test kit (cards
//! conserved, ledgers balanced, legal lists sorted and applicable, refusals changing nothing,
//! sampled worlds consistent, replay exact).
#![no_main]

use engine::Game;
use games::registry::{self, GameVisitor};
use libfuzzer_sys::fuzz_target;

struct Scripted<'a> {
    players: u8,
    seed: u64,
    script: &'a [u8],
}

impl GameVisitor for Scripted<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let info = G::info();
        let span = (info.max_players - info.min_players + 1) as u8;
        let players = info.min_players + usize::from(self.players % span);
        testkit::run_scripted::<G>(players, &[], self.seed, self.script).expect("valid setups start");
    }
}

fuzz_target!(|data: &[u8]| {
    let [pick, players, seed, script @ ..] = data else { return };
    let all = registry::all();
    let id = all[*pick as usize % all.len()].id;
    let scripted = Scripted {
        players: *players,
        seed: u64::from(*seed),
        script,
    };
    registry::visit(id, scripted).expect("registered id");
});
